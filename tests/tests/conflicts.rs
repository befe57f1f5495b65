//! `recorder-otf2 conflicts` against tests/programs/conflicts.c, whose overlaps are known
//! exactly (its header lists them): disjoint writes, a write read by every other rank after a
//! barrier (RAW), the same bytes written twice by one rank (WAW), reads only (RAR), a file
//! written under its name and read through a symbolic link (one file, RAW); through
//! POSIX and through MPI-IO (MPI_File_write_at / read_at, with OMPIO's pwrite / pread
//! beneath), at 2 and 4 ranks. Every pair of every file is asserted, in JSON and text, and
//! the counts by kind and rank pair in the `conflicts` section of `summary --json` and of
//! the HTML report (its DOM as headless chromium renders it).

use e2e_tests::conflicts::{conflicts_json, conflicts_run, file, u};
use e2e_tests::html::{attr, check_conflicts, dump_dom, element, rows, section};
use e2e_tests::*;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;

macro_rules! need {
    ($cond:expr, $what:expr) => {
        if !$cond {
            eprintln!("skipped: {}", $what);
            return;
        }
    };
}

const BLOCK: u64 = 4096;

/// (kind, earlier rank, later rank, pairs, overlapping bytes, first byte, end byte).
type GroupRow = (String, u64, u64, u64, u64, u64, u64);

/// A file entry's groups; RAR pairs have no meaningful order (the reads race), so their
/// ranks are sorted.
fn groups(f: &Value) -> BTreeSet<GroupRow> {
    let mut out = BTreeSet::new();
    for kind in ["RAW", "WAW", "WAR", "RAR"] {
        let k = &f["pairs"][kind];
        let mut sum = 0;
        for g in k["ranks"].as_array().unwrap() {
            let (mut a, mut b) = (u(&g["ranks"][0]), u(&g["ranks"][1]));
            if kind == "RAR" && a > b {
                std::mem::swap(&mut a, &mut b);
            }
            assert_eq!(g["same_rank"], a == b);
            let range = (u(&g["range"][0]), u(&g["range"][1]));
            let count = u(&g["count"]);
            sum += count;
            out.insert((kind.into(), a, b, count, u(&g["bytes"]), range.0, range.1));
        }
        assert_eq!(u(&k["count"]), sum, "{kind} count");
    }
    out
}

fn row(kind: &str, a: u64, b: u64, bytes: u64, lo: u64, hi: u64) -> GroupRow {
    (kind.into(), a, b, 1, bytes, lo, hi)
}

/// What conflicts.c does to each file at `np` ranks: (name, accesses, groups). link.dat is
/// also opened through a symbolic link (link-alias), maybe before rank 0 has created it
/// (then the link dangles), and must be one file at both layers.
fn expected(np: u64) -> Vec<(&'static str, u64, BTreeSet<GroupRow>)> {
    let raw = (1..np)
        .map(|r| row("RAW", 0, r, 200, r * BLOCK - 100, r * BLOCK + 100))
        .collect();
    let rar = (0..np)
        .flat_map(|a| (a + 1..np).map(move |b| row("RAR", a, b, BLOCK, 0, BLOCK)))
        .collect();
    let synced = (1..np)
        .map(|r| row("RAW", 0, r, 100, r * BLOCK - 50, r * BLOCK + 50))
        .collect();
    let mut files = vec![
        ("disjoint.dat", np, BTreeSet::new()),
        ("raw.dat", np, raw),
        ("synced.dat", np, synced),
        (
            "waw.dat",
            np + 1,
            [row("WAW", 0, 0, BLOCK, 0, BLOCK)].into(),
        ),
        ("rar.dat", np, rar),
    ];
    let link = (1..np)
        .map(|r| row("RAW", 0, r, 8, 16 * r, 16 * r + 8))
        .collect();
    files.push(("link.dat", np, link));
    files
}

fn check_file(v: &Value, path: &str, layer: &str, accesses: u64, want: &BTreeSet<GroupRow>) {
    let f = file(v, path, layer);
    assert_eq!(u(&f["accesses"]), accesses, "{layer} {path} accesses");
    assert_eq!(u(&f["no_offset"]), 0, "{layer} {path}");
    assert_eq!(f["capped"], false);
    assert_eq!(&groups(f), want, "{layer} {path}");
    assert_eq!(u(&f["pairs_total"]), want.len() as u64);
}

/// With --details: every group lists its pairs, each call with its function and the
/// outermost call above it.
fn check_details(v: &Value, path: &str, layer: &str, mpiio: bool) {
    let f = file(v, path, layer);
    for kind in ["RAW", "WAW", "WAR", "RAR"] {
        for g in f["pairs"][kind]["ranks"].as_array().unwrap() {
            let pairs = g["pairs"].as_array().expect("pairs with --details");
            assert_eq!(pairs.len() as u64, u(&g["count"]));
            for p in pairs {
                for (side, rank) in [("earlier", &g["ranks"][0]), ("later", &g["ranks"][1])] {
                    let c = &p[side];
                    assert_eq!(&c["rank"], rank);
                    let io = if c["mode"] == "write" {
                        "write"
                    } else {
                        "read"
                    };
                    let (func, root) = match (mpiio, layer) {
                        (true, "MPI-IO") => {
                            (format!("MPI_File_{io}_at"), format!("MPI_File_{io}_at"))
                        }
                        (true, _) => (format!("p{io}"), format!("MPI_File_{io}_at")),
                        (false, _) => (format!("p{io}"), format!("p{io}")),
                    };
                    assert_eq!(
                        (c["function"].as_str(), c["root_function"].as_str()),
                        (Some(&*func), Some(&*root))
                    );
                }
                let t = |side: &str| p[side]["t_s"].as_f64().expect("a time");
                assert!(t("earlier") <= t("later"), "{p}");
            }
        }
    }
}

