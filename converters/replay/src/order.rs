//! The order between processes that a replay must keep and that its steps do not say: in the
//! original, a process that opened a file another process created, or read bytes another
//! wrote, did so after that call had ended (aligned clocks). Barriers traced at the `mpi`
//! layer keep much of it, but the default layers do not trace them, and programs also order
//! themselves by messages, files or sleeps; without this a replayed rank opens a file before
//! the rank that creates it has run, and fails.
//!
//! Only calls that are the outermost of their stack at the POSIX or ISO C layer take part,
//! as source and as destination: each is a step of its own in every replay, so a wait
//! never sits before or inside a collective another rank must join. Every wait points
//! forward in the original's time (its source began before its destination), as do the
//! barriers replayed, so together they cannot deadlock. An extrapolated trace's times are
//! estimates: no wait is derived from them.

use std::collections::{BTreeMap, HashMap};

/// Process `dst` must not begin its step at `at` (original aligned ns) before process `src`
/// has done every step that began at or before `after`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Wait {
    pub dst: u32,
    pub at: u64,
    pub src: u32,
    pub after: u64,
}

impl Wait {
    /// As four numbers (sent to the ranks) and back.
    pub fn to_array(self) -> [u64; 4] {
        [self.dst as u64, self.at, self.src as u64, self.after]
    }
    pub fn from_array(a: &[u64]) -> Wait {
        Wait {
            dst: a[0] as u32,
            at: a[1],
            src: a[2] as u32,
            after: a[3],
        }
    }
}

/// A byte range a process moved: in the call (outermost, POSIX or ISO C) that began at
/// `step`; the transfer itself ended at `end`. `at_offset`: at the descriptor's offset (read,
/// write, readv, writev), which a forked process shares with its parent.
#[derive(Clone, Debug)]
pub struct Access {
    pub proc: u32,
    /// The file (any number naming it the same in every process).
    pub file: u32,
    pub write: bool,
    pub at_offset: bool,
    pub start: u64,
    pub len: u64,
    pub step: u64,
    pub end: u64,
}

/// A path a process named in an outermost call (`creates`: an open with O_CREAT, creat).
#[derive(Clone, Debug)]
pub struct PathUse {
    pub proc: u32,
    pub path: String,
    pub creates: bool,
    pub t0: u64,
    pub t1: u64,
}

/// The waits: a path named after another process's first creation of it ended; bytes read
/// after another process's write of them ended (the last writer of each byte); a transfer
/// at a descriptor's offset after those of the other processes of its fork family
/// (`family[proc]`: the process no process of the trace forked it descends from) on the
/// same file ended, as a descriptor they inherited shares its offset. Reduced per
/// (src, dst): a wait implied by an earlier one of the same pair is dropped, so the pair's
/// waits are in the same order at both ends.
pub fn waits(paths: &[PathUse], accesses: &[Access], family: &[u32]) -> Vec<Wait> {
    let mut all = creation_waits(paths);
    all.extend(data_waits(accesses));
    all.extend(offset_waits(accesses, family));
    reduce(all)
}

fn creation_waits(paths: &[PathUse]) -> Vec<Wait> {
    let mut first: HashMap<&str, &PathUse> = HashMap::new();
    for u in paths.iter().filter(|u| u.creates) {
        let e = first.entry(&u.path).or_insert(u);
        if u.t0 < e.t0 {
            *e = u;
        }
    }
    paths
        .iter()
        .filter_map(|u| {
            let c = first.get(u.path.as_str())?;
            (c.proc != u.proc && c.t1 < u.t0).then_some(Wait {
                dst: u.proc,
                at: u.t0,
                src: c.proc,
                after: c.t0,
            })
        })
        .collect()
}

/// Who last wrote each byte of a file: start -> (end, process, step of the write).
#[derive(Default)]
struct LastWriter(BTreeMap<u64, (u64, u32, u64)>);

impl LastWriter {
    /// The ranges overlapping [start, end), in order.
    fn overlapping(
        &self,
        start: u64,
        end: u64,
    ) -> impl Iterator<Item = (u64, (u64, u32, u64))> + '_ {
        // A range beginning before `start` may reach into it: begin at the last such one.
        let from = self
            .0
            .range(..=start)
            .next_back()
            .map_or(start, |(&s, _)| s);
        self.0
            .range(from..end)
            .map(|(&s, &v)| (s, v))
            .filter(move |&(_, (e, _, _))| e > start)
    }

    fn write(&mut self, start: u64, end: u64, proc: u32, step: u64) {
        let hit: Vec<_> = self.overlapping(start, end).collect();
        for (s, (e, p, t)) in hit {
            self.0.remove(&s);
            if s < start {
                self.0.insert(s, (start, p, t));
            }
            if e > end {
                self.0.insert(end, (e, p, t));
            }
        }
        self.0.insert(start, (end, proc, step));
    }
}

