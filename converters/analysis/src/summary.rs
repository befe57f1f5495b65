//! `recorder-otf2 summary`: the analysis as a stable JSON document (docs/analysis.md,
//! `schema_version`) or as a terminal summary.

use super::aggregate::{
    layer_index, LayerAcc, CONSECUTIVE, RANDOM, SEQUENTIAL, SIZE_BINS, UNKNOWN,
};
use super::insights::Insight;
use super::{Analysis, FileStats};
use crate::stack::{stack_pos, STACK};
use crate::units::human;
use definitions::file_class::FileClass;
use io_events::functions::{Layer, FUNCTIONS};
use io_model::procs::{rank_id, ProcInfo};
use serde_json::{json, Map, Value};

/// Bumped whenever a field changes meaning or disappears (adding fields does not bump it).
pub const SCHEMA_VERSION: u32 = 2;

fn secs(ns: u64) -> f64 {
    ns as f64 / 1e9
}

/// The layer a call is shown under. The function table files MPI's start, end and request
/// completion (MPI_Init, MPI_Finalize, MPI_Wait ...) with MPI-IO, whose calls they frame;
/// they are MPI calls, not file I/O, and are shown as "MPI".
pub(crate) fn call_layer(func: u16) -> &'static str {
    let i = &FUNCTIONS[func as usize];
    let mpi_runtime = i.display.starts_with("MPI_") && !i.display.starts_with("MPI_File");
    if i.layer == Layer::MpiIo && mpi_runtime {
        Layer::Mpi.identification()
    } else {
        i.layer.identification()
    }
}

fn sizes(h: &[u64; 10]) -> Value {
    let mut m = Map::new();
    for (i, (_, name)) in SIZE_BINS.iter().enumerate() {
        m.insert(name.to_string(), json!(h[i]));
    }
    Value::Object(m)
}

fn share(n: u64, total: u64) -> f64 {
    if total == 0 {
        0.0
    } else {
        n as f64 / total as f64
    }
}

fn file_json(a: &Analysis, f: &FileStats) -> Value {
    let acc = &f.acc;
    let p = &acc.pattern;
    let total: u64 = p.iter().sum();
    let mut ranks: Vec<u64> = f.per_proc.iter().map(|x| rank_id(a.proc(x.0))).collect();
    ranks.sort_unstable();
    ranks.dedup();
    json!({
        "path": f.path,
        "layer": f.layer.identification(),
        "read_ops": acc.read_ops,
        "read_bytes": acc.read_bytes,
        "write_ops": acc.write_ops,
        "write_bytes": acc.write_bytes,
        "flush_ops": acc.flush_ops,
        "meta_ops": acc.meta_ops,
        "time_s": secs(acc.op_ns + acc.meta_ns),
        "io_time_s": secs(acc.op_ns),
        "meta_time_s": secs(acc.meta_ns),
        "ranks": ranks,
        "processes": f.per_proc.len(),
        "extent": acc.max_end,
        "small_ops": acc.small_ops,
        "misaligned_ops": acc.misaligned_ops,
        "collective_ops": acc.collective_ops,
        "nonblocking_ops": acc.nonblocking_ops,
        "access_pattern": {
            "consecutive": share(p[CONSECUTIVE], total),
            "sequential": share(p[SEQUENTIAL], total),
            "random": share(p[RANDOM], total),
            "unknown_offset": share(p[UNKNOWN], total),
            "counts": {"consecutive": p[CONSECUTIVE], "sequential": p[SEQUENTIAL], "random": p[RANDOM], "unknown_offset": p[UNKNOWN]},
        },
        "access_sizes": {"read": sizes(&acc.read_sizes), "write": sizes(&acc.write_sizes)},
    })
}

