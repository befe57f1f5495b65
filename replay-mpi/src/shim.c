/* The MPI calls of recorder-otf2-replay-mpi (src/mpi.rs is their Rust side). Handles cross
 * to Rust as 64-bit values (an MPI_File, MPI_Request or MPI_Comm is a pointer in Open MPI,
 * an int in MPICH: either fits); transfers are counts of MPI_BYTE. A transfer's kind:
 * bit 0 write, bit 1 collective, bits 2-3 positioning (0 explicit offset, 1 individual
 * pointer, 2 shared pointer, 3 ordered). Every function returns an MPI error code. */
#include <mpi.h>
#include <stdlib.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

_Static_assert(sizeof(MPI_File) <= 8 && sizeof(MPI_Request) <= 8 && sizeof(MPI_Comm) <= 8,
               "MPI handles fit in 64 bits");

#define HANDLE(T, name)                                                                    \
    static uint64_t pack_##name(T h) {                                                     \
        uint64_t v = 0;                                                                    \
        memcpy(&v, &h, sizeof h);                                                          \
        return v;                                                                          \
    }                                                                                      \
    static T unpack_##name(uint64_t v) {                                                   \
        T h;                                                                               \
        memcpy(&h, &v, sizeof h);                                                          \
        return h;                                                                          \
    }
HANDLE(MPI_File, file)
HANDLE(MPI_Request, req)
HANDLE(MPI_Comm, comm)

/* The order between ranks that the replay keeps (io_replay::order) is told by
 * empty messages on a communicator of its own, apart from anything replayed. */
static MPI_Comm order_comm = MPI_COMM_NULL;

int rr_init(int *rank, int *size) {
    if (MPI_Init(NULL, NULL) != MPI_SUCCESS) return -1;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    if (MPI_Comm_dup(MPI_COMM_WORLD, &order_comm) != MPI_SUCCESS) return -1;
    MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    return MPI_Comm_size(MPI_COMM_WORLD, size);
}

int rr_finalize(void) {
    if (order_comm != MPI_COMM_NULL) MPI_Comm_free(&order_comm);
    return MPI_Finalize();
}

/* MPI_Get_library_version into buf (cap bytes, NUL-terminated). */
int rr_library(char *buf, int cap) {
    char v[MPI_MAX_LIBRARY_VERSION_STRING + 1] = {0};
    int len = 0;
    int r = MPI_Get_library_version(v, &len);
    snprintf(buf, cap, "%s", v);
    return r;
}

uint64_t rr_comm_world(void) { return pack_comm(MPI_COMM_WORLD); }
uint64_t rr_comm_self(void) { return pack_comm(MPI_COMM_SELF); }

/* One of the communicators the replay makes: every rank calls it, members with color 0. */
int rr_comm_split(int member, int key, uint64_t *out) {
    MPI_Comm c = MPI_COMM_NULL;
    int rc = MPI_Comm_split(MPI_COMM_WORLD, member ? 0 : MPI_UNDEFINED, key, &c);
    *out = pack_comm(c);
    return rc;
}

int rr_barrier(uint64_t comm) { return MPI_Barrier(unpack_comm(comm)); }

/* n values of every rank at rank 0 (all: size * n values there). */
int rr_gather_u64(const uint64_t *mine, int n, uint64_t *all) {
    return MPI_Gather(mine, n, MPI_UINT64_T, all, n, MPI_UINT64_T, 0, MPI_COMM_WORLD);
}

/* n values of rank 0 at every rank. */
int rr_bcast_u64(uint64_t *v, int n) {
    return MPI_Bcast(v, n, MPI_UINT64_T, 0, MPI_COMM_WORLD);
}

/* Tell rank `dst` that what it waits on is done (the send completes on its own). */
int rr_tell(int dst) {
    MPI_Request r;
    int rc = MPI_Isend(NULL, 0, MPI_BYTE, dst, 0, order_comm, &r);
    if (rc == MPI_SUCCESS) rc = MPI_Request_free(&r);
    return rc;
}

/* Wait until rank `src` tells. */
int rr_wait_for(int src) {
    return MPI_Recv(NULL, 0, MPI_BYTE, src, 0, order_comm, MPI_STATUS_IGNORE);
}

/* op: 0 min, 1 max, over n values in place. */
int rr_allreduce_u64(uint64_t *v, int n, int op) {
    return MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_UINT64_T, op ? MPI_MAX : MPI_MIN,
                         MPI_COMM_WORLD);
}

