/* A C++ ADIOS2 program run as an MPI job (4 ranks in the tests): every rank writes and reads
 * its own BP5 output through the C++ API (adios2::ADIOS, IO, Engine). The ADIOS2 installed
 * for the tests is the serial build of the PyPI wheel (no adios2::ADIOS(MPI_Comm)), so the
 * ranks share no output; MPI gives them their rank and orders their phases.
 *
 *   mpicxx -std=c++14 -O0 -o adios_ranks adios_ranks.cpp -I$A/include -L$A -ladios2_cxx \
 *       -ladios2_core -Wl,-rpath,$A -Wl,-rpath-link,$A/../adios2.libs -Wl,--allow-shlib-undefined
 *   mpirun -np P adios_ranks DIR            (A = /opt/recorder-otf2-adios2/adios2)
 *
 * Rank r: DIR/rank<r>.bp. Write (IO "writer", engine BP5, Mode::Write), NSTEPS = 2 steps:
 * BeginStep; Put(Variable<double> "field" {N = 1000 + 100 r}, Deferred); Put(Variable<int>
 * "step", scalar, Sync); EndStep; then Close. Barrier. Read (IO "reader", Mode::Read), per
 * step: BeginStep; Get(field, std::vector<double>&, Deferred); Get(step, int&, Sync);
 * EndStep (performs the deferred Get); then Close (the program removes the profiling file the
 * reader's close writes in /tmp). Every value read is checked.
 *
 * Output (rank 0, every rank's lines in rank order), JSON lines in program order:
 *   {"rank":r,"call":"Put","var":"field","mode":"deferred","bytes":8000,"step":0}
 *   {"rank":r,"call":"Get","var":"step","mode":"sync","bytes":4,"step":1}
 *   {"failures":N}                           values read back wrong (exit status 1 then) */
#include <adios2.h>
#include <mpi.h>

#include <cstdio>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

const int NSTEPS = 2;
int g_rank, g_size;
long g_failures;
std::string g_lines;

void note(const char *call, const char *var, const char *mode, size_t bytes, int step) {
    char line[256];
    std::snprintf(line, sizeof line,
                  "{\"rank\":%d,\"call\":\"%s\",\"var\":\"%s\",\"mode\":\"%s\",\"bytes\":%zu,"
                  "\"step\":%d}\n",
                  g_rank, call, var, mode, bytes, step);
    g_lines += line;
}

double value(int step, size_t i) { return g_rank * 10000.0 + step * 1000.0 + i; }

void write(adios2::ADIOS &adios, const std::string &path, size_t n) {
    adios2::IO io = adios.DeclareIO("writer");
    io.SetEngine("BP5");
    auto field = io.DefineVariable<double>("field", {n}, {0}, {n});
    auto step = io.DefineVariable<int>("step");
    adios2::Engine w = io.Open(path, adios2::Mode::Write);
    std::vector<double> data(n);
    for (int s = 0; s < NSTEPS; s++) {
        for (size_t i = 0; i < n; i++) data[i] = value(s, i);
        w.BeginStep();
        w.Put(field, data.data(), adios2::Mode::Deferred);
        note("Put", "field", "deferred", n * sizeof(double), s);
        w.Put(step, s, adios2::Mode::Sync);
        note("Put", "step", "sync", sizeof(int), s);
        w.EndStep();
    }
    w.Close();
}

void read(adios2::ADIOS &adios, const std::string &path, size_t n) {
    adios2::IO io = adios.DeclareIO("reader");
    io.SetEngine("BP5");
    adios2::Engine r = io.Open(path, adios2::Mode::Read);
    std::vector<double> data;
    for (int s = 0; s < NSTEPS; s++) {
        if (r.BeginStep() != adios2::StepStatus::OK) {
            g_failures++;
            break;
        }
        auto field = io.InquireVariable<double>("field");
        auto step = io.InquireVariable<int>("step");
        int got = -1;
        r.Get(field, data, adios2::Mode::Deferred);
        note("Get", "field", "deferred", n * sizeof(double), s);
        r.Get(step, got, adios2::Mode::Sync);
        note("Get", "step", "sync", sizeof(int), s);
        r.EndStep();
        g_failures += got != s || data.size() != n;
        for (size_t i = 0; i < data.size(); i++) g_failures += data[i] != value(s, i);
    }
    r.Close();
    // The BP5 reader's close leaves /tmp/<name>_<pid in hex>_profiling.json behind.
    std::string name = path.substr(path.rfind('/') + 1);
    char prof[512];
    std::snprintf(prof, sizeof prof, "/tmp/%s_%lx_profiling.json", name.c_str(),
                  (unsigned long)getpid());
    unlink(prof);
}

} // namespace

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g_size);
    if (argc < 2) {
        std::fprintf(stderr, "usage: adios_ranks DIR\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    std::string path = std::string(argv[1]) + "/rank" + std::to_string(g_rank) + ".bp";
    size_t n = 1000 + 100 * g_rank;
    try {
        adios2::ADIOS adios;
        write(adios, path, n);
        MPI_Barrier(MPI_COMM_WORLD);
        read(adios, path, n);
    } catch (const std::exception &e) {
        std::fprintf(stderr, "adios_ranks: rank %d: %s\n", g_rank, e.what());
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int len = (int)g_lines.size();
    std::vector<int> lens(g_size), offs(g_size);
    MPI_Gather(&len, 1, MPI_INT, lens.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    int all = 0;
    for (int i = 0; g_rank == 0 && i < g_size; i++) offs[i] = all, all += lens[i];
    std::vector<char> text(all + 1);
    MPI_Gatherv(g_lines.data(), len, MPI_CHAR, text.data(), lens.data(), offs.data(), MPI_CHAR, 0,
                MPI_COMM_WORLD);
    long failures = 0;
    MPI_Allreduce(&g_failures, &failures, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (g_rank == 0) {
        std::fwrite(text.data(), 1, all, stdout);
        std::printf("{\"failures\":%ld}\n", failures);
    }
    MPI_Finalize();
    return failures != 0;
}
