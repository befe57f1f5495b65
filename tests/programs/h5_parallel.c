/* Known parallel HDF5 calls (MPI-IO driver, H5Pset_fapl_mpio on MPI_COMM_WORLD); argv[1] is
 * the scratch directory, the file is DIR/p.h5 (kept). Works with any number of ranks (tested
 * with 1, 2 and 4).
 *
 *   h5pcc -shlib -O1 -o h5_parallel h5_parallel.c   (plain "h5pcc" links libhdf5.a
 *                                                    statically: no interposition possible)
 *   mpicc -O1 -o h5_parallel h5_parallel.c $(pkg-config --cflags --libs hdf5-openmpi)
 *   mpirun -np P h5_parallel DIR
 *
 * Both link libhdf5_openmpi.so.103 dynamically.
 *
 * P is the number of ranks, r the rank, N = 1024.
 *   H5Fcreate p.h5 (H5F_ACC_TRUNC, fapl with H5Pset_fapl_mpio(MPI_COMM_WORLD, MPI_INFO_NULL))
 *   two contiguous datasets of N*P doubles, /dc and /di (parallel HDF5 allocates their space
 *   at creation); every rank selects the hyperslab start r*N count N of the file space and
 *   uses a memory space of N:
 *     H5Dwrite /dc, dxpl H5Pset_dxpl_mpio(H5FD_MPIO_COLLECTIVE):   N elements, 8192 bytes
 *     H5Dwrite /di, dxpl H5Pset_dxpl_mpio(H5FD_MPIO_INDEPENDENT):  N elements, 8192 bytes
 *     H5Dread  /dc, collective dxpl:                               N elements, 8192 bytes
 *   (value of element i of rank r's slab: r*100000 + i), closes everything, H5Fclose.
 *
 * Output: every rank collects its lines, rank 0 gathers them and prints them in rank order:
 *     op <function> rank=<r> dataset=<path> elements=<n> bytes=<n> coll=<0|1> file=p.h5
 *     info rank=<r> dataset=<path> offset=<byte offset of the dataset's data in the file>
 *          (H5Dget_offset; rank r's slab starts at offset + r*8192)
 *     info rank=<r> dataset=<path> actual_io_mode=<H5Pget_mpio_actual_io_mode after the call>
 *          (after each data call: "contiguous_collective" for the collective transfers,
 *          "no_collective" for the independent one; other values: chunk_independent,
 *          chunk_collective, chunk_mixed, or the number)
 *     info rank=<r> failures=<n>
 * and the last line "failures: N" (data read back not what was written); the exit status is
 * 1 when a data check failed. Any failing HDF5 or MPI call prints the call on stderr and
 * calls MPI_Abort(MPI_COMM_WORLD, 1).
 */
#include <hdf5.h>
#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1024

static int g_rank, g_size, g_failures;
static char *g_out;
static size_t g_len, g_cap;
static const char *g_file = "p.h5";

