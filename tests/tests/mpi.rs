//! MPI-IO under Open MPI (OMPIO): every MPI-IO function from C at 1, 2 and 4 ranks
//! (mpi_io_all.c) compared line by line with what the program says it did, the optional MPI
//! layer, Fortran (mpi_io_f.f90), mpi4py (mpi_io.py), a rank killed with SIGKILL
//! (mpi_kill.c) and a serial program linked with MPI (mpi_serial.c).
//!
//! The programs print one `op <function> rank=<r> bytes=<n> offset=<abs offset|-1>
//! coll=<0|1> nb=<0|1> file=<name>` line per data call and one `done <function> rank=<r>
//! by=<completion call>` line per request: these are the expectations the archives are
//! checked against. Every test skips itself (passes with a message) when `mpirun` is missing.

use e2e_tests::*;
use io_events::functions::{Layer, Role};
use io_events::FUNCTIONS;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

macro_rules! need_mpirun {
    () => {
        if !have_mpirun() {
            eprintln!("skipped: mpirun not found on PATH (Open MPI is needed for the MPI tests)");
            return;
        }
    };
}

// ------------------------------------------------------------------------------ program output

/// An `op` line: one data call as the program saw it.
#[derive(Debug, Clone)]
struct OpLine {
    func: String,
    rank: u64,
    bytes: u64,
    /// Absolute byte offset, -1 for the shared / ordered file pointer.
    offset: i64,
    coll: bool,
    nb: bool,
    /// File name without directory.
    file: String,
}

/// A `done` line: which call completed a request.
#[derive(Debug, Clone)]
struct DoneLine {
    func: String,
    rank: u64,
    by: String,
    cancelled: Option<bool>,
}

#[derive(Debug, Default)]
struct Printed {
    ops: Vec<OpLine>,
    done: Vec<DoneLine>,
    failures: Option<u64>,
}

