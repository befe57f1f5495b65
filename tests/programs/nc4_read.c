/* Reads every variable of a netCDF file whole, as a simple reader does: nc_open, then for each
 * variable nc_get_var (the variable's own type, into a buffer of 1 MiB; strings freed with
 * nc_free_string), nc_close. The variable is asked about (nc_inq_var, for the output) only
 * after its nc_get_var: on a netCDF-4 file libnetcdf loads a variable's metadata on the first
 * call about it (reading attributes, DIMENSION_LIST from the global heap), which is then the
 * program's nc_get_var. libnetcdf opens every dataset at nc_open and keeps it through a second
 * reference (H5Iinc_ref) after its H5Oclose.
 *
 *   gcc -O0 -o nc4_read nc4_read.c $(pkg-config --cflags --libs netcdf)
 *   ./nc4_read FILE
 *
 * Output: one line per variable, "op nc_get_var var=<name> bytes=<elements x type size>",
 * then "variables: N". Exit status 1 if a call fails (the call is named on stderr) or a
 * variable is larger than the buffer. */
#include <netcdf.h>
#include <stdio.h>
#include <stdlib.h>

#define CK(call)                                                                                 \
    do {                                                                                         \
        int e_ = (call);                                                                         \
        if (e_ != NC_NOERR) {                                                                    \
            fprintf(stderr, "nc4_read: %s: %s\n", #call, nc_strerror(e_));                       \
            exit(1);                                                                             \
        }                                                                                        \
    } while (0)

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: nc4_read FILE\n");
        return 1;
    }
    int ncid, nvars;
    CK(nc_open(argv[1], NC_NOWRITE, &ncid));
    CK(nc_inq_nvars(ncid, &nvars));
    static double buf[1 << 17];
    for (int v = 0; v < nvars; v++) {
        char name[NC_MAX_NAME + 1];
        int type, ndims, dims[NC_MAX_VAR_DIMS];
        size_t size, n = 1;
        CK(nc_get_var(ncid, v, buf));
        CK(nc_inq_var(ncid, v, name, &type, &ndims, dims, NULL));
        CK(nc_inq_type(ncid, type, NULL, &size));
        for (int d = 0; d < ndims; d++) {
            size_t len;
            CK(nc_inq_dimlen(ncid, dims[d], &len));
            n *= len;
        }
        if (n * size > sizeof buf) {
            fprintf(stderr, "nc4_read: %s: %zu bytes\n", name, n * size);
            return 1;
        }
        if (type == NC_STRING) CK(nc_free_string(n, (char **)buf));
        printf("op nc_get_var var=%s bytes=%zu\n", name, n * size);
    }
    CK(nc_close(ncid));
    printf("variables: %d\n", nvars);
    return 0;
}
