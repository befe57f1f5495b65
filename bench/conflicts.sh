#!/usr/bin/env bash
# `recorder-otf2 conflicts` speed and memory (issue 12's targets), RUNS times each:
#  1. overlaps: 64 ranks, N1 interleaved 8-byte pwrites in all on one shared file, no
#     overlap, no MPI calls (target: 10 M operations in <= 10 s);
#  2. verification: 16 ranks, N2 operations in all on one shared file with the `mpi` layer,
#     fsync-barrier-fsync and a read of the neighbour's bytes every K writes, checked under
#     mpi-io semantics (target: 1 M operations in <= 30 s);
#  3. the overlaps of 1. within --memory 64M (accesses through sorted runs on disk).
# Prints every run, medians and peak RSS (GNU time).
# Usage: bench/conflicts.sh [N1=10000000] [N2=1000000] [RUNS=3] [K=100]
set -euo pipefail
cd "$(dirname "$0")/.."
N1=${1:-10000000}
N2=${2:-1000000}
RUNS=${3:-3}
K=${4:-100}
cargo build --release -q --workspace
work=$(mktemp -d /dev/shm/rotf2-conflicts.XXXXXX)
trap 'rm -rf "$work"' EXIT
lib=$PWD/target/release/librecorder_otf2.so
bin=$PWD/target/release/recorder-otf2
mpicc -O2 -o "$work/loop" bench/conflicts_loop.c
trace() { # ranks, ops per rank, K, layers, trace dir
  mpirun --allow-run-as-root --oversubscribe -np "$1" -x LD_PRELOAD="$lib" \
    -x RECORDER_OTF2_DIR="$5" -x RECORDER_OTF2_LAYERS="$4" "$work/loop" "$work/f.$1" "$2" "$3"
  echo "trace $5: $(ls "$5" | wc -l) entries, $(du -sb "$5" | cut -f1) bytes"
}
trace 64 $((N1 / 64)) 0 posix "$work/t64"
trace 16 $((N2 / 16 * K / (K + 1))) "$K" posix,stdio,mpiio,mpi "$work/t16"
timed() { /usr/bin/time -f "%e %M" -o "$work/time" "$@" >"$work/out" 2>&1; cat "$work/time"; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
o=(); v=(); x=(); mo=(); mv=(); mx=()
for i in $(seq "$RUNS"); do
  read -r t m < <(timed "$bin" conflicts -q --json "$work/t64"); o+=("$t"); mo+=("$m")
  read -r t m < <(timed "$bin" conflicts -q --json --memory 64M --tmp-dir "$work" "$work/t64"); x+=("$t"); mx+=("$m")
  read -r t m < <(timed "$bin" conflicts -q --json --semantics mpi-io "$work/t16"); v+=("$t"); mv+=("$m")
done
python3 - "$work/out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
f = [x for x in d["files"] if x["path"].endswith("/f.16")][0]
print(f"verification trace: {d['accesses']} accesses, {f['pairs_total']} pairs, "
      f"{f['violations']['count']} violations, {d['mpi']['sync_calls']} MPI calls, {d['mpi']['unmatched']} unmatched")
PY
echo "overlaps 64 ranks     s: ${o[*]}  peak KiB: ${mo[*]}"
echo "verification 16 ranks s: ${v[*]}  peak KiB: ${mv[*]}"
echo "overlaps, --memory 64M s: ${x[*]}  peak KiB: ${mx[*]}"
echo "median: overlaps $(median "${o[@]}") s, verification $(median "${v[@]}") s, overlaps in 64M $(median "${x[@]}") s"
