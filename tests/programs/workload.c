/* The known workload: exact sizes and offsets that the tests assert on.
 *   work_posix.dat: 3 x write(1000), pwrite(10 @ 5000), lseek(100), read(50),
 *                   dup, write(7) through the dup (continues at 150), close both.
 *   work_stdio.dat: fopen "w+", 4 x fwrite(256), fseek(100), fread(200), fclose.
 *   stdout: printf("workload done %d\n", 2) -> 16 bytes. */
#include "common.h"
#include <fcntl.h>
#include <unistd.h>

int main(int argc, char **argv) {
    setup(argc, argv);
    char buf[1000];
    memset(buf, 'w', sizeof buf);
    int fd = open(path_of("work_posix.dat"), O_CREAT | O_RDWR | O_TRUNC, 0644);
    if (fd < 0) return 1;
    for (int i = 0; i < 3; i++)
        if (write(fd, buf, 1000) != 1000) return 1;
    if (pwrite(fd, buf, 10, 5000) != 10) return 1;
    if (lseek(fd, 100, SEEK_SET) != 100) return 1;
    if (read(fd, buf, 50) != 50) return 1;
    int d = dup(fd);
    if (d < 0) return 1;
    if (write(d, buf, 7) != 7) return 1;
    close(d);
    close(fd);

    FILE *f = fopen(path_of("work_stdio.dat"), "w+");
    if (!f) return 1;
    for (int i = 0; i < 4; i++)
        if (fwrite(buf, 1, 256, f) != 256) return 1;
    if (fseek(f, 100, SEEK_SET) != 0) return 1;
    if (fread(buf, 1, 200, f) != 200) return 1;
    fclose(f);
    printf("workload done %d\n", 2);
    return 0;
}
