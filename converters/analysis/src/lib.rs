//! Analyses of a trace through the I/O model: every process is interpreted (in parallel)
//! into a [`ProcessAgg`], and those merge into one [`Analysis`] keyed by names (file paths,
//! function names), which `summary`, `report` and the insights read.
//!
//! The API: [`analyze`] with its [`Options`] and result [`Analysis`] (whose `conflicts`
//! section `io_conflicts::section` computes); [`summary`] (text and JSON), [`insights`]
//! (what looks slow, against [`insights::Thresholds`]), [`report`] (the HTML page).

mod aggregate;
mod error;
pub mod insights;
mod job;
pub mod report;
mod sample;
pub mod sites;
mod stack;
pub mod summary;
mod timeline;
mod units;

pub use error::Error;

use aggregate::{AggOptions, FileAcc, LayerAcc, ProcessAgg, RootAcc, NLAYERS, NO_FILE};
use definitions::file_class::{classify, FileClass};
use definitions::GlobalDefs;
use hashbrown::HashMap;
use io_conflicts::section::Section;
use io_events::functions::Layer;
use io_model::driver::{self, Progress};
use io_model::pipe::{Direct, Piped};
use io_model::procs::{origin, proc_info, ProcInfo};
use io_model::resolve::Resolver;
use io_model::run::{interpret, Plan, Stats};
use io_model::trace::Trace;
use timeline::Series;

/// A file at one layer, over all processes.
#[derive(Clone, Debug)]
pub struct FileStats {
    pub path: String,
    pub layer: Layer,
    pub acc: FileAcc,
    /// Per process touching it: (process index, bytes, ns of operations).
    pub per_proc: Vec<(usize, u64, u64)>,
    /// Processes that read it.
    pub readers: u64,
    /// The program's data, or a file it did not open by name.
    pub class: FileClass,
}

impl FileStats {
    pub fn bytes(&self) -> u64 {
        self.acc.read_bytes + self.acc.write_bytes
    }
}

/// One process's totals.
#[derive(Clone, Debug, Default)]
pub struct RankStats {
    pub proc: usize,
    pub read_bytes: u64,
    pub write_bytes: u64,
    pub io_ns: u64,
    pub meta_ns: u64,
    pub other_ns: u64,
    pub ops: u64,
    /// Per layer: bytes read + written.
    pub layer_bytes: [u64; NLAYERS],
    /// Per layer: time in the layer's own calls, traced calls beneath excluded (these add
    /// up to the process's time in traced calls; the report stacks them).
    pub layer_excl_ns: [u64; NLAYERS],
}

/// One high-level call name over all processes.
#[derive(Clone, Debug)]
pub struct RootStats {
    pub func: u16,
    pub acc: RootAcc,
    /// Processes that made the call, and those of them that did POSIX I/O beneath it.
    pub procs: u64,
    pub procs_with_posix_io: u64,
}

pub struct Analysis {
    pub trace_dir: String,
    /// Who ran which command where and when, and how it ended.
    pub job: io_model::job::JobDescription,
    /// Processes, MPI ranks first in rank order.
    pub procs: Vec<ProcInfo>,
    /// Trace index -> position in `procs`.
    proc_pos: Vec<usize>,
    pub stats: Stats,
    /// The program's data files (with `Options::runtime_files`, every file), most bytes
    /// first: what the tables, plots and insights look at.
    pub files: Vec<FileStats>,
    /// The files the program did not open by name (sockets, pipes, the MPI runtime's and
    /// the system's files: `definitions::file_class`), most bytes first; empty with
    /// `Options::runtime_files`.
    pub runtime_files: Vec<FileStats>,
    pub layers: [LayerAcc; NLAYERS],
    /// (function id, calls, ns), most time first.
    pub functions: Vec<(u16, u64, u64)>,
    pub roots: Vec<RootStats>,
    pub ranks: Vec<RankStats>,
    /// Per layer, all processes.
    pub timeline: Vec<(Layer, Series)>,
    /// Per process and layer (kept for the report's heat maps).
    pub proc_timelines: Vec<(usize, Layer, Series)>,
    pub origin: u64,
    pub ops: u64,
    pub cancelled_ops: u64,
    /// Operations never completed when their process ended.
    pub unfinished_ops: u64,
    /// Overlapping operations per file (a second pass over the trace, set by the caller).
    pub conflicts: Option<Section>,
    /// Where in the program the calls were made, most time first.
    pub call_sites: Vec<sites::SiteStats>,
    /// What could not be resolved to a source line, said once (None: everything was).
    pub call_sites_note: Option<String>,
}

