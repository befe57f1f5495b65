//! Rank groups: ranks whose folded calls have the same structure, matched across the inputs;
//! their template, the instances of its calls and loops, and the fitted models.

use super::fields::{fit_field, FieldModel};
use super::fit::{candidates, fit, At, Model};
use super::loops::{compress, leaf, shape_of, template, walk, Node, NodeKind, Tmpl};
use super::read::{Input, Inst, Val};
use super::times::{self, Estimate};
use super::{call_name, field_name};
use std::collections::{BTreeMap, HashMap};
use std::hash::{Hash, Hasher};

/// One call of a rank group's template.
#[derive(Clone, Debug)]
pub struct LeafInfo {
    pub thread: usize,
    pub func: u16,
    pub depth: u32,
    /// Loops around it.
    pub loops: usize,
    /// Its position in its thread's begun order at the first rank read.
    pub position: usize,
}

pub struct Group {
    /// The same ranks at every rank count (rank 0 ...), or None: every rank in no fixed group.
    pub fixed: Option<Vec<u32>>,
    /// Per thread, the template.
    pub threads: Vec<Vec<Tmpl>>,
    pub leaves: Vec<LeafInfo>,
    /// Per loop: how many loops enclose it, and its first call.
    pub loops: Vec<(usize, usize)>,
    pub leaf_inst: Vec<Vec<Inst>>,
    pub loop_inst: Vec<Vec<(At, i64)>>,
    /// Members, per input.
    pub members: Vec<Vec<u32>>,
}

/// The representative rank's call instances by (call, iterations).
pub type RepCalls = HashMap<(usize, Vec<i64>), usize>;

/// A group's models.
pub struct Fitted {
    pub counts: Vec<Model>,
    /// Per call: its fields (arguments, result, errno).
    pub fields: Vec<Vec<FieldModel>>,
    pub times: Vec<Estimate>,
    /// The representative rank's calls (largest input): (call, iterations) -> instance.
    pub rep: RepCalls,
    pub rep_last: Vec<usize>,
}

fn key(func: u16, depth: u32) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (func, depth).hash(&mut h);
    h.finish()
}

/// Whether each call starts a new arithmetic run of its numbers among the calls of its
/// function and depth: the call after a run's start sets the run's stride, the calls that
/// keep it continue the run. Part of the folding key, so that an IOR segment loop (offsets
/// 0, 16K, 32K, 48K, then a jump to the next segment) folds into nested loops whose
/// offsets are linear in each index, not into one loop whose offsets are not.
fn run_starts(events: &[super::read::Event]) -> Vec<bool> {
    // (function, depth) -> (previous numbers, stride; None right after a run's start).
    type Run = (Vec<i64>, Option<Vec<i64>>);
    let mut state: HashMap<(u16, u32), Run> = HashMap::new();
    events
        .iter()
        .map(|e| {
            let nums: Vec<i64> = e
                .vals
                .iter()
                .filter_map(|v| match v {
                    Val::Num(x) => Some(*x),
                    _ => None,
                })
                .collect();
            let st = state.entry((e.func, e.depth));
            let mut starts = true;
            if let std::collections::hash_map::Entry::Occupied(mut o) = st {
                let (prev, stride) = o.get_mut();
                let delta: Vec<i64> = nums
                    .iter()
                    .zip(prev.iter())
                    .map(|(a, b)| a.wrapping_sub(*b))
                    .collect();
                starts = match stride {
                    None => {
                        *stride = Some(delta);
                        false
                    }
                    Some(s) if *s == delta => false,
                    Some(_) => {
                        *stride = None;
                        true
                    }
                };
                *prev = nums;
            } else {
                st.or_insert((nums, None));
            }
            starts
        })
        .collect()
}

