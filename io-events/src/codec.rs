//! The peephole record codec (docs/format.md, "Records").
//!
//! A record is encoded either in full (function id and every field) or as a reference to a
//! similar record in a small sliding window of the most recent records, keeping only the
//! fields that differ, each as the delta from the referenced record's value. This is the
//! Recorder 2.0 scheme with cheap improvements: varints instead of fixed-width times, typed
//! integer fields instead of strings, field deltas instead of raw differing values, and the
//! depth and errno left out when they are the expected ones.
//!
//! The encoder writes into a caller-provided byte slice and never allocates: it runs inside
//! the traced program on every call.

use crate::functions::MAX_FIELDS;

/// Default number of records in the peephole window.
pub const DEFAULT_WINDOW: usize = 3;
/// Largest window the format allows.
pub const MAX_WINDOW: usize = 16;
/// Upper bound of one encoded record's size: status + extension + 4 optional varints +
/// two time varints + function id + count + fields.
pub const MAX_RECORD_BYTES: usize = 2 + 4 * 10 + 2 * 10 + 3 + 1 + MAX_FIELDS * 10;

/// Status bit: the record refers to a window slot.
pub const S_REF: u8 = 0x80;
/// Status bit: an extension byte follows.
pub const S_EXT: u8 = 0x40;
/// Extension bits.
pub const E_DEPTH: u8 = 0x01;
/// Extension bit: errno follows.
pub const E_ERRNO: u8 = 0x02;
/// Extension bit: the window slot follows as a varint (slot >= 3).
pub const E_SLOT: u8 = 0x04;
/// Extension bit: differ-mask bits for fields 4.. follow as a varint.
pub const E_HIMASK: u8 = 0x08;

/// One decoded (or to-be-encoded) call record. Times are in ticks of the trace's time
/// resolution, counted from the process's start anchor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// Function id (index into the function table the trace was written with).
    pub func: u16,
    /// Nesting depth: 0 for a call made by the program, n for a call made inside n traced calls.
    pub depth: u32,
    /// Entry time in ticks.
    pub start: u64,
    /// Exit time in ticks.
    pub end: u64,
    /// errno of a failed call, 0 otherwise.
    pub errno: u32,
    /// Number of used fields (arguments + return value, the return value last).
    pub nfields: u8,
    /// Field values; values past `nfields` are zero.
    pub fields: [u64; MAX_FIELDS],
}

impl Record {
    /// A record with the given fields (the return value last).
    pub fn new(func: u16, depth: u32, start: u64, end: u64, errno: u32, fields: &[u64]) -> Record {
        let mut f = [0u64; MAX_FIELDS];
        f[..fields.len()].copy_from_slice(fields);
        Record {
            func,
            depth,
            start,
            end,
            errno,
            nfields: fields.len() as u8,
            fields: f,
        }
    }
    /// A record from a fixed-size field array (the recorder's hot path: the copy is unrolled
    /// at compile time instead of a memcpy call).
    #[inline(always)]
    pub fn from_array<const N: usize>(
        func: u16,
        depth: u32,
        start: u64,
        end: u64,
        errno: u32,
        fields: &[u64; N],
    ) -> Record {
        let mut f = [0u64; MAX_FIELDS];
        let n = N.min(MAX_FIELDS);
        f[..n].copy_from_slice(&fields[..n]);
        Record {
            func,
            depth,
            start,
            end,
            errno,
            nfields: n as u8,
            fields: f,
        }
    }
    /// The used fields.
    pub fn fields(&self) -> &[u64] {
        &self.fields[..self.nfields as usize]
    }
    /// The return value (last field).
    pub fn ret(&self) -> u64 {
        if self.nfields == 0 {
            0
        } else {
            self.fields[self.nfields as usize - 1]
        }
    }
}

#[derive(Clone, Copy)]
struct Slot {
    used: bool,
    func: u16,
    depth: u32,
    nfields: u8,
    fields: [u64; MAX_FIELDS],
}

