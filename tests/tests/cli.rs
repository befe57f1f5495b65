//! One command line across the tools (issue 30): every output is `-o/--output` (export's
//! `--parquet` and recorder2otf2's positional output still accepted), `--force` to replace
//! it; `report` names its file after the trace when -o is not given; `--json` on compare;
//! layer names spelled as the output spells them (POSIX, ISOC, MPI-IO ...) accepted in
//! flags with the older spellings (stdio, mpiio); `convert` and `text` do what
//! recorder2otf2 and recorder2text do; help texts say defaults and bounds in words.

use e2e_tests::*;
use std::path::{Path, PathBuf};

/// `recorder-otf2 ARGS` in `cwd`.
fn launcher(cwd: &Path, args: &[&str]) -> Run {
    let mut c = command(&build().launcher, cwd);
    c.args(args);
    run(&mut c)
}

/// writer_loop DATA COUNT traced into DIR/trace-NAME: COUNT writes of 100 bytes to loop.dat.
fn writer_loop(dir: &TestDir, name: &str, count: u32) -> (PathBuf, PathBuf) {
    let prog = compile(dir, "writer_loop", &[]);
    let data = dir.subdir(&format!("data-{name}"));
    let trace = dir.join(format!("trace-{name}"));
    let mut c = traced(&prog, dir.path(), &trace);
    c.arg(&data).arg(count.to_string());
    run(&mut c).assert_ok("writer_loop");
    (data, trace)
}

fn s(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 test path")
}

/// `report TRACE` without -o writes TRACE's folder name + .html in the current folder, says
/// so, refuses to replace it without --force, and says nothing with -q.
#[test]
fn report_is_named_after_the_trace() {
    let dir = TestDir::new("cli-report-name");
    let (_, trace) = writer_loop(&dir, "r1", 20);
    let cwd = dir.subdir("cwd");
    let html = cwd.join("trace-r1.html");
    // A trailing slash names the same folder.
    let r = launcher(&cwd, &["report", &format!("{}/", s(&trace))]);
    r.assert_ok("report without -o");
    assert_eq!(
        r.stderr.trim(),
        "recorder-otf2: wrote trace-r1.html",
        "{}",
        r.stderr
    );
    let page = std::fs::read_to_string(&html).expect("trace-r1.html written");
    assert!(page.starts_with("<!DOCTYPE html>"), "{}", &page[..100]);
    // Written twice: refused, the first kept as it was.
    let r = launcher(&cwd, &["report", s(&trace)]);
    assert_eq!(r.code(), Some(1), "{r:?}");
    assert_eq!(
        r.stderr.trim(),
        "recorder-otf2: trace-r1.html: already exists; use --force to replace it"
    );
    assert_eq!(std::fs::read_to_string(&html).unwrap(), page);
    // --force -q: replaced, nothing said.
    std::fs::write(&html, "old").unwrap();
    let r = launcher(&cwd, &["report", s(&trace), "--force", "-q"]);
    r.assert_ok("report --force -q");
    assert_eq!(r.stderr, "");
    assert!(std::fs::read_to_string(&html)
        .unwrap()
        .starts_with("<!DOCTYPE html>"));
    // `.` is named after the current folder's name.
    let r = launcher(&trace, &["report", ".", "-o", s(&cwd.join("dot.html"))]);
    r.assert_ok("report . -o");
    assert!(cwd.join("dot.html").is_file());
    let r = launcher(&trace, &["report", "."]);
    r.assert_ok("report .");
    assert!(trace.join("trace-r1.html").is_file(), "{}", r.stderr);
}

