//! Opening a trace directory: every process's metadata, local definitions and thread
//! streams, validated up front so that bad input fails with one clear line naming the file.

use crate::error::{Error, ErrorKind};
use io_events::defs::{read_defs, Def, FileKind, LocalDefs};
use io_events::filetype::Filetype;
use io_events::layout::{process_dirs, ProcessDir};
use io_events::meta::{Ending, ProcessMeta};
use io_events::stream::{StreamError, StreamReader};
use std::path::{Path, PathBuf};

/// A file of one process's local definitions.
#[derive(Clone, Debug)]
pub struct LocalFile {
    pub path: String,
    pub kind: FileKind,
    pub fs_type: String,
    pub mount: String,
}

/// An object (executable or shared library) mapped into a process: call sites' addresses
/// are resolved in it (`Def::Object`).
#[derive(Clone, Debug)]
pub struct MappedObject {
    pub path: String,
    pub build_id: Vec<u8>,
    /// Address in the process minus the address in the file.
    pub bias: u64,
    pub lo: u64,
    pub hi: u64,
}

/// Map from a trace's function ids to this build's table (None = unknown function); shared
/// by the processes written with the same table.
pub type FuncMap = std::sync::Arc<[Option<u16>]>;

/// A communicator's member ranks.
pub type CommMembers = std::sync::Arc<[u32]>;

pub struct ProcessTrace {
    pub dir: ProcessDir,
    pub meta: ProcessMeta,
    pub defs: LocalDefs,
    /// Local file id -> file.
    pub files: hashbrown::HashMap<u64, LocalFile>,
    /// Local name id -> text (HDF5 object paths).
    pub names: hashbrown::HashMap<u32, String>,
    /// Local filetype id -> the MPI file view's filetype, flattened.
    pub filetypes: hashbrown::HashMap<u32, std::sync::Arc<Filetype>>,
    /// The objects mapped into the process, in the order the recorder wrote them.
    pub objects: Vec<MappedObject>,
    /// Communicators: local id -> MPI_COMM_WORLD ranks of the members, shared by every
    /// process naming the same list (at 10,000 ranks, MPI_COMM_WORLD's 40 KB once, not
    /// once per process).
    pub comms: Vec<(u32, CommMembers)>,
    /// (thread index, stream file, OS thread id).
    pub threads: Vec<(u32, PathBuf, u64)>,
    /// Map from the trace's function ids to this build's table (None = unknown function).
    pub func_map: FuncMap,
    /// Total size of the thread streams (for progress).
    pub bytes: u64,
    /// What was left out when opening (an empty or damaged stream or definitions file),
    /// one line each naming the file.
    pub warnings: Vec<String>,
}

