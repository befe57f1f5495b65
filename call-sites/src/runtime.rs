//! Which objects are system or runtime libraries, and which frame of a stack is the program's.

/// Folders whose objects belong to the system.
const RUNTIME_DIRS: &[&str] = &["/usr/", "/lib/", "/lib64/", "/lib32/"];

/// File-name prefixes of runtime libraries installed anywhere (an MPI or HDF5 under /opt,
/// a Spack tree, the recorder itself). `linux-vdso` is the kernel's page, named that way by
/// `dl_iterate_phdr`.
const RUNTIME_NAMES: &[&str] = &[
    "libc.",
    "libgfortran",
    "libstdc++",
    "libmpi",
    "libhdf5",
    "libnetcdf",
    "libpnetcdf",
    "libadios2",
    "libpthread",
    "ld-linux",
    "libgcc_s",
    "libpython",
    "libucp",
    "libucs",
    "libfabric",
    "libpmix",
    "librecorder_otf2",
    "linux-vdso",
];

/// Whether `path` is a system or runtime library: under `/usr/`, `/lib/`, `/lib64/` or
/// `/lib32/`, or a file whose name starts with one of the runtime prefixes (`libc.`,
/// `libgfortran`, `libstdc++`, `libmpi`, `libhdf5`, `libnetcdf`, `libpnetcdf`, `libadios2`,
/// `libpthread`, `ld-linux`, `libgcc_s`, `libpython`, `libucp`, `libucs`, `libfabric`,
/// `libpmix`, `librecorder_otf2`, `linux-vdso`).
pub fn is_runtime_object(path: &str) -> bool {
    if RUNTIME_DIRS.iter().any(|dir| path.starts_with(dir)) {
        return true;
    }
    let name = path.rsplit('/').next().unwrap_or(path);
    RUNTIME_NAMES.iter().any(|prefix| name.starts_with(prefix))
}

/// The index of the first frame (innermost first, as recorded) whose object is not a runtime
/// library: the program's own call into the libraries. 0 when every frame is a runtime one,
/// or when there are no frames.
pub fn choose_frame(frames: &[(&str, u64)]) -> usize {
    frames
        .iter()
        .position(|(path, _)| !is_runtime_object(path))
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runtime_objects() {
        assert!(is_runtime_object("/lib/x86_64-linux-gnu/libc.so.6"));
        assert!(is_runtime_object(
            "/usr/lib/x86_64-linux-gnu/libhdf5_serial.so.103"
        ));
        assert!(is_runtime_object("/opt/openmpi/lib/libmpi.so.40"));
        assert!(is_runtime_object("/home/me/spack/libnetcdf.so.19"));
        assert!(is_runtime_object(
            "/work/target/release/librecorder_otf2.so"
        ));
        assert!(is_runtime_object("linux-vdso.so.1"));
        assert!(!is_runtime_object("/home/me/app/prog"));
        assert!(!is_runtime_object("/home/me/app/libsolver.so"));
        assert!(!is_runtime_object("/home/me/app/libcore.so"));
    }

    #[test]
    fn chooses_the_first_program_frame() {
        let frames = [
            ("/opt/hdf5/lib/libhdf5.so.200", 0x10),
            ("/opt/app/lib/libsolver.so", 0x20),
            ("/opt/app/bin/prog", 0x30),
        ];
        assert_eq!(choose_frame(&frames), 1);
        assert_eq!(choose_frame(&frames[2..]), 0);
        assert_eq!(
            choose_frame(&[("/usr/lib/libmpi.so", 1), ("/lib/libc.so.6", 2)]),
            0
        );
        assert_eq!(choose_frame(&[]), 0);
    }
}
