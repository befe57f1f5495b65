//! The POSIX layer: one line per wrapped function (see wrap.rs for the line format and
//! io-events/src/functions.rs for each function's fields and event mapping).

use crate::fd_table::{self, fd_state, set_fd, state_for, UNTRACKED};
use crate::files::{self, fd_traced, intern_link, intern_path, NO_FILE};
use crate::runtime::{self, ThreadState};
use crate::wrap::wrap;
use io_events::functions::{Func, Layer};
use libc::{c_char, c_int, c_long, c_uint, c_void, iovec, mode_t, off_t, size_t, ssize_t};
use std::sync::atomic::{AtomicU64, Ordering::*};

const AT_FDCWD: c_int = libc::AT_FDCWD;

/// A path argument's file id; `None` (the record is dropped) when the path is excluded.
#[inline]
fn path(ts: &mut ThreadState, dirfd: c_int, p: *const c_char) -> Option<u64> {
    intern_path(ts, dirfd, p)
}

/// A path argument naming a symbolic link itself when it is one (lstat, readlink, unlink,
/// rename, link, symlink's new name, mkdir): its last component is not followed.
#[inline]
fn lpath(ts: &mut ThreadState, dirfd: c_int, p: *const c_char) -> Option<u64> {
    intern_link(ts, dirfd, p)
}

/// A path argument of an *at call whose flags may hold AT_SYMLINK_NOFOLLOW.
#[inline]
fn at_path(ts: &mut ThreadState, dirfd: c_int, p: *const c_char, fl: c_int) -> Option<u64> {
    if fl & libc::AT_SYMLINK_NOFOLLOW != 0 {
        intern_link(ts, dirfd, p)
    } else {
        intern_path(ts, dirfd, p)
    }
}

/// After an open-like call: intern the path and mark the new fd traced or excluded.
#[inline]
fn opened(
    ts: &mut ThreadState,
    dirfd: c_int,
    p: *const c_char,
    fd: c_int,
    failed: bool,
) -> Option<u64> {
    let id = intern_path(ts, dirfd, p);
    if !failed {
        set_fd(fd, state_for(id));
    }
    id
}

/// After close: the fd number is free again.
#[inline]
fn closed(fd: c_int, failed: bool) -> u64 {
    if !failed {
        set_fd(fd, UNTRACKED);
    }
    fd as u64
}

/// After dup*: the new fd shares the old one's state.
#[inline]
fn duped(old: c_int, new: c_int, failed: bool) -> u64 {
    if !failed {
        set_fd(new, fd_state(old));
    }
    old as u64
}

/// The open mode is only meaningful (and only passed) with O_CREAT or O_TMPFILE. O_TMPFILE
/// includes the O_DIRECTORY bit, so it is tested as a whole: a plain O_DIRECTORY open passes
/// no mode, and reading one would record whatever was in the register.
#[inline]
fn mode_of(flags: c_int, mode: c_uint) -> u64 {
    if flags & libc::O_CREAT != 0 || flags & libc::O_TMPFILE == libc::O_TMPFILE {
        mode as u64
    } else {
        0
    }
}

#[inline]
fn iov_bytes(iov: *const iovec, n: c_int) -> u64 {
    if iov.is_null() || n <= 0 {
        return 0;
    }
    // SAFETY: the program passed `n` iovecs to the real call.
    unsafe { std::slice::from_raw_parts(iov, n as usize) }
        .iter()
        .map(|v| v.iov_len as u64)
        .sum()
}

/// The offset an in/out offset pointer held before the call (the kernel advanced it by the
/// bytes copied); -1 when the pointer is NULL (the descriptor's own position was used).
#[inline]
fn off_before(p: *const off_t, ret: ssize_t, failed: bool) -> u64 {
    if p.is_null() {
        return u64::MAX;
    }
    // SAFETY: the real call accepted the pointer.
    let after = unsafe { *p };
    (if failed { after } else { after - ret as off_t }) as u64
}

/// An aiocb on a traced fd (read before the call: the program owns the structure).
#[inline]
fn aio_traced(cb: *const libc::aiocb) -> bool {
    // SAFETY: the program passes a valid aiocb to these calls.
    !cb.is_null() && fd_traced(unsafe { (*cb).aio_fildes })
}

/// Whether any aiocb of an aio_suspend list is traced.
fn aio_list_traced(l: *const *const libc::aiocb, n: c_int) -> bool {
    if l.is_null() || n <= 0 {
        return false;
    }
    // SAFETY: the program passes `n` entries (NULL ones are allowed).
    unsafe { std::slice::from_raw_parts(l, n as usize) }
        .iter()
        .any(|&cb| aio_traced(cb))
}

/// (fd, bytes, offset) of an aio request.
#[inline]
fn aio(cb: *const libc::aiocb) -> (u64, u64, u64) {
    // SAFETY: as in aio_traced; the request is read after the call and before the program
    // may reuse it (it must not touch an aiocb while it is in flight).
    let c = unsafe { &*cb };
    (
        c.aio_fildes as u64,
        c.aio_nbytes as u64,
        c.aio_offset as u64,
    )
}

/// Addresses of traced mappings, so munmap/msync of other memory is not recorded.
static MAPS: [AtomicU64; 64] = [const { AtomicU64::new(0) }; 64];

/// After mmap: remember a traced mapping; returns the length field.
fn mapped(addr: *mut c_void, failed: bool, len: size_t) -> u64 {
    if !failed {
        for m in &MAPS {
            if m.compare_exchange(0, addr as u64, Relaxed, Relaxed).is_ok() {
                break;
            }
        }
    }
    len as u64
}

#[inline]
fn is_mapped(addr: *mut c_void) -> bool {
    addr as u64 != 0 && MAPS.iter().any(|m| m.load(Relaxed) == addr as u64)
}

fn unmapped(addr: *mut c_void, failed: bool) -> u64 {
    if !failed {
        for m in &MAPS {
            let _ = m.compare_exchange(addr as u64, 0, Relaxed, Relaxed);
        }
    }
    addr as u64
}

/// chdir/fchdir: relative paths resolve elsewhere from now on. (chdir records the folder it
/// moved into, resolved as "." after the call: its relative argument no longer resolves.)
fn cwd_changed(failed: bool, field: u64) -> u64 {
    if !failed {
        files::CWD_GEN.fetch_add(1, Relaxed);
    }
    field
}

fn dir_fd(d: *mut libc::DIR) -> c_int {
    if d.is_null() {
        -1
    } else {
        unsafe { libc::dirfd(d) }
    }
}

