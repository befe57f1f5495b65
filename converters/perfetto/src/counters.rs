//! Bytes per second per layer, direction and process, as counter tracks: the bytes of every
//! completed read or write spread evenly over its duration into time bins; a bin's value is
//! its bytes over its width, held until the next sample, so the counter integrates to the
//! bytes moved. Bins start at 1 ms and double (merging neighbours) to stay at most
//! [`MAX_BINS`] per track: memory is flat in the number of operations.

use super::encode::{Encoder, Out};
use super::pieces::{Pieces, Slot};
use super::tracks::{Described, ProcessIds};
use pb::trace_packet::Data;
use pb::track_event::{CounterValueField, Type};
use perfetto_schema as pb;

const MAX_BINS: u64 = 4096;

#[derive(Clone, Debug)]
pub struct Rates {
    shift: u32,
    /// Absolute index (time >> shift) of `bytes[0]`.
    first: u64,
    bytes: Vec<f64>,
}

impl Default for Rates {
    fn default() -> Self {
        Rates {
            shift: 20,
            first: 0,
            bytes: Vec::new(),
        }
    }
}

impl Rates {
    fn coarsen(&mut self) {
        let first = self.first >> 1;
        let mut bytes = vec![0.0; (self.bytes.len() + 2) / 2];
        for (i, b) in self.bytes.iter().enumerate() {
            bytes[(((self.first + i as u64) >> 1) - first) as usize] += b;
        }
        while bytes.last() == Some(&0.0) {
            bytes.pop();
        }
        self.bytes = bytes;
        self.first = first;
        self.shift += 1;
    }

    /// Make room for the absolute bins of times `t0..=t1`.
    fn cover(&mut self, t0: u64, t1: u64) {
        loop {
            let (a, b) = (t0 >> self.shift, t1 >> self.shift);
            let lo = if self.bytes.is_empty() {
                a
            } else {
                a.min(self.first)
            };
            let hi = b.max(self.first + self.bytes.len() as u64);
            if hi - lo < MAX_BINS {
                if self.bytes.is_empty() {
                    self.first = a;
                } else if a < self.first {
                    let grow = (self.first - a) as usize;
                    self.bytes.splice(0..0, std::iter::repeat_n(0.0, grow));
                    self.first = a;
                }
                let need = (b - self.first + 1) as usize;
                if self.bytes.len() < need {
                    self.bytes.resize(need, 0.0);
                }
                return;
            }
            self.coarsen();
        }
    }

    pub fn add(&mut self, t0: u64, t1: u64, bytes: u64) {
        if bytes == 0 {
            return;
        }
        let t1 = t1.max(t0);
        self.cover(t0, t1);
        let w = 1u64 << self.shift;
        if t1 == t0 {
            self.put(t0 >> self.shift, bytes as f64);
            return;
        }
        let per_ns = bytes as f64 / (t1 - t0) as f64;
        let mut t = t0;
        while t < t1 {
            let bin = t >> self.shift;
            // Saturated: the last bin of the clock ends at its end, not at 0.
            let end = (bin.saturating_add(1)).saturating_mul(w).min(t1);
            self.put(bin, per_ns * (end - t) as f64);
            t = end;
        }
    }

    /// Add `bytes` to absolute bin `bin` (`cover` made room for it; a bin outside is
    /// dropped rather than a panic, should arithmetic at the end of the clock miss one).
    fn put(&mut self, bin: u64, bytes: f64) {
        let i = bin
            .checked_sub(self.first)
            .and_then(|i| usize::try_from(i).ok());
        if let Some(b) = i.and_then(|i| self.bytes.get_mut(i)) {
            *b += bytes;
        }
    }

