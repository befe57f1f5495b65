//! `recorder-otf2 conflicts` on overlaps made through I/O libraries, with the layer chain of
//! every call: parallel HDF5 (tests/programs/conflicts_h5.c) and PnetCDF
//! (tests/programs/conflicts_pnc.c), at 2 and 4 ranks. In both, rank 0 writes a whole 1-D
//! int dataset / variable of P*4096 bytes, then after a barrier rank r >= 1 reads its own
//! 4096 bytes: one RAW pair (0, r) per reader in the data's bytes, which the programs print
//! the file offset of. The libraries' own metadata (HDF5's superblock and object headers,
//! the netCDF header) may overlap too, outside the data: only the pairs whose overlap lies
//! inside the data are asserted, all of them, with their ranges and chains.
//!
//! The chains found (outermost first):
//!   HDF5 (MPI-IO driver, independent transfer), at MPI-IO and POSIX:
//!     H5Dwrite → MPI_File_write_at → pwrite   then   H5Dread → MPI_File_read_at → pread
//!   PnetCDF (collective calls):
//!     ncmpi_put_vara_int_all → MPI_File_write_at_all → pwrite
//!     then ncmpi_get_vara_int_all → MPI_File_read_at_all → pread
//!   At PnetCDF's POSIX layer Open MPI's collective buffering shows: an aggregator reads the
//!   readers' bytes (at 4 ranks rank 0 in one pread: one pair RAW (0, 0) over them all; at 2
//!   ranks rank 1 its own), so there the pairs tile the readers' bytes, by whichever rank
//!   Open MPI chose; at MPI-IO the pairs are (0, r).
//! Each layer is checked on its own with `--layer`; by default (all layers) the POSIX
//! operations made inside the MPI-IO calls are left to them: the pairs are reported once,
//! at MPI-IO, and the POSIX entry of the file has none.
//! Under mpi-io semantics every cross-rank data pair is a violation (a barrier, no sync);
//! the same-process pair is not (program order). The summary's section and the HTML report
//! show each rank pair's example (at MPI-IO): its kind and the two chains.

use e2e_tests::conflicts::{file, u};
use e2e_tests::html::{check_conflicts, dump_dom, element, rows, section};
use e2e_tests::*;
use serde_json::Value;
use std::path::PathBuf;

macro_rules! need {
    ($cond:expr, $what:expr) => {
        if !$cond {
            eprintln!("skipped: {}", $what);
            return;
        }
    };
}

/// Bytes each rank reads (N = 1024 ints).
const SLICE: u64 = 4096;

/// One library's program and the calls it makes at each layer.
struct Lib {
    name: &'static str,
    program: &'static str,
    pkg: &'static str,
    file: &'static str,
    /// Outermost calls of the write and of the read, then their MPI-IO calls.
    write: &'static str,
    read: &'static str,
    write_mpiio: &'static str,
    read_mpiio: &'static str,
    /// Whether collective buffering makes rank 0 read the readers' bytes at POSIX.
    aggregated: bool,
}

const HDF5: Lib = Lib {
    name: "h5",
    program: "conflicts_h5.c",
    pkg: "hdf5-openmpi",
    file: "c.h5",
    write: "H5Dwrite",
    read: "H5Dread",
    write_mpiio: "MPI_File_write_at",
    read_mpiio: "MPI_File_read_at",
    aggregated: false,
};

const PNETCDF: Lib = Lib {
    name: "pnc",
    program: "conflicts_pnc.c",
    pkg: "pnetcdf",
    file: "c.nc",
    write: "ncmpi_put_vara_int_all",
    read: "ncmpi_get_vara_int_all",
    write_mpiio: "MPI_File_write_at_all",
    read_mpiio: "MPI_File_read_at_all",
    aggregated: true,
};

impl Lib {
    fn chains(&self, layer: &str) -> (Vec<&'static str>, Vec<&'static str>) {
        let mut w = vec![self.write, self.write_mpiio];
        let mut r = vec![self.read, self.read_mpiio];
        if layer == "POSIX" {
            w.push("pwrite");
            r.push("pread");
        }
        (w, r)
    }
}

