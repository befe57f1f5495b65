//! Running the model over a trace: the job's plan (which process is which rank, in which
//! order processes are read, which children were forked with which descriptors, clocks),
//! and the interpreter loop of one process: its threads' events (each record's start and
//! end) merged by their own times, since descriptor and stream tables are process-wide and
//! a call nested in a long call of one thread may use what another thread opened meanwhile;
//! each event is resolved for a [`Sink`].

use crate::bounds::BoundedSink;
use crate::calls::{TreeFeed, MAX_THREADED_STREAMS};
use crate::clock::Clocks;
use crate::error::Error;
use crate::error::SinkError;
use crate::process::{ProcessState, Walk};
use crate::sink::Sink;
use crate::trace::{ProcessTrace, Trace};
use definitions::GlobalDefs;
use hashbrown::HashMap;
use io_events::codec::Record;
use io_events::defs::Def;
use io_events::functions::{Role, FUNCTIONS};

/// The executable's file name of a process.
pub fn exe_name(p: &ProcessTrace) -> String {
    p.meta
        .cmdline
        .first()
        .map(|s| s.rsplit('/').next().unwrap_or(s).to_string())
        .unwrap_or_default()
}

/// One MPI job of the trace (one `mpirun`): several jobs may write into one trace
/// directory, each with its own ranks from 0.
#[derive(Clone, Debug)]
pub struct Job {
    /// The launcher's job id (meta.yaml `job`; None for traces that do not record it).
    pub id: Option<String>,
    /// Its MPI_COMM_WORLD's size.
    pub world: u32,
    /// Its rank 0's slot among all jobs' ranks (the location group id of its rank 0).
    pub first_slot: u32,
}

/// What is known of the whole trace before any record is read.
pub struct Plan {
    pub clocks: Clocks,
    /// Process indices, MPI ranks first in job and rank order (so that location group ids
    /// can equal rank slots), then the others in trace order.
    pub order: Vec<usize>,
    /// The rank slots of all jobs (the sum of their MPI_COMM_WORLD sizes), if the trace
    /// holds MPI ranks.
    pub world: Option<u32>,
    /// The MPI jobs, in launch order.
    pub jobs: Vec<Job>,
    /// Per process: its job's index, if it belongs to one (ranks, and the processes that
    /// carry the job id of a job with ranks).
    pub job_of: Vec<Option<u32>>,
    /// Rank slot -> the process that owns it (the first one seen with that rank).
    pub rank_owner: HashMap<u32, usize>,
    /// Fork children per parent folder: when each started (aligned ns) and the descriptors
    /// it inherited. From then on parent and child share those open file descriptions.
    forks_of: HashMap<String, Vec<(u64, Vec<i32>)>>,
    /// Streams decoded on background threads (the default, see [`interpret`]); false keeps
    /// the interpreting process free of threads, for a consumer whose system calls must
    /// cost what a single-threaded program's do (glibc's wrappers take a slower path, about
    /// 20 ns a call, in a process that ever had a second thread).
    pub decode_threads: bool,
}

impl Plan {
    pub fn new(trace: &Trace) -> Plan {
        let (jobs, job_of) = jobs(trace);
        let clocks = Clocks::new(trace, &job_of);
        let slot = |i: usize| -> Option<u32> {
            let r = trace.processes[i].meta.rank?;
            Some(jobs[job_of[i]? as usize].first_slot + r)
        };
        let mut order: Vec<usize> = (0..trace.processes.len()).collect();
        order.sort_by_key(|&i| (slot(i).unwrap_or(u32::MAX), i));
        let world = jobs.last().map(|j| j.first_slot + j.world);
        let mut rank_owner = HashMap::new();
        for &i in &order {
            if let Some(r) = slot(i) {
                rank_owner.entry(r).or_insert(i);
            }
        }
        let forks_of = forks_of(trace, &clocks);
        Plan {
            clocks,
            order,
            world,
            jobs,
            job_of,
            rank_owner,
            forks_of,
            decode_threads: true,
        }
    }

