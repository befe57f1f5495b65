//! librecorder_otf2.so: preload it into a program (`LD_PRELOAD`, or `recorder-otf2 record`)
//! to record every I/O call it makes, layer by layer, into a native peephole trace.
//!
//! - `runtime`: process/thread state, the hot path, fork/exec/exit handling.
//! - `files`: traced fds and path -> file id interning, filters, mount table.
//! - `wrap`: real-symbol resolution and the one wrapper core every layer's tables expand
//!   into (`generated/`: the tables scripts/gen-*.py write).
//! - one module per I/O layer: `posix` (with `fds`: pipes, sockets and other descriptors
//!   that are not files; `uring`: io_uring through liburing), `stdio` (with `wide`: wide
//!   characters; plus `shim.c` for C-variadic functions),
//!   `hdf5`, `netcdf`, `adios`; the layers that need MPI types under `mpi` (MPI-IO,
//!   `mpi::pnetcdf`, `mpi::adios_mpi`).

mod adios;
mod adios_cxx;
mod config;
mod fds;
mod files;
mod hdf5;
mod hdf5_ids;
#[cfg(rotf2_mpi)]
mod mpi;
mod netcdf;
mod posix;
mod runtime;
mod stdio;
mod uring;
mod variadic;
mod wide;
mod wrap;

/// Runs when the library is loaded, before the program's main.
#[used]
#[link_section = ".init_array"]
static INIT: extern "C" fn() = {
    extern "C" fn init() {
        runtime::init();
    }
    init
};

/// Runs at normal exit (after the program's atexit handlers registered before us ran).
#[used]
#[link_section = ".fini_array"]
static FINI: extern "C" fn() = {
    extern "C" fn fini() {
        runtime::shutdown();
    }
    fini
};
