/* PnetCDF micro-benchmark: the cost of one non-blocking put and its completion.
 *
 *   mpicc -O2 -o pnc_bench pnc_bench.c $(pkg-config --cflags --libs pnetcdf)
 *   mpirun --allow-run-as-root --oversubscribe -np 1 ./pnc_bench DIR ITER
 *
 * Creates DIR/pnc_bench.nc (ncmpi_create NC_CLOBBER | NC_64BIT_DATA) with one variable
 * v double(x), x = 1,000,000, then loops ITER times:
 *     ncmpi_iput_vara_double(v, start i % 1024, count 1)    (8 bytes)
 *     ncmpi_wait_all(ncid, 1, &req, &status)
 * and prints, from rank 0, the elapsed time of the loop (clock_gettime CLOCK_MONOTONIC)
 * divided by ITER:
 *     ns_per_pair <x>
 * One rank is enough; with P ranks rank r writes index r*1024 + i % 1024 (P <= 976) and the
 * time printed is rank 0's. After the loop (not timed) each rank reads its 1024 elements back
 * with ncmpi_get_vara_double_all and compares them with the last value written to each (the
 * loop counter i); a difference, or a PnetCDF error (printed with ncmpi_strerror on stderr,
 * then MPI_Abort), makes the exit status 1.
 */
#include <mpi.h>
#include <pnetcdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CK(call)                                                                                 \
    do {                                                                                         \
        int e_ = (call);                                                                         \
        if (e_ != NC_NOERR) {                                                                    \
            fprintf(stderr, "pnc_bench: line %d: %s: %s\n", __LINE__, #call,                     \
                    ncmpi_strerror(e_));                                                         \
            MPI_Abort(MPI_COMM_WORLD, 1);                                                        \
        }                                                                                        \
    } while (0)

#define NX 1000000
#define SLOTS 1024

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 3 || atol(argv[2]) <= 0 || (long)size * SLOTS > NX) {
        if (rank == 0) fprintf(stderr, "usage: %s DIR ITER (ITER > 0)\n", argv[0]);
        MPI_Finalize();
        return 2;
    }
    long iter = atol(argv[2]);
    char path[4096];
    snprintf(path, sizeof path, "%s/pnc_bench.nc", argv[1]);

    int nc, dx, v;
    CK(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &nc));
    CK(ncmpi_def_dim(nc, "x", NX, &dx));
    CK(ncmpi_def_var(nc, "v", NC_DOUBLE, 1, &dx, &v));
    CK(ncmpi_enddef(nc));

    const MPI_Offset base = (MPI_Offset)rank * SLOTS;
    MPI_Barrier(MPI_COMM_WORLD);
    long long t0 = now_ns();
    for (long i = 0; i < iter; i++) {
        MPI_Offset start = base + i % SLOTS, count = 1;
        double value = (double)i;
        int req, st;
        CK(ncmpi_iput_vara_double(nc, v, &start, &count, &value, &req));
        CK(ncmpi_wait_all(nc, 1, &req, &st));
        CK(st);
    }
    long long t1 = now_ns();

    /* check: element k of the block holds the last i with i % SLOTS == k (if any) */
    static double back[SLOTS];
    MPI_Offset start = base, count = SLOTS;
    CK(ncmpi_get_vara_double_all(nc, v, &start, &count, back));
    int bad = 0;
    for (long k = 0; k < SLOTS && k < iter; k++) {
        long last = k + ((iter - 1 - k) / SLOTS) * SLOTS;
        bad += back[k] != (double)last;
    }
    CK(ncmpi_close(nc));
    int total = 0;
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("ns_per_pair %.1f\n", (double)(t1 - t0) / (double)iter);
        if (total) fprintf(stderr, "pnc_bench: %d values read back differ\n", total);
    }
    MPI_Finalize();
    return total != 0;
}
