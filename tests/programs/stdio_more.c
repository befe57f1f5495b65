/* The ISO C calls added in format version 2, each successfully: getline/getdelim, every
 * scanf and printf form, putchar/getchar, wide characters (in the C.UTF-8 locale: é and ß are
 * 2 bytes, € 3), popen/pclose and fcloseall. The data operations (checked by
 * tests/tests/holes.rs), by file:
 *
 *   l.txt   fputs 14 @0; getline 4 @0; getdelim 4 @4; getline 6 @8; getline 0 @14 (EOF)
 *   n.txt   fputs 18 @0; vfscanf 2 @0; __isoc99_vfscanf 3 @2
 *   in.txt  (stdin) scanf 1 @0; vscanf 2 @1; __isoc99_scanf 2 @3; __isoc99_vscanf 2 @5;
 *           getchar 1 @7; getchar_unlocked 1 @8
 *   d.txt   dprintf 9 @0; vdprintf 6 @9 (on the descriptor: its POSIX handle)
 *   w.txt   fputwc 2 @0; putwc 3 @2; fputwc_unlocked 1 @5; putwc_unlocked 2 @6; fputws 7 @8;
 *           fputws_unlocked 5 @15; fwprintf 7 (6 chars) @20; vfwprintf 5 (3 chars) @27;
 *           fputws 4 @32; then from 0: fgetwc 2, getwc 3, fgetwc_unlocked 1, getwc_unlocked
 *           2, ungetwc (back 2), fgetwc 2 @6, fgetws 7 @8, fgetws_unlocked 5 @15, fwscanf 6
 *           @20, vfwscanf 5 @26, __isoc99_fwscanf 2 @31, __isoc99_vfwscanf 2 @33
 *   win.txt (stdin again) wscanf 1 @0; vwscanf 3 @1; __isoc99_wscanf 4 @4;
 *           __isoc99_vwscanf 4 @8; getwchar 1 @12; getwchar_unlocked 2 @13
 *   stdout  vprintf, putchar, putchar_unlocked (the test's pipe); after the summary line,
 *           stdout is reopened on wout.txt: wprintf 6 (5 chars) @0, vwprintf 4 @6,
 *           putwchar 3 @10, putwchar_unlocked 1 @13
 *   popen   fgets 11 on the pipe of `echo popen-line`
 * fcloseall closes every stream at the end. */
#define _GNU_SOURCE
#include "common.h"
#include <fcntl.h>
#include <locale.h>
#include <stdarg.h>
#include <unistd.h>
#include <wchar.h>

/* The plain scanf symbols (glibc's headers send these calls to the __isoc99_ ones). */
extern int plain_scanf(const char *fmt, ...) __asm__("scanf");
extern int plain_vscanf(const char *fmt, va_list ap) __asm__("vscanf");
extern int plain_vfscanf(FILE *s, const char *fmt, va_list ap) __asm__("vfscanf");
extern int plain_fwscanf(FILE *s, const wchar_t *fmt, ...) __asm__("fwscanf");
extern int plain_wscanf(const wchar_t *fmt, ...) __asm__("wscanf");
extern int plain_vwscanf(const wchar_t *fmt, va_list ap) __asm__("vwscanf");
extern int plain_vfwscanf(FILE *s, const wchar_t *fmt, va_list ap) __asm__("vfwscanf");
extern int __isoc99_scanf(const char *fmt, ...);
extern int __isoc99_vscanf(const char *fmt, va_list ap);
extern int __isoc99_vfscanf(FILE *s, const char *fmt, va_list ap);
extern int __isoc99_fwscanf(FILE *s, const wchar_t *fmt, ...);
extern int __isoc99_wscanf(const wchar_t *fmt, ...);
extern int __isoc99_vwscanf(const wchar_t *fmt, va_list ap);
extern int __isoc99_vfwscanf(FILE *s, const wchar_t *fmt, va_list ap);

#define VA_CALL(ret, call, last)                                                                 \
    va_list ap;                                                                                  \
    va_start(ap, last);                                                                          \
    int ret = call;                                                                              \
    va_end(ap);

