//! The replay of one MPI rank at the MPI-IO layer: what its rank of the trace did, as steps
//! an MPI program re-issues (`replay-mpi/`, run under mpirun with the trace's ranks). This
//! module only plans (it links no MPI): which MPI-IO calls are re-issued and how, which
//! POSIX calls are left to the POSIX replayer, which communicators are needed.
//!
//! - MPI-IO calls that are the outermost MPI-IO call of their stack (those an HDF5 or
//!   PnetCDF call made included), successful, on files kept by `--only`; the POSIX calls not
//!   made inside an MPI-IO call (the program's own) as the POSIX replay does. With the
//!   `posix` layer, every outermost POSIX call instead, the MPI-IO calls left out.
//!   With the `pnetcdf` layer, the outermost PnetCDF calls too (planned by
//!   [`super::pnetcdf`]), and nothing made beneath one of them.
//! - Transfers move the recorded bytes as MPI_BYTEs at the recorded offset, with the same
//!   collectiveness and positioning (explicit offset, individual pointer, ordered). A view
//!   whose filetype has no holes (size = extent) is set again as contiguous types of the
//!   recorded sizes; one with holes is rebuilt from the filetype the recorder flattened
//!   (byte etypes, the file's transfers at explicit offsets in the view's data, so they
//!   touch the same bytes); where there is none (a darray, a trace of an older recorder),
//!   the default view is set instead (set_view is collective) and the file's transfers use
//!   explicit byte offsets, those the recorder resolved. Independent shared-pointer transfers use explicit
//!   offsets too: which rank got which part of the file was the original run's race; the
//!   recorder has no offset for them (asking MPI would move the shared pointer), so the
//!   place is where the POSIX operation beneath went (a non-blocking one's: the
//!   asynchronous operation it began); without one they stay shared-pointer transfers.
//! - Non-blocking transfers get live requests; a Wait/Test-family call waits for the
//!   requests it completed in the original (a test that completed none is skipped).
//! - A failed MPI_File_open or MPI_File_delete is re-issued (it fails again, and MPI does
//!   beneath what it did); other failed MPI-IO calls are skipped and counted (see
//!   [`super::skips`]).

mod pnc;

use super::hdf5::{self as h5, H5Step, Planner, Skip};
use super::pnetcdf::{PncPlan, PncState, PncStep};
use super::{mapped, Error, Options, ReplayCall, Trimmed};
use io_events::codec::Record;
use io_events::filetype::Filetype;
use io_events::functions::{Func, Layer, FUNCTIONS};
use io_model::kinds::OpFlags;
use io_model::resolve::{resolve_process, Call, Consumer, OffsetsBeneath, Op};
use io_model::run::Plan;
use io_model::trace::{CommMembers, ProcessTrace, Trace};
use std::collections::HashMap;
use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::sync::Arc;

/// Rows of a rank's report: the layers the replay counts.
pub const LAYERS: [Layer; 5] = [
    Layer::Posix,
    Layer::MpiIo,
    Layer::Mpi,
    Layer::Hdf5,
    Layer::PnetCdf,
];
/// The rows of [`LAYERS`].
pub const POSIX: usize = 0;
pub const MPIIO: usize = 1;
pub const MPI: usize = 2;
pub const HDF5: usize = 3;
pub const PNETCDF: usize = 4;

/// How a transfer finds its place in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// An explicit offset (`_at`).
    At,
    /// The individual file pointer.
    Individual,
    /// The shared file pointer, independently (`_shared`).
    Shared,
    /// The shared file pointer, collectively in rank order (`_ordered`).
    Ordered,
}

/// What a transfer is: direction, positioning, collectiveness.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transfer {
    pub write: bool,
    pub access: Access,
    pub collective: bool,
}

