/* Calls on a descriptor the recorder cannot see opened (a raw openat system call is not
 * interposable): a write of 100 bytes and a pwrite of 50 bytes at offset 1000. A stream
 * from fopencookie has no descriptor (memory, not I/O): its fwrite of 30 bytes is neither
 * recorded nor counted. */
#define _GNU_SOURCE
#include "common.h"
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

static ssize_t to_nowhere(void *cookie, const char *buf, size_t n) {
    (void)cookie;
    (void)buf;
    return (ssize_t)n;
}

int main(int argc, char **argv) {
    setup(argc, argv);
    char buf[100];
    memset(buf, 'x', sizeof buf);
    int fd = (int)syscall(SYS_openat, AT_FDCWD, path_of("raw.dat"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd < 0 || write(fd, buf, 100) != 100 || pwrite(fd, buf, 50, 1000) != 50)
        g_failures++;
    syscall(SYS_close, fd);
    cookie_io_functions_t io = {.write = to_nowhere};
    FILE *f = fopencookie(NULL, "w", io);
    if (!f || fwrite(buf, 1, 30, f) != 30 || fclose(f) != 0)
        g_failures++;
    printf("failures: %d\n", g_failures);
    return g_failures != 0;
}
