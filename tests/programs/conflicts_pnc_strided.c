/* PnetCDF writing interleaved elements, for `recorder-otf2 conflicts`: a 1-D int variable
 * of N*P elements, rank r writes elements r, r + P, r + 2P ... (N of them) with
 * ncmpi_put_vars_int_all (start r, count N, stride P): PnetCDF makes it an MPI file view
 * with holes (N ranges of 4 bytes per rank), the ranks' bytes are disjoint, so no pair
 * lies in the variable's bytes.
 *
 *   mpirun -np P conflicts_pnc_strided DIR
 *
 * Rank 0 prints "offset=<ncmpi_inq_varoffset> bytes=<N*P*4> ranks=<P>", then
 * "done ranks=<P> failures=0". Any failing call is named on stderr and aborts. */
#include <mpi.h>
#include <pnetcdf.h>
#include <stdio.h>
#include <stdlib.h>

#define N 256

static int g_rank;

#define CK(call)                                                                                 \
    do {                                                                                         \
        int e_ = (call);                                                                         \
        if (e_ != NC_NOERR) {                                                                    \
            fprintf(stderr, "conflicts_pnc_strided: rank %d: line %d: %s: %s\n", g_rank,       \
                    __LINE__, #call, ncmpi_strerror(e_));                                        \
            MPI_Abort(MPI_COMM_WORLD, 1);                                                        \
        }                                                                                        \
    } while (0)

int main(int argc, char **argv) {
    int size, ncid, dim, var;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 2) {
        fprintf(stderr, "usage: conflicts_pnc_strided DIR\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/strided.nc", argv[1]);
    CK(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER, MPI_INFO_NULL, &ncid));
    CK(ncmpi_def_dim(ncid, "x", (MPI_Offset)N * size, &dim));
    CK(ncmpi_def_var(ncid, "v", NC_INT, 1, &dim, &var));
    CK(ncmpi_enddef(ncid));
    int buf[N];
    for (int i = 0; i < N; i++) buf[i] = g_rank;
    MPI_Offset start = g_rank, count = N, stride = size;
    CK(ncmpi_put_vars_int_all(ncid, var, &start, &count, &stride, buf));
    MPI_Offset offset;
    CK(ncmpi_inq_varoffset(ncid, var, &offset));
    if (g_rank == 0)
        printf("offset=%lld bytes=%lld ranks=%d\n", (long long)offset,
               (long long)N * size * 4, size);
    CK(ncmpi_close(ncid));
    if (g_rank == 0) printf("done ranks=%d failures=0\n", size);
    MPI_Finalize();
    return 0;
}