/// What a rank re-issues through MPI. `file`, `req` are slots (indices) of the live handles.
#[derive(Clone, Debug)]
pub enum MpiStep {
    /// `comm`: 0 MPI_COMM_WORLD, 1 MPI_COMM_SELF, 2 + i the i-th of [`Comms::splits`].
    /// `failed`: the original's open failed (an existence probe): re-issued so that MPI
    /// does the same work beneath, closed at once should it succeed here.
    Open {
        comm: u32,
        path: CString,
        amode: u64,
        file: u32,
        failed: bool,
    },
    Close {
        file: u32,
    },
    /// `failed`: the original's delete failed (a file that was not there).
    Delete {
        path: CString,
        failed: bool,
    },
    SetSize {
        file: u32,
        size: u64,
    },
    Preallocate {
        file: u32,
        size: u64,
    },
    Sync {
        file: u32,
    },
    /// Contiguous etype and filetype of these sizes in bytes (1, 1: the default view).
    SetView {
        file: u32,
        disp: u64,
        etype: u64,
        filetype: u64,
    },
    /// The recorded filetype with holes, rebuilt from its blocks, with byte etypes (the
    /// file's transfers then give their offsets as bytes of the view's data).
    SetBlocksView {
        file: u32,
        disp: u64,
        filetype: Arc<Filetype>,
    },
    Seek {
        file: u32,
        offset: i64,
        whence: u32,
        shared: bool,
    },
    SetAtomicity {
        file: u32,
        flag: i32,
    },
    /// get_size, get_position, get_position_shared, get_view: asked again.
    Query {
        file: u32,
        what: Query,
    },
    /// A blocking transfer; `offset` in etypes of the view set (bytes with the default one),
    /// unused for pointer-based access; `orig` the bytes the original moved.
    Transfer {
        file: u32,
        xfer: Transfer,
        offset: u64,
        bytes: u64,
        orig: u64,
    },
    /// A non-blocking transfer into request slot `req`.
    Start {
        file: u32,
        xfer: Transfer,
        offset: u64,
        bytes: u64,
        req: u32,
        orig: u64,
    },
    SplitBegin {
        file: u32,
        xfer: Transfer,
        offset: u64,
        bytes: u64,
    },
    SplitEnd {
        file: u32,
        xfer: Transfer,
        orig: u64,
    },
    /// Wait for the requests `RankPlan::completed[range]`.
    Complete {
        first: u32,
        count: u32,
    },
    Cancel {
        req: u32,
    },
    Barrier {
        comm: u32,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    Size,
    Position,
    PositionShared,
    View,
}

/// A step of a rank's replay.
#[derive(Clone, Debug)]
pub enum What {
    Posix(ReplayCall),
    Mpi(MpiStep),
    Hdf5(H5Step),
    Pnc(PncStep),
}

#[derive(Clone, Debug)]
pub struct Step {
    pub t0: u64,
    pub t1: u64,
    thread: usize,
    id: u64,
    pub what: What,
}

/// One rank's replay.
#[derive(Debug, Default)]
pub struct RankPlan {
    pub rank: u32,
    pub steps: Vec<Step>,
    /// The request slots each `Complete` step waits for.
    pub completed: Vec<u32>,
    pub files: u32,
    pub requests: u32,
    /// The largest transfer (the buffers' size).
    pub max_bytes: u64,
    /// Calls not re-issued, per row of [`LAYERS`].
    pub skipped: [u64; LAYERS.len()],
    /// HDF5 ids (slots) and the datatypes to make (codes), with the library layers.
    pub h5_slots: u32,
    pub h5_types: Vec<u64>,
    /// Files whose view could not be rebuilt (transfers at explicit byte offsets).
    pub flattened_views: u64,
    /// Views with holes rebuilt from the filetype the recorder flattened.
    pub rebuilt_views: u64,
    /// Library-layer calls not re-issued that may do I/O (not queries of memory objects): if
    /// any, the layers beneath would not do what they did (see [`is_library_query`]).
    pub lib_io_skipped: u64,
    /// Library calls replayed with a datatype made only as an opaque type of its size.
    pub lib_opaque_types: u64,
    /// The PnetCDF layer's slots and tables.
    pub pnc: PncPlan,
}

/// The communicators the replay makes: the trace's member lists that are neither
/// MPI_COMM_WORLD nor one rank, in one order every rank agrees on (each is made with
/// MPI_Comm_split by every rank, in this order).
#[derive(Debug, Default)]
pub struct Comms {
    pub world: u32,
    pub splits: Vec<CommMembers>,
}

/// The MPI job of a trace: its size and (rank, process index) of every rank, or why the
/// trace cannot be replayed at the MPI-IO layer.
pub fn job_ranks(trace: &Trace, plan: &Plan) -> Result<(u32, Vec<(u32, usize)>), Error> {
    let dir = trace.dir.clone();
    match plan.jobs.len() {
        // A program of one process without MPI (serial HDF5, PnetCDF needs MPI): rank 0 of
        // a job of one, replayed by a singleton MPI process.
        0 if trace.processes.len() == 1 => return Ok((1, vec![(0, 0)])),
        0 => return Err(Error::NotMpi { dir }),
        1 => {}
        jobs => return Err(Error::ManyJobs { dir, jobs }),
    }
    let world = plan.jobs[0].world;
    let mut ranks: Vec<(u32, usize)> = (0..trace.processes.len())
        .filter_map(|pi| Some((plan.rank(pi, &trace.processes[pi])?, pi)))
        .collect();
    ranks.sort();
    if let Some(missing) = (0..world).find(|r| ranks.binary_search_by_key(r, |x| x.0).is_err()) {
        return Err(Error::MissingRank {
            dir,
            rank: missing,
            world,
        });
    }
    Ok((world, ranks))
}

/// The communicators to make, from every rank's definitions.
pub fn comms(trace: &Trace, world: u32, ranks: &[(u32, usize)]) -> Comms {
    let mut splits: Vec<CommMembers> = ranks
        .iter()
        .flat_map(|&(_, pi)| trace.processes[pi].comms.iter().map(|(_, m)| m.clone()))
        .filter(|m| m.len() > 1 && !is_world(m, world))
        .collect();
    splits.sort();
    splits.dedup();
    Comms { world, splits }
}

fn is_world(m: &[u32], world: u32) -> bool {
    m.len() == world as usize && m.iter().enumerate().all(|(i, &r)| i as u32 == r)
}

/// Whether a trace has PnetCDF calls (the default layer of its replay is then PnetCDF's).
pub fn has_pnetcdf(trace: &Trace) -> bool {
    let pnc = |p: &ProcessTrace| p.meta.options.contains_key("pnetcdf");
    trace.processes.iter().any(pnc)
}

/// Rank `rank`'s plan (process `pi` of the trace) at `layer` (Posix, MpiIo or PnetCdf: the
/// highest layer replayed; the calls beneath one of its calls are its own).
pub fn rank_plan(
    trace: &Trace,
    plan: &Plan,
    (rank, pi): (u32, usize),
    opts: &Options,
    comms: &Comms,
    layer: Layer,
) -> Result<(RankPlan, Vec<String>), Error> {
    let p = &trace.processes[pi];
    let c = Collector::new(p, opts, comms, rank, layer);
    let check = &mut |_| Ok(io_model::interrupt::check()?);
    let (c, _, mut stats) = resolve_process(trace, plan, pi, c, check)?;
    stats.warnings.extend(c.h5.warnings());
    stats.warnings.extend(c.trimmed.warnings());
    let mut out = c.out;
    out.rank = rank;
    out.h5_slots = c.h5.slots;
    out.h5_types = c.h5.types;
    out.max_bytes = out.max_bytes.max(c.h5.max_bytes);
    out.lib_opaque_types = c.h5.opaque_types;
    out.pnc = c.pnc.plan;
    out.steps.sort_by_key(|s| (s.t0, s.thread, s.id));
    for (name, n) in &out.pnc.unreplayable {
        stats.warnings.push(format!(
            "{n} {name} call(s) not replayed at the PnetCDF layer (varm, vard, more than 4 dimensions or subarrays not recorded)"
        ));
    }
    Ok((out, stats.warnings))
}

/// A file open in the original, as the plan follows it.
#[derive(Clone)]
struct FileState {
    slot: u32,
    /// The view: displacement and etype size in bytes; `flat` when it could not be rebuilt;
    /// `blocks` when it was rebuilt from its recorded filetype (byte etypes).
    disp: u64,
    etype: u64,
    flat: bool,
    blocks: Option<Arc<Filetype>>,
}

/// Collects a rank's steps as the resolver hands its calls over.
pub(super) struct Collector<'a> {
    pub(super) p: &'a ProcessTrace,
    opts: &'a Options,
    comms: &'a Comms,
    rank: u32,
    /// MPI-IO calls replayed (the mpiio and hdf5 layers), HDF5 calls (the hdf5 layer).
    mpiio: bool,
    hdf5: bool,
    h5: Planner,
    /// The PnetCDF layer replayed (its calls planned by replay::pnetcdf).
    pnetcdf: bool,
    pub(super) pnc: PncState,
    pub(super) out: RankPlan,
    /// Recorded MPI_File -> its state.
    files: HashMap<u64, FileState>,
    /// Recorded MPI_File -> the transfer its split collective began.
    split: HashMap<u64, Transfer>,
    /// Recorded MPI_Request -> slot; the beginning call's id -> (slot, its step).
    reqs: HashMap<u64, u32>,
    began: HashMap<u64, (u32, usize)>,
    /// Per thread: request slots completed since its last Wait/Test-family call.
    done: HashMap<usize, Vec<u32>>,
    /// Where shared-pointer transfers went (the POSIX layer beneath them).
    beneath: OffsetsBeneath,
    /// Non-blocking shared-pointer transfers whose place is told by the asynchronous POSIX
    /// operation they began (which completes later): call id -> (its step, its file).
    unplaced: HashMap<u64, (usize, FileState)>,
    /// Transfers set to the bytes the original moved.
    trimmed: Trimmed,
}

