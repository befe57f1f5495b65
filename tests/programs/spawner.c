/* Children started without fork handlers: system() (a shell writing sys.txt) and
 * posix_spawn() of dd (copying in.txt to spawned.txt in blocks of 100 bytes). */
#include "common.h"
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int main(int argc, char **argv) {
    setup(argc, argv);
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "echo hello > '%s'", path_of("sys.txt"));
    int st = system(cmd);
    printf("system = %d\n", WEXITSTATUS(st));
    char in[4096], out[4096];
    snprintf(in, sizeof in, "if=%s", path_of("in.txt"));
    snprintf(out, sizeof out, "of=%s", path_of("spawned.txt"));
    char *args[] = {"dd", in, out, "bs=100", "status=none", NULL};
    pid_t pid;
    int r = posix_spawn(&pid, "/bin/dd", NULL, NULL, args, environ);
    printf("posix_spawn = %d\n", r);
    if (r) return 1;
    waitpid(pid, &st, 0);
    printf("dd = %d\n", WEXITSTATUS(st));
    return 0;
}
