//! Compiles src/shim.c (the MPI calls of the replay) with the flags of the MPI compiler
//! wrapper (mpicc on PATH, or RECORDER_OTF2_MPICC; not when RECORDER_OTF2_NO_MPI is set) and
//! links libmpi to this crate's binary only, cfg `replay_mpi`. Without an MPI the binary is
//! built all the same and says so when run.

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
    println!("cargo:rustc-check-cfg=cfg(replay_mpi)");
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
    pnetcdf(&compile);
}

/// src/pnetcdf.c (the replay at the PnetCDF layer) when pkg-config finds PnetCDF, cfg
/// `replay_pnetcdf`; without it the binary says so when a trace is replayed at that layer.
fn pnetcdf(mpi_compile: &[String]) {
    let pkg = |what: &str| {
        let out = std::process::Command::new("pkg-config")
            .args([what, "pnetcdf"])
            .output()
            .ok()
            .filter(|o| o.status.success())?;
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        Some(
            text.split_whitespace()
                .map(String::from)
                .collect::<Vec<_>>(),
        )
    };
    let (Some(cflags), Some(libs)) = (pkg("--cflags"), pkg("--libs")) else {
        println!("cargo:warning=replay-mpi: no PnetCDF (pkg-config pnetcdf): built without the PnetCDF layer");
        return;
    };
    let mut c = cc::Build::new();
    c.file("src/pnetcdf.c").warnings(true);
    for d in mpi_compile
        .iter()
        .chain(&cflags)
        .filter_map(|w| w.strip_prefix("-I"))
    {
        c.include(d);
    }
    c.compile("replaypncshim");
    for w in &libs {
        if let Some(dir) = w.strip_prefix("-L") {
            println!("cargo:rustc-link-search=native={dir}");
        } else if let Some(lib) = w.strip_prefix("-l") {
            println!("cargo:rustc-link-lib={lib}");
        }
    }
    println!("cargo:rustc-cfg=replay_pnetcdf");
}
