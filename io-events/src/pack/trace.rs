//! Packing a whole trace directory: its process folders grouped by MPI job and host (one
//! pack per node and job, `job-<id>-<host>.rpk`; processes outside a job `<host>.rpk`),
//! each pack written, read back and compared with the folders before they are removed.
//!
//! Safe to kill at any moment: until its rename, a pack is a hidden temporary file that
//! readers skip, and the folders are intact; after it, readers take the pack's members
//! and ignore folders of the same names, which a later `pack` removes, as it removes the
//! temporary files of packs whose writer is gone ([`remove_stale_temps`]).

pub use super::host::{safe, this_host};
use super::write::{member_files, temp_name, temp_owner, write_to, Input, Stats};
use crate::error::{Error, Result};
use crate::layout::{process_dirs, ProcessDir};
use crate::meta::{Ending, ProcessMeta};
use crate::packfile::is_pack_name;
use crate::packfile::read::{open_cached, PackFile};
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

/// The folders of one pack, template first.
#[derive(Clone, Debug)]
pub struct Group {
    /// The pack's file name.
    pub name: String,
    pub members: Vec<Input>,
}

/// What packing a trace did.
#[derive(Debug, Default)]
pub struct Outcome {
    pub packs: Vec<(PathBuf, Stats)>,
    /// Folders removed because a pack already held them, byte for byte.
    pub already_packed: usize,
    /// Temporary files of interrupted packs removed (see [`stale_temps`]).
    pub stale_temps: usize,
    /// Anything left unpacked or doubtful, one line each naming the folder.
    pub warnings: Vec<String>,
}

/// Whether the process is still running: on this host, its pid alive with the same start
/// (an `ending: running` folder elsewhere was killed, or runs on a node we cannot see).
fn still_running(m: &ProcessMeta) -> bool {
    if m.ending != Ending::Running {
        return false;
    }
    this_host() == m.host && Path::new(&format!("/proc/{}", m.pid)).exists()
}

/// The packs to make from the trace's unpacked folders, in name order, and the folders
/// left out (one line each, why).
pub fn plan(trace: &Path) -> Result<(Vec<Group>, Vec<String>)> {
    let dirs = process_dirs(trace)?;
    let taken: HashSet<String> = existing_packs(trace)?;
    let mut groups: BTreeMap<String, Vec<(u32, String, Input)>> = BTreeMap::new();
    let mut warnings = Vec::new();
    for d in dirs {
        if d.packed() {
            continue;
        }
        let meta = match ProcessMeta::read(&d.meta()) {
            Ok(m) => m,
            Err(e) => {
                warnings.push(format!("{e}; this folder is left unpacked"));
                continue;
            }
        };
        if still_running(&meta) {
            warnings.push(format!(
                "{}: process {} is still running; left unpacked",
                d.dir.display(),
                meta.pid
            ));
            continue;
        }
        let name = match &meta.job {
            Some(job) => format!("job-{}-{}", safe(job), safe(&meta.host)),
            None => safe(&meta.host),
        };
        let key = (meta.rank.unwrap_or(u32::MAX), d.name.clone());
        let input = Input {
            name: d.name.clone(),
            dir: d.dir.clone(),
        };
        groups.entry(name).or_default().push((key.0, key.1, input));
    }
    let groups = groups
        .into_iter()
        .map(|(name, mut v)| {
            v.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
            let mut file = format!("{name}.rpk");
            let mut n = 2;
            while taken.contains(&file) {
                file = format!("{name}.{n}.rpk");
                n += 1;
            }
            Group {
                name: file,
                members: v.into_iter().map(|x| x.2).collect(),
            }
        })
        .collect();
    Ok((groups, warnings))
}

/// The pack files of a trace directory, by name.
fn existing_packs(trace: &Path) -> Result<HashSet<String>> {
    let rd = std::fs::read_dir(trace).map_err(|e| Error::io(trace, e))?;
    Ok(rd
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| is_pack_name(n))
        .collect())
}

/// Write one group's pack under a temporary name, check it against the folders, rename it
/// into place and, unless `keep`, remove the folders. Until the rename, `stop` (a signal
/// received) stops it between two files with [`Error::PackStopped`]; on that and on any
/// other error the temporary file is removed and the folders are as they were.
pub fn pack_group(
    trace: &Path,
    g: &Group,
    level: i32,
    keep: bool,
    stop: &dyn Fn() -> bool,
) -> Result<Stats> {
    let out = trace.join(&g.name);
    if out.exists() {
        return Err(Error::PackExists { path: out });
    }
    let tmp = temp_name(&out);
    let renamed = write_to(&tmp, &g.members, level, stop).and_then(|stats| {
        verify(&tmp, &g.members, stop)?;
        std::fs::rename(&tmp, &out).map_err(|e| Error::io(&out, e))?;
        Ok(stats)
    });
    let stats = match renamed {
        Ok(stats) => stats,
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            return Err(e);
        }
    };
    if let Ok(d) = std::fs::File::open(trace) {
        let _ = d.sync_all();
    }
    if !keep {
        for m in &g.members {
            remove_folder(&m.dir)?;
        }
    }
    Ok(stats)
}

