//! Reading packs: the index, a member's files reassembled and checked, and the paths
//! readers use for them (`<trace>/<name>.rpk/<member>/<file>`).

use super::columns::{self, Columns};
use super::index::{Index, Part, PartRef};
use super::{PACK_END_MAGIC, PACK_FOOTER_LEN, PACK_HEADER_LEN, PACK_MAGIC, PACK_VERSION};
use crate::error::{Error, PackDamage, Result};
use std::collections::HashMap;
use std::io::Read;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use zstd::dict::DecoderDictionary;

/// Largest index a reader accepts.
const MAX_INDEX: u64 = 256 << 20;

/// An open pack file.
pub struct PackFile {
    path: PathBuf,
    file: std::fs::File,
    pub index: Index,
    /// (length, modification time) when opened: a changed file is opened again.
    stamp: (u64, i64, i64),
    /// Template parts already prepared as dictionaries (for every other member's parts).
    templates: Mutex<HashMap<PartRef, Arc<DecoderDictionary<'static>>>>,
    /// Member name -> index (a trace of 10,000 ranks opens 30,000 files by name).
    by_name: HashMap<String, usize>,
}

/// Largest part decompressed in one call into a buffer of its recorded size; larger ones
/// are streamed (the buffer grows with what the frame really holds).
const BULK_LIMIT: u64 = 256 << 20;

thread_local! {
    /// One decompression context per thread, reused for every part.
    static DCTX: std::cell::RefCell<Option<zstd::zstd_safe::DCtx<'static>>> =
        const { std::cell::RefCell::new(None) };
}

fn stamp(m: &std::fs::Metadata) -> (u64, i64, i64) {
    use std::os::unix::fs::MetadataExt;
    (m.len(), m.mtime(), m.mtime_nsec())
}

