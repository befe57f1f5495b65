//! `mpirun -np R recorder-otf2 replay TRACE --into DIR` (issue 15, MPI-IO layer): each rank
//! re-issues its own rank's MPI-IO calls through MPI (recorder-otf2-replay-mpi, which the
//! launcher execs); with `--record`, `compare` finds the same operations, offsets and bytes
//! per rank, file and layer (MPI-IO and the POSIX calls MPI made beneath) as in the
//! original. Programs: the IOR equivalent's MPIIO backend at 4 ranks (collective and
//! independent on a shared file, file per process, through a file view with holes) and
//! mpi_io_all (every MPI-IO call: non-blocking, split collectives, shared pointer, views,
//! sub-communicators; with the mpi layer: its barriers replayed) at 4 ranks, parallel HDF5
//! (its MPI-IO calls); a replay at the wrong rank count is refused. Issue 31: calls the
//! replay does not re-issue (the program's statvfs family) left out of both traces by
//! compare and counted; failed MPI_File_open (IOR's existence probe) and MPI_File_delete
//! re-issued, so that what MPI does beneath them is compared too (Open MPI, and an MPICH
//! trace).

use e2e_tests::*;
use std::path::{Path, PathBuf};

const RANKS: u32 = 4;

/// `mpirun -np NP recorder-otf2 ARGS`.
fn launcher_mpirun(np: u32, dir: &Path, args: &[&str]) -> Run {
    let mut c = mpirun_untraced(np, dir);
    c.arg(&build().launcher).args(args);
    run(&mut c)
}

/// `prog ARGS` traced at RANKS ranks by the launcher into `<dir>/trace`.
fn trace_mpi(dir: &TestDir, prog: &Path, args: &[&str]) -> PathBuf {
    trace_layers(dir, prog, args, "posix,stdio,mpiio,hdf5")
}

/// The same, with these layers only.
fn trace_layers(dir: &TestDir, prog: &Path, args: &[&str], layers: &str) -> PathBuf {
    trace_np(dir, RANKS, prog, args, layers)
}

/// The same at NP ranks.
fn trace_np(dir: &TestDir, np: u32, prog: &Path, args: &[&str], layers: &str) -> PathBuf {
    let trace = dir.join("trace");
    let mut c = mpirun_untraced(np, dir.path());
    c.arg(&build().launcher)
        .args([
            "record",
            "--layers",
            layers,
            "-o",
            trace.to_str().unwrap(),
            "--",
        ])
        .arg(prog)
        .args(args);
    run(&mut c).assert_ok("traced MPI program");
    trace
}

/// Replay `trace` at RANKS ranks into `<dir>/replayed` with --record (files under `data`):
/// the replay's report, and the recorded replay's trace.
fn replay_recorded(dir: &TestDir, trace: &Path, data: &Path) -> (Run, PathBuf) {
    replay_recorded_with(dir, trace, data, &[])
}

/// The same with more arguments (`--layer mpiio`).
fn replay_recorded_with(
    dir: &TestDir,
    trace: &Path,
    data: &Path,
    extra: &[&str],
) -> (Run, PathBuf) {
    replay_recorded_np(dir, RANKS, trace, data, extra)
}

/// The same at NP ranks.
fn replay_recorded_np(
    dir: &TestDir,
    np: u32,
    trace: &Path,
    data: &Path,
    extra: &[&str],
) -> (Run, PathBuf) {
    let into = dir.join("replayed");
    let rtrace = dir.join("replay-trace");
    let only = format!("{}/", data.display());
    let r = launcher_mpirun(
        np,
        dir.path(),
        &[
            "replay",
            trace.to_str().unwrap(),
            "--into",
            into.to_str().unwrap(),
            "--only",
            &only,
            "--record",
            rtrace.to_str().unwrap(),
        ]
        .iter()
        .chain(extra)
        .copied()
        .collect::<Vec<&str>>(),
    );
    r.assert_ok("mpirun recorder-otf2 replay --record");
    (r, rtrace)
}

