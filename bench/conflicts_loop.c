/* A shared file written by every rank, for `recorder-otf2 conflicts` benchmarks.
 *
 *   mpirun -np P conflicts_loop FILE N K
 *
 * Each rank does N 8-byte pwrites, interleaved with the other ranks' (write i of rank r
 * at byte (i*P + r)*8: no two writes overlap). With K > 0, every K writes the ranks
 * synchronise the MPI-IO way by hand (fsync, MPI_Barrier, fsync) and each rank then reads
 * the 8 bytes its right neighbour wrote last (one RAW pair per rank and phase, properly
 * synchronised for mpi-io and commit semantics). K = 0: writes only, no MPI calls. */
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int r, p;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (argc < 4) {
        if (r == 0) fprintf(stderr, "usage: %s FILE N K\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    long n = atol(argv[2]), k = atol(argv[3]);
    int fd = open(argv[1], O_CREAT | O_RDWR, 0644);
    if (fd < 0) {
        perror(argv[1]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    char buf[8] = "xxxxxxx";
    int right = (r + 1) % p;
    for (long i = 0; i < n; i++) {
        if (pwrite(fd, buf, 8, (i * p + r) * 8) != 8) MPI_Abort(MPI_COMM_WORLD, 1);
        if (k > 0 && (i + 1) % k == 0) {
            fsync(fd);
            MPI_Barrier(MPI_COMM_WORLD);
            fsync(fd);
            if (pread(fd, buf, 8, (i * p + right) * 8) != 8) MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
    close(fd);
    MPI_Finalize();
    return 0;
}
