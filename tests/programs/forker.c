/* fork: the parent opens shared.dat and writes 100 bytes; child 1 writes 50 bytes through the
 * inherited descriptor (a pre-created handle in the child, at offset 100) and 200 bytes into
 * child1.dat, then exit()s. Child 2 writes 300 bytes into child2.dat and leaves with _exit().
 * The parent writes 30 bytes into parent.dat at the end. */
#include "common.h"
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

static int write_file(const char *name, int n) {
    char buf[512];
    memset(buf, 'f', sizeof buf);
    int fd = open(path_of(name), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd < 0 || write(fd, buf, n) != n) return 1;
    return close(fd) != 0;
}

int main(int argc, char **argv) {
    setup(argc, argv);
    char buf[100];
    memset(buf, 's', sizeof buf);
    int fd = open(path_of("shared.dat"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd < 0 || write(fd, buf, 100) != 100) return 1;
    pid_t c1 = fork();
    if (c1 < 0) return 1;
    if (c1 == 0) {
        int bad = write(fd, buf, 50) != 50;
        close(fd);
        bad |= write_file("child1.dat", 200);
        exit(bad);
    }
    close(fd);
    int st1 = 0, st2 = 0;
    waitpid(c1, &st1, 0);
    pid_t c2 = fork();
    if (c2 < 0) return 1;
    if (c2 == 0) _exit(write_file("child2.dat", 300));
    waitpid(c2, &st2, 0);
    int bad = write_file("parent.dat", 30);
    printf("children %d %d\n", WEXITSTATUS(st1), WEXITSTATUS(st2));
    return bad || st1 || st2;
}
