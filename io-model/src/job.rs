//! What the traced job was: who ran which command, where, when, with which MPI library,
//! and how its processes ended. Every answer opens with it (PyDarshan's summary does), so
//! that a report read weeks later still says what run it describes. Gathered from the
//! processes' meta.yaml alone: no stream is read.

use crate::trace::Trace;
use io_events::meta::{Ending, ProcessMeta};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// The job's description.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct JobDescription {
    /// Users the processes ran as (`USER` at start; one in a normal job).
    pub users: Vec<String>,
    /// The command line of rank 0, else of the process that started first.
    pub command: Vec<String>,
    /// Distinct command lines among the processes (more than one: a workflow, or a launcher
    /// script traced with its children).
    pub commands: usize,
    /// The earliest start of a process, in ns since the Unix epoch (CLOCK_REALTIME).
    pub start_unix_ns: Option<u64>,
    /// The latest end of a process that ended, in ns since the Unix epoch.
    pub end_unix_ns: Option<u64>,
    /// Hosts, sorted.
    pub hosts: Vec<String>,
    pub processes: usize,
    pub mpi_ranks: usize,
    /// The MPI libraries the processes loaded (MPI_Get_library_version's first line).
    pub mpi_libraries: Vec<String>,
    /// How the processes ended, one entry per distinct outcome, most frequent first.
    pub outcomes: Vec<OutcomeCount>,
}

/// How a process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(tag = "ending", rename_all = "snake_case")]
pub enum Outcome {
    /// exit(), _exit() or a return from main, with its status when the recorder saw it.
    Exit { status: Option<i32> },
    /// Stopped by SIGTERM, SIGINT or SIGHUP (the recorder flushed its trace first).
    Signal { signal: Option<i32> },
    /// The process image was replaced by exec.
    Exec,
    /// Tracing stopped early (a full disk, an unwritable directory); the program ran on.
    TracingFailed,
    /// No end was recorded: killed (SIGKILL, a crash) or still running.
    NoEnd,
}

/// An outcome and the number of processes that ended so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct OutcomeCount {
    #[serde(flatten)]
    pub outcome: Outcome,
    pub processes: usize,
}

impl Outcome {
    fn of(m: &ProcessMeta) -> Outcome {
        match m.ending {
            Ending::Exit | Ending::FastExit => Outcome::Exit {
                status: m.exit_status,
            },
            Ending::Signal => Outcome::Signal { signal: m.signal },
            Ending::Exec => Outcome::Exec,
            Ending::Failed => Outcome::TracingFailed,
            Ending::Running => Outcome::NoEnd,
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Outcome::Exit { status: Some(s) } => write!(f, "exit status {s}"),
            Outcome::Exit { status: None } => f.write_str("exit (status not seen)"),
            Outcome::Signal { signal: Some(s) } => write!(f, "signal {s} ({})", signal_name(s)),
            Outcome::Signal { signal: None } => f.write_str("signal"),
            Outcome::Exec => f.write_str("exec"),
            Outcome::TracingFailed => f.write_str("tracing failed"),
            Outcome::NoEnd => f.write_str("no end recorded (killed or still running)"),
        }
    }
}

/// The names of the signals the recorder stops at.
fn signal_name(s: i32) -> &'static str {
    match s {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGTERM => "SIGTERM",
        _ => "?",
    }
}

