#!/usr/bin/env bash
# Perfetto timeline throughput: a trace of N pwrite calls (default 2 million, traced as
# bench/recorder.sh does) written by `recorder-otf2 perfetto` on one core (taskset -c 0,
# --threads 1), RUNS times; against `recorder-otf2 summary --json` on the same trace (the I/O
# model with a light consumer). Reports median seconds, calls/s, peak memory (GNU time) and
# bytes per call of the Perfetto file, next to the native trace and the OTF2 archive.
# Usage: bench/perfetto.sh [N=2000000] [RUNS=5]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-2000000}
RUNS=${2:-5}
cargo build --release -q
# On tmpfs: the disk would dominate the writes.
work=$(mktemp -d /dev/shm/rotf2-perfetto.XXXXXX)
trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/pwrite_loop" bench/pwrite_loop.c
RECORDER_OTF2_DIR="$work/t" LD_PRELOAD=$PWD/target/release/librecorder_otf2.so "$work/pwrite_loop" "$N" "$work" >/dev/null
calls=$((N + 2))   # open, N pwrite, close
timed() { /usr/bin/time -f "%e %M" -o "$work/time" "$@" >"$work/out" 2>"$work/err" || { cat "$work/err"; exit 1; }; cat "$work/time"; }
pt=(); pm=(); st=()
for i in $(seq "$RUNS"); do
  read -r t m < <(timed taskset -c 0 target/release/recorder-otf2 perfetto --quiet --threads 1 --force "$work/t" -o "$work/out.pftrace")
  pt+=("$t"); pm+=("$m")
  read -r t _ < <(timed taskset -c 0 target/release/recorder-otf2 summary --json --quiet --no-conflicts --threads 1 "$work/t"); st+=("$t")
done
target/release/recorder2otf2 "$work/t" "$work/a.otf2" >/dev/null 2>&1
native=$(du -sb "$work/t" | cut -f1)
otf2=$(du -sb "$work/a.otf2" "$work/a.def" "$work/a" | awk '{s += $1} END {print s}')
pf=$(stat -c %s "$work/out.pftrace")
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
echo "perfetto seconds: ${pt[*]}  peak RSS KiB: ${pm[*]}"
echo "summary  seconds: ${st[*]}"
awk -v n="$calls" -v t="$(median "${pt[@]}")" -v m="$(median "${pm[@]}")" -v s="$(median "${st[@]}")" \
    -v pf="$pf" -v nat="$native" -v o="$otf2" 'BEGIN {
  printf "perfetto: %d calls, median %.2f s = %.2f M calls/s on one core, peak RSS %d KiB\n", n, t, n/t/1e6, m;
  printf "summary : median %.2f s = %.2f M calls/s (the model alone, for comparison)\n", s, n/s/1e6;
  printf "bytes per call: perfetto %.1f, OTF2 archive %.1f, native trace %.2f\n", pf/n, o/n, nat/n }'
