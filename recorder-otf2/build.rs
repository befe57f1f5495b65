// Builds shim.c: the wrappers C-variadic functions need (printf family, fscanf, execl*),
// which stable Rust cannot define.
fn main() {
    println!("cargo:rerun-if-changed=src/shim.c");
    cc::Build::new()
        .file("src/shim.c")
        .flag_if_supported("-fvisibility=default")
        .warnings(true)
        .compile("rotf2shim");
}
