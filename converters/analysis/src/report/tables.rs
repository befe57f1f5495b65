//! The summary's tables and insights, rendered from the summary's own JSON document (so that
//! they say exactly what `summary --json` says). Every value cell carries its field name and
//! exact JSON value (`data-k`, `data-v`); every row its index in the JSON array (`data-i`).

use super::esc;
use super::plot::TimeUnit;
use crate::units::human;
use serde_json::Value;
use std::fmt::Write;

/// Rows per table.
pub const TOP: usize = 20;

#[derive(Clone, Copy)]
pub(super) enum Kind {
    Text,
    Count,
    Bytes,
    /// Seconds, shown in the report's time unit.
    Secs(TimeUnit),
    Share,
    /// A layer chain (an array of function names), shown joined by arrows.
    Chain,
    /// An array of numbers (MPI ranks), shown joined by commas.
    List,
}

/// A field by dotted path (a number indexes an array: `processes.0`).
fn field<'a>(v: &'a Value, k: &str) -> &'a Value {
    k.split('.')
        .fold(v, |v, part| match (v, part.parse::<usize>()) {
            (Value::Array(a), Ok(i)) => a.get(i).unwrap_or(&Value::Null),
            _ => &v[part],
        })
}

/// A value as its `data-v`: strings as they are, the rest as JSON.
pub fn raw(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

pub use crate::units::int;

fn shown(v: &Value, kind: Kind) -> String {
    match (kind, v) {
        (_, Value::Null) => "–".into(),
        (Kind::Count, v) => v.as_u64().map(int).unwrap_or_else(|| raw(v)),
        (Kind::Bytes, v) => v.as_u64().map(human).unwrap_or_else(|| raw(v)),
        (Kind::Secs(tu), v) => v.as_f64().map(|x| tu.fmt(x)).unwrap_or_else(|| raw(v)),
        (Kind::Share, v) => v
            .as_f64()
            .map(|x| format!("{:.0}%", 100.0 * x))
            .unwrap_or_else(|| raw(v)),
        (Kind::Chain, Value::Array(a)) => {
            let names: Vec<String> = a.iter().map(raw).collect();
            names.join(" → ")
        }
        (Kind::List, Value::Array(a)) => {
            let items: Vec<String> = a.iter().map(raw).collect();
            items.join(", ")
        }
        (Kind::Text | Kind::Chain | Kind::List, v) => raw(v),
    }
}

fn cell(row: &Value, k: &str, kind: Kind) -> String {
    let v = field(row, k);
    let class = match kind {
        Kind::Text | Kind::Chain | Kind::List => "",
        _ => " class=\"num\"",
    };
    let title = match (kind, v.as_u64()) {
        (Kind::Bytes, Some(b)) => format!(" title=\"{} bytes\"", int(b)),
        _ => String::new(),
    };
    format!(
        "<td data-k=\"{}\" data-v=\"{}\"{class}{title}>{}</td>",
        esc(k),
        esc(&raw(v)),
        esc(&shown(v, kind))
    )
}

/// A last column made by a function of the row: (heading, cell).
type Extra<'a> = Option<(&'a str, &'a dyn Fn(&Value) -> String)>;

/// A table of `rows` (with their indices in the JSON array) and `cols` (field, heading, kind).
pub(super) fn table(
    id: &str,
    rows: &[(usize, &Value)],
    cols: &[(&str, &str, Kind)],
    extra: Extra,
) -> String {
    let mut s = format!("<table id=\"{id}\" class=\"sortable\"><thead><tr>");
    for (_, h, kind) in cols {
        let class = match kind {
            Kind::Text | Kind::Chain | Kind::List => "",
            _ => " class=\"num\"",
        };
        let _ = write!(s, "<th{class}>{}</th>", esc(h));
    }
    if let Some((h, _)) = extra {
        let _ = write!(s, "<th>{}</th>", esc(h));
    }
    s.push_str("</tr></thead><tbody>");
    for (i, r) in rows {
        let _ = write!(s, "<tr data-i=\"{i}\">");
        for (k, _, kind) in cols {
            s.push_str(&cell(r, k, *kind));
        }
        if let Some((_, f)) = extra {
            s.push_str(&f(r));
        }
        s.push_str("</tr>");
    }
    s.push_str("</tbody></table>");
    s
}

pub(super) fn arr(j: &Value, k: &str) -> Vec<Value> {
    j[k].as_array().cloned().unwrap_or_default()
}

pub(super) fn first(v: &[Value], n: usize) -> Vec<(usize, &Value)> {
    v.iter().enumerate().take(n).collect()
}

pub(super) fn caption(total: usize, what: &str) -> String {
    if total > TOP {
        format!(
            "<p class=\"note\">The first {TOP} of {} {what}.</p>",
            int(total as u64)
        )
    } else {
        String::new()
    }
}

/// The overview at the top of the page.
pub fn overview(j: &Value, tu: TimeUnit) -> String {
    let items = [
        ("processes", "processes", Kind::Count),
        ("mpi_ranks", "MPI ranks", Kind::Count),
        ("calls", "calls", Kind::Count),
        ("ops", "operations", Kind::Count),
        ("span_s", "span", Kind::Secs(tu)),
        ("complete", "complete", Kind::Text),
        ("cancelled_ops", "cancelled operations", Kind::Count),
        ("unfinished_ops", "unfinished operations", Kind::Count),
    ];
    let mut s = String::from("<dl id=\"overview\">");
    for (k, name, kind) in items {
        let v = &j[k];
        let _ = write!(
            s,
            "<div><dt>{name}</dt><dd data-k=\"{k}\" data-v=\"{}\">{}</dd></div>",
            esc(&raw(v)),
            esc(&shown(v, kind))
        );
    }
    s.push_str("</dl>");
    let warnings = arr(j, "warnings");
    if !warnings.is_empty() {
        s.push_str("<ul class=\"warnings\">");
        for w in &warnings {
            let _ = write!(s, "<li>warning: {}</li>", esc(&raw(w)));
        }
        s.push_str("</ul>");
    }
    s
}

pub fn insights(j: &Value) -> String {
    let list = arr(j, "insights");
    if list.is_empty() {
        return "<p class=\"empty\">No insight rule triggered (thresholds: docs/analysis.md, \
                --config).</p>"
            .into();
    }
    let mut s = String::new();
    for (i, x) in list.iter().enumerate() {
        let sev = raw(&x["severity"]);
        let _ = write!(
            s,
            "<article class=\"insight sev-{}\" data-i=\"{i}\" data-code=\"{}\"><h3>\
             <span class=\"code\">{}</span> {} <span class=\"sev\">{}</span></h3>\
             <p class=\"msg\">{}</p><p class=\"try\"><b>Try:</b> {}</p>",
            esc(&sev),
            esc(&raw(&x["code"])),
            esc(&raw(&x["code"])),
            esc(&raw(&x["rule"])),
            esc(&sev),
            esc(&raw(&x["message"])),
            esc(&raw(&x["suggestion"]))
        );
        for (k, name) in [("files", "Files"), ("ranks", "Ranks"), ("calls", "Calls")] {
            let v = arr(x, k);
            if v.is_empty() {
                continue;
            }
            let shown: Vec<String> = v.iter().take(8).map(|e| esc(&raw(e))).collect();
            let more = if v.len() > 8 {
                format!(" and {} more", v.len() - 8)
            } else {
                String::new()
            };
            let _ = write!(
                s,
                "<p class=\"where\"><b>{name}:</b> {}{more}</p>",
                shown.join(", ")
            );
        }
        s.push_str("</article>");
    }
    s
}

pub fn layers(j: &Value, tu: TimeUnit) -> String {
    let v = arr(j, "layers");
    table(
        "table-layers",
        &first(&v, usize::MAX),
        &[
            ("layer", "layer", Kind::Text),
            ("calls", "calls", Kind::Count),
            ("ops", "operations", Kind::Count),
            ("read_bytes", "read", Kind::Bytes),
            ("write_bytes", "written", Kind::Bytes),
            ("time_s", "time", Kind::Secs(tu)),
            ("exclusive_time_s", "exclusive time", Kind::Secs(tu)),
        ],
        None,
    )
}

pub fn files(j: &Value, tu: TimeUnit) -> String {
    let v = arr(j, "files");
    table(
        "table-files",
        &first(&v, TOP),
        &[
            ("path", "file", Kind::Text),
            ("layer", "layer", Kind::Text),
            ("read_ops", "reads", Kind::Count),
            ("read_bytes", "read", Kind::Bytes),
            ("write_ops", "writes", Kind::Count),
            ("write_bytes", "written", Kind::Bytes),
            ("meta_ops", "metadata ops", Kind::Count),
            ("time_s", "time", Kind::Secs(tu)),
            ("processes", "processes", Kind::Count),
            ("access_pattern.random", "random", Kind::Share),
            ("small_ops", "small", Kind::Count),
        ],
        None,
    ) + &caption(v.len(), "files (by bytes)")
}

pub fn functions(j: &Value, tu: TimeUnit) -> String {
    let v = arr(j, "functions");
    table(
        "table-functions",
        &first(&v, TOP),
        &[
            ("function", "function", Kind::Text),
            ("layer", "layer", Kind::Text),
            ("calls", "calls", Kind::Count),
            ("time_s", "time", Kind::Secs(tu)),
        ],
        None,
    ) + &caption(v.len(), "functions (by time)")
}

/// The processes in rank order (as the per-rank plot above draws them; beyond TOP, the TOP
/// slowest, still in rank order), and which one is the slowest.
pub fn ranks(j: &Value, tu: TimeUnit) -> String {
    let v = arr(j, "ranks");
    let mut order: Vec<(usize, &Value)> = v.iter().enumerate().collect();
    order.sort_by(|a, b| {
        let t = |x: &Value| x["time_s"].as_f64().unwrap_or(0.0);
        t(b.1).total_cmp(&t(a.1)).then(a.0.cmp(&b.0))
    });
    order.truncate(TOP);
    order.sort_by_key(|r| r.0);
    let mut s = String::new();
    let slow = &j["slowest_rank"];
    if !slow.is_null() {
        let _ = write!(
            s,
            "<p id=\"slowest\" data-label=\"{}\" data-v=\"{}\">Slowest process: <b>{}</b> \
             ({} of I/O and metadata).</p>",
            esc(&raw(&slow["label"])),
            esc(&raw(&slow["time_s"])),
            esc(&raw(&slow["label"])),
            tu.fmt(slow["time_s"].as_f64().unwrap_or(0.0))
        );
    }
    s.push_str(&table(
        "table-ranks",
        &order,
        &[
            ("rank", "rank", Kind::Count),
            ("pid", "pid", Kind::Count),
            ("host", "host", Kind::Text),
            ("program", "program", Kind::Text),
            ("ops", "operations", Kind::Count),
            ("read_bytes", "read", Kind::Bytes),
            ("write_bytes", "written", Kind::Bytes),
            ("io_time_s", "I/O time", Kind::Secs(tu)),
            ("meta_time_s", "metadata time", Kind::Secs(tu)),
            ("time_s", "total", Kind::Secs(tu)),
        ],
        None,
    ));
    if v.len() > TOP {
        let _ = write!(
            s,
            "<p class=\"note\">The {TOP} slowest of {} processes, in rank order.</p>",
            int(v.len() as u64)
        );
    }
    s
}

/// The layers beneath a call: one span each, with its exact values.
fn beneath(r: &Value, tu: TimeUnit) -> String {
    let mut cell = String::from("<td data-k=\"beneath\">");
    for b in arr(r, "beneath") {
        let _ = write!(
            cell,
            "<span class=\"beneath\" data-layer=\"{}\" data-time_s=\"{}\" data-ops=\"{}\" \
             data-bytes=\"{}\">{} {} · {} ops · {}</span> ",
            esc(&raw(&b["layer"])),
            esc(&raw(&b["time_s"])),
            esc(&raw(&b["ops"])),
            esc(&raw(&b["bytes"])),
            esc(&raw(&b["layer"])),
            tu.fmt(b["time_s"].as_f64().unwrap_or(0.0)),
            int(b["ops"].as_u64().unwrap_or(0)),
            human(b["bytes"].as_u64().unwrap_or(0))
        );
    }
    cell.push_str("</td>");
    cell
}

pub fn breakdown(j: &Value, tu: TimeUnit) -> String {
    let v = arr(j, "breakdown");
    table(
        "table-breakdown",
        &first(&v, TOP),
        &[
            ("call", "call", Kind::Text),
            ("layer", "layer", Kind::Text),
            ("count", "calls", Kind::Count),
            ("time_s", "time", Kind::Secs(tu)),
            ("ranks", "processes", Kind::Count),
            ("collective_calls", "collective", Kind::Count),
            ("aggregators", "with POSIX I/O", Kind::Count),
            ("mpi_time_s", "MPI time", Kind::Secs(tu)),
        ],
        Some(("beneath", &|r: &Value| beneath(r, tu))),
    ) + &caption(v.len(), "high-level calls (by time)")
}
