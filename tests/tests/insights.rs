//! Insights that fire only where they apply, on programs built for it
//! (tests/programs/insights_runtime.c): the MPI runtime's own descriptors and files kept
//! apart from the program's data, the bytes-based rank imbalance (R03), redundant reads
//! (F04) only with several readers, no alignment advice at stdio, Darshan's size bins.

use e2e_tests::*;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;

const MIB: u64 = 1 << 20;

macro_rules! need {
    ($cond:expr, $what:expr) => {
        if !$cond {
            eprintln!("skipped: {}", $what);
            return;
        }
    };
}

/// `recorder-otf2 summary TRACE --no-conflicts [extra]`, as JSON with `json`.
fn summary_run(trace: &Path, json: bool, extra: &[&str]) -> String {
    let mut c = command(&build().launcher, trace.parent().unwrap());
    c.arg("summary")
        .arg("--no-conflicts")
        .arg(trace)
        .args(extra);
    if json {
        c.arg("--json");
    }
    let r = run(&mut c);
    r.assert_ok("recorder-otf2 summary");
    r.stdout.clone()
}

fn summary(trace: &Path, extra: &[&str]) -> Value {
    let v: Value =
        serde_json::from_str(&summary_run(trace, true, extra)).expect("summary --json is JSON");
    assert_eq!(v["schema_version"], 2);
    v
}

fn insight<'a>(s: &'a Value, code: &str) -> &'a Value {
    s["insights"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["code"] == code)
        .unwrap_or_else(|| panic!("no {code} in {:#}", s["insights"]))
}

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
}

/// Names no program here opens: the MPI runtime's and the system's.
fn runtime_name(p: &str) -> bool {
    [
        "socket:",
        "pipe:",
        "anon_inode:",
        "/dev/",
        "/proc/",
        "/sys/",
        "/etc/",
        "/usr/",
    ]
    .iter()
    .any(|x| p.starts_with(x))
        || p.contains("/ompi.")
        || p.contains(".locktest.")
        || p.ends_with(".so")
}

fn low_config(dir: &TestDir) -> String {
    // J02 would fire on one socket per rank at 16 ranks with 4 as its floor (the MPI
    // runtime's sockets are files each written by a single process).
    let cfg = dir.join("low.yaml");
    std::fs::write(&cfg, "file_per_process_min: 4\n").unwrap();
    cfg.to_string_lossy().into_owned()
}