impl<'a> Collector<'a> {
    fn new(
        p: &'a ProcessTrace,
        opts: &'a Options,
        comms: &'a Comms,
        rank: u32,
        layer: Layer,
    ) -> Self {
        // The library layers (HDF5, PnetCDF) are replayed together: each call at the highest
        // layer traced.
        let library = matches!(layer, Layer::Hdf5 | Layer::PnetCdf);
        Collector {
            p,
            opts,
            comms,
            rank,
            mpiio: layer != Layer::Posix,
            hdf5: library,
            h5: Planner::default(),
            pnetcdf: library,
            pnc: PncState::default(),
            out: RankPlan::default(),
            files: HashMap::new(),
            split: HashMap::new(),
            reqs: HashMap::new(),
            began: HashMap::new(),
            done: HashMap::new(),
            beneath: OffsetsBeneath::default(),
            unplaced: HashMap::new(),
            trimmed: Trimmed::default(),
        }
    }

    pub(super) fn push(&mut self, c: &Call, what: What) {
        let step = Step {
            t0: c.t0,
            t1: c.t1,
            thread: c.thread,
            id: c.id,
            what,
        };
        self.out.steps.push(step);
    }

    pub(super) fn skip(&mut self, row: usize) {
        self.out.skipped[row] += 1;
    }

