//! The tools that write files, stopped or starved (issue 16): SIGINT, SIGTERM and SIGHUP
//! during recorder2otf2, `export` and `perfetto` remove what they wrote and exit with
//! 128 + the signal after one line; a full output (file size limit: EFBIG, as a full disk
//! gives ENOSPC) is one line naming the file and the reason, with nothing left; `--force`
//! removes only an OTF2 archive.

use e2e_tests::*;
use std::collections::BTreeSet;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

/// Every path under `dir` (recursively), relative to it.
fn listing(dir: &Path) -> BTreeSet<PathBuf> {
    fn walk(base: &Path, d: &Path, out: &mut BTreeSet<PathBuf>) {
        for e in std::fs::read_dir(d).unwrap().flatten() {
            let p = e.path();
            out.insert(p.strip_prefix(base).unwrap().to_path_buf());
            if p.is_dir() && !p.is_symlink() {
                walk(base, &p, out);
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(dir, dir, &mut out);
    out
}

/// A trace of writer_loop making `calls` writes, in `dir`/`name`.
fn loop_trace(dir: &TestDir, name: &str, calls: u64) -> PathBuf {
    let prog = compile(dir, "writer_loop", &[]);
    let trace = dir.join(name);
    let mut c = traced(&prog, dir.path(), &trace);
    c.arg(dir.path()).arg(calls.to_string());
    run(&mut c).assert_ok("writer_loop");
    let _ = std::fs::remove_file(dir.join("loop.dat"));
    trace
}

/// The tools that write into `out_dir`: (the name their messages start with, the command).
fn tools(trace: &Path, out_dir: &Path) -> Vec<(&'static str, std::process::Command)> {
    let b = build();
    let mut conv = command(&b.to_otf2, out_dir);
    conv.arg(trace).arg(out_dir.join("out.otf2"));
    let mut export = command(&b.launcher, out_dir);
    export
        .args(["export", "--parquet"])
        .arg(out_dir.join("pq"))
        .arg(trace);
    // The partitioned layout: its staging folder goes as the flat layout's temporaries do.
    let mut partitioned = command(&b.launcher, out_dir);
    partitioned
        .args(["export", "--partition-by", "job,rank", "--parquet"])
        .arg(out_dir.join("pqp"))
        .arg(trace);
    let mut perfetto = command(&b.launcher, out_dir);
    perfetto
        .arg("perfetto")
        .arg(trace)
        .arg("-o")
        .arg(out_dir.join("t.pftrace"));
    vec![
        ("recorder2otf2", conv),
        ("recorder-otf2", export),
        ("recorder-otf2", perfetto),
        ("recorder-otf2", partitioned),
    ]
}

/// Run `cmd`, send `sig` as soon as something appeared in `out_dir`; the exit status
/// (None: killed by a signal) and stderr, or None when it finished before the signal.
fn interrupted(
    cmd: &mut std::process::Command,
    out_dir: &Path,
    sig: i32,
) -> Option<(Option<i32>, String)> {
    cmd.stdout(Stdio::null()).stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("spawn the tool");
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut err, &mut s).ok();
        s
    });
    let start = Instant::now();
    let mut sent = false;
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if !sent && !listing(out_dir).is_empty() {
            // SAFETY: kill(2) on our own child.
            unsafe { libc::kill(child.id() as i32, sig) };
            sent = true;
        }
        assert!(start.elapsed() < RUN_TIMEOUT, "the tool did not finish");
        std::thread::sleep(Duration::from_millis(1));
    };
    let stderr = reader.join().unwrap();
    if !sent || (status.success() && !stderr.contains("interrupted")) {
        return None;
    }
    Some((status.code(), stderr))
}