fn traced(np: u32, api: &str) -> (TestDir, String, std::path::PathBuf) {
    traced_with(Mpi::OpenMpi, np, api)
}

fn traced_with(mpi: Mpi, np: u32, api: &str) -> (TestDir, String, std::path::PathBuf) {
    traced_program(mpi, np, "conflicts.c", api)
}

/// `program` (of tests/programs, run as `PROGRAM DATA API`) traced at `np` ranks.
fn traced_program(
    mpi: Mpi,
    np: u32,
    program: &str,
    api: &str,
) -> (TestDir, String, std::path::PathBuf) {
    let dir = TestDir::new(&format!("conflicts-{mpi:?}-{api}-{np}"));
    let prog = compile_mpi_with(mpi, &dir, program, &[]);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    // With the `mpi` layer: happens-before for --semantics.
    let layers = [("RECORDER_OTF2_LAYERS", "posix,stdio,mpiio,mpi")];
    let r = run(mpirun_with(mpi, np, dir.path(), &trace, &layers)
        .arg(&prog)
        .arg(&data)
        .arg(api));
    r.assert_ok(&format!("traced {program}"));
    assert!(
        r.stdout.contains(&format!("done ranks={np} api={api}")),
        "{}",
        r.stdout
    );
    let d = data.to_string_lossy().into_owned();
    (dir, d, trace)
}

/// (kind, earlier rank, later rank, pairs, overlapping bytes): a group without its range.
type Count = (String, u64, u64, u64, u64);

fn counts(want: &BTreeSet<GroupRow>) -> BTreeSet<Count> {
    want.iter()
        .map(|g| (g.0.clone(), g.1, g.2, g.3, g.4))
        .collect()
}

/// RAR pairs have no meaningful order: their ranks sorted.
fn count(kind: &str, a: u64, b: u64, n: u64, bytes: u64) -> Count {
    let (a, b) = if kind == "RAR" {
        (a.min(b), a.max(b))
    } else {
        (a, b)
    };
    (kind.into(), a, b, n, bytes)
}

/// A section file's rank pairs as counts, each row's totals and labels checked.
fn section_counts(f: &Value) -> BTreeSet<Count> {
    let mut out = BTreeSet::new();
    for r in f["rank_pairs"].as_array().unwrap() {
        let (a, b) = (u(&r["ranks"][0]), u(&r["ranks"][1]));
        assert_eq!(
            r["processes"],
            serde_json::json!([format!("rank {a}"), format!("rank {b}")])
        );
        assert_eq!(r["same_rank"], a == b);
        let (mut pairs, mut bytes) = (0, 0);
        for kind in ["RAW", "WAW", "WAR", "RAR"] {
            let n = u(&r["pairs"][kind]);
            if n > 0 {
                out.insert(count(kind, a, b, n, u(&r["bytes"][kind])));
            }
            pairs += n;
            bytes += u(&r["bytes"][kind]);
        }
        assert_eq!(
            (u(&r["pairs_total"]), u(&r["bytes_total"])),
            (pairs, bytes),
            "{r}"
        );
    }
    out
}

/// The files (at their layers) conflicts.c makes overlaps in, with their pairs.
fn expected_section(
    np: u64,
    api: &str,
    data: &str,
) -> Vec<(String, &'static str, u64, BTreeSet<GroupRow>)> {
    // Through MPI-IO the pwrite / pread beneath are left to MPI-IO: no POSIX entry.
    let layer = if api == "mpiio" { "MPI-IO" } else { "POSIX" };
    let mut out = Vec::new();
    for (name, accesses, want) in expected(np) {
        if !want.is_empty() {
            out.push((format!("{data}/{name}"), layer, accesses, want));
        }
    }
    out
}