/// `compare TRACE RTRACE --only <replayed data>/`, and the replayed `data`.
fn compare_replay(dir: &TestDir, trace: &Path, rtrace: &Path, data: &Path) -> (Run, PathBuf) {
    let mapped = dir.join("replayed").join(data.strip_prefix("/").unwrap());
    let c = run(command(&build().launcher, dir.path()).args([
        "compare",
        trace.to_str().unwrap(),
        rtrace.to_str().unwrap(),
        "--only",
        &format!("{}/", mapped.display()),
    ]));
    (c, mapped)
}

/// Replay `trace` at RANKS ranks with --record, then compare under `data` (a recorded
/// prefix): exit 0. Returns the replay's report and the replayed `data`.
fn replay_and_compare(dir: &TestDir, trace: &Path, data: &Path) -> (Run, PathBuf) {
    let (r, rtrace) = replay_recorded(dir, trace, data);
    let (c, mapped) = compare_replay(dir, trace, &rtrace, data);
    assert_eq!(
        c.status.code(),
        Some(0),
        "compare original / replay:\n{}{}",
        c.stdout,
        c.stderr
    );
    // Every rank's file at the MPI-IO layer and beneath it compared.
    assert!(c.stdout.contains("0 of "), "{}", c.stdout);
    assert!(!c.stdout.contains(" 0 operations"), "{}", c.stdout);
    (r, mapped)
}

/// The IOR equivalent's MPIIO backend at RANKS ranks with COLL, FPP (and VIEW) replayed,
/// compared, and its files' sizes equal to the original's; the replay's report.
fn ior_mpiio(name: &str, args: &[&str]) -> Option<Run> {
    let dir = TestDir::new(name);
    let prog = ior_equivalent(&dir)?;
    let data = dir.subdir("data");
    let mut all = vec![data.to_str().unwrap(), "MPIIO"];
    all.extend(args);
    let trace = trace_mpi(&dir, &prog, &all);
    let (r, mapped) = replay_and_compare(&dir, &trace, &data);
    // 2 segments x 4 transfers of 16 KiB per rank, written and read back, every byte.
    let row = replay_all_row(&r, "MPI-IO");
    let bytes = format!("{0} ({0})", 4 * 131072);
    assert_eq!(row[2], "0", "failed: {row:?}");
    assert_eq!((&row[3], &row[4]), (&bytes, &bytes), "{row:?}");
    for f in std::fs::read_dir(&data).unwrap() {
        let f = f.unwrap();
        let replayed = mapped.join(f.file_name());
        let (a, b) = (
            f.metadata().unwrap().len(),
            std::fs::metadata(&replayed).unwrap().len(),
        );
        assert_eq!(a, b, "{}", replayed.display());
    }
    Some(r)
}

/// The MPI-IO calls replayed and skipped (all ranks).
fn mpiio_counts(r: &Run) -> (String, String) {
    let row = replay_all_row(r, "MPI-IO");
    (row[0].clone(), row[1].clone())
}

#[test]
fn ior_posix_at_four_ranks() {
    // IOR's POSIX backend under mpirun, traced with the default layers (no barriers in the
    // trace): ranks 1-3 open the shared file after rank 0 created it; the replay keeps that
    // order from the clocks (without it a rank's open fails now and then). Compared per
    // file (each rank's offsets), every byte.
    let dir = TestDir::new("replay-mpi-ior-posix");
    let Some(prog) = ior_equivalent(&dir) else {
        return;
    };
    let data = dir.subdir("data");
    let trace = trace_mpi(&dir, &prog, &[data.to_str().unwrap(), "POSIX", "0", "0"]);
    let (r, _) = replay_and_compare(&dir, &trace, &data);
    assert!(
        r.stderr.contains("3 waits between ranks kept"),
        "{}",
        r.stderr
    );
    let row = replay_all_row(&r, "POSIX");
    let bytes = format!("{0} ({0})", 4 * 131072);
    assert_eq!(row[2], "0", "failed: {row:?}");
    assert_eq!((&row[3], &row[4]), (&bytes, &bytes), "{row:?}");
}

