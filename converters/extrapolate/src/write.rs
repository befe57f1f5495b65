//! Making the target ranks' calls from the models and writing them as a native trace: one
//! process folder per rank (meta.yaml, defs.bin, thread streams through the real encoder),
//! written under a temporary name and renamed at the end, so that a refusal or an error
//! leaves nothing behind.

use super::fields::FieldModel;
use super::fit::At;
use super::groups::{Fitted, Group};
use super::loops::Tmpl;
use super::read::{FileFacts, Input, Val};
use super::{call_name, Options};
use crate::error::check_interrupt;
use crate::{Error, EvalError};
use io_events::codec::{PeepholeEncoder, Record, MAX_RECORD_BYTES};
use io_events::defs::{defs_header, Def, FileKind};
use io_events::filetype::Filetype;
use io_events::functions::{Kind, FUNCTIONS};
use io_events::layout::{functions_file_name, functions_text, thread_file};
use io_events::meta::{ClockAnchor, Ending, ProcessMeta};
use io_events::stream::{chunk_header, Anchor, Clock, StreamHeader};
use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::Path;

/// Calls one loop may run at the target (a guard against a model that explodes).
const MAX_LOOP: i64 = 1 << 32;
/// Chunk payload size (as the recorder's default buffer).
const CHUNK: usize = 1 << 20;

pub struct Written {
    pub calls: u64,
    pub groups: Vec<(String, u64)>,
}