/// A traced run: its directory, the file's path, the data's byte range and the trace.
struct Traced {
    dir: TestDir,
    path: String,
    data: (u64, u64),
    trace: PathBuf,
}

fn value_of(stdout: &str, key: &str) -> u64 {
    stdout
        .split_whitespace()
        .find_map(|w| w.strip_prefix(&format!("{key}=")))
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no {key}= in {stdout:?}"))
}

fn traced(lib: &Lib, np: u32) -> Option<Traced> {
    let t = traced_program(lib.name, lib.pkg, lib.program, lib.file, np)?;
    assert_eq!(t.data.1 - t.data.0, np as u64 * SLICE);
    Some(t)
}

/// `program` (built with pkg-config `pkg`, printing "offset=O bytes=B" of its data in
/// `file`) traced at `np` ranks under Open MPI; None without the package.
fn traced_program(name: &str, pkg: &str, program: &str, file: &str, np: u32) -> Option<Traced> {
    traced_program_with(name, pkg, program, file, np, &[])
}

/// The same with more arguments after the data folder.
fn traced_program_with(
    name: &str,
    pkg: &str,
    program: &str,
    file: &str,
    np: u32,
    args: &[&str],
) -> Option<Traced> {
    let libs = pkg_config(pkg)?;
    let dir = TestDir::new(&format!("conflicts-{name}-{np}"));
    let extra: Vec<&str> = libs.iter().map(String::as_str).collect();
    let prog = compile_mpi(&dir, program, &extra);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    // The library layers for the chains, `mpi` for happens-before under --semantics.
    let layers = [("RECORDER_OTF2_LAYERS", "posix,stdio,mpiio,hdf5,pnetcdf,mpi")];
    let r = run(mpirun(np, dir.path(), &trace, &layers)
        .arg(&prog)
        .arg(&data)
        .args(args));
    r.assert_ok(program);
    assert!(
        r.stdout.contains(&format!("done ranks={np} failures=0")),
        "{}",
        r.stdout
    );
    let (offset, bytes) = (value_of(&r.stdout, "offset"), value_of(&r.stdout, "bytes"));
    Some(Traced {
        path: format!("{}/{}", data.display(), file),
        data: (offset, offset + bytes),
        dir,
        trace,
    })
}

fn conflicts_run(t: &Traced, args: &[&str]) -> String {
    e2e_tests::conflicts::conflicts_run(&t.trace, args).stdout
}

fn conflicts_json(t: &Traced, args: &[&str]) -> Value {
    e2e_tests::conflicts::conflicts_json(&t.trace, args)
}

fn range(v: &Value) -> (u64, u64) {
    (u(&v[0]), u(&v[1]))
}

