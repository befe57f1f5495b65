/* Call sites through MPI-IO (issue 29): two MPI-IO writes on known lines, in loops.
 * Usage: mpirun -np P sites_mpiio FILE
 * Every rank writes ROUNDS blocks of COLL_BYTES with MPI_File_write_at_all (the line marked
 * SITE:write_at_all), then ROUNDS blocks of IND_BYTES with MPI_File_write_at (SITE:write_at),
 * each at its own offsets, so that the file is P*ROUNDS*(COLL_BYTES+IND_BYTES) bytes.
 * Prints one line with the constants it used (the same with and without the recorder). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROUNDS 5
#define COLL_BYTES 4096
#define IND_BYTES 1000

static char buf[COLL_BYTES];

static void check(int rc, const char *what) {
    if (rc != MPI_SUCCESS) {
        fprintf(stderr, "%s failed\n", what);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
}

__attribute__((noinline)) static void collective(MPI_File fh, int rank, int size) {
    for (int k = 0; k < ROUNDS; k++) {
        MPI_Offset at = ((MPI_Offset)k * size + rank) * COLL_BYTES;
        int rc = MPI_File_write_at_all(fh, at, buf, COLL_BYTES, MPI_BYTE, MPI_STATUS_IGNORE); /* SITE:write_at_all */
        check(rc, "MPI_File_write_at_all");
    }
}

__attribute__((noinline)) static void independent(MPI_File fh, int rank, int size) {
    MPI_Offset base = (MPI_Offset)ROUNDS * size * COLL_BYTES;
    for (int k = 0; k < ROUNDS; k++) {
        MPI_Offset at = base + ((MPI_Offset)k * size + rank) * IND_BYTES;
        int rc = MPI_File_write_at(fh, at, buf, IND_BYTES, MPI_BYTE, MPI_STATUS_IGNORE); /* SITE:write_at */
        check(rc, "MPI_File_write_at");
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    if (argc < 2)
        MPI_Abort(MPI_COMM_WORLD, 2);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    memset(buf, 'a' + rank, sizeof buf);
    MPI_File fh;
    check(MPI_File_open(MPI_COMM_WORLD, argv[1], MPI_MODE_CREATE | MPI_MODE_WRONLY,
                        MPI_INFO_NULL, &fh),
          "MPI_File_open");
    collective(fh, rank, size);
    independent(fh, rank, size);
    check(MPI_File_close(&fh), "MPI_File_close");
    if (rank == 0)
        printf("rounds %d collective %d independent %d\n", ROUNDS, COLL_BYTES, IND_BYTES);
    MPI_Finalize();
    return 0;
}
