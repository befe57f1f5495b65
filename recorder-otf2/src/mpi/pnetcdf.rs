//! The PnetCDF layer: files, define mode, attributes and every data function of pnetcdf.h
//! (blocking independent and collective `_all`, non-blocking iput/iget/bput, typed and
//! flexible MPI-datatype forms; the list is generated from the installed header by
//! scripts/gen-pnetcdf.py into generated/pnetcdf.rs).
//!
//! A data record holds the file's ncid, the variable's name (a `Name`, cached per
//! (ncid, varid) without locks), the elements moved and the bytes (elements x the memory
//! type's size; for the flexible forms bufcount x the size of the MPI datatype). A
//! non-blocking call adds the request id PnetCDF returned; ncmpi_wait/wait_all/cancel write
//! one `ncmpi_request_done` event per request they end (with its status and whether the
//! completion was collective), or one `ncmpi_requests_done` for NC_REQ_ALL and its kin.
//! The request ids are copied before the call: PnetCDF resets them to NC_REQ_NULL.
//!
//! For a replay at the PnetCDF layer (native format 3) the records also hold what the
//! calls made (def_dim's dimid, def_var's varid and its dimension ids as an `ncmpi_dimids`
//! event, create/open's raw NC_* mode, put_att's type and length), and a data call's start,
//! count and stride as `ncmpi_start` / `ncmpi_count` / `ncmpi_strides` events (fixed fields:
//! 4 dimensions, a varn's first 16 subarrays; what does not fit is flagged). These events are
//! written from the values the program passed: no query, nothing allocated.

use super::{comm_id, PMPI_Type_size};
use super::{MPI_Comm, MPI_Datatype, MPI_Info, MPI_Offset};
use crate::netcdf::{att_call, VarCache};
use crate::objects::{cname, IdCache};
use crate::runtime::{self, ThreadState};
use io_events::functions::{Func, Layer};
use std::os::raw::{c_char, c_int, c_void};

type Ix = *const MPI_Offset;
type Nx = *const *const MPI_Offset;
type Dt = MPI_Datatype;
type Str = *const c_char;
const NUL: Ix = std::ptr::null();

/// PnetCDF's "no request" id (also returned for zero-length requests).
const NC_REQ_NULL: c_int = -1;
/// ncmpi_wait*/cancel counts that mean every pending request: all, the gets, the puts.
const NC_REQ_ALL: c_int = -1;
const NC_GET_REQ_ALL: c_int = -2;
const NC_PUT_REQ_ALL: c_int = -3;

crate::wrap::lib_calls! { new;
    fn ncmpi_inq_varname(ncid: c_int, varid: c_int, name: *mut c_char) -> c_int = -1;
    fn ncmpi_inq_varndims(ncid: c_int, varid: c_int, ndims: *mut c_int) -> c_int = -1;
    fn ncmpi_inq_vardimid(ncid: c_int, varid: c_int, dimids: *mut c_int) -> c_int = -1;
    fn ncmpi_inq_dimlen(ncid: c_int, dimid: c_int, len: *mut MPI_Offset) -> c_int = -1;
    fn ncmpi_inq_vartype(ncid: c_int, varid: c_int, xtype: *mut c_int) -> c_int = -1;
    fn ncmpi_inq_attlen(ncid: c_int, varid: c_int, name: Str, len: *mut MPI_Offset) -> c_int = -1;
    fn ncmpi_inq_atttype(ncid: c_int, varid: c_int, name: Str, xtype: *mut c_int) -> c_int = -1;
}

/// Variable names, dimension counts and external type sizes by (ncid, varid): fixed once a
/// variable is defined.
static VARS: VarCache = VarCache::new();
static VAR_TYPE_SIZES: IdCache = IdCache::new();

fn forget_file(ncid: c_int) {
    VARS.forget(ncid);
    VAR_TYPE_SIZES.forget(|k| VarCache::of_file(k, ncid));
}

