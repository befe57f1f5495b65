//! Process and thread state of the recorder, and the hot path; exit, _exit and exec
//! (`finish`). Set up by `lifecycle` (start-up, fork), which it knows nothing of: the
//! modules above (`files`, the layers) use this one, never the other way.
//!
//! The hot path of a traced call is: check one global flag, load the thread's state from
//! TLS, take two timestamps around the real call, encode the record into the thread's
//! preallocated buffer. No lock, no allocation. Everything else (opening a thread's stream,
//! interning a path, flushing a full chunk, fork/exec/exit) is on slow paths.
//!
//! Re-entrancy: while the recorder does its own work on a thread (`BUSY`), every wrapper
//! passes straight through, so the recorder's own file I/O is never traced. A traced call
//! made inside another traced call (HDF5 -> pwrite) is recorded with depth + 1.

use crate::call_site;
use crate::config::Config;
use crate::fd_table;
use io_events::codec::{PeepholeEncoder, Record, MAX_RECORD_BYTES};
use io_events::defs::Def;
use io_events::functions::{Func, Layer, FUNCTIONS};
use io_events::meta::{ClockAnchor, Ending, ProcessMeta};
use io_events::stream::{chunk_header, Anchor, Clock, StreamHeader, CHUNK_HEADER_LEN};
use parking_lot::Mutex;
use std::cell::Cell;
use std::ffi::CString;
use std::sync::atomic::{
    AtomicBool, AtomicI32, AtomicI64, AtomicU32, AtomicU64, AtomicU8, AtomicUsize, Ordering::*,
};

/// Bit per layer: set while that layer is traced. Zero before start-up finished, after
/// shutdown, and when tracing failed: the single check every wrapper makes first.
pub static LAYERS_ON: AtomicU8 = AtomicU8::new(0);

#[inline(always)]
pub fn layer_bit(l: Layer) -> u8 {
    1 << (l as u8)
}

/// What the recorder is doing on a thread (`Tls::busy`): nothing (the program's calls are
/// recorded), asking an I/O library something (the library layers pass through, the I/O
/// the query causes is recorded), or its own work (every wrapper passes through).
pub const FREE: u8 = 0;
pub const QUERY: u8 = 1;
pub const BUSY: u8 = 2;

/// The level at which a layer's wrappers stop recording: the library layers the recorder
/// queries already at QUERY (never recursion into a wrapper), the layers below at BUSY.
#[inline(always)]
fn silent_at(layer: Layer) -> u8 {
    match layer {
        Layer::Hdf5 | Layer::NetCdf | Layer::PnetCdf | Layer::Adios => QUERY,
        _ => BUSY,
    }
}

/// Per-thread slots, in one TLS block so that the hot path resolves TLS once per call.
struct Tls {
    /// FREE, QUERY or BUSY: what the recorder is doing on this thread.
    busy: Cell<u8>,
    /// The calling thread's state (null until its first traced call).
    state: Cell<*mut ThreadState>,
}

thread_local! {
    static TLS: Tls = const { Tls { busy: Cell::new(FREE), state: Cell::new(std::ptr::null_mut()) } };
}

/// The thread's recorder state pointer.
fn thread_ptr() -> *mut ThreadState {
    TLS.with(|t| t.state.get())
}

fn set_thread_ptr(p: *mut ThreadState) {
    TLS.with(|t| t.state.set(p))
}

pub fn set_busy(b: u8) {
    TLS.with(|t| t.busy.set(b))
}

/// Process-wide state, set once at start-up (and again in a forked child).
pub struct Process {
    pub config: Config,
    /// This process's folder inside the trace directory.
    pub dir: String,
    pub dir_name: String,
    pub start: ClockAnchor,
    pub meta: Mutex<ProcessMeta>,
    /// File descriptor of defs.bin (O_APPEND: one write per entry).
    pub defs_fd: i32,
    /// Lowest fd number the recorder uses for its own files.
    pub fd_base: i32,
    /// The tick clock of the thread streams.
    pub clock: TickSource,
}

static mut PROCESS: *mut Process = std::ptr::null_mut();

/// The process state, once start-up finished.
#[inline(always)]
pub fn process() -> Option<&'static Process> {
    // SAFETY: written only while single-threaded (start-up, fork child) before LAYERS_ON is
    // set, and never freed.
    unsafe { (*std::ptr::addr_of!(PROCESS)).as_ref() }
}

static NEXT_THREAD: AtomicU32 = AtomicU32::new(0);
/// All live thread states, for flushing at exit/exec. Touched only on thread start/end.
static REGISTRY: Mutex<Vec<usize>> = Mutex::new(Vec::new());
/// Call counts of threads that already ended.
static DEAD_COUNTS: Mutex<Vec<u64>> = Mutex::new(Vec::new());
static TOTAL_RECORDS: AtomicU64 = AtomicU64::new(0);
static TOTAL_BYTES: AtomicU64 = AtomicU64::new(0);
static FAILED: AtomicBool = AtomicBool::new(false);
/// Calls a signal handler made while its thread was appending a record: not recorded. An
/// atomic add is all a handler may do here (no lock, no allocation).
static DROPPED_IN_HANDLERS: AtomicU64 = AtomicU64::new(0);
static PTHREAD_KEY: AtomicUsize = AtomicUsize::new(usize::MAX);

