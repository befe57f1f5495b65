//! recorder2text: one human-readable line per call, for debugging a trace.
//!
//! The API: [`dump`] (the whole trace), [`write_args`] (a call's arguments as text, which
//! `export` stores too), the command line of `recorder2text` and
//! `recorder-otf2 text` ([`ToTextArgs`], [`TextArgs`]) and what they run ([`run`]).

use clap::Parser;

mod error;
mod sites;
pub use error::Error;
use std::path::PathBuf;

use io_events::codec::Record;
use io_events::functions::{Kind, Role, FUNCTIONS};
use io_model::calls::CallTrees;
use io_model::trace::Trace;
use std::io::Write;

fn value(p: &io_model::trace::ProcessTrace, kind: Kind, v: u64) -> String {
    let mut s = String::new();
    write_value(&mut s, p, kind, v);
    s
}

/// Write a field's value as `recorder2text` shows it (paths and names resolved, flags in
/// hex, modes in octal).
fn write_value(
    out: &mut impl std::fmt::Write,
    p: &io_model::trace::ProcessTrace,
    kind: Kind,
    v: u64,
) {
    let _ = match kind {
        Kind::File => {
            if v == u64::MAX {
                out.write_str("-")
            } else {
                match p.file(v) {
                    Some(f) => write!(out, "{:?}", f.path),
                    None => write!(out, "file#{v}"),
                }
            }
        }
        Kind::Name => match p.name(v) {
            Some(n) => write!(out, "{n:?}"),
            None => write!(out, "name#{v}"),
        },
        Kind::Filetype => out.write_str(&p.filetype_text(v)),
        Kind::Int | Kind::Fd | Kind::Offset | Kind::Whence | Kind::Comm => {
            write!(out, "{}", v as i64)
        }
        Kind::Size => {
            if v as i64 == -1 {
                out.write_str("-1")
            } else {
                write!(out, "{v}")
            }
        }
        Kind::OpenFlags | Kind::Hex | Kind::Amode => write!(out, "{v:#x}"),
        Kind::Mode => write!(out, "{v:#o}"),
        Kind::Stream | Kind::Addr | Kind::Handle => write!(out, "{v:#x}"),
    };
}

/// The arguments of a record as `name=value, ...` (the return value excluded).
pub fn write_args(out: &mut impl std::fmt::Write, p: &io_model::trace::ProcessTrace, r: &Record) {
    let f = &FUNCTIONS[r.func as usize];
    for (i, ((name, kind), v)) in f.args.iter().zip(r.fields()).enumerate() {
        let _ = write!(out, "{}{}=", if i > 0 { ", " } else { "" }, name);
        write_value(out, p, *kind, *v);
    }
}

/// Deepest nesting shown by indentation; deeper calls show their depth instead (a depth
/// read from a damaged trace can be 2^32-1).
const MAX_INDENT: u32 = 32;

/// The indentation of a call at `depth`.
fn indent(depth: u32) -> String {
    if depth <= MAX_INDENT {
        "  ".repeat(depth as usize)
    } else {
        format!("{}[depth {depth}] ", "  ".repeat(MAX_INDENT as usize))
    }
}

/// Format one record as a line (times in µs since the process start).
fn line(p: &io_model::trace::ProcessTrace, r: &Record) -> String {
    let f = &FUNCTIONS[r.func as usize];
    let mut args = String::new();
    write_args(&mut args, p, r);
    // A C++ function shows its signature, then the recorded fields in brackets.
    let (open, close) = if f.display == f.name {
        ("(", ")")
    } else {
        (" [", "]")
    };
    let mut s = format!(
        "{:>14.3} {:>10.3} {}{}{open}{}{close} = {}",
        r.start as f64 / 1000.0,
        (r.end - r.start) as f64 / 1000.0,
        indent(r.depth),
        f.display,
        args,
        value(p, f.ret, r.ret())
    );
    if r.errno != 0 {
        s.push_str(&format!(
            " errno={} ({})",
            r.errno,
            std::io::Error::from_raw_os_error(r.errno as i32)
        ));
    }
    s
}

