/* ADIOS2 C++ API (2.12, the serial build of the PyPI wheel installed in
 * /opt/recorder-otf2-adios2/adios2): the writes and reads of adios_all.c through the C++ API
 * (adios2::ADIOS, IO, Engine). Serial: several processes can run it at once, each with its
 * own TAG.
 *
 *   g++ -O0 -o adios_all_cxx adios_all.cpp -I/opt/recorder-otf2-adios2/adios2/include \
 *       -L/opt/recorder-otf2-adios2/adios2 -ladios2_cxx -ladios2_core \
 *       -Wl,-rpath,/opt/recorder-otf2-adios2/adios2 \
 *       -Wl,-rpath-link,/opt/recorder-otf2-adios2/adios2.libs -Wl,--allow-shlib-undefined
 *   ./adios_all_cxx DIR TAG              the writes and reads below
 *   ./adios_all_cxx DIR TAG exceptions   calls that throw, caught by the program
 *
 * Writes DIR/out<TAG>.bp (BP5). adios2::ADIOS(); DeclareIO "writer"; SetEngine "BP5";
 * DefineVariable<double> temperature {1000}, DefineVariable<int> grid {20,30},
 * DefineVariable<double> pressure {100}, DefineVariable<int> step (scalar).
 * Write (Open Mode::Write), steps s = 0, 1, 2:
 *     BeginStep()                         (no arguments: StepMode::Append for a writer)
 *     Put(Variable<double>, const double*, Deferred)   temperature 8000 bytes
 *     Put(Variable<int>, const int*, Sync)             grid        2400 bytes
 *     Put(const std::string&, const double*, Deferred) pressure     800 bytes
 *     Put(Variable<int>, const int&, Sync)             step           4 bytes
 *     s == 0 only: PerformPuts           completes 2 deferred puts
 *     EndStep                            completes 0 (s == 0) or 2 (s = 1, 2)
 *   Close                                completes 0
 * Read (DeclareIO "reader", Open Mode::Read), steps s = 0, 1, 2:
 *     BeginStep(StepMode::Read, -1)      (a fourth returns EndOfStream and is not printed)
 *     InquireVariable<double> temperature, <int> grid, <int> step
 *     SetSelection temperature {100}+{500}, grid {5,10}+{10,10}
 *     Get(Variable<double>, std::vector<double>&, Deferred)  temperature 4000 bytes
 *     Get(Variable<int>, int*, Deferred)                     grid         400 bytes
 *     PerformGets                        completes 2
 *     Get(Variable<int>, int&, Sync)                         step           4 bytes
 *     Get(const std::string&, double*, Deferred)             pressure     800 bytes
 *     EndStep                            completes 1
 *   Close                                completes 0
 * Every value read is compared with what was written (the values of adios_all.c). The BP5
 * reader's close writes /tmp/out<TAG>.bp_<pid in hex>_profiling.json; the program removes it.
 *
 * With `exceptions`: DeclareIO "exceptions", DefineVariable<double> temperature, Open
 * Mode::Write on DIR/exc<TAG>.bp, BeginStep, then three calls that throw
 * std::invalid_argument, each caught by the program: DefineVariable<double> "temperature" a
 * second time, Put(const std::string&, const double*, Sync) and Get(const std::string&,
 * double*, Sync) of the undefined variable "nothing"; then Put(Variable<double>, const
 * double*, Sync) of temperature (8000 bytes), EndStep, Close. Prints `caught <label>` per
 * exception.
 *
 * Output, in program order (the function as the recorder names it, after fn=):
 *     engine BP5 file=out<TAG>.bp
 *     put var=<name> mode=<deferred|sync> bytes=<n> step=<s> fn=<function>
 *     get var=<name> mode=<deferred|sync> bytes=<n> step=<s> fn=<function>
 *     complete step=<s> pending=<k> fn=<function>
 *     caught <label> fn=<function>
 *     failures: <n>
 * n counts the values read back that differ; exit status 1 if n > 0. An unexpected
 * exception is printed on stderr and exits with status 1.
 */
#include <adios2.h>

#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

const size_t NSTEPS = 3, NT = 1000, NY = 20, NX = 30, NP = 100;
const size_t T_START = 100, T_COUNT = 500, G_Y0 = 5, G_X0 = 10, G_NY = 10, G_NX = 10;

int g_failures = 0;
int g_pending = 0;

#define EXPECT(cond)                                                                               \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::fprintf(stderr, "adios_all_cxx: line %d: failed: %s\n", __LINE__, #cond);          \
            g_failures++;                                                                          \
        }                                                                                          \
    } while (0)

/* The functions as the recorder names them (the demangled signatures). */
const char *PUT_VAR_PTR_D =
    "adios2::Engine::Put<double>(adios2::Variable<double>, double const*, adios2::Mode)";
const char *PUT_VAR_PTR_I =
    "adios2::Engine::Put<int>(adios2::Variable<int>, int const*, adios2::Mode)";
const char *PUT_NAME_PTR_D =
    "adios2::Engine::Put<double>(std::string const&, double const*, adios2::Mode)";
