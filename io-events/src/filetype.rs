//! An MPI file view's filetype as the bytes one tile of it covers (docs/format.md,
//! "Filetypes"): the recorder flattens the filetype of every `MPI_File_set_view` into runs
//! of equal blocks and writes it once as a `Def::Filetype`; readers map a transfer's bytes
//! onto the file with it.
//!
//! MPI requires a filetype's displacements to be non-negative and non-decreasing, so the
//! blocks of a tile are in file order and the data of a transfer fills them in that order,
//! tile after tile, each tile `extent` bytes after the previous one.

/// `count` blocks of `len` bytes, the first at `offset`, each `stride` bytes after the one
/// before (a single block has `count` 1 and `stride` 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlockRun {
    pub offset: u64,
    pub len: u64,
    pub stride: u64,
    pub count: u64,
}

impl BlockRun {
    /// The byte just past the run's last block.
    pub fn end(&self) -> u64 {
        self.offset + self.stride * (self.count - 1) + self.len
    }
}

/// A flattened filetype: its blocks in file order and the distance between tiles.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Filetype {
    pub extent: u64,
    pub runs: Vec<BlockRun>,
}

/// At most eight runs, then how many more: `{extent 1600: 100B@100+400x4}` is four blocks
/// of 100 bytes, 400 bytes apart, the first at 100.
impl std::fmt::Display for Filetype {
    fn fmt(&self, out: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(out, "{{extent {}:", self.extent)?;
        for r in self.runs.iter().take(8) {
            write!(out, " {}B@{}", r.len, r.offset)?;
            if r.count > 1 {
                write!(out, "+{}x{}", r.stride, r.count)?;
            }
        }
        if self.runs.len() > 8 {
            write!(out, " ... {} more runs", self.runs.len() - 8)?;
        }
        out.write_str("}")
    }
}

/// Most runs a filetype may have (the recorder's bound; a reader refuses more). A subarray
/// of a 3-D array takes one run per plane of the subarray; a filetype that needs more is
/// not recorded (its views are counted as of unknown shape).
pub const MAX_FILETYPE_RUNS: usize = 1 << 16;

impl Filetype {
    /// Data bytes in one tile.
    pub fn size(&self) -> u64 {
        self.runs.iter().map(|r| r.len * r.count).sum()
    }

    /// Whether readers can map bytes with it: at least one byte, blocks in file order
    /// without overlap, all inside one extent (so a file offset names one tile), no run
    /// of empty blocks, and no sum past u64.
    pub fn is_mappable(&self) -> bool {
        let mut end = 0u64;
        let mut size = 0u64;
        for r in &self.runs {
            let ok = r.len > 0
                && r.count > 0
                && (r.count == 1 || r.stride >= r.len)
                && r.offset >= end
                && r.stride.checked_mul(r.count - 1).is_some();
            let last = ok
                .then(|| r.offset.checked_add(r.stride * (r.count - 1))?.checked_add(r.len))
                .flatten();
            let bytes = r.len.checked_mul(r.count);
            match (last, bytes.and_then(|b| size.checked_add(b))) {
                (Some(l), Some(s)) => (end, size) = (l, s),
                _ => return false,
            }
        }
        size > 0 && end <= self.extent
    }
}

/// Blocks appended in file order, merged into as few runs as they allow: a block that
/// continues the last one lengthens it, a block at the last run's stride with its length
/// extends the run. Offsets are signed while a type is being built (a child's blocks may
/// sit before its origin); [`Runs::finish`] checks them.
#[derive(Clone, Debug, Default)]
pub struct Runs {
    runs: Vec<(i64, u64, u64, u64)>,
    /// Set once more than [`MAX_FILETYPE_RUNS`] runs or [`MAX_STEPS`] blocks were needed:
    /// the result is refused.
    pub too_many: bool,
    steps: u64,
}

/// Most blocks one [`Runs`] takes in (bounds the time a type of millions of tiny blocks
/// that merge into few runs takes to flatten).
pub const MAX_STEPS: u64 = 1 << 22;

impl Runs {
    pub fn new() -> Runs {
        Runs::default()
    }

    /// Runs so far.
    pub fn len(&self) -> usize {
        self.runs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }

    /// One block of `len` bytes at `offset`.
    pub fn block(&mut self, offset: i64, len: u64) {
        self.run(offset, len, 0, 1);
    }

