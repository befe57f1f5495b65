/* Known netCDF calls through the serial libnetcdf (Debian libnetcdf-dev 4.9.0, netCDF-4 on
 * HDF5 1.10); argv[1] is the scratch directory, the files are created there (kept).
 *
 *   gcc -O0 -o nc_all nc_all.c $(pkg-config --cflags --libs netcdf)
 *   ./nc_all DIR
 *
 * Four files, one per format, each written the same way:
 *   n4.nc    NC_NETCDF4 | NC_CLOBBER        (netCDF-4: HDF5 underneath)
 *   c.nc     NC_CLOBBER                     (classic CDF-1; ended with nc__enddef)
 *   o64.nc   NC_CLOBBER | NC_64BIT_OFFSET   (CDF-2)
 *   cdf5.nc  NC_CLOBBER | NC_64BIT_DATA     (CDF-5)
 *
 * 1. nc_create; nc_def_dim x=100, y=10, k=8, s=16; nc_def_var:
 *      v_old double(x)  (renamed to "v" below)     m  int(x,y)
 *      t  char(s)       b  byte(k)     sh short(k)     l  int(k)     f  float(k)
 *      CDF-5 and netCDF-4 only:  ub ubyte(k)  us ushort(k)  ui uint(k)  ll int64(k)
 *                                ull uint64(k)
 *      netCDF-4 only:            str string(k); m chunked 10x10 (nc_def_var_chunking) and
 *                                deflated (nc_def_var_deflate, shuffle, level 4)
 *    nc_set_fill(NC_FILL); nc_enddef (nc__enddef for c.nc);
 *    nc_redef; nc_rename_var v_old -> v; nc_enddef.
 * 2. data, in this order (bytes = elements x size of the memory type of the call; for the
 *    untyped nc_put_vara / nc_get_vara / nc_get_var: x size of the variable's type):
 *      nc_put_var_double   v  100 elements  800 bytes   v[i] = i + 0.5
 *      nc_put_vara_int     m  start {10,0} count {5,10}: 50 elements, 200 bytes
 *      nc_put_var1_double  v  index 7: 1 element, 8 bytes
 *      nc_put_vars_int     m  start {0,0} count {5,5} stride {2,2}: 25 elements, 100 bytes
 *      nc_put_varm_double  v  start 20 count 10 stride 1 imap 2 (every other element of a
 *                             20-element buffer): 10 elements, 80 bytes
 *      nc_put_vara         v  start 50 count 10 (doubles): 10 elements, 80 bytes
 *      nc_put_var_text t (16 x 1), nc_put_var_schar b (8 x 1), nc_put_vara_uchar b start 4
 *      count 4 (4 x 1), nc_put_var_short sh (8 x 2), nc_put_var_long l (8 x sizeof(long)),
 *      nc_put_var_float f (8 x 4); CDF-5 / netCDF-4: nc_put_var_ubyte ub (8 x 1),
 *      nc_put_var_ushort us (8 x 2), nc_put_var_uint ui (8 x 4), nc_put_var_longlong ll
 *      (8 x 8), nc_put_var_ulonglong ull (8 x 8); netCDF-4: nc_put_var_string str
 *      (8 x sizeof(char *))
 *    nc_sync; nc_close.
 * 3. nc_open NC_NOWRITE; the matching reads, each compared with what was written:
 *      nc_get_var_double v (800), nc_get_vara_int m (200), nc_get_var1_double v (8),
 *      nc_get_vars_int m (100), nc_get_varm_double v (80), nc_get_vara v (80),
 *      nc_get_var_text, nc_get_var_schar, nc_get_vara_uchar, nc_get_var_short,
 *      nc_get_var_long, nc_get_var_float, nc_get_var f (untyped, 8 floats: 32),
 *      CDF-5 / netCDF-4: nc_get_var_ubyte, _ushort, _uint, _longlong, _ulonglong;
 *      netCDF-4: nc_get_var_string (+ nc_free_string);
 *    nc_close.
 * 4. ab.nc (classic): nc_create, nc_def_dim, then nc_abort in define mode: the file is
 *    removed.
 *
 * Output: one line per data call, in program order:
 *     op <function> file=<name> var=<name> elements=<n> bytes=<n>
 * plus `file <name> format=<nc_inq_format> ...` lines and a final `aborted ab.nc exists=0`.
 * Every return value is checked: on an error, nc_strerror goes to stderr and the exit status
 * is 1.
 *
 * Measured with ltrace on libnetcdf 4.9.0: libnetcdf calls its own exported functions through
 * the PLT (nc_create -> nc__create, nc_inq_*), never another nc_put_var* / nc_get_var*; on
 * n4.nc every data call does at least one H5Dwrite / H5Dread inside, nc_put_varm_double /
 * nc_get_varm_double ten (one per element); nc_open reads the magic number with fopen /
 * fread / fclose before opening the file for good (open64, or H5Fopen); the classic formats
 * buffer the data: their data calls do no POSIX I/O here, nc_enddef / nc_sync write.
 */
