//! The interpretation of one process's records: which file an fd or a stream is, file
//! positions, handles and their parents one layer up, operations and their completion.
//! This module holds the process state (the cross-layer [`Shared`] part and each layer's
//! in [`Layers`]), walks a thread's call tree, and dispatches each record's start and end
//! by its [`Mapping`] to the module of its layer in `crate::layers`, which gets what it
//! needs of the process as a [`Ctx`].

use crate::clock::TimeMap;
use crate::error::Error;
use crate::kinds::*;
use crate::layers::ctx::{Ctx, Shared};
use crate::layers::hdf5::Hdf5State;
use crate::layers::mpi::{communicators, MpiSyncState};
use crate::layers::objects::LibraryObjects;
use crate::layers::pnetcdf::PnetCdfState;
use crate::layers::posix::{Dup, FdEntry, PosixState};
use crate::layers::record::{field, Op};
use crate::layers::selection::Selection;
use crate::layers::stdio::{StdioState, StreamEntry};
use crate::layers::targets::Targets;
use crate::layers::{mpiio, variables};
use crate::sink::Sink;
use crate::trace::ProcessTrace;
use definitions::{GlobalDefs, HandleDef, ATTR_ERRNO};
use io_events::codec::Record;
use io_events::defs::Def;
use io_events::functions::{FunctionInfo, Layer, Mapping, Role, Target, FUNCTIONS};

/// What a call did at its start that its end needs.
#[derive(Default, Clone, Copy)]
struct Pending {
    /// The handle the call opens (an open of a path, a stream on a descriptor, a library open).
    handle: Option<u32>,
    /// The operation the call began.
    op: Option<Op>,
    /// The second operation of a two-handle call (copy_file_range: the write).
    op2: Option<Op>,
    /// The call acts on a library object whose handle was pushed on `opening` (handles the
    /// call creates, one layer down, get it as parent).
    context: bool,
    /// A collective MPI-IO call: its kind and communicator (MpiCollectiveEnd at its end).
    coll: Option<(CollOp, u32)>,
    /// When the call began (for what its end tells of it: [`crate::mpi::MpiSync`]).
    t0: u64,
}

/// Per-process conversion state: the cross-layer part, and each layer's.
pub(crate) struct ProcessState<'p> {
    pub(crate) sh: Shared<'p>,
    pub(crate) layers: Layers,
    /// Per thread, what its calls in progress hold while another thread is interpreted
    /// (the current thread's is in `sh.opening` and `sh.selection`).
    in_progress: Vec<InProgress>,
}

