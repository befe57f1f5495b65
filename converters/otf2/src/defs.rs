//! The archive's definitions, written once every process has been converted (the number of
//! events of every location is known then): each location's mapping tables (the ids its
//! events carry -> the global ids), then the global definitions.

use super::contexts::{ContextTable, CALLING_CONTEXT_TYPE};
use super::kinds::status_flags;
use super::layout::Layout;
use super::otf2e;
use definitions::{FileType, GlobalDefs, IdMaps, HANDLE_ALL_PROXY, HANDLE_PRE_CREATED};
use io_events::functions::{Layer, Role};
use io_model::kinds::StatusFlags;
use otf2_sys::{
    ArchiveWriter, AttributeValue, CommFlags, GroupFlags, GroupType, IdMap, IoAccessMode,
    IoHandleFlags, IoParadigmClass, IoParadigmFlags, LocationGroupType, LocationType, MappingType,
    Paradigm, RegionFlags, RegionRole, Type,
};

type Err = crate::Error;

/// A communicator's name: MPI_COMM_WORLD (comm 0, all ranks), MPI_COMM_SELF (one rank), or
/// its members.
fn comm_name(defs: &GlobalDefs, c: usize) -> String {
    let m = &defs.comms[c];
    if let Some(name) = defs.comm_names.get(&(c as u32)) {
        return name.clone();
    }
    if c == 0 {
        return "MPI_COMM_WORLD".into();
    }
    if m.len() == 1 {
        return format!("MPI_COMM_SELF (rank {})", m[0]);
    }
    let shown: Vec<String> = m.iter().take(8).map(|r| r.to_string()).collect();
    let more = if m.len() > 8 { ",..." } else { "" };
    format!("MPI comm {} (ranks {}{})", c, shown.join(","), more)
}

/// The classes of ids events carry, in the order [`Mappings`] keeps them (attribute values
/// of type STRING are strings; location groups and system tree nodes appear in no event).
const MAPPED: [MappingType; 7] = [
    MappingType::String,
    MappingType::Attribute,
    MappingType::Region,
    MappingType::Comm,
    MappingType::IoFile,
    MappingType::IoHandle,
    MappingType::CallingContext,
];

/// Every process's local -> global ids of the classes in [`MAPPED`], packed into one
/// vector: a few small vectors per process, kept until the end, would lie scattered between
/// the large buffers event writers allocate and free, and the heap could not shrink
/// (hundreds of MiB at thousands of processes).
#[derive(Default)]
pub(crate) struct Mappings {
    ids: Vec<u32>,
    /// Per process: the number of ids of each class.
    counts: Vec<[u32; 7]>,
}

impl Mappings {
    /// Add the next process's maps; `contexts`: its calling contexts' global pair ids
    /// (`contexts::Pairs`, made calling contexts when the definitions are written).
    pub fn push(&mut self, m: &IdMaps, contexts: &[u32]) {
        let classes: [&[u32]; 7] = [
            &m.strings,
            &m.attributes,
            &m.regions,
            &m.comms,
            &m.files,
            &m.handles,
            contexts,
        ];
        for c in classes {
            self.ids.extend_from_slice(c);
        }
        self.counts.push(classes.map(|c| c.len() as u32));
    }

    /// Per process, the maps of the classes in [`MAPPED`].
    fn iter(&self) -> impl Iterator<Item = [&[u32]; 7]> {
        let mut at = 0usize;
        self.counts.iter().map(move |n| {
            n.map(|n| {
                let m = &self.ids[at..at + n as usize];
                at += n as usize;
                m
            })
        })
    }
}

/// The mapping tables of one process (identity maps need none); `of_pair`: the calling
/// context of each global pair.
fn mapping_tables(maps: [&[u32]; 7], of_pair: &[u32]) -> Result<Vec<(MappingType, IdMap)>, Err> {
    let mut tables = Vec::new();
    // A process's k-th pair is its ids 2k (the frame) and 2k + 1 (the call).
    let contexts: Vec<u32> = maps[6]
        .iter()
        .flat_map(|&p| {
            let call = of_pair[p as usize];
            [call - 1, call]
        })
        .collect();
    let mut maps = maps;
    maps[6] = &contexts;
    for (ty, map) in MAPPED.into_iter().zip(maps) {
        if let Some(t) = IdMap::from_dense(map).map_err(otf2e)? {
            tables.push((ty, t));
        }
    }
    Ok(tables)
}

/// Every location's local definitions: the mapping tables of its process (`maps`, in plan
/// order), none for the ranks without a trace; `contexts` maps calling-context pairs.
pub(crate) fn write_local_defs(
    archive: &mut ArchiveWriter,
    layout: &Layout,
    maps: &Mappings,
    contexts: &ContextTable,
) -> Result<(), Err> {
    let mut files = archive.local_defs().map_err(otf2e)?;
    for (k, m) in maps.iter().enumerate() {
        let locations = layout.locations(k);
        if locations.is_empty() {
            continue;
        }
        let tables = mapping_tables(m, &contexts.of_pair)?;
        let tables: Vec<(MappingType, &IdMap)> = tables.iter().map(|(t, m)| (*t, m)).collect();
        for loc in locations {
            files.location(loc, &tables).map_err(otf2e)?;
        }
    }
    for loc in layout.no_trace.clone() {
        files.location(loc, &[]).map_err(otf2e)?;
    }
    files.close().map_err(otf2e)
}

