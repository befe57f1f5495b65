/* One of two MPI jobs sharing a trace directory: `mpi_jobs DIR write` has every rank write
 * 64 bytes at offset rank*64 of DIR/jobs.dat (MPI_File_write_at_all); `mpi_jobs DIR read` has
 * every rank read them back (MPI_File_read_at_all) and check them. Prints one line per rank. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#define BLOCK 64

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 3) {
        if (rank == 0) fprintf(stderr, "usage: mpi_jobs DIR write|read\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int writing = strcmp(argv[2], "write") == 0;
    char path[4096];
    snprintf(path, sizeof path, "%s/jobs.dat", argv[1]);
    MPI_File fh;
    int amode = writing ? MPI_MODE_CREATE | MPI_MODE_WRONLY : MPI_MODE_RDONLY;
    if (MPI_File_open(MPI_COMM_WORLD, path, amode, MPI_INFO_NULL, &fh) != MPI_SUCCESS)
        MPI_Abort(MPI_COMM_WORLD, 1);
    char buf[BLOCK], want[BLOCK];
    memset(want, 'a' + rank % 26, BLOCK);
    MPI_Status st;
    int rc, n = 0;
    if (writing) {
        rc = MPI_File_write_at_all(fh, (MPI_Offset)rank * BLOCK, want, BLOCK, MPI_BYTE, &st);
    } else {
        rc = MPI_File_read_at_all(fh, (MPI_Offset)rank * BLOCK, buf, BLOCK, MPI_BYTE, &st);
    }
    MPI_Get_count(&st, MPI_BYTE, &n);
    int ok = rc == MPI_SUCCESS && n == BLOCK && (writing || memcmp(buf, want, BLOCK) == 0);
    MPI_File_close(&fh);
    printf("rank %d of %d: %s %d bytes %s\n", rank, size, argv[2], n, ok ? "ok" : "FAILED");
    MPI_Finalize();
    return !ok;
}
