//! Time series of bounded size: a fixed number of bins whose width doubles (merging pairs)
//! whenever an event falls past the last bin, so that a run of any length fits.

/// Number of bins of every series.
pub const BINS: usize = 256;

/// Busy time (ns) and bytes per time bin, from `origin` (aligned ns) in bins of `width` ns.
#[derive(Clone, Debug)]
pub struct Series {
    /// 2^shift ns.
    pub width: u64,
    shift: u32,
    pub busy_ns: Vec<f64>,
    pub bytes: Vec<f64>,
}

/// The first width: 1,024 ns, doubled as needed (widths stay powers of two: bins by shift).
const FIRST_SHIFT: u32 = 10;

impl Default for Series {
    fn default() -> Self {
        Series {
            width: 1 << FIRST_SHIFT,
            shift: FIRST_SHIFT,
            busy_ns: vec![0.0; BINS],
            bytes: vec![0.0; BINS],
        }
    }
}

impl Series {
    /// Double the width until `width` is reached (pairs of bins merge).
    pub fn widen_to(&mut self, width: u64) {
        while self.width < width {
            for v in [&mut self.busy_ns, &mut self.bytes] {
                for i in 0..BINS / 2 {
                    v[i] = v[2 * i] + v[2 * i + 1];
                }
                v[BINS / 2..].iter_mut().for_each(|x| *x = 0.0);
            }
            self.width *= 2;
            self.shift += 1;
        }
    }

    /// An interval [t0, t1) (relative to the origin) busy, moving `bytes`: spread over the
    /// bins it overlaps in proportion.
    pub fn add(&mut self, t0: u64, t1: u64, bytes: u64) {
        let t1 = t1.max(t0);
        while t1 >> self.shift >= BINS as u64 {
            let w = self.width * 2;
            self.widen_to(w);
        }
        let (b0, b1) = ((t0 >> self.shift) as usize, (t1 >> self.shift) as usize);
        if b0 == b1 {
            self.busy_ns[b0] += (t1 - t0) as f64;
            self.bytes[b0] += bytes as f64;
            return;
        }
        let span = (t1 - t0) as f64;
        for b in b0..=b1 {
            let lo = (b as u64 * self.width).max(t0);
            let hi = ((b as u64 + 1) * self.width).min(t1);
            let part = (hi - lo) as f64;
            self.busy_ns[b] += part;
            self.bytes[b] += bytes as f64 * part / span;
        }
    }

    /// Add another series (brought to the same width first).
    pub fn merge(&mut self, mut o: Series) {
        let w = self.width.max(o.width);
        self.widen_to(w);
        o.widen_to(w);
        for i in 0..BINS {
            self.busy_ns[i] += o.busy_ns[i];
            self.bytes[i] += o.bytes[i];
        }
    }

    pub fn is_empty(&self) -> bool {
        self.busy_ns.iter().all(|&x| x == 0.0) && self.bytes.iter().all(|&x| x == 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widening_keeps_totals_and_spreads_by_overlap() {
        let mut s = Series::default();
        s.add(0, 500, 10);
        s.add(1_536, 2_560, 100); // half in bin 1, half in bin 2
        assert_eq!(s.bytes[1], 50.0);
        assert_eq!(s.busy_ns[2], 512.0);
        s.add(10_000_000, 10_000_100, 7); // far: widens
        assert!(s.width >= 10_000_000 / BINS as u64);
        let total: f64 = s.bytes.iter().sum();
        assert_eq!(total, 117.0);
        let mut o = Series::default();
        o.add(0, 10, 3);
        s.merge(o);
        assert_eq!(s.bytes.iter().sum::<f64>(), 120.0);
    }
}
