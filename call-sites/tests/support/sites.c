#include <fcntl.h>
#include <unistd.h>

void print_sites(void);
#ifdef WITH_LIB
int lib_write_block(int fd);
#endif

#ifdef VARIANT
/* Other code before write_block: a rebuilt program whose addresses all moved. */
__attribute__((noinline)) int checksum(const char *data, int n) {
    int sum = 0;
    for (int i = 0; i < n; i++) sum = sum * 31 + data[i];
    return sum;
}
#endif

__attribute__((noinline)) int write_block(int fd, const char *data, int n) {
    ssize_t done = write(fd, data, n); /* SITE direct */
    return done == n ? 0 : -1;
}

static inline __attribute__((always_inline)) int put_header(int fd) {
    ssize_t done = write(fd, "#hdr\n", 5); /* SITE inlined */
    return done == 5;
}

__attribute__((noinline)) int write_with_header(int fd) {
    return put_header(fd) ? 0 : -1;
}

int main(void) {
    int fd = open("/dev/null", O_WRONLY);
    int status = write_block(fd, "data", 4) + write_with_header(fd);
#ifdef WITH_LIB
    status += lib_write_block(fd);
#endif
#ifdef VARIANT
    status += checksum("data", 4) == 0;
#endif
    print_sites();
    return status;
}