#[test]
fn ior_mpiio_collective_shared_file() {
    // Per rank: open, 8 transfers, close, twice: 80 calls.
    if let Some(r) = ior_mpiio("replay-mpi-ior-coll", &["1", "0"]) {
        assert_eq!(mpiio_counts(&r), ("80".into(), "0".into()));
    }
}

#[test]
fn ior_mpiio_independent_shared_file() {
    ior_mpiio("replay-mpi-ior-indep", &["0", "0"]);
}

#[test]
fn ior_mpiio_file_per_process() {
    ior_mpiio("replay-mpi-ior-fpp", &["1", "1"]);
}

#[test]
fn ior_mpiio_view_with_holes() {
    // A subarray filetype: rebuilt from the blocks the recorder flattened, so that each
    // transfer touches the same bytes (compared per rank and file, every byte).
    if let Some(r) = ior_mpiio("replay-mpi-ior-view", &["1", "0", "1"]) {
        // A set_view and a seek per transfer more: 80 + 2 x (1 + 8) per rank.
        assert_eq!(mpiio_counts(&r), ("152".into(), "0".into()));
        assert!(
            r.stderr.contains("8 file views with holes rebuilt"),
            "{}",
            r.stderr
        );
    }
}

#[test]
fn ior_mpiio_traced_at_the_mpiio_layer_alone() {
    // No POSIX call in the trace: the replay makes the file's folder from MPI_File_open.
    let dir = TestDir::new("replay-mpi-ior-mpiio-only");
    let Some(prog) = ior_equivalent(&dir) else {
        return;
    };
    let data = dir.subdir("data");
    let args = [data.to_str().unwrap(), "MPIIO", "1", "0"];
    let trace = trace_layers(&dir, &prog, &args, "mpiio");
    let into = dir.join("replayed");
    let r = launcher_mpirun(
        RANKS,
        dir.path(),
        &[
            "replay",
            trace.to_str().unwrap(),
            "--into",
            into.to_str().unwrap(),
        ],
    );
    r.assert_ok("mpirun recorder-otf2 replay");
    let row = replay_all_row(&r, "MPI-IO");
    let bytes = format!("{0} ({0})", 4 * 131072);
    assert_eq!((&row[0], &row[2]), (&"80".into(), &"0".into()), "{row:?}");
    assert_eq!((&row[3], &row[4]), (&bytes, &bytes), "{row:?}");
    let replayed = into.join(data.strip_prefix("/").unwrap()).join("ior.dat");
    assert_eq!(std::fs::metadata(replayed).unwrap().len(), 4 * 131072);
}

/// From a trace's text: (MPI-IO calls, of which MPI_File_set_info, of which Wait/Test-
/// family calls that completed no I/O request (no io_request_done inside)). Only calls
/// made by the program (recorder2text indents the calls beneath by two more spaces).
fn mpiio_calls(text: &str) -> (usize, usize, usize) {
    let mpiio = [
        "MPI_File_",
        "MPI_Wait",
        "MPI_Test",
        "MPI_Request_free",
        "MPI_Cancel",
    ];
    let mut calls: Vec<(&str, bool)> = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let t = line.trim_start();
        let Some((_, rest)) = t.split_once(' ') else {
            continue;
        };
        let Some((_, call)) = rest.trim_start().split_once(' ') else {
            continue;
        };
        if mpiio.iter().any(|p| call.starts_with(p)) {
            calls.push((call, false));
        } else if call.trim_start().starts_with("io_request_done") {
            if let Some(last) = calls.last_mut() {
                last.1 = true;
            }
        }
    }
    let info = calls
        .iter()
        .filter(|(c, _)| c.starts_with("MPI_File_set_info"))
        .count();
    let completion = ["MPI_Wait", "MPI_Test"];
    let idle = calls
        .iter()
        .filter(|(c, done)| completion.iter().any(|p| c.starts_with(p)) && !done)
        .count();
    (calls.len(), info, idle)
}

