//! What the library layers (HDF5, NetCDF, PnetCDF, ADIOS2) share about the objects they
//! record: names (variables, groups, attributes, IOs) interned as `Def::Name` ids, and a
//! lock-free cache of one value per object id. Kept apart from every layer so that each
//! layer depends on this module, not on another layer.

use crate::runtime;
use io_events::defs::Def;
use std::os::raw::c_char;
use std::sync::atomic::{AtomicU64, Ordering::*};

/// A direct-mapped cache of one value per object id (ids are not reused within a run), read
/// without locks: the writer stores the value, then the key; the reader checks the key
/// again after reading the value. Each HDF5 API call the recorder saves costs ~700-1300
/// instructions (the thread-safe library takes its global lock in every call).
pub(crate) struct IdCache {
    keys: [AtomicU64; 256],
    vals: [AtomicU64; 256],
}

impl IdCache {
    pub(crate) const fn new() -> IdCache {
        IdCache {
            keys: [const { AtomicU64::new(u64::MAX) }; 256],
            vals: [const { AtomicU64::new(0) }; 256],
        }
    }
    #[inline(always)]
    fn slot(id: i64) -> usize {
        ((id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56) as usize
    }
    #[inline]
    pub(crate) fn get(&self, id: i64) -> Option<u64> {
        let i = Self::slot(id);
        if self.keys[i].load(Acquire) != id as u64 {
            return None;
        }
        let v = self.vals[i].load(Acquire);
        (self.keys[i].load(Acquire) == id as u64).then_some(v)
    }
    /// Forget every entry whose key satisfies `f` (a closed file's entries).
    pub(crate) fn forget(&self, f: impl Fn(u64) -> bool) {
        for k in &self.keys {
            let v = k.load(Acquire);
            if v != u64::MAX && f(v) {
                k.store(u64::MAX, Release);
            }
        }
    }
    pub(crate) fn put(&self, id: i64, v: u64) {
        let i = Self::slot(id);
        self.keys[i].store(u64::MAX, Release);
        self.vals[i].store(v, Release);
        self.keys[i].store(id as u64, Release);
    }
}

static NAMES: parking_lot::Mutex<Option<hashbrown::HashMap<String, u32>>> =
    parking_lot::Mutex::new(None);

/// The local id of a name, defining it on first use (open-like calls only: not a hot path).
pub(crate) fn name_id(text: &str) -> u64 {
    let mut g = NAMES.lock();
    let m = g.get_or_insert_with(Default::default);
    if let Some(&id) = m.get(text) {
        return id as u64;
    }
    let id = m.len() as u32;
    m.insert(text.to_string(), id);
    drop(g);
    runtime::write_def(&Def::Name {
        id,
        text: text.to_string(),
    });
    id as u64
}

/// A C string argument as a name id.
pub(crate) unsafe fn cname(s: *const c_char) -> u64 {
    if s.is_null() {
        return name_id("");
    }
    name_id(&std::ffi::CStr::from_ptr(s).to_string_lossy())
}