/// Read every member file back from the pack and compare it with the folder's.
fn verify(pack: &Path, members: &[Input], stop: &dyn Fn() -> bool) -> Result<()> {
    let p = PackFile::open(pack)?;
    for (mi, m) in members.iter().enumerate() {
        if stop() {
            return Err(Error::PackStopped { path: pack.into() });
        }
        let files = member_files(&m.dir)?;
        let entry = &p.index.members[mi];
        if files.len() != entry.files.len() {
            return Err(Error::ChangedWhilePacked {
                path: m.dir.clone(),
            });
        }
        for (fi, (_, path)) in files.iter().enumerate() {
            let want = crate::layout::read_trace_file(path, super::write::MAX_PACKED_FILE)?;
            if p.read_file(mi, fi)? != want {
                return Err(Error::PackedCopyDiffers { path: path.clone() });
            }
        }
    }
    Ok(())
}

/// Remove the folders a pack already holds byte for byte (a `pack` killed after the
/// rename); a folder that differs from its pack member stays, with a warning.
pub fn remove_packed_folders(trace: &Path, out: &mut Outcome) -> Result<()> {
    let dirs = process_dirs_all(trace)?;
    let packed: Vec<&ProcessDir> = dirs.iter().filter(|d| d.packed()).collect();
    for d in dirs.iter().filter(|d| !d.packed()) {
        let Some(p) = packed.iter().find(|p| p.name == d.name) else {
            continue;
        };
        let same = (|| -> Result<bool> {
            for (name, path) in member_files(&d.dir)? {
                let want = crate::layout::read_trace_file(&path, super::write::MAX_PACKED_FILE)?;
                let got = crate::layout::read_trace_file(
                    &p.dir.join(&name),
                    super::write::MAX_PACKED_FILE,
                )?;
                if want != got {
                    return Ok(false);
                }
            }
            Ok(true)
        })();
        match same {
            Ok(true) => {
                remove_folder(&d.dir)?;
                out.already_packed += 1;
            }
            // Removed meanwhile (by the `pack` of another rank that wrote this pack).
            _ if !d.dir.exists() => {}
            _ => out.warnings.push(format!(
                "{}: a pack holds a process of this name with other contents; left as it is",
                d.dir.display()
            )),
        }
    }
    Ok(())
}

/// The temporary files of packs in `trace` whose writer is gone: written on this host (or
/// by an earlier version, whose names do not say the host) by a process that no longer
/// runs `recorder-otf2`. Those of a pack still being written (another rank's under
/// `mpirun`, a `pack` started meanwhile) and of other hosts are left alone.
pub fn stale_temps(trace: &Path) -> Result<Vec<PathBuf>> {
    let host = safe(&this_host());
    let mut v = Vec::new();
    for e in std::fs::read_dir(trace).map_err(|e| Error::io(trace, e))? {
        let e = e.map_err(|e| Error::io(trace, e))?;
        let Some(owner) = temp_owner(&e.file_name().to_string_lossy()) else {
            continue;
        };
        let here = owner.host.as_ref().is_none_or(|h| *h == host);
        if here && !e.file_type().is_ok_and(|t| t.is_dir()) && !packing(owner.pid) {
            v.push(e.path());
        }
    }
    v.sort();
    Ok(v)
}

/// Whether process `pid` of this host may be writing a pack: this process, or a running
/// `recorder-otf2` (another pid reused since is no pack).
fn packing(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    match std::fs::read_to_string(format!("/proc/{pid}/comm")) {
        Ok(comm) => comm.trim_end() == "recorder-otf2",
        // Running but unreadable: leave its files.
        Err(e) => e.kind() != std::io::ErrorKind::NotFound,
    }
}

/// Remove the leftovers [`stale_temps`] finds; their number (one another rank removed
/// meanwhile is fine).
pub fn remove_stale_temps(trace: &Path) -> Result<usize> {
    let mut n = 0;
    for path in stale_temps(trace)? {
        match std::fs::remove_file(&path) {
            Ok(()) => n += 1,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(Error::io(&path, e)),
        }
    }
    Ok(n)
}

/// Remove a packed folder (one another rank removed already is fine).
fn remove_folder(dir: &Path) -> Result<()> {
    match std::fs::remove_dir_all(dir) {
        Err(source) if source.kind() != std::io::ErrorKind::NotFound => Err(Error::RemoveFolder {
            path: dir.into(),
            source,
        }),
        _ => Ok(()),
    }
}

/// Every process folder, packed or not, even when they share a name; a folder named like a
/// pack's member counts even without its meta.yaml (a `pack` killed while removing it).
fn process_dirs_all(trace: &Path) -> Result<Vec<ProcessDir>> {
    let mut v = Vec::new();
    let mut folders = Vec::new();
    for e in std::fs::read_dir(trace).map_err(|e| Error::io(trace, e))? {
        let e = e.map_err(|e| Error::io(trace, e))?;
        let name = e.file_name().to_string_lossy().into_owned();
        if is_pack_name(&name) && e.file_type().is_ok_and(|t| t.is_file()) {
            let pack = open_cached(&e.path())?;
            v.extend(pack.index.members.iter().map(|m| ProcessDir {
                dir: e.path().join(&m.name),
                name: m.name.clone(),
            }));
        } else if e.file_type().is_ok_and(|t| t.is_dir()) && !name.starts_with('.') {
            folders.push(ProcessDir {
                dir: e.path(),
                name,
            });
        }
    }
    let members: HashSet<String> = v.iter().map(|d| d.name.clone()).collect();
    v.extend(
        folders.into_iter().filter(|d| {
            members.contains(&d.name) || d.dir.join(crate::layout::META_FILE).is_file()
        }),
    );
    Ok(v)
}
