//! Call sites in the answers (issue 29): tests/programs/call_sites.c built with -g -O1 and
//! traced writing 1 byte 2,000 times from one line (`SITE:block`) after a 16-byte header
//! from another (`SITE:header`). `summary --json` must give exactly those lines with what
//! the program did from them, the text summary and the small-request and misaligned
//! insights must name them, and the report's call-site table must show them. The same
//! binary stripped gives object+offset sites and says once what could not be resolved.
//!
//! The expected lines come from the program's markers, the counts from its arithmetic.

use e2e_tests::html::*;
use e2e_tests::*;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// Bytes written one at a time by write_block.
const N: u64 = 2000;
/// Bytes of the header written by write_header.
const HEADER: u64 = 16;

/// The line of call_sites.c holding `/* SITE:name */`.
fn marker_line(name: &str) -> u64 {
    let src = std::fs::read_to_string(build().programs.join("call_sites.c")).unwrap();
    let marker = format!("/* SITE:{name} */");
    let i = src
        .lines()
        .position(|l| l.contains(&marker))
        .unwrap_or_else(|| panic!("no {marker} in call_sites.c"));
    i as u64 + 1
}

fn launcher(args: &[&str], cwd: &Path) -> Run {
    let mut c = command(&build().launcher, cwd);
    c.args(args);
    run(&mut c)
}

/// Trace `prog` writing `N` bytes into DIR/out.
fn record(dir: &TestDir, prog: &Path, name: &str) -> PathBuf {
    let trace = dir.join(name);
    let mut c = traced(prog, dir.path(), &trace);
    c.arg(dir.join(format!("{name}.out"))).arg(N.to_string());
    run(&mut c).assert_ok("traced call_sites");
    trace
}

fn summary(trace: &Path, json: bool) -> String {
    let t = trace.display().to_string();
    let mut args = vec!["summary", "-q"];
    if json {
        args.push("--json");
    }
    args.push(&t);
    let r = launcher(&args, trace.parent().unwrap());
    r.assert_ok("recorder-otf2 summary");
    assert!(r.stderr_lines().is_empty(), "summary said: {}", r.stderr);
    r.stdout
}

fn summary_json(trace: &Path) -> Value {
    serde_json::from_str(&summary(trace, true)).expect("summary --json is JSON")
}

/// The sites of the program's own source (its file ends with call_sites.c), by line.
fn program_sites(j: &Value) -> Vec<(u64, &Value)> {
    let mut v: Vec<(u64, &Value)> = j["call_sites"]
        .as_array()
        .expect("call_sites")
        .iter()
        .filter(|s| {
            s["file"]
                .as_str()
                .is_some_and(|f| f.ends_with("/call_sites.c"))
        })
        .map(|s| (s["line"].as_u64().expect("a line"), s))
        .collect();
    v.sort_by_key(|s| s.0);
    v
}

fn insight<'a>(j: &'a Value, code: &str) -> &'a Value {
    j["insights"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["code"] == code)
        .unwrap_or_else(|| panic!("no insight {code} in {:#}", j["insights"]))
}

/// The call-site table's rows against `call_sites` of the summary, and the row of the
/// write_block line with its exact counts and its POSIX span.
fn check_site_table(page: &str, j: &Value, block_label: &str) {
    let n = check_table(page, "table-call-sites", j, "call_sites");
    assert_eq!(n, j["call_sites"].as_array().unwrap().len().min(20));
    let table = element(page, "<table id=\"table-call-sites\"", "table").unwrap();
    let rs = rows(table);
    let row = rs
        .iter()
        .find(|r| r.cells.iter().any(|c| c.0 == "site" && c.2 == block_label))
        .unwrap_or_else(|| panic!("no row for {block_label}"));
    let cell = |k: &str| row.cells.iter().find(|c| c.0 == k).unwrap().1.clone();
    assert_eq!(cell("calls"), N.to_string());
    assert_eq!(cell("ops"), N.to_string());
    assert_eq!(cell("bytes"), N.to_string());
    assert_eq!(cell("layer"), "POSIX");
    assert_eq!(cell("processes"), "1");
    // The per-layer spans of that row.
    let i = table.find(&format!("data-v=\"{block_label}\"")).unwrap();
    let tr_end = table[i..].find("</tr>").unwrap() + i;
    let spans: Vec<&str> = table[i..tr_end]
        .match_indices("<span class=\"beneath\"")
        .map(|(q, _)| &table[i + q..tr_end])
        .collect();
    assert_eq!(spans.len(), 1, "one layer beneath write_block's pwrite");
    assert_eq!(attr(spans[0], "data-layer").as_deref(), Some("POSIX"));
    assert_eq!(attr(spans[0], "data-calls"), Some(N.to_string()));
    assert_eq!(attr(spans[0], "data-ops"), Some(N.to_string()));
    assert_eq!(attr(spans[0], "data-bytes"), Some(N.to_string()));
}

