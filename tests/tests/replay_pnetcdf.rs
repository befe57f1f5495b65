//! `mpirun -np 4 recorder-otf2 replay TRACE` of a PnetCDF trace (the default layer of such
//! a trace is PnetCDF's): each rank re-issues its rank's PnetCDF calls through PnetCDF (the
//! same function, start, count, stride, collectiveness; iput/iget/bput with their requests
//! waited for where the original waited), their MPI-IO and POSIX calls being PnetCDF's own.
//! With `--record`, `compare` finds the same operations, offsets and bytes per rank, file
//! and layer (PnetCDF, MPI-IO, POSIX). Programs: the IOR equivalent's NCMPI backend
//! (collective and independent), pnc_all (every kind of data call, non-blocking with
//! wait/wait_all/cancel, bput, varn), pnc_skip (calls the trace cannot rebuild: skipped,
//! with a warning); `--layer mpiio` still replays the MPI-IO calls of the same traces.
//!
//! Open MPI's OMPIO probes fcntl locks on `FILE.locktest.0` when a file is opened on
//! MPI_COMM_SELF (PnetCDF's independent mode does): every rank on the same name, so which
//! rank's unlink fails is a race between the ranks, in the original as in the replay. The
//! comparisons allow differences on those files only, with no operation in them.

use e2e_tests::*;
use std::path::{Path, PathBuf};

const RANKS: u32 = 4;

/// `mpirun -np RANKS recorder-otf2 ARGS`.
fn launcher_mpirun(dir: &Path, args: &[&str]) -> Run {
    let mut c = mpirun_untraced(RANKS, dir);
    c.arg(&build().launcher).args(args);
    run(&mut c)
}

/// `prog ARGS` traced at RANKS ranks with the PnetCDF layer into `<dir>/trace`.
fn trace_pnc(dir: &TestDir, prog: &Path, args: &[&str]) -> PathBuf {
    let trace = dir.join("trace");
    let t = trace.to_str().unwrap();
    let mut all = vec![
        "record",
        "--layers",
        "posix,stdio,mpiio,pnetcdf",
        "-o",
        t,
        "--",
    ];
    all.push(prog.to_str().unwrap());
    all.extend(args);
    launcher_mpirun(dir.path(), &all).assert_ok("traced PnetCDF program");
    trace
}

/// Replay `trace` (files under `data`) into `<dir>/<into>`, with these extra arguments.
fn replay(dir: &TestDir, trace: &Path, data: &Path, into: &str, extra: &[&str]) -> Run {
    let into = dir.join(into);
    let only = format!("{}/", data.display());
    let mut args = vec!["replay", trace.to_str().unwrap(), "--into"];
    args.extend([into.to_str().unwrap(), "--only", &only]);
    args.extend(extra);
    launcher_mpirun(dir.path(), &args)
}

/// The calls of a trace at depth 0 whose function starts with `prefix` (recorder2text).
fn outermost(trace: &Path, prefix: &str) -> usize {
    let t = run(command(&build().to_text, trace).arg(trace));
    t.assert_ok("recorder2text");
    let call = |l: &str| {
        // `  start  duration call`: a nested call is indented past the duration.
        let (_, rest) = l.trim_start().split_once(' ')?;
        Some(rest.trim_start().split_once(' ')?.1.starts_with(prefix))
    };
    let lines = t.stdout.lines().filter(|l| !l.starts_with('#'));
    lines.filter(|l| call(l) == Some(true)).count()
}

