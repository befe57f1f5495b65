/* Files under the default exclusions (/proc, /sys, /dev) and the default inclusion (/dev/shm),
 * and one file in DIR. argv[2] names the /dev/shm file to use. */
#include "common.h"
#include <fcntl.h>
#include <unistd.h>

int main(int argc, char **argv) {
    setup(argc, argv);
    char buf[256];
    int bad = 0;
    int fd = open("/proc/self/status", O_RDONLY);
    bad |= fd < 0 || read(fd, buf, sizeof buf) <= 0;
    close(fd);
    fd = open("/sys/kernel/mm/transparent_hugepage/enabled", O_RDONLY);
    if (fd >= 0) { /* not everywhere */
        if (read(fd, buf, sizeof buf) < 0) bad = 1;
        close(fd);
    }
    fd = open("/dev/null", O_WRONLY);
    bad |= fd < 0 || write(fd, "nothing\n", 8) != 8;
    close(fd);
    FILE *f = fopen("/dev/null", "w");
    bad |= !f || fputs("nothing\n", f) < 0;
    if (f) fclose(f);
    if (argc > 2) {
        fd = open(argv[2], O_CREAT | O_RDWR | O_TRUNC, 0600);
        bad |= fd < 0 || write(fd, buf, 64) != 64;
        close(fd);
        bad |= unlink(argv[2]) != 0;
    }
    fd = open(path_of("kept.dat"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    bad |= fd < 0 || write(fd, buf, 32) != 32;
    close(fd);
    printf("filters done %d\n", bad);
    return bad;
}