/// Write the trace at `opts.ranks` ranks into `out` (a new folder).
pub fn write(
    inputs: &[Input],
    groups: &[Group],
    fitted: &[Fitted],
    opts: &Options,
    out: &Path,
) -> Result<Written, Error> {
    if std::fs::symlink_metadata(out).is_ok() {
        return Err(Error::Exists {
            path: out.to_path_buf(),
        });
    }
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = out.with_file_name(format!(".{name}.partial-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).map_err(|e| Error::io(&tmp, e))?;
    let result = write_ranks(inputs, groups, fitted, opts, &tmp).and_then(|w| {
        std::fs::rename(&tmp, out)
            .map(|_| w)
            .map_err(|e| Error::io(out, e))
    });
    if result.is_err() {
        let _ = std::fs::remove_dir_all(&tmp);
    }
    result
}

/// `out` must not exist (nothing is overwritten).
pub fn check_new(out: &Path) -> Result<(), Error> {
    match std::fs::symlink_metadata(out) {
        Ok(_) => Err(Error::Exists {
            path: out.to_path_buf(),
        }),
        Err(_) => Ok(()),
    }
}

fn write_ranks(
    inputs: &[Input],
    groups: &[Group],
    fitted: &[Fitted],
    opts: &Options,
    dir: &Path,
) -> Result<Written, Error> {
    let names = FUNCTIONS.iter().map(|f| f.name);
    let table = functions_file_name(names.clone());
    std::fs::write(dir.join(&table), functions_text(names)).map_err(|e| Error::io(dir, e))?;
    let from: Vec<String> = inputs.iter().map(|i| i.n.to_string()).collect();
    let mut w = Written {
        calls: 0,
        groups: Vec::new(),
    };
    let mut per_group = vec![None; groups.len()];
    for r in 0..opts.ranks {
        check_interrupt()?;
        let gi = group_of(groups, r).ok_or(Error::NoGroup {
            rank: r,
            ranks: opts.ranks,
        })?;
        let rank = RankWriter {
            inputs,
            group: &groups[gi],
            fit: &fitted[gi],
            n: opts.ranks,
            r,
            facts: &inputs.last().expect("inputs").files,
        };
        let calls = rank.write(dir, &table, &from.join(","))?;
        per_group[gi].get_or_insert(calls);
        w.calls += calls;
    }
    let all = groups.len() == 1;
    for (g, c) in groups.iter().zip(per_group) {
        if let Some(c) = c {
            w.groups.push((g.describe(all), c));
        }
    }
    Ok(w)
}

fn group_of(groups: &[Group], r: u32) -> Option<usize> {
    groups
        .iter()
        .position(|g| g.fixed.as_ref().is_some_and(|f| f.contains(&r)))
        .or_else(|| groups.iter().position(|g| g.fixed.is_none()))
}

/// What receives each call of the template walk: (call, iterations).
type Emit<'e> = dyn FnMut(usize, &[i64]) -> Result<(), Error> + 'e;

/// One target rank.
struct RankWriter<'a> {
    inputs: &'a [Input],
    group: &'a Group,
    fit: &'a Fitted,
    n: u32,
    r: u32,
    facts: &'a FileFacts,
}

/// A call begun and not yet ended.
struct Open {
    func: u16,
    depth: u32,
    t0: u64,
    last_child: Option<u64>,
    tail: u64,
    errno: u32,
    fields: Vec<u64>,
}

impl RankWriter<'_> {
    fn rep_meta(&self) -> &ProcessMeta {
        let last = self.inputs.len() - 1;
        let rank = *self.group.members[last].last().expect("members");
        &self.inputs[last].ranks[rank as usize].meta
    }

    /// The rank's process folder: its threads' streams, definitions and metadata.
    fn write(&self, trace: &Path, table: &str, from: &str) -> Result<u64, Error> {
        let pid = 1_000_000 + self.r;
        let dir = trace.join(format!("{}.{pid}", self.rep_meta().host));
        let io = |e: std::io::Error| Error::io(&dir, e);
        std::fs::create_dir_all(&dir).map_err(io)?;
        let mut defs = DefsOut::new(self.facts);
        let mut counts: BTreeMap<String, u64> = BTreeMap::new();
        let (mut records, mut bytes, mut end) = (0u64, 0u64, 0u64);
        for t in 0..self.group.threads.len() {
            let (r, b, e) = self.write_thread(&dir, t, pid, &mut defs, &mut counts)?;
            records += r;
            bytes += b;
            end = end.max(e);
        }
        self.copy_precreated(&mut defs);
        let mut bin = defs_header().to_vec();
        for d in &defs.defs {
            d.encode(&mut bin);
        }
        std::fs::write(dir.join("defs.bin"), bin).map_err(io)?;
        let meta = self.meta(pid, table, from, counts, records, bytes, end);
        std::fs::write(dir.join("meta.yaml"), meta.to_yaml()).map_err(io)?;
        Ok(records)
    }

    /// Thread `t`'s stream: its records, bytes and last tick.
    fn write_thread(
        &self,
        dir: &Path,
        t: usize,
        pid: u32,
        defs: &mut DefsOut,
        counts: &mut BTreeMap<String, u64>,
    ) -> Result<(u64, u64, u64), Error> {
        let window = self.rep_meta().window;
        let tid = pid as u64 * 100 + t as u64;
        defs.defs.push(Def::Thread {
            index: t as u32,
            tid,
        });
        let header = StreamHeader {
            clock: Clock::Monotonic,
            tsc_shift: 0,
            version: io_events::FORMAT_VERSION,
            resolution_ns: 1,
            window,
            tid,
            thread_index: t as u32,
        };
        let mut s = StreamOut::create(&dir.join(thread_file(t as u32)), header, window)?;
        let mut gen = ThreadGen {
            stack: Vec::new(),
            prev_top_end: 0,
        };
        let mut emit = |leaf: usize, it: &[i64]| -> Result<(), Error> {
            let open = self.open_call(leaf, it, defs)?;
            *counts.entry(call_name(open.func).to_string()).or_default() += 1;
            gen.begin(open, self.fit.times[leaf].gap.at(self.n), &mut s)
        };
        self.expand(&self.group.threads[t], &mut Vec::new(), &mut emit)?;
        gen.close_all(&mut s)?;
        s.finish()
    }

    /// The representative's handles open before tracing began (stdin, stdout ...).
    fn copy_precreated(&self, defs: &mut DefsOut) {
        let rep = &self.inputs.last().expect("inputs").ranks[self.rep_rank()];
        for (d, path) in &rep.precreated {
            if let Def::PreCreated {
                layer,
                key,
                fd,
                flags,
                offset,
                ..
            } = d
            {
                let file = defs.file(path);
                defs.defs.push(Def::PreCreated {
                    layer: *layer,
                    key: *key,
                    fd: *fd,
                    file,
                    flags: *flags,
                    offset: *offset,
                });
            }
        }
    }

    fn rep_rank(&self) -> usize {
        *self.group.members[self.inputs.len() - 1]
            .last()
            .expect("members") as usize
    }

    #[allow(clippy::too_many_arguments)]
    fn meta(
        &self,
        pid: u32,
        table: &str,
        from: &str,
        counts: BTreeMap<String, u64>,
        records: u64,
        bytes: u64,
        end: u64,
    ) -> ProcessMeta {
        let rep = self.rep_meta();
        let mut options = rep.options.clone();
        options.insert("extrapolated_from_ranks".into(), from.to_string());
        options.insert("times".into(), "estimated".into());
        let start = rep.start;
        ProcessMeta {
            format_version: io_events::FORMAT_VERSION,
            recorder_version: format!("{} (extrapolate)", env!("CARGO_PKG_VERSION")),
            host: rep.host.clone(),
            user: rep.user.clone(),
            uid: rep.uid,
            pid,
            ppid: 1,
            rank: Some(self.r),
            job: Some(format!("extrapolated-{}", self.n)),
            world_size: Some(self.n),
            mpi_library: None,
            mpi_layers_off: None,
            clock_offsets: Vec::new(),
            cmdline: rep.cmdline.clone(),
            exe: rep.exe.clone(),
            time_resolution_ns: 1,
            window: rep.window,
            start,
            end: Some(ClockAnchor {
                monotonic_ns: start.monotonic_ns + end + 1_000,
                realtime_ns: start.realtime_ns + end + 1_000,
            }),
            ending: Ending::Exit,
            failure: None,
            exit_status: Some(0),
            signal: None,
            options,
            functions: Vec::new(),
            functions_file: Some(table.to_string()),
            function_counts: counts,
            records,
            stream_bytes: bytes,
            forked_from: None,
            exec_from: None,
        }
    }

    fn at(&self, it: &[i64]) -> At {
        At {
            n: self.n as i64,
            r: self.r as i64,
            it: it.to_vec(),
        }
    }

    /// Walk the template: each loop as often as its model says, each call emitted.
    fn expand(&self, t: &[Tmpl], it: &mut Vec<i64>, emit: &mut Emit) -> Result<(), Error> {
        for node in t {
            match node {
                Tmpl::Leaf { id } => emit(*id, it)?,
                Tmpl::Loop { id, body } => {
                    let first = self.group.leaves[self.group.loops[*id].1].func;
                    let (call, rank, n) = (call_name(first), self.r, self.n);
                    let count = self.fit.counts[*id].eval(&self.at(it)).map_err(|source| {
                        Error::LoopCount {
                            call,
                            rank,
                            n,
                            source,
                        }
                    })?;
                    if !(0..=MAX_LOOP).contains(&count) {
                        return Err(Error::LoopTooLong {
                            call,
                            count,
                            rank,
                            n,
                        });
                    }
                    for k in 0..count {
                        it.push(k);
                        self.expand(body, it, emit)?;
                        it.pop();
                    }
                }
            }
        }
        Ok(())
    }

    /// A call's fields at the target.
    fn open_call(&self, leaf: usize, it: &[i64], defs: &mut DefsOut) -> Result<Open, Error> {
        let l = &self.group.leaves[leaf];
        let info = &FUNCTIONS[l.func as usize];
        let models = &self.fit.fields[leaf];
        let at = self.at(it);
        let kinds: Vec<Kind> = info.args.iter().map(|a| a.1).chain([info.ret]).collect();
        let mut fields = Vec::with_capacity(kinds.len());
        let mut errno = 0;
        for (k, m) in models.iter().enumerate() {
            let v = self
                .value(m, leaf, k, &at)
                .map_err(|source| Error::FieldValue {
                    field: super::field_name(l.func, k),
                    call: call_name(l.func),
                    position: l.position + 1,
                    rank: self.r,
                    n: self.n,
                    source,
                })?;
            match kinds.get(k) {
                Some(kind) => fields.push(defs.field(*kind, &v)),
                None => errno = defs.field(Kind::Int, &v) as u32,
            }
        }
        Ok(Open {
            func: l.func,
            depth: l.depth,
            t0: 0,
            last_child: None,
            tail: self.fit.times[leaf].tail.at(self.n),
            errno,
            fields,
        })
    }

    fn value(&self, m: &FieldModel, leaf: usize, k: usize, at: &At) -> Result<Val, EvalError> {
        Ok(match m {
            FieldModel::Same(v) => v.clone(),
            FieldModel::Num(model) => Val::Num(model.eval(at)?),
            FieldModel::Text(e) => Val::Text(e.make(at)?),
            FieldModel::World => Val::Comm((0..self.n).collect::<Vec<u32>>().into()),
            FieldModel::SelfComm => Val::Comm(vec![self.r].into()),
            FieldModel::Representative => {
                let idx = self
                    .fit
                    .rep
                    .get(&(leaf, at.it.clone()))
                    .copied()
                    .unwrap_or(self.fit.rep_last[leaf]);
                let i = &self.group.leaf_inst[leaf][idx];
                let e = &self.inputs[i.input].ranks[i.rank].threads[i.thread][i.call];
                e.vals.get(k).cloned().unwrap_or(Val::Num(e.errno as i64))
            }
        })
    }
}

