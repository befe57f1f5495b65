/* MPI overhead loops, one line of output per rank-0 measurement:
 *   write_at <ns per MPI_File_write_at of 64 bytes>   (each rank to its own region of one
 *            file in /dev/shm, N calls, after a warm-up; wall time)
 *   write_at_cpu <ns>  the same loop in CPU time of the calling thread: with more ranks
 *            than cores, wall time mostly measures waiting for the scheduler
 *   test     <ns per MPI_Test on a non-I/O request>   (a receive that never completes,
 *            tested N times, with one MPI-IO request in flight so the recorder's request
 *            table is not empty)
 * The slowest rank's time is reported (the job waits for it). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The loops live in their own functions so that bench/mpi_instr.sh can count the
 * instructions of exactly these calls (callgrind --toggle-collect). */
__attribute__((noinline)) void loop_write(MPI_File fh, MPI_Offset base, char *buf, long n) {
    for (long i = 0; i < n; i++)
        MPI_File_write_at(fh, base + (i % 1024) * 64, buf, 64, MPI_BYTE, MPI_STATUS_IGNORE);
}

__attribute__((noinline)) void loop_test(MPI_Request *rq, long n) {
    int flag = 0;
    for (long i = 0; i < n; i++)
        MPI_Test(rq, &flag, MPI_STATUS_IGNORE);
}

static double per_call(double t, long n) {
    double worst;
    MPI_Reduce(&t, &worst, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    return worst / n * 1e9;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    long n = argc > 1 ? atol(argv[1]) : 200000;
    const char *path = argc > 2 ? argv[2] : "/dev/shm/rotf2-mpi-bench.dat";
    /* "write" or "test": run only that loop (for instruction counts, bench/mpi_instr.sh) */
    const char *only = argc > 3 ? argv[3] : "";
    long nw = strcmp(only, "test") == 0 ? 0 : n;
    long nt = strcmp(only, "write") == 0 ? 0 : n;
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_File fh;
    MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    char buf[64];
    memset(buf, 'a' + rank, sizeof buf);
    MPI_Offset base = (MPI_Offset)rank * 64 * 1024;
    for (long i = 0; i < 1000; i++)
        MPI_File_write_at(fh, base + (i % 1024) * 64, buf, 64, MPI_BYTE, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime(), c0 = cpu_now();
    loop_write(fh, base, buf, nw);
    double c1 = cpu_now();
    double w = per_call(MPI_Wtime() - t0, n);
    double wc = per_call(c1 - c0, n);

    MPI_Request io, rq;
    char in[64];
    MPI_File_iread_at(fh, base, in, 64, MPI_BYTE, &io);
    MPI_Irecv(in, 1, MPI_BYTE, MPI_ANY_SOURCE, 4242, MPI_COMM_WORLD, &rq);
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime();
    loop_test(&rq, nt);
    double t = per_call(MPI_Wtime() - t0, n);
    MPI_Cancel(&rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    MPI_Wait(&io, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    if (rank == 0) {
        printf("write_at %.1f\nwrite_at_cpu %.1f\ntest %.1f\n", w, wc, t);
        MPI_File_delete(path, MPI_INFO_NULL);
    }
    MPI_Finalize();
    return 0;
}
