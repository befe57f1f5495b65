//! Per-process metadata (`meta.yaml`): who ran, when, with which options, and how many
//! calls of each function were made. Written at process start and rewritten (atomically,
//! by rename) at exit with the end anchor and the counters; a killed process keeps the
//! start version, which is how readers tell an incomplete process.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// A pair of clock readings taken back to back.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct ClockAnchor {
    /// CLOCK_MONOTONIC in nanoseconds.
    pub monotonic_ns: u64,
    /// CLOCK_REALTIME in nanoseconds since the epoch.
    pub realtime_ns: u64,
}

/// One measurement of this rank's clock against rank 0's (taken at MPI_Init and at
/// MPI_Finalize): at this process's `monotonic_ns`, rank 0's monotonic clock read
/// `monotonic_ns - offset_ns`.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct ClockOffset {
    /// This process's CLOCK_MONOTONIC in ns at the measurement.
    pub monotonic_ns: u64,
    /// This clock minus rank 0's clock, in ns.
    pub offset_ns: i64,
    /// Round-trip time of the best exchange, in ns (the error bound is half of it).
    pub rtt_ns: u64,
}

/// How the process's trace ended.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// Still running, or killed: only the start metadata was written.
    Running,
    /// Normal exit (exit(), return from main, library destructor).
    Exit,
    /// _exit / _Exit.
    FastExit,
    /// The process image was replaced by exec*.
    Exec,
    /// Tracing stopped early (disk full, unwritable directory).
    Failed,
    /// Terminated by SIGTERM/SIGINT/SIGHUP (mpirun and batch systems stop a job that way):
    /// the recorder flushed everything before the signal took its default action.
    Signal,
}

/// The contents of `meta.yaml`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ProcessMeta {
    /// Native format version.
    pub format_version: u16,
    /// Version of the recorder that wrote the trace.
    pub recorder_version: String,
    /// Host name.
    pub host: String,
    /// Process id.
    pub pid: u32,
    /// Parent process id.
    pub ppid: u32,
    /// MPI rank, once known (later layers).
    #[serde(default)]
    pub rank: Option<u32>,
    /// The launcher's job id (Slurm job.step, Open MPI's job id, the PMIx namespace, Hydra's
    /// PMI key-value space), read from the environment at start: ranks are per job, and
    /// several jobs may write into one trace directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub job: Option<String>,
    /// Size of MPI_COMM_WORLD, once known.
    #[serde(default)]
    pub world_size: Option<u32>,
    /// Clock offsets against rank 0 (MPI_Init, then MPI_Finalize).
    #[serde(default)]
    pub clock_offsets: Vec<ClockOffset>,
    /// The command line.
    pub cmdline: Vec<String>,
    /// The executable.
    #[serde(default)]
    pub exe: String,
    /// The requested time resolution in ns (the thread stream headers carry the exact tick:
    /// with the TSC clock a tick is a power of two of cycles close to this).
    pub time_resolution_ns: u32,
    /// Peephole window size.
    pub window: u16,
    /// Clocks at start; tick 0 of every stream is `start.monotonic_ns`.
    pub start: ClockAnchor,
    /// Clocks at the end (absent while running or when killed).
    #[serde(default)]
    pub end: Option<ClockAnchor>,
    /// How the trace ended.
    pub ending: Ending,
    /// Why tracing stopped, when `ending` is `failed`.
    #[serde(default)]
    pub failure: Option<String>,
    /// The exit status (exit's argument or main's return value), when the process ended
    /// through exit or _exit; absent when it was killed, exec'ed or is still running.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit_status: Option<i32>,
    /// The options in effect.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// Names of the function table the streams were written with (index = function id).
    pub functions: Vec<String>,
    /// Calls per function name (at exit).
    #[serde(default)]
    pub function_counts: BTreeMap<String, u64>,
    /// Records written and bytes of stream data (at exit).
    #[serde(default)]
    pub records: u64,
    /// Bytes written to all thread streams in chunks, headers included (at exit).
    #[serde(default)]
    pub stream_bytes: u64,
    /// The process this one was forked from (its trace directory name), if any.
    #[serde(default)]
    pub forked_from: Option<String>,
    /// The trace directory of the process image this one exec'ed from, if any.
    #[serde(default)]
    pub exec_from: Option<String>,
}

impl ProcessMeta {
    /// Parse a meta.yaml file, naming it in errors.
    pub fn read(path: &Path) -> Result<ProcessMeta, String> {
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("{}: {}", path.display(), e))?;
        let m: ProcessMeta = serde_yaml::from_str(&text)
            .map_err(|e| format!("{}: not valid process metadata: {}", path.display(), e))?;
        if m.format_version != crate::FORMAT_VERSION {
            return Err(format!(
                "{}: written by native format version {} but this tool reads version {}",
                path.display(),
                m.format_version,
                crate::FORMAT_VERSION
            ));
        }
        Ok(m)
    }
    /// Serialise to YAML.
    pub fn to_yaml(&self) -> String {
        serde_yaml::to_string(self).unwrap_or_default()
    }
}
