//! The report's HTML as headless chromium renders it, and a scan of its DOM (the pages are
//! ours: elements of one tag looked up here are not nested, attributes are quoted).

use crate::{command, run, TestDir};
use serde_json::Value;
use std::path::Path;

/// Headless chromium as root, without network, sync or a profile of its own.
pub fn chromium(dir: &TestDir, what: &str) -> std::process::Command {
    let profile = dir.subdir(&format!("chromium-profile-{what}"));
    let mut c = command("chromium", dir.path());
    c.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--enable-logging=stderr",
        "--v=0",
    ])
    .arg(format!("--user-data-dir={}", profile.display()));
    c
}

/// The page's DOM after its scripts ran, and chromium's log.
pub fn dump_dom(dir: &TestDir, html: &Path) -> (String, String) {
    let mut c = chromium(dir, "dom");
    c.arg("--dump-dom")
        .arg(format!("file://{}", html.display()));
    let r = run(&mut c);
    r.assert_ok("chromium --dump-dom");
    (r.stdout, r.stderr)
}

pub fn unescape(s: &str) -> String {
    s.replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&")
}

/// The element starting with `open` (e.g. `<section id="x"`) up to its closing `</tag>`
/// (elements of the same tag are not nested in what is looked up here).
pub fn element<'a>(dom: &'a str, open: &str, tag: &str) -> Option<&'a str> {
    let i = dom.find(open)?;
    let close = format!("</{tag}>");
    let j = dom[i..].find(&close)?;
    Some(&dom[i..i + j + close.len()])
}

pub fn section<'a>(dom: &'a str, id: &str) -> &'a str {
    element(dom, &format!("<section id=\"{id}\""), "section")
        .unwrap_or_else(|| panic!("no section id={id} in the report"))
}

/// Occurrences of an element `<tag` (followed by a space, `>` or `/`).
pub fn count_tag(s: &str, tag: &str) -> usize {
    let open = format!("<{tag}");
    s.match_indices(&open)
        .filter(|(i, _)| {
            matches!(
                s.as_bytes().get(i + open.len()),
                Some(b' ') | Some(b'>') | Some(b'/') | Some(b'\n')
            )
        })
        .count()
}

/// The value of attribute `name` in the start tag at the beginning of `tag`.
pub fn attr(tag: &str, name: &str) -> Option<String> {
    let head = &tag[..tag.find('>')?];
    let key = format!(" {name}=\"");
    let i = head.find(&key)? + key.len();
    let j = head[i..].find('"')?;
    Some(unescape(&head[i..i + j]))
}

/// Text content of an element (tags dropped).
pub fn text(s: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in s.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    unescape(&out)
}

/// A table row: its `data-i` and its cells (data-k, data-v, text).
pub struct Row {
    pub i: usize,
    pub cells: Vec<(String, String, String)>,
}

pub fn rows(table: &str) -> Vec<Row> {
    let mut out = Vec::new();
    let mut rest = table;
    while let Some(p) = rest.find("<tr data-i=\"") {
        let tr = element(&rest[p..], "<tr", "tr").expect("a closed row");
        let i: usize = attr(tr, "data-i").unwrap().parse().unwrap();
        let mut cells = Vec::new();
        let mut r = tr;
        while let Some(q) = r.find("<td ") {
            let td = element(&r[q..], "<td", "td").expect("a closed cell");
            if let (Some(k), Some(v)) = (attr(td, "data-k"), attr(td, "data-v")) {
                cells.push((k, v, text(td)));
            }
            r = &r[q + td.len()..];
        }
        out.push(Row { i, cells });
        rest = &rest[p + tr.len()..];
    }
    out
}

/// A JSON value as the report writes it in `data-v`.
pub fn raw(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A field by dotted path, as the report reads it (a number indexes an array).
pub fn field<'a>(v: &'a Value, k: &str) -> &'a Value {
    k.split('.')
        .fold(v, |v, part| match (v, part.parse::<usize>()) {
            (Value::Array(a), Ok(i)) => a.get(i).unwrap_or(&Value::Null),
            _ => &v[part],
        })
}

