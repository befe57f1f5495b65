/* Built with -O2 -D_FORTIFY_SOURCE=2: openat with flags the compiler cannot see and no mode
 * becomes __openat_2 (open: __open_2), read becomes __read_chk, pread __pread_chk. Every call
 * is checked against strace by tests/tests/glibc_coverage.rs; the program prints what it
 * did (one line per call: function, bytes, result) so the test can compare it too. */
#define _GNU_SOURCE
#include "common.h"
#include <fcntl.h>
#include <unistd.h>

int main(int argc, char **argv) {
    setup(argc, argv);
    /* Flags from the command line's length: not a constant, so no mode is needed. */
    int rd = (argc > 2) ? atoi(argv[2]) : O_RDONLY;
    int wr = O_WRONLY | O_CREAT | O_TRUNC;
    /* Counts the compiler cannot see either: the reads go through the _chk forms. */
    size_t zero = argc > 3 ? (size_t)atoi(argv[3]) : 0;
    int dir = open(g_dir, O_RDONLY | O_DIRECTORY);
    if (dir < 0) return 1;
    int w = openat(dir, "data.bin", wr, 0644);
    char buf[8192];
    for (size_t i = 0; i < sizeof buf; i++) buf[i] = (char)(i * 7);
    ssize_t a = write(w, buf, 5000);
    ssize_t b = pwrite(w, buf, 3000, 5000);
    close(w);
    int r = openat(dir, "data.bin", rd);  /* __openat_2 */
    ssize_t c = read(r, buf, 4096 + zero);        /* __read_chk */
    ssize_t d = read(r, buf, 8192 + zero);        /* __read_chk: the last 3904 bytes */
    ssize_t e = pread(r, buf, 100 + zero, 7000);  /* __pread64_chk */
    close(r);
    int o = open(path_of("data.bin"), rd); /* __open_2 */
    ssize_t f = read(o, buf, 1000 + zero);
    close(o);
    close(dir);
    printf("write %zd pwrite %zd read %zd read %zd pread %zd read %zd\n", a, b, c, d, e, f);
    return (a == 5000 && b == 3000 && c == 4096 && d == 3904 && e == 100 && f == 1000) ? 0 : 1;
}
