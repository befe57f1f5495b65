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

use io_events::functions::FUNCTIONS;
use std::collections::{BTreeMap, HashMap};
use std::ffi::CString;

/// Dimensions recorded per subarray.
pub const MAX_DIMS: usize = 4;
/// `ncmpi_start`'s form bits (recorder-otf2/src/mpi/pnetcdf.rs).
pub(crate) const MORE_DIMS: u64 = 1;
pub(crate) const NOT_REPLAYABLE: u64 = 2;

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
pub(crate) struct Pending {
    pub(crate) subs: Vec<Sub>,
    pub(crate) form: u64,
    pub(crate) ndims: u64,
    pub(crate) dimids: [u64; MAX_DIMS + 1],
    /// Requests it ended: (recorded id, cancelled).
    pub(crate) done: Vec<(u64, bool)>,
}

/// What the planner follows as a rank's calls come.
#[derive(Default)]
pub(crate) struct PncState {
    pub(crate) plan: PncPlan,
    /// Recorded ncid -> file slot; (file, recorded dimid / varid / request id) -> slot.
    pub(crate) files: HashMap<u64, u32>,
    pub(crate) dims: HashMap<(u32, u64), u32>,
    pub(crate) vars: HashMap<(u32, u64), u32>,
    pub(crate) var_names: HashMap<(u32, String), u32>,
    pub(crate) syms: HashMap<u16, u32>,
    pub(crate) reqs: HashMap<(u32, u64), u32>,
    pub(crate) pending: HashMap<usize, Pending>,
}

/// A data function's kind: (direction write, non-blocking, form, flexible).
pub(crate) type DataKind = (bool, bool, Form, bool);

/// Per function of the table, its data kind, found once from the names (the data functions
/// are some two hundred `ncmpi_{put,get,iput,iget,bput}_var*` forms): the per-call dispatch
/// compares no names.
pub(crate) fn data_kinds() -> &'static [Option<DataKind>] {
    static KINDS: std::sync::OnceLock<Vec<Option<DataKind>>> = std::sync::OnceLock::new();
    KINDS.get_or_init(|| FUNCTIONS.iter().map(|f| data_kind(f.name)).collect())
}

/// A data function's name as its kind, or None for one the replay cannot rebuild (varm,
/// vard) or not a data function.
pub(crate) fn data_kind(name: &str) -> Option<DataKind> {
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

pub(crate) fn cstring(s: &str) -> Option<CString> {
    CString::new(s).ok()
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