fn strings(v: &Value) -> Vec<String> {
    let a = v.as_array().unwrap_or_else(|| panic!("not an array: {v}"));
    a.iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

/// A pair of accesses as asserted: (kind, earlier rank, later rank, overlap, earlier range,
/// later range, earlier chain, later chain).
type PairRow = (
    String,
    u64,
    u64,
    (u64, u64),
    (u64, u64),
    (u64, u64),
    Vec<String>,
    Vec<String>,
);

/// A listed pair as a row; each call's function is the last of its chain, its root function
/// the first.
fn pair_row(kind: &str, p: &Value) -> PairRow {
    let side = |s: &str| {
        let c = &p[s];
        let chain = strings(&c["chain"]);
        assert_eq!(
            c["function"].as_str(),
            chain.last().map(String::as_str),
            "{c}"
        );
        assert_eq!(
            c["root_function"].as_str(),
            chain.first().map(String::as_str),
            "{c}"
        );
        (u(&c["rank"]), range(&c["range"]), chain)
    };
    let (e, l) = (side("earlier"), side("later"));
    (
        kind.into(),
        e.0,
        l.0,
        range(&p["overlap"]),
        e.1,
        l.1,
        e.2,
        l.2,
    )
}

/// The data pairs expected at `layer`: (0, r) per reader, rank r's own bytes.
fn expected(lib: &Lib, layer: &str, np: u64, (lo, hi): (u64, u64)) -> Vec<PairRow> {
    let (w, r) = lib.chains(layer);
    let s = |v: &[&str]| v.iter().map(|f| f.to_string()).collect::<Vec<_>>();
    (1..np)
        .map(|k| {
            let mine = (lo + k * SLICE, lo + (k + 1) * SLICE);
            ("RAW".into(), 0, k, mine, (lo, hi), mine, s(&w), s(&r))
        })
        .collect()
}

/// Where collective buffering reads for the readers (PnetCDF's POSIX layer), which ranks
/// aggregate is Open MPI's choice (rank 0 for all at 4 ranks, rank 1 for itself at 2): the
/// pairs are RAW from rank 0's one write, each read is the whole overlap, with the chains,
/// and the overlaps tile the readers' bytes [lo + SLICE, hi) exactly.
fn check_aggregated(lib: &Lib, got: &[PairRow], (lo, hi): (u64, u64)) {
    let (w, r) = lib.chains("POSIX");
    let mut at = lo + SLICE;
    for p in got {
        assert_eq!((p.0.as_str(), p.1, p.4), ("RAW", 0, (lo, hi)), "{p:?}");
        assert_eq!((p.3, p.3 .0), (p.5, at), "{p:?}");
        assert!(p.6 == w && p.7 == r, "{p:?}");
        at = p.3 .1;
    }
    assert_eq!(at, hi, "the readers' bytes covered: {got:?}");
}

fn inside((lo, hi): (u64, u64), (a, b): (u64, u64)) -> bool {
    lo <= a && b <= hi
}

/// With --details: every pair of the file at `layer` whose overlap lies in the data.
fn data_pairs(f: &Value, data: (u64, u64)) -> Vec<PairRow> {
    let mut out = Vec::new();
    for kind in ["RAW", "WAW", "WAR", "RAR"] {
        for g in f["pairs"][kind]["ranks"].as_array().unwrap() {
            for p in g["pairs"].as_array().expect("pairs with --details") {
                if inside(data, range(&p["overlap"])) {
                    out.push(pair_row(kind, p));
                }
            }
        }
    }
    out.sort();
    out
}

/// The data pairs at MPI-IO and at POSIX, checked.
type DataPairs = [Vec<PairRow>; 2];

const LAYERS: [&str; 2] = ["MPI-IO", "POSIX"];

/// `--layer`'s value for a layer's name.
fn layer_arg(layer: &str) -> &'static str {
    if layer == "MPI-IO" {
        "mpiio"
    } else {
        "posix"
    }
}

/// Whether the file at `layer` has an entry with pairs in `files` (conflicts --json or the
/// summary's section).
fn has_pairs(files: &Value, path: &str, layer: &str) -> bool {
    files.as_array().unwrap().iter().any(|f| {
        f["path"] == path && f["layer"] == layer && f["pairs_total"].as_u64().unwrap_or(0) > 0
    })
}

fn check_details(lib: &Lib, t: &Traced, np: u64) -> DataPairs {
    let found = LAYERS.map(|layer| {
        let v = conflicts_json(t, &["--details", "--layer", layer_arg(layer)]);
        let got = data_pairs(file(&v, &t.path, layer), t.data);
        if lib.aggregated && layer == "POSIX" {
            check_aggregated(lib, &got, t.data);
        } else {
            assert_eq!(
                got,
                expected(lib, layer, np, t.data),
                "{} {layer}",
                lib.name
            );
        }
        got
    });
    // All layers at once: the same pairs at MPI-IO, none left at POSIX beneath.
    let v = conflicts_json(t, &["--details"]);
    let all = data_pairs(file(&v, &t.path, "MPI-IO"), t.data);
    assert_eq!(all, found[0], "{} all layers", lib.name);
    assert!(!has_pairs(&v["files"], &t.path, "POSIX"), "{}", v["files"]);
    assert!(u(&v["skipped"]["beneath"]) > 0, "{}", v["skipped"]);
    // The text says the chains too.
    let text = conflicts_run(t, &["--details", "--layer", "posix"]);
    let (w, r) = lib.chains("POSIX");
    let (lo, hi) = t.data;
    let line = format!("{} [{lo}, {hi})", w.join(" → "));
    assert!(text.contains(&line), "no {line:?} in\n{text}");
    assert!(text.contains(&format!("{} [", r.join(" → "))), "{text}");
    found
}

