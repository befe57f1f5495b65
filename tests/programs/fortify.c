/* Built with -O2 -D_FORTIFY_SOURCE=2: the printf family becomes __printf_chk & co., which the
 * recorder records under the plain names. */
#define _GNU_SOURCE
#include "common.h"
#include <stdarg.h>

static int call_vfprintf(FILE *s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vfprintf(s, fmt, ap);
    va_end(ap);
    return r;
}

int main(int argc, char **argv) {
    setup(argc, argv);
    FILE *f = fopen(path_of("fortified.txt"), "w");
    if (!f) return 1;
    int a = fprintf(f, "%d-%s\n", 12345, "fortified");   /* 16 bytes */
    int b = call_vfprintf(f, "%s=%d\n", "v", 99);           /* 5 bytes */
    fclose(f);
    int c = printf("fprintf %d vfprintf %d\n", a, b);     /* 22 bytes */
    return c == 22 ? 0 : 1;
}
