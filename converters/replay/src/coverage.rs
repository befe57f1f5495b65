//! Every function of the table that moves data at a layer replay covers is either replayed
//! or listed here as skipped with the reason: a new table line must be classified.

use crate::mpiio::{is_split_end, transfer_of};
use crate::pnetcdf::data_kinds;
use crate::stdio::{locked, stream_move};
use crate::transfer_forms;
use io_events::functions::{Func, Layer, Mapping};

/// Functions that move data but are deliberately not replayed, with the reason.
const SKIPPED: &[(Func, &str)] = &[
    (
        Func::preadv64,
        "vector forms beyond preadv/pwritev are not replayed",
    ),
    (
        Func::pwritev64,
        "vector forms beyond preadv/pwritev are not replayed",
    ),
    (
        Func::preadv2,
        "vector forms beyond preadv/pwritev are not replayed",
    ),
    (
        Func::pwritev2,
        "vector forms beyond preadv/pwritev are not replayed",
    ),
    (
        Func::preadv64v2,
        "vector forms beyond preadv/pwritev are not replayed",
    ),
    (
        Func::pwritev64v2,
        "vector forms beyond preadv/pwritev are not replayed",
    ),
    (Func::sync, "flushes every file system, not a replayed file"),
    (
        Func::syncfs,
        "flushes a whole file system, not a replayed file",
    ),
    (Func::sync_file_range, "not replayed: a range flush hint"),
    (Func::send, "sockets are not files"),
    (Func::recv, "sockets are not files"),
    (Func::sendto, "sockets are not files"),
    (Func::recvfrom, "sockets are not files"),
    (Func::sendmsg, "sockets are not files"),
    (Func::recvmsg, "sockets are not files"),
    (Func::sendmmsg, "sockets are not files"),
    (Func::recvmmsg, "sockets are not files"),
    (
        Func::copy_file_range,
        "copies inside the kernel are not replayed",
    ),
    (Func::sendfile, "copies inside the kernel are not replayed"),
    (
        Func::sendfile64,
        "copies inside the kernel are not replayed",
    ),
    (Func::splice, "copies inside the kernel are not replayed"),
    (Func::tee, "copies inside the kernel are not replayed"),
    (Func::vmsplice, "pipes are not files"),
    (Func::H5Dflush, "not replayed: H5Fflush is"),
    (Func::H5Gflush, "not replayed: H5Fflush is"),
    (Func::H5Oflush, "not replayed: H5Fflush is"),
    (
        Func::H5Dread_chunk,
        "direct chunk I/O: the trace does not hold the chunk's place",
    ),
    (
        Func::H5Dwrite_chunk,
        "direct chunk I/O: the trace does not hold the chunk's place",
    ),
];

/// Families skipped by their names' form, with the reason: PnetCDF's mapped (imap) and
/// datatype (vard) forms, which the record cannot rebuild.
const SKIPPED_FORMS: &[(&str, &str)] = &[
    ("_varm", "the record does not hold the imap vector"),
    ("_vard", "the record does not hold the MPI datatype"),
];

/// Whether the call moves (or flushes) data.
fn moves_data(m: Mapping) -> bool {
    matches!(
        m,
        Mapping::Data { .. }
            | Mapping::Copy { .. }
            | Mapping::ObjData { .. }
            | Mapping::ObjStart { .. }
            | Mapping::ObjEnd { .. }
            | Mapping::SubData { .. }
            | Mapping::NamedData { .. }
    )
}

/// Whether replay re-issues `f` (at its layer).
fn replayed(f: Func) -> bool {
    match f.info().layer {
        Layer::Posix => {
            transfer_forms()[f as usize].is_some() || matches!(f, Func::fsync | Func::fdatasync)
        }
        Layer::Isoc => {
            let f = locked(f);
            stream_move(f, |_| 0, 0).is_some()
                || matches!(f, Func::fflush | Func::dprintf | Func::vdprintf)
        }
        Layer::MpiIo => transfer_of(f).is_some() || is_split_end(f) || f == Func::MPI_File_sync,
        Layer::Hdf5 => matches!(f, Func::H5Dwrite | Func::H5Dread | Func::H5Fflush),
        Layer::PnetCdf => {
            data_kinds()[f as usize].is_some() || matches!(f, Func::ncmpi_sync | Func::ncmpi_flush)
        }
        _ => true,
    }
}

#[test]
fn every_data_function_is_replayed_or_skipped_with_a_reason() {
    let mut unclassified = Vec::new();
    for &f in Func::ALL {
        let name = f.info().name;
        let skipped = SKIPPED.iter().any(|&(s, _)| s == f)
            || (f.info().layer == Layer::PnetCdf
                && SKIPPED_FORMS.iter().any(|(form, _)| name.contains(form)));
        if moves_data(f.info().mapping) && !replayed(f) && !skipped {
            unclassified.push(name);
        }
        assert!(!(skipped && replayed(f)), "{name} is replayed");
    }
    assert!(
        unclassified.is_empty(),
        "neither replayed nor skipped: {unclassified:?}"
    );
}
