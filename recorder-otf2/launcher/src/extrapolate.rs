//! `extrapolate T1 T2 T3 [T4...] --ranks N -o OUT`: the trace of the same SPMD program at N
//! ranks from its traces at smaller rank counts (see io_extrapolate).

use crate::analyze::stdout;
use io_extrapolate::{extrapolate, text, Options, Report};
use io_model::driver::bar;
use io_model::trace::Trace;
use std::path::PathBuf;

/// The most ranks extrapolated to: a process folder is written for each (2^20, beyond the
/// largest machines' rank counts of today).
const MAX_RANKS: u32 = 1 << 20;

#[derive(clap::Args)]
pub struct ExtrapolateArgs {
    /// Trace directories of the program at three or more rank counts (one MPI job each).
    #[arg(required = true, num_args = 1..)]
    traces: Vec<PathBuf>,
    /// The rank count to extrapolate to, 1 to 1048576.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_RANKS as i64))]
    ranks: u32,
    /// The new trace directory (must not exist).
    #[arg(short, long, value_name = "OUT")]
    output: PathBuf,
    /// Keep only calls on files under this prefix (and calls on no file: MPI_Init, barriers);
    /// leaves out the runtime's own files, whose names hold process ids. Repeatable.
    #[arg(long, value_name = "PREFIX")]
    only: Vec<String>,
    /// Print the fitted models (loop counts, the values that vary).
    #[arg(short, long)]
    verbose: bool,
    /// Print what was written as JSON on stdout (docs/extrapolate.md): the text's facts,
    /// the fitted models included.
    #[arg(long)]
    json: bool,
    /// No progress bar.
    #[arg(short, long)]
    quiet: bool,
}

pub fn run(a: ExtrapolateArgs) -> Result<(), String> {
    io_extrapolate::check_output(&a.output).map_err(|e| e.to_string())?;
    let traces = a
        .traces
        .iter()
        .map(|t| Trace::open(t))
        .collect::<Result<Vec<_>, _>>()?;
    io_model::interrupt::install()?;
    let opts = Options {
        ranks: a.ranks,
        only: a.only.clone(),
    };
    let b = bar(traces.iter().map(|t| t.stream_bytes()).sum(), a.quiet);
    let r = extrapolate(&traces, &opts, &a.output, &|n| b.set_position(n));
    b.finish_and_clear();
    let r = r.map_err(|e| e.to_string())?;
    for w in &r.warnings {
        eprintln!("recorder-otf2: warning: {w}");
    }
    match a.json {
        true => stdout(
            &(serde_json::to_string_pretty(&json(&r, &a)).map_err(|e| e.to_string())? + "\n"),
        ),
        false => stdout(&text(&r, &a.output, a.verbose)),
    }
}

/// The report as JSON: what the text says, as numbers and lists.
fn json(r: &Report, a: &ExtrapolateArgs) -> serde_json::Value {
    let inputs: Vec<serde_json::Value> = (r.inputs.iter())
        .map(|(dir, ranks)| serde_json::json!({"trace": dir.display().to_string(), "ranks": ranks}))
        .collect();
    let groups: Vec<serde_json::Value> = (r.groups.iter())
        .map(|(group, calls)| serde_json::json!({"group": group, "calls_per_rank": calls}))
        .collect();
    serde_json::json!({
        "output": a.output.display().to_string(),
        "ranks": a.ranks,
        "inputs": inputs,
        "calls": r.calls,
        "template_calls": r.template_calls,
        "loops": r.loops,
        "groups": groups,
        "left_out": r.dropped,
        "notes": r.notes,
        "models": r.models,
    })
}