/// `export -o DIR` and `export --parquet DIR` write the same tables; --force replaces them.
#[test]
fn export_takes_output_and_keeps_parquet() {
    let dir = TestDir::new("cli-export");
    let (_, trace) = writer_loop(&dir, "e", 30);
    let tables = [
        "calls.parquet",
        "operations.parquet",
        "files.parquet",
        "handles.parquet",
    ];
    let (o, p) = (dir.join("by-o"), dir.join("by-parquet"));
    launcher(dir.path(), &["export", s(&trace), "-o", s(&o), "-q"]).assert_ok("export -o");
    let r = launcher(dir.path(), &["export", s(&trace), "--parquet", s(&p), "-q"]);
    r.assert_ok("export --parquet");
    for t in tables {
        let (a, b) = (std::fs::read(o.join(t)), std::fs::read(p.join(t)));
        let a = a.unwrap_or_else(|e| panic!("{t} by -o: {e}"));
        assert_eq!(a.len(), b.expect(t).len(), "{t}: -o and --parquet differ");
    }
    let r = launcher(dir.path(), &["export", s(&trace), "--output", s(&o), "-q"]);
    assert_eq!(r.code(), Some(1), "{r:?}");
    assert!(r.stderr.contains("--force"), "{}", r.stderr);
    launcher(dir.path(), &["export", s(&trace), "-o", s(&o), "-q", "-f"]).assert_ok("export -f");
}

/// The Enter events of an archive's dump (check_otf2.py), per region.
fn regions_entered(archive: &Path) -> std::collections::BTreeMap<String, usize> {
    let a = check(archive);
    let mut n = std::collections::BTreeMap::new();
    for l in &a.locations {
        for e in &l.events {
            if e.ty == "Enter" {
                *n.entry(e.region.clone().unwrap_or_default()).or_default() += 1;
            }
        }
    }
    n
}

/// recorder2otf2 with its positional output or -o, and `recorder-otf2 convert -o`: the
/// same archive (50 writes of the program); an existing one refused without --force.
#[test]
fn convert_is_recorder2otf2_with_output_option() {
    let dir = TestDir::new("cli-convert");
    let (_, trace) = writer_loop(&dir, "c", 50);
    let positional = dir.join("positional.otf2");
    let r = convert_raw(&trace, &positional, &["-q"]);
    r.assert_ok("recorder2otf2 TRACE OUT");
    let option = dir.join("option.otf2");
    let mut c = command(&build().to_otf2, dir.path());
    run(c.arg(&trace).arg("-o").arg(&option).arg("-q")).assert_ok("recorder2otf2 -o");
    let sub = dir.join("sub.otf2");
    let r = launcher(dir.path(), &["convert", s(&trace), "--output", s(&sub)]);
    r.assert_ok("recorder-otf2 convert -o");
    assert!(r.stderr.contains("-> "), "the summary line: {}", r.stderr);
    let want = regions_entered(&positional);
    assert_eq!(want.get("write"), Some(&50), "{want:?}");
    assert_eq!(regions_entered(&option), want);
    assert_eq!(regions_entered(&sub), want);
    // Both outputs at once: refused by the parser.
    let mut c = command(&build().to_otf2, dir.path());
    let r = run(c.arg(&trace).arg(&option).arg("-o").arg(&sub));
    assert_eq!(r.code(), Some(2), "{r:?}");
    // An existing archive: refused, then replaced with -f.
    let r = launcher(dir.path(), &["convert", s(&trace), "-o", s(&sub), "-q"]);
    assert_eq!(r.code(), Some(1), "{r:?}");
    assert!(
        r.stderr.contains("already exists; use --force"),
        "{}",
        r.stderr
    );
    let r = launcher(
        dir.path(),
        &["convert", s(&trace), "-o", s(&sub), "-q", "-f"],
    );
    r.assert_ok("convert -f");
    assert_eq!(regions_entered(&sub), want);
}

/// `recorder-otf2 text TRACE` prints what recorder2text prints; a missing trace is one line.
#[test]
fn text_is_recorder2text() {
    let dir = TestDir::new("cli-text");
    let (_, trace) = writer_loop(&dir, "t", 7);
    let want = text_dump(&trace);
    assert_eq!(want.matches("write(").count(), 7, "{want}");
    let r = launcher(dir.path(), &["text", s(&trace)]);
    r.assert_ok("recorder-otf2 text");
    assert_eq!(r.stdout, want);
    let r = launcher(dir.path(), &["text", s(&dir.join("missing"))]);
    assert_eq!(r.code(), Some(1), "{r:?}");
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert!(r.stderr.contains("missing"), "{}", r.stderr);
}

