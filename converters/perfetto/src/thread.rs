//! A thread's calls as nested slices on its track. A call's flows to the lower-layer calls it
//! caused must be on its begin event, which is written before them: so a thread's events
//! wait in a buffer until its outermost call ends (or the buffer is full), then are written
//! in order, cut at piece boundaries.

use super::encode::{Arg, Extra, Interner};
use super::pieces::Slot;
use super::Ctx;
use io_events::codec::Record;
use io_events::functions::{Kind, Layer, FUNCTIONS};
use perfetto_schema::track_event::Type;

const NONE: u32 = u32::MAX;

/// Events waiting for the outermost call to end, at most this many (then written as they
/// are: later flows out of calls already written are lost, and counted).
const MAX_PENDING: usize = 1 << 16;

/// What a call did at its own layer, shown with it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Io {
    /// Global file id.
    pub file: Option<u32>,
    pub offset: Option<u64>,
    pub bytes: Option<u64>,
    /// The matching id of a non-blocking operation it issued.
    pub request: Option<u64>,
    /// The MPI file view with holes it went through (`Ctx::views`).
    pub view: Option<u32>,
}

/// Ranges an `io.extents` annotation spells out; the rest are counted ("... N more").
pub const SHOWN_EXTENTS: usize = 16;

/// The byte ranges of `bytes` bytes from `offset` through `view`, as "offset+length, ..."
/// (at most [`SHOWN_EXTENTS`]), and how many there are.
pub fn extents_text(view: &definitions::FileView, offset: u64, bytes: u64) -> (String, u64) {
    let (mut text, mut n) = (String::new(), 0u64);
    for (o, l) in view.extents(offset, bytes) {
        if (n as usize) < SHOWN_EXTENTS {
            if n > 0 {
                text.push_str(", ");
            }
            text.push_str(&format!("{o}+{l}"));
        }
        n += 1;
    }
    if n as usize > SHOWN_EXTENTS {
        text.push_str(&format!(", ... {} more", n as usize - SHOWN_EXTENTS));
    }
    (text, n)
}

struct Begin {
    t: u64,
    rec: Record,
    layer: Layer,
    /// Heads of the lists (in `Thread::flows`) of flows out of and into this slice.
    out: u32,
    into: u32,
    io: Io,
    /// The call site of the outermost call (the process's site id, NO_SITE when none).
    site: u32,
}

enum Pending {
    Begin(Begin),
    End(u64),
}

/// An open call; `pending` is its begin's index in the buffer, NONE once written (or when
/// the call is not shown: its layer is left out).
struct Frame {
    func: u16,
    kept: bool,
    layer: Layer,
    pending: u32,
}

/// A slice written and not yet ended (for cuts at piece boundaries).
struct Open {
    func: u16,
    layer: Layer,
    out: u32,
}

pub struct Thread {
    pub index: usize,
    stack: Vec<Frame>,
    pending: Vec<Pending>,
    /// Linked lists of flow ids: (flow, next).
    flows: Vec<(u64, u32)>,
    emitted: Vec<Open>,
    slot: Slot,
    interner: Interner,
    /// The piece that last received this thread's track descriptors.
    described: Option<usize>,
    pub last_t: u64,
    /// The call site of the calls that follow (`Sink::site`).
    pub site: u32,
}

impl Thread {
    pub fn new(index: usize) -> Thread {
        Thread {
            index,
            stack: Vec::new(),
            pending: Vec::new(),
            flows: Vec::new(),
            emitted: Vec::new(),
            slot: Slot::Before,
            interner: Interner::default(),
            described: None,
            last_t: 0,
            site: io_model::sink::NO_SITE,
        }
    }

    fn begin_mut(&mut self, i: u32) -> &mut Begin {
        match &mut self.pending[i as usize] {
            Pending::Begin(b) => b,
            Pending::End(_) => unreachable!("frames point at begins"),
        }
    }

    fn push_flow(&mut self, head: u32, flow: u64) -> u32 {
        self.flows.push((flow, head));
        (self.flows.len() - 1) as u32
    }

    /// The innermost shown call still in the buffer.
    fn innermost(&self) -> Option<u32> {
        let f = self.stack.iter().rev().find(|f| f.kept)?;
        (f.pending != NONE).then_some(f.pending)
    }

