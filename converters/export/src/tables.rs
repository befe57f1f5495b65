//! The five tables of the Parquet export: their Arrow schemas and the column builders that
//! fill one record batch at a time. The schema is documented in docs/analysis.md
//! ("Parquet export"); keep the two in step.

use arrow_array::builder::{
    BooleanBuilder, Int16Builder, Int32Builder, Int64Builder, Int8Builder, ListBuilder,
    StringBuilder, UInt32Builder, UInt64Builder,
};
use arrow_array::types::{ArrowDictionaryKeyType, Int32Type};
use arrow_array::{ArrayRef, DictionaryArray, PrimitiveArray, RecordBatch, StringArray};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
use hashbrown::HashMap;
use io_events::functions::{Layer, Role, FUNCTIONS};
use io_model::kinds::OpMode;
use parquet::basic::Encoding;
use std::sync::Arc;

/// Rows per record batch (and per row group): what a process holds per table at most.
pub const BATCH: usize = 64 * 1024;

/// A dictionary column of strings. Its keys are signed (Int8, Int16, Int32): pandas
/// (1.5 at least) refuses unsigned dictionary indices.
fn dict(key: DataType) -> DataType {
    DataType::Dictionary(Box::new(key), Box::new(DataType::Utf8))
}

/// A time or duration in ns as the tables' Int64: saturated at i64::MAX (year 2262), so
/// no time or duration reads back negative, whatever a damaged trace said.
fn ns(t: u64) -> i64 {
    t.min(i64::MAX as u64) as i64
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
            ("offset", D),
            ("call_id", D),
            ("root_id", D),
        ],
        "extents.parquet" => &[
            ("process", D),
            ("rank", D),
            ("job", D),
            ("op_id", D),
            ("offset", D),
            ("length", D),
        ],
        _ => &[],
    }
}

pub fn calls_schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        f("process", DataType::UInt32, false),
        f("rank", DataType::UInt32, true),
        f("job", DataType::UInt32, true),
        f("pid", DataType::UInt32, false),
        f("host", dict(DataType::Int32), false),
        f("thread", DataType::UInt32, false),
        f("call_id", DataType::UInt64, false),
        f("function", dict(DataType::Int16), false),
        f("layer", dict(DataType::Int8), false),
        f("role", dict(DataType::Int8), false),
        f("start_ns", DataType::Int64, false),
        f("end_ns", DataType::Int64, false),
        f("duration_ns", DataType::Int64, false),
        f("self_ns", DataType::Int64, false),
        f("depth", DataType::UInt32, false),
        f("parent_id", DataType::UInt64, true),
        f("root_id", DataType::UInt64, false),
        f("root_function", dict(DataType::Int16), false),
        f("failed", DataType::Boolean, false),
        f("errno", DataType::UInt32, false),
        f("file", dict(DataType::Int32), true),
        f(
            "args",
            DataType::List(Arc::new(Field::new_list_field(DataType::UInt64, true))),
            false,
        ),
        f("ret", DataType::Int64, false),
        f("args_text", DataType::Utf8, false),
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
}

#[derive(Default)]
pub struct CallCols {
    pub rows: usize,
    process: UInt32Builder,
    rank: UInt32Builder,
    job: UInt32Builder,
    pid: UInt32Builder,
    host: LocalDict,
    thread: UInt32Builder,
    id: UInt64Builder,
    func: Int16Builder,
    layer: Int8Builder,
    role: Int8Builder,
    t0: Int64Builder,
    t1: Int64Builder,
    dur: Int64Builder,
    self_ns: Int64Builder,
    depth: UInt32Builder,
    parent: UInt64Builder,
    root: UInt64Builder,
    root_func: Int16Builder,
    failed: BooleanBuilder,
    errno: UInt32Builder,
    file: LocalDict,
    args: ListBuilder<UInt64Builder>,
    ret: Int64Builder,
    /// Written to by the caller (`std::fmt::Write`) before [`CallCols::push`].
    pub args_text: StringBuilder,
}

impl CallCols {
    /// Add a row; the call's `args_text` must have been written into `self.args_text`.
    pub fn push(&mut self, p: ProcCols, c: &CallRow) {
        self.rows += 1;
        self.process.append_value(p.process);
        self.rank.append_option(p.rank);
        self.job.append_option(p.job);
        self.pid.append_value(p.pid);
        self.host.append(0, p.host);
        self.thread.append_value(c.thread);
        self.id.append_value(c.id);
        self.func.append_value(func_key(c.func));
        self.layer.append_value(layer_key(c.layer));
        self.role.append_value(role_key(c.role));
        self.t0.append_value(ns(c.t0));
        self.t1.append_value(ns(c.t1));
        self.dur.append_value(ns(c.t1.saturating_sub(c.t0)));
        self.self_ns.append_value(ns(c.self_ns));
        self.depth.append_value(c.depth);
        self.parent.append_option(c.parent);
        self.root.append_value(c.root);
        self.root_func.append_value(func_key(c.root_func));
        self.failed.append_value(c.failed);
        self.errno.append_value(c.errno);
        match c.file {
            Some((id, path)) => self.file.append(id, path),
            None => self.file.append_null(),
        }
        self.args.values().append_slice(c.args);
        self.args.append(true);
        self.ret.append_value(c.ret as i64);
        self.args_text.append_value("");
    }

