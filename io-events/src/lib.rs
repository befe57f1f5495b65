//! The event model and the native "peephole" trace format of recorder-otf2.
//!
//! - [`functions`]: the table of traced functions and how each maps onto OTF2 I/O events.
//! - [`codec`]: the peephole record encoder/decoder (allocation-free encoder).
//! - [`framing`]: the headers a thread stream frames its records with.
//! - [`stream`]: per-thread streams of self-contained, CRC-checked chunks (reading them).
//! - [`defs`]: per-process local definitions, appended incrementally.
//! - [`filetype`]: an MPI file view's filetype as the blocks of bytes it covers.
//! - [`meta`]: per-process metadata (YAML).
//! - [`options`]: the recorder's options (environment, YAML keys, launcher flags).
//! - [`launcher`]: what the launcher (mpirun, mpiexec, srun) says: ranks, node, job id.
//! - [`disk`]: opening a trace's files on disk (regular files, links inside the trace).
//! - [`packfile`]: a pack file's layout and reading it.
//! - [`layout`]: the trace directory layout; opening its files, on disk or in packs.
//! - [`pack`]: packed traces (many process folders in one file, compressed across them).
//! - [`error`]: why reading or packing a trace failed.
//!
//! The byte layout is specified in docs/format.md.

pub mod codec;
pub mod coverage;
pub mod defs;
pub mod disk;
pub mod error;
pub mod filetype;
pub mod framing;
pub mod functions;
pub mod glibc;
pub mod launcher;
pub mod layout;
pub mod meta;
pub mod options;
pub mod pack;
pub mod packfile;
pub mod stream;
mod varint;

/// Version of the native trace format; readers reject any other. Version 3: the HDF5 and
/// PnetCDF records carry what a replay at their layer needs (dataspaces, selections, types,
/// property lists; dimensions, starts and counts). Version 4: MPI_File_set_view names its
/// filetype, flattened into a `Def::Filetype`.
pub const FORMAT_VERSION: u16 = 4;

/// Version of the pack layout ([`packfile`]); readers reject any other.
pub const PACK_VERSION: u16 = 1;

pub use codec::{PeepholeDecoder, PeepholeEncoder, Record};
pub use error::{Error, Result};
pub use functions::{Func, FunctionInfo, FUNCTIONS};
