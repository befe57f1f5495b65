/* The account the real-program equivalents (ior_equiv.c, mdtest_equiv.c, flash_equiv.c) give of
 * their own I/O: each rank collects JSON lines (one object per line) in memory with
 * account(), and account_print() has rank 0 print every rank's lines in rank order, so that
 * stdout holds the program's view of what it did: per call the file, layer, bytes and, where
 * the program states it, the offset. Printing happens after the I/O, so the account's own
 * writes to stdout never fall between the operations it describes. */
#ifndef E2E_MPI_ACCOUNT_H
#define E2E_MPI_ACCOUNT_H

#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *g_account;
static size_t g_account_len;

/* Append one line (printf format, without the newline) to this rank's account. */
__attribute__((format(printf, 1, 2))) static void account(const char *fmt, ...) {
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || n >= (int)sizeof line - 1) {
        fprintf(stderr, "account: line too long\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    line[n++] = '\n';
    g_account = realloc(g_account, g_account_len + n);
    if (!g_account) MPI_Abort(MPI_COMM_WORLD, 1);
    memcpy(g_account + g_account_len, line, n);
    g_account_len += n;
}

/* Rank 0 prints every rank's account in rank order (collective over MPI_COMM_WORLD). */
static void account_print(void) {
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int len = (int)g_account_len;
    int *lens = calloc(size, sizeof(int)), *offs = calloc(size, sizeof(int));
    MPI_Gather(&len, 1, MPI_INT, lens, 1, MPI_INT, 0, MPI_COMM_WORLD);
    int all = 0;
    for (int i = 0; rank == 0 && i < size; i++) offs[i] = all, all += lens[i];
    char *text = malloc(all + 1);
    MPI_Gatherv(g_account, len, MPI_CHAR, text, lens, offs, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        fwrite(text, 1, all, stdout);
        fflush(stdout);
    }
    free(text), free(lens), free(offs);
}

#endif