/// `summary --json`'s conflicts section: every file with overlaps, its counts per kind and
/// rank pair, and the totals, exactly.
fn check_summary_section(trace: &Path, np: u64, api: &str, data: &str) -> Value {
    let mut c = command(&build().launcher, trace.parent().unwrap());
    let r = run(c.args(["summary", "-q", "--json", "--conflicts"]).arg(trace));
    r.assert_ok("recorder-otf2 summary --json");
    let j: Value = serde_json::from_str(&r.stdout).expect("summary --json is JSON");
    let sec = &j["conflicts"];
    let want = expected_section(np, api, data);
    let files = sec["files"].as_array().expect("conflicts.files");
    let ours = files
        .iter()
        .filter(|f| f["path"].as_str().unwrap().starts_with(data));
    assert_eq!(ours.count(), want.len(), "{sec}");
    let (mut kinds, mut distinct) = (std::collections::BTreeMap::new(), BTreeSet::new());
    // Open MPI's own configuration files, read by every rank inside MPI_Init (at ISO C).
    for f in files
        .iter()
        .filter(|f| !f["path"].as_str().unwrap().starts_with(data))
    {
        for row in f["rank_pairs"].as_array().unwrap() {
            let example = serde_json::json!({
                "kind": "RAR", "earlier": ["MPI_Init", "fread"], "later": ["MPI_Init", "fread"]
            });
            assert_eq!(row["example"], example, "{f}");
            let (a, b) = (u(&row["ranks"][0]), u(&row["ranks"][1]));
            distinct.insert((a.min(b), a.max(b)));
        }
        *kinds.entry("RAR").or_insert(0) += u(&f["pairs"]["RAR"]);
    }
    for (path, layer, accesses, groups) in &want {
        let f = file(sec, path, layer);
        assert_eq!(section_counts(f), counts(groups), "{layer} {path}");
        assert_eq!(u(&f["accesses"]), *accesses, "{layer} {path}");
        assert_eq!(
            (u(&f["pairs_total"]), &f["capped"]),
            (groups.len() as u64, &Value::Bool(false))
        );
        for kind in ["RAW", "WAW", "WAR", "RAR"] {
            let n = groups.iter().filter(|g| g.0 == kind).count() as u64;
            assert_eq!(u(&f["pairs"][kind]), n, "{layer} {path} {kind}");
            *kinds.entry(kind).or_insert(0) += n;
        }
        distinct.extend(groups.iter().map(|g| (g.1.min(g.2), g.1.max(g.2))));
    }
    let t = &sec["totals"];
    for (kind, n) in &kinds {
        assert_eq!(u(&t["pairs"][*kind]), *n, "total {kind}");
    }
    let total: u64 = kinds.values().sum();
    assert_eq!(u(&t["pairs_total"]), total);
    assert_eq!(
        (u(&t["files"]), u(&t["capped_files"])),
        (files.len() as u64, 0)
    );
    assert_eq!(u(&t["rank_pairs"]), distinct.len() as u64);
    assert_eq!(sec["max_pairs"], 1_000_000);
    j
}

/// The report's conflicts section: the same as the summary's (every table row against its
/// JSON), and each file's table read back from the DOM alone against conflicts.c's pairs.
fn check_report_section(dir: &TestDir, trace: &Path, j: &Value, np: u64, api: &str, data: &str) {
    if !have_program("chromium") {
        eprintln!("skipped: the report's section (chromium not found on PATH)");
        return;
    }
    let html = dir.join("report.html");
    let mut c = command(&build().launcher, dir.path());
    run(c.args(["report", "-q", "--conflicts"]).arg(trace).arg("-o").arg(&html)).assert_ok("report");
    let (dom, _) = dump_dom(dir, &html);
    let want = expected_section(np, api, data);
    let tables = j["conflicts"]["files"].as_array().unwrap().len();
    assert_eq!(check_conflicts(&dom, j), tables);
    let s = section(&dom, "conflicts");
    for (path, layer, _, groups) in &want {
        let open = format!("data-path=\"{path}\" data-layer=\"{layer}\"");
        let at = s
            .find(&open)
            .unwrap_or_else(|| panic!("no table of {layer} {path}"));
        let h = &s[s[..at].rfind('<').unwrap()..];
        let i = attr(h, "data-i").unwrap();
        let table = element(s, &format!("<table id=\"table-conflicts-{i}\""), "table").unwrap();
        let mut got = BTreeSet::new();
        for r in rows(table) {
            let v = |k: &str| r.cells.iter().find(|c| c.0 == k).unwrap().1.clone();
            let rank = |k: &str| v(k).strip_prefix("rank ").unwrap().parse::<u64>().unwrap();
            for kind in ["RAW", "WAW", "WAR", "RAR"] {
                let n: u64 = v(&format!("pairs.{kind}")).parse().unwrap();
                if n > 0 {
                    let bytes = v("bytes_total").parse().unwrap();
                    got.insert(count(
                        kind,
                        rank("processes.0"),
                        rank("processes.1"),
                        n,
                        bytes,
                    ));
                }
            }
        }
        assert_eq!(got, counts(groups), "report {layer} {path}");
    }
}

