//! Consistency semantics: whether a conflicting pair of operations (overlapping bytes, at
//! least one write, two processes) is properly synchronised, so that the later one sees
//! (or does not disturb) what the earlier one did on a file system with those semantics.
//!
//! Each rule names a *release* point on the earlier operation's process (at or after it)
//! and an *acquire* point on the later one's (at or before it), and asks that the release
//! happen before the acquire ([`HappensBefore`]):
//! - POSIX: the earlier operation has ended when the later one starts (real time).
//! - MPI-IO (sync-barrier-sync): release = the first MPI_File_sync or close of the file
//!   after the earlier operation, acquire = the last sync or open of it before the later.
//! - commit: release = the first commit (fsync/MPI_File_sync or close) after a write (a
//!   read needs none: its end), acquire = the later operation itself.
//! - session: release = the first close after a write (a read: its end), acquire = the
//!   last open of the file before the later operation.
//!
//! Operations of one process are ordered by the program; a pair of reads never conflicts.

use super::order::HappensBefore;
use super::Access;
use hashbrown::HashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Semantics {
    Posix,
    MpiIo,
    Commit,
    Session,
}

impl Semantics {
    pub const ALL: [Semantics; 4] = [
        Semantics::Posix,
        Semantics::MpiIo,
        Semantics::Commit,
        Semantics::Session,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Semantics::Posix => "posix",
            Semantics::MpiIo => "mpi-io",
            Semantics::Commit => "commit",
            Semantics::Session => "session",
        }
    }

    pub fn parse(s: &str) -> Option<Semantics> {
        Semantics::ALL.into_iter().find(|m| m.name() == s)
    }
}

/// What a process did to a file besides reading and writing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointKind {
    Open,
    Close,
    /// fsync, fdatasync, MPI_File_sync ...
    Flush,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Point {
    pub t0: u64,
    pub t1: u64,
    pub kind: PointKind,
}

/// A file's opens, closes and flushes per process, each list in time order.
#[derive(Clone, Default, Debug)]
pub struct FilePoints {
    pub by_proc: HashMap<usize, Vec<Point>>,
}

impl FilePoints {
    pub fn sort(&mut self) {
        for v in self.by_proc.values_mut() {
            v.sort_unstable_by_key(|p| (p.t0, p.t1));
        }
    }

    /// The end of `proc`'s first point of `kinds` that starts at or after `t`.
    fn first_after(&self, proc: usize, t: u64, kinds: &[PointKind]) -> Option<u64> {
        let v = self.by_proc.get(&proc)?;
        let i = v.partition_point(|p| p.t0 < t);
        v[i..]
            .iter()
            .find(|p| kinds.contains(&p.kind))
            .map(|p| p.t1)
    }

    /// The start of `proc`'s last point of `kinds` that ends at or before `t`.
    fn last_before(&self, proc: usize, t: u64, kinds: &[PointKind]) -> Option<u64> {
        let v = self.by_proc.get(&proc)?;
        let i = v.partition_point(|p| p.t1 <= t);
        v[..i]
            .iter()
            .rev()
            .find(|p| kinds.contains(&p.kind))
            .map(|p| p.t0)
    }
}

/// Checks pairs under one semantics.
pub struct Verifier<'a> {
    pub semantics: Semantics,
    pub hb: &'a HappensBefore,
}

use PointKind::{Close, Flush, Open};

impl Verifier<'_> {
    /// Whether the pair (`a` began first) is not synchronised as the semantics require.
    pub fn violates(&self, file: &FilePoints, a: &Access, b: &Access) -> bool {
        if a.proc() == b.proc() || !(a.is_write() || b.is_write()) {
            return false;
        }
        if self.semantics == Semantics::Posix {
            return a.t1 > b.t0;
        }
        let release = match self.semantics {
            Semantics::MpiIo => file.first_after(a.proc(), a.t1, &[Flush, Close]),
            Semantics::Commit if a.is_write() => file.first_after(a.proc(), a.t1, &[Flush, Close]),
            Semantics::Session if a.is_write() => file.first_after(a.proc(), a.t1, &[Close]),
            _ => Some(a.t1),
        };
        let acquire = match self.semantics {
            Semantics::MpiIo => file.last_before(b.proc(), b.t0, &[Flush, Open]),
            Semantics::Session => file.last_before(b.proc(), b.t0, &[Open]),
            _ => Some(b.t0),
        };
        match (release, acquire) {
            (Some(r), Some(q)) => !self.hb.before(a.proc(), r, b.proc(), q),
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order::{Comms, HappensBefore, SyncCall};
    use io_model::mpi::SyncKind;

    fn point(t: u64, kind: PointKind) -> Point {
        Point {
            t0: t,
            t1: t + 1,
            kind,
        }
    }

    fn access(t0: u64, proc: usize, write: bool) -> Access {
        let mut a = Access::test(0, 10, t0, proc, write);
        a.t1 = t0 + 2;
        a
    }

    /// Rank 0 writes at 10, rank 1 reads at 100; a barrier at 50 (both).
    fn setup(p0: Vec<Point>, p1: Vec<Point>) -> (FilePoints, HappensBefore) {
        let mut comms = Comms::default();
        comms.id(&[0, 1]);
        let barrier = SyncCall {
            t0: 50,
            t1: 51,
            comm: 0,
            kind: SyncKind::AllToAll,
        };
        let slots = [(0, 0), (1, 1)].into_iter().collect();
        let hb = HappensBefore::new(&[vec![barrier], vec![barrier]], &comms, &slots);
        let mut f = FilePoints::default();
        f.by_proc.insert(0, p0);
        f.by_proc.insert(1, p1);
        f.sort();
        (f, hb)
    }

    fn verdicts(f: &FilePoints, hb: &HappensBefore) -> Vec<(&'static str, bool)> {
        let (w, r) = (access(10, 0, true), access(100, 1, false));
        Semantics::ALL
            .iter()
            .map(|&semantics| {
                let v = Verifier { semantics, hb };
                (semantics.name(), v.violates(f, &w, &r))
            })
            .collect()
    }

    #[test]
    fn sync_barrier_sync_satisfies_every_semantics_but_session() {
        let (f, hb) = setup(
            vec![point(0, Open), point(20, Flush), point(200, Close)],
            vec![point(0, Open), point(60, Flush), point(200, Close)],
        );
        let want = [
            ("posix", false),
            ("mpi-io", false),
            ("commit", false),
            ("session", true),
        ];
        assert_eq!(verdicts(&f, &hb), want);
    }

    #[test]
    fn without_the_syncs_only_posix_holds() {
        let (f, hb) = setup(
            vec![point(0, Open), point(200, Close)],
            vec![point(0, Open), point(200, Close)],
        );
        let want = [
            ("posix", false),
            ("mpi-io", true),
            ("commit", true),
            ("session", true),
        ];
        assert_eq!(verdicts(&f, &hb), want);
    }

    #[test]
    fn close_barrier_open_satisfies_session() {
        let (f, hb) = setup(
            vec![point(0, Open), point(30, Close)],
            vec![point(70, Open), point(200, Close)],
        );
        let want = [
            ("posix", false),
            ("mpi-io", false),
            ("commit", false),
            ("session", false),
        ];
        assert_eq!(verdicts(&f, &hb), want);
    }
}