unsafe fn var_name(ncid: c_int, varid: c_int) -> u64 {
    VARS.name(ncid, varid, |buf| ncmpi_inq_varname(ncid, varid, buf))
}

unsafe fn ndims(ncid: c_int, varid: c_int) -> usize {
    VARS.ndims(ncid, varid, |n| ncmpi_inq_varndims(ncid, varid, n))
}

/// Size of an external (file) type, NC_BYTE .. NC_UINT64.
fn nc_type_size(t: c_int) -> u64 {
    match t {
        1 | 2 | 7 => 1,
        3 | 8 => 2,
        4 | 5 | 9 => 4,
        6 | 10 | 11 => 8,
        _ => 0,
    }
}

unsafe fn var_type_size(ncid: c_int, varid: c_int) -> u64 {
    let k = VarCache::key(ncid, varid);
    if let Some(n) = VAR_TYPE_SIZES.get(k) {
        return n;
    }
    let mut t: c_int = 0;
    if ncmpi_inq_vartype(ncid, varid, &mut t) != 0 {
        return 0;
    }
    let s = nc_type_size(t);
    VAR_TYPE_SIZES.put(k, s);
    s
}

/// Elements of the variable's whole shape (the record dimension grows: not cached).
unsafe fn whole(ncid: c_int, varid: c_int) -> u64 {
    let n = ndims(ncid, varid);
    let mut dims = [0 as c_int; 1024];
    if ncmpi_inq_vardimid(ncid, varid, dims.as_mut_ptr()) != 0 {
        return 0;
    }
    let mut e = 1u64;
    for d in &dims[..n] {
        let mut len: MPI_Offset = 0;
        ncmpi_inq_dimlen(ncid, *d, &mut len);
        e = e.saturating_mul(len.max(0) as u64);
    }
    e
}

/// Where a transfer's elements come from.
#[derive(Clone, Copy)]
enum Shape {
    /// `var`: the whole variable.
    Whole,
    /// `var1`: one element at this index.
    One(Ix),
    /// `vara/vars`: start, count, stride (null: 1).
    Counted(Ix, Ix, Ix),
    /// `varm`: as `Counted` (its imap, the memory layout, is not recorded).
    Mapped(Ix, Ix, Ix),
    /// `varn`: `num` subarrays (counts null: one element each).
    Many(c_int, Nx, Nx),
    /// `vard`: the file datatype decides; the elements are bufcount items of buftype.
    Flex,
}

/// The memory side of a transfer.
#[derive(Clone, Copy)]
enum Mem {
    /// A typed form: bytes per element.
    Typed(u64),
    /// A flexible form: bufcount items of an MPI datatype (-1: as many as the elements;
    /// MPI_DATATYPE_NULL: the variable's own type).
    Flex(MPI_Offset, Dt),
}

unsafe fn product(ncid: c_int, varid: c_int, count: Ix) -> u64 {
    (0..ndims(ncid, varid)).fold(1u64, |e, i| e.saturating_mul((*count.add(i)).max(0) as u64))
}

unsafe fn elements(ncid: c_int, varid: c_int, shape: Shape) -> u64 {
    match shape {
        Shape::Whole => whole(ncid, varid),
        Shape::One(_) => 1,
        Shape::Counted(_, count, _) | Shape::Mapped(_, count, _) if count.is_null() => {
            whole(ncid, varid)
        }
        Shape::Counted(_, count, _) | Shape::Mapped(_, count, _) => product(ncid, varid, count),
        Shape::Many(num, _, counts) => (0..num.max(0) as usize).fold(0u64, |e, i| {
            let c = if counts.is_null() {
                std::ptr::null()
            } else {
                *counts.add(i)
            };
            e.saturating_add(if c.is_null() {
                1
            } else {
                product(ncid, varid, c)
            })
        }),
        Shape::Flex => 0,
    }
}