    /// The rank slot of process `pi`, if it is the one that owns its rank: its job's first
    /// slot plus its rank (the rank itself when the trace holds one job).
    pub fn rank_slot(&self, pi: usize, p: &ProcessTrace) -> Option<u32> {
        let r = p.meta.rank?;
        let s = self.jobs[self.job_of[pi]? as usize].first_slot + r;
        (self.rank_owner.get(&s) == Some(&pi)).then_some(s)
    }

    /// The rank of process `pi` in its job, if it is the one that owns that rank.
    pub fn rank(&self, pi: usize, p: &ProcessTrace) -> Option<u32> {
        self.rank_slot(pi, p).and(p.meta.rank)
    }

    /// The number (from 1, in launch order) of the job of process `pi` when the trace holds
    /// several jobs; None with one job (nothing to tell apart).
    pub fn job_number(&self, pi: usize) -> Option<u32> {
        if self.jobs.len() < 2 {
            return None;
        }
        self.job_of[pi].map(|j| j + 1)
    }

    /// "rank R", or "job J rank R" when the trace holds several jobs.
    pub fn rank_label(&self, pi: usize, rank: u32) -> String {
        match self.job_number(pi) {
            Some(j) => format!("job {j} rank {rank}"),
            None => format!("rank {rank}"),
        }
    }

    /// The label of rank slot `slot` ("rank R", or "job J rank R" with several jobs).
    pub fn slot_label(&self, slot: u32) -> String {
        let j = self.jobs.iter().rposition(|j| j.first_slot <= slot);
        match j.map(|j| (j, &self.jobs[j])) {
            Some((j, job)) if self.jobs.len() > 1 => {
                format!("job {} rank {}", j + 1, slot - job.first_slot)
            }
            _ => format!("rank {slot}"),
        }
    }

    /// The forks of `p`'s children, latest first (the next one to apply is at the end).
    fn forks(&self, p: &ProcessTrace) -> Vec<(u64, Vec<i32>)> {
        let mut forks = self.forks_of.get(&p.dir.name).cloned().unwrap_or_default();
        forks.sort_by_key(|f| std::cmp::Reverse(f.0));
        forks
    }
}

/// The MPI jobs of a trace in launch order (by their earliest process start), and each
/// process's job: processes with a rank are grouped by their launcher's job id, and a
/// process without a rank (a rank's fork child) belongs to the job whose id it carries.
fn jobs(trace: &Trace) -> (Vec<Job>, Vec<Option<u32>>) {
    let mut found: Vec<(u64, Option<String>, u32)> = Vec::new();
    for p in &trace.processes {
        let Some(r) = p.meta.rank else { continue };
        let size = p.meta.world_size.unwrap_or(r + 1).max(r + 1);
        let start = p.meta.start.realtime_ns;
        match found.iter_mut().find(|j| j.1 == p.meta.job) {
            Some(j) => {
                j.0 = j.0.min(start);
                j.2 = j.2.max(size);
            }
            None => found.push((start, p.meta.job.clone(), size)),
        }
    }
    found.sort_by_key(|j| j.0);
    let mut jobs = Vec::new();
    let mut next = 0;
    for (_, id, world) in found {
        jobs.push(Job {
            id,
            world,
            first_slot: next,
        });
        next += world;
    }
    let job_of = trace
        .processes
        .iter()
        .map(|p| {
            let j = jobs.iter().position(|j| j.id == p.meta.job);
            let with_rank = p.meta.rank.is_some() || p.meta.job.is_some();
            j.filter(|_| with_rank).map(|j| j as u32)
        })
        .collect();
    (jobs, job_of)
}

