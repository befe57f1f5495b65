/* Prints a line, writes out.dat (12 bytes) and exits with status 3. */
#include "common.h"
#include <fcntl.h>
#include <unistd.h>

int main(int argc, char **argv) {
    setup(argc, argv);
    int fd = open(path_of("out.dat"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd < 0 || write(fd, "hello world\n", 12) != 12) return 1;
    close(fd);
    printf("exit code program %d\n", 3);
    return 3;
}
