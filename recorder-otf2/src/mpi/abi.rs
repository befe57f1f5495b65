//! The MPI ABIs the recorder serves from one build, chosen at run time.
//!
//! Two ABIs cover the MPIs of nearly every machine: Open MPI's (handles are pointers to
//! library objects, `MPI_Status` is {source, tag, error, cancelled, size_t count}) and the
//! MPICH family's (MPICH, Intel MPI, MVAPICH, Cray MPICH: handles are 32-bit integers,
//! `MPI_Status` is {count_lo, count_hi_and_cancelled, source, tag, error}). The library is
//! built without any mpi.h: what differs between them is described here, as the two
//! headers define it (tests/tests/mpi_abi.rs checks every value against both installed
//! headers).
//!
//! On x86_64 and aarch64 a handle passed by value travels in a 64-bit register or stack
//! slot whether it is a pointer or an `int`, so wrappers take every handle as a [`Handle`]
//! (a `usize`) and pass it on untouched; only its meaning differs: under MPICH only the low
//! 32 bits count ([`Handle::key`]). Handles behind pointers (a request array, a new
//! communicator) and statuses have ABI-sized slots: [`HandlePtr`] and [`StatusPtr`] read
//! them with the right width and stride.
//!
//! Which ABI: decided once, at the first MPI call the program makes, from
//! `PMPI_Get_library_version` (callable before MPI_Init, does no I/O) and checked against
//! the symbols the library exports (Open MPI's predefined objects `ompi_mpi_comm_world`,
//! ...). An MPI that is neither, or a contradiction (two MPIs loaded, the MPI standard's new
//! ABI library `libmpi_abi`), turns the MPI layers off with one line on stderr; every other
//! layer goes on and the program's MPI calls pass straight through.

use std::ffi::CStr;
use std::os::raw::{c_char, c_int, c_void};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;

/// Which ABI the program's MPI has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Open MPI (and its derivatives: IBM Spectrum MPI, bullx MPI).
    OpenMpi,
    /// The MPICH ABI: MPICH >= 3.1, Intel MPI >= 5, MVAPICH2 >= 2.0, Cray MPICH >= 7.
    Mpich,
}

/// An MPI handle passed by value (communicator, datatype, info, group, request, op): a
/// pointer under Open MPI, an `int` under MPICH. See the module comment.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Handle(pub usize);

impl Handle {
    /// The handle's value as the trace and the recorder's tables key it: the pointer, or
    /// the 32-bit integer without what the register held above it.
    #[inline(always)]
    pub fn key(self) -> u64 {
        if is_int_abi() {
            self.0 as u32 as u64
        } else {
            self.0 as u64
        }
    }

    /// The same handle with only its meaningful bits (a value to compare or store).
    #[inline(always)]
    pub fn clean(self) -> Handle {
        Handle(self.key() as usize)
    }

    /// A pointer to this handle, for an MPI call that writes one (an own variable: 8 bytes
    /// wide, zeroed, so a 32-bit write leaves a clean value on a little-endian machine).
    #[inline(always)]
    pub fn out(&mut self) -> HandlePtr {
        HandlePtr(self as *mut Handle as *mut c_void)
    }
}

/// A pointer to one handle or an array of them (`MPI_Request *`, `MPI_Comm *` ...), as the
/// program passed it: slots of the ABI's handle width.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandlePtr(pub *mut c_void);

impl HandlePtr {
    #[inline(always)]
    pub fn is_null(self) -> bool {
        self.0.is_null()
    }

    /// The `i`-th handle.
    ///
    /// # Safety
    /// The pointer holds at least `i + 1` handles of the program's ABI.
    #[inline(always)]
    pub unsafe fn get(self, i: usize) -> Handle {
        if is_int_abi() {
            Handle(*(self.0 as *const u32).add(i) as usize)
        } else {
            Handle(*(self.0 as *const usize).add(i))
        }
    }

    /// The `i`-th handle's key ([`Handle::key`]), reading the ABI once.
    ///
    /// # Safety
    /// The pointer holds at least `i + 1` handles of the program's ABI.
    #[inline(always)]
    pub unsafe fn key_at(self, i: usize) -> u64 {
        if is_int_abi() {
            *(self.0 as *const u32).add(i) as u64
        } else {
            *(self.0 as *const usize).add(i) as u64
        }
    }

