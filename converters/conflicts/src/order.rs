//! Happens-before between the processes of a trace, from the synchronising MPI calls the
//! model reports (`mpi` layer): vector clocks computed by replaying every rank's calls in an
//! order MPI allows. Collectives on a communicator are matched by their sequence on it, a
//! receive by the first earlier unmatched send of its source with its tag on its
//! communicator (MPI's non-overtaking rule). Each process's own component counts its MPI
//! calls; a clock is kept after every call.

use hashbrown::HashMap;
use io_model::mpi::{MpiSync, SyncKind};
use std::collections::VecDeque;

/// One synchronising call of a process, its communicator as a trace-wide id.
#[derive(Clone, Copy, Debug)]
pub struct SyncCall {
    pub t0: u64,
    pub t1: u64,
    pub comm: u32,
    pub kind: SyncKind,
}

/// Communicators named by their members (rank slots), trace-wide.
#[derive(Default)]
pub struct Comms {
    ids: HashMap<Vec<u32>, u32>,
    pub members: Vec<Vec<u32>>,
}

impl Comms {
    pub fn id(&mut self, members: &[u32]) -> u32 {
        if let Some(&c) = self.ids.get(members) {
            return c;
        }
        let c = self.members.len() as u32;
        self.ids.insert(members.to_vec(), c);
        self.members.push(members.to_vec());
        c
    }

    /// A process's call with its communicator from the process's own definitions.
    pub fn call(&mut self, s: &MpiSync, local: &[Vec<u32>]) -> Option<SyncCall> {
        let members = local.get(s.comm as usize)?;
        Some(SyncCall {
            t0: s.t0,
            t1: s.t1,
            comm: self.id(members),
            kind: s.kind,
        })
    }
}

/// Vector clocks after every synchronising call of every process.
pub struct HappensBefore {
    /// Processes taking part (those with synchronising calls): vector clocks have one
    /// component per participant, so that thousands of processes without MPI cost nothing
    /// (a dense n × n matrix was 400 MB at 10,000 forked processes).
    n: usize,
    /// Trace process -> its participant index, if it takes part.
    index: Vec<Option<usize>>,
    /// Per process: its calls' end times, in program order.
    ends: Vec<Vec<u64>>,
    /// Per process: `n` components after each of its calls, one after the other.
    clocks: Vec<Vec<u32>>,
    /// Calls with no partner in the trace (a rank not traced, a message never received):
    /// they order nothing.
    pub unmatched: u64,
}

/// A vector clock: per process, how many of its calls are known.
type Clock = Vec<u32>;

/// The replay's state: where each process is and what waits for a partner.
struct Replay<'a> {
    calls: &'a [Vec<SyncCall>],
    comms: &'a Comms,
    slot_proc: &'a HashMap<u32, usize>,
    next: Vec<usize>,
    now: Vec<Vec<u32>>,
    /// Per process, per communicator: how many collectives it has entered.
    coll_seq: Vec<HashMap<u32, u32>>,
    /// Per (communicator, sequence): the members that arrived, with their clocks.
    arrived: HashMap<(u32, u32), Vec<(usize, Clock)>>,
    /// Per (communicator, source, destination): sends not yet received, with tag and clock.
    sent: HashMap<(u32, usize, usize), VecDeque<(i32, Clock)>>,
    out: HappensBefore,
}

fn join(into: &mut [u32], other: &[u32]) {
    for (a, b) in into.iter_mut().zip(other) {
        *a = (*a).max(*b);
    }
}

