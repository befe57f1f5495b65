//! Clock alignment: every process's record times (ns since its own start, on its host's
//! monotonic clock) mapped onto one time line for the whole trace.

use crate::trace::{ProcessTrace, Trace};
use hashbrown::HashMap;
use io_events::meta::ClockOffset;

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
    /// Record times as they are (tests).
    #[cfg(test)]
    pub(crate) fn identity() -> TimeMap {
        TimeMap {
            base: 0,
            t0: 0,
            slope: 0.0,
        }
    }

    #[inline]
    pub fn at(&self, t: u64) -> u64 {
        if self.slope == 0.0 {
            return self.base.saturating_add(t);
        }
        // In i128 and saturated: times of a damaged trace may be anywhere in u64.
        let d = ((t as f64 - self.t0 as f64) * self.slope) as i128;
        (self.base as i128 + t as i128 - d).clamp(0, u64::MAX as i128) as u64
    }
}

/// How one host's monotonic clock relates to its job's rank 0's: the offset (this clock
/// minus rank 0's) at the host's monotonic time `at`, and its drift in ns per ns.
#[derive(Clone, Copy, Debug, PartialEq)]
struct HostClock {
    offset_ns: i64,
    at: u64,
    slope: f64,
}

impl HostClock {
    /// Rank 0's own host: the same clock.
    const SAME: HostClock = HostClock {
        offset_ns: 0,
        at: 0,
        slope: 0.0,
    };

    /// From one rank's measurements (at MPI_Init and MPI_Finalize): the first offset, and
    /// the drift between the first and the last.
    fn measured(offs: &[ClockOffset]) -> Option<HostClock> {
        let a = *offs.first()?;
        let b = offs[offs.len() - 1];
        let slope = if b.monotonic_ns > a.monotonic_ns {
            (b.offset_ns - a.offset_ns) as f64 / (b.monotonic_ns - a.monotonic_ns) as f64
        } else {
            0.0
        };
        Some(HostClock {
            offset_ns: a.offset_ns,
            at: a.monotonic_ns,
            slope,
        })
    }
}

/// Clock alignment of every process. Processes of one host share its monotonic clock, so
/// a host has one alignment per job: none on the host of the job's rank 0 (the clocks are
/// the same: a measured offset would only add its error), else the offsets against rank 0
/// measured at MPI_Init and MPI_Finalize by the host's rank with the shortest round trip
/// (drift interpolated linearly between the two, like Score-P). Processes that are not
/// ranks of a job use the first job with ranks on their host. Each job is placed by its
/// rank 0's real-time clock reading; hosts without ranks by their earliest process's.
pub struct Clocks {
    /// Per host: (monotonic ns, aligned ns) of a reference point.
    host_ref: HashMap<String, (u64, u64)>,
    /// Per (job, host) with MPI ranks: the host's clock against the job's rank 0's.
    host_clock: HashMap<(u32, String), HostClock>,
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
        let mut rank0_host: HashMap<u32, &str> = HashMap::new();
        for (p, job) in trace.processes.iter().zip(job_of) {
            if let (Some(job), Some(0)) = (*job, p.meta.rank) {
                rank0
                    .entry(job)
                    .or_insert((p.meta.start.monotonic_ns, p.meta.start.realtime_ns));
                rank0_host.entry(job).or_insert(p.meta.host.as_str());
            }
        }
        // Per (job, host): the best measurement (shortest round trip) of its ranks.
        let mut best: HashMap<(u32, String), (u64, HostClock)> = HashMap::new();
        for (p, job) in trace.processes.iter().zip(job_of) {
            let (Some(job), Some(_)) = (*job, p.meta.rank) else {
                continue;
            };
            let same = rank0_host.get(&job) == Some(&p.meta.host.as_str());
            let clock = if same {
                Some((0, HostClock::SAME))
            } else {
                HostClock::measured(&p.meta.clock_offsets)
                    .map(|c| (p.meta.clock_offsets[0].rtt_ns, c))
            };
            let Some((rtt, c)) = clock else {
                continue;
            };
            let e = best.entry((job, p.meta.host.clone())).or_insert((rtt, c));
            if rtt < e.0 {
                *e = (rtt, c);
            }
        }
        Clocks {
            host_ref,
            host_clock: best.into_iter().map(|(k, (_, c))| (k, c)).collect(),
            rank0,
            job_of: job_of.to_vec(),
        }
    }

    /// The job whose clock process `pi` is placed on, and its host's clock in that job:
    /// its own job, else the first job with ranks on its host.
    fn job_clock(&self, own_job: Option<u32>, host: &str) -> Option<(u32, HostClock)> {
        if let Some(j) = own_job.filter(|j| self.rank0.contains_key(j)) {
            if let Some(c) = self.host_clock.get(&(j, host.to_string())) {
                return Some((j, *c));
            }
        }
        let mut on_host: Vec<(u32, HostClock)> = self
            .host_clock
            .iter()
            .filter(|((j, h), _)| h == host && self.rank0.contains_key(j))
            .map(|((j, _), c)| (*j, *c))
            .collect();
        on_host.sort_unstable_by_key(|&(j, _)| j);
        on_host.first().copied()
    }

    /// The time map of process `pi` (`p`).
    pub fn map(&self, pi: usize, p: &ProcessTrace) -> TimeMap {
        let m = &p.meta;
        let own_job = self.job_of.get(pi).copied().flatten();
        if let Some((job, c)) = self.job_clock(own_job, &m.host) {
            let (r0_mono, r0_real) = self.rank0[&job];
            // Rank 0's monotonic clock at our start, then onto its real-time anchor.
            let on_r0 = m.start.monotonic_ns as i64 - c.offset_ns - r0_mono as i64;
            return TimeMap {
                base: (r0_real as i64 + on_r0).max(0) as u64,
                t0: c.at.saturating_sub(m.start.monotonic_ns),
                slope: c.slope,
            };
        }
        let href = self.host_ref[&m.host];
        TimeMap {
            base: m.start.monotonic_ns - href.0 + href.1,
            t0: 0,
            slope: 0.0,
        }
    }
}
