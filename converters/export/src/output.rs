//! The files of one export: every table's Parquet file(s) written under temporary names and
//! given their final names only when all are complete (all or nothing).
//!
//! Flat layout: DIR/calls.parquet ..., written as DIR/.calls.parquet.PID.tmp. Partitioned
//! (`--partition-by`): DIR/calls/job=J/rank=R/part-0.parquet ..., written in a staging
//! folder DIR/.recorder-otf2-export.PID.tmp whose table folders are renamed into DIR at the
//! end. A partition's files are open only while its processes are interpreted, so the open
//! files are bounded by the workers, whatever the number of ranks.

use crate::error::Error;
use crate::layout::PartitionBy;
use crate::tables::{self, Vocab};
use arrow_array::RecordBatch;
use parquet::arrow::arrow_writer::ArrowWriterOptions;
use parquet::arrow::arrow_writer::{compute_leaves, ArrowRowGroupWriterFactory};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::metadata::KeyValue;
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::ColumnPath;
use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// The table files, in the order they are written and renamed (partitioned: their folders
/// are these names without `.parquet`).
pub const FILES: [&str; 5] = [
    "calls.parquet",
    "operations.parquet",
    "extents.parquet",
    "files.parquet",
    "handles.parquet",
];

/// The trace-wide table of call sites: one file in DIR whatever the layout (its rows are
/// no process's or rank's).
pub const SITES_FILE: &str = "call_sites.parquet";

/// Indices into [`FILES`] and a [`Set`]'s tables.
pub const CALLS: usize = 0;
pub const OPS: usize = 1;
pub const EXTENTS: usize = 2;
pub const FILES_T: usize = 3;
pub const HANDLES: usize = 4;

/// A table's folder in the partitioned layout: `calls` for calls.parquet.
pub fn folder_of(name: &str) -> &str {
    name.trim_end_matches(".parquet")
}

/// The full schemas (the columns the row builders fill), in [`FILES`] order.
pub fn schemas() -> [arrow_schema::SchemaRef; 5] {
    [
        tables::calls_schema(),
        tables::ops_schema(),
        tables::extents_schema(),
        tables::files_schema(),
        tables::handles_schema(),
    ]
}

/// One Parquet file being written: row groups are encoded by the workers and appended here.
pub struct Table {
    pub path: PathBuf,
    pub tmp: PathBuf,
    /// The schema batches are built with; `schema` is what the file holds (without the
    /// partition columns, which are the folder names).
    pub full: arrow_schema::SchemaRef,
    schema: arrow_schema::SchemaRef,
    keep: Option<Vec<usize>>,
    factory: ArrowRowGroupWriterFactory,
    writer: Mutex<Option<SerializedFileWriter<BufWriter<File>>>>,
    rows: AtomicU64,
}

/// What [`Table::create`] needs besides the paths.
pub struct TableSpec<'a> {
    pub name: &'static str,
    pub full: arrow_schema::SchemaRef,
    /// Columns left out of the file (the partition columns).
    pub drop: &'a [&'static str],
    pub meta: Vec<KeyValue>,
}

impl Table {
    pub fn create(path: PathBuf, tmp: PathBuf, spec: TableSpec) -> Result<Table, Error> {
        let keep: Option<Vec<usize>> = (!spec.drop.is_empty()).then(|| {
            (spec.full.fields().iter().enumerate())
                .filter(|(_, f)| !spec.drop.contains(&f.name().as_str()))
                .map(|(i, _)| i)
                .collect()
        });
        let schema = match &keep {
            Some(k) => Arc::new(spec.full.project(k).map_err(|source| Error::Arrow {
                path: path.clone(),
                source,
            })?),
            None => spec.full.clone(),
        };
        let file = File::create(&tmp).map_err(|source| Error::Io {
            path: tmp.clone(),
            source,
        })?;
        let props = properties(spec.name, spec.meta);
        let w = ArrowWriter::try_new_with_options(
            BufWriter::with_capacity(1 << 20, file),
            schema.clone(),
            ArrowWriterOptions::new().with_properties(props),
        )
        .and_then(|w| w.into_serialized_writer())
        .map_err(|source| {
            let _ = std::fs::remove_file(&tmp);
            Error::Open {
                path: path.clone(),
                source,
            }
        })?;
        let (writer, factory) = w;
        Ok(Table {
            path,
            tmp,
            full: spec.full,
            schema,
            keep,
            factory,
            writer: Mutex::new(Some(writer)),
            rows: AtomicU64::new(0),
        })
    }

