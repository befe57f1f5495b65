//! POSIX file descriptors: which file each fd is (dup'ed fds share one open file
//! description, hence one position), opens, closes, dup and fcntl, flock/lockf/fcntl locks,
//! deletions, metadata calls on paths, and the aio family (non-blocking operations known by
//! their aiocb). io_uring entries on descriptors ([`super::uring`]) end with them too.
//! Transfers and seeks on descriptors share the streams' bookkeeping in [`super::targets`].

use super::ctx::Ctx;
use super::record::{field, Op};
use super::uring::UringState;
use crate::error::Error;
use crate::kinds::*;
use crate::sink::Sink;
use hashbrown::HashMap;
use io_events::codec::Record;
use io_events::functions::{Dir, Flags, FunctionInfo, Kind, Mapping};
use std::cell::RefCell;
use std::rc::Rc;

/// Open file description: shared by dup'ed fds.
#[derive(Debug)]
pub(crate) struct Ofd {
    pub(crate) pos: Option<u64>,
    pub(crate) append: bool,
}

pub(crate) struct FdEntry {
    pub(crate) handle: u32,
    pub(crate) ofd: Rc<RefCell<Ofd>>,
}

impl FdEntry {
    /// A descriptor on a new open file description.
    pub(crate) fn new(handle: u32, pos: Option<u64>, append: bool) -> FdEntry {
        FdEntry {
            handle,
            ofd: Rc::new(RefCell::new(Ofd { pos, append })),
        }
    }
}

/// A descriptor made by dup (or fcntl F_DUPFD): the streams on its number now write into
/// its file ([`super::stdio::StdioState::rebind_streams`]).
pub(crate) struct Dup {
    pub(crate) fd: i32,
    pub(crate) handle: u32,
    pub(crate) pos: Option<u64>,
}

/// The POSIX layer's part of a process's state.
#[derive(Default)]
pub(crate) struct PosixState {
    /// Open descriptors.
    pub(crate) fds: HashMap<i32, FdEntry>,
    /// The type of the lock held through each handle (for its release).
    locks: HashMap<u32, LockType>,
    /// aio requests in flight: aiocb -> (handle, matching id, requested bytes).
    aio: HashMap<u64, (u32, u64, u64)>,
    /// io_uring submissions in flight on descriptors.
    pub(crate) uring: UringState,
}

/// Descriptors and their handles.
impl PosixState {
    /// The handle of descriptor `fd`, if open.
    pub(crate) fn handle(&self, fd: i32) -> Option<u32> {
        self.fds.get(&fd).map(|e| e.handle)
    }

    /// Descriptor `fd` is closed: its number is free at once, and its handle ends with the
    /// aio and io_uring operations still in flight on it (or, when another thread's call is
    /// still reading or writing through it, after that call's Complete: [`Ctx::destroy`]).
    pub(crate) fn close_fd<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t: u64,
        fd: i32,
    ) -> Result<(), Error> {
        if let Some(e) = self.fds.remove(&fd) {
            self.end_aio_ops(cx, t, e.handle)?;
            self.uring.end_ops(cx, t, e.handle)?;
            cx.destroy(t, e.handle)?;
        }
        Ok(())
    }

    /// aio requests never collected with aio_return (MPI_Request_free on an MPI-IO request
    /// that OMPIO ran as aio) end with their handle, as complete with the bytes asked.
    fn end_aio_ops<S: Sink>(&mut self, cx: &mut Ctx<S>, t: u64, handle: u32) -> Result<(), Error> {
        if !self.aio.values().any(|v| v.0 == handle) {
            return Ok(());
        }
        let mut left: Vec<(u64, u64)> = self
            .aio
            .values()
            .filter(|v| v.0 == handle)
            .map(|v| (v.1, v.2))
            .collect();
        left.sort_unstable();
        self.aio.retain(|_, v| v.0 != handle);
        for (id, bytes) in left {
            cx.complete_op(t, handle, bytes, id)?;
        }
        Ok(())
    }

    /// The start of an io_uring submission (UringStart) on one of these descriptors.
    pub(crate) fn begin_uring<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<Option<Op>, Error> {
        let fds = &self.fds;
        self.uring
            .begin(cx, t0, info, r, |fd| fds.get(&fd).map(|e| e.handle))
    }

    /// A child was forked that inherited `fds`: their positions now move with the child's
    /// I/O too, which this process's trace does not show.
    pub(crate) fn forked(&mut self, fds: &[i32]) {
        for fd in fds {
            if let Some(e) = self.fds.get(fd) {
                e.ofd.borrow_mut().pos = None;
            }
        }
    }
}