#[test]
fn call_sites_in_summary_insights_and_report() {
    let dir = TestDir::new("call-sites-answers");
    let prog = compile(&dir, "call_sites", &["-g", "-O1"]);
    let trace = record(&dir, &prog, "trace");
    let (open, header, block, close) = (
        marker_line("open"),
        marker_line("header"),
        marker_line("block"),
        marker_line("close"),
    );
    let j = summary_json(&trace);
    assert_eq!(j["call_sites_unresolved"], Value::Null);
    let sites = program_sites(&j);
    let lines: Vec<u64> = sites.iter().map(|s| s.0).collect();
    let mut want = vec![open, header, block, close];
    want.sort_unstable();
    assert_eq!(lines, want, "the program's call sites");
    let at = |line: u64| sites.iter().find(|s| s.0 == line).unwrap().1;
    // write_block: N pwrites of 1 byte.
    let b = at(block);
    assert_eq!(b["function"], "write_block");
    assert_eq!(b["level"], "line");
    assert_eq!(b["calls"], N);
    assert_eq!(b["layers"]["POSIX"]["ops"], N);
    assert_eq!(b["layers"]["POSIX"]["write_bytes"], N);
    assert_eq!(b["layers"]["POSIX"]["read_bytes"], 0);
    assert_eq!(
        (
            b["layers"]["POSIX"]["min_request"].as_u64(),
            b["layers"]["POSIX"]["max_request"].as_u64()
        ),
        (Some(1), Some(1))
    );
    assert_eq!(
        (b["layer"].as_str(), b["ops"].as_u64(), b["bytes"].as_u64()),
        (Some("POSIX"), Some(N), Some(N))
    );
    assert_eq!(b["layer_stack"], json!(["POSIX"]));
    assert_eq!(b["processes"], 1);
    // write_header: one write of 16 bytes.
    let h = at(header);
    assert_eq!(h["function"], "write_header");
    assert_eq!(
        (h["calls"].as_u64(), h["layers"]["POSIX"]["ops"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(h["layers"]["POSIX"]["write_bytes"], HEADER);
    // open and close: one call each, in main.
    for line in [open, close] {
        assert_eq!(at(line)["calls"], 1, "line {line}");
        assert_eq!(at(line)["function"], "main", "line {line}");
    }

    // The text summary: the table row of write_block's line, then no unresolved note.
    let text = summary(&trace, false);
    let label = format!("call_sites.c:{block} in write_block");
    let hlabel = format!("call_sites.c:{header} in write_header");
    assert!(text.contains("\nCall sites (top "), "{text}");
    let row = text
        .lines()
        .find(|l| l.ends_with(&label))
        .unwrap_or_else(|| panic!("no call-site row for {label} in\n{text}"));
    let cols: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(cols[0], N.to_string(), "calls: {row}");
    let kib = format!(" {:.1} KiB ", N as f64 / 1024.0);
    assert!(row.contains(&kib), "bytes: {row}");
    assert!(
        row.contains(" POSIX ") && row.contains(" 1 process "),
        "{row}"
    );
    assert!(!text.contains("unresolved"), "{text}");

    // The insights say where: every small write and every misaligned one.
    let f01 = insight(&j, "F01");
    let suffix = format!("; 2,000 writes of 1 B from {label}, 1 write of {HEADER} B from {hlabel}");
    let msg = f01["message"].as_str().unwrap();
    assert!(msg.ends_with(&suffix), "{msg}");
    assert_eq!(
        f01["call_sites"],
        json!([{"site": label, "count": N}, {"site": hlabel, "count": 1}])
    );
    assert!(text.contains(&suffix), "{text}");
    // Offsets 16, 17, ... are not 4 KiB-aligned; the header at 0 is.
    let f02 = insight(&j, "F02");
    let msg = f02["message"].as_str().unwrap();
    assert!(
        msg.ends_with(&format!("; 2,000 misaligned writes of 1 B from {label}")),
        "{msg}"
    );
    assert_eq!(f02["call_sites"], json!([{"site": label, "count": N}]));

    // The report: the table as written, then as chromium renders it.
    let html = dir.join("report.html");
    let t = trace.display().to_string();
    let h = html.display().to_string();
    launcher(&["report", "-q", &t, "-o", &h], dir.path()).assert_ok("report");
    let page = std::fs::read_to_string(&html).unwrap();
    let s = section(&page, "call-sites");
    assert!(s.contains(&label) && !s.contains("call-sites-unresolved"));
    check_site_table(&page, &j, &label);
    assert!(page.contains(&format!("2,000 writes of 1 B from {label}")));
    if !have_program("chromium") {
        eprintln!("chromium not found on PATH: the rendered page is not checked");
        return;
    }
    let (dom, _) = dump_dom(&dir, &html);
    let root = element(&dom, "<html", "html").expect("an html element");
    assert_eq!(attr(root, "data-ready").as_deref(), Some("1"));
    assert_eq!(attr(root, "data-errors"), None, "script errors in the page");
    check_site_table(&dom, &j, &label);
}

#[test]
fn stripped_program_gives_offsets_and_says_so_once() {
    let dir = TestDir::new("call-sites-stripped");
    let prog = compile(&dir, "call_sites", &["-g", "-O1"]);
    // A copy with the same name elsewhere, without symbols or debug information.
    let stripped = dir.subdir("stripped").join("call_sites");
    std::fs::copy(&prog, &stripped).unwrap();
    let r = run(command("strip", dir.path()).arg(&stripped));
    r.assert_ok("strip");
    let trace = record(&dir, &stripped, "trace");
    let j = summary_json(&trace);
    let object = stripped.display().to_string();
    let mine: Vec<&Value> = j["call_sites"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["object"] == object.as_str())
        .collect();
    // open, write_header's write, write_block's pwrite, close: four return addresses.
    assert_eq!(mine.len(), 4, "{:#}", j["call_sites"]);
    for s in &mine {
        assert_eq!(s["file"], Value::Null, "{s}");
        let label = s["site"].as_str().unwrap();
        match s["level"].as_str() {
            Some("offset") => assert!(label.starts_with("call_sites+0x"), "{label}"),
            Some("symbol") => assert!(label.ends_with(" in call_sites"), "{label}"),
            other => panic!("{label}: level {other:?}"),
        }
    }
    let mut calls: Vec<u64> = mine.iter().map(|s| s["calls"].as_u64().unwrap()).collect();
    calls.sort_unstable();
    assert_eq!(calls, vec![1, 1, 1, N]);
    let block = mine.iter().find(|s| s["calls"] == N).unwrap();
    assert_eq!(block["layers"]["POSIX"]["ops"], N);
    assert_eq!(block["layers"]["POSIX"]["write_bytes"], N);
    // How many addresses could not be resolved, said once.
    let note = j["call_sites_unresolved"]
        .as_str()
        .expect("an unresolved note");
    let unresolved: usize = note.split(' ').next().unwrap().parse().unwrap();
    assert!(unresolved >= mine.len(), "{note}");
    assert!(note.contains("call-site addresses unresolved"), "{note}");
    let shown = summary(&trace, false);
    assert_eq!(shown.matches(note).count(), 1, "{shown}");
    assert!(shown.contains(block["site"].as_str().unwrap()), "{shown}");
    // The insight names the offset.
    let f01 = insight(&j, "F01");
    let msg = f01["message"].as_str().unwrap();
    assert!(
        msg.contains(&format!(
            "; 2,000 writes of 1 B from {}",
            block["site"].as_str().unwrap()
        )),
        "{msg}"
    );
    // The report says it under the table.
    let html = dir.join("report.html");
    let (t, h) = (trace.display().to_string(), html.display().to_string());
    launcher(&["report", "-q", &t, "-o", &h], dir.path()).assert_ok("report");
    let page = std::fs::read_to_string(&html).unwrap();
    let p = element(&page, "<p class=\"note\" id=\"call-sites-unresolved\"", "p")
        .expect("the unresolved note in the report");
    assert_eq!(text(p), note);
}
