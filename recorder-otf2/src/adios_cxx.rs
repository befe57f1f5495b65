//! The ADIOS layer's C++ side: ADIOS2's C++ API (`adios2::ADIOS`, `adios2::IO`,
//! `adios2::Engine`: what C++ codes call) and the core functions under it (`adios2::core::`:
//! what the Python bindings call directly), interposed by their mangled names.
//!
//! The wrappers are C functions in adios_cxx.c, one per exported function of libadios2_cxx /
//! libadios2_core that scripts/gen-adios-cxx.py selects (generated/adios_cxx.h); each is exported
//! under the mangled name by a tail-jump trampoline (generated/adios_cxx.rs), so no Rust frame is
//! ever between a C++ caller and the library: an exception the library throws unwinds through
//! the C wrapper, whose cleanup (compiled with -fexceptions) ends the record as failed
//! (status 4, adios2_error_exception) and lets it go on. The wrapper calls in here to start
//! the record ([`rotf2_adx_begin`]), to take the end time ([`rotf2_adx_mid`]) and to write it
//! ([`rotf2_adx_end`]); it reads the C++ arguments itself (std::string and std::vector<size_t>
//! by their libstdc++ layout) and asks ADIOS2's exported accessors for what a transfer moves.
//!
//! Records are the C API's (same fields and mappings): engines as handles (the core
//! `adios2::core::Engine*`, which is also what the C API's `adios2_engine*` is), bytes =
//! elements of the selection x the type's size, the variable's name, deferred puts/gets in
//! flight until the PerformPuts/PerformGets/EndStep/Close that performs them.
//!
//! Nesting: the C API and the C++ API call the core functions, and the core calls itself
//! (a by-name Put finds the variable and puts it; EndStep performs the puts). Only the
//! outermost ADIOS call of a thread is recorded ([`runtime::nest`]); the inner ones pass
//! straight through.

use crate::adios::{
    forget_variables, name_bytes_id, path_id, requests_done, var_name, ALL, GETS, NEXT_REQUEST,
    PUTS, VAR_NAMES,
};
use crate::runtime::{self, ThreadState};
use io_events::functions::{Func, Layer};
use std::os::raw::{c_char, c_void};
use std::sync::atomic::{AtomicUsize, Ordering::*};

include!("generated/adios_cxx.rs");

/// What a C wrapper knows of its call (adios_cxx.c's `AdxCall`, same layout).
#[repr(C)]
pub struct AdxCall {
    ts: *mut ThreadState,
    t0: u64,
    t1: u64,
    idx: u32,
    op: i32,
    /// The C++ API's mode: launch mode, open mode or step mode.
    mode: i32,
    /// BeginStep's StepStatus.
    status: i32,
    err: i32,
    quiet: i32,
    mid: i32,
    /// Selection dimensions found (0: none).
    sel_ndims: i32,
    obj: *mut c_void,
    var: *mut c_void,
    ret: *mut c_void,
    /// A name or path (NUL-terminated), and its length: the argument of the call (a put /
    /// get by name), or for a put / get the variable's name the wrapper asked ADIOS2 for.
    text: *const c_char,
    len: usize,
    /// adios2_type of a defined / inquired variable.
    atype: i64,
    /// DefineVariable's dimensions and global shape.
    ndims: u64,
    dims: [u64; 3],
    start: [u64; 3],
    count: [u64; 3],
    shape: [u64; 3],
    elements: u64,
    bytes: u64,
    /// Open: the engine object's most derived address (offset-to-top applied).
    full: *mut c_void,
}

// Operations (adios_cxx.c's OP_*).
const OP_PUT: i32 = 1;
const OP_GET: i32 = 2;
const OP_OPEN: i32 = 3;
const OP_DEFINE: i32 = 4;
const OP_INQUIRE: i32 = 5;
const OP_BEGIN_STEP: i32 = 6;
const OP_END_STEP: i32 = 7;
const OP_PERFORM_PUTS: i32 = 8;
const OP_PERFORM_GETS: i32 = 9;
const OP_FLUSH: i32 = 10;
const OP_DATA_WRITE: i32 = 11;
const OP_CLOSE: i32 = 12;
const OP_INIT: i32 = 13;
const OP_INIT_CONFIG: i32 = 14;
const OP_FINALIZE: i32 = 15;
const OP_DECLARE_IO: i32 = 16;
const OP_SET_ENGINE: i32 = 17;