/// Opens and closes of descriptors, dup and fcntl.
impl PosixState {
    /// The end of an open (OpenFd): the returned descriptor is a new handle at position 0 (no
    /// position on a pipe, a socket or an anonymous inode).
    pub(crate) fn opened_fd<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        handle: Option<u32>,
    ) -> Result<(), Error> {
        let (Some(h), Mapping::OpenFd { flags, path }) = (handle, info.mapping) else {
            return Ok(());
        };
        let pos = cx.sh.start_position(field(info, r, path));
        let fl = match flags {
            Flags::Field(i) => field(info, r, i) as u32,
            Flags::Fixed(f) => f,
            Flags::FixedOr(f, i) => f | field(info, r, i) as u32,
        };
        let fd = r.ret() as i32;
        self.close_fd(cx, t1, fd)?;
        cx.s.create_handle(
            cx.defs,
            t1,
            h,
            access_mode(fl),
            creation_flags(fl),
            status_flags(fl),
        )?;
        let append = fl & libc::O_APPEND as u32 != 0;
        self.fds.insert(fd, FdEntry::new(h, pos, append));
        Ok(())
    }

    /// A successful close(fd). (A stream on `fd` no longer owns it:
    /// [`super::stdio::StdioState::fd_closed`].)
    pub(crate) fn fd_closed<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        fd: i32,
    ) -> Result<(), Error> {
        self.close_fd(cx, t1, fd)
    }

    /// A successful dup / dup2 / dup3 (Dup): the returned fd shares the old one's open file
    /// description.
    pub(crate) fn dup_call<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        old: u8,
    ) -> Result<Option<Dup>, Error> {
        let (o, n) = (field(info, r, old) as i32, r.ret() as i32);
        let cloexec = info.name == "dup3" && r.fields[2] as i32 & libc::O_CLOEXEC != 0;
        self.dup(cx, t1, o, n, cloexec)
    }

    fn dup<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t: u64,
        old: i32,
        new: i32,
        cloexec: bool,
    ) -> Result<Option<Dup>, Error> {
        if old == new {
            return Ok(None);
        }
        self.close_fd(cx, t, new)?;
        let Some(e) = self.fds.get(&old) else {
            return Ok(None);
        };
        let (oh, ofd) = (e.handle, e.ofd.clone());
        let nh = cx.sh.twin_handle(cx.defs, oh);
        let st = if cloexec {
            StatusFlags::CLOSE_ON_EXEC
        } else {
            StatusFlags::NONE
        };
        cx.s.duplicate_handle(cx.defs, t, oh, nh, st)?;
        let pos = ofd.borrow().pos;
        self.fds.insert(new, FdEntry { handle: nh, ofd });
        Ok(Some(Dup {
            fd: new,
            handle: nh,
            pos,
        }))
    }

    /// A successful fcntl: the command decides (fields are [fd, cmd, arg, ...]). F_DUPFD
    /// makes a descriptor like dup.
    pub(crate) fn fcntl<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t: u64,
        r: &Record,
    ) -> Result<Option<Dup>, Error> {
        let fd = r.fields[0] as i32;
        let cmd = r.fields[1] as i32;
        let arg = r.fields[2];
        match cmd {
            libc::F_DUPFD | libc::F_DUPFD_CLOEXEC => {
                return self.dup(cx, t, fd, r.ret() as i32, cmd == libc::F_DUPFD_CLOEXEC)
            }
            libc::F_SETFL => {
                if let Some(e) = self.fds.get(&fd) {
                    e.ofd.borrow_mut().append = arg as i32 & libc::O_APPEND != 0;
                    cx.s.change_status_flags(cx.defs, t, e.handle, status_flags(arg as u32))?;
                }
            }
            libc::F_SETLK | libc::F_SETLKW | libc::F_OFD_SETLK | libc::F_OFD_SETLKW => {
                self.fcntl_lock(cx, t, fd, cmd, arg as i32)?
            }
            _ => {}
        }
        Ok(None)
    }

    /// fcntl's record locks: `kind` is the lock's type (F_RDLCK, F_WRLCK, F_UNLCK).
    fn fcntl_lock<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t: u64,
        fd: i32,
        cmd: i32,
        kind: i32,
    ) -> Result<(), Error> {
        let Some(e) = self.fds.get(&fd) else {
            return Ok(());
        };
        let h = e.handle;
        match kind {
            x if x == libc::F_UNLCK => {
                let ty = self.locks.remove(&h).unwrap_or(LockType::Exclusive);
                cx.s.lock(cx.defs, t, h, LockOp::Release, ty)?;
            }
            x => {
                let ty = if x == libc::F_RDLCK {
                    LockType::Shared
                } else {
                    LockType::Exclusive
                };
                self.locks.insert(h, ty);
                if cmd == libc::F_SETLKW || cmd == libc::F_OFD_SETLKW {
                    cx.s.lock(cx.defs, t, h, LockOp::Acquire, ty)?;
                } else {
                    cx.s.lock(cx.defs, t, h, LockOp::Try, ty)?;
                }
            }
        }
        Ok(())
    }
}

