/* writer_loop DIR COUNT [USLEEP]: open loop.dat and write COUNT times 100 bytes, sleeping
 * USLEEP microseconds between writes; prints nothing until the end. */
#include "common.h"
#include <fcntl.h>
#include <unistd.h>

int main(int argc, char **argv) {
    setup(argc, argv);
    long count = argc > 2 ? atol(argv[2]) : 1000;
    long pause = argc > 3 ? atol(argv[3]) : 0;
    char buf[100];
    memset(buf, 'l', sizeof buf);
    int fd = open(path_of("loop.dat"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd < 0) return 1;
    for (long i = 0; i < count; i++) {
        if (write(fd, buf, 100) != 100) return 1;
        if (pause) usleep(pause);
    }
    close(fd);
    printf("wrote %ld\n", count);
    return 0;
}
