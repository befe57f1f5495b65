//! netCDF: the serial libnetcdf from C (nc_all.c: netCDF-4, classic, 64-bit offset and CDF-5
//! files, every form of data call), the table against what libnetcdf exports, Debian's
//! nccopy and ncdump, and netCDF4-python (nc_script.py).
//!
//! The programs print one `op <function> file=<name> var=<name> elements=<n> bytes=<n>` line
//! per data call (nc_put_var* / nc_get_var*): each must be exactly one netCDF
//! IoOperationBegin/Complete pair directly inside that call, on the netCDF handle of that
//! file, with those bytes (elements x the size of the call's memory type; for the untyped
//! nc_put_vara / nc_get_vara / nc_get_var: x the size of the variable's type) and the
//! attribute "netCDF variable" = the variable's name; a vara / vars / varm transfer also has
//! the attribute "netCDF selection" ("[start+count,...]") on its Complete.
//! Handles: one netCDF handle created per nc_create / nc_open (named after the file path),
//! destroyed by nc_close / nc_abort, parent of what the library opens inside the call:
//! netCDF-4: netCDF -> HDF5 -> POSIX (H5Fcreate / H5Fopen); classic, 64-bit offset, CDF-5:
//! netCDF -> POSIX.
//!
//! The programs link the shared libnetcdf found by pkg-config (Debian's serial build on
//! HDF5 1.10). Tests skip themselves (pass with a message) when a tool they need is missing.

use e2e_tests::*;
use io_events::functions::Layer;
use io_events::FUNCTIONS;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The netCDF I/O paradigm's identification.
const NETCDF: &str = "netCDF";
/// The Begin attribute naming the variable.
const VAR_ATTR: &str = "netCDF variable";
/// The Complete attribute of a partial transfer.
const SEL_ATTR: &str = "netCDF selection";

/// The calls that create a netCDF handle, as programs call them (nc_create may call
/// nc__create, nc_open nc__open: the handle is created once, somewhere inside).
const OPENS: [&str; 4] = ["nc_create", "nc__create", "nc_open", "nc__open"];
/// The calls that destroy one.
const CLOSES: [&str; 2] = ["nc_close", "nc_abort"];

// ------------------------------------------------------------------------------ helpers

macro_rules! need {
    ($cond:expr, $what:expr) => {
        if !$cond {
            eprintln!("skipped: {}", $what);
            return;
        }
    };
}

/// Whether `name` is a netCDF data function: `^nc_(put|get)_var(1|a|s|m)?(_[a-z]+)?$`.
fn is_data_function(name: &str) -> bool {
    let Some(rest) = name
        .strip_prefix("nc_put_var")
        .or_else(|| name.strip_prefix("nc_get_var"))
    else {
        return false;
    };
    let rest = rest
        .strip_prefix(|c: char| matches!(c, '1' | 'a' | 's' | 'm'))
        .unwrap_or(rest);
    match rest.strip_prefix('_') {
        None => rest.is_empty(),
        Some(ty) => !ty.is_empty() && ty.bytes().all(|b| b.is_ascii_lowercase()),
    }
}

/// Whether a data function transfers the whole variable (nc_put_var, nc_get_var_double ...).
fn is_whole_variable(name: &str) -> bool {
    is_data_function(name) && {
        let rest = &name["nc_put_var".len()..];
        rest.is_empty() || rest.starts_with('_')
    }
}

fn mode_of(func: &str) -> &'static str {
    if func.starts_with("nc_put_") {
        "WRITE"
    } else {
        "READ"
    }
}

/// The netCDF functions of the table.
fn netcdf_functions() -> BTreeSet<&'static str> {
    FUNCTIONS
        .iter()
        .filter(|f| f.layer == Layer::NetCdf)
        .map(|f| f.name)
        .collect()
}

fn basename(p: &str) -> &str {
    p.rsplit('/').next().unwrap_or(p)
}

fn have_python_netcdf4() -> bool {
    Command::new(SYSTEM_PYTHON)
        .args(["-c", "import netCDF4"])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// An `op` line.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct OpLine {
    func: String,
    file: String,
    var: String,
    elements: u64,
    bytes: u64,
}

fn parse_ops(stdout: &str) -> Vec<OpLine> {
    let mut v = Vec::new();
    for line in stdout.lines() {
        let Some(rest) = line.strip_prefix("op ") else {
            continue;
        };
        let (func, rest) = rest.split_once(' ').expect("op line with fields");
        let m: BTreeMap<&str, &str> = rest
            .split_whitespace()
            .filter_map(|w| w.split_once('='))
            .collect();
        let num = |k: &str| -> u64 {
            m.get(k)
                .and_then(|x| x.parse().ok())
                .unwrap_or_else(|| panic!("no numeric {k}= in {line:?}"))
        };
        v.push(OpLine {
            func: func.to_string(),
            file: m.get("file").expect("file=").to_string(),
            var: m.get("var").expect("var=").to_string(),
            elements: num("elements"),
            bytes: num("bytes"),
        });
    }
    v
}

/// A netCDF operation as the archive shows it: (region it is directly in, file base name,
/// variable attribute, bytes requested); comparable with [`key_of`] of an op line.
type NcKey = (String, String, String, u64);

fn key_of(o: &OpLine) -> NcKey {
    (o.func.clone(), o.file.clone(), o.var.clone(), o.bytes)
}

/// One netCDF operation found in the archive.
#[derive(Debug, Clone)]
struct NcOp {
    /// The data function it is directly inside.
    func: String,
    /// Full path of its file.
    file: String,
    var: String,
    mode: String,
    bytes: u64,
    /// The "netCDF selection" attribute of its Complete.
    selection: Option<String>,
    /// Its (netCDF) handle.
    handle: u64,
    /// The call's frame in its location's [`CallTree`].
    frame: usize,
}

impl NcOp {
    fn key(&self) -> NcKey {
        (
            self.func.clone(),
            basename(&self.file).to_string(),
            self.var.clone(),
            self.bytes,
        )
    }
}

