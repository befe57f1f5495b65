/* The HDF5 calls of recorder-otf2-replay-mpi at the HDF5 layer (src/hdf5.rs is their Rust
 * side; io_replay::hdf5 plans them). Parallel HDF5 (pkg-config hdf5-openmpi);
 * ids cross as int64 (hid_t), MPI communicators as 64-bit values as in shim.c. Numbers
 * shared with the planner: kinds of ids (0 file, 1 group, 2 dataset, 3 dataspace, 4
 * property list), property setters (SETTERS there), property-list classes (the recorder's
 * H5Pcreate class: 1 file create ... 10 attribute create), datatype codes (the recorder's
 * type_code: size, class << 32, sign << 40, order << 48). Functions return HDF5's result. */
#include <hdf5.h>
#include <mpi.h>
#include <stdint.h>
#include <string.h>

_Static_assert(sizeof(hid_t) == 8, "hid_t is 64 bits (HDF5 >= 1.10)");

static MPI_Comm comm_of(uint64_t v) {
    MPI_Comm c;
    memcpy(&c, &v, sizeof c);
    return c;
}

/* Silence HDF5's error stack printing: a failing call is counted, not printed. */
void rr_h5_quiet(void) { H5Eset_auto2(H5E_DEFAULT, NULL, NULL); }

hid_t rr_h5_plist_create(int class) {
    hid_t classes[] = {H5P_FILE_CREATE,  H5P_FILE_ACCESS,  H5P_DATASET_CREATE, H5P_DATASET_ACCESS,
                       H5P_DATASET_XFER, H5P_GROUP_CREATE, H5P_GROUP_ACCESS,   H5P_LINK_CREATE,
                       H5P_LINK_ACCESS,  H5P_ATTRIBUTE_CREATE};
    if (class < 1 || class > (int)(sizeof classes / sizeof classes[0])) return -1;
    return H5Pcreate(classes[class - 1]);
}

/* A recorded setter on `p` with its values (a[0]: the live communicator for the mpio
 * driver). */
herr_t rr_h5_plist_set(hid_t p, int prop, const uint64_t *a, uint64_t comm) {
    hsize_t dims[3] = {a[1], a[2], a[3]};
    switch (prop) {
    case 1: return H5Pset_fapl_mpio(p, comm_of(comm), MPI_INFO_NULL);
    case 2: return H5Pset_dxpl_mpio(p, (H5FD_mpio_xfer_t)a[0]);
    case 3: return H5Pset_alignment(p, a[0], a[1]);
    case 4: return H5Pset_sizes(p, (size_t)a[0], (size_t)a[1]);
    case 5: return H5Pset_fill_time(p, (H5D_fill_time_t)a[0]);
    case 6: return H5Pset_alloc_time(p, (H5D_alloc_time_t)a[0]);
    case 7: return H5Pset_layout(p, (H5D_layout_t)a[0]);
    case 8: return a[0] > 3 ? -1 : H5Pset_chunk(p, (int)a[0], dims);
    case 9: return H5Pset_deflate(p, (unsigned)a[0]);
    case 10: return H5Pset_shuffle(p);
    case 11: return H5Pset_libver_bounds(p, (H5F_libver_t)a[0], (H5F_libver_t)a[1]);
    case 12: return H5Pset_all_coll_metadata_ops(p, a[0] != 0);
    case 13: return H5Pset_coll_metadata_write(p, a[0] != 0);
    case 14: return H5Pset_fapl_sec2(p);
    case 15: return H5Pset_fclose_degree(p, (H5F_close_degree_t)a[0]);
    case 16: return H5Pset_obj_track_times(p, a[0] != 0);
    case 17: return H5Pset_link_creation_order(p, (unsigned)a[0]);
    case 18: return H5Pset_attr_creation_order(p, (unsigned)a[0]);
    case 19: return H5Pset_create_intermediate_group(p, (unsigned)a[0]);
    case 20: {
        double w0;
        memcpy(&w0, &a[3], sizeof w0);
        return H5Pset_cache(p, (int)a[0], (size_t)a[1], (size_t)a[2], w0);
    }
    default: return -1;
    }
}

