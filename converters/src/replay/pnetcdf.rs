//! The replay of one MPI rank at the PnetCDF layer (planning only; `replay-mpi/` calls
//! PnetCDF): every successful PnetCDF call that is the outermost PnetCDF call of its stack,
//! on a file kept by `--only`, becomes a step; the MPI-IO and POSIX calls it made are not
//! replayed (the replay's PnetCDF makes its own).
//!
//! - Files: ncmpi_create / ncmpi_open with the recorded mode (the raw NC_* bits) and
//!   communicator; close, sync, flush; define mode (def_dim, def_var, put_att, enddef,
//!   redef, set_fill), begin/end_indep_data, buffer_attach/detach.
//! - Data calls by the recorded function itself (called by name: the same type, form and
//!   collectiveness), with the recorded start, count and stride (`ncmpi_start`,
//!   `ncmpi_count`, `ncmpi_strides` events, up to 4 dimensions; a varn's subarrays one event
//!   pair each); flexible forms with a predefined MPI type of the recorded bytes per element
//!   (the original's derived buffer type is not recorded).
//!   Variables are found by name: defined by the replay, or looked up in a file it opened.
//! - iput/iget/bput get request slots; ncmpi_wait / wait_all / cancel complete the slots of
//!   the requests the original completed (its `ncmpi_request_done` events), or all pending
//!   ones (NC_REQ_ALL and its kin) as recorded.
//! - Not replayable, counted as skipped and named in a warning: varm (imap not recorded),
//!   vard (the file type), more than 4 dimensions, a varn with more subarrays than recorded,
//!   ncmpi__enddef (its alignments), and the calls not listed here.

use super::mpiio::{Collector, What, PNETCDF};
use io_events::codec::Record;
use io_events::functions::FUNCTIONS;
use io_model::resolve::Call;
use std::collections::{BTreeMap, HashMap};
use std::ffi::CString;

/// Dimensions recorded per subarray.
pub const MAX_DIMS: usize = 4;
/// `ncmpi_start`'s form bits (recorder-otf2/src/mpi/pnetcdf.rs).
const MORE_DIMS: u64 = 1;
const NOT_REPLAYABLE: u64 = 2;

/// A data call's form, as the executor calls it (its C signature).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    Var = 0,
    Var1 = 1,
    Vara = 2,
    Vars = 3,
    Varn = 4,
}

/// One subarray of a data call (MPI_Offsets; dimensions past the variable's are 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sub {
    pub start: [i64; MAX_DIMS],
    pub count: [i64; MAX_DIMS],
    pub stride: [i64; MAX_DIMS],
}

/// Calls on an open file with no argument but the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileCall {
    Enddef = 0,
    Redef = 1,
    BeginIndep = 2,
    EndIndep = 3,
    Sync = 4,
    Flush = 5,
    BufferDetach = 6,
}

/// What a rank re-issues through PnetCDF; `file`, `dim`, `var`, `req`, `sym` are slots.
#[derive(Clone, Debug)]
pub enum PncStep {
    Open {
        create: bool,
        comm: u32,
        path: CString,
        mode: i32,
        file: u32,
    },
    Close {
        file: u32,
    },
    OnFile {
        file: u32,
        what: FileCall,
    },
    SetFill {
        file: u32,
        mode: i32,
    },
    BufferAttach {
        file: u32,
        bytes: i64,
    },
    DefDim {
        file: u32,
        name: CString,
        len: i64,
        dim: u32,
    },
    DefVar {
        file: u32,
        name: CString,
        xtype: i32,
        ndims: u32,
        dims: [u32; MAX_DIMS],
        var: u32,
    },
    /// `var` None: NC_GLOBAL; `typed`: the function takes the type (all but text).
    PutAtt {
        file: u32,
        var: Option<u32>,
        name: CString,
        sym: u32,
        typed: bool,
        xtype: i32,
        len: i64,
    },
    /// Subarrays `PncPlan::subs[first..first + n]`; `req` the slot of a non-blocking one.
    Data {
        file: u32,
        var: u32,
        sym: u32,
        form: Form,
        flex: bool,
        write: bool,
        req: Option<u32>,
        first: u32,
        n: u32,
        bytes: u64,
        /// A flexible form's bytes per element in memory (its MPI type chosen by size).
        esize: u64,
    },
    /// `all` 0: the slots `PncPlan::completed[first..first + count]`; else NC_REQ_ALL and
    /// its kin, as recorded.
    Wait {
        file: u32,
        coll: bool,
        cancel: bool,
        all: i32,
        first: u32,
        count: u32,
    },
}