    /// A Parquet error of this table's file.
    fn err(&self, source: parquet::errors::ParquetError) -> Error {
        Error::Parquet {
            path: self.path.clone(),
            source,
        }
    }

    /// This table's file in a state the writer does not expect.
    fn broken(&self, what: &'static str) -> Error {
        Error::Table {
            path: self.path.clone(),
            what,
        }
    }

    pub fn io(&self, source: std::io::Error) -> Error {
        Error::Io {
            path: self.path.clone(),
            source,
        }
    }

    /// Encode `batch` (on the calling thread) into a row group and append it to the file.
    pub fn write(&self, batch: RecordBatch) -> Result<(), Error> {
        if batch.num_rows() == 0 {
            return Ok(());
        }
        let batch = match &self.keep {
            Some(k) => batch.project(k).map_err(|source| Error::Arrow {
                path: self.path.clone(),
                source,
            })?,
            None => batch,
        };
        let mut writers = self
            .factory
            .create_column_writers(0)
            .map_err(|e| self.err(e))?;
        let mut w = writers.iter_mut();
        for (field, col) in self.schema.fields().iter().zip(batch.columns()) {
            for leaf in compute_leaves(field, col).map_err(|e| self.err(e))? {
                let Some(cw) = w.next() else {
                    return Err(self.broken("more leaf columns than the schema has"));
                };
                cw.write(&leaf).map_err(|e| self.err(e))?;
            }
        }
        let chunks = writers
            .into_iter()
            .map(|w| w.close())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| self.err(e))?;
        let mut guard = self.writer.lock().unwrap_or_else(|p| p.into_inner());
        let Some(fw) = guard.as_mut() else {
            return Err(self.broken("already closed"));
        };
        let mut rg = fw.next_row_group().map_err(|e| self.err(e))?;
        for c in chunks {
            c.append_to_row_group(&mut rg).map_err(|e| self.err(e))?;
        }
        rg.close().map_err(|e| self.err(e))?;
        self.rows
            .fetch_add(batch.num_rows() as u64, Ordering::Relaxed);
        Ok(())
    }

    /// Write the footer and flush to disk (still under the temporary name).
    fn close(&self) -> Result<(), Error> {
        let mut guard = self.writer.lock().unwrap_or_else(|p| p.into_inner());
        let Some(fw) = guard.take() else {
            return Ok(());
        };
        // Writes the footer.
        let buf = fw.into_inner().map_err(|e| self.err(e))?;
        let file = buf.into_inner().map_err(|e| self.io(e.into_error()))?;
        file.sync_all().map_err(|e| self.io(e))
    }

    /// Drop the writer without a footer (the file is removed by the caller).
    fn discard(&self) {
        if let Ok(mut g) = self.writer.lock() {
            g.take();
        }
    }
}

/// The writer properties of table `name`: zstd, chunk statistics, the encodings of
/// [`tables::encodings`], and the file's key-value metadata.
fn properties(name: &str, meta: Vec<KeyValue>) -> WriterProperties {
    let mut props = WriterProperties::builder()
        .set_compression(Compression::ZSTD(ZstdLevel::default()))
        .set_statistics_enabled(parquet::file::properties::EnabledStatistics::Chunk)
        // "APP version X": parquet-mr (Spark) parses it; a writer it cannot name is assumed
        // to have PARQUET-246's DELTA_BYTE_ARRAY bug and refused when a read is split.
        .set_created_by(format!(
            "recorder-otf2 version {}",
            env!("CARGO_PKG_VERSION")
        ))
        .set_key_value_metadata(Some(meta));
    for &(col, enc) in tables::encodings(name) {
        let c = ColumnPath::new(col.split('.').map(String::from).collect());
        props = props
            .set_column_dictionary_enabled(c.clone(), false)
            .set_column_encoding(c, enc);
    }
    props.build()
}

/// The five tables of one partition (the only one in the flat layout).
pub struct Set {
    pub tables: [Table; 5],
}

impl Set {
    fn close(&self) -> Result<(), Error> {
        self.tables.iter().try_for_each(Table::close)
    }
}

/// A partition: its folder (`job=1/rank=0`; empty when flat), the processes in it not yet
/// finished, and its tables while they are open.
struct Slot {
    folder: String,
    left: AtomicUsize,
    set: Mutex<Option<Arc<Set>>>,
}