hid_t rr_h5_copy(int kind, hid_t src) { return kind == 4 ? H5Pcopy(src) : H5Scopy(src); }

herr_t rr_h5_close(int kind, hid_t id) {
    switch (kind) {
    case 0: return H5Fclose(id);
    case 1: return H5Gclose(id);
    case 2: return H5Dclose(id);
    case 3: return H5Sclose(id);
    case 5: return H5Aclose(id);
    case 6: return H5Oclose(id);
    default: return H5Pclose(id);
    }
}

hid_t rr_h5_file(int create, const char *path, unsigned flags, hid_t fcpl, hid_t fapl) {
    return create ? H5Fcreate(path, flags, fcpl, fapl) : H5Fopen(path, flags, fapl);
}

herr_t rr_h5_flush(hid_t file, int scope) { return H5Fflush(file, (H5F_scope_t)scope); }

/* H5Screate of `kind`, or (kind < 0) a simple dataspace. */
hid_t rr_h5_space(int kind, int rank, const uint64_t *dims, const uint64_t *max) {
    if (kind >= 0) return H5Screate((H5S_class_t)kind);
    hsize_t d[3], m[3];
    for (int i = 0; i < 3; i++) d[i] = dims[i], m[i] = max[i];
    return H5Screate_simple(rank, d, m);
}

hid_t rr_h5_dataset_space(hid_t dset) { return H5Dget_space(dset); }

/* op: H5S_seloper_t, -1 all, -2 none; slab: per dimension start, stride, count, block. */
herr_t rr_h5_select(hid_t space, int op, int rank, const uint64_t *slab) {
    if (op == -1) return H5Sselect_all(space);
    if (op == -2) return H5Sselect_none(space);
    hsize_t start[3], stride[3], count[3], block[3];
    for (int i = 0; i < rank && i < 3; i++) {
        start[i] = slab[4 * i], stride[i] = slab[4 * i + 1];
        count[i] = slab[4 * i + 2], block[i] = slab[4 * i + 3];
    }
    return H5Sselect_hyperslab(space, (H5S_seloper_t)op, start, stride, count, block);
}

/* A datatype like the recorded one: integers and floats as the native type of their size,
 * sign and byte order; any other class as an opaque type of the same size. */
hid_t rr_h5_type(uint64_t code) {
    size_t size = code & 0xFFFFFFFFu;
    int class = (code >> 32) & 0xFF, sign = (code >> 40) & 0xFF, order = (code >> 48) & 0xFF;
    if (size == 0) return -1;
    int u = sign == H5T_SGN_NONE;
    hid_t base = -1;
    if (class == H5T_INTEGER && size == 1) base = u ? H5T_NATIVE_UCHAR : H5T_NATIVE_SCHAR;
    if (class == H5T_INTEGER && size == 2) base = u ? H5T_NATIVE_USHORT : H5T_NATIVE_SHORT;
    if (class == H5T_INTEGER && size == 4) base = u ? H5T_NATIVE_UINT : H5T_NATIVE_INT;
    if (class == H5T_INTEGER && size == 8) base = u ? H5T_NATIVE_ULLONG : H5T_NATIVE_LLONG;
    if (class == H5T_FLOAT && size == 4) base = H5T_NATIVE_FLOAT;
    if (class == H5T_FLOAT && size == 8) base = H5T_NATIVE_DOUBLE;
    if (base < 0) return H5Tcreate(H5T_OPAQUE, size);
    hid_t t = H5Tcopy(base);
    if (t >= 0 && (order == H5T_ORDER_LE || order == H5T_ORDER_BE))
        H5Tset_order(t, (H5T_order_t)order);
    return t;
}

herr_t rr_h5_type_close(hid_t t) { return H5Tclose(t); }

