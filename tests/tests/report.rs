//! `recorder-otf2 report`: real programs traced (POSIX and stdio: workload.c; MPI-IO at 4
//! ranks: mpi_io_all.c; 200,000 small writes and 100 more processes: writer_loop.c), the HTML
//! report opened in Debian's headless chromium: its DOM must hold every plot section with
//! something drawn in it, tables whose values are those of `summary --json`, the insights,
//! and no script error; the file must load nothing from elsewhere. Bad input gives one line
//! naming the file and leaves nothing behind; the page's element count stays bounded
//! whatever the number of calls.
//!
//! The tests skip themselves (pass with a message) without chromium (scripts/setup.sh
//! installs it) or, for the MPI test, without mpirun.

use e2e_tests::html::*;
use e2e_tests::*;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The plot sections, each with what must be drawn in it: (id, SVG/HTML tag that draws it).
const PLOTS: [(&str, &str); 6] = [
    ("plot-ranks", "<rect"),
    ("plot-breakdown", "<rect"),
    ("plot-heatmap", "<image"),
    ("plot-bandwidth", "<polyline"),
    ("plot-sizes", "<rect"),
    ("plot-offsets", "<path"),
];

/// Layer colours of the plots (plot.rs), upper case as plotters writes them.
const LAYER_COLORS: [(&str, &str); 8] = [
    ("POSIX", "#4E79A7"),
    ("ISOC", "#F28E2B"),
    ("MPI-IO", "#59A14F"),
    ("HDF5", "#E15759"),
    ("netCDF", "#B07AA1"),
    ("PnetCDF", "#9C755F"),
    ("ADIOS", "#EDC948"),
    ("MPI", "#BAB0AC"),
];

/// The SVG element names counted against the bound.
const SVG_TAGS: [&str; 9] = [
    "rect", "path", "polyline", "line", "text", "image", "circle", "polygon", "g",
];

macro_rules! need_chromium {
    () => {
        if !have_program("chromium") {
            eprintln!("skipped: chromium not found on PATH (scripts/setup.sh installs it)");
            return;
        }
    };
}

fn launcher(args: &[&str], cwd: &Path) -> Run {
    let mut c = command(&build().launcher, cwd);
    c.args(args);
    run(&mut c)
}

