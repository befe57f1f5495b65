//! Call sites of real C programs resolved from the return addresses they record themselves.

mod support;

use std::path::Path;

use call_sites::{Level, ObjectRef, Resolver, Stats};
use support::{build_id, line_of, Workdir, LIB_C, SITES_C};

/// The recorded reference to the object at `path`, with its build-id as read now.
fn recorded<'a>(path: &'a str, id: &'a [u8]) -> ObjectRef<'a> {
    ObjectRef { path, build_id: id }
}

fn path_str(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Asserts a Line-level location: file name, exact line, function, offset as given.
fn assert_line(location: &call_sites::Location, file: &str, line: u32, function: &str) {
    assert_eq!(location.level, Level::Line, "{location:?}");
    assert!(
        location.file.as_deref().unwrap().ends_with(file),
        "{location:?}"
    );
    assert!(
        location.file.as_deref().unwrap().starts_with('/'),
        "{location:?}"
    );
    assert_eq!(location.line, Some(line), "{location:?}");
    assert_eq!(location.function.as_deref(), Some(function), "{location:?}");
    assert_eq!(location.short(), format!("{file}:{line} in {function}"));
    assert!(!location.runtime);
}

#[test]
fn direct_and_inlined_calls_resolve_to_their_lines() {
    let work = Workdir::new("lines");
    for (name, flags) in [
        ("prog-pie", &["-pie", "-fPIE"][..]),
        ("prog-nopie", &["-no-pie"]),
    ] {
        let program = work.build_sites(name, flags);
        let sites = work.sites(&program);
        assert_eq!(sites.len(), 2, "{sites:?}");
        let id = build_id(&program);
        let mut resolver = Resolver::new();
        let object = recorded(path_str(&program), &id);
        let direct = resolver.resolve(object, sites[0].1).clone();
        assert_line(
            &direct,
            "sites.c",
            line_of(SITES_C, "direct"),
            "write_block",
        );
        assert_eq!(
            (direct.offset, direct.object.as_str()),
            (sites[0].1, object.path)
        );
        let inlined = resolver.resolve(object, sites[1].1);
        assert_line(
            inlined,
            "sites.c",
            line_of(SITES_C, "inlined"),
            "put_header",
        );
        assert_eq!(resolver.stats(), counts(2, 2, 0, 0));
    }
}

/// Stats with `addresses` resolved (`line` and `symbol` of them at those levels) and one
/// object, `separate` of them with a separate debug file.
fn counts(addresses: usize, line: usize, symbol: usize, separate: usize) -> Stats {
    Stats {
        addresses,
        line,
        symbol,
        offset: addresses - line - symbol,
        objects: 1,
        objects_separate_debug: separate,
        ..Stats::default()
    }
}

#[test]
fn repeated_addresses_are_resolved_once() {
    let work = Workdir::new("cache");
    let program = work.build_sites("prog", &[]);
    let sites = work.sites(&program);
    let id = build_id(&program);
    let mut resolver = Resolver::new();
    for _ in 0..3 {
        for (path, svma) in &sites {
            resolver.resolve(recorded(path, &id), *svma);
        }
    }
    assert_eq!(resolver.stats(), counts(2, 2, 0, 0));
}

#[test]
fn stripped_debug_info_falls_back_to_the_symbol_table() {
    let work = Workdir::new("strip");
    let program = work.build_sites("prog", &[]);
    let sites = work.sites(&program);
    work.run("strip", &["--strip-debug", "prog"]);
    let id = build_id(&program);
    let mut resolver = Resolver::new();
    let direct = resolver.resolve(recorded(path_str(&program), &id), sites[0].1);
    assert_eq!(direct.level, Level::Symbol);
    assert_eq!(direct.function.as_deref(), Some("write_block"));
    assert_eq!((direct.file.as_deref(), direct.line), (None, None));
    assert_eq!(direct.short(), "write_block in prog");
    // The inlined helper has no symbol of its own: the function it was inlined into.
    let inlined = resolver.resolve(recorded(path_str(&program), &id), sites[1].1);
    assert_eq!(inlined.function.as_deref(), Some("write_with_header"));
    assert_eq!(resolver.stats(), counts(2, 0, 2, 0));
}

#[test]
fn separate_debug_file_by_debuglink() {
    let work = Workdir::new("debuglink");
    let program = work.build_sites("prog", &[]);
    let sites = work.sites(&program);
    work.run("objcopy", &["--only-keep-debug", "prog", "prog.debug"]);
    work.run("strip", &["--strip-debug", "prog"]);
    work.run("objcopy", &["--add-gnu-debuglink=prog.debug", "prog"]);
    let id = build_id(&program);
    let mut resolver = Resolver::new();
    let direct = resolver.resolve(recorded(path_str(&program), &id), sites[0].1);
    assert_line(direct, "sites.c", line_of(SITES_C, "direct"), "write_block");
    assert_eq!(resolver.stats(), counts(1, 1, 0, 1));
}

#[test]
fn separate_debug_file_by_build_id() {
    let work = Workdir::new("buildid-dir");
    let program = work.build_sites("prog", &[]);
    let sites = work.sites(&program);
    let id = build_id(&program);
    let hex: String = id.iter().map(|byte| format!("{byte:02x}")).collect();
    let folder = work.file(&format!("debug/.build-id/{}", &hex[..2]));
    std::fs::create_dir_all(&folder).unwrap();
    let debug = folder.join(format!("{}.debug", &hex[2..]));
    work.run(
        "objcopy",
        &["--only-keep-debug", "prog", debug.to_str().unwrap()],
    );
    work.run("strip", &["--strip-debug", "prog"]);
    let mut resolver = Resolver::with_debug_dirs(vec![work.file("debug")]);
    let inlined = resolver.resolve(recorded(path_str(&program), &id), sites[1].1);
    assert_line(
        inlined,
        "sites.c",
        line_of(SITES_C, "inlined"),
        "put_header",
    );
    assert_eq!(resolver.stats(), counts(1, 1, 0, 1));
}

#[test]
fn another_build_id_gives_offsets_only() {
    let work = Workdir::new("mismatch");
    let program = work.build_sites("prog", &[]);
    let sites = work.sites(&program);
    let id = build_id(&program);
    work.build_sites("prog", &["-DVARIANT"]);
    assert_ne!(build_id(&program), id, "the rebuilt program must differ");
    let mut resolver = Resolver::new();
    let direct = resolver.resolve(recorded(path_str(&program), &id), sites[0].1);
    assert_eq!(direct.level, Level::Offset);
    assert_eq!(direct.function, None);
    assert_eq!(direct.short(), format!("prog+{:#x}", sites[0].1));
    // A file without any build-id while one was recorded is no match either.
    let bare = work.build_sites("prog-bare", &["-Wl,--build-id=none"]);
    assert!(build_id(&bare).is_empty());
    let location = resolver.resolve(recorded(path_str(&bare), &id), sites[0].1);
    assert_eq!(location.level, Level::Offset);
    let stats = resolver.stats();
    assert_eq!((stats.objects, stats.objects_mismatched), (2, 2));
    assert_eq!((stats.addresses, stats.offset), (2, 2));
}

#[test]
fn missing_and_malformed_files_give_offsets_only() {
    let work = Workdir::new("missing");
    let garbage = work.file("libgarbage.so");
    std::fs::write(&garbage, b"\x7fELF but not really an object file").unwrap();
    let mut resolver = Resolver::new();
    let missing = resolver.resolve(recorded("/nonexistent/prog", &[1, 2]), 0x1234);
    assert_eq!((missing.level, missing.offset), (Level::Offset, 0x1234));
    assert_eq!(missing.short(), "prog+0x1234");
    let malformed = resolver.resolve(recorded(path_str(&garbage), &[]), 0);
    assert_eq!(malformed.short(), "libgarbage.so+0x0");
    let stats = resolver.stats();
    assert_eq!((stats.objects_missing, stats.objects_unreadable), (1, 1));
    assert_eq!((stats.addresses, stats.offset), (2, 2));
}

#[test]
fn shared_library_sites_with_and_without_symbols() {
    let work = Workdir::new("lib");
    let lib = work.build_lib();
    let dir = work.path.to_str().unwrap().to_owned();
    let flags = [
        "-DWITH_LIB",
        "-L",
        &dir,
        "-lsites",
        &format!("-Wl,-rpath,{dir}"),
    ];
    let program = work.build_sites("prog", &flags);
    let sites = work.sites(&program);
    assert_eq!(sites.len(), 4, "{sites:?}");
    // lib_write_block writes first, then its static helper.
    assert_eq!(
        (sites[2].0.as_str(), sites[3].0.as_str()),
        (path_str(&lib), path_str(&lib))
    );
    let id = build_id(&lib);
    let object = recorded(path_str(&lib), &id);
    let mut resolver = Resolver::new();
    let exported = resolver.resolve(object, sites[2].1);
    assert_line(
        exported,
        "lib.c",
        line_of(LIB_C, "lib_exported"),
        "lib_write_block",
    );
    let helper = resolver.resolve(object, sites[3].1);
    assert_line(helper, "lib.c", line_of(LIB_C, "lib_static"), "lib_put");

    work.run("strip", &["--strip-all", "libsites.so"]);
    let mut stripped = Resolver::new();
    let exported = stripped.resolve(object, sites[2].1);
    assert_eq!(exported.level, Level::Symbol);
    assert_eq!(exported.short(), "lib_write_block in libsites.so");
    // The static helper is in no symbol table left: an offset, not the exported neighbour.
    let helper = stripped.resolve(object, sites[3].1);
    assert_eq!(helper.level, Level::Offset);
    assert_eq!(helper.short(), format!("libsites.so+{:#x}", sites[3].1));
}
