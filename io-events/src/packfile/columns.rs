//! A thread stream split into three columns and back, byte for byte.
//!
//! Why: the ranks of an SPMD program make the same calls with the same arguments up to a
//! few rank-dependent values, and the peephole encoding turns rank-linear offsets into
//! the same deltas on every rank; what differs from rank to rank on every record is its
//! times. Records interleave the two, a couple of bytes each, too short for a compressor
//! to match one rank's records against another's. Split, the `calls` column of rank r is
//! (nearly) the bytes of rank 0's, and compresses against it to almost nothing.
//!
//! - `frame`: the stream header, then per chunk a tag byte and, for a split chunk, its
//!   44-byte header; tag [`RAW`] is followed by the rest of the file as it is (whatever
//!   does not parse as well-formed chunks: a truncated or damaged tail).
//! - `calls`: every record without its two time varints.
//! - `times`: every record's start delta and duration varints.
//!
//! The split is syntactic (no window, no function table): any bytes round-trip.

use crate::codec::{E_DEPTH, E_ERRNO, E_HIMASK, E_SLOT, S_EXT, S_REF};
use crate::framing::{CHUNK_HEADER_LEN, CHUNK_MAGIC, MAX_CHUNK_PAYLOAD, STREAM_HEADER_LEN};

/// Tag of a chunk split into the columns.
const SPLIT: u8 = 1;
/// Tag of the raw rest of the file.
const RAW: u8 = 0;

/// A stream's three columns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Columns {
    pub frame: Vec<u8>,
    pub calls: Vec<u8>,
    pub times: Vec<u8>,
}

/// Split a thread stream's bytes (any bytes) into columns.
pub fn split(bytes: &[u8]) -> Columns {
    let mut c = Columns::default();
    let head = bytes.len().min(STREAM_HEADER_LEN);
    c.frame.extend_from_slice(&bytes[..head]);
    let mut at = head;
    while at < bytes.len() {
        let Some(len) = chunk_len(&bytes[at..]) else {
            break;
        };
        let payload = &bytes[at + CHUNK_HEADER_LEN..at + CHUNK_HEADER_LEN + len];
        let (calls, times) = (c.calls.len(), c.times.len());
        if split_payload(payload, &mut c.calls, &mut c.times).is_none() {
            c.calls.truncate(calls);
            c.times.truncate(times);
            break;
        }
        c.frame.push(SPLIT);
        c.frame.extend_from_slice(&bytes[at..at + CHUNK_HEADER_LEN]);
        at += CHUNK_HEADER_LEN + len;
    }
    if at < bytes.len() {
        c.frame.push(RAW);
        c.frame.extend_from_slice(&bytes[at..]);
    }
    c
}

/// The payload length of the chunk at the start of `b`, if a whole chunk is there.
fn chunk_len(b: &[u8]) -> Option<usize> {
    if b.len() < CHUNK_HEADER_LEN || &b[0..4] != CHUNK_MAGIC {
        return None;
    }
    let len = u32::from_le_bytes(b[4..8].try_into().ok()?) as usize;
    (len <= MAX_CHUNK_PAYLOAD && b.len() - CHUNK_HEADER_LEN >= len).then_some(len)
}

/// Reads bytes of one column.
struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn byte(&mut self) -> Option<u8> {
        let v = *self.b.get(self.at)?;
        self.at += 1;
        Some(v)
    }
    /// The bytes of one varint (at most 10), with its value's low 64 bits.
    fn varint(&mut self) -> Option<(&'a [u8], u64)> {
        let start = self.at;
        let mut v = 0u64;
        for i in 0..10 {
            let b = self.byte()?;
            v |= ((b & 0x7f) as u64) << (7 * i);
            if b & 0x80 == 0 {
                return Some((&self.b[start..self.at], v));
            }
        }
        None
    }
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let s = self.b.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(s)
    }
}

