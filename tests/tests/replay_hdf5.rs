//! `mpirun -np 4 recorder-otf2 replay TRACE` at the HDF5 layer (the default for a trace with
//! HDF5 calls): each rank re-issues its outermost HDF5 calls through parallel HDF5 (the
//! MPI-IO and POSIX calls beneath are HDF5's own again); with `--record`, `compare` finds the
//! same operations, offsets and bytes per rank, file and layer (HDF5, MPI-IO, POSIX).
//! Programs: the IOR equivalent's HDF5 pattern (h5_ior.c, collective and independent) and
//! h5_parallel.c at 4 ranks; `--layer mpiio` on the same trace; a point selection (not
//! replayable) skipped with a warning.

use e2e_tests::*;
use std::path::{Path, PathBuf};

const RANKS: u32 = 4;

/// A parallel HDF5 test program compiled, or None (said) when MPI or HDF5 is missing.
fn h5_program(dir: &TestDir, file: &str) -> Option<PathBuf> {
    if !have_mpirun() {
        eprintln!("skipped: mpirun not found on PATH");
        return None;
    }
    let Some(libs) = pkg_config("hdf5-openmpi") else {
        eprintln!("skipped: pkg-config hdf5-openmpi not found");
        return None;
    };
    let extra: Vec<&str> = libs.iter().map(String::as_str).collect();
    Some(compile_mpi(dir, file, &extra))
}

/// `mpirun -np RANKS recorder-otf2 ARGS`.
fn launcher_mpirun(dir: &Path, args: &[&str]) -> Run {
    let mut c = mpirun_untraced(RANKS, dir);
    c.arg(&build().launcher).args(args);
    run(&mut c)
}

/// `prog ARGS` traced at RANKS ranks into `<dir>/trace`.
fn trace(dir: &TestDir, prog: &Path, args: &[&str]) -> PathBuf {
    let trace = dir.join("trace");
    let t = trace.to_str().unwrap();
    let mut all = vec!["record", "-o", t, "--", prog.to_str().unwrap()];
    all.extend(args);
    launcher_mpirun(dir.path(), &all).assert_ok("traced program");
    trace
}

/// `replay TRACE --into <dir>/<into> --only DATA/ EXTRA`: the report.
fn replay(dir: &TestDir, trace: &Path, data: &Path, into: &str, extra: &[&str]) -> Run {
    let into = dir.join(into);
    let only = format!("{}/", data.display());
    let mut args = vec!["replay", trace.to_str().unwrap(), "--into"];
    args.extend([into.to_str().unwrap(), "--only", &only]);
    args.extend(extra);
    let r = launcher_mpirun(dir.path(), &args);
    r.assert_ok("mpirun recorder-otf2 replay");
    r
}

/// The calls of a trace at depth 0 (outermost of every layer) whose name starts with
/// `prefix`, per the text dump (`start dur name(...)`, nested calls indented).
fn outermost(trace: &Path, prefix: &str) -> usize {
    let depth0 = |line: &&str| {
        let Some((start, rest)) = line.trim_start().split_once(' ') else {
            return false;
        };
        let Some((dur, name)) = rest.trim_start().split_once(' ') else {
            return false;
        };
        let number = |w: &str| w.parse::<f64>().is_ok();
        number(start) && number(dur) && name.starts_with(prefix)
    };
    text_dump(trace).lines().filter(depth0).count()
}

/// Trace `prog ARGS` (writing under `data`), replay it at the default layer with --record,
/// compare (exit 0, nothing only in one trace) and check the report against the trace:
/// HDF5 calls replayed + skipped = the outermost HDF5 calls, none failed, bytes equal at
/// the HDF5 layer, as many H5Dwrite/H5Dread in the replay's trace. The trace and report.
fn replay_h5_and_compare(dir: &TestDir, prog: &Path, args: &[&str]) -> (PathBuf, Run) {
    let data = dir.subdir("data");
    let mut all = vec![data.to_str().unwrap()];
    all.extend(args);
    let trace = trace(dir, prog, &all);
    let rtrace = dir.join("replay-trace");
    let r = replay(
        dir,
        &trace,
        &data,
        "replayed",
        &["--record", rtrace.to_str().unwrap()],
    );
    let row = replay_all_row(&r, "HDF5");
    let (calls, skipped): (usize, usize) = (row[0].parse().unwrap(), row[1].parse().unwrap());
    assert_eq!(calls + skipped, outermost(&trace, "H5"), "{}", r.stdout);
    assert_eq!(row[2], "0", "failed: {}", r.stdout);
    let (read, written) = (replay_pair(&row[3]), replay_pair(&row[4]));
    assert!(
        read.0 == read.1 && written.0 == written.1 && written.0 > 0,
        "{row:?}"
    );
    // No MPI-IO call of the program was outside HDF5: none replayed as such.
    assert!(!r.stdout.contains("| all | MPI-IO |"), "{}", r.stdout);
    for f in ["H5Dwrite(", "H5Dread("] {
        assert_eq!(outermost(&trace, f), outermost(&rtrace, f), "{f}");
    }
    let mapped = dir.join("replayed").join(data.strip_prefix("/").unwrap());
    let c = run(command(&build().launcher, dir.path()).args([
        "compare",
        trace.to_str().unwrap(),
        rtrace.to_str().unwrap(),
        "--only",
        &format!("{}/", mapped.display()),
    ]));
    assert_eq!(
        c.status.code(),
        Some(0),
        "compare:\n{}{}",
        c.stdout,
        c.stderr
    );
    assert!(c.stdout.starts_with("0 of "), "{}", c.stdout);
    // Every rank's file at the three layers: HDF5, MPI-IO, POSIX.
    let total: usize = c.stdout.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!(total >= 3 * RANKS as usize, "{}", c.stdout);
    (trace, r)
}