/// mpi_io_all at RANKS ranks traced with `layers`, replayed, compared; the report's MPI-IO
/// row checked against the trace; the report and the trace's text.
fn mpi_io_all(name: &str, layers: &str) -> Option<(Run, String)> {
    let dir = TestDir::new(name);
    if !have_mpirun() {
        eprintln!("skipped: mpirun not found on PATH");
        return None;
    }
    let prog = compile_mpi(&dir, "mpi_io_all.c", &[]);
    let data = dir.subdir("data");
    let trace = trace_layers(&dir, &prog, &[data.to_str().unwrap()], layers);
    let (r, _) = replay_and_compare(&dir, &trace, &data);
    let text = text_dump(&trace);
    // Every MPI-IO call of the program replayed, except set_info (its info is not
    // recorded) and the Wait/Test calls that completed no I/O request (test loops'
    // unsuccessful tests, waits for messages): those are skipped.
    let (calls, info, idle) = mpiio_calls(&text);
    let row = replay_all_row(&r, "MPI-IO");
    assert_eq!(
        row[0],
        (calls - info - idle).to_string(),
        "{calls} {info} {idle}: {row:?}"
    );
    assert_eq!(row[1], (info + idle).to_string(), "{row:?}");
    assert_eq!(row[2], "0", "failed: {row:?}");
    // 20 blocks of 64 bytes read and 19.5 written per rank (mpi_io_all.c's regions), as
    // in the original.
    assert_eq!(
        (&row[3], &row[4]),
        (&"5120 (5120)".into(), &"4992 (4992)".into()),
        "{row:?}"
    );
    Some((r, text))
}

#[test]
fn mpi_io_all_replayed() {
    mpi_io_all("replay-mpi-all", "posix,stdio,mpiio,hdf5");
}

#[test]
fn mpi_io_all_with_the_mpi_layer() {
    // MPI_Barrier replayed (on MPI_COMM_WORLD and the split and created communicators),
    // the other communication of the mpi layer skipped.
    let Some((r, text)) = mpi_io_all("replay-mpi-all-mpi", "posix,mpiio,mpi") else {
        return;
    };
    let barriers = text
        .lines()
        .filter(|l| {
            l.split_whitespace()
                .nth(2)
                .is_some_and(|c| c.starts_with("MPI_Barrier"))
        })
        .count();
    let row = replay_all_row(&r, "MPI");
    assert!(barriers >= 10 * RANKS as usize, "{barriers}");
    assert_eq!(row[0], barriers.to_string(), "{row:?}");
    assert_ne!(row[1], "0", "{row:?}");
    assert_eq!(row[2], "0", "{row:?}");
}

#[test]
fn wrong_rank_count_and_existing_record_folder() {
    let dir = TestDir::new("replay-mpi-ranks");
    let Some(prog) = ior_equivalent(&dir) else {
        return;
    };
    let data = dir.subdir("data");
    let trace = trace_mpi(&dir, &prog, &[data.to_str().unwrap(), "MPIIO", "1", "0"]);
    let into = dir.join("replayed");
    let args = [
        "replay",
        trace.to_str().unwrap(),
        "--into",
        into.to_str().unwrap(),
    ];
    // At 2 ranks, and without mpirun: one line saying what to run, a failure.
    for r in [
        launcher_mpirun(2, dir.path(), &args),
        run(command(&build().launcher, dir.path()).args(args)),
    ] {
        assert!(!r.status.success(), "{r:?}");
        let lines: Vec<&str> = r
            .stderr
            .lines()
            .filter(|l| l.contains("recorder-otf2"))
            .collect();
        assert_eq!(lines.len(), 1, "{}", r.stderr);
        assert!(
            lines[0].contains("recorded with 4 ranks") && lines[0].contains("mpirun -np 4"),
            "{}",
            r.stderr
        );
    }
    assert!(!into.exists());
    // A recorded replay into a folder that exists: refused by rank 0, the job ended.
    let rdir = dir.subdir("existing");
    let mut recorded = args.to_vec();
    recorded.extend(["--record", rdir.to_str().unwrap()]);
    let r = launcher_mpirun(RANKS, dir.path(), &recorded);
    assert!(!r.status.success(), "{r:?}");
    let lines: Vec<&str> = r
        .stderr
        .lines()
        .filter(|l| l.contains("recorder-otf2"))
        .collect();
    assert_eq!(lines.len(), 1, "{}", r.stderr);
    assert!(
        lines[0].ends_with("already exists; the replay's trace needs a new folder"),
        "{}",
        r.stderr
    );
}