/// One thread's recording state.
pub struct ThreadState {
    depth: u32,
    /// The thread's index (its stream file's name).
    index: u32,
    appending: bool,
    /// The stream file, opened for each chunk only (see [`append_to_stream`]).
    path: CString,
    enc: PeepholeEncoder,
    /// CHUNK_HEADER_LEN bytes of room for the header, then records.
    buf: Box<[u8]>,
    /// End of the encoded records in `buf`.
    len: AtomicUsize,
    /// (len << 32 | records) published together after each record, so that an exit-time
    /// flush by another thread sees a consistent pair.
    published: AtomicU64,
    limit: usize,
    fresh: bool,
    base: u64,
    records: u32,
    /// Records appended since the thread started (never reset).
    written: u64,
    seq: u32,
    /// Serialises flushes of this buffer between its owner and an exit-time flush.
    flushing: AtomicBool,
    /// Set when another thread flushed this buffer at exit: the owner records no more.
    sealed: AtomicBool,
    resolution: u64,
    /// ceil(2^64 / resolution), for `ticks`.
    reciprocal: u64,
    /// TSC clock: ticks = (cycles - tsc0) >> shift.
    tsc: bool,
    tsc0: u64,
    shift: u32,
    start_ns: u64,
    pub counts: Box<[u64]>,
    /// Set while a call of a layer whose entry points call each other is being recorded
    /// (ADIOS2: the C API and the C++ API call the core, which is interposed for the
    /// Python bindings): the inner entry points pass through (see [`nest`]).
    nested: bool,
    /// Per-thread path cache of `files` (kept here: one TLS access per call).
    pub path_cache: PathCache,
    /// The frames of the call site of the thread's current (or last) outermost call
    /// (`site[0]` u64::MAX before the first), how many there are, and whether the chunk has
    /// yet to say it: it is written before the next record, and again at the start of
    /// every chunk so that chunks decode alone.
    site: [u64; call_site::MAX_FRAMES],
    site_frames: u8,
    site_unwritten: bool,
    /// The tick before which no new look for objects is made (see `write_site`).
    next_rescan: u64,
}

/// files.rs's per-thread cache: hash of (cwd generation, last-component mode, raw path) ->
/// (raw path, whether the last component was followed, file id).
pub type PathCache = hashbrown::HashMap<u64, (Box<[u8]>, bool, u64)>;

#[inline(always)]
pub fn now_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: valid out-pointer; CLOCK_MONOTONIC always exists on Linux.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// Whether the hot path reads the time-stamp counter instead of CLOCK_MONOTONIC (set at
/// start-up when the TSC is invariant and the kernel itself uses it as its clock source).
static USE_TSC: AtomicBool = AtomicBool::new(false);

/// The raw time of the hot path: TSC cycles, or CLOCK_MONOTONIC ns. A TSC read costs a
/// third of a vDSO clock_gettime here, and a traced call reads the time twice.
#[inline(always)]
pub fn now_raw() -> u64 {
    #[cfg(target_arch = "x86_64")]
    if USE_TSC.load(Relaxed) {
        // SAFETY: rdtsc exists on every x86-64 CPU.
        return unsafe { core::arch::x86_64::_rdtsc() };
    }
    now_ns()
}

/// The process's tick clock: TSC (start count, shift, nominal ns per tick) or monotonic.
#[derive(Clone, Copy, Debug)]
pub struct TickSource {
    pub tsc: bool,
    pub tsc0: u64,
    pub shift: u32,
    pub resolution_ns: u32,
}

/// Decide the clock: the TSC when it is invariant (constant_tsc, nonstop_tsc) and the
/// kernel's clock source, unless RECORDER_OTF2_CLOCK=monotonic. The TSC frequency is
/// measured over 200 us only to pick the shift that makes a tick about `resolution_ns`;
/// the exact conversion comes from the anchors written with every chunk.
pub fn choose_clock(resolution_ns: u32, monotonic: bool) -> TickSource {
    let mono = TickSource {
        tsc: false,
        tsc0: 0,
        shift: 0,
        resolution_ns,
    };
    if monotonic || !cfg!(target_arch = "x86_64") {
        return mono;
    }
    let source =
        std::fs::read_to_string("/sys/devices/system/clocksource/clocksource0/current_clocksource")
            .unwrap_or_default();
    // Only the first CPU's flags line (the file is large on many-core machines).
    let flags = std::fs::File::open("/proc/cpuinfo")
        .ok()
        .and_then(|f| {
            use std::io::BufRead;
            std::io::BufReader::new(f)
                .lines()
                .map_while(Result::ok)
                .find(|l| l.starts_with("flags"))
        })
        .unwrap_or_default();
    let invariant = flags.split_whitespace().any(|f| f == "constant_tsc")
        && flags.split_whitespace().any(|f| f == "nonstop_tsc");
    if source.trim() != "tsc" || !invariant {
        return mono;
    }
    #[cfg(target_arch = "x86_64")]
    {
        let rd = || unsafe { core::arch::x86_64::_rdtsc() };
        let (m0, c0) = (now_ns(), rd());
        let mut m1 = m0;
        while m1 - m0 < 200_000 {
            m1 = now_ns();
        }
        let c1 = rd();
        let ghz = (c1.wrapping_sub(c0)) as f64 / (m1 - m0) as f64;
        if !(0.1..100.0).contains(&ghz) {
            return mono;
        }
        let shift = (resolution_ns as f64 * ghz).log2().round().clamp(0.0, 20.0) as u32;
        let res = ((1u64 << shift) as f64 / ghz).round().max(1.0) as u32;
        return TickSource {
            tsc: true,
            tsc0: 0,
            shift,
            resolution_ns: res,
        };
    }
    #[allow(unreachable_code)]
    mono
}

pub fn realtime_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    unsafe { libc::clock_gettime(libc::CLOCK_REALTIME, &mut ts) };
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// Runs `f` with this thread marked busy (its own libc calls untraced), catching panics so
/// none crosses into the host program.
pub fn busy<R>(f: impl FnOnce() -> R) -> Option<R> {
    let was = TLS.with(|t| t.busy.replace(BUSY));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).ok();
    set_busy(was);
    r
}

/// Start of a traced call: returns the thread state when the call is to be recorded.
#[inline(always)]
pub fn begin(layer: Layer) -> Option<*mut ThreadState> {
    if LAYERS_ON.load(Relaxed) & layer_bit(layer) == 0 {
        return None;
    }
    let (busy, mut ts) = TLS.with(|t| (t.busy.get(), t.state.get()));
    if busy >= silent_at(layer) {
        return None;
    }
    if ts.is_null() {
        ts = thread_init()?;
    }
    // SAFETY: ts is this thread's own state.
    unsafe {
        // Appending (a signal handler's call arriving mid-record): not recorded (the
        // encoder's state is half-updated), but counted: meta.yaml's
        // `dropped_in_signal_handlers`, which the converter reports.
        if (*ts).appending {
            DROPPED_IN_HANDLERS.fetch_add(1, Relaxed);
            return None;
        }
        if (*ts).depth == 0 {
            note_site(&mut *ts);
        }
        (*ts).depth += 1;
    }
    Some(ts)
}

