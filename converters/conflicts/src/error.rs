//! What can stop a check: the folder or a run of the accesses beyond the memory budget, the
//! trace (through the model), the worker threads, or a signal. Messages are one line naming
//! the file at fault.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

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
    /// The worker threads could not start or failed (io-model's driver says why as text).
    #[error("{0}")]
    Workers(String),
    /// A signal stopped the check (the message names it).
    #[error("{0}")]
    Interrupted(String),
}

/// The model's interruption (its progress callback saw a signal) is the check's own.
impl From<io_model::Error> for Error {
    fn from(e: io_model::Error) -> Error {
        match e.into_kind() {
            io_model::ErrorKind::Interrupted(m) => Error::Interrupted(m),
            kind => Error::Model(kind.into()),
        }
    }
}

/// The workers' typed errors while io-model's driver carries them as text: each is kept
/// here, and the one whose message the driver returns is taken back out.
pub(crate) struct Kept(Mutex<Vec<Error>>);

impl Kept {
    pub fn new() -> Kept {
        Kept(Mutex::new(Vec::new()))
    }

    /// Keep `e`; its message for the driver.
    pub fn keep(&self, e: Error) -> String {
        let text = e.to_string();
        self.0.lock().unwrap_or_else(|p| p.into_inner()).push(e);
        text
    }

    /// The kept error the driver returned as `text` (the driver's own: `Workers`).
    pub fn take(self, text: String) -> Error {
        let kept = self.0.into_inner().unwrap_or_else(|p| p.into_inner());
        kept.into_iter()
            .find(|e| e.to_string() == text)
            .unwrap_or(Error::Workers(text))
    }
}