#[test]
fn bad_trace() {
    let dir = TestDir::new("replay-mpi-bad");
    let none = dir.join("none");
    let r = launcher_mpirun(
        2,
        dir.path(),
        &[
            "replay",
            none.to_str().unwrap(),
            "--into",
            "/tmp/x",
            "--layer",
            "mpiio",
        ],
    );
    assert!(!r.status.success());
    let lines: Vec<&str> = r
        .stderr
        .lines()
        .filter(|l| l.starts_with("recorder-otf2"))
        .collect();
    assert_eq!(lines.len(), 1, "{}", r.stderr);
    assert!(lines[0].contains(none.to_str().unwrap()), "{}", r.stderr);
}

#[test]
fn hdf5_parallel_replayed_at_the_mpiio_layer() {
    let dir = TestDir::new("replay-mpi-h5");
    if !have_mpirun() {
        eprintln!("skipped: mpirun not found on PATH");
        return;
    }
    let Some(libs) = pkg_config("hdf5-openmpi") else {
        eprintln!("skipped: pkg-config hdf5-openmpi not found");
        return;
    };
    let extra: Vec<&str> = libs.iter().map(String::as_str).collect();
    let prog = compile_mpi(&dir, "h5_parallel.c", &extra);
    let data = dir.subdir("data");
    let trace = trace_mpi(&dir, &prog, &[data.to_str().unwrap()]);
    let (r, rtrace) = replay_recorded_with(&dir, &trace, &data, &["--layer", "mpiio"]);
    // HDF5's MPI-IO calls replayed (its dataset views have holes: byte offsets), every byte.
    let row = replay_all_row(&r, "MPI-IO");
    assert_eq!(row[2], "0", "failed: {row:?}");
    let same = |cell: &String| {
        let (a, b) = cell.split_once(' ').unwrap();
        a == b.trim_matches(|c| c == '(' || c == ')') && a != "0"
    };
    assert!(same(&row[3]) && same(&row[4]), "{row:?}");
    assert!(r.stderr.contains("file views with holes"), "{}", r.stderr);
    // The MPI-IO and POSIX layers compare equal; the HDF5 layer is not replayed.
    let (c, _) = compare_replay(&dir, &trace, &rtrace, &data);
    let diffs: Vec<&str> = c
        .stdout
        .lines()
        .filter(|l| l.starts_with("rank "))
        .collect();
    assert_eq!(diffs.len(), RANKS as usize, "{}", c.stdout);
    assert!(
        diffs.iter().all(|l| l.contains(", HDF5: only in A")),
        "{}",
        c.stdout
    );
    assert!(
        c.stdout.contains("4 of 16 (process, file, layer)"),
        "{}",
        c.stdout
    );
}

