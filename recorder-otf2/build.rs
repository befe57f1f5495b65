// Builds shim.c: the wrappers C-variadic functions need (printf family, fscanf, execl*),
// which stable Rust cannot define; and adios_cxx.c, the ADIOS2 C++ API wrappers.
//
// The MPI layers (cfg `rotf2_mpi`) need no MPI at build time: src/mpi/abi.rs describes the
// ABIs they serve (Open MPI's and the MPICH family's) and picks one at run time. They are
// built for 64-bit little-endian targets, where a handle passed by value fills a register
// whatever its type; RECORDER_OTF2_NO_MPI=1 builds without them.
fn main() {
    println!("cargo:rerun-if-changed=src/shim.c");
    println!("cargo:rustc-check-cfg=cfg(rotf2_mpi)");
    cc::Build::new()
        .file("src/shim.c")
        .flag_if_supported("-fvisibility=default")
        // rotf2_call_site walks the recorder's frames by their frame pointers.
        .flag("-fno-omit-frame-pointer")
        .warnings(true)
        .compile("rotf2shim");
    // The ADIOS2 C++ wrappers: C++ exceptions unwind through them (-fexceptions: the
    // cleanup that ends the record runs on the way).
    println!("cargo:rerun-if-changed=src/adios_cxx.c");
    println!("cargo:rerun-if-changed=src/generated/adios_cxx.h");
    cc::Build::new()
        .file("src/adios_cxx.c")
        .flag("-fexceptions")
        .flag("-fno-omit-frame-pointer")
        .warnings(true)
        .compile("rotf2adios_cxx");

    // Call sites are found by walking the recorder's frame pointers; a build without them
    // (RUSTFLAGS replacing .cargo/config.toml's) records no call sites rather than walking
    // frames it cannot trust.
    println!("cargo:rustc-check-cfg=cfg(rotf2_frame_pointers)");
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    if flags.split('\x1f').any(|f| f.contains("force-frame-pointers=yes")) {
        println!("cargo:rustc-cfg=rotf2_frame_pointers");
    } else {
        println!("cargo:warning=built without frame pointers: no call sites will be recorded (keep .cargo/config.toml's rustflags)");
    }

    println!("cargo:rerun-if-env-changed=RECORDER_OTF2_NO_MPI");
    let wide = std::env::var("CARGO_CFG_TARGET_POINTER_WIDTH").as_deref() == Ok("64");
    let little = std::env::var("CARGO_CFG_TARGET_ENDIAN").as_deref() == Ok("little");
    if std::env::var_os("RECORDER_OTF2_NO_MPI").is_some() || !wide || !little {
        println!("cargo:warning=building without the MPI layers (RECORDER_OTF2_NO_MPI, or not a 64-bit little-endian target)");
        return;
    }
    println!("cargo:rustc-cfg=rotf2_mpi");
}
