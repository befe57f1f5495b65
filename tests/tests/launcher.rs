//! The launcher (`recorder-otf2 record`, `recorder-otf2 lib`) and ViTE reading an archive.

use e2e_tests::*;
use std::collections::BTreeMap;
use std::path::Path;

fn launcher(cwd: &Path) -> std::process::Command {
    command(&build().launcher, cwd)
}

#[test]
fn lib_prints_the_preload_library() {
    let r = run(launcher(Path::new("/")).arg("lib"));
    r.assert_ok("recorder-otf2 lib");
    let printed = r.stdout.trim_end();
    assert_eq!(r.stdout.lines().count(), 1, "{}", r.stdout);
    assert_eq!(
        Path::new(printed).canonicalize().unwrap(),
        build().lib.canonicalize().unwrap()
    );
}

/// What a run recorded, with the run's own directory replaced by "W": calls per function,
/// the operations, and the handle events.
type Summary = (
    BTreeMap<String, u64>,
    Vec<(String, String, u64, u64, Option<u64>, String)>,
    Vec<(String, String, String)>,
);

fn summary(trace: &Path, archive: &Path, w: &str) -> Summary {
    let procs = processes(trace);
    assert_eq!(procs.len(), 1);
    let a = convert_and_check(trace, archive);
    let norm = |f: &Option<String>| {
        let f = f.clone().unwrap_or_default().replace(w, "W");
        if f.starts_with("pipe:[") {
            "pipe".to_string()
        } else {
            f
        }
    };
    let ops = a
        .ops()
        .iter()
        .map(|o| {
            (
                o.region.clone(),
                o.mode.clone(),
                o.bytes_request,
                o.bytes_result,
                o.offset,
                norm(&o.file),
            )
        })
        .collect();
    let handles = a
        .events()
        .filter(|e| e.ty.starts_with("Io") && !e.ty.starts_with("IoOperation"))
        .map(|e| {
            (
                e.ty.clone(),
                e.enclosing_region.clone().unwrap_or_default(),
                norm(&e.file),
            )
        })
        .collect();
    (procs[0].meta.function_counts.clone(), ops, handles)
}

#[test]
fn record_equals_ld_preload() {
    let dir = TestDir::new("launcher");
    let prog = compile(&dir, "workload", &[]);
    // Work directories of equal length, so that nothing but the name differs.
    let wa = dir.subdir("wa");
    let wb = dir.subdir("wb");

    let ta = dir.join("trace-preload");
    let mut c = traced(&prog, &wa, &ta);
    c.arg(&wa);
    let ra = run(&mut c);
    ra.assert_ok("LD_PRELOAD run");

    let tb = dir.join("trace-launcher");
    let mut c = launcher(&wb);
    c.arg("record")
        .arg("-o")
        .arg(&tb)
        .arg("--")
        .arg(&prog)
        .arg(&wb);
    let rb = run(&mut c);
    rb.assert_ok("recorder-otf2 record");
    assert_eq!(ra.stdout, rb.stdout);
    assert_eq!(rb.stderr, "");

    let sa = summary(&ta, &dir.join("a.otf2"), &wa.to_string_lossy());
    let sb = summary(&tb, &dir.join("b.otf2"), &wb.to_string_lossy());
    assert_eq!(sa.0, sb.0, "calls per function");
    assert_eq!(sa.1, sb.1, "operations");
    assert_eq!(sa.2, sb.2, "handle events");
    assert_eq!(sa.1.len(), 12, "{:?}", sa.1);
    // The launcher replaces itself with the program (same pid, the program's command line).
    let p = &processes(&tb)[0];
    assert_eq!(p.meta.cmdline[0], prog.to_string_lossy());
    assert_eq!(
        p.meta.options.get("dir").map(String::as_str),
        Some(tb.to_str().unwrap())
    );
}

#[test]
fn record_options_and_exit_status() {
    let dir = TestDir::new("launcher-opts");
    let prog = compile(&dir, "workload", &[]);
    let trace = dir.join("trace");
    let mut c = launcher(dir.path());
    c.arg("record")
        .arg("-o")
        .arg(&trace)
        .args(["--layers", "posix", "--buffer-size", "64K", "--window", "4"])
        .args([
            "--time-resolution",
            "100",
            "--exclude",
            "/nothing",
            "--include",
            "/dev/shm",
        ])
        .arg("--")
        .arg(&prog)
        .arg(dir.path());
    run(&mut c).assert_ok("record with options");
    let p = &processes(&trace)[0];
    let o = |k: &str| p.meta.options.get(k).cloned().unwrap_or_default();
    assert_eq!(o("layers"), "posix");
    assert_eq!(o("buffer_size"), "65536");
    assert_eq!(o("window"), "4");
    assert_eq!(o("time_resolution_ns"), "100");
    assert_eq!(o("exclude"), "/nothing");
    assert_eq!(o("include"), "/dev/shm");
    assert_eq!(p.meta.window, 4);
    assert_eq!(p.meta.time_resolution_ns, 100);
    assert_eq!(p.count("fwrite"), 0);
    assert_eq!(p.count("write"), 4);
    convert_and_check(&trace, &dir.join("opts.otf2"));

    // The program's exit status comes back; a missing program is a launcher error (127).
    let prog = compile(&dir, "exit_code", &[]);
    let mut c = launcher(dir.path());
    c.arg("record")
        .arg("-o")
        .arg(dir.join("t2"))
        .arg("--")
        .arg(&prog)
        .arg(dir.path());
    let r = run(&mut c);
    assert_eq!(r.code(), Some(3));
    assert_eq!(r.stdout, "exit code program 3\n");
    let missing = dir.join("no-such-program");
    let mut c = launcher(dir.path());
    c.arg("record")
        .arg("-o")
        .arg(dir.join("t3"))
        .arg("--")
        .arg(&missing);
    let r = run(&mut c);
    assert_eq!(r.code(), Some(127));
    let lines = r.stderr_lines();
    assert_eq!(lines.len(), 1, "{}", r.stderr);
    assert!(lines[0].starts_with("recorder-otf2: ") && lines[0].contains("no-such-program"));

    // Without -o: recorder-otf2-PROGRAM-PID in the current directory.
    let cwd = dir.subdir("cwd");
    let prog = compile(&dir, "workload", &[]);
    let mut c = launcher(&cwd);
    c.arg("record").arg("--").arg(&prog).arg(dir.path());
    run(&mut c).assert_ok("record without -o");
    let made: Vec<String> = std::fs::read_dir(&cwd)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(made.len(), 1, "{made:?}");
    assert!(made[0].starts_with("recorder-otf2-workload-"), "{made:?}");
    assert_eq!(processes(&cwd.join(&made[0]))[0].count("write"), 4);
}

