//! Per-thread record streams: a file header followed by self-contained chunks
//! (docs/format.md, "Thread streams").
//!
//! A chunk carries its own time base and a CRC of its payload, and the peephole window is
//! reset at every chunk start, so a reader can decode any complete chunk alone and a program
//! killed mid-run leaves a stream readable up to its last complete chunk.

use crate::codec::{DecodeError, PeepholeDecoder, Record};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

pub use crate::framing::{
    chunk_header, Anchor, Clock, StreamHeader, CHUNK_HEADER_LEN, CHUNK_MAGIC, MAX_CHUNK_PAYLOAD,
    STREAM_HEADER_LEN, STREAM_MAGIC,
};

/// What can go wrong reading a stream; every variant names the file.
#[derive(Debug)]
pub enum StreamError {
    /// The file could not be read.
    Io(PathBuf, io::Error),
    /// The file does not start with the stream magic.
    NotAStream(PathBuf),
    /// The file is empty (a full disk or a kill before the first chunk).
    Empty(PathBuf),
    /// Written by a format version this reader does not know.
    Version(PathBuf, u16),
    /// The file ends inside a chunk (a killed program): everything before it is usable.
    Truncated(PathBuf, u64),
    /// A chunk's magic or length is wrong, or its records do not decode.
    Corrupt(PathBuf, u64, String),
    /// A chunk's payload does not match its CRC (offset, the header's sequence number); the
    /// stream goes on after it.
    BadCrc(PathBuf, u64, u32),
}

impl std::fmt::Display for StreamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StreamError::Io(p, e) => write!(f, "{}: {}", p.display(), e),
            StreamError::NotAStream(p) => write!(f, "{}: not a recorder-otf2 thread stream (bad magic)", p.display()),
            StreamError::Empty(p) => write!(f, "{}: empty thread stream (the disk was full, or the thread was killed before its first chunk)", p.display()),
            StreamError::Version(p, v) => write!(
                f,
                "{}: written by native format version {} but this tool reads version {}; convert it with the matching recorder-otf2 release",
                p.display(),
                v,
                crate::FORMAT_VERSION
            ),
            StreamError::Truncated(p, off) => write!(f, "{}: truncated chunk at byte {} (the program was probably killed); records before it are intact", p.display(), off),
            StreamError::BadCrc(p, off, _) => write!(f, "{}: corrupt chunk at byte {}: CRC mismatch", p.display(), off),
            StreamError::Corrupt(p, off, why) => write!(f, "{}: corrupt chunk at byte {}: {}", p.display(), off, why),
        }
    }
}

impl std::error::Error for StreamError {}

/// A decoded chunk: its header fields and payload.
#[derive(Debug, Default)]
pub struct Chunk {
    /// Time base of the first record's start delta.
    pub base: u64,
    /// Number of records the writer put in it.
    pub records: u32,
    /// Sequence number within the stream.
    pub seq: u32,
    /// Byte offset of the chunk in the file.
    pub offset: u64,
    /// Clock reading when the chunk was written (after its last record).
    pub anchor: Anchor,
    /// The encoded records.
    pub payload: Vec<u8>,
}

/// Streams the chunks of one thread file; memory use is one chunk.
pub struct StreamReader {
    path: PathBuf,
    file: io::BufReader<crate::layout::TraceFile>,
    /// The stream's header.
    pub header: StreamHeader,
    offset: u64,
}

impl StreamReader {
    /// Open a stream file and check its header.
    pub fn open(path: &Path) -> Result<StreamReader, StreamError> {
        let f =
            crate::layout::open_trace_file(path).map_err(|e| StreamError::Io(path.into(), e))?;
        let empty = f.is_empty().unwrap_or(false);
        let mut file = io::BufReader::with_capacity(1 << 20, f);
        let mut h = [0u8; STREAM_HEADER_LEN];
        if let Err(e) = file.read_exact(&mut h) {
            return Err(if empty {
                StreamError::Empty(path.into())
            } else if e.kind() == io::ErrorKind::UnexpectedEof {
                StreamError::NotAStream(path.into())
            } else {
                StreamError::Io(path.into(), e)
            });
        }
        if &h[0..8] != STREAM_MAGIC {
            return Err(StreamError::NotAStream(path.into()));
        }
        let version = u16::from_le_bytes([h[8], h[9]]);
        if version != crate::FORMAT_VERSION {
            return Err(StreamError::Version(path.into(), version));
        }
        let clock = match h[18] {
            0 => Clock::Monotonic,
            1 => Clock::Tsc,
            c => {
                return Err(StreamError::Corrupt(
                    path.into(),
                    0,
                    format!("unknown clock {c} in the stream header"),
                ))
            }
        };
        let header = StreamHeader {
            clock,
            tsc_shift: h[19],
            version,
            resolution_ns: u32::from_le_bytes(h[12..16].try_into().unwrap()),
            window: u16::from_le_bytes([h[16], h[17]]),
            tid: u64::from_le_bytes(h[20..28].try_into().unwrap()),
            thread_index: u32::from_le_bytes(h[28..32].try_into().unwrap()),
        };
        if header.window == 0
            || header.window as usize > crate::codec::MAX_WINDOW
            || header.resolution_ns == 0
        {
            return Err(StreamError::Corrupt(
                path.into(),
                0,
                "invalid stream header".into(),
            ));
        }
        Ok(StreamReader {
            path: path.into(),
            file,
            header,
            offset: STREAM_HEADER_LEN as u64,
        })
    }