/// An outermost call begins: the program's call site. When it is not the thread's last one,
/// it is kept to be written before the next record (a loop costs the comparison alone; a
/// call left unrecorded, on an excluded path, costs nothing).
#[inline(always)]
fn note_site(t: &mut ThreadState) {
    match call_site::frames() {
        0 => {}
        1 => {
            let pc = call_site::caller();
            if pc != t.site[0] {
                t.site = [0; call_site::MAX_FRAMES];
                t.site[0] = pc;
                t.site_frames = 1;
                t.site_unwritten = true;
            }
        }
        _ => stack_site(t),
    }
}

/// The site as a short stack (RECORDER_OTF2_CALL_STACK > 1: an unwinder's microsecond).
#[cold]
#[inline(never)]
fn stack_site(t: &mut ThreadState) {
    let mut frames = [0u64; call_site::MAX_FRAMES];
    let n = call_site::stack(&mut frames);
    if frames != t.site {
        t.site = frames;
        t.site_frames = n as u8;
        t.site_unwritten = true;
    }
}

/// How long a thread waits before looking for new objects again after a look found none.
const RESCAN_PAUSE_NS: u64 = 10_000_000;

/// Whether a call of `layer` made now on this thread would be recorded by [`begin`] (no
/// side effect: for counting what cannot be recorded).
pub fn would_record(layer: Layer) -> bool {
    layer_on(layer) && TLS.with(|t| t.busy.get()) < silent_at(layer)
}

/// Whether `layer` is on at all (cheap pre-check for wrappers that need work before begin).
#[inline(always)]
pub fn layer_on(layer: Layer) -> bool {
    LAYERS_ON.load(Relaxed) & layer_bit(layer) != 0
}

/// End of a traced call: encode the record. `fields` are the captured fields, return value last.
#[inline(always)]
pub fn end<const N: usize>(
    ts: *mut ThreadState,
    func: Func,
    t0: u64,
    t1: u64,
    errno: i32,
    fields: &[u64; N],
) {
    // SAFETY: ts is this thread's own state, alive until the thread ends.
    let t = unsafe { &mut *ts };
    t.depth -= 1;
    // No TLS here: `appending` keeps a call made by a signal handler during the append from
    // recording into the half-written buffer (the append itself calls nothing that is traced).
    t.appending = true;
    if !t.sealed.load(Relaxed) {
        let start = t.ticks(t0);
        let end = t.ticks(t1);
        let rec = Record::from_array(func.id(), t.depth, start, end, errno as u32, fields);
        t.append(&rec);
        if let Some(c) = t.counts.get_mut(func as usize) {
            *c += 1;
        }
    }
    t.appending = false;
}

/// As [`end`], with the return value given apart from the other fields (the MPI wrappers,
/// whose field lists vary in length).
#[inline(always)]
pub fn end_ret<const N: usize>(
    ts: *mut ThreadState,
    func: Func,
    t0: u64,
    t1: u64,
    errno: i32,
    fields: &[u64; N],
    ret: u64,
) {
    let t = unsafe { &mut *ts };
    t.depth -= 1;
    t.appending = true;
    if !t.sealed.load(Relaxed) {
        let mut rec = Record::from_array(
            func.id(),
            t.depth,
            t.ticks(t0),
            t.ticks(t1),
            errno as u32,
            fields,
        );
        let n = (rec.nfields as usize).min(io_events::functions::MAX_FIELDS - 1);
        rec.fields[n] = ret;
        rec.nfields = n as u8 + 1;
        t.append(&rec);
        if let Some(c) = t.counts.get_mut(func as usize) {
            *c += 1;
        }
    }
    t.appending = false;
}

/// An event record (Role::Event) inside the call in progress on this thread, at time `t`
/// (raw clock): written before the call's own record, one level deeper. `fields` includes
/// the return value slot.
pub fn child<const N: usize>(ts: *mut ThreadState, func: Func, t: u64, fields: &[u64; N]) {
    let th = unsafe { &mut *ts };
    th.appending = true;
    if !th.sealed.load(Relaxed) {
        let tick = th.ticks(t);
        let rec = Record::from_array(func.id(), th.depth, tick, tick, 0, fields);
        th.append(&rec);
        if let Some(c) = th.counts.get_mut(func as usize) {
            *c += 1;
        }
    }
    th.appending = false;
}

/// An event record that belongs before the call in progress (the facts the converter needs
/// to place the call's operation, found out inside it): one tick before `t`, the start the
/// call is then given. At the call's own depth, or nested one level in a top-level call
/// (a depth-0 record would end the call tree on its own); either way the trace reader
/// sorts it before the call.
pub fn before<const N: usize>(ts: *mut ThreadState, func: Func, t: u64, fields: &[u64; N]) {
    let th = unsafe { &mut *ts };
    th.appending = true;
    if !th.sealed.load(Relaxed) {
        let tick = th.ticks(t).saturating_sub(1);
        let depth = if th.depth >= 2 {
            th.depth - 1
        } else {
            th.depth
        };
        let rec = Record::from_array(func.id(), depth, tick, tick, 0, fields);
        th.append(&rec);
        if let Some(c) = th.counts.get_mut(func as usize) {
            *c += 1;
        }
    }
    th.appending = false;
}

/// Mark this thread busy (the recorder's own calls untraced); returns the previous state
/// for [`unquiet`]. No panic catching: for short stretches of plain calls.
#[inline(always)]
pub fn quiet() -> u8 {
    TLS.with(|t| t.busy.replace(BUSY))
}

/// Undo [`quiet`].
#[inline(always)]
pub fn unquiet(was: u8) {
    set_busy(was)
}

/// Run a query of an I/O library (HDF5, NetCDF) made by the recorder: the library's own
/// wrapped calls inside it pass through, but the I/O it causes (a lazily loaded piece of
/// metadata read with pread) is recorded, nested in the call being recorded. The caller
/// moves that call's end time past it ([`written`]).
#[inline(always)]
pub fn query<R>(f: impl FnOnce() -> R) -> R {
    let was = TLS.with(|t| t.busy.replace(QUERY));
    let r = f();
    set_busy(was);
    r
}