/// Fold every rank's threads; group ranks by structure; match groups across inputs; fit
/// each group, splitting rank 0 off a group whose values it alone breaks (rank 0 creates
/// the shared file the others open).
pub fn build(
    inputs: &[Input],
    notes: &mut Vec<String>,
) -> Result<Vec<(Group, Fitted)>, crate::Error> {
    let folded: Vec<Vec<Vec<Vec<Node>>>> = inputs
        .iter()
        .map(|i| {
            i.ranks
                .iter()
                .map(|r| {
                    r.threads
                        .iter()
                        .map(|t| {
                            let starts = run_starts(t);
                            let seq = t
                                .iter()
                                .zip(starts)
                                .enumerate()
                                .map(|(k, (e, s))| leaf(k, key(e.func, e.depth), s));
                            compress(seq.collect())
                        })
                        .collect()
                })
                .collect()
        })
        .collect();
    let sig = |f: &Vec<Vec<Node>>| -> Vec<u64> { f.iter().map(|t| shape_of(t)).collect() };
    // Per input: structure -> ranks.
    let by_sig: Vec<BTreeMap<Vec<u64>, Vec<u32>>> = folded
        .iter()
        .map(|ranks| {
            let mut m: BTreeMap<Vec<u64>, Vec<u32>> = BTreeMap::new();
            for (r, f) in ranks.iter().enumerate() {
                m.entry(sig(f)).or_default().push(r as u32);
            }
            m
        })
        .collect();
    check_same_structures(inputs, &folded, &by_sig)?;
    let mut groups = Vec::new();
    let mut sigs: Vec<&Vec<u64>> = by_sig[0].keys().collect();
    sigs.sort_by_key(|s| by_sig[0][*s][0]);
    for s in sigs {
        let members: Vec<Vec<u32>> = by_sig.iter().map(|m| m[s].clone()).collect();
        let fixed = members
            .windows(2)
            .all(|w| w[0] == w[1])
            .then(|| members[0].clone());
        groups.push((fixed, members));
    }
    if groups.iter().filter(|g| g.0.is_none()).count() > 1 {
        let desc: Vec<String> = groups
            .iter()
            .filter(|g| g.0.is_none())
            .map(|g| format!("{:?}", g.1[0]))
            .collect();
        return Err(crate::Error::ChangingGroups {
            trace: inputs[0].dir.clone(),
            groups: desc.join(" / "),
        });
    }
    let mut out = Vec::new();
    for (fixed, members) in groups {
        let g = make_group(inputs, &folded, fixed, members);
        match g.fit(inputs) {
            Ok(f) => out.push((g, f)),
            Err(e) => match g.without_rank0() {
                Some((zero, rest)) => {
                    let e = e.to_string();
                    let why = e.split(';').next().unwrap_or(&e).to_string();
                    notes.push(format!(
                        "rank 0 modelled apart from the others: with them, {why}"
                    ));
                    for (fixed, members) in [zero, rest] {
                        let g = make_group(inputs, &folded, fixed, members);
                        let f = g.fit(inputs)?;
                        out.push((g, f));
                    }
                }
                None => return Err(e),
            },
        }
    }
    out.sort_by_key(|(g, _)| g.members[0][0]);
    Ok(out)
}

type Members = (Option<Vec<u32>>, Vec<Vec<u32>>);

/// Every structure seen at one rank count is seen at every other.
fn check_same_structures(
    inputs: &[Input],
    folded: &[Vec<Vec<Vec<Node>>>],
    by_sig: &[BTreeMap<Vec<u64>, Vec<u32>>],
) -> Result<(), crate::Error> {
    for (i, m) in by_sig.iter().enumerate() {
        for (s, ranks) in m {
            if let Some(j) = by_sig.iter().position(|o| !o.contains_key(s)) {
                let r = ranks[0] as usize;
                // The same rank (or the last) at the other rank count.
                let q = r.min(inputs[j].n as usize - 1);
                let (a, b) = ((i, r), (j, q));
                let damage: String = [i, j]
                    .iter()
                    .find_map(|&k| inputs[k].damage.first())
                    .map(|w| format!(" (a damaged trace: {w})"))
                    .unwrap_or_default();
                return Err(crate::Error::StructureDiffers {
                    trace: inputs[i].dir.clone(),
                    n: inputs[i].n,
                    rank: r,
                    other: inputs[j].dir.clone(),
                    other_n: inputs[j].n,
                    difference: first_difference(inputs, folded, a, b),
                    damage,
                });
            }
        }
    }
    Ok(())
}

