//! `recorder-otf2 summary --json` against the programs' own account: files, layers,
//! functions, ranks, the layer breakdown of high-level calls, and every insight rule
//! triggered by a program built to trigger it (and silent on one that does not).

use e2e_tests::*;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

macro_rules! need {
    ($cond:expr, $what:expr) => {
        if !$cond {
            eprintln!("skipped: {}", $what);
            return;
        }
    };
}

/// `recorder-otf2 summary --json TRACE [extra]`, parsed.
fn summary(trace: &Path, extra: &[&str]) -> Value {
    let mut c = command(&build().launcher, trace.parent().unwrap());
    c.arg("summary").arg("--json").arg(trace).args(extra);
    let r = run(&mut c);
    r.assert_ok("recorder-otf2 summary --json");
    let v: Value = serde_json::from_str(&r.stdout).expect("summary --json is JSON");
    assert_eq!(v["schema_version"], 2);
    v
}

fn by_key<'a>(s: &'a Value, list: &str, key: &str, name: &str) -> &'a Value {
    s[list]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x[key] == name)
        .unwrap_or_else(|| panic!("no {list} entry {key}={name}"))
}

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
}

fn beneath<'a>(b: &'a Value, layer: &str) -> &'a Value {
    b["beneath"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["layer"] == layer)
        .unwrap_or_else(|| panic!("nothing at {layer} beneath {}", b["call"]))
}