    pub fn finish(&mut self, schema: &SchemaRef, v: &Vocab) -> Result<RecordBatch, ArrowError> {
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
            Arc::new(self.t0.finish()),
            Arc::new(self.t1.finish()),
            Arc::new(self.dur.finish()),
            Arc::new(self.self_ns.finish()),
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
        ];
        RecordBatch::try_new(schema.clone(), cols)
    }
}

pub fn ops_schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        f("process", DataType::UInt32, false),
        f("rank", DataType::UInt32, true),
        f("job", DataType::UInt32, true),
        f("thread", DataType::UInt32, false),
        f("op_id", DataType::UInt64, false),
        f("layer", dict(DataType::Int8), false),
        f("file", dict(DataType::Int32), true),
        f("handle", DataType::UInt32, false),
        f("mode", dict(DataType::Int8), false),
        f("collective", DataType::Boolean, false),
        f("non_blocking", DataType::Boolean, false),
        f("start_ns", DataType::Int64, false),
        f("end_ns", DataType::Int64, false),
        f("duration_ns", DataType::Int64, false),
        f("bytes_requested", DataType::UInt64, false),
        f("bytes_done", DataType::UInt64, false),
        f("offset", DataType::UInt64, true),
        f("cancelled", DataType::Boolean, false),
        f("call_id", DataType::UInt64, true),
        f("call_function", dict(DataType::Int16), true),
        f("root_id", DataType::UInt64, true),
        f("root_function", dict(DataType::Int16), true),
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
}

#[derive(Default)]
pub struct OpCols {
    pub rows: usize,
    process: UInt32Builder,
    rank: UInt32Builder,
    job: UInt32Builder,
    thread: UInt32Builder,
    id: UInt64Builder,
    layer: Int8Builder,
    file: LocalDict,
    handle: UInt32Builder,
    mode: Int8Builder,
    collective: BooleanBuilder,
    non_blocking: BooleanBuilder,
    t0: Int64Builder,
    t1: Int64Builder,
    dur: Int64Builder,
    req: UInt64Builder,
    done: UInt64Builder,
    offset: UInt64Builder,
    cancelled: BooleanBuilder,
    call: UInt64Builder,
    call_func: Int16Builder,
    root: UInt64Builder,
    root_func: Int16Builder,
}

impl OpCols {
    pub fn push(&mut self, p: ProcCols, o: &OpRow) {
        self.rows += 1;
        self.process.append_value(p.process);
        self.rank.append_option(p.rank);
        self.job.append_option(p.job);
        self.thread.append_value(o.thread);
        self.id.append_value(o.id);
        self.layer.append_value(layer_key(o.layer));
        match o.file {
            Some((id, path)) => self.file.append(id, path),
            None => self.file.append_null(),
        }
        self.handle.append_value(o.handle);
        self.mode.append_value(mode_key(o.mode));
        self.collective.append_value(o.collective);
        self.non_blocking.append_value(o.non_blocking);
        self.t0.append_value(ns(o.t0));
        self.t1.append_value(ns(o.t1));
        self.dur.append_value(ns(o.t1.saturating_sub(o.t0)));
        self.req.append_value(o.bytes_requested);
        self.done.append_value(o.bytes_done);
        self.offset.append_option(o.offset);
        self.cancelled.append_value(o.cancelled);
        self.call.append_option(o.call.map(|c| c.0));
        self.call_func.append_option(o.call.map(|c| func_key(c.1)));
        self.root.append_option(o.root.map(|c| c.0));
        self.root_func.append_option(o.root.map(|c| func_key(c.1)));
    }

    pub fn finish(&mut self, schema: &SchemaRef, v: &Vocab) -> Result<RecordBatch, ArrowError> {
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
            Arc::new(self.t0.finish()),
            Arc::new(self.t1.finish()),
            Arc::new(self.dur.finish()),
            Arc::new(self.req.finish()),
            Arc::new(self.done.finish()),
            Arc::new(self.offset.finish()),
            Arc::new(self.cancelled.finish()),
            Arc::new(self.call.finish()),
            keyed(self.call_func.finish(), &v.funcs)?,
            Arc::new(self.root.finish()),
            keyed(self.root_func.finish(), &v.funcs)?,
        ];
        RecordBatch::try_new(schema.clone(), cols)
    }
}

