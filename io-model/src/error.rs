//! What can go wrong in the model: a trace that cannot be opened or read, a thread of the
//! model that fails, and the consumer's own errors passed through (its sink's, and its
//! progress callback's, which stops the interpretation). Messages are one line naming the
//! file at fault.

use io_events::stream::StreamError;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The trace directory does not exist or is not a directory.
    #[error("{}: {reason}", path.display())]
    NotATrace { path: PathBuf, reason: &'static str },
    /// A file of the trace that cannot be read or parsed (the source names it).
    #[error("{source}")]
    BadFile {
        path: PathBuf,
        #[source]
        source: io_events::Error,
    },
    /// The function table a process's meta.yaml names cannot be read.
    #[error("{source} (named by {})", meta.display())]
    FunctionTable {
        meta: PathBuf,
        #[source]
        source: io_events::Error,
    },
    /// A process folder whose thread streams cannot be listed.
    #[error("{}: {source}", path.display())]
    ListThreads {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A definitions file that cannot be read.
    #[error(transparent)]
    Defs(#[from] io_events::Error),
    /// A thread stream that cannot be read or decoded.
    #[error(transparent)]
    Stream(#[from] StreamError),
    /// A thread of the model (`what`) could not start.
    #[error("cannot start {what}: {source}")]
    Spawn {
        what: &'static str,
        #[source]
        source: std::io::Error,
    },
    /// A thread of the model stopped without its result.
    #[error("{0}")]
    ThreadFailed(&'static str),
    /// The consumer's sink failed (writing its output).
    #[error("{0}")]
    Sink(String),
    /// The consumer stopped the interpretation: its progress callback failed (a tool
    /// interrupted by a signal).
    #[error("{0}")]
    Interrupted(String),
}

/// A sink's errors are the consumer's own, as text.
impl From<String> for Error {
    fn from(message: String) -> Error {
        Error::Sink(message)
    }
}

/// Consumers whose errors are text keep using `?` on the model's results.
impl From<Error> for String {
    fn from(e: Error) -> String {
        e.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_names_the_file_at_fault() {
        let table = Error::FunctionTable {
            meta: "/t/p/meta.yaml".into(),
            source: io_events::Error::NotATrace {
                path: "/t/functions-1.txt".into(),
            },
        };
        let text: String = table.into();
        assert!(
            text.starts_with("/t/functions-1.txt") && text.ends_with(" (named by /t/p/meta.yaml)"),
            "{text}"
        );
    }
}