fn layer_json(l: Layer, x: &LayerAcc) -> Value {
    json!({
        "layer": l.identification(),
        "calls": x.calls,
        "ops": x.ops,
        "read_bytes": x.read_bytes,
        "write_bytes": x.write_bytes,
        "bytes": x.read_bytes + x.write_bytes,
        "time_s": secs(x.incl_ns),
        "exclusive_time_s": secs(x.excl_ns),
    })
}

/// The layers with any call or operation, in stack order (then MPI).
pub(crate) fn used_layers(a: &Analysis) -> Vec<Layer> {
    STACK
        .iter()
        .chain(std::iter::once(&Layer::Mpi))
        .copied()
        .filter(|&l| {
            let x = &a.layers[layer_index(l)];
            x.calls > 0 || x.ops > 0
        })
        .collect()
}

fn breakdown_json(a: &Analysis) -> Vec<Value> {
    a.roots
        .iter()
        .filter(|r| FUNCTIONS[r.func as usize].layer != Layer::Posix)
        .map(|r| {
            let info = &FUNCTIONS[r.func as usize];
            let beneath: Vec<Value> = STACK
                .iter()
                .filter(|&&l| {
                    let p = &r.acc.layers[layer_index(l)];
                    p.ops > 0 || p.ns > 0
                })
                .map(|&l| {
                    let p = &r.acc.layers[layer_index(l)];
                    json!({"layer": l.identification(), "time_s": secs(p.ns), "ops": p.ops, "bytes": p.bytes})
                })
                .collect();
            json!({
                "call": info.display,
                "layer": call_layer(r.func),
                "count": r.acc.count,
                "time_s": secs(r.acc.ns),
                "ranks": r.procs,
                "collective_calls": r.acc.collective,
                "aggregators": r.procs_with_posix_io,
                "mpi_time_s": secs(r.acc.mpi_ns),
                "collective_to_independent": r.acc.collective_to_independent,
                "small_posix_fanout_calls": r.acc.small_fanout,
                "beneath": beneath,
            })
        })
        .collect()
}

fn ranks_json(a: &Analysis) -> (Vec<Value>, Value) {
    let mut slowest: Option<(u64, &ProcInfo)> = None;
    let v = a
        .ranks
        .iter()
        .map(|r| {
            let p = a.proc(r.proc);
            let t = r.io_ns + r.meta_ns;
            if slowest.is_none_or(|s| t > s.0) {
                slowest = Some((t, p));
            }
            let mut layers = Map::new();
            for (i, b) in r.layer_bytes.iter().enumerate() {
                if *b > 0 {
                    layers.insert(Layer::ALL[i].identification().into(), json!(b));
                }
            }
            json!({
                "rank": p.rank, "job": p.job, "job_id": p.job_id, "pid": p.pid, "host": p.host, "program": p.exe,
                "read_bytes": r.read_bytes, "write_bytes": r.write_bytes,
                "bytes": r.read_bytes + r.write_bytes,
                "io_time_s": secs(r.io_ns), "meta_time_s": secs(r.meta_ns),
                "time_s": secs(t), "ops": r.ops, "layer_bytes": Value::Object(layers),
            })
        })
        .collect();
    let s = match slowest {
        Some((t, p)) => {
            json!({"rank": p.rank, "job": p.job, "pid": p.pid, "label": p.label(), "time_s": secs(t)})
        }
        None => Value::Null,
    };
    (v, s)
}

/// The launchers' jobs of the trace (Slurm's `job.step`, Open MPI's job id ...) in order
/// of id, each with its processes, MPI ranks and hosts.
fn jobs_json(a: &Analysis) -> Vec<Value> {
    let mut jobs: std::collections::BTreeMap<&str, (u64, u64, std::collections::BTreeSet<&str>)> =
        Default::default();
    for p in &a.procs {
        let Some(id) = p.job_id.as_deref() else {
            continue;
        };
        let j = jobs.entry(id).or_default();
        j.0 += 1;
        j.1 += u64::from(p.rank.is_some());
        j.2.insert(&p.host);
    }
    jobs.into_iter()
        .map(|(id, (procs, ranks, hosts))| {
            json!({"id": id, "processes": procs, "mpi_ranks": ranks, "hosts": hosts})
        })
        .collect()
}

