//! Time series of different bin widths on one time axis: the widest width of them all (every
//! width is a power-of-two multiple of the first), up to the last non-empty bin.

use crate::timeline::Series;

#[derive(Clone, Copy, Debug)]
pub struct Axis {
    /// Bin width, ns.
    pub width: u64,
    /// Bins in use (at most timeline::BINS).
    pub bins: usize,
}

fn last_used(s: &Series) -> Option<usize> {
    (0..s.busy_ns.len())
        .rev()
        .find(|&i| s.busy_ns[i] != 0.0 || s.bytes[i] != 0.0)
}

/// The common axis of `series` (None when they are all empty).
pub fn axis<'a>(series: impl Iterator<Item = &'a Series> + Clone) -> Option<Axis> {
    let width = series.clone().map(|s| s.width).max()?;
    let end = series
        .filter_map(|s| last_used(s).map(|i| (i as u64 + 1) * s.width))
        .max()?;
    Some(Axis {
        width,
        bins: end.div_ceil(width).max(1) as usize,
    })
}

impl Axis {
    /// Add `s` (busy ns and bytes per bin) into `busy` and `bytes` of `self.bins` bins.
    pub fn add(&self, s: &Series, busy: &mut [f64], bytes: &mut [f64]) {
        let Some(last) = last_used(s) else { return };
        for i in 0..=last {
            let j = ((i as u64 * s.width) / self.width) as usize;
            if j < self.bins {
                busy[j] += s.busy_ns[i];
                bytes[j] += s.bytes[i];
            }
        }
    }

    /// Seconds at the end of the axis.
    pub fn span_s(&self) -> f64 {
        (self.width * self.bins as u64) as f64 / 1e9
    }

    pub fn width_s(&self) -> f64 {
        self.width as f64 / 1e9
    }
}
