/* The MPI calls that order ranks, with known communicators, roots, peers and tags, at any
 * number of ranks P >= 2 (tests/tests/mpi_layer.rs checks what the `mpi` layer makes of
 * them). With next = (r+1)%P and prev = (r+P-1)%P, rank r does, in this order:
 *   1. MPI_Barrier(WORLD)
 *   2. MPI_Bcast from root P-1
 *   3. MPI_Reduce (sum of ranks) to root 1
 *   4. a ring: rank 0 MPI_Send to next (tag 10) then MPI_Recv(ANY_SOURCE, ANY_TAG); the
 *      others MPI_Recv(ANY_SOURCE, ANY_TAG) then MPI_Send to next (tag 10+r)
 *   5. MPI_Sendrecv: to next with tag 20, from prev with tag 20
 *   6. MPI_Irecv(ANY_SOURCE, ANY_TAG), MPI_Isend to prev (tag 30+r),
 *      MPI_Waitall(2, MPI_STATUSES_IGNORE)
 *   7. MPI_Irecv(next, tag 40), MPI_Isend to prev (tag 40), MPI_Wait on the receive with a
 *      status, MPI_Wait on the send
 *   8. MPI_Comm_split(color r%2, key -r): ranks of one parity, highest first;
 *      MPI_Allreduce (sum of world ranks) and MPI_Bcast from its rank 0 on it; MPI_Comm_free
 *   9. MPI_Send to MPI_PROC_NULL (no message)
 *  10. MPI_Barrier(WORLD)
 * and prints one line "rank R bcast=.. reduce=.. ring_from=.. ring_tag=.. sr=.. nb_from=..
 * nb_tag=.. w_from=.. sub_sum=.. sub_root=..". Every call is checked; on failure the program
 * says which on stderr and aborts. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static void check(int rc, const char *what) {
    if (rc != MPI_SUCCESS) {
        fprintf(stderr, "mpi_sync: %s failed (%d)\n", what, rc);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
}

int main(int argc, char **argv) {
    int rank, size;
    check(MPI_Init(&argc, &argv), "MPI_Init");
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int next = (rank + 1) % size, prev = (rank + size - 1) % size;
    MPI_Status st;

    check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");

    int bcast = rank == size - 1 ? 4242 : -1;
    check(MPI_Bcast(&bcast, 1, MPI_INT, size - 1, MPI_COMM_WORLD), "MPI_Bcast");

    int reduce = -1;
    check(MPI_Reduce(&rank, &reduce, 1, MPI_INT, MPI_SUM, 1, MPI_COMM_WORLD), "MPI_Reduce");

    int token = rank, got = -1;
    if (rank == 0) {
        check(MPI_Send(&token, 1, MPI_INT, next, 10, MPI_COMM_WORLD), "MPI_Send");
        check(MPI_Recv(&got, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st), "MPI_Recv");
    } else {
        check(MPI_Recv(&got, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st), "MPI_Recv");
        check(MPI_Send(&token, 1, MPI_INT, next, 10 + rank, MPI_COMM_WORLD), "MPI_Send");
    }
    int ring_from = st.MPI_SOURCE, ring_tag = st.MPI_TAG;

    int sr = -1;
    check(MPI_Sendrecv(&rank, 1, MPI_INT, next, 20, &sr, 1, MPI_INT, prev, 20, MPI_COMM_WORLD,
                       MPI_STATUS_IGNORE),
          "MPI_Sendrecv");

    int nb = -1;
    MPI_Request reqs[2];
    check(MPI_Irecv(&nb, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &reqs[0]), "MPI_Irecv");
    check(MPI_Isend(&rank, 1, MPI_INT, prev, 30 + rank, MPI_COMM_WORLD, &reqs[1]), "MPI_Isend");
    check(MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE), "MPI_Waitall");
    int nb_from = nb;

    int w = -1;
    MPI_Request rr, sq;
    check(MPI_Irecv(&w, 1, MPI_INT, next, 40, MPI_COMM_WORLD, &rr), "MPI_Irecv");
    check(MPI_Isend(&rank, 1, MPI_INT, prev, 40, MPI_COMM_WORLD, &sq), "MPI_Isend");
    check(MPI_Wait(&rr, &st), "MPI_Wait");
    int nb_tag = st.MPI_TAG, w_from = st.MPI_SOURCE;
    check(MPI_Wait(&sq, MPI_STATUS_IGNORE), "MPI_Wait");

    MPI_Comm sub;
    check(MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &sub), "MPI_Comm_split");
    int sub_sum = -1, sub_root = rank;
    check(MPI_Allreduce(&rank, &sub_sum, 1, MPI_INT, MPI_SUM, sub), "MPI_Allreduce");
    check(MPI_Bcast(&sub_root, 1, MPI_INT, 0, sub), "MPI_Bcast");
    check(MPI_Comm_free(&sub), "MPI_Comm_free");

    check(MPI_Send(&rank, 1, MPI_INT, MPI_PROC_NULL, 50, MPI_COMM_WORLD), "MPI_Send");
    check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");

    printf("rank %d bcast=%d reduce=%d ring_from=%d ring_tag=%d sr=%d nb_from=%d nb_tag=%d "
           "w_from=%d sub_sum=%d sub_root=%d\n",
           rank, bcast, reduce, ring_from, ring_tag, sr, nb_from, nb_tag, w_from, sub_sum,
           sub_root);
    check(MPI_Finalize(), "MPI_Finalize");
    return 0;
}
