//! What can go wrong writing an OTF2 archive: the archive that cannot be created or written
//! (the file OTF2 names, or the archive itself), the trace the model cannot read, a trace
//! without streams, an archive on disk that is not ours to remove, an MPI step, a signal.
//! Messages are one line naming the file at fault.

use std::path::PathBuf;

/// Stands for the archive's anchor in errors that name no file; [`Error::named`] puts the
/// path in its place.
pub(crate) const ARCHIVE: &str = "<archive>";

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The archive cannot be created at `path`.
    #[error("{}: {source}", path.display())]
    Create {
        path: PathBuf,
        #[source]
        source: otf2_sys::Otf2Error,
    },
    /// A write failed on a file OTF2 names (disk full, file too large ...).
    #[error("{}: {reason}", path.display())]
    WriteFile {
        path: PathBuf,
        reason: String,
        #[source]
        source: otf2_sys::Otf2Error,
    },
    /// A write of the archive failed without a file named (the anchor stands for it).
    #[error("{ARCHIVE}: {reason}")]
    WriteArchive {
        reason: String,
        #[source]
        source: otf2_sys::Otf2Error,
    },
    /// Any other OTF2 call failed.
    #[error(transparent)]
    Otf2(otf2_sys::Otf2Error),
    /// The model could not read or interpret the trace.
    #[error(transparent)]
    Model(io_model::Error),
    /// No thread stream of the trace could be read (`first` of `count` warnings says why).
    #[error("{}: no thread stream could be read ({count} warnings; the first: {first})", trace.display())]
    NoStreamRead {
        trace: PathBuf,
        count: usize,
        first: String,
    },
    /// The trace holds no thread stream at all.
    #[error("{}: the trace holds no thread streams (no traced call was made)", trace.display())]
    NoStreams { trace: PathBuf },
    /// A file was deleted through a paradigm the metadata did not name.
    #[error("the trace uses I/O paradigms its metadata does not name (files deleted through {paradigm} got id {id}, defined as {at}); convert with a reader of the trace's version")]
    UnnamedParadigm {
        paradigm: &'static str,
        id: u8,
        at: usize,
    },
    /// A file where the archive goes that OTF2 did not write (`what`: anchor file ...).
    #[error("{}: exists and is not an OTF2 {what}; {advice}", path.display())]
    NotOtf2 {
        path: PathBuf,
        what: &'static str,
        advice: &'static str,
    },
    /// A file or folder of the archive that cannot be removed.
    #[error("{}: {source}", path.display())]
    Remove {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A process after one that failed stopped (its work would be thrown away).
    #[error("stopped: an earlier process failed")]
    EarlierFailed,
    /// An MPI step failed, or another rank's error agreed on.
    #[error(transparent)]
    Mpi(#[from] otf2_sys::mpi::Error),
    /// Rank 0 cannot read what a rank sent.
    #[error("MPI rank {rank} sent a damaged message: {source}")]
    DamagedMessage {
        rank: i32,
        #[source]
        source: definitions::Error,
    },
    /// The error a rank sent rank 0, as it displayed it.
    #[error("{message}")]
    Rank { rank: i32, message: String },
    /// A signal stopped the conversion.
    #[error("interrupted by {}", io_model::interrupt::name(*signal))]
    Interrupted { signal: i32 },
}

impl Error {
    /// OTF2's error; a failed write (disk full, file too large) names the file and the
    /// reason, as the system says it.
    pub(crate) fn otf2(e: otf2_sys::Otf2Error) -> Error {
        match e.file_failure() {
            Some((file, reason)) if file.contains('/') && !file.contains(' ') => Error::WriteFile {
                path: file.trim_start_matches("./").into(),
                reason: reason.to_string(),
                source: e,
            },
            Some((_, reason)) => Error::WriteArchive {
                reason: reason.to_string(),
                source: e,
            },
            None => Error::Otf2(e),
        }
    }

    /// This error with the archive named by its path `out` where it says [`ARCHIVE`].
    pub(crate) fn named(self, out: &std::path::Path) -> Error {
        use otf2_sys::mpi::Error::Agreed;
        let name = |m: String| match m.strip_prefix(ARCHIVE) {
            Some(rest) => format!("{}{rest}", out.display()),
            None => m,
        };
        match self {
            Error::WriteArchive { reason, source } => Error::WriteFile {
                path: out.to_path_buf(),
                reason,
                source,
            },
            Error::Mpi(Agreed { rank, message }) => Error::Mpi(Agreed {
                rank,
                message: name(message),
            }),
            Error::Rank { rank, message } => Error::Rank {
                rank,
                message: name(message),
            },
            e => e,
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

/// Stop with [`Error::Interrupted`] once a signal was received.
pub(crate) fn check_interrupt() -> Result<(), Error> {
    match io_model::interrupt::received() {
        Some(signal) => Err(Error::Interrupted { signal }),
        None => Ok(()),
    }
}
