//! The NetCDF layer: files and the data functions of netcdf.h, every typed form (the list
//! is generated from the installed header by scripts/gen-netcdf.py into generated/netcdf.rs).
//!
//! NetCDF's C API needs no header either (ids are ints, sizes size_t). A data record holds
//! the file's ncid, the variable's name (a `Name`, cached per (ncid, varid) without locks),
//! the elements moved (1 for `var1`, the product of `count` for `vara/vars/varm`, the
//! variable's whole shape for `var`) and bytes = elements × the memory type's size (the
//! variable's own type for the untyped forms). `var1/vara/vars/varm` add an `nc_selection`
//! event: the bounding box (first index, extent) of up to three dimensions.

#![allow(non_snake_case)]

use crate::objects::{cname, name_id, IdCache};
use crate::runtime;
use io_events::functions::{mpi_amode, Func, Layer};
use std::os::raw::{c_char, c_int, c_void};

/// Typed calls of the NetCDF functions the recorder asks (none is wrapped; all return a
/// NetCDF status; -1 when libnetcdf is missing). A netCDF-4 file's variable metadata is
/// loaded lazily, on the first inquiry about it: the recorder asks only after the program's
/// call on the variable (which loaded it), and each question runs as a `runtime::query`, so
/// that I/O one still causes is recorded inside the call.
macro_rules! nc {
    ($( fn $name:ident ( $($a:ident : $t:ty),* ); )*) => {
        crate::wrap::lib_calls! { new, query; $( fn $name($($a: $t),*) -> c_int = -1; )* }
    };
}

nc! {
    fn nc_inq_varndims(ncid: c_int, varid: c_int, ndims: *mut c_int);
    fn nc_inq_vardimid(ncid: c_int, varid: c_int, dimids: *mut c_int);
    fn nc_inq_dimlen(ncid: c_int, dimid: c_int, len: *mut usize);
    fn nc_inq_vartype(ncid: c_int, varid: c_int, xtype: *mut c_int);
    fn nc_inq_type(ncid: c_int, xtype: c_int, name: *mut c_char, size: *mut usize);
    fn nc_inq_varname(ncid: c_int, varid: c_int, name: *mut c_char);
}

/// Per-variable facts cached by (ncid, varid) without locks: the name (a name id) and the
/// number of dimensions, both fixed once a variable is defined. netCDF and PnetCDF keep one
/// each (their ncids overlap); `forget` drops a closed file's entries.
pub(crate) struct VarCache {
    names: IdCache,
    ndims: IdCache,
}

impl VarCache {
    pub(crate) const fn new() -> VarCache {
        VarCache {
            names: IdCache::new(),
            ndims: IdCache::new(),
        }
    }

    pub(crate) fn key(ncid: c_int, varid: c_int) -> i64 {
        ((ncid as u32 as u64) << 32 | varid as u32 as u64) as i64
    }

    /// Whether a cache key belongs to the file `ncid`.
    pub(crate) fn of_file(k: u64, ncid: c_int) -> bool {
        (k >> 32) as u32 == ncid as u32
    }

    /// The variable's name id; `inq` writes the name into a 1024-byte buffer (0: success).
    pub(crate) unsafe fn name(
        &self,
        ncid: c_int,
        varid: c_int,
        inq: impl FnOnce(*mut c_char) -> c_int,
    ) -> u64 {
        let k = Self::key(ncid, varid);
        if let Some(n) = self.names.get(k) {
            return n;
        }
        let mut buf = [0u8; 1024];
        if inq(buf.as_mut_ptr() as *mut c_char) != 0 {
            return name_id("(unknown variable)");
        }
        let n = buf.iter().position(|&c| c == 0).unwrap_or(0);
        let id = name_id(&String::from_utf8_lossy(&buf[..n]));
        self.names.put(k, id);
        id
    }

    /// The variable's number of dimensions; `inq` stores it (0: success).
    pub(crate) unsafe fn ndims(
        &self,
        ncid: c_int,
        varid: c_int,
        inq: impl FnOnce(*mut c_int) -> c_int,
    ) -> usize {
        let k = Self::key(ncid, varid);
        if let Some(n) = self.ndims.get(k) {
            return n as usize;
        }
        let mut n: c_int = 0;
        if inq(&mut n) != 0 {
            return 0;
        }
        let n = n.clamp(0, 1024) as usize;
        self.ndims.put(k, n as u64);
        n
    }

    pub(crate) fn forget(&self, ncid: c_int) {
        self.names.forget(|k| Self::of_file(k, ncid));
        self.ndims.forget(|k| Self::of_file(k, ncid));
    }
}

