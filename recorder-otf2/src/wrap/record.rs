//! The one prologue and epilogue of a recorded call (`record!`), and each layer's policy
//! for it ([`Policy`]).

use crate::runtime::{self, ThreadState};
use io_events::functions::Func;

/// When a layer's gate is evaluated.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Gate {
    /// On every call, the layer on or not: the gate may have effects that must always
    /// happen (POSIX: chdir's gate invalidates the relative-path cache). `begin` then checks
    /// the layer.
    Always,
    /// Only when the layer is on: the gate may only run then (MPI: it reads handles, which
    /// needs the program's MPI ABI known, and deciding it is said once, when first needed).
    WhenLayerOn,
}

/// When a call failed, given its return value.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// The function table's rule (io-events `functions.rs`: -1, NULL, EOF ...).
    Table,
    /// A negative return value (HDF5's herr_t and hid_t).
    Negative,
    /// Not used by the layer (its record keeps the status the function returned).
    Unused,
}

/// What a record's errno slot holds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// errno when the call failed, else 0 (POSIX, stdio).
    ErrnoIfFailed,
    /// 1 when the call failed (HDF5 reports errors on its own error stack, not in errno).
    OneIfFailed,
    /// The return value: an MPI error code, a NetCDF status.
    Returned,
    /// Given by the statements after the call (hand-written wrappers, ADIOS).
    Given,
}

/// A layer's policy for the core: constants, folded away where `record!` expands.
#[derive(Clone, Copy)]
pub struct Policy {
    pub gate: Gate,
    pub failure: Failure,
    pub status: Status,
    /// Whether the statements before and after the call run with the thread quiet (the
    /// recorder's own library queries then record nothing). POSIX's are not: their helpers
    /// call nothing traced, and their fd state updates must see the program's calls.
    pub quiet: bool,
    /// Whether I/O recorded while the statements after the call ran (a lazily loaded piece
    /// of metadata a query caused) moves the call's end past it.
    pub late_io_extends: bool,
}

/// POSIX, stdio and the other libc layers (the `wrap!` table).
pub const LIBC: Policy = Policy {
    gate: Gate::Always,
    failure: Failure::Table,
    status: Status::ErrnoIfFailed,
    quiet: false,
    late_io_extends: false,
};
/// HDF5's hand-written wrappers (`h5_wrap!`).
pub const HDF5: Policy = Policy {
    gate: Gate::Always,
    failure: Failure::Negative,
    status: Status::OneIfFailed,
    quiet: true,
    late_io_extends: true,
};
/// HDF5's generated region wrappers (`h5_regions!`).
pub const HDF5_REGIONS: Policy = Policy {
    failure: Failure::Table,
    ..HDF5
};
/// MPI-IO and MPI (`mpi_wrap!`).
pub const MPI: Policy = Policy {
    gate: Gate::WhenLayerOn,
    failure: Failure::Unused,
    status: Status::Returned,
    quiet: true,
    late_io_extends: false,
};
/// NetCDF (`nc_wrap!`); its gate (nc__open inside nc_open) has no effect, evaluated as MPI's.
pub const NETCDF: Policy = MPI;
/// Wrappers written as functions ([`record_call`]): PnetCDF, ADIOS, and single wrappers of
/// every layer.
pub const CALL: Policy = Policy {
    gate: Gate::Always,
    failure: Failure::Unused,
    status: Status::Given,
    quiet: true,
    late_io_extends: true,
};

/// Hand-written wrappers that do their own work around the call in the statements before
/// and after it (stdio's rewind, liburing's ring reads): no quiet sections, the status
/// given, the gate evaluated when the layer is on.
pub const PLAIN: Policy = Policy {
    gate: Gate::WhenLayerOn,
    failure: Failure::Unused,
    status: Status::Given,
    quiet: false,
    late_io_extends: false,
};

impl Policy {
    /// The thread state when the call is to be recorded (see [`Gate`]).
    #[inline(always)]
    pub fn open(
        self,
        layer: io_events::functions::Layer,
        gate: impl FnOnce() -> bool,
    ) -> Option<*mut ThreadState> {
        let open = match self.gate {
            Gate::Always => gate(),
            Gate::WhenLayerOn => runtime::layer_on(layer) && gate(),
        };
        if open {
            runtime::begin(layer)
        } else {
            None
        }
    }

    /// Start of a quiet section (when the policy has them): the state to restore.
    #[inline(always)]
    pub fn quiet(self) -> u8 {
        if self.quiet {
            runtime::quiet()
        } else {
            0
        }
    }

    #[inline(always)]
    pub fn unquiet(self, was: u8) {
        if self.quiet {
            runtime::unquiet(was)
        }
    }

    /// What was written on this thread so far (when late I/O counts).
    #[inline(always)]
    pub fn written(self, ts: *mut ThreadState) -> u64 {
        if self.late_io_extends {
            runtime::written(ts)
        } else {
            0
        }
    }

    /// Whether the call with return value `ret` (as a record field) failed.
    #[inline(always)]
    pub fn failed(self, func: Func, ret: u64) -> bool {
        match self.failure {
            Failure::Table => func.info().fail.failed(ret),
            Failure::Negative => (ret as i64) < 0,
            Failure::Unused => false,
        }
    }

