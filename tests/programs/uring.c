/* io_uring through liburing: every exported submit/wait/peek call, on a file, a socket pair
 * and an excluded file. Build with -luring. The operations (checked by tests/tests/holes.rs):
 *
 *   u.dat   WRITE 4096 @0 (user_data 1), WRITEV 300 @4096 (2), in io_uring_submit;
 *           READ 4096 @0 (3), READV 300 @4096 (4), FSYNC (5), in io_uring_submit_and_wait;
 *           READ 100 @-1: the file position (8), in io_uring_submit_and_wait_timeout;
 *           WRITE 10 @8000 twice with the same user_data 9 (matched oldest first), in
 *           io_uring_submit_and_get_events
 *   sv[0]   SEND 5 (10); sv[1] RECV 64 got 5 (11), in io_uring_submit
 *   /dev/null (excluded) READ (12): an entry without an operation; NOP (6) likewise
 *
 * Completions are reaped with liburing's inline helpers and with __io_uring_get_cqe,
 * io_uring_wait_cqes, io_uring_wait_cqe_timeout, io_uring_peek_batch_cqe, io_uring_get_events;
 * each result is printed in user_data order. */
#define _GNU_SOURCE
#include "common.h"
#include <fcntl.h>
#include <liburing.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

static long long results[16];

/* Reap `n` completions, whichever call gets them; record their results by user_data. */
static void reap(struct io_uring *r, int n, const char *how) {
    struct io_uring_cqe *cqe;
    struct io_uring_cqe *batch[8];
    while (n > 0) {
        int got = 0;
        if (!strcmp(how, "peek_batch")) {
            got = io_uring_peek_batch_cqe(r, batch, 8);
            if (got == 0) {
                io_uring_get_events(r);
                continue;
            }
            for (int i = 0; i < got; i++) results[batch[i]->user_data & 15] = batch[i]->res;
            io_uring_cq_advance(r, got);
            n -= got;
            continue;
        }
        int e;
        if (!strcmp(how, "wait_cqes"))
            e = io_uring_wait_cqes(r, &cqe, 1, NULL, NULL);
        else if (!strcmp(how, "timeout")) {
            struct __kernel_timespec ts = {.tv_sec = 5};
            e = io_uring_wait_cqe_timeout(r, &cqe, &ts);
        } else
            e = io_uring_wait_cqe(r, &cqe); /* inline, or __io_uring_get_cqe when empty */
        if (e < 0) {
            printf("%s failed %d\n", how, e);
            g_failures++;
            return;
        }
        results[cqe->user_data & 15] += cqe->res;
        io_uring_cqe_seen(r, cqe);
        n--;
    }
}

int main(int argc, char **argv) {
    setup(argc, argv);
    static char wbuf[4096], rbuf[4096], v1[100], v2[200];
    memset(wbuf, 'u', sizeof wbuf);
    memset(v1, 'v', sizeof v1);
    memset(v2, 'w', sizeof v2);
    int fd = open(path_of("u.dat"), O_CREAT | O_RDWR | O_TRUNC, 0644);
    CHECK(fd);
    struct io_uring ring;
    CHECK_RET("io_uring_queue_init", io_uring_queue_init(16, &ring, 0), -1);

    struct io_uring_sqe *s = io_uring_get_sqe(&ring);
    io_uring_prep_write(s, fd, wbuf, sizeof wbuf, 0);
    io_uring_sqe_set_data64(s, 1);
    struct iovec wv[2] = {{v1, sizeof v1}, {v2, sizeof v2}};
    s = io_uring_get_sqe(&ring);
    io_uring_prep_writev(s, fd, wv, 2, 4096);
    io_uring_sqe_set_data64(s, 2);
    CHECK_RET("io_uring_submit", io_uring_submit(&ring), -1);
    reap(&ring, 2, "wait");

    struct iovec rv[2] = {{v1, sizeof v1}, {v2, sizeof v2}};
    s = io_uring_get_sqe(&ring);
    io_uring_prep_read(s, fd, rbuf, sizeof rbuf, 0);
    io_uring_sqe_set_data64(s, 3);
    s = io_uring_get_sqe(&ring);
    io_uring_prep_readv(s, fd, rv, 2, 4096);
    io_uring_sqe_set_data64(s, 4);
    s = io_uring_get_sqe(&ring);
    io_uring_prep_fsync(s, fd, 0);
    io_uring_sqe_set_data64(s, 5);
    CHECK_RET("io_uring_submit_and_wait", io_uring_submit_and_wait(&ring, 3), -1);
    reap(&ring, 3, "peek_batch");

    /* A NOP, a read at the file position (offset -1: the position is 0) and a read of an
     * excluded file: entries without an operation, and one with. */
    int null = open("/dev/null", O_RDONLY);
    s = io_uring_get_sqe(&ring);
    io_uring_prep_nop(s);
    io_uring_sqe_set_data64(s, 6);
    s = io_uring_get_sqe(&ring);
    io_uring_prep_read(s, fd, rbuf, 100, -1);
    io_uring_sqe_set_data64(s, 8);
    s = io_uring_get_sqe(&ring);
    io_uring_prep_read(s, null, rbuf, 100, 0);
    io_uring_sqe_set_data64(s, 12);
    struct io_uring_cqe *cqe;
    struct __kernel_timespec ts = {.tv_sec = 5};
    CHECK_RET("io_uring_submit_and_wait_timeout", io_uring_submit_and_wait_timeout(&ring, &cqe, 3, &ts, NULL), -1);
    reap(&ring, 3, "wait_cqes");

    /* The same user_data twice: completions match the oldest first. */
    for (int i = 0; i < 2; i++) {
        s = io_uring_get_sqe(&ring);
        io_uring_prep_write(s, fd, wbuf, 10, 8000);
        io_uring_sqe_set_data64(s, 9);
    }
    CHECK_RET("io_uring_submit_and_get_events", io_uring_submit_and_get_events(&ring), -1);
    reap(&ring, 2, "timeout");

    int sv[2];
    CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
    s = io_uring_get_sqe(&ring);
    io_uring_prep_send(s, sv[0], "hello", 5, 0);
    io_uring_sqe_set_data64(s, 10);
    io_uring_sqe_set_flags(s, IOSQE_IO_LINK);
    s = io_uring_get_sqe(&ring);
    io_uring_prep_recv(s, sv[1], rbuf, 64, 0);
    io_uring_sqe_set_data64(s, 11);
    CHECK_RET("io_uring_submit", io_uring_submit(&ring), -1);
    reap(&ring, 2, "wait");
    /* Nothing left: -EAGAIN. */
    printf("__io_uring_get_cqe = %d\n", __io_uring_get_cqe(&ring, &cqe, 0, 0, NULL));
    printf("io_uring_get_events = %d\n", io_uring_get_events(&ring));

    io_uring_queue_exit(&ring);
    struct io_uring_params p = {0};
    CHECK_RET("io_uring_queue_init_params", io_uring_queue_init_params(4, &ring, &p), -1);
    io_uring_queue_exit(&ring);
    for (int i = 1; i < 13; i++) printf("user_data %d: %lld\n", i, results[i]);
    close(sv[0]);
    close(sv[1]);
    close(null);
    close(fd);
    return finish();
}
