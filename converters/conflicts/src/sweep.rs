//! The overlapping pairs of one file: its accesses arrive sorted by start offset (in memory
//! or merged from runs) and are swept in that order keeping the accesses whose range is
//! still open (a min-heap by end offset).
//! Every access overlaps exactly the open ones when it arrives, so the cost is
//! O(N log N) plus one step per pair found; the enumeration stops at a cap.

use super::spill::sort_key;
use super::{pair_layer, Access};
use hashbrown::HashMap;
use io_events::functions::Layer;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The kind of a pair, by the mode of the earlier operation then the later one's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Read after write.
    Raw,
    /// Write after write.
    Waw,
    /// Write after read.
    War,
    /// Read after read.
    Rar,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Raw, Kind::Waw, Kind::War, Kind::Rar];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Raw => "RAW",
            Kind::Waw => "WAW",
            Kind::War => "WAR",
            Kind::Rar => "RAR",
        }
    }

    pub fn of(earlier: &Access, later: &Access) -> Kind {
        match (earlier.is_write(), later.is_write()) {
            (true, false) => Kind::Raw,
            (true, true) => Kind::Waw,
            (false, true) => Kind::War,
            (false, false) => Kind::Rar,
        }
    }
}

/// The pairs of one kind between one ordered pair of processes.
#[derive(Clone, Debug)]
pub struct Group {
    /// The layer its pairs are reported at ([`pair_layer`]).
    pub layer: Layer,
    pub kind: Kind,
    /// Trace indices of the process of the earlier and of the later operation.
    pub earlier: usize,
    pub later: usize,
    pub count: u64,
    /// Overlapping bytes summed over the pairs (over every overlapping range of a pair of
    /// operations through MPI file views with holes), and the extent of those overlaps.
    pub bytes: u64,
    pub lo: u64,
    pub hi: u64,
    /// The first pair the sweep found, (earlier, later): kept without details too, as the
    /// group's example. An operation through a view with holes shows the first of its
    /// ranges that overlaps the other operation.
    pub first: (Access, Access),
    /// With details: every pair, as `first`.
    pub pairs: Vec<(Access, Access)>,
    /// Pairs not synchronised as the semantics checked asks.
    pub violations: u64,
}

/// A file's overlapping pairs.
#[derive(Clone, Debug, Default)]
pub struct FilePairs {
    /// By kind, then earlier and later process.
    pub groups: Vec<Group>,
    pub total: u64,
    /// Whether the sweep stopped at the cap with pairs left: counts are lower bounds.
    pub capped: bool,
    /// Under a semantics: the pairs that violate it, and the first [`LISTED`] of them
    /// (earlier, later) in sweep order.
    pub violations: u64,
    pub violating: Vec<(Access, Access)>,
    /// Accesses swept.
    pub accesses: u64,
}

impl FilePairs {
    /// Take out the pairs reported at `layer`, with that layer's `accesses` (the cap is the
    /// file's, over all its layers).
    pub fn take_layer(&mut self, layer: Layer, accesses: u64) -> FilePairs {
        let (groups, rest): (Vec<Group>, _) = std::mem::take(&mut self.groups)
            .into_iter()
            .partition(|g| g.layer == layer);
        self.groups = rest;
        let (violating, rest) = std::mem::take(&mut self.violating)
            .into_iter()
            .partition(|(a, b)| pair_layer(a, b) == layer);
        self.violating = rest;
        FilePairs {
            total: groups.iter().map(|g| g.count).sum(),
            violations: groups.iter().map(|g| g.violations).sum(),
            groups,
            capped: self.capped,
            violating,
            accesses,
        }
    }
}

/// Violations listed per file (all are counted).
pub const LISTED: usize = 100;

/// Whether a pair (earlier, later) violates the semantics checked.
pub type Check<'a> = &'a dyn Fn(&Access, &Access) -> bool;

/// An access still open in the sweep, with its position in sweep order.
#[derive(Clone, Copy)]
struct Open {
    a: Access,
    seq: u64,
}