/// `account key=value ...` lines of tests/programs/account.c.
fn account_lines(stdout: &str) -> Vec<BTreeMap<String, String>> {
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix("account "))
        .map(|l| {
            l.split_whitespace()
                .filter_map(|w| w.split_once('='))
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

fn account(np: u32) {
    need!(have_mpirun(), "mpirun not found on PATH");
    let dir = TestDir::new(&format!("summary-account-{np}"));
    let prog = compile_mpi(&dir, "account.c", &[]);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let r = run(mpirun(np, dir.path(), &trace, &[]).arg(&prog).arg(&data));
    r.assert_ok("traced account");
    let lines = account_lines(&r.stdout);
    assert_eq!(lines.len() as u32, 3 * np, "{}", r.stdout);
    let s = summary(&trace, &[]);
    let d = data.to_string_lossy().into_owned();
    let n = |m: &BTreeMap<String, String>, k: &str| -> u64 { m[k].parse().unwrap() };
    // Per-rank files: exactly the program's account, touched by that rank only.
    let mut shared: BTreeMap<&str, u64> = BTreeMap::new();
    for m in &lines {
        let rank: u64 = n(m, "rank");
        if m["file"] == "mpi.dat" {
            for k in ["read_ops", "read_bytes", "write_ops", "write_bytes"] {
                *shared.entry(k).or_default() += n(m, k);
            }
            continue;
        }
        let f = summary_file(&s, &format!("{d}/{}", m["file"]), &m["layer"]);
        for k in ["read_ops", "read_bytes", "write_ops", "write_bytes"] {
            assert_eq!(u(&f[k]), n(m, k), "{} {} {k}", m["layer"], m["file"]);
        }
        assert_eq!(f["ranks"], serde_json::json!([rank]), "{}", m["file"]);
        if m["layer"] == "POSIX" {
            // 10 consecutive writes; reads from the top down: 1 sequential, 9 backwards.
            let c = &f["access_pattern"]["counts"];
            assert_eq!(
                (u(&c["consecutive"]), u(&c["sequential"]), u(&c["random"])),
                (10, 1, 9)
            );
            assert_eq!(u(&f["access_sizes"]["write"]["1K-10K"]), 10);
            assert_eq!(u(&f["extent"]), 40960);
        }
    }
    // The shared MPI-IO file: sums of every rank's account, all ranks, all writes collective.
    let f = summary_file(&s, &format!("{d}/mpi.dat"), "MPI-IO");
    for (k, want) in &shared {
        assert_eq!(u(&f[*k]), *want, "MPI-IO mpi.dat {k}");
    }
    assert_eq!(u(&f["collective_ops"]), 8 * np as u64);
    let ranks: Vec<u64> = (0..np as u64).collect();
    assert_eq!(f["ranks"], serde_json::json!(ranks));
    // What the file system saw of it: the same bytes, whoever wrote them.
    let p = summary_file(&s, &format!("{d}/mpi.dat"), "POSIX");
    assert_eq!(u(&p["write_bytes"]), shared["write_bytes"]);
    assert_eq!(u(&p["read_bytes"]), shared["read_bytes"]);
    // Layers: MPI-IO did exactly this program's MPI-IO operations (16 transfers and the
    // two MPI_File_sync flushes per rank).
    let l = by_key(&s, "layers", "layer", "MPI-IO");
    assert_eq!(u(&l["ops"]), 18 * np as u64);
    assert_eq!(u(&f["flush_ops"]), 2 * np as u64);
    assert_eq!(u(&l["bytes"]), shared["write_bytes"] + shared["read_bytes"]);
    // Functions (Recorder's counters).
    let fwa = by_key(&s, "functions", "function", "MPI_File_write_at_all");
    assert_eq!(u(&fwa["calls"]), 8 * np as u64);
    assert_eq!(
        u(&by_key(&s, "functions", "function", "pread")["calls"]) >= 10 * np as u64,
        true
    );
    // Breakdown: each collective write -> MPI-IO operation -> POSIX writes on aggregators.
    let b = by_key(&s, "breakdown", "call", "MPI_File_write_at_all");
    assert_eq!(u(&b["count"]), 8 * np as u64);
    assert_eq!(u(&b["ranks"]), np as u64);
    assert_eq!(u(&b["collective_calls"]), 8 * np as u64);
    let agg = u(&b["aggregators"]);
    assert!(agg >= 1 && agg <= np as u64, "aggregators {agg}");
    let m = beneath(b, "MPI-IO");
    assert_eq!(
        (u(&m["ops"]), u(&m["bytes"])),
        (8 * np as u64, shared["write_bytes"])
    );
    assert_eq!(u(&beneath(b, "POSIX")["bytes"]), shared["write_bytes"]);
    assert_eq!(u(&b["collective_to_independent"]), 0);
    let rd = by_key(&s, "breakdown", "call", "MPI_File_read_at");
    assert_eq!(u(&beneath(rd, "POSIX")["bytes"]), shared["read_bytes"]);
    // Ranks: one entry each, the slowest named among them.
    let rs: BTreeSet<u64> = s["ranks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| u(&r["rank"]))
        .collect();
    assert_eq!(rs, (0..np as u64).collect());
    assert!(u(&s["slowest_rank"]["rank"]) < np as u64);
    assert_eq!(s["complete"], true);
    assert_eq!(u(&s["mpi_ranks"]), np as u64);
}

#[test]
fn account_one_rank() {
    account(1);
}

#[test]
fn account_four_ranks() {
    account(4);
}

/// Parallel HDF5 at 4 ranks: the HDF5 file's operations equal the program's op lines, and
/// each H5Dwrite's bytes reach MPI-IO and POSIX beneath it.
#[test]
fn hdf5_parallel_breakdown() {
    need!(have_mpirun(), "mpirun not found on PATH");
    let Some(libs) = pkg_config("hdf5-openmpi") else {
        eprintln!("skipped: pkg-config hdf5-openmpi not found");
        return;
    };
    let np = 4u64;
    let dir = TestDir::new("summary-h5-parallel");
    let extra: Vec<&str> = libs.iter().map(String::as_str).collect();
    let prog = compile_mpi(&dir, "h5_parallel.c", &extra);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let r = run(mpirun(np as u32, dir.path(), &trace, &[])
        .arg(&prog)
        .arg(&data));
    r.assert_ok("traced h5_parallel");
    let (mut w, mut wb, mut rd, mut rb) = (0u64, 0u64, 0u64, 0u64);
    for l in r.stdout.lines().filter(|l| l.starts_with("op ")) {
        let bytes: u64 = l
            .split("bytes=")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        if l.starts_with("op H5Dwrite") {
            (w, wb) = (w + 1, wb + bytes);
        } else {
            (rd, rb) = (rd + 1, rb + bytes);
        }
    }
    assert_eq!((w, rd), (2 * np, np), "{}", r.stdout);
    let s = summary(&trace, &[]);
    let f = summary_file(&s, &format!("{}/p.h5", data.display()), "HDF5");
    assert_eq!((u(&f["write_ops"]), u(&f["write_bytes"])), (w, wb));
    assert_eq!((u(&f["read_ops"]), u(&f["read_bytes"])), (rd, rb));
    assert_eq!(u(&f["collective_ops"]), 2 * np); // /dc written and read collectively
    let b = by_key(&s, "breakdown", "call", "H5Dwrite");
    assert_eq!(u(&b["count"]), w);
    assert_eq!(u(&beneath(b, "HDF5")["bytes"]), wb);
    assert_eq!(
        u(&beneath(b, "MPI-IO")["bytes"]),
        wb,
        "the raw data goes through MPI-IO"
    );
    assert_eq!(
        u(&beneath(b, "POSIX")["bytes"]),
        wb,
        "and reaches the file system"
    );
    assert_eq!(u(&b["collective_calls"]), np);
    assert_eq!(u(&b["collective_to_independent"]), 0);
    let rdb = by_key(&s, "breakdown", "call", "H5Dread");
    assert_eq!(u(&beneath(rdb, "POSIX")["bytes"]), rb);
}

/// h5py: the HDF5 layer's bytes are what the script moved.
#[test]
fn h5py_bytes() {
    let have =
        run(command(SYSTEM_PYTHON, Path::new("/")).args(["-c", "import h5py"])).code() == Some(0);
    need!(have, "h5py not importable");
    let dir = TestDir::new("summary-h5py");
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let script = build().programs.join("h5_script.py");
    let r = run(traced(SYSTEM_PYTHON, dir.path(), &trace)
        .arg(&script)
        .arg(&data));
    r.assert_ok("traced h5_script.py");
    let s = summary(&trace, &[]);
    let f = summary_file(&s, &format!("{}/py.h5", data.display()), "HDF5");
    // 4000 + 800 bytes written by two H5Dwrite, 8000 read by one H5Dread (h5_script.py).
    assert_eq!((u(&f["write_ops"]), u(&f["write_bytes"])), (2, 4800));
    assert_eq!((u(&f["read_ops"]), u(&f["read_bytes"])), (1, 8000));
    let p = summary_file(&s, &format!("{}/py.h5", data.display()), "POSIX");
    assert!(u(&p["write_bytes"]) >= 4800 && u(&p["meta_ops"]) > 0);
}

/// Thresholds low enough for small test programs (the defaults are for real jobs); the
/// rules on measured time are switched off (on a loaded machine any small program's
/// metadata or imbalance can cross a low time threshold).
const LOW: &str = "small_request_bytes: 1024
metadata_time_s: 1.0e9
metadata_share: 2.0
imbalance_share: 2.0
small_request_min: 50
misaligned_min: 50
random_min: 50
independent_mpiio_min: 50
redundant_min_bytes: 1000
stdio_min_bytes: 1000
file_per_process_min: 4
flush_min: 20
flush_share: 0.0
fanout_min_calls: 2
";

/// Low thresholds for the rules on measured time (asserted present, not exclusive). The
/// metadata program's 15,000 calls took under 5 ms on a fast CI machine: 0.5 ms it is.
const TIMING: &str = "metadata_min_s: 0.0005
imbalance_min_s: 0.001
";

fn set(codes: &[&str]) -> BTreeSet<String> {
    codes.iter().map(|c| c.to_string()).collect()
}

#[test]
fn each_rule_fires_on_its_pattern_and_not_on_a_clean_program() {
    let dir = TestDir::new("summary-insights");
    let prog = compile_mpi(&dir, "insights.c", &[]);
    let cfg = dir.join("low.yaml");
    std::fs::write(&cfg, LOW).unwrap();
    let cfg = cfg.to_string_lossy().into_owned();
    for (mode, want) in [
        ("clean", set(&[])),
        ("small", set(&["F01"])),
        ("misaligned", set(&["F02"])),
        ("random", set(&["F03"])),
        // One process rereading its own bytes: no broadcast to advise (F04 needs readers).
        ("redundant", set(&["F03"])),
        ("stdio", set(&["J01"])),
        ("fpp", set(&["J02"])),
        ("flush", set(&["J03"])),
    ] {
        let data = dir.subdir(mode);
        let trace = dir.join(format!("trace-{mode}"));
        let r = run(traced(&prog, dir.path(), &trace).arg(&data).arg(mode));
        r.assert_ok(mode);
        let s = summary(&trace, &["--config", &cfg]);
        assert_eq!(insight_codes(&s), want, "{mode}: {:#}", s["insights"]);
        for i in s["insights"].as_array().unwrap() {
            assert!(!i["suggestion"].as_str().unwrap().is_empty());
            assert!(i["value"].as_f64().is_some() && i["threshold"].as_f64().is_some());
        }
    }
    // Metadata-dominated time, with low time thresholds.
    let tcfg = dir.join("timing.yaml");
    std::fs::write(&tcfg, TIMING).unwrap();
    let data = dir.subdir("meta");
    let trace = dir.join("trace-meta");
    run(traced(&prog, dir.path(), &trace).arg(&data).arg("meta")).assert_ok("meta");
    let s = summary(&trace, &["--config", &tcfg.to_string_lossy()]);
    assert!(
        insight_codes(&s).contains("R01"),
        "meta: {:#}",
        s["insights"]
    );
    // With the default thresholds, none of these small programs is worth a finding.
    let trace = dir.join("trace-small");
    assert_eq!(insight_codes(&summary(&trace, &[])), set(&[]));
    let s = summary(&dir.join("trace-small"), &["--config", &cfg]);
    let i = &s["insights"][0];
    assert_eq!(u(&i["ranks"].as_array().unwrap().len().into()), 1);
    assert!(i["files"][0].as_str().unwrap().contains("data.dat"), "{i}");
}

#[test]
fn mpi_rules_fire() {
    need!(have_mpirun(), "mpirun not found on PATH");
    let dir = TestDir::new("summary-insights-mpi");
    let prog = compile_mpi(&dir, "insights.c", &[]);
    let cfg = dir.join("low.yaml");
    std::fs::write(&cfg, LOW).unwrap();
    let cfg = cfg.to_string_lossy().into_owned();
    let tcfg = dir.join("timing.yaml");
    std::fs::write(&tcfg, TIMING).unwrap();
    let tcfg = tcfg.to_string_lossy().into_owned();
    for (mode, np, want, cfg) in [("indep", 4, "M01", &cfg), ("imbalance", 2, "R02", &tcfg)] {
        let data = dir.subdir(mode);
        let trace = dir.join(format!("trace-{mode}"));
        let r = run(mpirun(np, dir.path(), &trace, &[])
            .arg(&prog)
            .arg(&data)
            .arg(mode));
        r.assert_ok(mode);
        let s = summary(&trace, &["--config", cfg]);
        assert!(
            insight_codes(&s).contains(want),
            "{mode}: {:#}",
            s["insights"]
        );
        if mode == "imbalance" {
            let i = s["insights"]
                .as_array()
                .unwrap()
                .iter()
                .find(|i| i["code"] == "R02")
                .unwrap();
            assert_eq!(
                i["ranks"],
                serde_json::json!([0]),
                "rank 0 is the straggler: {i}"
            );
        }
    }
}

/// The rules that need the layer chain: a collective H5Dwrite that became independent
/// MPI-IO (type conversion), and an H5Dwrite that became many small POSIX writes.
#[test]
fn layer_chain_rules_fire() {
    need!(have_mpirun(), "mpirun not found on PATH");
    let Some(libs) = pkg_config("hdf5-openmpi") else {
        eprintln!("skipped: pkg-config hdf5-openmpi not found");
        return;
    };
    let dir = TestDir::new("summary-insights-h5");
    let extra: Vec<&str> = libs.iter().map(String::as_str).collect();
    let prog = compile_mpi(&dir, "h5_insights.c", &extra);
    let cfg = dir.join("low.yaml");
    std::fs::write(&cfg, LOW).unwrap();
    let cfg = cfg.to_string_lossy().into_owned();
    for (mode, np, code, present) in [
        ("coll2indep", 2, "C01", true),
        ("collective", 2, "C01", false),
        ("fanout", 1, "C02", true),
    ] {
        let data = dir.subdir(mode);
        let trace = dir.join(format!("trace-{mode}"));
        let r = run(mpirun(np, dir.path(), &trace, &[])
            .arg(&prog)
            .arg(&data)
            .arg(mode));
        r.assert_ok(mode);
        let s = summary(&trace, &["--config", &cfg]);
        assert_eq!(
            insight_codes(&s).contains(code),
            present,
            "{mode}: {}\n{:#}",
            r.stdout,
            s["insights"]
        );
        if present {
            let i = s["insights"]
                .as_array()
                .unwrap()
                .iter()
                .find(|i| i["code"] == code)
                .unwrap();
            assert_eq!(i["calls"], serde_json::json!(["H5Dwrite"]), "{i}");
        }
    }
}

/// Bad input: one line naming the file, non-zero exit.
#[test]
fn bad_input() {
    let dir = TestDir::new("summary-bad");
    let missing = dir.join("nope");
    let mut c = command(&build().launcher, dir.path());
    let r = run(c.arg("summary").arg(&missing));
    assert_ne!(r.code(), Some(0));
    assert_eq!(r.stderr.trim().lines().count(), 1, "{}", r.stderr);
    assert!(
        r.stderr.contains(&*missing.to_string_lossy()),
        "{}",
        r.stderr
    );
    let cfg = dir.join("bad.yaml");
    std::fs::write(&cfg, "no_such_threshold: 3\n").unwrap();
    let trace = dir.subdir("t");
    let mut c = command(&build().launcher, dir.path());
    let r = run(c.arg("summary").arg(&trace).arg("--config").arg(&cfg));
    assert_ne!(r.code(), Some(0));
    assert!(
        r.stderr.contains("bad.yaml") && r.stderr.contains("no_such_threshold"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("panicked"));
}

/// Darshan's classes of accesses in order, one per call: (consecutive, sequential, random).
/// An access is consecutive when it starts where the one before (same direction) ended,
/// sequential when after; the end is one past its last range's last byte.
fn classes(accesses: &[Vec<(u64, u64)>]) -> (u64, u64, u64) {
    let mut c = (0, 0, 0);
    let mut last_end: Option<u64> = None;
    for ranges in accesses {
        let first = ranges[0].0;
        match last_end {
            None if first == 0 => c.0 += 1,
            None => c.1 += 1,
            Some(e) if first == e => c.0 += 1,
            Some(e) if first > e => c.1 += 1,
            Some(_) => c.2 += 1,
        }
        let &(at, len) = ranges.last().unwrap();
        last_end = Some(at + len);
    }
    c
}

/// Accesses through an MPI view with holes: one per call, sized by its bytes, classified by
/// where its ranges really start and end (tests/programs/strided_view.c).
#[test]
fn strided_view_access_pattern() {
    need!(have_mpirun(), "mpirun not found on PATH");
    let np = 2u64;
    let (dir, trace, r) = trace_strided_view("summary-strided-view", np as u32);
    assert_eq!(
        r.stdout.matches("view rank=").count() as u64,
        np,
        "{}",
        r.stdout
    );
    let s = summary(&trace, &[]);
    let data = dir.join("data").join("view.dat");
    let f = summary_file(&s, &data.to_string_lossy(), "MPI-IO");
    let (mut want, mut extent) = ((0, 0, 0), 0);
    let tile_bytes = VIEW_COUNT * VIEW_BLOCK;
    for rank in 0..np {
        let a = strided_view_account(rank, np);
        for c in [classes(&a.writes), classes(&a.reads)] {
            want = (want.0 + c.0, want.1 + c.1, want.2 + c.2);
        }
        let &(at, len) = a.writes.last().unwrap().last().unwrap();
        extent = extent.max(at + len);
    }
    // Rank 0 starts at 0 (consecutive), rank 1 after it; each tile begins past the last one's
    // end; every sliding read but the first re-reads the block the one before ended with.
    let reads = VIEW_COUNT * VIEW_WRITES - 1;
    assert_eq!(want, (2, np * VIEW_WRITES, np * (reads - 1)));
    let c = &f["access_pattern"]["counts"];
    assert_eq!(
        (u(&c["consecutive"]), u(&c["sequential"]), u(&c["random"])),
        want,
        "{c}"
    );
    assert_eq!(u(&c["unknown_offset"]), 0);
    assert_eq!(u(&f["write_ops"]), np * VIEW_WRITES);
    assert_eq!(u(&f["write_bytes"]), np * VIEW_WRITES * tile_bytes);
    assert_eq!(u(&f["read_ops"]), np * reads);
    assert_eq!(u(&f["read_bytes"]), np * reads * 2 * VIEW_BLOCK);
    // Sizes are the calls' bytes (400 and 200: both 101-1K), not their ranges'.
    assert_eq!(u(&f["access_sizes"]["write"]["101-1K"]), np * VIEW_WRITES);
    assert_eq!(u(&f["access_sizes"]["read"]["101-1K"]), np * reads);
    // The extent is where the last range ends, not the last offset plus its bytes.
    assert_eq!(u(&f["extent"]), extent);
}
