//! `EventWriter`: the event stream of one location.

use std::ptr::{self, NonNull};

use crate::error::{check, check_file_failure, Otf2Error, Result};
use crate::ffi;
use crate::handle::ArchiveHandle;
use crate::types::{
    AttributeValue, CollectiveOp, IoAccessMode, IoCreationFlags, IoOperationFlags, IoOperationMode,
    IoSeekOption, IoStatusFlags, LockType,
};

/// Writes the events of one location. Obtained from
/// [`ArchiveWriter::event_writer`](crate::ArchiveWriter::event_writer); many can be open at
/// once and written in any order. Close it with [`close`](Self::close) to learn its number
/// of events; dropping it closes it too, ignoring errors.
///
/// Timestamps must not decrease within one location (OTF2 rejects such an
/// event with `OTF2_ERROR_INVALID_ARGUMENT`); equal timestamps are fine.
///
/// Attributes: `add_attr_*` put values into this writer's attribute list; the
/// next event written carries them and OTF2 empties the list afterwards. Each
/// attribute id may appear at most once per event.
pub struct EventWriter<'a> {
    archive: &'a ArchiveHandle,
    raw: NonNull<ffi::OTF2_EvtWriter>,
    attrs: NonNull<ffi::OTF2_AttributeList>,
    /// Attributes added since the last event (0: pass NULL, the fast path).
    pending_attrs: u32,
    location: u64,
    closed: bool,
}

// SAFETY: the writer and its attribute list belong to this value alone and are used through
// `&mut self`; the archive handle is `Sync` (OTF2's locking callbacks guard what writers share).
unsafe impl Send for EventWriter<'_> {}

impl std::fmt::Debug for EventWriter<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EventWriter")
            .field("location", &self.location)
            .field("pending_attrs", &self.pending_attrs)
            .finish_non_exhaustive()
    }
}

impl<'a> EventWriter<'a> {
    pub(crate) fn new(
        archive: &'a ArchiveHandle,
        raw: NonNull<ffi::OTF2_EvtWriter>,
        attrs: NonNull<ffi::OTF2_AttributeList>,
        location: u64,
    ) -> Self {
        EventWriter {
            archive,
            raw,
            attrs,
            pending_attrs: 0,
            location,
            closed: false,
        }
    }

    /// The location this writer belongs to.
    pub fn location(&self) -> u64 {
        self.location
    }

    /// The raw writer, for event types this wrapper does not cover. Do not
    /// close it.
    pub fn as_raw(&self) -> *mut ffi::OTF2_EvtWriter {
        self.raw.as_ptr()
    }

    /// Number of events written so far (`OTF2_EvtWriter_GetNumberOfEvents`).
    pub fn number_of_events(&self) -> Result<u64> {
        let mut n = 0u64;
        // SAFETY: live writer, valid out pointer.
        check(
            unsafe { ffi::OTF2_EvtWriter_GetNumberOfEvents(self.raw.as_ptr(), &mut n) },
            "EvtWriter_GetNumberOfEvents",
        )?;
        Ok(n)
    }

    /// Flushes and closes the writer; returns its number of events, which the
    /// Location definition must carry.
    pub fn close(mut self) -> Result<u64> {
        let n = self.number_of_events();
        let closed = self.close_inner();
        let n = n?;
        closed?;
        Ok(n)
    }

    fn close_inner(&mut self) -> Result<()> {
        if self.closed {
            return Ok(());
        }
        self.closed = true;
        if self.archive.failed() {
            // Flushing a buffer after a write failure crashes in OTF2: abandon it (leaked).
            self.archive.release_location(self.location);
            return Err(Otf2Error::with_detail(
                ffi::OTF2_ERROR_INVALID_CALL,
                "Archive_CloseEvtWriter",
                "the archive was abandoned after a write failure",
            ));
        }
        // SAFETY: the list was created by OTF2_AttributeList_New and is only
        // used by this writer; the writer belongs to this archive and is
        // closed exactly once.
        let rc = unsafe {
            ffi::OTF2_AttributeList_Delete(self.attrs.as_ptr());
            ffi::OTF2_Archive_CloseEvtWriter(self.archive.as_raw(), self.raw.as_ptr())
        };
        self.archive.release_location(self.location);
        let r = check_file_failure(
            check(rc, "Archive_CloseEvtWriter"),
            "Archive_CloseEvtWriter",
        );
        if r.is_err() {
            self.archive.mark_failed();
        }
        r
    }

