//! The MPI-IO layer's own calls on its files (MPI_File handles are library objects, opened,
//! closed and transferred through like the other libraries': [`super::objects`]):
//! non-blocking transfers and split collectives in flight until their request or `_end`,
//! request tests, seeks, and collective calls, MpiCollectiveBegin/End with the file's
//! communicator around their I/O events (collective analyses see them as MPI collectives).

use super::ctx::Ctx;
use super::objects::{req_key, LibraryObjects};
use super::record::{field, Op};
use crate::error::Error;
use crate::kinds::*;
use crate::sink::Sink;
use io_events::codec::Record;
use io_events::functions::{FunctionInfo, Layer, Mapping, RET};

/// The start of a non-blocking transfer on an object (ObjStart: MPI_File_iwrite, a split
/// collective's begin).
pub(crate) fn begin_obj_start<S: Sink>(
    lib: &mut LibraryObjects,
    cx: &mut Ctx<S>,
    t0: u64,
    info: &FunctionInfo,
    r: &Record,
) -> Result<Option<Op>, Error> {
    let Mapping::ObjStart {
        key,
        dir,
        req,
        off,
        coll,
        ..
    } = info.mapping
    else {
        return Ok(None);
    };
    let flags = OpFlags::NON_BLOCKING | OpFlags::collective_if(coll);
    lib.begin_obj_op(cx, t0, info, r, key, dir, req, off, flags)
}

/// The end of a non-blocking start: the operation is issued, in flight under its request
/// (or, for a split collective, its object).
pub(crate) fn obj_issued<S: Sink>(
    lib: &mut LibraryObjects,
    cx: &mut Ctx<S>,
    t1: u64,
    info: &FunctionInfo,
    r: &Record,
    op: Option<Op>,
) -> Result<(), Error> {
    let (
        Some((h, id)),
        Mapping::ObjStart {
            id: idf, req, dir, ..
        },
    ) = (op, info.mapping)
    else {
        return Ok(());
    };
    cx.s.op_issued(cx.defs, t1, h, id)?;
    let k = req_key(info, r, RET, idf);
    lib.in_flight(cx, t1, k, h, id, field(info, r, req), dir)
}

/// The end of a split collective (ObjEnd) started on the object in field `id`.
pub(crate) fn obj_end<S: Sink>(
    lib: &mut LibraryObjects,
    cx: &mut Ctx<S>,
    t1: u64,
    info: &FunctionInfo,
    r: &Record,
) -> Result<(), Error> {
    let Mapping::ObjEnd { id: idf, xfer } = info.mapping else {
        return Ok(());
    };
    if let Some(v) = lib.reqs.remove(&req_key(info, r, RET, idf)) {
        let failed = info.fail.failed(r.ret());
        let got = if failed { 0 } else { field(info, r, xfer) };
        cx.complete_op(t1, v.handle, got, v.id)?;
    }
    Ok(())
}

/// A successful seek on an object (ObjSeek).
pub(crate) fn obj_seek<S: Sink>(
    lib: &LibraryObjects,
    cx: &mut Ctx<S>,
    t1: u64,
    info: &FunctionInfo,
    r: &Record,
) -> Result<(), Error> {
    let Mapping::ObjSeek {
        key,
        offset,
        whence: wh,
        result,
    } = info.mapping
    else {
        return Ok(());
    };
    if let Some(&h) = lib.objs.get(&(info.layer, field(info, r, key))) {
        let res = field(info, r, result);
        cx.s.seek(
            cx.defs,
            t1,
            h,
            field(info, r, offset) as i64,
            whence(field(info, r, wh)),
            if res as i64 >= 0 { res } else { u64::MAX },
        )?;
    }
    Ok(())
}

/// A successful MPI_File_set_view (ObjView): the handle's operations go through the new
/// view from now on.
pub(crate) fn set_view<S: Sink>(
    lib: &mut LibraryObjects,
    cx: &mut Ctx<S>,
    info: &FunctionInfo,
    r: &Record,
) {
    let Mapping::ObjView {
        key,
        disp,
        filetype,
    } = info.mapping
    else {
        return;
    };
    if let Some(&h) = lib.objs.get(&(info.layer, field(info, r, key))) {
        let (disp, ft) = (field(info, r, disp), field(info, r, filetype));
        lib.views.set(cx, h, disp, ft);
    }
}

/// The request in field `id` was tested and is still in flight (ReqTest).
pub(crate) fn req_test<S: Sink>(
    lib: &LibraryObjects,
    cx: &mut Ctx<S>,
    t1: u64,
    info: &FunctionInfo,
    r: &Record,
    id: u8,
) -> Result<(), Error> {
    if let Some(v) = lib.reqs.get(&req_key(info, r, RET, id)) {
        cx.s.op_test(cx.defs, t1, v.handle, v.id)?;
    }
    Ok(())
}

/// Right after the Enter of a collective MPI-IO call: its kind and communicator (the
/// comm of MPI_File_open's argument, or of the file handle), none when not collective
/// or the communicator is not known. Kept out of line: the callers ask for MPI-IO calls
/// only, and the walk through every other record stays short.
#[inline(never)]
pub(crate) fn collective_begin<S: Sink>(
    lib: &LibraryObjects,
    cx: &mut Ctx<S>,
    t0: u64,
    info: &FunctionInfo,
    r: &Record,
) -> Result<Option<(CollOp, u32)>, Error> {
    if info.layer != Layer::MpiIo {
        return Ok(None);
    }
    let Some(op) = CollOp::of_mpi_io(info.name) else {
        return Ok(None);
    };
    let comm = match info.mapping {
        Mapping::ObjOpen { comm, .. } if comm != RET => cx.sh.comm(field(info, r, comm)),
        // Every other MPI_File_* function has the file handle first.
        _ => lib
            .objs
            .get(&(Layer::MpiIo, field(info, r, 0)))
            .and_then(|&h| cx.defs.handles[h as usize].comm),
    };
    let Some(comm) = comm else {
        return Ok(None);
    };
    cx.s.collective_begin(t0)?;
    Ok(Some((op, comm)))
}

/// Right before the Leave of the collective call begun with `coll`: the bytes it wrote
/// are sent, those it read received (none when it failed).
pub(crate) fn collective_end<S: Sink>(
    s: &mut S,
    t1: u64,
    info: &FunctionInfo,
    r: &Record,
    (op, comm): (CollOp, u32),
) -> Result<(), Error> {
    let bytes = match info.mapping {
        _ if info.fail.failed(r.ret()) => 0,
        Mapping::ObjData { xfer, .. } | Mapping::ObjEnd { xfer, .. } => field(info, r, xfer),
        Mapping::ObjStart { req, .. } => field(info, r, req),
        _ => 0,
    };
    let (sent, received) = if info.name.contains("_write") {
        (bytes, 0)
    } else if info.name.contains("_read") {
        (0, bytes)
    } else {
        (0, 0)
    };
    s.collective_end(t1, op, comm, sent, received)
        .map_err(Error::from)
}
