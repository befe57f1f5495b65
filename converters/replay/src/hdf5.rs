//! The replay of one MPI rank at the HDF5 layer: the rank's HDF5 calls as steps an HDF5
//! program re-issues (`replay-mpi/src/hdf5.c`). Planned here (no HDF5 linked), beside the
//! MPI-IO plan of the same rank (`mpiio::rank_plan`, which leaves out the MPI-IO and POSIX
//! calls made inside an HDF5 call: HDF5 makes them again).
//!
//! - Which calls: every successful HDF5 call that is the outermost HDF5 call of its stack.
//!   Files (H5Fcreate/H5Fopen on a path kept by `--only`, with their property lists),
//!   property lists (H5Pcreate by class, H5Pcopy and the recorded setters: mpio driver on
//!   the recorded communicator, alignment, sizes, fill and allocation time, layout, chunk,
//!   deflate, library bounds, collective metadata, and what h5py sets: close degree, object
//!   times, link and attribute creation order, intermediate groups, caches), dataspaces
//!   (simple extents of up to three dimensions, hyperslab, all and none selections,
//!   H5Dget_space, H5Scopy), datasets (create by path in their file with the recorded
//!   datatype, dataspace and lists; open), groups (create, open), objects opened by H5Oopen
//!   (h5py, netCDF-4), attributes (create with the recorded datatype, open, write and read
//!   in their own datatype), extents (H5Dset_extent, H5Dextend: the first dimension
//!   recorded), transfers (H5Dwrite/H5Dread with the memory type, memory and
//!   file dataspaces and transfer list), flushes and closes; H5Idec_ref that dropped an id's
//!   last reference as a release of the replay's (a close, or an H5Iinc_ref, that left
//!   references is not replayed: the object stays open, as it did). Recorded handles are
//!   mapped to slots of live ones; H5P_DEFAULT and H5S_ALL stay what they are.
//! - Not replayed, counted as skipped: any other HDF5 call (queries, links, attribute
//!   renames and deletes ...); a call on a handle the replay does not have (made by an
//!   unreplayed call, or a file left out); point selections (H5Sselect_elements) and
//!   dataspaces of more than three dimensions, which the trace does not hold whole, and the
//!   transfers through them (with a warning).
//! - Datatypes are made from their recorded class, size, sign and byte order; a compound,
//!   string, array ... type is made as an opaque type of the same size (counted: under
//!   `--layer auto` the replay then goes down a layer, see `Planner::opaque_types`).

use super::{mapped, Options};
use io_events::codec::Record;
use io_events::functions::{Func, FUNCTIONS};
use io_model::resolve::Call;
use io_model::trace::ProcessTrace;
use std::collections::{BTreeMap, HashMap};
use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;

/// A live handle: a slot of the rank's HDF5 ids, or [`DEFAULT`].
pub type Id = u32;
/// H5P_DEFAULT or H5S_ALL (both 0).
pub const DEFAULT: Id = u32::MAX;

/// What kind of id a close closes (replay-mpi/src/hdf5.c takes these numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    File = 0,
    Group = 1,
    Dataset = 2,
    Space = 3,
    Plist = 4,
    Attribute = 5,
    /// Opened by H5Oopen (a dataset, group or named datatype: H5Oclose closes any).
    Object = 6,
}