    // ---- attributes for the next event ------------------------------------

    /// Hands the attribute list to the next event if something was added.
    #[inline(always)]
    fn take_attrs(&mut self) -> *mut ffi::OTF2_AttributeList {
        if self.pending_attrs == 0 {
            ptr::null_mut()
        } else {
            self.pending_attrs = 0;
            self.attrs.as_ptr()
        }
    }

    /// Result of an event call; on failure the list is emptied so the
    /// attributes do not leak into the next event.
    #[inline(always)]
    fn done(&mut self, rc: ffi::OTF2_ErrorCode, context: &'static str) -> Result<()> {
        if rc == ffi::OTF2_SUCCESS {
            Ok(())
        } else {
            Err(self.fail(rc, context))
        }
    }

    #[cold]
    #[inline(never)]
    fn fail(&mut self, rc: ffi::OTF2_ErrorCode, context: &'static str) -> Otf2Error {
        self.pending_attrs = 0;
        let err = Otf2Error::from_code(rc, context);
        if err.file_failure().is_some() {
            // A write failed (disk full): OTF2's buffer is broken, see `ArchiveHandle`.
            self.archive.mark_failed();
        }
        // SAFETY: live list.
        unsafe { ffi::OTF2_AttributeList_RemoveAllAttributes(self.attrs.as_ptr()) };
        err
    }

    #[inline(always)]
    fn added(&mut self, rc: ffi::OTF2_ErrorCode, context: &'static str) -> Result<()> {
        check(rc, context)?;
        self.pending_attrs += 1;
        Ok(())
    }

    /// Attaches a UINT64 attribute (e.g. `Offset`) to the next event.
    #[inline]
    pub fn add_attr_u64(&mut self, attribute: u32, value: u64) -> Result<()> {
        // SAFETY: live list.
        let rc =
            unsafe { ffi::OTF2_AttributeList_AddUint64(self.attrs.as_ptr(), attribute, value) };
        self.added(rc, "AttributeList_AddUint64")
    }

    /// Attaches a UINT32 attribute (e.g. `errno`) to the next event.
    #[inline]
    pub fn add_attr_u32(&mut self, attribute: u32, value: u32) -> Result<()> {
        // SAFETY: live list.
        let rc =
            unsafe { ffi::OTF2_AttributeList_AddUint32(self.attrs.as_ptr(), attribute, value) };
        self.added(rc, "AttributeList_AddUint32")
    }

    /// Attaches an INT64 attribute to the next event.
    #[inline]
    pub fn add_attr_i64(&mut self, attribute: u32, value: i64) -> Result<()> {
        // SAFETY: live list.
        let rc = unsafe { ffi::OTF2_AttributeList_AddInt64(self.attrs.as_ptr(), attribute, value) };
        self.added(rc, "AttributeList_AddInt64")
    }

    /// Attaches a STRING attribute (a String definition id) to the next event.
    #[inline]
    pub fn add_attr_string(&mut self, attribute: u32, string: u32) -> Result<()> {
        // SAFETY: live list.
        let rc =
            unsafe { ffi::OTF2_AttributeList_AddStringRef(self.attrs.as_ptr(), attribute, string) };
        self.added(rc, "AttributeList_AddStringRef")
    }

    /// Attaches an attribute of any type to the next event; its type must
    /// match the Attribute definition.
    pub fn add_attr(&mut self, attribute: u32, value: AttributeValue) -> Result<()> {
        let (ty, v) = value.to_raw();
        // SAFETY: live list; the union is passed by value.
        let rc =
            unsafe { ffi::OTF2_AttributeList_AddAttribute(self.attrs.as_ptr(), attribute, ty, v) };
        self.added(rc, "AttributeList_AddAttribute")
    }

    // ---- regions -----------------------------------------------------------

