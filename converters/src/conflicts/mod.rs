//! `recorder-otf2 conflicts`: which operations touch the same bytes of a file, by whom and in
//! which order. Every process is interpreted (in parallel) through the I/O model; each
//! completed read or write at the POSIX or MPI-IO layer with a known offset becomes an
//! [`Access`] of its file. Per file the accesses are sorted by offset and swept
//! ([`sweep`]); every overlapping pair is classified RAW / WAW / WAR / RAR by the time order
//! of the two operations. Overlap detection only: no happens-before or consistency
//! semantics yet (docs/analysis.md says what is missing).

pub mod output;
pub mod section;
pub mod sweep;

use crate::analysis::{origin, proc_info, ProcInfo};
use definitions::GlobalDefs;
use hashbrown::HashMap;
use io_events::functions::Layer;
use io_model::kinds::OpMode;
use io_model::pipe::{Accumulator, Direct, Piped};
use io_model::resolve::{Call, FileAt, MetaKind, Op, Resolver};
use io_model::run::{interpret, Plan, Stats};
use io_model::trace::Trace;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use sweep::{sweep_file, FilePairs};

/// One read or write of a byte range: 32 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Access {
    /// First byte and one past the last.
    pub start: u64,
    pub end: u64,
    /// Start time on the trace's common time line (ns).
    pub t0: u64,
    /// The process's index in the trace (low 31 bits) and whether it wrote (top bit).
    proc_write: u32,
    /// The call that made the operation and the outermost call above it.
    pub func: u16,
    pub root_func: u16,
}

const WRITE_BIT: u32 = 1 << 31;

