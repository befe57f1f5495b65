//! How a thread stream frames its records (docs/format.md, "Thread streams"): the file
//! header and each chunk's header. What a writer needs (the recorder, synthetic traces) and
//! what a pack's columns split along; reading streams back is [`crate::stream`]'s.

/// Magic at the start of every thread stream file.
pub const STREAM_MAGIC: &[u8; 8] = b"RO2TRACE";
/// Size of the stream file header.
pub const STREAM_HEADER_LEN: usize = 32;
/// Magic at the start of every chunk.
pub const CHUNK_MAGIC: &[u8; 4] = b"RCHK";
/// Size of a chunk header.
pub const CHUNK_HEADER_LEN: usize = 44;
/// Largest chunk payload a reader accepts (guards against corrupt lengths).
pub const MAX_CHUNK_PAYLOAD: usize = 256 << 20;

/// What the record times count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// CLOCK_MONOTONIC nanoseconds since the process start, divided by `resolution_ns`.
    Monotonic = 0,
    /// The CPU's invariant time-stamp counter since the process start, shifted right by
    /// `tsc_shift`; converted to nanoseconds with the anchors of the chunks.
    Tsc = 1,
}

/// The fixed header of a thread stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreamHeader {
    /// What the times count.
    pub clock: Clock,
    /// For `Clock::Tsc`: ticks are TSC cycles >> tsc_shift.
    pub tsc_shift: u8,
    /// Native format version.
    pub version: u16,
    /// Nanoseconds per tick (for `Clock::Tsc` the nominal value measured at start; the chunk
    /// anchors give the exact one).
    pub resolution_ns: u32,
    /// Peephole window size.
    pub window: u16,
    /// OS thread id (gettid).
    pub tid: u64,
    /// Index of the thread within its process (0 = the first thread that made a traced call).
    pub thread_index: u32,
}

impl StreamHeader {
    /// Serialise into the 32-byte header.
    pub fn to_bytes(&self) -> [u8; STREAM_HEADER_LEN] {
        let mut b = [0u8; STREAM_HEADER_LEN];
        b[0..8].copy_from_slice(STREAM_MAGIC);
        b[8..10].copy_from_slice(&self.version.to_le_bytes());
        b[10..12].copy_from_slice(&(STREAM_HEADER_LEN as u16).to_le_bytes());
        b[12..16].copy_from_slice(&self.resolution_ns.to_le_bytes());
        b[16..18].copy_from_slice(&self.window.to_le_bytes());
        b[18] = self.clock as u8;
        b[19] = self.tsc_shift;
        b[20..28].copy_from_slice(&self.tid.to_le_bytes());
        b[28..32].copy_from_slice(&self.thread_index.to_le_bytes());
        b
    }
}

/// A clock reading taken when a chunk was written: the stream's tick count and the
/// CLOCK_MONOTONIC nanoseconds since the process start, read back to back.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Anchor {
    /// Ticks.
    pub ticks: u64,
    /// Nanoseconds since the process start.
    pub ns: u64,
}

/// The chunk header for `payload` (44 bytes).
pub fn chunk_header(
    payload: &[u8],
    records: u32,
    base: u64,
    seq: u32,
    anchor: Anchor,
) -> [u8; CHUNK_HEADER_LEN] {
    let mut h = [0u8; CHUNK_HEADER_LEN];
    h[0..4].copy_from_slice(CHUNK_MAGIC);
    h[4..8].copy_from_slice(&(payload.len() as u32).to_le_bytes());
    h[8..12].copy_from_slice(&records.to_le_bytes());
    h[12..16].copy_from_slice(&crc32fast::hash(payload).to_le_bytes());
    h[16..24].copy_from_slice(&base.to_le_bytes());
    h[24..28].copy_from_slice(&seq.to_le_bytes());
    h[28..36].copy_from_slice(&anchor.ticks.to_le_bytes());
    h[36..44].copy_from_slice(&anchor.ns.to_le_bytes());
    h
}