#[test]
fn signals_remove_what_the_tools_wrote() {
    let dir = TestDir::new("tool-signals");
    let trace = loop_trace(&dir, "trace", 3_000_000);
    let mut checked = 0;
    // A loaded machine may let a tool finish before the signal is sent: more rounds then.
    for round in 0..4 {
        if checked >= 6 {
            break;
        }
        for (sig, name) in [
            (libc::SIGINT, "SIGINT"),
            (libc::SIGTERM, "SIGTERM"),
            (libc::SIGHUP, "SIGHUP"),
        ] {
            for i in 0..4 {
                let out_dir = dir.subdir(&format!("out-{name}-{i}-{round}"));
                let (tool, mut cmd) = tools(&trace, &out_dir).swap_remove(i);
                let what = format!("{name} to {cmd:?}");
                let Some((code, stderr)) = interrupted(&mut cmd, &out_dir, sig) else {
                    eprintln!("{what}: finished before the signal; not checked");
                    continue;
                };
                checked += 1;
                assert_eq!(code, Some(128 + sig), "{what}: exit status\n{stderr}");
                let lines: Vec<&str> = stderr.lines().filter(|l| !l.is_empty()).collect();
                assert_eq!(lines.len(), 1, "{what}: one line:\n{stderr}");
                assert!(
                    lines[0].starts_with(&format!("{tool}: interrupted by {name}; removed ")),
                    "{what}: {}",
                    lines[0]
                );
                let left = listing(&out_dir);
                assert!(left.is_empty(), "{what}: left behind: {left:?}");
            }
        }
    }
    // The tools take seconds on this trace: most runs must have been stopped while writing.
    assert!(
        checked >= 6,
        "only {checked} runs (of up to 48) were interrupted in time"
    );
}

/// `cmd` with a file size limit of `bytes` (writes beyond fail with EFBIG, SIGXFSZ ignored).
fn with_file_limit(cmd: &mut std::process::Command, bytes: u64) {
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let lim = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &lim) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

#[test]
fn a_full_output_says_so_and_leaves_nothing() {
    let dir = TestDir::new("tool-full");
    let trace = loop_trace(&dir, "trace", 20_000);
    for limit in [0u64, 4096, 64 << 10, 512 << 10] {
        for i in 0..4 {
            let out_dir = dir.subdir(&format!("out-{limit}-{i}"));
            let (tool, mut cmd) = tools(&trace, &out_dir).swap_remove(i);
            with_file_limit(&mut cmd, limit);
            let what = format!("{cmd:?} with files of at most {limit} bytes");
            let r = run(&mut cmd);
            if r.status.success() && limit >= 64 << 10 {
                // Small enough to fit (Parquet compresses 20,000 calls into less).
                continue;
            }
            assert!(!r.status.success(), "{what}: succeeded\n{}", r.stderr);
            let lines = r.stderr_lines();
            assert_eq!(lines.len(), 1, "{what}: one line:\n{}", r.stderr);
            let line = lines[0];
            assert!(line.starts_with(&format!("{tool}: ")), "{what}: {line}");
            assert!(
                line.contains("too large") && line.contains(&*out_dir.to_string_lossy()),
                "{what}: the line should name the file and the reason: {line}"
            );
            assert!(!line.contains("Buffer"), "{what}: {line}");
            let left = listing(&out_dir);
            assert!(left.is_empty(), "{what}: left behind: {left:?}");
        }
    }
    // The report: written whole at the end, same rule.
    let out_dir = dir.subdir("out-report");
    let mut cmd = command(&build().launcher, &out_dir);
    cmd.args(["report", "-q", "--no-conflicts"])
        .arg(&trace)
        .arg("-o")
        .arg(out_dir.join("r.html"));
    with_file_limit(&mut cmd, 4096);
    let r = run(&mut cmd);
    assert!(!r.status.success(), "report: {}", r.stderr);
    assert_eq!(r.stderr_lines().len(), 1, "{}", r.stderr);
    assert!(
        r.stderr.contains("r.html") && r.stderr.contains("too large"),
        "{}",
        r.stderr
    );
    assert!(listing(&out_dir).is_empty());
}

