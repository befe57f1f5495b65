//! The trace directory layout (docs/format.md, "Trace directory"):
//!
//! ```text
//! TRACE_DIR/
//!   functions-<hash>.txt     the function table, once per trace (per recorder build)
//!   <host>.<pid>[.<n>]/      one folder per process image (n counts exec'ed images)
//!     meta.yaml              ProcessMeta
//!     defs.bin               local definitions (files, threads, pre-created handles)
//!     thread-<i>.rec         one record stream per thread
//! ```
//!
//! A process folder's files are on disk or in a pack ([`crate::packfile`]): the functions
//! here open, list and read them alike.

use crate::error::{Error, Result, TableProblem};
use crate::packfile::{is_pack_name, read as packed};
use std::path::{Path, PathBuf};

pub use crate::disk::{open_disk_file, Refused};

/// Metadata file name inside a process folder.
pub const META_FILE: &str = "meta.yaml";
/// Definitions file name inside a process folder.
pub const DEFS_FILE: &str = "defs.bin";

/// The function table the streams of a recorder build are written with, stored once per
/// trace directory instead of in every process's meta.yaml (at 1,000 ranks, 1,000 copies of
/// the same 5,000 names): one name per line, the line number being the function id. The
/// file is named by a hash of its text, so that processes of different builds writing into
/// one trace each find theirs, and a reader can tell a damaged table.
pub fn functions_file_name<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    format!("functions-{:016x}.txt", fnv1a(&functions_text(names)))
}

/// The text of a function table file.
pub fn functions_text<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<u8> {
    let mut text = Vec::new();
    for n in names {
        text.extend_from_slice(n.as_bytes());
        text.push(b'\n');
    }
    text
}

/// Largest function table file a reader accepts (a table has at most 65,536 names).
pub const MAX_FUNCTIONS_FILE: u64 = 4 << 20;

/// Whether `name` is a function table's file name (nothing else is read from meta.yaml's
/// `functions_file`: no folder, no `..`).
pub fn is_functions_file_name(name: &str) -> bool {
    name.strip_prefix("functions-")
        .and_then(|s| s.strip_suffix(".txt"))
        .is_some_and(|h| h.len() == 16 && h.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Read the function table `name` of trace directory `trace`, checking its hash.
pub fn read_functions_file(trace: &Path, name: &str) -> Result<Vec<String>> {
    let path = trace.join(name);
    let bad = |path: PathBuf, problem| Error::FunctionTable { path, problem };
    if !is_functions_file_name(name) {
        return Err(bad(path, TableProblem::BadName));
    }
    // A process folder copied out of its trace without the table: when the table is this
    // build's own (the same names, so the same hash), the reader has it.
    if !path.exists() {
        let ours = crate::FUNCTIONS.iter().map(|f| f.name);
        if functions_file_name(ours.clone()) == name {
            return Ok(ours.map(str::to_string).collect());
        }
    }
    let bytes = read_trace_file(&path, MAX_FUNCTIONS_FILE)?;
    if format!("functions-{:016x}.txt", fnv1a(&bytes)) != name {
        return Err(bad(path, TableProblem::HashMismatch));
    }
    let Ok(text) = String::from_utf8(bytes) else {
        return Err(bad(path, TableProblem::NotUtf8));
    };
    Ok(text.lines().map(str::to_string).collect())
}

/// 64-bit FNV-1a (stable across builds and platforms, unlike std's hasher).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// File name of thread `i`'s stream.
pub fn thread_file(i: u32) -> String {
    format!("thread-{i}.rec")
}

/// One process folder of a trace.
#[derive(Clone, Debug)]
pub struct ProcessDir {
    /// The folder.
    pub dir: PathBuf,
    /// Its name (`host.pid[.n]`).
    pub name: String,
}

impl ProcessDir {
    /// Path of meta.yaml.
    pub fn meta(&self) -> PathBuf {
        self.dir.join(META_FILE)
    }
    /// Path of defs.bin.
    pub fn defs(&self) -> PathBuf {
        self.dir.join(DEFS_FILE)
    }
    /// Thread stream files, ordered by index.
    pub fn threads(&self) -> std::io::Result<Vec<(u32, PathBuf)>> {
        let names: Vec<String> = match packed::packed_files(&self.dir) {
            Some(r) => r.map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))?,
            None => std::fs::read_dir(&self.dir)?
                .map(|e| e.map(|e| e.file_name().to_string_lossy().into_owned()))
                .collect::<std::io::Result<_>>()?,
        };
        let mut v: Vec<(u32, PathBuf)> = names
            .iter()
            .filter_map(|name| {
                let i = name
                    .strip_prefix("thread-")
                    .and_then(|s| s.strip_suffix(".rec"))
                    .and_then(|s| s.parse().ok())?;
                Some((i, self.dir.join(name)))
            })
            .collect();
        v.sort();
        Ok(v)
    }

    /// Whether the folder is a member of a pack (`<trace>/<name>.rpk/<member>`).
    pub fn packed(&self) -> bool {
        self.dir
            .parent()
            .and_then(|p| p.file_name())
            .is_some_and(|n| is_pack_name(&n.to_string_lossy()))
    }
}

