/* Prints what an MPI's mpi.h says about the values the recorder's MPI layers take from its
 * own description of each ABI (recorder-otf2/src/mpi/abi.rs), one "name value" per line:
 * predefined handles as the header's text (a symbol's address in Open MPI, an integer in the
 * MPICH family), constants as numbers, the status's size and field positions. Built with
 * each MPI's compiler wrapper by tests/tests/mpi_abi.rs, which compares. No MPI call is made. */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

#define S(x) #x
#define TEXT(x) S(x)
#define HANDLE(name, h) printf("%s %s\n", name, TEXT(h))
#define INT(name, v) printf("%s %ld\n", name, (long)(v))

int main(void) {
    HANDLE("comm_world", MPI_COMM_WORLD);
    HANDLE("comm_null", MPI_COMM_NULL);
    HANDLE("byte", MPI_BYTE);
    HANDLE("info_null", MPI_INFO_NULL);
    INT("comm_type_shared", MPI_COMM_TYPE_SHARED);
    INT("proc_null", MPI_PROC_NULL);
    INT("combiner_named", MPI_COMBINER_NAMED);
    INT("order_c", MPI_ORDER_C);
    /* The recorder numbers the combiners from NAMED in the standard's order. */
    INT("combiners_in_order",
        MPI_COMBINER_DUP - MPI_COMBINER_NAMED == 1 && MPI_COMBINER_CONTIGUOUS - MPI_COMBINER_NAMED == 2 &&
        MPI_COMBINER_VECTOR - MPI_COMBINER_NAMED == 3 && MPI_COMBINER_HVECTOR - MPI_COMBINER_NAMED == 5 &&
        MPI_COMBINER_INDEXED - MPI_COMBINER_NAMED == 6 && MPI_COMBINER_HINDEXED - MPI_COMBINER_NAMED == 8 &&
        MPI_COMBINER_INDEXED_BLOCK - MPI_COMBINER_NAMED == 9 && MPI_COMBINER_STRUCT - MPI_COMBINER_NAMED == 11 &&
        MPI_COMBINER_SUBARRAY - MPI_COMBINER_NAMED == 12 && MPI_COMBINER_DARRAY - MPI_COMBINER_NAMED == 13 &&
        MPI_COMBINER_F90_REAL - MPI_COMBINER_NAMED == 14 && MPI_COMBINER_F90_INTEGER - MPI_COMBINER_NAMED == 16 &&
        MPI_COMBINER_RESIZED - MPI_COMBINER_NAMED == 17 && MPI_COMBINER_HINDEXED_BLOCK - MPI_COMBINER_NAMED == 18 &&
        MPI_ORDER_FORTRAN - MPI_ORDER_C == 1);
    INT("any_source", MPI_ANY_SOURCE);
    INT("any_tag", MPI_ANY_TAG);
    INT("UNDEFINED", MPI_UNDEFINED);
    INT("status_ignore", (size_t)MPI_STATUS_IGNORE);
    INT("statuses_ignore", (size_t)MPI_STATUSES_IGNORE);
    INT("status_bytes", sizeof(MPI_Status));
    INT("source_index", offsetof(MPI_Status, MPI_SOURCE) / sizeof(int));
    INT("tag_index", offsetof(MPI_Status, MPI_TAG) / sizeof(int));
    INT("handle_bytes", sizeof(MPI_Comm));
    INT("datatype_bytes", sizeof(MPI_Datatype));
    INT("request_bytes", sizeof(MPI_Request));
    INT("file_bytes", sizeof(MPI_File));
    INT("offset_bytes", sizeof(MPI_Offset));
    INT("MODE_CREATE", MPI_MODE_CREATE);
    INT("MODE_RDONLY", MPI_MODE_RDONLY);
    INT("MODE_WRONLY", MPI_MODE_WRONLY);
    INT("MODE_RDWR", MPI_MODE_RDWR);
    INT("MODE_DELETE_ON_CLOSE", MPI_MODE_DELETE_ON_CLOSE);
    INT("MODE_UNIQUE_OPEN", MPI_MODE_UNIQUE_OPEN);
    INT("MODE_EXCL", MPI_MODE_EXCL);
    INT("MODE_APPEND", MPI_MODE_APPEND);
    INT("MODE_SEQUENTIAL", MPI_MODE_SEQUENTIAL);
    INT("SEEK_SET", MPI_SEEK_SET);
    INT("SEEK_CUR", MPI_SEEK_CUR);
    INT("SEEK_END", MPI_SEEK_END);
    return 0;
}
