//! `recorder-otf2 conflicts`: which operations touch the same bytes of a file, by whom and in
//! which order. Every process is interpreted (in parallel) through the I/O model; each
//! completed read or write at the POSIX, ISO C (stdio) or MPI-IO layer with a known offset
//! becomes an [`Access`] of its file, unless it was made inside a call of another checked
//! layer (that call's access holds the same bytes). Per file, all layers together, the
//! accesses are sorted by offset and swept ([`sweep`](mod@sweep)); every overlapping pair is
//! classified RAW / WAW / WAR / RAR by the time order of the two operations and reported at
//! the outer layer of the two. Under a consistency semantics ([`semantics`]) each conflicting
//! pair is also checked for the synchronisation the semantics asks for, with
//! happens-before from the synchronising MPI calls ([`order`]).

//!
//! The API: [`conflicts`] with its [`Options`] and result [`Conflicts`]; [`output`] (text
//! and JSON of a result), [`section`] (the conflicts section of `summary` and `report`),
//! [`semantics::Semantics`], [`default_memory`] (the memory budget before spilling).

mod error;
mod order;
pub mod output;
pub mod section;
pub mod semantics;
mod spill;
mod sweep;

pub use error::Error;
pub use spill::default_memory;

use definitions::{FileView, GlobalDefs};
use hashbrown::HashMap;
use io_events::functions::{FunctionInfo, Layer, Role, FUNCTIONS};
use io_model::driver::{self, Progress};
use io_model::kinds::OpMode;
use io_model::mpi::MpiSync;
use io_model::pipe::{Accumulator, Direct, Piped};
use io_model::procs::{origin, proc_info, ProcInfo};
use io_model::resolve::{Call, FileAt, MetaKind, Op, Resolver};
use io_model::run::{interpret, Plan, Stats};
use io_model::trace::Trace;
use io_model::SinkError;
use order::{Comms, HappensBefore, SyncCall};
use semantics::{FilePoints, Point, PointKind, Semantics, Verifier};
use spill::{Descriptors, Merged, SpillDir};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use sweep::{sweep, FilePairs};

/// One read or write of a byte range at one layer: 48 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Access {
    /// First byte and one past the last.
    pub start: u64,
    pub end: u64,
    /// Start and end time on the trace's common time line (ns).
    pub t0: u64,
    pub t1: u64,
    /// The process's index in the trace (low 27 bits), the layer (its position in
    /// `Layer::ALL`, 4 bits) and whether it wrote (top bit).
    proc_write: u32,
    /// The call that made the operation and the outermost call above it.
    pub func: u16,
    pub root_func: u16,
    /// The calls of the layers between (see `Op::via_func`).
    pub via_func: [u16; 2],
    /// Which of its process's operations it belongs to (a number wrapping at 2^31), with
    /// [`EXTENT_BIT`] when it is one of several byte ranges of one operation (through an
    /// MPI file view with holes): the sweep reports a pair of operations once.
    op: u32,
}

/// In `Access::op`: one byte range of an operation of several.
const EXTENT_BIT: u32 = 1 << 31;
const WRITE_BIT: u32 = 1 << 31;
const LAYER_SHIFT: u32 = 27;
const PROC_MASK: u32 = (1 << LAYER_SHIFT) - 1;

/// The code of a layer in an access (its position in `Layer::ALL`).
fn layer_code(l: Layer) -> u32 {
    Layer::ALL.iter().position(|&x| x == l).unwrap_or(0) as u32
}

impl Access {
    /// What one access costs in memory.
    pub const BYTES: u64 = std::mem::size_of::<Access>() as u64;