wrap! {
    // ---- open and close --------------------------------------------------------------------
    Posix fn open(p: *const c_char, flags: c_int, mode: c_uint) -> c_int [true]
        |ts, ret, failed| [opened(ts, AT_FDCWD, p, ret, failed)?, flags as u64, mode_of(flags, mode)];
    Posix fn open64(p: *const c_char, flags: c_int, mode: c_uint) -> c_int [true]
        |ts, ret, failed| [opened(ts, AT_FDCWD, p, ret, failed)?, flags as u64, mode_of(flags, mode)];
    Posix fn __open_2(p: *const c_char, flags: c_int) -> c_int [true]
        |ts, ret, failed| [opened(ts, AT_FDCWD, p, ret, failed)?, flags as u64];
    Posix fn __open64_2(p: *const c_char, flags: c_int) -> c_int [true]
        |ts, ret, failed| [opened(ts, AT_FDCWD, p, ret, failed)?, flags as u64];
    Posix fn openat(d: c_int, p: *const c_char, flags: c_int, mode: c_uint) -> c_int [true]
        |ts, ret, failed| [d as u64, opened(ts, d, p, ret, failed)?, flags as u64, mode_of(flags, mode)];
    Posix fn openat64(d: c_int, p: *const c_char, flags: c_int, mode: c_uint) -> c_int [true]
        |ts, ret, failed| [d as u64, opened(ts, d, p, ret, failed)?, flags as u64, mode_of(flags, mode)];
    Posix fn creat(p: *const c_char, mode: mode_t) -> c_int [true]
        |ts, ret, failed| [opened(ts, AT_FDCWD, p, ret, failed)?, mode as u64];
    Posix fn creat64(p: *const c_char, mode: mode_t) -> c_int [true]
        |ts, ret, failed| [opened(ts, AT_FDCWD, p, ret, failed)?, mode as u64];
    Posix fn mkstemp(p: *mut c_char) -> c_int [true]
        |ts, ret, failed| [opened(ts, AT_FDCWD, p, ret, failed)?];
    Posix fn mkstemp64(p: *mut c_char) -> c_int [true]
        |ts, ret, failed| [opened(ts, AT_FDCWD, p, ret, failed)?];
    Posix fn mkostemp(p: *mut c_char, flags: c_int) -> c_int [true]
        |ts, ret, failed| [opened(ts, AT_FDCWD, p, ret, failed)?, flags as u64];
    Posix fn mkostemp64(p: *mut c_char, flags: c_int) -> c_int [true]
        |ts, ret, failed| [opened(ts, AT_FDCWD, p, ret, failed)?, flags as u64];
    Posix fn mkstemps(p: *mut c_char, sl: c_int) -> c_int [true]
        |ts, ret, failed| [opened(ts, AT_FDCWD, p, ret, failed)?, sl as u64];
    Posix fn mkstemps64(p: *mut c_char, sl: c_int) -> c_int [true]
        |ts, ret, failed| [opened(ts, AT_FDCWD, p, ret, failed)?, sl as u64];
    Posix fn mkostemps(p: *mut c_char, sl: c_int, flags: c_int) -> c_int [true]
        |ts, ret, failed| [opened(ts, AT_FDCWD, p, ret, failed)?, sl as u64, flags as u64];
    Posix fn mkostemps64(p: *mut c_char, sl: c_int, flags: c_int) -> c_int [true]
        |ts, ret, failed| [opened(ts, AT_FDCWD, p, ret, failed)?, sl as u64, flags as u64];
    Posix fn close(fd: c_int) -> c_int [fd_traced(fd)] refuse [fd_table::is_own(fd)]
        |ts, ret, failed| [closed(fd, failed)];

    // ---- data ------------------------------------------------------------------------------
    Posix fn read(fd: c_int, b: *mut c_void, n: size_t) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64];
    Posix fn write(fd: c_int, b: *const c_void, n: size_t) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64];
    Posix fn pread(fd: c_int, b: *mut c_void, n: size_t, o: off_t) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64, o as u64];
    Posix fn pwrite(fd: c_int, b: *const c_void, n: size_t, o: off_t) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64, o as u64];
    Posix fn pread64(fd: c_int, b: *mut c_void, n: size_t, o: off_t) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64, o as u64];
    Posix fn pwrite64(fd: c_int, b: *const c_void, n: size_t, o: off_t) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64, o as u64];
    Posix fn readv(fd: c_int, v: *const iovec, c: c_int) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, c as u64, iov_bytes(v, c)];
    Posix fn writev(fd: c_int, v: *const iovec, c: c_int) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, c as u64, iov_bytes(v, c)];
    Posix fn preadv(fd: c_int, v: *const iovec, c: c_int, o: off_t) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, c as u64, iov_bytes(v, c), o as u64];
    Posix fn pwritev(fd: c_int, v: *const iovec, c: c_int, o: off_t) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, c as u64, iov_bytes(v, c), o as u64];
    Posix fn preadv64(fd: c_int, v: *const iovec, c: c_int, o: off_t) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, c as u64, iov_bytes(v, c), o as u64];
    Posix fn pwritev64(fd: c_int, v: *const iovec, c: c_int, o: off_t) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, c as u64, iov_bytes(v, c), o as u64];
    Posix fn preadv2(fd: c_int, v: *const iovec, c: c_int, o: off_t, fl: c_int) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, c as u64, iov_bytes(v, c), o as u64, fl as u64];
    Posix fn pwritev2(fd: c_int, v: *const iovec, c: c_int, o: off_t, fl: c_int) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, c as u64, iov_bytes(v, c), o as u64, fl as u64];
    Posix fn preadv64v2(fd: c_int, v: *const iovec, c: c_int, o: off_t, fl: c_int) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, c as u64, iov_bytes(v, c), o as u64, fl as u64];
    Posix fn pwritev64v2(fd: c_int, v: *const iovec, c: c_int, o: off_t, fl: c_int) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, c as u64, iov_bytes(v, c), o as u64, fl as u64];

    Posix fn copy_file_range(fi: c_int, oi: *mut off_t, fo: c_int, oo: *mut off_t, n: size_t, fl: c_uint) -> ssize_t [fd_traced(fi) || fd_traced(fo)]
        |ts, ret, failed| [fi as u64, fo as u64, n as u64, off_before(oi, ret, failed), off_before(oo, ret, failed), fl as u64];
    Posix fn sendfile(fo: c_int, fi: c_int, oi: *mut off_t, n: size_t) -> ssize_t [fd_traced(fi) || fd_traced(fo)]
        |ts, ret, failed| [fo as u64, fi as u64, n as u64, off_before(oi, ret, failed)];
    Posix fn sendfile64(fo: c_int, fi: c_int, oi: *mut off_t, n: size_t) -> ssize_t [fd_traced(fi) || fd_traced(fo)]
        |ts, ret, failed| [fo as u64, fi as u64, n as u64, off_before(oi, ret, failed)];

    Posix fn aio_read(cb: *mut libc::aiocb) -> c_int [aio_traced(cb)] |ts, ret, failed| [aio(cb).0, cb as u64, aio(cb).1, aio(cb).2];
    Posix fn aio_write(cb: *mut libc::aiocb) -> c_int [aio_traced(cb)] |ts, ret, failed| [aio(cb).0, cb as u64, aio(cb).1, aio(cb).2];
    Posix fn aio_read64(cb: *mut libc::aiocb) -> c_int [aio_traced(cb)] |ts, ret, failed| [aio(cb).0, cb as u64, aio(cb).1, aio(cb).2];
    Posix fn aio_write64(cb: *mut libc::aiocb) -> c_int [aio_traced(cb)] |ts, ret, failed| [aio(cb).0, cb as u64, aio(cb).1, aio(cb).2];
    Posix fn aio_error(cb: *const libc::aiocb) -> c_int [aio_traced(cb)] |ts, ret, failed| [cb as u64];
    Posix fn aio_error64(cb: *const libc::aiocb) -> c_int [aio_traced(cb)] |ts, ret, failed| [cb as u64];
    Posix fn aio_return(cb: *mut libc::aiocb) -> ssize_t [aio_traced(cb)] |ts, ret, failed| [cb as u64];
    Posix fn aio_return64(cb: *mut libc::aiocb) -> ssize_t [aio_traced(cb)] |ts, ret, failed| [cb as u64];
    Posix fn aio_suspend(l: *const *const libc::aiocb, n: c_int, t: *const libc::timespec) -> c_int [aio_list_traced(l, n)] |ts, ret, failed| [n as u64];
    Posix fn aio_suspend64(l: *const *const libc::aiocb, n: c_int, t: *const libc::timespec) -> c_int [aio_list_traced(l, n)] |ts, ret, failed| [n as u64];
    Posix fn aio_cancel(fd: c_int, cb: *mut libc::aiocb) -> c_int [fd_traced(fd)] |ts, ret, failed| [fd as u64, cb as u64];
    Posix fn aio_cancel64(fd: c_int, cb: *mut libc::aiocb) -> c_int [fd_traced(fd)] |ts, ret, failed| [fd as u64, cb as u64];

    // ---- position, sync, size, locks, dup --------------------------------------------------
    Posix fn lseek(fd: c_int, o: off_t, w: c_int) -> off_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, o as u64, w as u64];
    Posix fn lseek64(fd: c_int, o: off_t, w: c_int) -> off_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, o as u64, w as u64];
    Posix fn fsync(fd: c_int) -> c_int [fd_traced(fd)] |ts, ret, failed| [fd as u64];
    Posix fn fdatasync(fd: c_int) -> c_int [fd_traced(fd)] |ts, ret, failed| [fd as u64];
    Posix fn syncfs(fd: c_int) -> c_int [fd_traced(fd)] |ts, ret, failed| [fd as u64];
    Posix fn ftruncate(fd: c_int, l: off_t) -> c_int [fd_traced(fd)] |ts, ret, failed| [fd as u64, l as u64];
    Posix fn ftruncate64(fd: c_int, l: off_t) -> c_int [fd_traced(fd)] |ts, ret, failed| [fd as u64, l as u64];
    Posix fn truncate(p: *const c_char, l: off_t) -> c_int [true] |ts, ret, failed| [path(ts, AT_FDCWD, p)?, l as u64];
    Posix fn truncate64(p: *const c_char, l: off_t) -> c_int [true] |ts, ret, failed| [path(ts, AT_FDCWD, p)?, l as u64];
    Posix fn posix_fallocate(fd: c_int, o: off_t, l: off_t) -> c_int [fd_traced(fd)] |ts, ret, failed| [fd as u64, o as u64, l as u64];
    Posix fn posix_fallocate64(fd: c_int, o: off_t, l: off_t) -> c_int [fd_traced(fd)] |ts, ret, failed| [fd as u64, o as u64, l as u64];
    Posix fn dup(fd: c_int) -> c_int [fd_traced(fd)] |ts, ret, failed| [duped(fd, ret, failed)];
    Posix fn dup2(fd: c_int, n: c_int) -> c_int [fd_traced(fd) || fd_traced(n)]
        |ts, ret, failed| [duped(fd, n, failed), n as u64];
    Posix fn dup3(fd: c_int, n: c_int, fl: c_int) -> c_int [fd_traced(fd) || fd_traced(n)]
        |ts, ret, failed| [duped(fd, n, failed), n as u64, fl as u64];
    Posix fn fcntl(fd: c_int, cmd: c_int, arg: usize) -> c_int [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, cmd as u64, fcntl_arg(fd, cmd, arg, ret, failed), lock_field(cmd, arg, 0), lock_field(cmd, arg, 1)];
    Posix fn fcntl64(fd: c_int, cmd: c_int, arg: usize) -> c_int [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, cmd as u64, fcntl_arg(fd, cmd, arg, ret, failed), lock_field(cmd, arg, 0), lock_field(cmd, arg, 1)];
    Posix fn flock(fd: c_int, op: c_int) -> c_int [fd_traced(fd)] |ts, ret, failed| [fd as u64, op as u64];
    Posix fn lockf(fd: c_int, cmd: c_int, l: off_t) -> c_int [fd_traced(fd)] |ts, ret, failed| [fd as u64, cmd as u64, l as u64];
    Posix fn lockf64(fd: c_int, cmd: c_int, l: off_t) -> c_int [fd_traced(fd)] |ts, ret, failed| [fd as u64, cmd as u64, l as u64];
    Posix fn mmap(a: *mut c_void, l: size_t, prot: c_int, fl: c_int, fd: c_int, o: off_t) -> *mut c_void [fd_traced(fd)]
        |ts, ret, failed| [mapped(ret, failed, l), prot as u64, fl as u64, fd as u64, o as u64];
    Posix fn mmap64(a: *mut c_void, l: size_t, prot: c_int, fl: c_int, fd: c_int, o: off_t) -> *mut c_void [fd_traced(fd)]
        |ts, ret, failed| [mapped(ret, failed, l), prot as u64, fl as u64, fd as u64, o as u64];
    Posix fn munmap(a: *mut c_void, l: size_t) -> c_int [is_mapped(a)] |ts, ret, failed| [unmapped(a, failed), l as u64];
    Posix fn msync(a: *mut c_void, l: size_t, fl: c_int) -> c_int [is_mapped(a)] |ts, ret, failed| [a as u64, l as u64, fl as u64];

    // ---- metadata --------------------------------------------------------------------------
    Posix fn stat(p: *const c_char, b: *mut c_void) -> c_int [true] |ts, ret, failed| [path(ts, AT_FDCWD, p)?];
    Posix fn stat64(p: *const c_char, b: *mut c_void) -> c_int [true] |ts, ret, failed| [path(ts, AT_FDCWD, p)?];
    Posix fn lstat(p: *const c_char, b: *mut c_void) -> c_int [true] |ts, ret, failed| [lpath(ts, AT_FDCWD, p)?];
    Posix fn lstat64(p: *const c_char, b: *mut c_void) -> c_int [true] |ts, ret, failed| [lpath(ts, AT_FDCWD, p)?];
    Posix fn fstat(fd: c_int, b: *mut c_void) -> c_int [fd_traced(fd)] |ts, ret, failed| [fd as u64];
    Posix fn fstat64(fd: c_int, b: *mut c_void) -> c_int [fd_traced(fd)] |ts, ret, failed| [fd as u64];
    Posix fn fstatat(d: c_int, p: *const c_char, b: *mut c_void, fl: c_int) -> c_int [true]
        |ts, ret, failed| [d as u64, empty_path_fd(ts, d, p, fl)?, fl as u64];
    Posix fn fstatat64(d: c_int, p: *const c_char, b: *mut c_void, fl: c_int) -> c_int [true]
        |ts, ret, failed| [d as u64, empty_path_fd(ts, d, p, fl)?, fl as u64];
    Posix fn statx(d: c_int, p: *const c_char, fl: c_int, mask: c_uint, b: *mut c_void) -> c_int [true]
        |ts, ret, failed| [d as u64, empty_path_fd(ts, d, p, fl)?, fl as u64, mask as u64];
    Posix fn __xstat(v: c_int, p: *const c_char, b: *mut c_void) -> c_int [true] |ts, ret, failed| [v as u64, path(ts, AT_FDCWD, p)?];
    Posix fn __xstat64(v: c_int, p: *const c_char, b: *mut c_void) -> c_int [true] |ts, ret, failed| [v as u64, path(ts, AT_FDCWD, p)?];
    Posix fn __lxstat(v: c_int, p: *const c_char, b: *mut c_void) -> c_int [true] |ts, ret, failed| [v as u64, lpath(ts, AT_FDCWD, p)?];
    Posix fn __lxstat64(v: c_int, p: *const c_char, b: *mut c_void) -> c_int [true] |ts, ret, failed| [v as u64, lpath(ts, AT_FDCWD, p)?];
    Posix fn __fxstat(v: c_int, fd: c_int, b: *mut c_void) -> c_int [fd_traced(fd)] |ts, ret, failed| [v as u64, fd as u64];
    Posix fn __fxstat64(v: c_int, fd: c_int, b: *mut c_void) -> c_int [fd_traced(fd)] |ts, ret, failed| [v as u64, fd as u64];
    Posix fn __fxstatat(v: c_int, d: c_int, p: *const c_char, b: *mut c_void, fl: c_int) -> c_int [true]
        |ts, ret, failed| [v as u64, d as u64, empty_path_fd(ts, d, p, fl)?, fl as u64];
    Posix fn __fxstatat64(v: c_int, d: c_int, p: *const c_char, b: *mut c_void, fl: c_int) -> c_int [true]
        |ts, ret, failed| [v as u64, d as u64, empty_path_fd(ts, d, p, fl)?, fl as u64];
    Posix fn access(p: *const c_char, m: c_int) -> c_int [true] |ts, ret, failed| [path(ts, AT_FDCWD, p)?, m as u64];
    Posix fn faccessat(d: c_int, p: *const c_char, m: c_int, fl: c_int) -> c_int [true]
        |ts, ret, failed| [d as u64, at_path(ts, d, p, fl)?, m as u64, fl as u64];
    Posix fn unlink(p: *const c_char) -> c_int [true] |ts, ret, failed| [lpath(ts, AT_FDCWD, p)?];
    Posix fn unlinkat(d: c_int, p: *const c_char, fl: c_int) -> c_int [true] |ts, ret, failed| [d as u64, lpath(ts, d, p)?, fl as u64];
    Posix fn rename(a: *const c_char, b: *const c_char) -> c_int [true]
        |ts, ret, failed| [lpath(ts, AT_FDCWD, a)?, lpath(ts, AT_FDCWD, b)?];
    Posix fn renameat(da: c_int, a: *const c_char, db: c_int, b: *const c_char) -> c_int [true]
        |ts, ret, failed| [da as u64, lpath(ts, da, a)?, db as u64, lpath(ts, db, b)?];
    Posix fn renameat2(da: c_int, a: *const c_char, db: c_int, b: *const c_char, fl: c_uint) -> c_int [true]
        |ts, ret, failed| [da as u64, lpath(ts, da, a)?, db as u64, lpath(ts, db, b)?, fl as u64];
    Posix fn mkdir(p: *const c_char, m: mode_t) -> c_int [true] |ts, ret, failed| [lpath(ts, AT_FDCWD, p)?, m as u64];
    Posix fn mkdirat(d: c_int, p: *const c_char, m: mode_t) -> c_int [true] |ts, ret, failed| [d as u64, lpath(ts, d, p)?, m as u64];
    Posix fn rmdir(p: *const c_char) -> c_int [true] |ts, ret, failed| [lpath(ts, AT_FDCWD, p)?];
    Posix fn chmod(p: *const c_char, m: mode_t) -> c_int [true] |ts, ret, failed| [path(ts, AT_FDCWD, p)?, m as u64];
    Posix fn fchmod(fd: c_int, m: mode_t) -> c_int [fd_traced(fd)] |ts, ret, failed| [fd as u64, m as u64];
    Posix fn chown(p: *const c_char, u: libc::uid_t, g: libc::gid_t) -> c_int [true]
        |ts, ret, failed| [path(ts, AT_FDCWD, p)?, u as u64, g as u64];
    Posix fn link(a: *const c_char, b: *const c_char) -> c_int [true]
        |ts, ret, failed| [lpath(ts, AT_FDCWD, a)?, lpath(ts, AT_FDCWD, b)?];
    Posix fn symlink(a: *const c_char, b: *const c_char) -> c_int [true]
        |ts, ret, failed| [symlink_target(ts, a, b), lpath(ts, AT_FDCWD, b)?];
    Posix fn readlink(p: *const c_char, b: *mut c_char, n: size_t) -> ssize_t [true]
        |ts, ret, failed| [lpath(ts, AT_FDCWD, p)?, n as u64];
    Posix fn opendir(p: *const c_char) -> *mut libc::DIR [true]
        |ts, ret, failed| [opened(ts, AT_FDCWD, p, dir_fd(ret), failed)?];
    Posix fn fdopendir(fd: c_int) -> *mut libc::DIR [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, fd_path(ts, fd)];
    Posix fn readdir(d: *mut libc::DIR) -> *mut libc::dirent [fd_traced(dir_fd(d))] |ts, ret, failed| [d as u64];
    Posix fn readdir64(d: *mut libc::DIR) -> *mut libc::dirent64 [fd_traced(dir_fd(d))] |ts, ret, failed| [d as u64];
    Posix fn closedir(d: *mut libc::DIR) -> c_int [fd_traced(dir_fd(d)) && { set_fd(dir_fd(d), UNTRACKED); true }]
        |ts, ret, failed| [d as u64];
    Posix fn chdir(p: *const c_char) -> c_int [{ files::CWD_GEN.fetch_add(1, Relaxed); true }]
        |ts, ret, failed| [cwd_changed(failed, if failed { path(ts, AT_FDCWD, p)? } else { path(ts, AT_FDCWD, c".".as_ptr())? })];
    Posix fn fchdir(fd: c_int) -> c_int [{ files::CWD_GEN.fetch_add(1, Relaxed); fd_traced(fd) }]
        |ts, ret, failed| [cwd_changed(failed, fd as u64)];
    Posix fn getcwd(b: *mut c_char, n: size_t) -> *mut c_char [true]
        |ts, ret, failed| [if failed { NO_FILE } else { path(ts, AT_FDCWD, ret)? }, n as u64];
    Posix fn umask(m: mode_t) -> mode_t [true] |ts, ret, failed| [m as u64];

    // ---- file systems, more metadata -------------------------------------------------------
    Posix fn statfs(p: *const c_char, b: *mut c_void) -> c_int [true] |ts, ret, failed| [path(ts, AT_FDCWD, p)?];
    Posix fn statfs64(p: *const c_char, b: *mut c_void) -> c_int [true] |ts, ret, failed| [path(ts, AT_FDCWD, p)?];
    Posix fn fstatfs(fd: c_int, b: *mut c_void) -> c_int [fd_traced(fd)] |ts, ret, failed| [fd as u64];
    Posix fn fstatfs64(fd: c_int, b: *mut c_void) -> c_int [fd_traced(fd)] |ts, ret, failed| [fd as u64];
    Posix fn statvfs(p: *const c_char, b: *mut c_void) -> c_int [true] |ts, ret, failed| [path(ts, AT_FDCWD, p)?];
    Posix fn statvfs64(p: *const c_char, b: *mut c_void) -> c_int [true] |ts, ret, failed| [path(ts, AT_FDCWD, p)?];
    Posix fn fstatvfs(fd: c_int, b: *mut c_void) -> c_int [fd_traced(fd)] |ts, ret, failed| [fd as u64];
    Posix fn fstatvfs64(fd: c_int, b: *mut c_void) -> c_int [fd_traced(fd)] |ts, ret, failed| [fd as u64];
    Posix fn fchown(fd: c_int, u: libc::uid_t, g: libc::gid_t) -> c_int [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, u as u64, g as u64];
    Posix fn lchown(p: *const c_char, u: libc::uid_t, g: libc::gid_t) -> c_int [true]
        |ts, ret, failed| [lpath(ts, AT_FDCWD, p)?, u as u64, g as u64];
    Posix fn fchownat(d: c_int, p: *const c_char, u: libc::uid_t, g: libc::gid_t, fl: c_int) -> c_int [true]
        |ts, ret, failed| [d as u64, empty_path_fd(ts, d, p, fl)?, u as u64, g as u64, fl as u64];
    Posix fn fchmodat(d: c_int, p: *const c_char, m: mode_t, fl: c_int) -> c_int [true]
        |ts, ret, failed| [d as u64, at_path(ts, d, p, fl)?, m as u64, fl as u64];
    Posix fn lchmod(p: *const c_char, m: mode_t) -> c_int [true] |ts, ret, failed| [lpath(ts, AT_FDCWD, p)?, m as u64];
    Posix fn linkat(da: c_int, a: *const c_char, db: c_int, b: *const c_char, fl: c_int) -> c_int [true]
        |ts, ret, failed| [da as u64, link_source(ts, da, a, fl)?, db as u64, lpath(ts, db, b)?, fl as u64];
    Posix fn symlinkat(a: *const c_char, db: c_int, b: *const c_char) -> c_int [true]
        |ts, ret, failed| [symlink_target(ts, a, b), db as u64, lpath(ts, db, b)?];
    Posix fn readlinkat(d: c_int, p: *const c_char, b: *mut c_char, n: size_t) -> ssize_t [true]
        |ts, ret, failed| [d as u64, lpath(ts, d, p)?, n as u64];
    Posix fn utime(p: *const c_char, t: *const c_void) -> c_int [true] |ts, ret, failed| [path(ts, AT_FDCWD, p)?];
    Posix fn utimes(p: *const c_char, t: *const c_void) -> c_int [true] |ts, ret, failed| [path(ts, AT_FDCWD, p)?];
    Posix fn lutimes(p: *const c_char, t: *const c_void) -> c_int [true] |ts, ret, failed| [lpath(ts, AT_FDCWD, p)?];
    Posix fn futimes(fd: c_int, t: *const c_void) -> c_int [fd_traced(fd)] |ts, ret, failed| [fd as u64];
    Posix fn futimesat(d: c_int, p: *const c_char, t: *const c_void) -> c_int [!p.is_null() || fd_traced(d)]
        |ts, ret, failed| [d as u64, path_or_fd(ts, d, p, 0)?];
    Posix fn futimens(fd: c_int, t: *const c_void) -> c_int [fd_traced(fd)] |ts, ret, failed| [fd as u64];
    Posix fn utimensat(d: c_int, p: *const c_char, t: *const c_void, fl: c_int) -> c_int [!p.is_null() || fd_traced(d)]
        |ts, ret, failed| [d as u64, path_or_fd(ts, d, p, fl)?, fl as u64];
    Posix fn mknod(p: *const c_char, m: mode_t, dev: libc::dev_t) -> c_int [true]
        |ts, ret, failed| [lpath(ts, AT_FDCWD, p)?, m as u64, dev as u64];
    Posix fn mknodat(d: c_int, p: *const c_char, m: mode_t, dev: libc::dev_t) -> c_int [true]
        |ts, ret, failed| [d as u64, lpath(ts, d, p)?, m as u64, dev as u64];
    Posix fn __xmknod(v: c_int, p: *const c_char, m: mode_t, dev: *const libc::dev_t) -> c_int [true]
        |ts, ret, failed| [v as u64, lpath(ts, AT_FDCWD, p)?, m as u64, deref(dev)];
    Posix fn __xmknodat(v: c_int, d: c_int, p: *const c_char, m: mode_t, dev: *const libc::dev_t) -> c_int [true]
        |ts, ret, failed| [v as u64, d as u64, lpath(ts, d, p)?, m as u64, deref(dev)];
    Posix fn mkfifo(p: *const c_char, m: mode_t) -> c_int [true] |ts, ret, failed| [lpath(ts, AT_FDCWD, p)?, m as u64];
    Posix fn mkfifoat(d: c_int, p: *const c_char, m: mode_t) -> c_int [true]
        |ts, ret, failed| [d as u64, lpath(ts, d, p)?, m as u64];
    Posix fn euidaccess(p: *const c_char, m: c_int) -> c_int [true] |ts, ret, failed| [path(ts, AT_FDCWD, p)?, m as u64];
    Posix fn eaccess(p: *const c_char, m: c_int) -> c_int [true] |ts, ret, failed| [path(ts, AT_FDCWD, p)?, m as u64];

    // ---- hints, space, in-kernel copies ----------------------------------------------------
    Posix fn posix_fadvise(fd: c_int, o: off_t, l: off_t, adv: c_int) -> c_int [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, o as u64, l as u64, adv as u64];
    Posix fn posix_fadvise64(fd: c_int, o: off_t, l: off_t, adv: c_int) -> c_int [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, o as u64, l as u64, adv as u64];
    Posix fn fallocate(fd: c_int, m: c_int, o: off_t, l: off_t) -> c_int [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, m as u64, o as u64, l as u64];
    Posix fn fallocate64(fd: c_int, m: c_int, o: off_t, l: off_t) -> c_int [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, m as u64, o as u64, l as u64];
    Posix fn readahead(fd: c_int, o: off_t, n: size_t) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, o as u64, n as u64];
    Posix fn sync_file_range(fd: c_int, o: off_t, n: off_t, fl: c_uint) -> c_int [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, o as u64, n as u64, fl as u64];
    Posix fn splice(fi: c_int, oi: *mut off_t, fo: c_int, oo: *mut off_t, n: size_t, fl: c_uint) -> ssize_t [fd_traced(fi) || fd_traced(fo)]
        |ts, ret, failed| [fi as u64, off_before(oi, ret, failed), fo as u64, off_before(oo, ret, failed), n as u64, fl as u64];
    Posix fn tee(fi: c_int, fo: c_int, n: size_t, fl: c_uint) -> ssize_t [fd_traced(fi) || fd_traced(fo)]
        |ts, ret, failed| [fi as u64, fo as u64, n as u64, fl as u64];
    Posix fn vmsplice(fd: c_int, v: *const iovec, c: size_t, fl: c_uint) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [pipe_end(fd, true), pipe_end(fd, false), c as u64, iov_bytes(v, c as c_int), fl as u64];

    // ---- fortified entry points (_FORTIFY_SOURCE), recorded under the plain names ----------
    Posix fn __read_chk(fd: c_int, b: *mut c_void, n: size_t, bl: size_t) -> ssize_t as read [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64];
    Posix fn __pread_chk(fd: c_int, b: *mut c_void, n: size_t, o: off_t, bl: size_t) -> ssize_t as pread [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64, o as u64];
    Posix fn __pread64_chk(fd: c_int, b: *mut c_void, n: size_t, o: off_t, bl: size_t) -> ssize_t as pread64 [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64, o as u64];
    Posix fn __readlink_chk(p: *const c_char, b: *mut c_char, n: size_t, bl: size_t) -> ssize_t as readlink [true]
        |ts, ret, failed| [lpath(ts, AT_FDCWD, p)?, n as u64];
    Posix fn __readlinkat_chk(d: c_int, p: *const c_char, b: *mut c_char, n: size_t, bl: size_t) -> ssize_t as readlinkat [true]
        |ts, ret, failed| [d as u64, lpath(ts, d, p)?, n as u64];
    Posix fn __getcwd_chk(b: *mut c_char, n: size_t, bl: size_t) -> *mut c_char as getcwd [true]
        |ts, ret, failed| [if failed { NO_FILE } else { path(ts, AT_FDCWD, ret)? }, n as u64];
    // openat without a mode under _FORTIFY_SOURCE (glibc refuses O_CREAT/O_TMPFILE here, so
    // the mode openat would record is 0).
    Posix fn __openat_2(d: c_int, p: *const c_char, flags: c_int) -> c_int as openat [true]
        |ts, ret, failed| [d as u64, opened(ts, d, p, ret, failed)?, flags as u64, 0];
    Posix fn __openat64_2(d: c_int, p: *const c_char, flags: c_int) -> c_int as openat64 [true]
        |ts, ret, failed| [d as u64, opened(ts, d, p, ret, failed)?, flags as u64, 0];
    Posix fn __getwd_chk(b: *mut c_char, bl: size_t) -> *mut c_char as getcwd [true]
        |ts, ret, failed| [if failed { NO_FILE } else { path(ts, AT_FDCWD, ret)? }, bl as u64];

    // ---- glibc's public aliases and legacy names, recorded under the standard names --------
    Posix fn __open(p: *const c_char, flags: c_int, mode: c_uint) -> c_int as open [true]
        |ts, ret, failed| [opened(ts, AT_FDCWD, p, ret, failed)?, flags as u64, mode_of(flags, mode)];
    Posix fn __open64(p: *const c_char, flags: c_int, mode: c_uint) -> c_int as open64 [true]
        |ts, ret, failed| [opened(ts, AT_FDCWD, p, ret, failed)?, flags as u64, mode_of(flags, mode)];
    Posix fn __close(fd: c_int) -> c_int as close [fd_traced(fd)] refuse [fd_table::is_own(fd)]
        |ts, ret, failed| [closed(fd, failed)];
    Posix fn __read(fd: c_int, b: *mut c_void, n: size_t) -> ssize_t as read [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64];
    Posix fn __write(fd: c_int, b: *const c_void, n: size_t) -> ssize_t as write [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64];
    Posix fn __pread64(fd: c_int, b: *mut c_void, n: size_t, o: off_t) -> ssize_t as pread64 [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64, o as u64];
    Posix fn __pwrite64(fd: c_int, b: *const c_void, n: size_t, o: off_t) -> ssize_t as pwrite64 [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64, o as u64];
    Posix fn __lseek(fd: c_int, o: off_t, w: c_int) -> off_t as lseek [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, o as u64, w as u64];
    // The pre-LFS name of lseek64, kept by glibc for old binaries only.
    Posix fn llseek(fd: c_int, o: off_t, w: c_int) -> off_t as lseek64 [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, o as u64, w as u64];
    Posix fn __dup2(fd: c_int, n: c_int) -> c_int as dup2 [fd_traced(fd) || fd_traced(n)]
        |ts, ret, failed| [duped(fd, n, failed), n as u64];
    Posix fn __fcntl(fd: c_int, cmd: c_int, arg: usize) -> c_int as fcntl [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, cmd as u64, fcntl_arg(fd, cmd, arg, ret, failed), lock_field(cmd, arg, 0), lock_field(cmd, arg, 1)];
    Posix fn __statfs(p: *const c_char, b: *mut c_void) -> c_int as statfs [true] |ts, ret, failed| [path(ts, AT_FDCWD, p)?];
    // getcwd's older forms: getwd fills a PATH_MAX buffer, get_current_dir_name allocates.
    Posix fn getwd(b: *mut c_char) -> *mut c_char as getcwd [true]
        |ts, ret, failed| [if failed { NO_FILE } else { path(ts, AT_FDCWD, ret)? }, libc::PATH_MAX as u64];
    Posix fn get_current_dir_name() -> *mut c_char as getcwd [true]
        |ts, ret, failed| [if failed { NO_FILE } else { path(ts, AT_FDCWD, ret)? }, 0];
}

