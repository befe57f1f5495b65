#!/usr/bin/env bash
# Every test: set up, then the unit tests of every crate and the end-to-end suite in tests/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cargo test --release --workspace
