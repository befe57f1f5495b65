#include <unistd.h>

__attribute__((noinline)) static int lib_put(int fd) {
    ssize_t done = write(fd, "lib\n", 4); /* SITE lib_static */
    return done == 4 ? 0 : -1;
}

int lib_write_block(int fd) {
    ssize_t done = write(fd, "block\n", 6); /* SITE lib_exported */
    return (done == 6 ? 0 : -1) + lib_put(fd);
}
