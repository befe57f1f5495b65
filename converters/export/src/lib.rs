//! `recorder-otf2 export --parquet DIR`: calls, operations, their byte ranges, files and handles as Parquet
//! (schema: docs/analysis.md, "Parquet export").
//!
//! Processes are interpreted in parallel through the I/O model; each fills record batches of
//! at most [`tables::BATCH`] rows per table and hands every full batch to an encoder thread
//! of its own, which encodes it into one row group and appends that to the table's file under
//! a lock. Memory stays bounded by the batches in progress, whatever the number of calls. The files are written under temporary
//! names in DIR and renamed when all are complete; on error they are removed.
//!
//! The API: [`parquet`](fn@parquet) (export a trace into a folder, with a one-line account).

mod error;
mod layout;
mod output;
mod sites;
mod tables;

pub use error::Error;
pub use layout::{PartitionBy, PartitionError, PartitionKey};
pub use output::FILES;

use arrow_array::RecordBatch;
use arrow_schema::ArrowError;
use definitions::{FileView, GlobalDefs};
use io_events::codec::Record;
use io_events::functions::Layer;
use io_model::driver::{self, Progress};
use io_model::kinds::{
    AccessMode, CreationFlags, LockOp, LockType, OpFlags, OpMode, StatusFlags, Whence,
};
use io_model::resolve::{Call, Consumer, FileAt, MetaKind, Op, Resolver};
use io_model::run::{interpret, Plan, Stats};
use io_model::sink::NO_SITE;
use io_model::sink::{OpBegin, Res, Sink};
use io_model::trace::{ProcessTrace, Trace};
use output::{Output, Set, Table, CALLS, EXTENTS, FILES_T, HANDLES, OPS};
use parquet::file::metadata::KeyValue;
use sites::SiteTable;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{sync_channel, SyncSender};
use tables::*;

/// The export's schema version, in every file's metadata (`recorder_otf2.schema_version`):
/// 2 since times are TIMESTAMP, durations Duration, integers signed, `offset` `file_offset`.
pub const SCHEMA_VERSION: u32 = 2;

/// Batches waiting for a process's encoder thread (each up to [`BATCH`] rows).
const QUEUE: usize = 1;

/// The consumer of one process: rows into batches, full batches into row groups.
struct Exporter<'a> {
    out: &'a Output,
    /// This process's partition's tables.
    set: &'a Set,
    /// To this process's encoder thread: full batches and the table they go to.
    enc: SyncSender<(&'a Table, RecordBatch)>,
    p: &'a ProcessTrace,
    proc: ProcCols<'a>,
    /// File paths by global file id, copied from the definitions as they grow.
    names: Vec<String>,
    calls: CallCols,
    ops: OpCols,
    extents: ExtentCols,
    /// MPI file views with holes by the id operations name them with (`Consumer::view`).
    views: Vec<Option<FileView>>,
    files: hashbrown::HashMap<(Option<u32>, Layer), FileAcc>,
    /// Per thread: the last call that began a blocking operation, and that operation's file
    /// (a call's `file` when it opened or closed none).
    op_file: Vec<(u64, Option<u32>)>,
    sites: &'a SiteTable,
    /// The export id of each of the process's call sites known so far (by its site id).
    site_ids: Vec<i32>,
    /// Outermost calls from each of the process's sites.
    site_calls: Vec<u64>,
    /// Rows written without their call site (a batch that could not wait for its definition).
    unnamed: u64,
    err: Option<Error>,
}

/// A full batch waits for the export ids of its call sites up to this many rows.
const SITE_WAIT: usize = 4 * BATCH;

impl<'a> Exporter<'a> {
    /// Hand a batch to the encoder thread (which appends it to the table as a row group).
    fn send(&mut self, t: &'a Table, b: Result<RecordBatch, ArrowError>) {
        let r = b
            .map_err(|source| Error::Arrow {
                path: t.path.clone(),
                source,
            })
            .and_then(|b| {
                // The encoder only goes away after an error, which it has reported.
                self.enc.send((t, b)).map_err(|_| Error::Stopped)
            });
        if let Err(e) = r {
            self.err.get_or_insert(e);
        }
    }

