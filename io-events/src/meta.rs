//! Per-process metadata (`meta.yaml`): who ran, when, with which options, and how many
//! calls of each function were made. Written at process start and rewritten (atomically,
//! by rename) at exit with the end anchor and the counters; a killed process keeps the
//! start version, which is how readers tell an incomplete process.

use crate::error::{Error, MetaProblem, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// Largest meta.yaml a reader accepts (the command line is the only big part: Linux
/// caps it at a few MiB).
pub const MAX_META_BYTES: u64 = 16 << 20;
/// Deepest nesting of collections a reader accepts in meta.yaml (it writes 3).
pub const MAX_META_DEPTH: usize = 32;
/// Largest MPI_COMM_WORLD a reader accepts (the largest machines run a few million ranks).
pub const MAX_WORLD_SIZE: u32 = 1 << 24;

/// Why `text` nests collections deeper than [`MAX_META_DEPTH`], checked before the YAML
/// parser sees it (its time grows with the square of the depth). Conservative: block
/// nesting is measured by indentation and `- `/`? `/`: ` indicators at the start of a line,
/// flow nesting by brackets outside quoted scalars.
pub fn too_deep(text: &str) -> Option<String> {
    let mut flow = 0usize;
    for (n, line) in text.lines().enumerate() {
        let lead = line
            .bytes()
            .take_while(|b| matches!(b, b' ' | b'-' | b'?' | b':' | b'\t'))
            .count();
        // Two columns per level, the way YAML writers indent.
        if lead > 2 * MAX_META_DEPTH + 8 {
            return Some(format!(
                "line {} nests deeper than {MAX_META_DEPTH} levels",
                n + 1
            ));
        }
        let (mut quote, mut prev, mut escaped) = (None, b' ', false);
        for b in line.bytes() {
            let was_escaped = std::mem::take(&mut escaped);
            match (quote, b) {
                (Some(b'"'), b'\\') if !was_escaped => escaped = true,
                (Some(q), _) if b == q && !was_escaped => quote = None,
                (Some(_), _) => {}
                (None, b'\'' | b'"') if b" \t[{,:-".contains(&prev) => quote = Some(b),
                (None, b'#') if prev == b' ' => break,
                (None, b'[' | b'{') => {
                    flow += 1;
                    if flow > MAX_META_DEPTH {
                        return Some(format!(
                            "line {} nests deeper than {MAX_META_DEPTH} levels",
                            n + 1
                        ));
                    }
                }
                (None, b']' | b'}') => flow = flow.saturating_sub(1),
                _ => {}
            }
            prev = b;
        }
    }
    None
}

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
    /// The user running the process (`USER`, else `LOGNAME`, at start; the recorder does
    /// not read the password database: that would be I/O the program never made).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<String>,
    /// The real user id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uid: Option<u32>,
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
    /// The MPI library the process loaded (MPI_Get_library_version's first line), once its
    /// first MPI call was made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mpi_library: Option<String>,
    /// Why the MPI layers were off in this process (an MPI the recorder does not know).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mpi_layers_off: Option<String>,
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
    /// The signal that stopped the process, when `ending` is `signal`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signal: Option<i32>,
    /// The options in effect.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// Names of the function table the streams were written with (index = function id),
    /// when the table is not in a file of the trace directory (`functions_file`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub functions: Vec<String>,
    /// The trace directory's file holding the function table
    /// ([`crate::layout::functions_file_name`]); readers fill `functions` from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub functions_file: Option<String>,
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
    pub fn read(path: &Path) -> Result<ProcessMeta> {
        let bytes = crate::layout::read_trace_file(path, MAX_META_BYTES)?;
        Self::parse(bytes).map_err(|problem| Error::Meta {
            path: path.into(),
            problem,
        })
    }

    /// Parse and check the bytes of a meta.yaml.
    fn parse(bytes: Vec<u8>) -> Result<ProcessMeta, MetaProblem> {
        let text = String::from_utf8(bytes).map_err(|_| MetaProblem::NotUtf8)?;
        if let Some(why) = too_deep(&text) {
            return Err(MetaProblem::TooDeep(why));
        }
        let m: ProcessMeta = serde_yaml::from_str(&text).map_err(MetaProblem::Yaml)?;
        if m.format_version != crate::FORMAT_VERSION {
            return Err(MetaProblem::Version(m.format_version));
        }
        m.check()?;
        Ok(m)
    }

    /// The function table the streams were written with: `functions`, or the trace
    /// directory's `functions_file` (`meta` is this process's meta.yaml, in its folder of
    /// the trace directory). Readers of many processes share one table per file instead.
    pub fn function_names(&self, meta: &Path) -> Result<Vec<String>> {
        match &self.functions_file {
            Some(name) if self.functions.is_empty() => {
                let trace = meta
                    .parent()
                    .and_then(Path::parent)
                    .ok_or_else(|| Error::NotInTrace { path: meta.into() })?;
                crate::layout::read_functions_file(trace, name)
            }
            _ => Ok(self.functions.clone()),
        }
    }

    /// Values the rest of the tools index or size things by, checked against each other.
    fn check(&self) -> Result<(), MetaProblem> {
        match (self.rank, self.world_size) {
            (Some(rank), Some(world_size)) if rank >= world_size => {
                Err(MetaProblem::RankNotBelowWorld { rank, world_size })
            }
            (Some(r), None) => Err(MetaProblem::RankWithoutWorld(r)),
            (_, Some(n)) if n == 0 || n > MAX_WORLD_SIZE => Err(MetaProblem::WorldSize {
                world_size: n,
                max: MAX_WORLD_SIZE,
            }),
            _ if self.window == 0 || self.window as usize > crate::codec::MAX_WINDOW => {
                Err(MetaProblem::Window(self.window))
            }
            _ if self.functions.is_empty() && self.functions_file.is_none() => {
                Err(MetaProblem::NoFunctionTable)
            }
            _ if self
                .functions_file
                .as_deref()
                .is_some_and(|f| !crate::layout::is_functions_file_name(f)) =>
            {
                Err(MetaProblem::BadFunctionsFile)
            }
            _ if self.functions.len() > u16::MAX as usize + 1 => {
                Err(MetaProblem::TooManyFunctions(self.functions.len()))
            }
            _ => Ok(()),
        }
    }
    /// Serialise to YAML.
    pub fn to_yaml(&self) -> String {
        serde_yaml::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nesting_is_bounded_before_parsing() {
        assert!(too_deep(
            "a: [1, [2, {b: 3}]]\nc:\n  - d: 'x[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[['\n"
        )
        .is_none());
        assert!(too_deep(&format!("a: \"\\\"{}\"", "[".repeat(40))).is_none());
        let deep = format!("a: {}", "[".repeat(33));
        assert!(too_deep(&deep).unwrap().contains("line 1"));
        let t = std::time::Instant::now();
        assert!(too_deep(&"[".repeat(100_000)).is_some());
        assert!(too_deep(&format!("a: {}{}", "[".repeat(40), "]".repeat(40))).is_some());
        assert!(t.elapsed().as_secs() < 1);
        let block: String = (0..40).map(|i| format!("{}- \n", "  ".repeat(i))).collect();
        assert!(too_deep(&block).is_some());
        assert!(too_deep(&format!("a: {}", "- ".repeat(40))).is_none());
        assert!(too_deep(&"- ".repeat(40)).is_some());
    }
}
