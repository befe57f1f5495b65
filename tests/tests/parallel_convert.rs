//! recorder2otf2 converting processes in parallel (`--threads 2`) writes the archive the
//! serial conversion (`--threads 1`) writes: the same events with the mapping tables applied
//! (`otf2-print`), the same global definitions (`otf2-print -G`), the same number of events
//! per location and the same warnings, and both pass `otf2-print -Werror` and the semantic
//! checker. Traces: mpi_io_all at 4 ranks with the mpi layer (communicators in collectives),
//! fork_many (7 processes sharing a descriptor, a file and strings, deleting files through
//! POSIX and ISO C in different orders), h5_parallel at 2 ranks (dataset names as string
//! attributes) and threads (one process, 5 threads). The unification itself (processes that
//! share strings, files and handles get the serial ids) is unit-tested in
//! definitions/src/unify.rs.
//!
//! The same traces converted under `mpirun -np 2` and `-np 4` (and with more ranks than
//! processes): every event and definition file byte for byte the serial one's, the anchor
//! the same but for OTF2's random trace identifier, the same warnings; errors on one line
//! from rank 0, nothing left behind.

use e2e_tests::*;
use std::collections::BTreeMap;
use std::path::Path;

/// `otf2-print ARGS ARCHIVE`'s output (it must succeed).
fn otf2_print(args: &[&str], archive: &Path) -> String {
    let mut c = command("otf2-print", Path::new("/"));
    c.args(args).arg(archive);
    let r = run(&mut c);
    r.assert_ok("otf2-print");
    r.stdout
}

/// The events per location of an archive (from its definitions and from reading them).
fn events_per_location(a: &Archive) -> BTreeMap<u64, (u64, usize)> {
    a.locations
        .iter()
        .map(|l| (l.id, (l.number_of_events, l.events.len())))
        .collect()
}

/// Convert `trace` with one and with two worker threads; both archives must be the same.
/// Returns the parallel one's dump, and whether it holds mapping tables.
fn same_with_threads(dir: &TestDir, trace: &Path) -> (Archive, bool) {
    let serial = dir.join("serial.otf2");
    let parallel = dir.join("parallel.otf2");
    let r1 = convert_raw(trace, &serial, &["--quiet", "--threads", "1"]);
    r1.assert_ok("recorder2otf2 --threads 1");
    let r2 = convert_raw(trace, &parallel, &["--quiet", "--threads", "2"]);
    r2.assert_ok("recorder2otf2 --threads 2");
    assert_eq!(r1.stderr, r2.stderr, "warnings (in plan order)");
    let a1 = check(&serial);
    let a2 = check(&parallel);
    let events = otf2_print(&[], &serial);
    assert!(events.lines().count() > 50, "{events}");
    assert!(
        events == otf2_print(&[], &parallel),
        "otf2-print differs between --threads 1 and 2 (kept in {})",
        dir.path().display()
    );
    let defs = otf2_print(&["-G"], &serial);
    assert!(
        defs == otf2_print(&["-G"], &parallel),
        "otf2-print -G differs between --threads 1 and 2 (kept in {})",
        dir.path().display()
    );
    let counts = events_per_location(&a2);
    assert_eq!(events_per_location(&a1), counts);
    for (loc, (defined, read)) in &counts {
        assert_eq!(
            *defined, *read as u64,
            "location {loc}: defined vs read events"
        );
    }
    let mapped = otf2_print(&["-M"], &parallel).contains("MAPPING_TABLE");
    if have_mpirun() {
        for np in [2, 4] {
            same_under_mpirun(dir, trace, &serial, &r1.stderr, np);
        }
    }
    (a2, mapped)
}

/// Every file of an archive (anchor, global definitions, the folder's files) by name.
fn archive_files(anchor: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    let def = anchor.with_extension("def");
    files.insert("(global defs)".into(), std::fs::read(&def).unwrap());
    let folder = anchor.with_extension("");
    for e in std::fs::read_dir(&folder).unwrap() {
        let e = e.unwrap();
        let name = e.file_name().to_string_lossy().into_owned();
        files.insert(name, std::fs::read(e.path()).unwrap());
    }
    files
}

