//! The wrapper machinery: lazily resolved real symbols and the `wrap!` table macro.
//!
//! Each wrapped function is one line of data:
//!
//! ```text
//! Posix fn pread(fd: c_int, buf: *mut c_void, n: size_t, off: off_t) -> ssize_t
//!     [fd_traced(fd)] |ts, ret, failed| [fd as u64, n as u64, off as u64];
//! ```
//!
//! - the C signature (the macro declares the `#[no_mangle]` symbol and resolves the real one
//!   with `dlsym(RTLD_NEXT)` on first use), optionally followed by `as name`: the table line
//!   the call is recorded under when it is not the symbol's own (fortified `__read_chk`);
//! - a gate evaluated before the call (cheap: usually "is this fd traced"); a closed gate
//!   calls straight through;
//! - optionally `refuse [cond]` after the gate: when true the call fails with EBADF without
//!   reaching libc (the program closing one of the recorder's own descriptors);
//! - the captured fields, evaluated after the call; they may use `?` on an `Option` to drop
//!   the record (an excluded path), and helpers with side effects (fd state updates).
//!   The return value is appended as the last field by the macro.
//!
//! The function id is the wrapper's name in `io_events::Func`, so the event mapping lives in
//! that one table line.

use std::os::raw::{c_char, c_void};
use std::sync::atomic::{AtomicPtr, Ordering::*};

/// A lazily resolved pointer to the next definition of a symbol (libc's, usually).
pub struct Real {
    name: &'static str,
    ptr: AtomicPtr<c_void>,
}

#[cfg(target_arch = "x86_64")]
const BASE_VERSION: &[u8] = b"GLIBC_2.2.5\0";
#[cfg(target_arch = "aarch64")]
const BASE_VERSION: &[u8] = b"GLIBC_2.17\0";
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
const BASE_VERSION: &[u8] = b"GLIBC_2.0\0";

impl Real {
    /// `name` must end with a NUL byte.
    pub const fn new(name: &'static str) -> Real {
        Real {
            name,
            ptr: AtomicPtr::new(std::ptr::null_mut()),
        }
    }

    /// The real function, or null if no later object defines it.
    #[inline(always)]
    pub fn get(&self) -> *mut c_void {
        let p = self.ptr.load(Relaxed);
        if !p.is_null() {
            return p;
        }
        self.resolve()
    }

    #[cold]
    fn resolve(&self) -> *mut c_void {
        let p = rotf2_real(self.name.as_ptr() as *const c_char);
        self.ptr.store(p, Relaxed);
        p
    }
}

/// The next definition of the symbol `name` (NUL-terminated) after this library: libc's,
/// usually. Also used by the C shim for the variadic wrappers.
#[no_mangle]
pub extern "C" fn rotf2_real(name: *const c_char) -> *mut c_void {
    // SAFETY: NUL-terminated name; RTLD_NEXT searches the objects loaded after us.
    let p = unsafe { libc::dlsym(libc::RTLD_NEXT, name) };
    if !p.is_null() {
        return p;
    }
    // Compat-only symbols (the __xstat family in glibc >= 2.33) have no default version and
    // are found only by asking for the base version.
    unsafe {
        libc::dlvsym(
            libc::RTLD_NEXT,
            name,
            BASE_VERSION.as_ptr() as *const c_char,
        )
    }
}

/// The definition of `name` in any loaded object other than this library: for libraries a
/// program loads privately (Python extensions dlopen libmpi and libhdf5 with RTLD_LOCAL,
/// so neither RTLD_NEXT nor the global scope sees them).
#[cold]
pub fn search_loaded(name: *const c_char) -> *mut c_void {
    crate::runtime::busy(|| search_loaded_inner(name)).unwrap_or(std::ptr::null_mut())
}

