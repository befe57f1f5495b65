//! Which HDF5 ids the converter knows, so that every transfer can be placed on its file's
//! handle.
//!
//! The converter learns a file from H5Fcreate/H5Fopen/H5Freopen (ObjOpen) and a dataset from
//! the call that opened it (SubOpen: its file id and name), and forgets them at their close
//! (ObjClose, SubClose). HDF5 ids are reference counted: a library may keep an object open
//! past the program's close (libnetcdf does H5Oopen, H5Iinc_ref, H5Oclose for every dataset
//! of a file it opens, and reads through the id later), H5Fclose leaves the file open while
//! objects of it are, and an id may come from a call the recorder did not see. So the
//! recorder keeps, per id, what it told the converter (the file and name of an object, the
//! path and mode of a file) and whether the converter still knows it; a call on an object
//! the converter does not know tells it again inside the call (`h5_object`, and `h5_file`
//! for its file), asking libhdf5 only for what the recorder never saw: once per id, and
//! with calls that answer from memory (`H5Iget_file_id`, `H5Fget_name`, `H5Fget_intent`,
//! `H5Iget_name`).
//!
//! The table is lock-free open addressing (ids are never reused within a run): a slot's key
//! is written last on insert, and a removed slot keeps a tombstone so that probes go on past
//! it. An id that finds no free slot within the probe limit is not kept: it is told again
//! at each use, and counted (`hdf5_untracked_ids` in meta.yaml).

use super::{self as hdf5, hid_t, q};
use crate::runtime::{self, ThreadState};
use io_events::functions::Func;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering::*};

const BITS: u32 = 13;
const CAP: usize = 1 << BITS;
const PROBES: usize = 64;
const EMPTY: i64 = 0;
const GONE: i64 = -1;
/// Flag of `b`: the converter knows the id.
const KNOWN: u64 = 1 << 63;
/// Flag of `b`: the id is a file (`a` = its path's file id, `b` = amode | comm << 16).
const FILE: u64 = 1 << 62;
/// Flag of a file's `b`: the converter knows it because the recorder told it (the program
/// closed it, or never opened it): it is closed when the last object known in it is.
const TOLD: u64 = 1 << 61;
const COMM_NONE: u64 = 0xFFFF_FFFF;

/// One id: a dataset (or object opened like one) has `a` = the file id it was told with and
/// `b` = its name id; a file has `a` = its path (a file id of the trace) and `b` = FILE, its
/// Amode bits and communicator.
struct Slot {
    key: AtomicI64,
    a: AtomicU64,
    b: AtomicU64,
}

static TABLE: [Slot; CAP] = [const {
    Slot {
        key: AtomicI64::new(EMPTY),
        a: AtomicU64::new(0),
        b: AtomicU64::new(0),
    }
}; CAP];

static UNTRACKED: AtomicU64 = AtomicU64::new(0);

/// The object last found known by a transfer: a program writing one dataset in a loop is
/// answered by one load. Reset when that object is forgotten.
static LAST: AtomicI64 = AtomicI64::new(EMPTY);

#[inline(always)]
fn home(id: hid_t) -> usize {
    ((id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - BITS)) as usize
}

/// The slot of `id`, if kept.
#[inline(always)]
fn find(id: hid_t) -> Option<&'static Slot> {
    let mut i = home(id);
    for _ in 0..PROBES {
        let s = &TABLE[i];
        match s.key.load(Acquire) {
            k if k == id => return Some(s),
            EMPTY => return None,
            _ => i = (i + 1) & (CAP - 1),
        }
    }
    None
}

/// Keep `id` with these values (replacing what was kept).
fn put(id: hid_t, a: u64, b: u64) {
    if id <= 0 {
        return;
    }
    if let Some(s) = find(id) {
        s.a.store(a, Release);
        s.b.store(b, Release);
        return;
    }
    let mut i = home(id);
    for _ in 0..PROBES {
        let s = &TABLE[i];
        let k = s.key.load(Acquire);
        if (k == EMPTY || k == GONE) && s.key.compare_exchange(k, GONE, AcqRel, Acquire).is_ok() {
            // Claimed (a tombstone until the values are in).
            s.a.store(a, Release);
            s.b.store(b, Release);
            s.key.store(id, Release);
            return;
        }
        i = (i + 1) & (CAP - 1);
    }
    untracked();
}

