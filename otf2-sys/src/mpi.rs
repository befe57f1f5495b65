//! MPI for a writer run by `mpirun`: OTF2's MPI collective callbacks (the archive is written
//! by all ranks, rank 0 its master) and the few MPI calls a converter needs around them:
//! agreeing on errors and moving bytes to rank 0.
//!
//! Built when an MPI was found at build time (see build.rs); otherwise [`World::init`]
//! says so, and nothing else here can be reached.

use std::fmt::Display;
use std::sync::OnceLock;

/// Result alias of this module's fallible calls.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Why an MPI step of the conversion failed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// An MPI call returned an error code.
    #[error("MPI: {call} failed (error {code})")]
    Call {
        /// The MPI function, e.g. `"MPI_Allreduce"`.
        call: &'static str,
        /// The code it returned.
        code: i32,
    },
    /// This build has no MPI, but runs under an MPI launcher.
    #[error("this build has no MPI support (no mpicc was found when it was built); run it without mpirun")]
    NotBuilt,
    /// The error of the lowest rank that failed a step, on every rank (see [`World::agree`]).
    #[error("{message}")]
    Agreed {
        /// The lowest rank that failed.
        rank: i32,
        /// Its error, as it displayed it.
        message: String,
    },
    /// What rank 0's consumer said of the bytes `rank` sent (see [`World::gather_each`]).
    #[error("{source}")]
    Gathered {
        /// The rank whose bytes were refused.
        rank: i32,
        /// The consumer's error.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
}

/// MPI_COMM_WORLD of an initialised MPI (once per process; finalised by [`World::finalize`]).
#[derive(Debug)]
pub struct World {
    /// This process's rank.
    pub rank: i32,
    /// The number of ranks.
    pub size: i32,
}

static WORLD: OnceLock<World> = OnceLock::new();

#[cfg(otf2_mpi)]
mod c {
    use crate::ffi::OTF2_Archive;
    use std::os::raw::{c_int, c_void};
    extern "C" {
        pub fn rotf2_conv_mpi_init(rank: *mut c_int, size: *mut c_int) -> c_int;
        pub fn rotf2_conv_mpi_finalize() -> c_int;
        pub fn rotf2_conv_mpi_library(buf: *mut std::os::raw::c_char, cap: c_int) -> c_int;
        pub fn rotf2_conv_mpi_set_collectives(archive: *mut OTF2_Archive) -> c_int;
        pub fn rotf2_conv_mpi_barrier() -> c_int;
        pub fn rotf2_conv_mpi_allreduce_u64(v: *mut u64, n: c_int, op: c_int) -> c_int;
        pub fn rotf2_conv_mpi_bcast(buf: *mut c_void, len: u64, root: c_int) -> c_int;
        pub fn rotf2_conv_mpi_send(buf: *const c_void, len: u64, dest: c_int, tag: c_int) -> c_int;
        pub fn rotf2_conv_mpi_recv(buf: *mut c_void, len: u64, src: c_int, tag: c_int) -> c_int;
    }
}

/// An MPI call's return code as a result.
fn failed(call: &'static str, code: i32) -> Result<()> {
    match code {
        0 => Ok(()),
        code => Err(Error::Call { call, code }),
    }
}

/// What rank 0 does with the bytes of each rank in [`World::gather_each`].
pub type Consumer<'a, E> = dyn FnMut(i32, &[u8]) -> Result<(), E> + 'a;

/// A reduction over the ranks.
#[derive(Clone, Copy)]
pub enum Reduce {
    /// The sum.
    Sum = 0,
    /// The smallest value.
    Min = 1,
    /// The largest value.
    Max = 2,
}

/// The MPI library this program is linked with (MPI_Get_library_version; empty without one).
#[cfg(not(otf2_mpi))]
pub fn library() -> String {
    String::new()
}