/// `compare --json`: the facts of the text (sequences compared and differing, the
/// differences listed, the verdict) as JSON, with the same exit status.
#[test]
fn compare_answers_in_json() {
    let dir = TestDir::new("cli-compare");
    let (da, ta) = writer_loop(&dir, "a", 50);
    let (dc, tc) = writer_loop(&dir, "c", 51);
    let map = format!("{}/={}/", da.display(), dc.display());
    let only = format!("{}/", dc.display());
    let args = |json: bool| {
        let mut v = vec![
            "compare",
            s(&ta),
            s(&tc),
            "--map",
            &map,
            "--only",
            &only,
            "-q",
        ];
        v.extend(json.then_some("--json"));
        launcher(dir.path(), &v)
    };
    let (text, json) = (args(false), args(true));
    assert_eq!(json.code(), Some(1), "{json:?}");
    assert_eq!(text.code(), json.code());
    let v: serde_json::Value = serde_json::from_str(&json.stdout).expect(&json.stdout);
    assert_eq!(v["verdict"], "different");
    // One file, one process, one layer: 1 sequence, differing.
    assert_eq!(v["sequences"]["compared"], 1);
    assert_eq!(v["sequences"]["different"], 1);
    assert_eq!(v["sequences"]["same"], 0);
    // open + 50 writes + close in A, open + 51 writes + close in B.
    assert_eq!(v["items_compared"], 52 + 53);
    let lines = v["differences"].as_array().expect("differences");
    assert_eq!(lines.len(), 1, "{v}");
    let line = lines[0].as_str().unwrap();
    assert!(
        line.contains("item 51 differs: A close() / B write at 5000"),
        "{line}"
    );
    assert!(text.stdout.contains(line), "{}", text.stdout);
    // Against itself: the same.
    let r = launcher(dir.path(), &["compare", s(&ta), s(&ta), "-q", "--json"]);
    assert_eq!(r.code(), Some(0), "{r:?}");
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect(&r.stdout);
    assert_eq!(v["verdict"], "same");
    assert_eq!(v["sequences"]["different"], 0);
    assert_eq!(v["differences"].as_array().map(Vec::len), Some(0));
}

/// Layer flags take the names the output prints (ISOC, MPI-IO), in any case, and the older
/// option names (stdio, mpiio) alike; a wrong name is refused naming them as printed.
#[test]
fn layer_flags_take_the_printed_names() {
    let dir = TestDir::new("cli-layers");
    let (_, trace) = writer_loop(&dir, "l", 10);
    let t = s(&trace);
    // conflicts --layer: the same answer under either spelling.
    let conflicts = |layer: &str| {
        launcher(
            dir.path(),
            &["conflicts", t, "--json", "-q", "--layer", layer],
        )
    };
    let want = conflicts("stdio");
    want.assert_ok("conflicts --layer stdio");
    for l in ["ISOC", "isoc", "Stdio"] {
        let r = conflicts(l);
        r.assert_ok(l);
        assert_eq!(r.stdout, want.stdout, "--layer {l}");
    }
    let posix = conflicts("posix");
    for l in ["POSIX", "mpiio", "MPI-IO", "mpi-io"] {
        conflicts(l).assert_ok(l);
    }
    assert_eq!(conflicts("POSIX").stdout, posix.stdout);
    let r = conflicts("hdf5");
    assert_eq!(r.code(), Some(2), "{r:?}");
    assert!(r.stderr.contains("(POSIX, ISOC, MPI-IO)"), "{}", r.stderr);
    // perfetto --layers: the same timeline under either spelling.
    let perfetto = |layers: &str, out: &str| {
        let out = dir.join(out);
        let r = launcher(
            dir.path(),
            &["perfetto", t, "-o", s(&out), "--layers", layers],
        );
        r.assert_ok(layers);
        (
            r.stderr.replace(s(&out), "OUT"),
            std::fs::read(&out).unwrap().len(),
        )
    };
    let a = perfetto("posix,stdio", "a.pftrace");
    assert_eq!(perfetto("POSIX,ISOC", "b.pftrace"), a);
    assert_eq!(perfetto("Posix,IsoC", "c.pftrace"), a);
    let r = launcher(
        dir.path(),
        &["perfetto", t, "-o", "x.pftrace", "--layers", "nope"],
    );
    assert_eq!(r.code(), Some(2), "{r:?}");
    assert!(
        r.stderr
            .contains("'nope' is not a layer (POSIX, ISOC, MPI-IO, HDF5"),
        "{}",
        r.stderr
    );
    // replay --layer: POSIX in capitals replays as posix does (10 writes).
    let into = dir.subdir("into");
    let r = launcher(
        dir.path(),
        &["replay", t, "--into", s(&into), "--layer", "POSIX"],
    );
    r.assert_ok("replay --layer POSIX");
    let data = std::fs::read_dir(&into).map(|d| d.count()).unwrap_or(0);
    assert!(data > 0, "nothing replayed under {}", into.display());
    let r = launcher(
        dir.path(),
        &["replay", t, "--into", s(&into), "--layer", "isoc"],
    );
    assert_eq!(r.code(), Some(2), "{r:?}");
    assert!(
        r.stderr.contains("(auto, POSIX, MPI-IO, HDF5, PnetCDF)"),
        "{}",
        r.stderr
    );
}

