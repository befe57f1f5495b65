//! The ISO C (stdio) layer: one line per wrapped function. The variadic ones (printf,
//! fprintf, vfprintf, fscanf, __isoc99_fscanf) are in shim.c and call `rotf2_stdio_begin` /
//! `rotf2_stdio_end` below.

use crate::files::{fd_traced, intern_link, intern_path, set_fd, state_for, NO_FILE, UNTRACKED};
use crate::runtime::{self, ThreadState};
use crate::wrap::{wrap, Real};
use io_events::functions::{Func, Layer};
use libc::{c_char, c_int, c_long, c_void, off_t, size_t, FILE};

extern "C" {
    fn fileno_unlocked(f: *mut FILE) -> c_int;
    static mut stdout: *mut FILE;
}

static REAL_FTELLO: Real = Real::new("ftello\0");

/// The fd under a stream, or -1 (memory streams, NULL).
#[inline(always)]
fn stream_fd(s: *mut FILE) -> c_int {
    if s.is_null() {
        -1
    } else {
        unsafe { fileno_unlocked(s) }
    }
}

/// Whether calls on a stream are recorded: its fd is traced.
#[inline(always)]
fn traced(s: *mut FILE) -> bool {
    fd_traced(stream_fd(s))
}

/// The real ftello (never the wrapper: it would record a call inside this one).
fn tell(s: *mut FILE) -> i64 {
    let p = REAL_FTELLO.get();
    if p.is_null() || s.is_null() {
        return -1;
    }
    let f: unsafe extern "C" fn(*mut FILE) -> off_t = unsafe { std::mem::transmute(p) };
    let e = runtime::errno();
    let r = unsafe { f(s) };
    runtime::set_errno(e);
    r
}

/// fopen mode string -> open(2) flags.
pub fn mode_flags(mode: *const c_char) -> u64 {
    if mode.is_null() {
        return 0;
    }
    let m = unsafe { std::ffi::CStr::from_ptr(mode) }.to_bytes();
    let plus = m.contains(&b'+');
    let mut f = match m.first() {
        Some(b'r') => {
            if plus {
                libc::O_RDWR
            } else {
                libc::O_RDONLY
            }
        }
        Some(b'w') => {
            (if plus { libc::O_RDWR } else { libc::O_WRONLY }) | libc::O_CREAT | libc::O_TRUNC
        }
        Some(b'a') => {
            (if plus { libc::O_RDWR } else { libc::O_WRONLY }) | libc::O_CREAT | libc::O_APPEND
        }
        _ => 0,
    };
    if m.contains(&b'x') {
        f |= libc::O_EXCL;
    }
    if m.contains(&b'e') {
        f |= libc::O_CLOEXEC;
    }
    f as u64
}

/// After fopen-like calls: intern the path and mark the stream's fd.
fn stream_opened(
    ts: &mut ThreadState,
    p: *const c_char,
    s: *mut FILE,
    failed: bool,
) -> Option<u64> {
    let id = if p.is_null() {
        Some(NO_FILE)
    } else {
        intern_path(ts, libc::AT_FDCWD, p)
    };
    if !failed {
        set_fd(stream_fd(s), state_for(id));
    }
    id
}

/// tmpfile: the anonymous file's name as the kernel shows it.
fn tmpfile_opened(ts: &mut ThreadState, s: *mut FILE, failed: bool) -> Option<u64> {
    if failed {
        return Some(NO_FILE);
    }
    let fd = stream_fd(s);
    // "/tmp/#123 (deleted)" does not exist: interning resolves the folder and keeps the name.
    let id = crate::files::intern_fd(ts, fd);
    set_fd(fd, state_for(id));
    id
}

/// Before fclose/freopen: the stream's fd is closed inside libc.
fn stream_closing(s: *mut FILE) -> c_int {
    stream_fd(s)
}

fn forget_fd(fd: c_int, failed: bool) {
    if !failed {
        set_fd(fd, UNTRACKED);
    }
}

#[inline]
fn cstrlen(s: *const c_char) -> u64 {
    if s.is_null() {
        0
    } else {
        unsafe { libc::strlen(s) as u64 }
    }
}

/// The byte position stored first in glibc's fpos_t.
#[inline]
fn fpos(p: *const c_void) -> u64 {
    if p.is_null() {
        0
    } else {
        unsafe { *(p as *const i64) as u64 }
    }
}