    /// Store `h` as the `i`-th handle.
    ///
    /// # Safety
    /// The pointer holds at least `i + 1` writable handles of the program's ABI.
    #[inline(always)]
    pub unsafe fn set(self, i: usize, h: Handle) {
        if is_int_abi() {
            *(self.0 as *mut u32).add(i) = h.0 as u32;
        } else {
            *(self.0 as *mut usize).add(i) = h.0;
        }
    }

    /// An array of handles of the recorder's own (`MAX` at most, as `[u64; MAX]`).
    #[inline(always)]
    pub fn array<const N: usize>(a: &mut [u64; N]) -> HandlePtr {
        HandlePtr(a.as_mut_ptr() as *mut c_void)
    }
}

/// Room for one status of either ABI (24 bytes under Open MPI, 20 under MPICH).
#[repr(C, align(8))]
#[derive(Clone, Copy, Default)]
pub struct Status([c_int; 6]);

/// A pointer to one status or an array of them, or MPI_STATUS(ES)_IGNORE.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StatusPtr(pub *mut c_void);

impl StatusPtr {
    /// A status of the recorder's own.
    #[inline(always)]
    pub fn local(s: &mut Status) -> StatusPtr {
        StatusPtr(s as *mut Status as *mut c_void)
    }

    /// An array of statuses of the recorder's own.
    #[inline(always)]
    pub fn locals(s: &mut [Status]) -> StatusPtr {
        StatusPtr(s.as_mut_ptr() as *mut c_void)
    }

    #[inline(always)]
    pub fn is_null(self) -> bool {
        self.0.is_null()
    }

    /// Whether this is MPI_STATUS_IGNORE (which equals MPI_STATUSES_IGNORE in both ABIs:
    /// 0 in Open MPI, 1 in MPICH; checked against both headers by the tests).
    #[inline(always)]
    pub fn is_ignore(self) -> bool {
        self.0 as usize == is_int_abi() as usize
    }

    /// The `i`-th status of an array (the ABI's stride: sizeof(MPI_Status)).
    ///
    /// # Safety
    /// The pointer is an array of at least `i + 1` statuses.
    #[inline(always)]
    pub unsafe fn at(self, i: usize) -> StatusPtr {
        let size = if is_int_abi() { 20 } else { 24 };
        StatusPtr((self.0 as *mut u8).add(i * size) as *mut c_void)
    }

    /// The status's MPI_SOURCE.
    ///
    /// # Safety
    /// The pointer is a status MPI filled in.
    #[inline(always)]
    pub unsafe fn source(self) -> c_int {
        *(self.0 as *const c_int).add(source_index())
    }

    /// The status's MPI_TAG (after MPI_SOURCE in both ABIs).
    ///
    /// # Safety
    /// The pointer is a status MPI filled in.
    #[inline(always)]
    pub unsafe fn tag(self) -> c_int {
        *(self.0 as *const c_int).add(source_index() + 1)
    }
}

/// What differs between the ABIs, for the one the program loaded.
#[derive(Debug)]
pub struct Abi {
    pub kind: Kind,
    /// MPI_Get_library_version's first line ("Open MPI v4.1.4, ...", "MPICH Version: 4.0.2").
    pub version: String,
    pub comm_world: Handle,
    pub comm_null: Handle,
    pub byte: Handle,
    pub info_null: Handle,
    pub comm_type_shared: c_int,
    pub proc_null: c_int,
    pub any_source: c_int,
    pub any_tag: c_int,
    /// MPI_STATUS_IGNORE and MPI_STATUSES_IGNORE, as addresses.
    pub status_ignore: usize,
    /// sizeof(MPI_Status).
    pub status_bytes: usize,
    /// Index of MPI_SOURCE among the status's ints (MPI_TAG follows it).
    pub source_index: usize,
    /// The handle conversions between Fortran and C are the identity (MPICH's are macros).
    pub f2c_identity: bool,
    /// MPI_COMBINER_NAMED: both ABIs number the combiners in the standard's order from it
    /// (`super::filetype` works with the offsets).
    pub combiner_named: c_int,
    /// MPI_ORDER_C (MPI_ORDER_FORTRAN is one more in both ABIs).
    pub order_c: c_int,
}

