//! Compiles src/shim.c (the MPI calls of the replay) with the flags of the MPI compiler
//! wrapper (mpicc on PATH, or RECORDER_OTF2_MPICC; not when RECORDER_OTF2_NO_MPI is set) and
//! links libmpi to this crate's binary only, cfg `replay_mpi`; and src/hdf5.c (the HDF5
//! layer) with parallel HDF5's flags (`pkg-config hdf5-openmpi`, or the package named by
//! RECORDER_OTF2_HDF5_PC), cfg `replay_hdf5`. Without an MPI the binary is built all the same
//! and says so when run; without parallel HDF5 it says so when asked to replay that layer.

use std::env;

/// `mpicc`'s flags for `what` (`compile` or `link`): Open MPI's `--showme:`, or MPICH's
/// `-compile_info` / `-link_info` (the whole command line).
fn mpicc_flags(mpicc: &str, what: &str) -> Option<Vec<String>> {
    let mpich = if what == "compile" {
        "-compile_info"
    } else {
        "-link_info"
    };
    for arg in [format!("--showme:{what}"), mpich.to_string()] {
        let Ok(out) = std::process::Command::new(mpicc).arg(&arg).output() else {
            continue;
        };
        if out.status.success() {
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            return Some(text.split_whitespace().map(String::from).collect());
        }
    }
    None
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/shim.c");
    println!("cargo:rerun-if-env-changed=RECORDER_OTF2_MPICC");
    println!("cargo:rerun-if-env-changed=RECORDER_OTF2_NO_MPI");
    println!("cargo:rerun-if-changed=src/hdf5.c");
    println!("cargo:rerun-if-env-changed=RECORDER_OTF2_HDF5_PC");
    println!("cargo:rustc-check-cfg=cfg(replay_mpi)");
    println!("cargo:rustc-check-cfg=cfg(replay_hdf5)");
    println!("cargo:rerun-if-changed=src/pnetcdf.c");
    println!("cargo:rustc-check-cfg=cfg(replay_pnetcdf)");
    if env::var_os("RECORDER_OTF2_NO_MPI").is_some() {
        return;
    }
    let mpicc = env::var("RECORDER_OTF2_MPICC").unwrap_or_else(|_| "mpicc".into());
    let (Some(compile), Some(link)) = (mpicc_flags(&mpicc, "compile"), mpicc_flags(&mpicc, "link"))
    else {
        println!("cargo:warning=replay-mpi: no mpicc found: recorder-otf2-replay-mpi is built without MPI");
        return;
    };
    let mut c = cc::Build::new();
    c.file("src/shim.c").warnings(true);
    for d in compile.iter().filter_map(|w| w.strip_prefix("-I")) {
        c.include(d);
    }
    c.compile("replaympishim");
    for w in &link {
        if let Some(dir) = w.strip_prefix("-L") {
            println!("cargo:rustc-link-search=native={dir}");
        } else if let Some(lib) = w.strip_prefix("-l") {
            println!("cargo:rustc-link-lib={lib}");
        } else if let Some(flag) = w.strip_prefix("-Wl,") {
            println!("cargo:rustc-link-arg-bins=-Wl,{flag}");
        }
    }
    println!("cargo:rustc-cfg=replay_mpi");
    let hdf5_pc = env::var("RECORDER_OTF2_HDF5_PC").unwrap_or_else(|_| "hdf5-openmpi".into());
    library("hdf5", &hdf5_pc, &compile);
    library("pnetcdf", "pnetcdf", &compile);
}

/// A library layer's shim (`src/<name>.c`) with the library's flags from pkg-config `pc`
/// (and MPI's include folders), cfg `replay_<name>`, when pkg-config finds it; without it
/// the binary says so when a trace is replayed at that layer.
fn library(name: &str, pc: &str, mpi_compile: &[String]) {
    let flags = |what: &str| -> Option<Vec<String>> {
        let out = std::process::Command::new("pkg-config")
            .args([what, pc])
            .output()
            .ok()?;
        out.status.success().then(|| {
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            text.split_whitespace().map(String::from).collect()
        })
    };
    let (Some(cflags), Some(libs)) = (flags("--cflags"), flags("--libs")) else {
        println!("cargo:warning=replay-mpi: no {pc} (pkg-config): built without the {name} layer");
        return;
    };
    let mut c = cc::Build::new();
    c.file(format!("src/{name}.c")).warnings(true);
    for d in cflags
        .iter()
        .chain(mpi_compile)
        .filter_map(|w| w.strip_prefix("-I"))
    {
        c.include(d);
    }
    c.compile(&format!("replay{name}shim"));
    for w in &libs {
        if let Some(dir) = w.strip_prefix("-L") {
            println!("cargo:rustc-link-search=native={dir}");
        } else if let Some(lib) = w.strip_prefix("-l") {
            println!("cargo:rustc-link-lib={lib}");
        }
    }
    println!("cargo:rustc-cfg=replay_{name}");
}
