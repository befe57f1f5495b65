/* HDF5 layer overhead: N H5Dwrite calls of a 1000-double dataset in /dev/shm (the whole
 * dataset each time; HDF5 writes it through its sieve buffer). Prints ns per call (CPU
 * time of the thread). The loop is its own function so that bench/hdf5.sh can count its
 * instructions with callgrind. Usage: h5_loop N FILE */
#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

__attribute__((noinline)) void loop_h5write(hid_t d, const double *buf, long n) {
    for (long i = 0; i < n; i++)
        H5Dwrite(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf);
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 100000;
    const char *path = argc > 2 ? argv[2] : "/dev/shm/rotf2-h5-bench.h5";
    hid_t f = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    hsize_t dims[1] = {1000};
    hid_t sp = H5Screate_simple(1, dims, NULL);
    hid_t d = H5Dcreate2(f, "d", H5T_NATIVE_DOUBLE, sp, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    static double buf[1000];
    loop_h5write(d, buf, 100);
    struct timespec a, b;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
    loop_h5write(d, buf, n);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
    printf("h5dwrite_cpu %.1f\n", ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / n);
    H5Dclose(d);
    H5Sclose(sp);
    H5Fclose(f);
    remove(path);
    return 0;
}