static VARS: VarCache = VarCache::new();

unsafe fn var_name(ncid: c_int, varid: c_int) -> u64 {
    VARS.name(ncid, varid, |buf| nc_inq_varname(ncid, varid, buf))
}

fn forget_file(ncid: c_int) {
    VARS.forget(ncid);
}

unsafe fn ndims(ncid: c_int, varid: c_int) -> usize {
    VARS.ndims(ncid, varid, |n| nc_inq_varndims(ncid, varid, n))
}

/// Elements of the variable's whole shape.
unsafe fn whole(ncid: c_int, varid: c_int) -> u64 {
    let n = ndims(ncid, varid);
    let mut dims = [0 as c_int; 1024];
    if nc_inq_vardimid(ncid, varid, dims.as_mut_ptr()) != 0 {
        return 0;
    }
    let mut e = 1u64;
    for d in &dims[..n] {
        let mut len = 0usize;
        nc_inq_dimlen(ncid, *d, &mut len);
        e = e.saturating_mul(len as u64);
    }
    e
}

/// Product of `count` over the variable's dimensions.
unsafe fn counted(ncid: c_int, varid: c_int, count: *const usize) -> u64 {
    if count.is_null() {
        return whole(ncid, varid);
    }
    (0..ndims(ncid, varid)).fold(1u64, |e, i| e.saturating_mul(*count.add(i) as u64))
}

/// Size of the variable's own type (the untyped forms move that).
unsafe fn var_type_size(ncid: c_int, varid: c_int) -> u64 {
    let mut t: c_int = 0;
    let mut size = 0usize;
    if nc_inq_vartype(ncid, varid, &mut t) != 0
        || nc_inq_type(ncid, t, std::ptr::null_mut(), &mut size) != 0
    {
        return 0;
    }
    size as u64
}

/// The bounding box of a transfer (first index and extent per dimension; with a stride the
/// extent is (count - 1) x stride + 1) as an `nc_selection` event.
unsafe fn selection(
    ts: *mut runtime::ThreadState,
    t: u64,
    ncid: c_int,
    varid: c_int,
    start: *const usize,
    count: *const usize,
    stride: *const isize,
) {
    if start.is_null() {
        return;
    }
    let n = ndims(ncid, varid);
    let d = |i: usize| -> (u64, u64) {
        if i >= n {
            return (0, 0);
        }
        let c = if count.is_null() {
            1
        } else {
            *count.add(i) as u64
        };
        let st = if stride.is_null() {
            1
        } else {
            (*stride.add(i)).max(1) as u64
        };
        let extent = if c == 0 { 0 } else { (c - 1) * st + 1 };
        (*start.add(i) as u64, extent)
    };
    let (a, b, c) = (d(0), d(1), d(2));
    runtime::child(
        ts,
        Func::nc_selection,
        t,
        &[n as u64, a.0, a.1, b.0, b.1, c.0, c.1, 0],
    );
    if !stride.is_null() {
        let g = |i: usize| -> (u64, u64) {
            if i < n {
                (
                    if count.is_null() {
                        1
                    } else {
                        *count.add(i) as u64
                    },
                    *stride.add(i) as u64,
                )
            } else {
                (0, 0)
            }
        };
        let (x, y, z) = (g(0), g(1), g(2));
        runtime::child(
            ts,
            Func::nc_stride,
            t,
            &[n as u64, x.0, x.1, y.0, y.1, z.0, z.1, 0],
        );
    }
}

/// The shape of a data call, for the element count.
#[derive(Clone, Copy)]
enum Shape {
    Whole,
    /// var1: the index.
    One(*const usize),
    /// vara/vars/varm: start, count, stride (null: 1).
    Counted(*const usize, *const usize, *const isize),
}

/// Record one data call around `real`. Everything is asked after the call: before it, a
/// netCDF-4 variable's metadata may not be loaded yet, and asking would load it (with I/O)
/// outside the program's call.
#[inline]
unsafe fn data_call(
    func: Func,
    ncid: c_int,
    varid: c_int,
    shape: Shape,
    elem_size: u64,
    real: impl FnOnce() -> c_int,
) -> c_int {
    crate::wrap::record_call(
        Layer::NetCdf,
        func,
        |_| note_library(),
        real,
        |ts, (), ret, t1| {
            let elements = match shape {
                Shape::Whole => whole(ncid, varid),
                Shape::One(_) => 1,
                Shape::Counted(_, count, _) => counted(ncid, varid, count),
            };
            let size = if elem_size == 0 {
                var_type_size(ncid, varid)
            } else {
                elem_size
            };
            let name = var_name(ncid, varid);
            match shape {
                Shape::Counted(start, count, stride) => {
                    selection(ts, t1, ncid, varid, start, count, stride)
                }
                Shape::One(index) => selection(
                    ts,
                    t1,
                    ncid,
                    varid,
                    index,
                    std::ptr::null(),
                    std::ptr::null(),
                ),
                Shape::Whole => {}
            }
            ([ncid as u64, name, elements, elements * size], ret)
        },
    )
}