/// Everything about netCDF operations on one location group (process): returns them in
/// event order and records problems:
/// - netCDF Begins only directly inside the data functions (nc_put_var* WRITE, nc_get_var*
///   READ) or nc_sync (FLUSH), completed in the same call with bytes result == request;
/// - exactly one netCDF Begin directly inside every data function call, on a netCDF handle,
///   with the attribute "netCDF variable";
/// - every I/O event of another paradigm inside a data call is on that call's file.
fn check_ops(a: &Archive, group: u64, p: &mut Problems) -> Vec<NcOp> {
    let mut out = Vec::new();
    for loc in a.locations_of(group) {
        let t = CallTree::new(loc);
        let ev = &loc.events;
        let is_nc = |e: &Event| e.paradigm.as_deref() == Some(NETCDF);
        let mut open: BTreeMap<(u64, u64), usize> = BTreeMap::new();
        let mut found: BTreeMap<usize, NcOp> = BTreeMap::new();
        for (i, e) in ev.iter().enumerate() {
            if !is_nc(e) || !e.ty.starts_with("IoOperation") {
                continue;
            }
            let key = (e.handle_id.unwrap(), e.matching_id.unwrap());
            let region = t.region_at(i).unwrap_or("").to_string();
            if e.ty == "IoOperationBegin" {
                open.insert(key, i);
                let mode = e.mode.clone().unwrap_or_default();
                let want = if is_data_function(&region) {
                    mode_of(&region)
                } else if region == "nc_sync" {
                    "FLUSH"
                } else {
                    ""
                };
                p.check(mode == want, || {
                    format!(
                        "{}: netCDF IoOperationBegin #{} ({mode}) directly inside {region:?}",
                        loc.name, e.index
                    )
                });
                let h = a.handle(e.handle_id.unwrap());
                p.check(h.paradigm.as_deref() == Some(NETCDF), || {
                    format!(
                        "{}: netCDF IoOperationBegin #{} on handle {h:?}",
                        loc.name, e.index
                    )
                });
                if is_data_function(&region) {
                    let var = e.attr_str(VAR_ATTR);
                    p.check(var.is_some(), || {
                        format!(
                            "{}: netCDF IoOperationBegin #{} in {region} without a string \
                             attribute {VAR_ATTR:?}: {:?}",
                            loc.name, e.index, e.attributes
                        )
                    });
                    found.insert(
                        i,
                        NcOp {
                            func: region.clone(),
                            file: e.file.clone().unwrap_or_default(),
                            var: var.unwrap_or("<none>").to_string(),
                            mode,
                            bytes: e.bytes_request.unwrap_or(0),
                            selection: None,
                            handle: h.id,
                            frame: t.owner[i].unwrap(),
                        },
                    );
                }
            } else if e.ty == "IoOperationComplete" {
                let Some(b) = open.remove(&key) else {
                    p.check(false, || {
                        format!("{}: netCDF Complete #{} without Begin", loc.name, e.index)
                    });
                    continue;
                };
                p.check(t.owner[b] == t.owner[i], || {
                    format!(
                        "{}: netCDF operation #{} completes in another call",
                        loc.name, ev[b].index
                    )
                });
                p.check(e.bytes_result == ev[b].bytes_request, || {
                    format!(
                        "{}: netCDF operation #{} in {region}: {:?} bytes requested, {:?} done",
                        loc.name, ev[b].index, ev[b].bytes_request, e.bytes_result
                    )
                });
                if let Some(o) = found.get_mut(&b) {
                    o.selection = e.attr_str(SEL_ATTR).map(String::from);
                }
            }
        }
        p.check(open.is_empty(), || {
            format!("{}: netCDF operations never completed: {open:?}", loc.name)
        });
        for (fi, f) in t.frames.iter().enumerate() {
            let n_begin = t
                .direct(fi)
                .iter()
                .filter(|&&i| ev[i].ty == "IoOperationBegin" && is_nc(&ev[i]))
                .count();
            if is_data_function(&f.region) {
                p.check(n_begin == 1, || {
                    format!(
                        "{}: {} (event #{}) has {n_begin} netCDF IoOperationBegin directly \
                         inside (want 1)",
                        loc.name, f.region, ev[f.enter].index
                    )
                });
            } else if f.region != "nc_sync" {
                p.check(n_begin == 0, || {
                    format!(
                        "{}: {} (event #{}) has {n_begin} netCDF IoOperationBegin",
                        loc.name, f.region, ev[f.enter].index
                    )
                });
            }
        }
        // Lower layers' I/O inside a data call: on the call's file.
        for o in found.values() {
            for i in t.within(o.frame) {
                let e = &ev[i];
                if e.handle_id.is_none() || is_nc(e) {
                    continue;
                }
                p.check(e.file.as_deref() == Some(o.file.as_str()), || {
                    format!(
                        "{}: {} #{} ({}) on {:?} inside {} on {}",
                        loc.name,
                        e.ty,
                        e.index,
                        e.paradigm.as_deref().unwrap_or("?"),
                        e.file,
                        o.func,
                        o.file
                    )
                });
            }
        }
        out.extend(found.into_values());
    }
    out
}

/// One nc_create / nc_open call (the outermost of nested ones) and the handles it created.
#[derive(Debug)]
struct Opening {
    /// nc_create, nc_open ...
    func: String,
    /// The file's full path.
    file: String,
    /// Paradigm chains (root first) of every handle created inside the call on that file,
    /// the netCDF handle's own (["netCDF"]) included.
    chains: BTreeSet<Vec<String>>,
}

/// The paradigms from the root handle down to handle `id`.
fn chain_of(a: &Archive, id: u64) -> Vec<String> {
    let mut chain = Vec::new();
    let mut cur = Some(id);
    while let Some(x) = cur {
        let h = a.handle(x);
        chain.push(h.paradigm.clone().unwrap_or_default());
        cur = h.parent_id;
    }
    chain.reverse();
    chain
}

/// Whether handle `ancestor` is `id` or above it.
fn descends_from(a: &Archive, id: u64, ancestor: u64) -> bool {
    let mut cur = Some(id);
    while let Some(x) = cur {
        if x == ancestor {
            return true;
        }
        cur = a.handle(x).parent_id;
    }
    false
}

