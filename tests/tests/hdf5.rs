//! HDF5: the serial library from C (h5_serial.c: every HDF5 function of the table), parallel
//! HDF5 over MPI-IO at 4 and 1 ranks (h5_parallel.c), h5py (h5_script.py) and Debian's
//! h5dump on the serial program's file.
//!
//! The programs print one `op <function> dataset=<path> elements=<n> bytes=<n> [rank=<r>
//! coll=<0|1>] file=<name>` line per data call: every H5Dwrite / H5Dread line must be exactly
//! one IoOperationBegin/Complete pair on the HDF5 handle of that file, directly inside the
//! call, with those bytes and the attribute "HDF5 dataset" = the dataset's path; attribute
//! transfers (H5Awrite / H5Aread) are plain regions. Handles: one HDF5 handle created per
//! H5Fcreate / H5Fopen / H5Freopen, parent of what the file driver opens inside the call
//! (sec2: POSIX; stdio: ISOC -> POSIX; mpio: MPI-IO -> POSIX).
//!
//! Programs are linked against the shared HDF5 libraries found by pkg-config (plain h5cc /
//! h5pcc link libhdf5.a statically, which no LD_PRELOAD library can interpose). Tests skip
//! themselves (pass with a message) when a tool they need is missing.

use e2e_tests::*;
use io_events::functions::{Layer, Role};
use io_events::FUNCTIONS;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The HDF5 functions only a parallel HDF5 build has (called by h5_parallel.c).
const PARALLEL_ONLY: [&str; 2] = ["H5Pset_fapl_mpio", "H5Pset_dxpl_mpio"];

/// The HDF5 functions h5_serial.c calls (the parallel ones: h5_parallel.c); the table has
/// every function of the H5F/H5G/H5D/H5A/H5O/H5L interfaces (see `every_exported_function_is_wrapped`).
const SERIAL_CALLS: [&str; 45] = [
    "H5Fcreate",
    "H5Fopen",
    "H5Freopen",
    "H5Fclose",
    "H5Fflush",
    "H5Dcreate2",
    "H5Dcreate_anon",
    "H5Dopen2",
    "H5Dclose",
    "H5Dwrite",
    "H5Dread",
    "H5Dset_extent",
    "H5Dflush",
    "H5Dvlen_reclaim",
    "H5Gcreate2",
    "H5Gopen2",
    "H5Gclose",
    "H5Acreate2",
    "H5Aopen",
    "H5Aopen_name",
    "H5Awrite",
    "H5Aread",
    "H5Aclose",
    "H5Adelete",
    "H5Oopen",
    "H5Oclose",
    "H5Idec_ref",
    "H5Ldelete",
    "H5Lexists",
    "H5Lcreate_hard",
    "H5Lcreate_soft",
    "H5Lcreate_external",
    "H5Pset_fapl_mpio",
    "H5Pset_fapl_sec2",
    "H5Pset_fapl_core",
    "H5Pset_fapl_stdio",
    "H5Pset_dxpl_mpio",
    "H5Pset_chunk",
    "H5Pset_deflate",
    "H5Pset_shuffle",
    "H5Pset_fletcher32",
    "H5Pset_szip",
    "H5Pset_nbit",
    "H5Pset_filter",
    "H5Pset_alignment",
];

/// The file-opening functions (each creates one HDF5 handle).
const OPENS: [&str; 3] = ["H5Fcreate", "H5Fopen", "H5Freopen"];

/// The data functions (each one HDF5 operation on the file's handle).
const DATA: [&str; 2] = ["H5Dwrite", "H5Dread"];

// ------------------------------------------------------------------------------ helpers

/// `pkg-config --cflags --libs PKG` split into arguments, or None without pkg-config / PKG.
fn pkg_config(pkg: &str) -> Option<Vec<String>> {
    let o = Command::new("pkg-config")
        .args(["--cflags", "--libs", pkg])
        .output()
        .ok()?;
    if !o.status.success() {
        return None;
    }
    Some(
        String::from_utf8_lossy(&o.stdout)
            .split_whitespace()
            .map(String::from)
            .collect(),
    )
}

macro_rules! need {
    ($cond:expr, $what:expr) => {
        if !$cond {
            eprintln!("skipped: {}", $what);
            return;
        }
    };
}

/// An `op` line.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct OpLine {
    func: String,
    dataset: String,
    elements: u64,
    bytes: u64,
    rank: Option<u64>,
    coll: Option<bool>,
    file: String,
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
            dataset: m.get("dataset").expect("dataset=").to_string(),
            elements: num("elements"),
            bytes: num("bytes"),
            rank: m.get("rank").map(|_| num("rank")),
            coll: m.get("coll").map(|c| *c == "1"),
            file: m.get("file").expect("file=").to_string(),
        });
    }
    v
}

fn basename(p: &str) -> &str {
    p.rsplit('/').next().unwrap_or(p)
}

/// An HDF5 operation as the archive shows it: (region it is directly in, dataset attribute,
/// bytes requested, collective, file base name).
type H5Key = (String, String, u64, bool, String);

fn key_of(o: &OpLine) -> H5Key {
    (
        o.func.clone(),
        o.dataset.clone(),
        o.bytes,
        o.coll.unwrap_or(false),
        o.file.clone(),
    )
}

/// Problems found, reported together at the end of a test.
#[derive(Default)]
struct Problems(Vec<String>);

impl Problems {
    fn check(&mut self, ok: bool, msg: impl FnOnce() -> String) {
        if !ok {
            self.0.push(msg());
        }
    }
    fn finish(self, what: &str) {
        assert!(
            self.0.is_empty(),
            "{what}: {} problem(s):\n- {}",
            self.0.len(),
            self.0.join("\n- ")
        );
    }
}

