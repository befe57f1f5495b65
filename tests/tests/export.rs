//! `recorder-otf2 export TRACE --parquet DIR`: real programs traced, exported, and the four
//! Parquet files read back with pyarrow by tests/checker/check_parquet.py, which checks them
//! against `recorder-otf2 summary --json` of the same trace (per file and layer: operations
//! and bytes; calls per function) and for consistency (every operation's call and root exist
//! in calls.parquet, parents, handles). The tests then assert on what the programs are known
//! to have done. Bad input: one line naming the file, a non-zero exit, nothing left behind.
//!
//! pyarrow comes from scripts/setup.sh (/opt/recorder-otf2-py, or RECORDER_OTF2_PY); the
//! tests that read Parquet skip themselves (pass with a message) without it or without a
//! Python 3.11, the MPI test without `mpirun`.

use e2e_tests::*;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn pyarrow() -> Option<(PathBuf, PathBuf)> {
    python_with(&["pyarrow/__init__.py"])
}

macro_rules! need_pyarrow {
    () => {
        match pyarrow() {
            Some(p) => p,
            None => {
                eprintln!(
                    "skipped: no pyarrow for Python 3.11 in $RECORDER_OTF2_PY or \
                     /opt/recorder-otf2-py (scripts/setup.sh installs it)"
                );
                return;
            }
        }
    };
}

fn launcher(args: &[&std::ffi::OsStr]) -> Run {
    let mut c = command(&build().launcher, Path::new("/"));
    c.args(args);
    run(&mut c)
}

fn export(trace: &Path, out: &Path, extra: &[&str]) -> Run {
    let mut a: Vec<&std::ffi::OsStr> = vec!["export".as_ref(), trace.as_os_str()];
    a.push("--parquet".as_ref());
    a.push(out.as_os_str());
    a.extend(extra.iter().map(std::ffi::OsStr::new));
    launcher(&a)
}

/// Export `trace` into DIR/`name`, check it with the summary, return the checker's facts.
fn export_and_check(py: &(PathBuf, PathBuf), dir: &TestDir, trace: &Path, name: &str) -> Value {
    let s = launcher(&["summary".as_ref(), trace.as_os_str(), "--json".as_ref()]);
    s.assert_ok("recorder-otf2 summary --json");
    let summary = dir.join(format!("{name}-summary.json"));
    std::fs::write(&summary, &s.stdout).unwrap();
    let out = dir.join(name);
    let r = export(trace, &out, &[]);
    r.assert_ok("recorder-otf2 export");
    let lines = r.stderr_lines();
    assert_eq!(lines.len(), 1, "one account line:\n{}", r.stderr);
    assert!(
        lines[0].starts_with("recorder-otf2: ")
            && lines[0].ends_with(&format!(" handles written to {}", out.display())),
        "{}",
        lines[0]
    );
    // Only the six files, no temporary left.
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "call_sites.parquet",
            "calls.parquet",
            "extents.parquet",
            "files.parquet",
            "handles.parquet",
            "operations.parquet"
        ]
    );
    let facts = dir.join(format!("{name}-facts.json"));
    let mut c = command(&py.0, dir.path());
    c.arg(build().root.join("tests/checker/check_parquet.py"))
        .arg(&out)
        .arg("--summary")
        .arg(&summary)
        .arg("--json")
        .arg(&facts)
        .env("PYTHONPATH", &py.1);
    let k = run(&mut c);
    k.assert_ok(&format!("check_parquet.py on {name}"));
    let f: Value = serde_json::from_str(&std::fs::read_to_string(&facts).unwrap()).unwrap();
    // The account line says what the files hold.
    let account = format!(
        "recorder-otf2: {} calls, {} operations, {} extents, {} files, {} handles written to {}",
        f["calls"],
        f["operations"],
        f["extents"],
        f["files"],
        f["handles"],
        out.display()
    );
    assert_eq!(lines[0], account);
    assert!(k.stdout.starts_with("ok: "), "{}", k.stdout);
    assert!(f["calls"].as_u64().unwrap() > 0);
    read_with_pandas(py, dir, &out, &f);
    f
}

