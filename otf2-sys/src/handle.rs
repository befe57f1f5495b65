//! `ArchiveHandle`: what an archive's writers share with it. The event writers, the global
//! definition writer and the local definition files hold this handle, not the
//! [`ArchiveWriter`](crate::ArchiveWriter) that hands them out, so that the writers sit
//! beneath the archive: the raw pointer, whether a write failed, and which locations'
//! event writers were opened.

use std::collections::HashMap;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};

use crate::ffi;

/// An open `OTF2_Archive*` as its writers use it (opening and closing the archive are
/// `ArchiveWriter`'s).
pub(crate) struct ArchiveHandle {
    raw: NonNull<ffi::OTF2_Archive>,
    /// Locations whose event writer was opened: `true` while open, `false`
    /// once closed. OTF2 hands out one shared writer per open location (two
    /// Rust owners would double-close it), and reopening a closed location
    /// silently truncates its event file, so both are refused.
    locations: Mutex<HashMap<u64, bool>>,
    /// An event writer failed (a write error: disk full, file too large): OTF2's buffers
    /// are then inconsistent, and flushing them again (closing a writer or the archive)
    /// crashes inside OTF2, so nothing more is handed to OTF2; the caller removes the
    /// files.
    failed: AtomicBool,
}

impl ArchiveHandle {
    pub(crate) fn new(raw: NonNull<ffi::OTF2_Archive>) -> Self {
        ArchiveHandle {
            raw,
            locations: Mutex::new(HashMap::new()),
            failed: AtomicBool::new(false),
        }
    }

    /// The raw archive pointer.
    pub(crate) fn as_raw(&self) -> *mut ffi::OTF2_Archive {
        self.raw.as_ptr()
    }

    /// Abandon the archive after a write failure (see `failed`).
    pub(crate) fn mark_failed(&self) {
        self.failed.store(true, Ordering::Relaxed);
    }

    /// Whether a write failed: the archive is abandoned, closing it does nothing.
    pub(crate) fn failed(&self) -> bool {
        self.failed.load(Ordering::Relaxed)
    }

    /// The open/closed state of the locations' event writers (valid after a panic
    /// elsewhere: it is updated in single steps).
    pub(crate) fn locations(&self) -> MutexGuard<'_, HashMap<u64, bool>> {
        self.locations.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Called by `EventWriter` when it closes.
    pub(crate) fn release_location(&self, location: u64) {
        self.locations().insert(location, false);
    }
}

// SAFETY: every method is safe from several threads at once: OTF2 guards its archive-wide
// state with the locking callbacks `ArchiveWriter` installs, the locations table is behind
// a mutex and `failed` is atomic.
unsafe impl Sync for ArchiveHandle {}
// SAFETY: the archive is not tied to the thread that opened it.
unsafe impl Send for ArchiveHandle {}