impl<'p> ProcessState<'p> {
    /// The state of process `p` before its first record: its communicators (their members
    /// are ranks of the process's job, whose ranks are the slots `ranks` of the trace's;
    /// None: the process has no rank, so no communicator) and the handles open before
    /// tracing began.
    pub(crate) fn new(
        p: &'p ProcessTrace,
        host_node: u32,
        ranks: Option<std::ops::Range<u32>>,
        defs: &mut GlobalDefs,
    ) -> Result<ProcessState<'p>, Error> {
        let (comms, bad_comms) = communicators(p, ranks, defs);
        let mut st = ProcessState {
            sh: Shared::new(p, host_node, comms),
            layers: Layers {
                posix: PosixState::default(),
                stdio: StdioState::default(),
                lib: LibraryObjects::default(),
                hdf5: Hdf5State::default(),
                pnetcdf: PnetCdfState::new(p)?,
                mpi: MpiSyncState {
                    bad_comms,
                    ..MpiSyncState::default()
                },
            },
            in_progress: (0..p.threads.len().max(1))
                .map(|_| InProgress::default())
                .collect(),
        };
        st.precreated(defs);
        Ok(st)
    }

    /// The records that follow are thread `i`'s: what belongs to the calls in progress
    /// of the thread left (handles being opened, a transfer's selection) is put aside, and
    /// thread `i`'s is taken back (swaps: no allocation).
    pub(crate) fn set_thread(&mut self, i: usize) {
        let sh = &mut self.sh;
        if i == sh.thread {
            return;
        }
        let old = &mut self.in_progress[sh.thread];
        std::mem::swap(&mut sh.opening, &mut old.opening);
        std::mem::swap(&mut sh.selection, &mut old.selection);
        let new = &mut self.in_progress[i];
        std::mem::swap(&mut sh.opening, &mut new.opening);
        std::mem::swap(&mut sh.selection, &mut new.selection);
        sh.thread = i;
    }

    /// Interpret the current thread's call tree `tree` (records in entry order) from where
    /// `walk` is, event by event (a record's start, a record's end), as long as the events'
    /// record times are at most `until` (threads interleave by their events' own times).
    /// Returns whether the tree is done. `walk.last` is the thread's last
    /// event time (event times never decrease); `span` widens to the records' starts and ends.
    pub(crate) fn walk<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        tree: &[Record],
        walk: &mut Walk,
        until: u64,
        span: &mut (u64, u64),
    ) -> Result<bool, Error> {
        // The first event is the thread's next one, at most `until` (the caller chose the
        // thread whose next event comes first).
        loop {
            let next = tree.get(walk.next);
            match walk.stack.last() {
                Some(&(j, _)) if next.is_none_or(|r| tree[j].depth >= r.depth) => {
                    let r = &tree[j];
                    if r.end > until {
                        return Ok(false);
                    }
                    let t1 = walk.at(r.end);
                    // By reference, popped after: a Pending is wide, and copying it out
                    // of the stack cost more than the rest of a record's end.
                    let top = walk.stack.len() - 1;
                    self.finish(defs, s, t1, r, &walk.stack[top].1)?;
                    walk.stack.pop();
                }
                _ => {
                    let Some(r) = next else {
                        return Ok(true);
                    };
                    if r.start > until {
                        return Ok(false);
                    }
                    let pend = self.start(defs, s, walk.at(r.start), r)?;
                    walk.stack.push((walk.next, pend));
                    walk.next += 1;
                    span.0 = span.0.min(walk.time.at(r.start));
                    span.1 = span.1.max(walk.time.at(r.end));
                }
            }
        }
    }
}

/// Each layer's part of the process state.
pub(crate) struct Layers {
    posix: PosixState,
    stdio: StdioState,
    pub(crate) lib: LibraryObjects,
    hdf5: Hdf5State,
    pnetcdf: PnetCdfState,
    pub(crate) mpi: MpiSyncState,
}

/// What a thread's calls in progress hold while another thread's events are interpreted.
#[derive(Default)]
pub(crate) struct InProgress {
    opening: Vec<(u32, u8)>,
    selection: Selection,
}

/// Where a thread is in its current call tree.
pub(crate) struct Walk {
    /// Record times -> the common time line.
    time: TimeMap,
    /// The next record to enter.
    next: usize,
    /// Records entered and not yet left, with what their end needs (reused from tree to
    /// tree: no allocation per tree).
    stack: Vec<(usize, Pending)>,
    /// The last time given to this thread's events: they must not decrease, and a
    /// TSC-derived time may fall a few ns before its predecessor across chunk anchors.
    pub(crate) last: u64,
}

impl Walk {
    pub(crate) fn new(time: TimeMap) -> Walk {
        Walk {
            time,
            next: 0,
            stack: Vec::new(),
            // Nothing happens before the process started (consumers put ProgramBegin there).
            last: time.at(0),
        }
    }

    /// The record time of the thread's next event in `tree`, None when the tree is done.
    pub(crate) fn next_time(&self, tree: &[Record]) -> Option<u64> {
        let next = tree.get(self.next);
        match self.stack.last() {
            Some(&(j, _)) if next.is_none_or(|r| tree[j].depth >= r.depth) => Some(tree[j].end),
            _ => next.map(|r| r.start),
        }
    }

