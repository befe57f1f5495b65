#!/usr/bin/env bash
# Trace size as ranks grow (issue 14): the IOR equivalent (tests/programs/ior_equiv.c, `ior -a
# MPIIO -c -w -r -s 2 -b 64k -t 16k`) traced at each rank count (default 1 4 16, oversubscribed)
# into /dev/shm; per count: trace bytes, of which meta.yaml, defs.bin, thread streams and the
# function table file, files in the trace, calls, the ratio to the 1-rank trace, and the
# conversion time (recorder2otf2, median of 3); then the same trace packed (`recorder-otf2
# pack`): bytes, files, ratio to the 1-rank packed trace, the time `pack` took and the
# conversion time of the packed trace.
#   bench/scale.sh [RANKS...]
set -euo pipefail
cd "$(dirname "$0")/.."
ranks=("$@")
[ ${#ranks[@]} -gt 0 ] || ranks=(1 4 16)
cargo build --release --quiet
work=$(mktemp -d /dev/shm/recorder-otf2-scale.XXXXXX)
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2046
mpicc -std=gnu17 -O2 -o "$work/ior_equiv" tests/programs/ior_equiv.c $(pkg-config --cflags --libs pnetcdf)
lib=$PWD/target/release/librecorder_otf2.so
printf '| ranks | trace bytes | meta.yaml | defs.bin | streams | table | files | records | × 1 rank | convert s | packed bytes | files | × 1 rank | pack s | convert s |\n'
printf '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n'
base="" pbase=""
convert_median() {
  local times=()
  for _ in 1 2 3; do
    rm -rf "$work/o.otf2" "$work/o.def" "$work/o"
    s=$(date +%s.%N); target/release/recorder2otf2 -q "$1" "$work/o.otf2" 2>/dev/null; e=$(date +%s.%N)
    times+=("$(echo "$e - $s" | bc)")
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n 2p
}
for n in "${ranks[@]}"; do
  t="$work/t$n" && d="$work/d$n" && mkdir -p "$d"
  (cd "$d" && env -u OMPI_MCA_io mpirun --allow-run-as-root --oversubscribe -np "$n" \
    -x LD_PRELOAD="$lib" -x RECORDER_OTF2_DIR="$t" "$work/ior_equiv" "$d" MPIIO 1 0 >/dev/null)
  sum() { find "$t" -type f -name "$1" -printf '%s\n' | awk '{s+=$1} END {print s+0}'; }
  total=$(sum '*') meta=$(sum meta.yaml) defs=$(sum defs.bin) streams=$(sum '*.rec')
  table=$(sum 'functions-*.txt') files=$(find "$t" -type f | wc -l)
  calls=$(target/release/recorder-otf2 summary --json "$t" | python3 -c 'import json,sys; print(json.load(sys.stdin)["records"])' 2>/dev/null || echo "?")
  [ -n "$base" ] || base=$total
  med=$(convert_median "$t")
  s=$(date +%s.%N); target/release/recorder-otf2 pack -q "$t" 2>/dev/null; e=$(date +%s.%N)
  pack_s=$(echo "$e - $s" | bc)
  ptotal=$(sum '*') pfiles=$(find "$t" -type f | wc -l)
  [ -n "$pbase" ] || pbase=$ptotal
  pmed=$(convert_median "$t")
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %.1f | %.2f | %s | %s | %.2f | %.2f | %.2f |\n' "$n" "$total" "$meta" "$defs" \
    "$streams" "$table" "$files" "$calls" "$(echo "$total / $base" | bc -l)" "$med" \
    "$ptotal" "$pfiles" "$(echo "$ptotal / $pbase" | bc -l)" "$pack_s" "$pmed"
  rm -rf "$d" "$t"
done