/// The MPI library this program is linked with (MPI_Get_library_version).
#[cfg(otf2_mpi)]
pub fn library() -> String {
    let mut buf = vec![0 as std::os::raw::c_char; 8193];
    // SAFETY: buf holds cap bytes; the C side NUL-terminates.
    unsafe { c::rotf2_conv_mpi_library(buf.as_mut_ptr(), buf.len() as i32) };
    // SAFETY: NUL-terminated by snprintf.
    unsafe { std::ffi::CStr::from_ptr(buf.as_ptr()) }
        .to_string_lossy()
        .into_owned()
}

#[cfg(otf2_mpi)]
impl World {
    /// Initialise MPI (MPI_THREAD_FUNNELED: only the thread that initialised it calls MPI).
    pub fn init() -> Result<&'static World> {
        if let Some(w) = WORLD.get() {
            return Ok(w);
        }
        let (mut rank, mut size) = (0, 0);
        // SAFETY: out-pointers to live ints.
        let r = unsafe { c::rotf2_conv_mpi_init(&mut rank, &mut size) };
        failed("MPI_Init_thread", r)?;
        Ok(WORLD.get_or_init(|| World { rank, size }))
    }

    /// MPI_Finalize (after the last call; the process then exits).
    pub fn finalize(&self) {
        // SAFETY: MPI was initialised by `init`.
        unsafe { c::rotf2_conv_mpi_finalize() };
    }

    /// MPI_Barrier over the world.
    pub fn barrier(&self) -> Result<()> {
        // SAFETY: MPI initialised.
        failed("MPI_Barrier", unsafe { c::rotf2_conv_mpi_barrier() })
    }

    /// MPI_Allreduce of `values` in place.
    pub fn allreduce(&self, values: &mut [u64], op: Reduce) -> Result<()> {
        let n = values.len() as i32;
        // SAFETY: `values` holds n u64s.
        let r = unsafe { c::rotf2_conv_mpi_allreduce_u64(values.as_mut_ptr(), n, op as i32) };
        failed("MPI_Allreduce", r)
    }

    /// Broadcast `bytes` from `root` (whose length every rank is told first).
    pub fn bcast(&self, bytes: &mut Vec<u8>, root: i32) -> Result<()> {
        let mut len = [if self.rank == root {
            bytes.len() as u64
        } else {
            0
        }];
        self.allreduce(&mut len, Reduce::Max)?;
        bytes.resize(len[0] as usize, 0);
        // SAFETY: `bytes` holds len bytes.
        let r = unsafe { c::rotf2_conv_mpi_bcast(bytes.as_mut_ptr().cast(), len[0], root) };
        failed("MPI_Bcast", r)
    }

    /// Every rank's `bytes` at rank 0, in rank order (None on the other ranks). The ranks
    /// send one after another as rank 0 asks for them, so rank 0 can consume each before
    /// the next arrives (`each`; its error ends the gathering, as [`Error::Gathered`]).
    pub fn gather_each<E: Into<Box<dyn std::error::Error + Send + Sync>>>(
        &self,
        bytes: &[u8],
        each: &mut Consumer<E>,
    ) -> Result<()> {
        let mut each = |rank, bytes: &[u8]| {
            each(rank, bytes).map_err(|e| Error::Gathered {
                rank,
                source: e.into(),
            })
        };
        const LEN: i32 = 7701;
        const DATA: i32 = 7702;
        if self.rank != 0 {
            let len = (bytes.len() as u64).to_le_bytes();
            // SAFETY: valid buffers of the lengths given.
            unsafe {
                failed(
                    "MPI_Send",
                    c::rotf2_conv_mpi_send(len.as_ptr().cast(), 8, 0, LEN),
                )?;
                let r = c::rotf2_conv_mpi_send(bytes.as_ptr().cast(), bytes.len() as u64, 0, DATA);
                return failed("MPI_Send", r);
            }
        }
        each(0, bytes)?;
        let mut buf = Vec::new();
        for src in 1..self.size {
            let mut len = [0u8; 8];
            // SAFETY: valid buffers of the lengths given.
            unsafe {
                failed(
                    "MPI_Recv",
                    c::rotf2_conv_mpi_recv(len.as_mut_ptr().cast(), 8, src, LEN),
                )?;
                buf.resize(u64::from_le_bytes(len) as usize, 0);
                let r =
                    c::rotf2_conv_mpi_recv(buf.as_mut_ptr().cast(), buf.len() as u64, src, DATA);
                failed("MPI_Recv", r)?;
            }
            each(src, &buf)?;
        }
        Ok(())
    }

    /// Install OTF2's MPI collective callbacks on `archive` (right after it is opened).
    pub(crate) fn set_collectives(&self, archive: *mut crate::ffi::OTF2_Archive) -> i32 {
        // SAFETY: a live archive, just opened.
        unsafe { c::rotf2_conv_mpi_set_collectives(archive) }
    }
}