/// Locks and deletions.
impl PosixState {
    /// A successful flock(fd, op).
    pub(crate) fn flock<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Error> {
        let Mapping::Flock { fd, op } = info.mapping else {
            return Ok(());
        };
        let Some(e) = self.fds.get(&(field(info, r, fd) as i32)) else {
            return Ok(());
        };
        let h = e.handle;
        let op = field(info, r, op) as i32;
        let ty = if op & libc::LOCK_SH != 0 {
            LockType::Shared
        } else {
            LockType::Exclusive
        };
        if op & libc::LOCK_UN != 0 {
            let ty = self.locks.remove(&h).unwrap_or(LockType::Exclusive);
            cx.s.lock(cx.defs, t1, h, LockOp::Release, ty)?;
        } else if op & libc::LOCK_NB != 0 {
            self.locks.insert(h, ty);
            cx.s.lock(cx.defs, t1, h, LockOp::Try, ty)?;
        } else {
            self.locks.insert(h, ty);
            cx.s.lock(cx.defs, t1, h, LockOp::Acquire, ty)?;
        }
        Ok(())
    }

    /// A successful lockf(fd, cmd, len).
    pub(crate) fn lockf<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Error> {
        let Mapping::Lockf { fd, cmd } = info.mapping else {
            return Ok(());
        };
        let Some(e) = self.fds.get(&(field(info, r, fd) as i32)) else {
            return Ok(());
        };
        let h = e.handle;
        match field(info, r, cmd) as i32 {
            libc::F_LOCK => {
                cx.s.lock(cx.defs, t1, h, LockOp::Acquire, LockType::Exclusive)?
            }
            libc::F_TLOCK => {
                cx.s.lock(cx.defs, t1, h, LockOp::Try, LockType::Exclusive)?
            }
            libc::F_ULOCK => {
                cx.s.lock(cx.defs, t1, h, LockOp::Release, LockType::Exclusive)?
            }
            _ => {}
        }
        Ok(())
    }

    /// A successful unlink / rmdir / remove (Delete) of the file in field `path`.
    pub(crate) fn delete<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        path: u8,
    ) -> Result<(), Error> {
        let dir = info.name == "rmdir"
            || (info.name == "unlinkat" && r.fields[2] as i32 & libc::AT_REMOVEDIR != 0);
        if let Some(file) = cx.sh.file(cx.defs, field(info, r, path), dir) {
            cx.s.delete_file(cx.defs, t1, cx.defs.paradigm(info.layer), file)?;
        }
        Ok(())
    }
}

