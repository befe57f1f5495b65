# The Spack recipe of recorder-otf2. It builds and installs with scripts/install.sh, the
# same command as an install by hand (tests/tests/install.rs runs `install_command` as
# written here), so the Spack tree has the same layout: bin/, lib/, man pages, completions,
# docs and a modulefile.

from spack_repo.builtin.build_systems.generic import Package

from spack.package import *


class RecorderOtf2(Package):
    """An I/O tracer for HPC programs: preloaded into an unmodified program, it records every
    POSIX, stdio, MPI-IO, HDF5, netCDF, PnetCDF and ADIOS2 call; recorder2otf2 converts the
    trace to OTF2 for Vampir, Scalasca and ViTE."""

    # No public release yet: Spack builds a checkout (spack develop --path CHECKOUT
    # recorder-otf2@=0.1.0; docs/user-guide.md, "Install").
    version("0.1.0")

    license("MIT OR Apache-2.0")

    variant("mpi", default=True, description="Build the MPI-IO layer and the MPI replay")

    depends_on("c", type="build")
    depends_on("rust@1.85:", type="build")
    depends_on("pkgconfig", type="build")
    depends_on("llvm+clang", type="build")  # libclang, for bindgen
    depends_on("protobuf", type="build")  # protoc: Perfetto's trace schema
    depends_on("otf2")
    depends_on("mpi", when="+mpi")

    #: The install command, run in the source tree with the prefix appended.
    install_command = ["scripts/install.sh", "--prefix"]

    def setup_build_environment(self, env):
        env.set("LIBCLANG_PATH", self.spec["llvm"].prefix.lib)
        if self.spec.satisfies("+mpi"):
            env.set("RECORDER_OTF2_MPICC", self.spec["mpi"].mpicc)
        else:
            env.set("RECORDER_OTF2_NO_MPI", "1")

    def install(self, spec, prefix):
        bash = which("bash", required=True)
        bash(*self.install_command, prefix)

    # No setup_run_environment: Spack's own prefix inspections put bin/ on PATH and
    # share/man on MANPATH, and the launcher finds lib/librecorder_otf2.so from its own path.