/// Every file of `out` read into pandas (Debian's python3-pandas, which scripts/setup.sh
/// installs, with the private pyarrow): as many rows as pyarrow reads, and the string and
/// integer columns equal to pyarrow's (tests/checker/check_pandas.py compares them).
fn read_with_pandas(py: &(PathBuf, PathBuf), dir: &TestDir, out: &Path, facts: &Value) {
    let mut c = command(&py.0, dir.path());
    c.arg(build().root.join("tests/checker/check_pandas.py"))
        .arg(out)
        .env("PYTHONPATH", &py.1);
    let k = run(&mut c);
    k.assert_ok("check_pandas.py (is python3-pandas installed? scripts/setup.sh)");
    let p: Value = serde_json::from_str(&k.stdout).unwrap();
    for table in ["calls", "operations", "files", "handles"] {
        let file = &p["files"][format!("{table}.parquet")];
        assert_eq!(file["rows"], facts[table], "{table}: {}", k.stdout);
        let compared: Vec<&str> = (file["compared"].as_array().unwrap().iter())
            .map(|c| c.as_str().unwrap())
            .collect();
        assert!(
            compared.contains(&"layer") && compared.contains(&"process"),
            "{table}: {compared:?}"
        );
    }
    let function = &p["files"]["calls.parquet"]["compared"];
    assert!(
        function.as_array().unwrap().iter().any(|c| c == "function"),
        "{function}"
    );
}

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// The job-wide row of files.parquet sums for (file, layer).
fn job_file<'a>(f: &'a Value, path: &str, layer: &str) -> &'a Value {
    f["files_per_job"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["file"] == path && x["layer"] == layer)
        .unwrap_or_else(|| panic!("no {layer} row for {path} in {:#}", f["files_per_job"]))
}

/// Operations (count, bytes) of the chains matching every given key = value.
fn chains(f: &Value, keys: &[(&str, &str)]) -> (u64, u64) {
    f["chains"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| keys.iter().all(|(k, v)| c[*k] == *v))
        .fold((0, 0), |a, c| (a.0 + u(&c["ops"]), a.1 + u(&c["bytes"])))
}