/// Where two ranks' folded calls first differ: `thread 0, item 7: a loop of 16 × (H5Dget_space,
/// H5Sselect_hyperslab ...) at 2 ranks, H5Dwrite at 4 ranks (rank 1)`.
fn first_difference(
    inputs: &[Input],
    folded: &[Vec<Vec<Vec<Node>>>],
    (i, r): (usize, usize),
    (j, q): (usize, usize),
) -> String {
    let (ta, tb) = (&folded[i][r], &folded[j][q]);
    if ta.len() != tb.len() {
        return format!("{} thread(s) against {} at rank {q}", ta.len(), tb.len());
    }
    for (t, (a, b)) in ta.iter().zip(tb).enumerate() {
        let ea = &inputs[i].ranks[r].threads[t];
        let eb = &inputs[j].ranks[q].threads[t];
        for k in 0..a.len().max(b.len()) {
            let (x, y) = (a.get(k), b.get(k));
            if x.map(|n| n.shape) != y.map(|n| n.shape) {
                let show = |n: Option<&Node>, e: &[super::read::Event]| {
                    n.map_or("nothing".into(), |n| node_text(n, e))
                };
                return format!(
                    "thread {t}, item {}: {} at {} ranks, {} at {} ranks (rank {q})",
                    k + 1,
                    show(x, ea),
                    inputs[i].n,
                    show(y, eb),
                    inputs[j].n
                );
            }
        }
    }
    "the same calls in another grouping".into()
}

/// A folded node for people: `pwrite` or `a loop of 8 × (MPI_File_write_at, pwrite)`.
fn node_text(n: &Node, events: &[super::read::Event]) -> String {
    match &n.kind {
        NodeKind::Leaf(i) => call_name(events[*i].func).to_string(),
        NodeKind::Loop(its) => {
            let body: Vec<String> = its[0]
                .iter()
                .take(4)
                .map(|c| node_text(c, events))
                .collect();
            let more = if its[0].len() > 4 { ", ..." } else { "" };
            format!("a loop of {} × ({}{more})", its.len(), body.join(", "))
        }
    }
}

fn make_group(
    inputs: &[Input],
    folded: &[Vec<Vec<Vec<Node>>>],
    fixed: Option<Vec<u32>>,
    members: Vec<Vec<u32>>,
) -> Group {
    let first = &folded[0][members[0][0] as usize];
    let (mut nl, mut nloops) = (0, 0);
    let threads: Vec<Vec<Tmpl>> = first
        .iter()
        .map(|t| template(t, &mut nl, &mut nloops))
        .collect();
    let mut g = Group {
        fixed,
        threads,
        leaves: Vec::with_capacity(nl),
        loops: vec![(0, usize::MAX); nloops],
        leaf_inst: vec![Vec::new(); nl],
        loop_inst: vec![Vec::new(); nloops],
        members,
    };
    for t in &g.threads {
        loop_places(t, 0, &mut g.loops);
    }
    let mut info: Vec<Option<LeafInfo>> = vec![None; nl];
    for (ii, input) in inputs.iter().enumerate() {
        for &r in &g.members[ii] {
            for (t, seq) in folded[ii][r as usize].iter().enumerate() {
                let events = &input.ranks[r as usize].threads[t];
                let at = |it: &[i64]| At {
                    n: input.n as i64,
                    r: r as i64,
                    it: it.to_vec(),
                };
                let (leaf_inst, loop_inst) = (&mut g.leaf_inst, &mut g.loop_inst);
                walk(
                    &g.threads[t],
                    seq,
                    &mut Vec::new(),
                    &mut |id, call, it| {
                        let e = &events[call];
                        info[id].get_or_insert(LeafInfo {
                            thread: t,
                            func: e.func,
                            depth: e.depth,
                            loops: it.len(),
                            position: call,
                        });
                        leaf_inst[id].push(Inst {
                            at: at(it),
                            input: ii,
                            rank: r as usize,
                            thread: t,
                            call,
                        });
                    },
                    &mut |id, it, count| loop_inst[id].push((at(it), count as i64)),
                );
            }
        }
    }
    g.leaves = info
        .into_iter()
        .map(|i| i.expect("every call seen"))
        .collect();
    g
}

