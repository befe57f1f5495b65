/* A plain POSIX program run by an MPI launcher without MPI: `launcher_ranks DIR VAR` reads its
 * rank from the environment variable VAR (PMI_RANK under MPICH's mpiexec, SLURM_PROCID under
 * srun) and writes (rank+1)*10 bytes at offset rank*100 of DIR/ranks.dat with one pwrite,
 * then ends rank*0.3 s later: rank 0 ends first, so a `record --pack` that did not wait for
 * the node's last rank would pack rank 0 alone. Prints one line per process. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3 || !getenv(argv[2])) {
        fprintf(stderr, "usage: launcher_ranks DIR VAR (VAR set by the launcher)\n");
        return 2;
    }
    int rank = atoi(getenv(argv[2]));
    char path[4096], buf[4096];
    snprintf(path, sizeof path, "%s/ranks.dat", argv[1]);
    int fd = open(path, O_CREAT | O_WRONLY, 0644);
    if (fd < 0) { perror(path); return 1; }
    size_t n = (size_t)(rank + 1) * 10;
    memset(buf, 'a' + rank % 26, n);
    ssize_t w = pwrite(fd, buf, n, (off_t)rank * 100);
    close(fd);
    usleep((useconds_t)rank * 300000);
    printf("rank %d wrote %zd bytes at %d\n", rank, w, rank * 100);
    return w == (ssize_t)n ? 0 : 1;
}
