/* A serial program linked with MPI (built with mpicc) that never initialises MPI: it only
 * asks MPI_Initialized (allowed before MPI_Init) and does plain POSIX I/O. Run without
 * mpirun it is an ordinary process: its trace has no rank.
 *
 *   mpi_serial DIR
 *
 * DIR/serial.dat: open(O_CREAT|O_WRONLY|O_TRUNC), write 3 x 100 bytes (offsets 0, 100, 200),
 * close. Prints "initialized=0 wrote=300".
 */
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    int initialized = -1;
    MPI_Initialized(&initialized);
    char path[4096], buf[100];
    snprintf(path, sizeof path, "%s/serial.dat", argv[1]);
    memset(buf, 'x', sizeof buf);
    int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd < 0) {
        perror("open");
        return 1;
    }
    long total = 0;
    for (int i = 0; i < 3; i++) {
        ssize_t n = write(fd, buf, sizeof buf);
        if (n != (ssize_t)sizeof buf) {
            perror("write");
            return 1;
        }
        total += n;
    }
    if (close(fd) != 0) {
        perror("close");
        return 1;
    }
    printf("initialized=%d wrote=%ld\n", initialized, total);
    return 0;
}
