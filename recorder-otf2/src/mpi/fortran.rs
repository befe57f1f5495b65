//! Fortran bindings of the MPI-IO layer.
//!
//! MPI libraries implement their Fortran bindings on top of the `PMPI_` C functions (Open
//! MPI's libmpi_mpifh does), so the C wrappers never see a Fortran program's calls. Each
//! Fortran entry point here converts its arguments to C handles (`PMPI_*_f2c`), calls this
//! library's own C wrapper, which records the call exactly as for C, and converts the
//! results back (`PMPI_*_c2f`, the status with `PMPI_Status_c2f`, `ierr`).
//!
//! Every function is exported under the names Fortran compilers use: `mpi_x_`, `mpi_x__`,
//! `mpi_x`, `MPI_X`, and `ompi_x_f`, the Open MPI symbol its `use mpi_f08` module calls.
//! One table line per function: the Fortran argument kinds, in order; `ierr` is added.

use super::*;

type Fint = MPI_Fint;

pmpi! {
    fn PMPI_Status_c2f(c: StatusPtr, f: *mut Fint);
}

// Fortran -> C conversions of the handle types (they return the handle itself).
crate::wrap::lib_calls! {
    global;
    fn PMPI_File_f2c(f: Fint) -> MPI_File = std::mem::zeroed();
    fn PMPI_File_c2f(c: MPI_File) -> Fint = std::mem::zeroed();
    fn PMPI_Type_f2c(f: Fint) -> MPI_Datatype = std::mem::zeroed();
    fn PMPI_Comm_f2c(f: Fint) -> MPI_Comm = std::mem::zeroed();
    fn PMPI_Info_f2c(f: Fint) -> MPI_Info = std::mem::zeroed();
    fn PMPI_Request_f2c(f: Fint) -> MPI_Request = std::mem::zeroed();
    fn PMPI_Request_c2f(c: MPI_Request) -> Fint = std::mem::zeroed();
}

/// A Fortran handle as C's: the MPICH family converts with a cast (macros of its mpi.h, no
/// function to call), Open MPI with a table lookup.
#[inline]
unsafe fn h_f2c(f: Fint, conv: unsafe fn(Fint) -> Handle) -> Handle {
    if abi().f2c_identity {
        Handle(f as u32 as usize)
    } else {
        conv(f)
    }
}
unsafe fn type_f2c(f: Fint) -> MPI_Datatype {
    h_f2c(f, PMPI_Type_f2c)
}
unsafe fn comm_f2c(f: Fint) -> MPI_Comm {
    h_f2c(f, PMPI_Comm_f2c)
}
unsafe fn info_f2c(f: Fint) -> MPI_Info {
    h_f2c(f, PMPI_Info_f2c)
}
unsafe fn request_f2c(f: Fint) -> MPI_Request {
    h_f2c(f, PMPI_Request_f2c)
}
unsafe fn request_c2f(c: MPI_Request) -> Fint {
    if abi().f2c_identity {
        c.key() as Fint
    } else {
        PMPI_Request_c2f(c)
    }
}

/// Whether a Fortran status argument is MPI_STATUS_IGNORE (of `use mpi` or `use mpi_f08`).
fn f_status_ignored(p: *mut Fint) -> bool {
    static IGNORE: [AtomicPtr<c_void>; 2] = [
        AtomicPtr::new(std::ptr::null_mut()),
        AtomicPtr::new(std::ptr::null_mut()),
    ];
    static RESOLVED: AtomicBool = AtomicBool::new(false);
    if p.is_null() {
        return true;
    }
    if !RESOLVED.load(Acquire) {
        // The C variables MPI_F_STATUS_IGNORE / MPI_F08_STATUS_IGNORE hold the addresses
        // Fortran passes.
        for (i, name) in [
            &b"MPI_F_STATUS_IGNORE\0"[..],
            &b"MPI_F08_STATUS_IGNORE\0"[..],
        ]
        .iter()
        .enumerate()
        {
            let v = mpi_sym(name.as_ptr() as *const c_char) as *const *mut c_void;
            if !v.is_null() {
                // SAFETY: the symbol is a pointer variable.
                IGNORE[i].store(unsafe { *v }, Relaxed);
            }
        }
        RESOLVED.store(true, Release);
    }
    IGNORE.iter().any(|s| s.load(Relaxed) == p as *mut c_void)
}

