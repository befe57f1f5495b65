//! A pack file (`<name>.rpk`, docs/format.md, "Packed traces"): its byte layout (header,
//! [`index`](Index), footer; thread streams stored as [`columns`]) and reading it back
//! ([`read`]). Writing packs and packing a trace's folders are [`crate::pack`]'s; this part
//! is what every reader of a trace needs, beneath the trace's layout.

pub mod columns;
mod index;
pub mod read;

pub use crate::PACK_VERSION;
pub use index::{FileEntry, Index, Member, Part, PartRef};

/// Magic at the start of a pack file.
pub const PACK_MAGIC: &[u8; 8] = b"RO2PACK\0";
/// Magic at the end of a pack file (in its footer).
pub const PACK_END_MAGIC: &[u8; 8] = b"RO2PEND\0";
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