#[test]
fn force_replaces_only_an_otf2_archive() {
    let dir = TestDir::new("tool-force");
    let trace = loop_trace(&dir, "trace", 100);
    let out = dir.join("out.otf2");
    let def = dir.join("out.def");
    let folder = dir.join("out");
    let refused = |what: &str, names: &Path| {
        let before = listing(dir.path());
        let r = convert_raw(&trace, &out, &["--force"]);
        assert!(!r.status.success(), "{what}: --force succeeded");
        assert_eq!(r.stderr_lines().len(), 1, "{what}: {}", r.stderr);
        assert!(
            r.stderr.contains(&*names.to_string_lossy()) && r.stderr.contains("not an OTF2"),
            "{what}: {}",
            r.stderr
        );
        assert_eq!(listing(dir.path()), before, "{what}: something was touched");
    };
    // A user's file named like the anchor, alone, or beside a real .def and folder.
    std::fs::write(&out, "my notes").unwrap();
    refused("a text file as anchor", &out);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "my notes");
    std::fs::remove_file(&out).unwrap();
    convert_raw(&trace, &out, &[]).assert_ok("recorder2otf2");
    let anchor = std::fs::read(&out).unwrap();
    // What the OTF2 library writes first: an endianness marker and the string OTF2.
    assert!(anchor[0] == 3 && &anchor[2..7] == b"OTF2\0", "{anchor:?}");
    std::fs::write(&out, "my notes").unwrap();
    refused("a text file beside an archive", &out);
    // A .def that OTF2 did not write.
    std::fs::write(&out, &anchor).unwrap();
    std::fs::write(&def, "my definitions").unwrap();
    refused("a text file as .def", &def);
    std::fs::remove_file(&def).unwrap();
    // A folder holding a file OTF2 did not write (named like an event file).
    std::fs::remove_dir_all(&folder).unwrap();
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("0.evt"), "my events").unwrap();
    refused("a text file in the folder", &folder);
    // The real archive is replaced.
    std::fs::remove_dir_all(&folder).unwrap();
    std::fs::remove_file(&out).unwrap();
    convert_raw(&trace, &out, &[]).assert_ok("recorder2otf2");
    convert_raw(&trace, &out, &["--force"]).assert_ok("recorder2otf2 --force");
    check(&out);

    // export --force touches only its four files in the folder.
    let pq = dir.subdir("pq");
    std::fs::write(pq.join("notes.txt"), "mine").unwrap();
    let export = |extra: &[&str]| {
        let mut c = command(&build().launcher, dir.path());
        c.args(["export", "-q", "--parquet"])
            .arg(&pq)
            .arg(&trace)
            .args(extra);
        run(&mut c)
    };
    export(&[]).assert_ok("export");
    export(&["--force"]).assert_ok("export --force");
    assert_eq!(
        std::fs::read_to_string(pq.join("notes.txt")).unwrap(),
        "mine"
    );
    let names: BTreeSet<String> = std::fs::read_dir(&pq)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        names,
        [
            "call_sites.parquet",
            "calls.parquet",
            "extents.parquet",
            "files.parquet",
            "handles.parquet",
            "notes.txt",
            "operations.parquet"
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    );
}

/// A trace of `program` (writer_loop, or rewrite_loop: every write on the same 8 bytes)
/// making `calls` writes.
fn program_trace(dir: &TestDir, program: &str, calls: u64) -> PathBuf {
    let prog = compile(dir, program, &[]);
    let trace = dir.join(format!("{program}-trace"));
    let mut c = traced(&prog, dir.path(), &trace);
    c.arg(dir.path()).arg(calls.to_string());
    run(&mut c).assert_ok(program);
    trace
}

/// Issue 33: every numeric option has bounds; a value beyond is refused before any work
/// (clap's line naming the option and the bound, exit status 2), one at the bound works.
#[test]
fn numeric_options_beyond_their_bounds_are_refused() {
    let b = build();
    let dir = TestDir::new("tool-bounds");
    let trace = loop_trace(&dir, "trace", 200);
    let t = trace.to_str().unwrap();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = format!("at most {} on this machine (4 per core", 4 * cores);
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["summary", t, "--threads", "100000"], &threads),
        (
            vec!["report", t, "-o", "r.html", "--threads", "1000"],
            &threads,
        ),
        (vec!["conflicts", t, "--threads", "1000"], &threads),
        (
            vec!["perfetto", t, "-o", "p.pftrace", "--threads", "1000"],
            &threads,
        ),
        (vec!["compare", t, t, "--threads", "1000"], &threads),
        (vec!["pack", t, "--threads", "1000"], &threads),
        (
            vec!["conflicts", t, "--memory", "1K"],
            "'1K' is out of bounds: from 64K to 64T",
        ),
        (vec!["conflicts", t, "--memory", "65T"], "from 64K to 64T"),
        (
            vec!["conflicts", t, "--max-pairs", "0"],
            "0 is not in 1..=1000000000",
        ),
        (
            vec!["perfetto", t, "-o", "p.pftrace", "--max-size", "1K"],
            "from 256K to 1T",
        ),
        (
            vec!["replay", t, "--into", "x", "--timing", "scaled:1e300"],
            "0 <= F <= 1000",
        ),
        (
            vec!["replay", t, "--into", "x", "--timing", "scaled:1001"],
            "0 <= F <= 1000",
        ),
        (vec!["summary", t, "--top", "0"], "0 is not in 1..=100000"),
        (
            vec!["compare", t, t, "--max-diffs", "2000000"],
            "not in 0..=1000000",
        ),
        (
            vec!["extrapolate", t, t, t, "--ranks", "2000000", "-o", "x"],
            "not in 1..=1048576",
        ),
        (
            vec!["extrapolate", t, t, t, "--ranks", "0", "-o", "x"],
            "not in 1..=1048576",
        ),
        (
            vec!["record", "--window", "17", "--", "true"],
            "17 is not in 1..=16",
        ),
        (
            vec!["record", "--time-resolution", "0", "--", "true"],
            "not in 1..=1000000",
        ),
        (
            vec!["record", "--buffer-size", "1K", "--", "true"],
            "not a size from 4K to 256M",
        ),
    ];
    let refused = |mut c: std::process::Command, want: &str| {
        let r = run(&mut c);
        let what = format!("{c:?}");
        assert_eq!(r.code(), Some(2), "{what}: {}", r.stderr);
        let first = r.stderr_lines()[0];
        assert!(
            first.starts_with("error: invalid value") && first.contains(want),
            "{what}: {first:?} should say {want:?}"
        );
    };
    for (args, want) in cases {
        let mut c = command(&b.launcher, dir.path());
        c.args(&args);
        refused(c, want);
    }
    let mut c = command(&b.to_otf2, dir.path());
    c.arg(&trace).arg("o.otf2").args(["--threads", "100000"]);
    refused(c, &threads);
    assert!(!dir.join("o.otf2").exists() && !dir.join("x").exists());
    // At the bounds: the most threads, the smallest budget and piece.
    let max = (4 * cores).to_string();
    let mut c = command(&b.launcher, dir.path());
    c.args(["summary", "-q", "--threads", &max]).arg(&trace);
    let r = run(&mut c);
    r.assert_ok("summary at the most threads");
    assert!(r.stdout.contains("write"), "{}", r.stdout);
    let mut c = command(&b.launcher, dir.path());
    c.args(["perfetto", "-q", "--max-size", "256K", "-o", "p.pftrace"])
        .arg(&trace);
    run(&mut c).assert_ok("perfetto at the smallest piece");
}

