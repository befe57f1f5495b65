/* A stream and its descriptor used together (they share one file position):
 *   stdout (a file): printf 8 bytes, fflush, write(1) 2 bytes -> at 8
 *   mixed.dat: fwrite 10, fflush, write(fileno) 2 bytes -> at 10, fwrite 5 -> at 12 */
#include "common.h"
#include <unistd.h>

int main(int argc, char **argv) {
    setup(argc, argv);
    printf("hello %d\n", 1);
    fflush(stdout);
    if (write(1, "x\n", 2) != 2) return 1;
    FILE *f = fopen(path_of("mixed.dat"), "w");
    if (!f) return 1;
    fwrite("0123456789", 1, 10, f);
    fflush(f);
    if (write(fileno(f), "ab", 2) != 2) return 1;
    fwrite("ABCDE", 1, 5, f);
    return fclose(f) != 0;
}