fn search_loaded_inner(name: *const c_char) -> *mut c_void {
    let mut objects: Vec<std::ffi::CString> = Vec::new();
    unsafe extern "C" fn each(
        info: *mut libc::dl_phdr_info,
        _size: libc::size_t,
        data: *mut c_void,
    ) -> libc::c_int {
        let v = &mut *(data as *mut Vec<std::ffi::CString>);
        let n = (*info).dlpi_name;
        if !n.is_null() && *n != 0 {
            v.push(std::ffi::CStr::from_ptr(n).to_owned());
        }
        0
    }
    // SAFETY: the callback only reads the entry and pushes into our Vec.
    unsafe { libc::dl_iterate_phdr(Some(each), &mut objects as *mut _ as *mut c_void) };
    let own = object_base(search_loaded as *const c_void);
    for o in objects {
        // SAFETY: RTLD_NOLOAD only returns objects already loaded; the extra reference is
        // dropped again at once.
        unsafe {
            let h = libc::dlopen(o.as_ptr(), libc::RTLD_LAZY | libc::RTLD_NOLOAD);
            if h.is_null() {
                continue;
            }
            let p = libc::dlsym(h, name);
            libc::dlclose(h);
            // Never this library's own wrapper of the same name.
            if !p.is_null() && object_base(p) != own {
                return p;
            }
        }
    }
    std::ptr::null_mut()
}

/// The load address of the object that contains `p`.
fn object_base(p: *const c_void) -> *mut c_void {
    // SAFETY: dladdr only reads the loader's tables.
    unsafe {
        let mut info: libc::Dl_info = std::mem::zeroed();
        if libc::dladdr(p, &mut info) == 0 {
            return std::ptr::null_mut();
        }
        info.dli_fbase
    }
}

/// Resolve a library symbol this library does not define itself under that name, or whose
/// definition here must be skipped: the next definition after this library, then one in a
/// privately loaded object. With `global_first`, the global scope comes first: MPI's
/// predefined objects (Open MPI's `ompi_mpi_comm_world`) may have been copied into the
/// executable by a copy relocation, and libmpi then uses that copy, which precedes this
/// library in the search order (only for names this library does not define: PMPI_ ...).
pub fn lib_sym(name: *const c_char, global_first: bool) -> *mut c_void {
    let handles: &[*mut c_void] = if global_first {
        &[libc::RTLD_DEFAULT, libc::RTLD_NEXT]
    } else {
        &[libc::RTLD_NEXT]
    };
    for &h in handles {
        // SAFETY: NUL-terminated name.
        let p = unsafe { libc::dlsym(h, name) };
        if !p.is_null() {
            return p;
        }
    }
    search_loaded(name)
}

/// A lazily resolved function of an I/O library (MPI, HDF5, NetCDF), see [`lib_sym`].
pub struct LibReal {
    name: &'static str,
    global_first: bool,
    ptr: AtomicPtr<c_void>,
}

impl LibReal {
    /// A function this library also defines (wraps): the next definition. `name` must end
    /// with a NUL byte.
    pub const fn new(name: &'static str) -> LibReal {
        LibReal {
            name,
            global_first: false,
            ptr: AtomicPtr::new(std::ptr::null_mut()),
        }
    }
    /// A name this library does not define (PMPI_ ...): the global scope first.
    pub const fn global(name: &'static str) -> LibReal {
        LibReal {
            name,
            global_first: true,
            ptr: AtomicPtr::new(std::ptr::null_mut()),
        }
    }
    #[inline(always)]
    pub fn get(&self) -> *mut c_void {
        let p = self.ptr.load(Relaxed);
        if !p.is_null() {
            return p;
        }
        self.resolve()
    }
    #[cold]
    fn resolve(&self) -> *mut c_void {
        let p = lib_sym(self.name.as_ptr() as *const c_char, self.global_first);
        self.ptr.store(p, Relaxed);
        p
    }
}

