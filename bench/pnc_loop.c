/* PnetCDF layer overhead: N pairs of ncmpi_iput_vara_double (one double) + ncmpi_wait_all
 * on a CDF-5 file in /dev/shm, one MPI process. Prints CPU ns per pair. The loop is its own
 * function so that bench/pnetcdf.sh can count its instructions with callgrind.
 * Usage: pnc_loop N FILE  (run as an MPI singleton or under mpirun -np 1) */
#include <mpi.h>
#include <pnetcdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

__attribute__((noinline)) void loop_pair(int nc, int v, long n) {
    for (long i = 0; i < n; i++) {
        MPI_Offset start = i % 1024, count = 1;
        double x = (double)i;
        int req, st;
        ncmpi_iput_vara_double(nc, v, &start, &count, &x, &req);
        ncmpi_wait_all(nc, 1, &req, &st);
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    long n = argc > 1 ? atol(argv[1]) : 20000;
    const char *path = argc > 2 ? argv[2] : "/dev/shm/rotf2-pnc-bench.nc";
    int nc, d, v;
    if (ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &nc)) return 1;
    ncmpi_def_dim(nc, "x", 1024, &d);
    ncmpi_def_var(nc, "v", NC_DOUBLE, 1, &d, &v);
    ncmpi_enddef(nc);
    loop_pair(nc, v, 100);
    struct timespec a, b;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
    loop_pair(nc, v, n);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
    printf("pair_cpu %.1f\n", ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / n);
    ncmpi_close(nc);
    MPI_File_delete(path, MPI_INFO_NULL);
    MPI_Finalize();
    return 0;
}
