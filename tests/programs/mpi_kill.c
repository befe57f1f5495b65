/* A rank killed with SIGKILL in the middle of an MPI-IO job (robustness of the recorder).
 *
 *   mpirun -np P mpi_kill DIR
 *
 * All ranks open DIR/kill.dat on MPI_COMM_WORLD and do WRITES = 50 MPI_File_write_at calls of
 * COUNT = 16 ints = BLOCK = 64 bytes each: call i of rank r writes at byte (i*P + r)*64 (no
 * view, offsets in bytes). Then MPI_File_sync and a barrier, so that every rank has done exactly
 * this I/O; each rank prints (and flushes)
 *     wrote rank=<r> calls=50 bytes=64 offset0=<r*64> stride=<P*64> file=kill.dat
 * and after a second barrier and a pause of 0.5 s (for mpirun to forward the lines) rank P-1
 * prints "killing rank=<P-1>" and raises SIGKILL. The other ranks sleep (they never return to
 * MPI, the file is never closed). Open MPI's mpirun notices the dead rank, kills the others
 * (SIGTERM, then SIGKILL) and exits non-zero ("mpirun noticed that process rank N ... exited on
 * signal 9 (Killed)"). Should mpirun not kill them, the survivors give up after 60 s and exit
 * with status 3. The loop would have gone on to 100 calls had nobody died: the WRITES calls
 * before the kill are the "known" part of the I/O.
 * Every MPI return code is checked (abort with a message on error). */
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define COUNT 16
#define BLOCK (COUNT * 4)
#define WRITES 50
#define ITERATIONS 100

static int g_rank;

static void die(const char *what, int rc, int line) {
    char msg[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(rc, msg, &len);
    fprintf(stderr, "mpi_kill: rank %d: line %d: %s failed: %s\n", g_rank, line, what, msg);
    MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1);
}
#define CK(call)                                                                                 \
    do {                                                                                         \
        int rc_ = (call);                                                                        \
        if (rc_ != MPI_SUCCESS) die(#call, rc_, __LINE__);                                       \
    } while (0)

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    CK(MPI_Init(&argc, &argv));
    int size;
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    CK(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
    CK(MPI_Comm_size(MPI_COMM_WORLD, &size));
    char path[4096];
    snprintf(path, sizeof path, "%s/kill.dat", argv[1]);
    MPI_File fh;
    CK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh));
    int buf[COUNT];
    MPI_Status st;
    for (int i = 0; i < ITERATIONS; i++) {
        for (int j = 0; j < COUNT; j++) buf[j] = i * 1000000 + g_rank * 1000 + j;
        MPI_Offset off = ((MPI_Offset)i * size + g_rank) * BLOCK;
        CK(MPI_File_write_at(fh, off, buf, COUNT, MPI_INT, &st));
        int n = -1;
        CK(MPI_Get_count(&st, MPI_BYTE, &n));
        if (n != BLOCK) {
            fprintf(stderr, "mpi_kill: rank %d: write_at %d wrote %d bytes\n", g_rank, i, n);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        if (i + 1 == WRITES) {
            CK(MPI_File_sync(fh));
            CK(MPI_Barrier(MPI_COMM_WORLD));
            printf("wrote rank=%d calls=%d bytes=%d offset0=%d stride=%d file=kill.dat\n", g_rank,
                   WRITES, BLOCK, g_rank * BLOCK, size * BLOCK);
            fflush(stdout);
            CK(MPI_Barrier(MPI_COMM_WORLD));
            usleep(500 * 1000);
            if (g_rank == size - 1) {
                printf("killing rank=%d\n", g_rank);
                fflush(stdout);
                raise(SIGKILL);
            }
            for (int t = 0; t < 600; t++) usleep(100 * 1000);
            fprintf(stderr, "mpi_kill: rank %d: still alive after 60 s\n", g_rank);
            return 3;
        }
    }
    return 0; /* not reached */
}
