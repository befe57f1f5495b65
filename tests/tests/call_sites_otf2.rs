//! Call sites in the OTF2 archive (issue 29; docs/otf2-mapping.md, "Call sites"): each
//! outermost call's Enter carries a CALLING_CONTEXT attribute naming the traced region under
//! the program function at the source line of the call. The expected lines come from the
//! programs' markers (`SITE:...`), the counts from their arithmetic; `otf2-print` and the
//! Python reader (the checker's dump) must give the same pairs.

use e2e_tests::*;
use std::collections::BTreeMap;
use std::path::Path;

/// The 1-based line of the source line holding `marker`.
fn marker_line(program: &str, marker: &str) -> u32 {
    let src = std::fs::read_to_string(build().programs.join(program)).expect("program source");
    let tag = format!("/* {marker} */");
    let at = src.lines().position(|l| l.contains(&tag));
    at.unwrap_or_else(|| panic!("no {marker} in {program}")) as u32 + 1
}

/// (traced region, program function, source file's base name, line).
type Pair = (String, String, String, u32);

fn base(path: &str) -> String {
    path.rsplit('/').next().unwrap_or(path).to_string()
}

/// Per pair, the outermost Enters carrying it, as the Python reader gives them; and the
/// outermost Enters without one.
fn python_pairs(a: &Archive) -> (BTreeMap<Pair, u64>, u64) {
    let (mut pairs, mut without) = (BTreeMap::new(), 0);
    for e in a.events_of("Enter") {
        if e.enclosing_region.is_some() {
            assert!(
                !e.attributes.contains_key("CALLING_CONTEXT"),
                "a call beneath another carries a context: {e:?}"
            );
            continue;
        }
        let Some(c) = e.attributes.get("CALLING_CONTEXT") else {
            without += 1;
            continue;
        };
        let s = |k: &str| c[k].as_str().unwrap_or_default().to_string();
        assert_eq!(Some(s("region").as_str()), e.region.as_deref(), "{c}");
        let line = c["line"].as_u64().unwrap_or(0) as u32;
        *pairs
            .entry((s("region"), s("function"), base(&s("file")), line))
            .or_insert(0) += 1;
    }
    (pairs, without)
}

/// The text after `key: ` up to the next `, ` (otf2-print's definition fields).
fn field<'a>(line: &'a str, key: &str) -> &'a str {
    let rest = &line[line
        .find(key)
        .unwrap_or_else(|| panic!("no {key} in {line}"))
        + key.len()..];
    rest.split(", ").next().unwrap_or(rest).trim()
}

/// The number after the last `<` of a field (`"pwrite" <2>` -> 2; None for UNDEFINED).
fn ref_id(f: &str) -> Option<u64> {
    let (_, r) = f.rsplit_once('<')?;
    r.trim_end_matches('>').parse().ok()
}

/// Text between the first pair of quotes.
fn quoted(f: &str) -> &str {
    f.split('"').nth(1).unwrap_or("")
}

/// The same pairs as [`python_pairs`], from `otf2-print` (definitions with -G, the
/// events' attributes from the plain listing).
fn otf2_print_pairs(archive: &Path) -> BTreeMap<Pair, u64> {
    let out = |args: &[&str]| {
        let mut c = command("otf2-print", Path::new("/"));
        c.args(args).arg(archive);
        let r = run(&mut c);
        r.assert_ok("otf2-print");
        r.stdout
    };
    let defs = out(&["-G"]);
    let (mut regions, mut locations, mut contexts) =
        (BTreeMap::new(), BTreeMap::new(), BTreeMap::new());
    for l in defs.lines() {
        let mut w = l.split_whitespace();
        let (Some(kind), Some(id)) = (w.next(), w.next().and_then(|i| i.parse::<u64>().ok()))
        else {
            continue;
        };
        match kind {
            "REGION" => {
                regions.insert(id, quoted(field(l, "Name:")).to_string());
            }
            "SOURCE_CODE_LOCATION" => {
                let line: u32 = field(l, "Line Number:").parse().expect("a line number");
                locations.insert(id, (base(quoted(field(l, "File:"))), line));
            }
            "CALLING_CONTEXT" => {
                let region = ref_id(field(l, "Region:")).expect("a region");
                let scl = ref_id(field(l, "Source code location:"));
                let parent = ref_id(field(l, "Parent:"));
                contexts.insert(id, (region, scl, parent));
            }
            _ => {}
        }
    }
    let mut pairs = BTreeMap::new();
    for l in out(&[]).lines() {
        let Some(at) = l.find("(\"CALLING_CONTEXT\"") else {
            continue;
        };
        let id = ref_id(l[at..].split(')').next().unwrap_or("")).expect("a context id");
        let (region, _, parent) = contexts[&id];
        let (function, scl, _) = contexts[&parent.expect("a frame above the call")];
        // Sites resolved to a function or an offset only (an MPI library's own I/O) have no
        // line: ("", 0), as the Python reader's pairs give them.
        let (file, line) = scl.map_or((String::new(), 0), |s| locations[&s].clone());
        let key = (
            regions[&region].clone(),
            regions[&function].clone(),
            file,
            line,
        );
        *pairs.entry(key).or_insert(0) += 1;
    }
    pairs
}

fn pair(region: &str, function: &str, file: &str, line: u32) -> Pair {
    (region.into(), function.into(), file.into(), line)
}

