/* The I/O pattern of IOR's HDF5 backend (`ior -a HDF5`), written for these tests: the HDF5 1.6
 * API (H5_USE_16_API: H5Dcreate and H5Dopen are H5Dcreate1 and H5Dopen1), parallel HDF5 on
 * MPI-IO, one shared dataset per segment, every rank's block moved as transfers through
 * hyperslab selections, collective or independent.
 *
 *   mpicc -O1 -o h5_ior h5_ior.c $(pkg-config --cflags --libs hdf5-openmpi)
 *   mpirun -np P h5_ior DIR COLL      (COLL 1: collective transfers, 0: independent)
 *
 * P ranks, rank r. The file is DIR/ior.h5; SEGMENTS = 16 segments, each a dataset
 * "/Dataset-0000.<s>" (%04d) of P * BLOCK long longs (H5T_NATIVE_LLONG); rank r's block of
 * segment s starts at element r * BLOCK and is moved as XFERS = 4 transfers of XFER = 2048
 * elements (16 KiB): 64 transfers per rank and phase.
 *   write phase: H5Pset_fapl_mpio(MPI_COMM_WORLD), H5Pset_alignment, H5Pset_sizes;
 *     H5Fcreate(H5F_ACC_TRUNC); a transfer property list (H5Pset_dxpl_mpio COLL); a memory
 *     space of XFER elements with a hyperslab selecting all of them; per segment: H5Dcreate
 *     (fill time never), per transfer: H5Dget_space, H5Sselect_hyperslab (start, stride =
 *     block = XFER, count 1), H5Dwrite, H5Sclose; H5Dclose; H5Fclose.
 *   read phase: the same with H5Fopen(H5F_ACC_RDONLY), H5Dopen, H5Dread, and a check of
 *     every element read (value: ((s * P + r) * BLOCK + i), i the element in the block).
 *
 * Output: rank 0 prints, for every rank in order, one line per transfer
 *     op <H5Dwrite|H5Dread> rank=<r> dataset=<path> elements=2048 bytes=16384 coll=<0|1> file=ior.h5
 * then per rank "total rank=<r> writes=<n> reads=<n> bytes=<n>" and "failures: N" (elements
 * read back wrong; exit status 1 then). A failing HDF5 or MPI call aborts with a message. */
#define H5_USE_16_API 1
#include <hdf5.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEGMENTS 16
#define XFERS 4
#define XFER 2048
#define BLOCK (XFERS * XFER)

static int g_rank, g_size, g_coll;
static long g_writes, g_reads, g_bytes, g_failures;
static char *g_out;
static size_t g_len;

