/* sig_writes DIR COUNT: COUNT pwrites of 8 bytes on main.dat while a 100 us interval timer's
 * SIGALRM handler writes one byte to handler.dat each time; prints "handler N" (its calls). */
#include "common.h"
#include <fcntl.h>
#include <signal.h>
#include <sys/time.h>
#include <unistd.h>

static int hfd;
static volatile sig_atomic_t calls;

static void on_alarm(int sig) {
    (void)sig;
    int e = errno;
    if (write(hfd, "x", 1) == 1) calls++;
    errno = e;
}

int main(int argc, char **argv) {
    setup(argc, argv);
    long count = argc > 2 ? atol(argv[2]) : 1000000;
    int fd = open(path_of("main.dat"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    hfd = open(path_of("handler.dat"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd < 0 || hfd < 0) return 1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sa.sa_flags = SA_RESTART;
    sigaction(SIGALRM, &sa, NULL);
    struct itimerval it = {{0, 100}, {0, 100}};
    setitimer(ITIMER_REAL, &it, NULL);
    for (long i = 0; i < count; i++)
        if (pwrite(fd, "sigwrite", 8, 0) != 8) return 1;
    struct itimerval off = {{0, 0}, {0, 0}};
    setitimer(ITIMER_REAL, &off, NULL);
    close(fd);
    close(hfd);
    printf("handler %ld\n", (long)calls);
    return 0;
}
