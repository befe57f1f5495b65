/* An equivalent of PnetCDF's FLASH-IO benchmark (PnetCDF benchmarks/FLASH-IO: the I/O kernel
 * of the FLASH astrophysics code), written for these tests: PnetCDF's benchmarks are not in
 * the Debian package and its sources are not fetched in the test set-up, so this program
 * writes the benchmark's three files the way it does (a checkpoint with every unknown as a
 * double variable of all blocks, a plotfile of cell-centred and one of corner values as
 * float), with blocking collective puts or, as the benchmark's nonblocking variant, iputs
 * completed by one ncmpi_wait_all per file. No PnetCDF code is copied.
 *
 *   mpicc -o flash_equiv flash_equiv.c $(pkg-config --cflags --libs pnetcdf)
 *   mpirun -np P flash_equiv DIR MODE        MODE: blocking | nonblocking
 *
 * Every rank owns LB = 2 blocks of NXB x NYB x NZB = 8 x 8 x 8 cells; tot_blocks = P * LB,
 * rank r's blocks start at block r * LB. Files (ncmpi_create NC_CLOBBER | NC_64BIT_DATA on
 * MPI_COMM_WORLD, dimensions, variables, ncmpi_enddef, the data, ncmpi_close):
 *   DIR/flash_chk_0000.nc    lrefine, nodetype (int [tot_blocks]), coordinates, blocksize
 *       (double [tot_blocks][3]), bndbox (double [tot_blocks][3][2]), then NVAR = 10
 *       unknowns (dens velx vely velz pres ener temp gamc game enuc: double
 *       [tot_blocks][NZB][NYB][NXB], 8192 bytes per rank)
 *   DIR/flash_plt_cnt_0000.nc  lrefine, nodetype, coordinates, blocksize, bndbox, then
 *       NPLOT = 4 unknowns (dens pres temp ener) as float [tot_blocks][NZB][NYB][NXB]
 *       (4096 bytes per rank)
 *   DIR/flash_plt_crn_0000.nc  the same header variables, then the 4 unknowns at the corners
 *       as float [tot_blocks][NZB+1][NYB+1][NXB+1] (5832 bytes per rank)
 * blocking: one ncmpi_put_vara_<type>_all per variable; nonblocking: one
 * ncmpi_iput_vara_<type> per variable, then ncmpi_wait_all over all of the file's requests.
 * Finally every file is read back whole with ncmpi_get_vara_<type>_all per variable (rank r's
 * blocks) and checked.
 *
 * Output (rank 0, every rank's lines in rank order), JSON lines:
 *   {"rank":r,"file":"flash_chk_0000.nc","call":"ncmpi_put_vara_double_all","var":"dens",
 *    "bytes":8192}                         per data call (iput: also "req":<request id>)
 *   {"rank":r,"file":..,"call":"ncmpi_wait_all","completed":15}
 *   {"failures":N}                           values read back wrong (exit status 1 then) */
#include <mpi.h>
#include <pnetcdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpi_account.h"

#define LB 2
#define NXB 8
#define NYB 8
#define NZB 8
#define NVAR 10
#define NPLOT 4
#define MAXV (5 + NVAR)

static const char *g_unk[NVAR] = {"dens", "velx", "vely", "velz", "pres",
                                  "ener", "temp", "gamc", "game", "enuc"};
static const char *g_plot[NPLOT] = {"dens", "pres", "temp", "ener"};
static int g_rank, g_size, g_nonblocking;
static long g_failures;
static const char *g_dir;