/// "Jobs: 12.0 (4 ranks on 1 host), ..." or nothing when no launcher named a job.
fn jobs_line(a: &Analysis) -> Option<String> {
    let jobs = jobs_json(a);
    let parts: Vec<String> = jobs
        .iter()
        .map(|j| {
            let hosts = j["hosts"].as_array().map_or(0, Vec::len);
            let (n, what) = match j["mpi_ranks"].as_u64() {
                Some(r) if r > 0 => (r, "ranks"),
                _ => (j["processes"].as_u64().unwrap_or(0), "processes"),
            };
            let s = if hosts == 1 { "" } else { "s" };
            format!(
                "{} ({n} {what} on {hosts} host{s})",
                j["id"].as_str().unwrap_or("")
            )
        })
        .collect();
    (!parts.is_empty()).then(|| format!("Jobs: {}", parts.join(", ")))
}

/// Totals of the files the program did not open by name.
#[derive(Default)]
struct RuntimeTotals {
    paths: u64,
    read_ops: u64,
    read_bytes: u64,
    write_ops: u64,
    write_bytes: u64,
    meta_ops: u64,
    ns: u64,
    /// Distinct paths per class, in `FileClass::ALL` order.
    classes: Vec<(FileClass, u64)>,
}

/// Sums over the runtime files, each path counted once (its entries at several layers are
/// one file) and its operations at its lowest layer only (POSIX beneath stdio), so that no
/// byte is counted twice.
fn runtime_totals(a: &Analysis) -> RuntimeTotals {
    let mut lowest: std::collections::BTreeMap<&str, &FileStats> = Default::default();
    for f in &a.runtime_files {
        let e = lowest.entry(f.path.as_str()).or_insert(f);
        if stack_pos(f.layer) > stack_pos(e.layer) {
            *e = f;
        }
    }
    let mut t = RuntimeTotals::default();
    let mut classes: std::collections::BTreeMap<FileClass, u64> = Default::default();
    for f in lowest.values() {
        t.paths += 1;
        t.read_ops += f.acc.read_ops;
        t.read_bytes = t.read_bytes.saturating_add(f.acc.read_bytes);
        t.write_ops += f.acc.write_ops;
        t.write_bytes = t.write_bytes.saturating_add(f.acc.write_bytes);
        t.meta_ops += f.acc.meta_ops;
        t.ns += f.acc.op_ns + f.acc.meta_ns;
        *classes.entry(f.class).or_default() += 1;
    }
    t.classes = classes.into_iter().collect();
    t
}

/// Files shown in the runtime section of the JSON document.
const RUNTIME_LISTED: usize = 20;

fn runtime_json(a: &Analysis) -> Value {
    let t = runtime_totals(a);
    let mut classes = Map::new();
    for (c, n) in &t.classes {
        classes.insert(c.name().into(), json!(n));
    }
    json!({
        "files": t.paths,
        "entries": a.runtime_files.len(),
        "read_ops": t.read_ops, "read_bytes": t.read_bytes,
        "write_ops": t.write_ops, "write_bytes": t.write_bytes,
        "meta_ops": t.meta_ops, "time_s": secs(t.ns),
        "classes": Value::Object(classes),
        "top": a.runtime_files.iter().take(RUNTIME_LISTED).map(|f| {
            let mut v = file_json(a, f);
            v["class"] = json!(f.class.name());
            v
        }).collect::<Vec<_>>(),
    })
}

