//! The filetype of an MPI file view, flattened into the blocks of bytes one tile covers
//! (io-events `filetype`), so that readers know exactly which bytes of the file a transfer
//! through the view touches. Asked of MPI with the standard's decoding calls
//! (`MPI_Type_get_envelope` / `MPI_Type_get_contents`, recursively) once per
//! `MPI_File_set_view` whose filetype has holes; each distinct result is written once as a
//! `Def::Filetype` and the record names its id.
//!
//! Not flattened (the record says `FILETYPE_UNKNOWN`, counted as an unknown view): darray
//! filetypes, types nested deeper than [`MAX_DEPTH`], types whose description holds more
//! than [`MAX_ARGS`] numbers, types needing more than `MAX_FILETYPE_RUNS` runs or more
//! than `MAX_STEPS` blocks at one level or [`MAX_WORK`] runs in all, and blocks out of file
//! order (erroneous for a filetype).

use super::{abi, MPI_Aint, MPI_Datatype, PMPI_Type_get_contents, PMPI_Type_get_envelope};
use super::{HandlePtr, PMPI_Type_free, PMPI_Type_get_extent, PMPI_Type_size};
use crate::runtime;
use io_events::defs::Def;
use io_events::filetype::{Filetype, Runs};
use io_events::functions::{FILETYPE_CONTIGUOUS, FILETYPE_UNKNOWN};
use std::os::raw::{c_int, c_void};

/// Deepest nesting of derived types followed.
const MAX_DEPTH: u32 = 16;
/// Most integers, addresses or datatypes one constructor's description may hold.
const MAX_ARGS: c_int = 1 << 20;
/// Most blocks and runs appended while flattening one filetype (bounds the time a type of
/// millions of tiny blocks takes).
const MAX_WORK: u64 = 1 << 22;

/// Combiners as offsets from MPI_COMBINER_NAMED (the standard's order, the same in both
/// ABIs: tests/tests/mpi_abi.rs checks it).
mod combiner {
    pub const NAMED: i32 = 0;
    pub const DUP: i32 = 1;
    pub const CONTIGUOUS: i32 = 2;
    pub const VECTOR: i32 = 3;
    pub const HVECTOR_INTEGER: i32 = 4;
    pub const HVECTOR: i32 = 5;
    pub const INDEXED: i32 = 6;
    pub const HINDEXED_INTEGER: i32 = 7;
    pub const HINDEXED: i32 = 8;
    pub const INDEXED_BLOCK: i32 = 9;
    pub const STRUCT_INTEGER: i32 = 10;
    pub const STRUCT: i32 = 11;
    pub const SUBARRAY: i32 = 12;
    pub const F90_REAL: i32 = 14;
    pub const F90_COMPLEX: i32 = 15;
    pub const F90_INTEGER: i32 = 16;
    pub const RESIZED: i32 = 17;
    pub const HINDEXED_BLOCK: i32 = 18;
}

/// The `Filetype` field of a set_view with `filetype`: contiguous, a defined id, or unknown.
pub(super) unsafe fn filetype_field(filetype: MPI_Datatype) -> u64 {
    let Some((lb, extent)) = lb_extent(filetype) else {
        return unknown();
    };
    let mut size: c_int = 0;
    if PMPI_Type_size(filetype, &mut size) != 0 {
        return unknown();
    }
    if lb == 0 && extent == size as i64 {
        return FILETYPE_CONTIGUOUS;
    }
    let mut f = Flattener { work: 0 };
    let runs = f.runs(filetype, 0);
    let lb = u64::try_from(lb).ok();
    match runs.and_then(|r| r.finish(lb?, extent as u64)) {
        Some(ft) if extent > 0 => intern(ft),
        _ => unknown(),
    }
}

/// Not flattened: the record says so, and readers count the view's transfers.
fn unknown() -> u64 {
    FILETYPE_UNKNOWN
}

unsafe fn lb_extent(dt: MPI_Datatype) -> Option<(i64, i64)> {
    let (mut lb, mut extent): (MPI_Aint, MPI_Aint) = (0, 0);
    (PMPI_Type_get_extent(dt, &mut lb, &mut extent) == 0).then_some((lb as i64, extent as i64))
}