/// (elements, bytes) of a transfer.
unsafe fn sizes(ncid: c_int, varid: c_int, shape: Shape, mem: Mem) -> (u64, u64) {
    let e = elements(ncid, varid, shape);
    match mem {
        Mem::Typed(s) => (e, e * s),
        Mem::Flex(bufcount, dt) => {
            let mut size: c_int = 0;
            if PMPI_Type_size(dt, &mut size) != 0 || size <= 0 {
                // MPI_DATATYPE_NULL: the buffer holds the variable's own type.
                return (e, e * var_type_size(ncid, varid));
            }
            let items = if bufcount < 0 { e } else { bufcount as u64 };
            let e = if matches!(shape, Shape::Flex) {
                items
            } else {
                e
            };
            (e, items * size as u64)
        }
    }
}

/// The bounding box of a `var1/vara/vars/varm` transfer as an `ncmpi_selection` event, and
/// its counts and strides as an `ncmpi_stride` event when it has strides.
unsafe fn selection(ts: *mut ThreadState, t: u64, ncid: c_int, varid: c_int, shape: Shape) {
    let (start, count, stride) = match shape {
        Shape::One(start) => (start, NUL, NUL),
        Shape::Counted(start, count, stride) | Shape::Mapped(start, count, stride) => {
            (start, count, stride)
        }
        _ => return,
    };
    if start.is_null() {
        return;
    }
    let n = ndims(ncid, varid);
    let at = |p: Ix, i: usize, dflt: u64| {
        if p.is_null() {
            dflt
        } else {
            (*p.add(i)).max(0) as u64
        }
    };
    let d = |i: usize| -> (u64, u64) {
        if i >= n {
            return (0, 0);
        }
        let c = at(count, i, 1);
        let extent = if c == 0 {
            0
        } else {
            (c - 1) * at(stride, i, 1).max(1) + 1
        };
        (at(start, i, 0), extent)
    };
    let (a, b, c) = (d(0), d(1), d(2));
    runtime::child(
        ts,
        Func::ncmpi_selection,
        t,
        &[n as u64, a.0, a.1, b.0, b.1, c.0, c.1, 0],
    );
    if !stride.is_null() {
        let g = |i: usize| {
            if i < n {
                (at(count, i, 1), at(stride, i, 1))
            } else {
                (0, 0)
            }
        };
        let (x, y, z) = (g(0), g(1), g(2));
        runtime::child(
            ts,
            Func::ncmpi_stride,
            t,
            &[n as u64, x.0, x.1, y.0, y.1, z.0, z.1, 0],
        );
    }
}

/// Subarrays of a varn call recorded for the replay (more: the call is marked not
/// replayable, the first ones recorded).
const MAX_SUBARRAYS: usize = 16;
/// `ncmpi_start`'s form bits.
const MORE_DIMS: u64 = 1;
const NOT_REPLAYABLE: u64 = 2;
const LAST: u64 = 4;

/// Up to 4 values of `p` (null: `dflt`) for `n` dimensions.
unsafe fn four(p: Ix, n: usize, dflt: u64) -> [u64; 4] {
    let mut v = [0u64; 4];
    for (i, x) in v.iter_mut().enumerate().take(n.min(4)) {
        *x = if p.is_null() {
            dflt
        } else {
            (*p.add(i)).max(0) as u64
        };
    }
    v
}

/// One subarray as `ncmpi_start` + `ncmpi_count` (+ `ncmpi_strides`) events.
#[allow(clippy::too_many_arguments)]
unsafe fn subarray(ts: *mut ThreadState, t: u64, n: usize, s: Ix, c: Ix, st: Ix, form: u64) {
    let form = form | if n > 4 { MORE_DIMS } else { 0 };
    let [a, b, d, e] = four(s, n, 0);
    runtime::child(ts, Func::ncmpi_start, t, &[n as u64, a, b, d, e, form, 0]);
    let [a, b, d, e] = four(c, n, 1);
    runtime::child(ts, Func::ncmpi_count, t, &[a, b, d, e, 0]);
    if !st.is_null() {
        let [a, b, d, e] = four(st, n, 1);
        runtime::child(ts, Func::ncmpi_strides, t, &[a, b, d, e, 0]);
    }
}

