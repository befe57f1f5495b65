//! `ArchiveWriter`: owns one `OTF2_Archive*` opened for writing.

use std::ffi::{c_void, CString};
use std::path::{Path, PathBuf};
use std::ptr::{self, NonNull};

use crate::defs::GlobalDefWriter;
use crate::error::{
    check, check_file_failure, clear_file_failure, clear_last_error, install_error_callback,
    Otf2Error, Result,
};
use crate::events::EventWriter;
use crate::ffi;
use crate::handle::ArchiveHandle;
use crate::locks::LOCKING_CALLBACKS;
use crate::mapping::LocalDefFiles;
use crate::memory::{MemoryStats, Pool, MEMORY_CALLBACKS};

/// Tuning knobs of [`ArchiveWriter::create_with`]; the defaults suit a
/// converter that keeps tens of locations open at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WriterOptions {
    /// Size of OTF2's event chunks (256 KiB ..= 16 MiB). OTF2 writes event
    /// files in whole chunks, except for the last one of a location.
    pub event_chunk_size: u64,
    /// Size of definition chunks (256 KiB ..= 16 MiB); must hold the largest
    /// definition record (e.g. a Group with all locations, 8 bytes each).
    pub def_chunk_size: u64,
    /// How many chunks one writer may hold before OTF2 must flush it to disk.
    /// `Some(n)` installs the bounded pool (memory per writer <= n x chunk
    /// size, plus OTF2's 4 MiB file buffer); `None` keeps OTF2's own
    /// allocator (up to 128 MiB per writer before it flushes). One chunk is
    /// enough: OTF2 combines chunk writes into 4 MiB writes anyway, and a
    /// larger cap measured no faster.
    pub max_chunks_per_writer: Option<usize>,
    /// Written by all ranks of MPI_COMM_WORLD together (OTF2's MPI collective callbacks;
    /// rank 0 is the master that writes the anchor and global definitions): every rank
    /// creates the archive with this set, after [`crate::mpi::World::init`]. The caller
    /// checks for an existing archive first (on one rank: the others would race with the
    /// master creating it).
    pub mpi: bool,
}

impl Default for WriterOptions {
    fn default() -> Self {
        WriterOptions {
            event_chunk_size: 1024 * 1024,
            def_chunk_size: 4 * 1024 * 1024,
            max_chunks_per_writer: Some(1),
            mpi: false,
        }
    }
}

/// Pre-flush callback: always flush, for every buffer type. OTF2's default
/// for event buffers is "never flush before close", which would keep every
/// event in memory.
unsafe extern "C" fn pre_flush(
    _user_data: *mut c_void,
    _file_type: ffi::OTF2_FileType,
    _location: ffi::OTF2_LocationRef,
    _caller_data: *mut c_void,
    _final: bool,
) -> ffi::OTF2_FlushType {
    ffi::OTF2_FLUSH as ffi::OTF2_FlushType
}

/// No post-flush callback: a converter has no meaningful flush time, and
/// OTF2 then writes no BufferFlush records.
static FLUSH_CALLBACKS: ffi::OTF2_FlushCallbacks = ffi::OTF2_FlushCallbacks {
    otf2_pre_flush: Some(pre_flush),
    otf2_post_flush: None,
};

/// An OTF2 archive being written (POSIX substrate, no compression, one
/// process).
///
/// Event writers borrow the archive immutably, so any number of them can be
/// open and written in any interleaving, from any threads (the archive installs
/// OTF2's locking callbacks; each writer is used by one thread at a time, which
/// `&mut self` on its methods enforces); steps that require all of them to be
/// closed first ([`close_event_files`](Self::close_event_files),
/// [`local_defs`](Self::local_defs), [`global_defs`](Self::global_defs),
/// [`close`](Self::close)) take `&mut self`/`self`, which the borrow checker
/// then enforces.
pub struct ArchiveWriter {
    /// The archive as its writers share it (pointer, open locations, write failure).
    handle: ArchiveHandle,
    anchor: PathBuf,
    global_defs: *mut ffi::OTF2_GlobalDefWriter,
    closed: bool,
    /// Must outlive the OTF2 archive (it is the memory callbacks' userData);
    /// declared last so it is dropped after `Drop::drop` closed the archive.
    pool: Option<Box<Pool>>,
}

