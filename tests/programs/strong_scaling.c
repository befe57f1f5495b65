/* A strong-scaling writer for the extrapolation tests: a fixed TOTAL of bytes divided over
 * the ranks, each rank writing its contiguous share of one shared file with independent
 * MPI-IO at explicit offsets, in transfers of XFER bytes, so that the number of transfers
 * per rank (TOTAL / (P * XFER)) changes with the rank count; then reading it back.
 *
 *   mpirun -np P strong_scaling DIR TOTAL XFER [square]
 *
 * Transfer i of rank r is at r * TOTAL / P + i * XFER. With `square`, a program whose
 * offsets follow no rank model: rank r writes at r * r * XFER * 4 + i * XFER instead.
 * Rank 0 prints each rank's account (mpi_account.h): one line per transfer
 *   {"rank":r,"call":"MPI_File_write_at","offset":o,"bytes":XFER}
 * and its totals. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpi_account.h"

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 4) {
        if (rank == 0) fprintf(stderr, "usage: strong_scaling DIR TOTAL XFER [square]\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    long long total = atoll(argv[2]), xfer = atoll(argv[3]);
    int square = argc > 4 && strcmp(argv[4], "square") == 0;
    long long share = total / size, count = share / xfer;
    long long first = square ? (long long)rank * rank * xfer * 4 : rank * share;
    char path[4096];
    snprintf(path, sizeof path, "%s/strong.dat", argv[1]);
    char *buf = malloc(xfer);
    memset(buf, 'a' + rank % 26, xfer);
    MPI_File fh;
    for (int write = 1; write >= 0; write--) {
        int amode = write ? MPI_MODE_CREATE | MPI_MODE_WRONLY : MPI_MODE_RDONLY;
        if (MPI_File_open(MPI_COMM_WORLD, path, amode, MPI_INFO_NULL, &fh) != MPI_SUCCESS)
            MPI_Abort(MPI_COMM_WORLD, 1);
        for (long long i = 0; i < count; i++) {
            MPI_Offset off = first + i * xfer;
            MPI_Status st;
            int rc = write ? MPI_File_write_at(fh, off, buf, (int)xfer, MPI_BYTE, &st)
                           : MPI_File_read_at(fh, off, buf, (int)xfer, MPI_BYTE, &st);
            if (rc != MPI_SUCCESS) MPI_Abort(MPI_COMM_WORLD, 1);
            account("{\"rank\":%d,\"call\":\"%s\",\"offset\":%lld,\"bytes\":%lld}", rank,
                    write ? "MPI_File_write_at" : "MPI_File_read_at", (long long)off, xfer);
        }
        MPI_File_close(&fh);
    }
    account("{\"rank\":%d,\"transfers\":%lld}", rank, 2 * count);
    account_print();
    free(buf);
    MPI_Finalize();
    return 0;
}
