/* PnetCDF (Debian libpnetcdf-dev 1.12.3, Open MPI): the blocking collective, blocking
 * independent and non-blocking (iput / iget / bput, wait, cancel) data calls on one CDF-5
 * file, every rank writing and reading only its own block. Works with any number of ranks
 * (tested with 1 and 4).
 *
 *   mpicc -O0 -o pnc_all pnc_all.c $(pkg-config --cflags --libs pnetcdf)
 *   mpirun --allow-run-as-root --oversubscribe -np P ./pnc_all DIR
 *
 * DIR is the scratch directory; the file DIR/pnc_all.nc is created there (kept). P is the
 * number of ranks, r the rank of the caller.
 *
 * File: ncmpi_create(NC_CLOBBER | NC_64BIT_DATA); dims x = 100*P, y = 10*P, z = 10; vars
 *     v double(x)   m int(y,z)   f float(y,z)   w double(x)   b double(x)
 * with the text attributes v:units and the global "title" (ncmpi_put_att_text); ncmpi_enddef.
 * Rank r owns v/w/b[100r .. 100r+99] (1-D) and the rows 10r .. 10r+9 of m and f (2-D).
 *
 * Data calls, in program order (bytes = elements x size of the memory type of the call):
 *   blocking collective
 *     ncmpi_put_vara_double_all v  start 100r count 100                  800
 *     ncmpi_get_vara_double_all v  the same block (compared)              800
 *     ncmpi_put_vara_all        m  start {10r,0} count {10,10}, buf of 100 MPI_INT
 *                                  (bufcount 100, buftype MPI_INT)         400
 *     ncmpi_put_vars_int_all    m  start {10r,0} count {5,5} stride {2,2}  100
 *     ncmpi_put_varn_float_all  f  2 regions: {10r,0}+{2,10} and {10r+5,0}+{3,10}: 50 floats
 *                                                                          200
 *     ncmpi_put_var1_int_all    m  index {10r+9,9}                          4
 *   MPI_Barrier (see below); blocking independent (ncmpi_begin_indep_data ... end_indep_data)
 *     ncmpi_put_vara_int        m  start {10r+1,0} count {1,10}            40
 *     ncmpi_get_var1_double     v  index 100r+3 (compared)                  8
 *   non-blocking
 *     ncmpi_iput_vara_double    w  start 100r    count 60                 480
 *     ncmpi_iput_vara_double    w  start 100r+60 count 40                 320
 *     ncmpi_iget_vara_int       m  start {10r,0} count {4,10}             160
 *     ncmpi_wait_all(ncid, 3, reqs, statuses)      completed=3 cancelled=0
 *       (the 4 rows read are compared with what was written above)
 *     begin_indep_data; ncmpi_iput_var1_double w index 100r+99               8
 *     ncmpi_wait(ncid, 1, &req, &status)           completed=1 cancelled=0; end_indep_data
 *     ncmpi_iput_vara_double    w  start 100r count 10 (values never to be seen)  80
 *     ncmpi_cancel(ncid, 1, &req, &status)         completed=0 cancelled=1
 *     ncmpi_buffer_attach(ncid, 800)
 *     ncmpi_bput_vara_double    b  start 100r    count 30                 240
 *     ncmpi_bput_vara_double    b  start 100r+30 count 70                 560
 *     ncmpi_wait_all(ncid, NC_REQ_ALL, NULL, NULL) completed=2 cancelled=0
 *     ncmpi_buffer_detach
 *     ncmpi_iput_vara_double    w  start 100r count 0                       0
 *       then ncmpi_wait_all(ncid, 1, &req, &status): completed=1 if a real request came back,
 *       0 if it was NC_REQ_NULL (PnetCDF 1.12.3: NC_REQ_NULL, completed=0)
 *   ncmpi_sync; ncmpi_close.
 *   ncmpi_open(NC_NOWRITE); every value of every block is read back and compared:
 *     ncmpi_get_vara_double_all v 800, w 800, b 800;
 *     ncmpi_get_vara_int_all    m  start {10r,0} count {10,10}            400
 *     ncmpi_get_vara_float_all  f  start {10r,0} count {10,10}            400
 *       (only the 50 values written are compared: the file is in NC_NOFILL mode)
 *   ncmpi_close.
 *
 * Output (rank 0, for every rank r = 0..P-1 in order; each rank's lines are gathered to 0):
 *     op <function> rank=<r> var=<name> bytes=<n>          one per data call / request
 *     wait <function> rank=<r> completed=<k> cancelled=<c> one per wait / cancel call
 *     request ncmpi_iput_vara_double rank=<r> var=w count=0 req=<NC_REQ_NULL | id>
 * then `failures: <n>` (sum over the ranks: values read back that differ, statuses that are
 * not NC_NOERR, a request id that is not NC_REQ_NULL after its wait / cancel, pending
 * request counts that are not what they should be). Exit status 1 if n > 0. A PnetCDF call
 * that fails prints the call and ncmpi_strerror on stderr and calls MPI_Abort(.., 1).
 *
 * Measured with ltrace (1 rank, Open MPI's OMPIO): every blocking data call does one
 * MPI_File_set_view + one MPI_File_{write,read}_at_all (collective) or _at (independent);
 * ncmpi_enddef writes the header with MPI_File_write_at; the first ncmpi_begin_indep_data
 * opens a second MPI file handle (MPI_File_open on MPI_COMM_SELF), kept until ncmpi_close,
 * which closes both, and ncmpi_sync syncs both; iput / iget / bput / cancel do no I/O; the
 * first ncmpi_wait_all does one write_at_all (both iputs) and one read_at_all, ncmpi_wait one
 * write_at, the bput ncmpi_wait_all one write_at_all, the zero-length one nothing;
 * ncmpi_open probes the format with POSIX open / read / close on rank 0 (through the exported
 * ncmpi_inq_file_format; ncmpi_create calls ncmpi_inq_default_format) before MPI_File_open
 * and MPI_File_read_at of the header.
 */
