/* NetCDF layer overhead: N nc_put_vara_double calls of 100 doubles into a netCDF-4 file in
 * /dev/shm (libnetcdf -> HDF5, which buffers them). Prints CPU ns per call. The loop is its
 * own function so that bench/netcdf.sh can count its instructions with callgrind.
 * Usage: nc_loop N FILE */
#include <netcdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

__attribute__((noinline)) void loop_put(int nc, int v, const double *buf, long n) {
    for (long i = 0; i < n; i++) {
        size_t start = (size_t)(i % 10) * 100, count = 100;
        nc_put_vara_double(nc, v, &start, &count, buf);
    }
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 100000;
    const char *path = argc > 2 ? argv[2] : "/dev/shm/rotf2-nc-bench.nc";
    int nc, d, v;
    if (nc_create(path, NC_NETCDF4 | NC_CLOBBER, &nc)) return 1;
    nc_def_dim(nc, "x", 1000, &d);
    nc_def_var(nc, "v", NC_DOUBLE, 1, &d, &v);
    nc_enddef(nc);
    static double buf[100];
    loop_put(nc, v, buf, 100);
    struct timespec a, b;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
    loop_put(nc, v, buf, n);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
    printf("nc_put_vara_cpu %.1f\n", ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / n);
    nc_close(nc);
    remove(path);
    return 0;
}