/// A Fortran argument: built from what Fortran passed, converted for the C call, and
/// written back after it.
trait FArg: Sized {
    type F;
    type C;
    unsafe fn from_f(p: Self::F) -> Self;
    unsafe fn c(&mut self) -> Self::C;
    unsafe fn back(&mut self, _ok: bool) {}
}

macro_rules! handle_in {
    ($name:ident, $c:ty, $f2c:ident) => {
        struct $name($c);
        impl FArg for $name {
            type F = *mut Fint;
            type C = $c;
            unsafe fn from_f(p: *mut Fint) -> Self {
                $name($f2c(*p))
            }
            unsafe fn c(&mut self) -> $c {
                self.0
            }
        }
    };
}
handle_in!(File, MPI_File, PMPI_File_f2c);
handle_in!(Type, MPI_Datatype, type_f2c);
handle_in!(Comm, MPI_Comm, comm_f2c);
handle_in!(Info, MPI_Info, info_f2c);

/// INTEGER in.
struct Int(c_int);
impl FArg for Int {
    type F = *mut Fint;
    type C = c_int;
    unsafe fn from_f(p: *mut Fint) -> Self {
        Int(*p)
    }
    unsafe fn c(&mut self) -> c_int {
        self.0
    }
}

/// INTEGER(KIND=MPI_OFFSET_KIND) in.
struct Off(MPI_Offset);
impl FArg for Off {
    type F = *mut MPI_Offset;
    type C = MPI_Offset;
    unsafe fn from_f(p: *mut MPI_Offset) -> Self {
        Off(*p)
    }
    unsafe fn c(&mut self) -> MPI_Offset {
        self.0
    }
}

/// INTEGER(KIND=MPI_OFFSET_KIND) out.
struct OffOut(*mut MPI_Offset);
impl FArg for OffOut {
    type F = *mut MPI_Offset;
    type C = *mut MPI_Offset;
    unsafe fn from_f(p: *mut MPI_Offset) -> Self {
        OffOut(p)
    }
    unsafe fn c(&mut self) -> *mut MPI_Offset {
        self.0
    }
}

/// A choice buffer.
struct Buf(*mut c_void);
impl FArg for Buf {
    type F = *mut c_void;
    type C = *mut c_void;
    unsafe fn from_f(p: *mut c_void) -> Self {
        Buf(p)
    }
    unsafe fn c(&mut self) -> *mut c_void {
        self.0
    }
}

/// INTEGER status(MPI_STATUS_SIZE) out.
struct FStatus(*mut Fint, Status);
impl FArg for FStatus {
    type F = *mut Fint;
    type C = StatusPtr;
    unsafe fn from_f(p: *mut Fint) -> Self {
        FStatus(p, Status::default())
    }
    unsafe fn c(&mut self) -> StatusPtr {
        StatusPtr::local(&mut self.1)
    }
    unsafe fn back(&mut self, ok: bool) {
        if ok && !f_status_ignored(self.0) {
            PMPI_Status_c2f(StatusPtr::local(&mut self.1), self.0);
        }
    }
}

/// A file handle the call changes (MPI_File_close sets it to MPI_FILE_NULL).
struct FileInOut(*mut Fint, MPI_File);
impl FArg for FileInOut {
    type F = *mut Fint;
    type C = *mut MPI_File;
    unsafe fn from_f(p: *mut Fint) -> Self {
        FileInOut(p, PMPI_File_f2c(*p))
    }
    unsafe fn c(&mut self) -> *mut MPI_File {
        &mut self.1
    }
    unsafe fn back(&mut self, ok: bool) {
        if ok {
            *self.0 = PMPI_File_c2f(self.1);
        }
    }
}

/// A new request (out).
struct ReqOut(*mut Fint, MPI_Request);
impl FArg for ReqOut {
    type F = *mut Fint;
    type C = HandlePtr;
    unsafe fn from_f(p: *mut Fint) -> Self {
        ReqOut(p, Handle::default())
    }
    unsafe fn c(&mut self) -> HandlePtr {
        self.1.out()
    }
    unsafe fn back(&mut self, ok: bool) {
        if ok {
            *self.0 = request_c2f(self.1);
        }
    }
}

/// A request the call may complete (in/out).
struct ReqInOut(*mut Fint, MPI_Request);
impl FArg for ReqInOut {
    type F = *mut Fint;
    type C = HandlePtr;
    unsafe fn from_f(p: *mut Fint) -> Self {
        ReqInOut(p, request_f2c(*p))
    }
    unsafe fn c(&mut self) -> HandlePtr {
        self.1.out()
    }
    unsafe fn back(&mut self, ok: bool) {
        if ok {
            *self.0 = request_c2f(self.1);
        }
    }
}

