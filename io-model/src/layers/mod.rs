//! The layers of the I/O model, one module each, and the parts they share. A layer owns its
//! part of a process's state (`PosixState`, `StdioState`, ...) and handles the records of
//! its functions; what it needs from the process (files, handles, operation ids, the
//! opening stack, the sink) comes as a [`ctx::Ctx`] argument. Dependencies go one way:
//! `process` -> layers -> `ctx` / `record` / `selection`.

pub(crate) mod ctx;
pub(crate) mod hdf5;
pub(crate) mod mpi;
pub(crate) mod mpiio;
pub(crate) mod objects;
pub(crate) mod pnetcdf;
pub(crate) mod posix;
pub(crate) mod record;
pub(crate) mod selection;
pub(crate) mod stdio;
pub(crate) mod targets;
pub(crate) mod uring;
pub(crate) mod variables;
pub(crate) mod views;
