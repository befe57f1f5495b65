//! `replay`: re-issue the recorded I/O of a trace, at the POSIX layer, on files mapped under a
//! folder (`--into DIR`: the recorded path `/a/b` becomes `DIR/a/b`), with synthetic data.
//!
//! What is replayed: every successful POSIX call that is the outermost POSIX call of its
//! stack (so the POSIX calls an MPI-IO or HDF5 call made are replayed too, those of the
//! program's own POSIX calls that the C library made inside them are not, as they were not
//! traced), on the files kept by `--only`: open/openat/creat, close, read/write and their
//! positioned and vector forms (one buffer of the same total size), lseek, fsync/fdatasync,
//! ftruncate, dup/dup2/dup3 (all as dup: the recorded target numbers are not free here),
//! unlink, mkdir, rmdir; calls of other functions are skipped and counted ([`skips`] says
//! which, and `compare` leaves them out alike). Descriptors are mapped from the recorded
//! ones to those the replay gets; a call on a descriptor the replay did not open (stdout, an
//! inherited one, a file left out) is skipped and counted. Each process of the trace is
//! replayed on a thread of its own, its threads' calls in the order they began.
//!
//! A transfer moves the bytes the original moved, not those it asked for: a short write or
//! read replays short, and a damaged record's request is cut to its result (both counted,
//! see [`Trimmed`]). Files the program read without creating them are made first under
//! DIR, as long as its reads went (zeros), unless they exist there.
//!
//! The API: [`replay`] with its [`Options`], [`Timing`] and [`Totals`], [`text`] and
//! [`layered_text`] (what it did, as printed), [`prepare_files`], [`recorded_map`]; the
//! plans that `recorder-otf2-replay-mpi` carries out ([`mpiio`], [`hdf5`], [`pnetcdf`],
//! [`order`]); and [`compare`] (two traces, e.g. a replay against its original).

pub use error::Error;

use definitions::GlobalDefs;
use io_events::codec::Record;
use io_events::functions::{mpi_amode, Func, Kind, Layer, FUNCTIONS};
use io_model::kinds::OpMode;
use io_model::resolve::{resolve_process, Call, Consumer, Op};
use io_model::run::Plan;
use io_model::trace::Trace;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How the gaps between calls are kept.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Timing {
    /// None: each call right after the previous one.
    Asap,
    /// The recorded gaps times a factor (1: the original pacing).
    Scaled(f64),
}

/// The largest F of `--timing scaled:F`: a replay lasts at most this many times the
/// original run (1e300 slept forever).
pub const MAX_TIMING_FACTOR: f64 = 1000.0;

/// Sleep `d`, in slices, returning early once a signal was received: a long gap of a
/// scaled replay does not hold off SIGINT.
pub fn pause(d: Duration) {
    let end = Instant::now() + d;
    while io_model::interrupt::received().is_none() {
        let Some(left) = end.checked_duration_since(Instant::now()) else {
            return;
        };
        std::thread::sleep(left.min(Duration::from_millis(100)));
    }
}

/// `--timing`: asap, original, or scaled:F (0 <= F <= [`MAX_TIMING_FACTOR`]).
pub fn parse_timing(s: &str) -> Result<Timing, Error> {
    match s {
        "asap" => Ok(Timing::Asap),
        "original" => Ok(Timing::Scaled(1.0)),
        _ => match s
            .strip_prefix("scaled:")
            .and_then(|f| f.parse::<f64>().ok())
        {
            Some(f) if (0.0..=MAX_TIMING_FACTOR).contains(&f) => Ok(Timing::Scaled(f)),
            _ => Err(Error::BadTiming(s.to_string())),
        },
    }
}

/// `--timing`'s argument for `t` (as [`parse_timing`] reads it).
pub fn timing_arg(t: Timing) -> String {
    match t {
        Timing::Asap => "asap".to_string(),
        Timing::Scaled(f) => format!("scaled:{f}"),
    }
}

/// What to replay.
#[derive(Clone, Debug)]
pub struct Options {
    pub into: PathBuf,
    /// Only files under these recorded prefixes; empty: all.
    pub only: Vec<String>,
    pub timing: Timing,
    /// The files to read were made already (`prepare_files`, before a recorded replay).
    pub files_made: bool,
}

pub mod compare;
mod error;
mod fork;
pub mod hdf5;
pub mod json;
pub mod mpiio;
pub mod order;
pub mod pnetcdf;
pub mod skips;
mod stdio;
mod trim;
pub use stdio::LineEnds;
pub use trim::Trimmed;

/// One POSIX call to re-issue.
#[derive(Clone, Debug)]
pub struct ReplayCall {
    pub t0: u64,
    pub t1: u64,
    thread: usize,
    id: u64,
    func: u16,
    fields: Vec<u64>,
    /// The paths of its File fields (recorded names), by field index.
    paths: Vec<(usize, String)>,
    /// The outermost call of its stack (a step of every replay).
    outer: bool,
}

/// A transfer of an outermost POSIX or ISO C call, as [`order::Access`] takes it.
struct Moved {
    file: u32,
    write: bool,
    at_offset: bool,
    start: u64,
    len: u64,
    /// (thread, id) of the outermost call; when the transfer ended.
    root: (usize, u64),
    end: u64,
}

