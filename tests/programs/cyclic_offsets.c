/* cyclic_offsets DIR COUNT [PERIOD]: open cyclic.dat and pwrite 1 byte COUNT times at offset
 * i % PERIOD (default 1024): every stretch of PERIOD writes covers [0, PERIOD) once, so every
 * time window of the run holds the whole range. Prints the count at the end. */
#include "common.h"
#include <fcntl.h>
#include <unistd.h>

int main(int argc, char **argv) {
    setup(argc, argv);
    long count = argc > 2 ? atol(argv[2]) : 200000;
    long period = argc > 3 ? atol(argv[3]) : 1024;
    if (count < 1 || period < 1) return 2;
    int fd = open(path_of("cyclic.dat"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd < 0) return 1;
    for (long i = 0; i < count; i++) {
        if (pwrite(fd, "c", 1, i % period) != 1) return 1;
    }
    close(fd);
    printf("wrote %ld\n", count);
    return 0;
}
