//! The trace directory layout (docs/format.md, "Trace directory"):
//!
//! ```text
//! TRACE_DIR/
//!   <host>.<pid>[.<n>]/      one folder per process image (n counts exec'ed images)
//!     meta.yaml              ProcessMeta
//!     defs.bin               local definitions (files, threads, pre-created handles)
//!     thread-<i>.rec         one record stream per thread
//! ```

use std::path::{Path, PathBuf};

/// Metadata file name inside a process folder.
pub const META_FILE: &str = "meta.yaml";
/// Definitions file name inside a process folder.
pub const DEFS_FILE: &str = "defs.bin";

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
        let mut v = Vec::new();
        for e in std::fs::read_dir(&self.dir)? {
            let e = e?;
            let name = e.file_name();
            let name = name.to_string_lossy();
            if let Some(i) = name
                .strip_prefix("thread-")
                .and_then(|s| s.strip_suffix(".rec"))
                .and_then(|s| s.parse().ok())
            {
                v.push((i, e.path()));
            }
        }
        v.sort();
        Ok(v)
    }
}

/// The process folders of a trace directory, in name order; an error names the directory
/// and says what is wrong when it is not a trace.
pub fn process_dirs(trace: &Path) -> Result<Vec<ProcessDir>, String> {
    let rd = std::fs::read_dir(trace)
        .map_err(|e| format!("{}: cannot read trace directory: {}", trace.display(), e))?;
    let mut v = Vec::new();
    for e in rd {
        let e = e.map_err(|e| format!("{}: {}", trace.display(), e))?;
        if e.path().join(META_FILE).is_file() {
            v.push(ProcessDir {
                dir: e.path(),
                name: e.file_name().to_string_lossy().into_owned(),
            });
        }
    }
    if v.is_empty() {
        return Err(format!(
            "{}: not a recorder-otf2 trace directory (no <host>.<pid>/meta.yaml inside); record one with `recorder-otf2 record -o DIR -- PROGRAM`",
            trace.display()
        ));
    }
    v.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(v)
}