/// The property setters replayed (replay-mpi/src/hdf5.c takes these numbers), with the
/// recorded function: each records [list, up to four values].
pub const SETTERS: [(Func, u32); 20] = [
    (Func::H5Pset_fapl_mpio, 1),
    (Func::H5Pset_dxpl_mpio, 2),
    (Func::H5Pset_alignment, 3),
    (Func::H5Pset_sizes, 4),
    (Func::H5Pset_fill_time, 5),
    (Func::H5Pset_alloc_time, 6),
    (Func::H5Pset_layout, 7),
    (Func::H5Pset_chunk, 8),
    (Func::H5Pset_deflate, 9),
    (Func::H5Pset_shuffle, 10),
    (Func::H5Pset_libver_bounds, 11),
    (Func::H5Pset_all_coll_metadata_ops, 12),
    (Func::H5Pset_coll_metadata_write, 13),
    (Func::H5Pset_fapl_sec2, 14),
    (Func::H5Pset_fclose_degree, 15),
    (Func::H5Pset_obj_track_times, 16),
    (Func::H5Pset_link_creation_order, 17),
    (Func::H5Pset_attr_creation_order, 18),
    (Func::H5Pset_create_intermediate_group, 19),
    (Func::H5Pset_cache, 20),
];
/// H5Pset_fapl_mpio's setter: its first value is a communicator slot.
pub const SET_FAPL_MPIO: u32 = 1;

/// One HDF5 call to re-issue; `slot` is where the id it returns goes.
#[derive(Clone, Debug)]
pub enum H5Step {
    PlistCreate {
        class: u32,
        slot: u32,
    },
    Copy {
        kind: Kind,
        src: Id,
        slot: u32,
    },
    /// `prop`: a setter of [`SETTERS`]; `args` its recorded values.
    PlistSet {
        plist: Id,
        prop: u32,
        args: [u64; 4],
    },
    Close {
        kind: Kind,
        id: Id,
    },
    /// `flags`: H5F_ACC_*; `fcpl` DEFAULT for an open.
    File {
        create: bool,
        path: CString,
        flags: u32,
        fcpl: Id,
        fapl: Id,
        slot: u32,
    },
    Flush {
        file: Id,
        scope: u32,
    },
    /// `kind` of H5Screate (scalar, null), or -1: simple, of `rank` dims and max dims.
    Space {
        kind: i32,
        rank: u32,
        dims: [u64; 3],
        max: [u64; 3],
        slot: u32,
    },
    DatasetSpace {
        dset: Id,
        slot: u32,
    },
    /// `op`: H5S_seloper_t, or -1 select all, -2 select none; `slab` per dimension: start,
    /// stride, count, block.
    Select {
        space: Id,
        op: i32,
        rank: u32,
        slab: [[u64; 4]; 3],
    },
    /// A dataset by its path in the file (`dtype`: a slot of `RankPlan::h5_types`), or a
    /// group (`dtype` unused) in `loc`.
    Object {
        kind: Kind,
        create: bool,
        loc: Id,
        name: CString,
        dtype: u32,
        space: Id,
        lcpl: Id,
        dcpl: Id,
        dapl: Id,
        slot: u32,
    },
    /// An attribute of `loc` (or of its object `obj`) made (`dtype`: a type slot) or opened.
    Attribute {
        create: bool,
        loc: Id,
        obj: Option<CString>,
        name: CString,
        dtype: u32,
        space: Id,
        acpl: Id,
        aapl: Id,
        slot: u32,
    },
    /// H5Awrite/H5Aread in the attribute's own datatype; `need`: the buffer it needs.
    AttributeTransfer {
        write: bool,
        attr: Id,
        need: u64,
    },
    /// H5Dset_extent (`extend`: H5Dextend) with the first dimension recorded, the others the
    /// dataset's own (netCDF grows its unlimited first dimension so).
    Extent {
        dset: Id,
        extend: bool,
        dim0: u64,
    },
    /// The last reference of an id dropped (H5Idec_ref to none, as h5py closes objects).
    Release {
        id: Id,
    },
    /// `bytes`: what the original moved; `need`: the memory buffer it needs.
    Transfer {
        write: bool,
        dset: Id,
        mem_type: u32,
        mem_space: Id,
        file_space: Id,
        dxpl: Id,
        bytes: u64,
        need: u64,
    },
}

impl H5Step {
    /// A transfer's direction and the buffer it needs.
    pub fn buffer(&self) -> Option<(bool, u64)> {
        match *self {
            H5Step::Transfer { write, need, .. }
            | H5Step::AttributeTransfer { write, need, .. } => Some((write, need)),
            _ => None,
        }
    }
}

