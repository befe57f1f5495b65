//! Per-process local definitions, appended to `defs.bin` as they appear
//! (docs/format.md, "Definitions"). Each entry is written with a single write() call, so a
//! crash loses at most the entry being written, and a reader stops cleanly at a torn tail.

use crate::error::{DefsProblem, Error, Result};
use crate::filetype::{BlockRun, Filetype, MAX_FILETYPE_RUNS};
use crate::varint::{put_str, put_varint, Cursor};
use std::path::Path;

/// Magic at the start of `defs.bin`.
pub const DEFS_MAGIC: &[u8; 8] = b"RO2DEFS\0";
/// Size of the file header (magic + version + reserved).
pub const DEFS_HEADER_LEN: usize = 12;

/// Largest defs.bin a reader accepts.
pub const MAX_DEFS_BYTES: u64 = 1 << 32;

/// What kind of object a file definition names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A regular file (or anything that is not a directory).
    Regular = 0,
    /// A directory.
    Directory = 1,
    /// Not a path: a pipe, socket, anonymous file or a path that does not exist.
    Other = 2,
}

/// One local definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Def {
    /// A file: its local id (the value stored in `File` fields), absolute path, kind, and
    /// the file system that holds it.
    File {
        id: u64,
        kind: FileKind,
        path: String,
        fs_type: String,
        mount: String,
    },
    /// A thread: its stream index and OS thread id.
    Thread { index: u32, tid: u64 },
    /// A handle open before tracing began (stdin/out/err, inherited fds, the stdio streams).
    /// `layer` 0 = POSIX fd (key = fd), 1 = ISO C stream (key = FILE* value, fd = its fileno).
    PreCreated {
        layer: u8,
        key: u64,
        fd: i64,
        file: u64,
        flags: u32,
        offset: i64,
    },
    /// An MPI communicator used by this process (the comm of an MPI_File_open): its local
    /// id (the value in `Comm` fields) and its members as MPI_COMM_WORLD ranks, in comm
    /// rank order. Processes agree on a communicator by its member list.
    Comm { id: u32, members: Vec<u32> },
    /// A name that is not a path (an HDF5 object path inside its file): its local id (the
    /// value in `Name` fields) and text.
    Name { id: u32, text: String },
    /// An MPI file view's filetype, flattened (its local id is the value in `Filetype`
    /// fields; [`crate::filetype`]).
    Filetype { id: u32, filetype: Filetype },
    /// An object (the executable or a shared library) mapped into the process, for
    /// resolving the addresses of call sites later, elsewhere: its path, GNU build-id (empty
    /// when it has none), load bias (`dl_iterate_phdr`'s `dlpi_addr`: an address in the
    /// process minus the bias is the address in the file), and the range of addresses its
    /// loaded segments cover in the process (`lo` inclusive, `hi` exclusive). Written at
    /// start and whenever a call site falls outside every object written so far (a
    /// library loaded later); a later entry covering the same addresses replaces an
    /// earlier one (a library unloaded and another loaded in its place).
    Object {
        path: String,
        build_id: Vec<u8>,
        bias: u64,
        lo: u64,
        hi: u64,
    },
}

const K_FILE: u8 = 1;
const K_THREAD: u8 = 2;
const K_PRECREATED: u8 = 3;
const K_COMM: u8 = 4;
const K_NAME: u8 = 5;
/// A communicator as runs of ranks (`first + k·stride`, k < count): MPI_COMM_WORLD of any
/// size in a few bytes instead of a varint per rank in every process.
const K_COMM_RUNS: u8 = 6;
/// Most members a communicator may have (as `world_size`'s bound in meta.yaml).
const MAX_COMM_MEMBERS: u64 = 1 << 24;
const K_FILETYPE: u8 = 7;
const K_OBJECT: u8 = 8;
/// Longest build-id a reader accepts (GNU build-ids are 20 bytes; 16 for md5/uuid ones).
const MAX_BUILD_ID: usize = 64;

