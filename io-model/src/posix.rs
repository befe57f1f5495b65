//! POSIX file descriptors: which file each fd is (dup'ed fds share one open file description,
//! hence one position), the implicit file positions of descriptors and of the streams on
//! them, data transfers and in-kernel copies, seeks, dup and fcntl, flock/lockf/fcntl locks,
//! deletions, and the aio family (non-blocking operations known by their aiocb).

use crate::kinds::*;
use crate::process::{field, mode_bytes, Err, Op, ProcessState};
use crate::sink::{OpBegin, Sink};
use definitions::GlobalDefs;
use io_events::codec::Record;
use io_events::functions::{Dir, Flags, FunctionInfo, Kind, Mapping, Off, Target, RET};
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

/// Descriptors, their handles and positions.
impl ProcessState<'_> {
    pub(crate) fn close_fd<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t: u64,
        fd: i32,
    ) -> Result<(), Err> {
        if let Some(e) = self.fds.remove(&fd) {
            self.destroy(defs, s, t, e.handle)?;
        }
        Ok(())
    }

    /// The handle a call acts on: its descriptor's, its stream's or the layer's proxy.
    pub(crate) fn target(
        &mut self,
        defs: &mut GlobalDefs,
        info: &FunctionInfo,
        r: &Record,
        t: Target,
    ) -> Option<u32> {
        match t {
            Target::Fd(i) => self.fds.get(&(field(info, r, i) as i32)).map(|e| e.handle),
            Target::Stream(i) => {
                let key = field(info, r, i);
                if key == 0 {
                    Some(defs.proxy(info.layer)) // fflush(NULL)
                } else {
                    self.streams.get(&key).map(|s| s.handle)
                }
            }
            Target::Proxy => Some(defs.proxy(info.layer)),
        }
    }

    /// The handle of an operation on a descriptor or stream the trace does not show opened
    /// (inherited from an untraced parent, made by an untraced call): a stand-in.
    fn stand_in_target(
        &mut self,
        defs: &mut GlobalDefs,
        info: &FunctionInfo,
        r: &Record,
        t: Target,
    ) -> u32 {
        let (key, what) = match t {
            Target::Fd(i) => (field(info, r, i), "fd"),
            Target::Stream(i) => (field(info, r, i), "stream"),
            Target::Proxy => (0, "proxy"),
        };
        self.stand_in_op(defs, info.layer, key, || match t {
            Target::Fd(_) => format!("{what} {}", key as i32),
            _ => format!("{what} {key:#x}"),
        })
    }

    /// The position of a target is no longer known (a seek whose result was not recorded).
    fn forget_position(&mut self, info: &FunctionInfo, r: &Record, t: Target) {
        match t {
            Target::Fd(i) => {
                if let Some(e) = self.fds.get(&(field(info, r, i) as i32)) {
                    e.ofd.borrow_mut().pos = None;
                }
            }
            Target::Stream(i) => {
                if let Some(s) = self.streams.get_mut(&field(info, r, i)) {
                    s.pos = None;
                }
            }
            Target::Proxy => {}
        }
    }

    /// The implicit position of a target (and a way to advance it).
    fn position(&self, info: &FunctionInfo, r: &Record, t: Target, dir: Dir) -> Option<u64> {
        match t {
            Target::Fd(i) => self.fds.get(&(field(info, r, i) as i32)).and_then(|e| {
                let o = e.ofd.borrow();
                // An appending write goes to the end of the file, which is not tracked.
                if o.append && dir == Dir::Write {
                    None
                } else {
                    o.pos
                }
            }),
            Target::Stream(i) => self.streams.get(&field(info, r, i)).and_then(|s| s.pos),
            Target::Proxy => None,
        }
    }

    fn set_position(
        &mut self,
        info: &FunctionInfo,
        r: &Record,
        t: Target,
        pos: Option<u64>,
        advance: Option<u64>,
    ) {
        let apply = |cur: Option<u64>| match (pos, advance) {
            (Some(p), _) => Some(p),
            (None, Some(a)) => cur.map(|c| c + a),
            (None, None) => cur,
        };
        match t {
            Target::Fd(i) => {
                if let Some(e) = self.fds.get(&(field(info, r, i) as i32)) {
                    let mut o = e.ofd.borrow_mut();
                    o.pos = if o.append && pos.is_none() {
                        None
                    } else {
                        apply(o.pos)
                    };
                }
            }
            Target::Stream(i) => {
                if let Some(s) = self.streams.get_mut(&field(info, r, i)) {
                    s.pos = apply(s.pos);
                }
            }
            Target::Proxy => {}
        }
    }

    /// Move the position of a target back by `n` bytes taken but not transferred.
    fn give_back(&mut self, info: &FunctionInfo, r: &Record, t: Target, n: u64) {
        let back = |p: &mut Option<u64>| *p = p.map(|p| p.saturating_sub(n));
        match t {
            Target::Fd(i) => {
                if let Some(e) = self.fds.get(&(field(info, r, i) as i32)) {
                    back(&mut e.ofd.borrow_mut().pos);
                }
            }
            Target::Stream(i) => {
                if let Some(s) = self.streams.get_mut(&field(info, r, i)) {
                    back(&mut s.pos);
                }
            }
            Target::Proxy => {}
        }
    }

    /// A stream and the descriptor under it (or a duplicate of it) share one file position,
    /// but stdio buffers: I/O or a seek through the stream moves the descriptor's position by
    /// an amount the trace does not show, and I/O on the descriptor moves the stream's. After
    /// either, the other side's position is unknown (no Offset rather than a wrong one).
    fn positions_diverge(&mut self, info: &FunctionInfo, r: &Record, t: Target) {
        match t {
            Target::Stream(i) => {
                let fd = self.streams.get(&field(info, r, i)).and_then(|s| s.fd);
                if let Some(e) = fd.and_then(|fd| self.fds.get(&fd)) {
                    e.ofd.borrow_mut().pos = None;
                }
            }
            Target::Fd(i) => {
                let Some(ofd) = self
                    .fds
                    .get(&(field(info, r, i) as i32))
                    .map(|e| e.ofd.clone())
                else {
                    return;
                };
                let fds = &self.fds;
                for s in self.streams.values_mut() {
                    let shared =
                        s.fd.and_then(|fd| fds.get(&fd))
                            .is_some_and(|e| Rc::ptr_eq(&e.ofd, &ofd));
                    if shared {
                        s.pos = None;
                    }
                }
            }
            Target::Proxy => {}
        }
    }

    /// A child was forked that inherited `fds`: their positions (and those of the streams on
    /// them) now move with the child's I/O too, which this process's trace does not show.
    pub(crate) fn forked(&mut self, fds: &[i32]) {
        for fd in fds {
            if let Some(e) = self.fds.get(fd) {
                e.ofd.borrow_mut().pos = None;
            }
        }
        for s in self.streams.values_mut() {
            if s.fd.is_some_and(|fd| fds.contains(&fd)) {
                s.pos = None;
            }
        }
    }
}

