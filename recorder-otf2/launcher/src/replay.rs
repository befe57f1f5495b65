//! `replay TRACE --into DIR`: re-issue the trace's I/O on files under DIR (see
//! io_replay), print what was done against the original; `--record RDIR` traces the
//! replay itself (its reading of TRACE left out) for `compare`. An MPI trace (or `--layer
//! mpiio`) is replayed by recorder-otf2-replay-mpi, which links MPI (this launcher does not:
//! it runs programs and works without MPI), exec'd with the same arguments.

use crate::analyze::stdout;
use io_model::trace::Trace;
use io_replay::{parse_timing, replay, text, timing_arg, Options, Timing};
use std::path::{Path, PathBuf};
use std::process::Command;

#[derive(clap::Args)]
pub struct ReplayArgs {
    /// The trace directory to replay.
    trace: PathBuf,
    /// The folder the recorded files are mapped under (`/a/b` becomes `DIR/a/b`).
    #[arg(long, value_name = "DIR")]
    into: PathBuf,
    /// The layer replayed, in any case (mpiio is accepted for MPI-IO); for MPI traces (under
    /// mpirun with the trace's ranks): auto (the default: HDF5 and PnetCDF calls through
    /// their libraries, the MPI-IO and POSIX calls not made inside one as MPI-IO does; MPI-IO
    /// when a library call that does I/O cannot be replayed), HDF5 or PnetCDF (the library
    /// layers, what cannot be replayed skipped), MPI-IO (MPI-IO calls through MPI, the other
    /// POSIX calls as such), POSIX (what the POSIX layer did, under every library; the
    /// default for other traces).
    #[arg(long, value_parser = parse_replay_layer)]
    layer: Option<String>,
    /// asap (no gaps), original (the recorded gaps between calls), scaled:F (gaps × F,
    /// 0 <= F <= 1000; a larger factor is refused).
    #[arg(long, default_value = "asap", value_parser = parse_timing)]
    timing: Timing,
    /// Replay only files under this recorded prefix; repeatable.
    #[arg(long, value_name = "PREFIX")]
    only: Vec<String>,
    /// Trace the replay into RDIR (`compare TRACE RDIR` then maps the files by itself).
    #[arg(long, value_name = "RDIR")]
    record: Option<PathBuf>,
    /// Print the report as JSON on stdout (fields in docs/replay.md): the same facts as the
    /// table, times in nanoseconds.
    #[arg(long)]
    json: bool,
    /// (Internal: the recorded replay's files were made by the launcher before it.)
    #[arg(long, hide = true)]
    files_made: bool,
}

/// `--layer`: auto, or a layer the replay re-issues, as the shared parser reads its name
/// (MPI-IO or mpiio ...); kept as its option name, the spelling the MPI replay takes.
fn parse_replay_layer(s: &str) -> Result<String, String> {
    use io_events::functions::Layer;
    const REPLAYED: [Layer; 4] = [Layer::Posix, Layer::MpiIo, Layer::Hdf5, Layer::PnetCdf];
    if s.trim().eq_ignore_ascii_case("auto") {
        return Ok("auto".into());
    }
    match s.parse::<Layer>() {
        Ok(l) if REPLAYED.contains(&l) => Ok(l.option_name().into()),
        _ => Err(format!(
            "'{s}' is not a layer replay re-issues (auto, POSIX, MPI-IO, HDF5, PnetCDF)"
        )),
    }
}

fn absolute(p: &Path) -> Result<PathBuf, String> {
    std::path::absolute(p).map_err(|e| format!("{}: {e}", p.display()))
}