/// What a replay at the PnetCDF layer needs of a data call beyond its record: the start,
/// count and stride of each subarray (none for `var`, the whole variable).
unsafe fn access(ts: *mut ThreadState, t: u64, ncid: c_int, varid: c_int, shape: Shape) {
    let n = ndims(ncid, varid);
    match shape {
        Shape::Whole => {}
        Shape::One(s) => subarray(ts, t, n, s, NUL, NUL, LAST),
        Shape::Counted(s, c, st) => subarray(ts, t, n, s, c, st, LAST),
        Shape::Mapped(s, c, st) => subarray(ts, t, n, s, c, st, LAST | NOT_REPLAYABLE),
        Shape::Flex => subarray(ts, t, 0, NUL, NUL, NUL, LAST | NOT_REPLAYABLE),
        Shape::Many(num, starts, counts) => {
            let num = num.max(0) as usize;
            let kept = num.min(MAX_SUBARRAYS);
            let over = if num > kept { NOT_REPLAYABLE } else { 0 };
            if kept == 0 || starts.is_null() {
                return subarray(ts, t, n, NUL, NUL, NUL, LAST | over);
            }
            for i in 0..kept {
                let c = if counts.is_null() {
                    NUL
                } else {
                    *counts.add(i)
                };
                let last = if i + 1 == kept { LAST | over } else { 0 };
                subarray(ts, t, n, *starts.add(i), c, NUL, last);
            }
        }
    }
}

/// What a data call moves: (elements, bytes, the variable's name id).
#[inline]
unsafe fn transfer(ncid: c_int, varid: c_int, shape: Shape, mem: Mem) -> (u64, u64, u64) {
    note_library();
    let (e, b) = sizes(ncid, varid, shape, mem);
    (e, b, var_name(ncid, varid))
}

/// Record a blocking data call around `real`.
#[inline]
unsafe fn blocking_call(
    func: Func,
    ncid: c_int,
    varid: c_int,
    shape: Shape,
    mem: Mem,
    real: impl FnOnce() -> c_int,
) -> c_int {
    crate::wrap::record_call(
        Layer::PnetCdf,
        func,
        |_| transfer(ncid, varid, shape, mem),
        real,
        |ts, (e, b, name), ret, t1| {
            selection(ts, t1, ncid, varid, shape);
            access(ts, t1, ncid, varid, shape);
            ([ncid as u64, name, e, b], ret)
        },
    )
}

/// Record a non-blocking data call (iput/iget/bput) around `real`, with the request id it
/// returns (NC_REQ_NULL, or nothing on failure: u64::MAX).
#[inline]
unsafe fn start_call(
    func: Func,
    ncid: c_int,
    varid: c_int,
    shape: Shape,
    mem: Mem,
    req: *mut c_int,
    real: impl FnOnce() -> c_int,
) -> c_int {
    crate::wrap::record_call(
        Layer::PnetCdf,
        func,
        |_| transfer(ncid, varid, shape, mem),
        real,
        |ts, (e, b, name), ret, t1| {
            selection(ts, t1, ncid, varid, shape);
            access(ts, t1, ncid, varid, shape);
            let id = if ret == 0 && !req.is_null() {
                *req as i64 as u64
            } else {
                u64::MAX
            };
            ([ncid as u64, name, e, b, id], ret)
        },
    )
}

