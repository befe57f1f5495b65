//! The ADIOS layer: ADIOS2's C API (the one C and Fortran codes use): adios objects, IOs,
//! variables, engines (adios2_open/close are the handles), steps, and puts/gets in deferred
//! and sync mode. ADIOS2's C API needs no header: every object is an opaque pointer.
//!
//! A put or get record holds the engine, the variable's name (a `Name`, cached per variable
//! pointer without locks), the elements of its current selection, their bytes, the launch
//! mode, and a request id: a process-wide sequence number for a deferred operation (which
//! stays in flight until the engine performs it), -1 for a sync one. perform_puts,
//! perform_gets, end_step and close write one `adios2_requests_done` event saying which
//! deferred operations of the engine they complete. Each put/get also carries its block
//! (`adios2_selection`: start and count) and the variable's shape (`adios2_shape`).
//!
//! C++ programs and the Python bindings, which call ADIOS2's C++ API and core instead, are
//! recorded the same way by adios_cxx.rs. Only the outermost ADIOS call of a thread is
//! recorded (`runtime::nest`): the C API calls into the core, which is interposed too.

use crate::objects::{cname, name_id, IdCache};
use crate::runtime::{self, ThreadState};
use io_events::functions::{mpi_amode, Func, Layer};
use std::os::raw::{c_char, c_int, c_void};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

type Obj = *mut c_void;
type Str = *const c_char;

crate::wrap::lib_calls! { new;
    fn adios2_variable_name(name: *mut c_char, size: *mut usize, var: Obj) -> c_int = -1;
    fn adios2_variable_type(t: *mut c_int, var: Obj) -> c_int = -1;
    fn adios2_variable_ndims(n: *mut usize, var: Obj) -> c_int = -1;
    fn adios2_variable_shape(shape: *mut usize, var: Obj) -> c_int = -1;
    fn adios2_variable_start(start: *mut usize, var: Obj) -> c_int = -1;
    fn adios2_variable_count(count: *mut usize, var: Obj) -> c_int = -1;
    fn adios2_selection_size(size: *mut usize, var: Obj) -> c_int = -1;
    fn adios2_inquire_variable(io: Obj, name: Str) -> Obj = std::ptr::null_mut();
}

/// adios2_mode values of the launch argument and of adios2_open.
const MODE_WRITE: c_int = 1;
const MODE_READ: c_int = 2;
const MODE_APPEND: c_int = 3;
const MODE_DEFERRED: c_int = 4;
const MODE_READ_RANDOM: c_int = 6;

/// Variable names (name ids) and element sizes by variable pointer. ADIOS2 frees and
/// re-creates variable objects (a BP5 reader at every begin_step), so a pointer may name
/// another variable later: both are forgotten whenever variables may change (open, close,
/// begin_step, end_step, define_variable).
pub(crate) static VAR_NAMES: IdCache = IdCache::new();
static VAR_SIZES: IdCache = IdCache::new();

pub(crate) fn forget_variables() {
    VAR_NAMES.forget(|_| true);
    VAR_SIZES.forget(|_| true);
}
/// The IO each engine was opened from (to find variables by name).
static ENGINE_IO: IdCache = IdCache::new();
/// Deferred operations in flight get ids from here (unique in the process).
pub(crate) static NEXT_REQUEST: AtomicU64 = AtomicU64::new(1);

/// Bytes per element of an adios2_type (strings: 1 per character, counted as elements).
fn type_size(t: c_int) -> u64 {
    match t {
        0 | 5 | 9 => 1,
        6 | 10 => 2,
        1 | 7 | 11 => 4,
        2 | 3 | 8 | 12 => 8,
        4 | 13 => 16,
        _ => 0,
    }
}

/// The name id of a variable (an `adios2_variable*`, which is ADIOS2's
/// `core::VariableBase*`), cached; on a miss asked from the C API.
pub(crate) unsafe fn var_name(var: Obj) -> u64 {
    let k = var as i64;
    if let Some(n) = VAR_NAMES.get(k) {
        return n;
    }
    let mut buf = [0u8; 1024];
    let mut len = 0usize;
    if var.is_null()
        || adios2_variable_name(std::ptr::null_mut(), &mut len, var) != 0
        || len >= buf.len()
        || adios2_variable_name(buf.as_mut_ptr() as *mut c_char, &mut len, var) != 0
    {
        return name_id("(unknown variable)");
    }
    let id = name_id(&String::from_utf8_lossy(&buf[..len]));
    VAR_NAMES.put(k, id);
    id
}

unsafe fn elem_size(var: Obj) -> u64 {
    let k = var as i64;
    if let Some(n) = VAR_SIZES.get(k) {
        return n;
    }
    let mut t: c_int = -1;
    if var.is_null() || adios2_variable_type(&mut t, var) != 0 {
        return 0;
    }
    let s = type_size(t);
    VAR_SIZES.put(k, s);
    s
}

