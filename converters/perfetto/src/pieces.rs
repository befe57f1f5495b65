//! Where each packet goes: the output split by time into pieces (`--max-size`), and the time
//! window (`--from`/`--to`) outside which nothing is written. A piece is a time interval of
//! its own file; slices crossing a cut are ended at the cut and begun again after it, so that
//! every file loads alone.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The time intervals written: piece `k` covers `[start(k), start(k+1))`. Times before the
/// first start or from `end` on are outside the window.
#[derive(Clone, Debug)]
pub struct Pieces {
    /// Start of each piece (the first is the window's start), increasing.
    starts: Vec<u64>,
    /// End of the window (exclusive).
    end: u64,
}

/// Where a time falls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Slot {
    Before,
    Piece(usize),
    After,
}

impl Pieces {
    pub fn new(from: u64, cuts: &[u64], end: u64) -> Pieces {
        let mut starts = vec![from];
        starts.extend(cuts.iter().copied().filter(|&c| c > from && c < end));
        starts.dedup();
        Pieces { starts, end }
    }

    pub fn count(&self) -> usize {
        self.starts.len()
    }

    pub fn slot(&self, t: u64) -> Slot {
        if t < self.starts[0] {
            return Slot::Before;
        }
        if t >= self.end {
            return Slot::After;
        }
        // Pieces are few: a partition point over a short sorted list.
        Slot::Piece(self.starts.partition_point(|&s| s <= t) - 1)
    }

    /// The time where slot `s` ends and the next begins.
    pub fn boundary_after(&self, s: Slot) -> u64 {
        match s {
            Slot::Before => self.starts[0],
            Slot::Piece(k) if k + 1 < self.starts.len() => self.starts[k + 1],
            _ => self.end,
        }
    }

    pub fn next(&self, s: Slot) -> Slot {
        match s {
            Slot::Before => Slot::Piece(0),
            Slot::Piece(k) if k + 1 < self.starts.len() => Slot::Piece(k + 1),
            _ => Slot::After,
        }
    }

    pub fn interval(&self, k: usize) -> (u64, u64) {
        (self.starts[k], self.boundary_after(Slot::Piece(k)))
    }
}

/// Bytes written per time bucket by a sizing pass, to place the cuts: buckets of a
/// power-of-two width (from 1 µs) that doubles, merging neighbours, to stay at most
/// [`MAX_BUCKETS`]; indices are absolute (time >> shift), so that processes' histograms merge.
#[derive(Clone, Debug)]
pub struct Histogram {
    shift: u32,
    /// Absolute index of `bytes[0]`.
    first: u64,
    bytes: Vec<u64>,
}

const MAX_BUCKETS: u64 = 1 << 16;

impl Default for Histogram {
    fn default() -> Self {
        Histogram {
            shift: 10,
            first: 0,
            bytes: Vec::new(),
        }
    }
}

impl Histogram {
    pub fn new() -> Histogram {
        Histogram::default()
    }

    fn coarsen(&mut self) {
        let first = self.first >> 1;
        let mut bytes = vec![0; self.bytes.len() / 2 + 2];
        for (i, b) in self.bytes.iter().enumerate() {
            bytes[(((self.first + i as u64) >> 1) - first) as usize] += b;
        }
        while bytes.len() > 1 && bytes.last() == Some(&0) {
            bytes.pop();
        }
        self.bytes = bytes;
        self.first = first;
        self.shift += 1;
    }

    /// Make room for absolute bucket `i` at the current width (coarsening if need be);
    /// returns its index in `bytes`.
    fn slot(&mut self, t: u64) -> usize {
        loop {
            let i = t >> self.shift;
            if self.bytes.is_empty() {
                self.first = i;
                self.bytes.push(0);
            }
            let lo = i.min(self.first);
            let hi = i.max(self.first + self.bytes.len() as u64 - 1);
            if hi - lo < MAX_BUCKETS {
                if i < self.first {
                    let grow = (self.first - i) as usize;
                    self.bytes.splice(0..0, std::iter::repeat_n(0, grow));
                    self.first = i;
                }
                let k = (i - self.first) as usize;
                if k >= self.bytes.len() {
                    self.bytes.resize(k + 1, 0);
                }
                return k;
            }
            self.coarsen();
        }
    }

    pub fn add(&mut self, t: u64, n: u64) {
        let k = self.slot(t);
        self.bytes[k] += n;
    }

    pub fn merge(&mut self, mut o: Histogram) {
        if o.bytes.is_empty() {
            return;
        }
        while self.shift < o.shift {
            self.coarsen();
        }
        while o.shift < self.shift {
            o.coarsen();
        }
        let (first, shift) = (o.first, o.shift);
        for (i, b) in o.bytes.into_iter().enumerate() {
            if b > 0 {
                // At one width; adding may still coarsen both sides alike.
                let t = (first + i as u64) << shift;
                self.add(t, b);
            }
        }
    }

    pub fn total(&self) -> u64 {
        self.bytes.iter().sum()
    }

    /// Cut times such that each piece holds at most `budget` bytes of events (unless one
    /// bucket alone holds more: it cannot be cut finer).
    pub fn cuts(&self, budget: u64) -> Vec<u64> {
        let mut cuts = Vec::new();
        let mut acc = 0u64;
        for (i, &b) in self.bytes.iter().enumerate() {
            if acc > 0 && acc + b > budget {
                cuts.push((self.first + i as u64) << self.shift);
                acc = 0;
            }
            acc += b;
        }
        cuts
    }
}

