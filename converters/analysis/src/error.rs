//! What can stop an analysis or its report: the thresholds file, the trace (through the
//! model), the worker threads, drawing a plot, writing the page, or a signal. Messages are
//! one line naming the file at fault.

use plotters::drawing::DrawingAreaErrorKind;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The thresholds file cannot be read.
    #[error("{}: {source}", path.display())]
    ReadThresholds {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The thresholds file is not a regular file of at most 1 MiB.
    #[error("{}: not a YAML file of thresholds", path.display())]
    NotThresholds { path: PathBuf },
    /// The thresholds file is not the YAML expected.
    #[error("{}: {source}", path.display())]
    ParseThresholds {
        path: PathBuf,
        #[source]
        source: serde_yaml::Error,
    },
    /// The trace cannot be read or interpreted.
    #[error(transparent)]
    Model(io_model::Error),
    /// The worker threads could not start or failed (io-model's driver says why as text).
    #[error("{0}")]
    Workers(String),
    #[error("cannot draw a plot: {0}")]
    Plot(#[source] DrawingAreaErrorKind<std::io::Error>),
    #[error("cannot encode an image: {0}")]
    Image(#[source] png::EncodingError),
    /// The report's output path has no file name.
    #[error("{}: not a file name", path.display())]
    NotAFileName { path: PathBuf },
    /// The report cannot be written (to its temporary file) or renamed to its path.
    #[error("{}: {source}", path.display())]
    Write {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A signal stopped the analysis or the report (the message names it).
    #[error("{0}")]
    Interrupted(String),
}

/// The model's interruption (its progress callback saw a signal) is the analysis's own.
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
pub(crate) struct Kept(std::sync::Mutex<Vec<Error>>);

impl Kept {
    pub fn new() -> Kept {
        Kept(std::sync::Mutex::new(Vec::new()))
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
