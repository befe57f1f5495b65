//! Named variables of netCDF, PnetCDF and ADIOS files: a transfer on a variable is an
//! operation on its file's handle, with the variable's name (and its selection) as
//! attributes. Non-blocking ones (PnetCDF iput/iget/bput, ADIOS deferred puts and gets) stay
//! in flight under their request id until a wait completes them, one request or all of a
//! file's at once. Whether that completion is collective (ncmpi_wait_all) is seen only at its
//! end while the start's Begin needs it: a first pass over the process's records
//! ([`collective_starts`]) finds those starts.

use crate::calls::CallTrees;
use crate::kinds::*;
use crate::objects::{InFlight, ReqKey};
use crate::process::{field, mode_bytes, Err, Op, ProcessState};
use crate::sink::{OpBegin, Sink};
use crate::trace::ProcessTrace;
use definitions::{
    GlobalDefs, ATTR_ADIOS_SELECTION, ATTR_ADIOS_VARIABLE, ATTR_NC_SELECTION, ATTR_NC_VARIABLE,
};
use hashbrown::{HashMap, HashSet};
use io_events::codec::Record;
use io_events::functions::{Dir, FunctionInfo, Layer, Mapping, FUNCTIONS, RET};

/// The attributes naming a library variable and its selection, by layer.
fn variable_attrs(layer: Layer) -> (u32, u32) {
    if layer == Layer::Adios {
        (ATTR_ADIOS_VARIABLE, ATTR_ADIOS_SELECTION)
    } else {
        (ATTR_NC_VARIABLE, ATTR_NC_SELECTION)
    }
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
fn which_covers(which: u64, dir: Dir) -> bool {
    match which {
        1 => dir == Dir::Read,
        2 => dir == Dir::Write,
        _ => true,
    }
}

/// Transfers on named variables.
impl ProcessState<'_> {
    /// IoOperationBegin of a transfer on a named variable of the library file in field
    /// `file` (netCDF, PnetCDF, ADIOS), with the variable's name as attribute.
    #[allow(clippy::too_many_arguments)]
    fn begin_named_op<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
        (file, name, dir, req): (u8, u8, Dir, u8),
        flags: OpFlags,
    ) -> Result<Option<Op>, Err> {
        let h = self.obj_or_stand_in(defs, info, field(info, r, file));
        let id = self.op_id();
        let (mode, bytes) = mode_bytes(info, r, dir, req);
        let text = self.p.name(field(info, r, name)).unwrap_or("(unnamed)");
        let name = defs.strings.id(text);
        s.attr_string(variable_attrs(info.layer).0, name)?;
        s.op_begin(
            defs,
            t0,
            OpBegin {
                handle: h,
                mode,
                flags,
                bytes,
                id,
                offset: None,
            },
        )?;
        Ok(Some((h, id)))
    }

    /// The start of a blocking transfer on a variable (NamedData: nc_put_vara ...).
    pub(crate) fn begin_named_data<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<Option<Op>, Err> {
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
        self.begin_named_op(defs, s, t0, info, r, (file, name, dir, req), flags)
    }

    /// The end of a blocking transfer on a variable: its selection, complete.
    pub(crate) fn complete_named_data<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        op: Option<Op>,
    ) -> Result<(), Err> {
        let Mapping::NamedData { xfer, .. } = info.mapping else {
            return Ok(());
        };
        let sel = variable_attrs(info.layer).1;
        self.attach_selection(defs, s, sel, op.is_some())?;
        if let Some((h, id)) = op {
            let failed = info.fail.failed(r.ret());
            let got = if failed { 0 } else { field(info, r, xfer) };
            s.op_complete(defs, t1, h, got, id)?;
        }
        Ok(())
    }

    /// The start of a non-blocking transfer on a variable (NamedStart): NON_BLOCKING unless
    /// its id says nothing stays in flight, COLLECTIVE when the first pass found that a
    /// collective call completes it.
    pub(crate) fn begin_named_start<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<Option<Op>, Err> {
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
            let n = self.starts_seen[self.thread];
            self.starts_seen[self.thread] += 1;
            let coll = self.collective_starts.contains(&(self.thread, n));
            flags = OpFlags::NON_BLOCKING | OpFlags::collective_if(coll);
        }
        self.begin_named_op(defs, s, t0, info, r, (file, name, dir, req), flags)
    }

    /// The end of a non-blocking start on a variable: its selection; the operation is issued
    /// and in flight under its request, or complete when nothing stays in flight.
    pub(crate) fn named_issued<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        op: Option<Op>,
    ) -> Result<(), Err> {
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
        self.attach_selection(defs, s, sel, op.is_some())?;
        if let Some((h, id)) = op {
            let bytes = field(info, r, req);
            if field(info, r, idf) == u64::MAX {
                s.op_complete(defs, t1, h, bytes, id)?;
            } else {
                s.op_issued(defs, t1, h, id)?;
                let k = req_key(info, r, file, idf);
                self.in_flight(defs, s, t1, k, h, id, bytes, dir)?;
            }
        }
        Ok(())
    }
}

