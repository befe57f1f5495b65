//! `recorder-otf2 pack` (issue 14): the process folders of each MPI job on each node into
//! one file, lossless. Packed and unpacked traces convert to the same archive (same
//! definitions, same events per location), a `pack` killed at any moment leaves a trace
//! that converts to that archive too, and the trace directory holds a handful of files.

use e2e_tests::*;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The IOR equivalent (tests/programs/ior_equiv.c, `ior -a MPIIO -c`), built.
fn ior(dir: &TestDir) -> PathBuf {
    ior_equivalent(dir).expect("mpirun and pkg-config pnetcdf (scripts/setup.sh installs them)")
}

/// Trace the IOR equivalent at `np` ranks into `<dir>/orig/trace` (every copy has the
/// same base name: the archive's machine is named after it).
fn mpi_trace(dir: &TestDir, np: u32) -> PathBuf {
    let prog = ior(dir);
    let data = dir.subdir("data");
    let trace = dir.subdir("orig").join("trace");
    let r = run(mpirun(np, dir.path(), &trace, &[])
        .arg(&prog)
        .arg(&data)
        .args(["MPIIO", "1", "0"]));
    r.assert_ok(&format!("traced ior_equiv at {np} ranks"));
    trace
}

/// Run `recorder-otf2 pack TRACE ARGS`.
fn pack(trace: &Path, args: &[&str]) -> Run {
    let mut c = command(&build().launcher, Path::new("/"));
    c.arg("pack").arg(trace).args(args);
    run(&mut c)
}

/// The names at the top of a trace directory.
fn entries(trace: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(trace)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// `otf2-print` of the events and of the global definitions of an archive.
fn printed(archive: &Path) -> (String, String) {
    let p = |args: &[&str]| {
        let mut c = command("otf2-print", Path::new("/"));
        c.args(args).arg(archive);
        let r = run(&mut c);
        r.assert_ok("otf2-print");
        r.stdout
    };
    (p(&[]), p(&["-G"]))
}

/// Convert a trace (checked by otf2-print -Werror and the checker) and print it.
fn archive_of(trace: &Path, out: &Path) -> (String, String) {
    let a = convert_and_check(trace, out);
    assert!(a.locations.len() >= 2, "{} locations", a.locations.len());
    printed(out)
}

/// recorder2text with the process folders' paths made independent of where they are.
fn text_of(trace: &Path) -> String {
    let t = text_dump(trace);
    let root = format!("{}/", trace.display());
    let mut out = String::new();
    for line in t.lines() {
        let mut l = line.replace(&root, "TRACE/");
        // A packed process's folder is `TRACE/<pack>.rpk/<member>`.
        if let Some(i) = l.find("TRACE/") {
            if let Some(j) = l[i..].find(".rpk/") {
                l.replace_range(i + 6..i + j + 5, "");
            }
        }
        out.push_str(&l);
        out.push('\n');
    }
    out
}

fn packed_equals_unpacked(np: u32) {
    let dir = TestDir::new(&format!("pack-{np}"));
    let trace = mpi_trace(&dir, np);
    let unpacked_files = walk(&trace).len();
    let (events, defs) = archive_of(&trace, &dir.join("conv-orig.otf2"));
    let text = text_of(&trace);
    let copy = copy_trace(&trace, &dir.subdir("packed").join("trace"));
    let bytes_before = total_bytes(&copy);
    let r = pack(&copy, &[]);
    r.assert_ok("pack");
    assert!(
        r.stderr.contains(&format!("{np} processes into 1 packs")),
        "{}",
        r.stderr
    );
    // One pack for the job on this node, and the function table: nothing else.
    let names = entries(&copy);
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(
        names
            .iter()
            .any(|n| n.starts_with("job-") && n.ends_with(".rpk")),
        "{names:?}"
    );
    assert!(
        names.iter().any(|n| n.starts_with("functions-")),
        "{names:?}"
    );
    assert!(
        unpacked_files >= 3 * np as usize + 1,
        "{unpacked_files} files unpacked"
    );
    let bytes_after = total_bytes(&copy);
    assert!(
        bytes_after < bytes_before,
        "{bytes_after} >= {bytes_before}"
    );
    // The same archive, event for event and definition for definition.
    let (pe, pd) = archive_of(&copy, &dir.join("conv-packed.otf2"));
    assert!(pe == events, "{np} ranks: the packed trace's events differ");
    assert!(
        pd == defs,
        "{np} ranks: the packed trace's definitions differ"
    );
    assert_eq!(text_of(&copy), text, "{np} ranks: recorder2text differs");
}

#[test]
fn one_rank_packed_converts_as_unpacked() {
    packed_equals_unpacked(1);
}

#[test]
fn four_ranks_packed_convert_as_unpacked() {
    packed_equals_unpacked(4);
}

#[test]
fn eight_ranks_packed_convert_as_unpacked() {
    packed_equals_unpacked(8);
}

/// Every file under a directory.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            v.extend(walk(&p));
        } else {
            v.push(p);
        }
    }
    v
}

