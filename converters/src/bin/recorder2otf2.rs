//! recorder2otf2 TRACE_DIR OUT.otf2: convert a native trace into an OTF2 archive.

use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    version,
    about = "Convert a recorder-otf2 trace directory into an OTF2 archive (OUT.otf2, OUT.def, OUT/)"
)]
struct Args {
    /// The trace directory written by `recorder-otf2 record -o DIR` (or RECORDER_OTF2_DIR).
    trace_dir: PathBuf,
    /// The archive's anchor file, e.g. out.otf2 (OTF2 also writes out.def and out/).
    output: PathBuf,
    /// Replace an existing archive.
    #[arg(short, long)]
    force: bool,
    /// No summary, no progress bar.
    #[arg(short, long)]
    quiet: bool,
    /// Worker threads converting processes in parallel (default: one per core; 1: one
    /// process after another). The archive is the same with any number.
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

fn run(a: &Args) -> Result<(), String> {
    if a.output.extension().and_then(|e| e.to_str()) != Some("otf2") {
        return Err(format!(
            "{}: the output must name the archive's anchor file, ending in .otf2",
            a.output.display()
        ));
    }
    let trace = io_model::trace::Trace::open(&a.trace_dir)?;
    let stem = a.output.with_extension("");
    if stem.exists() && !converters::is_archive_folder(&stem) {
        return Err(format!(
            "{}: exists and is not an OTF2 archive folder (OTF2 writes the archive's event files there); choose another output name",
            stem.display()
        ));
    }
    let exists = a.output.exists() || a.output.with_extension("def").exists() || stem.exists();
    if exists {
        if !a.force {
            return Err(format!(
                "{}: already exists; use --force to replace it",
                a.output.display()
            ));
        }
        converters::remove_archive(&a.output)?;
    }
    if let Some(parent) = a.output.parent().filter(|p| !p.as_os_str().is_empty()) {
        if !parent.is_dir() {
            return Err(format!(
                "{}: no such directory for the output",
                parent.display()
            ));
        }
    }
    converters::interrupt::install()?;
    let bar = if !a.quiet && std::io::stderr().is_terminal() {
        let b = ProgressBar::new(trace.stream_bytes());
        b.set_style(
            ProgressStyle::with_template(
                "{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        b
    } else {
        ProgressBar::hidden()
    };
    let result = converters::otf2::convert(&trace, &a.output, a.threads, &|n| bar.set_position(n));
    bar.finish_and_clear();
    match result {
        Ok(s) => {
            for w in &s.warnings {
                eprintln!("recorder2otf2: warning: {w}");
            }
            if !a.quiet {
                eprintln!(
                    "recorder2otf2: {} processes, {} locations, {} calls -> {} events in {}",
                    s.processes,
                    s.locations,
                    s.records,
                    s.events,
                    a.output.display()
                );
            }
            Ok(())
        }
        Err(e) => {
            // Leave nothing half-written behind.
            let _ = converters::remove_partial_archive(&a.output);
            Err(e)
        }
    }
}

fn main() -> ExitCode {
    let a = Args::parse();
    match run(&a) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let removed = format!(
                "{}, {} and {}/",
                a.output.display(),
                a.output.with_extension("def").display(),
                a.output.with_extension("").display()
            );
            match converters::interrupt::report(&removed) {
                Some((line, code)) => {
                    eprintln!("recorder2otf2: {line}");
                    ExitCode::from(code)
                }
                None => {
                    eprintln!("recorder2otf2: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}
