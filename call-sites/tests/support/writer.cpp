#include <unistd.h>

extern "C" void print_sites(void);

namespace io {
struct Writer {
    int fd;
    long put(const char *data, unsigned long n);
};

__attribute__((noinline)) long Writer::put(const char *data, unsigned long n) {
    long done = write(fd, data, n); /* SITE cxx */
    return done;
}
}  // namespace io

int main() {
    io::Writer writer{1};
    long written = writer.put("", 0);
    print_sites();
    return written == 0 ? 0 : 1;
}
