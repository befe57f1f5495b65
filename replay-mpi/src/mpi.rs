//! The MPI calls of the replay (src/shim.c). Built when an MPI was found at build time;
//! otherwise [`init`] says so and nothing else here is reached.

#[cfg(replay_mpi)]
use std::os::raw::{c_char, c_int, c_void};

#[cfg(replay_mpi)]
extern "C" {
    pub fn rr_init(rank: *mut c_int, size: *mut c_int) -> c_int;
    pub fn rr_finalize() -> c_int;
    pub fn rr_library(buf: *mut c_char, cap: c_int) -> c_int;
    pub fn rr_comm_world() -> u64;
    pub fn rr_comm_self() -> u64;
    pub fn rr_comm_split(member: c_int, key: c_int, out: *mut u64) -> c_int;
    pub fn rr_barrier(comm: u64) -> c_int;
    pub fn rr_gather_u64(mine: *const u64, n: c_int, all: *mut u64) -> c_int;
    pub fn rr_bcast_u64(v: *mut u64, n: c_int) -> c_int;
    pub fn rr_tell(dst: c_int) -> c_int;
    pub fn rr_wait_for(src: c_int) -> c_int;
    pub fn rr_allreduce_u64(v: *mut u64, n: c_int, op: c_int) -> c_int;
    pub fn rr_file_open(comm: u64, path: *const c_char, amode: u64, fh: *mut u64) -> c_int;
    pub fn rr_file_close(fh: *mut u64) -> c_int;
    pub fn rr_file_delete(path: *const c_char) -> c_int;
    pub fn rr_file_set_size(fh: u64, n: i64) -> c_int;
    pub fn rr_file_preallocate(fh: u64, n: i64) -> c_int;
    pub fn rr_file_sync(fh: u64) -> c_int;
    pub fn rr_file_set_atomicity(fh: u64, flag: c_int) -> c_int;
    pub fn rr_file_set_view(fh: u64, disp: i64, esize: i64, fsize: i64) -> c_int;
    pub fn rr_file_set_view_blocks(
        fh: u64,
        disp: i64,
        lb: i64,
        extent: i64,
        n: i64,
        runs: *const u64,
    ) -> c_int;
    pub fn rr_file_seek(fh: u64, off: i64, whence: c_int, shared: c_int) -> c_int;
    pub fn rr_file_query(fh: u64, what: c_int) -> c_int;
    pub fn rr_file_transfer(
        fh: u64,
        kind: c_int,
        off: i64,
        buf: *mut c_void,
        bytes: i64,
        done: *mut i64,
    ) -> c_int;
    pub fn rr_file_start(
        fh: u64,
        kind: c_int,
        off: i64,
        buf: *mut c_void,
        bytes: i64,
        req: *mut u64,
    ) -> c_int;
    pub fn rr_file_split_begin(
        fh: u64,
        kind: c_int,
        off: i64,
        buf: *mut c_void,
        bytes: i64,
    ) -> c_int;
    pub fn rr_file_split_end(fh: u64, kind: c_int, buf: *mut c_void, done: *mut i64) -> c_int;
    pub fn rr_waitall(n: c_int, reqs: *mut u64, done: *mut i64) -> c_int;
    pub fn rr_cancel(req: *mut u64) -> c_int;
    pub fn rr_request_null() -> u64;
    pub fn rr_file_null() -> u64;
}

/// MPI_COMM_WORLD: this process's rank and the number of ranks.
#[cfg_attr(not(replay_mpi), allow(dead_code))]
pub struct World {
    pub rank: u32,
    pub size: u32,
}

#[cfg(replay_mpi)]
pub fn init() -> Result<World, String> {
    let (mut rank, mut size) = (0, 0);
    // SAFETY: out-pointers to live ints.
    match unsafe { rr_init(&mut rank, &mut size) } {
        0 => {}
        c => return Err(format!("MPI_Init failed (error {c})")),
    }
    // The MPI the replay is linked with, to check it against the launcher's.
    let library = library();
    let foreign = io_events::launcher::launch()
        .and_then(|l| io_events::launcher::foreign(&l, size as u32, &library));
    if let Some(e) = foreign {
        // SAFETY: MPI initialised just above.
        unsafe { rr_finalize() };
        return Err(e);
    }
    Ok(World {
        rank: rank as u32,
        size: size as u32,
    })
}

