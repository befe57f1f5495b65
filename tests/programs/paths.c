/* Relative paths, chdir and symbolic links:
 *   DIR/rel.dat: write 5; read 5 as ../rel.dat from DIR/sub; read 3 through link.dat
 *   DIR/sub/rel.dat: write 9 ("rel.dat" after chdir(sub) is another file)
 *   DIR/link.dat -> rel.dat (relative target): lstat, readlink, stat, then unlink
 *   rel.dat renamed to renamed.dat
 *   "sp ace ü.dat" (3 bytes) and "new<newline>line.dat" (4 bytes) */
#include "common.h"
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
    setup(argc, argv);
    char buf[256];
    struct stat st;
    CHECK(chdir(g_dir));
    int fd;
    CHECK(fd = open("rel.dat", O_CREAT | O_WRONLY | O_TRUNC, 0644));
    CHECK(write(fd, "hello", 5));
    CHECK(close(fd));
    CHECK(mkdir("sub", 0755));
    CHECK(chdir("sub"));
    CHECK(fd = open("../rel.dat", O_RDONLY));
    CHECK(read(fd, buf, 5));
    CHECK(close(fd));
    CHECK(fd = open("rel.dat", O_CREAT | O_WRONLY | O_TRUNC, 0644));
    CHECK(write(fd, "sub file\n", 9));
    CHECK(close(fd));
    CHECK(chdir(".."));
    CHECK(symlink("rel.dat", "link.dat"));
    CHECK(lstat("link.dat", &st));
    printf("link is a link: %d\n", S_ISLNK(st.st_mode));
    CHECK(readlink("link.dat", buf, sizeof buf));
    CHECK(fd = open("link.dat", O_RDONLY));
    CHECK(read(fd, buf, 3));
    CHECK(close(fd));
    CHECK(stat("link.dat", &st));
    printf("target size: %lld\n", (long long)st.st_size);
    CHECK(unlink("link.dat"));
    CHECK(access("rel.dat", F_OK));
    CHECK(rename("rel.dat", "renamed.dat"));
    /* unusual names */
    CHECK(fd = open("sp ace \xc3\xbc.dat", O_CREAT | O_WRONLY | O_TRUNC, 0644));
    CHECK(write(fd, "abc", 3));
    CHECK(close(fd));
    CHECK(fd = open("new\nline.dat", O_CREAT | O_WRONLY | O_TRUNC, 0644));
    CHECK(write(fd, "abcd", 4));
    CHECK(close(fd));
    return finish();
}
