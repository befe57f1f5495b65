//! The call-site table: where in the program the calls were made (the summary's
//! `call_sites`), what they did at the layer of the outermost calls and at each layer
//! beneath, and who made them; then the one line on what could not be resolved.

use super::esc;
use super::plot::TimeUnit;
use super::tables::{arr, caption, first, int, raw, table, Kind, TOP};
use crate::units::human;
use serde_json::Value;
use std::fmt::Write;

/// The operations and bytes of each layer the site's calls went through, one span each
/// with its exact values.
fn per_layer(r: &Value) -> String {
    let mut cell = String::from("<td data-k=\"layer_stack\">");
    for l in arr(r, "layer_stack") {
        let name = raw(&l);
        let x = &r["layers"][name.as_str()];
        let bytes = x["read_bytes"].as_u64().unwrap_or(0) + x["write_bytes"].as_u64().unwrap_or(0);
        let _ = write!(
            cell,
            "<span class=\"beneath\" data-layer=\"{}\" data-calls=\"{}\" data-ops=\"{}\" \
             data-bytes=\"{bytes}\">{} · {} calls · {} ops · {}</span> ",
            esc(&name),
            esc(&raw(&x["calls"])),
            esc(&raw(&x["ops"])),
            esc(&name),
            int(x["calls"].as_u64().unwrap_or(0)),
            int(x["ops"].as_u64().unwrap_or(0)),
            human(bytes)
        );
    }
    cell.push_str("</td>");
    cell
}

/// The section's body: the table (most time first), and the unresolved note under it.
pub fn render(j: &Value, tu: TimeUnit) -> Option<String> {
    let v = arr(j, "call_sites");
    if v.is_empty() {
        return None;
    }
    let mut s = table(
        "table-call-sites",
        &first(&v, TOP),
        &[
            ("site", "site", Kind::Text),
            ("calls", "outermost calls", Kind::Count),
            ("time_s", "time", Kind::Secs(tu)),
            ("layer", "layer", Kind::Text),
            ("ops", "operations", Kind::Count),
            ("bytes", "bytes", Kind::Bytes),
            ("ranks", "ranks", Kind::List),
            ("processes", "processes", Kind::Count),
        ],
        Some(("per layer beneath", &per_layer)),
    );
    s.push_str(&caption(v.len(), "call sites (by time)"));
    if let Some(note) = j["call_sites_unresolved"].as_str() {
        let _ = write!(
            s,
            "<p class=\"note\" id=\"call-sites-unresolved\">{}</p>",
            esc(note)
        );
    }
    Some(s)
}
