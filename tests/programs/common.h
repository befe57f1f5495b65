/* Shared helpers of the end-to-end test programs. Every program takes the test's scratch
 * directory as argv[1] and creates its files there. Results are printed on stdout (without
 * addresses or other run-dependent values) so that a traced run can be compared with an
 * untraced one. */
#ifndef E2E_COMMON_H
#define E2E_COMMON_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *g_dir = ".";
static int g_failures;

/* DIR/name in a static rotating buffer (8 slots). */
__attribute__((unused)) static const char *path_of(const char *name) {
    static char bufs[8][4096];
    static int next;
    char *b = bufs[next++ % 8];
    snprintf(b, sizeof bufs[0], "%s/%s", g_dir, name);
    return b;
}

static void setup(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        exit(2);
    }
    g_dir = argv[1];
}

/* Print "label = value" and count a failure when the call failed (value == bad). */
#define CHECK_RET(label, expr, bad)                                                              \
    do {                                                                                         \
        errno = 0;                                                                               \
        long long _r = (long long)(expr);                                                        \
        int _e = errno;                                                                          \
        printf("%s = %lld", label, _r);                                                          \
        if (_r == (long long)(bad)) {                                                            \
            printf(" FAILED errno=%d", _e);                                                      \
            g_failures++;                                                                        \
        }                                                                                        \
        printf("\n");                                                                            \
    } while (0)

/* Most POSIX calls: -1 is failure. */
#define CHECK(expr) CHECK_RET(#expr, expr, -1)
/* Calls returning 0 on success and an error number otherwise (posix_fallocate). */
#define CHECK0(expr)                                                                             \
    do {                                                                                         \
        int _r = (expr);                                                                         \
        printf("%s = %d%s\n", #expr, _r, _r ? " FAILED" : "");                                   \
        if (_r) g_failures++;                                                                    \
    } while (0)
/* Calls returning a pointer: print only whether it is NULL. */
#define CHECKP(expr)                                                                             \
    do {                                                                                         \
        errno = 0;                                                                               \
        void *_p = (void *)(expr);                                                               \
        int _e = errno;                                                                          \
        printf("%s = %s", #expr, _p ? "ptr" : "NULL");                                           \
        if (!_p) {                                                                               \
            printf(" FAILED errno=%d", _e);                                                      \
            g_failures++;                                                                        \
        }                                                                                        \
        printf("\n");                                                                            \
    } while (0)

__attribute__((unused)) static int finish(void) {
    printf("failures: %d\n", g_failures);
    return g_failures ? 1 : 0;
}

#endif
