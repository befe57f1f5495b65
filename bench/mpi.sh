#!/usr/bin/env bash
# MPI-IO layer overhead: ns per MPI_File_write_at of 64 bytes to /dev/shm at NP ranks
# (default 4), and per MPI_Test on a non-I/O request at 1 rank (with more ranks than cores,
# MPI_Test's progress engine yields the CPU and its time is scheduler noise), untraced, traced with the MPI-IO layer
# alone (the MPI layer's own cost, without the POSIX records of the pwrite underneath), and
# traced with every default layer. RUNS interleaved runs each; medians and differences.
# Usage: bench/mpi.sh [N=200000] [RUNS=7] [NP=4]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-200000}
RUNS=${2:-7}
NP=${3:-4}
cargo build --release -q -p recorder-otf2
work=$(mktemp -d /tmp/rotf2-mpibench.XXXXXX)
mpicc -O2 -o "$work/mpi_loop" bench/mpi_loop.c
lib=$PWD/target/release/librecorder_otf2.so
run() { # $1 = layers ("" = untraced), $2 = ranks
  local env=()
  if [ -n "$1" ]; then
    rm -rf "$work/t"
    env=(-x LD_PRELOAD="$lib" -x RECORDER_OTF2_DIR="$work/t" -x RECORDER_OTF2_LAYERS="$1")
  fi
  mpirun --allow-run-as-root --oversubscribe -np "$2" "${env[@]}" "$work/mpi_loop" "$N" "/dev/shm/rotf2-mpi-bench-$$.dat"
}
declare -A w c t
for i in $(seq "$RUNS"); do
  for cfg in untraced mpiio all; do
    case $cfg in untraced) l="" ;; mpiio) l="mpiio" ;; all) l="posix,stdio,mpiio" ;; esac
    out=$(run "$l" "$NP")
    w[$cfg]+="$(awk '$1 == "write_at" {print $2}' <<<"$out") "
    c[$cfg]+="$(awk '$1 == "write_at_cpu" {print $2}' <<<"$out") "
    out=$(run "$l" 1)
    t[$cfg]+="$(awk '/^test/ {print $2}' <<<"$out") "
  done
done
median() { printf '%s\n' $@ | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
for cfg in untraced mpiio all; do
  echo "$cfg write_at ns/call: ${w[$cfg]}"
  echo "$cfg write_at cpu ns/call: ${c[$cfg]}"
  echo "$cfg test ns/call: ${t[$cfg]}"
done
wu=$(median ${w[untraced]}); wm=$(median ${w[mpiio]}); wa=$(median ${w[all]})
cu=$(median ${c[untraced]}); cm=$(median ${c[mpiio]}); ca=$(median ${c[all]})
tu=$(median ${t[untraced]}); tm=$(median ${t[mpiio]}); ta=$(median ${t[all]})
awk -v cu="$cu" -v cm="$cm" -v ca="$ca" -v wu="$wu" -v wm="$wm" -v wa="$wa" -v tu="$tu" -v tm="$tm" -v ta="$ta" -v np="$NP" 'BEGIN {
  printf "%d ranks, medians of CPU time: MPI_File_write_at untraced %.1f ns, MPI-IO layer only %.1f ns (+%.1f, ratio %.2f), all layers %.1f ns (+%.1f, ratio %.2f)\n", np, cu, cm, cm-cu, cm/cu, ca, ca-cu, ca/cu;
  printf "%d ranks, medians of wall time: MPI_File_write_at untraced %.1f ns, MPI-IO layer only %.1f ns (+%.1f, ratio %.2f), all layers %.1f ns (+%.1f, ratio %.2f)\n", np, wu, wm, wm-wu, wm/wu, wa, wa-wu, wa/wu;
  printf "MPI_Test on a non-I/O request (1 rank): untraced %.1f ns, MPI-IO layer %.1f ns (+%.1f), all layers %.1f ns (+%.1f)\n", tu, tm, tm-tu, ta, ta-tu }'
rm -rf "$work"
