/* Call sites in a library loaded after start and in a fork child (issue 29).
 * Usage: sites_dlopen DIR LIBRARY N M K
 * Loads LIBRARY (sites_lib.c) with dlopen after the recorder has started, and calls its
 * lib_write_records(fd, N) on DIR/lib.out: N writes of 24 bytes from the library's line
 * SITE:lib_write. Then forks: the child writes M records of 16 bytes to DIR/child.out from
 * the line SITE:child_write, then calls lib_write_records(fd, K) on the same file (K writes
 * of 24 bytes from SITE:lib_write, in the child) and exits; the parent waits for it.
 * Prints the counts it used. */
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static char record[16];

static int create(const char *dir, const char *name) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd < 0)
        exit(3);
    return fd;
}

__attribute__((noinline)) static void child_writes(int fd, int m) {
    for (int i = 0; i < m; i++)
        if (write(fd, record, sizeof record) != sizeof record) /* SITE:child_write */
            _exit(5);
}

int main(int argc, char **argv) {
    if (argc < 6)
        return 1;
    int n = atoi(argv[3]), m = atoi(argv[4]), k = atoi(argv[5]);
    void *lib = dlopen(argv[2], RTLD_NOW);
    if (!lib) {
        fprintf(stderr, "dlopen: %s\n", dlerror());
        return 2;
    }
    void (*lib_write_records)(int, int) = (void (*)(int, int))dlsym(lib, "lib_write_records");
    if (!lib_write_records)
        return 2;
    int fd = create(argv[1], "lib.out");
    lib_write_records(fd, n);
    close(fd);
    pid_t pid = fork();
    if (pid < 0)
        return 6;
    if (pid == 0) {
        int cfd = create(argv[1], "child.out");
        child_writes(cfd, m);
        lib_write_records(cfd, k);
        close(cfd);
        _exit(0);
    }
    int status = 0;
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return 7;
    printf("library writes %d child writes %d child library writes %d\n", n, m, k);
    return 0;
}