/// What an HDF5 call of the trace becomes.
type Planned = Result<H5Step, Skip>;

/// Why a call is not replayed.
#[derive(Debug)]
pub enum Skip {
    /// Not a call the replay makes, or on a handle it does not have.
    Silently,
    /// Something the trace cannot tell whole (counted per function for a warning).
    Unreplayable(&'static str),
    /// A call that changes nothing the replay's own calls do not: a reference taken, or
    /// dropped while others remain (the object stays open, as in the original).
    NoEffect,
}

/// The HDF5 part of a rank's plan, as the resolver hands the calls over.
#[derive(Default)]
pub struct Planner {
    /// Recorded hid -> slot.
    ids: HashMap<u64, u32>,
    pub slots: u32,
    /// Elements of the extent of each dataspace and dataset slot (buffer sizes).
    elements: HashMap<u32, u64>,
    /// Bytes of each attribute made (its extent in its datatype).
    attribute_bytes: HashMap<u32, u64>,
    /// Datatype codes (hdf5.rs `type_code` of the recorder), by type slot.
    pub types: Vec<u64>,
    /// The largest memory buffer a transfer needs.
    pub max_bytes: u64,
    /// Calls whose datatype the replay makes as an opaque type of its size (see
    /// [`Planner::type_slot`]): HDF5 would encode another type in the file.
    pub opaque_types: u64,
    /// Per thread: the `h5_slab` events of the hyperslab call in progress.
    slabs: HashMap<usize, Vec<[u64; 5]>>,
    /// Unreplayable calls per reason.
    pub unreplayable: BTreeMap<&'static str, u64>,
}

/// The recorded value of a field by name (0 if the function has none).
fn field(c: &Call, r: &Record, name: &str) -> u64 {
    let info = &FUNCTIONS[c.func as usize];
    let i = info.args.iter().position(|(n, _)| *n == name);
    i.and_then(|i| r.fields.get(i).copied()).unwrap_or(0)
}

/// Elements of an extent of `rank` dimensions (None beyond three).
fn points(rank: u64, dims: &[u64]) -> Option<u64> {
    (rank <= 3).then(|| dims[..rank as usize].iter().product())
}

impl Planner {
    /// A slab event of `thread`'s hyperslab call in progress.
    pub fn event(&mut self, thread: usize, r: &Record) {
        if super::func(r.func) == Func::h5_slab {
            let f = |i: usize| r.fields.get(i).copied().unwrap_or(0);
            let dims = [f(0), f(1), f(2), f(3), f(4)];
            self.slabs.entry(thread).or_default().push(dims);
        }
    }

    /// The live slot of a recorded handle (0: DEFAULT), if the replay has it.
    fn id(&self, rec: u64) -> Result<Id, Skip> {
        match rec {
            0 => Ok(DEFAULT),
            _ => self.ids.get(&rec).copied().ok_or(Skip::Silently),
        }
    }

    /// A new slot for the id `rec` the call returned.
    fn new_slot(&mut self, rec: u64) -> u32 {
        let slot = self.slots;
        self.slots += 1;
        self.ids.insert(rec, slot);
        slot
    }

    /// A type slot for a recorded datatype code; integers and floats are made as they were,
    /// any other class (string, compound, reference, variable-length ...) only as an opaque
    /// type of its size, counted: its datatype message in the file would differ in size.
    fn type_slot(&mut self, code: u64) -> u32 {
        const INTEGER: u64 = 0;
        const FLOAT: u64 = 1;
        self.opaque_types += !matches!((code >> 32) & 0xFF, INTEGER | FLOAT) as u64;
        match self.types.iter().position(|&t| t == code) {
            Some(i) => i as u32,
            None => {
                self.types.push(code);
                self.types.len() as u32 - 1
            }
        }
    }

