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
/// ranks measured their offset to rank 0 at MPI_Init and MPI_Finalize (drift interpolated
/// linearly between the two, like Score-P), and the other processes of a host with ranks
/// use the offset of the host's lowest rank. Hosts without ranks are placed by their
/// earliest process's real-time clock reading.
pub struct Clocks {
    /// Per host: (monotonic ns, aligned ns) of a reference point.
    host_ref: HashMap<String, (u64, u64)>,
    /// Per host with MPI ranks: offset of the host's clock against rank 0's, in ns.
    host_off: HashMap<String, i64>,
    /// Rank 0's (monotonic, realtime) start anchor.
    rank0: Option<(u64, u64)>,
}

impl Clocks {
    pub fn new(trace: &Trace) -> Clocks {
        let mut host_ref: HashMap<String, (u64, u64)> = HashMap::new();
        for p in &trace.processes {
            let e = host_ref
                .entry(p.meta.host.clone())
                .or_insert((p.meta.start.monotonic_ns, p.meta.start.realtime_ns));
            if p.meta.start.monotonic_ns < e.0 {
                *e = (p.meta.start.monotonic_ns, p.meta.start.realtime_ns);
            }
        }
        let rank0 = trace
            .processes
            .iter()
            .find(|p| p.meta.rank == Some(0))
            .map(|p| (p.meta.start.monotonic_ns, p.meta.start.realtime_ns));
        let mut host_off: HashMap<String, (u32, i64)> = HashMap::new();
        if rank0.is_some() {
            for p in &trace.processes {
                if let (Some(r), Some(o)) = (p.meta.rank, p.meta.clock_offsets.first()) {
                    let e = host_off
                        .entry(p.meta.host.clone())
                        .or_insert((r, o.offset_ns));
                    if r < e.0 {
                        *e = (r, o.offset_ns);
                    }
                }
            }
        }
        Clocks {
            host_ref,
            host_off: host_off.into_iter().map(|(h, (_, o))| (h, o)).collect(),
            rank0,
        }
    }

    pub fn map(&self, p: &ProcessTrace) -> TimeMap {
        let m = &p.meta;
        if let Some((r0_mono, r0_real)) = self.rank0 {
            let offs = &m.clock_offsets;
            let own = m.rank.is_some() && !offs.is_empty();
            if own || self.host_off.contains_key(&m.host) {
                let off0 = if own {
                    offs[0].offset_ns
                } else {
                    self.host_off[&m.host]
                };
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
