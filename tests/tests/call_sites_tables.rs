//! Call sites (issue 29) in the Parquet export, the Perfetto timeline and recorder2text:
//! tests/programs/call_sites.c (-g -O1, N = 1500) opens a file on the line marked
//! `SITE:open`, writes a header once on `SITE:header`, pwrites 1 byte N times on
//! `SITE:block` and closes on `SITE:close`. Every output must name exactly those lines with
//! exactly those counts (the lines are found in the program's source, not taken from the
//! tools); the stripped binary gives object+offset names and no error.
//!
//! The Parquet and Perfetto checks read the files with Python (pyarrow, DuckDB, perfetto)
//! from scripts/setup.sh's folder; without it they skip themselves with a message.

use e2e_tests::*;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const N: u64 = 1500;

/// (function called, source line) -> outermost calls: the program's own account.
type Pairs = BTreeMap<(String, u64), u64>;

/// The line of the source that holds `/* SITE:tag */`.
fn marker_line(tag: &str) -> u64 {
    let src = build().programs.join("call_sites.c");
    let text = std::fs::read_to_string(&src).expect("call_sites.c");
    let marker = format!("/* SITE:{tag} */");
    let i = text.lines().position(|l| l.contains(&marker));
    i.map(|i| i as u64 + 1).expect("marker in call_sites.c")
}

fn expected() -> Pairs {
    [
        ("open", "open", 1),
        ("write", "header", 1),
        ("pwrite", "block", N),
        ("close", "close", 1),
    ]
    .into_iter()
    .map(|(f, tag, n)| ((f.to_string(), marker_line(tag)), n))
    .collect()
}

/// The program recorded (stripped or not); returns the trace.
fn record(dir: &TestDir, strip: bool) -> PathBuf {
    let prog = compile(dir, "call_sites", &["-g", "-O1"]);
    if strip {
        let r = run(command("strip", dir.path()).arg(&prog));
        r.assert_ok("strip");
    }
    let trace = dir.join("trace");
    let out = dir.join("out.bin");
    let n = N.to_string();
    let r = run(traced(&prog, dir.path(), &trace).arg(&out).arg(&n));
    r.assert_ok("traced call_sites");
    assert_eq!(
        std::fs::metadata(&out).map(|m| m.len()).ok(),
        Some(16 + N),
        "the program's file"
    );
    trace
}

fn launcher(args: &[&std::ffi::OsStr]) -> Run {
    run(command(&build().launcher, Path::new("/")).args(args))
}

// ------------------------------------------------------------------------------ Parquet

/// Read the export with pyarrow and DuckDB: the calls joined with call_sites, counted.
const PARQUET_PY: &str = r#"
import json, sys, duckdb, pyarrow.parquet as pq
d = sys.argv[1]
sites = pq.read_table(d + "/call_sites.parquet").to_pylist()
calls = pq.read_table(d + "/calls.parquet", columns=["function", "depth", "call_site"]).to_pylist()
by_id = {s["id"]: s for s in sites}
arrow = {}
for c in calls:
    s = by_id.get(c["call_site"])
    k = "%s|%s|%s|%s" % (c["function"], c["depth"], s and s["site"], s and s["line"])
    arrow[k] = arrow.get(k, 0) + 1
sql = duckdb.sql(f"""select c.function, s.site, s.file, s.line, s.level, count(*) as n
    from '{d}/calls.parquet' c join '{d}/call_sites.parquet' s on c.call_site = s.id
    where c.depth = 0 group by all""").fetchall()
ops = duckdb.sql(f"""select s.site, o.mode, count(*), sum(o.bytes_done)
    from '{d}/operations.parquet' o join '{d}/call_sites.parquet' s on o.call_site = s.id
    group by all""").fetchall()
nulls = duckdb.sql(f"select count(*) from '{d}/calls.parquet' where call_site is null").fetchone()[0]
meta = pq.read_metadata(d + "/call_sites.parquet").metadata
note = meta.get(b"recorder_otf2.call_sites_unresolved", b"").decode()
print(json.dumps({"note": note, "sites": sites, "arrow": arrow, "sql": [list(r) for r in sql],
                  "ops": [list(r) for r in ops], "null_calls": nulls}))
"#;

fn parquet_facts(py: &(PathBuf, PathBuf), trace: &Path, dir: &TestDir) -> (Value, Run) {
    let out = dir.join("pq");
    let r = launcher(&[
        "export".as_ref(),
        trace.as_os_str(),
        "--output".as_ref(),
        out.as_os_str(),
    ]);
    r.assert_ok("recorder-otf2 export");
    let mut c = command(&py.0, Path::new("/"));
    c.args(["-c", PARQUET_PY])
        .arg(&out)
        .env("PYTHONPATH", &py.1);
    let p = run(&mut c);
    p.assert_ok("pyarrow/duckdb reader");
    (
        serde_json::from_str(p.stdout.trim()).expect("reader JSON"),
        r,
    )
}

fn parquet_python() -> Option<(PathBuf, PathBuf)> {
    python_with(&["pyarrow/__init__.py", "duckdb/__init__.py"])
}