/// Records written so far by this thread: a wrapper compares the counts around its
/// queries to see whether they caused I/O that must stay inside the call.
#[inline(always)]
pub fn written(ts: *mut ThreadState) -> u64 {
    // SAFETY: ts is this thread's own state.
    unsafe { (*ts).written }
}

/// Change the process metadata and rewrite meta.yaml (MPI rank, clock offsets).
pub fn update_meta(f: impl FnOnce(&mut ProcessMeta)) {
    if let Some(p) = process() {
        f(&mut p.meta.lock());
        write_meta(p);
    }
}

/// Mark the call begun on `ts` as the outermost of a library whose entry points call each
/// other: false (and the call is to pass through, after [`cancel`]) when such a call is being
/// recorded already. [`unnest`] ends it.
#[inline(always)]
pub fn nest(ts: *mut ThreadState) -> bool {
    // SAFETY: ts is this thread's own state.
    let t = unsafe { &mut *ts };
    !std::mem::replace(&mut t.nested, true)
}

/// End of the outermost call marked by [`nest`].
#[inline(always)]
pub fn unnest(ts: *mut ThreadState) {
    unsafe { (*ts).nested = false };
}

/// Leave a call without recording it (the wrapper decided it is not to be traced after all,
/// e.g. its path is excluded).
#[inline(always)]
pub fn cancel(ts: *mut ThreadState) {
    unsafe { (*ts).depth -= 1 };
}

impl ThreadState {
    /// Nanoseconds since the process start -> ticks. A multiplication by the precomputed
    /// reciprocal instead of a division on every call; monotone in `ns`, and exact for
    /// power-of-two-free resolutions up to rounding of the last tick.
    #[inline(always)]
    fn ticks(&self, raw: u64) -> u64 {
        if self.tsc {
            return raw.saturating_sub(self.tsc0) >> self.shift;
        }
        let d = raw.saturating_sub(self.start_ns);
        if self.resolution == 1 {
            d
        } else {
            ((d as u128 * self.reciprocal as u128) >> 64) as u64
        }
    }

    /// The clock reading written with a chunk.
    fn anchor(&self) -> Anchor {
        let ticks = self.ticks(now_raw());
        Anchor {
            ticks,
            ns: now_ns().saturating_sub(self.start_ns),
        }
    }

    #[inline(always)]
    fn append(&mut self, rec: &Record) {
        // (A loop: the site's record may fill the chunk, and the next one needs it again.)
        while self.site_unwritten {
            self.write_site(rec.start);
        }
        if self.fresh {
            self.fresh = false;
            self.base = rec.start;
            self.enc.reset(rec.start);
        }
        let len = self.len.load(Relaxed);
        let new_len = self.enc.encode(rec, &mut self.buf, len);
        self.records += 1;
        self.written += 1;
        self.len.store(new_len, Relaxed);
        self.published
            .store(((new_len as u64) << 32) | self.records as u64, Release);
        if new_len >= self.limit {
            self.flush();
        }
    }

    /// Write the `call_site` record of the current site at `tick` (and first the objects
    /// mapped since the last ones were written, when the site lies in none of them: a
    /// library loaded with dlopen). Called by `append`, so with `appending` set: a signal
    /// handler's call arriving meanwhile is dropped and counted instead of re-entering the
    /// object lock.
    #[cold]
    #[inline(never)]
    fn write_site(&mut self, tick: u64) {
        self.site_unwritten = false;
        let n = (self.site_frames as usize).min(call_site::MAX_FRAMES);
        let unknown = self.site[..n]
            .iter()
            .any(|&pc| pc != 0 && !call_site::known(pc));
        // Code outside every object (JIT-compiled code, a trampoline) would rescan on every
        // change of site: after a rescan that found nothing new, none for a while.
        if unknown && tick >= self.next_rescan {
            let was = quiet();
            let new = call_site::new_objects();
            for d in &new {
                write_def(d);
            }
            unquiet(was);
            if new.is_empty() {
                self.next_rescan = tick + RESCAN_PAUSE_NS / self.resolution.max(1);
            }
        }
        let mut fields = [0u64; call_site::MAX_FRAMES + 1];
        fields[..call_site::MAX_FRAMES].copy_from_slice(&self.site);
        fields[call_site::MAX_FRAMES] = n as u64;
        let rec = Record::from_array(Func::call_site.id(), 0, tick, tick, 0, &fields);
        self.append(&rec);
        if let Some(c) = self.counts.get_mut(Func::call_site as usize) {
            *c += 1;
        }
    }

    /// Write the buffered records as one chunk. Called by the owner; an exit-time flush by
    /// another thread goes through `flush_foreign`.
    fn flush(&mut self) {
        if self.flushing.swap(true, Acquire) {
            return;
        }
        if !self.sealed.load(Relaxed) {
            let len = self.len.load(Relaxed);
            if len > CHUNK_HEADER_LEN {
                let anchor = self.anchor();
                write_chunk(
                    (&self.path, self.index),
                    &mut self.buf,
                    len,
                    self.records,
                    self.base,
                    self.seq,
                    anchor,
                );
                self.seq += 1;
            }
            self.len.store(CHUNK_HEADER_LEN, Relaxed);
            self.published
                .store((CHUNK_HEADER_LEN as u64) << 32, Release);
            self.records = 0;
            self.fresh = true;
            self.site_unwritten = self.site_frames > 0;
        }
        self.flushing.store(false, Release);
    }
}

/// Frame `buf[CHUNK_HEADER_LEN..len]` with its header and write it with one system call
/// (raw syscalls: never traced, never interposed). `stream`: its file and thread index.
fn write_chunk(
    (path, index): (&CString, u32),
    buf: &mut [u8],
    len: usize,
    records: u32,
    base: u64,
    seq: u32,
    anchor: Anchor,
) {
    let h = chunk_header(&buf[CHUNK_HEADER_LEN..len], records, base, seq, anchor);
    buf[..CHUNK_HEADER_LEN].copy_from_slice(&h);
    if let Err(e) = append_to_stream(path, &buf[..len]) {
        let file =
            process().map(|p| format!("{}/{}", p.dir, io_events::layout::thread_file(index)));
        fail_with("cannot write the trace", e, file.as_deref());
    } else {
        TOTAL_RECORDS.fetch_add(records as u64, Relaxed);
        TOTAL_BYTES.fetch_add(len as u64, Relaxed);
    }
}