/// A rank's PnetCDF replay beyond its steps: slot counts and the tables steps index.
#[derive(Debug, Default)]
pub struct PncPlan {
    pub files: u32,
    pub dims: u32,
    /// Per variable slot: its file slot and name (looked up in a file the replay opened).
    pub vars: Vec<(u32, CString)>,
    /// Functions called by name (data and attribute puts).
    pub syms: Vec<CString>,
    pub subs: Vec<Sub>,
    pub completed: Vec<u32>,
    pub requests: u32,
    /// Per request slot: its bytes and direction (counted when a wait completes it).
    pub req_bytes: Vec<(u64, bool)>,
    /// The largest transfer or attribute (the buffers' size), the most subarrays of a call.
    pub max_bytes: u64,
    pub max_subs: u32,
    /// Calls not replayable, by function.
    pub unreplayable: BTreeMap<&'static str, u64>,
}

/// The events of the PnetCDF call in progress on a thread (they come before it ends; the
/// recorder writes them after the real call, so after any call nested in it).
#[derive(Default)]
struct Pending {
    subs: Vec<Sub>,
    form: u64,
    ndims: u64,
    dimids: [u64; MAX_DIMS + 1],
    /// Requests it ended: (recorded id, cancelled).
    done: Vec<(u64, bool)>,
}

/// What the planner follows as a rank's calls come.
#[derive(Default)]
pub(super) struct PncState {
    pub(super) plan: PncPlan,
    /// Recorded ncid -> file slot; (file, recorded dimid / varid / request id) -> slot.
    files: HashMap<u64, u32>,
    dims: HashMap<(u32, u64), u32>,
    vars: HashMap<(u32, u64), u32>,
    var_names: HashMap<(u32, String), u32>,
    syms: HashMap<u16, u32>,
    reqs: HashMap<(u32, u64), u32>,
    pending: HashMap<usize, Pending>,
}

/// A data function's name as (direction write, non-blocking, form, flexible), or None for
/// one the replay cannot rebuild (varm, vard) or not a data function.
fn data_kind(name: &str) -> Option<(bool, bool, Form, bool)> {
    let (kind, rest) = name.strip_prefix("ncmpi_")?.split_once("_var")?;
    let (write, nb) = match kind {
        "put" => (true, false),
        "get" => (false, false),
        "iput" | "bput" => (true, true),
        "iget" => (false, true),
        _ => return None,
    };
    let rest = rest.strip_suffix("_all").unwrap_or(rest);
    let (form, ty) = match rest.as_bytes().first() {
        None | Some(b'_') => (Form::Var, rest),
        Some(b'1') => (Form::Var1, &rest[1..]),
        Some(b'a') => (Form::Vara, &rest[1..]),
        Some(b's') => (Form::Vars, &rest[1..]),
        Some(b'n') => (Form::Varn, &rest[1..]),
        _ => return None,
    };
    Some((write, nb, form, ty.is_empty()))
}

fn cstring(s: &str) -> Option<CString> {
    CString::new(s).ok()
}