/// Everything about HDF5 I/O on one location group (process / rank): returns the HDF5 Begins
/// inside H5Dwrite/H5Dread in event order, and records problems:
/// - HDF5 Begins only directly inside H5Dwrite / H5Dread (READ/WRITE matching) or H5Dflush /
///   H5Fflush (FLUSH), completed in the same call with bytes result == request;
/// - exactly one HDF5 Begin directly inside every H5Dwrite / H5Dread, none inside any other
///   call (H5Awrite / H5Aread included);
/// - one HDF5 IoCreateHandle directly inside each H5Fcreate / H5Fopen / H5Freopen, named
///   after a file under `data_dir`; one HDF5 IoDestroyHandle directly inside each H5Fclose
///   (`closes`);
/// - handles created inside an H5Fcreate / H5Fopen (nested calls) for the same file: children
///   of the HDF5 handle (POSIX / ISOC / MPI-IO directly; POSIX below ISOC / MPI-IO: child of
///   that handle);
/// - every I/O event on a non-HDF5 handle of a file whose HDF5 handle exists happens inside an
///   HDF5 call (H5*) when `nested_only`;
/// - every I/O event inside H5Dwrite / H5Dread is on the file of that call's HDF5 operation.
fn check_group(
    a: &Archive,
    group: u64,
    data_dir: &str,
    closes: bool,
    nested_only: bool,
    p: &mut Problems,
) -> Vec<H5Key> {
    let mut begins: Vec<H5Key> = Vec::new();
    let h5_files: BTreeSet<String> = a
        .handles
        .iter()
        .filter(|h| h.paradigm.as_deref() == Some("HDF5"))
        .filter_map(|h| h.file.clone())
        .collect();
    for loc in a.locations_of(group) {
        let t = CallTree::new(loc);
        let ev = &loc.events;
        let is_h5 = |e: &Event| e.paradigm.as_deref() == Some("HDF5");
        // HDF5 operations: where they are.
        let mut open: BTreeMap<(u64, u64), usize> = BTreeMap::new();
        for (i, e) in ev.iter().enumerate() {
            if !is_h5(e) || !e.ty.starts_with("IoOperation") {
                continue;
            }
            let key = (e.handle_id.unwrap(), e.matching_id.unwrap());
            let region = t.region_at(i).unwrap_or("").to_string();
            if e.ty == "IoOperationBegin" {
                open.insert(key, i);
                let mode = e.mode.clone().unwrap_or_default();
                let want = match region.as_str() {
                    "H5Dwrite" => "WRITE",
                    "H5Dread" => "READ",
                    "H5Dflush" | "H5Fflush" => "FLUSH",
                    _ => "",
                };
                p.check(mode == want, || {
                    format!(
                        "{}: HDF5 IoOperationBegin #{} ({mode}) directly inside {region:?}",
                        loc.name, e.index
                    )
                });
                if DATA.contains(&region.as_str()) {
                    begins.push((
                        region.clone(),
                        e.attr_str("HDF5 dataset").unwrap_or("<none>").to_string(),
                        e.bytes_request.unwrap_or(0),
                        e.has_op_flag("COLLECTIVE"),
                        basename(e.file.as_deref().unwrap_or("")).to_string(),
                    ));
                }
            } else if e.ty == "IoOperationComplete" {
                let Some(b) = open.remove(&key) else {
                    p.check(false, || {
                        format!("{}: HDF5 Complete #{} without Begin", loc.name, e.index)
                    });
                    continue;
                };
                p.check(t.owner[b] == t.owner[i], || {
                    format!(
                        "{}: HDF5 operation #{} completes in another call",
                        loc.name, ev[b].index
                    )
                });
                p.check(e.bytes_result == ev[b].bytes_request, || {
                    format!(
                        "{}: HDF5 operation #{} in {region}: {:?} bytes requested, {:?} done",
                        loc.name, ev[b].index, ev[b].bytes_request, e.bytes_result
                    )
                });
            }
        }
        for (fi, f) in t.frames.iter().enumerate() {
            let direct = t.direct(fi);
            let h5 = |ty: &str| -> Vec<&Event> {
                direct
                    .iter()
                    .map(|&i| &ev[i])
                    .filter(|e| e.ty == ty && is_h5(e))
                    .collect()
            };
            let n_begin = h5("IoOperationBegin").len();
            if DATA.contains(&f.region.as_str()) {
                p.check(n_begin == 1, || {
                    format!(
                        "{}: {} (event #{}) has {n_begin} HDF5 IoOperationBegin directly inside \
                         (want 1)",
                        loc.name, f.region, ev[f.enter].index
                    )
                });
                // Lower-layer I/O inside the call: on the dataset's file.
                let file = h5("IoOperationBegin").first().and_then(|e| e.file.clone());
                for i in t.within(fi) {
                    let e = &ev[i];
                    if e.handle_id.is_none() || is_h5(e) || file.is_none() {
                        continue;
                    }
                    p.check(e.file == file, || {
                        format!(
                            "{}: {} #{} on {:?} inside {} on {:?}",
                            loc.name, e.ty, e.index, e.file, f.region, file
                        )
                    });
                }
            } else if !matches!(f.region.as_str(), "H5Dflush" | "H5Fflush") {
                p.check(n_begin == 0, || {
                    format!(
                        "{}: {} (event #{}) has {n_begin} HDF5 IoOperationBegin",
                        loc.name, f.region, ev[f.enter].index
                    )
                });
            }
            if OPENS.contains(&f.region.as_str()) {
                let created = h5("IoCreateHandle");
                p.check(created.len() == 1, || {
                    format!(
                        "{}: {} (event #{}) creates {} HDF5 handles (want 1)",
                        loc.name,
                        f.region,
                        ev[f.enter].index,
                        created.len()
                    )
                });
                let Some(c) = created.first() else { continue };
                let hid = c.handle_id.unwrap();
                let file = c.file.clone().unwrap_or_default();
                p.check(file.starts_with(data_dir), || {
                    format!(
                        "{}: {} creates an HDF5 handle for {file:?}",
                        loc.name, f.region
                    )
                });
                p.check(a.handle(hid).parent_id.is_none(), || {
                    format!("{}: HDF5 handle {hid} ({file}) has a parent", loc.name)
                });
                // Handles the driver opens inside the call.
                for i in t.within(fi) {
                    let e = &ev[i];
                    if e.ty != "IoCreateHandle" || is_h5(e) {
                        continue;
                    }
                    let h = a.handle(e.handle_id.unwrap());
                    let par = h.parent_id.map(|x| a.handle(x));
                    let ok = match (h.paradigm.as_deref(), par) {
                        (_, Some(pp)) if pp.id == hid => true,
                        (Some("POSIX"), Some(pp)) => {
                            matches!(pp.paradigm.as_deref(), Some("ISOC") | Some("MPI-IO"))
                                && pp.parent_id == Some(hid)
                        }
                        _ => false,
                    };
                    p.check(ok, || {
                        format!(
                            "{}: {} handle {} ({}) opened inside {}({file}) has parent {:?}, \
                             not the HDF5 handle {hid} (or a child of it)",
                            loc.name,
                            h.paradigm.as_deref().unwrap_or("?"),
                            h.id,
                            h.name,
                            f.region,
                            par.map(|x| (x.id, x.paradigm.clone()))
                        )
                    });
                }
            }
            if f.region == "H5Fclose" && closes {
                let n = h5("IoDestroyHandle").len();
                p.check(n == 1, || {
                    format!(
                        "{}: H5Fclose (event #{}) destroys {n} HDF5 handles (want 1)",
                        loc.name, ev[f.enter].index
                    )
                });
            }
        }
        // Lower layers' I/O on HDF5 files happens inside HDF5 calls.
        if nested_only {
            for (i, e) in ev.iter().enumerate() {
                let (Some(_), Some(file)) = (e.handle_id, e.file.as_ref()) else {
                    continue;
                };
                if is_h5(e) || !h5_files.contains(file) || e.ty == "IoDeleteFile" {
                    continue;
                }
                let inside = t.regions_at(i).iter().any(|r| r.starts_with("H5"));
                p.check(inside, || {
                    format!(
                        "{}: {} #{} on {} ({}) outside any HDF5 call (in {:?})",
                        loc.name,
                        e.ty,
                        e.index,
                        file,
                        e.paradigm.as_deref().unwrap_or("?"),
                        t.regions_at(i)
                    )
                });
            }
        }
    }
    begins
}

/// The HDF5 paradigm (class `class`) and the `hdf5` option of every process ("<version>
/// serial|parallel").
fn check_paradigm(a: &Archive, procs: &[NativeProcess], build: &str, class: &str) {
    let p = a
        .paradigms
        .iter()
        .find(|p| p.identification == "HDF5")
        .unwrap_or_else(|| panic!("no HDF5 io paradigm: {:?}", a.paradigms));
    assert_eq!(p.class, class, "HDF5 paradigm class: {p:?}");
    for pr in procs {
        let v = pr
            .meta
            .options
            .get("hdf5")
            .unwrap_or_else(|| panic!("{}: no hdf5 option in meta.yaml", pr.name));
        assert!(
            v.ends_with(&format!(" {build}"))
                && v.chars().next().is_some_and(|c| c.is_ascii_digit()),
            "{}: hdf5 option {v:?} (want \"<version> {build}\")",
            pr.name
        );
    }
}

/// HDF5 functions of the table that are calls (not event records).
fn hdf5_functions() -> BTreeSet<&'static str> {
    FUNCTIONS
        .iter()
        .filter(|f| f.layer == Layer::Hdf5 && f.role != Role::Event)
        .map(|f| f.name)
        .collect()
}