/// All the files of one export, and what stops the workers on the first error.
pub struct Output {
    dir: PathBuf,
    created_dir: bool,
    layout: PartitionBy,
    /// Where the partition folders are written before they are renamed into DIR.
    staging: PathBuf,
    meta: Vec<KeyValue>,
    slots: Vec<Slot>,
    /// The flat layout's five files (None when partitioned).
    flat: Option<Arc<Set>>,
    pub vocab: Vocab,
    pub rows: [AtomicU64; 5],
    /// Values above i64::MAX written as i64::MAX, over all tables.
    pub big: AtomicU64,
    pub stop: AtomicBool,
    pub error: Mutex<Option<Error>>,
    /// call_sites.parquet once written (under its temporary name until the commit).
    sites: Mutex<Option<Table>>,
}

/// Check that DIR is a folder (create it when missing); returns whether it was created.
fn prepare_dir(dir: &Path) -> Result<bool, Error> {
    if dir.as_os_str().is_empty() {
        return Err(Error::EmptyFolderName);
    }
    if dir.exists() {
        if !dir.is_dir() {
            return Err(Error::NotAFolder { path: dir.into() });
        }
        return Ok(false);
    }
    std::fs::create_dir_all(dir).map_err(|source| Error::Io {
        path: dir.into(),
        source,
    })?;
    Ok(true)
}

/// The final names the export would replace: only with `force`, and only files (flat) or
/// folders (partitioned).
fn check_existing(dir: &Path, layout: &PartitionBy, force: bool) -> Result<(), Error> {
    let sites = dir.join(SITES_FILE);
    if sites.exists() || sites.is_symlink() {
        if !force {
            return Err(Error::Exists { path: sites });
        }
        if !sites.is_file() {
            return Err(Error::NotAFile { path: sites });
        }
    }
    for name in FILES {
        let p = match layout.is_flat() {
            true => dir.join(name),
            false => dir.join(folder_of(name)),
        };
        if p.exists() || p.is_symlink() {
            if !force {
                return Err(Error::Exists { path: p });
            }
            if layout.is_flat() && !p.is_file() {
                return Err(Error::NotAFile { path: p });
            }
            if !layout.is_flat() && (p.is_symlink() || !p.is_dir()) {
                return Err(Error::NotAFolder { path: p });
            }
        }
    }
    Ok(())
}

impl Output {
    /// Check DIR and the existing files; `folders` holds each process's partition folder
    /// (all empty when flat). Returns the output and each process's slot. The flat layout's
    /// files are opened here (they exist even for a trace without processes).
    pub fn create(
        dir: &Path,
        force: bool,
        layout: PartitionBy,
        folders: &[String],
        meta: Vec<KeyValue>,
    ) -> Result<(Output, Vec<usize>), Error> {
        check_existing(dir, &layout, force)?;
        let created_dir = prepare_dir(dir)?;
        let (slots, slot_of) = slots(folders);
        let staging = dir.join(format!(".recorder-otf2-export.{}.tmp", std::process::id()));
        let mut out = Output {
            dir: dir.to_path_buf(),
            created_dir,
            layout,
            staging,
            meta,
            slots,
            flat: None,
            vocab: Vocab::new(),
            rows: Default::default(),
            big: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            error: Mutex::new(None),
            sites: Mutex::new(None),
        };
        let opened = match out.layout.is_flat() {
            true => out.open_set("").map(|s| out.flat = Some(Arc::new(s))),
            false => out.make_staging(),
        };
        if let Err(e) = opened {
            out.abort();
            return Err(e);
        }
        Ok((out, slot_of))
    }