/// Trace conflicts.c at `np` ranks through `api` and check every file's pairs, and the
/// conflicts sections of summary --json and of the report; the trace is left for more
/// checks.
fn known_overlaps(np: u32, api: &str) -> (TestDir, String, std::path::PathBuf) {
    let (dir, data, trace) = traced(np, api);
    let mpiio = api == "mpiio";
    // All layers: each pair once, at the layer the program called (through MPI-IO, OMPIO's
    // pwrite / pread beneath are left to MPI_File_write_at / read_at, and counted so).
    let v = conflicts_json(&trace, &["--details"]);
    assert_eq!(v["schema"], "recorder-otf2 conflicts");
    let outer = if mpiio { "MPI-IO" } else { "POSIX" };
    let mut beneath = 0;
    for (name, accesses, want) in expected(np as u64) {
        let path = format!("{data}/{name}");
        check_file(&v, &path, outer, accesses, &want);
        check_details(&v, &path, outer, mpiio);
        let layers: Vec<&Value> = v["files"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["path"] == path)
            .map(|f| &f["layer"])
            .collect();
        assert_eq!(layers, [outer], "{path}'s layers");
        beneath += accesses;
    }
    // Through MPI-IO: the pwrite / pread of the data, and on rank 0 one write inside each
    // of the 6 MPI_File_open (OMPIO initialises the file's shared-file-pointer segment).
    let files = expected(np as u64).len() as u64;
    let beneath = if mpiio { beneath + files } else { 0 };
    assert_eq!(u(&v["skipped"]["beneath"]), beneath, "{}", v["skipped"]);
    // One layer only: the same answers, no entry of another layer; POSIX alone through
    // MPI-IO sees the pwrite / pread, with the same pairs.
    let one_layer: &[(&str, &str)] = if mpiio {
        &[("mpiio", "MPI-IO"), ("posix", "POSIX")]
    } else {
        &[("posix", "POSIX")]
    };
    for &(arg, name) in one_layer {
        let one = conflicts_json(&trace, &["--layer", arg]);
        assert!(one["files"]
            .as_array()
            .unwrap()
            .iter()
            .all(|f| f["layer"] == name));
        assert_eq!(u(&one["skipped"]["beneath"]), 0);
        for (file_name, accesses, want) in expected(np as u64) {
            let path = format!("{data}/{file_name}");
            check_file(&one, &path, name, accesses, &want);
            let f = file(&one, &path, name);
            assert!(f["pairs"]["RAW"]["ranks"]
                .as_array()
                .unwrap()
                .iter()
                .all(|g| g.get("pairs").is_none()));
        }
        let details = conflicts_json(&trace, &["--layer", arg, "--details"]);
        for (file_name, _, _) in expected(np as u64) {
            check_details(&details, &format!("{data}/{file_name}"), name, mpiio);
        }
    }
    let j = check_summary_section(&trace, np as u64, api, &data);
    check_report_section(&dir, &trace, &j, np as u64, api, &data);
    (dir, data, trace)
}

#[test]
fn posix_2_ranks() {
    need!(have_mpirun(), "mpirun not found on PATH");
    known_overlaps(2, "posix");
}

#[test]
fn mpiio_2_ranks() {
    need!(have_mpirun(), "mpirun not found on PATH");
    known_overlaps(2, "mpiio");
}

#[test]
fn mpiio_4_ranks() {
    need!(have_mpirun(), "mpirun not found on PATH");
    known_overlaps(4, "mpiio");
}

/// At 4 ranks through POSIX, also the text answer and the cap on pairs.
#[test]
fn posix_4_ranks_text_and_cap() {
    need!(have_mpirun(), "mpirun not found on PATH");
    let (_dir, data, trace) = known_overlaps(4, "posix");
    let text = conflicts_run(&trace, &["--layer", "posix"]).stdout;
    for r in 1..4u64 {
        let line = format!(
            "  RAW  rank 0 -> rank {r}: 1 pair, 200 overlapping bytes in [{}, {})",
            r * BLOCK - 100,
            r * BLOCK + 100
        );
        assert!(
            text.lines().any(|l| l == line),
            "no line {line:?} in\n{text}"
        );
    }
    let waw = "  WAW  rank 0 (same process): 1 pair, 4096 overlapping bytes in [0, 4096)";
    assert!(text.lines().any(|l| l == waw), "{text}");
    assert!(text.contains(&format!("{data}/rar.dat on ")), "{text}");
    assert!(!text.contains("disjoint.dat"), "{text}");
    // 6 RAR pairs in rar.dat; at most 2 enumerated, and said so.
    let v = conflicts_json(&trace, &["--max-pairs", "2"]);
    let f = file(&v, &format!("{data}/rar.dat"), "POSIX");
    assert_eq!(
        (u(&f["pairs_total"]), &f["capped"]),
        (2, &Value::Bool(true))
    );
    assert_eq!(u(&f["pairs"]["RAR"]["count"]), 2);
    let text = conflicts_run(&trace, &["--max-pairs", "2"]).stdout;
    assert!(text.contains("at least 2 overlapping pairs"), "{text}");
    // The section is computed only on request (a second pass, memory growing with the
    // accesses): left out by default, and --no-conflicts still accepted.
    let summary = |args: &[&str]| {
        let mut c = command(&build().launcher, trace.parent().unwrap());
        let r = run(c.arg("summary").arg("-q").args(args).arg(&trace));
        r.assert_ok("recorder-otf2 summary");
        r.stdout
    };
    for args in [&["--json"][..], &["--json", "--no-conflicts"]] {
        let j: Value = serde_json::from_str(&summary(args)).unwrap();
        assert_eq!(j["conflicts"], Value::Null, "{args:?}");
        assert!(j["files"].as_array().is_some_and(|f| !f.is_empty()));
    }
    let text = summary(&[]);
    assert!(!text.contains("Overlapping operations"), "{text}");
    let text = summary(&["--conflicts"]);
    assert!(text.contains("Overlapping operations: "), "{text}");
}

/// Bad input: one line naming the trace, non-zero exit.
#[test]
fn bad_input() {
    let dir = TestDir::new("conflicts-bad");
    let missing = dir.join("nope");
    let mut c = command(&build().launcher, dir.path());
    let r = run(c.arg("conflicts").arg(&missing));
    assert_ne!(r.code(), Some(0));
    assert_eq!(r.stderr.trim().lines().count(), 1, "{}", r.stderr);
    assert!(
        r.stderr.contains(&*missing.to_string_lossy()),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("panicked"));
}

