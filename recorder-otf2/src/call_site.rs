//! Where in the program a traced call was made: the return address of the outermost traced
//! call (optionally a few frames more), and the objects mapped into the process, so that a
//! reader can later turn addresses into functions and source lines on another machine.
//!
//! A leaf module (like `fd_table`): `runtime` asks it for the site of each outermost call
//! and hands the object definitions it makes to `defs.bin`.
//!
//! - The site is one C call (`rotf2_call_site`, shim.c) that follows the recorder's own
//!   frame pointers to the first return address outside the recorder: a few loads.
//! - With `RECORDER_OTF2_CALL_STACK` > 1 the frames come from glibc's `backtrace` (the
//!   DWARF unwinder: about a microsecond, and safe through frames without frame pointers),
//!   so that a call made by a runtime library (libgfortran's `write`) can be given to the
//!   first frame in the program's own code by the reader.
//! - Objects: every object `dl_iterate_phdr` lists (path, GNU build-id read from its
//!   loaded notes, load bias, address range), written at start and again when a site falls
//!   outside every object written so far (a library loaded later). Deciding that is a scan
//!   of a fixed table of ranges without a lock; the rescan itself takes the loader's lock,
//!   once per library loaded.

use io_events::defs::Def;
use parking_lot::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::*};

extern "C" {
    fn rotf2_call_site() -> usize;
    fn rotf2_own_range(lo: *mut usize, hi: *mut usize);
    fn backtrace(buffer: *mut *mut libc::c_void, size: libc::c_int) -> libc::c_int;
}

/// The recorder's own address range (the linker's, through shim.c), for the unwound stacks:
/// frames inside it are not the program's.
static OWN_LO: AtomicU64 = AtomicU64::new(0);
static OWN_HI: AtomicU64 = AtomicU64::new(0);
/// Frames kept per site (RECORDER_OTF2_CALL_STACK): 0 none, 1 the return address only.
static FRAMES: AtomicUsize = AtomicUsize::new(0);

/// Most objects whose ranges the lock-free check knows; sites in objects past it are still
/// recorded, their objects written on every rescan that finds them new (never, as they are
/// then known to `WRITTEN`), so only the check's shortcut is lost.
const MAX_RANGES: usize = 4096;
static RANGES: [(AtomicU64, AtomicU64); MAX_RANGES] =
    [const { (AtomicU64::new(0), AtomicU64::new(0)) }; MAX_RANGES];
static NRANGES: AtomicUsize = AtomicUsize::new(0);
/// Objects written to this process's defs.bin: (bias, lo, hi, path).
static WRITTEN: Mutex<Vec<(u64, u64, u64, String)>> = Mutex::new(Vec::new());

/// Largest number of frames a site has (the fields of a `call_site` record but the count).
pub const MAX_FRAMES: usize = 7;

/// Set up at start: the recorder's own range and how many frames to keep.
pub fn init(frames: usize) {
    let (mut lo, mut hi) = (0usize, 0usize);
    unsafe { rotf2_own_range(&mut lo, &mut hi) };
    let own = (lo as u64, hi as u64);
    OWN_LO.store(own.0, Relaxed);
    OWN_HI.store(own.1, Relaxed);
    if own.1 == 0 || cfg!(not(rotf2_frame_pointers)) {
        return;
    }
    if frames > 1 {
        // The first backtrace loads libgcc_s (dlopen, file reads): here, while the
        // recorder's own work is not traced, rather than inside the program's first call.
        let mut b = [std::ptr::null_mut(); 4];
        unsafe { backtrace(b.as_mut_ptr(), 4) };
    }
    FRAMES.store(frames.min(MAX_FRAMES), Relaxed);
}

/// Frames kept per site: 0 (no sites), 1 (the return address alone) or more (unwound).
#[inline(always)]
pub fn frames() -> usize {
    FRAMES.load(Relaxed)
}

/// Whether sites are recorded at all.
pub fn enabled() -> bool {
    frames() != 0
}

/// The return address of the traced call in progress in the program (0: not found).
#[inline(always)]
pub fn caller() -> u64 {
    // SAFETY: follows only the recorder's own frames (see shim.c).
    unsafe { rotf2_call_site() as u64 }
}

/// The frames of the call in progress outside the recorder, innermost first, into `out`
/// (when more than one frame is asked for); returns how many.
#[cold]
pub fn stack(out: &mut [u64; MAX_FRAMES]) -> usize {
    let want = FRAMES.load(Relaxed);
    let mut raw = [std::ptr::null_mut(); 32];
    let n = unsafe { backtrace(raw.as_mut_ptr(), raw.len() as libc::c_int) }.max(0) as usize;
    let (lo, hi) = (OWN_LO.load(Relaxed), OWN_HI.load(Relaxed));
    let mut k = 0;
    let outside = raw[..n]
        .iter()
        .map(|p| *p as u64)
        .skip_while(|pc| (lo..hi).contains(pc));
    for (slot, pc) in out.iter_mut().zip(outside.take(want)) {
        *slot = pc;
        k += 1;
    }
    k
}

