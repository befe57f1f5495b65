/* A small MPI-IO program for the sample archive: 4 ranks share one file.
 * Each rank writes its block collectively, writes a second block with a non-blocking call
 * completed by MPI_Wait, then reads its first block back. In Vampir: one process per rank,
 * the MPI_File_* calls with their MPI-IO handle (communicator MPI_COMM_WORLD) and, nested
 * inside, the pwrite/pread/aio_* calls Open MPI's OMPIO makes on the POSIX handle whose
 * parent is the MPI-IO handle. Usage: mpirun -np 4 ./mpi-io DIR */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    char path[4096];
    snprintf(path, sizeof path, "%s/mpi-io.dat", argc > 1 ? argv[1] : ".");
    MPI_File fh;
    MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    double block[1024];
    for (int i = 0; i < 1024; i++)
        block[i] = rank * 1024 + i;
    MPI_Offset bytes = sizeof block;
    MPI_File_write_at_all(fh, rank * bytes, block, 1024, MPI_DOUBLE, MPI_STATUS_IGNORE);
    MPI_Request rq;
    MPI_File_iwrite_at(fh, (size + rank) * bytes, block, 1024, MPI_DOUBLE, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    MPI_File_sync(fh);
    MPI_File_read_at(fh, rank * bytes, block, 1024, MPI_DOUBLE, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    if (rank == 0)
        MPI_File_delete(path, MPI_INFO_NULL);
    MPI_Finalize();
    return 0;
}