/// The output files, one per piece, each appended to in whole chunks of packets under its
/// lock (workers encode processes in parallel; packets are self-contained, so chunks of
/// different processes may interleave). Written under temporary names, renamed at the end.
pub struct Files {
    pub paths: Vec<PathBuf>,
    tmps: Vec<PathBuf>,
    writers: Vec<Mutex<Option<BufWriter<File>>>>,
    pub bytes: Vec<std::sync::atomic::AtomicU64>,
}

impl Files {
    /// `out` itself for one piece, `STEM-001.EXT` ... for several.
    pub fn paths(out: &Path, n: usize) -> Vec<PathBuf> {
        if n == 1 {
            return vec![out.to_path_buf()];
        }
        let stem = out.file_stem().and_then(|s| s.to_str()).unwrap_or("trace");
        let ext = out
            .extension()
            .and_then(|s| s.to_str())
            .unwrap_or("pftrace");
        (1..=n)
            .map(|k| out.with_file_name(format!("{stem}-{k:03}.{ext}")))
            .collect()
    }

    pub fn create(paths: Vec<PathBuf>) -> Result<Files, crate::Error> {
        let mut files = Files {
            tmps: Vec::new(),
            writers: Vec::new(),
            bytes: Vec::new(),
            paths,
        };
        for p in files.paths.clone() {
            let name = p.file_name().and_then(|s| s.to_str()).unwrap_or("out");
            let tmp = p.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
            let f = File::create(&tmp).map_err(|e| crate::Error::io(&tmp, e));
            files.tmps.push(tmp);
            let f = match f {
                Ok(f) => f,
                Err(e) => {
                    files.abort();
                    return Err(e);
                }
            };
            files
                .writers
                .push(Mutex::new(Some(BufWriter::with_capacity(1 << 20, f))));
            files.bytes.push(0.into());
        }
        Ok(files)
    }

    pub fn append(&self, k: usize, chunk: &[u8]) -> Result<(), crate::Error> {
        let mut w = self.writers[k].lock().unwrap_or_else(|p| p.into_inner());
        let Some(w) = w.as_mut() else {
            return Err(crate::Error::Closed);
        };
        w.write_all(chunk)
            .map_err(|e| crate::Error::io(&self.paths[k], e))?;
        self.bytes[k].fetch_add(chunk.len() as u64, std::sync::atomic::Ordering::Relaxed);
        Ok(())
    }

    /// Flush, sync and rename every piece to its name.
    pub fn commit(&self) -> Result<(), crate::Error> {
        for (k, w) in self.writers.iter().enumerate() {
            let w = w.lock().unwrap_or_else(|p| p.into_inner()).take();
            if let Some(w) = w {
                let f = w
                    .into_inner()
                    .map_err(|e| crate::Error::io(&self.paths[k], e.into_error()))?;
                f.sync_all()
                    .map_err(|e| crate::Error::io(&self.paths[k], e))?;
            }
        }
        for (k, (tmp, p)) in self.tmps.iter().zip(&self.paths).enumerate() {
            if let Err(e) = std::fs::rename(tmp, p) {
                // A set of pieces is whole or absent: the ones renamed already go too (the
                // caller's abort removes the temporaries left).
                for done in &self.paths[..k] {
                    let _ = std::fs::remove_file(done);
                }
                return Err(crate::Error::io(p, e));
            }
        }
        Ok(())
    }

    /// Remove what was written.
    pub fn abort(&self) {
        for w in &self.writers {
            w.lock().unwrap_or_else(|p| p.into_inner()).take();
        }
        for t in &self.tmps {
            let _ = std::fs::remove_file(t);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_and_boundaries() {
        let p = Pieces::new(100, &[50, 200, 300, 900], 500);
        assert_eq!(p.count(), 3);
        assert_eq!(p.slot(99), Slot::Before);
        assert_eq!(p.slot(100), Slot::Piece(0));
        assert_eq!(p.slot(199), Slot::Piece(0));
        assert_eq!(p.slot(200), Slot::Piece(1));
        assert_eq!(p.slot(499), Slot::Piece(2));
        assert_eq!(p.slot(500), Slot::After);
        assert_eq!(p.boundary_after(Slot::Piece(0)), 200);
        assert_eq!(p.boundary_after(Slot::Piece(2)), 500);
        assert_eq!(p.next(Slot::Piece(2)), Slot::After);
    }

    #[test]
    fn histogram_cuts_respect_the_budget() {
        let mut h = Histogram::new();
        let base = 1_795_000_000_000_000_000u64;
        for i in 0..1000u64 {
            h.add(base + i * 1_000_000, 100);
        }
        let mut other = Histogram::new();
        other.add(base + (1u64 << 40), 5);
        h.merge(other);
        assert_eq!(h.total(), 100_005);
        let cuts = h.cuts(10_000);
        assert!(cuts.len() >= 9 && cuts.len() <= 12, "{cuts:?}");
        assert!(cuts[0] > base, "{cuts:?}");
        assert!(cuts.windows(2).all(|w| w[0] < w[1]));
    }
}