#[test]
fn posix_and_stdio_programs() {
    let py = need_pyarrow!();
    let dir = TestDir::new("export-posix-stdio");

    // mixed.c: a stream and its descriptor on one file, known to the byte.
    let prog = compile(&dir, "mixed", &[]);
    let trace = dir.join("mixed-trace");
    run_traced_ok(&prog, &dir, &trace, &[]);
    let f = export_and_check(&py, &dir, &trace, "mixed");
    let dat = format!("{}/mixed.dat", dir.str());
    let isoc = job_file(&f, &dat, "ISOC");
    assert_eq!(
        (
            u(&isoc["write_ops"]),
            u(&isoc["write_bytes"]),
            u(&isoc["flush_ops"])
        ),
        (2, 15, 1),
        "fwrite 10 + fwrite 5, fflush: {isoc}"
    );
    let posix = job_file(&f, &dat, "POSIX");
    assert_eq!(
        (u(&posix["write_ops"]), u(&posix["write_bytes"])),
        (1, 2),
        "write(fileno) 2 bytes: {posix}"
    );
    assert_eq!(u(&posix["read_ops"]) + u(&isoc["read_ops"]), 0);
    let calls = &f["calls_per_function"];
    for (func, n) in [
        ("printf", 1),
        ("fflush", 2),
        ("write", 2),
        ("fopen", 1),
        ("fwrite", 2),
        ("fileno", 1),
        ("fclose", 1),
    ] {
        assert_eq!(calls[func], n, "{func} calls: {calls}");
    }
    assert_eq!(chains(&f, &[("call_function", "printf")]), (1, 8));
    assert_eq!(
        chains(&f, &[("call_function", "fwrite"), ("file", "mixed.dat")]),
        (2, 15)
    );
    // Arguments: raw values and text with the path resolved; the call's file.
    let sample = f["calls_sample"].as_array().unwrap();
    let fopen = sample.iter().find(|c| c["function"] == "fopen").unwrap();
    assert_eq!(fopen["file"], dat.as_str());
    assert!(
        fopen["args_text"]
            .as_str()
            .unwrap()
            .starts_with(&format!("path={dat:?}, mode=0x241")),
        "{fopen}"
    );
    assert_eq!(fopen["args"].as_array().unwrap().len(), 3, "{fopen}");
    let writes: Vec<&Value> = sample
        .iter()
        .filter(|c| c["function"] == "fwrite")
        .collect();
    assert_eq!(writes.len(), 2);
    for (w, n) in writes.iter().zip([10, 5]) {
        assert_eq!(w["file"], dat.as_str(), "{w}");
        assert_eq!(w["ret"], n, "{w}");
        assert_eq!(w["args"][2], n, "nmemb: {w}");
        assert!(
            w["args_text"]
                .as_str()
                .unwrap()
                .contains(&format!("size=1, nmemb={n}")),
            "{w}"
        );
    }
    assert!(
        f["handles_rows"]
            .as_array()
            .unwrap()
            .iter()
            .any(|h| h["file"] == dat.as_str() && h["layer"] == "ISOC"),
        "{:#}",
        f["handles_rows"]
    );

    // posix_all.c and stdio_all.c: every function of both layers, checked against the
    // summary by the checker; every call the program made is a row.
    for prog in ["posix_all", "stdio_all"] {
        let bin = compile(&dir, prog, &[]);
        let trace = dir.join(format!("{prog}-trace"));
        run_traced_ok(&bin, &dir, &trace, &[]);
        let f = export_and_check(&py, &dir, &trace, prog);
        let text = text_dump(&trace);
        let mut dumped: BTreeMap<String, u64> = BTreeMap::new();
        for l in text.lines().filter(|l| !l.starts_with('#')) {
            let call = l.split_whitespace().nth(2).unwrap_or_default();
            if let Some((name, _)) = call.split_once('(') {
                *dumped.entry(name.to_string()).or_default() += 1;
            }
        }
        let exported: BTreeMap<String, u64> = f["calls_per_function"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.clone(), u(v)))
            .collect();
        assert_eq!(
            exported, dumped,
            "{prog}: calls per function, export vs recorder2text"
        );
        let layer = if prog == "posix_all" { "POSIX" } else { "ISOC" };
        let (ops, bytes) = chains(&f, &[("layer", layer), ("mode", "write")]);
        assert!(ops >= 5 && bytes > 0, "{prog}: {ops} writes, {bytes} bytes");
        let (ops, bytes) = chains(&f, &[("layer", layer), ("mode", "read")]);
        assert!(ops >= 5 && bytes > 0, "{prog}: {ops} reads, {bytes} bytes");
    }
}

