#!/usr/bin/env bash
# Call-site capture (issue 29): the cost on the hot path and in the trace. N one-byte pwrite
# calls to /dev/shm (bench/pwrite_loop.c), RUNS runs each, interleaved: untraced, traced
# without call sites (RECORDER_OTF2_CALL_STACK=0), traced with them (the default, 1), and,
# when OLD_LIB names a librecorder_otf2.so built before call sites (and before the frame
# pointers they need), traced with that. Reports medians of the per-call loop time, the
# time capture adds per call, bytes per call of each trace, and callgrind's instructions
# per call of each (the stable figure: times of a 1 us call are noise at the 1 ns level).
# Usage: OLD_LIB=... bench/call_sites.sh [N=1000000] [RUNS=9] [CG_N=20000]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000000}
RUNS=${2:-9}
CG_N=${3:-20000}
cargo build --release -q -p recorder-otf2
work=$(mktemp -d /tmp/rotf2-bench.XXXXXX)
gcc -O2 -g -o "$work/pwrite_loop" bench/pwrite_loop.c
lib=$PWD/target/release/librecorder_otf2.so
old=${OLD_LIB:-}
configs=(untraced off on); [ -n "$old" ] && configs+=(old)
run() { # $1 config -> "ns/call bytes"
  rm -rf "$work/t"
  case $1 in
    untraced) echo "$("$work/pwrite_loop" "$N") 0"; return ;;
    off) t=$(RECORDER_OTF2_CALL_STACK=0 RECORDER_OTF2_DIR="$work/t" LD_PRELOAD="$lib" "$work/pwrite_loop" "$N") ;;
    on) t=$(RECORDER_OTF2_DIR="$work/t" LD_PRELOAD="$lib" "$work/pwrite_loop" "$N") ;;
    old) t=$(RECORDER_OTF2_DIR="$work/t" LD_PRELOAD="$old" "$work/pwrite_loop" "$N") ;;
  esac
  echo "$t $(cat "$work"/t/*/thread-*.rec | wc -c)"
}
declare -A ns bytes
for i in $(seq "$RUNS"); do
  for c in "${configs[@]}"; do
    read -r t b < <(run "$c"); ns[$c]+="$t "; bytes[$c]+="$b "
  done
done
median() { printf '%s\n' $@ | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
for c in "${configs[@]}"; do echo "$c ns/call: ${ns[$c]}"; done
u=$(median ${ns[untraced]})
for c in "${configs[@]}"; do
  [ "$c" = untraced ] && continue
  awk -v c="$c" -v u="$u" -v t="$(median ${ns[$c]})" -v b="$(median ${bytes[$c]})" -v n="$N" 'BEGIN {
    printf "%-8s median %.1f ns/call (+%.1f over untraced, ratio %.2f), %.4f bytes/call\n", c, t, t-u, t/u, b/n }'
done
awk -v off="$(median ${ns[off]})" -v on="$(median ${ns[on]})" 'BEGIN { printf "capture adds %.1f ns/call (median on - median off)\n", on-off }'
# Instructions: the whole program under callgrind (start-up and exit included, the same in
# every configuration but for the objects written at start), per call of the loop.
count() { # $1 config
  rm -rf "$work/t" "$work/cg.out"
  case $1 in
    untraced) pre=() ;;
    off) pre=(env RECORDER_OTF2_CALL_STACK=0 RECORDER_OTF2_DIR="$work/t" LD_PRELOAD="$lib") ;;
    on) pre=(env RECORDER_OTF2_DIR="$work/t" LD_PRELOAD="$lib") ;;
    old) pre=(env RECORDER_OTF2_DIR="$work/t" LD_PRELOAD="$old") ;;
  esac
  "${pre[@]}" valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" --toggle-collect=main \
    "$work/pwrite_loop" "$CG_N" 2>&1 | grep -o 'Collected : [0-9]*' | awk '{print $3}'
}
declare -A ins
for c in "${configs[@]}"; do ins[$c]=$(count "$c"); done
for c in "${configs[@]}"; do
  awk -v c="$c" -v i="${ins[$c]}" -v u="${ins[untraced]}" -v n="$CG_N" 'BEGIN {
    printf "%-8s %.1f instructions/call (callgrind, +%.1f over untraced)\n", c, i/n, (i-u)/n }'
done
rm -rf "$work"
