//! The interpretation of one process's records: which file an fd or a stream is, file
//! positions, handles and their parents one layer up, operations and their completion.
//! This module holds the process state, the creation and destruction of files and handles,
//! and the dispatch of each record's start and end by its [`Mapping`]; what a mapping means
//! is in the module of its layer: [`crate::posix`] (descriptors, positions, locks, aio),
//! [`crate::uring`] (io_uring submissions and completions), [`crate::stdio`] (streams), [`crate::objects`] (library files and their requests),
//! [`crate::variables`] (named variables of netCDF, PnetCDF, ADIOS), [`crate::hdf5`]
//! (objects inside HDF5 files, selections).

use crate::clock::TimeMap;
use crate::kinds::*;
use crate::objects::{InFlight, ReqKey};
use crate::posix::FdEntry;
use crate::sink::Sink;
use crate::stdio::StreamEntry;
use crate::trace::ProcessTrace;
use crate::uring::UringQueue;
use crate::variables::collective_starts;
use definitions::{FileType, GlobalDefs, HandleDef, ATTR_ERRNO, HANDLE_PRE_CREATED};
use hashbrown::{HashMap, HashSet};
use io_events::codec::Record;
use io_events::defs::{Def, FileKind};
use io_events::functions::{Dir, FunctionInfo, Layer, Mapping, Role, Target, FUNCTIONS};

pub(crate) type Err = String;

/// An operation begun by a call: (handle, matching id).
pub(crate) type Op = (u32, u64);

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

/// The OTF2 mode of a transfer and the bytes it asks for (field `req`; none for a flush).
pub(crate) fn mode_bytes(info: &FunctionInfo, r: &Record, dir: Dir, req: u8) -> (OpMode, u64) {
    match dir {
        Dir::Read => (OpMode::Read, field(info, r, req)),
        Dir::Write => (OpMode::Write, field(info, r, req)),
        Dir::Flush => (OpMode::Flush, 0),
    }
}

/// The value of argument `i` of a record (or its return value: [`io_events::functions::RET`]).
pub(crate) fn field(info: &FunctionInfo, r: &Record, i: u8) -> u64 {
    r.fields[info.field_index(i)]
}