impl std::fmt::Debug for ArchiveWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ArchiveWriter")
            .field("anchor", &self.anchor)
            .field("closed", &self.closed)
            .finish_non_exhaustive()
    }
}

/// Splits `dir/name.otf2` into (`dir`, `name`); a name without the `.otf2`
/// extension is used whole (OTF2 then writes `dir/name.otf2`).
fn split_anchor(anchor: &Path) -> Result<(PathBuf, String)> {
    let file_name = anchor.file_name().and_then(|s| s.to_str()).ok_or_else(|| {
        Otf2Error::with_detail(
            ffi::OTF2_ERROR_INVALID_ARGUMENT,
            "Archive_Open",
            format!("anchor path {} has no UTF-8 file name", anchor.display()),
        )
    })?;
    let name = file_name.strip_suffix(".otf2").unwrap_or(file_name);
    if name.is_empty() {
        return Err(Otf2Error::with_detail(
            ffi::OTF2_ERROR_INVALID_ARGUMENT,
            "Archive_Open",
            format!("anchor path {} has an empty archive name", anchor.display()),
        ));
    }
    let dir = match anchor.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Ok((dir, name.to_string()))
}

fn cstring(s: &str, context: &'static str) -> Result<CString> {
    CString::new(s).map_err(|_| {
        Otf2Error::with_detail(
            ffi::OTF2_ERROR_INVALID_ARGUMENT,
            context,
            format!("string contains NUL: {s:?}"),
        )
    })
}

impl ArchiveWriter {
    /// Creates a new archive whose anchor file is `anchor` (`dir/name.otf2`;
    /// OTF2 also writes `dir/name.def` and `dir/name/`), with default options.
    ///
    /// Fails with `OTF2_ERROR_EEXIST` if any of the three already exists: the
    /// caller implements `--force` by removing them first.
    pub fn create(anchor: &Path, creator: &str, description: &str) -> Result<Self> {
        Self::create_with(anchor, creator, description, &WriterOptions::default())
    }

