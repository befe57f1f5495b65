/* Output through the standard streams and their descriptors. */
#include <stdio.h>
#include <unistd.h>

int main(void) {
    printf("value %d\n", 7);        /* 8 bytes on the stdout stream */
    puts("hello");                  /* 6 bytes on the stdout stream */
    fflush(stdout);
    if (write(1, "raw\n", 4) != 4)  /* 4 bytes on descriptor 1 */
        return 1;
    fprintf(stderr, "err %d\n", 1); /* 6 bytes on the stderr stream */
    if (write(2, "e\n", 2) != 2)    /* 2 bytes on descriptor 2 */
        return 1;
    return 0;
}
