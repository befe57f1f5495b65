//! The five tables of the Parquet export: their Arrow schemas and the column builders that
//! fill one record batch at a time. The schema is documented in docs/analysis.md
//! ("Parquet export"); keep the two in step.

use arrow_array::builder::{
    BooleanBuilder, Int16Builder, Int32Builder, Int64Builder, Int8Builder, ListBuilder,
    StringBuilder,
};
use arrow_array::types::{
    ArrowDictionaryKeyType, DurationNanosecondType, Int32Type, TimestampNanosecondType,
};
use arrow_array::{ArrayRef, DictionaryArray, PrimitiveArray, RecordBatch, StringArray};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef, TimeUnit};
use hashbrown::HashMap;
use io_events::functions::{Layer, Role, FUNCTIONS};
use io_model::kinds::OpMode;
use io_model::sink::NO_SITE;
use parquet::basic::Encoding;
use std::sync::Arc;

/// Rows per record batch (and per row group): what a process holds per table at most.
pub const BATCH: usize = 64 * 1024;

/// A dictionary column of strings. Its keys are signed (Int8, Int16, Int32): pandas
/// (1.5 at least) refuses unsigned dictionary indices.
fn dict(key: DataType) -> DataType {
    DataType::Dictionary(Box::new(key), Box::new(DataType::Utf8))
}

/// A time: ns since the Unix epoch on the trace's common time line (the model's aligned
/// times are wall-clock times, see `io_model::clock`), as Parquet TIMESTAMP(NANOS, UTC).
pub fn time() -> DataType {
    DataType::Timestamp(TimeUnit::Nanosecond, Some("UTC".into()))
}

/// A duration in ns: Arrow's Duration, stored as a plain INT64 (Parquet has no duration
/// type; engines that do not read the Arrow schema see int64, the unit is in the metadata).
pub fn span() -> DataType {
    DataType::Duration(TimeUnit::Nanosecond)
}

/// A value as the tables' Int64. Values above i64::MAX (only a damaged trace has times past
/// the year 2262, bytes or offsets past 8 EiB) are written as i64::MAX and counted in
/// `big`, which the export reports once: never wrapped to a negative number.
pub fn fit(v: u64, big: &mut u64) -> i64 {
    i64::try_from(v).unwrap_or_else(|_| {
        *big += 1;
        i64::MAX
    })
}

/// Columns counting bytes (or a byte position), by name.
const BYTES: [&str; 7] = [
    "bytes_requested",
    "bytes_done",
    "file_offset",
    "length",
    "read_bytes",
    "write_bytes",
    "extent",
];

/// The units of a table's numeric columns as JSON (`{"start_ns": "ns since the Unix epoch,
/// UTC", "bytes_done": "bytes", ...}`), for the files' key-value metadata: engines that do
/// not read the Arrow schema see durations as plain int64.
pub fn units_json(schema: &Schema) -> String {
    let mut out = Vec::new();
    for f in schema.fields() {
        let unit = match f.data_type() {
            DataType::Timestamp(..) => "ns since the Unix epoch, UTC",
            DataType::Duration(_) => "ns",
            _ if BYTES.contains(&f.name().as_str()) => "bytes",
            _ => continue,
        };
        out.push(format!("\"{}\":\"{unit}\"", f.name()));
    }
    format!("{{{}}}", out.join(","))
}

/// An Int64 column of times as TIMESTAMP(NANOS, UTC).
fn times(b: &mut Int64Builder) -> ArrayRef {
    let a = b.finish().reinterpret_cast::<TimestampNanosecondType>();
    Arc::new(a.with_timezone("UTC"))
}

/// An Int64 column of durations as Duration(ns).
fn spans(b: &mut Int64Builder) -> ArrayRef {
    Arc::new(b.finish().reinterpret_cast::<DurationNanosecondType>())
}

fn f(name: &str, ty: DataType, nullable: bool) -> Field {
    Field::new(name, ty, nullable)
}

pub fn role_name(r: Role) -> &'static str {
    match r {
        Role::Data => "data",
        Role::Meta => "metadata",
        Role::Func => "function",
        Role::Barrier => "barrier",
        Role::Coll => "collective",
        Role::Event => "event",
    }
}

const ROLES: [Role; 6] = [
    Role::Data,
    Role::Meta,
    Role::Func,
    Role::Barrier,
    Role::Coll,
    Role::Event,
];

fn role_key(r: Role) -> i8 {
    ROLES.iter().position(|&x| x == r).unwrap_or(0) as i8
}

pub fn layer_key(l: Layer) -> i8 {
    Layer::ALL.iter().position(|&x| x == l).unwrap_or(0) as i8
}

// The keys fit their signed types.
const _: () = assert!(Layer::ALL.len() <= i8::MAX as usize && FUNCTIONS.len() <= i16::MAX as usize);

