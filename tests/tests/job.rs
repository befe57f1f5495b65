//! The job described in `summary` (text and JSON) and the report: user, command line,
//! start and end in wall-clock time, hosts, ranks, MPI library, and how the processes ended
//! (exit status or signal), each checked against what the test itself did.

use e2e_tests::*;
use serde_json::Value;
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

fn now_ns() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
}

fn summary(trace: &Path, json: bool) -> String {
    let mut c = command(&build().launcher, trace.parent().unwrap());
    c.args(["summary", "-q"])
        .args(json.then_some("--json"))
        .arg(trace);
    let r = run(&mut c);
    r.assert_ok("recorder-otf2 summary");
    r.stdout
}

fn job(trace: &Path) -> Value {
    let j: Value = serde_json::from_str(&summary(trace, true)).unwrap();
    j["job"].clone()
}

/// Start and end inside the test's own window, end after start, wall time their difference.
fn assert_times(j: &Value, before: u64, after: u64) {
    let (s, e) = (
        j["start_unix_ns"].as_u64().unwrap(),
        j["end_unix_ns"].as_u64().unwrap(),
    );
    assert!(
        before <= s && s <= e && e <= after,
        "{before} {s} {e} {after}"
    );
    let wall = j["wall_s"].as_f64().unwrap();
    assert!((wall - (e - s) as f64 / 1e9).abs() < 1e-6, "{j}");
    // ISO 8601 in UTC, to the second (its arithmetic: io-model's unit tests).
    let iso = j["start"].as_str().unwrap();
    assert!(
        iso.len() == 20 && iso.ends_with('Z') && iso.as_bytes()[10] == b'T',
        "{iso}"
    );
}

#[test]
fn mpi_job_is_described_in_summary_text_json_and_report() {
    if !have_mpirun() {
        eprintln!("skipped: mpirun not found");
        return;
    }
    let dir = TestDir::new("job-mpi");
    let prog = compile_mpi(&dir, "mpi_io_all.c", &[]);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let before = now_ns();
    let mut c = mpirun(2, dir.path(), &trace, &[("USER", "jobtester")]);
    run(c.arg(&prog).arg(&data)).assert_ok("mpi_io_all at 2 ranks");
    let after = now_ns();
    let j = job(&trace);
    assert_eq!(j["users"], serde_json::json!(["jobtester"]));
    assert_eq!(j["command"][0], prog.display().to_string());
    assert_eq!(j["command"][1], data.display().to_string());
    assert_eq!(j["hosts"], serde_json::json!([hostname()]));
    assert_eq!(
        (j["processes"].as_u64(), j["mpi_ranks"].as_u64()),
        (Some(2), Some(2))
    );
    let lib = j["mpi_libraries"][0].as_str().unwrap();
    assert!(lib.starts_with("Open MPI v"), "{lib}");
    assert_eq!(
        j["outcomes"],
        serde_json::json!([{"ending": "exit", "status": 0, "processes": 2}])
    );
    assert_times(&j, before, after);
    // The text says the same.
    let text = summary(&trace, false);
    for line in [
        format!("Command: {} {}", prog.display(), data.display()),
        format!(
            "User: jobtester; run: {} to {}",
            j["start"].as_str().unwrap(),
            j["end"].as_str().unwrap()
        ),
        format!("Where: 2 MPI ranks on 1 host ({})", hostname()),
        format!("MPI: {lib}"),
        "Ended: exit status 0 (2 processes)".to_string(),
    ] {
        assert!(text.contains(&line), "{line}\n{text}");
    }
    // The report's header.
    let html = dir.join("r.html");
    let mut c = command(&build().launcher, dir.path());
    run(c.args(["report", "-q"]).arg(&trace).arg("-o").arg(&html)).assert_ok("report");
    let page = std::fs::read_to_string(&html).unwrap();
    for (k, v) in [
        ("users", "jobtester".to_string()),
        ("hosts", hostname()),
        ("mpi_libraries", lib.to_string()),
        ("outcome", "exit status 0 (2 processes)".into()),
        ("start", j["start"].as_str().unwrap().to_string()),
    ] {
        assert!(
            page.contains(&format!("data-k=\"{k}\" data-v=\"{v}\"")),
            "{k}={v}"
        );
    }
}

#[test]
fn exit_status_and_stopping_signal_are_said() {
    let dir = TestDir::new("job-endings");
    // exit_code.c exits with status 3.
    let prog = compile(&dir, "exit_code", &[]);
    let trace = dir.join("exit");
    let r = run(traced(&prog, dir.path(), &trace).arg(dir.path()));
    assert_eq!(r.code(), Some(3));
    let j = job(&trace);
    assert_eq!(
        j["outcomes"],
        serde_json::json!([{"ending": "exit", "status": 3, "processes": 1}])
    );
    assert!(summary(&trace, false).contains("Ended: exit status 3 (1 process)"));
    // writer_loop stopped by SIGTERM in the middle of its writes.
    let prog = compile(&dir, "writer_loop", &[]);
    let trace = dir.join("term");
    let mut c = traced(&prog, dir.path(), &trace);
    c.arg(dir.path()).args(["100000", "1000"]);
    let child = c.spawn().expect("start writer_loop");
    std::thread::sleep(Duration::from_millis(500));
    // SAFETY: a plain kill of our own child.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGTERM) }, 0);
    let out = child.wait_with_output().unwrap();
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(out.status.signal(), Some(libc::SIGTERM));
    let j = job(&trace);
    assert_eq!(
        j["outcomes"],
        serde_json::json!([{"ending": "signal", "signal": libc::SIGTERM, "processes": 1}])
    );
    assert!(summary(&trace, false).contains("Ended: signal 15 (SIGTERM) (1 process)"));
}