/// The call sites' definitions: function regions (after the traced ones), source code
/// locations and calling contexts; `names` are the String ids of the functions' names, the
/// locations' files and the function regions' description.
fn write_contexts(
    g: &mut otf2_sys::GlobalDefWriter,
    t: &ContextTable,
    names: &ContextNames,
) -> Result<(), Err> {
    let first = names.first_function;
    for (k, &name) in names.functions.iter().enumerate() {
        // As Score-P defines the functions it unwinds through: no source file.
        g.region(
            first + k as u32,
            name,
            name,
            names.description,
            RegionRole::Function,
            Paradigm::Sampling,
            RegionFlags::NONE,
            u32::MAX,
            0,
            0,
        )
        .map_err(otf2e)?;
    }
    for (k, &(_, line)) in t.locations.iter().enumerate() {
        g.source_code_location(k as u32, names.files[k], line)
            .map_err(otf2e)?;
    }
    for (i, &(region, function, location)) in t.calls.iter().enumerate() {
        let frame = 2 * i as u32;
        g.calling_context(frame, function, location, None)
            .map_err(otf2e)?;
        g.calling_context(frame + 1, region, None, Some(frame))
            .map_err(otf2e)?;
    }
    Ok(())
}

/// The String ids [`write_contexts`] needs.
struct ContextNames {
    first_function: u32,
    functions: Vec<u32>,
    files: Vec<u32>,
    description: u32,
}

impl ContextNames {
    fn intern(t: &ContextTable, s: &mut definitions::Strings, regions: usize) -> ContextNames {
        ContextNames {
            first_function: regions as u32,
            functions: t.functions.iter().map(|f| s.id(f)).collect(),
            files: t.locations.iter().map(|(f, _)| s.id(f)).collect(),
            description: s.id("program function (call sites)"),
        }
    }
}