/// fstatat/statx with AT_EMPTY_PATH and "" operate on the fd itself.
fn empty_path_fd(ts: &mut ThreadState, d: c_int, p: *const c_char, fl: c_int) -> Option<u64> {
    if fl & libc::AT_EMPTY_PATH != 0 && !p.is_null() && unsafe { *p } == 0 {
        return Some(fd_path(ts, d));
    }
    at_path(ts, d, p, fl)
}

/// A path argument that may be NULL, then the call acts on `d` itself (utimensat, futimesat).
fn path_or_fd(ts: &mut ThreadState, d: c_int, p: *const c_char, fl: c_int) -> Option<u64> {
    if p.is_null() {
        Some(fd_path(ts, d))
    } else {
        at_path(ts, d, p, fl)
    }
}

/// linkat's source: followed only with AT_SYMLINK_FOLLOW; the fd itself with AT_EMPTY_PATH.
fn link_source(ts: &mut ThreadState, d: c_int, p: *const c_char, fl: c_int) -> Option<u64> {
    if fl & libc::AT_EMPTY_PATH != 0 && !p.is_null() && unsafe { *p } == 0 {
        Some(fd_path(ts, d))
    } else if fl & libc::AT_SYMLINK_FOLLOW != 0 {
        intern_path(ts, d, p)
    } else {
        intern_link(ts, d, p)
    }
}

