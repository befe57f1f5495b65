//! `compare A B`: per process, file and layer, the operations and file calls of two traces;
//! exit status 0 when they are the same, 1 when they differ (like cmp and diff), 2 on an
//! error.

use crate::analyze::stdout;
use io_model::driver::bar;
use io_model::trace::Trace;
use io_replay::compare::{compare_traces, sequences, text, Comparison, Options};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct CompareArgs {
    /// The first trace directory.
    a: PathBuf,
    /// The second trace directory.
    b: PathBuf,
    /// Compare only files under this prefix, named as in either trace (the first's are
    /// mapped by --map and a replay's mapping); repeatable. Leaves out the runtime's own
    /// files (MPI's, whose names hold process ids).
    #[arg(long, value_name = "PREFIX")]
    only: Vec<String>,
    /// Rename the first trace's files under OLD to NEW before comparing (OLD=NEW; the
    /// first that matches applies); repeatable.
    #[arg(long, value_name = "OLD=NEW", value_parser = parse_map)]
    map: Vec<(String, String)>,
    /// Differences listed at most, 0 to 1000000 (all are counted).
    #[arg(long, default_value_t = 50, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=1_000_000))]
    max_diffs: usize,
    /// Worker threads, 0 to 4 per core (0 = one per core, the default; a larger number is
    /// refused).
    #[arg(long, default_value_t = 0, hide_default_value = true, value_parser = io_model::driver::parse_threads)]
    threads: usize,
    /// No progress bar.
    #[arg(short, long)]
    quiet: bool,
    /// Print the comparison as JSON on stdout (schema in docs/analysis.md): the same facts as
    /// the text, and the verdict.
    #[arg(long)]
    json: bool,
}

fn parse_map(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((a, b)) if !a.is_empty() => Ok((a.to_string(), b.to_string())),
        _ => Err(format!("'{s}': expected OLD=NEW (two path prefixes)")),
    }
}

/// Whether the traces are the same (the report is on stdout, warnings on stderr); stopped
/// by a signal, one line saying so.
pub fn run(a: CompareArgs) -> Result<bool, String> {
    io_model::interrupt::install()?;
    same(a).map_err(|e| io_model::interrupt::explain(e, "nothing (compare writes no file)"))
}

fn same(a: CompareArgs) -> Result<bool, String> {
    // B a recorded replay of A: A's files are mapped the way the replay mapped them.
    let mut map = a.map.clone();
    map.extend(io_replay::recorded_map(&a.b).map_err(|e| e.to_string())?);
    let opts = Options {
        only: with_mapped(&a.only, &map),
        map,
        max_listed: a.max_diffs,
        threads: a.threads,
    };
    let ta = Trace::open(&a.a)?;
    let tb = Trace::open(&a.b)?;
    let b = bar(ta.stream_bytes() + tb.stream_bytes(), a.quiet);
    let sa = sequences(&ta, &opts, true, &|n| b.set_position(n));
    let base = ta.stream_bytes();
    let sb = sequences(&tb, &opts, false, &|n| b.set_position(base + n));
    b.finish_and_clear();
    let err = |e: io_replay::Error| e.to_string();
    let (sa, sb) = (sa.map_err(err)?, sb.map_err(err)?);
    for (dir, w) in
        (sa.warnings.iter().map(|w| (&a.a, w))).chain(sb.warnings.iter().map(|w| (&a.b, w)))
    {
        eprintln!("recorder-otf2: warning: {}: {w}", dir.display());
    }
    let c = compare_traces(&sa, &sb, a.max_diffs);
    if c.compared == 0 && !a.only.is_empty() {
        return Err(format!(
            "{}, {}: no file under --only {} in either trace (a replay's files are under its --into folder)",
            a.a.display(),
            a.b.display(),
            a.only.join(", ")
        ));
    }
    match a.json {
        true => {
            stdout(&(serde_json::to_string_pretty(&json(&c)).map_err(|e| e.to_string())? + "\n"))?
        }
        false => stdout(&text(&c))?,
    }
    Ok(c.differing == 0)
}

/// The comparison as JSON: what the text says, as numbers and lists (docs/replay.md).
fn json(c: &Comparison) -> serde_json::Value {
    let left_out: Vec<serde_json::Value> = (c.left_out.iter())
        .map(|(family, a, b)| serde_json::json!({"family": family, "calls_a": a, "calls_b": b}))
        .collect();
    serde_json::json!({
        "verdict": if c.differing == 0 { "same" } else { "different" },
        "sequences": {
            "compared": c.compared,
            "same": c.compared - c.differing,
            "different": c.differing,
        },
        "items_compared": c.items,
        "differences": c.lines,
        "differences_not_listed": c.differing.saturating_sub(c.lines.len()),
        "left_out": left_out,
    })
}

/// The prefixes, and each one under a mapped prefix as it is mapped: `--only` may name the
/// first trace's files or the second's.
fn with_mapped(only: &[String], map: &[(String, String)]) -> Vec<String> {
    let mut out = only.to_vec();
    for p in only {
        if let Some((a, b)) = map.iter().find(|(a, _)| p.starts_with(a.as_str())) {
            out.push(format!("{b}{}", &p[a.len()..]));
        }
    }
    out
}
