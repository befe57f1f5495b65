/* MPI-IO through file views with holes, for `recorder-otf2 conflicts`: every byte each rank
 * touches follows from the views below (P ranks, r = this rank), so every pair is known.
 *
 *   vector.dat   filetype MPI_Type_vector(4, 100, 100 P) of MPI_BYTE, disp 100 r: rank r
 *                writes 400 bytes at 0, i.e. {100 r + 100 P k + [0, 100) : k = 0..3}
 *                (disjoint between ranks). Barrier. Rank (r + 1) % P reads rank r's
 *                blocks through the same view (disp 100 r): P RAW pairs r -> (r + 1) % P
 *                of 400 bytes each, nothing else.
 *   many.dat     the same with MPI_Type_vector(1024, 10, 10 P): P RAW pairs of 10240
 *                bytes (enough ranges to spill with --memory 64K).
 *   overlap.dat  MPI_Type_vector(4, 150, 100 P), disp 100 r, 600 bytes at 0, the ranks one
 *                after the other (barriers): rank r's block k is
 *                100 r + 100 P k + [0, 150), overlapping 50 bytes of rank r + 1's block k
 *                and (r = P - 1) 50 bytes of rank 0's block k + 1.
 *   columns.dat  an 8 x 8P array of int (MPI_ORDER_C), rank r writes the column block
 *                [8 r, 8 r + 8) with MPI_File_write_all through a subarray view: disjoint.
 *   columns_overlap.dat  the same but rank r < P - 1 writes 9 columns: one column (8 ints
 *                of 4 bytes, one per row) shared with rank r + 1.
 *
 * Usage: conflicts_views DATA_DIR API (API is printed back only).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank, np;
static char path[4096];

static MPI_File open_file(const char *dir, const char *name) {
    MPI_File fh;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL,
                      &fh) != MPI_SUCCESS) {
        fprintf(stderr, "open %s failed\n", path);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return fh;
}

static void set_view(MPI_File fh, MPI_Offset disp, MPI_Datatype etype, MPI_Datatype ft) {
    if (MPI_File_set_view(fh, disp, etype, ft, "native", MPI_INFO_NULL) != MPI_SUCCESS)
        MPI_Abort(MPI_COMM_WORLD, 1);
}

/* Each rank writes `count` blocks of `block` bytes at stride block * P from block * r,
 * then rank (r + 1) % P reads rank r's. */
static void written_then_read(const char *dir, const char *name, int count, int block) {
    MPI_Datatype vec;
    int bytes = count * block;
    char *buf = malloc(bytes);
    memset(buf, 'a' + rank, bytes);
    MPI_Type_vector(count, block, block * np, MPI_BYTE, &vec);
    MPI_Type_commit(&vec);
    MPI_File fh = open_file(dir, name);
    set_view(fh, (MPI_Offset)block * rank, MPI_BYTE, vec);
    MPI_File_write_at(fh, 0, buf, bytes, MPI_BYTE, MPI_STATUS_IGNORE);
    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_sync(fh);
    int from = (rank + np - 1) % np;
    set_view(fh, (MPI_Offset)block * from, MPI_BYTE, vec);
    MPI_File_read_at(fh, 0, buf, bytes, MPI_BYTE, MPI_STATUS_IGNORE);
    if (buf[0] != 'a' + from || buf[bytes - 1] != 'a' + from) {
        fprintf(stderr, "%s: rank %d read %c, not rank %d's bytes\n", name, rank, buf[0], from);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_File_close(&fh);
    MPI_Type_free(&vec);
    free(buf);
}

static void overlapping_blocks(const char *dir) {
    MPI_Datatype vec;
    char buf[600];
    memset(buf, 'a' + rank, sizeof buf);
    MPI_Type_vector(4, 150, 100 * np, MPI_BYTE, &vec);
    MPI_Type_commit(&vec);
    MPI_File fh = open_file(dir, "overlap.dat");
    set_view(fh, 100 * rank, MPI_BYTE, vec);
    for (int turn = 0; turn < np; turn++) {
        if (turn == rank)
            MPI_File_write_at(fh, 0, buf, sizeof buf, MPI_BYTE, MPI_STATUS_IGNORE);
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_File_close(&fh);
    MPI_Type_free(&vec);
}

/* Rank r writes columns [8 r, 8 r + width) of an 8 x 8P int array, collectively. */
static void column_block(const char *dir, const char *name, int width) {
    MPI_Datatype sub;
    int sizes[2] = {8, 8 * np}, subsizes[2] = {8, width}, starts[2] = {0, 8 * rank};
    int data[8 * 9];
    for (int i = 0; i < 8 * width; i++) data[i] = rank;
    MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_INT, &sub);
    MPI_Type_commit(&sub);
    MPI_File fh = open_file(dir, name);
    set_view(fh, 0, MPI_INT, sub);
    MPI_File_write_all(fh, data, 8 * width, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    MPI_Type_free(&sub);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (argc < 3) {
        fprintf(stderr, "usage: %s DATA_DIR API\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    written_then_read(argv[1], "vector.dat", 4, 100);
    written_then_read(argv[1], "many.dat", 1024, 10);
    overlapping_blocks(argv[1]);
    column_block(argv[1], "columns.dat", 8);
    column_block(argv[1], "columns_overlap.dat", rank < np - 1 ? 9 : 8);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        printf("done ranks=%d api=%s\n", np, argv[2]);
    MPI_Finalize();
    return 0;
}