/// Append a chunk to a thread's stream, opened for this write only. A descriptor held per
/// thread for the whole run would cost the program one of its RLIMIT_NOFILE descriptors
/// per thread; opening costs three more system calls per chunk (openat, the fcntl that
/// moves it to a high number, close: microseconds, once per chunk, and a 1 MiB chunk
/// holds some 250,000 calls). At its limit the soft limit is raised for the open only (see
/// [`open_own_c`]). defs.bin stays open: definitions are written one at a time (one per
/// new file), where an open each would cost a file-creating program much more.
fn append_to_stream(path: &CString, b: &[u8]) -> Result<(), i32> {
    let fd = open_own_c(path, libc::O_WRONLY | libc::O_APPEND)?;
    // A descriptor the program closed and reused as defs.bin's number: not ours to write.
    if process().is_some_and(|p| p.defs_fd == fd) {
        unsafe { libc::syscall(libc::SYS_close, fd) };
        return Err(libc::EBADF);
    }
    let r = write_all(fd, b);
    close_own(fd);
    r
}

/// Close one of the recorder's own transient descriptors: its number is the program's again
/// before it is closed (a close loop of the program at that moment closes nothing of its own).
fn close_own(fd: i32) {
    fd_table::set_fd(fd, fd_table::UNTRACKED);
    unsafe { libc::syscall(libc::SYS_close, fd) };
}

/// write(2) the whole slice with raw system calls.
pub fn write_all(fd: i32, mut b: &[u8]) -> Result<(), i32> {
    while !b.is_empty() {
        let n = unsafe { libc::syscall(libc::SYS_write, fd, b.as_ptr(), b.len()) };
        if n < 0 {
            let e = errno();
            if e == libc::EINTR {
                continue;
            }
            return Err(e);
        }
        b = &b[n as usize..];
    }
    Ok(())
}

#[inline(always)]
pub fn errno() -> i32 {
    unsafe { *libc::__errno_location() }
}

#[inline(always)]
pub fn set_errno(e: i32) {
    unsafe { *libc::__errno_location() = e }
}

/// Open one of the recorder's own files: O_CLOEXEC, moved to a high fd number so it stays
/// out of the program's way. Raw syscalls: never traced.
pub fn open_own(path: &str, flags: i32) -> Result<i32, i32> {
    let c = CString::new(path).map_err(|_| libc::EINVAL)?;
    open_own_c(&c, flags)
}

/// As [`open_own`] with a C path (no allocation). A program using every descriptor its soft
/// limit allows (EMFILE) gets the soft limit raised by one for this open only, when the hard
/// limit allows: the recorder's file then takes no number the program could have had.
pub fn open_own_c(c: &CString, flags: i32) -> Result<i32, i32> {
    match open_raw(c, flags) {
        Err(libc::EMFILE) => {
            let mut rl = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            // SAFETY: plain calls with a valid structure.
            unsafe {
                if libc::getrlimit(libc::RLIMIT_NOFILE, &mut rl) != 0 || rl.rlim_cur >= rl.rlim_max
                {
                    return Err(libc::EMFILE);
                }
                let wider = libc::rlimit {
                    rlim_cur: rl.rlim_cur + 1,
                    rlim_max: rl.rlim_max,
                };
                libc::setrlimit(libc::RLIMIT_NOFILE, &wider);
                let r = open_raw(c, flags);
                libc::setrlimit(libc::RLIMIT_NOFILE, &rl);
                r
            }
        }
        r => r,
    }
}

fn open_raw(c: &CString, flags: i32) -> Result<i32, i32> {
    let fd = unsafe {
        libc::syscall(
            libc::SYS_openat,
            libc::AT_FDCWD,
            c.as_ptr(),
            // Owner only, whatever the umask: file names and command lines of someone's job.
            // O_NOFOLLOW: never write through a link (the folder is ours and 0700 anyway).
            flags | libc::O_CLOEXEC | libc::O_NOFOLLOW,
            0o600,
        )
    } as i32;
    if fd < 0 {
        return Err(errno());
    }
    let base = process().map(|p| p.fd_base).unwrap_or_else(fd_base);
    let high = unsafe { libc::syscall(libc::SYS_fcntl, fd, libc::F_DUPFD_CLOEXEC, base) } as i32;
    let fd = if high >= 0 {
        unsafe { libc::syscall(libc::SYS_close, fd) };
        high
    } else {
        fd
    };
    // Programs that close every descriptor (daemons, close_range loops) must not close ours.
    fd_table::set_fd(fd, fd_table::OWN);
    Ok(fd)
}

/// Where the recorder's own fds start: high in the soft limit.
pub fn fd_base() -> i32 {
    let mut rl = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut rl) };
    let cur = rl.rlim_cur.min(1 << 20) as i32;
    if cur >= 1024 {
        cur - 256
    } else {
        (cur / 2).max(3)
    }
}

/// Tracing cannot go on: say so once on stderr, record why, and let the program run untraced.
pub fn fail(why: &str) {
    fail_with(why, errno(), None)
}

/// As [`fail`] for error `err` (an errno value), writing `file` when known: meta.yaml gets
/// `ending: failed` and `failure: "<error> writing <file>"` at once (best effort: on a full
/// disk it is rewritten in its own blocks), so that the converter reports the failure
/// instead of a kill. Runs with the thread busy (it may come from a traced call's flush).
pub fn fail_with(why: &str, err: i32, file: Option<&str>) {
    LAYERS_ON.store(0, SeqCst);
    if FAILED.swap(true, SeqCst) {
        return;
    }
    busy(|| {
        let e = std::io::Error::from_raw_os_error(err);
        let dir = process().map(|p| p.dir.as_str()).unwrap_or("?");
        let msg = match file {
            Some(f) => {
                format!("recorder-otf2: {why}: {e} writing {f}; the program continues untraced\n")
            }
            None => format!("recorder-otf2: {why} in {dir}: {e}; the program continues untraced\n"),
        };
        let _ = write_all(2, msg.as_bytes());
        if let Some(p) = process() {
            {
                let mut m = p.meta.lock();
                m.ending = Ending::Failed;
                m.failure = Some(match file {
                    Some(f) => format!("{e} writing {f}"),
                    None => format!("{why}: {e}"),
                });
            }
            write_meta(p);
        }
    });
}

