//! Named variables of netCDF, PnetCDF and ADIOS files, the mechanism those three layers
//! share: a transfer on a variable is an operation on its file's handle (a library object:
//! [`super::objects`]), with the variable's name (and its selection) as attributes.
//! Non-blocking ones (PnetCDF iput/iget/bput, ADIOS deferred puts and gets) stay in flight
//! under their request id until a wait completes them, one request or all of a file's at
//! once; whether that completion is collective is [`super::pnetcdf`]'s first pass.

use super::ctx::Ctx;
use super::objects::{req_key, which_covers, InFlight, LibraryObjects, ReqKey};
use super::pnetcdf::PnetCdfState;
use super::record::{field, mode_bytes, Op};
use crate::error::Error;
use crate::kinds::*;
use crate::sink::Sink;
use definitions::{ATTR_ADIOS_SELECTION, ATTR_ADIOS_VARIABLE, ATTR_NC_SELECTION, ATTR_NC_VARIABLE};
use io_events::codec::Record;
use io_events::functions::{Dir, FunctionInfo, Layer, Mapping};

/// The attributes naming a library variable and its selection, by layer.
fn variable_attrs(layer: Layer) -> (u32, u32) {
    if layer == Layer::Adios {
        (ATTR_ADIOS_VARIABLE, ATTR_ADIOS_SELECTION)
    } else {
        (ATTR_NC_VARIABLE, ATTR_NC_SELECTION)
    }
}

/// IoOperationBegin of a transfer on a named variable of the library file in field
/// `file` (netCDF, PnetCDF, ADIOS), with the variable's name as attribute.
#[allow(clippy::too_many_arguments)]
fn begin_named_op<S: Sink>(
    lib: &mut LibraryObjects,
    cx: &mut Ctx<S>,
    t0: u64,
    info: &FunctionInfo,
    r: &Record,
    (file, name, dir, req): (u8, u8, Dir, u8),
    flags: OpFlags,
) -> Result<Option<Op>, Error> {
    let h = lib.obj_or_stand_in(cx, info, field(info, r, file));
    let (mode, bytes) = mode_bytes(info, r, dir, req);
    let text = cx.sh.p.name(field(info, r, name)).unwrap_or("(unnamed)");
    let name = cx.defs.strings.id(text);
    cx.s.attr_string(variable_attrs(info.layer).0, name)?;
    cx.begin_op(t0, h, (mode, flags), bytes, None)
}

/// The start of a blocking transfer on a variable (NamedData: nc_put_vara ...).
pub(crate) fn begin_named_data<S: Sink>(
    lib: &mut LibraryObjects,
    cx: &mut Ctx<S>,
    t0: u64,
    info: &FunctionInfo,
    r: &Record,
) -> Result<Option<Op>, Error> {
    let Mapping::NamedData {
        file,
        name,
        dir,
        req,
        coll,
        ..
    } = info.mapping
    else {
        return Ok(None);
    };
    let flags = OpFlags::collective_if(coll);
    begin_named_op(lib, cx, t0, info, r, (file, name, dir, req), flags)
}

/// The end of a blocking transfer on a variable: its selection, complete.
pub(crate) fn complete_named_data<S: Sink>(
    cx: &mut Ctx<S>,
    t1: u64,
    info: &FunctionInfo,
    r: &Record,
    op: Option<Op>,
) -> Result<(), Error> {
    let Mapping::NamedData { xfer, .. } = info.mapping else {
        return Ok(());
    };
    let sel = variable_attrs(info.layer).1;
    cx.attach_selection(sel, op.is_some())?;
    if let Some((h, id)) = op {
        let failed = info.fail.failed(r.ret());
        let got = if failed { 0 } else { field(info, r, xfer) };
        cx.complete_op(t1, h, got, id)?;
    }
    Ok(())
}

/// The start of a non-blocking transfer on a variable (NamedStart): NON_BLOCKING unless
/// its id says nothing stays in flight, COLLECTIVE when the first pass found that a
/// collective call completes it.
pub(crate) fn begin_named_start<S: Sink>(
    lib: &mut LibraryObjects,
    pnetcdf: &mut PnetCdfState,
    cx: &mut Ctx<S>,
    t0: u64,
    info: &FunctionInfo,
    r: &Record,
) -> Result<Option<Op>, Error> {
    let Mapping::NamedStart {
        file,
        name,
        dir,
        req,
        id,
    } = info.mapping
    else {
        return Ok(None);
    };
    let nb = field(info, r, id) != u64::MAX;
    let mut flags = OpFlags::NONE;
    if nb {
        let coll = pnetcdf.next_start_collective(cx.sh.thread);
        flags = OpFlags::NON_BLOCKING | OpFlags::collective_if(coll);
    }
    begin_named_op(lib, cx, t0, info, r, (file, name, dir, req), flags)
}

/// The end of a non-blocking start on a variable: its selection; the operation is issued
/// and in flight under its request, or complete when nothing stays in flight.
pub(crate) fn named_issued<S: Sink>(
    lib: &mut LibraryObjects,
    cx: &mut Ctx<S>,
    t1: u64,
    info: &FunctionInfo,
    r: &Record,
    op: Option<Op>,
) -> Result<(), Error> {
    let Mapping::NamedStart {
        file,
        req,
        id: idf,
        dir,
        ..
    } = info.mapping
    else {
        return Ok(());
    };
    let sel = variable_attrs(info.layer).1;
    cx.attach_selection(sel, op.is_some())?;
    if let Some((h, id)) = op {
        let bytes = field(info, r, req);
        if field(info, r, idf) == u64::MAX {
            cx.complete_op(t1, h, bytes, id)?;
        } else {
            cx.s.op_issued(cx.defs, t1, h, id)?;
            let k = req_key(info, r, file, idf);
            lib.in_flight(cx, t1, k, h, id, bytes, dir)?;
        }
    }
    Ok(())
}

/// Every request in flight on the object in field `file` that field `which` covers
/// completed as requested or was cancelled (ReqsDone), in the order they started.
pub(crate) fn reqs_done<S: Sink>(
    lib: &mut LibraryObjects,
    cx: &mut Ctx<S>,
    t1: u64,
    info: &FunctionInfo,
    r: &Record,
) -> Result<(), Error> {
    let Mapping::ReqsDone {
        file,
        which,
        cancelled,
        ..
    } = info.mapping
    else {
        return Ok(());
    };
    let (owner, wh) = (field(info, r, file), field(info, r, which));
    let mut done: Vec<(ReqKey, InFlight)> = lib
        .reqs
        .iter()
        .filter(|(k, v)| k.0 == info.layer && k.1 == owner && which_covers(wh, v.dir))
        .map(|(k, v)| (*k, *v))
        .collect();
    done.sort_unstable_by_key(|(_, v)| v.id);
    for (k, v) in done {
        lib.reqs.remove(&k);
        if field(info, r, cancelled) != 0 {
            cx.cancel_op(t1, v.handle, v.id)?;
        } else {
            cx.complete_op(t1, v.handle, v.bytes, v.id)?;
        }
    }
    Ok(())
}
