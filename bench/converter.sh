#!/usr/bin/env bash
# Converter throughput: a trace of N pwrite calls (default 10 million) converted by
# recorder2otf2, against the OTF2 library writing the same events alone (otf2-sys example
# raw_rate), RUNS times each, interleaved. Reports median events/s and peak memory (GNU time)
# of each, and the ratio of the medians. Usage: bench/converter.sh [N=10000000] [RUNS=5]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-10000000}
RUNS=${2:-5}
cargo build --release -q --workspace
cargo build --release -q -p otf2-sys --example raw_rate
# On tmpfs: the disk (and the writeback of the previous run) would dominate both sides.
work=$(mktemp -d /dev/shm/rotf2-conv.XXXXXX)
gcc -O2 -o "$work/pwrite_loop" bench/pwrite_loop.c
RECORDER_OTF2_DIR="$work/t" LD_PRELOAD=$PWD/target/release/librecorder_otf2.so "$work/pwrite_loop" "$N" >/dev/null
echo "trace: $(du -sb "$work/t" | cut -f1) bytes for $N calls"
timed() { /usr/bin/time -f "%e %M" -o "$work/time" "$@" >"$work/out" 2>&1; cat "$work/time"; }
ct=(); cm=(); rt=(); rm=()
for i in $(seq "$RUNS"); do
  rm -rf "$work"/conv.* "$work"/conv
  read -r t m < <(timed target/release/recorder2otf2 --quiet "$work/t" "$work/conv.otf2"); ct+=("$t"); cm+=("$m")
  read -r t m < <(timed target/release/examples/raw_rate "$N" "$work/raw.otf2"); rt+=("$t"); rm+=("$m")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
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
