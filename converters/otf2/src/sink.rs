//! Model events -> OTF2 events, one event writer per thread of the process being converted,
//! with the ids of the process's own definitions (mapped to the global ones when read).

use super::contexts::LocalContexts;
use super::kinds::*;
use super::paradigms::DeleteIds;
use definitions::{GlobalDefs, ATTR_OFFSET, ATTR_VIEW_RANGES, ATTR_VIEW_SPAN};
use io_events::codec::Record;
use io_model::kinds::{AccessMode, CollOp, CreationFlags, LockOp, LockType, StatusFlags, Whence};
use io_model::sink::{OpBegin, Res, Sink, NO_SITE};
use io_model::SinkError;
use otf2_sys::{AttributeValue, EventWriter};

/// OTF2's error as the sink's (the writer takes it back typed from the model's error).
/// Out of line: it boxes, and inlined into every event it kept the events themselves from
/// being inlined into the model's walk.
#[cold]
#[inline(never)]
fn otf2e(e: otf2_sys::Otf2Error) -> SinkError {
    crate::Error::otf2(e).into()
}

pub struct Otf2Sink<'a> {
    pub writers: Vec<EventWriter<'a>>,
    cur: usize,
    /// The paradigm ids of IoDeleteFile events.
    deletes: DeleteIds,
    /// The model paradigms files were deleted through (a bit each).
    pub deleted: u16,
    /// Per thread: its current call site and the calls it has open (0: the next Enter is
    /// an outermost call's).
    sites: Vec<(u32, u32)>,
    /// The (site, region) pairs the outermost calls' `CALLING_CONTEXT` attributes name.
    pub contexts: LocalContexts,
    /// The attribute's local id.
    context_attr: u32,
}

impl<'a> Otf2Sink<'a> {
    /// `context_attr`: the local id the `CALLING_CONTEXT` attribute will have.
    pub fn new(writers: Vec<EventWriter<'a>>, deletes: DeleteIds, context_attr: u32) -> Self {
        Otf2Sink {
            sites: vec![(NO_SITE, 0); writers.len()],
            writers,
            cur: 0,
            deletes,
            deleted: 0,
            contexts: LocalContexts::default(),
            context_attr,
        }
    }

    #[inline]
    fn w(&mut self) -> &mut EventWriter<'a> {
        &mut self.writers[self.cur]
    }
}

