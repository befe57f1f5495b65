"""MPI-IO through mpi4py (run with /usr/bin/python3 under mpirun): argv[1] is the scratch
directory.

mpi4py calls the C MPI_File_* functions of libmpi. Every data call moves COUNT = 16 int32
= 64 bytes. py.dat is opened on MPI_COMM_WORLD with the default view (offsets in bytes).
Rank r of P:
    Write_at      at r*64
    Write_at_all  at (P+r)*64
    Iwrite_at     at (2P+r)*64, completed by Wait
    Read_at_all   at r*64          (reads back what Write_at wrote)
then Close, a barrier, and rank 0 deletes the file with MPI.File.Delete (its size before
the close: 3*P*64).

Output: each rank's lines are gathered on rank 0 and printed in rank order:
    op <function> rank=<r> bytes=64 offset=<absolute byte offset> coll=<0|1> nb=<0|1> file=py.dat
    done MPI_File_iwrite_at rank=<r> by=MPI_Wait
    info ... ; and last "failures: N" (exit status 1 when a check failed).
mpi4py raises MPI.Exception on any MPI error; it is caught, printed, and the job aborted.
"""
import os
import sys

from mpi4py import MPI

COUNT = 16
BLOCK = COUNT * 4


def main():
    comm = MPI.COMM_WORLD
    rank, nprocs = comm.Get_rank(), comm.Get_size()
    path = os.path.join(sys.argv[1], "py.dat")
    lines = []
    failures = []

    def op(fn, offset, coll, nb):
        lines.append(f"op {fn} rank={rank} bytes={BLOCK} offset={offset} coll={coll} nb={nb} file=py.dat")

    def fail(what):
        failures.append(what)
        lines.append(f"info rank={rank} FAILED {what}")

    def block(k):
        base = k * 1000000 + rank * 1000
        return bytearray(b"".join((base + i).to_bytes(4, "little", signed=True) for i in range(COUNT)))

    def check_count(st, what):
        if st.Get_count(MPI.BYTE) != BLOCK:
            fail(what + " count")

    st = MPI.Status()
    fh = MPI.File.Open(comm, path, MPI.MODE_CREATE | MPI.MODE_RDWR)

    w1 = block(1)
    fh.Write_at(rank * BLOCK, [w1, MPI.BYTE], st)
    check_count(st, "Write_at")
    op("MPI_File_write_at", rank * BLOCK, 0, 0)

    w2 = block(2)
    fh.Write_at_all((nprocs + rank) * BLOCK, [w2, MPI.BYTE], st)
    check_count(st, "Write_at_all")
    op("MPI_File_write_at_all", (nprocs + rank) * BLOCK, 1, 0)

    w3 = block(3)
    req = fh.Iwrite_at((2 * nprocs + rank) * BLOCK, [w3, MPI.BYTE])
    op("MPI_File_iwrite_at", (2 * nprocs + rank) * BLOCK, 0, 1)
    req.Wait(st)
    check_count(st, "Iwrite_at")
    lines.append(f"done MPI_File_iwrite_at rank={rank} by=MPI_Wait")

    rb = bytearray(BLOCK)
    fh.Read_at_all(rank * BLOCK, [rb, MPI.BYTE], st)
    check_count(st, "Read_at_all")
    if rb != w1:
        fail("Read_at_all data")
    op("MPI_File_read_at_all", rank * BLOCK, 1, 0)

    fh.Sync()
    comm.Barrier()
    size = fh.Get_size()
    lines.append(f"info rank={rank} py.dat size={size}")
    if size != 3 * nprocs * BLOCK:
        fail("size")
    fh.Close()
    comm.Barrier()
    if rank == 0:
        MPI.File.Delete(path)

    lines.append(f"info rank={rank} failures={len(failures)}")
    gathered = comm.gather(lines, root=0)
    total = comm.allreduce(len(failures))
    if rank == 0:
        for rank_lines in gathered:
            for line in rank_lines:
                print(line)
        print(f"failures: {total}", flush=True)
    return 1 if total else 0


if __name__ == "__main__":
    try:
        code = main()
    except MPI.Exception as e:
        print(f"mpi_io.py: rank {MPI.COMM_WORLD.Get_rank()}: MPI error: {e.Get_error_string()}",
              file=sys.stderr, flush=True)
        MPI.COMM_WORLD.Abort(1)
    sys.exit(code)