    /// The file this reader reads.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Read the next chunk into `chunk` (reusing its buffer); Ok(false) at a clean end.
    pub fn next_chunk(&mut self, chunk: &mut Chunk) -> Result<bool, StreamError> {
        let mut h = [0u8; CHUNK_HEADER_LEN];
        let mut got = 0;
        while got < CHUNK_HEADER_LEN {
            match self.file.read(&mut h[got..]) {
                Ok(0) => break,
                Ok(n) => got += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(StreamError::Io(self.path.clone(), e)),
            }
        }
        if got == 0 {
            return Ok(false);
        }
        if got < CHUNK_HEADER_LEN {
            return Err(StreamError::Truncated(self.path.clone(), self.offset));
        }
        if &h[0..4] != CHUNK_MAGIC {
            return Err(StreamError::Corrupt(
                self.path.clone(),
                self.offset,
                "bad chunk magic".into(),
            ));
        }
        let len = u32::from_le_bytes(h[4..8].try_into().unwrap()) as usize;
        if len > MAX_CHUNK_PAYLOAD {
            return Err(StreamError::Corrupt(
                self.path.clone(),
                self.offset,
                format!("chunk length {len} too large"),
            ));
        }
        chunk.records = u32::from_le_bytes(h[8..12].try_into().unwrap());
        let crc = u32::from_le_bytes(h[12..16].try_into().unwrap());
        chunk.base = u64::from_le_bytes(h[16..24].try_into().unwrap());
        chunk.seq = u32::from_le_bytes(h[24..28].try_into().unwrap());
        chunk.anchor = Anchor {
            ticks: u64::from_le_bytes(h[28..36].try_into().unwrap()),
            ns: u64::from_le_bytes(h[36..44].try_into().unwrap()),
        };
        chunk.offset = self.offset;
        // Exactly the largest chunk so far: amortised doubling would make a reader's memory
        // depend on how a run's chunk sizes happened to grow.
        if len > chunk.payload.capacity() {
            chunk.payload.reserve_exact(len - chunk.payload.len());
        }
        chunk.payload.resize(len, 0);
        if let Err(e) = self.file.read_exact(&mut chunk.payload) {
            return Err(if e.kind() == io::ErrorKind::UnexpectedEof {
                StreamError::Truncated(self.path.clone(), self.offset)
            } else {
                StreamError::Io(self.path.clone(), e)
            });
        }
        if crc32fast::hash(&chunk.payload) != crc {
            // Magic and length were right: the reader can go on at the next chunk.
            self.offset += (CHUNK_HEADER_LEN + len) as u64;
            return Err(StreamError::BadCrc(
                self.path.clone(),
                chunk.offset,
                chunk.seq,
            ));
        }
        self.offset += (CHUNK_HEADER_LEN + len) as u64;
        Ok(true)
    }

    /// A decoder over a chunk read by [`Self::next_chunk`].
    pub fn decoder<'c>(&self, chunk: &'c Chunk) -> PeepholeDecoder<&'c [u8]> {
        PeepholeDecoder::new(&chunk.payload[..], self.header.window as usize, chunk.base)
    }

    /// Turn a decode error inside `chunk` into a stream error naming the file.
    pub fn corrupt(&self, chunk: &Chunk, e: DecodeError) -> StreamError {
        StreamError::Corrupt(self.path.clone(), chunk.offset, e.to_string())
    }

    /// Read every record of the stream (for tests and small tools).
    pub fn read_all(&mut self) -> Result<Vec<Record>, StreamError> {
        let mut out = Vec::new();
        let mut chunk = Chunk::default();
        while self.next_chunk(&mut chunk)? {
            let mut dec = self.decoder(&chunk);
            let mut n = 0u32;
            while let Some(r) = dec.next_record() {
                out.push(r.map_err(|e| self.corrupt(&chunk, e))?);
                n += 1;
            }
            if n != chunk.records {
                return Err(StreamError::Corrupt(
                    self.path.clone(),
                    chunk.offset,
                    format!("{} records decoded, header says {}", n, chunk.records),
                ));
            }
        }
        Ok(out)
    }
}

