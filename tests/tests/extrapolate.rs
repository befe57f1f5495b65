//! `recorder-otf2 extrapolate` (issue 15, seed 001): traces of a program at 2, 4 and 8 ranks
//! extrapolated to 16 and compared with a real 16-rank trace of it: the IOR equivalent with a
//! file per process and with a shared file, and a strong-scaling program whose transfers per
//! rank change with the rank count; a program whose offsets follow no model is refused with
//! the call named; bad arguments are one line.

use e2e_tests::*;
use std::path::{Path, PathBuf};

fn launcher(args: &[&str]) -> Run {
    let mut c = command(&build().launcher, Path::new("/"));
    c.args(args);
    run(&mut c)
}

/// Trace `prog ARGS` at each rank count, every run on a fresh DATA (the same path, so that
/// the runs name the same files): the traces, by rank count.
fn traces(
    dir: &TestDir,
    tag: &str,
    data: &Path,
    counts: &[u32],
    prog: &Path,
    args: &[&str],
) -> Vec<PathBuf> {
    counts
        .iter()
        .map(|&n| {
            let _ = std::fs::remove_dir_all(data);
            std::fs::create_dir_all(data).unwrap();
            let trace = dir.join(format!("{tag}-{n}"));
            let r = run(mpirun(n, dir.path(), &trace, &[])
                .arg(prog)
                .arg(data)
                .args(args));
            r.assert_ok(&format!("{tag} at {n} ranks"));
            trace
        })
        .collect()
}

/// `extrapolate T1 T2 T3 --ranks 16 -o OUT --only DATA/ -q` and EXTRA.
fn extrapolate_to_16(t: &[PathBuf], out: &Path, data: &Path, extra: &[&str]) -> Run {
    let only = format!("{}/", data.display());
    let mut a = vec!["extrapolate"];
    a.extend(t[..3].iter().map(|x| x.to_str().unwrap()));
    a.extend([
        "--ranks",
        "16",
        "-o",
        out.to_str().unwrap(),
        "--only",
        &only,
        "-q",
    ]);
    a.extend(extra);
    launcher(&a)
}

/// Extrapolate the first three traces to 16 ranks (with the models printed) and compare the
/// result with the fourth, a real 16-rank trace: the report and compare's output.
fn extrapolate_and_compare(
    dir: &TestDir,
    t: &[PathBuf],
    data: &Path,
    tag: &str,
) -> (String, String) {
    let out = dir.join(format!("{tag}-x16"));
    let only = format!("{}/", data.display());
    let p = |x: &PathBuf| x.to_str().unwrap().to_string();
    let r = extrapolate_to_16(t, &out, data, &["-v"]);
    r.assert_ok("extrapolate");
    let c = launcher(&[
        "compare",
        &p(&t[3]),
        out.to_str().unwrap(),
        "--only",
        &only,
        "-q",
    ]);
    assert_eq!(
        c.status.code(),
        Some(0),
        "extrapolated against real 16 ranks:\n{}\n{c:?}",
        r.stdout
    );
    (r.stdout, c.stdout)
}

