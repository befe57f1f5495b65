/* A shared file written through strided MPI file views, for `recorder-otf2 conflicts`
 * benchmarks of operations that are not one byte range (issue 31).
 *
 *   mpirun -np P views_loop FILE N B S
 *
 * Each rank sets a view whose filetype is B blocks of S bytes, P*S bytes apart, from
 * displacement rank*S (the ranks' blocks interleave: no two ranks touch the same byte),
 * then does N independent MPI_File_write_at of B*S bytes, one filetype tile after the other:
 * N operations of B byte ranges each per rank. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int r, p;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (argc < 5) {
        if (r == 0) fprintf(stderr, "usage: %s FILE N B S\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    long n = atol(argv[2]);
    int b = atoi(argv[3]), s = atoi(argv[4]);
    MPI_Datatype tile, filetype;
    MPI_Type_vector(b, s, p * s, MPI_BYTE, &tile);
    MPI_Type_create_resized(tile, 0, (MPI_Aint)b * p * s, &filetype);
    MPI_Type_commit(&filetype);
    MPI_File fh;
    if (MPI_File_open(MPI_COMM_WORLD, argv[1], MPI_MODE_CREATE | MPI_MODE_WRONLY,
                      MPI_INFO_NULL, &fh) != MPI_SUCCESS) {
        fprintf(stderr, "%s: cannot open\n", argv[1]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_File_set_view(fh, (MPI_Offset)r * s, MPI_BYTE, filetype, "native", MPI_INFO_NULL);
    char *buf = calloc((size_t)b * s, 1);
    for (long i = 0; i < n; i++)
        MPI_File_write_at(fh, (MPI_Offset)i * b * s, buf, b * s, MPI_BYTE, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    MPI_Type_free(&tile);
    MPI_Type_free(&filetype);
    free(buf);
    MPI_Finalize();
    return 0;
}