/// The program's own calls in a trace's text (no traced call around them), whose call
/// begins with `prefix`: (successful, failed).
fn own_calls(text: &str, prefix: &str) -> (usize, usize) {
    let mut n = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        // "start duration <two spaces per depth>call(...) = result [errno=...]"
        let Some((_, rest)) = line.trim_start().split_once(' ') else {
            continue;
        };
        let Some((_, call)) = rest.trim_start().split_once(' ') else {
            continue;
        };
        if call.starts_with(prefix) {
            match call.contains(" errno=") {
                false => n.0 += 1,
                true => n.1 += 1,
            }
        }
    }
    n
}

/// The lines of a trace's text naming `what`.
fn lines_naming(text: &str, what: &str) -> usize {
    text.lines().filter(|l| l.contains(what)).count()
}

/// Issue 31: the IOR equivalent's MPIIO backend with IOR's setup (rank 0's statvfs of the
/// folder, its existence probe of the shared file: an MPI_File_open on MPI_COMM_SELF that
/// fails) at 4 ranks, replayed with --record and compared: equal. The probe is re-issued
/// (it fails again, and Open MPI makes its lock test file beneath it again); the statvfs is
/// not, and compare leaves it out of both traces, saying so.
#[test]
fn ior_mpiio_probe_and_statvfs_compare_equal() {
    let dir = TestDir::new("replay-mpi-ior-setup");
    let Some(prog) = ior_equivalent(&dir) else {
        return;
    };
    let data = dir.subdir("data");
    let args = [data.to_str().unwrap(), "MPIIO", "1", "0", "0", "1"];
    let trace = trace_mpi(&dir, &prog, &args);
    let (r, rtrace) = replay_recorded(&dir, &trace, &data);
    // ior_equiv.c's setup: one statvfs and one probe (rank 0, a shared file).
    let (a, b) = (text_dump(&trace), text_dump(&rtrace));
    assert_eq!(own_calls(&a, "statvfs("), (1, 0));
    assert_eq!(own_calls(&b, "statvfs("), (0, 0));
    for t in [&a, &b] {
        assert_eq!(own_calls(t, "MPI_File_open("), (2 * RANKS as usize, 1));
    }
    // Beneath the probe and the create, rank 0's lock test file, in both.
    let lock = lines_naming(&a, "ior.dat.locktest.0");
    assert!(lock > 0, "{a}");
    assert_eq!(lines_naming(&b, "ior.dat.locktest.0"), lock);
    // 20 MPI-IO calls per rank as before, and the probe: failed again, as in the original
    // (not a failure of the replay).
    let row = replay_all_row(&r, "MPI-IO");
    assert_eq!(
        (&row[0], &row[1], &row[2]),
        (&"81".into(), &"0".into(), &"0".into()),
        "{row:?}"
    );
    assert!(
        r.stderr
            .contains("1 MPI-IO calls that failed in the original (opens and deletes of missing files: existence probes) re-issued and failed again"),
        "{}",
        r.stderr
    );
    // The folder itself compared too (without the trailing slash): the statvfs names it.
    let mapped = dir.join("replayed").join(data.strip_prefix("/").unwrap());
    let c = run(command(&build().launcher, dir.path()).args([
        "compare",
        trace.to_str().unwrap(),
        rtrace.to_str().unwrap(),
        "--only",
        mapped.to_str().unwrap(),
    ]));
    assert_eq!(c.status.code(), Some(0), "{}{}", c.stdout, c.stderr);
    assert!(
        c.stdout.contains(
            "left out of both (a replay does not re-issue them): statfs/statvfs: 1 calls in A, 0 in B\n"
        ),
        "{}",
        c.stdout
    );
    // Per rank: ior.dat at MPI-IO and POSIX, its lock test file, and the folder (Open MPI's
    // statfs inside MPI_File_open, made again by the replay).
    assert!(
        c.stdout
            .contains("0 of 16 (process, file, layer) sequences differ"),
        "{}",
        c.stdout
    );
}