    /// The staging folder with an empty folder per table (an export of no process still
    /// gives the five table folders).
    fn make_staging(&self) -> Result<(), Error> {
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| Error::Io { path, source }
        };
        std::fs::create_dir(&self.staging).map_err(io(&self.staging))?;
        for name in FILES {
            let d = self.staging.join(folder_of(name));
            std::fs::create_dir(&d).map_err(io(&d))?;
        }
        Ok(())
    }

    /// Open the five files of partition `folder` ("" when flat).
    fn open_set(&self, folder: &str) -> Result<Set, Error> {
        let drop: Vec<&'static str> = self.layout.0.iter().map(|k| k.column()).collect();
        let mut tables = Vec::with_capacity(FILES.len());
        for (name, full) in FILES.iter().zip(schemas()) {
            let (path, tmp) = match self.layout.is_flat() {
                true => (
                    self.dir.join(name),
                    self.dir.join(format!(".{name}.{}.tmp", std::process::id())),
                ),
                false => {
                    let rel = Path::new(folder_of(name)).join(folder);
                    let d = self.staging.join(&rel);
                    std::fs::create_dir_all(&d).map_err(|source| Error::Io {
                        path: d.clone(),
                        source,
                    })?;
                    (
                        self.dir.join(&rel).join("part-0.parquet"),
                        d.join("part-0.parquet"),
                    )
                }
            };
            let mut meta = self.meta.clone();
            meta.push(KeyValue::new(
                "recorder_otf2.table".into(),
                folder_of(name).to_string(),
            ));
            meta.push(KeyValue::new(
                "recorder_otf2.units".into(),
                tables::units_json(&full),
            ));
            let spec = TableSpec {
                name,
                full,
                drop: &drop,
                meta,
            };
            match Table::create(path, tmp, spec) {
                Ok(t) => tables.push(t),
                Err(e) => {
                    for t in &tables {
                        let _ = std::fs::remove_file(&t.tmp);
                    }
                    return Err(e);
                }
            }
        }
        let tables: [Table; 5] = tables.try_into().map_err(|_| Error::TableMissing)?;
        Ok(Set { tables })
    }

    /// The tables of slot `i`, opened by the first of its processes.
    pub fn acquire(&self, i: usize) -> Result<Arc<Set>, Error> {
        if let Some(s) = &self.flat {
            return Ok(s.clone());
        }
        let slot = &self.slots[i];
        let mut g = slot.set.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(s) = &*g {
            return Ok(s.clone());
        }
        let s = Arc::new(self.open_set(&slot.folder)?);
        *g = Some(s.clone());
        Ok(s)
    }

    /// One process of slot `i` is done: the last one closes the partition's files.
    pub fn release(&self, i: usize) -> Result<(), Error> {
        if self.flat.is_some() {
            return Ok(());
        }
        let slot = &self.slots[i];
        if slot.left.fetch_sub(1, Ordering::AcqRel) != 1 {
            return Ok(());
        }
        let set = slot.set.lock().unwrap_or_else(|p| p.into_inner()).take();
        match set {
            Some(s) => self.close(&s),
            None => Ok(()),
        }
    }

    fn close(&self, s: &Set) -> Result<(), Error> {
        s.close()?;
        for (n, t) in self.rows.iter().zip(&s.tables) {
            n.fetch_add(t.rows.load(Ordering::Relaxed), Ordering::Relaxed);
        }
        Ok(())
    }

    /// Where call_sites.parquet goes.
    pub fn sites_path(&self) -> PathBuf {
        self.dir.join(SITES_FILE)
    }

    /// Write call_sites.parquet (one row group) under its temporary name; `note` is what
    /// could not be resolved, kept in the file's metadata.
    pub fn write_sites(&self, batch: RecordBatch, note: Option<&str>) -> Result<(), Error> {
        let mut meta = self.meta.clone();
        meta.push(KeyValue::new(
            "recorder_otf2.table".into(),
            folder_of(SITES_FILE).to_string(),
        ));
        if let Some(n) = note {
            meta.push(KeyValue::new(
                "recorder_otf2.call_sites_unresolved".into(),
                n.to_string(),
            ));
        }
        let tmp = (self.dir).join(format!(".{SITES_FILE}.{}.tmp", std::process::id()));
        let spec = TableSpec {
            name: SITES_FILE,
            full: tables::call_sites_schema(),
            drop: &[],
            meta,
        };
        let t = Table::create(self.sites_path(), tmp, spec)?;
        // Kept before writing, so that an abort removes the file whatever fails next.
        let mut g = self.sites.lock().unwrap_or_else(|p| p.into_inner());
        let t = g.insert(t);
        t.write(batch)?;
        t.close()
    }

    /// Rename call_sites.parquet to its final name (nothing to do when none was written).
    fn commit_sites(&self) -> Result<(), Error> {
        let g = self.sites.lock().unwrap_or_else(|p| p.into_inner());
        match &*g {
            Some(t) => std::fs::rename(&t.tmp, &t.path).map_err(|e| t.io(e)),
            None => Ok(()),
        }
    }

    /// Keep the first error and tell every worker to stop.
    pub fn fail(&self, e: Error) {
        let mut g = self.error.lock().unwrap_or_else(|p| p.into_inner());
        if g.is_none() {
            *g = Some(e);
        }
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Close every file and give them their final names.
    pub fn commit(&self) -> Result<(), Error> {
        if let Some(s) = &self.flat {
            self.close(s)?;
            commit_flat(s)?;
            if let Err(e) = self.commit_sites() {
                // All or nothing: take back the tables already given their names.
                for t in &s.tables {
                    let _ = std::fs::remove_file(&t.path);
                }
                return Err(e);
            }
            return Ok(());
        }
        for slot in &self.slots {
            let set = slot.set.lock().unwrap_or_else(|p| p.into_inner()).take();
            if let Some(s) = set {
                self.close(&s)?;
            }
        }
        self.commit_folders()
    }

    /// Move the staged table folders into DIR, the ones they replace (--force) aside first;
    /// on an error, everything is put back as it was.
    fn commit_folders(&self) -> Result<(), Error> {
        let old = self.staging.join(".replaced");
        let io = |path: &Path, source| Error::Io {
            path: path.to_path_buf(),
            source,
        };
        std::fs::create_dir(&old).map_err(|e| io(&old, e))?;
        let mut moved_aside = Vec::new();
        let mut moved_in = Vec::new();
        let mut result = Ok(());
        for name in FILES {
            let f = folder_of(name);
            let (target, staged) = (self.dir.join(f), self.staging.join(f));
            if target.exists() {
                if let Err(e) = std::fs::rename(&target, old.join(f)) {
                    result = Err(io(&target, e));
                    break;
                }
                moved_aside.push(f);
            }
            if let Err(e) = std::fs::rename(&staged, &target) {
                result = Err(io(&target, e));
                break;
            }
            moved_in.push(f);
        }
        if result.is_ok() {
            result = self.commit_sites();
        }
        if result.is_err() {
            for f in moved_in {
                let _ = std::fs::rename(self.dir.join(f), self.staging.join(f));
            }
            for f in moved_aside {
                let _ = std::fs::rename(old.join(f), self.dir.join(f));
            }
            return result;
        }
        let _ = std::fs::remove_dir_all(&self.staging);
        Ok(())
    }

    /// Remove everything this export wrote.
    pub fn abort(&self) {
        let sets = (self.slots.iter())
            .filter_map(|s| s.set.lock().ok().and_then(|mut g| g.take()))
            .chain(self.flat.clone());
        for s in sets {
            for t in &s.tables {
                t.discard();
                let _ = std::fs::remove_file(&t.tmp);
            }
        }
        if let Some(t) = self.sites.lock().ok().and_then(|mut g| g.take()) {
            t.discard();
            let _ = std::fs::remove_file(&t.tmp);
        }
        if !self.layout.is_flat() {
            let _ = std::fs::remove_dir_all(&self.staging);
        }
        if self.created_dir {
            let _ = std::fs::remove_dir(&self.dir);
        }
    }

    /// "" when flat, else " in N partitions by job,rank" (for the account line).
    pub fn partitions(&self) -> String {
        match self.layout.is_flat() {
            true => String::new(),
            false => {
                let n = self.slots.len();
                let s = if n == 1 { "" } else { "s" };
                format!(" in {n} partition{s} by {}", self.layout)
            }
        }
    }
}

/// Each distinct folder a slot, in order of first appearance; each process's slot.
fn slots(folders: &[String]) -> (Vec<Slot>, Vec<usize>) {
    let mut slots: Vec<Slot> = Vec::new();
    let mut slot_of = Vec::with_capacity(folders.len());
    let mut index: hashbrown::HashMap<&str, usize> = hashbrown::HashMap::new();
    for f in folders {
        let i = *index.entry(f.as_str()).or_insert_with(|| {
            slots.push(Slot {
                folder: f.clone(),
                left: AtomicUsize::new(0),
                set: Mutex::new(None),
            });
            slots.len() - 1
        });
        slots[i].left.fetch_add(1, Ordering::Relaxed);
        slot_of.push(i);
    }
    (slots, slot_of)
}

/// Rename the flat files to their final names, all or nothing.
fn commit_flat(s: &Set) -> Result<(), Error> {
    let mut renamed = Vec::new();
    for t in &s.tables {
        if let Err(e) = std::fs::rename(&t.tmp, &t.path) {
            // All or nothing: take back the files already given their names.
            for p in renamed {
                let _ = std::fs::remove_file(p);
            }
            return Err(t.io(e));
        }
        renamed.push(&t.path);
    }
    Ok(())
}