/// A function id as its dictionary key (every id fits, see above).
fn func_key(f: u16) -> i16 {
    f as i16
}

fn mode_key(m: OpMode) -> i8 {
    match m {
        OpMode::Read => 0,
        OpMode::Write => 1,
        OpMode::Flush => 2,
    }
}

/// The fixed vocabularies (function, layer, role and mode names): every batch's dictionary
/// columns share these values; the keys are the ids.
pub struct Vocab {
    funcs: ArrayRef,
    layers: ArrayRef,
    roles: ArrayRef,
    modes: ArrayRef,
}

impl Vocab {
    pub fn new() -> Vocab {
        let s = |v: Vec<&str>| Arc::new(StringArray::from(v)) as ArrayRef;
        Vocab {
            funcs: s(FUNCTIONS.iter().map(|f| f.display).collect()),
            layers: s(Layer::ALL.iter().map(|l| l.identification()).collect()),
            roles: s(ROLES.iter().map(|&r| role_name(r)).collect()),
            modes: s(vec!["read", "write", "flush"]),
        }
    }
}

impl Default for Vocab {
    fn default() -> Self {
        Self::new()
    }
}

fn keyed<K: ArrowDictionaryKeyType>(
    keys: PrimitiveArray<K>,
    values: &ArrayRef,
) -> Result<ArrayRef, ArrowError> {
    Ok(Arc::new(DictionaryArray::<K>::try_new(
        keys,
        values.clone(),
    )?))
}

/// A string column of few distinct values given by id (file paths, the host): the batch's
/// dictionary holds the values used in it.
#[derive(Default)]
pub struct LocalDict {
    /// The last id and its key (rows of one file come in runs).
    last: Option<(u32, i32)>,
    slot: HashMap<u32, i32>,
    values: StringBuilder,
    keys: Int32Builder,
}

impl LocalDict {
    pub fn append(&mut self, id: u32, name: &str) {
        if let Some((l, k)) = self.last {
            if l == id {
                self.keys.append_value(k);
                return;
            }
        }
        let n = self.slot.len() as i32;
        let k = *self.slot.entry(id).or_insert(n);
        if k == n {
            self.values.append_value(name);
        }
        self.last = Some((id, k));
        self.keys.append_value(k);
    }
    pub fn append_null(&mut self) {
        self.keys.append_null();
    }
    fn finish(&mut self) -> Result<ArrayRef, ArrowError> {
        self.slot.clear();
        self.last = None;
        let values = Arc::new(self.values.finish()) as ArrayRef;
        keyed::<Int32Type>(self.keys.finish(), &values)
    }
}

/// Column encodings that differ from the Parquet defaults (dictionary, then plain), without
/// a dictionary: ids, times and offsets grow steadily and the process, thread, depth ...
/// rarely change, so deltas store them in a few bits per row, cheaper to encode than
/// dictionaries (which would fill up with times and be dropped anyway); argument texts
/// mostly share their start with the previous row's. Durations keep a dictionary (few
/// distinct values, in no order), argument values are plain (zstd does better on them than
/// deltas of interleaved values).
pub fn encodings(table: &str) -> &'static [(&'static str, Encoding)] {
    use Encoding::{DELTA_BINARY_PACKED as D, DELTA_BYTE_ARRAY as B, PLAIN as P};
    match table {
        "calls.parquet" => &[
            ("process", D),
            ("rank", D),
            ("job", D),
            ("pid", D),
            ("thread", D),
            ("call_id", D),
            ("start_ns", D),
            ("end_ns", D),
            ("depth", D),
            ("parent_id", D),
            ("root_id", D),
            ("errno", D),
            ("args.list.item", P),
            ("ret", D),
            ("args_text", B),
        ],
        "operations.parquet" => &[
            ("process", D),
            ("rank", D),
            ("job", D),
            ("thread", D),
            ("op_id", D),
            ("handle", D),
            ("start_ns", D),
            ("end_ns", D),
            ("bytes_requested", D),
            ("bytes_done", D),
            ("file_offset", D),
            ("call_id", D),
            ("root_id", D),
        ],
        "extents.parquet" => &[
            ("process", D),
            ("rank", D),
            ("job", D),
            ("op_id", D),
            ("file_offset", D),
            ("length", D),
        ],
        _ => &[],
    }
}