static int v_fscanf(int iso, FILE *s, const char *fmt, ...) {
    VA_CALL(r, iso ? __isoc99_vfscanf(s, fmt, ap) : plain_vfscanf(s, fmt, ap), fmt) return r;
}
static int v_scanf(int iso, const char *fmt, ...) {
    VA_CALL(r, iso ? __isoc99_vscanf(fmt, ap) : plain_vscanf(fmt, ap), fmt) return r;
}
static int v_printf(const char *fmt, ...) { VA_CALL(r, vprintf(fmt, ap), fmt) return r; }
static int v_dprintf(int fd, const char *fmt, ...) { VA_CALL(r, vdprintf(fd, fmt, ap), fmt) return r; }
static int v_fwprintf(FILE *s, const wchar_t *fmt, ...) { VA_CALL(r, vfwprintf(s, fmt, ap), fmt) return r; }
static int v_wprintf(const wchar_t *fmt, ...) { VA_CALL(r, vwprintf(fmt, ap), fmt) return r; }
static int v_fwscanf(int iso, FILE *s, const wchar_t *fmt, ...) {
    VA_CALL(r, iso ? __isoc99_vfwscanf(s, fmt, ap) : plain_vfwscanf(s, fmt, ap), fmt) return r;
}
static int v_wscanf(int iso, const wchar_t *fmt, ...) {
    VA_CALL(r, iso ? __isoc99_vwscanf(fmt, ap) : plain_vwscanf(fmt, ap), fmt) return r;
}

static void put_file(const char *name, const char *text) {
    FILE *f = fopen(path_of(name), "w");
    fputs(text, f);
    fclose(f);
}

static void lines(void) {
    FILE *f = fopen(path_of("l.txt"), "w+");
    CHECK_RET("fputs", fputs("one\ntwo;three\n", f), EOF);
    rewind(f);
    char *line = NULL;
    size_t cap = 0;
    CHECK(getline(&line, &cap, f));
    CHECK(getdelim(&line, &cap, ';', f));
    CHECK(getline(&line, &cap, f));
    printf("last line: %s", line);
    printf("getline at end = %ld\n", (long)getline(&line, &cap, f));
    free(line);
    fclose(f);
}

static void scanning(void) {
    FILE *f = fopen(path_of("n.txt"), "w+");
    CHECK_RET("fputs", fputs("10 20 30 40 50 60\n", f), EOF);
    rewind(f);
    int a = 0, b = 0, c = 0, d = 0;
    CHECK_RET("vfscanf", v_fscanf(0, f, "%d", &a), EOF);
    CHECK_RET("__isoc99_vfscanf", v_fscanf(1, f, "%d", &b), EOF);
    printf("scanned %d %d\n", a, b);
    fclose(f);

    put_file("in.txt", "1 2 3 4 xy");
    CHECKP(freopen(path_of("in.txt"), "r", stdin));
    CHECK_RET("scanf", plain_scanf("%d", &a), EOF);
    CHECK_RET("vscanf", v_scanf(0, "%d", &b), EOF);
    CHECK_RET("__isoc99_scanf", __isoc99_scanf("%d", &c), EOF);
    CHECK_RET("__isoc99_vscanf", v_scanf(1, "%d", &d), EOF);
    printf("stdin %d %d %d %d\n", a, b, c, d);
    CHECK_RET("getchar", getchar(), EOF);
    CHECK_RET("getchar_unlocked", getchar_unlocked(), EOF);
}