#[test]
fn mpi_io_at_4_ranks() {
    let py = need_pyarrow!();
    if !have_mpirun() {
        eprintln!("skipped: mpirun not found on PATH (Open MPI is needed for the MPI tests)");
        return;
    }
    let dir = TestDir::new("export-mpi-io");
    let prog = compile_mpi(&dir, "mpi_io_all.c", &[]);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let r = run(mpirun(4, dir.path(), &trace, &[]).arg(&prog).arg(&data));
    r.assert_ok("traced mpi_io_all at 4 ranks");
    let f = export_and_check(&py, &dir, &trace, "mpi");

    // Every data call the program printed is a call of that rank.
    let mut printed: BTreeMap<(u64, String), u64> = BTreeMap::new();
    for l in r.stdout.lines() {
        let Some(rest) = l.strip_prefix("op ") else {
            continue;
        };
        let func = rest.split_whitespace().next().unwrap().to_string();
        let rank: u64 = rest
            .split_whitespace()
            .find_map(|w| w.strip_prefix("rank="))
            .unwrap()
            .parse()
            .unwrap();
        *printed.entry((rank, func)).or_default() += 1;
    }
    assert!(
        printed.len() >= 4 * 25,
        "{} (rank, function) kinds",
        printed.len()
    );
    let exported: BTreeMap<(u64, String), u64> = f["calls_per_rank_function"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| !c["rank"].is_null())
        .map(|c| {
            (
                (u(&c["rank"]), c["function"].as_str().unwrap().to_string()),
                u(&c["calls"]),
            )
        })
        .collect();
    for (k, n) in &printed {
        assert_eq!(exported.get(k), Some(n), "calls of {k:?}");
    }
    let ranks: std::collections::BTreeSet<u64> = exported.keys().map(|k| k.0).collect();
    assert_eq!(ranks, (0..4).collect());

    // MPI_File_write_at moves 64 bytes per call at the MPI-IO layer, and the POSIX writes
    // beneath it have it as parent and root, with the same bytes.
    let n = printed
        .iter()
        .filter(|(k, _)| k.1 == "MPI_File_write_at")
        .map(|(_, n)| n)
        .sum::<u64>();
    assert_eq!(n, 8, "2 MPI_File_write_at per rank");
    let mpiio = chains(
        &f,
        &[
            ("layer", "MPI-IO"),
            ("call_function", "MPI_File_write_at"),
            ("file", "all.dat"),
        ],
    );
    assert_eq!(mpiio, (n, 64 * n));
    let posix = chains(
        &f,
        &[
            ("layer", "POSIX"),
            ("mode", "write"),
            ("root_function", "MPI_File_write_at"),
        ],
    );
    assert!(posix.0 >= n, "{posix:?}");
    assert_eq!(posix.1, 64 * n, "POSIX bytes beneath MPI_File_write_at");
    let direct = chains(
        &f,
        &[
            ("layer", "POSIX"),
            ("parent_function", "MPI_File_write_at"),
            ("root_function", "MPI_File_write_at"),
            ("file", "all.dat"),
        ],
    );
    assert_eq!(
        direct, posix,
        "the POSIX writes are called by MPI_File_write_at"
    );
    // Collective writes beneath which the POSIX writes of the aggregators happen.
    let (coll, _) = chains(
        &f,
        &[
            ("layer", "POSIX"),
            ("root_function", "MPI_File_write_at_all"),
        ],
    );
    assert!(coll >= 1);
    // MPI-IO handles carry their communicator.
    let handles = f["handles_rows"].as_array().unwrap();
    let all: Vec<&Value> = handles
        .iter()
        .filter(|h| h["layer"] == "MPI-IO" && h["file"] == format!("{}/all.dat", data.display()))
        .collect();
    assert_eq!(all.len(), 4, "one all.dat handle per rank");
    assert!(all.iter().all(|h| h["comm_size"] == 4), "{all:?}");
    read_by_four_engines(&py, &dir, &trace, &f);
}