    /// An outermost, successful HDF5 call as a step, or why not. `comm` maps a recorded
    /// communicator to its slot, `path` a recorded file to its path under DIR.
    pub fn call(&mut self, c: &Call, r: &Record, ctx: &Context) -> Planned {
        let func = super::func(c.func);
        let f = |n: &str| field(c, r, n);
        let ret = r.ret();
        let slabs = self.slabs.remove(&c.thread).unwrap_or_default();
        if let Some(&(_, prop)) = SETTERS.iter().find(|(n, _)| *n == func) {
            return self.set(prop, r, ctx);
        }
        match func {
            Func::H5Pcreate => Ok(H5Step::PlistCreate {
                class: f("class") as u32,
                slot: self.new_slot(ret),
            }),
            Func::H5Pcopy => self.copy(Kind::Plist, f("plist"), ret),
            Func::H5Scopy => self.copy(Kind::Space, f("space"), ret),
            Func::H5Pclose => self.close(Kind::Plist, f("plist")),
            Func::H5Sclose => self.close(Kind::Space, f("space")),
            Func::H5Dclose | Func::H5Oclose if f("refs") > 0 => Err(Skip::NoEffect),
            Func::H5Dclose => self.close(Kind::Dataset, f("dset")),
            Func::H5Oclose => self.close(Kind::Object, f("obj")),
            Func::H5Aclose => self.close(Kind::Attribute, f("attr_id")),
            Func::H5Idec_ref if ret == 0 => self.release(f("id")),
            Func::H5Idec_ref | Func::H5Iinc_ref => Err(Skip::NoEffect),
            Func::H5Gclose => self.close(Kind::Group, f("group_id")),
            Func::H5Fclose => self.close(Kind::File, f("file")),
            Func::H5Fflush => Ok(H5Step::Flush {
                file: self.id(f("file"))?,
                scope: f("scope") as u32,
            }),
            Func::H5Fcreate | Func::H5Fopen => self.file(c, r, ctx),
            Func::H5Screate | Func::H5Screate_simple => self.space(func, c, r),
            Func::H5Dget_space => self.dataset_space(f("dset_id"), ret),
            Func::H5Sselect_hyperslab => self.hyperslab(f("space"), f("op"), f("rank"), &slabs),
            Func::H5Sselect_all | Func::H5Sselect_none => self.select_all(func, f("space")),
            Func::H5Sselect_elements => {
                self.unreplayable_space(f("space"), "point selections (H5Sselect_elements)")
            }
            Func::H5Dcreate1 | Func::H5Dcreate2 | Func::H5Dopen1 | Func::H5Dopen2 => {
                self.dataset(func, c, r, ctx)
            }
            Func::H5Gcreate1 | Func::H5Gcreate2 | Func::H5Gopen1 | Func::H5Gopen2 => {
                self.group(func, c, r, ctx)
            }
            Func::H5Dwrite | Func::H5Dread => self.transfer(func == Func::H5Dwrite, c, r),
            Func::H5Oopen => self.object_open(c, r, ctx),
            Func::H5Dset_extent | Func::H5Dextend => Ok(H5Step::Extent {
                dset: self.id(f("dset"))?,
                extend: func == Func::H5Dextend,
                dim0: f("dim0"),
            }),
            Func::H5Acreate1
            | Func::H5Acreate2
            | Func::H5Acreate_by_name
            | Func::H5Aopen
            | Func::H5Aopen_name
            | Func::H5Aopen_by_name => self.attribute(func, c, r, ctx),
            Func::H5Awrite | Func::H5Aread => self.attribute_transfer(func == Func::H5Awrite, c, r),
            _ => Err(Skip::Silently),
        }
    }

    fn copy(&mut self, kind: Kind, src: u64, ret: u64) -> Planned {
        let src = self.id(src)?;
        let slot = self.new_slot(ret);
        if let Some(&n) = self.elements.get(&src) {
            self.elements.insert(slot, n);
        }
        Ok(H5Step::Copy { kind, src, slot })
    }

