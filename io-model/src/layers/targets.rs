//! Transfers, flushes, in-kernel copies and seeks on a descriptor, a stream or a layer's
//! proxy (the POSIX and ISO C layers share this bookkeeping): the implicit file positions
//! of descriptors and of the streams on them, and how I/O on one side of a stream makes the
//! other side's position unknown.

use super::ctx::Ctx;
use super::posix::PosixState;
use super::record::{field, mode_bytes, Op};
use super::stdio::StdioState;
use crate::error::Error;
use crate::kinds::*;
use crate::sink::Sink;
use io_events::codec::Record;
use io_events::functions::{Dir, FunctionInfo, Mapping, Off, Target, RET};
use std::rc::Rc;

/// The descriptors and streams a call may act on.
pub(crate) struct Targets<'a> {
    pub(crate) posix: &'a mut PosixState,
    pub(crate) stdio: &'a mut StdioState,
}

/// Descriptors, their handles and positions.
impl Targets<'_> {
    /// The handle a call acts on: its descriptor's, its stream's or the layer's proxy.
    pub(crate) fn target<S>(
        &mut self,
        cx: &mut Ctx<S>,
        info: &FunctionInfo,
        r: &Record,
        t: Target,
    ) -> Option<u32> {
        match t {
            Target::Fd(i) => self
                .posix
                .fds
                .get(&(field(info, r, i) as i32))
                .map(|e| e.handle),
            Target::Stream(i) => {
                let key = field(info, r, i);
                if key == 0 {
                    Some(cx.defs.proxy(info.layer)) // fflush(NULL)
                } else {
                    self.stdio.streams.get(&key).map(|s| s.handle)
                }
            }
            Target::Proxy => Some(cx.defs.proxy(info.layer)),
        }
    }

    /// The handle of an operation on a descriptor or stream the trace does not show opened
    /// (inherited from an untraced parent, made by an untraced call): a stand-in.
    fn stand_in_target<S>(
        &mut self,
        cx: &mut Ctx<S>,
        info: &FunctionInfo,
        r: &Record,
        t: Target,
    ) -> u32 {
        let (key, what) = match t {
            Target::Fd(i) => (field(info, r, i), "fd"),
            Target::Stream(i) => (field(info, r, i), "stream"),
            Target::Proxy => (0, "proxy"),
        };
        cx.sh.stand_in_op(cx.defs, info.layer, key, || match t {
            Target::Fd(_) => format!("{what} {}", key as i32),
            _ => format!("{what} {key:#x}"),
        })
    }

    /// The position of a target is no longer known (a seek whose result was not recorded).
    fn forget_position(&mut self, info: &FunctionInfo, r: &Record, t: Target) {
        match t {
            Target::Fd(i) => {
                if let Some(e) = self.posix.fds.get(&(field(info, r, i) as i32)) {
                    e.ofd.borrow_mut().pos = None;
                }
            }
            Target::Stream(i) => {
                if let Some(s) = self.stdio.streams.get_mut(&field(info, r, i)) {
                    s.pos = None;
                }
            }
            Target::Proxy => {}
        }
    }

    /// The implicit position of a target (and a way to advance it).
    fn position(&self, info: &FunctionInfo, r: &Record, t: Target, dir: Dir) -> Option<u64> {
        match t {
            Target::Fd(i) => self
                .posix
                .fds
                .get(&(field(info, r, i) as i32))
                .and_then(|e| {
                    let o = e.ofd.borrow();
                    // An appending write goes to the end of the file, which is not tracked.
                    if o.append && dir == Dir::Write {
                        None
                    } else {
                        o.pos
                    }
                }),
            Target::Stream(i) => self
                .stdio
                .streams
                .get(&field(info, r, i))
                .and_then(|s| s.pos),
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
                if let Some(e) = self.posix.fds.get(&(field(info, r, i) as i32)) {
                    let mut o = e.ofd.borrow_mut();
                    o.pos = if o.append && pos.is_none() {
                        None
                    } else {
                        apply(o.pos)
                    };
                }
            }
            Target::Stream(i) => {
                if let Some(s) = self.stdio.streams.get_mut(&field(info, r, i)) {
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
                if let Some(e) = self.posix.fds.get(&(field(info, r, i) as i32)) {
                    back(&mut e.ofd.borrow_mut().pos);
                }
            }
            Target::Stream(i) => {
                if let Some(s) = self.stdio.streams.get_mut(&field(info, r, i)) {
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
                let fd = self
                    .stdio
                    .streams
                    .get(&field(info, r, i))
                    .and_then(|s| s.fd);
                if let Some(e) = fd.and_then(|fd| self.posix.fds.get(&fd)) {
                    e.ofd.borrow_mut().pos = None;
                }
            }
            Target::Fd(i) => {
                let Some(ofd) = self
                    .posix
                    .fds
                    .get(&(field(info, r, i) as i32))
                    .map(|e| e.ofd.clone())
                else {
                    return;
                };
                let fds = &self.posix.fds;
                for s in self.stdio.streams.values_mut() {
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
impl Targets<'_> {
    /// IoOperationBegin of one operation of a call, if its handle is known.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn begin_op<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
        target: Target,
        dir: Dir,
        req: u8,
        off: Off,
    ) -> Result<Option<Op>, Error> {
        let h = match self.target(cx, info, r, target) {
            Some(h) => h,
            None => self.stand_in_target(cx, info, r, target),
        };
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
        cx.begin_op(t0, h, (mode, OpFlags::NONE), bytes, offset)
    }

    /// IoOperationComplete of one operation, and the position it moves.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn complete_op<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        target: Target,
        dir: Dir,
        xfer: u8,
        off: Off,
        (h, id): Op,
    ) -> Result<(), Error> {
        let got = if dir == Dir::Flush {
            0
        } else {
            field(info, r, xfer)
        };
        cx.complete_op(t1, h, got, id)?;
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
        cx: &mut Ctx<S>,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<Option<Op>, Error> {
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
        self.begin_op(cx, t0, info, r, target, dir, req, off)
    }

    /// The end of a transfer or flush (Data) started as `op`.
    pub(crate) fn complete_data<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        op: Option<Op>,
    ) -> Result<(), Error> {
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
        self.complete_op(cx, t1, info, r, target, dir, xfer, off, op)
    }

    /// The start of an in-kernel copy (Copy: copy_file_range, sendfile): a read on one
    /// descriptor and a write on the other.
    pub(crate) fn begin_copy<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(Option<Op>, Option<Op>), Error> {
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
        let read = self.begin_op(cx, t0, info, r, Target::Fd(from), Dir::Read, req, off_from)?;
        let write = self.begin_op(cx, t0, info, r, Target::Fd(to), Dir::Write, req, off_to)?;
        Ok((read, write))
    }

    /// The end of an in-kernel copy: both operations move the returned byte count.
    pub(crate) fn complete_copy<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        (read, write): (Option<Op>, Option<Op>),
    ) -> Result<(), Error> {
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
            self.complete_op(cx, t1, info, r, from, rd, RET, off_from, op)?;
        }
        if let Some(op) = write {
            let (to, wr) = (Target::Fd(to), Dir::Write);
            self.complete_op(cx, t1, info, r, to, wr, RET, off_to, op)?;
        }
        Ok(())
    }

    /// A successful seek (Seek) on a descriptor or a stream.
    pub(crate) fn seek<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Error> {
        let Mapping::Seek {
            target,
            offset,
            whence: wh,
            result,
        } = info.mapping
        else {
            return Ok(());
        };
        let Some(h) = self.target(cx, info, r, target) else {
            return Ok(());
        };
        let res = result.map(|i| field(info, r, i)).filter(|&v| v as i64 >= 0);
        let wv = if wh == RET { 0 } else { field(info, r, wh) };
        cx.s.seek(
            cx.defs,
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
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        target: Target,
    ) -> Result<(), Error> {
        if let Some(h) = self.target(cx, info, r, target) {
            cx.s.seek(cx.defs, t1, h, 0, Whence::FromStart, 0)?;
            self.set_position(info, r, target, Some(0), None);
            self.positions_diverge(info, r, target);
        }
        Ok(())
    }
}