#include <mpi.h>
#include <pnetcdf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CK(call)                                                                                 \
    do {                                                                                         \
        int e_ = (call);                                                                         \
        if (e_ != NC_NOERR) {                                                                    \
            fprintf(stderr, "pnc_all: rank %d: line %d: %s: %s\n", g_rank, __LINE__, #call,      \
                    ncmpi_strerror(e_));                                                         \
            MPI_Abort(MPI_COMM_WORLD, 1);                                                        \
        }                                                                                        \
    } while (0)

#define EXPECT(cond)                                                                             \
    do {                                                                                         \
        if (!(cond)) {                                                                           \
            fprintf(stderr, "pnc_all: rank %d: line %d: failed: %s\n", g_rank, __LINE__, #cond); \
            g_failures++;                                                                        \
        }                                                                                        \
    } while (0)

#define N1 100 /* elements of a rank's 1-D block */
#define NR 10  /* rows of a rank's 2-D block */
#define NC 10  /* columns */

static int g_rank, g_size, g_failures;

/* This rank's output lines, gathered to rank 0 at the end. */
static char g_log[16384];
static size_t g_len;

static void logline(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(g_log + g_len, sizeof g_log - g_len, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof g_log - g_len) {
        fprintf(stderr, "pnc_all: log buffer full\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    g_len += (size_t)n;
}

static void op(const char *fn, const char *var, long long bytes) {
    logline("op %s rank=%d var=%s bytes=%lld\n", fn, g_rank, var, bytes);
}

static void waited(const char *fn, int completed, int cancelled) {
    logline("wait %s rank=%d completed=%d cancelled=%d\n", fn, g_rank, completed, cancelled);
}

/* Number of pending non-blocking requests of the file. */
static int pending(int nc) {
    int n = -1;
    CK(ncmpi_inq_nreqs(nc, &n));
    return n;
}

/* Values. g is a global index (1-D) or global row (2-D), c a column. */
static double v_val(long g) { return g + 0.25; }
static double w_val(long g) { return -(double)g - 0.5; }
static double w_last(int rank) { return 1.0e6 + rank; } /* w[100r+99], by iput_var1 */
static double b_val(long g) { return 2.0 * g; }
static float f_val(long g, int c) { return (float)(g * NC + c) + 0.5f; }

/* m after all the writes of the first phase, in their order. */
static int m_val(long g, int c) {
    long row = g % NR; /* row inside the owner's block */
    int x = (int)(1000 * g + c);                         /* ncmpi_put_vara_all */
    if (row % 2 == 0 && row < 10 && c % 2 == 0) x = -x;  /* ncmpi_put_vars_int_all */
    if (row == 9 && c == 9) x = 424242;                  /* ncmpi_put_var1_int_all */
    if (row == 1) x = 7000000 + (int)g * 100 + c;        /* ncmpi_put_vara_int */
    return x;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g_size);
    if (argc < 2) {
        if (g_rank == 0) fprintf(stderr, "usage: %s DIR\n", argv[0]);
        MPI_Finalize();
        return 2;
    }
    const int r = g_rank;
    char path[4096];
    snprintf(path, sizeof path, "%s/pnc_all.nc", argv[1]);

    /* ---- define ---- */
    int nc, dx, dy, dz, v, m, f, w, b;
    CK(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &nc));
    CK(ncmpi_def_dim(nc, "x", (MPI_Offset)N1 * g_size, &dx));
    CK(ncmpi_def_dim(nc, "y", (MPI_Offset)NR * g_size, &dy));
    CK(ncmpi_def_dim(nc, "z", NC, &dz));
    int yz[2] = {dy, dz};
    CK(ncmpi_def_var(nc, "v", NC_DOUBLE, 1, &dx, &v));
    CK(ncmpi_def_var(nc, "m", NC_INT, 2, yz, &m));
    CK(ncmpi_def_var(nc, "f", NC_FLOAT, 2, yz, &f));
    CK(ncmpi_def_var(nc, "w", NC_DOUBLE, 1, &dx, &w));
    CK(ncmpi_def_var(nc, "b", NC_DOUBLE, 1, &dx, &b));
    CK(ncmpi_put_att_text(nc, v, "units", 6, "kelvin"));
    CK(ncmpi_put_att_text(nc, NC_GLOBAL, "title", 13, "pnc_all test"));
    CK(ncmpi_enddef(nc));

    const MPI_Offset first = (MPI_Offset)N1 * r; /* first element of the 1-D block */
    const MPI_Offset row0 = (MPI_Offset)NR * r;  /* first row of the 2-D block */

    /* ---- blocking collective ---- */
    double dbuf[N1], dback[N1];
    for (int i = 0; i < N1; i++) dbuf[i] = v_val(first + i);
    {
        MPI_Offset st = first, ct = N1;
        CK(ncmpi_put_vara_double_all(nc, v, &st, &ct, dbuf));
        op("ncmpi_put_vara_double_all", "v", N1 * 8);
        memset(dback, 0, sizeof dback);
        CK(ncmpi_get_vara_double_all(nc, v, &st, &ct, dback));
        op("ncmpi_get_vara_double_all", "v", N1 * 8);
        for (int i = 0; i < N1; i++) EXPECT(dback[i] == dbuf[i]);
    }
    {
        int ibuf[NR * NC];
        for (int i = 0; i < NR; i++)
            for (int c = 0; c < NC; c++) ibuf[i * NC + c] = (int)(1000 * (row0 + i) + c);
        MPI_Offset st[2] = {row0, 0}, ct[2] = {NR, NC};
        CK(ncmpi_put_vara_all(nc, m, st, ct, ibuf, NR * NC, MPI_INT));
        op("ncmpi_put_vara_all", "m", NR * NC * 4);
    }
    {
        int sbuf[25];
        for (int i = 0; i < 5; i++)
            for (int c = 0; c < 5; c++) sbuf[i * 5 + c] = -(int)(1000 * (row0 + 2 * i) + 2 * c);
        MPI_Offset st[2] = {row0, 0}, ct[2] = {5, 5}, sd[2] = {2, 2};
        CK(ncmpi_put_vars_int_all(nc, m, st, ct, sd, sbuf));
        op("ncmpi_put_vars_int_all", "m", 25 * 4);
    }
    {
        float fbuf[50];
        int k = 0;
        for (int i = 0; i < 2; i++)
            for (int c = 0; c < NC; c++) fbuf[k++] = f_val(row0 + i, c);
        for (int i = 5; i < 8; i++)
            for (int c = 0; c < NC; c++) fbuf[k++] = f_val(row0 + i, c);
        MPI_Offset s0[2] = {row0, 0}, c0[2] = {2, NC};
        MPI_Offset s1[2] = {row0 + 5, 0}, c1[2] = {3, NC};
        MPI_Offset *starts[2] = {s0, s1}, *counts[2] = {c0, c1};
        CK(ncmpi_put_varn_float_all(nc, f, 2, starts, counts, fbuf));
        op("ncmpi_put_varn_float_all", "f", 50 * 4);
    }
    {
        MPI_Offset idx[2] = {row0 + 9, 9};
        int one = 424242;
        CK(ncmpi_put_var1_int_all(nc, m, idx, &one));
        op("ncmpi_put_var1_int_all", "m", 4);
    }

    /* ---- blocking independent ---- */
    /* MPI-IO promises nothing between a collective write and a later write through another
     * file handle (begin_indep_data opens one) without a barrier between them: an aggregator
     * may still be doing the read-modify-write of put_vars (rows 0..8, holes included) after
     * this rank has returned, and would put back an old row 1 over the put_vara_int below. */
    MPI_Barrier(MPI_COMM_WORLD);
    CK(ncmpi_begin_indep_data(nc));
    {
        int row[NC];
        for (int c = 0; c < NC; c++) row[c] = 7000000 + (int)(row0 + 1) * 100 + c;
        MPI_Offset st[2] = {row0 + 1, 0}, ct[2] = {1, NC};
        CK(ncmpi_put_vara_int(nc, m, st, ct, row));
        op("ncmpi_put_vara_int", "m", NC * 4);
        MPI_Offset i3 = first + 3;
        double d = 0;
        CK(ncmpi_get_var1_double(nc, v, &i3, &d));
        op("ncmpi_get_var1_double", "v", 8);
        EXPECT(d == v_val(first + 3));
    }
    CK(ncmpi_end_indep_data(nc));

    /* ---- non-blocking ---- */
    double wbuf[N1];
    for (int i = 0; i < N1; i++) wbuf[i] = w_val(first + i);
    {
        int reqs[3], sts[3] = {-1, -1, -1};
        int got[4 * NC];
        memset(got, 0, sizeof got);
        MPI_Offset s0 = first, c0 = 60, s1 = first + 60, c1 = 40;
        CK(ncmpi_iput_vara_double(nc, w, &s0, &c0, wbuf, &reqs[0]));
        op("ncmpi_iput_vara_double", "w", 60 * 8);
        CK(ncmpi_iput_vara_double(nc, w, &s1, &c1, wbuf + 60, &reqs[1]));
        op("ncmpi_iput_vara_double", "w", 40 * 8);
        MPI_Offset st[2] = {row0, 0}, ct[2] = {4, NC};
        CK(ncmpi_iget_vara_int(nc, m, st, ct, got, &reqs[2]));
        op("ncmpi_iget_vara_int", "m", 4 * NC * 4);
        EXPECT(pending(nc) == 3);
        CK(ncmpi_wait_all(nc, 3, reqs, sts));
        waited("ncmpi_wait_all", 3, 0);
        for (int i = 0; i < 3; i++) {
            EXPECT(sts[i] == NC_NOERR);
            EXPECT(reqs[i] == NC_REQ_NULL);
        }
        EXPECT(pending(nc) == 0);
        for (int i = 0; i < 4; i++)
            for (int c = 0; c < NC; c++) EXPECT(got[i * NC + c] == m_val(row0 + i, c));
    }
    {
        CK(ncmpi_begin_indep_data(nc));
        int req, st = -1;
        MPI_Offset i99 = first + 99;
        double d = w_last(r);
        CK(ncmpi_iput_var1_double(nc, w, &i99, &d, &req));
        op("ncmpi_iput_var1_double", "w", 8);
        CK(ncmpi_wait(nc, 1, &req, &st));
        waited("ncmpi_wait", 1, 0);
        EXPECT(st == NC_NOERR);
        EXPECT(req == NC_REQ_NULL);
        CK(ncmpi_end_indep_data(nc));
    }
    {
        int req, st = -1;
        double junk[10];
        for (int i = 0; i < 10; i++) junk[i] = 9999.0;
        MPI_Offset s = first, c = 10;
        CK(ncmpi_iput_vara_double(nc, w, &s, &c, junk, &req));
        op("ncmpi_iput_vara_double", "w", 10 * 8);
        EXPECT(pending(nc) == 1);
        CK(ncmpi_cancel(nc, 1, &req, &st));
        waited("ncmpi_cancel", 0, 1);
        EXPECT(st == NC_NOERR);
        EXPECT(req == NC_REQ_NULL);
        EXPECT(pending(nc) == 0);
    }
    {
        double bbuf[N1];
        for (int i = 0; i < N1; i++) bbuf[i] = b_val(first + i);
        CK(ncmpi_buffer_attach(nc, N1 * 8));
        int r0, r1;
        MPI_Offset s0 = first, c0 = 30, s1 = first + 30, c1 = 70;
        CK(ncmpi_bput_vara_double(nc, b, &s0, &c0, bbuf, &r0));
        op("ncmpi_bput_vara_double", "b", 30 * 8);
        CK(ncmpi_bput_vara_double(nc, b, &s1, &c1, bbuf + 30, &r1));
        op("ncmpi_bput_vara_double", "b", 70 * 8);
        MPI_Offset usage = -1;
        CK(ncmpi_inq_buffer_usage(nc, &usage));
        EXPECT(usage == N1 * 8);
        /* bput copied the data: overwriting the user buffer must not matter */
        for (int i = 0; i < N1; i++) bbuf[i] = -1;
        EXPECT(pending(nc) == 2);
        CK(ncmpi_wait_all(nc, NC_REQ_ALL, NULL, NULL));
        waited("ncmpi_wait_all", 2, 0);
        EXPECT(pending(nc) == 0);
        CK(ncmpi_buffer_detach(nc));
    }
    {
        int req = 12345, st = -1;
        MPI_Offset s = first, c = 0;
        double none = 0;
        CK(ncmpi_iput_vara_double(nc, w, &s, &c, &none, &req));
        op("ncmpi_iput_vara_double", "w", 0);
        if (req == NC_REQ_NULL)
            logline("request ncmpi_iput_vara_double rank=%d var=w count=0 req=NC_REQ_NULL\n", r);
        else
            logline("request ncmpi_iput_vara_double rank=%d var=w count=0 req=%d\n", r, req);
        int real = req != NC_REQ_NULL;
        EXPECT(pending(nc) == real);
        CK(ncmpi_wait_all(nc, 1, &req, &st));
        waited("ncmpi_wait_all", real, 0);
        EXPECT(!real || st == NC_NOERR);
        EXPECT(pending(nc) == 0);
    }
    CK(ncmpi_sync(nc));
    CK(ncmpi_close(nc));

    /* ---- read everything back ---- */
    CK(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &nc));
    CK(ncmpi_inq_varid(nc, "v", &v));
    CK(ncmpi_inq_varid(nc, "m", &m));
    CK(ncmpi_inq_varid(nc, "f", &f));
    CK(ncmpi_inq_varid(nc, "w", &w));
    CK(ncmpi_inq_varid(nc, "b", &b));
    {
        MPI_Offset st = first, ct = N1;
        CK(ncmpi_get_vara_double_all(nc, v, &st, &ct, dback));
        op("ncmpi_get_vara_double_all", "v", N1 * 8);
        for (int i = 0; i < N1; i++) EXPECT(dback[i] == v_val(first + i));
        CK(ncmpi_get_vara_double_all(nc, w, &st, &ct, dback));
        op("ncmpi_get_vara_double_all", "w", N1 * 8);
        for (int i = 0; i < N1 - 1; i++) EXPECT(dback[i] == w_val(first + i));
        EXPECT(dback[N1 - 1] == w_last(r));
        CK(ncmpi_get_vara_double_all(nc, b, &st, &ct, dback));
        op("ncmpi_get_vara_double_all", "b", N1 * 8);
        for (int i = 0; i < N1; i++) EXPECT(dback[i] == b_val(first + i));
    }
    {
        int ib[NR * NC];
        float fb[NR * NC];
        MPI_Offset st[2] = {row0, 0}, ct[2] = {NR, NC};
        CK(ncmpi_get_vara_int_all(nc, m, st, ct, ib));
        op("ncmpi_get_vara_int_all", "m", NR * NC * 4);
        for (int i = 0; i < NR; i++)
            for (int c = 0; c < NC; c++) EXPECT(ib[i * NC + c] == m_val(row0 + i, c));
        CK(ncmpi_get_vara_float_all(nc, f, st, ct, fb));
        op("ncmpi_get_vara_float_all", "f", NR * NC * 4);
        for (int i = 0; i < NR; i++) {
            if (!(i < 2 || (i >= 5 && i < 8))) continue; /* not written (NC_NOFILL) */
            for (int c = 0; c < NC; c++) EXPECT(fb[i * NC + c] == f_val(row0 + i, c));
        }
    }
    CK(ncmpi_close(nc));

    /* ---- gather the lines and the failures to rank 0 ---- */
    int len = (int)g_len, total = 0;
    int *lens = NULL, *displs = NULL;
    char *all = NULL;
    if (r == 0) {
        lens = calloc((size_t)g_size, sizeof *lens);
        displs = calloc((size_t)g_size, sizeof *displs);
    }
    MPI_Gather(&len, 1, MPI_INT, lens, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (r == 0) {
        int sum = 0;
        for (int i = 0; i < g_size; i++) {
            displs[i] = sum;
            sum += lens[i];
        }
        all = malloc((size_t)sum + 1);
        all[sum] = 0;
    }
    MPI_Gatherv(g_log, len, MPI_CHAR, all, lens, displs, MPI_CHAR, 0, MPI_COMM_WORLD);
    MPI_Reduce(&g_failures, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Bcast(&total, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (r == 0) {
        fputs(all, stdout);
        printf("failures: %d\n", total);
        fflush(stdout);
        free(all);
        free(lens);
        free(displs);
    }
    MPI_Finalize();
    return total != 0;
}