/// Append a local definition to defs.bin (one write: atomic with O_APPEND).
pub fn write_def(def: &Def) {
    if let Some(p) = process() {
        let mut v = Vec::with_capacity(64);
        def.encode(&mut v);
        if let Err(e) = write_all(p.defs_fd, &v) {
            let file = format!("{}/{}", p.dir, io_events::layout::DEFS_FILE);
            fail_with("cannot write definitions", e, Some(&file));
        }
    }
}

/// First traced call on this thread: open its stream.
#[cold]
fn thread_init() -> Option<*mut ThreadState> {
    let p = process()?;
    busy(|| {
        let index = NEXT_THREAD.fetch_add(1, Relaxed);
        let path = format!("{}/{}", p.dir, io_events::layout::thread_file(index));
        let c_path = cstring(&path);
        let fd = match open_own_c(&c_path, libc::O_WRONLY | libc::O_CREAT | libc::O_TRUNC) {
            Ok(fd) => fd,
            Err(e) => {
                set_errno(e);
                fail("cannot create a thread stream");
                return None;
            }
        };
        // A program that closed the recorder's descriptors (a close loop, close_range) freed
        // their numbers, and the new stream may have got one of them: writing on would put
        // one file's data into another.
        if fd == p.defs_fd {
            unsafe { libc::syscall(libc::SYS_close, fd) };
            let _ = std::fs::remove_file(&path);
            set_errno(libc::EBADF);
            fail("the program closed the recorder's files");
            return None;
        }
        let tid = unsafe { libc::syscall(libc::SYS_gettid) } as u64;
        let header = StreamHeader {
            clock: if p.clock.tsc {
                Clock::Tsc
            } else {
                Clock::Monotonic
            },
            tsc_shift: p.clock.shift as u8,
            version: io_events::FORMAT_VERSION,
            resolution_ns: p.clock.resolution_ns,
            window: p.config.window as u16,
            tid,
            thread_index: index,
        };
        let written = write_all(fd, &header.to_bytes());
        close_own(fd);
        if let Err(e) = written {
            fail_with("cannot write a thread stream", e, Some(&path));
            return None;
        }
        write_def(&Def::Thread { index, tid });
        let cap = CHUNK_HEADER_LEN + p.config.buffer_size + MAX_RECORD_BYTES;
        let ts = Box::new(ThreadState {
            depth: 0,
            index,
            appending: false,
            path: c_path,
            enc: PeepholeEncoder::new(p.config.window, 0),
            buf: vec![0u8; cap].into_boxed_slice(),
            len: AtomicUsize::new(CHUNK_HEADER_LEN),
            published: AtomicU64::new((CHUNK_HEADER_LEN as u64) << 32),
            limit: CHUNK_HEADER_LEN + p.config.buffer_size,
            fresh: true,
            base: 0,
            records: 0,
            written: 0,
            seq: 0,
            flushing: AtomicBool::new(false),
            sealed: AtomicBool::new(false),
            resolution: p.config.time_resolution_ns as u64,
            reciprocal: (u64::MAX / p.config.time_resolution_ns.max(1) as u64).saturating_add(1),
            tsc: p.clock.tsc,
            tsc0: p.clock.tsc0,
            shift: p.clock.shift,
            start_ns: p.start.monotonic_ns,
            counts: vec![0u64; FUNCTIONS.len()].into_boxed_slice(),
            nested: false,
            path_cache: Default::default(),
            site: [u64::MAX; call_site::MAX_FRAMES],
            site_frames: 0,
            site_unwritten: false,
            next_rescan: 0,
        });
        let raw = Box::into_raw(ts);
        set_thread_ptr(raw);
        {
            let mut r = REGISTRY.lock();
            r.push(raw as usize);
        }
        let key = PTHREAD_KEY.load(Relaxed);
        if key != usize::MAX {
            unsafe {
                libc::pthread_setspecific(key as libc::pthread_key_t, raw as *const libc::c_void)
            };
        }
        Some(raw)
    })
    .flatten()
}

/// pthread key destructor: a thread ends; flush and free its state.
extern "C" fn thread_exit(ptr: *mut libc::c_void) {
    let raw = ptr as *mut ThreadState;
    if raw.is_null() {
        return;
    }
    busy(|| {
        let mut r = REGISTRY.lock();
        // Only a registered state is ours to free (a forked child forgets its parent's).
        let Some(pos) = r.iter().position(|&x| x == raw as usize) else {
            return;
        };
        r.swap_remove(pos);
        drop(r);
        let t = unsafe { &mut *raw };
        t.flush();
        add_dead_counts(&t.counts);
        set_thread_ptr(std::ptr::null_mut());
        drop(unsafe { Box::from_raw(raw) });
    });
}

fn add_dead_counts(c: &[u64]) {
    {
        let mut d = DEAD_COUNTS.lock();
        if d.len() < c.len() {
            d.resize(c.len(), 0);
        }
        for (a, b) in d.iter_mut().zip(c) {
            *a += *b;
        }
    }
}

/// A C string of a Rust string (interior NULs dropped).
pub fn cstring(s: &str) -> CString {
    CString::new(s.replace('\0', "")).unwrap_or_default()
}

/// Start-up (`lifecycle`): the thread key whose destructor flushes and frees a thread's
/// state when the thread ends.
pub fn init_thread_key() {
    let mut key: libc::pthread_key_t = 0;
    // SAFETY: a valid key slot and a destructor with the signature pthread expects.
    if unsafe { libc::pthread_key_create(&mut key, Some(thread_exit)) } == 0 {
        PTHREAD_KEY.store(key as usize, SeqCst);
    }
}