#[test]
fn ior_file_per_process_and_shared() {
    let dir = TestDir::new("extrapolate-ior");
    let Some(prog) = ior_equivalent(&dir) else {
        return;
    };
    let data = dir.join("data");
    let d = data.display().to_string();
    // File per process (-F): each rank its own ior.dat.%08d, offsets s·64K + k·16K.
    let t = traces(
        &dir,
        "fpp",
        &data,
        &[2, 4, 8, 16],
        &prog,
        &["POSIX", "0", "1"],
    );
    let (report, cmp) = extrapolate_and_compare(&dir, &t, &data, "fpp");
    assert!(
        report.contains("extrapolated from 2, 4, 8 ranks"),
        "{report}"
    );
    assert!(
        report.contains(&format!("open64 path = {d}/ior.dat.{{r:08}}")),
        "{report}"
    );
    // Two segments of four transfers, contiguous in a file of its own: one loop of 8.
    assert!(
        report.contains("every rank: loop from pwrite (thread 0): count = 8"),
        "{report}"
    );
    assert!(report.contains("pwrite offset = 16384·i1"), "{report}");
    // --json: the same facts (issue 30): the inputs' rank counts, the calls the text
    // counts, the same models.
    let r = extrapolate_to_16(&t, &dir.join("fpp-x16-json"), &data, &["--json"]);
    r.assert_ok("extrapolate --json");
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect(&r.stdout);
    let ranks: Vec<u64> = (v["inputs"].as_array().unwrap().iter())
        .map(|i| i["ranks"].as_u64().unwrap())
        .collect();
    assert_eq!(
        (ranks, v["ranks"].as_u64()),
        (vec![2, 4, 8], Some(16)),
        "{v}"
    );
    let calls = v["calls"].as_u64().unwrap();
    assert!(
        report.contains(&format!(": {calls} calls\n")),
        "{calls}: {report}"
    );
    let models: Vec<&str> = v["models"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert!(
        models
            .iter()
            .any(|m| m.contains("pwrite offset = 16384·i1")),
        "{models:?}"
    );
    assert!(
        models
            .iter()
            .all(|m| report.contains(&format!("model: {m}"))),
        "{models:?}"
    );
    // Per rank: its file at POSIX.
    assert!(
        cmp.contains(
            "0 of 16 (process, file, layer) sequences differ (640 operations and calls compared)"
        ),
        "{cmp}"
    );
    // Shared file: rank 0 creates it before the others open it (its own group); offsets
    // (s·n + r)·64K + k·16K, the segment loop around the transfer loop.
    let t = traces(
        &dir,
        "shared",
        &data,
        &[2, 4, 8, 16],
        &prog,
        &["POSIX", "0", "0"],
    );
    let (report, cmp) = extrapolate_and_compare(&dir, &t, &data, "shared");
    assert!(report.contains("rank 0: 22 calls per rank"), "{report}");
    assert!(
        report.contains("every other rank: 22 calls per rank"),
        "{report}"
    );
    assert!(
        report.contains("pwrite offset = 65536·r + 65536·n·i1 + 16384·i2"),
        "{report}"
    );
    assert!(
        cmp.contains("0 of 16 (process, file, layer) sequences differ (640 operations"),
        "{cmp}"
    );
    // The extrapolated trace is a trace: summary reads it (16 × 128 KiB written).
    let s = launcher(&["summary", dir.join("shared-x16").to_str().unwrap()]);
    s.assert_ok("summary");
    assert!(
        s.stdout.contains("16 processes, 352 calls, 256 operations"),
        "{}",
        s.stdout
    );
    assert!(s.stdout.contains("2.0 MiB      2.0 MiB"), "{}", s.stdout);
}

#[test]
fn strong_scaling_and_a_refusal() {
    if !have_mpirun() {
        eprintln!("skipped: mpirun not found on PATH");
        return;
    }
    let dir = TestDir::new("extrapolate-strong");
    let prog = compile_mpi(&dir, "strong_scaling.c", &[]);
    let data = dir.join("data");
    // 256 KiB over the ranks in 4 KiB transfers: 32 per rank at 2 ranks, 4 at 16.
    let t = traces(
        &dir,
        "strong",
        &data,
        &[2, 4, 8, 16],
        &prog,
        &["262144", "4096"],
    );
    let (report, cmp) = extrapolate_and_compare(&dir, &t, &data, "strong");
    // The loop count is k/n, the offsets r·256K/n + i·4K, at MPI-IO and beneath at POSIX.
    for want in [
        "loop from MPI_File_write_at (thread 0): count = 64/n",
        "MPI_File_write_at offset = 262144/n·r + 4096·i1",
        "pwrite offset = 262144/n·r + 4096·i1",
        "MPI_File_read_at offset = 262144/n·r + 4096·i1",
    ] {
        assert!(report.contains(want), "{want}: {report}");
    }
    // Per rank: strong.dat at MPI-IO and POSIX, and the MPI-IO component's own file
    // (ROMIO's lock test file, OMPIO's shared file pointer file).
    assert!(
        cmp.starts_with("0 of 48 (process, file, layer) sequences differ"),
        "{cmp}"
    );
    // The extrapolated trace is one a program could have made: replayed at the MPI-IO layer
    // under mpirun with its 16 ranks and traced, the replay does what it says.
    let x16 = dir.join("strong-x16");
    let (into, rtrace) = (dir.join("replayed"), dir.join("replay-trace"));
    let r = run(mpirun_untraced(16, dir.path())
        .arg(&build().launcher)
        .args([
            "replay",
            x16.to_str().unwrap(),
            "--into",
            into.to_str().unwrap(),
        ])
        .args(["--only", &format!("{}/", data.display())])
        .args(["--record", rtrace.to_str().unwrap()]));
    r.assert_ok("replay of the extrapolated trace");
    let mapped = format!("{}{}/", into.display(), data.display());
    let c = launcher(&[
        "compare",
        x16.to_str().unwrap(),
        rtrace.to_str().unwrap(),
        "--only",
        &mapped,
        "-q",
    ]);
    assert_eq!(c.status.code(), Some(0), "{c:?}");
    assert!(
        c.stdout
            .starts_with("0 of 48 (process, file, layer) sequences differ"),
        "{}",
        c.stdout
    );
    let replayed = std::fs::metadata(format!("{mapped}strong.dat")).unwrap();
    assert_eq!(replayed.len(), 262144);
    // Offsets r²·16K: no model; refused, naming the call, nothing written.
    let q = traces(
        &dir,
        "square",
        &data,
        &[2, 4, 8],
        &prog,
        &["262144", "4096", "square"],
    );
    let out = dir.join("square-x16");
    let r = extrapolate_to_16(&q, &out, &data, &[]);
    assert_eq!(r.status.code(), Some(1), "{r:?}");
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("no model fits the offset of MPI_File_write_at")
            && r.stderr.contains("at 4 ranks: r1 16384 r2 65536 r3 147456")
            && r.stderr.contains("refusing to extrapolate"),
        "{}",
        r.stderr
    );
    assert!(!out.exists());
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains("partial"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    // A damaged input (every stream of the 4-rank trace with bad chunks): refused in one
    // line that says which file was damaged.
    let damaged = dir.join("strong-4-damaged");
    copy_dir(&t[1], &damaged);
    for p in std::fs::read_dir(&damaged).unwrap().flatten() {
        let rec = p.path().join("thread-0.rec");
        if let Ok(mut b) = std::fs::read(&rec) {
            for i in (200..b.len()).step_by(97) {
                b[i] ^= 0x5a;
            }
            std::fs::write(&rec, b).unwrap();
        }
    }
    let inputs = [t[0].clone(), damaged, t[2].clone()];
    let r = extrapolate_to_16(&inputs, &dir.join("damaged-x16"), &data, &[]);
    assert_eq!(r.status.code(), Some(1), "{r:?}");
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert!(
        r.stderr.contains("(a damaged trace: ") && r.stderr.contains("thread-0.rec"),
        "{}",
        r.stderr
    );
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

#[test]
fn bad_arguments() {
    let dir = TestDir::new("extrapolate-args");
    let out = dir.join("out");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("keep"), "x").unwrap();
    let nodir = dir.join("nothing");
    let o = out.to_str().unwrap();
    let n = nodir.to_str().unwrap();
    for (args, want) in [
        (
            vec![n, n, n, "--ranks", "16", "-o", o],
            "exists; give a new folder",
        ),
        (
            vec![n, n, n, "--ranks", "16", "-o", "/tmp/extrapolate-never"],
            "no such trace directory",
        ),
    ] {
        let mut a = vec!["extrapolate"];
        a.extend(args);
        let r = launcher(&a);
        assert_eq!(r.status.code(), Some(1), "{r:?}");
        assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
        assert!(r.stderr.contains(want), "{}", r.stderr);
    }
    // A rank count out of its bounds is refused by the option parser (exit status 2).
    let r = launcher(&["extrapolate", n, "--ranks", "0", "-o", "/tmp/extrapolate-never"]);
    assert_eq!(r.status.code(), Some(2), "{r:?}");
    assert!(
        r.stderr.contains("invalid value '0' for '--ranks <RANKS>': 0 is not in 1..=1048576"),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read_to_string(out.join("keep")).unwrap(), "x");
    assert!(!Path::new("/tmp/extrapolate-never").exists());
}