    /// Record times -> the common time line.
    pub(crate) fn time(&self) -> TimeMap {
        self.time
    }

    /// Whether no record of the current tree has been entered yet.
    pub(crate) fn at_tree_start(&self) -> bool {
        self.next == 0
    }

    /// The tree is done: the next one starts from its first record.
    pub(crate) fn next_tree(&mut self) {
        self.next = 0;
        self.stack.clear();
    }

    /// The event time of record time `t`: aligned, and not before the thread's last event.
    fn at(&mut self, t: u64) -> u64 {
        self.last = self.time.at(t).max(self.last);
        self.last
    }
}

/// The dispatch of each record's start and end by its mapping, to its layer.
impl ProcessState<'_> {
    /// Enter the call: Enter, and what must happen at its start.
    fn start<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t0: u64,
        r: &Record,
    ) -> Result<Pending, Error> {
        let info = &FUNCTIONS[r.func as usize];
        let mut pend = Pending {
            t0,
            ..Pending::default()
        };
        let mut cx = Ctx {
            sh: &mut self.sh,
            defs,
            s,
        };
        if info.role == Role::Event {
            // Events that open an fd (pipe's two ends), start a non-blocking operation
            // (lio_listio's requests, io_uring submissions) or tell of a library file
            // (h5_file: its handle opens like a call's) need their start, without Enter;
            // others do not.
            if !matches!(
                info.mapping,
                Mapping::OpenFd { .. }
                    | Mapping::AioStart { .. }
                    | Mapping::UringStart { .. }
                    | Mapping::ObjOpen { .. }
            ) {
                return Ok(pend);
            }
        } else {
            let region = cx.defs.region(r.func);
            cx.s.enter(t0, region, r)?;
            if info.layer == Layer::MpiIo {
                pend.coll = mpiio::collective_begin(&self.layers.lib, &mut cx, t0, info, r)?;
            }
            if info.fail.failed(r.ret()) {
                return Ok(pend);
            }
        }
        self.layers.begin(&mut cx, t0, info, r, &mut pend)?;
        Ok(pend)
    }

    /// Leave the call: what happens at its end, then Leave.
    #[inline(always)]
    fn finish<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t1: u64,
        r: &Record,
        pend: &Pending,
    ) -> Result<(), Error> {
        let info = &FUNCTIONS[r.func as usize];
        leave_opening(&mut self.sh, info, pend);
        if info.role == Role::Event {
            s.event(r)?;
        }
        let mut cx = Ctx {
            sh: &mut self.sh,
            defs,
            s,
        };
        match info.mapping {
            // Events inside a call (no Leave of their own).
            Mapping::ReqDone { .. } => return self.layers.lib.req_done(&mut cx, t1, info, r),
            Mapping::ReqsDone { .. } => {
                return variables::reqs_done(&mut self.layers.lib, &mut cx, t1, info, r)
            }
            Mapping::ReqTest { id } => {
                return mpiio::req_test(&self.layers.lib, &mut cx, t1, info, r, id)
            }
            Mapping::MpiRecvDone { .. } => {
                return self.layers.mpi.mpi_recv_done(&mut cx, t1, info, r)
            }
            Mapping::Selection => {
                cx.sh.selection.select_box(info, r);
                return Ok(());
            }
            Mapping::Strides | Mapping::Hyperslab => {
                cx.sh.selection.select_strides(info, r);
                return Ok(());
            }
            Mapping::Shape => {
                cx.sh.selection.select_shape(info, r);
                return Ok(());
            }
            _ => self.layers.end_call(&mut cx, t1, info, r, pend)?,
        }
        if info.role == Role::Event {
            return Ok(());
        }
        if let Some(coll) = pend.coll {
            mpiio::collective_end(cx.s, t1, info, r, coll)?;
        }
        if info.fail.failed(r.ret()) && r.errno != 0 {
            cx.s.attr_u32(ATTR_ERRNO, r.errno)?;
        }
        let region = cx.defs.region(r.func);
        cx.s.leave(t1, region, r).map_err(Error::from)
    }
}

