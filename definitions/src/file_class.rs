//! What kind of file a traced name is: the program's data, or something it did not open by
//! name (the MPI runtime's sockets and shared memory, the kernel's pseudo files, the system's
//! configuration and libraries). Consumers keep both but show them apart, so that findings
//! and tables speak of the program's files (docs/analysis.md, "File classes").

/// The class of a traced file name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FileClass {
    /// A file the program names: everything not listed below.
    Data,
    /// `socket:[inode]`.
    Socket,
    /// `pipe:[inode]`.
    Pipe,
    /// Other descriptors the kernel names `kind:[...]` or `kind:name` (`anon_inode:[eventfd]`,
    /// `memfd:NAME` ...).
    AnonInode,
    /// POSIX shared memory under /dev/shm (Open MPI's vader segments, MPICH's shared memory).
    SharedMemory,
    /// /proc and /sys, and the devices under /dev other than block devices.
    Kernel,
    /// The MPI runtime's own files: session directories (`ompi.*`, `prte.*`, `pmix*`,
    /// `openmpi-sessions-*` components), OMPIO's `*.locktest.*` probes, and the files of an
    /// MPI, PMIx, PRRTE, hwloc, UCX or libfabric installation.
    MpiRuntime,
    /// The system's configuration and installed software: /etc, /usr, /lib*, /bin, /sbin,
    /// /run, and shared objects (`*.so`, `*.so.N`) anywhere.
    System,
}

/// Directory components that start an MPI runtime's session directory (Open MPI 4 and 5,
/// PMIx's data stores).
const SESSION_DIRS: [&str; 4] = ["ompi.", "prte.", "openmpi-sessions", "pmix_dstor"];

/// Directory components that start an MPI runtime's installation: a file below one of them
/// and, further down, below a `share`, `etc` or `lib*` directory is the runtime's.
const INSTALL_DIRS: [&str; 9] = [
    "openmpi",
    "mpich",
    "pmix",
    "prrte",
    "hwloc",
    "ucx",
    "libfabric",
    "intel",
    "mvapich",
];

/// System trees: nothing under them is the program's data.
const SYSTEM_TREES: [&str; 8] = [
    "/etc/", "/usr/", "/lib/", "/lib32/", "/lib64/", "/bin/", "/sbin/", "/run/",
];

/// /dev entries that are block devices a program may read or write as data.
const DATA_DEVICES: [&str; 14] = [
    "sd", "hd", "vd", "xvd", "nvme", "md", "dm-", "mapper/", "disk/", "loop", "pmem", "nbd", "rbd",
    "mmcblk",
];

impl FileClass {
    /// Whether the program did not open it by name (every class but [`FileClass::Data`]).
    pub fn is_runtime(self) -> bool {
        self != FileClass::Data
    }

    /// A short name for tables and JSON (`data`, `socket`, `pipe`, `anon_inode`,
    /// `shared_memory`, `kernel`, `mpi_runtime`, `system`).
    pub fn name(self) -> &'static str {
        match self {
            FileClass::Data => "data",
            FileClass::Socket => "socket",
            FileClass::Pipe => "pipe",
            FileClass::AnonInode => "anon_inode",
            FileClass::SharedMemory => "shared_memory",
            FileClass::Kernel => "kernel",
            FileClass::MpiRuntime => "mpi_runtime",
            FileClass::System => "system",
        }
    }

    /// Every class, in the order tables list them.
    pub const ALL: [FileClass; 8] = [
        FileClass::Data,
        FileClass::Socket,
        FileClass::Pipe,
        FileClass::AnonInode,
        FileClass::SharedMemory,
        FileClass::Kernel,
        FileClass::MpiRuntime,
        FileClass::System,
    ];
}

/// The class of the traced name `path` (an absolute path, or the kernel's name of a
/// descriptor that is not a file).
pub fn classify(path: &str) -> FileClass {
    if !path.starts_with('/') {
        return descriptor_class(path);
    }
    if let Some(dev) = path.strip_prefix("/dev/") {
        return device_class(dev);
    }
    if path == "/proc" || path == "/sys" || path.starts_with("/proc/") || path.starts_with("/sys/")
    {
        return FileClass::Kernel;
    }
    let (dirs, name) = path.rsplit_once('/').unwrap_or(("", path));
    let session = SESSION_DIRS.iter().any(|d| name.starts_with(d));
    if session || name.contains(".locktest.") || runtime_dirs(dirs) {
        return FileClass::MpiRuntime;
    }
    if shared_object(name) {
        return FileClass::System;
    }
    let tree = |t: &&str| path.starts_with(*t) || path == &t[..t.len() - 1];
    if SYSTEM_TREES.iter().any(tree) {
        return FileClass::System;
    }
    FileClass::Data
}

