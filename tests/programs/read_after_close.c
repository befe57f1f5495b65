/* A read that completes after its descriptor was closed, legal on Linux: the read in progress
 * holds the open file, so the pipe keeps its reader and the read returns what is written later.
 *   A thread blocks in read() on a pipe's read end. The main thread waits until the thread is
 *   about to read, sleeps 100 ms, close()s the read end, opens after.dat (which gets the freed
 *   descriptor number) and writes 5 bytes to it, then writes "after close\n" (12 bytes) to the
 *   pipe: the thread's read returns those 12 bytes. */
#include "common.h"
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

static int pipe_fds[2];
static volatile int reading;
static char got[64];
static ssize_t got_n = -1;

static void *reader(void *arg) {
    (void)arg;
    reading = 1;
    got_n = read(pipe_fds[0], got, sizeof got - 1);
    return NULL;
}

int main(int argc, char **argv) {
    setup(argc, argv);
    signal(SIGPIPE, SIG_IGN);
    if (pipe(pipe_fds)) return 1;
    pthread_t th;
    if (pthread_create(&th, NULL, reader, NULL)) return 1;
    while (!reading) usleep(1000);
    usleep(100 * 1000);
    int rfd = pipe_fds[0];
    if (close(rfd)) return 1;
    int fd = open(path_of("after.dat"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    printf("reused descriptor %d\n", fd == rfd);
    if (fd < 0 || write(fd, "12345", 5) != 5 || close(fd)) return 1;
    ssize_t w = write(pipe_fds[1], "after close\n", 12);
    pthread_join(th, NULL);
    close(pipe_fds[1]);
    if (got_n >= 0) got[got_n] = 0;
    printf("wrote %zd, read %zd: %s", w, got_n, got_n > 0 ? got : "\n");
    return w == 12 && got_n == 12 ? 0 : 1;
}
