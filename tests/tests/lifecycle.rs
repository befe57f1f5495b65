//! The OTF2 handle life cycle across threads (issue 33, N3): a read in progress on a pipe while
//! another thread closes its descriptor (legal on Linux: the read holds the open file) ends
//! its handle after the read's Complete, on the reading thread; the descriptor number is free
//! at the close, so the file opened next on it gets a handle of its own. The checker's life
//! cycle rules themselves are tested by tests/checker/test_check_otf2.py, run here.

use e2e_tests::*;
use std::path::Path;

fn launcher(args: &[&std::ffi::OsStr]) -> Run {
    let mut c = command(&build().launcher, Path::new("/"));
    c.args(args);
    run(&mut c)
}

/// The events of location `loc` in order.
fn events_of(a: &Archive, loc: u64) -> &[Event] {
    let l = a.locations.iter().find(|l| l.id == loc);
    &l.expect("the location").events
}

#[test]
fn read_completing_after_its_descriptor_was_closed() {
    let dir = TestDir::new("read-after-close");
    let trace = dir.join("trace");
    let prog = compile(&dir, "read_after_close", &[]);
    let r = run_traced_ok(&prog, &dir, &trace, &[]);
    assert_eq!(
        r.stdout,
        "reused descriptor 1\nwrote 12, read 12: after close\n"
    );
    // otf2-print -Werror and the checker (life cycle rules included) accept the archive.
    let a = convert_and_check(&trace, &dir.join("rac.otf2"));
    assert_eq!(a.locations.len(), 2, "main and the reader");
    let reads = a.events_of("IoOperationBegin");
    let reads: Vec<&&Event> = reads
        .iter()
        .filter(|e| e.mode.as_deref() == Some("READ"))
        .collect();
    let [begin] = reads[..] else {
        panic!("one read: {reads:?}")
    };
    let h = begin.handle_id.expect("a handle");
    assert!(begin.handle.as_deref().unwrap_or("").starts_with("pipe:["));
    let reader = begin.location;
    let evs = events_of(&a, reader);
    let done = evs
        .iter()
        .position(|e| e.ty == "IoOperationComplete" && e.matching_id == begin.matching_id)
        .expect("the read completes");
    // Its bytes, then its handle's end, then the read's Leave: all on the reading thread.
    assert_eq!(evs[done].bytes_result, Some(12));
    assert_eq!(evs[done].handle_id, Some(h));
    assert_eq!(evs[done + 1].ty, "IoDestroyHandle");
    assert_eq!(evs[done + 1].handle_id, Some(h));
    assert_eq!(evs[done + 1].time, evs[done].time);
    assert_eq!(evs[done + 2].ty, "Leave");
    assert_eq!(evs[done + 2].region.as_deref(), Some("read"));
    // The main thread's close of the read end came before, and ended nothing there.
    let destroys = a.events_of("IoDestroyHandle");
    let of_h: Vec<&&Event> = destroys.iter().filter(|e| e.handle_id == Some(h)).collect();
    assert_eq!(of_h.len(), 1, "one destroy of the read end: {of_h:?}");
    let main = events_of(&a, a.locations.iter().find(|l| l.id != reader).unwrap().id);
    let first_close = main
        .iter()
        .position(|e| e.ty == "Enter" && e.region.as_deref() == Some("close"))
        .expect("the close");
    assert_eq!(
        main[first_close + 1].ty,
        "Leave",
        "no event inside the close"
    );
    assert!(main[first_close + 1].time < evs[done].time);
    // after.dat got the freed descriptor number and a handle of its own.
    let w = dir.str();
    let after = a.ops_on(&format!("{w}/after.dat"));
    assert_eq!(after.len(), 1);
    assert_ne!(after[0].handle_id, h);
    assert_eq!(after[0].bytes_result, 5);
    // The other consumers take the same trace.
    let s = launcher(&["summary".as_ref(), trace.as_os_str(), "--json".as_ref()]);
    s.assert_ok("recorder-otf2 summary --json");
    let summary: serde_json::Value = serde_json::from_str(&s.stdout).expect("summary JSON");
    // A pipe is not a file the program opened by name: it is among the runtime files.
    let files = summary["runtime_files"]["top"].as_array().expect("files");
    // (The test's own stdout is a pipe too: the one read is known by its name.)
    let pipe = files
        .iter()
        .find(|f| f["path"].as_str() == begin.handle.as_deref())
        .expect("the pipe in the summary");
    assert_eq!(pipe["class"], "pipe");
    assert_eq!(
        (pipe["read_bytes"].as_u64(), pipe["read_ops"].as_u64()),
        (Some(12), Some(1))
    );
    assert_eq!(pipe["write_bytes"].as_u64(), Some(12));
    let pf = dir.join("rac.pftrace");
    let p = launcher(&[
        "perfetto".as_ref(),
        trace.as_os_str(),
        "-o".as_ref(),
        pf.as_os_str(),
    ]);
    p.assert_ok("recorder-otf2 perfetto");
    assert!(std::fs::metadata(&pf).expect("the Perfetto trace").len() > 0);
    let pq = dir.join("parquet");
    let e = launcher(&[
        "export".as_ref(),
        trace.as_os_str(),
        "--parquet".as_ref(),
        pq.as_os_str(),
    ]);
    e.assert_ok("recorder-otf2 export");
    for f in ["calls", "files", "handles", "operations"] {
        assert!(pq.join(format!("{f}.parquet")).is_file(), "no {f}.parquet");
    }
}

/// The checker's own handle life cycle rules, on archives written with python3-otf2.
#[test]
fn checker_life_cycle_rules() {
    let mut c = command(SYSTEM_PYTHON, Path::new("/"));
    c.arg(build().root.join("tests/checker/test_check_otf2.py"));
    let r = run(&mut c);
    r.assert_ok("test_check_otf2.py");
    assert_eq!(
        r.stdout.lines().last(),
        Some("7 passed, 0 failed"),
        "{}",
        r.stdout
    );
}
