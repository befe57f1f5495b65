//! `summary`, `report`, `export`: open the trace, run the analysis with a progress bar on a
//! terminal, write the result. Errors are one line naming the file and the problem.

use crate::output_dir::OutputDir;
use io_analysis::insights::{evaluate, Thresholds};
use io_analysis::{analyze, summary, Analysis, Options};
use io_conflicts::section;
use io_model::driver::bar;
use io_model::trace::Trace;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Common {
    /// The trace directory written by `recorder-otf2 record -o DIR`.
    trace: PathBuf,
    /// YAML file of insight thresholds (docs/analysis.md lists the keys and defaults).
    #[arg(long)]
    config: Option<PathBuf>,
    /// Worker threads, 0 to 4 per core (0 = one per core, the default; a larger number is
    /// refused).
    #[arg(long, default_value_t = 0, hide_default_value = true, value_parser = io_model::driver::parse_threads)]
    threads: usize,
    /// No progress bar.
    #[arg(short, long)]
    quiet: bool,
    /// Add the overlapping operations per file (worded per subcommand: SummaryArgs,
    /// ReportArgs).
    #[arg(long)]
    conflicts: bool,
    /// Treat the files the program did not open by name (sockets, pipes, eventfd, MPI
    /// shared-memory and session files, /proc, /sys, system files) as its data files: in the
    /// files table, the plots and the insights. By default they are counted apart.
    #[arg(long)]
    runtime_files: bool,
    /// Accepted for older scripts: the overlaps are left out unless --conflicts.
    #[arg(long, hide = true, conflicts_with = "conflicts")]
    no_conflicts: bool,
}

#[derive(clap::Args)]
#[command(mut_arg("conflicts", |a| a.help(
    "Add the overlapping operations per file, as `recorder-otf2 conflicts` counts them (the \
     `conflicts` object of --json, one line of the text): a second pass over the trace, and \
     memory that grows with the reads and writes (48 bytes each, sorted on disk past half the \
     available memory). Without it the summary's memory stays flat whatever the trace's size"
)))]
pub struct SummaryArgs {
    #[command(flatten)]
    common: Common,
    /// Print the summary as JSON on stdout (schema in docs/analysis.md).
    #[arg(long)]
    json: bool,
    /// Rows per table in the terminal summary, 1 to 100000.
    #[arg(long, default_value_t = 10, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=100_000))]
    top: usize,
}

#[derive(clap::Args)]
#[command(mut_arg("conflicts", |a| a.help(
    "Add the section of overlapping operations per file, as `recorder-otf2 conflicts` counts \
     them: a second pass over the trace, and memory that grows with the reads and writes (48 \
     bytes each, sorted on disk past half the available memory). Without it the report's \
     memory stays flat whatever the trace's size"
)))]
pub struct ReportArgs {
    #[command(flatten)]
    common: Common,
    /// The HTML file to write (default: the trace folder's name with .html, in the current
    /// folder: `report runs/t1` writes t1.html). The path written is printed unless --quiet.
    #[arg(short = 'o', long = "output", value_name = "FILE.html")]
    output: Option<PathBuf>,
    /// Replace an existing file.
    #[arg(short, long)]
    force: bool,
}

#[derive(clap::Args)]
pub struct ExportArgs {
    /// The trace directory written by `recorder-otf2 record -o DIR`.
    trace: PathBuf,
    /// Folder to write calls.parquet, operations.parquet, extents.parquet, files.parquet,
    /// handles.parquet in (created; must not hold them already unless --force). --parquet
    /// DIR, its former name, is accepted too.
    #[arg(
        short = 'o',
        long = "output",
        visible_alias = "parquet",
        value_name = "DIR"
    )]
    output: PathBuf,
    /// Replace existing Parquet files in the folder.
    #[arg(short, long)]
    force: bool,
    /// Hive-partitioned layout: DIR/calls/job=J/rank=R/part-0.parquet ... (`job`, `rank` or
    /// `job,rank`); the partition columns are the folder names, not in the files, and never
    /// null: job 1 with a single job, rank -1 for a process that is not an MPI rank.
    #[arg(long, value_name = "COLUMNS", value_parser = parse_partition_by)]
    partition_by: Option<io_export::PartitionBy>,
    /// No progress bar.
    #[arg(short, long)]
    quiet: bool,
}

/// Write `s` to stdout; a reader that went away (`| head`) is no error. A signal received
/// (once the tool installed its handlers) stops the writing with an error.
pub fn stdout(s: &str) -> Result<(), String> {
    use std::io::Write;
    let mut out = Interruptible(std::io::stdout().lock());
    match out.write_all(s.as_bytes()).and_then(|_| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(format!("stdout: {e}")),
        _ => io_model::interrupt::check().map_err(|e| e.to_string()),
    }
}

/// A writer that fails once a signal was received, writing at most 64 KiB at a time: a
/// long output stops at a signal like the work before it.
pub struct Interruptible<W>(pub W);

impl<W: std::io::Write> std::io::Write for Interruptible<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        // Not ErrorKind::Interrupted: write_all would retry it.
        io_model::interrupt::check().map_err(std::io::Error::other)?;
        self.0.write(&buf[..buf.len().min(1 << 16)])
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