    /// Enter of `region` (a call begins).
    #[inline]
    pub fn enter(&mut self, time: u64, region: u32) -> Result<()> {
        let a = self.take_attrs();
        // SAFETY: live writer; `a` is NULL or this writer's list.
        let rc = unsafe { ffi::OTF2_EvtWriter_Enter(self.raw.as_ptr(), a, time, region) };
        self.done(rc, "EvtWriter_Enter")
    }

    /// Leave of `region` (the call returns); must match the innermost Enter.
    #[inline]
    pub fn leave(&mut self, time: u64, region: u32) -> Result<()> {
        let a = self.take_attrs();
        // SAFETY: as in `enter`.
        let rc = unsafe { ffi::OTF2_EvtWriter_Leave(self.raw.as_ptr(), a, time, region) };
        self.done(rc, "EvtWriter_Leave")
    }

    /// ProgramBegin: the program `name` (a string id) started with `args`
    /// (string ids).
    pub fn program_begin(&mut self, time: u64, name: u32, args: &[u32]) -> Result<()> {
        let n = u32::try_from(args.len()).map_err(|_| {
            Otf2Error::with_detail(
                ffi::OTF2_ERROR_INVALID_ARGUMENT,
                "EvtWriter_ProgramBegin",
                "too many arguments",
            )
        })?;
        let a = self.take_attrs();
        // SAFETY: `args` is valid for `n` elements.
        let rc = unsafe {
            ffi::OTF2_EvtWriter_ProgramBegin(self.raw.as_ptr(), a, time, name, n, args.as_ptr())
        };
        self.done(rc, "EvtWriter_ProgramBegin")
    }

    /// ProgramEnd with the process exit status.
    pub fn program_end(&mut self, time: u64, exit_status: i64) -> Result<()> {
        let a = self.take_attrs();
        // SAFETY: as in `enter`.
        let rc = unsafe { ffi::OTF2_EvtWriter_ProgramEnd(self.raw.as_ptr(), a, time, exit_status) };
        self.done(rc, "EvtWriter_ProgramEnd")
    }

    // ---- MPI collectives ---------------------------------------------------

    /// MpiCollectiveBegin: this location enters a collective operation.
    pub fn mpi_collective_begin(&mut self, time: u64) -> Result<()> {
        let a = self.take_attrs();
        // SAFETY: as in `enter`.
        let rc = unsafe { ffi::OTF2_EvtWriter_MpiCollectiveBegin(self.raw.as_ptr(), a, time) };
        self.done(rc, "EvtWriter_MpiCollectiveBegin")
    }

    /// MpiCollectiveEnd: the collective `op` on communicator `comm` ends, without a root
    /// (OTF2_COLLECTIVE_ROOT_NONE), with the bytes this location sent and received.
    pub fn mpi_collective_end(
        &mut self,
        time: u64,
        op: CollectiveOp,
        comm: u32,
        sent: u64,
        received: u64,
    ) -> Result<()> {
        let a = self.take_attrs();
        let root = ffi::OTF2_COLLECTIVE_ROOT_NONE;
        // SAFETY: as in `enter`.
        let rc = unsafe {
            ffi::OTF2_EvtWriter_MpiCollectiveEnd(
                self.raw.as_ptr(),
                a,
                time,
                op.raw(),
                comm,
                root,
                sent,
                received,
            )
        };
        self.done(rc, "EvtWriter_MpiCollectiveEnd")
    }

    // ---- I/O handles -------------------------------------------------------

    /// IoCreateHandle: `handle` becomes active (open/fopen/MPI_File_open...).
    #[inline]
    pub fn io_create_handle(
        &mut self,
        time: u64,
        handle: u32,
        mode: IoAccessMode,
        creation_flags: IoCreationFlags,
        status_flags: IoStatusFlags,
    ) -> Result<()> {
        let a = self.take_attrs();
        // SAFETY: as in `enter`.
        let rc = unsafe {
            ffi::OTF2_EvtWriter_IoCreateHandle(
                self.raw.as_ptr(),
                a,
                time,
                handle,
                mode.raw(),
                creation_flags.bits(),
                status_flags.bits(),
            )
        };
        self.done(rc, "EvtWriter_IoCreateHandle")
    }

