//! Whole calls and whole operations: a [`Sink`] that follows each thread's call nesting and
//! pairs every operation's begin with its end, and hands a [`Consumer`] one [`Call`] per
//! traced call (at its end) and one [`Op`] per operation (at its completion), each with the
//! call it happened in and the outermost call above it (the program's call: an H5Dwrite
//! above the MPI_File_write_at above the pwrite). This is what analyses read.

use crate::error::SinkError;
use crate::kinds::*;
use crate::mpi::MpiSync;
use crate::sink::{OpBegin, Res, Sink};
use definitions::GlobalDefs;
use hashbrown::HashMap;
use io_events::codec::Record;
use io_events::functions::{Layer, Role, FUNCTIONS};

/// A file touched at a layer: (global file id, layer).
pub type FileAt = (u32, Layer);

/// One traced call, complete (its record comes beside it: [`Consumer::call`]).
#[derive(Clone, Copy, Debug)]
pub struct Call {
    pub thread: usize,
    /// Sequence number of the call in its process (entry order per thread, unique).
    pub id: u64,
    pub func: u16,
    pub layer: Layer,
    pub role: Role,
    pub t0: u64,
    pub t1: u64,
    /// Time not spent in traced calls beneath it.
    pub self_ns: u64,
    pub depth: u32,
    /// The enclosing call and the outermost one (itself when outermost).
    pub parent: Option<u64>,
    pub root: u64,
    pub root_func: u16,
    /// Whether a call of the same layer encloses this one.
    pub nested_in_layer: bool,
    /// The layers of the calls enclosing this one (bit `1 << layer as u16`): see
    /// [`Call::within`].
    pub enclosing_layers: u16,
    /// The file whose handle this call opened, closed, duplicated, moved or deleted.
    pub touched: Option<FileAt>,
    pub failed: bool,
    /// Where the program made the outermost call above it (or itself): a call site id
    /// (`GlobalDefs::sites`), or [`crate::sink::NO_SITE`].
    pub site: u32,
}

impl Call {
    /// Whether a call of `layer` encloses this one (a POSIX call made inside an MPI-IO call).
    pub fn within(&self, layer: Layer) -> bool {
        self.enclosing_layers & 1 << layer as u16 != 0
    }
}

/// One operation (a read, write or flush on a handle), complete or cancelled.
#[derive(Clone, Copy, Debug)]
pub struct Op {
    pub thread: usize,
    pub id: u64,
    pub handle: u32,
    pub file: Option<u32>,
    pub layer: Layer,
    pub mode: OpMode,
    pub flags: OpFlags,
    pub t0: u64,
    pub t1: u64,
    pub bytes_requested: u64,
    pub bytes_done: u64,
    pub offset: Option<u64>,
    /// The MPI file view with holes it went through (`GlobalDefs::views`; see
    /// [`crate::sink::OpBegin::view`]).
    pub view: Option<u32>,
    pub cancelled: bool,
    /// The call that began it, and the outermost call above that one.
    pub call: u64,
    pub call_func: u16,
    pub root: u64,
    pub root_func: u16,
    /// The layers between: the outermost call of each layer below the root's and above the
    /// call's, outermost first (`H5Dwrite → [MPI_File_write_at_all] → pwrite`); u16::MAX
    /// where there is none.
    pub via_func: [u16; 2],
    /// The call site of the outermost call (see [`Call::site`]).
    pub site: u32,
}

/// The outermost call of each layer strictly between the outermost and the innermost call
/// of a stack, up to two.
fn via(stack: &[Frame]) -> [u16; 2] {
    let mut out = [u16::MAX; 2];
    let (Some(first), Some(last)) = (stack.first(), stack.last()) else {
        return out;
    };
    if stack.len() < 3 {
        return out;
    }
    let layer = |f: &Frame| FUNCTIONS[f.func as usize].layer;
    let (mut prev, end, mut n) = (layer(first), layer(last), 0);
    for f in &stack[1..stack.len() - 1] {
        let l = layer(f);
        if l != prev && l != end && n < out.len() {
            out[n] = f.func;
            n += 1;
        }
        prev = l;
    }
    out
}

/// What happened to a handle besides data (opened, closed ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MetaKind {
    Open,
    Close,
    Duplicate,
    Seek,
    Delete,
    Lock,
    StatusChange,
    /// A metadata call on a path that makes no handle (stat, mkdir ...).
    Path,
}