/* The trace's access-mode bits (io_events::functions::mpi_amode) as this MPI's. */
static int amode_of(uint64_t bits) {
    static const int modes[] = {MPI_MODE_CREATE,      MPI_MODE_RDONLY,          MPI_MODE_WRONLY,
                                MPI_MODE_RDWR,        MPI_MODE_DELETE_ON_CLOSE, MPI_MODE_UNIQUE_OPEN,
                                MPI_MODE_EXCL,        MPI_MODE_APPEND,          MPI_MODE_SEQUENTIAL};
    int m = 0;
    for (unsigned i = 0; i < sizeof modes / sizeof modes[0]; i++)
        if (bits & (1u << i)) m |= modes[i];
    return m;
}

int rr_file_open(uint64_t comm, const char *path, uint64_t amode, uint64_t *fh) {
    MPI_File f = MPI_FILE_NULL;
    int rc = MPI_File_open(unpack_comm(comm), path, amode_of(amode), MPI_INFO_NULL, &f);
    *fh = pack_file(f);
    return rc;
}

int rr_file_close(uint64_t *fh) {
    MPI_File f = unpack_file(*fh);
    int rc = MPI_File_close(&f);
    *fh = pack_file(f);
    return rc;
}

int rr_file_delete(const char *path) { return MPI_File_delete(path, MPI_INFO_NULL); }
int rr_file_set_size(uint64_t fh, int64_t n) { return MPI_File_set_size(unpack_file(fh), n); }
int rr_file_preallocate(uint64_t fh, int64_t n) {
    return MPI_File_preallocate(unpack_file(fh), n);
}
int rr_file_sync(uint64_t fh) { return MPI_File_sync(unpack_file(fh)); }
int rr_file_set_atomicity(uint64_t fh, int flag) {
    return MPI_File_set_atomicity(unpack_file(fh), flag);
}

/* A view of contiguous byte types: etype of `esize` bytes, filetype of `fsize`. */
int rr_file_set_view(uint64_t fh, int64_t disp, int64_t esize, int64_t fsize) {
    if (esize <= 0 || fsize <= 0 || esize > INT_MAX || fsize > INT_MAX) return MPI_ERR_ARG;
    MPI_Datatype e = MPI_BYTE, f = MPI_BYTE;
    if (esize > 1 && MPI_Type_contiguous((int)esize, MPI_BYTE, &e) == MPI_SUCCESS)
        MPI_Type_commit(&e);
    if (fsize > 1 && MPI_Type_contiguous((int)fsize, MPI_BYTE, &f) == MPI_SUCCESS)
        MPI_Type_commit(&f);
    int rc = MPI_File_set_view(unpack_file(fh), disp, e, f, "native", MPI_INFO_NULL);
    if (e != MPI_BYTE) MPI_Type_free(&e);
    if (f != MPI_BYTE) MPI_Type_free(&f);
    return rc;
}

/* A view with byte etypes whose filetype is rebuilt from the recorded runs (offset, len,
 * stride, count; 4 per run): each run an hvector of bytes, the runs a struct at their
 * offsets, resized to the recorded lower bound and extent. */
int rr_file_set_view_blocks(uint64_t fh, int64_t disp, int64_t lb, int64_t extent, int64_t n,
                            const uint64_t *runs) {
    if (n <= 0 || n > INT_MAX) return MPI_ERR_ARG;
    MPI_Datatype *types = malloc(n * sizeof *types);
    MPI_Aint *offs = malloc(n * sizeof *offs);
    int *ones = malloc(n * sizeof *ones);
    int rc = types && offs && ones ? MPI_SUCCESS : MPI_ERR_NO_MEM, made = 0;
    for (int64_t i = 0; i < n && rc == MPI_SUCCESS; i++) {
        const uint64_t *r = runs + 4 * i;
        if (r[1] > INT_MAX || r[3] > INT_MAX) { rc = MPI_ERR_ARG; break; }
        rc = MPI_Type_create_hvector((int)r[3], (int)r[1], (MPI_Aint)r[2], MPI_BYTE, &types[i]);
        made += rc == MPI_SUCCESS;
        offs[i] = (MPI_Aint)r[0];
        ones[i] = 1;
    }
    MPI_Datatype st = MPI_DATATYPE_NULL, ft = MPI_DATATYPE_NULL;
    if (rc == MPI_SUCCESS) rc = MPI_Type_create_struct((int)n, ones, offs, types, &st);
    if (rc == MPI_SUCCESS) rc = MPI_Type_create_resized(st, (MPI_Aint)lb, (MPI_Aint)extent, &ft);
    if (rc == MPI_SUCCESS) rc = MPI_Type_commit(&ft);
    if (rc == MPI_SUCCESS)
        rc = MPI_File_set_view(unpack_file(fh), disp, MPI_BYTE, ft, "native", MPI_INFO_NULL);
    for (int i = 0; i < made; i++) MPI_Type_free(&types[i]);
    if (st != MPI_DATATYPE_NULL) MPI_Type_free(&st);
    if (ft != MPI_DATATYPE_NULL) MPI_Type_free(&ft);
    free(types); free(offs); free(ones);
    return rc;
}

