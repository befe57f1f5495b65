/* The shared library of sites_dlopen.c (call sites, issue 29), built with
 * gcc -g -O1 -shared -fPIC: lib_write_records(fd, n) writes n records of RECORD bytes with
 * write() from the line marked SITE:lib_write. */
#include <stdlib.h>
#include <unistd.h>

#define RECORD 24

static char record[RECORD];

__attribute__((noinline)) void lib_write_records(int fd, int n) {
    for (int i = 0; i < n; i++) {
        record[0] = (char)i;
        if (write(fd, record, RECORD) != RECORD) /* SITE:lib_write */
            exit(4);
    }
}
