//! What is PnetCDF's own: whether a non-blocking start's completion is collective
//! (ncmpi_wait_all) is seen only at its end while the start's Begin needs it, so a first pass
//! over the process's records ([`collective_starts`]) finds those starts. Its files and
//! variables are the shared [`super::objects`] and [`super::variables`].

use super::objects::{req_key, which_covers, ReqKey};
use super::record::field;
use crate::calls::CallTrees;
use crate::error::Error;
use crate::trace::ProcessTrace;
use hashbrown::{HashMap, HashSet};
use io_events::codec::Record;
use io_events::functions::{Dir, FunctionInfo, Mapping, FUNCTIONS, RET};

/// The PnetCDF layer's part of a process's state.
pub(crate) struct PnetCdfState {
    /// Non-blocking starts (NamedStart) whose completion is collective, as (thread, n-th
    /// start of that thread).
    collective_starts: HashSet<(usize, u64)>,
    /// Per thread, how many NamedStart records it has had so far.
    starts_seen: Vec<u64>,
}

impl PnetCdfState {
    /// The state of process `p`, after the first pass over its records.
    pub(crate) fn new(p: &ProcessTrace) -> Result<PnetCdfState, Error> {
        Ok(PnetCdfState {
            collective_starts: collective_starts(p)?,
            starts_seen: vec![0; p.threads.len()],
        })
    }

    /// A NamedStart of `thread` that leaves its request in flight: whether a collective
    /// call completes it.
    pub(crate) fn next_start_collective(&mut self, thread: usize) -> bool {
        let n = self.starts_seen[thread];
        self.starts_seen[thread] += 1;
        self.collective_starts.contains(&(thread, n))
    }
}

/// The non-blocking starts (NamedStart records, as (thread, n-th start of the thread)) whose
/// request a collective call completes (ncmpi_wait_all): their Begin carries COLLECTIVE,
/// which is known only once the completion is seen, hence this first pass. Only processes
/// that used PnetCDF are read twice; a request completed on another thread than the one
/// that started it keeps NON_BLOCKING alone.
pub(crate) fn collective_starts(p: &ProcessTrace) -> Result<HashSet<(usize, u64)>, Error> {
    let mut out = HashSet::new();
    if !p.meta.options.contains_key("pnetcdf") {
        return Ok(out);
    }
    let coll = |info: &FunctionInfo, r: &Record, c: u8| c != RET && field(info, r, c) != 0;
    for (ti, (_, path, _)) in p.threads.iter().enumerate() {
        let mut n = 0u64;
        let mut pending: HashMap<ReqKey, (u64, Dir)> = HashMap::new();
        let mut trees = CallTrees::open(path, p.func_map.clone(), p.duration_ns())?;
        while let Some(tree) = trees.next_tree()? {
            for r in tree.iter() {
                let info = &FUNCTIONS[r.func as usize];
                match info.mapping {
                    Mapping::NamedStart { file, dir, id, .. }
                        if !info.fail.failed(r.ret()) && field(info, r, id) != u64::MAX =>
                    {
                        pending.insert(req_key(info, r, file, id), (n, dir));
                        n += 1;
                    }
                    Mapping::ReqDone {
                        file, id, coll: c, ..
                    } => {
                        if let Some((k, _)) = pending.remove(&req_key(info, r, file, id)) {
                            if coll(info, r, c) {
                                out.insert((ti, k));
                            }
                        }
                    }
                    Mapping::ReqsDone {
                        file,
                        which,
                        coll: c,
                        ..
                    } => {
                        let (owner, wh) = (field(info, r, file), field(info, r, which));
                        let all = coll(info, r, c);
                        pending.retain(|key, (k, d)| {
                            let hit = key.0 == info.layer && key.1 == owner && which_covers(wh, *d);
                            if hit && all {
                                out.insert((ti, *k));
                            }
                            !hit
                        });
                    }
                    _ => {}
                }
            }
            trees.recycle(tree);
        }
    }
    Ok(out)
}