fn data_waits(accesses: &[Access]) -> Vec<Wait> {
    // A write counts from its end, a read at the start of its step; at equal times the
    // read first (the write had not ended before it began).
    let mut events: Vec<(u64, bool, &Access)> = accesses
        .iter()
        .filter(|a| a.len > 0)
        .map(|a| {
            if a.write {
                (a.end, true, a)
            } else {
                (a.step, false, a)
            }
        })
        .collect();
    events.sort_by_key(|&(t, write, a)| (t, write, a.proc));
    let mut files: HashMap<u32, LastWriter> = HashMap::new();
    let mut out = Vec::new();
    for (_, write, a) in events {
        let lw = files.entry(a.file).or_default();
        let end = a.start.saturating_add(a.len);
        if write {
            lw.write(a.start, end, a.proc, a.step);
            continue;
        }
        let mut from: BTreeMap<u32, u64> = BTreeMap::new();
        for (_, (_, p, step)) in lw.overlapping(a.start, end) {
            if p != a.proc {
                let e = from.entry(p).or_default();
                *e = (*e).max(step);
            }
        }
        out.extend(from.into_iter().map(|(src, after)| Wait {
            dst: a.proc,
            at: a.step,
            src,
            after,
        }));
    }
    out
}

fn offset_waits(accesses: &[Access], family: &[u32]) -> Vec<Wait> {
    let mut out = offset_waits_by_time(accesses, family);
    out.extend(offset_waits_by_place(accesses, family));
    out
}

/// Transfers at a shared offset that overlapped in time took their places in some order:
/// where the places are known, next to each other in a file, the one at the higher place
/// came second (only when it also began second: every wait points forward in time).
fn offset_waits_by_place(accesses: &[Access], family: &[u32]) -> Vec<Wait> {
    let fam = |a: &Access| family.get(a.proc as usize).copied().unwrap_or(a.proc);
    let mut placed: Vec<&Access> = accesses
        .iter()
        .filter(|a| a.at_offset && a.len > 0)
        .collect();
    placed.sort_by_key(|a| (fam(a), a.file, a.start, a.step));
    placed
        .windows(2)
        .filter(|w| {
            let (a, b) = (w[0], w[1]);
            fam(a) == fam(b) && a.file == b.file && a.proc != b.proc && a.step < b.step
        })
        .map(|w| Wait {
            dst: w[1].proc,
            at: w[1].step,
            src: w[0].proc,
            after: w[0].step,
        })
        .collect()
}

/// A transfer at a shared offset after those of the others that had ended before it began.
fn offset_waits_by_time(accesses: &[Access], family: &[u32]) -> Vec<Wait> {
    // Begins before ends at equal times: a transfer still going on orders nothing.
    let mut events: Vec<(u64, bool, &Access)> = accesses
        .iter()
        .filter(|a| a.at_offset)
        .flat_map(|a| [(a.step, false, a), (a.end, true, a)])
        .collect();
    events.sort_by_key(|&(t, ended, a)| (t, ended, a.proc));
    // Per (family, file): per process, the begin of its last transfer that has ended.
    let mut last: HashMap<(u32, u32), BTreeMap<u32, u64>> = HashMap::new();
    let mut out = Vec::new();
    for (_, ended, a) in events {
        let fam = family.get(a.proc as usize).copied().unwrap_or(a.proc);
        let done = last.entry((fam, a.file)).or_default();
        if ended {
            done.insert(a.proc, a.step);
            continue;
        }
        out.extend(
            done.iter()
                .filter(|&(&p, _)| p != a.proc)
                .map(|(&src, &after)| Wait {
                    dst: a.proc,
                    at: a.step,
                    src,
                    after,
                }),
        );
    }
    out
}

/// Per (src, dst) in the order of `at`: only the waits that ask for more of `src` than the
/// ones before them.
fn reduce(mut all: Vec<Wait>) -> Vec<Wait> {
    all.sort_by_key(|w| (w.src, w.dst, w.at, w.after));
    let mut out: Vec<Wait> = Vec::new();
    let mut prev: Option<(u32, u32, u64)> = None;
    for w in all {
        match prev {
            Some((s, d, after)) if s == w.src && d == w.dst && w.after <= after => continue,
            _ => {}
        }
        prev = Some((w.src, w.dst, w.after));
        out.push(w);
    }
    out
}

/// One process's side of the waits while it replays its steps in the order they began:
/// before a step, tell the processes waiting on what it has done, then wait for those it
/// waits on.
pub struct CrossOrder {
    /// (after, dst) and (at, src), each in order.
    tells: Vec<(u64, u32)>,
    waits: Vec<(u64, u32)>,
    told: usize,
    waited: usize,
}

impl CrossOrder {
    pub fn new(all: &[Wait], me: u32) -> CrossOrder {
        let mut tells: Vec<_> = all
            .iter()
            .filter(|w| w.src == me)
            .map(|w| (w.after, w.dst))
            .collect();
        let mut waits: Vec<_> = all
            .iter()
            .filter(|w| w.dst == me)
            .map(|w| (w.at, w.src))
            .collect();
        tells.sort();
        waits.sort();
        CrossOrder {
            tells,
            waits,
            told: 0,
            waited: 0,
        }
    }