fn total_bytes(dir: &Path) -> u64 {
    walk(dir).iter().map(|p| p.metadata().unwrap().len()).sum()
}

#[test]
fn a_killed_pack_leaves_a_trace_that_converts_the_same() {
    let dir = TestDir::new("pack-kill");
    let trace = mpi_trace(&dir, 8);
    let (events, defs) = archive_of(&trace, &dir.join("ref.otf2"));
    // How long a whole pack takes here, to spread the kills over it.
    let probe = copy_trace(&trace, &dir.join("probe/trace"));
    let t = Instant::now();
    pack(&probe, &["--threads", "1"]).assert_ok("pack");
    let whole = t.elapsed().max(Duration::from_millis(2));
    let mut states = std::collections::BTreeSet::new();
    for i in 0..12u32 {
        let copy = copy_trace(&trace, &dir.join(format!("kill{i}/trace")));
        let mut c = Command::new(&build().launcher);
        c.args(["pack", "--threads", "1", "-q"]).arg(&copy);
        let mut child = c.spawn().unwrap();
        std::thread::sleep(whole * i / 10);
        let _ = child.kill();
        let _ = child.wait();
        let names = entries(&copy);
        let packs = names.iter().filter(|n| n.ends_with(".rpk")).count();
        let folders = names.iter().filter(|n| copy.join(n).is_dir()).count();
        states.insert((packs, folders.min(1)));
        let out = dir.join(format!("conv-k{i}.otf2"));
        let (e, d) = archive_of(&copy, &out);
        assert!(
            e == events && d == defs,
            "kill {i} ({names:?}): the archive differs"
        );
        // Packing again finishes the job: one pack, no folder, the same archive.
        pack(&copy, &[]).assert_ok("pack after a kill");
        let names = entries(&copy);
        assert_eq!(
            names.iter().filter(|n| n.ends_with(".rpk")).count(),
            1,
            "{names:?}"
        );
        assert!(names.iter().all(|n| !copy.join(n).is_dir()), "{names:?}");
        let (e, d) = archive_of(&copy, &dir.join(format!("conv-k{i}b.otf2")));
        assert!(
            e == events && d == defs,
            "kill {i}, packed again: the archive differs"
        );
    }
    eprintln!("states seen after kills (packs, folders left): {states:?}");
    // Killed while removing a folder: its meta.yaml already gone, other files left. The next
    // `pack` removes what the pack holds byte for byte.
    let copy = copy_trace(&trace, &dir.join("half/trace"));
    pack(&copy, &["--keep"]).assert_ok("pack --keep");
    let folder = process_folders(&copy).into_iter().next().unwrap();
    std::fs::remove_file(folder.join("meta.yaml")).unwrap();
    pack(&copy, &[]).assert_ok("pack after a half-removed folder");
    let names = entries(&copy);
    assert!(names.iter().all(|n| !copy.join(n).is_dir()), "{names:?}");
}