    pub fn enter(
        &mut self,
        ctx: &mut Ctx,
        t: u64,
        r: &Record,
        kept: bool,
    ) -> Result<(), crate::Error> {
        self.last_t = t;
        let layer = FUNCTIONS[r.func as usize].layer;
        if !kept {
            self.stack.push(Frame {
                func: r.func,
                kept,
                layer,
                pending: NONE,
            });
            return Ok(());
        }
        if self.pending.len() >= MAX_PENDING {
            self.flush(ctx)?;
        }
        let mut into = NONE;
        if let Some(parent) = self.stack.iter().rev().find(|f| f.kept) {
            if parent.layer != layer {
                if parent.pending == NONE {
                    ctx.counts.flows_lost += 1;
                } else {
                    let (p, flow) = (parent.pending, ctx.next_flow());
                    let head = self.begin_mut(p).out;
                    let node = self.push_flow(head, flow);
                    self.begin_mut(p).out = node;
                    into = self.push_flow(NONE, flow);
                    ctx.counts.flows += 1;
                }
            }
        }
        self.pending.push(Pending::Begin(Begin {
            t,
            rec: *r,
            layer,
            out: NONE,
            into,
            io: Io::default(),
            site: self.site,
        }));
        let pending = (self.pending.len() - 1) as u32;
        self.stack.push(Frame {
            func: r.func,
            kept,
            layer,
            pending,
        });
        Ok(())
    }

    pub fn leave(&mut self, ctx: &mut Ctx, t: u64) -> Result<(), crate::Error> {
        self.last_t = t;
        let Some(f) = self.stack.pop() else {
            return Ok(());
        };
        if f.kept {
            self.pending.push(Pending::End(t));
        }
        if self.stack.is_empty() {
            self.flush(ctx)?;
        }
        Ok(())
    }

    /// The function of the innermost shown call.
    pub fn innermost_func(&self) -> Option<u16> {
        self.stack.iter().rev().find(|f| f.kept).map(|f| f.func)
    }

    /// Show what the innermost shown call did at its layer.
    pub fn io(&mut self, f: impl FnOnce(&mut Io)) {
        if let Some(i) = self.innermost() {
            f(&mut self.begin_mut(i).io);
        }
    }

    /// A flow out of (`out`) or into the innermost shown call; false when there is no
    /// such call in the buffer.
    pub fn flow(&mut self, flow: u64, out: bool) -> bool {
        let Some(i) = self.innermost() else {
            return false;
        };
        let b = self.begin_mut(i);
        let head = if out { b.out } else { b.into };
        let node = self.push_flow(head, flow);
        let b = self.begin_mut(i);
        if out {
            b.out = node;
        } else {
            b.into = node;
        }
        true
    }

