//! What a replay leaves out on purpose, in one place: `replay` counts these calls as
//! skipped, and `compare` leaves them out of the comparison on both traces (and says how
//! many, per family), so that two traces compare equal on what a replay can reproduce.
//!
//! - The program's own POSIX and ISO C calls (those no MPI-IO, HDF5 or PnetCDF call made)
//!   of functions the POSIX replayer does not re-issue: file system queries (the statvfs
//!   family), renames, links, permission and time changes, memory maps, popen ... (see
//!   [`reissued`]).
//! - What MPI made beneath a failed MPI-IO call that the replay does not re-issue: a failed
//!   transfer or set_view is not repeated (on a live file it could succeed and move bytes
//!   the original did not). A failed MPI_File_open or MPI_File_delete is re-issued (same
//!   path, access mode and communicator): it fails again the same way and MPI does the same
//!   work beneath (see [`reissued_when_failed`]).

use super::{func, stdio, transfer_forms};
use io_events::functions::{Func, Layer};
use io_model::resolve::Call;
use std::sync::OnceLock;

/// The family a left-out call is counted under: the file system queries together, the
/// others by their function (large-file forms as the plain one).
pub fn family(f: Func) -> &'static str {
    match f {
        Func::statfs
        | Func::statfs64
        | Func::fstatfs
        | Func::fstatfs64
        | Func::statvfs
        | Func::statvfs64
        | Func::fstatvfs
        | Func::fstatvfs64 => "statfs/statvfs",
        _ => {
            let name = f.info().display;
            name.strip_suffix("64").unwrap_or(name)
        }
    }
}

/// The family of the calls made beneath a failed MPI-IO call that is not re-issued.
pub const BENEATH_FAILED: &str = "beneath failed MPI-IO calls";

/// Whether the POSIX replayer re-issues calls of the POSIX or ISO C function `f` (the
/// others are skipped and counted). One table, found once: the replay asks it per call.
pub fn reissued(f: Func) -> bool {
    static TABLE: OnceLock<Vec<bool>> = OnceLock::new();
    TABLE.get_or_init(|| Func::ALL.iter().map(|&f| reissued_uncached(f)).collect())[f as usize]
}

fn reissued_uncached(f: Func) -> bool {
    let posix = matches!(
        f,
        Func::open
            | Func::open64
            | Func::openat
            | Func::creat
            | Func::creat64
            | Func::close
            | Func::lseek
            | Func::lseek64
            | Func::fsync
            | Func::fdatasync
            | Func::ftruncate
            | Func::ftruncate64
            | Func::dup
            | Func::dup2
            | Func::dup3
            | Func::flock
            | Func::fstat
            | Func::fstat64
            | Func::unlink
            | Func::rmdir
            | Func::mkdir
            | Func::stat
            | Func::stat64
            | Func::lstat
            | Func::lstat64
            | Func::access
    );
    let stream = f.info().layer == Layer::Isoc
        && !matches!(
            stdio::locked(f),
            Func::popen | Func::pclose | Func::fwide | Func::ungetwc
        );
    posix || stream || transfer_forms()[f as usize].is_some()
}

/// Whether a failed call of the MPI-IO function `f` is re-issued by the replay.
pub fn reissued_when_failed(f: Func) -> bool {
    matches!(f, Func::MPI_File_open | Func::MPI_File_delete)
}

/// Whether `c` was made inside a call of a layer the replay re-issues above POSIX (its
/// POSIX calls are that call's own: re-issuing it makes them again).
pub fn within_replayed_library(c: &Call) -> bool {
    c.within(Layer::MpiIo) || c.within(Layer::Hdf5) || c.within(Layer::PnetCdf)
}

/// The family `c` is left out under, when it is a program's own POSIX or ISO C call that
/// the replay does not re-issue.
pub fn left_out(c: &Call) -> Option<&'static str> {
    let f = func(c.func);
    let own = matches!(c.layer, Layer::Posix | Layer::Isoc)
        && !c.nested_in_layer
        && !c.failed
        && !within_replayed_library(c);
    (own && !reissued(f)).then(|| family(f))
}

/// Whether `c` is a failed MPI-IO call whose children are left out (it is not re-issued).
pub fn failed_not_reissued(c: &Call) -> bool {
    c.failed && c.layer == Layer::MpiIo && !c.nested_in_layer && !reissued_when_failed(func(c.func))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_system_queries_are_one_family_and_not_reissued() {
        for f in [Func::statvfs, Func::fstatfs64, Func::statfs, Func::fstatvfs] {
            assert_eq!(family(f), "statfs/statvfs");
            assert!(!reissued(f), "{f:?}");
        }
        assert_eq!(family(Func::truncate64), "truncate");
        for f in [
            Func::pwrite64,
            Func::open,
            Func::fwrite,
            Func::stat,
            Func::fclose,
        ] {
            assert!(reissued(f), "{f:?}");
        }
        for f in [Func::rename, Func::popen, Func::mmap, Func::chmod] {
            assert!(!reissued(f), "{f:?}");
        }
        assert!(reissued_when_failed(Func::MPI_File_open));
        assert!(!reissued_when_failed(Func::MPI_File_write_at));
    }
}
