/* ADIOS layer overhead: N adios2::Engine::Put<double> calls (C++ API, sync mode) of a
 * 100-double block of a global array, into a BP5 output in /dev/shm; a step every 1000 puts
 * (each put's data is copied into the engine's buffer, written at the end of the step).
 * Prints ns per put (CPU time of the thread, the steps included). The loop is its own
 * function so that bench/adios.sh can count its instructions with callgrind.
 * Usage: adios_loop N DIR */
#include <adios2.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

static const size_t NB = 100, PER_STEP = 1000;

__attribute__((noinline)) void loop_put(adios2::Engine &w, adios2::Variable<double> &v,
                                        const double *buf, long n) {
    for (long i = 0; i < n; i++) {
        if (i % PER_STEP == 0)
            w.BeginStep();
        v.SetSelection({{(i % PER_STEP) * NB}, {NB}});
        w.Put(v, buf, adios2::Mode::Sync);
        if (i % PER_STEP == PER_STEP - 1 || i == n - 1)
            w.EndStep();
    }
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 100000;
    std::string dir = argc > 2 ? argv[2] : "/dev/shm";
    adios2::ADIOS adios;
    adios2::IO io = adios.DeclareIO("bench");
    io.SetEngine("BP5");
    auto v = io.DefineVariable<double>("x", {NB * PER_STEP}, {0}, {NB});
    static double buf[NB];
    {
        adios2::Engine w = io.Open(dir + "/warm.bp", adios2::Mode::Write);
        loop_put(w, v, buf, 100);
        w.Close();
    }
    adios2::Engine w = io.Open(dir + "/loop.bp", adios2::Mode::Write);
    struct timespec a, b;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
    loop_put(w, v, buf, n);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
    w.Close();
    std::printf("put_cpu %.1f\n", ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / n);
    return 0;
}
