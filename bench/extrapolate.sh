#!/usr/bin/env bash
# Extrapolation cost (issue 15): the IOR equivalent (POSIX, shared file) traced at 2, 4 and 8
# ranks, extrapolated to each target rank count; median wall time and peak memory of
# `recorder-otf2 extrapolate` over RUNS, the size of the trace it writes, and the time
# `summary` takes to read it back.
#   bench/extrapolate.sh [RUNS [TARGETS...]]     (default 5, 64 1024 4096)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
shift || true
TARGETS=("${@:-64 1024 4096}")
read -r -a TARGETS <<<"${TARGETS[*]}"
cargo build --release --quiet
work=$(mktemp -d /dev/shm/recorder-otf2-extrapolate.XXXXXX)
trap 'rm -rf "$work"' EXIT
mpicc -O2 -Itests/programs -o "$work/ior_equiv" tests/programs/ior_equiv.c $(pkg-config --cflags --libs pnetcdf)
for n in 2 4 8; do
  rm -rf "$work/data" && mkdir "$work/data"
  mpirun --allow-run-as-root --oversubscribe -np "$n" target/release/recorder-otf2 record -o "$work/t$n" -- \
    "$work/ior_equiv" "$work/data" POSIX 0 0 >/dev/null
done
med() { printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
for N in "${TARGETS[@]}"; do
  secs=() kb=()
  for _ in $(seq "$RUNS"); do
    rm -rf "$work/x"
    out=$( { /usr/bin/time -f "%e %M" target/release/recorder-otf2 extrapolate "$work/t2" "$work/t4" "$work/t8" \
      --ranks "$N" -o "$work/x" --only "$work/data/" -q >/dev/null; } 2>&1)
    secs+=("${out% *}") kb+=("${out#* }")
  done
  size=$(du -sk "$work/x" | cut -f1)
  calls=$(target/release/recorder-otf2 summary "$work/x" | head -1 | sed 's/.*processes, \([0-9]*\) calls.*/\1/')
  s=$(date +%s.%N); target/release/recorder-otf2 summary "$work/x" >/dev/null; e=$(date +%s.%N)
  echo "to $N ranks: $calls calls, median $(med "${secs[@]}") s, peak $(med "${kb[@]}") KB, trace $size KB, summary $(awk -v s="$s" -v e="$e" 'BEGIN {printf "%.2f", e - s}') s"
done