static void die(const char *what, int line, int err) {
    fprintf(stderr, "flash_equiv: rank %d: line %d: %s failed: %s\n", g_rank, line, what,
            ncmpi_strerror(err));
    MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1);
}
#define NC(call)                                                                                 \
    do {                                                                                         \
        int e_ = (call);                                                                         \
        if (e_ != NC_NOERR) die(#call, __LINE__, e_);                                            \
    } while (0)

/* One variable of a file: its name, type, dimensions and this rank's data. */
struct var {
    const char *name;
    nc_type type;
    int ndims, dims[4], id;
    MPI_Offset start[4], count[4];
    long n;     /* elements of this rank */
    void *data; /* int, double or float */
};

static double value(int v, long i) { return g_rank * 1000.0 + v * 100.0 + (double)(i % 97); }

static void fill(struct var *v, int vi) {
    size_t es = v->type == NC_DOUBLE ? 8 : 4;
    v->data = malloc(v->n * es);
    for (long i = 0; i < v->n; i++) {
        double x = value(vi, i);
        if (v->type == NC_DOUBLE) ((double *)v->data)[i] = x;
        else if (v->type == NC_FLOAT) ((float *)v->data)[i] = (float)x;
        else ((int *)v->data)[i] = (int)x;
    }
}

static const char *type_name(nc_type t) {
    return t == NC_DOUBLE ? "double" : t == NC_FLOAT ? "float" : "int";
}

/* Define the header variables and the unknowns (names, type, cells per side - 1 for
 * corners) of one file. */
static int define(int ncid, struct var *vars, const char **unk, int nunk, nc_type t, int corner) {
    int tb, nx, ny, nz, nd, two;
    MPI_Offset tot = (MPI_Offset)g_size * LB;
    NC(ncmpi_def_dim(ncid, "dim_tot_blocks", tot, &tb));
    NC(ncmpi_def_dim(ncid, "dim_nxb", NXB + corner, &nx));
    NC(ncmpi_def_dim(ncid, "dim_nyb", NYB + corner, &ny));
    NC(ncmpi_def_dim(ncid, "dim_nzb", NZB + corner, &nz));
    NC(ncmpi_def_dim(ncid, "dim_NDIM", 3, &nd));
    NC(ncmpi_def_dim(ncid, "dim_2", 2, &two));
    struct {
        const char *name;
        nc_type t;
        int ndims, d[3];
    } head[5] = {{"lrefine", NC_INT, 1, {tb}},
                 {"nodetype", NC_INT, 1, {tb}},
                 {"coordinates", NC_DOUBLE, 2, {tb, nd}},
                 {"blocksize", NC_DOUBLE, 2, {tb, nd}},
                 {"bndbox", NC_DOUBLE, 3, {tb, nd, two}}};
    int n = 0;
    for (int h = 0; h < 5; h++, n++) {
        struct var *v = &vars[n];
        v->name = head[h].name, v->type = head[h].t, v->ndims = head[h].ndims;
        v->n = LB;
        v->start[0] = (MPI_Offset)g_rank * LB, v->count[0] = LB;
        for (int k = 1; k < v->ndims; k++) {
            v->dims[k] = head[h].d[k];
            v->start[k] = 0;
            v->count[k] = k == 1 ? 3 : 2;
            v->n *= v->count[k];
        }
        v->dims[0] = tb;
    }
    for (int u = 0; u < nunk; u++, n++) {
        struct var *v = &vars[n];
        v->name = unk[u], v->type = t, v->ndims = 4;
        int d[4] = {tb, nz, ny, nx};
        MPI_Offset c[4] = {LB, NZB + corner, NYB + corner, NXB + corner};
        v->n = 1;
        for (int k = 0; k < 4; k++) {
            v->dims[k] = d[k], v->count[k] = c[k], v->n *= c[k];
            v->start[k] = k ? 0 : (MPI_Offset)g_rank * LB;
        }
    }
    for (int i = 0; i < n; i++) {
        NC(ncmpi_def_var(ncid, vars[i].name, vars[i].type, vars[i].ndims, vars[i].dims,
                         &vars[i].id));
        fill(&vars[i], i);
    }
    return n;
}

static int put(int ncid, struct var *v, int *req) {
    if (g_nonblocking) {
        if (v->type == NC_DOUBLE)
            return ncmpi_iput_vara_double(ncid, v->id, v->start, v->count, v->data, req);
        if (v->type == NC_FLOAT)
            return ncmpi_iput_vara_float(ncid, v->id, v->start, v->count, v->data, req);
        return ncmpi_iput_vara_int(ncid, v->id, v->start, v->count, v->data, req);
    }
    if (v->type == NC_DOUBLE)
        return ncmpi_put_vara_double_all(ncid, v->id, v->start, v->count, v->data);
    if (v->type == NC_FLOAT)
        return ncmpi_put_vara_float_all(ncid, v->id, v->start, v->count, v->data);
    return ncmpi_put_vara_int_all(ncid, v->id, v->start, v->count, v->data);
}

static void get_check(int ncid, struct var *v) {
    size_t es = v->type == NC_DOUBLE ? 8 : 4;
    void *buf = calloc(v->n, es);
    if (v->type == NC_DOUBLE)
        NC(ncmpi_get_vara_double_all(ncid, v->id, v->start, v->count, buf));
    else if (v->type == NC_FLOAT)
        NC(ncmpi_get_vara_float_all(ncid, v->id, v->start, v->count, buf));
    else
        NC(ncmpi_get_vara_int_all(ncid, v->id, v->start, v->count, buf));
    g_failures += memcmp(buf, v->data, v->n * es) != 0;
    free(buf);
}

/* Write one file, then read it back. */
static void one_file(const char *name, const char **unk, int nunk, nc_type t, int corner) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", g_dir, name);
    struct var vars[MAXV];
    memset(vars, 0, sizeof vars);
    int ncid, reqs[MAXV];
    NC(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &ncid));
    int n = define(ncid, vars, unk, nunk, t, corner);
    NC(ncmpi_enddef(ncid));
    for (int i = 0; i < n; i++) {
        struct var *v = &vars[i];
        size_t bytes = v->n * (v->type == NC_DOUBLE ? 8 : 4);
        NC(put(ncid, v, &reqs[i]));
        if (g_nonblocking)
            account("{\"rank\":%d,\"file\":\"%s\",\"call\":\"ncmpi_iput_vara_%s\",\"var\":\"%s\","
                    "\"bytes\":%zu,\"req\":%d}",
                    g_rank, name, type_name(v->type), v->name, bytes, reqs[i]);
        else
            account("{\"rank\":%d,\"file\":\"%s\",\"call\":\"ncmpi_put_vara_%s_all\",\"var\":"
                    "\"%s\",\"bytes\":%zu}",
                    g_rank, name, type_name(v->type), v->name, bytes);
    }
    if (g_nonblocking) {
        int st[MAXV];
        NC(ncmpi_wait_all(ncid, n, reqs, st));
        int done = 0;
        for (int i = 0; i < n; i++) done += st[i] == NC_NOERR;
        account("{\"rank\":%d,\"file\":\"%s\",\"call\":\"ncmpi_wait_all\",\"completed\":%d}",
                g_rank, name, done);
    }
    NC(ncmpi_close(ncid));
    NC(ncmpi_open(MPI_COMM_WORLD, path, NC_NOWRITE, MPI_INFO_NULL, &ncid));
    for (int i = 0; i < n; i++) {
        struct var *v = &vars[i];
        get_check(ncid, v);
        account("{\"rank\":%d,\"file\":\"%s\",\"call\":\"ncmpi_get_vara_%s_all\",\"var\":\"%s\","
                "\"bytes\":%ld}",
                g_rank, name, type_name(v->type), v->name,
                v->n * (v->type == NC_DOUBLE ? 8 : 4));
        free(v->data);
    }
    NC(ncmpi_close(ncid));
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g_size);
    if (argc < 3) die("usage: flash_equiv DIR blocking|nonblocking", __LINE__, 0);
    g_dir = argv[1];
    g_nonblocking = !strcmp(argv[2], "nonblocking");
    one_file("flash_chk_0000.nc", g_unk, NVAR, NC_DOUBLE, 0);
    one_file("flash_plt_cnt_0000.nc", g_plot, NPLOT, NC_FLOAT, 0);
    one_file("flash_plt_crn_0000.nc", g_plot, NPLOT, NC_FLOAT, 1);
    account_print();
    long failures = 0;
    MPI_Allreduce(&g_failures, &failures, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (g_rank == 0) printf("{\"failures\":%ld}\n", failures);
    MPI_Finalize();
    return failures != 0;
}
