//! The MPI-IO layer: MPI_File_* and the MPI calls that start MPI (rank, clock offsets),
//! complete MPI-IO requests (MPI_Wait/Test family) and, when the `mpi` layer is on, the
//! calls that order ranks: communicator management, collectives and point-to-point
//! messages, with communicators as local ids (`Def::Comm`: their MPI_COMM_WORLD ranks) and
//! roots and peers as ranks in them.
//!
//! Built only when an MPI was found at build time (cfg `rotf2_mpi`, see build.rs): the
//! handle types and constants come from that MPI's mpi.h. The library never links libmpi:
//! wrappers call the `PMPI_` entry points, resolved at run time (RTLD_NEXT, then the global
//! scope, then any loaded object: mpi4py may dlopen libmpi privately). `PMPI_` symbols
//! themselves are never defined here, so the library cannot recurse into itself through
//! another tool that calls them.
//!
//! What a record holds (io-events `functions.rs`): byte counts are `count x type size`,
//! offsets are absolute byte offsets from the file view (`PMPI_File_get_byte_offset`), -1
//! for shared and ordered file pointers, whose position is only known inside the call.
//! Transferred bytes come from the status (`PMPI_Get_count` with MPI_BYTE); a status the
//! program ignores is replaced by one of ours.
//!
//! Requests: a lock-free set holds the MPI-IO requests and (layer `mpi`) the receive
//! requests in flight. MPI_Wait/Test and friends look their requests up there only when the
//! set is non-empty, so completing other requests costs one atomic load. A completed I/O
//! request is written as an `io_request_done` event record nested inside the call that
//! completed it, an unsuccessful test as `io_request_test`; a completed receive as
//! `mpi_recv_done` with the source and tag its status gives. The Wait/Test wrappers belong
//! to the MPI-IO layer: receive completions need it on (it is by default).
//!
//! Not recorded: persistent requests (MPI_Send_init, MPI_Recv_init, MPI_Start), MPI_Probe /
//! Iprobe / Mprobe, non-blocking and neighbourhood collectives, one-sided communication,
//! inter-communicator roots (MPI_ROOT), calls made through the Fortran bindings.

#![allow(
    non_camel_case_types,
    non_upper_case_globals,
    non_snake_case,
    dead_code
)]

pub mod abi;

use crate::runtime::{self, ThreadState};
pub use abi::{Handle, HandlePtr, Status, StatusPtr};
use io_events::functions::{mpi_amode, mpi_rank, Func, Layer};
use io_events::meta::ClockOffset;
use std::os::raw::{c_char, c_int, c_void};
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, AtomicUsize, Ordering::*};

/// Fortran INTEGER as MPI passes it.
pub type MPI_Fint = c_int;
/// The handle types: see [`abi`](mod@abi). A file handle is a pointer in every ABI.
pub type MPI_Comm = Handle;
pub type MPI_Datatype = Handle;
pub type MPI_Info = Handle;
pub type MPI_Group = Handle;
pub type MPI_Request = Handle;
pub type MPI_File = *mut c_void;
pub type MPI_Offset = i64;
pub type MPI_Aint = isize;

/// Returned when a PMPI_ entry point cannot be found (MPI_ERR_INTERN in the MPI standard's
/// numbering is implementation-defined; any non-zero value reports failure).
const ERR_NO_MPI: c_int = 16;

// ---- symbol resolution ----------------------------------------------------------------------

/// Resolve an MPI symbol: see `wrap::lib_sym`.
fn mpi_sym(name: *const c_char) -> *mut c_void {
    crate::wrap::lib_sym(name, true)
}

/// Typed calls of the PMPI_ functions the recorder itself needs (all return an MPI error code).
macro_rules! pmpi {
    ($( fn $name:ident ( $($a:ident : $t:ty),* ); )*) => {
        crate::wrap::lib_calls! { global; $( fn $name($($a: $t),*) -> c_int = ERR_NO_MPI; )* }
    };
}

pmpi! {
    fn PMPI_Type_size(dt: MPI_Datatype, size: *mut c_int);
    fn PMPI_Get_count(st: StatusPtr, dt: MPI_Datatype, count: *mut c_int);
    fn PMPI_Test_cancelled(st: StatusPtr, flag: *mut c_int);
    fn PMPI_Comm_rank(comm: MPI_Comm, rank: *mut c_int);
    fn PMPI_Comm_size(comm: MPI_Comm, size: *mut c_int);
    fn PMPI_Comm_group(comm: MPI_Comm, group: HandlePtr);
    fn PMPI_Group_size(group: MPI_Group, size: *mut c_int);
    fn PMPI_Group_translate_ranks(g1: MPI_Group, n: c_int, r1: *const c_int, g2: MPI_Group, r2: *mut c_int);
    fn PMPI_Group_free(group: HandlePtr);
    fn PMPI_Comm_dup(comm: MPI_Comm, newcomm: HandlePtr);
    fn PMPI_Comm_free(comm: HandlePtr);
    fn PMPI_Send(buf: *const c_void, count: c_int, dt: MPI_Datatype, dest: c_int, tag: c_int, comm: MPI_Comm);
    fn PMPI_Recv(buf: *mut c_void, count: c_int, dt: MPI_Datatype, src: c_int, tag: c_int, comm: MPI_Comm, st: StatusPtr);
    fn PMPI_File_get_position(fh: MPI_File, off: *mut MPI_Offset);
    fn PMPI_File_get_byte_offset(fh: MPI_File, off: MPI_Offset, disp: *mut MPI_Offset);
    fn PMPI_Type_get_extent(dt: MPI_Datatype, lb: *mut MPI_Aint, extent: *mut MPI_Aint);
    fn PMPI_Type_get_envelope(dt: MPI_Datatype, ni: *mut c_int, na: *mut c_int, nd: *mut c_int, combiner: *mut c_int);
    fn PMPI_Type_get_contents(dt: MPI_Datatype, ni: c_int, na: c_int, nd: c_int, ints: *mut c_int, addrs: *mut MPI_Aint, types: HandlePtr);
    fn PMPI_Type_free(dt: HandlePtr);
    fn PMPI_Initialized(flag: *mut c_int);
    fn PMPI_Comm_split(comm: MPI_Comm, color: c_int, key: c_int, newcomm: HandlePtr);
    fn PMPI_Comm_split_type(comm: MPI_Comm, ty: c_int, key: c_int, info: MPI_Info, newcomm: HandlePtr);
    fn PMPI_Bcast(buf: *mut c_void, count: c_int, dt: MPI_Datatype, root: c_int, comm: MPI_Comm);
}

/// The program's MPI ABI: decided before any wrapper gets past its gate (see `mpi_wrap!`),
/// so the recorder's own code below may take it as known.
#[inline(always)]
fn abi() -> &'static abi::Abi {
    abi::decided()
}

/// MPI_BYTE of the program's MPI.
#[inline(always)]
fn mpi_byte() -> MPI_Datatype {
    abi().byte
}

/// The statuses the program ignores are MPI_STATUS(ES)_IGNORE.
#[inline(always)]
fn ignored(st: StatusPtr) -> bool {
    st.is_null() || st.is_ignore()
}

// ---- captured values --------------------------------------------------------------------------

/// count x size of the datatype, in bytes.
#[inline]
fn type_bytes(dt: MPI_Datatype, count: c_int) -> u64 {
    let mut size: c_int = 0;
    // SAFETY: plain query of a handle the program passed.
    if unsafe { PMPI_Type_size(dt, &mut size) } != 0 || count < 0 || size < 0 {
        return 0;
    }
    count as u64 * size as u64
}

// ---- file views ------------------------------------------------------------------------------

/// The views of open files whose filetype has no holes, where the byte offset of an offset
/// in etypes is `disp + offset x etype size` without asking MPI (PMPI_File_get_byte_offset
/// costs about as much as the rest of the record). Keyed by the MPI_File value; entries are
/// written by MPI_File_open (the default view: displacement 0, etype MPI_BYTE),
/// MPI_File_set_view and MPI_File_close, all collective calls that the program may not
/// overlap with I/O on the same file, so a reader never races a writer of its own entry.
/// A file missing here (table full, a view with holes) asks MPI.
const VIEW_SLOTS: usize = 1024;
struct ViewSlot {
    fh: AtomicU64,
    disp: AtomicU64,
    etype: AtomicU64,
}
static VIEWS: [ViewSlot; VIEW_SLOTS] = [const {
    ViewSlot {
        fh: AtomicU64::new(0),
        disp: AtomicU64::new(0),
        etype: AtomicU64::new(0),
    }
}; VIEW_SLOTS];

#[inline(always)]
fn view_slot(fh: u64) -> usize {
    (fh.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - 10)) as usize
}

/// Remember (or, with `None`, forget) the contiguous view of `fh`.
fn set_view_cache(fh: MPI_File, view: Option<(u64, u64)>) {
    let k = fh as usize as u64;
    if k == 0 {
        return;
    }
    let mut i = view_slot(k);
    for _ in 0..VIEW_SLOTS {
        let cur = VIEWS[i].fh.load(Acquire);
        if cur == k {
            match view {
                Some((disp, etype)) => {
                    VIEWS[i].disp.store(disp, Relaxed);
                    VIEWS[i].etype.store(etype, Release);
                }
                // A tombstone keeps later entries of the probe chain reachable.
                None => VIEWS[i].fh.store(u64::MAX, Release),
            }
            return;
        }
        if cur == 0 || cur == u64::MAX {
            if let Some((disp, etype)) = view {
                if VIEWS[i]
                    .fh
                    .compare_exchange(cur, k, AcqRel, Acquire)
                    .is_ok()
                {
                    VIEWS[i].disp.store(disp, Relaxed);
                    VIEWS[i].etype.store(etype, Release);
                    return;
                }
                continue;
            }
            if cur == 0 {
                return;
            }
        }
        i = (i + 1) & (VIEW_SLOTS - 1);
    }
}