    fn flush_calls(&mut self) {
        let t = &self.set.tables[CALLS];
        let (ids, unnamed) = (&self.site_ids, &mut self.unnamed);
        let b = self.calls.finish(&t.full, &self.out.vocab, ids, unnamed);
        self.send(t, b);
    }

    fn flush_ops(&mut self) {
        let t = &self.set.tables[OPS];
        let (ids, unnamed) = (&self.site_ids, &mut self.unnamed);
        let b = self.ops.finish(&t.full, &self.out.vocab, ids, unnamed);
        self.send(t, b);
    }

    /// Whether a batch of `rows` whose sites are `col` is to be written now: when full and
    /// its sites have their ids, or when it can wait no longer.
    fn full(&self, rows: usize, col: &SiteCol) -> bool {
        rows >= SITE_WAIT || (rows >= BATCH && col.ready(self.site_ids.len()))
    }

    /// Give the process's new call sites their export ids, then write the full batches
    /// that were waiting for them.
    fn sync_sites(&mut self, defs: &GlobalDefs) {
        let known = self.site_ids.len();
        if defs.sites.len() > known {
            let ids = self.sites.ids(defs, known);
            self.site_ids.extend(ids);
        }
        if self.full(self.calls.rows, &self.calls.site) {
            self.flush_calls();
        }
        if self.full(self.ops.rows, &self.ops.site) {
            self.flush_ops();
        }
    }

    fn flush_extents(&mut self) {
        let t = &self.set.tables[EXTENTS];
        let b = self.extents.finish(&t.full, &self.out.vocab);
        self.send(t, b);
    }

    /// The byte ranges of a read or write at a known offset, one row each (one for a
    /// contiguous operation); returns one past the last byte.
    fn push_extents(&mut self, o: &Op, off: u64) -> u64 {
        let view = o.view.and_then(|v| self.views.get(v as usize)?.clone());
        let contiguous = [(off, o.bytes_done)];
        let ranges: Box<dyn Iterator<Item = (u64, u64)>> = match &view {
            Some(v) => Box::new(v.extents(off, o.bytes_done)),
            None => Box::new(contiguous.into_iter().filter(|r| r.1 > 0)),
        };
        let mut end = off.saturating_add(o.bytes_done);
        for (offset, length) in ranges {
            let row = ExtentRow {
                id: o.id,
                layer: o.layer,
                file: file_at(&self.names, o.file),
                mode: o.mode,
                offset,
                length,
            };
            self.extents.push(self.proc, &row);
            end = offset.saturating_add(length);
            if self.extents.rows >= BATCH {
                self.flush_extents();
            }
        }
        end
    }

    fn acc(&mut self, file: Option<u32>, layer: Layer) -> &mut FileAcc {
        self.files.entry((file, layer)).or_default()
    }

