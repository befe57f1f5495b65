//! The replay's reports as JSON: the facts of the text tables (`text`, `layered_text`), as
//! numbers, times in nanoseconds (the text rounds them to milliseconds).

use crate::{layer_totals, Report, Totals};
use io_events::functions::Layer;
use serde_json::{json, Map, Value};
use std::time::Duration;

/// A row's numbers, under `key: name` (`process` or `layer`).
fn row(fields: &[(&str, &str)], t: &Totals) -> Value {
    let mut m = Map::new();
    for (k, v) in fields {
        m.insert((*k).into(), Value::from(*v));
    }
    let numbers = [
        ("calls", t.calls),
        ("skipped", t.skipped),
        ("failed", t.failed),
        ("bytes_read", t.bytes_read),
        ("orig_bytes_read", t.orig_bytes_read),
        ("bytes_written", t.bytes_written),
        ("orig_bytes_written", t.orig_bytes_written),
        ("time_in_calls_ns", t.ns),
        ("orig_time_in_calls_ns", t.orig_ns),
    ];
    for (k, v) in numbers {
        m.insert(k.into(), Value::from(v));
    }
    Value::Object(m)
}

/// The POSIX replay's report: per process, all of them, and the replay's wall time.
pub fn report_json(r: &Report) -> Value {
    let processes: Vec<Value> = (r.per_process.iter())
        .map(|(name, t)| row(&[("process", name)], t))
        .collect();
    json!({
        "processes": processes,
        "all": row(&[], &r.total),
        "wall_ns": r.wall.as_nanos() as u64,
    })
}

/// The MPI replay's report: per rank and layer (the rows of `layered_text`, those with
/// nothing to count left out), all ranks per layer, and the replay's wall time.
pub fn layered_json(rows: &[(String, Layer, Totals)], wall: Duration) -> Value {
    let processes: Vec<Value> = (rows.iter())
        .filter(|(_, _, t)| t.calls + t.skipped > 0)
        .map(|(name, l, t)| row(&[("process", name), ("layer", l.identification())], t))
        .collect();
    let layers: Vec<Value> = (layer_totals(rows).iter())
        .map(|(l, t)| row(&[("layer", l.identification())], t))
        .collect();
    json!({
        "processes": processes,
        "layers": layers,
        "wall_ns": wall.as_nanos() as u64,
    })
}

/// `v` pretty-printed, one line at the end.
pub fn to_text(v: &Value) -> String {
    serde_json::to_string_pretty(v).expect("a JSON value prints") + "\n"
}
