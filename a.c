#include <netcdf.h>
#include <stdio.h>
int main(void) {
    int nc, v, d; double x[3] = {1, 2, 3}; double y[3]; char t[16];
    nc_create("/tmp/nc/a.nc", NC_CLOBBER, &nc);
    nc_def_dim(nc, "x", 3, &d); nc_def_var(nc, "v", NC_DOUBLE, 1, &d, &v);
    nc_put_att_double(nc, v, "scale", NC_DOUBLE, 3, x);
    nc_put_att_text(nc, NC_GLOBAL, "title", 5, "hello");
    nc_enddef(nc);
    nc_get_att_double(nc, v, "scale", y);
    nc_get_att_text(nc, NC_GLOBAL, "title", t);
    nc_close(nc);
    printf("%g %.5s\n", y[2], t);
}