/// Split one payload's records; None when it is not a sequence of well-formed records.
fn split_payload(payload: &[u8], calls: &mut Vec<u8>, times: &mut Vec<u8>) -> Option<()> {
    let mut r = Reader { b: payload, at: 0 };
    while r.at < payload.len() {
        let start = r.at;
        let (head, mask) = record_head(&mut r)?;
        calls.extend_from_slice(&payload[start..head]);
        let t = r.at;
        r.varint()?;
        r.varint()?;
        times.extend_from_slice(&payload[t..r.at]);
        let body = r.at;
        record_body(&mut r, mask)?;
        calls.extend_from_slice(&payload[body..r.at]);
    }
    Some(())
}

/// Read a record's status, extension and optional varints; returns where they end and the
/// reference mask (None for a full record). Rejects what the decoder rejects.
fn record_head(r: &mut Reader) -> Option<(usize, Option<u64>)> {
    let status = r.byte()?;
    let is_ref = status & S_REF != 0;
    if !is_ref && status & 0x3f != 0 {
        return None;
    }
    let mut himask = 0u64;
    if status & S_EXT != 0 {
        let ext = r.byte()?;
        if ext & 0xf0 != 0 || (!is_ref && ext & (E_SLOT | E_HIMASK) != 0) {
            return None;
        }
        for bit in [E_DEPTH, E_ERRNO, E_SLOT] {
            if ext & bit != 0 {
                r.varint()?;
            }
        }
        if ext & E_HIMASK != 0 {
            himask = r.varint()?.1;
        }
    }
    let mask = is_ref.then_some((himask << 4) | (status & 0x0f) as u64);
    Some((r.at, mask))
}

/// Read a record's body: the fields that differ (a reference) or the function, field count
/// and every field (a full record).
fn record_body(r: &mut Reader, mask: Option<u64>) -> Option<()> {
    let n = match mask {
        Some(m) => m.count_ones() as usize,
        None => {
            r.varint()?;
            r.take(1)?[0] as usize
        }
    };
    for _ in 0..n {
        r.varint()?;
    }
    Some(())
}

pub use crate::error::MergeError;

/// Put a stream's columns back together: the original bytes.
pub fn merge(c: &Columns) -> Result<Vec<u8>, MergeError> {
    let mut out = Vec::with_capacity(c.frame.len() + c.calls.len() + c.times.len());
    let head = c.frame.len().min(STREAM_HEADER_LEN);
    out.extend_from_slice(&c.frame[..head]);
    let mut frame = Reader {
        b: &c.frame,
        at: head,
    };
    let mut calls = Reader { b: &c.calls, at: 0 };
    let mut times = Reader { b: &c.times, at: 0 };
    while let Some(tag) = frame.byte() {
        if tag == RAW {
            out.extend_from_slice(&c.frame[frame.at..]);
            break;
        }
        if tag != SPLIT {
            return Err(MergeError("unknown chunk tag"));
        }
        let header = frame
            .take(CHUNK_HEADER_LEN)
            .ok_or(MergeError("a chunk header cut short"))?;
        let len = chunk_len_of(header).ok_or(MergeError("bad chunk header"))?;
        out.extend_from_slice(header);
        let end = out.len() + len;
        while out.len() < end {
            merge_record(&mut calls, &mut times, &mut out)
                .ok_or(MergeError("a record cut short"))?;
        }
        if out.len() != end {
            return Err(MergeError("a chunk's records overrun its length"));
        }
    }
    if calls.at != c.calls.len() || times.at != c.times.len() {
        return Err(MergeError("columns longer than their chunks"));
    }
    Ok(out)
}

fn chunk_len_of(header: &[u8]) -> Option<usize> {
    let len = u32::from_le_bytes(header[4..8].try_into().ok()?) as usize;
    (&header[0..4] == CHUNK_MAGIC && len <= MAX_CHUNK_PAYLOAD).then_some(len)
}

