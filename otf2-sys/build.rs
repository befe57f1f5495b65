//! Locates the system OTF2 library with pkg-config, links it, and generates
//! raw bindings for every `OTF2_*` item with bindgen into `$OUT_DIR`.
//!
//! When an MPI is found (mpicc on PATH, or RECORDER_OTF2_MPICC naming one; not when
//! RECORDER_OTF2_NO_MPI is set), src/mpi.c is compiled too (OTF2's MPI collective callbacks
//! and a few MPI calls, cfg `otf2_mpi`), and libmpi linked to the binaries that use them.

use std::env;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=wrapper.h");
    println!("cargo:rerun-if-changed=build.rs");

    // pkg-config prints the cargo:rustc-link-* lines itself
    // (`-lopen-trace-format2` on Debian, `-lotf2` on upstream builds).
    let lib = match pkg_config::Config::new()
        .atleast_version("3.0")
        .probe("otf2")
    {
        Ok(lib) => lib,
        Err(e) => panic!(
            "otf2-sys: OTF2 >= 3.0 not found via pkg-config (Debian/Ubuntu: \
             apt-get install libopen-trace-format2-dev): {e}"
        ),
    };

    let mut builder = bindgen::Builder::default()
        .header("wrapper.h")
        .allowlist_function("OTF2_.*")
        .allowlist_type("OTF2_.*")
        .allowlist_var("OTF2_.*")
        // Only for formatting OTF2's error-callback messages.
        .allowlist_function("vsnprintf")
        // Constants keep their C names (`OTF2_IO_ACCESS_MODE_READ_ONLY`),
        // typed as the `OTF2_X_enum` (c_uint); the safe layer casts them once.
        .prepend_enum_name(false)
        .derive_default(true)
        .derive_debug(true)
        .layout_tests(false)
        .generate_comments(false)
        .parse_callbacks(Box::new(bindgen::CargoCallbacks::new()));
    for inc in &lib.include_paths {
        builder = builder.clang_arg(format!("-I{}", inc.display()));
    }
    let includes: Vec<String> = lib
        .include_paths
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    build_mpi(&includes);
    let bindings = builder
        .generate()
        .expect("otf2-sys: bindgen failed on <otf2/otf2.h>");

    let out = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR not set")).join("bindings.rs");
    bindings
        .write_to_file(&out)
        .expect("otf2-sys: cannot write bindings.rs");
}

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

fn build_mpi(otf2_includes: &[String]) {
    println!("cargo:rerun-if-changed=src/mpi.c");
    println!("cargo:rerun-if-env-changed=RECORDER_OTF2_MPICC");
    println!("cargo:rerun-if-env-changed=RECORDER_OTF2_NO_MPI");
    println!("cargo:rustc-check-cfg=cfg(otf2_mpi)");
    if env::var_os("RECORDER_OTF2_NO_MPI").is_some() {
        return;
    }
    let mpicc = env::var("RECORDER_OTF2_MPICC").unwrap_or_else(|_| "mpicc".into());
    let (Some(compile), Some(link)) = (mpicc_flags(&mpicc, "compile"), mpicc_flags(&mpicc, "link"))
    else {
        println!("cargo:warning=otf2-sys: no mpicc found: recorder2otf2 will convert on one process only");
        return;
    };
    let mut c = cc::Build::new();
    c.file("src/mpi.c").warnings(true);
    for d in compile.iter().filter_map(|w| w.strip_prefix("-I")) {
        c.include(d);
    }
    for d in otf2_includes {
        c.include(d);
    }
    c.compile("rotf2otf2mpi");
    for w in &link {
        if let Some(dir) = w.strip_prefix("-L") {
            println!("cargo:rustc-link-search=native={dir}");
        } else if let Some(lib) = w.strip_prefix("-l") {
            println!("cargo:rustc-link-lib={lib}");
        } else if let Some(flag) = w.strip_prefix("-Wl,") {
            println!("cargo:rustc-link-arg=-Wl,{flag}");
        }
    }
    println!("cargo:rustc-cfg=otf2_mpi");
}
