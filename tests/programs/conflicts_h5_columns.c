/* Parallel HDF5 writing column blocks collectively, for `recorder-otf2 conflicts`: a 2-D
 * contiguous int dataset /d of 8 x 8P, rank r selects the column block [8 r, 8 r + 8) of
 * every row (H5Sselect_hyperslab) and all write it with H5Dwrite under
 * H5FD_MPIO_COLLECTIVE: HDF5 makes it an MPI file view with holes (8 rows of 32 bytes
 * per rank), the ranks' bytes are disjoint, so no pair lies in the dataset's bytes.
 * With "overlap", every rank but the last selects one column more, [8 r, 8 r + 9): ranks
 * r and r + 1 both write column 8 (r + 1) of every row (one WAW pair each).
 *
 *   mpirun -np P conflicts_h5_columns DIR [overlap]
 *
 * Rank 0 prints "offset=<H5Dget_offset of /d> bytes=<8*8P*4> ranks=<P>", then
 * "done ranks=<P> failures=0". Any failing call is named on stderr and aborts. */
#include <hdf5.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int g_rank;

static void die(const char *what, int line) {
    fprintf(stderr, "conflicts_h5_columns: rank %d: line %d: %s failed\n", g_rank, line, what);
    MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1);
}
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
    if (argc != 2 && argc != 3) die("usage: conflicts_h5_columns DIR [overlap]", __LINE__);
    int wide = argc == 3 && g_rank < size - 1;
    char path[4096];
    snprintf(path, sizeof path, "%s/columns.h5", argv[1]);

    hid_t fapl = CK(H5Pcreate(H5P_FILE_ACCESS));
    CK(H5Pset_fapl_mpio(fapl, MPI_COMM_WORLD, MPI_INFO_NULL));
    hid_t file = CK(H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, fapl));
    hsize_t dims[2] = {8, 8 * (hsize_t)size};
    hid_t space = CK(H5Screate_simple(2, dims, NULL));
    hid_t dset = CK(H5Dcreate2(file, "/d", H5T_NATIVE_INT, space, H5P_DEFAULT, H5P_DEFAULT,
                               H5P_DEFAULT));
    hid_t dxpl = CK(H5Pcreate(H5P_DATASET_XFER));
    CK(H5Pset_dxpl_mpio(dxpl, H5FD_MPIO_COLLECTIVE));
    hsize_t start[2] = {0, 8 * (hsize_t)g_rank}, count[2] = {8, wide ? 9 : 8};
    CK(H5Sselect_hyperslab(space, H5S_SELECT_SET, start, NULL, count, NULL));
    hid_t mspace = CK(H5Screate_simple(2, count, NULL));
    int buf[72];
    for (int i = 0; i < 72; i++) buf[i] = g_rank;
    CK(H5Dwrite(dset, H5T_NATIVE_INT, mspace, space, dxpl, buf));
    haddr_t offset = H5Dget_offset(dset);
    if (offset == HADDR_UNDEF) die("H5Dget_offset", __LINE__);
    if (g_rank == 0)
        printf("offset=%llu bytes=%llu ranks=%d\n", (unsigned long long)offset,
               (unsigned long long)(dims[0] * dims[1] * sizeof(int)), size);
    CK(H5Sclose(mspace));
    CK(H5Pclose(dxpl));
    CK(H5Dclose(dset));
    CK(H5Sclose(space));
    CK(H5Fclose(file));
    CK(H5Pclose(fapl));
    if (g_rank == 0) printf("done ranks=%d failures=0\n", size);
    MPI_Finalize();
    return 0;
}