/// How to run an analysis.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub small: u64,
    pub alignment: u64,
    pub fanout: u64,
    /// Offset samples per file (0 for none) and per-process time series (for the report).
    pub samples: usize,
    pub per_process_series: bool,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Keep the files the program did not open by name among the data files (in
    /// `Analysis::files`, seen by tables, plots and insights) instead of apart.
    pub runtime_files: bool,
}

/// Files keep at most this many offset samples after merging.
const MAX_FILE_SAMPLES: usize = 4096;

#[derive(Default)]
struct Partial {
    procs: Vec<ProcInfo>,
    stats: Stats,
    files: HashMap<(String, Layer), FileStats>,
    layers: [LayerAcc; NLAYERS],
    functions: Vec<(u64, u64)>,
    roots: HashMap<u16, RootStats>,
    ranks: Vec<RankStats>,
    timeline: [Option<Series>; NLAYERS],
    proc_timelines: Vec<(usize, Layer, Series)>,
    ops: u64,
    cancelled_ops: u64,
    unfinished_ops: u64,
    sites: sites::AllSites,
}

fn merge_file(a: &mut FileAcc, mut b: FileAcc) {
    a.read_ops += b.read_ops;
    a.read_bytes = a.read_bytes.saturating_add(b.read_bytes);
    a.write_ops += b.write_ops;
    a.write_bytes = a.write_bytes.saturating_add(b.write_bytes);
    a.flush_ops += b.flush_ops;
    a.meta_ops += b.meta_ops;
    a.op_ns += b.op_ns;
    a.meta_ns += b.meta_ns;
    for i in 0..4 {
        a.pattern[i] += b.pattern[i];
    }
    for i in 0..10 {
        a.read_sizes[i] += b.read_sizes[i];
        a.write_sizes[i] += b.write_sizes[i];
    }
    a.small_ops += b.small_ops;
    a.misaligned_ops += b.misaligned_ops;
    a.collective_ops += b.collective_ops;
    a.nonblocking_ops += b.nonblocking_ops;
    a.max_end = a.max_end.max(b.max_end);
    a.merge_samples(&mut b, MAX_FILE_SAMPLES);
}

fn add_layer(a: &mut LayerAcc, b: &LayerAcc) {
    a.calls += b.calls;
    a.ops += b.ops;
    a.read_bytes = a.read_bytes.saturating_add(b.read_bytes);
    a.write_bytes = a.write_bytes.saturating_add(b.write_bytes);
    a.incl_ns += b.incl_ns;
    a.excl_ns += b.excl_ns;
}

fn merge_root(a: &mut RootAcc, b: &RootAcc) {
    a.count += b.count;
    a.ns += b.ns;
    for i in 0..NLAYERS {
        a.layers[i].ns += b.layers[i].ns;
        a.layers[i].ops += b.layers[i].ops;
        a.layers[i].bytes = a.layers[i].bytes.saturating_add(b.layers[i].bytes);
    }
    a.mpi_ns += b.mpi_ns;
    a.with_posix_io += b.with_posix_io;
    a.collective += b.collective;
    a.collective_to_independent += b.collective_to_independent;
    a.small_fanout += b.small_fanout;
}