/// Every row of table `id` against `json[key][data-i]`: each cell's exact value, the text of
/// text cells and of counts. Returns the number of rows.
pub fn check_table(dom: &str, id: &str, json: &Value, key: &str) -> usize {
    let arr = json[key]
        .as_array()
        .unwrap_or_else(|| panic!("no {key} in the JSON"));
    check_rows(dom, id, arr)
}

/// Every row of table `id` against `arr[data-i]`, as [`check_table`].
pub fn check_rows(dom: &str, id: &str, arr: &[Value]) -> usize {
    let table = element(dom, &format!("<table id=\"{id}\""), "table")
        .unwrap_or_else(|| panic!("no table {id}"));
    let rs = rows(table);
    assert!(!rs.is_empty(), "table {id} has no rows");
    assert_eq!(rs.len(), arr.len().min(20), "table {id}: rows shown");
    for r in &rs {
        let want = &arr[r.i];
        assert!(!r.cells.is_empty(), "table {id} row {}: no cells", r.i);
        for (k, v, t) in &r.cells {
            let w = field(want, k);
            assert_eq!(v, &raw(w), "table {id} row {} field {k}", r.i);
            match w {
                Value::String(s) => assert_eq!(t, s, "table {id} row {} field {k} text", r.i),
                // A layer chain: its function names joined by arrows.
                Value::Array(a) if a.iter().all(Value::is_string) => {
                    let names: Vec<&str> = a.iter().filter_map(Value::as_str).collect();
                    assert_eq!(t, &names.join(" → "), "table {id} row {} {k} text", r.i);
                }
                Value::Number(n) if n.is_u64() => {
                    let digits = t.replace(',', "");
                    if digits.chars().all(|c| c.is_ascii_digit()) {
                        assert_eq!(digits, n.to_string(), "table {id} row {} {k} text", r.i);
                    }
                }
                _ => {}
            }
        }
    }
    rs.len()
}

/// The report's conflicts section against the summary's `conflicts` object: the totals,
/// each file's heading and table (its rows those of the file's `rank_pairs`), or the
/// sentence saying there are none. Returns the number of file tables.
pub fn check_conflicts(dom: &str, j: &Value) -> usize {
    let s = section(dom, "conflicts");
    let c = &j["conflicts"];
    assert!(c.is_object(), "no conflicts object in summary --json");
    let files = c["files"].as_array().expect("conflicts.files");
    assert_eq!(s.contains("id=\"conflicts-none\""), files.is_empty(), "{s}");
    assert_eq!(
        s.matches("<table ").count(),
        files.len().min(20),
        "conflict tables"
    );
    if files.is_empty() {
        return 0;
    }
    let totals = element(s, "<p id=\"conflicts-totals\"", "p").expect("the totals");
    for k in ["pairs_total", "files", "rank_pairs"] {
        let v = attr(totals, &format!("data-{k}"));
        assert_eq!(v, Some(raw(&c["totals"][k])), "conflicts totals {k}");
    }
    let heads: Vec<&str> = s
        .match_indices("<h3 class=\"conflicts-file\"")
        .map(|(q, _)| element(&s[q..], "<h3", "h3").unwrap())
        .collect();
    assert_eq!(heads.len(), files.len().min(20));
    for (h, (i, f)) in heads.iter().zip(files.iter().enumerate()) {
        assert_eq!(attr(h, "data-i"), Some(i.to_string()));
        assert_eq!(attr(h, "data-path"), Some(raw(&f["path"])));
        assert_eq!(attr(h, "data-layer"), Some(raw(&f["layer"])));
        let pairs = f["rank_pairs"].as_array().expect("rank_pairs");
        check_rows(s, &format!("table-conflicts-{i}"), pairs);
    }
    heads.len()
}