/// Start-up (`lifecycle`): make `process` the process state, create its definitions file
/// and write its metadata. None when tracing cannot go on (`fail` said why).
pub fn start(process: Process, defs_path: &str) -> Option<&'static Process> {
    let raw = Box::into_raw(Box::new(process));
    // SAFETY: start-up and fork child are single-threaded; see `process`.
    unsafe { *std::ptr::addr_of_mut!(PROCESS) = raw };
    // SAFETY: just leaked; no other thread sees it before the layers are switched on.
    let p = unsafe { &mut *raw };
    match open_own(
        defs_path,
        libc::O_WRONLY | libc::O_CREAT | libc::O_TRUNC | libc::O_APPEND,
    ) {
        Ok(fd) => p.defs_fd = fd,
        Err(e) => {
            set_errno(e);
            fail("cannot create the definitions file");
            return None;
        }
    }
    if write_all(p.defs_fd, &io_events::defs::defs_header()).is_err() {
        fail("cannot write the definitions file");
        return None;
    }
    write_meta(p);
    Some(p)
}

/// The end of start-up: the `layers` (bits of [`layer_bit`]) are traced from now on,
/// unless tracing failed meanwhile.
pub fn switch_on(p: &Process, layers: u8) {
    USE_TSC.store(p.clock.tsc, SeqCst);
    if !FAILED.load(SeqCst) {
        LAYERS_ON.store(layers, SeqCst);
    }
}

/// Start-up, once set up: flush the trace on the signals that stop a job, and learn the
/// status the process exits with.
pub fn watch_exit() {
    install_signal_flush();
    // SAFETY: a plain function with the signature on_exit expects, no argument.
    unsafe { on_exit(on_exit_status, std::ptr::null_mut()) };
}

/// Before fork: hold every lock of the runtime so that no other thread is half-way through
/// an update the child would inherit (and so that no lock is copied into the child held).
pub fn lock_for_fork() {
    std::mem::forget(REGISTRY.lock());
    std::mem::forget(DEAD_COUNTS.lock());
    if let Some(p) = process() {
        std::mem::forget(p.meta.lock());
    }
}

/// After fork, in parent and child: release what [`lock_for_fork`] holds.
pub fn unlock_after_fork() {
    // SAFETY: each was locked (and its guard forgotten) in lock_for_fork on this thread.
    unsafe {
        REGISTRY.force_unlock();
        DEAD_COUNTS.force_unlock();
        if let Some(p) = process() {
            p.meta.force_unlock();
        }
    }
}

/// In a fork child: stop tracing, forget the parent's threads and totals and close its
/// definitions file. The thread stays busy until the child's own state is set up.
pub fn forget_parent(parent: &Process) {
    LAYERS_ON.store(0, SeqCst);
    set_busy(BUSY);
    // Forget the parent's threads: they do not exist here.
    {
        let mut r = REGISTRY.lock();
        r.clear();
    }
    {
        let mut d = DEAD_COUNTS.lock();
        d.clear();
    }
    set_thread_ptr(std::ptr::null_mut());
    NEXT_THREAD.store(0, SeqCst);
    TOTAL_RECORDS.store(0, SeqCst);
    TOTAL_BYTES.store(0, SeqCst);
    DROPPED_IN_HANDLERS.store(0, SeqCst);
    FAILED.store(false, SeqCst);
    FINISHED.store(false, SeqCst);
    // SAFETY: a raw close of the recorder's own descriptor (never traced).
    unsafe { libc::syscall(libc::SYS_close, parent.defs_fd) };
}

fn write_meta(p: &Process) {
    let m = p.meta.lock();
    let text = m.to_yaml();
    drop(m);
    let tmp = format!("{}/.{}.tmp", p.dir, io_events::layout::META_FILE);
    let fin = format!("{}/{}", p.dir, io_events::layout::META_FILE);
    let ok = write_private(&tmp, text.as_bytes()).and_then(|_| std::fs::rename(&tmp, &fin));
    if ok.is_err() {
        let _ = std::fs::remove_file(&tmp);
        if overwrite_in_place(&fin, text.as_bytes()).is_err() {
            fail("cannot write process metadata");
        }
    }
}

/// Create (or truncate) a file 0600 without following a link, and write it.
pub fn write_private(path: &str, b: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(path)?
        .write_all(b)
}

/// A full disk has no block for a new meta.yaml, but the existing one's blocks can be
/// written again: only when the text fits in them (a failure is then still recorded).
fn overwrite_in_place(path: &str, b: &[u8]) -> std::io::Result<()> {
    use std::os::unix::fs::{FileExt, MetadataExt, OpenOptionsExt};
    let f = std::fs::OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(path)?;
    let m = f.metadata()?;
    if b.len() as u64 > m.len().max(m.blocks() * 512) {
        return Err(std::io::Error::from_raw_os_error(libc::ENOSPC));
    }
    f.write_all_at(b, 0)?;
    f.set_len(b.len() as u64)
}

/// Signals whose default action ends the process and which job launchers send to stop a
/// job (mpirun sends SIGTERM to the surviving ranks when one dies, then SIGKILL a second
/// later; Slurm does the same at the time limit).
const FLUSH_SIGNALS: [libc::c_int; 3] = [libc::SIGTERM, libc::SIGINT, libc::SIGHUP];

/// Install a handler that flushes the trace on FLUSH_SIGNALS, only for those the program
/// left at their default action (a program that handles them itself replaces it anyway).
/// The handler flushes, restores the default action and raises the signal again, so the
/// program ends exactly as it would have.
fn install_signal_flush() {
    if !process().is_some_and(|p| p.config.signals) {
        return;
    }
    for sig in FLUSH_SIGNALS {
        // SAFETY: plain sigaction calls with valid structures.
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(sig, std::ptr::null(), &mut old) != 0
                || old.sa_sigaction != libc::SIG_DFL
            {
                continue;
            }
            let mut act: libc::sigaction = std::mem::zeroed();
            act.sa_sigaction = on_stop_signal as *const () as usize;
            act.sa_flags = libc::SA_RESETHAND;
            libc::sigemptyset(&mut act.sa_mask);
            libc::sigaction(sig, &act, std::ptr::null_mut());
        }
    }
}

extern "C" fn on_stop_signal(sig: libc::c_int) {
    // Only once, and never while this thread is inside the recorder (its state may be
    // half-updated): then the signal just takes its default action.
    let in_recorder = TLS.with(|t| t.busy.get()) != FREE;
    if !in_recorder && !FINISHED.load(SeqCst) && !SIGNAL_FLUSHING.swap(true, SeqCst) {
        if let Some(p) = process() {
            // Locks another thread may hold while interrupted are only tried.
            if p.meta.try_lock().is_some()
                && REGISTRY.try_lock().is_some()
                && DEAD_COUNTS.try_lock().is_some()
            {
                STOP_SIGNAL.store(sig, SeqCst);
                finish(Ending::Signal);
            }
        }
    }
    // SAFETY: restore the default action (SA_RESETHAND did already) and deliver again.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        libc::raise(sig);
    }
}

