/* HDF5 patterns for the layer-chain insight rules (parallel HDF5, any number of ranks).
 * argv[1]: scratch directory, argv[2]: mode.
 *   fanout      every rank writes its own file DIR/f<r>.h5: a chunked dataset of 1024 doubles in
 *               chunks of 8, chunk cache off, written by 4 H5Dwrite calls of the whole dataset:
 *               each call becomes 128 small chunk writes.
 *   coll2indep  a shared DIR/c.h5 with a contiguous dataset of 1024*P doubles; every rank writes
 *               its slab with a collective dxpl from an int buffer (type conversion makes HDF5
 *               fall back to independent MPI-IO); prints the actual I/O mode.
 *   collective  as coll2indep but from a double buffer (stays collective).
 */
#include <hdf5.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#define N 1024

int main(int argc, char **argv) {
    int r, P;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &P);
    static double d[N];
    static int ints[N];
    for (int i = 0; i < N; i++) d[i] = ints[i] = i;
    char path[4096];
    if (!strcmp(argv[2], "fanout")) {
        snprintf(path, sizeof path, "%s/f%d.h5", argv[1], r);
        hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
        H5Pset_fapl_sec2(fapl);
        hid_t f = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
        hsize_t dims = N, chunk = 8;
        hid_t s = H5Screate_simple(1, &dims, NULL);
        hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
        H5Pset_chunk(dcpl, 1, &chunk);
        hid_t dapl = H5Pcreate(H5P_DATASET_ACCESS);
        H5Pset_chunk_cache(dapl, 0, 0, 1.0);
        hid_t ds = H5Dcreate2(f, "/d", H5T_NATIVE_DOUBLE, s, H5P_DEFAULT, dcpl, dapl);
        for (int k = 0; k < 4; k++) H5Dwrite(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, d);
        H5Dclose(ds);
        H5Sclose(s);
        H5Fclose(f);
    } else {
        snprintf(path, sizeof path, "%s/c.h5", argv[1]);
        hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
        H5Pset_fapl_mpio(fapl, MPI_COMM_WORLD, MPI_INFO_NULL);
        hid_t f = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
        hsize_t dims = (hsize_t)N * P, start = (hsize_t)N * r, count = N;
        hid_t fs = H5Screate_simple(1, &dims, NULL);
        hid_t ds = H5Dcreate2(f, "/c", H5T_NATIVE_DOUBLE, fs, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
        H5Sselect_hyperslab(fs, H5S_SELECT_SET, &start, NULL, &count, NULL);
        hid_t ms = H5Screate_simple(1, &count, NULL);
        hid_t dxpl = H5Pcreate(H5P_DATASET_XFER);
        H5Pset_dxpl_mpio(dxpl, H5FD_MPIO_COLLECTIVE);
        int conv = !strcmp(argv[2], "coll2indep");
        for (int k = 0; k < 4; k++)
            H5Dwrite(ds, conv ? H5T_NATIVE_INT : H5T_NATIVE_DOUBLE, ms, fs, dxpl, conv ? (void *)ints : (void *)d);
        H5D_mpio_actual_io_mode_t mode;
        H5Pget_mpio_actual_io_mode(dxpl, &mode);
        if (r == 0) printf("actual_io_mode=%d\n", (int)mode);
        H5Dclose(ds);
        H5Fclose(f);
    }
    MPI_Finalize();
    return 0;
}