    /// The process's files and handles, once it has been interpreted.
    fn finish(&mut self, defs: &GlobalDefs) -> Result<(), Error> {
        self.sync_sites(defs);
        self.sites.add_calls(&self.site_ids, &self.site_calls);
        if self.calls.rows > 0 {
            self.flush_calls();
        }
        if self.ops.rows > 0 {
            self.flush_ops();
        }
        if self.extents.rows > 0 {
            self.flush_extents();
        }
        if let Some(e) = self.err.take() {
            return Err(e);
        }
        let out = self.out;
        let (ft, ht) = (&self.set.tables[FILES_T], &self.set.tables[HANDLES]);
        let mut files: Vec<_> = self.files.drain().collect();
        files.sort_unstable_by_key(|((f, l), _)| (f.unwrap_or(u32::MAX), layer_key(*l)));
        let mut fc = FileCols::default();
        for ((file, layer), acc) in &files {
            let def = file.and_then(|f| defs.files.get(f as usize));
            fc.push(
                self.proc,
                &FileRow {
                    path: def.map(|d| d.name.as_str()),
                    fs_type: def.map(|d| d.fs_type.as_str()),
                    mount: def.map(|d| d.mount.as_str()),
                    layer: *layer,
                    acc,
                },
            );
            if fc.rows >= BATCH {
                self.send(ft, fc.finish(&ft.full, &out.vocab));
            }
        }
        if fc.rows > 0 {
            self.send(ft, fc.finish(&ft.full, &out.vocab));
        }
        let mut hc = HandleCols::default();
        for (i, h) in defs.handles.iter().enumerate() {
            hc.push(
                self.proc,
                &HandleRow {
                    handle: i as u32,
                    name: &h.name,
                    file: h
                        .file
                        .and_then(|f| defs.files.get(f as usize))
                        .map(|d| d.name.as_str()),
                    layer: Layer::ALL
                        .get(h.paradigm as usize)
                        .copied()
                        .unwrap_or(Layer::Posix),
                    parent: h.parent,
                    comm: h.comm,
                    comm_size: h
                        .comm
                        .and_then(|c| defs.comms.get(c as usize))
                        .map(|m| m.len() as u32),
                    flags: h.flags,
                },
            );
            if hc.rows >= BATCH {
                self.send(ht, hc.finish(&ht.full, &out.vocab));
            }
        }
        if hc.rows > 0 {
            self.send(ht, hc.finish(&ht.full, &out.vocab));
        }
        let big = self.calls.big + self.ops.big + self.extents.big + fc.big;
        out.big.fetch_add(big, Ordering::Relaxed);
        match self.err.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// A file id with its path, when known.
fn file_at(names: &[String], f: Option<u32>) -> Option<(u32, &str)> {
    let f = f?;
    Some((f, names.get(f as usize)?.as_str()))
}

impl Consumer for Exporter<'_> {
    fn call(&mut self, c: &Call, r: &Record) {
        if self.err.is_some() {
            return;
        }
        let fields = r.fields();
        let args = &fields[..fields.len().saturating_sub(1)];
        io_text::write_args(&mut self.calls.args_text, self.p, r);
        let f = match c.touched {
            Some((f, _)) => Some(f),
            None => self
                .op_file
                .get(c.thread)
                .filter(|x| x.0 == c.id)
                .and_then(|x| x.1),
        };
        let file = file_at(&self.names, f);
        let row = CallRow {
            thread: c.thread as u32,
            id: c.id,
            func: c.func,
            layer: c.layer,
            role: c.role,
            t0: c.t0,
            t1: c.t1,
            self_ns: c.self_ns,
            depth: c.depth,
            parent: c.parent,
            root: c.root,
            root_func: c.root_func,
            failed: c.failed,
            errno: r.errno,
            file,
            args,
            ret: r.ret(),
            site: c.site,
        };
        self.calls.push(self.proc, &row);
        if c.id == c.root && c.site != NO_SITE {
            let i = c.site as usize;
            if self.site_calls.len() <= i {
                self.site_calls.resize(i + 1, 0);
            }
            self.site_calls[i] += 1;
        }
        if let Some((f, l)) = c.touched {
            self.acc(Some(f), l).meta_ns += c.t1.saturating_sub(c.t0);
        }
        if self.full(self.calls.rows, &self.calls.site) {
            self.flush_calls();
        }
    }

    fn op(&mut self, o: &Op) {
        if self.err.is_some() {
            return;
        }
        let known = |id: u64, f: u16| (id != u64::MAX).then_some((id, f));
        let row = OpRow {
            thread: o.thread as u32,
            id: o.id,
            layer: o.layer,
            file: file_at(&self.names, o.file),
            handle: o.handle,
            mode: o.mode,
            collective: o.flags.contains(OpFlags::COLLECTIVE),
            non_blocking: o.flags.contains(OpFlags::NON_BLOCKING),
            t0: o.t0,
            t1: o.t1,
            bytes_requested: o.bytes_requested,
            bytes_done: o.bytes_done,
            offset: o.offset,
            cancelled: o.cancelled,
            call: known(o.call, o.call_func),
            root: known(o.root, o.root_func),
            site: o.site,
        };
        self.ops.push(self.proc, &row);
        if !row.non_blocking && o.call != u64::MAX {
            if self.op_file.len() <= o.thread {
                self.op_file.resize(o.thread + 1, (u64::MAX, None));
            }
            self.op_file[o.thread] = (o.call, o.file);
        }
        let end = match (o.offset, o.mode, o.cancelled) {
            (Some(off), OpMode::Read | OpMode::Write, false) => Some(self.push_extents(o, off)),
            _ => None,
        };
        let a = self.acc(o.file, o.layer);
        a.seen(o.t0, o.t1);
        if o.cancelled {
            a.cancelled_ops += 1;
        } else {
            a.io_ns += o.t1.saturating_sub(o.t0);
            let b = o.bytes_done;
            match o.mode {
                io_model::kinds::OpMode::Read => {
                    a.read_ops += 1;
                    a.read_bytes = a.read_bytes.saturating_add(b);
                }
                io_model::kinds::OpMode::Write => {
                    a.write_ops += 1;
                    a.write_bytes = a.write_bytes.saturating_add(b);
                }
                io_model::kinds::OpMode::Flush => a.flush_ops += 1,
            }
            if let Some(end) = end {
                a.extent = a.extent.max(end);
            }
        }
        if self.full(self.ops.rows, &self.ops.site) {
            self.flush_ops();
        }
    }

    fn view(&mut self, id: u32, v: &FileView) {
        let i = id as usize;
        if self.views.len() <= i {
            self.views.resize(i + 1, None);
        }
        self.views[i] = Some(v.clone());
    }

    fn meta(&mut self, _thread: usize, _kind: MetaKind, file: Option<FileAt>, t: u64) {
        if let Some((f, l)) = file {
            let a = self.acc(Some(f), l);
            a.meta_ops += 1;
            a.seen(t, t);
        }
    }
}

/// The sink given to the interpreter: the resolver, plus a copy of new file names before
/// every event that may name a file (the consumer has no access to the definitions), and
/// the stop on the first error (this process's or another's).
struct Tap<'a> {
    res: Resolver<Exporter<'a>>,
}

