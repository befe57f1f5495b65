//! `replay TRACE --into DIR`: re-issue the trace's POSIX I/O on files under DIR (see
//! converters::replay), print what was done against the original; `--record RDIR` traces the
//! replay itself (its reading of TRACE left out) for `compare`.

use crate::analyze::stdout;
use converters::replay::{replay, text, Options, Timing};
use io_model::trace::Trace;
use std::path::{Path, PathBuf};
use std::process::Command;

#[derive(clap::Args)]
pub struct ReplayArgs {
    /// The trace directory to replay.
    trace: PathBuf,
    /// The folder the recorded files are mapped under (`/a/b` becomes `DIR/a/b`).
    #[arg(long, value_name = "DIR")]
    into: PathBuf,
    /// The layer replayed (only posix so far: what the POSIX layer did, under every library).
    #[arg(long, default_value = "posix", value_parser = ["posix"])]
    layer: String,
    /// asap (no gaps), original (the recorded gaps between calls), scaled:F (gaps × F).
    #[arg(long, default_value = "asap", value_parser = parse_timing)]
    timing: Timing,
    /// Replay only files under this recorded prefix; repeatable.
    #[arg(long, value_name = "PREFIX")]
    only: Vec<String>,
    /// Trace the replay into RDIR (`compare TRACE RDIR` then maps the files by itself).
    #[arg(long, value_name = "RDIR")]
    record: Option<PathBuf>,
    /// (Internal: the recorded replay's files were made by the launcher before it.)
    #[arg(long, hide = true)]
    files_made: bool,
}

fn parse_timing(s: &str) -> Result<Timing, String> {
    match s {
        "asap" => Ok(Timing::Asap),
        "original" => Ok(Timing::Scaled(1.0)),
        _ => match s
            .strip_prefix("scaled:")
            .and_then(|f| f.parse::<f64>().ok())
        {
            Some(f) if f.is_finite() && f >= 0.0 => Ok(Timing::Scaled(f)),
            _ => Err(format!(
                "'{s}': expected asap, original or scaled:F (F >= 0)"
            )),
        },
    }
}

fn absolute(p: &Path) -> Result<PathBuf, String> {
    std::path::absolute(p).map_err(|e| format!("{}: {e}", p.display()))
}

/// Run this replay again under the recorder, writing the replay's trace to `rdir`.
fn record(a: &ReplayArgs, rdir: &Path) -> Result<(), String> {
    if rdir.exists() {
        return Err(format!(
            "{}: already exists; the replay's trace needs a new folder",
            rdir.display()
        ));
    }
    let exe = std::env::current_exe().map_err(|e| format!("cannot locate this executable: {e}"))?;
    let trace = absolute(&a.trace)?;
    let into = absolute(&a.into)?;
    // The files to read made here, untraced: the replay's trace holds the replayed calls.
    let opts = Options {
        into: into.clone(),
        only: a.only.clone(),
        timing: a.timing,
        files_made: false,
    };
    converters::replay::prepare_files(&Trace::open(&trace)?, &opts)?;
    let mut c = Command::new(&exe);
    c.arg("record").arg("-o").arg(rdir);
    c.arg("--exclude")
        .arg(format!("/proc:/sys:/dev:{}", trace.display()));
    c.arg("--")
        .arg(&exe)
        .arg("replay")
        .arg(&trace)
        .arg("--into")
        .arg(&into);
    c.arg("--layer").arg(&a.layer).arg("--files-made");
    for p in &a.only {
        c.arg("--only").arg(p);
    }
    let timing = match a.timing {
        Timing::Asap => "asap".to_string(),
        Timing::Scaled(f) => format!("scaled:{f}"),
    };
    c.arg("--timing").arg(timing);
    let status = c.status().map_err(|e| format!("{}: {e}", exe.display()))?;
    if !status.success() {
        return Err(format!("the recorded replay failed ({status})"));
    }
    // What compare needs to map the original's files onto the replay's.
    let map = format!(
        "source: {:?}\nfrom: \"/\"\nto: {:?}\n",
        trace.display().to_string(),
        format!("{}/", into.display())
    );
    std::fs::write(rdir.join("replay.yaml"), map).map_err(|e| format!("{}: {e}", rdir.display()))
}

pub fn run(a: ReplayArgs) -> Result<(), String> {
    if let Some(rdir) = &a.record {
        return record(&a, rdir);
    }
    let trace = Trace::open(&a.trace)?;
    converters::interrupt::install()?;
    let opts = Options {
        into: absolute(&a.into)?,
        only: a.only.clone(),
        timing: a.timing,
        files_made: a.files_made,
    };
    let report = replay(&trace, &opts)?;
    for w in &report.warnings {
        eprintln!("recorder-otf2: warning: {w}");
    }
    stdout(&text(&report))
}
