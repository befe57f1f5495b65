//! The process-parallel driver every job shares: a pool of worker threads, the items of a
//! job (the processes of a plan, in its order) spread over it, one progress count of the
//! bytes read by all workers, and the interrupt check in each process's progress callback.

use crate::error::SinkError;
use crate::interrupt;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};

pub use rayon::ThreadPool;

/// The worker threads could not start (the system refused a thread).
#[derive(Debug, thiserror::Error)]
#[error("cannot start worker threads: {0}")]
pub struct PoolError(#[source] rayon::ThreadPoolBuildError);

/// Worker threads per core at most: the jobs are bound by the CPU and the reading of the
/// trace, so more threads only add their per-worker state (a thousand made a 100 KB trace
/// take seconds).
pub const THREADS_PER_CORE: usize = 4;

/// The cores this process may use (1 when the system does not say).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The most worker threads a tool starts: [`THREADS_PER_CORE`] per core.
pub fn max_threads() -> usize {
    THREADS_PER_CORE * cores()
}

/// `--threads N` of every tool: 0 (one per core) up to [`max_threads`]; a larger number
/// is refused with the bound (a clap value parser).
pub fn parse_threads(s: &str) -> Result<usize, String> {
    let n: usize = s
        .parse()
        .map_err(|_| format!("'{s}' is not a number of threads"))?;
    let max = max_threads();
    if n > max {
        return Err(format!(
            "{n} threads: at most {max} on this machine ({THREADS_PER_CORE} per core; 0: one per core)"
        ));
    }
    Ok(n)
}

/// A pool of `threads` workers (0: one per core), never more than [`max_threads`]: a
/// caller that did not check its number gets the bound, not a thousand threads.
pub fn pool(threads: usize) -> Result<ThreadPool, PoolError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.min(max_threads()))
        .build()
        .map_err(PoolError)
}

/// `f` on every item (`&[T]`: by reference, `Vec<T>`: by value) on the pool; the results
/// in the items' order, or an error of one of them (the others stop as soon as they can).
/// The error is the job's own type: the driver passes it through untouched.
pub fn map<P: IntoParallelIterator + Send, T: Send, E: Send>(
    pool: &ThreadPool,
    items: P,
    f: impl Fn(P::Item) -> Result<T, E> + Sync + Send,
) -> Result<Vec<T>, E> {
    pool.install(|| items.into_par_iter().map(f).collect())
}

/// Fold the items into partial results on the pool (one per piece of work a worker took)
/// and `merge` them into one; or an error of one of them.
pub fn fold<P: IntoParallelIterator + Send, A: Send, E: Send>(
    pool: &ThreadPool,
    items: P,
    init: impl Fn() -> A + Sync + Send,
    add: impl Fn(A, P::Item) -> Result<A, E> + Sync + Send,
    merge: impl Fn(A, A) -> A + Sync + Send,
) -> Result<A, E> {
    pool.install(|| {
        items
            .into_par_iter()
            .try_fold(&init, &add)
            .try_reduce(&init, |a, b| Ok(merge(a, b)))
    })
}

/// The bytes of thread streams read so far by every worker, told to one callback.
pub struct Progress<'a> {
    done: AtomicU64,
    report: &'a (dyn Fn(u64) + Sync),
    /// The trace is read this many times: the callback gets the bytes of one reading.
    passes: u64,
}

impl<'a> Progress<'a> {
    pub fn new(report: &'a (dyn Fn(u64) + Sync)) -> Self {
        Self::passes(report, 1)
    }

    /// A progress over `passes` readings of the trace.
    pub fn passes(report: &'a (dyn Fn(u64) + Sync), passes: u64) -> Self {
        Progress {
            done: AtomicU64::new(0),
            report,
            passes: passes.max(1),
        }
    }

    /// The counter of one process: it gets the bytes that process read so far, adds what is
    /// new to the total and tells it.
    pub fn counter(&self) -> impl FnMut(u64) + '_ {
        let mut seen = 0u64;
        move |n: u64| {
            let new = n.saturating_sub(seen);
            seen = n;
            let total = self.done.fetch_add(new, Ordering::Relaxed) + new;
            (self.report)(total / self.passes);
        }
    }

    /// The progress callback of one process's interpreter: the counter, then an error once a
    /// signal was received (so that the interpretation stops).
    pub fn process(&self) -> impl FnMut(u64) -> Result<(), SinkError> + '_ {
        let mut count = self.counter();
        move |n: u64| {
            count(n);
            Ok(interrupt::check()?)
        }
    }
}

/// A progress bar over `total` bytes of trace, or a hidden one when `quiet` or off a
/// terminal.
pub fn bar(total: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let b = ProgressBar::new(total);
    b.set_style(
        ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    b
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn map_keeps_the_order_and_fold_sums() {
        let pool = pool(3).unwrap();
        let items: Vec<u64> = (0..100).collect();
        let doubled = map(&pool, &items, |&i| Ok::<_, ()>(i * 2));
        assert_eq!(doubled.unwrap()[99], 198);
        let add = |a: u64, &i: &u64| Ok::<_, ()>(a + i);
        let sum = fold(&pool, &items, || 0, add, |a, b| a + b);
        assert_eq!(sum.unwrap(), 4950);
    }

    /// A job's typed error comes back as it was raised, not as text.
    #[derive(Debug, PartialEq)]
    struct Failed(u64);

    #[test]
    fn a_failed_item_returns_its_own_error() {
        let pool = pool(3).unwrap();
        let items: Vec<u64> = (0..100).collect();
        let each = |&i: &u64| if i == 50 { Err(Failed(i)) } else { Ok(i) };
        assert_eq!(map(&pool, &items, each), Err(Failed(50)));
        let add = |a: u64, &i: &u64| if i == 7 { Err(Failed(i)) } else { Ok(a + i) };
        assert_eq!(fold(&pool, &items, || 0, add, |a, b| a + b), Err(Failed(7)));
    }

    #[test]
    fn the_pool_error_says_the_threads_did_not_start() {
        // Building a second global pool fails: a real ThreadPoolBuildError to wrap.
        let _ = rayon::ThreadPoolBuilder::new().build_global();
        let e = rayon::ThreadPoolBuilder::new().build_global().unwrap_err();
        let text = format!("cannot start worker threads: {e}");
        let e = PoolError(e);
        assert_eq!(e.to_string(), text);
        assert!(std::error::Error::source(&e).is_some());
    }

    #[test]
    fn progress_adds_what_each_process_read() {
        let told = Mutex::new(Vec::new());
        let report = |n: u64| told.lock().unwrap().push(n);
        let p = Progress::passes(&report, 2);
        let (mut a, mut b) = (p.counter(), p.counter());
        a(10);
        b(4);
        a(30);
        assert_eq!(*told.lock().unwrap(), vec![5, 7, 17]);
    }
}
