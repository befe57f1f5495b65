/* An equivalent of IOR 4.0.0 (github.com/hpc/ior) for its POSIX, MPIIO and NCMPI backends,
 * written for these tests: IOR is in no package registry, so this program does the I/O that
 * `ior -a API -w -r -s 2 -b 64k -t 16k [-c] [-F]` does, call for call as IOR's backends make
 * them (src/aiori-POSIX.c, aiori-MPIIO.c, aiori-NCMPI.c, and the layout of src/ior.c), and
 * prints its own account of every transfer. No IOR code is copied. The HDF5 backend's
 * equivalent is h5_ior.c.
 *
 *   mpicc -o ior_equiv ior_equiv.c $(pkg-config --cflags --libs pnetcdf)
 *   mpirun -np P ior_equiv DIR API COLL FPP [VIEW [SETUP]]
 *     API   POSIX | MPIIO | NCMPI
 *     COLL  1: collective transfers (-c; MPIIO and NCMPI), 0: independent
 *     FPP   1: a file per process (-F: DIR/ior.dat.%08d of the rank, opened on
 *           MPI_COMM_SELF), 0: one shared file DIR/ior.dat
 *     VIEW  1: MPIIO through a file view and the individual file pointer (-V), 0 (default):
 *           explicit offsets
 *     SETUP 1: MPIIO with what IOR does before its write phase (src/ior.c, aiori-MPIIO.c):
 *           rank 0 asks the file system's size, statvfs(DIR) (ShowSetup's free space, the
 *           backend's statfs); rank 0 (every rank with FPP) stat()s its test file (the
 *           "exists already" warning) and probes it before creating it (RemoveFile's
 *           access(F_OK) through MPIIO_Access: stat, then MPI_File_open(MPI_COMM_SELF,
 *           MPI_MODE_UNIQUE_OPEN | MPI_MODE_RDONLY), which fails as the file is missing);
 *           then a barrier. 0 (default): none of it.
 *
 * Layout (IOR's): SEGMENTS = 2 segments; in each, every rank has a block of BLOCK = 64 KiB,
 * moved as XFERS = 4 transfers of XFER = 16 KiB. Transfer k of segment s of rank r is at
 *   shared file:    s * (P * BLOCK) + r * BLOCK + k * XFER
 *   file per proc:  s * BLOCK + k * XFER
 * Write phase (open for creation, all transfers, close), a barrier, then the read phase
 * (open, all transfers, close), every byte read checked.
 *   POSIX: rank 0 (or every rank with FPP) open64(O_CREAT | O_RDWR, 0664), the others after
 *     a barrier open64(O_RDWR); transfers with pwrite / pread (looping on partial transfers,
 *     as IOR does); close. Read phase open64(O_RDONLY).
 *   MPIIO: MPI_File_open(MPI_MODE_CREATE | MPI_MODE_RDWR), explicit offsets:
 *     MPI_File_write_at_all / MPI_File_write_at, MPI_File_read_at_all / MPI_File_read_at;
 *     MPI_File_close. Read phase MPI_MODE_RDONLY.
 *     With VIEW = 1 (IOR's -V, useFileView): etype a contiguous type of XFER bytes, filetype
 *     a subarray {P, XFERS} of it selecting row r (each segment: every rank's block in rank
 *     order), MPI_File_set_view(0, etype, filetype, "native") after the open; a transfer is
 *     MPI_File_seek(s * XFERS + k, MPI_SEEK_SET) in etype units, then MPI_File_write_all /
 *     MPI_File_write (reads: MPI_File_read_all / MPI_File_read) of one etype. FPP: P = 1.
 *   NCMPI: ncmpi_create(NC_CLOBBER | NC_64BIT_DATA); dimensions segments_times_np
 *     (NC_UNLIMITED), number_of_transfers (XFERS), transfer_size (XFER); variable data_var
 *     (NC_BYTE, those three dimensions); ncmpi_enddef; independent: ncmpi_begin_indep_data;
 *     transfer k of segment s: start {s * P + r, k, 0} (FPP: {s, k, 0}), count {1, 1, XFER}
 *     with ncmpi_put_vara_schar_all / ncmpi_put_vara_schar (reads: get_vara_schar[_all]);
 *     independent: ncmpi_end_indep_data; ncmpi_close. Read phase ncmpi_open(NC_NOWRITE) and
 *     ncmpi_inq_varid.
 *
 * Output (rank 0, every rank's lines in rank order), one JSON object per line:
 *   {"rank":r,"api":"POSIX","call":"pwrite","file":"ior.dat","offset":o,"bytes":16384}
 *   per transfer, "offset" the byte offset in the file (NCMPI: the variable's offset from
 *   ncmpi_inq_varoffset plus the record's and transfer's, and "start":[a,b,0]);
 *   {"rank":r,"total":1,"writes":8,"reads":8,"write_bytes":131072,"read_bytes":131072}
 * and finally {"failures":N} (bytes read back wrong; exit status 1 then). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <mpi.h>
#include <pnetcdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "mpi_account.h"

#define SEGMENTS 2
#define XFERS 4
#define XFER 16384
#define BLOCK (XFERS * XFER)

static int g_rank, g_size, g_coll, g_fpp, g_view, g_setup;
static const char *g_api;
static long g_writes, g_reads, g_wbytes, g_rbytes, g_failures;
static char g_path[4096], g_name[64];

static void die(const char *what, int line) {
    fprintf(stderr, "ior_equiv: rank %d: line %d: %s failed\n", g_rank, line, what);
    MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1);
}
#define CK(ok) ((ok) ? (void)0 : die(#ok, __LINE__))

/* The byte offset of transfer k of segment s of this rank, as IOR lays the file out. */
static long long offset_of(int s, int k) {
    if (g_fpp) return (long long)s * BLOCK + (long long)k * XFER;
    return (long long)s * g_size * BLOCK + (long long)g_rank * BLOCK + (long long)k * XFER;
}

