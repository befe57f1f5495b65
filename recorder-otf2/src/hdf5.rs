//! The HDF5 layer: every function of the file, group, dataset, attribute, object and link
//! interfaces in every API generation (the list comes from the installed headers through
//! scripts/gen-hdf5.py: generated/hdf5.rs), files and datasets with their I/O semantics written here
//! by hand, the others regions with their arguments.
//!
//! HDF5's C types are plain integers (`hid_t` = int64 since 1.10, `herr_t`/`htri_t` = int,
//! `hsize_t` = uint64), so the wrappers need no header: the library finds libhdf5 at run
//! time (RTLD_NEXT, or among privately loaded objects for h5py), serial or parallel build
//! alike. What a record holds (io-events `functions.rs`):
//!
//! - files: the path, the open mode as canonical Amode bits, the MPI communicator of an
//!   `mpio` file access property list (parallel HDF5), and the file id;
//! - datasets: the id of their file (`H5Iget_file_id`) and their path inside it
//!   (`H5Iget_name`, interned as a `Def::Name`); transfers: elements selected (memory
//!   selection, else file selection, else the whole dataset) × memory type size, and whether
//!   the transfer property list asks for collective MPI-IO (`H5Pget_dxpl_mpio`).
//!
//! Which objects the converter knows (so that it can place a transfer on its file's handle)
//! is kept in `ids`: an object it does not know is made known inside the call on it.
//! The recorder's own questions to libhdf5 (`q::`) are listed in docs/coverage.md; I/O one
//! of them causes is recorded inside the call being recorded (`runtime::query`).

#![allow(non_camel_case_types, non_snake_case)]

mod ids;

use crate::objects::{cname, name_id, IdCache};
use crate::runtime;
use crate::wrap::LibReal;
use io_events::functions::{mpi_amode, Func, Layer};
use std::os::raw::{c_char, c_int, c_uint, c_void};
use std::sync::atomic::{AtomicPtr, Ordering::*};

pub type hid_t = i64;
pub type herr_t = c_int;
pub type hsize_t = u64;
type Str = *const c_char;

/// H5S_ALL and H5P_DEFAULT (both 0 in HDF5 >= 1.10).
const H5S_ALL: hid_t = 0;

const H5F_ACC_RDWR: c_uint = 0x0001;
const H5F_ACC_TRUNC: c_uint = 0x0002;
const H5F_ACC_EXCL: c_uint = 0x0004;
/// H5FD_MPIO_COLLECTIVE of H5FD_mpio_xfer_t.
const H5FD_MPIO_COLLECTIVE: c_int = 1;
/// H5F_OBJ_ALL | H5F_OBJ_LOCAL: objects opened through this file id, the file included.
const H5F_OBJ_ALL_LOCAL: c_uint = 0x1F | 0x20;
pub(crate) const H5I_FILE: c_int = 1;
pub(crate) const H5I_DATASET: c_int = 5;
pub(crate) const H5I_GROUP: c_int = 2;
/// Attributes: 6 in HDF5 1.10, 7 from 1.12 (H5I_MAP took 6; maps exist only through VOL
/// connectors, and are closed like the other objects).
pub(crate) const H5I_ATTR: [c_int; 2] = [6, 7];

/// Typed calls of the HDF5 functions the recorder asks (the real ones, never the wrappers),
/// each run as a `runtime::query`: all of them answer from memory except `H5Iget_name` of
/// an object whose path HDF5 has not kept (opened by address), which searches the file.
/// An id the program passed is asked about only once `H5Iis_valid`/`H5Iget_type` (which
/// never print an error) or the program's own call showed it valid: HDF5 prints errors on
/// stderr.
pub(crate) mod q {
    use super::{hid_t, hsize_t};
    use std::os::raw::{c_char, c_int, c_uint};
    crate::wrap::lib_calls! {
        new, query;
        fn H5Sget_select_npoints(space: hid_t) -> i64 = -1;
        fn H5Dget_space(dset: hid_t) -> hid_t = -1;
        fn H5Aget_space(attr: hid_t) -> hid_t = -1;
        fn H5Sclose(space: hid_t) -> c_int = -1;
        fn H5Tget_size(t: hid_t) -> usize = 0;
        fn H5Tget_class(t: hid_t) -> c_int = -1;
        fn H5Tget_sign(t: hid_t) -> c_int = -1;
        fn H5Tget_order(t: hid_t) -> c_int = -1;
        fn H5Sget_simple_extent_dims(space: hid_t, dims: *mut hsize_t, maxdims: *mut hsize_t) -> c_int = -1;
        fn H5Iget_name(id: hid_t, buf: *mut c_char, size: usize) -> isize = -1;
        fn H5Fget_name(id: hid_t, buf: *mut c_char, size: usize) -> isize = -1;
        fn H5Iget_file_id(id: hid_t) -> hid_t = -1;
        fn H5Idec_ref(id: hid_t) -> c_int = -1;
        fn H5Fget_intent(file: hid_t, intent: *mut c_uint) -> c_int = -1;
        fn H5Fget_obj_count(file: hid_t, types: c_uint) -> isize = -1;
        fn H5Pget_dxpl_mpio(dxpl: hid_t, mode: *mut c_int) -> c_int = -1;
        fn H5Sget_simple_extent_ndims(space: hid_t) -> c_int = -1;
        fn H5Iget_type(id: hid_t) -> c_int = -1;
        fn H5Sis_regular_hyperslab(space: hid_t) -> c_int = -1;
        fn H5Sget_regular_hyperslab(space: hid_t, start: *mut hsize_t, stride: *mut hsize_t, count: *mut hsize_t, block: *mut hsize_t) -> c_int = -1;
        fn H5Iget_ref(id: hid_t) -> c_int = -1;
        fn H5Iis_valid(id: hid_t) -> c_int = -1;
        fn H5Sget_select_bounds(space: hid_t, start: *mut hsize_t, end: *mut hsize_t) -> c_int = -1;
        fn H5Dget_chunk_storage_size(dset: hid_t, offset: *const hsize_t, bytes: *mut hsize_t) -> c_int = -1;
        fn H5get_libversion(maj: *mut c_uint, min: *mut c_uint, rel: *mut c_uint) -> c_int = -1;
    }
}