fn region_names(a: &Archive) -> BTreeSet<String> {
    a.regions.iter().map(|r| r.name.clone()).collect()
}

// ------------------------------------------------------------------------------ 1. serial C

/// Compile h5_serial.c against the shared serial library.
fn compile_serial(dir: &TestDir) -> Option<PathBuf> {
    let libs = pkg_config("hdf5-serial")?;
    let extra: Vec<&str> = libs.iter().map(String::as_str).collect();
    Some(compile(dir, "h5_serial", &extra))
}

#[test]
fn serial_c_program() {
    need!(
        pkg_config("hdf5-serial").is_some(),
        "pkg-config hdf5-serial not found"
    );
    let dir = TestDir::new("h5-serial");
    let prog = compile_serial(&dir).unwrap();
    let plain = dir.subdir("plain");
    let r0 = run_untraced(&prog, &plain, &[]);
    r0.assert_ok("untraced h5_serial");
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let mut c = traced(&prog, &data, &trace);
    c.arg(&data);
    let r = run(&mut c);
    r.assert_ok("traced h5_serial");
    assert_eq!(r.stdout, r0.stdout, "the output differs with the recorder");
    assert!(
        r.stderr.trim().is_empty(),
        "traced h5_serial wrote on stderr:\n{}",
        r.stderr
    );
    let printed = parse_ops(&r.stdout);
    assert_eq!(printed.len(), 19, "op lines:\n{}", r.stdout);

    let procs = processes(&trace);
    assert_eq!(procs.len(), 1, "{procs:#?}");
    let counts = function_counts(&procs);
    let a = convert_and_check(&trace, &dir.join("out.otf2"));
    check_paradigm(&a, &procs, "serial", "SERIAL");

    let mut p = Problems::default();
    let data_dir = data.to_string_lossy().into_owned();

    // Every HDF5 function the program calls (but the parallel ones) is a region.
    let regions = region_names(&a);
    for f in SERIAL_CALLS {
        p.check(hdf5_functions().contains(f), || {
            format!("{f}: not in the table")
        });
        if PARALLEL_ONLY.contains(&f) {
            p.check(counts.get(f).copied().unwrap_or(0) == 0, || {
                format!("{f} counted in the serial program")
            });
            continue;
        }
        p.check(counts.get(f).copied().unwrap_or(0) > 0, || {
            format!("{f}: not in the metadata's function_counts")
        });
        p.check(regions.contains(f), || {
            format!("{f}: no region in the archive")
        });
    }
    // Calls the program makes a known number of times.
    let n = |func: &str| printed.iter().filter(|o| o.func == func).count() as u64;
    for (f, want) in [
        ("H5Dwrite", n("H5Dwrite")),
        ("H5Dread", n("H5Dread")),
        ("H5Awrite", n("H5Awrite")),
        ("H5Aread", n("H5Aread")),
        ("H5Fcreate", 4),
        ("H5Fopen", 2),
        ("H5Freopen", 1),
        ("H5Fclose", 6),
        ("H5Dcreate2", 8),
        ("H5Dopen2", 1),
        ("H5Dcreate_anon", 1),
    ] {
        p.check(counts.get(f).copied().unwrap_or(0) == want, || {
            format!(
                "{f}: counted {:?}, the program calls it {want} times",
                counts.get(f)
            )
        });
        let enters = a.calls_of(f).len() as u64;
        p.check(enters == want, || {
            format!("{f}: {enters} regions, want {want}")
        });
    }

    // The data calls: one operation each, in program order.
    let begins = check_group(&a, 0, &data_dir, true, true, &mut p);
    let want: Vec<H5Key> = printed
        .iter()
        .filter(|o| DATA.contains(&o.func.as_str()))
        .map(key_of)
        .collect();
    p.check(begins == want, || {
        format!(
            "HDF5 operations in H5Dwrite/H5Dread (function, dataset, bytes, collective, file) \
             vs the op lines:\n  archive: {begins:?}\n  program: {want:?}"
        )
    });

    // Handles: one HDF5 handle created per open, the driver's handles below it.
    let created: Vec<&Event> = a
        .events_of("IoCreateHandle")
        .into_iter()
        .filter(|e| e.paradigm.as_deref() == Some("HDF5"))
        .collect();
    let names: Vec<&str> = created
        .iter()
        .map(|e| basename(e.file.as_deref().unwrap_or("")))
        .collect();
    p.check(
        names
            == [
                "s.h5", "s.h5", "s.h5", "s.h5", "x.h5", "core.h5", "stdio.h5",
            ],
        || format!("HDF5 handles created for {names:?}"),
    );
    let mut chains: BTreeMap<String, BTreeSet<Vec<String>>> = BTreeMap::new();
    for h in &a.handles {
        let Some(file) = h.file.as_deref() else {
            continue;
        };
        if !file.starts_with(&data_dir) {
            continue;
        }
        let mut chain = vec![h.paradigm.clone().unwrap_or_default()];
        let mut cur = h.parent_id;
        while let Some(x) = cur {
            let ph = a.handle(x);
            chain.push(ph.paradigm.clone().unwrap_or_default());
            cur = ph.parent_id;
        }
        chain.reverse();
        chains
            .entry(basename(file).to_string())
            .or_default()
            .insert(chain);
    }
    let set = |v: &[&[&str]]| -> BTreeSet<Vec<String>> {
        v.iter()
            .map(|c| c.iter().map(|s| s.to_string()).collect())
            .collect()
    };
    for (file, want) in [
        ("s.h5", set(&[&["HDF5"], &["HDF5", "POSIX"]])),
        ("x.h5", set(&[&["HDF5"], &["HDF5", "POSIX"]])),
        ("core.h5", set(&[&["HDF5"]])),
        (
            "stdio.h5",
            set(&[&["HDF5"], &["HDF5", "ISOC"], &["HDF5", "ISOC", "POSIX"]]),
        ),
    ] {
        let got = chains.get(file).cloned().unwrap_or_default();
        p.check(got == want, || {
            format!("{file}: handle chains (root first) {got:?}, want {want:?}")
        });
    }

    // Every HDF5 handle is destroyed: by H5Fclose (6), and core.h5's by the H5Idec_ref that
    // releases its last reference.
    let mut destroyed: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for e in a.events_of("IoDestroyHandle") {
        if e.paradigm.as_deref() == Some("HDF5") {
            destroyed
                .entry(e.enclosing_region.clone().unwrap_or_default())
                .or_default()
                .push(basename(e.file.as_deref().unwrap_or("")).to_string());
        }
    }
    let want_destroyed: BTreeMap<String, Vec<String>> = [
        (
            "H5Fclose".to_string(),
            ["s.h5", "s.h5", "s.h5", "s.h5", "x.h5", "stdio.h5"]
                .map(String::from)
                .to_vec(),
        ),
        ("H5Idec_ref".to_string(), vec!["core.h5".to_string()]),
    ]
    .into();
    p.check(destroyed == want_destroyed, || {
        format!("HDF5 IoDestroyHandle per region: {destroyed:?}, want {want_destroyed:?}")
    });
    if hdf5_functions().contains("H5Idec_ref") {
        p.check(counts.get("H5Idec_ref").copied() == Some(2), || {
            format!(
                "H5Idec_ref: counted {:?}, want 2 (the two calls that release a last reference)",
                counts.get("H5Idec_ref")
            )
        });
    }

    // Attribute transfers: regions without I/O events.
    for f in ["H5Awrite", "H5Aread"] {
        for c in a.calls_of(f) {
            let io: Vec<&Event> = c.events.iter().filter(|e| e.handle_id.is_some()).collect();
            p.check(io.is_empty(), || format!("{f} has I/O events: {io:?}"));
        }
    }
    p.finish("h5_serial");
}