    fn close(&mut self, kind: Kind, rec: u64) -> Planned {
        let id = self.id(rec)?;
        self.ids.remove(&rec);
        Ok(H5Step::Close { kind, id })
    }

    /// H5Idec_ref that dropped the last reference: the replay drops all of its own.
    fn release(&mut self, rec: u64) -> Planned {
        let id = self.id(rec)?;
        self.ids.remove(&rec);
        Ok(H5Step::Release { id })
    }

    /// H5Oopen: by its path in its file (the recorder names it so).
    fn object_open(&mut self, c: &Call, r: &Record, ctx: &Context) -> Planned {
        self.plain_object(Kind::Object, false, field(c, r, "file"), c, r, ctx)
    }

    /// H5Acreate*, H5Aopen*: on the object the call named (by name below it with _by_name).
    fn attribute(&mut self, func: Func, c: &Call, r: &Record, ctx: &Context) -> Planned {
        let f = |n: &str| field(c, r, n);
        let text = |v: u64| {
            let t = ctx.p.name(v).ok_or(Skip::Silently)?;
            CString::new(t).map_err(|_| Skip::Silently)
        };
        use Func::*;
        let create = matches!(func, H5Acreate1 | H5Acreate2 | H5Acreate_by_name);
        let loc = self.id(if func == H5Aopen {
            f("obj_id")
        } else {
            f("loc_id")
        })?;
        let obj = match matches!(func, H5Acreate_by_name | H5Aopen_by_name) {
            true => Some(text(f("obj_name"))?),
            false => None,
        };
        let attr_name = match func {
            H5Aopen_name => f("name"),
            _ => f("attr_name"),
        };
        let (space, acpl, aapl) = match create {
            true => (
                self.id(f("space_id"))?,
                self.id(f("acpl_id"))?,
                self.id(f("aapl_id"))?,
            ),
            false => (DEFAULT, DEFAULT, self.id(f("aapl_id"))?),
        };
        let code = f("type");
        let step = H5Step::Attribute {
            create,
            loc,
            obj,
            name: text(attr_name)?,
            dtype: if create { self.type_slot(code) } else { 0 },
            space,
            acpl,
            aapl,
            slot: self.new_slot(r.ret()),
        };
        if let (H5Step::Attribute { slot, .. }, Some(&n)) = (&step, self.elements.get(&space)) {
            let bytes = n.saturating_mul(code & 0xFFFF_FFFF);
            self.attribute_bytes.insert(*slot, bytes);
        }
        Ok(step)
    }

    /// H5Awrite/H5Aread: the buffer holds what the original moved, or the attribute's
    /// extent in its own datatype (the replay's memory type) if that is more.
    fn attribute_transfer(&mut self, write: bool, c: &Call, r: &Record) -> Planned {
        let attr = self.id(field(c, r, "attr"))?;
        let own = self.attribute_bytes.get(&attr).copied().unwrap_or(0);
        let need = field(c, r, "bytes").max(own);
        self.max_bytes = self.max_bytes.max(need);
        Ok(H5Step::AttributeTransfer { write, attr, need })
    }

    /// A property setter: [list, values...]; the mpio driver's communicator as its slot.
    fn set(&mut self, prop: u32, r: &Record, ctx: &Context) -> Planned {
        let f = |i: usize| r.fields.get(i).copied().unwrap_or(0);
        let plist = self.id(f(0))?;
        let mut args = [f(1), f(2), f(3), f(4)];
        if prop == SET_FAPL_MPIO {
            args[0] = (ctx.comm)(f(1)).ok_or(Skip::Silently)? as u64;
        }
        Ok(H5Step::PlistSet { plist, prop, args })
    }

