//! librecorder_otf2.so: preload it into a program (`LD_PRELOAD`, or `recorder-otf2 record`)
//! to record every I/O call it makes, layer by layer, into a native peephole trace.
//!
//! - `lifecycle`: start-up (options, trace folder, the process's state and file table) and
//!   fork; it ties the two below together.
//! - `runtime`: process/thread state, the hot path, exit/exec handling.
//! - `files`: path -> file id interning, filters, mount table, traced fds (on `runtime`).
//! - `call_site`: the program's return address of each outermost call (a frame-pointer
//!   walk over the recorder's own frames, or glibc's unwinder for a short stack) and the
//!   objects mapped into the process; a leaf, used by `runtime` and `lifecycle`.
//! - `fd_table`: what each fd is to the recorder (traced, excluded, its own): the lowest
//!   module, used by `runtime` for its own files and by `files` and the layers.
//! - `wrap`: real-symbol resolution and the one wrapper core every layer's tables expand
//!   into (`generated/`: the tables scripts/gen-*.py write).
//! - one module per I/O layer: `posix` (with `fds`: pipes, sockets and other descriptors
//!   that are not files; `uring`: io_uring through liburing), `stdio` (with `wide`: wide
//!   characters; plus `shim.c` for C-variadic functions),
//!   `hdf5` (with `hdf5::ids`: which HDF5 ids the converter knows), `netcdf`, `adios`; the
//!   layers that need MPI types under `mpi` (MPI-IO, `mpi::pnetcdf`, `mpi::adios_mpi`, and
//!   the parallel entry points of HDF5 and NetCDF).
//! - `objects`: what the library layers share about their objects (name ids, the lock-free
//!   per-id cache), so that no layer depends on another for them.
//!
//! Dependencies between these modules go one way (tests/tests/architecture.rs checks it):
//! `lifecycle` -> `files` -> `runtime` -> `fd_table`; the layers use `wrap`, `files`,
//! `runtime`, `fd_table` and `objects`; `mpi` uses the serial layers it adds parallel entry
//! points to (`netcdf`, `adios`), and `hdf5` asks `mpi` for the communicator of a file
//! access property list.

mod adios;
mod adios_cxx;
mod call_site;
mod config;
mod fd_table;
mod fds;
mod files;
mod hdf5;
mod lifecycle;
#[cfg(rotf2_mpi)]
mod mpi;
mod netcdf;
mod objects;
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
        lifecycle::init();
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
