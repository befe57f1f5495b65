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
    /// Only these layers, comma-separated, in any case: POSIX, ISOC, MPI-IO, HDF5, netCDF,
    /// PnetCDF, ADIOS, MPI (as the summary names them; stdio, mpiio, adios2 are accepted too).
    #[arg(long, value_delimiter = ',', value_parser = parse_layer)]
    layers: Option<Vec<Layer>>,
    /// Only these ranks (comma-separated ranks or ranges, 0 to 4294967295: 0,4-7).
    #[arg(long, value_delimiter = ',', value_parser = parse_range)]
    ranks: Option<Vec<(u32, u32)>>,
    /// Start of the time window, in seconds from the trace's start (a finite number >= 0).
    #[arg(long)]
    from: Option<f64>,
    /// End of the time window, in seconds from the trace's start (a finite number >= 0).
    #[arg(long)]
    to: Option<f64>,
    /// Worker threads, 0 to 4 per core (0 = one per core, the default; a larger number is
    /// refused).
    #[arg(long, default_value_t = 0, hide_default_value = true, value_parser = io_model::driver::parse_threads)]
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

/// A layer as the shared parser reads its name; refused naming the layers as the output
/// (and this option's help) spells them.
fn parse_layer(s: &str) -> Result<Layer, String> {
    s.parse().map_err(|_| {
        let names: Vec<&str> = Layer::ALL.iter().map(|l| l.identification()).collect();
        format!("'{s}' is not a layer ({})", names.join(", "))
    })
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
