//! The one check of what a trace says before any consumer sees it: a damaged trace (bytes
//! changed with a valid CRC, a buggy writer) may say anything, and a value used as a time, an
//! index or a size must not make a consumer panic, allocate without end or write an invalid
//! file. Checked here, once for every consumer, and counted (a warning each kind, naming the
//! stream or the process):
//!
//! - [`RecordBounds`], as each record is decoded ([`crate::calls::CallTrees`]): its times
//!   end no later than its chunk was written (the recorder appends a record when its call
//!   returns and takes the chunk's clock reading when it writes the chunk), nor after the
//!   process ended, nor before they start; a call that did not fail carries no errno.
//! - [`BoundedSink`], as the model's events go to a consumer ([`crate::run::interpret`]):
//!   an operation transfers at most the bytes it requested (the request of a library
//!   operation is derived from several fields, so this is checked on the operation, not on
//!   the record).

use crate::kinds::{
    AccessMode, CollOp, CreationFlags, LockOp, LockType, OpFlags, StatusFlags, Whence,
};
use crate::mpi::MpiSync;
use crate::sink::{OpBegin, Res, Sink};
use definitions::GlobalDefs;
use hashbrown::HashMap;
use io_events::codec::Record;
use io_events::functions::FUNCTIONS;
use io_events::stream::{Anchor, TickClock};
use std::path::Path;

/// How far two clock readings of one process may disagree without damage: a thread's
/// clock read on another core (a TSC a few cycles apart), a chunk sealed by another thread
/// at exit. Far above that noise, far below what damage gives (2^28 ticks and more).
const SLACK_NS: u64 = 1_000_000;

/// The checks of one thread stream's records, with what they changed.
pub(crate) struct RecordBounds {
    /// [`SLACK_NS`] in the stream's ticks.
    slack_ticks: u64,
    /// The latest tick a record of the current chunk may end at (its clock reading plus
    /// the slack; u64::MAX for a chunk without one).
    chunk_limit: u64,
    /// The latest record time (ns since the process start) a record may end at: the
    /// process's end as its meta.yaml says, with room for the tick-to-ns conversion's
    /// error; u64::MAX for a process that did not finish.
    process_limit: u64,
    /// Records whose times were clamped.
    pub(crate) times: u64,
    /// Records of calls that did not fail whose errno was dropped.
    pub(crate) errnos: u64,
}

impl RecordBounds {
    /// The checks of a stream whose ticks are `resolution_ns` nominal ns each, in a process
    /// that ran `process_ns` ns (None: not known, the process did not finish).
    pub(crate) fn new(resolution_ns: u32, process_ns: Option<u64>) -> RecordBounds {
        let process_limit = process_ns.map_or(u64::MAX, |d| {
            // A TSC stream's conversion may be off by the 25% its slope is trusted within.
            d.saturating_add(d / 4).saturating_add(SLACK_NS)
        });
        RecordBounds {
            slack_ticks: SLACK_NS / u64::from(resolution_ns.max(1)),
            chunk_limit: u64::MAX,
            process_limit,
            times: 0,
            errnos: 0,
        }
    }

    /// The records that follow are those of a chunk written at clock reading `anchor`.
    pub(crate) fn enter_chunk(&mut self, anchor: Anchor) {
        self.chunk_limit = if anchor == Anchor::default() {
            u64::MAX
        } else {
            anchor.ticks.saturating_add(self.slack_ticks)
        };
    }

    /// Convert the record's times from ticks to ns since the process start (`clock`),
    /// bounded: no later than its chunk's clock reading or the process's end, the end not
    /// before the start. Any bound that moved a time counts the record once.
    #[inline]
    pub(crate) fn times(&mut self, clock: &TickClock, r: &mut Record) {
        let (mut start, mut end) = (r.start, r.end);
        let mut clamped = false;
        if end > self.chunk_limit || start > self.chunk_limit {
            (start, end) = (start.min(self.chunk_limit), end.min(self.chunk_limit));
            clamped = true;
        }
        if end < start {
            // Within the slack: two readings of a clock, not damage.
            clamped |= start - end > self.slack_ticks;
            end = start;
        }
        let (mut start, mut end) = (clock.ns(start), clock.ns(end));
        end = end.max(start);
        if end > self.process_limit {
            end = self.process_limit;
            start = start.min(end);
            clamped = true;
        }
        (r.start, r.end) = (start, end);
        self.times += clamped as u64;
    }

    /// A call that did not fail has no errno (the recorder writes one only for a failed
    /// call): one on a successful call is dropped.
    #[inline]
    pub(crate) fn status(&mut self, r: &mut Record) {
        if r.errno != 0 && !FUNCTIONS[r.func as usize].fail.failed(r.ret()) {
            r.errno = 0;
            self.errnos += 1;
        }
    }