/// Per-process conversion state.
pub(crate) struct ProcessState<'p> {
    pub(crate) p: &'p ProcessTrace,
    host_node: u32,
    /// Local file id -> global file id.
    file_map: HashMap<u64, u32>,
    /// Open descriptors.
    pub(crate) fds: HashMap<i32, FdEntry>,
    /// Open streams, by FILE* (or DIR*).
    pub(crate) streams: HashMap<u64, StreamEntry>,
    /// Handles created and not destroyed (a definition is reused only when inactive).
    active: HashSet<u32>,
    /// The matching id of the next operation.
    next_id: u64,
    /// The type of the lock held through each handle (for its release).
    pub(crate) locks: HashMap<u32, LockType>,
    /// POSIX aio requests in flight: aiocb -> (handle, matching id, requested bytes).
    pub(crate) aio: HashMap<u64, (u32, u64, u64)>,
    /// io_uring submissions in flight, oldest first, by (ring, user_data).
    pub(crate) uring: HashMap<(u64, u64), UringQueue>,
    /// Library objects (MPI_File ...) -> handle, keyed by (layer, identity).
    pub(crate) objs: HashMap<(Layer, u64), u32>,
    /// Library operations in flight (non-blocking requests, split collectives, deferred
    /// puts), keyed by (layer, owning object, request or object identity).
    pub(crate) reqs: HashMap<ReqKey, InFlight>,
    /// Non-blocking starts (NamedStart) whose completion is collective, as (thread, n-th
    /// start of that thread): found by a first pass over the process's streams.
    pub(crate) collective_starts: HashSet<(usize, u64)>,
    /// The thread being converted and how many NamedStart records it has had so far.
    pub(crate) thread: usize,
    pub(crate) starts_seen: Vec<u64>,
    /// Library handles whose file is a directory of files (an ADIOS BP output): files opened
    /// inside it while it is open get it as parent, whichever thread opens them.
    pub(crate) containers: Vec<(u32, String)>,
    /// Local communicator id -> global comm id.
    pub(crate) comm_map: HashMap<u64, u32>,
    /// Objects inside library files (HDF5 datasets), keyed by (layer, identity): the
    /// handle of their file and their name (a global string id).
    pub(crate) subs: HashMap<(Layer, u64), (u32, u32)>,
    /// The selection of the current thread's transfer in progress (an `h5_selection` event),
    /// for its Complete.
    pub(crate) selection: Option<String>,
    /// Stand-in handles (PRE_CREATED) for library objects and files whose opening the trace
    /// does not show, keyed by (layer, identity).
    pub(crate) stand_ins: HashMap<(Layer, u64), u32>,
    /// Operations placed on stand-in handles, per layer (a warning each).
    pub(crate) guessed: Vec<(Layer, u64)>,
    /// Handles being created by the current thread's calls in progress (for parents).
    pub(crate) opening: Vec<(u32, u8)>,
    /// Per thread, what its calls in progress hold while another thread is interpreted
    /// (the current thread's is in `opening` and `selection`).
    in_progress: Vec<InProgress>,
    /// Non-blocking receives in flight (layer `mpi`): request -> local communicator id.
    pub(crate) recvs: HashMap<u64, u64>,
    /// Calls of the `mpi` layer on a communicator or a rank the trace does not define (or
    /// a receive completion whose start it does not show): no happens-before from them.
    pub(crate) mpi_unresolved: u64,
    /// Communicators of the trace naming a rank outside the job's MPI_COMM_WORLD (left out).
    pub(crate) bad_comms: u64,
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
    ) -> Result<ProcessState<'p>, Err> {
        let mut st = ProcessState {
            p,
            host_node,
            file_map: HashMap::new(),
            fds: HashMap::new(),
            streams: HashMap::new(),
            active: HashSet::new(),
            next_id: 0,
            locks: HashMap::new(),
            aio: HashMap::new(),
            uring: HashMap::new(),
            objs: HashMap::new(),
            reqs: HashMap::new(),
            collective_starts: collective_starts(p)?,
            thread: 0,
            starts_seen: vec![0; p.threads.len()],
            containers: Vec::new(),
            comm_map: HashMap::new(),
            subs: HashMap::new(),
            selection: None,
            stand_ins: HashMap::new(),
            guessed: Vec::new(),
            opening: Vec::new(),
            in_progress: (0..p.threads.len().max(1))
                .map(|_| InProgress::default())
                .collect(),
            recvs: HashMap::new(),
            mpi_unresolved: 0,
            bad_comms: 0,
        };
        for (id, members) in &p.comms {
            let slots: Option<Vec<u32>> = members
                .iter()
                .map(|&m| {
                    let r = ranks.as_ref()?;
                    let slot = r.start.checked_add(m)?;
                    r.contains(&slot).then_some(slot)
                })
                .collect();
            match slots {
                Some(slots) => {
                    st.comm_map.insert(*id as u64, defs.comm(&slots));
                }
                None => st.bad_comms += 1,
            }
        }
        st.precreated(defs);
        Ok(st)
    }

    /// The records that follow are thread `i`'s: what belongs to the calls in progress
    /// of the thread left (handles being opened, a transfer's selection) is put aside, and
    /// thread `i`'s is taken back (swaps: no allocation).
    pub(crate) fn set_thread(&mut self, i: usize) {
        if i == self.thread {
            return;
        }
        let old = &mut self.in_progress[self.thread];
        std::mem::swap(&mut self.opening, &mut old.opening);
        std::mem::swap(&mut self.selection, &mut old.selection);
        let new = &mut self.in_progress[i];
        std::mem::swap(&mut self.opening, &mut new.opening);
        std::mem::swap(&mut self.selection, &mut new.selection);
        self.thread = i;
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
    ) -> Result<bool, Err> {
        // The first event is the thread's next one, at most `until` (the caller chose the
        // thread whose next event comes first).
        loop {
            let next = tree.get(walk.next);
            match walk.stack.last() {
                Some(&(j, pend)) if next.is_none_or(|r| tree[j].depth >= r.depth) => {
                    let r = &tree[j];
                    if r.end > until {
                        return Ok(false);
                    }
                    walk.stack.pop();
                    let t1 = walk.at(r.end);
                    self.finish(defs, s, t1, r, pend)?;
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

/// What a thread's calls in progress hold while another thread's events are interpreted.
#[derive(Default)]
pub(crate) struct InProgress {
    opening: Vec<(u32, u8)>,
    selection: Option<String>,
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

/// The dispatch of each record's start and end by its mapping.
impl ProcessState<'_> {
    /// Enter the call: Enter, and what must happen at its start.
    fn start<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t0: u64,
        r: &Record,
    ) -> Result<Pending, Err> {
        let info = &FUNCTIONS[r.func as usize];
        let mut pend = Pending {
            t0,
            ..Pending::default()
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
            let region = defs.region(r.func);
            s.enter(t0, region, r)?;
            pend.coll = self.collective_begin(defs, s, t0, info, r)?;
            if info.fail.failed(r.ret()) {
                return Ok(pend);
            }
        }
        // Only PnetCDF and ADIOS calls act on a library object that owns what they open.
        pend.context = matches!(info.layer, Layer::PnetCdf | Layer::Adios)
            && self.enter_object_context(defs, info, r);
        match info.mapping {
            Mapping::OpenFd { path, .. }
            | Mapping::OpenStream { path, .. }
            | Mapping::ReopenStream { path, .. }
            | Mapping::OpenDir { path } => pend.handle = self.open_path(defs, info, r, path),
            Mapping::StreamFromFd { fd, .. } => {
                pend.handle = self.open_stream_on_fd(defs, info, r, fd)
            }
            Mapping::Data { .. } => pend.op = self.begin_data(defs, s, t0, info, r)?,
            Mapping::Copy { .. } => (pend.op, pend.op2) = self.begin_copy(defs, s, t0, info, r)?,
            Mapping::ObjOpen { path, comm, .. } => {
                pend.handle = self.open_object(defs, info, r, path, comm)
            }
            Mapping::ObjData { .. } => pend.op = self.begin_obj_data(defs, s, t0, info, r)?,
            Mapping::ObjStart { .. } => pend.op = self.begin_obj_start(defs, s, t0, info, r)?,
            Mapping::NamedData { .. } => pend.op = self.begin_named_data(defs, s, t0, info, r)?,
            Mapping::NamedStart { .. } => pend.op = self.begin_named_start(defs, s, t0, info, r)?,
            Mapping::SubData { .. } => pend.op = self.begin_sub_data(defs, s, t0, info, r)?,
            Mapping::AioStart { .. } => pend.op = self.begin_aio(defs, s, t0, info, r)?,
            Mapping::UringStart { .. } => pend.op = self.begin_uring(defs, s, t0, info, r)?,
            _ => {}
        }
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
        pend: Pending,
    ) -> Result<(), Err> {
        let info = &FUNCTIONS[r.func as usize];
        self.leave_opening(info, pend);
        if info.role == Role::Event {
            s.event(r)?;
        }
        match info.mapping {
            // Events inside a call (no Leave of their own).
            Mapping::ReqDone { .. } => return self.req_done(defs, s, t1, info, r),
            Mapping::ReqsDone { .. } => return self.reqs_done(defs, s, t1, info, r),
            Mapping::ReqTest { id } => return self.req_test(defs, s, t1, info, r, id),
            Mapping::MpiRecvDone { .. } => return self.mpi_recv_done(defs, s, t1, info, r),
            Mapping::Selection => {
                self.select_box(info, r);
                return Ok(());
            }
            Mapping::Strides | Mapping::Hyperslab => {
                self.select_strides(info, r);
                return Ok(());
            }
            Mapping::Shape => {
                self.select_shape(info, r);
                return Ok(());
            }
            _ => self.end_call(defs, s, t1, info, r, pend)?,
        }
        if info.role == Role::Event {
            return Ok(());
        }
        if let Some(coll) = pend.coll {
            self.collective_end(s, t1, info, r, coll)?;
        }
        if info.fail.failed(r.ret()) && r.errno != 0 {
            s.attr_u32(ATTR_ERRNO, r.errno)?;
        }
        s.leave(t1, defs.region(r.func), r)
    }

    /// The handles a call put on `opening` leave it as the call ends: the one it opened (an
    /// open of a path or of a library object) and the library object it acts on.
    fn leave_opening(&mut self, info: &FunctionInfo, pend: Pending) {
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
            self.opening.pop();
        }
        if pend.context {
            self.opening.pop();
        }
    }

    /// What happens at the end of a call (not an event), by its mapping.
    fn end_call<S: Sink>(
        &mut self,
        defs: &mut GlobalDefs,
        s: &mut S,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        pend: Pending,
    ) -> Result<(), Err> {
        let failed = info.fail.failed(r.ret());
        match info.mapping {
            Mapping::OpenFd { .. } => self.opened_fd(defs, s, t1, info, r, pend.handle)?,
            Mapping::OpenStream { .. } | Mapping::ReopenStream { .. } => {
                self.opened_stream(defs, s, t1, info, r, pend.handle)?
            }
            Mapping::StreamFromFd { .. } => {
                self.opened_stream_on_fd(defs, s, t1, info, r, pend.handle)?
            }
            Mapping::OpenDir { .. } => self.opened_dir(defs, s, t1, info, r, pend.handle)?,
            Mapping::Close(Target::Fd(i)) if !failed => {
                self.fd_closed(defs, s, t1, field(info, r, i) as i32)?
            }
            // fclose disassociates the stream even when it fails.
            Mapping::Close(Target::Stream(i)) if !failed || info.layer == Layer::Isoc => {
                self.close_stream(defs, s, t1, field(info, r, i))?
            }
            Mapping::Close(Target::Proxy) if !failed => self.close_all_streams(defs, s, t1)?,
            Mapping::Data { .. } => self.complete_data(defs, s, t1, info, r, pend.op)?,
            Mapping::Copy { .. } => {
                self.complete_copy(defs, s, t1, info, r, (pend.op, pend.op2))?
            }
            Mapping::Seek { .. } if !failed => self.seek(defs, s, t1, info, r)?,
            Mapping::Rewind { target } => self.rewind(defs, s, t1, info, r, target)?,
            Mapping::Dup { old } if !failed => self.dup_call(defs, s, t1, info, r, old)?,
            Mapping::Fcntl if !failed => self.fcntl(defs, s, t1, r)?,
            Mapping::Flock { .. } if !failed => self.flock(defs, s, t1, info, r)?,
            Mapping::Lockf { .. } if !failed => self.lockf(defs, s, t1, info, r)?,
            Mapping::Delete { path } if !failed => self.delete(defs, s, t1, info, r, path)?,
            Mapping::Unget {
                target: Target::Stream(i),
                bytes,
            } if !failed => self.unget(info, r, i, bytes),
            Mapping::AioStart { .. } => self.aio_issued(defs, s, t1, info, r, pend.op)?,
            Mapping::AioTest { cb } => self.aio_test(defs, s, t1, info, r, cb)?,
            Mapping::AioComplete { cb } => self.aio_complete(defs, s, t1, info, r, cb)?,
            Mapping::AioCancel { .. } if !failed => self.aio_cancel(defs, s, t1, info, r)?,
            Mapping::UringStart { .. } => self.uring_issued(defs, s, t1, info, r, pend.op)?,
            Mapping::UringDone { .. } => self.uring_done(defs, s, t1, info, r)?,
            Mapping::ObjOpen { .. } => self.opened_object(defs, s, t1, info, r, pend.handle)?,
            Mapping::ObjClose { key } if !failed => self.close_object(defs, s, t1, info, r, key)?,
            Mapping::ObjData { .. } => self.complete_obj_data(defs, s, t1, info, r, pend.op)?,
            Mapping::ObjStart { .. } => self.obj_issued(defs, s, t1, info, r, pend.op)?,
            Mapping::ObjEnd { .. } => self.obj_end(defs, s, t1, info, r)?,
            Mapping::ObjSeek { .. } if !failed => self.obj_seek(defs, s, t1, info, r)?,
            Mapping::NamedData { .. } => self.complete_named_data(defs, s, t1, info, r, pend.op)?,
            Mapping::NamedStart { .. } => self.named_issued(defs, s, t1, info, r, pend.op)?,
            Mapping::SubOpen { .. } if !failed => self.open_sub(defs, info, r),
            Mapping::SubClose { key } if !failed => self.close_sub(info, r, key),
            Mapping::IdRelease { .. } if !failed => self.id_release(defs, s, t1, info, r)?,
            Mapping::SubData { .. } => self.complete_sub_data(defs, s, t1, info, r, pend.op)?,
            Mapping::MpiColl { .. }
            | Mapping::MpiSend { .. }
            | Mapping::MpiRecv { .. }
            | Mapping::MpiSendRecv { .. }
            | Mapping::MpiRecvStart { .. }
                if !failed =>
            {
                self.mpi_call(defs, s, (pend.t0, t1), info, r)?
            }
            Mapping::None | Mapping::Rename { .. } if !failed && info.role == Role::Meta => {
                self.path_meta(defs, s, t1, info, r)?
            }
            // Failed calls (the guarded arms above) change nothing; neither does Chdir, nor
            // None for calls that are not metadata on a path.
            _ => {}
        }
        Ok(())
    }
}

/// Files, handles and operation ids.
impl ProcessState<'_> {
    /// A new operation's matching id (unique in the process).
    pub(crate) fn op_id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// The global file of the trace's file `local`, created on first use; `dir_hint`: it is
    /// known to be a directory.
    pub(crate) fn file(
        &mut self,
        defs: &mut GlobalDefs,
        local: u64,
        dir_hint: bool,
    ) -> Option<u32> {
        if let Some(&g) = self.file_map.get(&local) {
            if dir_hint {
                defs.files[g as usize].kind = FileType::Directory;
            }
            return Some(g);
        }
        let f = self.p.file(local)?;
        let kind = if dir_hint || f.kind == FileKind::Directory {
            FileType::Directory
        } else {
            FileType::Regular
        };
        let g = defs.file(&f.path, kind, self.host_node, &f.mount, &f.fs_type);
        self.file_map.insert(local, g);
        Some(g)
    }

    /// The position of a new handle on the trace's file `local`: 0, or none for names that
    /// are not paths (pipes, sockets, anonymous inodes: no file offset).
    pub(crate) fn start_position(&self, local: u64) -> Option<u64> {
        match self.p.file(local) {
            Some(f) if f.kind == FileKind::Other => None,
            _ => Some(0),
        }
    }

    /// The start of an open of the file in field `path` (OpenFd, OpenStream, ReopenStream,
    /// OpenDir): its new handle, on `opening` while the call runs (what the call opens
    /// underneath gets it as parent).
    fn open_path(
        &mut self,
        defs: &mut GlobalDefs,
        info: &FunctionInfo,
        r: &Record,
        path: u8,
    ) -> Option<u32> {
        let dir = matches!(info.mapping, Mapping::OpenDir { .. });
        let file = self.file(defs, field(info, r, path), dir)?;
        let h = self.new_handle(defs, file, info.layer);
        self.opening.push((h, defs.paradigm(info.layer)));
        Some(h)
    }

    /// A new handle of `layer` on `file`, active from now on (see [`Self::new_handle_on`]).
    pub(crate) fn new_handle(&mut self, defs: &mut GlobalDefs, file: u32, layer: Layer) -> u32 {
        self.new_handle_on(defs, file, layer, None)
    }

    /// A new handle of `layer` on `file`, used by the communicator `comm`. Its parent is the
    /// innermost handle of another layer being opened, or else the innermost open container
    /// of another layer that holds the file.
    pub(crate) fn new_handle_on(
        &mut self,
        defs: &mut GlobalDefs,
        file: u32,
        layer: Layer,
        comm: Option<u32>,
    ) -> u32 {
        let paradigm = defs.paradigm(layer);
        let name = defs.files[file as usize].name.clone();
        let parent = self
            .opening
            .iter()
            .rev()
            .find(|(_, p)| *p != paradigm)
            .map(|(h, _)| *h)
            .or_else(|| {
                self.containers
                    .iter()
                    .rev()
                    .find(|(h, dir)| {
                        defs.handles[*h as usize].paradigm != paradigm
                            && name.len() > dir.len()
                            && name.starts_with(dir.as_str())
                            && name.as_bytes()[dir.len()] == b'/'
                    })
                    .map(|(h, _)| *h)
            });
        let active = &self.active;
        let h = defs.handle(
            HandleDef {
                name,
                file: Some(file),
                paradigm,
                flags: 0,
                comm,
                parent,
            },
            &|h| active.contains(&h),
        );
        self.active.insert(h);
        h
    }

    /// The stand-in handle of a library object or file (`what`) the trace does not show
    /// opened: an operation on it is kept on a PRE_CREATED handle that says so, one per
    /// (layer, key).
    pub(crate) fn stand_in(
        &mut self,
        defs: &mut GlobalDefs,
        layer: Layer,
        key: u64,
        label: impl FnOnce() -> String,
    ) -> u32 {
        if let Some(&h) = self.stand_ins.get(&(layer, key)) {
            return h;
        }
        let def = HandleDef {
            name: format!("{} (not seen opened)", label()),
            file: None,
            paradigm: defs.paradigm(layer),
            flags: 0,
            comm: None,
            parent: None,
        };
        let active = &self.active;
        let mode = AccessMode::ReadWrite.code();
        let h = defs.precreated_handle(def, mode, 0, &|h| active.contains(&h));
        self.active.insert(h);
        self.stand_ins.insert((layer, key), h);
        h
    }

    /// The handle of an operation on something the trace does not show opened: a stand-in
    /// named after it (`label`), and the operation counted as placed on one.
    pub(crate) fn stand_in_op(
        &mut self,
        defs: &mut GlobalDefs,
        layer: Layer,
        key: u64,
        label: impl FnOnce() -> String,
    ) -> u32 {
        self.count_guess(layer);
        self.stand_in(defs, layer, key, label)
    }

    /// One more operation of `layer` placed on a stand-in handle.
    pub(crate) fn count_guess(&mut self, layer: Layer) {
        match self.guessed.iter_mut().find(|g| g.0 == layer) {
            Some(g) => g.1 += 1,
            None => self.guessed.push((layer, 1)),
        }
    }

    /// A handle like `like` (same name, file, paradigm, parent) that is free: for dup.
    pub(crate) fn twin_handle(&mut self, defs: &mut GlobalDefs, like: u32) -> u32 {
        let mut def = defs.handles[like as usize].clone();
        def.flags &= !HANDLE_PRE_CREATED;
        let active = &self.active;
        let h = defs.handle(def, &|h| active.contains(&h));
        self.active.insert(h);
        h
    }

    /// The end of a handle (IoDestroyHandle if it is active).
    pub(crate) fn destroy<S: Sink>(
        &mut self,
        defs: &GlobalDefs,
        s: &mut S,
        t: u64,
        handle: u32,
    ) -> Result<(), Err> {
        // aio requests never collected with aio_return (MPI_Request_free on an MPI-IO request
        // that OMPIO ran as aio): they end with the handle, as complete with the bytes asked.
        if self.aio.values().any(|v| v.0 == handle) {
            let mut left: Vec<(u64, u64)> = self
                .aio
                .values()
                .filter(|v| v.0 == handle)
                .map(|v| (v.1, v.2))
                .collect();
            left.sort_unstable();
            self.aio.retain(|_, v| v.0 != handle);
            for (id, bytes) in left {
                s.op_complete(defs, t, handle, bytes, id)?;
            }
        }
        // io_uring operations whose completion was never seen end there too.
        self.end_uring_ops(defs, s, t, handle)?;
        if self.active.remove(&handle) {
            s.destroy_handle(defs, t, handle)?;
        }
        Ok(())
    }

    /// Handles open before tracing began.
    fn precreated(&mut self, defs: &mut GlobalDefs) {
        for d in &self.p.defs.defs {
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
            let Some(gfile) = self.file(defs, file, false) else {
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
            let active = &self.active;
            let h = defs.precreated_handle(def, mode, status, &|h| active.contains(&h));
            self.active.insert(h);
            if layer == 0 {
                let append = flags & libc::O_APPEND as u32 != 0;
                let pos = if offset >= 0 {
                    Some(offset as u64)
                } else {
                    None
                };
                self.fds.insert(fd as i32, FdEntry::new(h, pos, append));
            } else {
                self.streams.insert(
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