/// Metadata calls on a path that make no handle.
impl PosixState {
    /// stat, mkdir, chmod, rename ...: the file of the call's first path argument, told to
    /// the sink (no OTF2 event; analyses count it for the file).
    pub(crate) fn path_meta<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Error> {
        let Some(i) = info.args.iter().position(|a| a.1 == Kind::File) else {
            return Ok(());
        };
        let dir = info.name.starts_with("mkdir");
        if let Some(file) = cx.sh.file(cx.defs, r.fields[i], dir) {
            cx.s.path_meta(cx.defs, t1, cx.defs.paradigm(info.layer), file)?;
        }
        Ok(())
    }
}

/// The aio family: operations in flight known by their aiocb until aio_return.
impl PosixState {
    /// The start of aio_read/aio_write (AioStart): `Begin[NON_BLOCKING]` on the descriptor.
    pub(crate) fn begin_aio<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<Option<Op>, Error> {
        let Mapping::AioStart {
            dir, fd, req, off, ..
        } = info.mapping
        else {
            return Ok(None);
        };
        let Some(e) = self.fds.get(&(field(info, r, fd) as i32)) else {
            return Ok(None);
        };
        let h = e.handle;
        let mode = if dir == Dir::Read {
            OpMode::Read
        } else {
            OpMode::Write
        };
        cx.begin_op(
            t0,
            h,
            (mode, OpFlags::NON_BLOCKING),
            field(info, r, req),
            Some(field(info, r, off)),
        )
    }

    /// The end of aio_read/aio_write: the operation is issued, in flight under its aiocb.
    pub(crate) fn aio_issued<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        op: Option<Op>,
    ) -> Result<(), Error> {
        let (Some((h, id)), Mapping::AioStart { cb, req, .. }) = (op, info.mapping) else {
            return Ok(());
        };
        cx.s.op_issued(cx.defs, t1, h, id)?;
        self.aio
            .insert(field(info, r, cb), (h, id, field(info, r, req)));
        Ok(())
    }

    /// aio_error on the aiocb in field `cb`: EINPROGRESS is an unsuccessful test.
    pub(crate) fn aio_test<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        cb: u8,
    ) -> Result<(), Error> {
        if r.ret() as i32 == libc::EINPROGRESS {
            if let Some(&(h, id, _)) = self.aio.get(&field(info, r, cb)) {
                cx.s.op_test(cx.defs, t1, h, id)?;
            }
        }
        Ok(())
    }

    /// aio_return on the aiocb in field `cb`: the operation completes with the returned bytes.
    pub(crate) fn aio_complete<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        cb: u8,
    ) -> Result<(), Error> {
        let ret = r.ret();
        if let Some((h, id, _)) = self.aio.remove(&field(info, r, cb)) {
            let got = if ret as i64 >= 0 { ret } else { 0 };
            cx.complete_op(t1, h, got, id)?;
        }
        Ok(())
    }

    /// A successful aio_cancel(fd, cb): AIO_CANCELED cancels `cb` (or every pending one of
    /// `fd` when NULL).
    pub(crate) fn aio_cancel<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Error> {
        let Mapping::AioCancel { fd, cb } = info.mapping else {
            return Ok(());
        };
        if r.ret() as i32 != libc::AIO_CANCELED {
            return Ok(());
        }
        let key = field(info, r, cb);
        let victims: Vec<(u64, (u32, u64, u64))> = if key != 0 {
            self.aio
                .remove(&key)
                .map(|v| vec![(key, v)])
                .unwrap_or_default()
        } else {
            let h = self.fds.get(&(field(info, r, fd) as i32)).map(|e| e.handle);
            let keys: Vec<u64> = self
                .aio
                .iter()
                .filter(|(_, v)| Some(v.0) == h)
                .map(|(k, _)| *k)
                .collect();
            keys.into_iter()
                .filter_map(|k| self.aio.remove(&k).map(|v| (k, v)))
                .collect()
        };
        for (_, (h, id, _)) in victims {
            cx.cancel_op(t1, h, id)?;
        }
        Ok(())
    }
}