type Ix = *const usize;
type Df = *const isize;

/// One exported function per generated line: `put|get form name size`.
macro_rules! nc_data {
    ($( $dir:ident $form:ident $name:ident $size:literal; )*) => { $( nc_data!(@one $form $name $size); )* };
    (@one var $name:ident $size:literal) => {
        crate::wrap::exported! {
            fn $name(ncid: c_int, varid: c_int, buf: *mut c_void) -> c_int;
            real: LibReal::new(concat!(stringify!($name), "\0"));
            missing: -1;
            |real| {
                data_call(Func::$name, ncid, varid, Shape::Whole, $size, || real(ncid, varid, buf))
            }
        }
    };
    (@one var1 $name:ident $size:literal) => {
        crate::wrap::exported! {
            fn $name(ncid: c_int, varid: c_int, index: Ix, buf: *mut c_void) -> c_int;
            real: LibReal::new(concat!(stringify!($name), "\0"));
            missing: -1;
            |real| {
                data_call(Func::$name, ncid, varid, Shape::One(index), $size, || real(ncid, varid, index, buf))
            }
        }
    };
    (@one vara $name:ident $size:literal) => {
        crate::wrap::exported! {
            fn $name(ncid: c_int, varid: c_int, start: Ix, count: Ix, buf: *mut c_void) -> c_int;
            real: LibReal::new(concat!(stringify!($name), "\0"));
            missing: -1;
            |real| {
                data_call(Func::$name, ncid, varid, Shape::Counted(start, count, std::ptr::null()), $size, || real(ncid, varid, start, count, buf))
            }
        }
    };
    (@one vars $name:ident $size:literal) => {
        crate::wrap::exported! {
            fn $name(ncid: c_int, varid: c_int, start: Ix, count: Ix, stride: Df, buf: *mut c_void) -> c_int;
            real: LibReal::new(concat!(stringify!($name), "\0"));
            missing: -1;
            |real| {
                data_call(Func::$name, ncid, varid, Shape::Counted(start, count, stride), $size, || real(ncid, varid, start, count, stride, buf))
            }
        }
    };
    (@one varm $name:ident $size:literal) => {
        crate::wrap::exported! {
            fn $name(ncid: c_int, varid: c_int, start: Ix, count: Ix, stride: Df, imap: Df, buf: *mut c_void) -> c_int;
            real: LibReal::new(concat!(stringify!($name), "\0"));
            missing: -1;
            |real| {
                data_call(Func::$name, ncid, varid, Shape::Counted(start, count, stride), $size, || real(ncid, varid, start, count, stride, imap, buf))
            }
        }
    };
}

nc! {
    fn nc_inq_attlen(ncid: c_int, varid: c_int, name: *const c_char, len: *mut usize);
    fn nc_inq_atttype(ncid: c_int, varid: c_int, name: *const c_char, xtype: *mut c_int);
}

/// Size of an nc_type.
unsafe fn type_size(ncid: c_int, xtype: c_int) -> u64 {
    let mut size = 0usize;
    if nc_inq_type(ncid, xtype, std::ptr::null_mut(), &mut size) != 0 {
        return 0;
    }
    size as u64
}

/// Record an attribute call of netCDF or PnetCDF (a region with its bytes: attributes are
/// file metadata); `note` runs first (the layer's once-per-process metadata).
#[inline]
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn att_call(
    layer: Layer,
    note: fn(),
    func: Func,
    ncid: c_int,
    varid: c_int,
    name: *const c_char,
    bytes: impl FnOnce() -> u64,
    real: impl FnOnce() -> c_int,
) -> c_int {
    crate::wrap::record_call(
        layer,
        func,
        |_| {
            note();
            cname(name)
        },
        real,
        // A get learns the length only once the attribute exists: asked after the call.
        |_, n, ret, _| {
            let b = if ret == 0 { bytes() } else { 0 };
            ([ncid as u64, varid as u64, n, b], ret)
        },
    )
}

