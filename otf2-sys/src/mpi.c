/* OTF2's MPI collective callbacks (OTF2_MPI_Collectives.h, static functions meant to be
 * compiled into the program that uses them) and the few MPI calls recorder2otf2 makes
 * when it runs under mpirun: world rank and size, agreement on errors, and moving bytes
 * between ranks. Built only when an MPI is found at build time (see build.rs). */
#include <mpi.h>
#include <otf2/otf2.h>
#include <otf2/OTF2_MPI_Collectives.h>
#include <stdint.h>
#include <stdio.h>

/* MPI counts are ints: bytes move in pieces of at most 1 GiB. */
#define PIECE (1 << 30)

int rotf2_conv_mpi_init(int *rank, int *size) {
    int initialized = 0;
    MPI_Initialized(&initialized);
    if (!initialized) {
        int provided = 0;
        /* Only the main thread calls MPI (worker threads write OTF2 event files). */
        if (MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
            return -1;
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    if (MPI_Comm_rank(MPI_COMM_WORLD, rank) != MPI_SUCCESS) return -1;
    if (MPI_Comm_size(MPI_COMM_WORLD, size) != MPI_SUCCESS) return -1;
    return 0;
}

int rotf2_conv_mpi_finalize(void) { return MPI_Finalize(); }

/* MPI_Get_library_version into buf (cap bytes, NUL-terminated). */
int rotf2_conv_mpi_library(char *buf, int cap) {
    char v[MPI_MAX_LIBRARY_VERSION_STRING + 1] = {0};
    int len = 0;
    int r = MPI_Get_library_version(v, &len);
    snprintf(buf, cap, "%s", v);
    return r;
}

int rotf2_conv_mpi_set_collectives(OTF2_Archive *archive) {
    return OTF2_MPI_Archive_SetCollectiveCallbacks(archive, MPI_COMM_WORLD, MPI_COMM_NULL);
}

int rotf2_conv_mpi_barrier(void) { return MPI_Barrier(MPI_COMM_WORLD); }

/* op: 0 sum, 1 min, 2 max, over n values in place. */
int rotf2_conv_mpi_allreduce_u64(uint64_t *values, int n, int op) {
    MPI_Op ops[3] = {MPI_SUM, MPI_MIN, MPI_MAX};
    if (op < 0 || op > 2) return -1;
    return MPI_Allreduce(MPI_IN_PLACE, values, n, MPI_UINT64_T, ops[op], MPI_COMM_WORLD);
}

int rotf2_conv_mpi_bcast(void *buf, uint64_t len, int root) {
    for (uint64_t at = 0; at < len; at += PIECE) {
        uint64_t n = len - at < PIECE ? len - at : PIECE;
        int r = MPI_Bcast((char *)buf + at, (int)n, MPI_BYTE, root, MPI_COMM_WORLD);
        if (r != MPI_SUCCESS) return r;
    }
    return MPI_SUCCESS;
}

int rotf2_conv_mpi_send(const void *buf, uint64_t len, int dest, int tag) {
    for (uint64_t at = 0; at < len; at += PIECE) {
        uint64_t n = len - at < PIECE ? len - at : PIECE;
        int r = MPI_Send((const char *)buf + at, (int)n, MPI_BYTE, dest, tag, MPI_COMM_WORLD);
        if (r != MPI_SUCCESS) return r;
    }
    return MPI_SUCCESS;
}

int rotf2_conv_mpi_recv(void *buf, uint64_t len, int source, int tag) {
    for (uint64_t at = 0; at < len; at += PIECE) {
        uint64_t n = len - at < PIECE ? len - at : PIECE;
        int r = MPI_Recv((char *)buf + at, (int)n, MPI_BYTE, source, tag, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
        if (r != MPI_SUCCESS) return r;
    }
    return MPI_SUCCESS;
}
