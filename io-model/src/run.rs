//! Running the model over a trace: the job's plan (which process is which rank, in which
//! order processes are read, which children were forked with which descriptors, clocks),
//! and the interpreter loop of one process: its threads' call trees merged by start time
//! (descriptor and stream tables are process-wide), each record's start and end resolved
//! into events for a [`Sink`].

use crate::calls::{TreeFeed, MAX_THREADED_STREAMS};
use crate::clock::{Clocks, TimeMap};
use crate::process::ProcessState;
use crate::sink::Sink;
use crate::trace::{ProcessTrace, Trace};
use definitions::GlobalDefs;
use hashbrown::HashMap;
use io_events::defs::Def;

/// The executable's file name of a process.
pub fn exe_name(p: &ProcessTrace) -> String {
    p.meta
        .cmdline
        .first()
        .map(|s| s.rsplit('/').next().unwrap_or(s).to_string())
        .unwrap_or_default()
}

/// What is known of the whole job before any record is read.
pub struct Plan {
    pub clocks: Clocks,
    /// Process indices, MPI ranks first in rank order (so that location group ids can equal
    /// ranks), then the others in trace order.
    pub order: Vec<usize>,
    /// MPI_COMM_WORLD's size, if the trace holds MPI ranks.
    pub world: Option<u32>,
    /// Rank -> the process that owns it (the first one seen with that rank).
    pub rank_owner: HashMap<u32, usize>,
    /// Fork children per parent folder: when each started (aligned ns) and the descriptors
    /// it inherited. From then on parent and child share those open file descriptions.
    forks_of: HashMap<String, Vec<(u64, Vec<i32>)>>,
}

impl Plan {
    pub fn new(trace: &Trace) -> Plan {
        let clocks = Clocks::new(trace);
        let mut order: Vec<usize> = (0..trace.processes.len()).collect();
        order.sort_by_key(|&i| (trace.processes[i].meta.rank.unwrap_or(u32::MAX), i));
        let world = trace
            .processes
            .iter()
            .filter_map(|p| {
                let r = p.meta.rank?;
                Some(p.meta.world_size.unwrap_or(r + 1).max(r + 1))
            })
            .max();
        let mut rank_owner = HashMap::new();
        if world.is_some() {
            for &i in &order {
                if let Some(r) = trace.processes[i].meta.rank {
                    rank_owner.entry(r).or_insert(i);
                }
            }
        }
        let mut forks_of: HashMap<String, Vec<(u64, Vec<i32>)>> = HashMap::new();
        for c in &trace.processes {
            if let Some(parent) = &c.meta.forked_from {
                let start = clocks.map(c).at(0);
                let fds = c
                    .defs
                    .defs
                    .iter()
                    .filter_map(|d| match *d {
                        Def::PreCreated { layer: 0, fd, .. } => Some(fd as i32),
                        _ => None,
                    })
                    .collect();
                forks_of
                    .entry(parent.clone())
                    .or_default()
                    .push((start, fds));
            }
        }
        Plan {
            clocks,
            order,
            world,
            rank_owner,
            forks_of,
        }
    }

    /// The rank of process `pi`, if it is the one that owns that rank.
    pub fn rank(&self, pi: usize, p: &ProcessTrace) -> Option<u32> {
        p.meta.rank.filter(|r| self.rank_owner.get(r) == Some(&pi))
    }

    /// The forks of `p`'s children, latest first (the next one to apply is at the end).
    fn forks(&self, p: &ProcessTrace) -> Vec<(u64, Vec<i32>)> {
        let mut forks = self.forks_of.get(&p.dir.name).cloned().unwrap_or_default();
        forks.sort_by_key(|f| std::cmp::Reverse(f.0));
        forks
    }
}

/// What interpreting processes found, for summaries and warnings.
#[derive(Debug)]
pub struct Stats {
    pub processes: usize,
    pub records: u64,
    /// First and last aligned time of any record (u64::MAX, 0 when none).
    pub tmin: u64,
    pub tmax: u64,
    /// Bytes of thread streams consumed so far.
    pub bytes_read: u64,
    /// Anything lost, skipped or guessed, one line each.
    pub warnings: Vec<String>,
    /// The aligned time of the last event of the process interpreted last (no event of
    /// it is earlier than its start, `TimeMap::at(0)`).
    pub process_last: u64,
}

impl Default for Stats {
    fn default() -> Stats {
        Stats {
            processes: 0,
            records: 0,
            tmin: u64::MAX,
            tmax: 0,
            bytes_read: 0,
            warnings: Vec::new(),
            process_last: 0,
        }
    }
}

impl Stats {
    /// Add another part's numbers (analyses interpret processes in parallel).
    pub fn merge(&mut self, o: Stats) {
        self.processes += o.processes;
        self.records += o.records;
        self.tmin = self.tmin.min(o.tmin);
        self.tmax = self.tmax.max(o.tmax);
        self.bytes_read += o.bytes_read;
        self.warnings.extend(o.warnings);
        self.process_last = self.process_last.max(o.process_last);
    }
}