pub fn calls_schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        f("process", DataType::Int64, false),
        f("rank", DataType::Int64, true),
        f("job", DataType::Int64, true),
        f("pid", DataType::Int64, false),
        f("host", dict(DataType::Int32), false),
        f("thread", DataType::Int64, false),
        f("call_id", DataType::Int64, false),
        f("function", dict(DataType::Int16), false),
        f("layer", dict(DataType::Int8), false),
        f("role", dict(DataType::Int8), false),
        f("start_ns", time(), false),
        f("end_ns", time(), false),
        f("duration_ns", span(), false),
        f("self_ns", span(), false),
        f("depth", DataType::Int64, false),
        f("parent_id", DataType::Int64, true),
        f("root_id", DataType::Int64, false),
        f("root_function", dict(DataType::Int16), false),
        f("failed", DataType::Boolean, false),
        f("errno", DataType::Int64, false),
        f("file", dict(DataType::Int32), true),
        f(
            "args",
            DataType::List(Arc::new(Field::new_list_field(DataType::Int64, true))),
            false,
        ),
        f("ret", DataType::Int64, false),
        f("args_text", DataType::Utf8, false),
        f("call_site", DataType::Int32, true),
    ]))
}

/// The process columns every table starts with.
#[derive(Clone, Copy)]
pub struct ProcCols<'a> {
    pub process: u32,
    pub rank: Option<u32>,
    /// The job's number (from 1) when the trace holds several jobs, as `summary` says.
    pub job: Option<u32>,
    pub pid: u32,
    pub host: &'a str,
}

/// One traced call, as the export writes it.
pub struct CallRow<'r> {
    pub thread: u32,
    pub id: u64,
    pub func: u16,
    pub layer: Layer,
    pub role: Role,
    pub t0: u64,
    pub t1: u64,
    pub self_ns: u64,
    pub depth: u32,
    pub parent: Option<u64>,
    pub root: u64,
    pub root_func: u16,
    pub failed: bool,
    pub errno: u32,
    /// (file id, path) of the file the call opened, closed ... (`Call::touched`).
    pub file: Option<(u32, &'r str)>,
    pub args: &'r [u64],
    pub ret: u64,
    /// The process's call site id (`Call::site`; NO_SITE when none).
    pub site: u32,
}

#[derive(Default)]
pub struct CallCols {
    pub rows: usize,
    /// Values above i64::MAX written as i64::MAX (see [`fit`]).
    pub big: u64,
    process: Int64Builder,
    rank: Int64Builder,
    job: Int64Builder,
    pid: Int64Builder,
    host: LocalDict,
    thread: Int64Builder,
    id: Int64Builder,
    func: Int16Builder,
    layer: Int8Builder,
    role: Int8Builder,
    t0: Int64Builder,
    t1: Int64Builder,
    dur: Int64Builder,
    self_ns: Int64Builder,
    depth: Int64Builder,
    parent: Int64Builder,
    root: Int64Builder,
    root_func: Int16Builder,
    failed: BooleanBuilder,
    errno: Int64Builder,
    file: LocalDict,
    args: ListBuilder<Int64Builder>,
    ret: Int64Builder,
    /// Written to by the caller (`std::fmt::Write`) before [`CallCols::push`].
    pub args_text: StringBuilder,
    pub site: SiteCol,
}

impl CallCols {
    /// Add a row; the call's `args_text` must have been written into `self.args_text`.
    pub fn push(&mut self, p: ProcCols, c: &CallRow) {
        self.rows += 1;
        self.process.append_value(p.process.into());
        self.rank.append_option(p.rank.map(i64::from));
        self.job.append_option(p.job.map(i64::from));
        self.pid.append_value(p.pid.into());
        self.host.append(0, p.host);
        self.thread.append_value(c.thread.into());
        self.id.append_value(fit(c.id, &mut self.big));
        self.func.append_value(func_key(c.func));
        self.layer.append_value(layer_key(c.layer));
        self.role.append_value(role_key(c.role));
        self.t0.append_value(fit(c.t0, &mut self.big));
        self.t1.append_value(fit(c.t1, &mut self.big));
        self.dur
            .append_value(fit(c.t1.saturating_sub(c.t0), &mut self.big));
        self.self_ns.append_value(fit(c.self_ns, &mut self.big));
        self.depth.append_value(c.depth.into());
        self.parent
            .append_option(c.parent.map(|v| fit(v, &mut self.big)));
        self.root.append_value(fit(c.root, &mut self.big));
        self.root_func.append_value(func_key(c.root_func));
        self.failed.append_value(c.failed);
        self.errno.append_value(c.errno.into());
        match c.file {
            Some((id, path)) => self.file.append(id, path),
            None => self.file.append_null(),
        }
        // Raw 64-bit values, reinterpreted as signed as `ret` is (documented): -1 stays -1.
        for &a in c.args {
            self.args.values().append_value(a as i64);
        }
        self.args.append(true);
        self.ret.append_value(c.ret as i64);
        self.args_text.append_value("");
        self.site.push(c.site);
    }

