/* rewrite_loop DIR COUNT: pwrite 8 bytes at offset 0 of rewrite.dat COUNT times (the file
 * stays 8 bytes while the trace grows), then print "rewrote COUNT". */
#include "common.h"
#include <fcntl.h>
#include <unistd.h>

int main(int argc, char **argv) {
    setup(argc, argv);
    long count = argc > 2 ? atol(argv[2]) : 1000;
    int fd = open(path_of("rewrite.dat"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd < 0) return 1;
    for (long i = 0; i < count; i++)
        if (pwrite(fd, "rewrite!", 8, 0) != 8) return 1;
    close(fd);
    printf("rewrote %ld\n", count);
    return 0;
}
