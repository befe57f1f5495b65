//! One process's events from the I/O model into packets: calls to its threads' slices,
//! operations to what their calls show, non-blocking ones to lanes and flows, bytes to
//! counters.

use super::counters::{self, Rates};
use super::lanes::{InFlight, Lanes};
use super::thread::Thread;
use super::tracks::{uuid, TrackKind};
use super::{Ctx, SiteArg};
use definitions::GlobalDefs;
use io_events::codec::Record;
use io_events::functions::{Layer, FUNCTIONS};
use io_model::kinds::{
    AccessMode, CreationFlags, LockOp, LockType, OpFlags, OpMode, StatusFlags, Whence,
};
use io_model::sink::{OpBegin, Res, Sink};

/// A blocking operation begun and not yet completed on a thread.
struct Open {
    id: u64,
    t0: u64,
    layer: Layer,
    mode: OpMode,
    kept: bool,
}

pub struct ProcessWriter<'a> {
    pub ctx: Ctx<'a>,
    threads: Vec<Thread>,
    open: Vec<Vec<Open>>,
    cur: usize,
    lanes: Lanes,
    /// Bytes per (layer, read = 0 / write = 1).
    rates: Vec<[Option<Rates>; 2]>,
}

impl<'a> ProcessWriter<'a> {
    pub fn new(ctx: Ctx<'a>) -> Self {
        ProcessWriter {
            ctx,
            threads: Vec::new(),
            open: Vec::new(),
            cur: 0,
            lanes: Lanes::default(),
            rates: vec![[None, None]; Layer::ALL.len() + 1],
        }
    }

    fn sync(&mut self, defs: &GlobalDefs) {
        let names = &mut self.ctx.file_names;
        while let Some(f) = defs.files.get(names.len()) {
            names.push(f.name.clone());
        }
        let views = &mut self.ctx.views;
        while let Some(v) = defs.views.get(views.len()) {
            views.push(v.clone());
        }
        self.sync_sites(defs);
    }

    /// Resolve the process's new call sites (only those: each once).
    fn sync_sites(&mut self, defs: &GlobalDefs) {
        let known = self.ctx.sites.len();
        if defs.sites.len() <= known {
            return;
        }
        let resolved = self.ctx.resolver.resolve_from(defs, known);
        self.ctx.sites.extend(resolved.iter().map(|s| SiteArg {
            label: s.label(),
            file: s.location.file.clone().filter(|_| !s.unknown),
            line: s.location.line.filter(|_| !s.unknown),
        }));
    }

    fn handle(&self, defs: &GlobalDefs, h: u32) -> (Option<u32>, Layer) {
        match defs.handles.get(h as usize) {
            Some(d) => (
                d.file,
                Layer::ALL
                    .get(d.paradigm as usize)
                    .copied()
                    .unwrap_or(Layer::Posix),
            ),
            None => (None, Layer::Posix),
        }
    }

    fn th(&mut self) -> &mut Thread {
        &mut self.threads[self.cur]
    }

    /// Show the handle's file with the call that made, closed or moved it.
    fn touched(&mut self, defs: &GlobalDefs, h: u32) -> Res {
        self.sync(defs);
        let (file, layer) = self.handle(defs, h);
        if self.ctx.keeps(layer) {
            self.th().io(|io| io.file = io.file.or(file));
        }
        Ok(())
    }

    fn rate(&mut self, layer: Layer, mode: OpMode, t0: u64, t1: u64, bytes: u64) {
        let dir = match mode {
            OpMode::Read => 0,
            OpMode::Write => 1,
            OpMode::Flush => return,
        };
        self.rates[layer as usize][dir]
            .get_or_insert_with(Rates::default)
            .add(t0, t1, bytes);
    }

    fn done(&mut self, t: u64, id: u64, bytes: Option<u64>) -> Result<(), crate::Error> {
        let open = &mut self.open[self.cur];
        if let Some(i) = open.iter().rposition(|o| o.id == id) {
            let o = open.swap_remove(i);
            if o.kept {
                self.rate(o.layer, o.mode, o.t0, t, bytes.unwrap_or(0));
                self.th()
                    .io(|io| io.bytes = Some(io.bytes.unwrap_or(0) + bytes.unwrap_or(0)));
            }
            return Ok(());
        }
        let Some(op) = self.lanes.take(id) else {
            return Ok(());
        };
        self.rate(op.layer, op.mode, op.t0, t, bytes.unwrap_or(0));
        if let Some(flow) = op.flow {
            let th = &mut self.threads[self.cur];
            match th.flow(flow, false) {
                true => self.ctx.counts.flows += 1,
                false => self.ctx.counts.flows_lost += 1,
            }
        }
        self.write_lane(&op, t, bytes)
    }

    /// A non-blocking operation, ended at `t1` (`done`: its bytes; None: cancelled or never
    /// completed), as a slice on its lane.
    fn write_lane(
        &mut self,
        op: &InFlight,
        t1: u64,
        done: Option<u64>,
    ) -> Result<(), crate::Error> {
        let c = &mut self.ctx;
        let at = (c.pieces, c.ids, c.file_names.as_slice());
        self.lanes
            .write(&mut c.out, &mut c.described, at, op, t1, done)
    }