    /// [`create`](Self::create) with explicit chunk sizes and memory cap.
    pub fn create_with(
        anchor: &Path,
        creator: &str,
        description: &str,
        opts: &WriterOptions,
    ) -> Result<Self> {
        let (dir, name) = split_anchor(anchor)?;
        for chunk in [opts.event_chunk_size, opts.def_chunk_size] {
            if !(ffi::OTF2_CHUNK_SIZE_MIN..=ffi::OTF2_CHUNK_SIZE_MAX).contains(&chunk) {
                return Err(Otf2Error::with_detail(
                    ffi::OTF2_ERROR_INVALID_ARGUMENT,
                    "Archive_Open",
                    format!(
                        "chunk size {chunk} outside {}..={}",
                        ffi::OTF2_CHUNK_SIZE_MIN,
                        ffi::OTF2_CHUNK_SIZE_MAX
                    ),
                ));
            }
        }
        let anchor_file = dir.join(format!("{name}.otf2"));
        for existing in [
            anchor_file.clone(),
            dir.join(format!("{name}.def")),
            dir.join(&name),
        ] {
            if !opts.mpi && existing.symlink_metadata().is_ok() {
                return Err(Otf2Error::with_detail(
                    ffi::OTF2_ERROR_EEXIST,
                    "Archive_Open",
                    format!("{} already exists", existing.display()),
                ));
            }
        }

        install_error_callback();
        clear_file_failure();
        let dir_c = cstring(
            dir.to_str().ok_or_else(|| {
                Otf2Error::with_detail(
                    ffi::OTF2_ERROR_INVALID_ARGUMENT,
                    "Archive_Open",
                    format!("archive directory {} is not UTF-8", dir.display()),
                )
            })?,
            "Archive_Open",
        )?;
        let name_c = cstring(&name, "Archive_Open")?;
        let creator_c = cstring(creator, "Archive_SetCreator")?;
        let description_c = cstring(description, "Archive_SetDescription")?;

        clear_last_error();
        // SAFETY: valid NUL-terminated strings; OTF2 copies them.
        let raw = unsafe {
            ffi::OTF2_Archive_Open(
                dir_c.as_ptr(),
                name_c.as_ptr(),
                ffi::OTF2_FILEMODE_WRITE as ffi::OTF2_FileMode,
                opts.event_chunk_size,
                opts.def_chunk_size,
                ffi::OTF2_SUBSTRATE_POSIX as ffi::OTF2_FileSubstrate,
                ffi::OTF2_COMPRESSION_NONE as ffi::OTF2_Compression,
            )
        };
        let raw = NonNull::new(raw)
            .ok_or_else(|| Otf2Error::from_null("Archive_Open", ffi::OTF2_ERROR_INVALID))?;

        // From here on, Drop closes the archive if a later step fails.
        let mut archive = ArchiveWriter {
            handle: ArchiveHandle::new(raw),
            anchor: anchor_file,
            global_defs: ptr::null_mut(),
            closed: false,
            pool: opts.max_chunks_per_writer.map(|n| Box::new(Pool::new(n))),
        };
        let a = archive.handle.as_raw();
        // SAFETY: `a` is a live archive; the callback tables are 'static and
        // the pool box outlives the archive (see field order and Drop).
        unsafe {
            check(
                ffi::OTF2_Archive_SetFlushCallbacks(a, &FLUSH_CALLBACKS, ptr::null_mut()),
                "Archive_SetFlushCallbacks",
            )?;
            check(
                ffi::OTF2_Archive_SetLockingCallbacks(a, &LOCKING_CALLBACKS, ptr::null_mut()),
                "Archive_SetLockingCallbacks",
            )?;
            if let Some(pool) = archive.pool.as_mut() {
                let user = &mut **pool as *mut Pool as *mut c_void;
                check(
                    ffi::OTF2_Archive_SetMemoryCallbacks(a, &MEMORY_CALLBACKS, user),
                    "Archive_SetMemoryCallbacks",
                )?;
            }
            if opts.mpi {
                let world = crate::mpi::World::init().map_err(|e| {
                    Otf2Error::with_detail(ffi::OTF2_ERROR_INVALID_CALL, "Archive_Open", e)
                })?;
                check(
                    world.set_collectives(a) as _,
                    "OTF2_MPI_Archive_SetCollectiveCallbacks",
                )?;
            } else {
                check(
                    ffi::OTF2_Archive_SetSerialCollectiveCallbacks(a),
                    "Archive_SetSerialCollectiveCallbacks",
                )?;
            }
            check(
                ffi::OTF2_Archive_SetCreator(a, creator_c.as_ptr()),
                "Archive_SetCreator",
            )?;
            check(
                ffi::OTF2_Archive_SetDescription(a, description_c.as_ptr()),
                "Archive_SetDescription",
            )?;
        }
        Ok(archive)
    }

    /// Path of the anchor file (`dir/name.otf2`) that readers open.
    pub fn anchor(&self) -> &Path {
        &self.anchor
    }

    /// Whether a write failed (disk full, file too large): the archive is abandoned,
    /// closing it does nothing, and the caller removes its files.
    pub fn failed(&self) -> bool {
        self.handle.failed()
    }

    /// The raw archive pointer, for OTF2 calls this wrapper does not cover.
    /// Do not close it.
    pub fn as_raw(&self) -> *mut ffi::OTF2_Archive {
        self.handle.as_raw()
    }

    /// Chunk memory currently held and peak so far (all zero when the
    /// bounded pool is disabled, see [`WriterOptions::max_chunks_per_writer`]).
    pub fn memory_stats(&self) -> MemoryStats {
        self.pool.as_ref().map(|p| p.stats()).unwrap_or_default()
    }