static void die(const char *what, int line) {
    fprintf(stderr, "h5_ior: rank %d: line %d: %s failed\n", g_rank, line, what);
    MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1);
}
#define CK(call)                                                                                 \
    ({                                                                                           \
        __typeof__(call) r_ = (call);                                                            \
        if (r_ < 0) die(#call, __LINE__);                                                        \
        r_;                                                                                      \
    })

/* One op line into this rank's output (rank 0 prints them all at the end). */
static void op(const char *func, int seg) {
    char line[256];
    int n = snprintf(line, sizeof line,
                     "op %s rank=%d dataset=/Dataset-0000.%04d elements=%d bytes=%d coll=%d "
                     "file=ior.h5\n",
                     func, g_rank, seg, XFER, XFER * 8, g_coll);
    g_out = realloc(g_out, g_len + n + 1);
    if (!g_out) die("realloc", __LINE__);
    memcpy(g_out + g_len, line, n + 1);
    g_len += n;
}

/* The file space of a dataset with transfer x of this rank's block selected. */
static hid_t slab(hid_t dset, int x) {
    hid_t space = CK(H5Dget_space(dset));
    hsize_t start = (hsize_t)g_rank * BLOCK + (hsize_t)x * XFER, stride = XFER, count = 1,
            block = XFER;
    CK(H5Sselect_hyperslab(space, H5S_SELECT_SET, &start, &stride, &count, &block));
    return space;
}

/* Both phases: write (create) or read (open) every segment, transfer by transfer. */
static void phase(const char *path, int write) {
    hid_t fapl = CK(H5Pcreate(H5P_FILE_ACCESS));
    CK(H5Pset_fapl_mpio(fapl, MPI_COMM_WORLD, MPI_INFO_NULL));
    CK(H5Pset_alignment(fapl, 1, 1));
    hid_t file;
    if (write) {
        hid_t fcpl = CK(H5Pcreate(H5P_FILE_CREATE));
        CK(H5Pset_sizes(fcpl, sizeof(hsize_t), sizeof(hsize_t)));
        file = CK(H5Fcreate(path, H5F_ACC_TRUNC, fcpl, fapl));
        CK(H5Pclose(fcpl));
    } else {
        file = CK(H5Fopen(path, H5F_ACC_RDONLY, fapl));
    }
    CK(H5Pclose(fapl));
    hid_t dxpl = CK(H5Pcreate(H5P_DATASET_XFER));
    CK(H5Pset_dxpl_mpio(dxpl, g_coll ? H5FD_MPIO_COLLECTIVE : H5FD_MPIO_INDEPENDENT));
    hsize_t mdims = XFER, mstart = 0, mstride = XFER, mcount = 1, mblock = XFER;
    hid_t mem = CK(H5Screate_simple(1, &mdims, NULL));
    CK(H5Sselect_hyperslab(mem, H5S_SELECT_SET, &mstart, &mstride, &mcount, &mblock));
    hsize_t dims = (hsize_t)g_size * BLOCK;
    hid_t space = CK(H5Screate_simple(1, &dims, NULL));
    static long long buf[XFER];
    for (int s = 0; s < SEGMENTS; s++) {
        char name[64];
        snprintf(name, sizeof name, "Dataset-0000.%04d", s);
        hid_t dset;
        if (write) {
            hid_t dcpl = CK(H5Pcreate(H5P_DATASET_CREATE));
            CK(H5Pset_fill_time(dcpl, H5D_FILL_TIME_NEVER));
            dset = CK(H5Dcreate(file, name, H5T_NATIVE_LLONG, space, dcpl));
            CK(H5Pclose(dcpl));
        } else {
            dset = CK(H5Dopen(file, name));
        }
        for (int x = 0; x < XFERS; x++) {
            long long base = ((long long)s * g_size + g_rank) * BLOCK + (long long)x * XFER;
            hid_t fspace = slab(dset, x);
            if (write) {
                for (int i = 0; i < XFER; i++) buf[i] = base + i;
                CK(H5Dwrite(dset, H5T_NATIVE_LLONG, mem, fspace, dxpl, buf));
                g_writes++;
            } else {
                memset(buf, 0xff, sizeof buf);
                CK(H5Dread(dset, H5T_NATIVE_LLONG, mem, fspace, dxpl, buf));
                for (int i = 0; i < XFER; i++) g_failures += buf[i] != base + i;
                g_reads++;
            }
            g_bytes += XFER * 8;
            op(write ? "H5Dwrite" : "H5Dread", s);
            CK(H5Sclose(fspace));
        }
        CK(H5Dclose(dset));
    }
    CK(H5Sclose(space));
    CK(H5Sclose(mem));
    CK(H5Pclose(dxpl));
    CK(H5Fclose(file));
}

/* Rank 0 prints every rank's lines in rank order, then the totals. */
static void report(void) {
    char tot[128];
    snprintf(tot, sizeof tot, "total rank=%d writes=%ld reads=%ld bytes=%ld\n", g_rank, g_writes,
             g_reads, g_bytes);
    size_t n = g_len + strlen(tot);
    g_out = realloc(g_out, n + 1);
    strcat(g_out, tot);
    int len = (int)n, *lens = malloc(sizeof(int) * g_size), *offs = malloc(sizeof(int) * g_size);
    MPI_Gather(&len, 1, MPI_INT, lens, 1, MPI_INT, 0, MPI_COMM_WORLD);
    int all = 0;
    for (int i = 0; g_rank == 0 && i < g_size; i++) offs[i] = all, all += lens[i];
    char *text = malloc(all + 1);
    MPI_Gatherv(g_out, len, MPI_CHAR, text, lens, offs, MPI_CHAR, 0, MPI_COMM_WORLD);
    long failures = 0;
    MPI_Reduce(&g_failures, &failures, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (g_rank == 0) {
        fwrite(text, 1, all, stdout);
        printf("failures: %ld\n", failures);
        fflush(stdout);
    }
    MPI_Bcast(&failures, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    g_failures = failures;
    free(text), free(lens), free(offs);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g_size);
    if (argc < 3) die("usage: h5_ior DIR COLL", __LINE__);
    g_coll = atoi(argv[2]);
    g_out = calloc(1, 1);
    char path[4096];
    snprintf(path, sizeof path, "%s/ior.h5", argv[1]);
    phase(path, 1);
    phase(path, 0);
    report();
    MPI_Finalize();
    return g_failures != 0;
}