/// One exported attribute function per generated line: `put_x|put_n|get name size`.
macro_rules! nc_att {
    ($( $kind:ident $name:ident $size:literal; )*) => { $( nc_att!(@one $kind $name $size); )* };
    (@one put_x $name:ident $size:literal) => {
        crate::wrap::exported! {
            fn $name(ncid: c_int, varid: c_int, name: Str, xtype: c_int, len: usize, op: *const c_void) -> c_int;
            real: LibReal::new(concat!(stringify!($name), "\0"));
            missing: -1;
            |real| {
                let size = || if $size == 0 { type_size(ncid, xtype) } else { $size };
                att_call(Layer::NetCdf, note_library, Func::$name, ncid, varid, name, || len as u64 * size(), || real(ncid, varid, name, xtype, len, op))
            }
        }
    };
    (@one put_n $name:ident $size:literal) => {
        crate::wrap::exported! {
            fn $name(ncid: c_int, varid: c_int, name: Str, len: usize, op: *const c_void) -> c_int;
            real: LibReal::new(concat!(stringify!($name), "\0"));
            missing: -1;
            |real| {
                att_call(Layer::NetCdf, note_library, Func::$name, ncid, varid, name, || len as u64 * $size, || real(ncid, varid, name, len, op))
            }
        }
    };
    (@one get $name:ident $size:literal) => {
        crate::wrap::exported! {
            fn $name(ncid: c_int, varid: c_int, name: Str, ip: *mut c_void) -> c_int;
            real: LibReal::new(concat!(stringify!($name), "\0"));
            missing: -1;
            |real| {
                let bytes = || {
                    let mut len = 0usize;
                    nc_inq_attlen(ncid, varid, name, &mut len);
                    let size = if $size == 0 {
                        let mut t: c_int = 0;
                        nc_inq_atttype(ncid, varid, name, &mut t);
                        type_size(ncid, t)
                    } else {
                        $size
                    };
                    len as u64 * size
                };
                att_call(Layer::NetCdf, note_library, Func::$name, ncid, varid, name, bytes, || real(ncid, varid, name, ip))
            }
        }
    };
}

include!("generated/netcdf.rs");

/// Record, once per process, whether libnetcdf is a parallel build.
pub(crate) fn note_library() {
    static DONE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    // A plain load first: the locked swap only once.
    if DONE.load(std::sync::atomic::Ordering::Relaxed)
        || DONE.swap(true, std::sync::atomic::Ordering::Relaxed)
    {
        return;
    }
    // A parallel libnetcdf links libmpi (the serial build exports nc_create_par too, as a
    // stub): PMPI_Init is then loaded.
    let parallel = !crate::wrap::search_loaded(b"PMPI_Init\0".as_ptr() as *const c_char).is_null();
    runtime::update_meta(|m| {
        m.options.insert(
            "netcdf".into(),
            if parallel {
                "parallel".into()
            } else {
                "serial".into()
            },
        );
    });
}

// ---- files and definitions ---------------------------------------------------------------------

const NC_WRITE: c_int = 0x0001;
const NC_NOCLOBBER: c_int = 0x0004;

pub(crate) fn create_mode(cmode: c_int) -> u64 {
    mpi_amode::CREATE
        | mpi_amode::RDWR
        | if cmode & NC_NOCLOBBER != 0 {
            mpi_amode::EXCL
        } else {
            mpi_amode::TRUNCATE
        }
}

pub(crate) fn open_mode(mode: c_int) -> u64 {
    if mode & NC_WRITE != 0 {
        mpi_amode::RDWR
    } else {
        mpi_amode::RDONLY
    }
}

