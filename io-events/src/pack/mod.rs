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
//! Readers see a packed process as the folder `<trace>/<name>.rpk/<member>/` (see
//! [`crate::layout`]); [`read::packed_file`] serves its files.

pub mod columns;
mod index;
pub mod read;
pub mod trace;
pub mod write;

pub use index::{FileEntry, Index, Member, Part, PartRef};

/// Magic at the start of a pack file.
pub const PACK_MAGIC: &[u8; 8] = b"RO2PACK\0";
/// Magic at the end of a pack file (in its footer).
pub const PACK_END_MAGIC: &[u8; 8] = b"RO2PEND\0";
/// Version of the pack layout.
pub const PACK_VERSION: u16 = 1;
/// Header: magic, version u16, 6 reserved bytes.
pub const PACK_HEADER_LEN: usize = 16;
/// Footer: index offset u64, index length u64, magic.
pub const PACK_FOOTER_LEN: usize = 24;
/// File name extension of packs.
pub const PACK_EXT: &str = "rpk";

/// Whether `name` is a pack's file name.
pub fn is_pack_name(name: &str) -> bool {
    name.len() > 4 && name.ends_with(".rpk") && !name.starts_with('.')
}
