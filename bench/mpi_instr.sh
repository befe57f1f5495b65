#!/usr/bin/env bash
# Instructions the MPI-IO layer adds per call, counted by valgrind's callgrind (exact and
# repeatable, unlike times on a shared 2-core machine). One rank (singleton MPI); only the
# loops of bench/mpi_loop.c are counted (--toggle-collect). "Own" instructions of a wrapper
# = its inclusive count minus that of the PMPI_ function it calls, i.e. what the recorder
# adds beyond the MPI call and everything under it (the POSIX calls and their records).
# For scale, the same is reported for the POSIX pwrite wrapper under MPI_File_write_at,
# whose time cost is measured in docs/performance.md (bench/recorder.sh).
# The MPI is named by MPICC (default mpicc.openmpi; mpicc.mpich for the MPICH ABI: the same
# library build serves both); LIB names another build of the library to compare with.
# Usage: [MPICC=mpicc.mpich] [LIB=path/librecorder_otf2.so] bench/mpi_instr.sh [N=10000]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-10000}
cargo build --release -q -p recorder-otf2
work=$(mktemp -d /tmp/rotf2-mpiinstr.XXXXXX)
MPICC=${MPICC:-mpicc.openmpi}
"$MPICC" -O2 -o "$work/mpi_loop" bench/mpi_loop.c
lib=${LIB:-$PWD/target/release/librecorder_otf2.so}
profile() { # $1 loop ("write" | "test"); layers posix,mpiio
  rm -rf "$work/t" "$work/cg.out"
  env LD_PRELOAD="$lib" RECORDER_OTF2_DIR="$work/t" RECORDER_OTF2_LAYERS=posix,mpiio \
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" --toggle-collect="loop_$1" \
    "$work/mpi_loop" "$N" "/dev/shm/rotf2-instr-$$.dat" "$1" >/dev/null 2>&1
  callgrind_annotate --inclusive=yes "$work/cg.out" 2>/dev/null
}
incl() { # $1 annotate output, $2 regex of the function line: the largest inclusive count
  # (inlined parts are listed again under other source files)
  grep -E "$2" <<<"$1" | grep -v "=>" | awk '{gsub(",", "", $1); v = $1 + 0; if (v > m) m = v} END {printf "%d\n", m}'
}
w=$(profile write)
own_w=$(( ($(incl "$w" '\.rs:MPI_File_write_at([^_0-9a-zA-Z]|$)') - $(incl "$w" '\?\?\?:PMPI_File_write_at ')) / N ))
own_p=$(( ($(incl "$w" '\.rs:pwrite([^_0-9a-zA-Z]|$)') - $(incl "$w" 'pwrite64.c:pwrite ')) / N ))
t=$(profile test)
own_t=$(( ($(incl "$t" '\.rs:MPI_Test([^_0-9a-zA-Z]|$)') - $(incl "$t" '\?\?\?:PMPI_Test ')) / N ))
echo "$MPICC: instructions added per call (own): MPI_File_write_at $own_w, MPI_Test on a non-I/O request $own_t; for scale: POSIX pwrite wrapper $own_p"
rm -rf "$work"
