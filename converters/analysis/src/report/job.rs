//! The job under the page's title: command, user, wall-clock times, hosts, MPI library and
//! how the processes ended, from the summary's `job` object.

use super::esc;
use serde_json::Value;
use std::fmt::Write;

/// A `<dl id="job">` of the job's facts; each value also in `data-v` for scripts and tests.
pub fn render(j: &Value) -> String {
    let job = &j["job"];
    let list = |k: &str| -> String {
        let v: Vec<&str> = job[k]
            .as_array()
            .map_or(Vec::new(), |a| a.iter().filter_map(Value::as_str).collect());
        v.join(", ")
    };
    let wall = job["wall_s"]
        .as_f64()
        .map_or("unknown".to_string(), |s| format!("{s:.1} s"));
    let text = |k: &str| job[k].as_str().unwrap_or("unknown").to_string();
    let items = [
        (
            "command_line",
            "command",
            job["command_line"].as_str().unwrap_or("").to_string(),
        ),
        ("users", "user", list("users")),
        ("start", "start (UTC)", text("start")),
        ("end", "end (UTC)", text("end")),
        ("wall_s", "wall time", wall),
        ("hosts", "hosts", list("hosts")),
        ("mpi_libraries", "MPI library", list("mpi_libraries")),
        ("outcome", "ended", text("outcome")),
    ];
    let mut s = String::from("<dl id=\"job\">");
    for (k, name, v) in items {
        if v.is_empty() {
            continue;
        }
        let _ = write!(
            s,
            "<div><dt>{name}</dt><dd data-k=\"{k}\" data-v=\"{}\">{}</dd></div>",
            esc(&v),
            esc(&v)
        );
    }
    s.push_str("</dl>");
    s
}