// ------------------------------------------------------------------------------ 2. parallel

fn parallel(mpi: Mpi, np: u32) {
    need!(mpi.available(), format!("{} or {} not found on PATH", mpi.cc(), mpi.launcher()));
    let pkg = match mpi {
        Mpi::OpenMpi => "hdf5-openmpi",
        Mpi::Mpich => "hdf5-mpich",
    };
    let Some(libs) = pkg_config(pkg) else {
        eprintln!("skipped: pkg-config {pkg} not found");
        return;
    };
    let dir = TestDir::new(&format!("h5-parallel-{mpi:?}-{np}"));
    let extra: Vec<&str> = libs.iter().map(String::as_str).collect();
    let prog = compile_mpi_with(mpi, &dir, "h5_parallel.c", &extra);
    let plain = dir.subdir("plain");
    let r0 = run(mpirun_untraced_with(mpi, np, dir.path()).arg(&prog).arg(&plain));
    r0.assert_ok(&format!("untraced h5_parallel at {np} ranks"));
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let r = run(mpirun_with(mpi, np, dir.path(), &trace, &[]).arg(&prog).arg(&data));
    r.assert_ok(&format!("traced h5_parallel at {np} ranks"));
    assert_eq!(
        r.stdout, r0.stdout,
        "{np} ranks: the output differs with the recorder"
    );
    assert!(r.stdout.contains("failures: 0"), "{}", r.stdout);
    let printed = parse_ops(&r.stdout);
    assert_eq!(printed.len() as u32, 3 * np, "{}", r.stdout);

    let procs = processes(&trace);
    assert_eq!(procs.len() as u32, np, "{procs:#?}");
    let counts = function_counts(&procs);
    let a = convert_and_check(&trace, &dir.join("out.otf2"));
    check_paradigm(&a, &procs, "parallel", "PARALLEL");
    let mut p = Problems::default();
    let data_dir = data.to_string_lossy().into_owned();
    let file = format!("{data_dir}/p.h5");

    for f in PARALLEL_ONLY {
        p.check(counts.get(f).copied().unwrap_or(0) > 0, || {
            format!("{f}: not in the metadata's function_counts")
        });
    }
    for (f, per_rank) in [
        ("H5Pset_fapl_mpio", 1),
        ("H5Pset_dxpl_mpio", 2),
        ("H5Fcreate", 1),
        ("H5Fclose", 1),
        ("H5Dcreate2", 2),
        ("H5Dclose", 2),
        ("H5Dwrite", 2),
        ("H5Dread", 1),
    ] {
        let want = per_rank * np as u64;
        p.check(counts.get(f).copied().unwrap_or(0) == want, || {
            format!("{f}: counted {:?}, want {want}", counts.get(f))
        });
    }

    for rank in 0..np as u64 {
        let begins = check_group(&a, rank, &data_dir, true, true, &mut p);
        let want: Vec<H5Key> = printed
            .iter()
            .filter(|o| o.rank == Some(rank))
            .map(key_of)
            .collect();
        p.check(begins == want, || {
            format!(
                "rank {rank}: HDF5 operations (function, dataset, bytes, collective, file) vs \
                 the op lines:\n  archive: {begins:?}\n  program: {want:?}"
            )
        });
        check_beneath(&a, rank, np, &file, &["H5Fcreate"], &mut p);
    }
    p.finish(&format!("h5_parallel at {np} ranks"));
}

/// Each rank's chain HDF5 -> MPI-IO -> POSIX of `file`: its handles created inside the
/// `openers` calls (one each, the MPI-IO one by MPI_File_open, the HDF5 one on
/// MPI_COMM_WORLD), and MPI-IO operations inside every HDF5 transfer, COLLECTIVE as it is.
fn check_beneath(a: &Archive, rank: u64, np: u32, file: &str, openers: &[&str], p: &mut Problems) {
    for loc in a.locations_of(rank) {
        let t = CallTree::new(loc);
        let ev = &loc.events;
        for f in openers
            .iter()
            .flat_map(|o| t.frames_of(o))
            .collect::<Vec<_>>()
        {
            let created: Vec<&Event> = t
                .within(f)
                .map(|i| &ev[i])
                .filter(|e| e.ty == "IoCreateHandle" && e.file.as_deref() == Some(file))
                .collect();
            let by = |par: &str| -> Vec<&Event> {
                created
                    .iter()
                    .copied()
                    .filter(|e| e.paradigm.as_deref() == Some(par))
                    .collect()
            };
            // ROMIO (MPICH) creates a new file on rank 0 alone first, with a descriptor it
            // closes within the same open: the handle that stays is the one to follow.
            let closed_later = |e: &Event| {
                let at = t.within(f).find(|&i| std::ptr::eq(&ev[i], e)).unwrap();
                (at + 1..t.frames[f].leave)
                    .any(|i| ev[i].ty == "IoDestroyHandle" && ev[i].handle_id == e.handle_id)
            };
            let mut posix = by("POSIX");
            let before = posix.len();
            posix.retain(|e| !closed_later(e));
            p.check(before - posix.len() <= 1, || {
                format!(
                    "rank {rank}: {} POSIX handles of {file} opened and closed within {}",
                    before - posix.len(),
                    t.frames[f].region
                )
            });
            let (h5, mpiio) = (by("HDF5"), by("MPI-IO"));
            if h5.len() != 1 || mpiio.len() != 1 || posix.len() != 1 {
                p.check(false, || {
                    format!(
                        "rank {rank}: handles of {file} created in {}: {} HDF5, {} \
                         MPI-IO, {} POSIX still open (want one each)",
                        t.frames[f].region,
                        h5.len(),
                        mpiio.len(),
                        posix.len()
                    )
                });
                continue;
            }
            let hh = a.handle(h5[0].handle_id.unwrap());
            let mh = a.handle(mpiio[0].handle_id.unwrap());
            let ph = a.handle(posix[0].handle_id.unwrap());
            p.check(mh.parent_id == Some(hh.id), || {
                format!(
                    "rank {rank}: MPI-IO handle {mh:?} not a child of HDF5 {}",
                    hh.id
                )
            });
            p.check(ph.parent_id == Some(mh.id), || {
                format!(
                    "rank {rank}: POSIX handle {ph:?} not a child of MPI-IO {}",
                    mh.id
                )
            });
            p.check(
                t.region_at(mpiio[0].index as usize) == Some("MPI_File_open"),
                || format!("rank {rank}: the MPI-IO handle is not created by MPI_File_open"),
            );
            let comm = hh.comm_id.map(|c| a.comm(c).name.clone());
            p.check(comm.as_deref() == Some("MPI_COMM_WORLD"), || {
                format!("rank {rank}: HDF5 handle {} communicator {comm:?}", hh.id)
            });
            let members = hh.comm_id.map(|c| {
                let mut m = a.comm_members(c);
                m.sort();
                m
            });
            p.check(members == Some((0..np as u64).collect()), || {
                format!("rank {rank}: HDF5 handle communicator members {members:?}")
            });
        }
        // MPI-IO data calls inside the HDF5 data calls: COLLECTIVE as the HDF5 operation.
        for f in t
            .frames
            .iter()
            .enumerate()
            .filter(|(_, f)| DATA.contains(&f.region.as_str()))
            .map(|(i, _)| i)
            .collect::<Vec<_>>()
        {
            let h5b = t
                .direct(f)
                .into_iter()
                .map(|i| &ev[i])
                .find(|e| e.ty == "IoOperationBegin" && e.paradigm.as_deref() == Some("HDF5"));
            let Some(h5b) = h5b else { continue };
            let mpi: Vec<&Event> = t
                .within(f)
                .map(|i| &ev[i])
                .filter(|e| e.ty == "IoOperationBegin" && e.paradigm.as_deref() == Some("MPI-IO"))
                .collect();
            p.check(!mpi.is_empty(), || {
                format!(
                    "rank {rank}: {} (event #{}) without MPI-IO operation inside",
                    t.frames[f].region, ev[t.frames[f].enter].index
                )
            });
            for m in mpi {
                p.check(
                    m.has_op_flag("COLLECTIVE") == h5b.has_op_flag("COLLECTIVE"),
                    || {
                        format!(
                            "rank {rank}: MPI-IO #{} in {} collective={} but the HDF5 \
                         operation collective={}",
                            m.index,
                            t.frames[f].region,
                            m.has_op_flag("COLLECTIVE"),
                            h5b.has_op_flag("COLLECTIVE")
                        )
                    },
                );
            }
        }
    }
}

