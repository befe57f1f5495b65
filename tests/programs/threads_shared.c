/* Threads sharing one descriptor, and a thread still writing when the process exits.
 *   shared.dat: 4 threads x 50 writes of 100 bytes through the same descriptor
 *   runaway.dat: a detached thread writing 100 bytes every 100 us until the process exits */
#include "common.h"
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

static int shared_fd;
static volatile int runaway_writes;

static void *worker(void *arg) {
    (void)arg;
    char buf[100];
    memset(buf, 'w', sizeof buf);
    for (int k = 0; k < 50; k++)
        if (write(shared_fd, buf, 100) != 100) return (void *)1;
    return NULL;
}

static void *runaway(void *arg) {
    (void)arg;
    char buf[100];
    memset(buf, 'r', sizeof buf);
    int fd = open(path_of("runaway.dat"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    for (;;) {
        if (write(fd, buf, 100) == 100) runaway_writes++;
        usleep(100);
    }
    return NULL;
}

int main(int argc, char **argv) {
    setup(argc, argv);
    shared_fd = open(path_of("shared.dat"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (shared_fd < 0) return 1;
    pthread_t r;
    pthread_create(&r, NULL, runaway, NULL);
    pthread_detach(r);
    pthread_t th[4];
    for (int i = 0; i < 4; i++)
        if (pthread_create(&th[i], NULL, worker, NULL)) return 1;
    int bad = 0;
    for (int i = 0; i < 4; i++) {
        void *res;
        pthread_join(th[i], &res);
        bad |= res != NULL;
    }
    close(shared_fd);
    while (runaway_writes < 20) usleep(1000);
    printf("shared done %d\n", bad);
    exit(bad); /* the runaway thread is still writing */
}
