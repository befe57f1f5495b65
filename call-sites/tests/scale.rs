//! A thousand distinct call sites in one `-g` program, all resolved exactly, timed.

mod support;

use std::fmt::Write;
use std::time::Instant;

use call_sites::{Level, ObjectRef, Resolver};
use support::{build_id, Workdir};

const FUNCTIONS: usize = 1000;
/// Lines before the first generated function: the include and the declaration.
const HEADER_LINES: usize = 2;

/// One function per line, `f<i>` on line HEADER_LINES + 1 + i, each writing once; main
/// calls them in order, so the i-th recorded site is f<i>'s.
fn many_sites_source() -> String {
    let mut source = String::from("#include <unistd.h>\nvoid print_sites(void);\n");
    for i in 0..FUNCTIONS {
        let body = "return write(fd, \"\", 0) == 0;";
        writeln!(
            source,
            "__attribute__((noinline)) int f{i}(int fd) {{ {body} }}"
        )
        .unwrap();
    }
    source.push_str("int main(void) {\n    int ok = 0;\n");
    for i in 0..FUNCTIONS {
        writeln!(source, "    ok += f{i}(1);").unwrap();
    }
    source.push_str("    print_sites();\n    return ok == 1000 ? 0 : 1;\n}\n");
    source
}

#[test]
fn thousand_distinct_sites_resolve_exactly() {
    let work = Workdir::new("scale");
    std::fs::write(work.file("many.c"), many_sites_source()).unwrap();
    let flags = ["-g", "-O1", "-U_FORTIFY_SOURCE", "-Wl,--build-id"];
    let mut args = flags.to_vec();
    args.extend_from_slice(&["many.c", "interpose.c", "-o", "many"]);
    work.run("cc", &args);
    let program = work.file("many");
    let sites = work.sites(&program);
    assert_eq!(sites.len(), FUNCTIONS);
    let id = build_id(&program);
    let path = program.to_str().unwrap();

    let mut resolver = Resolver::new();
    let start = Instant::now();
    for (i, (_, svma)) in sites.iter().enumerate() {
        let location = resolver.resolve(
            ObjectRef {
                path,
                build_id: &id,
            },
            *svma,
        );
        assert_eq!(location.level, Level::Line);
        assert_eq!(location.line, Some((HEADER_LINES + 1 + i) as u32));
        assert_eq!(location.function.as_deref(), Some(format!("f{i}").as_str()));
    }
    let cold = start.elapsed();
    let start = Instant::now();
    for (_, svma) in &sites {
        resolver.resolve(
            ObjectRef {
                path,
                build_id: &id,
            },
            *svma,
        );
    }
    let cached = start.elapsed();
    let stats = resolver.stats();
    assert_eq!(
        (stats.addresses, stats.line, stats.objects),
        (FUNCTIONS, FUNCTIONS, 1)
    );
    eprintln!("{FUNCTIONS} distinct sites: {cold:?} first (object opened), {cached:?} cached");
}