#[test]
fn parallel_4_ranks() {
    parallel(Mpi::OpenMpi, 4);
}

#[test]
fn parallel_1_rank() {
    parallel(Mpi::OpenMpi, 1);
}

/// Parallel HDF5 built with MPICH (Debian's libhdf5-mpich), traced by the same library build:
/// the same chain HDF5 -> MPI-IO (ROMIO) -> POSIX, with exact operations per rank.
#[test]
fn parallel_4_ranks_under_mpich() {
    parallel(Mpi::Mpich, 4);
}

// ------------------------------------------------------------------------------ 2b. IOR's pattern

/// h5_ior.c: IOR's HDF5 backend pattern (the 1.6 API: H5Dcreate1/H5Dopen1, a dataset per
/// segment, hyperslab transfers of 16 KiB) at `np` ranks, collective or not: every rank's 64
/// writes and 64 reads are HDF5 operations of 16384 bytes on the HDF5 handle of ior.h5 with
/// their dataset, MPI-IO operations inside them, POSIX inside those, handles chained
/// HDF5 -> MPI-IO -> POSIX.
fn ior_pattern(np: u32, coll: bool) {
    need!(have_mpirun(), "mpirun not found on PATH");
    let Some(libs) = pkg_config("hdf5-openmpi") else {
        eprintln!("skipped: pkg-config hdf5-openmpi not found");
        return;
    };
    let dir = TestDir::new(&format!("h5-ior-{np}-{}", coll as u8));
    let extra: Vec<&str> = libs.iter().map(String::as_str).collect();
    let prog = compile_mpi(&dir, "h5_ior.c", &extra);
    let mode = if coll { "1" } else { "0" };
    let plain = dir.subdir("plain");
    let r0 = run(mpirun_untraced(np, dir.path())
        .arg(&prog)
        .arg(&plain)
        .arg(mode));
    r0.assert_ok(&format!("untraced h5_ior at {np} ranks"));
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let r = run(mpirun(np, dir.path(), &trace, &[])
        .arg(&prog)
        .arg(&data)
        .arg(mode));
    r.assert_ok(&format!("traced h5_ior at {np} ranks"));
    assert_eq!(r.stdout, r0.stdout, "the output differs with the recorder");
    assert!(r.stdout.contains("failures: 0"), "{}", r.stdout);
    let printed = parse_ops(&r.stdout);
    // The totals as the program computed them.
    let totals: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| l.starts_with("total "))
        .collect();
    assert_eq!(totals.len() as u32, np, "{}", r.stdout);
    for t in &totals {
        assert!(t.contains(" writes=64 reads=64 bytes=2097152"), "{t}");
    }
    assert_eq!(printed.len() as u32, 128 * np, "{}", r.stdout);

    let procs = processes(&trace);
    assert_eq!(procs.len() as u32, np, "{procs:#?}");
    let counts = function_counts(&procs);
    let a = convert_and_check(&trace, &dir.join("out.otf2"));
    check_paradigm(&a, &procs, "parallel", "PARALLEL");
    let mut p = Problems::default();
    let data_dir = data.to_string_lossy().into_owned();
    let file = format!("{data_dir}/ior.h5");
    let regions = region_names(&a);
    for (f, per_rank) in [
        ("H5Dcreate1", 16),
        ("H5Dopen1", 16),
        ("H5Dwrite", 64),
        ("H5Dread", 64),
        ("H5Fcreate", 1),
        ("H5Fopen", 1),
        ("H5Dclose", 32),
        ("H5Fclose", 2),
    ] {
        let want = per_rank * np as u64;
        p.check(counts.get(f).copied().unwrap_or(0) == want, || {
            format!("{f}: counted {:?}, want {want}", counts.get(f))
        });
        p.check(regions.contains(f), || format!("{f}: no region"));
    }
    for rank in 0..np as u64 {
        let begins = check_group(&a, rank, &data_dir, true, true, &mut p);
        let want: Vec<H5Key> = printed
            .iter()
            .filter(|o| o.rank == Some(rank))
            .map(key_of)
            .collect();
        p.check(begins == want, || {
            format!(
                "rank {rank}: HDF5 operations (function, dataset, bytes, collective, file) vs \
                 the op lines:\n  archive: {begins:?}\n  program: {want:?}"
            )
        });
        let bytes = |f: &str| -> u64 { begins.iter().filter(|b| b.0 == f).map(|b| b.2).sum() };
        p.check(
            bytes("H5Dwrite") == 64 * 16384 && bytes("H5Dread") == 64 * 16384,
            || {
                format!(
                    "rank {rank}: HDF5 bytes written {}, read {}",
                    bytes("H5Dwrite"),
                    bytes("H5Dread")
                )
            },
        );
        check_beneath(&a, rank, np, &file, &["H5Fcreate", "H5Fopen"], &mut p);
        posix_inside_mpi_inside_h5(&a, rank, &file, &mut p);
    }
    p.finish(&format!("h5_ior at {np} ranks (collective: {coll})"));
}

/// Every POSIX operation of a rank on `file` happens inside an MPI_File_* call inside an
/// HDF5 call, and the rank has some. Its other threads (Open MPI's, with their pipes and
/// eventfds now traced) have none.
fn posix_inside_mpi_inside_h5(a: &Archive, rank: u64, file: &str, p: &mut Problems) {
    let mut n = 0;
    for loc in a.locations_of(rank) {
        let t = CallTree::new(loc);
        for (i, e) in loc.events.iter().enumerate() {
            if e.ty != "IoOperationBegin"
                || e.paradigm.as_deref() != Some("POSIX")
                || e.file.as_deref() != Some(file)
            {
                continue;
            }
            n += 1;
            let regions = t.regions_at(i);
            let mpi = regions.iter().position(|r| r.starts_with("MPI_File_"));
            let h5 = regions.iter().position(|r| r.starts_with("H5"));
            p.check(matches!((h5, mpi), (Some(h), Some(m)) if h > m), || {
                format!(
                    "rank {rank}: POSIX operation #{} on {file} in {regions:?}",
                    e.index
                )
            });
        }
    }
    p.check(n > 0, || {
        format!("rank {rank}: no POSIX operation on {file}")
    });
}

#[test]
fn ior_pattern_1_rank_independent() {
    ior_pattern(1, false);
}

#[test]
fn ior_pattern_4_ranks_collective() {
    ior_pattern(4, true);
}

#[test]
fn ior_pattern_4_ranks_independent() {
    ior_pattern(4, false);
}

// ------------------------------------------------------------------------------ 2d. reference counts