/// (displacement, etype size) of a contiguous view of `fh`, if known.
#[inline(always)]
fn cached_view(fh: MPI_File) -> Option<(u64, u64)> {
    let k = fh as usize as u64;
    let mut i = view_slot(k);
    for _ in 0..VIEW_SLOTS {
        match VIEWS[i].fh.load(Acquire) {
            0 => return None,
            c if c == k => {
                let etype = VIEWS[i].etype.load(Acquire);
                return (etype != 0).then(|| (VIEWS[i].disp.load(Relaxed), etype));
            }
            _ => i = (i + 1) & (VIEW_SLOTS - 1),
        }
    }
    None
}

/// After MPI_File_set_view: cache the view if its filetype has no holes.
unsafe fn view_changed(
    fh: MPI_File,
    disp: MPI_Offset,
    etype: MPI_Datatype,
    filetype: MPI_Datatype,
) {
    let (mut lb, mut extent): (MPI_Aint, MPI_Aint) = (0, 0);
    let esize = type_bytes(etype, 1);
    let fsize = type_bytes(filetype, 1);
    let holes = PMPI_Type_get_extent(filetype, &mut lb, &mut extent) != 0
        || lb != 0
        || extent as u64 != fsize
        || esize == 0
        || disp < 0;
    set_view_cache(
        fh,
        if holes {
            None
        } else {
            Some((disp as u64, esize))
        },
    );
}

/// Absolute byte offset of an offset in etypes of the view; -1 if unknown.
#[inline]
fn byte_offset(fh: MPI_File, off: MPI_Offset) -> u64 {
    if let Some((disp, etype)) = cached_view(fh) {
        return disp.wrapping_add((off as u64).wrapping_mul(etype));
    }
    let mut disp: MPI_Offset = 0;
    // SAFETY: plain query on the program's file handle.
    if unsafe { PMPI_File_get_byte_offset(fh, off, &mut disp) } != 0 {
        return u64::MAX;
    }
    disp as u64
}

/// Absolute byte offset of the individual file pointer; -1 if unknown.
#[inline]
fn pointer_offset(fh: MPI_File) -> u64 {
    let mut pos: MPI_Offset = 0;
    // SAFETY: plain query on the program's file handle.
    if unsafe { PMPI_File_get_position(fh, &mut pos) } != 0 {
        return u64::MAX;
    }
    byte_offset(fh, pos)
}

/// Bytes transferred according to a status (the requested bytes if it does not say).
#[inline]
fn status_bytes(st: StatusPtr, requested: u64) -> u64 {
    let mut n: c_int = 0;
    // SAFETY: `st` is a status the MPI call just filled in.
    if unsafe { PMPI_Get_count(st, mpi_byte(), &mut n) } != 0 || n == abi::shared::UNDEFINED || n < 0 {
        return requested;
    }
    n as u64
}

/// The status to pass to the real call: the program's, or ours when it ignores it.
#[inline(always)]
fn own_status(st: StatusPtr, local: &mut Status) -> StatusPtr {
    if st.is_ignore() {
        StatusPtr::local(local)
    } else {
        st
    }
}

/// MPI_File_open access mode -> the trace's canonical bits.
fn amode_bits(a: c_int) -> u64 {
    let a = a as u32;
    let mut v = 0;
    for (bit, canon) in [
        (abi::shared::MODE_CREATE, mpi_amode::CREATE),
        (abi::shared::MODE_RDONLY, mpi_amode::RDONLY),
        (abi::shared::MODE_WRONLY, mpi_amode::WRONLY),
        (abi::shared::MODE_RDWR, mpi_amode::RDWR),
        (abi::shared::MODE_DELETE_ON_CLOSE, mpi_amode::DELETE_ON_CLOSE),
        (abi::shared::MODE_UNIQUE_OPEN, mpi_amode::UNIQUE_OPEN),
        (abi::shared::MODE_EXCL, mpi_amode::EXCL),
        (abi::shared::MODE_APPEND, mpi_amode::APPEND),
        (abi::shared::MODE_SEQUENTIAL, mpi_amode::SEQUENTIAL),
    ] {
        if a & bit != 0 {
            v |= canon;
        }
    }
    v
}

/// MPI_SEEK_* -> SEEK_SET/CUR/END.
fn whence(w: c_int) -> u64 {
    match w {
        abi::shared::SEEK_CUR => libc::SEEK_CUR as u64,
        abi::shared::SEEK_END => libc::SEEK_END as u64,
        _ => libc::SEEK_SET as u64,
    }
}

/// A file name as MPI takes it: ROMIO-style "ufs:" / "nfs:" prefixes name the driver, not
/// the path.
fn strip_prefix(name: *const c_char) -> *const c_char {
    if name.is_null() {
        return name;
    }
    // SAFETY: the program passed a C string.
    let b = unsafe { std::ffi::CStr::from_ptr(name) }.to_bytes();
    if let Some(i) = b.iter().position(|&c| c == b':') {
        if i >= 2 && b[..i].iter().all(|c| c.is_ascii_alphanumeric()) {
            // SAFETY: within the same C string.
            return unsafe { name.add(i + 1) };
        }
    }
    name
}

// ---- communicators -----------------------------------------------------------------------------

/// Communicators already defined in this process, by member list.
static COMMS: parking_lot::Mutex<Vec<Vec<u32>>> = parking_lot::Mutex::new(Vec::new());

/// The local id of a communicator (its MPI_COMM_WORLD ranks), defining it on first use.
/// Translates groups, allocates and locks: for calls on communicators that may be freed
/// behind the program's back (HDF5's duplicates); the others go through [`comm_of`].
fn comm_id(comm: MPI_Comm) -> u64 {
    // Library layers (PnetCDF, ADIOS2, parallel HDF5) ask too, whatever the MPI.
    if !abi::known() {
        return u64::MAX;
    }
    // SAFETY: queries on the program's communicator and the world group.
    unsafe {
        let (mut g, mut wg) = (Handle::default(), Handle::default());
        if PMPI_Comm_group(comm, g.out()) != 0 {
            return u64::MAX;
        }
        let mut n: c_int = 0;
        PMPI_Group_size(g, &mut n);
        let mut members = vec![0 as c_int; n.max(0) as usize];
        if PMPI_Comm_group(abi().comm_world, wg.out()) == 0 {
            let ranks: Vec<c_int> = (0..n).collect();
            PMPI_Group_translate_ranks(g, n, ranks.as_ptr(), wg, members.as_mut_ptr());
            PMPI_Group_free(wg.out());
        }
        PMPI_Group_free(g.out());
        let members: Vec<u32> = members.into_iter().map(|r| r as u32).collect();
        let mut comms = COMMS.lock();
        if let Some(i) = comms.iter().position(|m| *m == members) {
            return i as u64;
        }
        let id = comms.len() as u32;
        comms.push(members.clone());
        drop(comms);
        runtime::write_def(&io_events::defs::Def::Comm { id, members });
        id as u64
    }
}

/// MPI_COMM_NULL of the program's MPI.
#[inline(always)]
fn comm_null() -> MPI_Comm {
    abi().comm_null
}

/// The local ids of the communicators the program uses, by MPI_Comm value, so that a call on
/// a known communicator costs a lookup (no lock, no allocation): written when a communicator
/// is first used or created, forgotten at MPI_Comm_free (whatever the layers: the value may
/// come back for another communicator). Ids are stored plus one (0: being written).
const COMM_SLOTS: usize = 1024;
static COMM_KEYS: [AtomicU64; COMM_SLOTS] = [const { AtomicU64::new(0) }; COMM_SLOTS];
static COMM_IDS: [AtomicU64; COMM_SLOTS] = [const { AtomicU64::new(0) }; COMM_SLOTS];
const COMM_TOMB: u64 = u64::MAX;

#[inline(always)]
fn comm_slot(k: u64) -> usize {
    (k.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - 10)) as usize
}

/// The slot holding `k`, if any.
#[inline(always)]
fn comm_find(k: u64) -> Option<usize> {
    let mut i = comm_slot(k);
    for _ in 0..COMM_SLOTS {
        match COMM_KEYS[i].load(Acquire) {
            0 => return None,
            c if c == k => return Some(i),
            _ => i = (i + 1) & (COMM_SLOTS - 1),
        }
    }
    None
}

/// Remember that `k` has the local id `id` (not at all when the table is full).
fn comm_remember(k: u64, id: u64) {
    let mut i = comm_slot(k);
    let mut probes = 0;
    while probes < COMM_SLOTS {
        let cur = COMM_KEYS[i].load(Acquire);
        if cur == k {
            COMM_IDS[i].store(id + 1, Release);
            return;
        }
        if cur == 0 || cur == COMM_TOMB {
            if COMM_KEYS[i]
                .compare_exchange(cur, k, AcqRel, Acquire)
                .is_ok()
            {
                COMM_IDS[i].store(id + 1, Release);
                return;
            }
            // Taken meanwhile: look at the same slot again.
            continue;
        }
        i = (i + 1) & (COMM_SLOTS - 1);
        probes += 1;
    }
}

