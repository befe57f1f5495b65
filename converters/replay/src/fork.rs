//! Forked processes replayed as processes: a process of the trace that was forked from
//! another (its metadata names the parent's folder) is forked by the replay of its parent
//! when the original was (before the parent's first call that began after the child
//! started), so it inherits the parent's replayed descriptors and streams as the original
//! inherited the program's, and the replay's trace has the original's processes. Each
//! process writes what it did into a table of shared anonymous memory (no I/O of the
//! replay's own in its trace), read when all have ended.

use super::order::Wait;
use super::{ProcessPlan, Replayer, Totals};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Who forked whom: per process, its children by start; the processes no process of the
/// trace forked.
pub(super) struct Tree {
    children: Vec<Vec<usize>>,
    pub roots: Vec<usize>,
    /// The order between processes (process = index), in the order of `at`.
    waits: Vec<Wait>,
    /// Per process, its family (see [`families`]).
    family: Vec<u32>,
}

pub(super) fn tree(procs: &[ProcessPlan], mut waits: Vec<Wait>) -> Tree {
    waits.sort_by_key(|w| (w.at, w.dst, w.src));
    let mut children = vec![Vec::new(); procs.len()];
    let mut roots = Vec::new();
    for (i, p) in procs.iter().enumerate() {
        let parent = p
            .forked_from
            .as_ref()
            .and_then(|f| procs.iter().position(|q| &q.dir == f));
        match parent {
            Some(pi) if pi != i => children[pi].push(i),
            _ => roots.push(i),
        }
    }
    // In the order they were forked: by pid (their start times, taken in each child, are
    // as close as the forks were and can come out of order).
    for c in &mut children {
        c.sort_by_key(|&i| (procs[i].pid, procs[i].start));
    }
    Tree {
        children,
        roots,
        waits,
        family: families(procs),
    }
}

/// Before `parent` forks `child`: the other processes of its family that run have done
/// what they had done when the child started in the original, so that the child inherits
/// descriptors at the offsets the original's did (its trace records them).
fn before_fork(
    procs: &[ProcessPlan],
    tree: &Tree,
    parent: usize,
    child: usize,
    out: &SharedTotals,
) {
    let start = procs[child].start;
    let fam = tree.family[parent];
    for (x, p) in procs.iter().enumerate() {
        // Only processes running: one not forked yet may be a sibling forked after this
        // child (start times taken in each child can come out of the order of the forks).
        let running = out.progress(x).load(Ordering::Acquire) != NOT_STARTED;
        if x == parent || tree.family[x] != fam || p.start >= start || !running {
            continue;
        }
        let done = p.calls.iter().filter(|c| c.t1 < start).map(|c| c.t0).max();
        if let Some(after) = done {
            out.wait_for(parent, x, after);
        }
    }
}

/// A process's progress before it began (then the begin time of its first call, or
/// STARTED when it has none).
const NOT_STARTED: u64 = 0;
const STARTED: u64 = 1;

/// How long a wait lets the process it waits on stand still before going on without it.
const STALL: Duration = Duration::from_secs(60);

/// Per process, the process no process of the trace forked that it descends from.
pub(super) fn families(procs: &[ProcessPlan]) -> Vec<u32> {
    let parent = |i: usize| {
        let f = procs[i].forked_from.as_ref()?;
        procs.iter().position(|q| &q.dir == f).filter(|&p| p != i)
    };
    (0..procs.len())
        .map(|i| {
            let mut at = i;
            // Bounded: a damaged trace's parents may loop.
            for _ in 0..procs.len() {
                match parent(at) {
                    Some(p) => at = p,
                    None => break,
                }
            }
            at as u32
        })
        .collect()
}

/// One row of [`Totals`] per process, in memory shared with the forked processes, and how
/// far each has come: the original begin time of the call it is about to replay (every
/// call begun before is done), u64::MAX once it has ended.
pub(super) struct SharedTotals {
    ptr: *mut [u64; 9],
    n: usize,
    progress: *const AtomicU64,
    /// Per process: 1 + the process it waits on, 0 when it waits on none.
    waiting: *const AtomicU64,
}