/// Opens and closes of descriptors, dup and fcntl.
impl ProcessState<'_> {
    /// The end of an open (OpenFd): the returned descriptor is a new handle at position 0 (no
    /// position on a pipe, a socket or an anonymous inode).
    pub(crate) fn opened_fd<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        handle: Option<u32>,
    ) -> Result<(), Err> {
        let (Some(h), Mapping::OpenFd { flags, path }) = (handle, info.mapping) else {
            return Ok(());
        };
        let pos = self.start_position(field(info, r, path));
        let fl = match flags {
            Flags::Field(i) => field(info, r, i) as u32,
            Flags::Fixed(f) => f,
            Flags::FixedOr(f, i) => f | field(info, r, i) as u32,
        };
        let fd = r.ret() as i32;
        self.close_fd(defs, s, t1, fd)?;
        s.create_handle(
            defs,
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

    /// A successful close(fd).
    pub(crate) fn fd_closed<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t1: u64,
        fd: i32,
    ) -> Result<(), Err> {
        self.close_fd(defs, s, t1, fd)?;
        // close(fileno(f)): the stream no longer owns that number, so a later
        // fclose(f) must not close whatever reuses it.
        for s in self.streams.values_mut() {
            if s.fd == Some(fd) {
                s.fd = None;
            }
        }
        Ok(())
    }

    /// A successful dup / dup2 / dup3 (Dup): the returned fd shares the old one's open file
    /// description.
    pub(crate) fn dup_call<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        old: u8,
    ) -> Result<(), Err> {
        let (o, n) = (field(info, r, old) as i32, r.ret() as i32);
        let cloexec = info.name == "dup3" && r.fields[2] as i32 & libc::O_CLOEXEC != 0;
        self.dup(defs, s, t1, o, n, cloexec)
    }

    fn dup<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t: u64,
        old: i32,
        new: i32,
        cloexec: bool,
    ) -> Result<(), Err> {
        if old == new {
            return Ok(());
        }
        self.close_fd(defs, s, t, new)?;
        let Some(e) = self.fds.get(&old) else {
            return Ok(());
        };
        let (oh, ofd) = (e.handle, e.ofd.clone());
        let nh = self.twin_handle(defs, oh);
        let st = if cloexec {
            StatusFlags::CLOSE_ON_EXEC
        } else {
            StatusFlags::NONE
        };
        s.duplicate_handle(defs, t, oh, nh, st)?;
        let pos = ofd.borrow().pos;
        self.fds.insert(new, FdEntry { handle: nh, ofd });
        self.rebind_streams(defs, s, t, new, nh, pos)
    }

    /// A successful fcntl: the command decides (fields are [fd, cmd, arg, ...]).
    pub(crate) fn fcntl<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t: u64,
        r: &Record,
    ) -> Result<(), Err> {
        let fd = r.fields[0] as i32;
        let cmd = r.fields[1] as i32;
        let arg = r.fields[2];
        match cmd {
            libc::F_DUPFD | libc::F_DUPFD_CLOEXEC => {
                self.dup(defs, s, t, fd, r.ret() as i32, cmd == libc::F_DUPFD_CLOEXEC)?
            }
            libc::F_SETFL => {
                if let Some(e) = self.fds.get(&fd) {
                    e.ofd.borrow_mut().append = arg as i32 & libc::O_APPEND != 0;
                    s.change_status_flags(defs, t, e.handle, status_flags(arg as u32))?;
                }
            }
            libc::F_SETLK | libc::F_SETLKW | libc::F_OFD_SETLK | libc::F_OFD_SETLKW => {
                self.fcntl_lock(defs, s, t, fd, cmd, arg as i32)?
            }
            _ => {}
        }
        Ok(())
    }

    /// fcntl's record locks: `kind` is the lock's type (F_RDLCK, F_WRLCK, F_UNLCK).
    fn fcntl_lock<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t: u64,
        fd: i32,
        cmd: i32,
        kind: i32,
    ) -> Result<(), Err> {
        let Some(e) = self.fds.get(&fd) else {
            return Ok(());
        };
        let h = e.handle;
        match kind {
            x if x == libc::F_UNLCK => {
                let ty = self.locks.remove(&h).unwrap_or(LockType::Exclusive);
                s.lock(defs, t, h, LockOp::Release, ty)?;
            }
            x => {
                let ty = if x == libc::F_RDLCK {
                    LockType::Shared
                } else {
                    LockType::Exclusive
                };
                self.locks.insert(h, ty);
                if cmd == libc::F_SETLKW || cmd == libc::F_OFD_SETLKW {
                    s.lock(defs, t, h, LockOp::Acquire, ty)?;
                } else {
                    s.lock(defs, t, h, LockOp::Try, ty)?;
                }
            }
        }
        Ok(())
    }
}