/// The help of every subcommand, `recorder-otf2 SUB --help`.
fn help(sub: &str) -> String {
    let r = launcher(Path::new("/"), &[sub, "--help"]);
    r.assert_ok(&format!("{sub} --help"));
    r.stdout
}

/// Help texts: convert and text listed; --threads says "0 = one per core", never
/// "[default: 0]"; report's help does not speak of --json; layers listed as printed.
#[test]
fn help_texts() {
    let top = launcher(Path::new("/"), &["--help"]).stdout;
    let listed = |c: &str| {
        top.lines()
            .any(|l| l.trim_start().starts_with(&format!("{c} ")))
    };
    assert!(listed("convert") && listed("text"), "{top}");
    for sub in [
        "summary",
        "report",
        "conflicts",
        "perfetto",
        "compare",
        "pack",
        "convert",
    ] {
        let h = help(sub);
        // The option's line and, in clap's long layout, the description lines below it.
        let is_option = |l: &&str| {
            let t = l.trim_start();
            t.starts_with('-') && l.len() - t.len() <= 6
        };
        let mut lines = h.lines().skip_while(|l| !l.contains("--threads <"));
        let first = lines.next().expect(sub);
        let rest: Vec<&str> = lines.take_while(|l| !is_option(l)).collect();
        let threads = format!("{first} {}", rest.join(" "));
        assert!(threads.contains("0 = one per core"), "{sub}: {threads}");
        assert!(!h.contains("[default: 0]"), "{sub}: {h}");
    }
    let report = help("report");
    assert!(!report.contains("json"), "{report}");
    assert!(
        report.contains("the trace folder's name with .html"),
        "{report}"
    );
    assert!(help("summary").contains("--json"));
    assert!(help("compare").contains("--json"));
    let export = help("export");
    assert!(
        export.contains("-o, --output <DIR>") && export.contains("--parquet"),
        "{export}"
    );
    assert!(help("perfetto").contains("POSIX, ISOC, MPI-IO, HDF5, netCDF, PnetCDF, ADIOS, MPI"));
    assert!(help("conflicts").contains("POSIX, ISOC"));
    assert!(help("record").contains("POSIX, ISOC, MPI-IO"));
    let mut c = command(&build().to_otf2, Path::new("/"));
    let h = run(c.arg("--help")).stdout;
    assert!(h.contains("-o, --output <OUT.otf2>"), "{h}");
    assert!(!h.contains("[default: 0]"), "{h}");
}

/// The man pages and completions scripts/install.sh writes hold convert and text.
#[test]
fn man_pages_and_completions_have_convert_and_text() {
    let dir = TestDir::new("cli-install-files");
    for kind in ["man", "bash"] {
        let out = dir.join(kind);
        launcher(dir.path(), &["__install-files", kind, s(&out)]).assert_ok(kind);
    }
    for page in ["recorder-otf2-convert.1", "recorder-otf2-text.1"] {
        let text = std::fs::read_to_string(dir.join("man").join(page)).expect(page);
        assert!(text.contains("recorder2"), "{page}: {text}");
    }
    let bash = std::fs::read_to_string(dir.join("bash/recorder-otf2")).unwrap();
    assert!(
        bash.contains("recorder__otf2__subcmd__convert"),
        "no convert in bash"
    );
    assert!(
        bash.contains("recorder__otf2__subcmd__text"),
        "no text in bash"
    );
}