/// A thread being interpreted.
struct ThreadCursor {
    feed: TreeFeed,
    /// Last time given to this thread's events: they must not decrease, and a TSC-derived
    /// time may fall a few ns before its predecessor across chunk anchors.
    last: u64,
}

/// Interpret process `pi` of the trace: every event goes to `sink`, definitions to `defs`.
/// `progress` gets the bytes of thread streams consumed so far (all processes).
pub fn interpret<S: Sink>(
    p: &ProcessTrace,
    pi: usize,
    plan: &Plan,
    defs: &mut GlobalDefs,
    sink: &mut S,
    stats: &mut Stats,
    progress: &mut dyn FnMut(u64),
) -> Result<(), String> {
    stats.processes += 1;
    stats.process_last = plan.clocks.map(p).at(0);
    if !p.complete() {
        let who = match plan.rank(pi, p) {
            Some(r) => format!("rank {r} ({})", p.dir.dir.display()),
            None => p.dir.dir.display().to_string(),
        };
        stats.warnings.push(format!(
            "{who}: the process did not finish (killed?); converted up to its last complete chunk"
        ));
    }
    // HDF5 ids that did not fit the recorder's table were told again at each use (counted
    // at powers of two): their operations are placed, with more records than needed.
    if let Some(n) = p.meta.options.get("hdf5_untracked_ids") {
        stats.warnings.push(format!(
            "{}: at least {n} HDF5 ids did not fit the recorder's table (hdf5_untracked_ids in meta.yaml); they were told again at each use",
            p.dir.dir.display()
        ));
    }
    if p.threads.is_empty() {
        // No traced call (e.g. `env` before it exec'ed the real program).
        return Ok(());
    }
    let host_node = defs.host(&p.meta.host);
    let time = plan.clocks.map(p);
    let mut forks = plan.forks(p);
    let mut st = ProcessState::new(p, host_node, defs)?;
    // Decoding runs in background threads (on the other core) for processes with a few
    // threads; the interpretation stays on this thread.
    let threaded = p.threads.len() <= MAX_THREADED_STREAMS;
    let mut cursors = Vec::new();
    for (_, path, _) in &p.threads {
        let feed = TreeFeed::open(path, p.func_map.clone(), threaded).map_err(|e| e.to_string())?;
        // Nothing happens before the process started (consumers put ProgramBegin there).
        cursors.push(ThreadCursor {
            feed,
            last: time.at(0),
        });
    }
    let base = stats.bytes_read;
    let mut last_progress = 0u64;
    while let Some(ci) = next_thread(&mut cursors, time)? {
        let c = &mut cursors[ci];
        st.set_thread(ci);
        sink.thread(ci);
        let tree = c.feed.current();
        if let Some(first) = tree.first() {
            while forks.last().is_some_and(|f| f.0 <= time.at(first.start)) {
                let (_, fds) = forks.pop().unwrap_or_default();
                st.forked(&fds);
            }
        }
        let mut span = (stats.tmin, stats.tmax);
        c.last = st.tree(defs, sink, tree, time, c.last, &mut span)?;
        (stats.tmin, stats.tmax) = span;
        stats.records += tree.len() as u64;
        c.feed.advance();
        let done: u64 = cursors.iter().map(|c| c.feed.bytes_read).sum();
        if done - last_progress > 1 << 20 {
            last_progress = done;
            progress(base + done);
        }
    }
    if st.guessed > 0 {
        stats.warnings.push(format!(
            "{}: {} HDF5 operations on objects whose opening the trace does not show, placed on stand-in handles",
            p.dir.dir.display(),
            st.guessed
        ));
    }
    for c in cursors {
        stats.process_last = stats.process_last.max(c.last);
        if let Some(t) = &c.feed.truncated {
            stats.warnings.push(t.clone());
        }
        if c.feed.unknown > 0 {
            stats.warnings.push(format!(
                "{} records of functions unknown to this converter were skipped",
                c.feed.unknown
            ));
        }
        stats.bytes_read += c.feed.bytes_read;
    }
    progress(stats.bytes_read);
    Ok(())
}

/// The thread whose next tree starts first.
fn next_thread(cursors: &mut [ThreadCursor], time: TimeMap) -> Result<Option<usize>, String> {
    if let [only] = cursors {
        return Ok(only.feed.peek_start()?.map(|_| 0));
    }
    let mut best: Option<(u64, usize)> = None;
    for (i, c) in cursors.iter_mut().enumerate() {
        if let Some(s) = c.feed.peek_start()? {
            let t = time.at(s);
            if best.is_none_or(|(b, _)| t < b) {
                best = Some((t, i));
            }
        }
    }
    Ok(best.map(|b| b.1))
}
