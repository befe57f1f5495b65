/* An equivalent of mdtest (IOR 4.0.0's metadata benchmark, github.com/hpc/ior src/mdtest.c)
 * with its POSIX backend, written for these tests: mdtest is in no package registry, so this
 * program does the calls `mdtest -n N -w W -e W` makes for its directory and file phases,
 * once in a directory all ranks share and once in a directory per rank (-u), and prints its
 * own account. No mdtest code is copied.
 *
 *   mpicc -o mdtest_equiv mdtest_equiv.c
 *   mpirun -np P mdtest_equiv DIR
 *
 * N = 6 items per rank and phase, W = 3901 bytes written and read per file. Directories:
 * DIR/shared (rank 0 mkdir, then a barrier) and DIR/unique.<rank> (each rank's mkdir). In
 * each (shared first), separated by barriers as mdtest's phases are:
 *   dir create  mkdir(D/dir.mdtest.<rank>.<i>, 0775)
 *   dir stat    stat of each
 *   dir remove  rmdir of each
 *   file create open(D/file.mdtest.<rank>.<i>, O_CREAT | O_WRONLY, 0664), pwrite W bytes at
 *               0, close
 *   file stat   stat
 *   file read   open(O_RDONLY), pread W bytes at 0 (checked), close
 *   file remove unlink
 * then rmdir DIR/unique.<rank>, and rank 0 rmdir DIR/shared after a barrier.
 *
 * Output (rank 0, every rank's lines in rank order), JSON lines:
 *   {"rank":r,"call":"pwrite","path":"shared/file.mdtest.0.3","bytes":3901}   per data call
 *   {"rank":r,"counts":{"mkdir":..,"rmdir":..,"open":..,"close":..,"stat":..,"unlink":..,
 *    "pwrite":..,"pread":..}}                 the calls this rank made on DIR and below
 *   {"failures":N}                             bytes read back wrong (exit status 1 then) */
#define _GNU_SOURCE
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mpi_account.h"

#define N 6
#define W 3901

static int g_rank, g_size;
static long g_failures;
static const char *g_dir;
enum { MKDIR, RMDIR, OPEN, CLOSE, STAT, UNLINK, PWRITE, PREAD, NCALLS };
static const char *g_names[NCALLS] = {"mkdir", "rmdir", "open",   "close",
                                      "stat",  "unlink", "pwrite", "pread"};
static long g_counts[NCALLS];

static void die(const char *what, const char *path, int line) {
    fprintf(stderr, "mdtest_equiv: rank %d: line %d: %s %s failed\n", g_rank, line, what, path);
    MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1);
}
#define CK(ok, call, path) ((ok) ? (void)g_counts[call]++ : die(#ok, path, __LINE__))

/* DIR/<sub>/<kind>.mdtest.<rank>.<i>, and its name relative to DIR. */
static void item(char *path, size_t n, const char *sub, const char *kind, int i, char *rel) {
    snprintf(rel, 256, "%s/%s.mdtest.%d.%d", sub, kind, g_rank, i);
    snprintf(path, n, "%s/%s", g_dir, rel);
}

static void dir_phases(const char *sub) {
    char path[4096], rel[256];
    struct stat st;
    for (int i = 0; i < N; i++) {
        item(path, sizeof path, sub, "dir", i, rel);
        CK(mkdir(path, 0775) == 0, MKDIR, path);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < N; i++) {
        item(path, sizeof path, sub, "dir", i, rel);
        CK(stat(path, &st) == 0 && S_ISDIR(st.st_mode), STAT, path);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < N; i++) {
        item(path, sizeof path, sub, "dir", i, rel);
        CK(rmdir(path) == 0, RMDIR, path);
    }
    MPI_Barrier(MPI_COMM_WORLD);
}

static void file_phases(const char *sub) {
    char path[4096], rel[256];
    static unsigned char buf[W];
    struct stat st;
    for (int i = 0; i < N; i++) {
        item(path, sizeof path, sub, "file", i, rel);
        int fd = open(path, O_CREAT | O_WRONLY, 0664);
        CK(fd >= 0, OPEN, path);
        for (int k = 0; k < W; k++) buf[k] = (unsigned char)(g_rank + i + k);
        CK(pwrite(fd, buf, W, 0) == W, PWRITE, path);
        CK(close(fd) == 0, CLOSE, path);
        account("{\"rank\":%d,\"call\":\"pwrite\",\"path\":\"%s\",\"bytes\":%d}", g_rank, rel, W);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < N; i++) {
        item(path, sizeof path, sub, "file", i, rel);
        CK(stat(path, &st) == 0 && st.st_size == W, STAT, path);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < N; i++) {
        item(path, sizeof path, sub, "file", i, rel);
        int fd = open(path, O_RDONLY);
        CK(fd >= 0, OPEN, path);
        memset(buf, 0, sizeof buf);
        CK(pread(fd, buf, W, 0) == W, PREAD, path);
        for (int k = 0; k < W; k++) g_failures += buf[k] != (unsigned char)(g_rank + i + k);
        CK(close(fd) == 0, CLOSE, path);
        account("{\"rank\":%d,\"call\":\"pread\",\"path\":\"%s\",\"bytes\":%d}", g_rank, rel, W);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < N; i++) {
        item(path, sizeof path, sub, "file", i, rel);
        CK(unlink(path) == 0, UNLINK, path);
    }
    MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g_size);
    if (argc < 2) die("usage: mdtest_equiv DIR", "", __LINE__);
    g_dir = argv[1];
    char shared[4096], unique[4096], usub[64];
    snprintf(shared, sizeof shared, "%s/shared", g_dir);
    snprintf(usub, sizeof usub, "unique.%d", g_rank);
    snprintf(unique, sizeof unique, "%s/%s", g_dir, usub);
    if (g_rank == 0) CK(mkdir(shared, 0775) == 0, MKDIR, shared);
    CK(mkdir(unique, 0775) == 0, MKDIR, unique);
    MPI_Barrier(MPI_COMM_WORLD);
    dir_phases("shared");
    file_phases("shared");
    dir_phases(usub);
    file_phases(usub);
    CK(rmdir(unique) == 0, RMDIR, unique);
    MPI_Barrier(MPI_COMM_WORLD);
    if (g_rank == 0) CK(rmdir(shared) == 0, RMDIR, shared);
    char counts[512];
    int n = 0;
    for (int c = 0; c < NCALLS; c++)
        n += snprintf(counts + n, sizeof counts - n, "%s\"%s\":%ld", c ? "," : "", g_names[c],
                      g_counts[c]);
    account("{\"rank\":%d,\"counts\":{%s}}", g_rank, counts);
    account_print();
    long failures = 0;
    MPI_Allreduce(&g_failures, &failures, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (g_rank == 0) printf("{\"failures\":%ld}\n", failures);
    MPI_Finalize();
    return failures != 0;
}
