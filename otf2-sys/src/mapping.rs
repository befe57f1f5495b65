//! Local definitions: one file per location, holding the mapping tables that translate the
//! ids its events carry (local ids, chosen while the location was written, before the global
//! definitions existed) into the global definitions' ids. OTF2 readers apply them while
//! reading events (Score-P writes its traces this way).

use std::ptr::NonNull;

use crate::error::{check, check_file_failure, clear_last_error, Otf2Error, Result};
use crate::ffi;
use crate::handle::ArchiveHandle;
use crate::types::MappingType;

/// One mapping table (`OTF2_IdMap`): local id `i` -> global id `map[i]`.
pub struct IdMap {
    raw: NonNull<ffi::OTF2_IdMap>,
}

impl std::fmt::Debug for IdMap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IdMap").finish_non_exhaustive()
    }
}

impl IdMap {
    /// The table of the dense map `global_of_local` (index = local id), stored sparse when
    /// fewer than half the ids change; `None` when it is the identity (no table needed:
    /// readers take ids without a table as global).
    pub fn from_dense(global_of_local: &[u32]) -> Result<Option<IdMap>> {
        if global_of_local
            .iter()
            .enumerate()
            .all(|(i, &g)| i as u64 == g as u64)
        {
            return Ok(None);
        }
        // SAFETY: a valid slice; OTF2 copies it.
        let raw = unsafe {
            ffi::OTF2_IdMap_CreateFromUint32Array(
                global_of_local.len() as u64,
                global_of_local.as_ptr(),
                true,
            )
        };
        // Not the identity, so NULL means the allocation failed.
        match NonNull::new(raw) {
            Some(raw) => Ok(Some(IdMap { raw })),
            None => Err(Otf2Error::with_detail(
                ffi::OTF2_ERROR_MEM_ALLOC_FAILED,
                "IdMap_CreateFromUint32Array",
                "cannot allocate a mapping table",
            )),
        }
    }
}

impl Drop for IdMap {
    fn drop(&mut self) {
        // SAFETY: created by OTF2_IdMap_CreateFromUint32Array, freed once.
        unsafe { ffi::OTF2_IdMap_Free(self.raw.as_ptr()) };
    }
}

/// The local definition files being written (`OTF2_Archive_OpenDefFiles` ..
/// `CloseDefFiles`), after every event writer was closed. Obtained from
/// [`ArchiveWriter::local_defs`](crate::ArchiveWriter::local_defs);
/// [`location`](Self::location) writes one location's file, [`close`](Self::close) ends
/// them (dropping ends them too, ignoring errors).
pub struct LocalDefFiles<'a> {
    archive: &'a mut ArchiveHandle,
    closed: bool,
}

impl std::fmt::Debug for LocalDefFiles<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LocalDefFiles").finish_non_exhaustive()
    }
}

impl<'a> LocalDefFiles<'a> {
    pub(crate) fn open(archive: &'a mut ArchiveHandle) -> Result<Self> {
        // SAFETY: live archive; &mut proves no event writer is alive.
        let r = check(
            unsafe { ffi::OTF2_Archive_OpenDefFiles(archive.as_raw()) },
            "Archive_OpenDefFiles",
        );
        if r.is_err() {
            archive.mark_failed();
        }
        r?;
        Ok(LocalDefFiles {
            archive,
            closed: false,
        })
    }

    /// Writes the local definition file of `location` with these mapping tables (each type
    /// at most once; none: an empty file, which readers want all the same).
    pub fn location(&mut self, location: u64, tables: &[(MappingType, &IdMap)]) -> Result<()> {
        let r = self.location_inner(location, tables);
        if r.is_err() {
            self.archive.mark_failed();
        }
        r
    }

    fn location_inner(&mut self, location: u64, tables: &[(MappingType, &IdMap)]) -> Result<()> {
        let a = self.archive.as_raw();
        clear_last_error();
        // SAFETY: live archive with its definition files open.
        let w = unsafe { ffi::OTF2_Archive_GetDefWriter(a, location) };
        if w.is_null() {
            return Err(Otf2Error::from_null(
                "Archive_GetDefWriter",
                ffi::OTF2_ERROR_INVALID_CALL,
            ));
        }
        let mut written = Ok(());
        for (ty, map) in tables {
            // SAFETY: live writer and map; OTF2 copies the table.
            let rc =
                unsafe { ffi::OTF2_DefWriter_WriteMappingTable(w, ty.raw(), map.raw.as_ptr()) };
            written = check(rc, "DefWriter_WriteMappingTable");
            if written.is_err() {
                break;
            }
        }
        // SAFETY: the writer obtained above, closed once.
        let closed = check(
            unsafe { ffi::OTF2_Archive_CloseDefWriter(a, w) },
            "Archive_CloseDefWriter",
        );
        check_file_failure(written.and(closed), "Archive_CloseDefWriter")
    }

    /// `OTF2_Archive_CloseDefFiles`.
    pub fn close(mut self) -> Result<()> {
        self.close_inner()
    }

    fn close_inner(&mut self) -> Result<()> {
        if self.closed {
            return Ok(());
        }
        self.closed = true;
        if self.archive.failed() {
            // As after a failed event write: nothing more is handed to OTF2.
            return Err(Otf2Error::with_detail(
                ffi::OTF2_ERROR_INVALID_CALL,
                "Archive_CloseDefFiles",
                "the archive was abandoned after a write failure",
            ));
        }
        // SAFETY: live archive, definition files open.
        let r = check_file_failure(
            check(
                unsafe { ffi::OTF2_Archive_CloseDefFiles(self.archive.as_raw()) },
                "Archive_CloseDefFiles",
            ),
            "Archive_CloseDefFiles",
        );
        if r.is_err() {
            self.archive.mark_failed();
        }
        r
    }
}

impl Drop for LocalDefFiles<'_> {
    fn drop(&mut self) {
        let _ = self.close_inner();
    }
}