/// 16 ranks write one shared file collectively in aligned 1 MiB blocks: the only data file.
/// The runtime's sockets, eventfd, shared memory and configuration are counted apart, and
/// trigger nothing (J02 and F01 did on them before).
#[test]
fn runtime_files_are_apart_and_trigger_nothing() {
    need!(Mpi::OpenMpi.available(), "Open MPI not found");
    let dir = TestDir::new("insights-runtime");
    let prog = compile_mpi(&dir, "insights_runtime.c", &[]);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    run(mpirun(16, dir.path(), &trace, &[])
        .arg(&prog)
        .arg(&data)
        .arg("shared"))
    .assert_ok("16 ranks, shared");
    let cfg = low_config(&dir);
    let s = summary(&trace, &["--config", &cfg]);
    let c = insight_codes(&s);
    assert!(
        !c.contains("J02") && !c.contains("F01"),
        "{:#}",
        s["insights"]
    );
    for i in s["insights"].as_array().unwrap() {
        for f in i["files"].as_array().unwrap() {
            assert!(!runtime_name(f.as_str().unwrap()), "{i}");
        }
    }
    // The data: 16 ranks x 4 blocks of 1 MiB, each a collective call of its own.
    let shared = format!("{}/shared.dat", data.display());
    let m = summary_file(&s, &shared, "MPI-IO");
    assert_eq!(u(&m["write_bytes"]), 16 * 4 * MIB);
    assert_eq!(u(&m["write_ops"]), 64);
    assert_eq!(u(&m["collective_ops"]), 64);
    assert_eq!(u(&m["processes"]), 16);
    // A 1 MiB request is in Darshan's "100K-1M" (its upper edges are inclusive).
    assert_eq!(u(&m["access_sizes"]["write"]["100K-1M"]), 64);
    assert_eq!(u(&m["access_sizes"]["write"]["1M-4M"]), 0);
    assert_eq!(
        u(&summary_file(&s, &shared, "POSIX")["write_bytes"]),
        16 * 4 * MIB
    );
    // Every file with data moved is shared.dat; what else is listed is a directory the
    // runtime looked at (statfs of the data's folder and its parents), without data.
    let files = s["files"].as_array().unwrap();
    let moved: BTreeSet<&str> = files
        .iter()
        .filter(|f| u(&f["read_ops"]) + u(&f["write_ops"]) > 0)
        .map(|f| f["path"].as_str().unwrap())
        .collect();
    assert_eq!(moved, BTreeSet::from([shared.as_str()]));
    for f in files {
        let p = f["path"].as_str().unwrap();
        assert!(!runtime_name(p), "runtime file among the data files: {p}");
        let ancestor = p == "/" || shared.starts_with(&format!("{p}/"));
        assert!(p == shared || ancestor, "unexpected data file {p}");
    }
    // The runtime's files: one socket per rank at least, the eventfd, shared memory, the
    // configuration under /etc.
    let rt = &s["runtime_files"];
    assert!(u(&rt["classes"]["socket"]) >= 16, "{rt:#}");
    assert!(u(&rt["classes"]["anon_inode"]) >= 1, "{rt:#}");
    assert!(u(&rt["classes"]["shared_memory"]) >= 1, "{rt:#}");
    assert!(u(&rt["classes"]["system"]) >= 1, "{rt:#}");
    assert!(
        u(&rt["write_bytes"]) > 0 && u(&rt["write_ops"]) > 0,
        "{rt:#}"
    );
    let listed: u64 = rt["classes"].as_object().unwrap().values().map(u).sum();
    assert_eq!(listed, u(&rt["files"]));
    let top = rt["top"].as_array().unwrap();
    assert!(
        top.iter()
            .any(|f| f["path"] == "anon_inode:[eventfd]" && f["class"] == "anon_inode"),
        "{rt:#}"
    );
    // MPI's start and end are MPI, not MPI-IO.
    let layer_of = |list: &str, key: &str, name: &str| -> String {
        s[list]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x[key] == name)
            .unwrap_or_else(|| panic!("no {name} in {list}"))["layer"]
            .as_str()
            .unwrap()
            .to_string()
    };
    for call in ["MPI_Init", "MPI_Finalize"] {
        assert_eq!(layer_of("breakdown", "call", call), "MPI");
        assert_eq!(layer_of("functions", "function", call), "MPI");
    }
    assert_eq!(
        layer_of("breakdown", "call", "MPI_File_write_at_all"),
        "MPI-IO"
    );
    // The text summary: the runtime's own line, no socket in the file table.
    let text = summary_run(&trace, false, &["--config", &cfg, "--top", "1000"]);
    let line = text
        .lines()
        .find(|l| l.starts_with("Runtime and system files (not opened by name): "))
        .unwrap_or_else(|| panic!("no runtime line:\n{text}"));
    assert!(line.contains("socket "), "{line}");
    let table: String = text
        .split("\nFiles (top")
        .nth(1)
        .and_then(|t| t.split("\n\n").next())
        .unwrap()
        .to_string();
    assert!(table.contains("/shared.dat"), "{table}");
    assert!(
        !table.contains("socket:[") && !table.contains("anon_inode"),
        "{table}"
    );
    assert!(
        text.lines()
            .any(|l| l.trim_start().starts_with("MPI_Init ") && l.contains(" MPI ")),
        "{text}"
    );
    // Asked for, the runtime's files are among the data files, and none is apart.
    let all = summary(&trace, &["--config", &cfg, "--runtime-files"]);
    let paths: BTreeSet<&str> = all["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap())
        .collect();
    assert!(paths.contains("anon_inode:[eventfd]") && paths.contains(shared.as_str()));
    let sockets = paths.iter().filter(|p| p.starts_with("socket:[")).count() as u64;
    assert_eq!(sockets, u(&rt["classes"]["socket"]));
    assert_eq!(
        u(&all["runtime_files"]["entries"]),
        0,
        "{:#}",
        all["runtime_files"]
    );
}

