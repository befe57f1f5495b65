//! What can go wrong writing a Perfetto timeline: a selection that leaves nothing to write,
//! an output that is not free, a file that cannot be created, written or renamed, the trace
//! the model cannot read, a signal. Messages are one line naming the file at fault.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// `--ranks` selects no process of the trace.
    #[error("{}: no process matches --ranks", trace.display())]
    NoProcess { trace: PathBuf },
    /// `--to` is not after `--from`.
    #[error("the time window is empty (--to must be after --from)")]
    EmptyWindow,
    /// The worker threads could not start.
    #[error("{0}")]
    Pool(#[source] io_model::driver::PoolError),
    /// An output exists and `--force` was not given.
    #[error("{}: already exists; use --force to replace it", path.display())]
    Exists { path: PathBuf },
    /// An output name is taken by something other than a file.
    #[error("{}: exists and is not a file; not replacing it", path.display())]
    NotAFile { path: PathBuf },
    /// The output's directory does not exist.
    #[error("{}: no such directory for the output", path.display())]
    NoDirectory { path: PathBuf },
    /// An output (its temporary file), or its final name, cannot be created, written,
    /// synced or renamed to.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A piece written to after the output was closed.
    #[error("output closed")]
    Closed,
    /// The model could not read or interpret the trace.
    #[error(transparent)]
    Model(io_model::Error),
    /// A signal stopped the writing.
    #[error("interrupted by {}", io_model::interrupt::name(*signal))]
    Interrupted { signal: i32 },
}

impl Error {
    pub(crate) fn io(path: &std::path::Path, source: std::io::Error) -> Error {
        Error::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// The model's error: the writer's own when its sink failed; a run its progress callback
/// stopped on a signal is [`Error::Interrupted`].
impl From<io_model::Error> for Error {
    fn from(e: io_model::Error) -> Error {
        let e = match e.into_sink::<Error>() {
            Ok(mine) => return mine,
            Err(e) => e,
        };
        match e.into_interrupted() {
            Ok(i) => Error::Interrupted { signal: i.signal },
            Err(e) => Error::Model(e),
        }
    }
}
