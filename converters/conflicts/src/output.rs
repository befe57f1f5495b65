//! `recorder-otf2 conflicts` output: one line per file and kind and process pair on a
//! terminal (the pairs themselves with details), or a JSON document (docs/analysis.md).

use super::sweep::{Group, Kind};
use super::{Access, Conflicts, FileConflicts};
use io_events::functions::FUNCTIONS;
use io_model::procs::{rank_id, ProcInfo};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{json, Map, Value};
use std::fmt::Write;

/// Bumped whenever a field changes meaning or disappears (adding fields does not bump it).
pub const SCHEMA_VERSION: u32 = 1;

impl Conflicts {
    /// The process of trace index `i`.
    pub fn proc(&self, i: usize) -> &ProcInfo {
        let pos = self.procs.binary_search_by_key(&i, |p| p.index);
        &self.procs[pos.expect("every process of the trace is listed")]
    }

    pub fn accesses(&self) -> u64 {
        self.files.iter().map(|f| f.pairs.accesses).sum()
    }

    fn secs(&self, t: u64) -> f64 {
        t.saturating_sub(self.origin) as f64 / 1e9
    }
}

fn func_name(f: u16) -> &'static str {
    FUNCTIONS.get(f as usize).map_or("?", |i| i.display)
}

/// The layer chain of the call, outermost first: H5Dwrite, MPI_File_write_at_all, pwrite.
pub(super) fn chain_funcs(a: &Access) -> Vec<&'static str> {
    let mut v = Vec::with_capacity(4);
    if a.root_func != a.func && a.root_func != u16::MAX {
        v.push(func_name(a.root_func));
        v.extend(
            a.via_func
                .iter()
                .filter(|&&f| f != u16::MAX)
                .map(|&f| func_name(f)),
        );
    }
    v.push(func_name(a.func));
    v
}

/// "H5Dwrite → MPI_File_write_at_all → pwrite", or "pwrite" when the call is outermost.
fn chain(a: &Access) -> String {
    chain_funcs(a).join(" → ")
}

fn file_title(f: &FileConflicts) -> String {
    match &f.key.host {
        Some(h) => format!("{} on {} ({})", f.key.path, h, f.key.layer.identification()),
        None => format!("{} ({})", f.key.path, f.key.layer.identification()),
    }
}

/// "1 pair", "3 pairs" ("accesses" for "access").
fn plural(n: u64, one: &str) -> String {
    match (n, one.ends_with('s')) {
        (1, _) => format!("1 {one}"),
        (_, true) => format!("{n} {one}es"),
        _ => format!("{n} {one}s"),
    }
}

fn who(c: &Conflicts, g: &Group) -> String {
    if g.earlier == g.later {
        format!("{} (same process)", c.proc(g.earlier).label())
    } else {
        format!(
            "{} -> {}",
            c.proc(g.earlier).label(),
            c.proc(g.later).label()
        )
    }
}

fn access_text(c: &Conflicts, a: &Access) -> String {
    format!(
        "{} at {:.6} s {} [{}, {})",
        c.proc(a.proc()).label(),
        c.secs(a.t0),
        chain(a),
        a.start,
        a.end
    )
}

fn file_text(c: &Conflicts, f: &FileConflicts, out: &mut String) {
    let p = &f.pairs;
    let at_least = if p.capped { "at least " } else { "" };
    let _ = writeln!(
        out,
        "{}: {}, {at_least}{}",
        file_title(f),
        plural(f.pairs.accesses, "access"),
        plural(p.total, "overlapping pair")
    );
    if p.capped {
        let _ = writeln!(
            out,
            "  (stopped at the cap of {} pairs: counts are lower bounds)",
            c.max_pairs
        );
    }
    if f.no_offset > 0 {
        let _ = writeln!(
            out,
            "  {} without a known offset not checked",
            plural(f.no_offset, "operation")
        );
    }
    for g in &p.groups {
        let violating = match c.semantics {
            Some(m) if g.violations > 0 => format!(", {} under {}", g.violations, m.name()),
            _ => String::new(),
        };
        let _ = writeln!(
            out,
            "  {}  {}: {}, {} overlapping bytes in [{}, {}){violating}",
            g.kind.name(),
            who(c, g),
            plural(g.count, "pair"),
            g.bytes,
            g.lo,
            g.hi
        );
        for (a, b) in &g.pairs {
            let _ = writeln!(out, "    {}", access_text(c, a));
            let _ = writeln!(out, "      then {}", access_text(c, b));
        }
    }
    violations_text(c, f, out);
}