/// Forget the communicator `comm` (MPI_Comm_free), returning its id if it was known.
fn comm_forget(comm: MPI_Comm) -> Option<u64> {
    let k = comm.key();
    let i = comm_find(k)?;
    let id = COMM_IDS[i].swap(0, AcqRel);
    // An empty successor ends every probe chain through this slot: it may become empty too.
    let next = COMM_KEYS[(i + 1) & (COMM_SLOTS - 1)].load(Acquire);
    let new = if next == 0 { 0 } else { COMM_TOMB };
    let _ = COMM_KEYS[i].compare_exchange(k, new, AcqRel, Acquire);
    id.checked_sub(1)
}

/// The local id of a communicator the program passed (u64::MAX for MPI_COMM_NULL or an
/// invalid one): a table lookup once known, defined on first use.
#[inline]
fn comm_of(comm: MPI_Comm) -> u64 {
    let k = comm.key();
    if let Some(i) = comm_find(k) {
        let id = COMM_IDS[i].load(Acquire);
        if id != 0 {
            return id - 1;
        }
    }
    comm_first_use(comm)
}

/// A communicator not in the table yet: define it and remember it.
#[cold]
fn comm_first_use(comm: MPI_Comm) -> u64 {
    let k = comm.key();
    if k == 0 || k == COMM_TOMB || comm.clean() == comm_null() {
        return u64::MAX;
    }
    let id = comm_id(comm);
    if id != u64::MAX {
        comm_remember(k, id);
    }
    id
}

/// A rank argument or a status's source as the trace stores it: the rank, or
/// [`mpi_rank::ANY`] / [`mpi_rank::PROC_NULL`] whatever this MPI's constants are.
#[inline(always)]
fn rank_field(r: c_int) -> u64 {
    if r == abi().proc_null {
        mpi_rank::PROC_NULL as u64
    } else if r == abi().any_source {
        mpi_rank::ANY as u64
    } else {
        r as i64 as u64
    }
}

/// A tag as the trace stores it (MPI_ANY_TAG as -1).
#[inline(always)]
fn tag_field(t: c_int) -> u64 {
    if t == abi().any_tag {
        mpi_rank::ANY as u64
    } else {
        t as i64 as u64
    }
}

// ---- MPI start and end -------------------------------------------------------------------------

const SYNC_TAG: c_int = 0x5e11;
const SYNC_ROUNDS: usize = 10;

/// This rank's clock offset against rank 0. Ranks of one node share a clock: only the
/// first rank of each node measures it, by ping-pong with rank 0 on a private communicator
/// of those first ranks (rank 0 keeps, per peer, the exchange with the shortest round trip
/// and takes the peer's reading as taken at the midpoint: Cristian's method), and gives the
/// result to the other ranks of its node. Rank 0's work grows with the nodes, not the ranks.
unsafe fn clock_offset(world: MPI_Comm, rank: c_int, _size: c_int) -> Option<ClockOffset> {
    let mut node = Handle::default();
    let shared = abi().comm_type_shared;
    if PMPI_Comm_split_type(world, shared, rank, abi().info_null, node.out()) != 0 {
        return None;
    }
    let mut node_rank = 0;
    PMPI_Comm_rank(node, &mut node_rank);
    let color = if node_rank == 0 {
        0
    } else {
        abi::shared::UNDEFINED
    };
    let mut leaders = Handle::default();
    if PMPI_Comm_split(world, color, rank, leaders.out()) != 0 {
        PMPI_Comm_free(node.out());
        return None;
    }
    // [monotonic_ns, offset_ns, rtt_ns] of this node's first rank.
    let mut best = [runtime::now_ns(), 0u64, 0u64];
    if node_rank == 0 {
        let (mut lr, mut ln) = (0, 0);
        PMPI_Comm_rank(leaders, &mut lr);
        PMPI_Comm_size(leaders, &mut ln);
        if let Some(b) = ping_pong(leaders, lr, ln) {
            best = b;
        }
        PMPI_Comm_free(leaders.out());
    }
    let byte = mpi_byte();
    PMPI_Bcast(best.as_mut_ptr() as *mut c_void, 24, byte, 0, node);
    PMPI_Comm_free(node.out());
    Some(ClockOffset {
        monotonic_ns: best[0],
        offset_ns: best[1] as i64,
        rtt_ns: best[2],
    })
}

/// The ping-pong between rank 0 of `comm` and every other rank; returns this rank's
/// [monotonic_ns, offset_ns, rtt_ns] (rank 0: offset 0).
unsafe fn ping_pong(comm: MPI_Comm, rank: c_int, size: c_int) -> Option<[u64; 3]> {
    let byte = mpi_byte();
    let mut st = Status::default();
    let st = StatusPtr::local(&mut st);
    if rank == 0 {
        for peer in 1..size {
            let mut best = [u64::MAX, 0, 0]; // rtt, offset, peer time
            for _ in 0..SYNC_ROUNDS {
                let t1 = runtime::now_ns();
                PMPI_Send(
                    &t1 as *const u64 as *const c_void,
                    8,
                    byte,
                    peer,
                    SYNC_TAG,
                    comm,
                );
                let mut tp: u64 = 0;
                let buf = &mut tp as *mut u64 as *mut c_void;
                PMPI_Recv(buf, 8, byte, peer, SYNC_TAG, comm, st);
                let t2 = runtime::now_ns();
                if t2 - t1 < best[0] {
                    let mid = t1 / 2 + t2 / 2 + (t1 % 2 + t2 % 2) / 2;
                    best = [t2 - t1, tp.wrapping_sub(mid), tp];
                }
            }
            PMPI_Send(
                best.as_ptr() as *const c_void,
                24,
                byte,
                peer,
                SYNC_TAG,
                comm,
            );
        }
        return Some([runtime::now_ns(), 0, 0]);
    }
    for _ in 0..SYNC_ROUNDS {
        let mut t: u64 = 0;
        PMPI_Recv(
            &mut t as *mut u64 as *mut c_void,
            8,
            byte,
            0,
            SYNC_TAG,
            comm,
            st,
        );
        let now = runtime::now_ns();
        PMPI_Send(
            &now as *const u64 as *const c_void,
            8,
            byte,
            0,
            SYNC_TAG,
            comm,
        );
    }
    let mut best = [0u64; 3];
    PMPI_Recv(
        best.as_mut_ptr() as *mut c_void,
        24,
        byte,
        0,
        SYNC_TAG,
        comm,
        st,
    );
    Some([best[2], best[1], best[0]])
}

/// After MPI_Init: rank and size into the metadata (every record of the process belongs
/// to that rank, those before MPI_Init too), and the first clock offset.
fn mpi_started() -> (u64, u64) {
    // SAFETY: MPI is initialised; queries and point-to-point on a private communicator.
    unsafe {
        let world = abi().comm_world;
        let (mut rank, mut size) = (0, 0);
        if PMPI_Comm_rank(world, &mut rank) != 0 || PMPI_Comm_size(world, &mut size) != 0 {
            return (u64::MAX, 0);
        }
        let off = clock_offset(world, rank, size);
        runtime::update_meta(|m| {
            m.rank = Some(rank as u32);
            m.world_size = Some(size as u32);
            m.clock_offsets.extend(off);
        });
        (rank as u64, size as u64)
    }
}

/// Before MPI_Finalize: the second clock offset (drift over the run).
fn mpi_ending() {
    // SAFETY: MPI is still initialised.
    unsafe {
        let mut init: c_int = 0;
        if PMPI_Initialized(&mut init) != 0 || init == 0 {
            return;
        }
        let world = abi().comm_world;
        let (mut rank, mut size) = (0, 0);
        if PMPI_Comm_rank(world, &mut rank) != 0 || PMPI_Comm_size(world, &mut size) != 0 {
            return;
        }
        let off = clock_offset(world, rank, size);
        runtime::update_meta(|m| m.clock_offsets.extend(off));
    }
}

// ---- requests in flight (MPI-IO transfers, point-to-point receives) -----------------------------------------------------------------

const REQ_SLOTS: usize = 1 << 14;
const EMPTY: u64 = 0;
const TOMB: u64 = 1;
/// Open-addressing set of request handles (linear probing, tombstones).
static REQ_KEYS: [AtomicU64; REQ_SLOTS] = [const { AtomicU64::new(EMPTY) }; REQ_SLOTS];
static IN_FLIGHT: AtomicUsize = AtomicUsize::new(0);
/// Set when the program called MPI_Cancel on the request in the same slot.
static REQ_CANCEL: [AtomicBool; REQ_SLOTS] = [const { AtomicBool::new(false) }; REQ_SLOTS];
/// Set when the request in the same slot is a point-to-point receive (layer `mpi`), not an
/// MPI-IO transfer.
static REQ_RECV: [AtomicBool; REQ_SLOTS] = [const { AtomicBool::new(false) }; REQ_SLOTS];

#[inline(always)]
fn slot(k: u64) -> usize {
    (k.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - 14)) as usize
}

fn req_insert(k: u64, recv: bool) {
    if k == EMPTY || k == TOMB {
        return;
    }
    let mut i = slot(k);
    for _ in 0..REQ_SLOTS {
        let cur = REQ_KEYS[i].load(Acquire);
        if cur == k {
            return;
        }
        if (cur == EMPTY || cur == TOMB)
            && REQ_KEYS[i]
                .compare_exchange(cur, k, AcqRel, Acquire)
                .is_ok()
        {
            REQ_CANCEL[i].store(false, Relaxed);
            REQ_RECV[i].store(recv, Relaxed);
            IN_FLIGHT.fetch_add(1, Relaxed);
            return;
        }
        i = (i + 1) & (REQ_SLOTS - 1);
    }
    // Full: the request goes untracked (its Begin stays without a Complete).
}

