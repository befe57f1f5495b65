#!/usr/bin/env bash
# HDF5 layer overhead per H5Dwrite of a 1000-double dataset (/dev/shm): CPU time medians of
# RUNS interleaved runs (untraced / HDF5 layer only / all default layers), and the wrapper's
# own instructions per call from callgrind (its inclusive count minus libhdf5's H5Dwrite).
# LIB names another build of the library (default target/release).
# Usage: [LIB=path/librecorder_otf2.so] bench/hdf5.sh [N=200000] [RUNS=7]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-200000}
RUNS=${2:-7}
cargo build --release -q -p recorder-otf2
work=$(mktemp -d /tmp/rotf2-h5bench.XXXXXX)
gcc -O2 -o "$work/h5_loop" bench/h5_loop.c $(pkg-config --cflags --libs hdf5-serial)
lib=${LIB:-$PWD/target/release/librecorder_otf2.so}
f=/dev/shm/rotf2-h5-bench-$$.h5
run() { # $1 layers ("" untraced)
  if [ -z "$1" ]; then "$work/h5_loop" "$N" "$f"; else
    rm -rf "$work/t"; LD_PRELOAD="$lib" RECORDER_OTF2_DIR="$work/t" RECORDER_OTF2_LAYERS="$1" "$work/h5_loop" "$N" "$f"; fi | awk '{print $2}'
}
declare -A v
for i in $(seq "$RUNS"); do
  v[untraced]+="$(run "") "; v[hdf5]+="$(run hdf5) "; v[all]+="$(run posix,stdio,mpiio,hdf5) "
done
median() { printf '%s\n' $@ | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
for c in untraced hdf5 all; do echo "$c H5Dwrite cpu ns/call: ${v[$c]}"; done
awk -v u="$(median ${v[untraced]})" -v h="$(median ${v[hdf5]})" -v a="$(median ${v[all]})" 'BEGIN {
  printf "medians: untraced %.1f ns, HDF5 layer only %.1f ns (+%.1f, ratio %.2f), all layers %.1f ns (+%.1f)\n", u, h, h-u, h/u, a, a-u }'
rm -rf "$work/t" "$work/cg.out"
LD_PRELOAD="$lib" RECORDER_OTF2_DIR="$work/t" RECORDER_OTF2_LAYERS=hdf5 valgrind --tool=callgrind \
  --callgrind-out-file="$work/cg.out" --toggle-collect=loop_h5write "$work/h5_loop" 10000 "$f" >/dev/null 2>&1
ann=$(callgrind_annotate --inclusive=yes "$work/cg.out" 2>/dev/null)
incl() { grep -E "$1" <<<"$ann" | grep -v "=>" | awk '{gsub(",", "", $1); v = $1 + 0; if (v > m) m = v} END {printf "%d\n", m}'; }
own=$(( ($(incl '\.rs:H5Dwrite([^_0-9a-zA-Z]|$)') - $(incl '\?\?\?:H5Dwrite([^_0-9a-zA-Z]|$)')) / 10000 ))
echo "H5Dwrite wrapper: $own own instructions per call (callgrind)"
rm -rf "$work"
