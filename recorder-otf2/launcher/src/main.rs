//! recorder-otf2: the launcher (`record`), the answers from a trace (`summary`, `report`,
//! `export`, `conflicts`, `perfetto`, `compare`), its conversions (`convert`, `text`: what
//! recorder2otf2 and recorder2text do), what remakes one (`replay`, `extrapolate`, `pack`)
//! and the recorder's own facts (`lib`, `functions`), each reading traces through the I/O
//! model. The subcommands' list in README.md is checked against this one by
//! tests/tests/launcher.rs.

mod analyze;
mod autopack;
mod compare;
mod conflicts;
mod convert;
mod extrapolate;
mod install_files;
mod output_dir;
mod pack;
mod perfetto;
mod record;
mod replay;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "recorder-otf2",
    version,
    about = "Record every I/O call a program makes, layer by layer, and answer questions from the trace"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run a program with the recorder preloaded.
    Record(record::Record),
    /// Summarise a trace: files, layers, functions, ranks, the layer breakdown of each
    /// high-level call, and insights (JSON with --json).
    Summary(analyze::SummaryArgs),
    /// Write a self-contained HTML report with plots.
    Report(analyze::ReportArgs),
    /// Find the operations that touch the same bytes of a file (RAW, WAW, WAR, RAR), by
    /// process pair, at the POSIX, ISOC and MPI-IO layers (JSON with --json).
    Conflicts(conflicts::ConflictsArgs),
    /// Export calls, operations, files and handles as Parquet.
    Export(analyze::ExportArgs),
    /// Write a browser timeline (Perfetto's protobuf format): every call nested per thread,
    /// flows between layers and from non-blocking issue to completion, operations in
    /// flight, bytes per second.
    Perfetto(perfetto::PerfettoArgs),
    /// Convert a trace into an OTF2 archive (OUT.otf2, OUT.def, OUT/), as recorder2otf2 does
    /// (under mpirun too: the ranks share the conversion).
    #[command(override_usage = "recorder-otf2 convert [OPTIONS] TRACE_DIR -o OUT.otf2")]
    Convert(otf2_writer::cli::ConvertArgs),
    /// Print a trace as text, one line per call with its arguments, as recorder2text does.
    Text(io_text::TextArgs),
    /// Compare two traces per process, file and layer: operations (mode, offset, bytes) in
    /// order, and the calls that opened, closed or deleted files (flags). Calls a replay
    /// does not re-issue (the program's statvfs family ...) are left out of both, counted
    /// per family (JSON with --json). Exit status 0 when they are the same, 1 when they
    /// differ.
    Compare(compare::CompareArgs),
    /// Re-issue a trace's I/O on files mapped under a folder, with synthetic data, and tell
    /// what it did against the original: POSIX and stdio calls, forked processes forked; an
    /// MPI trace under mpirun at its highest layer (HDF5, PnetCDF, MPI-IO or POSIX). --record
    /// traces the replay for `compare`.
    Replay(replay::ReplayArgs),
    /// Build the trace of an SPMD program at N ranks from its traces at three or more
    /// smaller rank counts: loops, offsets, sizes and file names fitted exactly per call,
    /// refusing when a value follows no model; times estimated.
    Extrapolate(extrapolate::ExtrapolateArgs),
    /// Pack the process folders of each MPI job on each node into one file, compressed
    /// across ranks (lossless; every tool reads packed traces). Under `mpirun -np N`,
    /// the ranks share the packs. SIGINT/SIGTERM/SIGHUP stop it cleanly (exit 128 +
    /// signal); it removes the temporary files an interrupted pack left.
    Pack(pack::PackArgs),
    /// Print the path of the preload library (for LD_PRELOAD=...).
    Lib,
    /// Print the table of traced functions (markdown): fields, failure rule, OTF2 events.
    Functions {
        /// Print instead which libc functions count as I/O and those deliberately not
        /// wrapped, with the reasons (docs/user-guide.md, "glibc coverage and exclusions").
        #[arg(long, conflicts_with = "options")]
        glibc: bool,
        /// Print instead the recorder's options: variables, YAML keys, `record` flags,
        /// defaults (the table of README.md and docs/user-guide.md).
        #[arg(long)]
        options: bool,
    },
}

fn main() -> ExitCode {
    if let Some(a) = install_files::requested() {
        return finish(install_files::run(a), 1);
    }
    let cli = Cli::parse();
    let (r, failure) = match cli.cmd {
        Cmd::Record(r) => (record::record(r), 127),
        Cmd::Summary(a) => (analyze::summary(a), 1),
        Cmd::Report(a) => (analyze::report(a), 1),
        Cmd::Export(a) => (analyze::export(a), 1),
        Cmd::Conflicts(a) => (conflicts::run(a), 1),
        Cmd::Perfetto(a) => (perfetto::run(a), 1),
        Cmd::Convert(a) => (convert::convert(a), 1),
        Cmd::Text(a) => (convert::text(a), 1),
        Cmd::Pack(a) => (pack::run(a), 1),
        Cmd::Replay(a) => return finish(replay::run(a), 1),
        Cmd::Extrapolate(a) => (extrapolate::run(a), 1),
        Cmd::Compare(a) => match compare::run(a) {
            Ok(true) => (Ok(()), 2),
            Ok(false) => return ExitCode::from(1),
            Err(e) => (Err(e), 2),
        },
        Cmd::Lib => (
            record::find_lib().and_then(|p| analyze::stdout(&format!("{}\n", p.display()))),
            127,
        ),
        Cmd::Functions { glibc: true, .. } => (analyze::stdout(&io_events::glibc::markdown()), 1),
        Cmd::Functions { options: true, .. } => {
            (analyze::stdout(&io_events::options::markdown_table()), 1)
        }
        Cmd::Functions { .. } => (analyze::stdout(&io_events::coverage::markdown_table()), 1),
    };
    finish(r, failure)
}

/// The exit status of a command's result: 0, or `failure` (or a signal's status) after one
/// line saying what went wrong.
fn finish(r: Result<(), impl Into<replay::Failure>>, failure: u8) -> ExitCode {
    match r.map_err(Into::into) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // ReportedElsewhere: said by another rank of the job (see replay.rs).
            if let replay::Failure::Message(e) = e {
                // One write: under mpirun, stderr lines of the ranks interleave.
                let line = format!("recorder-otf2: {e}\n");
                let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
            }
            // Stopped by SIGINT, SIGTERM or SIGHUP (the tools that write files): as a shell
            // reports a process the signal killed.
            let code = io_model::interrupt::received().map(io_model::interrupt::exit_code);
            ExitCode::from(code.unwrap_or(failure))
        }
    }
}
