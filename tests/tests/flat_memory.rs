//! `summary`, `summary --json` and `report` keep a flat memory whatever the number of
//! calls: their peak resident memory on a 4 M-call trace is within 10 % of that on a
//! 0.5 M-call trace of the same program (issue 30: the conflicts section, on by default, made
//! `summary --json` grow from 44 MiB at 0.5 M calls to 207 MiB at 4 M). The overlaps are
//! computed only with `--conflicts`.

use e2e_tests::*;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Stdio;

/// tests/programs/rewrite_loop.c traced: `count` pwrites of 8 bytes at offset 0.
fn loop_trace(dir: &TestDir, prog: &Path, count: u64) -> PathBuf {
    let trace = dir.join(format!("t{count}"));
    let r = run_traced_ok(prog, dir, &trace, &[&count.to_string()]);
    assert_eq!(r.stdout.trim(), format!("rewrote {count}"));
    trace
}

/// Peak resident memory in KiB of the launcher running `args`, which must succeed; its
/// stdout goes to `out`.
fn peak_kib(args: &[&str], trace: &Path, out: &Path) -> i64 {
    let mut c = command(&build().launcher, trace.parent().unwrap());
    c.args(args)
        .arg(trace)
        .stdout(std::fs::File::create(out).unwrap())
        .stderr(Stdio::null());
    // Its own process group: nothing else of this test is waited for by wait4 below.
    c.process_group(0);
    let child = c.spawn().expect("start recorder-otf2");
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value for wait4 to fill.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: pid is our child, not yet waited for (the Child handle is never waited).
    let got = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(got, pid, "wait4: {}", std::io::Error::last_os_error());
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "recorder-otf2 {args:?} failed: status {status:#x}"
    );
    usage.ru_maxrss
}

#[test]
fn summary_json_and_report_stay_flat_from_half_a_million_to_four_million_calls() {
    let dir = TestDir::new("flat_memory");
    let prog = compile(&dir, "rewrite_loop", &["-O1"]);
    let small = loop_trace(&dir, &prog, 500_000);
    let large = loop_trace(&dir, &prog, 4_000_000);
    let json = dir.join("s.json");
    let html = dir.join("r.html");
    let cases: [&[&str]; 3] = [
        &["summary", "-q"],
        &["summary", "-q", "--json"],
        &["report", "-q", "--force", "-o", html.to_str().unwrap()],
    ];
    for args in cases {
        let a = peak_kib(args, &small, &json);
        let b = peak_kib(args, &large, &json);
        let grown = (b - a) as f64 / a as f64;
        assert!(
            grown.abs() <= 0.10,
            "{args:?}: peak {a} KiB at 0.5 M calls, {b} KiB at 4 M calls ({:+.1} %)",
            grown * 100.0
        );
    }
    // The answers are of the large trace: 4 M pwrites of 8 bytes, and no overlaps computed.
    let mut c = command(&build().launcher, dir.path());
    let r = run(c.args(["summary", "-q", "--json"]).arg(&large));
    r.assert_ok("summary --json");
    let j: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(j["conflicts"], serde_json::Value::Null);
    let posix = j["layers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["layer"] == "POSIX")
        .expect("a POSIX layer row");
    assert_eq!(posix["write_bytes"], 8 * 4_000_000u64, "{posix}");
    let html = std::fs::read_to_string(&html).unwrap();
    assert!(
        html.contains("id=\"conflicts-off\""),
        "the report says the overlaps were not computed"
    );
}