static IDS: parking_lot::Mutex<Option<hashbrown::HashMap<Filetype, u32>>> =
    parking_lot::Mutex::new(None);

/// The local id of a filetype, defining it on first use (ids from 1: 0 is contiguous).
fn intern(ft: Filetype) -> u64 {
    let mut g = IDS.lock();
    let m = g.get_or_insert_with(Default::default);
    if let Some(&id) = m.get(&ft) {
        return id as u64;
    }
    let id = m.len() as u32 + 1;
    m.insert(ft.clone(), id);
    drop(g);
    runtime::write_def(&Def::Filetype { id, filetype: ft });
    id as u64
}

/// One constructor's description, as MPI_Type_get_contents gives it.
struct Contents {
    combiner: i32,
    ints: Vec<c_int>,
    addrs: Vec<MPI_Aint>,
    types: Vec<MPI_Datatype>,
}

impl Drop for Contents {
    /// The datatypes get_contents returns are new handles to free (named ones excepted).
    fn drop(&mut self) {
        for t in &mut self.types {
            // SAFETY: a handle MPI just gave us.
            if unsafe { !is_named(*t) } {
                let mut h = t.clean();
                unsafe { PMPI_Type_free(h.out()) };
            }
        }
    }
}

unsafe fn envelope(dt: MPI_Datatype) -> Option<(c_int, c_int, c_int, i32)> {
    let (mut ni, mut na, mut nd, mut c) = (0, 0, 0, 0);
    if PMPI_Type_get_envelope(dt, &mut ni, &mut na, &mut nd, &mut c) != 0 {
        return None;
    }
    Some((ni, na, nd, c - abi::decided().combiner_named))
}

unsafe fn is_named(dt: MPI_Datatype) -> bool {
    matches!(envelope(dt), Some((_, _, _, combiner::NAMED)))
}

unsafe fn contents(dt: MPI_Datatype) -> Option<Contents> {
    let (ni, na, nd, combiner) = envelope(dt)?;
    if [ni, na, nd].iter().any(|&n| !(0..=MAX_ARGS).contains(&n)) {
        return None;
    }
    let mut c = Contents {
        combiner,
        ints: vec![0; ni as usize],
        addrs: vec![0; na as usize],
        types: Vec::new(),
    };
    if combiner == combiner::NAMED || is_f90(combiner) {
        return Some(c);
    }
    // Slots wide enough for either ABI's handles, read back with the program's width.
    let mut slots = vec![0u64; nd as usize];
    let types = HandlePtr(slots.as_mut_ptr() as *mut c_void);
    let ints = c.ints.as_mut_ptr();
    if PMPI_Type_get_contents(dt, ni, na, nd, ints, c.addrs.as_mut_ptr(), types) != 0 {
        return None;
    }
    c.types = (0..nd as usize).map(|i| types.get(i)).collect();
    Some(c)
}

fn is_f90(c: i32) -> bool {
    matches!(
        c,
        combiner::F90_REAL | combiner::F90_COMPLEX | combiner::F90_INTEGER
    )
}

/// The recursion over a type's constructors, with its work budget.
struct Flattener {
    work: u64,
}

impl Flattener {
    /// The blocks of one instance of `dt`, at offsets from its origin.
    unsafe fn runs(&mut self, dt: MPI_Datatype, depth: u32) -> Option<Runs> {
        if depth > MAX_DEPTH {
            return None;
        }
        let c = contents(dt)?;
        let mut out = Runs::new();
        if c.combiner == combiner::NAMED || is_f90(c.combiner) {
            let mut size: c_int = 0;
            (PMPI_Type_size(dt, &mut size) == 0).then_some(())?;
            out.block(0, size.max(0) as u64);
            return Some(out);
        }
        self.constructor(&c, depth, &mut out)?;
        self.work += out.len() as u64;
        (!out.too_many && self.work <= MAX_WORK).then_some(out)
    }

