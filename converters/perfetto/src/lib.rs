//! `recorder-otf2 perfetto TRACE -o out.pftrace`: a browser timeline in Perfetto's protobuf
//! trace format, read through the I/O model (docs/analysis.md, "Perfetto timeline").
//!
//! - a process track per process (named like the OTF2 location groups), a thread track per
//!   thread, every call a slice with its real nesting, its layer as category and its
//!   arguments, result and what it did at its layer (file, offset, bytes) as annotations;
//! - flows from each call to the calls of lower layers it made, and from a non-blocking
//!   operation's issuing call to the call that completed it;
//! - non-blocking operations in flight on async lanes of their handle;
//! - counters of bytes per second per layer, direction and process;
//! - times on the trace's common time line (clocks aligned across ranks and hosts).
//!
//! Processes are written in parallel, each through a scratch packet of its own (memory flat
//! in the number of calls). `--max-size` first sizes the output per time bucket in a pass
//! that encodes without writing, then cuts the time line into pieces of their own files.
//!
//! The API: [`write`](fn@write) with its [`Options`], and what it wrote ([`Written`]).

mod counters;
mod encode;
mod error;
mod lanes;
mod pieces;
mod process;
mod thread;
mod tracks;

use definitions::GlobalDefs;
use encode::{Encoder, Out};
use io_events::functions::Layer;
use io_model::driver::{self, Progress};
use io_model::run::{exe_name, interpret, Plan, Stats};
use io_model::trace::{ProcessTrace, Trace};
use io_model::SinkError;
use pieces::{Files, Histogram, Pieces};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use tracks::{Described, ProcessIds};

pub use error::Error;

/// What to write.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Split into files of at most this many bytes, by time.
    pub max_size: Option<u64>,
    /// Only these layers (None: all).
    pub layers: Option<Vec<Layer>>,
    /// Only the processes of these ranks, as inclusive ranges (None: all processes).
    pub ranks: Option<Vec<(u32, u32)>>,
    /// The time window, in seconds from the trace's start.
    pub from_s: Option<f64>,
    pub to_s: Option<f64>,
    /// Worker threads (0: one per core).
    pub threads: usize,
}

/// The category of a layer's slices (its OTF2 paradigm name).
pub fn layer_name(l: Layer) -> &'static str {
    l.identification()
}

/// What was written, for the closing line and the tests.
#[derive(Clone, Debug, Default)]
pub struct Counts {
    pub calls: u64,
    pub flows: u64,
    pub flows_lost: u64,
    pub unfinished: u64,
    pub async_ops: u64,
    pub async_unfinished: u64,
    pub counter_tracks: u64,
    /// Calls written before their call site's definition reached the writer (shown
    /// without a site).
    pub sites_unnamed: u64,
}

impl Counts {
    fn merge(&mut self, o: &Counts) {
        self.calls += o.calls;
        self.flows += o.flows;
        self.flows_lost += o.flows_lost;
        self.unfinished += o.unfinished;
        self.async_ops += o.async_ops;
        self.async_unfinished += o.async_unfinished;
        self.counter_tracks += o.counter_tracks;
        self.sites_unnamed += o.sites_unnamed;
    }
}

/// A process's writing state shared by its threads, lanes and counters.
pub struct Ctx<'a> {
    pub out: Out<'a>,
    pub enc: Encoder,
    pub described: Described,
    pub pieces: &'a Pieces,
    pub ids: &'a ProcessIds,
    pub process: &'a ProcessTrace,
    /// Global file names, copied from the definitions as they appear.
    pub file_names: Vec<String>,
    /// MPI file views with holes, copied from the definitions as they appear.
    pub views: Vec<definitions::FileView>,
    pub counts: Counts,
    layers: [bool; Layer::ALL.len() + 1],
    flow: u64,
    /// Resolves every process's call sites (shared: each address resolved once).
    pub resolver: &'a io_model::sites::SiteResolver,
    /// The process's call sites as annotations, by site id, resolved as they appear.
    pub sites: Vec<SiteArg>,
}

/// A call site as its calls' annotations show it.
pub struct SiteArg {
    pub label: String,
    pub file: Option<String>,
    pub line: Option<u32>,
}

impl Ctx<'_> {
    pub fn keeps(&self, l: Layer) -> bool {
        self.layers[l as usize]
    }

    /// A flow id unique in the trace.
    pub fn next_flow(&mut self) -> u64 {
        self.flow += 1;
        ((self.ids.pos as u64 + 1) << 40) | self.flow
    }
}

/// One output file.
#[derive(Clone, Debug)]
pub struct Piece {
    pub path: PathBuf,
    pub bytes: u64,
    /// Its time interval, in seconds from the trace's start.
    pub from_s: f64,
    pub to_s: f64,
}

#[derive(Clone, Debug)]
pub struct Written {
    pub pieces: Vec<Piece>,
    pub counts: Counts,
    pub warnings: Vec<String>,
    pub max_size: Option<u64>,
}

