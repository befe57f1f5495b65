/* The PnetCDF calls of recorder-otf2-replay-mpi (src/pnetcdf.rs is their Rust side).
 * Data and attribute functions are called by their recorded name (dlsym: under the
 * recorder, its wrapper), so the replay makes the same call as the original: the same
 * type, form and collectiveness. The form decides the C signature:
 *   form 0 var, 1 var1, 2 vara, 3 vars, 4 varn; flex (bytes per element, 0: a typed
 *   form): (buf, bufcount, buftype) with the predefined type of that size (the original's
 *   buffer type is not recorded); nb: a request out-pointer last.
 * Every function returns a PnetCDF error code (-1 for a function not found). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <pnetcdf.h>
#include <stdint.h>
#include <string.h>

typedef MPI_Offset Off;
typedef const MPI_Offset *Ix;

int rr_pnc_open(int create, uint64_t comm, const char *path, int mode, int *ncid) {
    MPI_Comm c;
    memcpy(&c, &comm, sizeof c);
    if (create) return ncmpi_create(c, path, mode, MPI_INFO_NULL, ncid);
    return ncmpi_open(c, path, mode, MPI_INFO_NULL, ncid);
}

int rr_pnc_close(int ncid) { return ncmpi_close(ncid); }

/* what: 0 enddef, 1 redef, 2 begin_indep_data, 3 end_indep_data, 4 sync, 5 flush,
 * 6 buffer_detach (replay::pnetcdf::FileCall). */
int rr_pnc_on_file(int ncid, int what) {
    switch (what) {
    case 0: return ncmpi_enddef(ncid);
    case 1: return ncmpi_redef(ncid);
    case 2: return ncmpi_begin_indep_data(ncid);
    case 3: return ncmpi_end_indep_data(ncid);
    case 4: return ncmpi_sync(ncid);
    case 5: return ncmpi_flush(ncid);
    case 6: return ncmpi_buffer_detach(ncid);
    }
    return NC_EINVAL;
}

int rr_pnc_set_fill(int ncid, int mode) {
    int old;
    return ncmpi_set_fill(ncid, mode, &old);
}

int rr_pnc_buffer_attach(int ncid, int64_t bytes) { return ncmpi_buffer_attach(ncid, bytes); }

int rr_pnc_def_dim(int ncid, const char *name, int64_t len, int *dimid) {
    return ncmpi_def_dim(ncid, name, len, dimid);
}

int rr_pnc_def_var(int ncid, const char *name, int xtype, int ndims, const int *dimids,
                   int *varid) {
    return ncmpi_def_var(ncid, name, xtype, ndims, dimids, varid);
}

int rr_pnc_inq_varid(int ncid, const char *name, int *varid) {
    return ncmpi_inq_varid(ncid, name, varid);
}

/* A function of this process by name (NULL when there is none). */
void *rr_pnc_symbol(const char *name) { return dlsym(RTLD_DEFAULT, name); }

/* An attribute put: typed (with the external type: every form but text) or text. */
int rr_pnc_put_att(void *fn, int typed, int ncid, int varid, const char *name, int xtype,
                   int64_t len, const void *buf) {
    if (!fn) return -1;
    if (typed) {
        int (*f)(int, int, const char *, nc_type, Off, const void *) = fn;
        return f(ncid, varid, name, xtype, len, buf);
    }
    int (*f)(int, int, const char *, Off, const void *) = fn;
    return f(ncid, varid, name, len, buf);
}

/* One signature per form, after (ncid, varid): the form's own arguments, the buffer. */
#define ARGS_0
#define ARGS_1 Ix,
#define ARGS_2 Ix, Ix,
#define ARGS_3 Ix, Ix, Ix,
#define ARGS_4 int, Off *const *, Off *const *,
#define VALS_0
#define VALS_1 start,
#define VALS_2 start, count,
#define VALS_3 start, count, stride,
#define VALS_4 num, starts, counts,
#define CALL(n)                                                                            \
    if (!flex && !nb)                                                                      \
        return ((int (*)(int, int, ARGS_##n void *))fn)(ncid, varid, VALS_##n buf);        \
    if (!flex)                                                                             \
        return ((int (*)(int, int, ARGS_##n void *, int *))fn)(ncid, varid, VALS_##n buf,   \
                                                              req);                        \
    if (!nb)                                                                               \
        return ((int (*)(int, int, ARGS_##n void *, Off, MPI_Datatype))fn)(                \
            ncid, varid, VALS_##n buf, bufcount, type);                                    \
    return ((int (*)(int, int, ARGS_##n void *, Off, MPI_Datatype, int *))fn)(             \
        ncid, varid, VALS_##n buf, bufcount, type, req);

int rr_pnc_data(void *fn, int form, int flex, int nb, int ncid, int varid, int num, Ix start,
                Ix count, Ix stride, Off *const *starts, Off *const *counts, void *buf,
                Off bufcount, int *req) {
    if (!fn) return -1;
    MPI_Datatype type = flex == 1   ? MPI_SIGNED_CHAR
                        : flex == 2 ? MPI_SHORT
                        : flex == 4 ? MPI_INT
                                    : MPI_DOUBLE;
    switch (form) {
    case 0: CALL(0)
    case 1: CALL(1)
    case 2: CALL(2)
    case 3: CALL(3)
    case 4: CALL(4)
    }
    return NC_EINVAL;
}

/* ncmpi_wait (coll 0), ncmpi_wait_all (coll 1) or ncmpi_cancel; count < 0: NC_REQ_ALL and
 * its kin (reqs and statuses unused). */
int rr_pnc_wait(int ncid, int coll, int cancel, int count, int *reqs, int *statuses) {
    if (count < 0) reqs = statuses = NULL;
    if (cancel) return ncmpi_cancel(ncid, count, reqs, statuses);
    if (coll) return ncmpi_wait_all(ncid, count, reqs, statuses);
    return ncmpi_wait(ncid, count, reqs, statuses);
}

int rr_pnc_req_null(void) { return NC_REQ_NULL; }
