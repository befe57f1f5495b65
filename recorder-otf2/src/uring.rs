//! io_uring through liburing's exported functions. A ring's submission and completion queues
//! live in memory shared with the kernel; liburing fills SQEs and reaps CQEs with inline
//! functions the recorder cannot see. What it can see: every exported liburing call (submit,
//! wait, peek_batch, get_events, queue_init/exit). Around each one it reads the rings:
//!
//! - **submissions**: the SQ entries the kernel consumed during the call (its SQ head moved;
//!   with SQPOLL, the entries published: the SQ tail moved) become `io_uring_sqe` events at
//!   the call's start: fd, opcode, offset, bytes (an iovec or msghdr vector summed), user_data;
//! - **completions**: the CQ entries posted since the last look at that ring (a per-ring
//!   cursor; CQEs the program already reaped inline are still in their slots until the kernel
//!   reuses them) become `io_uring_cqe` events: before the call (at its start) and after it.
//!
//! liburing calling its own exported functions (queue_init -> queue_init_params) is recorded
//! once, as the outer call. Up to 64 rings are followed at a time.

use crate::files::fd_traced;
use crate::runtime::{self, ThreadState};
use io_events::functions::{Func, Layer};
use libc::{c_int, c_uint, c_void, iovec};
use std::cell::Cell;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering::*};

/// liburing's `struct io_uring_sq` (stable since liburing 0.7; 104 bytes on 64-bit).
#[repr(C)]
struct Sq {
    khead: *const AtomicU32,
    ktail: *const AtomicU32,
    kring_mask: *const u32,
    kring_entries: *const u32,
    kflags: *const u32,
    kdropped: *const u32,
    array: *const u32,
    sqes: *const u8,
    sqe_head: u32,
    sqe_tail: u32,
    ring_sz: usize,
    ring_ptr: *mut c_void,
    ring_mask: u32,
    ring_entries: u32,
    pad: [u32; 2],
}

/// liburing's `struct io_uring_cq` (88 bytes on 64-bit).
#[repr(C)]
struct Cq {
    khead: *const AtomicU32,
    ktail: *const AtomicU32,
    kring_mask: *const u32,
    kring_entries: *const u32,
    kflags: *const u32,
    koverflow: *const u32,
    cqes: *const u8,
    ring_sz: usize,
    ring_ptr: *mut c_void,
    ring_mask: u32,
    ring_entries: u32,
    pad: [u32; 2],
}

/// The head of liburing's `struct io_uring`.
#[repr(C)]
pub struct Ring {
    sq: Sq,
    cq: Cq,
    flags: u32,
    ring_fd: c_int,
}

const _: () = assert!(std::mem::size_of::<Sq>() == 104 && std::mem::size_of::<Cq>() == 88);

const SETUP_SQPOLL: u32 = 1 << 1;
const SETUP_SQE128: u32 = 1 << 10;
const SETUP_CQE32: u32 = 1 << 11;
const SQE_FIXED_FILE: u8 = 1;

/// One followed ring: its address and how far its completions have been recorded.
struct Slot {
    ring: AtomicUsize,
    seen: AtomicU32,
}

static SLOTS: [Slot; 64] = [const {
    Slot {
        ring: AtomicUsize::new(0),
        seen: AtomicU32::new(0),
    }
}; 64];

/// The ring's slot; a ring seen for the first time, or just initialised (`fresh`: a ring
/// set up again at the same address), starts at its current CQ tail (earlier completions
/// belong to submissions this trace does not have).
unsafe fn slot_of(r: *const Ring, fresh: bool) -> Option<&'static Slot> {
    let key = r as usize;
    let tail = || (*(*r).cq.ktail).load(Acquire);
    if let Some(s) = SLOTS.iter().find(|s| s.ring.load(Acquire) == key) {
        if fresh {
            s.seen.store(tail(), Release);
        }
        return Some(s);
    }
    let s = SLOTS
        .iter()
        .find(|s| s.ring.compare_exchange(0, key, AcqRel, Relaxed).is_ok())?;
    s.seen.store(tail(), Release);
    Some(s)
}

fn release(r: *const Ring) {
    for s in &SLOTS {
        let _ = s.ring.compare_exchange(r as usize, 0, AcqRel, Relaxed);
    }
}

