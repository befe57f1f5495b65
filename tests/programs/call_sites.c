/* Call sites (issue 29): I/O from two functions on known lines, one in a loop.
 * Usage: call_sites FILE [N]: write_header writes 16 bytes once with write(), then
 * write_block writes 1 byte N times (default 1000) with pwrite at offsets 16, 17, ...
 * The lines the tests expect are found by the markers in the comments (SITE:...). */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static char buf[64];

__attribute__((noinline)) static void write_header(int fd) {
    if (write(fd, buf, 16) != 16) /* SITE:header */
        exit(2);
}

__attribute__((noinline)) static void write_block(int fd, long i) {
    if (pwrite(fd, buf, 1, 16 + i) != 1) /* SITE:block */
        exit(3);
}

int main(int argc, char **argv) {
    if (argc < 2)
        return 1;
    long n = argc > 2 ? atol(argv[2]) : 1000;
    int fd = open(argv[1], O_CREAT | O_WRONLY | O_TRUNC, 0644); /* SITE:open */
    if (fd < 0)
        return 1;
    write_header(fd);
    for (long i = 0; i < n; i++)
        write_block(fd, i);
    return close(fd) != 0; /* SITE:close */
}
