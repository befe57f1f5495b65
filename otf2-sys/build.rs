//! Locates the system OTF2 library with pkg-config, links it, and generates
//! raw bindings for every `OTF2_*` item with bindgen into `$OUT_DIR`.

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
    let bindings = builder
        .generate()
        .expect("otf2-sys: bindgen failed on <otf2/otf2.h>");

    let out = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR not set")).join("bindings.rs");
    bindings
        .write_to_file(&out)
        .expect("otf2-sys: cannot write bindings.rs");
}