/// Append one record: its head from `calls`, its times from `times`, its body from `calls`.
fn merge_record(calls: &mut Reader, times: &mut Reader, out: &mut Vec<u8>) -> Option<()> {
    let start = calls.at;
    let (head, mask) = record_head(calls)?;
    out.extend_from_slice(&calls.b[start..head]);
    let t = times.at;
    times.varint()?;
    times.varint()?;
    out.extend_from_slice(&times.b[t..times.at]);
    let body = calls.at;
    record_body(calls, mask)?;
    out.extend_from_slice(&calls.b[body..calls.at]);
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::{PeepholeEncoder, Record};
    use crate::framing::{chunk_header, Anchor};
    use proptest::prelude::*;

    /// A stream of `n` pwrite-like records per chunk, in `chunks` chunks.
    fn stream(n: u64, chunks: u32, rank: u64) -> Vec<u8> {
        let mut out = vec![7u8; STREAM_HEADER_LEN];
        out[0..8].copy_from_slice(crate::framing::STREAM_MAGIC);
        for c in 0..chunks {
            let mut enc = PeepholeEncoder::new(3, 100);
            let mut buf = vec![0u8; n as usize * crate::codec::MAX_RECORD_BYTES];
            let mut pos = 0;
            for i in 0..n {
                let start = 100 + i * 37 + rank;
                let offset = (rank * n + i) * 4096;
                let r = Record::new(20, 0, start, start + 20 + rank, 0, &[3, 4096, offset, 4096]);
                pos = enc.encode(&r, &mut buf, pos);
            }
            let payload = &buf[..pos];
            let h = chunk_header(payload, n as u32, 100, c, Anchor::default());
            out.extend_from_slice(&h);
            out.extend_from_slice(payload);
        }
        out
    }

    #[test]
    fn real_streams_split_into_calls_and_times() {
        let s = stream(1000, 3, 5);
        let c = split(&s);
        assert_eq!(merge(&c).unwrap(), s);
        assert_eq!(
            c.frame.len(),
            STREAM_HEADER_LEN + 3 * (1 + CHUNK_HEADER_LEN)
        );
        // Ranks differ in times and the first offset only: their calls columns are
        // nearly the same bytes.
        let other = split(&stream(1000, 3, 9));
        let same = c
            .calls
            .iter()
            .zip(&other.calls)
            .filter(|(a, b)| a == b)
            .count();
        assert!(same + 20 > c.calls.len(), "{same} of {}", c.calls.len());
    }

    #[test]
    fn damaged_tails_are_kept_raw() {
        let s = stream(50, 2, 1);
        for cut in [0, 5, 32, 40, 76, 100, s.len() - 1] {
            let part = &s[..cut];
            assert_eq!(merge(&split(part)).unwrap(), part, "cut at {cut}");
        }
        let mut bad = s.clone();
        bad[STREAM_HEADER_LEN + CHUNK_HEADER_LEN] = 0x3f; // a full record with mask bits
        let c = split(&bad);
        assert_eq!(merge(&c).unwrap(), bad);
        assert!(c.calls.is_empty());
    }

    #[test]
    fn damaged_columns_are_an_error_not_a_panic() {
        let c = split(&stream(20, 1, 0));
        let mut short = c.clone();
        short.calls.pop();
        assert!(merge(&short).is_err());
        let mut long = c.clone();
        long.times.push(1);
        assert!(merge(&long).is_err());
        let mut tag = c;
        tag.frame[STREAM_HEADER_LEN] = 9;
        assert!(merge(&tag).is_err());
    }

    proptest! {
        #[test]
        fn any_bytes_round_trip(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
            prop_assert_eq!(merge(&split(&bytes)).unwrap(), bytes);
        }

        #[test]
        fn streams_with_any_byte_changed_round_trip(i in 0usize..3000, v in any::<u8>()) {
            let mut s = stream(60, 2, 3);
            let i = i % s.len();
            s[i] = v;
            prop_assert_eq!(merge(&split(&s)).unwrap(), s);
        }

        #[test]
        fn any_columns_merge_or_fail(frame in proptest::collection::vec(any::<u8>(), 0..200),
                                     calls in proptest::collection::vec(any::<u8>(), 0..200),
                                     times in proptest::collection::vec(any::<u8>(), 0..200)) {
            let _ = merge(&Columns { frame, calls, times });
        }
    }
}