impl Partial {
    /// Fold one interpreted process in.
    fn add(
        &mut self,
        info: ProcInfo,
        agg: ProcessAgg,
        stats: Stats,
        defs: &GlobalDefs,
        unfinished: u64,
        opts: &Options,
        resolver: &io_model::sites::SiteResolver,
    ) {
        let pi = info.index;
        let names = resolver.resolve(defs);
        self.sites.add(pi, agg.sites.into_named(&names));
        let mut rank = RankStats {
            proc: pi,
            read_bytes: agg.read_bytes,
            write_bytes: agg.write_bytes,
            io_ns: agg.io_ns,
            meta_ns: agg.meta_ns,
            other_ns: agg.other_ns,
            ops: agg.ops,
            ..Default::default()
        };
        for ((file, layer), acc) in agg.files {
            let path = if file == NO_FILE {
                "(no file)".to_string()
            } else {
                defs.files[file as usize].name.clone()
            };
            let (b, ns) = (acc.read_bytes + acc.write_bytes, acc.op_ns);
            let e = self
                .files
                .entry((path.clone(), layer))
                .or_insert_with(|| FileStats {
                    class: classify(&path),
                    path,
                    layer,
                    acc: FileAcc::default(),
                    per_proc: Vec::new(),
                    readers: 0,
                });
            e.readers += u64::from(acc.read_ops > 0);
            merge_file(&mut e.acc, acc);
            e.per_proc.push((pi, b, ns));
        }
        for i in 0..NLAYERS {
            let b = agg.layers[i];
            add_layer(&mut self.layers[i], &b);
            rank.layer_bytes[i] = b.read_bytes + b.write_bytes;
            rank.layer_excl_ns[i] = b.excl_ns;
        }
        if self.functions.is_empty() {
            self.functions = vec![(0, 0); agg.functions.len()];
        }
        for (a, b) in self.functions.iter_mut().zip(&agg.functions) {
            a.0 += b.0;
            a.1 += b.1;
        }
        for (func, r) in agg.roots.iter().enumerate() {
            let Some(r) = r else { continue };
            let func = func as u16;
            let e = self.roots.entry(func).or_insert_with(|| RootStats {
                func,
                acc: RootAcc::default(),
                procs: 0,
                procs_with_posix_io: 0,
            });
            merge_root(&mut e.acc, r);
            e.procs += (r.count > 0) as u64;
            e.procs_with_posix_io += (r.with_posix_io > 0) as u64;
        }
        for (i, s) in agg.timeline.into_iter().enumerate() {
            let Some(s) = s else { continue };
            if opts.per_process_series {
                self.proc_timelines.push((pi, Layer::ALL[i], (*s).clone()));
            }
            match &mut self.timeline[i] {
                Some(t) => t.merge(*s),
                None => self.timeline[i] = Some(*s),
            }
        }
        self.ops += agg.ops;
        self.cancelled_ops += agg.cancelled_ops;
        self.unfinished_ops += unfinished;
        self.ranks.push(rank);
        self.procs.push(info);
        self.stats.merge(stats);
    }

    fn merge(mut self, o: Partial) -> Partial {
        self.procs.extend(o.procs);
        self.stats.merge(o.stats);
        for (k, f) in o.files {
            match self.files.get_mut(&k) {
                Some(e) => {
                    merge_file(&mut e.acc, f.acc);
                    e.per_proc.extend(f.per_proc);
                    e.readers += f.readers;
                }
                None => {
                    self.files.insert(k, f);
                }
            }
        }
        for i in 0..NLAYERS {
            add_layer(&mut self.layers[i], &o.layers[i]);
        }
        if self.functions.is_empty() {
            self.functions = o.functions;
        } else {
            for (a, b) in self.functions.iter_mut().zip(&o.functions) {
                a.0 += b.0;
                a.1 += b.1;
            }
        }
        for (k, r) in o.roots {
            match self.roots.get_mut(&k) {
                Some(e) => {
                    merge_root(&mut e.acc, &r.acc);
                    e.procs += r.procs;
                    e.procs_with_posix_io += r.procs_with_posix_io;
                }
                None => {
                    self.roots.insert(k, r);
                }
            }
        }
        for (i, s) in o.timeline.into_iter().enumerate() {
            let Some(s) = s else { continue };
            match &mut self.timeline[i] {
                Some(t) => t.merge(s),
                None => self.timeline[i] = Some(s),
            }
        }
        self.proc_timelines.extend(o.proc_timelines);
        self.ranks.extend(o.ranks);
        self.ops += o.ops;
        self.cancelled_ops += o.cancelled_ops;
        self.unfinished_ops += o.unfinished_ops;
        self.sites.merge(o.sites);
        self
    }
}

/// Interpret one process into its accumulation; `beside`: accumulate on a thread of its
/// own (when there are fewer processes than cores, so that one is otherwise idle).
fn one(
    trace: &Trace,
    plan: &Plan,
    pi: usize,
    aopts: AggOptions,
    beside: bool,
    progress: &Progress,
) -> Result<(ProcInfo, ProcessAgg, Stats, GlobalDefs, u64), Error> {
    let p = &trace.processes[pi];
    let info = proc_info(trace, plan, pi);
    let mut defs = GlobalDefs::new("analysis");
    let mut stats = Stats::default();
    let mut progress = progress.process();
    let agg = ProcessAgg::new(aopts);
    let (agg, unfinished) = if beside {
        let mut res = Resolver::new(Piped::spawn(agg)?);
        interpret(p, pi, plan, &mut defs, &mut res, &mut stats, &mut progress)?;
        let unfinished = res.finish();
        stats.warnings.extend(res.clamp_warnings(&p.dir.dir));
        (res.consumer.finish()?, unfinished)
    } else {
        let mut res = Resolver::new(Direct(agg));
        interpret(p, pi, plan, &mut defs, &mut res, &mut stats, &mut progress)?;
        let unfinished = res.finish();
        stats.warnings.extend(res.clamp_warnings(&p.dir.dir));
        (res.consumer.0, unfinished)
    };
    Ok((info, agg, stats, defs, unfinished))
}

