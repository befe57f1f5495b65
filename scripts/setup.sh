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
  libopenmpi-dev openmpi-bin gfortran          # MPI-IO layer (built against this MPI), tests
  python3-mpi4py strace                        # mpi4py test; strace for MPI debugging
  libhdf5-dev libhdf5-openmpi-dev hdf5-tools python3-h5py   # HDF5 layer tests (serial, parallel, h5dump, h5py)
  libnetcdf-dev netcdf-bin python3-netcdf4     # NetCDF layer tests (ncdump, nccopy, netCDF4)
  libnetcdf-mpi-dev                            # parallel netCDF-4 test (nc_create_par)
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

if ! command -v cargo >/dev/null; then
  [ -x "$HOME/.cargo/bin/cargo" ] && export PATH="$HOME/.cargo/bin:$PATH"
fi
if ! command -v cargo >/dev/null; then
  echo "setup: cargo not found; install Rust (https://rustup.rs) and run again" >&2
  exit 1
fi

cargo build --release --workspace --quiet
echo "setup: built target/release/{librecorder_otf2.so,recorder-otf2,recorder2otf2,recorder2text}"