fn remove(id: hid_t) {
    let _ = LAST.compare_exchange(id, EMPTY, AcqRel, Relaxed);
    if let Some(s) = find(id) {
        s.key.store(GONE, Release);
    }
}

/// An id that found no slot: counted in meta.yaml (at powers of two: meta is rewritten).
#[cold]
fn untracked() {
    let n = UNTRACKED.fetch_add(1, Relaxed) + 1;
    if n.is_power_of_two() {
        runtime::update_meta(|m| {
            m.options.insert("hdf5_untracked_ids".into(), n.to_string());
        });
    }
}

/// Whether the converter knows `id`.
#[inline(always)]
fn known(id: hid_t) -> bool {
    find(id).is_some_and(|s| s.b.load(Acquire) & KNOWN != 0)
}

// ---- what the wrappers report ------------------------------------------------------------------

/// A file opened by H5Fcreate/H5Fopen/H5Freopen (its record tells the converter).
pub(crate) fn file_opened(file: hid_t, path: u64, amode: u64, comm: u64) {
    if file >= 0 && path != u64::MAX {
        put(file, path, file_word(amode, comm) | KNOWN);
    }
}

/// A close of `obj` succeeded, leaving `refs` references; the call ends at `t1`. See
/// [`closed`]; a file the converter knows only from the recorder closes with its last object
/// (an `h5_file_closed` event inside the call: HDF5 closes the file then).
pub(crate) fn closed_in(ts: *mut ThreadState, t1: u64, obj: hid_t, refs: i64) {
    let file = find(obj).map(|s| s.a.load(Acquire) as hid_t);
    closed(obj, refs);
    let Some(file) = file.filter(|_| refs <= 0) else {
        return;
    };
    let told = find(file).is_some_and(|s| s.b.load(Acquire) & (TOLD | KNOWN) == TOLD | KNOWN);
    let in_use = || {
        TABLE.iter().any(|s| {
            let (k, a, b) = (s.key.load(Acquire), s.a.load(Acquire), s.b.load(Acquire));
            k > 0 && a == file as u64 && b & FILE == 0
        })
    };
    if told && !in_use() {
        runtime::child(ts, Func::h5_file_closed, t1, &[file as u64, 0]);
        forget(file);
    }
}

fn file_word(amode: u64, comm: u64) -> u64 {
    FILE | (amode & 0xFFFF) | (comm.min(COMM_NONE) << 16)
}

/// The close of an object succeeded, leaving `refs` references (its record, SubClose, makes
/// the converter forget it): an object still referenced is kept, to be told again when used.
fn closed(obj: hid_t, refs: i64) {
    if refs > 0 {
        forget(obj);
    } else {
        remove(obj);
    }
}

/// The last reference of a file was released (H5Fclose, H5Idec_ref). A closed file id is
/// kept (with its path) for the objects of the file still open: HDF5 keeps the
/// file open for them, and the converter is told about it again when one of them is used.
pub(crate) fn released(id: hid_t) {
    forget(id);
    for s in &TABLE {
        let k = s.key.load(Acquire);
        if k > 0 && s.a.load(Acquire) == id as u64 && s.b.load(Acquire) & FILE == 0 {
            forget(k);
        }
    }
}

fn forget(id: hid_t) {
    let _ = LAST.compare_exchange(id, EMPTY, AcqRel, Relaxed);
    if let Some(s) = find(id) {
        s.b.fetch_and(!KNOWN, AcqRel);
    }
}