impl Sink for Otf2Sink<'_> {
    fn thread(&mut self, index: usize) {
        self.cur = index;
    }
    fn site(&mut self, _defs: &GlobalDefs, site: u32) {
        self.sites[self.cur].0 = site;
    }
    fn enter(&mut self, t: u64, region: u32, _r: &Record) -> Res {
        let (site, open) = &mut self.sites[self.cur];
        *open += 1;
        if *open == 1 && *site != NO_SITE {
            let k = self.contexts.id(*site, region);
            let context = AttributeValue::CallingContext(super::contexts::local_id(k));
            let attr = self.context_attr;
            self.w().add_attr(attr, context).map_err(otf2e)?;
        }
        self.w().enter(t, region).map_err(otf2e)
    }
    fn leave(&mut self, t: u64, region: u32, _r: &Record) -> Res {
        let open = &mut self.sites[self.cur].1;
        *open = open.saturating_sub(1);
        self.w().leave(t, region).map_err(otf2e)
    }
    fn attr_string(&mut self, attr: u32, string: u32) -> Res {
        self.w().add_attr_string(attr, string).map_err(otf2e)
    }
    fn attr_u32(&mut self, attr: u32, value: u32) -> Res {
        self.w().add_attr_u32(attr, value).map_err(otf2e)
    }
    fn create_handle(
        &mut self,
        _: &GlobalDefs,
        t: u64,
        h: u32,
        mode: AccessMode,
        creation: CreationFlags,
        status: StatusFlags,
    ) -> Res {
        let (m, c, s) = (
            access_mode(mode),
            creation_flags(creation),
            status_flags(status),
        );
        self.w().io_create_handle(t, h, m, c, s).map_err(otf2e)
    }
    fn destroy_handle(&mut self, _: &GlobalDefs, t: u64, h: u32) -> Res {
        self.w().io_destroy_handle(t, h).map_err(otf2e)
    }
    fn duplicate_handle(
        &mut self,
        _: &GlobalDefs,
        t: u64,
        old: u32,
        new: u32,
        status: StatusFlags,
    ) -> Res {
        let s = status_flags(status);
        self.w().io_duplicate_handle(t, old, new, s).map_err(otf2e)
    }
    fn change_status_flags(&mut self, _: &GlobalDefs, t: u64, h: u32, status: StatusFlags) -> Res {
        let s = status_flags(status);
        self.w().io_change_status_flags(t, h, s).map_err(otf2e)
    }
    fn delete_file(&mut self, _: &GlobalDefs, t: u64, paradigm: u8, file: u32) -> Res {
        let p = self.deletes.id(paradigm);
        self.deleted |= 1 << paradigm.min(15);
        self.w().io_delete_file(t, p, file).map_err(otf2e)
    }
    /// OTF2 has no event for a metadata call on a path (its Enter/Leave say it).
    fn path_meta(&mut self, _: &GlobalDefs, _t: u64, _paradigm: u8, _file: u32) -> Res {
        Ok(())
    }
    fn seek(
        &mut self,
        _: &GlobalDefs,
        t: u64,
        h: u32,
        offset: i64,
        wh: Whence,
        result: u64,
    ) -> Res {
        self.w()
            .io_seek(t, h, offset, whence(wh), result)
            .map_err(otf2e)
    }
    fn op_begin(&mut self, defs: &GlobalDefs, t: u64, op: OpBegin) -> Res {
        let (m, f) = (op_mode(op.mode), op_flags(op.flags));
        let view = op.view.and_then(|v| defs.views.get(v as usize));
        if let (Some(v), Some(first)) = (view, op.offset) {
            // The ranges of the bytes requested (the Begin comes before what was done).
            let (mut n, mut end) = (0u64, first);
            for (o, l) in v.extents(first, op.bytes) {
                (n, end) = (n + 1, o.saturating_add(l));
            }
            let w = self.w();
            w.add_attr_u64(ATTR_VIEW_RANGES, n).map_err(otf2e)?;
            w.add_attr_u64(ATTR_VIEW_SPAN, end - first).map_err(otf2e)?;
        }
        let offset = op.offset.map(|o| (ATTR_OFFSET, o));
        self.w()
            .io_operation_begin(t, op.handle, m, f, op.bytes, op.id, offset)
            .map_err(otf2e)
    }
    fn op_issued(&mut self, _: &GlobalDefs, t: u64, h: u32, id: u64) -> Res {
        self.w().io_operation_issued(t, h, id).map_err(otf2e)
    }
    fn op_test(&mut self, _: &GlobalDefs, t: u64, h: u32, id: u64) -> Res {
        self.w().io_operation_test(t, h, id).map_err(otf2e)
    }
    /// `bytes` is at most the operation's request (the model bounds it: OTF2 readers take
    /// more as a broken archive).
    fn op_complete(&mut self, _: &GlobalDefs, t: u64, h: u32, bytes: u64, id: u64) -> Res {
        self.w()
            .io_operation_complete(t, h, bytes, id)
            .map_err(otf2e)
    }
    fn op_cancelled(&mut self, _: &GlobalDefs, t: u64, h: u32, id: u64) -> Res {
        self.w().io_operation_cancelled(t, h, id).map_err(otf2e)
    }
    fn collective_begin(&mut self, t: u64) -> Res {
        self.w().mpi_collective_begin(t).map_err(otf2e)
    }
    fn collective_end(&mut self, t: u64, op: CollOp, comm: u32, sent: u64, recv: u64) -> Res {
        let op = collective_op(op);
        self.w()
            .mpi_collective_end(t, op, comm, sent, recv)
            .map_err(otf2e)
    }
    fn lock(&mut self, _: &GlobalDefs, t: u64, h: u32, op: LockOp, ty: LockType) -> Res {
        let ty = lock_type(ty);
        let w = self.w();
        match op {
            LockOp::Acquire => w.io_acquire_lock(t, h, ty),
            LockOp::Try => w.io_try_lock(t, h, ty),
            LockOp::Release => w.io_release_lock(t, h, ty),
        }
        .map_err(otf2e)
    }
}
