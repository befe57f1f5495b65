#!/usr/bin/env bash
# `recorder-otf2 summary` speed and memory: a trace of N one-byte pwrite calls (as
# bench/converter.sh), summarised with 1 and 2 worker threads and converted by recorder2otf2,
# RUNS times each, interleaved; then a trace of P processes (bench/many_procs.c forks them).
# Prints every run, medians, peak RSS (GNU time) and the ratios.
# Usage: bench/summary.sh [N=10000000] [RUNS=5] [P=1000]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-10000000}
RUNS=${2:-5}
P=${3:-1000}
cargo build --release -q --workspace
work=$(mktemp -d /dev/shm/rotf2-summary.XXXXXX)
trap 'rm -rf "$work"' EXIT
lib=$PWD/target/release/librecorder_otf2.so
bin=$PWD/target/release/recorder-otf2
gcc -O2 -o "$work/pwrite_loop" bench/pwrite_loop.c
gcc -O2 -o "$work/many_procs" bench/many_procs.c
RECORDER_OTF2_DIR="$work/t" LD_PRELOAD="$lib" "$work/pwrite_loop" "$N" >/dev/null
echo "trace: $(du -sb "$work/t" | cut -f1) bytes for $N calls"
timed() { /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>&1; cat "$work/time"; }
s1=(); s2=(); cv=(); m1=(); m2=(); mc=()
for i in $(seq "$RUNS"); do
  read -r t m < <(timed "$bin" summary -q --json --threads 1 "$work/t"); s1+=("$t"); m1+=("$m")
  read -r t m < <(timed "$bin" summary -q --json --threads 2 "$work/t"); s2+=("$t"); m2+=("$m")
  rm -rf "$work"/c.otf2 "$work"/c.def "$work"/c
  read -r t m < <(timed target/release/recorder2otf2 -q "$work/t" "$work/c.otf2"); cv+=("$t"); mc+=("$m")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
echo "summary 1 thread  s: ${s1[*]}  peak KiB: ${m1[*]}"
echo "summary 2 threads s: ${s2[*]}  peak KiB: ${m2[*]}"
echo "recorder2otf2     s: ${cv[*]}  peak KiB: ${mc[*]}"
awk -v a="$(median "${s1[@]}")" -v b="$(median "${s2[@]}")" -v c="$(median "${cv[@]}")" -v n="$N" 'BEGIN {
  printf "median: summary %.2f s (1 thread) %.2f s (2 threads) = %.1f M calls/s; recorder2otf2 %.2f s; recorder2otf2 / summary %.2f\n", a, b, n/b/1e6, c, c/b }'
mkdir -p "$work/many"
RECORDER_OTF2_DIR="$work/tp" LD_PRELOAD="$lib" "$work/many_procs" "$work/many" "$P"
echo "trace: $(ls "$work/tp" | wc -l) process folders, $(du -sb "$work/tp" | cut -f1) bytes"
for th in 1 2; do
  read -r t m < <(timed "$bin" summary -q --json --threads "$th" "$work/tp")
  echo "summary of $P processes, $th thread(s): $t s, peak $m KiB"
done