/// One exported function per generated line:
/// `blk|blkflex|nb|nbflex direction name element-size collective (form parameters) shape`.
macro_rules! pnc_data {
    ($( $call:ident $dir:ident $name:ident $size:literal $coll:ident ( $($p:ident : $t:ty),* ) $shape:expr; )*) => {
        $( pnc_data!(@one $call $name $size ( $($p : $t),* ) $shape); )*
    };
    (@one blk $name:ident $size:literal ( $($p:ident : $t:ty),* ) $shape:expr) => {
        crate::wrap::exported! {
            fn $name(ncid: c_int, varid: c_int, $($p: $t,)* buf: *mut c_void) -> c_int;
            real: LibReal::new(concat!(stringify!($name), "\0"));
            missing: -1;
            |real| {
                blocking_call(Func::$name, ncid, varid, $shape, Mem::Typed($size), || real(ncid, varid, $($p,)* buf))
            }
        }
    };
    (@one blkflex $name:ident $size:literal ( $($p:ident : $t:ty),* ) $shape:expr) => {
        crate::wrap::exported! {
            fn $name(ncid: c_int, varid: c_int, $($p: $t,)* buf: *mut c_void, bufcount: MPI_Offset, buftype: Dt) -> c_int;
            real: LibReal::new(concat!(stringify!($name), "\0"));
            missing: -1;
            |real| {
                blocking_call(Func::$name, ncid, varid, $shape, Mem::Flex(bufcount, buftype), || real(ncid, varid, $($p,)* buf, bufcount, buftype))
            }
        }
    };
    (@one nb $name:ident $size:literal ( $($p:ident : $t:ty),* ) $shape:expr) => {
        crate::wrap::exported! {
            fn $name(ncid: c_int, varid: c_int, $($p: $t,)* buf: *mut c_void, req: *mut c_int) -> c_int;
            real: LibReal::new(concat!(stringify!($name), "\0"));
            missing: -1;
            |real| {
                start_call(Func::$name, ncid, varid, $shape, Mem::Typed($size), req, || real(ncid, varid, $($p,)* buf, req))
            }
        }
    };
    (@one nbflex $name:ident $size:literal ( $($p:ident : $t:ty),* ) $shape:expr) => {
        crate::wrap::exported! {
            fn $name(ncid: c_int, varid: c_int, $($p: $t,)* buf: *mut c_void, bufcount: MPI_Offset, buftype: Dt, req: *mut c_int) -> c_int;
            real: LibReal::new(concat!(stringify!($name), "\0"));
            missing: -1;
            |real| {
                start_call(Func::$name, ncid, varid, $shape, Mem::Flex(bufcount, buftype), req, || real(ncid, varid, $($p,)* buf, bufcount, buftype, req))
            }
        }
    };
}

/// NC_CHAR, the external type of ncmpi_put_att_text.
const NC_CHAR: c_int = 2;

/// Record an attribute put: its bytes in the file (len x the external type's size), the
/// type and the length (what a replay puts it again with).
#[inline]
unsafe fn att_put(
    func: Func,
    ncid: c_int,
    varid: c_int,
    name: Str,
    xtype: c_int,
    len: MPI_Offset,
    real: impl FnOnce() -> c_int,
) -> c_int {
    crate::wrap::record_call(
        Layer::PnetCdf,
        func,
        |_| {
            note_library();
            cname(name)
        },
        real,
        |_, n, ret, _| {
            let len = len.max(0) as u64;
            let bytes = if ret == 0 {
                len * nc_type_size(xtype)
            } else {
                0
            };
            let f = [ncid as u64, varid as u64, n, bytes, xtype as u64, len];
            (f, ret)
        },
    )
}

