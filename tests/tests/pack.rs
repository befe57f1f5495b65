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

/// Four runs of writer_loop (250,000 writes each) traced into one trace: one pack of four
/// members, which takes a second or more at level 19.
fn serial_trace(dir: &TestDir) -> PathBuf {
    let prog = compile(dir, "writer_loop", &[]);
    let trace = dir.subdir("orig").join("trace");
    for i in 0..4 {
        let data = dir.subdir(&format!("data{i}"));
        let mut c = traced(&prog, dir.path(), &trace);
        c.arg(&data).arg("250000");
        run(&mut c).assert_ok("writer_loop");
    }
    trace
}

/// The totals `summary --json` gives for a trace (its layers' rows).
fn totals(trace: &Path) -> serde_json::Value {
    let mut c = command(&build().launcher, Path::new("/"));
    c.arg("summary").arg("--json").arg(trace);
    let r = run(&mut c);
    r.assert_ok("summary --json");
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    v["layers"].clone()
}

/// The hidden names of a trace directory (a pack's temporary files among them).
fn hidden(trace: &Path) -> Vec<String> {
    entries(trace)
        .into_iter()
        .filter(|n| n.starts_with('.'))
        .collect()
}

#[test]
fn sigterm_to_pack_leaves_a_readable_trace_and_no_temporary_file() {
    let dir = TestDir::new("pack-sigterm");
    let trace = serial_trace(&dir);
    let before = totals(&trace);
    assert!(before.as_array().is_some_and(|l| !l.is_empty()), "{before}");
    let mut interrupted = 0;
    for ms in [10u64, 50, 200, 500] {
        let copy = copy_trace(&trace, &dir.join(format!("term{ms}/trace")));
        let mut c = Command::new(&build().launcher);
        c.args(["pack", "--threads", "1", "--level", "19", "-q"])
            .arg(&copy)
            .stderr(std::process::Stdio::piped());
        let child = c.spawn().unwrap();
        std::thread::sleep(Duration::from_millis(ms));
        // SAFETY: a child of this test, not yet waited for.
        unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        match out.status.code() {
            // Stopped by the handler: one line, 128 + SIGTERM.
            Some(143) => {
                interrupted += 1;
                assert_eq!(
                    stderr,
                    "recorder-otf2: interrupted by SIGTERM; removed the temporary files of the packs not finished (0 of 1 packs written)\n",
                    "after {ms} ms"
                );
            }
            // Done before the signal came.
            Some(0) => {}
            // Killed before the handler was installed (nothing written yet).
            None => {
                use std::os::unix::process::ExitStatusExt;
                assert_eq!(out.status.signal(), Some(libc::SIGTERM), "{stderr}");
            }
            Some(c) => panic!("after {ms} ms: exit {c}: {stderr}"),
        }
        assert_eq!(hidden(&copy), Vec::<String>::new(), "after {ms} ms");
        assert_eq!(totals(&copy), before, "after {ms} ms");
    }
    eprintln!("{interrupted} of 4 packs stopped by their handler");
    assert!(interrupted >= 2, "{interrupted} of 4 packs interrupted");
}

#[test]
fn leftovers_of_interrupted_packs_are_removed_not_those_of_running_ones() {
    let dir = TestDir::new("pack-leftovers");
    let prog = compile(&dir, "writer_loop", &[]);
    let trace = dir.join("trace");
    let mut c = traced(&prog, dir.path(), &trace);
    c.arg(dir.subdir("data")).arg("100");
    run(&mut c).assert_ok("writer_loop");
    let host = io_events::pack::trace::safe(&io_events::pack::trace::this_host());
    // A process named recorder-otf2 that runs (as a pack being written by another rank
    // under mpirun: sleep under that name) and one that ended.
    let name = dir.subdir("bin").join("recorder-otf2");
    std::os::unix::fs::symlink("/bin/sleep", &name).unwrap();
    let mut busy = Command::new(&name).arg("30").spawn().unwrap();
    let mut ended = Command::new("true").spawn().unwrap();
    let gone = ended.id();
    ended.wait().unwrap();
    let live = format!(".vm.rpk.tmp.{host}.{}", busy.id());
    let planted = [
        format!(".vm.rpk.tmp.{host}.{gone}"),
        format!("..vm.rpk.tmp.{gone}.tmp.{gone}"),
        format!(".vm.rpk.tmp.{gone}"),
        live.clone(),
        format!(".vm.rpk.tmp.another-host.{gone}"),
    ];
    for p in &planted {
        std::fs::write(trace.join(p), b"partial pack").unwrap();
    }
    let r = pack(&trace, &[]);
    let _ = busy.kill();
    let _ = busy.wait();
    r.assert_ok("pack with leftovers");
    assert!(
        r.stderr
            .contains("recorder-otf2: removed 3 temporary files of interrupted packs\n"),
        "{}",
        r.stderr
    );
    // The running writer's and another host's are left.
    let mut kept = vec![live, format!(".vm.rpk.tmp.another-host.{gone}")];
    kept.sort();
    assert_eq!(hidden(&trace), kept);
    assert_eq!(
        entries(&trace)
            .iter()
            .filter(|n| n.ends_with(".rpk"))
            .count(),
        1
    );
}