/// ViTE reads the workload's archive headless without errors or warnings.
#[test]
fn vite_parses_the_archive() {
    if !have_program("vite") {
        eprintln!("vite is not installed; skipped");
        return;
    }
    let dir = TestDir::new("vite");
    let trace = dir.join("trace");
    let prog = compile(&dir, "workload", &[]);
    run_traced_ok(&prog, &dir, &trace, &[]);
    let archive = dir.join("workload.otf2");
    let a = convert_and_check(&trace, &archive);
    let svg = dir.join("workload.svg");
    // Headless: Qt's offscreen platform; X virtual frame buffer as the fallback.
    let mut c = command("vite", dir.path());
    c.env("QT_QPA_PLATFORM", "offscreen")
        .arg("-e")
        .arg(&svg)
        .arg(&archive);
    let mut r = run(&mut c);
    if !(r.stdout.contains("were found during parsing")
        || r.stderr.contains("were found during parsing"))
        && have_program("xvfb-run")
    {
        let mut c = command("xvfb-run", dir.path());
        c.args(["-a", "vite", "-e"]).arg(&svg).arg(&archive);
        r = run(&mut c);
    }
    let all = format!("{}\n{}", r.stdout, r.stderr);
    assert!(r.status.success(), "vite failed ({:?}):\n{all}", r.status);
    let verdict: Vec<&str> = all
        .lines()
        .filter(|l| l.contains("were found during parsing"))
        .collect();
    assert_eq!(
        verdict,
        ["0 errors and 0 warnings were found during parsing."],
        "{all}"
    );
    // The export shows the trace: its process and thread, and state rectangles.
    let s =
        std::fs::read_to_string(&svg).unwrap_or_else(|e| panic!("no SVG from vite: {e}\n{all}"));
    assert!(s.contains(&a.locations[0].name), "thread not in the SVG");
    assert!(
        s.contains(&a.location_groups[0].name),
        "process not in the SVG"
    );
    assert!(s.matches("<rect").count() > 10, "no states drawn:\n{s}");
}

/// README's layout table names every subcommand `recorder-otf2 --help` lists (the list that
/// went stale when subcommands were added).
#[test]
fn readme_names_every_subcommand() {
    let r = run(command(&build().launcher, std::path::Path::new("/")).arg("--help"));
    r.assert_ok("recorder-otf2 --help");
    let subcommands: Vec<&str> = r
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .collect();
    assert!(subcommands.len() >= 10, "{}", r.stdout);
    let readme = std::fs::read_to_string(build().root.join("README.md")).expect("README.md");
    let row = readme
        .lines()
        .find(|l| l.starts_with("| `recorder-otf2/` |"))
        .expect("README's layout row of recorder-otf2/");
    let missing: Vec<&&str> = subcommands
        .iter()
        .filter(|c| !row.contains(&format!("`{c}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "README's layout row lacks {missing:?}: {row}"
    );
}

/// Every binary's `--version` names itself (it said "recorder-otf2-launcher" and
/// "converters", the crates' names, before).
#[test]
fn every_binary_names_itself_in_its_version() {
    let dir = build().lib.parent().unwrap().to_path_buf();
    for name in [
        "recorder-otf2",
        "recorder2otf2",
        "recorder2text",
        "recorder-otf2-replay-mpi",
    ] {
        let bin = dir.join(name);
        if !bin.exists() {
            assert_ne!(name, "recorder-otf2", "no {}", bin.display());
            continue;
        }
        let r = run(command(&bin, std::path::Path::new("/")).arg("--version"));
        r.assert_ok(&format!("{name} --version"));
        assert_eq!(
            r.stdout.trim(),
            format!("{name} {}", env!("CARGO_PKG_VERSION")),
            "{name} --version"
        );
    }
}

/// `recorder-otf2 record` has a flag for exactly the options whose row names one (the
/// README said "the launcher has the same as flags" while three had none).
#[test]
fn record_has_the_flags_of_the_options_table() {
    let r = run(command(&build().launcher, std::path::Path::new("/")).args(["record", "--help"]));
    r.assert_ok("recorder-otf2 record --help");
    let mut flags: Vec<&str> = r
        .stdout
        .lines()
        .flat_map(|l| l.split([' ', ',']))
        .filter(|w| w.starts_with("--"))
        .filter(|&w| !matches!(w, "--help" | "--pack"))
        .collect();
    flags.sort();
    flags.dedup();
    let mut table: Vec<&str> = io_events::options::OPTIONS
        .iter()
        .filter_map(|o| o.flag)
        .collect();
    table.sort();
    assert_eq!(
        flags, table,
        "record --help against io_events::options:\n{}",
        r.stdout
    );
}
