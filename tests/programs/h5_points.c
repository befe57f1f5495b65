/* A parallel HDF5 program with a point selection, which the replay at the HDF5 layer cannot
 * rebuild (the trace holds the number of points, not their coordinates). argv[1] is the
 * scratch directory; the file is DIR/points.h5.
 *
 *   mpicc -O1 -o h5_points h5_points.c $(pkg-config --cflags --libs hdf5-openmpi)
 *   mpirun -np P h5_points DIR
 *
 * P ranks, rank r, N = 256: one dataset /d of N*P ints; rank r writes its block [r*N, r*N+N)
 * through a hyperslab (independent transfer), then the first 8 elements of its block again
 * through H5Sselect_elements (8 points, independent). Prints "points: ok" at rank 0. */
#include <hdf5.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 256
#define POINTS 8

static void check(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "h5_points: %s failed\n", what);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int r, p;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    check(argc > 1, "usage: h5_points DIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/points.h5", argv[1]);
    static int buf[N];
    for (int i = 0; i < N; i++) buf[i] = r * N + i;

    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
    check(H5Pset_fapl_mpio(fapl, MPI_COMM_WORLD, MPI_INFO_NULL) >= 0, "H5Pset_fapl_mpio");
    hid_t f = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
    check(f >= 0, "H5Fcreate");
    hsize_t total = (hsize_t)N * p, start = (hsize_t)r * N, count = N, npoints = POINTS;
    hid_t fs = H5Screate_simple(1, &total, NULL);
    hid_t d = H5Dcreate2(f, "/d", H5T_NATIVE_INT, fs, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    check(d >= 0, "H5Dcreate2");
    hid_t ms = H5Screate_simple(1, &count, NULL);
    check(H5Sselect_hyperslab(fs, H5S_SELECT_SET, &start, NULL, &count, NULL) >= 0, "hyperslab");
    check(H5Dwrite(d, H5T_NATIVE_INT, ms, fs, H5P_DEFAULT, buf) >= 0, "H5Dwrite (slab)");

    hsize_t coord[POINTS];
    for (int i = 0; i < POINTS; i++) coord[i] = start + i;
    hid_t ps = H5Dget_space(d);
    check(H5Sselect_elements(ps, H5S_SELECT_SET, POINTS, coord) >= 0, "H5Sselect_elements");
    hid_t pm = H5Screate_simple(1, &npoints, NULL);
    check(H5Dwrite(d, H5T_NATIVE_INT, pm, ps, H5P_DEFAULT, buf) >= 0, "H5Dwrite (points)");

    H5Sclose(pm);
    H5Sclose(ps);
    H5Sclose(ms);
    H5Sclose(fs);
    H5Dclose(d);
    H5Pclose(fapl);
    H5Fclose(f);
    if (r == 0) printf("points: ok\n");
    MPI_Finalize();
    return 0;
}