/// One exported attribute function per generated line: `put_x|put_n|get name size`.
macro_rules! pnc_att {
    ($( $kind:ident $name:ident $size:literal; )*) => { $( pnc_att!(@one $kind $name $size); )* };
    (@one put_x $name:ident $size:literal) => {
        crate::wrap::exported! {
            fn $name(ncid: c_int, varid: c_int, name: Str, xtype: c_int, len: MPI_Offset, op: *const c_void) -> c_int;
            real: LibReal::new(concat!(stringify!($name), "\0"));
            missing: -1;
            |real| {
                att_put(Func::$name, ncid, varid, name, xtype, len, || real(ncid, varid, name, xtype, len, op))
            }
        }
    };
    (@one put_n $name:ident $size:literal) => {
        crate::wrap::exported! {
            fn $name(ncid: c_int, varid: c_int, name: Str, len: MPI_Offset, op: *const c_void) -> c_int;
            real: LibReal::new(concat!(stringify!($name), "\0"));
            missing: -1;
            |real| {
                // The one form without a type argument: text.
                att_put(Func::$name, ncid, varid, name, NC_CHAR, len, || real(ncid, varid, name, len, op))
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
                    let mut len: MPI_Offset = 0;
                    ncmpi_inq_attlen(ncid, varid, name, &mut len);
                    let size = if $size == 0 {
                        let mut t: c_int = 0;
                        ncmpi_inq_atttype(ncid, varid, name, &mut t);
                        nc_type_size(t)
                    } else {
                        $size
                    };
                    len.max(0) as u64 * size
                };
                att_call(Layer::PnetCdf, note_library, Func::$name, ncid, varid, name, bytes, || real(ncid, varid, name, ip))
            }
        }
    };
}

include!("../generated/pnetcdf.rs");

// ---- request completion --------------------------------------------------------------------

std::thread_local! {
    /// Request ids of a wait with many requests, saved before the call (grown, never shrunk:
    /// no allocation per call once it is large enough).
    static SAVED: std::cell::Cell<Vec<c_int>> = const { std::cell::Cell::new(Vec::new()) };
}

/// How many request ids are saved on the stack (more go to SAVED).
const SMALL: usize = 16;

/// ncmpi_wait / ncmpi_wait_all / ncmpi_cancel: the call, and one event per request it ends.
#[inline]
#[allow(clippy::too_many_arguments)]
unsafe fn end_requests(
    func: Func,
    real: Ends,
    ncid: c_int,
    count: c_int,
    reqs: *mut c_int,
    statuses: *mut c_int,
    cancel: bool,
    coll: bool,
) -> c_int {
    if !runtime::layer_on(Layer::PnetCdf) {
        return real(ncid, count, reqs, statuses);
    }
    let n = if reqs.is_null() {
        0
    } else {
        count.max(0) as usize
    };
    let mut small = [NC_REQ_NULL; SMALL];
    let mut big = Vec::new();
    let saved: &[c_int] = if n <= SMALL {
        small[..n].copy_from_slice(std::slice::from_raw_parts(reqs, n));
        &small[..n]
    } else {
        big = SAVED.with(|s| s.take());
        big.clear();
        big.extend_from_slice(std::slice::from_raw_parts(reqs, n));
        &big
    };
    let ret = crate::wrap::record_call(
        Layer::PnetCdf,
        func,
        |_| note_library(),
        || real(ncid, count, reqs, statuses),
        |ts, (), ret, t1| {
            let (c, k) = (cancel as u64, coll as u64);
            if matches!(count, NC_REQ_ALL | NC_GET_REQ_ALL | NC_PUT_REQ_ALL) {
                let which = match count {
                    NC_GET_REQ_ALL => 1,
                    NC_PUT_REQ_ALL => 2,
                    _ => 0,
                };
                runtime::child(
                    ts,
                    Func::ncmpi_requests_done,
                    t1,
                    &[ncid as u64, which, c, k, 0],
                );
            }
            for (i, &id) in saved.iter().enumerate() {
                if id == NC_REQ_NULL {
                    continue;
                }
                // A request that failed moved nothing.
                let failed = !statuses.is_null() && *statuses.add(i) != 0;
                let got = if cancel || failed { 0 } else { u64::MAX };
                runtime::child(
                    ts,
                    Func::ncmpi_request_done,
                    t1,
                    &[ncid as u64, id as i64 as u64, got, c, k, 0],
                );
            }
            ([ncid as u64, count as i64 as u64], ret)
        },
    );
    if n > SMALL {
        SAVED.with(|s| s.set(big));
    }
    ret
}

