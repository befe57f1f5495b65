#!/usr/bin/env bash
# recorder2otf2 under mpirun (issue 14): a synthetic trace of RANKS processes x CALLS calls
# (io-events/examples/synth_trace.rs, through the real encoder) converted serially
# (--threads 1), with worker threads (--threads 2), and under `mpirun -np N` (one worker per
# rank); each archive is checked to be the serial one file for file (the anchor but for its
# random trace identifier). Each run starts after `sync`. Prints median wall time of REPS runs and the peak RSS of the
# largest process (GNU time over mpirun: its largest descendant).
#   bench/mpi_convert.sh [RANKS [CALLS [REPS]]]     (default 10000 1000 3)
# The work folder is under TMPDIR (/dev/shm keeps the disk's writeback out of the times).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-10000} calls=${2:-1000} reps=${3:-3}
cargo build --release --quiet
cargo build --release --quiet -p io-events --example synth_trace
work=$(mktemp -d "${TMPDIR:-/tmp}/recorder-otf2-mpiconv.XXXXXX")
trap 'rm -rf "$work"' EXIT
R=$PWD/target/release
MPIRUN=(mpirun --allow-run-as-root --oversubscribe)
$R/examples/synth_trace "$work/t" "$n" "$calls"
$R/recorder2otf2 -q --threads 1 "$work/t" "$work/serial.otf2"
same() { # archive: the serial one's files; the anchors differ in the 8-byte trace id only
  diff -r "$work/serial" "$1" >/dev/null && cmp -s "$work/serial.def" "$1.def" \
    && [ "$(stat -c %s "$work/serial.otf2")" = "$(stat -c %s "$1.otf2")" ] \
    && { cmp -l "$work/serial.otf2" "$1.otf2" || true; } | awk 'NR==1 {f=$1} {l=$1} END {exit !(NR==0 || l-f < 8)}'
}
run() { # label command... -> table row
  local label=$1; shift
  : > "$work/times"
  for _ in $(seq "$reps"); do
    rm -rf "$work/o" "$work/o.otf2" "$work/o.def"
    sync # the last archive's writeback would otherwise throttle this run
    /usr/bin/time -f "%e %M" -a -o "$work/times" "$@" -q "$work/t" "$work/o.otf2" >/dev/null
    same "$work/o" || { echo "$label: archive differs from the serial one" >&2; exit 1; }
  done
  runs=$(awk '{printf "%s ", $1}' "$work/times")
  sort -n "$work/times" | awk -v l="$label" -v r="$runs" '{t[NR]=$1; if ($2>m) m=$2} END {printf "| %s | %s| %.2f s | %.1f MiB | identical |\n", l, r, t[int((NR+1)/2)], m/1024}'
}
echo "$n processes x $calls calls, $(find "$work/t" -type f -printf '%s\n' | awk '{s+=$1} END {print s}') bytes, $(nproc) cores"
printf '| conversion | runs (s) | median | peak RSS (largest process) | archive |\n|---|---|---|---|---|\n'
run "--threads 1" $R/recorder2otf2 --threads 1
run "--threads 2" $R/recorder2otf2 --threads 2
for np in 2 4; do
  run "mpirun -np $np, --threads 1" "${MPIRUN[@]}" -np "$np" $R/recorder2otf2 --threads 1
done
