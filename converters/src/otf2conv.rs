//! recorder2otf2: native trace -> OTF2 archive (docs/otf2-mapping.md).
//!
//! Processes are converted one after another, each with one event writer per thread;
//! within a process the threads' call trees are merged by start time, because the fd and
//! stream tables (and so the handle states) are process-wide. Handle and file definitions are
//! unified globally as they appear; all global definitions are written at the end, with the
//! exact number of events of every location.

use crate::calls::{CallTrees, TreeFeed, MAX_THREADED_STREAMS};
use crate::trace::{ProcessTrace, Trace};
use definitions::{
    FileType, GlobalDefs, HandleDef, ATTR_ADIOS_SELECTION, ATTR_ADIOS_VARIABLE, ATTR_DATASET,
    ATTR_ERRNO, ATTR_NC_SELECTION, ATTR_NC_VARIABLE, ATTR_OFFSET, ATTR_SELECTION, HANDLE_ALL_PROXY,
    HANDLE_PRE_CREATED,
};
use hashbrown::{HashMap, HashSet};
use io_events::codec::Record;
use io_events::defs::{Def, FileKind};
use io_events::functions::{
    Dir, Flags, FunctionInfo, Kind, Layer, Mapping, Off, Role, Target, FUNCTIONS, RET,
};
use otf2_sys::{
    ArchiveWriter, AttributeValue, CommFlags, EventWriter, GroupFlags, GroupType, IoAccessMode,
    IoCreationFlags, IoHandleFlags, IoOperationFlags, IoOperationMode, IoParadigmClass,
    IoParadigmFlags, IoSeekOption, IoStatusFlags, LocationGroupType, LocationType, LockType,
    Paradigm, RegionFlags, RegionRole, Type,
};
use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;

/// What the conversion did, for the summary line and the tests.
#[derive(Debug, Default)]
pub struct Summary {
    pub processes: usize,
    pub locations: usize,
    pub records: u64,
    pub events: u64,
    pub warnings: Vec<String>,
}

/// Progress callback: bytes of native trace consumed so far.
pub type Progress<'a> = &'a dyn Fn(u64);

type Err = String;

fn otf2e(e: otf2_sys::Otf2Error) -> Err {
    e.to_string()
}

/// Open file description: shared by dup'ed fds.
#[derive(Debug)]
struct Ofd {
    pos: Option<u64>,
    append: bool,
}

struct FdEntry {
    handle: u32,
    ofd: Rc<RefCell<Ofd>>,
}

struct StreamEntry {
    handle: u32,
    /// The fd under the stream, closed with it.
    fd: Option<i32>,
    pos: Option<u64>,
}

/// What a call did at its start that its end needs.
#[derive(Default, Clone, Copy)]
struct Pending {
    handle: Option<u32>,
    op: Option<(u32, u64)>,
    /// The second operation of a two-handle call (copy_file_range: the write).
    op2: Option<(u32, u64)>,
    /// The call acts on a library object whose handle was pushed on `opening` (handles the
    /// call creates, one layer down, get it as parent).
    context: bool,
}

/// A library operation in flight (non-blocking request, split collective, deferred put).
#[derive(Clone, Copy)]
struct InFlight {
    handle: u32,
    id: u64,
    bytes: u64,
    dir: Dir,
}

/// The key of a request in flight: (layer, owning object or u64::MAX, request id).
type ReqKey = (Layer, u64, u64);

/// The attributes naming a library variable and its selection, by layer.
fn variable_attrs(layer: Layer) -> (u32, u32) {
    if layer == Layer::Adios {
        (ATTR_ADIOS_VARIABLE, ATTR_ADIOS_SELECTION)
    } else {
        (ATTR_NC_VARIABLE, ATTR_NC_SELECTION)
    }
}

/// The request key of a ReqDone-style record: (`file` field or none, `id` field).
fn req_key(info: &FunctionInfo, r: &Record, file: u8, id: u8) -> ReqKey {
    let owner = if file == RET {
        u64::MAX
    } else {
        field(info, r, file)
    };
    (info.layer, owner, field(info, r, id))
}

/// The OTF2 mode of a transfer and the bytes it asks for (field `req`; none for a flush).
fn mode_bytes(info: &FunctionInfo, r: &Record, dir: Dir, req: u8) -> (IoOperationMode, u64) {
    match dir {
        Dir::Read => (IoOperationMode::Read, field(info, r, req)),
        Dir::Write => (IoOperationMode::Write, field(info, r, req)),
        Dir::Flush => (IoOperationMode::Flush, 0),
    }
}

/// Whether a ReqsDone `which` value covers an operation of direction `dir`.
fn which_covers(which: u64, dir: Dir) -> bool {
    match which {
        1 => dir == Dir::Read,
        2 => dir == Dir::Write,
        _ => true,
    }
}

fn access_mode(flags: u32) -> IoAccessMode {
    if flags & libc::O_PATH as u32 != 0 {
        return IoAccessMode::ReadOnly;
    }
    match flags & libc::O_ACCMODE as u32 {
        0 => IoAccessMode::ReadOnly,
        1 => IoAccessMode::WriteOnly,
        _ => IoAccessMode::ReadWrite,
    }
}

fn creation_flags(flags: u32) -> IoCreationFlags {
    let f = flags as i32;
    let mut c = IoCreationFlags::NONE;
    let tmp = f & libc::O_TMPFILE == libc::O_TMPFILE;
    for (bit, flag) in [
        (libc::O_CREAT, IoCreationFlags::CREATE),
        (libc::O_TRUNC, IoCreationFlags::TRUNCATE),
        (libc::O_EXCL, IoCreationFlags::EXCLUSIVE),
        (libc::O_NOCTTY, IoCreationFlags::NO_CONTROLLING_TERMINAL),
        (libc::O_NOFOLLOW, IoCreationFlags::NO_FOLLOW),
        (libc::O_PATH, IoCreationFlags::PATH),
        (libc::O_LARGEFILE, IoCreationFlags::LARGEFILE),
    ] {
        if f & bit != 0 {
            c |= flag;
        }
    }
    if tmp {
        c |= IoCreationFlags::TEMPORARY_FILE;
    } else if f & libc::O_DIRECTORY != 0 {
        c |= IoCreationFlags::DIRECTORY;
    }
    c
}

fn status_flags(flags: u32) -> IoStatusFlags {
    let f = flags as i32;
    let mut s = IoStatusFlags::NONE;
    for (bit, flag) in [
        (libc::O_CLOEXEC, IoStatusFlags::CLOSE_ON_EXEC),
        (libc::O_APPEND, IoStatusFlags::APPEND),
        (libc::O_NONBLOCK, IoStatusFlags::NON_BLOCKING),
        (libc::O_ASYNC, IoStatusFlags::ASYNC),
        (libc::O_DIRECT, IoStatusFlags::AVOID_CACHING),
        (libc::O_NOATIME, IoStatusFlags::NO_ACCESS_TIME),
    ] {
        if f & bit != 0 {
            s |= flag;
        }
    }
    // O_SYNC contains the O_DSYNC bit.
    if f & libc::O_SYNC == libc::O_SYNC {
        s |= IoStatusFlags::SYNC;
    } else if f & libc::O_DSYNC != 0 {
        s |= IoStatusFlags::DATA_SYNC;
    }
    s
}

fn whence(w: u64) -> IoSeekOption {
    match w as i32 {
        libc::SEEK_CUR => IoSeekOption::FromCurrent,
        libc::SEEK_END => IoSeekOption::FromEnd,
        libc::SEEK_DATA => IoSeekOption::Data,
        libc::SEEK_HOLE => IoSeekOption::Hole,
        _ => IoSeekOption::FromStart,
    }
}

/// MPI_File_open access mode (canonical bits, `io_events::functions::mpi_amode`) -> OTF2.
fn mpi_amode(a: u64) -> (IoAccessMode, IoCreationFlags, IoStatusFlags) {
    use io_events::functions::mpi_amode as m;
    let mode = if a & m::RDWR != 0 {
        IoAccessMode::ReadWrite
    } else if a & m::WRONLY != 0 {
        IoAccessMode::WriteOnly
    } else {
        IoAccessMode::ReadOnly
    };
    let mut c = IoCreationFlags::NONE;
    for (bit, f) in [
        (m::CREATE, IoCreationFlags::CREATE),
        (m::EXCL, IoCreationFlags::EXCLUSIVE),
        (m::UNIQUE_OPEN, IoCreationFlags::UNIQUE),
        (m::SEQUENTIAL, IoCreationFlags::NO_SEEK),
        (m::TRUNCATE, IoCreationFlags::TRUNCATE),
    ] {
        if a & bit != 0 {
            c |= f;
        }
    }
    let mut s = IoStatusFlags::NONE;
    for (bit, f) in [
        (m::APPEND, IoStatusFlags::APPEND),
        (m::DELETE_ON_CLOSE, IoStatusFlags::DELETE_ON_CLOSE),
    ] {
        if a & bit != 0 {
            s |= f;
        }
    }
    (mode, c, s)
}

fn field(info: &FunctionInfo, r: &Record, i: u8) -> u64 {
    r.fields[info.field_index(i)]
}