/// Collects a process's POSIX and ISO C calls, how far its reads went into each file and
/// where its line reads ended.
#[derive(Default)]
struct Collector {
    calls: Vec<ReplayCall>,
    /// MPI_File_open calls: not replayed here, but the files they open are made first.
    lib_opens: Vec<ReplayCall>,
    /// Global file id -> end of the furthest read.
    read_end: HashMap<u32, u64>,
    /// getdelim's delimiter by (thread, call id).
    delims: HashMap<(usize, u64), u8>,
    /// Line reads: (global file id, offset of the byte the read ended on, thread, call id).
    line_reads: Vec<(u32, u64, usize, u64)>,
    /// Transfers of outermost POSIX and ISO C calls (when `order`: the trace has more than
    /// one process).
    moved: Vec<Moved>,
    order: bool,
    /// Transfers set to the bytes the original moved.
    trimmed: Trimmed,
}

impl ReplayCall {
    /// A call as the replay keeps it (its paths filled by [`ReplayCall::find_paths`]).
    pub(crate) fn new(c: &Call, r: &Record) -> ReplayCall {
        let n = FUNCTIONS[c.func as usize].nfields();
        ReplayCall {
            t0: c.t0,
            t1: c.t1,
            thread: c.thread,
            id: c.id,
            func: c.func,
            fields: r.fields[..n.min(r.fields.len())].to_vec(),
            paths: Vec::new(),
            outer: c.root == c.id,
        }
    }
    /// The recorded names of its File fields, from the process's definitions.
    pub(crate) fn find_paths(&mut self, p: &io_model::trace::ProcessTrace) {
        let info = &FUNCTIONS[self.func as usize];
        for (i, (_, kind)) in info.args.iter().enumerate() {
            if *kind == Kind::File {
                if let Some(f) = self.fields.get(i).and_then(|&v| p.file(v)) {
                    self.paths.push((i, f.path.clone()));
                }
            }
        }
    }
}

impl Collector {
    /// A transfer for the order between processes (see [`Moved`]).
    fn note_moved(&mut self, o: &Op) {
        let outer = matches!(
            FUNCTIONS[o.root_func as usize].layer,
            Layer::Posix | Layer::Isoc
        );
        let write = match o.mode {
            OpMode::Read => Some(false),
            OpMode::Write => Some(true),
            OpMode::Flush => None,
        };
        let at_offset = matches!(
            func(o.call_func),
            Func::read | Func::write | Func::readv | Func::writev
        );
        // The offset of a descriptor shared with another process is not known (they move it
        // both): such a transfer orders by its descriptor only (no range).
        if let (true, Layer::Posix, Some(file), Some(write), true) = (
            outer,
            o.layer,
            o.file,
            write,
            o.offset.is_some() || at_offset,
        ) {
            self.moved.push(Moved {
                file,
                write,
                at_offset,
                start: o.offset.unwrap_or(0),
                len: o.offset.map_or(0, |_| o.bytes_done),
                root: (o.thread, o.root),
                end: o.t1,
            });
        }
    }
}

impl Consumer for Collector {
    fn call(&mut self, c: &Call, r: &Record) {
        if c.nested_in_layer || c.failed {
            return;
        }
        if c.layer == Layer::Posix || stdio::is_stream_call(c.func) {
            let mut call = ReplayCall::new(c, r);
            call.as_moved(&mut self.trimmed);
            self.calls.push(call);
            if func(c.func) == Func::getdelim {
                self.delims.insert((c.thread, c.id), r.fields[1] as u8);
            }
        } else if func(c.func) == Func::MPI_File_open {
            self.lib_opens.push(ReplayCall::new(c, r));
        }
    }
    fn op(&mut self, o: &Op) {
        note_read_end(&mut self.read_end, o);
        if self.order {
            self.note_moved(o);
        }
        let line_read = stdio::line_read_delim(func(o.call_func), 0);
        if let (Some(_), Some(f), Some(off), true) = (line_read, o.file, o.offset, o.bytes_done > 0)
        {
            let end = off.saturating_add(o.bytes_done - 1);
            self.line_reads.push((f, end, o.thread, o.call));
        }
    }
}

/// How far a read went into its file (global file id -> end of the furthest read): as far
/// as it moved bytes, as the replay reads what the original read (see [`Trimmed`]).
fn note_read_end(read_end: &mut HashMap<u32, u64>, o: &Op) {
    if let (OpMode::Read, Some(f), Some(off)) = (o.mode, o.file, o.offset) {
        let end = read_end.entry(f).or_default();
        *end = (*end).max(off.saturating_add(o.bytes_done));
    }
}

/// One recorded process, ready to replay.
struct ProcessPlan {
    name: String,
    rank: Option<u32>,
    calls: Vec<ReplayCall>,
    lib_opens: Vec<ReplayCall>,
    /// Its trace folder, the folder of the process it was forked from, when it started
    /// (aligned ns).
    dir: String,
    forked_from: Option<String>,
    start: u64,
    pid: u32,
}

/// What the replay did (and what the original did in the same calls).
#[derive(Debug, Default, Clone)]
pub struct Totals {
    pub calls: u64,
    pub skipped: u64,
    pub failed: u64,
    pub bytes_read: u64,
    pub bytes_written: u64,
    pub orig_bytes_read: u64,
    pub orig_bytes_written: u64,
    /// Time in the calls: replayed, recorded (ns).
    pub ns: u64,
    pub orig_ns: u64,
}