    /// The blocks of the constructor `c` appended to `out`.
    unsafe fn constructor(&mut self, c: &Contents, depth: u32, out: &mut Runs) -> Option<()> {
        use combiner::*;
        let int = |i: usize| c.ints.get(i).map(|&v| v as i64);
        let addr = |i: usize| c.addrs.get(i).map(|&v| v as i64);
        let n = int(0).filter(|&n| n >= 0).map(|n| n as usize);
        let (child, ext) = self.child(c, 0, depth)?;
        match c.combiner {
            DUP | RESIZED => out.repeat(&child, 1, 0, 0),
            CONTIGUOUS => out.repeat(&child, count(int(0)?), ext, 0),
            VECTOR | HVECTOR | HVECTOR_INTEGER => {
                let stride = match c.combiner {
                    VECTOR => int(2)?.checked_mul(ext)?,
                    HVECTOR => addr(0)?,
                    _ => int(2)?,
                };
                let mut block = Runs::new();
                block.repeat(&child, count(int(1)?), ext, 0);
                out.repeat(&block, count(int(0)?), stride, 0);
            }
            INDEXED | HINDEXED | HINDEXED_INTEGER => {
                let n = n?;
                for i in 0..n {
                    let disp = match c.combiner {
                        HINDEXED => addr(i)?,
                        INDEXED => int(1 + n + i)?.checked_mul(ext)?,
                        _ => int(1 + n + i)?,
                    };
                    out.repeat(&child, count(int(1 + i)?), ext, disp);
                }
            }
            INDEXED_BLOCK | HINDEXED_BLOCK => {
                let len = count(int(1)?);
                for i in 0..n? {
                    let disp = match c.combiner {
                        INDEXED_BLOCK => int(2 + i)?.checked_mul(ext)?,
                        _ => addr(i)?,
                    };
                    out.repeat(&child, len, ext, disp);
                }
            }
            STRUCT | STRUCT_INTEGER => {
                let n = n?;
                for i in 0..n {
                    let disp = match c.combiner {
                        STRUCT => addr(i)?,
                        _ => int(1 + n + i)?,
                    };
                    let (member, ext) = if i == 0 {
                        (child.clone(), ext)
                    } else {
                        self.child(c, i, depth)?
                    };
                    out.repeat(&member, count(int(1 + i)?), ext, disp);
                }
            }
            SUBARRAY => self.subarray(c, child, ext, out)?,
            _ => return None,
        }
        Some(())
    }

    /// The blocks and extent of the constructor's datatype number `t`.
    unsafe fn child(&mut self, c: &Contents, t: usize, depth: u32) -> Option<(Runs, i64)> {
        let dt = *c.types.get(t)?;
        Some((self.runs(dt, depth + 1)?, lb_extent(dt)?.1))
    }

    /// A subarray of `child` elements: `ndims, sizes[n], subsizes[n], starts[n], order`,
    /// the innermost dimension last in C order, first in Fortran order.
    fn subarray(&mut self, c: &Contents, child: Runs, ext: i64, out: &mut Runs) -> Option<()> {
        let nd = usize::try_from(*c.ints.first()?)
            .ok()
            .filter(|&n| n <= 64)?;
        let dim = |k: usize, d: usize| c.ints.get(1 + k * nd + d).map(|&v| v as i64);
        let fortran = *c.ints.get(1 + 3 * nd)? == abi::decided().order_c + 1;
        let mut stride = ext;
        let mut acc = child;
        for i in 0..nd {
            let d = if fortran { i } else { nd - 1 - i };
            let (size, sub, start) = (dim(0, d)?, dim(1, d)?, dim(2, d)?);
            let mut next = Runs::new();
            next.repeat(&acc, count(sub), stride, start.checked_mul(stride)?);
            acc = next;
            stride = stride.checked_mul(size)?;
        }
        out.repeat(&acc, 1, 0, 0);
        Some(())
    }
}

/// A count from a type's description (negative ones are erroneous: none).
fn count(v: i64) -> u64 {
    v.max(0) as u64
}