/// Under each semantics, which of conflicts.c's conflicting pairs are not synchronised:
/// raw.dat and link.dat (write, barrier, read: no sync, no close between) violate all but
/// POSIX; synced.dat (write, sync, barrier, sync, read) only session (no close, no open
/// between); the same-rank WAW and the RAR pairs never. (file, semantics) -> violating
/// pairs per (kind, earlier, later) group.
fn expected_violations(file: &str, semantics: &str) -> u64 {
    match (file, semantics) {
        (_, "posix") => 0,
        ("raw.dat" | "link.dat", _) => 1,
        ("synced.dat", "session") => 1,
        _ => 0,
    }
}

fn check_semantics(np: u32, api: &str) {
    check_semantics_with(Mpi::OpenMpi, np, api)
}

fn check_semantics_with(mpi: Mpi, np: u32, api: &str) {
    let (_dir, data, trace) = traced_with(mpi, np, api);
    let (layer, name) = if api == "mpiio" {
        ("mpiio", "MPI-IO")
    } else {
        ("posix", "POSIX")
    };
    for semantics in ["posix", "mpi-io", "commit", "session"] {
        let v = conflicts_json(&trace, &["--layer", layer, "--semantics", semantics]);
        assert_eq!(v["semantics"], semantics);
        assert_eq!(v["mpi"]["unmatched"], 0, "{}", v["mpi"]);
        // Per rank at least MPI_Init's... the program's barriers (5 + 1) on MPI_COMM_WORLD.
        assert!(u(&v["mpi"]["sync_calls"]) >= 6 * np as u64, "{}", v["mpi"]);
        let mut total = 0;
        for (file_name, accesses, want) in expected(np as u64) {
            let f = file(&v, &format!("{data}/{file_name}"), name);
            check_file(&v, &format!("{data}/{file_name}"), name, accesses, &want);
            let per_group = expected_violations(file_name, semantics);
            let mut in_file = 0;
            for kind in ["RAW", "WAW", "WAR", "RAR"] {
                for g in f["pairs"][kind]["ranks"].as_array().unwrap() {
                    let want = if kind == "RAR" || g["same_rank"] == true {
                        0
                    } else {
                        per_group
                    };
                    assert_eq!(u(&g["violations"]), want, "{semantics} {file_name} {g}");
                    in_file += want;
                }
            }
            let viol = &f["violations"];
            assert_eq!(u(&viol["count"]), in_file, "{semantics} {file_name}");
            let listed = viol["listed"].as_array().unwrap();
            assert_eq!(listed.len() as u64, in_file);
            for p in listed {
                assert_eq!(p["kind"], "RAW");
                assert_eq!(p["earlier"]["rank"], 0);
                assert_eq!(p["earlier"]["mode"], "write");
                assert_eq!(p["later"]["mode"], "read");
            }
            total += in_file;
        }
        // The answer through sorted runs on disk (--memory at its minimum) is checked on a
        // trace big enough to spill: tool_failures.rs, conflicts_spill_*.
        let text = conflicts_run(&trace, &["--layer", layer, "--semantics", semantics]).stdout;
        let line = format!(
            "Under {semantics} semantics: {total} conflicting pair{} not synchronised;",
            if total == 1 { "" } else { "s" }
        );
        assert!(text.contains(&line), "no {line:?} in\n{text}");
    }
}

#[test]
fn semantics_mpiio_2_ranks() {
    need!(have_mpirun(), "mpirun not found on PATH");
    check_semantics(2, "mpiio");
}

#[test]
fn semantics_posix_4_ranks() {
    need!(have_mpirun(), "mpirun not found on PATH");
    check_semantics(4, "posix");
}

#[test]
fn semantics_mpiio_4_ranks() {
    need!(have_mpirun(), "mpirun not found on PATH");
    check_semantics(4, "mpiio");
}

/// The happens-before that `--semantics mpi-io` uses (barriers, syncs, messages), recorded
/// under MPICH by the same library build: the same violations as under Open MPI.
#[test]
fn semantics_mpiio_4_ranks_under_mpich() {
    need!(
        Mpi::Mpich.available(),
        "mpicc.mpich/mpiexec.mpich not found on PATH"
    );
    check_semantics_with(Mpi::Mpich, 4, "mpiio");
}

/// Every access's start time in `conflicts --details` by (rank, file name, first byte).
fn access_times(v: &Value) -> std::collections::BTreeMap<(u64, String, u64), f64> {
    let mut out = std::collections::BTreeMap::new();
    for f in v["files"].as_array().unwrap() {
        let name = f["path"]
            .as_str()
            .unwrap()
            .rsplit('/')
            .next()
            .unwrap()
            .to_string();
        for kind in ["RAW", "WAW", "WAR", "RAR"] {
            for g in f["pairs"][kind]["ranks"].as_array().unwrap() {
                for p in g["pairs"].as_array().unwrap() {
                    for side in ["earlier", "later"] {
                        let a = &p[side];
                        let key = (u(&a["rank"]), name.clone(), u(&a["range"][0]));
                        out.insert(key, a["t_s"].as_f64().unwrap());
                    }
                }
            }
        }
    }
    out
}

