//! Launchers (issue 28): `srun` under a real single-node Slurm (scripts/slurm-setup.sh writes
//! its configuration and starts munged, slurmctld and slurmd on this host) starting Open MPI
//! ranks through Slurm's PMIx plugin, and MPICH's `mpiexec` (Hydra) starting a POSIX
//! program. Each checks the ranks, the exact operations, the job id the launcher gave and
//! the packed trace `record --pack` leaves per node (io_events::launcher reads the variables).

use e2e_tests::*;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// Slurm started on this host by scripts/slurm-setup.sh (once per test binary), or why not.
fn slurm() -> Result<(), String> {
    static UP: OnceLock<Result<(), String>> = OnceLock::new();
    UP.get_or_init(|| {
        if !have_program("srun") || !have_program("slurmd") {
            return Err("srun/slurmd not found (scripts/setup.sh installs slurm-wlm)".into());
        }
        let script = build().root.join("scripts/slurm-setup.sh");
        let r = run(Command::new("bash").arg(script).current_dir(&build().root));
        match r.status.success() {
            true => Ok(()),
            false => Err(format!("scripts/slurm-setup.sh failed:\n{}", r.stderr)),
        }
    })
    .clone()
}

/// Skip the test (saying why) when Slurm cannot run here; fail when Slurm runs but Debian's
/// Open MPI is missing (scripts/setup.sh installs both).
macro_rules! need_slurm {
    () => {
        if let Err(why) = slurm() {
            eprintln!("skipped: Slurm cannot run here: {why}");
            return;
        }
        assert!(
            have_program("mpicc.openmpi"),
            "mpicc.openmpi missing (libopenmpi-dev)"
        );
    };
}

/// A Slurm allocation of `tasks` tasks on this node (`salloc --no-shell`), cancelled on drop.
/// `-O` (overcommit): more tasks than the CI machine's two cores.
struct Allocation {
    id: String,
}

impl Allocation {
    fn new(tasks: u32) -> Allocation {
        let r = run(command("salloc", Path::new("/")).args([
            "--no-shell",
            "-O",
            "-t",
            "5",
            "-J",
            "recorder-otf2-test",
            "-n",
            &tasks.to_string(),
        ]));
        r.assert_ok("salloc --no-shell");
        Allocation {
            id: granted_job(&r.stderr),
        }
    }

    /// `srun --jobid=ID -n TASKS -O --mpi=pmix` in `cwd`: a step of the allocation, its
    /// tasks wired up through Slurm's PMIx plugin (Debian's Open MPI starts from it); append
    /// the program and its arguments.
    fn srun(&self, tasks: u32, cwd: &Path) -> Command {
        self.srun_with("pmix", tasks, cwd)
    }

    /// As [`Allocation::srun`] with Slurm's MPI plugin `plugin` (`pmi2` for MPICH).
    fn srun_with(&self, plugin: &str, tasks: u32, cwd: &Path) -> Command {
        let mut c = command("srun", cwd);
        c.arg(format!("--jobid={}", self.id))
            .args(["-O", &format!("--mpi={plugin}"), "-n", &tasks.to_string()]);
        c
    }
}

/// The job id in salloc's "salloc: Granted job allocation 17".
fn granted_job(stderr: &str) -> String {
    stderr
        .lines()
        .find_map(|l| l.strip_prefix("salloc: Granted job allocation "))
        .unwrap_or_else(|| panic!("no job id in salloc's output:\n{stderr}"))
        .trim()
        .to_string()
}

impl Drop for Allocation {
    fn drop(&mut self) {
        let _ = command("scancel", Path::new("/")).arg(&self.id).status();
    }
}

