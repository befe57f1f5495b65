/* Calls a replay does not re-issue as such, for the replay/compare tests: file system
 * queries (the statvfs family) and MPI-IO calls that fail (an existence probe, a delete of
 * a missing file), around a shared file written once.
 *
 *   mpicc -o replay_skips replay_skips.c
 *   mpirun -np P replay_skips DIR
 *
 * Per rank r, in this order:
 *   rank 0: MPI_File_open(MPI_COMM_SELF, DIR/skips.dat, MPI_MODE_RDONLY): fails, the file is
 *     missing (IOR's existence probe before it creates its shared file; one rank only, as
 *     Open MPI names its lock test file DIR/skips.dat.locktest.0 on every rank of
 *     MPI_COMM_SELF: two ranks probing at once would race on it);
 *   rank 0: MPI_File_delete(DIR/none.dat): fails, no such file;
 *   MPI_File_open(MPI_COMM_WORLD, DIR/skips.dat, MPI_MODE_CREATE | MPI_MODE_RDWR),
 *     MPI_File_write_at_all of BLOCK bytes at r * BLOCK, MPI_File_close;
 *   statvfs(DIR/skips.dat) STATVFS times, statfs(DIR/skips.dat) once, and
 *     open(DIR/skips.dat, O_RDONLY), fstatvfs on it once, close.
 * Prints {"rank":r,"probe_failed":0|1,"delete_failed":0|1,"statvfs":S,"statfs":1,"fstatvfs":1}
 * per rank (rank 0 prints all, in rank order); exit status 1 when a call that should fail
 * succeeded or one that should succeed failed. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

#define BLOCK 4096
#define STATVFS 2

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size, bad = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 2) {
        fprintf(stderr, "usage: replay_skips DIR\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    char path[4096], none[4096];
    snprintf(path, sizeof path, "%s/skips.dat", argv[1]);
    snprintf(none, sizeof none, "%s/none.dat", argv[1]);
    MPI_File fh;
    /* Errors are returned (the default handler of files), not fatal. */
    if (rank == 0) {
        bad += MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh) ==
               MPI_SUCCESS;
        bad += MPI_File_delete(none, MPI_INFO_NULL) == MPI_SUCCESS;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    static char buf[BLOCK];
    memset(buf, 'a' + rank % 26, sizeof buf);
    MPI_Status st;
    bad += MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL,
                         &fh) != MPI_SUCCESS;
    bad += MPI_File_write_at_all(fh, (MPI_Offset)rank * BLOCK, buf, BLOCK, MPI_BYTE, &st) !=
           MPI_SUCCESS;
    bad += MPI_File_close(&fh) != MPI_SUCCESS;
    struct statvfs vfs;
    struct statfs fs;
    for (int i = 0; i < STATVFS; i++) bad += statvfs(path, &vfs) != 0;
    bad += statfs(path, &fs) != 0;
    int fd = open(path, O_RDONLY);
    bad += fd < 0 || fstatvfs(fd, &vfs) != 0 || close(fd) != 0;
    int mine[2] = {bad, rank == 0}, *all = malloc(sizeof mine * size);
    MPI_Gather(mine, 2, MPI_INT, all, 2, MPI_INT, 0, MPI_COMM_WORLD);
    int failures = 0;
    if (rank == 0)
        for (int r = 0; r < size; r++) {
            printf("{\"rank\":%d,\"probe_failed\":%d,\"delete_failed\":%d,\"statvfs\":%d,"
                   "\"statfs\":1,\"fstatvfs\":1}\n",
                   r, all[2 * r + 1], all[2 * r + 1], STATVFS);
            failures += all[2 * r];
        }
    MPI_Bcast(&failures, 1, MPI_INT, 0, MPI_COMM_WORLD);
    free(all);
    MPI_Finalize();
    return failures != 0;
}
