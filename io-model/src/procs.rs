//! Who the processes of a trace are, as analyses list them: [`ProcInfo`] (rank, job, host,
//! program), the number a process goes by in lists of ranks ([`rank_id`]), and where time
//! series start ([`origin`]). Shared by `summary`, `report` and `conflicts`.

use crate::run::{exe_name, Plan};
use crate::trace::Trace;

/// One process of the trace.
#[derive(Clone, Debug)]
pub struct ProcInfo {
    pub index: usize,
    /// Its MPI rank in its job.
    pub rank: Option<u32>,
    /// Its job's number (from 1, in launch order) when the trace holds several MPI jobs.
    pub job: Option<u32>,
    /// Its rank's slot among all jobs' ranks (the rank itself with one job).
    pub slot: Option<u32>,
    /// The launcher's id of its job (Slurm's `job.step`, Open MPI's job id ...).
    pub job_id: Option<String>,
    pub pid: u32,
    pub host: String,
    pub exe: String,
    pub complete: bool,
}

impl ProcInfo {
    /// "rank 3" (or "job 2 rank 3" with several jobs) for MPI ranks, else "prog 1234".
    pub fn label(&self) -> String {
        match (self.job, self.rank) {
            (Some(j), Some(r)) => format!("job {j} rank {r}"),
            (None, Some(r)) => format!("rank {r}"),
            (_, None) => format!("{} {}", self.exe, self.pid),
        }
    }
}

/// Who process `pi` of the trace is (rank, job, host, program).
pub fn proc_info(trace: &Trace, plan: &Plan, pi: usize) -> ProcInfo {
    let p = &trace.processes[pi];
    ProcInfo {
        index: pi,
        rank: plan.rank(pi, p),
        job: plan.rank(pi, p).and(plan.job_number(pi)),
        slot: plan.rank_slot(pi, p),
        job_id: p.meta.job.clone(),
        pid: p.meta.pid,
        host: p.meta.host.clone(),
        exe: exe_name(p),
        complete: p.complete(),
    }
}

/// Where time series start: the earliest process start on the common time line.
pub fn origin(trace: &Trace, plan: &Plan) -> u64 {
    trace
        .processes
        .iter()
        .enumerate()
        .map(|(pi, p)| plan.clocks.map(pi, p).at(0))
        .min()
        .unwrap_or(0)
}

/// A process's number in lists of ranks: its MPI rank (its rank slot when the trace holds
/// several jobs: the sizes of the jobs launched before its own plus its rank), or its pid
/// when it has none.
pub fn rank_id(p: &ProcInfo) -> u64 {
    p.slot.map(u64::from).unwrap_or(p.pid as u64)
}
