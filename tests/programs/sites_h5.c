/* Call sites through parallel HDF5 (issue 29): H5Dwrite on one known line, in a loop.
 * Usage: mpirun -np P sites_h5 FILE
 * Builds as h5_parallel.c (mpicc ... $(pkg-config --cflags --libs hdf5-openmpi)).
 * Creates FILE with the MPI-IO driver and DATASETS contiguous datasets of P*N doubles; every
 * rank writes its slab of N doubles (start r*N) of each with a collective H5Dwrite from the
 * line marked SITE:h5dwrite, so that each rank writes DATASETS*N*8 bytes of data there.
 * Prints one line with the constants it used (the same with and without the recorder). */
#include <hdf5.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 2048
#define DATASETS 3

static double slab[N];

static void die(const char *what) {
    fprintf(stderr, "sites_h5: %s failed\n", what);
    MPI_Abort(MPI_COMM_WORLD, 1);
}

__attribute__((noinline)) static void write_slab(hid_t ds, hid_t dxpl, int rank) {
    hid_t fspace = H5Dget_space(ds);
    hsize_t start = (hsize_t)rank * N, count = N;
    if (fspace < 0 || H5Sselect_hyperslab(fspace, H5S_SELECT_SET, &start, NULL, &count, NULL) < 0)
        die("selecting the slab");
    hid_t mspace = H5Screate_simple(1, &count, NULL);
    herr_t rc = H5Dwrite(ds, H5T_NATIVE_DOUBLE, mspace, fspace, dxpl, slab); /* SITE:h5dwrite */
    if (rc < 0)
        die("H5Dwrite");
    H5Sclose(mspace);
    H5Sclose(fspace);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    if (argc < 2)
        MPI_Abort(MPI_COMM_WORLD, 2);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 0; i < N; i++)
        slab[i] = rank * 100000.0 + i;
    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
    if (fapl < 0 || H5Pset_fapl_mpio(fapl, MPI_COMM_WORLD, MPI_INFO_NULL) < 0)
        die("the file access list");
    hid_t file = H5Fcreate(argv[1], H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
    if (file < 0)
        die("H5Fcreate");
    hid_t dxpl = H5Pcreate(H5P_DATASET_XFER);
    if (dxpl < 0 || H5Pset_dxpl_mpio(dxpl, H5FD_MPIO_COLLECTIVE) < 0)
        die("the transfer list");
    hsize_t dims = (hsize_t)size * N;
    hid_t space = H5Screate_simple(1, &dims, NULL);
    for (int d = 0; d < DATASETS; d++) {
        char name[16];
        snprintf(name, sizeof name, "d%d", d);
        hid_t ds = H5Dcreate2(file, name, H5T_NATIVE_DOUBLE, space, H5P_DEFAULT, H5P_DEFAULT,
                              H5P_DEFAULT);
        if (ds < 0)
            die("H5Dcreate2");
        write_slab(ds, dxpl, rank);
        H5Dclose(ds);
    }
    H5Sclose(space);
    H5Pclose(dxpl);
    H5Pclose(fapl);
    if (H5Fclose(file) < 0)
        die("H5Fclose");
    if (rank == 0)
        printf("datasets %d doubles %d\n", DATASETS, N);
    MPI_Finalize();
    return 0;
}