/// Where a chunk's sequence number puts it, see [`SeqCheck::check`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeqVerdict {
    /// The next one, or a later one (the ones between are missing so far).
    Next,
    /// One that was missing: it comes after chunks written after it.
    Late,
    /// A sequence number already read: a copy of a chunk.
    Duplicate,
}

/// Gaps of sequence numbers remembered at most; further gaps only count their chunks.
const MAX_GAPS: usize = 1024;

/// Checks the sequence numbers of a stream's chunks (0, 1, 2 ... in file order, as the
/// recorder writes them), so that lost, reordered and duplicated chunks are told. Memory is
/// a bounded list of gaps.
#[derive(Clone, Debug, Default)]
pub struct SeqCheck {
    next: u64,
    /// Missing sequence numbers so far: half-open ranges.
    gaps: Vec<(u64, u64)>,
    /// Missing chunks of gaps beyond [`MAX_GAPS`].
    untracked: u64,
    /// Chunks that came after later ones.
    pub late: u64,
    /// Copies of chunks already read.
    pub duplicates: u64,
}

impl SeqCheck {
    /// Place the chunk with sequence number `seq`.
    pub fn check(&mut self, seq: u32) -> SeqVerdict {
        let seq = seq as u64;
        if seq >= self.next {
            if seq > self.next {
                if self.gaps.len() < MAX_GAPS {
                    self.gaps.push((self.next, seq));
                } else {
                    self.untracked += seq - self.next;
                }
            }
            self.next = seq + 1;
            return SeqVerdict::Next;
        }
        match self.gaps.iter().position(|g| g.0 <= seq && seq < g.1) {
            Some(i) => {
                let (a, b) = self.gaps[i];
                self.gaps.remove(i);
                for g in [(a, seq), (seq + 1, b)] {
                    if g.0 < g.1 {
                        self.gaps.push(g);
                    }
                }
                self.late += 1;
                SeqVerdict::Late
            }
            None => {
                self.duplicates += 1;
                SeqVerdict::Duplicate
            }
        }
    }

    /// Chunks never seen (gaps in the sequence numbers).
    pub fn lost(&self) -> u64 {
        self.untracked + self.gaps.iter().map(|g| g.1 - g.0).sum::<u64>()
    }

    /// One warning line per kind of problem, naming the stream.
    pub fn warnings(&self, path: &Path) -> Vec<String> {
        let mut w = Vec::new();
        let p = path.display();
        if self.duplicates > 0 {
            w.push(format!(
                "{p}: {} duplicated chunks (sequence numbers already read) were skipped",
                self.duplicates
            ));
        }
        if self.late > 0 {
            w.push(format!(
                "{p}: {} chunks are out of order (sequence numbers after later ones); read where they are, their calls may be misplaced",
                self.late
            ));
        }
        let lost = self.lost();
        if lost > 0 {
            let first = self.gaps.iter().map(|g| g.0).min().unwrap_or(0);
            w.push(format!(
                "{p}: {lost} chunks are missing (sequence numbers skipped, the first {first}); their calls are lost"
            ));
        }
        w
    }
}

/// Converts a stream's ticks into nanoseconds since the process start. For the monotonic
/// clock that is a multiplication; for the TSC, a linear map between the anchor of the
/// previous chunk (or the process start) and the anchor of the current one, which absorbs
/// any error in the nominal TSC frequency.
#[derive(Clone, Debug)]
pub struct TickClock {
    tsc: bool,
    res: u64,
    nominal: f64,
    prev: Anchor,
    start: Anchor,
    /// `start` as floating point (converted once per chunk, not per record).
    start_ticks: f64,
    start_ns: f64,
    slope: f64,
}

impl TickClock {
    /// A converter for a stream with this header.
    pub fn new(h: &StreamHeader) -> TickClock {
        TickClock {
            tsc: h.clock == Clock::Tsc,
            res: h.resolution_ns as u64,
            nominal: h.resolution_ns as f64,
            prev: Anchor::default(),
            start: Anchor::default(),
            start_ticks: 0.0,
            start_ns: 0.0,
            slope: h.resolution_ns as f64,
        }
    }