/// The MPI library this program is linked with (MPI_Get_library_version).
#[cfg(replay_mpi)]
fn library() -> String {
    let mut buf = vec![0 as c_char; 8193];
    // SAFETY: buf holds cap bytes; the C side NUL-terminates.
    unsafe { rr_library(buf.as_mut_ptr(), buf.len() as c_int) };
    // SAFETY: NUL-terminated by snprintf.
    unsafe { std::ffi::CStr::from_ptr(buf.as_ptr()) }
        .to_string_lossy()
        .into_owned()
}

#[cfg(not(replay_mpi))]
pub fn init() -> Result<World, String> {
    Err("built without MPI (no mpicc was found when it was built): rebuild with Open MPI's or MPICH's mpicc on PATH".into())
}

#[cfg(replay_mpi)]
impl World {
    pub fn finalize(&self) {
        // SAFETY: MPI initialised by `init`.
        unsafe { rr_finalize() };
    }
    pub fn barrier(&self) {
        // SAFETY: MPI initialised; MPI_COMM_WORLD.
        unsafe { rr_barrier(rr_comm_world()) };
    }
    /// Min (`max` false) or max of `v` over the ranks, in place.
    pub fn allreduce(&self, v: &mut [u64], max: bool) {
        // SAFETY: `v` holds v.len() values.
        unsafe { rr_allreduce_u64(v.as_mut_ptr(), v.len() as c_int, max as c_int) };
    }
    /// Rank 0's `v` at every rank (any length).
    pub fn bcast(&self, v: &mut Vec<u64>) {
        let mut n = [v.len() as u64];
        // SAFETY: one value.
        unsafe { rr_bcast_u64(n.as_mut_ptr(), 1) };
        v.resize(n[0] as usize, 0);
        for chunk in v.chunks_mut(1 << 26) {
            // SAFETY: `chunk` holds chunk.len() values, the same on every rank.
            unsafe { rr_bcast_u64(chunk.as_mut_ptr(), chunk.len() as c_int) };
        }
    }
    /// Every rank's `mine` at rank 0, in rank order (empty elsewhere).
    pub fn gather(&self, mine: &[u64]) -> Vec<u64> {
        let n = if self.rank == 0 {
            self.size as usize
        } else {
            0
        };
        let mut all = vec![0u64; mine.len() * n.max(1)];
        // SAFETY: `all` holds size * mine.len() values at rank 0.
        unsafe { rr_gather_u64(mine.as_ptr(), mine.len() as c_int, all.as_mut_ptr()) };
        if self.rank != 0 {
            all.clear();
        }
        all
    }
}

/// Why a rank's replay failed: what this rank says, or nothing when another rank says it
/// (the ranks of a job failing alike say it once).
#[derive(Debug)]
pub enum Failure {
    /// The line this rank prints.
    Message(String),
    /// The lowest failing rank prints the line; this one is silent.
    #[cfg_attr(not(replay_mpi), allow(dead_code))]
    ReportedElsewhere,
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::Message(message)
    }
}

#[cfg(not(replay_mpi))]
impl World {
    pub fn finalize(&self) {}
}

#[cfg(replay_mpi)]
impl World {
    /// Every rank's `result` agreed on: Ok everywhere when Ok on all ranks; otherwise the
    /// lowest failing rank's error there, and [`Failure::ReportedElsewhere`] on the others
    /// (one line is said).
    pub fn agree<T>(&self, result: Result<T, String>) -> Result<T, Failure> {
        let mut first = [match &result {
            Ok(_) => u64::MAX,
            Err(_) => self.rank as u64,
        }];
        self.allreduce(&mut first, false);
        match result {
            Ok(v) if first[0] == u64::MAX => Ok(v),
            Err(e) if first[0] == self.rank as u64 => Err(Failure::Message(e)),
            _ => Err(Failure::ReportedElsewhere),
        }
    }
}