/// `compare TRACE RTRACE --only <replayed data>/`: exit 0, or differences only on OMPIO's
/// lock probe files (see the module's comment); every rank's data file compared.
fn compare_equal(dir: &TestDir, trace: &Path, rtrace: &Path, data: &Path) -> String {
    let mapped = dir.join("replayed").join(data.strip_prefix("/").unwrap());
    let c = run(command(&build().launcher, dir.path()).args([
        "compare",
        trace.to_str().unwrap(),
        rtrace.to_str().unwrap(),
        "--only",
        &format!("{}/", mapped.display()),
    ]));
    let diffs: Vec<&str> = c
        .stdout
        .lines()
        .filter(|l| l.starts_with("rank "))
        .collect();
    let races = diffs.iter().all(|l| l.contains(".locktest."));
    assert!(
        c.status.code() == Some(0) || (c.status.code() == Some(1) && races),
        "compare original / replay:\n{}{}",
        c.stdout,
        c.stderr
    );
    assert!(
        c.stdout.contains(&format!("{} of ", diffs.len())),
        "{}",
        c.stdout
    );
    // Each rank's data file at the three layers.
    for layer in ["PnetCDF", "MPI-IO", "POSIX"] {
        assert!(
            !c.stdout.contains(&format!(", {layer}: only in")),
            "{}",
            c.stdout
        );
    }
    c.stdout
}

/// Trace, replay at the default layer with --record, compare; the report and both traces.
fn replayed_and_compared(dir: &TestDir, prog: &Path, args: &[&str]) -> (Run, PathBuf, PathBuf) {
    let data = dir.subdir("data");
    let mut all = vec![data.to_str().unwrap()];
    all.extend(args);
    let trace = trace_pnc(dir, prog, &all);
    let rtrace = dir.join("replay-trace");
    let r = replay(
        dir,
        &trace,
        &data,
        "replayed",
        &["--record", rtrace.to_str().unwrap()],
    );
    r.assert_ok("mpirun recorder-otf2 replay --record");
    compare_equal(dir, &trace, &rtrace, &data);
    // The PnetCDF calls replayed: the trace's outermost ones less those skipped.
    let row = replay_all_row(&r, "PnetCDF");
    let (calls, skipped): (usize, usize) = (row[0].parse().unwrap(), row[1].parse().unwrap());
    assert_eq!(calls + skipped, outermost(&trace, "ncmpi_"), "{row:?}");
    assert_eq!(row[2], "0", "failed: {row:?}");
    // As many as the replay's own trace holds.
    assert_eq!(outermost(&rtrace, "ncmpi_"), calls, "{row:?}");
    let (read, written) = (replay_pair(&row[3]), replay_pair(&row[4]));
    assert_eq!((read.0, written.0), (read.1, written.1), "{row:?}");
    (r, trace, rtrace)
}

fn ior_ncmpi(name: &str, coll: &str) {
    let dir = TestDir::new(name);
    let Some(prog) = ior_equivalent(&dir) else {
        return;
    };
    let (r, _, _) = replayed_and_compared(&dir, &prog, &["NCMPI", coll, "0"]);
    // 2 segments x 4 transfers of 16 KiB per rank, written and read back.
    let row = replay_all_row(&r, "PnetCDF");
    let bytes = format!("{0} ({0})", 4 * 131072);
    assert_eq!((&row[3], &row[4]), (&bytes, &bytes), "{row:?}");
    assert_eq!(row[1], "0", "skipped: {row:?}");
    // No MPI-IO call outside PnetCDF's: no MPI-IO row.
    assert!(!r.stdout.contains("| all | MPI-IO |"), "{}", r.stdout);
}

#[test]
fn ior_ncmpi_collective_replayed_at_the_pnetcdf_layer() {
    ior_ncmpi("replay-pnc-ior-coll", "1");
}

#[test]
fn ior_ncmpi_independent_replayed_at_the_pnetcdf_layer() {
    ior_ncmpi("replay-pnc-ior-indep", "0");
}

/// tests/programs/FILE compiled with PnetCDF, or None (skipped) without mpirun or PnetCDF.
fn pnc_program(dir: &TestDir, file: &str) -> Option<PathBuf> {
    if !have_mpirun() {
        eprintln!("skipped: mpirun not found on PATH");
        return None;
    }
    let Some(libs) = pkg_config("pnetcdf") else {
        eprintln!("skipped: pkg-config pnetcdf not found");
        return None;
    };
    let extra: Vec<&str> = libs.iter().map(String::as_str).collect();
    Some(compile_mpi(dir, file, &extra))
}

