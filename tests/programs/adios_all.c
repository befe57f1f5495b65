/* ADIOS2 C API (2.12, the serial build of the PyPI wheel installed in /opt/recorder-otf2-adios2/adios2):
 * write three steps with deferred and sync puts, then read them back step by step with
 * deferred and sync gets. Serial: several processes can run it at once, each with its own TAG.
 *
 *   gcc -O0 -o adios_all adios_all.c -I/opt/recorder-otf2-adios2/adios2/include \
 *       -L/opt/recorder-otf2-adios2/adios2 -ladios2_c -Wl,-rpath,/opt/recorder-otf2-adios2/adios2 \
 *       -Wl,-rpath-link,/opt/recorder-otf2-adios2/adios2.libs -Wl,--allow-shlib-undefined
 *   ./adios_all DIR TAG
 *
 * Writes DIR/out<TAG>.bp (a BP5 directory; BP4 if the library was built without BP5: the
 * first output line says which). adios2_init_serial; adios2_declare_io "writer";
 * adios2_set_engine; adios2_define_variable:
 *     temperature  double  shape {1000}   start {0}   count {1000}
 *     grid         int32   shape {20,30}  start {0,0} count {20,30}
 *     pressure     double  shape {100}    start {0}   count {100}
 *     step         int32   scalar (ndims 0)
 * Write (adios2_open adios2_mode_write), steps s = 0, 1, 2:
 *     adios2_begin_step (adios2_step_mode_append)
 *     adios2_put         temperature deferred 8000 bytes   temperature[i] = 10000 s + i + 0.5
 *     adios2_put         grid        sync     2400 bytes   grid[y][x] = 100000 s + 30 y + x
 *     adios2_put_by_name pressure    deferred  800 bytes   pressure[i] = -(1000 s + i)
 *     adios2_put         step        sync        4 bytes   step = s
 *     s == 0 only: adios2_perform_puts   completes 2 deferred puts
 *     adios2_end_step                    completes 0 (s == 0) or 2 (s = 1, 2)
 *   adios2_close                         completes 0 (printed with step=3: after 3 steps)
 * Read (second io "reader", same engine; adios2_open adios2_mode_read), steps s = 0, 1, 2:
 *     adios2_begin_step (adios2_step_mode_read, status ok; a fourth begin_step returns
 *     adios2_step_status_end_of_stream and is not printed)
 *     adios2_inquire_variable temperature, grid, pressure, step (each step)
 *     adios2_set_selection temperature start {100} count {500}; grid start {5,10} count {10,10}
 *     adios2_get         temperature deferred 4000 bytes
 *     adios2_get         grid        deferred  400 bytes
 *     adios2_perform_gets                completes 2
 *     adios2_get         step        sync        4 bytes
 *     adios2_get_by_name pressure    deferred  800 bytes
 *     adios2_end_step                    completes 1
 *   adios2_close                         completes 0 (step=3); adios2_finalize.
 *   The BP5 reader's close writes /tmp/out<TAG>.bp_<pid in hex>_profiling.json (always, in
 *   ADIOS2 2.12); the program unlinks that file afterwards (nothing printed).
 * Every value read is compared with what was written.
 *
 * Output, in program order:
 *     engine <BP5|BP4> file=out<TAG>.bp
 *     put <function> var=<name> mode=<deferred|sync> bytes=<n> step=<s>
 *     get <function> var=<name> mode=<deferred|sync> bytes=<n> step=<s>
 *     complete <function> step=<s> pending=<k>    (adios2_perform_puts, adios2_perform_gets,
 *         adios2_end_step, adios2_close: k = deferred puts / gets issued since the previous
 *         completion point, which by ADIOS2 semantics this call completes)
 *     failures: <n>
 * n counts the values read back that differ; exit status 1 if n > 0. A failing ADIOS2 call
 * (non-zero adios2_error, or NULL handle) prints the call on stderr (ADIOS2 itself prints
 * the exception) and exits with status 1.
 *
 * Measured with strace (BP5, default parameters): the writer mkdirs DIR/out<TAG>.bp and
 * opens data.0, md.0, md.idx, mmd.0 (O_WRONLY|O_CREAT|O_TRUNC) each in its own short-lived
 * thread (parameter AsyncOpen, default on: the order varies from run to run), writes data.0
 * and md.0 with writev (11200 bytes of data per step, each step at a 4096-aligned offset) and
 * md.idx / mmd.0 with write, and writes profiling.json in the directory at close. The reader
 * tries s3.json (ENOENT), opens md.idx, md.0, mmd.0 and data.0 O_RDONLY and reads with
 * pread64, some of them in worker threads.
 */
#include <adios2_c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CK(call)                                                                                 \
    do {                                                                                         \
        adios2_error e_ = (call);                                                                \
        if (e_ != adios2_error_none) {                                                           \
            fprintf(stderr, "adios_all: line %d: %s: adios2_error %d\n", __LINE__, #call,        \
                    (int)e_);                                                                    \
            exit(1);                                                                             \
        }                                                                                        \
    } while (0)