/// Constants the two ABIs share (the MPI-IO modes and whence values come from ROMIO in
/// both): checked against both headers by the tests too.
pub mod shared {
    use std::os::raw::c_int;
    pub const MODE_CREATE: u32 = 1;
    pub const MODE_RDONLY: u32 = 2;
    pub const MODE_WRONLY: u32 = 4;
    pub const MODE_RDWR: u32 = 8;
    pub const MODE_DELETE_ON_CLOSE: u32 = 16;
    pub const MODE_UNIQUE_OPEN: u32 = 32;
    pub const MODE_EXCL: u32 = 64;
    pub const MODE_APPEND: u32 = 128;
    pub const MODE_SEQUENTIAL: u32 = 256;
    pub const SEEK_SET: c_int = 600;
    pub const SEEK_CUR: c_int = 602;
    pub const SEEK_END: c_int = 604;
    pub const UNDEFINED: c_int = -32766;
}

static ABI: OnceLock<Option<Abi>> = OnceLock::new();

/// What the wrappers' hot paths ask, in one byte: [`UNDECIDED`], [`OPEN_MPI`], [`MPICH`] or
/// [`OFF`]; set once [`ABI`] holds the decision.
static STATE: AtomicU8 = AtomicU8::new(UNDECIDED);
const UNDECIDED: u8 = 0;
const OPEN_MPI: u8 = 1;
const MPICH: u8 = 2;
const OFF: u8 = 3;

/// Whether the program's MPI has an ABI the recorder serves, deciding it at the first call
/// (the gate of every MPI wrapper: false passes the call straight through).
#[inline(always)]
pub fn known() -> bool {
    match STATE.load(Ordering::Acquire) {
        OPEN_MPI | MPICH => true,
        OFF => false,
        _ => decide().is_some(),
    }
}

/// The program's MPI ABI, deciding it at the first call; `None`: the MPI layers are off.
#[inline]
pub fn current() -> Option<&'static Abi> {
    match STATE.load(Ordering::Acquire) {
        OFF => None,
        UNDECIDED => decide(),
        _ => ABI.get().and_then(Option::as_ref),
    }
}

#[cold]
fn decide() -> Option<&'static Abi> {
    let abi = ABI.get_or_init(detect).as_ref();
    let state = match abi.map(|a| a.kind) {
        Some(Kind::OpenMpi) => OPEN_MPI,
        Some(Kind::Mpich) => MPICH,
        None => OFF,
    };
    STATE.store(state, Ordering::Release);
    abi
}

/// Whether handles are 32-bit integers. Only asked once an ABI was found (wrappers pass
/// through otherwise), so an undecided ABI reads as Open MPI's, which changes nothing.
#[inline(always)]
fn is_int_abi() -> bool {
    STATE.load(Ordering::Relaxed) == MPICH
}

/// Index of MPI_SOURCE among a status's ints.
#[inline(always)]
fn source_index() -> usize {
    if is_int_abi() {
        2
    } else {
        0
    }
}

/// The ABI decided by [`current`]. Called only past a wrapper's gate, where it is.
#[inline(always)]
pub fn decided() -> &'static Abi {
    abi_or_default()
}

/// The decided ABI, or Open MPI's layout when none is (never used then: see `is_int_abi`).
#[inline(always)]
fn abi_or_default() -> &'static Abi {
    static FALLBACK: OnceLock<Abi> = OnceLock::new();
    match ABI.get() {
        Some(Some(a)) => a,
        _ => FALLBACK.get_or_init(|| open_mpi(String::new(), |_| std::ptr::null_mut())),
    }
}

/// Resolve a symbol of the loaded MPI (the program's, or one mpi4py loaded privately).
fn sym(name: &str) -> *mut c_void {
    let c = std::ffi::CString::new(name).unwrap_or_default();
    crate::wrap::lib_sym(c.as_ptr(), true)
}