/// "Runtime and system files (not opened by name): ..." or nothing when there are none.
fn runtime_text(a: &Analysis) -> Option<String> {
    let t = runtime_totals(a);
    if t.paths == 0 {
        return None;
    }
    let classes: Vec<String> = t
        .classes
        .iter()
        .map(|(c, n)| format!("{} {n}", c.name()))
        .collect();
    Some(format!(
        "Runtime and system files (not opened by name): {} ({}); {} read in {} ops, {} written in {} ops, {} metadata calls, {:.3} s",
        t.paths,
        classes.join(", "),
        human(t.read_bytes),
        t.read_ops,
        human(t.write_bytes),
        t.write_ops,
        t.meta_ops,
        secs(t.ns)
    ))
}

/// The whole summary document.
pub fn to_json(a: &Analysis, insights: &[Insight]) -> Value {
    let (ranks, slowest) = ranks_json(a);
    let span = if a.stats.tmin == u64::MAX {
        0
    } else {
        a.stats.tmax - a.stats.tmin
    };
    json!({
        "schema": "recorder-otf2 summary",
        "schema_version": SCHEMA_VERSION,
        "trace": a.trace_dir,
        "processes": a.procs.len(),
        "mpi_ranks": a.procs.iter().filter(|p| p.rank.is_some()).count(),
        "calls": a.stats.calls(),
        "records": a.stats.records,
        "events": a.stats.events,
        "ops": a.ops,
        "cancelled_ops": a.cancelled_ops,
        "unfinished_ops": a.unfinished_ops,
        "complete": a.procs.iter().all(|p| p.complete),
        "span_s": secs(span),
        "warnings": a.stats.warnings,
        "files": a.files.iter().map(|f| file_json(a, f)).collect::<Vec<_>>(),
        "runtime_files": runtime_json(a),
        "layers": used_layers(a).into_iter().map(|l| layer_json(l, &a.layers[layer_index(l)])).collect::<Vec<_>>(),
        "functions": a.functions.iter().map(|&(f, calls, ns)| {
            let i = &FUNCTIONS[f as usize];
            json!({"function": i.display, "layer": call_layer(f), "calls": calls, "time_s": secs(ns)})
        }).collect::<Vec<_>>(),
        "job": crate::job::to_json(&a.job),
        "jobs": jobs_json(a),
        "ranks": ranks,
        "slowest_rank": slowest,
        "breakdown": breakdown_json(a),
        "insights": insights.iter().map(|i| i.to_json()).collect::<Vec<_>>(),
        "conflicts": serde_json::to_value(&a.conflicts).unwrap_or(Value::Null),
        "call_sites": a.call_sites.iter().map(|c| site_json(a, c)).collect::<Vec<_>>(),
        "call_sites_unresolved": a.call_sites_note,
    })
}

/// A call site: where it is, and what the calls from it did (beneath them included).
fn site_json(a: &Analysis, c: &crate::sites::SiteStats) -> Value {
    let l = &c.site.location;
    let level = match (c.site.unknown, l.level) {
        (true, _) => "unknown",
        (_, call_sites::Level::Line) => "line",
        (_, call_sites::Level::Symbol) => "symbol",
        (_, call_sites::Level::Offset) => "offset",
    };
    let mut layers = serde_json::Map::new();
    for (i, layer) in Layer::ALL.iter().enumerate() {
        if c.acc.layer_calls[i] == 0 && c.acc.layer_ops[i] == 0 {
            continue;
        }
        layers.insert(
            layer.identification().into(),
            json!({
                "calls": c.acc.layer_calls[i],
                "ops": c.acc.layer_ops[i],
                "read_bytes": c.acc.read_bytes[i],
                "write_bytes": c.acc.write_bytes[i],
                "small_ops": c.acc.small_ops[i],
                "min_request": c.acc.min_request[i],
                "max_request": c.acc.max_request[i],
            }),
        );
    }
    let top = c.top_layer().map(layer_index);
    json!({
        "site": c.site.label(),
        "layer": c.top_layer().map(|l| l.identification()),
        "ops": top.map_or(0, |i| c.acc.layer_ops[i]),
        "bytes": top.map_or(0, |i| c.acc.bytes(i)),
        "layer_stack": c.layer_stack().iter().map(|l| l.identification()).collect::<Vec<_>>(),
        "function": l.function,
        "file": l.file,
        "line": l.line,
        "object": (!c.site.unknown).then_some(&l.object),
        "offset": l.offset,
        "level": level,
        "runtime": l.runtime,
        "through": c.site.through,
        "calls": c.acc.calls,
        "time_s": secs(c.acc.ns),
        "functions": c.acc.funcs.iter().map(|&(f, n)| (FUNCTIONS[f as usize].display.to_string(), json!(n))).collect::<serde_json::Map<_, _>>(),
        "layers": layers,
        "ranks": c.procs.iter().filter_map(|&p| a.proc(p).rank).collect::<Vec<_>>(),
        "processes": c.procs.len(),
    })
}

