//! What can go wrong extrapolating: an output that exists or cannot be written, inputs that
//! are not traces of one program at three or more rank counts, a call no model fits or
//! whose model gives no value at the target, the trace the model cannot read, a signal.
//! Messages are one line, naming the trace or the call at fault.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// `--ranks 0`.
    #[error("--ranks must be at least 1")]
    NoRanks,
    /// The output folder exists (nothing is overwritten).
    #[error("{}: exists; give a new folder for the extrapolated trace", path.display())]
    Exists { path: PathBuf },
    /// A file or folder of the output cannot be created, written or renamed.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A trace holding other than one MPI job.
    #[error("{}: holds {jobs} MPI jobs; extrapolation reads traces of one MPI job each", trace.display())]
    Jobs { trace: PathBuf, jobs: usize },
    /// A rank of the job without its process in the trace.
    #[error("{}: rank {rank} of {n} is missing from the trace", trace.display())]
    MissingRank { trace: PathBuf, rank: usize, n: u32 },
    /// Two traces at the same rank count.
    #[error("{} and {} both hold {n} ranks; give traces at different rank counts", a.display(), b.display())]
    SameRankCount { a: PathBuf, b: PathBuf, n: u32 },
    /// Fewer than three traces.
    #[error("{count} trace(s) given; extrapolation needs traces at three or more rank counts (each fit is then checked by one rank count at least)")]
    TooFewTraces { count: usize },
    /// The ranks' groups change with the rank count (`groups`: their first members).
    #[error("the ranks of {} fall into groups that change with the rank count ({groups}); extrapolation handles a few fixed ranks (such as rank 0) and one group of all other ranks", trace.display())]
    ChangingGroups { trace: PathBuf, groups: String },
    /// A rank's calls have a structure no rank at another rank count has.
    #[error("{}: rank {rank} ({n} ranks) makes its calls in an order or loop structure that no rank of {} ({other_n} ranks) has: {difference}; extrapolation needs the same program at every rank count (an SPMD program; leave the runtime's own files out with --only){damage}", trace.display(), other.display())]
    StructureDiffers {
        trace: PathBuf,
        n: u32,
        rank: usize,
        other: PathBuf,
        other_n: u32,
        difference: String,
        /// ` (a damaged trace: ...)` when a trace is damaged, else empty.
        damage: String,
    },
    /// No model fits a loop's counts (`seen`: the values).
    #[error("no model fits how many times the loop starting at {call} runs: {seen}; refusing to extrapolate")]
    NoLoopModel { call: String, seen: String },
    /// No model fits a call's field (`seen`: the values).
    #[error("no model fits the {field} of {call}: {seen}; refusing to extrapolate (a value that follows no rank pattern, or the runtime's own files: restrict with --only)")]
    NoFieldModel {
        field: &'static str,
        call: String,
        seen: String,
    },
    /// A loop's model gives no count at the target.
    #[error("the loop from {call} at rank {rank} of {n}: {source}")]
    LoopCount {
        call: &'static str,
        rank: u32,
        n: u32,
        #[source]
        source: EvalError,
    },
    /// A loop's model gives a count out of bounds at the target.
    #[error("the loop from {call} would run {count} times at rank {rank} of {n}; refusing")]
    LoopTooLong {
        call: &'static str,
        count: i64,
        rank: u32,
        n: u32,
    },
    /// A field's model gives no value at the target.
    #[error("the {field} of {call} (call {position}) at rank {rank} of {n}: {source}")]
    FieldValue {
        field: &'static str,
        call: &'static str,
        position: usize,
        rank: u32,
        n: u32,
        #[source]
        source: EvalError,
    },
    /// A rank of the target in no rank group.
    #[error("rank {rank} at {ranks} ranks belongs to no rank group (every group is a fixed set of ranks)")]
    NoGroup { rank: u32, ranks: u32 },
    /// The model could not read or interpret a trace.
    #[error(transparent)]
    Model(io_model::Error),
    /// A signal stopped the extrapolation.
    #[error("interrupted by {}", io_model::interrupt::name(*signal))]
    Interrupted { signal: i32 },
}

/// Why a fitted model gives no value at a point.
#[derive(Debug, thiserror::Error)]
pub enum EvalError {
    #[error("the model overflows")]
    Overflow,
    #[error("the model gives {num}/{den} there, not an integer")]
    NotInteger { num: i128, den: i128 },
    #[error("the model's value exceeds 64 bits")]
    TooLarge,
}

impl Error {
    pub(crate) fn io(path: &std::path::Path, source: std::io::Error) -> Error {
        Error::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// The model's error; a run its progress callback stopped on a signal is [`Error::Interrupted`].
impl From<io_model::Error> for Error {
    fn from(e: io_model::Error) -> Error {
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