pub trait Consumer {
    /// A call ended; `r` is its record (arguments, result, errno).
    fn call(&mut self, c: &Call, r: &Record);
    fn op(&mut self, o: &Op);
    fn meta(&mut self, _thread: usize, _kind: MetaKind, _file: Option<FileAt>, _t: u64) {}
    fn mpi_sync(&mut self, _s: &MpiSync) {}
    /// An event record inside a call of `thread` that has not ended yet (its call comes
    /// after it).
    fn event(&mut self, _thread: usize, _r: &Record) {}
    /// The process's MPI file view `id` (`GlobalDefs::views`), handed over before the
    /// first operation naming it: a consumer on a thread of its own has no definitions.
    fn view(&mut self, _id: u32, _v: &definitions::FileView) {}
}

struct Frame {
    id: u64,
    func: u16,
    t0: u64,
    child_ns: u64,
    touched: Option<FileAt>,
}

struct ThreadState {
    stack: Vec<Frame>,
    /// Blocking operations begun and not yet completed (one or two at a time).
    open: Vec<Op>,
    /// The call site of the thread's current call tree.
    site: u32,
}

impl Default for ThreadState {
    fn default() -> Self {
        ThreadState {
            stack: Vec::new(),
            open: Vec::new(),
            site: crate::sink::NO_SITE,
        }
    }
}

/// Interpret process `pi` of `trace` into `consumer` through a resolver: the consumer, the
/// process's definitions (ids in what the consumer got), and its numbers and warnings, those
/// of operations a damaged trace overstated included. For consumers that take a process
/// whole on the calling thread (`compare`, `replay`).
pub fn resolve_process<C: Consumer>(
    trace: &crate::trace::Trace,
    plan: &crate::run::Plan,
    pi: usize,
    consumer: C,
    progress: &mut dyn FnMut(u64) -> Result<(), SinkError>,
) -> Result<(C, GlobalDefs, crate::run::Stats), crate::Error> {
    let p = &trace.processes[pi];
    let mut defs = GlobalDefs::new("process");
    let mut stats = crate::run::Stats::default();
    let mut res = Resolver::new(consumer);
    crate::run::interpret(p, pi, plan, &mut defs, &mut res, &mut stats, progress)?;
    res.finish();
    stats.warnings.extend(res.clamp_warnings(&p.dir.dir));
    Ok((res.consumer, defs, stats))
}

/// The resolver of one process.
pub struct Resolver<C: Consumer> {
    pub consumer: C,
    threads: Vec<ThreadState>,
    cur: usize,
    next_call: u64,
    /// Non-blocking operations in flight, by matching id.
    in_flight: HashMap<u64, Op>,
    /// Handle -> (file, layer), filled as handles appear.
    handles: Vec<Option<(Option<u32>, Layer)>>,
    /// Operations that claim to have moved more bytes than requested or than
    /// [`MAX_OP_BYTES`] (a damaged trace), counted with the bytes requested, at most
    /// [`MAX_OP_BYTES`]: see [`Resolver::clamp_warnings`].
    pub clamped: u64,
    /// Operations that requested more than [`MAX_OP_BYTES`] (legal: a copy of "everything"),
    /// counted as requesting [`MAX_OP_BYTES`].
    pub requests_capped: u64,
    /// Views of `GlobalDefs::views` handed to the consumer so far.
    views_sent: usize,
}

/// The most bytes one operation is counted with (16 TiB: far above what one call moves; a
/// damaged trace's 2^63 would overflow every sum of bytes).
pub const MAX_OP_BYTES: u64 = 1 << 44;

impl<C: Consumer> Resolver<C> {
    pub fn new(consumer: C) -> Self {
        Resolver {
            consumer,
            threads: Vec::new(),
            cur: 0,
            next_call: 0,
            in_flight: HashMap::new(),
            handles: Vec::new(),
            clamped: 0,
            requests_capped: 0,
            views_sent: 0,
        }
    }

