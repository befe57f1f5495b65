//! The ISO C (stdio) layer: one line per wrapped function. The printf and scanf families
//! (variadic, or taking a va_list) are in shim.c and call `rotf2_stdio_begin` /
//! `rotf2_stdio_end` below; wide characters are in wide.rs.

use crate::fd_table::{set_fd, state_for, UNTRACKED};
use crate::files::{fd_traced, intern_link, intern_path, NO_FILE};
use crate::runtime::{self, ThreadState};
use crate::wrap::wrap;
use io_events::functions::{Func, Layer};
use libc::{c_char, c_int, c_long, c_void, off_t, size_t, ssize_t, FILE};

extern "C" {
    fn fileno_unlocked(f: *mut FILE) -> c_int;
    pub(crate) static mut stdout: *mut FILE;
    pub(crate) static mut stdin: *mut FILE;
}

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
pub(crate) fn traced(s: *mut FILE) -> bool {
    fd_traced(stream_fd(s))
}

/// The real ftello (never the wrapper: it would record a call inside this one).
pub(crate) fn tell(s: *mut FILE) -> i64 {
    let real = crate::wrap::resolved!(Real::new("ftello\0") as fn(*mut FILE) -> off_t);
    let Some(f) = real.filter(|_| !s.is_null()) else {
        return -1;
    };
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

pub(crate) fn forget_fd(fd: c_int, failed: bool) {
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

    Isoc fn getline(l: *mut *mut c_char, n: *mut size_t, s: *mut FILE) -> ssize_t [traced(s)]
        |ts, ret, failed| [s as u64, ret.max(0) as u64];
    Isoc fn getdelim(l: *mut *mut c_char, n: *mut size_t, d: c_int, s: *mut FILE) -> ssize_t [traced(s)]
        |ts, ret, failed| [s as u64, d as u64, ret.max(0) as u64];
    Isoc fn __getdelim(l: *mut *mut c_char, n: *mut size_t, d: c_int, s: *mut FILE) -> ssize_t as getdelim [traced(s)]
        |ts, ret, failed| [s as u64, d as u64, ret.max(0) as u64];
    Isoc fn putchar(c: c_int) -> c_int [traced(unsafe { stdout })] |ts, ret, failed| [unsafe { stdout } as u64, 1];
    Isoc fn putchar_unlocked(c: c_int) -> c_int [traced(unsafe { stdout })] |ts, ret, failed| [unsafe { stdout } as u64, 1];
    Isoc fn getchar() -> c_int [traced(unsafe { stdin })]
        |ts, ret, failed| [unsafe { stdin } as u64, 1, (ret != libc::EOF) as u64];
    Isoc fn getchar_unlocked() -> c_int [traced(unsafe { stdin })]
        |ts, ret, failed| [unsafe { stdin } as u64, 1, (ret != libc::EOF) as u64];
    Isoc fn popen(c: *const c_char, m: *const c_char) -> *mut FILE [true]
        |ts, ret, failed| [crate::files::new_fd(ts, stream_fd(ret), failed)?, popen_flags(m), stream_fd(ret) as u64];
    Isoc fn pclose(s: *mut FILE) -> c_int [traced(s) && { forget_fd(stream_fd(s), false); true }]
        |ts, ret, failed| [s as u64];

    // _FORTIFY_SOURCE entry points, recorded under the plain names.
    Isoc fn __fgets_chk(b: *mut c_char, bl: size_t, n: c_int, s: *mut FILE) -> *mut c_char as fgets [traced(s)]
        |ts, ret, failed| [s as u64, n as u64, cstrlen(ret)];
    Isoc fn __fgets_unlocked_chk(b: *mut c_char, bl: size_t, n: c_int, s: *mut FILE) -> *mut c_char as fgets_unlocked [traced(s)]
        |ts, ret, failed| [s as u64, n as u64, cstrlen(ret)];
    Isoc fn __fread_chk(b: *mut c_void, bl: size_t, sz: size_t, n: size_t, s: *mut FILE) -> size_t as fread [traced(s)]
        |ts, ret, failed| [s as u64, sz as u64, n as u64, (sz * n) as u64, (ret * sz) as u64];
    Isoc fn __fread_unlocked_chk(b: *mut c_void, bl: size_t, sz: size_t, n: size_t, s: *mut FILE) -> size_t as fread_unlocked [traced(s)]
        |ts, ret, failed| [s as u64, sz as u64, n as u64, (sz * n) as u64, (ret * sz) as u64];
}

/// popen's mode: the pipe end the stream has (`r` read, `w` write, `e` close-on-exec).
fn popen_flags(mode: *const c_char) -> u64 {
    if mode.is_null() {
        return 0;
    }
    let m = unsafe { std::ffi::CStr::from_ptr(mode) }.to_bytes();
    let mut f = if m.first() == Some(&b'w') {
        libc::O_WRONLY
    } else {
        libc::O_RDONLY
    };
    if m.contains(&b'e') {
        f |= libc::O_CLOEXEC;
    }
    f as u64
}

/// fcloseall closes every stream inside libc (recorded always: it names no stream). Their fds
/// stop being traced whether or not the layer is on, as fclose's do.
#[no_mangle]
pub unsafe extern "C" fn fcloseall() -> c_int {
    let Some(real) = crate::wrap::resolved!(Real::new("fcloseall\0") as fn() -> c_int) else {
        runtime::set_errno(libc::ENOSYS);
        return libc::EOF;
    };
    let fields = |_, (), ret: c_int, _| ([0u64; 0], if ret < 0 { runtime::errno() } else { 0 });
    let ret = crate::wrap::record_call(Layer::Isoc, Func::fcloseall, |_| (), || real(), fields);
    if ret == 0 {
        let err = runtime::errno();
        crate::files::forget_closed();
        runtime::set_errno(err);
    }
    ret
}

/// rewind returns nothing; recorded with return value 0.
#[no_mangle]
pub unsafe extern "C" fn rewind(s: *mut FILE) {
    let Some(real) = crate::wrap::resolved!(Real::new("rewind\0") as fn(*mut FILE)) else {
        return;
    };
    crate::wrap::record! {
        policy: crate::wrap::PLAIN, layer: Layer::Isoc, func: Func::rewind, gate: traced(s),
        call: real(s),
        before: |ts, t0| {}
        after: |ret, t1, failed| Some(([s as u64], 0))
    }
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

/// For shim.c: start a traced stdio call that writes to the descriptor `fd` (dprintf).
#[no_mangle]
pub extern "C" fn rotf2_stdio_begin_fd(fd: c_int) -> *mut c_void {
    if !runtime::layer_on(Layer::Isoc) || !crate::files::fd_traced(fd) {
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

/// For shim.c: the real ftello, to measure what a scanf or a wide printf moved.
#[no_mangle]
pub extern "C" fn rotf2_tell(s: *mut FILE) -> i64 {
    tell(s)
}

/// The functions shim.c records, by the `which` number it passes (its enum W_*, same order).
const SHIM_FUNCS: [Func; 26] = [
    Func::fprintf,
    Func::vfprintf,
    Func::printf,
    Func::fscanf,
    Func::__isoc99_fscanf,
    Func::vprintf,
    Func::dprintf,
    Func::vdprintf,
    Func::scanf,
    Func::vscanf,
    Func::vfscanf,
    Func::__isoc99_scanf,
    Func::__isoc99_vscanf,
    Func::__isoc99_vfscanf,
    Func::fwprintf,
    Func::vfwprintf,
    Func::wprintf,
    Func::vwprintf,
    Func::fwscanf,
    Func::vfwscanf,
    Func::wscanf,
    Func::vwscanf,
    Func::__isoc99_fwscanf,
    Func::__isoc99_vfwscanf,
    Func::__isoc99_wscanf,
    Func::__isoc99_vwscanf,
];

/// For shim.c: finish a traced call of `SHIM_FUNCS[which]` on `target` (the stream, or the fd
/// of dprintf). `bytes`: what a scanf consumed or a wide printf wrote (-1 unknown: 0 is
/// recorded). The fields follow the table line: `[target]`, `[target, bytes]` or
/// `[target, chars, bytes]` (chars: the return value).
#[no_mangle]
pub extern "C" fn rotf2_stdio_end(
    ts: *mut c_void,
    which: c_int,
    target: u64,
    t0: u64,
    ret: c_long,
    bytes: i64,
    err: c_int,
) {
    let t1 = runtime::now_raw();
    let ts = ts as *mut ThreadState;
    let Some(&func) = SHIM_FUNCS.get(which as usize) else {
        return runtime::cancel(ts);
    };
    let r = ret as u64;
    let e = if func.info().fail.failed(r) { err } else { 0 };
    let b = bytes.max(0) as u64;
    match func.info().args.len() {
        1 => runtime::end(ts, func, t0, t1, e, &[target, r]),
        2 => runtime::end(ts, func, t0, t1, e, &[target, b, r]),
        _ => runtime::end(ts, func, t0, t1, e, &[target, ret.max(0) as u64, b, r]),
    }
}
