//! `conflicts`: open the trace, find the operations touching the same bytes of a file (with
//! a progress bar on a terminal), print them as text or JSON.

use crate::analyze::Interruptible;
use io_conflicts::default_memory;
use io_conflicts::semantics::Semantics;
use io_conflicts::{conflicts, output, Options, LAYERS};
use io_events::functions::Layer;
use io_model::driver::bar;
use io_model::trace::Trace;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

#[derive(Clone, Copy, clap::ValueEnum)]
#[value(rename_all = "lower")]
enum SemanticsArg {
    Posix,
    /// MPI-IO's (mpiio is accepted too).
    #[value(name = "mpi-io", alias = "mpiio")]
    MpiIo,
    Commit,
    Session,
}

#[derive(clap::Args)]
pub struct ConflictsArgs {
    /// The trace directory written by `recorder-otf2 record -o DIR`.
    trace: PathBuf,
    /// Check one layer only: POSIX, ISOC (ISO C streams: fwrite, fread, fprintf ..., at the
    /// stream's position) or MPI-IO, in any case; stdio and mpiio are accepted too (default:
    /// the three together, each pair once at the outer layer of its two calls; operations
    /// made inside a call of another checked layer are left to that call).
    #[arg(long, value_parser = parse_checked_layer)]
    layer: Option<Layer>,
    /// Check every conflicting pair for the synchronisation this consistency semantics asks
    /// (happens-before from the `mpi` layer: record with it for MPI programs).
    #[arg(long, value_enum, ignore_case = true)]
    semantics: Option<SemanticsArg>,
    /// Print the result as JSON on stdout (schema in docs/analysis.md).
    #[arg(long)]
    json: bool,
    /// List every overlapping pair (both calls, their times and ranges).
    #[arg(long)]
    details: bool,
    /// Overlapping pairs enumerated per file at most, 1 to 1000000000; beyond, counts are
    /// lower bounds.
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    max_pairs: u64,
    /// Memory for accesses at most (512K, 64M, 2G; a number alone is MiB), 64K to 64T;
    /// beyond, they are sorted into runs on disk and merged back (default: half the
    /// available memory).
    #[arg(long, value_parser = parse_memory)]
    memory: Option<u64>,
    /// Where the runs go (default: the system's temporary folder); removed at the end.
    #[arg(long)]
    tmp_dir: Option<PathBuf>,
    /// Worker threads, 0 to 4 per core (0 = one per core, the default; a larger number is
    /// refused).
    #[arg(long, default_value_t = 0, hide_default_value = true, value_parser = io_model::driver::parse_threads)]
    threads: usize,
    /// No progress bar.
    #[arg(short, long)]
    quiet: bool,
}

/// `--layer`: a layer name as the shared parser reads it (POSIX or posix, ISOC or stdio,
/// MPI-IO or mpiio ...), one of those checked.
fn parse_checked_layer(s: &str) -> Result<Layer, String> {
    let names: Vec<&str> = LAYERS.iter().map(|l| l.identification()).collect();
    match s.parse::<Layer>() {
        Ok(l) if LAYERS.contains(&l) => Ok(l),
        _ => Err(format!(
            "'{s}' is not a layer conflicts checks ({})",
            names.join(", ")
        )),
    }
}

pub fn run(a: ConflictsArgs) -> Result<(), String> {
    let layers = match a.layer {
        None => LAYERS.to_vec(),
        Some(l) => vec![l],
    };
    let opts = Options {
        layers,
        max_pairs: a.max_pairs,
        details: a.details,
        threads: a.threads,
        semantics: a.semantics.map(|s| match s {
            SemanticsArg::Posix => Semantics::Posix,
            SemanticsArg::MpiIo => Semantics::MpiIo,
            SemanticsArg::Commit => Semantics::Commit,
            SemanticsArg::Session => Semantics::Session,
        }),
        memory: a.memory.unwrap_or_else(default_memory),
        tmp_dir: a.tmp_dir.unwrap_or_else(std::env::temp_dir),
    };
    let trace = Trace::open(&a.trace)?;
    io_model::interrupt::install()?;
    let b = bar(trace.stream_bytes(), a.quiet);
    let c = conflicts(&trace, &opts, &|n| b.set_position(n));
    b.finish_and_clear();
    let removed = "the temporary runs (nothing was written)";
    let c = c.map_err(|e| io_model::interrupt::explain(e.to_string(), removed))?;
    let printed = match a.json {
        true => write_json(&c),
        false => crate::analyze::stdout(&output::to_text(&c)),
    };
    // Stopped while printing, the output on stdout is cut short (the runs are gone by now).
    let removed = "the temporary runs (the output printed is incomplete)";
    printed.map_err(|e| io_model::interrupt::explain(e, removed))?;
    for w in &c.warnings {
        eprintln!("recorder-otf2: warning: {w}");
    }
    Ok(())
}

/// The JSON document on stdout, written as it is serialized; a signal stops it.
fn write_json(c: &io_conflicts::Conflicts) -> Result<(), String> {
    let mut out = BufWriter::new(Interruptible(std::io::stdout().lock()));
    serde_json::to_writer_pretty(&mut out, &output::Json(c)).map_err(|e| e.to_string())?;
    writeln!(out)
        .and_then(|_| out.flush())
        .map_err(|e| format!("stdout: {e}"))
}

/// `--memory`: at least 64 KiB (below, the runs on disk are many and tiny: 1K made
/// 200,000 of them), at most 64 TiB.
fn parse_memory(s: &str) -> Result<u64, String> {
    size_within(s, 64 << 10, 64 << 40)
}

/// A size (as [`parse_size`] reads it) from `min` to `max` bytes.
pub fn size_within(s: &str, min: u64, max: u64) -> Result<u64, String> {
    let n = parse_size(s)?;
    if n < min || n > max {
        return Err(format!(
            "'{s}' is out of bounds: from {} to {}",
            show_size(min),
            show_size(max)
        ));
    }
    Ok(n)
}

/// `n` bytes as the largest unit that divides it (64K, 1M, 64T).
fn show_size(n: u64) -> String {
    let units = [(40, "T"), (30, "G"), (20, "M"), (10, "K")];
    match units.iter().find(|(shift, _)| n.trailing_zeros() >= *shift) {
        Some((shift, unit)) => format!("{}{unit}", n >> shift),
        None => n.to_string(),
    }
}

/// "512K", "64M", "2G" or a number of MiB, in bytes.
pub fn parse_size(s: &str) -> Result<u64, String> {
    let (num, shift) = match s.char_indices().last() {
        Some((i, 'K' | 'k')) => (&s[..i], 10),
        Some((i, 'M' | 'm')) => (&s[..i], 20),
        Some((i, 'G' | 'g')) => (&s[..i], 30),
        Some((i, 'T' | 't')) => (&s[..i], 40),
        _ => (s, 20),
    };
    match num.parse::<u64>() {
        Ok(n) if n > 0 && n < (1 << (64 - shift)) => Ok(n << shift),
        _ => Err(format!("'{s}' is not a size (e.g. 512K, 64M, 2G)")),
    }
}