/// The terminal summary: a few tables, the top entries of each.
pub fn to_text(a: &Analysis, insights: &[Insight], top: usize) -> String {
    use std::fmt::Write;
    let mut o = String::new();
    let span = if a.stats.tmin == u64::MAX {
        0
    } else {
        a.stats.tmax - a.stats.tmin
    };
    let _ = writeln!(
        o,
        "{}: {} processes, {} calls, {} operations over {:.3} s{}",
        a.trace_dir,
        a.procs.len(),
        a.stats.calls(),
        a.ops,
        secs(span),
        if a.procs.iter().all(|p| p.complete) {
            ""
        } else {
            " (INCOMPLETE: some processes did not finish)"
        }
    );
    o.push_str(&crate::job::to_text(&a.job));
    if let Some(jobs) = jobs_line(a) {
        let _ = writeln!(o, "{jobs}");
    }
    for w in &a.stats.warnings {
        let _ = writeln!(o, "  warning: {w}");
    }
    let _ = writeln!(
        o,
        "\nLayers          calls        ops         read      written   time s  excl s"
    );
    for l in used_layers(a) {
        let x = &a.layers[layer_index(l)];
        let _ = writeln!(
            o,
            "  {:<8} {:>10} {:>10} {:>12} {:>12} {:>8.3} {:>7.3}",
            l.identification(),
            x.calls,
            x.ops,
            human(x.read_bytes),
            human(x.write_bytes),
            secs(x.incl_ns),
            secs(x.excl_ns)
        );
    }
    let _ = writeln!(o, "\nFiles (top {top} by bytes)");
    for f in a.files.iter().take(top) {
        let p = &f.acc.pattern;
        let t: u64 = p.iter().sum();
        let _ = writeln!(
            o,
            "  {:<7} {:>10} read in {:>7} ops, {:>10} written in {:>7} ops, {:>6} meta, {:>4.0}% random, {} procs  {}",
            f.layer.identification(), human(f.acc.read_bytes), f.acc.read_ops, human(f.acc.write_bytes), f.acc.write_ops,
            f.acc.meta_ops, 100.0 * share(p[RANDOM], t), f.per_proc.len(), f.path
        );
    }
    if let Some(line) = runtime_text(a) {
        let _ = writeln!(o, "\n{line}");
    }
    let _ = writeln!(o, "\nHigh-level calls and what they caused beneath");
    for r in a
        .roots
        .iter()
        .filter(|r| FUNCTIONS[r.func as usize].layer != Layer::Posix)
        .take(top)
    {
        let info = &FUNCTIONS[r.func as usize];
        let mut parts = Vec::new();
        for l in STACK {
            let p = &r.acc.layers[layer_index(l)];
            if p.ops > 0 || p.ns > 0 {
                parts.push(format!(
                    "{} {:.3}s/{} ops/{}",
                    l.identification(),
                    secs(p.ns),
                    p.ops,
                    human(p.bytes)
                ));
            }
        }
        let _ = writeln!(
            o,
            "  {:<24} {:<7} x{:<7} {:>8.3} s  {}",
            info.display,
            call_layer(r.func),
            r.acc.count,
            secs(r.acc.ns),
            parts.join(", ")
        );
    }
    let _ = writeln!(o, "\nFunctions (top {top} by time)");
    for &(f, calls, ns) in a.functions.iter().take(top) {
        let i = &FUNCTIONS[f as usize];
        let _ = writeln!(
            o,
            "  {:<28} {:<8} {:>10} calls {:>10.3} s",
            i.display,
            call_layer(f),
            calls,
            secs(ns)
        );
    }
    sites_text(a, top, &mut o);
    let (_, slowest) = ranks_json(a);
    if !slowest.is_null() {
        let _ = writeln!(
            o,
            "\nSlowest process: {} ({:.3} s of I/O and metadata)",
            slowest["label"].as_str().unwrap_or(""),
            slowest["time_s"].as_f64().unwrap_or(0.0)
        );
    }
    if let Some(c) = &a.conflicts {
        let _ = writeln!(
            o,
            "\nOverlapping operations: {}; `recorder-otf2 conflicts` for details",
            c.line()
        );
    }
    let _ = writeln!(o, "\nInsights");
    if insights.is_empty() {
        let _ = writeln!(o, "  none triggered");
    }
    for i in insights {
        let _ = writeln!(
            o,
            "  [{}] {}: {}\n      try: {}",
            i.code, i.severity, i.message, i.suggestion
        );
    }
    o
}

