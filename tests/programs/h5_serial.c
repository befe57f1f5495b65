/* Known HDF5 calls through the serial library (default sec2 driver); argv[1] is the scratch
 * directory, the file is DIR/s.h5 (kept).
 *
 *   h5cc -shlib -O1 -o h5_serial h5_serial.c       (plain "h5cc" links libhdf5.a statically:
 *                                                   the HDF5 calls could not be interposed)
 *   gcc -O1 -o h5_serial h5_serial.c $(pkg-config --cflags --libs hdf5-serial)
 *   ./h5_serial DIR
 *
 * Both link libhdf5_serial.so.103 dynamically.
 *
 * 1. create (H5F_ACC_TRUNC) s.h5
 *      group /g (H5Gcreate2)
 *      /g/d1  1000 doubles, contiguous
 *             H5Dwrite all: 1000 elements, 8000 bytes (d1[i] = i + 0.5)
 *      /g/c   100x10 ints, chunks of 10x10, deflate level 6 (H5Pset_chunk + H5Pset_deflate)
 *             H5Dwrite of the hyperslab start {10,0} count {20,10} from a 1-D memory space
 *             of 200: 200 elements, 800 bytes (value = row*100 + column)
 *      attribute "ids" on /g/d1: 3 ints {7, 8, 9}, H5Acreate2 + H5Awrite (3 elements, 12 bytes)
 *      /g/e   ints, 1-D chunked (chunks of 5), created with 10 elements, maxdims unlimited;
 *             H5Dset_extent to 20, H5Dwrite of the new elements (hyperslab start 10
 *             count 10): 10 elements, 40 bytes (value = 1000 + index)
 *      H5Dflush(/g/e), H5Fflush(H5F_SCOPE_GLOBAL), then H5Aclose, H5Sclose, H5Pclose,
 *      H5Dclose, H5Gclose, H5Fclose.
 * 2. open H5F_ACC_RDONLY
 *      H5Dopen2 /g/d1; H5Dread all: 1000 elements, 8000 bytes;
 *      H5Dread of the hyperslab start 500 count 100 (memory space of 100): 100 elements,
 *      800 bytes; H5Aopen_name "ids" + H5Aread: 3 elements, 12 bytes;
 *      H5Oopen /g + H5Oclose; H5Lexists /g/d1 (true); H5Fclose.
 * 3. open H5F_ACC_RDWR
 *      H5Ldelete /g/e; H5Lcreate_soft /g/soft -> /g/d1; H5Lcreate_hard /g/hard -> /g/d1;
 *      H5Freopen of the open file id (a second id for the same file), H5Fclose of it;
 *      H5Fclose.
 * 4. create x.h5 (kept) with a file access property list: H5Pset_fapl_sec2 +
 *    H5Pset_alignment(1024, 512)
 *      group /h: H5Gcreate2, H5Gclose, H5Gopen2
 *      /h/f   40 ints, chunks of 10: H5Pset_shuffle, H5Pset_fletcher32, deflate level 1 through
 *             H5Pset_filter (optional); H5Dwrite all: 40 elements, 160 bytes (value 3*i)
 *      /h/n   40 ints, chunks of 10: H5Pset_nbit, H5Pset_szip(NN, 8 pixels per block);
 *             H5Dwrite all: 40 elements, 160 bytes (value i - 20)
 *      attribute "keep" on /h/f: H5Acreate2 + H5Awrite 3 ints (12 bytes), H5Aclose;
 *      attribute "tmp" on /h/f: H5Acreate2, H5Aclose, H5Adelete; H5Aopen "keep" + H5Aread
 *      (3 elements, 12 bytes)
 *      anonymous dataset (H5Dcreate_anon) of 10 doubles: H5Dwrite all (10 elements, 80 bytes),
 *      H5Dread all (80 bytes); its op lines say dataset=(anonymous)
 *      /h/v   2 elements of a variable-length int type (H5Tvlen_create): H5Dwrite all (2
 *             elements, 2 x sizeof(hvl_t) = 32 bytes: {1,2,3} and {4}), H5Dread all (32 bytes),
 *             H5Dvlen_reclaim of the read buffer
 *      /h/f opened with H5Oopen (not H5Dopen2) and H5Dread through that id: 40 elements,
 *      160 bytes; H5Oclose
 *      H5Lcreate_external /h/ext -> s.h5:/g/d1 (not traversed); H5Fclose.
 * 5. create core.h5 with H5Pset_fapl_core(64 KiB increments, no backing store: nothing on
 *    disk): dataset /m of 5 ints, H5Dwrite all (5 elements, 20 bytes), H5Dclose; the file is
 *    closed by H5Idec_ref of its last reference (as h5py does), not H5Fclose.
 * 6. create stdio.h5 (kept) with H5Pset_fapl_stdio (the driver uses fopen/fwrite/fseeko...):
 *    dataset /m of 5 ints, H5Dwrite all (5 elements, 20 bytes); the dataset is closed by
 *    H5Idec_ref of its last reference; H5Fclose.
 *
 * Output: one line per data call (H5Dwrite, H5Dread, H5Awrite, H5Aread), in program order:
 *     op <function> dataset=<path> elements=<n> bytes=<n> file=<s.h5|x.h5|core.h5|stdio.h5>
 * For the attribute calls, dataset= is the object carrying the attribute (/g/d1, /h/f).
 * Every return value is checked and the data read back is compared; on error a message goes
 * to stderr (after HDF5's own error stack, when it printed one) and the exit status is 1.
 */