    /// The access of `bytes` bytes from `start` of operation `op` of process `proc`, its
    /// `number`-th (with [`EXTENT_BIT`] when the operation has several ranges).
    pub fn new(op: &Op, proc: usize, number: u32, start: u64, bytes: u64) -> Access {
        let write = if op.mode == OpMode::Write {
            WRITE_BIT
        } else {
            0
        };
        debug_assert!(proc as u32 <= PROC_MASK, "process index beyond 27 bits");
        let write = write | layer_code(op.layer) << LAYER_SHIFT;
        Access {
            start,
            end: start.saturating_add(bytes),
            t0: op.t0,
            t1: op.t1,
            proc_write: proc as u32 | write,
            func: op.call_func,
            root_func: op.root_func,
            via_func: op.via_func,
            op: number,
        }
    }
    #[cfg(test)]
    pub fn test(start: u64, end: u64, t0: u64, proc: usize, write: bool) -> Access {
        let write = if write { WRITE_BIT } else { 0 };
        Access {
            start,
            end,
            t0,
            t1: t0,
            proc_write: proc as u32 | write,
            func: 0,
            root_func: 0,
            via_func: [u16::MAX; 2],
            op: 0,
        }
    }
    /// The same access as one range of operation `number` of several.
    #[cfg(test)]
    pub fn extent_of(mut self, number: u32) -> Access {
        self.op = number | EXTENT_BIT;
        self
    }
    #[cfg(test)]
    pub fn at_layer(mut self, l: Layer) -> Access {
        self.proc_write = self.proc_write & !(0xf << LAYER_SHIFT) | layer_code(l) << LAYER_SHIFT;
        self
    }
    pub fn proc(&self) -> usize {
        (self.proc_write & PROC_MASK) as usize
    }
    /// The layer whose operation it is.
    pub fn layer(&self) -> Layer {
        Layer::ALL[self.layer_index()]
    }
    /// Its layer's position in `Layer::ALL`.
    fn layer_index(&self) -> usize {
        ((self.proc_write >> LAYER_SHIFT) & 0xf) as usize
    }
    pub fn is_write(&self) -> bool {
        self.proc_write & WRITE_BIT != 0
    }
    /// Its operation, unique in its process (but for numbers wrapping past 2^31).
    pub fn op_number(&self) -> u32 {
        self.op & !EXTENT_BIT
    }
    /// Whether it is one byte range of an operation of several.
    pub fn is_extent(&self) -> bool {
        self.op & EXTENT_BIT != 0
    }
}

/// A file at a layer, as analyses name it: its path, the host when its file system is not
/// shared between hosts (the same path on two hosts is two files), and the layer.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileKey {
    pub path: String,
    pub host: Option<String>,
    pub layer: Layer,
}

/// The layers whose operations are checked.
pub const LAYERS: [Layer; 3] = [Layer::Posix, Layer::Isoc, Layer::MpiIo];

/// How far from the program a layer is: a pair of accesses at two layers is reported at
/// the outer one (a stream's fwrite against a read(2): at ISO C).
fn depth(l: Layer) -> u8 {
    match l {
        Layer::Posix => 0,
        Layer::Isoc => 1,
        _ => 2,
    }
}

/// The layer a pair of accesses is reported at: the outer of the two.
pub fn pair_layer(a: &Access, b: &Access) -> Layer {
    std::cmp::max_by_key(a.layer(), b.layer(), |&l| (depth(l), l))
}

/// Whether an operation was made inside a call of another checked layer (a pwrite inside
/// MPI_File_write_at, a write(2) inside fwrite): that call's own access holds the bytes
/// the program asked for, so they are checked once, at the layer the program called.
pub fn beneath_checked(layers: &[Layer], o: &Op) -> bool {
    let root = (o.root != o.call).then_some(o.root_func);
    root.into_iter()
        .chain(o.via_func)
        .filter_map(|f| FUNCTIONS.get(f as usize))
        .any(|i| i.layer != o.layer && layers.contains(&i.layer) && holds_bytes(i))
}

/// Whether the I/O made inside a call is the call's own: every call of a checked layer but
/// those that start and end MPI (the configuration files Open MPI reads in MPI_Init are no
/// MPI-IO access). Request completions (MPI_Wait ...) are in: their I/O is the request's.
fn holds_bytes(i: &FunctionInfo) -> bool {
    i.role != Role::Func || !(i.name.starts_with("MPI_Init") || i.name == "MPI_Finalize")
}