impl Tap<'_> {
    fn sync(&mut self, defs: &GlobalDefs) {
        let names = &mut self.res.consumer.names;
        while let Some(f) = defs.files.get(names.len()) {
            names.push(f.name.clone());
        }
        self.res.consumer.sync_sites(defs);
    }
    fn check(&mut self) -> Res {
        let c = &mut self.res.consumer;
        if let Some(e) = c.err.take() {
            // The first error goes to the output, which stops every worker.
            c.out.fail(e);
        }
        if c.out.stop.load(Ordering::Relaxed) {
            return Err(Error::Stopped.into());
        }
        Ok(())
    }
}

impl Sink for Tap<'_> {
    fn thread(&mut self, index: usize) {
        self.res.thread(index)
    }
    fn enter(&mut self, t: u64, region: u32, r: &Record) -> Res {
        self.res.enter(t, region, r)
    }
    fn leave(&mut self, t: u64, region: u32, r: &Record) -> Res {
        self.res.leave(t, region, r)?;
        self.check()
    }
    fn attr_string(&mut self, attr: u32, string: u32) -> Res {
        self.res.attr_string(attr, string)
    }
    fn attr_u32(&mut self, attr: u32, value: u32) -> Res {
        self.res.attr_u32(attr, value)
    }
    fn create_handle(
        &mut self,
        defs: &GlobalDefs,
        t: u64,
        handle: u32,
        mode: AccessMode,
        creation: CreationFlags,
        status: StatusFlags,
    ) -> Res {
        self.sync(defs);
        self.res
            .create_handle(defs, t, handle, mode, creation, status)
    }
    fn destroy_handle(&mut self, defs: &GlobalDefs, t: u64, handle: u32) -> Res {
        self.sync(defs);
        self.res.destroy_handle(defs, t, handle)
    }
    fn duplicate_handle(
        &mut self,
        defs: &GlobalDefs,
        t: u64,
        old: u32,
        new: u32,
        status: StatusFlags,
    ) -> Res {
        self.sync(defs);
        self.res.duplicate_handle(defs, t, old, new, status)
    }
    fn change_status_flags(
        &mut self,
        defs: &GlobalDefs,
        t: u64,
        handle: u32,
        status: StatusFlags,
    ) -> Res {
        self.sync(defs);
        self.res.change_status_flags(defs, t, handle, status)
    }
    fn delete_file(&mut self, defs: &GlobalDefs, t: u64, paradigm: u8, file: u32) -> Res {
        self.sync(defs);
        self.res.delete_file(defs, t, paradigm, file)
    }
    fn path_meta(&mut self, defs: &GlobalDefs, t: u64, paradigm: u8, file: u32) -> Res {
        self.sync(defs);
        self.res.path_meta(defs, t, paradigm, file)
    }
    fn mpi_sync(&mut self, defs: &GlobalDefs, sync: io_model::mpi::MpiSync) -> Res {
        self.sync(defs);
        self.res.mpi_sync(defs, sync)
    }
    fn seek(
        &mut self,
        defs: &GlobalDefs,
        t: u64,
        handle: u32,
        offset: i64,
        whence: Whence,
        result: u64,
    ) -> Res {
        self.sync(defs);
        self.res.seek(defs, t, handle, offset, whence, result)
    }
    fn op_begin(&mut self, defs: &GlobalDefs, t: u64, op: OpBegin) -> Res {
        self.sync(defs);
        self.res.op_begin(defs, t, op)
    }
    fn op_issued(&mut self, defs: &GlobalDefs, t: u64, handle: u32, id: u64) -> Res {
        self.res.op_issued(defs, t, handle, id)
    }
    fn op_test(&mut self, defs: &GlobalDefs, t: u64, handle: u32, id: u64) -> Res {
        self.res.op_test(defs, t, handle, id)
    }
    fn op_complete(&mut self, defs: &GlobalDefs, t: u64, handle: u32, bytes: u64, id: u64) -> Res {
        self.sync(defs);
        self.res.op_complete(defs, t, handle, bytes, id)?;
        self.check()
    }
    fn op_cancelled(&mut self, defs: &GlobalDefs, t: u64, handle: u32, id: u64) -> Res {
        self.sync(defs);
        self.res.op_cancelled(defs, t, handle, id)?;
        self.check()
    }
    fn lock(&mut self, defs: &GlobalDefs, t: u64, handle: u32, op: LockOp, ty: LockType) -> Res {
        self.sync(defs);
        self.res.lock(defs, t, handle, op, ty)
    }
    fn site(&mut self, defs: &GlobalDefs, site: u32) {
        // The site's export id before any row of its calls.
        self.sync(defs);
        self.res.site(defs, site)
    }
}

