/* Known overlaps made through parallel HDF5 (MPI-IO driver, H5Pset_fapl_mpio on
 * MPI_COMM_WORLD), for `recorder-otf2 conflicts`, at any number of ranks P >= 2.
 *
 *   mpicc -O0 -o conflicts_h5 conflicts_h5.c $(pkg-config --cflags --libs hdf5-openmpi)
 *   mpirun -np P conflicts_h5 DIR
 *
 * DIR/c.h5 (H5F_ACC_TRUNC) holds one contiguous 1-D dataset /d of P*N ints (N = 1024, so
 * 4096 bytes per rank; parallel HDF5 allocates its space at creation). With independent
 * transfers (H5Pset_dxpl_mpio(H5FD_MPIO_INDEPENDENT)):
 *   rank 0 writes the whole dataset (H5Dwrite, P*N elements);
 *   MPI_Barrier;
 *   rank r >= 1 reads its hyperslab [r*N, (r+1)*N) (H5Dread) and checks the values (i).
 * So in the dataset's bytes [offset, offset + P*N*4) there is one RAW pair (0, r) per rank
 * r >= 1, of the 4096 bytes [offset + r*4096, offset + (r+1)*4096), at the MPI-IO and at the
 * POSIX layer; HDF5's own metadata (superblock, object headers) lies outside that range.
 *
 * Rank 0 prints "offset=<H5Dget_offset of /d> bytes=<P*N*4> ranks=<P>", then every rank's
 * check ends in a reduction and rank 0 prints "done ranks=<P> failures=<n>". Any failing
 * call is named on stderr and the program aborts. */
#include <hdf5.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1024

static int g_rank;

static void die(const char *what, int line) {
    fprintf(stderr, "conflicts_h5: rank %d: line %d: %s failed\n", g_rank, line, what);
    MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1);
}
/* HDF5: negative is failure. */
#define CK(call)                                                                                 \
    ({                                                                                           \
        __typeof__(call) r_ = (call);                                                            \
        if (r_ < 0) die(#call, __LINE__);                                                        \
        r_;                                                                                      \
    })

int main(int argc, char **argv) {
    int size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 2) die("usage: conflicts_h5 DIR", __LINE__);
    char path[4096];
    snprintf(path, sizeof path, "%s/c.h5", argv[1]);

    hid_t fapl = CK(H5Pcreate(H5P_FILE_ACCESS));
    CK(H5Pset_fapl_mpio(fapl, MPI_COMM_WORLD, MPI_INFO_NULL));
    hid_t file = CK(H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, fapl));
    hsize_t total = (hsize_t)size * N;
    hid_t space = CK(H5Screate_simple(1, &total, NULL));
    hid_t dset = CK(H5Dcreate2(file, "/d", H5T_NATIVE_INT, space, H5P_DEFAULT, H5P_DEFAULT,
                               H5P_DEFAULT));
    hid_t dxpl = CK(H5Pcreate(H5P_DATASET_XFER));
    CK(H5Pset_dxpl_mpio(dxpl, H5FD_MPIO_INDEPENDENT));

    int *buf = malloc(total * sizeof(int));
    if (!buf) die("malloc", __LINE__);
    if (g_rank == 0) {
        for (hsize_t i = 0; i < total; i++) buf[i] = (int)i;
        CK(H5Dwrite(dset, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, dxpl, buf));
    }
    MPI_Barrier(MPI_COMM_WORLD);
    int failures = 0;
    if (g_rank >= 1) {
        hsize_t start = (hsize_t)g_rank * N, count = N;
        hid_t fspace = CK(H5Dget_space(dset));
        CK(H5Sselect_hyperslab(fspace, H5S_SELECT_SET, &start, NULL, &count, NULL));
        hid_t mspace = CK(H5Screate_simple(1, &count, NULL));
        CK(H5Dread(dset, H5T_NATIVE_INT, mspace, fspace, dxpl, buf));
        for (int i = 0; i < N; i++) failures += buf[i] != (int)(start + i);
        CK(H5Sclose(mspace));
        CK(H5Sclose(fspace));
    }
    haddr_t offset = H5Dget_offset(dset);
    if (offset == HADDR_UNDEF) die("H5Dget_offset", __LINE__);
    if (g_rank == 0)
        printf("offset=%llu bytes=%llu ranks=%d\n", (unsigned long long)offset,
               (unsigned long long)(total * sizeof(int)), size);
    int all = 0;
    MPI_Reduce(&failures, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    free(buf);
    CK(H5Pclose(dxpl));
    CK(H5Dclose(dset));
    CK(H5Sclose(space));
    CK(H5Fclose(file));
    CK(H5Pclose(fapl));
    if (g_rank == 0) printf("done ranks=%d failures=%d\n", size, all);
    MPI_Finalize();
    return all != 0;
}
