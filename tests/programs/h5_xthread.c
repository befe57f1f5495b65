/* Cross-thread order: the main thread's H5Dwrite/H5Dclose runs an HDF5 filter (H5Zregister)
 * whose callback, inside that still-open HDF5 call, waits until a second thread has opened
 * side.dat, then writes 100, 200 and 300 bytes to that descriptor. The second thread opens the
 * file only after the main thread's HDF5 call began, and closes it after the call returned
 * (condition variables make the order the same in every run). Prints the filter's calls and
 * the writes' results; "failures: 0" at the end. */
#include "common.h"
#include <fcntl.h>
#include <hdf5.h>
#include <pthread.h>
#include <unistd.h>

#define FILTER_ID 307
#define N 1024

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int inside;      /* the main thread is inside the filter */
static int side_fd = -1; /* set by the opener once side.dat is open */
static int call_done;   /* the main thread's HDF5 calls returned */
static int filter_calls;

static void wait_for(int *flag_or_fd, int unset) {
    pthread_mutex_lock(&mu);
    while (*flag_or_fd == unset) pthread_cond_wait(&cv, &mu);
    pthread_mutex_unlock(&mu);
}

static void set(int *v, int value) {
    pthread_mutex_lock(&mu);
    *v = value;
    pthread_cond_broadcast(&cv);
    pthread_mutex_unlock(&mu);
}

/* An identity filter; its first call (compressing the chunk) writes to side.dat. */
static size_t side_filter(unsigned int flags, size_t cd_nelmts, const unsigned int cd_values[],
                          size_t nbytes, size_t *buf_size, void **buf) {
    (void)cd_nelmts;
    (void)cd_values;
    (void)buf_size;
    (void)buf;
    if ((flags & H5Z_FLAG_REVERSE) || filter_calls++ > 0) return nbytes;
    set(&inside, 1);
    wait_for(&side_fd, -1);
    char data[300];
    memset(data, 'x', sizeof data);
    for (int k = 1; k <= 3; k++) CHECK_RET("filter write", write(side_fd, data, 100 * k), -1);
    return nbytes;
}

static void *opener(void *arg) {
    (void)arg;
    wait_for(&inside, 0);
    int fd = open(path_of("side.dat"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd < 0) g_failures++;
    set(&side_fd, fd);
    wait_for(&call_done, 0);
    if (close(fd) != 0) g_failures++;
    return NULL;
}

int main(int argc, char **argv) {
    setup(argc, argv);
    const H5Z_class2_t cls = {H5Z_CLASS_T_VERS, FILTER_ID, 1, 1, "side writer", NULL, NULL,
                              side_filter};
    if (H5Zregister(&cls) < 0) g_failures++;
    pthread_t th;
    if (pthread_create(&th, NULL, opener, NULL)) return 1;
    hid_t f = H5Fcreate(path_of("x.h5"), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    hsize_t dims[1] = {N};
    hid_t space = H5Screate_simple(1, dims, NULL);
    hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
    H5Pset_chunk(dcpl, 1, dims);
    H5Pset_filter(dcpl, FILTER_ID, H5Z_FLAG_MANDATORY, 0, NULL);
    hid_t d = H5Dcreate2(f, "data", H5T_NATIVE_INT, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
    int v[N];
    for (int i = 0; i < N; i++) v[i] = i;
    CHECK_RET("H5Dwrite", H5Dwrite(d, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, v), -1);
    CHECK_RET("H5Dclose", H5Dclose(d), -1);
    set(&call_done, 1);
    pthread_join(th, NULL);
    H5Pclose(dcpl);
    H5Sclose(space);
    CHECK_RET("H5Fclose", H5Fclose(f), -1);
    printf("filter calls %d\n", filter_calls > 0);
    printf("failures: %d\n", g_failures);
    return g_failures != 0;
}
