/* fd_limit DIR COUNT: COUNT pwrites (the trace writes chunks), then open DIR/limit.dat until
 * the descriptor limit (EMFILE), COUNT pwrites more at the limit, close everything; prints
 * "opened N" (how many descriptors the program could open). */
#include "common.h"
#include <fcntl.h>
#include <unistd.h>

static void writes(int fd, long count) {
    for (long i = 0; i < count; i++)
        if (pwrite(fd, "limit!!!", 8, 0) != 8) exit(1);
}

int main(int argc, char **argv) {
    setup(argc, argv);
    long count = argc > 2 ? atol(argv[2]) : 1000;
    int fd = open(path_of("limit.dat"), O_CREAT | O_RDWR | O_TRUNC, 0644);
    if (fd < 0) return 1;
    writes(fd, count);
    static int fds[1 << 16];
    int n = 0;
    while (n < (1 << 16)) {
        int f = open(path_of("limit.dat"), O_RDONLY);
        if (f < 0) {
            if (errno != EMFILE) return 2;
            break;
        }
        fds[n++] = f;
    }
    writes(fd, count);
    for (int i = 0; i < n; i++) close(fds[i]);
    close(fd);
    printf("opened %d\n", n);
    return 0;
}
