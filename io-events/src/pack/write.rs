//! Writing a pack from process folders.

use crate::error::{Error, Result};
use crate::packfile::columns;
use crate::packfile::{FileEntry, Index, Member, Part, PartRef};
use crate::packfile::{PACK_END_MAGIC, PACK_FOOTER_LEN, PACK_HEADER_LEN, PACK_MAGIC, PACK_VERSION};
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// A process folder to pack.
#[derive(Clone, Debug)]
pub struct Input {
    /// The folder name (`host.pid[.n]`), the member's name in the pack.
    pub name: String,
    pub dir: PathBuf,
}

/// What a pack holds, for the tools' summary lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub members: usize,
    pub files: usize,
    /// Bytes of the files packed.
    pub raw_bytes: u64,
    /// Size of the pack file.
    pub pack_bytes: u64,
}

/// Largest file a member may hold (a thread stream is read whole to be split).
pub const MAX_PACKED_FILE: u64 = 1 << 32;

/// The template's parts, raw, by file name; each other member's file is compressed with
/// the template's same-named file (a thread's with thread 0's when the template has no
/// thread of that index).
struct Templates {
    by_name: HashMap<String, (u32, Vec<Vec<u8>>)>,
    dicts: HashMap<(u32, u32), zstd::dict::EncoderDictionary<'static>>,
    level: i32,
}

impl Templates {
    fn dict_for(
        &mut self,
        name: &str,
        part: u32,
    ) -> Option<(PartRef, &zstd::dict::EncoderDictionary<'static>)> {
        let key = if self.by_name.contains_key(name) {
            name
        } else if name.starts_with("thread-") {
            "thread-0.rec"
        } else {
            return None;
        };
        let (file, parts) = self.by_name.get(key)?;
        let raw = parts.get(part as usize).filter(|p| !p.is_empty())?;
        let level = self.level;
        let d = self
            .dicts
            .entry((*file, part))
            .or_insert_with(|| zstd::dict::EncoderDictionary::copy(raw, level));
        let r = PartRef {
            member: 0,
            file: *file,
            part,
        };
        Some((r, d))
    }
}

/// The files of a process folder, in name order: regular files only (anything else is an
/// error: the folder is not one the recorder wrote, and is left as it is).
pub fn member_files(dir: &Path) -> Result<Vec<(String, PathBuf)>> {
    let mut v = Vec::new();
    let rd = std::fs::read_dir(dir).map_err(|e| Error::io(dir, e))?;
    for e in rd {
        let e = e.map_err(|e| Error::io(dir, e))?;
        let t = e.file_type().map_err(|x| Error::io(e.path(), x))?;
        let name = e.file_name().to_string_lossy().into_owned();
        if !t.is_file() {
            return Err(Error::NotRegularFile { path: e.path() });
        }
        v.push((name, e.path()));
    }
    v.sort();
    Ok(v)
}

/// The parts a file is stored as.
fn parts_of(name: &str, bytes: &[u8]) -> (bool, Vec<Vec<u8>>) {
    if name.starts_with("thread-") && name.ends_with(".rec") {
        let c = columns::split(bytes);
        (true, vec![c.frame, c.calls, c.times])
    } else {
        (false, vec![bytes.to_vec()])
    }
}

/// Pack the folders `inputs` (the first is the template: give the lowest rank first) into
/// the new file `out` (written under a temporary name, synced and renamed into place; an
/// existing `out` is an error). The folders are not touched.
pub fn write_pack(out: &Path, inputs: &[Input], level: i32) -> Result<Stats> {
    if out.exists() {
        return Err(Error::PackExists { path: out.into() });
    }
    let tmp = temp_name(out);
    let r = write_to(&tmp, inputs, level, &|| false).and_then(|stats| {
        std::fs::rename(&tmp, out).map_err(|e| Error::io(out, e))?;
        sync_dir(out);
        Ok(stats)
    });
    if r.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    r
}

/// The temporary name a pack is written under: hidden, so readers skip it, and naming the
/// host and process that write it, so that a later `pack` can tell a leftover of an
/// interrupted one from a pack still being written (see [`TempOwner`]).
pub fn temp_name(out: &Path) -> PathBuf {
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    let host = super::host::safe(&super::host::this_host());
    out.with_file_name(format!(".{name}{TEMP_MARK}{host}.{}", std::process::id()))
}

/// What follows a pack's name in its temporary name.
const TEMP_MARK: &str = ".tmp.";

/// Who writes a pack's temporary file, from its name.
#[derive(Debug, PartialEq, Eq)]
pub struct TempOwner {
    /// The host (file-name-safe form); None in the names of earlier versions, which did not
    /// say it (`.NAME.rpk.tmp.PID`, and `..NAME.rpk.tmp.PID.tmp.PID`).
    pub host: Option<String>,
    pub pid: u32,
}

/// The writer of a pack's temporary file named `name`, or None for any other name.
pub fn temp_owner(name: &str) -> Option<TempOwner> {
    let rest = name.strip_prefix('.')?;
    let (_, tail) = rest.split_once(&format!(".{}{TEMP_MARK}", crate::packfile::PACK_EXT))?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let pid = |s: &str| s.parse::<u32>().ok();
    if digits(tail) {
        return Some(TempOwner {
            host: None,
            pid: pid(tail)?,
        });
    }
    let (host, last) = tail.rsplit_once('.')?;
    if !digits(last) {
        return None;
    }
    let doubled = host.strip_suffix(".tmp").is_some_and(digits);
    Some(TempOwner {
        host: (!doubled).then(|| host.to_string()),
        pid: pid(last)?,
    })
}

