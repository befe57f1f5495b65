//! PnetCDF (Debian's libpnetcdf-dev 1.12.3 on Open MPI): the wrappers against what
//! libpnetcdf.so exports and what scripts/gen-pnetcdf.py generates from pnetcdf.h, the C
//! program pnc_all.c at 1 and 4 ranks, and Debian's ncmpidump on a file written traced.
//!
//! pnc_all.c prints (from rank 0, every rank's lines in rank order) one
//! `op <function> rank=<r> var=<name> bytes=<n>` line per data call or request, one
//! `wait <function> rank=<r> completed=<k> cancelled=<c>` line per ncmpi_wait / wait_all /
//! cancel, a `request ... req=<NC_REQ_NULL | id>` line for its zero-length iput and
//! `failures: 0`. Those lines are the expectations the archive is checked against, per rank:
//! - one PnetCDF IoOperationBegin per `op` line (plus the FLUSH of ncmpi_sync), in program
//!   order, directly inside that function, on the PnetCDF handle of the file, with the
//!   variable in the attribute "netCDF variable" and the printed bytes;
//! - blocking calls: Begin/Complete directly inside the call, COLLECTIVE for `_all`, the
//!   attribute "netCDF selection" on the Complete;
//! - iput / iget / bput: Begin[NON_BLOCKING] (+ COLLECTIVE when a ncmpi_wait_all completes
//!   it) and Issued (with the selection) directly inside the call, then exactly one Complete
//!   (or, for ncmpi_cancel, Cancelled) with the same matching id on the same handle directly
//!   inside the wait / cancel call that the `wait` lines say ended it, after the MPI-IO
//!   transfers PnetCDF does inside that call;
//! - a zero-length iput (PnetCDF returns NC_REQ_NULL): a blocking Begin/Complete of 0 bytes
//!   inside the iput;
//! - handles: a PnetCDF handle per ncmpi_create / ncmpi_open with MPI_COMM_WORLD; the MPI-IO
//!   handles PnetCDF opens (in ncmpi_create / ncmpi_open, and on MPI_COMM_SELF in the first
//!   ncmpi_begin_indep_data) have it as parent; the POSIX handles on the file have the MPI-IO
//!   handle as parent, except the format probe ncmpi_open does with plain open/read on rank 0,
//!   whose parent is the PnetCDF handle.
//!
//! Every test skips itself (passes with a message) when PnetCDF or mpirun is missing.

use e2e_tests::*;
use io_events::functions::Layer;
use io_events::FUNCTIONS;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The PnetCDF I/O paradigm's identification.
const PNC: &str = "PnetCDF";
const MPIIO: &str = "MPI-IO";
const POSIX: &str = "POSIX";
/// The Begin attribute naming the variable.
const VAR_ATTR: &str = "netCDF variable";
/// The selection attribute (Complete of a blocking call, Issued of a non-blocking one).
const SEL_ATTR: &str = "netCDF selection";
/// The data file pnc_all.c writes into its directory.
const FILE_NAME: &str = "pnc_all.nc";
/// The calls that end requests.
const WAITS: [&str; 3] = ["ncmpi_wait", "ncmpi_wait_all", "ncmpi_cancel"];

macro_rules! need {
    ($cond:expr, $what:expr) => {
        if !$cond {
            eprintln!("skipped: {}", $what);
            return;
        }
    };
}

macro_rules! need_mpirun {
    () => {
        if !have_mpirun() {
            eprintln!(
                "skipped: mpirun not found on PATH (Open MPI is needed for the PnetCDF tests)"
            );
            return;
        }
    };
}

// ------------------------------------------------------------------------------ helpers

/// Whether `name` is a PnetCDF data function: `ncmpi_(put|get|iput|iget|bput)_var*` (not the
/// multi-variable ncmpi_mput / ncmpi_mget).
fn is_data_function(name: &str) -> bool {
    [
        "ncmpi_put_var",
        "ncmpi_get_var",
        "ncmpi_iput_var",
        "ncmpi_iget_var",
        "ncmpi_bput_var",
    ]
    .iter()
    .any(|p| name.starts_with(p))
}

/// Whether a data function posts a request (iput / iget / bput).
fn is_nonblocking(name: &str) -> bool {
    ["ncmpi_iput_", "ncmpi_iget_", "ncmpi_bput_"]
        .iter()
        .any(|p| name.starts_with(p))
}

fn mode_of(func: &str) -> &'static str {
    if func.starts_with("ncmpi_get_") || func.starts_with("ncmpi_iget_") {
        "READ"
    } else {
        "WRITE"
    }
}

/// libpnetcdf.so: in pkg-config's libdir, or (Debian's pnetcdf.pc says libdir=/usr/lib while
/// the library is in the multiarch directory) where the compiler finds it.
fn libpnetcdf() -> Option<PathBuf> {
    let mut cands = Vec::new();
    if let Some(d) = pkg_config_variable("pnetcdf", "libdir") {
        cands.push(Path::new(&d).join("libpnetcdf.so"));
    }
    if let Ok(o) = Command::new("gcc")
        .arg("-print-file-name=libpnetcdf.so")
        .output()
    {
        let s = String::from_utf8_lossy(&o.stdout).trim().to_string();
        if s.starts_with('/') {
            cands.push(PathBuf::from(s));
        }
    }
    cands
        .into_iter()
        .find(|p| p.is_file())
        .map(|p| p.canonicalize().unwrap_or(p))
}

fn pnc_functions() -> BTreeSet<&'static str> {
    FUNCTIONS
        .iter()
        .filter(|f| f.layer == Layer::PnetCdf)
        .map(|f| f.name)
        .collect()
}