/// Elements of each open dataset's whole dataspace (updated by H5Dset_extent).
static DATASET_POINTS: IdCache = IdCache::new();
/// The code of each datatype id ([`type_code`]).
static TYPE_CODES: IdCache = IdCache::new();

/// Elements of a dataset's whole dataspace, cached.
#[inline(always)]
unsafe fn dataset_points(dset: hid_t, refresh: bool) -> u64 {
    if !refresh {
        if let Some(n) = DATASET_POINTS.get(dset) {
            return n;
        }
    }
    ask_points(dset)
}

#[cold]
unsafe fn ask_points(dset: hid_t) -> u64 {
    let s = q::H5Dget_space(dset);
    if s < 0 {
        return 0;
    }
    let n = q::H5Sget_select_npoints(s).max(0) as u64;
    q::H5Sclose(s);
    DATASET_POINTS.put(dset, n);
    n
}

/// Size of a datatype, cached.
unsafe fn type_size(t: hid_t) -> u64 {
    type_code(t) & 0xFFFF_FFFF
}

const H5T_INTEGER: c_int = 0;
const H5T_FLOAT: c_int = 1;
const H5T_BITFIELD: c_int = 4;

/// A datatype as one value, what a replay needs to make a type like it: size (bits 0-31),
/// class (32-39), sign (40-47: integers), byte order (48-55: integers, floats, bitfields);
/// 0xFF where HDF5 has no answer (-1). Asked only of the types that have the property
/// (HDF5 prints an error stack otherwise): pure memory queries, cached per id.
unsafe fn type_code(t: hid_t) -> u64 {
    if let Some(c) = TYPE_CODES.get(t) {
        return c;
    }
    let size = q::H5Tget_size(t) as u64;
    if size == 0 {
        return 0;
    }
    let class = q::H5Tget_class(t);
    let sign = if class == H5T_INTEGER {
        q::H5Tget_sign(t)
    } else {
        -1
    };
    let order = match class {
        H5T_INTEGER | H5T_FLOAT | H5T_BITFIELD => q::H5Tget_order(t),
        _ => -1,
    };
    let byte = |v: c_int| (v as u8) as u64;
    let code = size.min(0xFFFF_FFFF) | byte(class) << 32 | byte(sign) << 40 | byte(order) << 48;
    TYPE_CODES.put(t, code);
    code
}

/// Rank and the first three dimensions (and maximum dimensions) of a simple dataspace.
unsafe fn space_dims(space: hid_t) -> (u64, [u64; 3], [u64; 3]) {
    let (mut dims, mut max) = ([0 as hsize_t; 32], [0 as hsize_t; 32]);
    let rank = q::H5Sget_simple_extent_dims(space, dims.as_mut_ptr(), max.as_mut_ptr());
    if !(0..=32).contains(&rank) {
        return (0, [0; 3], [0; 3]);
    }
    let three = |v: &[hsize_t; 32]| [v[0], v[1], v[2]];
    (rank as u64, three(&dims), three(&max))
}

/// The extent of a dataset: [rank, dim0, dim1, dim2].
unsafe fn dataset_extent(dset: hid_t) -> [u64; 4] {
    let s = q::H5Dget_space(dset);
    if s < 0 {
        return [0; 4];
    }
    let (rank, d, _) = space_dims(s);
    q::H5Sclose(s);
    [rank, d[0], d[1], d[2]]
}

/// Up to three values of a C array of `rank` (`absent` for a NULL array).
unsafe fn three(v: *const hsize_t, rank: c_int, absent: u64) -> [u64; 3] {
    let at = |i: c_int| {
        if rank <= i {
            0
        } else if v.is_null() {
            absent
        } else {
            *v.add(i as usize)
        }
    };
    [at(0), at(1), at(2)]
}

/// A hyperslab's dimensions as `h5_slab` events inside its call (NULL stride, block: 1).
unsafe fn slab_events(ts: *mut runtime::ThreadState, t: u64, rank: c_int, a: [*const hsize_t; 4]) {
    let [start, stride, count, block] = [
        three(a[0], rank, 0),
        three(a[1], rank, 1),
        three(a[2], rank, 0),
        three(a[3], rank, 1),
    ];
    for i in 0..(rank.clamp(0, 3) as usize) {
        let fields = [i as u64, start[i], stride[i], count[i], block[i], 0];
        runtime::child(ts, Func::h5_slab, t, &fields);
    }
}