/* A dataset (kind 2) or group (kind 1) made or opened by name in `loc`; any object opened
 * by H5Oopen (kind 6). */
hid_t rr_h5_object(int kind, int create, hid_t loc, const char *name, hid_t dtype, hid_t space,
                   hid_t lcpl, hid_t dcpl, hid_t dapl) {
    if (kind == 6) return H5Oopen(loc, name, H5P_DEFAULT);
    if (kind == 1)
        return create ? H5Gcreate2(loc, name, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT)
                      : H5Gopen2(loc, name, H5P_DEFAULT);
    return create ? H5Dcreate2(loc, name, dtype, space, lcpl, dcpl, dapl)
                  : H5Dopen2(loc, name, dapl);
}

/* H5Dwrite/H5Dread; *moved: the bytes the selection holds (elements x memory type size). */
herr_t rr_h5_transfer(int write, hid_t dset, hid_t mtype, hid_t mspace, hid_t fspace, hid_t dxpl,
                      void *buf, int64_t *moved) {
    herr_t rc = write ? H5Dwrite(dset, mtype, mspace, fspace, dxpl, buf)
                      : H5Dread(dset, mtype, mspace, fspace, dxpl, buf);
    *moved = 0;
    if (rc < 0) return rc;
    hid_t s = mspace != H5S_ALL ? mspace : fspace != H5S_ALL ? fspace : H5Dget_space(dset);
    hssize_t n = s < 0 ? 0 : H5Sget_select_npoints(s);
    if (s >= 0 && mspace == H5S_ALL && fspace == H5S_ALL) H5Sclose(s);
    *moved = n > 0 ? (int64_t)n * (int64_t)H5Tget_size(mtype) : 0;
    return rc;
}

/* An attribute of `loc` (of its object `obj` when not NULL) made or opened. */
hid_t rr_h5_attribute(int create, hid_t loc, const char *obj, const char *name, hid_t dtype,
                      hid_t space, hid_t acpl, hid_t aapl) {
    if (create)
        return obj ? H5Acreate_by_name(loc, obj, name, dtype, space, acpl, aapl, H5P_DEFAULT)
                   : H5Acreate2(loc, name, dtype, space, acpl, aapl);
    return obj ? H5Aopen_by_name(loc, obj, name, aapl, H5P_DEFAULT) : H5Aopen(loc, name, aapl);
}

/* H5Awrite/H5Aread in the attribute's own datatype, from/into `buf` of `len` bytes (failing
 * when the attribute holds more). */
herr_t rr_h5_attribute_transfer(int write, hid_t attr, void *buf, uint64_t len) {
    hid_t t = H5Aget_type(attr), s = H5Aget_space(attr);
    hssize_t n = s < 0 ? -1 : H5Sget_simple_extent_npoints(s);
    size_t size = t < 0 ? 0 : H5Tget_size(t);
    herr_t rc = -1;
    if (t >= 0 && n >= 0 && (uint64_t)n * size <= len)
        rc = write ? H5Awrite(attr, t, buf) : H5Aread(attr, t, buf);
    if (s >= 0) H5Sclose(s);
    if (t >= 0) H5Tclose(t);
    return rc;
}

/* H5Dset_extent (H5Dextend when `extend`) to `dim0` in the first dimension, the others as
 * the dataset has them. */
herr_t rr_h5_extent(hid_t dset, int extend, uint64_t dim0) {
    hsize_t dims[H5S_MAX_RANK];
    hid_t s = H5Dget_space(dset);
    int rank = s < 0 ? -1 : H5Sget_simple_extent_dims(s, dims, NULL);
    if (s >= 0) H5Sclose(s);
    if (rank < 1) return -1;
    dims[0] = dim0;
    return extend ? H5Dextend(dset, dims) : H5Dset_extent(dset, dims);
}

/* Drop every reference the replay holds on `id` (the original dropped its last one). */
int rr_h5_release(hid_t id) {
    int r;
    do r = H5Idec_ref(id);
    while (r > 0);
    return r;
}