std::thread_local! {
    /// Set while nc_create/nc_open runs on this thread: libnetcdf implements them by calling
    /// nc__create/nc__open, which are then not recorded a second time.
    static OPENING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// `fn nc_name(args) { before } |ts, ret| { after; [fields] };`, real = next definition.
macro_rules! nc_wrap {
    ($( fn $name:ident ( $($a:ident : $t:ty),* ) { $($pre:tt)* } | $ts:ident, $ret:ident | $post:block ; )*) => { $(
        crate::wrap::exported! {
            #[allow(unused_variables)]
            fn $name($($a: $t),*) -> c_int;
            real: LibReal::new(concat!(stringify!($name), "\0"));
            missing: -1;
            |real| {
                crate::wrap::record! {
                    policy: crate::wrap::NETCDF, layer: Layer::NetCdf, func: Func::$name,
                    gate: !nested(Func::$name), call: real($($a),*),
                    before: |$ts, t0| {
                        note_library();
                        $($pre)*
                    }
                    after: |$ret, t1, failed| Some(($post, 0))
                }
            }
        }
    )* };
}

type Str = *const c_char;
type Id = *mut c_int;

/// nc__create/nc__open called by libnetcdf's own nc_create/nc_open.
#[inline]
fn nested(f: Func) -> bool {
    matches!(f, Func::nc__create | Func::nc__open) && OPENING.with(|o| o.get())
}

unsafe fn out_id(ret: c_int, p: Id) -> u64 {
    if ret == 0 && !p.is_null() {
        *p as u64
    } else {
        u64::MAX
    }
}

nc_wrap! {
    fn nc_create(path: Str, cmode: c_int, ncidp: Id) {
        let file = crate::files::intern_path(&mut *ts, libc::AT_FDCWD, path).unwrap_or(u64::MAX);
        let outer = OPENING.with(|o| o.replace(true));
    } |ts, ret| {
        OPENING.with(|o| o.set(outer));
        [file, create_mode(cmode), out_id(ret, ncidp)]
    };
    fn nc__create(path: Str, cmode: c_int, initialsz: usize, chunksizehintp: *mut usize, ncidp: Id) {
        let file = crate::files::intern_path(&mut *ts, libc::AT_FDCWD, path).unwrap_or(u64::MAX);
    } |ts, ret| { [file, create_mode(cmode), out_id(ret, ncidp)] };
    fn nc_open(path: Str, mode: c_int, ncidp: Id) {
        let file = crate::files::intern_path(&mut *ts, libc::AT_FDCWD, path).unwrap_or(u64::MAX);
        let outer = OPENING.with(|o| o.replace(true));
    } |ts, ret| {
        OPENING.with(|o| o.set(outer));
        [file, open_mode(mode), out_id(ret, ncidp)]
    };
    fn nc__open(path: Str, mode: c_int, chunksizehintp: *mut usize, ncidp: Id) {
        let file = crate::files::intern_path(&mut *ts, libc::AT_FDCWD, path).unwrap_or(u64::MAX);
    } |ts, ret| { [file, open_mode(mode), out_id(ret, ncidp)] };
    fn nc_close(ncid: c_int) {} |ts, ret| { forget_file(ncid); [ncid as u64] };
    fn nc_abort(ncid: c_int) {} |ts, ret| { forget_file(ncid); [ncid as u64] };
    fn nc_sync(ncid: c_int) {} |ts, ret| { [ncid as u64] };
    fn nc_redef(ncid: c_int) {} |ts, ret| { [ncid as u64] };
    fn nc_enddef(ncid: c_int) {} |ts, ret| { [ncid as u64] };
    fn nc__enddef(ncid: c_int, h_minfree: usize, v_align: usize, v_minfree: usize, r_align: usize) {} |ts, ret| { [ncid as u64] };
    fn nc_set_fill(ncid: c_int, fillmode: c_int, old: *mut c_int) {} |ts, ret| { [ncid as u64, fillmode as u64] };
    fn nc_def_dim(ncid: c_int, name: Str, len: usize, idp: Id) {} |ts, ret| { [ncid as u64, cname(name), len as u64] };
    fn nc_def_var(ncid: c_int, name: Str, xtype: c_int, ndims: c_int, dimids: *const c_int, varidp: Id) {} |ts, ret| {
        [ncid as u64, cname(name), xtype as u64, ndims as u64]
    };
    fn nc_def_var_chunking(ncid: c_int, varid: c_int, storage: c_int, chunks: *const usize) {} |ts, ret| {
        [ncid as u64, varid as u64, storage as u64]
    };
    fn nc_def_var_deflate(ncid: c_int, varid: c_int, shuffle: c_int, deflate: c_int, level: c_int) {} |ts, ret| {
        [ncid as u64, varid as u64, shuffle as u64, deflate as u64, level as u64]
    };
    fn nc_var_par_access(ncid: c_int, varid: c_int, access: c_int) {} |ts, ret| { [ncid as u64, varid as u64, access as u64] };
    fn nc_rename_var(ncid: c_int, varid: c_int, name: Str) {} |ts, ret| {
        forget_file(ncid);
        [ncid as u64, varid as u64, cname(name)]
    };
    fn nc_rename_dim(ncid: c_int, dimid: c_int, name: Str) {} |ts, ret| { [ncid as u64, dimid as u64, cname(name)] };
    fn nc_rename_att(ncid: c_int, varid: c_int, name: Str, newname: Str) {} |ts, ret| {
        [ncid as u64, varid as u64, cname(name), cname(newname)]
    };
}