/// Communicator members as runs: count of runs, then per run `first`, zigzag `stride`,
/// `count` (varints); each run takes members while they keep its stride.
fn put_runs(out: &mut Vec<u8>, m: &[u32]) {
    let mut runs = Vec::new();
    let mut i = 0;
    while i < m.len() {
        let stride = m.get(i + 1).map_or(0, |&b| b as i64 - m[i] as i64);
        let mut n = 1;
        while i + n < m.len() && m[i + n] as i64 - m[i + n - 1] as i64 == stride {
            n += 1;
        }
        runs.push((m[i], stride, n));
        i += n;
    }
    put_varint(out, runs.len() as u64);
    for (first, stride, n) in runs {
        put_varint(out, first as u64);
        put_varint(out, ((stride << 1) ^ (stride >> 63)) as u64);
        put_varint(out, n as u64);
    }
}

/// Read communicator runs back into members; None when they leave the u32 ranks or hold
/// more than [`MAX_COMM_MEMBERS`].
fn read_runs(c: &mut Cursor) -> Option<Vec<u32>> {
    let runs = c.varint()?;
    // Each run takes at least three bytes.
    if runs > (c.b.len() - c.p) as u64 / 3 {
        return None;
    }
    let mut members = Vec::new();
    for _ in 0..runs {
        let first = c.varint()?;
        let z = c.varint()?;
        let stride = ((z >> 1) as i64) ^ -((z & 1) as i64);
        let n = c.varint()?;
        if n > MAX_COMM_MEMBERS - members.len() as u64 {
            return None;
        }
        for k in 0..n as i64 {
            let m = (first as i64).checked_add(stride.checked_mul(k)?)?;
            members.push(u32::try_from(m).ok()?);
        }
    }
    Some(members)
}

/// A filetype's extent and runs; None past [`MAX_FILETYPE_RUNS`] or when readers could
/// not map bytes with it.
fn read_filetype(c: &mut Cursor) -> Option<Filetype> {
    let lb = c.varint()?;
    let extent = c.varint()?;
    let n = c.varint()?;
    if n > MAX_FILETYPE_RUNS as u64 {
        return None;
    }
    let mut runs = Vec::with_capacity(n as usize);
    for _ in 0..n {
        runs.push(BlockRun {
            offset: c.varint()?,
            len: c.varint()?,
            stride: c.varint()?,
            count: c.varint()?,
        });
    }
    let f = Filetype { lb, extent, runs };
    f.is_mappable().then_some(f)
}

/// An object entry's fields; None when the build-id is longer than [`MAX_BUILD_ID`] or
/// the range is empty.
fn read_object(c: &mut Cursor) -> Option<Def> {
    let path = c.string()?;
    let n = c.varint()? as usize;
    if n > MAX_BUILD_ID {
        return None;
    }
    let mut build_id = Vec::with_capacity(n);
    for _ in 0..n {
        build_id.push(c.byte()?);
    }
    let (bias, lo, hi) = (c.varint()?, c.varint()?, c.varint()?);
    (lo < hi).then_some(Def::Object {
        path,
        build_id,
        bias,
        lo,
        hi,
    })
}

/// The header of a new `defs.bin`.
pub fn defs_header() -> [u8; DEFS_HEADER_LEN] {
    let mut h = [0u8; DEFS_HEADER_LEN];
    h[..8].copy_from_slice(DEFS_MAGIC);
    h[8..10].copy_from_slice(&crate::FORMAT_VERSION.to_le_bytes());
    h
}

impl Def {
    /// Encode as one entry (kind byte, u32 payload length, payload), appended to `out`.
    pub fn encode(&self, out: &mut Vec<u8>) {
        let start = out.len();
        out.extend_from_slice(&[0, 0, 0, 0, 0]);
        let kind = match self {
            Def::File {
                id,
                kind,
                path,
                fs_type,
                mount,
            } => {
                put_varint(out, *id);
                out.push(*kind as u8);
                put_str(out, path);
                put_str(out, fs_type);
                put_str(out, mount);
                K_FILE
            }
            Def::Thread { index, tid } => {
                put_varint(out, *index as u64);
                put_varint(out, *tid);
                K_THREAD
            }
            Def::PreCreated {
                layer,
                key,
                fd,
                file,
                flags,
                offset,
            } => {
                out.push(*layer);
                put_varint(out, *key);
                put_varint(out, *fd as u64);
                put_varint(out, *file);
                put_varint(out, *flags as u64);
                put_varint(out, *offset as u64);
                K_PRECREATED
            }
            Def::Comm { id, members } => {
                put_varint(out, *id as u64);
                let list = out.len();
                put_varint(out, members.len() as u64);
                for m in members {
                    put_varint(out, *m as u64);
                }
                let mut runs = Vec::new();
                put_runs(&mut runs, members);
                if runs.len() < out.len() - list {
                    out.truncate(list);
                    out.extend_from_slice(&runs);
                    K_COMM_RUNS
                } else {
                    K_COMM
                }
            }
            Def::Name { id, text } => {
                put_varint(out, *id as u64);
                put_str(out, text);
                K_NAME
            }
            Def::Filetype { id, filetype } => {
                put_varint(out, *id as u64);
                put_varint(out, filetype.lb);
                put_varint(out, filetype.extent);
                put_varint(out, filetype.runs.len() as u64);
                for r in &filetype.runs {
                    for v in [r.offset, r.len, r.stride, r.count] {
                        put_varint(out, v);
                    }
                }
                K_FILETYPE
            }
            Def::Object {
                path,
                build_id,
                bias,
                lo,
                hi,
            } => {
                put_str(out, path);
                put_varint(out, build_id.len() as u64);
                out.extend_from_slice(build_id);
                for v in [bias, lo, hi] {
                    put_varint(out, *v);
                }
                K_OBJECT
            }
        };
        let len = (out.len() - start - 5) as u32;
        out[start] = kind;
        out[start + 1..start + 5].copy_from_slice(&len.to_le_bytes());
    }
}

