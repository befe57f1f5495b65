//! What the model tells its consumers: a stream of resolved I/O events per thread, in the
//! order they happened there (Enter/Leave of every traced call, handles created and
//! destroyed, operations begun and completed ...). Handles, files, paradigms, regions and
//! strings are ids into the [`definitions::GlobalDefs`] the model fills as it goes.
//!
//! Times are nanoseconds on the trace's common time line (clocks of all ranks and hosts
//! aligned) and never decrease on one thread.

use crate::error::SinkError;
use crate::kinds::{
    AccessMode, CollOp, CreationFlags, LockOp, LockType, OpFlags, OpMode, StatusFlags, Whence,
};
use crate::mpi::MpiSync;
use definitions::GlobalDefs;
use io_events::codec::Record;

/// What a sink's event returns: the consumer's own error, boxed (the model passes it on as
/// [`crate::ErrorKind::Sink`], and the consumer takes it back with
/// [`crate::Error::into_sink`]).
pub type Res = Result<(), SinkError>;

/// The start of an operation on a handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpBegin {
    pub handle: u32,
    pub mode: OpMode,
    pub flags: OpFlags,
    /// Bytes requested.
    pub bytes: u64,
    /// Matches the operation's Issued/Test/Complete/Cancelled (unique within the process).
    pub id: u64,
    /// Byte offset in the file, where known: the first byte.
    pub offset: Option<u64>,
    /// The MPI file view with holes the operation goes through (an index into
    /// `GlobalDefs::views`): its bytes are the ranges `FileView::extents` gives from
    /// `offset`, not one range. None: one range from `offset`.
    pub view: Option<u32>,
}

/// A consumer of resolved I/O events. Attributes (`attr_*`) belong to the event that follows
/// them on the same thread. Events naming a handle or file come with the definitions as they
/// are at that moment (a handle's file, paradigm and parent never change once defined).
pub trait Sink {
    /// The events that follow happen on thread `index` (position in `ProcessTrace::threads`).
    fn thread(&mut self, index: usize);
    /// A traced call begins; `region` is its region definition, `r` its record.
    fn enter(&mut self, t: u64, region: u32, r: &Record) -> Res;
    fn leave(&mut self, t: u64, region: u32, r: &Record) -> Res;
    fn attr_string(&mut self, attr: u32, string: u32) -> Res;
    fn attr_u32(&mut self, attr: u32, value: u32) -> Res;
    fn create_handle(
        &mut self,
        defs: &GlobalDefs,
        t: u64,
        handle: u32,
        mode: AccessMode,
        creation: CreationFlags,
        status: StatusFlags,
    ) -> Res;
    fn destroy_handle(&mut self, defs: &GlobalDefs, t: u64, handle: u32) -> Res;
    fn duplicate_handle(
        &mut self,
        defs: &GlobalDefs,
        t: u64,
        old: u32,
        new: u32,
        status: StatusFlags,
    ) -> Res;
    fn change_status_flags(
        &mut self,
        defs: &GlobalDefs,
        t: u64,
        handle: u32,
        status: StatusFlags,
    ) -> Res;
    fn delete_file(&mut self, defs: &GlobalDefs, t: u64, paradigm: u8, file: u32) -> Res;
    /// A metadata call on a file by its path that makes no handle (stat, mkdir, chmod,
    /// rename ...): OTF2 has no event for it; analyses count it for the file.
    fn path_meta(&mut self, defs: &GlobalDefs, t: u64, paradigm: u8, file: u32) -> Res;
    /// `result` is the new position, or u64::MAX when it is not known.
    fn seek(
        &mut self,
        defs: &GlobalDefs,
        t: u64,
        handle: u32,
        offset: i64,
        whence: Whence,
        result: u64,
    ) -> Res;
    fn op_begin(&mut self, defs: &GlobalDefs, t: u64, op: OpBegin) -> Res;
    fn op_issued(&mut self, defs: &GlobalDefs, t: u64, handle: u32, id: u64) -> Res;
    fn op_test(&mut self, defs: &GlobalDefs, t: u64, handle: u32, id: u64) -> Res;
    /// `bytes`: transferred, at most the bytes the operation's begin requested (the model
    /// bounds it).
    fn op_complete(&mut self, defs: &GlobalDefs, t: u64, handle: u32, bytes: u64, id: u64) -> Res;
    fn op_cancelled(&mut self, defs: &GlobalDefs, t: u64, handle: u32, id: u64) -> Res;
    fn lock(&mut self, defs: &GlobalDefs, t: u64, handle: u32, op: LockOp, ty: LockType) -> Res;
    /// A collective MPI-IO call begins (right after its Enter, before its I/O events).
    fn collective_begin(&mut self, _t: u64) -> Res {
        Ok(())
    }
    /// The collective call ends (right before its Leave): its kind, the communicator (a
    /// global comm id) and the bytes this process wrote (sent) and read (received).
    fn collective_end(&mut self, _t: u64, _op: CollOp, _comm: u32, _sent: u64, _recv: u64) -> Res {
        Ok(())
    }
    /// A synchronising MPI call (layer `mpi`) ends, right before its Leave.
    fn mpi_sync(&mut self, _defs: &GlobalDefs, _sync: MpiSync) -> Res {
        Ok(())
    }
    /// An event record (a fact the recorder found out inside the call in progress, such as
    /// an HDF5 hyperslab's dimensions), as it ends; before what its mapping makes of it.
    fn event(&mut self, _r: &Record) -> Res {
        Ok(())
    }
    /// The calls of the current thread that follow, up to the next `site`, were made from
    /// call site `site` (`defs.sites`, defined by then; [`NO_SITE`] when the trace does not say):
    /// given before each outermost call's Enter, and again whenever the model comes back
    /// to the thread in the middle of a call tree.
    fn site(&mut self, _defs: &GlobalDefs, _site: u32) {}
}

/// No call site: the trace does not say where the program made the call (recorded with
/// RECORDER_OTF2_CALL_STACK=0, or by a recorder without call sites).
pub const NO_SITE: u32 = u32::MAX;
