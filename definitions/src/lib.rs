//! The global definition model, and the unification of per-process local definitions into
//! it: strings, the system tree (machine -> hosts), location groups (processes) and
//! locations (threads), regions, I/O paradigms, files (unified by name and scope) and
//! handles (reused across reopens like Score-P: one definition per distinct
//! (name, file, paradigm, flags, comm, parent) that is not active at the time).
//!
//! Ids of every class are dense, starting at 0, in order of creation: a parent handle always
//! gets a smaller id than its children because it is created first. The model knows nothing
//! of OTF2's C API; converters write it out.

pub mod error;
pub mod file_class;
mod unify;
pub mod wire;

pub use error::{Error, Result};
pub use unify::IdMaps;

use hashbrown::HashMap;
use io_events::functions::{Layer, Role, FUNCTIONS};

/// Interned strings with dense ids.
#[derive(Default, Debug)]
pub struct Strings {
    map: HashMap<String, u32>,
    list: Vec<String>,
}

impl Strings {
    /// The id of `s`, adding it on first use.
    pub fn id(&mut self, s: &str) -> u32 {
        if let Some(&i) = self.map.get(s) {
            return i;
        }
        let i = self.list.len() as u32;
        self.list.push(s.to_string());
        self.map.insert(s.to_string(), i);
        i
    }
    /// All strings in id order.
    pub fn all(&self) -> &[String] {
        &self.list
    }
}

/// A system tree node.
#[derive(Debug, Clone)]
pub struct Node {
    pub name: String,
    pub class: String,
    pub parent: Option<u32>,
}

/// File systems whose files are shared between hosts: their files are scoped to the machine.
pub const SHARED_FILE_SYSTEMS: &[&str] = &[
    "nfs",
    "nfs4",
    "lustre",
    "gpfs",
    "beegfs",
    "cifs",
    "smb3",
    "smbfs",
    "ceph",
    "fuse.ceph",
    "cephfs",
    "panfs",
    "pvfs2",
    "orangefs",
    "glusterfs",
    "fuse.glusterfs",
    "wekafs",
    "fuse.sshfs",
    "afs",
    "ocfs2",
    "gfs2",
    "daos",
    "fuse.dfuse",
    "9p",
    "virtiofs",
];

/// Whether a file system type is shared between hosts.
pub fn is_shared_fs(fs_type: &str) -> bool {
    SHARED_FILE_SYSTEMS.contains(&fs_type)
}

/// The kind of an I/O file definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileType {
    Regular,
    Directory,
}

/// A global I/O file.
#[derive(Debug, Clone)]
pub struct FileDef {
    pub name: String,
    pub kind: FileType,
    /// System tree node: the machine for shared file systems, the host otherwise.
    pub scope: u32,
    pub mount: String,
    pub fs_type: String,
}

/// Handle flags (OTF2 IoHandleFlag bits).
pub const HANDLE_PRE_CREATED: u32 = 1;
/// A handle standing for all handles of its paradigm (sync(), fflush(NULL)).
pub const HANDLE_ALL_PROXY: u32 = 2;

/// A global I/O handle.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HandleDef {
    pub name: String,
    pub file: Option<u32>,
    pub paradigm: u8,
    pub flags: u32,
    pub comm: Option<u32>,
    pub parent: Option<u32>,
}

/// A process (OTF2 location group).
#[derive(Debug, Clone)]
pub struct GroupDef {
    pub name: String,
    pub node: u32,
}

/// A thread (OTF2 location).
#[derive(Debug, Clone)]
pub struct LocationDef {
    pub name: String,
    pub group: u32,
    pub events: u64,
}

/// A region: one per traced function that occurs in the trace.
#[derive(Debug, Clone)]
pub struct RegionDef {
    pub name: String,
    pub role: Role,
    pub layer: Layer,
}

/// An MPI file view with holes: its displacement and flattened filetype. An operation
/// through it names it ([`GlobalDefs::views`]) and covers the byte ranges
/// [`FileView::extents`] gives, not one range from its offset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileView {
    pub disp: u64,
    pub filetype: std::sync::Arc<io_events::filetype::Filetype>,
}

impl FileView {
    /// The file's byte ranges of `bytes` bytes through the view from the absolute offset
    /// `first` (an operation's offset and bytes), in file order.
    pub fn extents(&self, first: u64, bytes: u64) -> io_events::filetype::Extents<'_> {
        self.filetype.extents(self.disp, first, bytes)
    }
}

/// An object (executable or shared library) call sites lie in, once for every process
/// that mapped it: its path and GNU build-id (empty when it has none).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ObjectDef {
    pub path: String,
    pub build_id: Vec<u8>,
}