    /// The samples: (time, bytes per second), each bin with bytes, and 0 after each run.
    pub fn samples(&self) -> Vec<(u64, f64)> {
        let w = 1u64 << self.shift;
        let per_s = 1e9 / w as f64;
        let mut out = Vec::new();
        for (i, &b) in self.bytes.iter().enumerate() {
            let start = (self.first + i as u64).saturating_mul(w);
            if b > 0.0 {
                out.push((start, b * per_s));
                if self.bytes.get(i + 1).is_none_or(|&n| n <= 0.0) {
                    out.push((start.saturating_add(w), 0.0));
                }
            }
        }
        out
    }
}

/// Write one counter track's samples, cut at piece boundaries: each piece ends at 0 and the
/// next starts again from the value in force, so each piece integrates to its own bytes.
#[allow(clippy::too_many_arguments)]
pub fn write(
    out: &mut Out,
    described: &mut Described,
    pieces: &Pieces,
    ids: &ProcessIds,
    uuid: u64,
    name: &str,
    samples: &[(u64, f64)],
) -> Result<(), crate::Error> {
    let mut slot = Slot::Before;
    let mut value = 0.0;
    for &(t, v) in samples {
        let target = pieces.slot(t);
        while slot < target {
            let cut = pieces.boundary_after(slot);
            if let Slot::Piece(k) = slot {
                sample(out, described, ids, k, uuid, name, cut, 0.0)?;
            }
            slot = pieces.next(slot);
            if let (Slot::Piece(k), true) = (slot, value > 0.0) {
                sample(out, described, ids, k, uuid, name, cut, value)?;
            }
        }
        if let Slot::Piece(k) = slot {
            sample(out, described, ids, k, uuid, name, t, v)?;
        }
        value = v;
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn sample(
    out: &mut Out,
    described: &mut Described,
    ids: &ProcessIds,
    k: usize,
    uuid: u64,
    name: &str,
    t: u64,
    v: f64,
) -> Result<(), crate::Error> {
    described.named(out, k, ids, uuid, name, Some("B/s"))?;
    let e = pb::TrackEvent {
        r#type: Some(Type::Counter as i32),
        track_uuid: Some(uuid),
        counter_value_field: Some(CounterValueField::DoubleCounterValue(v)),
        ..Default::default()
    };
    Encoder::plain(out, k, ids.seq, t, Data::TrackEvent(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn integral(s: &[(u64, f64)]) -> f64 {
        s.windows(2)
            .map(|w| w[0].1 * (w[1].0 - w[0].0) as f64 / 1e9)
            .sum()
    }

    #[test]
    fn rates_integrate_to_the_bytes() {
        let mut r = Rates::default();
        r.add(1_000_000_000, 1_003_000_000, 3_000_000);
        r.add(1_010_000_000, 1_010_000_000, 4096);
        r.add(5_000_000_000, 9_000_000_000, 1 << 30);
        let s = r.samples();
        let total = 3_000_000.0 + 4096.0 + (1u64 << 30) as f64;
        assert!(
            (integral(&s) - total).abs() < 1.0,
            "{} vs {total}",
            integral(&s)
        );
        assert_eq!(s.last().map(|x| x.1), Some(0.0));
    }

    #[test]
    fn bins_stay_bounded() {
        let mut r = Rates::default();
        for i in 0..100_000u64 {
            r.add(i * 10_000_000, i * 10_000_000 + 1000, 10);
        }
        assert!(r.bytes.len() as u64 <= MAX_BINS);
        assert!((integral(&r.samples()) - 1_000_000.0).abs() < 1e-3);
    }

    #[test]
    fn times_at_the_end_of_the_clock_do_not_panic() {
        // What a damaged trace gave (issue 33, N1): an operation ending at 2^63 ns and
        // later, after one at an ordinary time.
        let mut r = Rates::default();
        r.add(1_700_000_000_000_000_000, 1_700_000_000_000_100_000, 4096);
        r.add(1_700_000_000_000_200_000, 1 << 63, 4096);
        r.add(u64::MAX - 5, u64::MAX, 100);
        let s = r.samples();
        assert!(!s.is_empty());
        assert!(s.windows(2).all(|w| w[0].0 <= w[1].0), "{s:?}");
    }
}