    /// The communicator slot of a recorded (local) communicator id.
    pub(super) fn comm(&self, local: u64) -> Option<u32> {
        comm_slot(self.p, self.comms, self.rank, local)
    }

    /// A recorded path field, mapped under DIR (None: not one the replay touches).
    pub(super) fn path(&self, field: u64) -> Option<CString> {
        let f = self.p.file(field)?;
        let target = mapped(&f.path, self.opts)?;
        CString::new(target.as_os_str().as_bytes()).ok()
    }
}

/// The communicator slot of a recorded (local) communicator id of process `p` (rank `rank`).
fn comm_slot(p: &ProcessTrace, comms: &Comms, rank: u32, local: u64) -> Option<u32> {
    let (_, m) = p.comms.iter().find(|(id, _)| *id as u64 == local)?;
    if is_world(m, comms.world) {
        return Some(0);
    }
    if m.len() == 1 && m[0] == rank {
        return Some(1);
    }
    let i = comms.splits.iter().position(|s| s == m)?;
    Some(2 + i as u32)
}

/// How an MPI-IO transfer is issued.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Issue {
    /// Done when the call returns.
    Blocking,
    /// A split collective's beginning (its `_end` completes it).
    Begin,
    /// A request (`MPI_File_i...`), completed by a wait or test.
    Nonblocking,
}

/// A split collective's end (it completes the transfer its `_begin` started).
pub(crate) fn is_split_end(func: Func) -> bool {
    matches!(
        func,
        Func::MPI_File_read_all_end
            | Func::MPI_File_read_at_all_end
            | Func::MPI_File_read_ordered_end
            | Func::MPI_File_write_all_end
            | Func::MPI_File_write_at_all_end
            | Func::MPI_File_write_ordered_end
    )
}

/// A transfer function's kind and how it is issued (None: not an MPI-IO transfer).
pub(crate) fn transfer_of(func: Func) -> Option<(Transfer, Issue)> {
    use Access::{At, Individual, Ordered, Shared};
    use Issue::{Begin, Blocking, Nonblocking};
    let (write, access, collective, issue) = match func {
        Func::MPI_File_read => (false, Individual, false, Blocking),
        Func::MPI_File_read_at => (false, At, false, Blocking),
        Func::MPI_File_read_shared => (false, Shared, false, Blocking),
        Func::MPI_File_read_all => (false, Individual, true, Blocking),
        Func::MPI_File_read_at_all => (false, At, true, Blocking),
        Func::MPI_File_read_ordered => (false, Ordered, true, Blocking),
        Func::MPI_File_read_all_begin => (false, Individual, true, Begin),
        Func::MPI_File_read_at_all_begin => (false, At, true, Begin),
        Func::MPI_File_read_ordered_begin => (false, Ordered, true, Begin),
        Func::MPI_File_iread => (false, Individual, false, Nonblocking),
        Func::MPI_File_iread_at => (false, At, false, Nonblocking),
        Func::MPI_File_iread_shared => (false, Shared, false, Nonblocking),
        Func::MPI_File_iread_all => (false, Individual, true, Nonblocking),
        Func::MPI_File_iread_at_all => (false, At, true, Nonblocking),
        Func::MPI_File_write => (true, Individual, false, Blocking),
        Func::MPI_File_write_at => (true, At, false, Blocking),
        Func::MPI_File_write_shared => (true, Shared, false, Blocking),
        Func::MPI_File_write_all => (true, Individual, true, Blocking),
        Func::MPI_File_write_at_all => (true, At, true, Blocking),
        Func::MPI_File_write_ordered => (true, Ordered, true, Blocking),
        Func::MPI_File_write_all_begin => (true, Individual, true, Begin),
        Func::MPI_File_write_at_all_begin => (true, At, true, Begin),
        Func::MPI_File_write_ordered_begin => (true, Ordered, true, Begin),
        Func::MPI_File_iwrite => (true, Individual, false, Nonblocking),
        Func::MPI_File_iwrite_at => (true, At, false, Nonblocking),
        Func::MPI_File_iwrite_shared => (true, Shared, false, Nonblocking),
        Func::MPI_File_iwrite_all => (true, Individual, true, Nonblocking),
        Func::MPI_File_iwrite_at_all => (true, At, true, Nonblocking),
        _ => return None,
    };
    let t = Transfer {
        write,
        access,
        collective,
    };
    Some((t, issue))
}

