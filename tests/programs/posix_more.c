/* The POSIX calls added in format version 2, each once or more, successfully: file-system
 * queries, the *at and utime metadata calls, hints, in-kernel copies through pipes, list aio,
 * pipes, sockets and anonymous descriptors with the data they move, openat2 through
 * syscall(2). The data operations (checked by tests/tests/holes.rs):
 *
 *   m.dat  write 4096 @0; splice READ 1000 @100 (into pipe p); lio WRITE 100 @0, 50 @200;
 *          lio READ 100 @0
 *   o.dat  splice WRITE 1000 @0 (from pipe p)
 *   pipe p write 10 / read 64 got 10; splice WRITE 1000; tee READ 1000 (to pipe q);
 *          splice READ 1000; vmsplice WRITE 10; read 64 got 10; write 5; vmsplice READ 5
 *   pipe q tee WRITE 1000; read 4096 got 1000
 *   sv     send 3 / recv 64 got 3; sendto 4 / recvfrom 64 got 4; sendmsg 11 / recvmsg 64 got 11
 *   dv     sendmmsg 7 (2 messages) / recvmmsg 128 got 7 (2 messages)
 *   accept c1 -> a1: write 2 / read 16 got 2
 *   memfd  write 5; pread 5 @0
 *   eventfd write 8 / read 8; timerfd read 8 */
#define _GNU_SOURCE
#include "common.h"
#include <aio.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <signal.h>
#include <stddef.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <stdint.h>
#include <unistd.h>
#include <utime.h>

/* The pre-2.33 mknod entry points (still exported). */
extern int __xmknod(int ver, const char *path, mode_t mode, dev_t *dev);
extern int __xmknodat(int ver, int dirfd, const char *path, mode_t mode, dev_t *dev);

static void filesystems(const char *a, int fd) {
    struct statfs sf;
    struct statfs64 sf64;
    struct statvfs sv;
    struct statvfs64 sv64;
    CHECK(statfs(a, &sf));
    CHECK(statfs64(a, &sf64));
    CHECK(fstatfs(fd, &sf));
    CHECK(fstatfs64(fd, &sf64));
    CHECK(statvfs(a, &sv));
    CHECK(statvfs64(a, &sv64));
    CHECK(fstatvfs(fd, &sv));
    CHECK(fstatvfs64(fd, &sv64));
}

static void metadata(const char *a, int fd, int dfd) {
    char buf[256];
    CHECK(fchown(fd, -1, -1));
    CHECK(lchown(a, -1, -1));
    CHECK(fchownat(dfd, "m.dat", -1, -1, 0));
    CHECK(fchmodat(dfd, "m.dat", 0640, 0));
    CHECK(lchmod(a, 0644));
    CHECK(linkat(dfd, "m.dat", dfd, "m_link.dat", 0));
    CHECK(symlinkat("m.dat", dfd, "m_sym.dat"));
    CHECK(readlinkat(dfd, "m_sym.dat", buf, sizeof buf));
    CHECK(utime(a, NULL));
    CHECK(utimes(a, NULL));
    CHECK(lutimes(path_of("m_sym.dat"), NULL));
    CHECK(futimes(fd, NULL));
    CHECK(futimesat(dfd, "m.dat", NULL));
    CHECK(futimens(fd, NULL));
    CHECK(utimensat(dfd, "m.dat", NULL, 0));
    CHECK(mknod(path_of("fifo1"), S_IFIFO | 0600, 0));
    CHECK(mknodat(dfd, "fifo2", S_IFIFO | 0600, 0));
    dev_t dev = 0;
    CHECK(__xmknod(0, path_of("fifo3"), S_IFIFO | 0600, &dev));
    CHECK(__xmknodat(0, dfd, "fifo4", S_IFIFO | 0600, &dev));
    CHECK(mkfifo(path_of("fifo5"), 0600));
    CHECK(mkfifoat(dfd, "fifo6", 0600));
    CHECK(euidaccess(a, R_OK));
    CHECK(eaccess(a, W_OK));
    const char *gone[] = {"m_link.dat", "m_sym.dat", "fifo1", "fifo2", "fifo3", "fifo4", "fifo5", "fifo6"};
    for (size_t i = 0; i < sizeof gone / sizeof *gone; i++) unlink(path_of(gone[i]));
}

