//! `recorder-otf2 compare A B` (issue 15): per process, file and layer, the operations
//! (mode, offset, bytes) and the file calls (function, flags) of two traces. Two runs of the
//! same program compare equal once their data folders are mapped onto each other (exit 0);
//! a run that writes differently is told with the file, the process and the first item that
//! differs (exit 1); bad input is one line (exit 2).

use e2e_tests::*;
use std::path::{Path, PathBuf};

/// `recorder-otf2 compare ARGS`.
fn compare(args: &[&str]) -> Run {
    let mut c = command(&build().launcher, Path::new("/"));
    c.arg("compare").args(args);
    run(&mut c)
}

/// writer_loop DATA COUNT traced into TRACE.
fn writer_loop(dir: &TestDir, name: &str, count: &str) -> (PathBuf, PathBuf) {
    let prog = compile(dir, "writer_loop", &[]);
    let data = dir.subdir(&format!("data-{name}"));
    let trace = dir.join(format!("trace-{name}"));
    let mut c = traced(&prog, dir.path(), &trace);
    c.arg(&data).arg(count);
    run(&mut c).assert_ok("writer_loop");
    (data, trace)
}

#[test]
fn two_runs_of_a_program() {
    let dir = TestDir::new("compare-posix");
    let (da, ta) = writer_loop(&dir, "a", "50");
    let (db, tb) = writer_loop(&dir, "b", "50");
    let (dc, tc) = writer_loop(&dir, "c", "51");
    let (da, db, dc) = (da.display(), db.display(), dc.display());
    let map = format!("{da}/={db}/");
    let only = format!("{db}/");
    let ta = ta.to_str().unwrap();
    // The same program and arguments: the same operations on loop.dat.
    let r = compare(&[
        ta,
        tb.to_str().unwrap(),
        "--map",
        &map,
        "--only",
        &only,
        "-q",
    ]);
    assert_eq!(r.status.code(), Some(0), "{r:?}");
    assert!(
        r.stdout
            .contains("0 of 1 (process, file, layer) sequences differ"),
        "{}",
        r.stdout
    );
    // --only may name the first trace's files too (mapped as its names are) ...
    let only_a = format!("{da}/");
    let r = compare(&[
        ta,
        tb.to_str().unwrap(),
        "--map",
        &map,
        "--only",
        &only_a,
        "-q",
    ]);
    assert_eq!(r.status.code(), Some(0), "{r:?}");
    assert!(r.stdout.contains("0 of 1 "), "{}", r.stdout);
    // ... and one that selects no file of either trace is an error, not "0 of 0".
    let r = compare(&[ta, tb.to_str().unwrap(), "--only", "/no/such/", "-q"]);
    assert_eq!(r.status.code(), Some(2), "{r:?}");
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert!(
        r.stderr.contains("no file under --only /no/such/"),
        "{}",
        r.stderr
    );
    // Without the map, the files are not the same files.
    let r = compare(&[ta, tb.to_str().unwrap(), "-q"]);
    assert_eq!(r.status.code(), Some(1), "{r:?}");
    assert!(
        r.stdout.contains(&format!(
            "process 0, {da}/loop.dat, POSIX: only in A (50 operations, 0 bytes read, 5000 written"
        )),
        "{}",
        r.stdout
    );
    // One write more: the same first 50, then B has one more.
    let map_c = format!("{da}/={dc}/");
    let r = compare(&[
        ta,
        tc.to_str().unwrap(),
        "--map",
        &map_c,
        "--only",
        &format!("{dc}/"),
        "-q",
    ]);
    assert_eq!(r.status.code(), Some(1), "{r:?}");
    // open, 50 writes, then A closes where B writes once more.
    let want = format!("process 0, {dc}/loop.dat, POSIX: item 51 differs: A close() / B write at 5000, 100 bytes requested, 100 done");
    assert!(r.stdout.contains(&want), "{}", r.stdout);
    assert!(
        r.stdout
            .contains("1 of 1 (process, file, layer) sequences differ"),
        "{}",
        r.stdout
    );
    // Bad input: one line naming the trace, status 2.
    let missing = dir.join("no-such-trace");
    let r = compare(&[ta, missing.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(2), "{r:?}");
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert!(r.stderr.contains("no-such-trace"), "{}", r.stderr);
    let r = compare(&[ta, ta, "--map", "nomap"]);
    assert_eq!(r.status.code(), Some(2), "{r:?}");
}

/// The IOR equivalent (MPIIO, collective, shared file) twice at 2 ranks: per rank, the
/// same MPI-IO and POSIX operations on ior.dat; at another transfer layout (file per
/// process) they differ.
#[test]
fn ior_equivalent_at_2_ranks() {
    let dir = TestDir::new("compare-ior");
    let Some(prog) = ior_equivalent(&dir) else {
        return;
    };
    let ior = |name: &str, fpp: &str| {
        let data = dir.subdir(&format!("data-{name}"));
        let trace = dir.join(format!("trace-{name}"));
        let r = run(mpirun(2, dir.path(), &trace, &[])
            .arg(&prog)
            .arg(&data)
            .args(["MPIIO", "1", fpp]));
        r.assert_ok("ior_equiv");
        (format!("{}/", data.display()), trace)
    };
    let (da, ta) = ior("a", "0");
    let (db, tb) = ior("b", "0");
    let map = format!("{da}={db}");
    let (ta, tb) = (ta.to_str().unwrap(), tb.to_str().unwrap());
    let r = compare(&[ta, tb, "--map", &map, "--only", &db, "-q"]);
    assert_eq!(r.status.code(), Some(0), "{r:?}");
    // Per rank: ior.dat at MPI-IO and POSIX, and ROMIO's lock test file ior.dat.locktest.R.
    assert!(
        r.stdout
            .contains("0 of 6 (process, file, layer) sequences differ"),
        "{}",
        r.stdout
    );
    let (dc, tc) = ior("c", "1");
    let map = format!("{da}={dc}");
    let r = compare(&[ta, tc.to_str().unwrap(), "--map", &map, "--only", &dc, "-q"]);
    assert_eq!(r.status.code(), Some(1), "{r:?}");
    assert!(
        r.stdout
            .contains(&format!("rank 1, {dc}ior.dat, MPI-IO: only in A")),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains(&format!("rank 1, {dc}ior.dat.00000001, MPI-IO: only in B")),
        "{}",
        r.stdout
    );
}
