//! C++ call sites: function names demangled, from DWARF and from the symbol table.

mod support;

use call_sites::{Level, ObjectRef, Resolver};
use support::{build_id, line_of, Workdir};

const WRITER_CPP: &str = include_str!("support/writer.cpp");
const PUT: &str = "io::Writer::put(char const*, unsigned long)";

#[test]
fn cxx_names_are_demangled() {
    let work = Workdir::new("cxx");
    std::fs::write(work.file("writer.cpp"), WRITER_CPP).unwrap();
    work.run(
        "cc",
        &["-g", "-O1", "-c", "interpose.c", "-o", "interpose.o"],
    );
    let args = [
        "-g",
        "-O1",
        "-Wl,--build-id",
        "writer.cpp",
        "interpose.o",
        "-o",
        "writer",
    ];
    work.run("c++", &args);
    let program = work.file("writer");
    let sites = work.sites(&program);
    assert_eq!(sites.len(), 1, "{sites:?}");
    let id = build_id(&program);
    let object = ObjectRef {
        path: program.to_str().unwrap(),
        build_id: &id,
    };
    let mut resolver = Resolver::new();
    let site = resolver.resolve(object, sites[0].1);
    assert_eq!(site.level, Level::Line);
    assert_eq!(site.line, Some(line_of(WRITER_CPP, "cxx")));
    assert_eq!(site.function.as_deref(), Some(PUT));

    work.run("strip", &["--strip-debug", "writer"]);
    let mut stripped = Resolver::new();
    let site = stripped.resolve(object, sites[0].1);
    assert_eq!(site.level, Level::Symbol);
    assert_eq!(site.short(), format!("{PUT} in writer"));
}
