/* A failed exec leaves tracing on: a.dat (10 bytes), exec of a missing program, b.dat
 * (20 bytes), then exec of itself as "second", which writes c.dat (30 bytes). */
#include "common.h"
#include <fcntl.h>
#include <unistd.h>

static int write_file(const char *name, int n) {
    char buf[64];
    memset(buf, 'x', sizeof buf);
    int fd = open(path_of(name), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd < 0 || write(fd, buf, n) != n) return 1;
    return close(fd) != 0;
}

int main(int argc, char **argv) {
    setup(argc, argv);
    if (argc > 2) {
        printf("second: %d\n", write_file("c.dat", 30));
        return 0;
    }
    if (write_file("a.dat", 10)) return 1;
    errno = 0;
    int r = execl(path_of("no-such-program"), "no-such-program", (char *)NULL);
    printf("execl = %d errno = %d\n", r, errno);
    fflush(stdout);
    if (write_file("b.dat", 20)) return 1;
    execl("/proc/self/exe", argv[0], argv[1], "second", (char *)NULL);
    return 1;
}