impl Replay<'_> {
    fn done(&mut self, p: usize) {
        let c = &mut self.out.clocks[p];
        c.extend_from_slice(&self.now[p]);
        self.out.ends[p].push(self.calls[p][self.next[p]].t1);
        self.next[p] += 1;
    }

    /// Process `p`'s next call: whether it could be taken (else it waits for a partner).
    fn step(&mut self, p: usize) -> bool {
        let call = self.calls[p][self.next[p]];
        match call.kind {
            SyncKind::Send { peer, tag } => {
                self.now[p][p] += 1;
                if let Some(&q) = self.slot_proc.get(&peer) {
                    let key = (call.comm, p, q);
                    let clock = self.now[p].clone();
                    self.sent.entry(key).or_default().push_back((tag, clock));
                } else {
                    self.out.unmatched += 1;
                }
                self.done(p);
                true
            }
            SyncKind::Recv { peer, tag } => {
                let Some(&q) = self.slot_proc.get(&peer) else {
                    self.out.unmatched += 1;
                    self.now[p][p] += 1;
                    self.done(p);
                    return true;
                };
                let queue = self.sent.entry((call.comm, q, p)).or_default();
                let Some(i) = queue.iter().position(|(t, _)| *t == tag) else {
                    return false;
                };
                let (_, clock) = queue.remove(i).expect("position found");
                join(&mut self.now[p], &clock);
                self.now[p][p] += 1;
                self.done(p);
                true
            }
            _ => self.collective(p, call),
        }
    }

    /// A collective: arrive, and complete it when the last member arrives.
    fn collective(&mut self, p: usize, call: SyncCall) -> bool {
        let seq = *self.coll_seq[p].entry(call.comm).or_default();
        let key = (call.comm, seq);
        let arrived = self.arrived.entry(key).or_default();
        if arrived.iter().any(|(q, _)| *q == p) {
            return false; // arrived already, waiting for the others
        }
        self.now[p][p] += 1;
        arrived.push((p, self.now[p].clone()));
        let members = &self.comms.members[call.comm as usize];
        let traced = members
            .iter()
            .filter(|s| self.slot_proc.contains_key(*s))
            .count();
        if arrived.len() < traced {
            return false;
        }
        let arrived = self.arrived.remove(&key).expect("just filled");
        let n = self.out.n;
        let root = |r: u32| self.slot_proc.get(&r).copied();
        let from: Vec<usize> = match call.kind {
            SyncKind::FromRoot { root: r } => root(r).into_iter().collect(),
            _ => arrived.iter().map(|(q, _)| *q).collect(),
        };
        let mut all = vec![0u32; n];
        for (q, c) in &arrived {
            if from.contains(q) {
                join(&mut all, c);
            }
        }
        let to_root = match call.kind {
            SyncKind::ToRoot { root: r } => root(r),
            _ => None,
        };
        for (q, _) in &arrived {
            let gets = !matches!(call.kind, SyncKind::ToRoot { .. }) || to_root == Some(*q);
            if gets {
                let own = self.now[*q][*q];
                join(&mut self.now[*q], &all);
                self.now[*q][*q] = own;
            }
            *self.coll_seq[*q].entry(call.comm).or_default() += 1;
            self.done(*q);
        }
        true
    }

    /// Take every call that can be taken; when all that are left wait for partners that
    /// will never come, give up the earliest of them (it orders nothing) and go on.
    fn run(&mut self) {
        let n = self.out.n;
        loop {
            let mut moved = false;
            for p in 0..n {
                while self.next[p] < self.calls[p].len() && self.step(p) {
                    moved = true;
                }
            }
            if !moved {
                // Everyone left waits for a partner that will not come: the earliest
                // waiting call orders nothing; go on without it.
                let Some(p) = (0..n)
                    .filter(|&p| self.next[p] < self.calls[p].len())
                    .min_by_key(|&p| self.calls[p][self.next[p]].t0)
                else {
                    return;
                };
                self.unstick(p);
            }
        }
    }

    fn unstick(&mut self, p: usize) {
        let call = self.calls[p][self.next[p]];
        if !matches!(call.kind, SyncKind::Send { .. } | SyncKind::Recv { .. }) {
            let seq = self.coll_seq[p].entry(call.comm).or_default();
            let key = (call.comm, *seq);
            *seq += 1;
            if let Some(a) = self.arrived.get_mut(&key) {
                a.retain(|(q, _)| *q != p);
            }
        } else {
            self.now[p][p] += 1;
        }
        self.out.unmatched += 1;
        self.done(p);
    }
}

impl HappensBefore {
    /// `calls[p]`: process p's synchronising calls in program order; `slot_proc`: the
    /// process of each rank slot.
    pub fn new(
        calls: &[Vec<SyncCall>],
        comms: &Comms,
        slot_proc: &HashMap<u32, usize>,
    ) -> HappensBefore {
        let mut index = vec![None; calls.len()];
        let mut taking_part = Vec::new();
        for (p, c) in calls.iter().enumerate() {
            if !c.is_empty() {
                index[p] = Some(taking_part.len());
                taking_part.push(c.clone());
            }
        }
        // Ranks of processes without synchronising calls match nothing (as untraced ones).
        let slots: HashMap<u32, usize> = slot_proc
            .iter()
            .filter_map(|(&s, &p)| Some((s, index.get(p).copied().flatten()?)))
            .collect();
        let mut hb = Self::replay(&taking_part, comms, &slots);
        hb.index = index;
        hb
    }

