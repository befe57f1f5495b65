//! What can stop an export: the output folder and its files, encoding a table (Arrow,
//! Parquet), the trace (through the model), the worker threads, or a signal. Messages are
//! one line naming the file at fault.

use arrow_schema::ArrowError;
use parquet::errors::ParquetError;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("--parquet: empty folder name")]
    EmptyFolderName,
    /// The output folder names something else.
    #[error("{}: exists and is not a directory; not writing Parquet files there", path.display())]
    NotAFolder { path: PathBuf },
    /// A table's file is there already and --force was not given.
    #[error("{}: already exists; use --force to replace it", path.display())]
    Exists { path: PathBuf },
    /// A table's name is taken by something that is not a file.
    #[error("{}: exists and is not a file; not replacing it", path.display())]
    NotAFile { path: PathBuf },
    /// The folder or a file cannot be made, written, synced or renamed.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The Parquet writer of a table cannot be set up.
    #[error("{}: {source}", path.display())]
    Open {
        path: PathBuf,
        #[source]
        source: ParquetError,
    },
    /// A batch cannot be encoded or appended to a table's file.
    #[error("{}: {}", path.display(), unwrapped(source))]
    Parquet {
        path: PathBuf,
        #[source]
        source: ParquetError,
    },
    /// A batch of rows cannot be built for a table.
    #[error("{}: {}", path.display(), unwrapped(source))]
    Arrow {
        path: PathBuf,
        #[source]
        source: ArrowError,
    },
    /// A table's file in a state the writer does not expect (`what`).
    #[error("{}: {what}", path.display())]
    Table { path: PathBuf, what: &'static str },
    #[error("internal: table missing")]
    TableMissing,
    #[error("cannot start an encoder thread: {0}")]
    Encoder(#[source] std::io::Error),
    /// A process's encoder went away (after an error of its own, reported first).
    #[error("stopped")]
    Stopped,
    /// The job description could not be written as JSON (for the files' metadata).
    #[error("job description as JSON: {0}")]
    Json(#[source] serde_json::Error),
    /// The trace cannot be read or interpreted.
    #[error(transparent)]
    Model(io_model::Error),
    /// The worker threads could not start.
    #[error("{0}")]
    Workers(#[source] io_model::driver::PoolError),
    /// A signal stopped the export (the message names it).
    #[error("{0}")]
    Interrupted(io_model::interrupt::Interrupted),
}

/// The model's interruption (its progress callback saw a signal) is the export's own.
impl From<io_model::Error> for Error {
    fn from(e: io_model::Error) -> Error {
        match e.into_interrupted() {
            Ok(signal) => Error::Interrupted(signal),
            Err(e) => Error::Model(e),
        }
    }
}

/// An I/O error (disk full) as the system says it, without the "External: " of Parquet.
fn unwrapped(e: &impl std::fmt::Display) -> String {
    let e = e.to_string();
    e.strip_prefix("External: ").unwrap_or(&e).to_string()
}
