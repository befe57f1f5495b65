//! What can go wrong printing a trace: the trace or one of its thread streams cannot be
//! read, or the output cannot be written. Messages are one line naming the file at fault
//! (the sources name it). No signal handling: the output is a stream, nothing to take back.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The trace cannot be opened.
    #[error(transparent)]
    Open(#[from] io_model::Error),
    /// A thread stream (`path`) cannot be read or decoded (the source names it).
    #[error("{source}")]
    Stream {
        path: PathBuf,
        #[source]
        source: io_events::stream::StreamError,
    },
    /// The output cannot be written.
    #[error("{0}")]
    Write(#[from] std::io::Error),
}

impl Error {
    /// Whether the reader of the output went away (`recorder2text | head`): not a failure.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Write(e) if e.kind() == std::io::ErrorKind::BrokenPipe)
    }
}