/// All definitions of one process, and whether the file ended in a torn entry.
#[derive(Debug, Default)]
pub struct LocalDefs {
    /// The entries in file order.
    pub defs: Vec<Def>,
    /// True when the last entry was cut short (a crash while writing it).
    pub torn_tail: bool,
}

/// Read a `defs.bin` file. Unknown entry kinds are skipped (forward compatibility).
pub fn read_defs(path: &Path) -> Result<LocalDefs> {
    let bytes = crate::layout::read_trace_file(path, MAX_DEFS_BYTES)?;
    parse_defs(&bytes).map_err(|problem| Error::Defs {
        path: path.into(),
        problem,
    })
}

/// Parse the bytes of a `defs.bin` file.
pub fn parse_defs(bytes: &[u8]) -> Result<LocalDefs, DefsProblem> {
    if bytes.len() < DEFS_HEADER_LEN || &bytes[..8] != DEFS_MAGIC {
        return Err(DefsProblem::BadMagic);
    }
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if version != crate::FORMAT_VERSION {
        return Err(DefsProblem::Version(version));
    }
    let mut out = LocalDefs::default();
    let mut p = DEFS_HEADER_LEN;
    while p < bytes.len() {
        if p + 5 > bytes.len() {
            out.torn_tail = true;
            break;
        }
        let kind = bytes[p];
        let len = u32::from_le_bytes(bytes[p + 1..p + 5].try_into().unwrap()) as usize;
        let Some(payload) = bytes.get(p + 5..p + 5 + len) else {
            out.torn_tail = true;
            break;
        };
        p += 5 + len;
        let mut c = Cursor { b: payload, p: 0 };
        let bad = || DefsProblem::CorruptEntry(kind);
        let def = match kind {
            K_FILE => {
                let id = c.varint().ok_or_else(bad)?;
                let kind = match c.byte().ok_or_else(bad)? {
                    0 => FileKind::Regular,
                    1 => FileKind::Directory,
                    _ => FileKind::Other,
                };
                let path = c.string().ok_or_else(bad)?;
                let fs_type = c.string().ok_or_else(bad)?;
                let mount = c.string().ok_or_else(bad)?;
                Def::File {
                    id,
                    kind,
                    path,
                    fs_type,
                    mount,
                }
            }
            K_THREAD => Def::Thread {
                index: c.varint().ok_or_else(bad)? as u32,
                tid: c.varint().ok_or_else(bad)?,
            },
            K_PRECREATED => Def::PreCreated {
                layer: c.byte().ok_or_else(bad)?,
                key: c.varint().ok_or_else(bad)?,
                fd: c.varint().ok_or_else(bad)? as i64,
                file: c.varint().ok_or_else(bad)?,
                flags: c.varint().ok_or_else(bad)? as u32,
                offset: c.varint().ok_or_else(bad)? as i64,
            },
            K_COMM => {
                let id = c.varint().ok_or_else(bad)? as u32;
                let n = c.varint().ok_or_else(bad)? as usize;
                let mut members = Vec::with_capacity(n.min(1 << 20));
                for _ in 0..n {
                    members.push(c.varint().ok_or_else(bad)? as u32);
                }
                Def::Comm { id, members }
            }
            K_COMM_RUNS => Def::Comm {
                id: c.varint().ok_or_else(bad)? as u32,
                members: read_runs(&mut c).ok_or_else(bad)?,
            },
            K_NAME => Def::Name {
                id: c.varint().ok_or_else(bad)? as u32,
                text: c.string().ok_or_else(bad)?,
            },
            K_FILETYPE => Def::Filetype {
                id: c.varint().ok_or_else(bad)? as u32,
                filetype: read_filetype(&mut c).ok_or_else(bad)?,
            },
            K_OBJECT => read_object(&mut c).ok_or_else(bad)?,
            _ => continue,
        };
        out.defs.push(def);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roundtrip_and_torn_tail() {
        let defs = vec![
            Def::Filetype {
                id: 1,
                filetype: Filetype {
                    lb: 0,
                    extent: 1600,
                    runs: vec![BlockRun {
                        offset: 100,
                        len: 100,
                        stride: 400,
                        count: 4,
                    }],
                },
            },
            Def::File {
                id: 0,
                kind: FileKind::Regular,
                path: "/tmp/x".into(),
                fs_type: "ext4".into(),
                mount: "/".into(),
            },
            Def::Thread {
                index: 1,
                tid: 4242,
            },
            Def::PreCreated {
                layer: 0,
                key: 1,
                fd: 1,
                file: 0,
                flags: 0o2001,
                offset: -1,
            },
            Def::Comm {
                id: 0,
                members: vec![0, 1, 2, 3],
            },
            Def::Object {
                path: "/usr/lib/libfoo.so.1".into(),
                build_id: vec![0xab; 20],
                bias: 0x7f00_0000_0000,
                lo: 0x7f00_0000_0000,
                hi: 0x7f00_0001_0000,
            },
        ];
        let mut bytes = defs_header().to_vec();
        for d in &defs {
            d.encode(&mut bytes);
        }
        let got = parse_defs(&bytes).unwrap();
        assert_eq!(got.defs, defs);
        assert!(!got.torn_tail);
        let got = parse_defs(&bytes[..bytes.len() - 3]).unwrap();
        assert_eq!(got.defs.len(), defs.len() - 1);
        assert!(got.torn_tail);
        assert!(parse_defs(b"garbage!!!!!!").is_err());
    }

    #[test]
    fn communicators_are_stored_as_runs_when_shorter() {
        let world: Vec<u32> = (0..10_000).collect();
        let column: Vec<u32> = (0..100).map(|r| 7 + 100 * r).collect();
        let odd = vec![5, 3, 9, 1, 0, 2];
        let descending: Vec<u32> = (0..50).rev().collect();
        for members in [world, column, odd, descending, vec![], vec![4_000_000_000]] {
            let d = Def::Comm { id: 3, members };
            let mut bytes = defs_header().to_vec();
            d.encode(&mut bytes);
            let n = match &d {
                Def::Comm { members, .. } => members.len(),
                _ => 0,
            };
            if n >= 50 {
                assert!(
                    bytes.len() < DEFS_HEADER_LEN + 20,
                    "{n} members: {} bytes",
                    bytes.len()
                );
            }
            assert_eq!(parse_defs(&bytes).unwrap().defs, vec![d]);
        }
        // Runs that leave the u32 ranks or claim too many members are refused.
        let mut bad = defs_header().to_vec();
        bad.extend_from_slice(&[K_COMM_RUNS, 6, 0, 0, 0, 1, 1, 0xfe, 0xff, 0xff, 0xff, 0x0f]);
        assert!(parse_defs(&bad).is_err() || parse_defs(&bad).unwrap().torn_tail);
        let mut big = defs_header().to_vec();
        big.extend_from_slice(&[K_COMM_RUNS, 8, 0, 0, 0, 1, 1, 0, 2, 0x80, 0x80, 0x80, 0x10]);
        assert!(parse_defs(&big).is_err());
        // A run count of u64::MAX members (found by the fuzzer: the bound's sum overflowed).
        let mut huge = defs_header().to_vec();
        huge.extend_from_slice(&[K_COMM_RUNS, 14, 0, 0, 0, 1, 1, 0, 2]);
        huge.extend_from_slice(&[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]);
        assert!(parse_defs(&huge).is_err());
    }
}