/// The property-list classes H5Pcreate is told apart by (their ids are globals of libhdf5,
/// read, not asked): position + 1 is the recorded class.
const PLIST_CLASSES: [&str; 10] = [
    "H5P_CLS_FILE_CREATE_ID_g\0",
    "H5P_CLS_FILE_ACCESS_ID_g\0",
    "H5P_CLS_DATASET_CREATE_ID_g\0",
    "H5P_CLS_DATASET_ACCESS_ID_g\0",
    "H5P_CLS_DATASET_XFER_ID_g\0",
    "H5P_CLS_GROUP_CREATE_ID_g\0",
    "H5P_CLS_GROUP_ACCESS_ID_g\0",
    "H5P_CLS_LINK_CREATE_ID_g\0",
    "H5P_CLS_LINK_ACCESS_ID_g\0",
    "H5P_CLS_ATTRIBUTE_CREATE_ID_g\0",
];

/// The address of the class global `i`: the program's copy first (an executable that uses
/// the H5P_* macros has the variable copied into it, and libhdf5 sets that copy), else
/// libhdf5's own (loaded privately, for h5py). Found once.
fn plist_class_global(i: usize) -> *const hid_t {
    static FOUND: [AtomicPtr<c_void>; 10] = [const { AtomicPtr::new(std::ptr::null_mut()) }; 10];
    let p = FOUND[i].load(Relaxed);
    if !p.is_null() {
        return p as *const hid_t;
    }
    let name = PLIST_CLASSES[i];
    // SAFETY: a NUL-terminated name.
    let mut p = unsafe { libc::dlsym(libc::RTLD_DEFAULT, name.as_ptr() as *const c_char) };
    if p.is_null() {
        p = LibReal::new(name).get();
    }
    FOUND[i].store(p, Relaxed);
    p as *const hid_t
}

/// The recorded class of a property-list class id (0: another).
fn plist_class(cls: hid_t) -> u64 {
    let is = |i: &usize| {
        let p = plist_class_global(*i);
        // SAFETY: the address of a hid_t global of libhdf5, set by H5open (which the
        // program's H5P_* macro called).
        !p.is_null() && unsafe { p.read() } == cls
    };
    (0..PLIST_CLASSES.len())
        .find(is)
        .map_or(0, |i| i as u64 + 1)
}

/// Elements a transfer moves: the memory selection, else the file selection, else the
/// whole dataset.
#[inline(always)]
unsafe fn elements(dset: hid_t, mem_space: hid_t, file_space: hid_t) -> u64 {
    if mem_space != H5S_ALL {
        q::H5Sget_select_npoints(mem_space).max(0) as u64
    } else if file_space != H5S_ALL {
        q::H5Sget_select_npoints(file_space).max(0) as u64
    } else {
        dataset_points(dset, false)
    }
}

/// The file selection of a transfer (bounding box, up to 3 dimensions) as an
/// `h5_selection` event inside the call; nothing for H5S_ALL (the whole dataset).
#[inline(always)]
unsafe fn selection(ts: *mut runtime::ThreadState, t: u64, file_space: hid_t) {
    if file_space != H5S_ALL {
        bounding_box(ts, t, file_space);
    }
}

unsafe fn bounding_box(ts: *mut runtime::ThreadState, t: u64, file_space: hid_t) {
    let rank = q::H5Sget_simple_extent_ndims(file_space);
    if !(0..=32).contains(&rank) {
        return;
    }
    let (mut start, mut end) = ([0 as hsize_t; 32], [0 as hsize_t; 32]);
    if q::H5Sget_select_bounds(file_space, start.as_mut_ptr(), end.as_mut_ptr()) < 0 {
        return;
    }
    let d = |i: usize| -> (u64, u64) {
        if i < rank as usize {
            (start[i], end[i].saturating_sub(start[i]) + 1)
        } else {
            (0, 0)
        }
    };
    let (a, b, c) = (d(0), d(1), d(2));
    let fields = [rank as u64, a.0, a.1, b.0, b.1, c.0, c.1, 0];
    runtime::child(ts, Func::h5_selection, t, &fields);
    hyperslab(ts, t, file_space, rank as usize);
}

/// A regular hyperslab's shape (count, stride, block of the first two dimensions) as an
/// `h5_hyperslab` event after the selection's.
unsafe fn hyperslab(ts: *mut runtime::ThreadState, t: u64, space: hid_t, rank: usize) {
    if q::H5Sis_regular_hyperslab(space) <= 0 {
        return;
    }
    let mut v = [[0 as hsize_t; 32]; 4];
    let [st, sd, ct, bl] = &mut v;
    let (st, sd, ct, bl) = (
        st.as_mut_ptr(),
        sd.as_mut_ptr(),
        ct.as_mut_ptr(),
        bl.as_mut_ptr(),
    );
    if q::H5Sget_regular_hyperslab(space, st, sd, ct, bl) < 0 {
        return;
    }
    let g = |i: usize| -> (u64, u64, u64) {
        if i < rank {
            (v[2][i], v[1][i], v[3][i])
        } else {
            (0, 0, 0)
        }
    };
    let (x, y) = (g(0), g(1));
    let fields = [rank as u64, x.0, x.1, x.2, y.0, y.1, y.2, 0];
    runtime::child(ts, Func::h5_hyperslab, t, &fields);
}

/// Whether a transfer property list asks for collective MPI-IO (parallel HDF5 only).
unsafe fn collective(dxpl: hid_t) -> u64 {
    if dxpl == 0 {
        return 0;
    }
    let mut mode: c_int = 0;
    (q::H5Pget_dxpl_mpio(dxpl, &mut mode) >= 0 && mode == H5FD_MPIO_COLLECTIVE) as u64
}