/// Object id of a frame whose address lies in no object the process described.
pub const NO_OBJECT: u32 = u32::MAX;

/// One frame of a call site: an object ([`GlobalDefs::objects`], or [`NO_OBJECT`]) and the
/// return address in its file (the raw address when the object is not known).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SiteFrame {
    pub object: u32,
    pub address: u64,
}

/// Where the program made an outermost call: its frames, innermost first (one unless the
/// recorder kept a short stack). The same in every process of the same program.
pub type SiteDef = Box<[SiteFrame]>;

/// The whole global definition set.
#[derive(Default, Debug)]
pub struct GlobalDefs {
    pub strings: Strings,
    pub nodes: Vec<Node>,
    host_nodes: HashMap<String, u32>,
    pub groups: Vec<GroupDef>,
    pub locations: Vec<LocationDef>,
    pub regions: Vec<RegionDef>,
    /// Function id -> region id + 1 (0 = none yet): a plain index, looked up twice per call.
    region_of: Vec<u32>,
    pub files: Vec<FileDef>,
    file_of: HashMap<(String, u32), u32>,
    pub handles: Vec<HandleDef>,
    handle_of: HashMap<HandleDef, Vec<u32>>,
    /// (handle, access mode, status flags) of PRE_CREATED handles.
    pub precreated: Vec<(u32, u8, u32)>,
    /// PRE_CREATED handle -> (access mode, status flags): `precreated` by handle.
    precreated_state: HashMap<u32, (u8, u32)>,
    proxies: HashMap<u8, u32>,
    /// Attribute definitions: (name, description, type: 0 u32, 1 u64, 2 string).
    pub attributes: Vec<(String, String, u8)>,
    /// Layers whose library was built parallel (HDF5 with MPI), from the metadata.
    pub parallel_builds: Vec<io_events::functions::Layer>,
    /// MPI communicators by member list (MPI_COMM_WORLD ranks in comm rank order); the
    /// comm id is the index. Processes agree on a communicator by its members.
    pub comms: Vec<Vec<u32>>,
    /// MPI runs: the location of each rank's main thread, index = rank (COMM_LOCATIONS).
    pub rank_locations: Vec<u64>,
    comm_of: HashMap<Vec<u32>, u32>,
    /// Names of communicators that are not named by their members (each job's
    /// MPI_COMM_WORLD when the trace holds several jobs).
    pub comm_names: HashMap<u32, String>,
    /// MPI file views with holes, as operations name them (`OpBegin::view`). Not unified:
    /// an id is valid in the definitions the operation came with.
    pub views: Vec<FileView>,
    /// Objects call sites lie in; an object's id is its index.
    pub objects: Vec<ObjectDef>,
    object_of: HashMap<ObjectDef, u32>,
    /// Call sites; a site's id is its index (what `Call::site` and `Op::site` hold).
    pub sites: Vec<SiteDef>,
    site_of: HashMap<SiteDef, u32>,
}

/// Id of the `Offset` attribute (absolute file offset of an operation).
pub const ATTR_OFFSET: u32 = 0;
/// Id of the `errno` attribute (on the Leave of a failed call).
pub const ATTR_ERRNO: u32 = 1;
/// Id of the `HDF5 dataset` attribute (a string: the dataset an HDF5 operation touched).
pub const ATTR_DATASET: u32 = 2;
/// Id of the `HDF5 selection` attribute (a string on the Complete of a partial transfer).
pub const ATTR_SELECTION: u32 = 3;
/// Id of the `netCDF variable` attribute.
pub const ATTR_NC_VARIABLE: u32 = 4;
/// Id of the `netCDF selection` attribute.
pub const ATTR_NC_SELECTION: u32 = 5;
/// Id of the `ADIOS variable` attribute.
pub const ATTR_ADIOS_VARIABLE: u32 = 6;
/// Id of the `ADIOS selection` attribute.
pub const ATTR_ADIOS_SELECTION: u32 = 7;
/// Id of the `MPI view ranges` attribute (the byte ranges of an operation through an MPI
/// file view with holes, on its Begin beside `Offset`, its first byte).
pub const ATTR_VIEW_RANGES: u32 = 8;
/// Id of the `MPI view span` attribute (from its first byte to one past its last).
pub const ATTR_VIEW_SPAN: u32 = 9;

impl GlobalDefs {
    /// The id of an object, defined on first sight.
    pub fn object(&mut self, path: &str, build_id: &[u8]) -> u32 {
        let key = ObjectDef {
            path: path.to_string(),
            build_id: build_id.to_vec(),
        };
        if let Some(&id) = self.object_of.get(&key) {
            return id;
        }
        let id = self.objects.len() as u32;
        self.objects.push(key.clone());
        self.object_of.insert(key, id);
        id
    }

