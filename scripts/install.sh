#!/usr/bin/env bash
# Installs recorder-otf2 into a prefix, without root: builds with cargo (unless --no-build),
# then copies the programs, the preload library, man pages, shell completions, documentation
# and an environment-modules/Lmod modulefile. Nothing written names the prefix, so the
# installed tree may be copied or moved (the launcher finds the library from its own path).
# The Spack recipe (scripts/spack/spack_repo/recorder_otf2/packages/recorder_otf2/package.py)
# runs this script.
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: bash scripts/install.sh --prefix DIR [--no-build]

Build recorder-otf2 (cargo build --release --workspace) and install it into DIR:
  DIR/bin/                      recorder-otf2, recorder2otf2, recorder2text, recorder-otf2-replay-mpi
  DIR/lib/                      librecorder_otf2.so
  DIR/share/man/man1/           man pages (one per recorder-otf2 subcommand too)
  DIR/share/bash-completion/completions/, DIR/share/zsh/site-functions/,
  DIR/share/fish/vendor_completions.d/   shell completions
  DIR/share/doc/recorder-otf2/  README.md, docs/, LICENSE-MIT, LICENSE-APACHE
  DIR/share/modulefiles/recorder-otf2/VERSION   modulefile (module use DIR/share/modulefiles)

Options:
  --prefix DIR   where to install (created if missing; any folder you can write)
  --no-build     install what the target folder already holds (target/release, or
                 $CARGO_TARGET_DIR/release); cargo and the build tools are not needed
  -h, --help     this text

Building needs cargo, a C compiler, pkg-config, OTF2 (pkg-config otf2), libclang (bindgen;
LIBCLANG_PATH names its folder when it is elsewhere) and protoc. MPI (mpicc, or
RECORDER_OTF2_MPICC) is optional at build time; MPI, HDF5, netCDF, PnetCDF and ADIOS2 are
found at run time in the traced program.

Exit status: 0 installed; 2 bad arguments; 3 a prerequisite is missing; 4 the build failed
or its output is missing; 5 the prefix cannot be written.
EOF
}

die() {
  local code=$1
  shift
  echo "install.sh: $*" >&2
  exit "$code"
}

# ---------------------------------------------------------------------------- arguments

PREFIX=""
BUILD=1
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix)
      [ $# -ge 2 ] || die 2 "--prefix needs a folder (see --help)"
      case "$2" in -*) die 2 "--prefix needs a folder, not the option '$2' (see --help)" ;; esac
      PREFIX=$2
      shift 2
      ;;
    --prefix=*)
      PREFIX=${1#--prefix=}
      shift
      ;;
    --no-build)
      BUILD=0
      shift
      ;;
    -h | --help)
      usage
      exit 0
      ;;
    *)
      die 2 "unknown argument '$1' (see --help)"
      ;;
  esac
done
[ -n "$PREFIX" ] || die 2 "no prefix given: use --prefix DIR (see --help)"

# The prefix is resolved before leaving the caller's folder, so that a relative one means
# what the caller meant.
mkdir -p -- "$PREFIX" 2>/dev/null || die 5 "$PREFIX: cannot create the prefix folder"
[ -d "$PREFIX" ] && [ -w "$PREFIX" ] || die 5 "$PREFIX: the prefix is not a folder you can write"
PREFIX=$(cd -- "$PREFIX" && pwd -P)

cd "$(dirname "$0")/.."
TARGET=${CARGO_TARGET_DIR:-target}
RELEASE=$TARGET/release

# ---------------------------------------------------------------------------- prerequisites

# One line per missing tool or library; 1 when any is missing.
check_build_prerequisites() {
  local missing=0
  command -v cargo >/dev/null || { echo "install.sh: missing cargo (Rust toolchain: https://rustup.rs, or spack load rust)" >&2; missing=1; }
  command -v "${CC:-cc}" >/dev/null || { echo "install.sh: missing a C compiler (${CC:-cc}; set CC to use another)" >&2; missing=1; }
  if ! command -v pkg-config >/dev/null; then
    echo "install.sh: missing pkg-config (it finds OTF2)" >&2
    missing=1
  elif ! pkg-config --exists otf2; then
    echo "install.sh: missing OTF2: pkg-config otf2 found nothing (Debian: libopen-trace-format2-dev; Spack: otf2; or add its lib/pkgconfig to PKG_CONFIG_PATH)" >&2
    missing=1
  fi
  have_libclang || { echo "install.sh: missing libclang (bindgen needs it; Debian: libclang-dev; or set LIBCLANG_PATH to the folder of libclang.so)" >&2; missing=1; }
  command -v "${PROTOC:-protoc}" >/dev/null || { echo "install.sh: missing protoc (Perfetto's schema is compiled at build time; Debian: protobuf-compiler; or set PROTOC)" >&2; missing=1; }
  return "$missing"
}

# Where bindgen's clang-sys looks: LIBCLANG_PATH, llvm-config's libdir, the linker's cache
# and the usual LLVM folders.
have_libclang() {
  local d
  for d in ${LIBCLANG_PATH:-} $(llvm-config --libdir 2>/dev/null) /usr/lib/llvm-*/lib /usr/lib64 /usr/lib/x86_64-linux-gnu /usr/lib; do
    compgen -G "$d/libclang*.so*" >/dev/null && return 0
  done
  ldconfig -p 2>/dev/null | grep -q 'libclang[-.0-9]*\.so'
}

