/* Built with -O2 -D_FORTIFY_SOURCE=2: reads into buffers of known size become __read_chk,
 * __fgets_chk & co., the printf forms __vprintf_chk & co.; the recorder records them under
 * the plain names. Sizes come from a volatile so that the compiler cannot check them itself.
 * The operations (checked by tests/tests/holes.rs):
 *
 *   f.dat   write 100 @0; read 64 got 64 @0; pread 10 @5; pread64 10 @20
 *   g.txt   fputs 12; fgets 32 got 6 @0; fgets_unlocked 32 got 6 @6; fread 4 @0;
 *           fread_unlocked 4 @4 (after rewinds)
 *   sv      send 3 / recv 64 got 3; send 2 / recvfrom 64 got 2
 *   h.txt   dprintf 6 @0; vdprintf 4 @6
 *   w.txt   fwprintf 3 bytes @0; vfwprintf 4 @3; fgetws 16 (wide) got 7 bytes @0 and
 *           fgetws_unlocked (nothing left: NULL) after a rewind
 *   wout.txt (stdout reopened, after the summary) wprintf 3; vwprintf 2 */
#define _GNU_SOURCE
#include "common.h"
#include <fcntl.h>
#include <locale.h>
#include <stdarg.h>
#include <sys/socket.h>
#include <unistd.h>
#include <wchar.h>

static volatile size_t n64 = 64, n32 = 32, n16 = 16, n4 = 4, n10 = 10;

/* The headers make vprintf __vfprintf_chk(stdout, ...); older ones called this. */
extern int __vprintf_chk(int flag, const char *fmt, va_list ap);

static int v_printf(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = __vprintf_chk(1, fmt, ap);
    va_end(ap);
    return r;
}
static int v_dprintf(int fd, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vdprintf(fd, fmt, ap);
    va_end(ap);
    return r;
}
static int v_fwprintf(FILE *f, const wchar_t *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vfwprintf(f, fmt, ap);
    va_end(ap);
    return r;
}
static int v_wprintf(const wchar_t *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vwprintf(fmt, ap);
    va_end(ap);
    return r;
}

int main(int argc, char **argv) {
    setup(argc, argv);
    setlocale(LC_ALL, "C.UTF-8");
    char buf[64], link[64], cwd[4096];
    memset(buf, 'f', sizeof buf);
    int fd = open(path_of("f.dat"), O_CREAT | O_RDWR | O_TRUNC, 0644);
    CHECK(fd);
    char big[100];
    memset(big, 'b', sizeof big);
    CHECK(write(fd, big, sizeof big));
    lseek(fd, 0, SEEK_SET);
    CHECK(read(fd, buf, n64));
    CHECK(pread(fd, buf, n10, 5));
    CHECK(pread64(fd, buf, n10, 20));
    close(fd);
    if (symlink("f.dat", path_of("f.lnk"))) g_failures++;
    CHECK(readlink(path_of("f.lnk"), link, n64));
    int dfd = open(g_dir, O_RDONLY | O_DIRECTORY);
    CHECK(readlinkat(dfd, "f.lnk", link, n64));
    close(dfd);
    unlink(path_of("f.lnk"));
    if (!getcwd(cwd, n64 * 64)) g_failures++;

    FILE *g = fopen(path_of("g.txt"), "w+");
    CHECKP(g);
    fputs("line1\nline2\n", g);
    rewind(g);
    CHECKP(fgets(buf, n32, g));
    CHECKP(fgets_unlocked(buf, n32, g));
    rewind(g);
    CHECK_RET("fread", fread(buf, 1, n4, g), 0);
    CHECK_RET("fread_unlocked", fread_unlocked(buf, 1, n4, g), 0);
    fclose(g);

    int sv[2];
    CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
    send(sv[0], "abc", 3, 0);
    CHECK(recv(sv[1], buf, n64, 0));
    send(sv[0], "de", 2, 0);
    CHECK(recvfrom(sv[1], buf, n64, 0, NULL, NULL));
    close(sv[0]);
    close(sv[1]);

    int h = open(path_of("h.txt"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    CHECK(dprintf(h, "dp %d\n", 42));
    CHECK(v_dprintf(h, "%s\n", "vdp"));
    close(h);
    CHECK(v_printf("%s %d\n", "vprintf", 7));

    FILE *w = fopen(path_of("w.txt"), "w+");
    CHECK(fwprintf(w, L"%lc\n", L'é'));
    CHECK(v_fwprintf(w, L"%ls\n", L"abc"));
    rewind(w);
    wchar_t wb[16];
    CHECKP(fgetws(wb, n16, w));
    CHECKP(fgetws(wb, n16, w));
    printf("fgetws_unlocked at the end: %s\n", fgetws_unlocked(wb, n16, w) ? "text" : "NULL");
    fclose(w);

    int r = finish();
    fflush(stdout);
    if (!freopen(path_of("wout.txt"), "w", stdout)) return 1;
    if (wprintf(L"%ls\n", L"wé") != 3) r = 1;
    if (v_wprintf(L"%d\n", 7) != 2) r = 1;
    return r;
}