/// The signature of ncmpi_wait, ncmpi_wait_all and ncmpi_cancel.
type Ends = unsafe extern "C" fn(c_int, c_int, *mut c_int, *mut c_int) -> c_int;

macro_rules! pnc_requests {
    ($( fn $name:ident cancel $cancel:literal coll $coll:literal; )*) => { $(
        crate::wrap::exported! {
            fn $name(ncid: c_int, count: c_int, reqs: *mut c_int, statuses: *mut c_int) -> c_int;
            real: LibReal::new(concat!(stringify!($name), "\0"));
            missing: -1;
            |real| { end_requests(Func::$name, real, ncid, count, reqs, statuses, $cancel, $coll) }
        }
    )* };
}

pnc_requests! {
    fn ncmpi_wait cancel false coll false;
    fn ncmpi_wait_all cancel false coll true;
    fn ncmpi_cancel cancel true coll false;
}

// ---- files, modes, definitions ---------------------------------------------------------------

/// ncmpi_def_var: the variable's id, and its first 4 dimension ids as an `ncmpi_dimids`
/// event (what a replay defines it with).
#[no_mangle]
pub unsafe extern "C" fn ncmpi_def_var(
    ncid: c_int,
    name: Str,
    xtype: c_int,
    ndims: c_int,
    dimids: *const c_int,
    varidp: *mut c_int,
) -> c_int {
    let real = crate::wrap::resolved!(LibReal::new("ncmpi_def_var\0")
        as fn(c_int, Str, c_int, c_int, *const c_int, *mut c_int) -> c_int);
    let Some(real) = real else {
        return -1;
    };
    crate::wrap::record_call(
        Layer::PnetCdf,
        Func::ncmpi_def_var,
        |_| {
            note_library();
            cname(name)
        },
        || real(ncid, name, xtype, ndims, dimids, varidp),
        |ts, n, ret, t1| {
            let k = if dimids.is_null() {
                0
            } else {
                ndims.clamp(0, 4) as usize
            };
            let mut d = [0u64; 4];
            for (i, x) in d.iter_mut().enumerate().take(k) {
                *x = *dimids.add(i) as u64;
            }
            let nd = ndims.max(0) as u64;
            runtime::child(ts, Func::ncmpi_dimids, t1, &[nd, d[0], d[1], d[2], d[3], 0]);
            let varid = out_id(ret, varidp);
            ([ncid as u64, n, xtype as u64, ndims as u64, varid], ret)
        },
    )
}

/// Record, once per process, that PnetCDF is in use (the converter looks for collective
/// request completions only then).
fn note_library() {
    static DONE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if DONE.load(std::sync::atomic::Ordering::Relaxed)
        || DONE.swap(true, std::sync::atomic::Ordering::Relaxed)
    {
        return;
    }
    runtime::update_meta(|m| {
        m.options.insert("pnetcdf".into(), "parallel".into());
    });
}

unsafe fn out_id(ret: c_int, p: *mut c_int) -> u64 {
    if ret == 0 && !p.is_null() {
        *p as u64
    } else {
        u64::MAX
    }
}

/// `fn name(args) |ts| before => |value, ret| [fields];`: the fields are computed after the
/// call from the value `before` gave and the result.
macro_rules! pnc_wrap {
    ($( fn $name:ident ( $($a:ident : $t:ty),* ) |$ts:ident| $pre:expr => |$v:ident, $ret:ident| $post:expr ; )*) => { $(
        crate::wrap::exported! {
            #[allow(unused_variables)]
            fn $name($($a: $t),*) -> c_int;
            real: LibReal::new(concat!(stringify!($name), "\0"));
            missing: -1;
            |real| {
                crate::wrap::record! {
                    policy: crate::wrap::CALL, layer: Layer::PnetCdf, func: Func::$name,
                    gate: true, call: real($($a),*),
                    before: |$ts, t0| {
                        note_library();
                        let $v = $pre;
                    }
                    after: |$ret, t1, failed| Some(($post, $ret))
                }
            }
        }
    )* };
}