/// `*p` of an out-of-line argument (__xmknod's dev), 0 for NULL.
fn deref(p: *const libc::dev_t) -> u64 {
    // SAFETY: the real call accepted the pointer.
    unsafe { p.as_ref() }.copied().unwrap_or(0)
}

/// vmsplice's fd as the write end it fills (`write` true) or the read end it drains, else -1:
/// the direction depends on how the pipe end is open.
fn pipe_end(fd: c_int, write: bool) -> u64 {
    let acc = files::raw_fcntl(fd, libc::F_GETFL) & libc::O_ACCMODE as i64;
    if (acc != libc::O_RDONLY as i64) == write {
        fd as u64
    } else {
        u64::MAX
    }
}

/// The file an fd is open on (for fdopendir and AT_EMPTY_PATH).
fn fd_path(ts: &mut ThreadState, fd: c_int) -> u64 {
    files::intern_fd(ts, fd).unwrap_or(NO_FILE)
}

/// A symlink's target is not resolved against the cwd but against the link's folder; it is
/// recorded as a name only when absolute.
fn symlink_target(ts: &mut ThreadState, target: *const c_char, _link: *const c_char) -> u64 {
    if !target.is_null() && unsafe { *target } == b'/' as c_char {
        intern_path(ts, AT_FDCWD, target).unwrap_or(NO_FILE)
    } else {
        NO_FILE
    }
}