impl Totals {
    /// The fields in one order, to move between ranks.
    pub fn to_array(&self) -> [u64; 9] {
        [
            self.calls,
            self.skipped,
            self.failed,
            self.bytes_read,
            self.bytes_written,
            self.orig_bytes_read,
            self.orig_bytes_written,
            self.ns,
            self.orig_ns,
        ]
    }
    pub fn from_array(a: &[u64; 9]) -> Totals {
        let [calls, skipped, failed, bytes_read, bytes_written, orig_bytes_read, orig_bytes_written, ns, orig_ns] =
            *a;
        Totals {
            calls,
            skipped,
            failed,
            bytes_read,
            bytes_written,
            orig_bytes_read,
            orig_bytes_written,
            ns,
            orig_ns,
        }
    }
    pub fn add(&mut self, o: &Totals) {
        self.calls += o.calls;
        self.skipped += o.skipped;
        self.failed += o.failed;
        self.bytes_read += o.bytes_read;
        self.bytes_written += o.bytes_written;
        self.orig_bytes_read += o.orig_bytes_read;
        self.orig_bytes_written += o.orig_bytes_written;
        self.ns += o.ns;
        self.orig_ns += o.orig_ns;
    }
}

/// The replay's report.
#[derive(Debug, Default)]
pub struct Report {
    pub per_process: Vec<(String, Totals)>,
    pub total: Totals,
    pub wall: Duration,
    pub warnings: Vec<String>,
}

/// A recorded path under DIR, or None when it is not one the replay may touch (relative,
/// `..`, not under `--only`).
pub fn mapped(path: &str, opts: &Options) -> Option<PathBuf> {
    if !path.starts_with('/') || path.split('/').any(|c| c == "..") {
        return None;
    }
    if !opts.only.is_empty() && !opts.only.iter().any(|p| path.starts_with(p.as_str())) {
        return None;
    }
    Some(opts.into.join(path.trim_start_matches('/')))
}

/// What [`prepare`] read: per-process call lists, warnings, the line reads' ends, the order
/// between processes (process = index in `procs`).
struct Prepared {
    procs: Vec<ProcessPlan>,
    warnings: Vec<String>,
    line_ends: LineEnds,
    waits: Vec<order::Wait>,
}

/// Read the trace into per-process call lists; make the files it reads under DIR.
fn prepare(trace: &Trace, opts: &Options) -> Result<Prepared, Error> {
    let mut plan = Plan::new(trace);
    // One process (and what it forked) is replayed on this thread (see `replay`): read its
    // trace on this thread too, so that this process never has a second one.
    plan.decode_threads = roots(trace) > 1;
    let mut out = Vec::new();
    let mut warnings = Vec::new();
    let mut read_end: BTreeMap<String, u64> = BTreeMap::new();
    let mut line_ends = LineEnds::new();
    let (mut uses, mut moved) = (Vec::new(), Vec::new());
    // File names as numbers for the order between processes (one per name in the trace).
    let mut file_ids: HashMap<String, u32> = HashMap::new();
    // An extrapolated trace's times are estimates: they order nothing.
    let extrapolated =
        (trace.processes.iter()).any(|p| p.meta.recorder_version.ends_with("(extrapolate)"));
    let order = plan.order.len() > 1 && !extrapolated;
    let mut trimmed = Trimmed::default();
    for &pi in &plan.order {
        let p = &trace.processes[pi];
        let check = &mut |_| Ok(io_model::interrupt::check()?);
        let collector = Collector {
            order,
            ..Collector::default()
        };
        let (mut c, defs, stats) = resolve_process(trace, &plan, pi, collector, check)?;
        warnings.extend(stats.warnings);
        trimmed.add(&c.trimmed);
        moved.extend(accesses(&c, &defs, out.len() as u32, opts, &mut file_ids));
        for (&f, &end) in &c.read_end {
            let e = read_end
                .entry(defs.files[f as usize].name.clone())
                .or_default();
            *e = (*e).max(end);
        }
        for &(f, at, thread, id) in &c.line_reads {
            let delim = c.delims.get(&(thread, id)).copied().unwrap_or(b'\n');
            let name = defs.files[f as usize].name.clone();
            line_ends.entry(name).or_default().push((at, delim));
        }
        for call in c.calls.iter_mut().chain(&mut c.lib_opens) {
            call.find_paths(p);
        }
        c.calls.sort_by_key(|k| (k.t0, k.thread, k.id));
        if order {
            uses.extend(path_uses(&c, out.len() as u32, opts));
        }
        let rank = plan.rank(pi, p);
        let name = match rank {
            Some(r) => format!("rank {r}"),
            None => format!("process {}", out.len()),
        };
        out.push(ProcessPlan {
            name,
            rank,
            calls: c.calls,
            lib_opens: c.lib_opens,
            dir: p.dir.name.clone(),
            forked_from: p.meta.forked_from.clone(),
            start: plan.clocks.map(pi, p).at(0),
            pid: p.meta.pid,
        });
    }
    warnings.extend(trimmed.warnings());
    stdio::finish_line_ends(&mut line_ends);
    if !opts.files_made {
        make_read_files(&out, &read_end, &line_ends, opts)?;
    }
    Ok(Prepared {
        warnings,
        line_ends,
        waits: match order {
            true => order::waits(&uses, &moved, &fork::families(&out)),
            false => Vec::new(),
        },
        procs: out,
    })
}