/// How a recorded transfer at absolute byte `abs` (u64::MAX: unknown) is re-issued on a
/// file in state `f`: the transfer and its offset, or None when it cannot be placed.
fn placed(f: &FileState, x: Transfer, abs: u64) -> Option<(Transfer, u64)> {
    let known = abs != u64::MAX;
    let in_view = || {
        if !known || f.flat {
            return known.then_some(abs);
        }
        if let Some(ft) = &f.blocks {
            return ft.data_offset(f.disp, abs);
        }
        let rel = abs.checked_sub(f.disp)?;
        rel.is_multiple_of(f.etype).then_some(rel / f.etype)
    };
    let at = Transfer {
        access: Access::At,
        ..x
    };
    match x.access {
        Access::At => Some((x, in_view()?)),
        Access::Individual | Access::Ordered if f.flat || f.blocks.is_some() => {
            Some((at, in_view()?))
        }
        Access::Shared if known => Some((at, in_view()?)),
        _ => Some((x, 0)),
    }
}

impl Collector<'_> {
    /// An MPI-IO call as a step (or skipped).
    fn mpiio_call(&mut self, c: &Call, r: &Record) {
        let func = super::func(c.func);
        let f = |i: usize| r.fields.get(i).copied().unwrap_or(0);
        if matches!(
            func,
            Func::MPI_Init | Func::MPI_Init_thread | Func::MPI_Finalize
        ) {
            return; // the replay's own
        }
        let step = match func {
            Func::MPI_File_open => self.open(f(0), f(1), f(2), Some(f(3))),
            Func::MPI_File_delete => (self.path(f(0))).map(|path| MpiStep::Delete {
                path,
                failed: false,
            }),
            Func::MPI_Cancel => self.reqs.get(&f(0)).map(|&req| MpiStep::Cancel { req }),
            Func::MPI_Wait
            | Func::MPI_Waitall
            | Func::MPI_Waitany
            | Func::MPI_Waitsome
            | Func::MPI_Test
            | Func::MPI_Testall
            | Func::MPI_Testany
            | Func::MPI_Testsome => self.complete(c.thread),
            // Waited for instead: Open MPI's OMPIO drops a freed request's I/O in flight,
            // and the original's did complete.
            Func::MPI_Request_free => self.complete(c.thread).or_else(|| {
                let &slot = self.reqs.get(&f(0))?;
                self.out.completed.push(slot);
                let first = self.out.completed.len() as u32 - 1;
                Some(MpiStep::Complete { first, count: 1 })
            }),
            _ => self.file_call(func, c, r),
        };
        match step {
            Some(s) => self.push(c, What::Mpi(s)),
            None => self.skip(MPIIO),
        }
    }

    /// An open (`fh` the handle it gave; None: it failed, and gave none). The recorder
    /// names no communicator for a failed open (u64::MAX): it is re-issued on
    /// MPI_COMM_SELF, which fails alike on a missing file and waits for no other rank.
    fn open(&mut self, comm: u64, path: u64, amode: u64, fh: Option<u64>) -> Option<MpiStep> {
        let comm = match (comm, fh) {
            (u64::MAX, None) => 1,
            _ => self.comm(comm)?,
        };
        let path = self.path(path)?;
        let file = self.out.files;
        self.out.files += 1;
        let state = FileState {
            slot: file,
            disp: 0,
            etype: 1,
            flat: false,
            blocks: None,
        };
        if let Some(fh) = fh {
            self.files.insert(fh, state);
        }
        Some(MpiStep::Open {
            comm,
            path,
            amode,
            file,
            failed: fh.is_none(),
        })
    }

    /// A failed outermost MPI-IO call: an open or a delete re-issued (it fails again, MPI
    /// doing the same work beneath), any other skipped and counted (see [`crate::skips`]).
    fn failed_mpiio(&mut self, c: &Call, r: &Record) {
        if (self.hdf5 && c.within(Layer::Hdf5)) || (self.pnetcdf && c.within(Layer::PnetCdf)) {
            return;
        }
        let f = |i: usize| r.fields.get(i).copied().unwrap_or(0);
        let step = match super::func(c.func) {
            Func::MPI_File_open => self.open(f(0), f(1), f(2), None),
            Func::MPI_File_delete => {
                (self.path(f(0))).map(|path| MpiStep::Delete { path, failed: true })
            }
            _ => None,
        };
        match step {
            Some(s) => self.push(c, What::Mpi(s)),
            None => self.skip(MPIIO),
        }
    }

    /// The requests completed on `thread` since its last completion call, as a step.
    fn complete(&mut self, thread: usize) -> Option<MpiStep> {
        let done = self.done.get_mut(&thread).filter(|d| !d.is_empty())?;
        let first = self.out.completed.len() as u32;
        let count = done.len() as u32;
        self.out.completed.append(done);
        Some(MpiStep::Complete { first, count })
    }

    /// A call on an open file (its first field the MPI_File).
    fn file_call(&mut self, func: Func, c: &Call, r: &Record) -> Option<MpiStep> {
        let f = |i: usize| r.fields.get(i).copied().unwrap_or(0);
        let fh = f(0);
        let st = self.files.get(&fh)?;
        let file = st.slot;
        let step = match func {
            Func::MPI_File_close => {
                self.files.remove(&fh);
                MpiStep::Close { file }
            }
            Func::MPI_File_set_size => MpiStep::SetSize { file, size: f(1) },
            Func::MPI_File_preallocate => MpiStep::Preallocate { file, size: f(1) },
            Func::MPI_File_sync => MpiStep::Sync { file },
            Func::MPI_File_set_view => self.set_view(fh, f(1), f(2), f(3), f(4), f(5)),
            Func::MPI_File_seek | Func::MPI_File_seek_shared => {
                let shared = func == Func::MPI_File_seek_shared;
                MpiStep::Seek {
                    file,
                    offset: f(1) as i64,
                    whence: f(2) as u32,
                    shared,
                }
            }
            Func::MPI_File_set_atomicity => MpiStep::SetAtomicity {
                file,
                flag: f(1) as i32,
            },
            Func::MPI_File_get_size => MpiStep::Query {
                file,
                what: Query::Size,
            },
            Func::MPI_File_get_position => MpiStep::Query {
                file,
                what: Query::Position,
            },
            Func::MPI_File_get_position_shared => MpiStep::Query {
                file,
                what: Query::PositionShared,
            },
            Func::MPI_File_get_view => MpiStep::Query {
                file,
                what: Query::View,
            },
            _ if is_split_end(func) => {
                let xfer = self.split.remove(&fh)?;
                MpiStep::SplitEnd {
                    file,
                    xfer,
                    orig: f(1),
                }
            }
            _ => match transfer_of(func) {
                Some(kind) => self.transfer(kind, c, r)?,
                None => return None, // set_info: the info is not recorded
            },
        };
        Some(step)
    }

    fn set_view(
        &mut self,
        fh: u64,
        disp: u64,
        etype: u64,
        ftype: u64,
        extent: u64,
        shape: u64,
    ) -> MpiStep {
        let st = self.files.get_mut(&fh).expect("a file the caller found");
        let rebuilt = etype > 0 && ftype == extent && ftype.is_multiple_of(etype);
        (st.disp, st.etype, st.flat) = (disp, etype.max(1), !rebuilt);
        st.blocks = None;
        if let (false, Some(ft)) = (rebuilt, self.p.filetype(shape)) {
            (st.flat, st.etype, st.blocks) = (false, 1, Some(ft.clone()));
            self.out.rebuilt_views += 1;
            return MpiStep::SetBlocksView {
                file: st.slot,
                disp,
                filetype: ft.clone(),
            };
        }
        if rebuilt {
            return MpiStep::SetView {
                file: st.slot,
                disp,
                etype,
                filetype: ftype,
            };
        }
        self.out.flattened_views += 1;
        MpiStep::SetView {
            file: st.slot,
            disp: 0,
            etype: 1,
            filetype: 1,
        }
    }

    /// A transfer (blocking, non-blocking or a split collective's beginning).
    fn transfer(&mut self, kind: (Transfer, Issue), c: &Call, r: &Record) -> Option<MpiStep> {
        let (x, issue) = kind;
        let f = |i: usize| r.fields.get(i).copied().unwrap_or(0);
        let (fh, bytes, mut abs) = (f(0), f(2), f(3));
        if abs == u64::MAX && x.access == Access::Shared {
            abs = self.beneath.take(c.id).unwrap_or(u64::MAX);
        }
        let st = self.files.get(&fh)?;
        let file = st.slot;
        let (xfer, offset) = placed(st, x, abs)?;
        // A blocking transfer's result is known: it moves what the original moved.
        let bytes = match issue {
            Issue::Blocking => self.trimmed.note(bytes, f(4)),
            _ => bytes,
        };
        self.out.max_bytes = self.out.max_bytes.max(bytes);
        if issue == Issue::Begin {
            self.split.insert(fh, xfer);
            return Some(MpiStep::SplitBegin {
                file,
                xfer,
                offset,
                bytes,
            });
        }
        if issue == Issue::Blocking {
            return Some(MpiStep::Transfer {
                file,
                xfer,
                offset,
                bytes,
                orig: f(4),
            });
        }
        if xfer.access == Access::Shared {
            self.unplaced
                .insert(c.id, (self.out.steps.len(), st.clone()));
        }
        let req = self.out.requests;
        self.out.requests += 1;
        self.reqs.insert(f(4), req);
        self.began.insert(c.id, (req, self.out.steps.len()));
        Some(MpiStep::Start {
            file,
            xfer,
            offset,
            bytes,
            req,
            orig: 0,
        })
    }

    /// A call of the `mpi` layer: barriers kept, other communication skipped.
    fn mpi_call(&mut self, c: &Call, r: &Record) {
        let comm = r.fields.first().and_then(|&v| self.comm(v));
        match (super::func(c.func), comm) {
            (Func::MPI_Barrier, Some(comm)) => self.push(c, What::Mpi(MpiStep::Barrier { comm })),
            _ => self.skip(MPI),
        }
    }
}

