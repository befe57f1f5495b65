/* Closing every descriptor above 2, as daemons and fork children before exec do: with close()
 * in a loop ("loop") or close_range(3, ~0U, 0) ("range"), after writing before.dat (5 bytes);
 * "range-first" calls close_range before any I/O. Then after.dat (10 bytes) is written, and
 * a thread writes thread.dat (20 bytes). */
#define _GNU_SOURCE
#include "common.h"
#include <fcntl.h>
#include <pthread.h>
#include <sys/resource.h>
#include <unistd.h>

static int write_file(const char *name, int n) {
    char buf[64];
    memset(buf, 'c', sizeof buf);
    int fd = open(path_of(name), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd < 0 || write(fd, buf, n) != n) return 1;
    return close(fd) != 0;
}

static void *thread_main(void *arg) {
    (void)arg;
    return (void *)(long)write_file("thread.dat", 20);
}

int main(int argc, char **argv) {
    setup(argc, argv);
    const char *how = argc > 2 ? argv[2] : "loop";
    if (strcmp(how, "range-first") != 0 && write_file("before.dat", 5)) return 1;
    if (strncmp(how, "range", 5) == 0) {
        if (close_range(3, ~0U, 0) != 0) return 1;
    } else {
        struct rlimit rl;
        getrlimit(RLIMIT_NOFILE, &rl);
        for (long fd = 3; fd < (long)rl.rlim_cur && fd < 1 << 20; fd++) close((int)fd);
    }
    if (write_file("after.dat", 10)) return 1;
    pthread_t t;
    void *r;
    pthread_create(&t, NULL, thread_main, NULL);
    pthread_join(t, &r);
    printf("done %ld\n", (long)r);
    return 0;
}
