/* PnetCDF calls a replay at the PnetCDF layer cannot rebuild from the trace, beside one it
 * can: a variable of 5 dimensions (the trace keeps 4) written with ncmpi_put_vara_int_all,
 * and ncmpi_put_varm_int_all (its imap, the memory layout, is not recorded), then one
 * ordinary ncmpi_put_vara_int_all. Every rank writes its own row.
 *
 *   mpicc -O0 -o pnc_skip pnc_skip.c $(pkg-config --cflags --libs pnetcdf)
 *   mpirun -np P ./pnc_skip DIR        (DIR/pnc_skip.nc) */
#include <mpi.h>
#include <pnetcdf.h>
#include <stdio.h>
#include <stdlib.h>

#define CK(call)                                                                           \
    do {                                                                                   \
        int e_ = (call);                                                                   \
        if (e_ != NC_NOERR) {                                                              \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, ncmpi_strerror(e_));        \
            MPI_Abort(MPI_COMM_WORLD, 1);                                                  \
        }                                                                                  \
    } while (0)

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int r, p;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (argc < 2) {
        MPI_Finalize();
        return 2;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/pnc_skip.nc", argv[1]);
    int nc, d[5], five, two, row;
    CK(ncmpi_create(MPI_COMM_WORLD, path, NC_CLOBBER | NC_64BIT_DATA, MPI_INFO_NULL, &nc));
    CK(ncmpi_def_dim(nc, "ranks", p, &d[0]));
    CK(ncmpi_def_dim(nc, "a", 2, &d[1]));
    CK(ncmpi_def_dim(nc, "b", 2, &d[2]));
    CK(ncmpi_def_dim(nc, "c", 2, &d[3]));
    CK(ncmpi_def_dim(nc, "e", 2, &d[4]));
    CK(ncmpi_def_var(nc, "five", NC_INT, 5, d, &five));
    int d2[2] = {d[0], d[1]};
    CK(ncmpi_def_var(nc, "two", NC_INT, 2, d2, &two));
    CK(ncmpi_def_var(nc, "row", NC_INT, 2, d2, &row));
    CK(ncmpi_enddef(nc));
    int buf[16];
    for (int i = 0; i < 16; i++) buf[i] = r * 100 + i;
    MPI_Offset s5[5] = {r, 0, 0, 0, 0}, c5[5] = {1, 2, 2, 2, 2};
    CK(ncmpi_put_vara_int_all(nc, five, s5, c5, buf));
    MPI_Offset s2[2] = {r, 0}, c2[2] = {1, 2}, st[2] = {1, 1}, im[2] = {2, 1};
    CK(ncmpi_put_varm_int_all(nc, two, s2, c2, st, im, buf));
    CK(ncmpi_put_vara_int_all(nc, row, s2, c2, buf));
    CK(ncmpi_close(nc));
    MPI_Finalize();
    return 0;
}