fn thresholds(config: &Option<PathBuf>) -> Result<Thresholds, String> {
    match config {
        Some(p) => Thresholds::load(p).map_err(|e| e.to_string()),
        None => Ok(Thresholds::default()),
    }
}

/// The analysis of the trace, and its overlapping operations (a second pass) if asked.
fn run(
    c: &Common,
    samples: usize,
    per_process_series: bool,
) -> Result<(Analysis, Thresholds), String> {
    let t = thresholds(&c.config)?;
    let trace = Trace::open(&c.trace)?;
    let opts = Options {
        small: t.small_request_bytes,
        alignment: t.alignment_bytes,
        fanout: t.fanout_posix_ops,
        samples,
        per_process_series,
        threads: c.threads,
        runtime_files: c.runtime_files,
    };
    let b = bar(trace.stream_bytes(), c.quiet);
    let a = analyze(&trace, &opts, &|n| b.set_position(n));
    b.finish_and_clear();
    let mut a = a.map_err(|e| e.to_string())?;
    if c.conflicts {
        let b = bar(trace.stream_bytes(), c.quiet);
        let s = section::compute(&trace, c.threads, &|n| b.set_position(n));
        b.finish_and_clear();
        a.conflicts = Some(s.map_err(|e| e.to_string())?);
    }
    Ok((a, t))
}

pub fn summary(s: SummaryArgs) -> Result<(), String> {
    // Stopped by a signal at any moment, it says so in one line and exits with 128 + the
    // signal, as the tools that write files do.
    io_model::interrupt::install()?;
    summarize(&s).map_err(|e| io_model::interrupt::explain(e, "nothing (summary writes no file)"))
}

fn summarize(s: &SummaryArgs) -> Result<(), String> {
    let (a, t) = run(&s.common, 0, false)?;
    // The conflicts' sweep stops early at a signal: nothing is printed from it.
    io_model::interrupt::check().map_err(|e| e.to_string())?;
    let insights = evaluate(&a, &t);
    if s.json {
        let v = summary::to_json(&a, &insights);
        stdout(&(serde_json::to_string_pretty(&v).map_err(|e| e.to_string())? + "\n"))?;
    } else {
        stdout(&summary::to_text(&a, &insights, s.top))?;
    }
    for w in &a.stats.warnings {
        eprintln!("recorder-otf2: warning: {w}");
    }
    Ok(())
}

/// Refuse to overwrite unless forced (a missing folder is made later: [`OutputDir`]).
pub fn check_output(out: &Path, force: bool) -> Result<(), String> {
    if out.exists() {
        if !force {
            return Err(format!(
                "{}: already exists; use --force to replace it",
                out.display()
            ));
        }
        if !out.is_file() {
            return Err(format!(
                "{}: exists and is not a file; not replacing it",
                out.display()
            ));
        }
    }
    Ok(())
}

/// The report's file when -o is not given: the trace folder's name with .html, in the
/// current folder (`runs/t1/` and `runs/t1` give t1.html; `.` the current folder's name).
fn default_report_name(trace: &Path) -> Result<PathBuf, String> {
    let named = |p: &Path| p.file_name().map(|n| n.to_os_string());
    let name = match named(trace) {
        Some(n) => Some(n),
        None => std::fs::canonicalize(trace).ok().and_then(|p| named(&p)),
    };
    match name {
        Some(mut n) => {
            n.push(".html");
            Ok(PathBuf::from(n))
        }
        None => Err(format!(
            "{}: no folder name to name the report after; give one with -o FILE.html",
            trace.display()
        )),
    }
}

pub fn report(r: ReportArgs) -> Result<(), String> {
    let output = match &r.output {
        Some(o) => o.clone(),
        None => default_report_name(&r.common.trace)?,
    };
    check_output(&output, r.force)?;
    io_model::interrupt::install()?;
    let dir = OutputDir::for_file(&output)?;
    let removed = format!("the temporary file of {} (if any)", output.display());
    let samples = io_analysis::report::SAMPLES_PER_FILE;
    let written = run(&r.common, samples, true).and_then(|(a, t)| {
        let insights = evaluate(&a, &t);
        io_analysis::report::write(&a, &insights, &output).map_err(|e| e.to_string())
    });
    dir.keep_if_ok(written)
        .map_err(|e| io_model::interrupt::explain(e, &removed))?;
    if !r.common.quiet {
        eprintln!("recorder-otf2: wrote {}", output.display());
    }
    Ok(())
}

fn parse_partition_by(s: &str) -> Result<io_export::PartitionBy, String> {
    s.parse()
        .map_err(|e: io_export::PartitionError| e.to_string())
}

pub fn export(e: ExportArgs) -> Result<(), String> {
    let trace = Trace::open(&e.trace)?;
    io_model::interrupt::install()?;
    let b = bar(trace.stream_bytes(), e.quiet);
    let options = io_export::Options {
        force: e.force,
        partition_by: e.partition_by.unwrap_or_default(),
    };
    let r = io_export::export(&trace, &e.output, &options, &|n| b.set_position(n));
    b.finish_and_clear();
    let removed = format!("the Parquet files written in {}", e.output.display());
    let s = r.map_err(|err| io_model::interrupt::explain(err.to_string(), &removed))?;
    if !e.quiet {
        eprintln!("recorder-otf2: {s}");
    }
    Ok(())
}