    /// The batch; `ids` are the export's ids of the process's sites (see [`SiteCol`]).
    pub fn finish(
        &mut self,
        schema: &SchemaRef,
        v: &Vocab,
        ids: &[i32],
        unnamed: &mut u64,
    ) -> Result<RecordBatch, ArrowError> {
        self.rows = 0;
        let cols: Vec<ArrayRef> = vec![
            Arc::new(self.process.finish()),
            Arc::new(self.rank.finish()),
            Arc::new(self.job.finish()),
            Arc::new(self.pid.finish()),
            self.host.finish()?,
            Arc::new(self.thread.finish()),
            Arc::new(self.id.finish()),
            keyed(self.func.finish(), &v.funcs)?,
            keyed(self.layer.finish(), &v.layers)?,
            keyed(self.role.finish(), &v.roles)?,
            times(&mut self.t0),
            times(&mut self.t1),
            spans(&mut self.dur),
            spans(&mut self.self_ns),
            Arc::new(self.depth.finish()),
            Arc::new(self.parent.finish()),
            Arc::new(self.root.finish()),
            keyed(self.root_func.finish(), &v.funcs)?,
            Arc::new(self.failed.finish()),
            Arc::new(self.errno.finish()),
            self.file.finish()?,
            Arc::new(self.args.finish()),
            Arc::new(self.ret.finish()),
            Arc::new(self.args_text.finish()),
            self.site.finish(ids, unnamed),
        ];
        RecordBatch::try_new(schema.clone(), cols)
    }
}

pub fn ops_schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        f("process", DataType::Int64, false),
        f("rank", DataType::Int64, true),
        f("job", DataType::Int64, true),
        f("thread", DataType::Int64, false),
        f("op_id", DataType::Int64, false),
        f("layer", dict(DataType::Int8), false),
        f("file", dict(DataType::Int32), true),
        f("handle", DataType::Int64, false),
        f("mode", dict(DataType::Int8), false),
        f("collective", DataType::Boolean, false),
        f("non_blocking", DataType::Boolean, false),
        f("start_ns", time(), false),
        f("end_ns", time(), false),
        f("duration_ns", span(), false),
        f("bytes_requested", DataType::Int64, false),
        f("bytes_done", DataType::Int64, false),
        f("file_offset", DataType::Int64, true),
        f("cancelled", DataType::Boolean, false),
        f("call_id", DataType::Int64, true),
        f("call_function", dict(DataType::Int16), true),
        f("root_id", DataType::Int64, true),
        f("root_function", dict(DataType::Int16), true),
        f("call_site", DataType::Int32, true),
    ]))
}

/// One operation, as the export writes it.
pub struct OpRow<'r> {
    pub thread: u32,
    pub id: u64,
    pub layer: Layer,
    pub file: Option<(u32, &'r str)>,
    pub handle: u32,
    pub mode: OpMode,
    pub collective: bool,
    pub non_blocking: bool,
    pub t0: u64,
    pub t1: u64,
    pub bytes_requested: u64,
    pub bytes_done: u64,
    pub offset: Option<u64>,
    pub cancelled: bool,
    /// (call id, function) of the call that began it and of the outermost call above.
    pub call: Option<(u64, u16)>,
    pub root: Option<(u64, u16)>,
    /// The process's call site id of the outermost call above (`Op::site`).
    pub site: u32,
}

#[derive(Default)]
pub struct OpCols {
    pub rows: usize,
    /// Values above i64::MAX written as i64::MAX (see [`fit`]).
    pub big: u64,
    process: Int64Builder,
    rank: Int64Builder,
    job: Int64Builder,
    thread: Int64Builder,
    id: Int64Builder,
    layer: Int8Builder,
    file: LocalDict,
    handle: Int64Builder,
    mode: Int8Builder,
    collective: BooleanBuilder,
    non_blocking: BooleanBuilder,
    t0: Int64Builder,
    t1: Int64Builder,
    dur: Int64Builder,
    req: Int64Builder,
    done: Int64Builder,
    offset: Int64Builder,
    cancelled: BooleanBuilder,
    call: Int64Builder,
    call_func: Int16Builder,
    root: Int64Builder,
    root_func: Int16Builder,
    pub site: SiteCol,
}

impl OpCols {
    pub fn push(&mut self, p: ProcCols, o: &OpRow) {
        self.rows += 1;
        self.process.append_value(p.process.into());
        self.rank.append_option(p.rank.map(i64::from));
        self.job.append_option(p.job.map(i64::from));
        self.thread.append_value(o.thread.into());
        self.id.append_value(fit(o.id, &mut self.big));
        self.layer.append_value(layer_key(o.layer));
        match o.file {
            Some((id, path)) => self.file.append(id, path),
            None => self.file.append_null(),
        }
        self.handle.append_value(o.handle.into());
        self.mode.append_value(mode_key(o.mode));
        self.collective.append_value(o.collective);
        self.non_blocking.append_value(o.non_blocking);
        self.t0.append_value(fit(o.t0, &mut self.big));
        self.t1.append_value(fit(o.t1, &mut self.big));
        self.dur
            .append_value(fit(o.t1.saturating_sub(o.t0), &mut self.big));
        self.req.append_value(fit(o.bytes_requested, &mut self.big));
        self.done.append_value(fit(o.bytes_done, &mut self.big));
        self.offset
            .append_option(o.offset.map(|v| fit(v, &mut self.big)));
        self.cancelled.append_value(o.cancelled);
        self.call
            .append_option(o.call.map(|c| fit(c.0, &mut self.big)));
        self.call_func.append_option(o.call.map(|c| func_key(c.1)));
        self.root
            .append_option(o.root.map(|c| fit(c.0, &mut self.big)));
        self.root_func.append_option(o.root.map(|c| func_key(c.1)));
        self.site.push(o.site);
    }

