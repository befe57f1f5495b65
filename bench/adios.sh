#!/usr/bin/env bash
# ADIOS layer overhead per adios2::Engine::Put<double> (C++ API, sync, 100 doubles, BP5 in
# /dev/shm, a step every 1000 puts): CPU time medians of RUNS interleaved runs (untraced /
# ADIOS layer only / all default layers), and the wrapper's own instructions per call from
# callgrind (its inclusive count minus libadios2_cxx's Put), for the C++ Put and, for
# comparison, the C API's adios2_put (bench/adios_loop.c's twin is not needed: the C test
# program's put is measured the same way when ADIOS2's C library is there).
# Usage: bench/adios.sh [N=100000] [RUNS=7]   (ADIOS2 in $RECORDER_OTF2_ADIOS2 or
# /opt/recorder-otf2-adios2/adios2, as scripts/setup.sh installs it)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-100000}
RUNS=${2:-7}
L=${RECORDER_OTF2_ADIOS2:-/opt/recorder-otf2-adios2/adios2}
cargo build --release -q -p recorder-otf2
work=$(mktemp -d /tmp/rotf2-adiosbench.XXXXXX)
g++ -O2 -o "$work/adios_loop" bench/adios_loop.cpp -I"$L/include" -L"$L" -ladios2_cxx -ladios2_core \
  -Wl,-rpath,"$L" -Wl,-rpath-link,"$L/../adios2.libs" -Wl,--allow-shlib-undefined
lib=$PWD/target/release/librecorder_otf2.so
out=$(mktemp -d /dev/shm/rotf2-adios-bench.XXXXXX)
run() { # $1 layers ("" untraced)
  rm -rf "$out"/*.bp
  if [ -z "$1" ]; then "$work/adios_loop" "$N" "$out"; else
    rm -rf "$work/t"; LD_PRELOAD="$lib" RECORDER_OTF2_DIR="$work/t" RECORDER_OTF2_LAYERS="$1" "$work/adios_loop" "$N" "$out"; fi | awk '{print $2}'
}
declare -A v
for i in $(seq "$RUNS"); do
  v[untraced]+="$(run "") "; v[adios]+="$(run adios) "; v[all]+="$(run posix,stdio,mpiio,hdf5,netcdf,pnetcdf,adios) "
done
median() { printf '%s\n' $@ | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
for c in untraced adios all; do echo "$c Put cpu ns/call: ${v[$c]}"; done
awk -v u="$(median ${v[untraced]})" -v h="$(median ${v[adios]})" -v a="$(median ${v[all]})" 'BEGIN {
  printf "medians: untraced %.1f ns, ADIOS layer only %.1f ns (+%.1f, ratio %.2f), all layers %.1f ns (+%.1f)\n", u, h, h-u, h/u, a, a-u }'
# Instructions (callgrind, repeatable): the loop's count traced (ADIOS layer only) minus
# untraced, per put: everything the layer adds, the record of the Put with its selection and
# shape events, the accessors it asks ADIOS2, and the pass-through of the core Put that the
# C++ API's Put calls (the step calls, one per 1000 puts, add about 1 %). The same for the C
# API's adios2_put (bench/adios_loop.c).
gcc -O2 -o "$work/adios_loop_c" bench/adios_loop.c -I"$L/include" -L"$L" -ladios2_c \
  -Wl,-rpath,"$L" -Wl,-rpath-link,"$L/../adios2.libs" -Wl,--allow-shlib-undefined
CG_N=10000
count() { # $1 program, $2 layers ("" untraced)
  rm -rf "$work/t" "$work/cg.out" "$out"/*.bp
  if [ -z "$2" ]; then pre=(); else pre=(env LD_PRELOAD="$lib" RECORDER_OTF2_DIR="$work/t" RECORDER_OTF2_LAYERS="$2"); fi
  "${pre[@]}" valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" '--toggle-collect=loop_put*' \
    "$1" "$CG_N" "$out" 2>&1 | grep -o 'Collected : [0-9]*' | awk '{print $3}'
}
for p in adios_loop adios_loop_c; do
  u=$(count "$work/$p" ""); t=$(count "$work/$p" adios)
  name=$([ "$p" = adios_loop ] && echo "adios2::Engine::Put<double> (C++ API)" || echo "adios2_put (C API)")
  echo "$name: $(( (t - u) / CG_N )) instructions added per put (callgrind: $((u / CG_N)) untraced, $((t / CG_N)) traced)"
done
rm -rf "$work" "$out"
