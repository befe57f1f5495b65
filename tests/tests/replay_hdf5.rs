//! `mpirun -np 4 recorder-otf2 replay TRACE` at the HDF5 layer (the default for a trace with
//! HDF5 calls): each rank re-issues its outermost HDF5 calls through parallel HDF5 (the
//! MPI-IO and POSIX calls beneath are HDF5's own again); with `--record`, `compare` finds the
//! same operations, offsets and bytes per rank, file and layer (HDF5, MPI-IO, POSIX).
//! Programs: the IOR equivalent's HDF5 pattern (h5_ior.c, collective and independent) and
//! h5_parallel.c at 4 ranks; `--layer mpiio` on the same trace; a point selection (not
//! replayable) skipped with a warning; h5py without MPI, replayed by a singleton at the HDF5
//! layer (attributes, H5Oopen, H5Idec_ref).

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

/// `compare TRACE RTRACE --only` the replay's copy of `data` under `into`.
fn compare_replayed(dir: &TestDir, trace: &Path, rtrace: &Path, into: &Path, data: &Path) -> Run {
    let mapped = into.join(data.strip_prefix("/").unwrap());
    run(command(&build().launcher, dir.path()).args([
        "compare",
        trace.to_str().unwrap(),
        rtrace.to_str().unwrap(),
        "--only",
        &format!("{}/", mapped.display()),
    ]))
}