const char *PUT_VAR_REF_I =
    "adios2::Engine::Put<int>(adios2::Variable<int>, int const&, adios2::Mode)";
const char *GET_VAR_VEC_D =
    "adios2::Engine::Get<double>(adios2::Variable<double>, std::vector<double>&, adios2::Mode)";
const char *GET_VAR_PTR_I = "adios2::Engine::Get<int>(adios2::Variable<int>, int*, adios2::Mode)";
const char *GET_VAR_REF_I = "adios2::Engine::Get<int>(adios2::Variable<int>, int&, adios2::Mode)";
const char *GET_NAME_PTR_D =
    "adios2::Engine::Get<double>(std::string const&, double*, adios2::Mode)";
const char *PERFORM_PUTS = "adios2::Engine::PerformPuts()";
const char *PERFORM_GETS = "adios2::Engine::PerformGets()";
const char *END_STEP = "adios2::Engine::EndStep()";
const char *CLOSE = "adios2::Engine::Close(int)";
const char *DEFINE_D = "adios2::IO::DefineVariable<double>(std::string const&, std::vector<unsigned "
                       "long> const&, std::vector<unsigned long> const&, std::vector<unsigned "
                       "long> const&, bool)";

void xfer(const char *kind, const char *fn, const char *var, adios2::Mode mode, size_t bytes,
          size_t step) {
    bool deferred = mode == adios2::Mode::Deferred;
    std::printf("%s var=%s mode=%s bytes=%zu step=%zu fn=%s\n", kind, var,
                deferred ? "deferred" : "sync", bytes, step, fn);
    if (deferred)
        g_pending++;
}

void complete(const char *fn, size_t step) {
    std::printf("complete step=%zu pending=%d fn=%s\n", step, g_pending, fn);
    g_pending = 0;
}

double t_val(size_t s, size_t i) { return 10000.0 * s + i + 0.5; }
int g_val(size_t s, size_t y, size_t x) { return int(100000 * s + 30 * y + x); }
double p_val(size_t s, size_t i) { return -(1000.0 * s + i); }

void write(adios2::ADIOS &adios, const std::string &path) {
    adios2::IO io = adios.DeclareIO("writer");
    io.SetEngine("BP5");
    auto vt = io.DefineVariable<double>("temperature", {NT}, {0}, {NT}, true);
    auto vg = io.DefineVariable<int>("grid", {NY, NX}, {0, 0}, {NY, NX}, true);
    io.DefineVariable<double>("pressure", {NP}, {0}, {NP}, true);
    auto vs = io.DefineVariable<int>("step");
    adios2::Engine w = io.Open(path, adios2::Mode::Write);
    static double temp[NT], pres[NP];
    static int grid[NY * NX];
    for (size_t s = 0; s < NSTEPS; s++) {
        EXPECT(w.BeginStep() == adios2::StepStatus::OK);
        for (size_t i = 0; i < NT; i++)
            temp[i] = t_val(s, i);
        for (size_t y = 0; y < NY; y++)
            for (size_t x = 0; x < NX; x++)
                grid[y * NX + x] = g_val(s, y, x);
        for (size_t i = 0; i < NP; i++)
            pres[i] = p_val(s, i);
        int step = int(s);

        w.Put(vt, temp, adios2::Mode::Deferred);
        xfer("put", PUT_VAR_PTR_D, "temperature", adios2::Mode::Deferred, NT * 8, s);
        w.Put(vg, grid, adios2::Mode::Sync);
        xfer("put", PUT_VAR_PTR_I, "grid", adios2::Mode::Sync, NY * NX * 4, s);
        std::memset(grid, 0xff, sizeof grid); /* a sync put has consumed the data */
        w.Put<double>("pressure", pres, adios2::Mode::Deferred);
        xfer("put", PUT_NAME_PTR_D, "pressure", adios2::Mode::Deferred, NP * 8, s);
        w.Put(vs, step, adios2::Mode::Sync);
        xfer("put", PUT_VAR_REF_I, "step", adios2::Mode::Sync, 4, s);
        if (s == 0) {
            w.PerformPuts();
            complete(PERFORM_PUTS, s);
            std::memset(temp, 0xff, sizeof temp);
            std::memset(pres, 0xff, sizeof pres);
        }
        w.EndStep();
        complete(END_STEP, s);
    }
    w.Close();
    complete(CLOSE, NSTEPS);
}

