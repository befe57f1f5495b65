#!/usr/bin/env bash
# NetCDF layer overhead per nc_put_vara_double of 100 doubles (netCDF-4 file in /dev/shm):
# the wrapper's own instructions per call from callgrind (its inclusive count minus
# libnetcdf's nc_put_vara_double, which contains the HDF5 calls and their records), and CPU
# time medians of RUNS runs (untraced / netCDF layer only). LIB names another build of the
# library. Usage: [LIB=path/librecorder_otf2.so] bench/netcdf.sh [N] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-100000}
RUNS=${2:-7}
cargo build --release -q -p recorder-otf2
work=$(mktemp -d /tmp/rotf2-ncbench.XXXXXX)
gcc -O2 -o "$work/nc_loop" bench/nc_loop.c $(pkg-config --cflags --libs netcdf)
lib=${LIB:-$PWD/target/release/librecorder_otf2.so}
f=/dev/shm/rotf2-nc-bench-$$.nc
run() {
  if [ -z "$1" ]; then "$work/nc_loop" "$N" "$f"; else
    rm -rf "$work/t"; LD_PRELOAD="$lib" RECORDER_OTF2_DIR="$work/t" RECORDER_OTF2_LAYERS="$1" "$work/nc_loop" "$N" "$f"; fi | awk '{print $2}'
}
declare -A v
for i in $(seq "$RUNS"); do v[untraced]+="$(run "") "; v[netcdf]+="$(run netcdf) "; done
median() { printf '%s\n' $@ | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
for c in untraced netcdf; do echo "$c nc_put_vara_double cpu ns/call: ${v[$c]}"; done
awk -v u="$(median ${v[untraced]})" -v h="$(median ${v[netcdf]})" 'BEGIN {
  printf "medians: untraced %.1f ns, netCDF layer only %.1f ns (+%.1f, ratio %.2f)\n", u, h, h-u, h/u }'
rm -rf "$work/t" "$work/cg.out"
LD_PRELOAD="$lib" RECORDER_OTF2_DIR="$work/t" RECORDER_OTF2_LAYERS=netcdf valgrind --tool=callgrind \
  --callgrind-out-file="$work/cg.out" --toggle-collect=loop_put "$work/nc_loop" 10000 "$f" >/dev/null 2>&1
ann=$(callgrind_annotate --inclusive=yes "$work/cg.out" 2>/dev/null)
incl() { grep -E "$1" <<<"$ann" | grep -v "=>" | awk '{gsub(",", "", $1); v = $1 + 0; if (v > m) m = v} END {printf "%d\n", m}'; }
own=$(( ($(incl '\.rs:nc_put_vara_double([^_0-9a-zA-Z]|$)') - $(incl '\?\?\?:nc_put_vara_double([^_0-9a-zA-Z]|$)')) / 10000 ))
echo "nc_put_vara_double wrapper: $own own instructions per call (callgrind)"
rm -rf "$work"