/// The processes of `trace` that no other process of it forked.
fn roots(trace: &Trace) -> usize {
    let dirs: HashSet<&str> = trace
        .processes
        .iter()
        .map(|p| p.dir.name.as_str())
        .collect();
    let forked = |p: &io_model::trace::ProcessTrace| {
        (p.meta.forked_from.as_deref()).is_some_and(|f| f != p.dir.name && dirs.contains(f))
    };
    trace.processes.iter().filter(|p| !forked(p)).count()
}

/// A process's transfers in outermost POSIX and ISO C calls on replayed files, each at the
/// start of its outermost call.
fn accesses(
    c: &Collector,
    defs: &GlobalDefs,
    proc: u32,
    opts: &Options,
    ids: &mut HashMap<String, u32>,
) -> Vec<order::Access> {
    if c.moved.is_empty() {
        return Vec::new();
    }
    let began: HashMap<(usize, u64), u64> =
        c.calls.iter().map(|k| ((k.thread, k.id), k.t0)).collect();
    c.moved
        .iter()
        .filter_map(|m| {
            let name = &defs.files[m.file as usize].name;
            mapped(name, opts)?;
            let next = ids.len() as u32;
            let file = match ids.get(name) {
                Some(&id) => id,
                None => *ids.entry(name.clone()).or_insert(next),
            };
            Some(order::Access {
                proc,
                file,
                write: m.write,
                at_offset: m.at_offset,
                start: m.start,
                len: m.len,
                step: *began.get(&m.root)?,
                end: m.end,
            })
        })
        .collect()
}

/// The replayed paths a process's outermost POSIX and ISO C calls named (opens, stat,
/// unlink ...). Not MPI_File_open: a wait before a collective, or on one, could hold up a
/// rank that the collective needs.
fn path_uses(c: &Collector, proc: u32, opts: &Options) -> Vec<order::PathUse> {
    (c.calls.iter().filter(|k| k.outer))
        .flat_map(|k| {
            let creates = open_creates(k).unwrap_or(false);
            let replayed = k.paths.iter().filter(|(_, p)| mapped(p, opts).is_some());
            replayed.map(move |(_, path)| order::PathUse {
                proc,
                path: path.clone(),
                creates,
                t0: k.t0,
                t1: k.t1,
            })
        })
        .collect()
}

/// Make, under `opts.into`, the folders and the files the trace reads without creating them
/// (what `replay` does first): for a replay under the recorder, done before it starts so
/// that the replay's trace holds only the replayed calls.
/// Returns the order between the ranks of an MPI trace (`order::Wait` with ranks for
/// processes; waits of processes that are not ranks left out).
pub fn prepare_files(trace: &Trace, opts: &Options) -> Result<Vec<order::Wait>, Error> {
    if !opts.files_made {
        std::fs::create_dir_all(&opts.into).map_err(Error::io(&opts.into))?;
    }
    let p = prepare(trace, opts)?;
    let rank = |i: u32| p.procs[i as usize].rank;
    Ok(p.waits
        .iter()
        .filter_map(|w| {
            Some(order::Wait {
                dst: rank(w.dst)?,
                src: rank(w.src)?,
                ..*w
            })
        })
        .collect())
}

/// The table's function of a recorded id (ids index the table, as [`FUNCTIONS`] does).
pub(crate) fn func(id: u16) -> Func {
    Func::ALL[id as usize]
}

/// Whether an open creates its file when missing (None: not an open).
fn open_creates(c: &ReplayCall) -> Option<bool> {
    Some(match func(c.func) {
        Func::MPI_File_open => c.fields[2] & mpi_amode::CREATE != 0,
        Func::open | Func::open64 => c.fields[1] & libc::O_CREAT as u64 != 0,
        Func::openat => c.fields[2] & libc::O_CREAT as u64 != 0,
        Func::fopen | Func::fopen64 | Func::freopen | Func::freopen64 => {
            c.fields[1] & libc::O_CREAT as u64 != 0
        }
        Func::creat | Func::creat64 => true,
        _ => return None,
    })
}

/// Files whose first open (in time, any process; POSIX or MPI-IO) has no O_CREAT
/// (MPI_MODE_CREATE): made under DIR as long as the reads need, when missing; every
/// replayed file's folder made.
fn make_read_files(
    procs: &[ProcessPlan],
    read_end: &BTreeMap<String, u64>,
    line_ends: &LineEnds,
    opts: &Options,
) -> Result<(), Error> {
    let mut first_open: BTreeMap<&str, (u64, bool)> = BTreeMap::new();
    for p in procs {
        for c in p.calls.iter().chain(&p.lib_opens) {
            let (Some(creates), Some((_, path))) = (open_creates(c), c.paths.first()) else {
                continue;
            };
            let e = first_open.entry(path).or_insert((c.t0, creates));
            if c.t0 < e.0 {
                *e = (c.t0, creates);
            }
        }
    }
    for (path, (_, creates)) in first_open {
        let Some(target) = mapped(path, opts) else {
            continue;
        };
        if let Some(dir) = target.parent() {
            std::fs::create_dir_all(dir).map_err(Error::io(dir))?;
        }
        if !creates && !target.exists() {
            let f = std::fs::File::create(&target).map_err(Error::io(&target))?;
            let len = read_end.get(path).copied().unwrap_or(0);
            f.set_len(len).map_err(Error::io(&target))?;
            for &(at, byte) in line_ends.get(path).into_iter().flatten() {
                std::os::unix::fs::FileExt::write_at(&f, &[byte], at)
                    .map_err(Error::io(&target))?;
            }
        }
    }
    Ok(())
}