/// Issue 31: replay_skips.c at 2 ranks (statvfs, statfs and fstatvfs per rank; on rank 0 a
/// failed MPI_File_open and a failed MPI_File_delete) replayed with --record and compared:
/// equal, the failed calls re-issued, the file system queries left out of both.
#[test]
fn failed_mpiio_calls_and_statvfs_at_two_ranks() {
    let dir = TestDir::new("replay-mpi-skips");
    if !have_mpirun() {
        eprintln!("skipped: mpirun not found on PATH");
        return;
    }
    let np = 2;
    let prog = compile_mpi(&dir, "replay_skips.c", &[]);
    let data = dir.subdir("data");
    let trace = trace_np(
        &dir,
        np,
        &prog,
        &[data.to_str().unwrap()],
        "posix,stdio,mpiio",
    );
    let (r, rtrace) = replay_recorded_np(&dir, np, &trace, &data, &[]);
    let (a, b) = (text_dump(&trace), text_dump(&rtrace));
    // The program's own: STATVFS = 2 statvfs, a statfs and an fstatvfs per rank.
    assert_eq!(own_calls(&a, "statvfs("), (4, 0));
    assert_eq!(own_calls(&a, "statfs("), (2, 0));
    assert_eq!(own_calls(&a, "fstatvfs("), (2, 0));
    for f in ["statvfs(", "statfs(", "fstatvfs("] {
        assert_eq!(own_calls(&b, f), (0, 0), "{f}");
    }
    // The failed open and delete in both; the create on each rank.
    for t in [&a, &b] {
        assert_eq!(own_calls(t, "MPI_File_open("), (2, 1));
        assert_eq!(own_calls(t, "MPI_File_delete("), (0, 1));
    }
    // Rank 0: probe, delete, open, write, close; rank 1 the last three. None skipped; the
    // probe and the delete failed again, as in the original (not counted as failed).
    let row = replay_all_row(&r, "MPI-IO");
    assert_eq!(
        (&row[0], &row[1], &row[2]),
        (&"8".into(), &"0".into(), &"0".into()),
        "{row:?}"
    );
    assert!(
        r.stderr
            .contains("recorder-otf2: 2 MPI-IO calls that failed in the original"),
        "{}",
        r.stderr
    );
    assert_eq!(replay_pair(&row[4]), (2 * 4096, 2 * 4096));
    // The statvfs-family calls are skipped by the replay: at least those 8 in the POSIX row.
    let skipped: u64 = replay_all_row(&r, "POSIX")[1].parse().unwrap();
    assert!(skipped >= 8, "{}", r.stdout);
    let (c, _) = compare_replay(&dir, &trace, &rtrace, &data);
    assert_eq!(c.status.code(), Some(0), "{}{}", c.stdout, c.stderr);
    // fstatvfs names a descriptor, not a file: it is in no sequence, nothing left out.
    assert!(
        c.stdout.contains(
            "left out of both (a replay does not re-issue them): statfs/statvfs: 6 calls in A, 0 in B\n"
        ),
        "{}",
        c.stdout
    );
    assert!(!c.stdout.contains("beneath failed"), "{}", c.stdout);
    // Per rank: skips.dat at MPI-IO and POSIX, and its lock test file (rank 0's probe and
    // create make the same one).
    assert!(
        c.stdout
            .contains("0 of 6 (process, file, layer) sequences differ"),
        "{}",
        c.stdout
    );
}