/// Under mpi-io semantics: the listed violations in the data are the cross-rank data pairs,
/// and each of their groups counts one.
fn check_violations(lib: &Lib, t: &Traced, found: &DataPairs) {
    for (layer, pairs) in LAYERS.iter().zip(found) {
        let v = conflicts_json(t, &["--semantics", "mpi-io", "--layer", layer_arg(layer)]);
        assert_eq!(v["semantics"], "mpi-io");
        assert_eq!(v["mpi"]["unmatched"], 0, "{}", v["mpi"]);
        let f = file(&v, &t.path, layer);
        let want: Vec<PairRow> = pairs.iter().filter(|p| p.1 != p.2).cloned().collect();
        let mut got: Vec<PairRow> = f["violations"]["listed"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| inside(t.data, range(&p["overlap"])))
            .map(|p| pair_row(p["kind"].as_str().unwrap(), p))
            .collect();
        got.sort();
        assert_eq!(got, want, "{} {layer} violations", lib.name);
        for g in f["pairs"]["RAW"]["ranks"].as_array().unwrap() {
            if g["ranks"][0] == 0 && inside(t.data, range(&g["range"])) {
                let cross = g["ranks"][1] != 0;
                assert_eq!(u(&g["violations"]), cross as u64, "{layer} {g}");
            }
        }
    }
}

/// The example of a rank pair in the data, as the section and the report give it.
fn want_example(lib: &Lib, layer: &str) -> Value {
    let (w, r) = lib.chains(layer);
    serde_json::json!({"kind": "RAW", "earlier": w, "later": r})
}

/// The later ranks of the data's rank pairs (earlier is rank 0).
fn readers(pairs: &[PairRow]) -> Vec<u64> {
    pairs.iter().map(|p| p.2).collect()
}

/// `summary --json`'s section: each data rank pair's example is its RAW pair's two chains,
/// at MPI-IO only (the POSIX operations beneath are left to it).
fn check_section(lib: &Lib, t: &Traced, found: &DataPairs) -> Value {
    let mut c = command(&build().launcher, t.dir.path());
    let r = run(c.args(["summary", "-q", "--json", "--conflicts"]).arg(&t.trace));
    r.assert_ok("recorder-otf2 summary --json");
    let j: Value = serde_json::from_str(&r.stdout).expect("summary --json is JSON");
    let files = &j["conflicts"]["files"];
    assert!(!has_pairs(files, &t.path, "POSIX"), "{files}");
    for (layer, pairs) in LAYERS.iter().zip(found).take(1) {
        let f = file(&j["conflicts"], &t.path, layer);
        for k in readers(pairs) {
            let row = f["rank_pairs"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["ranks"] == serde_json::json!([0, k]))
                .unwrap_or_else(|| panic!("no rank pair (0, {k}) at {layer}: {f}"));
            assert_eq!(row["example"], want_example(lib, layer), "{layer} (0, {k})");
        }
    }
    j
}