fn violations_text(c: &Conflicts, f: &FileConflicts, out: &mut String) {
    let (Some(m), p) = (c.semantics, &f.pairs) else {
        return;
    };
    if p.violations == 0 {
        return;
    }
    let _ = writeln!(
        out,
        "  {} not synchronised as {} semantics asks{}:",
        plural(p.violations, "pair"),
        m.name(),
        if p.violations > p.violating.len() as u64 {
            format!(" (the first {})", p.violating.len())
        } else {
            String::new()
        }
    );
    for (a, b) in &p.violating {
        let _ = writeln!(out, "    {}", access_text(c, a));
        let _ = writeln!(out, "      then {}", access_text(c, b));
    }
}

/// What the semantics check stands on: the synchronising MPI calls.
fn semantics_text(c: &Conflicts, out: &mut String) {
    let Some(m) = c.semantics else {
        return;
    };
    let violations: u64 = c.files.iter().map(|f| f.pairs.violations).sum();
    let _ = writeln!(
        out,
        "Under {} semantics: {} not synchronised; happens-before from {}",
        m.name(),
        plural(violations, "conflicting pair"),
        plural(c.mpi_calls, "synchronising MPI call")
    );
    if c.mpi_unmatched > 0 {
        let _ = writeln!(
            out,
            "  {} with no partner in the trace order nothing",
            plural(c.mpi_unmatched, "MPI call")
        );
    }
    let ranks = c.procs.iter().filter(|p| p.rank.is_some()).count();
    if c.mpi_calls == 0 && ranks > 1 && m != super::semantics::Semantics::Posix {
        let _ = writeln!(out, "  the trace has no `mpi` layer: ranks are ordered by nothing; record with RECORDER_OTF2_LAYERS=...,mpi to see barriers and messages");
    }
}

/// The terminal answer.
pub fn to_text(c: &Conflicts) -> String {
    let mut out = String::new();
    let layers: Vec<&str> = c.layers.iter().map(|l| l.identification()).collect();
    let _ = writeln!(
        out,
        "Overlapping operations in {} ({}): {} checked in {}",
        c.trace_dir,
        layers.join(", "),
        plural(c.accesses(), "access"),
        plural(c.files.len() as u64, "file")
    );
    let (with, without): (Vec<_>, Vec<_>) = c.files.iter().partition(|f| f.pairs.total > 0);
    for f in &with {
        file_text(c, f, &mut out);
    }
    let _ = writeln!(
        out,
        "{} without overlapping operations",
        plural(without.len() as u64, "file")
    );
    semantics_text(c, &mut out);
    if c.spilled > 0 {
        let _ = writeln!(
            out,
            "{} went through sorted runs on disk (beyond --memory)",
            plural(c.spilled, "access")
        );
    }
    skipped_text(c, &mut out);
    out
}

fn skipped_text(c: &Conflicts, out: &mut String) {
    let s = &c.skipped;
    if s.no_offset > 0 {
        let _ = writeln!(out, "not checked: {} without a known offset (appending writes, shared file pointers, streams whose position is unknown, sockets, pipes)", plural(s.no_offset, "operation"));
    }
    if s.beneath > 0 {
        let _ = writeln!(
            out,
            "checked at the outer layer: {} made inside a call of another checked layer (stdio, MPI-IO)",
            plural(s.beneath, "operation")
        );
    }
    if s.no_file > 0 {
        let _ = writeln!(
            out,
            "not checked: {} on no file (pipes, sockets, terminals)",
            plural(s.no_file, "operation")
        );
    }
    if c.unfinished_ops > 0 {
        let _ = writeln!(
            out,
            "not checked: {} never completed",
            plural(c.unfinished_ops, "operation")
        );
    }
}

fn access_json(c: &Conflicts, a: &Access) -> Value {
    let p = c.proc(a.proc());
    json!({
        "rank": rank_id(p),
        "process": p.label(),
        "t_s": c.secs(a.t0),
        "t_end_s": c.secs(a.t1),
        "mode": if a.is_write() { "write" } else { "read" },
        "function": func_name(a.func),
        "root_function": func_name(a.root_func),
        "chain": chain_funcs(a),
        "range": [a.start, a.end],
    })
}

/// A group's fields but its pairs.
fn group_json(c: &Conflicts, g: &Group) -> Map<String, Value> {
    let (e, l) = (c.proc(g.earlier), c.proc(g.later));
    let mut v = json!({
        "ranks": [rank_id(e), rank_id(l)],
        "processes": [e.label(), l.label()],
        "same_rank": g.earlier == g.later,
        "count": g.count,
        "bytes": g.bytes,
        "range": [g.lo, g.hi],
    });
    if c.semantics.is_some() {
        v["violations"] = json!(g.violations);
    }
    match v {
        Value::Object(m) => m,
        _ => unreachable!("json! of an object"),
    }
}