fn kv(words: &str) -> BTreeMap<String, String> {
    words
        .split_whitespace()
        .filter_map(|w| w.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn num(m: &BTreeMap<String, String>, k: &str, line: &str) -> u64 {
    m.get(k)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no numeric {k}= in line {line:?}"))
}

fn strs(v: &[&str]) -> BTreeSet<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn compile_pnc_all(dir: &TestDir) -> PathBuf {
    let libs = pkg_config("pnetcdf").expect("pkg-config pnetcdf");
    let extra: Vec<&str> = libs.iter().map(String::as_str).collect();
    compile_mpi(dir, "pnc_all.c", &extra)
}

// ------------------------------------------------------------------------------ expectations

/// How an expected operation ends.
#[derive(Debug, Clone, PartialEq)]
enum End {
    /// Completed inside the call that began it (blocking).
    Same,
    /// A request ended by the `nth` wait / cancel call of the rank (`func`).
    By {
        nth: usize,
        func: String,
        cancelled: bool,
    },
    /// Not ended yet (while parsing).
    Pending,
}

/// One expected PnetCDF operation of a rank.
#[derive(Debug, Clone)]
struct Want {
    func: String,
    /// None for the FLUSH of ncmpi_sync.
    var: Option<String>,
    mode: &'static str,
    bytes: u64,
    end: End,
}

impl Want {
    fn nb(&self) -> bool {
        matches!(self.end, End::By { .. })
    }
    /// Operation flags of its Begin.
    fn flags(&self) -> BTreeSet<String> {
        match &self.end {
            End::Same if self.func.ends_with("_all") || self.func == "ncmpi_sync" => {
                strs(&["COLLECTIVE"])
            }
            End::Same => strs(&[]),
            End::By { func, .. } if func == "ncmpi_wait_all" => {
                strs(&["NON_BLOCKING", "COLLECTIVE"])
            }
            End::By { .. } => strs(&["NON_BLOCKING"]),
            End::Pending => unreachable!(),
        }
    }
    fn key(&self) -> (String, Option<String>, String, u64) {
        (
            self.func.clone(),
            self.var.clone(),
            self.mode.to_string(),
            self.bytes,
        )
    }
}

/// What pnc_all.c printed for one rank: the operations (with the FLUSH of ncmpi_sync after
/// the last wait, where the program calls it) and the wait / cancel functions in order.
#[derive(Debug)]
struct RankOut {
    ops: Vec<Want>,
    waits: Vec<String>,
}

fn parse_rank(stdout: &str, rank: u64) -> RankOut {
    let mut ops: Vec<Want> = Vec::new();
    let mut waits: Vec<String> = Vec::new();
    let mut pending: Vec<usize> = Vec::new();
    let mut after_last_wait = None;
    for line in stdout.lines() {
        let Some((kind, rest)) = line.split_once(' ') else {
            continue;
        };
        if !matches!(kind, "op" | "wait" | "request") {
            continue;
        }
        let (func, rest) = rest.split_once(' ').expect("a line with fields");
        let m = kv(rest);
        if num(&m, "rank", line) != rank {
            continue;
        }
        match kind {
            "op" => {
                let nb = is_nonblocking(func);
                if nb {
                    pending.push(ops.len());
                }
                ops.push(Want {
                    func: func.to_string(),
                    var: Some(m.get("var").expect("var=").clone()),
                    mode: mode_of(func),
                    bytes: num(&m, "bytes", line),
                    end: if nb { End::Pending } else { End::Same },
                });
            }
            "request" => {
                // A zero-length request PnetCDF did not post: a blocking operation.
                if m.get("req").map(String::as_str) == Some("NC_REQ_NULL") {
                    let i = pending.pop().expect("a request line after an iput");
                    assert_eq!(i + 1, ops.len(), "request line not after its op: {line}");
                    ops[i].end = End::Same;
                }
            }
            _ => {
                let (k, c) = (num(&m, "completed", line), num(&m, "cancelled", line));
                // pnc_all.c ends every pending request in each wait / cancel call.
                assert_eq!(
                    pending.len() as u64,
                    k + c,
                    "rank {rank}: {} requests pending at {line:?}",
                    pending.len()
                );
                assert!(k == 0 || c == 0, "{line}");
                for i in pending.drain(..) {
                    ops[i].end = End::By {
                        nth: waits.len(),
                        func: func.to_string(),
                        cancelled: c > 0,
                    };
                }
                waits.push(func.to_string());
                after_last_wait = Some(ops.len());
            }
        }
    }
    assert!(pending.is_empty(), "rank {rank}: requests never ended");
    let at = after_last_wait.unwrap_or_else(|| panic!("rank {rank}: no wait line"));
    ops.insert(
        at,
        Want {
            func: "ncmpi_sync".into(),
            var: None,
            mode: "FLUSH",
            bytes: 0,
            end: End::Same,
        },
    );
    RankOut { ops, waits }
}

/// The "netCDF selection" of a pnc_all.c operation of rank `r` (bounding box
/// `[start+extent,...]`, plus count and stride of a vars call); None: no attribute (varn,
/// ncmpi_sync); Err: an operation this table does not know.
fn want_selection(w: &Want, r: u64) -> Result<Option<String>, String> {
    let (o, q) = (100 * r, 10 * r); // first element (1-D) and first row (2-D) of rank r
    let var = w.var.as_deref().unwrap_or("");
    Ok(Some(match (w.func.as_str(), var, w.bytes) {
        ("ncmpi_sync", _, _) | ("ncmpi_put_varn_float_all", _, _) => return Ok(None),
        ("ncmpi_put_vara_double_all" | "ncmpi_get_vara_double_all", _, 800) => {
            format!("[{o}+100]")
        }
        ("ncmpi_put_vara_all", "m", 400) => format!("[{q}+10,0+10]"),
        ("ncmpi_put_vars_int_all", "m", 100) => {
            format!("[{q}+9,0+9] count [5,5] stride [2,2]")
        }
        ("ncmpi_put_var1_int_all", "m", 4) => format!("[{}+1,9+1]", q + 9),
        ("ncmpi_put_vara_int", "m", 40) => format!("[{}+1,0+10]", q + 1),
        ("ncmpi_get_var1_double", "v", 8) => format!("[{}+1]", o + 3),
        ("ncmpi_iput_vara_double", "w", 480) => format!("[{o}+60]"),
        ("ncmpi_iput_vara_double", "w", 320) => format!("[{}+40]", o + 60),
        ("ncmpi_iget_vara_int", "m", 160) => format!("[{q}+4,0+10]"),
        ("ncmpi_iput_var1_double", "w", 8) => format!("[{}+1]", o + 99),
        ("ncmpi_iput_vara_double", "w", 80) => format!("[{o}+10]"),
        ("ncmpi_bput_vara_double", "b", 240) => format!("[{o}+30]"),
        ("ncmpi_bput_vara_double", "b", 560) => format!("[{}+70]", o + 30),
        ("ncmpi_iput_vara_double", "w", 0) => format!("[{o}+0]"),
        ("ncmpi_get_vara_int_all" | "ncmpi_get_vara_float_all", _, 400) => {
            format!("[{q}+10,0+10]")
        }
        _ => return Err(format!("no expected selection for {w:?}")),
    }))
}

// ------------------------------------------------------------------------------ the archive

/// One PnetCDF operation of a location, as the archive shows it.
#[derive(Debug)]
struct Got {
    /// Position of its Begin in the location's events.
    begin: usize,
    /// The call (frame) the Begin is directly in.
    frame: usize,
    func: String,
    var: Option<String>,
    mode: String,
    bytes: u64,
    flags: BTreeSet<String>,
    handle: u64,
    matching: u64,
    /// Positions of its IoOperationIssued events.
    issued: Vec<usize>,
    /// Position of its Complete / Cancelled.
    end: Option<usize>,
}

impl Got {
    fn key(&self) -> (String, Option<String>, String, u64) {
        (
            self.func.clone(),
            self.var.clone(),
            self.mode.clone(),
            self.bytes,
        )
    }
}

/// The PnetCDF operations of one location in Begin order; problems: an end or Issued
/// without Begin, a Begin while the same (handle, matching id) is in flight, IoOperationTest,
/// operations never ended.
fn pnc_ops(loc: &Location, t: &CallTree, p: &mut Problems) -> Vec<Got> {
    let ev = &loc.events;
    let mut out: Vec<Got> = Vec::new();
    let mut open: BTreeMap<(u64, u64), usize> = BTreeMap::new();
    for (i, e) in ev.iter().enumerate() {
        if e.paradigm.as_deref() != Some(PNC) || !e.ty.starts_with("IoOperation") {
            continue;
        }
        let key = (e.handle_id.unwrap(), e.matching_id.unwrap());
        match e.ty.as_str() {
            "IoOperationBegin" => {
                p.check(!open.contains_key(&key), || {
                    format!(
                        "{}: PnetCDF Begin #{} while (handle, matching id) {key:?} is in flight",
                        loc.name, e.index
                    )
                });
                open.insert(key, out.len());
                out.push(Got {
                    begin: i,
                    frame: t.owner[i].expect("a Begin inside a call"),
                    func: t.region_at(i).unwrap_or("").to_string(),
                    var: e.attr_str(VAR_ATTR).map(String::from),
                    mode: e.mode.clone().unwrap_or_default(),
                    bytes: e.bytes_request.unwrap_or(u64::MAX),
                    flags: flags(&e.flags).into_iter().collect(),
                    handle: key.0,
                    matching: key.1,
                    issued: Vec::new(),
                    end: None,
                });
            }
            "IoOperationIssued" => match open.get(&key) {
                Some(&k) => out[k].issued.push(i),
                None => p.check(false, || {
                    format!("{}: PnetCDF Issued #{} without Begin", loc.name, e.index)
                }),
            },
            "IoOperationComplete" | "IoOperationCancelled" => match open.remove(&key) {
                Some(k) => out[k].end = Some(i),
                None => p.check(false, || {
                    format!(
                        "{}: PnetCDF {} #{} without Begin (handle {}, matching id {})",
                        loc.name, e.ty, e.index, key.0, key.1
                    )
                }),
            },
            other => p.check(false, || {
                format!("{}: unexpected PnetCDF {other} #{}", loc.name, e.index)
            }),
        }
    }
    p.check(open.is_empty(), || {
        format!("{}: PnetCDF operations never ended: {open:?}", loc.name)
    });
    out
}

/// The frames nested in frame `f` (at any depth) that have an MPI-IO IoOperationBegin
/// directly inside.
fn mpi_data_frames(t: &CallTree, f: usize) -> Vec<usize> {
    let ev = &t.loc.events;
    (0..t.frames.len())
        .filter(|&g| {
            g != f
                && t.frames[g].enter > t.frames[f].enter
                && t.frames[g].leave < t.frames[f].leave
                && t.direct(g).iter().any(|&i| {
                    ev[i].ty == "IoOperationBegin" && ev[i].paradigm.as_deref() == Some(MPIIO)
                })
        })
        .collect()
}

/// MPI-IO operations (Begin positions) inside frame `f` at any depth.
fn mpi_begins(t: &CallTree, f: usize) -> Vec<usize> {
    let ev = &t.loc.events;
    t.within(f)
        .filter(|&i| ev[i].ty == "IoOperationBegin" && ev[i].paradigm.as_deref() == Some(MPIIO))
        .collect()
}

/// IoCreateHandle / IoDestroyHandle events of `paradigm` on `file`: positions.
fn handle_events(loc: &Location, ty: &str, paradigm: &str, file: &str) -> Vec<usize> {
    loc.events
        .iter()
        .enumerate()
        .filter(|(_, e)| {
            e.ty == ty && e.paradigm.as_deref() == Some(paradigm) && e.file.as_deref() == Some(file)
        })
        .map(|(i, _)| i)
        .collect()
}

/// The sorted members (ranks) of a handle's communicator and the communicator's name.
fn comm_of(a: &Archive, h: &Handle) -> Option<(Vec<u64>, String)> {
    let c = h.comm_id?;
    let mut m = a.comm_members(c);
    m.sort();
    Some((m, a.comm(c).name.clone()))
}

// ------------------------------------------------------------------------------ 1. the table

/// Every ncmpi_(put|get|iput|iget|bput)_var* function libpnetcdf.so exports is a PnetCDF
/// function of the table and is defined by librecorder_otf2.so; every data function of the
/// table is exported by libpnetcdf; the generator's --check passes and counts as many data
/// functions in pnetcdf.h as libpnetcdf exports.
#[test]
fn every_exported_data_function_is_interposed() {
    need!(
        pkg_config("pnetcdf").is_some(),
        "pkg-config pnetcdf not found"
    );
    let Some(lib) = libpnetcdf() else {
        eprintln!("skipped: libpnetcdf.so not found");
        return;
    };
    let exported: BTreeSet<String> = defined_symbols(&lib)
        .into_iter()
        .filter(|s| is_data_function(s))
        .collect();
    for f in [
        "ncmpi_put_vara_double_all",
        "ncmpi_get_vara_double",
        "ncmpi_iput_vara_double",
        "ncmpi_iget_vara_int",
        "ncmpi_bput_vara_double",
        "ncmpi_put_varn_float_all",
        "ncmpi_get_vard_all",
    ] {
        assert!(
            exported.contains(f),
            "{} does not export {f} ({} data functions)",
            lib.display(),
            exported.len()
        );
    }
    let wrapped = defined_symbols(&build().lib);
    let table = pnc_functions();
    let mut p = Problems::default();
    for f in &exported {
        p.check(wrapped.contains(f), || {
            format!(
                "{f}: exported by {}, not defined by {}",
                lib.display(),
                build().lib.display()
            )
        });
        p.check(table.contains(f.as_str()), || {
            format!("{f}: exported by libpnetcdf, not a PnetCDF function of the table")
        });
    }
    for f in table.iter().filter(|f| is_data_function(f)) {
        p.check(exported.contains(*f), || {
            format!("{f}: a data function of the table that libpnetcdf does not export")
        });
    }
    // The calls around the data functions.
    let all_lib = defined_symbols(&lib);
    for f in [
        "ncmpi_create",
        "ncmpi_open",
        "ncmpi_close",
        "ncmpi_sync",
        "ncmpi_begin_indep_data",
        "ncmpi_end_indep_data",
        "ncmpi_wait",
        "ncmpi_wait_all",
        "ncmpi_cancel",
        "ncmpi_buffer_attach",
        "ncmpi_buffer_detach",
    ] {
        p.check(all_lib.contains(f) && wrapped.contains(f), || {
            format!(
                "{f}: exported by libpnetcdf: {}, defined by the recorder: {}",
                all_lib.contains(f),
                wrapped.contains(f)
            )
        });
    }
    p.finish("PnetCDF data functions");
    eprintln!(
        "{} data functions exported by {}, all interposed",
        exported.len(),
        lib.display()
    );

    // The generated wrappers are the header's.
    let header = pkg_config_variable("pnetcdf", "includedir")
        .map(|d| Path::new(&d).join("pnetcdf.h"))
        .filter(|h| h.is_file())
        .unwrap_or_else(|| PathBuf::from("/usr/include/pnetcdf.h"));
    need!(header.is_file(), "pnetcdf.h not found");
    let root = &build().root;
    // The script needs only the standard library: the system interpreter, not whatever
    // python3 comes first on PATH.
    let python = if Path::new(SYSTEM_PYTHON).is_file() {
        SYSTEM_PYTHON
    } else {
        "python3"
    };
    let mut c = command(python, root);
    c.arg(root.join("scripts/gen-pnetcdf.py"))
        .arg("--check")
        .arg(&header);
    let r = run(&mut c);
    r.assert_ok("scripts/gen-pnetcdf.py --check");
    let want = format!("{} data and", exported.len());
    assert!(
        r.stdout.contains(&want) && r.stdout.contains("up to date"),
        "gen-pnetcdf.py --check says {:?}, want \"... {want} ... up to date\"",
        r.stdout
    );
}

#[test]
fn data_function_pattern() {
    for f in [
        "ncmpi_put_var",
        "ncmpi_get_vara_double_all",
        "ncmpi_iput_var1_int",
        "ncmpi_iget_varn_float",
        "ncmpi_bput_vars_uchar",
    ] {
        assert!(is_data_function(f), "{f}");
    }
    for f in [
        "ncmpi_mput_vara_all",
        "ncmpi_mget_vara",
        "ncmpi_put_att_text",
        "ncmpi_inq_varid",
        "ncmpi_wait_all",
    ] {
        assert!(!is_data_function(f), "{f}");
    }
    assert!(is_nonblocking("ncmpi_bput_vara_double"));
    assert!(!is_nonblocking("ncmpi_put_vara_double_all"));
    assert_eq!(mode_of("ncmpi_iget_vara_int"), "READ");
    assert_eq!(mode_of("ncmpi_bput_var"), "WRITE");
}

// ------------------------------------------------------------------------------ 2. pnc_all.c

/// The per-rank function counts pnc_all.c implies besides its data calls (metadata
/// `function_counts`; the `Event` records are counted there but are no regions).
fn fixed_counts(out: &RankOut) -> BTreeMap<String, (u64, bool)> {
    let mut m: BTreeMap<String, (u64, bool)> = BTreeMap::new();
    for (f, n) in [
        ("ncmpi_create", 1),
        ("ncmpi_open", 1),
        ("ncmpi_close", 2),
        ("ncmpi_sync", 1),
        ("ncmpi_enddef", 1),
        ("ncmpi_def_dim", 3),
        ("ncmpi_def_var", 5),
        ("ncmpi_put_att_text", 2),
        ("ncmpi_begin_indep_data", 2),
        ("ncmpi_end_indep_data", 2),
        ("ncmpi_buffer_attach", 1),
        ("ncmpi_buffer_detach", 1),
    ] {
        m.insert(f.into(), (n, true));
    }
    for w in &out.waits {
        m.entry(w.clone()).or_insert((0, true)).0 += 1;
    }
    for w in out.ops.iter().filter(|w| w.var.is_some()) {
        m.entry(w.func.clone()).or_insert((0, true)).0 += 1;
    }
    // One ncmpi_request_done per request id passed to a wait / cancel (the bput pair goes
    // to ncmpi_wait_all(NC_REQ_ALL): one ncmpi_requests_done instead).
    let by_id = out
        .ops
        .iter()
        .filter(|w| matches!(&w.end, End::By { func, .. } if !(func == "ncmpi_wait_all" && w.func.starts_with("ncmpi_bput"))))
        .count() as u64;
    m.insert("ncmpi_request_done".into(), (by_id, false));
    m.insert("ncmpi_requests_done".into(), (1, false));
    let sels = out
        .ops
        .iter()
        .filter(|w| w.var.is_some() && w.func != "ncmpi_put_varn_float_all")
        .count() as u64;
    m.insert("ncmpi_selection".into(), (sels, false));
    m.insert("ncmpi_stride".into(), (1, false));
    // What a replay at the PnetCDF layer needs: one start/count pair per subarray (the
    // varn has 2), strides for the vars, dimension ids per def_var.
    m.insert("ncmpi_start".into(), (sels + 2, false));
    m.insert("ncmpi_count".into(), (sels + 2, false));
    m.insert("ncmpi_strides".into(), (1, false));
    m.insert("ncmpi_dimids".into(), (5, false));
    m
}

fn pnc_all(np: u64) {
    let dir = TestDir::new(&format!("pnc-all-{np}"));
    let prog = compile_pnc_all(&dir);
    let plain = dir.subdir("plain");
    let r0 = run(mpirun_untraced(np as u32, dir.path())
        .arg(&prog)
        .arg(&plain));
    r0.assert_ok(&format!("untraced pnc_all at {np} ranks"));
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let r = run(mpirun(np as u32, dir.path(), &trace, &[])
        .arg(&prog)
        .arg(&data));
    r.assert_ok(&format!("traced pnc_all at {np} ranks"));
    assert_eq!(
        r.stdout, r0.stdout,
        "{np} ranks: the output differs with the recorder"
    );
    assert!(r.stdout.ends_with("failures: 0\n"), "{}", r.stdout);
    let file = format!("{}/{FILE_NAME}", data.display());
    let all_ranks: Vec<u64> = (0..np).collect();

    // Native metadata: one process per rank; PnetCDF function counts.
    let procs = processes(&trace);
    assert_eq!(procs.len() as u64, np, "{procs:#?}");
    let outs: Vec<RankOut> = (0..np).map(|k| parse_rank(&r.stdout, k)).collect();
    // What pnc_all.c's lines say, as its header describes it: 21 data calls (+ the FLUSH),
    // the two iputs and the iget ended by the first ncmpi_wait_all, the iput_var1 by
    // ncmpi_wait, one iput cancelled, the bput pair ended by ncmpi_wait_all(NC_REQ_ALL), the
    // zero-length iput blocking (NC_REQ_NULL) and its ncmpi_wait_all ending nothing.
    for (k, o) in outs.iter().enumerate() {
        assert_eq!(
            o.waits,
            [
                "ncmpi_wait_all",
                "ncmpi_wait",
                "ncmpi_cancel",
                "ncmpi_wait_all",
                "ncmpi_wait_all"
            ],
            "rank {k}"
        );
        assert_eq!(o.ops.len(), 22, "rank {k}: {:#?}", o.ops);
        let ended_by = |n: usize| -> Vec<(&str, u64, bool)> {
            o.ops
                .iter()
                .filter_map(|w| match &w.end {
                    End::By { nth, cancelled, .. } if *nth == n => {
                        Some((w.func.as_str(), w.bytes, *cancelled))
                    }
                    _ => None,
                })
                .collect()
        };
        let want: [&[(&str, u64, bool)]; 5] = [
            &[
                ("ncmpi_iput_vara_double", 480, false),
                ("ncmpi_iput_vara_double", 320, false),
                ("ncmpi_iget_vara_int", 160, false),
            ],
            &[("ncmpi_iput_var1_double", 8, false)],
            &[("ncmpi_iput_vara_double", 80, true)],
            &[
                ("ncmpi_bput_vara_double", 240, false),
                ("ncmpi_bput_vara_double", 560, false),
            ],
            &[],
        ];
        for (n, w) in want.iter().enumerate() {
            assert_eq!(ended_by(n), *w, "rank {k}: requests ended by wait #{n}");
        }
    }
    let mut p = Problems::default();
    for proc in &procs {
        let rank = proc.meta.rank.expect("a rank") as u64;
        let want = fixed_counts(&outs[rank as usize]);
        for (f, (n, _)) in &want {
            p.check(proc.count(f) == *n, || {
                format!("rank {rank}: {f} counted {}, want {n}", proc.count(f))
            });
        }
        for (f, n) in &proc.meta.function_counts {
            p.check(!f.starts_with("ncmpi_") || want.contains_key(f), || {
                format!("rank {rank}: {f} counted {n} times, not called by pnc_all.c")
            });
        }
    }

    check_text_dump(&trace, np, &outs[0], &mut p);

    // otf2-print --silent -Werror and the checker (convert_and_check) accept the archive.
    let a = convert_and_check(&trace, &dir.join("out.otf2"));
    // The paradigm.
    let par = a
        .paradigms
        .iter()
        .find(|x| x.identification == PNC)
        .unwrap_or_else(|| panic!("no {PNC} io paradigm: {:?}", a.paradigms));
    assert_eq!(par.class, "PARALLEL", "{par:?}");
    assert_eq!(
        a.location_groups.len() as u64,
        np,
        "{:?}",
        a.location_groups
    );

    // Handle definitions on the file: PnetCDF at the top, MPI-IO below it, POSIX below that
    // (or below PnetCDF: the format probe of ncmpi_open).
    let on_file: Vec<&Handle> = a
        .handles
        .iter()
        .filter(|h| h.file.as_deref() == Some(file.as_str()))
        .collect();
    let par_of = |h: &Handle| {
        h.parent_id
            .map(|x| a.handle(x).paradigm.clone().unwrap_or_default())
    };
    for h in &on_file {
        let parent = par_of(h);
        let ok = match h.paradigm.as_deref() {
            Some(PNC) => parent.is_none(),
            Some(MPIIO) => parent.as_deref() == Some(PNC),
            Some(POSIX) => matches!(parent.as_deref(), Some(MPIIO) | Some(PNC)),
            _ => false,
        };
        p.check(ok, || {
            format!(
                "handle {} on {file}: {:?} with parent paradigm {parent:?}",
                h.id, h.paradigm
            )
        });
    }
    for e in a.events() {
        if e.file.as_deref() == Some(file.as_str()) {
            p.check(
                matches!(e.paradigm.as_deref(), Some(PNC) | Some(MPIIO) | Some(POSIX)),
                || {
                    format!(
                        "{} #{} on {file} of paradigm {:?}",
                        e.ty, e.index, e.paradigm
                    )
                },
            );
        }
    }

    for g in &a.location_groups {
        let rank = g.id;
        p.check(g.name.starts_with(&format!("rank {rank} (")), || {
            format!("location group {g:?}")
        });
        let locs = a.locations_of(rank);
        let with_pnc: Vec<&&Location> = locs
            .iter()
            .filter(|l| l.events.iter().any(|e| e.paradigm.as_deref() == Some(PNC)))
            .collect();
        p.check(with_pnc.len() == 1, || {
            format!(
                "rank {rank}: {} locations with PnetCDF events",
                with_pnc.len()
            )
        });
        let Some(loc) = with_pnc.first() else {
            continue;
        };
        check_rank(
            &a,
            loc,
            rank,
            np,
            &file,
            &all_ranks,
            &outs[rank as usize],
            &mut p,
        );
    }
    p.finish(&format!("pnc_all at {np} ranks"));
}

/// recorder2text, per process: the counts passed to ncmpi_wait_all (3, NC_REQ_ALL = -1 for
/// the bput pair, 1 for the zero-length request), one ncmpi_requests_done(which=0 (all),
/// cancelled=0, collective=1) right after the NC_REQ_ALL wait, and one ncmpi_request_done
/// per request id handed to a wait / cancel with its cancelled / collective fields.
fn check_text_dump(trace: &Path, np: u64, out: &RankOut, p: &mut Problems) {
    let text = text_dump(trace);
    let sections: Vec<&str> = text.split("# process ").skip(1).collect();
    p.check(sections.len() as u64 == np, || {
        format!("recorder2text: {} processes, want {np}", sections.len())
    });
    // (cancelled, collective) of the request ids, from the program's lines.
    let mut want_done: BTreeMap<(u64, u64), usize> = BTreeMap::new();
    for w in &out.ops {
        if let End::By {
            func, cancelled, ..
        } = &w.end
        {
            if func == "ncmpi_wait_all" && w.func.starts_with("ncmpi_bput") {
                continue; // ended by NC_REQ_ALL
            }
            *want_done
                .entry((*cancelled as u64, (func == "ncmpi_wait_all") as u64))
                .or_default() += 1;
        }
    }
    for (k, s) in sections.iter().enumerate() {
        let lines: Vec<&str> = s.lines().collect();
        let field = |l: &str, name: &str| -> Option<String> {
            let rest = l.split_once(&format!("{name}="))?.1;
            Some(rest.split([',', ')']).next()?.to_string())
        };
        let waits: Vec<(usize, String)> = lines
            .iter()
            .enumerate()
            .filter(|(_, l)| l.contains(" ncmpi_wait_all("))
            .map(|(i, l)| (i, field(l, "count").unwrap_or_default()))
            .collect();
        let counts: Vec<&str> = waits.iter().map(|w| w.1.as_str()).collect();
        p.check(counts == ["3", "-1", "1"], || {
            format!("recorder2text process #{k}: ncmpi_wait_all counts {counts:?}, want [3, -1, 1]")
        });
        let all: Vec<usize> = lines
            .iter()
            .enumerate()
            .filter(|(_, l)| l.contains(" ncmpi_requests_done("))
            .map(|(i, _)| i)
            .collect();
        let after_req_all = waits.get(1).map(|w| w.0);
        let ok = all.len() == 1 && {
            let l = lines[all[0]];
            field(l, "which").as_deref() == Some("0")
                && field(l, "cancelled").as_deref() == Some("0")
                && field(l, "collective").as_deref() == Some("1")
                && after_req_all.is_some_and(|w| {
                    w < all[0] && lines[w + 1..all[0]].iter().all(|x| !x.contains(" ncmpi_"))
                })
        };
        p.check(ok, || {
            format!(
                "recorder2text process #{k}: ncmpi_requests_done lines {:?}, want one \
                 (which=0, cancelled=0, collective=1) right after ncmpi_wait_all(count=-1)",
                all.iter().map(|&i| lines[i]).collect::<Vec<_>>()
            )
        });
        let mut done: BTreeMap<(u64, u64), usize> = BTreeMap::new();
        for l in lines.iter().filter(|l| l.contains(" ncmpi_request_done(")) {
            let f = |n: &str| field(l, n).and_then(|v| v.parse::<u64>().ok()).unwrap_or(9);
            *done.entry((f("cancelled"), f("collective"))).or_default() += 1;
        }
        p.check(done == want_done, || {
            format!(
                "recorder2text process #{k}: ncmpi_request_done (cancelled, collective) -> \
                 count {done:?}, want {want_done:?}"
            )
        });
    }
}

/// Everything about one rank's location.
#[allow(clippy::too_many_arguments)]
fn check_rank(
    a: &Archive,
    loc: &Location,
    rank: u64,
    np: u64,
    file: &str,
    all_ranks: &[u64],
    out: &RankOut,
    p: &mut Problems,
) {
    let t = CallTree::new(loc);
    let ev = &loc.events;
    let who = format!("rank {rank}");

    // Function regions: as many as counted.
    for (f, (n, region)) in fixed_counts(out) {
        let calls = t.frames_of(&f).count() as u64;
        let want = if region { n } else { 0 };
        p.check(calls == want, || {
            format!("{who}: {calls} {f} regions, want {want}")
        });
    }

    // ---- PnetCDF handles: one per ncmpi_create / ncmpi_open, destroyed by ncmpi_close.
    let creates = handle_events(loc, "IoCreateHandle", PNC, file);
    let destroys = handle_events(loc, "IoDestroyHandle", PNC, file);
    let created_in: Vec<&str> = creates
        .iter()
        .map(|&i| t.region_at(i).unwrap_or(""))
        .collect();
    let destroyed_in: Vec<&str> = destroys
        .iter()
        .map(|&i| t.region_at(i).unwrap_or(""))
        .collect();
    p.check(created_in == ["ncmpi_create", "ncmpi_open"], || {
        format!("{who}: PnetCDF handles of {file} created directly in {created_in:?}")
    });
    p.check(destroyed_in == ["ncmpi_close", "ncmpi_close"], || {
        format!("{who}: PnetCDF handles of {file} destroyed directly in {destroyed_in:?}")
    });
    if creates.len() != 2 || destroys.len() != 2 {
        return;
    }
    p.check(
        creates[0] < destroys[0] && destroys[0] < creates[1] && creates[1] < destroys[1],
        || format!("{who}: PnetCDF create/destroy order {creates:?} {destroys:?}"),
    );
    let pnc_h: Vec<u64> = creates.iter().map(|&i| ev[i].handle_id.unwrap()).collect();
    for k in 0..2 {
        let c = &ev[creates[k]];
        let d = &ev[destroys[k]];
        p.check(d.handle_id == c.handle_id, || {
            format!(
                "{who}: ncmpi_close #{k} destroys handle {:?}, created {:?}",
                d.handle_id, c.handle_id
            )
        });
        let h = a.handle(pnc_h[k]);
        p.check(
            h.name == file && h.paradigm.as_deref() == Some(PNC) && h.parent_id.is_none(),
            || format!("{who}: PnetCDF handle {h:?}"),
        );
        let comm = comm_of(a, h);
        p.check(
            comm == Some((all_ranks.to_vec(), "MPI_COMM_WORLD".to_string()))
                && h.comm.as_deref() == Some("MPI_COMM_WORLD"),
            || {
                format!(
                    "{who}: PnetCDF handle {} has the communicator {comm:?}",
                    h.id
                )
            },
        );
        let (mode, cflags) = if k == 0 {
            ("READ_WRITE", strs(&["CREATE", "TRUNCATE"]))
        } else {
            ("READ_ONLY", strs(&[]))
        };
        let got_flags: BTreeSet<String> = flags(&c.creation_flags).into_iter().collect();
        p.check(
            c.mode.as_deref() == Some(mode) && got_flags == cflags,
            || {
                format!(
                "{who}: {} creates the PnetCDF handle with mode {:?} flags {got_flags:?}, want \
                 {mode} {cflags:?}",
                created_in[k], c.mode
            )
            },
        );
    }
    // The PnetCDF handle open at position i.
    let open_handle = |i: usize| -> Option<u64> {
        (0..2)
            .find(|&k| creates[k] < i && i < destroys[k])
            .map(|k| pnc_h[k])
    };

    // ---- MPI-IO handles: in ncmpi_create, the first ncmpi_begin_indep_data (MPI_COMM_SELF),
    // ncmpi_open; parent: the PnetCDF handle.
    let mcreates = handle_events(loc, "IoCreateHandle", MPIIO, file);
    let mdestroys = handle_events(loc, "IoDestroyHandle", MPIIO, file);
    let chains: Vec<Vec<&str>> = mcreates.iter().map(|&i| t.regions_at(i)).collect();
    let want_chains = [
        vec!["MPI_File_open", "ncmpi_create"],
        vec!["MPI_File_open", "ncmpi_begin_indep_data"],
        vec!["MPI_File_open", "ncmpi_open"],
    ];
    p.check(chains == want_chains, || {
        format!("{who}: MPI-IO handles of {file} created in {chains:?}, want {want_chains:?}")
    });
    let first_indep = t.frames_of("ncmpi_begin_indep_data").next();
    let mut coll_h: Vec<Option<u64>> = vec![None, None]; // per PnetCDF open
    let mut indep_h: Option<u64> = None;
    if chains == want_chains {
        p.check(
            first_indep.is_some_and(|f| t.within(f).contains(&mcreates[1])),
            || format!("{who}: the MPI-IO handle on MPI_COMM_SELF is not opened in the first ncmpi_begin_indep_data"),
        );
        for (k, &i) in mcreates.iter().enumerate() {
            let h = a.handle(ev[i].handle_id.unwrap());
            // (inside ncmpi_create / ncmpi_open the PnetCDF handle is created after it)
            let want_parent = [pnc_h[0], pnc_h[0], pnc_h[1]][k];
            p.check(h.parent_id == Some(want_parent), || {
                format!(
                    "{who}: MPI-IO handle {} ({}) has parent {:?}, want the PnetCDF handle {want_parent}",
                    h.id,
                    chains[k][1],
                    h.parent_id
                )
            });
            let comm = comm_of(a, h);
            let ok = if k == 1 {
                // MPI_COMM_SELF; at 1 rank congruent to MPI_COMM_WORLD.
                comm.as_ref().is_some_and(|(m, n)| {
                    m == &vec![rank]
                        && (*n == format!("MPI_COMM_SELF (rank {rank})")
                            || (np == 1 && n == "MPI_COMM_WORLD"))
                })
            } else {
                comm == Some((all_ranks.to_vec(), "MPI_COMM_WORLD".to_string()))
            };
            p.check(ok, || {
                format!(
                    "{who}: MPI-IO handle {} ({}) has the communicator {comm:?}",
                    h.id, chains[k][1]
                )
            });
            match k {
                0 => coll_h[0] = Some(h.id),
                1 => indep_h = Some(h.id),
                _ => coll_h[1] = Some(h.id),
            }
        }
    }
    let mclosed: Vec<Vec<&str>> = mdestroys.iter().map(|&i| t.regions_at(i)).collect();
    p.check(
        mclosed
            == [
                vec!["MPI_File_close", "ncmpi_close"],
                vec!["MPI_File_close", "ncmpi_close"],
                vec!["MPI_File_close", "ncmpi_close"],
            ]
            && mdestroys.iter().filter(|&&i| i < creates[1]).count() == 2,
        || format!("{who}: MPI-IO handles of {file} destroyed in {mclosed:?} (at {mdestroys:?})"),
    );

    // ---- POSIX handles on the file: below the MPI-IO handle its MPI_File_open created, or
    // (rank 0's format probe in ncmpi_open) below the PnetCDF handle.
    let pcreates = handle_events(loc, "IoCreateHandle", POSIX, file);
    let mut probes = 0;
    let mut per_open: BTreeMap<usize, usize> = BTreeMap::new();
    for &i in &pcreates {
        let h = a.handle(ev[i].handle_id.unwrap());
        let parent = h.parent_id.map(|x| a.handle(x));
        let regions = t.regions_at(i);
        let in_open = t
            .chain(t.owner[i])
            .into_iter()
            .find(|&f| t.frames[f].region == "MPI_File_open");
        match parent.and_then(|x| x.paradigm.as_deref()) {
            Some(MPIIO) => {
                let mpi_h = in_open.and_then(|f| {
                    t.within(f)
                        .find(|&j| {
                            ev[j].ty == "IoCreateHandle" && ev[j].paradigm.as_deref() == Some(MPIIO)
                        })
                        .map(|j| ev[j].handle_id.unwrap())
                });
                if let Some(f) = in_open {
                    *per_open.entry(f).or_default() += 1;
                }
                p.check(mpi_h.is_some() && mpi_h == h.parent_id, || {
                    format!(
                        "{who}: POSIX handle {} of {file} (created in {regions:?}) has the MPI-IO \
                         parent {:?}, not the handle its MPI_File_open created ({mpi_h:?})",
                        h.id, h.parent_id
                    )
                });
            }
            Some(PNC) => {
                probes += 1;
                p.check(
                    rank == 0
                        && regions.contains(&"ncmpi_open")
                        && !regions.iter().any(|r| r.starts_with("MPI_"))
                        && h.parent_id == Some(pnc_h[1]),
                    || {
                        format!(
                            "{who}: POSIX handle {} of {file} created in {regions:?} has the \
                             PnetCDF parent {:?} (want: rank 0, ncmpi_open's probe, parent {})",
                            h.id, h.parent_id, pnc_h[1]
                        )
                    },
                );
            }
            other => p.check(false, || {
                format!(
                    "{who}: POSIX handle {} of {file} has a parent of paradigm {other:?}",
                    h.id
                )
            }),
        }
    }
    let want_probes = if rank == 0 { 1 } else { 0 };
    p.check(probes == want_probes, || {
        format!(
            "{who}: {probes} POSIX handles of {file} below the PnetCDF handle, want {want_probes}"
        )
    });
    let opens: Vec<usize> = mcreates.iter().filter_map(|&i| t.owner[i]).collect();
    for f in opens {
        let n = per_open.get(&f).copied().unwrap_or(0);
        p.check(n == 1, || {
            format!(
                "{who}: MPI_File_open (event #{}) creates {n} POSIX handles of {file} (want 1)",
                ev[t.frames[f].enter].index
            )
        });
    }

    // ---- the operations
    let got = pnc_ops(loc, &t, p);
    let got_keys: Vec<_> = got.iter().map(Got::key).collect();
    let want_keys: Vec<_> = out.ops.iter().map(Want::key).collect();
    p.check(got_keys == want_keys, || {
        format!(
            "{who}: PnetCDF operations (function, variable, mode, bytes) vs the program's op \
             lines:\n  archive: {got_keys:?}\n  program: {want_keys:?}"
        )
    });
    if got.len() != out.ops.len() {
        return;
    }
    let wait_frames: Vec<usize> = (0..t.frames.len())
        .filter(|&f| WAITS.contains(&t.frames[f].region.as_str()))
        .collect();
    let wait_regions: Vec<&str> = wait_frames
        .iter()
        .map(|&f| t.frames[f].region.as_str())
        .collect();
    p.check(wait_regions == out.waits, || {
        format!(
            "{who}: wait / cancel regions {wait_regions:?}, the program says {:?}",
            out.waits
        )
    });
    if wait_regions != out.waits {
        return;
    }

    for (g, w) in got.iter().zip(&out.ops) {
        let what = format!(
            "{who}: {} #{} ({:?}, {} bytes, matching id {})",
            g.func, ev[g.begin].index, g.var, g.bytes, g.matching
        );
        p.check(g.flags == w.flags(), || {
            format!("{what}: flags {:?}, want {:?}", g.flags, w.flags())
        });
        p.check(Some(g.handle) == open_handle(g.begin), || {
            format!(
                "{what}: on handle {}, the file's PnetCDF handle is {:?}",
                g.handle,
                open_handle(g.begin)
            )
        });
        let begin_attrs: BTreeSet<String> = ev[g.begin].attributes.keys().cloned().collect();
        let want_attrs = if w.var.is_some() {
            strs(&[VAR_ATTR])
        } else {
            strs(&[])
        };
        p.check(begin_attrs == want_attrs, || {
            format!("{what}: Begin attributes {:?}", ev[g.begin].attributes)
        });
        let Some(end) = g.end else { continue };
        let ee = &ev[end];
        let direct = t.direct(g.frame);
        match &w.end {
            End::Same => {
                p.check(
                    ee.ty == "IoOperationComplete" && t.owner[end] == Some(g.frame),
                    || {
                        format!(
                            "{what}: ends with {} #{} in {:?}, want a Complete in the same call",
                            ee.ty,
                            ee.index,
                            t.region_at(end)
                        )
                    },
                );
                p.check(g.issued.is_empty(), || {
                    format!("{what}: Issued events {:?}", g.issued)
                });
                p.check(direct == [g.begin, end], || {
                    format!(
                        "{what}: events directly in the call: {:?}",
                        direct.iter().map(|&i| &ev[i].ty).collect::<Vec<_>>()
                    )
                });
            }
            End::By {
                nth,
                func,
                cancelled,
            } => {
                let wf = wait_frames[*nth];
                let want_ty = if *cancelled {
                    "IoOperationCancelled"
                } else {
                    "IoOperationComplete"
                };
                p.check(ee.ty == want_ty && t.owner[end] == Some(wf), || {
                    format!(
                        "{what}: ends with {} #{} directly in {:?} (event #{}), want {want_ty} \
                         directly in {func} #{nth} (event #{})",
                        ee.ty,
                        ee.index,
                        t.region_at(end),
                        t.owner[end]
                            .map(|f| ev[t.frames[f].enter].index)
                            .unwrap_or(0),
                        ev[t.frames[wf].enter].index
                    )
                });
                p.check(g.issued == [g.begin + 1] && direct == [g.begin, g.begin + 1], || {
                    format!(
                        "{what}: Issued at {:?}; events directly in the call: {:?} (want Begin, Issued)",
                        g.issued,
                        direct.iter().map(|&i| &ev[i].ty).collect::<Vec<_>>()
                    )
                });
            }
            End::Pending => unreachable!(),
        }
        if ee.ty == "IoOperationComplete" {
            p.check(ee.bytes_result == Some(w.bytes), || {
                format!(
                    "{what}: Complete with {:?} bytes, want {}",
                    ee.bytes_result, w.bytes
                )
            });
        }
        // The selection: on the Complete of a blocking call, on the Issued of a request.
        let sel_on = if w.nb() {
            g.issued.first().copied()
        } else {
            g.end
        };
        let got_sel = sel_on.and_then(|i| ev[i].attr_str(SEL_ATTR).map(String::from));
        match want_selection(w, rank) {
            Ok(s) => p.check(got_sel == s, || {
                format!("{what}: {SEL_ATTR:?} = {got_sel:?}, want {s:?}")
            }),
            Err(e) => p.check(false, || e),
        }
        if w.nb() {
            p.check(ee.attr_str(SEL_ATTR).is_none(), || {
                format!(
                    "{what}: selection on the {} too: {:?}",
                    ee.ty, ee.attributes
                )
            });
        }

        // The MPI-IO transfer inside a blocking data call: one MPI_File_{write,read}_at_all
        // (collective) or _at (independent) on the MPI-IO handle below this PnetCDF handle,
        // as many bytes, before the Complete.
        if w.end == End::Same && w.var.is_some() {
            let frames = mpi_data_frames(&t, g.frame);
            let regions: Vec<&str> = frames
                .iter()
                .map(|&f| t.frames[f].region.as_str())
                .collect();
            let coll = w.func.ends_with("_all");
            let want_regions: Vec<String> = if w.bytes == 0 {
                vec![]
            } else {
                let dir = if w.mode == "READ" { "read" } else { "write" };
                vec![format!(
                    "MPI_File_{dir}_at{}",
                    if coll { "_all" } else { "" }
                )]
            };
            p.check(regions == want_regions, || {
                format!("{what}: MPI-IO transfers in {regions:?}, want {want_regions:?}")
            });
            let want_h = if coll {
                coll_h[if g.begin < creates[1] { 0 } else { 1 }]
            } else {
                indep_h
            };
            check_mpi_inside(
                a,
                &t,
                g.frame,
                &what,
                &[(w.mode, w.bytes)],
                coll,
                want_h,
                g.handle,
                end,
                p,
            );
        }
        // ncmpi_sync: MPI_File_sync on both MPI-IO handles of the file.
        if w.func == "ncmpi_sync" {
            let syncs: BTreeSet<Option<u64>> = mpi_begins(&t, g.frame)
                .into_iter()
                .filter(|&i| ev[i].mode.as_deref() == Some("FLUSH"))
                .map(|i| ev[i].handle_id)
                .collect();
            let want: BTreeSet<Option<u64>> = [coll_h[0], indep_h].into_iter().collect();
            p.check(
                syncs == want
                    && t.frames_of("MPI_File_sync")
                        .filter(|&f| t.frames[f].parent == Some(g.frame))
                        .count()
                        == 2,
                || format!("{what}: MPI-IO FLUSH on handles {syncs:?}, want {want:?}"),
            );
        }
    }

    // ---- each wait / cancel call: the MPI-IO transfers PnetCDF does for the requests it
    // ends, then their Completes.
    for (nth, &wf) in wait_frames.iter().enumerate() {
        let func = t.frames[wf].region.clone();
        let what = format!(
            "{who}: {func} #{nth} (event #{})",
            ev[t.frames[wf].enter].index
        );
        let ended: Vec<(&Got, &Want)> = got
            .iter()
            .zip(&out.ops)
            .filter(|(_, w)| matches!(&w.end, End::By { nth: n, .. } if *n == nth))
            .collect();
        let pnc_direct: Vec<usize> = t
            .direct(wf)
            .into_iter()
            .filter(|&i| ev[i].paradigm.as_deref() == Some(PNC))
            .collect();
        let ends: Vec<usize> = ended.iter().filter_map(|(g, _)| g.end).collect();
        p.check(pnc_direct == ends, || {
            format!("{what}: PnetCDF events directly inside at {pnc_direct:?}, want the ends of its requests at {ends:?}")
        });
        let done: Vec<(&str, u64)> = ended
            .iter()
            .filter(|(_, w)| {
                !matches!(
                    w.end,
                    End::By {
                        cancelled: true,
                        ..
                    }
                )
            })
            .map(|(_, w)| (w.mode, w.bytes))
            .collect();
        let coll = func == "ncmpi_wait_all";
        let mut want_regions = Vec::new();
        for (mode, dir) in [("WRITE", "write"), ("READ", "read")] {
            if done.iter().any(|d| d.0 == mode) {
                want_regions.push(format!(
                    "MPI_File_{dir}_at{}",
                    if coll { "_all" } else { "" }
                ));
            }
        }
        let frames = mpi_data_frames(&t, wf);
        let regions: Vec<&str> = frames
            .iter()
            .map(|&f| t.frames[f].region.as_str())
            .collect();
        p.check(regions == want_regions, || {
            format!("{what}: MPI-IO transfers in {regions:?}, want {want_regions:?}")
        });
        let last_leave = frames.iter().map(|&f| t.frames[f].leave).max();
        for &e in &ends {
            p.check(last_leave.is_none_or(|l| e > l), || {
                format!(
                    "{what}: {} #{} before the Leave of the MPI-IO transfers (#{:?})",
                    ev[e].ty,
                    ev[e].index,
                    last_leave.map(|l| ev[l].index)
                )
            });
        }
        let want_h = if coll { coll_h[0] } else { indep_h };
        let pnc = ended.first().map(|(g, _)| g.handle).unwrap_or(pnc_h[0]);
        check_mpi_inside(
            a,
            &t,
            wf,
            &what,
            &done,
            coll,
            want_h,
            pnc,
            t.frames[wf].leave,
            p,
        );
    }
}

/// The MPI-IO operations inside frame `f`: per mode as many bytes as `done` says, all on
/// MPI-IO handle `want_h` whose parent is the PnetCDF handle `pnc`, COLLECTIVE iff `coll`,
/// completed (and their calls left) before position `before`.
#[allow(clippy::too_many_arguments)]
fn check_mpi_inside(
    a: &Archive,
    t: &CallTree,
    f: usize,
    what: &str,
    done: &[(&str, u64)],
    coll: bool,
    want_h: Option<u64>,
    pnc: u64,
    before: usize,
    p: &mut Problems,
) {
    let ev = &t.loc.events;
    let mut want: BTreeMap<String, u64> = BTreeMap::new();
    for (m, b) in done {
        *want.entry(m.to_string()).or_default() += b;
    }
    want.retain(|_, b| *b > 0);
    let mut got: BTreeMap<String, u64> = BTreeMap::new();
    for i in mpi_begins(t, f) {
        let e = &ev[i];
        let m = e.mode.clone().unwrap_or_default();
        if m == "FLUSH" {
            continue;
        }
        *got.entry(m).or_default() += e.bytes_request.unwrap_or(0);
        let h = a.handle(e.handle_id.unwrap());
        p.check(Some(h.id) == want_h && h.parent_id == Some(pnc), || {
            format!(
                "{what}: MPI-IO operation #{} on handle {} (parent {:?}), want handle {want_h:?} \
                 below the PnetCDF handle {pnc}",
                e.index, h.id, h.parent_id
            )
        });
        p.check(e.has_op_flag("COLLECTIVE") == coll, || {
            format!(
                "{what}: MPI-IO operation #{} has flags {:?}",
                e.index, e.flags
            )
        });
        let end = ev
            .iter()
            .enumerate()
            .skip(i + 1)
            .find(|(_, x)| {
                x.ty == "IoOperationComplete"
                    && x.handle_id == e.handle_id
                    && x.matching_id == e.matching_id
            })
            .map(|(j, _)| j);
        p.check(end.is_some_and(|j| j < before), || {
            format!(
                "{what}: MPI-IO operation #{} completes at {end:?}, after #{}",
                e.index, ev[before].index
            )
        });
    }
    p.check(got == want, || {
        format!("{what}: MPI-IO bytes per mode {got:?}, want {want:?}")
    });
}

#[test]
fn pnc_all_at_1_rank() {
    need_mpirun!();
    need!(
        pkg_config("pnetcdf").is_some(),
        "pkg-config pnetcdf not found"
    );
    pnc_all(1);
}

#[test]
fn pnc_all_at_4_ranks() {
    need_mpirun!();
    need!(
        pkg_config("pnetcdf").is_some(),
        "pkg-config pnetcdf not found"
    );
    pnc_all(4);
}

// ------------------------------------------------------------------------------ 3. ncmpidump

/// The data section of ncmpidump's output: variable -> values (None for `_`, the fill value).
fn dump_values(text: &str) -> BTreeMap<String, Vec<Option<f64>>> {
    let data = text
        .split_once("\ndata:\n")
        .unwrap_or_else(|| panic!("no data section in:\n{text}"))
        .1;
    let mut out = BTreeMap::new();
    for stmt in data.split(';') {
        let Some((name, vals)) = stmt.split_once('=') else {
            continue;
        };
        let vals = vals
            .split(',')
            .map(|v| v.trim())
            .map(|v| {
                if v == "_" {
                    None
                } else {
                    Some(
                        v.trim_end_matches('f')
                            .parse::<f64>()
                            .unwrap_or_else(|e| panic!("value {v:?} of {}: {e}", name.trim())),
                    )
                }
            })
            .collect();
        out.insert(name.trim().to_string(), vals);
    }
    out
}

/// m after pnc_all.c's writes (its m_val).
fn m_val(g: i64, c: i64) -> f64 {
    let row = g % 10;
    let mut x = 1000 * g + c;
    if row % 2 == 0 && c % 2 == 0 {
        x = -x;
    }
    if row == 9 && c == 9 {
        x = 424242;
    }
    if row == 1 {
        x = 7_000_000 + g * 100 + c;
    }
    x as f64
}

/// pnc_all.c traced at 2 ranks, then Debian's ncmpidump on its file: untraced, the header and
/// every value pnc_all.c wrote; traced, the same output, and (ncmpidump links PnetCDF
/// statically, so its ncmpi_* calls are not interposable) the file read through MPI-IO only:
/// each 1-D variable in one MPI_File_read_at_all, each 2-D variable row by row, nothing
/// written. Were ncmpidump linked to libpnetcdf.so, its trace must show ncmpi_open and the
/// get calls instead.
#[test]
fn ncmpidump_reads_the_traced_file() {
    need_mpirun!();
    need!(
        pkg_config("pnetcdf").is_some(),
        "pkg-config pnetcdf not found"
    );
    need!(have_program("ncmpidump"), "ncmpidump not found on PATH");
    let np: u64 = 2;
    let dir = TestDir::new("pnc-dump");
    let prog = compile_pnc_all(&dir);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let r = run(mpirun(np as u32, dir.path(), &trace, &[])
        .arg(&prog)
        .arg(&data));
    r.assert_ok("traced pnc_all");
    assert!(r.stdout.ends_with("failures: 0\n"), "{}", r.stdout);
    let file = format!("{}/{FILE_NAME}", data.display());

    // Untraced ncmpidump: the header and every value.
    let d0 = run(mpirun_untraced(1, &data).args(["ncmpidump", FILE_NAME]));
    d0.assert_ok("ncmpidump");
    let text = &d0.stdout;
    for want in [
        "netcdf pnc_all {",
        "// file format: CDF-5 (big variables)",
        "\tx = 200 ;",
        "\ty = 20 ;",
        "\tz = 10 ;",
        "\tdouble v(x) ;",
        "\t\tv:units = \"kelvin\" ;",
        "\tint m(y, z) ;",
        "\tfloat f(y, z) ;",
        "\tdouble w(x) ;",
        "\tdouble b(x) ;",
        "\t\t:title = \"pnc_all test\" ;",
    ] {
        assert!(
            text.lines().any(|l| l == want),
            "no line {want:?} in ncmpidump's output:\n{text}"
        );
    }
    let vals = dump_values(text);
    let names: BTreeSet<&str> = vals.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        ["b", "f", "m", "v", "w"].into_iter().collect(),
        "{text}"
    );
    let n1 = (100 * np) as i64;
    let close =
        |a: Option<f64>, b: f64| a.is_some_and(|a| (a - b).abs() <= 1e-9 * b.abs().max(1.0));
    let mut p = Problems::default();
    let mut check = |var: &str, want: &dyn Fn(i64) -> Option<f64>, n: i64| {
        let got = &vals[var];
        p.check(got.len() as i64 == n, || {
            format!("{var}: {} values, want {n}", got.len())
        });
        for (i, g) in got.iter().enumerate() {
            if let Some(w) = want(i as i64) {
                p.check(close(*g, w), || format!("{var}[{i}] = {g:?}, want {w}"));
            }
        }
    };
    check("v", &|g| Some(g as f64 + 0.25), n1);
    check(
        "w",
        &|g| {
            Some(if g % 100 == 99 {
                1.0e6 + (g / 100) as f64
            } else {
                -(g as f64) - 0.5
            })
        },
        n1,
    );
    check("b", &|g| Some(2.0 * g as f64), n1);
    check("m", &|i| Some(m_val(i / 10, i % 10)), n1);
    // f: only the rows written (NC_NOFILL: the others are whatever the file holds).
    check(
        "f",
        &|i| {
            let (g, c) = (i / 10, i % 10);
            matches!(g % 10, 0 | 1 | 5 | 6 | 7).then(|| (g * 10 + c) as f64 + 0.5)
        },
        n1,
    );
    p.finish("ncmpidump values");

    // Traced ncmpidump: the same output.
    let dtrace = dir.join("trace-dump");
    let d1 = run(mpirun(1, &data, &dtrace, &[]).args(["ncmpidump", FILE_NAME]));
    d1.assert_ok("traced ncmpidump");
    assert_eq!(
        d1.stdout, d0.stdout,
        "ncmpidump prints something else with the recorder"
    );
    let a = convert_and_check(&dtrace, &dir.join("dump.otf2"));
    let mut p = Problems::default();
    let ncmpidump = Path::new("/usr/bin/ncmpidump");
    let exe = which("ncmpidump").unwrap_or_else(|| ncmpidump.to_path_buf());
    let dynamic = undefined_symbols(&exe).contains("ncmpi_open");
    let regions: BTreeSet<&str> = a.regions.iter().map(|r| r.name.as_str()).collect();
    if dynamic {
        // Linked to libpnetcdf.so: its own calls are traced.
        p.check(a.calls_of("ncmpi_open").len() == 1, || {
            format!(
                "ncmpidump: {} ncmpi_open regions",
                a.calls_of("ncmpi_open").len()
            )
        });
        let gets: Vec<Op> = a
            .ops_on(&file)
            .into_iter()
            .filter(|o| o.paradigm == PNC)
            .collect();
        let bytes: u64 = gets.iter().map(|o| o.bytes_request).sum();
        p.check(
            !gets.is_empty()
                && gets
                    .iter()
                    .all(|o| o.mode == "READ" && o.region.starts_with("ncmpi_get_var")),
            || format!("ncmpidump: PnetCDF operations {gets:?}"),
        );
        p.check(bytes == 3200 * np, || {
            format!(
                "ncmpidump: {bytes} bytes read through PnetCDF, want {}",
                3200 * np
            )
        });
    } else {
        eprintln!(
            "note: {} links PnetCDF statically: its ncmpi_* calls cannot be interposed; checking its MPI-IO",
            exe.display()
        );
        p.check(!regions.iter().any(|r| r.starts_with("ncmpi_")), || {
            format!("ncmpidump (static PnetCDF) has ncmpi_ regions: {regions:?}")
        });
        p.check(
            !a.handles.iter().any(|h| h.paradigm.as_deref() == Some(PNC)),
            || "ncmpidump (static PnetCDF) has PnetCDF handles".to_string(),
        );
        let mpi: Vec<Op> = a
            .ops_on(&file)
            .into_iter()
            .filter(|o| o.paradigm == MPIIO)
            .collect();
        p.check(mpi.iter().all(|o| o.mode == "READ"), || {
            format!(
                "ncmpidump writes the file: {:?}",
                mpi.iter().filter(|o| o.mode != "READ").collect::<Vec<_>>()
            )
        });
        // The header: one MPI_File_read_at; the data: one read_at_all per 1-D variable (v, w,
        // b: 800 x np bytes each), one per row of m and f (10 x np rows of 40 bytes each).
        let header: Vec<&Op> = mpi
            .iter()
            .filter(|o| o.region == "MPI_File_read_at")
            .collect();
        p.check(header.len() == 1 && header[0].offset == Some(0), || {
            format!("ncmpidump: header reads {header:?}")
        });
        let mut sizes: BTreeMap<u64, usize> = BTreeMap::new();
        for o in mpi.iter().filter(|o| o.region == "MPI_File_read_at_all") {
            *sizes.entry(o.bytes_request).or_default() += 1;
            p.check(o.bytes_result == o.bytes_request, || {
                format!("ncmpidump: short read {o:?}")
            });
        }
        let want: BTreeMap<u64, usize> = [(800 * np, 3), (40, (20 * np) as usize)]
            .into_iter()
            .collect();
        p.check(sizes == want, || {
            format!("ncmpidump: MPI_File_read_at_all (bytes -> calls) {sizes:?}, want {want:?}")
        });
        let opened: Vec<&Event> = a
            .events_of("IoCreateHandle")
            .into_iter()
            .filter(|e| {
                e.file.as_deref() == Some(file.as_str()) && e.paradigm.as_deref() == Some(MPIIO)
            })
            .collect();
        p.check(
            opened.len() == 1 && opened[0].enclosing_region.as_deref() == Some("MPI_File_open"),
            || format!("ncmpidump: MPI-IO handles created {opened:?}"),
        );
    }
    p.finish("traced ncmpidump");
}

fn which(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|p| {
        std::env::split_paths(&p)
            .map(|d| d.join(name))
            .find(|f| f.is_file())
    })
}

/// The undefined dynamic symbols of an ELF file (`nm -D --undefined-only`).
fn undefined_symbols(path: &Path) -> BTreeSet<String> {
    let r = run(command("nm", Path::new("/"))
        .args(["-D", "--undefined-only"])
        .arg(path));
    r.assert_ok(&format!("nm -D --undefined-only {}", path.display()));
    r.stdout
        .lines()
        .filter_map(|l| l.split_whitespace().last())
        .map(|s| s.split('@').next().unwrap_or(s).to_string())
        .collect()
}
