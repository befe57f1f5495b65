/* stdout redirected with freopen; stdin read from a file inherited at an offset.
 *   stdin: 10 bytes read with read(0) (the test passes a file already 5 bytes in)
 *   stdout -> DIR/redirected.txt: printf 6 bytes, puts 4 bytes */
#include "common.h"
#include <unistd.h>

int main(int argc, char **argv) {
    setup(argc, argv);
    char buf[10];
    if (read(0, buf, 10) != 10) return 1;
    if (!freopen(path_of("redirected.txt"), "w", stdout)) return 1;
    printf("%d\n", 12345);
    puts("abc");
    return 0;
}
