//! The HDF5 steps of a rank's replay (`--layer hdf5`) through src/hdf5.c: live ids in the
//! slots the plan numbered, datatypes made once before the first step. Built when parallel
//! HDF5 was found at build time (cfg `replay_hdf5`); otherwise [`AVAILABLE`] is false and
//! the replay refuses a plan with HDF5 steps before it starts.

use io_replay::hdf5::{H5Step, Id, Kind, DEFAULT, SET_FAPL_MPIO};
use std::ffi::c_void;
#[cfg(replay_hdf5)]
use std::os::raw::{c_char, c_int};

/// Whether this binary can replay the HDF5 layer.
pub const AVAILABLE: bool = cfg!(replay_hdf5);

#[cfg(replay_hdf5)]
extern "C" {
    fn rr_h5_quiet();
    fn rr_h5_plist_create(class: c_int) -> i64;
    fn rr_h5_plist_set(p: i64, prop: c_int, a: *const u64, comm: u64) -> c_int;
    fn rr_h5_copy(kind: c_int, src: i64) -> i64;
    fn rr_h5_close(kind: c_int, id: i64) -> c_int;
    fn rr_h5_file(create: c_int, path: *const c_char, flags: u32, fcpl: i64, fapl: i64) -> i64;
    fn rr_h5_flush(file: i64, scope: c_int) -> c_int;
    fn rr_h5_space(kind: c_int, rank: c_int, dims: *const u64, max: *const u64) -> i64;
    fn rr_h5_dataset_space(dset: i64) -> i64;
    fn rr_h5_select(space: i64, op: c_int, rank: c_int, slab: *const u64) -> c_int;
    fn rr_h5_type(code: u64) -> i64;
    fn rr_h5_type_close(t: i64) -> c_int;
    #[allow(clippy::too_many_arguments)]
    fn rr_h5_attribute(
        create: c_int,
        loc: i64,
        obj: *const c_char,
        name: *const c_char,
        dtype: i64,
        space: i64,
        acpl: i64,
        aapl: i64,
    ) -> i64;
    fn rr_h5_attribute_transfer(write: c_int, attr: i64, buf: *mut c_void, len: u64) -> c_int;
    fn rr_h5_release(id: i64) -> c_int;
    fn rr_h5_extent(dset: i64, extend: c_int, dim0: u64) -> c_int;
    #[allow(clippy::too_many_arguments)]
    fn rr_h5_object(
        kind: c_int,
        create: c_int,
        loc: i64,
        name: *const c_char,
        dtype: i64,
        space: i64,
        lcpl: i64,
        dcpl: i64,
        dapl: i64,
    ) -> i64;
    #[allow(clippy::too_many_arguments)]
    fn rr_h5_transfer(
        write: c_int,
        dset: i64,
        mtype: i64,
        mspace: i64,
        fspace: i64,
        dxpl: i64,
        buf: *mut c_void,
        moved: *mut i64,
    ) -> c_int;
}

/// A rank's live HDF5 ids and datatypes.
pub struct Hdf5 {
    ids: Vec<i64>,
    types: Vec<i64>,
}

/// What a step did: HDF5's result (negative: failed), and the bytes a transfer moved.
pub struct Done {
    pub rc: i64,
    pub moved: u64,
}

impl Hdf5 {
    /// `slots` ids, and the datatypes of `codes` made.
    pub fn new(slots: u32, codes: &[u64]) -> Hdf5 {
        #[cfg(replay_hdf5)]
        // SAFETY: plain HDF5 calls.
        let types = unsafe {
            rr_h5_quiet();
            codes.iter().map(|&c| rr_h5_type(c)).collect()
        };
        #[cfg(not(replay_hdf5))]
        let types = vec![-1; codes.len()];
        Hdf5 {
            ids: vec![-1; slots as usize],
            types,
        }
    }

    fn live(&self, id: Id) -> i64 {
        match id {
            DEFAULT => 0,
            i => self.ids[i as usize],
        }
    }

    /// Close the datatypes made (the program's ids are HDF5's to close at its end, as the
    /// original's were).
    pub fn finish(&mut self) {
        #[cfg(replay_hdf5)]
        for &t in self.types.iter().filter(|&&t| t >= 0) {
            // SAFETY: a type made by `new`.
            unsafe { rr_h5_type_close(t) };
        }
        self.types.clear();
    }
}

#[cfg(not(replay_hdf5))]
impl Hdf5 {
    pub fn issue(&mut self, _s: &H5Step, _comms: &[u64], _buf: *mut c_void) -> Done {
        Done { rc: -1, moved: 0 }
    }
}