// The rows are written by one process each, read after all have ended.
unsafe impl Sync for SharedTotals {}
unsafe impl Send for SharedTotals {}

impl SharedTotals {
    fn len(n: usize) -> usize {
        n.max(1) * std::mem::size_of::<[u64; 11]>()
    }
    pub fn new(n: usize) -> Result<SharedTotals, crate::Error> {
        let len = Self::len(n) as libc::size_t;
        let flags = libc::MAP_SHARED | libc::MAP_ANONYMOUS;
        let prot = libc::PROT_READ | libc::PROT_WRITE;
        // SAFETY: a fresh anonymous mapping, unmapped by drop.
        let ptr = unsafe { libc::mmap(std::ptr::null_mut(), len, prot, flags, -1, 0) };
        if ptr == libc::MAP_FAILED {
            return Err(crate::Error::SharedTotals(std::io::Error::last_os_error()));
        }
        let ptr: *mut [u64; 9] = ptr.cast();
        // SAFETY: the progress words follow the n rows inside the mapping (zeroed: nothing
        // begun), 8-aligned as the rows are.
        let progress = unsafe { ptr.add(n.max(1)) }.cast::<AtomicU64>();
        // SAFETY: the waiting words follow the progress words, inside the mapping (zeroed).
        let waiting = unsafe { progress.add(n.max(1)) };
        Ok(SharedTotals {
            ptr,
            n,
            progress,
            waiting,
        })
    }
    fn progress(&self, i: usize) -> &AtomicU64 {
        assert!(i < self.n);
        // SAFETY: inside the mapping, as long as self.
        unsafe { &*self.progress.add(i) }
    }
    fn waiting(&self, i: usize) -> &AtomicU64 {
        assert!(i < self.n);
        // SAFETY: inside the mapping, as long as self.
        unsafe { &*self.waiting.add(i) }
    }
    /// Whether the processes waiting on each other from `me` on (`me` waits on `src`, which
    /// waits on ...) come back to `me`, and `me` is the least of them: the one of a cycle
    /// that goes on (clocks that are off can order two processes both ways).
    fn breaks_cycle(&self, me: usize, src: usize) -> bool {
        let mut at = src;
        for _ in 0..self.n {
            if at == me {
                return true;
            }
            if at < me {
                return false;
            }
            match self.waiting(at).load(Ordering::Acquire) {
                0 => return false,
                next => at = next as usize - 1,
            }
        }
        false
    }
    /// Process `i` is running (said by whoever starts it, before it does).
    pub fn started(&self, i: usize) {
        self.reached(i, STARTED);
        self.waiting(i).store(0, Ordering::Release);
    }
    /// Every forked process waits on its parent to fork it (see [`Self::breaks_cycle`]).
    pub fn forks_pending(&self, tree: &Tree) {
        for (parent, kids) in tree.children.iter().enumerate() {
            for &k in kids {
                self.waiting(k).store(parent as u64 + 1, Ordering::Release);
            }
        }
    }
    /// Process `i` is about to replay its call begun at `t0` (u64::MAX: it has ended).
    fn reached(&self, i: usize, t0: u64) {
        self.progress(i).store(t0, Ordering::Release);
    }
    /// Wait until process `src` has done every call begun at or before `after`. Waits
    /// point forward in the original's time; where clocks that are off make processes wait
    /// on each other (a process not forked yet waits on its parent), the least of them goes
    /// on at once, saying so; should `src` still not move for a minute, this one goes on,
    /// saying so.
    fn wait_for(&self, me: usize, src: usize, after: u64) {
        self.waiting(me).store(src as u64 + 1, Ordering::Release);
        self.wait_loop(me, src, after);
        self.waiting(me).store(0, Ordering::Release);
    }
    fn wait_loop(&self, me: usize, src: usize, after: u64) {
        let mut pause = Duration::from_micros(1);
        let (mut seen, mut since) = (self.progress(src).load(Ordering::Acquire), Instant::now());
        while seen <= after {
            if io_model::interrupt::received().is_some() {
                return;
            }
            if self.breaks_cycle(me, src) {
                eprintln!("recorder-otf2: warning: replay: processes {me} and {src} wait on each other (the original's clocks order them both ways); process {me} goes on (their order may not be kept)");
                return;
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(1));
            let now = self.progress(src).load(Ordering::Acquire);
            if now != seen {
                (seen, since) = (now, Instant::now());
            } else if since.elapsed() > STALL {
                eprintln!("recorder-otf2: warning: replay: process {me} waited {} s for process {src} to go on; going on without it (the original's order between them may not be kept)", STALL.as_secs());
                return;
            }
        }
    }
    fn set(&self, i: usize, t: &Totals) {
        assert!(i < self.n);
        // SAFETY: inside the mapping; row i is written by process i only.
        unsafe { std::ptr::write_volatile(self.ptr.add(i), t.to_array()) };
    }
    pub fn get(&self, i: usize) -> Totals {
        assert!(i < self.n);
        // SAFETY: inside the mapping, read after its writer ended.
        Totals::from_array(&unsafe { std::ptr::read_volatile(self.ptr.add(i)) })
    }
}

