/* The MPI predefined handles and sentinels the MPI-IO layer needs, taken from the mpi.h the
 * library is built against. In Open MPI they are addresses of objects inside libmpi, which
 * this library must not link (a program without MPI loads it too, and mpi4py loads libmpi
 * later with dlopen): each is resolved by name at run time instead. In MPICH-derived MPIs
 * they are integer constants and the macros are used as they are. */
#include <mpi.h>

extern void *rotf2_mpi_sym(const char *name);

#ifdef OMPI_PREDEFINED_GLOBAL
#undef OMPI_PREDEFINED_GLOBAL
#define OMPI_PREDEFINED_GLOBAL(type, global) ((type)rotf2_mpi_sym(#global))
#endif

MPI_Comm rotf2_mpi_comm_world(void) { return MPI_COMM_WORLD; }
MPI_Comm rotf2_mpi_comm_self(void) { return MPI_COMM_SELF; }
MPI_Comm rotf2_mpi_comm_null(void) { return MPI_COMM_NULL; }
MPI_Datatype rotf2_mpi_byte(void) { return MPI_BYTE; }
MPI_Datatype rotf2_mpi_int64(void) { return MPI_INT64_T; }
MPI_Request rotf2_mpi_request_null(void) { return MPI_REQUEST_NULL; }
MPI_Info rotf2_mpi_info_null(void) { return MPI_INFO_NULL; }
int rotf2_mpi_comm_type_shared(void) { return MPI_COMM_TYPE_SHARED; }
MPI_Status *rotf2_mpi_status_ignore(void) { return MPI_STATUS_IGNORE; }
MPI_Status *rotf2_mpi_statuses_ignore(void) { return MPI_STATUSES_IGNORE; }