/// fcntl's `arg` field: the int argument, or the lock type for record-lock commands
/// (whose struct flock is read after the call). F_DUPFD gives the new fd the old one's state.
fn fcntl_arg(fd: c_int, cmd: c_int, arg: usize, ret: c_int, failed: bool) -> u64 {
    match cmd {
        libc::F_DUPFD | libc::F_DUPFD_CLOEXEC => {
            if !failed {
                set_fd(ret, fd_state(fd));
            }
            arg as u32 as u64
        }
        _ if is_lock_cmd(cmd) => lock(arg).map(|l| l.l_type as u64).unwrap_or(0),
        libc::F_SETFL
        | libc::F_SETFD
        | libc::F_SETOWN
        | libc::F_SETLEASE
        | libc::F_NOTIFY
        | libc::F_SETPIPE_SZ
        | libc::F_ADD_SEALS => arg as u32 as u64,
        _ => 0,
    }
}

fn is_lock_cmd(cmd: c_int) -> bool {
    matches!(
        cmd,
        libc::F_GETLK
            | libc::F_SETLK
            | libc::F_SETLKW
            | libc::F_OFD_GETLK
            | libc::F_OFD_SETLK
            | libc::F_OFD_SETLKW
    )
}

fn lock<'a>(arg: usize) -> Option<&'a libc::flock> {
    // SAFETY: the real fcntl accepted this pointer for a lock command.
    unsafe { (arg as *const libc::flock).as_ref() }
}