/// Typed calls of library functions the recorder itself asks (never wrapped ones):
/// `lib_calls! { new|global [, query]; fn name(args) -> Ret = value-if-missing; ... }`.
/// With `query` each call runs as a [`crate::runtime::query`]: I/O the library does to
/// answer (HDF5, NetCDF load metadata lazily) is recorded inside the call being recorded.
macro_rules! lib_calls {
    ($resolve:ident, query; $( fn $name:ident ( $($a:ident : $t:ty),* ) -> $r:ty = $fail:expr; )*) => { $(
        #[inline]
        #[allow(non_snake_case, dead_code)]
        pub(crate) unsafe fn $name($($a: $t),*) -> $r {
            static REAL: $crate::wrap::LibReal =
                $crate::wrap::LibReal::$resolve(concat!(stringify!($name), "\0"));
            let p = REAL.get();
            if p.is_null() {
                return $fail;
            }
            let f: unsafe extern "C" fn($($t),*) -> $r = std::mem::transmute(p);
            $crate::runtime::query(|| f($($a),*))
        }
    )* };
    ($resolve:ident; $( fn $name:ident ( $($a:ident : $t:ty),* ) -> $r:ty = $fail:expr; )*) => { $(
        #[inline]
        #[allow(non_snake_case, dead_code)]
        pub(crate) unsafe fn $name($($a: $t),*) -> $r {
            static REAL: $crate::wrap::LibReal =
                $crate::wrap::LibReal::$resolve(concat!(stringify!($name), "\0"));
            let p = REAL.get();
            if p.is_null() {
                return $fail;
            }
            let f: unsafe extern "C" fn($($t),*) -> $r = std::mem::transmute(p);
            f($($a),*)
        }
    )* };
}
pub(crate) use lib_calls;

/// The value a wrapper returns if the real symbol cannot be found (with errno = ENOSYS).
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
impl<T> RetField for *mut T {
    #[inline(always)]
    fn field(self) -> u64 {
        self as usize as u64
    }
}

/// The function a wrapper records: its own name, or the one after `as` (a fortified entry
/// point such as `__read_chk` is recorded as `read`).
macro_rules! recorded_as {
    ($name:ident) => {
        io_events::functions::Func::$name
    };
    ($name:ident, $rec:ident) => {
        io_events::functions::Func::$rec
    };
}
pub(crate) use recorded_as;

/// Declare wrappers; see the module documentation for the line format.
macro_rules! wrap {
    ($( $layer:ident fn $name:ident ( $($a:ident : $t:ty),* ) -> $r:ty $(as $rec:ident)?
        [ $gate:expr ] $(refuse [ $refuse:expr ])? | $ts:ident, $ret:ident, $failed:ident | [ $($field:expr),* ] ; )*) => { $(
        #[no_mangle]
        #[allow(unused_variables, unused_mut, clippy::missing_safety_doc, clippy::redundant_closure_call)]
        pub unsafe extern "C" fn $name($($a: $t),*) -> $r {
            static REAL: $crate::wrap::Real = $crate::wrap::Real::new(concat!(stringify!($name), "\0"));
            let p = REAL.get();
            if p.is_null() {
                $crate::runtime::set_errno(libc::ENOSYS);
                return <$r as $crate::wrap::FailValue>::fail_value();
            }
            let real: unsafe extern "C" fn($($t),*) -> $r = std::mem::transmute(p);
            $(
                // Calls that must not reach libc at all (closing the recorder's own files):
                // answered as if the descriptor were not open.
                if $refuse {
                    $crate::runtime::set_errno(libc::EBADF);
                    return <$r as $crate::wrap::FailValue>::fail_value();
                }
            )?
            // The gate first: some gates have effects that must happen whether or not the
            // layer is traced (chdir invalidates the relative-path cache).
            if !($gate) || !$crate::runtime::layer_on(io_events::functions::Layer::$layer) {
                return real($($a),*);
            }
            let Some(ts) = $crate::runtime::begin(io_events::functions::Layer::$layer) else {
                return real($($a),*);
            };
            let t0 = $crate::runtime::now_raw();
            let $ret = real($($a),*);
            let t1 = $crate::runtime::now_raw();
            let err = $crate::runtime::errno();
            let func = $crate::wrap::recorded_as!($name $(, $rec)?);
            let $failed = func.info().fail.failed($crate::wrap::RetField::field($ret));
            let $ts = &mut *ts;
            let fields = (|| Some([$($field,)* $crate::wrap::RetField::field($ret)]))();
            match fields {
                Some(f) => $crate::runtime::end(ts, func, t0, t1, if $failed { err } else { 0 }, &f),
                None => $crate::runtime::cancel(ts),
            }
            $crate::runtime::set_errno(err);
            $ret
        }
    )* };
}
pub(crate) use wrap;