/// The fork and the state before the first record.
impl ProcessState<'_> {
    /// A child was forked that inherited `fds`: their positions (and those of the streams on
    /// them) now move with the child's I/O too, which this process's trace does not show.
    pub(crate) fn forked(&mut self, fds: &[i32]) {
        self.layers.forked(fds);
    }

    /// Handles open before tracing began.
    fn precreated(&mut self, defs: &mut GlobalDefs) {
        for d in &self.sh.p.defs.defs {
            let Def::PreCreated {
                layer,
                key,
                fd,
                file,
                flags,
                offset,
            } = *d
            else {
                continue;
            };
            let Some(gfile) = self.sh.file(defs, file, false) else {
                continue;
            };
            let lay = if layer == 0 {
                Layer::Posix
            } else {
                Layer::Isoc
            };
            let name = defs.files[gfile as usize].name.clone();
            let def = HandleDef {
                name,
                file: Some(gfile),
                paradigm: defs.paradigm(lay),
                flags: 0,
                comm: None,
                parent: None,
            };
            let mode = access_mode(flags).code();
            let status = status_flags(flags).bits();
            let h = self.sh.precreated(defs, def, mode, status);
            if layer == 0 {
                let append = flags & libc::O_APPEND as u32 != 0;
                let pos = if offset >= 0 {
                    Some(offset as u64)
                } else {
                    None
                };
                self.layers
                    .posix
                    .fds
                    .insert(fd as i32, FdEntry::new(h, pos, append));
            } else {
                self.layers.stdio.streams.insert(
                    key,
                    StreamEntry {
                        handle: h,
                        fd: Some(fd as i32),
                        pos: None,
                    },
                );
            }
        }
    }
}