impl Written {
    /// The closing line(s).
    pub fn describe(&self) -> String {
        let c = &self.counts;
        let bytes: u64 = self.pieces.iter().map(|p| p.bytes).sum();
        let mut s = format!(
            "{} calls, {} flows, {} non-blocking operations, {} counter tracks: {} bytes ({:.1} bytes per call)",
            c.calls,
            c.flows,
            c.async_ops,
            c.counter_tracks,
            bytes,
            bytes as f64 / c.calls.max(1) as f64
        );
        match (self.pieces.len(), self.max_size) {
            (1, _) => s += &format!(" in {}", self.pieces[0].path.display()),
            (n, Some(m)) => {
                s += &format!(" in {n} files of at most {m} bytes, split by time:");
                for p in &self.pieces {
                    s += &format!(
                        "\n  {} ({:.6} s to {:.6} s, {} bytes)",
                        p.path.display(),
                        p.from_s,
                        p.to_s,
                        p.bytes
                    );
                }
            }
            (n, None) => s += &format!(" in {n} files"),
        }
        s
    }
}

/// Who each selected process is in the output: ranks first in rank order, then the others.
fn select(trace: &Trace, plan: &Plan, opts: &Options) -> Vec<(usize, ProcessIds)> {
    let chosen: Vec<usize> = plan
        .order
        .iter()
        .copied()
        .filter(|&pi| match &opts.ranks {
            None => true,
            Some(ranges) => plan
                .rank(pi, &trace.processes[pi])
                .is_some_and(|r| ranges.iter().any(|&(a, b)| a <= r && r <= b)),
        })
        .collect();
    let mut seq = 1u32;
    let mut tid = chosen.len() as i32 + 1;
    let mut out = Vec::new();
    for (pos, &pi) in chosen.iter().enumerate() {
        let p = &trace.processes[pi];
        let host = &p.meta.host;
        let name = match plan.rank(pi, p) {
            Some(r) => format!("{} {} on {host}", plan.rank_label(pi, r), exe_name(p)),
            None => format!("{} {} on {host}", exe_name(p), p.meta.pid),
        };
        let ids = ProcessIds {
            pos,
            pid: pos as i32 + 1,
            first_tid: tid,
            seq,
            name,
            labels: vec![
                format!("pid {}", p.meta.pid),
                format!("host {host}"),
                format!("trace {}", p.dir.name),
            ],
            cmdline: p.meta.cmdline.clone(),
            threads: p
                .threads
                .iter()
                .map(|(i, _, t)| format!("thread {i} (tid {t})"))
                .collect(),
        };
        seq += p.threads.len() as u32 + 1;
        tid += p.threads.len().saturating_sub(1) as i32;
        out.push((pi, ids));
    }
    out
}

/// Interpret one process into `out`; returns what it wrote and the model's account.
#[allow(clippy::too_many_arguments)]
fn one<'a>(
    trace: &'a Trace,
    plan: &Plan,
    pi: usize,
    ids: &'a ProcessIds,
    pieces: &'a Pieces,
    layers: [bool; Layer::ALL.len() + 1],
    out: Out<'a>,
    resolver: &'a io_model::sites::SiteResolver,
    progress: &mut dyn FnMut(u64) -> Result<(), SinkError>,
) -> Result<(Counts, Stats, Option<Histogram>), Error> {
    let p = &trace.processes[pi];
    let ctx = Ctx {
        out,
        enc: Encoder::default(),
        described: Described::new(pieces.count()),
        pieces,
        ids,
        process: p,
        file_names: Vec::new(),
        views: Vec::new(),
        counts: Counts::default(),
        layers,
        flow: 0,
        resolver,
        sites: Vec::new(),
    };
    let mut ctx = ctx;
    if matches!(ctx.out, Out::Files { .. }) {
        ctx.described.preset(ids);
    }
    let mut w = process::ProcessWriter::new(ctx);
    let mut defs = GlobalDefs::new("perfetto");
    let mut stats = Stats::default();
    interpret(p, pi, plan, &mut defs, &mut w, &mut stats, progress)?;
    w.finish()?;
    let hist = match std::mem::replace(&mut w.ctx.out, Out::Sizing(Histogram::new())) {
        Out::Sizing(h) => Some(h),
        Out::Files { .. } => None,
    };
    if w.ctx.counts.unfinished > 0 {
        stats.warnings.push(format!(
            "{}: {} calls never ended (the process was killed?): they end at its last event",
            p.dir.dir.display(),
            w.ctx.counts.unfinished
        ));
    }
    if w.ctx.counts.async_unfinished > 0 {
        stats.warnings.push(format!(
            "{}: {} non-blocking operations never completed: shown until the process's last event",
            p.dir.dir.display(),
            w.ctx.counts.async_unfinished
        ));
    }
    Ok((w.ctx.counts, stats, hist))
}

