#!/usr/bin/env bash
# Every test: set up, then the unit tests of every crate and the end-to-end suite in tests/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# The API docs, private items included, with every intra-doc link resolving: libraries, then
# binaries (separately: the launcher binary and the preload library are both recorder_otf2
# in target/doc).
RUSTDOCFLAGS="-D rustdoc::broken_intra_doc_links" cargo doc --workspace --no-deps --document-private-items --lib -q
RUSTDOCFLAGS="-D rustdoc::broken_intra_doc_links" cargo doc --workspace --no-deps --document-private-items --bins -q
cargo test --release --workspace
# The fuzz targets of the trace readers, the converter and the consumers (tests/fuzz),
# seeded with real traces, 10 s each (9 targets: 90 s, against 75 s for the first 5 at
# 15 s): any crash fails the run.
bash scripts/fuzz.sh 10