/// Where the kernel is in the SQ ring: the head it consumed up to, or with SQPOLL (a kernel
/// thread consumes on its own) the tail published to it.
unsafe fn sq_pos(r: *const Ring) -> u32 {
    let r = &*r;
    if r.flags & SETUP_SQPOLL != 0 {
        (*r.sq.ktail).load(Acquire)
    } else {
        (*r.sq.khead).load(Acquire)
    }
}

/// An SQE's (dir, offset, bytes): dir 1 READ, 2 WRITE, 3 FLUSH, 0 none.
unsafe fn classify(e: *const u8) -> (u64, u64, u64) {
    let op = *e;
    let off = *(e.add(8) as *const u64);
    let addr = *(e.add(16) as *const u64);
    let len = *(e.add(24) as *const u32);
    let vec = |p: *const iovec, n: usize| -> u64 {
        if p.is_null() {
            return 0;
        }
        std::slice::from_raw_parts(p, n)
            .iter()
            .map(|v| v.iov_len as u64)
            .sum()
    };
    let msg = |m: *const libc::msghdr| -> u64 {
        m.as_ref()
            .map(|m| vec(m.msg_iov, m.msg_iovlen))
            .unwrap_or(0)
    };
    let none = u64::MAX;
    match op {
        1 => (1, off, vec(addr as *const iovec, len as usize)), // READV
        2 => (2, off, vec(addr as *const iovec, len as usize)), // WRITEV
        4 | 22 => (1, off, len as u64),                         // READ_FIXED, READ
        5 | 23 => (2, off, len as u64),                         // WRITE_FIXED, WRITE
        10 => (1, none, msg(addr as *const libc::msghdr)),      // RECVMSG
        9 => (2, none, msg(addr as *const libc::msghdr)),       // SENDMSG
        27 => (1, none, len as u64),                            // RECV
        26 => (2, none, len as u64),                            // SEND
        3 | 8 => (3, none, 0),                                  // FSYNC, SYNC_FILE_RANGE
        _ => (0, none, len as u64),
    }
}

/// The SQ entries the kernel took between positions `from` and `to`: one event each at `t`.
/// Entries on untraced fds (excluded files) are kept as bare placeholders, so that
/// completions still match in order.
unsafe fn record_sqes(ts: *mut ThreadState, r: *const Ring, from: u32, to: u32, t: u64) {
    let q = &(*r).sq;
    let (mask, entries) = (*q.kring_mask, *q.kring_entries);
    let shift = if (*r).flags & SETUP_SQE128 != 0 { 7 } else { 6 };
    let n = to.wrapping_sub(from).min(entries);
    for i in 0..n {
        let pos = from.wrapping_add(i) & mask;
        let idx = if q.array.is_null() {
            pos
        } else {
            *q.array.add(pos as usize) & mask
        };
        let e = q.sqes.add((idx as usize) << shift);
        let (op, flags) = (*e, *e.add(1));
        let fd = *(e.add(4) as *const i32);
        let user_data = *(e.add(32) as *const u64);
        let fixed = flags & SQE_FIXED_FILE != 0;
        let (mut dir, mut off, mut bytes) = classify(e);
        let mut fdv = fd as i64 as u64;
        if !fixed && !fd_traced(fd) {
            (dir, off, bytes, fdv) = (0, u64::MAX, 0, u64::MAX);
        } else if fixed {
            dir = 0; // an index into the registered files, not a descriptor
        }
        let opv = op as u64 | (flags as u64) << 8;
        runtime::child(
            ts,
            Func::io_uring_sqe,
            t,
            &[r as u64, fdv, opv, dir, off, bytes, user_data, 0],
        );
    }
}

/// The CQ entries posted since the ring was last looked at: one event each at `t`. A slot is
/// read only while the kernel cannot have reused it (more completions than the ring holds
/// between two liburing calls lose the oldest: their operations end with their handle).
unsafe fn record_cqes(ts: *mut ThreadState, r: *const Ring, s: &Slot, t: u64) {
    let q = &(*r).cq;
    let tail = (*q.ktail).load(Acquire);
    let from = s.seen.load(Acquire);
    if tail == from
        || s.seen
            .compare_exchange(from, tail, AcqRel, Relaxed)
            .is_err()
    {
        return;
    }
    let (mask, entries) = (*q.kring_mask, *q.kring_entries);
    let shift = if (*r).flags & SETUP_CQE32 != 0 { 5 } else { 4 };
    let n = tail.wrapping_sub(from);
    let first = if n > entries {
        tail.wrapping_sub(entries)
    } else {
        from
    };
    for pos in (0..n.min(entries)).map(|i| first.wrapping_add(i)) {
        let c = q.cqes.add(((pos & mask) as usize) << shift);
        let user_data = std::ptr::read_volatile(c as *const u64);
        let res = std::ptr::read_volatile(c.add(8) as *const i32);
        let flags = std::ptr::read_volatile(c.add(12) as *const u32);
        // Torn if the kernel may have started writing position pos + entries meanwhile.
        let tail_now = (*q.ktail).load(Acquire);
        let head_now = (*q.khead).load(Acquire);
        if tail_now.wrapping_sub(pos) >= entries && (head_now.wrapping_sub(pos) as i32) > 0 {
            continue;
        }
        let ev = [r as u64, user_data, flags as u64, res as i64 as u64];
        runtime::child(ts, Func::io_uring_cqe, t, &ev);
    }
}

