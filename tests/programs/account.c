/* Known I/O at three layers, with its own account printed for the summary tests.
 * argv[1]: the scratch directory. Every rank r of P:
 *   POSIX  DIR/posix_<r>.dat: 10 pwrite of 4096 bytes at offsets 0, 4096, ... (consecutive),
 *          then 10 pread of 4096 bytes at offsets 9*4096 down to 0 (the first one lands past
 *          the start: sequential; the 9 others go backwards: random).
 *   stdio  DIR/stdio_<r>.dat: 5 fwrite of 1000 bytes, fclose (5000 bytes reach the file).
 *   MPI-IO DIR/mpi.dat (shared): 8 MPI_File_write_at_all of 1024 bytes at (i*P + r)*1024,
 *          then (after sync, barrier, sync) 8 MPI_File_read_at of the same blocks.
 * Output (rank 0 prints every rank's lines in rank order):
 *   account rank=<r> layer=<POSIX|ISOC|MPI-IO> file=<name> read_ops=<n> read_bytes=<n>
 *           write_ops=<n> write_bytes=<n>
 */
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void fail(const char *what) {
    perror(what);
    MPI_Abort(MPI_COMM_WORLD, 1);
}

int main(int argc, char **argv) {
    int r, P;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &P);
    if (argc < 2) fail("usage: account DIR");
    char path[4096], line[1024];
    static char buf[4096];
    memset(buf, 'a' + r, sizeof buf);

    snprintf(path, sizeof path, "%s/posix_%d.dat", argv[1], r);
    int fd = open(path, O_CREAT | O_RDWR | O_TRUNC, 0644);
    if (fd < 0) fail("open");
    for (int i = 0; i < 10; i++)
        if (pwrite(fd, buf, 4096, (off_t)i * 4096) != 4096) fail("pwrite");
    for (int i = 9; i >= 0; i--)
        if (pread(fd, buf, 4096, (off_t)i * 4096) != 4096) fail("pread");
    close(fd);

    snprintf(path, sizeof path, "%s/stdio_%d.dat", argv[1], r);
    FILE *f = fopen(path, "w");
    if (!f) fail("fopen");
    for (int i = 0; i < 5; i++)
        if (fwrite(buf, 1, 1000, f) != 1000) fail("fwrite");
    fclose(f);

    snprintf(path, sizeof path, "%s/mpi.dat", argv[1]);
    MPI_File mf;
    if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &mf))
        fail("MPI_File_open");
    for (int i = 0; i < 8; i++)
        MPI_File_write_at_all(mf, (MPI_Offset)(i * P + r) * 1024, buf, 1024, MPI_BYTE,
                              MPI_STATUS_IGNORE);
    /* MPI-IO consistency: sync-barrier-sync before reading what other ranks wrote (without
     * it, a rank may read before the aggregator has written: short reads). */
    MPI_File_sync(mf);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_sync(mf);
    for (int i = 0; i < 8; i++)
        MPI_File_read_at(mf, (MPI_Offset)(i * P + r) * 1024, buf, 1024, MPI_BYTE,
                         MPI_STATUS_IGNORE);
    MPI_File_close(&mf);

    int n = snprintf(line, sizeof line,
                     "account rank=%d layer=POSIX file=posix_%d.dat read_ops=10 read_bytes=40960 "
                     "write_ops=10 write_bytes=40960\n"
                     "account rank=%d layer=ISOC file=stdio_%d.dat read_ops=0 read_bytes=0 "
                     "write_ops=5 write_bytes=5000\n"
                     "account rank=%d layer=MPI-IO file=mpi.dat read_ops=8 read_bytes=8192 "
                     "write_ops=8 write_bytes=8192\n",
                     r, r, r, r, r);
    char *all = r == 0 ? malloc((size_t)P * sizeof line) : NULL;
    char mine[sizeof line];
    memset(mine, 0, sizeof mine);
    memcpy(mine, line, (size_t)n);
    MPI_Gather(mine, sizeof line, MPI_CHAR, all, sizeof line, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (r == 0)
        for (int i = 0; i < P; i++) fputs(all + (size_t)i * sizeof line, stdout);
    MPI_Finalize();
    return 0;
}