/// The MPI trace exported again with `--partition-by job,rank`, both layouts read by
/// pyarrow, polars, DuckDB and PySpark (tests/checker/check_engines.py): timestamp and
/// signed types, the file metadata, and the sums equal to `summary --json --runtime-files`.
fn read_by_four_engines(py: &(PathBuf, PathBuf), dir: &TestDir, trace: &Path, f: &Value) {
    // Parquet keeps every file; the summary puts the MPI runtime's apart unless asked.
    let s = launcher(&[
        "summary".as_ref(),
        trace.as_os_str(),
        "--json".as_ref(),
        "--runtime-files".as_ref(),
    ]);
    s.assert_ok("summary --json --runtime-files");
    let summary = dir.join("engines-summary.json");
    std::fs::write(&summary, &s.stdout).unwrap();
    let part = dir.join("mpi-part");
    let r = export(trace, &part, &["--partition-by", "job,rank"]);
    r.assert_ok("export --partition-by job,rank");
    let account = r.stderr_lines().last().unwrap().to_string();
    assert!(
        account.ends_with(&format!(
            "written to {} in 4 partitions by job,rank",
            part.display()
        )),
        "{account}"
    );
    // One job: job=1 (the flat files' null; partition values are never null), one folder
    // per rank.
    for table in ["calls", "operations", "extents", "files", "handles"] {
        let job = part.join(table).join("job=1");
        let mut ranks: Vec<String> = std::fs::read_dir(&job)
            .unwrap_or_else(|e| panic!("{}: {e}", job.display()))
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        ranks.sort();
        assert_eq!(ranks, ["rank=0", "rank=1", "rank=2", "rank=3"], "{table}");
        for r in &ranks {
            assert!(job.join(r).join("part-0.parquet").is_file(), "{table}/{r}");
        }
    }
    let mut top: Vec<String> = std::fs::read_dir(&part)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    top.sort();
    // The call sites are trace-wide: one file beside the partitioned tables.
    assert_eq!(
        top,
        ["call_sites.parquet", "calls", "extents", "files", "handles", "operations"]
    );

    let mut c = command(&py.0, dir.path());
    c.arg(build().root.join("tests/checker/check_engines.py"))
        .arg(dir.join("mpi"))
        .arg(&part)
        .arg("--summary")
        .arg(&summary)
        .env("PYTHONPATH", &py.1)
        .env_remove("SPARK_HOME");
    let k = run(&mut c);
    k.assert_ok("check_engines.py (pyarrow, polars, duckdb, pyspark: scripts/setup.sh)");
    let e: Value = serde_json::from_str(k.stdout.trim()).unwrap();
    let want = &e["expected"];
    assert_eq!(
        want["calls"], f["calls"],
        "the summary's calls are the export's"
    );
    assert_eq!(want["operations"], f["operations"]);
    // mpi_io_all: two 64-byte MPI_File_write_at per rank, counted at MPI-IO and again at
    // POSIX beneath (the sums are over layers), and more through the collectives.
    assert!(u(&want["write_bytes"]) >= 4 * 2 * 64 * 2, "{want}");
    for engine in ["pyarrow", "polars", "duckdb", "spark"] {
        for layout in ["flat", "partitioned"] {
            let got = &e["engines"][engine][layout];
            for k in [
                "calls",
                "operations",
                "read_bytes",
                "write_bytes",
                "read_ops",
                "write_ops",
            ] {
                assert_eq!(got[k], want[k], "{engine} {layout} {k}");
            }
            assert_eq!(
                got["ranks"],
                serde_json::json!([0, 1, 2, 3]),
                "{engine} {layout}"
            );
        }
    }
    let types = |engine: &str, col: &str| e["engines"][engine]["types"][col].clone();
    assert_eq!(types("pyarrow", "start_ns"), "timestamp[ns, tz=UTC]");
    assert_eq!(types("pyarrow", "duration_ns"), "duration[ns]");
    assert_eq!(types("pyarrow", "call_id"), "int64");
    assert_eq!(
        types("polars", "start_ns"),
        "Datetime(time_unit='ns', time_zone='UTC')"
    );
    assert_eq!(types("polars", "duration_ns"), "Duration(time_unit='ns')");
    assert_eq!(types("polars", "call_id"), "Int64");
    assert!(
        types("duckdb", "start_ns")
            .as_str()
            .unwrap()
            .starts_with("TIMESTAMP"),
        "{}",
        types("duckdb", "start_ns")
    );
    assert_eq!(types("duckdb", "call_id"), "BIGINT");
    // Every column checked against DuckDB's own reserved words (`offset` was one).
    assert!(
        u(&e["engines"]["duckdb"]["reserved_words"]) > 50,
        "{}",
        k.stdout
    );
    // Spark 4.0 reads TIMESTAMP(NANOS) as bigint ns (spark.sql.legacy.parquet.nanosAsLong).
    assert_eq!(types("spark", "start_ns"), "bigint");
    assert_eq!(types("spark", "call_id"), "bigint");
    assert_eq!(types("spark", "rank"), "bigint");

    // The file metadata: schema version, the trace, the clock resolution, the job.
    let m = &e["engines"]["pyarrow"]["metadata"];
    assert_eq!(m["schema_version"], "2");
    assert_eq!(m["table"], "operations");
    let canonical = std::fs::canonicalize(trace).unwrap();
    assert_eq!(m["trace"], canonical.display().to_string());
    assert!(m["clock_resolution_ns"]
        .as_str()
        .unwrap()
        .parse::<u64>()
        .is_ok());
    assert_eq!(m["job"]["processes"], 4);
    assert_eq!(m["job"]["mpi_ranks"], 4);
    assert_eq!(m["units"]["start_ns"], "ns since the Unix epoch, UTC");
    assert_eq!(m["units"]["duration_ns"], "ns");
    assert_eq!(m["units"]["file_offset"], "bytes");
}