fn report(trace: &Path, out: &Path, extra: &[&str]) -> Run {
    let mut args = vec![
        "report".to_string(),
        "-q".into(),
        // The overlaps are only computed when asked; the tests check their section too.
        "--conflicts".into(),
        trace.display().to_string(),
        "-o".into(),
        out.display().to_string(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    let a: Vec<&str> = args.iter().map(String::as_str).collect();
    launcher(&a, trace.parent().unwrap_or(Path::new("/")))
}

fn summary_json(trace: &Path, extra: &[&str]) -> Value {
    let mut args = vec!["summary", "-q", "--json", "--conflicts"];
    let t = trace.display().to_string();
    args.push(&t);
    args.extend(extra);
    let r = launcher(&args, trace.parent().unwrap_or(Path::new("/")));
    r.assert_ok("recorder-otf2 summary --json");
    serde_json::from_str(&r.stdout).expect("summary --json is JSON")
}

// ------------------------------------------------------------------------------ chromium

/// A screenshot of the page (1400 × 4000), checked to be a PNG of some substance.
fn screenshot(dir: &TestDir, html: &Path, png: &Path) {
    let mut c = chromium(dir, "shot");
    c.arg(format!("--screenshot={}", png.display()))
        .arg("--window-size=1400,4000")
        .arg(format!("file://{}", html.display()));
    run(&mut c).assert_ok("chromium --screenshot");
    let b = std::fs::read(png).expect("the screenshot is written");
    assert!(
        b.starts_with(b"\x89PNG\r\n\x1a\n") && b.len() > 20_000,
        "{}: not a screenshot of a page with plots ({} bytes)",
        png.display(),
        b.len()
    );
}

/// Everything every report must satisfy; returns the DOM.
fn check_report(dir: &TestDir, trace: &Path, html: &Path, extra: &[&str]) -> String {
    let page = std::fs::read_to_string(html).expect("the report is written");
    assert!(page.starts_with("<!DOCTYPE html>"), "not an HTML page");
    // Self-contained: nothing to fetch.
    for bad in ["http://", "https://", "//cdn", "@import", "url("] {
        assert!(!page.contains(bad), "the report refers to {bad}");
    }
    for key in [" src=\"", " href=\""] {
        for (i, _) in page.match_indices(key) {
            let v = &page[i + key.len()..];
            assert!(
                v.starts_with("data:") || v.starts_with('#'),
                "the report loads {}",
                &v[..v.len().min(60)]
            );
        }
    }
    let (dom, log) = dump_dom(dir, html);
    screenshot(dir, html, &dir.join("report.png"));
    // The scripts ran, without error (the page records errors on its root element; chromium
    // logs console messages as "INFO:CONSOLE:<line>] ...").
    let root = element(&dom, "<html", "html").expect("an html element");
    assert_eq!(
        attr(root, "data-ready").as_deref(),
        Some("1"),
        "the page's script did not finish"
    );
    assert_eq!(attr(root, "data-errors"), None, "script errors in the page");
    for l in log.lines() {
        assert!(
            !(l.contains("Uncaught") || l.to_lowercase().contains("console")),
            "chromium reports a page error: {l}"
        );
    }
    // Every section, every plot drawn.
    for id in ["insights", "tables"] {
        section(&dom, id);
    }
    for (id, tag) in PLOTS {
        let s = section(&dom, id);
        assert!(count_tag(s, "svg") >= 1, "{id}: no plot");
        assert!(count_tag(s, &tag[1..]) >= 1, "{id}: nothing drawn ({tag})");
        assert!(
            !s.contains("class=\"empty\""),
            "{id}: says it has nothing to show"
        );
        // A caption under every plot, saying what is summed and over what.
        let caps: Vec<&str> = s
            .match_indices("<figcaption>")
            .filter_map(|(i, _)| element(&s[i..], "<figcaption", "figcaption"))
            .collect();
        assert!(!caps.is_empty(), "{id}: no caption");
        assert!(
            count_tag(s, "figure") == caps.len() && count_tag(s, "svg") >= caps.len(),
            "{id}: a plot without a caption"
        );
        for c in &caps {
            assert!(text(c).len() > 40, "{id}: a caption that says little: {c}");
        }
        // Values on hover: a title per mark, or the script's hover area.
        let hover = count_tag(s, "title") + s.matches(" data-hover=\"").count();
        assert!(hover >= 1, "{id}: nothing shows a value on hover");
    }
    check_one_time_unit(&dom);
    // The tables and the overview say what summary --json says.
    let j = summary_json(trace, extra);
    let ov = element(&dom, "<dl id=\"overview\"", "dl").expect("the overview");
    for k in [
        "processes",
        "mpi_ranks",
        "calls",
        "ops",
        "span_s",
        "complete",
    ] {
        let i = ov
            .find(&format!("data-k=\"{k}\""))
            .unwrap_or_else(|| panic!("overview {k}"));
        let v = attr(&ov[ov[..i].rfind('<').unwrap()..], "data-v").unwrap();
        assert_eq!(v, raw(&j[k]), "overview {k}");
    }
    check_table(&dom, "table-layers", &j, "layers");
    check_table(&dom, "table-files", &j, "files");
    check_table(&dom, "table-functions", &j, "functions");
    check_table(&dom, "table-ranks", &j, "ranks");
    check_conflicts(&dom, &j);
    let n = check_table(&dom, "table-breakdown", &j, "breakdown");
    // The layers beneath each high-level call.
    let table = element(&dom, "<table id=\"table-breakdown\"", "table").unwrap();
    let mut rest = table;
    let mut checked = 0;
    while let Some(p) = rest.find("<tr data-i=\"") {
        let tr = element(&rest[p..], "<tr", "tr").unwrap();
        let i: usize = attr(tr, "data-i").unwrap().parse().unwrap();
        let want = j["breakdown"][i]["beneath"].as_array().unwrap();
        let spans: Vec<&str> = tr
            .match_indices("<span class=\"beneath\"")
            .map(|(q, _)| &tr[q..])
            .collect();
        assert_eq!(spans.len(), want.len(), "breakdown row {i}: layers beneath");
        for (s, w) in spans.iter().zip(want) {
            for k in ["layer", "time_s", "ops", "bytes"] {
                assert_eq!(
                    attr(s, &format!("data-{k}")).unwrap(),
                    raw(&w[k]),
                    "breakdown row {i} {k}"
                );
            }
        }
        checked += 1;
        rest = &rest[p + tr.len()..];
    }
    assert_eq!(checked, n);
    if !j["slowest_rank"].is_null() {
        let p = element(&dom, "<p id=\"slowest\"", "p").expect("the slowest process");
        assert_eq!(
            attr(p, "data-label").unwrap(),
            raw(&j["slowest_rank"]["label"])
        );
        assert_eq!(
            attr(p, "data-v").unwrap(),
            raw(&j["slowest_rank"]["time_s"])
        );
    }
    // The insights, in order, with their suggestions.
    let ins = section(&dom, "insights");
    let arts: Vec<&str> = ins
        .match_indices("<article")
        .map(|(q, _)| &ins[q..])
        .collect();
    let want = j["insights"].as_array().unwrap();
    assert_eq!(arts.len(), want.len(), "insights shown");
    for (a, w) in arts.iter().zip(want) {
        let a = element(a, "<article", "article").unwrap();
        assert_eq!(attr(a, "data-code").unwrap(), raw(&w["code"]));
        let t = text(a);
        for k in ["message", "suggestion", "rule"] {
            assert!(
                t.contains(w[k].as_str().unwrap()),
                "insight {}: no {k} in {t}",
                w["code"]
            );
        }
    }
    dom
}

/// Every time axis (a description ending in "(s)", "(ms)" or "(µs)") and every time in the
/// tables is in one unit.
fn check_one_time_unit(dom: &str) {
    let mut units = std::collections::BTreeSet::new();
    for t in svg_texts(dom) {
        for u in ["s", "ms", "µs"] {
            if t.ends_with(&format!("({u})")) {
                units.insert(u.to_string());
            }
        }
    }
    for k in [
        "time_s",
        "exclusive_time_s",
        "io_time_s",
        "meta_time_s",
        "mpi_time_s",
    ] {
        let key = format!("<td data-k=\"{k}\"");
        for (i, _) in dom.match_indices(&key) {
            let td = element(&dom[i..], "<td", "td").unwrap();
            let shown = text(td);
            if let Some(u) = shown.trim().rsplit(' ').next() {
                units.insert(u.to_string());
            }
        }
    }
    assert_eq!(units.len(), 1, "time units in the report: {units:?}");
}

/// The `<title>` texts (hover values) of the elements in `s`.
fn titles(s: &str) -> Vec<String> {
    s.match_indices("<title>")
        .filter_map(|(i, _)| element(&s[i..], "<title", "title"))
        .map(|t| text(t).trim().to_string())
        .collect()
}

/// The trimmed texts of the SVG `<text>` elements in `s`.
fn svg_texts(s: &str) -> Vec<String> {
    s.match_indices("<text ")
        .filter_map(|(i, _)| element(&s[i..], "<text", "text"))
        .map(|t| text(t).trim().to_string())
        .collect()
}

/// Fill colours (or strokes) of a layer's marks in a section.
fn marks_of(s: &str, layer: &str) -> usize {
    let c = LAYER_COLORS.iter().find(|x| x.0 == layer).unwrap().1;
    s.matches(&format!("fill=\"{c}\"")).count() + s.matches(&format!("stroke=\"{c}\"")).count()
}

fn svg_elements(page: &str) -> usize {
    let mut n = 0;
    let mut rest = page;
    while let Some(i) = rest.find("<svg") {
        let j = rest[i..].find("</svg>").expect("closed svg") + i;
        n += 1 + SVG_TAGS
            .iter()
            .map(|t| count_tag(&rest[i..j], t))
            .sum::<usize>();
        rest = &rest[j..];
    }
    n
}

// ------------------------------------------------------------------------------ tests

/// POSIX and stdio (workload.c): every section, tables equal to the summary's, an insight
/// (a threshold lowered through --config) with its suggestion.
#[test]
fn report_of_posix_and_stdio_program() {
    need_chromium!();
    let dir = TestDir::new("report-posix");
    let prog = compile(&dir, "workload", &[]);
    let trace = dir.join("trace");
    run_traced_ok(&prog, &dir, &trace, &[]);
    let config = dir.join("thresholds.yaml");
    std::fs::write(&config, "small_request_min: 1\n").unwrap();
    let cfg = ["--config", config.to_str().unwrap()];
    let html = dir.join("report.html");
    let r = report(&trace, &html, &cfg);
    r.assert_ok("recorder-otf2 report");
    assert!(r.stderr.trim().is_empty(), "report printed: {}", r.stderr);
    let dom = check_report(&dir, &trace, &html, &cfg);
    // What this program did, in the plots.
    let sizes = section(&dom, "plot-sizes");
    for l in ["POSIX", "ISOC"] {
        assert!(
            sizes.contains(&format!("<figcaption>{l}: ")),
            "sizes: no {l}"
        );
    }
    let offsets = section(&dom, "plot-offsets");
    assert!(offsets.contains("work_posix.dat") && offsets.contains("work_stdio.dat"));
    let heat = section(&dom, "plot-heatmap");
    assert!(heat.contains("<h3>POSIX</h3>") && heat.contains("<h3>ISOC</h3>"));
    assert!(heat.contains("href=\"data:image/png;base64,"));
    let ranks = section(&dom, "plot-ranks");
    assert!(marks_of(ranks, "POSIX") >= 1 && marks_of(ranks, "ISOC") >= 1);
    let bw = section(&dom, "plot-bandwidth");
    assert!(marks_of(bw, "POSIX") >= 1 && marks_of(bw, "ISOC") >= 1);
    // The stdio calls' breakdown: fwrite -> POSIX write.
    let bd = section(&dom, "plot-breakdown");
    let calls = svg_texts(bd);
    assert!(
        calls.iter().any(|t| t == "fwrite ×4"),
        "breakdown: {calls:?}"
    );
    let ins = section(&dom, "insights");
    assert!(
        ins.contains("data-code=\"F01\""),
        "the small-requests insight is missing"
    );
}

/// MPI-IO at 4 ranks (mpi_io_all.c): one bar and one heat-map row per rank, the MPI-IO calls'
/// breakdown down to POSIX.
#[test]
fn report_of_mpi_io_at_4_ranks() {
    need_chromium!();
    if !have_mpirun() {
        eprintln!("skipped: mpirun not found on PATH");
        return;
    }
    let dir = TestDir::new("report-mpi");
    let prog = compile_mpi(&dir, "mpi_io_all.c", &[]);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    run(mpirun(4, dir.path(), &trace, &[]).arg(&prog).arg(&data))
        .assert_ok("traced mpi_io_all at 4 ranks");
    let html = dir.join("report.html");
    report(&trace, &html, &[]).assert_ok("recorder-otf2 report");
    let dom = check_report(&dir, &trace, &html, &[]);
    let j = summary_json(&trace, &[]);
    assert_eq!(j["mpi_ranks"], 4);
    // One bar per rank (the MPI-IO layer's time), labelled 0..3, no grouping.
    let ranks = section(&dom, "plot-ranks");
    assert_eq!(marks_of(ranks, "MPI-IO"), 4, "one MPI-IO bar per rank");
    let labels = svg_texts(ranks);
    for r in 0..4 {
        assert!(
            labels.contains(&r.to_string()),
            "rank {r} label: {labels:?}"
        );
    }
    assert!(!ranks.contains("groups"), "4 ranks are not grouped");
    // The bars in rank order, as the processes table below lists them, each with its time.
    let bars: Vec<String> = titles(ranks)
        .into_iter()
        .filter(|t| t.contains("MPI-IO: "))
        .collect();
    let want: Vec<String> = (0..4).map(|r| format!("rank {r}, MPI-IO: ")).collect();
    assert_eq!(bars.len(), 4, "{bars:?}");
    for (b, w) in bars.iter().zip(&want) {
        assert!(b.starts_with(w.as_str()), "bar {b}, want {w}");
    }
    let table = element(&dom, "<table id=\"table-ranks\"", "table").unwrap();
    let order: Vec<u64> = table
        .match_indices("<td data-k=\"rank\" data-v=\"")
        .map(|(i, _)| attr(&table[i..], "data-v").unwrap().parse().unwrap())
        .collect();
    assert_eq!(order, vec![0, 1, 2, 3], "processes table order");
    // A heat map for MPI-IO and POSIX, a row label per rank.
    let heat = section(&dom, "plot-heatmap");
    for l in ["MPI-IO", "POSIX"] {
        let i = heat
            .find(&format!("<h3>{l}</h3>"))
            .unwrap_or_else(|| panic!("no {l} heat map"));
        let svg = element(&heat[i..], "<svg", "svg").unwrap();
        assert_eq!(count_tag(svg, "image"), 1);
        let labels = svg_texts(svg);
        for r in 0..4 {
            assert!(
                labels.contains(&r.to_string()),
                "{l} heat map: rank {r}: {labels:?}"
            );
        }
    }
    // The breakdown plot: the 8 costliest high-level calls of the summary, in its order, the
    // layers beneath each.
    let bd = section(&dom, "plot-breakdown");
    let texts = svg_texts(bd);
    let calls: Vec<&String> = texts.iter().filter(|t| t.contains(" ×")).collect();
    let want: Vec<String> = j["breakdown"]
        .as_array()
        .unwrap()
        .iter()
        .take(8)
        .map(|b| format!("{} ×{}", raw(&b["call"]), b["count"]))
        .collect();
    assert_eq!(
        calls,
        want.iter().collect::<Vec<_>>(),
        "breakdown plot's calls"
    );
    let beneath: usize = j["breakdown"]
        .as_array()
        .unwrap()
        .iter()
        .take(8)
        .map(|b| {
            b["beneath"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|x| x["layer"] != b["layer"])
                .count()
        })
        .sum();
    let rows = texts.iter().filter(|t| t.starts_with("└ ")).count();
    assert!(
        rows >= beneath,
        "breakdown plot: {rows} rows beneath, want {beneath} at least"
    );
    assert!(marks_of(bd, "POSIX") >= 1 && marks_of(bd, "MPI-IO") >= 1);
    let offsets = section(&dom, "plot-offsets");
    assert!(offsets.contains("all.dat"));
}

/// A missing trace and an existing output without --force: one line naming the file, a
/// non-zero exit, nothing left behind.
#[test]
fn report_bad_input() {
    let dir = TestDir::new("report-bad");
    let out_dir = dir.subdir("out");
    let missing = dir.join("no-such-trace");
    let html = out_dir.join("r.html");
    let r = report(&missing, &html, &[]);
    assert_ne!(r.code(), Some(0));
    let lines = r.stderr_lines();
    assert_eq!(lines.len(), 1, "{:?}", lines);
    assert!(lines[0].contains(missing.to_str().unwrap()), "{}", lines[0]);
    assert_eq!(
        std::fs::read_dir(&out_dir).unwrap().count(),
        0,
        "something was left behind"
    );

    // A real trace, and an output that exists.
    let prog = compile(&dir, "workload", &[]);
    let trace = dir.join("trace");
    run_traced_ok(&prog, &dir, &trace, &[]);
    std::fs::write(&html, "keep me").unwrap();
    let r = report(&trace, &html, &[]);
    assert_ne!(r.code(), Some(0));
    let lines = r.stderr_lines();
    assert_eq!(lines.len(), 1, "{:?}", lines);
    assert!(
        lines[0].contains(html.to_str().unwrap()) && lines[0].contains("--force"),
        "{}",
        lines[0]
    );
    assert_eq!(std::fs::read_to_string(&html).unwrap(), "keep me");
    let names: Vec<PathBuf> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(names, vec![html.clone()], "something was left behind");
    // An output folder that does not exist is made (as export, extrapolate and replay
    // make theirs).
    let nowhere = dir.join("nowhere/r.html");
    report(&trace, &nowhere, &[]).assert_ok("report into a new folder");
    assert!(std::fs::read_to_string(&nowhere)
        .unwrap()
        .starts_with("<!DOCTYPE html>"));
    // --force replaces it, with nothing left beside it.
    report(&trace, &html, &["--force"]).assert_ok("report --force");
    assert!(std::fs::read_to_string(&html)
        .unwrap()
        .starts_with("<!DOCTYPE html>"));
    let names: Vec<PathBuf> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(names, vec![html], "a temporary file was left behind");
}

/// 200,000 small writes in one process and 100 more processes: the page's SVG elements and
/// size stay bounded, processes are grouped into at most 64 bars and heat-map rows.
#[test]
fn report_size_is_bounded() {
    need_chromium!();
    let dir = TestDir::new("report-bounded");
    let prog = compile(&dir, "writer_loop", &[]);
    let trace = dir.join("trace");
    let p = prog.display();
    let d = dir.str();
    let script = format!(
        "{p} {d} 200000 >/dev/null && mkdir -p {d}/many && \
         for i in $(seq 100); do mkdir -p {d}/many/$i && {p} {d}/many/$i 20 >/dev/null || exit 1; done"
    );
    let mut c = traced("/bin/sh", dir.path(), &trace);
    c.args(["-c", &script]);
    run(&mut c).assert_ok("traced writer loops");
    let html = dir.join("report.html");
    report(&trace, &html, &[]).assert_ok("recorder-otf2 report");
    let page = std::fs::read_to_string(&html).unwrap();
    let j = summary_json(&trace, &[]);
    assert!(
        j["ops"].as_u64().unwrap() >= 200_000 + 100 * 20,
        "ops: {}",
        j["ops"]
    );
    let procs = j["processes"].as_u64().unwrap();
    assert!(procs > 100, "processes: {procs}");
    let n = svg_elements(&page);
    eprintln!(
        "{} operations, {procs} processes: {} bytes, {n} SVG elements",
        j["ops"],
        page.len()
    );
    assert!(n < 4000, "{n} SVG elements");
    assert!(page.len() < 1_500_000, "{} bytes", page.len());
    // Grouped: at most 64 bars per layer, 64 rows per heat map.
    let ranks = section(&page, "plot-ranks");
    assert!(
        ranks.contains(&format!("{procs} processes in 64 groups")),
        "no grouping note"
    );
    assert!(marks_of(ranks, "POSIX") <= 64);
    let heat = section(&page, "plot-heatmap");
    assert!(
        heat.contains(&format!("{procs} processes in 64 rows")),
        "no grouping note"
    );
    let dom = check_report(&dir, &trace, &html, &[]);
    assert!(svg_elements(&dom) < 4000);
}

/// 200,000 one-byte pwrites cycling over 1,024 offsets (cyclic_offsets.c): in every tenth of
/// the run in which the program covered the whole cycle, the offsets plot draws marks in at
/// least 29 of 32 offset bands (a thinning that aliased with the cycle drew 15 rows in all);
/// the sizes plot's bar says 200,000 writes on hover.
#[test]
fn report_offsets_keep_a_cyclic_shape() {
    need_chromium!();
    let dir = TestDir::new("report-cyclic");
    let prog = compile(&dir, "cyclic_offsets", &[]);
    let trace = dir.join("trace");
    let (n, period) = (200_000u64, 1024u64);
    let data = dir.subdir("data");
    run(traced(&prog, dir.path(), &trace)
        .arg(&data)
        .arg(n.to_string())
        .arg(period.to_string()))
    .assert_ok("traced cyclic_offsets");
    let html = dir.join("report.html");
    report(&trace, &html, &[]).assert_ok("recorder-otf2 report");
    let dom = check_report(&dir, &trace, &html, &[]);
    // The truth: the program's writes as recorded (time in µs, offset = i mod 1024).
    let writes: Vec<(f64, u64)> = text_dump(&trace)
        .lines()
        .filter(|l| l.contains("pwrite(fd="))
        .map(|l| {
            let t: f64 = l.split_whitespace().next().unwrap().parse().unwrap();
            let off = l.split("offset=").nth(1).unwrap();
            (t / 1e3, off[..off.find(')').unwrap()].parse().unwrap())
        })
        .collect();
    assert_eq!(writes.len() as u64, n);
    for (i, w) in writes.iter().enumerate() {
        assert_eq!(w.1, i as u64 % period, "write {i}");
    }
    let (t0, t1) = (writes[0].0, writes[writes.len() - 1].0);
    let window = |t: f64| (((t - t0) / (t1 - t0) * 10.0) as usize).min(9);
    let band = |off: f64| ((off / period as f64 * 32.0) as usize).min(31);
    let mut truth = vec![std::collections::BTreeSet::new(); 10];
    for (t, off) in &writes {
        truth[window(*t)].insert(band(*off as f64));
    }
    // The drawn strokes: pixels back to time (ms) and offset through the plot's axes.
    let offsets = section(&dom, "plot-offsets");
    let fig = element(offsets, "<figure", "figure").unwrap();
    assert!(fig.contains("cyclic.dat"), "the busiest file is cyclic.dat");
    let area = &fig[fig.find("<rect class=\"hover\"").expect("a hover area")..];
    let px = |k: &str| -> f64 { attr(area, k).unwrap().parse().unwrap() };
    let (x, y, w, h) = (px("x"), px("y"), px("width"), px("height"));
    let axes: Value = serde_json::from_str(&attr(area, "data-hover").unwrap()).unwrap();
    assert_eq!(axes["xu"], "ms", "a 200,000-write run is timed in ms");
    let xs = (
        axes["x"][0].as_f64().unwrap(),
        axes["x"][1].as_f64().unwrap(),
    );
    let ytop = axes["y"][1].as_f64().unwrap();
    let yunit = match axes["yu"].as_str().unwrap() {
        "B" => 1.0,
        "KiB" => 1024.0,
        u => panic!("offset unit {u}"),
    };
    let d = attr(
        &fig[fig
            .find("stroke=\"#E15759\"")
            .map(|i| fig[..i].rfind("<path").unwrap())
            .expect("writes drawn")..],
        "d",
    )
    .unwrap();
    let mut drawn = vec![std::collections::BTreeSet::new(); 10];
    for m in d.split('M').filter(|m| !m.is_empty()) {
        let (p, _) = m.split_once('V').unwrap();
        let (sx, sy) = p.split_once(' ').unwrap();
        let (sx, sy): (f64, f64) = (sx.parse().unwrap(), sy.parse().unwrap());
        let t = xs.0 + (sx - x) / w * (xs.1 - xs.0);
        let off = (y + h - sy) / h * ytop * yunit;
        drawn[window(t)].insert(band(off));
    }
    let mut full = 0;
    for k in 0..10 {
        eprintln!(
            "window {k}: {} bands written, {} drawn",
            truth[k].len(),
            drawn[k].len()
        );
        if truth[k].len() == 32 {
            full += 1;
            assert!(
                drawn[k].len() >= 29,
                "window {k}: {} of 32 bands drawn",
                drawn[k].len()
            );
        }
    }
    assert!(full >= 5, "only {full} windows with the whole cycle");
    // The sizes plot's bar: 200,000 POSIX writes of at most 100 bytes.
    let bars = titles(section(&dom, "plot-sizes"));
    assert!(
        bars.contains(&format!("POSIX writes of 0-100 bytes: {n} requests")),
        "{bars:?}"
    );
}
