//! Opening a trace directory: every process's metadata, local definitions and thread
//! streams, validated up front so that bad input fails with one clear line naming the file.

use io_events::defs::{read_defs, Def, FileKind, LocalDefs};
use io_events::layout::{process_dirs, ProcessDir};
use io_events::meta::{Ending, ProcessMeta};
use io_events::stream::StreamReader;
use std::path::{Path, PathBuf};

/// A file of one process's local definitions.
#[derive(Clone, Debug)]
pub struct LocalFile {
    pub path: String,
    pub kind: FileKind,
    pub fs_type: String,
    pub mount: String,
}

/// One process of the trace.
pub struct ProcessTrace {
    pub dir: ProcessDir,
    pub meta: ProcessMeta,
    pub defs: LocalDefs,
    /// Local file id -> file.
    pub files: Vec<Option<LocalFile>>,
    /// Local name id -> text (HDF5 object paths).
    pub names: hashbrown::HashMap<u32, String>,
    /// (thread index, stream file, OS thread id).
    pub threads: Vec<(u32, PathBuf, u64)>,
    /// Map from the trace's function ids to this build's table (None = unknown function).
    pub func_map: Vec<Option<u16>>,
    /// Total size of the thread streams (for progress).
    pub bytes: u64,
}

impl ProcessTrace {
    /// The local file `id`, if defined.
    pub fn file(&self, id: u64) -> Option<&LocalFile> {
        self.files.get(id as usize).and_then(|f| f.as_ref())
    }
    /// The local name `id`, if defined.
    pub fn name(&self, id: u64) -> Option<&str> {
        self.names.get(&(id as u32)).map(|s| s.as_str())
    }
    /// Whether the process finished normally (exit, _exit or exec).
    pub fn complete(&self) -> bool {
        !matches!(self.meta.ending, Ending::Running)
    }
}

/// A whole trace directory.
pub struct Trace {
    pub dir: PathBuf,
    pub processes: Vec<ProcessTrace>,
}

impl Trace {
    /// Open and validate a trace directory.
    pub fn open(dir: &Path) -> Result<Trace, String> {
        if !dir.exists() {
            return Err(format!("{}: no such trace directory", dir.display()));
        }
        if !dir.is_dir() {
            return Err(format!(
                "{}: not a directory (give the folder that `recorder-otf2 record -o` wrote)",
                dir.display()
            ));
        }
        let mut processes = Vec::new();
        for pd in process_dirs(dir)? {
            let meta = ProcessMeta::read(&pd.meta())?;
            let defs = read_defs(&pd.defs()).map_err(|e| e.to_string())?;
            let mut files: Vec<Option<LocalFile>> = Vec::new();
            for d in &defs.defs {
                if let Def::File {
                    id,
                    kind,
                    path,
                    fs_type,
                    mount,
                } = d
                {
                    let i = *id as usize;
                    if i > 1 << 28 {
                        return Err(format!(
                            "{}: file id {} out of range",
                            pd.defs().display(),
                            id
                        ));
                    }
                    if files.len() <= i {
                        files.resize(i + 1, None);
                    }
                    files[i] = Some(LocalFile {
                        path: path.clone(),
                        kind: *kind,
                        fs_type: fs_type.clone(),
                        mount: mount.clone(),
                    });
                }
            }
            let names = defs
                .defs
                .iter()
                .filter_map(|d| match d {
                    Def::Name { id, text } => Some((*id, text.clone())),
                    _ => None,
                })
                .collect();
            let tids: Vec<(u32, u64)> = defs
                .defs
                .iter()
                .filter_map(|d| {
                    if let Def::Thread { index, tid } = d {
                        Some((*index, *tid))
                    } else {
                        None
                    }
                })
                .collect();
            let mut threads = Vec::new();
            let mut bytes = 0;
            for (i, path) in pd
                .threads()
                .map_err(|e| format!("{}: {}", pd.dir.display(), e))?
            {
                // Check the header now: a wrong version or a non-stream fails before any output.
                let r = StreamReader::open(&path).map_err(|e| e.to_string())?;
                let tid = tids
                    .iter()
                    .find(|t| t.0 == i)
                    .map(|t| t.1)
                    .unwrap_or(r.header.tid);
                bytes += std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
                threads.push((i, path, tid));
            }
            let func_map = meta
                .functions
                .iter()
                .map(|n| io_events::functions::id_by_name(n))
                .collect();
            // The names are only needed for the map: at thousands of processes the lists
            // (the same 1,100+ names each) would dominate memory.
            let mut meta = meta;
            meta.functions = Vec::new();
            processes.push(ProcessTrace {
                dir: pd,
                names,
                meta,
                defs,
                files,
                threads,
                func_map,
                bytes,
            });
        }
        Ok(Trace {
            dir: dir.to_path_buf(),
            processes,
        })
    }

    /// Total bytes of all thread streams.
    pub fn stream_bytes(&self) -> u64 {
        self.processes.iter().map(|p| p.bytes).sum()
    }
}
