/* exec: "execer DIR" writes before.dat (100 bytes) then execs itself as "execer DIR second",
 * which writes after.dat (200 bytes). "execer DIR cat" writes before.dat then execs
 * /bin/cat before.dat (cat writes it to stdout). */
#include "common.h"
#include <fcntl.h>
#include <unistd.h>

static int write_file(const char *name, int n) {
    char buf[512];
    memset(buf, 'e', sizeof buf);
    int fd = open(path_of(name), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd < 0 || write(fd, buf, n) != n) return 1;
    return close(fd) != 0;
}

int main(int argc, char **argv) {
    setup(argc, argv);
    if (argc > 2 && strcmp(argv[2], "second") == 0) {
        if (write_file("after.dat", 200)) return 1;
        printf("second image done\n");
        return 0;
    }
    if (write_file("before.dat", 100)) return 1;
    if (argc > 2 && strcmp(argv[2], "cat") == 0) {
        execl("/bin/cat", "cat", path_of("before.dat"), (char *)NULL);
    } else {
        execl("/proc/self/exe", argv[0], argv[1], "second", (char *)NULL);
    }
    perror("exec");
    return 1;
}