void read(adios2::ADIOS &adios, const std::string &path) {
    adios2::IO io = adios.DeclareIO("reader");
    io.SetEngine("BP5");
    adios2::Engine r = io.Open(path, adios2::Mode::Read);
    size_t s = 0;
    for (;; s++) {
        adios2::StepStatus status = r.BeginStep(adios2::StepMode::Read, -1.0f);
        if (status == adios2::StepStatus::EndOfStream)
            break;
        EXPECT(status == adios2::StepStatus::OK);
        if (status != adios2::StepStatus::OK)
            break;
        auto rt = io.InquireVariable<double>("temperature");
        auto rg = io.InquireVariable<int>("grid");
        auto rs = io.InquireVariable<int>("step");
        EXPECT(rt && rg && rs);
        if (!rt || !rg || !rs)
            break;
        EXPECT(rt.Shape() == adios2::Dims({NT}));
        EXPECT(rg.Shape() == adios2::Dims({NY, NX}));
        rt.SetSelection({{T_START}, {T_COUNT}});
        rg.SetSelection({{G_Y0, G_X0}, {G_NY, G_NX}});

        std::vector<double> tb;
        static int gb[G_NY * G_NX];
        static double pb[NP];
        int sb = -1;
        std::memset(gb, 0, sizeof gb);
        std::memset(pb, 0, sizeof pb);
        r.Get(rt, tb, adios2::Mode::Deferred);
        xfer("get", GET_VAR_VEC_D, "temperature", adios2::Mode::Deferred, T_COUNT * 8, s);
        r.Get(rg, gb, adios2::Mode::Deferred);
        xfer("get", GET_VAR_PTR_I, "grid", adios2::Mode::Deferred, G_NY * G_NX * 4, s);
        r.PerformGets();
        complete(PERFORM_GETS, s);
        EXPECT(tb.size() == T_COUNT);
        for (size_t i = 0; i < T_COUNT && i < tb.size(); i++)
            EXPECT(tb[i] == t_val(s, T_START + i));
        for (size_t y = 0; y < G_NY; y++)
            for (size_t x = 0; x < G_NX; x++)
                EXPECT(gb[y * G_NX + x] == g_val(s, G_Y0 + y, G_X0 + x));

        r.Get(rs, sb, adios2::Mode::Sync);
        xfer("get", GET_VAR_REF_I, "step", adios2::Mode::Sync, 4, s);
        EXPECT(sb == int(s));
        r.Get<double>("pressure", pb, adios2::Mode::Deferred);
        xfer("get", GET_NAME_PTR_D, "pressure", adios2::Mode::Deferred, NP * 8, s);
        r.EndStep();
        complete(END_STEP, s);
        for (size_t i = 0; i < NP; i++)
            EXPECT(pb[i] == p_val(s, i));
    }
    EXPECT(s == NSTEPS);
    r.Close();
    complete(CLOSE, NSTEPS);
}

/* Calls that throw: each exception must reach the program as ADIOS2 threw it. */
void exceptions(adios2::ADIOS &adios, const std::string &path) {
    adios2::IO io = adios.DeclareIO("exceptions");
    io.SetEngine("BP5");
    auto vt = io.DefineVariable<double>("temperature", {NT}, {0}, {NT}, true);
    adios2::Engine w = io.Open(path, adios2::Mode::Write);
    EXPECT(w.BeginStep() == adios2::StepStatus::OK);
    static double temp[NT];
    for (size_t i = 0; i < NT; i++)
        temp[i] = t_val(0, i);
    try {
        io.DefineVariable<double>("temperature", {NT}, {0}, {NT}, true);
        std::fprintf(stderr, "adios_all_cxx: DefineVariable of an existing variable did not throw\n");
        g_failures++;
    } catch (const std::invalid_argument &) {
        std::printf("caught define-twice fn=%s\n", DEFINE_D);
    }
    try {
        w.Put<double>("nothing", temp, adios2::Mode::Sync);
        std::fprintf(stderr, "adios_all_cxx: Put of an undefined variable did not throw\n");
        g_failures++;
    } catch (const std::invalid_argument &) {
        std::printf("caught put-undefined fn=%s\n",
                    "adios2::Engine::Put<double>(std::string const&, double const*, adios2::Mode)");
    }
    try {
        w.Get<double>("nothing", temp, adios2::Mode::Sync);
        std::fprintf(stderr, "adios_all_cxx: Get of an undefined variable did not throw\n");
        g_failures++;
    } catch (const std::invalid_argument &) {
        std::printf("caught get-undefined fn=%s\n", GET_NAME_PTR_D);
    }
    w.Put(vt, temp, adios2::Mode::Sync);
    xfer("put", PUT_VAR_PTR_D, "temperature", adios2::Mode::Sync, NT * 8, 0);
    w.EndStep();
    complete(END_STEP, 0);
    w.Close();
    complete(CLOSE, 1);
}

} // namespace

int main(int argc, char **argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s DIR TAG [exceptions]\n", argv[0]);
        return 2;
    }
    std::string tag = argv[2];
    bool exc = argc > 3 && std::string(argv[3]) == "exceptions";
    std::string name = (exc ? "exc" : "out") + tag + ".bp";
    std::string path = std::string(argv[1]) + "/" + name;
    try {
        adios2::ADIOS adios;
        std::printf("engine BP5 file=%s\n", name.c_str());
        if (exc) {
            exceptions(adios, path);
        } else {
            write(adios, path);
            read(adios, path);
            char prof[4096];
            std::snprintf(prof, sizeof prof, "/tmp/%s_%lx_profiling.json", name.c_str(),
                          (unsigned long)getpid());
            unlink(prof);
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "adios_all_cxx: unexpected exception: %s\n", e.what());
        return 1;
    }
    std::printf("failures: %d\n", g_failures);
    return g_failures != 0;
}
