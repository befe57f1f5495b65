//! What every layer needs from the process: the trace's files as global files, handle
//! allocation (with the parent a new handle gets from the handles being opened or the open
//! containers), stand-in handles, operation ids, communicators, the current thread's calls
//! in progress (opening stack, selection), and the sink events go to. Layers get it as a
//! [`Ctx`] argument; they never reach the process state itself.

use super::record::Op;
use super::selection::Selection;
use crate::error::Error;
use crate::kinds::{AccessMode, OpFlags, OpMode};
use crate::sink::{OpBegin, Sink};
use crate::trace::ProcessTrace;
use definitions::{FileType, GlobalDefs, HandleDef, HANDLE_PRE_CREATED};
use hashbrown::{HashMap, HashSet};
use io_events::defs::FileKind;
use io_events::functions::Layer;

/// The cross-layer part of one process's state.
pub(crate) struct Shared<'p> {
    pub(crate) p: &'p ProcessTrace,
    host_node: u32,
    /// Local file id -> global file id.
    file_map: HashMap<u64, u32>,
    /// Handles created and not destroyed (a definition is reused only when inactive).
    active: HashSet<u32>,
    /// Blocking operations in progress on any thread of the process: (handle, matching id).
    /// A few at a time: one or two per thread.
    in_progress: Vec<(u32, u64)>,
    /// Handles closed while a blocking operation of another thread was in progress on them
    /// (legal: the call holds the open file): destroyed when the last one completes.
    closing: Vec<u32>,
    /// The matching id of the next operation.
    next_id: u64,
    /// Stand-in handles (PRE_CREATED) for library objects and files whose opening the trace
    /// does not show, keyed by (layer, identity).
    stand_ins: HashMap<(Layer, u64), u32>,
    /// Operations placed on stand-in handles, per layer (a warning each).
    pub(crate) guessed: Vec<(Layer, u64)>,
    /// Local communicator id -> global comm id (MPI-IO and PnetCDF opens, MPI calls).
    pub(crate) comms: HashMap<u64, u32>,
    /// The thread being interpreted.
    pub(crate) thread: usize,
    /// Handles being created by the current thread's calls in progress (for parents).
    pub(crate) opening: Vec<(u32, u8)>,
    /// The selection of the current thread's transfer in progress.
    pub(crate) selection: Selection,
    /// Library handles whose file is a directory of files (an ADIOS BP output): files opened
    /// inside it while it is open get it as parent, whichever thread opens them.
    pub(crate) containers: Vec<(u32, String)>,
}

/// A layer's view of the process while it handles a record: the shared state, the
/// definitions and the sink.
pub(crate) struct Ctx<'a, 'p, S> {
    pub(crate) sh: &'a mut Shared<'p>,
    pub(crate) defs: &'a mut GlobalDefs,
    pub(crate) s: &'a mut S,
}

impl<'p> Shared<'p> {
    pub(crate) fn new(p: &'p ProcessTrace, host_node: u32, comms: HashMap<u64, u32>) -> Self {
        Shared {
            p,
            host_node,
            file_map: HashMap::new(),
            active: HashSet::new(),
            in_progress: Vec::new(),
            closing: Vec::new(),
            next_id: 0,
            stand_ins: HashMap::new(),
            guessed: Vec::new(),
            comms,
            thread: 0,
            opening: Vec::new(),
            selection: Selection::default(),
            containers: Vec::new(),
        }
    }

    /// A new operation's matching id (unique in the process).
    pub(crate) fn op_id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// The global comm of a local communicator id, if the trace defines it.
    pub(crate) fn comm(&self, local: u64) -> Option<u32> {
        self.comms.get(&local).copied()
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
            .or_else(|| self.container_of(defs, &name, paradigm));
        let def = HandleDef {
            name,
            file: Some(file),
            paradigm,
            flags: 0,
            comm,
            parent,
        };
        self.activate(defs, def)
    }

    /// The innermost open container of another paradigm than `paradigm` holding `name`.
    fn container_of(&self, defs: &GlobalDefs, name: &str, paradigm: u8) -> Option<u32> {
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
    }

    /// The handle of definition `def` (a free one), active from now on.
    fn activate(&mut self, defs: &mut GlobalDefs, def: HandleDef) -> u32 {
        let active = &self.active;
        let h = defs.handle(def, &|h| active.contains(&h));
        self.active.insert(h);
        h
    }

    /// A PRE_CREATED handle of definition `def` (open before tracing began, in access mode
    /// `mode` with status flags `status`), active from now on.
    pub(crate) fn precreated(
        &mut self,
        defs: &mut GlobalDefs,
        def: HandleDef,
        mode: u8,
        status: u32,
    ) -> u32 {
        let active = &self.active;
        let h = defs.precreated_handle(def, mode, status, &|h| active.contains(&h));
        self.active.insert(h);
        h
    }