impl Drop for SharedTotals {
    fn drop(&mut self) {
        let len = Self::len(self.n);
        // SAFETY: the mapping made in `new`.
        unsafe { libc::munmap(self.ptr.cast(), len) };
    }
}

impl Replayer<'_> {
    /// Replay process `i`, forking its children when the original did; its row set when it
    /// and the children it forked have ended. What it left open stays open: a forked
    /// process's exit closes it untraced, as the original's did; the caller of a process
    /// no process forked closes it (`close_all`).
    pub(super) fn run_tree(
        &mut self,
        procs: &[ProcessPlan],
        tree: &Tree,
        i: usize,
        out: &SharedTotals,
    ) {
        let p = &procs[i];
        // What this process waits on, by the call it waits before (see `order`).
        let mut waits = tree.waits.iter().filter(|w| w.dst as usize == i).peekable();
        let mut kids = tree.children[i].iter().copied().peekable();
        let mut forked = Vec::new();
        let start = Instant::now();
        let first = p.calls.first().map_or(0, |c| c.t0);
        for c in &p.calls {
            if io_model::interrupt::received().is_some() {
                break;
            }
            // Every call begun before this one is done (said before a fork waits, as a
            // process forked earlier may wait on this one).
            out.reached(i, c.t0);
            while let Some(k) = kids.next_if(|&k| procs[k].start <= c.t0) {
                before_fork(procs, tree, i, k, out);
                forked.extend(self.fork_child(procs, tree, k, out));
            }
            self.pace(start, first, c.t0);
            while let Some(w) = waits.next_if(|w| w.at <= c.t0) {
                out.wait_for(i, w.src as usize, w.after);
            }
            self.replay_one(c);
        }
        out.reached(i, u64::MAX);
        for k in kids {
            before_fork(procs, tree, i, k, out);
            forked.extend(self.fork_child(procs, tree, k, out));
        }
        for pid in forked {
            let mut status = 0;
            // SAFETY: a child this process forked.
            unsafe { libc::waitpid(pid, &mut status, 0) };
        }
        out.set(i, &self.totals());
    }

    /// Fork process `k` (which replays itself and its own children, then exits); its pid.
    /// A fork that fails leaves the child's calls skipped.
    fn fork_child(
        &mut self,
        procs: &[ProcessPlan],
        tree: &Tree,
        k: usize,
        out: &SharedTotals,
    ) -> Option<libc::pid_t> {
        out.started(k);
        // SAFETY: the child goes on with a copy of this replayer (what the original child
        // inherited) and leaves through exit(), never returning into the parent's frames.
        match unsafe { libc::fork() } {
            0 => {
                self.reset_totals();
                self.run_tree(procs, tree, k, out);
                unsafe { libc::exit(0) }
            }
            pid if pid > 0 => Some(pid),
            _ => {
                let skipped = Totals {
                    skipped: procs[k].calls.len() as u64,
                    ..Totals::default()
                };
                out.set(k, &skipped);
                out.reached(k, u64::MAX);
                None
            }
        }
    }
}
