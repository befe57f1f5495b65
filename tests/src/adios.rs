//! ADIOS2's C library for the tests (from scripts/setup.sh's wheel, or RECORDER_OTF2_ADIOS2)
//! and the test program built against it.

use crate::{compile, TestDir};
use std::path::PathBuf;

/// Where ADIOS2's C library is: the lib dir (libadios2_c.so, include/adios2_c.h) and the
/// wheel's bundled dependencies (adios2.libs beside it), if there.
pub struct Adios2 {
    pub lib: PathBuf,
    pub deps: Option<PathBuf>,
}

/// RECORDER_OTF2_ADIOS2 or /opt/recorder-otf2-adios2/adios2, when it holds the library and
/// its header.
pub fn adios2() -> Option<Adios2> {
    let lib = std::env::var_os("RECORDER_OTF2_ADIOS2")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/opt/recorder-otf2-adios2/adios2"));
    if !lib.join("libadios2_c.so").is_file() || !lib.join("include/adios2_c.h").is_file() {
        return None;
    }
    let deps = lib
        .parent()
        .map(|p| p.join("adios2.libs"))
        .filter(|p| p.is_dir());
    Some(Adios2 { lib, deps })
}

pub fn adios2_missing() -> String {
    "no ADIOS2 C library (libadios2_c.so and include/adios2_c.h) in $RECORDER_OTF2_ADIOS2 or \
     /opt/recorder-otf2-adios2/adios2 (scripts/setup.sh installs it)"
        .to_string()
}

/// Compile adios_all.c as its header says.
pub fn compile_adios_all(dir: &TestDir, ad: &Adios2) -> PathBuf {
    let l = ad.lib.display();
    let mut extra = vec![
        format!("-I{l}/include"),
        format!("-L{l}"),
        "-ladios2_c".to_string(),
        format!("-Wl,-rpath,{l}"),
        "-Wl,--allow-shlib-undefined".to_string(),
    ];
    if let Some(d) = &ad.deps {
        extra.push(format!("-Wl,-rpath-link,{}", d.display()));
    }
    let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
    compile(dir, "adios_all", &extra)
}
