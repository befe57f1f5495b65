#!/usr/bin/env bash
# The main job on a bundled example: set up, trace vampir-samples/hello-io, convert the trace to
# OTF2, validate the archive (otf2-print -Werror and the python3-otf2 checker), summarise the
# trace, write its HTML report and its Perfetto timeline (checked with Perfetto's schema).
# Usage: scripts/demo.sh [OUTPUT_DIR]   (default: a fresh temporary directory)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

out="${1:-$(mktemp -d /tmp/recorder-otf2-demo.XXXXXX)}"
mkdir -p "$out"
gcc -O2 -o "$out/hello-io.exe" vampir-samples/hello-io/hello-io.c

echo "demo: tracing hello-io"
# A fresh trace each run: traces accumulate processes, and a DIR given again would mix runs.
rm -rf "$out/trace"
target/release/recorder-otf2 record -o "$out/trace" -- "$out/hello-io.exe" "$out"
echo "demo: converting"
target/release/recorder2otf2 --force "$out/trace" "$out/hello-io.otf2"
echo "demo: validating"
otf2-print --silent -Werror "$out/hello-io.otf2" >/dev/null
/usr/bin/python3 tests/checker/check_otf2.py "$out/hello-io.otf2"
echo "demo: summarising"
target/release/recorder-otf2 summary "$out/trace" --top 5
target/release/recorder-otf2 summary --json "$out/trace" > "$out/summary.json"
echo "demo: report"
target/release/recorder-otf2 report --force "$out/trace" -o "$out/report.html"
echo "demo: Perfetto timeline"
target/release/recorder-otf2 perfetto --force "$out/trace" -o "$out/hello-io.pftrace"
PYTHONPATH=/opt/recorder-otf2-py /usr/bin/python3 tests/checker/check_perfetto.py "$out/hello-io.pftrace"
echo
echo "demo: done. Look at it:"
echo "  $out/report.html                    # open in a browser (self-contained)"
echo "  $out/hello-io.pftrace               # open at https://ui.perfetto.dev (or trace_processor)"
echo "  target/release/recorder-otf2 export $out/trace -o $out/parquet   # pandas, polars, DuckDB, Spark"
echo "  target/release/recorder2text $out/trace | less"
echo "  otf2-print $out/hello-io.otf2 | less"
echo "  vite -f $out/hello-io.otf2          # or open it in Vampir"