/// "#   1379 calls, 44 events (records that are not calls: fd_created 4, h5_selection 40)",
/// from the counts the recorder wrote at exit (none when the process did not end normally).
fn calls_and_events(meta: &io_events::meta::ProcessMeta) -> Option<String> {
    if meta.function_counts.is_empty() {
        return None;
    }
    let is_event = |name: &str| {
        FUNCTIONS
            .iter()
            .find(|f| f.name == name)
            .is_some_and(|f| f.role == Role::Event)
    };
    let (mut calls, mut events, mut named) = (0u64, 0u64, Vec::new());
    for (name, &n) in &meta.function_counts {
        if is_event(name) {
            events += n;
            named.push(format!("{name} {n}"));
        } else {
            calls += n;
        }
    }
    let what = if named.is_empty() {
        String::new()
    } else {
        format!(" (records that are not calls: {})", named.join(", "))
    };
    Some(format!("#   {calls} calls, {events} events{what}"))
}

/// Print the whole trace. Each thread's calls are preceded by their call site, and again
/// whenever the site of the outermost calls changes (`# call site: w.c:17 in write_block`);
/// what could not be resolved is said once, at the end.
pub fn dump(trace: &Trace, out: &mut dyn Write) -> Result<(), Error> {
    let w = |out: &mut dyn Write, s: String| writeln!(out, "{s}");
    let resolver = io_model::sites::SiteResolver::new();
    for p in &trace.processes {
        let mut labels = sites::SiteLabels::new(&resolver);
        w(
            out,
            format!(
                "# process {} pid {} on {}: {}",
                p.dir.name,
                p.meta.pid,
                p.meta.host,
                p.meta.cmdline.join(" ")
            ),
        )?;
        w(
            out,
            format!(
                "#   ending: {:?}, clock {} ({} ns per tick)",
                p.meta.ending,
                p.meta
                    .options
                    .get("clock")
                    .map(String::as_str)
                    .unwrap_or("monotonic"),
                p.meta.time_resolution_ns
            ),
        )?;
        if let Some(counts) = calls_and_events(&p.meta) {
            w(out, counts)?;
        }
        for t in &p.warnings {
            eprintln!("recorder2text: warning: {t}");
            w(out, format!("# warning: {t}"))?;
        }
        for (i, path, tid) in &p.threads {
            w(
                out,
                format!("## thread {i} (tid {tid})   start[us]  dur[us]  call"),
            )?;
            let stream = |source| Error::Stream {
                path: path.clone(),
                source,
            };
            let mut trees =
                CallTrees::open(path, p.func_map.clone(), p.duration_ns()).map_err(stream)?;
            let mut ids = io_model::sites::SiteIds::default();
            let mut shown = io_model::sink::NO_SITE;
            while let Some(t) = trees.next_tree().map_err(stream)? {
                if trees.site != shown {
                    shown = trees.site;
                    if let Some(l) = labels.label(&mut ids, shown, &trees.sites, p) {
                        w(out, format!("# call site: {l}"))?;
                    }
                }
                for r in &t {
                    w(out, line(p, r))?;
                }
            }
            for t in &trees.warnings {
                eprintln!("recorder2text: warning: {t}");
                w(out, format!("# warning: {t}"))?;
            }
        }
    }
    if let Some(n) = resolver.unresolved_note() {
        w(out, format!("# call sites: {n}"))?;
    }
    Ok(())
}

/// `recorder2text TRACE_DIR`: here rather than in the binary so that `recorder-otf2` can
/// build its man page and shell completions from the same definition (scripts/install.sh).
#[derive(Parser)]
#[command(
    name = "recorder2text",
    version,
    about = "Print a recorder-otf2 trace as text: one line per call, with its arguments"
)]
pub struct ToTextArgs {
    #[command(flatten)]
    pub args: TextArgs,
}

/// The arguments of the text dump, shared by `recorder2text` and `recorder-otf2 text`.
#[derive(clap::Args)]
pub struct TextArgs {
    /// The trace directory written by `recorder-otf2 record -o DIR`.
    pub trace_dir: PathBuf,
}

/// The whole trace as text on stdout; a reader that went away (`| head`) is no error.
pub fn run(a: &TextArgs) -> Result<(), Error> {
    let t = Trace::open(&a.trace_dir)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let r = dump(&t, &mut out).and_then(|_| Ok(out.flush()?));
    match r {
        Err(e) if e.is_broken_pipe() => Ok(()),
        r => r,
    }
}