/// How a POSIX transfer is re-issued: read or write, at the descriptor's offset or an
/// explicit one (the vector forms move one buffer of their total size), and where its
/// fields are.
#[derive(Clone, Copy)]
struct TransferForm {
    write: bool,
    fd: usize,
    count: usize,
    offset: Option<usize>,
}

/// Per function of the table, its transfer form (None: not a transfer), found once: the
/// replay's dispatch costs no name comparisons per call.
fn transfer_forms() -> &'static [Option<TransferForm>] {
    static FORMS: std::sync::OnceLock<Vec<Option<TransferForm>>> = std::sync::OnceLock::new();
    FORMS.get_or_init(|| Func::ALL.iter().map(|&f| transfer_form(f)).collect())
}

fn transfer_form(f: Func) -> Option<TransferForm> {
    // (write, positioned, vector)
    let (write, positioned, vector) = match f {
        Func::read => (false, false, false),
        Func::readv => (false, false, true),
        Func::write => (true, false, false),
        Func::writev => (true, false, true),
        Func::pread | Func::pread64 => (false, true, false),
        Func::preadv => (false, true, true),
        Func::pwrite | Func::pwrite64 => (true, true, false),
        Func::pwritev => (true, true, true),
        _ => return None,
    };
    let info = f.info();
    let at = |name: &str| info.args.iter().position(|(n, _)| *n == name);
    let count = if vector { "bytes" } else { "count" };
    Some(TransferForm {
        write,
        fd: at("fd")?,
        count: at(count)?,
        offset: if positioned {
            Some(at("offset")?)
        } else {
            None
        },
    })
}

/// A transfer's buffer (see `Replayer::buffer`).
struct Buffer {
    ptr: *mut libc::c_void,
    len: usize,
    mapped: bool,
}

impl Drop for Buffer {
    fn drop(&mut self) {
        if self.mapped {
            // SAFETY: the mapping made in `Replayer::buffer`, no longer used.
            unsafe { libc::munmap(self.ptr, self.len) };
        }
    }
}

/// Replays one process's POSIX calls.
pub struct Replayer<'a> {
    opts: &'a Options,
    /// Recorded fd -> live fd.
    fds: hashbrown::HashMap<i64, i32>,
    streams: stdio::Streams,
    /// The line reads' ends per file, and those of the files open on live descriptors.
    line_ends: &'a LineEnds,
    line_ends_of: hashbrown::HashMap<i32, &'a [(u64, u8)]>,
    /// The data written (the filler byte, line ends placed for a call and taken out after)
    /// and the place reads go (so that what they read never reaches a write).
    buf: Vec<u8>,
    read_buf: Vec<u8>,
    /// What was done; its time in calls is `in_calls`' (see [`Replayer::totals`]).
    pub totals: Totals,
    in_calls: CallClock,
}

/// Time in the replayed calls, read from the CPU's time-stamp counter (a few ns a read,
/// against some 20 for clock_gettime: a million one-byte calls a second make that the
/// replay's own cost) and turned into ns by the wall clock over the same span.
struct CallClock {
    start: Instant,
    tick0: u64,
    ticks: u64,
}

impl CallClock {
    fn new() -> CallClock {
        CallClock {
            start: Instant::now(),
            tick0: tick(),
            ticks: 0,
        }
    }
    /// The ticks counted, in ns.
    fn ns(&self) -> u64 {
        let (ns, ticks) = (
            self.start.elapsed().as_nanos(),
            tick().wrapping_sub(self.tick0),
        );
        (self.ticks as u128 * ns / (ticks as u128).max(1)) as u64
    }
}

/// The time-stamp counter (x86-64), or ns of the monotonic clock elsewhere.
#[inline]
fn tick() -> u64 {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: rdtsc has no preconditions.
    return unsafe { core::arch::x86_64::_rdtsc() };
    #[cfg(not(target_arch = "x86_64"))]
    {
        use std::sync::OnceLock;
        static BASE: OnceLock<Instant> = OnceLock::new();
        BASE.get_or_init(Instant::now).elapsed().as_nanos() as u64
    }
}

/// No line ends (a replay that reads no lines).
static NO_LINE_ENDS: LineEnds = BTreeMap::new();