    /// The id of a call site, defined on first sight.
    pub fn site(&mut self, frames: &[SiteFrame]) -> u32 {
        if let Some(&id) = self.site_of.get(frames) {
            return id;
        }
        let id = self.sites.len() as u32;
        let def: SiteDef = frames.into();
        self.sites.push(def.clone());
        self.site_of.insert(def, id);
        id
    }

    /// An empty set with the machine root node and the standard attributes.
    pub fn new(machine: &str) -> GlobalDefs {
        let mut d = GlobalDefs::default();
        d.nodes.push(Node {
            name: machine.to_string(),
            class: "machine".into(),
            parent: None,
        });
        d.attributes
            .push(("Offset".into(), "absolute offset within the file".into(), 1));
        d.attributes
            .push(("errno".into(), "errno of a failed call".into(), 0));
        d.attributes.push((
            "HDF5 dataset".into(),
            "path of the HDF5 dataset inside its file".into(),
            2,
        ));
        d.attributes.push((
            "HDF5 selection".into(),
            "bounding box of the file selection: [first+extent,...] per dimension".into(),
            2,
        ));
        d.attributes.push((
            "netCDF variable".into(),
            "name of the netCDF variable".into(),
            2,
        ));
        d.attributes.push((
            "netCDF selection".into(),
            "bounding box of the transfer: [first+extent,...] per dimension".into(),
            2,
        ));
        d.attributes.push((
            "ADIOS variable".into(),
            "name of the ADIOS variable".into(),
            2,
        ));
        d.attributes.push((
            "ADIOS selection".into(),
            "the block put or got: [start+count,...] per dimension, and the variable's shape"
                .into(),
            2,
        ));
        d.attributes.push((
            "MPI view ranges".into(),
            "byte ranges of a transfer through an MPI file view with holes".into(),
            1,
        ));
        d.attributes.push((
            "MPI view span".into(),
            "bytes from its first byte (Offset) to one past its last, holes included".into(),
            1,
        ));
        d
    }

    /// The machine (root) node.
    pub fn machine(&self) -> u32 {
        0
    }

    /// The node of a host, created on first use.
    pub fn host(&mut self, name: &str) -> u32 {
        if let Some(&n) = self.host_nodes.get(name) {
            return n;
        }
        let n = self.nodes.len() as u32;
        self.nodes.push(Node {
            name: name.to_string(),
            class: "node".into(),
            parent: Some(0),
        });
        self.host_nodes.insert(name.to_string(), n);
        n
    }

    /// Add a process on a host.
    pub fn group(&mut self, name: &str, host: &str) -> u32 {
        let node = self.host(host);
        self.groups.push(GroupDef {
            name: name.to_string(),
            node,
        });
        self.groups.len() as u32 - 1
    }

    /// The communicator with these members (MPI_COMM_WORLD ranks), created on first use.
    pub fn comm(&mut self, members: &[u32]) -> u32 {
        if let Some(&c) = self.comm_of.get(members) {
            return c;
        }
        let c = self.comms.len() as u32;
        self.comms.push(members.to_vec());
        self.comm_of.insert(members.to_vec(), c);
        c
    }

    /// Add a thread to a process.
    pub fn location(&mut self, name: &str, group: u32) -> u64 {
        self.locations.push(LocationDef {
            name: name.to_string(),
            group,
            events: 0,
        });
        self.locations.len() as u64 - 1
    }

    /// The region of a function id of the current table, created on first use.
    #[inline]
    pub fn region(&mut self, func: u16) -> u32 {
        match self.region_of.get(func as usize) {
            Some(&r) if r != 0 => r - 1,
            _ => self.new_region(func),
        }
    }

    #[cold]
    fn new_region(&mut self, func: u16) -> u32 {
        let f = &FUNCTIONS[func as usize];
        let r = self.regions.len() as u32;
        self.regions.push(RegionDef {
            name: f.display.to_string(),
            role: f.role,
            layer: f.layer,
        });
        if self.region_of.len() <= func as usize {
            self.region_of.resize(func as usize + 1, 0);
        }
        self.region_of[func as usize] = r + 1;
        r
    }

    /// The I/O paradigm id of a layer: its position in `Layer::ALL` (all are defined).
    pub fn paradigm(&self, layer: Layer) -> u8 {
        Layer::ALL.iter().position(|l| *l == layer).unwrap_or(0) as u8
    }