#[inline]
fn req_find(k: u64) -> Option<usize> {
    if k == EMPTY || k == TOMB {
        return None;
    }
    let mut i = slot(k);
    for _ in 0..REQ_SLOTS {
        match REQ_KEYS[i].load(Acquire) {
            EMPTY => return None,
            c if c == k => return Some(i),
            _ => i = (i + 1) & (REQ_SLOTS - 1),
        }
    }
    None
}

/// Whether `k` is a request in flight the recorder follows.
#[inline(always)]
fn is_tracked_req(k: u64) -> bool {
    IN_FLIGHT.load(Relaxed) != 0 && req_find(k).is_some()
}

/// Whether the request the program passed is one the recorder follows (the gate of the
/// single-request calls: with none in flight, one load and no look at the request).
#[inline(always)]
unsafe fn is_tracked(request: HandlePtr) -> bool {
    IN_FLIGHT.load(Relaxed) != 0 && !request.is_null() && req_find(request.key_at(0)).is_some()
}

/// Forget `k`; true if it was a request the recorder follows.
fn req_remove(k: u64) -> bool {
    let Some(i) = req_find(k) else {
        return false;
    };
    // An empty successor ends every probe chain through this slot: it may become empty too.
    let next = REQ_KEYS[(i + 1) & (REQ_SLOTS - 1)].load(Acquire);
    let new = if next == EMPTY { EMPTY } else { TOMB };
    if REQ_KEYS[i]
        .compare_exchange(k, new, AcqRel, Acquire)
        .is_ok()
    {
        IN_FLIGHT.fetch_sub(1, Relaxed);
        true
    } else {
        false
    }
}

#[inline(always)]
fn req_key(r: MPI_Request) -> u64 {
    r.key()
}

/// The requests the recorder follows among `n` requests, noted before a multi-request call (which sets the
/// completed ones to MPI_REQUEST_NULL). Up to MAX_SNAP are followed; calls with more I/O
/// requests than that record the first MAX_SNAP.
const MAX_SNAP: usize = 64;
struct Snapshot {
    n: usize,
    idx: [u32; MAX_SNAP],
    key: [u64; MAX_SNAP],
}

impl Snapshot {
    #[inline]
    unsafe fn take(count: c_int, reqs: HandlePtr) -> Snapshot {
        let mut s = Snapshot {
            n: 0,
            idx: [0; MAX_SNAP],
            key: [0; MAX_SNAP],
        };
        if reqs.is_null() || IN_FLIGHT.load(Relaxed) == 0 {
            return s;
        }
        for i in 0..count.max(0) as usize {
            let k = reqs.key_at(i);
            if s.n < MAX_SNAP && req_find(k).is_some() {
                s.idx[s.n] = i as u32;
                s.key[s.n] = k;
                s.n += 1;
            }
        }
        s
    }
    fn position(&self, index: usize) -> Option<usize> {
        self.idx[..self.n].iter().position(|&i| i as usize == index)
    }
}

/// Whether any of `n` requests is one the recorder follows (the gate of the multi-request
/// calls).
#[inline(always)]
unsafe fn any_tracked(count: c_int, reqs: HandlePtr) -> bool {
    if IN_FLIGHT.load(Relaxed) == 0 || reqs.is_null() {
        return false;
    }
    (0..count.max(0) as usize).any(|i| req_find(reqs.key_at(i)).is_some())
}

/// The request `k` completed (status `st`, or none): an `io_request_done` event.
/// It counts as cancelled only if the program cancelled it, the status says so and no byte
/// moved: Open MPI's OMPIO cannot cancel file requests and leaves the status's cancelled
/// field as it found it.
unsafe fn done(ts: *mut ThreadState, t: u64, k: u64, st: StatusPtr) {
    let slot = req_find(k);
    let cancel_asked = slot.is_some_and(|i| REQ_CANCEL[i].load(Relaxed));
    let recv = slot.is_some_and(|i| REQ_RECV[i].load(Relaxed));
    if !req_remove(k) {
        return;
    }
    if recv {
        return recv_done(ts, t, k, st, cancel_asked);
    }
    let (got, cancelled) = if ignored(st) {
        (u64::MAX, 0)
    } else {
        let got = status_bytes(st, u64::MAX);
        let mut c: c_int = 0;
        if cancel_asked {
            PMPI_Test_cancelled(st, &mut c);
        }
        (got, (c != 0 && got == 0) as u64)
    };
    runtime::child(ts, Func::io_request_done, t, &[k, got, cancelled, 0]);
}

/// The receive `k` completed (status `st`, or none): an `mpi_recv_done` event with the
/// source and tag the status says (unknown without one); none if it was cancelled.
unsafe fn recv_done(
    ts: *mut ThreadState,
    t: u64,
    k: u64,
    st: StatusPtr,
    cancel_asked: bool,
) {
    let unknown = mpi_rank::UNKNOWN as u64;
    let (src, tag, got) = if ignored(st) {
        (unknown, unknown, u64::MAX)
    } else {
        let mut c: c_int = 0;
        if cancel_asked {
            PMPI_Test_cancelled(st, &mut c);
        }
        if c != 0 {
            return;
        }
        (
            rank_field(st.source()),
            tag_field(st.tag()),
            status_bytes(st, u64::MAX),
        )
    };
    runtime::child(ts, Func::mpi_recv_done, t, &[k, src, tag, got, 0]);
}

/// The request `k` was tested and is still in flight: an `io_request_test` event (MPI-IO
/// requests only: an unfinished receive orders nothing).
unsafe fn tested(ts: *mut ThreadState, t: u64, k: u64) {
    if req_find(k).is_some_and(|i| REQ_RECV[i].load(Relaxed)) {
        return;
    }
    runtime::child(ts, Func::io_request_test, t, &[k, 0]);
}

/// Statuses for up to MAX_SNAP requests when the program ignores them.
type LocalStatuses = [Status; MAX_SNAP];

/// The statuses array to pass to the real call.
#[inline(always)]
fn own_statuses(
    st: StatusPtr,
    count: c_int,
    local: &mut std::mem::MaybeUninit<LocalStatuses>,
) -> StatusPtr {
    if st.is_ignore() && (count as usize) <= MAX_SNAP {
        StatusPtr(local.as_mut_ptr() as *mut c_void)
    } else {
        st
    }
}

// ---- the wrappers -------------------------------------------------------------------------------

/// MPI wrappers: `Layer fn MPI_Name(args) [gate] { statements before the call } |ts, ret, t1|
/// { statements after the call; [fields] };`. The statements before the call may shadow
/// arguments (a status the program ignores is replaced by ours). Both run with the thread
/// marked busy: the recorder's own PMPI queries record nothing. The real function is
/// `PMPI_Name`. Failed calls store the MPI error code as the record's errno.
macro_rules! mpi_wrap {
    ($( $layer:ident fn $name:ident ( $($a:ident : $t:ty),* ) [ $gate:expr ] { $($pre:tt)* }
        | $ts:ident, $ret:ident, $t1:ident | $post:block ; )*) => { $(
        crate::wrap::exported! {
            #[allow(unused_variables, unused_mut, unused_unsafe)]
            fn $name($($a: $t),*) -> c_int;
            real: LibReal::global(concat!("P", stringify!($name), "\0"));
            missing: ERR_NO_MPI;
            |real| {
                // An MPI whose ABI is not known passes straight through (said once). The
                // gates read handles only when a request the recorder follows is in flight,
                // which needs a known ABI: they may come first.
                crate::wrap::record! {
                    policy: crate::wrap::MPI, layer: Layer::$layer, func: Func::$name,
                    gate: ($gate) && abi::known(), call: real($($a),*),
                    before: |$ts, t0| { $($pre)* }
                    after: |$ret, $t1, failed| Some(($post, 0))
                }
            }
        }
    )* };
}

type Buf = *mut c_void;
type CBuf = *const c_void;
type Dt = MPI_Datatype;
type St = StatusPtr;