static void printing(void) {
    CHECK_RET("vprintf", v_printf("%s %d\n", "vprintf", 1), -1);
    CHECK_RET("putchar", putchar('x'), EOF);
    CHECK_RET("putchar_unlocked", putchar_unlocked('\n'), EOF);
    int fd = open(path_of("d.txt"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    CHECK(fd);
    CHECK(dprintf(fd, "dprintf %d", 1));
    CHECK(v_dprintf(fd, "vd %s\n", "ok"));
    close(fd);
}

static void wide(void) {
    FILE *w = fopen(path_of("w.txt"), "w+");
    CHECKP(w);
    CHECK_RET("fwide", fwide(w, 1), 0);
    CHECK_RET("fputwc", fputwc(L'é', w), WEOF);
    CHECK_RET("putwc", putwc(L'€', w), WEOF);
    CHECK_RET("fputwc_unlocked", fputwc_unlocked(L'a', w), WEOF);
    CHECK_RET("putwc_unlocked", putwc_unlocked(L'ß', w), WEOF);
    CHECK_RET("fputws", fputws(L"héllo\n", w), -1);
    CHECK_RET("fputws_unlocked", fputws_unlocked(L"x€\n", w), -1);
    CHECK_RET("fwprintf", fwprintf(w, L"%ls %d\n", L"wé", 42), -1);
    CHECK_RET("vfwprintf", v_fwprintf(w, L"v%lc\n", L'€'), -1);
    CHECK_RET("fputws", fputws(L"p q\n", w), -1);
    rewind(w);
    CHECK_RET("fgetwc", fgetwc(w), WEOF);
    CHECK_RET("getwc", getwc(w), WEOF);
    CHECK_RET("fgetwc_unlocked", fgetwc_unlocked(w), WEOF);
    CHECK_RET("getwc_unlocked", getwc_unlocked(w), WEOF);
    CHECK_RET("ungetwc", ungetwc(L'ß', w), WEOF);
    CHECK_RET("fgetwc", fgetwc(w), WEOF);
    wchar_t buf[64];
    CHECKP(fgetws(buf, 64, w));
    CHECKP(fgetws_unlocked(buf, 64, w));
    int n = 0;
    CHECK_RET("fwscanf", plain_fwscanf(w, L"%ls %d", buf, &n), EOF);
    printf("fwscanf read %d\n", n);
    CHECK_RET("vfwscanf", v_fwscanf(0, w, L"%ls", buf), EOF);
    CHECK_RET("__isoc99_fwscanf", __isoc99_fwscanf(w, L"%ls", buf), EOF);
    CHECK_RET("__isoc99_vfwscanf", v_fwscanf(1, w, L"%ls", buf), EOF);
    printf("last wide word: %ls\n", buf);
    fclose(w);

    /* A fresh stdin for the wide reads (freopen resets the orientation). */
    put_file("win.txt", "1 22 333 444 é");
    CHECKP(freopen(path_of("win.txt"), "r", stdin));
    int a = 0, b = 0, c = 0, d = 0;
    CHECK_RET("wscanf", plain_wscanf(L"%d", &a), EOF);
    CHECK_RET("vwscanf", v_wscanf(0, L"%d", &b), EOF);
    CHECK_RET("__isoc99_wscanf", __isoc99_wscanf(L"%d", &c), EOF);
    CHECK_RET("__isoc99_vwscanf", v_wscanf(1, L"%d", &d), EOF);
    printf("wide stdin %d %d %d %d\n", a, b, c, d);
    CHECK_RET("getwchar", getwchar(), WEOF);  /* the space */
    CHECK_RET("getwchar_unlocked", getwchar_unlocked(), WEOF);
}

static void piped(void) {
    /* The shell popen starts would have its own trace. */
    unsetenv("LD_PRELOAD");
    FILE *p = popen("echo popen-line", "r");
    CHECKP(p);
    char line[64] = "";
    CHECKP(fgets(line, sizeof line, p));
    printf("popen read: %s", line);
    CHECK_RET("pclose", pclose(p), -1);
}

/* stdout on a file, wide: the summary line is printed before. */
static int wide_stdout(void) {
    int bad = 0;
    fflush(stdout);
    if (!freopen(path_of("wout.txt"), "w", stdout)) return 1;
    bad += wprintf(L"wp %ls\n", L"é") != 5;
    bad += v_wprintf(L"v%d\n", 42) != 4;
    bad += putwchar(L'€') == WEOF;
    bad += putwchar_unlocked(L'\n') == WEOF;
    return bad;
}

int main(int argc, char **argv) {
    setup(argc, argv);
    if (!setlocale(LC_ALL, "C.UTF-8")) {
        printf("no C.UTF-8 locale\n");
        return 1;
    }
    lines();
    scanning();
    printing();
    wide();
    piped();
    int r = finish();
    r |= wide_stdout();
    if (fcloseall() != 0) r = 1;
    return r;
}
