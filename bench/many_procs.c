/* A trace of many processes: forks N children (a few at a time), each writing 100 blocks of
 * 4 KiB with pwrite to its own file in DIR, then one shared file. Usage: many_procs DIR N */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) return 2;
    int n = atoi(argv[2]);
    static char buf[4096];
    for (int c = 0; c < n; c++) {
        pid_t pid = fork();
        if (pid == 0) {
            char p[4096];
            snprintf(p, sizeof p, "%s/f%d.dat", argv[1], c);
            int fd = open(p, O_CREAT | O_WRONLY | O_TRUNC, 0644);
            for (int i = 0; i < 100; i++) pwrite(fd, buf, sizeof buf, (off_t)i * 4096);
            close(fd);
            _exit(0);
        }
        if (c % 8 == 7)
            while (wait(NULL) > 0) {
            }
    }
    while (wait(NULL) > 0) {
    }
    return 0;
}