/* The pattern of a transfer: depends on rank, segment, transfer and byte. */
static void fill(unsigned char *buf, int s, int k) {
    for (int i = 0; i < XFER; i++) buf[i] = (unsigned char)(g_rank * 31 + s * 7 + k * 3 + i);
}
static void check(const unsigned char *buf, int s, int k) {
    for (int i = 0; i < XFER; i++)
        g_failures += buf[i] != (unsigned char)(g_rank * 31 + s * 7 + k * 3 + i);
}

static void note(int write, const char *call, long long off, const char *extra) {
    account("{\"rank\":%d,\"api\":\"%s\",\"call\":\"%s\",\"file\":\"%s\",\"offset\":%lld,"
            "\"bytes\":%d%s}",
            g_rank, g_api, call, g_name, off, XFER, extra);
    if (write) g_writes++, g_wbytes += XFER;
    else g_reads++, g_rbytes += XFER;
}

/* ------------------------------------------------------------------------------ POSIX */

static void posix_phase(int write) {
    int fd;
    if (!write) {
        fd = open64(g_path, O_RDONLY);
    } else if (g_fpp || g_rank == 0) {
        fd = open64(g_path, O_CREAT | O_RDWR, 0664);
        if (!g_fpp) MPI_Barrier(MPI_COMM_WORLD);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
        fd = open64(g_path, O_RDWR);
    }
    CK(fd >= 0);
    static unsigned char buf[XFER];
    for (int s = 0; s < SEGMENTS; s++)
        for (int k = 0; k < XFERS; k++) {
            long long off = offset_of(s, k);
            if (write) fill(buf, s, k);
            for (long done = 0; done < XFER;) {
                ssize_t n = write ? pwrite(fd, buf + done, XFER - done, off + done)
                                  : pread(fd, buf + done, XFER - done, off + done);
                CK(n > 0);
                done += n;
            }
            if (!write) check(buf, s, k);
            note(write, write ? "pwrite" : "pread", off, "");
        }
    CK(close(fd) == 0);
}

/* ------------------------------------------------------------------------------ MPIIO */

/* IOR's -V: each rank sees its own blocks through a view of transfer-sized etypes. */
static void set_view(MPI_File fh, MPI_Datatype *etype, MPI_Datatype *ftype) {
    int sizes[2] = {g_fpp ? 1 : g_size, XFERS}, sub[2] = {1, XFERS};
    int starts[2] = {g_fpp ? 0 : g_rank, 0};
    CK(MPI_Type_contiguous(XFER, MPI_BYTE, etype) == MPI_SUCCESS);
    CK(MPI_Type_commit(etype) == MPI_SUCCESS);
    CK(MPI_Type_create_subarray(2, sizes, sub, starts, MPI_ORDER_C, *etype, ftype) ==
       MPI_SUCCESS);
    CK(MPI_Type_commit(ftype) == MPI_SUCCESS);
    CK(MPI_File_set_view(fh, 0, *etype, *ftype, "native", MPI_INFO_NULL) == MPI_SUCCESS);
}