    /// The warnings of what was changed in stream `path`, if anything.
    pub(crate) fn warnings(&self, path: &Path) -> Vec<String> {
        let mut v = Vec::new();
        if self.times > 0 {
            v.push(format!(
                "{}: {} records end after their chunk was written or the process ended, or before they start (a damaged trace); their times were clamped",
                path.display(),
                self.times
            ));
        }
        if self.errnos > 0 {
            v.push(format!(
                "{}: {} records of calls that did not fail carry an errno (a damaged trace); it was dropped",
                path.display(),
                self.errnos
            ));
        }
        v
    }
}

/// No operation in a thread's slot.
const NO_OP: u64 = u64::MAX;

/// A sink that passes every event to `inner`, the bytes an operation completes with
/// bounded by the bytes it requested.
pub(crate) struct BoundedSink<'s, S> {
    inner: &'s mut S,
    cur: usize,
    /// Per thread, the blocking operation begun last and not completed: (id, bytes
    /// requested), id [`NO_OP`] when none. A blocking operation completes on its thread,
    /// nearly always before the next begins: one compare finds it.
    last: Vec<(u64, u64)>,
    /// Every other operation begun and not completed (non-blocking ones, and a blocking
    /// one that another began after: a copy's read), by id.
    in_flight: HashMap<u64, u64>,
    /// Completions that claimed more bytes than requested, passed on with the request.
    pub(crate) clamped: u64,
}

impl<'s, S: Sink> BoundedSink<'s, S> {
    pub(crate) fn new(inner: &'s mut S) -> Self {
        BoundedSink {
            inner,
            cur: 0,
            last: vec![(NO_OP, 0)],
            in_flight: HashMap::new(),
            clamped: 0,
        }
    }

    /// The bytes operation `id` requested, which it is no longer waiting for (None: its
    /// begin was not seen).
    #[inline(always)]
    fn requested(&mut self, id: u64) -> Option<u64> {
        let last = &mut self.last[self.cur];
        if last.0 == id {
            last.0 = NO_OP;
            return Some(last.1);
        }
        if self.in_flight.is_empty() {
            return None;
        }
        self.in_flight.remove(&id)
    }

    /// The warning on the operations whose bytes were bounded, if any (`process` names the
    /// process folder).
    pub(crate) fn warnings(&self, process: &Path) -> Option<String> {
        (self.clamped > 0).then(|| {
            format!(
                "{}: {} operations claim more bytes transferred than requested (a damaged trace); counted with the bytes requested",
                process.display(),
                self.clamped
            )
        })
    }
}

