//! Descriptors that are not files: pipes, sockets, eventfds, timerfds, signalfds, epoll and
//! inotify instances, memfds, and what `accept` and `open_by_handle_at` return. Each new one
//! is traced like an opened file, on the name the kernel gives it (`pipe:[1234]`,
//! `socket:[5678]`, `anon_inode:[eventfd]`; memfds as `memfd:NAME`), so that reads, writes,
//! sends and receives on it are operations on a handle (files::new_fd).

use crate::files::{fd_traced, new_fd, NO_FILE};
use crate::runtime::{self, ThreadState};
use crate::wrap::wrap;
use io_events::functions::{Func, Layer};
use libc::{c_char, c_int, c_uint, c_void, msghdr, size_t, sockaddr, socklen_t, ssize_t};

/// The status bits of a creation flag set (SOCK_/EFD_/TFD_/IN_ CLOEXEC and NONBLOCK, whose
/// values differ between architectures) as open(2) flags.
#[inline]
fn status(fl: c_int, cloexec: c_int, nonblock: c_int) -> u64 {
    let mut o = 0;
    if fl & cloexec != 0 {
        o |= libc::O_CLOEXEC;
    }
    if nonblock != 0 && fl & nonblock != 0 {
        o |= libc::O_NONBLOCK;
    }
    o as u64
}

/// Total bytes of a message's data vector.
#[inline]
fn msg_bytes(m: *const msghdr) -> u64 {
    // SAFETY: the program passed the message to the real call.
    match unsafe { m.as_ref() } {
        Some(m) if !m.msg_iov.is_null() => {
            let v = unsafe { std::slice::from_raw_parts(m.msg_iov, m.msg_iovlen) };
            v.iter().map(|i| i.iov_len as u64).sum()
        }
        _ => 0,
    }
}

#[inline]
fn msg_iovcnt(m: *const msghdr) -> u64 {
    unsafe { m.as_ref() }
        .map(|m| m.msg_iovlen as u64)
        .unwrap_or(0)
}

/// sendmmsg/recvmmsg: bytes offered by the `n` messages, and bytes moved by the first `done`
/// (their `msg_len`, set by the call).
fn mmsg_bytes(v: *const libc::mmsghdr, n: c_uint, done: c_int) -> (u64, u64) {
    if v.is_null() {
        return (0, 0);
    }
    // SAFETY: the program passed `n` messages to the real call.
    let v = unsafe { std::slice::from_raw_parts(v, n as usize) };
    let asked = v.iter().map(|m| msg_bytes(&m.msg_hdr)).sum();
    let moved = v
        .iter()
        .take(done.max(0) as usize)
        .map(|m| m.msg_len as u64)
        .sum();
    (asked, moved)
}

/// signalfd(-1, ...) makes a descriptor; on an existing one it changes the mask (no new file).
fn signal_fd(ts: &mut ThreadState, fd: c_int, ret: c_int, failed: bool) -> Option<u64> {
    if fd == -1 {
        new_fd(ts, ret, failed)
    } else {
        Some(NO_FILE)
    }
}