#[test]
fn many_calls_span_row_groups() {
    let py = need_pyarrow!();
    let dir = TestDir::new("export-many");
    let prog = compile(&dir, "writer_loop", &[]);
    let trace = dir.join("trace");
    let n: u64 = 150_000;
    run_traced_ok(&prog, &dir, &trace, &[&n.to_string()]);
    let f = export_and_check(&py, &dir, &trace, "many");
    // open + n writes + close (+ the printf at the end), in batches of 64 Ki rows: row groups.
    assert!(u(&f["calls"]) >= n + 2, "{}", f["calls"]);
    assert_eq!(u(&f["operations"]), n + 1, "n writes + the printf");
    assert!(
        u(&f["row_groups"]["calls.parquet"]) >= 3,
        "{}",
        f["row_groups"]
    );
    assert!(
        u(&f["row_groups"]["operations.parquet"]) >= 3,
        "{}",
        f["row_groups"]
    );
    assert_eq!(
        f["calls_in_id_order"], true,
        "one process's rows keep their order"
    );
    let dat = format!("{}/loop.dat", dir.str());
    let posix = job_file(&f, &dat, "POSIX");
    assert_eq!(
        (u(&posix["write_ops"]), u(&posix["write_bytes"])),
        (n, 100 * n),
        "{posix}"
    );
    assert_eq!(
        chains(
            &f,
            &[
                ("call_function", "write"),
                ("file", "loop.dat"),
                ("mode", "write")
            ]
        ),
        (n, 100 * n)
    );
}

// ------------------------------------------------------------------------------ bad input

/// Failed cleanly: non-zero, one stderr line "recorder-otf2: ..." naming `names`, no panic.
fn assert_clean_error(r: &Run, names: &str, what: &str) {
    assert!(!r.status.success(), "{what}: succeeded:\n{}", r.stderr);
    assert!(
        r.status.code().is_some() && !r.stderr.contains("panicked"),
        "{what}: crashed ({:?}):\n{}",
        r.status,
        r.stderr
    );
    let lines = r.stderr_lines();
    assert_eq!(lines.len(), 1, "{what}: one line:\n{}", r.stderr);
    assert!(
        lines[0].starts_with("recorder-otf2: ") && lines[0].contains(names),
        "{what}: should name {names}: {}",
        lines[0]
    );
}

fn listing(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let data = std::fs::read(e.path()).unwrap_or_default();
            (e.file_name().to_string_lossy().into_owned(), data)
        })
        .collect();
    v.sort();
    v
}

