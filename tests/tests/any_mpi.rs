//! One recorder for every MPI: what happens when the MPI is not one the recorder can serve,
//! and when the tools linked with one MPI are started by another MPI's launcher.
//! (The MPI-IO, mpi-layer, Fortran, parallel HDF5 and conflicts suites run under both Open
//! MPI and MPICH in their own files: mpi.rs, hdf5.rs, conflicts.rs.)

use e2e_tests::*;
use serde_json::Value;
use std::path::Path;

/// Open MPI's libmpi, for a process that loads it beside MPICH's.
fn open_mpi_library() -> Option<String> {
    let r = run(&mut command(Mpi::OpenMpi.cc(), Path::new("/")).arg("--showme:libdirs"));
    let dir = r.stdout.split_whitespace().next()?.to_string();
    let lib = Path::new(&dir).join("libmpi.so");
    lib.exists().then(|| lib.display().to_string())
}

/// A process with two MPI libraries (MPICH's, which it runs on, and Open MPI's, loaded with
/// RTLD_GLOBAL before MPI_Init) cannot be served for sure: the MPI layers go off with one line
/// per process on stderr, and the program runs to its normal end with its POSIX I/O traced
/// exactly.
#[test]
fn two_mpi_libraries_turn_the_mpi_layers_off_and_the_program_runs_on() {
    if !Mpi::Mpich.available() || !Mpi::OpenMpi.available() {
        eprintln!("skipped: MPICH and Open MPI are both needed");
        return;
    }
    let Some(other) = open_mpi_library() else {
        eprintln!("skipped: Open MPI's libmpi.so not found");
        return;
    };
    let dir = TestDir::new("two-mpi-libraries");
    let prog = compile_mpi_with(Mpi::Mpich, &dir, "mpi_two_libraries.c", &["-ldl"]);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let np = 2;
    let r = run(mpirun_with(Mpi::Mpich, np, dir.path(), &trace, &[])
        .arg(&prog)
        .arg(&other)
        .arg(&data));
    r.assert_ok("mpi_two_libraries under mpiexec.mpich with the recorder");
    for rank in 0..np {
        let line = format!("rank={rank} mpi_write=1 posix_write=1000");
        assert!(r.stdout.contains(&line), "no '{line}' in:\n{}", r.stdout);
    }
    let notices: Vec<&str> = r
        .stderr_lines()
        .into_iter()
        .filter(|l| l.contains("MPI layers off"))
        .collect();
    assert_eq!(notices.len(), np as usize, "one notice per process:\n{}", r.stderr);
    for n in &notices {
        assert!(
            n.starts_with("recorder-otf2: MPI layers off: 'MPICH Version:")
                && n.ends_with("loaded beside Open MPI (two MPI libraries); the other layers go on"),
            "{n}"
        );
    }

    let procs = processes(&trace);
    assert_eq!(procs.len(), np as usize);
    for p in &procs {
        assert!(p.meta.mpi_layers_off.is_some(), "{}: no mpi_layers_off", p.name);
        assert_eq!(p.meta.mpi_library, None, "{}", p.name);
        assert_eq!(p.meta.rank, None, "{}: a rank without the MPI layers", p.name);
        let mpi: Vec<&String> = p
            .meta
            .function_counts
            .keys()
            .filter(|f| f.starts_with("MPI_"))
            .collect();
        assert!(mpi.is_empty(), "{}: MPI calls recorded: {mpi:?}", p.name);
    }

    // The POSIX layer: each rank's own file written once, 1,000 bytes, and the shared file's
    // 2,000 bytes as ROMIO wrote them through POSIX; no MPI-IO layer.
    let out = run(&mut command(&build().launcher, dir.path())
        .args(["summary", "--json", "--no-conflicts"])
        .arg(&trace));
    out.assert_ok("summary --json");
    let v: Value = serde_json::from_str(&out.stdout).expect("summary's JSON");
    let files = v["files"].as_array().unwrap();
    let d = data.display().to_string();
    let file = |layer: &str, name: &str| {
        files
            .iter()
            .find(|f| f["layer"] == layer && f["path"] == format!("{d}/{name}").as_str())
            .unwrap_or_else(|| panic!("no {layer} row for {name}: {files:#?}"))
    };
    for rank in 0..np {
        let f = file("POSIX", &format!("posix_{rank}.dat"));
        assert_eq!((f["write_ops"].as_u64(), f["write_bytes"].as_u64()), (Some(1), Some(1000)));
    }
    assert_eq!(file("POSIX", "two.dat")["write_bytes"].as_u64(), Some(2000));
    assert!(
        files.iter().all(|f| f["layer"] != "MPI-IO"),
        "MPI-IO rows without the MPI layers"
    );
    let warnings = v["warnings"].as_array().unwrap();
    assert_eq!(
        warnings
            .iter()
            .filter(|w| w.as_str().unwrap().contains("the MPI layers were not traced"))
            .count(),
        np as usize,
        "{warnings:#?}"
    );
}

/// recorder2otf2 and the MPI replayer are linked with Open MPI here: started by MPICH's
/// launcher, each rank would see a world of one and all would write one archive at once.
/// They stop with one line naming the MPI they are linked with and the launcher to use, and
/// leave nothing behind.
#[test]
fn tools_linked_with_open_mpi_refuse_another_mpis_launcher() {
    if !Mpi::Mpich.available() || !Mpi::OpenMpi.available() {
        eprintln!("skipped: MPICH and Open MPI are both needed");
        return;
    }
    let dir = TestDir::new("foreign-launcher");
    let prog = compile_mpi_with(Mpi::OpenMpi, &dir, "mpi_jobs.c", &[]);
    let trace = dir.join("trace");
    let data = dir.subdir("data");
    run(mpirun(2, dir.path(), &trace, &[]).arg(&prog).arg(&data).arg("write"))
        .assert_ok("mpi_jobs under mpirun.openmpi");

    let out = dir.join("out.otf2");
    let r = run(mpirun_untraced_with(Mpi::Mpich, 2, dir.path())
        .arg(&build().to_otf2)
        .arg(&trace)
        .arg(&out));
    assert_ne!(r.code(), Some(0), "recorder2otf2 under mpiexec.mpich: {r:?}");
    let lines = r.stderr_lines();
    assert_eq!(lines.len(), 1, "one line from one rank:\n{}", r.stderr);
    assert!(
        lines[0].starts_with("recorder2otf2: linked with Open MPI v")
            && lines[0].contains("started by MPICH's mpiexec (Hydra) as one of 2 ranks")
            && lines[0].ends_with(
                "run it with Open MPI's mpirun (mpirun.openmpi; under Slurm: srun --mpi=pmix), or without a launcher"
            ),
        "{}",
        lines[0]
    );
    for leftover in [out.clone(), dir.join("out.def"), dir.join("out")] {
        assert!(!leftover.exists(), "{} left behind", leftover.display());
    }

    let into = dir.join("replayed");
    let r = run(mpirun_untraced_with(Mpi::Mpich, 2, dir.path())
        .arg(&build().launcher)
        .args(["replay"])
        .arg(&trace)
        .arg("--into")
        .arg(&into));
    assert_ne!(r.code(), Some(0), "replay under mpiexec.mpich: {r:?}");
    assert!(
        r.stderr.contains("linked with Open MPI v")
            && r.stderr.contains("run it with Open MPI's mpirun (mpirun.openmpi;"),
        "{}",
        r.stderr
    );
    let replayed = std::fs::read_dir(&into).map(|d| d.count()).unwrap_or(0);
    assert_eq!(replayed, 0, "files replayed into {}", into.display());
}