wrap! {
    Isoc fn fopen(p: *const c_char, m: *const c_char) -> *mut FILE [true]
        |ts, ret, failed| [stream_opened(ts, p, ret, failed)?, mode_flags(m), stream_fd(ret) as u64];
    Isoc fn fopen64(p: *const c_char, m: *const c_char) -> *mut FILE [true]
        |ts, ret, failed| [stream_opened(ts, p, ret, failed)?, mode_flags(m), stream_fd(ret) as u64];
    Isoc fn fdopen(fd: c_int, m: *const c_char) -> *mut FILE [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, mode_flags(m)];
    Isoc fn freopen(p: *const c_char, m: *const c_char, s: *mut FILE) -> *mut FILE [{ forget_fd(stream_closing(s), false); true }]
        |ts, ret, failed| [stream_opened(ts, p, ret, failed)?, mode_flags(m), s as u64, stream_fd(ret) as u64];
    Isoc fn freopen64(p: *const c_char, m: *const c_char, s: *mut FILE) -> *mut FILE [{ forget_fd(stream_closing(s), false); true }]
        |ts, ret, failed| [stream_opened(ts, p, ret, failed)?, mode_flags(m), s as u64, stream_fd(ret) as u64];
    Isoc fn tmpfile() -> *mut FILE [true]
        |ts, ret, failed| [tmpfile_opened(ts, ret, failed)?, (libc::O_RDWR | libc::O_CREAT | libc::O_EXCL) as u64, stream_fd(ret) as u64];
    Isoc fn tmpfile64() -> *mut FILE [true]
        |ts, ret, failed| [tmpfile_opened(ts, ret, failed)?, (libc::O_RDWR | libc::O_CREAT | libc::O_EXCL) as u64, stream_fd(ret) as u64];
    Isoc fn fclose(s: *mut FILE) -> c_int [traced(s) && { forget_fd(stream_fd(s), false); true }]
        |ts, ret, failed| [s as u64];
    Isoc fn fread(b: *mut c_void, sz: size_t, n: size_t, s: *mut FILE) -> size_t [traced(s)]
        |ts, ret, failed| [s as u64, sz as u64, n as u64, (sz * n) as u64, (ret * sz) as u64];
    Isoc fn fwrite(b: *const c_void, sz: size_t, n: size_t, s: *mut FILE) -> size_t [traced(s)]
        |ts, ret, failed| [s as u64, sz as u64, n as u64, (sz * n) as u64, (ret * sz) as u64];
    Isoc fn fgets(b: *mut c_char, n: c_int, s: *mut FILE) -> *mut c_char [traced(s)]
        |ts, ret, failed| [s as u64, n as u64, cstrlen(ret)];
    Isoc fn fputs(b: *const c_char, s: *mut FILE) -> c_int [traced(s)]
        |ts, ret, failed| [s as u64, cstrlen(b)];
    Isoc fn fgetc(s: *mut FILE) -> c_int [traced(s)]
        |ts, ret, failed| [s as u64, 1, (ret != libc::EOF) as u64];
    Isoc fn getc(s: *mut FILE) -> c_int [traced(s)]
        |ts, ret, failed| [s as u64, 1, (ret != libc::EOF) as u64];
    Isoc fn fputc(c: c_int, s: *mut FILE) -> c_int [traced(s)] |ts, ret, failed| [s as u64, 1];
    Isoc fn putc(c: c_int, s: *mut FILE) -> c_int [traced(s)] |ts, ret, failed| [s as u64, 1];
    Isoc fn ungetc(c: c_int, s: *mut FILE) -> c_int [traced(s)] |ts, ret, failed| [s as u64, c as u64];
    Isoc fn puts(b: *const c_char) -> c_int [traced(unsafe { stdout })]
        |ts, ret, failed| [unsafe { stdout } as u64, cstrlen(b) + 1];
    Isoc fn fseek(s: *mut FILE, o: c_long, w: c_int) -> c_int [traced(s)]
        |ts, ret, failed| [s as u64, o as u64, w as u64, tell(s) as u64];
    Isoc fn fseeko(s: *mut FILE, o: off_t, w: c_int) -> c_int [traced(s)]
        |ts, ret, failed| [s as u64, o as u64, w as u64, tell(s) as u64];
    Isoc fn fseeko64(s: *mut FILE, o: off_t, w: c_int) -> c_int [traced(s)]
        |ts, ret, failed| [s as u64, o as u64, w as u64, tell(s) as u64];
    Isoc fn ftell(s: *mut FILE) -> c_long [traced(s)] |ts, ret, failed| [s as u64];
    Isoc fn ftello(s: *mut FILE) -> off_t [traced(s)] |ts, ret, failed| [s as u64];
    Isoc fn ftello64(s: *mut FILE) -> off_t [traced(s)] |ts, ret, failed| [s as u64];
    Isoc fn fgetpos(s: *mut FILE, p: *mut c_void) -> c_int [traced(s)] |ts, ret, failed| [s as u64, fpos(p)];
    Isoc fn fgetpos64(s: *mut FILE, p: *mut c_void) -> c_int [traced(s)] |ts, ret, failed| [s as u64, fpos(p)];
    Isoc fn fsetpos(s: *mut FILE, p: *const c_void) -> c_int [traced(s)] |ts, ret, failed| [s as u64, fpos(p)];
    Isoc fn fsetpos64(s: *mut FILE, p: *const c_void) -> c_int [traced(s)] |ts, ret, failed| [s as u64, fpos(p)];
    Isoc fn fread_unlocked(b: *mut c_void, sz: size_t, n: size_t, s: *mut FILE) -> size_t [traced(s)]
        |ts, ret, failed| [s as u64, sz as u64, n as u64, (sz * n) as u64, (ret * sz) as u64];
    Isoc fn fwrite_unlocked(b: *const c_void, sz: size_t, n: size_t, s: *mut FILE) -> size_t [traced(s)]
        |ts, ret, failed| [s as u64, sz as u64, n as u64, (sz * n) as u64, (ret * sz) as u64];
    Isoc fn fgets_unlocked(b: *mut c_char, n: c_int, s: *mut FILE) -> *mut c_char [traced(s)]
        |ts, ret, failed| [s as u64, n as u64, cstrlen(ret)];
    Isoc fn fputs_unlocked(b: *const c_char, s: *mut FILE) -> c_int [traced(s)]
        |ts, ret, failed| [s as u64, cstrlen(b)];
    Isoc fn fgetc_unlocked(s: *mut FILE) -> c_int [traced(s)]
        |ts, ret, failed| [s as u64, 1, (ret != libc::EOF) as u64];
    Isoc fn getc_unlocked(s: *mut FILE) -> c_int [traced(s)]
        |ts, ret, failed| [s as u64, 1, (ret != libc::EOF) as u64];
    Isoc fn fputc_unlocked(c: c_int, s: *mut FILE) -> c_int [traced(s)] |ts, ret, failed| [s as u64, 1];
    Isoc fn putc_unlocked(c: c_int, s: *mut FILE) -> c_int [traced(s)] |ts, ret, failed| [s as u64, 1];
    Isoc fn fflush_unlocked(s: *mut FILE) -> c_int [traced(s)] |ts, ret, failed| [s as u64];
    Isoc fn fflush(s: *mut FILE) -> c_int [s.is_null() || traced(s)] |ts, ret, failed| [s as u64];
    Isoc fn fileno(s: *mut FILE) -> c_int [traced(s)] |ts, ret, failed| [s as u64];
    Isoc fn setvbuf(s: *mut FILE, b: *mut c_char, m: c_int, n: size_t) -> c_int [traced(s)]
        |ts, ret, failed| [s as u64, m as u64, n as u64];
    Isoc fn remove(p: *const c_char) -> c_int [true] |ts, ret, failed| [intern_link(ts, libc::AT_FDCWD, p)?];
}

