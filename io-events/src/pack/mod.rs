//! Packed traces: the process folders of a job on a node in one file (`<name>.rpk`),
//! compressed across processes, lossless to the byte (docs/format.md, "Packed traces").
//!
//! Every file of a member (a process folder) is stored as zstd frames: meta.yaml and
//! defs.bin whole, thread streams split into [`columns`]. The first member (the lowest
//! rank) is the pack's template; every part of every other member is compressed with the
//! template's same part as its dictionary, so what ranks have in common (the MPI runtime's
//! files, the call sequence, rank-linear offsets, which the peephole deltas make equal) is
//! stored once and each further rank costs what differs: mostly its times.
//!
//! Here: writing packs ([`write`](mod@write)) and packing a trace's folders ([`trace`]).
//! The pack file itself and reading it are [`crate::packfile`]'s (re-exported here),
//! beneath the trace's layout: readers see a packed process as the folder
//! `<trace>/<name>.rpk/<member>/` (see [`crate::layout`]); [`read::packed_file`] serves its
//! files.

mod host;
pub mod trace;
pub mod write;

pub use crate::packfile::{
    columns, is_pack_name, read, FileEntry, Index, Member, Part, PartRef, PACK_END_MAGIC, PACK_EXT,
    PACK_FOOTER_LEN, PACK_HEADER_LEN, PACK_MAGIC, PACK_VERSION,
};