#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N1 1000 /* /g/d1 */
#define CR 100  /* /g/c rows */
#define CC 10   /* /g/c columns */
#define E0 10   /* /g/e initial size */
#define E1 20   /* /g/e after H5Dset_extent */

static const char *g_file = "s.h5";

static void die(const char *what, int line) {
    fprintf(stderr, "h5_serial: line %d: %s failed\n", line, what);
    exit(1);
}
/* hid_t / herr_t / htri_t: negative is failure. */
#define CK(call)                                                                                 \
    ({                                                                                           \
        __typeof__(call) r_ = (call);                                                            \
        if (r_ < 0) die(#call, __LINE__);                                                        \
        r_;                                                                                      \
    })

static void op(const char *fn, const char *dset, long long elements, long long bytes) {
    printf("op %s dataset=%s elements=%lld bytes=%lld file=%s\n", fn, dset, elements, bytes,
           g_file);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", argv[1], g_file);

    static double d1[N1], d1r[N1], part[100];
    static int cbuf[200], ebuf[E1 - E0];
    int attr[3] = {7, 8, 9}, attrr[3] = {0, 0, 0};
    for (int i = 0; i < N1; i++) d1[i] = i + 0.5;
    for (int i = 0; i < 200; i++) cbuf[i] = (10 + i / CC) * 100 + i % CC;
    for (int i = 0; i < E1 - E0; i++) ebuf[i] = 1000 + E0 + i;

    /* ---- 1. create and write */
    hid_t f = CK(H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT));
    hid_t g = CK(H5Gcreate2(f, "/g", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT));

    hsize_t n1 = N1;
    hid_t s1 = CK(H5Screate_simple(1, &n1, NULL));
    hid_t d = CK(H5Dcreate2(f, "/g/d1", H5T_NATIVE_DOUBLE, s1, H5P_DEFAULT, H5P_DEFAULT,
                            H5P_DEFAULT));

    hsize_t cdims[2] = {CR, CC}, cchunk[2] = {10, 10};
    hid_t cdcpl = CK(H5Pcreate(H5P_DATASET_CREATE));
    CK(H5Pset_chunk(cdcpl, 2, cchunk));
    CK(H5Pset_deflate(cdcpl, 6));
    hid_t cs = CK(H5Screate_simple(2, cdims, NULL));
    hid_t c = CK(H5Dcreate2(f, "/g/c", H5T_NATIVE_INT, cs, H5P_DEFAULT, cdcpl, H5P_DEFAULT));

    CK(H5Dwrite(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, d1));
    op("H5Dwrite", "/g/d1", N1, N1 * sizeof(double));

    hsize_t start2[2] = {10, 0}, count2[2] = {20, 10}, m200 = 200;
    CK(H5Sselect_hyperslab(cs, H5S_SELECT_SET, start2, NULL, count2, NULL));
    hid_t ms200 = CK(H5Screate_simple(1, &m200, NULL));
    CK(H5Dwrite(c, H5T_NATIVE_INT, ms200, cs, H5P_DEFAULT, cbuf));
    op("H5Dwrite", "/g/c", 200, 200 * sizeof(int));

    hsize_t three = 3;
    hid_t as = CK(H5Screate_simple(1, &three, NULL));
    hid_t a = CK(H5Acreate2(d, "ids", H5T_NATIVE_INT, as, H5P_DEFAULT, H5P_DEFAULT));
    CK(H5Awrite(a, H5T_NATIVE_INT, attr));
    op("H5Awrite", "/g/d1", 3, 3 * sizeof(int));

    hsize_t e0 = E0, e1 = E1, emax = H5S_UNLIMITED, echunk = 5;
    hid_t edcpl = CK(H5Pcreate(H5P_DATASET_CREATE));
    CK(H5Pset_chunk(edcpl, 1, &echunk));
    hid_t es = CK(H5Screate_simple(1, &e0, &emax));
    hid_t e = CK(H5Dcreate2(g, "e", H5T_NATIVE_INT, es, H5P_DEFAULT, edcpl, H5P_DEFAULT));
    CK(H5Dset_extent(e, &e1));
    hid_t es2 = CK(H5Dget_space(e));
    hsize_t got = 0;
    CK(H5Sget_simple_extent_dims(es2, &got, NULL));
    if (got != E1) die("H5Dset_extent (size after)", __LINE__);
    hsize_t estart = E0, ecount = E1 - E0;
    CK(H5Sselect_hyperslab(es2, H5S_SELECT_SET, &estart, NULL, &ecount, NULL));
    hid_t ems = CK(H5Screate_simple(1, &ecount, NULL));
    CK(H5Dwrite(e, H5T_NATIVE_INT, ems, es2, H5P_DEFAULT, ebuf));
    op("H5Dwrite", "/g/e", E1 - E0, (E1 - E0) * sizeof(int));

    CK(H5Dflush(e));
    CK(H5Fflush(f, H5F_SCOPE_GLOBAL));

    CK(H5Aclose(a));
    CK(H5Sclose(as));
    CK(H5Sclose(ems));
    CK(H5Sclose(es2));
    CK(H5Sclose(es));
    CK(H5Sclose(ms200));
    CK(H5Sclose(cs));
    CK(H5Sclose(s1));
    CK(H5Pclose(edcpl));
    CK(H5Pclose(cdcpl));
    CK(H5Dclose(e));
    CK(H5Dclose(c));
    CK(H5Dclose(d));
    CK(H5Gclose(g));
    CK(H5Fclose(f));

    /* ---- 2. read back */
    f = CK(H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT));
    d = CK(H5Dopen2(f, "/g/d1", H5P_DEFAULT));
    CK(H5Dread(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, d1r));
    op("H5Dread", "/g/d1", N1, N1 * sizeof(double));
    if (memcmp(d1, d1r, sizeof d1)) die("H5Dread /g/d1 (data check)", __LINE__);

    hid_t fs = CK(H5Dget_space(d));
    hsize_t start1 = 500, count1 = 100;
    CK(H5Sselect_hyperslab(fs, H5S_SELECT_SET, &start1, NULL, &count1, NULL));
    hid_t ms100 = CK(H5Screate_simple(1, &count1, NULL));
    CK(H5Dread(d, H5T_NATIVE_DOUBLE, ms100, fs, H5P_DEFAULT, part));
    op("H5Dread", "/g/d1", 100, 100 * sizeof(double));
    if (memcmp(part, d1 + 500, sizeof part)) die("H5Dread /g/d1 hyperslab (data check)", __LINE__);

    a = CK(H5Aopen_name(d, "ids"));
    CK(H5Aread(a, H5T_NATIVE_INT, attrr));
    op("H5Aread", "/g/d1", 3, 3 * sizeof(int));
    if (memcmp(attr, attrr, sizeof attr)) die("H5Aread ids (data check)", __LINE__);

    hid_t o = CK(H5Oopen(f, "/g", H5P_DEFAULT));
    CK(H5Oclose(o));
    if (CK(H5Lexists(f, "/g/d1", H5P_DEFAULT)) <= 0) die("H5Lexists /g/d1 (false)", __LINE__);

    CK(H5Aclose(a));
    CK(H5Sclose(ms100));
    CK(H5Sclose(fs));
    CK(H5Dclose(d));
    CK(H5Fclose(f));

    /* ---- 3. links */
    f = CK(H5Fopen(path, H5F_ACC_RDWR, H5P_DEFAULT));
    CK(H5Ldelete(f, "/g/e", H5P_DEFAULT));
    CK(H5Lcreate_soft("/g/d1", f, "/g/soft", H5P_DEFAULT, H5P_DEFAULT));
    CK(H5Lcreate_hard(f, "/g/d1", f, "/g/hard", H5P_DEFAULT, H5P_DEFAULT));
    hid_t f2 = CK(H5Freopen(f));
    CK(H5Fclose(f2));
    CK(H5Fclose(f));

    /* ---- 4. the other dataset, attribute, link and property calls: x.h5 */
    g_file = "x.h5";
    snprintf(path, sizeof path, "%s/%s", argv[1], g_file);
    hid_t fapl = CK(H5Pcreate(H5P_FILE_ACCESS));
    CK(H5Pset_fapl_sec2(fapl));
    CK(H5Pset_alignment(fapl, 1024, 512));
    f = CK(H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, fapl));
    CK(H5Pclose(fapl));
    g = CK(H5Gcreate2(f, "/h", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT));
    CK(H5Gclose(g));
    g = CK(H5Gopen2(f, "/h", H5P_DEFAULT));

    static int fbuf[40], fread_[40], nbuf[40], nread[40];
    for (int i = 0; i < 40; i++) fbuf[i] = 3 * i, nbuf[i] = i - 20;
    hsize_t n40 = 40, c10 = 10;
    hid_t s40 = CK(H5Screate_simple(1, &n40, NULL));
    hid_t fdcpl = CK(H5Pcreate(H5P_DATASET_CREATE));
    CK(H5Pset_chunk(fdcpl, 1, &c10));
    CK(H5Pset_shuffle(fdcpl));
    CK(H5Pset_fletcher32(fdcpl));
    unsigned level = 1;
    CK(H5Pset_filter(fdcpl, H5Z_FILTER_DEFLATE, H5Z_FLAG_OPTIONAL, 1, &level));
    hid_t fd = CK(H5Dcreate2(g, "f", H5T_NATIVE_INT, s40, H5P_DEFAULT, fdcpl, H5P_DEFAULT));
    CK(H5Dwrite(fd, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, fbuf));
    op("H5Dwrite", "/h/f", 40, 40 * sizeof(int));

    hid_t ndcpl = CK(H5Pcreate(H5P_DATASET_CREATE));
    CK(H5Pset_chunk(ndcpl, 1, &c10));
    CK(H5Pset_nbit(ndcpl));
    CK(H5Pset_szip(ndcpl, H5_SZIP_NN_OPTION_MASK, 8));
    hid_t nd = CK(H5Dcreate2(g, "n", H5T_NATIVE_INT, s40, H5P_DEFAULT, ndcpl, H5P_DEFAULT));
    CK(H5Dwrite(nd, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, nbuf));
    op("H5Dwrite", "/h/n", 40, 40 * sizeof(int));

    int keep[3] = {4, 5, 6}, keepr[3] = {0, 0, 0};
    as = CK(H5Screate_simple(1, &three, NULL));
    a = CK(H5Acreate2(fd, "keep", H5T_NATIVE_INT, as, H5P_DEFAULT, H5P_DEFAULT));
    CK(H5Awrite(a, H5T_NATIVE_INT, keep));
    op("H5Awrite", "/h/f", 3, 3 * sizeof(int));
    CK(H5Aclose(a));
    a = CK(H5Acreate2(fd, "tmp", H5T_NATIVE_INT, as, H5P_DEFAULT, H5P_DEFAULT));
    CK(H5Aclose(a));
    CK(H5Adelete(fd, "tmp"));
    if (CK(H5Aexists(fd, "tmp")) != 0) die("H5Adelete tmp (still there)", __LINE__);
    a = CK(H5Aopen(fd, "keep", H5P_DEFAULT));
    CK(H5Aread(a, H5T_NATIVE_INT, keepr));
    op("H5Aread", "/h/f", 3, 3 * sizeof(int));
    if (memcmp(keep, keepr, sizeof keep)) die("H5Aread keep (data check)", __LINE__);
    CK(H5Aclose(a));
    CK(H5Sclose(as));

    double anon[10], anonr[10];
    for (int i = 0; i < 10; i++) anon[i] = i * 1.5;
    hsize_t ten = 10;
    hid_t s10 = CK(H5Screate_simple(1, &ten, NULL));
    hid_t ad = CK(H5Dcreate_anon(f, H5T_NATIVE_DOUBLE, s10, H5P_DEFAULT, H5P_DEFAULT));
    CK(H5Dwrite(ad, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, anon));
    op("H5Dwrite", "(anonymous)", 10, 10 * sizeof(double));
    CK(H5Dread(ad, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, anonr));
    op("H5Dread", "(anonymous)", 10, 10 * sizeof(double));
    if (memcmp(anon, anonr, sizeof anon)) die("H5Dread anonymous (data check)", __LINE__);
    CK(H5Dclose(ad));
    CK(H5Sclose(s10));

    int v0[3] = {1, 2, 3}, v1[1] = {4};
    hvl_t vw[2] = {{3, v0}, {1, v1}}, vr[2];
    hsize_t two = 2;
    hid_t vt = CK(H5Tvlen_create(H5T_NATIVE_INT));
    hid_t s2 = CK(H5Screate_simple(1, &two, NULL));
    hid_t vd = CK(H5Dcreate2(g, "v", vt, s2, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT));
    CK(H5Dwrite(vd, vt, H5S_ALL, H5S_ALL, H5P_DEFAULT, vw));
    op("H5Dwrite", "/h/v", 2, 2 * sizeof(hvl_t));
    CK(H5Dread(vd, vt, H5S_ALL, H5S_ALL, H5P_DEFAULT, vr));
    op("H5Dread", "/h/v", 2, 2 * sizeof(hvl_t));
    if (vr[0].len != 3 || vr[1].len != 1 || memcmp(vr[0].p, v0, sizeof v0) ||
        memcmp(vr[1].p, v1, sizeof v1))
        die("H5Dread /h/v (data check)", __LINE__);
    CK(H5Dvlen_reclaim(vt, s2, H5P_DEFAULT, vr));
    CK(H5Dclose(vd));
    CK(H5Sclose(s2));
    CK(H5Tclose(vt));

    hid_t od = CK(H5Oopen(f, "/h/f", H5P_DEFAULT));
    CK(H5Dread(od, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, fread_));
    op("H5Dread", "/h/f", 40, 40 * sizeof(int));
    if (memcmp(fbuf, fread_, sizeof fbuf)) die("H5Dread /h/f via H5Oopen (data check)", __LINE__);
    CK(H5Oclose(od));
    CK(H5Dread(nd, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, nread));
    op("H5Dread", "/h/n", 40, 40 * sizeof(int));
    if (memcmp(nbuf, nread, sizeof nbuf)) die("H5Dread /h/n (data check)", __LINE__);

    CK(H5Lcreate_external("s.h5", "/g/d1", f, "/h/ext", H5P_DEFAULT, H5P_DEFAULT));
    CK(H5Pclose(ndcpl));
    CK(H5Pclose(fdcpl));
    CK(H5Sclose(s40));
    CK(H5Dclose(nd));
    CK(H5Dclose(fd));
    CK(H5Gclose(g));
    CK(H5Fclose(f));

    /* ---- 5. core driver (in memory) and 6. stdio driver */
    const char *drivers[2] = {"core.h5", "stdio.h5"};
    for (int k = 0; k < 2; k++) {
        g_file = drivers[k];
        snprintf(path, sizeof path, "%s/%s", argv[1], g_file);
        fapl = CK(H5Pcreate(H5P_FILE_ACCESS));
        if (k == 0)
            CK(H5Pset_fapl_core(fapl, 65536, 0));
        else
            CK(H5Pset_fapl_stdio(fapl));
        f = CK(H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, fapl));
        CK(H5Pclose(fapl));
        int m[5] = {10, 20, 30, 40, 50};
        hsize_t five = 5;
        hid_t s5 = CK(H5Screate_simple(1, &five, NULL));
        hid_t md = CK(H5Dcreate2(f, "/m", H5T_NATIVE_INT, s5, H5P_DEFAULT, H5P_DEFAULT,
                                 H5P_DEFAULT));
        CK(H5Dwrite(md, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, m));
        op("H5Dwrite", "/m", 5, 5 * sizeof(int));
        if (k == 0)
            CK(H5Dclose(md));
        else if (CK(H5Idec_ref(md)) != 0)
            die("H5Idec_ref(dataset) (references left)", __LINE__);
        CK(H5Sclose(s5));
        if (k == 1)
            CK(H5Fclose(f));
        else if (CK(H5Idec_ref(f)) != 0)
            die("H5Idec_ref(file) (references left)", __LINE__);
    }
    return 0;
}