/// Bytes of an attribute transfer.
unsafe fn attr_bytes(attr: hid_t, mem_type: hid_t) -> u64 {
    let s = q::H5Aget_space(attr);
    if s < 0 {
        return 0;
    }
    let n = q::H5Sget_select_npoints(s).max(0) as u64;
    q::H5Sclose(s);
    n * type_size(mem_type)
}

/// H5F_ACC_* flags of H5Fcreate/H5Fopen -> canonical Amode bits.
pub(crate) fn amode(flags: c_uint, create: bool) -> u64 {
    let mut a = if flags & H5F_ACC_RDWR != 0 || create {
        mpi_amode::RDWR
    } else {
        mpi_amode::RDONLY
    };
    if create {
        a |= mpi_amode::CREATE;
        if flags & H5F_ACC_EXCL != 0 {
            a |= mpi_amode::EXCL;
        } else {
            a |= mpi_amode::TRUNCATE;
        }
    } else if flags & H5F_ACC_TRUNC != 0 {
        a |= mpi_amode::TRUNCATE;
    }
    a
}

/// The path of an object inside its file (H5Iget_name).
pub(crate) unsafe fn object_name(id: hid_t) -> u64 {
    let mut buf = [0u8; 1024];
    let n = q::H5Iget_name(id, buf.as_mut_ptr() as *mut c_char, buf.len());
    if n <= 0 {
        return name_id("(anonymous)");
    }
    let n = (n as usize).min(buf.len() - 1);
    name_id(&String::from_utf8_lossy(&buf[..n]))
}

/// The file id's path, as a file id of the trace.
pub(crate) unsafe fn file_path(ts: *mut runtime::ThreadState, file: hid_t) -> u64 {
    let mut buf = [0u8; 4096];
    let n = q::H5Fget_name(file, buf.as_mut_ptr() as *mut c_char, buf.len() - 1);
    if n <= 0 {
        return u64::MAX;
    }
    buf[(n as usize).min(buf.len() - 1)] = 0;
    crate::files::intern_path(&mut *ts, libc::AT_FDCWD, buf.as_ptr() as *const c_char)
        .unwrap_or(u64::MAX)
}

/// The open mode of a file id, as Amode bits.
pub(crate) unsafe fn file_mode(file: hid_t) -> u64 {
    let mut intent: c_uint = 0;
    if q::H5Fget_intent(file, &mut intent) < 0 {
        return 0;
    }
    amode(intent, false)
}

/// The MPI communicator of an `mpio` file access property list, as a communicator id.
#[cfg(rotf2_mpi)]
unsafe fn fapl_comm(fapl: hid_t) -> u64 {
    crate::mpi::fapl_comm(fapl)
}
#[cfg(not(rotf2_mpi))]
unsafe fn fapl_comm(_fapl: hid_t) -> u64 {
    u64::MAX
}

static NOTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Record, once per process, the HDF5 version and whether it is a parallel build.
#[inline(always)]
fn note_library() {
    // A plain load first: the locked swap only once.
    if !NOTED.load(Relaxed) && !NOTED.swap(true, Relaxed) {
        note_version();
    }
}

#[cold]
fn note_version() {
    let (mut a, mut b, mut c) = (0, 0, 0);
    // SAFETY: plain queries.
    let v = unsafe { q::H5get_libversion(&mut a, &mut b, &mut c) };
    let parallel = !LibReal::new("H5Pset_fapl_mpio\0").get().is_null();
    let text = format!(
        "{}{}",
        if v >= 0 {
            format!("{a}.{b}.{c}")
        } else {
            "unknown".into()
        },
        if parallel { " parallel" } else { " serial" }
    );
    runtime::update_meta(|m| {
        m.options.insert("hdf5".into(), text);
    });
}

// ---- the wrappers -----------------------------------------------------------------------------

/// `fn H5Name(args) -> Ret |ts, t0| { statements before the call } |ret, t1| { statements
/// after; [fields] };` The real function is the next definition of the same name. The
/// statements before may give the call an earlier start (`t0 = Some(t)`: the time before
/// they placed the call's object, see `ids`); those after see its end time `t1`. A
/// negative result is a failure (its record carries errno 1: HDF5 reports errors on its own
/// error stack). I/O that a query after the call causes moves the call's end past it.
macro_rules! h5_wrap {
    ($( fn $name:ident ( $($a:ident : $t:ty),* ) -> $r:ty | $ts:ident, $t0:ident | { $($pre:tt)* }
        | $ret:ident, $t1:ident | $post:block ; )*) => { $(
        crate::wrap::exported! {
            #[allow(unused_variables, unused_mut, unused_unsafe, unused_assignments)]
            fn $name($($a: $t),*) -> $r;
            real: LibReal::new(concat!(stringify!($name), "\0"));
            missing: -1;
            |real| {
                crate::wrap::record! {
                    policy: crate::wrap::HDF5, layer: Layer::Hdf5, func: Func::$name, gate: true,
                    call: real($($a),*),
                    before: |$ts, $t0| {
                        note_library();
                        $($pre)*
                    }
                    after: |$ret, $t1, failed| Some(($post, 0))
                }
            }
        }
    )* };
}