/// The netCDF handles of one location group: returns the openings in event order and
/// records problems:
/// - exactly one netCDF IoCreateHandle inside each (outermost) nc_create / nc_open, for a
///   file under `data_dir`, the handle named after the path, without parent; none elsewhere;
/// - every other handle created inside that call on that file descends from it;
/// - exactly one netCDF IoDestroyHandle inside each nc_close / nc_abort; none elsewhere.
fn check_handles(a: &Archive, group: u64, data_dir: &str, p: &mut Problems) -> Vec<Opening> {
    let mut out = Vec::new();
    for loc in a.locations_of(group) {
        let t = CallTree::new(loc);
        let ev = &loc.events;
        let is_nc = |e: &Event| e.paradigm.as_deref() == Some(NETCDF);
        let outermost = |fi: usize, set: &[&str]| -> bool {
            set.contains(&t.frames[fi].region.as_str())
                && !t
                    .chain(t.frames[fi].parent)
                    .iter()
                    .any(|&g| set.contains(&t.frames[g].region.as_str()))
        };
        for (fi, f) in t.frames.iter().enumerate() {
            if outermost(fi, &OPENS) {
                let created: Vec<&Event> = t
                    .within(fi)
                    .map(|i| &ev[i])
                    .filter(|e| e.ty == "IoCreateHandle" && is_nc(e))
                    .collect();
                p.check(created.len() == 1, || {
                    format!(
                        "{}: {} (event #{}) creates {} netCDF handles (want 1)",
                        loc.name,
                        f.region,
                        ev[f.enter].index,
                        created.len()
                    )
                });
                let Some(c) = created.first() else { continue };
                let h = a.handle(c.handle_id.unwrap());
                let file = c.file.clone().unwrap_or_default();
                p.check(file.starts_with(data_dir), || {
                    format!(
                        "{}: {} creates a netCDF handle for {file:?}",
                        loc.name, f.region
                    )
                });
                p.check(
                    h.name == file && h.file.as_deref() == Some(file.as_str()),
                    || format!("{}: netCDF handle {h:?} is not named {file:?}", loc.name),
                );
                p.check(h.parent_id.is_none(), || {
                    format!("{}: netCDF handle {h:?} has a parent", loc.name)
                });
                let mut chains = BTreeSet::new();
                for i in t.within(fi) {
                    let e = &ev[i];
                    if e.ty != "IoCreateHandle" || e.file.as_deref() != Some(file.as_str()) {
                        continue;
                    }
                    let id = e.handle_id.unwrap();
                    p.check(descends_from(a, id, h.id), || {
                        format!(
                            "{}: {} handle {} created inside {}({file}) has the chain {:?}, \
                             not below the netCDF handle {}",
                            loc.name,
                            e.paradigm.as_deref().unwrap_or("?"),
                            id,
                            f.region,
                            chain_of(a, id),
                            h.id
                        )
                    });
                    chains.insert(chain_of(a, id));
                }
                out.push(Opening {
                    func: f.region.clone(),
                    file,
                    chains,
                });
            }
            if outermost(fi, &CLOSES) {
                let n = t
                    .within(fi)
                    .filter(|&i| ev[i].ty == "IoDestroyHandle" && is_nc(&ev[i]))
                    .count();
                p.check(n == 1, || {
                    format!(
                        "{}: {} (event #{}) destroys {n} netCDF handles (want 1)",
                        loc.name, f.region, ev[f.enter].index
                    )
                });
            }
        }
        for (i, e) in ev.iter().enumerate() {
            if !is_nc(e) {
                continue;
            }
            let regions = t.regions_at(i);
            let inside = |set: &[&str]| regions.iter().any(|r| set.contains(r));
            if e.ty == "IoCreateHandle" {
                p.check(inside(&OPENS), || {
                    format!(
                        "{}: netCDF IoCreateHandle #{} inside {regions:?}",
                        loc.name, e.index
                    )
                });
            } else if e.ty == "IoDestroyHandle" {
                p.check(inside(&CLOSES), || {
                    format!(
                        "{}: netCDF IoDestroyHandle #{} inside {regions:?}",
                        loc.name, e.index
                    )
                });
            }
        }
    }
    out
}

/// The netCDF paradigm: SERIAL (Debian's libnetcdf is not built with MPI).
fn check_paradigm(a: &Archive) {
    let p = a
        .paradigms
        .iter()
        .find(|p| p.identification == NETCDF)
        .unwrap_or_else(|| panic!("no {NETCDF} io paradigm: {:?}", a.paradigms));
    assert_eq!(p.class, "SERIAL", "{NETCDF} paradigm class: {p:?}");
}

/// Bytes per (file base name, variable) of the netCDF operations of one mode.
fn bytes_per_var(ops: &[NcOp], mode: &str) -> BTreeMap<(String, String), u64> {
    let mut m = BTreeMap::new();
    for o in ops.iter().filter(|o| o.mode == mode) {
        *m.entry((basename(&o.file).to_string(), o.var.clone()))
            .or_default() += o.bytes;
    }
    m
}

fn set(v: &[&[&str]]) -> BTreeSet<Vec<String>> {
    v.iter()
        .map(|c| c.iter().map(|s| s.to_string()).collect())
        .collect()
}

// ------------------------------------------------------------------------------ 1. nc_all.c

/// Compile nc_all.c against the shared libnetcdf.
fn compile_nc_all(dir: &TestDir) -> Option<PathBuf> {
    let libs = pkg_config("netcdf")?;
    let extra: Vec<&str> = libs.iter().map(String::as_str).collect();
    Some(compile(dir, "nc_all", &extra))
}

/// The data files of nc_all.c: (name, netCDF-4).
const NC_ALL_FILES: [(&str, bool); 4] = [
    ("n4.nc", true),
    ("c.nc", false),
    ("o64.nc", false),
    ("cdf5.nc", false),
];