/// Times of one thread's calls: the stack of calls begun.
struct ThreadGen {
    stack: Vec<Open>,
    prev_top_end: u64,
}

impl ThreadGen {
    fn begin(&mut self, mut c: Open, gap: u64, s: &mut StreamOut) -> Result<(), Error> {
        while self.stack.len() > c.depth as usize {
            self.close(s)?;
        }
        let reference = match self.stack.last() {
            Some(p) => p.last_child.unwrap_or(p.t0),
            None => self.prev_top_end,
        };
        c.t0 = reference + gap;
        c.depth = self.stack.len() as u32;
        self.stack.push(c);
        Ok(())
    }

    fn close(&mut self, s: &mut StreamOut) -> Result<(), Error> {
        let c = self.stack.pop().expect("a call begun");
        let t1 = c.last_child.unwrap_or(c.t0).max(c.t0) + c.tail;
        s.push(&Record::new(c.func, c.depth, c.t0, t1, c.errno, &c.fields))?;
        match self.stack.last_mut() {
            Some(p) => p.last_child = Some(t1),
            None => self.prev_top_end = t1,
        }
        Ok(())
    }

    fn close_all(&mut self, s: &mut StreamOut) -> Result<(), Error> {
        while !self.stack.is_empty() {
            self.close(s)?;
        }
        Ok(())
    }
}