/// Whether a transfer is at the file position (no offset of its own).
fn at_position(info: &FunctionInfo, r: &Record, off: Off) -> bool {
    match off {
        Off::Implicit => true,
        Off::FieldOrImplicit(i) => field(info, r, i) as i64 == -1,
        _ => false,
    }
}

/// The bytes a transfer or copy asks for.
fn requested(info: &FunctionInfo, r: &Record, dir: Dir) -> u64 {
    match info.mapping {
        Mapping::Data { req, .. } | Mapping::Copy { req, .. } => mode_bytes(info, r, dir, req).1,
        _ => 0,
    }
}

/// Transfers, copies and seeks on descriptors (and, sharing the same bookkeeping, on streams).
impl ProcessState<'_> {
    /// IoOperationBegin of one operation of a call, if its handle is known.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn begin_op<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
        target: Target,
        dir: Dir,
        req: u8,
        off: Off,
    ) -> Result<Option<Op>, Err> {
        let h = match self.target(defs, info, r, target) {
            Some(h) => h,
            None => self.stand_in_target(defs, info, r, target),
        };
        let id = self.op_id();
        let offset = match off {
            Off::Field(i) => Some(field(info, r, i)),
            Off::FieldOrImplicit(i) if field(info, r, i) as i64 != -1 => Some(field(info, r, i)),
            Off::Implicit | Off::FieldOrImplicit(_) => self.position(info, r, target, dir),
            Off::None => None,
        };
        let (mode, bytes) = mode_bytes(info, r, dir, req);
        // A transfer at the file position takes its bytes at once (the kernel holds the
        // position for it), so that a transfer another thread makes meanwhile starts after
        // them; a short transfer gives the rest back when it completes.
        if at_position(info, r, off) && dir != Dir::Flush {
            self.set_position(info, r, target, None, Some(bytes));
        }
        s.op_begin(
            defs,
            t0,
            OpBegin {
                handle: h,
                mode,
                flags: OpFlags::NONE,
                bytes,
                id,
                offset,
            },
        )?;
        Ok(Some((h, id)))
    }

    /// IoOperationComplete of one operation, and the position it moves.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn complete_op<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        target: Target,
        dir: Dir,
        xfer: u8,
        off: Off,
        (h, id): Op,
    ) -> Result<(), Err> {
        let got = if dir == Dir::Flush {
            0
        } else {
            field(info, r, xfer)
        };
        s.op_complete(defs, t1, h, got, id)?;
        let implicit = at_position(info, r, off);
        if implicit && dir != Dir::Flush {
            let asked = requested(info, r, dir);
            if got < asked {
                self.give_back(info, r, target, asked - got);
            }
        }
        // Through a stream every operation (a flush too) may move the descriptor under it; on a
        // descriptor only those at the file position do.
        if matches!(target, Target::Stream(_)) || (implicit && dir != Dir::Flush) {
            self.positions_diverge(info, r, target);
        }
        Ok(())
    }

    /// The start of a transfer or flush (Data) on a descriptor, a stream or a proxy.
    pub(crate) fn begin_data<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<Option<Op>, Err> {
        let Mapping::Data {
            target,
            dir,
            req,
            off,
            ..
        } = info.mapping
        else {
            return Ok(None);
        };
        self.begin_op(defs, s, t0, info, r, target, dir, req, off)
    }

    /// The end of a transfer or flush (Data) started as `op`.
    pub(crate) fn complete_data<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        op: Option<Op>,
    ) -> Result<(), Err> {
        let (
            Some(op),
            Mapping::Data {
                target,
                xfer,
                off,
                dir,
                ..
            },
        ) = (op, info.mapping)
        else {
            return Ok(());
        };
        self.complete_op(defs, s, t1, info, r, target, dir, xfer, off, op)
    }

    /// The start of an in-kernel copy (Copy: copy_file_range, sendfile): a read on one
    /// descriptor and a write on the other.
    pub(crate) fn begin_copy<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(Option<Op>, Option<Op>), Err> {
        let Mapping::Copy {
            from,
            to,
            req,
            off_from,
            off_to,
        } = info.mapping
        else {
            return Ok((None, None));
        };
        let read = self.begin_op(
            defs,
            s,
            t0,
            info,
            r,
            Target::Fd(from),
            Dir::Read,
            req,
            off_from,
        )?;
        let write = self.begin_op(
            defs,
            s,
            t0,
            info,
            r,
            Target::Fd(to),
            Dir::Write,
            req,
            off_to,
        )?;
        Ok((read, write))
    }

    /// The end of an in-kernel copy: both operations move the returned byte count.
    pub(crate) fn complete_copy<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        (read, write): (Option<Op>, Option<Op>),
    ) -> Result<(), Err> {
        let Mapping::Copy {
            from,
            to,
            off_from,
            off_to,
            ..
        } = info.mapping
        else {
            return Ok(());
        };
        if let Some(op) = read {
            let (from, rd) = (Target::Fd(from), Dir::Read);
            self.complete_op(defs, s, t1, info, r, from, rd, RET, off_from, op)?;
        }
        if let Some(op) = write {
            let (to, wr) = (Target::Fd(to), Dir::Write);
            self.complete_op(defs, s, t1, info, r, to, wr, RET, off_to, op)?;
        }
        Ok(())
    }

    /// A successful seek (Seek) on a descriptor or a stream.
    pub(crate) fn seek<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Err> {
        let Mapping::Seek {
            target,
            offset,
            whence: wh,
            result,
        } = info.mapping
        else {
            return Ok(());
        };
        let Some(h) = self.target(defs, info, r, target) else {
            return Ok(());
        };
        let res = result.map(|i| field(info, r, i)).filter(|&v| v as i64 >= 0);
        let wv = if wh == RET { 0 } else { field(info, r, wh) };
        s.seek(
            defs,
            t1,
            h,
            field(info, r, offset) as i64,
            whence(wv),
            res.unwrap_or(u64::MAX),
        )?;
        match res {
            Some(_) => self.set_position(info, r, target, res, None),
            None => self.forget_position(info, r, target),
        }
        self.positions_diverge(info, r, target);
        Ok(())
    }

    /// rewind(stream): a seek to 0.
    pub(crate) fn rewind<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        target: Target,
    ) -> Result<(), Err> {
        if let Some(h) = self.target(defs, info, r, target) {
            s.seek(defs, t1, h, 0, Whence::FromStart, 0)?;
            self.set_position(info, r, target, Some(0), None);
            self.positions_diverge(info, r, target);
        }
        Ok(())
    }
}

