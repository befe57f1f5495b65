/* Parallel NetCDF-4 (libnetcdf built with MPI, Debian's libnetcdf-mpi-dev): every rank writes
 * its 100-double block of one variable collectively (nc_var_par_access NC_COLLECTIVE) and
 * reads it back; rank 0 then reopens the file with nc_open_par. Prints, from rank 0 for all
 * ranks in order, `op nc_put_vara_double rank=<r> var=v elements=100 bytes=800` and the
 * matching get line. Usage: mpirun -np N nc_parallel DIR
 * Build: mpicc nc_parallel.c -I$(pkg-config --variable=libdir netcdf-mpi)/netcdf/mpi/include
 *        $(pkg-config --libs netcdf-mpi)  (Debian's netcdf-mpi.pc omits that include folder) */
#include <mpi.h>
#include <netcdf.h>
#include <netcdf_par.h>
#include <stdio.h>
#include <stdlib.h>

#define CK(x) do { int e_ = (x); if (e_) { fprintf(stderr, "%s: %s\n", #x, nc_strerror(e_)); MPI_Abort(MPI_COMM_WORLD, 1); } } while (0)

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size, nc, d, v;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    char path[4096];
    snprintf(path, sizeof path, "%s/par.nc", argc > 1 ? argv[1] : ".");
    CK(nc_create_par(path, NC_NETCDF4 | NC_CLOBBER, MPI_COMM_WORLD, MPI_INFO_NULL, &nc));
    CK(nc_def_dim(nc, "x", (size_t)100 * size, &d));
    CK(nc_def_var(nc, "v", NC_DOUBLE, 1, &d, &v));
    CK(nc_enddef(nc));
    CK(nc_var_par_access(nc, v, NC_COLLECTIVE));
    double buf[100], back[100];
    for (int i = 0; i < 100; i++) buf[i] = rank * 100 + i;
    size_t start = (size_t)rank * 100, count = 100;
    CK(nc_put_vara_double(nc, v, &start, &count, buf));
    CK(nc_get_vara_double(nc, v, &start, &count, back));
    CK(nc_close(nc));
    int bad = 0;
    for (int i = 0; i < 100; i++) bad += back[i] != buf[i];
    CK(nc_open_par(path, NC_NOWRITE, MPI_COMM_WORLD, MPI_INFO_NULL, &nc));
    CK(nc_close(nc));
    int total = 0;
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int r = 0; r < size; r++) {
            printf("op nc_put_vara_double rank=%d var=v elements=100 bytes=800\n", r);
            printf("op nc_get_vara_double rank=%d var=v elements=100 bytes=800\n", r);
        }
        printf("failures: %d\n", total);
    }
    MPI_Finalize();
    return total != 0;
}
