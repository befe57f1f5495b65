//! What can stop a check: the folder or a run of the accesses beyond the memory budget, the
//! trace (through the model), the worker threads, or a signal. Messages are one line naming
//! the file at fault.

use std::path::PathBuf;
use std::sync::Arc;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The private folder of the runs cannot be made (shared by every worker that spills).
    #[error("{}: cannot make a folder for the accesses beyond --memory: {source} (give another with --tmp-dir)", path.display())]
    SpillDir {
        path: PathBuf,
        #[source]
        source: Arc<std::io::Error>,
    },
    /// A run of sorted accesses cannot be written.
    #[error("{}: {source} (give another folder with --tmp-dir, or more --memory)", path.display())]
    WriteRun {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A run cannot be opened or read back for the merge.
    #[error("{}: {source}", path.display())]
    ReadRun {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The trace cannot be read or interpreted.
    #[error(transparent)]
    Model(io_model::Error),
    /// The worker threads could not start.
    #[error("{0}")]
    Workers(#[source] io_model::driver::PoolError),
    /// A signal stopped the check (the message names it).
    #[error("{0}")]
    Interrupted(io_model::interrupt::Interrupted),
}

/// The model's interruption (its progress callback saw a signal) is the check's own.
impl From<io_model::Error> for Error {
    fn from(e: io_model::Error) -> Error {
        match e.into_interrupted() {
            Ok(signal) => Error::Interrupted(signal),
            Err(e) => Error::Model(e),
        }
    }
}
