/* In-kernel copies (copy_file_range, sendfile, sendfile64) and the unlocked stdio calls
 * (fread_unlocked & co., used by coreutils' sort). Known sizes and offsets:
 *   src.dat: 10000 bytes written with write().
 *   copy_file_range(src, NULL, dst, NULL, 4000)  -> READ src @0 4000, WRITE dst @0 4000
 *   copy_file_range(src, &1000, dst, &8000, 500) -> READ src @1000 500, WRITE dst @8000 500
 *   sendfile(out, src, NULL, 3000)  (src position 4000) -> READ src @4000, WRITE out @0 3000
 *   sendfile64(out, src, &100, 200)                      -> READ src @100, WRITE out @3000 200
 *   unlocked.txt: fputs_unlocked 6 + fputc_unlocked 1 + putc_unlocked 1 + fwrite_unlocked 10,
 *   fflush_unlocked, then read back: fgets_unlocked, fgetc_unlocked, getc_unlocked,
 *   fread_unlocked. */
#define _GNU_SOURCE
#include "common.h"
#include <fcntl.h>
#include <sys/sendfile.h>
#include <unistd.h>

ssize_t sendfile64(int out_fd, int in_fd, off64_t *offset, size_t count);

int main(int argc, char **argv) {
    setup(argc, argv);
    static char buf[10000];
    memset(buf, 'c', sizeof buf);
    int src = open(path_of("src.dat"), O_CREAT | O_TRUNC | O_RDWR, 0644);
    CHECK_RET("write", write(src, buf, sizeof buf), -1);
    lseek(src, 0, SEEK_SET);
    int dst = open(path_of("dst.dat"), O_CREAT | O_TRUNC | O_WRONLY, 0644);
    CHECK_RET("copy_file_range", copy_file_range(src, NULL, dst, NULL, 4000, 0), -1);
    loff_t in_off = 1000, out_off = 8000;
    CHECK_RET("copy_file_range at", copy_file_range(src, &in_off, dst, &out_off, 500, 0), -1);
    printf("offsets after = %lld %lld\n", (long long)in_off, (long long)out_off);
    int out = open(path_of("out.dat"), O_CREAT | O_TRUNC | O_WRONLY, 0644);
    CHECK_RET("sendfile", sendfile(out, src, NULL, 3000), -1);
    off64_t o64 = 100;
    CHECK_RET("sendfile64", sendfile64(out, src, &o64, 200), -1);
    printf("sendfile64 offset after = %lld\n", (long long)o64);
    close(out);
    close(dst);
    close(src);

    FILE *f = fopen(path_of("unlocked.txt"), "w+");
    CHECK_RET("fputs_unlocked", fputs_unlocked("hello\n", f), EOF);
    CHECK_RET("fputc_unlocked", (fputc_unlocked)('a', f), EOF);
    CHECK_RET("putc_unlocked", (putc_unlocked)('b', f), EOF);
    CHECK_RET("fwrite_unlocked", fwrite_unlocked("0123456789", 1, 10, f), 0);
    CHECK_RET("fflush_unlocked", fflush_unlocked(f), EOF);
    rewind(f);
    char line[64];
    CHECK_RET("fgets_unlocked", fgets_unlocked(line, sizeof line, f) != NULL, 0);
    CHECK_RET("fgetc_unlocked", (fgetc_unlocked)(f), EOF);
    CHECK_RET("getc_unlocked", (getc_unlocked)(f), EOF);
    CHECK_RET("fread_unlocked", fread_unlocked(line, 1, 10, f), 0);
    fclose(f);
    return g_failures ? 1 : 0;
}