impl ProcessTrace {
    /// The local file `id`, if defined.
    pub fn file(&self, id: u64) -> Option<&LocalFile> {
        self.files.get(&id)
    }
    /// The local name `id`, if defined.
    pub fn name(&self, id: u64) -> Option<&str> {
        self.names.get(&(id as u32)).map(|s| s.as_str())
    }
    /// The filetype of a `Filetype` field, when it has holes and was recorded.
    pub fn filetype(&self, id: u64) -> Option<&std::sync::Arc<Filetype>> {
        self.filetypes.get(&u32::try_from(id).ok()?)
    }
    /// A `Filetype` field as text: its runs (`{extent E: LB@O+SxC ...}`), `contiguous`
    /// or `unknown`.
    pub fn filetype_text(&self, id: u64) -> String {
        use io_events::functions::{FILETYPE_CONTIGUOUS, FILETYPE_UNKNOWN};
        match (self.filetype(id), id) {
            (Some(f), _) => f.to_string(),
            (None, FILETYPE_CONTIGUOUS) => "contiguous".into(),
            (None, FILETYPE_UNKNOWN) => "unknown".into(),
            (None, _) => format!("filetype#{id}"),
        }
    }
    /// The object an address of the process lies in (the one written last, when a library
    /// was unloaded and another mapped in its place) and the address in its file.
    pub fn object_at(&self, pc: u64) -> Option<(usize, u64)> {
        let i = self.objects.iter().rposition(|o| (o.lo..o.hi).contains(&pc))?;
        Some((i, pc.wrapping_sub(self.objects[i].bias)))
    }
    /// How long the process ran (its meta.yaml's end less its start), when it finished.
    pub fn duration_ns(&self) -> Option<u64> {
        let end = self.meta.end.as_ref()?;
        Some(
            end.monotonic_ns
                .saturating_sub(self.meta.start.monotonic_ns),
        )
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
    pub fn open(dir: &Path) -> Result<Trace, Error> {
        let not_a_trace = |reason| -> Error {
            ErrorKind::NotATrace {
                path: dir.to_path_buf(),
                reason,
            }
            .into()
        };
        if !dir.exists() {
            return Err(not_a_trace("no such trace directory"));
        }
        if !dir.is_dir() {
            return Err(not_a_trace(
                "not a directory (give the folder that `recorder-otf2 record -o` wrote)",
            ));
        }
        let mut processes = Vec::new();
        let mut tables = FunctionTables::default();
        let mut comms = hashbrown::HashSet::new();
        let dirs = process_dirs(dir).map_err(|source| ErrorKind::BadFile {
            path: dir.to_path_buf(),
            source,
        })?;
        for pd in dirs {
            processes.push(open_process(pd, dir, &mut tables, &mut comms)?);
        }
        fit_worlds(&mut processes);
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

/// The function tables of the trace directory's files, read once each: the maps from
/// their function ids to this build's, shared by the processes written with them.
#[derive(Default)]
struct FunctionTables(hashbrown::HashMap<String, FuncMap>);

impl FunctionTables {
    /// The map of table `name`, which the process's `meta` (its meta.yaml) names.
    fn map(&mut self, trace: &Path, name: &str, meta: PathBuf) -> Result<FuncMap, Error> {
        if let Some(m) = self.0.get(name) {
            return Ok(m.clone());
        }
        let names = io_events::layout::read_functions_file(trace, name)
            .map_err(|source| ErrorKind::FunctionTable { meta, source })?;
        let m = func_map(&names);
        self.0.insert(name.to_string(), m.clone());
        Ok(m)
    }
}

/// The map from a table's function ids to this build's.
fn func_map(names: &[String]) -> FuncMap {
    names
        .iter()
        .map(|n| io_events::functions::id_by_name(n))
        .collect::<Vec<_>>()
        .into()
}

/// Open one process folder. An empty or damaged stream or definitions file costs that file
/// (a warning), a bad meta.yaml or an unreadable file the whole trace (an error).
fn open_process(
    pd: ProcessDir,
    trace: &Path,
    tables: &mut FunctionTables,
    comm_lists: &mut hashbrown::HashSet<CommMembers>,
) -> Result<ProcessTrace, Error> {
    let mut warnings = Vec::new();
    let mut meta = ProcessMeta::read(&pd.meta()).map_err(|source| ErrorKind::BadFile {
        path: pd.meta(),
        source,
    })?;
    let func_map = match &meta.functions_file {
        Some(name) if meta.functions.is_empty() => tables.map(trace, name, pd.meta())?,
        _ => func_map(&meta.functions),
    };
    // The names are only needed for the map: at thousands of processes the lists
    // (the same 1,100+ names each) would dominate memory.
    meta.functions = Vec::new();
    let mut defs = match read_defs(&pd.defs()) {
        Ok(d) => d,
        Err(e) if is_empty(&pd.defs()) => {
            warnings.push(format!(
                "{e}: empty (the disk was full?); the process's files and threads are unnamed"
            ));
            LocalDefs::default()
        }
        Err(e) => return Err(e.into()),
    };
    let comms = take_comms(&mut defs.defs, comm_lists);
    let mut files = hashbrown::HashMap::new();
    let mut names = hashbrown::HashMap::new();
    let mut filetypes = hashbrown::HashMap::new();
    let mut tids = hashbrown::HashMap::new();
    let mut objects = Vec::new();
    for d in &defs.defs {
        match d {
            Def::File {
                id,
                kind,
                path,
                fs_type,
                mount,
            } => {
                let f = LocalFile {
                    path: path.clone(),
                    kind: *kind,
                    fs_type: fs_type.clone(),
                    mount: mount.clone(),
                };
                files.insert(*id, f);
            }
            Def::Name { id, text } => {
                names.insert(*id, text.clone());
            }
            Def::Filetype { id, filetype } => {
                filetypes.insert(*id, std::sync::Arc::new(filetype.clone()));
            }
            Def::Thread { index, tid } => {
                tids.entry(*index).or_insert(*tid);
            }
            Def::Object {
                path,
                build_id,
                bias,
                lo,
                hi,
            } => objects.push(MappedObject {
                path: path.clone(),
                build_id: build_id.clone(),
                bias: *bias,
                lo: *lo,
                hi: *hi,
            }),
            _ => {}
        }
    }
    let mut threads = Vec::new();
    let mut bytes = 0;
    for (i, path) in pd.threads().map_err(|source| ErrorKind::ListThreads {
        path: pd.dir.clone(),
        source,
    })? {
        // Check the header now: a wrong version or an unreadable file fails before any
        // output; an empty or damaged stream costs that stream.
        let r = match StreamReader::open(&path) {
            Ok(r) => r,
            Err(
                e @ (StreamError::Empty(_) | StreamError::NotAStream(_) | StreamError::Corrupt(..)),
            ) => {
                warnings.push(format!("{e}; this thread's calls are left out"));
                continue;
            }
            Err(e) => return Err(e.into()),
        };
        let tid = tids.get(&i).copied().unwrap_or(r.header.tid);
        bytes += io_events::layout::trace_file_len(&path).unwrap_or(0);
        threads.push((i, path, tid));
    }
    Ok(ProcessTrace {
        dir: pd,
        names,
        filetypes,
        objects,
        comms,
        meta,
        defs,
        files,
        threads,
        func_map,
        bytes,
        warnings,
    })
}

/// Move the communicators out of the definitions, their member lists interned.
fn take_comms(
    defs: &mut Vec<Def>,
    lists: &mut hashbrown::HashSet<CommMembers>,
) -> Vec<(u32, CommMembers)> {
    let mut comms = Vec::new();
    defs.retain_mut(|d| match d {
        Def::Comm { id, members } => {
            let m = std::mem::take(members);
            let shared = match lists.get(m.as_slice()) {
                Some(s) => s.clone(),
                None => {
                    let s: CommMembers = m.into();
                    lists.insert(s.clone());
                    s
                }
            };
            comms.push((*id, shared));
            false
        }
        _ => true,
    });
    comms
}

fn is_empty(path: &Path) -> bool {
    io_events::layout::trace_file_len(path) == Some(0)
}

/// Checks MPI ranks against the trace: communicators naming a rank beyond their process's
/// world are dropped, and a job's world size is cut to the highest rank its processes and
/// communicators name (plus one). A world size read from meta.yaml sizes tables and
/// location lists; ranks above every traced one have no trace to show. A warning each.
fn fit_worlds(processes: &mut [ProcessTrace]) {
    let mut needed: hashbrown::HashMap<Option<String>, u32> = hashbrown::HashMap::new();
    for p in processes.iter_mut() {
        let (Some(rank), Some(world)) = (p.meta.rank, p.meta.world_size) else {
            continue;
        };
        let before = p.comms.len();
        p.comms
            .retain(|(_, members)| members.iter().all(|&m| m < world));
        if p.comms.len() < before {
            p.warnings.push(format!(
                "{}: {} communicators name ranks beyond world_size {world}; they were dropped",
                p.dir.defs().display(),
                before - p.comms.len()
            ));
        }
        let top = p
            .comms
            .iter()
            .filter_map(|(_, members)| members.iter().max().copied())
            .fold(rank, u32::max);
        let n = needed.entry(p.meta.job.clone()).or_insert(0);
        *n = (*n).max(top + 1);
    }
    let mut told = hashbrown::HashSet::new();
    for p in processes.iter_mut() {
        let (Some(_), Some(world)) = (p.meta.rank, p.meta.world_size) else {
            continue;
        };
        let n = needed[&p.meta.job];
        if world > n {
            p.meta.world_size = Some(n);
            if told.insert(p.meta.job.clone()) {
                p.warnings.push(format!(
                    "{}: world_size {world} but the trace names no rank above {}; ranks {n} to {} are left out",
                    p.dir.meta().display(),
                    n - 1,
                    world - 1
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_directory_is_no_trace() {
        let e = Trace::open(Path::new("/nonexistent/trace")).err();
        let e = e.expect("no such directory");
        assert!(matches!(e.kind(), ErrorKind::NotATrace { .. }));
        assert_eq!(e.to_string(), "/nonexistent/trace: no such trace directory");
    }
}
