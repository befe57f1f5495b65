#!/usr/bin/env bash
# MPI-IO replay speed (issue 15): N MPI_File_write_at of 64 bytes per rank to one file in
# /dev/shm (bench/mpi_loop.c, its write loop alone) at NP ranks, the program's own time per
# call untraced (the slowest rank's), against `mpirun -np NP recorder-otf2 replay` of its
# trace (MPI-IO layer recorded; the replay phase alone, as the replay reports it: the
# slowest rank's wall time over its N + 1000 calls, warm-up included). Median of RUNS each,
# interleaved.
#   bench/replay_mpi.sh [N [RUNS [NP]]]      (default 200000 5 2)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-200000} RUNS=${2:-5} NP=${3:-2}
cargo build --release --quiet
work=$(mktemp -d /dev/shm/recorder-otf2-replay-mpi.XXXXXX)
trap 'rm -rf "$work"' EXIT
mpicc -O2 -o "$work/mpi_loop" bench/mpi_loop.c
mkdir "$work/data"
mpi=(mpirun --allow-run-as-root --oversubscribe -np "$NP")
lib=$PWD/target/release/librecorder_otf2.so
"${mpi[@]}" -x LD_PRELOAD="$lib" -x RECORDER_OTF2_DIR="$work/t" -x RECORDER_OTF2_LAYERS=mpiio \
  "$work/mpi_loop" "$N" "$work/data/f.dat" write >/dev/null
orig=() rep=()
for _ in $(seq "$RUNS"); do
  orig+=("$("${mpi[@]}" "$work/mpi_loop" "$N" "$work/data/f.dat" write | awk '$1 == "write_at" {print $2}')")
  rm -rf "$work/r"
  out=$("${mpi[@]}" target/release/recorder-otf2 replay "$work/t" --into "$work/r" --only "$work/data/")
  r=$(echo "$out" | awk '/^replayed in/ {print $3}')
  rep+=("$(awk -v r="$r" -v n="$N" 'BEGIN {printf "%.1f", r * 1e9 / (n + 1000)}')")
done
med() { printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
mo=$(med "${orig[@]}") mr=$(med "${rep[@]}")
echo "original ns/call: ${orig[*]} (median $mo)"
echo "replay ns/call:   ${rep[*]} (median $mr)"
awk -v o="$mo" -v r="$mr" 'BEGIN {printf "replay speed: %.0f%% of the original program'"'"'s I/O\n", 100 * o / r}'