# Whether pkg-config knows any of the packages named.
pkg_found() {
  local p
  for p in "$@"; do
    pkg-config --exists "$p" 2>/dev/null && return 0
  done
  return 1
}

# The optional libraries: one note each when missing, never an error. The recorder finds
# them at run time in the traced program; only the MPI replay and the MPI-IO layer's
# constants are built against them.
report_optional() {
  command -v "${RECORDER_OTF2_MPICC:-mpicc}" >/dev/null \
    || echo "install.sh: note: no ${RECORDER_OTF2_MPICC:-mpicc}: built without the MPI-IO layer and the MPI replay (RECORDER_OTF2_MPICC names an MPI compiler wrapper)" >&2
  command -v pkg-config >/dev/null || return 0
  pkg_found "${RECORDER_OTF2_HDF5_PC:-hdf5-openmpi}" \
    || echo "install.sh: note: no parallel HDF5 (pkg-config ${RECORDER_OTF2_HDF5_PC:-hdf5-openmpi}): the MPI replay is built without its HDF5 layer; HDF5 is still traced" >&2
  pkg_found pnetcdf \
    || echo "install.sh: note: no PnetCDF (pkg-config pnetcdf): the MPI replay is built without its PnetCDF layer; PnetCDF is still traced" >&2
}

if [ "$BUILD" = 1 ]; then
  check_build_prerequisites || die 3 "install the missing prerequisites above, or install a finished build with --no-build"
  report_optional
  cargo build --release --workspace || die 4 "cargo build --release --workspace failed"
elif command -v pkg-config >/dev/null && ! pkg-config --exists otf2; then
  echo "install.sh: note: OTF2 not found by pkg-config: recorder2otf2 needs libotf2 at run time" >&2
fi

# ---------------------------------------------------------------------------- install

PROGRAMS=(recorder-otf2 recorder2otf2 recorder2text)
LIB=librecorder_otf2.so
for f in "${PROGRAMS[@]}" "$LIB"; do
  [ -f "$RELEASE/$f" ] || die 4 "$RELEASE/$f is missing: build first (cargo build --release --workspace) or drop --no-build"
done
[ -f "$RELEASE/recorder-otf2-replay-mpi" ] && PROGRAMS+=(recorder-otf2-replay-mpi)

VERSION=$("$RELEASE/recorder-otf2" --version | awk '{print $2}')
[ -n "$VERSION" ] || die 4 "$RELEASE/recorder-otf2 --version printed no version"

SHARE=$PREFIX/share
DOC=$SHARE/doc/recorder-otf2
install -d "$PREFIX/bin" "$PREFIX/lib" "$SHARE/man/man1" "$DOC/docs" "$SHARE/modulefiles/recorder-otf2"
install -m 755 "${PROGRAMS[@]/#/$RELEASE/}" "$PREFIX/bin/"
install -m 755 "$RELEASE/$LIB" "$PREFIX/lib/"

# Man pages and completions from the clap definitions, written by the installed launcher.
"$PREFIX/bin/recorder-otf2" __install-files man "$SHARE/man/man1"
"$PREFIX/bin/recorder-otf2" __install-files bash "$SHARE/bash-completion/completions"
"$PREFIX/bin/recorder-otf2" __install-files zsh "$SHARE/zsh/site-functions"
"$PREFIX/bin/recorder-otf2" __install-files fish "$SHARE/fish/vendor_completions.d"

install -m 644 README.md LICENSE-MIT LICENSE-APACHE "$DOC/"
# The guides and the pictures they show (README links into docs/, kept beside it).
find docs -maxdepth 1 -type f \( -name '*.md' -o -name '*.png' \) -exec install -m 644 {} "$DOC/docs/" \;

# The modulefile finds the prefix from its own path, PREFIX/share/modulefiles/recorder-otf2/
# VERSION (four folders up): nothing absolute, so a moved tree loads as well.
sed "s/@VERSION@/$VERSION/g" >"$SHARE/modulefiles/recorder-otf2/$VERSION" <<'EOF'
#%Module1.0
## recorder-otf2 @VERSION@, installed by scripts/install.sh (environment-modules and Lmod).

proc ModulesHelp { } {
    puts stderr "recorder-otf2 @VERSION@: record every I/O call of a program (recorder-otf2 record),"
    puts stderr "convert the trace to OTF2 (recorder2otf2), summarise it (recorder-otf2 summary)."
    puts stderr "See man recorder-otf2 and share/doc/recorder-otf2 in the installed tree."
}
module-whatis "recorder-otf2 @VERSION@: an I/O tracer for HPC programs (POSIX, stdio, MPI-IO, HDF5, netCDF, PnetCDF, ADIOS2)"

# This file is PREFIX/share/modulefiles/recorder-otf2/@VERSION@.
set prefix [file dirname [file dirname [file dirname [file dirname [file normalize $ModulesCurrentModulefile]]]]]
prepend-path PATH $prefix/bin
# A MANPATH of this folder alone would hide the system's pages: with none set, an empty
# element keeps man's default search (a trailing colon).
if {![info exists ::env(MANPATH)]} {
    append-path MANPATH {}
}
prepend-path MANPATH $prefix/share/man
EOF
chmod 644 "$SHARE/modulefiles/recorder-otf2/$VERSION"

echo "install.sh: installed recorder-otf2 $VERSION into $PREFIX (module use $SHARE/modulefiles; module load recorder-otf2)"
