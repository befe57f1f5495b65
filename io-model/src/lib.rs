//! The I/O model of recorder-otf2: one interpretation of a native trace into resolved I/O
//! events, shared by every consumer (the OTF2 converter, `summary`, `report`, `export` ...).
//!
//! - [`trace`]: open and validate a trace directory; [`calls`]: a thread's call trees.
//! - [`kinds`], [`sink`]: the vocabulary and the event stream consumers implement.
//! - [`clock`]: every process's clock mapped onto one time line.
//! - [`driver`]: the worker pool, progress and interrupt checks every job shares;
//!   [`interrupt`]: SIGINT/SIGTERM/SIGHUP recorded, asked in the long loops.
//! - [`run`]: the job's plan (ranks, order, forks) and the per-process interpreter loop.
//! - [`mpi`]: synchronising MPI calls (collectives, messages) as analyses need them.
//! - [`resolve`]: whole calls and operations for analyses; [`pipe`]: accumulating them on a
//!   thread beside the interpreter.
//! - `process`: one process's state and the dispatch of its records; per layer: `posix`
//!   (descriptors, positions, locks, aio), `uring` (io_uring), `stdio` (streams), `objects` (library files and
//!   requests in flight: MPI-IO, netCDF, PnetCDF, ADIOS), `variables` (named variables of
//!   netCDF, PnetCDF, ADIOS), `hdf5` (objects inside files, selections).

pub mod calls;
pub mod clock;
pub mod driver;
mod hdf5;
pub mod interrupt;
pub mod kinds;
pub mod mpi;
mod objects;
pub mod pipe;
mod posix;
mod process;
pub mod procs;
pub mod resolve;
pub mod run;
pub mod sink;
mod stdio;
pub mod trace;
mod uring;
mod variables;