    fn list(&self, mut head: u32) -> impl Iterator<Item = u64> + '_ {
        std::iter::from_fn(move || {
            let (flow, next) = *self.flows.get(head as usize)?;
            head = next;
            Some(flow)
        })
    }

    /// Write the buffer.
    pub fn flush(&mut self, ctx: &mut Ctx) -> Result<(), crate::Error> {
        let pending = std::mem::take(&mut self.pending);
        for p in &pending {
            match p {
                Pending::Begin(b) => {
                    self.route(ctx, b.t)?;
                    if let Slot::Piece(k) = self.slot {
                        self.write_begin(ctx, k, b)?;
                    }
                    self.emitted.push(Open {
                        func: b.rec.func,
                        layer: b.layer,
                        out: b.out,
                    });
                }
                Pending::End(t) => {
                    self.route(ctx, *t)?;
                    if let Slot::Piece(k) = self.slot {
                        self.write_end(ctx, k, *t, None)?;
                    }
                    self.emitted.pop();
                }
            }
        }
        self.pending = pending;
        self.pending.clear();
        for f in &mut self.stack {
            f.pending = NONE;
        }
        // The flow lists go with the flush (a partial one too: the open slices' begin
        // events, which would carry them, are written).
        for o in &mut self.emitted {
            o.out = NONE;
        }
        self.flows.clear();
        Ok(())
    }

    /// Move to the slot of time `t`: the open slices end at each boundary crossed and
    /// begin again after it.
    fn route(&mut self, ctx: &mut Ctx, t: u64) -> Result<(), crate::Error> {
        let target = ctx.pieces.slot(t);
        while self.slot < target {
            let cut = ctx.pieces.boundary_after(self.slot);
            if let Slot::Piece(k) = self.slot {
                for _ in 0..self.emitted.len() {
                    self.write_end(ctx, k, cut, Some(Extra::Continues))?;
                }
            }
            self.slot = ctx.pieces.next(self.slot);
            self.interner.clear();
            if let Slot::Piece(k) = self.slot {
                for i in 0..self.emitted.len() {
                    let (func, layer, out) = {
                        let o = &self.emitted[i];
                        (o.func, o.layer, o.out)
                    };
                    self.write_named(ctx, k, cut, func, layer)?;
                    let iid = self.interner.extra(Extra::Continued);
                    ctx.enc.arg(iid, Arg::Bool(true));
                    let out: Vec<u64> = self.list(out).collect();
                    ctx.enc.flows(out.into_iter(), std::iter::empty());
                    ctx.enc.send(
                        &mut ctx.out,
                        k,
                        &mut self.interner,
                        ctx.ids.thread_uuid(self.index),
                    )?;
                }
            }
        }
        Ok(())
    }

    fn describe(&mut self, ctx: &mut Ctx, k: usize) -> Result<(), crate::Error> {
        if self.described != Some(k) {
            ctx.described.thread(&mut ctx.out, k, ctx.ids, self.index)?;
            self.described = Some(k);
        }
        Ok(())
    }

    /// Start a begin event with its name and category.
    fn write_named(
        &mut self,
        ctx: &mut Ctx,
        k: usize,
        t: u64,
        func: u16,
        layer: Layer,
    ) -> Result<(), crate::Error> {
        self.describe(ctx, k)?;
        ctx.enc
            .start(ctx.ids.thread_seq(self.index), t, Type::SliceBegin, None);
        let f = &FUNCTIONS[func as usize];
        let name = self.interner.name(func, f.display);
        let cat = self
            .interner
            .category(layer as usize, super::layer_name(layer));
        ctx.enc.named(name, cat);
        Ok(())
    }

    fn write_begin(&mut self, ctx: &mut Ctx, k: usize, b: &Begin) -> Result<(), crate::Error> {
        let r = &b.rec;
        self.write_named(ctx, k, b.t, r.func, b.layer)?;
        ctx.counts.calls += 1;
        let f = &FUNCTIONS[r.func as usize];
        let fields = r.fields();
        let n = fields.len().saturating_sub(1).min(f.args.len());
        for (i, ((name, kind), v)) in f.args[..n].iter().zip(fields).enumerate() {
            let iid = self.interner.arg_name(r.func, i, name);
            let a = arg(&mut self.interner, ctx.process, *kind, *v);
            ctx.enc.arg(iid, a);
        }
        if !fields.is_empty() {
            let iid = self.interner.arg_name(r.func, 15, "result");
            let a = arg(&mut self.interner, ctx.process, f.ret, r.ret());
            ctx.enc.arg(iid, a);
        }
        if r.errno != 0 {
            let iid = self.interner.extra(Extra::Errno);
            ctx.enc.arg(iid, Arg::Int(r.errno as i64));
        }
        self.write_io(ctx, &b.io, r);
        self.write_site(ctx, b.site);
        ctx.enc.flows(self.list(b.out), self.list(b.into));
        ctx.enc.send(
            &mut ctx.out,
            k,
            &mut self.interner,
            ctx.ids.thread_uuid(self.index),
        )
    }

    /// The call's site: its label, and its source file and line when known.
    fn write_site(&mut self, ctx: &mut Ctx, site: u32) {
        if site == io_model::sink::NO_SITE {
            return;
        }
        let Some(s) = ctx.sites.get(site as usize) else {
            ctx.counts.sites_unnamed += 1;
            return;
        };
        let iid = self.interner.extra(Extra::CallSite);
        let v = self.interner.string(4, site as u64, || s.label.clone());
        ctx.enc.arg(iid, Arg::Str(v));
        if let Some(f) = &s.file {
            let iid = self.interner.extra(Extra::CallSiteFile);
            let v = self.interner.string(5, site as u64, || f.clone());
            ctx.enc.arg(iid, Arg::Str(v));
        }
        if let Some(l) = s.line {
            let iid = self.interner.extra(Extra::CallSiteLine);
            ctx.enc.arg(iid, Arg::Uint(l.into()));
        }
    }

    /// What the model adds to the call's own fields: its file, and its offset and bytes
    /// unless a field already says them (pwrite's offset, a result counting bytes).
    fn write_io(&mut self, ctx: &mut Ctx, io: &Io, r: &Record) {
        let f = &FUNCTIONS[r.func as usize];
        if let Some(file) = io.file {
            let iid = self.interner.extra(Extra::File);
            let names = &ctx.file_names;
            let s = self.interner.string(1, file as u64, || {
                names
                    .get(file as usize)
                    .cloned()
                    .unwrap_or_else(|| format!("file#{file}"))
            });
            ctx.enc.arg(iid, Arg::Str(s));
        }
        if let Some(o) = io.offset {
            let said = f
                .args
                .iter()
                .zip(r.fields())
                .any(|((_, k), v)| *k == Kind::Offset && *v == o);
            if !said {
                let iid = self.interner.extra(Extra::Offset);
                ctx.enc.arg(iid, Arg::Uint(o));
            }
        }
        if let Some(b) = io.bytes {
            if !(f.ret == Kind::Size && r.ret() == b) {
                let iid = self.interner.extra(Extra::Bytes);
                ctx.enc.arg(iid, Arg::Uint(b));
            }
        }
        if let Some(q) = io.request {
            let iid = self.interner.extra(Extra::Request);
            ctx.enc.arg(iid, Arg::Hex(q));
        }
        let view = io.view.and_then(|v| ctx.views.get(v as usize));
        if let (Some(v), Some(o), Some(b)) = (view, io.offset, io.bytes) {
            let (text, n) = extents_text(v, o, b);
            let iid = self.interner.extra(Extra::Extents);
            ctx.enc.arg_text(iid, text);
            let iid = self.interner.extra(Extra::Ranges);
            ctx.enc.arg(iid, Arg::Uint(n));
        }
    }

    fn write_end(
        &mut self,
        ctx: &mut Ctx,
        k: usize,
        t: u64,
        flag: Option<Extra>,
    ) -> Result<(), crate::Error> {
        self.describe(ctx, k)?;
        let (seq, track) = (
            ctx.ids.thread_seq(self.index),
            ctx.ids.thread_uuid(self.index),
        );
        let Some(flag) = flag else {
            return ctx
                .enc
                .send_end(&mut ctx.out, k, seq, t, &mut self.interner, track);
        };
        ctx.enc.start(seq, t, Type::SliceEnd, None);
        let iid = self.interner.extra(flag);
        ctx.enc.arg(iid, Arg::Bool(true));
        ctx.enc.send(&mut ctx.out, k, &mut self.interner, track)
    }

    /// The process ended: calls still open end at the thread's last event.
    pub fn finish(&mut self, ctx: &mut Ctx) -> Result<(), crate::Error> {
        while let Some(f) = self.stack.pop() {
            if f.kept {
                self.pending.push(Pending::End(self.last_t));
                ctx.counts.unfinished += 1;
            }
        }
        self.flush(ctx)?;
        // Leave the window: slices cut at its end.
        self.route(ctx, u64::MAX)
    }
}

