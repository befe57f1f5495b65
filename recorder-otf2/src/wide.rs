//! Wide-character stdio: the characters are counted in bytes as the stream's encoding makes
//! them (the multibyte length in the current locale's LC_CTYPE, which glibc's wide streams
//! convert with), computed from the characters themselves: no stream position is needed, so
//! pipes and terminals count too. (The printf and scanf forms are in shim.c: they measure the
//! stream position.) `wint_t` results are declared `c_int` (same registers): WEOF is -1.

use crate::stdio::{stdin, stdout, traced};
use crate::wrap::wrap;
use libc::{c_int, c_uint, wchar_t, FILE};

extern "C" {
    fn wcrtomb(s: *mut libc::c_char, wc: wchar_t, ps: *mut libc::mbstate_t) -> usize;
    fn wcsrtombs(
        dst: *mut libc::c_char,
        src: *mut *const wchar_t,
        n: usize,
        ps: *mut libc::mbstate_t,
    ) -> usize;
}

/// glibc's WEOF.
const WEOF: c_uint = 0xffff_ffff;

/// The bytes one wide character (or WEOF: none) encodes to; 0 if it cannot be encoded.
fn wc_bytes(wc: c_uint) -> u64 {
    if wc == WEOF {
        return 0;
    }
    let mut buf = [0 as libc::c_char; 16];
    // SAFETY: a zeroed mbstate_t is the initial state; buf holds MB_LEN_MAX bytes.
    let mut st: libc::mbstate_t = unsafe { std::mem::zeroed() };
    let n = unsafe { wcrtomb(buf.as_mut_ptr(), wc as wchar_t, &mut st) };
    if n == usize::MAX {
        0
    } else {
        n as u64
    }
}

/// The bytes a wide string (up to its NUL) encodes to; 0 if it cannot be encoded.
fn ws_bytes(ws: *const wchar_t) -> u64 {
    if ws.is_null() {
        return 0;
    }
    let mut p = ws;
    // SAFETY: NULL destination: wcsrtombs only counts.
    let mut st: libc::mbstate_t = unsafe { std::mem::zeroed() };
    let n = unsafe { wcsrtombs(std::ptr::null_mut(), &mut p, 0, &mut st) };
    if n == usize::MAX {
        0
    } else {
        n as u64
    }
}

wrap! {
    Isoc fn fputwc(wc: c_uint, s: *mut FILE) -> c_int [traced(s)] |ts, ret, failed| [s as u64, wc_bytes(wc)];
    Isoc fn putwc(wc: c_uint, s: *mut FILE) -> c_int [traced(s)] |ts, ret, failed| [s as u64, wc_bytes(wc)];
    Isoc fn putwchar(wc: c_uint) -> c_int [traced(unsafe { stdout })] |ts, ret, failed| [unsafe { stdout } as u64, wc_bytes(wc)];
    Isoc fn fputwc_unlocked(wc: c_uint, s: *mut FILE) -> c_int [traced(s)] |ts, ret, failed| [s as u64, wc_bytes(wc)];
    Isoc fn putwc_unlocked(wc: c_uint, s: *mut FILE) -> c_int [traced(s)] |ts, ret, failed| [s as u64, wc_bytes(wc)];
    Isoc fn putwchar_unlocked(wc: c_uint) -> c_int [traced(unsafe { stdout })]
        |ts, ret, failed| [unsafe { stdout } as u64, wc_bytes(wc)];
    Isoc fn fgetwc(s: *mut FILE) -> c_int [traced(s)] |ts, ret, failed| [s as u64, wc_bytes(ret as c_uint)];
    Isoc fn getwc(s: *mut FILE) -> c_int [traced(s)] |ts, ret, failed| [s as u64, wc_bytes(ret as c_uint)];
    Isoc fn getwchar() -> c_int [traced(unsafe { stdin })] |ts, ret, failed| [unsafe { stdin } as u64, wc_bytes(ret as c_uint)];
    Isoc fn fgetwc_unlocked(s: *mut FILE) -> c_int [traced(s)] |ts, ret, failed| [s as u64, wc_bytes(ret as c_uint)];
    Isoc fn getwc_unlocked(s: *mut FILE) -> c_int [traced(s)] |ts, ret, failed| [s as u64, wc_bytes(ret as c_uint)];
    Isoc fn getwchar_unlocked() -> c_int [traced(unsafe { stdin })]
        |ts, ret, failed| [unsafe { stdin } as u64, wc_bytes(ret as c_uint)];
    Isoc fn fputws(ws: *const wchar_t, s: *mut FILE) -> c_int [traced(s)] |ts, ret, failed| [s as u64, ws_bytes(ws)];
    Isoc fn fputws_unlocked(ws: *const wchar_t, s: *mut FILE) -> c_int [traced(s)] |ts, ret, failed| [s as u64, ws_bytes(ws)];
    Isoc fn fgetws(b: *mut wchar_t, n: c_int, s: *mut FILE) -> *mut wchar_t [traced(s)]
        |ts, ret, failed| [s as u64, n as u64, ws_bytes(ret)];
    Isoc fn fgetws_unlocked(b: *mut wchar_t, n: c_int, s: *mut FILE) -> *mut wchar_t [traced(s)]
        |ts, ret, failed| [s as u64, n as u64, ws_bytes(ret)];
    Isoc fn __fgetws_chk(b: *mut wchar_t, bl: usize, n: c_int, s: *mut FILE) -> *mut wchar_t as fgetws [traced(s)]
        |ts, ret, failed| [s as u64, n as u64, ws_bytes(ret)];
    Isoc fn __fgetws_unlocked_chk(b: *mut wchar_t, bl: usize, n: c_int, s: *mut FILE) -> *mut wchar_t as fgetws_unlocked [traced(s)]
        |ts, ret, failed| [s as u64, n as u64, ws_bytes(ret)];
    Isoc fn ungetwc(wc: c_uint, s: *mut FILE) -> c_int [traced(s)] |ts, ret, failed| [s as u64, wc as u64, wc_bytes(wc)];
    Isoc fn fwide(s: *mut FILE, m: c_int) -> c_int [traced(s)] |ts, ret, failed| [s as u64, m as u64];
}
