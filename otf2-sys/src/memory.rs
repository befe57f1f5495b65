//! Bounded chunk pool behind `OTF2_Archive_SetMemoryCallbacks`.
//!
//! How OTF2 3.0 uses these callbacks (write mode): every writer (one per
//! location, plus the definition writers) owns a buffer made of chunks of
//! exactly the chunk size given to `OTF2_Archive_Open`. When a chunk is full
//! OTF2 asks `otf2_allocate` for another one. If that returns NULL, OTF2
//! flushes the whole buffer to its file (asking the pre-flush callback, which
//! returns `OTF2_FLUSH`), calls `otf2_free_all(final = false)` and asks again;
//! that second request must succeed. When the writer is closed it flushes the
//! rest and calls `otf2_free_all(final = true)`.
//!
//! Without these callbacks OTF2 mallocs chunks itself up to 128 MiB per writer
//! (and, with OTF2's default pre-flush, never flushes event buffers before the
//! writer is closed). Here each buffer may hold at most `max_chunks` chunks; the
//! chunks are recycled after each forced flush instead of being returned to the
//! system, so steady-state writing performs no allocation at all.

use std::alloc::{alloc, dealloc, Layout};
use std::ffi::c_void;
use std::ptr;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::ffi;

/// Chunk alignment; OTF2 only needs byte alignment, a cache line is free.
const CHUNK_ALIGN: usize = 64;

/// Memory accounting of one archive's chunk pool, to check and report that
/// memory stays bounded.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MemoryStats {
    /// Bytes of chunks currently held (in use or kept for reuse).
    pub current_bytes: u64,
    /// Highest `current_bytes` seen so far.
    pub peak_bytes: u64,
    /// How many times a writer hit its cap, i.e. OTF2 flushed its buffer early.
    pub forced_flushes: u64,
}

/// Shared state of one archive's pool, passed to OTF2 as `userData`.
#[derive(Debug)]
pub(crate) struct Pool {
    max_chunks: usize,
    current: AtomicU64,
    peak: AtomicU64,
    forced_flushes: AtomicU64,
}

impl Pool {
    pub(crate) fn new(max_chunks: usize) -> Self {
        Pool {
            max_chunks: max_chunks.max(1),
            current: AtomicU64::new(0),
            peak: AtomicU64::new(0),
            forced_flushes: AtomicU64::new(0),
        }
    }

    pub(crate) fn stats(&self) -> MemoryStats {
        MemoryStats {
            current_bytes: self.current.load(Ordering::Relaxed),
            peak_bytes: self.peak.load(Ordering::Relaxed),
            forced_flushes: self.forced_flushes.load(Ordering::Relaxed),
        }
    }

    fn grow(&self, bytes: u64) {
        let now = self.current.fetch_add(bytes, Ordering::Relaxed) + bytes;
        self.peak.fetch_max(now, Ordering::Relaxed);
    }

    fn shrink(&self, bytes: u64) {
        self.current.fetch_sub(bytes, Ordering::Relaxed);
    }
}

/// Per-buffer state, stored by OTF2 in `perBufferData`.
struct BufferChunks {
    layout: Layout,
    /// Chunks handed to OTF2 since the last `free_all`.
    in_use: Vec<*mut u8>,
    /// Chunks OTF2 gave back (after a flush), handed out again first.
    spare: Vec<*mut u8>,
}

impl BufferChunks {
    fn release_all(&mut self, pool: &Pool) {
        let n = (self.in_use.len() + self.spare.len()) as u64;
        for p in self.in_use.drain(..).chain(self.spare.drain(..)) {
            // SAFETY: every pointer was allocated with `self.layout`.
            unsafe { dealloc(p, self.layout) };
        }
        pool.shrink(n * self.layout.size() as u64);
    }
}

/// The callbacks table; OTF2 keeps the pointer, so it must be 'static.
pub(crate) static MEMORY_CALLBACKS: ffi::OTF2_MemoryCallbacks = ffi::OTF2_MemoryCallbacks {
    otf2_allocate: Some(pool_allocate),
    otf2_free_all: Some(pool_free_all),
};

unsafe extern "C" fn pool_allocate(
    user_data: *mut c_void,
    _file_type: ffi::OTF2_FileType,
    _location: ffi::OTF2_LocationRef,
    per_buffer_data: *mut *mut c_void,
    chunk_size: u64,
) -> *mut c_void {
    if user_data.is_null() || per_buffer_data.is_null() {
        return ptr::null_mut();
    }
    // SAFETY: user_data is the archive's boxed Pool, alive until after
    // OTF2_Archive_Close returns.
    let pool = unsafe { &*(user_data as *const Pool) };
    // SAFETY: OTF2 passes a valid slot, NULL on the first call for a buffer.
    let slot = unsafe { &mut *per_buffer_data };
    if slot.is_null() {
        let layout = match usize::try_from(chunk_size)
            .ok()
            .and_then(|s| Layout::from_size_align(s, CHUNK_ALIGN).ok())
        {
            Some(l) if l.size() > 0 => l,
            _ => return ptr::null_mut(),
        };
        let state = Box::new(BufferChunks {
            layout,
            in_use: Vec::with_capacity(pool.max_chunks),
            spare: Vec::new(),
        });
        *slot = Box::into_raw(state) as *mut c_void;
    }
    // SAFETY: slot holds a BufferChunks we created above or earlier.
    let state = unsafe { &mut *(*slot as *mut BufferChunks) };
    if state.layout.size() as u64 != chunk_size {
        // OTF2 never changes the chunk size of a buffer; refuse if it did.
        return ptr::null_mut();
    }
    if state.in_use.len() >= pool.max_chunks {
        // Cap reached: OTF2 flushes this buffer, calls free_all, asks again.
        pool.forced_flushes.fetch_add(1, Ordering::Relaxed);
        return ptr::null_mut();
    }
    let chunk = match state.spare.pop() {
        Some(p) => p,
        None => {
            // SAFETY: layout has a non-zero size.
            let p = unsafe { alloc(state.layout) };
            if p.is_null() {
                return ptr::null_mut();
            }
            pool.grow(state.layout.size() as u64);
            p
        }
    };
    state.in_use.push(chunk);
    chunk as *mut c_void
}

unsafe extern "C" fn pool_free_all(
    user_data: *mut c_void,
    _file_type: ffi::OTF2_FileType,
    _location: ffi::OTF2_LocationRef,
    per_buffer_data: *mut *mut c_void,
    final_: bool,
) {
    if user_data.is_null() || per_buffer_data.is_null() {
        return;
    }
    // SAFETY: see pool_allocate.
    let pool = unsafe { &*(user_data as *const Pool) };
    let slot = unsafe { &mut *per_buffer_data };
    if slot.is_null() {
        return;
    }
    // SAFETY: slot holds a BufferChunks created by pool_allocate.
    let state = unsafe { &mut *(*slot as *mut BufferChunks) };
    if final_ {
        state.release_all(pool);
        // SAFETY: created by Box::into_raw in pool_allocate; cleared below.
        drop(unsafe { Box::from_raw(*slot as *mut BufferChunks) });
        *slot = ptr::null_mut();
    } else {
        // The flushed chunks are free again: keep them for the next requests.
        let BufferChunks { in_use, spare, .. } = state;
        spare.append(in_use);
    }
}