    fn file(&mut self, c: &Call, r: &Record, ctx: &Context) -> Planned {
        let f = |n: &str| field(c, r, n);
        let path = (ctx.path)(f("path")).ok_or(Skip::Silently)?;
        let amode = f("flags");
        let create = super::func(c.func) == Func::H5Fcreate;
        use io_events::functions::mpi_amode as m;
        // H5F_ACC_RDWR 1, TRUNC 2, EXCL 4.
        let flags = match create {
            true if amode & m::TRUNCATE != 0 => 2,
            true => 4,
            false => (amode & m::RDWR != 0) as u32,
        };
        let (fcpl, fapl) = (self.id(f("fcpl"))?, self.id(f("fapl"))?);
        let slot = self.new_slot(r.ret());
        Ok(H5Step::File {
            create,
            path,
            flags,
            fcpl,
            fapl,
            slot,
        })
    }

    fn space(&mut self, func: Func, c: &Call, r: &Record) -> Planned {
        let f = |n: &str| field(c, r, n);
        let (rank, dims, max) = (
            f("rank"),
            [f("dim0"), f("dim1"), f("dim2")],
            [f("max0"), f("max1"), f("max2")],
        );
        let kind = if func == Func::H5Screate {
            f("type") as i32
        } else {
            -1
        };
        let Some(n) = (if kind >= 0 {
            Some((kind == 0) as u64)
        } else {
            points(rank, &dims)
        }) else {
            return self.unreplayable("dataspaces of more than 3 dimensions");
        };
        let slot = self.new_slot(r.ret());
        self.elements.insert(slot, n);
        Ok(H5Step::Space {
            kind,
            rank: rank as u32,
            dims,
            max,
            slot,
        })
    }

    fn dataset_space(&mut self, dset: u64, ret: u64) -> Planned {
        let dset = self.id(dset)?;
        let slot = self.new_slot(ret);
        if let Some(&n) = self.elements.get(&dset) {
            self.elements.insert(slot, n);
        }
        Ok(H5Step::DatasetSpace { dset, slot })
    }

    fn hyperslab(&mut self, space: u64, op: u64, rank: u64, slabs: &[[u64; 5]]) -> Planned {
        if rank > 3 {
            return self.unreplayable_space(space, "selections of more than 3 dimensions");
        }
        let space = self.id(space)?;
        let mut slab = [[0; 4]; 3];
        for d in slabs.iter().filter(|d| d[0] < 3) {
            slab[d[0] as usize] = [d[1], d[2], d[3], d[4]];
        }
        Ok(H5Step::Select {
            space,
            op: op as i32,
            rank: rank as u32,
            slab,
        })
    }

    fn select_all(&mut self, func: Func, space: u64) -> Planned {
        let op = if func == Func::H5Sselect_all { -1 } else { -2 };
        Ok(H5Step::Select {
            space: self.id(space)?,
            op,
            rank: 0,
            slab: [[0; 4]; 3],
        })
    }

    /// A call the trace cannot tell whole: counted, and the dataspace it changed is no longer
    /// the replay's (the transfers through it are skipped).
    fn unreplayable_space(&mut self, space: u64, why: &'static str) -> Planned {
        self.ids.remove(&space);
        self.unreplayable(why)
    }

    fn unreplayable(&mut self, why: &'static str) -> Planned {
        *self.unreplayable.entry(why).or_default() += 1;
        Err(Skip::Unreplayable(why))
    }

    /// H5Dcreate/H5Dopen: by its path in its file.
    fn dataset(&mut self, func: Func, c: &Call, r: &Record, ctx: &Context) -> Planned {
        let f = |n: &str| field(c, r, n);
        let create = matches!(func, Func::H5Dcreate1 | Func::H5Dcreate2);
        let loc = self.id(f("file"))?;
        let path = ctx.p.name(f("name")).ok_or(Skip::Silently)?;
        let name = CString::new(path).map_err(|_| Skip::Silently)?;
        let (space, dcpl, lcpl, dapl) = (
            self.id(f("space"))?,
            self.id(f("dcpl"))?,
            self.id(f("lcpl"))?,
            self.id(f("dapl"))?,
        );
        let dtype = self.type_slot(f("type"));
        let n = match create {
            true => self.elements.get(&space).copied(),
            false => points(f("rank"), &[f("dim0"), f("dim1"), f("dim2")]),
        };
        let slot = self.new_slot(r.ret());
        if let Some(n) = n {
            self.elements.insert(slot, n);
        }
        Ok(H5Step::Object {
            kind: Kind::Dataset,
            create,
            loc,
            name,
            dtype,
            space,
            lcpl,
            dcpl,
            dapl,
            slot,
        })
    }