const EMPTY: Slot = Slot {
    used: false,
    func: 0,
    depth: 0,
    nfields: 0,
    fields: [0; MAX_FIELDS],
};

/// The sliding window shared by encoder and decoder: a ring of the most recent records;
/// "slot i" is the i-th most recent (0 = the previous record).
#[derive(Clone)]
struct Window {
    slots: [Slot; MAX_WINDOW],
    size: usize,
    /// Index in `slots` of the most recent record.
    head: usize,
    prev_start: u64,
    prev_depth: u32,
}

impl Window {
    fn new(size: usize, base: u64) -> Window {
        Window {
            slots: [EMPTY; MAX_WINDOW],
            size: size.clamp(1, MAX_WINDOW),
            head: 0,
            prev_start: base,
            prev_depth: 0,
        }
    }
    /// Position in `slots` of slot `i` (i-th most recent).
    #[inline(always)]
    fn at(&self, i: usize) -> usize {
        // i < size and head < size: one conditional subtraction instead of a division.
        let j = self.head + self.size - i;
        if j >= self.size {
            j - self.size
        } else {
            j
        }
    }
    #[inline(always)]
    fn push(&mut self, func: u16, depth: u32, nfields: u8, fields: &[u64; MAX_FIELDS]) {
        self.head = if self.head + 1 == self.size {
            0
        } else {
            self.head + 1
        };
        let s = &mut self.slots[self.head];
        s.used = true;
        s.func = func;
        s.depth = depth;
        s.nfields = nfields;
        s.fields = *fields;
    }
}

#[inline]
fn zigzag(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

#[inline]
fn unzigzag(v: u64) -> i64 {
    ((v >> 1) as i64) ^ -((v & 1) as i64)
}

/// Encodes records of one chunk. Reset it at every chunk start so chunks decode alone.
#[derive(Clone)]
pub struct PeepholeEncoder {
    window: Window,
}

impl PeepholeEncoder {
    /// A new encoder with `window` slots whose first record's start is relative to `base`.
    pub fn new(window: usize, base: u64) -> PeepholeEncoder {
        PeepholeEncoder {
            window: Window::new(window, base),
        }
    }

    /// Forget the window and start a new chunk whose times are relative to `base`.
    pub fn reset(&mut self, base: u64) {
        let size = self.window.size;
        self.window = Window::new(size, base);
    }

    /// Encode `r` into `buf`, which must have at least [`MAX_RECORD_BYTES`] free bytes from
    /// `pos` (if not, nothing is written and `pos` is returned); returns the new end position.
    #[inline]
    pub fn encode(&mut self, r: &Record, buf: &mut [u8], pos: usize) -> usize {
        let Some(out) = buf.get_mut(pos..pos + MAX_RECORD_BYTES) else {
            return pos;
        };
        let mut o = Out { buf: out, p: 0 };
        let w = &mut self.window;
        let n = (r.nfields as usize).min(MAX_FIELDS);
        // Find the most similar record: same function, most equal fields, most recent on ties.
        let mut best = usize::MAX;
        let mut best_slot = 0usize;
        let mut best_common = 0u32;
        let mut best_mask = 0u32;
        let mut idx = w.head;
        for i in 0..w.size {
            let s = &w.slots[idx];
            idx = if idx == 0 { w.size - 1 } else { idx - 1 };
            if !s.used || s.func != r.func || s.nfields != r.nfields {
                continue;
            }
            let mut mask = 0u32;
            for k in 0..n {
                mask |= ((s.fields[k] != r.fields[k]) as u32) << k;
            }
            let common = n as u32 - mask.count_ones();
            if common > best_common || (n == 0 && best == usize::MAX) {
                best = i;
                best_slot = if idx + 1 == w.size { 0 } else { idx + 1 };
                best_common = common;
                best_mask = mask;
                if common + 1 >= n as u32 {
                    // At most one field differs: good enough, stop searching (the common case
                    // of a loop; saves comparing the older slots on every call).
                    break;
                }
            }
        }
        let is_ref = best != usize::MAX;
        let expected_depth = if is_ref {
            w.slots[best_slot].depth
        } else {
            w.prev_depth
        };
        let mut status = 0u8;
        let mut ext = 0u8;
        if r.depth != expected_depth {
            ext |= E_DEPTH;
        }
        if r.errno != 0 {
            ext |= E_ERRNO;
        }
        if is_ref {
            status |= S_REF | (best_mask & 0x0F) as u8;
            if best < 3 {
                status |= (best as u8) << 4;
            } else {
                status |= 3 << 4;
                ext |= E_SLOT;
            }
            if best_mask >> 4 != 0 {
                ext |= E_HIMASK;
            }
        }
        if ext != 0 {
            status |= S_EXT;
        }
        o.byte(status);
        if ext != 0 {
            o.byte(ext);
            if ext & E_DEPTH != 0 {
                o.varint(r.depth as u64);
            }
            if ext & E_ERRNO != 0 {
                o.varint(r.errno as u64);
            }
            if ext & E_SLOT != 0 {
                o.varint(best as u64);
            }
            if ext & E_HIMASK != 0 {
                o.varint((best_mask >> 4) as u64);
            }
        }
        o.varint(zigzag(r.start.wrapping_sub(w.prev_start) as i64));
        o.varint(r.end.saturating_sub(r.start));
        if is_ref {
            let s = &w.slots[best_slot];
            // Only the differing fields, in field order: walk the set bits of the mask.
            let mut m = best_mask;
            while m != 0 {
                let k = m.trailing_zeros() as usize & (MAX_FIELDS - 1);
                o.varint(zigzag(r.fields[k].wrapping_sub(s.fields[k]) as i64));
                m &= m - 1;
            }
        } else {
            o.varint(r.func as u64);
            o.byte(n as u8);
            for k in 0..n {
                o.varint(zigzag(r.fields[k] as i64));
            }
        }
        w.prev_start = r.start;
        w.prev_depth = r.depth;
        w.push(r.func, r.depth, n as u8, &r.fields);
        pos + o.p
    }
}

/// Output cursor over the MAX_RECORD_BYTES reserved for one record: the record's layout
/// bounds what it writes (see MAX_RECORD_BYTES), and the index mask keeps every write in
/// the slice without a bounds-check branch per byte.
struct Out<'a> {
    buf: &'a mut [u8],
    p: usize,
}