#[test]
fn two_jobs_pack_under_mpirun_one_pack_each() {
    let dir = TestDir::new("pack-jobs");
    let prog = ior(&dir);
    let trace = dir.join("trace");
    for (np, data) in [(2, "d1"), (3, "d2")] {
        let data = dir.subdir(data);
        run(mpirun(np, dir.path(), &trace, &[])
            .arg(&prog)
            .arg(&data)
            .args(["MPIIO", "1", "0"]))
        .assert_ok("ior_equiv");
    }
    let (events, defs) = archive_of(&trace, &dir.join("conv-orig.otf2"));
    let r = run(mpirun_untraced(2, dir.path())
        .arg(&build().launcher)
        .args(["pack", "-q"])
        .arg(&trace));
    r.assert_ok("pack under mpirun");
    let names = entries(&trace);
    let packs: Vec<&String> = names.iter().filter(|n| n.ends_with(".rpk")).collect();
    assert_eq!(packs.len(), 2, "one pack per job: {names:?}");
    assert!(names.iter().all(|n| !trace.join(n).is_dir()), "{names:?}");
    let (e, d) = archive_of(&trace, &dir.join("conv-packed.otf2"));
    assert!(
        e == events && d == defs,
        "the packed trace's archive differs"
    );
}

#[test]
fn bad_packs_and_bad_input_are_one_line() {
    let dir = TestDir::new("pack-bad");
    let r = pack(&dir.join("nothing"), &[]);
    assert_clean_error(&r, "recorder-otf2", "nothing", "trace directory");
    let trace = mpi_trace(&dir, 2);
    pack(&trace, &[]).assert_ok("pack");
    let name = entries(&trace)
        .into_iter()
        .find(|n| n.ends_with(".rpk"))
        .unwrap();
    let p = trace.join(&name);
    let mut bytes = std::fs::read(&p).unwrap();
    let n = bytes.len();
    bytes[n - 3] ^= 0xff; // the footer's magic
    std::fs::write(&p, &bytes).unwrap();
    let r = convert_raw(&trace, &dir.join("x.otf2"), &[]);
    assert_clean_error(&r, "recorder2otf2", &name, "not a recorder-otf2 pack");
    assert!(!dir.join("x.otf2").exists());
    bytes[n - 3] ^= 0xff;
    bytes[40] ^= 0xff; // inside the first frame
    std::fs::write(&p, &bytes).unwrap();
    let r = convert_raw(&trace, &dir.join("y.otf2"), &[]);
    assert_clean_error(&r, "recorder2otf2", &name, "damaged");
}

#[test]
fn record_pack_leaves_one_file_per_node_and_the_exit_status() {
    let dir = TestDir::new("pack-record");
    let prog = ior(&dir);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let r = run(mpirun_untraced(4, dir.path())
        .arg(&build().launcher)
        .args(["record", "--pack", "-o"])
        .arg(&trace)
        .arg("--")
        .arg(&prog)
        .arg(&data)
        .args(["MPIIO", "1", "0"]));
    r.assert_ok("mpirun recorder-otf2 record --pack");
    let names = entries(&trace);
    assert_eq!(
        names.len(),
        2,
        "the job's pack and the function table: {names:?}"
    );
    assert!(
        names
            .iter()
            .any(|n| n.starts_with("job-") && n.ends_with(".rpk")),
        "{names:?}"
    );
    let t = io_model::trace::Trace::open(&trace).unwrap();
    let mut ranks: Vec<u32> = t.processes.iter().filter_map(|p| p.meta.rank).collect();
    ranks.sort();
    assert_eq!(ranks, vec![0, 1, 2, 3]);
    assert!(t.processes.iter().all(|p| p.dir.packed()));
    let a = convert_and_check(&trace, &dir.join("conv.otf2"));
    assert!(
        !a.calls_of("MPI_File_write_at_all").is_empty(),
        "no collective write"
    );
    // A program's exit status comes back through the launcher, and its trace is packed.
    let t2 = dir.join("trace2");
    let mut c = command(&build().launcher, dir.path());
    c.args(["record", "--pack", "-o"]).arg(&t2).args([
        "--",
        "sh",
        "-c",
        "echo hi > out.txt; exit 3",
    ]);
    let r = run(&mut c);
    assert_eq!(r.status.code(), Some(3), "{}", r.stderr);
    let names = entries(&t2);
    assert!(names.iter().all(|n| !t2.join(n).is_dir()), "{names:?}");
    assert!(names.iter().any(|n| n.ends_with(".rpk")), "{names:?}");
    assert!(text_dump(&t2).contains("out.txt"));
}