    /// The batch; `ids` are the export's ids of the process's sites (see [`SiteCol`]).
    pub fn finish(
        &mut self,
        schema: &SchemaRef,
        v: &Vocab,
        ids: &[i32],
        unnamed: &mut u64,
    ) -> Result<RecordBatch, ArrowError> {
        self.rows = 0;
        let cols: Vec<ArrayRef> = vec![
            Arc::new(self.process.finish()),
            Arc::new(self.rank.finish()),
            Arc::new(self.job.finish()),
            Arc::new(self.thread.finish()),
            Arc::new(self.id.finish()),
            keyed(self.layer.finish(), &v.layers)?,
            self.file.finish()?,
            Arc::new(self.handle.finish()),
            keyed(self.mode.finish(), &v.modes)?,
            Arc::new(self.collective.finish()),
            Arc::new(self.non_blocking.finish()),
            times(&mut self.t0),
            times(&mut self.t1),
            spans(&mut self.dur),
            Arc::new(self.req.finish()),
            Arc::new(self.done.finish()),
            Arc::new(self.offset.finish()),
            Arc::new(self.cancelled.finish()),
            Arc::new(self.call.finish()),
            keyed(self.call_func.finish(), &v.funcs)?,
            Arc::new(self.root.finish()),
            keyed(self.root_func.finish(), &v.funcs)?,
            self.site.finish(ids, unnamed),
        ];
        RecordBatch::try_new(schema.clone(), cols)
    }
}

/// The `call_site` column of calls and operations. Rows hold the process's own site ids
/// until the batch is finished, when they become the export's trace-wide ids: a new site's
/// definition reaches the export only with the next event that carries the definitions,
/// which may come after the site's first calls.
#[derive(Default)]
pub struct SiteCol {
    locals: Vec<u32>,
    /// The largest site id in the batch.
    max: Option<u32>,
}

impl SiteCol {
    pub fn push(&mut self, site: u32) {
        self.locals.push(site);
        if site != NO_SITE {
            self.max = Some(self.max.map_or(site, |m| m.max(site)));
        }
    }

    /// Whether every site of the batch has an export id (`known`: how many sites do).
    pub fn ready(&self, known: usize) -> bool {
        self.max.is_none_or(|m| (m as usize) < known)
    }

    /// The column: NO_SITE is null; a site without an export id yet too, counted in
    /// `unnamed` (only when a batch could wait no longer, see `Exporter::full`).
    fn finish(&mut self, ids: &[i32], unnamed: &mut u64) -> ArrayRef {
        let mut b = Int32Builder::with_capacity(self.locals.len());
        for &s in &self.locals {
            match ids.get(s as usize) {
                Some(&id) => b.append_value(id),
                None if s == NO_SITE => b.append_null(),
                None => {
                    *unnamed += 1;
                    b.append_null()
                }
            }
        }
        self.locals.clear();
        self.max = None;
        Arc::new(b.finish())
    }
}

/// call_sites.parquet: one row per call site of the trace (sites of different processes
/// that resolve to the same label are one), `site` its id in the `call_site` columns.
pub fn call_sites_schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        f("id", DataType::Int32, false),
        f("site", DataType::Utf8, false),
        f("function", DataType::Utf8, true),
        f("file", DataType::Utf8, true),
        f("line", DataType::Int64, true),
        f("object", DataType::Utf8, true),
        f("object_offset", DataType::Int64, true),
        f("level", DataType::Utf8, false),
        f("runtime", DataType::Boolean, false),
        f("through", DataType::Utf8, true),
        f("calls", DataType::Int64, false),
    ]))
}

pub fn extents_schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        f("process", DataType::Int64, false),
        f("rank", DataType::Int64, true),
        f("job", DataType::Int64, true),
        f("op_id", DataType::Int64, false),
        f("layer", dict(DataType::Int8), false),
        f("file", dict(DataType::Int32), true),
        f("mode", dict(DataType::Int8), false),
        f("file_offset", DataType::Int64, false),
        f("length", DataType::Int64, false),
    ]))
}