/// What the "netCDF selection" attribute of an nc_all.c operation must be.
#[derive(Debug, PartialEq)]
enum Sel {
    /// No attribute.
    Absent,
    /// This value.
    Exact(&'static str),
    /// Some value (the format of a stride is not checked).
    Present,
}

/// The selections: var1 / vara / vars / varm calls record their bounding box
/// ("[first+extent,...]", extent = (count - 1) x stride + 1), vars / varm also their count
/// and stride; the whole-variable calls record none.
fn nc_all_selection(func: &str) -> Sel {
    if is_whole_variable(func) {
        return Sel::Absent;
    }
    match func {
        "nc_put_var1_double" | "nc_get_var1_double" => Sel::Exact("[7+1]"),
        "nc_put_vara_int" | "nc_get_vara_int" => Sel::Exact("[10+5,0+10]"),
        "nc_put_varm_double" | "nc_get_varm_double" => Sel::Exact("[20+10] count [10] stride [1]"),
        "nc_put_vara" | "nc_get_vara" => Sel::Exact("[50+10]"),
        "nc_put_vara_uchar" | "nc_get_vara_uchar" => Sel::Exact("[4+4]"),
        // start {0,0} count {5,5} stride {2,2}
        "nc_put_vars_int" | "nc_get_vars_int" => Sel::Exact("[0+9,0+9] count [5,5] stride [2,2]"),
        _ => Sel::Present,
    }
}

#[test]
fn nc_all_program() {
    need!(
        pkg_config("netcdf").is_some(),
        "pkg-config netcdf not found"
    );
    let dir = TestDir::new("nc-all");
    let prog = compile_nc_all(&dir).unwrap();
    let plain = dir.subdir("plain");
    let r0 = run_untraced(&prog, &plain, &[]);
    r0.assert_ok("untraced nc_all");
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let mut c = traced(&prog, &data, &trace);
    c.arg(&data);
    let r = run(&mut c);
    r.assert_ok("traced nc_all");
    assert_eq!(r.stdout, r0.stdout, "the output differs with the recorder");
    assert!(
        r.stderr.trim().is_empty(),
        "traced nc_all wrote on stderr:\n{}",
        r.stderr
    );
    assert!(
        r.stdout.ends_with("aborted ab.nc exists=0\n"),
        "{}",
        r.stdout
    );
    let printed = parse_ops(&r.stdout);
    assert_eq!(printed.len(), 122, "op lines:\n{}", r.stdout);

    let procs = processes(&trace);
    assert_eq!(procs.len(), 1, "{procs:#?}");
    let counts = function_counts(&procs);
    let a = convert_and_check(&trace, &dir.join("out.otf2"));
    check_paradigm(&a);
    let mut p = Problems::default();
    let data_dir = data.to_string_lossy().into_owned();
    let table = netcdf_functions();

    // Every function the program calls is counted and is a region, as often as called.
    let n = |func: &str| printed.iter().filter(|o| o.func == func).count() as u64;
    let mut want_counts: BTreeMap<String, u64> = printed
        .iter()
        .map(|o| (o.func.clone(), n(&o.func)))
        .collect();
    for (f, k) in [
        ("nc_create", 5),
        ("nc_open", 4),
        ("nc_close", 8),
        ("nc_abort", 1),
        ("nc_sync", 4),
        ("nc_enddef", 7),
        ("nc__enddef", 1),
        ("nc_redef", 4),
        ("nc_rename_var", 4),
        ("nc_set_fill", 4),
        ("nc_def_dim", 17),
        ("nc_def_var", 39),
        ("nc_def_var_chunking", 1),
        ("nc_def_var_deflate", 1),
    ] {
        if table.contains(f) {
            want_counts.insert(f.to_string(), k);
        } else {
            eprintln!("note: {f} is not in the table");
        }
    }
    for (f, &want) in &want_counts {
        p.check(table.contains(f.as_str()), || {
            format!("{f}: not a netCDF function of the table")
        });
        p.check(counts.get(f).copied().unwrap_or(0) == want, || {
            format!(
                "{f}: counted {:?}, the program calls it {want} times",
                counts.get(f)
            )
        });
        let regions = a.calls_of(f).len() as u64;
        p.check(regions == want, || {
            format!("{f}: {regions} regions, want {want}")
        });
    }

    // The data calls: one operation each, in program order.
    let ops = check_ops(&a, 0, &mut p);
    let got: Vec<NcKey> = ops.iter().map(NcOp::key).collect();
    let want: Vec<NcKey> = printed.iter().map(key_of).collect();
    p.check(got == want, || {
        format!(
            "netCDF operations (function, file, variable, bytes) vs the op lines:\n  archive: \
             {got:?}\n  program: {want:?}"
        )
    });
    for o in &ops {
        let sel = nc_all_selection(&o.func);
        let ok = match (&sel, o.selection.as_deref()) {
            (Sel::Absent, None) | (Sel::Present, Some(_)) => true,
            (Sel::Exact(w), Some(g)) => *w == g,
            _ => false,
        };
        p.check(ok, || {
            format!(
                "{} on {} ({}): {SEL_ATTR:?} = {:?}, want {sel:?}",
                o.func,
                basename(&o.file),
                o.var,
                o.selection
            )
        });
    }

    // Handles: one netCDF handle per nc_create / nc_open, the library's handles below it.
    let openings = check_handles(&a, 0, &data_dir, &mut p);
    let opened: Vec<(String, String)> = openings
        .iter()
        .map(|o| (o.func.clone(), basename(&o.file).to_string()))
        .collect();
    let mut want_opened = Vec::new();
    for (f, _) in NC_ALL_FILES {
        want_opened.push(("nc_create".to_string(), f.to_string()));
        want_opened.push(("nc_open".to_string(), f.to_string()));
    }
    want_opened.push(("nc_create".to_string(), "ab.nc".to_string()));
    p.check(opened == want_opened, || {
        format!("netCDF handles created by {opened:?}, want {want_opened:?}")
    });
    for o in &openings {
        let name = basename(&o.file);
        let n4 = name == "n4.nc";
        let need: &[&str] = if n4 {
            &[NETCDF, "HDF5", "POSIX"]
        } else {
            &[NETCDF, "POSIX"]
        };
        let need: Vec<String> = need.iter().map(|s| s.to_string()).collect();
        p.check(o.chains.contains(&need), || {
            format!(
                "{}({name}): handle chains {:?} lack {need:?}",
                o.func, o.chains
            )
        });
        p.check(
            n4 || o.chains.iter().all(|c| !c.iter().any(|x| x == "HDF5")),
            || format!("{}({name}): HDF5 handles: {:?}", o.func, o.chains),
        );
    }
    // Every handle on the files descends from a netCDF handle: all their I/O is netCDF's.
    for h in &a.handles {
        let Some(file) = h.file.as_deref() else {
            continue;
        };
        if !file.starts_with(&data_dir) {
            continue;
        }
        let chain = chain_of(&a, h.id);
        p.check(chain[0] == NETCDF, || {
            format!("handle {} ({file}) has the chain {chain:?}", h.id)
        });
    }

    // netCDF-4: the HDF5 data calls happen inside the netCDF data calls, on the HDF5 handle
    // below the netCDF one; the other formats: no HDF5 at all.
    let loc = &a.locations_of(0)[0];
    let t = CallTree::new(loc);
    let ev = &loc.events;
    for o in &ops {
        let n4 = basename(&o.file) == "n4.nc";
        let h5: Vec<usize> = t
            .frames
            .iter()
            .enumerate()
            .filter(|(fi, f)| {
                f.enter > t.frames[o.frame].enter
                    && f.leave < t.frames[o.frame].leave
                    && f.region.starts_with("H5")
                    && *fi != o.frame
            })
            .map(|(fi, _)| fi)
            .collect();
        if !n4 {
            p.check(h5.is_empty(), || {
                format!("{} on {}: HDF5 calls inside", o.func, o.file)
            });
            continue;
        }
        let want = if o.mode == "WRITE" {
            "H5Dwrite"
        } else {
            "H5Dread"
        };
        let data: Vec<usize> = h5
            .iter()
            .copied()
            .filter(|&fi| t.frames[fi].region == want)
            .collect();
        p.check(!data.is_empty(), || {
            format!(
                "{} on n4.nc ({}, event #{}): no {want} inside",
                o.func, o.var, ev[t.frames[o.frame].enter].index
            )
        });
        for fi in h5 {
            let other = if want == "H5Dwrite" {
                "H5Dread"
            } else {
                "H5Dwrite"
            };
            p.check(t.frames[fi].region != other, || {
                format!("{} on n4.nc ({}): {other} inside", o.func, o.var)
            });
        }
        for fi in data {
            for i in t.direct(fi) {
                let e = &ev[i];
                if e.ty != "IoOperationBegin" || e.paradigm.as_deref() != Some("HDF5") {
                    continue;
                }
                let hh = a.handle(e.handle_id.unwrap());
                p.check(hh.parent_id == Some(o.handle), || {
                    format!(
                        "{} on n4.nc ({}): the HDF5 operation #{} in {want} is on handle {} \
                         whose parent is {:?}, not the netCDF handle {}",
                        o.func, o.var, e.index, hh.id, hh.parent_id, o.handle
                    )
                });
            }
        }
    }
    // ... and no H5Dwrite / H5Dread outside them.
    for (fi, f) in t.frames.iter().enumerate() {
        if !matches!(f.region.as_str(), "H5Dwrite" | "H5Dread") {
            continue;
        }
        let inside = t
            .chain(f.parent)
            .iter()
            .any(|&g| is_data_function(&t.frames[g].region));
        p.check(inside, || {
            format!(
                "{} (event #{}) outside any netCDF data call: {:?}",
                f.region,
                ev[f.enter].index,
                t.regions_at(t.frames[fi].enter)
            )
        });
    }

    // nc_abort: the new file is deleted inside it.
    let ab = format!("{data_dir}/ab.nc");
    let deleted: Vec<&Event> = a
        .events_of("IoDeleteFile")
        .into_iter()
        .filter(|e| e.file.as_deref() == Some(ab.as_str()))
        .collect();
    p.check(
        deleted.len() == 1
            && t.regions_at(
                loc.events
                    .iter()
                    .position(|e| e.index == deleted[0].index)
                    .unwrap(),
            )
            .contains(&"nc_abort"),
        || format!("ab.nc deletions {deleted:?}, want one inside nc_abort"),
    );
    p.finish("nc_all");
}

// ------------------------------------------------------------------------------ 2. the table

/// Every data function libnetcdf exports is a netCDF function of the table, and the
/// recorder exports a wrapper for it; every data function of the table is exported by
/// libnetcdf.
#[test]
fn every_exported_data_function_is_wrapped() {
    let Some(libdir) = pkg_config_variable("netcdf", "libdir") else {
        eprintln!("skipped: pkg-config netcdf not found");
        return;
    };
    let libnetcdf = Path::new(&libdir).join("libnetcdf.so");
    need!(
        libnetcdf.exists(),
        format!("{} not found", libnetcdf.display())
    );
    let exported: BTreeSet<String> = defined_symbols(&libnetcdf)
        .into_iter()
        .filter(|s| is_data_function(s))
        .collect();
    assert!(
        exported.len() >= 100 && exported.contains("nc_put_vara_double"),
        "{} exports only {exported:?}",
        libnetcdf.display()
    );
    let wrapped = defined_symbols(&build().lib);
    let table = netcdf_functions();
    let in_table: BTreeSet<&str> = FUNCTIONS
        .iter()
        .filter(|f| is_data_function(f.name))
        .map(|f| f.name)
        .collect();
    let mut p = Problems::default();
    for f in &exported {
        p.check(table.contains(f.as_str()), || {
            format!("{f}: exported by libnetcdf, not a netCDF function of the table")
        });
        p.check(wrapped.contains(f), || {
            format!(
                "{f}: exported by libnetcdf, not by {}",
                build().lib.display()
            )
        });
    }
    for f in in_table {
        p.check(exported.contains(f), || {
            format!("{f}: a data function of the table that libnetcdf does not export")
        });
    }
    p.finish("netCDF data functions");
}

#[test]
fn data_function_pattern() {
    for f in [
        "nc_put_var",
        "nc_get_var",
        "nc_put_var1",
        "nc_get_vara",
        "nc_put_vars_int",
        "nc_get_varm_ulonglong",
        "nc_put_var_string",
    ] {
        assert!(is_data_function(f), "{f}");
    }
    for f in [
        "nc_put_vard",
        "nc_put_var_",
        "nc_put_vara_Int",
        "nc_put_var2_int",
        "nc_inq_var",
        "nc_put_att_int",
        "nc_get_var_chunk_cache",
        "nc_get_vara_int8_t",
    ] {
        assert!(!is_data_function(f), "{f}");
    }
    assert!(is_whole_variable("nc_get_var"));
    assert!(is_whole_variable("nc_put_var_double"));
    assert!(!is_whole_variable("nc_put_vara_double"));
    assert!(!is_whole_variable("nc_put_var1"));
}

// ------------------------------------------------------------------------------ 3. tools

/// The variables of nc_all.c's classic file c.nc and their sizes in bytes.
fn c_nc_sizes(file: &str) -> BTreeMap<(String, String), u64> {
    [
        ("v", 100 * 8),
        ("m", 100 * 10 * 4),
        ("t", 16),
        ("b", 8),
        ("sh", 8 * 2),
        ("l", 8 * 4),
        ("f", 8 * 4),
    ]
    .into_iter()
    .map(|(v, n)| ((file.to_string(), v.to_string()), n))
    .collect()
}

#[test]
fn nccopy_and_ncdump() {
    need!(
        pkg_config("netcdf").is_some(),
        "pkg-config netcdf not found"
    );
    need!(have_program("nccopy"), "nccopy not found on PATH");
    need!(have_program("ncdump"), "ncdump not found on PATH");
    let dir = TestDir::new("nc-tools");
    let prog = compile_nc_all(&dir).unwrap();
    let plain = dir.subdir("plain");
    let data = dir.subdir("data");
    run_untraced(&prog, &plain, &[]).assert_ok("nc_all");
    run_untraced(&prog, &data, &[]).assert_ok("nc_all");
    let data_dir = data.to_string_lossy().into_owned();

    let tool = |cwd: &Path, traced_into: Option<&Path>, args: &[&str]| -> Run {
        let mut c = match traced_into {
            Some(t) => traced(args[0], cwd, t),
            None => command(args[0], cwd),
        };
        c.args(&args[1..]);
        let r = run(&mut c);
        r.assert_ok(&args.join(" "));
        r
    };
    // nccopy -k nc4: classic -> netCDF-4.
    let copy = ["nccopy", "-k", "nc4", "c.nc", "c4.nc"];
    let r0 = tool(&plain, None, &copy);
    let trace_copy = dir.join("trace-copy");
    let r = tool(&data, Some(&trace_copy), &copy);
    assert_eq!(
        (r.stdout.as_str(), r.stderr.as_str()),
        (r0.stdout.as_str(), r0.stderr.as_str()),
        "nccopy says something else with the recorder"
    );
    let d0 = tool(&plain, None, &["ncdump", "c4.nc"]);
    let d1 = tool(&data, None, &["ncdump", "c4.nc"]);
    assert_eq!(d1.stdout, d0.stdout, "the traced nccopy wrote another file");
    // ncdump of the netCDF-4 file.
    let trace_dump = dir.join("trace-dump");
    let d = tool(&data, Some(&trace_dump), &["ncdump", "c4.nc"]);
    assert_eq!(
        d.stdout, d0.stdout,
        "ncdump prints something else with the recorder"
    );
    assert!(d.stdout.contains("netcdf c4 {"), "{}", d.stdout);

    let mut p = Problems::default();
    let sizes = |f: &str| c_nc_sizes(f);

    // nccopy: nc_get_vara on c.nc, nc_put_vara on c4.nc, every variable once in full.
    let a = convert_and_check(&trace_copy, &dir.join("copy.otf2"));
    check_paradigm(&a);
    let ops = check_ops(&a, 0, &mut p);
    for f in ["nc_get_vara", "nc_put_vara"] {
        let calls = a.calls_of(f).len();
        p.check(calls > 0, || format!("nccopy: no {f} region"));
        let with_ops = ops.iter().filter(|o| o.func == f).count();
        p.check(with_ops == calls, || {
            format!("nccopy: {calls} {f} regions, {with_ops} netCDF operations in them")
        });
    }
    let read = bytes_per_var(&ops, "READ");
    p.check(read == sizes("c.nc"), || {
        format!(
            "nccopy: bytes read per (file, variable) {read:?}, want {:?}",
            sizes("c.nc")
        )
    });
    let written = bytes_per_var(&ops, "WRITE");
    p.check(written == sizes("c4.nc"), || {
        format!(
            "nccopy: bytes written per (file, variable) {written:?}, want {:?}",
            sizes("c4.nc")
        )
    });
    p.check(
        ops.iter().all(|o| {
            (o.func == "nc_get_vara" && basename(&o.file) == "c.nc")
                || (o.func == "nc_put_vara" && basename(&o.file) == "c4.nc")
        }),
        || format!("nccopy: operations {ops:?}"),
    );
    let openings = check_handles(&a, 0, &data_dir, &mut p);
    let opened: Vec<(String, String)> = openings
        .iter()
        .map(|o| (o.func.clone(), basename(&o.file).to_string()))
        .collect();
    p.check(
        opened
            == [
                ("nc_open".to_string(), "c.nc".to_string()),
                ("nc_create".to_string(), "c4.nc".to_string()),
            ],
        || format!("nccopy: netCDF handles created by {opened:?}"),
    );
    for o in &openings {
        let need: Vec<String> = if basename(&o.file) == "c4.nc" {
            vec![NETCDF.into(), "HDF5".into(), "POSIX".into()]
        } else {
            vec![NETCDF.into(), "POSIX".into()]
        };
        p.check(o.chains.contains(&need), || {
            format!(
                "nccopy: {}({}) chains {:?} lack {need:?}",
                o.func, o.file, o.chains
            )
        });
    }

    // ncdump: nc_get_vara on c4.nc (row by row), every variable once in full.
    let a = convert_and_check(&trace_dump, &dir.join("dump.otf2"));
    check_paradigm(&a);
    let ops = check_ops(&a, 0, &mut p);
    let calls = a.calls_of("nc_get_vara").len();
    p.check(calls > 0 && ops.len() == calls, || {
        format!(
            "ncdump: {calls} nc_get_vara regions, {} netCDF operations",
            ops.len()
        )
    });
    let read = bytes_per_var(&ops, "READ");
    p.check(read == sizes("c4.nc"), || {
        format!(
            "ncdump: bytes read per (file, variable) {read:?}, want {:?}",
            sizes("c4.nc")
        )
    });
    p.check(ops.iter().all(|o| o.mode == "READ"), || {
        format!("ncdump writes: {ops:?}")
    });
    let openings = check_handles(&a, 0, &data_dir, &mut p);
    p.check(
        openings.len() == 1
            && openings[0].func == "nc_open"
            && basename(&openings[0].file) == "c4.nc"
            && openings[0]
                .chains
                .is_superset(&set(&[&[NETCDF, "HDF5", "POSIX"]])),
        || format!("ncdump: openings {openings:?}"),
    );
    p.finish("nccopy / ncdump");
}

// ------------------------------------------------------------------------------ 4. Python

#[test]
fn netcdf4_python_script() {
    need!(
        have_python_netcdf4(),
        "netCDF4 not importable by /usr/bin/python3"
    );
    let dir = TestDir::new("nc-py");
    let script = build().programs.join("nc_script.py");
    let plain = dir.subdir("plain");
    let mut c0 = command(SYSTEM_PYTHON, dir.path());
    c0.arg(&script).arg(&plain);
    let r0 = run(&mut c0);
    r0.assert_ok("untraced nc_script.py");
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let mut c = traced(SYSTEM_PYTHON, dir.path(), &trace);
    c.arg(&script).arg(&data);
    let r = run(&mut c);
    r.assert_ok("traced nc_script.py");
    assert_eq!(r.stdout, r0.stdout, "the output differs with the recorder");
    let printed = parse_ops(&r.stdout);
    assert_eq!(printed.len(), 2, "{}", r.stdout);

    let procs = processes(&trace);
    assert_eq!(procs.len(), 1, "{procs:#?}");
    let counts = function_counts(&procs);
    let a = convert_and_check(&trace, &dir.join("out.otf2"));
    check_paradigm(&a);
    let mut p = Problems::default();
    let data_dir = data.to_string_lossy().into_owned();
    for (f, want) in [
        ("nc_put_vara", 1),
        ("nc_get_vara", 1),
        ("nc_create", 1),
        ("nc_open", 1),
        ("nc_close", 2),
    ] {
        p.check(counts.get(f).copied() == Some(want), || {
            format!("{f}: counted {:?}, want {want}", counts.get(f))
        });
    }
    let ops = check_ops(&a, 0, &mut p);
    let got: Vec<NcKey> = ops.iter().map(NcOp::key).collect();
    let want: Vec<NcKey> = printed.iter().map(key_of).collect();
    p.check(got == want, || {
        format!(
            "netCDF operations (function, file, variable, bytes) vs the op lines:\n  archive: \
             {got:?}\n  program: {want:?}"
        )
    });
    if let Some(g) = ops.iter().find(|o| o.func == "nc_get_vara") {
        p.check(g.selection.as_deref() == Some("[50+10]"), || {
            format!("nc_get_vara v[50:60]: {SEL_ATTR:?} = {:?}", g.selection)
        });
    }
    let openings = check_handles(&a, 0, &data_dir, &mut p);
    let opened: Vec<(String, String)> = openings
        .iter()
        .map(|o| (o.func.clone(), basename(&o.file).to_string()))
        .collect();
    p.check(
        opened
            == [
                ("nc_create".to_string(), "py.nc".to_string()),
                ("nc_open".to_string(), "py.nc".to_string()),
            ],
        || format!("netCDF handles created by {opened:?}"),
    );
    for o in &openings {
        p.check(
            o.chains
                .contains(&vec![NETCDF.to_string(), "HDF5".into(), "POSIX".into()]),
            || format!("{}(py.nc): chains {:?}", o.func, o.chains),
        );
    }
    p.finish("nc_script.py");
}

/// Attribute functions: regions with the attribute's name and bytes (len x type size; the
/// attribute's own type for the untyped forms, its stored length for the gets).
#[test]
fn attributes_are_recorded_with_their_bytes() {
    need!(
        pkg_config("netcdf").is_some(),
        "pkg-config netcdf not found"
    );
    let dir = TestDir::new("nc-atts");
    let libs = pkg_config("netcdf").unwrap();
    let extra: Vec<&str> = libs.iter().map(String::as_str).collect();
    let prog = compile(&dir, "nc_atts", &extra);
    let trace = dir.join("trace");
    let r = run_traced_ok(&prog, &dir, &trace, &[&dir.str()]);
    assert_eq!(r.stdout, "3 hello 8\n");
    let text = text_dump(&trace);
    for want in [
        r#"nc_put_att_double(ncid=0x10000, varid=0, name="scale", bytes=24) = 0"#,
        r#"nc_put_att_text(ncid=0x10000, varid=-1, name="title", bytes=5) = 0"#,
        r#"nc_put_att(ncid=0x10000, varid=0, name="pair", bytes=4) = 0"#,
        r#"nc_get_att_double(ncid=0x10000, varid=0, name="scale", bytes=24) = 0"#,
        r#"nc_get_att_text(ncid=0x10000, varid=-1, name="title", bytes=5) = 0"#,
        r#"nc_get_att(ncid=0x10000, varid=0, name="pair", bytes=4) = 0"#,
    ] {
        assert_eq!(
            text.lines()
                .filter(|l| l.trim_end().ends_with(want))
                .count(),
            1,
            "{want} in\n{text}"
        );
    }
    let a = convert_and_check(&trace, &dir.join("atts.otf2"));
    let names: BTreeSet<&str> = a.regions.iter().map(|r| r.name.as_str()).collect();
    for f in [
        "nc_put_att_double",
        "nc_put_att_text",
        "nc_put_att",
        "nc_get_att_double",
        "nc_get_att_text",
        "nc_get_att",
    ] {
        assert!(names.contains(f), "no region {f}");
    }
}

/// Parallel netCDF-4 at 2 ranks (Debian's libnetcdf-mpi-dev): nc_create_par's handle has
/// MPI_COMM_WORLD, the chain is netCDF -> HDF5 -> MPI-IO -> POSIX, each collective
/// nc_put_vara_double / nc_get_vara_double is one 800-byte operation on the netCDF handle,
/// the paradigm is PARALLEL.
#[test]
fn parallel_netcdf4_at_2_ranks() {
    need!(
        have_mpirun() && pkg_config("netcdf-mpi").is_some(),
        "mpirun or pkg-config netcdf-mpi not found"
    );
    let dir = TestDir::new("nc-parallel");
    let libdir = pkg_config_variable("netcdf-mpi", "libdir").unwrap();
    let inc = format!("-I{libdir}/netcdf/mpi/include");
    let mut extra: Vec<String> = vec![inc];
    extra.extend(pkg_config("netcdf-mpi").unwrap());
    let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
    let prog = compile_mpi(&dir, "nc_parallel.c", &extra);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let r = run(mpirun(2, dir.path(), &trace, &[]).arg(&prog).arg(&data));
    r.assert_ok("nc_parallel");
    assert!(r.stdout.ends_with("failures: 0\n"), "{}", r.stdout);
    let a = convert_and_check(&trace, &dir.join("par.otf2"));
    let file = format!("{}/par.nc", data.display());
    let nc: Vec<&Handle> = a
        .handles
        .iter()
        .filter(|h| {
            h.paradigm.as_deref() == Some("netCDF") && h.file.as_deref() == Some(file.as_str())
        })
        .collect();
    assert!(!nc.is_empty(), "no netCDF handle for {file}");
    for h in &nc {
        assert_eq!(h.comm.as_deref(), Some("MPI_COMM_WORLD"), "{h:?}");
    }
    // netCDF -> HDF5 -> MPI-IO -> POSIX on the data file.
    let by_id: BTreeMap<u64, &Handle> = a.handles.iter().map(|h| (h.id, h)).collect();
    let chain_ok = a.handles.iter().any(|h| {
        h.paradigm.as_deref() == Some("POSIX") && h.file.as_deref() == Some(file.as_str()) && {
            let mut names = vec![];
            let mut cur = Some(h.id);
            while let Some(id) = cur {
                let hh = by_id[&id];
                names.push(hh.paradigm.clone().unwrap_or_default());
                cur = hh.parent_id;
            }
            names == ["POSIX", "MPI-IO", "HDF5", "netCDF"]
        }
    });
    assert!(
        chain_ok,
        "no POSIX handle of {file} with the chain netCDF -> HDF5 -> MPI-IO -> POSIX"
    );
    let ops: Vec<Op> = a
        .ops_on(&file)
        .into_iter()
        .filter(|o| o.paradigm == "netCDF")
        .collect();
    for (func, mode) in [
        ("nc_put_vara_double", "WRITE"),
        ("nc_get_vara_double", "READ"),
    ] {
        let mine: Vec<&Op> = ops.iter().filter(|o| o.region == func).collect();
        assert_eq!(mine.len(), 2, "{func}: one per rank: {mine:?}");
        for o in mine {
            assert_eq!(
                (o.mode.as_str(), o.bytes_request, o.bytes_result),
                (mode, 800, 800),
                "{o:?}"
            );
        }
    }
    let par = a
        .paradigms
        .iter()
        .find(|p| p.identification == "netCDF")
        .expect("netCDF paradigm");
    assert_eq!(par.class, "PARALLEL");
}

// ------------------------------------------------------------------------------ 6. netCDF-4 reads

/// read(2) and pread64(2) calls on `file` (a base name) in an `strace -f -y` log.
fn strace_reads(log: &str, file: &str) -> (u64, u64) {
    let on_file = format!("/{file}>");
    let (mut read, mut pread) = (0, 0);
    for l in log.lines() {
        // "[pid N] " or "N " prefixes with -f.
        let call = l
            .trim_start_matches(|c: char| c.is_ascii_digit() || c == ' ')
            .trim_start_matches("[pid")
            .trim_start_matches(|c: char| c.is_ascii_digit() || c == ' ' || c == ']');
        let Some((name, args)) = call.split_once('(') else {
            continue;
        };
        let fd_part = args.split(',').next().unwrap_or("");
        if !fd_part.ends_with(&on_file) {
            continue;
        }
        match name {
            "read" => read += 1,
            "pread64" => pread += 1,
            _ => {}
        }
    }
    (read, pread)
}

/// The reads of `file` (a base name) in an archive: (POSIX read calls, POSIX pread calls,
/// ISOC reads); every netCDF read (nc_get_var*) with data must have an HDF5 READ operation
/// inside it (in an H5Dread); returns also the HDF5 bytes read per dataset.
fn archive_reads(
    a: &Archive,
    file: &str,
    who: &str,
    p: &mut Problems,
) -> ((u64, u64, u64), BTreeMap<String, u64>) {
    let (mut read, mut pread, mut isoc) = (0, 0, 0);
    let mut h5_bytes: BTreeMap<String, u64> = BTreeMap::new();
    let mut nc_reads = 0;
    for loc in a.locations.iter() {
        let t = CallTree::new(loc);
        let ev = &loc.events;
        for (i, e) in ev.iter().enumerate() {
            if e.ty != "IoOperationBegin" || basename(e.file.as_deref().unwrap_or("")) != file {
                continue;
            }
            let region = t.region_at(i).unwrap_or("");
            match e.paradigm.as_deref() {
                Some("POSIX") if region == "read" => read += 1,
                Some("POSIX") if region.starts_with("pread") => pread += 1,
                Some("ISOC") if e.mode.as_deref() == Some("READ") => isoc += 1,
                Some("HDF5") if region == "H5Dread" => {
                    let d = e.attr_str("HDF5 dataset").unwrap_or("?").to_string();
                    *h5_bytes.entry(d).or_default() += e.bytes_request.unwrap_or(0);
                }
                _ => {}
            }
        }
        for (fi, f) in t.frames.iter().enumerate() {
            if !f.region.starts_with("nc_get_var") {
                continue;
            }
            let inside: Vec<&Event> = t.within(fi).map(|i| &ev[i]).collect();
            let nc = inside
                .iter()
                .find(|e| e.ty == "IoOperationBegin" && e.paradigm.as_deref() == Some(NETCDF));
            if nc.is_none_or(|e| e.bytes_request == Some(0)) {
                continue;
            }
            nc_reads += 1;
            let h5 = inside.iter().any(|e| {
                e.ty == "IoOperationBegin"
                    && e.paradigm.as_deref() == Some("HDF5")
                    && e.mode.as_deref() == Some("READ")
                    && basename(e.file.as_deref().unwrap_or("")) == file
            });
            p.check(h5, || {
                format!(
                    "{who}: {} (event #{}) reads {file} without an HDF5 read inside",
                    f.region, ev[f.enter].index
                )
            });
        }
    }
    p.check(nc_reads > 0, || format!("{who}: no netCDF read of {file}"));
    ((read, pread, isoc), h5_bytes)
}

/// netCDF-4 reads by a C program (nc_open + nc_get_var), nccopy and ncks (nco): HDF5 read
/// operations under every netCDF read (libnetcdf reads through dataset ids it keeps open past
/// their H5Oclose), and every pread(2) and read(2) of the file that strace sees is in the
/// trace (the recorder's own questions to libnetcdf load no metadata outside the program's
/// calls). The one read(2) of libnetcdf's magic-number check comes from an fread (stdio reads
/// through glibc's internal read): it is counted as the ISOC read it is in the trace.
#[test]
fn netcdf4_reads_show_hdf5_and_every_read() {
    need!(
        pkg_config("netcdf").is_some(),
        "pkg-config netcdf not found"
    );
    need!(have_program("strace"), "strace not found on PATH");
    let dir = TestDir::new("nc4-reads");
    let prog = compile_nc_all(&dir).unwrap();
    let libs = pkg_config("netcdf").unwrap();
    let extra: Vec<&str> = libs.iter().map(String::as_str).collect();
    let reader = compile(&dir, "nc4_read", &extra);
    let data = dir.subdir("data");
    run_untraced(&prog, &data, &[]).assert_ok("nc_all");
    let reader = reader.to_string_lossy().into_owned();
    let mut p = Problems::default();
    let mut readers: Vec<(&str, Vec<&str>)> = vec![("nc4_read", vec![&reader, "n4.nc"])];
    for (tool, args) in [
        ("nccopy", vec!["nccopy", "n4.nc", "copy.nc"]),
        ("ncks", vec!["ncks", "-O", "n4.nc", "k.nc"]),
    ] {
        if have_program(tool) {
            readers.push((tool, args));
        } else {
            p.check(false, || {
                format!("{tool} not found on PATH (scripts/setup.sh installs it)")
            });
        }
    }
    for (who, args) in &readers {
        let clean = || {
            for f in ["copy.nc", "k.nc"] {
                let _ = std::fs::remove_file(data.join(f));
            }
        };
        clean();
        let log = dir.join(format!("{who}.strace"));
        let r = run(command("strace", &data)
            .args(["-f", "-y", "-e", "trace=pread64,read", "-o"])
            .arg(&log)
            .args(args));
        r.assert_ok(&format!("strace {}", args.join(" ")));
        let (s_read, s_pread) = strace_reads(&std::fs::read_to_string(&log).unwrap(), "n4.nc");
        clean();
        let trace = dir.join(format!("trace-{who}"));
        let t = run(traced(args[0], &data, &trace).args(&args[1..]));
        t.assert_ok(&format!("traced {}", args.join(" ")));
        assert_eq!(
            t.stdout, r.stdout,
            "{who} prints something else with the recorder"
        );
        let a = convert_and_check(&trace, &dir.join(format!("{who}.otf2")));
        let ((read, pread, isoc), h5) = archive_reads(&a, "n4.nc", who, &mut p);
        eprintln!("{who}: strace: {s_read} read, {s_pread} pread64; trace: {read} read, {pread} pread, {isoc} stdio");
        p.check(s_pread > 10 && pread == s_pread, || {
            format!("{who}: strace sees {s_pread} pread64 of n4.nc, the trace has {pread}")
        });
        p.check(read + isoc == s_read, || {
            format!("{who}: strace sees {s_read} read of n4.nc, the trace has {read} read and {isoc} stdio reads")
        });
        if *who == "nc4_read" {
            // Every variable's bytes, as the program computed them, read by HDF5.
            let want: BTreeMap<String, u64> = t
                .stdout
                .lines()
                .filter_map(|l| l.strip_prefix("op nc_get_var var="))
                .filter_map(|l| l.split_once(" bytes="))
                .map(|(v, b)| (format!("/{v}"), b.parse().unwrap()))
                .collect();
            p.check(want.len() == 13 && h5 == want, || {
                format!("nc4_read: HDF5 bytes read per dataset {h5:?}, the program's {want:?}")
            });
        }
    }
    p.finish("netCDF-4 reads");
}
