/* MPI_File_set_view with a filetype that has holes, N times, for the recorder's cost of
 * flattening it (docs/performance.md, "Access shapes"):
 *
 *   setview_loop FILE N
 *
 * One process, a 3-D subarray of doubles (the lower half of a 64^3 array in the middle
 * dimension: 32 x 32 rows of 32 doubles) set as the view N times; prints the time per call. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    if (argc < 3) {
        fprintf(stderr, "usage: %s FILE N\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    long n = atol(argv[2]);
    int sizes[3] = {64, 64, 64}, subs[3] = {32, 32, 32}, starts[3] = {0, 32, 0};
    MPI_Datatype sub;
    MPI_Type_create_subarray(3, sizes, subs, starts, MPI_ORDER_C, MPI_DOUBLE, &sub);
    MPI_Type_commit(&sub);
    MPI_File fh;
    if (MPI_File_open(MPI_COMM_SELF, argv[1], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL,
                      &fh) != MPI_SUCCESS) {
        fprintf(stderr, "%s: cannot open\n", argv[1]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    double t = MPI_Wtime();
    for (long i = 0; i < n; i++)
        MPI_File_set_view(fh, 0, MPI_DOUBLE, sub, "native", MPI_INFO_NULL);
    t = MPI_Wtime() - t;
    printf("%.3f us per MPI_File_set_view\n", t / n * 1e6);
    MPI_File_close(&fh);
    MPI_Type_free(&sub);
    MPI_Finalize();
    return 0;
}