    /// H5Gcreate/H5Gopen: by its name in `loc`, default lists.
    fn group(&mut self, func: Func, c: &Call, r: &Record, ctx: &Context) -> Planned {
        let create = matches!(func, Func::H5Gcreate1 | Func::H5Gcreate2);
        self.plain_object(Kind::Group, create, field(c, r, "loc_id"), c, r, ctx)
    }

    /// A group or object by its `name` field in `loc` (a recorded id), default lists.
    fn plain_object(
        &mut self,
        kind: Kind,
        create: bool,
        loc: u64,
        c: &Call,
        r: &Record,
        ctx: &Context,
    ) -> Planned {
        let loc = self.id(loc)?;
        let text = ctx.p.name(field(c, r, "name")).ok_or(Skip::Silently)?;
        let name = CString::new(text).map_err(|_| Skip::Silently)?;
        Ok(H5Step::Object {
            kind,
            create,
            loc,
            name,
            dtype: 0,
            space: DEFAULT,
            lcpl: DEFAULT,
            dcpl: DEFAULT,
            dapl: DEFAULT,
            slot: self.new_slot(r.ret()),
        })
    }

    /// H5Dwrite/H5Dread; the memory buffer must hold the memory dataspace's extent (the
    /// dataset's with H5S_ALL).
    fn transfer(&mut self, write: bool, c: &Call, r: &Record) -> Planned {
        let f = |n: &str| field(c, r, n);
        let dset = self.id(f("dset"))?;
        let (mem_space, file_space, dxpl) = (
            self.id(f("mem_space"))?,
            self.id(f("file_space"))?,
            self.id(f("dxpl"))?,
        );
        let code = f("mem_type");
        let mem_type = self.type_slot(code);
        let extent = if mem_space == DEFAULT {
            dset
        } else {
            mem_space
        };
        let elements = self.elements.get(&extent).copied().unwrap_or(0);
        let bytes = f("bytes");
        let need = bytes.max(elements.saturating_mul(code & 0xFFFF_FFFF));
        self.max_bytes = self.max_bytes.max(need);
        Ok(H5Step::Transfer {
            write,
            dset,
            mem_type,
            mem_space,
            file_space,
            dxpl,
            bytes,
            need,
        })
    }

    /// The warnings of a rank's plan: what could not be replayed, per reason.
    pub fn warnings(&self) -> Vec<String> {
        let say = |(why, n): (&&str, &u64)| {
            format!("{n} HDF5 calls not replayable ({why}): skipped, with the transfers through their dataspaces")
        };
        self.unreplayable.iter().map(say).collect()
    }
}

/// What the planner needs of the rank's MPI-IO plan and of its process.
pub struct Context<'a> {
    pub p: &'a ProcessTrace,
    /// Recorded communicator -> slot of the MPI replay's communicators.
    pub comm: &'a dyn Fn(u64) -> Option<u32>,
    /// Recorded file -> its path under DIR, if kept.
    pub path: &'a dyn Fn(u64) -> Option<CString>,
}

/// A recorded path field, mapped under DIR (None: not one the replay touches).
pub fn mapped_path(p: &ProcessTrace, opts: &Options, field: u64) -> Option<CString> {
    let target = mapped(&p.file(field)?.path, opts)?;
    CString::new(target.as_os_str().as_bytes()).ok()
}