/// Decide the ABI (with the thread busy: nothing the queries do is recorded), say why the
/// MPI layers are off if they must be, and keep the MPI library's name in the metadata.
fn detect() -> Option<Abi> {
    crate::runtime::busy(|| {
        let res = library_version().and_then(|v| classify(&v, sym));
        match &res {
            Ok(abi) => {
                let v = abi.version.clone();
                crate::runtime::update_meta(|m| m.mpi_library = Some(v));
            }
            Err(why) => {
                let msg = format!("recorder-otf2: MPI layers off: {why}; the other layers go on\n");
                let _ = crate::runtime::write_all(2, msg.as_bytes());
                let why = why.clone();
                crate::runtime::update_meta(|m| m.mpi_layers_off = Some(why));
            }
        }
        res.ok()
    })
    .flatten()
}

/// MPI_Get_library_version's text.
fn library_version() -> Result<String, String> {
    let p = sym("PMPI_Get_library_version");
    if p.is_null() {
        return Err("the loaded MPI has no MPI_Get_library_version (MPI < 3.0)".into());
    }
    // SAFETY: the MPI-3 signature; 8192 is MPICH's MPI_MAX_LIBRARY_VERSION_STRING, the
    // largest of the known MPIs (Open MPI's is 256).
    let f: unsafe extern "C" fn(*mut c_char, *mut c_int) -> c_int = unsafe { std::mem::transmute(p) };
    let mut buf = vec![0 as c_char; 8192 + 1];
    let mut len: c_int = 0;
    // SAFETY: buf is large enough for either MPI's maximum.
    if unsafe { f(buf.as_mut_ptr(), &mut len) } != 0 {
        return Err("MPI_Get_library_version failed".into());
    }
    // SAFETY: MPI wrote a NUL-terminated string into buf (its last byte stays 0).
    let s = unsafe { CStr::from_ptr(buf.as_ptr()) };
    Ok(s.to_string_lossy().trim().to_string())
}

/// The ABI a library version text and the loaded symbols describe, or why none.
pub fn classify(version: &str, sym: impl Fn(&str) -> *mut c_void) -> Result<Abi, String> {
    let first = version.lines().next().unwrap_or("").trim().to_string();
    let has_ompi = !sym("ompi_mpi_comm_world").is_null();
    let has_abi = !sym("MPI_Abi_get_version").is_null();
    let mpich_family = ["MPICH", "Intel(R) MPI", "MVAPICH", "CRAY MPICH"]
        .iter()
        .any(|k| version.contains(k));
    if has_abi {
        return Err(format!(
            "'{first}' offers the MPI standard ABI (libmpi_abi), not supported yet"
        ));
    }
    if version.starts_with("Open MPI") || version.contains("Spectrum MPI") {
        if !has_ompi {
            return Err(format!(
                "'{first}' says Open MPI but its predefined objects are missing"
            ));
        }
        return Ok(open_mpi(first, sym));
    }
    if mpich_family {
        if has_ompi {
            return Err(format!("'{first}' loaded beside Open MPI (two MPI libraries)"));
        }
        return Ok(mpich(first));
    }
    Err(format!(
        "unknown MPI '{first}' (supported: Open MPI and the MPICH family: MPICH, Intel MPI, MVAPICH, Cray MPICH)"
    ))
}

fn open_mpi(version: String, sym: impl Fn(&str) -> *mut c_void) -> Abi {
    let obj = |s: &str| Handle(sym(s) as usize);
    Abi {
        kind: Kind::OpenMpi,
        version,
        comm_world: obj("ompi_mpi_comm_world"),
        comm_null: obj("ompi_mpi_comm_null"),
        byte: obj("ompi_mpi_byte"),
        info_null: obj("ompi_mpi_info_null"),
        comm_type_shared: 0,
        proc_null: -2,
        any_source: -1,
        any_tag: -1,
        status_ignore: 0,
        status_bytes: 24,
        source_index: 0,
        f2c_identity: false,
        combiner_named: 0,
        order_c: 0,
    }
}

fn mpich(version: String) -> Abi {
    Abi {
        kind: Kind::Mpich,
        version,
        comm_world: Handle(0x4400_0000),
        comm_null: Handle(0x0400_0000),
        byte: Handle(0x4c00_010d),
        info_null: Handle(0x1c00_0000),
        comm_type_shared: 1,
        proc_null: -1,
        any_source: -2,
        any_tag: -1,
        status_ignore: 1,
        status_bytes: 20,
        source_index: 2,
        f2c_identity: true,
        combiner_named: 1,
        order_c: 56,
    }
}
