//! `extrapolate`: the trace of an SPMD program at N ranks from its traces at a few smaller
//! rank counts (seed 001, ScalaIOExtrap). Each rank's calls are folded into loops; ranks
//! whose folded structure is the same form a group (all ranks, or a few fixed ranks such as
//! rank 0 and the rest); every call's fields, every loop's count, and the file names'
//! numbers are fitted exactly over (rank count, rank, iteration) by the models of
//! [`fit`]; a value no model fits stops the extrapolation with its call named. Times are
//! estimates (the mean gap and duration per call, linear in the rank count).
//!
//! The API: [`extrapolate`] with its [`Options`] and [`Report`], [`check_output`] (before
//! the work starts), [`text`] (the report as printed).

mod error;
mod fields;
mod fit;
mod groups;
mod loops;
mod read;
mod times;
mod write;

use io_events::functions::FUNCTIONS;
use io_model::trace::Trace;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub use error::{Error, EvalError};

/// What to build.
#[derive(Clone, Debug)]
pub struct Options {
    /// The target rank count.
    pub ranks: u32,
    /// Only calls on files under these prefixes (and calls on no file: MPI_Init, barriers).
    pub only: Vec<String>,
}

/// What was built.
#[derive(Debug, Default)]
pub struct Report {
    /// Input folders and their rank counts, smallest first.
    pub inputs: Vec<(PathBuf, u32)>,
    /// The rank groups ("rank 0", "every other rank") with their calls per rank at N.
    pub groups: Vec<(String, u64)>,
    /// Calls written in all.
    pub calls: u64,
    /// Loops found and calls per rank in the templates.
    pub loops: usize,
    pub template_calls: usize,
    /// Calls left out by --only, per function, summed over the inputs.
    pub dropped: BTreeMap<&'static str, u64>,
    /// Readable models of the loop counts and of the values that vary ("pwrite offset = ...").
    pub models: Vec<String>,
    /// How the ranks were grouped, and why.
    pub notes: Vec<String>,
    pub warnings: Vec<String>,
}

/// Extrapolate `traces` into a new trace folder `out` (which must not exist); `progress`
/// gets the stream bytes read so far.
pub fn extrapolate(
    traces: &[Trace],
    opts: &Options,
    out: &Path,
    progress: &dyn Fn(u64),
) -> Result<Report, Error> {
    if opts.ranks == 0 {
        return Err(Error::NoRanks);
    }
    write::check_new(out)?;
    let mut done = 0;
    let mut inputs = Vec::with_capacity(traces.len());
    for t in traces {
        inputs.push(read::read(t, opts, &|b| progress(done + b))?);
        done += t.stream_bytes();
    }
    inputs.sort_by_key(|i| i.n);
    check_counts(&inputs)?;
    let mut report = Report {
        inputs: inputs.iter().map(|i| (i.dir.clone(), i.n)).collect(),
        ..Report::default()
    };
    for i in &inputs {
        report.warnings.extend(i.warnings.iter().cloned());
        for (f, c) in &i.dropped {
            *report.dropped.entry(f).or_default() += c;
        }
    }
    let (groups, fitted): (Vec<_>, Vec<_>) = groups::build(&inputs, &mut report.notes)?
        .into_iter()
        .unzip();
    for (g, f) in groups.iter().zip(&fitted) {
        report.loops += g.loop_count();
        report.template_calls += g.leaf_count();
        report.models.extend(f.describe(g, &inputs));
    }
    let written = write::write(&inputs, &groups, &fitted, opts, out)?;
    report.calls = written.calls;
    report.groups = written.groups;
    Ok(report)
}

/// `out` must not exist: checked before any work (nothing is ever overwritten).
pub fn check_output(out: &Path) -> Result<(), Error> {
    write::check_new(out)
}

/// At least three different rank counts, one trace each.
fn check_counts(inputs: &[read::Input]) -> Result<(), Error> {
    for w in inputs.windows(2) {
        if w[0].n == w[1].n {
            return Err(Error::SameRankCount {
                a: w[0].dir.clone(),
                b: w[1].dir.clone(),
                n: w[0].n,
            });
        }
    }
    if inputs.len() < 3 {
        return Err(Error::TooFewTraces {
            count: inputs.len(),
        });
    }
    Ok(())
}

/// The name of a call in messages: `pwrite (call 7 of thread 0, inside 2 loops)`.
fn call_name(func: u16) -> &'static str {
    FUNCTIONS[func as usize].name
}

/// The name of field `k` of `func` (the result after the arguments).
fn field_name(func: u16, k: usize) -> &'static str {
    let info = &FUNCTIONS[func as usize];
    match info.args.get(k) {
        Some(a) => a.0,
        None if k == info.args.len() => "result",
        None => "errno",
    }
}

/// The report as text.
pub fn text(r: &Report, out: &Path, verbose: bool) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let from: Vec<String> = r.inputs.iter().map(|(_, n)| n.to_string()).collect();
    let _ = writeln!(
        s,
        "extrapolated from {} ranks into {}: {} calls",
        from.join(", "),
        out.display(),
        r.calls
    );
    let _ = writeln!(
        s,
        "  structure: {} calls and {} loops in {} rank group(s)",
        r.template_calls,
        r.loops,
        r.groups.len()
    );
    for (g, calls) in &r.groups {
        let _ = writeln!(s, "  {g}: {calls} calls per rank");
    }
    for n in &r.notes {
        let _ = writeln!(s, "  {n}");
    }
    if !r.dropped.is_empty() {
        let total: u64 = r.dropped.values().sum();
        let mut top: Vec<(&&str, &u64)> = r.dropped.iter().collect();
        top.sort_by(|a, b| b.1.cmp(a.1));
        let names: Vec<String> = top
            .iter()
            .take(6)
            .map(|(f, c)| format!("{f} {c}"))
            .collect();
        let _ = writeln!(
            s,
            "  left out (--only: other files, MPI communication): {total} calls in the inputs ({}{})",
            names.join(", "),
            if top.len() > 6 { ", ..." } else { "" }
        );
    }
    let _ = writeln!(
        s,
        "  times are estimates (per call, the mean gap and duration, linear in the rank count)"
    );
    if verbose {
        for m in &r.models {
            let _ = writeln!(s, "  model: {m}");
        }
    }
    s
}