thread_local! {
    /// Set while a recorded liburing call runs on this thread: liburing's calls of its own
    /// exported functions are part of it.
    static INSIDE: Cell<bool> = const { Cell::new(false) };
}

/// Record one liburing call on `r`: completions before, submissions and completions after.
/// `setup`: the call initialises the ring (nothing to read before); `teardown`: it unmaps it
/// (nothing to read after). liburing returns -errno; the record's errno is that.
unsafe fn traced<const N: usize>(
    func: Func,
    r: *const Ring,
    fields: [u64; N],
    (setup, teardown): (bool, bool),
    call: impl FnOnce() -> c_int,
) -> c_int {
    crate::wrap::record! {
        policy: crate::wrap::PLAIN, layer: Layer::Posix, func: func,
        gate: !r.is_null() && !INSIDE.with(|i| i.get()), call: call(),
        before: |ts, t0| {
            INSIDE.with(|i| i.set(true));
            // The call starts before the completions already there are read.
            let start = runtime::now_raw();
            t0 = Some(start);
            let slot = if setup { None } else { slot_of(r, false) };
            let sq0 = if setup { 0 } else { sq_pos(r) };
            if let Some(s) = slot {
                record_cqes(ts, r, s, start);
            }
        }
        after: |ret, t1, failed| {
            if setup && ret == 0 {
                slot_of(r, true);
            }
            if !setup && !teardown {
                record_sqes(ts, r, sq0, sq_pos(r), start);
                if let Some(s) = slot {
                    record_cqes(ts, r, s, t1);
                }
            }
            if teardown {
                release(r);
            }
            INSIDE.with(|i| i.set(false));
            Some((fields, if ret < 0 { -ret } else { 0 }))
        }
    }
}

/// The real liburing function, or a -ENOSYS return.
macro_rules! real {
    ($name:literal, $t:ty) => {{
        let Some(f) = crate::wrap::resolved!(LibReal::new($name) as type $t) else {
            return -libc::ENOSYS;
        };
        f
    }};
}

type Cqe = *mut *mut c_void;
type Ts = *mut c_void;
type Sig = *mut libc::sigset_t;

#[no_mangle]
pub unsafe extern "C" fn io_uring_queue_init(n: c_uint, r: *mut Ring, fl: c_uint) -> c_int {
    let real = real!(
        "io_uring_queue_init\0",
        unsafe extern "C" fn(c_uint, *mut Ring, c_uint) -> c_int
    );
    let f = [r as u64, n as u64, fl as u64];
    traced(Func::io_uring_queue_init, r, f, (true, false), || {
        real(n, r, fl)
    })
}

#[no_mangle]
pub unsafe extern "C" fn io_uring_queue_init_params(n: c_uint, r: *mut Ring, p: *mut u32) -> c_int {
    let real = real!(
        "io_uring_queue_init_params\0",
        unsafe extern "C" fn(c_uint, *mut Ring, *mut u32) -> c_int
    );
    // struct io_uring_params: sq_entries, cq_entries, flags ...
    let fl = if p.is_null() { 0 } else { *p.add(2) };
    let f = [r as u64, n as u64, fl as u64];
    traced(
        Func::io_uring_queue_init_params,
        r,
        f,
        (true, false),
        || real(n, r, p),
    )
}

#[no_mangle]
pub unsafe extern "C" fn io_uring_queue_exit(r: *mut Ring) {
    let Some(real) = crate::wrap::resolved!(LibReal::new("io_uring_queue_exit\0") as fn(*mut Ring))
    else {
        return;
    };
    traced(
        Func::io_uring_queue_exit,
        r,
        [r as u64],
        (false, true),
        || {
            real(r);
            0
        },
    );
}

