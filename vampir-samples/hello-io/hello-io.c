/* hello-io: a small program whose I/O is easy to follow in a trace viewer.
 * It writes a data file with write() and pwrite(), appends a log with stdio, reads the data
 * back, and prints a summary on stdout. Usage: hello-io DIR */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : ".";
    static char block[1 << 20];
    char path[4096], log[4096];
    snprintf(path, sizeof path, "%s/data.bin", dir);
    snprintf(log, sizeof log, "%s/run.log", dir);
    memset(block, 'a', sizeof block);

    int fd = open(path, O_CREAT | O_TRUNC | O_RDWR, 0644);
    for (int i = 0; i < 8; i++) write(fd, block, sizeof block);       /* 8 x 1 MiB, offsets 0..7M */
    pwrite(fd, "header", 6, 0);                                        /* patch the first bytes */
    fsync(fd);                                                         /* visible: a few ms */

    FILE *f = fopen(log, "a");
    for (int i = 0; i < 4; i++) fprintf(f, "step %d done\n", i);
    fclose(f);

    lseek(fd, 0, SEEK_SET);
    long total = 0;
    ssize_t n;
    while ((n = read(fd, block, sizeof block)) > 0) total += n;       /* 8 reads + 1 at EOF */
    close(fd);

    printf("read %ld bytes from %s\n", total, path);
    return 0;
}
