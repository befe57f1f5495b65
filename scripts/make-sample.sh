#!/usr/bin/env bash
# Regenerates vampir-samples/hello-io (its native trace, its OTF2 archive and a screenshot of
# the archive in ViTE, under Xvfb) and vampir-samples/mpi-io (trace and archive). Needs imagemagick for the screenshot (`import`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
s=vampir-samples/hello-io
work=$(mktemp -d /tmp/hello-io.XXXXXX)
gcc -O2 -o "$work/hello-io.exe" $s/hello-io.c
rm -rf $s/trace $s/hello-io.otf2 $s/hello-io.def $s/hello-io
target/release/recorder-otf2 record -o $s/trace -- "$work/hello-io.exe" "$work"
target/release/recorder2otf2 $s/trace $s/hello-io.otf2
/usr/bin/python3 tests/checker/check_otf2.py $s/hello-io.otf2
if command -v import >/dev/null && command -v Xvfb >/dev/null; then
  Xvfb :91 -screen 0 1280x720x24 >/dev/null 2>&1 & xpid=$!
  sleep 1
  DISPLAY=:91 vite -f $s/hello-io.otf2 >/dev/null 2>&1 & vpid=$!
  sleep 6
  DISPLAY=:91 import -window root -crop 1060x630+0+0 $s/vite.png
  kill $vpid $xpid 2>/dev/null || true
fi
rm -rf "$work"
echo "make-sample: $s updated"

# vampir-samples/mpi-io: 4 MPI ranks (MPI-IO with the POSIX calls under it). System files
# the MPI library reads at start-up (/usr, /etc) are left out to keep the sample small.
m=vampir-samples/mpi-io
work=$(mktemp -d /tmp/mpi-io.XXXXXX)
mpicc -O2 -o "$work/mpi-io.exe" $m/mpi-io.c
rm -rf $m/trace $m/mpi-io.otf2 $m/mpi-io.def $m/mpi-io
mpirun --allow-run-as-root --oversubscribe -np 4 \
  target/release/recorder-otf2 record -o $m/trace --exclude /proc:/sys:/dev:/usr:/etc -- \
  "$work/mpi-io.exe" "$work"
target/release/recorder2otf2 $m/trace $m/mpi-io.otf2
/usr/bin/python3 tests/checker/check_otf2.py $m/mpi-io.otf2
rm -rf "$work"
echo "make-sample: $m updated"