#[test]
fn bad_input_and_existing_files() {
    let dir = TestDir::new("export-bad");
    let prog = compile(&dir, "writer_loop", &[]);
    let trace = dir.join("trace");
    let mut c = traced(&prog, dir.path(), &trace);
    c.env("RECORDER_OTF2_BUFFER_SIZE", "4096")
        .arg(dir.path())
        .arg("3000");
    run(&mut c).assert_ok("writer_loop");

    // A missing trace: nothing created.
    let missing = dir.join("no-such-trace");
    let out = dir.join("out-missing");
    let r = export(&missing, &out, &[]);
    assert_clean_error(&r, &missing.to_string_lossy(), "missing trace");
    assert!(!out.exists(), "output folder created for a missing trace");

    // The output is a file.
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    let r = export(&trace, &file, &["--force"]);
    assert_clean_error(&r, &file.to_string_lossy(), "output is a file");
    assert_eq!(std::fs::read(&file).unwrap(), b"x");

    // Existing files need --force; they are left as they were.
    let out = dir.join("out");
    export(&trace, &out, &["-q"]).assert_ok("first export");
    let before = listing(&out);
    assert_eq!(before.len(), 6);
    let r = export(&trace, &out, &[]);
    let calls = out.join("calls.parquet");
    // The first existing table in the order they are written: the call sites'.
    let first = out.join("call_sites.parquet");
    assert_clean_error(&r, &first.to_string_lossy(), "existing files");
    assert!(r.stderr.contains("--force"), "{}", r.stderr);
    assert_eq!(
        listing(&out),
        before,
        "existing files changed or temporaries left"
    );
    // Some of them there: still refused, naming the first.
    std::fs::remove_file(&calls).unwrap();
    let r = export(&trace, &out, &[]);
    assert_clean_error(&r, &first.to_string_lossy(), "some existing files");
    assert_eq!(listing(&out).len(), 5);
    // --force replaces them (same trace: same content).
    let r = export(&trace, &out, &["--force"]);
    r.assert_ok("export --force");
    assert_eq!(listing(&out).len(), 6);
    assert_eq!(
        listing(&out)
            .iter()
            .find(|f| f.0 == "calls.parquet")
            .map(|f| f.1.len()),
        before
            .iter()
            .find(|f| f.0 == "calls.parquet")
            .map(|f| f.1.len())
    );
    // A directory in the way is not replaced, even with --force.
    let odd = dir.join("odd");
    std::fs::create_dir_all(odd.join("handles.parquet")).unwrap();
    let r = export(&trace, &odd, &["--force"]);
    assert_clean_error(
        &r,
        &odd.join("handles.parquet").to_string_lossy(),
        "directory in the way",
    );
    assert_eq!(
        listing(&odd).len(),
        1,
        "temporaries left in {}",
        odd.display()
    );

    // --partition-by: its value is checked (clap's usage error), nothing is created.
    for (value, why) in [
        ("host", "unknown partition column `host`"),
        ("rank,rank", "partition column `rank` given twice"),
        ("rank,job", "partition by job,rank"),
        ("", "no partition column given"),
    ] {
        let p = dir.join("part-bad");
        let r = export(&trace, &p, &["--partition-by", value]);
        assert_eq!(r.status.code(), Some(2), "{value:?}: {}", r.stderr);
        assert!(r.stderr.contains(why), "{value:?}: {}", r.stderr);
        assert!(!p.exists(), "{value:?}: output created");
    }
    // A partitioned export: writer_loop's one process is no MPI rank (rank=-1: partition
    // values are never null). Existing table folders need --force, which replaces them;
    // no staging folder is left.
    let part = dir.join("part");
    export(&trace, &part, &["-q", "--partition-by", "rank"]).assert_ok("partitioned export");
    let names = |d: &Path| -> Vec<String> { listing(d).into_iter().map(|f| f.0).collect() };
    let tables = ["calls", "extents", "files", "handles", "operations"];
    let mut top = vec!["call_sites.parquet"];
    top.extend(tables);
    assert_eq!(names(&part), top);
    for t in tables {
        let f = part.join(t).join("rank=-1/part-0.parquet");
        assert!(f.is_file(), "{}", f.display());
    }
    let r = export(&trace, &part, &["--partition-by", "rank"]);
    assert_clean_error(
        &r,
        &part.join("call_sites.parquet").to_string_lossy(),
        "existing folders",
    );
    assert_eq!(names(&part), top);
    let r = export(&trace, &part, &["--force", "--partition-by", "rank"]);
    r.assert_ok("partitioned export --force");
    assert!(
        r.stderr.ends_with(&format!(
            "written to {} in 1 partition by rank\n",
            part.display()
        )),
        "{}",
        r.stderr
    );
    assert_eq!(names(&part), top);
    // A file where a table folder goes is not replaced, even with --force.
    let odd = dir.join("part-odd");
    std::fs::create_dir_all(&odd).unwrap();
    std::fs::write(odd.join("handles"), "x").unwrap();
    let r = export(&trace, &odd, &["--force", "--partition-by", "rank"]);
    assert_clean_error(
        &r,
        &odd.join("handles").to_string_lossy(),
        "file in the way",
    );
    assert_eq!(listing(&odd), [("handles".to_string(), b"x".to_vec())]);

    // A stream corrupt in its second chunk: that chunk's calls are skipped with a warning
    // naming the stream, the rest is exported (an export that fails part way removes what it
    // wrote: tests/tests/tool_failures.rs stops one with signals and a full disk).
    let bad = dir.join("corrupt");
    copy_trace(&trace, &bad);
    let pdir = process_folders(&bad)[0].clone();
    let stream = pdir.join("thread-0.rec");
    let mut r = io_events::stream::StreamReader::open(&stream).unwrap();
    let mut ch = io_events::stream::Chunk::default();
    let mut chunks = Vec::new();
    while r.next_chunk(&mut ch).unwrap() {
        chunks.push((ch.offset, ch.payload.len()));
    }
    assert!(chunks.len() >= 3, "{} chunks", chunks.len());
    let mut bytes = std::fs::read(&stream).unwrap();
    let (off, len) = chunks[1];
    bytes[off as usize + io_events::stream::CHUNK_HEADER_LEN + len / 2] ^= 0x5a;
    std::fs::write(&stream, &bytes).unwrap();
    let out = dir.join("out-corrupt");
    let r = export(&bad, &out, &[]);
    r.assert_ok("export of a trace with a damaged chunk");
    let warning = r
        .stderr_lines()
        .into_iter()
        .find(|l| l.contains("warning"))
        .unwrap_or_default()
        .to_string();
    assert!(
        warning.contains(&*stream.to_string_lossy()) && warning.contains("CRC"),
        "{}",
        r.stderr
    );
    assert_eq!(listing(&out).len(), 6, "the six tables");
}

