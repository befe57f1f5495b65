#!/usr/bin/env bash
# What call sites add to `summary` (issue 29): the same N one-byte pwrites (bench/pwrite_loop.c,
# built -g) recorded with call sites (the default) and without (RECORDER_OTF2_CALL_STACK=0),
# then `summary --json` on each, RUNS times interleaved. With sites, summary also takes the
# call_site records out of the stream, counts every call and operation under its site and
# resolves the sites (DWARF of the program, libc). Reports the medians and their ratio.
# Usage: bench/sites_summary.sh [N=10000000] [RUNS=5]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-10000000}
RUNS=${2:-5}
cargo build --release -q -p recorder-otf2 -p recorder-otf2-launcher
work=$(mktemp -d /tmp/rotf2-bench.XXXXXX)
gcc -O2 -g -o "$work/pwrite_loop" bench/pwrite_loop.c
lib=$PWD/target/release/librecorder_otf2.so
tool=$PWD/target/release/recorder-otf2
RECORDER_OTF2_DIR="$work/on" LD_PRELOAD="$lib" "$work/pwrite_loop" "$N" > /dev/null
RECORDER_OTF2_CALL_STACK=0 RECORDER_OTF2_DIR="$work/off" LD_PRELOAD="$lib" "$work/pwrite_loop" "$N" > /dev/null
secs() { /usr/bin/time -f %e "$tool" summary --json "$1" 2>&1 > /dev/null | tail -1; }
on=(); off=()
for i in $(seq "$RUNS"); do off+=("$(secs "$work/off")"); on+=("$(secs "$work/on")"); done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
echo "summary --json without call sites (s): ${off[*]}"
echo "summary --json with call sites (s):    ${on[*]}"
awk -v a="$(median "${off[@]}")" -v b="$(median "${on[@]}")" -v n="$N" 'BEGIN {
  printf "%d calls: median %.2f s without, %.2f s with call sites: +%.1f %%\n", n, a, b, (b/a-1)*100 }'
"$tool" summary --json "$work/on" | python3 -c 'import json,sys; d=json.load(sys.stdin); print("sites:", [(c["site"], c["calls"]) for c in d["call_sites"]][:3])'
rm -rf "$work"