    /// `OTF2_Archive_OpenEvtFiles`: required before the first
    /// [`event_writer`](Self::event_writer).
    pub fn open_event_files(&mut self) -> Result<()> {
        // SAFETY: live archive.
        check(
            unsafe { ffi::OTF2_Archive_OpenEvtFiles(self.handle.as_raw()) },
            "Archive_OpenEvtFiles",
        )
    }

    /// Opens the event writer of `location`. Any number may be open at once;
    /// each keeps at most `max_chunks_per_writer` chunks in memory.
    ///
    /// A location gets exactly one writer per archive: fails with
    /// `OTF2_ERROR_INVALID_CALL` if its writer is open, or was closed (OTF2
    /// would reopen its event file for writing and silently drop the events
    /// written before).
    pub fn event_writer(&self, location: u64) -> Result<EventWriter<'_>> {
        let mut locations = self.handle.locations();
        if let Some(&open) = locations.get(&location) {
            let why = if open {
                "is already open"
            } else {
                "was already closed (reopening would truncate it)"
            };
            return Err(Otf2Error::with_detail(
                ffi::OTF2_ERROR_INVALID_CALL,
                "Archive_GetEvtWriter",
                format!("event writer of location {location} {why}"),
            ));
        }
        clear_last_error();
        // SAFETY: live archive.
        let raw = unsafe { ffi::OTF2_Archive_GetEvtWriter(self.handle.as_raw(), location) };
        let Some(raw) = NonNull::new(raw) else {
            return Err(Otf2Error::from_null(
                "Archive_GetEvtWriter",
                ffi::OTF2_ERROR_INVALID_CALL,
            ));
        };
        // SAFETY: plain allocation, no preconditions.
        let attrs = unsafe { ffi::OTF2_AttributeList_New() };
        let Some(attrs) = NonNull::new(attrs) else {
            // SAFETY: writer obtained above from this archive.
            unsafe { ffi::OTF2_Archive_CloseEvtWriter(self.handle.as_raw(), raw.as_ptr()) };
            locations.insert(location, false);
            return Err(Otf2Error::with_detail(
                ffi::OTF2_ERROR_MEM_FAULT,
                "AttributeList_New",
                "cannot allocate attribute list",
            ));
        };
        locations.insert(location, true);
        Ok(EventWriter::new(&self.handle, raw, attrs, location))
    }

    /// Same as [`EventWriter::close`]: flushes and closes the writer and
    /// returns its number of events (for the Location definition).
    pub fn close_event_writer(&self, writer: EventWriter<'_>) -> Result<u64> {
        writer.close()
    }

    /// `OTF2_Archive_CloseEvtFiles`: after every event writer was closed.
    pub fn close_event_files(&mut self) -> Result<()> {
        // SAFETY: live archive; &mut self proves no EventWriter is alive.
        let r = check(
            unsafe { ffi::OTF2_Archive_CloseEvtFiles(self.handle.as_raw()) },
            "Archive_CloseEvtFiles",
        );
        let r = check_file_failure(r, "Archive_CloseEvtFiles");
        if r.is_err() {
            self.handle.mark_failed();
        }
        r
    }

    /// Writes an empty local definition file for each location (readers
    /// complain when they are missing): see [`local_defs`](Self::local_defs).
    pub fn write_local_defs(&mut self, locations: &[u64]) -> Result<()> {
        let mut files = self.local_defs()?;
        for &location in locations {
            files.location(location, &[])?;
        }
        files.close()
    }

    /// Opens the local definition files (`OTF2_Archive_OpenDefFiles`), after
    /// [`close_event_files`](Self::close_event_files): write each location's
    /// file (its mapping tables) with [`LocalDefFiles::location`], then
    /// [`LocalDefFiles::close`].
    pub fn local_defs(&mut self) -> Result<LocalDefFiles<'_>> {
        LocalDefFiles::open(&mut self.handle)
    }

    /// The global definition writer (created on first use, closed by
    /// [`close`](Self::close)). Can be called again; it is the same writer.
    pub fn global_defs(&mut self) -> Result<GlobalDefWriter<'_>> {
        if self.global_defs.is_null() {
            clear_last_error();
            // SAFETY: live archive.
            let w = unsafe { ffi::OTF2_Archive_GetGlobalDefWriter(self.handle.as_raw()) };
            if w.is_null() {
                return Err(Otf2Error::from_null(
                    "Archive_GetGlobalDefWriter",
                    ffi::OTF2_ERROR_INVALID_CALL,
                ));
            }
            self.global_defs = w;
        }
        // SAFETY: non-null checked above.
        let w = unsafe { NonNull::new_unchecked(self.global_defs) };
        Ok(GlobalDefWriter::new(&mut self.handle, w))
    }

    /// Give the archive up without closing it through OTF2: when the ranks of an MPI
    /// conversion failed, closing would wait in a collective call for ranks that no longer
    /// come. Its files stay as they are (the caller removes them).
    pub fn abandon(self) {
        self.handle.mark_failed();
    }

    /// `OTF2_Archive_Close`: flushes and closes every remaining writer, writes
    /// the anchor file. The archive is unusable afterwards even on error.
    pub fn close(mut self) -> Result<()> {
        self.close_inner()
    }

    fn close_inner(&mut self) -> Result<()> {
        if self.closed {
            return Ok(());
        }
        self.closed = true;
        if self.failed() {
            return Err(Otf2Error::with_detail(
                ffi::OTF2_ERROR_INVALID_CALL,
                "Archive_Close",
                "the archive was abandoned after a write failure",
            ));
        }
        // SAFETY: live archive, closed exactly once.
        let r = check(
            unsafe { ffi::OTF2_Archive_Close(self.handle.as_raw()) },
            "Archive_Close",
        );
        check_file_failure(r, "Archive_Close")
    }
}