/// Which of two overlapping accesses began first (ties: process, then operation, then sweep
/// order: the ranges of two operations through views come in the same order every time).
fn time_order<'a>(x: &'a Open, y: &'a Open) -> (&'a Access, &'a Access) {
    let key = |o: &Open| (o.a.t0, o.a.proc(), o.a.op_number(), o.seq);
    if key(x) <= key(y) {
        (&x.a, &y.a)
    } else {
        (&y.a, &x.a)
    }
}

/// Two operations by (process, operation number): earlier, later.
type OpPair = (usize, u32, usize, u32);

/// What an overlap of two accesses is to the report.
enum Overlap {
    /// Two ranges of the same operation: no pair.
    SameOp,
    /// Another range of a pair of operations already counted: its bytes only.
    Again,
    /// A pair of operations not seen yet.
    New,
}

struct Groups<'a> {
    by_key: HashMap<(Layer, Kind, usize, usize), Group>,
    /// The pairs counted in which an operation has several ranges (through an MPI view
    /// with holes): its other ranges overlapping the same operation add bytes, no pair.
    op_pairs: hashbrown::HashSet<OpPair>,
    details: bool,
    check: Option<Check<'a>>,
    violations: u64,
    violating: Vec<(Access, Access)>,
}

impl Groups<'_> {
    /// Whether an overlap is a new pair of operations (recorded as seen when it is).
    fn overlap(&mut self, x: &Open, y: &Open) -> Overlap {
        let (a, b) = time_order(x, y);
        if !a.is_extent() && !b.is_extent() {
            return Overlap::New;
        }
        if a.proc() == b.proc() && a.op_number() == b.op_number() {
            return Overlap::SameOp;
        }
        let key = (a.proc(), a.op_number(), b.proc(), b.op_number());
        if self.op_pairs.insert(key) {
            Overlap::New
        } else {
            Overlap::Again
        }
    }

    /// Add the overlapping bytes of another range of a pair already counted.
    fn add_bytes(&mut self, x: &Open, y: &Open) {
        let (a, b) = time_order(x, y);
        let (lo, hi) = (a.start.max(b.start), a.end.min(b.end));
        let key = (pair_layer(a, b), Kind::of(a, b), a.proc(), b.proc());
        if let Some(g) = self.by_key.get_mut(&key) {
            g.bytes += hi - lo;
            g.lo = g.lo.min(lo);
            g.hi = g.hi.max(hi);
        }
    }

    fn add(&mut self, x: &Open, y: &Open) {
        let (a, b) = time_order(x, y);
        let kind = Kind::of(a, b);
        let (lo, hi) = (a.start.max(b.start), a.end.min(b.end));
        let layer = pair_layer(a, b);
        let g = self
            .by_key
            .entry((layer, kind, a.proc(), b.proc()))
            .or_insert_with(|| Group {
                layer,
                kind,
                earlier: a.proc(),
                later: b.proc(),
                count: 0,
                bytes: 0,
                lo,
                hi,
                first: (*a, *b),
                pairs: Vec::new(),
                violations: 0,
            });
        g.count += 1;
        g.bytes += hi - lo;
        g.lo = g.lo.min(lo);
        g.hi = g.hi.max(hi);
        if self.details {
            g.pairs.push((*a, *b));
        }
        if self.check.is_some_and(|c| c(a, b)) {
            g.violations += 1;
            self.violations += 1;
            if self.violating.len() < LISTED {
                self.violating.push((*a, *b));
            }
        }
    }
}