#[test]
fn parquet_joins_calls_with_their_sites() {
    let Some(py) = parquet_python() else {
        eprintln!("skipped: no pyarrow + duckdb for Python 3.11 (scripts/setup.sh)");
        return;
    };
    let dir = TestDir::new("sites-parquet");
    let trace = record(&dir, false);
    let (f, r) = parquet_facts(&py, &trace, &dir);
    let want = expected();
    // DuckDB: the outermost calls joined with their site give exactly the program's pairs.
    let mut got = Pairs::new();
    for row in f["sql"].as_array().unwrap() {
        let file = row[2].as_str().unwrap_or("");
        assert!(file.ends_with("/call_sites.c"), "{row}");
        assert_eq!(row[4], "line", "{row}");
        let k = (
            row[0].as_str().unwrap().to_string(),
            row[3].as_u64().unwrap(),
        );
        *got.entry(k).or_default() += row[5].as_u64().unwrap();
    }
    assert_eq!(got, want, "DuckDB join");
    assert_eq!(f["null_calls"], 0, "every call has its site");
    // pyarrow: the same, by label; the site's own `calls` column says the same counts.
    let block = marker_line("block");
    let label = format!("call_sites.c:{block} in write_block");
    let key = format!("pwrite|0|{label}|{block}");
    assert_eq!(f["arrow"][&key], N, "{}", f["arrow"]);
    let sites = f["sites"].as_array().unwrap();
    assert_eq!(sites.len(), 4, "{sites:?}");
    let mut calls: Vec<(u64, u64)> = (sites.iter())
        .map(|s| (s["line"].as_u64().unwrap(), s["calls"].as_u64().unwrap()))
        .collect();
    calls.sort_unstable();
    let mut want_calls: Vec<(u64, u64)> = want.iter().map(|((_, l), n)| (*l, *n)).collect();
    want_calls.sort_unstable();
    assert_eq!(calls, want_calls);
    // Operations: N writes of 1 byte from write_block, 16 bytes from write_header.
    let header = format!("call_sites.c:{} in write_header", marker_line("header"));
    let mut ops: Vec<(String, u64, u64)> = (f["ops"].as_array().unwrap().iter())
        .map(|o| {
            assert_eq!(o[1], "write", "{o}");
            let bytes = o[3].as_u64().or_else(|| o[3].as_f64().map(|v| v as u64));
            (
                o[0].as_str().unwrap().to_string(),
                o[2].as_u64().unwrap(),
                bytes.unwrap(),
            )
        })
        .collect();
    ops.sort();
    assert_eq!(ops, vec![(header, 1, 16), (label, N, N)]);
    // One account line, no note: every site was resolved to its line.
    assert_eq!(r.stderr_lines().len(), 1, "{}", r.stderr);
    assert_eq!(f["note"], "");
}

#[test]
fn parquet_of_a_stripped_binary_names_offsets() {
    let Some(py) = parquet_python() else {
        eprintln!("skipped: no pyarrow + duckdb for Python 3.11 (scripts/setup.sh)");
        return;
    };
    let dir = TestDir::new("sites-parquet-strip");
    let trace = record(&dir, true);
    let (f, r) = parquet_facts(&py, &trace, &dir);
    let sites = f["sites"].as_array().unwrap();
    let mut calls: Vec<u64> = sites.iter().map(|s| s["calls"].as_u64().unwrap()).collect();
    calls.sort_unstable();
    assert_eq!(calls, vec![1, 1, 1, N], "{sites:?}");
    for s in sites {
        assert!(
            s["site"].as_str().unwrap().starts_with("call_sites+0x"),
            "{s}"
        );
        assert_eq!(s["level"], "offset", "{s}");
        assert!(s["line"].is_null() && s["file"].is_null(), "{s}");
        assert!(s["object_offset"].as_u64().is_some_and(|o| o > 0), "{s}");
    }
    assert_eq!(f["null_calls"], 0);
    // Said once, in call_sites.parquet's metadata; the account line alone on stderr.
    let note = f["note"].as_str().unwrap();
    assert!(
        note.contains("4 of 4 call-site addresses unresolved to a source line"),
        "{note}"
    );
    assert_eq!(r.stderr_lines().len(), 1, "{}", r.stderr);
}

// ------------------------------------------------------------------------------ Perfetto

