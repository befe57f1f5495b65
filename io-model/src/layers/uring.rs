//! io_uring through liburing: each submission queue entry the kernel consumed is an
//! `io_uring_sqe` event inside the submitting call (UringStart), each completion queue entry
//! seen an `io_uring_cqe` event (UringDone). A read, write or fsync on a known descriptor is a
//! non-blocking operation begun and issued by its SQE and completed (or cancelled) by the
//! CQE with the same ring and user_data; entries are matched oldest first, whether they are
//! I/O operations or not (other opcodes, fixed files), so that a user_data reused by another
//! kind of request does not take the place of an operation.

use super::ctx::Ctx;
use super::record::{field, Op};
use crate::error::Error;
use crate::kinds::*;
use crate::sink::Sink;
use hashbrown::HashMap;
use io_events::codec::Record;
use io_events::functions::{FunctionInfo, Mapping};
use std::collections::VecDeque;

/// An entry in flight under its (ring, user_data): (handle, matching id, requested bytes) of
/// its operation, or None for an entry that is no I/O operation.
pub(crate) type UringQueue = VecDeque<Option<(u32, u64, u64)>>;

/// The io_uring layer's part of a process's state (kept with the descriptors: its
/// operations end with their descriptor's handle).
#[derive(Default)]
pub(crate) struct UringState {
    /// Entries in flight, oldest first, by (ring, user_data).
    queues: HashMap<(u64, u64), UringQueue>,
}

impl UringState {
    /// The start of an SQE (UringStart): field `dir` 1 READ, 2 WRITE, 3 FLUSH on a known
    /// descriptor is `Begin[NON_BLOCKING]` of `req` bytes (none for a flush), at offset `off`
    /// unless it is -1; 0 begins nothing. `fd_handle` is the handle of an open descriptor
    /// (an unknown one gets a stand-in).
    pub(crate) fn begin<S: Sink>(
        &self,
        cx: &mut Ctx<S>,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
        fd_handle: impl Fn(i32) -> Option<u32>,
    ) -> Result<Option<Op>, Error> {
        let Mapping::UringStart {
            fd, dir, req, off, ..
        } = info.mapping
        else {
            return Ok(None);
        };
        let mode = match field(info, r, dir) {
            1 => OpMode::Read,
            2 => OpMode::Write,
            3 => OpMode::Flush,
            _ => return Ok(None),
        };
        let fdn = field(info, r, fd) as i32;
        let h = match fd_handle(fdn) {
            Some(h) => h,
            None => cx
                .sh
                .stand_in_op(cx.defs, info.layer, fdn as u64, || format!("fd {fdn}")),
        };
        let o = field(info, r, off);
        let flush = mode == OpMode::Flush;
        let bytes = if flush { 0 } else { field(info, r, req) };
        let offset = (o as i64 != -1 && !flush).then_some(o);
        cx.begin_op(t0, h, (mode, OpFlags::NON_BLOCKING), bytes, offset)
    }

    /// The end of an SQE: its operation (if any) is issued; the entry stays in flight under
    /// (ring, user_data) behind the older ones.
    pub(crate) fn issued<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        op: Option<Op>,
    ) -> Result<(), Error> {
        let Mapping::UringStart { ring, id, req, .. } = info.mapping else {
            return Ok(());
        };
        let key = (field(info, r, ring), field(info, r, id));
        let entry = op.map(|(h, mid)| (h, mid, field(info, r, req)));
        if let Some((h, mid)) = op {
            cx.s.op_issued(cx.defs, t1, h, mid)?;
        }
        self.queues.entry(key).or_default().push_back(entry);
        Ok(())
    }

    /// A CQE (UringDone): the oldest entry in flight with its (ring, user_data) ends; its
    /// operation completes with the result as bytes (0 when negative), or is cancelled
    /// (-ECANCELED).
    pub(crate) fn done<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Error> {
        let Mapping::UringDone { ring, id } = info.mapping else {
            return Ok(());
        };
        let key = (field(info, r, ring), field(info, r, id));
        let next = self.queues.get_mut(&key).and_then(|q| q.pop_front());
        if self.queues.get(&key).is_some_and(|q| q.is_empty()) {
            self.queues.remove(&key);
        }
        if let Some(Some((h, mid, _))) = next {
            let res = r.ret() as i64;
            if res == -(libc::ECANCELED as i64) {
                cx.cancel_op(t1, h, mid)?;
            } else {
                cx.complete_op(t1, h, res.max(0) as u64, mid)?;
            }
        }
        Ok(())
    }

    /// io_uring operations on a handle being destroyed whose completion was never seen (more
    /// completions than the ring holds between two liburing calls): complete as requested.
    pub(crate) fn end_ops<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t: u64,
        handle: u32,
    ) -> Result<(), Error> {
        let mut left = Vec::new();
        for q in self.queues.values_mut() {
            q.retain(|e| match e {
                Some((h, id, bytes)) if *h == handle => {
                    left.push((*id, *bytes));
                    false
                }
                _ => true,
            });
        }
        left.sort_unstable();
        for (id, bytes) in left {
            cx.complete_op(t, handle, bytes, id)?;
        }
        Ok(())
    }
}
