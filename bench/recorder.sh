#!/usr/bin/env bash
# Recorder overhead: N one-byte pwrite calls to /dev/shm, untraced and traced, RUNS runs each,
# interleaved (untraced, traced, untraced, ...) so that machine noise hits both alike.
# Reports medians of the per-call loop time, the added time per call, and native trace bytes
# per call. Usage: bench/recorder.sh [N=1000000] [RUNS=7]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000000}
RUNS=${2:-7}
cargo build --release -q -p recorder-otf2
work=$(mktemp -d /tmp/rotf2-bench.XXXXXX)
gcc -O2 -o "$work/pwrite_loop" bench/pwrite_loop.c
lib=$PWD/target/release/librecorder_otf2.so
un=() ; tr=() ; bytes=()
for i in $(seq "$RUNS"); do
  un+=("$("$work/pwrite_loop" "$N")")
  rm -rf "$work/t"
  tr+=("$(RECORDER_OTF2_DIR="$work/t" LD_PRELOAD="$lib" "$work/pwrite_loop" "$N")")
  # The loop's stream: every thread file of the process (header + chunks).
  bytes+=("$(cat "$work"/t/*/thread-*.rec | wc -c)")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
mu=$(median "${un[@]}"); mt=$(median "${tr[@]}"); mb=$(median "${bytes[@]}")
echo "untraced ns/call: ${un[*]}"
echo "traced   ns/call: ${tr[*]}"
awk -v u="$mu" -v t="$mt" -v b="$mb" -v n="$N" 'BEGIN {
  printf "median untraced %.1f ns/call, traced %.1f ns/call, added %.1f ns/call (ratio %.2f)\n", u, t, t-u, t/u;
  printf "native trace: %d bytes for %d calls = %.2f bytes/call\n", b, n, b/n }'
rm -rf "$work"