/// What a put/get moves: (name, elements, bytes).
unsafe fn transfer(var: Obj) -> (u64, u64, u64) {
    let mut n = 0usize;
    if var.is_null() || adios2_selection_size(&mut n, var) != 0 {
        n = 0;
    }
    (var_name(var), n as u64, n as u64 * elem_size(var))
}

/// The block (start, count) of the variable's current selection and its global shape, as
/// `adios2_selection` and `adios2_shape` events (up to three dimensions).
unsafe fn selection(ts: *mut ThreadState, t: u64, var: Obj) {
    let mut n = 0usize;
    if var.is_null() || adios2_variable_ndims(&mut n, var) != 0 || n == 0 || n > 32 {
        return;
    }
    let (mut shape, mut start, mut count) = ([0usize; 32], [0usize; 32], [0usize; 32]);
    // A local variable has no shape or start (the calls fail): zeros then.
    adios2_variable_shape(shape.as_mut_ptr(), var);
    adios2_variable_start(start.as_mut_ptr(), var);
    adios2_variable_count(count.as_mut_ptr(), var);
    let d = |a: &[usize; 32], i: usize| if i < n { a[i] as u64 } else { 0 };
    runtime::child(
        ts,
        Func::adios2_selection,
        t,
        &[
            n as u64,
            d(&start, 0),
            d(&count, 0),
            d(&start, 1),
            d(&count, 1),
            d(&start, 2),
            d(&count, 2),
            0,
        ],
    );
    runtime::child(
        ts,
        Func::adios2_shape,
        t,
        &[n as u64, d(&shape, 0), d(&shape, 1), d(&shape, 2), 0],
    );
}

/// Record a put or get around `real`.
#[inline]
unsafe fn transfer_call(
    func: Func,
    engine: Obj,
    var: impl FnOnce() -> Obj,
    launch: c_int,
    real: impl FnOnce() -> c_int,
) -> c_int {
    crate::wrap::record_call(
        Layer::Adios,
        func,
        |ts| {
            let outer = runtime::nest(ts);
            let v = var();
            (outer, v, transfer(v))
        },
        real,
        |ts, (outer, v, (name, e, b)), ret, t1| {
            if outer {
                runtime::unnest(ts);
            }
            selection(ts, t1, v);
            let id = if ret != 0 || launch != MODE_DEFERRED {
                u64::MAX
            } else {
                NEXT_REQUEST.fetch_add(1, Relaxed)
            };
            ([engine as u64, name, e, b, launch as u64, id], ret)
        },
    )
}

/// The variable an engine's IO knows by this name.
unsafe fn by_name(engine: Obj, name: Str) -> Obj {
    match ENGINE_IO.get(engine as i64) {
        Some(io) if !name.is_null() => adios2_inquire_variable(io as usize as Obj, name),
        _ => std::ptr::null_mut(),
    }
}

macro_rules! adios_transfer {
    ($( fn $name:ident ( $e:ident, $v:ident : $vt:ty ) $lookup:expr; )*) => { $(
        crate::wrap::exported! {
            fn $name($e: Obj, $v: $vt, data: *mut c_void, launch: c_int) -> c_int;
            real: LibReal::new(concat!(stringify!($name), "\0"));
            missing: -1;
            |real| {
                transfer_call(Func::$name, $e, || $lookup, launch, || real($e, $v, data, launch))
            }
        }
    )* };
}

adios_transfer! {
    fn adios2_put(engine, var: Obj) var;
    fn adios2_put_by_name(engine, name: Str) by_name(engine, name);
    fn adios2_get(engine, var: Obj) var;
    fn adios2_get_by_name(engine, name: Str) by_name(engine, name);
}

/// Which deferred operations a call completes (the `which` of adios2_requests_done).
pub(crate) const ALL: u64 = 0;
pub(crate) const GETS: u64 = 1;
pub(crate) const PUTS: u64 = 2;

/// `fn name(args) -> R |ts| before => |value, ret, ts, t1| [fields];`.
macro_rules! adios_wrap {
    ($( fn $name:ident ( $($a:ident : $t:ty),* ) -> $r:ty |$ts:ident| $pre:expr => |$v:ident, $ret:ident, $ts2:ident, $t1:ident| $post:expr ; )*) => { $(
        $crate::wrap::exported! {
            #[allow(unused_variables)]
            fn $name($($a: $t),*) -> $r;
            real: LibReal::new(concat!(stringify!($name), "\0"));
            missing: <$r as $crate::wrap::FailValue>::fail_value();
            |real| {
                // The core functions this calls pass through (runtime::nest).
                $crate::wrap::record! {
                    policy: $crate::wrap::CALL, layer: io_events::functions::Layer::Adios,
                    func: io_events::functions::Func::$name, gate: true, call: real($($a),*),
                    before: |$ts, t0| {
                        let outer = $crate::runtime::nest($ts);
                        let $v = $pre;
                    }
                    after: |$ret, $t1, failed| {
                        let $ts2 = $ts;
                        if outer {
                            $crate::runtime::unnest($ts2);
                        }
                        Some(($post, $crate::adios::Status::status($ret)))
                    }
                }
            }
        }
    )* };
}
pub(crate) use adios_wrap;