static void hints(int fd) {
    CHECK0(posix_fadvise(fd, 0, 4096, POSIX_FADV_SEQUENTIAL));
    CHECK0(posix_fadvise64(fd, 0, 4096, POSIX_FADV_WILLNEED));
    CHECK(fallocate(fd, 0, 0, 8192));
    CHECK(fallocate64(fd, FALLOC_FL_KEEP_SIZE, 8192, 4096));
    CHECK(readahead(fd, 0, 4096));
    CHECK(sync_file_range(fd, 0, 4096, SYNC_FILE_RANGE_WRITE));
}

/* Pipes: plain data, splice in and out of files, tee between pipes, vmsplice both ways. */
static void pipes(int fd, int dfd) {
    char buf[4096];
    int p[2], q[2];
    CHECK(pipe(p));
    CHECK(pipe2(q, O_CLOEXEC));
    CHECK(write(p[1], "hello pipe", 10));
    CHECK(read(p[0], buf, 64));
    loff_t off = 100;
    CHECK(splice(fd, &off, p[1], NULL, 1000, 0));
    printf("splice offset now %lld\n", (long long)off);
    CHECK(tee(p[0], q[1], 1000, 0));
    int out = openat(dfd, "o.dat", O_CREAT | O_RDWR | O_TRUNC, 0644);
    CHECK(out);
    loff_t off2 = 0;
    CHECK(splice(p[0], NULL, out, &off2, 1000, 0));
    CHECK(read(q[0], buf, sizeof buf));
    struct iovec v[2] = {{"vmspl", 5}, {"ice!!", 5}};
    CHECK(vmsplice(p[1], v, 2, 0));
    CHECK(read(p[0], buf, 64));
    CHECK(write(p[1], "again", 5));
    struct iovec r = {buf, 5};
    CHECK(vmsplice(p[0], &r, 1, 0));
    CHECK(close(out));
    for (int i = 0; i < 2; i++) {
        close(p[i]);
        close(q[i]);
    }
}

static void sockets(void) {
    char buf[128];
    int sv[2];
    CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
    CHECK(send(sv[0], "abc", 3, 0));
    CHECK(recv(sv[1], buf, 64, 0));
    CHECK(sendto(sv[1], "defg", 4, 0, NULL, 0));
    CHECK(recvfrom(sv[0], buf, 64, 0, NULL, NULL));
    struct iovec out[2] = {{"hello", 5}, {" world", 6}};
    struct msghdr m = {.msg_iov = out, .msg_iovlen = 2};
    CHECK(sendmsg(sv[0], &m, 0));
    struct iovec in = {buf, 64};
    struct msghdr mi = {.msg_iov = &in, .msg_iovlen = 1};
    CHECK(recvmsg(sv[1], &mi, 0));
    close(sv[0]);
    close(sv[1]);

    int dv[2];
    CHECK(socketpair(AF_UNIX, SOCK_DGRAM, 0, dv));
    struct iovec o1 = {"123", 3}, o2 = {"4567", 4};
    struct mmsghdr mo[2] = {{.msg_hdr = {.msg_iov = &o1, .msg_iovlen = 1}},
                            {.msg_hdr = {.msg_iov = &o2, .msg_iovlen = 1}}};
    CHECK(sendmmsg(dv[0], mo, 2, 0));
    char b1[64], b2[64];
    struct iovec i1 = {b1, 64}, i2 = {b2, 64};
    struct mmsghdr mr[2] = {{.msg_hdr = {.msg_iov = &i1, .msg_iovlen = 1}},
                            {.msg_hdr = {.msg_iov = &i2, .msg_iovlen = 1}}};
    CHECK(recvmmsg(dv[1], mr, 2, 0, NULL));
    close(dv[0]);
    close(dv[1]);

    /* A listening socket in the abstract namespace (no file), two clients. */
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    snprintf(sa.sun_path + 1, sizeof sa.sun_path - 1, "rotf2-posix-more-%d", (int)getpid());
    socklen_t len = offsetof(struct sockaddr_un, sun_path) + 1 + strlen(sa.sun_path + 1);
    int ls = socket(AF_UNIX, SOCK_STREAM, 0);
    CHECK(ls);
    CHECK(bind(ls, (struct sockaddr *)&sa, len));
    CHECK(listen(ls, 4));
    int c1 = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int c2 = socket(AF_UNIX, SOCK_STREAM, 0);
    CHECK(connect(c1, (struct sockaddr *)&sa, len));
    CHECK(connect(c2, (struct sockaddr *)&sa, len));
    int a1 = accept(ls, NULL, NULL);
    CHECK(a1);
    int a2 = accept4(ls, NULL, NULL, SOCK_NONBLOCK);
    CHECK(a2);
    CHECK(write(c1, "xy", 2));
    CHECK(read(a1, buf, 16));
    int fds[] = {ls, c1, c2, a1, a2};
    for (int i = 0; i < 5; i++) close(fds[i]);
}