/// One byte range of an operation: the operation's columns that say whose bytes they are.
pub struct ExtentRow<'r> {
    pub id: u64,
    pub layer: Layer,
    pub file: Option<(u32, &'r str)>,
    pub mode: OpMode,
    pub offset: u64,
    pub length: u64,
}

#[derive(Default)]
pub struct ExtentCols {
    pub rows: usize,
    /// Values above i64::MAX written as i64::MAX (see [`fit`]).
    pub big: u64,
    process: Int64Builder,
    rank: Int64Builder,
    job: Int64Builder,
    id: Int64Builder,
    layer: Int8Builder,
    file: LocalDict,
    mode: Int8Builder,
    offset: Int64Builder,
    length: Int64Builder,
}

impl ExtentCols {
    pub fn push(&mut self, p: ProcCols, e: &ExtentRow) {
        self.rows += 1;
        self.process.append_value(p.process.into());
        self.rank.append_option(p.rank.map(i64::from));
        self.job.append_option(p.job.map(i64::from));
        self.id.append_value(fit(e.id, &mut self.big));
        self.layer.append_value(layer_key(e.layer));
        match e.file {
            Some((id, path)) => self.file.append(id, path),
            None => self.file.append_null(),
        }
        self.mode.append_value(mode_key(e.mode));
        self.offset.append_value(fit(e.offset, &mut self.big));
        self.length.append_value(fit(e.length, &mut self.big));
    }

    pub fn finish(&mut self, schema: &SchemaRef, v: &Vocab) -> Result<RecordBatch, ArrowError> {
        self.rows = 0;
        let cols: Vec<ArrayRef> = vec![
            Arc::new(self.process.finish()),
            Arc::new(self.rank.finish()),
            Arc::new(self.job.finish()),
            Arc::new(self.id.finish()),
            keyed(self.layer.finish(), &v.layers)?,
            self.file.finish()?,
            keyed(self.mode.finish(), &v.modes)?,
            Arc::new(self.offset.finish()),
            Arc::new(self.length.finish()),
        ];
        RecordBatch::try_new(schema.clone(), cols)
    }
}

pub fn files_schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        f("process", DataType::Int64, false),
        f("rank", DataType::Int64, true),
        f("job", DataType::Int64, true),
        f("file", DataType::Utf8, true),
        f("layer", dict(DataType::Int8), false),
        f("fs_type", DataType::Utf8, true),
        f("mount", DataType::Utf8, true),
        f("read_ops", DataType::Int64, false),
        f("read_bytes", DataType::Int64, false),
        f("write_ops", DataType::Int64, false),
        f("write_bytes", DataType::Int64, false),
        f("flush_ops", DataType::Int64, false),
        f("meta_ops", DataType::Int64, false),
        f("cancelled_ops", DataType::Int64, false),
        f("io_ns", span(), false),
        f("meta_ns", span(), false),
        f("extent", DataType::Int64, false),
        f("first_ns", time(), true),
        f("last_ns", time(), true),
    ]))
}

/// What one process did to one file at one layer.
#[derive(Clone, Debug)]
pub struct FileAcc {
    pub read_ops: u64,
    pub read_bytes: u64,
    pub write_ops: u64,
    pub write_bytes: u64,
    pub flush_ops: u64,
    pub meta_ops: u64,
    pub cancelled_ops: u64,
    pub io_ns: u64,
    pub meta_ns: u64,
    pub extent: u64,
    pub first: u64,
    pub last: u64,
}

impl Default for FileAcc {
    fn default() -> Self {
        FileAcc {
            read_ops: 0,
            read_bytes: 0,
            write_ops: 0,
            write_bytes: 0,
            flush_ops: 0,
            meta_ops: 0,
            cancelled_ops: 0,
            io_ns: 0,
            meta_ns: 0,
            extent: 0,
            first: u64::MAX,
            last: 0,
        }
    }
}

impl FileAcc {
    pub fn seen(&mut self, t0: u64, t1: u64) {
        self.first = self.first.min(t0);
        self.last = self.last.max(t1);
    }
}

/// A files.parquet row: the file's path and file system (None for operations on no file,
/// such as fflush(NULL)).
pub struct FileRow<'r> {
    pub path: Option<&'r str>,
    pub fs_type: Option<&'r str>,
    pub mount: Option<&'r str>,
    pub layer: Layer,
    pub acc: &'r FileAcc,
}

#[derive(Default)]
pub struct FileCols {
    pub rows: usize,
    /// Values above i64::MAX written as i64::MAX (see [`fit`]).
    pub big: u64,
    process: Int64Builder,
    rank: Int64Builder,
    job: Int64Builder,
    path: StringBuilder,
    layer: Int8Builder,
    fs_type: StringBuilder,
    mount: StringBuilder,
    nums: [Int64Builder; 7],
    io_ns: Int64Builder,
    meta_ns: Int64Builder,
    extent: Int64Builder,
    first: Int64Builder,
    last: Int64Builder,
}