impl<'a> Replayer<'a> {
    pub fn new(opts: &'a Options) -> Replayer<'a> {
        Replayer {
            opts,
            fds: hashbrown::HashMap::new(),
            streams: stdio::Streams::default(),
            line_ends: &NO_LINE_ENDS,
            line_ends_of: hashbrown::HashMap::new(),
            buf: Vec::new(),
            read_buf: Vec::new(),
            totals: Totals::default(),
            in_calls: CallClock::new(),
        }
    }

    /// Writes put `ends` into the data, so that line reads stop where the original's did.
    pub fn with_line_ends(mut self, ends: &'a LineEnds) -> Replayer<'a> {
        self.line_ends = ends;
        self
    }

    fn field(&self, c: &ReplayCall, name: &str) -> u64 {
        let info = &FUNCTIONS[c.func as usize];
        let i = info.args.iter().position(|(n, _)| *n == name);
        i.and_then(|i| c.fields.get(i).copied()).unwrap_or(0)
    }
    fn ret(&self, c: &ReplayCall) -> u64 {
        c.fields.last().copied().unwrap_or(0)
    }
    fn path(&self, c: &ReplayCall) -> Option<CString> {
        let (_, p) = c.paths.first()?;
        let target = mapped(p, self.opts)?;
        CString::new(target.as_os_str().as_bytes()).ok()
    }
    fn live(&self, c: &ReplayCall, name: &str) -> Option<i32> {
        self.fds.get(&(self.field(c, name) as i64)).copied()
    }
    /// A buffer of `n` bytes: kept and reused up to 64 MiB; larger ones (as large as Linux
    /// moves in one call, 0x7ffff000 bytes) are mapped for the call and unmapped after, so a
    /// write commits no memory (the pages are the zero page) and a damaged trace's huge
    /// count costs nothing.
    fn buffer(&mut self, n: u64, read: bool) -> Option<Buffer> {
        const KEPT: u64 = 64 << 20;
        const MAX_IO: u64 = 0x7fff_f000;
        if n <= KEPT {
            let buf = if read {
                &mut self.read_buf
            } else {
                &mut self.buf
            };
            if buf.len() < n as usize {
                buf.resize(n as usize, b'r');
            }
            return Some(Buffer {
                ptr: buf.as_mut_ptr().cast(),
                len: n as usize,
                mapped: false,
            });
        }
        let len = n.min(MAX_IO) as usize;
        let flags = libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE;
        // SAFETY: a fresh anonymous mapping, unmapped by Buffer's drop.
        let ptr = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                flags,
                -1,
                0,
            )
        };
        (ptr != libc::MAP_FAILED).then_some(Buffer {
            ptr,
            len,
            mapped: true,
        })
    }

    /// Re-issue `c`; false when it was skipped.
    pub fn issue(&mut self, c: &ReplayCall) -> bool {
        // What is not re-issued on purpose, as `compare` leaves it out (see `skips`).
        if !skips::reissued(func(c.func)) {
            return false;
        }
        let r = match transfer_forms()[c.func as usize] {
            Some(form) => self.transfer(c, form),
            None => self.issue_other(c, func(c.func)),
        };
        match r {
            None => false,
            Some(r) => {
                self.totals.failed += (r < 0) as u64;
                true
            }
        }
    }

    fn issue_other(&mut self, c: &ReplayCall, f: Func) -> Option<i64> {
        match f {
            Func::open | Func::open64 | Func::openat | Func::creat | Func::creat64 => {
                self.open(c, f)
            }
            Func::close => self.close(c),
            Func::lseek
            | Func::lseek64
            | Func::fsync
            | Func::fdatasync
            | Func::ftruncate
            | Func::ftruncate64
            | Func::dup
            | Func::dup2
            | Func::dup3
            | Func::flock
            | Func::fstat
            | Func::fstat64 => self.on_fd(c, f),
            Func::unlink
            | Func::rmdir
            | Func::mkdir
            | Func::stat
            | Func::stat64
            | Func::lstat
            | Func::lstat64
            | Func::access => self.on_path(c, f),
            _ if stdio::is_stream_call(c.func) => self.stdio(c, f),
            _ => None,
        }
    }

    /// open, openat, creat: the live descriptor mapped from the recorded one.
    fn open(&mut self, c: &ReplayCall, f: Func) -> Option<i64> {
        let path = self.path(c)?;
        let (flags, mode) = match f {
            Func::creat | Func::creat64 => (
                libc::O_CREAT | libc::O_WRONLY | libc::O_TRUNC,
                self.field(c, "mode"),
            ),
            _ => (self.field(c, "flags") as i32, self.field(c, "mode")),
        };
        // SAFETY: a NUL-terminated path under DIR.
        let fd = unsafe { libc::open(path.as_ptr(), flags, mode as libc::c_uint) };
        self.map_fd(c, fd);
        self.note_file(fd, c.paths.first().map(|(_, p)| p.as_str()));
        Some(fd as i64)
    }

    /// Map the recorded result of `c` to the live `fd` (closing one it replaces).
    fn map_fd(&mut self, c: &ReplayCall, fd: i32) {
        if fd >= 0 {
            if let Some(old) = self.fds.insert(self.ret(c) as i64, fd) {
                // SAFETY: a descriptor this replay opened and no longer maps.
                unsafe { libc::close(old) };
            }
        }
    }

    fn close(&mut self, c: &ReplayCall) -> Option<i64> {
        let fd = self.fds.remove(&(self.field(c, "fd") as i64))?;
        self.line_ends_of.remove(&fd);
        // SAFETY: a descriptor this replay opened.
        Some(unsafe { libc::close(fd) } as i64)
    }

    /// A read or write (vector forms as one buffer of the same total size).
    fn transfer(&mut self, c: &ReplayCall, form: TransferForm) -> Option<i64> {
        let field = |i: usize| c.fields.get(i).copied().unwrap_or(0);
        let fd = *self.fds.get(&(field(form.fd) as i64))?;
        let n = field(form.count);
        let buf = self.buffer(n, !form.write)?;
        let off = form.offset.map_or(0, field) as libc::off_t;
        let (ptr, len) = (buf.ptr, buf.len);
        let lines = !self.line_ends_of.is_empty() && self.line_ends_of.contains_key(&fd);
        let placed = match (form.write, lines) {
            (true, true) => {
                let at = match form.offset {
                    Some(_) => off,
                    // SAFETY: a descriptor this replay opened.
                    None => unsafe { libc::lseek(fd, 0, libc::SEEK_CUR) },
                };
                self.place_line_ends(fd, at, ptr.cast(), len)
            }
            _ => Vec::new(),
        };
        // SAFETY: a descriptor this replay opened and a buffer of `len` bytes.
        let done = unsafe {
            match (form.write, form.offset.is_some()) {
                (false, false) => libc::read(fd, ptr, len),
                (true, false) => libc::write(fd, ptr, len),
                (false, true) => libc::pread(fd, ptr, len, off),
                (true, true) => libc::pwrite(fd, ptr, len, off),
            }
        };
        self.restore(ptr.cast(), &placed);
        if done >= 0 {
            let orig = self.ret(c);
            if !form.write {
                self.totals.bytes_read += done as u64;
                self.totals.orig_bytes_read += orig;
            } else {
                self.totals.bytes_written += done as u64;
                self.totals.orig_bytes_written += orig;
            }
        }
        Some(done as i64)
    }

