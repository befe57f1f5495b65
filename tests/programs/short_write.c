/* short_write DIR: a pwrite of 1 MiB cut short at 4,096 bytes by RLIMIT_FSIZE (SIGXFSZ
 * ignored, so the call returns what it wrote), then a pread of 1 MiB that meets the end of
 * the file after 4,096 bytes. The limit is lifted again before anything else is written
 * (the recorder's own files). Exit 0 when both calls were short as expected. */
#include "common.h"
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#define ASKED (1 << 20)
#define LIMIT 4096

int main(int argc, char **argv) {
    setup(argc, argv);
    static char buf[ASKED];
    memset(buf, 's', sizeof buf);
    int fd = open(path_of("short.dat"), O_CREAT | O_RDWR | O_TRUNC, 0644);
    if (fd < 0) return 1;
    struct rlimit old, cut;
    if (getrlimit(RLIMIT_FSIZE, &old) != 0) return 1;
    cut = old;
    cut.rlim_cur = LIMIT;
    signal(SIGXFSZ, SIG_IGN);
    if (setrlimit(RLIMIT_FSIZE, &cut) != 0) return 1;
    ssize_t wrote = pwrite(fd, buf, ASKED, 0);
    if (setrlimit(RLIMIT_FSIZE, &old) != 0) return 1;
    ssize_t got = pread(fd, buf, ASKED, 0);
    close(fd);
    if (wrote != LIMIT || got != LIMIT) {
        fprintf(stderr, "wrote %zd, read %zd\n", wrote, got);
        return 1;
    }
    return 0;
}