/// Check that the output names are free (or files, with `force`).
fn check_outputs(paths: &[PathBuf], force: bool) -> Result<(), Error> {
    for p in paths {
        let path = p.clone();
        if p.exists() && !force {
            return Err(Error::Exists { path });
        }
        if p.exists() && !p.is_file() {
            return Err(Error::NotAFile { path });
        }
    }
    if let Some(parent) = paths[0].parent().filter(|p| !p.as_os_str().is_empty()) {
        if !parent.is_dir() {
            let path = parent.to_path_buf();
            return Err(Error::NoDirectory { path });
        }
    }
    Ok(())
}

/// Write `trace` as Perfetto protobuf to `out` (or pieces beside it).
pub fn write(
    trace: &Trace,
    out: &Path,
    opts: &Options,
    force: bool,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Written, Error> {
    let plan = Plan::new(trace);
    let selected = select(trace, &plan, opts);
    if selected.is_empty() {
        let trace = trace.dir.clone();
        return Err(Error::NoProcess { trace });
    }
    let mut layers = [opts.layers.is_none(); Layer::ALL.len() + 1];
    for l in opts.layers.iter().flatten() {
        layers[*l as usize] = true;
    }
    let start = selected
        .iter()
        .map(|(pi, _)| plan.clocks.map(*pi, &trace.processes[*pi]).at(0))
        .min()
        .unwrap_or(0);
    let at = |s: f64| start.saturating_add((s.max(0.0) * 1e9) as u64);
    let from = opts.from_s.map_or(0, at);
    let end = opts.to_s.map_or(u64::MAX, at);
    if end <= from {
        return Err(Error::EmptyWindow);
    }
    let pool = driver::pool(opts.threads).map_err(Error::Pool)?;
    let passes = if opts.max_size.is_some() { 2 } else { 1 };
    let progress = Progress::passes(progress, passes);
    let resolver = io_model::sites::SiteResolver::new();
    let run = |pieces: &Pieces, files: Option<&Files>| {
        driver::map(&pool, &selected, |(pi, ids)| {
            let out = match files {
                Some(f) => Out::files(f),
                None => Out::Sizing(Histogram::new()),
            };
            let mut progress = progress.process();
            one(
                trace,
                &plan,
                *pi,
                ids,
                pieces,
                layers,
                out,
                &resolver,
                &mut progress,
            )
        })
    };
    let pieces = match opts.max_size {
        None => Pieces::new(from, &[], end),
        Some(max) => {
            let mut hist = Histogram::new();
            for (_, _, h) in run(&Pieces::new(from, &[], end), None)? {
                hist.merge(h.unwrap_or_default());
            }
            // Room for each piece's own descriptors, interning and cut slices.
            let budget = (max - max / 10).saturating_sub(64 << 10).max(1);
            Pieces::new(from, &hist.cuts(budget), end)
        }
    };
    let paths = Files::paths(out, pieces.count());
    check_outputs(&paths, force)?;
    let files = Files::create(paths)?;
    let procs: Vec<&ProcessIds> = selected.iter().map(|(_, ids)| ids).collect();
    if let Err(e) = Described::all(&mut Out::files(&files), pieces.count(), &procs) {
        files.abort();
        return Err(e);
    }
    let results = match run(&pieces, Some(&files)) {
        Ok(r) => r,
        Err(e) => {
            files.abort();
            return Err(e);
        }
    };
    if let Err(e) = files.commit() {
        files.abort();
        return Err(e);
    }
    let mut counts = Counts::default();
    let mut warnings = Vec::new();
    for (c, s, _) in &results {
        counts.merge(c);
        warnings.extend(s.warnings.iter().cloned());
    }
    if counts.sites_unnamed > 0 {
        warnings.push(format!(
            "{} calls shown without their call site: written before the site's definition reached the writer",
            counts.sites_unnamed
        ));
    }
    if let Some(n) = resolver.warning() {
        warnings.push(format!("call sites: {n}"));
    }
    if counts.flows_lost > 0 {
        warnings.push(format!(
            "{} flows not drawn: their source call was written before they were known (a call tree of more than 65536 calls)",
            counts.flows_lost
        ));
    }
    let last = results
        .iter()
        .map(|(_, s, _)| s.tmax)
        .max()
        .unwrap_or(start);
    let secs = |t: u64| t.saturating_sub(start) as f64 / 1e9;
    let mut written = Vec::new();
    for (k, path) in files.paths.iter().enumerate() {
        let (a, b) = pieces.interval(k);
        written.push(Piece {
            path: path.clone(),
            bytes: files.bytes[k].load(Ordering::Relaxed),
            from_s: secs(a.max(start)),
            to_s: secs(b.min(last.max(a))),
        });
    }
    Ok(Written {
        pieces: written,
        counts,
        warnings,
        max_size: opts.max_size,
    })
}