/// Run this replay again under the recorder, writing the replay's trace to `rdir`: the
/// launcher's POSIX replay (`replay_mpi` None) or the MPI replay at `layer`. Under mpirun
/// every rank's launcher runs its own: rank 0 makes RDIR, the files to read and the mapping,
/// the others wait for that mapping (with their job's id) before they start.
fn record(a: &ReplayArgs, rdir: &Path, replay_mpi: Option<(&Path, &str)>) -> Result<(), Failure> {
    let (rank, _) = crate::pack::launcher_rank();
    let exe = std::env::current_exe().map_err(|e| format!("cannot locate this executable: {e}"))?;
    let trace = absolute(&a.trace)?;
    let into = absolute(&a.into)?;
    let map = rdir.join("replay.yaml");
    // What compare needs to map the original's files onto the replay's, and who made it.
    let mapping = format!(
        "source: {:?}\nfrom: \"/\"\nto: {:?}\njob: {:?}\n",
        trace.display().to_string(),
        format!("{}/", into.display()),
        io_events::launcher::job_id().unwrap_or_default()
    );
    if rank == 0 {
        prepare_recorded(a, rdir, &trace, &into)?;
        std::fs::write(&map, &mapping).map_err(|e| format!("{}: {e}", map.display()))?;
    } else {
        wait_for(&map, &mapping);
    }
    let mut c = Command::new(&exe);
    c.arg("record").arg("-o").arg(rdir);
    // The trace read is not traced, even under /dev/shm (which the recorder traces by
    // default): only DIR is the include list's.
    c.arg("--exclude")
        .arg(format!("/proc:/sys:/dev:{}", trace.display()))
        .arg("--include")
        .arg(&into);
    c.arg("--");
    match replay_mpi {
        Some((bin, layer)) => singleton_alone(&mut c)
            .arg(bin)
            .arg(&trace)
            .args(["--layer", layer]),
        None => c
            .arg(&exe)
            .arg("replay")
            .arg(&trace)
            .args(["--layer", "posix"]),
    };
    c.arg("--into").arg(&into).arg("--files-made");
    for p in &a.only {
        c.arg("--only").arg(p);
    }
    c.arg("--timing").arg(timing_arg(a.timing));
    if a.json {
        c.arg("--json");
    }
    let status = c.status().map_err(|e| format!("{}: {e}", exe.display()))?;
    match status.success() {
        true => Ok(()),
        false => Err(once(rank, format!("the recorded replay failed ({status})"))),
    }
}

/// RDIR made (a new folder: another replay's trace is never mixed in) and the files to
/// read made under DIR, untraced: the replay's trace holds the replayed calls only.
fn prepare_recorded(a: &ReplayArgs, rdir: &Path, trace: &Path, into: &Path) -> Result<(), String> {
    if let Some(parent) = rdir.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    std::fs::create_dir(rdir).map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => format!(
            "{}: already exists; the replay's trace needs a new folder",
            rdir.display()
        ),
        _ => format!("{}: {e}", rdir.display()),
    })?;
    let opts = Options {
        into: into.to_path_buf(),
        only: a.only.clone(),
        timing: a.timing,
        files_made: false,
    };
    io_replay::prepare_files(&Trace::open(trace)?, &opts)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// Wait until `file` holds `text` (rank 0 of this job wrote it). If rank 0 fails, mpirun
/// ends the job.
fn wait_for(file: &Path, text: &str) {
    while std::fs::read_to_string(file).ok().as_deref() != Some(text) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Why a replay failed: what this process says, or nothing when rank 0 of its job says it.
pub enum Failure {
    /// The line this process prints.
    Message(String),
    /// Rank 0 of the job prints the line; this rank is silent.
    ReportedElsewhere,
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::Message(message)
    }
}

/// An error said by rank 0 only, so that a job's ranks failing alike say it once.
fn once(rank: usize, e: String) -> Failure {
    if rank == 0 {
        Failure::Message(e)
    } else {
        Failure::ReportedElsewhere
    }
}

/// The MPI replay's binary, beside this one (built with the workspace).
fn replay_mpi_binary() -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot locate this executable: {e}"))?;
    let bin = exe.with_file_name("recorder-otf2-replay-mpi");
    match bin.is_file() {
        true => Ok(bin),
        false => Err(format!(
            "{}: not found (the MPI replay is built with the workspace: cargo build --release)",
            bin.display()
        )),
    }
}