/// The call-site table: where the calls were made, what they did at the layer of the
/// outermost calls, the layers beneath, who made them; then what could not be resolved.
fn sites_text(a: &Analysis, top: usize, o: &mut String) {
    use std::fmt::Write;
    if a.call_sites.is_empty() {
        return;
    }
    let _ = writeln!(
        o,
        "\nCall sites (top {top} by time)\n  {:>9} {:>9} {:>10} {:>9}  {:<26} {:<11} site",
        "calls", "time s", "bytes", "ops", "layers", "processes"
    );
    for c in a.call_sites.iter().take(top) {
        let li = c.top_layer().map(layer_index);
        let stack: Vec<&str> = c.layer_stack().iter().map(|l| l.identification()).collect();
        let _ = writeln!(
            o,
            "  {:>9} {:>9.3} {:>10} {:>9}  {:<26} {:<11} {}",
            c.acc.calls,
            secs(c.acc.ns),
            human(li.map_or(0, |i| c.acc.bytes(i))),
            li.map_or(0, |i| c.acc.layer_ops[i]),
            stack.join(" > "),
            who(a, &c.procs),
            c.site.label()
        );
    }
    if let Some(note) = &a.call_sites_note {
        let _ = writeln!(o, "  note: {note}");
    }
}

/// The MPI ranks among `procs` ("rank 0", "ranks 0-3,6"), or how many processes they are.
fn who(a: &Analysis, procs: &[usize]) -> String {
    let mut ranks: Vec<u32> = procs.iter().filter_map(|&p| a.proc(p).rank).collect();
    ranks.sort_unstable();
    ranks.dedup();
    if ranks.len() != procs.len() || ranks.is_empty() {
        let n = procs.len();
        return format!("{n} process{}", if n == 1 { "" } else { "es" });
    }
    let n = ranks.len();
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for r in ranks {
        match runs.last_mut() {
            Some(last) if last.1 + 1 == r => last.1 = r,
            _ => runs.push((r, r)),
        }
    }
    let parts: Vec<String> = runs
        .iter()
        .map(|&(lo, hi)| {
            if lo == hi {
                lo.to_string()
            } else {
                format!("{lo}-{hi}")
            }
        })
        .collect();
    // A column, not a list: past a few runs, how many.
    if runs.len() > 3 {
        return format!("{n} ranks");
    }
    let s = if n == 1 { "" } else { "s" };
    format!("rank{s} {}", parts.join(","))
}

impl Analysis {
    /// The process with trace index `i`.
    pub fn proc(&self, i: usize) -> &ProcInfo {
        &self.procs[self.proc_pos[i]]
    }
}
