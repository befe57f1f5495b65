#!/usr/bin/env bash
# PnetCDF layer overhead per ncmpi_iput_vara_double + ncmpi_wait_all pair (one double, CDF-5
# file in /dev/shm, one MPI process), beyond the lower layers' records: CPU time medians of
# RUNS runs with the lower layers traced (posix,stdio,mpiio) and with PnetCDF too, and the
# PnetCDF wrappers' own instructions per pair from callgrind (their inclusive count minus
# libpnetcdf's, which contains the MPI-IO and POSIX calls and their records).
# Usage: bench/pnetcdf.sh [N] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-20000}
RUNS=${2:-9}
cargo build --release -q -p recorder-otf2
work=$(mktemp -d /tmp/rotf2-pncbench.XXXXXX)
mpicc -O2 -o "$work/pnc_loop" bench/pnc_loop.c $(pkg-config --cflags --libs pnetcdf)
lib=$PWD/target/release/librecorder_otf2.so
f=/dev/shm/rotf2-pnc-bench-$$.nc
lower=posix,stdio,mpiio
run() {
  if [ -z "$1" ]; then "$work/pnc_loop" "$N" "$f"; else
    rm -rf "$work/t"; LD_PRELOAD="$lib" RECORDER_OTF2_DIR="$work/t" RECORDER_OTF2_LAYERS="$1" "$work/pnc_loop" "$N" "$f"; fi | awk '{print $2}'
}
declare -A v
for i in $(seq "$RUNS"); do
  v[untraced]+="$(run "") "; v[lower]+="$(run $lower) "; v[pnetcdf]+="$(run $lower,pnetcdf) "
done
median() { printf '%s\n' $@ | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
for c in untraced lower pnetcdf; do echo "$c cpu ns/pair: ${v[$c]}"; done
awk -v u="$(median ${v[untraced]})" -v l="$(median ${v[lower]})" -v p="$(median ${v[pnetcdf]})" 'BEGIN {
  printf "medians: untraced %.0f ns, lower layers %.0f ns (ratio %.2f), + PnetCDF %.0f ns (ratio %.2f): PnetCDF adds %+.0f ns per pair\n", u, l, l/u, p, p/u, p-l }'
rm -rf "$work/t" "$work/cg.out"
LD_PRELOAD="$lib" RECORDER_OTF2_DIR="$work/t" RECORDER_OTF2_LAYERS=$lower,pnetcdf valgrind --tool=callgrind \
  --callgrind-out-file="$work/cg.out" --toggle-collect=loop_pair "$work/pnc_loop" 2000 "$f" >/dev/null 2>&1
ann=$(callgrind_annotate --inclusive=yes "$work/cg.out" 2>/dev/null)
incl() { grep -E "$1" <<<"$ann" | grep -v "=>" | awk '{gsub(",", "", $1); v = $1 + 0; if (v > m) m = v} END {printf "%d\n", m}'; }
iput=$(( $(incl '\.rs:ncmpi_iput_vara_double([^_0-9a-zA-Z]|$)') - $(incl '\?\?\?:ncmpi_iput_vara_double([^_0-9a-zA-Z]|$)') ))
wait=$(( $(incl '\.rs:ncmpi_wait_all([^_0-9a-zA-Z]|$)') - $(incl '\?\?\?:ncmpi_wait_all([^_0-9a-zA-Z]|$)') ))
echo "iput wrapper $((iput / 2000)) + wait_all wrapper $((wait / 2000)) = $(((iput + wait) / 2000)) own instructions per pair (callgrind)"
rm -f "$f"
rm -rf "$work"
