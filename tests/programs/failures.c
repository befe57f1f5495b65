/* Calls that fail: the program prints what it sees (return values and errno), which must be
 * the same with and without the recorder. */
#include "common.h"
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
    setup(argc, argv);
    const char *missing = strdup(path_of("no/such/file"));
    errno = 0;
    int r = open(missing, O_RDONLY);
    int e = errno;
    printf("open = %d errno = %d\n", r, e);
    errno = 0;
    r = unlink(path_of("missing.dat"));
    e = errno;
    printf("unlink = %d errno = %d\n", r, e);
    errno = 0;
    FILE *f = fopen(missing, "r");
    e = errno;
    printf("fopen = %s errno = %d\n", f ? "ok" : "NULL", e);
    errno = 0;
    r = mkdir(g_dir, 0755);
    e = errno;
    printf("mkdir = %d errno = %d\n", r, e);
    errno = 0;
    r = rmdir(path_of("missing.dir"));
    e = errno;
    printf("rmdir = %d errno = %d\n", r, e);
    /* a success after the failures: errno must stay what the program set */
    errno = 1234;
    r = access(g_dir, F_OK);
    e = errno;
    printf("access = %d errno = %d\n", r, e);
    return 0;
}