static REAL_REWIND: Real = Real::new("rewind\0");

/// rewind returns nothing; recorded with return value 0.
#[no_mangle]
pub unsafe extern "C" fn rewind(s: *mut FILE) {
    let p = REAL_REWIND.get();
    if p.is_null() {
        return;
    }
    let real: unsafe extern "C" fn(*mut FILE) = std::mem::transmute(p);
    if !runtime::layer_on(Layer::Isoc) || !traced(s) {
        return real(s);
    }
    let Some(ts) = runtime::begin(Layer::Isoc) else {
        return real(s);
    };
    let t0 = runtime::now_raw();
    real(s);
    let t1 = runtime::now_raw();
    let err = runtime::errno();
    runtime::end(ts, Func::rewind, t0, t1, 0, &[s as u64, 0]);
    runtime::set_errno(err);
}

/// For shim.c: start a traced stdio call on `s` (NULL = not to be recorded).
#[no_mangle]
pub extern "C" fn rotf2_stdio_begin(s: *mut FILE) -> *mut c_void {
    if !runtime::layer_on(Layer::Isoc) || !traced(s) {
        return std::ptr::null_mut();
    }
    runtime::begin(Layer::Isoc)
        .map(|t| t as *mut c_void)
        .unwrap_or(std::ptr::null_mut())
}

/// For shim.c: the monotonic clock in ns.
#[no_mangle]
pub extern "C" fn rotf2_now() -> u64 {
    runtime::now_raw()
}

/// For shim.c: the real ftello, to measure what fscanf consumed.
#[no_mangle]
pub extern "C" fn rotf2_tell(s: *mut FILE) -> i64 {
    tell(s)
}

/// For shim.c: finish a traced stdio call. `which`: 0 fprintf, 1 vfprintf, 2 printf,
/// 3 fscanf, 4 __isoc99_fscanf. `bytes` is what fscanf consumed (-1 unknown).
#[no_mangle]
pub extern "C" fn rotf2_stdio_end(
    ts: *mut c_void,
    which: c_int,
    s: *mut FILE,
    t0: u64,
    ret: c_long,
    bytes: i64,
    err: c_int,
) {
    let t1 = runtime::now_raw();
    let ts = ts as *mut ThreadState;
    let (func, failed) = match which {
        0 => (Func::fprintf, ret < 0),
        1 => (Func::vfprintf, ret < 0),
        2 => (Func::printf, ret < 0),
        3 => (Func::fscanf, false),
        _ => (Func::__isoc99_fscanf, false),
    };
    let e = if failed { err } else { 0 };
    if which >= 3 {
        runtime::end(
            ts,
            func,
            t0,
            t1,
            e,
            &[s as u64, bytes.max(0) as u64, ret as i64 as u64],
        );
    } else {
        runtime::end(ts, func, t0, t1, e, &[s as u64, ret as i64 as u64]);
    }
}
