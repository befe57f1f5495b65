/* How long MPI_Finalize takes in each rank (bench/finalize.sh): the recorder measures the
 * clock offsets to rank 0 there a second time and writes its metadata at exit, so a traced
 * run's finalize is compared with an untraced one. Prints the slowest rank's time in µs. */
#include <mpi.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    /* Some traced I/O, so that the recorder has a stream to flush. */
    char path[256];
    snprintf(path, sizeof path, "%s/fin_%d.dat", argc > 1 ? argv[1] : "/tmp", rank);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    char block[4096] = {0};
    for (int i = 0; i < 1000; i++) pwrite(fd, block, sizeof block, (off_t)i * sizeof block);
    close(fd);
    unlink(path);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = now_us();
    MPI_Finalize();
    double dt = now_us() - t0;
    printf("finalize_us %d %.1f\n", rank, dt);
    return 0;
}
