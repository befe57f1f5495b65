//! The model's vocabulary in OTF2's encoding.

use io_model::kinds::{
    AccessMode, CollOp, CreationFlags, LockType, OpFlags, OpMode, StatusFlags, Whence,
};
use otf2_sys::{
    CollectiveOp, IoAccessMode, IoCreationFlags, IoOperationFlags, IoOperationMode, IoSeekOption,
    IoStatusFlags, LockType as Otf2Lock,
};

pub fn access_mode(m: AccessMode) -> IoAccessMode {
    match m {
        AccessMode::ReadOnly => IoAccessMode::ReadOnly,
        AccessMode::WriteOnly => IoAccessMode::WriteOnly,
        AccessMode::ReadWrite => IoAccessMode::ReadWrite,
    }
}

pub fn creation_flags(f: CreationFlags) -> IoCreationFlags {
    let mut o = IoCreationFlags::NONE;
    for (m, x) in [
        (CreationFlags::CREATE, IoCreationFlags::CREATE),
        (CreationFlags::TRUNCATE, IoCreationFlags::TRUNCATE),
        (CreationFlags::DIRECTORY, IoCreationFlags::DIRECTORY),
        (CreationFlags::EXCLUSIVE, IoCreationFlags::EXCLUSIVE),
        (
            CreationFlags::NO_CONTROLLING_TERMINAL,
            IoCreationFlags::NO_CONTROLLING_TERMINAL,
        ),
        (CreationFlags::NO_FOLLOW, IoCreationFlags::NO_FOLLOW),
        (CreationFlags::PATH, IoCreationFlags::PATH),
        (
            CreationFlags::TEMPORARY_FILE,
            IoCreationFlags::TEMPORARY_FILE,
        ),
        (CreationFlags::LARGEFILE, IoCreationFlags::LARGEFILE),
        (CreationFlags::NO_SEEK, IoCreationFlags::NO_SEEK),
        (CreationFlags::UNIQUE, IoCreationFlags::UNIQUE),
    ] {
        if f.contains(m) {
            o |= x;
        }
    }
    o
}

pub fn status_flags(f: StatusFlags) -> IoStatusFlags {
    let mut o = IoStatusFlags::NONE;
    for (m, x) in [
        (StatusFlags::CLOSE_ON_EXEC, IoStatusFlags::CLOSE_ON_EXEC),
        (StatusFlags::APPEND, IoStatusFlags::APPEND),
        (StatusFlags::NON_BLOCKING, IoStatusFlags::NON_BLOCKING),
        (StatusFlags::ASYNC, IoStatusFlags::ASYNC),
        (StatusFlags::SYNC, IoStatusFlags::SYNC),
        (StatusFlags::DATA_SYNC, IoStatusFlags::DATA_SYNC),
        (StatusFlags::AVOID_CACHING, IoStatusFlags::AVOID_CACHING),
        (StatusFlags::NO_ACCESS_TIME, IoStatusFlags::NO_ACCESS_TIME),
        (StatusFlags::DELETE_ON_CLOSE, IoStatusFlags::DELETE_ON_CLOSE),
    ] {
        if f.contains(m) {
            o |= x;
        }
    }
    o
}

pub fn op_mode(m: OpMode) -> IoOperationMode {
    match m {
        OpMode::Read => IoOperationMode::Read,
        OpMode::Write => IoOperationMode::Write,
        OpMode::Flush => IoOperationMode::Flush,
    }
}

pub fn op_flags(f: OpFlags) -> IoOperationFlags {
    let mut o = IoOperationFlags::NONE;
    if f.contains(OpFlags::NON_BLOCKING) {
        o |= IoOperationFlags::NON_BLOCKING;
    }
    if f.contains(OpFlags::COLLECTIVE) {
        o |= IoOperationFlags::COLLECTIVE;
    }
    o
}

pub fn whence(w: Whence) -> IoSeekOption {
    match w {
        Whence::FromStart => IoSeekOption::FromStart,
        Whence::FromCurrent => IoSeekOption::FromCurrent,
        Whence::FromEnd => IoSeekOption::FromEnd,
        Whence::Data => IoSeekOption::Data,
        Whence::Hole => IoSeekOption::Hole,
    }
}

pub fn lock_type(t: LockType) -> Otf2Lock {
    match t {
        LockType::Exclusive => Otf2Lock::Exclusive,
        LockType::Shared => Otf2Lock::Shared,
    }
}

/// Collective MPI-IO calls as OTF2 collective operations: open and close create and destroy
/// the communicator's shared handle; collective transfers are all-to-all exchanges (two-phase
/// I/O); the others synchronise.
pub fn collective_op(op: CollOp) -> CollectiveOp {
    match op {
        CollOp::CreateHandle => CollectiveOp::CreateHandle,
        CollOp::DestroyHandle => CollectiveOp::DestroyHandle,
        CollOp::Exchange => CollectiveOp::AllToAllV,
        CollOp::Sync => CollectiveOp::Barrier,
    }
}