/// Operations left out of the check, with the reason (reported, never silent).
#[derive(Clone, Copy, Debug, Default)]
pub struct Skipped {
    /// Completed reads/writes at a checked layer whose offset the model does not know
    /// (appending writes, shared file pointers, streams whose position is unknown).
    pub no_offset: u64,
    /// Completed reads/writes on a handle of no file (pipes, sockets, terminals).
    pub no_file: u64,
    /// Completed reads/writes made inside a call of another checked layer
    /// ([`beneath_checked`]): left to that call's access.
    pub beneath: u64,
}

impl Skipped {
    fn add(&mut self, o: Skipped) {
        self.no_offset += o.no_offset;
        self.no_file += o.no_file;
        self.beneath += o.beneath;
    }
}

/// One process's accesses by file, while it is interpreted.
struct ProcessAccesses {
    proc: usize,
    layers: Vec<Layer>,
    files: HashMap<FileAt, Vec<Access>>,
    skipped: Skipped,
    /// Per file: its operations without an offset.
    no_offset: HashMap<FileAt, u64>,
    /// Per file: opens, closes and flushes (what semantics synchronise on).
    points: HashMap<FileAt, Vec<Point>>,
    /// Synchronising MPI calls, in the order they ended.
    syncs: Vec<MpiSync>,
    spill: Spill,
    /// Per file: its runs (accesses written out beyond the memory budget).
    runs: HashMap<FileAt, Vec<PathBuf>>,
    /// The process's MPI file views with holes (`GlobalDefs::views`, by id).
    views: Vec<Option<FileView>>,
    /// Operations made into accesses so far (numbers them, wrapping at 2^31).
    ops: u32,
}

/// Where accesses go beyond the memory budget, and how many a worker may hold.
struct Spill {
    dir: Option<Arc<SpillDir>>,
    budget: usize,
    held: usize,
    error: Option<Error>,
}

/// A worker's copy of the budget: it starts holding nothing and without an error (errors
/// travel up through `Partial::add` and `merge`).
impl Clone for Spill {
    fn clone(&self) -> Spill {
        Spill {
            dir: self.dir.clone(),
            budget: self.budget,
            held: self.held,
            error: None,
        }
    }
}

impl Spill {
    /// Whether one more access goes over the budget.
    fn full(&mut self, n: usize) -> bool {
        self.held += n;
        self.dir.is_some() && self.held >= self.budget
    }

    /// Write every file's accesses out as runs.
    fn out<K: Clone + Eq + std::hash::Hash>(
        &mut self,
        files: &mut HashMap<K, Vec<Access>>,
        runs: &mut HashMap<K, Vec<PathBuf>>,
    ) {
        let Some(dir) = self.dir.clone() else {
            return;
        };
        for (k, v) in files.iter_mut().filter(|(_, v)| !v.is_empty()) {
            match dir.write_run(v) {
                Ok(p) => runs.entry(k.clone()).or_default().push(p),
                Err(e) => {
                    // Go on in memory; the check fails with this at its end.
                    self.error.get_or_insert(e);
                    self.dir = None;
                    return;
                }
            }
        }
        self.held = 0;
    }
}

