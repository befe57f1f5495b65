//! What each file descriptor is to the recorder: traced, excluded by a filter, one of the
//! recorder's own files, or untracked (not seen opened). One relaxed atomic byte per fd, so
//! that the check every fd call makes is one load without a lock. The lowest module of the
//! library: `runtime` marks its own files here, `files` and the layers the program's.

use std::os::raw::c_int;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

/// Number of fds tracked; calls on higher fds are not recorded.
pub const FD_MAX: usize = 1 << 20;
/// fd not opened through a traced call: not recorded.
pub const UNTRACKED: u8 = 0;
/// fd on a traced file.
pub const TRACED: u8 = 1;
/// fd on an excluded path.
pub const EXCLUDED: u8 = 2;
/// One of the recorder's own files: the program may not close it.
pub const OWN: u8 = 3;

/// Whether `fd` is one of the recorder's own files.
#[inline(always)]
pub fn is_own(fd: c_int) -> bool {
    fd_state(fd) == OWN
}

static FD_STATE: [AtomicU8; FD_MAX] = [const { AtomicU8::new(0) }; FD_MAX];

/// The state of `fd`.
#[inline(always)]
pub fn fd_state(fd: c_int) -> u8 {
    if (fd as usize) < FD_MAX {
        FD_STATE[fd as usize].load(Relaxed)
    } else {
        UNTRACKED
    }
}

/// Set the state of `fd` (after open/dup/close).
#[inline(always)]
pub fn set_fd(fd: c_int, state: u8) {
    if (fd as usize) < FD_MAX {
        FD_STATE[fd as usize].store(state, Relaxed);
    }
}

/// The traced/excluded state a newly opened fd on `file` gets.
#[inline]
pub fn state_for(file: Option<u64>) -> u8 {
    if file.is_some() {
        TRACED
    } else {
        EXCLUDED
    }
}