unsafe fn path_id(ts: *mut ThreadState, path: Str) -> u64 {
    crate::files::intern_path(&mut *ts, libc::AT_FDCWD, path).unwrap_or(u64::MAX)
}

pnc_wrap! {
    fn ncmpi_create(comm: MPI_Comm, path: Str, cmode: c_int, info: MPI_Info, ncidp: *mut c_int) |ts| path_id(ts, path) => |file, ret| {
        [file, crate::netcdf::create_mode(cmode), comm_id(comm), out_id(ret, ncidp), cmode as u64]
    };
    fn ncmpi_open(comm: MPI_Comm, path: Str, omode: c_int, info: MPI_Info, ncidp: *mut c_int) |ts| path_id(ts, path) => |file, ret| {
        [file, crate::netcdf::open_mode(omode), comm_id(comm), out_id(ret, ncidp), omode as u64]
    };
    fn ncmpi_delete(path: Str, info: MPI_Info) |ts| path_id(ts, path) => |file, ret| [file];
    fn ncmpi_close(ncid: c_int) |ts| () => |v, ret| { forget_file(ncid); [ncid as u64] };
    fn ncmpi_abort(ncid: c_int) |ts| () => |v, ret| { forget_file(ncid); [ncid as u64] };
    fn ncmpi_sync(ncid: c_int) |ts| () => |v, ret| [ncid as u64];
    fn ncmpi_flush(ncid: c_int) |ts| () => |v, ret| [ncid as u64];
    fn ncmpi_sync_numrecs(ncid: c_int) |ts| () => |v, ret| [ncid as u64];
    fn ncmpi_redef(ncid: c_int) |ts| () => |v, ret| [ncid as u64];
    fn ncmpi_enddef(ncid: c_int) |ts| () => |v, ret| [ncid as u64];
    fn ncmpi__enddef(ncid: c_int, h_minfree: MPI_Offset, v_align: MPI_Offset, v_minfree: MPI_Offset, r_align: MPI_Offset) |ts| () => |v, ret| [ncid as u64];
    fn ncmpi_begin_indep_data(ncid: c_int) |ts| () => |v, ret| [ncid as u64];
    fn ncmpi_end_indep_data(ncid: c_int) |ts| () => |v, ret| [ncid as u64];
    fn ncmpi_set_fill(ncid: c_int, fillmode: c_int, old: *mut c_int) |ts| () => |v, ret| [ncid as u64, fillmode as u64];
    fn ncmpi_def_dim(ncid: c_int, name: Str, len: MPI_Offset, idp: *mut c_int) |ts| cname(name) => |n, ret| [ncid as u64, n, len as u64, out_id(ret, idp)];
    fn ncmpi_def_var_fill(ncid: c_int, varid: c_int, no_fill: c_int, fill: *const c_void) |ts| () => |v, ret| [ncid as u64, varid as u64, no_fill as u64];
    fn ncmpi_rename_var(ncid: c_int, varid: c_int, name: Str) |ts| cname(name) => |n, ret| {
        forget_file(ncid);
        [ncid as u64, varid as u64, n]
    };
    fn ncmpi_rename_dim(ncid: c_int, dimid: c_int, name: Str) |ts| cname(name) => |n, ret| [ncid as u64, dimid as u64, n];
    fn ncmpi_rename_att(ncid: c_int, varid: c_int, name: Str, newname: Str) |ts| (cname(name), cname(newname)) => |n, ret| {
        [ncid as u64, varid as u64, n.0, n.1]
    };
    fn ncmpi_del_att(ncid: c_int, varid: c_int, name: Str) |ts| cname(name) => |n, ret| [ncid as u64, varid as u64, n];
    fn ncmpi_buffer_attach(ncid: c_int, bufsize: MPI_Offset) |ts| () => |v, ret| [ncid as u64, bufsize as u64];
    fn ncmpi_buffer_detach(ncid: c_int) |ts| () => |v, ret| [ncid as u64];
}