/// Fork children per parent folder: when each started (aligned ns) and the descriptors it
/// inherited.
fn forks_of(trace: &Trace, clocks: &Clocks) -> HashMap<String, Vec<(u64, Vec<i32>)>> {
    let mut forks_of: HashMap<String, Vec<(u64, Vec<i32>)>> = HashMap::new();
    for (ci, c) in trace.processes.iter().enumerate() {
        if let Some(parent) = &c.meta.forked_from {
            let start = clocks.map(ci, c).at(0);
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
    forks_of
}

/// What interpreting processes found, for summaries and warnings.
#[derive(Debug)]
pub struct Stats {
    pub processes: usize,
    /// Records read: the calls, and the events that are not calls.
    pub records: u64,
    /// Records that are not calls of the program (`fd_created`, `h5_selection` ...: facts
    /// the recorder learnt on the way, [`Role::Event`]); every tool counts calls as
    /// `records - events`.
    pub events: u64,
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
            events: 0,
            tmin: u64::MAX,
            tmax: 0,
            bytes_read: 0,
            warnings: Vec::new(),
            process_last: 0,
        }
    }
}

impl Stats {
    /// The program's calls: records that are not events.
    pub fn calls(&self) -> u64 {
        self.records - self.events
    }

    /// Add another part's numbers (analyses interpret processes in parallel).
    pub fn merge(&mut self, o: Stats) {
        self.processes += o.processes;
        self.records += o.records;
        self.events += o.events;
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
    walk: Walk,
    /// The stream's call sites as global ids.
    sites: crate::sites::SiteIds,
    /// The record time of the thread's next event (None at the end of its stream), kept
    /// up to date after each walk: choosing the next thread reads only these.
    next: Option<u64>,
}

impl ThreadCursor {
    /// The global call site of the current tree.
    fn site(&mut self, p: &ProcessTrace, defs: &mut GlobalDefs) -> u32 {
        let local = self.feed.current_site();
        self.sites.global(local, &self.feed.sites, p, defs)
    }