/// [`compare_replayed`] found no difference (exit 0): the (process, file, layer) sequences
/// it compared.
fn assert_replay_equal(
    dir: &TestDir,
    trace: &Path,
    rtrace: &Path,
    into: &Path,
    data: &Path,
) -> usize {
    let c = compare_replayed(dir, trace, rtrace, into, data);
    assert_eq!(
        c.status.code(),
        Some(0),
        "compare:\n{}{}",
        c.stdout,
        c.stderr
    );
    assert!(c.stdout.starts_with("0 of "), "{}", c.stdout);
    c.stdout.split_whitespace().nth(2).unwrap().parse().unwrap()
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
    let total = assert_replay_equal(dir, &trace, &rtrace, &dir.join("replayed"), &data);
    // Every rank's file at the three layers: HDF5, MPI-IO, POSIX.
    assert!(total >= 3 * RANKS as usize, "{total}");
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

/// `COMMAND` (writing under `data`) traced without mpirun into <dir>/trace, replayed
/// (default layer) into <dir>/replayed with `--only DATA/ --record <dir>/rtrace`: the
/// traces, DIR and the report.
fn trace_and_replay_without_mpirun(
    dir: &TestDir,
    command_line: &[&str],
    data: &Path,
) -> (PathBuf, PathBuf, PathBuf, Run) {
    let (trace, rtrace, into) = (dir.join("trace"), dir.join("rtrace"), dir.join("replayed"));
    let launcher = |args: &[&str]| run(command(&build().launcher, dir.path()).args(args));
    let (t, rt, d) = (
        trace.to_str().unwrap(),
        rtrace.to_str().unwrap(),
        data.to_str().unwrap(),
    );
    let mut record = vec!["record", "-o", t, "--"];
    record.extend(command_line);
    launcher(&record).assert_ok("traced program");
    let only = format!("{d}/");
    let i = into.to_str().unwrap();
    let r = launcher(&["replay", t, "--into", i, "--only", &only, "--record", rt]);
    r.assert_ok("recorder-otf2 replay");
    // The replay alone: no daemon of the singleton MPI process traced beside it.
    assert_eq!(processes(&rtrace).len(), 1, "{}", r.stderr);
    (trace, rtrace, into, r)
}

/// h5py (Debian's, serial HDF5, no MPI) traced, replayed without mpirun: a trace of one
/// process that called HDF5 is replayed at the HDF5 layer by a singleton MPI process, its
/// attributes (H5Acreate_by_name, H5Awrite, H5Aread), its objects opened by H5Oopen and
/// released by H5Idec_ref, and its property lists as h5py set them (close degree, object
/// times, creation order, caches) included; `compare` finds the same HDF5 calls and POSIX
/// operations, offsets and sizes on py.h5.
#[test]
fn h5py_without_mpi_at_the_hdf5_layer() {
    let has_h5py = std::process::Command::new(SYSTEM_PYTHON)
        .args(["-c", "import h5py"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_h5py || !have_mpirun() || pkg_config("hdf5-openmpi").is_none() {
        eprintln!("skipped: needs h5py for /usr/bin/python3, mpirun and hdf5-openmpi");
        return;
    }
    let dir = TestDir::new("replay-h5py");
    let data = dir.subdir("data");
    let script = build().programs.join("h5_script.py");
    let prog = [
        SYSTEM_PYTHON,
        script.to_str().unwrap(),
        data.to_str().unwrap(),
    ];
    let (trace, rtrace, into, r) = trace_and_replay_without_mpirun(&dir, &prog, &data);
    let row = replay_all_row(&r, "HDF5");
    let (calls, skipped): (usize, usize) = (row[0].parse().unwrap(), row[1].parse().unwrap());
    assert_eq!(calls + skipped, outermost(&trace, "H5"), "{}", r.stdout);
    assert_eq!(row[2], "0", "failed: {}", r.stdout);
    // The script's H5Dwrite of 4,000 and 800 bytes, its H5Dread of 8,000.
    assert_eq!(replay_pair(&row[3]), (8000, 8000), "{row:?}");
    assert_eq!(replay_pair(&row[4]), (4800, 4800), "{row:?}");
    // Every POSIX call on py.h5 was HDF5's: none replayed as such, none skipped for want of
    // the HDF5 layer (no warning that the replay went down a layer).
    assert_eq!(replay_all_row(&r, "POSIX")[0], "0", "{}", r.stdout);
    assert!(
        !r.stderr.contains("replayed at the MPI-IO layer"),
        "{}",
        r.stderr
    );
    for f in [
        "H5Acreate_by_name(",
        "H5Awrite(",
        "H5Aread(",
        "H5Oopen(",
        "H5Idec_ref(",
        "H5Dwrite(",
    ] {
        let n = outermost(&trace, f);
        assert!(n > 0, "{f} not in the original's trace");
        assert_eq!(n, outermost(&rtrace, f), "{f}");
    }
    // py.h5 at the HDF5 and POSIX layers.
    assert_eq!(assert_replay_equal(&dir, &trace, &rtrace, &into, &data), 2);
}

/// h5_serial.c (serial HDF5 from C: links, H5Oopen, the core and stdio drivers ...) traced
/// and replayed without mpirun: its link calls cannot be replayed at the HDF5 layer, so the
/// singleton replays the layer beneath (POSIX and ISO C), saying so once; `compare` finds
/// every file's POSIX and ISO C calls the same (HDF5's `flock` and `lstat` on each file it
/// opens included) and differs only in the HDF5 layer the replay did not re-issue.
#[test]
fn serial_hdf5_with_links_at_the_posix_layer() {
    let Some(libs) = pkg_config("hdf5-serial") else {
        eprintln!("skipped: pkg-config hdf5-serial not found");
        return;
    };
    if !have_mpirun() || pkg_config("hdf5-openmpi").is_none() {
        eprintln!("skipped: needs mpirun and hdf5-openmpi");
        return;
    }
    let dir = TestDir::new("replay-h5-serial");
    let extra: Vec<&str> = libs.iter().map(String::as_str).collect();
    let prog = compile(&dir, "h5_serial", &extra);
    let data = dir.subdir("data");
    let prog = [prog.to_str().unwrap(), data.to_str().unwrap()];
    let (trace, rtrace, into, r) = trace_and_replay_without_mpirun(&dir, &prog, &data);
    let paths = (
        trace.as_path(),
        rtrace.as_path(),
        into.as_path(),
        data.as_path(),
    );
    assert!(assert_went_down_to_posix(&dir, &r, paths, &["HDF5"]) > 0);
}

/// A replay without mpirun that went down from the library layer to the POSIX one (said
/// once; no library row; no POSIX call failed; bytes as the original's) and whose trace
/// `compare` finds the same but for the library `layers` only the original has: how many
/// (file, layer) sequences differ (every file's POSIX or ISO C calls compared equal).
fn assert_went_down_to_posix(
    dir: &TestDir,
    r: &Run,
    (trace, rtrace, into, data): (&Path, &Path, &Path, &Path),
    layers: &[&str],
) -> usize {
    assert!(!r.stdout.contains("| all | HDF5 |"), "{}", r.stdout);
    let down = r.stderr.matches("replayed at the MPI-IO layer").count();
    assert_eq!(down, 1, "{}", r.stderr);
    let posix = replay_all_row(r, "POSIX");
    assert_eq!(posix[2], "0", "failed: {}", r.stdout);
    let (read, written) = (replay_pair(&posix[3]), replay_pair(&posix[4]));
    assert!(
        read.0 == read.1 && written.0 == written.1 && written.0 > 0,
        "{posix:?}"
    );
    let c = compare_replayed(dir, trace, rtrace, into, data);
    let differ = c.stdout.lines().filter(|l| l.starts_with("process "));
    for l in differ.clone() {
        let only_a = |layer: &&str| l.contains(&format!(", {layer}: only in A "));
        assert!(layers.iter().any(only_a), "{}", c.stdout);
    }
    let (n, total) = c.stdout.lines().last().unwrap().split_once(" of ").unwrap();
    let total: usize = total.split_whitespace().next().unwrap().parse().unwrap();
    let n: usize = n.parse().unwrap();
    assert_eq!(n, differ.count(), "{}", c.stdout);
    assert!(total > n, "{}", c.stdout);
    n
}

/// ncgen (netcdf-bin) making a netCDF-4 file from CDL: its HDF5 calls name datatypes the
/// trace holds only the size of (the `_NCProperties` string, the dimension scales' reference
/// lists), which an opaque type of that size would encode otherwise in the file, so the
/// default layer goes down to the POSIX calls beneath (said once) and `compare` finds
/// those the same; `--layer hdf5` replays at the HDF5 layer with opaque types, none failed.
#[test]
fn ncgen_netcdf4_goes_down_a_layer_for_its_string_attributes() {
    if !have_program("ncgen") || !have_mpirun() || pkg_config("hdf5-openmpi").is_none() {
        eprintln!("skipped: needs ncgen (netcdf-bin), mpirun and hdf5-openmpi");
        return;
    }
    let dir = TestDir::new("replay-ncgen");
    let data = dir.subdir("data");
    let cdl = dir.join("x.cdl");
    let text = "netcdf x {\ndimensions:\n time = UNLIMITED ;\n lat = 4 ;\nvariables:\n \
                double temp(time, lat) ;\n  temp:units = \"K\" ;\n float lat(lat) ;\n\
                data:\n lat = 1, 2, 3, 4 ;\n temp = 1, 2, 3, 4, 5, 6, 7, 8 ;\n}\n";
    std::fs::write(&cdl, text).unwrap();
    let out = data.join("x.nc");
    let argv = [
        "ncgen",
        "-k",
        "nc4",
        "-o",
        out.to_str().unwrap(),
        cdl.to_str().unwrap(),
    ];
    let (trace, rtrace, into, r) = trace_and_replay_without_mpirun(&dir, &argv, &data);
    let why = "with a datatype the trace holds only the size of";
    assert_eq!(r.stderr.matches(why).count(), 1, "{}", r.stderr);
    let paths = (
        trace.as_path(),
        rtrace.as_path(),
        into.as_path(),
        data.as_path(),
    );
    let layers = ["HDF5", "netCDF"];
    assert_eq!(assert_went_down_to_posix(&dir, &r, paths, &layers), 2);
    // --layer hdf5: the HDF5 calls re-issued, opaque types and all, none failed.
    let forced = dir.join("forced");
    let f = run(command(&build().launcher, dir.path()).args([
        "replay",
        trace.to_str().unwrap(),
        "--into",
        forced.to_str().unwrap(),
        "--only",
        &format!("{}/", data.display()),
        "--layer",
        "hdf5",
    ]));
    f.assert_ok("replay --layer hdf5");
    let h5 = replay_all_row(&f, "HDF5");
    assert_eq!(h5[2], "0", "failed: {}", f.stdout);
    // temp's 8 doubles and lat's 4 floats.
    assert_eq!(replay_pair(&h5[4]), (80, 80), "{h5:?}");
}