/// Interpret process `pi` into its partition's tables (`slot`). Batches are encoded by a
/// thread of the process's own (the interpretation goes on meanwhile; a single-process trace
/// uses two cores), in order, at most [`QUEUE`] waiting.
fn one(
    trace: &Trace,
    plan: &Plan,
    pi: usize,
    slot: usize,
    out: &Output,
    sites: &SiteTable,
    progress: &Progress,
) -> Result<Stats, Error> {
    let set = out.acquire(slot)?;
    let stats = std::thread::scope(|s| {
        let (tx, rx) = sync_channel::<(&Table, RecordBatch)>(QUEUE);
        std::thread::Builder::new()
            .name("encode".into())
            .spawn_scoped(s, move || {
                for (t, b) in rx {
                    if out.stop.load(Ordering::Relaxed) {
                        break;
                    }
                    if let Err(e) = t.write(b) {
                        out.fail(e);
                        break;
                    }
                }
            })
            .map_err(Error::Encoder)?;
        interpret_one(trace, plan, pi, (out, &set, sites), tx, progress)
    })?;
    out.release(slot)?;
    Ok(stats)
}

/// The process columns of process `pi`.
fn proc_cols<'a>(plan: &Plan, pi: usize, p: &'a ProcessTrace) -> ProcCols<'a> {
    ProcCols {
        process: pi as u32,
        rank: plan.rank(pi, p),
        job: plan.rank(pi, p).and(plan.job_number(pi)),
        pid: p.meta.pid,
        host: &p.meta.host,
    }
}

