//! The wrapper machinery: one core that every layer's wrappers expand into, with the
//! layer's policy as its parameters.
//!
//! A wrapper is `exported!` (resolve.rs: the `#[no_mangle]` C symbol, its real function
//! resolved once and typed by `resolved!`, the one place a symbol becomes a function
//! pointer) around `record!` (record.rs: gate, `runtime::begin`, the statements before the
//! call, the timed call, the statements after it, the record or its cancellation, errno
//! restored). Each layer's table macro is a thin front-end that parses its line format
//! and expands into those two; wrappers written as functions use `record_call`, which is
//! `record!` with the [`CALL`] policy. What differs between layers is data:
//!
//! | front-end (file) | real symbol | missing symbol | gate | failed / record's errno | quiet, late I/O |
//! |---|---|---|---|---|---|
//! | `wrap!` (posix, stdio, fds, wide) | `Real::new` (RTLD_NEXT) | fail value, errno ENOSYS | always, then layer | table rule / errno if failed | no, no |
//! | `h5_wrap!` (hdf5) | `LibReal::new` | -1 | none | negative / 1 | yes, yes |
//! | `h5_regions!` (hdf5, generated/hdf5.rs) | `LibReal::new` | fail value | none | table rule / 1 | yes, yes |
//! | `mpi_wrap!` (mpi) | `LibReal::global("PMPI_...")` | ERR_NO_MPI | layer on, then gate, ABI known | - / the MPI error code | yes, no |
//! | `nc_wrap!` (netcdf) | `LibReal::new` | -1 | layer on, then not nested | - / the NetCDF status | yes, no |
//! | `pnc_wrap!` (mpi/pnetcdf), `record_call` | `LibReal::new` | -1 | none | - / given by the wrapper | yes, yes |
//! | `adios_wrap!` (adios) | `LibReal::new` | fail value | none (nesting: `runtime::nest`) | - / adios2_error, 0 for objects | yes, yes |
//! | `PLAIN` users: stdio's rewind, liburing (uring) | `Real::new`, `LibReal::new` | nothing, -ENOSYS | layer on, then gate | - / given (liburing's -errno) | no, no |
//!
//! The MPI gate comes after the layer check because it reads handles, which needs the MPI
//! ABI known, and `abi::known()` is asked only then; the libc gate comes first because
//! some gates have effects that must happen whether or not the layer is traced (chdir
//! invalidates the relative-path cache). The Fortran MPI bindings (mpi/fortran.rs) record
//! nothing themselves: they call the C wrappers, and resolve the MPI's own binding with
//! `resolved!` only to pass through under an unknown ABI. Calls whose start and end come
//! from C in two calls (the variadic shim's `rotf2_stdio_begin`/`_end`, openat2's, the
//! ADIOS2 C++ wrappers' `rotf2_adx_*`) use `runtime::begin`/`end` directly: no Rust frame
//! spans them.
//!
//! Exported wrappers stay `unsafe extern "C" fn` with one `# Safety` section, written by
//! `exported!`: their arguments are C pointers the real function is trusted with.
//!
//! The libc table line (`wrap!`):
//!
//! ```text
//! Posix fn pread(fd: c_int, buf: *mut c_void, n: size_t, off: off_t) -> ssize_t
//!     [fd_traced(fd)] |ts, ret, failed| [fd as u64, n as u64, off as u64];
//! ```
//!
//! - the C signature (the macro declares the `#[no_mangle]` symbol and resolves the real one
//!   with `dlsym(RTLD_NEXT)` on first use), optionally followed by `as name`: the table line
//!   the call is recorded under when it is not the symbol's own (fortified `__read_chk`);
//! - a gate evaluated before the call (cheap: usually "is this fd traced"); a closed gate
//!   calls straight through;
//! - optionally `refuse [cond]` after the gate: when true the call fails with EBADF without
//!   reaching libc (the program closing one of the recorder's own descriptors);
//! - the captured fields, evaluated after the call; they may use `?` on an `Option` to drop
//!   the record (an excluded path), and helpers with side effects (fd state updates).
//!   The return value is appended as the last field by the core.
//!
//! The function id is the wrapper's name in `io_events::Func`, so the event mapping lives in
//! that one table line.

mod posix;
mod record;
mod resolve;

pub(crate) use posix::{recorded_as, wrap};
pub(crate) use record::record;
pub use record::{enosys, record_call, FailValue, Policy, RetField};
pub use record::{CALL, HDF5, HDF5_REGIONS, LIBC, MPI, NETCDF, PLAIN};
pub(crate) use resolve::{exported, lib_calls, resolved};
pub use resolve::{lib_sym, search_loaded, LibReal, Real};