fn pair_json(c: &Conflicts, (a, b): &(Access, Access)) -> Value {
    json!({
        "earlier": access_json(c, a),
        "later": access_json(c, b),
        "overlap": [a.start.max(b.start), a.end.min(b.end)],
    })
}

fn file_fields(c: &Conflicts, f: &FileConflicts) -> Value {
    let mut v = json!({
        "path": f.key.path,
        "host": f.key.host,
        "layer": f.key.layer.identification(),
        "accesses": f.pairs.accesses,
        "no_offset": f.no_offset,
        "pairs_total": f.pairs.total,
        "capped": f.pairs.capped,
    });
    if c.semantics.is_some() {
        let listed: Vec<Value> = f
            .pairs
            .violating
            .iter()
            .map(|pair| {
                let mut p = pair_json(c, pair);
                p["kind"] = json!(Kind::of(&pair.0, &pair.1).name());
                p
            })
            .collect();
        v["violations"] = json!({ "count": f.pairs.violations, "listed": listed });
    }
    v
}

fn head_fields(c: &Conflicts) -> Value {
    json!({
        "schema": "recorder-otf2 conflicts",
        "schema_version": SCHEMA_VERSION,
        "trace": c.trace_dir,
        "layers": c.layers.iter().map(|l| l.identification()).collect::<Vec<_>>(),
        "max_pairs": c.max_pairs,
        "spilled": c.spilled,
        "semantics": c.semantics.map(|m| m.name()),
        "mpi": { "sync_calls": c.mpi_calls, "unmatched": c.mpi_unmatched },
        "accesses": c.accesses(),
        "skipped": {
            "no_offset": c.skipped.no_offset,
            "no_file": c.skipped.no_file,
            "beneath": c.skipped.beneath,
            "unfinished": c.unfinished_ops,
        },
        "warnings": c.warnings,
    })
}

/// The JSON answer (docs/analysis.md), serialized as it is written: the pairs listed with
/// `--details` (up to the cap per file) never stand in memory as JSON values all at once.
pub struct Json<'a>(pub &'a Conflicts);

struct FileJson<'a>(&'a Conflicts, &'a FileConflicts);
struct KindsJson<'a>(&'a Conflicts, &'a FileConflicts);
struct KindJson<'a>(&'a Conflicts, &'a FileConflicts, Kind);
struct GroupJson<'a>(&'a Conflicts, &'a Group);
struct PairsJson<'a>(&'a Conflicts, &'a Group);

/// The fields of a JSON object, then more entries.
fn object<S: Serializer>(
    s: S,
    fields: Value,
    more: impl FnOnce(&mut S::SerializeMap) -> Result<(), S::Error>,
) -> Result<S::Ok, S::Error> {
    let mut m = s.serialize_map(None)?;
    if let Value::Object(fields) = fields {
        for (k, v) in &fields {
            m.serialize_entry(k, v)?;
        }
    }
    more(&mut m)?;
    m.end()
}

impl Serialize for Json<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let c = self.0;
        object(s, head_fields(c), |m| {
            let files: Vec<FileJson> = c.files.iter().map(|f| FileJson(c, f)).collect();
            m.serialize_entry("files", &files)
        })
    }
}

impl Serialize for FileJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (c, f) = (self.0, self.1);
        object(s, file_fields(c, f), |m| {
            m.serialize_entry("pairs", &KindsJson(c, f))
        })
    }
}

/// RAW, WAW, WAR, RAR in that order.
impl Serialize for KindsJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (c, f) = (self.0, self.1);
        s.collect_map(Kind::ALL.iter().map(|&k| (k.name(), KindJson(c, f, k))))
    }
}

impl Serialize for KindJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (c, f, k) = (self.0, self.1, self.2);
        let groups: Vec<GroupJson> = f
            .pairs
            .groups
            .iter()
            .filter(|g| g.kind == k)
            .map(|g| GroupJson(c, g))
            .collect();
        let count: u64 = groups.iter().map(|g| g.1.count).sum();
        object(s, json!({ "count": count }), |m| {
            m.serialize_entry("ranks", &groups)
        })
    }
}

impl Serialize for GroupJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (c, g) = (self.0, self.1);
        object(s, Value::Object(group_json(c, g)), |m| {
            if c.details {
                m.serialize_entry("pairs", &PairsJson(c, g))?;
            }
            Ok(())
        })
    }
}

impl Serialize for PairsJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (c, g) = (self.0, self.1);
        s.collect_seq(g.pairs.iter().map(|p| pair_json(c, p)))
    }
}

/// The JSON answer as a value (for embedding; `Json` writes the same without holding it).
pub fn to_json(c: &Conflicts) -> Value {
    serde_json::to_value(Json(c)).unwrap_or(Value::Null)
}