/// Lock start (which = 0) or length (1) of a record-lock command, else 0.
fn lock_field(cmd: c_int, arg: usize, which: u8) -> u64 {
    if !is_lock_cmd(cmd) {
        return 0;
    }
    lock(arg)
        .map(|l| {
            if which == 0 {
                l.l_start as u64
            } else {
                l.l_len as u64
            }
        })
        .unwrap_or(0)
}

// ---- openat2, made through syscall(2) (shim.c) ------------------------------------------------

/// For shim.c: start a traced POSIX call that has no gate (an open).
#[no_mangle]
pub extern "C" fn rotf2_posix_begin() -> *mut c_void {
    if !runtime::layer_on(Layer::Posix) {
        return std::ptr::null_mut();
    }
    runtime::begin(Layer::Posix)
        .map(|t| t as *mut c_void)
        .unwrap_or(std::ptr::null_mut())
}

/// For shim.c: finish syscall(SYS_openat2, dirfd, path, how, size); `how` is a struct
/// open_how (flags, mode, resolve: three u64, read when `size` covers them).
#[no_mangle]
pub unsafe extern "C" fn rotf2_openat2_end(
    ts: *mut c_void,
    t0: u64,
    d: c_long,
    p: *const c_char,
    how: *const u64,
    size: c_long,
    ret: c_long,
    err: c_int,
) {
    let t1 = runtime::now_raw();
    let ts = ts as *mut ThreadState;
    let failed = ret == -1;
    let h = |i: usize| -> u64 {
        if how.is_null() || (size as usize) < (i + 1) * 8 {
            0
        } else {
            *how.add(i)
        }
    };
    // The dirfd came as a variadic int: only its low 32 bits are meaningful.
    let d = d as c_int;
    let was = runtime::quiet();
    let file = opened(&mut *ts, d, p, ret as c_int, failed);
    runtime::unquiet(was);
    match file {
        Some(f) => {
            let fields = [d as u64, f, h(0), h(1), h(2), ret as u64];
            runtime::end(
                ts,
                Func::openat2,
                t0,
                t1,
                if failed { err } else { 0 },
                &fields,
            );
        }
        None => runtime::cancel(ts),
    }
}

