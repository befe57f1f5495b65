//! A rank's PnetCDF steps (io_replay::pnetcdf plans them) through src/pnetcdf.c.
//! Nothing is allocated per call: ncids, dimension, variable and request ids are slots made
//! before the first step, a variable of a file the replay opened (not defined) is looked up
//! by name at its first use, data moves through two buffers of the largest transfer.
//! Built without PnetCDF, [`check`] refuses a plan with PnetCDF steps and the engine is
//! an empty shell (hence the allowances).
#![cfg_attr(not(replay_pnetcdf), allow(dead_code, unused_imports))]

use io_replay::pnetcdf::{PncPlan, PncStep, Sub};
use io_replay::Totals;
use std::ffi::{c_char, c_int, c_void};

#[cfg(replay_pnetcdf)]
extern "C" {
    fn rr_pnc_open(
        create: c_int,
        comm: u64,
        path: *const c_char,
        mode: c_int,
        ncid: *mut c_int,
    ) -> c_int;
    fn rr_pnc_close(ncid: c_int) -> c_int;
    fn rr_pnc_on_file(ncid: c_int, what: c_int) -> c_int;
    fn rr_pnc_set_fill(ncid: c_int, mode: c_int) -> c_int;
    fn rr_pnc_buffer_attach(ncid: c_int, bytes: i64) -> c_int;
    fn rr_pnc_def_dim(ncid: c_int, name: *const c_char, len: i64, dimid: *mut c_int) -> c_int;
    fn rr_pnc_def_var(
        ncid: c_int,
        name: *const c_char,
        xtype: c_int,
        ndims: c_int,
        dimids: *const c_int,
        varid: *mut c_int,
    ) -> c_int;
    fn rr_pnc_inq_varid(ncid: c_int, name: *const c_char, varid: *mut c_int) -> c_int;
    fn rr_pnc_symbol(name: *const c_char) -> *mut c_void;
    fn rr_pnc_put_att(
        f: *mut c_void,
        typed: c_int,
        ncid: c_int,
        varid: c_int,
        name: *const c_char,
        xtype: c_int,
        len: i64,
        buf: *const c_void,
    ) -> c_int;
    fn rr_pnc_data(
        f: *mut c_void,
        form: c_int,
        flex: c_int,
        nb: c_int,
        ncid: c_int,
        varid: c_int,
        num: c_int,
        start: *const i64,
        count: *const i64,
        stride: *const i64,
        starts: *const *const i64,
        counts: *const *const i64,
        buf: *mut c_void,
        bufcount: i64,
        req: *mut c_int,
    ) -> c_int;
    fn rr_pnc_wait(
        ncid: c_int,
        coll: c_int,
        cancel: c_int,
        count: c_int,
        reqs: *mut c_int,
        statuses: *mut c_int,
    ) -> c_int;
    fn rr_pnc_req_null() -> c_int;
}

/// Whether this binary can replay a plan (`steps`: one with PnetCDF steps).
pub fn check(steps: bool) -> Result<(), String> {
    if !steps || cfg!(replay_pnetcdf) {
        return Ok(());
    }
    Err("built without PnetCDF (pkg-config pnetcdf found none): replay this trace with --layer mpiio, or rebuild with libpnetcdf-dev installed".into())
}

/// NC_GLOBAL: the variable id of a file's own attributes.
const NC_GLOBAL: c_int = -1;

pub struct PncEngine<'a> {
    plan: &'a PncPlan,
    ncids: Vec<c_int>,
    dimids: Vec<c_int>,
    varids: Vec<c_int>,
    syms: Vec<*mut c_void>,
    reqs: Vec<c_int>,
    /// Per request slot: in flight (started, not yet waited for) and its file slot.
    in_flight: Vec<bool>,
    req_file: Vec<u32>,
    wait_reqs: Vec<c_int>,
    wait_slots: Vec<u32>,
    statuses: Vec<c_int>,
    starts: Vec<*const i64>,
    counts: Vec<*const i64>,
    wbuf: Vec<u8>,
    rbuf: Vec<u8>,
    pub row: Totals,
}