impl Accumulator for ProcessAccesses {
    fn call(&mut self, _c: &Call) {}
    fn meta(&mut self, _th: usize, k: MetaKind, f: Option<FileAt>, t: u64) {
        let kind = match k {
            MetaKind::Open => PointKind::Open,
            MetaKind::Close => PointKind::Close,
            _ => return,
        };
        if let Some(at) = f.filter(|at| self.layers.contains(&at.1)) {
            let p = Point { t0: t, t1: t, kind };
            self.points.entry(at).or_default().push(p);
        }
    }
    fn mpi_sync(&mut self, s: &MpiSync) {
        self.syncs.push(*s);
    }
    fn op(&mut self, o: &Op) {
        if o.mode == OpMode::Flush && !o.cancelled && self.layers.contains(&o.layer) {
            if let Some(file) = o.file {
                let p = Point {
                    t0: o.t0,
                    t1: o.t1,
                    kind: PointKind::Flush,
                };
                self.points.entry((file, o.layer)).or_default().push(p);
            }
            return;
        }
        let data = matches!(o.mode, OpMode::Read | OpMode::Write);
        if !data || o.cancelled || o.bytes_done == 0 || !self.layers.contains(&o.layer) {
            return;
        }
        if beneath_checked(&self.layers, o) {
            self.skipped.beneath += 1;
            return;
        }
        let Some(file) = o.file else {
            self.skipped.no_file += 1;
            return;
        };
        let Some(offset) = o.offset else {
            self.skipped.no_offset += 1;
            *self.no_offset.entry((file, o.layer)).or_default() += 1;
            return;
        };
        let number = self.ops & !EXTENT_BIT;
        self.ops = self.ops.wrapping_add(1);
        let v = self.files.entry((file, o.layer)).or_default();
        let before = v.len();
        match o.view.and_then(|id| self.views.get(id as usize)?.as_ref()) {
            // Through a view with holes: one access per byte range, in file order.
            Some(view) => v.extend(
                view.extents(offset, o.bytes_done)
                    .map(|(s, n)| Access::new(o, self.proc, number | EXTENT_BIT, s, n)),
            ),
            None => v.push(Access::new(o, self.proc, number, offset, o.bytes_done)),
        }
        let added = v.len() - before;
        if self.spill.full(added) {
            self.spill.out(&mut self.files, &mut self.runs);
        }
    }
    fn view(&mut self, id: u32, v: &FileView) {
        let i = id as usize;
        if self.views.len() <= i {
            self.views.resize(i + 1, None);
        }
        self.views[i] = Some(v.clone());
    }
}

/// How to run the check.
#[derive(Clone, Debug)]
pub struct Options {
    pub layers: Vec<Layer>,
    /// Overlapping pairs enumerated per file at most (the sweep stops there).
    pub max_pairs: u64,
    /// Keep the pairs themselves (for `--details`), not only their counts.
    pub details: bool,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Check every conflicting pair under this semantics.
    pub semantics: Option<Semantics>,
    /// Bytes of accesses held in memory at most (0: no limit); beyond, they are sorted
    /// into runs in a folder of `tmp_dir` and merged back per file.
    pub memory: u64,
    pub tmp_dir: PathBuf,
}

/// One file's overlapping pairs.
pub struct FileConflicts {
    pub key: FileKey,
    pub no_offset: u64,
    pub pairs: FilePairs,
    /// Opens, closes and flushes per process (kept for the violations' report).
    pub points: FilePoints,
}

pub struct Conflicts {
    pub trace_dir: String,
    /// Processes by trace index.
    pub procs: Vec<ProcInfo>,
    pub origin: u64,
    pub layers: Vec<Layer>,
    pub max_pairs: u64,
    pub details: bool,
    /// Files in path then layer order.
    pub files: Vec<FileConflicts>,
    pub skipped: Skipped,
    pub unfinished_ops: u64,
    pub warnings: Vec<String>,
    pub semantics: Option<Semantics>,
    /// Synchronising MPI calls seen, and those with no partner in the trace.
    pub mpi_calls: u64,
    pub mpi_unmatched: u64,
    /// Accesses that went through runs on disk (beyond `Options::memory`).
    pub spilled: u64,
}

/// One process's synchronising MPI calls with its communicators (members by rank slot).
struct ProcSyncs {
    proc: usize,
    syncs: Vec<MpiSync>,
    comms: Vec<Vec<u32>>,
}

struct Partial {
    procs: Vec<ProcInfo>,
    files: HashMap<FileKey, Vec<Access>>,
    runs: HashMap<FileKey, Vec<PathBuf>>,
    no_offset: HashMap<FileKey, u64>,
    points: HashMap<FileKey, FilePoints>,
    syncs: Vec<ProcSyncs>,
    skipped: Skipped,
    unfinished_ops: u64,
    stats: Stats,
    spill: Spill,
}

/// Append `v` to `into` (taking it whole when `into` is empty).
fn append<T>(into: &mut Vec<T>, mut v: Vec<T>) {
    if into.is_empty() {
        *into = v;
    } else {
        into.append(&mut v);
    }
}