wrap! {
    Posix fn socket(dom: c_int, ty: c_int, pr: c_int) -> c_int [true]
        |ts, ret, failed| [dom as u64, ty as u64, pr as u64, new_fd(ts, ret, failed)?, status(ty, libc::SOCK_CLOEXEC, libc::SOCK_NONBLOCK)];
    Posix fn accept(fd: c_int, a: *mut sockaddr, l: *mut socklen_t) -> c_int [true]
        |ts, ret, failed| [fd as u64, new_fd(ts, ret, failed)?];
    Posix fn accept4(fd: c_int, a: *mut sockaddr, l: *mut socklen_t, fl: c_int) -> c_int [true]
        |ts, ret, failed| [fd as u64, new_fd(ts, ret, failed)?, status(fl, libc::SOCK_CLOEXEC, libc::SOCK_NONBLOCK)];
    Posix fn memfd_create(name: *const c_char, fl: c_uint) -> c_int [true]
        |ts, ret, failed| [new_fd(ts, ret, failed)?, fl as u64, status(fl as c_int, libc::MFD_CLOEXEC as c_int, 0)];
    Posix fn eventfd(init: c_uint, fl: c_int) -> c_int [true]
        |ts, ret, failed| [init as u64, fl as u64, new_fd(ts, ret, failed)?, status(fl, libc::EFD_CLOEXEC, libc::EFD_NONBLOCK)];
    Posix fn signalfd(fd: c_int, m: *const libc::sigset_t, fl: c_int) -> c_int [true]
        |ts, ret, failed| [fd as u64, fl as u64, signal_fd(ts, fd, ret, failed)?, status(fl, libc::SFD_CLOEXEC, libc::SFD_NONBLOCK)];
    Posix fn timerfd_create(c: c_int, fl: c_int) -> c_int [true]
        |ts, ret, failed| [c as u64, fl as u64, new_fd(ts, ret, failed)?, status(fl, libc::TFD_CLOEXEC, libc::TFD_NONBLOCK)];
    Posix fn epoll_create(n: c_int) -> c_int [true] |ts, ret, failed| [n as u64, new_fd(ts, ret, failed)?];
    Posix fn epoll_create1(fl: c_int) -> c_int [true]
        |ts, ret, failed| [fl as u64, new_fd(ts, ret, failed)?, status(fl, libc::EPOLL_CLOEXEC, 0)];
    Posix fn inotify_init() -> c_int [true] |ts, ret, failed| [new_fd(ts, ret, failed)?];
    Posix fn inotify_init1(fl: c_int) -> c_int [true]
        |ts, ret, failed| [fl as u64, new_fd(ts, ret, failed)?, status(fl, libc::IN_CLOEXEC, libc::IN_NONBLOCK)];
    Posix fn open_by_handle_at(m: c_int, h: *mut c_void, fl: c_int) -> c_int [true]
        |ts, ret, failed| [m as u64, new_fd(ts, ret, failed)?, fl as u64];

    Posix fn send(fd: c_int, b: *const c_void, n: size_t, fl: c_int) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64, fl as u64];
    Posix fn __send(fd: c_int, b: *const c_void, n: size_t, fl: c_int) -> ssize_t as send [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64, fl as u64];
    Posix fn recv(fd: c_int, b: *mut c_void, n: size_t, fl: c_int) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64, fl as u64];
    Posix fn sendto(fd: c_int, b: *const c_void, n: size_t, fl: c_int, a: *const sockaddr, l: socklen_t) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64, fl as u64];
    Posix fn recvfrom(fd: c_int, b: *mut c_void, n: size_t, fl: c_int, a: *mut sockaddr, l: *mut socklen_t) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64, fl as u64];
    Posix fn sendmsg(fd: c_int, m: *const msghdr, fl: c_int) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, msg_iovcnt(m), msg_bytes(m), fl as u64];
    Posix fn recvmsg(fd: c_int, m: *mut msghdr, fl: c_int) -> ssize_t [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, msg_iovcnt(m), msg_bytes(m), fl as u64];
    Posix fn sendmmsg(fd: c_int, v: *mut libc::mmsghdr, n: c_uint, fl: c_int) -> c_int [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64, mmsg_bytes(v, n, ret).0, mmsg_bytes(v, n, ret).1, fl as u64];
    Posix fn recvmmsg(fd: c_int, v: *mut libc::mmsghdr, n: c_uint, fl: c_int, t: *mut libc::timespec) -> c_int [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64, mmsg_bytes(v, n, ret).0, mmsg_bytes(v, n, ret).1, fl as u64];

    Posix fn __recv_chk(fd: c_int, b: *mut c_void, n: size_t, bl: size_t, fl: c_int) -> ssize_t as recv [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64, fl as u64];
    Posix fn __recvfrom_chk(fd: c_int, b: *mut c_void, n: size_t, bl: size_t, fl: c_int, a: *mut sockaddr, l: *mut socklen_t) -> ssize_t as recvfrom [fd_traced(fd)]
        |ts, ret, failed| [fd as u64, n as u64, fl as u64];
}