    /// Enter the next chunk (in file order).
    pub fn enter_chunk(&mut self, c: &Chunk) {
        self.start = self.prev;
        (self.start_ticks, self.start_ns) = (self.start.ticks as f64, self.start.ns as f64);
        let (dt, dn) = (
            c.anchor.ticks.wrapping_sub(self.start.ticks),
            c.anchor.ns.wrapping_sub(self.start.ns),
        );
        // A plausible interval (forward, within 20% of nominal) gives the exact slope;
        // otherwise (corrupt or missing anchors) keep the nominal one.
        let slope = if (dt as i64) > 0 && (dn as i64) > 0 {
            dn as f64 / dt as f64
        } else {
            self.nominal
        };
        self.slope = if slope > self.nominal * 0.8 && slope < self.nominal * 1.25 {
            slope
        } else {
            self.nominal
        };
        if c.anchor.ticks >= self.prev.ticks {
            self.prev = c.anchor;
        }
    }

    /// Nanoseconds since the process start of a tick count of the current chunk.
    #[inline]
    pub fn ns(&self, ticks: u64) -> u64 {
        if !self.tsc {
            return ticks.saturating_mul(self.res);
        }
        let d = ticks as f64 - self.start_ticks;
        let ns = self.start_ns + d * self.slope;
        if ns <= 0.0 {
            0
        } else {
            ns as u64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(clock: Clock, res: u32) -> StreamHeader {
        StreamHeader {
            clock,
            tsc_shift: 5,
            version: crate::FORMAT_VERSION,
            resolution_ns: res,
            window: 3,
            tid: 1,
            thread_index: 0,
        }
    }

    #[test]
    fn tsc_ticks_follow_the_chunk_anchors() {
        // Nominal 13 ns/tick, real 12.5 ns/tick: the anchors correct it.
        let mut c = TickClock::new(&header(Clock::Tsc, 13));
        let chunk = |ticks, ns| Chunk {
            anchor: Anchor { ticks, ns },
            ..Default::default()
        };
        c.enter_chunk(&chunk(1000, 12_500));
        assert_eq!(c.ns(0), 0);
        assert_eq!(c.ns(500), 6_250);
        assert_eq!(c.ns(1000), 12_500);
        c.enter_chunk(&chunk(3000, 37_500));
        assert_eq!(c.ns(2000), 25_000);
        // A nonsense anchor (time going back) falls back to the nominal rate.
        c.enter_chunk(&chunk(4000, 10));
        assert_eq!(c.ns(3001), 37_513);
    }

    #[test]
    fn monotonic_ticks_are_a_multiplication() {
        let mut c = TickClock::new(&header(Clock::Monotonic, 10));
        c.enter_chunk(&Chunk::default());
        assert_eq!(c.ns(123), 1230);
    }

    #[test]
    fn sequence_numbers_tell_lost_reordered_and_duplicated_chunks() {
        let run = |seqs: &[u32]| {
            let mut c = SeqCheck::default();
            let v: Vec<SeqVerdict> = seqs.iter().map(|&s| c.check(s)).collect();
            (v, c.lost(), c.late, c.duplicates)
        };
        use SeqVerdict::*;
        assert_eq!(run(&[0, 1, 2]), (vec![Next, Next, Next], 0, 0, 0));
        assert_eq!(run(&[0, 2, 1, 3]), (vec![Next, Next, Late, Next], 0, 1, 0));
        assert_eq!(
            run(&[0, 1, 1, 2]),
            (vec![Next, Next, Duplicate, Next], 0, 0, 1)
        );
        assert_eq!(run(&[0, 3, 4]).1, 2);
        assert_eq!(run(&[1, 2]).1, 1);
        // A sequence number of 2^32-1 costs no memory.
        assert_eq!(run(&[0, u32::MAX]).1, u32::MAX as u64 - 1);
        let mut c = SeqCheck::default();
        c.check(0);
        c.check(1);
        c.check(1);
        c.check(5);
        let w = c.warnings(Path::new("t/thread-0.rec"));
        assert_eq!(w.len(), 2, "{w:?}");
        assert!(w[0].starts_with("t/thread-0.rec: 1 duplicated"), "{w:?}");
        assert!(w[1].contains("3 chunks are missing"), "{w:?}");
    }

    #[test]
    fn header_roundtrip() {
        let h = header(Clock::Tsc, 13);
        let b = h.to_bytes();
        assert_eq!(b[18], 1);
        assert_eq!(b[19], 5);
        let a = Anchor { ticks: 7, ns: 9 };
        let ch = chunk_header(b"abc", 1, 2, 3, a);
        assert_eq!(u64::from_le_bytes(ch[28..36].try_into().unwrap()), 7);
        assert_eq!(u64::from_le_bytes(ch[36..44].try_into().unwrap()), 9);
    }
}