    /// A handle like `like` (same name, file, paradigm, parent) that is free: for dup.
    pub(crate) fn twin_handle(&mut self, defs: &mut GlobalDefs, like: u32) -> u32 {
        let mut def = defs.handles[like as usize].clone();
        def.flags &= !HANDLE_PRE_CREATED;
        self.activate(defs, def)
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
        let h = self.precreated(defs, def, AccessMode::ReadWrite.code(), 0);
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

    /// Whether `h` is a stand-in handle.
    pub(crate) fn is_stand_in(&self, h: u32) -> bool {
        !self.stand_ins.is_empty() && self.stand_ins.values().any(|&s| s == h)
    }

    /// One more operation of `layer` placed on a stand-in handle.
    pub(crate) fn count_guess(&mut self, layer: Layer) {
        match self.guessed.iter_mut().find(|g| g.0 == layer) {
            Some(g) => g.1 += 1,
            None => self.guessed.push((layer, 1)),
        }
    }
}

impl<S: Sink> Ctx<'_, '_, S> {
    /// The end of a handle (IoDestroyHandle if it is active). Non-blocking operations still
    /// in flight on it are the layer's to end first. A blocking operation that another
    /// thread has in progress on it keeps it alive: its destroy comes right after that
    /// operation's Complete, on that thread (the descriptor or object itself is gone now,
    /// so nothing else reaches the handle, and its definition is not reused meanwhile).
    pub(crate) fn destroy(&mut self, t: u64, handle: u32) -> Result<(), Error> {
        if !self.sh.active.contains(&handle) {
            return Ok(());
        }
        if self.sh.in_progress.iter().any(|o| o.0 == handle) {
            if !self.sh.closing.contains(&handle) {
                self.sh.closing.push(handle);
            }
            return Ok(());
        }
        self.sh.active.remove(&handle);
        self.s.destroy_handle(self.defs, t, handle)?;
        Ok(())
    }

    /// The start of an operation on handle `h` (every layer's transfers begin here): a new
    /// matching id, its Begin, and what the call's end needs to complete it. A blocking
    /// one is in progress until [`Self::complete_op`].
    #[inline(always)]
    pub(crate) fn begin_op(
        &mut self,
        t0: u64,
        h: u32,
        (mode, flags): (OpMode, OpFlags),
        bytes: u64,
        offset: Option<u64>,
    ) -> Result<Option<Op>, Error> {
        self.begin_op_in_view(t0, h, (mode, flags), bytes, offset, None)
    }

    /// [`Ctx::begin_op`] of an operation through an MPI file view with holes.
    #[inline(always)]
    pub(crate) fn begin_op_in_view(
        &mut self,
        t0: u64,
        h: u32,
        (mode, flags): (OpMode, OpFlags),
        bytes: u64,
        offset: Option<u64>,
        view: Option<u32>,
    ) -> Result<Option<Op>, Error> {
        let id = self.sh.op_id();
        let op = OpBegin {
            handle: h,
            mode,
            flags,
            bytes,
            id,
            offset,
            view,
        };
        self.s.op_begin(self.defs, t0, op)?;
        if !flags.contains(OpFlags::NON_BLOCKING) {
            self.sh.in_progress.push((h, id));
        }
        Ok(Some((h, id)))
    }

    /// Operation `id` on `h` completes with `bytes` transferred (every layer's operations
    /// complete here); a handle closed meanwhile ends after its last one.
    #[inline]
    pub(crate) fn complete_op(&mut self, t: u64, h: u32, bytes: u64, id: u64) -> Result<(), Error> {
        self.s.op_complete(self.defs, t, h, bytes, id)?;
        self.op_ended(t, h, id)
    }

    /// Operation `id` on `h` is cancelled (every layer's cancellations go here).
    pub(crate) fn cancel_op(&mut self, t: u64, h: u32, id: u64) -> Result<(), Error> {
        self.s.op_cancelled(self.defs, t, h, id)?;
        self.op_ended(t, h, id)
    }

    /// Operation `id` on `h` is no longer in progress.
    #[inline]
    fn op_ended(&mut self, t: u64, h: u32, id: u64) -> Result<(), Error> {
        let ip = &mut self.sh.in_progress;
        if let Some(i) = ip.iter().rposition(|&o| o == (h, id)) {
            ip.swap_remove(i);
            if !self.sh.closing.is_empty() {
                self.end_if_closed(t, h)?;
            }
        }
        Ok(())
    }

    /// Handle `h`, if it was closed while operations were in progress on it and the last
    /// has just ended, is destroyed now.
    #[cold]
    fn end_if_closed(&mut self, t: u64, h: u32) -> Result<(), Error> {
        let Some(i) = self.sh.closing.iter().position(|&c| c == h) else {
            return Ok(());
        };
        if self.sh.in_progress.iter().any(|o| o.0 == h) {
            return Ok(());
        }
        self.sh.closing.swap_remove(i);
        self.destroy(t, h)
    }

    /// The selection of the transfer ending now (set by its `*_selection` event), as
    /// attribute `attr` of its Complete when it has one.
    pub(crate) fn attach_selection(&mut self, attr: u32, has_op: bool) -> Result<(), Error> {
        if let Some(sel) = self.sh.selection.take() {
            if has_op {
                let id = self.defs.strings.id(&sel);
                self.s.attr_string(attr, id)?;
            }
        }
        Ok(())
    }
}
