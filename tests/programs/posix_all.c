/* Calls every POSIX function of the recorder's table (except the compat __xstat family,
 * see xstat_compat.c) once or more, each successfully. */
#define _GNU_SOURCE
#include "common.h"
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

/* The fortify entry points of open(2), called directly. */
extern int __open_2(const char *path, int flags);
extern int __open64_2(const char *path, int flags);

int main(int argc, char **argv) {
    setup(argc, argv);
    char buf[4096];
    memset(buf, 'p', sizeof buf);
    const char *a = strdup(path_of("a.dat"));

    /* ---- open and close */
    int fd = open(a, O_CREAT | O_RDWR | O_TRUNC, 0644);
    CHECK(fd);
    CHECK(write(fd, buf, 100));
    CHECK(close(fd));
    CHECK(fd = open64(a, O_RDWR));
    CHECK(close(fd));
    CHECK(fd = __open_2(a, O_RDONLY));
    CHECK(close(fd));
    CHECK(fd = __open64_2(a, O_RDONLY));
    CHECK(close(fd));
    int dfd = open(g_dir, O_RDONLY | O_DIRECTORY);
    CHECK(dfd);
    CHECK(fd = openat(dfd, "a.dat", O_RDWR));
    CHECK(close(fd));
    CHECK(fd = openat64(dfd, "a.dat", O_RDWR));
    CHECK(close(fd));
    CHECK(fd = creat(path_of("b.dat"), 0644));
    CHECK(close(fd));
    CHECK(fd = creat64(path_of("b.dat"), 0644));
    CHECK(close(fd));

    /* ---- mkstemp family: each file is closed and removed again */
    char t[4096];
#define TEMPLATE(suffix) snprintf(t, sizeof t, "%s/tmpXXXXXX%s", g_dir, suffix)
    TEMPLATE("");
    CHECK(fd = mkstemp(t));
    close(fd);
    unlink(t);
    TEMPLATE("");
    CHECK(fd = mkstemp64(t));
    close(fd);
    unlink(t);
    TEMPLATE("");
    CHECK(fd = mkostemp(t, O_CLOEXEC));
    close(fd);
    unlink(t);
    TEMPLATE("");
    CHECK(fd = mkostemp64(t, O_CLOEXEC));
    close(fd);
    unlink(t);
    TEMPLATE(".sfx");
    CHECK(fd = mkstemps(t, 4));
    close(fd);
    unlink(t);
    TEMPLATE(".sfx");
    CHECK(fd = mkstemps64(t, 4));
    close(fd);
    unlink(t);
    TEMPLATE(".sfx");
    CHECK(fd = mkostemps(t, 4, O_CLOEXEC));
    close(fd);
    unlink(t);
    TEMPLATE(".sfx");
    CHECK(fd = mkostemps64(t, 4, O_CLOEXEC));
    close(fd);
    unlink(t);

    /* ---- data */
    CHECK(fd = open(a, O_RDWR));
    CHECK(read(fd, buf, 10));
    CHECK(write(fd, buf, 10));
    CHECK(pread(fd, buf, 10, 0));
    CHECK(pwrite(fd, buf, 10, 20));
    CHECK(pread64(fd, buf, 11, 1));
    CHECK(pwrite64(fd, buf, 11, 21));
    struct iovec iov[2] = {{buf, 5}, {buf + 5, 7}};
    CHECK(readv(fd, iov, 2));
    CHECK(writev(fd, iov, 2));
    CHECK(preadv(fd, iov, 2, 0));
    CHECK(pwritev(fd, iov, 2, 30));
    CHECK(preadv64(fd, iov, 2, 1));
    CHECK(pwritev64(fd, iov, 2, 31));
    CHECK(preadv2(fd, iov, 2, 0, 0));
    CHECK(pwritev2(fd, iov, 2, -1, 0));
    CHECK(preadv64v2(fd, iov, 2, -1, 0));
    CHECK(pwritev64v2(fd, iov, 2, 40, 0));

    /* ---- position, sync, size */
    CHECK(lseek(fd, 0, SEEK_SET));
    CHECK(lseek64(fd, 0, SEEK_END));
    CHECK(fsync(fd));
    CHECK(fdatasync(fd));
    sync();
    printf("sync done\n");
    CHECK(syncfs(fd));
    CHECK(ftruncate(fd, 200));
    CHECK(ftruncate64(fd, 300));
    CHECK(truncate(a, 250));
    CHECK(truncate64(a, 260));
    CHECK0(posix_fallocate(fd, 0, 400));
    CHECK0(posix_fallocate64(fd, 0, 8192));

    /* ---- dup and fcntl */
    int d1, d2, d3, d4, d5;
    CHECK(d1 = dup(fd));
    CHECK(d2 = dup2(fd, 50));
    CHECK(d3 = dup3(fd, 51, O_CLOEXEC));
    CHECK(d4 = fcntl(fd, F_DUPFD, 60));
    CHECK(d5 = fcntl(fd, F_DUPFD_CLOEXEC, 61));
    CHECK(write(d1, buf, 3));
    CHECK(write(d4, buf, 4));
    CHECK(close(d1));
    CHECK(close(d2));
    CHECK(close(d3));
    CHECK(close(d4));
    CHECK(close(d5));
    CHECK(fcntl(fd, F_SETFL, O_APPEND));
    CHECK(write(fd, buf, 5));
    CHECK(fcntl(fd, F_SETFL, 0));
    CHECK(fcntl64(fd, F_GETFL) & O_APPEND);
    struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 100};
    CHECK(fcntl(fd, F_SETLK, &fl));
    fl.l_type = F_UNLCK;
    CHECK(fcntl(fd, F_SETLK, &fl));
    fl.l_type = F_RDLCK;
    CHECK(fcntl(fd, F_SETLKW, &fl));
    fl.l_type = F_UNLCK;
    CHECK(fcntl(fd, F_SETLKW, &fl));

    /* ---- locks */
    CHECK(flock(fd, LOCK_EX));
    CHECK(flock(fd, LOCK_UN));
    CHECK(flock(fd, LOCK_SH | LOCK_NB));
    CHECK(flock(fd, LOCK_UN));
    CHECK(lockf(fd, F_LOCK, 0));
    CHECK(lockf(fd, F_ULOCK, 0));
    CHECK(lockf64(fd, F_TLOCK, 0));
    CHECK(lockf64(fd, F_ULOCK, 0));

    /* ---- memory mapping of the traced file */
    void *m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    printf("mmap = %s\n", m == MAP_FAILED ? "FAILED" : "ok");
    if (m == MAP_FAILED) g_failures++;
    ((char *)m)[0] = 'M';
    CHECK(msync(m, 4096, MS_SYNC));
    CHECK(munmap(m, 4096));
    m = mmap64(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 4096);
    printf("mmap64 = %s\n", m == MAP_FAILED ? "FAILED" : "ok");
    if (m == MAP_FAILED) g_failures++;
    CHECK(munmap(m, 4096));

    /* ---- metadata */
    struct stat st;
    struct stat64 st64;
    struct statx sx;
    CHECK(stat(a, &st));
    CHECK(stat64(a, &st64));
    CHECK(lstat(a, &st));
    CHECK(lstat64(a, &st64));
    CHECK(fstat(fd, &st));
    printf("size = %lld\n", (long long)st.st_size);
    CHECK(fstat64(fd, &st64));
    CHECK(fstatat(dfd, "a.dat", &st, 0));
    CHECK(fstatat64(dfd, "a.dat", &st64, 0));
    CHECK(fstatat(fd, "", &st, AT_EMPTY_PATH));
    CHECK(statx(dfd, "a.dat", 0, STATX_SIZE, &sx));
    CHECK(access(a, R_OK));
    CHECK(faccessat(dfd, "a.dat", R_OK, 0));
    CHECK(link(a, path_of("hard.dat")));
    CHECK(symlink(a, path_of("sym.dat")));
    CHECK(readlink(path_of("sym.dat"), buf, sizeof buf));
    CHECK(rename(path_of("hard.dat"), path_of("hard2.dat")));
    CHECK(renameat(dfd, "hard2.dat", dfd, "hard3.dat"));
    CHECK(renameat2(dfd, "hard3.dat", dfd, "hard4.dat", RENAME_NOREPLACE));
    CHECK(unlink(path_of("hard4.dat")));
    CHECK(unlinkat(dfd, "sym.dat", 0));
    CHECK(mkdir(path_of("sub"), 0755));
    CHECK(mkdirat(dfd, "sub2", 0755));
    CHECK(rmdir(path_of("sub")));
    CHECK(unlinkat(dfd, "sub2", AT_REMOVEDIR));
    CHECK(chmod(a, 0600));
    CHECK(fchmod(fd, 0644));
    CHECK(chown(a, (uid_t)-1, (gid_t)-1));

    /* ---- directories */
    DIR *dp = opendir(g_dir);
    printf("opendir = %s\n", dp ? "ok" : "NULL");
    if (!dp) g_failures++;
    CHECKP(readdir(dp));
    CHECKP(readdir64(dp));
    CHECK(closedir(dp));
    int dfd2 = open(g_dir, O_RDONLY | O_DIRECTORY);
    CHECK(dfd2);
    dp = fdopendir(dfd2);
    printf("fdopendir = %s\n", dp ? "ok" : "NULL");
    if (!dp) g_failures++;
    CHECKP(readdir(dp));
    CHECK(closedir(dp));
    CHECK(chdir(g_dir));
    CHECKP(getcwd(buf, sizeof buf));
    CHECK(fchdir(dfd));
    CHECK(umask(022));
    CHECK(umask(022));

    CHECK(close(fd));
    CHECK(close(dfd));
    return finish();
}