/// The overlapping pairs of a file whose accesses come in sweep order ([`sort_key`]), at
/// most `max_pairs`.
pub fn sweep(
    accesses: impl Iterator<Item = Access>,
    max_pairs: u64,
    details: bool,
    check: Option<Check>,
) -> FilePairs {
    let mut groups = Groups {
        by_key: HashMap::new(),
        op_pairs: hashbrown::HashSet::new(),
        details,
        check,
        violations: 0,
        violating: Vec::new(),
    };
    // The open accesses in slots (reused), and a min-heap of (end, slot).
    let mut slots: Vec<Open> = Vec::new();
    let mut free: Vec<usize> = Vec::new();
    let mut open: BinaryHeap<Reverse<(u64, usize)>> = BinaryHeap::new();
    let (mut total, mut capped, mut seq) = (0u64, false, 0u64);
    'sweep: for a in accesses {
        // A signal stops the sweep (the caller then fails with it): a big file's sweep
        // takes seconds.
        if seq % 4096 == 0 && io_model::interrupt::received().is_some() {
            break;
        }
        let next = Open { a, seq };
        seq += 1;
        while let Some(&Reverse((end, slot))) = open.peek() {
            if end > a.start {
                break;
            }
            open.pop();
            free.push(slot);
        }
        for &Reverse((_, j)) in open.iter() {
            match groups.overlap(&slots[j], &next) {
                Overlap::SameOp => continue,
                Overlap::Again => {
                    groups.add_bytes(&slots[j], &next);
                    continue;
                }
                Overlap::New => {}
            }
            if total == max_pairs {
                capped = true;
                break 'sweep;
            }
            if total & 0xffff == 0xffff && io_model::interrupt::received().is_some() {
                break 'sweep;
            }
            groups.add(&slots[j], &next);
            total += 1;
        }
        let slot = match free.pop() {
            Some(i) => {
                slots[i] = next;
                i
            }
            None => {
                slots.push(next);
                slots.len() - 1
            }
        };
        open.push(Reverse((a.end, slot)));
    }
    let (violations, violating) = (groups.violations, groups.violating);
    let mut groups: Vec<Group> = groups.by_key.into_values().collect();
    groups.sort_by_key(|g| (g.kind, g.earlier, g.later));
    for g in &mut groups {
        g.pairs
            .sort_unstable_by_key(|(a, b)| (sort_key(a), sort_key(b)));
    }
    FilePairs {
        groups,
        total,
        capped,
        violations,
        violating,
        accesses: seq,
    }
}

