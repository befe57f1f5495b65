#!/usr/bin/env bash
# Converter throughput: a trace of N pwrite calls (default 10 million) converted by
# recorder2otf2, against the OTF2 library writing the same events alone (otf2-sys example
# raw_rate), RUNS times each, interleaved. Reports median events/s and peak memory (GNU time)
# of each, and the ratio of the medians. Usage: bench/converter.sh [N=10000000] [RUNS=5]
#
# With PROCS > 0 (bench/converter.sh N RUNS PROCS): parallel conversion instead. The trace is
# PROCS processes of N/PROCS pwrite calls each (run at the same time), converted with
# --threads 1 and --threads 2, RUNS times each, interleaved: every run, the medians, the
# speed-up and peak memory, and whether both archives hold the same events.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-10000000}
RUNS=${2:-5}
PROCS=${3:-0}
cargo build --release -q --workspace
cargo build --release -q -p otf2-sys --example raw_rate
# On tmpfs: the disk (and the writeback of the previous run) would dominate both sides.
work=$(mktemp -d /dev/shm/rotf2-conv.XXXXXX)
gcc -O2 -o "$work/pwrite_loop" bench/pwrite_loop.c
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
if [ "$PROCS" -gt 0 ]; then
  for p in $(seq "$PROCS"); do
    RECORDER_OTF2_DIR="$work/t" LD_PRELOAD=$PWD/target/release/librecorder_otf2.so \
      "$work/pwrite_loop" "$((N / PROCS))" >/dev/null &
  done
  wait
  echo "trace: $(du -sb "$work/t" | cut -f1) bytes, $PROCS processes of $((N / PROCS)) calls"
  # Wall seconds, CPU seconds (user + system, all threads) and peak RSS of one run.
  timed() { /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" >"$work/out" 2>&1; awk '{print $1, $2 + $3, $4}' "$work/time"; }
  t1=(); c1=(); m1=(); t2=(); c2=(); m2=()
  for i in $(seq "$RUNS"); do
    rm -rf "$work"/p1.* "$work"/p1 "$work"/p2.* "$work"/p2
    read -r t c m < <(timed target/release/recorder2otf2 -q --threads 1 "$work/t" "$work/p1.otf2"); t1+=("$t"); c1+=("$c"); m1+=("$m")
    read -r t c m < <(timed target/release/recorder2otf2 -q --threads 2 "$work/t" "$work/p2.otf2"); t2+=("$t"); c2+=("$c"); m2+=("$m")
  done
  same=$(cmp -s <(otf2-print "$work/p1.otf2") <(otf2-print "$work/p2.otf2") && echo same || echo DIFFERENT)
  echo "--threads 1 seconds: ${t1[*]}  CPU seconds: ${c1[*]}  peak RSS KiB: ${m1[*]}"
  echo "--threads 2 seconds: ${t2[*]}  CPU seconds: ${c2[*]}  peak RSS KiB: ${m2[*]}"
  awk -v a="$(median "${t1[@]}")" -v b="$(median "${t2[@]}")" -v ca="$(median "${c1[@]}")" -v cb="$(median "${c2[@]}")" -v ma="$(median "${m1[@]}")" -v mb="$(median "${m2[@]}")" -v n="$N" 'BEGIN {
    printf "median: 1 thread %.2f s (%.1f M calls/s, %.2f CPU s, %d KiB), 2 threads %.2f s (%.1f M calls/s, %.2f CPU s, %d KiB): speed-up %.2f\n", a, n/a/1e6, ca, ma, b, n/b/1e6, cb, mb, a/b }'
  echo "otf2-print of the two archives: $same"
  rm -rf "$work"
  exit 0
fi
RECORDER_OTF2_DIR="$work/t" LD_PRELOAD=$PWD/target/release/librecorder_otf2.so "$work/pwrite_loop" "$N" >/dev/null
echo "trace: $(du -sb "$work/t" | cut -f1) bytes for $N calls"
timed() { /usr/bin/time -f "%e %M" -o "$work/time" "$@" >"$work/out" 2>&1; cat "$work/time"; }
ct=(); cm=(); rt=(); rm=()
for i in $(seq "$RUNS"); do
  rm -rf "$work"/conv.* "$work"/conv
  read -r t m < <(timed target/release/recorder2otf2 --quiet "$work/t" "$work/conv.otf2"); ct+=("$t"); cm+=("$m")
  read -r t m < <(timed target/release/examples/raw_rate "$N" "$work/raw.otf2"); rt+=("$t"); rm+=("$m")
done
ev=$(/usr/bin/python3 - "$work/conv.otf2" <<'PY' 2>/dev/null || echo 0
import sys, otf2
with otf2.reader.open(sys.argv[1]) as r:
    print(sum(l.number_of_events for l in r.definitions.locations))
PY
)
mct=$(median "${ct[@]}"); mrt=$(median "${rt[@]}")
echo "recorder2otf2 seconds: ${ct[*]}  peak RSS KiB: ${cm[*]}"
echo "OTF2 alone    seconds: ${rt[*]}  peak RSS KiB: ${rm[*]}"
awk -v e="$ev" -v t="$mct" -v r="$((N*4))" -v rt="$mrt" -v cm="$(median "${cm[@]}")" -v rm="$(median "${rm[@]}")" 'BEGIN {
  printf "recorder2otf2: %d events, median %.2f s = %.2f M events/s, peak RSS %d KiB\n", e, t, e/t/1e6, cm;
  printf "OTF2 alone   : %d events, median %.2f s = %.2f M events/s, peak RSS %d KiB\n", r, rt, r/rt/1e6, rm;
  printf "converter / library rate: %.0f%%\n", 100*(e/t)/(r/rt) }'
rm -rf "$work"