    /// The end of the process: open calls and operations end at the last event, counters
    /// are written, buffers flushed.
    pub fn finish(&mut self) -> Result<(), crate::Error> {
        let mut last = 0;
        for th in &mut self.threads {
            th.finish(&mut self.ctx)?;
            last = last.max(th.last_t);
        }
        for op in self.lanes.left() {
            self.write_lane(&op, last.max(op.t0), None)?;
        }
        self.ctx.counts.async_ops = self.lanes.written;
        self.ctx.counts.async_unfinished = self.lanes.unfinished;
        for (li, dirs) in self.rates.iter().enumerate() {
            for (d, r) in dirs.iter().enumerate() {
                let Some(r) = r else { continue };
                let layer = Layer::ALL.get(li).copied().unwrap_or(Layer::Mpi);
                let name = format!("{} {} B/s", super::layer_name(layer), ["read", "write"][d]);
                let track = uuid(TrackKind::Counter, self.ctx.ids.pos, (li * 2 + d) as u64);
                let c = &mut self.ctx;
                counters::write(
                    &mut c.out,
                    &mut c.described,
                    c.pieces,
                    c.ids,
                    track,
                    &name,
                    &r.samples(),
                )?;
                c.counts.counter_tracks += 1;
            }
        }
        self.ctx.out.flush()
    }
}

impl Sink for ProcessWriter<'_> {
    fn thread(&mut self, index: usize) {
        while self.threads.len() <= index {
            self.threads.push(Thread::new(self.threads.len()));
            self.open.push(Vec::new());
        }
        self.cur = index;
    }
    fn enter(&mut self, t: u64, _region: u32, r: &Record) -> Res {
        let kept = self.ctx.keeps(FUNCTIONS[r.func as usize].layer);
        let th = &mut self.threads[self.cur];
        let r = th.enter(&mut self.ctx, t, r, kept);
        Ok(r?)
    }
    fn leave(&mut self, t: u64, _region: u32, _r: &Record) -> Res {
        let th = &mut self.threads[self.cur];
        let r = th.leave(&mut self.ctx, t);
        Ok(r?)
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
        _t: u64,
        h: u32,
        _m: AccessMode,
        _c: CreationFlags,
        _s: StatusFlags,
    ) -> Res {
        self.touched(defs, h)
    }
    fn destroy_handle(&mut self, defs: &GlobalDefs, _t: u64, h: u32) -> Res {
        self.touched(defs, h)
    }
    fn duplicate_handle(
        &mut self,
        defs: &GlobalDefs,
        _t: u64,
        _old: u32,
        new: u32,
        _s: StatusFlags,
    ) -> Res {
        self.touched(defs, new)
    }
    fn change_status_flags(&mut self, _: &GlobalDefs, _t: u64, _h: u32, _s: StatusFlags) -> Res {
        Ok(())
    }
    fn delete_file(&mut self, defs: &GlobalDefs, _t: u64, paradigm: u8, file: u32) -> Res {
        self.path_meta(defs, 0, paradigm, file)
    }
    fn path_meta(&mut self, defs: &GlobalDefs, _t: u64, paradigm: u8, file: u32) -> Res {
        self.sync(defs);
        if self.ctx.keeps(
            Layer::ALL
                .get(paradigm as usize)
                .copied()
                .unwrap_or(Layer::Posix),
        ) {
            self.th().io(|io| io.file = io.file.or(Some(file)));
        }
        Ok(())
    }
    fn seek(
        &mut self,
        defs: &GlobalDefs,
        _t: u64,
        h: u32,
        _o: i64,
        _w: Whence,
        result: u64,
    ) -> Res {
        self.touched(defs, h)?;
        if result != u64::MAX {
            self.th().io(|io| io.offset = Some(result));
        }
        Ok(())
    }
    fn op_begin(&mut self, defs: &GlobalDefs, t: u64, b: OpBegin) -> Res {
        self.sync(defs);
        let (file, layer) = self.handle(defs, b.handle);
        let kept = self.ctx.keeps(layer);
        if !b.flags.contains(OpFlags::NON_BLOCKING) {
            self.open[self.cur].push(Open {
                id: b.id,
                t0: t,
                layer,
                mode: b.mode,
                kept,
            });
            if kept {
                self.th().io(|io| {
                    io.file = io.file.or(file);
                    io.offset = io.offset.or(b.offset);
                    io.view = io.view.or(b.view);
                });
            }
            return Ok(());
        }
        if !kept {
            return Ok(());
        }
        let flow = self.ctx.next_flow();
        let th = &mut self.threads[self.cur];
        th.io(|io| {
            io.file = io.file.or(file);
            io.offset = io.offset.or(b.offset);
            io.request = Some(b.id);
        });
        let shown = th.flow(flow, true);
        let func = th.innermost_func().unwrap_or(u16::MAX);
        self.lanes.begin(
            b.id,
            InFlight {
                handle: b.handle,
                layer,
                mode: b.mode,
                func,
                t0: t,
                requested: b.bytes,
                offset: b.offset,
                file,
                flow: shown.then_some(flow),
                lane: 0,
            },
        );
        Ok(())
    }
    fn op_issued(&mut self, _: &GlobalDefs, _t: u64, _h: u32, _id: u64) -> Res {
        Ok(())
    }
    fn op_test(&mut self, _: &GlobalDefs, _t: u64, _h: u32, _id: u64) -> Res {
        Ok(())
    }
    fn op_complete(&mut self, defs: &GlobalDefs, t: u64, _h: u32, bytes: u64, id: u64) -> Res {
        self.sync(defs);
        let r = self.done(t, id, Some(bytes));
        Ok(r?)
    }
    fn op_cancelled(&mut self, defs: &GlobalDefs, t: u64, _h: u32, id: u64) -> Res {
        self.sync(defs);
        let r = self.done(t, id, None);
        Ok(r?)
    }
    fn lock(&mut self, defs: &GlobalDefs, _t: u64, h: u32, _op: LockOp, _ty: LockType) -> Res {
        self.touched(defs, h)
    }
    fn site(&mut self, defs: &GlobalDefs, site: u32) {
        // Resolved before any slice of its calls is written.
        self.sync_sites(defs);
        if let Some(th) = self.threads.get_mut(self.cur) {
            th.site = site;
        }
    }
}