impl Collector<'_> {
    /// A successful call that is the outermost of its layer, as a step (or skipped).
    fn keep(&mut self, c: &Call, r: &Record) {
        // What an HDF5 or PnetCDF call made beneath it, the replayed call makes again.
        if (self.hdf5 && c.within(Layer::Hdf5)) || (self.pnetcdf && c.within(Layer::PnetCdf)) {
            return;
        }
        match c.layer {
            Layer::PnetCdf if self.pnetcdf => self.pnc_call(c, r),
            Layer::Posix | Layer::Isoc if !(self.mpiio && c.within(Layer::MpiIo)) => {
                let mut call = ReplayCall::new(c, r);
                call.as_moved(&mut self.trimmed);
                call.find_paths(self.p);
                self.push(c, What::Posix(call));
            }
            Layer::MpiIo if self.mpiio => self.mpiio_call(c, r),
            Layer::Mpi if self.mpiio => self.mpi_call(c, r),
            Layer::Hdf5 if self.hdf5 => self.hdf5_call(c, r),
            _ => {}
        }
    }

    /// An outermost HDF5 call as a step (or skipped).
    fn hdf5_call(&mut self, c: &Call, r: &Record) {
        let (p, opts, comms, rank) = (self.p, self.opts, self.comms, self.rank);
        let comm = |v: u64| comm_slot(p, comms, rank, v);
        let path = |v: u64| h5::mapped_path(p, opts, v);
        let ctx = h5::Context {
            p: self.p,
            comm: &comm,
            path: &path,
        };
        let planned = self.h5.call(c, r, &ctx);
        match planned {
            Ok(s) => self.push(c, What::Hdf5(s)),
            Err(Skip::NoEffect) => self.skip(HDF5),
            Err(Skip::Silently | Skip::Unreplayable(_)) => {
                self.skip(HDF5);
                let name = FUNCTIONS[c.func as usize].name;
                self.out.lib_io_skipped += !is_library_query(name) as u64;
            }
        }
    }

    /// An asynchronous POSIX operation begun by a non-blocking shared-pointer transfer:
    /// the transfer's place.
    fn place_later(&mut self, call: u64, abs: u64) {
        let Some((step, st)) = self.unplaced.remove(&call) else {
            return;
        };
        let Some(Step {
            what: What::Mpi(MpiStep::Start { xfer, offset, .. }),
            ..
        }) = self.out.steps.get_mut(step)
        else {
            return;
        };
        if let Some((x, off)) = placed(&st, *xfer, abs) {
            (*xfer, *offset) = (x, off);
        }
    }
}