/// A field's value as an annotation: numbers typed, flags and addresses in hex, paths and
/// names as interned strings.
fn arg(interner: &mut Interner, p: &io_model::trace::ProcessTrace, kind: Kind, v: u64) -> Arg {
    match kind {
        Kind::File => {
            if v == u64::MAX {
                return Arg::Int(-1);
            }
            Arg::Str(interner.string(0, v, || match p.file(v) {
                Some(f) => f.path.clone(),
                None => format!("file#{v}"),
            }))
        }
        Kind::Name => Arg::Str(interner.string(2, v, || match p.name(v) {
            Some(n) => n.to_string(),
            None => format!("name#{v}"),
        })),
        Kind::Int | Kind::Fd | Kind::Offset | Kind::Whence | Kind::Comm => Arg::Int(v as i64),
        Kind::Filetype => Arg::Str(interner.string(3, v, || p.filetype_text(v))),
        Kind::Size => {
            if v as i64 == -1 {
                Arg::Int(-1)
            } else {
                Arg::Uint(v)
            }
        }
        Kind::Mode => Arg::Uint(v),
        Kind::OpenFlags | Kind::Hex | Kind::Amode | Kind::Stream | Kind::Addr | Kind::Handle => {
            Arg::Hex(v)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use io_events::filetype::{BlockRun, Filetype};

    /// 40 blocks of 10 bytes every 30 from displacement 5: 16 spelled out, 24 counted.
    #[test]
    fn extents_text_caps_and_counts() {
        let run = BlockRun {
            offset: 0,
            len: 10,
            stride: 30,
            count: 40,
        };
        let filetype = Filetype {
            lb: 0,
            extent: 1200,
            runs: vec![run],
        };
        let view = definitions::FileView {
            disp: 5,
            filetype: std::sync::Arc::new(filetype),
        };
        let (text, n) = extents_text(&view, 5, 400);
        assert_eq!(n, 40);
        let shown: Vec<String> = (0..16).map(|k| format!("{}+10", 5 + 30 * k)).collect();
        assert_eq!(text, format!("{}, ... 24 more", shown.join(", ")));
        let (text, n) = extents_text(&view, 35, 15);
        assert_eq!((text.as_str(), n), ("35+10, 65+5", 2));
    }
}
