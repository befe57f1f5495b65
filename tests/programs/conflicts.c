/* Known overlaps for `recorder-otf2 conflicts`, at any number of ranks P >= 2.
 *
 *   mpirun -np P conflicts DIR posix|mpiio
 *
 * Six files in DIR, each written and read through POSIX (open/pwrite/pread) or MPI-IO
 * (MPI_File_open on MPI_COMM_WORLD, MPI_File_write_at/read_at); BLOCK = 4096 bytes:
 *   disjoint.dat  rank r writes [r*BLOCK, (r+1)*BLOCK): no overlapping pair.
 *   raw.dat       rank 0 writes [0, P*BLOCK); barrier; rank r >= 1 reads
 *                 [r*BLOCK - 100, r*BLOCK + 100): one RAW pair (0, r) of 200 bytes each.
 *   waw.dat       rank 0 writes [0, BLOCK) twice; rank r >= 1 writes [r*BLOCK, (r+1)*BLOCK):
 *                 one WAW pair (0, 0) of BLOCK bytes.
 *   rar.dat       rank 0 sets the size to 2*BLOCK (ftruncate / MPI_File_set_size: no
 *                 write); barrier; every rank reads [0, BLOCK): one RAR pair per two ranks.
 *   synced.dat    rank 0 writes [0, P*BLOCK); every rank syncs (fsync / MPI_File_sync),
 *                 barrier, syncs again; rank r >= 1 reads [r*BLOCK - 50, r*BLOCK + 50): one
 *                 RAW pair (0, r) of 100 bytes each, properly synchronised for MPI-IO
 *                 (sync-barrier-sync) and commit semantics, not for session semantics
 *                 (no close before the read); raw.dat's pairs are only for POSIX (real time).
 *   link.dat      rank 0 makes the symbolic link link-alias -> link.dat and writes [0, BLOCK)
 *                 through link.dat; barrier; rank r >= 1 opens link-alias and reads
 *                 [16r, 16r + 8): one RAW pair (0, r) of 8 bytes each, on one file.
 * Every call is checked; on failure the program says which on stderr and aborts. */
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BLOCK 4096

static int g_rank, g_size, g_mpiio;
static const char *g_dir;
static char g_buf[64 * BLOCK];

static void die(const char *what) {
    fprintf(stderr, "rank %d: %s failed\n", g_rank, what);
    MPI_Abort(MPI_COMM_WORLD, 1);
}

static void check_mpi(int rc, const char *what) {
    if (rc != MPI_SUCCESS) die(what);
}

/* A file of DIR, opened for reading and writing on every rank. */
typedef struct {
    int fd;
    MPI_File fh;
} File;

static void path_of(char *path, size_t len, const char *name) {
    snprintf(path, len, "%s/%s", g_dir, name);
}

static File open_file(const char *name) {
    char path[4096];
    path_of(path, sizeof path, name);
    File f = {-1, MPI_FILE_NULL};
    if (g_mpiio) {
        check_mpi(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR,
                                MPI_INFO_NULL, &f.fh),
                  "MPI_File_open");
    } else if ((f.fd = open(path, O_CREAT | O_RDWR, 0644)) < 0) {
        die("open");
    }
    return f;
}

static void close_file(File *f) {
    if (g_mpiio)
        check_mpi(MPI_File_close(&f->fh), "MPI_File_close");
    else if (close(f->fd) != 0)
        die("close");
}

static void write_at(File *f, long offset, int len) {
    if (g_mpiio) {
        MPI_Status st;
        check_mpi(MPI_File_write_at(f->fh, offset, g_buf, len, MPI_BYTE, &st),
                  "MPI_File_write_at");
    } else if (pwrite(f->fd, g_buf, len, offset) != len) {
        die("pwrite");
    }
}

static void read_at(File *f, long offset, int len) {
    if (g_mpiio) {
        MPI_Status st;
        int got;
        check_mpi(MPI_File_read_at(f->fh, offset, g_buf, len, MPI_BYTE, &st),
                  "MPI_File_read_at");
        MPI_Get_count(&st, MPI_BYTE, &got);
        if (got != len) die("MPI_File_read_at (short)");
    } else if (pread(f->fd, g_buf, len, offset) != len) {
        die("pread");
    }
}

static void set_size(File *f, long size) {
    if (g_mpiio)
        check_mpi(MPI_File_set_size(f->fh, size), "MPI_File_set_size");
    else if (ftruncate(f->fd, size) != 0)
        die("ftruncate");
}

static void disjoint(void) {
    File f = open_file("disjoint.dat");
    write_at(&f, (long)g_rank * BLOCK, BLOCK);
    close_file(&f);
}

static void raw(void) {
    File f = open_file("raw.dat");
    if (g_rank == 0) write_at(&f, 0, g_size * BLOCK);
    MPI_Barrier(MPI_COMM_WORLD);
    if (g_rank > 0) read_at(&f, (long)g_rank * BLOCK - 100, 200);
    close_file(&f);
}

static void sync_file(File *f) {
    if (g_mpiio)
        check_mpi(MPI_File_sync(f->fh), "MPI_File_sync");
    else if (fsync(f->fd) != 0)
        die("fsync");
}

static void synced(void) {
    File f = open_file("synced.dat");
    if (g_rank == 0) write_at(&f, 0, g_size * BLOCK);
    sync_file(&f);
    MPI_Barrier(MPI_COMM_WORLD);
    sync_file(&f);
    if (g_rank > 0) read_at(&f, (long)g_rank * BLOCK - 50, 100);
    close_file(&f);
}

static void waw(void) {
    File f = open_file("waw.dat");
    if (g_rank == 0) {
        write_at(&f, 0, BLOCK);
        write_at(&f, 0, BLOCK);
    } else {
        write_at(&f, (long)g_rank * BLOCK, BLOCK);
    }
    close_file(&f);
}

static void rar(void) {
    File f = open_file("rar.dat");
    /* MPI_File_set_size is collective; ftruncate by rank 0 only. */
    if (g_mpiio || g_rank == 0) set_size(&f, 2 * BLOCK);
    MPI_Barrier(MPI_COMM_WORLD);
    read_at(&f, 0, BLOCK);
    close_file(&f);
}

static void link_alias(void) {
    char target[4096], alias[4096];
    path_of(target, sizeof target, "link.dat");
    path_of(alias, sizeof alias, "link-alias");
    if (g_rank == 0 && symlink(target, alias) != 0) die("symlink");
    MPI_Barrier(MPI_COMM_WORLD);
    File f = open_file(g_rank == 0 ? "link.dat" : "link-alias");
    if (g_rank == 0) write_at(&f, 0, BLOCK);
    MPI_Barrier(MPI_COMM_WORLD);
    if (g_rank > 0) read_at(&f, 16L * g_rank, 8);
    close_file(&f);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g_size);
    if (argc < 3 || g_size < 2 || g_size > 64) {
        fprintf(stderr, "usage: mpirun -np P (2..64) %s DIR posix|mpiio\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    g_dir = argv[1];
    g_mpiio = strcmp(argv[2], "mpiio") == 0;
    memset(g_buf, 'x', sizeof g_buf);
    disjoint();
    raw();
    synced();
    waw();
    rar();
    link_alias();
    MPI_Barrier(MPI_COMM_WORLD);
    if (g_rank == 0) printf("done ranks=%d api=%s\n", g_size, argv[2]);
    MPI_Finalize();
    return 0;
}