/// Per-process conversion state.
struct ProcessState<'p> {
    p: &'p ProcessTrace,
    host_node: u32,
    /// Local file id -> global file id.
    file_map: HashMap<u64, u32>,
    fds: HashMap<i32, FdEntry>,
    streams: HashMap<u64, StreamEntry>,
    active: HashSet<u32>,
    next_id: u64,
    locks: HashMap<u32, LockType>,
    /// POSIX aio requests in flight: aiocb -> (handle, matching id, requested bytes).
    aio: HashMap<u64, (u32, u64, u64)>,
    /// Library objects (MPI_File ...) -> handle, keyed by (layer, identity).
    objs: HashMap<(Layer, u64), u32>,
    /// Library operations in flight (non-blocking requests, split collectives, deferred
    /// puts), keyed by (layer, owning object, request or object identity).
    reqs: HashMap<ReqKey, InFlight>,
    /// Non-blocking starts (NamedStart) whose completion is collective, as (thread, n-th
    /// start of that thread): found by a first pass over the process's streams.
    collective_starts: HashSet<(usize, u64)>,
    /// The thread being converted and how many NamedStart records it has had so far.
    thread: usize,
    starts_seen: Vec<u64>,
    /// Library handles whose file is a directory of files (an ADIOS BP output): files opened
    /// inside it while it is open get it as parent, whichever thread opens them.
    containers: Vec<(u32, String)>,
    /// Local communicator id -> global comm id.
    comm_map: HashMap<u64, u32>,
    /// Objects inside library files (HDF5 datasets), keyed by (layer, identity): the
    /// handle of their file and their name (a global string id).
    subs: HashMap<(Layer, u64), (u32, u32)>,
    /// The selection of the transfer in progress (an `h5_selection` event), for its Complete.
    selection: Option<String>,
    /// Stand-in handles (PRE_CREATED) for library objects and files whose opening the trace
    /// does not show, keyed by (layer, identity), and the operations placed on them.
    stand_ins: HashMap<(Layer, u64), u32>,
    guessed: u64,
    /// Handles being created by calls in progress on the current tree (for parents).
    opening: Vec<(u32, u8)>,
}

impl<'p> ProcessState<'p> {
    fn file(&mut self, defs: &mut GlobalDefs, local: u64, dir_hint: bool) -> Option<u32> {
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

    fn new_handle(&mut self, defs: &mut GlobalDefs, file: u32, layer: Layer) -> u32 {
        self.new_handle_on(defs, file, layer, None)
    }

    fn new_handle_on(
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
    /// opened: an operation on it is kept on a PRE_CREATED handle that says so.
    fn stand_in(&mut self, defs: &mut GlobalDefs, layer: Layer, key: u64, what: &str) -> u32 {
        if let Some(&h) = self.stand_ins.get(&(layer, key)) {
            return h;
        }
        let def = HandleDef {
            name: format!("{what} {key:#x} (not seen opened)"),
            file: None,
            paradigm: defs.paradigm(layer),
            flags: 0,
            comm: None,
            parent: None,
        };
        let active = &self.active;
        let h = defs.precreated_handle(def, 2, 0, &|h| active.contains(&h));
        self.active.insert(h);
        self.stand_ins.insert((layer, key), h);
        h
    }

    /// A handle like `like` (same name, file, paradigm, parent) that is free: for dup.
    fn twin_handle(&mut self, defs: &mut GlobalDefs, like: u32) -> u32 {
        let mut def = defs.handles[like as usize].clone();
        def.flags &= !HANDLE_PRE_CREATED;
        let active = &self.active;
        let h = defs.handle(def, &|h| active.contains(&h));
        self.active.insert(h);
        h
    }

    fn destroy(&mut self, w: &mut EventWriter, t: u64, handle: u32) -> Result<(), Err> {
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
                w.io_operation_complete(t, handle, bytes, id)
                    .map_err(otf2e)?;
            }
        }
        if self.active.remove(&handle) {
            w.io_destroy_handle(t, handle).map_err(otf2e)?;
        }
        Ok(())
    }

    fn close_fd(&mut self, w: &mut EventWriter, t: u64, fd: i32) -> Result<(), Err> {
        if let Some(e) = self.fds.remove(&fd) {
            self.destroy(w, t, e.handle)?;
        }
        Ok(())
    }

    fn close_stream(&mut self, w: &mut EventWriter, t: u64, key: u64) -> Result<(), Err> {
        if let Some(s) = self.streams.remove(&key) {
            if let Some(fd) = s.fd {
                self.close_fd(w, t, fd)?;
            }
            self.destroy(w, t, s.handle)?;
        }
        Ok(())
    }

    /// The position of a target is no longer known (a seek whose result was not recorded).
    fn forget_position(&mut self, info: &FunctionInfo, r: &Record, t: Target) {
        match t {
            Target::Fd(i) => {
                if let Some(e) = self.fds.get(&(field(info, r, i) as i32)) {
                    e.ofd.borrow_mut().pos = None;
                }
            }
            Target::Stream(i) => {
                if let Some(s) = self.streams.get_mut(&field(info, r, i)) {
                    s.pos = None;
                }
            }
            Target::Proxy => {}
        }
    }

    fn target(
        &mut self,
        defs: &mut GlobalDefs,
        info: &FunctionInfo,
        r: &Record,
        t: Target,
    ) -> Option<u32> {
        match t {
            Target::Fd(i) => self.fds.get(&(field(info, r, i) as i32)).map(|e| e.handle),
            Target::Stream(i) => {
                let key = field(info, r, i);
                if key == 0 {
                    Some(defs.proxy(info.layer)) // fflush(NULL)
                } else {
                    self.streams.get(&key).map(|s| s.handle)
                }
            }
            Target::Proxy => Some(defs.proxy(info.layer)),
        }
    }

    /// The implicit position of a target (and a way to advance it).
    fn position(&self, info: &FunctionInfo, r: &Record, t: Target, dir: Dir) -> Option<u64> {
        match t {
            Target::Fd(i) => self.fds.get(&(field(info, r, i) as i32)).and_then(|e| {
                let o = e.ofd.borrow();
                // An appending write goes to the end of the file, which is not tracked.
                if o.append && dir == Dir::Write {
                    None
                } else {
                    o.pos
                }
            }),
            Target::Stream(i) => self.streams.get(&field(info, r, i)).and_then(|s| s.pos),
            Target::Proxy => None,
        }
    }

    fn set_position(
        &mut self,
        info: &FunctionInfo,
        r: &Record,
        t: Target,
        pos: Option<u64>,
        advance: Option<u64>,
    ) {
        let apply = |cur: Option<u64>| match (pos, advance) {
            (Some(p), _) => Some(p),
            (None, Some(a)) => cur.map(|c| c + a),
            (None, None) => cur,
        };
        match t {
            Target::Fd(i) => {
                if let Some(e) = self.fds.get(&(field(info, r, i) as i32)) {
                    let mut o = e.ofd.borrow_mut();
                    o.pos = if o.append && pos.is_none() {
                        None
                    } else {
                        apply(o.pos)
                    };
                }
            }
            Target::Stream(i) => {
                if let Some(s) = self.streams.get_mut(&field(info, r, i)) {
                    s.pos = apply(s.pos);
                }
            }
            Target::Proxy => {}
        }
    }

    /// A stream and the descriptor under it (or a duplicate of it) share one file position,
    /// but stdio buffers: I/O or a seek through the stream moves the descriptor's position by
    /// an amount the trace does not show, and I/O on the descriptor moves the stream's. After
    /// either, the other side's position is unknown (no Offset rather than a wrong one).
    fn positions_diverge(&mut self, info: &FunctionInfo, r: &Record, t: Target) {
        match t {
            Target::Stream(i) => {
                let fd = self.streams.get(&field(info, r, i)).and_then(|s| s.fd);
                if let Some(e) = fd.and_then(|fd| self.fds.get(&fd)) {
                    e.ofd.borrow_mut().pos = None;
                }
            }
            Target::Fd(i) => {
                let Some(ofd) = self
                    .fds
                    .get(&(field(info, r, i) as i32))
                    .map(|e| e.ofd.clone())
                else {
                    return;
                };
                let fds = &self.fds;
                for s in self.streams.values_mut() {
                    let shared =
                        s.fd.and_then(|fd| fds.get(&fd))
                            .is_some_and(|e| Rc::ptr_eq(&e.ofd, &ofd));
                    if shared {
                        s.pos = None;
                    }
                }
            }
            Target::Proxy => {}
        }
    }

    /// A child was forked that inherited `fds`: their positions (and those of the streams on
    /// them) now move with the child's I/O too, which this process's trace does not show.
    fn forked(&mut self, fds: &[i32]) {
        for fd in fds {
            if let Some(e) = self.fds.get(fd) {
                e.ofd.borrow_mut().pos = None;
            }
        }
        for s in self.streams.values_mut() {
            if s.fd.is_some_and(|fd| fds.contains(&fd)) {
                s.pos = None;
            }
        }
    }

    /// IoOperationBegin of one operation of a call, if its handle is known.
    #[allow(clippy::too_many_arguments)]
    fn begin_op(
        &mut self,
        defs: &mut GlobalDefs,
        w: &mut EventWriter,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
        target: Target,
        dir: Dir,
        req: u8,
        off: Off,
    ) -> Result<Option<(u32, u64)>, Err> {
        let Some(h) = self.target(defs, info, r, target) else {
            return Ok(None);
        };
        let id = self.next_id;
        self.next_id += 1;
        let offset = match off {
            Off::Field(i) => Some(field(info, r, i)),
            Off::FieldOrImplicit(i) if field(info, r, i) as i64 != -1 => Some(field(info, r, i)),
            Off::Implicit | Off::FieldOrImplicit(_) => self.position(info, r, target, dir),
            Off::None => None,
        };
        let (mode, bytes) = mode_bytes(info, r, dir, req);
        w.io_operation_begin(
            t0,
            h,
            mode,
            IoOperationFlags::NONE,
            bytes,
            id,
            offset.map(|o| (ATTR_OFFSET, o)),
        )
        .map_err(otf2e)?;
        Ok(Some((h, id)))
    }