    /// The warnings on the operations whose bytes were clamped, if any (`process` names the
    /// process folder): a result beyond the request or beyond 16 TiB is damage; a request
    /// beyond 16 TiB is not (copy_file_range, sendfile and splice may ask for "everything",
    /// GNU cp asks for 2^63 - 1 bytes) but is counted as 16 TiB, which is said too.
    pub fn clamp_warnings(&self, process: &std::path::Path) -> Vec<String> {
        let mut v = Vec::new();
        if self.clamped > 0 {
            v.push(format!(
                "{}: {} operations claim more bytes than requested or than 16 TiB (a damaged trace); counted with the bytes requested, at most 16 TiB",
                process.display(),
                self.clamped
            ));
        }
        if self.requests_capped > 0 {
            v.push(format!(
                "{}: {} operations requested more than 16 TiB (a copy asking for everything there is); their requests are counted as 16 TiB",
                process.display(),
                self.requests_capped
            ));
        }
        v
    }

    /// The file and layer of handle `h` (every operation asks: the cached answer inline,
    /// the first lookup of a handle out of line).
    #[inline]
    fn handle(&mut self, defs: &GlobalDefs, h: u32) -> (Option<u32>, Layer) {
        match self.handles.get(h as usize) {
            Some(Some(v)) => *v,
            _ => self.first_lookup(defs, h as usize),
        }
    }

    #[inline(never)]
    fn first_lookup(&mut self, defs: &GlobalDefs, i: usize) -> (Option<u32>, Layer) {
        let v = match defs.handles.get(i) {
            Some(d) => (d.file, Layer::ALL[d.paradigm as usize]),
            None => (None, Layer::Posix),
        };
        if self.handles.len() <= i {
            self.handles.resize(i + 1, None);
        }
        self.handles[i] = Some(v);
        v
    }

    fn th(&mut self) -> &mut ThreadState {
        &mut self.threads[self.cur]
    }

    /// Hand the views defined since the last time to the consumer.
    #[inline(never)]
    fn send_views(&mut self, defs: &GlobalDefs) {
        for (i, v) in defs.views.iter().enumerate().skip(self.views_sent) {
            self.consumer.view(i as u32, v);
        }
        self.views_sent = self.views_sent.max(defs.views.len());
    }

    /// A handle event inside the current call: the call touched that file.
    fn meta(&mut self, defs: &GlobalDefs, kind: MetaKind, h: u32, t: u64) -> Res {
        let (file, layer) = self.handle(defs, h);
        let at = file.map(|f| (f, layer));
        if let Some(f) = self.th().stack.last_mut() {
            f.touched = f.touched.or(at);
        }
        self.consumer.meta(self.cur, kind, at, t);
        Ok(())
    }

    /// A metadata event on a file by its path, inside the current call.
    fn file_meta(&mut self, kind: MetaKind, paradigm: u8, file: u32, t: u64) {
        let at = Some((file, Layer::ALL[paradigm as usize]));
        if let Some(f) = self.th().stack.last_mut() {
            f.touched = f.touched.or(at);
        }
        self.consumer.meta(self.cur, kind, at, t);
    }

    fn complete(&mut self, t: u64, id: u64, bytes: u64, cancelled: bool) {
        let clamped = &mut self.clamped;
        let mut done = |op: &mut Op| {
            op.t1 = t.max(op.t0);
            // The request is at most MAX_OP_BYTES here: more than it is a result beyond the
            // request or beyond 16 TiB.
            if bytes > op.bytes_requested {
                *clamped += 1;
            }
            op.bytes_done = bytes.min(op.bytes_requested);
            op.cancelled = cancelled;
        };
        // Blocking operations complete in place (no copy of the operation on the way).
        let open = &mut self.threads[self.cur].open;
        if let Some(i) = open.iter().position(|o| o.id == id) {
            done(&mut open[i]);
            self.consumer.op(&open[i]);
            open.swap_remove(i);
        } else if let Some(mut op) = self.in_flight.remove(&id) {
            done(&mut op);
            self.consumer.op(&op);
        }
    }
}