/// Per loop of `t`: the loops around it and its first call.
fn loop_places(t: &[Tmpl], depth: usize, out: &mut [(usize, usize)]) {
    for n in t {
        if let Tmpl::Loop { id, body } = n {
            out[*id] = (depth, first_leaf(body));
            loop_places(body, depth + 1, out);
        }
    }
}

fn first_leaf(t: &[Tmpl]) -> usize {
    match &t[0] {
        Tmpl::Leaf { id } => *id,
        Tmpl::Loop { body, .. } => first_leaf(body),
    }
}

impl Group {
    /// Rank 0 as a group of its own and the others, when this group of every other rank
    /// holds rank 0 and more at each rank count.
    fn without_rank0(&self) -> Option<(Members, Members)> {
        if self.fixed.is_some() || self.members.iter().any(|m| m.len() < 2 || m[0] != 0) {
            return None;
        }
        let rest = self.members.iter().map(|m| m[1..].to_vec()).collect();
        let zero = vec![vec![0]; self.members.len()];
        Some(((Some(vec![0]), zero), (None, rest)))
    }

    pub fn loop_count(&self) -> usize {
        self.loops.len()
    }
    pub fn leaf_count(&self) -> usize {
        self.leaves.len()
    }

    /// "rank 0", "ranks 0, 3", "every other rank".
    pub fn describe(&self, all: bool) -> String {
        match &self.fixed {
            Some(v) if v.len() == 1 => format!("rank {}", v[0]),
            Some(v) => format!(
                "ranks {}",
                v.iter()
                    .map(|r| r.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            None if all => "every rank".into(),
            None => "every other rank".into(),
        }
    }

    /// The call, for messages: `pwrite (call 7 of thread 0 of rank 3 at 4 ranks, 2 loops in)`.
    fn call_desc(&self, leaf: usize, inputs: &[Input]) -> String {
        let l = &self.leaves[leaf];
        let i = &self.leaf_inst[leaf][0];
        format!(
            "{} (call {} of thread {} of rank {} in {}, {} ranks; inside {} loop(s))",
            call_name(l.func),
            l.position + 1,
            l.thread,
            i.rank,
            inputs[i.input].dir.display(),
            inputs[i.input].n,
            l.loops
        )
    }

    /// Fit every loop count, field and time; the first call no model fits stops it.
    pub fn fit(&self, inputs: &[Input]) -> Result<Fitted, crate::Error> {
        let min_n = if self.fixed.is_some() {
            0
        } else {
            inputs[0].n as i64
        };
        let cands: Vec<_> = (0..=self.loops.iter().map(|l| l.0 + 1).max().unwrap_or(0).max(8))
            .map(|d| candidates(inputs.len(), d, min_n))
            .collect();
        let mut counts = Vec::with_capacity(self.loops.len());
        for (id, pts) in self.loop_inst.iter().enumerate() {
            let m = fit(pts, &cands[self.loops[id].0]).ok_or_else(|| {
                let shown: Vec<(At, String)> = pts
                    .iter()
                    .map(|(a, c)| (a.clone(), c.to_string()))
                    .collect();
                crate::Error::NoLoopModel {
                    call: self.call_desc(self.loops[id].1.min(self.leaves.len() - 1), inputs),
                    seen: super::fields::sample(&shown),
                }
            })?;
            counts.push(m);
        }
        let mut fields = Vec::with_capacity(self.leaves.len());
        for (id, l) in self.leaves.iter().enumerate() {
            let c = cands.get(l.loops).unwrap_or(&cands[cands.len() - 1]);
            fields.push(self.fit_leaf(id, inputs, c)?);
        }
        let times = (0..self.leaves.len())
            .map(|id| times::estimate(&self.leaf_inst[id], inputs))
            .collect();
        let (rep, rep_last) = self.representative(inputs);
        Ok(Fitted {
            counts,
            fields,
            times,
            rep,
            rep_last,
        })
    }

    fn fit_leaf(
        &self,
        id: usize,
        inputs: &[Input],
        cands: &[Vec<(super::fit::NTerm, super::fit::RTerm, super::fit::ITerm)>],
    ) -> Result<Vec<FieldModel>, crate::Error> {
        let l = &self.leaves[id];
        let insts = &self.leaf_inst[id];
        let event = |i: &Inst| &inputs[i.input].ranks[i.rank].threads[i.thread][i.call];
        let nvals = event(&insts[0]).vals.len();
        let errnos: Vec<Val> = insts
            .iter()
            .map(|i| Val::Num(event(i).errno as i64))
            .collect();
        let mut out = Vec::with_capacity(nvals + 1);
        for k in 0..=nvals {
            let vals: Vec<(At, &Val)> = insts
                .iter()
                .zip(&errnos)
                .map(|(i, e)| (i.at.clone(), if k < nvals { &event(i).vals[k] } else { e }))
                .collect();
            let m = fit_field(&vals, cands).map_err(|seen| crate::Error::NoFieldModel {
                field: field_name(l.func, k),
                call: self.call_desc(id, inputs),
                seen,
            })?;
            out.push(m);
        }
        Ok(out)
    }

    /// The largest input's last member: its instances by (call, iterations).
    fn representative(&self, inputs: &[Input]) -> (RepCalls, Vec<usize>) {
        let last = inputs.len() - 1;
        let rank = *self.members[last].last().expect("members") as usize;
        let mut map = HashMap::new();
        let mut lasts = vec![0; self.leaves.len()];
        for (id, insts) in self.leaf_inst.iter().enumerate() {
            for (k, i) in insts.iter().enumerate() {
                if i.input == last && i.rank == rank {
                    map.insert((id, i.at.it.clone()), k);
                    lasts[id] = k;
                }
            }
        }
        (map, lasts)
    }
}

impl Fitted {
    /// Readable models: loop counts and the fields that vary.
    pub fn describe(&self, g: &Group, inputs: &[Input]) -> Vec<String> {
        let all = g.fixed.is_none()
            && inputs
                .iter()
                .zip(&g.members)
                .all(|(i, m)| m.len() == i.n as usize);
        let who = g.describe(all);
        let mut v = Vec::new();
        for (id, m) in self.counts.iter().enumerate() {
            let first = g.loops[id].1.min(g.leaves.len().saturating_sub(1));
            v.push(format!(
                "{who}: loop from {} (thread {}): count = {}",
                call_name(g.leaves[first].func),
                g.leaves[first].thread,
                m.describe()
            ));
        }
        for (id, fs) in self.fields.iter().enumerate() {
            let l = &g.leaves[id];
            for (k, f) in fs.iter().enumerate() {
                let what = match f {
                    FieldModel::Num(m) => m.describe(),
                    FieldModel::Text(e) => e.describe(),
                    FieldModel::World => "MPI_COMM_WORLD".into(),
                    FieldModel::SelfComm => "MPI_COMM_SELF".into(),
                    FieldModel::Representative => "a handle (the representative rank's)".into(),
                    FieldModel::Same(_) => continue,
                };
                v.push(format!(
                    "{who}: call {} {} {} = {what}",
                    l.position + 1,
                    call_name(l.func),
                    field_name(l.func, k)
                ));
            }
        }
        v
    }
}
