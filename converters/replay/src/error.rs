//! What replay and compare refuse or fail at. Messages are one line naming the file or the
//! value at fault; the tools print them as they are.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file or folder under the replay's folder that cannot be made or written.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The trace cannot be read or interpreted.
    #[error(transparent)]
    Model(#[from] io_model::Error),
    /// A signal stopped the work (the message names it).
    #[error("{0}")]
    Interrupted(io_model::interrupt::Interrupted),
    /// The worker threads could not start.
    #[error("{0}")]
    Workers(#[source] io_model::driver::PoolError),
    /// `--timing` that is none of asap, original, scaled:F.
    #[error("'{0}': expected asap, original or scaled:F (0 <= F <= 1000)")]
    BadTiming(String),
    /// A recorded replay's `replay.yaml` that is not YAML.
    #[error("{}: {source}", path.display())]
    BadMap {
        path: PathBuf,
        #[source]
        source: serde_yaml::Error,
    },
    /// A recorded replay's `replay.yaml` without both prefixes.
    #[error("{}: no 'from' and 'to' prefixes", path.display())]
    MapWithoutPrefixes { path: PathBuf },
    /// An MPI-IO replay of a trace no process of which has a rank.
    #[error("{}: not an MPI trace (no process has a rank)", dir.display())]
    NotMpi { dir: PathBuf },
    /// An MPI-IO replay of a trace of several MPI jobs.
    #[error("{}: holds {jobs} MPI jobs; the MPI-IO replay takes one", dir.display())]
    ManyJobs { dir: PathBuf, jobs: usize },
    /// An MPI-IO replay of a trace that misses a rank.
    #[error("{}: rank {rank} of {world} has no process in the trace", dir.display())]
    MissingRank { dir: PathBuf, rank: u32, world: u32 },
    /// The totals shared between the replay's processes could not be mapped.
    #[error("replay: {0}")]
    SharedTotals(#[source] std::io::Error),
}

impl Error {
    /// An I/O error on `path`.
    pub(crate) fn io(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> Error {
        let path = path.into();
        move |source| Error::Io { path, source }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_the_tools_one_line() {
        let e = crate::parse_timing("soon").unwrap_err();
        assert_eq!(
            e.to_string(),
            "'soon': expected asap, original or scaled:F (0 <= F <= 1000)"
        );
        assert!(crate::parse_timing("scaled:1000").is_ok());
        for beyond in ["scaled:1000.5", "scaled:1e300", "scaled:-1", "scaled:inf"] {
            assert!(crate::parse_timing(beyond).is_err(), "{beyond}");
        }
        let e = Error::ManyJobs {
            dir: "/t".into(),
            jobs: 2,
        };
        assert_eq!(
            e.to_string(),
            "/t: holds 2 MPI jobs; the MPI-IO replay takes one"
        );
        let e = Error::MissingRank {
            dir: "/t".into(),
            rank: 3,
            world: 4,
        };
        assert_eq!(e.to_string(), "/t: rank 3 of 4 has no process in the trace");
        let e = Error::io("/d/f")(std::io::Error::from_raw_os_error(libc::ENOENT));
        assert_eq!(
            e.to_string(),
            "/d/f: No such file or directory (os error 2)"
        );
    }
}