/// `conflicts --memory 64K` (the minimum) on ~400,000 accesses under `ulimit -n 64`: a
/// thousand runs on disk merged in passes of bounded fan-in, the same answer as in memory,
/// and no run left.
#[test]
fn conflicts_spill_at_the_minimum_memory_under_a_low_descriptor_limit() {
    let b = build();
    let dir = TestDir::new("tool-spill");
    let trace = program_trace(&dir, "writer_loop", 400_000);
    let runs = dir.subdir("runs");
    let mut c = command("sh", dir.path());
    c.args(["-c", "ulimit -n 64; exec \"$0\" \"$@\""])
        .arg(&b.launcher)
        .args([
            "conflicts",
            "-q",
            "--json",
            "--details",
            "--memory",
            "64K",
            "--tmp-dir",
        ])
        .arg(&runs)
        .arg(&trace);
    let small = run(&mut c);
    small.assert_ok("conflicts --memory 64K under ulimit -n 64");
    let mut c = command(&b.launcher, dir.path());
    c.args(["conflicts", "-q", "--json", "--details"])
        .arg(&trace);
    let full = run(&mut c);
    full.assert_ok("conflicts in memory");
    let mut small: serde_json::Value = serde_json::from_str(&small.stdout).unwrap();
    let mut full: serde_json::Value = serde_json::from_str(&full.stdout).unwrap();
    let spilled = small["spilled"].as_u64().unwrap();
    assert!(spilled > 390_000, "only {spilled} accesses went to disk");
    assert_eq!(full["spilled"], 0);
    let accesses: u64 = full["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["accesses"].as_u64().unwrap_or(0))
        .sum();
    assert!(
        accesses >= 400_000,
        "{accesses} accesses in {}",
        full["files"]
    );
    small["spilled"] = serde_json::Value::Null;
    full["spilled"] = serde_json::Value::Null;
    assert_eq!(small, full, "answers with and without runs on disk");
    assert!(listing(&runs).is_empty(), "runs left: {:?}", listing(&runs));
}

/// Run `cmd` (stdout piped), send `sig` once its first output arrived (its output phase),
/// drain the rest; the exit status and stderr.
fn interrupted_while_printing(cmd: &mut std::process::Command, sig: i32) -> (Option<i32>, String) {
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("spawn the tool");
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut err, &mut s).ok();
        s
    });
    let mut out = child.stdout.take().unwrap();
    let mut buf = vec![0u8; 1 << 16];
    let first = std::io::Read::read(&mut out, &mut buf).unwrap();
    assert!(first > 0, "no output");
    // SAFETY: kill(2) on our own child.
    unsafe { libc::kill(child.id() as i32, sig) };
    std::io::copy(&mut out, &mut std::io::sink()).unwrap();
    let status = child.wait().unwrap();
    (status.code(), reader.join().unwrap())
}

