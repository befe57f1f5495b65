/* Calls every MPI-IO function of the recorder's MPI layer (and the request-completion and
 * communicator functions it has to follow) at least once, successfully, with fixed amounts.
 * Works with any number of ranks (tested with 1, 2 and 4).
 *
 *   mpirun -np P mpi_io_all DIR [thread]
 *
 * DIR is the scratch directory; "thread" uses MPI_Init_thread(MPI_THREAD_MULTIPLE) instead of
 * MPI_Init. Written for Open MPI's default MPI-IO component, OMPIO (with ROMIO,
 * OMPI_MCA_io=romio321, Open MPI 4.1.4 crashes in MPI_File_iwrite_at_all). Every MPI return code is checked: on error the program prints the call and the
 * MPI error string on stderr and calls MPI_Abort(MPI_COMM_WORLD, 1).
 *
 * Sizes. Every data call moves COUNT = 16 ints = BLOCK = 64 bytes. P is the number of ranks,
 * r the rank. The main file is divided into regions of P*BLOCK bytes:
 *     REGION(k) = k*P*BLOCK,      SLOT(k) = REGION(k) + r*BLOCK  (rank r's block in region k)
 * and each kind of access has its own region (the data is always read back by the rank that
 * wrote it, except for the shared-pointer reads, which read whatever block the shared pointer
 * hands out, see below):
 *
 *   all.dat (MPI_COMM_WORLD), default view (displacement 0, etype MPI_BYTE: offsets in bytes)
 *     region  0  write_at, read_at                      at SLOT(0)
 *                iread_at (MPI_Cancel + MPI_Wait)       at SLOT(0)
 *     region  1  write_at_all, read_at_all              at SLOT(1)
 *     region  2  write_at_all_begin/end, read_at_all_begin/end at SLOT(2)
 *     region  3  iwrite_at (MPI_Wait), iread_at (MPI_Test loop)             at SLOT(3)
 *     region  4  iwrite_at_all (MPI_Waitall), iread_at_all (MPI_Testall loop) at SLOT(4)
 *     region  5  seek SET SLOT(5); write; seek CUR -BLOCK; read            at SLOT(5)
 *     region  6  seek; write_all; seek; read_all                           at SLOT(6)
 *     region  7  seek; write_all_begin/end; seek; read_all_begin/end       at SLOT(7)
 *     region  8  seek; iwrite (MPI_Waitany loop); seek; iread (MPI_Testany loop) at SLOT(8)
 *     region  9  seek; iwrite_all (MPI_Waitsome loop); seek; iread_all (MPI_Testsome loop)
 *     region 10  seek_shared REGION(10); write_shared   -> some block of region 10
 *     region 11  seek_shared REGION(11); write_ordered  -> SLOT(11) (rank order)
 *     region 12  seek_shared REGION(12); write_ordered_begin/end -> SLOT(12)
 *     region 13  seek_shared REGION(13); iwrite_shared (MPI_Wait) -> some block of region 13
 *                sync, barrier, sync; then the same four reads, each after a seek_shared
 *                back to the start of its region: read_shared (some block of region 10),
 *                read_ordered (SLOT(11)), read_ordered_begin/end (SLOT(12)), iread_shared
 *                (MPI_Wait; some block of region 13)
 *     region 14  iwrite_at at SLOT(14), then MPI_Request_free; barrier + sync; read_at
 *     region 16.. set_view(displacement DISP = REGION(16), etype MPI_INT, filetype MPI_INT):
 *                offsets are now in ints, byte offset = DISP + offset*4
 *                write_at offset r*COUNT        -> byte DISP + r*BLOCK
 *                read_at_all offset r*COUNT     -> byte DISP + r*BLOCK
 *                seek SET (P+r)*COUNT; write    -> byte DISP + (P+r)*BLOCK
 *                seek CUR -COUNT; read          -> byte DISP + (P+r)*BLOCK
 *     The file ends at REGION(18) = 18*P*BLOCK; it is then extended with set_size to
 *     REGION(20). The file is kept.
 *   split_<color>.dat (communicator of MPI_Comm_split by rank parity, color = r%2,
 *     sub-rank s = r/2): write_at_all and read_at at s*BLOCK; closed and deleted by s == 0.
 *   created.dat (communicator of MPI_Comm_create over world ranks 0..(P-1)/2, sub-rank c = r):
 *     write_at_all at c*BLOCK; closed and deleted by c == 0.
 *   self_<r>.dat (MPI_COMM_SELF): write (at 0), read_at 0; closed and deleted by its rank.
 *
 * Output: every rank collects its lines, rank 0 gathers them and prints them in rank order, so
 * that stdout is the same on every run. For every data call, one line
 *     op <function> rank=<r> bytes=<requested bytes> offset=<absolute byte offset, -1 when
 *        through the shared file pointer (shared/ordered)> coll=<0|1> nb=<0|1> file=<name>
 * (a split collective prints a line for its _begin and one for its _end, both with the bytes
 * and offset of the access). For every non-blocking request, one line saying which call
 * completed it:
 *     done <function> rank=<r> by=<MPI_Wait|MPI_Test|...|MPI_Request_free> [cancelled=<0|1>]
 * (non-I/O requests, MPI_Isend/MPI_Irecv on a duplicate of MPI_COMM_WORLD, included), and
 * "info ..." lines with sizes, views, positions and data checks, and one "nondet ..." line per
 * rank whose value may differ between runs (MPI_Test_cancelled, see below). The last line is
 * "failures: N"; the exit status is 1 when a data check failed.
 */