impl<C: Consumer> Sink for Resolver<C> {
    fn thread(&mut self, index: usize) {
        if self.threads.len() <= index {
            self.threads.resize_with(index + 1, ThreadState::default);
        }
        self.cur = index;
    }
    fn enter(&mut self, t: u64, _region: u32, r: &Record) -> Res {
        let id = self.next_call;
        self.next_call += 1;
        self.th().stack.push(Frame {
            id,
            func: r.func,
            t0: t,
            child_ns: 0,
            touched: None,
        });
        Ok(())
    }
    fn leave(&mut self, t: u64, _region: u32, r: &Record) -> Res {
        let cur = self.cur;
        let th = &mut self.threads[cur];
        let Some(f) = th.stack.pop() else {
            return Ok(());
        };
        let info = &FUNCTIONS[f.func as usize];
        let dur = t.saturating_sub(f.t0);
        let parent = th.stack.last_mut().map(|p| {
            p.child_ns += dur;
            p.id
        });
        let (root, root_func) = th.stack.first().map_or((f.id, f.func), |p| (p.id, p.func));
        let enclosing_layers = th.stack.iter().fold(0u16, |m, p| {
            m | 1 << FUNCTIONS[p.func as usize].layer as u16
        });
        let nested_in_layer = enclosing_layers & 1 << info.layer as u16 != 0;
        let call = Call {
            thread: cur,
            id: f.id,
            func: f.func,
            layer: info.layer,
            role: info.role,
            t0: f.t0,
            t1: t,
            self_ns: dur.saturating_sub(f.child_ns),
            depth: th.stack.len() as u32,
            parent,
            root,
            root_func,
            nested_in_layer,
            enclosing_layers,
            touched: f.touched,
            failed: info.fail.failed(r.ret()),
            site: th.site,
        };
        self.consumer.call(&call, r);
        Ok(())
    }
    fn event(&mut self, r: &Record) -> Res {
        self.consumer.event(self.cur, r);
        Ok(())
    }
    fn site(&mut self, _defs: &GlobalDefs, site: u32) {
        self.th().site = site;
    }
    fn attr_string(&mut self, _attr: u32, _string: u32) -> Res {
        Ok(())
    }
    fn attr_u32(&mut self, _attr: u32, _value: u32) -> Res {
        Ok(())
    }
    fn create_handle(
        &mut self,
        defs: &GlobalDefs,
        t: u64,
        h: u32,
        _m: AccessMode,
        _c: CreationFlags,
        _s: StatusFlags,
    ) -> Res {
        self.meta(defs, MetaKind::Open, h, t)
    }
    fn destroy_handle(&mut self, defs: &GlobalDefs, t: u64, h: u32) -> Res {
        self.meta(defs, MetaKind::Close, h, t)
    }
    fn duplicate_handle(
        &mut self,
        defs: &GlobalDefs,
        t: u64,
        _old: u32,
        new: u32,
        _s: StatusFlags,
    ) -> Res {
        self.meta(defs, MetaKind::Duplicate, new, t)
    }
    fn change_status_flags(&mut self, defs: &GlobalDefs, t: u64, h: u32, _s: StatusFlags) -> Res {
        self.meta(defs, MetaKind::StatusChange, h, t)
    }
    fn delete_file(&mut self, _: &GlobalDefs, t: u64, paradigm: u8, file: u32) -> Res {
        self.file_meta(MetaKind::Delete, paradigm, file, t);
        Ok(())
    }
    fn path_meta(&mut self, _: &GlobalDefs, t: u64, paradigm: u8, file: u32) -> Res {
        self.file_meta(MetaKind::Path, paradigm, file, t);
        Ok(())
    }
    fn mpi_sync(&mut self, _: &GlobalDefs, s: MpiSync) -> Res {
        self.consumer.mpi_sync(&s);
        Ok(())
    }
    fn seek(&mut self, defs: &GlobalDefs, t: u64, h: u32, _o: i64, _w: Whence, _r: u64) -> Res {
        self.meta(defs, MetaKind::Seek, h, t)
    }
    fn op_begin(&mut self, defs: &GlobalDefs, t: u64, b: OpBegin) -> Res {
        if b.bytes > MAX_OP_BYTES {
            self.requests_capped += 1;
        }
        let (file, layer) = self.handle(defs, b.handle);
        if b.view.is_some() {
            self.send_views(defs);
        }
        let th = &self.threads[self.cur];
        let (call, call_func) = th
            .stack
            .last()
            .map_or((u64::MAX, u16::MAX), |f| (f.id, f.func));
        let (root, root_func) = th
            .stack
            .first()
            .map_or((u64::MAX, u16::MAX), |f| (f.id, f.func));
        let op = Op {
            thread: self.cur,
            id: b.id,
            handle: b.handle,
            file,
            layer,
            mode: b.mode,
            flags: b.flags,
            t0: t,
            t1: t,
            bytes_requested: b.bytes.min(MAX_OP_BYTES),
            bytes_done: 0,
            offset: b.offset,
            view: b.view,
            cancelled: false,
            call,
            call_func,
            root,
            root_func,
            via_func: via(&th.stack),
            site: th.site,
        };
        if b.flags.contains(OpFlags::NON_BLOCKING) {
            self.in_flight.insert(b.id, op);
        } else {
            self.threads[self.cur].open.push(op);
        }
        Ok(())
    }
    fn op_issued(&mut self, _: &GlobalDefs, _t: u64, _h: u32, _id: u64) -> Res {
        Ok(())
    }
    fn op_test(&mut self, _: &GlobalDefs, _t: u64, _h: u32, _id: u64) -> Res {
        Ok(())
    }
    fn op_complete(&mut self, _: &GlobalDefs, t: u64, _h: u32, bytes: u64, id: u64) -> Res {
        self.complete(t, id, bytes, false);
        Ok(())
    }
    fn op_cancelled(&mut self, _: &GlobalDefs, t: u64, _h: u32, id: u64) -> Res {
        self.complete(t, id, 0, true);
        Ok(())
    }
    fn lock(&mut self, defs: &GlobalDefs, t: u64, h: u32, _op: LockOp, _ty: LockType) -> Res {
        self.meta(defs, MetaKind::Lock, h, t)
    }
}