/// LOGICAL / INTEGER out.
struct IntOut(*mut Fint, c_int);
impl FArg for IntOut {
    type F = *mut Fint;
    type C = *mut c_int;
    unsafe fn from_f(p: *mut Fint) -> Self {
        IntOut(p, 0)
    }
    unsafe fn c(&mut self) -> *mut c_int {
        &mut self.1
    }
    unsafe fn back(&mut self, ok: bool) {
        if ok {
            *self.0 = self.1;
        }
    }
}

/// Under an MPI whose ABI is not known, a Fortran entry point calls the MPI's own binding of
/// the same name, untouched, and returns.
macro_rules! pass_through_unknown {
    ($sym:expr, ierr: $ierr:ident, ($($a:ident : $t:ty),*)) => {
        if !abi::known() {
            let Some(f) = crate::wrap::resolved!(Real::new(concat!($sym, "\0")) as fn($($t),*)) else {
                if !$ierr.is_null() {
                    *$ierr = ERR_NO_MPI;
                }
                return;
            };
            return f($($a),*);
        }
    };
}

/// Exports one Fortran entry point under one symbol name.
macro_rules! fortran_symbol {
    ($sym:expr, $cfn:ident, $($a:ident : $k:ident),*) => {
        const _: () = {
            #[export_name = $sym]
            pub unsafe extern "C" fn entry($($a: <$k as FArg>::F,)* ierr: *mut Fint) {
                pass_through_unknown!($sym, ierr: ierr, ($($a: <$k as FArg>::F,)* ierr: *mut Fint));
                $( let mut $a = <$k as FArg>::from_f($a); )*
                let r = $cfn($( $a.c() ),*);
                $( $a.back(r == 0); )*
                if !ierr.is_null() {
                    *ierr = r;
                }
            }
        };
    };
}

/// `base UPPER => C function (argument kinds)`: the five Fortran names of each function.
macro_rules! fortran {
    ($( $base:ident $upper:literal => $cfn:ident ( $($a:ident : $k:ident),* ); )*) => { $(
        fortran_symbol!(concat!("mpi_", stringify!($base), "_"), $cfn, $($a: $k),*);
        fortran_symbol!(concat!("mpi_", stringify!($base), "__"), $cfn, $($a: $k),*);
        fortran_symbol!(concat!("mpi_", stringify!($base)), $cfn, $($a: $k),*);
        fortran_symbol!($upper, $cfn, $($a: $k),*);
        fortran_symbol!(concat!("ompi_", stringify!($base), "_f"), $cfn, $($a: $k),*);
    )* };
}