static void die(const char *what, int line) {
    fprintf(stderr, "h5_parallel: rank %d: line %d: %s failed\n", g_rank, line, what);
    MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1);
}
/* HDF5 (hid_t / herr_t / htri_t): negative is failure. */
#define CK(call)                                                                                 \
    ({                                                                                           \
        __typeof__(call) r_ = (call);                                                            \
        if (r_ < 0) die(#call, __LINE__);                                                        \
        r_;                                                                                      \
    })
/* MPI */
#define CKM(call)                                                                                \
    do {                                                                                         \
        if ((call) != MPI_SUCCESS) die(#call, __LINE__);                                         \
    } while (0)

/* Append one line to this rank's output. */
static void out(const char *fmt, ...) {
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    line[n++] = '\n';
    if (g_len + n + 1 > g_cap) {
        g_cap = (g_len + n + 1) * 2;
        g_out = realloc(g_out, g_cap);
        if (!g_out) die("realloc", __LINE__);
    }
    memcpy(g_out + g_len, line, n);
    g_len += n;
    g_out[g_len] = 0;
}

static void op(const char *fn, const char *dset, int coll) {
    out("op %s rank=%d dataset=%s elements=%d bytes=%d coll=%d file=%s", fn, g_rank, dset, N,
        (int)(N * sizeof(double)), coll, g_file);
}
static void mode(hid_t dxpl, const char *dset) {
    H5D_mpio_actual_io_mode_t m;
    CK(H5Pget_mpio_actual_io_mode(dxpl, &m));
    const char *name = m == H5D_MPIO_NO_COLLECTIVE              ? "no_collective"
                       : m == H5D_MPIO_CHUNK_INDEPENDENT        ? "chunk_independent"
                       : m == H5D_MPIO_CHUNK_COLLECTIVE         ? "chunk_collective"
                       : m == H5D_MPIO_CHUNK_MIXED              ? "chunk_mixed"
                       : m == H5D_MPIO_CONTIGUOUS_COLLECTIVE    ? "contiguous_collective"
                                                                : NULL;
    if (name)
        out("info rank=%d dataset=%s actual_io_mode=%s", g_rank, dset, name);
    else
        out("info rank=%d dataset=%s actual_io_mode=%d", g_rank, dset, (int)m);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    CKM(MPI_Init(&argc, &argv));
    CKM(MPI_Comm_rank(MPI_COMM_WORLD, &g_rank));
    CKM(MPI_Comm_size(MPI_COMM_WORLD, &g_size));
    const int P = g_size, r = g_rank;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", argv[1], g_file);

    static double wb[N], rb[N];
    for (int i = 0; i < N; i++) wb[i] = r * 100000.0 + i;

    hid_t fapl = CK(H5Pcreate(H5P_FILE_ACCESS));
    CK(H5Pset_fapl_mpio(fapl, MPI_COMM_WORLD, MPI_INFO_NULL));
    hid_t f = CK(H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, fapl));

    hsize_t total = (hsize_t)N * P, start = (hsize_t)r * N, count = N;
    hid_t fs = CK(H5Screate_simple(1, &total, NULL));
    hid_t dc = CK(H5Dcreate2(f, "/dc", H5T_NATIVE_DOUBLE, fs, H5P_DEFAULT, H5P_DEFAULT,
                             H5P_DEFAULT));
    hid_t di = CK(H5Dcreate2(f, "/di", H5T_NATIVE_DOUBLE, fs, H5P_DEFAULT, H5P_DEFAULT,
                             H5P_DEFAULT));
    out("info rank=%d dataset=/dc offset=%llu", r, (unsigned long long)H5Dget_offset(dc));
    out("info rank=%d dataset=/di offset=%llu", r, (unsigned long long)H5Dget_offset(di));
    CK(H5Sselect_hyperslab(fs, H5S_SELECT_SET, &start, NULL, &count, NULL));
    hid_t ms = CK(H5Screate_simple(1, &count, NULL));

    hid_t xc = CK(H5Pcreate(H5P_DATASET_XFER));
    CK(H5Pset_dxpl_mpio(xc, H5FD_MPIO_COLLECTIVE));
    hid_t xi = CK(H5Pcreate(H5P_DATASET_XFER));
    CK(H5Pset_dxpl_mpio(xi, H5FD_MPIO_INDEPENDENT));

    CK(H5Dwrite(dc, H5T_NATIVE_DOUBLE, ms, fs, xc, wb));
    op("H5Dwrite", "/dc", 1);
    mode(xc, "/dc");
    CK(H5Dwrite(di, H5T_NATIVE_DOUBLE, ms, fs, xi, wb));
    op("H5Dwrite", "/di", 0);
    mode(xi, "/di");
    CK(H5Dread(dc, H5T_NATIVE_DOUBLE, ms, fs, xc, rb));
    op("H5Dread", "/dc", 1);
    mode(xc, "/dc");
    if (memcmp(wb, rb, sizeof wb)) {
        out("info rank=%d FAILED H5Dread /dc data", r);
        g_failures++;
    }

    CK(H5Pclose(xi));
    CK(H5Pclose(xc));
    CK(H5Sclose(ms));
    CK(H5Sclose(fs));
    CK(H5Dclose(di));
    CK(H5Dclose(dc));
    CK(H5Pclose(fapl));
    CK(H5Fclose(f));

    /* ---- output: gathered on rank 0 and printed in rank order */
    out("info rank=%d failures=%d", r, g_failures);
    int len = (int)g_len, total_failures = 0;
    int *lens = NULL, *displs = NULL;
    char *all = NULL;
    if (r == 0) {
        lens = calloc(P, sizeof *lens);
        displs = calloc(P, sizeof *displs);
        if (!lens || !displs) die("calloc", __LINE__);
    }
    CKM(MPI_Gather(&len, 1, MPI_INT, lens, 1, MPI_INT, 0, MPI_COMM_WORLD));
    int sum = 0;
    if (r == 0) {
        for (int i = 0; i < P; i++) {
            displs[i] = sum;
            sum += lens[i];
        }
        all = malloc(sum + 1);
        if (!all) die("malloc", __LINE__);
    }
    CKM(MPI_Gatherv(g_out, len, MPI_CHAR, all, lens, displs, MPI_CHAR, 0, MPI_COMM_WORLD));
    CKM(MPI_Reduce(&g_failures, &total_failures, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD));
    if (r == 0) {
        fwrite(all, 1, sum, stdout);
        printf("failures: %d\n", total_failures);
        fflush(stdout);
    }
    CKM(MPI_Bcast(&total_failures, 1, MPI_INT, 0, MPI_COMM_WORLD));
    CKM(MPI_Finalize());
    return total_failures ? 1 : 0;
}
