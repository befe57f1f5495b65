//! Library files as objects (an MPI_File, a netCDF or PnetCDF file id, an ADIOS engine): each
//! open object is a handle, the parent of what its library opens one layer down while a call
//! on it runs. Blocking and non-blocking transfers on objects (requests and split collectives
//! stay in flight until their completion, and are cancelled when the object closes first),
//! seeks, request tests, and containers: an ADIOS BP output is a directory whose files,
//! opened while it is open, belong to it.

use crate::kinds::*;
use crate::process::{field, mode_bytes, Err, Op, ProcessState};
use crate::sink::{OpBegin, Sink};
use crate::variables::req_key;
use definitions::GlobalDefs;
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

/// Opens and closes of library objects.
impl ProcessState<'_> {
    /// At the start of any call: a PnetCDF or ADIOS call on an open file puts that file's
    /// handle on `opening` while it runs. Whether it did.
    pub(crate) fn enter_object_context(
        &mut self,
        defs: &GlobalDefs,
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
                self.opening.push((h, defs.paradigm(info.layer)));
                return true;
            }
        }
        false
    }

    /// The start of a library open (ObjOpen: MPI_File_open ...): a new handle on the file in
    /// field `path`, used by the communicator in field `comm`, on `opening` while it runs.
    pub(crate) fn open_object(
        &mut self,
        defs: &mut GlobalDefs,
        info: &FunctionInfo,
        r: &Record,
        path: u8,
        comm: u8,
    ) -> Option<u32> {
        let file = self.file(defs, field(info, r, path), false)?;
        let c = if comm == RET {
            None
        } else {
            self.comm_map.get(&field(info, r, comm)).copied()
        };
        let h = self.new_handle_on(defs, file, info.layer, c);
        self.opening.push((h, defs.paradigm(info.layer)));
        // A BP output directory is a container from the start of its open: the engine's
        // helper threads open its files while the open call is still running.
        if info.layer == Layer::Adios {
            self.containers
                .push((h, defs.files[file as usize].name.clone()));
        }
        Some(h)
    }

    /// The end of a library open: the object is known by its identity (field `key`) from now
    /// on, replacing an object of the same identity that was never closed.
    pub(crate) fn opened_object<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        handle: Option<u32>,
    ) -> Result<(), Err> {
        let (Some(h), Mapping::ObjOpen { key, amode, .. }) = (handle, info.mapping) else {
            return Ok(());
        };
        let k = (info.layer, field(info, r, key));
        if let Some(old) = self.objs.remove(&k) {
            self.destroy(defs, s, t1, old)?;
        }
        let (mode, creation, status) = mpi_amode(field(info, r, amode));
        s.create_handle(defs, t1, h, mode, creation, status)?;
        self.objs.insert(k, h);
        Ok(())
    }

    /// A successful close of the object in field `key` (ObjClose): what it still has in
    /// flight is cancelled.
    pub(crate) fn close_object<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        key: u8,
    ) -> Result<(), Err> {
        let k = (info.layer, field(info, r, key));
        if let Some(h) = self.objs.remove(&k) {
            self.cancel_in_flight(defs, s, t1, h)?;
            self.containers.retain(|c| c.0 != h);
            self.destroy(defs, s, t1, h)?;
        }
        Ok(())
    }
}