/// SIGINT while `conflicts` prints its result (the last phase of its run): exit 130 after
/// one line, the runs' folder emptied; the same three times.
#[test]
fn sigint_while_conflicts_prints_stops_it() {
    let b = build();
    let dir = TestDir::new("tool-conflicts-sigint");
    let trace = program_trace(&dir, "rewrite_loop", 100_000);
    for i in 0..3 {
        let runs = dir.subdir(&format!("runs-{i}"));
        let mut c = command(&b.launcher, dir.path());
        c.args([
            "conflicts",
            "-q",
            "--json",
            "--details",
            "--max-pairs",
            "50000",
        ])
        .args(["--memory", "64K", "--tmp-dir"])
        .arg(&runs)
        .arg(&trace);
        let (code, stderr) = interrupted_while_printing(&mut c, libc::SIGINT);
        assert_eq!(code, Some(130), "round {i}: {stderr}");
        assert_eq!(
            stderr.trim_end(),
            "recorder-otf2: interrupted by SIGINT; removed the temporary runs (the output printed is incomplete)",
            "round {i}"
        );
        assert!(listing(&runs).is_empty(), "round {i}: {:?}", listing(&runs));
    }
}

/// SIGTERM during `summary`: exit 143 after one line (it writes no file), never killed by
/// the signal's default action.
#[test]
fn sigterm_stops_summary_with_one_line() {
    let b = build();
    let dir = TestDir::new("tool-summary-sigterm");
    let trace = loop_trace(&dir, "trace", 3_000_000);
    let mut checked = 0;
    for delay_ms in [150, 100, 60, 250, 30, 200] {
        let mut c = command(&b.launcher, dir.path());
        c.args(["summary", "-q", "--threads", "1"]).arg(&trace);
        c.stdout(Stdio::null()).stderr(Stdio::piped());
        let child = c.spawn().unwrap();
        std::thread::sleep(Duration::from_millis(delay_ms));
        // SAFETY: kill(2) on our own child.
        unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        if out.status.success() {
            eprintln!("summary finished within {delay_ms} ms; not checked");
            continue;
        }
        checked += 1;
        assert_eq!(
            out.status.code(),
            Some(143),
            "after {delay_ms} ms: {stderr}"
        );
        assert_eq!(
            stderr.trim_end(),
            "recorder-otf2: interrupted by SIGTERM; removed nothing (summary writes no file)"
        );
    }
    assert!(checked >= 2, "only {checked} summaries were interrupted");
}

/// `report` and `perfetto` make a missing output folder (as export, extrapolate and replay
/// do); a report that fails removes the folders it made.
#[test]
fn report_and_perfetto_make_a_missing_output_folder() {
    let b = build();
    let dir = TestDir::new("tool-missing-folder");
    let trace = loop_trace(&dir, "trace", 2_000);
    let report = dir.join("new/a/r.html");
    let mut c = command(&b.launcher, dir.path());
    c.args(["report", "-q"]).arg(&trace).arg("-o").arg(&report);
    run(&mut c).assert_ok("report into a missing folder");
    let html = std::fs::read_to_string(&report).unwrap();
    assert!(
        html.contains("<html") && html.contains("write"),
        "{}",
        &html[..200]
    );
    let timeline = dir.join("other/t.pftrace");
    let mut c = command(&b.launcher, dir.path());
    c.args(["perfetto", "-q"])
        .arg(&trace)
        .arg("-o")
        .arg(&timeline);
    run(&mut c).assert_ok("perfetto into a missing folder");
    assert!(std::fs::metadata(&timeline).unwrap().len() > 1000);
    // A failure (the thresholds file is missing) after the folders were made: gone again.
    let mut c = command(&b.launcher, dir.path());
    c.args(["report", "-q", "--config", "/nonexistent/t.yaml"])
        .arg(&trace)
        .arg("-o")
        .arg(dir.join("gone/b/r.html"));
    let r = run(&mut c);
    assert_eq!(r.code(), Some(1), "{}", r.stderr);
    assert_eq!(r.stderr_lines().len(), 1, "{}", r.stderr);
    assert!(r.stderr.contains("/nonexistent/t.yaml"), "{}", r.stderr);
    assert!(!dir.join("gone").exists(), "the folders made were left");
}
