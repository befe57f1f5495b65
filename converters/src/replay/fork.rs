//! Forked processes replayed as processes: a process of the trace that was forked from
//! another (its metadata names the parent's folder) is forked by the replay of its parent
//! when the original was (before the parent's first call that began after the child
//! started), so it inherits the parent's replayed descriptors and streams as the original
//! inherited the program's, and the replay's trace has the original's processes. Each
//! process writes what it did into a table of shared anonymous memory (no I/O of the
//! replay's own in its trace), read when all have ended.

use super::{ProcessPlan, Replayer, Totals};
use std::time::Instant;

/// Who forked whom: per process, its children by start; the processes no process of the
/// trace forked.
pub(super) struct Tree {
    children: Vec<Vec<usize>>,
    pub roots: Vec<usize>,
}

pub(super) fn tree(procs: &[ProcessPlan]) -> Tree {
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
    Tree { children, roots }
}

/// One row of [`Totals`] per process, in memory shared with the forked processes.
pub(super) struct SharedTotals {
    ptr: *mut [u64; 9],
    n: usize,
}

// The rows are written by one process each, read after all have ended.
unsafe impl Sync for SharedTotals {}
unsafe impl Send for SharedTotals {}

impl SharedTotals {
    pub fn new(n: usize) -> Result<SharedTotals, String> {
        let len = (n.max(1) * std::mem::size_of::<[u64; 9]>()) as libc::size_t;
        let flags = libc::MAP_SHARED | libc::MAP_ANONYMOUS;
        let prot = libc::PROT_READ | libc::PROT_WRITE;
        // SAFETY: a fresh anonymous mapping, unmapped by drop.
        let ptr = unsafe { libc::mmap(std::ptr::null_mut(), len, prot, flags, -1, 0) };
        if ptr == libc::MAP_FAILED {
            return Err(format!("replay: {}", std::io::Error::last_os_error()));
        }
        Ok(SharedTotals { ptr: ptr.cast(), n })
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
        let len = self.n.max(1) * std::mem::size_of::<[u64; 9]>();
        // SAFETY: the mapping made in `new`.
        unsafe { libc::munmap(self.ptr.cast(), len) };
    }
}

impl Replayer<'_> {
    /// Replay process `i`, forking its children when the original did; its row set when it
    /// and the children it forked have ended.
    pub(super) fn run_tree(
        &mut self,
        procs: &[ProcessPlan],
        tree: &Tree,
        i: usize,
        out: &SharedTotals,
    ) {
        let p = &procs[i];
        let mut kids = tree.children[i].iter().copied().peekable();
        let mut forked = Vec::new();
        let start = Instant::now();
        let first = p.calls.first().map_or(0, |c| c.t0);
        for c in &p.calls {
            if crate::interrupt::received().is_some() {
                break;
            }
            while let Some(k) = kids.next_if(|&k| procs[k].start <= c.t0) {
                forked.extend(self.fork_child(procs, tree, k, out));
            }
            self.pace(start, first, c.t0);
            self.replay_one(c);
        }
        for k in kids {
            forked.extend(self.fork_child(procs, tree, k, out));
        }
        self.close_all();
        for pid in forked {
            let mut status = 0;
            // SAFETY: a child this process forked.
            unsafe { libc::waitpid(pid, &mut status, 0) };
        }
        out.set(i, &self.totals);
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
        // SAFETY: the child goes on with a copy of this replayer (what the original child
        // inherited) and leaves through exit(), never returning into the parent's frames.
        match unsafe { libc::fork() } {
            0 => {
                self.totals = Totals::default();
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
                None
            }
        }
    }
}