#[cfg(replay_pnetcdf)]
impl<'a> PncEngine<'a> {
    /// Slots and buffers for `plan`; the functions called by name found (a missing one is
    /// reported by the calls that need it, as failed).
    pub fn new(plan: &'a PncPlan) -> Self {
        let n = plan.requests as usize;
        let buf = plan.max_bytes.min(i32::MAX as u64) as usize;
        // SAFETY: NUL-terminated names; a lookup without side effects.
        let syms = plan
            .syms
            .iter()
            .map(|s| unsafe { rr_pnc_symbol(s.as_ptr()) });
        PncEngine {
            plan,
            ncids: vec![-1; plan.files as usize],
            dimids: vec![-1; plan.dims as usize],
            varids: vec![-1; plan.vars.len()],
            syms: syms.collect(),
            // SAFETY: a constant.
            reqs: vec![unsafe { rr_pnc_req_null() }; n],
            in_flight: vec![false; n],
            req_file: vec![0; n],
            wait_reqs: Vec::with_capacity(n),
            wait_slots: Vec::with_capacity(n),
            statuses: Vec::with_capacity(n),
            starts: Vec::with_capacity(plan.max_subs as usize),
            counts: Vec::with_capacity(plan.max_subs as usize),
            wbuf: vec![0; buf],
            rbuf: vec![0; buf],
            row: Totals::default(),
        }
    }

    /// Re-issue `s` (`comms`: the live communicators by slot): PnetCDF's return code.
    pub fn issue(&mut self, s: &PncStep, comms: &[u64]) -> i32 {
        // SAFETY: slots sized by the plan; NUL-terminated names and paths; buffers of the
        // plan's largest transfer; arrays of the lengths passed.
        unsafe {
            match *s {
                PncStep::Open {
                    create,
                    comm,
                    ref path,
                    mode,
                    file,
                } => {
                    let ncid = &mut self.ncids[file as usize];
                    rr_pnc_open(
                        create as c_int,
                        comms[comm as usize],
                        path.as_ptr(),
                        mode,
                        ncid,
                    )
                }
                PncStep::Close { file } => rr_pnc_close(self.ncid(file)),
                PncStep::OnFile { file, what } => rr_pnc_on_file(self.ncid(file), what as c_int),
                PncStep::SetFill { file, mode } => rr_pnc_set_fill(self.ncid(file), mode),
                PncStep::BufferAttach { file, bytes } => {
                    rr_pnc_buffer_attach(self.ncid(file), bytes)
                }
                PncStep::DefDim {
                    file,
                    ref name,
                    len,
                    dim,
                } => {
                    let id = &mut self.dimids[dim as usize];
                    rr_pnc_def_dim(self.ncids[file as usize], name.as_ptr(), len, id)
                }
                _ => self.issue_more(s),
            }
        }
    }

    fn ncid(&self, file: u32) -> c_int {
        self.ncids[file as usize]
    }

    unsafe fn issue_more(&mut self, s: &PncStep) -> i32 {
        match *s {
            PncStep::DefVar {
                file,
                ref name,
                xtype,
                ndims,
                dims,
                var,
            } => {
                let ids: [c_int; 4] =
                    std::array::from_fn(|i| match self.dimids.get(dims[i] as usize) {
                        Some(&d) if i < ndims as usize => d,
                        _ => 0,
                    });
                let varid = &mut self.varids[var as usize];
                let ncid = self.ncids[file as usize];
                rr_pnc_def_var(
                    ncid,
                    name.as_ptr(),
                    xtype,
                    ndims as c_int,
                    ids.as_ptr(),
                    varid,
                )
            }
            PncStep::PutAtt {
                file,
                var,
                ref name,
                sym,
                typed,
                xtype,
                len,
            } => {
                let varid = var.map_or(NC_GLOBAL, |v| self.varids[v as usize]);
                let (f, buf) = (self.syms[sym as usize], self.wbuf.as_ptr().cast());
                let ncid = self.ncid(file);
                rr_pnc_put_att(
                    f,
                    typed as c_int,
                    ncid,
                    varid,
                    name.as_ptr(),
                    xtype,
                    len,
                    buf,
                )
            }
            PncStep::Data { .. } => self.data(s),
            PncStep::Wait {
                file,
                coll,
                cancel,
                all,
                first,
                count,
            } => self.wait(file, (coll, cancel), all, first as usize, count as usize),
            _ => 0,
        }
    }

    /// The live id of variable slot `var`: defined by the replay, or looked up by name.
    unsafe fn varid(&mut self, var: u32) -> c_int {
        let v = var as usize;
        if self.varids[v] < 0 {
            let (file, ref name) = self.plan.vars[v];
            rr_pnc_inq_varid(self.ncid(file), name.as_ptr(), &mut self.varids[v]);
        }
        self.varids[v]
    }

