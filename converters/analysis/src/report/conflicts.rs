//! The "Overlapping operations" section, rendered from the summary's `conflicts` object (so
//! that it says exactly what `summary --json` says): a sentence with the totals, then per
//! file (most pairs first) a table of its process pairs by kind. Tables and rows carry their
//! indices in the JSON arrays (`data-i`), cells their field names and values, as the other
//! tables do. Each row shows one example pair: its kind and the layer chains of its two
//! calls (H5Dwrite → MPI_File_write_at → pwrite, then H5Dread → MPI_File_read_at → pread).

use super::esc;
use super::tables::{arr, int, table, Kind as Col, TOP};
use serde_json::Value;
use std::fmt::Write;

const KINDS: [&str; 4] = ["RAW", "WAW", "WAR", "RAR"];

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or(0)
}

fn plural(n: u64, what: &str) -> String {
    format!("{} {what}{}", int(n), if n == 1 { "" } else { "s" })
}

/// "7 overlapping pairs (4 RAW, 3 RAR) between 5 process pairs in 2 of 9 files checked".
fn totals(c: &Value) -> String {
    let t = &c["totals"];
    let kinds: Vec<String> = KINDS
        .iter()
        .filter(|k| u(&t["pairs"][**k]) > 0)
        .map(|k| format!("{} {k}", int(u(&t["pairs"][*k]))))
        .collect();
    let at_least = if u(&t["capped_files"]) > 0 {
        "at least "
    } else {
        ""
    };
    format!(
        "<p id=\"conflicts-totals\" data-pairs_total=\"{}\" data-files=\"{}\" \
         data-rank_pairs=\"{}\">{at_least}{} ({}) between {} in {} of {} checked.</p>",
        u(&t["pairs_total"]),
        u(&t["files"]),
        u(&t["rank_pairs"]),
        plural(u(&t["pairs_total"]), "overlapping pair"),
        kinds.join(", "),
        plural(u(&t["rank_pairs"]), "process pair"),
        int(u(&t["files"])),
        plural(u(&c["files_checked"]), "file"),
    )
}

/// One file's heading and its table of process pairs.
fn file(i: usize, f: &Value) -> String {
    let host = match f["host"].as_str() {
        Some(h) => format!(" on {}", esc(h)),
        None => String::new(),
    };
    let capped = if f["capped"] == true {
        " <b>(stopped at the cap: counts are lower bounds)</b>"
    } else {
        ""
    };
    let mut s = format!(
        "<h3 class=\"conflicts-file\" data-i=\"{i}\" data-path=\"{}\" data-layer=\"{}\">\
         {}{host} ({}): {}, {} checked{capped}</h3>",
        esc(f["path"].as_str().unwrap_or("")),
        esc(f["layer"].as_str().unwrap_or("")),
        esc(f["path"].as_str().unwrap_or("")),
        esc(f["layer"].as_str().unwrap_or("")),
        plural(u(&f["pairs_total"]), "overlapping pair"),
        plural(u(&f["accesses"]), "operation"),
    );
    let rows = arr(f, "rank_pairs");
    let shown: Vec<(usize, &Value)> = rows.iter().enumerate().take(TOP).collect();
    let mut cols = vec![
        ("processes.0", "earlier", Col::Text),
        ("processes.1", "later", Col::Text),
    ];
    cols.extend([
        ("pairs.RAW", "RAW", Col::Count),
        ("pairs.WAW", "WAW", Col::Count),
        ("pairs.WAR", "WAR", Col::Count),
        ("pairs.RAR", "RAR", Col::Count),
        ("pairs_total", "pairs", Col::Count),
        ("bytes_total", "overlapping bytes", Col::Bytes),
        ("example.kind", "example", Col::Text),
        ("example.earlier", "earlier call", Col::Chain),
        ("example.later", "then later call", Col::Chain),
    ]);
    s.push_str(&table(&format!("table-conflicts-{i}"), &shown, &cols, None));
    if rows.len() > TOP {
        let _ = write!(
            s,
            "<p class=\"note\">The {TOP} process pairs with most pairs of {}.</p>",
            int(rows.len() as u64)
        );
    }
    s
}

/// What was left out of the check, if anything.
fn not_checked(c: &Value) -> String {
    let n = &c["not_checked"];
    let parts: Vec<String> = [
        (
            "no_offset",
            "without a known offset (sockets, pipes, event fds, shared file pointers)",
        ),
        ("no_file", "on no file"),
        ("unfinished", "never completed"),
    ]
    .iter()
    .filter(|(k, _)| u(&n[*k]) > 0)
    .map(|(k, what)| format!("{} {what}", plural(u(&n[*k]), "operation")))
    .collect();
    if parts.is_empty() {
        return String::new();
    }
    format!("<p class=\"note\">Not checked: {}.</p>", parts.join(", "))
}

/// The section's body from the summary document.
pub fn render(j: &Value) -> String {
    let c = &j["conflicts"];
    if c.is_null() {
        return "<p class=\"empty\" id=\"conflicts-off\">Not computed: <code>report --conflicts</code> \
             adds them (a second pass over the trace), <code>recorder-otf2 conflicts</code> \
             lists them.</p>".into();
    }
    let layers: Vec<&str> = c["layers"]
        .as_array()
        .map(|v| v.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let scope = format!(
        "Reads and writes at the {} layers that touch the same bytes of a file, by kind \
         (read after write, write after write, write after read, read after read) and by the \
         processes of the earlier and of the later operation; {} checked. \
         <code>recorder-otf2 conflicts --details</code> lists the pairs.",
        esc(&layers.join(" and ")),
        plural(u(&c["accesses"]), "operation"),
    );
    let mut s = format!("<p class=\"note\">{scope}</p>");
    let files = arr(c, "files");
    if files.is_empty() {
        let _ = write!(
            s,
            "<p class=\"empty\" id=\"conflicts-none\">No two operations touch the same bytes \
             of a file ({} checked).</p>",
            plural(u(&c["files_checked"]), "file")
        );
    } else {
        s.push_str(&totals(c));
        for (i, f) in files.iter().enumerate().take(TOP) {
            s.push_str(&file(i, f));
        }
        if files.len() > TOP {
            let _ = write!(
                s,
                "<p class=\"note\">The {TOP} files with most overlapping pairs of {}.</p>",
                int(files.len() as u64)
            );
        }
    }
    s.push_str(&not_checked(c));
    s
}

#[cfg(test)]
mod tests {
    use super::render;
    use serde_json::json;

    #[test]
    fn no_overlaps_and_not_computed_are_sentences() {
        let none = json!({"conflicts": {
            "layers": ["POSIX", "MPI-IO"], "max_pairs": 10, "files_checked": 3, "accesses": 9,
            "not_checked": {"no_offset": 2, "no_file": 0, "unfinished": 0},
            "totals": {"pairs": {"RAW": 0, "WAW": 0, "WAR": 0, "RAR": 0}, "pairs_total": 0,
                       "files": 0, "capped_files": 0, "rank_pairs": 0},
            "files": []}});
        let s = render(&none);
        assert!(s.contains("No two operations touch the same bytes of a file (3 files checked)."));
        assert!(s.contains("Not checked: 2 operations without a known offset"));
        assert!(!s.contains("<table"));
        let off = render(&json!({"conflicts": null}));
        assert!(off.contains("Not computed: <code>report --conflicts</code>"));
    }
}
