//! Loops: a thread's calls folded into repeated blocks (seed 001's loop compression), so that
//! the same program at another rank count, whose loops run a different number of times, has
//! the same structure; and the structure shared by ranks and inputs (the template) with every
//! call's and every loop's instances collected for fitting.

use std::hash::{Hash, Hasher};

/// Longest loop body tried, in nodes (after inner loops are folded).
const MAX_BODY: usize = 24;

/// A folded sequence element.
#[derive(Clone, Debug)]
pub struct Node {
    pub kind: NodeKind,
    /// Structure with the loop counts (equal iterations of a loop).
    pub full: u64,
    /// Structure without the loop counts (the same program at another rank count).
    pub shape: u64,
    /// A leaf's function and depth, and whether it starts an arithmetic run of its values.
    pub run: Option<(u64, bool)>,
}

#[derive(Clone, Debug)]
pub enum NodeKind {
    /// The index of a call in its thread's list.
    Leaf(usize),
    /// The iterations, each the same structure.
    Loop(Vec<Vec<Node>>),
}

fn hash_of(parts: &[u64]) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    parts.hash(&mut h);
    h.finish()
}

/// A leaf for call `i`: `key` its function and depth, `starts` whether it starts a run.
pub fn leaf(i: usize, key: u64, starts: bool) -> Node {
    let h = hash_of(&[1, key, starts as u64]);
    Node {
        kind: NodeKind::Leaf(i),
        full: h,
        shape: h,
        run: Some((key, starts)),
    }
}

fn make_loop(iters: Vec<Vec<Node>>) -> Node {
    let body = &iters[0];
    let mut full = vec![2, iters.len() as u64];
    full.extend(body.iter().map(|n| n.full));
    let mut shape = vec![2];
    shape.extend(body.iter().map(|n| n.shape));
    Node {
        full: hash_of(&full),
        shape: hash_of(&shape),
        kind: NodeKind::Loop(iters),
        run: None,
    }
}

/// The run keys of a loop's body when every iteration is calls continuing runs, the same
/// keys in each.
fn continued_runs(n: &Node) -> Option<Vec<u64>> {
    let NodeKind::Loop(its) = &n.kind else {
        return None;
    };
    let keys = |it: &[Node]| -> Option<Vec<u64>> {
        it.iter()
            .map(|c| match c.run {
                Some((k, false)) => Some(k),
                _ => None,
            })
            .collect()
    };
    let first = keys(&its[0])?;
    its.iter()
        .all(|it| keys(it).as_ref() == Some(&first))
        .then_some(first)
}

/// Calls starting runs followed by the runs' continuation (one call of each, or a loop of
/// them) become one loop whose first iteration is the runs' start: its values are then
/// linear in its index from 0, and its count is the number of iterations.
fn absorb(seq: Vec<Node>) -> (Vec<Node>, bool) {
    let mut out: Vec<Node> = Vec::with_capacity(seq.len());
    let mut changed = false;
    for n in seq {
        let keys = match (&n.kind, n.run) {
            (NodeKind::Leaf(_), Some((k, false))) => Some(vec![k]),
            _ => continued_runs(&n),
        };
        let w = keys.as_ref().map_or(0, |k| k.len());
        let starts = w > 0
            && out.len() >= w
            && out[out.len() - w..]
                .iter()
                .zip(keys.iter().flatten())
                .all(|(p, &k)| p.run == Some((k, true)));
        if !starts {
            out.push(n);
            continue;
        }
        let first: Vec<Node> = out.drain(out.len() - w..).collect();
        let mut iters = vec![first];
        match n.kind {
            NodeKind::Loop(its) => iters.extend(its),
            NodeKind::Leaf(_) => iters.push(vec![n]),
        }
        out.push(make_loop(iters));
        changed = true;
    }
    (out, changed)
}

fn same(a: &[Node], b: &[Node]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.full == y.full)
}

/// One pass with body length `w`: fold every run of two or more equal blocks.
fn fold(seq: Vec<Node>, w: usize) -> (Vec<Node>, bool) {
    // Runs found first (start, repetitions), then the nodes moved into them.
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < seq.len() {
        let mut reps = 1;
        while i + (reps + 1) * w <= seq.len()
            && same(&seq[i..i + w], &seq[i + reps * w..i + (reps + 1) * w])
        {
            reps += 1;
        }
        if reps >= 2 {
            runs.push((i, reps));
            i += reps * w;
        } else {
            i += 1;
        }
    }
    if runs.is_empty() {
        return (seq, false);
    }
    let mut out = Vec::with_capacity(seq.len());
    let mut nodes = seq.into_iter();
    let mut at = 0;
    for (start, reps) in runs {
        out.extend(nodes.by_ref().take(start - at));
        let iters = (0..reps)
            .map(|_| nodes.by_ref().take(w).collect())
            .collect();
        out.push(make_loop(iters));
        at = start + reps * w;
    }
    out.extend(nodes);
    (out, true)
}

/// Fold `seq` into loops: bodies of one node first (and runs absorbed into them), then
/// longer ones, starting again from one after every fold (so that inner loops fold before
/// the loops around them).
pub fn compress(mut seq: Vec<Node>) -> Vec<Node> {
    'outer: loop {
        for w in 1..=MAX_BODY.min(seq.len() / 2).max(1) {
            let (next, folded) = fold(seq, w);
            let (next, absorbed) = absorb(next);
            seq = next;
            let changed = folded || absorbed;
            if changed {
                continue 'outer;
            }
        }
        return seq;
    }
}