fn sync_dir(p: &Path) {
    if let Some(d) = p.parent() {
        if let Ok(f) = std::fs::File::open(if d.as_os_str().is_empty() {
            Path::new(".")
        } else {
            d
        }) {
            let _ = f.sync_all();
        }
    }
}

/// Write the pack of `inputs` into the new file `tmp` (synced, not renamed); stopped with
/// [`Error::PackStopped`] between two files once `stop` says so (the caller removes `tmp`).
pub(super) fn write_to(
    tmp: &Path,
    inputs: &[Input],
    level: i32,
    stop: &dyn Fn() -> bool,
) -> Result<Stats> {
    use std::os::unix::fs::OpenOptionsExt;
    let werr = |e: std::io::Error| Error::io(tmp, e);
    let f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(tmp)
        .map_err(werr)?;
    let mut w = std::io::BufWriter::with_capacity(1 << 20, f);
    let mut header = [0u8; PACK_HEADER_LEN];
    header[..8].copy_from_slice(PACK_MAGIC);
    header[8..10].copy_from_slice(&PACK_VERSION.to_le_bytes());
    w.write_all(&header).map_err(werr)?;
    let mut at = PACK_HEADER_LEN as u64;
    let mut stats = Stats::default();
    let mut templates = Templates {
        by_name: HashMap::new(),
        dicts: HashMap::new(),
        level,
    };
    let mut index = Index::default();
    for (mi, input) in inputs.iter().enumerate() {
        let mut member = Member {
            name: input.name.clone(),
            files: Vec::new(),
        };
        for (fi, (name, path)) in member_files(&input.dir)?.into_iter().enumerate() {
            let bytes = crate::layout::read_trace_file(&path, MAX_PACKED_FILE)?;
            let (split, parts) = parts_of(&name, &bytes);
            let mut entry = FileEntry {
                name: name.clone(),
                columns: split,
                len: bytes.len() as u64,
                crc: crc32fast::hash(&bytes),
                parts: Vec::new(),
            };
            for (pi, raw) in parts.iter().enumerate() {
                if stop() {
                    return Err(Error::PackStopped { path: tmp.into() });
                }
                let (frame, dict) =
                    compress(&mut templates, mi, &name, pi as u32, raw).map_err(|source| {
                        Error::Compress {
                            path: path.clone(),
                            source,
                        }
                    })?;
                w.write_all(&frame).map_err(werr)?;
                entry.parts.push(Part {
                    offset: at,
                    compressed: frame.len() as u64,
                    raw: raw.len() as u64,
                    dict,
                });
                at += frame.len() as u64;
            }
            if mi == 0 {
                templates.by_name.insert(name, (fi as u32, parts));
            }
            stats.files += 1;
            stats.raw_bytes += bytes.len() as u64;
            member.files.push(entry);
        }
        index.members.push(member);
        stats.members += 1;
    }
    let idx = zstd::bulk::compress(&index.encode(), level).map_err(werr)?;
    w.write_all(&idx).map_err(werr)?;
    let mut footer = Vec::with_capacity(PACK_FOOTER_LEN);
    footer.extend_from_slice(&at.to_le_bytes());
    footer.extend_from_slice(&(idx.len() as u64).to_le_bytes());
    footer.extend_from_slice(PACK_END_MAGIC);
    w.write_all(&footer).map_err(werr)?;
    let f = w.into_inner().map_err(|e| werr(e.into_error()))?;
    f.sync_all().map_err(werr)?;
    stats.pack_bytes = at + idx.len() as u64 + footer.len() as u64;
    Ok(stats)
}

/// Compress one part: the template's parts plainly, the others against the template's.
fn compress(
    templates: &mut Templates,
    member: usize,
    name: &str,
    part: u32,
    raw: &[u8],
) -> std::io::Result<(Vec<u8>, Option<PartRef>)> {
    let level = templates.level;
    if member > 0 {
        if let Some((r, dict)) = templates.dict_for(name, part) {
            let mut c = zstd::bulk::Compressor::with_prepared_dictionary(dict)?;
            return Ok((c.compress(raw)?, Some(r)));
        }
    }
    Ok((zstd::bulk::compress(raw, level)?, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_names_say_their_writer() {
        let tmp = temp_name(Path::new("/t/job-1-node.a.rpk"));
        let name = tmp.file_name().unwrap().to_string_lossy().into_owned();
        let host = crate::pack::host::safe(&crate::pack::host::this_host());
        assert_eq!(
            name,
            format!(".job-1-node.a.rpk.tmp.{host}.{}", std::process::id())
        );
        let owner = temp_owner(&name).unwrap();
        assert_eq!((owner.host, owner.pid), (Some(host), std::process::id()));
        // Earlier versions: no host, and the doubled name.
        let old = |host: Option<&str>, pid| {
            Some(TempOwner {
                host: host.map(String::from),
                pid,
            })
        };
        assert_eq!(temp_owner(".n1.rpk.tmp.42"), old(None, 42));
        assert_eq!(temp_owner("..n1.rpk.tmp.42.tmp.42"), old(None, 42));
        assert_eq!(temp_owner(".n1.2.rpk.tmp.h.x.7"), old(Some("h.x"), 7));
        for other in [
            "n1.rpk",
            ".n1.rpk",
            ".n1.rpk.tmp.",
            ".n1.rpk.tmp.h.x",
            "n1.rpk.tmp.4",
        ] {
            assert_eq!(temp_owner(other), None, "{other}");
        }
    }
}
