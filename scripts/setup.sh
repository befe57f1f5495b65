#!/usr/bin/env bash
# Installs what recorder-otf2 needs on a fresh Debian machine (bookworm or later) and builds it.
# Idempotent: packages already present are skipped by apt; cargo rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  build-essential pkg-config libclang-dev      # C compiler (tests, shim.c), bindgen
  libopen-trace-format2-dev otf2-tools python3-otf2   # OTF2 library, otf2-print, python reader
  python3 coreutils                            # traced in the tests
  vite xvfb xauth                              # ViTE, to check archives open in a viewer
  time                                         # /usr/bin/time for bench/converter.sh
  libopenmpi-dev openmpi-bin gfortran          # Open MPI: recorder2otf2 and the MPI replay link it; the MPI tests
  python3-mpi4py strace                        # mpi4py test; strace: the tests' second account of POSIX I/O
  rsync tar                                    # real programs checked against strace (tests/tests/glibc_coverage.rs)
  libhdf5-dev libhdf5-openmpi-dev hdf5-tools python3-h5py   # HDF5 layer tests (serial, parallel, h5dump, h5py)
  libnetcdf-dev netcdf-bin python3-netcdf4     # NetCDF layer tests (ncdump, nccopy, netCDF4)
  nco                                          # ncks (netCDF-4 reads through HDF5)
  libnetcdf-mpi-dev                            # parallel netCDF-4 test (nc_create_par)
  libpnetcdf-dev pnetcdf-bin                   # PnetCDF layer tests (ncmpidump)
  chromium                                     # headless browser: the report tests open the HTML
  liburing-dev                                 # io_uring test program (-luring)
  protobuf-compiler                            # (protoc: Perfetto's trace schema compiled by prost at build time)
  man-db environment-modules zsh fish          # install test: man pages render, the modulefile loads, completions load
  slurm-wlm munge                              # launcher tests: a single-node Slurm (scripts/slurm-setup.sh starts it)
  mpich libmpich-dev libhdf5-mpich-dev         # the MPICH ABI: MPI-IO, mpi layer, Fortran, parallel HDF5 suites under mpiexec.mpich
  python3-pandas                               # the Parquet export's files read into pandas (tests/checker/check_pandas.py)
  openjdk-17-jre-headless                      # Java for PySpark (tests/checker/check_engines.py reads the export in Spark)
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# ADIOS2's C library for the ADIOS layer tests: Debian has no ADIOS2 package; the PyPI wheel
# ships libadios2_c.so with its headers (a serial build). Installed by file into a folder of
# its own (no Python environment is touched), found by the tests there or through
# RECORDER_OTF2_ADIOS2 (the folder holding libadios2_c.so and include/). With numpy beside
# it, a Python 3.11 finds the bindings with PYTHONPATH=$ADIOS2_PREFIX (the wheels are cp311).
ADIOS2_PREFIX=/opt/recorder-otf2-adios2
ADIOS2_VERSION=2.12.1.1001
if [ ! -f "$ADIOS2_PREFIX/adios2/libadios2_c.so" ] || [ ! -d "$ADIOS2_PREFIX/numpy" ]; then
  PIP=()
  for py in python3 /usr/bin/python3; do
    if "$py" -m pip --version >/dev/null 2>&1; then PIP=("$py" -m pip); break; fi
  done
  if [ ${#PIP[@]} -eq 0 ]; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-pip >/dev/null
    PIP=(/usr/bin/python3 -m pip)
  fi
  echo "setup: installing the adios2 $ADIOS2_VERSION wheel's C library into $ADIOS2_PREFIX"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  # --target with an explicit platform: pip installs files only, whatever Python runs it.
  $SUDO env PIP_BREAK_SYSTEM_PACKAGES=1 PIP_ROOT_USER_ACTION=ignore "${PIP[@]}" install --quiet --upgrade --no-deps --target "$ADIOS2_PREFIX" \
    --only-binary=:all: --python-version 3.11 --platform manylinux_2_28_x86_64 \
    --platform manylinux_2_17_x86_64 "adios2==$ADIOS2_VERSION" "numpy==2.2.6"
fi

# pyarrow for the Parquet export's tests (tests/checker/check_parquet.py reads the files back)
# and Perfetto's trace schema with protobuf for the Perfetto export's tests
# (tests/checker/check_perfetto.py): installed by file into a folder of their own like the
# adios2 wheel, used with PYTHONPATH=$PYARROW_PREFIX by a Python 3.11 (the wheels are cp311 or
# abi3); found by the tests there or through RECORDER_OTF2_PY. protobuf's compiled (upb) wheel
# is tagged manylinux2014, which pip does not match from manylinux_2_17 alone; without it pip
# takes the pure-Python wheel, several times slower on large traces.
# polars, DuckDB and PySpark (with py4j; Java from openjdk-17-jre-headless) read the
# export back in tests/checker/check_engines.py. PySpark is published as a source archive
# only (of jars and Python: pip builds its wheel, no compiler needed), so it is installed on
# its own, for the Python that runs pip (a 3.11, like the wheels'); about 470 MB installed.
PYARROW_PREFIX=/opt/recorder-otf2-py
PYARROW_VERSION=21.0.0
PERFETTO_VERSION=0.59.1
PROTOBUF_VERSION=6.33.1
POLARS_VERSION=1.33.1
DUCKDB_VERSION=1.4.1
PY4J_VERSION=0.10.9.9
PYSPARK_VERSION=4.0.1
if [ ! -f "$PYARROW_PREFIX/pyarrow/__init__.py" ] || [ ! -f "$PYARROW_PREFIX/perfetto/__init__.py" ] \
    || [ ! -f "$PYARROW_PREFIX/google/protobuf/__init__.py" ] || [ ! -f "$PYARROW_PREFIX/polars/__init__.py" ] \
    || [ ! -f "$PYARROW_PREFIX/duckdb/__init__.py" ] || [ ! -f "$PYARROW_PREFIX/py4j/__init__.py" ] \
    || [ ! -f "$PYARROW_PREFIX/pyspark/__init__.py" ]; then
  PIP=()
  for py in python3 /usr/bin/python3; do
    if "$py" -m pip --version >/dev/null 2>&1; then PIP=("$py" -m pip); break; fi
  done
  if [ ${#PIP[@]} -eq 0 ]; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-pip >/dev/null
    PIP=(/usr/bin/python3 -m pip)
  fi
  echo "setup: installing the pyarrow $PYARROW_VERSION, perfetto $PERFETTO_VERSION, protobuf $PROTOBUF_VERSION, polars $POLARS_VERSION, duckdb $DUCKDB_VERSION, py4j $PY4J_VERSION and pyspark $PYSPARK_VERSION packages into $PYARROW_PREFIX"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO env PIP_BREAK_SYSTEM_PACKAGES=1 PIP_ROOT_USER_ACTION=ignore "${PIP[@]}" install --quiet --upgrade --no-deps --target "$PYARROW_PREFIX" \
    --only-binary=:all: --python-version 3.11 --platform manylinux_2_28_x86_64 \
    --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
    "pyarrow==$PYARROW_VERSION" "perfetto==$PERFETTO_VERSION" "protobuf==$PROTOBUF_VERSION" \
    "polars==$POLARS_VERSION" "duckdb==$DUCKDB_VERSION" "py4j==$PY4J_VERSION"
  $SUDO env PIP_BREAK_SYSTEM_PACKAGES=1 PIP_ROOT_USER_ACTION=ignore "${PIP[@]}" install --quiet --upgrade --no-deps --target "$PYARROW_PREFIX" \
    "pyspark==$PYSPARK_VERSION"
fi

if ! command -v cargo >/dev/null; then
  [ -x "$HOME/.cargo/bin/cargo" ] && export PATH="$HOME/.cargo/bin:$PATH"
fi
if ! command -v cargo >/dev/null; then
  echo "setup: cargo not found; install Rust (https://rustup.rs) and run again" >&2
  exit 1
fi

cargo build --release --workspace --quiet
echo "setup: built target/release/{librecorder_otf2.so,recorder-otf2,recorder2otf2,recorder2text}"