/// Whether `pc` lies in an object already written (no lock: the ranges table).
pub fn known(pc: u64) -> bool {
    let n = NRANGES.load(Acquire).min(MAX_RANGES);
    RANGES[..n]
        .iter()
        .any(|(lo, hi)| (lo.load(Relaxed)..hi.load(Relaxed)).contains(&pc))
}

/// The objects mapped now that were not written yet, as definitions (the caller writes
/// them); their ranges join the lock-free table.
pub fn new_objects() -> Vec<Def> {
    let mut written = WRITTEN.lock();
    let mut out = Vec::new();
    for o in loaded_objects() {
        let seen = written
            .iter()
            .any(|w| (w.0, w.1, w.2) == (o.bias, o.lo, o.hi) && w.3 == o.path);
        if seen {
            continue;
        }
        written.push((o.bias, o.lo, o.hi, o.path.clone()));
        let i = NRANGES.load(Relaxed);
        if i < MAX_RANGES {
            RANGES[i].0.store(o.lo, Relaxed);
            RANGES[i].1.store(o.hi, Relaxed);
            NRANGES.store(i + 1, Release);
        }
        out.push(Def::Object {
            path: o.path,
            build_id: o.build_id,
            bias: o.bias,
            lo: o.lo,
            hi: o.hi,
        });
    }
    out
}

/// In a fork child: its defs.bin is new, every object is to be written again.
pub fn forget_written() {
    WRITTEN.lock().clear();
    NRANGES.store(0, Release);
}

/// One loaded object as `dl_iterate_phdr` describes it.
struct Loaded {
    path: String,
    build_id: Vec<u8>,
    bias: u64,
    lo: u64,
    hi: u64,
}

/// Every object loaded now. The executable (an empty name) is named by /proc/self/exe.
fn loaded_objects() -> Vec<Loaded> {
    let mut out: Vec<Loaded> = Vec::new();
    unsafe extern "C" fn each(
        info: *mut libc::dl_phdr_info,
        _size: libc::size_t,
        data: *mut libc::c_void,
    ) -> libc::c_int {
        let out = &mut *(data as *mut Vec<Loaded>);
        if let Some(o) = describe(&*info) {
            out.push(o);
        }
        0
    }
    unsafe { libc::dl_iterate_phdr(Some(each), &mut out as *mut _ as *mut libc::c_void) };
    if let Some(exe) = out.iter_mut().find(|o| o.path.is_empty()) {
        exe.path = std::fs::read_link("/proc/self/exe")
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_default();
    }
    out
}

/// An object's range and build-id from its program headers (all in memory: no file read).
///
/// # Safety
/// `info` is what dl_iterate_phdr passed: its headers and notes are mapped.
unsafe fn describe(info: &libc::dl_phdr_info) -> Option<Loaded> {
    let bias = info.dlpi_addr as u64;
    let phdrs = std::slice::from_raw_parts(info.dlpi_phdr, info.dlpi_phnum as usize);
    let (mut lo, mut hi, mut build_id) = (u64::MAX, 0u64, Vec::new());
    for ph in phdrs {
        let start = bias.wrapping_add(ph.p_vaddr);
        match ph.p_type {
            libc::PT_LOAD => {
                lo = lo.min(start);
                hi = hi.max(start.wrapping_add(ph.p_memsz));
            }
            libc::PT_NOTE if build_id.is_empty() => {
                build_id = gnu_build_id(std::slice::from_raw_parts(
                    start as *const u8,
                    ph.p_memsz as usize,
                ));
            }
            _ => {}
        }
    }
    let path = if info.dlpi_name.is_null() {
        String::new()
    } else {
        std::ffi::CStr::from_ptr(info.dlpi_name)
            .to_string_lossy()
            .into_owned()
    };
    (lo < hi).then_some(Loaded {
        path,
        build_id,
        bias,
        lo,
        hi,
    })
}

/// The GNU build-id note's bytes in a note segment (empty when there is none).
fn gnu_build_id(notes: &[u8]) -> Vec<u8> {
    const NT_GNU_BUILD_ID: u32 = 3;
    let word = |b: &[u8], at: usize| -> Option<u32> {
        Some(u32::from_ne_bytes(b.get(at..at + 4)?.try_into().ok()?))
    };
    let align4 = |n: usize| (n + 3) & !3;
    let mut p = 0;
    while let (Some(namesz), Some(descsz), Some(ty)) =
        (word(notes, p), word(notes, p + 4), word(notes, p + 8))
    {
        let name = p + 12;
        let desc = name + align4(namesz as usize);
        let end = desc + align4(descsz as usize);
        if ty == NT_GNU_BUILD_ID && notes.get(name..name + namesz as usize) == Some(b"GNU\0") {
            return notes
                .get(desc..desc + descsz as usize)
                .map(<[u8]>::to_vec)
                .unwrap_or_default();
        }
        if end <= p {
            break;
        }
        p = end;
    }
    Vec::new()
}