pub(crate) fn write_global_defs(
    archive: &mut ArchiveWriter,
    defs: &mut GlobalDefs,
    contexts: &ContextTable,
    paradigms: &[u8],
    (tmin, tmax): (u64, u64),
) -> Result<(), Err> {
    // `paradigms`: the model paradigms defined, in id order (super::paradigms).
    let id_of = |p: u8| paradigms.iter().position(|&q| q == p).unwrap_or(0) as u8;
    let handle_paradigms: Vec<u8> = defs.handles.iter().map(|h| id_of(h.paradigm)).collect();
    let used: Vec<Layer> = paradigms.iter().map(|&p| Layer::ALL[p as usize]).collect();
    // Intern every string first: strings must be written before the records naming them.
    let mut s = std::mem::take(&mut defs.strings);
    let empty = s.id("");
    let node_names: Vec<(u32, u32)> = defs
        .nodes
        .iter()
        .map(|n| (s.id(&n.name), s.id(&n.class)))
        .collect();
    let group_names: Vec<u32> = defs.groups.iter().map(|g| s.id(&g.name)).collect();
    let loc_names: Vec<u32> = defs.locations.iter().map(|l| s.id(&l.name)).collect();
    let region_names: Vec<(u32, u32)> = defs
        .regions
        .iter()
        .map(|r| {
            (
                s.id(&r.name),
                s.id(&format!("{} I/O", r.layer.identification())),
            )
        })
        .collect();
    let src = s.id("recorder-otf2");
    let src_mpi = s.id("MPI");
    let comm_names: Vec<u32> = (0..defs.comms.len())
        .map(|c| s.id(&comm_name(defs, c)))
        .collect();
    let comm_locations_name = s.id("COMM_LOCATIONS");
    let attr_names: Vec<(u32, u32)> = defs
        .attributes
        .iter()
        .map(|(n, d, _)| (s.id(n), s.id(d)))
        .collect();
    let paradigm_names: Vec<u32> = used.iter().map(|l| s.id(l.identification())).collect();
    let file_names: Vec<(u32, u32, u32)> = defs
        .files
        .iter()
        .map(|f| (s.id(&f.name), s.id(&f.mount), s.id(&f.fs_type)))
        .collect();
    let (mount_key, fs_key) = (s.id("Mount Point"), s.id("File system"));
    let handle_names: Vec<u32> = defs.handles.iter().map(|h| s.id(&h.name)).collect();
    let context_names = (!contexts.calls.is_empty())
        .then(|| ContextNames::intern(contexts, &mut s, defs.regions.len()));
    defs.strings = s;

    let mut g = archive.global_defs().map_err(otf2e)?;
    g.clock_properties(1_000_000_000, tmin, tmax - tmin, tmin)
        .map_err(otf2e)?;
    for (i, st) in defs.strings.all().iter().enumerate() {
        g.string(i as u32, st).map_err(otf2e)?;
    }
    for (i, l) in used.iter().enumerate() {
        let flags = if *l == Layer::Posix {
            IoParadigmFlags::OS
        } else {
            IoParadigmFlags::NONE
        };
        let class = if l.parallel() || defs.parallel_builds.contains(l) {
            IoParadigmClass::Parallel
        } else {
            IoParadigmClass::Serial
        };
        let name = paradigm_names[i];
        g.io_paradigm(i as u8, name, name, class, flags, &[])
            .map_err(otf2e)?;
    }
    for (i, n) in defs.nodes.iter().enumerate() {
        g.system_tree_node(i as u32, node_names[i].0, node_names[i].1, n.parent)
            .map_err(otf2e)?;
    }
    for (i, gr) in defs.groups.iter().enumerate() {
        g.location_group(
            i as u32,
            group_names[i],
            LocationGroupType::Process,
            gr.node,
            None,
        )
        .map_err(otf2e)?;
    }
    for (i, l) in defs.locations.iter().enumerate() {
        g.location(
            i as u64,
            loc_names[i],
            LocationType::CpuThread,
            l.events,
            l.group,
        )
        .map_err(otf2e)?;
    }
    // MPI: member i of COMM_LOCATIONS is rank i's main thread; a comm's group lists its
    // members as ranks (indices into COMM_LOCATIONS).
    if !defs.rank_locations.is_empty() {
        let locs: Vec<u64> = defs.rank_locations.clone();
        g.group(
            0,
            comm_locations_name,
            GroupType::CommLocations,
            Paradigm::Mpi,
            GroupFlags::NONE,
            &locs,
        )
        .map_err(otf2e)?;
        for (c, members) in defs.comms.iter().enumerate() {
            let m: Vec<u64> = members.iter().map(|&r| r as u64).collect();
            g.group(
                1 + c as u32,
                comm_names[c],
                GroupType::CommGroup,
                Paradigm::Mpi,
                GroupFlags::NONE,
                &m,
            )
            .map_err(otf2e)?;
            g.comm(c as u32, comm_names[c], 1 + c as u32, None, CommFlags::NONE)
                .map_err(otf2e)?;
        }
    }
    for (i, r) in defs.regions.iter().enumerate() {
        let role = match r.role {
            Role::Data => RegionRole::FileIo,
            Role::Meta => RegionRole::FileIoMetadata,
            Role::Func | Role::Event => RegionRole::Function,
            Role::Barrier => RegionRole::Barrier,
            Role::Coll => RegionRole::CollOther,
        };
        // MPI functions: paradigm MPI and source file "MPI", which is how Scalasca tells
        // MPI regions (and MPI_File_* as MPI file I/O) from others.
        let (paradigm, file) = if r.layer.is_mpi() {
            (Paradigm::Mpi, src_mpi)
        } else {
            (Paradigm::None, src)
        };
        g.region(
            i as u32,
            region_names[i].0,
            region_names[i].0,
            region_names[i].1,
            role,
            paradigm,
            RegionFlags::NONE,
            file,
            0,
            0,
        )
        .map_err(otf2e)?;
    }
    if let Some(names) = &context_names {
        write_contexts(&mut g, contexts, names)?;
    }
    for (i, (_, _, ty)) in defs.attributes.iter().enumerate() {
        g.attribute(
            i as u32,
            attr_names[i].0,
            attr_names[i].1,
            match ty {
                0 => Type::Uint32,
                1 => Type::Uint64,
                &CALLING_CONTEXT_TYPE => Type::CallingContext,
                _ => Type::String,
            },
        )
        .map_err(otf2e)?;
    }
    for (i, f) in defs.files.iter().enumerate() {
        match f.kind {
            FileType::Regular => g
                .io_regular_file(i as u32, file_names[i].0, f.scope)
                .map_err(otf2e)?,
            FileType::Directory => g
                .io_directory(i as u32, file_names[i].0, f.scope)
                .map_err(otf2e)?,
        }
        if !f.mount.is_empty() {
            g.io_file_property(i as u32, mount_key, AttributeValue::String(file_names[i].1))
                .map_err(otf2e)?;
            g.io_file_property(i as u32, fs_key, AttributeValue::String(file_names[i].2))
                .map_err(otf2e)?;
        }
    }
    let _ = empty;
    for (i, h) in defs.handles.iter().enumerate() {
        let mut flags = IoHandleFlags::NONE;
        if h.flags & HANDLE_PRE_CREATED != 0 {
            flags |= IoHandleFlags::PRE_CREATED;
        }
        if h.flags & HANDLE_ALL_PROXY != 0 {
            flags |= IoHandleFlags::ALL_PROXY;
        }
        g.io_handle(
            i as u32,
            handle_names[i],
            h.file,
            handle_paradigms[i],
            flags,
            h.comm,
            h.parent,
        )
        .map_err(otf2e)?;
    }
    for &(h, mode, status) in &defs.precreated {
        let mode = match mode {
            0 => IoAccessMode::ReadOnly,
            1 => IoAccessMode::WriteOnly,
            _ => IoAccessMode::ReadWrite,
        };
        g.io_pre_created_handle_state(h, mode, status_flags(StatusFlags(status)))
            .map_err(otf2e)?;
    }
    Ok(())
}