/// A process's local definitions, interned.
struct DefsOut<'a> {
    defs: Vec<Def>,
    files: HashMap<String, u64>,
    names: HashMap<String, u32>,
    comms: HashMap<Vec<u32>, u32>,
    filetypes: HashMap<std::sync::Arc<Filetype>, u32>,
    facts: &'a FileFacts,
}

impl<'a> DefsOut<'a> {
    fn new(facts: &'a FileFacts) -> Self {
        DefsOut {
            defs: Vec::new(),
            files: HashMap::new(),
            names: HashMap::new(),
            comms: HashMap::new(),
            filetypes: HashMap::new(),
            facts,
        }
    }

    /// A value as the record field of this kind.
    fn field(&mut self, kind: Kind, v: &Val) -> u64 {
        match v {
            Val::Num(x) => *x as u64,
            Val::Opaque(x) => *x,
            Val::NoPath => u64::MAX,
            Val::Text(t) if kind == Kind::Name => self.name(t) as u64,
            Val::Text(t) => self.file(t),
            Val::Comm(m) => self.comm(m) as u64,
            Val::Filetype(f) => self.filetype(f) as u64,
        }
    }

    /// The local id of a filetype, defined at its first use (ids from 1: 0 means
    /// contiguous).
    fn filetype(&mut self, f: &std::sync::Arc<Filetype>) -> u32 {
        if let Some(&id) = self.filetypes.get(f) {
            return id;
        }
        let id = self.filetypes.len() as u32 + 1;
        self.defs.push(Def::Filetype {
            id,
            filetype: (**f).clone(),
        });
        self.filetypes.insert(f.clone(), id);
        id
    }