/// The dispatch of a record to its layer.
impl Layers {
    /// What a call's start means to its layer.
    fn begin<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
        pend: &mut Pending,
    ) -> Result<(), Error> {
        // Only PnetCDF and ADIOS calls act on a library object that owns what they open.
        pend.context = matches!(info.layer, Layer::PnetCdf | Layer::Adios)
            && self.lib.enter_object_context(cx, info, r);
        let lib = &mut self.lib;

        let mut targets = Targets {
            posix: &mut self.posix,
            stdio: &mut self.stdio,
        };
        match info.mapping {
            Mapping::OpenFd { path, .. }
            | Mapping::OpenStream { path, .. }
            | Mapping::ReopenStream { path, .. }
            | Mapping::OpenDir { path } => pend.handle = open_path(cx, info, r, path),
            Mapping::StreamFromFd { fd, .. } => {
                pend.handle = targets
                    .stdio
                    .open_stream_on_fd(cx, targets.posix, info, r, fd)
            }
            Mapping::Data { .. } => pend.op = targets.begin_data(cx, t0, info, r)?,
            Mapping::Copy { .. } => (pend.op, pend.op2) = targets.begin_copy(cx, t0, info, r)?,
            Mapping::ObjOpen { path, comm, .. } => {
                pend.handle = lib.open_object(cx, info, r, path, comm)
            }
            Mapping::ObjData { .. } => pend.op = lib.begin_obj_data(cx, t0, info, r)?,
            Mapping::ObjStart { .. } => pend.op = mpiio::begin_obj_start(lib, cx, t0, info, r)?,
            Mapping::NamedData { .. } => {
                pend.op = variables::begin_named_data(lib, cx, t0, info, r)?
            }
            Mapping::NamedStart { .. } => {
                let pn = &mut self.pnetcdf;
                pend.op = variables::begin_named_start(lib, pn, cx, t0, info, r)?
            }
            Mapping::SubData { .. } => pend.op = self.hdf5.begin_sub_data(cx, t0, info, r)?,
            Mapping::AioStart { .. } => pend.op = targets.posix.begin_aio(cx, t0, info, r)?,
            Mapping::UringStart { .. } => pend.op = targets.posix.begin_uring(cx, t0, info, r)?,
            _ => {}
        }
        Ok(())
    }

    /// What happens at the end of a call (not an event), by its mapping.
    fn end_call<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        pend: &Pending,
    ) -> Result<(), Error> {
        let failed = info.fail.failed(r.ret());
        let (posix, stdio) = (&mut self.posix, &mut self.stdio);
        match info.mapping {
            Mapping::OpenFd { .. } => posix.opened_fd(cx, t1, info, r, pend.handle)?,
            Mapping::OpenStream { .. } | Mapping::ReopenStream { .. } => {
                stdio.opened_stream(cx, posix, t1, info, r, pend.handle)?
            }
            Mapping::StreamFromFd { .. } => {
                stdio.opened_stream_on_fd(cx, posix, t1, info, r, pend.handle)?
            }
            Mapping::OpenDir { .. } => stdio.opened_dir(cx, t1, info, r, pend.handle)?,
            Mapping::Close(Target::Fd(i)) if !failed => {
                let fd = field(info, r, i) as i32;
                posix.fd_closed(cx, t1, fd)?;
                stdio.fd_closed(fd);
            }
            // fclose disassociates the stream even when it fails.
            Mapping::Close(Target::Stream(i)) if !failed || info.layer == Layer::Isoc => {
                stdio.close_stream(cx, posix, t1, field(info, r, i))?
            }
            Mapping::Close(Target::Proxy) if !failed => stdio.close_all_streams(cx, posix, t1)?,
            Mapping::Dup { old } if !failed => {
                let dup = posix.dup_call(cx, t1, info, r, old)?;
                self.rebind(cx, t1, dup)?
            }
            Mapping::Fcntl if !failed => {
                let dup = posix.fcntl(cx, t1, r)?;
                self.rebind(cx, t1, dup)?
            }
            Mapping::Flock { .. } if !failed => posix.flock(cx, t1, info, r)?,
            Mapping::Lockf { .. } if !failed => posix.lockf(cx, t1, info, r)?,
            Mapping::Delete { path } if !failed => posix.delete(cx, t1, info, r, path)?,
            Mapping::Unget {
                target: Target::Stream(i),
                bytes,
            } if !failed => stdio.unget(info, r, i, bytes),
            Mapping::AioStart { .. } => posix.aio_issued(cx, t1, info, r, pend.op)?,
            Mapping::AioTest { cb } => posix.aio_test(cx, t1, info, r, cb)?,
            Mapping::AioComplete { cb } => posix.aio_complete(cx, t1, info, r, cb)?,
            Mapping::AioCancel { .. } if !failed => posix.aio_cancel(cx, t1, info, r)?,
            Mapping::UringStart { .. } => posix.uring.issued(cx, t1, info, r, pend.op)?,
            Mapping::UringDone { .. } => posix.uring.done(cx, t1, info, r)?,
            Mapping::None | Mapping::Rename { .. } if !failed && info.role == Role::Meta => {
                posix.path_meta(cx, t1, info, r)?
            }
            _ => self.end_transfer_or_library(cx, t1, info, r, pend)?,
        }
        Ok(())
    }

    /// The end of a transfer or seek on a descriptor or stream, or of a library call.
    fn end_transfer_or_library<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        pend: &Pending,
    ) -> Result<(), Error> {
        let failed = info.fail.failed(r.ret());
        let lib = &mut self.lib;
        let mut targets = Targets {
            posix: &mut self.posix,
            stdio: &mut self.stdio,
        };
        match info.mapping {
            Mapping::Data { .. } => targets.complete_data(cx, t1, info, r, pend.op)?,
            Mapping::Copy { .. } => targets.complete_copy(cx, t1, info, r, (pend.op, pend.op2))?,
            Mapping::Seek { .. } if !failed => targets.seek(cx, t1, info, r)?,
            Mapping::Rewind { target } => targets.rewind(cx, t1, info, r, target)?,
            Mapping::ObjOpen { .. } => lib.opened_object(cx, t1, info, r, pend.handle)?,
            Mapping::ObjClose { key } if !failed => lib.close_object(cx, t1, info, r, key)?,
            Mapping::ObjData { .. } => lib.complete_obj_data(cx, t1, info, r, pend.op)?,
            Mapping::ObjStart { .. } => mpiio::obj_issued(lib, cx, t1, info, r, pend.op)?,
            Mapping::ObjEnd { .. } => mpiio::obj_end(lib, cx, t1, info, r)?,
            Mapping::ObjSeek { .. } if !failed => mpiio::obj_seek(lib, cx, t1, info, r)?,
            Mapping::ObjView { .. } if !failed => mpiio::set_view(lib, cx, info, r),
            Mapping::NamedData { .. } => variables::complete_named_data(cx, t1, info, r, pend.op)?,
            Mapping::NamedStart { .. } => variables::named_issued(lib, cx, t1, info, r, pend.op)?,
            Mapping::SubOpen { .. } if !failed => self.hdf5.open_sub(cx, lib, info, r),
            Mapping::SubClose { key } if !failed => self.hdf5.close_sub(info, r, key),
            Mapping::IdRelease { .. } if !failed => self.hdf5.id_release(cx, lib, t1, info, r)?,
            Mapping::SubData { .. } => self.hdf5.complete_sub_data(cx, t1, info, r, pend.op)?,
            Mapping::MpiColl { .. }
            | Mapping::MpiSend { .. }
            | Mapping::MpiRecv { .. }
            | Mapping::MpiSendRecv { .. }
            | Mapping::MpiRecvStart { .. }
                if !failed =>
            {
                self.mpi.mpi_call(cx, (pend.t0, t1), info, r)?
            }
            // Failed calls (the guarded arms above) change nothing; neither does Chdir, nor
            // None for calls that are not metadata on a path.
            _ => {}
        }
        Ok(())
    }

    /// After a dup onto a descriptor, the streams on its number write into its file.
    fn rebind<S: Sink>(&mut self, cx: &mut Ctx<S>, t: u64, dup: Option<Dup>) -> Result<(), Error> {
        match dup {
            Some(dup) => self.stdio.rebind_streams(cx, t, &dup),
            None => Ok(()),
        }
    }

    /// A child was forked that inherited `fds`: their positions (and those of the streams on
    /// them) now move with the child's I/O too, which this process's trace does not show.
    fn forked(&mut self, fds: &[i32]) {
        self.posix.forked(fds);
        self.stdio.forked(fds);
    }
}