pub fn extents_schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        f("process", DataType::UInt32, false),
        f("rank", DataType::UInt32, true),
        f("job", DataType::UInt32, true),
        f("op_id", DataType::UInt64, false),
        f("layer", dict(DataType::Int8), false),
        f("file", dict(DataType::Int32), true),
        f("mode", dict(DataType::Int8), false),
        f("offset", DataType::UInt64, false),
        f("length", DataType::UInt64, false),
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
    process: UInt32Builder,
    rank: UInt32Builder,
    job: UInt32Builder,
    id: UInt64Builder,
    layer: Int8Builder,
    file: LocalDict,
    mode: Int8Builder,
    offset: UInt64Builder,
    length: UInt64Builder,
}

impl ExtentCols {
    pub fn push(&mut self, p: ProcCols, e: &ExtentRow) {
        self.rows += 1;
        self.process.append_value(p.process);
        self.rank.append_option(p.rank);
        self.job.append_option(p.job);
        self.id.append_value(e.id);
        self.layer.append_value(layer_key(e.layer));
        match e.file {
            Some((id, path)) => self.file.append(id, path),
            None => self.file.append_null(),
        }
        self.mode.append_value(mode_key(e.mode));
        self.offset.append_value(e.offset);
        self.length.append_value(e.length);
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
        f("process", DataType::UInt32, false),
        f("rank", DataType::UInt32, true),
        f("job", DataType::UInt32, true),
        f("file", DataType::Utf8, true),
        f("layer", dict(DataType::Int8), false),
        f("fs_type", DataType::Utf8, true),
        f("mount", DataType::Utf8, true),
        f("read_ops", DataType::UInt64, false),
        f("read_bytes", DataType::UInt64, false),
        f("write_ops", DataType::UInt64, false),
        f("write_bytes", DataType::UInt64, false),
        f("flush_ops", DataType::UInt64, false),
        f("meta_ops", DataType::UInt64, false),
        f("cancelled_ops", DataType::UInt64, false),
        f("io_ns", DataType::Int64, false),
        f("meta_ns", DataType::Int64, false),
        f("extent", DataType::UInt64, false),
        f("first_ns", DataType::Int64, true),
        f("last_ns", DataType::Int64, true),
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
    process: UInt32Builder,
    rank: UInt32Builder,
    job: UInt32Builder,
    path: StringBuilder,
    layer: Int8Builder,
    fs_type: StringBuilder,
    mount: StringBuilder,
    nums: [UInt64Builder; 7],
    io_ns: Int64Builder,
    meta_ns: Int64Builder,
    extent: UInt64Builder,
    first: Int64Builder,
    last: Int64Builder,
}

impl FileCols {
    pub fn push(&mut self, p: ProcCols, r: &FileRow) {
        self.rows += 1;
        let a = r.acc;
        self.process.append_value(p.process);
        self.rank.append_option(p.rank);
        self.job.append_option(p.job);
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
            b.append_value(n);
        }
        self.io_ns.append_value(ns(a.io_ns));
        self.meta_ns.append_value(ns(a.meta_ns));
        self.extent.append_value(a.extent);
        let seen = a.first <= a.last;
        self.first.append_option(seen.then_some(ns(a.first)));
        self.last.append_option(seen.then_some(ns(a.last)));
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
        cols.push(Arc::new(self.io_ns.finish()));
        cols.push(Arc::new(self.meta_ns.finish()));
        cols.push(Arc::new(self.extent.finish()));
        cols.push(Arc::new(self.first.finish()));
        cols.push(Arc::new(self.last.finish()));
        RecordBatch::try_new(schema.clone(), cols)
    }
}

pub fn handles_schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        f("process", DataType::UInt32, false),
        f("rank", DataType::UInt32, true),
        f("job", DataType::UInt32, true),
        f("handle", DataType::UInt32, false),
        f("name", DataType::Utf8, false),
        f("file", DataType::Utf8, true),
        f("layer", dict(DataType::Int8), false),
        f("parent", DataType::UInt32, true),
        f("comm", DataType::UInt32, true),
        f("comm_size", DataType::UInt32, true),
        f("flags", DataType::UInt32, false),
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
    process: UInt32Builder,
    rank: UInt32Builder,
    job: UInt32Builder,
    handle: UInt32Builder,
    name: StringBuilder,
    file: StringBuilder,
    layer: Int8Builder,
    parent: UInt32Builder,
    comm: UInt32Builder,
    comm_size: UInt32Builder,
    flags: UInt32Builder,
    pre_created: BooleanBuilder,
    all_proxy: BooleanBuilder,
}

impl HandleCols {
    pub fn push(&mut self, p: ProcCols, h: &HandleRow) {
        self.rows += 1;
        self.process.append_value(p.process);
        self.rank.append_option(p.rank);
        self.job.append_option(p.job);
        self.handle.append_value(h.handle);
        self.name.append_value(h.name);
        self.file.append_option(h.file);
        self.layer.append_value(layer_key(h.layer));
        self.parent.append_option(h.parent);
        self.comm.append_option(h.comm);
        self.comm_size.append_option(h.comm_size);
        self.flags.append_value(h.flags);
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
