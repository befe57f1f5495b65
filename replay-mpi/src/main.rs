//! `recorder-otf2-replay-mpi TRACE --into DIR ...`: a trace's I/O replayed by as many MPI
//! ranks as it recorded, each its own rank's calls, the MPI-IO calls through MPI
//! (io_replay::mpiio says how). Started by `recorder-otf2 replay` (which execs it
//! with its own arguments, under mpirun one per rank); linked with MPI, unlike the launcher.

#[cfg(replay_mpi)]
mod engine;
#[cfg(replay_mpi)]
mod hdf5;
mod mpi;
#[cfg(replay_mpi)]
mod pnetcdf;
#[cfg(replay_mpi)]
mod run;

use io_replay::{parse_timing, Timing};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Parser)]
#[command(
    name = "recorder-otf2-replay-mpi",
    version,
    about = "A trace's MPI ranks replayed under mpirun at the HDF5, PnetCDF, MPI-IO or POSIX layer (see `recorder-otf2 replay`)"
)]
pub struct Args {
    pub trace: PathBuf,
    #[arg(long, value_name = "DIR")]
    pub into: PathBuf,
    /// auto (the default): the library layers (HDF5 and PnetCDF calls through their
    /// libraries, the MPI-IO and POSIX calls not made inside one as mpiio does), or mpiio when
    /// some library call that does I/O cannot be replayed; hdf5, pnetcdf: the library layers
    /// whatever cannot be replayed (skipped, counted); mpiio: MPI-IO calls through MPI, the
    /// other POSIX calls as such; posix: every rank's POSIX calls (those MPI-IO made included).
    #[arg(long, default_value = "auto", value_parser = ["auto", "posix", "mpiio", "hdf5", "pnetcdf"])]
    pub layer: String,
    /// asap, original, or scaled:F (the recorded gaps × F, 0 <= F <= 1000).
    #[arg(long, default_value = "asap", value_parser = parse_timing)]
    pub timing: Timing,
    #[arg(long, value_name = "PREFIX")]
    pub only: Vec<String>,
    /// The files to read were made before (by the launcher of a recorded replay).
    #[arg(long)]
    pub files_made: bool,
    /// Print the report as JSON (the same facts as the table; docs/replay.md).
    #[arg(long)]
    pub json: bool,
}

fn main() -> ExitCode {
    let args = <Args as clap::Parser>::parse();
    let world = match mpi::init() {
        Ok(w) => w,
        Err(e) => {
            eprintln!("recorder-otf2-replay-mpi: {e}");
            return ExitCode::from(2);
        }
    };
    #[cfg(replay_mpi)]
    let result = run::run(&args, &world);
    // Unreachable: without MPI, `mpi::init` said so already.
    #[cfg(not(replay_mpi))]
    let result: Result<(), mpi::Failure> =
        Err(format!("{}: not replayed", args.trace.display()).into());
    world.finalize();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(mpi::Failure::Message(e)) => {
            // One write: under mpirun, stderr lines of the ranks interleave.
            let line = format!("recorder-otf2: {e}\n");
            let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
            ExitCode::from(1)
        }
        Err(mpi::Failure::ReportedElsewhere) => ExitCode::from(1),
    }
}