/// The name of a file of one process's definitions across processes.
fn file_key(defs: &GlobalDefs, (file, layer): FileAt) -> FileKey {
    let d = &defs.files[file as usize];
    let host = (d.scope != defs.machine()).then(|| defs.nodes[d.scope as usize].name.clone());
    FileKey {
        path: d.name.clone(),
        host,
        layer,
    }
}

impl Partial {
    fn new(spill: Spill) -> Partial {
        Partial {
            procs: Vec::new(),
            files: HashMap::new(),
            runs: HashMap::new(),
            no_offset: HashMap::new(),
            points: HashMap::new(),
            syncs: Vec::new(),
            skipped: Skipped::default(),
            unfinished_ops: 0,
            stats: Stats::default(),
            spill,
        }
    }

    fn add(&mut self, acc: ProcessAccesses, defs: &GlobalDefs) {
        let mut n = 0;
        for (at, v) in acc.files {
            n += v.len();
            append(self.files.entry(file_key(defs, at)).or_default(), v);
        }
        for (at, v) in acc.runs {
            append(self.runs.entry(file_key(defs, at)).or_default(), v);
        }
        for (at, k) in acc.no_offset {
            *self.no_offset.entry(file_key(defs, at)).or_default() += k;
        }
        for (at, v) in acc.points {
            let f = self.points.entry(file_key(defs, at)).or_default();
            f.by_proc.entry(acc.proc).or_default().extend(v);
        }
        self.skipped.add(acc.skipped);
        if let Some(e) = acc.spill.error {
            self.spill.error.get_or_insert(e);
        }
        if self.spill.full(n) {
            self.spill.out(&mut self.files, &mut self.runs);
        }
    }

    fn merge(mut self, o: Partial) -> Partial {
        let n: usize = o.files.values().map(|v| v.len()).sum();
        for (k, v) in o.files {
            append(self.files.entry(k).or_default(), v);
        }
        for (k, v) in o.runs {
            append(self.runs.entry(k).or_default(), v);
        }
        for (k, c) in o.no_offset {
            *self.no_offset.entry(k).or_default() += c;
        }
        for (k, f) in o.points {
            let e = self.points.entry(k).or_default();
            for (p, v) in f.by_proc {
                e.by_proc.entry(p).or_default().extend(v);
            }
        }
        self.syncs.extend(o.syncs);
        self.procs.extend(o.procs);
        self.skipped.add(o.skipped);
        self.unfinished_ops += o.unfinished_ops;
        self.stats.merge(o.stats);
        if let Some(e) = o.spill.error {
            self.spill.error.get_or_insert(e);
        }
        if self.spill.full(n) {
            self.spill.out(&mut self.files, &mut self.runs);
        }
        self
    }
}

/// Interpret one process into its accesses; `beside`: on a thread of its own.
fn one(
    trace: &Trace,
    plan: &Plan,
    pi: usize,
    layers: &[Layer],
    spill: Spill,
    beside: bool,
    progress: &mut dyn FnMut(u64) -> Result<(), SinkError>,
) -> Result<(ProcessAccesses, GlobalDefs, Stats, u64), Error> {
    let mut defs = GlobalDefs::new("conflicts");
    let mut stats = Stats::default();
    let acc = ProcessAccesses {
        proc: pi,
        layers: layers.to_vec(),
        files: HashMap::new(),
        skipped: Skipped::default(),
        no_offset: HashMap::new(),
        points: HashMap::new(),
        syncs: Vec::new(),
        spill,
        runs: HashMap::new(),
        views: Vec::new(),
        ops: 0,
    };
    let p = &trace.processes[pi];
    let (acc, unfinished) = if beside {
        let mut res = Resolver::new(Piped::spawn(acc)?);
        interpret(p, pi, plan, &mut defs, &mut res, &mut stats, progress)?;
        let unfinished = res.finish();
        stats.warnings.extend(res.clamp_warnings(&p.dir.dir));
        (res.consumer.finish()?, unfinished)
    } else {
        let mut res = Resolver::new(Direct(acc));
        interpret(p, pi, plan, &mut defs, &mut res, &mut stats, progress)?;
        let unfinished = res.finish();
        stats.warnings.extend(res.clamp_warnings(&p.dir.dir));
        (res.consumer.0, unfinished)
    };
    Ok((acc, defs, stats, unfinished))
}

