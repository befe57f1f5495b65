/* Standard output redirected with dup2(fd, 1), as `sort -o` and shells do: DIR/captured.txt
 * gets "captured 42\n" (12 bytes, through printf on stdout) and "raw\n" (4 bytes, write(1)).
 * Exits with status 7. */
#include "common.h"
#include <fcntl.h>
#include <unistd.h>

int main(int argc, char **argv) {
    setup(argc, argv);
    int fd = open(path_of("captured.txt"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd < 0 || dup2(fd, 1) != 1) return 1;
    close(fd);
    printf("captured %d\n", 42);
    fflush(stdout);
    if (write(1, "raw\n", 4) != 4) return 1;
    return 7;
}