/// h5_ior: 16 datasets, 4 transfers of 16 KiB per rank and dataset, written and read.
fn ior(name: &str, coll: &str) {
    let dir = TestDir::new(name);
    let Some(prog) = h5_program(&dir, "h5_ior.c") else {
        return;
    };
    let (trace, r) = replay_h5_and_compare(&dir, &prog, &[coll]);
    let bytes = (RANKS as u64) * 64 * 16384;
    let row = replay_all_row(&r, "HDF5");
    assert_eq!(
        (replay_pair(&row[3]), replay_pair(&row[4])),
        ((bytes, bytes), (bytes, bytes))
    );
    assert_eq!(outermost(&trace, "H5Dwrite("), 64 * RANKS as usize);
    // The same trace at the MPI-IO layer: MPI-IO's bytes (HDF5's metadata included) as the
    // original's, no HDF5 row.
    let data = dir.join("data");
    let m = replay(&dir, &trace, &data, "replayed-mpiio", &["--layer", "mpiio"]);
    let row = replay_all_row(&m, "MPI-IO");
    let (read, written) = (replay_pair(&row[3]), replay_pair(&row[4]));
    assert!(read.0 == read.1 && written.0 == written.1, "{row:?}");
    assert!(written.0 >= bytes, "{row:?}");
    assert!(!m.stdout.contains("| all | HDF5 |"), "{}", m.stdout);
}

#[test]
fn h5_ior_collective() {
    ior("replay-h5-ior-coll", "1");
}

#[test]
fn h5_ior_independent() {
    ior("replay-h5-ior-ind", "0");
}

#[test]
fn h5_parallel() {
    let dir = TestDir::new("replay-h5-parallel");
    let Some(prog) = h5_program(&dir, "h5_parallel.c") else {
        return;
    };
    let (_, r) = replay_h5_and_compare(&dir, &prog, &[]);
    // Two writes and a read of 8 KiB per rank.
    let row = replay_all_row(&r, "HDF5");
    let kib = 8192 * RANKS as u64;
    assert_eq!(
        (replay_pair(&row[3]), replay_pair(&row[4])),
        ((kib, kib), (2 * kib, 2 * kib))
    );
}

/// A point selection cannot be rebuilt: H5Sselect_elements, the H5Dwrite through it and
/// the H5Sclose of its dataspace are skipped (with a warning), the rest replayed.
#[test]
fn point_selection_replayed_at_mpiio_or_skipped_at_hdf5() {
    let dir = TestDir::new("replay-h5-points");
    let Some(prog) = h5_program(&dir, "h5_points.c") else {
        return;
    };
    let data = dir.subdir("data");
    let trace = trace(&dir, &prog, &[data.to_str().unwrap()]);
    // The default (auto): a transfer through a point selection cannot be replayed at the
    // HDF5 layer, so the whole replay goes down to the MPI-IO layer, said once per rank.
    let r = replay(&dir, &trace, &data, "auto", &[]);
    assert_replayed_at_mpiio_instead_of(&r, "HDF5", RANKS as usize);
    // --layer hdf5: the HDF5 layer kept, the unreplayable calls skipped with a warning.
    let r = replay(&dir, &trace, &data, "replayed", &["--layer", "hdf5"]);
    let row = replay_all_row(&r, "HDF5");
    let (calls, skipped): (usize, usize) = (row[0].parse().unwrap(), row[1].parse().unwrap());
    assert_eq!(skipped, 3 * RANKS as usize, "{}", r.stdout);
    assert_eq!(calls + skipped, outermost(&trace, "H5"), "{}", r.stdout);
    assert_eq!(row[2], "0", "failed: {}", r.stdout);
    // The slab's 1 KiB per rank written, not the 8 points' 32 bytes (the original's bytes
    // are those of the calls replayed).
    let n = RANKS as u64;
    assert_eq!(replay_pair(&row[4]), (1024 * n, 1024 * n), "{row:?}");
    let warned = r.stderr.lines().filter(|l| l.contains("point selections"));
    assert_eq!(warned.count(), RANKS as usize, "{}", r.stderr);
}
