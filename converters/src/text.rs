//! recorder2text: one human-readable line per call, for debugging a trace.

use io_events::codec::Record;
use io_events::functions::{Kind, FUNCTIONS};
use io_model::calls::CallTrees;
use io_model::trace::Trace;
use std::io::Write;

fn value(p: &io_model::trace::ProcessTrace, kind: Kind, v: u64) -> String {
    match kind {
        Kind::File => {
            if v == u64::MAX {
                "-".into()
            } else {
                p.file(v)
                    .map(|f| format!("{:?}", f.path))
                    .unwrap_or_else(|| format!("file#{v}"))
            }
        }
        Kind::Name => p
            .name(v)
            .map(|n| format!("{n:?}"))
            .unwrap_or_else(|| format!("name#{v}")),
        Kind::Int | Kind::Fd | Kind::Offset | Kind::Whence | Kind::Comm => (v as i64).to_string(),
        Kind::Size => {
            if v as i64 == -1 {
                "-1".into()
            } else {
                v.to_string()
            }
        }
        Kind::OpenFlags | Kind::Hex | Kind::Amode => format!("{v:#x}"),
        Kind::Mode => format!("{v:#o}"),
        Kind::Stream | Kind::Addr | Kind::Handle => format!("{v:#x}"),
    }
}

/// Format one record as a line (times in µs since the process start).
pub fn line(p: &io_model::trace::ProcessTrace, r: &Record) -> String {
    let f = &FUNCTIONS[r.func as usize];
    let args: Vec<String> = f
        .args
        .iter()
        .zip(r.fields())
        .map(|((name, kind), v)| format!("{}={}", name, value(p, *kind, *v)))
        .collect();
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
        "  ".repeat(r.depth as usize),
        f.display,
        args.join(", "),
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

/// Print the whole trace.
pub fn dump(trace: &Trace, out: &mut dyn Write) -> Result<(), String> {
    let w = |out: &mut dyn Write, s: String| writeln!(out, "{s}").map_err(|e| e.to_string());
    for p in &trace.processes {
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
        for (i, path, tid) in &p.threads {
            w(
                out,
                format!("## thread {i} (tid {tid})   start[us]  dur[us]  call"),
            )?;
            let mut trees = CallTrees::open(path, p.func_map.clone()).map_err(|e| e.to_string())?;
            while let Some(t) = trees.next_tree().map_err(|e| e.to_string())? {
                for r in &t {
                    w(out, line(p, r))?;
                }
            }
            if let Some(t) = &trees.truncated {
                w(out, format!("# warning: {t}"))?;
            }
        }
    }
    Ok(())
}