/// The generated region wrappers: `fn H5Name(C signature) -> Ret [fields];`.
macro_rules! h5_regions {
    ($( fn $name:ident ( $($a:ident : $t:ty),* ) -> $r:ty [ $($f:expr),* ]; )*) => { $(
        crate::wrap::exported! {
            #[allow(clippy::unnecessary_cast)]
            fn $name($($a: $t),*) -> $r;
            real: LibReal::new(concat!(stringify!($name), "\0"));
            missing: <$r as crate::wrap::FailValue>::fail_value();
            |real| {
                crate::wrap::record! {
                    policy: crate::wrap::HDF5_REGIONS, layer: Layer::Hdf5, func: Func::$name,
                    gate: true, call: real($($a),*),
                    before: |ts, t0| {
                        note_library();
                        let fields = [$($f),*];
                    }
                    after: |ret, t1, failed| Some((fields, 0))
                }
            }
        }
    )* };
}

mod generated {
    #![allow(unused_imports)]
    use super::*;
    use std::os::raw::c_void;
    include!("generated/hdf5.rs");
}

crate::wrap::exported! {
    /// H5Idec_ref: recorded only when it releases the last reference of a file, group, dataset
    /// or attribute (how h5py closes them; a replay closes them then); every other call passes
    /// through after two cheap queries.
    fn H5Idec_ref(id: hid_t) -> c_int;
    real: LibReal::new("H5Idec_ref\0");
    missing: -1;
    |real| {
        if !runtime::layer_on(Layer::Hdf5) {
            return real(id);
        }
        let was = runtime::quiet();
        let kind = q::H5Iget_type(id);
        let closes = matches!(kind, H5I_FILE | H5I_GROUP | H5I_DATASET) || H5I_ATTR.contains(&kind);
        let last = closes && q::H5Iget_ref(id) == 1;
        runtime::unquiet(was);
        if !last {
            return real(id);
        }
        crate::wrap::record_call(
            Layer::Hdf5,
            Func::H5Idec_ref,
            |_| (),
            || real(id),
            |ts, (), ret, t1| {
                if ret >= 0 && kind == H5I_FILE {
                    ids::released(id);
                } else if ret >= 0 {
                    ids::closed_in(ts, t1, id, 0);
                }
                ([id as u64, kind as u64], (ret < 0) as i32)
            },
        )
    }
}

crate::wrap::exported! {
    /// H5Iinc_ref: recorded on files and datasets (a library keeping an object open past the
    /// program's close, as libnetcdf does for every dataset); the result is the new count.
    fn H5Iinc_ref(id: hid_t) -> c_int;
    real: LibReal::new("H5Iinc_ref\0");
    missing: -1;
    |real| {
        if !runtime::layer_on(Layer::Hdf5) {
            return real(id);
        }
        let was = runtime::quiet();
        let kind = q::H5Iget_type(id);
        runtime::unquiet(was);
        if kind != H5I_FILE && kind != H5I_DATASET {
            return real(id);
        }
        crate::wrap::record_call(
            Layer::Hdf5,
            Func::H5Iinc_ref,
            |_| (),
            || real(id),
            |_, (), ret, _| ([id as u64, kind as u64], (ret < 0) as i32),
        )
    }
}

/// References to `id` left by a close of it that returned `ret` (-1: the close failed);
/// asked after the call, when a bad id has shown itself.
unsafe fn refs_left(id: hid_t, ret: herr_t) -> i64 {
    if ret < 0 {
        return -1;
    }
    if q::H5Iis_valid(id) <= 0 {
        return 0;
    }
    q::H5Iget_ref(id).max(0) as i64
}

/// Fields of an open-like call on a dataset (`dataset`) or object: [file, name]. A new
/// object's file is made known to the converter inside the call when it is not
/// (`ids::opened`).
unsafe fn opened(
    ts: *mut runtime::ThreadState,
    t1: u64,
    ret: hid_t,
    dataset: bool,
    loc: hid_t,
    name: Str,
) -> [u64; 2] {
    if ret < 0 {
        return [loc as u64, cname(name)];
    }
    if dataset {
        dataset_points(ret, true);
    }
    ids::opened(ts, t1, ret)
}

/// Fields of H5Dopen: [file, name] and the dataset's extent (rank, three dimensions).
unsafe fn dataset_opened(
    ts: *mut runtime::ThreadState,
    t1: u64,
    ret: hid_t,
    loc: hid_t,
    name: Str,
) -> [u64; 6] {
    let [file, name] = opened(ts, t1, ret, true, loc, name);
    let [rank, d0, d1, d2] = if ret >= 0 {
        dataset_extent(ret)
    } else {
        [0; 4]
    };
    [file, name, rank, d0, d1, d2]
}