/// Analyse the whole trace. `progress` gets the bytes of thread streams read so far.
pub fn analyze(
    trace: &Trace,
    opts: &Options,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Analysis, Error> {
    let plan = Plan::new(trace);
    let aopts = AggOptions {
        small: opts.small,
        alignment: opts.alignment,
        fanout: opts.fanout,
        samples: opts.samples,
        origin: origin(trace, &plan),
    };
    let pool = driver::pool(opts.threads).map_err(Error::Workers)?;
    let progress = Progress::new(progress);
    let beside = trace.processes.len() < pool.current_num_threads();
    let resolver = io_model::sites::SiteResolver::new();
    let add = |mut acc: Partial, &pi: &usize| -> Result<Partial, Error> {
        let (info, agg, stats, defs, unfinished) = one(trace, &plan, pi, aopts, beside, &progress)?;
        acc.add(info, agg, stats, &defs, unfinished, opts, &resolver);
        Ok(acc)
    };
    let partial = driver::fold(&pool, &plan.order, Partial::default, add, Partial::merge)?;
    let mut a = finish(trace, partial, aopts.origin, opts.runtime_files);
    a.call_sites_note = resolver.unresolved_note();
    Ok(a)
}

/// Sort everything into its final order; files the program did not open by name go apart
/// unless `runtime_in_files`.
fn finish(trace: &Trace, p: Partial, origin: u64, runtime_in_files: bool) -> Analysis {
    let mut procs = p.procs;
    procs.sort_by_key(|i| (i.slot.unwrap_or(u32::MAX), i.index));
    let mut files: Vec<FileStats> = p.files.into_values().collect();
    for f in &mut files {
        f.per_proc.sort_unstable();
        f.acc.samples.sort_unstable_by_key(|s| s.0);
    }
    files.sort_by(|a, b| {
        b.bytes()
            .cmp(&a.bytes())
            .then(a.path.cmp(&b.path))
            .then(a.layer.cmp(&b.layer))
    });
    let (runtime_files, files) = files
        .into_iter()
        .partition(|f| !runtime_in_files && f.class.is_runtime());
    let mut functions: Vec<(u16, u64, u64)> = p
        .functions
        .iter()
        .enumerate()
        .filter(|(_, f)| f.0 > 0)
        .map(|(i, f)| (i as u16, f.0, f.1))
        .collect();
    functions.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
    let mut roots: Vec<RootStats> = p.roots.into_values().filter(|r| r.acc.count > 0).collect();
    roots.sort_by(|a, b| b.acc.ns.cmp(&a.acc.ns).then(a.func.cmp(&b.func)));
    let rank_of: HashMap<usize, (u32, usize)> = procs
        .iter()
        .map(|i| (i.index, (i.slot.unwrap_or(u32::MAX), i.index)))
        .collect();
    let mut proc_pos = vec![0; trace.processes.len()];
    for (pos, i) in procs.iter().enumerate() {
        proc_pos[i.index] = pos;
    }
    let mut ranks = p.ranks;
    ranks.sort_by_key(|r| rank_of[&r.proc]);
    let timeline = p
        .timeline
        .into_iter()
        .enumerate()
        .filter_map(|(i, s)| s.map(|s| (Layer::ALL[i], s)))
        .collect();
    let mut proc_timelines = p.proc_timelines;
    proc_timelines.sort_by_key(|t| (rank_of[&t.0], t.1));
    Analysis {
        trace_dir: trace.dir.display().to_string(),
        job: io_model::job::JobDescription::of(trace),
        procs,
        proc_pos,
        stats: p.stats,
        files,
        runtime_files,
        layers: p.layers,
        functions,
        roots,
        ranks,
        timeline,
        proc_timelines,
        origin,
        ops: p.ops,
        cancelled_ops: p.cancelled_ops,
        unfinished_ops: p.unfinished_ops,
        conflicts: None,
        call_sites: p.sites.into_sorted(),
        call_sites_note: None,
    }
}