    /// IoOperationComplete of one operation, and the position it moves.
    #[allow(clippy::too_many_arguments)]
    fn complete_op(
        &mut self,
        w: &mut EventWriter,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        target: Target,
        dir: Dir,
        xfer: u8,
        off: Off,
        (h, id): (u32, u64),
    ) -> Result<(), Err> {
        let got = if dir == Dir::Flush {
            0
        } else {
            field(info, r, xfer)
        };
        w.io_operation_complete(t1, h, got, id).map_err(otf2e)?;
        let implicit = match off {
            Off::Implicit => true,
            Off::FieldOrImplicit(i) => field(info, r, i) as i64 == -1,
            _ => false,
        };
        if implicit && dir != Dir::Flush {
            self.set_position(info, r, target, None, Some(got));
        }
        // Through a stream every operation (a flush too) may move the descriptor under it; on a
        // descriptor only those at the file position do.
        if matches!(target, Target::Stream(_)) || (implicit && dir != Dir::Flush) {
            self.positions_diverge(info, r, target);
        }
        Ok(())
    }

    /// The selection of the transfer ending now (set by its `*_selection` event), as
    /// attribute `attr` of its Complete when it has one.
    fn attach_selection(
        &mut self,
        defs: &mut GlobalDefs,
        w: &mut EventWriter,
        attr: u32,
        has_op: bool,
    ) -> Result<(), Err> {
        if let Some(sel) = self.selection.take() {
            if has_op {
                w.add_attr_string(attr, defs.strings.id(&sel))
                    .map_err(otf2e)?;
            }
        }
        Ok(())
    }

    /// The new handle of a library file (ObjOpen), the context of what opens inside.
    fn obj_handle(
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
        Some(h)
    }

    /// IoOperationBegin of a library operation on the object in field `key`.
    #[allow(clippy::too_many_arguments)]
    fn begin_obj_op(
        &mut self,
        w: &mut EventWriter,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
        key: u8,
        dir: Dir,
        req: u8,
        off: u8,
        flags: IoOperationFlags,
    ) -> Result<Option<(u32, u64)>, Err> {
        let Some(&h) = self.objs.get(&(info.layer, field(info, r, key))) else {
            return Ok(None);
        };
        let id = self.next_id;
        self.next_id += 1;
        let (mode, bytes) = mode_bytes(info, r, dir, req);
        let offset = if off == RET || dir == Dir::Flush {
            None
        } else {
            Some(field(info, r, off)).filter(|&o| o as i64 >= 0)
        };
        w.io_operation_begin(
            t0,
            h,
            mode,
            flags,
            bytes,
            id,
            offset.map(|o| (ATTR_OFFSET, o)),
        )
        .map_err(otf2e)?;
        Ok(Some((h, id)))
    }

    /// IoOperationBegin of a transfer on a named variable of the library file in field
    /// `file` (netCDF, PnetCDF, ADIOS), with the variable's name as attribute.
    #[allow(clippy::too_many_arguments)]
    fn begin_named_op(
        &mut self,
        defs: &mut GlobalDefs,
        w: &mut EventWriter,
        t0: u64,
        info: &FunctionInfo,
        r: &Record,
        (file, name, dir, req): (u8, u8, Dir, u8),
        flags: IoOperationFlags,
    ) -> Result<Option<(u32, u64)>, Err> {
        let Some(&h) = self.objs.get(&(info.layer, field(info, r, file))) else {
            return Ok(None);
        };
        let id = self.next_id;
        self.next_id += 1;
        let (mode, bytes) = mode_bytes(info, r, dir, req);
        let text = self.p.name(field(info, r, name)).unwrap_or("(unnamed)");
        let s = defs.strings.id(text);
        w.add_attr_string(variable_attrs(info.layer).0, s)
            .map_err(otf2e)?;
        w.io_operation_begin(t0, h, mode, flags, bytes, id, None)
            .map_err(otf2e)?;
        Ok(Some((h, id)))
    }