/// Collect every process's accesses by file. `progress` gets the bytes read so far.
fn collect(
    trace: &Trace,
    plan: &Plan,
    opts: &Options,
    spill: Option<Arc<SpillDir>>,
    pool: &driver::ThreadPool,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Partial, Error> {
    let progress = Progress::new(progress);
    let workers = pool.current_num_threads();
    let beside = trace.processes.len() < workers;
    // Each worker's process and its partial hold up to a share of the budget (accesses).
    let spill = Spill {
        dir: spill,
        budget: (opts.memory / Access::BYTES / (2 * workers as u64 + 1)).max(1) as usize,
        held: 0,
        error: None,
    };
    let add = |mut part: Partial, &pi: &usize| -> Result<Partial, Error> {
        let (mut acc, defs, stats, unfinished) = one(
            trace,
            plan,
            pi,
            &opts.layers,
            spill.clone(),
            beside,
            &mut progress.process(),
        )?;
        if !acc.syncs.is_empty() {
            part.syncs.push(ProcSyncs {
                proc: pi,
                syncs: std::mem::take(&mut acc.syncs),
                comms: defs.comms.clone(),
            });
        }
        part.add(acc, &defs);
        part.procs.push(proc_info(trace, plan, pi));
        part.stats.merge(stats);
        part.unfinished_ops += unfinished;
        Ok(part)
    };
    let new = || Partial::new(spill.clone());
    driver::fold(pool, &plan.order, new, add, |a, b| a.merge(b))
}

/// Happens-before from every process's synchronising MPI calls.
fn happens_before(trace: &Trace, plan: &Plan, syncs: Vec<ProcSyncs>) -> (HappensBefore, u64) {
    let n = trace.processes.len();
    let slot_proc: HashMap<u32, usize> = (0..n)
        .filter_map(|pi| Some((plan.rank_slot(pi, &trace.processes[pi])?, pi)))
        .collect();
    let mut comms = Comms::default();
    let mut calls: Vec<Vec<SyncCall>> = vec![Vec::new(); n];
    let mut seen = 0u64;
    for ps in syncs {
        seen += ps.syncs.len() as u64;
        let mut v: Vec<SyncCall> = ps
            .syncs
            .iter()
            .filter_map(|s| comms.call(s, &ps.comms))
            .collect();
        v.sort_by_key(|c| (c.t0, c.t1));
        calls[ps.proc] = v;
    }
    let unknown = seen - calls.iter().map(|v| v.len() as u64).sum::<u64>();
    let mut hb = HappensBefore::new(&calls, &comms, &slot_proc);
    hb.unmatched += unknown;
    (hb, seen)
}

/// Find the overlapping operations of every file of the trace.
pub fn conflicts(
    trace: &Trace,
    opts: &Options,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Conflicts, Error> {
    let plan = Plan::new(trace);
    let pool = driver::pool(opts.threads).map_err(Error::Workers)?;
    let dir = (opts.memory > 0).then(|| Arc::new(SpillDir::new(&opts.tmp_dir)));
    let mut part = collect(trace, &plan, opts, dir.clone(), &pool, progress)?;
    if let Some(e) = part.spill.error.take() {
        return Err(e);
    }
    let (hb, mpi_calls) = happens_before(trace, &plan, std::mem::take(&mut part.syncs));
    let mut work = file_work(&mut part);
    let mut procs = part.procs;
    procs.sort_by_key(|p| p.index);
    // The biggest first: the workers end together.
    work.sort_by_key(|w| std::cmp::Reverse(w.memory.len() + w.runs.len() * 4096));
    let verifier = opts
        .semantics
        .map(|semantics| Verifier { semantics, hb: &hb });
    // Counted now: the reading of the trace closed its files.
    let fds = Descriptors::available();
    let runs_at = Runs {
        dir: dir.as_deref(),
        fds: &fds,
    };
    let sweep_one = |w| sweep_work(w, opts, verifier.as_ref(), &runs_at);
    let mut files: Vec<FileConflicts> = driver::map(&pool, work, sweep_one)?
        .into_iter()
        .flatten()
        .collect();
    files.sort_by(|a, b| a.key.cmp(&b.key));
    let spilled = dir
        .as_ref()
        .map_or(0, |d| d.spilled.load(Ordering::Relaxed));
    Ok(Conflicts {
        trace_dir: trace.dir.display().to_string(),
        procs,
        origin: origin(trace, &plan),
        layers: opts.layers.clone(),
        max_pairs: opts.max_pairs,
        details: opts.details,
        files,
        skipped: part.skipped,
        unfinished_ops: part.unfinished_ops,
        warnings: part.stats.warnings,
        semantics: opts.semantics,
        mpi_calls,
        mpi_unmatched: hb.unmatched,
        spilled,
    })
}

/// One file to sweep, all its checked layers together: their accesses in memory and in
/// runs, and per layer its operations without an offset.
struct FileWork {
    /// The file at its first layer (the others are in `no_offset`).
    key: FileKey,
    memory: Vec<Access>,
    runs: Vec<PathBuf>,
    no_offset: Vec<(Layer, u64)>,
    /// Opens, closes and flushes at every checked layer: a stream's fclose releases its
    /// fwrite for a read(2) of another process.
    points: FilePoints,
}

/// The files to sweep: the gathered accesses grouped by path and host across layers.
fn file_work(part: &mut Partial) -> Vec<FileWork> {
    let mut keys: Vec<FileKey> = part
        .files
        .keys()
        .chain(part.runs.keys())
        .chain(part.no_offset.keys())
        .cloned()
        .collect();
    // Sorted by path, host then layer: a file's layers follow each other.
    keys.sort();
    keys.dedup();
    let mut work: Vec<FileWork> = Vec::new();
    for key in keys {
        let same = work
            .last()
            .is_some_and(|w| (&w.key.path, &w.key.host) == (&key.path, &key.host));
        if !same {
            work.push(FileWork {
                key: key.clone(),
                memory: Vec::new(),
                runs: Vec::new(),
                no_offset: Vec::new(),
                points: FilePoints::default(),
            });
        }
        let w = work.last_mut().expect("pushed above");
        append(&mut w.memory, part.files.remove(&key).unwrap_or_default());
        append(&mut w.runs, part.runs.remove(&key).unwrap_or_default());
        let n = part.no_offset.remove(&key).unwrap_or_default();
        w.no_offset.push((key.layer, n));
        for (p, v) in part.points.remove(&key).unwrap_or_default().by_proc {
            w.points.by_proc.entry(p).or_default().extend(v);
        }
    }
    for w in &mut work {
        w.points.sort();
    }
    work
}

/// Accesses per layer (by `Layer::ALL` position), counted as they are swept.
#[derive(Default)]
struct LayerCounts([u64; 16]);

impl LayerCounts {
    fn count(&mut self, a: &Access) {
        self.0[a.layer_index()] += 1;
    }
    fn of(&self, l: Layer) -> u64 {
        self.0[layer_code(l) as usize]
    }
}

/// Where a file's runs are merged: the folder new runs go to, and the descriptors shared.
struct Runs<'a> {
    dir: Option<&'a SpillDir>,
    fds: &'a Descriptors,
}

/// Sweep one file (all its layers) and give its pairs per layer.
fn sweep_work(
    w: FileWork,
    opts: &Options,
    verifier: Option<&Verifier>,
    runs: &Runs,
) -> Result<Vec<FileConflicts>, Error> {
    let pts = &w.points;
    let check = verifier.map(|v| move |a: &Access, b: &Access| v.violates(pts, a, b));
    let check = check
        .as_ref()
        .map(|c| c as &dyn Fn(&Access, &Access) -> bool);
    let mut counts = LayerCounts::default();
    let mut pairs = match runs.dir.filter(|_| !w.runs.is_empty()) {
        None if w.memory.len() > spill::CHUNK => {
            let counted = Merged::in_memory(w.memory).inspect(|a| counts.count(a));
            sweep(counted, opts.max_pairs, opts.details, check)
        }
        None => {
            let mut memory = w.memory;
            memory.sort_unstable_by_key(spill::sort_key);
            let counted = memory.iter().copied().inspect(|a| counts.count(a));
            sweep(counted, opts.max_pairs, opts.details, check)
        }
        Some(dir) => {
            let mut merged = Merged::new(w.runs, w.memory, dir, runs.fds)?;
            let counted = (&mut merged).inspect(|a| counts.count(a));
            let pairs = sweep(counted, opts.max_pairs, opts.details, check);
            if let Some(e) = merged.error {
                return Err(e);
            }
            pairs
        }
    };
    // The sweep stops early at a signal: its pairs are then incomplete.
    io_model::interrupt::check().map_err(Error::Interrupted)?;
    let by_layer = w.no_offset.iter().map(|&(layer, no_offset)| FileConflicts {
        key: FileKey {
            layer,
            ..w.key.clone()
        },
        no_offset,
        pairs: pairs.take_layer(layer, counts.of(layer)),
        points: w.points.clone(),
    });
    Ok(by_layer.collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use io_model::kinds::OpFlags;

    fn func(name: &str) -> u16 {
        FUNCTIONS.iter().position(|f| f.name == name).expect(name) as u16
    }

    /// A POSIX write made by `call` inside `root` (the same call when they are one).
    fn write_in(call: &str, root: &str) -> Op {
        Op {
            thread: 0,
            id: 1,
            handle: 0,
            file: Some(0),
            layer: Layer::Posix,
            mode: OpMode::Write,
            flags: OpFlags::NONE,
            t0: 1,
            t1: 2,
            bytes_requested: 8,
            bytes_done: 8,
            offset: Some(0),
            view: None,
            cancelled: false,
            call: 2,
            call_func: func(call),
            root: if call == root { 2 } else { 1 },
            root_func: func(root),
            via_func: [u16::MAX; 2],
            site: io_model::sink::NO_SITE,
        }
    }

    #[test]
    fn io_inside_another_checked_layer_is_left_to_it() {
        // A write(2) inside fwrite or fclose, a pwrite inside MPI_File_write_at: beneath.
        for root in [
            "fwrite",
            "fclose",
            "fflush",
            "MPI_File_write_at",
            "MPI_Wait",
        ] {
            assert!(beneath_checked(&LAYERS, &write_in("write", root)), "{root}");
            // With that layer unchecked the write is POSIX's own.
            assert!(!beneath_checked(&[Layer::Posix], &write_in("write", root)));
        }
        // The I/O of MPI_Init (its configuration files) is no MPI-IO access; dprintf is an
        // ISO C call on a descriptor: its own operation, not one beneath it.
        assert!(!beneath_checked(&LAYERS, &write_in("read", "MPI_Init")));
        assert!(!beneath_checked(&LAYERS, &write_in("dprintf", "dprintf")));
        assert!(!beneath_checked(&LAYERS, &write_in("write", "write")));
        // Beneath HDF5 (not checked) then MPI-IO (checked, in the chain): beneath.
        let mut o = write_in("pwrite", "H5Dwrite");
        assert!(!beneath_checked(&LAYERS, &o));
        o.via_func = [func("MPI_File_write_at"), u16::MAX];
        assert!(beneath_checked(&LAYERS, &o));
    }

    #[test]
    fn an_access_keeps_its_process_layer_and_mode() {
        let mut o = write_in("fwrite", "fwrite");
        o.layer = Layer::Isoc;
        let a = Access::new(&o, (1 << 27) - 1, 0, 4, o.bytes_done);
        assert_eq!(
            (a.proc(), a.layer(), a.is_write()),
            ((1 << 27) - 1, Layer::Isoc, true)
        );
        assert_eq!((a.start, a.end), (4, 12));
        o.mode = OpMode::Read;
        o.layer = Layer::MpiIo;
        let b = Access::new(&o, 3, 1, 0, o.bytes_done);
        assert_eq!(
            (b.proc(), b.layer(), b.is_write()),
            (3, Layer::MpiIo, false)
        );
        assert_eq!(pair_layer(&a, &b), Layer::MpiIo);
        assert_eq!(pair_layer(&a, &a.at_layer(Layer::Posix)), Layer::Isoc);
    }
}
