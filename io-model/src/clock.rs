//! Clock alignment: every process's record times (ns since its own start, on its host's
//! monotonic clock) mapped onto one time line for the whole trace.

use crate::trace::{ProcessTrace, Trace};
use hashbrown::HashMap;

/// Maps a process's record times (ns since its start) onto the archive's time line.
#[derive(Clone, Copy, Debug)]
pub struct TimeMap {
    /// Aligned ns of the process start.
    base: u64,
    /// Drift of this clock against the reference, in ns per ns, from record time `t0` on
    /// (MPI ranks measured twice: at MPI_Init and at MPI_Finalize).
    t0: u64,
    slope: f64,
}

impl TimeMap {
    #[inline]
    pub fn at(&self, t: u64) -> u64 {
        if self.slope == 0.0 {
            return self.base + t;
        }
        let d = (t as f64 - self.t0 as f64) * self.slope;
        (self.base as i64 + t as i64 - d as i64).max(0) as u64
    }
}

/// Clock alignment of every process. Processes of one host share its monotonic clock; MPI
/// ranks measured their offset to their job's rank 0 at MPI_Init and MPI_Finalize (drift
/// interpolated linearly between the two, like Score-P), and the other processes of a host
/// with ranks use the offset of the host's lowest rank of their job (or of the first job
/// there). Each job is placed by its rank 0's real-time clock reading; hosts without ranks
/// by their earliest process's.
pub struct Clocks {
    /// Per host: (monotonic ns, aligned ns) of a reference point.
    host_ref: HashMap<String, (u64, u64)>,
    /// Per (job, host) with MPI ranks: offset of the host's clock against the job's rank
    /// 0's, in ns.
    host_off: HashMap<(u32, String), i64>,
    /// Per job: its rank 0's (monotonic, realtime) start anchor.
    rank0: HashMap<u32, (u64, u64)>,
    /// Per process: its job (see [`crate::run::Plan::job_of`]).
    job_of: Vec<Option<u32>>,
}

impl Clocks {
    pub fn new(trace: &Trace, job_of: &[Option<u32>]) -> Clocks {
        let mut host_ref: HashMap<String, (u64, u64)> = HashMap::new();
        for p in &trace.processes {
            let e = host_ref
                .entry(p.meta.host.clone())
                .or_insert((p.meta.start.monotonic_ns, p.meta.start.realtime_ns));
            if p.meta.start.monotonic_ns < e.0 {
                *e = (p.meta.start.monotonic_ns, p.meta.start.realtime_ns);
            }
        }
        let mut rank0 = HashMap::new();
        let mut host_off: HashMap<(u32, String), (u32, i64)> = HashMap::new();
        for (p, job) in trace.processes.iter().zip(job_of) {
            let (Some(job), Some(r)) = (*job, p.meta.rank) else {
                continue;
            };
            if r == 0 {
                rank0
                    .entry(job)
                    .or_insert((p.meta.start.monotonic_ns, p.meta.start.realtime_ns));
            }
            if let Some(o) = p.meta.clock_offsets.first() {
                let e = host_off
                    .entry((job, p.meta.host.clone()))
                    .or_insert((r, o.offset_ns));
                if r < e.0 {
                    *e = (r, o.offset_ns);
                }
            }
        }
        Clocks {
            host_ref,
            host_off: host_off.into_iter().map(|(k, (_, o))| (k, o)).collect(),
            rank0,
            job_of: job_of.to_vec(),
        }
    }

    /// The job whose clock process `pi` is placed on, and that job's offset for its host:
    /// its own job, else the first job with ranks on its host.
    fn job_clock(&self, own_job: Option<u32>, host: &str) -> Option<(u32, Option<i64>)> {
        if let Some(j) = own_job.filter(|j| self.rank0.contains_key(j)) {
            return Some((j, self.host_off.get(&(j, host.to_string())).copied()));
        }
        let mut on_host: Vec<(u32, i64)> = self
            .host_off
            .iter()
            .filter(|((j, h), _)| h == host && self.rank0.contains_key(j))
            .map(|((j, _), o)| (*j, *o))
            .collect();
        on_host.sort_unstable();
        on_host.first().map(|&(j, o)| (j, Some(o)))
    }

    /// The time map of process `pi` (`p`).
    pub fn map(&self, pi: usize, p: &ProcessTrace) -> TimeMap {
        let m = &p.meta;
        let own_job = self.job_of.get(pi).copied().flatten();
        if let Some((job, host_off)) = self.job_clock(own_job, &m.host) {
            // Its own offsets are against its own job's rank 0.
            let own = m.rank.is_some() && !m.clock_offsets.is_empty() && own_job == Some(job);
            let (r0_mono, r0_real) = self.rank0[&job];
            let off0 = if own {
                Some(m.clock_offsets[0].offset_ns)
            } else {
                host_off
            };
            if let Some(off0) = off0 {
                let offs = &m.clock_offsets;
                // Rank 0's monotonic clock at our start, then onto its real-time anchor.
                let on_r0 = m.start.monotonic_ns as i64 - off0 - r0_mono as i64;
                let base = (r0_real as i64 + on_r0).max(0) as u64;
                let (mut t0, mut slope) = (0, 0.0);
                if own && offs.len() >= 2 {
                    let (a, b) = (offs[0], offs[offs.len() - 1]);
                    if b.monotonic_ns > a.monotonic_ns {
                        slope = (b.offset_ns - a.offset_ns) as f64
                            / (b.monotonic_ns - a.monotonic_ns) as f64;
                        t0 = a.monotonic_ns.saturating_sub(m.start.monotonic_ns);
                    }
                }
                return TimeMap { base, t0, slope };
            }
        }
        let href = self.host_ref[&m.host];
        TimeMap {
            base: m.start.monotonic_ns - href.0 + href.1,
            t0: 0,
            slope: 0.0,
        }
    }
}
