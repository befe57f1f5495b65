/* One I/O pattern per insight rule, for the summary tests (docs/analysis.md lists the
 * rules). argv[1]: the scratch directory, argv[2]: the mode. Runs with or without mpirun.
 *   clean       one 4 MiB write at 0, read back once (no rule should fire)
 *   small       200 pwrite of 512 bytes at multiples of 4096
 *   misaligned  200 pwrite of 2000 bytes at multiples of 2000
 *   random      200 pwrite of 4096 bytes at descending multiples of 4096
 *   redundant   one 4096-byte write, then 100 reads of those bytes
 *   stdio       20 fwrite of 2000 bytes
 *   fpp         4 forked children each write 2 files of 4096 bytes
 *   flush       50 times pwrite 4096 + fsync
 *   meta        5000 times stat + open + close of one file
 *   indep       (MPI) 100 MPI_File_write_at of 4096 bytes per rank, no collective call
 *   imbalance   (MPI) rank 0 writes 64 MiB in 1 MiB pwrites and fsyncs, the others 4096 bytes
 */
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char big[1 << 22];

static void fail(const char *what) {
    perror(what);
    exit(1);
}

static int opened(const char *dir, const char *name) {
    char p[4096];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    int fd = open(p, O_CREAT | O_RDWR | O_TRUNC, 0644);
    if (fd < 0) fail(p);
    return fd;
}

static void pw(int fd, size_t n, off_t off) {
    if (pwrite(fd, big, n, off) != (ssize_t)n) fail("pwrite");
}

static void serial(const char *dir, const char *mode) {
    int fd = opened(dir, "data.dat");
    if (!strcmp(mode, "clean")) {
        pw(fd, sizeof big, 0);
        if (pread(fd, big, sizeof big, 0) != (ssize_t)sizeof big) fail("pread");
    } else if (!strcmp(mode, "small")) {
        for (int i = 0; i < 200; i++) pw(fd, 512, (off_t)i * 4096);
    } else if (!strcmp(mode, "misaligned")) {
        for (int i = 0; i < 200; i++) pw(fd, 2000, (off_t)i * 2000);
    } else if (!strcmp(mode, "random")) {
        for (int i = 199; i >= 0; i--) pw(fd, 4096, (off_t)i * 4096);
    } else if (!strcmp(mode, "redundant")) {
        pw(fd, 4096, 0);
        for (int i = 0; i < 100; i++)
            if (pread(fd, big, 4096, 0) != 4096) fail("pread");
    } else if (!strcmp(mode, "stdio")) {
        char p[4096];
        snprintf(p, sizeof p, "%s/stdio.dat", dir);
        FILE *f = fopen(p, "w");
        if (!f) fail(p);
        for (int i = 0; i < 20; i++) fwrite(big, 1, 2000, f);
        fclose(f);
    } else if (!strcmp(mode, "fpp")) {
        for (int c = 0; c < 4; c++) {
            pid_t pid = fork();
            if (pid == 0) {
                for (int k = 0; k < 2; k++) {
                    char name[64];
                    snprintf(name, sizeof name, "fpp_%d_%d.dat", c, k);
                    int f = opened(dir, name);
                    pw(f, 4096, 0);
                    close(f);
                }
                _exit(0);
            }
            if (pid < 0) fail("fork");
        }
        while (wait(NULL) > 0) {
        }
    } else if (!strcmp(mode, "flush")) {
        for (int i = 0; i < 50; i++) {
            pw(fd, 4096, (off_t)i * 4096);
            if (fsync(fd)) fail("fsync");
        }
    } else if (!strcmp(mode, "meta")) {
        char p[4096];
        snprintf(p, sizeof p, "%s/data.dat", dir);
        struct stat st;
        for (int i = 0; i < 5000; i++) {
            if (stat(p, &st)) fail("stat");
            close(open(p, O_RDONLY));
        }
    } else {
        fprintf(stderr, "insights: unknown mode %s\n", mode);
        exit(2);
    }
    close(fd);
}

static void parallel(const char *dir, const char *mode) {
    int r, P;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &P);
    char p[4096];
    if (!strcmp(mode, "indep")) {
        snprintf(p, sizeof p, "%s/indep.dat", dir);
        MPI_File f;
        MPI_File_open(MPI_COMM_WORLD, p, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &f);
        for (int i = 0; i < 100; i++)
            MPI_File_write_at(f, (MPI_Offset)(i * P + r) * 4096, big, 4096, MPI_BYTE,
                              MPI_STATUS_IGNORE);
        MPI_File_close(&f);
    } else {
        snprintf(p, sizeof p, "rank_%d.dat", r);
        int fd = opened(dir, p);
        if (r == 0) {
            /* Far more than a descheduled 4 KiB write of another rank can take on a
             * loaded machine: 64 MiB, then to the disk. */
            for (int i = 0; i < 64; i++) pw(fd, 1 << 20, (off_t)i << 20);
            if (fsync(fd) != 0) fail("fsync");
        } else
            pw(fd, 4096, 0);
        close(fd);
    }
}

int main(int argc, char **argv) {
    if (argc < 3) fail("usage: insights DIR MODE");
    memset(big, 'x', sizeof big);
    int mpi = !strcmp(argv[2], "indep") || !strcmp(argv[2], "imbalance");
    if (!mpi) {
        serial(argv[1], argv[2]);
        return 0;
    }
    MPI_Init(&argc, &argv);
    parallel(argv[1], argv[2]);
    MPI_Finalize();
    return 0;
}
