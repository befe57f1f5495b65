/* NetCDF attributes: a typed put with an nc_type, a text put (no nc_type), an untyped put,
 * and the matching gets. Usage: nc_atts DIR. Prints the values read back. */
#include <netcdf.h>
#include <stdio.h>

#define CK(x) do { int e_ = (x); if (e_) { fprintf(stderr, "%s: %s\n", #x, nc_strerror(e_)); return 1; } } while (0)

int main(int argc, char **argv) {
    char path[4096];
    snprintf(path, sizeof path, "%s/atts.nc", argc > 1 ? argv[1] : ".");
    int nc, v, d;
    double x[3] = {1, 2, 3}, y[3];
    short s[2] = {7, 8}, s2[2];
    char t[16] = {0};
    CK(nc_create(path, NC_CLOBBER, &nc));
    CK(nc_def_dim(nc, "x", 3, &d));
    CK(nc_def_var(nc, "v", NC_DOUBLE, 1, &d, &v));
    CK(nc_put_att_double(nc, v, "scale", NC_DOUBLE, 3, x));
    CK(nc_put_att_text(nc, NC_GLOBAL, "title", 5, "hello"));
    CK(nc_put_att(nc, v, "pair", NC_SHORT, 2, s));
    CK(nc_enddef(nc));
    CK(nc_get_att_double(nc, v, "scale", y));
    CK(nc_get_att_text(nc, NC_GLOBAL, "title", t));
    CK(nc_get_att(nc, v, "pair", s2));
    CK(nc_close(nc));
    printf("%g %.5s %d\n", y[2], t, s2[1]);
    return 0;
}