fortran! {
    file_close "MPI_FILE_CLOSE" => MPI_File_close(fh: FileInOut);
    file_set_size "MPI_FILE_SET_SIZE" => MPI_File_set_size(fh: File, size: Off);
    file_preallocate "MPI_FILE_PREALLOCATE" => MPI_File_preallocate(fh: File, size: Off);
    file_get_size "MPI_FILE_GET_SIZE" => MPI_File_get_size(fh: File, size: OffOut);
    file_sync "MPI_FILE_SYNC" => MPI_File_sync(fh: File);
    file_seek "MPI_FILE_SEEK" => MPI_File_seek(fh: File, offset: Off, whence: Int);
    file_seek_shared "MPI_FILE_SEEK_SHARED" => MPI_File_seek_shared(fh: File, offset: Off, whence: Int);
    file_get_position "MPI_FILE_GET_POSITION" => MPI_File_get_position(fh: File, offset: OffOut);
    file_get_position_shared "MPI_FILE_GET_POSITION_SHARED" => MPI_File_get_position_shared(fh: File, offset: OffOut);
    file_set_atomicity "MPI_FILE_SET_ATOMICITY" => MPI_File_set_atomicity(fh: File, flag: Int);
    file_set_info "MPI_FILE_SET_INFO" => MPI_File_set_info(fh: File, info: Info);

    file_read_at "MPI_FILE_READ_AT" => MPI_File_read_at(fh: File, offset: Off, buf: Buf, count: Int, dt: Type, status: FStatus);
    file_read_at_all "MPI_FILE_READ_AT_ALL" => MPI_File_read_at_all(fh: File, offset: Off, buf: Buf, count: Int, dt: Type, status: FStatus);
    file_write_at "MPI_FILE_WRITE_AT" => MPI_File_write_at(fh: File, offset: Off, buf: Buf, count: Int, dt: Type, status: FStatus);
    file_write_at_all "MPI_FILE_WRITE_AT_ALL" => MPI_File_write_at_all(fh: File, offset: Off, buf: Buf, count: Int, dt: Type, status: FStatus);
    file_read "MPI_FILE_READ" => MPI_File_read(fh: File, buf: Buf, count: Int, dt: Type, status: FStatus);
    file_read_all "MPI_FILE_READ_ALL" => MPI_File_read_all(fh: File, buf: Buf, count: Int, dt: Type, status: FStatus);
    file_write "MPI_FILE_WRITE" => MPI_File_write(fh: File, buf: Buf, count: Int, dt: Type, status: FStatus);
    file_write_all "MPI_FILE_WRITE_ALL" => MPI_File_write_all(fh: File, buf: Buf, count: Int, dt: Type, status: FStatus);
    file_read_shared "MPI_FILE_READ_SHARED" => MPI_File_read_shared(fh: File, buf: Buf, count: Int, dt: Type, status: FStatus);
    file_read_ordered "MPI_FILE_READ_ORDERED" => MPI_File_read_ordered(fh: File, buf: Buf, count: Int, dt: Type, status: FStatus);
    file_write_shared "MPI_FILE_WRITE_SHARED" => MPI_File_write_shared(fh: File, buf: Buf, count: Int, dt: Type, status: FStatus);
    file_write_ordered "MPI_FILE_WRITE_ORDERED" => MPI_File_write_ordered(fh: File, buf: Buf, count: Int, dt: Type, status: FStatus);

    file_read_all_begin "MPI_FILE_READ_ALL_BEGIN" => MPI_File_read_all_begin(fh: File, buf: Buf, count: Int, dt: Type);
    file_read_at_all_begin "MPI_FILE_READ_AT_ALL_BEGIN" => MPI_File_read_at_all_begin(fh: File, offset: Off, buf: Buf, count: Int, dt: Type);
    file_read_ordered_begin "MPI_FILE_READ_ORDERED_BEGIN" => MPI_File_read_ordered_begin(fh: File, buf: Buf, count: Int, dt: Type);
    file_write_all_begin "MPI_FILE_WRITE_ALL_BEGIN" => MPI_File_write_all_begin(fh: File, buf: Buf, count: Int, dt: Type);
    file_write_at_all_begin "MPI_FILE_WRITE_AT_ALL_BEGIN" => MPI_File_write_at_all_begin(fh: File, offset: Off, buf: Buf, count: Int, dt: Type);
    file_write_ordered_begin "MPI_FILE_WRITE_ORDERED_BEGIN" => MPI_File_write_ordered_begin(fh: File, buf: Buf, count: Int, dt: Type);
    file_read_all_end "MPI_FILE_READ_ALL_END" => MPI_File_read_all_end(fh: File, buf: Buf, status: FStatus);
    file_read_at_all_end "MPI_FILE_READ_AT_ALL_END" => MPI_File_read_at_all_end(fh: File, buf: Buf, status: FStatus);
    file_read_ordered_end "MPI_FILE_READ_ORDERED_END" => MPI_File_read_ordered_end(fh: File, buf: Buf, status: FStatus);
    file_write_all_end "MPI_FILE_WRITE_ALL_END" => MPI_File_write_all_end(fh: File, buf: Buf, status: FStatus);
    file_write_at_all_end "MPI_FILE_WRITE_AT_ALL_END" => MPI_File_write_at_all_end(fh: File, buf: Buf, status: FStatus);
    file_write_ordered_end "MPI_FILE_WRITE_ORDERED_END" => MPI_File_write_ordered_end(fh: File, buf: Buf, status: FStatus);

    file_iread "MPI_FILE_IREAD" => MPI_File_iread(fh: File, buf: Buf, count: Int, dt: Type, request: ReqOut);
    file_iread_at "MPI_FILE_IREAD_AT" => MPI_File_iread_at(fh: File, offset: Off, buf: Buf, count: Int, dt: Type, request: ReqOut);
    file_iread_shared "MPI_FILE_IREAD_SHARED" => MPI_File_iread_shared(fh: File, buf: Buf, count: Int, dt: Type, request: ReqOut);
    file_iread_all "MPI_FILE_IREAD_ALL" => MPI_File_iread_all(fh: File, buf: Buf, count: Int, dt: Type, request: ReqOut);
    file_iread_at_all "MPI_FILE_IREAD_AT_ALL" => MPI_File_iread_at_all(fh: File, offset: Off, buf: Buf, count: Int, dt: Type, request: ReqOut);
    file_iwrite "MPI_FILE_IWRITE" => MPI_File_iwrite(fh: File, buf: Buf, count: Int, dt: Type, request: ReqOut);
    file_iwrite_at "MPI_FILE_IWRITE_AT" => MPI_File_iwrite_at(fh: File, offset: Off, buf: Buf, count: Int, dt: Type, request: ReqOut);
    file_iwrite_shared "MPI_FILE_IWRITE_SHARED" => MPI_File_iwrite_shared(fh: File, buf: Buf, count: Int, dt: Type, request: ReqOut);
    file_iwrite_all "MPI_FILE_IWRITE_ALL" => MPI_File_iwrite_all(fh: File, buf: Buf, count: Int, dt: Type, request: ReqOut);
    file_iwrite_at_all "MPI_FILE_IWRITE_AT_ALL" => MPI_File_iwrite_at_all(fh: File, offset: Off, buf: Buf, count: Int, dt: Type, request: ReqOut);

    wait "MPI_WAIT" => MPI_Wait(request: ReqInOut, status: FStatus);
    test "MPI_TEST" => MPI_Test(request: ReqInOut, flag: IntOut, status: FStatus);
    request_free "MPI_REQUEST_FREE" => MPI_Request_free(request: ReqInOut);
    cancel "MPI_CANCEL" => MPI_Cancel(request: ReqInOut);
    finalize "MPI_FINALIZE" => MPI_Finalize();
    init_thread "MPI_INIT_THREAD" => fortran_init_thread(required: Int, provided: IntOut);
    init "MPI_INIT" => fortran_init();
}

