#!/usr/bin/env bash
# Two builds side by side, for a change that must not cost anything (a redesign): the same
# jobs run with the binaries of OLD (a folder holding librecorder_otf2.so, recorder-otf2 and
# recorder2otf2, e.g. a copy of target/release made before the change) and of this tree's
# target/release, RUNS times each, interleaved (old, new, old, ...) so that machine noise hits
# both alike. Jobs: recording N one-byte pwrite calls (ns per call, bench/pwrite_loop.c), and
# on the trace recorded by OLD: recorder2otf2, summary --json, conflicts --json, perfetto,
# export. Prints every run's seconds, the medians and new/old.
# With INSTR=1: each job once per build under callgrind instead (one worker thread), the
# instructions executed by each and new/old: the stable figure when the machine is busy.
# Usage: [INSTR=1] bench/builds.sh OLD [N=2000000] [RUNS=5]
set -euo pipefail
cd "$(dirname "$0")/.."
OLD=$(realpath "${1:?usage: bench/builds.sh OLD_BUILD_DIR [N] [RUNS]}")
N=${2:-2000000}
RUNS=${3:-5}
NEW=$PWD/target/release
cargo build --release -q --workspace
work=$(mktemp -d /dev/shm/rotf2-builds.XXXXXX)
trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/pwrite_loop" bench/pwrite_loop.c
RECORDER_OTF2_DIR="$work/t" LD_PRELOAD="$OLD/librecorder_otf2.so" "$work/pwrite_loop" "$N" >/dev/null
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
seconds() {
  /usr/bin/time -f "%e" -o "$work/time" "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; return 1; }
  cat "$work/time"
}
# One job, both builds: "$1" names it, the rest is the command with @ for the build folder.
job() {
  local name=$1; shift
  local old=() new=()
  for _ in $(seq "$RUNS"); do
    for side in old new; do
      local dir=$OLD; [ "$side" = new ] && dir=$NEW
      rm -rf "$work/out" && mkdir -p "$work/out"
      local t
      if [ "$name" = record ]; then
        rm -rf "$work/r"
        t=$(RECORDER_OTF2_DIR="$work/r" LD_PRELOAD="$dir/librecorder_otf2.so" "$work/pwrite_loop" "$N")
      else
        t=$(seconds "${@//@/$dir}")
      fi
      if [ "$side" = old ]; then old+=("$t"); else new+=("$t"); fi
    done
  done
  local mo mn
  mo=$(median "${old[@]}"); mn=$(median "${new[@]}")
  printf '%-10s old: %s\n%-10s new: %s\n' "$name" "${old[*]}" "" "${new[*]}"
  awk -v n="$name" -v o="$mo" -v w="$mn" 'BEGIN { printf "%-10s median old %.3f, new %.3f, new/old %.3f\n", n, o, w, w/o }'
}
# Instructions of one run under callgrind (every thread of the process).
instructions() {
  rm -f "$work"/cg.*
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.%p" "$@" >/dev/null 2>&1 ||
    { echo "failed: $*" >&2; return 1; }
  cat "$work"/cg.* | awk '/^(summary|totals):/ {n += $2} END {print n}'
}
instr_job() {
  local name=$1; shift
  rm -rf "$work/out" && mkdir -p "$work/out"
  local o n
  o=$(instructions "${@//@/$OLD}")
  rm -rf "$work/out" && mkdir -p "$work/out"
  n=$(instructions "${@//@/$NEW}")
  awk -v j="$name" -v o="$o" -v n="$n" 'BEGIN { printf "%-10s instructions old %.0f, new %.0f, new/old %.3f\n", j, o, n, n/o }'
}
run=job
[ "${INSTR:-0}" = 1 ] && run=instr_job
[ "$run" = job ] && job record
$run otf2 @/recorder2otf2 -q --threads 1 "$work/t" "$work/out/a.otf2"
$run summary @/recorder-otf2 summary -q --json --threads 1 "$work/t"
$run conflicts @/recorder-otf2 conflicts -q --json --threads 1 "$work/t"
$run perfetto @/recorder-otf2 perfetto -q --threads 1 "$work/t" -o "$work/out/p.pftrace"
$run export @/recorder-otf2 export -q "$work/t" --parquet "$work/out/pq"