/// A dataset or object was opened (id `obj`, the call ends at `t1`): its record's fields
/// [file, name]. Its file is told to the converter first (an `h5_file` event inside the
/// call) if the converter does not know it (a file opened through an external link, or
/// before the recorder started).
pub(crate) unsafe fn opened(ts: *mut ThreadState, t1: u64, obj: hid_t) -> [u64; 2] {
    let file = file_of(ts, obj, &mut |f| runtime::child(ts, Func::h5_file, t1, &f));
    let name = hdf5::object_name(obj);
    put(obj, file as u64, name | KNOWN);
    [file as u64, name]
}

/// Before a transfer (or flush) on `obj`: if the converter does not know it, tell it inside
/// the call (`h5_object`, and `h5_file` first if needed), written ahead of the call, whose
/// start then moves to before these questions (`t0`).
#[inline(always)]
pub(crate) unsafe fn place(ts: *mut ThreadState, obj: hid_t, t0: &mut Option<u64>) {
    if LAST.load(Acquire) != obj {
        if !known(obj) {
            tell(ts, obj, t0);
        }
        LAST.store(obj, Release);
    }
}

#[cold]
unsafe fn tell(ts: *mut ThreadState, obj: hid_t, t0: &mut Option<u64>) {
    if q::H5Iis_valid(obj) <= 0 {
        return; // the program's call fails on it
    }
    let t = runtime::now_raw();
    *t0 = Some(t);
    let mut emit = |f: [u64; 5]| runtime::before(ts, Func::h5_file, t, &f);
    let (file, name) = match find(obj) {
        // Seen opened: its file may be closed by now (then told again under its old id).
        Some(s) => {
            let (file, name) = (s.a.load(Acquire) as hid_t, s.b.load(Acquire) & !KNOWN);
            tell_file(ts, file, &mut emit);
            (file, name)
        }
        None => (file_of(ts, obj, &mut emit), hdf5::object_name(obj)),
    };
    runtime::before(ts, Func::h5_object, t, &[file as u64, name, obj as u64, 0]);
    put(obj, file as u64, name | KNOWN);
}

/// For a flush on `obj` (a file or an object in it): the id under which the converter knows
/// its file, told inside the call (ahead of it, start `t0`) if it does not.
pub(crate) unsafe fn file_key(ts: *mut ThreadState, obj: hid_t, t0: &mut Option<u64>) -> u64 {
    if q::H5Iis_valid(obj) <= 0 {
        return u64::MAX;
    }
    let f = q::H5Iget_file_id(obj);
    if f < 0 {
        return u64::MAX;
    }
    if !known(f) {
        let t = runtime::now_raw();
        *t0 = Some(t);
        tell_file(ts, f, &mut |fields| {
            runtime::before(ts, Func::h5_file, t, &fields)
        });
    }
    q::H5Idec_ref(f);
    f as u64
}

/// The id of the file `obj` is in (the one H5Fcreate/H5Fopen returned while that is open);
/// `emit` tells the converter about it first if it does not know it. The reference
/// H5Iget_file_id takes is held while the file is asked its path.
unsafe fn file_of(ts: *mut ThreadState, obj: hid_t, emit: &mut dyn FnMut([u64; 5])) -> hid_t {
    let f = q::H5Iget_file_id(obj);
    if f < 0 {
        return -1;
    }
    tell_file(ts, f, emit);
    q::H5Idec_ref(f);
    f
}

/// Tell the converter about the file id `f` (`emit` an `h5_file` event) unless it knows it:
/// with what was kept from its open, else asking the file (which must be a valid id).
unsafe fn tell_file(ts: *mut ThreadState, f: hid_t, emit: &mut dyn FnMut([u64; 5])) {
    let (path, word) = match find(f) {
        Some(s) => {
            let b = s.b.load(Acquire);
            if b & KNOWN != 0 {
                return;
            }
            (s.a.load(Acquire), b)
        }
        None => (
            hdf5::file_path(ts, f),
            file_word(hdf5::file_mode(f), u64::MAX),
        ),
    };
    if path == u64::MAX {
        return;
    }
    let comm = match (word >> 16) & COMM_NONE {
        COMM_NONE => u64::MAX,
        c => c,
    };
    emit([path, word & 0xFFFF, comm, f as u64, 0]);
    put(f, path, word | KNOWN | TOLD);
}
