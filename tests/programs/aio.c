/* POSIX asynchronous I/O: two requests that complete (4096-byte write at 0, 100-byte read at
 * 50), polled with aio_error and aio_suspend and collected with aio_return; the same with the
 * 64-bit names; and a write whose cancellation may or may not win (aio_cancel on the fd). */
#define _GNU_SOURCE
#include "common.h"
#include <aio.h>
#include <fcntl.h>
#include <unistd.h>

static void wait_for(struct aiocb *cb) {
    const struct aiocb *list[1] = {cb};
    do aio_suspend(list, 1, NULL); while (aio_error(cb) == EINPROGRESS);
}

static void wait_for64(struct aiocb64 *cb) {
    const struct aiocb64 *list[1] = {cb};
    do aio_suspend64(list, 1, NULL); while (aio_error64(cb) == EINPROGRESS);
}

int main(int argc, char **argv) {
    setup(argc, argv);
    static char wbuf[4096], rbuf[100];
    memset(wbuf, 'w', sizeof wbuf);
    int fd = open(path_of("aio.dat"), O_CREAT | O_TRUNC | O_RDWR, 0644);

    struct aiocb w = {0};
    w.aio_fildes = fd, w.aio_buf = wbuf, w.aio_nbytes = sizeof wbuf, w.aio_offset = 0;
    CHECK(aio_write(&w));
    wait_for(&w);
    CHECK(aio_return(&w));

    struct aiocb r = {0};
    r.aio_fildes = fd, r.aio_buf = rbuf, r.aio_nbytes = sizeof rbuf, r.aio_offset = 50;
    CHECK(aio_read(&r));
    wait_for(&r);
    CHECK(aio_return(&r));

    struct aiocb64 w64 = {0};
    w64.aio_fildes = fd, w64.aio_buf = wbuf, w64.aio_nbytes = 10, w64.aio_offset = 5000;
    CHECK(aio_write64(&w64));
    wait_for64(&w64);
    CHECK(aio_return64(&w64));
    struct aiocb64 r64 = {0};
    r64.aio_fildes = fd, r64.aio_buf = rbuf, r64.aio_nbytes = 20, r64.aio_offset = 10;
    CHECK(aio_read64(&r64));
    wait_for64(&r64);
    CHECK(aio_return64(&r64));

    /* Cancellation races with completion: print nothing run-dependent. */
    struct aiocb c = {0};
    c.aio_fildes = fd, c.aio_buf = wbuf, c.aio_nbytes = 1000, c.aio_offset = 8192;
    CHECK(aio_write(&c));
    int how = aio_cancel(fd, NULL);
    if (how == AIO_NOTCANCELED) wait_for(&c);
    aio_return(&c);
    struct aiocb64 c64 = {0};
    c64.aio_fildes = fd, c64.aio_buf = wbuf, c64.aio_nbytes = 1, c64.aio_offset = 9999;
    CHECK(aio_write64(&c64));
    if (aio_cancel64(fd, &c64) == AIO_NOTCANCELED) wait_for64(&c64);
    aio_return64(&c64);
    printf("cancel done\n");
    close(fd);
    return g_failures ? 1 : 0;
}