/* One transfer through the view: seek in etype units, one etype. */
static const char *view_xfer(MPI_File fh, MPI_Datatype etype, int write, int s, int k,
                             unsigned char *buf, MPI_Status *st) {
    CK(MPI_File_seek(fh, (MPI_Offset)s * XFERS + k, MPI_SEEK_SET) == MPI_SUCCESS);
    int rc;
    const char *call;
    if (write) {
        call = g_coll ? "MPI_File_write_all" : "MPI_File_write";
        rc = g_coll ? MPI_File_write_all(fh, buf, 1, etype, st)
                    : MPI_File_write(fh, buf, 1, etype, st);
    } else {
        call = g_coll ? "MPI_File_read_all" : "MPI_File_read";
        rc = g_coll ? MPI_File_read_all(fh, buf, 1, etype, st)
                    : MPI_File_read(fh, buf, 1, etype, st);
    }
    CK(rc == MPI_SUCCESS);
    return call;
}

static void mpiio_phase(int write) {
    MPI_Comm comm = g_fpp ? MPI_COMM_SELF : MPI_COMM_WORLD;
    MPI_File fh;
    int amode = write ? MPI_MODE_CREATE | MPI_MODE_RDWR : MPI_MODE_RDONLY;
    CK(MPI_File_open(comm, g_path, amode, MPI_INFO_NULL, &fh) == MPI_SUCCESS);
    MPI_Datatype etype = MPI_DATATYPE_NULL, ftype = MPI_DATATYPE_NULL;
    if (g_view) set_view(fh, &etype, &ftype);
    static unsigned char buf[XFER];
    for (int s = 0; s < SEGMENTS; s++)
        for (int k = 0; k < XFERS; k++) {
            MPI_Offset off = offset_of(s, k);
            MPI_Status st;
            int rc, got = 0;
            const char *call;
            if (g_view) {
                if (write) fill(buf, s, k);
                call = view_xfer(fh, etype, write, s, k, buf, &st);
                rc = MPI_SUCCESS;
            } else if (write) {
                fill(buf, s, k);
                call = g_coll ? "MPI_File_write_at_all" : "MPI_File_write_at";
                rc = g_coll ? MPI_File_write_at_all(fh, off, buf, XFER, MPI_BYTE, &st)
                            : MPI_File_write_at(fh, off, buf, XFER, MPI_BYTE, &st);
            } else {
                call = g_coll ? "MPI_File_read_at_all" : "MPI_File_read_at";
                rc = g_coll ? MPI_File_read_at_all(fh, off, buf, XFER, MPI_BYTE, &st)
                            : MPI_File_read_at(fh, off, buf, XFER, MPI_BYTE, &st);
            }
            CK(rc == MPI_SUCCESS);
            MPI_Get_count(&st, MPI_BYTE, &got);
            CK(got == XFER);
            if (!write) check(buf, s, k);
            note(write, call, off, "");
        }
    CK(MPI_File_close(&fh) == MPI_SUCCESS);
    if (g_view) MPI_Type_free(&ftype), MPI_Type_free(&etype);
}

/* IOR's setup before the write phase (SETUP = 1): free space, existence check and probe. */
static void mpiio_setup(const char *dir) {
    struct statvfs vfs;
    struct stat st;
    if (g_rank == 0) CK(statvfs(dir, &vfs) == 0);
    if (g_fpp || g_rank == 0) {
        CK(stat(g_path, &st) != 0);
        CK(stat(g_path, &st) != 0);
        MPI_File fh;
        int amode = MPI_MODE_UNIQUE_OPEN | MPI_MODE_RDONLY;
        CK(MPI_File_open(MPI_COMM_SELF, g_path, amode, MPI_INFO_NULL, &fh) != MPI_SUCCESS);
    }
    MPI_Barrier(MPI_COMM_WORLD);
}

/* ------------------------------------------------------------------------------ NCMPI */

