//! Unification: the definitions of one process, made while it was interpreted on its own
//! (local ids, from [`GlobalDefs::new`]), merged into the global ones, with the map of every
//! local id to its global id (what OTF2 writes as mapping tables).
//!
//! Processes unified one after another in the order a serial interpretation would have
//! taken them get the same global ids as that serial interpretation, class by class:
//! local definitions are interned in their local (creation) order, and a handle that is the
//! k-th local one of its kind (same definition, and for PRE_CREATED handles the same initial
//! state) becomes the k-th global one of that kind. That is what the serial run does: which
//! handles a process may reuse depends only on which of its own handles are active, and the
//! ones other processes made are never active in it.

use super::{GlobalDefs, HandleDef, SiteFrame, NO_OBJECT};
use hashbrown::HashMap;
use io_events::functions::Layer;

/// One process's local id -> global id, per definition class (index = local id).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IdMaps {
    pub strings: Vec<u32>,
    pub attributes: Vec<u32>,
    /// System tree nodes (the machine and the process's host).
    pub nodes: Vec<u32>,
    pub regions: Vec<u32>,
    pub files: Vec<u32>,
    pub comms: Vec<u32>,
    pub handles: Vec<u32>,
    /// Objects call sites lie in (by path and build-id).
    pub objects: Vec<u32>,
    /// Call sites (the same frames in the same objects are the same site in every process).
    pub sites: Vec<u32>,
}

impl GlobalDefs {
    /// Merge `local`, the definitions of one process interpreted alone (ids from
    /// [`GlobalDefs::new`] on; its own nodes, strings, regions, files, communicators and
    /// handles, no location groups or locations), into these; returns its ids' global ids.
    pub fn unify(&mut self, local: &GlobalDefs) -> IdMaps {
        let strings = local
            .strings
            .all()
            .iter()
            .map(|s| self.strings.id(s))
            .collect();
        let attributes = local.attributes.iter().map(|a| self.attribute(a)).collect();
        let nodes: Vec<u32> = local
            .nodes
            .iter()
            .map(|n| match n.parent {
                None => self.machine(),
                Some(_) => self.host(&n.name),
            })
            .collect();
        let mut func_of = vec![0u16; local.regions.len()];
        for (func, &r) in local.region_of.iter().enumerate() {
            if r != 0 {
                func_of[r as usize - 1] = func as u16;
            }
        }
        let regions = func_of.into_iter().map(|f| self.region(f)).collect();
        let files: Vec<u32> = local
            .files
            .iter()
            .map(|f| {
                let scope = nodes[f.scope as usize];
                self.file_in(&f.name, f.kind, scope, &f.mount, &f.fs_type)
            })
            .collect();
        let comms: Vec<u32> = local.comms.iter().map(|m| self.comm(m)).collect();
        let (objects, sites) = self.unify_sites(local);
        let mut maps = IdMaps {
            strings,
            attributes,
            nodes,
            regions,
            files,
            comms,
            handles: Vec::with_capacity(local.handles.len()),
            objects,
            sites,
        };
        let proxy_of: HashMap<u32, u8> = local.proxies.iter().map(|(&p, &h)| (h, p)).collect();
        for (l, def) in local.handles.iter().enumerate() {
            let l = l as u32;
            let g = match proxy_of.get(&l) {
                Some(&p) => self.proxy_of(p, Layer::ALL[p as usize]),
                None => {
                    let state = local.precreated_state.get(&l).copied();
                    let k = local.nth_of_kind(def, state, l);
                    let global = HandleDef {
                        name: def.name.clone(),
                        file: def.file.map(|f| maps.files[f as usize]),
                        paradigm: def.paradigm,
                        flags: def.flags,
                        comm: def.comm.map(|c| maps.comms[c as usize]),
                        // A parent is created before its children: its id is smaller.
                        parent: def.parent.map(|h| maps.handles[h as usize]),
                    };
                    self.nth_handle(global, state, k)
                }
            };
            maps.handles.push(g);
        }
        maps
    }

    /// The global ids of `local`'s objects and call sites (frames in unknown objects keep
    /// their raw address and [`NO_OBJECT`]).
    fn unify_sites(&mut self, local: &GlobalDefs) -> (Vec<u32>, Vec<u32>) {
        let objects: Vec<u32> = local
            .objects
            .iter()
            .map(|o| self.object(&o.path, &o.build_id))
            .collect();
        let sites = local
            .sites
            .iter()
            .map(|frames| {
                let global: Vec<SiteFrame> = frames
                    .iter()
                    .map(|f| SiteFrame {
                        object: objects.get(f.object as usize).copied().unwrap_or(NO_OBJECT),
                        address: f.address,
                    })
                    .collect();
                self.site(&global)
            })
            .collect();
        (objects, sites)
    }

