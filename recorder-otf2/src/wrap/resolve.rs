//! Where a wrapper's real function comes from: lazily resolved symbols ([`Real`]: the next
//! definition, libc's; [`LibReal`]: an I/O library's, possibly loaded privately), typed calls
//! of library functions the recorder asks itself (`lib_calls!`), and `resolved!`, the one
//! place a resolved symbol becomes a typed function pointer.

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

/// The resolved function `Source::constructor(name)` (`Real::new`, `LibReal::new` or
/// `LibReal::global`, name NUL-terminated) as the typed function pointer `fn(types) -> R`
/// (an `unsafe extern "C" fn`; or `type F` with the whole type), or None when no object
/// defines it. Each expansion holds its own lazily filled static.
macro_rules! resolved {
    ($src:ident :: $ctor:ident ( $sym:expr ) as fn ( $($t:ty),* ) $(-> $r:ty)?) => {
        $crate::wrap::resolved!($src::$ctor($sym) as type unsafe extern "C" fn($($t),*) $(-> $r)?)
    };
    ($src:ident :: $ctor:ident ( $sym:expr ) as type $f:ty) => {{
        static REAL: $crate::wrap::$src = $crate::wrap::$src::$ctor($sym);
        let p = REAL.get();
        if p.is_null() {
            None
        } else {
            // SAFETY: `p` is a definition of the C function named `$sym` (the one this
            // wrapper interposes, or the PMPI_ entry of the same call), whose C prototype is
            // the signature given here: every table line copies the library's header, and
            // the generated ones are checked against it (scripts/gen-*.py --check). A
            // function pointer and a data pointer have one size and representation on the
            // targets built for (ELF, where dlsym returns code addresses).
            Some(unsafe { std::mem::transmute::<*mut std::os::raw::c_void, $f>(p) })
        }
    }};
}
pub(crate) use resolved;

/// An exported wrapper: `fn name(args) -> R; real: Source::constructor(symbol); missing:
/// value; |real| body`. Declares the `#[no_mangle]` C symbol `name`, resolves the real
/// function once (see `resolved!`) and runs `body` with it bound to `real`; when no object
/// defines it the wrapper returns `missing`.
///
/// The wrappers stay `unsafe extern "C" fn`: their arguments are C pointers and handles the
/// wrapper passes on and reads (a path, a status, a count), so calling one with invalid ones
/// is as undefined as calling the C function itself; a safe signature would let safe Rust
/// code (fortran.rs calls the MPI wrappers) do that without `unsafe`.
macro_rules! exported {
    ($(#[$attr:meta])* fn $name:ident ( $($a:ident : $t:ty),* ) -> $r:ty;
        real: $src:ident :: $ctor:ident ( $sym:expr ); missing: $missing:expr;
        | $real:ident | $body:block) => {
        /// A C function interposed by the recorder (see the `wrap` module).
        ///
        /// # Safety
        ///
        /// The arguments must be what the C function of this name accepts (the pointers
        /// valid as its documentation asks): they are passed to it unchanged, and the
        /// recorder reads them only where that function would.
        #[no_mangle]
        $(#[$attr])*
        pub unsafe extern "C" fn $name($($a: $t),*) -> $r {
            let Some($real) = $crate::wrap::resolved!($src::$ctor($sym) as fn($($t),*) -> $r) else {
                return $missing;
            };
            $body
        }
    };
}
pub(crate) use exported;

/// Typed calls of library functions the recorder itself asks (never wrapped ones):
/// `lib_calls! { new|global [, query]; fn name(args) -> Ret = value-if-missing; ... }`.
/// With `query` each call runs as a [`crate::runtime::query`]: I/O the library does to
/// answer (HDF5, NetCDF load metadata lazily) is recorded inside the call being recorded.
macro_rules! lib_calls {
    ($resolve:ident, query; $($rest:tt)*) => { $crate::wrap::lib_calls!(@each $resolve [query] $($rest)*); };
    ($resolve:ident; $($rest:tt)*) => { $crate::wrap::lib_calls!(@each $resolve [] $($rest)*); };
    (@each $resolve:ident $mode:tt $( fn $name:ident ( $($a:ident : $t:ty),* ) -> $r:ty = $fail:expr; )*) => { $(
        #[inline]
        #[allow(non_snake_case, dead_code)]
        pub(crate) unsafe fn $name($($a: $t),*) -> $r {
            let Some(f) = $crate::wrap::resolved!(LibReal::$resolve(concat!(stringify!($name), "\0")) as fn($($t),*) -> $r) else {
                return $fail;
            };
            $crate::wrap::lib_calls!(@call $mode f($($a),*))
        }
    )* };
    (@call [query] $call:expr) => { $crate::runtime::query(|| $call) };
    (@call [] $call:expr) => { $call };
}
pub(crate) use lib_calls;