/// h5_refs.c: transfers on ids that outlive the program's close through a second reference
/// (H5Iinc_ref + H5Dclose, H5Oopen + H5Iinc_ref + H5Oclose), on a dataset whose file the
/// program closed first, on an id from H5Rdereference2 (not wrapped) and from
/// H5Oopen_by_addr: every transfer is one HDF5 operation on the file's handle with the
/// dataset's name, no stand-in handle; the file closed with a dataset open gets a handle again
/// inside the transfer on it (the recorder tells the converter), destroyed inside the
/// H5Dclose that closes the file.
#[test]
fn reference_counted_ids() {
    need!(
        pkg_config("hdf5-serial").is_some(),
        "pkg-config hdf5-serial not found"
    );
    let dir = TestDir::new("h5-refs");
    let libs = pkg_config("hdf5-serial").unwrap();
    let extra: Vec<&str> = libs.iter().map(String::as_str).collect();
    let prog = compile(&dir, "h5_refs", &extra);
    let plain = dir.subdir("plain");
    let r0 = run(command(&prog, &plain).arg(&plain));
    r0.assert_ok("untraced h5_refs");
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let r = run(traced(&prog, &data, &trace).arg(&data));
    r.assert_ok("traced h5_refs");
    assert_eq!(r.stdout, r0.stdout, "the output differs with the recorder");
    assert!(r.stdout.contains("failures: 0"), "{}", r.stdout);
    assert!(
        r.stderr.trim().is_empty(),
        "h5_refs wrote on stderr:\n{}",
        r.stderr
    );
    let printed = parse_ops(&r.stdout);
    assert_eq!(printed.len(), 8, "{}", r.stdout);
    let procs = processes(&trace);
    let counts = function_counts(&procs);
    let a = convert_and_check(&trace, &dir.join("out.otf2"));
    let mut p = Problems::default();
    let data_dir = data.to_string_lossy().into_owned();
    // (H5Rcreate / H5Rdereference2 read metadata outside the recorded HDF5 calls.)
    let begins = check_group(&a, 0, &data_dir, true, false, &mut p);
    let want: Vec<H5Key> = printed.iter().map(key_of).collect();
    p.check(begins == want, || {
        format!(
            "HDF5 operations (function, dataset, bytes, collective, file) vs the op lines:\n  \
             archive: {begins:?}\n  program: {want:?}"
        )
    });
    p.check(counts.get("H5Iinc_ref").copied() == Some(2), || {
        format!("H5Iinc_ref counted {:?}, want 2", counts.get("H5Iinc_ref"))
    });
    let stand_ins: Vec<&str> = a
        .handles
        .iter()
        .filter(|h| h.name.contains("not seen opened"))
        .map(|h| h.name.as_str())
        .collect();
    p.check(stand_ins.is_empty(), || {
        format!("stand-in handles {stand_ins:?}")
    });
    // HDF5 handles of refs.h5: created by H5Fcreate, right before the H5Dwrite after H5Fclose
    // (the recorder's event precedes the call: at the top level here), by H5Fopen; destroyed
    // by both H5Fclose and the H5Dclose that closes the file.
    let per_region = |ty: &str| -> Vec<String> {
        a.events_of(ty)
            .into_iter()
            .filter(|e| e.paradigm.as_deref() == Some("HDF5"))
            .map(|e| e.enclosing_region.clone().unwrap_or_default())
            .collect()
    };
    let created = per_region("IoCreateHandle");
    p.check(created == ["H5Fcreate", "", "H5Fopen"], || {
        format!("HDF5 handles created in {created:?}")
    });
    let destroyed = per_region("IoDestroyHandle");
    p.check(destroyed == ["H5Fclose", "H5Dclose", "H5Fclose"], || {
        format!("HDF5 handles destroyed in {destroyed:?}")
    });
    p.finish("h5_refs");
}

/// h5_refs.c with its file on an excluded path (the HDF5 layer records the calls, not the
/// path): no handle can be made for the file, yet every transfer is an HDF5 operation, on a
/// PRE_CREATED stand-in handle that says so, with the dataset's name; recorder2otf2 warns
/// with their number.
#[test]
fn operations_in_an_unknown_file_go_to_stand_ins() {
    need!(
        pkg_config("hdf5-serial").is_some(),
        "pkg-config hdf5-serial not found"
    );
    let dir = TestDir::new("h5-stand-ins");
    let libs = pkg_config("hdf5-serial").unwrap();
    let extra: Vec<&str> = libs.iter().map(String::as_str).collect();
    let prog = compile(&dir, "h5_refs", &extra);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let exclude = format!("/proc:/sys:/dev:{}", data.display());
    let r = run(traced(&prog, &data, &trace)
        .env("RECORDER_OTF2_EXCLUDE", &exclude)
        .arg(&data));
    r.assert_ok("traced h5_refs");
    assert!(r.stdout.contains("failures: 0"), "{}", r.stdout);
    let printed = parse_ops(&r.stdout);
    let a = convert_and_check(&trace, &dir.join("out.otf2"));
    let mut p = Problems::default();
    let mut ops = 0;
    for e in a.events_of("IoOperationBegin") {
        if e.paradigm.as_deref() != Some("HDF5") {
            continue;
        }
        ops += 1;
        let h = a.handle(e.handle_id.unwrap());
        p.check(
            h.name.contains("(not seen opened)") && h.file.is_none(),
            || format!("HDF5 operation #{} on {h:?}", e.index),
        );
        p.check(e.attr_str("HDF5 dataset") == Some("/r"), || {
            format!(
                "HDF5 operation #{} names {:?}",
                e.index,
                e.attr_str("HDF5 dataset")
            )
        });
    }
    p.check(ops == printed.len(), || {
        format!("{ops} HDF5 operations, {} transfers", printed.len())
    });
    let warning = format!("{} HDF5 operations on handles whose opening", printed.len());
    p.check(a.converter_stderr.contains(&warning), || {
        format!(
            "recorder2otf2 says {:?}, want {warning:?}",
            a.converter_stderr
        )
    });
    p.finish("h5_refs in an excluded directory");
}

// ------------------------------------------------------------------------------ 2c. the table

/// A public function of the file, group, dataset, attribute, object or link interface
/// (H5Fopen, H5Dcreate1, H5Oget_info_by_idx2 ...; not the library's internal H5F__close,
/// H5D_open ...).
fn is_interface_function(name: &str) -> bool {
    let b = name.as_bytes();
    b.len() > 3 && name.starts_with("H5") && b"FGDAOL".contains(&b[2]) && b[3].is_ascii_lowercase()
}

