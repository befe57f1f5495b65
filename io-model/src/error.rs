//! What can go wrong in the model: a trace that cannot be opened or read, a thread of the
//! model that fails, and the consumer's own errors passed through (its sink's, and its
//! progress callback's, which stops the interpretation). Messages are one line naming the
//! file at fault.

use crate::interrupt::Interrupted;
use io_events::stream::StreamError;
use std::path::PathBuf;

/// What can go wrong in the model ([`ErrorKind`] says what). One pointer wide: the results
/// of the interpretation's every step carry it, and a wide error made each of them a copy
/// through memory (callgrind: about 25 instructions per record).
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct Error(Box<ErrorKind>);

/// The kinds of [`Error`].
#[derive(Debug, thiserror::Error)]
pub enum ErrorKind {
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
    Defs(io_events::Error),
    /// A thread stream that cannot be read or decoded.
    #[error(transparent)]
    Stream(StreamError),
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
    /// The consumer's sink or progress callback failed (writing its output, or another
    /// part of its work failed): its own error, which it takes back with
    /// [`Error::into_sink`].
    #[error(transparent)]
    Sink(Box<dyn std::error::Error + Send + Sync>),
    /// The consumer stopped the interpretation on a signal (its progress callback said so).
    #[error(transparent)]
    Interrupted(Interrupted),
}

impl Error {
    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.0
    }

    /// What went wrong, by value.
    pub fn into_kind(self) -> ErrorKind {
        *self.0
    }

    /// The signal that stopped the run, or else this error.
    pub fn into_interrupted(self) -> Result<Interrupted, Error> {
        match *self.0 {
            ErrorKind::Interrupted(signal) => Ok(signal),
            _ => Err(self),
        }
    }

    /// The consumer's own error `E` its sink failed with, or else this error.
    pub fn into_sink<E: std::error::Error + 'static>(self) -> Result<E, Error> {
        match *self.0 {
            ErrorKind::Sink(e) => match e.downcast::<E>() {
                Ok(mine) => Ok(*mine),
                Err(other) => Err(ErrorKind::Sink(other).into()),
            },
            kind => Err(kind.into()),
        }
    }
}

impl From<ErrorKind> for Error {
    #[cold]
    fn from(kind: ErrorKind) -> Error {
        Error(Box::new(kind))
    }
}

impl From<io_events::Error> for Error {
    #[cold]
    fn from(e: io_events::Error) -> Error {
        ErrorKind::Defs(e).into()
    }
}

impl From<StreamError> for Error {
    #[cold]
    fn from(e: StreamError) -> Error {
        ErrorKind::Stream(e).into()
    }
}

/// A consumer's error: a signal its progress callback told of is [`ErrorKind::Interrupted`],
/// any other is the consumer's own ([`ErrorKind::Sink`]).
impl From<SinkError> for Error {
    // Out of line: every sink call of the walk converts its error with `?`, and this
    // inlined there made the walk too big to inline what matters.
    #[cold]
    #[inline(never)]
    fn from(e: SinkError) -> Error {
        match e.0.downcast::<Interrupted>() {
            Ok(signal) => ErrorKind::Interrupted(*signal).into(),
            Err(mine) => ErrorKind::Sink(mine).into(),
        }
    }
}

/// Consumers whose errors are text keep using `?` on the model's results.
impl From<Error> for String {
    fn from(e: Error) -> String {
        e.to_string()
    }
}

/// A consumer's own error on its way through the model (what a [`crate::sink::Sink`] and a
/// progress callback return): any error type, boxed, so that it is one pointer wide; the consumer takes it
/// back typed with [`Error::into_sink`].
#[derive(Debug)]
pub struct SinkError(Box<dyn std::error::Error + Send + Sync>);

impl<E: std::error::Error + Send + Sync + 'static> From<E> for SinkError {
    fn from(e: E) -> SinkError {
        SinkError(Box::new(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_names_the_file_at_fault() {
        let table: Error = ErrorKind::FunctionTable {
            meta: "/t/p/meta.yaml".into(),
            source: io_events::Error::NotATrace {
                path: "/t/functions-1.txt".into(),
            },
        }
        .into();
        let text: String = table.into();
        assert!(
            text.starts_with("/t/functions-1.txt") && text.ends_with(" (named by /t/p/meta.yaml)"),
            "{text}"
        );
    }

    #[derive(Debug, thiserror::Error)]
    #[error("disk full: out.otf2")]
    struct Mine;

    #[test]
    fn a_sink_error_comes_back_typed_and_the_error_is_one_pointer() {
        let e: Error = SinkError::from(Mine).into();
        assert_eq!(e.to_string(), "disk full: out.otf2");
        assert!(e.into_sink::<Mine>().is_ok());
        let other: Error = ErrorKind::ThreadFailed("x").into();
        assert!(other.into_sink::<Mine>().is_err());
        let signal = crate::interrupt::Interrupted {
            signal: libc::SIGINT,
        };
        let stopped: Error = SinkError::from(signal).into();
        assert!(matches!(stopped.kind(), ErrorKind::Interrupted(s) if *s == signal));
        assert_eq!(stopped.to_string(), "interrupted by SIGINT");
        assert_eq!(stopped.into_interrupted().ok(), Some(signal));
        assert_eq!(std::mem::size_of::<Result<(), Error>>(), 8);
        assert_eq!(std::mem::size_of::<Result<(), SinkError>>(), 16);
    }
}