impl FileCols {
    pub fn push(&mut self, p: ProcCols, r: &FileRow) {
        self.rows += 1;
        let a = r.acc;
        self.process.append_value(p.process.into());
        self.rank.append_option(p.rank.map(i64::from));
        self.job.append_option(p.job.map(i64::from));
        self.path.append_option(r.path);
        self.layer.append_value(layer_key(r.layer));
        self.fs_type.append_option(r.fs_type);
        self.mount.append_option(r.mount);
        let nums = [
            a.read_ops,
            a.read_bytes,
            a.write_ops,
            a.write_bytes,
            a.flush_ops,
            a.meta_ops,
            a.cancelled_ops,
        ];
        for (b, n) in self.nums.iter_mut().zip(nums) {
            b.append_value(fit(n, &mut self.big));
        }
        self.io_ns.append_value(fit(a.io_ns, &mut self.big));
        self.meta_ns.append_value(fit(a.meta_ns, &mut self.big));
        self.extent.append_value(fit(a.extent, &mut self.big));
        let seen = a.first <= a.last;
        if seen {
            self.first.append_value(fit(a.first, &mut self.big));
            self.last.append_value(fit(a.last, &mut self.big));
        } else {
            self.first.append_null();
            self.last.append_null();
        }
    }

    pub fn finish(&mut self, schema: &SchemaRef, v: &Vocab) -> Result<RecordBatch, ArrowError> {
        self.rows = 0;
        let mut cols: Vec<ArrayRef> = vec![
            Arc::new(self.process.finish()),
            Arc::new(self.rank.finish()),
            Arc::new(self.job.finish()),
            Arc::new(self.path.finish()),
            keyed(self.layer.finish(), &v.layers)?,
            Arc::new(self.fs_type.finish()),
            Arc::new(self.mount.finish()),
        ];
        for b in &mut self.nums {
            cols.push(Arc::new(b.finish()));
        }
        cols.push(spans(&mut self.io_ns));
        cols.push(spans(&mut self.meta_ns));
        cols.push(Arc::new(self.extent.finish()));
        cols.push(times(&mut self.first));
        cols.push(times(&mut self.last));
        RecordBatch::try_new(schema.clone(), cols)
    }
}

pub fn handles_schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        f("process", DataType::Int64, false),
        f("rank", DataType::Int64, true),
        f("job", DataType::Int64, true),
        f("handle", DataType::Int64, false),
        f("name", DataType::Utf8, false),
        f("file", DataType::Utf8, true),
        f("layer", dict(DataType::Int8), false),
        f("parent", DataType::Int64, true),
        f("comm", DataType::Int64, true),
        f("comm_size", DataType::Int64, true),
        f("flags", DataType::Int64, false),
        f("pre_created", DataType::Boolean, false),
        f("all_proxy", DataType::Boolean, false),
    ]))
}

pub struct HandleRow<'r> {
    pub handle: u32,
    pub name: &'r str,
    pub file: Option<&'r str>,
    pub layer: Layer,
    pub parent: Option<u32>,
    pub comm: Option<u32>,
    pub comm_size: Option<u32>,
    pub flags: u32,
}

#[derive(Default)]
pub struct HandleCols {
    pub rows: usize,
    process: Int64Builder,
    rank: Int64Builder,
    job: Int64Builder,
    handle: Int64Builder,
    name: StringBuilder,
    file: StringBuilder,
    layer: Int8Builder,
    parent: Int64Builder,
    comm: Int64Builder,
    comm_size: Int64Builder,
    flags: Int64Builder,
    pre_created: BooleanBuilder,
    all_proxy: BooleanBuilder,
}

impl HandleCols {
    pub fn push(&mut self, p: ProcCols, h: &HandleRow) {
        self.rows += 1;
        self.process.append_value(p.process.into());
        self.rank.append_option(p.rank.map(i64::from));
        self.job.append_option(p.job.map(i64::from));
        self.handle.append_value(h.handle.into());
        self.name.append_value(h.name);
        self.file.append_option(h.file);
        self.layer.append_value(layer_key(h.layer));
        self.parent.append_option(h.parent.map(i64::from));
        self.comm.append_option(h.comm.map(i64::from));
        self.comm_size.append_option(h.comm_size.map(i64::from));
        self.flags.append_value(h.flags.into());
        self.pre_created
            .append_value(h.flags & definitions::HANDLE_PRE_CREATED != 0);
        self.all_proxy
            .append_value(h.flags & definitions::HANDLE_ALL_PROXY != 0);
    }

