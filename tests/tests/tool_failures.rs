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
            for i in 0..3 {
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
        "only {checked} runs (of up to 36) were interrupted in time"
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
        for i in 0..3 {
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
            "calls.parquet",
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
