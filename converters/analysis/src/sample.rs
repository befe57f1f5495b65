//! The bounded sample of a file's operations that the offsets plot draws, stratified by
//! time: the run is cut into at most `BUCKETS` time buckets (widths a power of two of
//! nanoseconds, on absolute times so that the samplers of several processes share their
//! boundaries), and each bucket keeps the operations of smallest hash, the bound shared
//! evenly by the buckets that hold operations. A bucket of few operations keeps them all,
//! so a slow stretch of the run is drawn as fully as a busy one; a hash of the operation (not its position in the stream)
//! keeps a periodic access pattern from aliasing with the thinning, so the offsets drawn in
//! every bucket spread over the range the program accessed in it.

use hashbrown::HashMap;

/// One operation kept for offset-over-time plots: (aligned ns, offset, bytes, write).
pub type Sample = (u64, u64, u64, bool);

/// Time buckets at most.
const BUCKETS: u64 = 64;

/// Where the sample stands: the buckets' width and, for the buckets that were full at the
/// last thinning, the hash an operation must be under to be kept.
#[derive(Clone, Debug, Default)]
pub struct Sampler {
    /// Buckets are 2^shift ns wide.
    shift: u32,
    /// Per full bucket (absolute index): the greatest hash kept in it.
    limits: HashMap<u64, u64>,
}

/// A well-mixed hash of an operation (splitmix64's finaliser over its fields).
fn hash(s: &Sample) -> u64 {
    let mut z = s.0 ^ s.1.rotate_left(23) ^ s.2.rotate_left(47) ^ s.3 as u64;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Sampler {
    /// Offer operation `s` to `samples` (bounded by `max`, half as much again between two
    /// thinnings).
    pub fn offer(&mut self, samples: &mut Vec<Sample>, s: Sample, max: usize) {
        if let Some(&limit) = self.limits.get(&(s.0 >> self.shift)) {
            if hash(&s) >= limit {
                return;
            }
        }
        samples.push(s);
        if samples.len() > max + max / 2 {
            self.thin(samples, max);
        }
    }

    /// Merge `other` and its samples into `self` and `samples`, then thin to `max`.
    pub fn merge(
        &mut self,
        samples: &mut Vec<Sample>,
        other: &Sampler,
        theirs: Vec<Sample>,
        max: usize,
    ) {
        self.shift = self.shift.max(other.shift);
        samples.extend(theirs);
        self.thin(samples, max);
    }

    /// Keep at most `max` samples (`BUCKETS` when `max` is smaller): widen the buckets
    /// until at most `BUCKETS` hold samples, then keep the samples of smallest hash in each
    /// bucket, the bound shared evenly by the buckets that hold any.
    fn thin(&mut self, samples: &mut Vec<Sample>, max: usize) {
        self.limits.clear();
        let Some(t0) = samples.iter().map(|s| s.0).min() else {
            return;
        };
        let t1 = samples.iter().map(|s| s.0).max().unwrap_or(t0);
        while (t1 >> self.shift) - (t0 >> self.shift) >= BUCKETS {
            self.shift += 1;
        }
        let shift = self.shift;
        let mut keyed: Vec<(u64, u64, Sample)> = samples
            .drain(..)
            .map(|s| (s.0 >> shift, hash(&s), s))
            .collect();
        keyed.sort_unstable_by_key(|k| (k.0, k.1));
        // The bound is shared by the buckets that hold operations: a bursty run (pauses
        // between bursts) keeps more of each burst.
        let used = 1 + keyed.windows(2).filter(|w| w[0].0 != w[1].0).count();
        let cap = (max / used).max(1);
        let mut run = 0;
        for i in 0..keyed.len() {
            run = if i > 0 && keyed[i].0 == keyed[i - 1].0 {
                run + 1
            } else {
                0
            };
            if run < cap {
                samples.push(keyed[i].2);
            } else if run == cap {
                self.limits.insert(keyed[i].0, keyed[i - 1].1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples per tenth of the run's time.
    fn tenths(s: &[Sample], t0: u64, t1: u64) -> Vec<usize> {
        let mut n = vec![0; 10];
        for x in s {
            n[(((x.0 - t0) * 10 / (t1 - t0 + 1)) as usize).min(9)] += 1;
        }
        n
    }

    #[test]
    fn every_time_window_keeps_samples_across_the_offsets() {
        // 200,000 one-byte writes cycling over 1,024 offsets, 1.6 µs apart.
        let (n, t0) = (200_000u64, 1_000_000_000u64);
        let mut sampler = Sampler::default();
        let mut samples = Vec::new();
        // A slow start (the first 10,000 writes 8 µs apart), as a traced run has.
        let at = |i: u64| t0 + i.min(10_000) * 8000 + i.saturating_sub(10_000) * 1600;
        for i in 0..n {
            sampler.offer(&mut samples, (at(i), i % 1024, 1, true), 4096);
        }
        let mut merged = Sampler::default();
        let mut all = Vec::new();
        merged.merge(&mut all, &sampler, samples, 4096);
        assert!(all.len() <= 4096);
        let t1 = at(n - 1);
        eprintln!(
            "{} samples, per tenth {:?}",
            all.len(),
            tenths(&all, t0, t1)
        );
        for w in 0..10u64 {
            let mut bands = [false; 32];
            for x in &all {
                if ((x.0 - t0) * 10 / (t1 - t0 + 1)) == w {
                    bands[(x.1 / 32) as usize] = true;
                }
            }
            let covered = bands.iter().filter(|&&b| b).count();
            assert!(covered >= 29, "window {w}: {covered} of 32 offset bands");
        }
    }
}
