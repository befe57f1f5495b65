/* The pre-2.33 glibc stat entry points (__xstat & co.), still exported as compat symbols and
 * called by binaries built against an older glibc. Bound here to their base version. */
#define _GNU_SOURCE
#include "common.h"
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

extern int __xstat(int ver, const char *path, struct stat *st);
extern int __xstat64(int ver, const char *path, struct stat64 *st);
extern int __lxstat(int ver, const char *path, struct stat *st);
extern int __lxstat64(int ver, const char *path, struct stat64 *st);
extern int __fxstat(int ver, int fd, struct stat *st);
extern int __fxstat64(int ver, int fd, struct stat64 *st);
extern int __fxstatat(int ver, int dirfd, const char *path, struct stat *st, int flags);
extern int __fxstatat64(int ver, int dirfd, const char *path, struct stat64 *st, int flags);

#if defined(__x86_64__)
#define BASE "GLIBC_2.2.5"
#define BASE_AT "GLIBC_2.4"
#define STAT_VER 1 /* _STAT_VER_LINUX */
#elif defined(__aarch64__)
#define BASE "GLIBC_2.17"
#define BASE_AT "GLIBC_2.17"
#define STAT_VER 0
#else
#error "unsupported architecture"
#endif
__asm__(".symver __xstat,__xstat@" BASE);
__asm__(".symver __xstat64,__xstat64@" BASE);
__asm__(".symver __lxstat,__lxstat@" BASE);
__asm__(".symver __lxstat64,__lxstat64@" BASE);
__asm__(".symver __fxstat,__fxstat@" BASE);
__asm__(".symver __fxstat64,__fxstat64@" BASE);
__asm__(".symver __fxstatat,__fxstatat@" BASE_AT);
__asm__(".symver __fxstatat64,__fxstatat64@" BASE_AT);

int main(int argc, char **argv) {
    setup(argc, argv);
    const char *p = strdup(path_of("x.dat"));
    int fd = open(p, O_CREAT | O_RDWR | O_TRUNC, 0644);
    CHECK(fd);
    CHECK(write(fd, "0123456789", 10));
    int dfd = open(g_dir, O_RDONLY | O_DIRECTORY);
    CHECK(dfd);
    struct stat st;
    struct stat64 st64;
    CHECK(__xstat(STAT_VER, p, &st));
    printf("size = %lld\n", (long long)st.st_size);
    CHECK(__xstat64(STAT_VER, p, &st64));
    printf("size64 = %lld\n", (long long)st64.st_size);
    CHECK(__lxstat(STAT_VER, p, &st));
    CHECK(__lxstat64(STAT_VER, p, &st64));
    CHECK(__fxstat(STAT_VER, fd, &st));
    printf("fsize = %lld\n", (long long)st.st_size);
    CHECK(__fxstat64(STAT_VER, fd, &st64));
    CHECK(__fxstatat(STAT_VER, dfd, "x.dat", &st, 0));
    CHECK(__fxstatat64(STAT_VER, dfd, "x.dat", &st64, 0));
    printf("atsize = %lld\n", (long long)st64.st_size);
    CHECK(close(fd));
    CHECK(close(dfd));
    return finish();
}