/// `key=value` words of a line.
fn kv(words: &str) -> BTreeMap<String, String> {
    words
        .split_whitespace()
        .filter_map(|w| w.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn num<T: std::str::FromStr>(m: &BTreeMap<String, String>, k: &str, line: &str) -> T {
    m.get(k)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no numeric {k}= in line {line:?}"))
}

fn parse_output(stdout: &str) -> Printed {
    let mut p = Printed::default();
    for line in stdout.lines() {
        if let Some(rest) = line.strip_prefix("op ") {
            let (func, rest) = rest.split_once(' ').expect("op line with fields");
            let m = kv(rest);
            p.ops.push(OpLine {
                func: func.to_string(),
                rank: num(&m, "rank", line),
                bytes: num(&m, "bytes", line),
                offset: num(&m, "offset", line),
                coll: num::<u8>(&m, "coll", line) == 1,
                nb: num::<u8>(&m, "nb", line) == 1,
                file: m.get("file").expect("file=").clone(),
            });
        } else if let Some(rest) = line.strip_prefix("done ") {
            let (func, rest) = rest.split_once(' ').expect("done line with fields");
            let m = kv(rest);
            p.done.push(DoneLine {
                func: func.to_string(),
                rank: num(&m, "rank", line),
                by: m.get("by").expect("by=").clone(),
                cancelled: m.get("cancelled").map(|v| v == "1"),
            });
        } else if let Some(n) = line.strip_prefix("failures: ") {
            p.failures = n.trim().parse().ok();
        }
    }
    p
}

/// The output without the lines that may differ between runs.
fn deterministic(stdout: &str) -> String {
    stdout
        .lines()
        .filter(|l| !l.starts_with("nondet "))
        .map(|l| format!("{l}\n"))
        .collect()
}

// ------------------------------------------------------------------------------ call structure

/// One Enter/Leave instance on a location.
#[derive(Debug)]
struct Frame {
    region: String,
    /// Positions of its Enter and Leave in the location's events.
    enter: usize,
    leave: usize,
    parent: Option<usize>,
}

/// The call tree of one location: frames, and the innermost frame open at each event.
struct Tree<'a> {
    loc: &'a Location,
    frames: Vec<Frame>,
    /// For Enter / Leave: the frame they open / close; otherwise the innermost open frame.
    owner: Vec<Option<usize>>,
}

impl<'a> Tree<'a> {
    fn new(loc: &'a Location) -> Tree<'a> {
        let mut frames: Vec<Frame> = Vec::new();
        let mut owner = vec![None; loc.events.len()];
        let mut stack: Vec<usize> = Vec::new();
        for (i, e) in loc.events.iter().enumerate() {
            match e.ty.as_str() {
                "Enter" => {
                    let f = frames.len();
                    frames.push(Frame {
                        region: e.region.clone().unwrap_or_default(),
                        enter: i,
                        leave: usize::MAX,
                        parent: stack.last().copied(),
                    });
                    stack.push(f);
                    owner[i] = Some(f);
                }
                "Leave" => {
                    let f = stack.pop().expect("Leave without Enter");
                    frames[f].leave = i;
                    owner[i] = Some(f);
                }
                _ => owner[i] = stack.last().copied(),
            }
        }
        assert!(stack.is_empty(), "{}: unbalanced Enter/Leave", loc.name);
        Tree { loc, frames, owner }
    }

    /// The region the event at position `i` happened in (innermost), if any.
    fn region_at(&self, i: usize) -> Option<&str> {
        self.owner[i].map(|f| self.frames[f].region.as_str())
    }

    /// The frame and its ancestors, innermost first.
    fn chain(&self, f: Option<usize>) -> Vec<usize> {
        let mut v = Vec::new();
        let mut cur = f;
        while let Some(x) = cur {
            v.push(x);
            cur = self.frames[x].parent;
        }
        v
    }

    /// Positions of the events directly inside frame `f` (not inside nested calls).
    fn direct(&self, f: usize) -> Vec<usize> {
        let fr = &self.frames[f];
        (fr.enter + 1..fr.leave)
            .filter(|&i| {
                self.owner[i] == Some(f)
                    && !matches!(self.loc.events[i].ty.as_str(), "Enter" | "Leave")
            })
            .collect()
    }

    /// Positions of every event inside frame `f` (nested calls included).
    fn within(&self, f: usize) -> std::ops::Range<usize> {
        self.frames[f].enter + 1..self.frames[f].leave
    }

    /// Frames of one region.
    fn frames_of<'b>(&'b self, region: &'b str) -> impl Iterator<Item = usize> + 'b {
        (0..self.frames.len()).filter(move |&f| self.frames[f].region == region)
    }
}

fn has_flag(e: &Event, f: &str) -> bool {
    flags(&e.flags).iter().any(|x| x == f)
}

fn basename(p: &str) -> String {
    p.rsplit('/').next().unwrap_or(p).to_string()
}

/// One MPI-IO operation on one location: positions of its events.
#[derive(Debug)]
struct MpiOp {
    begin: usize,
    issued: Vec<usize>,
    tests: Vec<usize>,
    /// IoOperationComplete or IoOperationCancelled.
    end: Option<usize>,
}

/// The MPI-IO operations of a location, in Begin order.
fn mpi_ops(loc: &Location) -> Vec<MpiOp> {
    let mut ops: Vec<MpiOp> = Vec::new();
    let mut open: BTreeMap<(u64, u64), usize> = BTreeMap::new();
    for (i, e) in loc.events.iter().enumerate() {
        if e.paradigm.as_deref() != Some("MPI-IO") || !e.ty.starts_with("IoOperation") {
            continue;
        }
        let key = (e.handle_id.unwrap(), e.matching_id.unwrap());
        match e.ty.as_str() {
            "IoOperationBegin" => {
                open.insert(key, ops.len());
                ops.push(MpiOp {
                    begin: i,
                    issued: vec![],
                    tests: vec![],
                    end: None,
                });
            }
            "IoOperationIssued"
            | "IoOperationTest"
            | "IoOperationComplete"
            | "IoOperationCancelled" => {
                let k = *open.get(&key).unwrap_or_else(|| {
                    panic!(
                        "{}: {} #{i} without a Begin on this location",
                        loc.name, e.ty
                    )
                });
                match e.ty.as_str() {
                    "IoOperationIssued" => ops[k].issued.push(i),
                    "IoOperationTest" => ops[k].tests.push(i),
                    _ => {
                        ops[k].end = Some(i);
                        open.remove(&key);
                    }
                }
            }
            _ => {}
        }
    }
    ops
}

/// (function, bytes, offset, collective, non-blocking, file name) of an access.
type Key = (String, u64, Option<u64>, bool, bool, String);

fn sorted<T: Ord>(mut v: Vec<T>) -> Vec<T> {
    v.sort();
    v
}

/// The MPI-IO data functions that start an operation (exactly one Begin each), and the
/// split-collective `_end` functions (exactly one Complete each).
fn data_functions() -> (BTreeSet<&'static str>, BTreeSet<&'static str>) {
    let mut start = BTreeSet::new();
    let mut end = BTreeSet::new();
    for f in FUNCTIONS.iter() {
        if f.layer == Layer::MpiIo && f.role == Role::Data {
            if f.name.ends_with("_end") {
                end.insert(f.name);
            } else {
                start.insert(f.name);
            }
        }
    }
    (start, end)
}

/// The request-completion functions that may appear as regions.
const COMPLETION: [&str; 9] = [
    "MPI_Wait",
    "MPI_Waitall",
    "MPI_Waitany",
    "MPI_Waitsome",
    "MPI_Test",
    "MPI_Testall",
    "MPI_Testany",
    "MPI_Testsome",
    "MPI_Request_free",
];

/// Everything the archive must say about the MPI-IO accesses the program printed: for each
/// rank (= location group) the Begin events on MPI-IO handles equal the `op` lines (function,
/// bytes, offset, flags, file), the split collectives' `_end` lines match Completes inside
/// the `_end` calls, non-blocking requests complete inside the call the `done` lines name,
/// the structure of every operation (Issued, Test, completion region), one Begin per data
/// call, POSIX children nested in the MPI-IO calls with the MPI-IO handle as parent, and
/// handles opened inside MPI_File_open parented to the MPI-IO handle.
/// `recv_completions`: the `mpi` layer was on, so a Wait or Test that completes only a
/// receive (MPI_Irecv) is recorded too, without an MPI-IO event (counted for MPI_Wait).
fn check_mpi_io(a: &Archive, printed: &Printed, np: u64, data_dir: &str, recv_completions: bool) {
    let (start_fns, end_fns) = data_functions();
    let ranks: Vec<u64> = (0..np).collect();
    let mut completion_without_io: Vec<String> = Vec::new();
    for &r in &ranks {
        let locs = a.locations_of(r);
        assert!(!locs.is_empty(), "rank {r} has no location");
        let mut begins: Vec<Key> = Vec::new();
        let mut ends: Vec<Key> = Vec::new();
        // (function, bytes, offset, completion region, completion type) of each
        // non-blocking request started by an i-call, in Begin order.
        let mut requests: Vec<(String, u64, Option<u64>, String, String)> = Vec::new();
        let mut frames_count: BTreeMap<String, usize> = BTreeMap::new();
        let mut recv_only_waits = 0;
        for loc in &locs {
            // Time order within the location.
            for w in loc.events.windows(2) {
                assert!(
                    w[0].time <= w[1].time,
                    "{}: event #{} at {} after #{} at {}",
                    loc.name,
                    w[1].index,
                    w[1].time,
                    w[0].index,
                    w[0].time
                );
            }
            let t = Tree::new(loc);
            let ev = &loc.events;
            for f in &t.frames {
                *frames_count.entry(f.region.clone()).or_default() += 1;
            }
            for op in mpi_ops(loc) {
                let b = &ev[op.begin];
                let region = t.region_at(op.begin).unwrap_or("").to_string();
                let file = basename(b.file.as_deref().unwrap_or(""));
                let coll = has_flag(b, "COLLECTIVE");
                let nb = has_flag(b, "NON_BLOCKING");
                let off = b.attr("Offset");
                let bytes = b.bytes_request.unwrap();
                let end = op.end.unwrap_or_else(|| {
                    panic!(
                        "{}: {region} operation #{} never completed",
                        loc.name, b.index
                    )
                });
                let end_region = t.region_at(end).unwrap_or("").to_string();
                assert!(
                    start_fns.contains(region.as_str()),
                    "{}: MPI-IO Begin #{} in {region:?}, not in an MPI-IO data call",
                    loc.name,
                    b.index
                );
                assert_eq!(
                    b.parent_handle, None,
                    "{}: the MPI-IO handle of #{} has a parent",
                    loc.name, b.index
                );
                if region == "MPI_File_sync" {
                    assert_eq!(b.mode.as_deref(), Some("FLUSH"), "{b:?}");
                } else {
                    begins.push((region.clone(), bytes, off, coll, nb, file.clone()));
                }
                if !nb {
                    assert!(
                        op.issued.is_empty() && op.tests.is_empty(),
                        "blocking {region}: {op:?}"
                    );
                    assert_eq!(
                        t.owner[end], t.owner[op.begin],
                        "{}: blocking {region} #{} completes in another call ({end_region})",
                        loc.name, b.index
                    );
                    assert_eq!(ev[end].ty, "IoOperationComplete");
                    continue;
                }
                assert_eq!(
                    op.issued.len(),
                    1,
                    "{}: non-blocking {region} #{}: one Issued",
                    loc.name,
                    b.index
                );
                assert_eq!(
                    t.owner[op.issued[0]], t.owner[op.begin],
                    "{}: Issued of {region} #{} not in the starting call",
                    loc.name, b.index
                );
                for &x in &op.tests {
                    let tr = t.region_at(x).unwrap_or("");
                    // MPI_Test* that found it in flight, or MPI_Waitany/Waitsome that
                    // returned other requests.
                    assert!(
                        tr.starts_with("MPI_Test") || tr == "MPI_Waitany" || tr == "MPI_Waitsome",
                        "{}: IoOperationTest of {region} in {tr:?}",
                        loc.name
                    );
                }
                if let Some(base) = region.strip_suffix("_begin") {
                    assert!(
                        coll,
                        "{}: split collective {region} without COLLECTIVE",
                        loc.name
                    );
                    assert_eq!(end_region, format!("{base}_end"), "{}: {region}", loc.name);
                    assert_eq!(ev[end].ty, "IoOperationComplete");
                    ends.push((end_region, bytes, off, coll, nb, file));
                } else {
                    assert!(
                        region.starts_with("MPI_File_i"),
                        "{}: NON_BLOCKING operation in {region}",
                        loc.name
                    );
                    assert!(
                        COMPLETION.contains(&end_region.as_str()),
                        "{}: {region} #{} completed in {end_region:?}",
                        loc.name,
                        b.index
                    );
                    requests.push((region, bytes, off, end_region, ev[end].ty.clone()));
                }
            }

            // Exactly one MPI-IO Begin directly inside every data call, exactly one Complete
            // (and no Begin) inside every `_end`.
            for (fi, f) in t.frames.iter().enumerate() {
                let direct = t.direct(fi);
                let mpi = |ty: &str| {
                    direct
                        .iter()
                        .filter(|&&i| ev[i].ty == ty && ev[i].paradigm.as_deref() == Some("MPI-IO"))
                        .count()
                };
                if start_fns.contains(f.region.as_str()) {
                    assert_eq!(
                        mpi("IoOperationBegin"),
                        1,
                        "{}: Begins in {} #{}",
                        loc.name,
                        f.region,
                        f.enter
                    );
                } else if end_fns.contains(f.region.as_str()) {
                    assert_eq!(
                        mpi("IoOperationBegin"),
                        0,
                        "{}: Begins in {}",
                        loc.name,
                        f.region
                    );
                    assert_eq!(
                        mpi("IoOperationComplete"),
                        1,
                        "{}: Completes in {}",
                        loc.name,
                        f.region
                    );
                } else if COMPLETION.contains(&f.region.as_str()) {
                    let n = mpi("IoOperationComplete")
                        + mpi("IoOperationTest")
                        + mpi("IoOperationCancelled");
                    if n == 0 && recv_completions && f.region == "MPI_Wait" {
                        recv_only_waits += 1;
                    } else if n == 0 && recv_completions && f.region != "MPI_Testany" {
                        // With the `mpi` layer a Wait/Test that completed only a receive
                        // is recorded too (the loops of mpi_io_all.c mix MPI_Irecv in).
                    } else if n == 0 {
                        completion_without_io.push(format!(
                            "{}: {} region (event #{}) neither completed nor tested an MPI-IO \
                             request",
                            loc.name, f.region, ev[f.enter].index
                        ));
                    }
                }
            }

            // Independent blocking *_at calls: at least one POSIX child moving the same bytes
            // on a handle whose parent is the call's MPI-IO handle.
            for region in ["MPI_File_write_at", "MPI_File_read_at"] {
                for f in t.frames_of(region).collect::<Vec<_>>() {
                    let d = t.direct(f);
                    let mb = d
                        .iter()
                        .map(|&i| &ev[i])
                        .find(|e| {
                            e.ty == "IoOperationBegin" && e.paradigm.as_deref() == Some("MPI-IO")
                        })
                        .expect("the MPI-IO Begin");
                    let ok = t.within(f).any(|i| {
                        let e = &ev[i];
                        e.ty == "IoOperationBegin"
                            && e.paradigm.as_deref() == Some("POSIX")
                            && e.bytes_request == mb.bytes_request
                            && e.mode == mb.mode
                            && e.handle_id.map(|h| a.handle(h).parent_id) == Some(mb.handle_id)
                    });
                    assert!(
                        ok,
                        "{}: {region} (event #{}) has no POSIX child of {:?} bytes on a handle \
                         whose parent is {:?}",
                        loc.name, ev[t.frames[f].enter].index, mb.bytes_request, mb.handle
                    );
                }
            }

            // Every event on a POSIX handle whose parent is an MPI-IO handle happens inside an
            // MPI call on the same location.
            for (i, e) in ev.iter().enumerate() {
                let Some(h) = e.handle_id else { continue };
                let h = a.handle(h);
                let Some(p) = h.parent_id else { continue };
                if h.paradigm.as_deref() != Some("POSIX")
                    || a.handle(p).paradigm.as_deref() != Some("MPI-IO")
                {
                    continue;
                }
                let inside_mpi = t
                    .chain(t.owner[i])
                    .iter()
                    .any(|&f| t.frames[f].region.starts_with("MPI_"));
                assert!(
                    inside_mpi,
                    "{}: {} #{} on {} (child of MPI-IO handle {}) outside any MPI call",
                    loc.name, e.ty, e.index, h.name, p
                );
            }

            // MPI_File_open: one MPI-IO IoCreateHandle directly inside; every handle created in
            // nested calls has it as parent; the file itself is among them.
            for f in t.frames_of("MPI_File_open").collect::<Vec<_>>() {
                let created: Vec<&Event> = t
                    .direct(f)
                    .into_iter()
                    .map(|i| &ev[i])
                    .filter(|e| e.ty == "IoCreateHandle")
                    .collect();
                assert_eq!(
                    created.len(),
                    1,
                    "{}: MPI_File_open creates {:?}",
                    loc.name,
                    created
                );
                let m = created[0];
                assert_eq!(m.paradigm.as_deref(), Some("MPI-IO"));
                let mh = m.handle_id.unwrap();
                let file = m.file.clone().unwrap();
                assert!(file.starts_with(data_dir), "MPI-IO handle for {file}");
                let nested: Vec<&Event> = t
                    .within(f)
                    .map(|i| &ev[i])
                    .filter(|e| e.ty == "IoCreateHandle" && e.handle_id != Some(mh))
                    .collect();
                for e in &nested {
                    let h = a.handle(e.handle_id.unwrap());
                    assert_eq!(
                        h.parent_id,
                        Some(mh),
                        "{}: handle {} opened inside MPI_File_open({file}) is not a child of \
                         the MPI-IO handle",
                        loc.name,
                        h.name
                    );
                    assert_eq!(h.paradigm.as_deref(), Some("POSIX"), "{h:?}");
                }
                assert!(
                    nested.iter().any(|e| e.file.as_deref() == Some(file.as_str())),
                    "{}: MPI_File_open({file}) opens no POSIX handle of the file itself: {nested:?}",
                    loc.name
                );
            }
        }

        // The accesses the program printed.
        let mine: Vec<&OpLine> = printed.ops.iter().filter(|o| o.rank == r).collect();
        assert!(!mine.is_empty(), "no op line for rank {r}");
        let key = |o: &OpLine| -> Key {
            (
                o.func.clone(),
                o.bytes,
                (o.offset >= 0).then_some(o.offset as u64),
                o.coll,
                o.nb || o.func.ends_with("_begin") || o.func.ends_with("_end"),
                o.file.clone(),
            )
        };
        let want_begins: Vec<Key> = mine
            .iter()
            .filter(|o| !o.func.ends_with("_end"))
            .map(|o| key(o))
            .collect();
        let want_ends: Vec<Key> = mine
            .iter()
            .filter(|o| o.func.ends_with("_end"))
            .map(|o| key(o))
            .collect();
        assert_eq!(
            sorted(begins),
            sorted(want_begins),
            "rank {r}: MPI-IO Begin events (function, bytes, offset, collective, non-blocking, \
             file) vs the op lines"
        );
        assert_eq!(
            sorted(ends),
            sorted(want_ends),
            "rank {r}: Completes inside the split collectives' _end calls vs their op lines"
        );

        // Non-blocking requests: in order, each completes in the call its done line names.
        let started: Vec<&OpLine> = mine
            .iter()
            .copied()
            .filter(|o| o.func.starts_with("MPI_File_i"))
            .collect();
        let done: Vec<&DoneLine> = printed
            .done
            .iter()
            .filter(|d| d.rank == r && d.func.starts_with("MPI_File_"))
            .collect();
        assert_eq!(started.len(), done.len(), "rank {r}: i-calls vs done lines");
        assert_eq!(
            requests.len(),
            started.len(),
            "rank {r}: requests in the archive: {requests:?}"
        );
        for ((o, d), q) in started.iter().zip(&done).zip(&requests) {
            assert_eq!(o.func, d.func, "rank {r}: op and done lines out of step");
            assert_eq!(
                (q.0.as_str(), q.1, q.2),
                (
                    o.func.as_str(),
                    o.bytes,
                    (o.offset >= 0).then_some(o.offset as u64)
                ),
                "rank {r}: request order"
            );
            assert_eq!(
                q.3, d.by,
                "rank {r}: {} completed inside {} (done line: by={})",
                o.func, q.3, d.by
            );
            let want = if d.cancelled == Some(true) {
                "IoOperationCancelled"
            } else {
                "IoOperationComplete"
            };
            assert_eq!(q.4, want, "rank {r}: {} by {}", o.func, d.by);
        }

        // Completion calls that involve no MPI-IO request are not recorded (MPI_Wait on the
        // Isend/Irecv requests); those that are, are as many as the done lines say.
        let recv_waits = printed
            .done
            .iter()
            .filter(|d| d.rank == r && d.func == "MPI_Irecv" && d.by == "MPI_Wait")
            .count();
        assert_eq!(
            recv_only_waits,
            if recv_completions { recv_waits } else { 0 },
            "rank {r}: MPI_Wait regions that completed a receive only"
        );
        for by in [
            "MPI_Wait",
            "MPI_Waitall",
            "MPI_Waitsome",
            "MPI_Request_free",
        ] {
            let mut n = done.iter().filter(|d| d.by == by).count();
            if by == "MPI_Wait" {
                n += recv_only_waits;
            }
            assert_eq!(
                frames_count.get(by).copied().unwrap_or(0),
                n,
                "rank {r}: {by} regions vs done lines by={by} (non-I/O requests must not \
                 produce regions)"
            );
        }
        for by in [
            "MPI_Test",
            "MPI_Testall",
            "MPI_Testany",
            "MPI_Testsome",
            "MPI_Waitany",
        ] {
            let n = done.iter().filter(|d| d.by == by).count();
            assert!(
                frames_count.get(by).copied().unwrap_or(0) >= n,
                "rank {r}: fewer {by} regions than done lines by={by}"
            );
        }
    }
    // Last, so that everything else has been checked when this fails.
    assert!(
        completion_without_io.is_empty(),
        "completion calls recorded without any MPI-IO event inside (a Wait/Test call is to \
         appear only when it completed or tested an MPI-IO request: an MPI_Waitany that returns \
         a non-I/O request while an MPI-IO request of its array is still in flight should \
         either not be recorded or carry an IoOperationTest for that request, as MPI_Testany \
         does):\n{}",
        completion_without_io.join("\n")
    );
}

/// The rank metadata of an MPI job's trace: NP processes with ranks 0..NP, world size NP,
/// two clock offsets (MPI_Init, MPI_Finalize), zero for rank 0.
fn check_rank_meta(procs: &[NativeProcess], np: u64) {
    assert_eq!(
        procs.len() as u64,
        np,
        "one process folder per rank: {procs:#?}"
    );
    let ranks: BTreeSet<u32> = procs
        .iter()
        .map(|p| p.meta.rank.unwrap_or_else(|| panic!("{}: no rank", p.name)))
        .collect();
    assert_eq!(ranks, (0..np as u32).collect(), "ranks");
    for p in procs {
        assert_eq!(p.meta.world_size, Some(np as u32), "{}: world size", p.name);
        assert_eq!(p.meta.ending, Ending::Exit, "{}", p.name);
        assert_eq!(
            p.meta.clock_offsets.len(),
            2,
            "{}: clock offsets measured at MPI_Init and MPI_Finalize: {:?}",
            p.name,
            p.meta.clock_offsets
        );
        if p.meta.rank == Some(0) {
            assert!(
                p.meta.clock_offsets.iter().all(|c| c.offset_ns == 0),
                "rank 0 is the reference: {:?}",
                p.meta.clock_offsets
            );
        }
    }
}

/// Location groups = ranks, the MPI-IO paradigm, COMM_LOCATIONS and MPI_COMM_WORLD.
fn check_mpi_definitions(a: &Archive, np: u64) {
    assert_eq!(
        a.location_groups.len() as u64,
        np,
        "{:?}",
        a.location_groups
    );
    for g in &a.location_groups {
        assert!(g.id < np, "{g:?}");
        assert!(
            g.name.starts_with(&format!("rank {} (", g.id)),
            "location group {g:?}"
        );
        assert_eq!(g.ty, "PROCESS");
    }
    let p = a
        .paradigms
        .iter()
        .find(|p| p.identification == "MPI-IO")
        .expect("an MPI-IO io paradigm");
    assert_eq!(p.class, "PARALLEL");
    let cl: Vec<&GroupDef> = a
        .groups
        .iter()
        .filter(|g| g.ty == "COMM_LOCATIONS")
        .collect();
    assert_eq!(cl.len(), 1, "{:?}", a.groups);
    assert_eq!(cl[0].name, "COMM_LOCATIONS");
    let by_rank: Vec<u64> = cl[0]
        .members
        .iter()
        .map(|&l| {
            a.locations
                .iter()
                .find(|x| x.id == l)
                .expect("member location")
                .group
        })
        .collect();
    assert_eq!(
        by_rank,
        (0..np).collect::<Vec<_>>(),
        "COMM_LOCATIONS member i is rank i"
    );
    let world = a.comm(0);
    assert_eq!(world.name, "MPI_COMM_WORLD");
    assert_eq!(a.comm_members(0), (0..np).collect::<Vec<_>>());
}

/// The MPI-IO handles of `file` (full path): at least one, each with a communicator whose
/// members are `ranks` and named after them.
fn check_file_comm(a: &Archive, file: &str, ranks: &[u64], np: u64) {
    let hs: Vec<&Handle> = a
        .handles
        .iter()
        .filter(|h| h.paradigm.as_deref() == Some("MPI-IO") && h.file.as_deref() == Some(file))
        .collect();
    assert!(!hs.is_empty(), "no MPI-IO handle for {file}");
    for h in hs {
        let c = h
            .comm_id
            .unwrap_or_else(|| panic!("MPI-IO handle {} ({}) has no communicator", h.id, h.name));
        let mut m = a.comm_members(c);
        m.sort();
        assert_eq!(
            m, ranks,
            "members of the communicator of {file}'s MPI-IO handle"
        );
        let name = a.comm(c).name.clone();
        assert_eq!(h.comm.as_deref(), Some(name.as_str()));
        let all: Vec<u64> = (0..np).collect();
        if ranks == all.as_slice() && (np > 1 || name == "MPI_COMM_WORLD") {
            assert_eq!(name, "MPI_COMM_WORLD", "{file}");
        } else if ranks.len() == 1 {
            assert_eq!(name, format!("MPI_COMM_SELF (rank {})", ranks[0]), "{file}");
        } else {
            let list: Vec<String> = ranks.iter().map(|r| r.to_string()).collect();
            assert!(
                name.starts_with("MPI comm ")
                    && name.ends_with(&format!("(ranks {})", list.join(","))),
                "{file}: communicator named {name:?}"
            );
        }
    }
}

/// Region names of the archive.
fn region_names(a: &Archive) -> BTreeSet<String> {
    a.regions.iter().map(|r| r.name.clone()).collect()
}

/// Enter events of `region` per location group.
fn enters_per_group(a: &Archive, region: &str) -> BTreeMap<u64, usize> {
    let mut m = BTreeMap::new();
    for e in a.events() {
        if e.ty == "Enter" && e.region.as_deref() == Some(region) {
            *m.entry(e.group).or_default() += 1;
        }
    }
    m
}

// ------------------------------------------------------------------------------ 1. mpi_io_all

/// Runs mpi_io_all under `mpi` at `np` ranks and checks the trace against the program's own
/// account; returns that account's deterministic part (the same under every MPI).
fn mpi_io_all(mpi: Mpi, np: u64, thread: bool) -> String {
    let name = format!(
        "mpi-io-all-{mpi:?}-{np}{}",
        if thread { "-thread" } else { "" }
    );
    let dir = TestDir::new(&name);
    let prog = compile_mpi_with(mpi, &dir, "mpi_io_all.c", &[]);
    let extra: &[&str] = if thread { &["thread"] } else { &[] };
    let plain = dir.subdir("plain");
    let r0 = run(mpirun_untraced_with(mpi, np as u32, dir.path())
        .arg(&prog)
        .arg(&plain)
        .args(extra));
    r0.assert_ok(&format!("untraced mpi_io_all at {np} ranks"));
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let r = run(mpirun_with(mpi, np as u32, dir.path(), &trace, &[])
        .arg(&prog)
        .arg(&data)
        .args(extra));
    r.assert_ok(&format!("traced mpi_io_all at {np} ranks ({mpi:?})"));
    assert_eq!(
        deterministic(&r.stdout),
        deterministic(&r0.stdout),
        "{np} ranks: the output differs with the recorder"
    );
    let printed = parse_output(&r.stdout);
    assert_eq!(printed.failures, Some(0), "{}", r.stdout);
    let init = if thread {
        "MPI_Init_thread"
    } else {
        "MPI_Init"
    };
    assert!(
        r.stdout.contains(&format!("info rank=0 init={init}")),
        "{}",
        r.stdout
    );
    for rank in 0..np {
        assert!(
            printed.ops.iter().filter(|o| o.rank == rank).count() >= 40,
            "rank {rank}"
        );
    }

    // Native metadata.
    let procs = processes(&trace);
    check_rank_meta(&procs, np);
    let mut counted: BTreeMap<&str, u64> = BTreeMap::new();
    for p in &procs {
        for (f, n) in &p.meta.function_counts {
            *counted.entry(f.as_str()).or_default() += n;
        }
    }
    let other_init = if thread {
        "MPI_Init"
    } else {
        "MPI_Init_thread"
    };
    for f in FUNCTIONS.iter().filter(|f| f.layer == Layer::MpiIo) {
        let n = counted.get(f.name).copied().unwrap_or(0);
        if f.name == other_init {
            assert_eq!(n, 0, "{np} ranks: {} counted", f.name);
        } else if f.role == Role::Event {
            if f.name == "io_request_done" {
                assert!(n > 0, "{np} ranks: no io_request_done record");
            } else if n == 0 {
                eprintln!(
                    "note: {np} ranks{}: no {} record (every MPI_Test* succeeded at once)",
                    if thread { " (thread)" } else { "" },
                    f.name
                );
            }
        } else {
            assert!(
                n > 0,
                "{np} ranks: {} not recorded (function counts {counted:?})",
                f.name
            );
        }
    }
    for p in &procs {
        let r = p.meta.rank.unwrap() as u64;
        let mut want: BTreeMap<&str, u64> = BTreeMap::new();
        for o in printed.ops.iter().filter(|o| o.rank == r) {
            *want.entry(o.func.as_str()).or_default() += 1;
        }
        for (f, n) in want {
            assert_eq!(p.count(f), n, "rank {r}: native count of {f} vs op lines");
        }
        assert_eq!(p.count(init), 1, "rank {r}");
        assert_eq!(p.count("MPI_Finalize"), 1, "rank {r}");
    }

    // The archive.
    let a = convert_and_check(&trace, &dir.join("mpi.otf2"));
    check_mpi_definitions(&a, np);
    let names = region_names(&a);
    for f in [
        init,
        "MPI_Finalize",
        "MPI_Wait",
        "MPI_Waitall",
        "MPI_Test",
        "MPI_Request_free",
    ] {
        assert!(names.contains(f), "no region {f}");
    }
    assert!(!names.contains(other_init), "region {other_init}");
    for f in printed.ops.iter().map(|o| o.func.as_str()) {
        assert!(names.contains(f), "no region {f}");
    }
    for (region, n) in [(init, 1usize), ("MPI_Finalize", 1)] {
        let m = enters_per_group(&a, region);
        assert_eq!(m, (0..np).map(|r| (r, n)).collect(), "{region} per rank");
    }
    let w = data.to_string_lossy().into_owned();
    check_file_comm(
        &a,
        &format!("{w}/all.dat"),
        &(0..np).collect::<Vec<_>>(),
        np,
    );
    for c in 0..np.min(2) {
        let members: Vec<u64> = (0..np).filter(|r| r % 2 == c).collect();
        check_file_comm(&a, &format!("{w}/split_{c}.dat"), &members, np);
    }
    check_file_comm(
        &a,
        &format!("{w}/created.dat"),
        &(0..=(np - 1) / 2).collect::<Vec<_>>(),
        np,
    );
    for r in 0..np {
        check_file_comm(&a, &format!("{w}/self_{r}.dat"), &[r], np);
    }
    check_mpi_io(&a, &printed, np, &w, false);
    deterministic(&r.stdout)
}

#[test]
fn mpi_io_all_at_1_2_4_ranks() {
    need_mpirun!();
    mpi_io_all_configurations(
        Mpi::OpenMpi,
        &[(1, false), (2, false), (4, false), (2, true)],
    );
}

/// The same MPI-IO suite under MPICH with the one library build: its ABI (integer handles,
/// another MPI_Status) found at run time; every operation, offset and request completion as
/// under Open MPI.
#[test]
fn mpi_io_all_under_mpich_as_under_open_mpi() {
    if !Mpi::Mpich.available() || !have_mpirun() {
        eprintln!("skipped: mpicc.mpich/mpiexec.mpich or mpirun.openmpi not found");
        return;
    }
    // ROMIO polls its POSIX aio requests in MPI_Test*: hundreds of thousands of aio_error
    // calls per rank to convert and check, so fewer configurations than under Open MPI.
    mpi_io_all_configurations(Mpi::Mpich, &[(1, false), (2, true)]);
    assert_eq!(
        mpi_io_all(Mpi::Mpich, 2, false),
        mpi_io_all(Mpi::OpenMpi, 2, false),
        "the program's account of its MPI-IO differs between MPICH and Open MPI"
    );
}

fn mpi_io_all_configurations(mpi: Mpi, configurations: &[(u64, bool)]) {
    // Every configuration runs even when an earlier one fails (each failure is printed with
    // its kept scratch directory); the last one is MPI_Init_thread(MPI_THREAD_MULTIPLE)
    // instead of MPI_Init.
    let mut failed = Vec::new();
    for &(np, thread) in configurations {
        if std::panic::catch_unwind(|| mpi_io_all(mpi, np, thread)).is_err() {
            failed.push(format!(
                "{np} ranks{}",
                if thread { " with MPI_Init_thread" } else { "" }
            ));
        }
    }
    assert!(
        failed.is_empty(),
        "mpi_io_all ({mpi:?}) failed at: {}",
        failed.join(", ")
    );
}

// ------------------------------------------------------------------------------ 2. mpi layer

#[test]
fn mpi_layer_regions_when_switched_on() {
    need_mpirun!();
    mpi_layer_regions(Mpi::OpenMpi);
}

/// The `mpi` layer (communicators, collectives, messages) under MPICH: integer handles,
/// another MPI_COMM_TYPE_SHARED, MPI_PROC_NULL and MPI_ANY_SOURCE.
#[test]
fn mpi_layer_regions_under_mpich() {
    if !Mpi::Mpich.available() {
        eprintln!("skipped: mpicc.mpich/mpiexec.mpich not found");
        return;
    }
    mpi_layer_regions(Mpi::Mpich);
}

fn mpi_layer_regions(mpi: Mpi) {
    let dir = TestDir::new(&format!("mpi-layer-{mpi:?}"));
    let prog = compile_mpi_with(mpi, &dir, "mpi_io_all.c", &[]);
    let np = 2u64;
    let layer_fns = [
        "MPI_Comm_dup",
        "MPI_Comm_split",
        "MPI_Comm_split_type",
        "MPI_Comm_create",
        "MPI_Comm_free",
        "MPI_Barrier",
        "MPI_Gather",
        "MPI_Reduce",
        "MPI_Bcast",
        "MPI_Allreduce",
        "MPI_Allgather",
        "MPI_Scatter",
        "MPI_Alltoall",
    ];
    for on in [true, false] {
        let tag = if on { "on" } else { "off" };
        let data = dir.subdir(&format!("data-{tag}"));
        let trace = dir.join(format!("trace-{tag}"));
        let env: &[(&str, &str)] = if on {
            &[("RECORDER_OTF2_LAYERS", "posix,stdio,mpiio,mpi")]
        } else {
            &[]
        };
        let r = run(mpirun_with(mpi, np as u32, dir.path(), &trace, env)
            .arg(&prog)
            .arg(&data));
        r.assert_ok(&format!("mpi_io_all with the mpi layer {tag}"));
        let printed = parse_output(&r.stdout);
        assert_eq!(printed.failures, Some(0));
        let a = convert_and_check(&trace, &dir.join(format!("{tag}.otf2")));
        check_mpi_definitions(&a, np);
        let names = region_names(&a);
        if !on {
            for f in layer_fns {
                assert!(!names.contains(f), "region {f} with the default layers");
            }
            for p in processes(&trace) {
                for f in layer_fns {
                    assert_eq!(p.count(f), 0, "{f} recorded with the default layers");
                }
            }
            continue;
        }
        // Per rank: created is not MPI_COMM_NULL on ranks 0..=(np-1)/2 only.
        let in_created = |r: u64| r <= (np - 1) / 2;
        let want = |f: &str, r: u64| -> usize {
            match f {
                "MPI_Comm_free" => 3 + in_created(r) as usize,
                // 9 on MPI_COMM_WORLD, 1 on the split communicator, 1 on the created one
                "MPI_Barrier" => 10 + in_created(r) as usize,
                _ => 1,
            }
        };
        for f in layer_fns {
            assert!(names.contains(f), "no region {f} with the mpi layer on");
            let got = enters_per_group(&a, f);
            let expected: BTreeMap<u64, usize> = (0..np).map(|r| (r, want(f, r))).collect();
            assert_eq!(got, expected, "{f} regions per rank");
        }
        let role = |n: &str| a.regions.iter().find(|r| r.name == n).unwrap().role.clone();
        assert_eq!(role("MPI_Barrier"), "BARRIER");
        assert_eq!(role("MPI_Comm_split"), "COLL_OTHER");
        // The MPI-IO accesses are unchanged.
        check_mpi_io(&a, &printed, np, &data.to_string_lossy(), on);
    }
}

// ------------------------------------------------------------------------------ 3. Fortran

#[test]
fn fortran_mpi_io_is_recorded() {
    need_mpirun!();
    fortran_mpi_io(Mpi::OpenMpi);
}

/// The Fortran bindings under MPICH (libmpichfort; handles converted by a cast, a status of
/// five INTEGERs).
#[test]
fn fortran_mpi_io_under_mpich() {
    if !Mpi::Mpich.available() || !have_program(Mpi::Mpich.fortran()) {
        eprintln!("skipped: mpifort.mpich/mpiexec.mpich not found");
        return;
    }
    fortran_mpi_io(Mpi::Mpich);
}

fn fortran_mpi_io(mpi: Mpi) {
    let dir = TestDir::new(&format!("mpi-fortran-{mpi:?}"));
    let prog = compile_mpi_with(mpi, &dir, "mpi_io_f.f90", &[]);
    let np = 2u64;
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let r = run(mpirun_with(mpi, np as u32, dir.path(), &trace, &[])
        .arg(&prog)
        .arg(&data));
    r.assert_ok("traced mpi_io_f");
    let printed = parse_output(&r.stdout);
    assert_eq!(printed.failures, Some(0), "{}", r.stdout);
    assert_eq!(printed.ops.len() as u64, 4 * np, "{}", r.stdout);
    check_rank_meta(&processes(&trace), np);
    let a = convert_and_check(&trace, &dir.join("fortran.otf2"));
    check_mpi_definitions(&a, np);
    let names = region_names(&a);
    let fns = [
        "MPI_Init",
        "MPI_File_open",
        "MPI_File_set_view",
        "MPI_File_write_at",
        "MPI_File_read_at",
        "MPI_File_seek",
        "MPI_File_write_all",
        "MPI_File_iwrite_at",
        "MPI_Wait",
        "MPI_File_sync",
        "MPI_File_get_size",
        "MPI_File_close",
        "MPI_File_delete",
        "MPI_Finalize",
    ];
    let missing: Vec<&str> = fns
        .iter()
        .copied()
        .filter(|f| !names.contains(*f))
        .collect();
    assert!(
        missing.is_empty(),
        "Fortran MPI calls without a region: {missing:?} (regions: {names:?})"
    );
    for f in fns {
        let want = if f == "MPI_File_delete" {
            // rank 0 only
            BTreeMap::from([(0, 1)])
        } else {
            (0..np).map(|r| (r, 1)).collect()
        };
        assert_eq!(enters_per_group(&a, f), want, "{f} per rank");
    }
    let w = data.to_string_lossy().into_owned();
    check_file_comm(
        &a,
        &format!("{w}/fortran.dat"),
        &(0..np).collect::<Vec<_>>(),
        np,
    );
    check_mpi_io(&a, &printed, np, &w, false);
    // The deletion.
    let del: Vec<&Event> = a.events_of("IoDeleteFile");
    assert!(
        del.iter().any(
            |e| e.file.as_deref() == Some(format!("{w}/fortran.dat").as_str())
                && e.paradigm.as_deref() == Some("MPI-IO")
        ),
        "no MPI-IO IoDeleteFile of fortran.dat: {del:?}"
    );
}

// ------------------------------------------------------------------------------ 4. mpi4py

#[test]
fn mpi4py_script_is_recorded() {
    need_mpirun!();
    let dir = TestDir::new("mpi-python");
    let script = build().programs.join("mpi_io.py");
    let np = 2u64;
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let r = run(mpirun(np as u32, dir.path(), &trace, &[])
        .arg(SYSTEM_PYTHON)
        .arg(&script)
        .arg(&data));
    r.assert_ok("traced mpi_io.py");
    let printed = parse_output(&r.stdout);
    assert_eq!(printed.failures, Some(0), "{}", r.stdout);
    assert_eq!(printed.ops.len() as u64, 4 * np, "{}", r.stdout);
    check_rank_meta(&processes(&trace), np);
    let a = convert_and_check(&trace, &dir.join("python.otf2"));
    check_mpi_definitions(&a, np);
    let names = region_names(&a);
    // mpi4py initialises with MPI_Init_thread.
    let init = if names.contains("MPI_Init_thread") {
        "MPI_Init_thread"
    } else {
        "MPI_Init"
    };
    let fns = [
        init,
        "MPI_File_open",
        "MPI_File_write_at",
        "MPI_File_write_at_all",
        "MPI_File_iwrite_at",
        "MPI_Wait",
        "MPI_File_read_at_all",
        "MPI_File_sync",
        "MPI_File_get_size",
        "MPI_File_close",
        "MPI_File_delete",
        "MPI_Finalize",
    ];
    for f in fns {
        let want = if f == "MPI_File_delete" {
            BTreeMap::from([(0, 1)])
        } else {
            (0..np).map(|r| (r, 1)).collect()
        };
        assert_eq!(enters_per_group(&a, f), want, "{f} per rank");
    }
    let w = data.to_string_lossy().into_owned();
    check_file_comm(&a, &format!("{w}/py.dat"), &(0..np).collect::<Vec<_>>(), np);
    check_mpi_io(&a, &printed, np, &w, false);
}

// ------------------------------------------------------------------------------ 5. SIGKILL

#[test]
fn a_killed_rank_leaves_the_others_convertible() {
    need_mpirun!();
    let dir = TestDir::new("mpi-kill");
    let prog = compile_mpi(&dir, "mpi_kill.c", &[]);
    let np = 4u64;
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let r = run(mpirun(np as u32, dir.path(), &trace, &[])
        .arg(&prog)
        .arg(&data));
    assert!(
        !r.status.success(),
        "mpirun should fail when a rank is killed: {r:?}"
    );
    assert!(
        r.stdout.contains(&format!("killing rank={}", np - 1)),
        "{}",
        r.stdout
    );
    // The ranks that reported their 50 writes.
    let mut wrote: BTreeMap<u64, (u64, u64, u64)> = BTreeMap::new();
    for l in r.stdout.lines().filter(|l| l.starts_with("wrote ")) {
        let m = kv(l);
        wrote.insert(
            num(&m, "rank", l),
            (
                num(&m, "calls", l),
                num(&m, "offset0", l),
                num(&m, "stride", l),
            ),
        );
    }
    assert_eq!(
        wrote.len() as u64,
        np,
        "every rank got through its writes:\n{}",
        r.stdout
    );
    assert_eq!(
        std::fs::metadata(data.join("kill.dat")).unwrap().len(),
        50 * np * 64,
        "kill.dat"
    );

    let procs = processes(&trace);
    assert_eq!(procs.len() as u64, np, "{procs:#?}");
    let mut by_rank: BTreeMap<u64, &NativeProcess> = BTreeMap::new();
    for p in &procs {
        let rank = p.meta.rank.unwrap_or_else(|| panic!("{}: no rank", p.name)) as u64;
        assert_eq!(p.meta.world_size, Some(np as u32));
        by_rank.insert(rank, p);
    }
    assert_eq!(
        by_rank.keys().copied().collect::<Vec<_>>(),
        (0..np).collect::<Vec<_>>()
    );
    let killed = by_rank[&(np - 1)];
    assert_eq!(
        killed.meta.ending,
        Ending::Running,
        "the SIGKILLed rank cannot say how it ended"
    );
    for r in 0..np - 1 {
        // mpirun stops the survivors with SIGTERM: the recorder flushes then.
        assert_eq!(
            by_rank[&r].meta.ending,
            Ending::Signal,
            "rank {r} (stopped by mpirun)"
        );
    }

    let out = dir.join("kill.otf2");
    let c = convert_raw(&trace, &out, &[]);
    c.assert_ok("recorder2otf2 on the killed job");
    assert!(!c.stderr.contains("panicked"), "{}", c.stderr);
    for p in &procs {
        let warned = c
            .stderr
            .lines()
            .any(|l| l.contains("warning") && l.contains(&p.name) && l.contains("did not finish"));
        let rank = p.meta.rank.unwrap();
        if p.meta.ending == Ending::Running {
            assert!(
                warned,
                "no warning for rank {rank} ({}):\n{}",
                p.name, c.stderr
            );
            assert!(
                c.stderr.contains(&format!("rank {rank} (")),
                "the warning names the rank:\n{}",
                c.stderr
            );
        } else {
            assert!(
                !warned,
                "rank {rank} finished ({:?}) but is reported:\n{}",
                p.meta.ending, c.stderr
            );
        }
    }
    let a = check(&out);
    assert_eq!(a.location_groups.len() as u64, np);
    for g in &a.location_groups {
        assert!(g.name.starts_with(&format!("rank {} (", g.id)), "{g:?}");
    }
    let file = format!("{}/kill.dat", data.to_string_lossy());
    for (&rank, p) in &by_rank {
        // What survives: the records of the complete chunks.
        let (records, chunks) = p
            .streams()
            .iter()
            .map(|s| complete_chunk_records(s))
            .fold((0, 0), |x, y| (x.0 + y.0, x.1 + y.1));
        let calls: Vec<Call> = a
            .calls_of("MPI_File_write_at")
            .into_iter()
            .filter(|c| c.group == rank)
            .collect();
        let enters = a
            .events()
            .filter(|e| e.group == rank && e.ty == "Enter")
            .count() as u64;
        eprintln!(
            "rank {rank} ({}, ending {:?}): {records} records in {chunks} complete chunks, \
             {enters} calls and {} MPI_File_write_at in the archive",
            p.name,
            p.meta.ending,
            calls.len()
        );
        // Event records (the fd_created of the pipes Open MPI makes) have no Enter.
        let calls_in_chunks: u64 = p
            .streams()
            .iter()
            .map(|s| complete_chunk_calls(s, &p.meta.functions))
            .sum();
        assert_eq!(
            enters, calls_in_chunks,
            "rank {rank}: calls in the archive vs call records in complete chunks"
        );
        let (n, offset0, stride) = wrote[&rank];
        assert_eq!((n, offset0, stride), (50, rank * 64, np * 64));
        if p.meta.ending == Ending::Running {
            // Complete up to its last flushed chunk: a prefix of its writes.
            assert!(
                calls.len() as u64 <= n,
                "rank {rank}: {} writes",
                calls.len()
            );
        } else {
            assert_eq!(calls.len() as u64, n, "rank {rank}: all its writes survive");
        }
        for (i, c) in calls.iter().enumerate() {
            let b = c.of_type("IoOperationBegin");
            assert_eq!(b.len(), 1, "rank {rank} write {i}");
            assert_eq!(b[0].file.as_deref(), Some(file.as_str()));
            assert_eq!(b[0].bytes_request, Some(64));
            assert_eq!(
                b[0].attr("Offset"),
                Some(offset0 + i as u64 * stride),
                "rank {rank} write {i}"
            );
            assert_eq!(c.of_type("IoOperationComplete").len(), 1);
        }
    }
}

// ------------------------------------------------------------------------------ 6. serial

#[test]
fn serial_program_linked_to_mpi_without_init() {
    need_mpirun!();
    let dir = TestDir::new("mpi-serial");
    let prog = compile_mpi(&dir, "mpi_serial.c", &[]);
    let trace = dir.join("trace");
    let r = run_traced_ok(&prog, &dir, &trace, &[]);
    assert_eq!(r.stdout, "initialized=0 wrote=300\n");
    let procs = processes(&trace);
    assert_eq!(procs.len(), 1, "{procs:#?}");
    let m = &procs[0].meta;
    assert_eq!(m.rank, None);
    assert_eq!(m.world_size, None);
    assert!(m.clock_offsets.is_empty(), "{:?}", m.clock_offsets);
    assert_eq!(m.ending, Ending::Exit);
    let a = convert_and_check(&trace, &dir.join("serial.otf2"));
    assert_eq!(a.location_groups.len(), 1);
    assert!(
        !a.location_groups[0].name.starts_with("rank "),
        "{:?}",
        a.location_groups
    );
    assert!(
        a.groups.is_empty(),
        "MPI groups in a serial trace: {:?}",
        a.groups
    );
    assert!(
        a.comms.is_empty(),
        "communicators in a serial trace: {:?}",
        a.comms
    );
    let mpi_regions: Vec<String> = region_names(&a)
        .into_iter()
        .filter(|n| n.starts_with("MPI_"))
        .collect();
    assert!(mpi_regions.is_empty(), "{mpi_regions:?}");
    assert!(a
        .handles
        .iter()
        .all(|h| h.paradigm.as_deref() != Some("MPI-IO")));
    let f = format!("{}/serial.dat", dir.str());
    assert_eq!(
        op_tuples(&a.ops_on(&f)),
        [
            op("write", "WRITE", 100, 100, Some(0)),
            op("write", "WRITE", 100, 100, Some(100)),
            op("write", "WRITE", 100, 100, Some(200)),
        ]
    );
}

// ------------------------------------------------------------------- 7. threads, communicators

/// MPI_THREAD_MULTIPLE, four threads per rank, 200 communicators: exact counts per function,
/// every MPI-IO request matched, non-I/O waits not recorded, the file's comm is the world's
/// member list (the 200th dup of MPI_COMM_WORLD).
#[test]
fn thread_multiple_and_many_communicators() {
    need_mpirun!();
    let dir = TestDir::new("mpi-threads");
    let prog = compile_mpi(&dir, "mpi_threads.c", &["-pthread"]);
    let trace = dir.join("trace");
    let np = 2u32;
    let data = dir.join("threads.dat");
    let r = run(mpirun(np, dir.path(), &trace, &[]).arg(&prog).arg(&data));
    r.assert_ok("mpi_threads");
    assert_eq!(r.stdout, "provided 3\n");
    let procs = processes(&trace);
    assert_eq!(procs.len(), np as usize);
    for p in &procs {
        assert_eq!(p.count("MPI_File_write_at"), 800, "{}", p.name);
        assert_eq!(p.count("MPI_File_iwrite_at"), 200, "{}", p.name);
        assert_eq!(p.count("io_request_done"), 200, "{}", p.name);
        // Only the waits on MPI-IO requests (half of thread 0's): not the 600 on sends.
        assert_eq!(p.count("MPI_Wait"), 100, "{}", p.name);
        assert_eq!(
            p.count("MPI_Test"),
            100 + p.count("io_request_test"),
            "{}: every test but the successful ones found its request in flight",
            p.name
        );
        assert_eq!(p.count("MPI_File_open"), 1);
    }
    let a = convert_and_check(&trace, &dir.join("threads.otf2"));
    assert_eq!(a.location_groups.len(), np as usize);
    let f = data.to_string_lossy().to_string();
    let ops = a.ops_on(&f);
    // 800 + 200 per rank on the MPI-IO handle, plus the POSIX operations under them.
    let mpi_ops = ops.iter().filter(|o| o.paradigm == "MPI-IO").count();
    assert_eq!(mpi_ops, 2000, "MPI-IO operations on {f}");
    let h = a
        .handles
        .iter()
        .find(|h| h.paradigm.as_deref() == Some("MPI-IO") && h.file.as_deref() == Some(f.as_str()))
        .expect("an MPI-IO handle for the file");
    assert_eq!(h.comm.as_deref(), Some("MPI_COMM_WORLD"), "{h:?}");
}

/// Two `mpirun` jobs (2 ranks each) writing into one trace directory, a write job then a read
/// job (mpi_jobs.c): each job keeps its ranks. The location groups are "job 1 rank 0",
/// "job 1 rank 1", "job 2 rank 0", "job 2 rank 1" (ids 0..3), each with its own MPI-IO
/// operation; each job has its MPI_COMM_WORLD; the second job's events come after the first
/// job's (clocks aligned per job); `summary --json` lists four ranks with their jobs.
#[test]
fn two_jobs_in_one_trace_directory_keep_their_ranks() {
    need_mpirun!();
    let dir = TestDir::new("mpi-jobs");
    let prog = compile_mpi(&dir, "mpi_jobs.c", &[]);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    for mode in ["write", "read"] {
        let r = run(mpirun(2, dir.path(), &trace, &[])
            .arg(&prog)
            .arg(&data)
            .arg(mode));
        r.assert_ok(&format!("mpirun -np 2 mpi_jobs {mode}"));
        assert_eq!(r.stdout.matches(" ok\n").count(), 2, "{}", r.stdout);
    }
    let procs = processes(&trace);
    let jobs: BTreeSet<String> = procs
        .iter()
        .map(|p| {
            p.meta
                .job
                .clone()
                .unwrap_or_else(|| panic!("{}: no job", p.name))
        })
        .collect();
    assert_eq!(jobs.len(), 2, "two job ids in meta.yaml: {jobs:?}");
    let out = dir.join("out.otf2");
    let a = convert_and_check(&trace, &out);
    let mut p = Problems::default();
    let groups: Vec<(u64, String)> = a
        .location_groups
        .iter()
        .map(|g| (g.id, g.name.split(" (").next().unwrap_or("").to_string()))
        .collect();
    let want: Vec<(u64, String)> = [
        "job 1 rank 0",
        "job 1 rank 1",
        "job 2 rank 0",
        "job 2 rank 1",
    ]
    .iter()
    .enumerate()
    .map(|(i, n)| (i as u64, n.to_string()))
    .collect();
    p.check(groups == want, || {
        format!("location groups {groups:?}, want {want:?}")
    });
    // otf2-print shows the same four groups.
    let printed = run(command("otf2-print", Path::new("/")).arg("-G").arg(&out));
    printed.assert_ok("otf2-print -G");
    let lines: Vec<&str> = printed
        .stdout
        .lines()
        .filter(|l| l.starts_with("LOCATION_GROUP"))
        .collect();
    for (_, name) in &want {
        p.check(
            lines
                .iter()
                .filter(|l| l.contains(&format!("\"{name} (")))
                .count()
                == 1,
            || format!("otf2-print -G: no single group {name:?} in {lines:#?}"),
        );
    }
    // Each rank of each job: its own MPI-IO operation of 64 bytes, written by job 1 and
    // read by job 2, at offset rank * 64.
    let jobs_dat = data.join("jobs.dat").to_string_lossy().into_owned();
    let mut ops: Vec<(u64, String, u64, Option<u64>)> = a
        .ops_on(&jobs_dat)
        .into_iter()
        .filter(|o| o.paradigm == "MPI-IO")
        .map(|o| (o.group, o.mode, o.bytes_result, o.offset))
        .collect();
    ops.sort();
    let want_ops: Vec<(u64, String, u64, Option<u64>)> = (0..4u64)
        .map(|g| {
            let mode = if g < 2 { "WRITE" } else { "READ" };
            (g, mode.to_string(), 64, Some((g % 2) * 64))
        })
        .collect();
    p.check(ops == want_ops, || {
        format!("MPI-IO operations {ops:?}, want {want_ops:?}")
    });
    // Each job's MPI_COMM_WORLD, of its own two ranks.
    let worlds: Vec<(String, Vec<u64>)> = a
        .comms
        .iter()
        .filter(|c| c.name.starts_with("MPI_COMM_WORLD"))
        .map(|c| (c.name.clone(), a.comm_members(c.id)))
        .collect();
    p.check(
        worlds
            == vec![
                ("MPI_COMM_WORLD (job 1)".to_string(), vec![0, 1]),
                ("MPI_COMM_WORLD (job 2)".to_string(), vec![2, 3]),
            ],
        || format!("world communicators {worlds:?}"),
    );
    // Clocks per job: the read job ran after the write job.
    let span = |g: u64| -> (u64, u64) {
        let t: Vec<u64> = a
            .events()
            .filter(|e| e.group == g)
            .map(|e| e.time)
            .collect();
        (*t.iter().min().unwrap_or(&0), *t.iter().max().unwrap_or(&0))
    };
    let (end1, start2) = (span(0).1.max(span(1).1), span(2).0.min(span(3).0));
    p.check(end1 < start2, || {
        format!("job 1 ends at {end1}, job 2 starts at {start2}: not in launch order")
    });
    // summary --json: four ranks with their job, and the file touched by all four.
    let mut c = command(&build().launcher, dir.path());
    let s = run(c.args(["summary", "-q", "--json"]).arg(&trace));
    s.assert_ok("recorder-otf2 summary --json");
    let v: serde_json::Value = serde_json::from_str(&s.stdout).expect("summary JSON");
    let mut ranks: Vec<(u64, u64, u64)> = v["ranks"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| {
            Some((
                r["job"].as_u64()?,
                r["rank"].as_u64()?,
                r["read_bytes"].as_u64()? + r["write_bytes"].as_u64()?,
            ))
        })
        .collect();
    ranks.sort();
    p.check(v["mpi_ranks"] == 4, || {
        format!("mpi_ranks {}", v["mpi_ranks"])
    });
    p.check(
        ranks.iter().map(|r| (r.0, r.1)).collect::<Vec<_>>() == [(1, 0), (1, 1), (2, 0), (2, 1)]
            && ranks.iter().all(|r| r.2 >= 64),
        || format!("summary ranks (job, rank, bytes) {ranks:?}"),
    );
    let file_ranks = v["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["path"] == jobs_dat.as_str() && f["layer"] == "MPI-IO")
        .map(|f| f["ranks"].clone());
    p.check(file_ranks == Some(serde_json::json!([0, 1, 2, 3])), || {
        format!("summary ranks of jobs.dat {file_ranks:?} (rank slots of both jobs)")
    });
    p.finish("two mpirun jobs");
}

/// An operation through a strided MPI view (tests/programs/strided_view.c) keeps its first
/// byte as `Offset` and carries its number of ranges and its span as attributes.
#[test]
fn strided_view_ops_carry_ranges_and_span() {
    if !have_mpirun() {
        eprintln!("skipped: mpirun not found on PATH");
        return;
    }
    let np = 2u64;
    let (dir, trace, _) = trace_strided_view("mpi-strided-view", np as u32);
    let a = convert_and_check(&trace, &dir.join("view.otf2"));
    let mut want: Vec<Vec<(u64, u64, u64)>> = (0..np)
        .map(|rank| {
            let acc = strided_view_account(rank, np);
            let op = |r: &Vec<(u64, u64)>| {
                let (first, (at, len)) = (r[0].0, *r.last().unwrap());
                (first, r.len() as u64, at + len - first)
            };
            acc.writes.iter().chain(&acc.reads).map(op).collect()
        })
        .collect();
    let mut got: Vec<Vec<(u64, u64, u64)>> = a
        .locations
        .iter()
        .map(|l| {
            l.events
                .iter()
                .filter(|e| e.ty == "IoOperationBegin")
                .filter_map(|e| {
                    let n = e.attr("MPI view ranges")?;
                    Some((
                        e.attr("Offset").unwrap(),
                        n,
                        e.attr("MPI view span").unwrap(),
                    ))
                })
                .collect::<Vec<_>>()
        })
        .filter(|v| !v.is_empty())
        .collect();
    want.sort();
    got.sort();
    assert_eq!(got, want);
}
