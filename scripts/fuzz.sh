#!/usr/bin/env bash
# Fuzz the trace readers, the converter pipeline and the consumers (perfetto, export,
# conflicts, replay's planning) (tests/fuzz, cargo-fuzz + libFuzzer):
# make the seed corpus from real traces (the test programs traced by the release recorder:
# POSIX + stdio, several chunks, MPI-IO at 2 ranks, HDF5), then run every target for SECONDS
# each (default 20). Any crash, panic, timeout (> 10 s) or allocation over 2 GB fails the run;
# libFuzzer's input that caused it is kept in target/fuzz/artifacts/. Prints executions per
# target. Needs the release build (scripts/test.sh or `cargo build --release` first).
#   scripts/fuzz.sh [SECONDS]        a long run: scripts/fuzz.sh 3600
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-20}"
root="$PWD"
work="$root/target/fuzz"
seeds="$work/seed-traces"
mkdir -p "$work/artifacts"
command -v cargo-fuzz >/dev/null || cargo install --locked --quiet cargo-fuzz

# ---- seeds: real traces of the test programs
rm -rf "$seeds" && mkdir -p "$seeds/bin"
lib="$root/target/release/librecorder_otf2.so"
rec="$root/target/release/recorder-otf2"
[ -f "$lib" ] && [ -x "$rec" ] || cargo build --release --quiet
cc_flags=(-std=gnu17 -O0 -fno-builtin -pthread)
gcc "${cc_flags[@]}" -o "$seeds/bin/workload" tests/programs/workload.c
gcc "${cc_flags[@]}" -o "$seeds/bin/writer_loop" tests/programs/writer_loop.c
mkdir -p "$seeds/scratch"
"$rec" record -o "$seeds/workload" -- "$seeds/bin/workload" "$seeds/scratch" >/dev/null
RECORDER_OTF2_BUFFER_SIZE=4096 "$rec" record -o "$seeds/chunks" -- \
  "$seeds/bin/writer_loop" "$seeds/scratch" 400 >/dev/null
if command -v mpicc >/dev/null && command -v mpirun >/dev/null; then
  mpicc "${cc_flags[@]}" -o "$seeds/bin/mpi_io_all" tests/programs/mpi_io_all.c
  (cd "$seeds/scratch" && env -u OMPI_MCA_io mpirun --allow-run-as-root --oversubscribe -np 2 \
    -x LD_PRELOAD="$lib" -x RECORDER_OTF2_DIR="$seeds/mpi" \
    "$seeds/bin/mpi_io_all" "$seeds/scratch" >/dev/null)
fi
if pkg-config --exists hdf5-serial 2>/dev/null; then
  # shellcheck disable=SC2046
  gcc "${cc_flags[@]}" -o "$seeds/bin/h5_serial" tests/programs/h5_serial.c \
    $(pkg-config --cflags --libs hdf5-serial)
  "$rec" record -o "$seeds/hdf5" -- "$seeds/bin/h5_serial" "$seeds/scratch" >/dev/null
fi

# Each process folder: its files to the single-file targets, packed whole to `trace`
# (tests/fuzz/src/lib.rs `unpack`).
python3 - "$seeds" "$work/corpus" <<'PY'
import os, struct, sys
seeds, corpus = sys.argv[1], sys.argv[2]
names = ["meta.yaml", "defs.bin"] + [f"thread-{i}.rec" for i in range(4)]
for t in ["stream", "defs", "meta", "trace", "pack"]:
    os.makedirs(os.path.join(corpus, t), exist_ok=True)
def inline_functions(meta, trace):
    # The packed process stands alone: the trace's function table file goes into its
    # meta.yaml as the `functions` list (a form the readers take too).
    out = []
    for line in meta.decode().splitlines():
        if line.startswith("functions_file: "):
            table = open(os.path.join(trace, line.split(": ", 1)[1].strip("'\"")), "rb").read()
            out.append("functions:")
            out += ["- '" + n.replace("'", "''") + "'" for n in table.decode().splitlines()]
        else:
            out.append(line)
    return ("\n".join(out) + "\n").encode()

n = 0
for trace in sorted(os.listdir(seeds)):
    tdir = os.path.join(seeds, trace)
    if trace in ("bin", "scratch") or not os.path.isdir(tdir):
        continue
    for proc in sorted(os.listdir(tdir)):
        pdir = os.path.join(tdir, proc)
        if not os.path.isfile(os.path.join(pdir, "meta.yaml")):
            continue
        packed = b""
        for name in names:
            path = os.path.join(pdir, name)
            if not os.path.isfile(path):
                continue
            data = open(path, "rb").read()
            if name == "meta.yaml":
                data = inline_functions(data, tdir)
            packed += bytes([len(name)]) + name.encode() + struct.pack("<I", len(data)) + data
            target = {"meta.yaml": "meta", "defs.bin": "defs"}.get(name, "stream")
            open(os.path.join(corpus, target, f"{trace}-{proc}-{name}"), "wb").write(data)
        open(os.path.join(corpus, "trace", f"{trace}-{proc}"), "wb").write(packed)
        n += 1
print(f"fuzz: seed corpus from {n} traced processes")
PY
# `pack`: each seed trace packed (recorder-otf2 pack, one pack per job and host).
mkdir -p "$work/corpus/pack"
for trace in "$seeds"/*/; do
  name=$(basename "$trace")
  case $name in bin|scratch) continue ;; esac
  rm -rf "$work/packing" && cp -a "$trace" "$work/packing"
  "$rec" pack -q "$work/packing" >/dev/null 2>&1 || continue
  for p in "$work/packing"/*.rpk; do cp "$p" "$work/corpus/pack/$name-$(basename "$p")"; done
done
rm -rf "$work/packing"
# The consumer targets take a trace directory in the `trace` target's form: its seeds.
consumers=(perfetto export conflicts replay_plan)
for t in "${consumers[@]}"; do
  rm -rf "$work/corpus/$t" && cp -r "$work/corpus/trace" "$work/corpus/$t"
done

# ---- build and run
scratch_base=/dev/shm
[ -d "$scratch_base" ] && [ -w "$scratch_base" ] || scratch_base="${TMPDIR:-/tmp}"
RECORDER_OTF2_FUZZ_SCRATCH=$(mktemp -d "$scratch_base/recorder-otf2-fuzz.XXXXXX")
export RECORDER_OTF2_FUZZ_SCRATCH
trap 'rm -rf "$RECORDER_OTF2_FUZZ_SCRATCH"' EXIT
(cd tests/fuzz && cargo fuzz build -s none --target-dir "$work/build" 2>&1 | grep -E "^(error|warning: unused)" || true)
status=0
for t in stream defs meta trace pack "${consumers[@]}"; do
  log="$work/$t.log"
  if (cd tests/fuzz && cargo fuzz run -s none --target-dir "$work/build" "$t" "$work/corpus/$t" -- \
      -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$work/artifacts/$t-" >"$log" 2>&1); then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo "?")
    echo "fuzz: $t: $runs executions in ${secs} s, 0 crashes (coverage $cov edges)"
  else
    status=1
    echo "fuzz: $t FAILED; the input is in $work/artifacts/, the log in $log:"
    grep -E "panicked|ERROR|SUMMARY|Test unit written" "$log" | head -20
  fi
done
exit $status