mpi_wrap! {
    // ---- start and end ----
    MpiIo fn MPI_Init(argc: *mut c_int, argv: *mut *mut *mut c_char) [true] {} |ts, ret, t1| {
        let (rank, size) = if ret == 0 { mpi_started() } else { (u64::MAX, 0) };
        [rank, size]
    };
    MpiIo fn MPI_Init_thread(argc: *mut c_int, argv: *mut *mut *mut c_char, required: c_int, provided: *mut c_int) [true] {} |ts, ret, t1| {
        let (rank, size) = if ret == 0 { mpi_started() } else { (u64::MAX, 0) };
        [required as u64, if provided.is_null() { u64::MAX } else { *provided as u64 }, rank, size]
    };
    MpiIo fn MPI_Finalize() [true] { mpi_ending(); } |ts, ret, t1| { [0u64; 0] };

    // ---- files ----
    MpiIo fn MPI_File_open(comm: MPI_Comm, filename: *const c_char, amode: c_int, info: MPI_Info, fh: *mut MPI_File) [true] {
        // An excluded path keeps the region but gets no file (and so no handle).
        let path = crate::files::intern_path(&mut *ts, libc::AT_FDCWD, strip_prefix(filename)).unwrap_or(u64::MAX);
    } |ts, ret, t1| {
        let c = if ret == 0 { comm_id(comm) } else { u64::MAX };
        if ret == 0 && !fh.is_null() { set_view_cache(*fh, Some((0, 1))); }
        [c, path, amode_bits(amode), if ret == 0 && !fh.is_null() { *fh as usize as u64 } else { 0 }]
    };
    MpiIo fn MPI_File_close(fh: *mut MPI_File) [true] { let h = if fh.is_null() { 0 } else { *fh as usize as u64 }; } |ts, ret, t1| {
        if ret == 0 { set_view_cache(h as usize as MPI_File, None); }
        [h]
    };
    MpiIo fn MPI_File_delete(filename: *const c_char, info: MPI_Info) [true] {
        let path = crate::files::intern_path(&mut *ts, libc::AT_FDCWD, strip_prefix(filename)).unwrap_or(u64::MAX);
    } |ts, ret, t1| { [path] };
    MpiIo fn MPI_File_set_size(fh: MPI_File, size: MPI_Offset) [true] {} |ts, ret, t1| { [fh as usize as u64, size as u64] };
    MpiIo fn MPI_File_preallocate(fh: MPI_File, size: MPI_Offset) [true] {} |ts, ret, t1| { [fh as usize as u64, size as u64] };
    MpiIo fn MPI_File_get_size(fh: MPI_File, size: *mut MPI_Offset) [true] {} |ts, ret, t1| {
        [fh as usize as u64, if ret == 0 && !size.is_null() { *size as u64 } else { u64::MAX }]
    };
    MpiIo fn MPI_File_sync(fh: MPI_File) [true] {} |ts, ret, t1| { [fh as usize as u64] };
    MpiIo fn MPI_File_set_view(fh: MPI_File, disp: MPI_Offset, etype: Dt, filetype: Dt, datarep: *const c_char, info: MPI_Info) [true] {} |ts, ret, t1| {
        let (mut lb, mut extent): (MPI_Aint, MPI_Aint) = (0, 0);
        PMPI_Type_get_extent(filetype, &mut lb, &mut extent);
        if ret == 0 { view_changed(fh, disp, etype, filetype); }
        let shape = if ret == 0 { filetype::filetype_field(filetype) } else { io_events::functions::FILETYPE_CONTIGUOUS };
        [fh as usize as u64, disp as u64, type_bytes(etype, 1), type_bytes(filetype, 1), extent as u64, shape]
    };
    MpiIo fn MPI_File_get_view(fh: MPI_File, disp: *mut MPI_Offset, etype: HandlePtr, filetype: HandlePtr, datarep: *mut c_char) [true] {} |ts, ret, t1| {
        [fh as usize as u64, if ret == 0 && !disp.is_null() { *disp as u64 } else { u64::MAX }]
    };
    MpiIo fn MPI_File_seek(fh: MPI_File, offset: MPI_Offset, w: c_int) [true] {} |ts, ret, t1| {
        [fh as usize as u64, offset as u64, whence(w), if ret == 0 { pointer_offset(fh) } else { u64::MAX }]
    };
    MpiIo fn MPI_File_seek_shared(fh: MPI_File, offset: MPI_Offset, w: c_int) [true] {} |ts, ret, t1| {
        [fh as usize as u64, offset as u64, whence(w), u64::MAX]
    };
    MpiIo fn MPI_File_get_position(fh: MPI_File, offset: *mut MPI_Offset) [true] {} |ts, ret, t1| {
        [fh as usize as u64, if ret == 0 && !offset.is_null() { *offset as u64 } else { u64::MAX }]
    };
    MpiIo fn MPI_File_get_position_shared(fh: MPI_File, offset: *mut MPI_Offset) [true] {} |ts, ret, t1| {
        [fh as usize as u64, if ret == 0 && !offset.is_null() { *offset as u64 } else { u64::MAX }]
    };
    MpiIo fn MPI_File_set_atomicity(fh: MPI_File, flag: c_int) [true] {} |ts, ret, t1| { [fh as usize as u64, flag as u64] };
    MpiIo fn MPI_File_set_info(fh: MPI_File, info: MPI_Info) [true] {} |ts, ret, t1| { [fh as usize as u64] };

    // ---- blocking transfers: explicit offsets ----
    MpiIo fn MPI_File_read_at(fh: MPI_File, offset: MPI_Offset, buf: Buf, count: c_int, dt: Dt, status: St) [true] {
        let bytes = type_bytes(dt, count); let off = byte_offset(fh, offset);
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, off, if ret == 0 { status_bytes(status, bytes) } else { 0 }] };
    MpiIo fn MPI_File_read_at_all(fh: MPI_File, offset: MPI_Offset, buf: Buf, count: c_int, dt: Dt, status: St) [true] {
        let bytes = type_bytes(dt, count); let off = byte_offset(fh, offset);
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, off, if ret == 0 { status_bytes(status, bytes) } else { 0 }] };
    MpiIo fn MPI_File_write_at(fh: MPI_File, offset: MPI_Offset, buf: CBuf, count: c_int, dt: Dt, status: St) [true] {
        let bytes = type_bytes(dt, count); let off = byte_offset(fh, offset);
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, off, if ret == 0 { status_bytes(status, bytes) } else { 0 }] };
    MpiIo fn MPI_File_write_at_all(fh: MPI_File, offset: MPI_Offset, buf: CBuf, count: c_int, dt: Dt, status: St) [true] {
        let bytes = type_bytes(dt, count); let off = byte_offset(fh, offset);
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, off, if ret == 0 { status_bytes(status, bytes) } else { 0 }] };

    // ---- blocking transfers: individual file pointer ----
    MpiIo fn MPI_File_read(fh: MPI_File, buf: Buf, count: c_int, dt: Dt, status: St) [true] {
        let bytes = type_bytes(dt, count); let off = pointer_offset(fh);
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, off, if ret == 0 { status_bytes(status, bytes) } else { 0 }] };
    MpiIo fn MPI_File_read_all(fh: MPI_File, buf: Buf, count: c_int, dt: Dt, status: St) [true] {
        let bytes = type_bytes(dt, count); let off = pointer_offset(fh);
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, off, if ret == 0 { status_bytes(status, bytes) } else { 0 }] };
    MpiIo fn MPI_File_write(fh: MPI_File, buf: CBuf, count: c_int, dt: Dt, status: St) [true] {
        let bytes = type_bytes(dt, count); let off = pointer_offset(fh);
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, off, if ret == 0 { status_bytes(status, bytes) } else { 0 }] };
    MpiIo fn MPI_File_write_all(fh: MPI_File, buf: CBuf, count: c_int, dt: Dt, status: St) [true] {
        let bytes = type_bytes(dt, count); let off = pointer_offset(fh);
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, off, if ret == 0 { status_bytes(status, bytes) } else { 0 }] };

    // ---- blocking transfers: shared file pointer (offset unknown before the call) ----
    MpiIo fn MPI_File_read_shared(fh: MPI_File, buf: Buf, count: c_int, dt: Dt, status: St) [true] {
        let bytes = type_bytes(dt, count);
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, u64::MAX, if ret == 0 { status_bytes(status, bytes) } else { 0 }] };
    MpiIo fn MPI_File_read_ordered(fh: MPI_File, buf: Buf, count: c_int, dt: Dt, status: St) [true] {
        let bytes = type_bytes(dt, count);
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, u64::MAX, if ret == 0 { status_bytes(status, bytes) } else { 0 }] };
    MpiIo fn MPI_File_write_shared(fh: MPI_File, buf: CBuf, count: c_int, dt: Dt, status: St) [true] {
        let bytes = type_bytes(dt, count);
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, u64::MAX, if ret == 0 { status_bytes(status, bytes) } else { 0 }] };
    MpiIo fn MPI_File_write_ordered(fh: MPI_File, buf: CBuf, count: c_int, dt: Dt, status: St) [true] {
        let bytes = type_bytes(dt, count);
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, u64::MAX, if ret == 0 { status_bytes(status, bytes) } else { 0 }] };

    // ---- split collectives ----
    MpiIo fn MPI_File_read_all_begin(fh: MPI_File, buf: Buf, count: c_int, dt: Dt) [true] {
        let bytes = type_bytes(dt, count); let off = pointer_offset(fh);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, off] };
    MpiIo fn MPI_File_read_at_all_begin(fh: MPI_File, offset: MPI_Offset, buf: Buf, count: c_int, dt: Dt) [true] {
        let bytes = type_bytes(dt, count); let off = byte_offset(fh, offset);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, off] };
    MpiIo fn MPI_File_read_ordered_begin(fh: MPI_File, buf: Buf, count: c_int, dt: Dt) [true] {
        let bytes = type_bytes(dt, count);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, u64::MAX] };
    MpiIo fn MPI_File_write_all_begin(fh: MPI_File, buf: CBuf, count: c_int, dt: Dt) [true] {
        let bytes = type_bytes(dt, count); let off = pointer_offset(fh);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, off] };
    MpiIo fn MPI_File_write_at_all_begin(fh: MPI_File, offset: MPI_Offset, buf: CBuf, count: c_int, dt: Dt) [true] {
        let bytes = type_bytes(dt, count); let off = byte_offset(fh, offset);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, off] };
    MpiIo fn MPI_File_write_ordered_begin(fh: MPI_File, buf: CBuf, count: c_int, dt: Dt) [true] {
        let bytes = type_bytes(dt, count);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, u64::MAX] };
    MpiIo fn MPI_File_read_all_end(fh: MPI_File, buf: Buf, status: St) [true] {
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| { [fh as usize as u64, if ret == 0 { status_bytes(status, u64::MAX) } else { 0 }] };
    MpiIo fn MPI_File_read_at_all_end(fh: MPI_File, buf: Buf, status: St) [true] {
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| { [fh as usize as u64, if ret == 0 { status_bytes(status, u64::MAX) } else { 0 }] };
    MpiIo fn MPI_File_read_ordered_end(fh: MPI_File, buf: Buf, status: St) [true] {
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| { [fh as usize as u64, if ret == 0 { status_bytes(status, u64::MAX) } else { 0 }] };
    MpiIo fn MPI_File_write_all_end(fh: MPI_File, buf: CBuf, status: St) [true] {
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| { [fh as usize as u64, if ret == 0 { status_bytes(status, u64::MAX) } else { 0 }] };
    MpiIo fn MPI_File_write_at_all_end(fh: MPI_File, buf: CBuf, status: St) [true] {
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| { [fh as usize as u64, if ret == 0 { status_bytes(status, u64::MAX) } else { 0 }] };
    MpiIo fn MPI_File_write_ordered_end(fh: MPI_File, buf: CBuf, status: St) [true] {
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| { [fh as usize as u64, if ret == 0 { status_bytes(status, u64::MAX) } else { 0 }] };

    // ---- non-blocking transfers ----
    MpiIo fn MPI_File_iread(fh: MPI_File, buf: Buf, count: c_int, dt: Dt, request: HandlePtr) [true] {
        let bytes = type_bytes(dt, count); let off = pointer_offset(fh);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, off, started(ret, request)] };
    MpiIo fn MPI_File_iread_at(fh: MPI_File, offset: MPI_Offset, buf: Buf, count: c_int, dt: Dt, request: HandlePtr) [true] {
        let bytes = type_bytes(dt, count); let off = byte_offset(fh, offset);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, off, started(ret, request)] };
    MpiIo fn MPI_File_iread_shared(fh: MPI_File, buf: Buf, count: c_int, dt: Dt, request: HandlePtr) [true] {
        let bytes = type_bytes(dt, count);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, u64::MAX, started(ret, request)] };
    MpiIo fn MPI_File_iread_all(fh: MPI_File, buf: Buf, count: c_int, dt: Dt, request: HandlePtr) [true] {
        let bytes = type_bytes(dt, count); let off = pointer_offset(fh);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, off, started(ret, request)] };
    MpiIo fn MPI_File_iread_at_all(fh: MPI_File, offset: MPI_Offset, buf: Buf, count: c_int, dt: Dt, request: HandlePtr) [true] {
        let bytes = type_bytes(dt, count); let off = byte_offset(fh, offset);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, off, started(ret, request)] };
    MpiIo fn MPI_File_iwrite(fh: MPI_File, buf: CBuf, count: c_int, dt: Dt, request: HandlePtr) [true] {
        let bytes = type_bytes(dt, count); let off = pointer_offset(fh);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, off, started(ret, request)] };
    MpiIo fn MPI_File_iwrite_at(fh: MPI_File, offset: MPI_Offset, buf: CBuf, count: c_int, dt: Dt, request: HandlePtr) [true] {
        let bytes = type_bytes(dt, count); let off = byte_offset(fh, offset);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, off, started(ret, request)] };
    MpiIo fn MPI_File_iwrite_shared(fh: MPI_File, buf: CBuf, count: c_int, dt: Dt, request: HandlePtr) [true] {
        let bytes = type_bytes(dt, count);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, u64::MAX, started(ret, request)] };
    MpiIo fn MPI_File_iwrite_all(fh: MPI_File, buf: CBuf, count: c_int, dt: Dt, request: HandlePtr) [true] {
        let bytes = type_bytes(dt, count); let off = pointer_offset(fh);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, off, started(ret, request)] };
    MpiIo fn MPI_File_iwrite_at_all(fh: MPI_File, offset: MPI_Offset, buf: CBuf, count: c_int, dt: Dt, request: HandlePtr) [true] {
        let bytes = type_bytes(dt, count); let off = byte_offset(fh, offset);
    } |ts, ret, t1| { [fh as usize as u64, count as u64, bytes, off, started(ret, request)] };

    // ---- completion (recorded only when a request the recorder follows is involved: an
    // MPI-IO transfer, or a receive of the `mpi` layer) ----
    MpiIo fn MPI_Wait(request: HandlePtr, status: St) [is_tracked(request)] {
        let k = request.key_at(0);
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| {
        if ret == 0 { done(ts, t1, k, status); }
        [k]
    };
    MpiIo fn MPI_Waitall(count: c_int, reqs: HandlePtr, statuses: St) [any_tracked(count, reqs)] {
        let snap = Snapshot::take(count, reqs);
        let mut local = std::mem::MaybeUninit::<LocalStatuses>::uninit();
        let statuses = own_statuses(statuses, count, &mut local);
    } |ts, ret, t1| {
        if ret == 0 {
            for j in 0..snap.n {
                let st = if ignored(statuses) { StatusPtr(std::ptr::null_mut()) } else { statuses.at(snap.idx[j] as usize) };
                done(ts, t1, snap.key[j], st);
            }
        }
        [count as u64]
    };
    MpiIo fn MPI_Waitany(count: c_int, reqs: HandlePtr, index: *mut c_int, status: St) [any_tracked(count, reqs)] {
        let snap = Snapshot::take(count, reqs);
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| {
        // The MPI-IO requests it did not complete were looked at without result: tests.
        let i = if index.is_null() { abi::shared::UNDEFINED } else { *index };
        if ret == 0 {
            for j in 0..snap.n {
                if i >= 0 && snap.idx[j] as c_int == i { done(ts, t1, snap.key[j], status) } else { tested(ts, t1, snap.key[j]) }
            }
        }
        [count as u64, i as u64]
    };
    MpiIo fn MPI_Waitsome(count: c_int, reqs: HandlePtr, outcount: *mut c_int, indices: *mut c_int, statuses: St) [any_tracked(count, reqs)] {
        let snap = Snapshot::take(count, reqs);
        let mut local = std::mem::MaybeUninit::<LocalStatuses>::uninit();
        let statuses = own_statuses(statuses, count, &mut local);
    } |ts, ret, t1| {
        let n = if outcount.is_null() { abi::shared::UNDEFINED } else { *outcount };
        if ret == 0 {
            completed_some(ts, t1, &snap, n, indices, statuses, true);
        }
        [count as u64, n as u64]
    };
    MpiIo fn MPI_Test(request: HandlePtr, flag: *mut c_int, status: St) [is_tracked(request)] {
        let k = request.key_at(0);
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| {
        let f = !flag.is_null() && *flag != 0;
        if ret == 0 { if f { done(ts, t1, k, status) } else { tested(ts, t1, k) } }
        [k, f as u64]
    };
    MpiIo fn MPI_Testall(count: c_int, reqs: HandlePtr, flag: *mut c_int, statuses: St) [any_tracked(count, reqs)] {
        let snap = Snapshot::take(count, reqs);
        let mut local = std::mem::MaybeUninit::<LocalStatuses>::uninit();
        let statuses = own_statuses(statuses, count, &mut local);
    } |ts, ret, t1| {
        let f = !flag.is_null() && *flag != 0;
        if ret == 0 {
            for j in 0..snap.n {
                if f {
                    let st = if ignored(statuses) { StatusPtr(std::ptr::null_mut()) } else { statuses.at(snap.idx[j] as usize) };
                    done(ts, t1, snap.key[j], st);
                } else {
                    tested(ts, t1, snap.key[j]);
                }
            }
        }
        [count as u64, f as u64]
    };
    MpiIo fn MPI_Testany(count: c_int, reqs: HandlePtr, index: *mut c_int, flag: *mut c_int, status: St) [any_tracked(count, reqs)] {
        let snap = Snapshot::take(count, reqs);
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| {
        let f = !flag.is_null() && *flag != 0;
        let i = if index.is_null() { abi::shared::UNDEFINED } else { *index };
        if ret == 0 {
            for j in 0..snap.n {
                if f && i >= 0 && snap.idx[j] as c_int == i { done(ts, t1, snap.key[j], status) } else { tested(ts, t1, snap.key[j]) }
            }
        }
        [count as u64, i as u64, f as u64]
    };
    MpiIo fn MPI_Testsome(count: c_int, reqs: HandlePtr, outcount: *mut c_int, indices: *mut c_int, statuses: St) [any_tracked(count, reqs)] {
        let snap = Snapshot::take(count, reqs);
        let mut local = std::mem::MaybeUninit::<LocalStatuses>::uninit();
        let statuses = own_statuses(statuses, count, &mut local);
    } |ts, ret, t1| {
        let n = if outcount.is_null() { abi::shared::UNDEFINED } else { *outcount };
        if ret == 0 {
            completed_some(ts, t1, &snap, n, indices, statuses, true);
        }
        [count as u64, n as u64]
    };
    MpiIo fn MPI_Request_free(request: HandlePtr) [is_tracked(request)] {
        let k = request.key_at(0);
        let recv = req_find(k).is_some_and(|i| REQ_RECV[i].load(Relaxed));
    } |ts, ret, t1| {
        // The program stops watching the operation: a transfer counts as complete with the
        // bytes it asked for (MPI completes it in the background); a receive is forgotten
        // (when it completes, and from whom, is never known).
        if ret == 0 && recv { req_remove(k); } else if ret == 0 { done(ts, t1, k, StatusPtr(std::ptr::null_mut())); }
        [k]
    };
    MpiIo fn MPI_Cancel(request: HandlePtr) [is_tracked(request)] {
        let k = request.key_at(0);
    } |ts, ret, t1| {
        if ret == 0 {
            if let Some(i) = req_find(k) { REQ_CANCEL[i].store(true, Relaxed); }
        }
        [k]
    };

    // ---- communicators and collectives (layer "mpi"; MPI_Comm_free below) ----
    Mpi fn MPI_Comm_dup(comm: MPI_Comm, newcomm: HandlePtr) [true] {} |ts, ret, t1| {
        [comm_of(comm), new_comm(ret, newcomm)]
    };
    Mpi fn MPI_Comm_split(comm: MPI_Comm, color: c_int, key: c_int, newcomm: HandlePtr) [true] {} |ts, ret, t1| {
        [comm_of(comm), color as u64, key as u64, new_comm(ret, newcomm)]
    };
    Mpi fn MPI_Comm_split_type(comm: MPI_Comm, split_type: c_int, key: c_int, info: MPI_Info, newcomm: HandlePtr) [true] {} |ts, ret, t1| {
        [comm_of(comm), split_type as u64, key as u64, new_comm(ret, newcomm)]
    };
    Mpi fn MPI_Comm_create(comm: MPI_Comm, group: MPI_Group, newcomm: HandlePtr) [true] {} |ts, ret, t1| {
        [comm_of(comm), new_comm(ret, newcomm)]
    };
    Mpi fn MPI_Barrier(comm: MPI_Comm) [true] {} |ts, ret, t1| { [comm_of(comm)] };
    Mpi fn MPI_Bcast(buf: Buf, count: c_int, dt: Dt, root: c_int, comm: MPI_Comm) [true] {} |ts, ret, t1| {
        [comm_of(comm), type_bytes(dt, count), rank_field(root)]
    };
    Mpi fn MPI_Reduce(sbuf: CBuf, rbuf: Buf, count: c_int, dt: Dt, op: *mut c_void, root: c_int, comm: MPI_Comm) [true] {} |ts, ret, t1| {
        [comm_of(comm), type_bytes(dt, count), rank_field(root)]
    };
    Mpi fn MPI_Allreduce(sbuf: CBuf, rbuf: Buf, count: c_int, dt: Dt, op: *mut c_void, comm: MPI_Comm) [true] {} |ts, ret, t1| {
        [comm_of(comm), type_bytes(dt, count)]
    };
    Mpi fn MPI_Gather(sbuf: CBuf, scount: c_int, sdt: Dt, rbuf: Buf, rcount: c_int, rdt: Dt, root: c_int, comm: MPI_Comm) [true] {} |ts, ret, t1| {
        [comm_of(comm), type_bytes(sdt, scount), rank_field(root)]
    };
    Mpi fn MPI_Allgather(sbuf: CBuf, scount: c_int, sdt: Dt, rbuf: Buf, rcount: c_int, rdt: Dt, comm: MPI_Comm) [true] {} |ts, ret, t1| {
        [comm_of(comm), type_bytes(sdt, scount)]
    };
    Mpi fn MPI_Scatter(sbuf: CBuf, scount: c_int, sdt: Dt, rbuf: Buf, rcount: c_int, rdt: Dt, root: c_int, comm: MPI_Comm) [true] {} |ts, ret, t1| {
        [comm_of(comm), type_bytes(rdt, rcount), rank_field(root)]
    };
    Mpi fn MPI_Alltoall(sbuf: CBuf, scount: c_int, sdt: Dt, rbuf: Buf, rcount: c_int, rdt: Dt, comm: MPI_Comm) [true] {} |ts, ret, t1| {
        [comm_of(comm), type_bytes(sdt, scount)]
    };
    Mpi fn MPI_Gatherv(sbuf: CBuf, scount: c_int, sdt: Dt, rbuf: Buf, rcounts: *const c_int, displs: *const c_int, rdt: Dt, root: c_int, comm: MPI_Comm) [true] {} |ts, ret, t1| {
        [comm_of(comm), type_bytes(sdt, scount), rank_field(root)]
    };
    Mpi fn MPI_Scatterv(sbuf: CBuf, scounts: *const c_int, displs: *const c_int, sdt: Dt, rbuf: Buf, rcount: c_int, rdt: Dt, root: c_int, comm: MPI_Comm) [true] {} |ts, ret, t1| {
        [comm_of(comm), type_bytes(rdt, rcount), rank_field(root)]
    };
    Mpi fn MPI_Allgatherv(sbuf: CBuf, scount: c_int, sdt: Dt, rbuf: Buf, rcounts: *const c_int, displs: *const c_int, rdt: Dt, comm: MPI_Comm) [true] {} |ts, ret, t1| {
        [comm_of(comm), type_bytes(sdt, scount)]
    };
    Mpi fn MPI_Alltoallv(sbuf: CBuf, scounts: *const c_int, sdispls: *const c_int, sdt: Dt, rbuf: Buf, rcounts: *const c_int, rdispls: *const c_int, rdt: Dt, comm: MPI_Comm) [true] {} |ts, ret, t1| {
        [comm_of(comm), type_bytes(sdt, 1).saturating_mul(count_sum(comm, scounts))]
    };
    Mpi fn MPI_Reduce_scatter(sbuf: CBuf, rbuf: Buf, rcounts: *const c_int, dt: Dt, op: *mut c_void, comm: MPI_Comm) [true] {} |ts, ret, t1| {
        [comm_of(comm), type_bytes(dt, 1).saturating_mul(count_sum(comm, rcounts))]
    };
    Mpi fn MPI_Reduce_scatter_block(sbuf: CBuf, rbuf: Buf, rcount: c_int, dt: Dt, op: *mut c_void, comm: MPI_Comm) [true] {} |ts, ret, t1| {
        [comm_of(comm), type_bytes(dt, rcount).saturating_mul(comm_size(comm))]
    };
    Mpi fn MPI_Scan(sbuf: CBuf, rbuf: Buf, count: c_int, dt: Dt, op: *mut c_void, comm: MPI_Comm) [true] {} |ts, ret, t1| {
        [comm_of(comm), type_bytes(dt, count)]
    };
    Mpi fn MPI_Exscan(sbuf: CBuf, rbuf: Buf, count: c_int, dt: Dt, op: *mut c_void, comm: MPI_Comm) [true] {} |ts, ret, t1| {
        [comm_of(comm), type_bytes(dt, count)]
    };

    // ---- point-to-point (layer "mpi") ----
    Mpi fn MPI_Send(buf: CBuf, count: c_int, dt: Dt, dest: c_int, tag: c_int, comm: MPI_Comm) [true] {} |ts, ret, t1| {
        [comm_of(comm), rank_field(dest), tag_field(tag), type_bytes(dt, count)]
    };
    Mpi fn MPI_Ssend(buf: CBuf, count: c_int, dt: Dt, dest: c_int, tag: c_int, comm: MPI_Comm) [true] {} |ts, ret, t1| {
        [comm_of(comm), rank_field(dest), tag_field(tag), type_bytes(dt, count)]
    };
    Mpi fn MPI_Bsend(buf: CBuf, count: c_int, dt: Dt, dest: c_int, tag: c_int, comm: MPI_Comm) [true] {} |ts, ret, t1| {
        [comm_of(comm), rank_field(dest), tag_field(tag), type_bytes(dt, count)]
    };
    Mpi fn MPI_Rsend(buf: CBuf, count: c_int, dt: Dt, dest: c_int, tag: c_int, comm: MPI_Comm) [true] {} |ts, ret, t1| {
        [comm_of(comm), rank_field(dest), tag_field(tag), type_bytes(dt, count)]
    };
    Mpi fn MPI_Isend(buf: CBuf, count: c_int, dt: Dt, dest: c_int, tag: c_int, comm: MPI_Comm, request: HandlePtr) [true] {} |ts, ret, t1| {
        [comm_of(comm), rank_field(dest), tag_field(tag), type_bytes(dt, count), out_request(ret, request)]
    };
    Mpi fn MPI_Issend(buf: CBuf, count: c_int, dt: Dt, dest: c_int, tag: c_int, comm: MPI_Comm, request: HandlePtr) [true] {} |ts, ret, t1| {
        [comm_of(comm), rank_field(dest), tag_field(tag), type_bytes(dt, count), out_request(ret, request)]
    };
    Mpi fn MPI_Ibsend(buf: CBuf, count: c_int, dt: Dt, dest: c_int, tag: c_int, comm: MPI_Comm, request: HandlePtr) [true] {} |ts, ret, t1| {
        [comm_of(comm), rank_field(dest), tag_field(tag), type_bytes(dt, count), out_request(ret, request)]
    };
    Mpi fn MPI_Irsend(buf: CBuf, count: c_int, dt: Dt, dest: c_int, tag: c_int, comm: MPI_Comm, request: HandlePtr) [true] {} |ts, ret, t1| {
        [comm_of(comm), rank_field(dest), tag_field(tag), type_bytes(dt, count), out_request(ret, request)]
    };
    Mpi fn MPI_Recv(buf: Buf, count: c_int, dt: Dt, source: c_int, tag: c_int, comm: MPI_Comm, status: St) [true] {
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| {
        let (src, tg, got) = received(ret, status, source, tag);
        [comm_of(comm), src, tg, got]
    };
    Mpi fn MPI_Sendrecv(sbuf: CBuf, scount: c_int, sdt: Dt, dest: c_int, sendtag: c_int, rbuf: Buf, rcount: c_int, rdt: Dt, source: c_int, recvtag: c_int, comm: MPI_Comm, status: St) [true] {
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| {
        let (src, tg, got) = received(ret, status, source, recvtag);
        [comm_of(comm), rank_field(dest), tag_field(sendtag), type_bytes(sdt, scount), src, tg, got]
    };
    Mpi fn MPI_Sendrecv_replace(buf: Buf, count: c_int, dt: Dt, dest: c_int, sendtag: c_int, source: c_int, recvtag: c_int, comm: MPI_Comm, status: St) [true] {
        let mut local = Status::default(); let status = own_status(status, &mut local);
    } |ts, ret, t1| {
        let (src, tg, got) = received(ret, status, source, recvtag);
        [comm_of(comm), rank_field(dest), tag_field(sendtag), type_bytes(dt, count), src, tg, got]
    };
    Mpi fn MPI_Irecv(buf: Buf, count: c_int, dt: Dt, source: c_int, tag: c_int, comm: MPI_Comm, request: HandlePtr) [true] {} |ts, ret, t1| {
        [comm_of(comm), rank_field(source), tag_field(tag), type_bytes(dt, count), recv_started(ret, request)]
    };
}

crate::wrap::exported! {
    /// MPI_Comm_free: recorded in the `mpi` layer; the communicator is forgotten whatever the
    /// layers (its handle value may come back for another one).
    fn MPI_Comm_free(comm: HandlePtr) -> c_int;
    real: LibReal::global("PMPI_Comm_free\0");
    missing: ERR_NO_MPI;
    |real| {
        if !abi::known() {
            return real(comm);
        }
        let c = if comm.is_null() { comm_null() } else { comm.get(0) };
        let ret = crate::wrap::record_call(
            Layer::Mpi,
            Func::MPI_Comm_free,
            |_| comm_of(c),
            || real(comm),
            |_, id, ret, _| ([id], ret),
        );
        if ret == 0 {
            comm_forget(c);
        }
        ret
    }
}

/// The id of the communicator a creating call returned (u64::MAX: none, MPI_COMM_NULL).
#[inline]
unsafe fn new_comm(ret: c_int, newcomm: HandlePtr) -> u64 {
    if ret != 0 || newcomm.is_null() {
        return u64::MAX;
    }
    comm_of(newcomm.get(0))
}

/// The size of a communicator (0 if MPI does not say).
fn comm_size(comm: MPI_Comm) -> u64 {
    let mut n: c_int = 0;
    // SAFETY: plain query of the program's communicator.
    if unsafe { PMPI_Comm_size(comm, &mut n) } != 0 || n < 0 {
        return 0;
    }
    n as u64
}

/// The sum of a per-rank count array of a v-collective (one count per member of `comm`).
unsafe fn count_sum(comm: MPI_Comm, counts: *const c_int) -> u64 {
    if counts.is_null() {
        return 0;
    }
    (0..comm_size(comm) as usize)
        .map(|i| (*counts.add(i)).max(0) as u64)
        .sum()
}

/// A request a non-blocking call returned (0 when it failed).
#[inline]
unsafe fn out_request(ret: c_int, request: HandlePtr) -> u64 {
    if ret != 0 || request.is_null() {
        return 0;
    }
    request.get(0).key()
}

/// A non-blocking receive returned: its request, in flight until a Wait/Test completes it.
#[inline]
unsafe fn recv_started(ret: c_int, request: HandlePtr) -> u64 {
    let k = out_request(ret, request);
    req_insert(k, true);
    k
}

/// (source, tag, bytes) of a completed receive as its status says; the ones asked for (and
/// no byte) when the call failed.
#[inline]
unsafe fn received(
    ret: c_int,
    st: StatusPtr,
    source: c_int,
    tag: c_int,
) -> (u64, u64, u64) {
    if ret != 0 {
        return (rank_field(source), tag_field(tag), 0);
    }
    (
        rank_field(st.source()),
        tag_field(st.tag()),
        status_bytes(st, 0),
    )
}

/// A non-blocking call returned: its request (now in flight) as the record's id.
#[inline]
unsafe fn started(ret: c_int, request: HandlePtr) -> u64 {
    if ret != 0 || request.is_null() {
        return 0;
    }
    let k = request.key_at(0);
    req_insert(k, false);
    k
}

/// Waitsome/Testsome: the `n` completed requests listed in `indices`; with `tests`, the
/// other MPI-IO requests of the call were tested (looked at, still in flight).
unsafe fn completed_some(
    ts: *mut ThreadState,
    t1: u64,
    snap: &Snapshot,
    n: c_int,
    indices: *const c_int,
    statuses: StatusPtr,
    tests: bool,
) {
    let n = if n == abi::shared::UNDEFINED || indices.is_null() {
        0
    } else {
        n.max(0) as usize
    };
    let mut finished = [false; MAX_SNAP];
    for c in 0..n {
        let idx = *indices.add(c) as usize;
        if let Some(j) = snap.position(idx) {
            finished[j] = true;
            let st = if ignored(statuses) {
                StatusPtr(std::ptr::null_mut())
            } else {
                statuses.at(c)
            };
            done(ts, t1, snap.key[j], st);
        }
    }
    if tests {
        for j in 0..snap.n {
            if !finished[j] {
                tested(ts, t1, snap.key[j]);
            }
        }
    }
}

// ---- parallel HDF5 --------------------------------------------------------------------------

/// The communicator of an HDF5 file access property list that uses the mpio driver, as a
/// communicator id (u64::MAX otherwise). Asks only lists whose driver is mpio: HDF5 would
/// print an error stack for any other.
pub unsafe fn fapl_comm(fapl: i64) -> u64 {
    let driver = crate::wrap::resolved!(LibReal::new("H5Pget_driver\0") as fn(i64) -> i64);
    let mpio = crate::wrap::resolved!(LibReal::new("H5FD_mpio_init\0") as fn() -> i64);
    let get = crate::wrap::resolved!(
        LibReal::new("H5Pget_fapl_mpio\0") as fn(i64, HandlePtr, HandlePtr) -> c_int
    );
    let (Some(driver), Some(mpio), Some(get)) = (driver, mpio, get) else {
        return u64::MAX;
    };
    if fapl <= 0 || !abi::known() || driver(fapl) != mpio() {
        return u64::MAX;
    }
    let (mut comm, mut info) = (Handle::default(), Handle::default());
    if get(fapl, comm.out(), info.out()) < 0 {
        return u64::MAX;
    }
    let id = comm_id(comm);
    // HDF5 handed out duplicates.
    PMPI_Comm_free(comm.out());
    if info.clean() != abi().info_null {
        PMPI_Info_free(info.out());
    }
    id
}

pmpi! {
    fn PMPI_Info_free(info: HandlePtr);
}

crate::wrap::exported! {
    /// H5Pset_fapl_mpio (parallel HDF5): recorded by the HDF5 layer with its communicator.
    fn H5Pset_fapl_mpio(fapl: i64, comm: MPI_Comm, info: MPI_Info) -> c_int;
    real: LibReal::new("H5Pset_fapl_mpio\0");
    missing: -1;
    |real| {
        crate::wrap::record_call(
            Layer::Hdf5,
            Func::H5Pset_fapl_mpio,
            |_| (),
            || real(fapl, comm, info),
            |_, (), ret, _| ([fapl as u64, comm_id(comm)], (ret < 0) as i32),
        )
    }
}

// ---- parallel NetCDF -------------------------------------------------------------------------

type NcParFn = unsafe extern "C" fn(*const c_char, c_int, MPI_Comm, MPI_Info, *mut c_int) -> c_int;

/// nc_create_par / nc_open_par (libnetcdf built with MPI): recorded by the NetCDF layer with
/// the communicator.
unsafe fn nc_par(
    func: Func,
    real: NcParFn,
    path: *const c_char,
    mode: c_int,
    comm: MPI_Comm,
    info: MPI_Info,
    ncidp: *mut c_int,
    create: bool,
) -> c_int {
    crate::wrap::record_call(
        Layer::NetCdf,
        func,
        |ts| {
            crate::netcdf::note_library();
            crate::files::intern_path(&mut *ts, libc::AT_FDCWD, path).unwrap_or(u64::MAX)
        },
        || real(path, mode, comm, info, ncidp),
        |_, file, ret, _| {
            let amode = if create {
                crate::netcdf::create_mode(mode)
            } else {
                crate::netcdf::open_mode(mode)
            };
            let id = if ret == 0 && !ncidp.is_null() {
                *ncidp as u64
            } else {
                u64::MAX
            };
            ([file, amode, comm_id(comm), id], ret)
        },
    )
}

crate::wrap::exported! {
    fn nc_create_par(path: *const c_char, cmode: c_int, comm: MPI_Comm, info: MPI_Info, ncidp: *mut c_int) -> c_int;
    real: LibReal::new("nc_create_par\0");
    missing: -1;
    |real| { nc_par(Func::nc_create_par, real, path, cmode, comm, info, ncidp, true) }
}

crate::wrap::exported! {
    fn nc_open_par(path: *const c_char, mode: c_int, comm: MPI_Comm, info: MPI_Info, ncidp: *mut c_int) -> c_int;
    real: LibReal::new("nc_open_par\0");
    missing: -1;
    |real| { nc_par(Func::nc_open_par, real, path, mode, comm, info, ncidp, false) }
}

// After the macros it uses (textual scope).
mod adios_mpi;
pub(crate) mod filetype;
mod fortran;
mod pnetcdf;