impl JobDescription {
    /// The description of the trace's job(s).
    pub fn of(trace: &Trace) -> JobDescription {
        let metas: Vec<&ProcessMeta> = trace.processes.iter().map(|p| &p.meta).collect();
        let set = |f: &dyn Fn(&ProcessMeta) -> Option<String>| -> Vec<String> {
            let s: BTreeSet<String> = metas.iter().filter_map(|m| f(m)).collect();
            s.into_iter().collect()
        };
        let first = metas
            .iter()
            .min_by_key(|m| (m.rank.unwrap_or(u32::MAX), m.start.realtime_ns));
        let commands: BTreeSet<&Vec<String>> = metas.iter().map(|m| &m.cmdline).collect();
        let mut outcomes: BTreeMap<Outcome, usize> = BTreeMap::new();
        for m in &metas {
            *outcomes.entry(Outcome::of(m)).or_default() += 1;
        }
        let mut outcomes: Vec<OutcomeCount> = outcomes
            .into_iter()
            .map(|(outcome, processes)| OutcomeCount { outcome, processes })
            .collect();
        outcomes.sort_by(|a, b| b.processes.cmp(&a.processes));
        JobDescription {
            users: set(&|m| m.user.clone()),
            command: first.map(|m| m.cmdline.clone()).unwrap_or_default(),
            commands: commands.len(),
            start_unix_ns: metas.iter().map(|m| m.start.realtime_ns).min(),
            end_unix_ns: metas
                .iter()
                .filter_map(|m| m.end)
                .map(|e| e.realtime_ns)
                .max(),
            hosts: set(&|m| Some(m.host.clone())),
            processes: metas.len(),
            mpi_ranks: metas.iter().filter(|m| m.rank.is_some()).count(),
            mpi_libraries: set(&|m| m.mpi_library.clone()),
            outcomes,
        }
    }

    /// The wall-clock time between the first start and the last end, in ns.
    pub fn wall_ns(&self) -> Option<u64> {
        Some(self.end_unix_ns?.saturating_sub(self.start_unix_ns?))
    }

    /// The command line as one string, each argument quoted when a shell would need it.
    pub fn command_line(&self) -> String {
        let quote = |a: &String| {
            let plain = !a.is_empty()
                && a.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_./=:,+@%".contains(&b));
            if plain {
                a.clone()
            } else {
                format!("'{}'", a.replace('\'', "'\\''"))
            }
        };
        self.command.iter().map(quote).collect::<Vec<_>>().join(" ")
    }

    /// The outcomes in one line: "exit status 0 (4 processes), signal 15 (SIGTERM) (1)".
    pub fn outcome_line(&self) -> String {
        let parts: Vec<String> = self
            .outcomes
            .iter()
            .map(|o| {
                let s = if o.processes == 1 { "" } else { "es" };
                format!("{} ({} process{s})", o.outcome, o.processes)
            })
            .collect();
        parts.join(", ")
    }
}

/// A time in ns since the Unix epoch as ISO 8601 in UTC, to the second
/// ("2026-11-27T12:50:27Z").
pub fn utc(unix_ns: u64) -> String {
    let secs = (unix_ns / 1_000_000_000) as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    let (hh, mm, ss) = (rem / 3600, rem % 3600 / 60, rem % 60);
    format!("{y:04}-{m:02}-{d:02}T{hh:02}:{mm:02}:{ss:02}Z")
}

/// The proleptic Gregorian date of a day number counted from 1970-01-01, by eras of
/// 400 years (146,097 days), whose calendar repeats exactly.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468; // days from 0000-03-01, the start of a March-based year
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097); // day of the era
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365; // year of the era
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // day of the March-based year
    let mp = (5 * doy + 2) / 153; // month, March = 0
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_dates_across_leap_years_and_centuries() {
        assert_eq!(utc(0), "1970-01-01T00:00:00Z");
        // 2000-02-29 (a leap day of a century divisible by 400) at 12:34:56.
        assert_eq!(utc(951_827_696_000_000_000), "2000-02-29T12:34:56Z");
        assert_eq!(utc(951_868_800_000_000_000), "2000-03-01T00:00:00Z");
        // 2100-03-01: 2100 is no leap year.
        assert_eq!(utc(4_107_542_400_000_000_000), "2100-03-01T00:00:00Z");
        assert_eq!(utc(1_798_372_800_999_999_999), "2026-12-27T12:00:00Z");
    }

    #[test]
    fn command_lines_are_quoted_for_a_shell() {
        let j = JobDescription {
            command: vec!["./ior".into(), "-o".into(), "a b".into(), "it's".into()],
            ..Default::default()
        };
        assert_eq!(j.command_line(), r"./ior -o 'a b' 'it'\''s'");
    }
}