#define NC(call) CK((call) == NC_NOERR)

static void ncmpi_phase(int write) {
    MPI_Comm comm = g_fpp ? MPI_COMM_SELF : MPI_COMM_WORLD;
    int nprocs = g_fpp ? 1 : g_size, me = g_fpp ? 0 : g_rank;
    int ncid, var;
    if (write) {
        int dims[3];
        NC(ncmpi_create(comm, g_path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
        NC(ncmpi_def_dim(ncid, "segments_times_np", NC_UNLIMITED, &dims[0]));
        NC(ncmpi_def_dim(ncid, "number_of_transfers", XFERS, &dims[1]));
        NC(ncmpi_def_dim(ncid, "transfer_size", XFER, &dims[2]));
        NC(ncmpi_def_var(ncid, "data_var", NC_BYTE, 3, dims, &var));
        NC(ncmpi_enddef(ncid));
    } else {
        NC(ncmpi_open(comm, g_path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
        NC(ncmpi_inq_varid(ncid, "data_var", &var));
    }
    if (!g_coll) NC(ncmpi_begin_indep_data(ncid));
    MPI_Offset begin;
    NC(ncmpi_inq_varoffset(ncid, var, &begin));
    static signed char buf[XFER];
    for (int s = 0; s < SEGMENTS; s++)
        for (int k = 0; k < XFERS; k++) {
            MPI_Offset start[3] = {(MPI_Offset)s * nprocs + me, k, 0}, count[3] = {1, 1, XFER};
            const char *call;
            if (write) {
                fill((unsigned char *)buf, s, k);
                call = g_coll ? "ncmpi_put_vara_schar_all" : "ncmpi_put_vara_schar";
                NC(g_coll ? ncmpi_put_vara_schar_all(ncid, var, start, count, buf)
                          : ncmpi_put_vara_schar(ncid, var, start, count, buf));
            } else {
                call = g_coll ? "ncmpi_get_vara_schar_all" : "ncmpi_get_vara_schar";
                NC(g_coll ? ncmpi_get_vara_schar_all(ncid, var, start, count, buf)
                          : ncmpi_get_vara_schar(ncid, var, start, count, buf));
                check((unsigned char *)buf, s, k);
            }
            /* One record variable: records are consecutive, XFERS * XFER bytes each. */
            long long off = begin + ((long long)start[0] * XFERS + k) * XFER;
            char extra[96];
            snprintf(extra, sizeof extra, ",\"start\":[%lld,%d,0]", (long long)start[0], k);
            note(write, call, off, extra);
        }
    if (!g_coll) NC(ncmpi_end_indep_data(ncid));
    NC(ncmpi_close(ncid));
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g_size);
    if (argc < 5) die("usage: ior_equiv DIR POSIX|MPIIO|NCMPI COLL FPP", __LINE__);
    g_api = argv[2];
    g_coll = atoi(argv[3]);
    g_fpp = atoi(argv[4]);
    g_view = argc > 5 && atoi(argv[5]);
    g_setup = argc > 6 && atoi(argv[6]);
    if (g_fpp) snprintf(g_name, sizeof g_name, "ior.dat.%08d", g_rank);
    else snprintf(g_name, sizeof g_name, "ior.dat");
    snprintf(g_path, sizeof g_path, "%s/%s", argv[1], g_name);
    void (*phase)(int);
    if (!strcmp(g_api, "POSIX")) phase = posix_phase;
    else if (!strcmp(g_api, "MPIIO")) phase = mpiio_phase;
    else if (!strcmp(g_api, "NCMPI")) phase = ncmpi_phase;
    else die("unknown API", __LINE__);
    if (g_setup && phase == mpiio_phase) mpiio_setup(argv[1]);
    phase(1);
    MPI_Barrier(MPI_COMM_WORLD);
    phase(0);
    account("{\"rank\":%d,\"total\":1,\"writes\":%ld,\"reads\":%ld,\"write_bytes\":%ld,"
            "\"read_bytes\":%ld}",
            g_rank, g_writes, g_reads, g_wbytes, g_rbytes);
    account_print();
    long failures = 0;
    MPI_Allreduce(&g_failures, &failures, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (g_rank == 0) printf("{\"failures\":%ld}\n", failures);
    MPI_Finalize();
    return failures != 0;
}