    /// `count` blocks of `len` bytes at `offset + k * stride`.
    pub fn run(&mut self, offset: i64, len: u64, stride: u64, count: u64) {
        if len == 0 || count == 0 || self.too_many {
            return;
        }
        self.steps += 1;
        if self.steps > MAX_STEPS {
            self.too_many = true;
            self.runs.clear();
            return;
        }
        let (len, stride, count) = if count > 1 && stride == len {
            (len.saturating_mul(count), 0, 1)
        } else {
            (len, if count == 1 { 0 } else { stride }, count)
        };
        if let Some(last) = self.runs.last_mut() {
            let (o, l, s, c) = *last;
            let next = o.wrapping_add((s.wrapping_mul(c)) as i64);
            if c == 1 && count == 1 && o.wrapping_add(l as i64) == offset {
                last.1 = l.saturating_add(len);
                return;
            }
            if count == 1 && l == len && (c > 1 && next == offset) {
                last.3 += 1;
                return;
            }
            if c == 1 && count == 1 && l == len && offset > o {
                *last = (o, l, offset.wrapping_sub(o) as u64, 2);
                return;
            }
            if c > 1 && count > 1 && l == len && s == stride && next == offset {
                last.3 = c.saturating_add(count);
                return;
            }
        }
        if self.runs.len() == MAX_FILETYPE_RUNS {
            self.too_many = true;
            self.runs.clear();
            return;
        }
        self.runs.push((offset, len, stride, count));
    }

    /// The runs of `other` shifted by `shift`, `n` times, each `step` bytes after the
    /// previous: one run when `other` is one block or one run that the copies continue.
    pub fn repeat(&mut self, other: &Runs, n: u64, step: i64, shift: i64) {
        if other.too_many {
            self.too_many = true;
            return;
        }
        match other.runs[..] {
            [] => {}
            [(o, l, _, 1)] if step > 0 => self.run(o.wrapping_add(shift), l, step as u64, n),
            [(o, l, s, c)] if step > 0 && (s.wrapping_mul(c)) as i64 == step => {
                self.run(o.wrapping_add(shift), l, s, c.saturating_mul(n))
            }
            _ => {
                for k in 0..n as i64 {
                    let base = shift.wrapping_add(k.wrapping_mul(step));
                    for &(o, l, s, c) in &other.runs {
                        self.run(o.wrapping_add(base), l, s, c);
                    }
                    if self.too_many {
                        return;
                    }
                }
            }
        }
    }

    /// The finished filetype with this tile `extent`, or None when it has too many runs,
    /// a block before the tile's origin, or blocks out of file order.
    pub fn finish(self, extent: u64) -> Option<Filetype> {
        if self.too_many {
            return None;
        }
        let runs = self
            .runs
            .into_iter()
            .map(|(o, len, stride, count)| {
                let offset = u64::try_from(o).ok()?;
                Some(BlockRun {
                    offset,
                    len,
                    stride,
                    count,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        let f = Filetype { extent, runs };
        f.is_mappable().then_some(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(offset: u64, len: u64, stride: u64, count: u64) -> BlockRun {
        BlockRun {
            offset,
            len,
            stride,
            count,
        }
    }

    #[test]
    fn a_vector_is_one_run_and_adjacent_blocks_merge() {
        let mut r = Runs::new();
        for k in 0..4 {
            r.block(100 + 400 * k, 100);
        }
        assert_eq!(r.clone().finish(1600).unwrap().runs, [run(100, 100, 400, 4)]);
        let mut c = Runs::new();
        c.block(0, 8);
        c.block(8, 8);
        c.run(16, 4, 4, 4);
        assert_eq!(c.finish(32).unwrap().runs, [run(0, 32, 0, 1)]);
    }

    #[test]
    fn a_subarray_of_planes_is_one_run_per_plane() {
        // Rows of 16 bytes, 8 rows 64 bytes apart, 3 planes 1024 bytes apart.
        let mut row = Runs::new();
        row.block(0, 16);
        let mut plane = Runs::new();
        plane.repeat(&row, 8, 64, 32);
        let mut cube = Runs::new();
        cube.repeat(&plane, 3, 1024, 0);
        let f = cube.finish(4096).unwrap();
        assert_eq!(
            f.runs,
            [run(32, 16, 64, 8), run(1056, 16, 64, 8), run(2080, 16, 64, 8)]
        );
        assert_eq!(f.size(), 3 * 8 * 16);
    }

    #[test]
    fn unmappable_shapes_are_refused() {
        let mut neg = Runs::new();
        neg.block(-8, 8);
        assert!(neg.finish(8).is_none());
        let mut backwards = Runs::new();
        backwards.block(100, 10);
        backwards.block(0, 10);
        assert!(backwards.finish(200).is_none());
        let mut past = Runs::new();
        past.block(0, 10);
        assert!(past.finish(5).is_none());
        let mut many = Runs::new();
        for k in 0..=MAX_FILETYPE_RUNS as i64 {
            many.block(k * 10 + (k % 2), 1 + (k % 2) as u64);
        }
        assert!(many.too_many && many.finish(u64::MAX).is_none());
    }
}
