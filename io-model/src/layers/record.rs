//! What a record's fields say, by its function's argument numbers: shared by every layer.

use crate::kinds::OpMode;
use io_events::codec::Record;
use io_events::functions::{Dir, FunctionInfo};

/// An operation begun by a call: (handle, matching id).
pub(crate) type Op = (u32, u64);

/// The value of argument `i` of a record (or its return value: [`io_events::functions::RET`]).
pub(crate) fn field(info: &FunctionInfo, r: &Record, i: u8) -> u64 {
    r.fields[info.field_index(i)]
}

/// The OTF2 mode of a transfer and the bytes it asks for (field `req`; none for a flush).
pub(crate) fn mode_bytes(info: &FunctionInfo, r: &Record, dir: Dir, req: u8) -> (OpMode, u64) {
    match dir {
        Dir::Read => (OpMode::Read, field(info, r, req)),
        Dir::Write => (OpMode::Write, field(info, r, req)),
        Dir::Flush => (OpMode::Flush, 0),
    }
}