    /// Write the record (or leave the call unrecorded: `out` None), `out` holding the
    /// fields and the status the statements after the call gave; the end moves past I/O
    /// recorded since `written`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub fn finish<const N: usize>(
        self,
        ts: *mut ThreadState,
        func: Func,
        (t0, mut t1): (u64, u64),
        written: u64,
        (err, failed): (i32, bool),
        out: Option<([u64; N], i32)>,
        ret: u64,
    ) {
        let Some((fields, given)) = out else {
            return runtime::cancel(ts);
        };
        if self.late_io_extends && runtime::written(ts) != written {
            t1 = runtime::now_raw();
        }
        let status = match self.status {
            Status::ErrnoIfFailed if failed => err,
            Status::ErrnoIfFailed => 0,
            Status::OneIfFailed => failed as i32,
            Status::Returned => ret as i32,
            Status::Given => given,
        };
        runtime::end_ret(ts, func, t0, t1, status, &fields, ret);
    }
}

/// The one prologue and epilogue of a recorded call, expanded in the wrapper's own body (so
/// that the statements before the call may shadow its arguments: MPI replaces an ignored
/// status by its own):
///
/// ```text
/// record! { policy: P, layer: L, func: F, gate: bool, call: expr,
///     before: |ts, t0| { statements } after: |ret, t1, failed| Option<([fields], status)> }
/// ```
///
/// A closed gate, or `runtime::begin` declining (layer off, the thread busy, a signal
/// handler during an append), makes the call straight through. Otherwise: the statements
/// before (which may give the call an earlier start: `t0 = Some(t)`), the timed call, the
/// statements after (seeing the result, its end time and whether it failed; None drops the
/// record, an excluded path), the record with the return value as its last field, and
/// errno as the call left it.
///
/// `ts` is a `*mut ThreadState`: this thread's own state, which `begin` returned and which
/// lives until the thread ends; nothing else uses it until the wrapper returns (a signal
/// handler's call is refused by `begin` while a record is being appended), so the
/// statements may dereference it.
macro_rules! record {
    (policy: $policy:expr, layer: $layer:expr, func: $func:expr, gate: $gate:expr, call: $call:expr,
        before: |$ts:ident, $t0:ident| { $($pre:tt)* }
        after: |$ret:ident, $t1:ident, $failed:ident| $post:expr) => {{
        const POLICY: $crate::wrap::Policy = $policy;
        let Some($ts) = POLICY.open($layer, || $gate) else {
            return $call;
        };
        let was = POLICY.quiet();
        #[allow(unused_mut, unused_assignments)]
        let mut $t0: Option<u64> = None;
        $($pre)*
        POLICY.unquiet(was);
        let t0 = match $t0 {
            Some(t) => t,
            None => $crate::runtime::now_raw(),
        };
        let $ret = $call;
        let $t1 = $crate::runtime::now_raw();
        let err = $crate::runtime::errno();
        let func = $func;
        let ret_field = $crate::wrap::RetField::field($ret);
        let $failed = POLICY.failed(func, ret_field);
        let was = POLICY.quiet();
        let written = POLICY.written($ts);
        let out = $post;
        POLICY.unquiet(was);
        POLICY.finish($ts, func, (t0, $t1), written, (err, $failed), out, ret_field);
        $crate::runtime::set_errno(err);
        $ret
    }};
}
pub(crate) use record;

/// Record one call of `layer` (returning an int or a pointer), for wrappers written as
/// functions (not table macros), with the [`CALL`] policy: `before` runs before the call
/// and `after` after it (both quiet); `after` gets the result and the call's end time (for
/// event records inside it) and gives the fields and the record's errno value.
#[inline(always)]
pub fn record_call<P, R: RetField + Copy, const N: usize>(
    layer: io_events::functions::Layer,
    func: Func,
    before: impl FnOnce(*mut ThreadState) -> P,
    call: impl FnOnce() -> R,
    after: impl FnOnce(*mut ThreadState, P, R, u64) -> ([u64; N], i32),
) -> R {
    record! { policy: CALL, layer: layer, func: func, gate: true, call: call(),
    before: |ts, t0| { let p = before(ts); }
    after: |ret, t1, failed| Some(after(ts, p, ret, t1)) }
}

/// The value a wrapper returns if the real symbol cannot be found.
pub trait FailValue {
    fn fail_value() -> Self;
}
macro_rules! fail_int {
    ($($t:ty),*) => { $( impl FailValue for $t { fn fail_value() -> Self { (0 as $t).wrapping_sub(1) } } )* };
}
fail_int!(i32, i64, isize, u32, u64, usize);
impl<T> FailValue for *mut T {
    fn fail_value() -> Self {
        std::ptr::null_mut()
    }
}
impl<T> FailValue for *const T {
    fn fail_value() -> Self {
        std::ptr::null()
    }
}

/// The libc layers' missing-symbol result: the failure value, with errno = ENOSYS.
pub fn enosys<R: FailValue>() -> R {
    runtime::set_errno(libc::ENOSYS);
    R::fail_value()
}

/// Converts a return value into the u64 stored as the record's last field.
pub trait RetField {
    fn field(self) -> u64;
}
macro_rules! ret_int {
    ($($t:ty),*) => { $( impl RetField for $t { #[inline(always)] fn field(self) -> u64 { self as i64 as u64 } } )* };
}
ret_int!(i32, i64, isize);
impl RetField for u32 {
    #[inline(always)]
    fn field(self) -> u64 {
        self as u64
    }
}
impl RetField for usize {
    #[inline(always)]
    fn field(self) -> u64 {
        self as u64
    }
}
impl RetField for u64 {
    #[inline(always)]
    fn field(self) -> u64 {
        self
    }
}
impl RetField for () {
    #[inline(always)]
    fn field(self) -> u64 {
        0
    }
}
impl<T> RetField for *mut T {
    #[inline(always)]
    fn field(self) -> u64 {
        self as usize as u64
    }
}
