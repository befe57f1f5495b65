#!/usr/bin/env bash
# Every test: set up, then the unit tests of every crate and the end-to-end suite in tests/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cargo test --release --workspace
# The fuzz targets of the trace readers and the converter (tests/fuzz), seeded with real
# traces, 15 s each: any crash fails the run.
bash scripts/fuzz.sh 15