/// The anchor file as `otf2-print -A` shows it, without the trace identifier (random).
fn anchor_properties(anchor: &Path) -> String {
    otf2_print(&["-A"], anchor)
        .lines()
        .filter(|l| !l.starts_with("Trace identifier"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `mpirun -np NP recorder2otf2 TRACE OUT` writes the serial archive `serial`, file for file.
fn same_under_mpirun(dir: &TestDir, trace: &Path, serial: &Path, warnings: &str, np: u32) {
    let out = dir.join(&format!("mpi{np}.otf2"));
    let mut c = mpirun_untraced(np, dir.path());
    c.arg(&build().to_otf2).arg("--quiet").arg(trace).arg(&out);
    let r = run(&mut c);
    r.assert_ok(&format!("mpirun -np {np} recorder2otf2"));
    assert_eq!(
        r.stderr, warnings,
        "warnings under mpirun -np {np} (rank 0 alone speaks)"
    );
    let (want, got) = (archive_files(serial), archive_files(&out));
    assert_eq!(
        want.keys().collect::<Vec<_>>(),
        got.keys().collect::<Vec<_>>(),
        "files under mpirun -np {np}"
    );
    for (name, bytes) in &want {
        assert!(
            got[name] == *bytes,
            "{name} differs under mpirun -np {np} (kept in {})",
            dir.path().display()
        );
    }
    assert_eq!(anchor_properties(serial), anchor_properties(&out));
}

/// The ranks a communicator's name lists ("MPI comm 1 (ranks 0,2)", "MPI_COMM_SELF (rank 3)");
/// None for MPI_COMM_WORLD.
fn comm_ranks(name: &str) -> Option<Vec<u64>> {
    let list = name.split("(rank").nth(1)?.trim_start_matches('s');
    let list = list.trim().trim_end_matches(')');
    Some(list.split(',').map(|r| r.trim().parse().unwrap()).collect())
}

#[test]
fn mpi_io_at_4_ranks() {
    if !have_mpirun() {
        eprintln!("skipped: mpirun not found on PATH");
        return;
    }
    let dir = TestDir::new("par-mpi");
    let prog = compile_mpi(&dir, "mpi_io_all.c", &[]);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let layers = [("RECORDER_OTF2_LAYERS", "posix,stdio,mpiio,mpi")];
    run(mpirun(4, dir.path(), &trace, &layers).arg(&prog).arg(&data))
        .assert_ok("mpi_io_all at 4 ranks");
    let (a, mapped) = same_with_threads(&dir, &trace);
    assert!(mapped, "ranks 1-3 carry local ids");
    assert_eq!(a.location_groups.len(), 4);
    // Every collective's communicator (local ids, mapped) has the collective's rank in it.
    let mut comms = BTreeMap::new();
    for e in a.events_of("MpiCollectiveEnd") {
        let name = e.communicator.clone().expect("a communicator");
        if let Some(ranks) = comm_ranks(&name) {
            assert!(ranks.contains(&e.group), "rank {} in {name}", e.group);
        }
        *comms.entry(name).or_insert(0) += 1;
    }
    assert!(comms.len() >= 4, "communicators: {comms:?}");
    assert!(comms.contains_key("MPI_COMM_WORLD"), "{comms:?}");
    assert!(!a.events_of("IoDeleteFile").is_empty());
}

#[test]
fn forked_processes_sharing_files() {
    let dir = TestDir::new("par-fork");
    let prog = compile(&dir, "fork_many", &[]);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let mut c = traced(&prog, dir.path(), &trace);
    c.arg(&data);
    let r = run(&mut c);
    r.assert_ok("fork_many");
    assert_eq!(r.stdout, "children 0\n");
    let (a, mapped) = same_with_threads(&dir, &trace);
    assert!(mapped, "children carry local ids");
    assert_eq!(a.location_groups.len(), 7);
    let d = data.display();
    let mut deleted: Vec<(String, String)> = a
        .events_of("IoDeleteFile")
        .iter()
        .map(|e| (e.file.clone().unwrap(), e.paradigm.clone().unwrap()))
        .collect();
    deleted.sort();
    let mut want: Vec<(String, String)> = (0..6)
        .map(|i| {
            let p = if i % 2 == 1 { "ISOC" } else { "POSIX" };
            (format!("{d}/c{i}.dat"), p.to_string())
        })
        .collect();
    want.push((format!("{d}/tmp.dat"), "ISOC".into()));
    want.sort();
    let deleted: Vec<(String, String)> = deleted
        .into_iter()
        .map(|(f, p)| (f.trim_start_matches("file://").to_string(), p))
        .collect();
    assert_eq!(deleted, want);
    // common.dat: one file, written once by every child at 100 x its number.
    let common = format!("{d}/common.dat");
    let mut offsets: Vec<u64> = a
        .ops_on(&common)
        .iter()
        .map(|o| o.offset.expect("pwrite has an offset"))
        .collect();
    offsets.sort();
    assert_eq!(offsets, vec![0, 100, 200, 300, 400, 500]);
    let files = a.file_names();
    assert_eq!(
        files.iter().filter(|f| f.ends_with("/common.dat")).count(),
        1
    );
}

#[test]
fn parallel_hdf5_at_2_ranks() {
    if !have_mpirun() {
        eprintln!("skipped: mpirun not found on PATH");
        return;
    }
    let Some(libs) = pkg_config("hdf5-openmpi") else {
        eprintln!("skipped: pkg-config hdf5-openmpi not found");
        return;
    };
    let dir = TestDir::new("par-h5");
    let extra: Vec<&str> = libs.iter().map(String::as_str).collect();
    let prog = compile_mpi(&dir, "h5_parallel.c", &extra);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    run(mpirun(2, dir.path(), &trace, &[]).arg(&prog).arg(&data))
        .assert_ok("h5_parallel at 2 ranks");
    let (a, mapped) = same_with_threads(&dir, &trace);
    assert!(mapped, "rank 1 carries local ids");
    // Dataset names are string attributes (local string ids, mapped): per rank, /dc written
    // and read, /di written.
    let mut per_rank: BTreeMap<(u64, String), u64> = BTreeMap::new();
    for e in a.events_of("IoOperationBegin") {
        if let Some(ds) = e.attr_str("HDF5 dataset") {
            *per_rank.entry((e.group, ds.to_string())).or_default() += 1;
        }
    }
    let want: BTreeMap<(u64, String), u64> = [
        ((0, "/dc".into()), 2),
        ((0, "/di".into()), 1),
        ((1, "/dc".into()), 2),
        ((1, "/di".into()), 1),
    ]
    .into_iter()
    .collect();
    assert_eq!(per_rank, want);
}

#[test]
fn threads_of_one_process() {
    let dir = TestDir::new("par-threads");
    let prog = compile(&dir, "threads", &[]);
    let trace = dir.join("trace");
    let r = run_traced_ok(&prog, &dir, &trace, &[]);
    assert_eq!(r.stdout, "threads done 0\n");
    let (a, mapped) = same_with_threads(&dir, &trace);
    assert!(!mapped, "the first process's local ids are the global ones");
    assert_eq!(a.locations.len(), 5);
    // Per thread, its writes into its .dat file: main 1, thread i i+1.
    let mut writes: BTreeMap<u64, usize> = BTreeMap::new();
    for o in a.ops() {
        if o.file.as_deref().is_some_and(|f| f.ends_with(".dat")) && o.mode == "WRITE" {
            *writes.entry(o.location).or_default() += 1;
        }
    }
    let mut writes: Vec<usize> = writes.into_values().collect();
    writes.sort();
    assert_eq!(writes, vec![1, 1, 2, 3, 4]);
}

/// Under mpirun: more ranks than processes (ranks with nothing to convert), and errors: one
/// line from rank 0, a failure status, nothing written or removed.
#[test]
fn mpirun_more_ranks_than_processes_and_errors() {
    if !have_mpirun() {
        eprintln!("skipped: mpirun not found on PATH");
        return;
    }
    let dir = TestDir::new("par-mpirun");
    let prog = compile(&dir, "threads", &[]);
    let trace = dir.join("trace");
    run_traced_ok(&prog, &dir, &trace, &[]);
    let serial = dir.join("serial.otf2");
    let r1 = convert_raw(&trace, &serial, &["--quiet"]);
    r1.assert_ok("recorder2otf2");
    same_under_mpirun(&dir, &trace, &serial, &r1.stderr, 3);

    let convert = |out: &Path, trace: &Path| {
        let mut c = mpirun_untraced(2, dir.path());
        c.arg(&build().to_otf2).arg(trace).arg(out);
        run(&mut c)
    };
    // The output exists: told once, left as it was.
    let before = archive_files(&serial);
    let r = convert(&serial, &trace);
    assert!(!r.status.success(), "{r:?}");
    let told: Vec<&str> = r
        .stderr
        .lines()
        .filter(|l| l.contains("already exists"))
        .collect();
    assert_eq!(told.len(), 1, "{}", r.stderr);
    assert!(told[0].starts_with("recorder2otf2: "), "{}", r.stderr);
    assert!(
        archive_files(&serial) == before,
        "the existing archive was changed"
    );
    // No trace there: told once, nothing written.
    let out = dir.join("none.otf2");
    let r = convert(&out, &dir.join("no-such-trace"));
    assert!(!r.status.success(), "{r:?}");
    let told = r
        .stderr
        .lines()
        .filter(|l| l.starts_with("recorder2otf2: "))
        .count();
    assert_eq!(told, 1, "{}", r.stderr);
    assert!(r.stderr.contains("no-such-trace"), "{}", r.stderr);
    assert!(!out.exists() && !dir.join("none").exists());
}
