/* Benchmark kernel: N one-byte pwrite calls at increasing offsets to a file in /dev/shm.
 * Prints the loop's time per call in ns (the loop alone, not start-up or exit).
 * Usage: pwrite_loop N [DIR] */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    const char *dir = argc > 2 ? argv[2] : "/dev/shm";
    char path[4096];
    snprintf(path, sizeof path, "%s/recorder-otf2-bench.%d", dir, (int)getpid());
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) { perror(path); return 1; }
    char c = 'x';
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (long i = 0; i < n; i++) pwrite(fd, &c, 1, i);
    clock_gettime(CLOCK_MONOTONIC, &b);
    close(fd);
    unlink(path);
    printf("%.2f\n", ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / n);
    return 0;
}