#[no_mangle]
pub unsafe extern "C" fn io_uring_submit(r: *mut Ring) -> c_int {
    let real = real!(
        "io_uring_submit\0",
        unsafe extern "C" fn(*mut Ring) -> c_int
    );
    traced(Func::io_uring_submit, r, [r as u64], (false, false), || {
        real(r)
    })
}

#[no_mangle]
pub unsafe extern "C" fn io_uring_submit_and_wait(r: *mut Ring, w: c_uint) -> c_int {
    let real = real!(
        "io_uring_submit_and_wait\0",
        unsafe extern "C" fn(*mut Ring, c_uint) -> c_int
    );
    let f = [r as u64, w as u64];
    traced(Func::io_uring_submit_and_wait, r, f, (false, false), || {
        real(r, w)
    })
}

#[no_mangle]
pub unsafe extern "C" fn io_uring_submit_and_wait_timeout(
    r: *mut Ring,
    c: Cqe,
    w: c_uint,
    t: Ts,
    s: Sig,
) -> c_int {
    let real = real!(
        "io_uring_submit_and_wait_timeout\0",
        unsafe extern "C" fn(*mut Ring, Cqe, c_uint, Ts, Sig) -> c_int
    );
    let f = [r as u64, w as u64];
    traced(
        Func::io_uring_submit_and_wait_timeout,
        r,
        f,
        (false, false),
        || real(r, c, w, t, s),
    )
}

#[no_mangle]
pub unsafe extern "C" fn io_uring_submit_and_get_events(r: *mut Ring) -> c_int {
    let real = real!(
        "io_uring_submit_and_get_events\0",
        unsafe extern "C" fn(*mut Ring) -> c_int
    );
    traced(
        Func::io_uring_submit_and_get_events,
        r,
        [r as u64],
        (false, false),
        || real(r),
    )
}

#[no_mangle]
pub unsafe extern "C" fn io_uring_get_events(r: *mut Ring) -> c_int {
    let real = real!(
        "io_uring_get_events\0",
        unsafe extern "C" fn(*mut Ring) -> c_int
    );
    traced(
        Func::io_uring_get_events,
        r,
        [r as u64],
        (false, false),
        || real(r),
    )
}

#[no_mangle]
pub unsafe extern "C" fn __io_uring_get_cqe(
    r: *mut Ring,
    c: Cqe,
    sub: c_uint,
    w: c_uint,
    s: Sig,
) -> c_int {
    let real = real!(
        "__io_uring_get_cqe\0",
        unsafe extern "C" fn(*mut Ring, Cqe, c_uint, c_uint, Sig) -> c_int
    );
    let f = [r as u64, sub as u64, w as u64];
    traced(Func::__io_uring_get_cqe, r, f, (false, false), || {
        real(r, c, sub, w, s)
    })
}

#[no_mangle]
pub unsafe extern "C" fn io_uring_wait_cqes(
    r: *mut Ring,
    c: Cqe,
    w: c_uint,
    t: Ts,
    s: Sig,
) -> c_int {
    let real = real!(
        "io_uring_wait_cqes\0",
        unsafe extern "C" fn(*mut Ring, Cqe, c_uint, Ts, Sig) -> c_int
    );
    let f = [r as u64, w as u64];
    traced(Func::io_uring_wait_cqes, r, f, (false, false), || {
        real(r, c, w, t, s)
    })
}

#[no_mangle]
pub unsafe extern "C" fn io_uring_wait_cqe_timeout(r: *mut Ring, c: Cqe, t: Ts) -> c_int {
    let real = real!(
        "io_uring_wait_cqe_timeout\0",
        unsafe extern "C" fn(*mut Ring, Cqe, Ts) -> c_int
    );
    traced(
        Func::io_uring_wait_cqe_timeout,
        r,
        [r as u64],
        (false, false),
        || real(r, c, t),
    )
}

crate::wrap::exported! {
    fn io_uring_peek_batch_cqe(r: *mut Ring, c: Cqe, n: c_uint) -> c_uint;
    real: LibReal::new("io_uring_peek_batch_cqe\0");
    missing: 0;
    |real| {
        let f = [r as u64, n as u64];
        traced(Func::io_uring_peek_batch_cqe, r, f, (false, false), || {
            real(r, c, n) as c_int
        }) as c_uint
    }
}
