//! Library files as objects, the mechanism the library layers share (MPI-IO, HDF5, netCDF,
//! PnetCDF, ADIOS): each open object (an MPI_File, an HDF5 or netCDF file id, an ADIOS
//! engine) is a handle, the parent of what its library opens one layer down while a call on
//! it runs; blocking transfers on objects; and operations in flight (non-blocking requests,
//! split collectives, deferred puts), completed by their request or cancelled when their
//! object closes first. An ADIOS BP output is also a container: a directory whose files,
//! opened while it is open, belong to it.

use super::ctx::Ctx;
use super::record::{field, mode_bytes, Op};
use crate::error::Error;
use crate::kinds::*;
use crate::sink::Sink;
use hashbrown::HashMap;
use io_events::codec::Record;
use io_events::functions::{Dir, FunctionInfo, Kind, Layer, Mapping, RET};

/// A library operation in flight (non-blocking request, split collective, deferred put).
#[derive(Clone, Copy)]
pub(crate) struct InFlight {
    pub(crate) handle: u32,
    pub(crate) id: u64,
    pub(crate) bytes: u64,
    pub(crate) dir: Dir,
}

/// The key of a request in flight: (layer, owning object or u64::MAX, request id).
pub(crate) type ReqKey = (Layer, u64, u64);

/// The library layers' shared part of a process's state.
#[derive(Default)]
pub(crate) struct LibraryObjects {
    /// Library objects (MPI_File ...) -> handle, keyed by (layer, identity).
    pub(crate) objs: HashMap<(Layer, u64), u32>,
    /// Library operations in flight, keyed by (layer, owning object, request or object
    /// identity).
    pub(crate) reqs: HashMap<ReqKey, InFlight>,
    /// The MPI file views with holes of open MPI-IO handles.
    pub(crate) views: super::views::Views,
}

/// The request key of a ReqDone-style record: (`file` field or none, `id` field).
pub(crate) fn req_key(info: &FunctionInfo, r: &Record, file: u8, id: u8) -> ReqKey {
    let owner = if file == RET {
        u64::MAX
    } else {
        field(info, r, file)
    };
    (info.layer, owner, field(info, r, id))
}

/// Whether a ReqsDone `which` value covers an operation of direction `dir`.
pub(crate) fn which_covers(which: u64, dir: Dir) -> bool {
    match which {
        1 => dir == Dir::Read,
        2 => dir == Dir::Write,
        _ => true,
    }
}

/// Opens and closes of library objects.
impl LibraryObjects {
    /// At the start of any call: a PnetCDF or ADIOS call on an open file puts that file's
    /// handle on `opening` while it runs. Whether it did.
    pub(crate) fn enter_object_context<S>(
        &mut self,
        cx: &mut Ctx<S>,
        info: &FunctionInfo,
        r: &Record,
    ) -> bool {
        // A PnetCDF or ADIOS call on an open file: what it opens one layer down (PnetCDF's
        // independent-mode MPI file, a BP engine's data files) belongs to that file.
        if matches!(info.layer, Layer::PnetCdf | Layer::Adios)
            && !matches!(info.mapping, Mapping::ObjOpen { .. })
            && info.args.first().is_some_and(|a| a.1 == Kind::Handle)
        {
            if let Some(&h) = self.objs.get(&(info.layer, field(info, r, 0))) {
                cx.sh.opening.push((h, cx.defs.paradigm(info.layer)));
                return true;
            }
        }
        false
    }

    /// The start of a library open (ObjOpen: MPI_File_open ...): a new handle on the file in
    /// field `path`, used by the communicator in field `comm`, on `opening` while it runs.
    pub(crate) fn open_object<S>(
        &mut self,
        cx: &mut Ctx<S>,
        info: &FunctionInfo,
        r: &Record,
        path: u8,
        comm: u8,
    ) -> Option<u32> {
        let file = cx.sh.file(cx.defs, field(info, r, path), false)?;
        let c = if comm == RET {
            None
        } else {
            cx.sh.comm(field(info, r, comm))
        };
        let h = cx.sh.new_handle_on(cx.defs, file, info.layer, c);
        cx.sh.opening.push((h, cx.defs.paradigm(info.layer)));
        // A BP output directory is a container from the start of its open: the engine's
        // helper threads open its files while the open call is still running.
        if info.layer == Layer::Adios {
            cx.sh
                .containers
                .push((h, cx.defs.files[file as usize].name.clone()));
        }
        Some(h)
    }

