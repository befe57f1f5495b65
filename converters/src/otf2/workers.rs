//! Processes converted in parallel: worker threads take processes in plan order, one at a
//! time each ([`Schedule`]), convert each on its own ([`super::process`]), and the parts are
//! unified in plan order as they come in ([`Unified`]), so that the global definitions get
//! the ids the serial conversion gives.
//!
//! The one definition processes share while they are converted is the I/O paradigm ids of
//! IoDeleteFile events (OTF2 has no mapping table for paradigms): [`DeleteParadigms`] gives
//! them in the serial order.

use super::defs::Mappings;
use super::layout::Layout;
use super::process::{convert_process, ProcessPart, Shared};
use super::sink::ParadigmIds;
use definitions::GlobalDefs;
use io_model::run::Stats;
use io_model::trace::Trace;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

type Err = String;

/// A mutex's guard, also after a panic elsewhere poisoned it (the worker that panicked
/// reports it; the state is updated in single steps).
fn guard<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Which process comes next, and which are done: processes are handed out in plan order, so
/// every process before one being converted is being converted or done (a process that
/// waits for those before it waits for nothing that waits for it).
pub(crate) struct Schedule {
    next: AtomicUsize,
    processes: usize,
    /// (per position: done, the first position not done).
    done: Mutex<(Vec<bool>, usize)>,
    changed: Condvar,
    /// The first position whose conversion failed (usize::MAX: none): those after it stop,
    /// their work would be thrown away; those before it go on (an earlier failure is the
    /// one to report, as the serial conversion would).
    failed: AtomicUsize,
}

impl Schedule {
    pub fn new(processes: usize) -> Schedule {
        Schedule {
            next: AtomicUsize::new(0),
            processes,
            done: Mutex::new((vec![false; processes], 0)),
            changed: Condvar::new(),
            failed: AtomicUsize::new(usize::MAX),
        }
    }

    /// The next position to convert, if any is left and worth converting.
    fn take(&self) -> Option<usize> {
        let k = self.next.fetch_add(1, Ordering::Relaxed);
        (k < self.processes && k < self.failed.load(Ordering::Relaxed)).then_some(k)
    }

    /// Position `k` is done (converted or failed).
    fn finish(&self, k: usize, ok: bool) {
        if !ok {
            self.failed.fetch_min(k, Ordering::Relaxed);
        }
        let mut d = guard(&self.done);
        d.0[k] = true;
        while d.1 < d.0.len() && d.0[d.1] {
            d.1 += 1;
        }
        drop(d);
        self.changed.notify_all();
    }

    /// Whether position `k` should go on: no signal, no failure before it.
    pub fn check(&self, k: usize) -> Result<(), Err> {
        crate::interrupt::check()?;
        if self.failed.load(Ordering::Relaxed) < k {
            return Err("stopped: an earlier process failed".into());
        }
        Ok(())
    }

    /// Wait until every position before `k` is done or `ready()` holds.
    fn wait_before(&self, k: usize, ready: &dyn Fn() -> bool) -> Result<(), Err> {
        let mut d = guard(&self.done);
        while d.1 < k && !ready() {
            self.check(k)?;
            d = self
                .changed
                .wait_timeout(d, Duration::from_millis(20))
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        Ok(())
    }
}

/// The OTF2 ids of the paradigms of IoDeleteFile events, in the order the serial conversion
/// gives them (first use, processes in plan order): a paradigm without an id yet gets one
/// only once every process before is done (until then one of them could give another
/// paradigm an id first). Waiting is rare: a process deleting a file through a paradigm no
/// process before it has used.
pub(crate) struct DeleteParadigms {
    ids: Mutex<ParadigmIds>,
}

impl DeleteParadigms {
    pub fn new() -> DeleteParadigms {
        DeleteParadigms {
            ids: Mutex::new(ParadigmIds::default()),
        }
    }

    /// The ids given (handles' paradigms get theirs after these).
    pub fn into_ids(self) -> ParadigmIds {
        self.ids.into_inner().unwrap_or_else(|e| e.into_inner())
    }
}

/// The paradigm ids as one process (at plan position `position`) sees them.
pub(crate) struct ProcessParadigms<'a> {
    shared: &'a DeleteParadigms,
    schedule: &'a Schedule,
    position: usize,
}

impl ProcessParadigms<'_> {
    /// The OTF2 id of model paradigm `p` for an IoDeleteFile.
    pub fn id(&mut self, p: u8) -> Result<u8, Err> {
        if let Some(id) = guard(&self.shared.ids).get(p) {
            return Ok(id);
        }
        let given = || guard(&self.shared.ids).get(p).is_some();
        self.schedule.wait_before(self.position, &given)?;
        Ok(guard(&self.shared.ids).id(p))
    }
}

