/* MPI_THREAD_MULTIPLE with many communicators: each rank dups MPI_COMM_WORLD 200 times and
 * opens one file on the last dup; 4 threads then each make 200 MPI_File_write_at calls of
 * 64 bytes at distinct offsets. Thread 0 first makes 200 MPI_File_iwrite_at, completed
 * alternately by MPI_Wait and by an MPI_Test loop, while threads 1-3 wait at a barrier:
 * Open MPI's OMPIO progresses non-blocking file requests in a way that is not thread-safe
 * (any thread's MPI progress, even for a message, may run it: seen crashing untraced), so no
 * other thread calls MPI while one is in flight. Then threads 1-3 complete non-I/O requests
 * (MPI_Isend/MPI_Recv on MPI_COMM_SELF + MPI_Wait) through the same wrappers while every
 * thread writes. Usage: mpirun -np N mpi_threads FILE */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>

static MPI_File fh;
static int rank;

static pthread_barrier_t nonblocking_done;

static void *work(void *arg) {
    long t = (long)arg;
    char buf[64] = {0};
    if (t == 0) {
        for (int i = 0; i < 200; i++) {
            MPI_Offset off = ((MPI_Offset)(rank * 4 + t) * 200 + i) * 64;
            MPI_Request rq;
            MPI_File_iwrite_at(fh, off, buf, 64, MPI_BYTE, &rq);
            if (i % 2) {
                MPI_Wait(&rq, MPI_STATUS_IGNORE);
            } else {
                int f = 0;
                while (!f)
                    MPI_Test(&rq, &f, MPI_STATUS_IGNORE);
            }
        }
    }
    pthread_barrier_wait(&nonblocking_done);
    for (int i = 0; i < 200; i++) {
        MPI_Offset off = ((MPI_Offset)(rank * 4 + t) * 200 + i) * 64;
        if (t != 0) {
            MPI_Request r2;
            int x = i;
            MPI_Isend(&x, 1, MPI_INT, 0, 100 + (int)t, MPI_COMM_SELF, &r2);
            MPI_Recv(&x, 1, MPI_INT, 0, 100 + (int)t, MPI_COMM_SELF, MPI_STATUS_IGNORE);
            MPI_Wait(&r2, MPI_STATUS_IGNORE);
        }
        MPI_File_write_at(fh, off, buf, 64, MPI_BYTE, MPI_STATUS_IGNORE);
    }
    return NULL;
}

int main(int argc, char **argv) {
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm c[200];
    for (int i = 0; i < 200; i++)
        MPI_Comm_dup(MPI_COMM_WORLD, &c[i]);
    MPI_File_open(c[199], argv[1], MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    pthread_t th[4];
    pthread_barrier_init(&nonblocking_done, NULL, 4);
    for (long t = 0; t < 4; t++)
        pthread_create(&th[t], NULL, work, (void *)t);
    for (int t = 0; t < 4; t++)
        pthread_join(th[t], NULL);
    MPI_File_close(&fh);
    for (int i = 0; i < 200; i++)
        MPI_Comm_free(&c[i]);
    if (rank == 0)
        printf("provided %d\n", provided);
    MPI_Finalize();
    return 0;
}
