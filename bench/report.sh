#!/usr/bin/env bash
# `recorder-otf2 report` against `summary --json` on the same trace: N one-byte pwrite calls
# (bench/pwrite_loop.c traced as bench/recorder.sh does), RUNS runs of each, interleaved.
# Prints the runs, the medians, their ratio and the report's size.
# Usage: bench/report.sh [N=2000000] [RUNS=5]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-2000000}
RUNS=${2:-5}
cargo build --release -q -p recorder-otf2 -p recorder-otf2-launcher
work=$(mktemp -d /tmp/rotf2-report-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/pwrite_loop" bench/pwrite_loop.c
lib=$PWD/target/release/librecorder_otf2.so
bin=$PWD/target/release/recorder-otf2
RECORDER_OTF2_DIR="$work/t" LD_PRELOAD="$lib" "$work/pwrite_loop" "$N" >/dev/null
echo "trace: $(du -sb "$work/t" | cut -f1) bytes for $N calls"
secs() { local s e; s=$(date +%s%N); "$@" >/dev/null; e=$(date +%s%N); awk -v d=$((e - s)) 'BEGIN { printf "%.3f", d / 1e9 }'; }
su=() ; re=()
for i in $(seq "$RUNS"); do
  su+=("$(secs "$bin" summary -q --json "$work/t")")
  re+=("$(secs "$bin" report -q --force "$work/t" -o "$work/report.html")")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
ms=$(median "${su[@]}"); mr=$(median "${re[@]}")
echo "summary --json s: ${su[*]}"
echo "report s:         ${re[*]}"
awk -v s="$ms" -v r="$mr" 'BEGIN { printf "median summary %.3f s, report %.3f s (ratio %.2f)\n", s, r, r/s }'
html="$work/report.html"
echo "report: $(wc -c <"$html") bytes, $(grep -o '<\(rect\|path\|polyline\|line\|text\|image\|circle\|polygon\|g\|svg\)[ >/]' "$html" | wc -l) SVG elements"
