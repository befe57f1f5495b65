//! `perfetto`: open the trace, write it as a Perfetto timeline (with a progress bar on a
//! terminal), say what was written.

use crate::conflicts::size_within;
use io_events::functions::Layer;
use io_model::driver::bar;
use io_model::trace::Trace;
use io_perfetto::{write, Options};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct PerfettoArgs {
    /// The trace directory written by `recorder-otf2 record -o DIR`.
    trace: PathBuf,
    /// The file to write (open it at https://ui.perfetto.dev or with trace_processor).
    #[arg(short = 'o', long = "output")]
    output: PathBuf,
    /// Replace existing output files.
    #[arg(short, long)]
    force: bool,
    /// Split the timeline by time into files of at most this size (512K, 64M, 2G; a number
    /// alone is MiB; 256K to 1T), OUT-001.pftrace ..., each loadable alone (the browser holds
    /// about 2 GB and needs 2-4 times the file).
    #[arg(long, value_parser = parse_piece_size)]
    max_size: Option<u64>,
    /// Only these layers (comma-separated: posix, stdio, mpiio, hdf5, netcdf, pnetcdf,
    /// adios, mpi).
    #[arg(long, value_delimiter = ',', value_parser = parse_layer)]
    layers: Option<Vec<Layer>>,
    /// Only these ranks (comma-separated ranks or ranges: 0,4-7).
    #[arg(long, value_delimiter = ',', value_parser = parse_range)]
    ranks: Option<Vec<(u32, u32)>>,
    /// Start of the time window, in seconds from the trace's start.
    #[arg(long)]
    from: Option<f64>,
    /// End of the time window, in seconds from the trace's start.
    #[arg(long)]
    to: Option<f64>,
    /// Worker threads: 0 (the default) one per core; at most 4 per core, a larger number is
    /// refused.
    #[arg(long, default_value_t = 0, value_parser = io_model::driver::parse_threads)]
    threads: usize,
    /// No progress bar, no closing line.
    #[arg(short, long)]
    quiet: bool,
}

/// `--max-size`: at least 256 KiB (each file repeats the tracks' descriptors: 1K made
/// thousands of files from a 100 KB trace), at most 1 TiB.
fn parse_piece_size(s: &str) -> Result<u64, String> {
    size_within(s, 256 << 10, 1 << 40)
}

fn parse_layer(s: &str) -> Result<Layer, String> {
    s.parse()
        .map_err(|e: io_events::functions::UnknownLayer| e.to_string())
}

fn parse_range(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("'{s}' is not a rank or a range of ranks (e.g. 3 or 0-7)");
    let (a, b) = s.split_once('-').unwrap_or((s, s));
    let (a, b) = (
        a.trim().parse::<u32>().map_err(|_| bad())?,
        b.trim().parse::<u32>().map_err(|_| bad())?,
    );
    if a > b {
        return Err(bad());
    }
    Ok((a, b))
}

pub fn run(a: PerfettoArgs) -> Result<(), String> {
    for (name, v) in [("--from", a.from), ("--to", a.to)] {
        if v.is_some_and(|v| !v.is_finite() || v < 0.0) {
            return Err(format!("{name} must be a number of seconds >= 0"));
        }
    }
    let trace = Trace::open(&a.trace)?;
    let opts = Options {
        max_size: a.max_size,
        layers: a.layers,
        ranks: a.ranks,
        from_s: a.from,
        to_s: a.to,
        threads: a.threads,
    };
    io_model::interrupt::install()?;
    let dir = crate::output_dir::OutputDir::for_file(&a.output)?;
    let b = bar(trace.stream_bytes(), a.quiet);
    let r = write(&trace, &a.output, &opts, a.force, &|n| b.set_position(n));
    b.finish_and_clear();
    let r = dir.keep_if_ok(r);
    let removed = format!("the timeline files of {}", a.output.display());
    let w = r.map_err(|e| io_model::interrupt::explain(e.to_string(), &removed))?;
    for warning in &w.warnings {
        eprintln!("recorder-otf2: warning: {warning}");
    }
    if !a.quiet {
        eprintln!("recorder-otf2: {}", w.describe());
    }
    Ok(())
}