/// The structure shared by ranks and inputs.
#[derive(Clone, Debug)]
pub enum Tmpl {
    /// A call: its number in the template, the call it stands for in the first rank read.
    Leaf { id: usize },
    /// A loop: its number and its body.
    Loop { id: usize, body: Vec<Tmpl> },
}

/// The template of a folded sequence; leaves and loops numbered from the counters.
pub fn template(seq: &[Node], leaves: &mut usize, loops: &mut usize) -> Vec<Tmpl> {
    seq.iter()
        .map(|n| match &n.kind {
            NodeKind::Leaf(_) => {
                *leaves += 1;
                Tmpl::Leaf { id: *leaves - 1 }
            }
            NodeKind::Loop(iters) => {
                *loops += 1;
                let id = *loops - 1;
                Tmpl::Loop {
                    id,
                    body: template(&iters[0], leaves, loops),
                }
            }
        })
        .collect()
}

/// Walk a rank's folded sequence along the template: `leaf(id, call index, iterations)` for
/// every call, `count(id, iterations of the enclosing loops, count)` for every loop run.
pub fn walk(
    t: &[Tmpl],
    seq: &[Node],
    iters: &mut Vec<i64>,
    leaf: &mut dyn FnMut(usize, usize, &[i64]),
    count: &mut dyn FnMut(usize, &[i64], usize),
) {
    for (tn, n) in t.iter().zip(seq) {
        match (tn, &n.kind) {
            (Tmpl::Leaf { id }, NodeKind::Leaf(i)) => leaf(*id, *i, iters),
            (Tmpl::Loop { id, body }, NodeKind::Loop(its)) => {
                count(*id, iters, its.len());
                for (k, it) in its.iter().enumerate() {
                    iters.push(k as i64);
                    walk(body, it, iters, leaf, count);
                    iters.pop();
                }
            }
            _ => unreachable!("sequences of the same shape"),
        }
    }
}

/// The shape of a whole sequence.
pub fn shape_of(seq: &[Node]) -> u64 {
    let mut v = vec![3, seq.len() as u64];
    v.extend(seq.iter().map(|n| n.shape));
    hash_of(&v)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Leaves that each start a run (no arithmetic structure in their values).
    fn seq(keys: &[u64]) -> Vec<Node> {
        keys.iter()
            .enumerate()
            .map(|(i, &k)| leaf(i, k, true))
            .collect()
    }

    fn counts(seq: &[Node]) -> Vec<usize> {
        let mut v = Vec::new();
        for n in seq {
            if let NodeKind::Loop(its) = &n.kind {
                v.push(its.len());
                v.extend(counts(&its[0]));
            }
        }
        v
    }

    #[test]
    fn nested_loops_fold_and_shapes_ignore_counts() {
        // open, (write x4) x2, close
        let a = compress(seq(&[1, 2, 2, 2, 2, 2, 2, 2, 2, 3]));
        assert_eq!(a.len(), 3);
        assert_eq!(counts(&a), vec![8]);
        // open, (write x3, sync) x2, close against (write x5, sync) x3
        let b = compress(seq(&[1, 2, 2, 2, 4, 2, 2, 2, 4, 3]));
        let c = compress(seq(&[
            1, 2, 2, 2, 2, 2, 4, 2, 2, 2, 2, 2, 4, 2, 2, 2, 2, 2, 4, 3,
        ]));
        assert_eq!(counts(&b), vec![2, 3]);
        assert_eq!(counts(&c), vec![3, 5]);
        assert_eq!(shape_of(&b), shape_of(&c));
        assert_ne!(shape_of(&a), shape_of(&b));
    }

    #[test]
    fn a_run_and_its_continuation_are_one_loop() {
        // open, write (run start), 5 writes continuing it, close; and with 1 continuation.
        let mk = |conts: usize| {
            let mut v = vec![leaf(0, 1, true), leaf(1, 2, true)];
            v.extend((0..conts).map(|k| leaf(2 + k, 2, false)));
            v.push(leaf(2 + conts, 3, true));
            compress(v)
        };
        let (a, b) = (mk(5), mk(1));
        assert_eq!(counts(&a), vec![6]);
        assert_eq!(counts(&b), vec![2]);
        assert_eq!(shape_of(&a), shape_of(&b));
        // A call with a nested one (MPI_File_write_at over pwrite), 4 times.
        let mut v = vec![leaf(0, 5, true), leaf(1, 6, true)];
        v.extend((0..3).flat_map(|k| [leaf(2 + 2 * k, 5, false), leaf(3 + 2 * k, 6, false)]));
        let c = compress(v);
        assert_eq!((c.len(), counts(&c)), (1, vec![4]));
    }

    #[test]
    fn walk_gives_iteration_indices() {
        let s = compress(seq(&[1, 2, 2, 2, 4, 2, 2, 2, 4, 3]));
        let (mut l, mut p) = (0, 0);
        let t = template(&s, &mut l, &mut p);
        assert_eq!((l, p), (4, 2));
        let mut seen = Vec::new();
        let mut loops = Vec::new();
        walk(
            &t,
            &s,
            &mut Vec::new(),
            &mut |id, i, it| seen.push((id, i, it.to_vec())),
            &mut |id, it, c| loops.push((id, it.to_vec(), c)),
        );
        assert_eq!(seen.len(), 10);
        assert_eq!(seen[5], (1, 5, vec![1, 0]));
        assert_eq!(loops[0], (0, vec![], 2));
        assert_eq!(loops[2], (1, vec![1], 3));
    }
}