    /// Before the step that began at `t0` (u64::MAX: at the end): `tell(dst)` for every
    /// process waiting on steps begun before it, then `wait(src)` for every wait due.
    pub fn before(&mut self, t0: u64, tell: &mut dyn FnMut(u32), wait: &mut dyn FnMut(u32)) {
        while let Some(&(after, dst)) = self.tells.get(self.told) {
            if after >= t0 && t0 != u64::MAX {
                break;
            }
            tell(dst);
            self.told += 1;
        }
        while let Some(&(at, src)) = self.waits.get(self.waited) {
            if at > t0 {
                break;
            }
            wait(src);
            self.waited += 1;
        }
    }

    /// How many waits this process has (for the report).
    pub fn waits(&self) -> usize {
        self.waits.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn access(proc: u32, write: bool, start: u64, len: u64, step: u64, end: u64) -> Access {
        Access {
            proc,
            file: 7,
            write,
            at_offset: false,
            start,
            len,
            step,
            end,
        }
    }

    #[test]
    fn open_after_another_process_created_waits_for_it() {
        let u = |proc, creates, t0, t1| PathUse {
            proc,
            path: "/f".into(),
            creates,
            t0,
            t1,
        };
        // Rank 0 creates at 10..20; ranks 1 and 2 open at 30, rank 3 at 15 (overlapping:
        // no order in the original), rank 0 itself later.
        let w = waits(
            &[
                u(0, true, 10, 20),
                u(1, false, 30, 31),
                u(2, false, 30, 31),
                u(3, false, 15, 16),
                u(0, false, 40, 41),
            ],
            &[],
            &[],
        );
        let want = |dst| Wait {
            dst,
            at: 30,
            src: 0,
            after: 10,
        };
        assert_eq!(w, vec![want(1), want(2)]);
    }

    #[test]
    fn a_read_waits_for_the_last_writer_of_each_byte_only() {
        let w = waits(
            &[],
            &[
                access(0, true, 0, 100, 10, 11),
                access(1, true, 50, 10, 20, 21),
                // Reads [40, 70): bytes of 0 (40..50, 60..70) and of 1 (50..60).
                access(2, false, 40, 30, 30, 31),
                // Its own bytes only: no wait.
                access(1, false, 50, 10, 40, 41),
                // A write still going on when the read began: no wait.
                access(3, true, 200, 10, 45, 60),
                access(2, false, 200, 10, 50, 51),
            ],
            &[],
        );
        assert_eq!(
            w,
            vec![
                Wait {
                    dst: 2,
                    at: 30,
                    src: 0,
                    after: 10
                },
                Wait {
                    dst: 2,
                    at: 30,
                    src: 1,
                    after: 20
                },
            ]
        );
    }

    #[test]
    fn transfers_at_a_shared_offset_keep_their_order_within_a_fork_family() {
        let at = |proc, step, end| Access {
            at_offset: true,
            ..access(proc, true, 0, 10, step, end)
        };
        // 0 forked 1; 2 is another program. 1 writes (10..11), 0 writes after (20..21),
        // 2 writes after both: only 0 waits for 1.
        // (Both cases below want the same one wait.)
        let zero_after_one = vec![Wait {
            dst: 0,
            at: 20,
            src: 1,
            after: 10,
        }];
        let w = waits(
            &[],
            &[at(1, 10, 11), at(0, 20, 21), at(2, 30, 31)],
            &[0, 0, 2],
        );
        assert_eq!(w, zero_after_one);
        // Overlapping in time: the one placed second (at 10) waits for the first (at 0).
        let placed = |proc, start, step, end| Access {
            start,
            ..at(proc, step, end)
        };
        let w = waits(&[], &[placed(1, 0, 10, 30), placed(0, 10, 20, 40)], &[0, 0]);
        assert_eq!(w, zero_after_one);
    }

    #[test]
    fn waits_implied_by_earlier_ones_are_dropped_and_both_ends_agree() {
        let w = reduce(vec![
            Wait {
                dst: 1,
                at: 10,
                src: 0,
                after: 5,
            },
            Wait {
                dst: 1,
                at: 20,
                src: 0,
                after: 3,
            },
            Wait {
                dst: 1,
                at: 30,
                src: 0,
                after: 25,
            },
        ]);
        assert_eq!(w.len(), 2);
        let (mut told, mut waited) = (Vec::new(), Vec::new());
        let mut src = CrossOrder::new(&w, 0);
        for t0 in [5, 25, 26] {
            src.before(t0, &mut |d| told.push((t0, d)), &mut |_| {});
        }
        // Told before the first step that began after each source step.
        assert_eq!(told, vec![(25, 1), (26, 1)]);
        let mut dst = CrossOrder::new(&w, 1);
        for t0 in [10, 30, u64::MAX] {
            dst.before(t0, &mut |_| {}, &mut |s| waited.push((t0, s)));
        }
        assert_eq!(waited, vec![(10, 0), (30, 0)]);
    }
}
