/* The C API twin of bench/adios_loop.cpp: N adios2_put calls (sync) of a 100-double block,
 * BP5 in DIR, a step every 1000 puts. No timing: bench/adios.sh counts its instructions
 * with callgrind, for comparison with the C++ API's Put. Usage: adios_loop_c N DIR */
#include <adios2_c.h>
#include <stdio.h>
#include <stdlib.h>
#define NB 100
#define PER_STEP 1000
__attribute__((noinline)) void loop_put(adios2_engine *w, adios2_variable *v, const double *buf, long n) {
    adios2_step_status st;
    for (long i = 0; i < n; i++) {
        if (i % PER_STEP == 0) adios2_begin_step(w, adios2_step_mode_append, -1.0f, &st);
        size_t s[1] = {(i % PER_STEP) * NB}, c[1] = {NB};
        adios2_set_selection(v, 1, s, c);
        adios2_put(w, v, buf, adios2_mode_sync);
        if (i % PER_STEP == PER_STEP - 1 || i == n - 1) adios2_end_step(w);
    }
}
int main(int argc, char **argv) {
    long n = atol(argv[1]);
    char p[4096];
    adios2_adios *a = adios2_init_serial();
    adios2_io *io = adios2_declare_io(a, "bench");
    adios2_set_engine(io, "BP5");
    size_t sh[1] = {NB * PER_STEP}, st[1] = {0}, ct[1] = {NB};
    adios2_variable *v = adios2_define_variable(io, "x", adios2_type_double, 1, sh, st, ct, adios2_constant_dims_false);
    static double buf[NB];
    snprintf(p, sizeof p, "%s/loop.bp", argv[2]);
    adios2_engine *w = adios2_open(io, p, adios2_mode_write);
    loop_put(w, v, buf, n);
    adios2_close(w);
    adios2_finalize(a);
    return 0;
}