/// The report: every row as the section says (check_conflicts), and the data rows' example
/// cells read from the DOM: "H5Dwrite → MPI_File_write_at → pwrite" then "H5Dread → …".
fn check_report(lib: &Lib, t: &Traced, j: &Value, found: &DataPairs) {
    if !have_program("chromium") {
        eprintln!("skipped: the report (chromium not found on PATH)");
        return;
    }
    let html = t.dir.join("report.html");
    let mut c = command(&build().launcher, t.dir.path());
    run(c.args(["report", "-q", "--conflicts"]).arg(&t.trace).arg("-o").arg(&html)).assert_ok("report");
    let (dom, _) = dump_dom(&t.dir, &html);
    assert!(check_conflicts(&dom, j) >= 1);
    let s = section(&dom, "conflicts");
    let posix = format!("data-path=\"{}\" data-layer=\"POSIX\"", t.path);
    assert!(!s.contains(&posix), "a POSIX table of {}", t.path);
    for (layer, pairs) in LAYERS.iter().zip(found).take(1) {
        let open = format!("data-path=\"{}\" data-layer=\"{layer}\"", t.path);
        let at = s
            .find(&open)
            .unwrap_or_else(|| panic!("no table of {layer}"));
        let h = &s[s[..at].rfind('<').unwrap()..];
        let i = e2e_tests::html::attr(h, "data-i").unwrap();
        let table = element(s, &format!("<table id=\"table-conflicts-{i}\""), "table").unwrap();
        let (w, r) = lib.chains(layer);
        for k in readers(pairs) {
            let row = rows(table)
                .into_iter()
                .find(|row| {
                    let cell = |n: &str| row.cells.iter().find(|c| c.0 == n).map(|c| &c.2);
                    cell("processes.0").is_some_and(|p| p == "rank 0")
                        && cell("processes.1").is_some_and(|p| *p == format!("rank {k}"))
                })
                .unwrap_or_else(|| panic!("no row rank 0 → rank {k} at {layer}"));
            let text = |n: &str| row.cells.iter().find(|c| c.0 == n).unwrap().2.clone();
            assert_eq!(text("example.kind"), "RAW");
            assert_eq!(text("example.earlier"), w.join(" → "), "{layer} (0, {k})");
            assert_eq!(text("example.later"), r.join(" → "), "{layer} (0, {k})");
        }
    }
}

fn check(lib: &Lib, np: u32) {
    let Some(t) = traced(lib, np) else {
        eprintln!("skipped: pkg-config {} not found", lib.pkg);
        return;
    };
    let found = check_details(lib, &t, np as u64);
    check_violations(lib, &t, &found);
    let j = check_section(lib, &t, &found);
    check_report(lib, &t, &j, &found);
}

#[test]
fn hdf5_2_ranks() {
    need!(have_mpirun(), "mpirun not found on PATH");
    check(&HDF5, 2);
}

#[test]
fn hdf5_4_ranks() {
    need!(have_mpirun(), "mpirun not found on PATH");
    check(&HDF5, 4);
}

#[test]
fn pnetcdf_2_ranks() {
    need!(have_mpirun(), "mpirun not found on PATH");
    check(&PNETCDF, 2);
}

#[test]
fn pnetcdf_4_ranks() {
    need!(have_mpirun(), "mpirun not found on PATH");
    check(&PNETCDF, 4);
}

/// A library's collective write through an MPI file view with holes whose ranks' bytes
/// are disjoint: at MPI-IO `ranges` byte ranges of 4 or 32 bytes lie in the data and no
/// pair does (before views were checked range by range, each rank's write was one block
/// from its first byte, overlapping every other rank's).
fn check_disjoint_view(name: &str, pkg: &str, program: &str, file: &str, np: u32, ranges: u64) {
    let Some(t) = traced_program(name, pkg, program, file, np) else {
        eprintln!("skipped: pkg-config {pkg} not found");
        return;
    };
    let v = conflicts_json(&t, &["--details"]);
    let f = e2e_tests::conflicts::file(&v, &t.path, "MPI-IO");
    assert_eq!(data_pairs(f, t.data), vec![], "{name}: {f}");
    // The library's metadata writes are accesses too: at least the data's ranges.
    assert!(u(&f["accesses"]) >= ranges, "{name}: {}", f["accesses"]);
    // Not even one byte of the data in a pair.
    for kind in ["RAW", "WAW", "WAR", "RAR"] {
        for g in f["pairs"][kind]["ranks"].as_array().unwrap() {
            for p in g["pairs"].as_array().unwrap() {
                let (a, b) = range(&p["overlap"]);
                assert!(b <= t.data.0 || t.data.1 <= a, "{name}: {p}");
            }
        }
    }
    assert!(
        v["warnings"]
            .to_string()
            .find("could not flatten")
            .is_none(),
        "{}",
        v["warnings"]
    );
}

/// An 8 x 8P int dataset, rank r's column block [8 r, 8 r + 8) by H5Sselect_hyperslab,
/// written with H5FD_MPIO_COLLECTIVE (tests/programs/conflicts_h5_columns.c).
fn h5_columns(np: u32) {
    check_disjoint_view(
        "h5cols",
        "hdf5-openmpi",
        "conflicts_h5_columns.c",
        "columns.h5",
        np,
        8 * np as u64,
    );
}

