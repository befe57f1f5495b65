//! The PnetCDF calls of a rank as steps of its replay: the collector's part that reads
//! PnetCDF records into [`PncStep`]s (the steps themselves: `crate::pnetcdf`).

use super::{Collector, What, PNETCDF};
use crate::pnetcdf::{
    cstring, data_kinds, FileCall, Form, Pending, PncStep, Sub, MAX_DIMS, MORE_DIMS, NOT_REPLAYABLE,
};
use io_events::codec::Record;
use io_events::functions::{Func, FUNCTIONS};
use io_model::resolve::Call;
use std::ffi::CString;

impl Collector<'_> {
    /// An event inside a PnetCDF call: kept for the call's step.
    pub(super) fn pnc_event(&mut self, thread: usize, r: &Record) {
        let f = |i: usize| r.fields.get(i).copied().unwrap_or(0);
        let p = self.pnc.pending.entry(thread).or_default();
        let four = |at: usize| std::array::from_fn(|i| f(at + i) as i64);
        match crate::func(r.func) {
            Func::ncmpi_start => {
                (p.ndims, p.form) = (f(0), p.form | f(5));
                p.subs.push(Sub {
                    start: four(1),
                    count: [1; MAX_DIMS],
                    stride: [1; MAX_DIMS],
                });
            }
            Func::ncmpi_count => p
                .subs
                .last_mut()
                .into_iter()
                .for_each(|s| s.count = four(0)),
            Func::ncmpi_strides => p
                .subs
                .last_mut()
                .into_iter()
                .for_each(|s| s.stride = four(0)),
            Func::ncmpi_dimids => p.dimids = std::array::from_fn(f),
            Func::ncmpi_request_done => p.done.push((f(1), f(3) != 0)),
            _ => {}
        }
    }

    /// A PnetCDF call not replayed (failed, or nested in another): its events dropped.
    pub(super) fn pnc_forget(&mut self, thread: usize) {
        self.pnc.pending.remove(&thread);
    }

    /// An outermost, successful PnetCDF call as a step (or skipped).
    pub(super) fn pnc_call(&mut self, c: &Call, r: &Record) {
        let func = crate::func(c.func);
        let name = func.info().name;
        let pending = self.pnc.pending.remove(&c.thread).unwrap_or_default();
        let f = |i: usize| r.fields.get(i).copied().unwrap_or(0);
        let step = match func {
            Func::ncmpi_create | Func::ncmpi_open => self.pnc_open(func == Func::ncmpi_create, r),
            Func::ncmpi_def_dim => self.pnc_def_dim(r),
            Func::ncmpi_def_var => self.pnc_def_var(r, &pending),
            Func::ncmpi_wait | Func::ncmpi_wait_all | Func::ncmpi_cancel => {
                self.pnc_wait(func, r, &pending)
            }
            _ if is_put_att(func) => self.pnc_put_att(c.func, r),
            _ if pending.form & (MORE_DIMS | NOT_REPLAYABLE) != 0 => self.not_replayable(name),
            _ => match data_kinds()[c.func as usize] {
                Some(kind) => self.pnc_data(c.func, kind, r, pending),
                None => self.pnc_file_call(func, f(0), f(1)),
            },
        };
        match step {
            Some(s) => self.push(c, What::Pnc(s)),
            None => {
                self.skip(PNETCDF);
                self.out.lib_io_skipped += !super::is_library_query(name) as u64;
            }
        }
    }

    /// A data call the record cannot rebuild: counted, for the warning.
    fn not_replayable(&mut self, name: &'static str) -> Option<PncStep> {
        *self.pnc.plan.unreplayable.entry(name).or_default() += 1;
        None
    }

    fn pnc_open(&mut self, create: bool, r: &Record) -> Option<PncStep> {
        let f = |i: usize| r.fields.get(i).copied().unwrap_or(0);
        let comm = self.comm(f(2))?;
        let path = self.path(f(0))?;
        let file = self.pnc.plan.files;
        self.pnc.plan.files += 1;
        self.pnc.files.insert(f(3), file);
        let mode = f(4) as i32;
        Some(PncStep::Open {
            create,
            comm,
            path,
            mode,
            file,
        })
    }

    /// A name field as a C string.
    fn pnc_name(&self, id: u64) -> Option<CString> {
        cstring(self.p.name(id)?)
    }

    fn pnc_def_dim(&mut self, r: &Record) -> Option<PncStep> {
        let f = |i: usize| r.fields.get(i).copied().unwrap_or(0);
        let file = *self.pnc.files.get(&f(0))?;
        let name = self.pnc_name(f(1))?;
        let dim = self.pnc.plan.dims;
        self.pnc.plan.dims += 1;
        self.pnc.dims.insert((file, f(3)), dim);
        Some(PncStep::DefDim {
            file,
            name,
            len: f(2) as i64,
            dim,
        })
    }

    fn pnc_def_var(&mut self, r: &Record, p: &Pending) -> Option<PncStep> {
        let f = |i: usize| r.fields.get(i).copied().unwrap_or(0);
        let file = *self.pnc.files.get(&f(0))?;
        let ndims = f(3) as usize;
        if ndims > MAX_DIMS || p.dimids[0] != ndims as u64 {
            *self
                .pnc
                .plan
                .unreplayable
                .entry("ncmpi_def_var")
                .or_default() += 1;
            return None;
        }
        let mut dims = [0u32; MAX_DIMS];
        for (i, d) in dims.iter_mut().enumerate().take(ndims) {
            *d = *self.pnc.dims.get(&(file, p.dimids[1 + i]))?;
        }
        let var_name = self.p.name(f(1))?.to_string();
        let name = cstring(&var_name)?;
        let var = self.pnc_var_slot(file, var_name);
        self.pnc.vars.insert((file, f(4)), var);
        Some(PncStep::DefVar {
            file,
            name,
            xtype: f(2) as i32,
            ndims: ndims as u32,
            dims,
            var,
        })
    }

    /// The slot of variable `name` of file slot `file` (made at its first use).
    fn pnc_var_slot(&mut self, file: u32, name: String) -> u32 {
        let plan = &mut self.pnc.plan;
        *self
            .pnc
            .var_names
            .entry((file, name))
            .or_insert_with_key(|(_, n)| {
                plan.vars
                    .push((file, CString::new(n.as_str()).unwrap_or_default()));
                plan.vars.len() as u32 - 1
            })
    }

    /// The slot of a function called by name.
    fn pnc_sym(&mut self, func: u16) -> u32 {
        let plan = &mut self.pnc.plan;
        *self.pnc.syms.entry(func).or_insert_with(|| {
            let name = FUNCTIONS[func as usize].name;
            plan.syms.push(CString::new(name).unwrap_or_default());
            plan.syms.len() as u32 - 1
        })
    }

    /// ncmpi_put_att*: [ncid, varid, name, bytes, xtype, len].
    fn pnc_put_att(&mut self, func: u16, r: &Record) -> Option<PncStep> {
        let f = |i: usize| r.fields.get(i).copied().unwrap_or(0);
        let file = *self.pnc.files.get(&f(0))?;
        let var = match f(1) as i64 {
            -1 => None,
            _ => Some(*self.pnc.vars.get(&(file, f(1)))?),
        };
        let name = self.pnc_name(f(2))?;
        let (xtype, len) = (f(4) as i32, f(5) as i64);
        let plan = &mut self.pnc.plan;
        plan.max_bytes = plan.max_bytes.max(f(5).saturating_mul(8));
        let typed = crate::func(func) != Func::ncmpi_put_att_text;
        Some(PncStep::PutAtt {
            file,
            var,
            name,
            sym: self.pnc_sym(func),
            typed,
            xtype,
            len,
        })
    }

    /// A data call: [ncid, var, elements, bytes, (request)] and its subarrays.
    fn pnc_data(
        &mut self,
        func: u16,
        (write, nb, form, flex): (bool, bool, Form, bool),
        r: &Record,
        p: Pending,
    ) -> Option<PncStep> {
        let f = |i: usize| r.fields.get(i).copied().unwrap_or(0);
        let file = *self.pnc.files.get(&f(0))?;
        let subs_ok = match form {
            Form::Var => true,
            Form::Varn => !p.subs.is_empty() || p.ndims == 0,
            _ => p.subs.len() == 1,
        };
        if !subs_ok || p.ndims as usize > MAX_DIMS {
            return None;
        }
        let var = self.pnc_var_slot(file, self.p.name(f(1))?.to_string());
        let plan = &mut self.pnc.plan;
        let (first, n) = (plan.subs.len() as u32, p.subs.len() as u32);
        plan.subs.extend(p.subs);
        plan.max_subs = plan.max_subs.max(n);
        let bytes = f(3);
        plan.max_bytes = plan.max_bytes.max(bytes).max(f(2).saturating_mul(8));
        let req = nb.then(|| {
            let slot = plan.requests;
            plan.requests += 1;
            plan.req_bytes.push((bytes, write));
            self.pnc.reqs.insert((file, f(4)), slot);
            slot
        });
        Some(PncStep::Data {
            file,
            var,
            sym: self.pnc_sym(func),
            form,
            flex,
            write,
            req,
            first,
            n,
            bytes,
            esize: bytes.checked_div(f(2)).unwrap_or(0),
        })
    }

    /// ncmpi_wait / wait_all / cancel: [ncid, count]; the requests it ended, from its events.
    fn pnc_wait(&mut self, func: Func, r: &Record, p: &Pending) -> Option<PncStep> {
        let f = |i: usize| r.fields.get(i).copied().unwrap_or(0);
        let file = *self.pnc.files.get(&f(0))?;
        let count = f(1) as i64;
        let all = if count < 0 { count as i32 } else { 0 };
        let first = self.pnc.plan.completed.len() as u32;
        for (id, _) in &p.done {
            if let Some(slot) = self.pnc.reqs.remove(&(file, *id)) {
                self.pnc.plan.completed.push(slot);
            }
        }
        Some(PncStep::Wait {
            file,
            coll: func == Func::ncmpi_wait_all,
            cancel: func == Func::ncmpi_cancel,
            all,
            first,
            count: self.pnc.plan.completed.len() as u32 - first,
        })
    }

    /// Calls with the file and at most one number: [ncid, (fillmode | bytes)].
    fn pnc_file_call(&mut self, func: Func, ncid: u64, arg: u64) -> Option<PncStep> {
        let file = *self.pnc.files.get(&ncid)?;
        let what = match func {
            Func::ncmpi_close => {
                self.pnc.files.remove(&ncid);
                return Some(PncStep::Close { file });
            }
            Func::ncmpi_set_fill => {
                let mode = arg as i32;
                return Some(PncStep::SetFill { file, mode });
            }
            Func::ncmpi_buffer_attach => {
                let bytes = arg as i64;
                return Some(PncStep::BufferAttach { file, bytes });
            }
            Func::ncmpi_enddef => FileCall::Enddef,
            Func::ncmpi_redef => FileCall::Redef,
            Func::ncmpi_begin_indep_data => FileCall::BeginIndep,
            Func::ncmpi_end_indep_data => FileCall::EndIndep,
            Func::ncmpi_sync => FileCall::Sync,
            Func::ncmpi_flush => FileCall::Flush,
            Func::ncmpi_buffer_detach => FileCall::BufferDetach,
            _ => return None,
        };
        Some(PncStep::OnFile { file, what })
    }
}

/// ncmpi_put_att and its typed forms.
fn is_put_att(f: Func) -> bool {
    matches!(
        f,
        Func::ncmpi_put_att
            | Func::ncmpi_put_att_double
            | Func::ncmpi_put_att_float
            | Func::ncmpi_put_att_int
            | Func::ncmpi_put_att_long
            | Func::ncmpi_put_att_longlong
            | Func::ncmpi_put_att_schar
            | Func::ncmpi_put_att_short
            | Func::ncmpi_put_att_text
            | Func::ncmpi_put_att_ubyte
            | Func::ncmpi_put_att_uchar
            | Func::ncmpi_put_att_uint
            | Func::ncmpi_put_att_ulonglong
            | Func::ncmpi_put_att_ushort
    )
}
