/* Calls every ISO C (stdio) function of the recorder's table, each successfully. Built with
 * -fno-builtin so that printf stays printf and getc/putc stay calls. */
#define _GNU_SOURCE
#include "common.h"
#include <fcntl.h>
#include <stdarg.h>
#include <unistd.h>

/* The two scanf entry points: glibc's headers send fscanf to __isoc99_fscanf; the plain
 * symbol (used by binaries built with -std=gnu89 or _GNU_SOURCE on old glibc) is bound by name. */
extern int plain_fscanf(FILE *s, const char *fmt, ...) __asm__("fscanf");
extern int __isoc99_fscanf(FILE *s, const char *fmt, ...);

static int call_vfprintf(FILE *s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vfprintf(s, fmt, ap);
    va_end(ap);
    return r;
}

int main(int argc, char **argv) {
    setup(argc, argv);
    const char *p = strdup(path_of("s.txt"));
    char buf[256];
    char line[128];
    memset(buf, 's', sizeof buf);

    FILE *f = fopen(p, "w+");
    CHECKP(f);
    CHECK_RET("fputs", fputs("12 abc\n", f), EOF);
    CHECK_RET("fputc", fputc('x', f), EOF);
    CHECK_RET("putc", putc('y', f), EOF);
    CHECK_RET("fprintf", fprintf(f, "\n%d %s\n", 42, "def"), -1);
    CHECK_RET("vfprintf", call_vfprintf(f, "%d %s\n", 7, "ghi"), -1);
    CHECK_RET("fwrite", fwrite(buf, 1, 10, f), 0);
    CHECK_RET("fflush", fflush(f), EOF);
    rewind(f);
    printf("rewind done\n");
    CHECKP(fgets(line, sizeof line, f));
    printf("line = %s", line);
    CHECK_RET("fgetc", fgetc(f), EOF);
    CHECK_RET("getc", getc(f), EOF);
    CHECK_RET("ungetc", ungetc('z', f), EOF);
    CHECK_RET("fgetc", fgetc(f), EOF);
    CHECK_RET("fread", fread(buf, 1, 5, f), 0);
    CHECK_RET("fseek", fseek(f, 0, SEEK_SET), -1);
    int n = 0;
    char word[16];
    CHECK_RET("fscanf", plain_fscanf(f, "%d %15s", &n, word), EOF);
    printf("scanned %d %s\n", n, word);
    CHECK_RET("fseek", fseek(f, 10, SEEK_SET), -1);
    CHECK_RET("__isoc99_fscanf", __isoc99_fscanf(f, "%d %15s", &n, word), EOF);
    printf("scanned %d %s\n", n, word);
    CHECK_RET("ftell", ftell(f), -1);
    CHECK_RET("fseeko", fseeko(f, 3, SEEK_SET), -1);
    CHECK_RET("ftello", ftello(f), -1);
    CHECK_RET("fseeko64", fseeko64(f, 4, SEEK_SET), -1);
    CHECK_RET("ftello64", ftello64(f), -1);
    fpos_t pos;
    fpos64_t pos64;
    CHECK_RET("fgetpos", fgetpos(f, &pos), -1);
    CHECK_RET("fgetc", fgetc(f), EOF);
    CHECK_RET("fsetpos", fsetpos(f, &pos), -1);
    CHECK_RET("fgetpos64", fgetpos64(f, &pos64), -1);
    CHECK_RET("fsetpos64", fsetpos64(f, &pos64), -1);
    CHECK_RET("fileno", fileno(f), -1);
    CHECK_RET("fclose", fclose(f), EOF);

    /* fopen64, setvbuf (before any other operation on the stream) */
    FILE *g = fopen64(path_of("g.txt"), "w");
    CHECKP(g);
    CHECK_RET("setvbuf", setvbuf(g, NULL, _IOFBF, 4096), -1);
    CHECK_RET("fputs", fputs("gee\n", g), EOF);
    /* freopen and freopen64 reuse the stream for other files */
    g = freopen(path_of("g.txt"), "r", g);
    CHECKP(g);
    CHECKP(fgets(line, sizeof line, g));
    g = freopen64(path_of("g2.txt"), "w", g);
    CHECKP(g);
    CHECK_RET("fputs", fputs("gee2\n", g), EOF);
    CHECK_RET("fclose", fclose(g), EOF);

    /* fdopen on a traced descriptor */
    int fd = open(path_of("h.txt"), O_CREAT | O_RDWR | O_TRUNC, 0644);
    CHECK(fd);
    FILE *h = fdopen(fd, "r+");
    CHECKP(h);
    CHECK_RET("fputs", fputs("aitch\n", h), EOF);
    CHECK_RET("fclose", fclose(h), EOF);
    CHECK(remove(path_of("h.txt")));

    /* anonymous temporary files */
    FILE *t = tmpfile();
    CHECKP(t);
    CHECK_RET("fwrite", fwrite(buf, 1, 33, t), 0);
    CHECK_RET("fclose", fclose(t), EOF);
    t = tmpfile64();
    CHECKP(t);
    CHECK_RET("fwrite", fwrite(buf, 1, 44, t), 0);
    CHECK_RET("fclose", fclose(t), EOF);

    /* the standard streams */
    CHECK_RET("printf", printf("%s %d\n", "printf", 1), -1);
    CHECK_RET("puts", puts("puts line"), EOF);
    CHECK_RET("fflush", fflush(stdout), EOF);
    CHECK_RET("fflush(NULL)", fflush(NULL), EOF);
    return finish();
}