    /// The attribute with this name, added if missing.
    fn attribute(&mut self, a: &(String, String, u8)) -> u32 {
        match self.attributes.iter().position(|b| b.0 == a.0) {
            Some(i) => i as u32,
            None => {
                self.attributes.push(a.clone());
                self.attributes.len() as u32 - 1
            }
        }
    }

    /// The handles defined as `def` with the PRE_CREATED state `state`, in creation order.
    fn of_kind<'a>(
        &'a self,
        def: &HandleDef,
        state: Option<(u8, u32)>,
    ) -> impl Iterator<Item = u32> + 'a {
        let ids = self.handle_of.get(def).map(|v| v.as_slice()).unwrap_or(&[]);
        ids.iter()
            .copied()
            .filter(move |h| self.precreated_state.get(h).copied() == state)
    }

    /// The position of handle `h` among the handles of its kind.
    fn nth_of_kind(&self, def: &HandleDef, state: Option<(u8, u32)>, h: u32) -> usize {
        self.of_kind(def, state).position(|x| x == h).unwrap_or(0)
    }

    /// The k-th handle of its kind, created when there are only k (handles of a kind are
    /// unified in their local order, so never fewer).
    fn nth_handle(&mut self, def: HandleDef, state: Option<(u8, u32)>, k: usize) -> u32 {
        let found = self.of_kind(&def, state).nth(k);
        found.unwrap_or_else(|| self.new_handle(def, state))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FileType, HANDLE_PRE_CREATED};
    use hashbrown::HashSet;

    /// What an operation returned, by class.
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Id {
        String(u32),
        Region(u32),
        File(u32),
        Comm(u32),
        Handle(u32),
    }

    /// One process's calls into the definitions, as the model makes them.
    struct Process<'a> {
        defs: &'a mut GlobalDefs,
        host: u32,
        open: Vec<u32>,
        files: Vec<u32>,
    }

    impl Process<'_> {
        fn step(&mut self, r: &mut u64) -> Id {
            let mut next = |n: u64| {
                *r ^= *r << 13;
                *r ^= *r >> 7;
                *r ^= *r << 17;
                *r % n
            };
            let active: HashSet<u32> = self.open.iter().copied().collect();
            let d = &mut *self.defs;
            match next(9) {
                0 => Id::String(d.strings.id(&format!("s{}", next(6)))),
                1 => Id::Region(d.region(next(5) as u16 * 7)),
                2 => {
                    let (fs, mount) = [("ext4", "/"), ("nfs", "/home")][next(2) as usize];
                    let kind = [FileType::Regular, FileType::Directory][(next(5) == 0) as usize];
                    let name = format!("{mount}/f{}", next(5));
                    let f = d.file(&name, kind, self.host, mount, fs);
                    self.files.push(f);
                    Id::File(f)
                }
                3 => Id::Comm(d.comm(&[[0, 1], [1, 2], [0, 2]][next(3) as usize])),
                4 | 5 if !self.files.is_empty() => {
                    let file = self.files[next(self.files.len() as u64) as usize];
                    let parent = match self.open.len() {
                        0 => None,
                        n if next(2) == 0 => Some(self.open[next(n as u64) as usize]),
                        _ => None,
                    };
                    let def = HandleDef {
                        name: d.files[file as usize].name.clone(),
                        file: Some(file),
                        paradigm: next(2) as u8,
                        flags: 0,
                        comm: None,
                        parent,
                    };
                    let h = if next(3) == 0 {
                        let (mode, status) = (next(2) as u8, next(2) as u32);
                        d.precreated_handle(def, mode, status, &|h| active.contains(&h))
                    } else {
                        d.handle(def, &|h| active.contains(&h))
                    };
                    self.open.push(h);
                    Id::Handle(h)
                }
                6 if !self.open.is_empty() => {
                    let like = self.open[next(self.open.len() as u64) as usize];
                    let mut def = d.handles[like as usize].clone();
                    def.flags &= !HANDLE_PRE_CREATED;
                    let h = d.handle(def, &|h| active.contains(&h));
                    self.open.push(h);
                    Id::Handle(h)
                }
                7 if !self.open.is_empty() => {
                    let h = self.open.remove(next(self.open.len() as u64) as usize);
                    Id::Handle(h)
                }
                _ => Id::Handle(d.proxy([Layer::Posix, Layer::Isoc][next(2) as usize])),
            }
        }
    }

    /// Two processes of one program that met its objects and call sites in another order
    /// (and one frame outside every object): after the trip through bytes and the
    /// unification, the same frames are the same global site.
    #[test]
    fn call_sites_unify_by_object_and_address() {
        let mut a = GlobalDefs::new("m");
        let (prog, lib) = (a.object("/bin/prog", &[1, 2]), a.object("/lib/x.so", &[]));
        let frame = |object, address| SiteFrame { object, address };
        let a0 = a.site(&[frame(prog, 0x10)]);
        let a1 = a.site(&[frame(lib, 0x20), frame(prog, 0x30)]);
        let mut b = GlobalDefs::new("m");
        let lib_b = b.object("/lib/x.so", &[]);
        let prog_b = b.object("/bin/prog", &[1, 2]);
        let b0 = b.site(&[frame(lib_b, 0x20), frame(prog_b, 0x30)]);
        let b1 = b.site(&[frame(NO_OBJECT, 0x99)]);
        let b2 = b.site(&[frame(prog_b, 0x10)]);
        let mut global = GlobalDefs::new("m");
        let mut maps = Vec::new();
        for local in [&a, &b] {
            let mut bytes = Vec::new();
            local.to_wire(&mut bytes);
            let back = GlobalDefs::from_wire(&mut crate::wire::WireReader::new(&bytes)).unwrap();
            maps.push(global.unify(&back));
        }
        let (ma, mb) = (&maps[0], &maps[1]);
        assert_eq!(ma.sites[a0 as usize], mb.sites[b2 as usize]);
        assert_eq!(ma.sites[a1 as usize], mb.sites[b0 as usize]);
        assert_eq!(global.objects.len(), 2);
        assert_eq!(global.sites.len(), 3);
        let unknown = &global.sites[mb.sites[b1 as usize] as usize];
        assert_eq!(unknown[0], frame(NO_OBJECT, 0x99));
        assert_eq!(
            global.objects[mb.objects[lib_b as usize] as usize].path,
            "/lib/x.so"
        );
    }

    fn global(maps: &IdMaps, id: Id) -> Id {
        match id {
            Id::String(i) => Id::String(maps.strings[i as usize]),
            Id::Region(i) => Id::Region(maps.regions[i as usize]),
            Id::File(i) => Id::File(maps.files[i as usize]),
            Id::Comm(i) => Id::Comm(maps.comms[i as usize]),
            Id::Handle(i) => Id::Handle(maps.handles[i as usize]),
        }
    }

    /// Processes sharing strings, files (on a shared and a host file system), handles
    /// (reused once closed, PRE_CREATED ones by state, twins, proxies) and communicators:
    /// unified process by process, they get the ids the serial interpretation gives.
    #[test]
    fn unified_processes_get_the_serial_ids() {
        for seed in 1..200u64 {
            let mut serial = GlobalDefs::new("m");
            let mut unified = GlobalDefs::new("m");
            let mut r = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            for p in 0..4 {
                let host = format!("host{}", (seed + p) % 2);
                let steps = 5 + (seed * (p + 3)) % 40;
                let mut r2 = r;
                let mut s = Process {
                    host: serial.host(&host),
                    defs: &mut serial,
                    open: Vec::new(),
                    files: Vec::new(),
                };
                let want: Vec<Id> = (0..steps).map(|_| s.step(&mut r)).collect();
                let mut local = GlobalDefs::new("m");
                let mut l = Process {
                    host: local.host(&host),
                    defs: &mut local,
                    open: Vec::new(),
                    files: Vec::new(),
                };
                let got: Vec<Id> = (0..steps).map(|_| l.step(&mut r2)).collect();
                // As the MPI-parallel conversion sends them: through bytes.
                let mut bytes = Vec::new();
                local.to_wire(&mut bytes);
                let mut reader = crate::wire::WireReader::new(&bytes);
                let local = GlobalDefs::from_wire(&mut reader).unwrap();
                assert!(reader.at_end());
                let maps = unified.unify(&local);
                let got: Vec<Id> = got.into_iter().map(|id| global(&maps, id)).collect();
                assert_eq!(got, want, "seed {seed}, process {p}");
            }
            assert_eq!(serial.strings.all(), unified.strings.all(), "seed {seed}");
            assert_eq!(serial.handles, unified.handles, "seed {seed}");
            assert_eq!(serial.precreated, unified.precreated, "seed {seed}");
            assert_eq!(serial.comms, unified.comms, "seed {seed}");
            let files = |d: &GlobalDefs| -> Vec<(String, FileType, u32, String)> {
                let f = d.files.iter();
                f.map(|f| (f.name.clone(), f.kind, f.scope, f.mount.clone()))
                    .collect()
            };
            assert_eq!(files(&serial), files(&unified), "seed {seed}");
            let names = |d: &GlobalDefs| -> Vec<String> {
                let n = d.nodes.iter().map(|n| n.name.clone());
                n.chain(d.regions.iter().map(|r| r.name.clone())).collect()
            };
            assert_eq!(names(&serial), names(&unified), "seed {seed}");
        }
    }
}