/// Transfers and seeks on library objects, and their operations in flight.
impl ProcessState<'_> {
    /// The handle of library object `key` of the call's layer; a stand-in (the operation
    /// counted as placed on one) when the trace does not show it opened.
    pub(crate) fn obj_or_stand_in(
        &mut self,
        defs: &mut GlobalDefs,
        info: &FunctionInfo,
        key: u64,
    ) -> u32 {
        match self.objs.get(&(info.layer, key)) {
            Some(&h) => h,
            None => self.stand_in_op(defs, info.layer, key, || {
                format!("{} object {key:#x}", info.layer.identification())
            }),
        }
    }

    /// IoOperationBegin of a library operation on the object in field `key`.
    #[allow(clippy::too_many_arguments)]
    fn begin_obj_op<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
        key: u8,
        dir: Dir,
        req: u8,
        off: u8,
        flags: OpFlags,
    ) -> Result<Option<Op>, Err> {
        let h = self.obj_or_stand_in(defs, info, field(info, r, key));
        let id = self.op_id();
        let (mode, bytes) = mode_bytes(info, r, dir, req);
        let offset = if off == RET || dir == Dir::Flush {
            None
        } else {
            Some(field(info, r, off)).filter(|&o| o as i64 >= 0)
        };
        s.op_begin(
            defs,
            t0,
            OpBegin {
                handle: h,
                mode,
                flags,
                bytes,
                id,
                offset,
            },
        )?;
        Ok(Some((h, id)))
    }

    /// The start of a blocking transfer or flush on an object (ObjData).
    pub(crate) fn begin_obj_data<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<Option<Op>, Err> {
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
        self.begin_obj_op(defs, s, t0, info, r, key, dir, req, off, flags)
    }

    /// The end of a blocking transfer on an object: complete with the bytes transferred.
    pub(crate) fn complete_obj_data<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        op: Option<Op>,
    ) -> Result<(), Err> {
        let (Some((h, id)), Mapping::ObjData { xfer, dir, .. }) = (op, info.mapping) else {
            return Ok(());
        };
        let failed = info.fail.failed(r.ret());
        let got = if failed || dir == Dir::Flush {
            0
        } else {
            field(info, r, xfer)
        };
        s.op_complete(defs, t1, h, got, id)
    }

    /// The start of a non-blocking transfer on an object (ObjStart: MPI_File_iwrite, a split
    /// collective's begin).
    pub(crate) fn begin_obj_start<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<Option<Op>, Err> {
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
        self.begin_obj_op(defs, s, t0, info, r, key, dir, req, off, flags)
    }

    /// The end of a non-blocking start: the operation is issued, in flight under its request
    /// (or, for a split collective, its object).
    pub(crate) fn obj_issued<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        op: Option<Op>,
    ) -> Result<(), Err> {
        let (
            Some((h, id)),
            Mapping::ObjStart {
                id: idf, req, dir, ..
            },
        ) = (op, info.mapping)
        else {
            return Ok(());
        };
        s.op_issued(defs, t1, h, id)?;
        let k = req_key(info, r, RET, idf);
        self.in_flight(defs, s, t1, k, h, id, field(info, r, req), dir)
    }

    /// The end of a split collective (ObjEnd) started on the object in field `id`.
    pub(crate) fn obj_end<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Err> {
        let Mapping::ObjEnd { id: idf, xfer } = info.mapping else {
            return Ok(());
        };
        if let Some(v) = self.reqs.remove(&req_key(info, r, RET, idf)) {
            let failed = info.fail.failed(r.ret());
            let got = if failed { 0 } else { field(info, r, xfer) };
            s.op_complete(defs, t1, v.handle, got, v.id)?;
        }
        Ok(())
    }

    /// A successful seek on an object (ObjSeek).
    pub(crate) fn obj_seek<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Err> {
        let Mapping::ObjSeek {
            key,
            offset,
            whence: wh,
            result,
        } = info.mapping
        else {
            return Ok(());
        };
        if let Some(&h) = self.objs.get(&(info.layer, field(info, r, key))) {
            let res = field(info, r, result);
            s.seek(
                defs,
                t1,
                h,
                field(info, r, offset) as i64,
                whence(field(info, r, wh)),
                if res as i64 >= 0 { res } else { u64::MAX },
            )?;
        }
        Ok(())
    }

    /// The request in field `id` was tested and is still in flight (ReqTest).
    pub(crate) fn req_test<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        id: u8,
    ) -> Result<(), Err> {
        if let Some(v) = self.reqs.get(&req_key(info, r, RET, id)) {
            s.op_test(defs, t1, v.handle, v.id)?;
        }
        Ok(())
    }

    /// Operations in flight on `handle` end with it (a close without wait): Cancelled, in
    /// the order they started.
    fn cancel_in_flight<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t: u64,
        handle: u32,
    ) -> Result<(), Err> {
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
            s.op_cancelled(defs, t, v.handle, v.id)?;
        }
        Ok(())
    }

    /// An operation goes in flight under `k`. A request id reused while the converter still
    /// holds it (a completion it never saw): the old operation is closed as cancelled.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn in_flight<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t: u64,
        k: ReqKey,
        handle: u32,
        id: u64,
        bytes: u64,
        dir: Dir,
    ) -> Result<(), Err> {
        let v = InFlight {
            handle,
            id,
            bytes,
            dir,
        };
        if let Some(old) = self.reqs.insert(k, v) {
            s.op_cancelled(defs, t, old.handle, old.id)?;
        }
        Ok(())
    }
}

/// Collective MPI-IO calls: MpiCollectiveBegin/End with the file's communicator around
/// their I/O events (collective analyses see them as MPI collectives).
impl ProcessState<'_> {
    /// Right after the Enter of a collective MPI-IO call: its kind and communicator (the
    /// comm of MPI_File_open's argument, or of the file handle), none when not collective
    /// or the communicator is not known.
    pub(crate) fn collective_begin<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<Option<(CollOp, u32)>, Err> {
        if info.layer != Layer::MpiIo {
            return Ok(None);
        }
        let Some(op) = CollOp::of_mpi_io(info.name) else {
            return Ok(None);
        };
        let comm = match info.mapping {
            Mapping::ObjOpen { comm, .. } if comm != RET => {
                self.comm_map.get(&field(info, r, comm)).copied()
            }
            // Every other MPI_File_* function has the file handle first.
            _ => self
                .objs
                .get(&(Layer::MpiIo, field(info, r, 0)))
                .and_then(|&h| defs.handles[h as usize].comm),
        };
        let Some(comm) = comm else {
            return Ok(None);
        };
        s.collective_begin(t0)?;
        Ok(Some((op, comm)))
    }

    /// Right before the Leave of the collective call begun with `coll`: the bytes it wrote
    /// are sent, those it read received (none when it failed).
    pub(crate) fn collective_end<S: Sink>(
        &self,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        (op, comm): (CollOp, u32),
    ) -> Result<(), Err> {
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
    }
}