#[cfg(replay_hdf5)]
impl Hdf5 {
    /// Re-issue `s` (`comms`: the live communicators; `buf`: a buffer of the plan's largest
    /// transfer).
    pub fn issue(&mut self, s: &H5Step, comms: &[u64], buf: *mut c_void) -> Done {
        let mut moved = 0i64;
        // SAFETY: ids are the live ones of their slots (sized by the plan), paths and names
        // NUL-terminated, `buf` holds the plan's largest `need`.
        let (rc, slot) = unsafe {
            match *s {
                H5Step::Transfer { .. } => (self.transfer(s, buf, &mut moved), None),
                H5Step::PlistSet {
                    plist,
                    prop,
                    mut args,
                } => {
                    let comm = match prop {
                        SET_FAPL_MPIO => comms[args[0] as usize],
                        _ => 0,
                    };
                    args[0] = if prop == SET_FAPL_MPIO { 0 } else { args[0] };
                    let p = self.live(plist);
                    (
                        rr_h5_plist_set(p, prop as c_int, args.as_ptr(), comm) as i64,
                        None,
                    )
                }
                H5Step::Close { kind, id } => {
                    (rr_h5_close(kind as c_int, self.live(id)) as i64, None)
                }
                H5Step::AttributeTransfer { write, attr, need } => {
                    let rc = rr_h5_attribute_transfer(write as c_int, self.live(attr), buf, need);
                    (rc as i64, None)
                }
                H5Step::Release { id } => (rr_h5_release(self.live(id)) as i64, None),
                H5Step::Extent { dset, extend, dim0 } => {
                    let rc = rr_h5_extent(self.live(dset), extend as c_int, dim0);
                    (rc as i64, None)
                }
                H5Step::Flush { file, scope } => {
                    (rr_h5_flush(self.live(file), scope as c_int) as i64, None)
                }
                H5Step::Select {
                    space,
                    op,
                    rank,
                    ref slab,
                } => {
                    let rc =
                        rr_h5_select(self.live(space), op, rank as c_int, slab.as_ptr().cast());
                    (rc as i64, None)
                }
                _ => self.make(s),
            }
        };
        if let Some(slot) = slot {
            self.ids[slot as usize] = rc;
        }
        Done {
            rc,
            moved: moved.max(0) as u64,
        }
    }

    /// A step that makes an id: the id and its slot.
    unsafe fn make(&mut self, s: &H5Step) -> (i64, Option<u32>) {
        let l = |id: Id| self.live(id);
        match *s {
            H5Step::PlistCreate { class, slot } => (rr_h5_plist_create(class as c_int), Some(slot)),
            H5Step::Copy { kind, src, slot } => (rr_h5_copy(kind as c_int, l(src)), Some(slot)),
            H5Step::File {
                create,
                ref path,
                flags,
                fcpl,
                fapl,
                slot,
            } => (
                rr_h5_file(create as c_int, path.as_ptr(), flags, l(fcpl), l(fapl)),
                Some(slot),
            ),
            H5Step::Space {
                kind,
                rank,
                ref dims,
                ref max,
                slot,
            } => (
                rr_h5_space(kind, rank as c_int, dims.as_ptr(), max.as_ptr()),
                Some(slot),
            ),
            H5Step::DatasetSpace { dset, slot } => (rr_h5_dataset_space(l(dset)), Some(slot)),
            H5Step::Object {
                kind,
                create,
                loc,
                ref name,
                dtype,
                space,
                lcpl,
                dcpl,
                dapl,
                slot,
            } => {
                let t = match kind {
                    Kind::Dataset => self.types[dtype as usize],
                    _ => 0,
                };
                let id = rr_h5_object(
                    kind as c_int,
                    create as c_int,
                    l(loc),
                    name.as_ptr(),
                    t,
                    l(space),
                    l(lcpl),
                    l(dcpl),
                    l(dapl),
                );
                (id, Some(slot))
            }
            H5Step::Attribute {
                create,
                loc,
                ref obj,
                ref name,
                dtype,
                space,
                acpl,
                aapl,
                slot,
            } => {
                let t = if create {
                    self.types[dtype as usize]
                } else {
                    0
                };
                let obj = obj.as_ref().map_or(std::ptr::null(), |o| o.as_ptr());
                let id = rr_h5_attribute(
                    create as c_int,
                    l(loc),
                    obj,
                    name.as_ptr(),
                    t,
                    l(space),
                    l(acpl),
                    l(aapl),
                );
                (id, Some(slot))
            }
            _ => (-1, None),
        }
    }

    unsafe fn transfer(&mut self, s: &H5Step, buf: *mut c_void, moved: &mut i64) -> i64 {
        let H5Step::Transfer {
            write,
            dset,
            mem_type,
            mem_space,
            file_space,
            dxpl,
            ..
        } = *s
        else {
            return -1;
        };
        let t = self.types[mem_type as usize];
        let (d, ms, fs, x) = (
            self.live(dset),
            self.live(mem_space),
            self.live(file_space),
            self.live(dxpl),
        );
        rr_h5_transfer(write as c_int, d, t, ms, fs, x, buf, moved) as i64
    }
}