/// Issue 31, MPICH: replay_skips.c recorded under MPICH at 2 ranks, replayed by the MPI
/// replay (linked with Open MPI: it runs under mpirun.openmpi) and compared. The failed open
/// and delete are re-issued, the statvfs-family calls left out of both; the MPI-IO layer is
/// the same, the POSIX calls beneath it are the other MPI's own (ROMIO's and OMPIO's work on
/// the file differ), so only POSIX sequences differ.
#[test]
fn mpich_trace_failed_calls_reissued_by_the_open_mpi_replay() {
    let dir = TestDir::new("replay-mpi-skips-mpich");
    if !Mpi::Mpich.available() || !have_mpirun() {
        eprintln!("skipped: MPICH or Open MPI not installed");
        return;
    }
    let np = 2;
    let prog = compile_mpi_with(Mpi::Mpich, &dir, "replay_skips.c", &[]);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let mut c = mpirun_untraced_with(Mpi::Mpich, np, dir.path());
    c.arg(&build().launcher)
        .args(["record", "--layers", "posix,stdio,mpiio", "-o"])
        .arg(&trace)
        .arg("--")
        .arg(&prog)
        .arg(&data);
    run(&mut c).assert_ok("replay_skips under MPICH");
    let (r, rtrace) = replay_recorded_np(&dir, np, &trace, &data, &[]);
    let row = replay_all_row(&r, "MPI-IO");
    assert_eq!(
        (&row[0], &row[1], &row[2]),
        (&"8".into(), &"0".into(), &"0".into()),
        "{row:?}"
    );
    assert!(
        r.stderr
            .contains("recorder-otf2: 2 MPI-IO calls that failed in the original"),
        "{}",
        r.stderr
    );
    let b = text_dump(&rtrace);
    assert_eq!(own_calls(&b, "MPI_File_open("), (2, 1));
    assert_eq!(own_calls(&b, "MPI_File_delete("), (0, 1));
    let (c, _) = compare_replay(&dir, &trace, &rtrace, &data);
    assert!(
        c.stdout.contains(
            "left out of both (a replay does not re-issue them): statfs/statvfs: 6 calls in A, 0 in B\n"
        ),
        "{}",
        c.stdout
    );
    let diffs: Vec<&str> = (c.stdout.lines())
        .filter(|l| l.starts_with("rank "))
        .collect();
    assert!(!diffs.is_empty(), "{}", c.stdout);
    assert!(
        diffs.iter().all(|l| l.contains(", POSIX: ")),
        "{}",
        c.stdout
    );
}

/// `mpirun -np 4 recorder-otf2 replay --json` (issue 30, Open MPI): the MPI replay's JSON
/// holds the rows of its table with the same values (two replays of one trace of the IOR
/// equivalent, collective on a shared file); the MPI-IO layer's numbers those of IOR's
/// arithmetic: per rank, open, 8 transfers and close, twice (80 calls in all), 2 segments
/// x 4 transfers of 16 KiB written and read back.
#[test]
fn json_report_has_the_values_of_the_table() {
    let dir = TestDir::new("replay-mpi-json");
    let Some(prog) = ior_equivalent(&dir) else {
        return;
    };
    let data = dir.subdir("data");
    let trace = trace_mpi(&dir, &prog, &[data.to_str().unwrap(), "MPIIO", "1", "0"]);
    let only = format!("{}/", data.display());
    let replay = |into: &str, json: &[&str]| {
        let into = dir.join(into);
        let mut args = vec!["replay", trace.to_str().unwrap(), "--into"];
        args.extend([into.to_str().unwrap(), "--only", &only]);
        args.extend(json);
        let r = launcher_mpirun(RANKS, dir.path(), &args);
        r.assert_ok("mpirun recorder-otf2 replay");
        r
    };
    let text = replay("as-text", &[]);
    let json = replay("as-json", &["--json"]);
    assert_replay_json_matches_text(&text.stdout, &json.stdout);
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    let layers = v["layers"].as_array().unwrap();
    let mpiio = layers
        .iter()
        .find(|l| l["layer"] == "MPI-IO")
        .expect("MPI-IO");
    let bytes = 4 * 131072;
    let counts = ["calls", "skipped", "failed", "bytes_read", "bytes_written"]
        .map(|k| mpiio[k].as_u64().unwrap());
    assert_eq!(counts, [80, 0, 0, bytes, bytes], "{mpiio}");
    let ranks: std::collections::BTreeSet<&str> = (v["processes"].as_array().unwrap().iter())
        .map(|p| p["process"].as_str().unwrap())
        .collect();
    assert_eq!(ranks.len(), RANKS as usize, "{v}");
}