impl Out<'_> {
    #[inline(always)]
    fn byte(&mut self, b: u8) {
        if let Some(x) = self.buf.get_mut(self.p) {
            *x = b;
        }
        self.p += 1;
    }
    #[inline(always)]
    fn varint(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.byte((v as u8) | 0x80);
            v >>= 7;
        }
        self.byte(v as u8);
    }
}

/// A decoding error inside a chunk's payload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    /// The payload ended inside a record.
    Truncated,
    /// A varint longer than 10 bytes.
    BadVarint,
    /// A reference to an empty window slot.
    BadReference(u64),
    /// More fields than the format allows.
    TooManyFields(u8),
    /// Reserved status bits set on a full record.
    BadStatus(u8),
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DecodeError::Truncated => write!(f, "record cut short"),
            DecodeError::BadVarint => write!(f, "malformed varint"),
            DecodeError::BadReference(s) => write!(f, "reference to empty window slot {s}"),
            DecodeError::TooManyFields(n) => write!(f, "record with {n} fields"),
            DecodeError::BadStatus(s) => write!(f, "invalid status byte {s:#04x}"),
        }
    }
}

/// Decodes the records of one chunk payload, in order.
///
/// `next_filtered` implements selective decompression: records whose function the caller
/// does not want are skipped past without computing their field values. That is sound
/// because a record only ever refers to an earlier record of the same function, so a
/// skipped function's window slots are only needed by records that are skipped too.
///
/// The payload is anything that derefs to bytes: a borrowed slice, or an owned `Vec<u8>` for a
/// reader that keeps the decoder across calls (see [`Self::reset`]).
pub struct PeepholeDecoder<B: AsRef<[u8]>> {
    buf: B,
    pos: usize,
    window: Window,
}