    /// A file, unified by (name, scope): the same path on two hosts is two files unless the
    /// file system is shared.
    pub fn file(
        &mut self,
        name: &str,
        kind: FileType,
        host_node: u32,
        mount: &str,
        fs_type: &str,
    ) -> u32 {
        let scope = if is_shared_fs(fs_type) {
            self.machine()
        } else {
            host_node
        };
        self.file_in(name, kind, scope, mount, fs_type)
    }

    /// A file unified by (name, scope), `scope` given.
    fn file_in(
        &mut self,
        name: &str,
        kind: FileType,
        scope: u32,
        mount: &str,
        fs_type: &str,
    ) -> u32 {
        if let Some(&f) = self.file_of.get(&(name.to_string(), scope)) {
            if kind == FileType::Directory {
                self.files[f as usize].kind = FileType::Directory;
            }
            return f;
        }
        let f = self.files.len() as u32;
        self.files.push(FileDef {
            name: name.to_string(),
            kind,
            scope,
            mount: mount.to_string(),
            fs_type: fs_type.to_string(),
        });
        self.file_of.insert((name.to_string(), scope), f);
        f
    }

    /// A handle for `def` that is not in `active` (reusing a definition when one is free).
    pub fn handle(&mut self, def: HandleDef, active: &dyn Fn(u32) -> bool) -> u32 {
        if let Some(ids) = self.handle_of.get(&def) {
            if let Some(&h) = ids.iter().find(|&&h| !active(h)) {
                return h;
            }
        }
        self.new_handle(def, None)
    }

    /// A PRE_CREATED handle with its initial state (shared by processes with the same state).
    pub fn precreated_handle(
        &mut self,
        mut def: HandleDef,
        mode: u8,
        status: u32,
        active: &dyn Fn(u32) -> bool,
    ) -> u32 {
        def.flags |= HANDLE_PRE_CREATED;
        if let Some(ids) = self.handle_of.get(&def) {
            let state = Some((mode, status));
            if let Some(&h) = ids
                .iter()
                .find(|&&h| !active(h) && self.precreated_state.get(&h).copied() == state)
            {
                return h;
            }
        }
        self.new_handle(def, Some((mode, status)))
    }

    /// A new handle definition; PRE_CREATED with its initial state when `state` is given.
    fn new_handle(&mut self, def: HandleDef, state: Option<(u8, u32)>) -> u32 {
        let h = self.handles.len() as u32;
        self.handles.push(def.clone());
        self.handle_of.entry(def).or_default().push(h);
        if let Some((mode, status)) = state {
            self.precreated.push((h, mode, status));
            self.precreated_state.insert(h, (mode, status));
        }
        h
    }

    /// The ALL_PROXY handle of a paradigm.
    pub fn proxy(&mut self, layer: Layer) -> u32 {
        let p = self.paradigm(layer);
        self.proxy_of(p, layer)
    }

    /// The ALL_PROXY handle of paradigm `p` (of `layer`).
    fn proxy_of(&mut self, p: u8, layer: Layer) -> u32 {
        if let Some(&h) = self.proxies.get(&p) {
            return h;
        }
        let h = self.handles.len() as u32;
        self.handles.push(HandleDef {
            name: format!("all {} handles", layer.identification()),
            file: None,
            paradigm: p,
            flags: HANDLE_ALL_PROXY,
            comm: None,
            parent: None,
        });
        self.proxies.insert(p, h);
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_are_reused_only_when_inactive() {
        let mut d = GlobalDefs::new("m");
        let def = HandleDef {
            name: "/a".into(),
            file: Some(0),
            paradigm: 0,
            flags: 0,
            comm: None,
            parent: None,
        };
        let h0 = d.handle(def.clone(), &|_| false);
        let h1 = d.handle(def.clone(), &|h| h == h0);
        assert_ne!(h0, h1);
        assert_eq!(d.handle(def.clone(), &|h| h == h1), h0);
        assert_eq!(d.handles.len(), 2);
    }

    #[test]
    fn files_unify_by_scope() {
        let mut d = GlobalDefs::new("m");
        let a = d.host("a");
        let b = d.host("b");
        let f1 = d.file("/scratch/x", FileType::Regular, a, "/scratch", "lustre");
        let f2 = d.file("/scratch/x", FileType::Regular, b, "/scratch", "lustre");
        let f3 = d.file("/tmp/x", FileType::Regular, a, "/", "ext4");
        let f4 = d.file("/tmp/x", FileType::Regular, b, "/", "ext4");
        assert_eq!(f1, f2);
        assert_ne!(f3, f4);
        assert_eq!(d.files[f1 as usize].scope, 0);
        assert_eq!(d.files[f3 as usize].scope, a);
    }
}