impl Consumer for Collector<'_> {
    fn call(&mut self, c: &Call, r: &Record) {
        if !c.failed && !c.nested_in_layer {
            self.keep(c, r);
        } else if self.pnetcdf && c.layer == Layer::PnetCdf {
            self.pnc_forget(c.thread);
        } else if c.failed && !c.nested_in_layer && c.layer == Layer::MpiIo && self.mpiio {
            self.failed_mpiio(c, r);
        }
        // What was noted beneath the call is of no use once it ended.
        let _ = self.beneath.take(c.id);
    }
    fn event(&mut self, thread: usize, r: &Record) {
        match FUNCTIONS[r.func as usize].layer {
            Layer::Hdf5 if self.hdf5 => self.h5.event(thread, r),
            Layer::PnetCdf if self.pnetcdf => self.pnc_event(thread, r),
            _ => {}
        }
    }
    fn op(&mut self, o: &Op) {
        if let Some((call, abs)) = self.beneath.op(o) {
            self.place_later(call, abs);
        }
        if o.layer != Layer::MpiIo || !o.flags.contains(OpFlags::NON_BLOCKING) {
            return;
        }
        let Some(&(slot, step)) = self.began.get(&o.call) else {
            return;
        };
        if let Some(Step {
            what: What::Mpi(MpiStep::Start { orig, .. }),
            ..
        }) = self.out.steps.get_mut(step)
        {
            *orig = o.bytes_done;
        }
        self.done.entry(o.thread).or_default().push(slot);
    }
}