impl<S: Sink> Sink for BoundedSink<'_, S> {
    #[inline]
    fn thread(&mut self, index: usize) {
        if self.last.len() <= index {
            self.last.resize(index + 1, (NO_OP, 0));
        }
        self.cur = index;
        self.inner.thread(index)
    }
    #[inline(always)]
    fn op_begin(&mut self, defs: &GlobalDefs, t: u64, op: OpBegin) -> Res {
        if op.flags.contains(OpFlags::NON_BLOCKING) {
            self.in_flight.insert(op.id, op.bytes);
        } else {
            let last = &mut self.last[self.cur];
            if last.0 != NO_OP {
                self.in_flight.insert(last.0, last.1);
            }
            *last = (op.id, op.bytes);
        }
        self.inner.op_begin(defs, t, op)
    }
    #[inline(always)]
    fn op_complete(&mut self, defs: &GlobalDefs, t: u64, h: u32, bytes: u64, id: u64) -> Res {
        let bytes = match self.requested(id) {
            Some(asked) if bytes > asked => {
                self.clamped += 1;
                asked
            }
            _ => bytes,
        };
        self.inner.op_complete(defs, t, h, bytes, id)
    }
    fn op_cancelled(&mut self, defs: &GlobalDefs, t: u64, h: u32, id: u64) -> Res {
        self.requested(id);
        self.inner.op_cancelled(defs, t, h, id)
    }

    // Everything else as it is.
    #[inline(always)]
    fn enter(&mut self, t: u64, region: u32, r: &Record) -> Res {
        self.inner.enter(t, region, r)
    }
    #[inline(always)]
    fn leave(&mut self, t: u64, region: u32, r: &Record) -> Res {
        self.inner.leave(t, region, r)
    }
    fn attr_string(&mut self, attr: u32, string: u32) -> Res {
        self.inner.attr_string(attr, string)
    }
    fn attr_u32(&mut self, attr: u32, value: u32) -> Res {
        self.inner.attr_u32(attr, value)
    }
    fn create_handle(
        &mut self,
        defs: &GlobalDefs,
        t: u64,
        handle: u32,
        mode: AccessMode,
        creation: CreationFlags,
        status: StatusFlags,
    ) -> Res {
        self.inner
            .create_handle(defs, t, handle, mode, creation, status)
    }
    fn destroy_handle(&mut self, defs: &GlobalDefs, t: u64, handle: u32) -> Res {
        self.inner.destroy_handle(defs, t, handle)
    }
    fn duplicate_handle(
        &mut self,
        defs: &GlobalDefs,
        t: u64,
        old: u32,
        new: u32,
        status: StatusFlags,
    ) -> Res {
        self.inner.duplicate_handle(defs, t, old, new, status)
    }
    fn change_status_flags(
        &mut self,
        defs: &GlobalDefs,
        t: u64,
        handle: u32,
        status: StatusFlags,
    ) -> Res {
        self.inner.change_status_flags(defs, t, handle, status)
    }
    fn delete_file(&mut self, defs: &GlobalDefs, t: u64, paradigm: u8, file: u32) -> Res {
        self.inner.delete_file(defs, t, paradigm, file)
    }
    fn path_meta(&mut self, defs: &GlobalDefs, t: u64, paradigm: u8, file: u32) -> Res {
        self.inner.path_meta(defs, t, paradigm, file)
    }
    fn seek(
        &mut self,
        defs: &GlobalDefs,
        t: u64,
        handle: u32,
        offset: i64,
        whence: Whence,
        result: u64,
    ) -> Res {
        self.inner.seek(defs, t, handle, offset, whence, result)
    }
    fn op_issued(&mut self, defs: &GlobalDefs, t: u64, handle: u32, id: u64) -> Res {
        self.inner.op_issued(defs, t, handle, id)
    }
    fn op_test(&mut self, defs: &GlobalDefs, t: u64, handle: u32, id: u64) -> Res {
        self.inner.op_test(defs, t, handle, id)
    }
    fn lock(&mut self, defs: &GlobalDefs, t: u64, handle: u32, op: LockOp, ty: LockType) -> Res {
        self.inner.lock(defs, t, handle, op, ty)
    }
    fn collective_begin(&mut self, t: u64) -> Res {
        self.inner.collective_begin(t)
    }
    fn collective_end(&mut self, t: u64, op: CollOp, comm: u32, sent: u64, recv: u64) -> Res {
        self.inner.collective_end(t, op, comm, sent, recv)
    }
    fn mpi_sync(&mut self, defs: &GlobalDefs, sync: MpiSync) -> Res {
        self.inner.mpi_sync(defs, sync)
    }
    fn event(&mut self, r: &Record) -> Res {
        self.inner.event(r)
    }
    fn site(&mut self, defs: &GlobalDefs, site: u32) {
        self.inner.site(defs, site)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use io_events::stream::{Chunk, Clock, StreamHeader};

    /// Bounds and a clock of 10 ns ticks in a process that ran 10 ms, in a chunk written
    /// at tick 1000 (10 us).
    fn setup() -> (RecordBounds, TickClock) {
        let h = StreamHeader {
            clock: Clock::Monotonic,
            tsc_shift: 0,
            version: io_events::FORMAT_VERSION,
            resolution_ns: 10,
            window: 3,
            tid: 7,
            thread_index: 0,
        };
        let mut clock = TickClock::new(&h);
        let anchor = Anchor {
            ticks: 1000,
            ns: 10_000,
        };
        clock.enter_chunk(&Chunk {
            anchor,
            ..Default::default()
        });
        let mut b = RecordBounds::new(10, Some(10_000_000));
        b.enter_chunk(anchor);
        (b, clock)
    }

    fn times(b: &mut RecordBounds, c: &TickClock, start: u64, end: u64) -> (u64, u64) {
        let mut r = Record::new(16, 0, start, end, 0, &[3, 0]);
        b.times(c, &mut r);
        (r.start, r.end)
    }

    #[test]
    fn times_end_by_their_chunk_and_never_before_they_start() {
        let (mut b, c) = setup();
        assert_eq!(times(&mut b, &c, 10, 20), (100, 200));
        // Two clock readings a few ticks apart: no damage.
        assert_eq!(times(&mut b, &c, 30, 25), (300, 300));
        assert_eq!(b.times, 0);
        // The chunk's reading plus 1 ms (100,000 ticks) bounds every end.
        let limit = (1000 + 100_000) * 10;
        assert_eq!(times(&mut b, &c, 10, 1 << 63), (100, limit));
        assert_eq!(times(&mut b, &c, 10, 10 + (1 << 28)), (100, limit));
        assert_eq!(times(&mut b, &c, u64::MAX, u64::MAX), (limit, limit));
        assert_eq!(times(&mut b, &c, 500_000, 10), (limit, limit));
        assert_eq!(b.times, 4);
        // Without a reading, the process's end (10 ms, with room for the conversion).
        b.enter_chunk(Anchor::default());
        let end = 10_000_000 + 2_500_000 + SLACK_NS;
        assert_eq!(times(&mut b, &c, 10, 1 << 63), (100, end));
        assert_eq!(b.times, 5);
        assert!(b.warnings(Path::new("t.rec"))[0].starts_with("t.rec: 5 records end after"));
    }

    #[test]
    fn an_errno_stays_only_on_a_failed_call() {
        let (mut b, _) = setup();
        let close = FUNCTIONS.iter().position(|f| f.name == "close").unwrap() as u16;
        let mut ok = Record::new(close, 0, 1, 2, 5, &[3, 0]);
        let mut failed = Record::new(close, 0, 1, 2, 5, &[3, u64::MAX]);
        b.status(&mut ok);
        b.status(&mut failed);
        assert_eq!((ok.errno, failed.errno, b.errnos), (0, 5, 1));
    }
}