/// Rewrite a rank's meta.yaml: its host, and both clock measurements as (offset, rtt).
fn set_clock(trace: &Path, rank: u32, host: &str, offset_ns: i64, rtt_ns: u64) {
    let p = processes(trace)
        .into_iter()
        .find(|p| p.meta.rank == Some(rank))
        .expect("the rank's folder");
    let path = p.dir.join("meta.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let out: Vec<String> = text
        .lines()
        .map(|l| {
            if l.starts_with("host: ") {
                format!("host: {host}")
            } else if l.trim_start().starts_with("offset_ns: ") {
                format!("  offset_ns: {offset_ns}")
            } else if l.trim_start().starts_with("rtt_ns: ") {
                format!("  rtt_ns: {rtt_ns}")
            } else {
                l.to_string()
            }
        })
        .collect();
    std::fs::write(&path, out.join("\n") + "\n").unwrap();
}

/// One clock per host: the ranks on rank 0's host share its clock whatever offset they
/// measured (a measured offset only adds its error); the ranks of another host all take
/// that host's best measurement (shortest round trip).
#[test]
fn one_clock_per_host() {
    need!(have_mpirun(), "mpirun not found on PATH");
    let (_dir, _data, trace) = traced(4, "posix");
    let before = access_times(&conflicts_json(&trace, &["--details", "--layer", "posix"]));
    set_clock(&trace, 1, "vm-a", 5_000_000, 10);
    set_clock(&trace, 0, "vm-a", 0, 0);
    set_clock(&trace, 2, "vm-b", 3_000_000, 100);
    set_clock(&trace, 3, "vm-b", 7_000_000, 50);
    let after = access_times(&conflicts_json(&trace, &["--details", "--layer", "posix"]));
    let t = |m: &std::collections::BTreeMap<(u64, String, u64), f64>, rank: u64, file: &str| {
        *m.iter()
            .find(|((r, f, _), _)| *r == rank && f == file)
            .unwrap_or_else(|| panic!("no access of rank {rank} in {file}: {m:?}"))
            .1
    };
    let close = |a: f64, b: f64, what: &str| assert!((a - b).abs() < 2e-6, "{what}: {a} vs {b}");
    for file in ["rar.dat", "raw.dat"] {
        // Same host as rank 0: rank 1's 5 ms measured offset is not applied.
        close(
            t(&after, 1, file) - t(&after, 0, file),
            t(&before, 1, file) - t(&before, 0, file),
            "rank 1",
        );
    }
    // rar.dat: every rank reads; ranks 2 and 3 both move by the best offset (7 ms, rtt 50).
    close(
        t(&after, 3, "rar.dat") - t(&after, 2, "rar.dat"),
        t(&before, 3, "rar.dat") - t(&before, 2, "rar.dat"),
        "ranks 2, 3",
    );
    close(
        t(&after, 2, "rar.dat") - t(&after, 0, "rar.dat"),
        t(&before, 2, "rar.dat") - t(&before, 0, "rar.dat") - 0.007,
        "rank 2 against rank 0",
    );
}

/// What tests/programs/conflicts_stdio.c does at `np` ranks (its header): per file and
/// layer, (name, layer, accesses, operations without an offset, groups).
fn expected_stdio(np: u64) -> Vec<(&'static str, &'static str, u64, u64, BTreeSet<GroupRow>)> {
    // Rank r >= 1 reads [r*BLOCK, (r+1)*BLOCK) of rank 0's one write of [0, np*BLOCK).
    let raw: BTreeSet<GroupRow> = (1..np)
        .map(|r| row("RAW", 0, r, BLOCK, r * BLOCK, (r + 1) * BLOCK))
        .collect();
    const APPENDS: u64 = 3;
    vec![
        ("raw.dat", "ISOC", np, 0, raw.clone()),
        ("flushed.dat", "ISOC", np, 0, raw.clone()),
        ("disjoint.dat", "ISOC", np, 0, BTreeSet::new()),
        // fwrite against read(2): reported once, at ISO C; the POSIX reads pair there.
        ("cross.dat", "ISOC", 1, 0, raw),
        ("cross.dat", "POSIX", np - 1, 0, BTreeSet::new()),
        ("append.dat", "POSIX", 0, np * APPENDS, BTreeSet::new()),
        (
            "append_stream.dat",
            "ISOC",
            0,
            np * APPENDS,
            BTreeSet::new(),
        ),
    ]
}

/// Violations of conflicts_stdio.c's files under `semantics`: only flushed.dat's pairs,
/// under session semantics (rank 0 closes it after the readers opened it).
fn expected_stdio_violations(name: &str, semantics: &str, np: u64) -> u64 {
    match (name, semantics) {
        ("flushed.dat", "session") => np - 1,
        _ => 0,
    }
}

/// The layers of `path`'s entries.
fn layers_of<'a>(v: &'a Value, path: &str) -> Vec<&'a str> {
    let files = v["files"].as_array().unwrap();
    let at = files.iter().filter(|f| f["path"] == path);
    at.map(|f| f["layer"].as_str().unwrap()).collect()
}

