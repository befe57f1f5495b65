//! `Error`: why reading or packing a trace failed. Each variant names the file or folder
//! it is about; its Display is the one line the tools print (`<path>: <what is wrong>`).
//! The parts of a trace that can be damaged in several ways have an enum of their own
//! ([`MetaProblem`], [`DefsProblem`], [`TableProblem`], [`PackDamage`]), kept as the source.

use std::path::PathBuf;

/// Result alias used by every fallible function of this crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// A trace (or a part of one) that could not be read, packed or checked.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file or folder could not be opened, read, written or renamed.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The trace directory itself could not be listed.
    #[error("{}: cannot read trace directory: {source}", path.display())]
    TraceDir {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A folder holding no process of a trace.
    #[error("{}: not a recorder-otf2 trace directory (no <host>.<pid>/meta.yaml inside); record one with `recorder-otf2 record -o DIR -- PROGRAM`", path.display())]
    NotATrace { path: PathBuf },
    /// A file larger than the recorder ever writes there.
    #[error("{}: larger than {limit} bytes, more than a recorder-otf2 trace writes there", path.display())]
    TooLarge { path: PathBuf, limit: u64 },
    /// A meta.yaml that is not in a process folder of a trace directory.
    #[error("{}: not in a trace directory", path.display())]
    NotInTrace { path: PathBuf },
    /// A meta.yaml that is not valid process metadata.
    #[error("{}: {problem}", path.display())]
    Meta {
        path: PathBuf,
        #[source]
        problem: MetaProblem,
    },
    /// A defs.bin that cannot be read as definitions.
    #[error("{}: {problem}", path.display())]
    Defs {
        path: PathBuf,
        #[source]
        problem: DefsProblem,
    },
    /// A function table file (`functions-<hash>.txt`) that is not one or is damaged.
    #[error("{}: {problem}", path.display())]
    FunctionTable {
        path: PathBuf,
        #[source]
        problem: TableProblem,
    },
    /// A pack, or a file of one of its members (`<pack>/<member>/<file>`), is damaged.
    #[error("{}: {damage}", path.display())]
    Pack {
        path: PathBuf,
        #[source]
        damage: PackDamage,
    },
    /// A member folder of a pack that the pack does not hold.
    #[error("{member}: no such member in {}", pack.display())]
    NoSuchMember { member: String, pack: PathBuf },
    /// A pack that would replace an existing file.
    #[error("{}: exists already", path.display())]
    PackExists { path: PathBuf },
    /// A file of a process folder could not be compressed into its pack.
    #[error("{}: cannot compress: {source}", path.display())]
    Compress {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// Something other than a regular file in a process folder (left unpacked).
    #[error("{}: not a regular file; this folder is left unpacked", path.display())]
    NotRegularFile { path: PathBuf },
    /// A process folder that gained or lost files while it was packed.
    #[error("{}: changed while it was packed; left unpacked", path.display())]
    ChangedWhilePacked { path: PathBuf },
    /// A file whose pack copy differs from it after packing.
    #[error("{}: changed while it was packed (or the pack is damaged); left unpacked", path.display())]
    PackedCopyDiffers { path: PathBuf },
    /// A pack stopped by its caller (a signal): its temporary file was removed.
    #[error("{}: stopped before it was written", path.display())]
    PackStopped { path: PathBuf },
    /// A packed folder that could not be removed.
    #[error("{}: packed, but cannot remove the folder: {source}", path.display())]
    RemoveFolder {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

impl Error {
    /// An I/O failure on `path`.
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Error {
        Error::Io {
            path: path.into(),
            source,
        }
    }
}

/// Why a meta.yaml is not valid process metadata.
#[derive(Debug, thiserror::Error)]
pub enum MetaProblem {
    #[error("not valid process metadata (not UTF-8)")]
    NotUtf8,
    /// Nested deeper than a reader accepts (why, with the line).
    #[error("not valid process metadata: {0}")]
    TooDeep(String),
    #[error("not valid process metadata: {0}")]
    Yaml(#[source] serde_yaml::Error),
    #[error("written by native format version {0} but this tool reads version {want}", want = crate::FORMAT_VERSION)]
    Version(u16),
    #[error("rank {rank} is not below world_size {world_size}")]
    RankNotBelowWorld { rank: u32, world_size: u32 },
    #[error("rank {0} without a world_size")]
    RankWithoutWorld(u32),
    /// A world_size of 0 or above the largest a reader accepts (`max`).
    #[error("world_size {world_size} out of range (1 to {max})")]
    WorldSize { world_size: u32, max: u32 },
    #[error("window {0} out of range")]
    Window(u16),
    #[error("no function table (neither functions nor functions_file)")]
    NoFunctionTable,
    #[error("functions_file does not name a function table file")]
    BadFunctionsFile,
    #[error("{0} function names, more than function ids can tell apart")]
    TooManyFunctions(usize),
}

/// Why the bytes of a defs.bin are not definitions.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DefsProblem {
    #[error("not a recorder-otf2 definitions file (bad magic)")]
    BadMagic,
    #[error("native format version {0} but this tool reads version {want}", want = crate::FORMAT_VERSION)]
    Version(u16),
    #[error("corrupt definition entry of kind {0}")]
    CorruptEntry(u8),
}

/// Why a function table file cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TableProblem {
    #[error("not a function table's name")]
    BadName,
    #[error("damaged (its contents do not match the hash in its name)")]
    HashMismatch,
    #[error("damaged (not UTF-8)")]
    NotUtf8,
}

/// What is wrong with a pack or one of its entries.
#[derive(Debug, thiserror::Error)]
pub enum PackDamage {
    #[error("not a recorder-otf2 pack (bad header or footer)")]
    NotAPack,
    #[error("pack version {0}, this tool reads version {want}", want = crate::PACK_VERSION)]
    Version(u16),
    #[error("damaged pack (the footer points outside the file)")]
    Footer,
    /// The index does not parse; says which field.
    #[error("damaged pack index ({0})")]
    Index(String),
    /// A dictionary reference to a part the index does not have.
    #[error("damaged pack index")]
    NoTemplate,
    /// A frame could not be read from the pack file.
    #[error("{0}")]
    Read(#[source] std::io::Error),
    /// A frame zstd could not decompress.
    #[error("damaged pack entry ({0})")]
    Frame(#[source] std::io::Error),
    /// A frame zstd could not decompress in one call (zstd's name for the error).
    #[error("damaged pack entry ({0})")]
    Zstd(&'static str),
    #[error("damaged pack entry (larger than recorded)")]
    LargerThanRecorded,
    #[error("damaged pack entry (a part of the wrong size)")]
    PartSize,
    #[error("damaged pack entry")]
    PartCount,
    #[error("damaged pack entry: {0}")]
    Columns(#[source] MergeError),
    #[error("damaged pack entry (its bytes do not match the checksum)")]
    Checksum,
    /// A thread panicked while holding the pack's dictionaries.
    #[error("poisoned")]
    Poisoned,
}

/// Why columns could not be put back together (damaged packed data): the error of
/// [`crate::packfile::columns::merge`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct MergeError(pub &'static str);

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error as _;

    #[test]
    fn damaged_definitions_say_the_file_and_the_entry() {
        let e = Error::Defs {
            path: "t/h.1/defs.bin".into(),
            problem: DefsProblem::CorruptEntry(4),
        };
        assert_eq!(
            e.to_string(),
            "t/h.1/defs.bin: corrupt definition entry of kind 4"
        );
        let source = e.source().unwrap().downcast_ref::<DefsProblem>();
        assert_eq!(source, Some(&DefsProblem::CorruptEntry(4)));
    }
}