#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define COUNT 16
#define BLOCK (COUNT * 4)

static int g_rank, g_size, g_failures;
static char *g_out;
static size_t g_len, g_cap;

static void die(const char *what, int rc, int line) {
    char msg[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(rc, msg, &len);
    fprintf(stderr, "mpi_io_all: rank %d: line %d: %s failed: %s\n", g_rank, line, what, msg);
    MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1);
}
#define CK(call)                                                                                 \
    do {                                                                                         \
        int rc_ = (call);                                                                        \
        if (rc_ != MPI_SUCCESS) die(#call, rc_, __LINE__);                                       \
    } while (0)

/* Append one line to this rank's output. */
static void out(const char *fmt, ...) {
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    line[n++] = '\n';
    if (g_len + n + 1 > g_cap) {
        g_cap = (g_len + n + 1) * 2;
        g_out = realloc(g_out, g_cap);
        if (!g_out) die("realloc", MPI_ERR_NO_MEM, __LINE__);
    }
    memcpy(g_out + g_len, line, n);
    g_len += n;
    g_out[g_len] = 0;
}

static void op(const char *fn, long long offset, int coll, int nb, const char *file) {
    out("op %s rank=%d bytes=%d offset=%lld coll=%d nb=%d file=%s", fn, g_rank, BLOCK, offset,
        coll, nb, file);
}
static void done(const char *fn, const char *by) { out("done %s rank=%d by=%s", fn, g_rank, by); }

static void fail(const char *what) {
    out("info rank=%d FAILED %s", g_rank, what);
    g_failures++;
}

/* The data of region k written by rank w: k*1000000 + w*1000 + i. */
static void fill(int *b, int k) {
    for (int i = 0; i < COUNT; i++) b[i] = k * 1000000 + g_rank * 1000 + i;
}
static void verify(const int *b, int k, const char *what) {
    for (int i = 0; i < COUNT; i++)
        if (b[i] != k * 1000000 + g_rank * 1000 + i) {
            fail(what);
            return;
        }
}
/* A block of region k written by any rank (shared-pointer reads). */
static void verify_any(const int *b, int k, const char *what) {
    int w = (b[0] - k * 1000000) / 1000;
    if (w < 0 || w >= g_size) {
        fail(what);
        return;
    }
    for (int i = 0; i < COUNT; i++)
        if (b[i] != k * 1000000 + w * 1000 + i) {
            fail(what);
            return;
        }
}
/* The status of a completed access moved BLOCK bytes. */
static void check_count(MPI_Status *st, const char *what) {
    int n = -1;
    CK(MPI_Get_count(st, MPI_BYTE, &n));
    if (n != BLOCK) fail(what);
}

static MPI_Comm g_dup; /* for the non-I/O requests */
/* Post a send to the next rank and a receive from the previous one (ring, self when P == 1). */
static void post_p2p(MPI_Request *rq, int *sbuf, int *rbuf) {
    int next = (g_rank + 1) % g_size, prev = (g_rank + g_size - 1) % g_size;
    CK(MPI_Irecv(rbuf, COUNT, MPI_INT, prev, 7, g_dup, &rq[0]));
    CK(MPI_Isend(sbuf, COUNT, MPI_INT, next, 7, g_dup, &rq[1]));
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR [thread]\n", argv[0]);
        return 2;
    }
    const char *dir = argv[1];
    int threaded = argc > 2 && strcmp(argv[2], "thread") == 0;
    if (threaded) {
        int provided = -1;
        CK(MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided));
        MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
        out("info rank=%d init=MPI_Init_thread multiple=%d", g_rank,
            provided == MPI_THREAD_MULTIPLE);
    } else {
        CK(MPI_Init(&argc, &argv));
        MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
        out("info rank=%d init=MPI_Init", g_rank);
    }
    CK(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
    CK(MPI_Comm_size(MPI_COMM_WORLD, &g_size));
    const int P = g_size, r = g_rank;
#define REGION(k) ((MPI_Offset)(k) * P * BLOCK)
#define SLOT(k) (REGION(k) + (MPI_Offset)r * BLOCK)

    int wb[COUNT], rb[COUNT], sbuf[COUNT], rbuf[COUNT];
    for (int i = 0; i < COUNT; i++) sbuf[i] = r * 1000 + i;
    MPI_Status st, sts[3];
    MPI_Request rq[3], req;
    int flag, idx, outcount, indices[3];
    char path[4096];

    /* ---- communicators */
    CK(MPI_Comm_dup(MPI_COMM_WORLD, &g_dup));
    MPI_Comm split, node, created;
    CK(MPI_Comm_split(MPI_COMM_WORLD, r % 2, r, &split));
    CK(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, r, MPI_INFO_NULL, &node));
    MPI_Group world_group, half_group;
    int half[64], nhalf = 0;
    for (int i = 0; i <= (P - 1) / 2 && nhalf < 64; i++) half[nhalf++] = i;
    CK(MPI_Comm_group(MPI_COMM_WORLD, &world_group));
    CK(MPI_Group_incl(world_group, nhalf, half, &half_group));
    CK(MPI_Comm_create(MPI_COMM_WORLD, half_group, &created));

    /* ---- all.dat on MPI_COMM_WORLD */
    MPI_File fh;
    snprintf(path, sizeof path, "%s/all.dat", dir);
    CK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh));
    MPI_Offset size;
    CK(MPI_File_set_size(fh, 0));
    CK(MPI_File_preallocate(fh, REGION(1)));
    /* set_size and preallocate are collective but do not synchronise: OMPIO truncates the
     * file (ftruncate) on each rank resp. on rank 0, so without this barrier a late rank's
     * truncation can wipe what a faster rank already wrote (seen as zeros read back by
     * read_at_all_end under load) */
    CK(MPI_Barrier(MPI_COMM_WORLD));
    CK(MPI_File_get_size(fh, &size));
    out("info rank=%d all.dat size after preallocate=%lld", r, (long long)size);
    MPI_Info info;
    CK(MPI_Info_create(&info));
    CK(MPI_Info_set(info, "access_style", "read_mostly,write_mostly"));
    CK(MPI_File_set_info(fh, info));
    CK(MPI_Info_free(&info));
    int atom = -1;
    CK(MPI_File_set_atomicity(fh, 1));
    CK(MPI_File_get_atomicity(fh, &atom));
    out("info rank=%d atomicity=%d", r, atom);
    CK(MPI_File_set_atomicity(fh, 0));
    const char *F = "all.dat";

    /* region 0: explicit offsets, blocking, independent */
    fill(wb, 0);
    CK(MPI_File_write_at(fh, SLOT(0), wb, COUNT, MPI_INT, &st));
    check_count(&st, "write_at count");
    op("MPI_File_write_at", SLOT(0), 0, 0, F);
    CK(MPI_File_read_at(fh, SLOT(0), rb, COUNT, MPI_INT, &st));
    check_count(&st, "read_at count");
    verify(rb, 0, "read_at data");
    op("MPI_File_read_at", SLOT(0), 0, 0, F);

    /* region 1: explicit offsets, collective */
    fill(wb, 1);
    CK(MPI_File_write_at_all(fh, SLOT(1), wb, COUNT, MPI_INT, &st));
    check_count(&st, "write_at_all count");
    op("MPI_File_write_at_all", SLOT(1), 1, 0, F);
    CK(MPI_File_read_at_all(fh, SLOT(1), rb, COUNT, MPI_INT, &st));
    check_count(&st, "read_at_all count");
    verify(rb, 1, "read_at_all data");
    op("MPI_File_read_at_all", SLOT(1), 1, 0, F);

    /* region 2: explicit offsets, split collective */
    fill(wb, 2);
    CK(MPI_File_write_at_all_begin(fh, SLOT(2), wb, COUNT, MPI_INT));
    op("MPI_File_write_at_all_begin", SLOT(2), 1, 0, F);
    CK(MPI_File_write_at_all_end(fh, wb, &st));
    check_count(&st, "write_at_all_end count");
    op("MPI_File_write_at_all_end", SLOT(2), 1, 0, F);
    CK(MPI_File_read_at_all_begin(fh, SLOT(2), rb, COUNT, MPI_INT));
    op("MPI_File_read_at_all_begin", SLOT(2), 1, 0, F);
    CK(MPI_File_read_at_all_end(fh, rb, &st));
    check_count(&st, "read_at_all_end count");
    verify(rb, 2, "read_at_all_end data");
    op("MPI_File_read_at_all_end", SLOT(2), 1, 0, F);

    /* region 3: explicit offsets, non-blocking; MPI_Wait, then a MPI_Test loop (the first
     * MPI_Test may well be unsuccessful) */
    fill(wb, 3);
    CK(MPI_File_iwrite_at(fh, SLOT(3), wb, COUNT, MPI_INT, &req));
    op("MPI_File_iwrite_at", SLOT(3), 0, 1, F);
    CK(MPI_Wait(&req, &st));
    check_count(&st, "iwrite_at count");
    done("MPI_File_iwrite_at", "MPI_Wait");
    CK(MPI_File_iread_at(fh, SLOT(3), rb, COUNT, MPI_INT, &req));
    op("MPI_File_iread_at", SLOT(3), 0, 1, F);
    flag = 0;
    while (!flag) CK(MPI_Test(&req, &flag, &st));
    check_count(&st, "iread_at count");
    verify(rb, 3, "iread_at data");
    done("MPI_File_iread_at", "MPI_Test");

    /* plain non-I/O requests, each completed by MPI_Wait */
    post_p2p(rq, sbuf, rbuf);
    CK(MPI_Wait(&rq[0], &st));
    done("MPI_Irecv", "MPI_Wait");
    CK(MPI_Wait(&rq[1], &st));
    done("MPI_Isend", "MPI_Wait");

    /* region 4: explicit offsets, non-blocking collective; MPI_Waitall together with two
     * non-I/O requests, then a MPI_Testall loop */
    fill(wb, 4);
    post_p2p(rq, sbuf, rbuf);
    CK(MPI_File_iwrite_at_all(fh, SLOT(4), wb, COUNT, MPI_INT, &rq[2]));
    op("MPI_File_iwrite_at_all", SLOT(4), 1, 1, F);
    CK(MPI_Waitall(3, rq, sts));
    check_count(&sts[2], "iwrite_at_all count");
    done("MPI_Irecv", "MPI_Waitall");
    done("MPI_Isend", "MPI_Waitall");
    done("MPI_File_iwrite_at_all", "MPI_Waitall");
    CK(MPI_File_iread_at_all(fh, SLOT(4), rb, COUNT, MPI_INT, &rq[0]));
    op("MPI_File_iread_at_all", SLOT(4), 1, 1, F);
    flag = 0;
    while (!flag) CK(MPI_Testall(1, rq, &flag, sts));
    check_count(&sts[0], "iread_at_all count");
    verify(rb, 4, "iread_at_all data");
    done("MPI_File_iread_at_all", "MPI_Testall");

    /* region 5: individual file pointer, blocking */
    MPI_Offset pos;
    fill(wb, 5);
    CK(MPI_File_seek(fh, SLOT(5), MPI_SEEK_SET));
    CK(MPI_File_write(fh, wb, COUNT, MPI_INT, &st));
    check_count(&st, "write count");
    op("MPI_File_write", SLOT(5), 0, 0, F);
    CK(MPI_File_get_position(fh, &pos));
    out("info rank=%d position after write=%lld (expected %lld)", r, (long long)pos,
        (long long)(SLOT(5) + BLOCK));
    if (pos != SLOT(5) + BLOCK) fail("get_position");
    CK(MPI_File_seek(fh, -BLOCK, MPI_SEEK_CUR));
    CK(MPI_File_read(fh, rb, COUNT, MPI_INT, &st));
    check_count(&st, "read count");
    verify(rb, 5, "read data");
    op("MPI_File_read", SLOT(5), 0, 0, F);

    /* region 6: individual file pointer, collective */
    fill(wb, 6);
    CK(MPI_File_seek(fh, SLOT(6), MPI_SEEK_SET));
    CK(MPI_File_write_all(fh, wb, COUNT, MPI_INT, &st));
    check_count(&st, "write_all count");
    op("MPI_File_write_all", SLOT(6), 1, 0, F);
    CK(MPI_File_seek(fh, SLOT(6), MPI_SEEK_SET));
    CK(MPI_File_read_all(fh, rb, COUNT, MPI_INT, &st));
    check_count(&st, "read_all count");
    verify(rb, 6, "read_all data");
    op("MPI_File_read_all", SLOT(6), 1, 0, F);

    /* region 7: individual file pointer, split collective */
    fill(wb, 7);
    CK(MPI_File_seek(fh, SLOT(7), MPI_SEEK_SET));
    CK(MPI_File_write_all_begin(fh, wb, COUNT, MPI_INT));
    op("MPI_File_write_all_begin", SLOT(7), 1, 0, F);
    CK(MPI_File_write_all_end(fh, wb, &st));
    check_count(&st, "write_all_end count");
    op("MPI_File_write_all_end", SLOT(7), 1, 0, F);
    CK(MPI_File_seek(fh, SLOT(7), MPI_SEEK_SET));
    CK(MPI_File_read_all_begin(fh, rb, COUNT, MPI_INT));
    op("MPI_File_read_all_begin", SLOT(7), 1, 0, F);
    CK(MPI_File_read_all_end(fh, rb, &st));
    check_count(&st, "read_all_end count");
    verify(rb, 7, "read_all_end data");
    op("MPI_File_read_all_end", SLOT(7), 1, 0, F);

    /* region 8: individual file pointer, non-blocking; a MPI_Waitany loop over the write and
     * two non-I/O requests, then a MPI_Testany loop */
    fill(wb, 8);
    CK(MPI_File_seek(fh, SLOT(8), MPI_SEEK_SET));
    post_p2p(rq, sbuf, rbuf);
    CK(MPI_File_iwrite(fh, wb, COUNT, MPI_INT, &rq[2]));
    op("MPI_File_iwrite", SLOT(8), 0, 1, F);
    for (int left = 3; left > 0; left--) {
        CK(MPI_Waitany(3, rq, &idx, &st));
        if (idx == 2) check_count(&st, "iwrite count");
    }
    done("MPI_Irecv", "MPI_Waitany");
    done("MPI_Isend", "MPI_Waitany");
    done("MPI_File_iwrite", "MPI_Waitany");
    CK(MPI_File_seek(fh, SLOT(8), MPI_SEEK_SET));
    CK(MPI_File_iread(fh, rb, COUNT, MPI_INT, &rq[0]));
    op("MPI_File_iread", SLOT(8), 0, 1, F);
    flag = 0;
    while (!flag) {
        CK(MPI_Testany(1, rq, &idx, &flag, &st));
        if (flag && idx == MPI_UNDEFINED) fail("testany index");
    }
    check_count(&st, "iread count");
    verify(rb, 8, "iread data");
    done("MPI_File_iread", "MPI_Testany");

    /* region 9: individual file pointer, non-blocking collective; a MPI_Waitsome loop, then
     * a MPI_Testsome loop */
    fill(wb, 9);
    CK(MPI_File_seek(fh, SLOT(9), MPI_SEEK_SET));
    CK(MPI_File_iwrite_all(fh, wb, COUNT, MPI_INT, &rq[0]));
    op("MPI_File_iwrite_all", SLOT(9), 1, 1, F);
    outcount = 0;
    while (outcount == 0) {
        CK(MPI_Waitsome(1, rq, &outcount, indices, sts));
        if (outcount == MPI_UNDEFINED) fail("waitsome outcount");
    }
    check_count(&sts[0], "iwrite_all count");
    done("MPI_File_iwrite_all", "MPI_Waitsome");
    CK(MPI_File_seek(fh, SLOT(9), MPI_SEEK_SET));
    CK(MPI_File_iread_all(fh, rb, COUNT, MPI_INT, &rq[0]));
    op("MPI_File_iread_all", SLOT(9), 1, 1, F);
    outcount = 0;
    while (outcount == 0) {
        CK(MPI_Testsome(1, rq, &outcount, indices, sts));
        if (outcount == MPI_UNDEFINED) fail("testsome outcount");
    }
    check_count(&sts[0], "iread_all count");
    verify(rb, 9, "iread_all data");
    done("MPI_File_iread_all", "MPI_Testsome");

    /* regions 10-13: the shared file pointer. Each group starts with a collective
     * seek_shared to the start of its region; the barrier before it makes sure that every
     * rank's independent shared-pointer access is over. */
    fill(wb, 10);
    CK(MPI_File_seek_shared(fh, REGION(10), MPI_SEEK_SET));
    CK(MPI_File_write_shared(fh, wb, COUNT, MPI_INT, &st));
    check_count(&st, "write_shared count");
    op("MPI_File_write_shared", -1, 0, 0, F);
    CK(MPI_Barrier(MPI_COMM_WORLD));
    fill(wb, 11);
    CK(MPI_File_seek_shared(fh, REGION(11), MPI_SEEK_SET));
    CK(MPI_File_write_ordered(fh, wb, COUNT, MPI_INT, &st));
    check_count(&st, "write_ordered count");
    op("MPI_File_write_ordered", -1, 1, 0, F);
    fill(wb, 12);
    CK(MPI_File_seek_shared(fh, REGION(12), MPI_SEEK_SET));
    CK(MPI_File_write_ordered_begin(fh, wb, COUNT, MPI_INT));
    op("MPI_File_write_ordered_begin", -1, 1, 0, F);
    CK(MPI_File_write_ordered_end(fh, wb, &st));
    check_count(&st, "write_ordered_end count");
    op("MPI_File_write_ordered_end", -1, 1, 0, F);
    fill(wb, 13);
    CK(MPI_File_seek_shared(fh, REGION(13), MPI_SEEK_SET));
    CK(MPI_File_iwrite_shared(fh, wb, COUNT, MPI_INT, &req));
    op("MPI_File_iwrite_shared", -1, 0, 1, F);
    CK(MPI_Wait(&req, &st));
    check_count(&st, "iwrite_shared count");
    done("MPI_File_iwrite_shared", "MPI_Wait");
    CK(MPI_Barrier(MPI_COMM_WORLD));
    CK(MPI_File_get_position_shared(fh, &pos));
    out("info rank=%d shared position after iwrite_shared=%lld (expected %lld)", r,
        (long long)pos, (long long)REGION(14));
    if (pos != REGION(14)) fail("get_position_shared");
    /* other ranks' data is read next: sync, barrier, sync */
    CK(MPI_File_sync(fh));
    CK(MPI_Barrier(MPI_COMM_WORLD));
    CK(MPI_File_sync(fh));
    CK(MPI_File_seek_shared(fh, REGION(10), MPI_SEEK_SET));
    CK(MPI_File_read_shared(fh, rb, COUNT, MPI_INT, &st));
    check_count(&st, "read_shared count");
    verify_any(rb, 10, "read_shared data");
    op("MPI_File_read_shared", -1, 0, 0, F);
    CK(MPI_Barrier(MPI_COMM_WORLD));
    CK(MPI_File_seek_shared(fh, REGION(11), MPI_SEEK_SET));
    CK(MPI_File_read_ordered(fh, rb, COUNT, MPI_INT, &st));
    check_count(&st, "read_ordered count");
    verify(rb, 11, "read_ordered data");
    op("MPI_File_read_ordered", -1, 1, 0, F);
    CK(MPI_File_seek_shared(fh, REGION(12), MPI_SEEK_SET));
    CK(MPI_File_read_ordered_begin(fh, rb, COUNT, MPI_INT));
    op("MPI_File_read_ordered_begin", -1, 1, 0, F);
    CK(MPI_File_read_ordered_end(fh, rb, &st));
    check_count(&st, "read_ordered_end count");
    verify(rb, 12, "read_ordered_end data");
    op("MPI_File_read_ordered_end", -1, 1, 0, F);
    CK(MPI_File_seek_shared(fh, REGION(13), MPI_SEEK_SET));
    CK(MPI_File_iread_shared(fh, rb, COUNT, MPI_INT, &req));
    op("MPI_File_iread_shared", -1, 0, 1, F);
    CK(MPI_Wait(&req, &st));
    check_count(&st, "iread_shared count");
    verify_any(rb, 13, "iread_shared data");
    done("MPI_File_iread_shared", "MPI_Wait");
    CK(MPI_Barrier(MPI_COMM_WORLD));

    /* MPI_Cancel on a read request (region 0, the data is already there), then MPI_Wait.
     * Whether the read happened is decided from the status count and the data ("cancelled="
     * on the done line). What MPI_Test_cancelled says goes on a separate "nondet" line: Open
     * MPI 4.1's OMPIO cannot cancel, and never sets the cancelled field of the status of its
     * requests, so MPI_Test_cancelled returns whatever that field held before (0 or garbage). */
    memset(rb, 0, sizeof rb);
    CK(MPI_File_iread_at(fh, SLOT(0), rb, COUNT, MPI_INT, &req));
    op("MPI_File_iread_at", SLOT(0), 0, 1, F);
    CK(MPI_Cancel(&req));
    CK(MPI_Wait(&req, &st));
    int said_cancelled = -1, got = -1;
    CK(MPI_Test_cancelled(&st, &said_cancelled));
    CK(MPI_Get_count(&st, MPI_BYTE, &got));
    int data_read = got == BLOCK;
    for (int i = 0; i < COUNT && data_read; i++)
        if (rb[i] != 0 * 1000000 + g_rank * 1000 + i) data_read = 0;
    out("done MPI_File_iread_at rank=%d by=MPI_Wait cancelled=%d", r, !data_read);
    out("nondet rank=%d MPI_Test_cancelled=%d", r, said_cancelled != 0);

    /* region 14: MPI_Request_free on a write request. Open MPI's OMPIO releases the request
     * (and its asynchronous I/O control blocks) at once, so the write is given time to finish
     * first; the data is then read back after a barrier and a sync. */
    fill(wb, 14);
    CK(MPI_File_iwrite_at(fh, SLOT(14), wb, COUNT, MPI_INT, &req));
    op("MPI_File_iwrite_at", SLOT(14), 0, 1, F);
    usleep(100 * 1000);
    CK(MPI_Request_free(&req));
    done("MPI_File_iwrite_at", "MPI_Request_free");
    if (req != MPI_REQUEST_NULL) fail("request_free did not reset the handle");
    CK(MPI_Barrier(MPI_COMM_WORLD));
    CK(MPI_File_sync(fh));
    memset(rb, 0, sizeof rb);
    CK(MPI_File_read_at(fh, SLOT(14), rb, COUNT, MPI_INT, &st));
    check_count(&st, "read_at count");
    verify(rb, 14, "read_at after request_free data");
    op("MPI_File_read_at", SLOT(14), 0, 0, F);

    /* regions 16-17: a view with displacement DISP and etype MPI_INT; byte = DISP + off*4 */
    const MPI_Offset DISP = REGION(16);
    CK(MPI_File_set_view(fh, DISP, MPI_INT, MPI_INT, "native", MPI_INFO_NULL));
    MPI_Offset vdisp;
    MPI_Datatype etype, ftype;
    char rep[MPI_MAX_DATAREP_STRING];
    CK(MPI_File_get_view(fh, &vdisp, &etype, &ftype, rep));
    out("info rank=%d view disp=%lld etype_int=%d filetype_int=%d datarep=%s", r,
        (long long)vdisp, etype == MPI_INT, ftype == MPI_INT, rep);
    if (vdisp != DISP) fail("get_view disp");
    fill(wb, 16);
    CK(MPI_File_write_at(fh, (MPI_Offset)r * COUNT, wb, COUNT, MPI_INT, &st));
    check_count(&st, "view write_at count");
    op("MPI_File_write_at", DISP + (MPI_Offset)r * BLOCK, 0, 0, F);
    CK(MPI_File_read_at_all(fh, (MPI_Offset)r * COUNT, rb, COUNT, MPI_INT, &st));
    check_count(&st, "view read_at_all count");
    verify(rb, 16, "view read_at_all data");
    op("MPI_File_read_at_all", DISP + (MPI_Offset)r * BLOCK, 1, 0, F);
    fill(wb, 17);
    CK(MPI_File_seek(fh, (MPI_Offset)(P + r) * COUNT, MPI_SEEK_SET));
    CK(MPI_File_write(fh, wb, COUNT, MPI_INT, &st));
    check_count(&st, "view write count");
    op("MPI_File_write", DISP + (MPI_Offset)(P + r) * BLOCK, 0, 0, F);
    CK(MPI_File_get_position(fh, &pos));
    out("info rank=%d view position after write=%lld (expected %lld)", r, (long long)pos,
        (long long)(P + r + 1) * COUNT);
    if (pos != (MPI_Offset)(P + r + 1) * COUNT) fail("view get_position");
    CK(MPI_File_seek(fh, -COUNT, MPI_SEEK_CUR));
    CK(MPI_File_read(fh, rb, COUNT, MPI_INT, &st));
    check_count(&st, "view read count");
    verify(rb, 17, "view read data");
    op("MPI_File_read", DISP + (MPI_Offset)(P + r) * BLOCK, 0, 0, F);

    CK(MPI_File_sync(fh));
    CK(MPI_Barrier(MPI_COMM_WORLD));
    CK(MPI_File_get_size(fh, &size));
    out("info rank=%d all.dat size=%lld (expected %lld)", r, (long long)size,
        (long long)REGION(18));
    if (size != REGION(18)) fail("get_size");
    /* set_size is collective but does not synchronise: without this barrier a rank could see
     * the new size in its get_size above */
    CK(MPI_Barrier(MPI_COMM_WORLD));
    CK(MPI_File_set_size(fh, REGION(20)));
    CK(MPI_File_get_size(fh, &size));
    out("info rank=%d all.dat size after set_size=%lld", r, (long long)size);
    if (size != REGION(20)) fail("set_size");
    CK(MPI_File_close(&fh));
    if (fh != MPI_FILE_NULL) fail("close did not reset the handle");

    /* ---- split_<color>.dat on the parity communicator */
    int s, ssize;
    CK(MPI_Comm_rank(split, &s));
    CK(MPI_Comm_size(split, &ssize));
    char sname[64];
    snprintf(sname, sizeof sname, "split_%d.dat", r % 2);
    snprintf(path, sizeof path, "%s/%s", dir, sname);
    CK(MPI_File_open(split, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh));
    fill(wb, 20);
    CK(MPI_File_write_at_all(fh, (MPI_Offset)s * BLOCK, wb, COUNT, MPI_INT, &st));
    check_count(&st, "split write_at_all count");
    op("MPI_File_write_at_all", (long long)s * BLOCK, 1, 0, sname);
    CK(MPI_File_read_at(fh, (MPI_Offset)s * BLOCK, rb, COUNT, MPI_INT, &st));
    check_count(&st, "split read_at count");
    verify(rb, 20, "split read_at data");
    op("MPI_File_read_at", (long long)s * BLOCK, 0, 0, sname);
    CK(MPI_File_close(&fh));
    CK(MPI_Barrier(split));
    if (s == 0) CK(MPI_File_delete(path, MPI_INFO_NULL));
    out("info rank=%d %s sub-rank=%d of %d", r, sname, s, ssize);

    /* ---- created.dat on the MPI_Comm_create communicator (ranks 0..(P-1)/2) */
    if (created != MPI_COMM_NULL) {
        int c;
        CK(MPI_Comm_rank(created, &c));
        snprintf(path, sizeof path, "%s/created.dat", dir);
        CK(MPI_File_open(created, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL,
                         &fh));
        fill(wb, 21);
        CK(MPI_File_write_at_all(fh, (MPI_Offset)c * BLOCK, wb, COUNT, MPI_INT, &st));
        check_count(&st, "created write_at_all count");
        op("MPI_File_write_at_all", (long long)c * BLOCK, 1, 0, "created.dat");
        CK(MPI_File_close(&fh));
        CK(MPI_Barrier(created));
        if (c == 0) CK(MPI_File_delete(path, MPI_INFO_NULL));
    }

    /* ---- self_<r>.dat on MPI_COMM_SELF */
    char selfname[64];
    snprintf(selfname, sizeof selfname, "self_%d.dat", r);
    snprintf(path, sizeof path, "%s/%s", dir, selfname);
    CK(MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh));
    fill(wb, 22);
    CK(MPI_File_write(fh, wb, COUNT, MPI_INT, &st));
    check_count(&st, "self write count");
    op("MPI_File_write", 0, 0, 0, selfname);
    CK(MPI_File_read_at(fh, 0, rb, COUNT, MPI_INT, &st));
    check_count(&st, "self read_at count");
    verify(rb, 22, "self read_at data");
    op("MPI_File_read_at", 0, 0, 0, selfname);
    CK(MPI_File_get_size(fh, &size));
    out("info rank=%d %s size=%lld", r, selfname, (long long)size);
    CK(MPI_File_close(&fh));
    CK(MPI_File_delete(path, MPI_INFO_NULL));

    /* ---- free the communicators */
    if (created != MPI_COMM_NULL) CK(MPI_Comm_free(&created));
    CK(MPI_Group_free(&half_group));
    CK(MPI_Group_free(&world_group));
    CK(MPI_Comm_free(&node));
    CK(MPI_Comm_free(&split));
    CK(MPI_Comm_free(&g_dup));

    /* ---- output: gathered on rank 0 and printed in rank order */
    out("info rank=%d failures=%d", r, g_failures);
    int len = (int)g_len, total_failures = 0;
    int *lens = NULL, *displs = NULL;
    char *all = NULL;
    if (r == 0) {
        lens = calloc(P, sizeof *lens);
        displs = calloc(P, sizeof *displs);
    }
    CK(MPI_Gather(&len, 1, MPI_INT, lens, 1, MPI_INT, 0, MPI_COMM_WORLD));
    int sum = 0;
    if (r == 0) {
        for (int i = 0; i < P; i++) {
            displs[i] = sum;
            sum += lens[i];
        }
        all = malloc(sum + 1);
    }
    CK(MPI_Gatherv(g_out, len, MPI_CHAR, all, lens, displs, MPI_CHAR, 0, MPI_COMM_WORLD));
    CK(MPI_Reduce(&g_failures, &total_failures, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD));
    if (r == 0) {
        fwrite(all, 1, sum, stdout);
        printf("failures: %d\n", total_failures);
        fflush(stdout);
    }
    CK(MPI_Bcast(&total_failures, 1, MPI_INT, 0, MPI_COMM_WORLD));
    /* The other collectives the recorder's "mpi" layer records, once each (no output). */
    {
        int one = 1, n = 0, *v = calloc(P, sizeof(int)), *w = calloc(P, sizeof(int));
        CK(MPI_Allreduce(&one, &n, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD));
        CK(MPI_Allgather(&one, 1, MPI_INT, v, 1, MPI_INT, MPI_COMM_WORLD));
        CK(MPI_Scatter(v, 1, MPI_INT, &one, 1, MPI_INT, 0, MPI_COMM_WORLD));
        CK(MPI_Alltoall(v, 1, MPI_INT, w, 1, MPI_INT, MPI_COMM_WORLD));
        if (n != P) total_failures++;
        free(v);
        free(w);
    }
    CK(MPI_Finalize());
    return total_failures ? 1 : 0;
}
