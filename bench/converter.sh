#!/usr/bin/env bash
# Converter throughput: a trace of N pwrite calls (default 10 million) converted by
# recorder2otf2, against the OTF2 library writing the same events alone (otf2-sys example
# raw_rate). Reports events/s and peak memory (GNU time) of each, and the ratio.
# Usage: bench/converter.sh [N=10000000]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-10000000}
cargo build --release -q --workspace
cargo build --release -q -p otf2-sys --example raw_rate
work=$(mktemp -d /tmp/rotf2-conv.XXXXXX)
gcc -O2 -o "$work/pwrite_loop" bench/pwrite_loop.c
RECORDER_OTF2_DIR="$work/t" LD_PRELOAD=$PWD/target/release/librecorder_otf2.so "$work/pwrite_loop" "$N" >/dev/null
echo "trace: $(du -sb "$work/t" | cut -f1) bytes for $N calls"
run() { /usr/bin/time -f "%e %M" -o "$work/time" "$@" >"$work/out" 2>&1; cat "$work/time"; }
read -r ct cm < <(run target/release/recorder2otf2 --quiet "$work/t" "$work/conv.otf2")
ev=$(/usr/bin/python3 - "$work/conv.otf2" <<'PY' 2>/dev/null || echo 0
import sys, otf2
with otf2.reader.open(sys.argv[1]) as r:
    print(sum(l.number_of_events for l in r.definitions.locations))
PY
)
read -r rt rm < <(run target/release/examples/raw_rate "$N" "$work/raw.otf2")
echo "recorder2otf2: $ev events in ${ct}s = $(awk -v e="$ev" -v t="$ct" 'BEGIN{printf "%.2f", e/t/1e6}') M events/s, peak RSS ${cm} KiB"
echo "OTF2 alone   : $((N*4)) events in ${rt}s = $(awk -v e="$((N*4))" -v t="$rt" 'BEGIN{printf "%.2f", e/t/1e6}') M events/s, peak RSS ${rm} KiB"
awk -v e="$ev" -v ct="$ct" -v r="$((N*4))" -v rt="$rt" 'BEGIN{printf "converter / library rate: %.0f%%\n", 100*(e/ct)/(r/rt)}'
rm -rf "$work"