    fn file(&mut self, path: &str) -> u64 {
        if let Some(&id) = self.files.get(path) {
            return id;
        }
        let id = self.files.len() as u64;
        let (kind, fs_type, mount) = self
            .facts
            .get(path)
            .cloned()
            .unwrap_or_else(|| self.facts_by_mount(path));
        self.defs.push(Def::File {
            id,
            kind,
            path: path.to_string(),
            fs_type,
            mount,
        });
        self.files.insert(path.to_string(), id);
        id
    }

    /// A file no input had (a rank's own file at the target): its mount's file system.
    fn facts_by_mount(&self, path: &str) -> (FileKind, String, String) {
        self.facts
            .values()
            .filter(|f| path.starts_with(f.2.as_str()))
            .max_by_key(|f| f.2.len())
            .map(|f| (FileKind::Regular, f.1.clone(), f.2.clone()))
            .unwrap_or((FileKind::Regular, String::new(), String::new()))
    }

    fn name(&mut self, text: &str) -> u32 {
        if let Some(&id) = self.names.get(text) {
            return id;
        }
        let id = self.names.len() as u32;
        self.defs.push(Def::Name {
            id,
            text: text.to_string(),
        });
        self.names.insert(text.to_string(), id);
        id
    }

    fn comm(&mut self, members: &[u32]) -> u32 {
        if let Some(&id) = self.comms.get(members) {
            return id;
        }
        let id = self.comms.len() as u32 + 1;
        self.defs.push(Def::Comm {
            id,
            members: members.to_vec(),
        });
        self.comms.insert(members.to_vec(), id);
        id
    }
}

/// A thread stream written chunk by chunk.
struct StreamOut {
    path: std::path::PathBuf,
    file: std::io::BufWriter<std::fs::File>,
    enc: PeepholeEncoder,
    buf: Vec<u8>,
    pos: usize,
    in_chunk: u32,
    base: u64,
    seq: u32,
    last_tick: u64,
    records: u64,
    bytes: u64,
}

impl StreamOut {
    fn create(path: &Path, header: StreamHeader, window: u16) -> Result<StreamOut, Error> {
        let f = std::fs::File::create(path).map_err(|e| Error::io(path, e))?;
        let mut s = StreamOut {
            path: path.to_path_buf(),
            file: std::io::BufWriter::new(f),
            enc: PeepholeEncoder::new(window as usize, 0),
            buf: vec![0; CHUNK + MAX_RECORD_BYTES],
            pos: 0,
            in_chunk: 0,
            base: 0,
            seq: 0,
            last_tick: 0,
            records: 0,
            bytes: 0,
        };
        s.write(&header.to_bytes())?;
        Ok(s)
    }

    fn write(&mut self, b: &[u8]) -> Result<(), Error> {
        self.bytes += b.len() as u64;
        self.file.write_all(b).map_err(|e| Error::io(&self.path, e))
    }

    fn push(&mut self, r: &Record) -> Result<(), Error> {
        if self.in_chunk == 0 {
            self.enc.reset(r.start);
            self.base = r.start;
        }
        self.pos = self.enc.encode(r, &mut self.buf, self.pos);
        self.in_chunk += 1;
        self.records += 1;
        self.last_tick = self.last_tick.max(r.end);
        if self.pos >= CHUNK {
            self.flush_chunk()?;
        }
        Ok(())
    }

    fn flush_chunk(&mut self) -> Result<(), Error> {
        if self.in_chunk == 0 {
            return Ok(());
        }
        let anchor = Anchor {
            ticks: self.last_tick,
            ns: self.last_tick,
        };
        let payload = std::mem::take(&mut self.buf);
        let h = chunk_header(
            &payload[..self.pos],
            self.in_chunk,
            self.base,
            self.seq,
            anchor,
        );
        self.write(&h)?;
        self.write(&payload[..self.pos])?;
        self.buf = payload;
        self.pos = 0;
        self.in_chunk = 0;
        self.seq += 1;
        Ok(())
    }

    /// Records, bytes and the last tick.
    fn finish(mut self) -> Result<(u64, u64, u64), Error> {
        self.flush_chunk()?;
        self.file.flush().map_err(|e| Error::io(&self.path, e))?;
        Ok((self.records, self.bytes, self.last_tick))
    }
}