    /// The replay over the participants only.
    fn replay(
        calls: &[Vec<SyncCall>],
        comms: &Comms,
        slot_proc: &HashMap<u32, usize>,
    ) -> HappensBefore {
        let n = calls.len();
        let mut r = Replay {
            calls,
            comms,
            slot_proc,
            next: vec![0; n],
            now: vec![vec![0; n]; n],
            coll_seq: vec![HashMap::new(); n],
            arrived: HashMap::new(),
            sent: HashMap::new(),
            out: HappensBefore {
                n,
                index: Vec::new(),
                ends: vec![Vec::new(); n],
                clocks: (0..n)
                    .map(|p| Vec::with_capacity(calls[p].len() * n))
                    .collect(),
                unmatched: 0,
            },
        };
        r.run();
        r.out.unmatched += r.sent.values().map(|q| q.len() as u64).sum::<u64>();
        r.out
    }

    /// Whether everything process `p` did up to time `t_p` happens before what process `q`
    /// does from time `t_q` on: some call of `p` that starts after `t_p` is known to `q`
    /// through a chain of calls the last of which ends before `t_q`.
    pub fn before(&self, p: usize, t_p: u64, q: usize, t_q: u64) -> bool {
        if p == q {
            return t_p <= t_q;
        }
        // Nothing of a process without synchronising calls is known to another, and it
        // knows nothing of the others.
        let (Some(&Some(p)), Some(&Some(q))) = (self.index.get(p), self.index.get(q)) else {
            return false;
        };
        let (Some(ends_p), Some(ends_q)) = (self.ends.get(p), self.ends.get(q)) else {
            return false;
        };
        // p's first call that has not ended by t_p (it starts after, in program order).
        let first_after = ends_p.partition_point(|&e| e <= t_p);
        // q's last call ended by t_q.
        let known = ends_q.partition_point(|&e| e <= t_q);
        if known == 0 || first_after >= ends_p.len() {
            return false;
        }
        let clock = &self.clocks[q][(known - 1) * self.n..known * self.n];
        clock[p] as usize > first_after
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(t0: u64, comm: u32, kind: SyncKind) -> SyncCall {
        SyncCall {
            t0,
            t1: t0 + 1,
            comm,
            kind,
        }
    }

    fn world(n: u32) -> (Comms, HashMap<u32, usize>) {
        let mut c = Comms::default();
        c.id(&(0..n).collect::<Vec<_>>());
        (c, (0..n).map(|s| (s, s as usize)).collect())
    }

    #[test]
    fn a_barrier_orders_both_ways_and_nothing_before_it() {
        let (comms, slots) = world(2);
        let calls = vec![
            vec![call(10, 0, SyncKind::AllToAll)],
            vec![call(12, 0, SyncKind::AllToAll)],
        ];
        let hb = HappensBefore::new(&calls, &comms, &slots);
        assert!(hb.before(0, 5, 1, 20));
        assert!(hb.before(1, 5, 0, 20));
        assert!(!hb.before(0, 5, 1, 12), "the barrier has not ended on 1");
        assert!(!hb.before(0, 15, 1, 20), "after the barrier on 0");
        assert_eq!(hb.unmatched, 0);
    }

    #[test]
    fn messages_and_rooted_collectives_order_one_way() {
        let (comms, slots) = world(3);
        let send = |t, peer| call(t, 0, SyncKind::Send { peer, tag: 7 });
        let recv = |t, peer| call(t, 0, SyncKind::Recv { peer, tag: 7 });
        let bcast = |t| call(t, 0, SyncKind::FromRoot { root: 1 });
        let calls = vec![
            vec![send(10, 2), bcast(50)],
            vec![bcast(40)],
            vec![recv(20, 0), bcast(45)],
        ];
        let hb = HappensBefore::new(&calls, &comms, &slots);
        assert!(hb.before(0, 5, 2, 30), "send before the receive's end");
        assert!(!hb.before(2, 5, 0, 30), "not back");
        assert!(
            hb.before(1, 30, 0, 60) && hb.before(1, 30, 2, 60),
            "from the root"
        );
        assert!(!hb.before(2, 42, 1, 60), "not towards the root");
        assert!(!hb.before(0, 5, 1, 60), "0's send reaches 2, not 1");
    }

    #[test]
    fn a_missing_partner_orders_nothing_and_is_counted() {
        let (comms, slots) = world(2);
        let calls = vec![
            vec![
                call(10, 0, SyncKind::Recv { peer: 1, tag: 1 }),
                call(20, 0, SyncKind::AllToAll),
            ],
            vec![call(21, 0, SyncKind::AllToAll)],
        ];
        let hb = HappensBefore::new(&calls, &comms, &slots);
        assert_eq!(hb.unmatched, 1);
        assert!(hb.before(1, 5, 0, 30), "the barrier still counts");
    }
}