impl PackFile {
    /// Open a pack and read its index; an error names the file and the problem.
    pub fn open(path: &Path) -> Result<PackFile> {
        let io = |e| Error::io(path, e);
        let damaged = |damage| Error::Pack {
            path: path.into(),
            damage,
        };
        let file = crate::disk::open_disk_file(path).map_err(io)?;
        let meta = file.metadata().map_err(io)?;
        let len = meta.len();
        if len < (PACK_HEADER_LEN + PACK_FOOTER_LEN) as u64 {
            return Err(damaged(PackDamage::NotAPack));
        }
        let mut head = [0u8; PACK_HEADER_LEN];
        let mut foot = [0u8; PACK_FOOTER_LEN];
        file.read_exact_at(&mut head, 0).map_err(io)?;
        file.read_exact_at(&mut foot, len - PACK_FOOTER_LEN as u64)
            .map_err(io)?;
        if &head[..8] != PACK_MAGIC || &foot[16..] != PACK_END_MAGIC {
            return Err(damaged(PackDamage::NotAPack));
        }
        let version = u16::from_le_bytes([head[8], head[9]]);
        if version != PACK_VERSION {
            return Err(damaged(PackDamage::Version(version)));
        }
        let at = u64::from_le_bytes(foot[..8].try_into().unwrap());
        let n = u64::from_le_bytes(foot[8..16].try_into().unwrap());
        let end = len - PACK_FOOTER_LEN as u64;
        if at < PACK_HEADER_LEN as u64 || at.checked_add(n) != Some(end) || n > MAX_INDEX {
            return Err(damaged(PackDamage::Footer));
        }
        let mut frame = vec![0u8; n as usize];
        file.read_exact_at(&mut frame, at).map_err(io)?;
        let raw = decompress(&frame, None, MAX_INDEX).map_err(damaged)?;
        let index = Index::decode(&raw, at).map_err(damaged)?;
        let by_name = index
            .members
            .iter()
            .enumerate()
            .map(|(i, m)| (m.name.clone(), i))
            .collect();
        Ok(PackFile {
            path: path.to_path_buf(),
            file,
            index,
            stamp: stamp(&meta),
            templates: Mutex::new(HashMap::new()),
            by_name,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The index of the member named `name`.
    pub fn member(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }

    /// The bytes of file `file` of member `member`, reassembled and checked against the
    /// length and CRC-32 recorded when packing.
    pub fn read_file(&self, member: usize, file: usize) -> Result<Vec<u8>> {
        let m = &self.index.members[member];
        let f = &m.files[file];
        let damaged = |damage| Error::Pack {
            path: self.path.join(&m.name).join(&f.name),
            damage,
        };
        let mut parts = Vec::with_capacity(f.parts.len());
        for p in &f.parts {
            parts.push(self.part(p).map_err(damaged)?);
        }
        let bytes = if f.columns {
            let [frame, calls, times]: [Vec<u8>; 3] = parts
                .try_into()
                .map_err(|_| damaged(PackDamage::PartCount))?;
            let c = Columns {
                frame,
                calls,
                times,
            };
            columns::merge(&c).map_err(|e| damaged(PackDamage::Columns(e)))?
        } else {
            parts.pop().unwrap_or_default()
        };
        if bytes.len() as u64 != f.len || crc32fast::hash(&bytes) != f.crc {
            return Err(damaged(PackDamage::Checksum));
        }
        Ok(bytes)
    }

    /// One part decompressed (with its template part as dictionary).
    fn part(&self, p: &Part) -> Result<Vec<u8>, PackDamage> {
        let frame = self.frame(p)?;
        let raw = match p.dict {
            Some(r) => decompress_with(&frame, &*self.template(r)?, p.raw)?,
            None => decompress(&frame, None, p.raw)?,
        };
        if raw.len() as u64 != p.raw {
            return Err(PackDamage::PartSize);
        }
        Ok(raw)
    }

    fn frame(&self, p: &Part) -> Result<Vec<u8>, PackDamage> {
        let mut frame = vec![0u8; p.compressed as usize];
        self.file
            .read_exact_at(&mut frame, p.offset)
            .map_err(PackDamage::Read)?;
        Ok(frame)
    }

    /// The template part `r` as a prepared dictionary (made once per pack).
    fn template(&self, r: PartRef) -> Result<Arc<DecoderDictionary<'static>>, PackDamage> {
        let templates = || self.templates.lock().map_err(|_| PackDamage::Poisoned);
        if let Some(t) = templates()?.get(&r) {
            return Ok(t.clone());
        }
        let p = self.index.part(r).ok_or(PackDamage::NoTemplate)?;
        let raw = self.part(p)?;
        let t = Arc::new(DecoderDictionary::copy(&raw));
        templates()?.insert(r, t.clone());
        Ok(t)
    }
}

/// Decompress one zstd frame into at most `limit` bytes (the buffer grows with what the
/// frame really holds, so a damaged size cannot make a huge allocation).
fn decompress(
    frame: &[u8],
    dict: Option<&DecoderDictionary>,
    limit: u64,
) -> Result<Vec<u8>, PackDamage> {
    let bad = PackDamage::Frame;
    let mut out = Vec::new();
    let mut d = match dict {
        Some(d) => zstd::stream::read::Decoder::with_prepared_dictionary(frame, d).map_err(bad)?,
        None => zstd::stream::read::Decoder::with_buffer(frame).map_err(bad)?,
    }
    .single_frame();
    (&mut d)
        .take(limit.saturating_add(1))
        .read_to_end(&mut out)
        .map_err(bad)?;
    if out.len() as u64 > limit {
        return Err(PackDamage::LargerThanRecorded);
    }
    Ok(out)
}

/// Decompress a frame made against a dictionary into `raw` bytes: in one call on this
/// thread's context when it is not large (most parts), else streamed.
fn decompress_with(frame: &[u8], d: &DecoderDictionary, raw: u64) -> Result<Vec<u8>, PackDamage> {
    if raw > BULK_LIMIT {
        return decompress(frame, Some(d), raw);
    }
    let mut out = Vec::with_capacity(raw as usize);
    DCTX.with(|c| {
        let mut c = c.borrow_mut();
        let ctx = c.get_or_insert_with(zstd::zstd_safe::DCtx::create);
        ctx.decompress_using_ddict(&mut out, frame, d.as_ddict())
            .map_err(|code| PackDamage::Zstd(zstd::zstd_safe::get_error_name(code)))
    })?;
    Ok(out)
}

/// Packs opened so far by this process, by path (a tool reads each pack's index once).
fn cache() -> &'static Mutex<HashMap<PathBuf, Arc<PackFile>>> {
    static PACKS: OnceLock<Mutex<HashMap<PathBuf, Arc<PackFile>>>> = OnceLock::new();
    PACKS.get_or_init(Default::default)
}

/// The pack at `path`, opened once per process (again if the file changed).
pub fn open_cached(path: &Path) -> Result<Arc<PackFile>> {
    let now = std::fs::metadata(path).ok().map(|m| stamp(&m));
    if let Ok(c) = cache().lock() {
        if let Some(p) = c.get(path).filter(|p| Some(p.stamp) == now) {
            return Ok(p.clone());
        }
    }
    let p = Arc::new(PackFile::open(path)?);
    if let Ok(mut c) = cache().lock() {
        c.insert(path.to_path_buf(), p.clone());
    }
    Ok(p)
}

/// If `path` is a pack's member folder (`<pack>.rpk/<member>`): the pack and the member.
pub fn packed_member(dir: &Path) -> Option<Result<(Arc<PackFile>, usize)>> {
    let pack = dir.parent()?;
    let name = pack.file_name()?.to_str()?;
    if !super::is_pack_name(name) || !pack.is_file() {
        return None;
    }
    let member = dir.file_name()?.to_str()?;
    Some(open_cached(pack).and_then(|p| match p.member(member) {
        Some(i) => Ok((p.clone(), i)),
        None => Err(Error::NoSuchMember {
            member: member.into(),
            pack: pack.into(),
        }),
    }))
}

/// A file of a packed member: the pack, the member and the file's index in it (None when
/// the member has no such file).
type Entry = (Arc<PackFile>, usize, Option<usize>);

/// If `path` is a file of a packed member (`<pack>.rpk/<member>/<file>`), its entry.
fn packed_entry(path: &Path) -> Option<Result<Entry>> {
    let r = packed_member(path.parent()?)?;
    let file = path.file_name()?.to_str()?;
    Some(r.map(|(p, m)| {
        let f = p.index.members[m].files.iter().position(|f| f.name == file);
        (p, m, f)
    }))
}

/// The bytes of a packed file, if `path` names one; a missing file is NotFound.
pub fn packed_file(path: &Path) -> Option<std::io::Result<Vec<u8>>> {
    use std::io::{Error, ErrorKind};
    let r = packed_entry(path)?;
    Some(match r {
        Ok((p, m, Some(f))) => p
            .read_file(m, f)
            .map_err(|e| Error::new(ErrorKind::InvalidData, e)),
        Ok((_, _, None)) => Err(Error::from(ErrorKind::NotFound)),
        Err(e) => Err(Error::new(ErrorKind::InvalidData, e)),
    })
}

/// The length of a packed file, if `path` names one.
pub fn packed_len(path: &Path) -> Option<Option<u64>> {
    match packed_entry(path)? {
        Ok((p, m, Some(f))) => Some(Some(p.index.members[m].files[f].len)),
        _ => Some(None),
    }
}

/// The file names of a packed member folder, if `dir` is one.
pub fn packed_files(dir: &Path) -> Option<Result<Vec<String>>> {
    Some(packed_member(dir)?.map(|(p, m)| {
        p.index.members[m]
            .files
            .iter()
            .map(|f| f.name.clone())
            .collect()
    }))
}