// ---- lio_listio: one aio request per list entry ---------------------------------------------

type LioFn =
    unsafe extern "C" fn(c_int, *const *mut libc::aiocb, c_int, *mut libc::sigevent) -> c_int;

#[no_mangle]
pub unsafe extern "C" fn lio_listio(
    mode: c_int,
    list: *const *mut libc::aiocb,
    n: c_int,
    sig: *mut libc::sigevent,
) -> c_int {
    let real = crate::wrap::resolved!(Real::new("lio_listio\0") as type LioFn);
    lio(real, Func::lio_listio, mode, list, n, sig)
}

#[no_mangle]
pub unsafe extern "C" fn lio_listio64(
    mode: c_int,
    list: *const *mut libc::aiocb,
    n: c_int,
    sig: *mut libc::sigevent,
) -> c_int {
    let real = crate::wrap::resolved!(Real::new("lio_listio64\0") as type LioFn);
    lio(real, Func::lio_listio64, mode, list, n, sig)
}

/// The list entries: recorded when one of them is on a traced fd. Each READ/WRITE entry on a
/// traced fd that was queued (the call succeeded, or failed with EIO: every request was
/// started and some failed) becomes an event that starts a non-blocking operation, completed
/// by the program's aio_return like aio_read's.
unsafe fn lio(
    real: Option<LioFn>,
    func: Func,
    mode: c_int,
    list: *const *mut libc::aiocb,
    n: c_int,
    sig: *mut libc::sigevent,
) -> c_int {
    let Some(real) = real else {
        runtime::set_errno(libc::ENOSYS);
        return -1;
    };
    let entries = || -> &[*mut libc::aiocb] {
        if list.is_null() || n <= 0 {
            &[]
        } else {
            std::slice::from_raw_parts(list, n as usize)
        }
    };
    if !runtime::layer_on(Layer::Posix) || !entries().iter().any(|&cb| aio_traced(cb)) {
        return real(mode, list, n, sig);
    }
    crate::wrap::record_call(
        Layer::Posix,
        func,
        |_| (),
        || real(mode, list, n, sig),
        |ts, (), ret, t1| {
            let err = runtime::errno();
            let queued = ret == 0 || err == libc::EIO;
            for &cb in entries().iter().filter(|&&cb| queued && aio_traced(cb)) {
                let ev = match (*cb).aio_lio_opcode {
                    libc::LIO_READ => Func::lio_listio_read,
                    libc::LIO_WRITE => Func::lio_listio_write,
                    _ => continue,
                };
                let (fd, bytes, off) = aio(cb);
                runtime::child(ts, ev, t1, &[fd, cb as u64, bytes, off, 0]);
            }
            ([mode as u64, n as u64], if ret == -1 { err } else { 0 })
        },
    )
}

