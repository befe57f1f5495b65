#!/usr/bin/env bash
# Synthetic traces of many ranks (issue 14's scale harness): io-events/examples/synth_trace.rs
# writes RANKS processes of CALLS calls each (open, 4 KiB pwrites at rank-linear offsets,
# close; times with jitter) through the real encoder, metadata and definitions writers. Per
# rank count: trace bytes and files; recorder2otf2 and `summary --json` time and peak RSS;
# `recorder-otf2 pack` time, packed bytes and files; the packed trace's conversion.
#   bench/synthetic.sh [CALLS [RANKS...]]      (default 1000 calls, 1000 10000 ranks)
set -euo pipefail
cd "$(dirname "$0")/.."
calls=${1:-1000}
shift || true
ranks=("$@")
[ ${#ranks[@]} -gt 0 ] || ranks=(1000 10000)
cargo build --release --quiet
cargo build --release --quiet -p io-events --example synth_trace
work=$(mktemp -d "${TMPDIR:-/tmp}/recorder-otf2-synth.XXXXXX")
trap 'rm -rf "$work"' EXIT
R=target/release
measure() { # label command... -> "seconds s, peak MiB"
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; exit 1; }
  awk '{printf "%.1f s, %.1f MiB", $1, $2/1024}' "$work/time"
}
bytes() { find "$1" -type f -printf '%s\n' | awk '{s+=$1} END {print s+0}'; }
printf '| ranks | calls | trace bytes | files | recorder2otf2 | summary | pack | packed bytes | files | recorder2otf2 (packed) |\n'
printf '|---|---|---|---|---|---|---|---|---|---|\n'
for n in "${ranks[@]}"; do
  t="$work/t$n"
  $R/examples/synth_trace "$t" "$n" "$calls"
  b=$(bytes "$t") f=$(find "$t" -type f | wc -l)
  conv=$(measure $R/recorder2otf2 -q "$t" "$work/a$n.otf2")
  rm -rf "$work/a$n" "$work/a$n.otf2" "$work/a$n.def"
  summ=$(measure $R/recorder-otf2 summary --json "$t")
  pk=$(measure $R/recorder-otf2 pack -q "$t")
  pb=$(bytes "$t") pf=$(find "$t" -type f | wc -l)
  pconv=$(measure $R/recorder2otf2 -q "$t" "$work/b$n.otf2")
  rm -rf "$work/b$n" "$work/b$n.otf2" "$work/b$n.def" "$t"
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$n" "$((n * calls))" "$b" "$f" \
    "$conv" "$summ" "$pk" "$pb" "$pf" "$pconv"
done