/// Locks and deletions.
impl ProcessState<'_> {
    /// A successful flock(fd, op).
    pub(crate) fn flock<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Err> {
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
            s.lock(defs, t1, h, LockOp::Release, ty)?;
        } else if op & libc::LOCK_NB != 0 {
            self.locks.insert(h, ty);
            s.lock(defs, t1, h, LockOp::Try, ty)?;
        } else {
            self.locks.insert(h, ty);
            s.lock(defs, t1, h, LockOp::Acquire, ty)?;
        }
        Ok(())
    }

    /// A successful lockf(fd, cmd, len).
    pub(crate) fn lockf<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Err> {
        let Mapping::Lockf { fd, cmd } = info.mapping else {
            return Ok(());
        };
        let Some(e) = self.fds.get(&(field(info, r, fd) as i32)) else {
            return Ok(());
        };
        let h = e.handle;
        match field(info, r, cmd) as i32 {
            libc::F_LOCK => s.lock(defs, t1, h, LockOp::Acquire, LockType::Exclusive)?,
            libc::F_TLOCK => s.lock(defs, t1, h, LockOp::Try, LockType::Exclusive)?,
            libc::F_ULOCK => s.lock(defs, t1, h, LockOp::Release, LockType::Exclusive)?,
            _ => {}
        }
        Ok(())
    }

    /// A successful unlink / rmdir / remove (Delete) of the file in field `path`.
    pub(crate) fn delete<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        path: u8,
    ) -> Result<(), Err> {
        let dir = info.name == "rmdir"
            || (info.name == "unlinkat" && r.fields[2] as i32 & libc::AT_REMOVEDIR != 0);
        if let Some(file) = self.file(defs, field(info, r, path), dir) {
            s.delete_file(defs, t1, defs.paradigm(info.layer), file)?;
        }
        Ok(())
    }
}

