//! Building the C programs of the tests and reading the call sites they record.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The C sources, written into each work folder so DWARF names them there.
pub const INTERPOSE_C: &str = include_str!("interpose.c");
pub const SITES_C: &str = include_str!("sites.c");
pub const LIB_C: &str = include_str!("lib.c");

/// A fresh folder under Cargo's test scratch space, removed when dropped.
pub struct Workdir {
    pub path: PathBuf,
}

impl Workdir {
    pub fn new(name: &str) -> Self {
        let path = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("call-sites-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        for (file, text) in [
            ("interpose.c", INTERPOSE_C),
            ("sites.c", SITES_C),
            ("lib.c", LIB_C),
        ] {
            std::fs::write(path.join(file), text).unwrap();
        }
        Workdir { path }
    }

    pub fn file(&self, name: &str) -> PathBuf {
        self.path.join(name)
    }

    /// Runs `program` with `args` in this folder and asserts it succeeded.
    pub fn run(&self, program: &str, args: &[&str]) {
        let output = Command::new(program)
            .args(args)
            .current_dir(&self.path)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{program} {args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }

    /// Compiles the sites program (`-g -O1` plus `extra`) into `name`.
    pub fn build_sites(&self, name: &str, extra: &[&str]) -> PathBuf {
        // The extra flags come after the sources so that a library they name is linked.
        let mut args = vec!["-g", "-O1", "-U_FORTIFY_SOURCE", "-Wl,--build-id"];
        args.extend_from_slice(&["sites.c", "interpose.c", "-o", name]);
        args.extend_from_slice(extra);
        self.run("cc", &args);
        self.file(name)
    }

    /// Compiles `lib.c` into the shared library `libsites.so` (`-g -O1`).
    pub fn build_lib(&self) -> PathBuf {
        self.run(
            "cc",
            &[
                "-g",
                "-O1",
                "-fPIC",
                "-shared",
                "-Wl,--build-id",
                "lib.c",
                "-o",
                "libsites.so",
            ],
        );
        self.file("libsites.so")
    }

    /// Runs a built program and returns the sites it printed, in call order, as (object
    /// path, svma); the program itself is named by its path.
    pub fn sites(&self, program: &Path) -> Vec<(String, u64)> {
        let output = Command::new(program)
            .current_dir(&self.path)
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", program.display());
        let text = String::from_utf8(output.stdout).unwrap();
        text.lines().map(|line| parse_site(line, program)).collect()
    }
}

impl Drop for Workdir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

fn parse_site(line: &str, program: &Path) -> (String, u64) {
    let mut words = line.split(' ');
    assert_eq!(words.next(), Some("site"), "{line}");
    let svma = u64::from_str_radix(words.next().unwrap(), 16).unwrap();
    let object = match words.next().unwrap() {
        "-" => program.display().to_string(),
        name => name.to_owned(),
    };
    (object, svma)
}

/// The line of `source` holding `/* SITE marker */`, counted from 1.
pub fn line_of(source: &str, marker: &str) -> u32 {
    let tag = format!("/* SITE {marker} */");
    let index = source.lines().position(|line| line.contains(&tag)).unwrap();
    index as u32 + 1
}

/// The GNU build-id of the file at `path` (empty when it has none).
pub fn build_id(path: &Path) -> Vec<u8> {
    use object::Object;
    let data = std::fs::read(path).unwrap();
    let file = object::File::parse(&*data).unwrap();
    file.build_id()
        .unwrap()
        .map(<[u8]>::to_vec)
        .unwrap_or_default()
}
