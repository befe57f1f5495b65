/* Programs for the insights that must fire only where they apply (tests/tests/insights.rs).
 * argv[1]: the scratch directory, argv[2]: the mode.
 *   shared      (MPI) one shared file, shared.dat: 4 collective MPI_File_write_at_all of
 *               1 MiB per rank, block i of rank r at offset (i*P + r) MiB; nothing else
 *   imbalance   (MPI) rank 0 writes 50 blocks of 1 MiB to rank_0.dat, every other rank
 *               1 block of 1 MiB to rank_R.dat (pwrite at block offsets)
 *   balanced    (MPI) every rank writes 1 block of 1 MiB to rank_R.dat
 *   bcast       (MPI) rank 0 writes 4 MiB to input.dat in 1 MiB pwrites; after a barrier
 *               every rank reads all 4 MiB of it in 1 MiB preads
 *   rewrite     (serial) one process writes the same 1 MiB at offset 0 of rewrite.dat
 *               4 times, reads nothing
 *   stdio       (serial) 5000 fwrite of 100 bytes to stdio.dat (offsets 100*i)
 */
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MIB (1 << 20)
static char block[MIB];

static void fail(const char *what) {
    perror(what);
    exit(1);
}

static int opened(const char *dir, const char *name, int flags) {
    char p[4096];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    int fd = open(p, flags, 0644);
    if (fd < 0) fail(p);
    return fd;
}

static void pw(int fd, off_t off) {
    if (pwrite(fd, block, MIB, off) != MIB) fail("pwrite");
}

static void shared(const char *dir, int r, int P) {
    char p[4096];
    snprintf(p, sizeof p, "%s/shared.dat", dir);
    MPI_File f;
    if (MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &f))
        fail("MPI_File_open");
    for (int i = 0; i < 4; i++)
        MPI_File_write_at_all(f, (MPI_Offset)(i * P + r) * MIB, block, MIB, MPI_BYTE,
                              MPI_STATUS_IGNORE);
    MPI_File_close(&f);
}

static void per_rank(const char *dir, int r, int blocks) {
    char name[64];
    snprintf(name, sizeof name, "rank_%d.dat", r);
    int fd = opened(dir, name, O_CREAT | O_WRONLY | O_TRUNC);
    for (int i = 0; i < blocks; i++) pw(fd, (off_t)i * MIB);
    close(fd);
}

static void bcast(const char *dir, int r) {
    if (r == 0) {
        int fd = opened(dir, "input.dat", O_CREAT | O_WRONLY | O_TRUNC);
        for (int i = 0; i < 4; i++) pw(fd, (off_t)i * MIB);
        close(fd);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    int fd = opened(dir, "input.dat", O_RDONLY);
    for (int i = 0; i < 4; i++)
        if (pread(fd, block, MIB, (off_t)i * MIB) != MIB) fail("pread");
    close(fd);
}

static void serial(const char *dir, const char *mode) {
    if (!strcmp(mode, "rewrite")) {
        int fd = opened(dir, "rewrite.dat", O_CREAT | O_WRONLY | O_TRUNC);
        for (int i = 0; i < 4; i++) pw(fd, 0);
        close(fd);
    } else if (!strcmp(mode, "stdio")) {
        char p[4096];
        snprintf(p, sizeof p, "%s/stdio.dat", dir);
        FILE *f = fopen(p, "w");
        if (!f) fail(p);
        for (int i = 0; i < 5000; i++)
            if (fwrite(block, 1, 100, f) != 100) fail("fwrite");
        if (fclose(f)) fail("fclose");
    } else {
        fprintf(stderr, "insights_runtime: unknown mode %s\n", mode);
        exit(2);
    }
}

int main(int argc, char **argv) {
    if (argc < 3) fail("usage: insights_runtime DIR MODE");
    memset(block, 'x', sizeof block);
    const char *mode = argv[2];
    if (!strcmp(mode, "rewrite") || !strcmp(mode, "stdio")) {
        serial(argv[1], mode);
        return 0;
    }
    MPI_Init(&argc, &argv);
    int r, P;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &P);
    if (!strcmp(mode, "shared"))
        shared(argv[1], r, P);
    else if (!strcmp(mode, "imbalance"))
        per_rank(argv[1], r, r == 0 ? 50 : 1);
    else if (!strcmp(mode, "balanced"))
        per_rank(argv[1], r, 1);
    else if (!strcmp(mode, "bcast"))
        bcast(argv[1], r);
    else {
        fprintf(stderr, "insights_runtime: unknown mode %s\n", mode);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Finalize();
    return 0;
}