    /// The end of a library open: the object is known by its identity (field `key`) from now
    /// on, replacing an object of the same identity that was never closed.
    pub(crate) fn opened_object<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        handle: Option<u32>,
    ) -> Result<(), Error> {
        let (Some(h), Mapping::ObjOpen { key, amode, .. }) = (handle, info.mapping) else {
            return Ok(());
        };
        let k = (info.layer, field(info, r, key));
        if let Some(old) = self.objs.remove(&k) {
            cx.destroy(t1, old)?;
        }
        let (mode, creation, status) = mpi_amode(field(info, r, amode));
        cx.s.create_handle(cx.defs, t1, h, mode, creation, status)?;
        self.objs.insert(k, h);
        Ok(())
    }

    /// A successful close of the object in field `key` (ObjClose): what it still has in
    /// flight is cancelled.
    pub(crate) fn close_object<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        key: u8,
    ) -> Result<(), Error> {
        let k = (info.layer, field(info, r, key));
        if let Some(h) = self.objs.remove(&k) {
            self.views.forget(h);
            self.cancel_in_flight(cx, t1, h)?;
            cx.sh.containers.retain(|c| c.0 != h);
            cx.destroy(t1, h)?;
        }
        Ok(())
    }
}

/// Transfers and seeks on library objects, and their operations in flight.
impl LibraryObjects {
    /// The handle of library object `key` of the call's layer; a stand-in (the operation
    /// counted as placed on one) when the trace does not show it opened.
    pub(crate) fn obj_or_stand_in<S>(
        &mut self,
        cx: &mut Ctx<S>,
        info: &FunctionInfo,
        key: u64,
    ) -> u32 {
        match self.objs.get(&(info.layer, key)) {
            Some(&h) => h,
            None => cx.sh.stand_in_op(cx.defs, info.layer, key, || {
                format!("{} object {key:#x}", info.layer.identification())
            }),
        }
    }

    /// IoOperationBegin of a library operation on the object in field `key`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn begin_obj_op<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
        key: u8,
        dir: Dir,
        req: u8,
        off: u8,
        flags: OpFlags,
    ) -> Result<Option<Op>, Error> {
        let h = self.obj_or_stand_in(cx, info, field(info, r, key));
        let (mode, bytes) = mode_bytes(info, r, dir, req);
        let offset = if off == RET || dir == Dir::Flush {
            None
        } else {
            Some(field(info, r, off)).filter(|&o| o as i64 >= 0)
        };
        let view = match offset {
            Some(_) if info.layer == Layer::MpiIo => self.views.of(h),
            _ => None,
        };
        cx.begin_op_in_view(t0, h, (mode, flags), bytes, offset, view)
    }

    /// The start of a blocking transfer or flush on an object (ObjData).
    pub(crate) fn begin_obj_data<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<Option<Op>, Error> {
        let Mapping::ObjData {
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
        let flags = OpFlags::collective_if(coll);
        self.begin_obj_op(cx, t0, info, r, key, dir, req, off, flags)
    }

    /// The end of a blocking transfer on an object: complete with the bytes transferred.
    pub(crate) fn complete_obj_data<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        op: Option<Op>,
    ) -> Result<(), Error> {
        let (Some((h, id)), Mapping::ObjData { xfer, dir, .. }) = (op, info.mapping) else {
            return Ok(());
        };
        let failed = info.fail.failed(r.ret());
        let got = if failed || dir == Dir::Flush {
            0
        } else {
            field(info, r, xfer)
        };
        cx.complete_op(t1, h, got, id)
    }

    /// Operations in flight on `handle` end with it (a close without wait): Cancelled, in
    /// the order they started.
    fn cancel_in_flight<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t: u64,
        handle: u32,
    ) -> Result<(), Error> {
        let mut left: Vec<InFlight> = self
            .reqs
            .values()
            .filter(|v| v.handle == handle)
            .copied()
            .collect();
        if left.is_empty() {
            return Ok(());
        }
        left.sort_unstable_by_key(|v| v.id);
        self.reqs.retain(|_, v| v.handle != handle);
        for v in left {
            cx.cancel_op(t, v.handle, v.id)?;
        }
        Ok(())
    }

    /// An operation goes in flight under `k`. A request id reused while the converter still
    /// holds it (a completion it never saw): the old operation is closed as cancelled.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn in_flight<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t: u64,
        k: ReqKey,
        handle: u32,
        id: u64,
        bytes: u64,
        dir: Dir,
    ) -> Result<(), Error> {
        let v = InFlight {
            handle,
            id,
            bytes,
            dir,
        };
        if let Some(old) = self.reqs.insert(k, v) {
            cx.cancel_op(t, old.handle, old.id)?;
        }
        Ok(())
    }

    /// The request in field `id` completed or was cancelled (ReqDone).
    pub(crate) fn req_done<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Error> {
        let Mapping::ReqDone {
            file,
            id: idf,
            xfer,
            cancelled,
            ..
        } = info.mapping
        else {
            return Ok(());
        };
        if let Some(v) = self.reqs.remove(&req_key(info, r, file, idf)) {
            if field(info, r, cancelled) != 0 {
                cx.cancel_op(t1, v.handle, v.id)?;
            } else {
                let got = match field(info, r, xfer) {
                    u64::MAX => v.bytes,
                    g => g,
                };
                cx.complete_op(t1, v.handle, got, v.id)?;
            }
        }
        Ok(())
    }
}