// SAFETY: every `&self` method is safe from several threads at once: OTF2 guards its
// archive-wide state with the locking callbacks installed in `create_with`, the handle is
// `Sync` (see handle.rs) and the pool counts with atomics (its per-buffer state belongs to
// one writer). What is not thread-safe takes `&mut self`.
unsafe impl Sync for ArchiveWriter {}
// SAFETY: the archive is not tied to the thread that opened it.
unsafe impl Send for ArchiveWriter {}

impl Drop for ArchiveWriter {
    /// Closes the archive if [`close`](ArchiveWriter::close) was not called;
    /// errors cannot be reported here and are ignored.
    fn drop(&mut self) {
        let _ = self.close_inner();
        // `pool` is dropped after this, once OTF2 no longer uses it.
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchor_is_split_into_dir_and_stem() {
        assert_eq!(
            split_anchor(Path::new("/a/b/out.otf2")).unwrap(),
            (PathBuf::from("/a/b"), "out".to_string())
        );
        assert_eq!(
            split_anchor(Path::new("out.otf2")).unwrap(),
            (PathBuf::from("."), "out".to_string())
        );
        assert_eq!(
            split_anchor(Path::new("dir/trace")).unwrap(),
            (PathBuf::from("dir"), "trace".to_string())
        );
        assert_eq!(
            split_anchor(Path::new("x.y.otf2")).unwrap(),
            (PathBuf::from("."), "x.y".to_string())
        );
        let err = split_anchor(Path::new("/a/.otf2")).unwrap_err();
        assert_eq!(err.code, ffi::OTF2_ERROR_INVALID_ARGUMENT);
        assert!(split_anchor(Path::new("/")).is_err());
    }

    #[test]
    fn bad_chunk_size_is_an_error() {
        let opts = WriterOptions {
            event_chunk_size: 1024,
            ..WriterOptions::default()
        };
        let err = ArchiveWriter::create_with(
            Path::new("/nonexistent-dir-otf2-sys/x.otf2"),
            "t",
            "t",
            &opts,
        )
        .unwrap_err();
        assert_eq!(err.code, ffi::OTF2_ERROR_INVALID_ARGUMENT);
        assert!(err.to_string().starts_with("OTF2 Archive_Open: "), "{err}");
    }
}
