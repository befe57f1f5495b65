//! One process's local definitions as bytes, for the MPI-parallel conversion: the rank that
//! converted a process sends them to the rank that unifies. Only what [`GlobalDefs::unify`]
//! reads is sent (strings, attributes, nodes, regions by function, files, communicators,
//! handles, proxies, PRE_CREATED states, objects and call sites); the lookup maps are rebuilt on arrival, so the
//! decoded set unifies exactly like the original.

use crate::error::{Error, Result};
use crate::{FileDef, FileType, GlobalDefs, HandleDef, Node, SiteFrame};

const MAGIC: &[u8; 4] = b"RDW2";

/// Appends unsigned LEB128 numbers and length-prefixed strings.
pub struct WireWriter<'a>(pub &'a mut Vec<u8>);

impl WireWriter<'_> {
    pub fn u64(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.0.push(v as u8 | 0x80);
            v >>= 7;
        }
        self.0.push(v as u8);
    }
    pub fn opt(&mut self, v: Option<u32>) {
        self.u64(v.map_or(0, |x| x as u64 + 1));
    }
    pub fn str(&mut self, s: &str) {
        self.u64(s.len() as u64);
        self.0.extend_from_slice(s.as_bytes());
    }
}

/// Reads what [`WireWriter`] wrote; every read is checked against the bytes left.
pub struct WireReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> WireReader<'a> {
    pub fn new(bytes: &'a [u8]) -> WireReader<'a> {
        WireReader { bytes, at: 0 }
    }
    pub fn at_end(&self) -> bool {
        self.at == self.bytes.len()
    }
    pub fn u64(&mut self) -> Result<u64> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = *self.bytes.get(self.at).ok_or(Error::CutShort)?;
            self.at += 1;
            v |= ((b & 0x7f) as u64) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(Error::NumberTooLong)
    }
    pub fn u32(&mut self) -> Result<u32> {
        u32::try_from(self.u64()?).map_err(|_| Error::Id32OutOfRange)
    }
    /// A count of items of at least one byte each: never more than the bytes left.
    pub fn count(&mut self) -> Result<usize> {
        let count = self.u64()?;
        let left = self.bytes.len() - self.at;
        match usize::try_from(count) {
            Ok(n) if n <= left => Ok(n),
            _ => Err(Error::Count { count, left }),
        }
    }
    pub fn opt(&mut self) -> Result<Option<u32>> {
        Ok(match self.u64()? {
            0 => None,
            v => Some(u32::try_from(v - 1).map_err(|_| Error::IdOutOfRange)?),
        })
    }
    pub fn str(&mut self) -> Result<String> {
        let n = self.count()?;
        let s = &self.bytes[self.at..self.at + n];
        self.at += n;
        String::from_utf8(s.to_vec()).map_err(Error::NotUtf8)
    }
}

impl GlobalDefs {
    /// The local definitions as bytes (see the module doc).
    pub fn to_wire(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(MAGIC);
        let mut w = WireWriter(out);
        w.u64(self.strings.all().len() as u64);
        self.strings.all().iter().for_each(|s| w.str(s));
        w.u64(self.attributes.len() as u64);
        for (name, desc, ty) in &self.attributes {
            w.str(name);
            w.str(desc);
            w.u64(*ty as u64);
        }
        w.u64(self.nodes.len() as u64);
        for n in &self.nodes {
            w.str(&n.name);
            w.str(&n.class);
            w.opt(n.parent);
        }
        let mut func_of = vec![0u64; self.regions.len()];
        for (func, &r) in self.region_of.iter().enumerate() {
            if r != 0 {
                func_of[r as usize - 1] = func as u64;
            }
        }
        w.u64(func_of.len() as u64);
        func_of.into_iter().for_each(|f| w.u64(f));
        w.u64(self.files.len() as u64);
        for f in &self.files {
            w.str(&f.name);
            w.u64((f.kind == FileType::Directory) as u64);
            w.u64(f.scope as u64);
            w.str(&f.mount);
            w.str(&f.fs_type);
        }
        w.u64(self.comms.len() as u64);
        for c in &self.comms {
            w.u64(c.len() as u64);
            c.iter().for_each(|&m| w.u64(m as u64));
        }
        w.u64(self.handles.len() as u64);
        for h in &self.handles {
            w.str(&h.name);
            w.opt(h.file);
            w.u64(h.paradigm as u64);
            w.u64(h.flags as u64);
            w.opt(h.comm);
            w.opt(h.parent);
        }
        let mut proxies: Vec<(u8, u32)> = self.proxies.iter().map(|(&p, &h)| (p, h)).collect();
        proxies.sort_unstable();
        w.u64(proxies.len() as u64);
        for (p, h) in proxies {
            w.u64(p as u64);
            w.u64(h as u64);
        }
        w.u64(self.precreated.len() as u64);
        for &(h, mode, status) in &self.precreated {
            w.u64(h as u64);
            w.u64(mode as u64);
            w.u64(status as u64);
        }
        self.sites_to_wire(&mut w);
    }

    /// The objects call sites lie in (path, build-id bytes) and the sites (their frames).
    fn sites_to_wire(&self, w: &mut WireWriter) {
        w.u64(self.objects.len() as u64);
        for o in &self.objects {
            w.str(&o.path);
            w.u64(o.build_id.len() as u64);
            o.build_id.iter().for_each(|&b| w.u64(b as u64));
        }
        w.u64(self.sites.len() as u64);
        for frames in &self.sites {
            w.u64(frames.len() as u64);
            for f in frames.iter() {
                w.u64(f.object as u64);
                w.u64(f.address);
            }
        }
    }

