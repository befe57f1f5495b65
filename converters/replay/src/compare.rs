//! `compare`: two traces, per process, file and layer: the operations (mode, offset, bytes
//! requested and done, in the order the process made them), and the calls that opened,
//! closed, duplicated, moved or deleted the file (function and flag arguments). Useful on
//! two runs of a program (before and after a change, two file systems) and to validate a
//! replay against its original.
//!
//! An offset a trace did not record (MPI-IO shared-pointer transfers) matches any offset;
//! a short transfer matches one that asked for just the bytes it moved.
//!
//! Processes are matched by MPI rank (job by job), the others by their position in plan
//! order. File names are compared after mapping (`--map A=B` prefixes, the first that
//! matches); `--only PREFIX` keeps the files under the given prefixes.
//!
//! The calls a replay does not re-issue on purpose ([`crate::skips`]: the program's own
//! statvfs-family calls and the like, what MPI did beneath a failed MPI-IO call that is not
//! re-issued) are left out of both traces, counted per family: two traces are equal on
//! what a replay can reproduce.

use crate::skips;
use io_events::codec::Record;
use io_events::functions::{Kind, Layer, Mapping, FUNCTIONS};
use io_model::driver::{self, Progress};
use io_model::kinds::OpMode;
use io_model::resolve::{resolve_process, Call, Consumer, Op};
use io_model::run::Plan;
use io_model::trace::Trace;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;

/// What to compare.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Only files under these prefixes (after mapping); empty: all.
    pub only: Vec<String>,
    /// Path prefix rewrites of the first trace's names (A prefix, B prefix).
    pub map: Vec<(String, String)>,
    /// Differences listed at most (all are counted).
    pub max_listed: usize,
    pub threads: usize,
}

/// One thing a process did to a file at a layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    Op {
        mode: &'static str,
        offset: Option<u64>,
        requested: u64,
        done: u64,
    },
    Call {
        func: &'static str,
        /// The flag and mode arguments (open flags, permission mode, access mode, whence).
        flags: Vec<(&'static str, u64)>,
    },
}

impl std::fmt::Display for Item {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Item::Op {
                mode,
                offset,
                requested,
                done,
            } => {
                let at = offset.map_or("-".into(), |o| o.to_string());
                write!(
                    f,
                    "{mode} at {at}, {requested} bytes requested, {done} done"
                )
            }
            Item::Call { func, flags } => {
                let args: Vec<String> = flags.iter().map(|(n, v)| format!("{n}={v:#x}")).collect();
                write!(f, "{func}({})", args.join(", "))
            }
        }
    }
}

/// Who a process is, for matching: MPI job and rank, or the position among the others.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ProcKey {
    Rank { job: u32, rank: u32 },
    Other(usize),
}

impl std::fmt::Display for ProcKey {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            ProcKey::Rank { job: 0, rank } => write!(f, "rank {rank}"),
            ProcKey::Rank { job, rank } => write!(f, "job {job} rank {rank}"),
            ProcKey::Other(i) => write!(f, "process {i}"),
        }
    }
}

/// (process, file, layer) -> what the process did there, in order.
pub type Sequences = BTreeMap<(ProcKey, String, Layer), Vec<Item>>;

/// An item with what it is about, (global file id, layer), and its order key, (thread, call
/// id, kind).
type Keyed = ((u32, Layer), (usize, u64, u8), Item);

/// Left-out calls per family (see [`crate::skips`]): how many calls of a trace that would
/// have been compared were left out.
pub type LeftOut = BTreeMap<&'static str, u64>;

/// One process's items, collected as the resolver hands them over, with their order key,
/// and what is needed to leave out the calls a replay does not re-issue.
#[derive(Default)]
struct Collector {
    items: Vec<Keyed>,
    /// Calls left out, and their family.
    left_out: HashMap<u64, &'static str>,
    /// The enclosing call of each call made inside an MPI-IO call (to find what a left-out
    /// failed MPI-IO call made).
    parents: HashMap<u64, u64>,
    /// The communicators the process defined (a failed open on another is not re-issued).
    comms: HashSet<u64>,
}

impl Collector {
    /// Whether the replay cannot re-issue `c`, a failed call: one it does not re-issue on
    /// purpose, or an open on a communicator the trace does not define (a failed open names
    /// none, u64::MAX: the replay re-issues it on MPI_COMM_SELF).
    fn failed_unreissued(&self, c: &Call, r: &Record) -> bool {
        let comm = r.fields.first().copied().unwrap_or(u64::MAX);
        let unknown_comm = crate::func(c.func) == io_events::functions::Func::MPI_File_open
            && comm != u64::MAX
            && !self.comms.contains(&comm);
        c.failed
            && c.layer == Layer::MpiIo
            && !c.nested_in_layer
            && (skips::failed_not_reissued(c) || unknown_comm)
    }

