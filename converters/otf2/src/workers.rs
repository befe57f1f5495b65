//! Processes converted in parallel: worker threads take processes in plan order, one at a
//! time each ([`Schedule`]), convert each on its own ([`super::process`]), and the parts are
//! handed on in plan order as they come in (to [`Unified`], or to the MPI rank that unifies),
//! so that the global definitions get the ids the serial conversion gives.

use super::contexts::Pairs;
use super::defs::Mappings;
use super::layout::Layout;
use super::process::{convert_process, ProcessPart, Shared};
use definitions::GlobalDefs;
use io_model::driver::Progress;
use io_model::run::Stats;
use io_model::trace::Trace;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

type Err = crate::Error;

/// A mutex's guard, also after a panic elsewhere poisoned it (the worker that panicked
/// reports it; the state is updated in single steps).
fn guard<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Which process comes next: processes are handed out in plan order.
pub(crate) struct Schedule {
    next: AtomicUsize,
    end: usize,
    /// The first position whose conversion failed (usize::MAX: none): those after it stop,
    /// their work would be thrown away; those before it go on (an earlier failure is the
    /// one to report, as the serial conversion would).
    failed: AtomicUsize,
}

impl Schedule {
    pub fn new(positions: std::ops::Range<usize>) -> Schedule {
        Schedule {
            next: AtomicUsize::new(positions.start),
            end: positions.end,
            failed: AtomicUsize::new(usize::MAX),
        }
    }

    /// The next position to convert, if any is left and worth converting.
    fn take(&self) -> Option<usize> {
        let k = self.next.fetch_add(1, Ordering::Relaxed);
        (k < self.end && k < self.failed.load(Ordering::Relaxed)).then_some(k)
    }

    /// Position `k` failed.
    fn fail(&self, k: usize) {
        self.failed.fetch_min(k, Ordering::Relaxed);
    }

    /// Whether position `k` should go on: no signal, no failure before it.
    pub fn check(&self, k: usize) -> Result<(), Err> {
        crate::error::check_interrupt()?;
        if self.failed.load(Ordering::Relaxed) < k {
            return Err(Err::EarlierFailed);
        }
        Ok(())
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
    /// The model paradigms files were deleted through (a bit each).
    pub deleted: u16,
    /// The (global site, global region) pairs of the outermost calls' calling contexts.
    pub contexts: Pairs,
}

impl Unified {
    pub fn new(defs: GlobalDefs) -> Unified {
        Unified {
            defs,
            maps: Mappings::default(),
            stats: Stats::default(),
            events: 0,
            program_span: (u64::MAX, 0),
            deleted: 0,
            contexts: Pairs::default(),
        }
    }

    /// Unify the next process's part (its locations are `locations`).
    pub fn add(&mut self, part: ProcessPart, locations: std::ops::Range<u64>) {
        let maps = self.defs.unify(&part.defs);
        let contexts: Vec<u32> = part
            .contexts
            .iter()
            .map(|&(site, region)| {
                let (s, r) = (maps.sites[site as usize], maps.regions[region as usize]);
                self.contexts.id(s, r)
            })
            .collect();
        self.maps.push(&maps, &contexts);
        for (loc, n) in locations.zip(part.events) {
            self.defs.locations[loc as usize].events = n;
            self.events += n;
        }
        if let Some((start, end)) = part.program {
            let s = &mut self.program_span;
            *s = (s.0.min(start), s.1.max(end));
        }
        self.deleted |= part.deleted;
        self.stats.merge(part.stats);
    }
}

/// What takes the parts, in plan order.
pub(crate) type OnPart<'a> = dyn FnMut(usize, ProcessPart) -> Result<(), Err> + Send + 'a;

/// Parts that came in before those ahead of them in plan order.
struct InOrder<'a> {
    next: usize,
    waiting: BTreeMap<usize, ProcessPart>,
    on_part: &'a mut OnPart<'a>,
}

impl InOrder<'_> {
    fn push(&mut self, k: usize, part: ProcessPart) -> Result<(), (usize, Err)> {
        self.waiting.insert(k, part);
        while let Some(part) = self.waiting.remove(&self.next) {
            (self.on_part)(self.next, part).map_err(|e| (self.next, e))?;
            self.next += 1;
        }
        Ok(())
    }
}

/// What the workers share.
struct Workers<'a> {
    trace: &'a Trace,
    shared: &'a Shared<'a>,
    layout: &'a Layout,
    schedule: Schedule,
    /// Bytes of thread streams read so far, all workers.
    progress: Progress<'a>,
    in_order: Mutex<InOrder<'a>>,
    errors: Mutex<Vec<(usize, Err)>>,
}

impl Workers<'_> {
    /// One worker: processes in plan order, one at a time, until none is left.
    fn work(&self) {
        while let Some(k) = self.schedule.take() {
            let r = self.convert(k).map_err(|e| (k, e));
            let r = r.and_then(|part| guard(&self.in_order).push(k, part));
            if let Err((k, e)) = r {
                guard(&self.errors).push((k, e));
                self.schedule.fail(k);
            }
        }
    }

    /// Convert the process at plan position `k`.
    fn convert(&self, k: usize) -> Result<ProcessPart, Err> {
        self.schedule.check(k)?;
        let mut count = self.progress.counter();
        let mut progress = |b: u64| {
            count(b);
            // The writer takes its own error back from the model's.
            Ok(self.schedule.check(k)?)
        };
        let pi = self.shared.plan.order[k];
        let p = (pi, &self.trace.processes[pi]);
        let locations = self.layout.locations(k);
        convert_process(self.shared, p, locations, &mut progress)
    }
}

/// Convert the processes at plan positions `positions` of `trace` with `threads` workers (at
/// most one per process), handing their parts to `on_part` in plan order. `progress` gets
/// the bytes of thread streams read so far (these processes). The error is the first in plan
/// order, as the serial conversion reports it.
pub(crate) fn convert_range<'a>(
    (trace, shared, layout): (&'a Trace, &'a Shared<'a>, &'a Layout),
    positions: std::ops::Range<usize>,
    threads: usize,
    on_part: &'a mut OnPart<'a>,
    progress: &'a (dyn Fn(u64) + Sync),
) -> Result<(), Err> {
    let n = positions.len();
    let pool = Workers {
        trace,
        shared,
        layout,
        schedule: Schedule::new(positions.clone()),
        progress: Progress::new(progress),
        in_order: Mutex::new(InOrder {
            next: positions.start,
            waiting: BTreeMap::new(),
            on_part,
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
    let errors = pool.errors.into_inner().unwrap_or_else(|e| e.into_inner());
    match errors.into_iter().min_by_key(|e| e.0) {
        Some((_, e)) => Err(e),
        None => Ok(()),
    }
}

/// Convert every process of `trace` with `threads` workers and unify them into `unified`.
pub(crate) fn convert_all(
    (trace, shared, layout): (&Trace, &Shared, &Layout),
    threads: usize,
    unified: Unified,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Unified, Err> {
    let mut unified = unified;
    let mut add = |k: usize, part: ProcessPart| {
        unified.add(part, layout.locations(k));
        Ok(())
    };
    let n = shared.plan.order.len();
    convert_range((trace, shared, layout), 0..n, threads, &mut add, progress)?;
    Ok(unified)
}