impl<C: Consumer> Resolver<C> {
    /// Operations never completed (the process ended, or was killed, with them in flight):
    /// handed over as cancelled at the end of the process, counted by the caller.
    pub fn finish(&mut self) -> u64 {
        let mut left: Vec<Op> = self.in_flight.drain().map(|(_, o)| o).collect();
        for th in &mut self.threads {
            left.append(&mut th.open);
        }
        left.sort_by_key(|o| o.id);
        for op in &left {
            let mut op = *op;
            op.cancelled = true;
            self.consumer.op(&op);
        }
        left.len() as u64
    }
}

/// Where MPI-IO transfers without a recorded offset put their bytes (those through the
/// shared file pointer: the recorder cannot ask MPI for it without moving it): the offset
/// of the POSIX operation beneath the call on the call's own file, for a consumer that
/// feeds it every operation and takes the offset when the call ends. A non-blocking
/// transfer's asynchronous POSIX operation completes after the call: [`Self::op`] tells it.
#[derive(Default)]
pub struct OffsetsBeneath {
    /// An MPI-IO call's operation's file, by call id.
    file_of: HashMap<u64, u32>,
    /// (file, offset) of the POSIX operations inside an outermost MPI-IO call, by its id.
    beneath: HashMap<u64, Vec<(u32, u64)>>,
}

impl OffsetsBeneath {
    /// Note an operation; an asynchronous POSIX one begun inside an outermost MPI-IO call
    /// comes back as (that call's id, the offset).
    pub fn op(&mut self, o: &Op) -> Option<(u64, u64)> {
        let root_layer = FUNCTIONS.get(o.root_func as usize).map(|f| f.layer);
        match (o.layer, o.file, o.offset) {
            (Layer::Posix, Some(file), Some(off)) if root_layer == Some(Layer::MpiIo) => {
                if o.flags.contains(OpFlags::NON_BLOCKING) {
                    return Some((o.root, off));
                }
                self.beneath.entry(o.root).or_default().push((file, off));
            }
            // A blocking one, completed inside its call (the others complete after it).
            (Layer::MpiIo, Some(file), _) if !o.flags.contains(OpFlags::NON_BLOCKING) => {
                self.file_of.insert(o.call, file);
            }
            _ => {}
        }
        None
    }

    /// The first offset of the POSIX layer beneath call `id` on the call's file (call it
    /// when the call ends: what was noted for it is forgotten).
    pub fn take(&mut self, id: u64) -> Option<u64> {
        let file = self.file_of.remove(&id);
        let ops = self.beneath.remove(&id)?;
        let file = file?;
        ops.iter()
            .filter(|(f, _)| *f == file)
            .map(|&(_, o)| o)
            .min()
    }
}