fn interpret_one<'a>(
    trace: &'a Trace,
    plan: &Plan,
    pi: usize,
    (out, set, sites): (&'a Output, &'a Set, &'a SiteTable),
    enc: SyncSender<(&'a Table, RecordBatch)>,
    progress: &Progress,
) -> Result<Stats, Error> {
    let p = &trace.processes[pi];
    let exp = Exporter {
        out,
        set,
        enc,
        p,
        proc: proc_cols(plan, pi, p),
        names: Vec::new(),
        calls: CallCols::default(),
        ops: OpCols::default(),
        extents: ExtentCols::default(),
        views: Vec::new(),
        files: hashbrown::HashMap::new(),
        op_file: Vec::new(),
        sites,
        site_ids: Vec::new(),
        site_calls: Vec::new(),
        unnamed: 0,
        err: None,
    };
    let mut defs = GlobalDefs::new("export");
    let mut tap = Tap {
        res: Resolver::new(exp),
    };
    let mut stats = Stats::default();
    let r = interpret(
        p,
        pi,
        plan,
        &mut defs,
        &mut tap,
        &mut stats,
        &mut progress.process(),
    );
    if let Err(e) = r {
        // A write error stopped the interpretation: report it, not the stop.
        return Err(tap.res.consumer.err.take().unwrap_or_else(|| e.into()));
    }
    tap.sync(&defs);
    let unfinished = tap.res.finish();
    stats
        .warnings
        .extend(tap.res.clamp_warnings(&trace.processes[pi].dir.dir));
    if unfinished > 0 {
        stats.warnings.push(format!(
            "process {pi}: {unfinished} operations were never completed (exported as cancelled)"
        ));
    }
    tap.res.consumer.finish(&defs)?;
    let unnamed = tap.res.consumer.unnamed;
    if unnamed > 0 {
        stats.warnings.push(format!(
            "process {pi}: {unnamed} calls and operations written without their call_site \
             (their site's definition came after {SITE_WAIT} rows)"
        ));
    }
    Ok(stats)
}

/// The key-value metadata every file carries (besides its table name and column units):
/// the schema version, the trace, the clock resolution and the job description.
fn file_metadata(trace: &Trace, layout: &PartitionBy) -> Result<Vec<KeyValue>, Error> {
    let job = io_model::job::JobDescription::of(trace);
    let job = serde_json::to_string(&job).map_err(Error::Json)?;
    let trace_path = std::fs::canonicalize(&trace.dir).unwrap_or_else(|_| trace.dir.clone());
    // The coarsest of the processes' requested resolutions (they are usually all equal).
    let resolution = (trace.processes.iter())
        .map(|p| p.meta.time_resolution_ns)
        .max()
        .unwrap_or(0);
    let kv = |k: &str, v: String| KeyValue::new(format!("recorder_otf2.{k}"), v);
    let mut meta = vec![
        kv("schema_version", SCHEMA_VERSION.to_string()),
        kv("trace", trace_path.display().to_string()),
        kv("clock_resolution_ns", resolution.to_string()),
        kv("job", job),
    ];
    if !layout.is_flat() {
        meta.push(kv("partition_by", layout.to_string()));
    }
    Ok(meta)
}

/// What an export writes besides the trace: where, whether it replaces files, the layout.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub force: bool,
    pub partition_by: PartitionBy,
}