/// Every function of the six interfaces that libhdf5 exports (serial and openmpi builds, as
/// `nm -D` lists them) is an HDF5 function of the table and exported by the recorder; every
/// such function of the table is exported by one of the libraries; the generated table and
/// wrappers are what scripts/gen-hdf5.py makes of the installed headers.
#[test]
fn every_exported_function_is_wrapped() {
    let mut libs = Vec::new();
    for pkg in ["hdf5-serial", "hdf5-openmpi"] {
        let Some(args) = pkg_config(pkg) else {
            continue;
        };
        // -L<dir> ... -l<name>: the shared library the tests' programs link.
        let dirs: Vec<&str> = args.iter().filter_map(|a| a.strip_prefix("-L")).collect();
        let name = args
            .iter()
            .find_map(|a| a.strip_prefix("-l").filter(|n| n.starts_with("hdf5")));
        let so = name.and_then(|n| {
            dirs.iter()
                .chain(["/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/usr/lib"].iter())
                .map(|d| Path::new(d).join(format!("lib{n}.so")))
                .find(|f| f.exists())
        });
        assert!(so.is_some(), "{pkg}: no shared library for {args:?}");
        libs.extend(so);
    }
    need!(
        !libs.is_empty(),
        "pkg-config hdf5-serial / hdf5-openmpi not found"
    );
    let wrapped = defined_symbols(&build().lib);
    let table = hdf5_functions();
    let mut p = Problems::default();
    let mut any: BTreeSet<String> = BTreeSet::new();
    for lib in &libs {
        let exported: BTreeSet<String> = defined_symbols(lib)
            .into_iter()
            .filter(|s| is_interface_function(s))
            .collect();
        p.check(
            exported.len() >= 180 && exported.contains("H5Dcreate1"),
            || format!("{} exports only {exported:?}", lib.display()),
        );
        for f in &exported {
            p.check(table.contains(f.as_str()), || {
                format!(
                    "{f}: exported by {}, not an HDF5 function of the table",
                    lib.display()
                )
            });
            p.check(wrapped.contains(f), || {
                format!("{f}: exported by {}, not by the recorder", lib.display())
            });
        }
        any.extend(exported);
    }
    for f in table.iter().filter(|f| is_interface_function(f)) {
        p.check(any.contains(*f), || {
            format!("{f}: in the table, exported by none of {libs:?}")
        });
    }
    // The generated lines are the headers'.
    let root = &build().root;
    let python = if Path::new(SYSTEM_PYTHON).is_file() {
        SYSTEM_PYTHON
    } else {
        "python3"
    };
    let r = run(command(python, root)
        .arg(root.join("scripts/gen-hdf5.py"))
        .arg("--check"));
    p.check(
        r.code() == Some(0) && r.stdout.contains("up to date"),
        || format!("scripts/gen-hdf5.py --check: {}{}", r.stdout, r.stderr),
    );
    p.finish("HDF5 functions");
}

#[test]
fn interface_function_pattern() {
    for f in [
        "H5Fopen",
        "H5Dcreate1",
        "H5Oget_info_by_idx2",
        "H5Lvisit",
        "H5Aiterate1",
    ] {
        assert!(is_interface_function(f), "{f}");
    }
    for f in [
        "H5F__close",
        "H5D_open",
        "H5Pset_chunk",
        "H5Iinc_ref",
        "H5F_",
        "h5_file",
    ] {
        assert!(!is_interface_function(f), "{f}");
    }
}

// ------------------------------------------------------------------------------ 3. h5py

#[test]
fn h5py_script() {
    let has_h5py = Command::new(SYSTEM_PYTHON)
        .args(["-c", "import h5py"])
        .output()
        .is_ok_and(|o| o.status.success());
    need!(has_h5py, "h5py not importable by /usr/bin/python3");
    let dir = TestDir::new("h5-py");
    let script = build().programs.join("h5_script.py");
    let plain = dir.subdir("plain");
    let mut c0 = command(SYSTEM_PYTHON, dir.path());
    c0.arg(&script).arg(&plain);
    let r0 = run(&mut c0);
    r0.assert_ok("untraced h5_script.py");
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let mut c = traced(SYSTEM_PYTHON, dir.path(), &trace);
    c.arg(&script).arg(&data);
    let r = run(&mut c);
    r.assert_ok("traced h5_script.py");
    assert_eq!(r.stdout, r0.stdout, "the output differs with the recorder");
    let printed = parse_ops(&r.stdout);
    assert_eq!(printed.len(), 5, "{}", r.stdout);

    let procs = processes(&trace);
    assert_eq!(procs.len(), 1, "{procs:#?}");
    let counts = function_counts(&procs);
    let a = convert_and_check(&trace, &dir.join("out.otf2"));
    check_paradigm(&a, &procs, "serial", "SERIAL");
    let mut p = Problems::default();
    let data_dir = data.to_string_lossy().into_owned();
    let n = |func: &str| printed.iter().filter(|o| o.func == func).count() as u64;
    for f in ["H5Dwrite", "H5Dread", "H5Awrite", "H5Aread"] {
        p.check(counts.get(f).copied().unwrap_or(0) == n(f), || {
            format!("{f}: counted {:?}, {} op lines", counts.get(f), n(f))
        });
    }
    for f in ["H5Fcreate", "H5Fopen"] {
        p.check(counts.get(f).copied() == Some(1), || {
            format!("{f}: counted {:?}, want 1", counts.get(f))
        });
    }
    // h5py closes files and datasets with H5Idec_ref, not H5Fclose / H5Dclose: Destroy events
    // are not required, but the I/O of those closes must be nested in HDF5 calls too.
    let begins = check_group(&a, 0, &data_dir, false, true, &mut p);
    let want: Vec<H5Key> = printed
        .iter()
        .filter(|o| DATA.contains(&o.func.as_str()))
        .map(key_of)
        .collect();
    p.check(begins == want, || {
        format!(
            "HDF5 operations in H5Dwrite/H5Dread (function, dataset, bytes, collective, file) \
             vs the op lines:\n  archive: {begins:?}\n  program: {want:?}"
        )
    });
    let created: Vec<String> = a
        .events_of("IoCreateHandle")
        .into_iter()
        .filter(|e| e.paradigm.as_deref() == Some("HDF5"))
        .map(|e| basename(e.file.as_deref().unwrap_or("")).to_string())
        .collect();
    p.check(created == ["py.h5", "py.h5"], || {
        format!("HDF5 handles created for {created:?}")
    });
    p.finish("h5_script.py");
}

// ------------------------------------------------------------------------------ 4. h5dump

#[test]
fn h5dump_serial_file() {
    need!(have_program("h5dump"), "h5dump not found on PATH");
    need!(
        pkg_config("hdf5-serial").is_some(),
        "pkg-config hdf5-serial not found"
    );
    let dir = TestDir::new("h5-dump");
    let prog = compile_serial(&dir).unwrap();
    let data = dir.subdir("data");
    run_untraced(&prog, &data, &[]).assert_ok("h5_serial");
    let dump = |traced_into: Option<&Path>| -> Run {
        let mut c = match traced_into {
            Some(t) => traced("h5dump", &data, t),
            None => command("h5dump", &data),
        };
        c.arg("s.h5");
        let r = run(&mut c);
        r.assert_ok("h5dump s.h5");
        r
    };
    let r0 = dump(None);
    let trace = dir.join("trace");
    let r = dump(Some(&trace));
    assert_eq!(
        r.stdout, r0.stdout,
        "h5dump prints something else with the recorder"
    );
    assert!(r.stdout.contains("DATASET \"d1\""), "{}", r.stdout);

    let procs = processes(&trace);
    let a = convert_and_check(&trace, &dir.join("out.otf2"));
    check_paradigm(&a, &procs, "serial", "SERIAL");
    let mut p = Problems::default();
    let data_dir = data.to_string_lossy().into_owned();
    // (h5dump reads metadata through HDF5 functions that are not recorded, H5Literate,
    // H5Oget_info...: those reads are not nested in HDF5 calls.)
    let begins = check_group(&a, 0, &data_dir, true, false, &mut p);
    let reads = a.calls_of("H5Dread").len();
    p.check(reads > 0 && begins.len() == reads, || {
        format!(
            "{reads} H5Dread regions, {} HDF5 operations in them",
            begins.len()
        )
    });
    // The datasets with data in s.h5 (the links point to /g/d1, which h5dump prints once).
    let got: BTreeMap<String, u64> =
        begins
            .iter()
            .map(|b| (b.1.clone(), b.2))
            .fold(BTreeMap::new(), |mut m, (k, v)| {
                *m.entry(k).or_default() += v;
                m
            });
    let want: BTreeMap<String, u64> = [
        ("/g/c".to_string(), 100 * 10 * 4),
        ("/g/d1".to_string(), 1000 * 8),
    ]
    .into();
    p.check(got == want, || {
        format!("bytes read per dataset {got:?}, want {want:?}")
    });
    p.check(
        begins.iter().all(|b| b.0 == "H5Dread" && b.4 == "s.h5"),
        || format!("{begins:?}"),
    );
    p.finish("h5dump s.h5");
}

