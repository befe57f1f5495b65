// Builds shim.c: the wrappers C-variadic functions need (printf family, fscanf, execl*),
// which stable Rust cannot define; and adios_cxx.c, the ADIOS2 C++ API wrappers.
//
// When an MPI is found at build time (mpicc on PATH, or RECORDER_OTF2_MPICC naming one),
// the MPI-IO layer is compiled in (cfg `rotf2_mpi`): bindgen reads that MPI's mpi.h for
// the handle types, MPI_Status and the mode/seek constants, and shim_mpi.c supplies the
// predefined handles (MPI_COMM_WORLD, MPI_BYTE ...), which are link-time objects in some
// implementations. The library never links libmpi: every PMPI_ function is resolved at
// run time, so a program without MPI loads it as before.
use std::path::PathBuf;
use std::process::Command;

fn mpi_include_dirs() -> Option<Vec<String>> {
    println!("cargo:rerun-if-env-changed=RECORDER_OTF2_MPICC");
    println!("cargo:rerun-if-env-changed=RECORDER_OTF2_NO_MPI");
    if std::env::var_os("RECORDER_OTF2_NO_MPI").is_some() {
        return None;
    }
    let mpicc = std::env::var("RECORDER_OTF2_MPICC").unwrap_or_else(|_| "mpicc".into());
    // Open MPI: --showme:compile; MPICH and derivatives: -show (the whole command line).
    for args in [&["--showme:compile"][..], &["-show"][..]] {
        let Ok(out) = Command::new(&mpicc).args(args).output() else {
            continue;
        };
        if !out.status.success() {
            continue;
        }
        let text = String::from_utf8_lossy(&out.stdout);
        let dirs: Vec<String> = text
            .split_whitespace()
            .filter_map(|w| w.strip_prefix("-I").map(str::to_string))
            .collect();
        if !dirs.is_empty() || text.contains("gcc") || text.contains("cc") {
            return Some(dirs);
        }
    }
    None
}

fn main() {
    println!("cargo:rerun-if-changed=src/shim.c");
    println!("cargo:rerun-if-changed=src/shim_mpi.c");
    println!("cargo:rustc-check-cfg=cfg(rotf2_mpi)");
    cc::Build::new()
        .file("src/shim.c")
        .flag_if_supported("-fvisibility=default")
        .warnings(true)
        .compile("rotf2shim");
    // The ADIOS2 C++ wrappers: C++ exceptions unwind through them (-fexceptions: the
    // cleanup that ends the record runs on the way).
    println!("cargo:rerun-if-changed=src/adios_cxx.c");
    println!("cargo:rerun-if-changed=src/adios_cxx_gen.h");
    cc::Build::new()
        .file("src/adios_cxx.c")
        .flag("-fexceptions")
        .warnings(true)
        .compile("rotf2adios_cxx");

    let Some(dirs) = mpi_include_dirs() else {
        println!("cargo:warning=building without the MPI-IO layer (no mpicc found, or RECORDER_OTF2_NO_MPI set)");
        return;
    };
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    let mut b = bindgen::Builder::default()
        .header_contents("rotf2_mpi.h", "#include <mpi.h>\n")
        .allowlist_type("MPI_(File|Comm|Datatype|Request|Info|Group|Status|Offset|Fint|Count|Aint|Errhandler)")
        .allowlist_var("MPI_(MODE_.*|SEEK_.*|UNDEFINED|SUCCESS|VERSION|SUBVERSION|THREAD_.*|MAX_PROCESSOR_NAME|PROC_NULL|ANY_SOURCE|ANY_TAG)")
        .allowlist_var("OPEN_MPI|MPICH_VERSION|MPICH")
        .derive_default(true)
        .layout_tests(false)
        .generate_comments(false);
    for d in &dirs {
        b = b.clang_arg(format!("-I{d}"));
    }
    let bindings = b
        .generate()
        .expect("recorder-otf2: bindgen failed on <mpi.h>; set RECORDER_OTF2_NO_MPI=1 to build without MPI-IO");
    bindings
        .write_to_file(out.join("mpi_bindings.rs"))
        .expect("cannot write mpi_bindings.rs");
    let mut c = cc::Build::new();
    c.file("src/shim_mpi.c").warnings(true);
    for d in &dirs {
        c.include(d);
    }
    c.compile("rotf2shim_mpi");
    println!("cargo:rustc-cfg=rotf2_mpi");
}