impl<B: AsRef<[u8]>> PeepholeDecoder<B> {
    /// A decoder over one chunk's payload.
    pub fn new(payload: B, window: usize, base: u64) -> PeepholeDecoder<B> {
        PeepholeDecoder {
            buf: payload,
            pos: 0,
            window: Window::new(window, base),
        }
    }

    /// Start over on a new chunk payload (reusing this decoder's memory); returns the old payload.
    pub fn reset(&mut self, payload: B, base: u64) -> B {
        self.pos = 0;
        let size = self.window.size;
        self.window.slots.iter_mut().for_each(|s| s.used = false);
        self.window.size = size;
        self.window.head = 0;
        self.window.prev_start = base;
        self.window.prev_depth = 0;
        std::mem::replace(&mut self.buf, payload)
    }

    /// One-byte varints (most times and deltas) take the fast path.
    #[inline(always)]
    fn varint(&mut self) -> Result<u64, DecodeError> {
        if let Some(&b) = self.buf.as_ref().get(self.pos) {
            if b < 0x80 {
                self.pos += 1;
                return Ok(b as u64);
            }
        }
        self.varint_slow()
    }

    #[inline(never)]
    fn varint_slow(&mut self) -> Result<u64, DecodeError> {
        let mut v = 0u64;
        let mut shift = 0;
        loop {
            let b = *self
                .buf
                .as_ref()
                .get(self.pos)
                .ok_or(DecodeError::Truncated)?;
            self.pos += 1;
            if shift == 63 && b > 1 {
                return Err(DecodeError::BadVarint);
            }
            v |= ((b & 0x7F) as u64) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
            shift += 7;
            if shift > 63 {
                return Err(DecodeError::BadVarint);
            }
        }
    }

    #[inline]
    fn skip_varint(&mut self) -> Result<(), DecodeError> {
        for _ in 0..10 {
            let b = *self
                .buf
                .as_ref()
                .get(self.pos)
                .ok_or(DecodeError::Truncated)?;
            self.pos += 1;
            if b & 0x80 == 0 {
                return Ok(());
            }
        }
        Err(DecodeError::BadVarint)
    }

    /// Whether the payload is exhausted.
    pub fn is_done(&self) -> bool {
        self.pos >= self.buf.as_ref().len()
    }

    /// The next record, fully decoded.
    pub fn next_record(&mut self) -> Option<Result<Record, DecodeError>> {
        self.next_filtered(&mut |_| true)
            .map(|r| r.map(|(rec, _)| rec))
    }

    /// The next record; when `want(func)` is false its fields are left zero and not decoded.
    /// Returns the record and whether its fields were decoded.
    pub fn next_filtered(
        &mut self,
        want: &mut dyn FnMut(u16) -> bool,
    ) -> Option<Result<(Record, bool), DecodeError>> {
        if self.is_done() {
            return None;
        }
        let mut rec = Record::new(0, 0, 0, 0, 0, &[]);
        Some(self.decode_one(want, &mut rec).map(|d| (rec, d)))
    }

    /// The next record, fully decoded into `out` (no copy of the record: for readers that
    /// keep records in a buffer). None at the end of the payload.
    #[inline]
    pub fn next_into(&mut self, out: &mut Record) -> Option<Result<(), DecodeError>> {
        if self.is_done() {
            return None;
        }
        Some(self.decode_one(&mut |_| true, out).map(|_| ()))
    }