/// The processes unified so far, in plan order.
pub(crate) struct Unified {
    pub defs: GlobalDefs,
    /// Per process (plan position): its local ids' global ids.
    pub maps: Mappings,
    pub stats: Stats,
    pub events: u64,
    /// The first ProgramBegin and the last ProgramEnd (u64::MAX, 0: none).
    pub program_span: (u64, u64),
}

impl Unified {
    pub fn new(defs: GlobalDefs) -> Unified {
        Unified {
            defs,
            maps: Mappings::default(),
            stats: Stats::default(),
            events: 0,
            program_span: (u64::MAX, 0),
        }
    }

    /// Unify the next process's part (its locations are `locations`).
    fn add(&mut self, part: ProcessPart, locations: std::ops::Range<u64>) {
        self.maps.push(&self.defs.unify(&part.defs));
        for (loc, n) in locations.zip(part.events) {
            self.defs.locations[loc as usize].events = n;
            self.events += n;
        }
        if let Some((start, end)) = part.program {
            let s = &mut self.program_span;
            *s = (s.0.min(start), s.1.max(end));
        }
        self.stats.merge(part.stats);
    }
}

/// Parts that came in before those ahead of them in plan order.
struct InOrder {
    unified: Unified,
    waiting: BTreeMap<usize, ProcessPart>,
}

impl InOrder {
    fn push(&mut self, k: usize, part: ProcessPart, layout: &Layout) {
        self.waiting.insert(k, part);
        while let Some(part) = self.waiting.remove(&self.unified.maps.len()) {
            let k = self.unified.maps.len();
            self.unified.add(part, layout.locations(k));
        }
    }
}

/// What the workers share.
struct Workers<'a> {
    trace: &'a Trace,
    shared: &'a Shared<'a>,
    layout: &'a Layout,
    schedule: Schedule,
    paradigms: DeleteParadigms,
    /// Bytes of thread streams read so far, all workers.
    done: AtomicU64,
    progress: &'a (dyn Fn(u64) + Sync),
    in_order: Mutex<InOrder>,
    errors: Mutex<Vec<(usize, Err)>>,
}

impl Workers<'_> {
    /// One worker: processes in plan order, one at a time, until none is left.
    fn work(&self) {
        while let Some(k) = self.schedule.take() {
            let r = self.convert(k);
            let ok = r.is_ok();
            match r {
                Ok(part) => guard(&self.in_order).push(k, part, self.layout),
                Err(e) => guard(&self.errors).push((k, e)),
            }
            self.schedule.finish(k, ok);
        }
    }

    /// Convert the process at plan position `k`.
    fn convert(&self, k: usize) -> Result<ProcessPart, Err> {
        self.schedule.check(k)?;
        let mut seen = 0u64;
        let mut progress = |b: u64| {
            let total = self.done.fetch_add(b - seen, Ordering::Relaxed) + (b - seen);
            seen = b;
            (self.progress)(total);
            self.schedule.check(k)
        };
        let paradigms = ProcessParadigms {
            shared: &self.paradigms,
            schedule: &self.schedule,
            position: k,
        };
        let pi = self.shared.plan.order[k];
        let p = (pi, &self.trace.processes[pi]);
        let locations = self.layout.locations(k);
        convert_process(self.shared, p, locations, paradigms, &mut progress)
    }
}

/// Convert every process of `trace` with `threads` workers (at most one per process) and
/// unify them into `unified`. `progress` gets the bytes of thread streams read so far (all
/// processes). The error is the first in plan order, as the serial conversion reports it.
pub(crate) fn convert_all(
    trace: &Trace,
    shared: &Shared,
    layout: &Layout,
    threads: usize,
    unified: Unified,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(Unified, ParadigmIds), Err> {
    let n = shared.plan.order.len();
    let pool = Workers {
        trace,
        shared,
        layout,
        schedule: Schedule::new(n),
        paradigms: DeleteParadigms::new(),
        done: AtomicU64::new(0),
        progress,
        in_order: Mutex::new(InOrder {
            unified,
            waiting: BTreeMap::new(),
        }),
        errors: Mutex::new(Vec::new()),
    };
    let workers = threads.clamp(1, n.max(1));
    std::thread::scope(|s| {
        let spawned: Vec<_> = (1..workers).map(|_| s.spawn(|| pool.work())).collect();
        pool.work();
        for w in spawned {
            if let Err(panic) = w.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
    let mut errors = pool.errors.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some((_, e)) = errors.iter_mut().min_by_key(|e| e.0) {
        return Err(std::mem::take(e));
    }
    let in_order = pool
        .in_order
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    Ok((in_order.unified, pool.paradigms.into_ids()))
}
