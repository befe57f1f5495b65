/* Known overlaps through ISO C streams for `recorder-otf2 conflicts`, at any number of
 * ranks P >= 2.
 *
 *   mpirun -np P conflicts_stdio DIR stdio
 *
 * Six files in DIR; BLOCK = 4096 bytes, APPENDS = 3:
 *   raw.dat       rank 0 fopen "w", one fwrite of [0, P*BLOCK), fclose; barrier; rank
 *                 r >= 1 fopen "r", fseek to r*BLOCK, one fread of BLOCK bytes, fclose: one
 *                 RAW pair (0, r) of BLOCK bytes in [r*BLOCK, (r+1)*BLOCK) at the ISO C
 *                 layer (glibc's own write/read beneath are not seen at POSIX). The fclose
 *                 before and the fopen after the barrier synchronise it under every
 *                 semantics.
 *   flushed.dat   as raw.dat, but rank 0 only fflushes before the barrier and fcloses
 *                 after it: the same pairs, each synchronised for mpi-io and commit
 *                 semantics (the flush), a violation under session semantics (no close
 *                 before the reader's open).
 *   disjoint.dat  rank 0 creates it (fopen "w", fclose); barrier; rank r fopen "r+",
 *                 fseek to r*BLOCK, fwrite BLOCK bytes, fclose: no overlapping pair.
 *   cross.dat     rank 0 fopen "w", one fwrite of [0, P*BLOCK), fclose; barrier; rank
 *                 r >= 1 open(2), lseek to r*BLOCK, read(2) of BLOCK bytes, close: one RAW
 *                 pair (0, r) between the ISO C write and the POSIX read, reported once, at
 *                 ISO C (the outer layer); synchronised under every semantics.
 *   append.dat    every rank open(2)s it O_WRONLY|O_APPEND|O_CREAT and writes APPENDS
 *                 times BLOCK bytes: P*APPENDS POSIX writes without a known offset.
 *   append_stream.dat  every rank fopen "a" and fwrites APPENDS times BLOCK bytes:
 *                 P*APPENDS ISO C writes without a known offset.
 * Every call is checked; on failure the program says which on stderr and aborts. */
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BLOCK 4096
#define APPENDS 3

static int g_rank, g_size;
static const char *g_dir;
static char g_buf[64 * BLOCK];

static void die(const char *what) {
    fprintf(stderr, "rank %d: %s failed\n", g_rank, what);
    MPI_Abort(MPI_COMM_WORLD, 1);
}

static void path_of(char *path, size_t len, const char *name) {
    snprintf(path, len, "%s/%s", g_dir, name);
}

static FILE *open_stream(const char *name, const char *mode) {
    char path[4096];
    path_of(path, sizeof path, name);
    FILE *f = fopen(path, mode);
    if (!f) die("fopen");
    return f;
}

static void close_stream(FILE *f) {
    if (fclose(f) != 0) die("fclose");
}

static void put(FILE *f, size_t n) {
    if (fwrite(g_buf, 1, n, f) != n) die("fwrite");
}

/* Rank 0 writes [0, P*BLOCK) through a stream (closed before the barrier, or only
 * flushed and closed after it); rank r >= 1 reads [r*BLOCK, (r+1)*BLOCK) through a stream,
 * or through read(2) when `posix_reader`. */
static void write_then_read(const char *name, int close_first, int posix_reader) {
    FILE *w = NULL;
    if (g_rank == 0) {
        w = open_stream(name, "w");
        put(w, (size_t)g_size * BLOCK);
        if (close_first) {
            close_stream(w);
        } else if (fflush(w) != 0) {
            die("fflush");
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (g_rank >= 1 && posix_reader) {
        char path[4096];
        path_of(path, sizeof path, name);
        int fd = open(path, O_RDONLY);
        if (fd < 0) die("open");
        if (lseek(fd, (off_t)g_rank * BLOCK, SEEK_SET) < 0) die("lseek");
        if (read(fd, g_buf, BLOCK) != BLOCK) die("read");
        if (close(fd) != 0) die("close");
    } else if (g_rank >= 1) {
        FILE *r = open_stream(name, "r");
        if (fseek(r, (long)g_rank * BLOCK, SEEK_SET) != 0) die("fseek");
        if (fread(g_buf, 1, BLOCK, r) != BLOCK) die("fread");
        close_stream(r);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (w && !close_first) close_stream(w);
}

static void disjoint(void) {
    if (g_rank == 0) close_stream(open_stream("disjoint.dat", "w"));
    MPI_Barrier(MPI_COMM_WORLD);
    FILE *f = open_stream("disjoint.dat", "r+");
    if (fseek(f, (long)g_rank * BLOCK, SEEK_SET) != 0) die("fseek");
    put(f, BLOCK);
    close_stream(f);
    MPI_Barrier(MPI_COMM_WORLD);
}

static void appends(void) {
    char path[4096];
    path_of(path, sizeof path, "append.dat");
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
    if (fd < 0) die("open O_APPEND");
    for (int i = 0; i < APPENDS; i++)
        if (write(fd, g_buf, BLOCK) != BLOCK) die("write O_APPEND");
    if (close(fd) != 0) die("close");
    FILE *f = open_stream("append_stream.dat", "a");
    for (int i = 0; i < APPENDS; i++) put(f, BLOCK);
    close_stream(f);
    MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g_size);
    if (argc != 3 || strcmp(argv[2], "stdio") != 0 || g_size < 2 || g_size > 64) {
        if (g_rank == 0) fprintf(stderr, "usage: mpirun -np 2..64 %s DIR stdio\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    g_dir = argv[1];
    memset(g_buf, 'x', sizeof g_buf);
    write_then_read("raw.dat", 1, 0);
    write_then_read("flushed.dat", 0, 0);
    disjoint();
    write_then_read("cross.dat", 1, 1);
    appends();
    if (g_rank == 0) printf("done ranks=%d api=stdio\n", g_size);
    MPI_Finalize();
    return 0;
}
