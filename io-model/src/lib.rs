//! The I/O model of recorder-otf2: one interpretation of a native trace into resolved I/O
//! events, shared by every consumer (the OTF2 converter, `summary`, `report`, `export` ...).
//!
//! - [`trace`]: open and validate a trace directory; [`calls`]: a thread's call trees;
//!   [`Error`]: what can go wrong. `bounds`: the one check of every value a trace says
//!   (times, errno, bytes transferred) before any consumer sees it, counted.
//! - [`kinds`], [`sink`]: the vocabulary and the event stream consumers implement; [`mpi`]:
//!   what synchronising MPI calls order, as consumers receive it.
//! - [`clock`]: every process's clock mapped onto one time line.
//! - [`job`]: who ran which command where and when, and how it ended.
//! - [`driver`]: the worker pool, progress and interrupt checks every job shares;
//!   [`interrupt`]: SIGINT/SIGTERM/SIGHUP recorded, asked in the long loops.
//! - [`run`]: the job's plan (ranks, order, forks) and the per-process interpreter loop.
//! - [`sites`]: call sites placed in their objects and interned for the trace (the
//!   `call_site` records [`calls`] takes out of each stream).
//! - [`resolve`]: whole calls and operations for analyses; [`pipe`]: accumulating them on a
//!   thread beside the interpreter.
//! - `process`: one process's state (the cross-layer part and each layer's) and the
//!   dispatch of each record's start and end to its layer.
//! - `layers`: one module per layer, each owning its part of the process state and
//!   reaching the rest only through `layers::ctx::Ctx` (files, handles and their parents,
//!   operation ids, communicators, the opening stack, the sink): `posix` (descriptors,
//!   locks, aio), `uring` (io_uring, kept with the descriptors), `stdio` (ISO C streams),
//!   `targets` (transfers and seeks on a descriptor or stream: the positions they share),
//!   `mpiio` (MPI-IO's non-blocking and collective calls), `hdf5` (datasets), `pnetcdf`
//!   (which requests a collective wait completes), `mpi` (MPI synchronisation). What the
//!   library layers share is in `objects` (library files as objects, requests in flight:
//!   MPI-IO, HDF5, netCDF, PnetCDF, ADIOS), `variables` (named variables of netCDF, PnetCDF
//!   and ADIOS: netCDF and ADIOS have no code of their own) and `selection` (a transfer's
//!   selection); `record` reads a record's fields. Dependencies go one way: `run` ->
//!   `process` -> layers -> `ctx`.
//! - `layer_tests` (tests only): each layer on synthetic records.

mod bounds;
pub mod calls;
pub mod clock;
pub mod driver;
mod error;
pub mod interrupt;
pub mod job;
pub mod kinds;
#[cfg(test)]
mod layer_tests;
mod layers;
pub mod mpi;
pub mod pipe;
mod process;
pub mod procs;
pub mod resolve;
pub mod run;
pub mod sink;
pub mod sites;
pub mod trace;

pub use error::{Error, ErrorKind, SinkError};