    /// Operations in flight on `handle` end with it (a close without wait): Cancelled, in
    /// the order they started.
    fn cancel_in_flight(&mut self, w: &mut EventWriter, t: u64, handle: u32) -> Result<(), Err> {
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
            w.io_operation_cancelled(t, v.handle, v.id).map_err(otf2e)?;
        }
        Ok(())
    }

    /// An operation goes in flight under `k`. A request id reused while the converter still
    /// holds it (a completion it never saw): the old operation is closed as cancelled.
    #[allow(clippy::too_many_arguments)]
    fn in_flight(
        &mut self,
        w: &mut EventWriter,
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
            w.io_operation_cancelled(t, old.handle, old.id)
                .map_err(otf2e)?;
        }
        Ok(())
    }

    /// Enter the call: Enter, and what must happen at its start.
    fn start(
        &mut self,
        defs: &mut GlobalDefs,
        w: &mut EventWriter,
        t0: u64,
        r: &Record,
    ) -> Result<Pending, Err> {
        let info = &FUNCTIONS[r.func as usize];
        let mut pend = Pending::default();
        if info.role == Role::Event {
            // An event telling of a library file (h5_file) opens its handle like a call.
            if let Mapping::ObjOpen { path, comm, .. } = info.mapping {
                pend.handle = self.obj_handle(defs, info, r, path, comm);
            }
            return Ok(pend);
        }
        let region = defs.region(r.func);
        w.enter(t0, region).map_err(otf2e)?;
        if info.fail.failed(r.ret()) {
            return Ok(pend);
        }
        // A PnetCDF or ADIOS call on an open file: what it opens one layer down (PnetCDF's
        // independent-mode MPI file, a BP engine's data files) belongs to that file.
        if matches!(info.layer, Layer::PnetCdf | Layer::Adios)
            && !matches!(info.mapping, Mapping::ObjOpen { .. })
            && info.args.first().is_some_and(|a| a.1 == Kind::Handle)
        {
            if let Some(&h) = self.objs.get(&(info.layer, field(info, r, 0))) {
                self.opening.push((h, defs.paradigm(info.layer)));
                pend.context = true;
            }
        }
        match info.mapping {
            Mapping::OpenFd { path, .. }
            | Mapping::OpenStream { path, .. }
            | Mapping::ReopenStream { path, .. }
            | Mapping::OpenDir { path } => {
                let dir = matches!(info.mapping, Mapping::OpenDir { .. });
                if let Some(file) = self.file(defs, field(info, r, path), dir) {
                    let h = self.new_handle(defs, file, info.layer);
                    self.opening.push((h, defs.paradigm(info.layer)));
                    pend.handle = Some(h);
                }
            }
            Mapping::StreamFromFd { fd, .. } => {
                if let Some(e) = self.fds.get(&(field(info, r, fd) as i32)) {
                    let file = defs.handles[e.handle as usize].file;
                    if let Some(file) = file {
                        let h = self.new_handle(defs, file, info.layer);
                        pend.handle = Some(h);
                    }
                }
            }
            Mapping::Data {
                target,
                dir,
                req,
                off,
                ..
            } => {
                pend.op = self.begin_op(defs, w, t0, info, r, target, dir, req, off)?;
            }
            Mapping::Copy {
                from,
                to,
                req,
                off_from,
                off_to,
            } => {
                pend.op = self.begin_op(
                    defs,
                    w,
                    t0,
                    info,
                    r,
                    Target::Fd(from),
                    Dir::Read,
                    req,
                    off_from,
                )?;
                pend.op2 = self.begin_op(
                    defs,
                    w,
                    t0,
                    info,
                    r,
                    Target::Fd(to),
                    Dir::Write,
                    req,
                    off_to,
                )?;
            }
            Mapping::ObjOpen { path, comm, .. } => {
                pend.handle = self.obj_handle(defs, info, r, path, comm);
            }
            Mapping::ObjData {
                key,
                dir,
                req,
                off,
                coll,
                ..
            } => {
                let flags = if coll {
                    IoOperationFlags::COLLECTIVE
                } else {
                    IoOperationFlags::NONE
                };
                pend.op = self.begin_obj_op(w, t0, info, r, key, dir, req, off, flags)?;
            }
            Mapping::ObjStart {
                key,
                dir,
                req,
                off,
                coll,
                ..
            } => {
                let mut flags = IoOperationFlags::NON_BLOCKING;
                if coll {
                    flags |= IoOperationFlags::COLLECTIVE;
                }
                pend.op = self.begin_obj_op(w, t0, info, r, key, dir, req, off, flags)?;
            }
            Mapping::NamedData {
                file,
                name,
                dir,
                req,
                coll,
                ..
            } => {
                let flags = if coll {
                    IoOperationFlags::COLLECTIVE
                } else {
                    IoOperationFlags::NONE
                };
                pend.op =
                    self.begin_named_op(defs, w, t0, info, r, (file, name, dir, req), flags)?;
            }
            Mapping::NamedStart {
                file,
                name,
                dir,
                req,
                id,
            } => {
                let nb = field(info, r, id) != u64::MAX;
                let mut flags = IoOperationFlags::NONE;
                if nb {
                    let n = self.starts_seen[self.thread];
                    self.starts_seen[self.thread] += 1;
                    flags = IoOperationFlags::NON_BLOCKING;
                    if self.collective_starts.contains(&(self.thread, n)) {
                        flags |= IoOperationFlags::COLLECTIVE;
                    }
                }
                pend.op =
                    self.begin_named_op(defs, w, t0, info, r, (file, name, dir, req), flags)?;
            }
            Mapping::SubData {
                key,
                dir,
                req,
                coll,
                ..
            } => {
                let k = (info.layer, field(info, r, key));
                let (h, name) = match self.subs.get(&k) {
                    Some(&(h, name)) => (h, name),
                    // Not seen opened (nor told by the recorder): a stand-in, counted.
                    None => (
                        self.stand_in(defs, k.0, k.1, "HDF5 object"),
                        defs.strings.id("(unknown)"),
                    ),
                };
                if self.stand_ins.values().any(|&s| s == h) {
                    self.guessed += 1;
                }
                let id = self.next_id;
                self.next_id += 1;
                let (mode, bytes) = mode_bytes(info, r, dir, req);
                let collective = coll != RET && field(info, r, coll) != 0;
                let flags = if collective {
                    IoOperationFlags::COLLECTIVE
                } else {
                    IoOperationFlags::NONE
                };
                w.add_attr_string(ATTR_DATASET, name).map_err(otf2e)?;
                w.io_operation_begin(t0, h, mode, flags, bytes, id, None)
                    .map_err(otf2e)?;
                pend.op = Some((h, id));
            }
            Mapping::AioStart {
                dir, fd, req, off, ..
            } => {
                if let Some(e) = self.fds.get(&(field(info, r, fd) as i32)) {
                    let h = e.handle;
                    let id = self.next_id;
                    self.next_id += 1;
                    let mode = if dir == Dir::Read {
                        IoOperationMode::Read
                    } else {
                        IoOperationMode::Write
                    };
                    w.io_operation_begin(
                        t0,
                        h,
                        mode,
                        IoOperationFlags::NON_BLOCKING,
                        field(info, r, req),
                        id,
                        Some((ATTR_OFFSET, field(info, r, off))),
                    )
                    .map_err(otf2e)?;
                    pend.op = Some((h, id));
                }
            }
            _ => {}
        }
        Ok(pend)
    }

    /// Leave the call: what happens at its end, then Leave.
    fn finish(
        &mut self,
        defs: &mut GlobalDefs,
        w: &mut EventWriter,
        t1: u64,
        r: &Record,
        pend: Pending,
    ) -> Result<(), Err> {
        let info = &FUNCTIONS[r.func as usize];
        let failed = info.fail.failed(r.ret());
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
        let ret = r.ret();
        match info.mapping {
            Mapping::OpenFd { flags, .. } => {
                if let Some(h) = pend.handle {
                    let fl = match flags {
                        Flags::Field(i) => field(info, r, i) as u32,
                        Flags::Fixed(f) => f,
                        Flags::FixedOr(f, i) => f | field(info, r, i) as u32,
                    };
                    let fd = ret as i32;
                    self.close_fd(w, t1, fd)?;
                    w.io_create_handle(
                        t1,
                        h,
                        access_mode(fl),
                        creation_flags(fl),
                        status_flags(fl),
                    )
                    .map_err(otf2e)?;
                    let append = fl & libc::O_APPEND as u32 != 0;
                    self.fds.insert(
                        fd,
                        FdEntry {
                            handle: h,
                            ofd: Rc::new(RefCell::new(Ofd {
                                pos: Some(0),
                                append,
                            })),
                        },
                    );
                }
            }
            Mapping::OpenStream { flags, fd, .. } | Mapping::ReopenStream { flags, fd, .. } => {
                if let Mapping::ReopenStream { stream, .. } = info.mapping {
                    self.close_stream(w, t1, field(info, r, stream))?;
                }
                if let Some(h) = pend.handle {
                    let fl = field(info, r, flags) as u32;
                    let fdn = field(info, r, fd) as i32;
                    w.io_create_handle(
                        t1,
                        h,
                        access_mode(fl),
                        creation_flags(fl),
                        status_flags(fl),
                    )
                    .map_err(otf2e)?;
                    // The fd fopen opened underneath: a POSIX handle whose parent is the stream.
                    self.close_fd(w, t1, fdn)?;
                    let file = defs.handles[h as usize].file.unwrap_or(0);
                    self.opening.push((h, defs.paradigm(Layer::Isoc)));
                    let ph = self.new_handle(defs, file, Layer::Posix);
                    self.opening.pop();
                    w.io_create_handle(
                        t1,
                        ph,
                        access_mode(fl),
                        creation_flags(fl),
                        status_flags(fl),
                    )
                    .map_err(otf2e)?;
                    let append = fl & libc::O_APPEND as u32 != 0;
                    self.fds.insert(
                        fdn,
                        FdEntry {
                            handle: ph,
                            ofd: Rc::new(RefCell::new(Ofd {
                                pos: Some(0),
                                append,
                            })),
                        },
                    );
                    self.streams.insert(
                        ret,
                        StreamEntry {
                            handle: h,
                            fd: Some(fdn),
                            pos: if append { None } else { Some(0) },
                        },
                    );
                }
            }
            Mapping::StreamFromFd { fd, flags } => {
                if let Some(h) = pend.handle {
                    let fdn = field(info, r, fd) as i32;
                    if let Some(e) = self.fds.get(&fdn) {
                        let fl = field(info, r, flags) as u32;
                        w.io_duplicate_handle(t1, e.handle, h, status_flags(fl))
                            .map_err(otf2e)?;
                        let pos = e.ofd.borrow().pos;
                        self.streams.insert(
                            ret,
                            StreamEntry {
                                handle: h,
                                fd: Some(fdn),
                                pos,
                            },
                        );
                    }
                }
            }
            Mapping::OpenDir { .. } => {
                if let Some(h) = pend.handle {
                    // fdopendir's fd (field 0) now belongs to the directory stream.
                    let fd =
                        if info.args.first().map(|a| a.1) == Some(io_events::functions::Kind::Fd) {
                            Some(r.fields[0] as i32)
                        } else {
                            None
                        };
                    w.io_create_handle(
                        t1,
                        h,
                        IoAccessMode::ReadOnly,
                        IoCreationFlags::DIRECTORY,
                        IoStatusFlags::NONE,
                    )
                    .map_err(otf2e)?;
                    self.streams.insert(
                        ret,
                        StreamEntry {
                            handle: h,
                            fd,
                            pos: None,
                        },
                    );
                }
            }
            Mapping::Close(Target::Fd(i)) => {
                if !failed {
                    let fd = field(info, r, i) as i32;
                    self.close_fd(w, t1, fd)?;
                    // close(fileno(f)): the stream no longer owns that number, so a later
                    // fclose(f) must not close whatever reuses it.
                    for s in self.streams.values_mut() {
                        if s.fd == Some(fd) {
                            s.fd = None;
                        }
                    }
                }
            }
            Mapping::Close(Target::Stream(i)) => {
                // fclose disassociates the stream even when it fails.
                if !failed || info.layer == Layer::Isoc {
                    self.close_stream(w, t1, field(info, r, i))?;
                }
            }
            Mapping::Close(Target::Proxy) => {}
            Mapping::Data {
                target,
                xfer,
                off,
                dir,
                ..
            } => {
                if let Some(op) = pend.op {
                    self.complete_op(w, t1, info, r, target, dir, xfer, off, op)?;
                }
            }
            Mapping::Copy {
                from,
                to,
                off_from,
                off_to,
                ..
            } => {
                if let Some(op) = pend.op {
                    self.complete_op(
                        w,
                        t1,
                        info,
                        r,
                        Target::Fd(from),
                        Dir::Read,
                        RET,
                        off_from,
                        op,
                    )?;
                }
                if let Some(op) = pend.op2 {
                    self.complete_op(w, t1, info, r, Target::Fd(to), Dir::Write, RET, off_to, op)?;
                }
            }
            Mapping::Seek {
                target,
                offset,
                whence: wh,
                result,
            } => {
                if !failed {
                    if let Some(h) = self.target(defs, info, r, target) {
                        let res = result.map(|i| field(info, r, i)).filter(|&v| v as i64 >= 0);
                        let wv = if wh == RET { 0 } else { field(info, r, wh) };
                        w.io_seek(
                            t1,
                            h,
                            field(info, r, offset) as i64,
                            whence(wv),
                            res.unwrap_or(u64::MAX),
                        )
                        .map_err(otf2e)?;
                        match res {
                            Some(_) => self.set_position(info, r, target, res, None),
                            None => self.forget_position(info, r, target),
                        }
                        self.positions_diverge(info, r, target);
                    }
                }
            }
            Mapping::Rewind { target } => {
                if let Some(h) = self.target(defs, info, r, target) {
                    w.io_seek(t1, h, 0, IoSeekOption::FromStart, 0)
                        .map_err(otf2e)?;
                    self.set_position(info, r, target, Some(0), None);
                    self.positions_diverge(info, r, target);
                }
            }
            Mapping::Dup { old } => {
                if !failed {
                    let (o, n) = (field(info, r, old) as i32, ret as i32);
                    let cloexec = info.name == "dup3" && r.fields[2] as i32 & libc::O_CLOEXEC != 0;
                    self.dup(defs, w, t1, o, n, cloexec)?;
                }
            }
            Mapping::Fcntl => {
                if !failed {
                    self.fcntl(defs, w, t1, r)?;
                }
            }
            Mapping::Flock { fd, op } => {
                if !failed {
                    if let Some(e) = self.fds.get(&(field(info, r, fd) as i32)) {
                        let h = e.handle;
                        let op = field(info, r, op) as i32;
                        let ty = if op & libc::LOCK_SH != 0 {
                            LockType::Shared
                        } else {
                            LockType::Exclusive
                        };
                        if op & libc::LOCK_UN != 0 {
                            let ty = self.locks.remove(&h).unwrap_or(LockType::Exclusive);
                            w.io_release_lock(t1, h, ty).map_err(otf2e)?;
                        } else if op & libc::LOCK_NB != 0 {
                            self.locks.insert(h, ty);
                            w.io_try_lock(t1, h, ty).map_err(otf2e)?;
                        } else {
                            self.locks.insert(h, ty);
                            w.io_acquire_lock(t1, h, ty).map_err(otf2e)?;
                        }
                    }
                }
            }
            Mapping::Lockf { fd, cmd } => {
                if !failed {
                    if let Some(e) = self.fds.get(&(field(info, r, fd) as i32)) {
                        let h = e.handle;
                        match field(info, r, cmd) as i32 {
                            libc::F_LOCK => w
                                .io_acquire_lock(t1, h, LockType::Exclusive)
                                .map_err(otf2e)?,
                            libc::F_TLOCK => {
                                w.io_try_lock(t1, h, LockType::Exclusive).map_err(otf2e)?
                            }
                            libc::F_ULOCK => w
                                .io_release_lock(t1, h, LockType::Exclusive)
                                .map_err(otf2e)?,
                            _ => {}
                        }
                    }
                }
            }
            Mapping::Delete { path } => {
                if !failed {
                    let dir = info.name == "rmdir"
                        || (info.name == "unlinkat"
                            && r.fields[2] as i32 & libc::AT_REMOVEDIR != 0);
                    if let Some(file) = self.file(defs, field(info, r, path), dir) {
                        w.io_delete_file(t1, defs.paradigm(info.layer), file)
                            .map_err(otf2e)?;
                    }
                }
            }
            Mapping::Unget { target } => {
                if !failed {
                    if let Target::Stream(i) = target {
                        if let Some(s) = self.streams.get_mut(&field(info, r, i)) {
                            // At position 0 the position after ungetc is unspecified.
                            s.pos = s.pos.and_then(|p| p.checked_sub(1));
                        }
                    }
                }
            }
            Mapping::AioStart { cb, req, .. } => {
                if let Some((h, id)) = pend.op {
                    w.io_operation_issued(t1, h, id).map_err(otf2e)?;
                    self.aio
                        .insert(field(info, r, cb), (h, id, field(info, r, req)));
                }
            }
            Mapping::AioTest { cb } => {
                if ret as i32 == libc::EINPROGRESS {
                    if let Some(&(h, id, _)) = self.aio.get(&field(info, r, cb)) {
                        w.io_operation_test(t1, h, id).map_err(otf2e)?;
                    }
                }
            }
            Mapping::AioComplete { cb } => {
                if let Some((h, id, _)) = self.aio.remove(&field(info, r, cb)) {
                    let got = if ret as i64 >= 0 { ret } else { 0 };
                    w.io_operation_complete(t1, h, got, id).map_err(otf2e)?;
                }
            }
            Mapping::AioCancel { fd, cb } => {
                if !failed && ret as i32 == libc::AIO_CANCELED {
                    let key = field(info, r, cb);
                    let victims: Vec<(u64, (u32, u64, u64))> = if key != 0 {
                        self.aio
                            .remove(&key)
                            .map(|v| vec![(key, v)])
                            .unwrap_or_default()
                    } else {
                        let h = self.fds.get(&(field(info, r, fd) as i32)).map(|e| e.handle);
                        let keys: Vec<u64> = self
                            .aio
                            .iter()
                            .filter(|(_, v)| Some(v.0) == h)
                            .map(|(k, _)| *k)
                            .collect();
                        keys.into_iter()
                            .filter_map(|k| self.aio.remove(&k).map(|v| (k, v)))
                            .collect()
                    };
                    for (_, (h, id, _)) in victims {
                        w.io_operation_cancelled(t1, h, id).map_err(otf2e)?;
                    }
                }
            }
            Mapping::ObjOpen { key, amode, .. } => {
                if let Some(h) = pend.handle {
                    let k = (info.layer, field(info, r, key));
                    if let Some(old) = self.objs.remove(&k) {
                        self.destroy(w, t1, old)?;
                    }
                    let (mode, creation, status) = mpi_amode(field(info, r, amode));
                    w.io_create_handle(t1, h, mode, creation, status)
                        .map_err(otf2e)?;
                    self.objs.insert(k, h);
                    if info.layer == Layer::Adios {
                        if let Some(f) = defs.handles[h as usize].file {
                            self.containers
                                .push((h, defs.files[f as usize].name.clone()));
                        }
                    }
                }
            }
            Mapping::ObjClose { key } => {
                if !failed {
                    let k = (info.layer, field(info, r, key));
                    if let Some(h) = self.objs.remove(&k) {
                        self.cancel_in_flight(w, t1, h)?;
                        self.containers.retain(|c| c.0 != h);
                        self.destroy(w, t1, h)?;
                    }
                }
            }
            Mapping::ObjData { xfer, dir, .. } => {
                if let Some((h, id)) = pend.op {
                    let got = if failed || dir == Dir::Flush {
                        0
                    } else {
                        field(info, r, xfer)
                    };
                    w.io_operation_complete(t1, h, got, id).map_err(otf2e)?;
                }
            }
            Mapping::ObjStart {
                id: idf, req, dir, ..
            } => {
                if let Some((h, id)) = pend.op {
                    w.io_operation_issued(t1, h, id).map_err(otf2e)?;
                    let k = req_key(info, r, RET, idf);
                    self.in_flight(w, t1, k, h, id, field(info, r, req), dir)?;
                }
            }
            Mapping::NamedStart {
                file,
                req,
                id: idf,
                dir,
                ..
            } => {
                let sel = variable_attrs(info.layer).1;
                self.attach_selection(defs, w, sel, pend.op.is_some())?;
                if let Some((h, id)) = pend.op {
                    let bytes = field(info, r, req);
                    if field(info, r, idf) == u64::MAX {
                        w.io_operation_complete(t1, h, bytes, id).map_err(otf2e)?;
                    } else {
                        w.io_operation_issued(t1, h, id).map_err(otf2e)?;
                        let k = req_key(info, r, file, idf);
                        self.in_flight(w, t1, k, h, id, bytes, dir)?;
                    }
                }
            }
            Mapping::ObjEnd { id: idf, xfer } => {
                if let Some(v) = self.reqs.remove(&req_key(info, r, RET, idf)) {
                    let got = if failed { 0 } else { field(info, r, xfer) };
                    w.io_operation_complete(t1, v.handle, got, v.id)
                        .map_err(otf2e)?;
                }
            }
            Mapping::ObjSeek {
                key,
                offset,
                whence: wh,
                result,
            } => {
                if !failed {
                    if let Some(&h) = self.objs.get(&(info.layer, field(info, r, key))) {
                        let res = field(info, r, result);
                        w.io_seek(
                            t1,
                            h,
                            field(info, r, offset) as i64,
                            whence(field(info, r, wh)),
                            if res as i64 >= 0 { res } else { u64::MAX },
                        )
                        .map_err(otf2e)?;
                    }
                }
            }
            Mapping::ReqDone {
                file,
                id: idf,
                xfer,
                cancelled,
                ..
            } => {
                if let Some(v) = self.reqs.remove(&req_key(info, r, file, idf)) {
                    if field(info, r, cancelled) != 0 {
                        w.io_operation_cancelled(t1, v.handle, v.id)
                            .map_err(otf2e)?;
                    } else {
                        let got = match field(info, r, xfer) {
                            u64::MAX => v.bytes,
                            g => g,
                        };
                        w.io_operation_complete(t1, v.handle, got, v.id)
                            .map_err(otf2e)?;
                    }
                }
                return Ok(());
            }
            Mapping::ReqsDone {
                file,
                which,
                cancelled,
                ..
            } => {
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
                        w.io_operation_cancelled(t1, v.handle, v.id)
                            .map_err(otf2e)?;
                    } else {
                        w.io_operation_complete(t1, v.handle, v.bytes, v.id)
                            .map_err(otf2e)?;
                    }
                }
                return Ok(());
            }
            Mapping::ReqTest { id: idf } => {
                if let Some(v) = self.reqs.get(&req_key(info, r, RET, idf)) {
                    w.io_operation_test(t1, v.handle, v.id).map_err(otf2e)?;
                }
                return Ok(());
            }
            Mapping::Shape => {
                let dims = (field(info, r, 0) as usize).min(3);
                if let Some(s) = &mut self.selection {
                    let v: Vec<String> = (0..dims)
                        .map(|d| field(info, r, 1 + d as u8).to_string())
                        .collect();
                    s.push_str(&format!(" shape [{}]", v.join(",")));
                }
                return Ok(());
            }
            Mapping::SubOpen { file, name, key } => {
                if !failed {
                    let fk = (info.layer, field(info, r, file));
                    // A file the trace does not show opened: its objects on a stand-in.
                    let h = match self.objs.get(&fk) {
                        Some(&h) => Some(h),
                        None if fk.1 as i64 > 0 => {
                            Some(self.stand_in(defs, fk.0, fk.1, "HDF5 file"))
                        }
                        None => None,
                    };
                    if let Some(h) = h {
                        let text = self
                            .p
                            .name(field(info, r, name))
                            .unwrap_or("(unnamed)")
                            .to_string();
                        let s = defs.strings.id(&text);
                        self.subs.insert((info.layer, field(info, r, key)), (h, s));
                    }
                }
            }
            Mapping::SubClose { key } => {
                if !failed {
                    self.subs.remove(&(info.layer, field(info, r, key)));
                }
            }
            Mapping::IdRelease { key, kind } => {
                if !failed {
                    let k = (info.layer, field(info, r, key));
                    match field(info, r, kind) {
                        1 => {
                            if let Some(h) = self.objs.remove(&k) {
                                self.destroy(w, t1, h)?;
                            }
                        }
                        _ => {
                            self.subs.remove(&k);
                        }
                    }
                }
            }
            Mapping::Selection => {
                let rank = (field(info, r, 0) as usize).min(3);
                let dims: Vec<String> = (0..rank)
                    .map(|d| {
                        format!(
                            "{}+{}",
                            field(info, r, 1 + 2 * d as u8),
                            field(info, r, 2 + 2 * d as u8)
                        )
                    })
                    .collect();
                let more = if field(info, r, 0) > 3 { ",..." } else { "" };
                self.selection = Some(format!("[{}{}]", dims.join(","), more));
                return Ok(());
            }
            Mapping::Strides | Mapping::Hyperslab => {
                // Field 0 is the rank, then these values per dimension.
                let names: &[&str] = if info.mapping == Mapping::Strides {
                    &["count", "stride"]
                } else {
                    &["count", "stride", "block"]
                };
                let dims = (field(info, r, 0) as usize).min((info.args.len() - 1) / names.len());
                if let Some(s) = &mut self.selection {
                    for (k, name) in names.iter().enumerate() {
                        let v: Vec<String> = (0..dims)
                            .map(|d| field(info, r, (1 + names.len() * d + k) as u8).to_string())
                            .collect();
                        s.push_str(&format!(" {name} [{}]", v.join(",")));
                    }
                }
                return Ok(());
            }
            Mapping::NamedData { xfer, .. } => {
                let sel = variable_attrs(info.layer).1;
                self.attach_selection(defs, w, sel, pend.op.is_some())?;
                if let Some((h, id)) = pend.op {
                    let got = if failed { 0 } else { field(info, r, xfer) };
                    w.io_operation_complete(t1, h, got, id).map_err(otf2e)?;
                }
            }
            Mapping::SubData { xfer, dir, .. } => {
                self.attach_selection(defs, w, ATTR_SELECTION, pend.op.is_some())?;
                if let Some((h, id)) = pend.op {
                    let got = if failed || dir == Dir::Flush {
                        0
                    } else {
                        field(info, r, xfer)
                    };
                    w.io_operation_complete(t1, h, got, id).map_err(otf2e)?;
                }
            }
            Mapping::Rename { .. } | Mapping::Chdir | Mapping::None => {}
        }
        if info.role == Role::Event {
            return Ok(());
        }
        if failed && r.errno != 0 {
            w.add_attr_u32(ATTR_ERRNO, r.errno).map_err(otf2e)?;
        }
        w.leave(t1, defs.region(r.func)).map_err(otf2e)
    }

    fn dup(
        &mut self,
        defs: &mut GlobalDefs,
        w: &mut EventWriter,
        t: u64,
        old: i32,
        new: i32,
        cloexec: bool,
    ) -> Result<(), Err> {
        if old == new {
            return Ok(());
        }
        self.close_fd(w, t, new)?;
        let Some(e) = self.fds.get(&old) else {
            return Ok(());
        };
        let (oh, ofd) = (e.handle, e.ofd.clone());
        let nh = self.twin_handle(defs, oh);
        let st = if cloexec {
            IoStatusFlags::CLOSE_ON_EXEC
        } else {
            IoStatusFlags::NONE
        };
        w.io_duplicate_handle(t, oh, nh, st).map_err(otf2e)?;
        let pos = ofd.borrow().pos;
        self.fds.insert(new, FdEntry { handle: nh, ofd });
        self.rebind_streams(defs, w, t, new, nh, pos)
    }

    /// After dup2 onto a descriptor that backs a stream (`sort -o` does open + dup2(fd, 1) and
    /// writes through stdout), the stream writes into another file: its handle is replaced
    /// by a new ISO C handle on that file, made from the new descriptor's handle.
    fn rebind_streams(
        &mut self,
        defs: &mut GlobalDefs,
        w: &mut EventWriter,
        t: u64,
        fd: i32,
        fd_handle: u32,
        pos: Option<u64>,
    ) -> Result<(), Err> {
        let keys: Vec<u64> = self
            .streams
            .iter()
            .filter(|(_, s)| s.fd == Some(fd))
            .map(|(k, _)| *k)
            .collect();
        for key in keys {
            let Some(file) = defs.handles[fd_handle as usize].file else {
                continue;
            };
            let old = self.streams[&key].handle;
            if defs.handles[old as usize].file == Some(file) {
                continue;
            }
            self.destroy(w, t, old)?;
            let nh = self.new_handle(defs, file, Layer::Isoc);
            w.io_duplicate_handle(t, fd_handle, nh, IoStatusFlags::NONE)
                .map_err(otf2e)?;
            if let Some(s) = self.streams.get_mut(&key) {
                s.handle = nh;
                s.pos = pos;
            }
        }
        Ok(())
    }

    fn fcntl(
        &mut self,
        defs: &mut GlobalDefs,
        w: &mut EventWriter,
        t: u64,
        r: &Record,
    ) -> Result<(), Err> {
        let fd = r.fields[0] as i32;
        let cmd = r.fields[1] as i32;
        let arg = r.fields[2];
        match cmd {
            libc::F_DUPFD | libc::F_DUPFD_CLOEXEC => {
                self.dup(defs, w, t, fd, r.ret() as i32, cmd == libc::F_DUPFD_CLOEXEC)?
            }
            libc::F_SETFL => {
                if let Some(e) = self.fds.get(&fd) {
                    e.ofd.borrow_mut().append = arg as i32 & libc::O_APPEND != 0;
                    w.io_change_status_flags(t, e.handle, status_flags(arg as u32))
                        .map_err(otf2e)?;
                }
            }
            libc::F_SETLK | libc::F_SETLKW | libc::F_OFD_SETLK | libc::F_OFD_SETLKW => {
                if let Some(e) = self.fds.get(&fd) {
                    let h = e.handle;
                    match arg as i32 {
                        x if x == libc::F_UNLCK as i32 => {
                            let ty = self.locks.remove(&h).unwrap_or(LockType::Exclusive);
                            w.io_release_lock(t, h, ty).map_err(otf2e)?;
                        }
                        x => {
                            let ty = if x == libc::F_RDLCK as i32 {
                                LockType::Shared
                            } else {
                                LockType::Exclusive
                            };
                            self.locks.insert(h, ty);
                            if cmd == libc::F_SETLKW || cmd == libc::F_OFD_SETLKW {
                                w.io_acquire_lock(t, h, ty).map_err(otf2e)?;
                            } else {
                                w.io_try_lock(t, h, ty).map_err(otf2e)?;
                            }
                        }
                    }
                }
            }
            _ => {}
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
            let mode = access_mode(flags).raw();
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
                self.fds.insert(
                    fd as i32,
                    FdEntry {
                        handle: h,
                        ofd: Rc::new(RefCell::new(Ofd { pos, append })),
                    },
                );
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

/// A thread being converted.
struct ThreadCursor<'a> {
    feed: TreeFeed,
    writer: EventWriter<'a>,
    /// Record time -> aligned time (drift correction of MPI ranks).
    time: TimeMap,
    /// Last timestamp written on this location: OTF2 needs them non-decreasing, and a
    /// TSC-derived time may fall a few ns before its predecessor across chunk anchors.
    last: u64,
    location: u64,
}

/// The executable's file name of a process.
fn exe_name(p: &ProcessTrace) -> String {
    p.meta
        .cmdline
        .first()
        .map(|s| s.rsplit('/').next().unwrap_or(s).to_string())
        .unwrap_or_default()
}

/// Maps a process's record times (ns since its start) onto the archive's time line.
#[derive(Clone, Copy, Debug)]
struct TimeMap {
    /// Aligned ns of the process start.
    base: u64,
    /// Drift of this clock against the reference, in ns per ns, from record time `t0` on
    /// (MPI ranks measured twice: at MPI_Init and at MPI_Finalize).
    t0: u64,
    slope: f64,
}

impl TimeMap {
    #[inline]
    fn at(&self, t: u64) -> u64 {
        if self.slope == 0.0 {
            return self.base + t;
        }
        let d = (t as f64 - self.t0 as f64) * self.slope;
        (self.base as i64 + t as i64 - d as i64).max(0) as u64
    }
}

/// Clock alignment of every process. Processes of one host share its monotonic clock; MPI
/// ranks measured their offset to rank 0 at MPI_Init and MPI_Finalize (drift interpolated
/// linearly between the two, like Score-P), and the other processes of a host with ranks
/// use the offset of the host's lowest rank. Hosts without ranks are placed by their
/// earliest process's real-time clock reading.
struct Clocks {
    /// Per host: (monotonic ns, aligned ns) of a reference point.
    host_ref: HashMap<String, (u64, u64)>,
    /// Per host with MPI ranks: offset of the host's clock against rank 0's, in ns.
    host_off: HashMap<String, i64>,
    /// Rank 0's (monotonic, realtime) start anchor.
    rank0: Option<(u64, u64)>,
}

impl Clocks {
    fn new(trace: &Trace) -> Clocks {
        let mut host_ref: HashMap<String, (u64, u64)> = HashMap::new();
        for p in &trace.processes {
            let e = host_ref
                .entry(p.meta.host.clone())
                .or_insert((p.meta.start.monotonic_ns, p.meta.start.realtime_ns));
            if p.meta.start.monotonic_ns < e.0 {
                *e = (p.meta.start.monotonic_ns, p.meta.start.realtime_ns);
            }
        }
        let rank0 = trace
            .processes
            .iter()
            .find(|p| p.meta.rank == Some(0))
            .map(|p| (p.meta.start.monotonic_ns, p.meta.start.realtime_ns));
        let mut host_off: HashMap<String, (u32, i64)> = HashMap::new();
        if rank0.is_some() {
            for p in &trace.processes {
                if let (Some(r), Some(o)) = (p.meta.rank, p.meta.clock_offsets.first()) {
                    let e = host_off
                        .entry(p.meta.host.clone())
                        .or_insert((r, o.offset_ns));
                    if r < e.0 {
                        *e = (r, o.offset_ns);
                    }
                }
            }
        }
        Clocks {
            host_ref,
            host_off: host_off.into_iter().map(|(h, (_, o))| (h, o)).collect(),
            rank0,
        }
    }

    fn map(&self, p: &ProcessTrace) -> TimeMap {
        let m = &p.meta;
        if let Some((r0_mono, r0_real)) = self.rank0 {
            let offs = &m.clock_offsets;
            let own = m.rank.is_some() && !offs.is_empty();
            if own || self.host_off.contains_key(&m.host) {
                let off0 = if own {
                    offs[0].offset_ns
                } else {
                    self.host_off[&m.host]
                };
                // Rank 0's monotonic clock at our start, then onto its real-time anchor.
                let on_r0 = m.start.monotonic_ns as i64 - off0 - r0_mono as i64;
                let base = (r0_real as i64 + on_r0).max(0) as u64;
                let (mut t0, mut slope) = (0, 0.0);
                if own && offs.len() >= 2 {
                    let (a, b) = (offs[0], offs[offs.len() - 1]);
                    if b.monotonic_ns > a.monotonic_ns {
                        slope = (b.offset_ns - a.offset_ns) as f64
                            / (b.monotonic_ns - a.monotonic_ns) as f64;
                        t0 = a.monotonic_ns.saturating_sub(m.start.monotonic_ns);
                    }
                }
                return TimeMap { base, t0, slope };
            }
        }
        let href = self.host_ref[&m.host];
        TimeMap {
            base: m.start.monotonic_ns - href.0 + href.1,
            t0: 0,
            slope: 0.0,
        }
    }
}

/// Convert `trace` into the OTF2 archive `out` (the anchor file `NAME.otf2`).
/// The non-blocking starts (NamedStart records, as (thread, n-th start of the thread)) whose
/// request a collective call completes (ncmpi_wait_all): their Begin carries COLLECTIVE,
/// which is known only once the completion is seen, hence this first pass. Only processes
/// that used PnetCDF are read twice; a request completed on another thread than the one
/// that started it keeps NON_BLOCKING alone.
fn collective_starts(p: &ProcessTrace) -> Result<HashSet<(usize, u64)>, Err> {
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

pub fn convert(trace: &Trace, out: &Path, progress: Progress) -> Result<Summary, Err> {
    let mut archive = ArchiveWriter::create(
        out,
        concat!("recorder-otf2 ", env!("CARGO_PKG_VERSION")),
        "I/O trace converted by recorder2otf2",
    )
    .map_err(|e| format!("{}: {}", out.display(), e))?;
    archive.open_event_files().map_err(otf2e)?;
    let machine = trace
        .dir
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "machine".into());
    let mut defs = GlobalDefs::new(&machine);
    let mut summary = Summary::default();
    let clocks = Clocks::new(trace);
    if trace.processes.iter().any(|p| {
        p.meta
            .options
            .get("hdf5")
            .is_some_and(|v| v.ends_with("parallel"))
    }) {
        defs.parallel_builds.push(Layer::Hdf5);
    }
    if trace.processes.iter().any(|p| {
        p.meta
            .options
            .get("netcdf")
            .is_some_and(|v| v.ends_with("parallel"))
    }) {
        defs.parallel_builds.push(Layer::NetCdf);
    }
    // MPI ranks come first, in rank order, so that location group ids equal ranks (Scalasca
    // needs that); every rank of MPI_COMM_WORLD gets a group even if its trace is missing.
    let mut order: Vec<usize> = (0..trace.processes.len()).collect();
    order.sort_by_key(|&i| (trace.processes[i].meta.rank.unwrap_or(u32::MAX), i));
    let world = trace
        .processes
        .iter()
        .filter_map(|p| {
            let r = p.meta.rank?;
            Some(p.meta.world_size.unwrap_or(r + 1).max(r + 1))
        })
        .max();
    let mut rank_owner: HashMap<u32, usize> = HashMap::new();
    if let Some(n) = world {
        for &i in &order {
            if let Some(r) = trace.processes[i].meta.rank {
                rank_owner.entry(r).or_insert(i);
            }
        }
        for r in 0..n {
            match rank_owner.get(&r) {
                Some(&i) => {
                    let p = &trace.processes[i];
                    defs.group(
                        &format!("rank {} ({} {})", r, exe_name(p), p.dir.name),
                        &p.meta.host,
                    );
                }
                None => {
                    defs.groups.push(definitions::GroupDef {
                        name: format!("rank {r} (no trace)"),
                        node: defs.machine(),
                    });
                }
            }
        }
        defs.comm(&(0..n).collect::<Vec<u32>>());
        defs.rank_locations = vec![u64::MAX; n as usize];
    }
    // Fork children, per parent folder: when each started (aligned ns) and the
    // descriptors it inherited. From then on parent and child share those open file
    // descriptions, and the child's I/O moves the parent's positions.
    let mut forks_of: HashMap<String, Vec<(u64, Vec<i32>)>> = HashMap::new();
    for c in &trace.processes {
        if let Some(parent) = &c.meta.forked_from {
            let start = clocks.map(c).at(0);
            let fds = c
                .defs
                .defs
                .iter()
                .filter_map(|d| match *d {
                    Def::PreCreated { layer: 0, fd, .. } => Some(fd as i32),
                    _ => None,
                })
                .collect();
            forks_of
                .entry(parent.clone())
                .or_default()
                .push((start, fds));
        }
    }
    let mut bytes_done = 0u64;
    let (mut tmin, mut tmax) = (u64::MAX, 0u64);
    for &pi in &order {
        let p = &trace.processes[pi];
        summary.processes += 1;
        // Latest first: the next fork to apply is at the end.
        let mut forks = forks_of.remove(&p.dir.name).unwrap_or_default();
        forks.sort_by(|a, b| b.0.cmp(&a.0));
        let rank = p.meta.rank.filter(|r| rank_owner.get(r) == Some(&pi));
        if !p.complete() {
            let who = match rank {
                Some(r) => format!("rank {r} ({})", p.dir.dir.display()),
                None => p.dir.dir.display().to_string(),
            };
            summary.warnings.push(format!(
                "{who}: the process did not finish (killed?); converted up to its last complete chunk"
            ));
        }
        if p.threads.is_empty() {
            // No traced call (e.g. `env` before it exec'ed the real program): no locations.
            continue;
        }
        let host_node = defs.host(&p.meta.host);
        let group = match rank {
            Some(r) => r,
            None => defs.group(
                &format!("{} {} ({})", exe_name(p), p.meta.pid, p.dir.name),
                &p.meta.host,
            ),
        };
        let time = clocks.map(p);
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
            guessed: 0,
            opening: Vec::new(),
        };
        for d in &p.defs.defs {
            if let Def::Comm { id, members } = d {
                let g = defs.comm(members);
                st.comm_map.insert(*id as u64, g);
            }
        }
        st.precreated(&mut defs);
        let mut cursors = Vec::new();
        // Decoding runs in background threads (on the other core) for processes with a few
        // threads; the OTF2 writing stays on this thread.
        let threaded = p.threads.len() <= MAX_THREADED_STREAMS;
        for (i, path, tid) in &p.threads {
            let loc = defs.location(&format!("thread {} (tid {})", i, tid), group);
            if let Some(r) = rank {
                // The main thread (the first to record) stands for the rank in MPI groups.
                if defs.rank_locations[r as usize] == u64::MAX {
                    defs.rank_locations[r as usize] = loc;
                }
            }
            let feed =
                TreeFeed::open(path, p.func_map.clone(), threaded).map_err(|e| e.to_string())?;
            let writer = archive.event_writer(loc).map_err(otf2e)?;
            cursors.push(ThreadCursor {
                feed,
                writer,
                time,
                last: 0,
                location: loc,
            });
        }
        let mut last_progress = 0u64;
        // Calls entered and not yet left, in the tree being written (reused: no allocation per tree).
        let mut stack: Vec<(usize, Pending)> = Vec::new();
        loop {
            // The thread whose next tree starts first.
            let mut best: Option<(u64, usize)> = None;
            for (i, c) in cursors.iter_mut().enumerate() {
                if let Some(s) = c.feed.peek_start()? {
                    let t = c.time.at(s);
                    if best.is_none_or(|(b, _)| t < b) {
                        best = Some((t, i));
                    }
                }
            }
            let Some((_, ci)) = best else {
                break;
            };
            let c = &mut cursors[ci];
            st.thread = ci;
            let tree = c.feed.current();
            let time = c.time;
            let mut last = c.last;
            let mut at = |t: u64| {
                let t = time.at(t).max(last);
                last = t;
                t
            };
            if let Some(first) = tree.first() {
                while forks.last().is_some_and(|f| f.0 <= time.at(first.start)) {
                    let (_, fds) = forks.pop().unwrap_or_default();
                    st.forked(&fds);
                }
            }
            stack.clear();
            for (k, r) in tree.iter().enumerate() {
                while let Some(&(j, pend)) = stack.last() {
                    if tree[j].depth < r.depth {
                        break;
                    }
                    stack.pop();
                    st.finish(&mut defs, &mut c.writer, at(tree[j].end), &tree[j], pend)?;
                }
                let pend = st.start(&mut defs, &mut c.writer, at(r.start), r)?;
                stack.push((k, pend));
                tmin = tmin.min(time.at(r.start));
                tmax = tmax.max(time.at(r.end));
            }
            while let Some((j, pend)) = stack.pop() {
                st.finish(&mut defs, &mut c.writer, at(tree[j].end), &tree[j], pend)?;
            }
            c.last = last;
            summary.records += tree.len() as u64;
            c.feed.advance();
            let done: u64 = cursors.iter().map(|c| c.feed.bytes_read).sum();
            if done - last_progress > 1 << 20 {
                last_progress = done;
                progress(bytes_done + done);
            }
        }
        if st.guessed > 0 {
            summary.warnings.push(format!(
                "{}: {} HDF5 operations on objects whose opening the trace does not show, placed on stand-in handles",
                p.dir.dir.display(),
                st.guessed
            ));
        }
        // Whatever is still open when the process ends stays open: OTF2 needs no close.
        for c in cursors {
            if let Some(t) = &c.feed.truncated {
                summary.warnings.push(t.clone());
            }
            if c.feed.unknown > 0 {
                summary.warnings.push(format!(
                    "{} records of functions unknown to this converter were skipped",
                    c.feed.unknown
                ));
            }
            bytes_done += c.feed.bytes_read;
            let n = c.writer.close().map_err(otf2e)?;
            defs.locations[c.location as usize].events = n;
            summary.events += n;
        }
        progress(bytes_done);
    }
    // Ranks without a trace still need a location in COMM_LOCATIONS.
    for r in 0..defs.rank_locations.len() {
        if defs.rank_locations[r] == u64::MAX {
            let loc = defs.location(&format!("rank {r} (no trace)"), r as u32);
            let w = archive.event_writer(loc).map_err(otf2e)?;
            w.close().map_err(otf2e)?;
            defs.rank_locations[r] = loc;
        }
    }
    if defs.locations.is_empty() {
        return Err(format!(
            "{}: the trace holds no thread streams (no traced call was made)",
            trace.dir.display()
        ));
    }
    archive.close_event_files().map_err(otf2e)?;
    let locs: Vec<u64> = (0..defs.locations.len() as u64).collect();
    archive.write_local_defs(&locs).map_err(otf2e)?;
    if tmin == u64::MAX {
        tmin = trace
            .processes
            .iter()
            .map(|p| p.meta.start.realtime_ns)
            .min()
            .unwrap_or(0);
        tmax = tmin;
    }
    write_global_defs(&archive, &mut defs, tmin, tmax)?;
    summary.locations = defs.locations.len();
    archive.close().map_err(otf2e)?;
    Ok(summary)
}

