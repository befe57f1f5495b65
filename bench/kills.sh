#!/usr/bin/env bash
# SIGKILL at random moments (issue 16's campaign): a traced writer (100-byte writes, 20 us
# apart, 16 KiB chunks: several per run) is killed N times (default 30) at a random moment between 0.05 and
# 1.5 s; each trace is converted (recorder2otf2 must succeed and warn "killed?") and the writes
# it holds are compared with the writes the program made (loop.dat's size / 100).
# Prints the kills survived and the loss per kill, in writes and in chunks (median, max).
#   bench/kills.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-30}"
work=$(mktemp -d /tmp/recorder-otf2-kills.XXXXXX)
trap 'rm -rf "$work"' EXIT
cargo build --release --quiet
gcc -std=gnu17 -O0 -fno-builtin -o "$work/writer_loop" tests/programs/writer_loop.c
rows=()
for i in $(seq 1 "$n"); do
  d="$work/run$i" && mkdir -p "$d"
  RECORDER_OTF2_BUFFER_SIZE=16384 target/release/recorder-otf2 record -o "$d/trace" -- \
    "$d/../writer_loop" "$d" 100000000 20 >/dev/null 2>&1 &
  sleep "$(python3 -c "import random; print(round(random.uniform(0.05, 1.5), 3))")"
  pkill -KILL -f "^$d/../writer_loop" || true
  wait 2>/dev/null || true
  done_writes=$(( $(stat -c %s "$d/loop.dat" 2>/dev/null || echo 0) / 100 ))
  if ! target/release/recorder2otf2 "$d/trace" "$d/out.otf2" 2>"$d/conv.err"; then
    echo "kills: run $i: the conversion failed: $(head -1 "$d/conv.err")"; exit 1
  fi
  grep -q "did not finish (killed?)" "$d/conv.err" || { echo "kills: run $i: no kill warning"; exit 1; }
  recorded=$(target/release/recorder2text "$d/trace" 2>/dev/null | grep -c " write(fd=" || true)
  chunks=$(python3 - "$d/trace" <<'PY'
import glob, struct, sys
# Complete chunks of the stream: 32-byte stream header, then 44-byte chunk headers with the
# payload length at bytes 4..8 (io-events/src/stream.rs, docs/format.md).
f = glob.glob(sys.argv[1] + "/*/thread-0.rec")[0]
b = open(f, "rb").read()
pos, n = 32, 0
while pos + 44 <= len(b):
    ln = struct.unpack_from("<I", b, pos + 4)[0]
    if pos + 44 + ln > len(b):
        break
    pos += 44 + ln
    n += 1
print(n)
PY
)
  rows+=("$done_writes $recorded $chunks")
  rm -rf "$d"
done 2>/dev/null  # (bash's "Killed" job notices)
printf '%s\n' "${rows[@]}" | python3 -c '
import statistics, sys
rows = [tuple(map(int, l.split())) for l in sys.stdin if l.strip()]
loss = [d - r for d, r, c in rows]
per_chunk = statistics.median(r / c for d, r, c in rows if c > 0)
chunks = [x / per_chunk for x in loss]
print(f"kills: {len(rows)} kills, {len(rows)} converted; writes made median {statistics.median(d for d, _, _ in rows):.0f}")
print(f"kills: loss per kill: median {statistics.median(loss):.0f} writes = {statistics.median(chunks):.2f} chunks, max {max(loss)} writes = {max(chunks):.2f} chunks ({per_chunk:.0f} writes per chunk)")
'