/// conflicts_stdio.c's pairs at the ISO C layer, each once, with the stream calls' chains;
/// the appending writes counted as operations without an offset; and the violations.
fn stdio_overlaps(mpi: Mpi, np: u32) {
    let (_dir, data, trace) = traced_program(mpi, np, "conflicts_stdio.c", "stdio");
    let np = np as u64;
    let v = conflicts_json(&trace, &["--details"]);
    assert_eq!(v["layers"], serde_json::json!(["POSIX", "ISOC", "MPI-IO"]));
    let want = expected_stdio(np);
    for (name, layer, accesses, no_offset, pairs) in &want {
        let path = format!("{data}/{name}");
        let f = file(&v, &path, layer);
        assert_eq!(u(&f["accesses"]), *accesses, "{layer} {name} accesses");
        assert_eq!(u(&f["no_offset"]), *no_offset, "{layer} {name} no_offset");
        assert_eq!(&groups(f), pairs, "{layer} {name}");
        assert_eq!(u(&f["pairs_total"]), pairs.len() as u64, "{layer} {name}");
        for g in f["pairs"]["RAW"]["ranks"].as_array().unwrap() {
            for p in g["pairs"].as_array().unwrap() {
                let chain = |side: &str| p[side]["chain"].clone();
                let read = if *name == "cross.dat" {
                    "read"
                } else {
                    "fread"
                };
                assert_eq!(chain("earlier"), serde_json::json!(["fwrite"]), "{p}");
                assert_eq!(chain("later"), serde_json::json!([read]), "{p}");
            }
        }
    }
    for name in [
        "raw.dat",
        "flushed.dat",
        "disjoint.dat",
        "append_stream.dat",
    ] {
        assert_eq!(layers_of(&v, &format!("{data}/{name}")), ["ISOC"], "{name}");
    }
    assert_eq!(
        layers_of(&v, &format!("{data}/cross.dat")),
        ["POSIX", "ISOC"]
    );
    // Every unchecked operation is in the total (the program's printf on stdout too).
    let per_file: u64 = v["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| u(&f["no_offset"]))
        .sum();
    assert_eq!(u(&v["skipped"]["no_offset"]), per_file, "{}", v["skipped"]);
    assert!(per_file >= 6 * np, "{}", v["skipped"]);
    // glibc's own write/read beneath the streams are not recorded: nothing left to ISO C.
    assert_eq!(u(&v["skipped"]["beneath"]), 0, "{}", v["skipped"]);
    let text = conflicts_run(&trace, &[]).stdout;
    let line = format!("not checked: {per_file} operations without a known offset");
    assert!(text.contains(&line), "no {line:?} in\n{text}");
    for r in 1..np {
        let line = format!(
            "  RAW  rank 0 -> rank {r}: 1 pair, {BLOCK} overlapping bytes in [{}, {})",
            r * BLOCK,
            (r + 1) * BLOCK
        );
        let n = text.lines().filter(|l| *l == line).count();
        assert_eq!(n, 3, "raw, flushed and cross: {line:?} in\n{text}");
    }
    // ISO C alone: the same pairs but cross.dat's (its reads are POSIX).
    let one = conflicts_json(&trace, &["--layer", "stdio"]);
    assert_eq!(one["layers"], serde_json::json!(["ISOC"]));
    let cross = file(&one, &format!("{data}/cross.dat"), "ISOC");
    assert_eq!((u(&cross["accesses"]), u(&cross["pairs_total"])), (1, 0));
    let raw = file(&one, &format!("{data}/raw.dat"), "ISOC");
    assert_eq!(groups(raw), want[0].4);
    for semantics in ["posix", "mpi-io", "commit", "session"] {
        let s = conflicts_json(&trace, &["--semantics", semantics]);
        assert_eq!(s["mpi"]["unmatched"], 0, "{}", s["mpi"]);
        for (name, layer, _, _, _) in &want {
            let f = file(&s, &format!("{data}/{name}"), layer);
            let n = expected_stdio_violations(name, semantics, np);
            let n = if *layer == "ISOC" { n } else { 0 };
            assert_eq!(
                u(&f["violations"]["count"]),
                n,
                "{semantics} {layer} {name}"
            );
        }
    }
}

#[test]
fn stdio_2_ranks() {
    need!(have_mpirun(), "mpirun not found on PATH");
    stdio_overlaps(Mpi::OpenMpi, 2);
}

#[test]
fn stdio_4_ranks() {
    need!(have_mpirun(), "mpirun not found on PATH");
    stdio_overlaps(Mpi::OpenMpi, 4);
}

#[test]
fn stdio_4_ranks_under_mpich() {
    need!(
        Mpi::Mpich.available(),
        "mpicc.mpich/mpiexec.mpich not found on PATH"
    );
    stdio_overlaps(Mpi::Mpich, 4);
}

/// What conflicts_views.c does at `np` ranks, from its arithmetic: (file, MPI-IO accesses
/// (byte ranges), groups). A WAW pair of two ranks' collective writes has no known order:
/// its ranks are sorted here and in [`unordered`].
fn expected_views(np: u64) -> Vec<(&'static str, u64, BTreeSet<GroupRow>)> {
    // Writer r's blocks are read by rank (r + 1) % np: first byte block * r, last block
    // block * r + block * np * (count - 1) + block.
    let read_by_next = |count: u64, block: u64| -> BTreeSet<GroupRow> {
        (0..np)
            .map(|r| {
                let hi = block * r + block * np * (count - 1) + block;
                row("RAW", r, (r + 1) % np, count * block, block * r, hi)
            })
            .collect()
    };
    // Blocks of 150 at stride 100 np from 100 r: r and r + 1 share 50 bytes of each of the
    // 4 blocks; rank np - 1's block k shares 50 bytes with rank 0's block k + 1 (k < 3).
    let mut overlap: BTreeSet<GroupRow> = (0..np - 1)
        .map(|r| {
            row(
                "WAW",
                r,
                r + 1,
                200,
                100 * (r + 1),
                100 * r + 300 * np + 150,
            )
        })
        .collect();
    let wrap = (100 * np, 300 * np + 50);
    if np == 2 {
        // Both overlaps are of the same two operations: one pair, 350 bytes.
        overlap = [row("WAW", 0, 1, 350, 100, 750)].into();
    } else {
        overlap.insert(row("WAW", 0, np - 1, 150, wrap.0, wrap.1));
    }
    // 8 rows of 8 np ints: rank r's extra column 8 (r + 1) is 4 bytes in each row.
    let columns = (0..np - 1)
        .map(|r| {
            let col = 4 * 8 * (r + 1);
            row("WAW", r, r + 1, 8 * 4, col, 7 * 4 * 8 * np + col + 4)
        })
        .collect();
    vec![
        ("vector.dat", 8 * np, read_by_next(4, 100)),
        ("many.dat", 2 * 1024 * np, read_by_next(1024, 10)),
        ("overlap.dat", 4 * np, overlap),
        ("columns.dat", 8 * np, BTreeSet::new()),
        ("columns_overlap.dat", 8 * np, columns),
    ]
}

/// [`groups`] with the ranks of WAW groups sorted (collective writes race).
fn unordered(f: &Value) -> BTreeSet<GroupRow> {
    groups(f)
        .into_iter()
        .map(|mut g| {
            if g.0 == "WAW" && g.1 > g.2 {
                std::mem::swap(&mut g.1, &mut g.2);
            }
            g
        })
        .collect()
}

/// MPI-IO through file views with holes: every operation is checked range by range, each
/// pair of operations reported once (issue 31: a vector view's write was taken as one
/// block from its first byte, inventing pairs and missing the real ones).
fn views(mpi: Mpi, np: u32) {
    let (_dir, data, trace) = traced_program(mpi, np, "conflicts_views.c", "mpiio");
    let np = np as u64;
    let v = conflicts_json(&trace, &["--details"]);
    for (name, accesses, want) in expected_views(np) {
        let f = file(&v, &format!("{data}/{name}"), "MPI-IO");
        assert_eq!(u(&f["accesses"]), accesses, "{name} accesses");
        assert_eq!(u(&f["no_offset"]), 0, "{name}");
        assert_eq!(f["capped"], false, "{name}");
        assert_eq!(unordered(f), want, "{name}");
        assert_eq!(u(&f["pairs_total"]), want.len() as u64, "{name}");
        // One pair of operations is one pair, with --details too.
        for kind in ["RAW", "WAW", "WAR", "RAR"] {
            for g in f["pairs"][kind]["ranks"].as_array().unwrap() {
                let pairs = g["pairs"].as_array().expect("pairs with --details");
                assert_eq!(pairs.len() as u64, u(&g["count"]), "{name} {g}");
            }
        }
    }
    // Under mpi-io semantics a pair of operations is checked once: the reads follow
    // sync-barrier-sync (no violation); the overlapping writes have barriers or nothing
    // between them (every pair a violation).
    let s = conflicts_json(&trace, &["--semantics", "mpi-io"]);
    assert_eq!(s["mpi"]["unmatched"], 0, "{}", s["mpi"]);
    for (name, _, want) in expected_views(np) {
        let f = file(&s, &format!("{data}/{name}"), "MPI-IO");
        let unsynced = matches!(name, "overlap.dat" | "columns_overlap.dat");
        let n = if unsynced { want.len() as u64 } else { 0 };
        assert_eq!(u(&f["violations"]["count"]), n, "{name} under mpi-io");
    }
    // The sweep over runs on disk gives the same pairs (many.dat alone is 2048 np ranges).
    let spilled = conflicts_json(&trace, &["--memory", "64K"]);
    assert!(u(&spilled["spilled"]) > 0, "{}", spilled["spilled"]);
    for (name, _, want) in expected_views(np) {
        let f = file(&spilled, &format!("{data}/{name}"), "MPI-IO");
        assert_eq!(unordered(f), want, "{name} with --memory 64K");
    }
}

#[test]
fn views_2_ranks() {
    need!(have_mpirun(), "mpirun not found on PATH");
    views(Mpi::OpenMpi, 2);
}

#[test]
fn views_4_ranks() {
    need!(have_mpirun(), "mpirun not found on PATH");
    views(Mpi::OpenMpi, 4);
}

#[test]
fn views_4_ranks_under_mpich() {
    need!(
        Mpi::Mpich.available(),
        "mpicc.mpich/mpiexec.mpich not found on PATH"
    );
    views(Mpi::Mpich, 4);
}