/// `pack` on a read-only folder (a read-only bind mount in a mount namespace of its own,
/// which stops root as well), or None where this process cannot make one.
fn pack_read_only(trace: &Path) -> Option<Run> {
    let t = trace.to_str().unwrap();
    let mut c = Command::new("unshare");
    c.args(["-m", "sh", "-c"])
        .arg(format!(
            "mount --bind '{t}' '{t}' && mount -o remount,ro,bind '{t}' || exit 99; exec \"$0\" pack '{t}'"
        ))
        .arg(&build().launcher);
    let r = run(&mut c);
    (r.status.code() != Some(99) && !r.stderr.contains("unshare:")).then_some(r)
}

#[test]
fn a_read_only_trace_is_one_line() {
    let dir = TestDir::new("pack-read-only");
    let prog = compile(&dir, "writer_loop", &[]);
    let trace = dir.join("trace");
    let mut c = traced(&prog, dir.path(), &trace);
    c.arg(dir.subdir("data")).arg("100");
    run(&mut c).assert_ok("writer_loop");
    let before = entries(&trace);
    let Some(r) = pack_read_only(&trace) else {
        eprintln!("skipped: no read-only bind mount here (unshare -m and mount need root)");
        return;
    };
    assert_eq!(r.status.code(), Some(1), "{}", r.stderr);
    assert_eq!(
        r.stderr,
        format!(
            "recorder-otf2: {}: cannot write the packs there (Read-only file system (os error 30)); nothing packed\n",
            trace.display()
        )
    );
    assert_eq!(entries(&trace), before);
}

/// `pack --list --json` (issue 30): the rows of the table, as a JSON array with the same
/// values; and the rows are the files of the process folders that were packed, with their
/// sizes (measured before packing).
#[test]
fn list_json_has_the_rows_of_the_table() {
    let dir = TestDir::new("pack-list-json");
    let prog = compile(&dir, "writer_loop", &[]);
    let trace = dir.subdir("orig").join("trace");
    for i in 0..2 {
        let data = dir.subdir(&format!("data{i}"));
        let mut c = traced(&prog, dir.path(), &trace);
        c.arg(&data).arg("1000");
        run(&mut c).assert_ok("writer_loop");
    }
    // (process folder, file in it, bytes) of every folder the pack takes.
    let mut folders: Vec<(String, String, u64)> = Vec::new();
    for name in entries(&trace) {
        let folder = trace.join(&name);
        if !folder.is_dir() {
            continue;
        }
        for f in walk(&folder) {
            let rel = f
                .strip_prefix(&folder)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            folders.push((name.clone(), rel, f.metadata().unwrap().len()));
        }
    }
    folders.sort();
    pack(&trace, &["-q"]).assert_ok("pack");
    let text = pack(&trace, &["--list"]);
    text.assert_ok("pack --list");
    let json = pack(&trace, &["--list", "--json"]);
    json.assert_ok("pack --list --json");
    let mut lines = text.stdout.lines();
    assert_eq!(
        lines.next(),
        Some("pack\tprocess\tfile\tbytes\tstored\tparts stored")
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split('\t').collect()).collect();
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    let objs = v.as_array().expect("a JSON array");
    assert_eq!(objs.len(), rows.len(), "{}\n{}", text.stdout, json.stdout);
    for (row, o) in rows.iter().zip(objs) {
        assert_eq!(o["pack"], row[0]);
        assert_eq!(o["process"], row[1]);
        assert_eq!(o["file"], row[2]);
        assert_eq!(o["bytes"].as_u64().unwrap().to_string(), row[3]);
        assert_eq!(o["stored"].as_u64().unwrap().to_string(), row[4]);
        let parts: Vec<String> = (o["parts_stored"].as_array().unwrap().iter())
            .map(|p| p.as_u64().unwrap().to_string())
            .collect();
        assert_eq!(parts.join("/"), row[5]);
        let sum: u64 = (o["parts_stored"].as_array().unwrap().iter())
            .map(|p| p.as_u64().unwrap())
            .sum();
        assert_eq!(o["stored"].as_u64(), Some(sum));
    }
    let mut listed: Vec<(String, String, u64)> = (objs.iter())
        .map(|o| {
            let s = |k: &str| o[k].as_str().unwrap().to_string();
            (s("process"), s("file"), o["bytes"].as_u64().unwrap())
        })
        .collect();
    listed.sort();
    assert_eq!(listed, folders);
    // Two runs: two processes in the pack, each with its files.
    let processes: std::collections::BTreeSet<&str> =
        listed.iter().map(|(p, _, _)| p.as_str()).collect();
    assert_eq!(processes.len(), 2, "{listed:?}");
    // --json alone (without --list) is refused by the parser.
    let r = pack(&trace, &["--json"]);
    assert_eq!(r.status.code(), Some(2), "{}", r.stderr);
}
