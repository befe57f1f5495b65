#!/usr/bin/env bash
# `recorder-otf2 conflicts` on operations through strided MPI file views (issue 31's
# target: 1 M operations of 64 byte ranges each in <= 10 s, memory flat within --memory).
# views_loop.c at P ranks under MPICH (ROMIO's data sieving keeps the run short), traced at
# the MPI-IO layer only: N operations in all, each B blocks of S bytes interleaved with the
# other ranks' (no pair). Then conflicts in memory and within --memory 64M, RUNS times each.
# Prints every run, medians and peak RSS (GNU time).
# Usage: bench/conflicts_views.sh [N=1000000] [P=16] [B=64] [S=8] [RUNS=3]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000000}
P=${2:-16}
B=${3:-64}
S=${4:-8}
RUNS=${5:-3}
cargo build --release -q --workspace
work=$(mktemp -d /dev/shm/rotf2-views.XXXXXX)
trap 'rm -rf "$work"' EXIT
lib=$PWD/target/release/librecorder_otf2.so
bin=$PWD/target/release/recorder-otf2
mpicc.mpich -O2 -o "$work/loop" bench/views_loop.c
RECORDER_OTF2_DIR="$work/t" RECORDER_OTF2_LAYERS=mpiio mpiexec.mpich -n "$P" \
  -env LD_PRELOAD "$lib" "$work/loop" "$work/f" $((N / P)) "$B" "$S"
echo "trace: $(du -sb "$work/t" | cut -f1) bytes, $N operations of $B ranges"
timed() { /usr/bin/time -f "%e %M" -o "$work/time" "$@" >"$work/out" 2>&1; cat "$work/time"; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
m=(); mm=(); x=(); mx=()
for i in $(seq "$RUNS"); do
  read -r t k < <(timed "$bin" conflicts -q --json "$work/t"); m+=("$t"); mm+=("$k")
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("accesses", d["accesses"], "pairs", sum(f["pairs_total"] for f in d["files"]))' "$work/out"
  read -r t k < <(timed "$bin" conflicts -q --json --memory 64M --tmp-dir "$work" "$work/t"); x+=("$t"); mx+=("$k")
done
echo "in memory       s: ${m[*]}  peak KiB: ${mm[*]}"
echo "--memory 64M    s: ${x[*]}  peak KiB: ${mx[*]}"
echo "median: in memory $(median "${m[@]}") s, within 64M $(median "${x[@]}") s"
