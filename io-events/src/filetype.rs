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

/// A flattened filetype: its blocks in file order and the distance between tiles. Tile
/// `i` of a view at displacement `disp` covers `disp + lb + i * extent` and the `extent`
/// bytes from there; its blocks are at `disp + i * extent + offset` (MPI's lower bound:
/// a filetype may start after its origin, PnetCDF's do).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Filetype {
    pub lb: u64,
    pub extent: u64,
    pub runs: Vec<BlockRun>,
}

impl Filetype {
    /// The file's byte ranges of `bytes` data bytes through a view of this filetype at
    /// displacement `disp`, the first at the absolute offset `first` (where MPI puts the
    /// etype the transfer starts at: a byte of a block), in file order, adjacent ranges
    /// merged. An offset before `disp` (no view puts data there) gives the contiguous range.
    pub fn extents(&self, disp: u64, first: u64, bytes: u64) -> Extents<'_> {
        let mut e = Extents {
            ft: self,
            tile: 0,
            run: 0,
            k: 0,
            within: 0,
            left: bytes,
            fallback: None,
        };
        if first < disp || bytes == 0 {
            e.fallback = (bytes > 0).then_some((first, bytes));
            e.left = 0;
            return e;
        }
        let Some((tile, r)) = self.tile_of(first - disp) else {
            e.fallback = Some((first, bytes));
            e.left = 0;
            return e;
        };
        e.tile = disp + tile * self.extent;
        e.run = self.runs.partition_point(|run| run.end() <= r);
        if let Some(run) = self.runs.get(e.run) {
            if r > run.offset {
                let k = match run.stride {
                    0 => 0,
                    s => ((r - run.offset) / s).min(run.count - 1),
                };
                let within = r - run.offset - k * run.stride;
                (e.k, e.within) = if within < run.len {
                    (k, within)
                } else {
                    (k + 1, 0)
                };
            }
        } else {
            e.next_tile();
        }
        e
    }
}

impl Filetype {
    /// The tile holding the byte `rel` bytes after the view's displacement, and where in
    /// the tile it is (from the tile's origin, as block offsets are); None before the
    /// first tile.
    fn tile_of(&self, rel: u64) -> Option<(u64, u64)> {
        let from_lb = rel.checked_sub(self.lb)?;
        Some((from_lb / self.extent, self.lb + from_lb % self.extent))
    }

    /// Where the absolute file offset `abs` is in the data of a view of this filetype at
    /// displacement `disp`: the bytes of the view before it (an offset in a hole is where
    /// the next block starts). None before `disp`. What an MPI program passes as an offset
    /// in bytes-sized etypes to reach that byte through the view.
    pub fn data_offset(&self, disp: u64, abs: u64) -> Option<u64> {
        let (tile, r) = self.tile_of(abs.checked_sub(disp)?)?;
        let mut before = 0;
        for run in &self.runs {
            if run.end() <= r {
                before += run.len * run.count;
                continue;
            }
            if r > run.offset {
                let k = match run.stride {
                    0 => 0,
                    s => ((r - run.offset) / s).min(run.count - 1),
                };
                before += k * run.len + (r - run.offset - k * run.stride).min(run.len);
            }
            break;
        }
        Some(tile * self.size() + before)
    }
}

/// The byte ranges of a transfer through a view: [`Filetype::extents`].
pub struct Extents<'a> {
    ft: &'a Filetype,
    /// File offset of the current tile's origin.
    tile: u64,
    run: usize,
    /// Block of the current run, and bytes of it already passed.
    k: u64,
    within: u64,
    /// Data bytes not yet placed.
    left: u64,
    fallback: Option<(u64, u64)>,
}

impl Extents<'_> {
    fn next_tile(&mut self) {
        self.tile = self.tile.saturating_add(self.ft.extent);
        (self.run, self.k, self.within) = (0, 0, 0);
    }

    /// The next piece of one block, not merged.
    fn piece(&mut self) -> Option<(u64, u64)> {
        if self.left == 0 {
            return None;
        }
        let run = self.ft.runs[self.run];
        let start = self.tile + run.offset + self.k * run.stride + self.within;
        let len = (run.len - self.within).min(self.left);
        self.left -= len;
        self.within += len;
        if self.within == run.len {
            (self.k, self.within) = (self.k + 1, 0);
            if self.k == run.count {
                (self.run, self.k) = (self.run + 1, 0);
                if self.run == self.ft.runs.len() {
                    self.next_tile();
                }
            }
        }
        Some((start, len))
    }
}

impl Iterator for Extents<'_> {
    type Item = (u64, u64);

    fn next(&mut self) -> Option<(u64, u64)> {
        if let Some(f) = self.fallback.take() {
            return Some(f);
        }
        let (start, mut len) = self.piece()?;
        // Blocks that touch (a tile ending where the next begins) make one range.
        while self.left > 0 {
            let run = self.ft.runs[self.run];
            let next = self.tile + run.offset + self.k * run.stride + self.within;
            if next != start + len {
                break;
            }
            len += self.piece().map_or(0, |p| p.1);
        }
        Some((start, len))
    }
}