/// adios2::Mode (C++) -> adios2_mode (C): the launch modes and open modes as the C API's
/// records hold them.
fn c_mode(m: i32) -> u64 {
    match m {
        1 => 1, // Write
        2 => 2, // Read
        3 => 3, // Append
        4 => 6, // ReadRandomAccess
        5 => 5, // Sync
        6 => 4, // Deferred
        _ => 0,
    }
}
const C_DEFERRED: u64 = 4;

/// adios2::StepStatus -> adios2_step_status (OtherError is -1 there).
fn c_status(s: i32) -> u64 {
    match s {
        0..=2 => s as u64,
        _ => -1i64 as u64,
    }
}

/// Engine objects whose core::Engine part is not at their start (an engine class with
/// another polymorphic base first): (most derived address, core::Engine address), set at
/// Open, for the engine classes' own virtual functions, whose `this` is the whole object.
/// Empty for the engines of ADIOS2 2.12 (core::Engine is their primary base).
static ENGINE_BASES: [(AtomicUsize, AtomicUsize); 16] =
    [const { (AtomicUsize::new(0), AtomicUsize::new(0)) }; 16];
static ENGINE_BASES_USED: AtomicUsize = AtomicUsize::new(0);

/// The core::Engine address of an engine object given by its most derived address.
#[no_mangle]
pub extern "C" fn rotf2_adx_engine_base(full: *mut c_void) -> *mut c_void {
    if ENGINE_BASES_USED.load(Relaxed) == 0 {
        return full;
    }
    for (k, v) in &ENGINE_BASES {
        if k.load(Acquire) == full as usize {
            return v.load(Acquire) as *mut c_void;
        }
    }
    full
}

fn note_engine_base(full: *mut c_void, base: *mut c_void) {
    if full.is_null() || full == base {
        return;
    }
    for (k, v) in &ENGINE_BASES {
        if k.load(Acquire) == 0 {
            v.store(base as usize, Release);
            k.store(full as usize, Release);
            ENGINE_BASES_USED.fetch_add(1, Relaxed);
            return;
        }
    }
}

fn forget_engine_base(base: *mut c_void) {
    if ENGINE_BASES_USED.load(Relaxed) == 0 {
        return;
    }
    for (k, v) in &ENGINE_BASES {
        if k.load(Acquire) != 0 && v.load(Acquire) == base as usize {
            k.store(0, Release);
            ENGINE_BASES_USED.fetch_sub(1, Relaxed);
        }
    }
}

/// Start recording an ADIOS call on this thread: the thread state, or null when the call is
/// to pass through (layer off, recorder busy, or inside an ADIOS call being recorded).
#[no_mangle]
pub extern "C" fn rotf2_adx_begin() -> *mut ThreadState {
    let Some(ts) = runtime::begin(Layer::Adios) else {
        return std::ptr::null_mut();
    };
    if !runtime::nest(ts) {
        runtime::cancel(ts);
        return std::ptr::null_mut();
    }
    ts
}

/// Right after the real call: its end time and errno; the thread goes quiet while the
/// wrapper asks ADIOS2 about the call (undone by [`rotf2_adx_end`]).
#[no_mangle]
pub unsafe extern "C" fn rotf2_adx_mid(c: *mut AdxCall) {
    let c = &mut *c;
    c.t1 = runtime::now_raw();
    c.err = runtime::errno();
    c.quiet = runtime::quiet() as i32;
    c.mid = 1;
}

/// A symbol of an ADIOS2 library (the next definition after this library, or one in a
/// privately loaded object), for the C wrappers.
#[no_mangle]
pub extern "C" fn rotf2_lib_sym(name: *const c_char) -> *mut c_void {
    crate::wrap::lib_sym(name, false)
}

/// Write the record of the call (`status` 0, or 4 when it threw: the C API's
/// adios2_error_exception) and its events; end the
/// nesting; the thread's errno is the call's again.
#[no_mangle]
pub unsafe extern "C" fn rotf2_adx_end(c: *mut AdxCall, status: i32) {
    let c = &mut *c;
    let ts = c.ts;
    let func = FUNCS.get(c.idx as usize).copied();
    record(c, status, func);
    runtime::unnest(ts);
    runtime::unquiet(c.quiet as u8);
    runtime::set_errno(c.err);
}

