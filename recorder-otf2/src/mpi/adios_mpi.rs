//! The ADIOS2 C API calls that take an MPI communicator (exported by MPI builds of ADIOS2
//! only; a program using the serial build never calls them).

use super::comm_id;
use super::MPI_Comm;
use crate::adios::{adios_wrap, note_engine, open_mode, path_id};
use std::os::raw::{c_char, c_int, c_void};

type Obj = *mut c_void;

adios_wrap! {
    fn adios2_init_mpi(comm: MPI_Comm) -> Obj |ts| () => |v, ret, ts, t1| [comm_id(comm)];
    fn adios2_init_config_mpi(config: *const c_char, comm: MPI_Comm) -> Obj |ts| path_id(ts, config) => |file, ret, ts, t1| [file, comm_id(comm)];
    fn adios2_open_new_comm(io: Obj, name: *const c_char, mode: c_int, comm: MPI_Comm) -> Obj |ts| path_id(ts, name) => |file, ret, ts, t1| {
        note_engine(ret, io);
        [io as u64, file, open_mode(mode), comm_id(comm)]
    };
}