#[test]
fn hdf5_column_blocks_2_ranks() {
    need!(have_mpirun(), "mpirun not found on PATH");
    h5_columns(2);
}

#[test]
fn hdf5_column_blocks_4_ranks() {
    need!(have_mpirun(), "mpirun not found on PATH");
    h5_columns(4);
}

/// The same with every rank but the last selecting one column more ([8 r, 8 r + 9)): ranks
/// r and r + 1 both write column 8 (r + 1) of each of the 8 rows, so exactly one WAW pair
/// per neighbouring pair of ranks lies in the data (8 overlapping ranges of 4 bytes, one
/// pair of 32 bytes from row 0's shared int to row 7's), and no other.
fn h5_columns_overlap(np: u32) {
    let Some(t) = traced_program_with(
        "h5colsover",
        "hdf5-openmpi",
        "conflicts_h5_columns.c",
        "columns.h5",
        np,
        &["overlap"],
    ) else {
        eprintln!("skipped: pkg-config hdf5-openmpi not found");
        return;
    };
    let v = conflicts_json(&t, &["--details"]);
    let f = e2e_tests::conflicts::file(&v, &t.path, "MPI-IO");
    // Each pair's example is its first overlapping range (row 0's shared int).
    let mut got: Vec<(String, u64, u64, (u64, u64))> = data_pairs(f, t.data)
        .into_iter()
        .map(|p| (p.0, p.1.min(p.2), p.1.max(p.2), p.3))
        .collect();
    got.sort();
    let row = 8 * np as u64 * 4;
    let column = |r: u64| t.data.0 + 8 * (r + 1) * 4;
    let want: Vec<_> = (0..np as u64 - 1)
        .map(|r| ("WAW".to_string(), r, r + 1, (column(r), column(r) + 4)))
        .collect();
    assert_eq!(got, want, "{f}");
    // Its group: one pair, 8 ranges of 4 bytes summed, from row 0's int to row 7's.
    let mut groups: Vec<(u64, u64, u64, (u64, u64))> = f["pairs"]["WAW"]["ranks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| !g["same_rank"].as_bool().unwrap())
        .map(|g| {
            (
                u(&g["ranks"][0]).min(u(&g["ranks"][1])),
                u(&g["count"]),
                u(&g["bytes"]),
                range(&g["range"]),
            )
        })
        .collect();
    groups.sort();
    let want: Vec<_> = (0..np as u64 - 1)
        .map(|r| (r, 1, 32, (column(r), column(r) + 7 * row + 4)))
        .collect();
    assert_eq!(groups, want, "{f}");
}

#[test]
fn hdf5_overlapping_column_blocks_2_ranks() {
    need!(have_mpirun(), "mpirun not found on PATH");
    h5_columns_overlap(2);
}

#[test]
fn hdf5_overlapping_column_blocks_4_ranks() {
    need!(have_mpirun(), "mpirun not found on PATH");
    h5_columns_overlap(4);
}

/// A 1-D int variable of 256 P elements, rank r's elements r, r + P, r + 2P ... by
/// ncmpi_put_vars_int_all with stride P (tests/programs/conflicts_pnc_strided.c): 256
/// ranges of 4 bytes per rank, interleaved, no pair.
fn pnc_strided(np: u32) {
    let ranges = 256 * np as u64;
    check_disjoint_view(
        "pncs",
        "pnetcdf",
        "conflicts_pnc_strided.c",
        "strided.nc",
        np,
        ranges,
    );
}

// PnetCDF's filetype on ranks r > 0 has a lower bound of 4 r bytes (blocks at
// [4 r, 4 r + extent)): flattened with its lower bound, not taken as one block from the
// first byte (which invented a WAW pair with rank 0).
#[test]
fn pnetcdf_strided_2_ranks() {
    need!(have_mpirun(), "mpirun not found on PATH");
    pnc_strided(2);
}

#[test]
fn pnetcdf_strided_4_ranks() {
    need!(have_mpirun(), "mpirun not found on PATH");
    pnc_strided(4);
}