    /// lseek, fsync, fdatasync, ftruncate, flock (HDF5 locks every file it opens), dup
    /// (dup2/dup3 as dup: their target numbers are the program's, not free here).
    fn on_fd(&mut self, c: &ReplayCall, f: Func) -> Option<i64> {
        let fd = self.live(c, "fd")?;
        // SAFETY: plain system calls on a descriptor this replay opened.
        let r = unsafe {
            match f {
                Func::lseek | Func::lseek64 => libc::lseek(
                    fd,
                    self.field(c, "offset") as libc::off_t,
                    self.field(c, "whence") as i32,
                ),
                Func::fsync => libc::fsync(fd) as i64,
                Func::fdatasync => libc::fdatasync(fd) as i64,
                // Never blocking: a lock the original waited for was released by then.
                Func::flock => libc::flock(fd, self.field(c, "op") as i32 | libc::LOCK_NB) as i64,
                Func::fstat | Func::fstat64 => {
                    let mut st: libc::stat64 = std::mem::zeroed();
                    match f {
                        Func::fstat => libc::fstat(fd, (&raw mut st).cast()) as i64,
                        _ => libc::fstat64(fd, &mut st) as i64,
                    }
                }
                Func::ftruncate | Func::ftruncate64 => {
                    libc::ftruncate(fd, self.field(c, "length") as libc::off_t) as i64
                }
                _ => {
                    let new = libc::dup(fd);
                    self.map_fd(c, new);
                    if let Some(&ends) = self.line_ends_of.get(&fd) {
                        self.line_ends_of.insert(new, ends);
                    }
                    new as i64
                }
            }
        };
        Some(r)
    }

    /// unlink, rmdir, mkdir, stat, lstat, access (each the function the original called:
    /// the replay's trace names it alike).
    fn on_path(&mut self, c: &ReplayCall, f: Func) -> Option<i64> {
        let path = self.path(c)?;
        let p = path.as_ptr();
        // SAFETY: a NUL-terminated path under DIR; `st` large enough for both stat forms.
        let r = unsafe {
            let mut st: libc::stat64 = std::mem::zeroed();
            match f {
                Func::unlink => libc::unlink(p),
                Func::rmdir => libc::rmdir(p),
                Func::stat => libc::stat(p, (&raw mut st).cast()),
                Func::stat64 => libc::stat64(p, &mut st),
                Func::lstat => libc::lstat(p, (&raw mut st).cast()),
                Func::lstat64 => libc::lstat64(p, &mut st),
                Func::access => libc::access(p, self.field(c, "mode") as i32),
                _ => libc::mkdir(path.as_ptr(), self.field(c, "mode") as libc::mode_t),
            }
        };
        Some(r as i64)
    }

    /// With `--timing original|scaled`: wait until the call that began at `t0` is due (the
    /// replay of its process began at `start`, its first call at `first`).
    fn pace(&self, start: Instant, first: u64, t0: u64) {
        if let Timing::Scaled(f) = self.opts.timing {
            let due = Duration::from_nanos((t0.saturating_sub(first) as f64 * f) as u64);
            if let Some(wait) = due.checked_sub(start.elapsed()) {
                pause(wait);
            }
        }
    }

    /// Re-issue `c` and count it (replayed with its time, or skipped).
    pub fn replay_one(&mut self, c: &ReplayCall) {
        let t = tick();
        if self.issue(c) {
            self.totals.calls += 1;
            self.in_calls.ticks += tick().wrapping_sub(t);
            self.totals.orig_ns += c.t1.saturating_sub(c.t0);
        } else {
            self.totals.skipped += 1;
        }
    }

    /// What was done so far, its time in calls in ns.
    pub fn totals(&self) -> Totals {
        Totals {
            ns: self.totals.ns + self.in_calls.ns(),
            ..self.totals.clone()
        }
    }

    /// Start counting again (a forked process's replay).
    pub(crate) fn reset_totals(&mut self) {
        self.totals = Totals::default();
        self.in_calls = CallClock::new();
    }

    /// Close the descriptors the replay left open (as the process's exit did).
    pub fn close_all(&mut self) {
        self.close_streams();
        for (_, fd) in self.fds.drain() {
            // SAFETY: descriptors this replay opened.
            unsafe { libc::close(fd) };
        }
    }
}