/* whence as lseek's (the trace's), shared: the shared file pointer. */
int rr_file_seek(uint64_t fh, int64_t off, int whence, int shared) {
    int w = whence == 1 ? MPI_SEEK_CUR : whence == 2 ? MPI_SEEK_END : MPI_SEEK_SET;
    MPI_File f = unpack_file(fh);
    return shared ? MPI_File_seek_shared(f, off, w) : MPI_File_seek(f, off, w);
}

/* what: 0 size, 1 position, 2 shared position, 3 view. */
int rr_file_query(uint64_t fh, int what) {
    MPI_File f = unpack_file(fh);
    MPI_Offset v;
    switch (what) {
    case 0: return MPI_File_get_size(f, &v);
    case 1: return MPI_File_get_position(f, &v);
    case 2: return MPI_File_get_position_shared(f, &v);
    default: {
        MPI_Datatype e, t;
        char rep[MPI_MAX_DATAREP_STRING];
        int rc = MPI_File_get_view(f, &v, &e, &t, rep);
        /* get_view hands out copies of derived types; predefined ones must not be freed */
        int ni, na, nd, comb;
        if (rc == MPI_SUCCESS && MPI_Type_get_envelope(e, &ni, &na, &nd, &comb) == MPI_SUCCESS &&
            comb != MPI_COMBINER_NAMED)
            MPI_Type_free(&e);
        if (rc == MPI_SUCCESS && MPI_Type_get_envelope(t, &ni, &na, &nd, &comb) == MPI_SUCCESS &&
            comb != MPI_COMBINER_NAMED)
            MPI_Type_free(&t);
        return rc;
    }
    }
}

static int64_t moved(int rc, MPI_Status *st) {
    int n = 0;
    if (rc != MPI_SUCCESS || MPI_Get_count(st, MPI_BYTE, &n) != MPI_SUCCESS || n < 0) return 0;
    return n;
}

#define W(kind) ((kind)&1)
#define COLL(kind) ((kind)&2)
#define ACCESS(kind) (((kind) >> 2) & 3)

static int blocking(MPI_File f, int kind, MPI_Offset off, void *b, int n, MPI_Status *st) {
    int c = COLL(kind);
    switch (ACCESS(kind)) {
    case 0:
        if (W(kind)) return c ? MPI_File_write_at_all(f, off, b, n, MPI_BYTE, st)
                              : MPI_File_write_at(f, off, b, n, MPI_BYTE, st);
        return c ? MPI_File_read_at_all(f, off, b, n, MPI_BYTE, st)
                 : MPI_File_read_at(f, off, b, n, MPI_BYTE, st);
    case 1:
        if (W(kind)) return c ? MPI_File_write_all(f, b, n, MPI_BYTE, st)
                              : MPI_File_write(f, b, n, MPI_BYTE, st);
        return c ? MPI_File_read_all(f, b, n, MPI_BYTE, st) : MPI_File_read(f, b, n, MPI_BYTE, st);
    case 2:
        return W(kind) ? MPI_File_write_shared(f, b, n, MPI_BYTE, st)
                       : MPI_File_read_shared(f, b, n, MPI_BYTE, st);
    default:
        return W(kind) ? MPI_File_write_ordered(f, b, n, MPI_BYTE, st)
                       : MPI_File_read_ordered(f, b, n, MPI_BYTE, st);
    }
}

int rr_file_transfer(uint64_t fh, int kind, int64_t off, void *buf, int64_t bytes,
                     int64_t *done) {
    MPI_Status st;
    *done = 0;
    if (bytes < 0 || bytes > INT_MAX) return MPI_ERR_COUNT;
    int rc = blocking(unpack_file(fh), kind, off, buf, (int)bytes, &st);
    *done = moved(rc, &st);
    return rc;
}