impl Collector<'_> {
    /// An event inside a PnetCDF call: kept for the call's step.
    pub(super) fn pnc_event(&mut self, thread: usize, r: &Record) {
        let f = |i: usize| r.fields.get(i).copied().unwrap_or(0);
        let p = self.pnc.pending.entry(thread).or_default();
        let four = |at: usize| std::array::from_fn(|i| f(at + i) as i64);
        match FUNCTIONS[r.func as usize].name {
            "ncmpi_start" => {
                (p.ndims, p.form) = (f(0), p.form | f(5));
                p.subs.push(Sub {
                    start: four(1),
                    count: [1; MAX_DIMS],
                    stride: [1; MAX_DIMS],
                });
            }
            "ncmpi_count" => p
                .subs
                .last_mut()
                .into_iter()
                .for_each(|s| s.count = four(0)),
            "ncmpi_strides" => p
                .subs
                .last_mut()
                .into_iter()
                .for_each(|s| s.stride = four(0)),
            "ncmpi_dimids" => p.dimids = std::array::from_fn(f),
            "ncmpi_request_done" => p.done.push((f(1), f(3) != 0)),
            _ => {}
        }
    }

    /// A PnetCDF call not replayed (failed, or nested in another): its events dropped.
    pub(super) fn pnc_forget(&mut self, thread: usize) {
        self.pnc.pending.remove(&thread);
    }

    /// An outermost, successful PnetCDF call as a step (or skipped).
    pub(super) fn pnc_call(&mut self, c: &Call, r: &Record) {
        let name = FUNCTIONS[c.func as usize].name;
        let pending = self.pnc.pending.remove(&c.thread).unwrap_or_default();
        let f = |i: usize| r.fields.get(i).copied().unwrap_or(0);
        let step = match name {
            "ncmpi_create" | "ncmpi_open" => self.pnc_open(name == "ncmpi_create", r),
            "ncmpi_def_dim" => self.pnc_def_dim(r),
            "ncmpi_def_var" => self.pnc_def_var(r, &pending),
            "ncmpi_wait" | "ncmpi_wait_all" | "ncmpi_cancel" => self.pnc_wait(name, r, &pending),
            n if n.starts_with("ncmpi_put_att") => self.pnc_put_att(c.func, r),
            _ if pending.form & (MORE_DIMS | NOT_REPLAYABLE) != 0 => self.not_replayable(name),
            n => match data_kind(n) {
                Some(kind) => self.pnc_data(c.func, kind, r, pending),
                None => self.pnc_file_call(name, f(0), f(1)),
            },
        };
        match step {
            Some(s) => self.push(c, What::Pnc(s)),
            None => {
                self.skip(PNETCDF);
                self.out.lib_io_skipped += !super::mpiio::is_library_query(name) as u64;
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
        let typed = FUNCTIONS[func as usize].name != "ncmpi_put_att_text";
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
    fn pnc_wait(&mut self, name: &str, r: &Record, p: &Pending) -> Option<PncStep> {
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
            coll: name == "ncmpi_wait_all",
            cancel: name == "ncmpi_cancel",
            all,
            first,
            count: self.pnc.plan.completed.len() as u32 - first,
        })
    }

    /// Calls with the file and at most one number: [ncid, (fillmode | bytes)].
    fn pnc_file_call(&mut self, name: &str, ncid: u64, arg: u64) -> Option<PncStep> {
        let file = *self.pnc.files.get(&ncid)?;
        let what = match name {
            "ncmpi_close" => {
                self.pnc.files.remove(&ncid);
                return Some(PncStep::Close { file });
            }
            "ncmpi_set_fill" => {
                let mode = arg as i32;
                return Some(PncStep::SetFill { file, mode });
            }
            "ncmpi_buffer_attach" => {
                let bytes = arg as i64;
                return Some(PncStep::BufferAttach { file, bytes });
            }
            "ncmpi_enddef" => FileCall::Enddef,
            "ncmpi_redef" => FileCall::Redef,
            "ncmpi_begin_indep_data" => FileCall::BeginIndep,
            "ncmpi_end_indep_data" => FileCall::EndIndep,
            "ncmpi_sync" => FileCall::Sync,
            "ncmpi_flush" => FileCall::Flush,
            "ncmpi_buffer_detach" => FileCall::BufferDetach,
            _ => return None,
        };
        Some(PncStep::OnFile { file, what })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_functions_are_read_from_their_names() {
        let k = data_kind;
        assert_eq!(
            k("ncmpi_put_vara_double_all"),
            Some((true, false, Form::Vara, false))
        );
        assert_eq!(
            k("ncmpi_put_vara_all"),
            Some((true, false, Form::Vara, true))
        );
        assert_eq!(
            k("ncmpi_iget_var1_int"),
            Some((false, true, Form::Var1, false))
        );
        assert_eq!(k("ncmpi_bput_var"), Some((true, true, Form::Var, true)));
        assert_eq!(
            k("ncmpi_get_var_int_all"),
            Some((false, false, Form::Var, false))
        );
        assert_eq!(
            k("ncmpi_put_vars_int_all"),
            Some((true, false, Form::Vars, false))
        );
        assert_eq!(
            k("ncmpi_put_varn_float_all"),
            Some((true, false, Form::Varn, false))
        );
        assert_eq!(k("ncmpi_put_varm_int"), None);
        assert_eq!(k("ncmpi_get_vard_all"), None);
        assert_eq!(k("ncmpi_def_var"), None);
        assert_eq!(k("ncmpi_put_att_text"), None);
    }
}