/// tests/programs/FILE.c compiled by Open MPI's compiler wrapper, named explicitly.
fn compile_openmpi(dir: &TestDir, name: &str) -> PathBuf {
    let out = dir.subdir("bin").join(name);
    let src = build().programs.join(format!("{name}.c"));
    let r = run(command("mpicc.openmpi", dir.path())
        .args(["-std=gnu17", "-O0", "-Wall", "-o"])
        .arg(&out)
        .arg(&src));
    r.assert_ok("mpicc.openmpi");
    out
}

/// `recorder-otf2 record [--pack] -o TRACE --`: append the program.
fn record(c: &mut Command, pack: bool, trace: &Path) {
    c.arg(&build().launcher).arg("record");
    if pack {
        c.arg("--pack");
    }
    c.arg("-o").arg(trace).arg("--");
}

/// The MPI-IO operations on `file`: (rank, mode, bytes, offset), sorted.
fn mpiio_ops(trace: &Path, out: &Path, file: &Path) -> Vec<(u64, String, u64, Option<u64>)> {
    let a = convert_and_check(trace, out);
    let mut ops: Vec<_> = a
        .ops_on(&file.to_string_lossy())
        .into_iter()
        .filter(|o| o.paradigm == "MPI-IO")
        .map(|o| (o.group, o.mode, o.bytes_result, o.offset))
        .collect();
    ops.sort();
    ops
}

/// What mpi_jobs.c's `write` does at 4 ranks: rank r writes 64 bytes at r*64, collectively.
fn four_ranks_writes() -> Vec<(u64, String, u64, Option<u64>)> {
    (0..4u64)
        .map(|r| (r, "WRITE".to_string(), 64, Some(r * 64)))
        .collect()
}