/// The MPI replay: the rank count checked against the trace's, then recorded or exec'd
/// (this process becomes the rank's replay, with the same arguments).
fn run_mpi(a: &ReplayArgs, layer: &str) -> Result<(), Failure> {
    let (rank, size) = crate::pack::launcher_rank();
    let trace = Trace::open(&a.trace).map_err(|e| once(rank, e.to_string()))?;
    let plan = io_model::run::Plan::new(&trace);
    // An MPI job, or one process without MPI (a singleton MPI process replays it).
    let Ok((world, _)) = io_replay::mpiio::job_ranks(&trace, &plan) else {
        let e = format!(
            "{}: not an MPI trace (no process has a rank): replay it with --layer posix",
            a.trace.display()
        );
        return Err(once(rank, e));
    };
    if world as usize != size {
        let e = format!(
            "{}: recorded with {world} ranks, replayed with {size}: run `mpirun -np {world} recorder-otf2 replay ...`",
            a.trace.display(),
        );
        return Err(once(rank, e));
    }
    let bin = replay_mpi_binary().map_err(|e| once(rank, e))?;
    if let Some(rdir) = &a.record {
        return record(a, rdir, Some((&bin, layer)));
    }
    let mut c = Command::new(&bin);
    singleton_alone(&mut c);
    c.arg(&a.trace).arg("--into").arg(&a.into);
    c.args(["--layer", layer, "--timing", &timing_arg(a.timing)]);
    for p in &a.only {
        c.arg("--only").arg(p);
    }
    if a.files_made {
        c.arg("--files-made");
    }
    if a.json {
        c.arg("--json");
    }
    use std::os::unix::process::CommandExt;
    let e = c.exec();
    Err(once(rank, format!("{}: {e}", bin.display())))
}

/// Without mpirun (a trace of one process without MPI), the MPI replay starts as a singleton:
/// Open MPI then forks a daemon (orted) unless told not to, which `--record` would trace as a
/// process of the replay, killed at its end. The user's own setting is kept.
fn singleton_alone(c: &mut Command) -> &mut Command {
    let param = "OMPI_MCA_ess_singleton_isolated";
    if !crate::pack::under_launcher() && std::env::var_os(param).is_none() {
        c.env(param, "1");
    }
    c
}

/// Whether `trace` is replayed by the MPI replay: recorded by MPI ranks, or one process
/// that called HDF5 (replayed at the HDF5 layer by a singleton MPI process, when the MPI
/// replay was built).
fn is_mpi_trace(trace: &Path) -> Result<bool, String> {
    let trace = Trace::open(trace)?;
    let hdf5 = |p: &io_model::trace::ProcessTrace| p.meta.options.contains_key("hdf5");
    let serial_hdf5 = trace.processes.len() == 1
        && trace.processes.iter().any(hdf5)
        && replay_mpi_binary().is_ok();
    Ok(!io_model::run::Plan::new(&trace).jobs.is_empty() || serial_hdf5)
}

pub fn run(a: ReplayArgs) -> Result<(), Failure> {
    let under_mpirun = crate::pack::launcher_rank().1 > 1;
    let mpi = match a.layer.as_deref() {
        Some("posix") => under_mpirun,
        Some(_) => true,
        None => under_mpirun || is_mpi_trace(&a.trace)?,
    };
    if mpi {
        return run_mpi(&a, a.layer.as_deref().unwrap_or("auto"));
    }
    if let Some(rdir) = &a.record {
        return record(&a, rdir, None);
    }
    let trace = Trace::open(&a.trace).map_err(String::from)?;
    io_model::interrupt::install()?;
    let opts = Options {
        into: absolute(&a.into)?,
        only: a.only.clone(),
        timing: a.timing,
        files_made: a.files_made,
    };
    let report = replay(&trace, &opts).map_err(|e| e.to_string())?;
    for w in &report.warnings {
        eprintln!("recorder-otf2: warning: {w}");
    }
    let out = match a.json {
        true => io_replay::json::to_text(&io_replay::json::report_json(&report)),
        false => text(&report),
    };
    stdout(&out).map_err(Failure::Message)
}
