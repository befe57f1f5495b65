//! The index of a pack: its members, their files and where each part's frame is.

use crate::error::{PackDamage, Result};
use crate::varint::{put_str, put_varint, Cursor};

/// Which part another part was compressed against: (member, file, part) indexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PartRef {
    pub member: u32,
    pub file: u32,
    pub part: u32,
}

/// One zstd frame of a file: where it is and what it decompresses to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    pub offset: u64,
    pub compressed: u64,
    pub raw: u64,
    /// The template part used as dictionary, if any.
    pub dict: Option<PartRef>,
}

/// One file of a member.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileEntry {
    pub name: String,
    /// Split into stream columns (frame, calls, times) rather than stored whole.
    pub columns: bool,
    /// Length and CRC-32 of the original bytes (checked after reassembly).
    pub len: u64,
    pub crc: u32,
    pub parts: Vec<Part>,
}

/// One process folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    pub name: String,
    pub files: Vec<FileEntry>,
}

/// A pack's table of contents.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Index {
    pub members: Vec<Member>,
}

impl Index {
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        put_varint(&mut out, self.members.len() as u64);
        for m in &self.members {
            put_str(&mut out, &m.name);
            put_varint(&mut out, m.files.len() as u64);
            for f in &m.files {
                put_str(&mut out, &f.name);
                out.push(f.columns as u8);
                put_varint(&mut out, f.len);
                out.extend_from_slice(&f.crc.to_le_bytes());
                put_varint(&mut out, f.parts.len() as u64);
                for p in &f.parts {
                    put_varint(&mut out, p.offset);
                    put_varint(&mut out, p.compressed);
                    put_varint(&mut out, p.raw);
                    match p.dict {
                        None => put_varint(&mut out, 0),
                        Some(d) => {
                            put_varint(&mut out, d.member as u64 + 1);
                            put_varint(&mut out, d.file as u64);
                            put_varint(&mut out, d.part as u64);
                        }
                    }
                }
            }
        }
        out
    }

    /// Parse an index; every count is checked against the bytes left (each entry takes at
    /// least one byte), every reference against what precedes it, every part against
    /// `data_end` (where the frames end).
    pub fn decode(b: &[u8], data_end: u64) -> Result<Index, PackDamage> {
        let mut c = Cursor { b, p: 0 };
        let bad = |what: &str| PackDamage::Index(what.into());
        let count = |c: &mut Cursor, what: &str| -> Result<usize, PackDamage> {
            let n = c.varint().ok_or_else(|| bad(what))?;
            if n > (c.b.len() - c.p) as u64 {
                return Err(bad(what));
            }
            Ok(n as usize)
        };
        let mut members = Vec::new();
        for _ in 0..count(&mut c, "member count")? {
            let name = c.string().ok_or_else(|| bad("member name"))?;
            if !plain_name(&name) {
                return Err(bad(&format!("member name {name:?}")));
            }
            let mut files = Vec::new();
            for _ in 0..count(&mut c, "file count")? {
                let file = decode_file(&mut c, data_end, members.len() as u32)
                    .ok_or_else(|| bad("file entry"))?;
                if !plain_name(&file.name) {
                    return Err(bad(&format!("file name {:?}", file.name)));
                }
                files.push(file);
            }
            members.push(Member { name, files });
        }
        if c.p != b.len() {
            return Err(bad("bytes after the last member"));
        }
        let idx = Index { members };
        idx.check_refs()?;
        Ok(idx)
    }

    /// Every dictionary reference names an existing part of an earlier member that has no
    /// dictionary itself (so reading a part decompresses at most two frames).
    fn check_refs(&self) -> Result<(), PackDamage> {
        for (mi, m) in self.members.iter().enumerate() {
            for f in &m.files {
                for p in &f.parts {
                    let Some(d) = p.dict else { continue };
                    let target = self
                        .part(d)
                        .filter(|t| (d.member as usize) < mi && t.dict.is_none());
                    if target.is_none() {
                        return Err(PackDamage::Index(
                            "a dictionary reference to no template part".into(),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The part `r` points at.
    pub fn part(&self, r: PartRef) -> Option<&Part> {
        self.members
            .get(r.member as usize)?
            .files
            .get(r.file as usize)?
            .parts
            .get(r.part as usize)
    }

    /// The member named `name`.
    pub fn member(&self, name: &str) -> Option<(usize, &Member)> {
        self.members
            .iter()
            .enumerate()
            .find(|(_, m)| m.name == name)
    }
}

/// A file or folder name without separators, `.` or `..`.
fn plain_name(n: &str) -> bool {
    !n.is_empty() && n != "." && n != ".." && !n.contains('/') && !n.contains('\0')
}

fn decode_file(c: &mut Cursor, data_end: u64, member: u32) -> Option<FileEntry> {
    let name = c.string()?;
    let columns = match c.byte()? {
        0 => false,
        1 => true,
        _ => return None,
    };
    let len = c.varint()?;
    let crc = u32::from_le_bytes(c.b.get(c.p..c.p + 4)?.try_into().ok()?);
    c.p += 4;
    let n = c.varint()?;
    if n != if columns { 3 } else { 1 } {
        return None;
    }
    let mut parts = Vec::new();
    for _ in 0..n {
        let offset = c.varint()?;
        let compressed = c.varint()?;
        let raw = c.varint()?;
        if offset.checked_add(compressed)? > data_end
            || raw > len.max(64).saturating_mul(2).saturating_add(64)
        {
            return None;
        }
        let dict = match c.varint()? {
            0 => None,
            m => Some(PartRef {
                member: u32::try_from(m - 1).ok().filter(|&m| m < member)?,
                file: u32::try_from(c.varint()?).ok()?,
                part: u32::try_from(c.varint()?).ok()?,
            }),
        };
        parts.push(Part {
            offset,
            compressed,
            raw,
            dict,
        });
    }
    Some(FileEntry {
        name,
        columns,
        len,
        crc,
        parts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn sample() -> Index {
        let part = |offset, dict| Part {
            offset,
            compressed: 10,
            raw: 20,
            dict,
        };
        let file = |name: &str, dict| FileEntry {
            name: name.into(),
            columns: false,
            len: 20,
            crc: 7,
            parts: vec![part(16, dict)],
        };
        let r = PartRef {
            member: 0,
            file: 0,
            part: 0,
        };
        Index {
            members: vec![
                Member {
                    name: "h.1".into(),
                    files: vec![file("meta.yaml", None)],
                },
                Member {
                    name: "h.2".into(),
                    files: vec![file("meta.yaml", Some(r))],
                },
            ],
        }
    }

    #[test]
    fn index_round_trips_and_checks_references() {
        let i = sample();
        assert_eq!(Index::decode(&i.encode(), 100).unwrap(), i);
        assert!(
            Index::decode(&i.encode(), 20).is_err(),
            "a part past the data"
        );
        let mut bad = i.clone();
        bad.members[1].files[0].parts[0].dict.as_mut().unwrap().file = 5;
        assert!(Index::decode(&bad.encode(), 100).is_err());
        let mut up = i;
        up.members[1].name = "..".into();
        assert!(Index::decode(&up.encode(), 100).is_err());
    }

    proptest! {
        #[test]
        fn any_bytes_are_an_index_or_an_error(b in proptest::collection::vec(any::<u8>(), 0..300)) {
            let _ = Index::decode(&b, u64::MAX);
        }
    }
}
