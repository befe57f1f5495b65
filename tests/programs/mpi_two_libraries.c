/* An MPI program of the MPICH family that also has Open MPI's library loaded (as a plugin
 * linked with another MPI would bring it): two MPIs in one process, which the recorder
 * cannot tell apart for sure. It must turn its MPI layers off with one line on stderr, and
 * the program must run to its normal end with its POSIX I/O traced.
 *
 *   mpiexec.mpich -n P mpi_two_libraries OTHER_LIBMPI DIR
 *
 * Each rank writes RANK_BYTES bytes with MPI_File_write_at at offset rank*RANK_BYTES of
 * DIR/two.dat, then writes the same bytes with POSIX pwrite to DIR/posix_<rank>.dat. */
#include <dlfcn.h>
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define RANK_BYTES 1000

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s OTHER_LIBMPI DIR\n", argv[0]);
        return 2;
    }
    if (!dlopen(argv[1], RTLD_NOW | RTLD_GLOBAL)) {
        fprintf(stderr, "dlopen %s: %s\n", argv[1], dlerror());
        return 2;
    }
    MPI_Init(&argc, &argv);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char buf[RANK_BYTES], path[4096];
    memset(buf, 'a' + rank % 26, sizeof buf);
    snprintf(path, sizeof path, "%s/two.dat", argv[2]);
    MPI_File fh;
    int err = MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY,
                            MPI_INFO_NULL, &fh);
    if (err == MPI_SUCCESS) {
        err = MPI_File_write_at(fh, (MPI_Offset)rank * RANK_BYTES, buf, RANK_BYTES, MPI_BYTE,
                                MPI_STATUS_IGNORE);
        MPI_File_close(&fh);
    }
    snprintf(path, sizeof path, "%s/posix_%d.dat", argv[2], rank);
    int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
    ssize_t n = fd >= 0 ? pwrite(fd, buf, RANK_BYTES, 0) : -1;
    if (fd >= 0) close(fd);
    printf("rank=%d mpi_write=%d posix_write=%zd\n", rank, err == MPI_SUCCESS, n);
    MPI_Finalize();
    return 0;
}