unsafe fn fortran_init() -> c_int {
    MPI_Init(std::ptr::null_mut(), std::ptr::null_mut())
}

unsafe fn fortran_init_thread(required: c_int, provided: *mut c_int) -> c_int {
    MPI_Init_thread(
        std::ptr::null_mut(),
        std::ptr::null_mut(),
        required,
        provided,
    )
}

/// MPI_FILE_OPEN / MPI_FILE_DELETE take a blank-padded CHARACTER with a hidden length.
unsafe fn c_name(name: *const c_char, len: usize, out: &mut [u8; 4096]) -> *const c_char {
    let b = std::slice::from_raw_parts(name as *const u8, len.min(out.len() - 1));
    let n = b
        .iter()
        .rposition(|&c| c != b' ')
        .map(|i| i + 1)
        .unwrap_or(0);
    let start = b[..n].iter().position(|&c| c != b' ').unwrap_or(n);
    out[..n - start].copy_from_slice(&b[start..n]);
    out[n - start] = 0;
    out.as_ptr() as *const c_char
}

macro_rules! fortran_named {
    ($($sym:expr),*) => { $(
        const _: () = {
            #[export_name = $sym]
            pub unsafe extern "C" fn entry(
                comm: *mut Fint,
                name: *const c_char,
                amode: *mut Fint,
                info: *mut Fint,
                fh: *mut Fint,
                ierr: *mut Fint,
                len: usize,
            ) {
                pass_through_unknown!($sym, ierr: ierr, (comm: *mut Fint, name: *const c_char, amode: *mut Fint, info: *mut Fint, fh: *mut Fint, ierr: *mut Fint, len: usize));
                let mut buf = [0u8; 4096];
                let mut c_fh: MPI_File = std::mem::zeroed();
                let r = MPI_File_open(
                    comm_f2c(*comm),
                    c_name(name, len, &mut buf),
                    *amode,
                    info_f2c(*info),
                    &mut c_fh,
                );
                if r == 0 {
                    *fh = PMPI_File_c2f(c_fh);
                }
                if !ierr.is_null() {
                    *ierr = r;
                }
            }
        };
    )* };
}
fortran_named!(
    "mpi_file_open_",
    "mpi_file_open__",
    "mpi_file_open",
    "MPI_FILE_OPEN",
    "ompi_file_open_f"
);

macro_rules! fortran_delete {
    ($($sym:expr),*) => { $(
        const _: () = {
            #[export_name = $sym]
            pub unsafe extern "C" fn entry(name: *const c_char, info: *mut Fint, ierr: *mut Fint, len: usize) {
                pass_through_unknown!($sym, ierr: ierr, (name: *const c_char, info: *mut Fint, ierr: *mut Fint, len: usize));
                let mut buf = [0u8; 4096];
                let r = MPI_File_delete(c_name(name, len, &mut buf), info_f2c(*info));
                if !ierr.is_null() {
                    *ierr = r;
                }
            }
        };
    )* };
}
fortran_delete!(
    "mpi_file_delete_",
    "mpi_file_delete__",
    "mpi_file_delete",
    "MPI_FILE_DELETE",
    "ompi_file_delete_f"
);

