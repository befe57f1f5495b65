/* vfork + exec: the parent writes before.dat (10 bytes), vforks a child that execs
 * /bin/true, then writes after.dat (20 bytes). */
#include "common.h"
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

static int write_file(const char *name, const char *data, int n) {
    int fd = open(path_of(name), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd < 0 || write(fd, data, n) != n) return 1;
    return close(fd) != 0;
}

int main(int argc, char **argv) {
    setup(argc, argv);
    if (write_file("before.dat", "0123456789", 10)) return 1;
    pid_t c = vfork();
    if (c == 0) {
        char *args[] = {"/bin/true", NULL};
        execv("/bin/true", args);
        _exit(127);
    }
    int st = 0;
    waitpid(c, &st, 0);
    if (write_file("after.dat", "01234567890123456789", 20)) return 1;
    printf("child %d\n", WEXITSTATUS(st));
    return 0;
}
