/* call_sites_mpi DIR [N]: every rank pwrites 1 B N times (default 100) into DIR/out.RANK
 * from one line, the same on every rank. The tests find the line by its marker
 * (SITE:mpi_block) and expect one source code location for it, whatever the ranks. */
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static __attribute__((noinline)) int write_blocks(int fd, int n)
{
    for (int i = 0; i < n; i++)
        if (pwrite(fd, "x", 1, i) != 1) /* SITE:mpi_block */
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int n = argc > 2 ? atoi(argv[2]) : 100;
    char path[4096];
    snprintf(path, sizeof path, "%s/out.%d", argc > 1 ? argv[1] : ".", rank);
    int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
    int bad = fd < 0 || write_blocks(fd, n) != 0 || close(fd) != 0;
    MPI_Finalize();
    return bad;
}