    #[inline(always)]
    fn decode_one<F: FnMut(u16) -> bool + ?Sized>(
        &mut self,
        want: &mut F,
        rec: &mut Record,
    ) -> Result<bool, DecodeError> {
        let status = *self
            .buf
            .as_ref()
            .get(self.pos)
            .ok_or(DecodeError::Truncated)?;
        self.pos += 1;
        let is_ref = status & S_REF != 0;
        if !is_ref && status & 0x3F != 0 {
            return Err(DecodeError::BadStatus(status));
        }
        let ext = if status & S_EXT != 0 {
            let e = *self
                .buf
                .as_ref()
                .get(self.pos)
                .ok_or(DecodeError::Truncated)?;
            self.pos += 1;
            e
        } else {
            0
        };
        // Reserved bits, or reference-only bits on a full record: not something we wrote.
        if ext & 0xF0 != 0 || (!is_ref && ext & (E_SLOT | E_HIMASK) != 0) {
            return Err(DecodeError::BadStatus(status));
        }
        let depth = if ext & E_DEPTH != 0 {
            Some(self.varint()? as u32)
        } else {
            None
        };
        let errno = if ext & E_ERRNO != 0 {
            self.varint()? as u32
        } else {
            0
        };
        let mut slot = ((status >> 4) & 3) as u64;
        if is_ref && ext & E_SLOT != 0 {
            slot = self.varint()?;
        }
        let mut mask = (status & 0x0F) as u64;
        if is_ref && ext & E_HIMASK != 0 {
            mask |= self.varint()? << 4;
        }
        let start = self
            .window
            .prev_start
            .wrapping_add(unzigzag(self.varint()?) as u64);
        let end = start.wrapping_add(self.varint()?);
        rec.start = start;
        rec.end = end;
        rec.errno = errno;
        rec.fields = [0; MAX_FIELDS];
        let decoded;
        if is_ref {
            if slot as usize >= self.window.size
                || !self.window.slots[self.window.at(slot as usize)].used
            {
                return Err(DecodeError::BadReference(slot));
            }
            let s = self.window.slots[self.window.at(slot as usize)];
            rec.func = s.func;
            rec.nfields = s.nfields;
            rec.depth = depth.unwrap_or(s.depth);
            if mask >> s.nfields != 0 {
                return Err(DecodeError::BadStatus(status));
            }
            decoded = want(rec.func);
            for k in 0..s.nfields as usize {
                if mask & (1 << k) != 0 {
                    if decoded {
                        rec.fields[k] = s.fields[k].wrapping_add(unzigzag(self.varint()?) as u64);
                    } else {
                        self.skip_varint()?;
                    }
                } else if decoded {
                    rec.fields[k] = s.fields[k];
                }
            }
        } else {
            let func = self.varint()?;
            if func > u16::MAX as u64 {
                return Err(DecodeError::BadStatus(status));
            }
            rec.func = func as u16;
            let n = *self
                .buf
                .as_ref()
                .get(self.pos)
                .ok_or(DecodeError::Truncated)?;
            self.pos += 1;
            if n as usize > MAX_FIELDS {
                return Err(DecodeError::TooManyFields(n));
            }
            rec.nfields = n;
            rec.depth = depth.unwrap_or(self.window.prev_depth);
            decoded = want(rec.func);
            for k in 0..n as usize {
                if decoded {
                    rec.fields[k] = unzigzag(self.varint()?) as u64;
                } else {
                    self.skip_varint()?;
                }
            }
        }
        self.window.prev_start = rec.start;
        self.window.prev_depth = rec.depth;
        // A skipped record still takes its place in the window (so slot numbers stay right);
        // its zero fields are only ever referenced by other skipped records.
        self.window
            .push(rec.func, rec.depth, rec.nfields, &rec.fields);
        Ok(decoded)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn roundtrip(recs: &[Record], window: usize) -> Vec<u8> {
        let mut enc = PeepholeEncoder::new(window, 100);
        let mut buf = vec![0u8; recs.len() * MAX_RECORD_BYTES + 16];
        let mut pos = 0;
        for r in recs {
            pos = enc.encode(r, &mut buf, pos);
        }
        buf.truncate(pos);
        let mut dec = PeepholeDecoder::new(&buf, window, 100);
        for r in recs {
            assert_eq!(dec.next_record().unwrap().unwrap(), *r);
        }
        assert!(dec.next_record().is_none());
        buf
    }

    #[test]
    fn pwrite_loop_is_small() {
        // 1000 one-byte pwrites at increasing offsets, ~40 ticks each, ~5 ticks apart.
        let recs: Vec<Record> = (0..1000u64)
            .map(|i| Record::new(20, 0, 1000 + i * 45, 1000 + i * 45 + 40, 0, &[3, 1, i, 1]))
            .collect();
        let buf = roundtrip(&recs, 3);
        assert!(buf.len() <= 4 * 1000 + 16, "{} bytes", buf.len());
    }

    #[test]
    fn nested_and_errno_and_far_slots() {
        let recs = vec![
            Record::new(1, 1, 10, 12, 0, &[4, 100, 0, 100]),
            Record::new(2, 0, 9, 13, 0, &[7, 1]),
            Record::new(1, 1, 15, 16, 0, &[4, 100, 100, 100]),
            Record::new(2, 0, 14, 17, 0, &[7, 1]),
            Record::new(3, 0, 18, 19, 2, &[u64::MAX]),
            Record::new(4, 5, 20, 20, 0, &[1, 2, 3, 4, 5, 6, 7, 8]),
            Record::new(5, 0, 21, 22, 0, &[]),
            Record::new(4, 5, 23, 25, 0, &[1, 2, 3, 4, 5, 9, 7, 8]),
            Record::new(1, 1, 30, 31, 0, &[4, 100, 200, 100]),
        ];
        roundtrip(&recs, 3);
        roundtrip(&recs, 1);
        roundtrip(&recs, 8);
    }

    #[test]
    fn selective_skip_keeps_others_exact() {
        let recs: Vec<Record> = (0..200u64)
            .map(|i| {
                Record::new(
                    (i % 3) as u16,
                    (i % 2) as u32,
                    i * 10,
                    i * 10 + 3,
                    0,
                    &[i % 7, i, 5],
                )
            })
            .collect();
        let mut enc = PeepholeEncoder::new(3, 0);
        let mut buf = vec![0u8; recs.len() * MAX_RECORD_BYTES];
        let mut pos = 0;
        for r in &recs {
            pos = enc.encode(r, &mut buf, pos);
        }
        let mut dec = PeepholeDecoder::new(&buf[..pos], 3, 0);
        for r in &recs {
            let (got, full) = dec.next_filtered(&mut |f| f == 1).unwrap().unwrap();
            assert_eq!(
                (got.func, got.start, got.end, got.depth),
                (r.func, r.start, r.end, r.depth)
            );
            assert_eq!(full, r.func == 1);
            if full {
                assert_eq!(got, *r);
            }
        }
    }

    #[test]
    fn corrupt_input_is_an_error_not_a_panic() {
        for bytes in [
            &[0x80u8, 0, 0][..],
            &[0x01],
            &[0x00, 0xFF],
            &[0x00, 0, 0, 1, 9],
            &[0xC0],
        ] {
            let mut dec = PeepholeDecoder::new(bytes, 3, 0);
            while let Some(r) = dec.next_record() {
                if r.is_err() {
                    break;
                }
            }
        }
    }

    fn arb_record() -> impl Strategy<Value = Record> {
        (
            0u16..6,
            0u32..4,
            0u64..1000,
            0u64..500,
            prop_oneof![Just(0u32), 1u32..200],
            proptest::collection::vec(prop_oneof![0u64..4, any::<u64>()], 0..=MAX_FIELDS),
        )
            .prop_map(|(func, depth, start, dur, errno, fields)| {
                Record::new(func, depth, start, start + dur, errno, &fields)
            })
    }

    proptest! {
        #[test]
        fn random_streams_roundtrip(mut recs in proptest::collection::vec(arb_record(), 0..300), window in 1usize..=MAX_WINDOW) {
            // Fixed field count per function, as the recorder guarantees.
            for r in recs.iter_mut() { let n = (r.func as usize) % (MAX_FIELDS + 1); r.nfields = n as u8; for k in n..MAX_FIELDS { r.fields[k] = 0; } }
            roundtrip(&recs, window);
        }

        #[test]
        fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            let mut dec = PeepholeDecoder::new(&bytes, 3, 0);
            let mut n = 0;
            while let Some(r) = dec.next_record() { n += 1; if r.is_err() || n > 1000 { break; } }
        }
    }
}
