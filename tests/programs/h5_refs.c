/* Transfers on HDF5 ids whose opening the program's close does not end, or the recorder never
 * saw (reference counting, files closed with objects open, ids from unwrapped functions).
 * argv[1] is the scratch directory; the file is DIR/refs.h5 (kept).
 *
 *   gcc -O0 -o h5_refs h5_refs.c $(pkg-config --cflags --libs hdf5-serial)
 *   ./h5_refs DIR
 *
 * The dataset /r holds N = 1000 doubles (value i at element i, 8000 bytes); every transfer
 * moves all of it.
 *   1. H5Fcreate refs.h5; H5Dcreate2 /r; H5Dwrite. H5Iinc_ref(d); H5Dclose(d) (one reference
 *      left): H5Dwrite, H5Dread on d; H5Dclose(d) (the last).
 *   2. H5Oopen /r; H5Iinc_ref; H5Oclose; H5Dread on it; H5Idec_ref (the last).
 *   3. H5Dopen2 /r; H5Fclose (HDF5 keeps the file open for the dataset); H5Dwrite, H5Dread on
 *      it; H5Dclose (the file closes).
 *   4. H5Fopen refs.h5 (read-write); an object reference to /r (H5Rcreate), dereferenced
 *      (H5Rdereference2, a function the recorder does not wrap): H5Dread on the id; H5Dclose.
 *      H5Oget_info_by_name1 for /r's address; H5Oopen_by_addr: H5Dread; H5Oclose. H5Fclose.
 * Output: one line per transfer,
 *     op <H5Dwrite|H5Dread> dataset=/r elements=1000 bytes=8000 file=refs.h5
 * then "failures: N" (elements read back wrong; exit status 1 then). A failing call is named
 * on stderr (exit status 2). */
#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

static double g_buf[N];
static int g_failures;

static void die(const char *what, int line) {
    fprintf(stderr, "h5_refs: line %d: %s failed\n", line, what);
    exit(2);
}
#define CK(call)                                                                                 \
    ({                                                                                           \
        __typeof__(call) r_ = (call);                                                            \
        if (r_ < 0) die(#call, __LINE__);                                                        \
        r_;                                                                                      \
    })

static void xwrite(hid_t d) {
    for (int i = 0; i < N; i++) g_buf[i] = i;
    CK(H5Dwrite(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, g_buf));
    printf("op H5Dwrite dataset=/r elements=%d bytes=%d file=refs.h5\n", N, N * 8);
}

static void xread(hid_t d) {
    for (int i = 0; i < N; i++) g_buf[i] = -1;
    CK(H5Dread(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, g_buf));
    for (int i = 0; i < N; i++) g_failures += g_buf[i] != i;
    printf("op H5Dread dataset=/r elements=%d bytes=%d file=refs.h5\n", N, N * 8);
}

int main(int argc, char **argv) {
    if (argc < 2) die("usage: h5_refs DIR", __LINE__);
    char path[4096];
    snprintf(path, sizeof path, "%s/refs.h5", argv[1]);
    /* 1. a second reference outlives the program's close */
    hid_t f = CK(H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT));
    hsize_t dims = N;
    hid_t space = CK(H5Screate_simple(1, &dims, NULL));
    hid_t d = CK(H5Dcreate2(f, "r", H5T_NATIVE_DOUBLE, space, H5P_DEFAULT, H5P_DEFAULT,
                            H5P_DEFAULT));
    xwrite(d);
    CK(H5Iinc_ref(d));
    CK(H5Dclose(d));
    xwrite(d);
    xread(d);
    CK(H5Dclose(d));
    /* 2. the same through H5Oopen / H5Oclose / H5Idec_ref */
    hid_t o = CK(H5Oopen(f, "r", H5P_DEFAULT));
    CK(H5Iinc_ref(o));
    CK(H5Oclose(o));
    xread(o);
    CK(H5Idec_ref(o));
    /* 3. the file closed while a dataset of it is open */
    hid_t d2 = CK(H5Dopen2(f, "r", H5P_DEFAULT));
    CK(H5Fclose(f));
    xwrite(d2);
    xread(d2);
    CK(H5Dclose(d2));
    /* 4. ids the recorder did not see opened, or opened by address */
    f = CK(H5Fopen(path, H5F_ACC_RDWR, H5P_DEFAULT));
    hobj_ref_t ref;
    CK(H5Rcreate(&ref, f, "r", H5R_OBJECT, -1));
    hid_t d3 = CK(H5Rdereference2(f, H5P_DEFAULT, H5R_OBJECT, &ref));
    xread(d3);
    CK(H5Dclose(d3));
    H5O_info_t info;
    CK(H5Oget_info_by_name1(f, "r", &info, H5P_DEFAULT));
    hid_t d4 = CK(H5Oopen_by_addr(f, info.addr));
    xread(d4);
    CK(H5Oclose(d4));
    CK(H5Sclose(space));
    CK(H5Fclose(f));
    printf("failures: %d\n", g_failures);
    return g_failures != 0;
}