/// At most eight runs, then how many more: `{extent 1600: 100B@100+400x4}` is four blocks
/// of 100 bytes, 400 bytes apart, the first at 100.
impl std::fmt::Display for Filetype {
    fn fmt(&self, out: &mut std::fmt::Formatter) -> std::fmt::Result {
        if self.lb > 0 {
            write!(out, "{{lb {} extent {}:", self.lb, self.extent)?;
        } else {
            write!(out, "{{extent {}:", self.extent)?;
        }
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
        let mut end = self.lb;
        let mut size = 0u64;
        for r in &self.runs {
            let ok = r.len > 0
                && r.count > 0
                && (r.count == 1 || r.stride >= r.len)
                && r.offset >= end
                && r.stride.checked_mul(r.count - 1).is_some();
            let last = ok
                .then(|| {
                    r.offset
                        .checked_add(r.stride * (r.count - 1))?
                        .checked_add(r.len)
                })
                .flatten();
            let bytes = r.len.checked_mul(r.count);
            match (last, bytes.and_then(|b| size.checked_add(b))) {
                (Some(l), Some(s)) => (end, size) = (l, s),
                _ => return false,
            }
        }
        size > 0 && self.lb.checked_add(self.extent).is_some_and(|ub| end <= ub)
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

    /// The finished filetype with this lower bound and tile `extent`, or None when it has
    /// too many runs,
    /// a block before the tile's origin, or blocks out of file order.
    pub fn finish(self, lb: u64, extent: u64) -> Option<Filetype> {
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
        let f = Filetype { lb, extent, runs };
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
        assert_eq!(
            r.clone().finish(0, 1600).unwrap().runs,
            [run(100, 100, 400, 4)]
        );
        let mut c = Runs::new();
        c.block(0, 8);
        c.block(8, 8);
        c.run(16, 4, 4, 4);
        assert_eq!(c.finish(0, 32).unwrap().runs, [run(0, 32, 0, 1)]);
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
        let f = cube.finish(0, 4096).unwrap();
        assert_eq!(
            f.runs,
            [
                run(32, 16, 64, 8),
                run(1056, 16, 64, 8),
                run(2080, 16, 64, 8)
            ]
        );
        assert_eq!(f.size(), 3 * 8 * 16);
    }

    #[test]
    fn extents_follow_the_blocks_tile_after_tile() {
        // The vector: 4 blocks of 100 bytes, 400 apart; rank 1 of 4 at disp 100.
        let v = Filetype {
            lb: 0,
            extent: 1600,
            runs: vec![run(0, 100, 400, 4)],
        };
        let got: Vec<_> = v.extents(100, 100, 400).collect();
        assert_eq!(got, [(100, 100), (500, 100), (900, 100), (1300, 100)]);
        // From the middle of the second block, across a tile boundary.
        let got: Vec<_> = v.extents(100, 550, 400).collect();
        assert_eq!(
            got,
            [(550, 50), (900, 100), (1300, 100), (1700, 100), (2100, 50)]
        );
        // A last block that ends at the extent continues into the next tile's first.
        let end = Filetype {
            lb: 0,
            extent: 200,
            runs: vec![run(0, 50, 0, 1), run(150, 50, 0, 1)],
        };
        let got: Vec<_> = end.extents(0, 160, 140).collect();
        assert_eq!(got, [(160, 90), (350, 50)]);
        // An offset in a hole starts at the next block; one before the view is contiguous.
        assert_eq!(end.extents(0, 60, 10).collect::<Vec<_>>(), [(150, 10)]);
        assert_eq!(end.extents(1000, 10, 7).collect::<Vec<_>>(), [(10, 7)]);
        assert_eq!(end.extents(0, 0, 0).count(), 0);
        // A lower bound: tiles of 100 bytes from 40, one 20-byte block at 60 in each.
        let lb = Filetype {
            lb: 40,
            extent: 100,
            runs: vec![run(60, 20, 0, 1)],
        };
        assert!(lb.is_mappable());
        let got: Vec<_> = lb.extents(1000, 1060, 50).collect();
        assert_eq!(got, [(1060, 20), (1160, 20), (1260, 10)]);
        assert_eq!(lb.data_offset(1000, 1165), Some(25));
        assert_eq!(lb.extents(1000, 1020, 5).collect::<Vec<_>>(), [(1020, 5)]);
        assert!(!Filetype { lb: 70, ..lb }.is_mappable());
    }

    #[test]
    fn data_offsets_invert_the_extents() {
        let v = Filetype {
            lb: 0,
            extent: 1600,
            runs: vec![run(0, 100, 400, 4)],
        };
        assert_eq!(v.data_offset(100, 100), Some(0));
        assert_eq!(v.data_offset(100, 550), Some(150));
        assert_eq!(v.data_offset(100, 1700), Some(400));
        assert_eq!(v.data_offset(100, 300), Some(100)); // a hole: the next block
        assert_eq!(v.data_offset(100, 50), None);
        for first in [100, 150, 520, 1350, 1700, 2500] {
            let d = v.data_offset(100, first).unwrap();
            let start = v.extents(100, first, 1).next().unwrap().0;
            assert_eq!(v.data_offset(100, start), Some(d), "{first}");
        }
    }

    #[test]
    fn unmappable_shapes_are_refused() {
        let mut neg = Runs::new();
        neg.block(-8, 8);
        assert!(neg.finish(0, 8).is_none());
        let mut backwards = Runs::new();
        backwards.block(100, 10);
        backwards.block(0, 10);
        assert!(backwards.finish(0, 200).is_none());
        let mut past = Runs::new();
        past.block(0, 10);
        assert!(past.finish(0, 5).is_none());
        let mut many = Runs::new();
        for k in 0..=MAX_FILETYPE_RUNS as i64 {
            many.block(k * 10 + (k % 2), 1 + (k % 2) as u64);
        }
        assert!(many.too_many && many.finish(0, u64::MAX).is_none());
    }
}