/// Whether an HDF5 (or other library) call does no I/O of its own: a query, or a call on
/// objects that live in memory (property lists, dataspaces, datatypes, error stacks,
/// identifiers, filters). Skipping one leaves what the file system sees unchanged.
pub fn is_library_query(name: &str) -> bool {
    const MEMORY: [&str; 6] = ["H5P", "H5S", "H5T", "H5E", "H5I", "H5Z"];
    const QUERY: [&str; 8] = [
        "get_", "exists", "iterate", "visit", "is_", "debug", "inq", "reclaim",
    ];
    (MEMORY.iter().any(|m| name.starts_with(m)) && name != "H5Sselect_elements")
        || QUERY.iter().any(|q| name.contains(q))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(flat: bool) -> FileState {
        FileState {
            slot: 0,
            disp: 1024,
            etype: 4,
            flat,
            blocks: None,
        }
    }

    fn xfer(f: Func) -> Transfer {
        transfer_of(f).expect("an MPI-IO transfer").0
    }

    #[test]
    fn transfers_are_named_by_their_function() {
        let t = xfer(Func::MPI_File_write_at_all);
        assert_eq!((t.write, t.access, t.collective), (true, Access::At, true));
        let t = xfer(Func::MPI_File_read_ordered);
        assert_eq!(
            (t.write, t.access, t.collective),
            (false, Access::Ordered, true)
        );
        let t = xfer(Func::MPI_File_read_shared);
        assert_eq!((t.access, t.collective), (Access::Shared, false));
        assert_eq!(xfer(Func::MPI_File_write).access, Access::Individual);
    }

    #[test]
    fn offsets_follow_the_view() {
        let at = xfer(Func::MPI_File_write_at);
        // A rebuilt view: etypes from the displacement.
        assert_eq!(placed(&state(false), at, 1024 + 40), Some((at, 10)));
        assert_eq!(placed(&state(false), at, 1024 + 41), None);
        // A flattened view: bytes, and the individual pointer becomes an explicit offset.
        let ind = xfer(Func::MPI_File_write_all);
        let (x, off) = placed(&state(true), ind, 5000).unwrap();
        assert_eq!((x.access, x.collective, off), (Access::At, true, 5000));
        assert_eq!(placed(&state(true), at, u64::MAX), None);
        assert_eq!(placed(&state(false), ind, 5000), Some((ind, 0)));
        // A view rebuilt from its blocks: bytes of the view's data (blocks of 100 bytes,
        // 400 apart, from 1024), the individual pointer an explicit offset too.
        let blocks = FileState {
            blocks: Some(Arc::new(Filetype {
                lb: 0,
                extent: 1600,
                runs: vec![io_events::filetype::BlockRun {
                    offset: 0,
                    len: 100,
                    stride: 400,
                    count: 4,
                }],
            })),
            etype: 1,
            ..state(false)
        };
        assert_eq!(placed(&blocks, at, 1024 + 450), Some((at, 150)));
        let (x, off) = placed(&blocks, ind, 1024 + 1600).unwrap();
        assert_eq!((x.access, off), (Access::At, 400));
        // Independent shared-pointer access at the place the original got.
        let sh = xfer(Func::MPI_File_write_shared);
        assert_eq!(
            placed(&state(false), sh, 1024 + 8).unwrap().0.access,
            Access::At
        );
        assert_eq!(placed(&state(false), sh, u64::MAX), Some((sh, 0)));
    }
}