/// Export `trace` into `dir` as five flat files; returns a one-line account.
pub fn parquet(
    trace: &Trace,
    dir: &Path,
    force: bool,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<String, Error> {
    let options = Options {
        force,
        partition_by: PartitionBy::default(),
    };
    export(trace, dir, &options, progress)
}

/// Export `trace` into `dir` (flat or partitioned); returns a one-line account of what was
/// written.
pub fn export(
    trace: &Trace,
    dir: &Path,
    options: &Options,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<String, Error> {
    let plan = Plan::new(trace);
    let layout = options.partition_by.clone();
    // The job's number from 1 even with a single job (the column's null there), for every
    // process of a job, rank or not.
    let folders: Vec<String> = (trace.processes.iter().enumerate())
        .map(|(pi, p)| {
            let job = plan.job_of.get(pi).copied().flatten().map(|j| j + 1);
            layout.folder(job, plan.rank(pi, p))
        })
        .collect();
    let meta = file_metadata(trace, &layout)?;
    let (out, slot_of) = Output::create(dir, options.force, layout, &folders, meta)?;
    let progress = Progress::new(progress);
    let sites = SiteTable::default();
    // One worker per core. Every process's error goes to `out` (the first is kept, and it
    // stops the others) rather than ending the loop, so that every encoder is joined.
    let pool = match driver::pool(0) {
        Ok(p) => p,
        Err(e) => {
            out.abort();
            return Err(Error::Workers(e));
        }
    };
    let each = driver::map(&pool, &plan.order, |&pi| -> Result<_, Error> {
        if out.stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        Ok(one(trace, &plan, pi, slot_of[pi], &out, &sites, &progress)
            .map_err(|e| out.fail(e))
            .ok())
    });
    let each = match each {
        Ok(e) => e,
        Err(e) => {
            out.abort();
            return Err(e);
        }
    };
    let mut stats = Stats::default();
    for s in each.into_iter().flatten() {
        stats.merge(s);
    }
    let failed = out.error.lock().unwrap_or_else(|p| p.into_inner()).take();
    if let Some(e) = failed {
        out.abort();
        return Err(e);
    }
    let note = sites.unresolved_note();
    if let Err(e) = write_sites(&out, &sites, note.as_deref()).and_then(|_| out.commit()) {
        out.abort();
        return Err(e);
    }
    for w in &stats.warnings {
        eprintln!("recorder-otf2: warning: {w}");
    }
    let big = out.big.load(Ordering::Relaxed);
    if big > 0 {
        eprintln!(
            "recorder-otf2: warning: {big} values above 2^63-1 (times, bytes, offsets or ids \
             of a damaged trace) written as 2^63-1"
        );
    }
    let n = |t: usize| out.rows[t].load(Ordering::Relaxed);
    Ok(format!(
        "{} calls, {} operations, {} extents, {} files, {} handles written to {}{}",
        n(CALLS),
        n(OPS),
        n(EXTENTS),
        n(FILES_T),
        n(HANDLES),
        dir.display(),
        out.partitions()
    ))
}

/// call_sites.parquet, under its temporary name until the commit (its metadata says what
/// could not be resolved, as the export's warning does).
fn write_sites(out: &Output, sites: &SiteTable, note: Option<&str>) -> Result<(), Error> {
    let mut big = 0;
    let batch = sites.batch(&mut big);
    out.big.fetch_add(big, Ordering::Relaxed);
    let path = out.sites_path();
    let batch = batch.map_err(|source| Error::Arrow { path, source })?;
    out.write_sites(batch, note)
}