/// Completions of requests in flight.
impl ProcessState<'_> {
    /// The request in field `id` completed or was cancelled (ReqDone).
    pub(crate) fn req_done<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Err> {
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
                s.op_cancelled(defs, t1, v.handle, v.id)?;
            } else {
                let got = match field(info, r, xfer) {
                    u64::MAX => v.bytes,
                    g => g,
                };
                s.op_complete(defs, t1, v.handle, got, v.id)?;
            }
        }
        Ok(())
    }

    /// Every request in flight on the object in field `file` that field `which` covers
    /// completed as requested or was cancelled (ReqsDone), in the order they started.
    pub(crate) fn reqs_done<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
    ) -> Result<(), Err> {
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
        let mut done: Vec<(ReqKey, InFlight)> = self
            .reqs
            .iter()
            .filter(|(k, v)| k.0 == info.layer && k.1 == owner && which_covers(wh, v.dir))
            .map(|(k, v)| (*k, *v))
            .collect();
        done.sort_unstable_by_key(|(_, v)| v.id);
        for (k, v) in done {
            self.reqs.remove(&k);
            if field(info, r, cancelled) != 0 {
                s.op_cancelled(defs, t1, v.handle, v.id)?;
            } else {
                s.op_complete(defs, t1, v.handle, v.bytes, v.id)?;
            }
        }
        Ok(())
    }
}

/// The non-blocking starts (NamedStart records, as (thread, n-th start of the thread)) whose
/// request a collective call completes (ncmpi_wait_all): their Begin carries COLLECTIVE,
/// which is known only once the completion is seen, hence this first pass. Only processes
/// that used PnetCDF are read twice; a request completed on another thread than the one
/// that started it keeps NON_BLOCKING alone.
pub(crate) fn collective_starts(p: &ProcessTrace) -> Result<HashSet<(usize, u64)>, Err> {
    let mut out = HashSet::new();
    if !p.meta.options.contains_key("pnetcdf") {
        return Ok(out);
    }
    let coll = |info: &FunctionInfo, r: &Record, c: u8| c != RET && field(info, r, c) != 0;
    for (ti, (_, path, _)) in p.threads.iter().enumerate() {
        let mut n = 0u64;
        let mut pending: HashMap<ReqKey, (u64, Dir)> = HashMap::new();
        let mut trees = CallTrees::open(path, p.func_map.clone()).map_err(|e| e.to_string())?;
        while let Some(tree) = trees.next_tree().map_err(|e| e.to_string())? {
            for r in tree.iter() {
                let info = &FUNCTIONS[r.func as usize];
                match info.mapping {
                    Mapping::NamedStart { file, dir, id, .. }
                        if !info.fail.failed(r.ret()) && field(info, r, id) != u64::MAX =>
                    {
                        pending.insert(req_key(info, r, file, id), (n, dir));
                        n += 1;
                    }
                    Mapping::ReqDone {
                        file, id, coll: c, ..
                    } => {
                        if let Some((k, _)) = pending.remove(&req_key(info, r, file, id)) {
                            if coll(info, r, c) {
                                out.insert((ti, k));
                            }
                        }
                    }
                    Mapping::ReqsDone {
                        file,
                        which,
                        coll: c,
                        ..
                    } => {
                        let (owner, wh) = (field(info, r, file), field(info, r, which));
                        let all = coll(info, r, c);
                        pending.retain(|key, (k, d)| {
                            let hit = key.0 == info.layer && key.1 == owner && which_covers(wh, *d);
                            if hit && all {
                                out.insert((ti, *k));
                            }
                            !hit
                        });
                    }
                    _ => {}
                }
            }
            trees.recycle(tree);
        }
    }
    Ok(out)
}
