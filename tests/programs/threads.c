/* The main thread writes main.dat (1 x 50 bytes), then 4 threads each write their own file
 * t<i>.dat with i+1 writes of 100 bytes. */
#include "common.h"
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

static void *worker(void *arg) {
    long i = (long)arg;
    char name[32], buf[100];
    memset(buf, 't', sizeof buf);
    snprintf(name, sizeof name, "t%ld.dat", i);
    int fd = open(path_of(name), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd < 0) return (void *)1;
    for (long k = 0; k <= i; k++)
        if (write(fd, buf, 100) != 100) return (void *)1;
    close(fd);
    return NULL;
}

int main(int argc, char **argv) {
    setup(argc, argv);
    char buf[50];
    memset(buf, 'm', sizeof buf);
    int fd = open(path_of("main.dat"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd < 0 || write(fd, buf, 50) != 50) return 1;
    close(fd);
    pthread_t th[4];
    for (long i = 0; i < 4; i++)
        if (pthread_create(&th[i], NULL, worker, (void *)i)) return 1;
    int bad = 0;
    for (int i = 0; i < 4; i++) {
        void *r;
        pthread_join(th[i], &r);
        bad |= r != NULL;
    }
    printf("threads done %d\n", bad);
    return bad;
}