/// Two `mpirun` jobs (2 ranks each) in one trace directory (mpi_jobs.c: a write job, then a
/// read job): every row carries its job (1, 2) beside its rank, as `summary` numbers them,
/// and each (job, rank) has its calls.
#[test]
fn two_jobs_keep_their_job_column() {
    let py = need_pyarrow!();
    if !have_mpirun() {
        eprintln!("skipped: mpirun not found on PATH (Open MPI is needed for the MPI tests)");
        return;
    }
    let dir = TestDir::new("export-jobs");
    let prog = compile_mpi(&dir, "mpi_jobs.c", &[]);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    for mode in ["write", "read"] {
        let r = run(mpirun(2, dir.path(), &trace, &[])
            .arg(&prog)
            .arg(&data)
            .arg(mode));
        r.assert_ok(&format!("mpirun -np 2 mpi_jobs {mode}"));
    }
    let f = export_and_check(&py, &dir, &trace, "jobs");
    let got: Vec<(u64, u64)> = f["calls_per_job_rank"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            assert!(u(&c["calls"]) > 0, "{c}");
            (u(&c["job"]), u(&c["rank"]))
        })
        .collect();
    assert_eq!(got, [(1, 0), (1, 1), (2, 0), (2, 1)]);
}

/// The byte ranges of operations through a strided MPI view (tests/programs/strided_view.c):
/// extents.parquet holds exactly the program's ranges, per rank in program order.
#[test]
fn strided_view_ranges() {
    let py = need_pyarrow!();
    if !have_mpirun() {
        eprintln!("skipped: mpirun not found on PATH (Open MPI is needed for the MPI tests)");
        return;
    }
    let np = 2u64;
    let (dir, trace, _) = trace_strided_view("export-strided-view", np as u32);
    let f = export_and_check(&py, &dir, &trace, "view");
    let mut want = Vec::new();
    for rank in 0..np {
        let a = strided_view_account(rank, np);
        let ops = a
            .writes
            .iter()
            .map(|w| ("write", w))
            .chain(a.reads.iter().map(|r| ("read", r)));
        for (mode, ranges) in ops {
            let ranges: Vec<Vec<u64>> = ranges.iter().map(|&(o, n)| vec![o, n]).collect();
            want.push(
                serde_json::json!({"rank": rank, "layer": "MPI-IO", "mode": mode,
                "file": "view.dat", "ranges": ranges}),
            );
        }
    }
    let got: Vec<Value> = f["multi_range_ops"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["layer"] == "MPI-IO")
        .cloned()
        .collect();
    assert_eq!(got, want);
}