/// A communicator's name: MPI_COMM_WORLD (comm 0, all ranks), MPI_COMM_SELF (one rank), or
/// its members.
fn comm_name(defs: &GlobalDefs, c: usize) -> String {
    let m = &defs.comms[c];
    if c == 0 {
        return "MPI_COMM_WORLD".into();
    }
    if m.len() == 1 {
        return format!("MPI_COMM_SELF (rank {})", m[0]);
    }
    let shown: Vec<String> = m.iter().take(8).map(|r| r.to_string()).collect();
    let more = if m.len() > 8 { ",..." } else { "" };
    format!("MPI comm {} (ranks {}{})", c, shown.join(","), more)
}

fn write_global_defs(
    archive: &ArchiveWriter,
    defs: &mut GlobalDefs,
    tmin: u64,
    tmax: u64,
) -> Result<(), Err> {
    // Intern every string first: strings must be written before the records naming them.
    let mut s = std::mem::take(&mut defs.strings);
    let empty = s.id("");
    let node_names: Vec<(u32, u32)> = defs
        .nodes
        .iter()
        .map(|n| (s.id(&n.name), s.id(&n.class)))
        .collect();
    let group_names: Vec<u32> = defs.groups.iter().map(|g| s.id(&g.name)).collect();
    let loc_names: Vec<u32> = defs.locations.iter().map(|l| s.id(&l.name)).collect();
    let region_names: Vec<(u32, u32)> = defs
        .regions
        .iter()
        .map(|r| {
            (
                s.id(&r.name),
                s.id(&format!("{} I/O", r.layer.identification())),
            )
        })
        .collect();
    let src = s.id("recorder-otf2");
    let src_mpi = s.id("MPI");
    let comm_names: Vec<u32> = (0..defs.comms.len())
        .map(|c| s.id(&comm_name(defs, c)))
        .collect();
    let comm_locations_name = s.id("COMM_LOCATIONS");
    let attr_names: Vec<(u32, u32)> = defs
        .attributes
        .iter()
        .map(|(n, d, _)| (s.id(n), s.id(d)))
        .collect();
    let paradigms: Vec<(u32, u32)> = Layer::ALL
        .iter()
        .map(|l| (s.id(l.identification()), s.id(l.identification())))
        .collect();
    let file_names: Vec<(u32, u32, u32)> = defs
        .files
        .iter()
        .map(|f| (s.id(&f.name), s.id(&f.mount), s.id(&f.fs_type)))
        .collect();
    let (mount_key, fs_key) = (s.id("Mount Point"), s.id("File system"));
    let handle_names: Vec<u32> = defs.handles.iter().map(|h| s.id(&h.name)).collect();
    defs.strings = s;

    let mut g = archive.global_defs().map_err(otf2e)?;
    g.clock_properties(1_000_000_000, tmin, tmax - tmin, tmin)
        .map_err(otf2e)?;
    for (i, st) in defs.strings.all().iter().enumerate() {
        g.string(i as u32, st).map_err(otf2e)?;
    }
    for (i, l) in Layer::ALL.iter().enumerate() {
        if *l == Layer::Mpi {
            continue; // regions only: not an I/O paradigm
        }
        let flags = if *l == Layer::Posix {
            IoParadigmFlags::OS
        } else {
            IoParadigmFlags::NONE
        };
        let class = if l.parallel() || defs.parallel_builds.contains(l) {
            IoParadigmClass::Parallel
        } else {
            IoParadigmClass::Serial
        };
        g.io_paradigm(i as u8, paradigms[i].0, paradigms[i].1, class, flags, &[])
            .map_err(otf2e)?;
    }
    for (i, n) in defs.nodes.iter().enumerate() {
        g.system_tree_node(i as u32, node_names[i].0, node_names[i].1, n.parent)
            .map_err(otf2e)?;
    }
    for (i, gr) in defs.groups.iter().enumerate() {
        g.location_group(
            i as u32,
            group_names[i],
            LocationGroupType::Process,
            gr.node,
            None,
        )
        .map_err(otf2e)?;
    }
    for (i, l) in defs.locations.iter().enumerate() {
        g.location(
            i as u64,
            loc_names[i],
            LocationType::CpuThread,
            l.events,
            l.group,
        )
        .map_err(otf2e)?;
    }
    // MPI: member i of COMM_LOCATIONS is rank i's main thread; a comm's group lists its
    // members as ranks (indices into COMM_LOCATIONS).
    if !defs.rank_locations.is_empty() {
        let locs: Vec<u64> = defs.rank_locations.clone();
        g.group(
            0,
            comm_locations_name,
            GroupType::CommLocations,
            Paradigm::Mpi,
            GroupFlags::NONE,
            &locs,
        )
        .map_err(otf2e)?;
        for (c, members) in defs.comms.iter().enumerate() {
            let m: Vec<u64> = members.iter().map(|&r| r as u64).collect();
            g.group(
                1 + c as u32,
                comm_names[c],
                GroupType::CommGroup,
                Paradigm::Mpi,
                GroupFlags::NONE,
                &m,
            )
            .map_err(otf2e)?;
            g.comm(c as u32, comm_names[c], 1 + c as u32, None, CommFlags::NONE)
                .map_err(otf2e)?;
        }
    }
    for (i, r) in defs.regions.iter().enumerate() {
        let role = match r.role {
            Role::Data => RegionRole::FileIo,
            Role::Meta => RegionRole::FileIoMetadata,
            Role::Func | Role::Event => RegionRole::Function,
            Role::Barrier => RegionRole::Barrier,
            Role::Coll => RegionRole::CollOther,
        };
        // MPI functions: paradigm MPI and source file "MPI", which is how Scalasca tells
        // MPI regions (and MPI_File_* as MPI file I/O) from others.
        let (paradigm, file) = if r.layer.is_mpi() {
            (Paradigm::Mpi, src_mpi)
        } else {
            (Paradigm::None, src)
        };
        g.region(
            i as u32,
            region_names[i].0,
            region_names[i].0,
            region_names[i].1,
            role,
            paradigm,
            RegionFlags::NONE,
            file,
            0,
            0,
        )
        .map_err(otf2e)?;
    }
    for (i, (_, _, ty)) in defs.attributes.iter().enumerate() {
        g.attribute(
            i as u32,
            attr_names[i].0,
            attr_names[i].1,
            match ty {
                0 => Type::Uint32,
                1 => Type::Uint64,
                _ => Type::String,
            },
        )
        .map_err(otf2e)?;
    }
    for (i, f) in defs.files.iter().enumerate() {
        match f.kind {
            FileType::Regular => g
                .io_regular_file(i as u32, file_names[i].0, f.scope)
                .map_err(otf2e)?,
            FileType::Directory => g
                .io_directory(i as u32, file_names[i].0, f.scope)
                .map_err(otf2e)?,
        }
        if !f.mount.is_empty() {
            g.io_file_property(i as u32, mount_key, AttributeValue::String(file_names[i].1))
                .map_err(otf2e)?;
            g.io_file_property(i as u32, fs_key, AttributeValue::String(file_names[i].2))
                .map_err(otf2e)?;
        }
    }
    let _ = empty;
    for (i, h) in defs.handles.iter().enumerate() {
        let mut flags = IoHandleFlags::NONE;
        if h.flags & HANDLE_PRE_CREATED != 0 {
            flags |= IoHandleFlags::PRE_CREATED;
        }
        if h.flags & HANDLE_ALL_PROXY != 0 {
            flags |= IoHandleFlags::ALL_PROXY;
        }
        g.io_handle(
            i as u32,
            handle_names[i],
            h.file,
            h.paradigm,
            flags,
            h.comm,
            h.parent,
        )
        .map_err(otf2e)?;
    }
    for &(h, mode, status) in &defs.precreated {
        let mode = match mode {
            0 => IoAccessMode::ReadOnly,
            1 => IoAccessMode::WriteOnly,
            _ => IoAccessMode::ReadWrite,
        };
        g.io_pre_created_handle_state(h, mode, IoStatusFlags(status))
            .map_err(otf2e)?;
    }
    Ok(())
}