h5_wrap! {
    // ---- files ----
    fn H5Fcreate(name: Str, flags: c_uint, fcpl: hid_t, fapl: hid_t) -> hid_t |ts, t0| {
        let path = crate::files::intern_path(&mut *ts, libc::AT_FDCWD, name).unwrap_or(u64::MAX);
        let comm = fapl_comm(fapl);
    } |ret, t1| {
        ids::file_opened(ret, path, amode(flags, true), comm);
        [path, amode(flags, true), comm, fcpl as u64, fapl as u64]
    };
    fn H5Fopen(name: Str, flags: c_uint, fapl: hid_t) -> hid_t |ts, t0| {
        let path = crate::files::intern_path(&mut *ts, libc::AT_FDCWD, name).unwrap_or(u64::MAX);
        let comm = fapl_comm(fapl);
    } |ret, t1| {
        ids::file_opened(ret, path, amode(flags, false), comm);
        [path, amode(flags, false), comm, fapl as u64]
    };
    fn H5Freopen(file: hid_t) -> hid_t |ts, t0| {} |ret, t1| {
        let (path, mode) = if ret >= 0 { (file_path(ts, ret), file_mode(ret)) } else { (u64::MAX, 0) };
        ids::file_opened(ret, path, mode, u64::MAX);
        [path, mode, u64::MAX, file as u64]
    };
    fn H5Fclose(file: hid_t) -> herr_t |ts, t0| {
        let open = if q::H5Iget_type(file) == H5I_FILE {
            q::H5Fget_obj_count(file, H5F_OBJ_ALL_LOCAL) as i64 - 1
        } else {
            -1
        };
    } |ret, t1| {
        if ret >= 0 { ids::released(file); }
        [file as u64, open.max(-1) as u64]
    };
    fn H5Fflush(obj: hid_t, scope: c_int) -> herr_t |ts, t0| {
        let f = ids::file_key(ts, obj, &mut t0);
    } |ret, t1| { [f, scope as u64] };

    // ---- datasets and objects opened like them ----
    fn H5Dcreate2(loc: hid_t, name: Str, dtype: hid_t, space: hid_t, lcpl: hid_t, dcpl: hid_t, dapl: hid_t) -> hid_t |ts, t0| {} |ret, t1| {
        let [file, name] = opened(ts, t1, ret, true, loc, name);
        let t = if ret >= 0 { type_code(dtype) } else { 0 };
        [file, name, t, space as u64, dcpl as u64, lcpl as u64, dapl as u64]
    };
    fn H5Dcreate1(loc: hid_t, name: Str, dtype: hid_t, space: hid_t, dcpl: hid_t) -> hid_t |ts, t0| {} |ret, t1| {
        let [file, name] = opened(ts, t1, ret, true, loc, name);
        let t = if ret >= 0 { type_code(dtype) } else { 0 };
        [file, name, t, space as u64, dcpl as u64]
    };
    fn H5Dcreate_anon(loc: hid_t, dtype: hid_t, space: hid_t, dcpl: hid_t, dapl: hid_t) -> hid_t |ts, t0| {} |ret, t1| {
        opened(ts, t1, ret, true, loc, std::ptr::null())
    };
    fn H5Dopen2(loc: hid_t, name: Str, dapl: hid_t) -> hid_t |ts, t0| {} |ret, t1| { dataset_opened(ts, t1, ret, loc, name) };
    fn H5Dopen1(loc: hid_t, name: Str) -> hid_t |ts, t0| {} |ret, t1| { dataset_opened(ts, t1, ret, loc, name) };
    // h5py and libnetcdf open datasets this way: the object is named like a dataset so that
    // transfers on it find their file.
    fn H5Oopen(loc: hid_t, name: Str, lapl: hid_t) -> hid_t |ts, t0| {} |ret, t1| { opened(ts, t1, ret, false, loc, name) };
    fn H5Oopen_by_addr(loc: hid_t, addr: u64) -> hid_t |ts, t0| {} |ret, t1| {
        opened(ts, t1, ret, false, loc, std::ptr::null())
    };
    fn H5Oopen_by_idx(loc: hid_t, group: Str, idx_type: c_int, order: c_int, n: hsize_t, lapl: hid_t) -> hid_t |ts, t0| {} |ret, t1| {
        opened(ts, t1, ret, false, loc, group)
    };
    fn H5Dclose(dset: hid_t) -> herr_t |ts, t0| {} |ret, t1| {
        let refs = refs_left(dset, ret);
        if ret >= 0 { ids::closed_in(ts, t1, dset, refs); }
        [dset as u64, refs as u64]
    };
    fn H5Oclose(obj: hid_t) -> herr_t |ts, t0| {} |ret, t1| {
        let refs = refs_left(obj, ret);
        if ret >= 0 { ids::closed_in(ts, t1, obj, refs); }
        [obj as u64, refs as u64]
    };

    // ---- transfers ----
    fn H5Dwrite(dset: hid_t, mem_type: hid_t, mem_space: hid_t, file_space: hid_t, dxpl: hid_t, buf: *const c_void) -> herr_t |ts, t0| {
        ids::place(ts, dset, &mut t0);
        let n = elements(dset, mem_space, file_space);
        let code = type_code(mem_type);
        let coll = collective(dxpl);
    } |ret, t1| {
        selection(ts, t1, file_space);
        let bytes = n * (code & 0xFFFF_FFFF);
        [dset as u64, code, mem_space as u64, file_space as u64, dxpl as u64, bytes, coll]
    };
    fn H5Dread(dset: hid_t, mem_type: hid_t, mem_space: hid_t, file_space: hid_t, dxpl: hid_t, buf: *mut c_void) -> herr_t |ts, t0| {
        ids::place(ts, dset, &mut t0);
        let n = elements(dset, mem_space, file_space);
        let code = type_code(mem_type);
        let coll = collective(dxpl);
    } |ret, t1| {
        selection(ts, t1, file_space);
        let bytes = n * (code & 0xFFFF_FFFF);
        [dset as u64, code, mem_space as u64, file_space as u64, dxpl as u64, bytes, coll]
    };
    // Direct chunk I/O: the chunk's bytes as stored (filtered), no dataspace selection.
    fn H5Dwrite_chunk(dset: hid_t, dxpl: hid_t, filters: u32, offset: *const hsize_t, size: usize, buf: *const c_void) -> herr_t |ts, t0| {
        ids::place(ts, dset, &mut t0);
    } |ret, t1| { [dset as u64, filters as u64, size as u64] };
    fn H5Dread_chunk(dset: hid_t, dxpl: hid_t, offset: *const hsize_t, filters: *mut u32, buf: *mut c_void) -> herr_t |ts, t0| {
        ids::place(ts, dset, &mut t0);
    } |ret, t1| {
        let mut bytes: hsize_t = 0;
        if ret >= 0 { q::H5Dget_chunk_storage_size(dset, offset, &mut bytes); }
        [dset as u64, bytes]
    };
    fn H5Dflush(dset: hid_t) -> herr_t |ts, t0| { ids::place(ts, dset, &mut t0); } |ret, t1| { [dset as u64] };
    fn H5Oflush(obj: hid_t) -> herr_t |ts, t0| { let f = ids::file_key(ts, obj, &mut t0); } |ret, t1| { [f, obj as u64] };
    fn H5Gflush(group: hid_t) -> herr_t |ts, t0| { let f = ids::file_key(ts, group, &mut t0); } |ret, t1| { [f, group as u64] };
    fn H5Dset_extent(dset: hid_t, size: *const hsize_t) -> herr_t |ts, t0| {} |ret, t1| {
        if ret >= 0 { dataset_points(dset, true); }
        [dset as u64, if size.is_null() { 0 } else { *size }]
    };
    fn H5Dextend(dset: hid_t, size: *const hsize_t) -> herr_t |ts, t0| {} |ret, t1| {
        if ret >= 0 { dataset_points(dset, true); }
        [dset as u64, if size.is_null() { 0 } else { *size }]
    };
    // Attributes made: their datatype as a code, as H5Dcreate's (a replay makes them alike).
    fn H5Acreate2(loc: hid_t, name: Str, dtype: hid_t, space: hid_t, acpl: hid_t, aapl: hid_t) -> hid_t |ts, t0| {} |ret, t1| {
        let t = if ret >= 0 { type_code(dtype) } else { 0 };
        [loc as u64, cname(name), t, space as u64, acpl as u64, aapl as u64]
    };
    fn H5Acreate1(loc: hid_t, name: Str, dtype: hid_t, space: hid_t, acpl: hid_t) -> hid_t |ts, t0| {} |ret, t1| {
        let t = if ret >= 0 { type_code(dtype) } else { 0 };
        [loc as u64, cname(name), t, space as u64, acpl as u64]
    };
    fn H5Acreate_by_name(loc: hid_t, obj_name: Str, name: Str, dtype: hid_t, space: hid_t, acpl: hid_t, aapl: hid_t, lapl: hid_t) -> hid_t |ts, t0| {} |ret, t1| {
        let t = if ret >= 0 { type_code(dtype) } else { 0 };
        [loc as u64, cname(obj_name), cname(name), t, space as u64, acpl as u64, aapl as u64]
    };
    fn H5Awrite(attr: hid_t, mem_type: hid_t, buf: *const c_void) -> herr_t |ts, t0| { let b = attr_bytes(attr, mem_type); } |ret, t1| { [attr as u64, b] };
    fn H5Aread(attr: hid_t, mem_type: hid_t, buf: *mut c_void) -> herr_t |ts, t0| { let b = attr_bytes(attr, mem_type); } |ret, t1| { [attr as u64, b] };

    // ---- properties ----
    fn H5Pset_fapl_sec2(fapl: hid_t) -> herr_t |ts, t0| {} |ret, t1| { [fapl as u64] };
    fn H5Pset_fapl_core(fapl: hid_t, increment: usize, backing_store: c_int) -> herr_t |ts, t0| {} |ret, t1| {
        [fapl as u64, increment as u64, (backing_store & 0xff != 0) as u64]
    };
    fn H5Pset_fapl_stdio(fapl: hid_t) -> herr_t |ts, t0| {} |ret, t1| { [fapl as u64] };
    fn H5Pset_dxpl_mpio(dxpl: hid_t, mode: c_int) -> herr_t |ts, t0| {} |ret, t1| { [dxpl as u64, mode as u64] };
    fn H5Pset_chunk(dcpl: hid_t, rank: c_int, dims: *const hsize_t) -> herr_t |ts, t0| {} |ret, t1| {
        let [d0, d1, d2] = three(dims, rank, 0);
        [dcpl as u64, rank as u64, d0, d1, d2]
    };
    fn H5Pset_deflate(dcpl: hid_t, level: c_uint) -> herr_t |ts, t0| {} |ret, t1| { [dcpl as u64, level as u64] };
    fn H5Pset_shuffle(dcpl: hid_t) -> herr_t |ts, t0| {} |ret, t1| { [dcpl as u64] };
    fn H5Pset_fletcher32(dcpl: hid_t) -> herr_t |ts, t0| {} |ret, t1| { [dcpl as u64] };
    fn H5Pset_szip(dcpl: hid_t, mask: c_uint, pixels: c_uint) -> herr_t |ts, t0| {} |ret, t1| { [dcpl as u64, mask as u64, pixels as u64] };
    fn H5Pset_nbit(dcpl: hid_t) -> herr_t |ts, t0| {} |ret, t1| { [dcpl as u64] };
    fn H5Pset_filter(plist: hid_t, filter: c_int, flags: c_uint, n: usize, values: *const c_uint) -> herr_t |ts, t0| {} |ret, t1| {
        [plist as u64, filter as u64, flags as u64]
    };
    fn H5Pset_alignment(fapl: hid_t, threshold: hsize_t, alignment: hsize_t) -> herr_t |ts, t0| {} |ret, t1| {
        [fapl as u64, threshold, alignment]
    };
    fn H5Pset_fill_time(dcpl: hid_t, fill_time: c_int) -> herr_t |ts, t0| {} |ret, t1| { [dcpl as u64, fill_time as i64 as u64] };
    fn H5Pset_alloc_time(dcpl: hid_t, alloc_time: c_int) -> herr_t |ts, t0| {} |ret, t1| { [dcpl as u64, alloc_time as i64 as u64] };
    fn H5Pset_layout(dcpl: hid_t, layout: c_int) -> herr_t |ts, t0| {} |ret, t1| { [dcpl as u64, layout as i64 as u64] };
    fn H5Pset_sizes(fcpl: hid_t, addr: usize, size: usize) -> herr_t |ts, t0| {} |ret, t1| { [fcpl as u64, addr as u64, size as u64] };
    fn H5Pset_libver_bounds(fapl: hid_t, low: c_int, high: c_int) -> herr_t |ts, t0| {} |ret, t1| {
        [fapl as u64, low as i64 as u64, high as i64 as u64]
    };
    // hbool_t: one byte
    fn H5Pset_all_coll_metadata_ops(plist: hid_t, coll: u8) -> herr_t |ts, t0| {} |ret, t1| { [plist as u64, coll as u64] };
    fn H5Pset_coll_metadata_write(fapl: hid_t, coll: u8) -> herr_t |ts, t0| {} |ret, t1| { [fapl as u64, coll as u64] };
    // What h5py sets on its lists (they shape the file: object header sizes, group formats,
    // when a file is closed, the caches that decide when metadata is written).
    fn H5Pset_fclose_degree(fapl: hid_t, degree: c_int) -> herr_t |ts, t0| {} |ret, t1| { [fapl as u64, degree as i64 as u64] };
    fn H5Pset_obj_track_times(ocpl: hid_t, track: u8) -> herr_t |ts, t0| {} |ret, t1| { [ocpl as u64, track as u64] };
    fn H5Pset_link_creation_order(gcpl: hid_t, flags: c_uint) -> herr_t |ts, t0| {} |ret, t1| { [gcpl as u64, flags as u64] };
    fn H5Pset_attr_creation_order(ocpl: hid_t, flags: c_uint) -> herr_t |ts, t0| {} |ret, t1| { [ocpl as u64, flags as u64] };
    fn H5Pset_create_intermediate_group(lcpl: hid_t, create: c_uint) -> herr_t |ts, t0| {} |ret, t1| { [lcpl as u64, create as u64] };
    fn H5Pset_cache(fapl: hid_t, mdc_nelmts: c_int, rdcc_nslots: usize, rdcc_nbytes: usize, rdcc_w0: f64) -> herr_t |ts, t0| {} |ret, t1| {
        [fapl as u64, mdc_nelmts as i64 as u64, rdcc_nslots as u64, rdcc_nbytes as u64, rdcc_w0.to_bits()]
    };
    fn H5Pcreate(cls: hid_t) -> hid_t |ts, t0| { let class = plist_class(cls); } |ret, t1| { [class] };
    fn H5Pcopy(plist: hid_t) -> hid_t |ts, t0| {} |ret, t1| { [plist as u64] };
    fn H5Pclose(plist: hid_t) -> herr_t |ts, t0| {} |ret, t1| { [plist as u64] };

    // ---- dataspaces ----
    fn H5Screate(kind: c_int) -> hid_t |ts, t0| {} |ret, t1| { [kind as i64 as u64] };
    fn H5Screate_simple(rank: c_int, dims: *const hsize_t, max: *const hsize_t) -> hid_t |ts, t0| {} |ret, t1| {
        let [d0, d1, d2] = three(dims, rank, 0);
        let [m0, m1, m2] = if max.is_null() { [d0, d1, d2] } else { three(max, rank, 0) };
        [rank as i64 as u64, d0, d1, d2, m0, m1, m2]
    };
    fn H5Scopy(space: hid_t) -> hid_t |ts, t0| {} |ret, t1| { [space as u64] };
    fn H5Sclose(space: hid_t) -> herr_t |ts, t0| {} |ret, t1| { [space as u64] };
    fn H5Sselect_hyperslab(space: hid_t, op: c_int, start: *const hsize_t, stride: *const hsize_t, count: *const hsize_t, block: *const hsize_t) -> herr_t |ts, t0| {} |ret, t1| {
        let rank = if ret >= 0 { q::H5Sget_simple_extent_ndims(space) } else { -1 };
        slab_events(ts, t1, rank, [start, stride, count, block]);
        [space as u64, op as i64 as u64, rank as i64 as u64]
    };
    fn H5Sselect_all(space: hid_t) -> herr_t |ts, t0| {} |ret, t1| { [space as u64] };
    fn H5Sselect_none(space: hid_t) -> herr_t |ts, t0| {} |ret, t1| { [space as u64] };
    fn H5Sselect_elements(space: hid_t, op: c_int, n: usize, coord: *const hsize_t) -> herr_t |ts, t0| {} |ret, t1| {
        [space as u64, op as i64 as u64, n as u64]
    };
}