    pub fn finish(&mut self, schema: &SchemaRef, v: &Vocab) -> Result<RecordBatch, ArrowError> {
        self.rows = 0;
        let cols: Vec<ArrayRef> = vec![
            Arc::new(self.process.finish()),
            Arc::new(self.rank.finish()),
            Arc::new(self.job.finish()),
            Arc::new(self.handle.finish()),
            Arc::new(self.name.finish()),
            Arc::new(self.file.finish()),
            keyed(self.layer.finish(), &v.layers)?,
            Arc::new(self.parent.finish()),
            Arc::new(self.comm.finish()),
            Arc::new(self.comm_size.finish()),
            Arc::new(self.flags.finish()),
            Arc::new(self.pre_created.finish()),
            Arc::new(self.all_proxy.finish()),
        ];
        RecordBatch::try_new(schema.clone(), cols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_schemas() -> Vec<(&'static str, SchemaRef)> {
        vec![
            ("calls", calls_schema()),
            ("operations", ops_schema()),
            ("extents", extents_schema()),
            ("files", files_schema()),
            ("handles", handles_schema()),
            ("call_sites", call_sites_schema()),
        ]
    }

    #[test]
    fn integers_are_signed_and_times_typed() {
        for (table, s) in all_schemas() {
            for f in s.fields() {
                let t = match f.data_type() {
                    DataType::List(item) => item.data_type().clone(),
                    t => t.clone(),
                };
                assert!(!t.is_unsigned_integer(), "{table}.{}: {t}", f.name());
                let name = f.name().as_str();
                if ["start_ns", "end_ns", "first_ns", "last_ns"].contains(&name) {
                    assert_eq!(t, time(), "{table}.{name}");
                }
                if ["duration_ns", "self_ns", "io_ns", "meta_ns"].contains(&name) {
                    assert_eq!(t, span(), "{table}.{name}");
                }
            }
        }
    }

    #[test]
    fn no_column_is_a_reserved_word() {
        // DuckDB's and SQL's reserved words that a column of ours could be named.
        let reserved = [
            "offset", "end", "order", "limit", "group", "from", "table", "user",
        ];
        for (table, s) in all_schemas() {
            for f in s.fields() {
                assert!(
                    !reserved.contains(&f.name().as_str()),
                    "{table}.{}",
                    f.name()
                );
            }
        }
    }

    #[test]
    fn values_past_i64_are_counted_not_wrapped() {
        let mut big = 0;
        assert_eq!(fit(5, &mut big), 5);
        assert_eq!(fit(i64::MAX as u64, &mut big), i64::MAX);
        assert_eq!(big, 0);
        assert_eq!(fit(u64::MAX, &mut big), i64::MAX);
        assert_eq!(fit(1 << 63, &mut big), i64::MAX);
        assert_eq!(big, 2);
    }

    #[test]
    fn rows_have_their_types_and_units() {
        let mut c = OpCols::default();
        let p = ProcCols {
            process: 1,
            rank: Some(3),
            job: None,
            pid: 42,
            host: "h",
        };
        let row = OpRow {
            thread: 0,
            id: 7,
            layer: Layer::Posix,
            file: Some((0, "/f")),
            handle: 3,
            mode: OpMode::Write,
            collective: false,
            non_blocking: false,
            t0: 1_700_000_000_000_000_000,
            t1: 1_700_000_000_000_000_500,
            bytes_requested: 10,
            bytes_done: 10,
            offset: Some(u64::MAX),
            cancelled: false,
            call: None,
            root: None,
            site: NO_SITE,
        };
        c.push(p, &row);
        assert_eq!(c.big, 1, "the offset past i64::MAX");
        let mut unnamed = 0;
        let b = c
            .finish(&ops_schema(), &Vocab::new(), &[], &mut unnamed)
            .unwrap();
        let col = |n: &str| b.column(b.schema().index_of(n).unwrap()).clone();
        let t0 = col("start_ns");
        let t0 = t0
            .as_any()
            .downcast_ref::<PrimitiveArray<TimestampNanosecondType>>()
            .unwrap();
        assert_eq!(t0.value(0), 1_700_000_000_000_000_000);
        assert_eq!(t0.timezone(), Some("UTC"));
        let d = col("duration_ns");
        let d = d
            .as_any()
            .downcast_ref::<PrimitiveArray<DurationNanosecondType>>()
            .unwrap();
        assert_eq!(d.value(0), 500);
        let off = col("file_offset");
        let off = off
            .as_any()
            .downcast_ref::<PrimitiveArray<arrow_array::types::Int64Type>>()
            .unwrap();
        assert_eq!(off.value(0), i64::MAX);
        let units = units_json(&ops_schema());
        assert!(
            units.contains(r#""start_ns":"ns since the Unix epoch, UTC""#),
            "{units}"
        );
        assert!(units.contains(r#""duration_ns":"ns""#), "{units}");
        assert!(units.contains(r#""file_offset":"bytes""#), "{units}");
        assert!(!units.contains("op_id"), "{units}");
    }
}