    /// IoDestroyHandle: `handle` becomes inactive (close/fclose...).
    #[inline]
    pub fn io_destroy_handle(&mut self, time: u64, handle: u32) -> Result<()> {
        let a = self.take_attrs();
        // SAFETY: as in `enter`.
        let rc = unsafe { ffi::OTF2_EvtWriter_IoDestroyHandle(self.raw.as_ptr(), a, time, handle) };
        self.done(rc, "EvtWriter_IoDestroyHandle")
    }

    /// IoDuplicateHandle (dup/dup2/fcntl F_DUPFD): `new` becomes active.
    #[inline]
    pub fn io_duplicate_handle(
        &mut self,
        time: u64,
        old: u32,
        new: u32,
        status_flags: IoStatusFlags,
    ) -> Result<()> {
        let a = self.take_attrs();
        // SAFETY: as in `enter`.
        let rc = unsafe {
            ffi::OTF2_EvtWriter_IoDuplicateHandle(
                self.raw.as_ptr(),
                a,
                time,
                old,
                new,
                status_flags.bits(),
            )
        };
        self.done(rc, "EvtWriter_IoDuplicateHandle")
    }

    /// IoSeek: requested offset/whence and the resulting absolute offset.
    #[inline]
    pub fn io_seek(
        &mut self,
        time: u64,
        handle: u32,
        offset_request: i64,
        whence: IoSeekOption,
        offset_result: u64,
    ) -> Result<()> {
        let a = self.take_attrs();
        // SAFETY: as in `enter`.
        let rc = unsafe {
            ffi::OTF2_EvtWriter_IoSeek(
                self.raw.as_ptr(),
                a,
                time,
                handle,
                offset_request,
                whence.raw(),
                offset_result,
            )
        };
        self.done(rc, "EvtWriter_IoSeek")
    }

    /// IoChangeStatusFlags (fcntl F_SETFL...): the handle's new status flags.
    #[inline]
    pub fn io_change_status_flags(
        &mut self,
        time: u64,
        handle: u32,
        flags: IoStatusFlags,
    ) -> Result<()> {
        let a = self.take_attrs();
        // SAFETY: as in `enter`.
        let rc = unsafe {
            ffi::OTF2_EvtWriter_IoChangeStatusFlags(
                self.raw.as_ptr(),
                a,
                time,
                handle,
                flags.bits(),
            )
        };
        self.done(rc, "EvtWriter_IoChangeStatusFlags")
    }

    /// IoDeleteFile (unlink/remove/rmdir/MPI_File_delete) of `file` through
    /// I/O paradigm `paradigm`.
    #[inline]
    pub fn io_delete_file(&mut self, time: u64, paradigm: u8, file: u32) -> Result<()> {
        let a = self.take_attrs();
        // SAFETY: as in `enter`.
        let rc =
            unsafe { ffi::OTF2_EvtWriter_IoDeleteFile(self.raw.as_ptr(), a, time, paradigm, file) };
        self.done(rc, "EvtWriter_IoDeleteFile")
    }

    // ---- I/O operations ----------------------------------------------------