static int start(MPI_File f, int kind, MPI_Offset off, void *b, int n, MPI_Request *r) {
    int c = COLL(kind);
    switch (ACCESS(kind)) {
    case 0:
        if (W(kind)) return c ? MPI_File_iwrite_at_all(f, off, b, n, MPI_BYTE, r)
                              : MPI_File_iwrite_at(f, off, b, n, MPI_BYTE, r);
        return c ? MPI_File_iread_at_all(f, off, b, n, MPI_BYTE, r)
                 : MPI_File_iread_at(f, off, b, n, MPI_BYTE, r);
    case 1:
        if (W(kind)) return c ? MPI_File_iwrite_all(f, b, n, MPI_BYTE, r)
                              : MPI_File_iwrite(f, b, n, MPI_BYTE, r);
        return c ? MPI_File_iread_all(f, b, n, MPI_BYTE, r) : MPI_File_iread(f, b, n, MPI_BYTE, r);
    case 2:
        return W(kind) ? MPI_File_iwrite_shared(f, b, n, MPI_BYTE, r)
                       : MPI_File_iread_shared(f, b, n, MPI_BYTE, r);
    default:
        return MPI_ERR_ARG; /* MPI has no non-blocking ordered transfer */
    }
}

int rr_file_start(uint64_t fh, int kind, int64_t off, void *buf, int64_t bytes, uint64_t *req) {
    MPI_Request r = MPI_REQUEST_NULL;
    int rc = bytes < 0 || bytes > INT_MAX
                 ? MPI_ERR_COUNT
                 : start(unpack_file(fh), kind, off, buf, (int)bytes, &r);
    *req = pack_req(r);
    return rc;
}

int rr_file_split_begin(uint64_t fh, int kind, int64_t off, void *b, int64_t bytes) {
    if (bytes < 0 || bytes > INT_MAX) return MPI_ERR_COUNT;
    MPI_File f = unpack_file(fh);
    int n = (int)bytes;
    switch (ACCESS(kind)) {
    case 0:
        return W(kind) ? MPI_File_write_at_all_begin(f, off, b, n, MPI_BYTE)
                       : MPI_File_read_at_all_begin(f, off, b, n, MPI_BYTE);
    case 1:
        return W(kind) ? MPI_File_write_all_begin(f, b, n, MPI_BYTE)
                       : MPI_File_read_all_begin(f, b, n, MPI_BYTE);
    default:
        return W(kind) ? MPI_File_write_ordered_begin(f, b, n, MPI_BYTE)
                       : MPI_File_read_ordered_begin(f, b, n, MPI_BYTE);
    }
}

int rr_file_split_end(uint64_t fh, int kind, void *b, int64_t *done) {
    MPI_File f = unpack_file(fh);
    MPI_Status st;
    int rc;
    switch (ACCESS(kind)) {
    case 0:
        rc = W(kind) ? MPI_File_write_at_all_end(f, b, &st) : MPI_File_read_at_all_end(f, b, &st);
        break;
    case 1:
        rc = W(kind) ? MPI_File_write_all_end(f, b, &st) : MPI_File_read_all_end(f, b, &st);
        break;
    default:
        rc = W(kind) ? MPI_File_write_ordered_end(f, b, &st)
                     : MPI_File_read_ordered_end(f, b, &st);
    }
    *done = moved(rc, &st);
    return rc;
}

/* Wait for n requests (MPI_Waitall, in groups of 16: no allocation), done[i] the bytes
 * request i moved; reqs[i] becomes MPI_REQUEST_NULL. */
int rr_waitall(int n, uint64_t *reqs, int64_t *done) {
    enum { GROUP = 16 };
    MPI_Request r[GROUP];
    MPI_Status st[GROUP];
    int result = MPI_SUCCESS;
    for (int at = 0; at < n; at += GROUP) {
        int k = n - at < GROUP ? n - at : GROUP;
        for (int i = 0; i < k; i++) r[i] = unpack_req(reqs[at + i]);
        int rc = MPI_Waitall(k, r, st);
        for (int i = 0; i < k; i++) {
            reqs[at + i] = pack_req(r[i]);
            done[at + i] = moved(rc, &st[i]);
        }
        if (rc != MPI_SUCCESS) result = rc;
    }
    return result;
}

int rr_cancel(uint64_t *req) {
    MPI_Request r = unpack_req(*req);
    return r == MPI_REQUEST_NULL ? MPI_ERR_REQUEST : MPI_Cancel(&r);
}

uint64_t rr_request_null(void) { return pack_req(MPI_REQUEST_NULL); }
uint64_t rr_file_null(void) { return pack_file(MPI_FILE_NULL); }