/// (slice name, call_site label, call_site.file, call_site.line) -> slices.
fn perfetto_sites(
    trace: &Path,
    dir: &TestDir,
) -> Option<BTreeMap<(String, String, String, u64), u64>> {
    let py = python_with(&["perfetto/__init__.py", "google/protobuf/__init__.py"])?;
    let out = dir.join("out.pftrace");
    let r = launcher(&[
        "perfetto".as_ref(),
        trace.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    r.assert_ok("recorder-otf2 perfetto");
    let mut c = command(&py.0, Path::new("/"));
    c.arg(build().root.join("tests/checker/check_perfetto.py"))
        .arg(&out)
        .args(["--json", "-"])
        .env("PYTHONPATH", &py.1);
    let p = run(&mut c);
    p.assert_ok("check_perfetto.py");
    let v: Value = serde_json::from_str(p.stdout.lines().next().unwrap_or("")).unwrap();
    let mut got = BTreeMap::new();
    for t in v["merged"]["threads"].as_array().unwrap() {
        for s in t["slices"].as_array().unwrap() {
            let a = &s["args"];
            let text = |k: &str| a[k].as_str().unwrap_or("").to_string();
            let k = (
                s["name"].as_str().unwrap().to_string(),
                text("call_site"),
                text("call_site.file"),
                a["call_site.line"].as_u64().unwrap_or(0),
            );
            *got.entry(k).or_default() += 1;
        }
    }
    Some(got)
}

#[test]
fn perfetto_slices_carry_their_sites() {
    let dir = TestDir::new("sites-perfetto");
    let trace = record(&dir, false);
    let Some(got) = perfetto_sites(&trace, &dir) else {
        eprintln!("skipped: no perfetto + protobuf for Python 3.11 (scripts/setup.sh)");
        return;
    };
    let funcs = [
        ("open", "main"),
        ("write", "write_header"),
        ("pwrite", "write_block"),
        ("close", "main"),
    ];
    let mut want = BTreeMap::new();
    for ((f, line), n) in expected() {
        let caller = funcs.iter().find(|x| x.0 == f).unwrap().1;
        let label = format!("call_sites.c:{line} in {caller}");
        want.insert((f, label, String::new(), line), n);
    }
    // The file is the full path DWARF gives: compare it by its end.
    let got: BTreeMap<_, _> = (got.into_iter())
        .map(|((f, l, file, line), n)| {
            assert!(file.ends_with("/tests/programs/call_sites.c"), "{file}");
            ((f, l, String::new(), line), n)
        })
        .collect();
    assert_eq!(got, want);
}

#[test]
fn perfetto_of_a_stripped_binary_names_offsets() {
    let dir = TestDir::new("sites-perfetto-strip");
    let trace = record(&dir, true);
    let Some(got) = perfetto_sites(&trace, &dir) else {
        eprintln!("skipped: no perfetto + protobuf for Python 3.11 (scripts/setup.sh)");
        return;
    };
    let mut counts: Vec<u64> = got.values().copied().collect();
    counts.sort_unstable();
    assert_eq!(counts, vec![1, 1, 1, N], "{got:?}");
    for (name, label, file, line) in got.keys() {
        assert!(label.starts_with("call_sites+0x"), "{name}: {label}");
        assert!(file.is_empty() && *line == 0, "{name}: {file}:{line}");
    }
}

// ------------------------------------------------------------------------------ recorder2text

/// recorder2text's outermost calls by (function, the site line above them), and its lines.
fn text_sites(trace: &Path) -> (BTreeMap<(String, String), u64>, Vec<String>) {
    let r = run(command(&build().to_text, Path::new("/")).arg(trace));
    r.assert_ok("recorder2text");
    let (mut got, mut site, mut notes) = (BTreeMap::new(), String::new(), Vec::new());
    for l in r.stdout.lines() {
        if let Some(s) = l.strip_prefix("# call site: ") {
            site = s.to_string();
        } else if l.starts_with("# call sites: ") {
            notes.push(l.to_string());
        } else if !l.starts_with('#') {
            // "{start:>14} {dur:>10} {indent}name(args) = ret": depth 0 is not indented.
            let call = l.get(26..).unwrap_or("");
            if !call.starts_with(' ') {
                let f = call.split('(').next().unwrap_or("").to_string();
                *got.entry((f, site.clone())).or_default() += 1;
            }
        }
    }
    (got, notes)
}

#[test]
fn text_names_the_site_of_each_outermost_call() {
    let dir = TestDir::new("sites-text");
    let trace = record(&dir, false);
    let (got, notes) = text_sites(&trace);
    let callers = [
        ("open", "main"),
        ("write", "write_header"),
        ("pwrite", "write_block"),
        ("close", "main"),
    ];
    let want: BTreeMap<(String, String), u64> = (expected().into_iter())
        .map(|((f, line), n)| {
            let caller = callers.iter().find(|x| x.0 == f).unwrap().1;
            ((f, format!("call_sites.c:{line} in {caller}")), n)
        })
        .collect();
    assert_eq!(got, want);
    assert!(notes.is_empty(), "{notes:?}");
}

#[test]
fn text_of_a_stripped_binary_names_offsets_and_says_so_once() {
    let dir = TestDir::new("sites-text-strip");
    let trace = record(&dir, true);
    let (got, notes) = text_sites(&trace);
    let mut counts: Vec<u64> = got.values().copied().collect();
    counts.sort_unstable();
    assert_eq!(counts, vec![1, 1, 1, N], "{got:?}");
    for (f, site) in got.keys() {
        assert!(site.starts_with("call_sites+0x"), "{f}: {site}");
    }
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].contains("unresolved to a source line"),
        "{}",
        notes[0]
    );
}