    /// What [`sites_to_wire`](Self::sites_to_wire) wrote, into `self`.
    fn sites_from_wire(&mut self, r: &mut WireReader) -> Result<()> {
        for _ in 0..r.count()? {
            let path = r.str()?;
            let build_id = (0..r.count()?)
                .map(|_| u8::try_from(r.u64()?).map_err(|_| Error::IdOutOfRange))
                .collect::<Result<Vec<u8>>>()?;
            self.object(&path, &build_id);
        }
        for _ in 0..r.count()? {
            let frames = (0..r.count()?)
                .map(|_| {
                    let object = r.u32()?;
                    Ok(SiteFrame {
                        object,
                        address: r.u64()?,
                    })
                })
                .collect::<Result<Vec<SiteFrame>>>()?;
            self.site(&frames);
        }
        Ok(())
    }

    /// Local definitions from [`to_wire`](Self::to_wire)'s bytes, read from `r`.
    pub fn from_wire(r: &mut WireReader) -> Result<GlobalDefs> {
        for &b in MAGIC {
            if r.u64()? != b as u64 {
                return Err(Error::NotDefinitions);
            }
        }
        let mut d = GlobalDefs::default();
        for _ in 0..r.count()? {
            d.strings.id(&r.str()?);
        }
        for _ in 0..r.count()? {
            let a = (r.str()?, r.str()?, r.u64()? as u8);
            d.attributes.push(a);
        }
        for i in 0..r.count()? {
            let (name, class, parent) = (r.str()?, r.str()?, r.opt()?);
            if parent.is_some() {
                d.host_nodes.insert(name.clone(), i as u32);
            }
            d.nodes.push(Node {
                name,
                class,
                parent,
            });
        }
        for _ in 0..r.count()? {
            let func = u16::try_from(r.u64()?).map_err(|_| Error::FunctionIdOutOfRange)?;
            if crate::FUNCTIONS.get(func as usize).is_none() {
                return Err(Error::UnknownFunction(func));
            }
            d.region(func);
        }
        for _ in 0..r.count()? {
            let name = r.str()?;
            let kind = [FileType::Regular, FileType::Directory][(r.u64()? != 0) as usize];
            let (scope, mount, fs_type) = (r.u32()?, r.str()?, r.str()?);
            let f = d.files.len() as u32;
            d.file_of.insert((name.clone(), scope), f);
            d.files.push(FileDef {
                name,
                kind,
                scope,
                mount,
                fs_type,
            });
        }
        for _ in 0..r.count()? {
            let members = (0..r.count()?)
                .map(|_| r.u32())
                .collect::<Result<Vec<u32>>>()?;
            d.comm(&members);
        }
        for _ in 0..r.count()? {
            let (name, file, paradigm) = (r.str()?, r.opt()?, r.u64()? as u8);
            let (flags, comm, parent) = (r.u32()?, r.opt()?, r.opt()?);
            let def = HandleDef {
                name,
                file,
                paradigm,
                flags,
                comm,
                parent,
            };
            d.handles.push(def);
        }
        for _ in 0..r.count()? {
            let (p, h) = (r.u64()? as u8, r.u32()?);
            d.proxies.insert(p, h);
        }
        for (h, def) in d.handles.iter().enumerate() {
            if !d.proxies.values().any(|&p| p == h as u32) {
                d.handle_of.entry(def.clone()).or_default().push(h as u32);
            }
        }
        for _ in 0..r.count()? {
            let (h, mode, status) = (r.u32()?, r.u64()? as u8, r.u32()?);
            d.precreated.push((h, mode, status));
            d.precreated_state.insert(h, (mode, status));
        }
        d.sites_from_wire(r)?;
        Ok(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error as _;

    /// Cut short anywhere or with a byte changed: an error or another set, never a panic.
    #[test]
    fn damaged_bytes_are_an_error_not_a_panic() {
        let mut d = GlobalDefs::new("m");
        let host = d.host("h");
        let f = d.file("/x", FileType::Regular, host, "/", "ext4");
        d.comm(&[0, 1]);
        let def = HandleDef {
            name: "/x".into(),
            file: Some(f),
            paradigm: 0,
            flags: 0,
            comm: Some(0),
            parent: None,
        };
        d.precreated_handle(def, 1, 2, &|_| false);
        d.proxy(io_events::functions::Layer::Posix);
        d.region(3);
        let mut bytes = Vec::new();
        d.to_wire(&mut bytes);
        for cut in 0..bytes.len() {
            assert!(GlobalDefs::from_wire(&mut WireReader::new(&bytes[..cut])).is_err());
        }
        for i in 0..bytes.len() {
            let mut b = bytes.clone();
            b[i] ^= 0xff;
            let _ = GlobalDefs::from_wire(&mut WireReader::new(&b));
        }
        let back = GlobalDefs::from_wire(&mut WireReader::new(&bytes)).unwrap();
        assert_eq!(back.handles, d.handles);
        assert_eq!(back.precreated, d.precreated);
        assert_eq!(back.strings.all(), d.strings.all());
    }

    #[test]
    fn a_string_that_is_not_utf8_keeps_the_utf8_error() {
        let bytes = [2, 0xff, 0xfe];
        let e = WireReader::new(&bytes).str().unwrap_err();
        assert_eq!(e.to_string(), "a string that is not UTF-8");
        let source = e.source().unwrap();
        let utf8 = source.downcast_ref::<std::string::FromUtf8Error>().unwrap();
        assert_eq!(utf8.as_bytes(), &[0xff, 0xfe]);
    }

    #[test]
    fn a_count_past_the_end_says_both_numbers() {
        let e = WireReader::new(&[9, 1, 2]).count().unwrap_err();
        assert_eq!(e, Error::Count { count: 9, left: 2 });
        assert_eq!(e.to_string(), "a count of 9 with 2 bytes left");
        assert!(e.source().is_none());
    }
}
