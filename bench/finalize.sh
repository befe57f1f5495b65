#!/usr/bin/env bash
# Time added to MPI_Finalize by the recorder (issue 14): bench/finalize.c times MPI_Finalize in
# every rank after 1,000 traced pwrites; per rank count (default 4 16 64, oversubscribed on
# this machine's cores), the slowest rank's MPI_Finalize, untraced and traced, median of RUNS
# interleaved runs. Packing (`recorder-otf2 pack`) runs after the job and adds nothing here.
#   bench/finalize.sh [RUNS [RANKS...]]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
shift || true
ranks=("$@")
[ ${#ranks[@]} -gt 0 ] || ranks=(4 16 64)
cargo build --release --quiet
work=$(mktemp -d /dev/shm/recorder-otf2-fin.XXXXXX)
trap 'rm -rf "$work"' EXIT
mpicc -O2 -o "$work/finalize" bench/finalize.c
lib=$PWD/target/release/librecorder_otf2.so
slowest() { grep '^finalize_us' | awk '$3 > m {m = $3} END {printf "%.0f", m}'; }
median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
printf '| ranks | untraced µs (median of %s) | traced µs | added µs | runs untraced | runs traced |\n' "$runs"
printf '|---|---|---|---|---|---|\n'
for n in "${ranks[@]}"; do
  u=() t=()
  for i in $(seq "$runs"); do
    u+=("$(env -u OMPI_MCA_io mpirun --allow-run-as-root --oversubscribe -np "$n" "$work/finalize" "$work" | slowest)")
    rm -rf "$work/t"
    t+=("$(env -u OMPI_MCA_io mpirun --allow-run-as-root --oversubscribe -np "$n" -x LD_PRELOAD="$lib" \
      -x RECORDER_OTF2_DIR="$work/t" "$work/finalize" "$work" | slowest)")
  done
  mu=$(printf '%s\n' "${u[@]}" | median) mt=$(printf '%s\n' "${t[@]}" | median)
  printf '| %s | %s | %s | %s | %s | %s |\n' "$n" "$mu" "$mt" "$((mt - mu))" "${u[*]}" "${t[*]}"
done