/// Metadata calls on a path that make no handle.
impl ProcessState<'_> {
    /// stat, mkdir, chmod, rename ...: the file of the call's first path argument, told to
    /// the sink (no OTF2 event; analyses count it for the file).
    pub(crate) fn path_meta<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Err> {
        let Some(i) = info.args.iter().position(|a| a.1 == Kind::File) else {
            return Ok(());
        };
        let dir = info.name.starts_with("mkdir");
        if let Some(file) = self.file(defs, r.fields[i], dir) {
            s.path_meta(defs, t1, defs.paradigm(info.layer), file)?;
        }
        Ok(())
    }
}

/// The aio family: operations in flight known by their aiocb until aio_return.
impl ProcessState<'_> {
    /// The start of aio_read/aio_write (AioStart): Begin[NON_BLOCKING] on the descriptor.
    pub(crate) fn begin_aio<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<Option<Op>, Err> {
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
        let id = self.op_id();
        let mode = if dir == Dir::Read {
            OpMode::Read
        } else {
            OpMode::Write
        };
        s.op_begin(
            defs,
            t0,
            OpBegin {
                handle: h,
                mode,
                flags: OpFlags::NON_BLOCKING,
                bytes: field(info, r, req),
                id,
                offset: Some(field(info, r, off)),
            },
        )?;
        Ok(Some((h, id)))
    }

    /// The end of aio_read/aio_write: the operation is issued, in flight under its aiocb.
    pub(crate) fn aio_issued<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        op: Option<Op>,
    ) -> Result<(), Err> {
        let (Some((h, id)), Mapping::AioStart { cb, req, .. }) = (op, info.mapping) else {
            return Ok(());
        };
        s.op_issued(defs, t1, h, id)?;
        self.aio
            .insert(field(info, r, cb), (h, id, field(info, r, req)));
        Ok(())
    }

    /// aio_error on the aiocb in field `cb`: EINPROGRESS is an unsuccessful test.
    pub(crate) fn aio_test<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        cb: u8,
    ) -> Result<(), Err> {
        if r.ret() as i32 == libc::EINPROGRESS {
            if let Some(&(h, id, _)) = self.aio.get(&field(info, r, cb)) {
                s.op_test(defs, t1, h, id)?;
            }
        }
        Ok(())
    }

    /// aio_return on the aiocb in field `cb`: the operation completes with the returned bytes.
    pub(crate) fn aio_complete<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        cb: u8,
    ) -> Result<(), Err> {
        let ret = r.ret();
        if let Some((h, id, _)) = self.aio.remove(&field(info, r, cb)) {
            let got = if ret as i64 >= 0 { ret } else { 0 };
            s.op_complete(defs, t1, h, got, id)?;
        }
        Ok(())
    }

    /// A successful aio_cancel(fd, cb): AIO_CANCELED cancels `cb` (or every pending one of
    /// `fd` when NULL).
    pub(crate) fn aio_cancel<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Err> {
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
            s.op_cancelled(defs, t1, h, id)?;
        }
        Ok(())
    }
}
