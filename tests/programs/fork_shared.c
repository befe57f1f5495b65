/* A descriptor shared across fork: the parent writes 100 bytes to shared.dat, the child
 * writes 50 through the inherited descriptor (same open file description), then, after the
 * child ended, the parent writes 30 more: at offset 150. */
#include "common.h"
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    setup(argc, argv);
    char buf[100];
    memset(buf, 'f', sizeof buf);
    int fd = open(path_of("shared.dat"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd < 0 || write(fd, buf, 100) != 100) return 1;
    pid_t c = fork();
    if (c == 0) _exit(write(fd, buf, 50) != 50);
    int st = 0;
    waitpid(c, &st, 0);
    if (write(fd, buf, 30) != 30) return 1;
    close(fd);
    printf("child %d\n", WEXITSTATUS(st));
    return 0;
}
