/* Several processes sharing definitions: the parent opens shared.dat and forks 6 children.
 * Child i writes 10 x (i+1) bytes through the inherited descriptor, opens common.dat (the
 * same file in every process) and writes 100 bytes at offset 100 * i, writes its own file
 * c<i>.dat with stdio and deletes it: with remove() (ISO C) for odd i, unlink() (POSIX) for
 * even i, so that the processes delete through two paradigms in different orders. After the
 * children ended, the parent writes 30 bytes into shared.dat and deletes tmp.dat with
 * remove(). Prints "children 0" when every child succeeded. */
#include "common.h"
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#define CHILDREN 6

static int child(int i, int shared) {
    char buf[100];
    memset(buf, 'c', sizeof buf);
    int bad = write(shared, buf, 10 * (i + 1)) != 10 * (i + 1);
    int fd = open(path_of("common.dat"), O_CREAT | O_WRONLY, 0644);
    bad |= fd < 0 || pwrite(fd, buf, 100, 100 * i) != 100 || close(fd) != 0;
    char name[32];
    snprintf(name, sizeof name, "c%d.dat", i);
    FILE *f = fopen(path_of(name), "w");
    bad |= f == NULL || fprintf(f, "child %d\n", i) < 0 || fclose(f) != 0;
    bad |= (i % 2 ? remove(path_of(name)) : unlink(path_of(name))) != 0;
    return bad;
}

int main(int argc, char **argv) {
    setup(argc, argv);
    int shared = open(path_of("shared.dat"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (shared < 0) return 1;
    FILE *tmp = fopen(path_of("tmp.dat"), "w");
    if (tmp == NULL || fclose(tmp) != 0) return 1;
    for (int i = 0; i < CHILDREN; i++) {
        pid_t c = fork();
        if (c < 0) return 1;
        if (c == 0) _exit(child(i, shared));
    }
    int failed = 0, status;
    while (wait(&status) > 0) failed += !WIFEXITED(status) || WEXITSTATUS(status) != 0;
    char buf[30];
    memset(buf, 'p', sizeof buf);
    if (write(shared, buf, 30) != 30 || close(shared) != 0) return 1;
    if (remove(path_of("tmp.dat")) != 0) return 1;
    printf("children %d\n", failed);
    return failed != 0;
}
