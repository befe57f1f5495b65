#!/usr/bin/env bash
# Parquet export throughput: a trace of N pwrite calls (default 2 million, traced as
# bench/recorder.sh does) exported by `recorder-otf2 export --parquet`, against
# `recorder-otf2 summary --json` on the same trace (the I/O model's interpretation with a
# light consumer), RUNS times each, interleaved. Reports median seconds, calls/s, peak memory
# (GNU time) and the Parquet bytes per call. Usage: bench/export.sh [N=2000000] [RUNS=3]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-2000000}
RUNS=${2:-3}
cargo build --release -q -p recorder-otf2 -p recorder-otf2-launcher
# On tmpfs: the disk would dominate the writes.
work=$(mktemp -d /dev/shm/rotf2-export.XXXXXX)
gcc -O2 -o "$work/pwrite_loop" bench/pwrite_loop.c
RECORDER_OTF2_DIR="$work/t" LD_PRELOAD=$PWD/target/release/librecorder_otf2.so "$work/pwrite_loop" "$N" "$work" >/dev/null
echo "trace: $(du -sb "$work/t" | cut -f1) bytes for $N calls"
timed() { /usr/bin/time -f "%e %M %U %S" -o "$work/time" "$@" >"$work/out" 2>"$work/err" || { cat "$work/err"; exit 1; }; cat "$work/time"; }
et=(); em=(); eu=(); st=(); sm=()
for i in $(seq "$RUNS"); do
  rm -rf "$work/pq"
  read -r t m us sy < <(timed target/release/recorder-otf2 export --quiet "$work/t" --parquet "$work/pq")
  et+=("$t"); em+=("$m"); eu+=("$(awk -v a="$us" -v b="$sy" 'BEGIN {print a+b}')")
  read -r t m _ _ < <(timed target/release/recorder-otf2 summary --json --quiet "$work/t"); st+=("$t"); sm+=("$m")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
echo "export  seconds: ${et[*]}  CPU seconds: ${eu[*]}  peak RSS KiB: ${em[*]}"
echo "summary seconds: ${st[*]}  peak RSS KiB: ${sm[*]}"
ls -l "$work/pq" | awk 'NR > 1 {printf "  %-20s %12d bytes\n", $9, $5}'
bytes=$(cat "$work"/pq/*.parquet | wc -c)
calls=$((N + 2))   # open, N pwrite, close
awk -v n="$calls" -v t="$(median "${et[@]}")" -v c="$(median "${eu[@]}")" -v m="$(median "${em[@]}")" \
    -v s="$(median "${st[@]}")" -v sm="$(median "${sm[@]}")" -v b="$bytes" 'BEGIN {
  printf "export : %d calls (+ as many operations), median %.2f s = %.2f M calls/s (CPU %.2f s), peak RSS %d KiB\n", n, t, n/t/1e6, c, m;
  printf "summary: median %.2f s = %.2f M calls/s, peak RSS %d KiB\n", s, n/s/1e6, sm;
  printf "Parquet: %d bytes = %.2f bytes per call (calls + operations + files + handles)\n", b, b/n }'
rm -rf "$work"