/// Rank 0 writes 50 MiB, ranks 1-3 1 MiB each, in well under R02's 1 s: R03 finds it; the
/// balanced run (1 MiB each) does not fire it.
#[test]
fn bytes_imbalance_fires_on_a_fast_straggler_only() {
    need!(Mpi::OpenMpi.available(), "Open MPI not found");
    let dir = TestDir::new("insights-imbalance");
    let prog = compile_mpi(&dir, "insights_runtime.c", &[]);
    for mode in ["imbalance", "balanced"] {
        let data = dir.subdir(mode);
        let trace = dir.join(format!("trace-{mode}"));
        run(mpirun(4, dir.path(), &trace, &[])
            .arg(&prog)
            .arg(&data)
            .arg(mode))
        .assert_ok(mode);
        let s = summary(&trace, &[]);
        if mode == "balanced" {
            assert!(!insight_codes(&s).contains("R03"), "{:#}", s["insights"]);
            continue;
        }
        let i = insight(&s, "R03");
        assert_eq!(i["ranks"], serde_json::json!([0]), "{i}");
        let rank0 = format!("{}/rank_0.dat", data.display());
        assert_eq!(i["files"], serde_json::json!([rank0]), "{i}");
        // (50 - 1) / 50 of the bytes.
        let v = i["value"].as_f64().unwrap();
        assert!((v - 0.98).abs() < 1e-9, "{i}");
        assert_eq!(i["threshold"].as_f64(), Some(0.5));
        let msg = i["message"].as_str().unwrap();
        assert!(msg.contains("rank 0 moves 50.0 MiB"), "{msg}");
        assert!(msg.contains("1.0 MiB") && msg.contains("4 ranks"), "{msg}");
    }
}

/// F04 advises a broadcast when 4 ranks each read the same 4 MiB, never when one process
/// rewrites one region four times.
#[test]
fn redundant_reads_need_several_readers() {
    need!(Mpi::OpenMpi.available(), "Open MPI not found");
    let dir = TestDir::new("insights-redundant");
    let prog = compile_mpi(&dir, "insights_runtime.c", &[]);
    let data = dir.subdir("bcast");
    let trace = dir.join("trace-bcast");
    run(mpirun(4, dir.path(), &trace, &[])
        .arg(&prog)
        .arg(&data)
        .arg("bcast"))
    .assert_ok("bcast");
    let s = summary(&trace, &[]);
    let i = insight(&s, "F04");
    let input = format!("{}/input.dat", data.display());
    assert_eq!(i["files"], serde_json::json!([format!("{input} (POSIX)")]));
    assert_eq!(
        i["value"].as_f64(),
        Some(4.0),
        "16 MiB read of a 4 MiB file: {i}"
    );
    assert!(i["message"].as_str().unwrap().starts_with("1 file;"), "{i}");
    assert!(i["suggestion"].as_str().unwrap().contains("MPI_Bcast"));
    assert_eq!(i["rule"], "redundant-reads");

    let data = dir.subdir("rewrite");
    let trace = dir.join("trace-rewrite");
    run(traced(&prog, dir.path(), &trace).arg(&data).arg("rewrite")).assert_ok("rewrite");
    let s = summary(&trace, &[]);
    let f = summary_file(&s, &format!("{}/rewrite.dat", data.display()), "POSIX");
    assert_eq!(u(&f["write_bytes"]), 4 * MIB);
    assert_eq!(u(&f["extent"]), MIB);
    assert!(!insight_codes(&s).contains("F04"), "{:#}", s["insights"]);
}

/// 5,000 fwrite of 100 bytes: 4,995 of their offsets (100 i) are not multiples of 4 KiB (i
/// a multiple of 1,024 is), but stdio writes the file in 4 KiB blocks: no alignment advice.
#[test]
fn no_alignment_advice_at_stdio() {
    let dir = TestDir::new("insights-stdio");
    let prog = compile_mpi(&dir, "insights_runtime.c", &[]);
    let data = dir.subdir("stdio");
    let trace = dir.join("trace-stdio");
    run(traced(&prog, dir.path(), &trace).arg(&data).arg("stdio")).assert_ok("stdio");
    let s = summary(&trace, &[]);
    let path = format!("{}/stdio.dat", data.display());
    let f = summary_file(&s, &path, "ISOC");
    assert_eq!(u(&f["write_ops"]), 5000);
    assert_eq!(u(&f["write_bytes"]), 500_000);
    assert_eq!(u(&f["misaligned_ops"]), 4995);
    assert_eq!(u(&f["access_sizes"]["write"]["0-100"]), 5000);
    assert!(!insight_codes(&s).contains("F02"), "{:#}", s["insights"]);
}
