#!/usr/bin/env bash
# Replay speed (issue 15): N one-byte pwrite calls (bench/pwrite_loop.c) to /dev/shm, the
# program's own time per call untraced, against `recorder-otf2 replay --timing asap` of its
# trace (the replay phase alone, as the replay reports it: reading the trace not counted).
# Median of RUNS each, interleaved.
#   bench/replay.sh [N [RUNS]]      (default 1000000 5)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000000} RUNS=${2:-5}
cargo build --release --quiet
work=$(mktemp -d /dev/shm/recorder-otf2-replay.XXXXXX)
trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/pwrite_loop" bench/pwrite_loop.c
mkdir "$work/data"
RECORDER_OTF2_DIR="$work/t" LD_PRELOAD=target/release/librecorder_otf2.so "$work/pwrite_loop" "$N" "$work/data" >/dev/null
orig=() rep=() load=()
for _ in $(seq "$RUNS"); do
  orig+=("$("$work/pwrite_loop" "$N" "$work/data")")
  rm -rf "$work/r"
  s=$(date +%s.%N)
  out=$(target/release/recorder-otf2 replay "$work/t" --into "$work/r" --only "$work/data/")
  e=$(date +%s.%N)
  r=$(echo "$out" | awk '/^replayed in/ {print $3}')
  rep+=("$(awk -v r="$r" -v n="$N" 'BEGIN {printf "%.1f", r * 1e9 / n}')")
  load+=("$(awk -v s="$s" -v e="$e" -v r="$r" 'BEGIN {printf "%.2f", e - s - r}')")
done
med() { printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
mo=$(med "${orig[@]}") mr=$(med "${rep[@]}")
echo "original ns/call: ${orig[*]} (median $mo)"
echo "replay ns/call:   ${rep[*]} (median $mr)"
echo "replay's reading of the trace and preparation, s: ${load[*]}"
awk -v o="$mo" -v r="$mr" 'BEGIN {printf "replay speed: %.0f%% of the original program'"'"'s I/O\n", 100 * o / r}'