/* Calls that return a handle: NULL is the error. */
#define CKP(lhs, call)                                                                           \
    do {                                                                                         \
        (lhs) = (call);                                                                          \
        if ((lhs) == NULL) {                                                                     \
            fprintf(stderr, "adios_all: line %d: %s returned NULL\n", __LINE__, #call);          \
            exit(1);                                                                             \
        }                                                                                        \
    } while (0)

#define EXPECT(cond)                                                                             \
    do {                                                                                         \
        if (!(cond)) {                                                                           \
            fprintf(stderr, "adios_all: line %d: failed: %s\n", __LINE__, #cond);                \
            g_failures++;                                                                        \
        }                                                                                        \
    } while (0)

#ifdef ADIOS2_HAVE_BP5
#define ENGINE "BP5"
#else
#define ENGINE "BP4"
#endif

#define NSTEPS 3
#define NT 1000           /* temperature */
#define NY 20             /* grid rows */
#define NX 30             /* grid columns */
#define NP 100            /* pressure */
#define T_START 100       /* temperature read selection */
#define T_COUNT 500
#define G_Y0 5            /* grid read selection */
#define G_X0 10
#define G_NY 10
#define G_NX 10

static int g_failures;
static int g_pending; /* deferred puts / gets not completed yet */

static void put(const char *fn, const char *var, adios2_mode mode, long long bytes, int step) {
    printf("put %s var=%s mode=%s bytes=%lld step=%d\n", fn, var,
           mode == adios2_mode_deferred ? "deferred" : "sync", bytes, step);
    if (mode == adios2_mode_deferred) g_pending++;
}

static void get(const char *fn, const char *var, adios2_mode mode, long long bytes, int step) {
    printf("get %s var=%s mode=%s bytes=%lld step=%d\n", fn, var,
           mode == adios2_mode_deferred ? "deferred" : "sync", bytes, step);
    if (mode == adios2_mode_deferred) g_pending++;
}

static void complete(const char *fn, int step) {
    printf("complete %s step=%d pending=%d\n", fn, step, g_pending);
    g_pending = 0;
}

static double t_val(int s, int i) { return 10000.0 * s + i + 0.5; }
static int g_val(int s, int y, int x) { return 100000 * s + 30 * y + x; }
static double p_val(int s, int i) { return -(1000.0 * s + i); }

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s DIR TAG\n", argv[0]);
        return 2;
    }
    char name[256], path[4096];
    snprintf(name, sizeof name, "out%s.bp", argv[2]);
    snprintf(path, sizeof path, "%s/%s", argv[1], name);

    adios2_adios *adios;
    CKP(adios, adios2_init_serial());
    printf("engine %s file=%s\n", ENGINE, name);

    /* ---- write ---- */
    adios2_io *wio;
    CKP(wio, adios2_declare_io(adios, "writer"));
    CK(adios2_set_engine(wio, ENGINE));
    const size_t t_shape[1] = {NT}, t_start[1] = {0}, t_count[1] = {NT};
    const size_t g_shape[2] = {NY, NX}, g_start[2] = {0, 0}, g_count[2] = {NY, NX};
    const size_t p_shape[1] = {NP}, p_start[1] = {0}, p_count[1] = {NP};
    adios2_variable *vt, *vg, *vs;
    CKP(vt, adios2_define_variable(wio, "temperature", adios2_type_double, 1, t_shape, t_start,
                                   t_count, adios2_constant_dims_true));
    CKP(vg, adios2_define_variable(wio, "grid", adios2_type_int32_t, 2, g_shape, g_start,
                                   g_count, adios2_constant_dims_true));
    adios2_variable *vp;
    CKP(vp, adios2_define_variable(wio, "pressure", adios2_type_double, 1, p_shape, p_start,
                                   p_count, adios2_constant_dims_true));
    CKP(vs, adios2_define_variable(wio, "step", adios2_type_int32_t, 0, NULL, NULL, NULL,
                                   adios2_constant_dims_true));
    (void)vp;

    adios2_engine *w;
    CKP(w, adios2_open(wio, path, adios2_mode_write));
    static double temp[NT], pres[NP];
    static int grid[NY * NX];
    for (int s = 0; s < NSTEPS; s++) {
        adios2_step_status status;
        CK(adios2_begin_step(w, adios2_step_mode_append, -1.0f, &status));
        EXPECT(status == adios2_step_status_ok);
        for (int i = 0; i < NT; i++) temp[i] = t_val(s, i);
        for (int y = 0; y < NY; y++)
            for (int x = 0; x < NX; x++) grid[y * NX + x] = g_val(s, y, x);
        for (int i = 0; i < NP; i++) pres[i] = p_val(s, i);
        int step = s;

        CK(adios2_put(w, vt, temp, adios2_mode_deferred));
        put("adios2_put", "temperature", adios2_mode_deferred, NT * 8, s);
        CK(adios2_put(w, vg, grid, adios2_mode_sync));
        put("adios2_put", "grid", adios2_mode_sync, NY * NX * 4, s);
        /* a sync put has consumed the data: the buffer may change at once */
        memset(grid, 0xff, sizeof grid);
        CK(adios2_put_by_name(w, "pressure", pres, adios2_mode_deferred));
        put("adios2_put_by_name", "pressure", adios2_mode_deferred, NP * 8, s);
        CK(adios2_put(w, vs, &step, adios2_mode_sync));
        put("adios2_put", "step", adios2_mode_sync, 4, s);
        if (s == 0) {
            CK(adios2_perform_puts(w));
            complete("adios2_perform_puts", s);
            /* the deferred puts are done: their buffers may change now */
            memset(temp, 0xff, sizeof temp);
            memset(pres, 0xff, sizeof pres);
        }
        CK(adios2_end_step(w));
        complete("adios2_end_step", s);
    }
    CK(adios2_close(w));
    complete("adios2_close", NSTEPS);

    /* ---- read ---- */
    adios2_io *rio;
    CKP(rio, adios2_declare_io(adios, "reader"));
    CK(adios2_set_engine(rio, ENGINE));
    adios2_engine *r;
    CKP(r, adios2_open(rio, path, adios2_mode_read));
    int s = 0;
    for (;; s++) {
        adios2_step_status status;
        CK(adios2_begin_step(r, adios2_step_mode_read, -1.0f, &status));
        if (status == adios2_step_status_end_of_stream) break;
        EXPECT(status == adios2_step_status_ok);
        if (status != adios2_step_status_ok) break;

        adios2_variable *rt, *rg, *rp, *rs;
        CKP(rt, adios2_inquire_variable(rio, "temperature"));
        CKP(rg, adios2_inquire_variable(rio, "grid"));
        CKP(rp, adios2_inquire_variable(rio, "pressure"));
        CKP(rs, adios2_inquire_variable(rio, "step"));
        size_t shape[2] = {0, 0};
        CK(adios2_variable_shape(shape, rt));
        EXPECT(shape[0] == NT);
        CK(adios2_variable_shape(shape, rg));
        EXPECT(shape[0] == NY && shape[1] == NX);

        const size_t ts[1] = {T_START}, tc[1] = {T_COUNT};
        const size_t gs[2] = {G_Y0, G_X0}, gc[2] = {G_NY, G_NX};
        CK(adios2_set_selection(rt, 1, ts, tc));
        CK(adios2_set_selection(rg, 2, gs, gc));

        static double tb[T_COUNT], pb[NP];
        static int gb[G_NY * G_NX];
        int sb = -1;
        memset(tb, 0, sizeof tb);
        memset(gb, 0, sizeof gb);
        memset(pb, 0, sizeof pb);
        CK(adios2_get(r, rt, tb, adios2_mode_deferred));
        get("adios2_get", "temperature", adios2_mode_deferred, T_COUNT * 8, s);
        CK(adios2_get(r, rg, gb, adios2_mode_deferred));
        get("adios2_get", "grid", adios2_mode_deferred, G_NY * G_NX * 4, s);
        CK(adios2_perform_gets(r));
        complete("adios2_perform_gets", s);
        for (int i = 0; i < T_COUNT; i++) EXPECT(tb[i] == t_val(s, T_START + i));
        for (int y = 0; y < G_NY; y++)
            for (int x = 0; x < G_NX; x++)
                EXPECT(gb[y * G_NX + x] == g_val(s, G_Y0 + y, G_X0 + x));

        CK(adios2_get(r, rs, &sb, adios2_mode_sync));
        get("adios2_get", "step", adios2_mode_sync, 4, s);
        EXPECT(sb == s);
        CK(adios2_get_by_name(r, "pressure", pb, adios2_mode_deferred));
        get("adios2_get_by_name", "pressure", adios2_mode_deferred, NP * 8, s);
        CK(adios2_end_step(r));
        complete("adios2_end_step", s);
        for (int i = 0; i < NP; i++) EXPECT(pb[i] == p_val(s, i));
    }
    EXPECT(s == NSTEPS);
    CK(adios2_close(r));
    complete("adios2_close", NSTEPS);
    /* The BP5 reader's close always writes /tmp/<file name>_<pid in hex>_profiling.json
     * (ADIOS2 2.12, no parameter turns it off); remove it so that runs leave nothing in /tmp. */
    char prof[4096];
    snprintf(prof, sizeof prof, "/tmp/%s_%lx_profiling.json", name, (unsigned long)getpid());
    unlink(prof);
    CK(adios2_finalize(adios));

    printf("failures: %d\n", g_failures);
    return g_failures != 0;
}
