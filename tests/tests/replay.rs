//! `recorder-otf2 replay TRACE --into DIR` (issue 15, POSIX layer): the recorded I/O
//! re-issued on files mapped under DIR; `--record RDIR` traces the replay, and `compare`
//! (which maps the files by itself from the replay's `replay.yaml`) finds the same
//! operations, offsets, bytes and open flags per file as in the original. Programs: our
//! writer_loop, coreutils' dd (reading a file the replay has to make first) and the IOR
//! equivalent's POSIX backend at one rank.

use e2e_tests::*;
use std::path::{Path, PathBuf};

fn launcher(args: &[&str]) -> Run {
    let mut c = command(&build().launcher, Path::new("/"));
    c.args(args);
    run(&mut c)
}

/// The report's line for all processes.
fn all_line(r: &Run) -> &str {
    let line = r.stdout.lines().find(|l| l.starts_with("| all |"));
    line.unwrap_or_else(|| panic!("no '| all |' line in:\n{}", r.stdout))
}

/// Replay `trace` into `<dir>/replayed` with --record, then compare under `only` (a
/// recorded prefix); returns the replay's report (stdout of the recorded replay).
fn replay_and_compare(dir: &TestDir, trace: &Path, only: &Path) -> (Run, PathBuf) {
    let into = dir.join("replayed");
    let rtrace = dir.join("replay-trace");
    let r = launcher(&[
        "replay",
        trace.to_str().unwrap(),
        "--into",
        into.to_str().unwrap(),
        "--only",
        &format!("{}/", only.display()),
        "--record",
        rtrace.to_str().unwrap(),
    ]);
    r.assert_ok("recorder-otf2 replay --record");
    let mapped = format!("{}{}/", into.display(), only.display());
    let c = launcher(&[
        "compare",
        trace.to_str().unwrap(),
        rtrace.to_str().unwrap(),
        "--only",
        &mapped,
        "-q",
    ]);
    assert_eq!(
        c.status.code(),
        Some(0),
        "compare original / replay:\n{}{}",
        c.stdout,
        c.stderr
    );
    assert!(
        !c.stdout.contains(" 0 operations and calls compared"),
        "{}",
        c.stdout
    );
    (r, into)
}

#[test]
fn writer_loop_replayed() {
    let dir = TestDir::new("replay-loop");
    let prog = compile(&dir, "writer_loop", &[]);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let mut c = traced(&prog, dir.path(), &trace);
    c.arg(&data).arg("40");
    run(&mut c).assert_ok("writer_loop");
    let (r, into) = replay_and_compare(&dir, &trace, &data);
    // The report: 42 calls (open, 40 writes, close), 4000 bytes as in the original.
    let all = all_line(&r);
    assert!(
        all.starts_with("| all | 42 | 0 | 0 | 0 (0) | 4000 (4000) |"),
        "{all}"
    );
    let out = into.join(data.strip_prefix("/").unwrap()).join("loop.dat");
    assert_eq!(std::fs::metadata(&out).unwrap().len(), 4000);
    // The original's file is untouched.
    assert_eq!(
        std::fs::metadata(data.join("loop.dat")).unwrap().len(),
        4000
    );
}

#[test]
fn dd_reading_a_file_it_did_not_write() {
    let dir = TestDir::new("replay-dd");
    let data = dir.subdir("data");
    std::fs::write(data.join("in.dat"), vec![7u8; 10_000]).unwrap();
    let trace = dir.join("trace");
    let mut c = traced(Path::new("/bin/dd"), dir.path(), &trace);
    c.arg(format!("if={}/in.dat", data.display()))
        .arg(format!("of={}/out.dat", data.display()))
        .args(["bs=1000", "count=7", "status=none"]);
    run(&mut c).assert_ok("dd");
    let (_, into) = replay_and_compare(&dir, &trace, &data);
    let mapped = into.join(data.strip_prefix("/").unwrap());
    // in.dat made as far as dd read it (7 blocks), out.dat written as dd did.
    assert_eq!(
        std::fs::metadata(mapped.join("in.dat")).unwrap().len(),
        7000
    );
    assert_eq!(
        std::fs::metadata(mapped.join("out.dat")).unwrap().len(),
        7000
    );
}

#[test]
fn ior_posix_at_one_rank() {
    let dir = TestDir::new("replay-ior");
    let Some(prog) = ior_equivalent(&dir) else {
        return;
    };
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let r = run(mpirun(1, dir.path(), &trace, &[])
        .arg(&prog)
        .arg(&data)
        .args(["POSIX", "0", "0"]));
    r.assert_ok("ior_equiv POSIX");
    let (r, _) = replay_and_compare(&dir, &trace, &data);
    // 2 segments x 4 transfers of 16 KiB, written and read back.
    let all = all_line(&r);
    assert!(
        all.contains("| 131072 (131072) | 131072 (131072) |"),
        "{all}"
    );
}

#[test]
fn bad_arguments() {
    let dir = TestDir::new("replay-bad");
    let r = launcher(&[
        "replay",
        dir.join("none").to_str().unwrap(),
        "--into",
        dir.join("x").to_str().unwrap(),
    ]);
    assert!(!r.status.success());
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    let r = launcher(&["replay", "/", "--into", "/tmp/x", "--timing", "fast"]);
    assert!(!r.status.success());
    assert!(
        r.stderr.contains("expected asap, original or scaled:F"),
        "{}",
        r.stderr
    );
}
