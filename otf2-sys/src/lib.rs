//! Bindings to OTF2 3.0 (`libopen-trace-format2`) and a thin, typed writer API.
//!
//! Two layers:
//!
//! * [`ffi`]: the raw bindgen output for `<otf2/otf2.h>` plus the cast macros
//!   bindgen cannot translate (`OTF2_UNDEFINED_*`, `OTF2_CHUNK_SIZE_MIN/MAX`).
//! * A safe writer used by the converter: [`ArchiveWriter`] owns the
//!   `OTF2_Archive*`, hands out any number of simultaneously open
//!   [`EventWriter`]s (one per location, written in any interleaving, from any
//!   threads: the archive installs OTF2's locking callbacks), a
//!   [`GlobalDefWriter`], and closes everything in the right order. Every OTF2
//!   error code becomes an [`Otf2Error`]; nothing panics on an OTF2 failure.
//!
//! Ids (strings, regions, handles, ...) are plain integers chosen by the caller.
//! OTF2 wants them dense (0..n) per definition class and written in id order.
//!
//! Memory: [`ArchiveWriter`] installs OTF2 memory callbacks that hand each
//! writer at most [`WriterOptions::max_chunks_per_writer`] chunks; when a writer
//! asks for more, OTF2 flushes that writer's buffer to disk and reuses it. On
//! top of that, OTF2's POSIX substrate keeps a 4 MiB write-combining buffer per
//! open file once the file has been written to (chunks of 4 MiB or more bypass
//! it). Resident memory is therefore about
//! `open event writers x (max_chunks_per_writer x event chunk size + 4 MiB)`,
//! independent of the number of events (measured: flat ~8-11 MiB for one
//! location from 1 M to 10 M calls; ~320 MiB for 64 open locations with the
//! defaults). See [`MemoryStats`] for the pool's own accounting.
//!
//! Recommended call order (the order that validates with `otf2-print -Werror`):
//!
//! 1. [`ArchiveWriter::create`]
//! 2. [`ArchiveWriter::open_event_files`], then any number of
//!    [`ArchiveWriter::event_writer`]; write; [`EventWriter::close`] each
//!    (returns its number of events for the `Location` definition)
//! 3. [`ArchiveWriter::close_event_files`]
//! 4. [`ArchiveWriter::write_local_defs`] with every location, or
//!    [`ArchiveWriter::local_defs`] to write mapping tables (local -> global ids,
//!    [`IdMap`]) for locations whose events carry local ids
//! 5. [`ArchiveWriter::global_defs`]: clock properties, strings, paradigms,
//!    system tree, location groups, locations, regions, groups, comms,
//!    attributes, I/O files, I/O handles
//! 6. [`ArchiveWriter::close`]

#![warn(missing_docs)]

pub mod ffi;
pub mod mpi;

mod archive;
mod defs;
mod error;
mod events;
mod handle;
mod locks;
mod mapping;
mod memory;
mod types;

pub use archive::{ArchiveWriter, WriterOptions};
pub use defs::GlobalDefWriter;
pub use error::{Otf2Error, Result};
pub use events::EventWriter;
pub use mapping::{IdMap, LocalDefFiles};
pub use memory::MemoryStats;
pub use types::*;
