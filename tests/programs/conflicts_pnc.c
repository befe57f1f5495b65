/* Known overlaps made through PnetCDF, for `recorder-otf2 conflicts`, at any number of
 * ranks P >= 2.
 *
 *   mpicc -O0 -o conflicts_pnc conflicts_pnc.c $(pkg-config --cflags --libs pnetcdf)
 *   mpirun -np P conflicts_pnc DIR
 *
 * DIR/c.nc (ncmpi_create, NC_CLOBBER | NC_64BIT_DATA) holds one variable v int(x), x = P*N
 * (N = 1024, so 4096 bytes per rank). Collective data calls:
 *   ncmpi_put_vara_int_all: rank 0 writes the whole variable, the others count 0;
 *   MPI_Barrier;
 *   ncmpi_get_vara_int_all: rank r >= 1 reads [r*N, (r+1)*N) and checks the values (i),
 *   rank 0 count 0.
 * So in the variable's bytes [begin, begin + P*N*4) there is one RAW pair (0, r) per rank
 * r >= 1, of the 4096 bytes [begin + r*4096, begin + (r+1)*4096); the header lies before.
 *
 * Rank 0 prints "offset=<ncmpi_inq_varoffset of v> bytes=<P*N*4> ranks=<P>", then
 * "done ranks=<P> failures=<n>" (values read back wrong, summed over the ranks). Any failing
 * call is named on stderr and the program aborts. */
#include <mpi.h>
#include <pnetcdf.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1024

static int g_rank;

static void die(const char *what, int line) {
    fprintf(stderr, "conflicts_pnc: rank %d: line %d: %s failed\n", g_rank, line, what);
    MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1);
}
#define CK(call)                                                                                 \
    do {                                                                                         \
        int e_ = (call);                                                                         \
        if (e_ != NC_NOERR) die(#call, __LINE__);                                                \
    } while (0)

int main(int argc, char **argv) {
    int size, nc, dim, var;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 2) die("usage: conflicts_pnc DIR", __LINE__);
    char path[4096];
    snprintf(path, sizeof path, "%s/c.nc", argv[1]);

    CK(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &nc));
    MPI_Offset total = (MPI_Offset)size * N;
    CK(ncmpi_def_dim(nc, "x", total, &dim));
    CK(ncmpi_def_var(nc, "v", NC_INT, 1, &dim, &var));
    CK(ncmpi_enddef(nc));

    int *buf = malloc(total * sizeof(int));
    if (!buf) die("malloc", __LINE__);
    for (MPI_Offset i = 0; i < total; i++) buf[i] = (int)i;
    MPI_Offset start = 0, count = g_rank == 0 ? total : 0;
    CK(ncmpi_put_vara_int_all(nc, var, &start, &count, buf));
    MPI_Barrier(MPI_COMM_WORLD);
    start = (MPI_Offset)g_rank * N;
    count = g_rank == 0 ? 0 : N;
    CK(ncmpi_get_vara_int_all(nc, var, &start, &count, buf));
    int failures = 0;
    for (MPI_Offset i = 0; i < count; i++) failures += buf[i] != (int)(start + i);

    MPI_Offset offset;
    CK(ncmpi_inq_varoffset(nc, var, &offset));
    if (g_rank == 0)
        printf("offset=%lld bytes=%lld ranks=%d\n", (long long)offset,
               (long long)(total * (MPI_Offset)sizeof(int)), size);
    int all = 0;
    MPI_Reduce(&failures, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    CK(ncmpi_close(nc));
    free(buf);
    if (g_rank == 0) printf("done ranks=%d failures=%d\n", size, all);
    MPI_Finalize();
    return all != 0;
}