/// The status kept in a record's errno slot: adios2_error, or 0 for calls returning objects.
pub(crate) trait Status {
    fn status(self) -> i32;
}
impl Status for c_int {
    fn status(self) -> i32 {
        self
    }
}
impl Status for Obj {
    fn status(self) -> i32 {
        0
    }
}

/// A name given as bytes (a std::string's) as a name id.
pub(crate) unsafe fn name_bytes_id(s: Str, len: usize) -> u64 {
    if s.is_null() {
        return name_id("");
    }
    name_id(&String::from_utf8_lossy(std::slice::from_raw_parts(
        s as *const u8,
        len,
    )))
}

pub(crate) unsafe fn path_id(ts: *mut ThreadState, path: Str) -> u64 {
    crate::files::intern_path(&mut *ts, libc::AT_FDCWD, path).unwrap_or(u64::MAX)
}

/// adios2_open's mode as access-mode bits.
pub(crate) fn open_mode(mode: c_int) -> u64 {
    match mode {
        MODE_WRITE => mpi_amode::CREATE | mpi_amode::WRONLY | mpi_amode::TRUNCATE,
        MODE_APPEND => mpi_amode::CREATE | mpi_amode::WRONLY | mpi_amode::APPEND,
        MODE_READ | MODE_READ_RANDOM => mpi_amode::RDONLY,
        _ => 0,
    }
}

/// An engine opened from `io` (for lookups by variable name).
pub(crate) fn note_engine(engine: Obj, io: Obj) {
    forget_variables();
    if !engine.is_null() {
        ENGINE_IO.put(engine as i64, io as u64);
    }
}

/// The `adios2_requests_done` event of a call that completes deferred operations.
pub(crate) unsafe fn requests_done(ts: *mut ThreadState, t: u64, engine: Obj, which: u64) {
    runtime::child(
        ts,
        Func::adios2_requests_done,
        t,
        &[engine as u64, which, 0, 0, 0],
    );
}

adios_wrap! {
    fn adios2_init_serial() -> Obj |ts| () => |v, ret, ts, t1| [];
    fn adios2_init_config_serial(config: Str) -> Obj |ts| path_id(ts, config) => |file, ret, ts, t1| [file];
    fn adios2_declare_io(adios: Obj, name: Str) -> Obj |ts| cname(name) => |n, ret, ts, t1| [adios as u64, n];
    fn adios2_set_engine(io: Obj, engine: Str) -> c_int |ts| cname(engine) => |n, ret, ts, t1| [io as u64, n];
    fn adios2_define_variable(io: Obj, name: Str, t: c_int, ndims: usize, shape: *const usize, start: *const usize, count: *const usize, constant: c_int) -> Obj
        |ts| cname(name) => |n, ret, ts, t1| {
            forget_variables();
            let d = |i: usize| if i < ndims && !shape.is_null() { *shape.add(i) as u64 } else { 0 };
            [io as u64, n, t as u64, ndims as u64, d(0), d(1), d(2)]
        };
    fn adios2_open(io: Obj, name: Str, mode: c_int) -> Obj |ts| path_id(ts, name) => |file, ret, ts, t1| {
        note_engine(ret, io);
        [io as u64, file, open_mode(mode)]
    };
    fn adios2_begin_step(engine: Obj, mode: c_int, timeout: f32, status: *mut c_int) -> c_int |ts| () => |v, ret, ts, t1| {
        forget_variables();
        [engine as u64, mode as u64, if status.is_null() { u64::MAX } else { *status as i64 as u64 }]
    };
    fn adios2_end_step(engine: Obj) -> c_int |ts| () => |v, ret, ts, t1| {
        forget_variables();
        requests_done(ts, t1, engine, ALL);
        [engine as u64]
    };
    fn adios2_perform_puts(engine: Obj) -> c_int |ts| () => |v, ret, ts, t1| {
        requests_done(ts, t1, engine, PUTS);
        [engine as u64]
    };
    fn adios2_perform_gets(engine: Obj) -> c_int |ts| () => |v, ret, ts, t1| {
        requests_done(ts, t1, engine, GETS);
        [engine as u64]
    };
    fn adios2_flush(engine: Obj) -> c_int |ts| () => |v, ret, ts, t1| [engine as u64];
    fn adios2_perform_data_write(engine: Obj) -> c_int |ts| () => |v, ret, ts, t1| [engine as u64];
    fn adios2_close(engine: Obj) -> c_int |ts| () => |v, ret, ts, t1| {
        forget_variables();
        requests_done(ts, t1, engine, ALL);
        [engine as u64]
    };
    fn adios2_finalize(adios: Obj) -> c_int |ts| () => |v, ret, ts, t1| [adios as u64];
}
