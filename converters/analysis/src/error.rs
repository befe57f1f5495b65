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
    /// The worker threads could not start.
    #[error("{0}")]
    Workers(#[source] io_model::driver::PoolError),
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
    Interrupted(io_model::interrupt::Interrupted),
}

/// The model's interruption (its progress callback saw a signal) is the analysis's own.
impl From<io_model::Error> for Error {
    fn from(e: io_model::Error) -> Error {
        match e.into_interrupted() {
            Ok(signal) => Error::Interrupted(signal),
            Err(e) => Error::Model(e),
        }
    }
}