    unsafe fn data(&mut self, s: &PncStep) -> i32 {
        let PncStep::Data {
            file,
            var,
            sym,
            form,
            flex,
            write,
            req,
            first,
            n,
            bytes,
            esize,
        } = *s
        else {
            return 0;
        };
        let plan = self.plan;
        let subs: &[Sub] = &plan.subs[first as usize..(first + n) as usize];
        self.starts.clear();
        self.counts.clear();
        self.starts.extend(subs.iter().map(|s| s.start.as_ptr()));
        self.counts.extend(subs.iter().map(|s| s.count.as_ptr()));
        let one = subs.first();
        let (start, count, stride) = one.map_or(
            (std::ptr::null(), std::ptr::null(), std::ptr::null()),
            |s| (s.start.as_ptr(), s.count.as_ptr(), s.stride.as_ptr()),
        );
        let varid = self.varid(var);
        let buf: *mut c_void = if write {
            self.wbuf.as_mut_ptr().cast()
        } else {
            self.rbuf.as_mut_ptr().cast()
        };
        let mut ignored = 0;
        let out = match req {
            Some(r) => &mut self.reqs[r as usize],
            None => &mut ignored,
        };
        let (f, ncid) = (self.syms[sym as usize], self.ncids[file as usize]);
        let (num, starts, counts) = (n as c_int, self.starts.as_ptr(), self.counts.as_ptr());
        let nb = req.is_some() as c_int;
        // Flexible forms: bytes / esize elements of the predefined type of that size.
        let flex = if flex { esize.min(8) as c_int } else { 0 };
        let elements = bytes.checked_div(esize).unwrap_or(0) as i64;
        let rc = rr_pnc_data(
            f,
            form as c_int,
            flex,
            nb,
            ncid,
            varid,
            num,
            start,
            count,
            stride,
            starts,
            counts,
            buf,
            elements,
            out,
        );
        match (rc, req) {
            (0, Some(r)) => {
                self.in_flight[r as usize] = true;
                self.req_file[r as usize] = file;
            }
            (0, None) => self.count(write, bytes),
            _ => {}
        }
        rc
    }

    fn count(&mut self, write: bool, bytes: u64) {
        let r = &mut self.row;
        if write {
            r.bytes_written += bytes;
            r.orig_bytes_written += bytes;
        } else {
            r.bytes_read += bytes;
            r.orig_bytes_read += bytes;
        }
    }

    /// A wait, wait_all or cancel of the slots `plan.completed[first..first + count]`, or of
    /// every pending request (`all` < 0); completed requests' bytes counted.
    unsafe fn wait(
        &mut self,
        file: u32,
        (coll, cancel): (bool, bool),
        all: i32,
        first: usize,
        count: usize,
    ) -> i32 {
        self.wait_slots.clear();
        if all < 0 {
            let pending = (0..self.reqs.len() as u32)
                .filter(|&s| self.in_flight[s as usize] && self.req_file[s as usize] == file);
            self.wait_slots.extend(pending);
        } else {
            self.wait_slots
                .extend(&self.plan.completed[first..first + count]);
        }
        self.wait_reqs.clear();
        self.wait_reqs
            .extend(self.wait_slots.iter().map(|&s| self.reqs[s as usize]));
        self.statuses.clear();
        self.statuses.resize(self.wait_slots.len(), 0);
        let n = if all < 0 {
            all
        } else {
            self.wait_reqs.len() as c_int
        };
        let (reqs, sts) = (self.wait_reqs.as_mut_ptr(), self.statuses.as_mut_ptr());
        let rc = rr_pnc_wait(
            self.ncid(file),
            coll as c_int,
            cancel as c_int,
            n,
            reqs,
            sts,
        );
        for i in 0..self.wait_slots.len() {
            let s = self.wait_slots[i] as usize;
            self.in_flight[s] = false;
            let ok = rc == 0 && (all < 0 || self.statuses[i] == 0);
            if ok && !cancel {
                let (bytes, write) = self.plan.req_bytes[s];
                self.count(write, bytes);
            }
        }
        rc
    }
}

#[cfg(not(replay_pnetcdf))]
impl<'a> PncEngine<'a> {
    pub fn new(plan: &'a PncPlan) -> Self {
        PncEngine {
            plan,
            ncids: Vec::new(),
            dimids: Vec::new(),
            varids: Vec::new(),
            syms: Vec::new(),
            reqs: Vec::new(),
            in_flight: Vec::new(),
            req_file: Vec::new(),
            wait_reqs: Vec::new(),
            wait_slots: Vec::new(),
            statuses: Vec::new(),
            starts: Vec::new(),
            counts: Vec::new(),
            wbuf: Vec::new(),
            rbuf: Vec::new(),
            row: Totals::default(),
        }
    }
    /// Unreachable: [`check`] refused the plan.
    pub fn issue(&mut self, _s: &PncStep, _comms: &[u64]) -> i32 {
        -1
    }
}