/// Debian's h5ls and h5repack on the serial program's file: they print (and write) the same
/// as untraced, their H5Fopen/H5Fcreate make HDF5 handles whose POSIX handles have them as
/// parents, and the archives pass the checkers.
#[test]
fn h5ls_and_h5repack() {
    need!(
        have_program("h5ls") && have_program("h5repack"),
        "h5ls/h5repack not found on PATH"
    );
    need!(
        pkg_config("hdf5-serial").is_some(),
        "pkg-config hdf5-serial not found"
    );
    let dir = TestDir::new("h5-ls-repack");
    let prog = compile_serial(&dir).unwrap();
    let data = dir.subdir("data");
    run_untraced(&prog, &data, &[]).assert_ok("h5_serial");
    // h5ls -r: the listing is the same.
    let r0 = run(command("h5ls", &data).args(["-r", "s.h5"]));
    r0.assert_ok("h5ls");
    let t1 = dir.join("trace-ls");
    let r1 = run(traced("h5ls", &data, &t1).args(["-r", "s.h5"]));
    r1.assert_ok("traced h5ls");
    assert_eq!(r1.stdout, r0.stdout);
    assert!(r1.stdout.contains("/g/d1"), "{}", r1.stdout);
    let a = convert_and_check(&t1, &dir.join("ls.otf2"));
    let s_h5 = format!("{}/s.h5", data.display());
    let hdf5_of = |a: &Archive, f: &str| -> Vec<u64> {
        a.handles
            .iter()
            .filter(|h| h.paradigm.as_deref() == Some("HDF5") && h.file.as_deref() == Some(f))
            .map(|h| h.id)
            .collect()
    };
    let h = hdf5_of(&a, &s_h5);
    assert!(!h.is_empty(), "no HDF5 handle for {s_h5}");
    assert!(
        a.handles
            .iter()
            .any(|p| p.paradigm.as_deref() == Some("POSIX")
                && p.file.as_deref() == Some(s_h5.as_str())
                && p.parent_id.is_some_and(|id| h.contains(&id))),
        "no POSIX handle of {s_h5} under its HDF5 handle"
    );
    // h5repack: the copy dumps like the original; both files have HDF5 handles.
    let t2 = dir.join("trace-repack");
    let r2 = run(traced("h5repack", &data, &t2).args(["s.h5", "r.h5"]));
    r2.assert_ok("traced h5repack");
    let d0 = run(command("h5dump", &data).args(["-d", "/g/d1", "s.h5"]));
    let d1 = run(command("h5dump", &data).args(["-d", "/g/d1", "r.h5"]));
    assert_eq!(
        d0.stdout.replace("s.h5", "X"),
        d1.stdout.replace("r.h5", "X"),
        "the repacked /g/d1 differs"
    );
    let a = convert_and_check(&t2, &dir.join("repack.otf2"));
    let r_h5 = format!("{}/r.h5", data.display());
    assert!(!hdf5_of(&a, &s_h5).is_empty(), "no HDF5 handle for {s_h5}");
    assert!(!hdf5_of(&a, &r_h5).is_empty(), "no HDF5 handle for {r_h5}");
    assert!(a.calls_of("H5Fcreate").len() == 1, "one H5Fcreate (r.h5)");
}

/// Cross-thread order (h5_xthread.c): writes made by an HDF5 filter inside the main thread's
/// H5Dwrite/H5Dclose, on a descriptor a second thread opened after that call began, are
/// operations on that descriptor's handle (the interpreter places each record at its own
/// time, not with its outermost call). Twenty runs, every one exact, in OTF2 and in
/// `summary --json`.
#[test]
fn writes_nested_in_a_call_on_an_fd_another_thread_opened_meanwhile() {
    need!(
        pkg_config("hdf5-serial").is_some(),
        "pkg-config hdf5-serial not found"
    );
    let dir = TestDir::new("h5-xthread");
    let libs = pkg_config("hdf5-serial").unwrap();
    let extra: Vec<&str> = libs.iter().map(String::as_str).collect();
    let prog = compile(&dir, "h5_xthread", &extra);
    let mut p = Problems::default();
    for run_no in 0..20 {
        let data = dir.subdir(&format!("data{run_no}"));
        let trace = dir.join(format!("trace{run_no}"));
        let r = run(traced(&prog, &data, &trace).arg(&data));
        r.assert_ok("traced h5_xthread");
        assert!(r.stdout.contains("failures: 0"), "{}", r.stdout);
        let side = data.join("side.dat").to_string_lossy().into_owned();
        let a = convert_and_check(&trace, &dir.join(format!("out{run_no}.otf2")));
        let ops: Vec<(String, String, u64, u64, String)> = a
            .ops_on(&side)
            .into_iter()
            .map(|o| {
                let h = a.handle(o.handle_id);
                (
                    o.paradigm,
                    o.mode,
                    o.bytes_request,
                    o.bytes_result,
                    h.name.clone(),
                )
            })
            .collect();
        let want: Vec<(String, String, u64, u64, String)> = [100, 200, 300]
            .iter()
            .map(|&n| ("POSIX".into(), "WRITE".into(), n, n, side.clone()))
            .collect();
        p.check(ops == want, || {
            format!("run {run_no}: operations on side.dat {ops:?}, want {want:?}")
        });
        // They happened inside the main thread's HDF5 call, not in the opener's thread.
        let writes: Vec<Call> = a
            .calls_of("write")
            .into_iter()
            .filter(|c| c.files().contains(&side))
            .collect();
        let inside: Vec<(usize, String)> = writes
            .iter()
            .map(|w| {
                let parent = a
                    .calls()
                    .into_iter()
                    .filter(|c| c.location == w.location && c.depth + 1 == w.depth)
                    .filter(|c| c.enter_index < w.enter_index)
                    .max_by_key(|c| c.enter_index)
                    .map(|c| c.region)
                    .unwrap_or_default();
                (w.depth, parent)
            })
            .collect();
        p.check(
            inside.len() == 3 && inside.iter().all(|(d, r)| *d >= 1 && r.starts_with("H5D")),
            || format!("run {run_no}: the writes on side.dat are nested as {inside:?}"),
        );
        let opens: Vec<u64> = a
            .calls_of("open")
            .into_iter()
            .filter(|c| c.files().contains(&side))
            .map(|c| c.location)
            .collect();
        p.check(
            opens.len() == 1 && writes.iter().all(|w| w.location != opens[0]),
            || format!("run {run_no}: side.dat opened on {opens:?}, written on other threads"),
        );
        let mut c = command(&build().launcher, dir.path());
        let s = run(c.args(["summary", "-q", "--json"]).arg(&trace));
        s.assert_ok("recorder-otf2 summary --json");
        let v: serde_json::Value = serde_json::from_str(&s.stdout).expect("summary JSON");
        let f = v["files"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["path"] == side.as_str() && f["layer"] == "POSIX");
        let got = f.map(|f| (f["write_ops"].as_u64(), f["write_bytes"].as_u64()));
        p.check(got == Some((Some(3), Some(600))), || {
            format!("run {run_no}: summary of side.dat {got:?}, want 3 writes of 600 bytes")
        });
    }
    p.finish("h5_xthread");
}