    /// The family `call` is left out under: its own, or that of an enclosing call.
    fn family_of(&self, mut call: u64) -> Option<&'static str> {
        loop {
            if let Some(&f) = self.left_out.get(&call) {
                return Some(f);
            }
            call = *self.parents.get(&call)?;
        }
    }
}

fn flag_args(func: u16, r: &Record) -> Vec<(&'static str, u64)> {
    let info = &FUNCTIONS[func as usize];
    info.args
        .iter()
        .enumerate()
        .filter(|(_, (_, k))| {
            matches!(k, Kind::OpenFlags | Kind::Mode | Kind::Amode | Kind::Whence)
        })
        .map(|(i, (name, _))| (*name, r.fields[i]))
        .collect()
}

/// A function's name as compared: the large-file variants are the same call (`open64` is
/// `open`), and a replay issues whichever its C library maps to.
fn compared_func(name: &'static str) -> &'static str {
    name.strip_suffix("64").unwrap_or(name)
}

impl Consumer for Collector {
    fn call(&mut self, c: &Call, r: &Record) {
        if let (true, Some(parent)) = (c.within(Layer::MpiIo), c.parent) {
            self.parents.insert(c.id, parent);
        }
        if let Some(family) = skips::left_out(c) {
            self.left_out.insert(c.id, family);
        } else if self.failed_unreissued(c, r) {
            self.left_out.insert(c.id, skips::BENEATH_FAILED);
        }
        let info = &FUNCTIONS[c.func as usize];
        // Descriptor copies are not compared: the numbers are the process's own business
        // (a replay cannot take the program's), and no byte moves.
        if matches!(info.mapping, Mapping::Dup { .. } | Mapping::Fcntl) {
            return;
        }
        if let (Some(at), false) = (c.touched, c.failed) {
            let func = compared_func(info.display);
            let item = Item::Call {
                func,
                flags: flag_args(c.func, r),
            };
            self.items.push((at, (c.thread, c.id, 0), item));
        }
    }
    fn op(&mut self, o: &Op) {
        let Some(file) = o.file else { return };
        if o.cancelled {
            return;
        }
        let mode = match o.mode {
            OpMode::Read => "read",
            OpMode::Write => "write",
            OpMode::Flush => "flush",
        };
        let item = Item::Op {
            mode,
            offset: o.offset,
            requested: o.bytes_requested,
            done: o.bytes_done,
        };
        // Calls arrive at their end, operations at their completion: both are put in the
        // order the process entered the calls (an operation at its beginning call's place).
        self.items
            .push(((file, o.layer), (o.thread, o.call, 1), item));
    }
}

/// The name a file gets in the comparison (mapped), or None when `--only` leaves it out.
fn compared_name(name: &str, opts: &Options, mapped: bool) -> Option<String> {
    let mut name = name.to_string();
    if mapped {
        if let Some((a, b)) = opts.map.iter().find(|(a, _)| name.starts_with(a.as_str())) {
            name = format!("{b}{}", &name[a.len()..]);
        }
    }
    let keep = opts.only.is_empty() || opts.only.iter().any(|p| name.starts_with(p.as_str()));
    keep.then_some(name)
}

/// The process keys of a trace, in plan order.
fn proc_keys(trace: &Trace, plan: &Plan) -> Vec<(usize, ProcKey)> {
    let mut others = 0;
    plan.order
        .iter()
        .map(|&pi| {
            let p = &trace.processes[pi];
            let key = match plan.rank(pi, p) {
                Some(rank) => ProcKey::Rank {
                    job: plan.job_number(pi).unwrap_or(0),
                    rank,
                },
                None => {
                    others += 1;
                    ProcKey::Other(others - 1)
                }
            };
            (pi, key)
        })
        .collect()
}

/// What [`sequences`] read of a trace.
#[derive(Debug, Default)]
pub struct TraceSequences {
    pub seqs: Sequences,
    pub left_out: LeftOut,
    /// The warnings of the interpretation.
    pub warnings: Vec<String>,
}

/// Every process's sequences of `trace` (file names mapped when `mapped`), the calls left
/// out, and the warnings of the interpretation.
pub fn sequences(
    trace: &Trace,
    opts: &Options,
    mapped: bool,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<TraceSequences, crate::Error> {
    let plan = Plan::new(trace);
    let keys = proc_keys(trace, &plan);
    let pool = driver::pool(opts.threads).map_err(crate::Error::Workers)?;
    let progress = Progress::new(progress);
    let parts = driver::map(&pool, &keys, |(pi, key)| {
        let mut prog = progress.process();
        let comms = trace.processes[*pi].comms.iter();
        let collector = Collector {
            comms: comms.map(|(id, _)| *id as u64).collect(),
            ..Collector::default()
        };
        let (collected, defs, stats) = resolve_process(trace, &plan, *pi, collector, &mut prog)?;
        let (seqs, left_out) = process_sequences(collected, key, |file| {
            compared_name(&defs.files[file as usize].name, opts, mapped)
        });
        Ok::<_, crate::Error>((seqs, left_out, stats.warnings))
    })?;
    let mut all = TraceSequences::default();
    for (seqs, left_out, w) in parts {
        all.seqs.extend(seqs);
        for (family, n) in left_out {
            *all.left_out.entry(family).or_default() += n;
        }
        all.warnings.extend(w);
    }
    Ok(all)
}

/// A process's sequences, in the order it entered the calls, of the files `name` keeps
/// (their compared names), and the calls left out of them (those that touched a kept file,
/// once each).
fn process_sequences(
    mut c: Collector,
    key: &ProcKey,
    name: impl Fn(u32) -> Option<String>,
) -> (Sequences, LeftOut) {
    c.items.sort_by_key(|(_, order, _)| *order);
    let mut seqs = Sequences::new();
    let mut left: HashSet<u64> = HashSet::new();
    let mut left_out = LeftOut::new();
    for ((file, layer), (_, call, _), item) in std::mem::take(&mut c.items) {
        let Some(name) = name(file) else { continue };
        if let Some(family) = c.family_of(call) {
            if left.insert(call) {
                *left_out.entry(family).or_default() += 1;
            }
            continue;
        }
        seqs.entry((key.clone(), name, layer))
            .or_default()
            .push(item);
    }
    (seqs, left_out)
}

/// Totals of a sequence: (operations, bytes read, bytes written, calls).
fn totals(items: &[Item]) -> (usize, u64, u64, usize) {
    let mut t = (0, 0, 0, 0);
    for i in items {
        match i {
            Item::Op { mode, done, .. } => {
                t.0 += 1;
                match *mode {
                    "read" => t.1 += done,
                    "write" => t.2 += done,
                    _ => {}
                }
            }
            Item::Call { .. } => t.3 += 1,
        }
    }
    t
}

/// The result of a comparison.
#[derive(Debug, Default)]
pub struct Comparison {
    /// (process, file, layer) compared, and how many of them differ.
    pub compared: usize,
    pub differing: usize,
    /// Items compared (both sides).
    pub items: usize,
    /// One line per difference (at most `max_listed`).
    pub lines: Vec<String>,
    /// Per family, the calls left out of A and of B (see [`crate::skips`]).
    pub left_out: Vec<(&'static str, u64, u64)>,
}

/// Whether two items are the same. An offset one trace did not record (an MPI-IO transfer
/// through the shared file pointer, which the recorder cannot ask MPI for without moving
/// it) matches any: the layer beneath tells where the bytes went. A short transfer matches
/// one that asked for just the bytes it moved (a replay re-issues what was moved).
fn same(x: &Item, y: &Item) -> bool {
    match (x, y) {
        (
            Item::Op {
                mode: ma,
                offset: oa,
                requested: ra,
                done: da,
            },
            Item::Op {
                mode: mb,
                offset: ob,
                requested: rb,
                done: db,
            },
        ) => {
            let asked = ra == rb || ra.min(rb) == da;
            ma == mb && asked && da == db && (oa.is_none() || ob.is_none() || oa == ob)
        }
        _ => x == y,
    }
}

/// The one process of `s`, if it holds exactly one.
fn only_process(s: &Sequences) -> Option<&ProcKey> {
    let first = s.keys().next().map(|k| &k.0)?;
    s.keys().all(|k| &k.0 == first).then_some(first)
}

/// Compare the sequences of A (mapped) and B. Two traces of one process each are compared
/// process to process whatever they are (rank 0 of a job and its replay, a plain process).
pub fn compare(a: &Sequences, b: &Sequences, max_listed: usize) -> Comparison {
    if let (Some(pa), Some(pb)) = (only_process(a), only_process(b)) {
        if pa != pb {
            let rekeyed: Sequences = b
                .iter()
                .map(|((_, f, l), v)| ((pa.clone(), f.clone(), *l), v.clone()))
                .collect();
            return compare(a, &rekeyed, max_listed);
        }
    }
    let mut c = Comparison::default();
    let mut keys: Vec<&(ProcKey, String, Layer)> = a.keys().chain(b.keys()).collect();
    keys.sort();
    keys.dedup();
    let list = |c: &mut Comparison, line: String| {
        if c.lines.len() < max_listed {
            c.lines.push(line);
        }
    };
    for key in keys {
        c.compared += 1;
        let (p, file, layer) = key;
        let where_ = format!("{p}, {file}, {}", layer.identification());
        let (sa, sb) = (a.get(key), b.get(key));
        c.items += sa.map_or(0, Vec::len) + sb.map_or(0, Vec::len);
        let (sa, sb) = match (sa, sb) {
            (Some(x), Some(y)) => (x, y),
            (Some(x), None) | (None, Some(x)) => {
                let side = if sa.is_some() { "A" } else { "B" };
                let (ops, r, w, calls) = totals(x);
                c.differing += 1;
                list(&mut c, format!("{where_}: only in {side} ({ops} operations, {r} bytes read, {w} written, {calls} calls)"));
                continue;
            }
            (None, None) => continue,
        };
        if sa.len() == sb.len() && sa.iter().zip(sb).all(|(x, y)| same(x, y)) {
            continue;
        }
        c.differing += 1;
        let at = sa.iter().zip(sb.iter()).position(|(x, y)| !same(x, y));
        let line = match at {
            Some(i) => format!("{where_}: item {i} differs: A {} / B {}", sa[i], sb[i]),
            None => {
                let (ta, tb) = (totals(sa), totals(sb));
                format!(
                    "{where_}: A has {} items ({} operations, {} bytes read, {} written), B {} ({} operations, {} bytes read, {} written); the first {} are the same",
                    sa.len(), ta.0, ta.1, ta.2, sb.len(), tb.0, tb.1, tb.2, sa.len().min(sb.len())
                )
            }
        };
        list(&mut c, line);
    }
    c
}

/// Compare two traces' sequences (A's mapped), with the calls left out of each.
pub fn compare_traces(a: &TraceSequences, b: &TraceSequences, max_listed: usize) -> Comparison {
    let mut c = compare(&a.seqs, &b.seqs, max_listed);
    let families: std::collections::BTreeSet<&'static str> = a
        .left_out
        .keys()
        .chain(b.left_out.keys())
        .copied()
        .collect();
    let count = |l: &LeftOut, f| l.get(f).copied().unwrap_or(0);
    c.left_out = (families.into_iter())
        .map(|f| (f, count(&a.left_out, f), count(&b.left_out, f)))
        .collect();
    c
}

/// The report of a comparison as text.
pub fn text(c: &Comparison) -> String {
    let mut s = String::new();
    for l in &c.lines {
        let _ = writeln!(s, "{l}");
    }
    for (family, a, b) in &c.left_out {
        let _ = writeln!(
            s,
            "left out of both (a replay does not re-issue them): {family}: {a} calls in A, {b} in B"
        );
    }
    let unlisted = c.differing.saturating_sub(c.lines.len());
    if unlisted > 0 {
        let _ = writeln!(s, "... and {unlisted} more differences (--max-diffs)");
    }
    let _ = writeln!(
        s,
        "{} of {} (process, file, layer) sequences differ ({} operations and calls compared)",
        c.differing, c.compared, c.items
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn op(offset: u64, n: u64) -> Item {
        Item::Op {
            mode: "write",
            offset: Some(offset),
            requested: n,
            done: n,
        }
    }

    #[test]
    fn differences_are_found_and_named() {
        let key = |f: &str| {
            (
                ProcKey::Rank { job: 0, rank: 1 },
                f.to_string(),
                Layer::Posix,
            )
        };
        let mut a = Sequences::new();
        let mut b = Sequences::new();
        a.insert(key("/d/x"), vec![op(0, 10), op(10, 10)]);
        b.insert(key("/d/x"), vec![op(0, 10), op(12, 10)]);
        a.insert(key("/d/y"), vec![op(0, 1)]);
        b.insert(key("/d/y"), vec![op(0, 1)]);
        b.insert(key("/d/z"), vec![op(0, 1)]);
        let c = compare(&a, &b, 10);
        assert_eq!((c.compared, c.differing), (3, 2));
        assert!(
            c.lines[0].contains("rank 1, /d/x, POSIX: item 1 differs: A write at 10"),
            "{:?}",
            c.lines
        );
        assert!(
            c.lines[1].contains("/d/z, POSIX: only in B (1 operations"),
            "{:?}",
            c.lines
        );
        assert_eq!(compare(&a, &a, 10).differing, 0);
        // One sequence the start of the other.
        let mut b = a.clone();
        b.get_mut(&key("/d/y")).unwrap().push(op(1, 1));
        let c = compare(&a, &b, 10);
        assert_eq!(c.differing, 1);
        assert!(
            c.lines[0].contains("A has 1 items (1 operations, 0 bytes read, 1 written), B 2"),
            "{:?}",
            c.lines
        );
        assert!(
            c.lines[0].ends_with("the first 1 are the same"),
            "{:?}",
            c.lines
        );
        assert_eq!(compare(&a, &b, 0).lines.len(), 0);
    }

    #[test]
    fn an_unrecorded_offset_matches_any() {
        let key = (ProcKey::Other(0), "/d/x".to_string(), Layer::MpiIo);
        let unknown = Item::Op {
            mode: "write",
            offset: None,
            requested: 64,
            done: 64,
        };
        let a: Sequences = [(key.clone(), vec![unknown])].into_iter().collect();
        let b: Sequences = [(key.clone(), vec![op(2560, 64)])].into_iter().collect();
        assert_eq!(compare(&a, &b, 10).differing, 0);
        // The bytes still count.
        let c: Sequences = [(key, vec![op(2560, 65)])].into_iter().collect();
        assert_eq!(compare(&a, &c, 10).differing, 1);
    }

    #[test]
    fn a_short_transfer_matches_its_replay() {
        let item = |requested, done| Item::Op {
            mode: "write",
            offset: Some(0),
            requested,
            done,
        };
        let short = item(1 << 20, 4096);
        assert!(same(&short, &item(4096, 4096)) && same(&item(4096, 4096), &short));
        assert!(!same(&short, &item(4097, 4096)) && !same(&short, &item(4096, 4095)));
    }

    #[test]
    fn left_out_calls_and_what_they_made_are_counted_not_compared() {
        let call = |func| Item::Call {
            func,
            flags: Vec::new(),
        };
        let at = |file| (file, Layer::Posix);
        let mut c = Collector::default();
        // Call 5: the program's statvfs; call 7 a pwrite made by call 6, a failed MPI-IO
        // call that is not re-issued; call 8 an open compared; call 9's file left out by
        // --only (not counted).
        c.left_out.insert(5, "statfs/statvfs");
        c.left_out.insert(9, "statfs/statvfs");
        c.left_out.insert(6, skips::BENEATH_FAILED);
        c.parents.insert(7, 6);
        c.items.push((at(1), (0, 8, 0), call("open")));
        c.items.push((at(1), (0, 5, 0), call("statvfs")));
        c.items.push((at(1), (0, 7, 1), op(0, 4)));
        c.items.push((at(2), (0, 9, 0), call("statvfs")));
        let key = ProcKey::Rank { job: 0, rank: 0 };
        let (seqs, left_out) = process_sequences(c, &key, |f| (f == 1).then(|| "/d/x".to_string()));
        let only: Vec<&Item> = seqs.values().flatten().collect();
        assert_eq!(only, [&call("open")]);
        let want: LeftOut = [("statfs/statvfs", 1), (skips::BENEATH_FAILED, 1)].into();
        assert_eq!(left_out, want);
        // Said per family, both sides.
        let a = TraceSequences {
            seqs,
            left_out,
            warnings: Vec::new(),
        };
        let b = TraceSequences {
            seqs: a.seqs.clone(),
            ..TraceSequences::default()
        };
        let t = text(&compare_traces(&a, &b, 10));
        assert!(
            t.contains("left out of both (a replay does not re-issue them): statfs/statvfs: 1 calls in A, 0 in B\n"),
            "{t}"
        );
        assert!(t.ends_with("0 of 1 (process, file, layer) sequences differ (2 operations and calls compared)\n"), "{t}");
    }

    #[test]
    fn names_are_mapped_then_filtered() {
        let opts = Options {
            only: vec!["/b/".into()],
            map: vec![("/a/".into(), "/b/".into())],
            ..Options::default()
        };
        assert_eq!(compared_name("/a/f", &opts, true).as_deref(), Some("/b/f"));
        assert_eq!(compared_name("/a/f", &opts, false), None);
        assert_eq!(compared_name("/c/f", &opts, true), None);
    }
}