    /// IoOperationBegin. OTF2 has no offset field: `offset = Some((attr,
    /// value))` attaches it as the UINT64 attribute `attr` (Score-P's
    /// "Offset"), together with any attribute added before.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn io_operation_begin(
        &mut self,
        time: u64,
        handle: u32,
        mode: IoOperationMode,
        flags: IoOperationFlags,
        bytes_request: u64,
        matching_id: u64,
        offset: Option<(u32, u64)>,
    ) -> Result<()> {
        if let Some((attr, value)) = offset {
            self.add_attr_u64(attr, value)?;
        }
        let a = self.take_attrs();
        // SAFETY: as in `enter`.
        let rc = unsafe {
            ffi::OTF2_EvtWriter_IoOperationBegin(
                self.raw.as_ptr(),
                a,
                time,
                handle,
                mode.raw(),
                flags.bits(),
                bytes_request,
                matching_id,
            )
        };
        self.done(rc, "EvtWriter_IoOperationBegin")
    }

    /// IoOperationIssued: a non-blocking operation was started.
    #[inline]
    pub fn io_operation_issued(&mut self, time: u64, handle: u32, matching_id: u64) -> Result<()> {
        let a = self.take_attrs();
        // SAFETY: as in `enter`.
        let rc = unsafe {
            ffi::OTF2_EvtWriter_IoOperationIssued(self.raw.as_ptr(), a, time, handle, matching_id)
        };
        self.done(rc, "EvtWriter_IoOperationIssued")
    }

    /// IoOperationTest: an unsuccessful test of a non-blocking operation.
    #[inline]
    pub fn io_operation_test(&mut self, time: u64, handle: u32, matching_id: u64) -> Result<()> {
        let a = self.take_attrs();
        // SAFETY: as in `enter`.
        let rc = unsafe {
            ffi::OTF2_EvtWriter_IoOperationTest(self.raw.as_ptr(), a, time, handle, matching_id)
        };
        self.done(rc, "EvtWriter_IoOperationTest")
    }

    /// IoOperationComplete with the bytes actually transferred.
    #[inline]
    pub fn io_operation_complete(
        &mut self,
        time: u64,
        handle: u32,
        bytes_result: u64,
        matching_id: u64,
    ) -> Result<()> {
        let a = self.take_attrs();
        // SAFETY: as in `enter`.
        let rc = unsafe {
            ffi::OTF2_EvtWriter_IoOperationComplete(
                self.raw.as_ptr(),
                a,
                time,
                handle,
                bytes_result,
                matching_id,
            )
        };
        self.done(rc, "EvtWriter_IoOperationComplete")
    }

    /// IoOperationCancelled: a non-blocking operation was cancelled.
    #[inline]
    pub fn io_operation_cancelled(
        &mut self,
        time: u64,
        handle: u32,
        matching_id: u64,
    ) -> Result<()> {
        let a = self.take_attrs();
        // SAFETY: as in `enter`.
        let rc = unsafe {
            ffi::OTF2_EvtWriter_IoOperationCancelled(
                self.raw.as_ptr(),
                a,
                time,
                handle,
                matching_id,
            )
        };
        self.done(rc, "EvtWriter_IoOperationCancelled")
    }

    // ---- locks ---------------------------------------------------------------

    /// IoAcquireLock (flock/lockf/fcntl lock granted).
    #[inline]
    pub fn io_acquire_lock(&mut self, time: u64, handle: u32, lock_type: LockType) -> Result<()> {
        let a = self.take_attrs();
        // SAFETY: as in `enter`.
        let rc = unsafe {
            ffi::OTF2_EvtWriter_IoAcquireLock(self.raw.as_ptr(), a, time, handle, lock_type.raw())
        };
        self.done(rc, "EvtWriter_IoAcquireLock")
    }

    /// IoReleaseLock.
    #[inline]
    pub fn io_release_lock(&mut self, time: u64, handle: u32, lock_type: LockType) -> Result<()> {
        let a = self.take_attrs();
        // SAFETY: as in `enter`.
        let rc = unsafe {
            ffi::OTF2_EvtWriter_IoReleaseLock(self.raw.as_ptr(), a, time, handle, lock_type.raw())
        };
        self.done(rc, "EvtWriter_IoReleaseLock")
    }

    /// IoTryLock: an unsuccessful attempt to take a lock.
    #[inline]
    pub fn io_try_lock(&mut self, time: u64, handle: u32, lock_type: LockType) -> Result<()> {
        let a = self.take_attrs();
        // SAFETY: as in `enter`.
        let rc = unsafe {
            ffi::OTF2_EvtWriter_IoTryLock(self.raw.as_ptr(), a, time, handle, lock_type.raw())
        };
        self.done(rc, "EvtWriter_IoTryLock")
    }
}

impl Drop for EventWriter<'_> {
    /// Closes the writer if [`close`](EventWriter::close) was not called,
    /// ignoring errors.
    fn drop(&mut self) {
        let _ = self.close_inner();
    }
}