impl Access {
    pub fn new(op: &Op, proc: usize, start: u64) -> Access {
        let write = if op.mode == OpMode::Write {
            WRITE_BIT
        } else {
            0
        };
        Access {
            start,
            end: start.saturating_add(op.bytes_done),
            t0: op.t0,
            proc_write: proc as u32 | write,
            func: op.call_func,
            root_func: op.root_func,
        }
    }
    #[cfg(test)]
    pub fn test(start: u64, end: u64, t0: u64, proc: usize, write: bool) -> Access {
        let write = if write { WRITE_BIT } else { 0 };
        Access {
            start,
            end,
            t0,
            proc_write: proc as u32 | write,
            func: 0,
            root_func: 0,
        }
    }
    pub fn proc(&self) -> usize {
        (self.proc_write & !WRITE_BIT) as usize
    }
    pub fn is_write(&self) -> bool {
        self.proc_write & WRITE_BIT != 0
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
pub const LAYERS: [Layer; 2] = [Layer::Posix, Layer::MpiIo];

/// Operations left out of the check, with the reason (reported, never silent).
#[derive(Clone, Copy, Debug, Default)]
pub struct Skipped {
    /// Completed reads/writes at a checked layer whose offset the model does not know
    /// (shared file pointers, streams without positions).
    pub no_offset: u64,
    /// Completed reads/writes on a handle of no file (pipes, sockets, terminals).
    pub no_file: u64,
}

impl Skipped {
    fn add(&mut self, o: Skipped) {
        self.no_offset += o.no_offset;
        self.no_file += o.no_file;
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
}

impl Accumulator for ProcessAccesses {
    fn call(&mut self, _c: &Call) {}
    fn meta(&mut self, _th: usize, _k: MetaKind, _f: Option<FileAt>, _t: u64) {}
    fn op(&mut self, o: &Op) {
        let data = matches!(o.mode, OpMode::Read | OpMode::Write);
        if !data || o.cancelled || o.bytes_done == 0 || !self.layers.contains(&o.layer) {
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
        let a = Access::new(o, self.proc, offset);
        self.files.entry((file, o.layer)).or_default().push(a);
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
}

/// One file's accesses, sorted by start offset, and its overlapping pairs.
pub struct FileConflicts {
    pub key: FileKey,
    pub accesses: Vec<Access>,
    pub no_offset: u64,
    pub pairs: FilePairs,
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
}

#[derive(Default)]
struct Partial {
    procs: Vec<ProcInfo>,
    files: HashMap<FileKey, (Vec<Access>, u64)>,
    skipped: Skipped,
    unfinished_ops: u64,
    stats: Stats,
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
    fn add(&mut self, acc: ProcessAccesses, defs: &GlobalDefs) {
        for (at, mut v) in acc.files {
            let e = self.files.entry(file_key(defs, at)).or_default();
            if e.0.is_empty() {
                std::mem::swap(&mut e.0, &mut v);
            } else {
                e.0.extend_from_slice(&v);
            }
        }
        for (at, n) in acc.no_offset {
            self.files.entry(file_key(defs, at)).or_default().1 += n;
        }
        self.skipped.add(acc.skipped);
    }

    fn merge(mut self, o: Partial) -> Partial {
        for (k, (v, n)) in o.files {
            let e = self.files.entry(k).or_default();
            if e.0.is_empty() {
                e.0 = v;
            } else {
                e.0.extend_from_slice(&v);
            }
            e.1 += n;
        }
        self.procs.extend(o.procs);
        self.skipped.add(o.skipped);
        self.unfinished_ops += o.unfinished_ops;
        self.stats.merge(o.stats);
        self
    }
}

/// Interpret one process into its accesses; `beside`: on a thread of its own.
fn one(
    trace: &Trace,
    plan: &Plan,
    pi: usize,
    layers: &[Layer],
    beside: bool,
    progress: &mut dyn FnMut(u64),
) -> Result<(ProcessAccesses, GlobalDefs, Stats, u64), String> {
    let mut defs = GlobalDefs::new("conflicts");
    let mut stats = Stats::default();
    let acc = ProcessAccesses {
        proc: pi,
        layers: layers.to_vec(),
        files: HashMap::new(),
        skipped: Skipped::default(),
        no_offset: HashMap::new(),
    };
    let p = &trace.processes[pi];
    let (acc, unfinished) = if beside {
        let mut res = Resolver::new(Piped::spawn(acc)?);
        interpret(p, pi, plan, &mut defs, &mut res, &mut stats, progress)?;
        let unfinished = res.finish();
        (res.consumer.finish()?, unfinished)
    } else {
        let mut res = Resolver::new(Direct(acc));
        interpret(p, pi, plan, &mut defs, &mut res, &mut stats, progress)?;
        let unfinished = res.finish();
        (res.consumer.0, unfinished)
    };
    Ok((acc, defs, stats, unfinished))
}

/// Collect every process's accesses by file. `progress` gets the bytes read so far.
fn collect(
    trace: &Trace,
    plan: &Plan,
    opts: &Options,
    pool: &rayon::ThreadPool,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Partial, String> {
    let done = AtomicU64::new(0);
    let beside = trace.processes.len() < pool.current_num_threads();
    pool.install(|| {
        plan.order
            .par_iter()
            .try_fold(Partial::default, |mut part, &pi| {
                let mut seen = 0u64;
                let mut report = |n: u64| {
                    let total = done.fetch_add(n - seen, Ordering::Relaxed) + (n - seen);
                    seen = n;
                    progress(total);
                };
                let (acc, defs, stats, unfinished) =
                    one(trace, plan, pi, &opts.layers, beside, &mut report)?;
                part.add(acc, &defs);
                part.procs.push(proc_info(trace, plan, pi));
                part.stats.merge(stats);
                part.unfinished_ops += unfinished;
                Ok::<Partial, String>(part)
            })
            .try_reduce(Partial::default, |a, b| Ok(a.merge(b)))
    })
}

/// Find the overlapping operations of every file of the trace.
pub fn conflicts(
    trace: &Trace,
    opts: &Options,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Conflicts, String> {
    let plan = Plan::new(trace);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads)
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))?;
    let part = collect(trace, &plan, opts, &pool, progress)?;
    let mut procs = part.procs;
    procs.sort_by_key(|p| p.index);
    let mut files: Vec<FileConflicts> = pool.install(|| {
        part.files
            .into_iter()
            .collect::<Vec<_>>()
            .into_par_iter()
            .map(|(key, (mut accesses, no_offset))| {
                let pairs = sweep_file(&mut accesses, opts.max_pairs, opts.details);
                FileConflicts {
                    key,
                    accesses,
                    no_offset,
                    pairs,
                }
            })
            .collect()
    });
    files.sort_by(|a, b| a.key.cmp(&b.key));
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
    })
}