unsafe fn record(c: &mut AdxCall, status: i32, func: Option<Func>) {
    let ts = c.ts;
    let Some(func) = func else {
        runtime::cancel(ts);
        return;
    };
    let (t0, t1) = (c.t0, c.t1);
    let obj = c.obj as u64;
    let ok = status == 0;
    // Void functions: the status is the return value (the C API's adios2_error).
    let st = status as u64;
    let ret = |p: *mut c_void| if ok { p as u64 } else { 0 };
    match c.op {
        OP_PUT | OP_GET => {
            // The wrapper asked ADIOS2 for the name when it was not cached.
            let name = if c.len > 0 {
                let id = name_bytes_id(c.text, c.len);
                if !c.var.is_null() {
                    VAR_NAMES.put(c.var as i64, id);
                }
                id
            } else {
                var_name(c.var)
            };
            if ok && c.sel_ndims > 0 {
                selection(ts, t1, c);
            }
            let launch = c_mode(c.mode);
            let id = if !ok || launch != C_DEFERRED {
                u64::MAX
            } else {
                NEXT_REQUEST.fetch_add(1, Relaxed)
            };
            let f = [obj, name, c.elements, c.bytes, launch, id];
            runtime::end_ret(ts, func, t0, t1, status, &f, st);
        }
        OP_OPEN => {
            forget_variables();
            if ok {
                note_engine_base(c.full, c.ret);
            }
            let file = path_id(ts, c.text);
            let mode = crate::adios::open_mode(c_mode(c.mode) as i32);
            runtime::end_ret(ts, func, t0, t1, status, &[obj, file, mode], ret(c.ret));
        }
        OP_DEFINE => {
            forget_variables();
            let name = name_bytes_id(c.text, c.len);
            if ok && !c.ret.is_null() {
                VAR_NAMES.put(c.ret as i64, name);
            }
            let d = |i: usize| if (i as u64) < c.ndims { c.dims[i] } else { 0 };
            let f = [obj, name, c.atype as u64, c.ndims, d(0), d(1), d(2)];
            runtime::end_ret(ts, func, t0, t1, status, &f, ret(c.ret));
        }
        OP_INQUIRE => {
            let name = name_bytes_id(c.text, c.len);
            if ok && !c.ret.is_null() {
                VAR_NAMES.put(c.ret as i64, name);
            }
            let f = [obj, name, c.atype as u64];
            runtime::end_ret(ts, func, t0, t1, status, &f, ret(c.ret));
        }
        OP_BEGIN_STEP => {
            forget_variables();
            let s = if ok { c_status(c.status) } else { u64::MAX };
            let f = [obj, c.mode as u64, s];
            runtime::end_ret(ts, func, t0, t1, status, &f, st);
        }
        OP_END_STEP | OP_CLOSE => {
            forget_variables();
            requests_done(ts, t1, c.obj, ALL);
            if c.op == OP_CLOSE && ok {
                forget_engine_base(c.obj);
            }
            runtime::end_ret(ts, func, t0, t1, status, &[obj], st);
        }
        OP_PERFORM_PUTS | OP_PERFORM_GETS => {
            let which = if c.op == OP_PERFORM_PUTS { PUTS } else { GETS };
            requests_done(ts, t1, c.obj, which);
            runtime::end_ret(ts, func, t0, t1, status, &[obj], st);
        }
        OP_FLUSH | OP_DATA_WRITE | OP_FINALIZE => {
            runtime::end_ret(ts, func, t0, t1, status, &[obj], st);
        }
        OP_INIT => runtime::end_ret(ts, func, t0, t1, status, &[], ret(c.ret)),
        OP_INIT_CONFIG => {
            let file = if c.len == 0 {
                u64::MAX
            } else {
                path_id(ts, c.text)
            };
            runtime::end_ret(ts, func, t0, t1, status, &[file], ret(c.ret));
        }
        OP_DECLARE_IO => {
            let name = name_bytes_id(c.text, c.len);
            runtime::end_ret(ts, func, t0, t1, status, &[obj, name], ret(c.ret));
        }
        OP_SET_ENGINE => {
            let name = name_bytes_id(c.text, c.len);
            runtime::end_ret(ts, func, t0, t1, status, &[obj, name], st);
        }
        _ => runtime::cancel(ts),
    }
}

/// The `adios2_selection` and `adios2_shape` events of a transfer (as the C API's).
unsafe fn selection(ts: *mut ThreadState, t: u64, c: &AdxCall) {
    let n = c.sel_ndims as u64;
    runtime::child(
        ts,
        Func::adios2_selection,
        t,
        &[
            n, c.start[0], c.count[0], c.start[1], c.count[1], c.start[2], c.count[2], 0,
        ],
    );
    runtime::child(
        ts,
        Func::adios2_shape,
        t,
        &[n, c.shape[0], c.shape[1], c.shape[2], 0],
    );
}

/// Whether the recorder knows the variable's name (else the wrapper asks ADIOS2 for it).
#[no_mangle]
pub extern "C" fn rotf2_adx_name_cached(var: *mut c_void) -> bool {
    VAR_NAMES.get(var as i64).is_some()
}