    /// Find the record time of the thread's next event, loading its next tree if needed.
    fn refresh(&mut self) -> Result<(), Error> {
        self.next = if self.walk.at_tree_start() {
            self.feed.peek_start()?
        } else {
            self.walk.next_time(self.feed.current())
        };
        Ok(())
    }
}

/// Interpret process `pi` of the trace: every event goes to `sink`, definitions to `defs`.
/// `progress` gets the bytes of thread streams consumed so far (all processes); an error
/// from it stops the interpretation (a tool interrupted by a signal).
pub fn interpret<S: Sink>(
    p: &ProcessTrace,
    pi: usize,
    plan: &Plan,
    defs: &mut GlobalDefs,
    sink: &mut S,
    stats: &mut Stats,
    progress: &mut dyn FnMut(u64) -> Result<(), SinkError>,
) -> Result<(), Error> {
    stats.processes += 1;
    stats.process_last = plan.clocks.map(pi, p).at(0);
    let who = || match plan.rank(pi, p) {
        Some(r) => format!("{} ({})", plan.rank_label(pi, r), p.dir.dir.display()),
        None => p.dir.dir.display().to_string(),
    };
    if p.meta.ending == io_events::meta::Ending::Failed {
        // The recorder stopped tracing (disk full, quota ...) and said why in meta.yaml.
        let why = p.meta.failure.as_deref().unwrap_or("no reason recorded");
        stats.warnings.push(format!(
            "{}: the recorder stopped tracing early: {why}; converted up to its last complete chunk",
            who()
        ));
    } else if !p.complete() {
        stats.warnings.push(format!(
            "{}: the process did not finish (killed?); converted up to its last complete chunk",
            who()
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
    if let Some(n) = p.meta.options.get("untracked_fd_calls") {
        stats.warnings.push(format!(
            "{}: at least {n} calls on descriptors the recorder did not see opened (raw system calls, inherited sockets) were not recorded (untracked_fd_calls in meta.yaml)",
            p.dir.dir.display()
        ));
    }
    if let Some(why) = &p.meta.mpi_layers_off {
        stats.warnings.push(format!(
            "{}: the MPI layers were not traced: {why} (mpi_layers_off in meta.yaml)",
            p.dir.dir.display()
        ));
    }
    if let Some(n) = p.meta.options.get("dropped_in_signal_handlers") {
        stats.warnings.push(format!(
            "{}: {n} calls made by signal handlers while the recorder was storing a record of the interrupted thread were not recorded (dropped_in_signal_handlers in meta.yaml)",
            p.dir.dir.display()
        ));
    }
    stats.warnings.extend(p.warnings.iter().cloned());
    if p.threads.is_empty() {
        // No traced call (e.g. `env` before it exec'ed the real program).
        return Ok(());
    }
    let host_node = defs.host(&p.meta.host);
    let time = plan.clocks.map(pi, p);
    let mut forks = plan.forks(p);
    // Communicator members are ranks of the process's job: rank slots from its first one.
    let ranks = plan.job_of[pi].map(|j| {
        let job = &plan.jobs[j as usize];
        job.first_slot..job.first_slot + job.world
    });
    let mut st = ProcessState::new(p, host_node, ranks, defs)?;
    if st.layers.mpi.bad_comms > 0 {
        // An archive naming a rank that does not exist is one OTF2 readers refuse.
        stats.warnings.push(format!(
            "{}: {} communicators name ranks outside the job's MPI_COMM_WORLD; left out (collectives on them carry no communicator)",
            who(),
            st.layers.mpi.bad_comms
        ));
    }
    // Decoding runs in background threads (on the other core) for processes with a few
    // threads (when the plan allows); the interpretation stays on this thread.
    let threaded = plan.decode_threads && p.threads.len() <= MAX_THREADED_STREAMS;
    let mut cursors = Vec::new();
    for (_, path, _) in &p.threads {
        let feed = TreeFeed::open(path, p.func_map.clone(), p.duration_ns(), threaded)?;
        let mut c = ThreadCursor {
            feed,
            walk: Walk::new(time),
            sites: Default::default(),
            next: None,
        };
        c.refresh()?;
        cursors.push(c);
    }
    // Every event goes through the model's bounds (an operation's bytes at most its request).
    let mut bounded = BoundedSink::new(sink);
    let sink = &mut bounded;
    let base = stats.bytes_read;
    let mut last_progress = 0u64;
    let mut span = (stats.tmin, stats.tmax);
    if let [only] = cursors.as_mut_slice() {
        let mut flow = Flow {
            defs,
            forks: &mut forks,
            span: &mut span,
            records: &mut stats.records,
            events: &mut stats.events,
        };
        one_thread(&mut st, &mut flow, sink, only, p, &mut |n| {
            progress(base + n)
        })?;
    }
    while let Some((ci, until)) = next_thread(&cursors) {
        let c = &mut cursors[ci];
        st.set_thread(ci);
        sink.thread(ci);
        let tree = c.feed.current();
        if c.walk.at_tree_start() {
            let first = time.at(tree[0].start);
            while forks.last().is_some_and(|f| f.0 <= first) {
                let (_, fds) = forks.pop().unwrap_or_default();
                st.forked(&fds);
            }
        }
        let site = c.site(p, defs);
        sink.site(defs, site);
        let tree = c.feed.current();
        if !st.walk(defs, sink, tree, &mut c.walk, until, &mut span)? {
            c.refresh()?;
            continue;
        }
        stats.records += tree.len() as u64;
        stats.events += events_in(tree);
        c.walk.next_tree();
        c.feed.advance();
        c.refresh()?;
        let done: u64 = cursors.iter().map(|c| c.feed.bytes_read).sum();
        if done - last_progress > 1 << 20 {
            last_progress = done;
            progress(base + done)?;
        }
    }
    (stats.tmin, stats.tmax) = span;
    stats.warnings.extend(bounded.warnings(&p.dir.dir));
    for (layer, n) in &st.sh.guessed {
        stats.warnings.push(format!(
            "{}: {n} {} operations on handles whose opening the trace does not show, placed on stand-in handles",
            p.dir.dir.display(),
            layer.identification()
        ));
    }
    if st.layers.lib.views.unknown_shape > 0 {
        stats.warnings.push(format!(
            "{}: {} MPI-IO transfers through file views whose filetype the trace does not describe (the recorder could not flatten it: a darray, or past its bounds; or extrapolate could not model it): taken as one range from their first byte",
            p.dir.dir.display(),
            st.layers.lib.views.unknown_shape
        ));
    }
    if st.layers.mpi.unresolved > 0 {
        stats.warnings.push(format!(
            "{}: {} MPI calls on communicators or ranks the trace does not define (or receive completions whose start it does not show): no happens-before from them",
            p.dir.dir.display(),
            st.layers.mpi.unresolved
        ));
    }
    if !st.layers.mpi.recvs.is_empty() {
        stats.warnings.push(format!(
            "{}: {} non-blocking receives whose completion the trace does not show (completions are recorded by the mpiio layer's MPI_Wait/Test): no happens-before from them",
            p.dir.dir.display(),
            st.layers.mpi.recvs.len()
        ));
    }
    for c in cursors {
        // The `call_site` records the streams held are records, and events.
        stats.records += c.feed.site_records;
        stats.events += c.feed.site_records;
        stats.process_last = stats.process_last.max(c.walk.last);
        stats.warnings.extend(c.feed.warnings.iter().cloned());
        if c.feed.unknown > 0 {
            stats.warnings.push(format!(
                "{} records of functions unknown to this converter were skipped",
                c.feed.unknown
            ));
        }
        stats.bytes_read += c.feed.bytes_read;
    }
    progress(stats.bytes_read)?;
    Ok(())
}

/// What the interpretation of a process's records carries along.
struct Flow<'a> {
    defs: &'a mut GlobalDefs,
    /// Fork children still to come, latest first.
    forks: &'a mut Vec<(u64, Vec<i32>)>,
    span: &'a mut (u64, u64),
    records: &'a mut u64,
    events: &'a mut u64,
}

/// A process with one thread: its trees one after another, a decoded batch at a time (no
/// other thread to interleave with, so no choice to make per tree). `progress` gets the
/// bytes of the stream consumed so far.
fn one_thread<S: Sink>(
    st: &mut ProcessState,
    f: &mut Flow,
    sink: &mut S,
    c: &mut ThreadCursor,
    p: &ProcessTrace,
    progress: &mut dyn FnMut(u64) -> Result<(), SinkError>,
) -> Result<(), Error> {
    st.set_thread(0);
    sink.thread(0);
    let time = c.walk.time();
    let mut last_progress = 0u64;
    while c.feed.peek_start()?.is_some() {
        loop {
            let tree = c.feed.current();
            let Some(first) = tree.first() else {
                break;
            };
            while f.forks.last().is_some_and(|k| k.0 <= time.at(first.start)) {
                let (_, fds) = f.forks.pop().unwrap_or_default();
                st.forked(&fds);
            }
            let site = c.site(p, f.defs);
            sink.site(f.defs, site);
            let tree = c.feed.current();
            while !st.walk(f.defs, sink, tree, &mut c.walk, u64::MAX, f.span)? {}
            *f.records += tree.len() as u64;
            *f.events += events_in(tree);
            c.walk.next_tree();
            c.feed.advance();
        }
        if c.feed.bytes_read - last_progress > 1 << 20 {
            last_progress = c.feed.bytes_read;
            progress(last_progress)?;
        }
    }
    c.next = None;
    Ok(())
}

/// The thread whose next event comes first, and until when its events may run: the record
/// time of the next event of any other thread (threads interleave event by event, so that
/// what one thread opens is there for what another does next, whatever calls enclose it).
fn next_thread(cursors: &[ThreadCursor]) -> Option<(usize, u64)> {
    if let [only] = cursors {
        return only.next.map(|_| (0, u64::MAX));
    }
    let mut best: Option<(u64, usize)> = None;
    let mut until = u64::MAX;
    for (i, c) in cursors.iter().enumerate() {
        if let Some(t) = c.next {
            match best {
                Some((b, _)) if t >= b => until = until.min(t),
                _ => {
                    if let Some((b, _)) = best {
                        until = until.min(b);
                    }
                    best = Some((t, i));
                }
            }
        }
    }
    best.map(|(_, i)| (i, until))
}

/// Records of a call tree that are events, not calls.
fn events_in(tree: &[Record]) -> u64 {
    let event = |r: &&Record| {
        FUNCTIONS
            .get(r.func as usize)
            .is_some_and(|f| f.role == Role::Event)
    };
    tree.iter().filter(event).count() as u64
}