macro_rules! fortran_set_view {
    ($($sym:expr),*) => { $(
        const _: () = {
            #[export_name = $sym]
            pub unsafe extern "C" fn entry(
                fh: *mut Fint,
                disp: *mut MPI_Offset,
                etype: *mut Fint,
                filetype: *mut Fint,
                datarep: *const c_char,
                info: *mut Fint,
                ierr: *mut Fint,
                len: usize,
            ) {
                pass_through_unknown!($sym, ierr: ierr, (fh: *mut Fint, disp: *mut MPI_Offset, etype: *mut Fint, filetype: *mut Fint, datarep: *const c_char, info: *mut Fint, ierr: *mut Fint, len: usize));
                let mut buf = [0u8; 4096];
                let r = MPI_File_set_view(
                    PMPI_File_f2c(*fh),
                    *disp,
                    type_f2c(*etype),
                    type_f2c(*filetype),
                    c_name(datarep, len, &mut buf),
                    info_f2c(*info),
                );
                if !ierr.is_null() {
                    *ierr = r;
                }
            }
        };
    )* };
}
fortran_set_view!(
    "mpi_file_set_view_",
    "mpi_file_set_view__",
    "mpi_file_set_view",
    "MPI_FILE_SET_VIEW",
    "ompi_file_set_view_f"
);

/// Size of a Fortran status in INTEGERs: generous (Open MPI uses 6, MPICH 5).
const F_STATUS_MAX: usize = 16;

macro_rules! fortran_waitall {
    ($($sym:expr),*) => { $(
        const _: () = {
            #[export_name = $sym]
            pub unsafe extern "C" fn entry(count: *mut Fint, reqs: *mut Fint, statuses: *mut Fint, ierr: *mut Fint) {
                let n = (*count).max(0) as usize;
                if n > MAX_SNAP || !abi::known() {
                    // More requests than the recorder converts on its stack: the MPI's own
                    // binding completes them (untraced).
                    let real = crate::wrap::resolved!(Real::new(concat!($sym, "\0")) as fn(*mut Fint, *mut Fint, *mut Fint, *mut Fint));
                    if let Some(f) = real {
                        f(count, reqs, statuses, ierr);
                    }
                    return;
                }
                let mut c_reqs = [0u64; MAX_SNAP];
                let c_reqs = HandlePtr::array(&mut c_reqs);
                let mut c_st = [Status::default(); MAX_SNAP];
                let c_st = StatusPtr::locals(&mut c_st);
                for i in 0..n {
                    c_reqs.set(i, request_f2c(*reqs.add(i)));
                }
                let r = MPI_Waitall(n as c_int, c_reqs, c_st);
                if r == 0 {
                    let ignore = f_status_ignored(statuses);
                    // The Fortran status size, from the distance between two statuses: the
                    // MPI's own c2f writes MPI_STATUS_SIZE integers.
                    for i in 0..n {
                        *reqs.add(i) = request_c2f(c_reqs.get(i));
                        if !ignore {
                            PMPI_Status_c2f(c_st.at(i), statuses.add(i * f_status_size()));
                        }
                    }
                }
                if !ierr.is_null() {
                    *ierr = r;
                }
            }
        };
    )* };
}
fortran_waitall!(
    "mpi_waitall_",
    "mpi_waitall__",
    "mpi_waitall",
    "MPI_WAITALL",
    "ompi_waitall_f"
);

/// MPI_STATUS_SIZE of the MPI built against: the number of INTEGERs PMPI_Status_c2f writes.
fn f_status_size() -> usize {
    static SIZE: AtomicUsize = AtomicUsize::new(0);
    let s = SIZE.load(Relaxed);
    if s != 0 {
        return s;
    }
    let mut probe = [Fint::MIN; F_STATUS_MAX];
    // SAFETY: a zeroed status converts without reading anything else.
    unsafe {
        let mut st = Status::default();
        PMPI_Status_c2f(StatusPtr::local(&mut st), probe.as_mut_ptr());
    }
    let n = probe
        .iter()
        .rposition(|&v| v != Fint::MIN)
        .map(|i| i + 1)
        .unwrap_or(6);
    SIZE.store(n, Relaxed);
    n
}