/// call_sites.c (-g -O1, N = 800): open and close from main, one write from write_header,
/// 800 pwrite from write_block, each on its marked line; every outermost call has one.
#[test]
fn outermost_calls_carry_their_function_and_line() {
    let dir = TestDir::new("call_sites_otf2");
    let prog = compile(&dir, "call_sites", &["-g", "-O1"]);
    let trace = dir.join("trace");
    let data = dir.join("data.bin");
    let n = 800u64;
    let mut c = traced(&prog, dir.path(), &trace);
    c.arg(&data).arg(n.to_string());
    run(&mut c).assert_ok("traced call_sites");
    let file = "call_sites.c";
    let line = |m: &str| marker_line(file, m);
    let want: BTreeMap<Pair, u64> = [
        (pair("open", "main", file, line("SITE:open")), 1),
        (pair("write", "write_header", file, line("SITE:header")), 1),
        (pair("pwrite", "write_block", file, line("SITE:block")), n),
        (pair("close", "main", file, line("SITE:close")), 1),
    ]
    .into_iter()
    .collect();

    let out = dir.join("cs.otf2");
    let a = convert_and_check(&trace, &out);
    let (got, without) = python_pairs(&a);
    assert_eq!(
        got, want,
        "the Python reader's (region, function, file, line)"
    );
    assert_eq!(without, 0, "outermost calls without a context");
    assert_eq!(otf2_print_pairs(&out), want, "otf2-print's");
    // The traced regions stay one per function; the functions are regions never entered.
    let count = |name: &str| a.regions.iter().filter(|r| r.name == name).count();
    assert_eq!(count("pwrite"), 1);
    assert_eq!(count("write_block"), 1);
    let entered = a
        .events_of("Enter")
        .iter()
        .filter(|e| e.region.as_deref() == Some("write_block"))
        .count();
    assert_eq!(entered, 0, "the program functions are not entered");
    // One source code location per line.
    let dump: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.with_extension("json")).unwrap())
            .unwrap();
    let mut lines: Vec<u64> = dump["source_code_locations"]
        .as_array()
        .expect("source code locations")
        .iter()
        .map(|l| l["line"].as_u64().unwrap())
        .collect();
    lines.sort_unstable();
    let mut marked: Vec<u64> = ["SITE:header", "SITE:block", "SITE:open", "SITE:close"]
        .iter()
        .map(|m| line(m) as u64)
        .collect();
    marked.sort_unstable();
    assert_eq!(lines, marked);

    // Converted with several workers: the same pairs.
    let threaded = dir.join("cs4.otf2");
    convert_raw(&trace, &threaded, &["--threads", "4"]).assert_ok("recorder2otf2 --threads 4");
    assert_eq!(otf2_print_pairs(&threaded), want, "with 4 workers");
}

/// Two MPI ranks pwriting from the same line, converted by the distributed converter
/// (`mpirun -np 2 recorder2otf2`): one source code location for the line, each rank's calls
/// in the context of that line.
#[test]
fn ranks_share_one_source_code_location_per_line() {
    if !have_mpirun() {
        eprintln!("skipped: no mpirun.openmpi");
        return;
    }
    let dir = TestDir::new("call_sites_otf2_mpi");
    let prog = compile_mpi(&dir, "call_sites_mpi.c", &["-g", "-O1"]);
    let trace = dir.join("trace");
    let n = 50u64;
    let mut c = mpirun(2, dir.path(), &trace, &[]);
    c.arg(&prog).arg(dir.path()).arg(n.to_string());
    run(&mut c).assert_ok("mpirun -np 2 call_sites_mpi");
    let out = dir.join("mpi.otf2");
    let mut c = mpirun_untraced(2, dir.path());
    c.arg(&build().to_otf2).arg("--quiet").arg(&trace).arg(&out);
    run(&mut c).assert_ok("mpirun -np 2 recorder2otf2");
    let a = check(&out);
    let file = "call_sites_mpi.c";
    let line = marker_line(file, "SITE:mpi_block");

    let dump: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.with_extension("json")).unwrap())
            .unwrap();
    let at_line: Vec<&serde_json::Value> = dump["source_code_locations"]
        .as_array()
        .expect("source code locations")
        .iter()
        .filter(|l| l["line"].as_u64() == Some(line as u64))
        .collect();
    assert_eq!(
        at_line.len(),
        1,
        "source code locations of line {line}: {at_line:?}"
    );
    assert_eq!(base(at_line[0]["file"].as_str().unwrap()), file);
    // Per rank, n pwrite from write_blocks at that line.
    let mut per_group: BTreeMap<u64, u64> = BTreeMap::new();
    for e in a.events_of("Enter") {
        let Some(c) = e.attributes.get("CALLING_CONTEXT") else {
            continue;
        };
        if c["region"] == "pwrite" {
            assert_eq!(c["function"], "write_blocks", "{c}");
            assert_eq!(c["line"].as_u64(), Some(line as u64), "{c}");
            *per_group.entry(e.group).or_insert(0) += 1;
        }
    }
    assert_eq!(per_group.values().copied().collect::<Vec<_>>(), vec![n, n]);
    let want = pair("pwrite", "write_blocks", file, line);
    assert_eq!(
        otf2_print_pairs(&out).get(&want),
        Some(&(2 * n)),
        "otf2-print"
    );
}