/// [`sweep`] over accesses in memory, sorted here.
#[cfg(test)]
pub fn sweep_file(
    acc: &mut [Access],
    max_pairs: u64,
    details: bool,
    check: Option<Check>,
) -> FilePairs {
    acc.sort_unstable_by_key(sort_key);
    sweep(acc.iter().copied(), max_pairs, details, check)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn access(start: u64, end: u64, t0: u64, proc: usize, write: bool) -> Access {
        Access::test(start, end, t0, proc, write)
    }

    fn summary(p: &FilePairs) -> Vec<(Kind, usize, usize, u64, u64, u64, u64)> {
        p.groups
            .iter()
            .map(|g| (g.kind, g.earlier, g.later, g.count, g.bytes, g.lo, g.hi))
            .collect()
    }

    #[test]
    fn disjoint_and_touching_ranges_do_not_overlap() {
        let mut v: Vec<Access> = (0..100)
            .rev()
            .map(|i| access(i * 10, i * 10 + 10, i, (i % 4) as usize, true))
            .collect();
        let p = sweep_file(&mut v, 1000, true, None);
        assert_eq!((p.total, p.capped), (0, false));
        assert!(p.groups.is_empty());
        assert!(v.windows(2).all(|w| w[0].start < w[1].start));
    }

    #[test]
    fn kinds_follow_time_order_not_offset_order() {
        // Rank 1 reads [50, 150) at t=20 after rank 0 wrote [0, 100) at t=10: RAW (0, 1);
        // rank 2 writes [90, 95) at t=5, before both: WAW (2, 0) and RAW (2, 1).
        let mut v = vec![
            access(50, 150, 20, 1, false),
            access(0, 100, 10, 0, true),
            access(90, 95, 5, 2, true),
        ];
        let p = sweep_file(&mut v, 1000, true, None);
        assert_eq!(
            summary(&p),
            vec![
                (Kind::Raw, 0, 1, 1, 50, 50, 100),
                (Kind::Raw, 2, 1, 1, 5, 90, 95),
                (Kind::Waw, 2, 0, 1, 5, 90, 95),
            ]
        );
        let raw01 = &p.groups[0].pairs;
        assert_eq!(raw01.len(), 1);
        assert_eq!(p.groups[0].first, raw01[0]);
        assert_eq!((raw01[0].0.t0, raw01[0].1.t0), (10, 20));
    }

    #[test]
    fn same_process_and_reads() {
        let mut v = vec![
            access(0, 10, 1, 3, false),
            access(0, 10, 2, 3, false),
            access(5, 15, 3, 3, true),
        ];
        let p = sweep_file(&mut v, 1000, false, None);
        assert_eq!(
            summary(&p),
            vec![
                (Kind::War, 3, 3, 2, 10, 5, 10),
                (Kind::Rar, 3, 3, 1, 10, 0, 10),
            ]
        );
        assert!(p.groups.iter().all(|g| g.pairs.is_empty()));
        // Without details the first pair is kept: the WAR group's first is (read, write).
        let (e, l) = p.groups[0].first;
        assert_eq!((e.is_write(), l.is_write()), (false, true));
    }

    #[test]
    fn a_pair_of_two_layers_is_reported_once_at_the_outer() {
        // Rank 0 fwrites [0, 100) (ISO C), rank 1 reads [50, 60) with read(2) (POSIX), rank
        // 2 reads [0, 10) with fread: two RAW pairs, both at ISO C; a POSIX RAR (1, 1) of
        // rank 1's two reads stays at POSIX.
        let mut v = vec![
            access(0, 100, 1, 0, true).at_layer(Layer::Isoc),
            access(50, 60, 2, 1, false),
            access(55, 56, 3, 1, false),
            access(0, 10, 4, 2, false).at_layer(Layer::Isoc),
        ];
        let mut p = sweep_file(&mut v, 1000, false, None);
        assert_eq!(p.total, 4);
        let isoc = p.take_layer(Layer::Isoc, 2);
        let posix = p.take_layer(Layer::Posix, 2);
        assert_eq!(
            summary(&isoc),
            vec![
                (Kind::Raw, 0, 1, 2, 11, 50, 60),
                (Kind::Raw, 0, 2, 1, 10, 0, 10)
            ]
        );
        assert_eq!((isoc.total, isoc.accesses), (3, 2));
        assert_eq!(summary(&posix), vec![(Kind::Rar, 1, 1, 1, 1, 55, 56)]);
        assert_eq!(posix.total, 1);
        assert!(p.groups.is_empty());
    }

    #[test]
    fn the_cap_stops_the_enumeration_and_says_so() {
        // 10 identical writes: 45 pairs.
        let mut v: Vec<Access> = (0..10).map(|i| access(0, 8, i, 0, true)).collect();
        let p = sweep_file(&mut v.clone(), 45, false, None);
        assert_eq!((p.total, p.capped), (45, false));
        let p = sweep_file(&mut v, 7, false, None);
        assert_eq!((p.total, p.capped), (7, true));
        assert_eq!(summary(&p), vec![(Kind::Waw, 0, 0, 7, 56, 0, 8)]);
    }

    #[test]
    fn two_operations_through_views_are_one_pair_with_their_bytes_summed() {
        // Rank 0 writes {0-100, 200-300, 400-500} (one operation), rank 1 then reads
        // {50-250, 450-460} (one operation): one RAW pair of 50 + 50 + 10 bytes; the
        // ranges of one operation never pair with each other. Rank 2 writes [0, 1000) in
        // one range after both: one WAW (0, 2) and one WAR (1, 2).
        let w = |s, e| access(s, e, 1, 0, true).extent_of(7);
        let r = |s, e| access(s, e, 2, 1, false).extent_of(7);
        let mut v = vec![w(0, 100), w(200, 300), w(400, 500), r(50, 250), r(450, 460)];
        v.push(access(0, 1000, 3, 2, true));
        let p = sweep_file(&mut v, 1000, true, None);
        assert_eq!(
            summary(&p),
            vec![
                (Kind::Raw, 0, 1, 1, 110, 50, 460),
                (Kind::Waw, 0, 2, 1, 300, 0, 500),
                (Kind::War, 1, 2, 1, 210, 50, 460),
            ]
        );
        assert_eq!((p.total, p.accesses), (3, 6));
        assert!(p.groups.iter().all(|g| g.pairs.len() == 1));
        // The cap counts pairs of operations, not of ranges.
        let p = sweep_file(&mut v, 3, false, None);
        assert_eq!((p.total, p.capped), (3, false));
    }
}