static SIGNAL_FLUSHING: AtomicBool = AtomicBool::new(false);
/// The signal `finish(Ending::Signal)` records (0: none).
static STOP_SIGNAL: AtomicI32 = AtomicI32::new(0);

/// Whether this is the process the state was set up for: false in a vfork-like child that
/// shares our memory without having gone through the fork handlers.
pub fn own_process() -> bool {
    process().is_some_and(|p| p.meta.lock().pid == std::process::id())
}

extern "C" {
    /// glibc: run `f(status, arg)` at exit, with exit's status (or main's return value).
    fn on_exit(
        f: extern "C" fn(libc::c_int, *mut libc::c_void),
        arg: *mut libc::c_void,
    ) -> libc::c_int;
}

/// The status the process is exiting with, once known (STATUS_UNKNOWN before).
static EXIT_STATUS: AtomicI64 = AtomicI64::new(STATUS_UNKNOWN);
const STATUS_UNKNOWN: i64 = i64::MIN;

/// _exit / _Exit: their status, before `finish` writes the metadata.
pub fn set_exit_status(status: libc::c_int) {
    EXIT_STATUS.store(status as i64, SeqCst);
}

/// At exit, with its status. A preloaded library registers this before the program's
/// start code registers the library destructors, so it usually runs after `shutdown`
/// already wrote the final metadata: then the metadata is written again with the status.
/// A library loaded later (dlopen) runs it first, and `finish` picks the status up.
extern "C" fn on_exit_status(status: libc::c_int, _: *mut libc::c_void) {
    set_exit_status(status);
    if !FINISHED.load(SeqCst) || TLS.with(|t| t.busy.get()) != FREE {
        return;
    }
    let Some(p) = process() else { return };
    busy(|| {
        let mut m = p.meta.lock();
        if m.ending != Ending::Exit {
            return; // failed (nothing more is written) or ended otherwise
        }
        m.exit_status = Some(status);
        drop(m);
        write_meta(p);
    });
}

/// Flush every thread's buffer and write the final metadata. Used at exit, _exit and exec.
pub fn finish(ending: Ending) {
    let Some(p) = process() else { return };
    FINISHED.store(true, SeqCst);
    let was_on = LAYERS_ON.swap(0, SeqCst);
    busy(|| {
        let me = thread_ptr();
        let mut counts = vec![0u64; FUNCTIONS.len()];
        {
            let r = REGISTRY.lock();
            for &raw in r.iter() {
                let t = unsafe { &mut *(raw as *mut ThreadState) };
                if raw as *mut ThreadState == me {
                    t.flush();
                } else {
                    flush_foreign(t);
                }
                for (a, b) in counts.iter_mut().zip(t.counts.iter()) {
                    *a += *b;
                }
            }
        }
        {
            let d = DEAD_COUNTS.lock();
            for (a, b) in counts.iter_mut().zip(d.iter()) {
                *a += *b;
            }
        }
        {
            let mut m = p.meta.lock();
            if m.ending != Ending::Failed {
                m.ending = ending;
            }
            let status = EXIT_STATUS.load(SeqCst);
            if status != STATUS_UNKNOWN && matches!(ending, Ending::Exit | Ending::FastExit) {
                m.exit_status = Some(status as i32);
            }
            if ending == Ending::Signal {
                m.signal = Some(STOP_SIGNAL.load(SeqCst)).filter(|&s| s != 0);
            }
            m.end = Some(ClockAnchor {
                monotonic_ns: now_ns(),
                realtime_ns: realtime_ns(),
            });
            m.function_counts = FUNCTIONS
                .iter()
                .zip(&counts)
                .filter(|(_, &c)| c > 0)
                .map(|(f, &c)| (f.name.to_string(), c))
                .collect();
            m.records = TOTAL_RECORDS.load(SeqCst);
            m.stream_bytes = TOTAL_BYTES.load(SeqCst);
            let dropped = DROPPED_IN_HANDLERS.load(SeqCst);
            if dropped > 0 {
                m.options
                    .insert("dropped_in_signal_handlers".into(), dropped.to_string());
            }
        }
        write_meta(p);
    });
    // A failed exec resumes tracing (the streams stay open: they are only flushed).
    if ending == Ending::Exec {
        EXEC_RESUME.store(was_on, SeqCst);
    }
}

static EXEC_RESUME: AtomicU8 = AtomicU8::new(0);

/// exec* failed: the process goes on, and so does tracing.
pub fn exec_failed() {
    FINISHED.store(false, SeqCst);
    let on = EXEC_RESUME.swap(0, SeqCst);
    if on != 0 && !FAILED.load(SeqCst) {
        if let Some(p) = process() {
            {
                let mut m = p.meta.lock();
                m.ending = Ending::Running;
                m.end = None;
            }
        }
        LAYERS_ON.store(on, SeqCst);
    }
}

/// Flush another thread's buffer at exit: take its flush flag if free, write what it has
/// published, and seal it so nothing is written twice.
fn flush_foreign(t: &mut ThreadState) {
    if t.flushing.swap(true, Acquire) {
        return;
    }
    let published = t.published.load(Acquire);
    let (len, records) = ((published >> 32) as usize, published as u32);
    if len > CHUNK_HEADER_LEN && !t.sealed.load(Relaxed) {
        // Copy out: the owner may still be encoding past `len`.
        let mut copy = t.buf[..len].to_vec();
        write_chunk(
            (&t.path, t.index),
            &mut copy,
            len,
            records,
            t.base,
            t.seq,
            t.anchor(),
        );
    }
    t.sealed.store(true, Release);
    t.flushing.store(false, Release);
}

/// Library destructor / exit.
pub fn shutdown() {
    if process().is_some() && !FINISHED.load(SeqCst) {
        finish(Ending::Exit);
    }
}

/// Set once the final metadata is written (cleared again by a failed exec).
static FINISHED: AtomicBool = AtomicBool::new(false);