/// The process folders of a trace directory, in name order: folders holding a meta.yaml
/// and the members of the packs (`*.rpk`) there; a folder that is also a pack's member is
/// the pack's (packing writes the pack, then removes the folders). An error names the
/// directory and says what is wrong when it is not a trace.
pub fn process_dirs(trace: &Path) -> Result<Vec<ProcessDir>> {
    let rd = std::fs::read_dir(trace).map_err(|source| Error::TraceDir {
        path: trace.into(),
        source,
    })?;
    let mut v = Vec::new();
    let mut packed = std::collections::HashSet::new();
    for e in rd {
        let e = e.map_err(|e| Error::io(trace, e))?;
        let name = e.file_name().to_string_lossy().into_owned();
        if is_pack_name(&name) && e.file_type().is_ok_and(|t| t.is_file()) {
            let pack = packed::open_cached(&e.path())?;
            for m in &pack.index.members {
                packed.insert(m.name.clone());
                v.push(ProcessDir {
                    dir: e.path().join(&m.name),
                    name: m.name.clone(),
                });
            }
        } else if std::fs::symlink_metadata(e.path().join(META_FILE)).is_ok() {
            v.push(ProcessDir {
                dir: e.path(),
                name,
            });
        }
    }
    v.retain(|d| d.packed() || !packed.contains(&d.name));
    if v.is_empty() {
        return Err(Error::NotATrace { path: trace.into() });
    }
    v.sort_by(|a, b| a.name.cmp(&b.name));
    v.dedup_by(|a, b| a.name == b.name);
    Ok(v)
}

/// A file of a trace opened for reading: on disk, or reassembled from a pack.
pub enum TraceFile {
    Disk(std::fs::File),
    Packed(std::io::Cursor<Vec<u8>>),
}

impl TraceFile {
    /// Its length in bytes.
    pub fn len(&self) -> std::io::Result<u64> {
        match self {
            TraceFile::Disk(f) => Ok(f.metadata()?.len()),
            TraceFile::Packed(c) => Ok(c.get_ref().len() as u64),
        }
    }
    pub fn is_empty(&self) -> std::io::Result<bool> {
        Ok(self.len()? == 0)
    }
}

impl std::io::Read for TraceFile {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self {
            TraceFile::Disk(f) => f.read(buf),
            TraceFile::Packed(c) => c.read(buf),
        }
    }
}

/// Open a file of a trace for reading, in a folder or a pack (see [`open_disk_file`]).
pub fn open_trace_file(path: &Path) -> std::io::Result<TraceFile> {
    match packed::packed_file(path) {
        Some(bytes) => Ok(TraceFile::Packed(std::io::Cursor::new(bytes?))),
        None => open_disk_file(path).map(TraceFile::Disk),
    }
}

/// The length of a trace file (in a folder or a pack), if it is there.
pub fn trace_file_len(path: &Path) -> Option<u64> {
    match packed::packed_len(path) {
        Some(len) => len,
        None => std::fs::symlink_metadata(path)
            .ok()
            .filter(|m| m.is_file())
            .map(|m| m.len()),
    }
}

/// Read a whole trace file of at most `limit` bytes (regular files only, see
/// [`open_trace_file`]); an error names the file.
pub fn read_trace_file(path: &Path, limit: u64) -> Result<Vec<u8>> {
    use std::io::Read;
    let name = |e: std::io::Error| Error::io(path, e);
    let f = open_trace_file(path).map_err(name)?;
    let mut bytes = Vec::new();
    f.take(limit + 1).read_to_end(&mut bytes).map_err(name)?;
    if bytes.len() as u64 > limit {
        return Err(Error::TooLarge {
            path: path.into(),
            limit,
        });
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error as _;

    #[test]
    fn a_missing_file_names_the_path_and_keeps_the_io_error() {
        let path = std::path::Path::new("/nonexistent-trace/h.1/meta.yaml");
        let e = read_trace_file(path, 100).unwrap_err();
        assert!(matches!(&e, Error::Io { path: p, .. } if p == path));
        assert_eq!(
            e.to_string(),
            "/nonexistent-trace/h.1/meta.yaml: No such file or directory (os error 2)"
        );
        let source = e
            .source()
            .unwrap()
            .downcast_ref::<std::io::Error>()
            .unwrap();
        assert_eq!(source.kind(), std::io::ErrorKind::NotFound);
    }
}