/// The start of an open of the file in field `path` (OpenFd, OpenStream, ReopenStream,
/// OpenDir): its new handle, on `opening` while the call runs (what the call opens
/// underneath gets it as parent).
fn open_path<S>(cx: &mut Ctx<S>, info: &FunctionInfo, r: &Record, path: u8) -> Option<u32> {
    let dir = matches!(info.mapping, Mapping::OpenDir { .. });
    let file = cx.sh.file(cx.defs, field(info, r, path), dir)?;
    let h = cx.sh.new_handle(cx.defs, file, info.layer);
    cx.sh.opening.push((h, cx.defs.paradigm(info.layer)));
    Some(h)
}

/// The handles a call put on `opening` leave it as the call ends: the one it opened (an
/// open of a path or of a library object) and the library object it acts on.
fn leave_opening(sh: &mut Shared, info: &FunctionInfo, pend: &Pending) {
    if pend.handle.is_some()
        && matches!(
            info.mapping,
            Mapping::OpenFd { .. }
                | Mapping::OpenStream { .. }
                | Mapping::ReopenStream { .. }
                | Mapping::OpenDir { .. }
                | Mapping::ObjOpen { .. }
        )
    {
        sh.opening.pop();
    }
    if pend.context {
        sh.opening.pop();
    }
}