/// A name without a leading `/`: the kernel's `kind:[inode]` or `kind:name`, else data (a
/// relative name, or the analysis's "(no file)").
fn descriptor_class(name: &str) -> FileClass {
    let Some((kind, _)) = name.split_once(':') else {
        return FileClass::Data;
    };
    if kind.contains('/') || kind.contains(' ') {
        return FileClass::Data;
    }
    match kind {
        "socket" => FileClass::Socket,
        "pipe" => FileClass::Pipe,
        _ => FileClass::AnonInode,
    }
}

fn device_class(dev: &str) -> FileClass {
    if dev == "shm" || dev.starts_with("shm/") {
        FileClass::SharedMemory
    } else if DATA_DEVICES.iter().any(|d| dev.starts_with(d)) {
        FileClass::Data
    } else {
        FileClass::Kernel
    }
}

/// A session directory anywhere, or an installation's share/etc/lib directory.
fn runtime_dirs(dirs: &str) -> bool {
    let starts = |c: &str, list: &[&str]| list.iter().any(|d| c.starts_with(d));
    let mut install = false;
    for c in dirs.split('/') {
        if starts(c, &SESSION_DIRS) {
            return true;
        }
        if install && (c == "share" || c == "etc" || c.starts_with("lib")) {
            return true;
        }
        install |= starts(c, &INSTALL_DIRS);
    }
    false
}

/// `name.so` or `name.so.N...` (a loaded library, not data).
fn shared_object(name: &str) -> bool {
    if name.ends_with(".so") {
        return true;
    }
    name.split_once(".so.")
        .is_some_and(|(_, v)| v.starts_with(|c: char| c.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptors_the_program_did_not_name() {
        assert_eq!(classify("socket:[3770636]"), FileClass::Socket);
        assert_eq!(classify("pipe:[12]"), FileClass::Pipe);
        assert_eq!(classify("anon_inode:[eventfd]"), FileClass::AnonInode);
        assert_eq!(classify("anon_inode:[timerfd]"), FileClass::AnonInode);
        assert_eq!(classify("memfd:shm-seg"), FileClass::AnonInode);
        assert_eq!(classify("(no file)"), FileClass::Data);
        assert_eq!(classify("relative.dat"), FileClass::Data);
    }

    #[test]
    fn runtime_and_system_paths() {
        let open_mpi = [
            "/tmp/ompi.vm.0/pid.10039/1/shared.dat_cid-0-10161.sm",
            "/tmp/ompi.vm.0",
            "/tmp/ompi.vm.0/pid.10039/pmix_dstor_ds21_10039/smseg-1271463937-0",
            "/scratch/run/out.dat.locktest.3",
            "/opt/openmpi-5.0/share/openmpi/help-mpi-runtime.txt",
            "/usr/lib/x86_64-linux-gnu/pmix2/share/pmix-mca-params.conf",
        ];
        for p in open_mpi {
            assert_eq!(classify(p), FileClass::MpiRuntime, "{p}");
        }
        assert_eq!(
            classify("/dev/shm/vader_segment.vm.0.4bc90001.0"),
            FileClass::SharedMemory
        );
        assert_eq!(classify("/dev/shm"), FileClass::SharedMemory);
        for p in [
            "/proc/self/maps",
            "/sys/devices/system/cpu/online",
            "/dev/null",
            "/dev/pts/0",
            "/proc",
        ] {
            assert_eq!(classify(p), FileClass::Kernel, "{p}");
        }
        for p in [
            "/etc/openmpi/openmpi-mca-params.conf",
            "/etc/hosts",
            "/usr/lib/x86_64-linux-gnu",
            "/home/u/lib/libfoo.so.1",
            "/run/nscd/socket",
            "/etc",
        ] {
            assert_eq!(classify(p), FileClass::System, "{p}");
        }
    }

    #[test]
    fn data_files_stay_data() {
        for p in [
            "/tmp/ins/data/shared.dat",
            "/scratch/ompi_output.h5",
            "/home/u/hwloc_results.csv",
            "/home/u/mpich_tests/out.dat",
            "/home/u/openmpi-bench/results/run.log",
            "/dev/nvme0n1",
            "/dev/sdb1",
            "/",
            "/tmp",
            "/home/u/etc/input.nc",
            "/data/lib.so.txt.gz",
        ] {
            assert_eq!(classify(p), FileClass::Data, "{p}");
        }
        assert!(!FileClass::Data.is_runtime());
        assert!(FileClass::ALL[1..].iter().all(|c| c.is_runtime()));
    }
}