/// pipe, pipe2, socketpair: the two new descriptors come back through memory. The call's
/// record holds them; each also gets an `fd_created` event (its file and open flags), which
/// makes its handle. `flags` are the two ends' open flags.
unsafe fn pair<const N: usize>(
    func: Func,
    fds: *mut c_int,
    flags: [u64; 2],
    call: impl FnOnce() -> c_int,
    fields: impl FnOnce([u64; 2]) -> [u64; N],
) -> c_int {
    crate::wrap::record_call(
        Layer::Posix,
        func,
        |_| (),
        call,
        |ts, (), ret, t1| {
            let err = runtime::errno();
            let failed = ret == -1;
            let mut v = [u64::MAX; 2];
            if !failed && !fds.is_null() {
                for (i, slot) in v.iter_mut().enumerate() {
                    let fd = *fds.add(i);
                    *slot = fd as u64;
                    if let Some(file) = new_fd(&mut *ts, fd, false) {
                        runtime::child(ts, Func::fd_created, t1, &[file, flags[i], fd as u64]);
                    }
                }
            }
            (fields(v), if failed { err } else { 0 })
        },
    )
}

macro_rules! real {
    ($name:literal, $t:ty) => {{
        let Some(f) = crate::wrap::resolved!(Real::new($name) as type $t) else {
            runtime::set_errno(libc::ENOSYS);
            return -1;
        };
        f
    }};
}

#[no_mangle]
pub unsafe extern "C" fn pipe(fds: *mut c_int) -> c_int {
    let real = real!("pipe\0", unsafe extern "C" fn(*mut c_int) -> c_int);
    pipe_via(real, fds)
}

/// glibc's public alias of pipe, recorded as pipe.
#[no_mangle]
pub unsafe extern "C" fn __pipe(fds: *mut c_int) -> c_int {
    let real = real!("__pipe\0", unsafe extern "C" fn(*mut c_int) -> c_int);
    pipe_via(real, fds)
}

/// A pipe made by `real` (pipe or its alias), recorded as pipe.
unsafe fn pipe_via(real: unsafe extern "C" fn(*mut c_int) -> c_int, fds: *mut c_int) -> c_int {
    let fl = [libc::O_RDONLY as u64, libc::O_WRONLY as u64];
    pair(Func::pipe, fds, fl, || real(fds), |v| v)
}

#[no_mangle]
pub unsafe extern "C" fn pipe2(fds: *mut c_int, flags: c_int) -> c_int {
    let real = real!("pipe2\0", unsafe extern "C" fn(*mut c_int, c_int) -> c_int);
    let st = (flags & !libc::O_ACCMODE) as u64;
    let fl = [libc::O_RDONLY as u64 | st, libc::O_WRONLY as u64 | st];
    pair(
        Func::pipe2,
        fds,
        fl,
        || real(fds, flags),
        |v| [v[0], v[1], flags as u64],
    )
}

#[no_mangle]
pub unsafe extern "C" fn socketpair(dom: c_int, ty: c_int, pr: c_int, sv: *mut c_int) -> c_int {
    let real = real!(
        "socketpair\0",
        unsafe extern "C" fn(c_int, c_int, c_int, *mut c_int) -> c_int
    );
    let st = libc::O_RDWR as u64 | status(ty, libc::SOCK_CLOEXEC, libc::SOCK_NONBLOCK);
    let fields = |v: [u64; 2]| [dom as u64, ty as u64, v[0], v[1]];
    pair(
        Func::socketpair,
        sv,
        [st, st],
        || real(dom, ty, pr, sv),
        fields,
    )
}