#[test]
fn pnc_all_replayed_with_its_requests() {
    let dir = TestDir::new("replay-pnc-all");
    let Some(prog) = pnc_program(&dir, "pnc_all.c") else {
        return;
    };
    let (r, trace, rtrace) = replayed_and_compared(&dir, &prog, &[]);
    let row = replay_all_row(&r, "PnetCDF");
    assert_eq!(row[1], "0", "skipped: {row:?}");
    // Per rank: 800 x 4 + 400 x 2 + 160 + 8 read, 800 + 400 + 100 + 200 + 4 + 40 + 480 +
    // 320 + 8 + 800 written (the cancelled iput moved nothing).
    assert_eq!(replay_pair(&row[3]), (4 * 4168, 4 * 4168), "{row:?}");
    assert_eq!(replay_pair(&row[4]), (4 * 3152, 4 * 3152), "{row:?}");
    // The non-blocking structure kept: as many iput, bput, iget, wait_all, wait, cancel.
    for f in [
        "ncmpi_iput_vara_double",
        "ncmpi_iput_var1_double",
        "ncmpi_bput_vara_double",
        "ncmpi_iget_vara_int",
        "ncmpi_wait_all",
        "ncmpi_wait(",
        "ncmpi_cancel",
        "ncmpi_put_varn_float_all",
    ] {
        let n = outermost(&trace, f);
        assert!(n > 0, "{f}");
        assert_eq!(outermost(&rtrace, f), n, "{f}");
    }
    // The same trace at the MPI-IO layer: PnetCDF's MPI-IO calls, as before.
    let data = dir.join("data");
    let m = replay(&dir, &trace, &data, "replayed-mpiio", &["--layer", "mpiio"]);
    m.assert_ok("replay --layer mpiio");
    let row = replay_all_row(&m, "MPI-IO");
    assert_eq!(row[2], "0", "failed: {row:?}");
    let (w, ow) = replay_pair(&row[4]);
    assert_eq!(w, ow, "{row:?}");
    assert!(w > 0, "{row:?}");
    assert!(!m.stdout.contains("| PnetCDF |"), "{}", m.stdout);
}

#[test]
fn calls_the_trace_cannot_rebuild_are_skipped_with_a_warning() {
    let dir = TestDir::new("replay-pnc-skip");
    let Some(prog) = pnc_program(&dir, "pnc_skip.c") else {
        return;
    };
    let data = dir.subdir("data");
    let trace = trace_pnc(&dir, &prog, &[data.to_str().unwrap()]);
    // The default (auto): data calls the trace cannot rebuild at the PnetCDF layer send the
    // whole replay down to the MPI-IO layer, said once per rank.
    let r = replay(&dir, &trace, &data, "auto", &[]);
    r.assert_ok("replay of pnc_skip (auto)");
    assert_replayed_at_mpiio_instead_of(&r, "PnetCDF", RANKS as usize);
    // --layer pnetcdf: the PnetCDF layer kept, those calls skipped with a warning.
    let r = replay(&dir, &trace, &data, "replayed", &["--layer", "pnetcdf"]);
    r.assert_ok("replay of pnc_skip");
    // Per rank: the 5-dimension def_var and put_vara, the put_varm; 11 others replayed.
    let row = replay_all_row(&r, "PnetCDF");
    assert_eq!(
        (row[0].as_str(), row[1].as_str(), row[2].as_str()),
        ("44", "12", "0"),
        "{row:?}"
    );
    assert_eq!(replay_pair(&row[4]), (4 * 8, 4 * 8), "{row:?}");
    for f in [
        "ncmpi_def_var",
        "ncmpi_put_vara_int_all",
        "ncmpi_put_varm_int_all",
    ] {
        let warned = r
            .stderr
            .lines()
            .filter(|l| {
                l.contains("warning") && l.contains(&format!(" 1 {f} call(s) not replayed"))
            })
            .count();
        assert_eq!(warned, RANKS as usize, "{f}: {}", r.stderr);
    }
}