#[cfg(not(otf2_mpi))]
impl World {
    /// This build has no MPI.
    pub fn init() -> Result<&'static World> {
        Err(Error::NotBuilt)
    }
    /// Unreachable without MPI.
    pub fn finalize(&self) {}
    /// Unreachable without MPI.
    pub fn barrier(&self) -> Result<()> {
        Ok(())
    }
    /// Unreachable without MPI.
    pub fn allreduce(&self, _: &mut [u64], _: Reduce) -> Result<()> {
        Ok(())
    }
    /// Unreachable without MPI.
    pub fn bcast(&self, _: &mut Vec<u8>, _: i32) -> Result<()> {
        Ok(())
    }
    /// Unreachable without MPI.
    pub fn gather_each<E: Into<Box<dyn std::error::Error + Send + Sync>>>(
        &self,
        bytes: &[u8],
        each: &mut Consumer<E>,
    ) -> Result<()> {
        each(0, bytes).map_err(|e| Error::Gathered {
            rank: 0,
            source: e.into(),
        })
    }
    pub(crate) fn set_collectives(&self, _: *mut crate::ffi::OTF2_Archive) -> i32 {
        crate::ffi::OTF2_ERROR_INVALID_CALL as i32
    }
}

impl World {
    /// Every rank's `result` agreed on: Ok on all ranks when it is Ok on all, otherwise the
    /// error of the lowest rank that failed, on every rank ([`Error::Agreed`], its message).
    pub fn agree<T, E: Display>(&self, result: Result<T, E>) -> Result<T> {
        let mut first = [match &result {
            Ok(_) => u64::MAX,
            Err(_) => self.rank as u64,
        }];
        self.allreduce(&mut first, Reduce::Min)?;
        let rank = first[0] as i32;
        let mut msg = match result {
            Ok(v) if first[0] == u64::MAX => return Ok(v),
            Err(e) if rank == self.rank => e.to_string().into_bytes(),
            _ => Vec::new(),
        };
        self.bcast(&mut msg, rank)?;
        Err(Error::Agreed {
            rank,
            message: String::from_utf8_lossy(&msg).into_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error as _;

    #[test]
    fn a_failed_call_names_the_call_and_its_code() {
        assert!(failed("MPI_Barrier", 0).is_ok());
        let e = failed("MPI_Barrier", 15).unwrap_err();
        assert!(matches!(
            e,
            Error::Call {
                call: "MPI_Barrier",
                code: 15
            }
        ));
        assert_eq!(e.to_string(), "MPI: MPI_Barrier failed (error 15)");
        assert!(e.source().is_none());
    }

    #[test]
    fn a_refused_message_keeps_the_consumers_error_as_source() {
        let why = "MPI rank 3 sent a damaged message: definitions cut short";
        let e = Error::Gathered {
            rank: 3,
            source: why.into(),
        };
        assert_eq!(e.to_string(), why);
        assert_eq!(e.source().unwrap().to_string(), why);
    }
}