#include <netcdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NX 100
#define NY 10
#define NK 8
#define NS 16

static const char *g_dir;
static const char *g_file;

static void die(const char *what, int line, int status) {
    fprintf(stderr, "nc_all: %s: line %d: %s: %s\n", g_file, line, what, nc_strerror(status));
    exit(1);
}
#define CK(call)                                                                                 \
    do {                                                                                         \
        int s_ = (call);                                                                         \
        if (s_ != NC_NOERR) die(#call, __LINE__, s_);                                            \
    } while (0)

static void fail(const char *what, int line) {
    fprintf(stderr, "nc_all: %s: line %d: %s\n", g_file, line, what);
    exit(1);
}
#define EXPECT(cond)                                                                             \
    do {                                                                                         \
        if (!(cond)) fail("data read back differs: " #cond, __LINE__);                           \
    } while (0)

static void op(const char *fn, const char *var, long long elements, long long size) {
    printf("op %s file=%s var=%s elements=%lld bytes=%lld\n", fn, g_file, var, elements,
           elements * size);
}

static void path_of(char *buf, size_t n, const char *name) {
    snprintf(buf, n, "%s/%s", g_dir, name);
}

/* Variable ids of one file. */
struct vars {
    int v, m, t, b, sh, l, f;
    int ub, us, ui, ll, ull; /* CDF-5 and netCDF-4 */
    int str;                 /* netCDF-4 */
};

/* The data every file gets. */
static double g_v[NX];
static int g_m[NX][NY];
static const char g_text[NS + 1] = "netCDF text 0123";
static const signed char g_schar[NK] = {-4, -3, -2, -1, 0, 1, 2, 3};
static const unsigned char g_uchar[4] = {100, 101, 102, 103}; /* b[4..7] */
static const short g_short[NK] = {-300, -200, -100, 0, 100, 200, 300, 32000};
static const long g_long[NK] = {-2000000000L, -7, -1, 0, 1, 7, 123456, 2000000000L};
static const float g_float[NK] = {0.5f, 1.5f, -2.25f, 3.0f, 1e10f, -1e-3f, 7.0f, 8.0f};
static const unsigned char g_ubyte[NK] = {0, 1, 2, 127, 128, 200, 254, 255};
static const unsigned short g_ushort[NK] = {0, 1, 2, 32767, 32768, 40000, 65534, 65535};
static const unsigned int g_uint[NK] = {0, 1, 2, 2147483647u, 2147483648u, 3000000000u,
                                        4294967294u, 4294967295u};
static const long long g_longlong[NK] = {-9000000000000000000LL, -1, 0, 1, 2, 3,
                                         4294967296LL, 9000000000000000000LL};
static const unsigned long long g_ulonglong[NK] = {0, 1, 2, 3, 4294967296ULL,
                                                   9000000000000000000ULL,
                                                   18000000000000000000ULL,
                                                   18446744073709551615ULL};
static const char *g_string[NK] = {"zero", "one", "", "three", "four four", "five",
                                   "six", "a longer seventh string"};

/* The expected contents of v after the writes. */
static void expected_v(double *out) {
    for (int i = 0; i < NX; i++) out[i] = i + 0.5;
    out[7] = -7.0;                                  /* nc_put_var1_double */
    for (int i = 0; i < 10; i++) out[20 + i] = 2000 + i; /* nc_put_varm_double */
    for (int i = 0; i < 10; i++) out[50 + i] = 5000 + i; /* nc_put_vara */
}

static void define(int nc, int kind, struct vars *w, int use__enddef) {
    int x, y, k, s;
    CK(nc_def_dim(nc, "x", NX, &x));
    CK(nc_def_dim(nc, "y", NY, &y));
    CK(nc_def_dim(nc, "k", NK, &k));
    CK(nc_def_dim(nc, "s", NS, &s));
    int xy[2] = {x, y};
    CK(nc_def_var(nc, "v_old", NC_DOUBLE, 1, &x, &w->v));
    CK(nc_def_var(nc, "m", NC_INT, 2, xy, &w->m));
    CK(nc_def_var(nc, "t", NC_CHAR, 1, &s, &w->t));
    CK(nc_def_var(nc, "b", NC_BYTE, 1, &k, &w->b));
    CK(nc_def_var(nc, "sh", NC_SHORT, 1, &k, &w->sh));
    CK(nc_def_var(nc, "l", NC_INT, 1, &k, &w->l));
    CK(nc_def_var(nc, "f", NC_FLOAT, 1, &k, &w->f));
    if (kind >= 1) {
        CK(nc_def_var(nc, "ub", NC_UBYTE, 1, &k, &w->ub));
        CK(nc_def_var(nc, "us", NC_USHORT, 1, &k, &w->us));
        CK(nc_def_var(nc, "ui", NC_UINT, 1, &k, &w->ui));
        CK(nc_def_var(nc, "ll", NC_INT64, 1, &k, &w->ll));
        CK(nc_def_var(nc, "ull", NC_UINT64, 1, &k, &w->ull));
    }
    if (kind == 2) {
        CK(nc_def_var(nc, "str", NC_STRING, 1, &k, &w->str));
        size_t chunks[2] = {10, 10};
        CK(nc_def_var_chunking(nc, w->m, NC_CHUNKED, chunks));
        CK(nc_def_var_deflate(nc, w->m, 1, 1, 4));
    }
    int old = -1;
    CK(nc_set_fill(nc, NC_FILL, &old));
    printf("file %s set_fill old=%s\n", g_file, old == NC_FILL ? "NC_FILL" : "NC_NOFILL");
    if (use__enddef)
        CK(nc__enddef(nc, 0, 4, 0, 4));
    else
        CK(nc_enddef(nc));
    CK(nc_redef(nc));
    CK(nc_rename_var(nc, w->v, "v"));
    CK(nc_enddef(nc));
}

static void write_data(int nc, int kind, const struct vars *w) {
    /* v: whole, one element, mapped, untyped */
    CK(nc_put_var_double(nc, w->v, g_v));
    op("nc_put_var_double", "v", NX, sizeof(double));

    size_t st[2] = {10, 0}, ct[2] = {5, 10};
    CK(nc_put_vara_int(nc, w->m, st, ct, &g_m[10][0]));
    op("nc_put_vara_int", "m", 50, sizeof(int));

    size_t i7 = 7;
    double d7 = -7.0;
    CK(nc_put_var1_double(nc, w->v, &i7, &d7));
    op("nc_put_var1_double", "v", 1, sizeof(double));

    size_t sst[2] = {0, 0}, sct[2] = {5, 5};
    ptrdiff_t sstr[2] = {2, 2};
    int strided[25];
    for (int i = 0; i < 25; i++) strided[i] = g_m[2 * (i / 5)][2 * (i % 5)];
    CK(nc_put_vars_int(nc, w->m, sst, sct, sstr, strided));
    op("nc_put_vars_int", "m", 25, sizeof(int));

    size_t mst = 20, mct = 10;
    ptrdiff_t mstr = 1, imap = 2;
    double mapped[20];
    for (int i = 0; i < 20; i++) mapped[i] = (i % 2) ? -1.0 : 2000 + i / 2;
    CK(nc_put_varm_double(nc, w->v, &mst, &mct, &mstr, &imap, mapped));
    op("nc_put_varm_double", "v", 10, sizeof(double));

    size_t ast = 50, act = 10;
    double untyped[10];
    for (int i = 0; i < 10; i++) untyped[i] = 5000 + i;
    CK(nc_put_vara(nc, w->v, &ast, &act, untyped));
    op("nc_put_vara", "v", 10, sizeof(double));

    /* the other memory types */
    CK(nc_put_var_text(nc, w->t, g_text));
    op("nc_put_var_text", "t", NS, sizeof(char));
    CK(nc_put_var_schar(nc, w->b, g_schar));
    op("nc_put_var_schar", "b", NK, sizeof(signed char));
    size_t ust = 4, uct = 4;
    CK(nc_put_vara_uchar(nc, w->b, &ust, &uct, g_uchar));
    op("nc_put_vara_uchar", "b", 4, sizeof(unsigned char));
    CK(nc_put_var_short(nc, w->sh, g_short));
    op("nc_put_var_short", "sh", NK, sizeof(short));
    CK(nc_put_var_long(nc, w->l, g_long));
    op("nc_put_var_long", "l", NK, sizeof(long));
    CK(nc_put_var_float(nc, w->f, g_float));
    op("nc_put_var_float", "f", NK, sizeof(float));
    if (kind >= 1) {
        CK(nc_put_var_ubyte(nc, w->ub, g_ubyte));
        op("nc_put_var_ubyte", "ub", NK, sizeof(unsigned char));
        CK(nc_put_var_ushort(nc, w->us, g_ushort));
        op("nc_put_var_ushort", "us", NK, sizeof(unsigned short));
        CK(nc_put_var_uint(nc, w->ui, g_uint));
        op("nc_put_var_uint", "ui", NK, sizeof(unsigned int));
        CK(nc_put_var_longlong(nc, w->ll, g_longlong));
        op("nc_put_var_longlong", "ll", NK, sizeof(long long));
        CK(nc_put_var_ulonglong(nc, w->ull, g_ulonglong));
        op("nc_put_var_ulonglong", "ull", NK, sizeof(unsigned long long));
    }
    if (kind == 2) {
        CK(nc_put_var_string(nc, w->str, g_string));
        op("nc_put_var_string", "str", NK, sizeof(char *));
    }
}

static void lookup(int nc, int kind, struct vars *w) {
    CK(nc_inq_varid(nc, "v", &w->v));
    CK(nc_inq_varid(nc, "m", &w->m));
    CK(nc_inq_varid(nc, "t", &w->t));
    CK(nc_inq_varid(nc, "b", &w->b));
    CK(nc_inq_varid(nc, "sh", &w->sh));
    CK(nc_inq_varid(nc, "l", &w->l));
    CK(nc_inq_varid(nc, "f", &w->f));
    if (kind >= 1) {
        CK(nc_inq_varid(nc, "ub", &w->ub));
        CK(nc_inq_varid(nc, "us", &w->us));
        CK(nc_inq_varid(nc, "ui", &w->ui));
        CK(nc_inq_varid(nc, "ll", &w->ll));
        CK(nc_inq_varid(nc, "ull", &w->ull));
    }
    if (kind == 2) CK(nc_inq_varid(nc, "str", &w->str));
}

static void read_data(int nc, int kind, const struct vars *w) {
    double want_v[NX], v[NX];
    expected_v(want_v);
    CK(nc_get_var_double(nc, w->v, v));
    op("nc_get_var_double", "v", NX, sizeof(double));
    EXPECT(memcmp(v, want_v, sizeof v) == 0);

    size_t st[2] = {10, 0}, ct[2] = {5, 10};
    int m[50];
    CK(nc_get_vara_int(nc, w->m, st, ct, m));
    op("nc_get_vara_int", "m", 50, sizeof(int));
    EXPECT(memcmp(m, &g_m[10][0], sizeof m) == 0);

    size_t i7 = 7;
    double d7 = 0;
    CK(nc_get_var1_double(nc, w->v, &i7, &d7));
    op("nc_get_var1_double", "v", 1, sizeof(double));
    EXPECT(d7 == -7.0);

    size_t sst[2] = {0, 0}, sct[2] = {5, 5};
    ptrdiff_t sstr[2] = {2, 2};
    int strided[25];
    CK(nc_get_vars_int(nc, w->m, sst, sct, sstr, strided));
    op("nc_get_vars_int", "m", 25, sizeof(int));
    for (int i = 0; i < 25; i++) EXPECT(strided[i] == g_m[2 * (i / 5)][2 * (i % 5)]);

    size_t mst = 20, mct = 10;
    ptrdiff_t mstr = 1, imap = 2;
    double mapped[20];
    for (int i = 0; i < 20; i++) mapped[i] = -1.0;
    CK(nc_get_varm_double(nc, w->v, &mst, &mct, &mstr, &imap, mapped));
    op("nc_get_varm_double", "v", 10, sizeof(double));
    for (int i = 0; i < 20; i++) EXPECT(mapped[i] == ((i % 2) ? -1.0 : 2000 + i / 2));

    size_t ast = 50, act = 10;
    double untyped[10];
    CK(nc_get_vara(nc, w->v, &ast, &act, untyped));
    op("nc_get_vara", "v", 10, sizeof(double));
    EXPECT(memcmp(untyped, &want_v[50], sizeof untyped) == 0);

    char text[NS];
    CK(nc_get_var_text(nc, w->t, text));
    op("nc_get_var_text", "t", NS, sizeof(char));
    EXPECT(memcmp(text, g_text, NS) == 0);
    signed char sc[NK];
    CK(nc_get_var_schar(nc, w->b, sc));
    op("nc_get_var_schar", "b", NK, sizeof(signed char));
    EXPECT(memcmp(sc, g_schar, 4) == 0);
    for (int i = 0; i < 4; i++) EXPECT(sc[4 + i] == (signed char)g_uchar[i]);
    size_t ust = 4, uct = 4;
    unsigned char uc[4];
    CK(nc_get_vara_uchar(nc, w->b, &ust, &uct, uc));
    op("nc_get_vara_uchar", "b", 4, sizeof(unsigned char));
    EXPECT(memcmp(uc, g_uchar, 4) == 0);
    short sh[NK];
    CK(nc_get_var_short(nc, w->sh, sh));
    op("nc_get_var_short", "sh", NK, sizeof(short));
    EXPECT(memcmp(sh, g_short, sizeof sh) == 0);
    long l[NK];
    CK(nc_get_var_long(nc, w->l, l));
    op("nc_get_var_long", "l", NK, sizeof(long));
    EXPECT(memcmp(l, g_long, sizeof l) == 0);
    float f[NK], f2[NK];
    CK(nc_get_var_float(nc, w->f, f));
    op("nc_get_var_float", "f", NK, sizeof(float));
    EXPECT(memcmp(f, g_float, sizeof f) == 0);
    CK(nc_get_var(nc, w->f, f2));
    op("nc_get_var", "f", NK, sizeof(float));
    EXPECT(memcmp(f2, g_float, sizeof f2) == 0);
    if (kind >= 1) {
        unsigned char ub[NK];
        CK(nc_get_var_ubyte(nc, w->ub, ub));
        op("nc_get_var_ubyte", "ub", NK, sizeof(unsigned char));
        EXPECT(memcmp(ub, g_ubyte, sizeof ub) == 0);
        unsigned short us[NK];
        CK(nc_get_var_ushort(nc, w->us, us));
        op("nc_get_var_ushort", "us", NK, sizeof(unsigned short));
        EXPECT(memcmp(us, g_ushort, sizeof us) == 0);
        unsigned int ui[NK];
        CK(nc_get_var_uint(nc, w->ui, ui));
        op("nc_get_var_uint", "ui", NK, sizeof(unsigned int));
        EXPECT(memcmp(ui, g_uint, sizeof ui) == 0);
        long long ll[NK];
        CK(nc_get_var_longlong(nc, w->ll, ll));
        op("nc_get_var_longlong", "ll", NK, sizeof(long long));
        EXPECT(memcmp(ll, g_longlong, sizeof ll) == 0);
        unsigned long long ull[NK];
        CK(nc_get_var_ulonglong(nc, w->ull, ull));
        op("nc_get_var_ulonglong", "ull", NK, sizeof(unsigned long long));
        EXPECT(memcmp(ull, g_ulonglong, sizeof ull) == 0);
    }
    if (kind == 2) {
        char *str[NK];
        CK(nc_get_var_string(nc, w->str, str));
        op("nc_get_var_string", "str", NK, sizeof(char *));
        for (int i = 0; i < NK; i++) EXPECT(strcmp(str[i], g_string[i]) == 0);
        CK(nc_free_string(NK, str));
    }
}

/* kind: 0 classic / 64-bit offset, 1 CDF-5, 2 netCDF-4. */
static void one_file(const char *name, int cmode, int kind, int use__enddef) {
    char path[4096];
    g_file = name;
    path_of(path, sizeof path, name);
    struct vars w;
    memset(&w, -1, sizeof w);
    int nc, fmt = -1;
    CK(nc_create(path, cmode, &nc));
    CK(nc_inq_format(nc, &fmt));
    printf("file %s format=%d\n", name, fmt);
    define(nc, kind, &w, use__enddef);
    write_data(nc, kind, &w);
    CK(nc_sync(nc));
    CK(nc_close(nc));

    CK(nc_open(path, NC_NOWRITE, &nc));
    lookup(nc, kind, &w);
    read_data(nc, kind, &w);
    CK(nc_close(nc));
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    g_dir = argv[1];
    for (int i = 0; i < NX; i++) g_v[i] = i + 0.5;
    for (int i = 0; i < NX; i++)
        for (int j = 0; j < NY; j++) g_m[i][j] = i * 100 + j;

    one_file("n4.nc", NC_NETCDF4 | NC_CLOBBER, 2, 0);
    one_file("c.nc", NC_CLOBBER, 0, 1);
    one_file("o64.nc", NC_CLOBBER | NC_64BIT_OFFSET, 0, 0);
    one_file("cdf5.nc", NC_CLOBBER | NC_64BIT_DATA, 1, 0);

    /* nc_abort in define mode: the new file is removed. */
    char path[4096];
    g_file = "ab.nc";
    path_of(path, sizeof path, g_file);
    int nc, d;
    CK(nc_create(path, NC_CLOBBER, &nc));
    CK(nc_def_dim(nc, "x", 3, &d));
    CK(nc_abort(nc));
    printf("aborted ab.nc exists=%d\n", access(path, F_OK) == 0);
    return 0;
}