/// Replay `trace` as `opts` say; every process on a thread of its own.
pub fn replay(trace: &Trace, opts: &Options) -> Result<Report, Error> {
    if !opts.files_made {
        std::fs::create_dir_all(&opts.into).map_err(Error::io(&opts.into))?;
    }
    let Prepared {
        procs,
        warnings,
        line_ends,
        waits,
    } = prepare(trace, opts)?;
    let line_ends = &line_ends;
    let start = Instant::now();
    // The processes no other forked each on a thread; each forks its children.
    let tree = fork::tree(&procs, waits);
    let rows = fork::SharedTotals::new(procs.len())?;
    rows.forks_pending(&tree);
    tree.roots.iter().for_each(|&i| rows.started(i));
    let run_root = |i: usize| {
        let mut r = Replayer::new(opts).with_line_ends(line_ends);
        r.run_tree(&procs, &tree, i, &rows);
        r.close_all();
    };
    match tree.roots[..] {
        // One process (and what it forks) on this thread, in a process that never had
        // another (see `prepare`): the kernel then takes no reference on a descriptor's file
        // per call, and glibc's wrappers skip the cancellation bookkeeping of threaded
        // processes, as for the single-threaded original (together some 40 ns a call).
        [i] => run_root(i),
        _ => std::thread::scope(|s| {
            for &i in &tree.roots {
                s.spawn(move || run_root(i));
            }
        }),
    }
    let per_process: Vec<(String, Totals)> = (procs.iter().enumerate())
        .map(|(i, p)| (p.name.clone(), rows.get(i)))
        .collect();
    io_model::interrupt::check().map_err(Error::Interrupted)?;
    let mut total = Totals::default();
    per_process.iter().for_each(|(_, t)| total.add(t));
    Ok(Report {
        per_process,
        total,
        wall: start.elapsed(),
        warnings,
    })
}

/// The report as text: per process and in all, against the original.
pub fn text(r: &Report) -> String {
    let mut s = String::from("| process | calls | skipped | failed | bytes read (orig) | bytes written (orig) | time in calls (orig) |\n|---|---|---|---|---|---|---|\n");
    let row = text_row;
    for (name, t) in &r.per_process {
        s += &row(name, t);
    }
    s += &row("all", &r.total);
    s += &format!("replayed in {:.3} s\n", r.wall.as_secs_f64());
    s
}

/// The MPI replay's report as text: per rank and layer (rows of layers with nothing to
/// count left out), then all ranks per layer.
pub fn layered_text(rows: &[(String, Layer, Totals)], wall: Duration) -> String {
    let mut s = String::from("| process | layer | calls | skipped | failed | bytes read (orig) | bytes written (orig) | time in calls (orig) |\n|---|---|---|---|---|---|---|---|\n");
    for (name, layer, t) in rows {
        if t.calls + t.skipped > 0 {
            s += &text_row(&format!("{name} | {}", layer.identification()), t);
        }
    }
    for (layer, t) in &layer_totals(rows) {
        s += &text_row(&format!("all | {}", layer.identification()), t);
    }
    s += &format!("replayed in {:.3} s\n", wall.as_secs_f64());
    s
}

/// All ranks per layer, in the order the layers first count something in `rows`.
fn layer_totals(rows: &[(String, Layer, Totals)]) -> Vec<(Layer, Totals)> {
    let mut all: Vec<(Layer, Totals)> = Vec::new();
    for (_, layer, t) in rows.iter().filter(|(_, _, t)| t.calls + t.skipped > 0) {
        match all.iter_mut().find(|(l, _)| l == layer) {
            Some((_, sum)) => sum.add(t),
            None => all.push((*layer, t.clone())),
        }
    }
    all
}

fn text_row(name: &str, t: &Totals) -> String {
    format!(
        "| {name} | {} | {} | {} | {} ({}) | {} ({}) | {:.3} s ({:.3} s) |\n",
        t.calls,
        t.skipped,
        t.failed,
        t.bytes_read,
        t.orig_bytes_read,
        t.bytes_written,
        t.orig_bytes_written,
        t.ns as f64 / 1e9,
        t.orig_ns as f64 / 1e9
    )
}

/// The file mapping a recorded replay left in its trace (`replay.yaml`: the prefix `from`
/// of the original's names became `to`), if `dir` is such a trace.
pub fn recorded_map(dir: &Path) -> Result<Option<(String, String)>, Error> {
    let file = dir.join("replay.yaml");
    let Ok(text) = std::fs::read_to_string(&file) else {
        return Ok(None);
    };
    let v: serde_yaml::Value = serde_yaml::from_str(&text).map_err(|source| Error::BadMap {
        path: file.clone(),
        source,
    })?;
    match (v["from"].as_str(), v["to"].as_str()) {
        (Some(f), Some(t)) => Ok(Some((f.to_string(), t.to_string()))),
        _ => Err(Error::MapWithoutPrefixes { path: file }),
    }
}

#[cfg(test)]
mod coverage;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_posix_transfer_has_a_form() {
        let form = |name: &str| {
            let i = FUNCTIONS.iter().position(|f| f.name == name).unwrap();
            transfer_forms()[i]
        };
        for name in [
            "read", "write", "readv", "writev", "pread", "pread64", "preadv",
        ] {
            let f = form(name).unwrap_or_else(|| panic!("{name}"));
            assert!(!f.write && name.contains("read") || f.write && name.contains("write"));
            assert_eq!(f.offset.is_some(), name.starts_with('p'), "{name}");
        }
        for name in ["pwrite", "pwrite64", "pwritev"] {
            assert_eq!(
                form(name).unwrap().offset,
                Some(if name.ends_with('v') { 3 } else { 2 })
            );
        }
        assert!(form("lseek").is_none() && form("fread").is_none());
    }
}