// ---- calls that are not records but must flush or follow the process -----------------------

/// sync() returns nothing; recorded as a FLUSH on the POSIX proxy handle.
#[no_mangle]
pub unsafe extern "C" fn sync() {
    let Some(real) = crate::wrap::resolved!(Real::new("sync\0") as fn()) else {
        return;
    };
    crate::wrap::record_call(
        Layer::Posix,
        Func::sync,
        |_| (),
        || real(),
        |_, (), (), _| ([], 0),
    )
}

/// close_range(2) closes the range minus the recorder's own descriptors (not traced: it names
/// no file; the descriptors it closes simply stop being traced).
#[no_mangle]
pub unsafe extern "C" fn close_range(first: c_uint, last: c_uint, flags: c_int) -> c_int {
    let real =
        crate::wrap::resolved!(Real::new("close_range\0") as fn(c_uint, c_uint, c_int) -> c_int);
    let call = |a: c_uint, b: c_uint| -> c_int {
        match real {
            Some(f) => f(a, b, flags),
            None => libc::syscall(libc::SYS_close_range, a, b, flags) as c_int,
        }
    };
    if flags & libc::CLOSE_RANGE_CLOEXEC as c_int != 0 {
        return call(first, last);
    }
    // Close the pieces between our descriptors; forget the program's closed ones.
    let top = (last as u64).min(fd_table::FD_MAX as u64 - 1) as c_uint;
    let mut start = first;
    let mut fd = first;
    while fd <= top && first <= last {
        if fd_table::is_own(fd as c_int) {
            if fd > start {
                let r = call(start, fd - 1);
                if r != 0 {
                    return r;
                }
            }
            start = fd + 1;
        } else if fd_state(fd as c_int) != UNTRACKED {
            set_fd(fd as c_int, UNTRACKED);
        }
        if fd == c_uint::MAX {
            break;
        }
        fd += 1;
    }
    if start <= last && start != 0 || (start == 0 && first == 0) {
        return call(start, last);
    }
    0
}

/// closefrom(3) as close_range(lowfd, ~0, 0).
#[no_mangle]
pub unsafe extern "C" fn closefrom(lowfd: c_int) {
    let e = runtime::errno();
    close_range(lowfd.max(0) as c_uint, c_uint::MAX, 0);
    runtime::set_errno(e);
}

/// vfork is run as fork: a vfork child shares the parent's memory, so whatever it called
/// before exec would be recorded into the parent's buffers and fd tables. POSIX allows vfork
/// to be fork; the child then gets its own trace through the fork handlers.
#[no_mangle]
pub extern "C" fn vfork() -> libc::pid_t {
    unsafe { libc::fork() }
}

type ExitFn = unsafe extern "C" fn(c_int) -> !;

/// Flush, then leave through the real `_exit`/`_Exit` (or the exit_group system call if it
/// cannot be found), looked up only after the flush.
unsafe fn fast_exit(real: impl FnOnce() -> Option<ExitFn>, status: c_int) -> ! {
    runtime::set_exit_status(status);
    runtime::finish(io_events::meta::Ending::FastExit);
    if let Some(real) = real() {
        real(status);
    }
    libc::syscall(libc::SYS_exit_group, status as c_long);
    loop {}
}

/// _exit skips atexit handlers and destructors: flush first.
#[no_mangle]
pub unsafe extern "C" fn _exit(status: c_int) -> ! {
    fast_exit(
        || crate::wrap::resolved!(Real::new("_exit\0") as type ExitFn),
        status,
    )
}

/// _Exit: as _exit.
#[no_mangle]
pub unsafe extern "C" fn _Exit(status: c_int) -> ! {
    fast_exit(
        || crate::wrap::resolved!(Real::new("_Exit\0") as type ExitFn),
        status,
    )
}

/// Before exec*: flush everything (the C shim calls this for the exec family).
#[no_mangle]
pub extern "C" fn rotf2_before_exec() {
    // A child sharing our memory (vfork via clone, posix_spawn's helper) must not finish the
    // parent's trace.
    if !runtime::own_process() {
        return;
    }
    runtime::finish(io_events::meta::Ending::Exec);
    if let Some(p) = runtime::process() {
        // The new image's trace says which image it replaced.
        let _ = runtime::busy(|| std::env::set_var("RECORDER_OTF2_EXEC_FROM", &p.dir_name));
    }
}

/// exec* returned: it failed, tracing goes on.
#[no_mangle]
pub extern "C" fn rotf2_exec_failed() {
    if !runtime::own_process() {
        return;
    }
    let _ = runtime::busy(|| std::env::remove_var("RECORDER_OTF2_EXEC_FROM"));
    runtime::exec_failed();
}
