//! The archive's system tree, location groups and locations, made before any record is read:
//! they follow from the plan alone (one location group per process, one location per
//! thread stream), so every process's location ids are known before processes are converted
//! in parallel (event files are named by them). They are made in the order the serial
//! conversion made them, process after process.

use definitions::GlobalDefs;
use io_model::run::{exe_name, Plan};
use io_model::trace::Trace;
use std::ops::Range;

/// Where each process's locations are: process at plan position `k` has the locations
/// `first[k]..first[k + 1]` (its threads in stream order).
pub(crate) struct Layout {
    first: Vec<u64>,
    /// Ranks of MPI_COMM_WORLD without a trace: a location each, with no events (after all
    /// processes' locations).
    pub no_trace: Range<u64>,
}

impl Layout {
    /// The locations of the process at plan position `position`.
    pub fn locations(&self, position: usize) -> Range<u64> {
        self.first[position]..self.first[position + 1]
    }
}

/// Location groups of MPI ranks first, in job and rank order, so that group ids equal rank
/// slots (with one job, ranks: Scalasca needs that); every rank of each job's
/// MPI_COMM_WORLD gets a group even without a trace, and each job its MPI_COMM_WORLD.
fn rank_groups(trace: &Trace, plan: &Plan, defs: &mut GlobalDefs) {
    let Some(n) = plan.world else {
        return;
    };
    let several = plan.jobs.len() > 1;
    for (number, job) in (1..).zip(&plan.jobs) {
        for r in 0..job.world {
            let label = plan.slot_label(job.first_slot + r);
            match plan.rank_owner.get(&(job.first_slot + r)) {
                Some(&i) => {
                    let p = &trace.processes[i];
                    defs.group(
                        &format!("{label} ({} {})", exe_name(p), p.dir.name),
                        &p.meta.host,
                    );
                }
                None => {
                    defs.groups.push(definitions::GroupDef {
                        name: format!("{label} (no trace)"),
                        node: defs.machine(),
                    });
                }
            }
        }
        let world: Vec<u32> = (job.first_slot..job.first_slot + job.world).collect();
        let c = defs.comm(&world);
        if several {
            defs.comm_names
                .insert(c, format!("MPI_COMM_WORLD (job {number})"));
        }
    }
    defs.rank_locations = vec![u64::MAX; n as usize];
}

/// Hosts, location groups and locations of every process (in plan order) and of the ranks
/// without a trace, into `defs`.
pub(crate) fn layout(trace: &Trace, plan: &Plan, defs: &mut GlobalDefs) -> Layout {
    rank_groups(trace, plan, defs);
    let mut first = Vec::with_capacity(plan.order.len() + 1);
    for &pi in &plan.order {
        first.push(defs.locations.len() as u64);
        let p = &trace.processes[pi];
        if p.threads.is_empty() {
            continue;
        }
        defs.host(&p.meta.host);
        let rank = plan.rank_slot(pi, p);
        let group = match rank {
            Some(r) => r,
            None => defs.group(
                &format!("{} {} ({})", exe_name(p), p.meta.pid, p.dir.name),
                &p.meta.host,
            ),
        };
        for (i, _, tid) in &p.threads {
            let loc = defs.location(&format!("thread {} (tid {})", i, tid), group);
            if let Some(r) = rank {
                // The main thread (the first to record) stands for the rank in MPI groups.
                if defs.rank_locations[r as usize] == u64::MAX {
                    defs.rank_locations[r as usize] = loc;
                }
            }
        }
    }
    let last = defs.locations.len() as u64;
    first.push(last);
    // Ranks without a trace still need a location in COMM_LOCATIONS.
    for r in 0..defs.rank_locations.len() {
        if defs.rank_locations[r] == u64::MAX {
            let loc = defs.location(
                &format!("{} (no trace)", plan.slot_label(r as u32)),
                r as u32,
            );
            defs.rank_locations[r] = loc;
        }
    }
    Layout {
        first,
        no_trace: last..defs.locations.len() as u64,
    }
}
