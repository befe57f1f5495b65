/* Each rank writes and reads a shared file through a strided MPI file view with holes.
 *
 * The view: displacement BLOCK*rank, filetype a vector of COUNT blocks of BLOCK bytes,
 * STRIDE = BLOCK*size apart, resized to an extent of COUNT*STRIDE (ranks interleave block
 * by block). Through it every rank
 *   - writes WRITES times with MPI_File_write (the file pointer moves on): write k is tile
 *     k, COUNT*BLOCK bytes, COUNT ranges: disp + k*COUNT*STRIDE + j*STRIDE, BLOCK bytes;
 *   - reads a sliding window: read k (k = 0 .. COUNT*WRITES-2) with MPI_File_read_at at
 *     view offset k*BLOCK, 2*BLOCK bytes: blocks k and k+1 of its own, so every read but
 *     the first starts inside the block the one before ended with.
 * argv[1]: the file. Prints "view rank=R size=N" once per rank.
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

enum { BLOCK = 100, COUNT = 4, WRITES = 3 };

int main(int argc, char **argv) {
    int rank, size;
    char buf[COUNT * BLOCK];
    MPI_File fh;
    MPI_Datatype vec, tile;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    memset(buf, 'a' + rank, sizeof buf);
    MPI_Type_vector(COUNT, BLOCK, BLOCK * size, MPI_BYTE, &vec);
    MPI_Type_create_resized(vec, 0, (MPI_Aint)COUNT * BLOCK * size, &tile);
    MPI_Type_commit(&tile);
    MPI_File_open(MPI_COMM_WORLD, argv[1], MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, (MPI_Offset)BLOCK * rank, MPI_BYTE, tile, "native", MPI_INFO_NULL);
    for (int k = 0; k < WRITES; k++)
        MPI_File_write(fh, buf, COUNT * BLOCK, MPI_BYTE, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
    for (int k = 0; k + 1 < COUNT * WRITES; k++)
        MPI_File_read_at(fh, (MPI_Offset)k * BLOCK, buf, 2 * BLOCK, MPI_BYTE, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    MPI_Type_free(&tile);
    MPI_Type_free(&vec);
    printf("view rank=%d size=%d\n", rank, size);
    MPI_Finalize();
    return 0;
}