static void anonymous(void) {
    char buf[64];
    int m = memfd_create("rotf2", MFD_CLOEXEC);
    CHECK(m);
    CHECK(write(m, "memfd", 5));
    CHECK(pread(m, buf, 5, 0));
    close(m);
    int e = eventfd(3, EFD_CLOEXEC);
    CHECK(e);
    uint64_t one = 1, got = 0;
    CHECK(write(e, &one, 8));
    CHECK(read(e, &got, 8));
    printf("eventfd counter %llu\n", (unsigned long long)got);
    close(e);
    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGUSR1);
    int s = signalfd(-1, &mask, SFD_NONBLOCK);
    CHECK(s);
    close(s);
    int t = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
    CHECK(t);
    struct itimerspec its = {.it_value = {0, 1000}};
    CHECK(timerfd_settime(t, 0, &its, NULL));
    uint64_t ticks = 0;
    CHECK(read(t, &ticks, 8));
    close(t);
    int ep = epoll_create(1);
    CHECK(ep);
    close(ep);
    ep = epoll_create1(EPOLL_CLOEXEC);
    CHECK(ep);
    close(ep);
    int in = inotify_init();
    CHECK(in);
    close(in);
    in = inotify_init1(IN_NONBLOCK);
    CHECK(in);
    close(in);
}

/* open_by_handle_at needs CAP_DAC_READ_SEARCH: its result is not checked. */
static void by_handle(const char *a) {
    struct {
        struct file_handle h;
        unsigned char bytes[128];
    } fh;
    fh.h.handle_bytes = sizeof fh.bytes;
    int mount_id;
    if (name_to_handle_at(AT_FDCWD, a, &fh.h, &mount_id, 0) != 0) return;
    int mfd = open(g_dir, O_RDONLY | O_DIRECTORY);
    int fd = open_by_handle_at(mfd, &fh.h, O_RDONLY);
    if (fd >= 0) close(fd);
    close(mfd);
    printf("open_by_handle_at called\n");
}

static void list_aio(int fd) {
    static char w[100], r[100];
    memset(w, 'l', sizeof w);
    struct aiocb w1 = {.aio_fildes = fd, .aio_buf = w, .aio_nbytes = 100, .aio_offset = 0, .aio_lio_opcode = LIO_WRITE};
    struct aiocb w2 = {.aio_fildes = fd, .aio_buf = w, .aio_nbytes = 50, .aio_offset = 200, .aio_lio_opcode = LIO_WRITE};
    struct aiocb *l1[] = {&w1, &w2};
    CHECK(lio_listio(LIO_WAIT, l1, 2, NULL));
    CHECK(aio_return(&w1));
    CHECK(aio_return(&w2));
    struct aiocb64 r1 = {.aio_fildes = fd, .aio_buf = r, .aio_nbytes = 100, .aio_offset = 0, .aio_lio_opcode = LIO_READ};
    struct aiocb64 nop = {.aio_fildes = fd, .aio_lio_opcode = LIO_NOP};
    struct aiocb64 *l2[] = {&r1, &nop};
    CHECK(lio_listio64(LIO_WAIT, l2, 2, NULL));
    CHECK(aio_return64(&r1));
}

int main(int argc, char **argv) {
    setup(argc, argv);
    char buf[4096];
    memset(buf, 'm', sizeof buf);
    const char *a = strdup(path_of("m.dat"));
    int fd = open(a, O_CREAT | O_RDWR | O_TRUNC, 0644);
    CHECK(fd);
    CHECK(write(fd, buf, sizeof buf));
    int dfd = open(g_dir, O_RDONLY | O_DIRECTORY);
    CHECK(dfd);

    filesystems(a, fd);
    metadata(a, fd, dfd);
    hints(fd);
    pipes(fd, dfd);
    sockets();
    anonymous();
    by_handle(a);
    list_aio(fd);

    struct open_how how = {.flags = O_RDONLY, .resolve = RESOLVE_BENEATH};
    int o2 = syscall(SYS_openat2, dfd, "m.dat", &how, sizeof how);
    CHECK(o2);
    CHECK(read(o2, buf, 10));
    close(o2);

    close(dfd);
    close(fd);
    return finish();
}