/// The file names in a trace directory, sorted.
fn entries(trace: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(trace)
        .unwrap_or_else(|e| panic!("{}: {e}", trace.display()))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// `srun -n 4 recorder-otf2 record -o DIR -- ./mpi_jobs DATA write` (Open MPI, PMIx): four
/// ranks of one job whose id is the Slurm job's and step's, each with its own collective
/// write of 64 bytes at rank*64; `srun -n 2 recorder-otf2 pack` packs them once; the summary
/// names the job.
#[test]
fn srun_records_four_open_mpi_ranks_of_one_slurm_job() {
    need_slurm!();
    let (dir, job, trace, step) = srun_mpi_jobs(Mpi::OpenMpi, "pmix");

    // `srun -n 2 recorder-otf2 pack`: the ranks share the packs (SLURM_PROCID of
    // SLURM_STEP_NUM_TASKS); the job's one pack is written once, by one of them.
    let mut c = job.srun(2, dir.path());
    let p = run(c.arg(&build().launcher).args(["pack", "-q"]).arg(&trace));
    p.assert_ok("srun -n 2 recorder-otf2 pack");
    let packs: Vec<String> = entries(&trace)
        .into_iter()
        .filter(|n| n.ends_with(".rpk"))
        .collect();
    assert_eq!(packs, vec![format!("job-{step}-{}.rpk", hostname())]);
    let s = run(command(&build().launcher, dir.path())
        .args(["summary", "-q"])
        .arg(&trace));
    s.assert_ok("recorder-otf2 summary");
    let line = format!("Jobs: {step} (4 ranks on 1 host)");
    assert!(
        s.stdout.contains(&line),
        "no {line:?} in the summary:\n{}",
        s.stdout
    );
}

/// The same job built with MPICH and started by `srun --mpi=pmi2` (MPICH's PMI-2 client):
/// four ranks of one Slurm job, the MPI-IO layer traced by the one library build (the MPICH
/// ABI found at run time), each rank's write exact, the job id Slurm's.
#[test]
fn srun_records_four_mpich_ranks_of_one_slurm_job() {
    need_slurm!();
    if !Mpi::Mpich.available() {
        eprintln!("skipped: mpicc.mpich not found");
        return;
    }
    srun_mpi_jobs(Mpi::Mpich, "pmi2");
}

/// `srun -n 4 --mpi=PLUGIN recorder-otf2 record -o DIR -- ./mpi_jobs DATA write` with mpi_jobs
/// built by `mpi`, in a new allocation, checked: four ranks of one MPI job whose id is the
/// Slurm job's and step's, the MPI library recorded, clock offsets at MPI_Init and
/// MPI_Finalize, each rank's collective write of 64 bytes at rank*64. Returns the scratch
/// directory, the allocation, the trace and the step's id.
fn srun_mpi_jobs(mpi: Mpi, plugin: &str) -> (TestDir, Allocation, PathBuf, String) {
    let dir = TestDir::new(&format!("slurm-srun-{mpi:?}"));
    let prog = compile_mpi_with(mpi, &dir, "mpi_jobs.c", &[]);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let job = Allocation::new(4);
    let mut c = job.srun_with(plugin, 4, dir.path());
    record(&mut c, false, &trace);
    let r = run(c.arg(&prog).arg(&data).arg("write"));
    r.assert_ok(&format!("srun --mpi={plugin} -n 4 recorder-otf2 record -- mpi_jobs ({mpi:?})"));
    assert_eq!(r.stdout.matches("write 64 bytes ok").count(), 4, "{}", r.stdout);

    let procs = processes(&trace);
    let mut ranks: Vec<(Option<u32>, Option<u32>)> =
        procs.iter().map(|p| (p.meta.rank, p.meta.world_size)).collect();
    ranks.sort();
    let want: Vec<_> = (0..4).map(|r| (Some(r), Some(4))).collect();
    assert_eq!(ranks, want, "ranks and world sizes in meta.yaml");
    let step = format!("{}.0", job.id);
    let library = match mpi {
        Mpi::OpenMpi => "Open MPI",
        Mpi::Mpich => "MPICH",
    };
    for p in &procs {
        assert_eq!(p.meta.job.as_deref(), Some(step.as_str()), "{}: job", p.name);
        let lib = p.meta.mpi_library.as_deref().unwrap_or("");
        assert!(lib.starts_with(library), "{}: mpi_library {lib:?}", p.name);
        // The clock measured against rank 0's at MPI_Init and at MPI_Finalize.
        assert_eq!(p.meta.clock_offsets.len(), 2, "{}: clock offsets", p.name);
    }
    let ops = mpiio_ops(&trace, &dir.join("out.otf2"), &data.join("jobs.dat"));
    assert_eq!(ops, four_ranks_writes(), "MPI-IO operations (rank, mode, bytes, offset)");
    (dir, job, trace, step)
}

/// `srun -n N recorder-otf2 record --pack`: the node's last rank to end packs the step's
/// folders into one file named by the job and step and the host (SLURM_LOCALID and
/// SLURM_STEP_TASKS_PER_NODE tell it), and the packed trace holds the same operations. Step 0
/// is a POSIX program whose rank 0 ends first (it would pack alone were the node's count not
/// read), step 1 four Open MPI ranks.
#[test]
fn srun_record_pack_leaves_one_pack_per_node() {
    need_slurm!();
    let dir = TestDir::new("slurm-pack");
    let prog = compile_openmpi(&dir, "mpi_jobs");
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let job = Allocation::new(4);
    posix_step_packed_once(&job, &dir, &dir.join("trace-posix"));
    let mut c = job.srun(4, dir.path());
    record(&mut c, true, &trace);
    let r = run(c.arg(&prog).arg(&data).arg("write"));
    r.assert_ok("srun -n 4 recorder-otf2 record --pack -- mpi_jobs");

    let step = format!("{}.1", job.id);
    let pack = format!("job-{step}-{}.rpk", hostname());
    let names = entries(&trace);
    assert!(names.contains(&pack), "no {pack} in {names:?}");
    assert!(
        names.iter().all(|n| !trace.join(n).is_dir()),
        "folders left beside the pack: {names:?}"
    );
    let t = io_model::trace::Trace::open(&trace).unwrap();
    let mut ranks: Vec<u32> = t.processes.iter().filter_map(|p| p.meta.rank).collect();
    ranks.sort();
    assert_eq!(ranks, vec![0, 1, 2, 3]);
    assert!(t.processes.iter().all(|p| p.dir.packed()));
    assert!(t
        .processes
        .iter()
        .all(|p| p.meta.job.as_deref() == Some(step.as_str())));
    let ops = mpiio_ops(&trace, &dir.join("out.otf2"), &data.join("jobs.dat"));
    assert_eq!(
        ops,
        four_ranks_writes(),
        "MPI-IO operations of the packed trace"
    );
}

/// Step 0 of `job`: `srun -n 2 recorder-otf2 record --pack -- launcher_ranks DATA
/// SLURM_PROCID` into `trace`: one pack of the two processes, with the job's id and step 0
/// (no MPI rank: the program has no MPI), and their pwrites.
fn posix_step_packed_once(job: &Allocation, dir: &TestDir, trace: &Path) {
    let prog = compile(dir, "launcher_ranks", &[]);
    let data = dir.subdir("data-posix");
    let mut c = job.srun(2, dir.path());
    record(&mut c, true, trace);
    let r = run(c.arg(&prog).arg(&data).arg("SLURM_PROCID"));
    r.assert_ok("srun -n 2 recorder-otf2 record --pack -- launcher_ranks");
    let step = format!("{}.0", job.id);
    let packs: Vec<String> = entries(trace)
        .into_iter()
        .filter(|n| n.ends_with(".rpk"))
        .collect();
    assert_eq!(packs, vec![format!("job-{step}-{}.rpk", hostname())]);
    let t = io_model::trace::Trace::open(trace).unwrap();
    assert_eq!(t.processes.len(), 2, "two processes");
    assert!(t.processes.iter().all(|p| p.dir.packed()
        && p.meta.rank.is_none()
        && p.meta.job.as_deref() == Some(step.as_str())));
    assert_eq!(
        pwrites(trace, &dir.join("out-posix.otf2"), &data),
        two_pwrites()
    );
}

/// The POSIX operations on DATA/ranks.dat: (mode, bytes, offset) by offset.
fn pwrites(trace: &Path, out: &Path, data: &Path) -> Vec<(String, u64, Option<u64>)> {
    let a = convert_and_check(trace, out);
    let file = data.join("ranks.dat").to_string_lossy().into_owned();
    let mut ops: Vec<(String, u64, Option<u64>)> = a
        .ops_on(&file)
        .into_iter()
        .filter(|o| o.paradigm == "POSIX")
        .map(|o| (o.mode, o.bytes_result, o.offset))
        .collect();
    ops.sort_by_key(|o| o.2);
    ops
}

/// What launcher_ranks.c does at 2 ranks: rank r writes (r+1)*10 bytes at r*100.
fn two_pwrites() -> Vec<(String, u64, Option<u64>)> {
    vec![
        ("WRITE".to_string(), 10, Some(0)),
        ("WRITE".to_string(), 20, Some(100)),
    ]
}

/// MPICH's `mpiexec -n 2 recorder-otf2 record [--pack] -- ./launcher_ranks DIR PMI_RANK`: two
/// processes of a plain POSIX program, each its own pwrite; with --pack, Hydra's local rank
/// and count (MPI_LOCALRANKID, MPI_LOCALNRANKS) make the last one pack both into one file.
#[test]
fn mpiexec_of_mpich_records_and_packs_a_posix_program() {
    if !have_program("mpiexec.mpich") {
        eprintln!("skipped: mpiexec.mpich not found (scripts/setup.sh installs mpich)");
        return;
    }
    let dir = TestDir::new("mpich-hydra");
    let prog = compile(&dir, "launcher_ranks", &[]);
    for pack in [false, true] {
        let data = dir.subdir(&format!("data-{pack}"));
        let trace = dir.join(format!("trace-{pack}"));
        let mut c = command("mpiexec.mpich", dir.path());
        c.args(["-n", "2"]);
        record(&mut c, pack, &trace);
        let r = run(c.arg(&prog).arg(&data).arg("PMI_RANK"));
        r.assert_ok("mpiexec.mpich -n 2 recorder-otf2 record -- launcher_ranks");

        let t = io_model::trace::Trace::open(&trace).unwrap();
        assert_eq!(t.processes.len(), 2, "two processes");
        // Hydra puts no job id in the environment; the processes have no MPI rank.
        assert!(t
            .processes
            .iter()
            .all(|p| p.meta.job.is_none() && p.meta.rank.is_none()));
        let packs: Vec<String> = entries(&trace)
            .into_iter()
            .filter(|n| n.ends_with(".rpk"))
            .collect();
        let want = if pack {
            vec![format!("{}.rpk", hostname())]
        } else {
            vec![]
        };
        assert_eq!(packs, want, "packs (pack: {pack})");
        assert!(t.processes.iter().all(|p| p.dir.packed() == pack));

        let out = dir.join(format!("out-{pack}.otf2"));
        assert_eq!(pwrites(&trace, &out, &data), two_pwrites(), "pack: {pack}");
    }
}

/// Two `mpirun.openmpi` in one Slurm allocation (`salloc ... sh -c 'mpirun ...; mpirun ...'`)
/// are two Open MPI jobs, not the allocation's: each has its own job id (Open MPI's, not the
/// Slurm job's id that both inherit), its own two ranks and its own MPI-IO operations.
#[test]
fn two_mpiruns_in_one_allocation_are_two_jobs() {
    need_slurm!();
    let dir = TestDir::new("slurm-mpirun");
    let prog = compile_openmpi(&dir, "mpi_jobs");
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let mpirun = format!(
        "mpirun.openmpi --allow-run-as-root --oversubscribe -np 2 {} record -o {} -- {} {}",
        build().launcher.display(),
        trace.display(),
        prog.display(),
        data.display()
    );
    let script = format!("{mpirun} write && {mpirun} read");
    let r = run(command("salloc", dir.path())
        .args([
            "-O",
            "-t",
            "5",
            "-J",
            "recorder-otf2-test",
            "-n",
            "2",
            "sh",
            "-c",
        ])
        .arg(&script));
    r.assert_ok("salloc sh -c 'mpirun ...; mpirun ...'");
    assert_eq!(r.stdout.matches(" ok\n").count(), 4, "{}", r.stdout);
    let slurm_job = granted_job(&r.stderr);

    let mut jobs: std::collections::BTreeMap<String, Vec<u32>> = Default::default();
    for p in processes(&trace) {
        let job = p
            .meta
            .job
            .clone()
            .unwrap_or_else(|| panic!("{}: no job", p.name));
        jobs.entry(job)
            .or_default()
            .push(p.meta.rank.expect("a rank"));
    }
    assert_eq!(jobs.len(), 2, "two jobs: {jobs:?}");
    for (id, ranks) in &mut jobs {
        ranks.sort();
        assert_eq!(ranks, &[0, 1], "job {id}");
        let slurm_step = format!("{slurm_job}.");
        assert!(
            id != &slurm_job && !id.starts_with(&slurm_step),
            "job {id}: the allocation's ({slurm_job})"
        );
    }
    // Job 1 wrote, job 2 read, each rank 64 bytes at rank*64 (groups: job 1's ranks, job 2's).
    let ops = mpiio_ops(&trace, &dir.join("out.otf2"), &data.join("jobs.dat"));
    let want: Vec<_> = (0..4u64)
        .map(|g| {
            let mode = if g < 2 { "WRITE" } else { "READ" };
            (g, mode.to_string(), 64, Some(g % 2 * 64))
        })
        .collect();
    assert_eq!(ops, want, "MPI-IO operations (group, mode, bytes, offset)");
}
