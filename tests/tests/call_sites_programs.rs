//! Call sites (issue 29) against real programs: `summary --json`'s `call_sites` for I/O made
//! from known source lines through libgfortran, MPI-IO (Open MPI and MPICH at 4 ranks),
//! parallel HDF5, a library loaded with dlopen after start, and a fork child.
//!
//! Each program marks the lines it does its I/O from (`/* SITE:name */` in C, `! SITE:name`
//! in Fortran); the test finds the line by its marker and computes every count and byte
//! total from the program's own loop bounds and sizes (constants here, which the program
//! prints back so that the two cannot drift apart). Tests skip themselves (pass with a
//! message) when a compiler, MPI or library they need is missing.

use e2e_tests::*;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

macro_rules! need {
    ($cond:expr, $what:expr) => {
        if !$cond {
            eprintln!("skipped: {}", $what);
            return;
        }
    };
}

// ------------------------------------------------------------------------------ helpers

/// The line of tests/programs/FILE that carries the marker of site `name` (`/* SITE:name */`
/// in C, `! SITE:name` in Fortran); panics unless exactly one line does.
fn site_line(file: &str, name: &str) -> u64 {
    let src = build().programs.join(file);
    let text = std::fs::read_to_string(&src).expect("read the test program");
    let marker = if file.ends_with(".f90") {
        format!("! SITE:{name}")
    } else {
        format!("/* SITE:{name} */")
    };
    let lines: Vec<u64> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.trim_end().ends_with(&marker))
        .map(|(i, _)| i as u64 + 1)
        .collect();
    assert_eq!(lines.len(), 1, "{file}: lines marked {marker}: {lines:?}");
    lines[0]
}

/// `recorder-otf2 summary --json TRACE`, parsed.
fn summary(trace: &Path) -> Value {
    let mut c = command(&build().launcher, trace.parent().unwrap_or(Path::new("/")));
    c.args(["summary", "-q", "--json"]).arg(trace);
    let r = run(&mut c);
    r.assert_ok("recorder-otf2 summary --json");
    serde_json::from_str(&r.stdout).expect("summary --json is JSON")
}

/// Every entry of the summary's `call_sites`.
fn sites(summary: &Value) -> &Vec<Value> {
    summary["call_sites"]
        .as_array()
        .expect("summary --json has call_sites")
}

/// The one call site at FILE (base name):LINE; panics listing the sites when there is none or
/// more than one.
fn site_at<'a>(summary: &'a Value, file: &str, line: u64) -> &'a Value {
    let at: Vec<&Value> = sites(summary)
        .iter()
        .filter(|s| {
            s["line"].as_u64() == Some(line)
                && s["file"]
                    .as_str()
                    .is_some_and(|f| f.rsplit('/').next() == Some(file))
        })
        .collect();
    assert_eq!(
        at.len(),
        1,
        "call sites at {file}:{line}: {at:#?}\nall sites: {}",
        labels(summary)
    );
    at[0]
}

/// The labels of every site with its calls, for failure messages.
fn labels(summary: &Value) -> String {
    sites(summary)
        .iter()
        .map(|s| format!("{} ({} calls)", s["site"], s["calls"]))
        .collect::<Vec<_>>()
        .join("; ")
}

/// A number of a site's layer (`"POSIX"`, `"MPI-IO"`, `"HDF5"`), 0 when the layer is absent.
fn layer(site: &Value, name: &str, field: &str) -> u64 {
    site["layers"][name][field].as_u64().unwrap_or(0)
}

/// The site's `functions` as (display name, outermost calls) pairs.
fn functions(site: &Value) -> Vec<(String, u64)> {
    site["functions"]
        .as_object()
        .expect("functions is an object")
        .iter()
        .map(|(k, v)| (k.clone(), v.as_u64().expect("a count")))
        .collect()
}

/// The ranks of a site.
fn ranks(site: &Value) -> Vec<u64> {
    site["ranks"]
        .as_array()
        .expect("ranks is an array")
        .iter()
        .map(|r| r.as_u64().expect("a rank"))
        .collect()
}

/// Compile a C file of tests/programs as a shared library (`gcc -g -O1 -shared -fPIC`) into
/// DIR/bin/NAME.
fn compile_shared(dir: &TestDir, file: &str, name: &str) -> PathBuf {
    let out = dir.subdir("bin").join(name);
    let r = run(Command::new("gcc")
        .args(["-g", "-O1", "-Wall", "-shared", "-fPIC", "-o"])
        .arg(&out)
        .arg(build().programs.join(file)));
    r.assert_ok(&format!("gcc -shared {file}"));
    out
}

// ------------------------------------------------------------------------------ 1. Fortran

/// sites_fortran.f90's constants: formatted records written (each flushed), their size
/// ("line" + I6 + newline), unformatted stream blocks and their size.
const F_LINES: u64 = 40;
const F_LINE_BYTES: u64 = 4 + 6 + 1;
const F_BLOCKS: u64 = 6;
const F_BLOCK_BYTES: u64 = 4 * 131072;

/// Compile tests/programs/sites_fortran.f90 with gfortran -g -O1 into DIR/bin (the module
/// file lands in DIR).
fn compile_fortran(dir: &TestDir) -> PathBuf {
    let out = dir.subdir("bin").join("sites_fortran");
    let r = run(command("gfortran", dir.path())
        .args(["-g", "-O1", "-o"])
        .arg(&out)
        .arg(build().programs.join("sites_fortran.f90")));
    r.assert_ok("gfortran sites_fortran.f90");
    out
}

/// write(2) calls and bytes per file path in strace logs PREFIX.* (successful calls only;
/// `strace -y` shows each descriptor as fd<path>).
fn strace_writes(logs: &Path, path: &str) -> (u64, u64) {
    let mut calls_bytes = (0, 0);
    for e in std::fs::read_dir(logs).expect("strace logs") {
        let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
        for l in text.lines() {
            if !l.starts_with("write(") || !l.contains(&format!("<{path}>,")) {
                continue;
            }
            let Some(n) = l
                .rsplit_once("= ")
                .and_then(|(_, n)| n.trim().parse::<u64>().ok())
            else {
                continue;
            };
            calls_bytes.0 += 1;
            calls_bytes.1 += n;
        }
    }
    calls_bytes
}

/// A traced run of sites_fortran with RECORDER_OTF2_CALL_STACK=`frames` (under strace when
/// `strace_logs` is given); returns its stdout.
fn fortran_run(
    prog: &Path,
    dir: &TestDir,
    out: &Path,
    frames: &str,
    strace_logs: Option<&Path>,
) -> String {
    let trace = dir.join(format!("trace{frames}"));
    let mut c = match strace_logs {
        Some(logs) => {
            let mut c = command("strace", dir.path());
            c.args(["-f", "-ff", "-y", "-s", "0", "-e", "trace=write", "-o"])
                .arg(logs.join("st"))
                .arg("-E")
                .arg(format!("LD_PRELOAD={}", build().lib.display()))
                .arg(prog);
            c
        }
        None => {
            let mut c = command(prog, dir.path());
            c.env("LD_PRELOAD", &build().lib);
            c
        }
    };
    c.env("RECORDER_OTF2_DIR", &trace)
        .env("RECORDER_OTF2_CALL_STACK", frames)
        .arg(out);
    let r = run(&mut c);
    r.assert_ok(&format!("traced sites_fortran (call stack {frames})"));
    r.stdout
}

/// With RECORDER_OTF2_CALL_STACK=7 the sites are the Fortran lines (the FLUSH that hands each
/// record to write(2), the unformatted WRITE larger than the buffer), through libgfortran;
/// with the default single frame they are libgfortran's own, marked as a runtime library.
/// strace agrees on the write(2) calls; the output is the untraced run's.
#[test]
fn fortran_sites_are_source_lines_through_libgfortran() {
    need!(have_program("gfortran"), "gfortran not found on PATH");
    let dir = TestDir::new("sites-fortran");
    let prog = compile_fortran(&dir);
    let prog_path = prog.to_string_lossy().into_owned();
    let plain = dir.subdir("plain");
    let untraced = run(command(&prog, dir.path()).arg(&plain));
    untraced.assert_ok("untraced sites_fortran");
    assert_eq!(
        untraced.stdout.trim(),
        format!("lines {F_LINES} blocks {F_BLOCKS} bytes {F_BLOCK_BYTES}"),
        "the program's constants differ from the test's"
    );

    let have_strace = have_program("strace");
    let logs = dir.subdir("strace");
    let deep_out = dir.subdir("deep");
    let stdout = fortran_run(
        &prog,
        &dir,
        &deep_out,
        "7",
        have_strace.then_some(logs.as_path()),
    );
    assert_eq!(
        stdout, untraced.stdout,
        "the output differs with the recorder"
    );
    let text = format!("{}/text.out", deep_out.display());
    let data = format!("{}/data.bin", deep_out.display());
    if have_strace {
        assert_eq!(
            strace_writes(&logs, &text),
            (F_LINES, F_LINES * F_LINE_BYTES),
            "strace: {text}"
        );
        assert_eq!(
            strace_writes(&logs, &data),
            (F_BLOCKS, F_BLOCKS * F_BLOCK_BYTES),
            "strace: {data}"
        );
    } else {
        eprintln!("strace not found on PATH: write(2) calls not cross-checked");
    }

    let deep = summary(&dir.join("trace7"));
    let mut p = Problems::default();
    let flush_line = site_line("sites_fortran.f90", "flush");
    let stream_line = site_line("sites_fortran.f90", "stream");
    for (line, function, calls, bytes) in [
        (flush_line, "sites_fortran", F_LINES, F_LINES * F_LINE_BYTES),
        (
            stream_line,
            "sites_io::write_blocks",
            F_BLOCKS,
            F_BLOCKS * F_BLOCK_BYTES,
        ),
    ] {
        let s = site_at(&deep, "sites_fortran.f90", line);
        let label = format!("sites_fortran.f90:{line} in {function} via libgfortran.so.5");
        p.check(s["site"] == label.as_str(), || {
            format!("line {line}: site {} want {label}", s["site"])
        });
        p.check(s["function"] == function, || {
            format!("line {line}: function {}", s["function"])
        });
        p.check(s["level"] == "line" && s["runtime"] == false, || {
            format!("line {line}: level {} runtime {}", s["level"], s["runtime"])
        });
        p.check(s["object"] == prog_path.as_str(), || {
            format!("line {line}: object {}", s["object"])
        });
        p.check(
            s["through"]
                .as_str()
                .is_some_and(|t| t.ends_with("/libgfortran.so.5")),
            || format!("line {line}: through {}", s["through"]),
        );
        p.check(s["calls"] == calls, || {
            format!("line {line}: calls {} want {calls}", s["calls"])
        });
        p.check(functions(s) == [("write".to_string(), calls)], || {
            format!("line {line}: functions {}", s["functions"])
        });
        let posix = (layer(s, "POSIX", "ops"), layer(s, "POSIX", "write_bytes"));
        p.check(posix == (calls, bytes), || {
            format!(
                "line {line}: POSIX ops, write bytes {posix:?} want {:?}",
                (calls, bytes)
            )
        });
    }
    p.finish("sites_fortran with RECORDER_OTF2_CALL_STACK=7");

    let shallow_out = dir.subdir("shallow");
    let stdout = fortran_run(&prog, &dir, &shallow_out, "1", None);
    assert_eq!(
        stdout, untraced.stdout,
        "the output differs with the recorder"
    );
    let shallow = summary(&dir.join("trace1"));
    check_runtime_sites(&shallow, &prog_path, stdout.len() as u64);
}

/// With one frame every write(2) of the Fortran I/O is given to libgfortran: sites in it,
/// `runtime: true`, labelled "(runtime library)", together all the writes (the files', and
/// the one of the PRINT to the piped stdout, `stdout_bytes`, flushed at exit); none in the
/// program's own code.
fn check_runtime_sites(summary: &Value, prog_path: &str, stdout_bytes: u64) {
    let mut p = Problems::default();
    let (mut calls, mut bytes) = (0, 0);
    for s in sites(summary) {
        let writes = functions(s)
            .iter()
            .filter(|(f, _)| f == "write")
            .map(|(_, n)| *n)
            .sum::<u64>();
        if writes == 0 {
            continue;
        }
        p.check(s["object"] != prog_path, || {
            format!("a write site in the program: {s:#}")
        });
        let in_gfortran = s["object"]
            .as_str()
            .is_some_and(|o| o.ends_with("/libgfortran.so.5"));
        if !in_gfortran {
            continue;
        }
        p.check(s["runtime"] == true, || format!("not runtime: {s:#}"));
        p.check(
            s["site"].as_str().is_some_and(|l| {
                l.starts_with("libgfortran.so.5") && l.ends_with(" (runtime library)")
            }),
            || format!("label {}", s["site"]),
        );
        calls += writes;
        bytes += layer(s, "POSIX", "write_bytes");
    }
    let want = (
        F_LINES + F_BLOCKS + 1,
        F_LINES * F_LINE_BYTES + F_BLOCKS * F_BLOCK_BYTES + stdout_bytes,
    );
    p.check((calls, bytes) == want, || {
        format!(
            "write calls, bytes at libgfortran's sites {:?} want {want:?}; sites: {}",
            (calls, bytes),
            labels(summary)
        )
    });
    p.finish("sites_fortran with one frame");
}

// ------------------------------------------------------------------------------ 2. MPI-IO

/// sites_mpiio.c's constants: rounds per loop, bytes per collective and independent write.
const M_ROUNDS: u64 = 5;
const M_COLL_BYTES: u64 = 4096;
const M_IND_BYTES: u64 = 1000;
const M_RANKS: u32 = 4;

/// MPI_File_write_at_all from one line and MPI_File_write_at from another at 4 ranks: each
/// site has every rank, 4 x the loop's calls, MPI-IO operations and bytes, and the POSIX
/// writes beneath it carry the same bytes (the collective's through its aggregators).
fn mpiio_sites(mpi: Mpi) {
    need!(
        mpi.available(),
        format!("{} or {} not found on PATH", mpi.cc(), mpi.launcher())
    );
    let dir = TestDir::new(&format!("sites-mpiio-{mpi:?}"));
    let prog = compile_mpi_with(mpi, &dir, "sites_mpiio.c", &["-g", "-O1"]);
    let trace = dir.join("trace");
    let r = run(mpirun_with(mpi, M_RANKS, dir.path(), &trace, &[])
        .arg(&prog)
        .arg(dir.join("m.dat")));
    r.assert_ok(&format!("traced sites_mpiio ({mpi:?})"));
    assert_eq!(
        r.stdout.trim(),
        format!("rounds {M_ROUNDS} collective {M_COLL_BYTES} independent {M_IND_BYTES}")
    );
    let s = summary(&trace);
    let np = u64::from(M_RANKS);
    let calls = np * M_ROUNDS;
    let mut p = Problems::default();
    for (marker, function, fn_name, bytes) in [
        (
            "write_at_all",
            "collective",
            "MPI_File_write_at_all",
            M_COLL_BYTES,
        ),
        ("write_at", "independent", "MPI_File_write_at", M_IND_BYTES),
    ] {
        let line = site_line("sites_mpiio.c", marker);
        let site = site_at(&s, "sites_mpiio.c", line);
        let label = format!("sites_mpiio.c:{line} in {function}");
        p.check(site["site"] == label.as_str(), || {
            format!("{fn_name}: site {} want {label}", site["site"])
        });
        p.check(ranks(site) == (0..np).collect::<Vec<_>>(), || {
            format!("{fn_name}: ranks {}", site["ranks"])
        });
        p.check(site["processes"] == np, || {
            format!("{fn_name}: processes {}", site["processes"])
        });
        p.check(site["calls"] == calls, || {
            format!("{fn_name}: calls {} want {calls}", site["calls"])
        });
        p.check(functions(site) == [(fn_name.to_string(), calls)], || {
            format!("{fn_name}: functions {}", site["functions"])
        });
        let mpiio = (
            layer(site, "MPI-IO", "calls"),
            layer(site, "MPI-IO", "ops"),
            layer(site, "MPI-IO", "write_bytes"),
        );
        p.check(mpiio == (calls, calls, calls * bytes), || {
            format!(
                "{fn_name}: MPI-IO calls, ops, write bytes {mpiio:?} want {:?}",
                (calls, calls, calls * bytes)
            )
        });
        let posix_ops = layer(site, "POSIX", "ops");
        p.check(posix_ops >= 1 && posix_ops <= calls, || {
            format!("{fn_name}: POSIX ops {posix_ops}")
        });
        p.check(layer(site, "POSIX", "write_bytes") == calls * bytes, || {
            format!(
                "{fn_name}: POSIX write bytes {} want {}",
                layer(site, "POSIX", "write_bytes"),
                calls * bytes
            )
        });
    }
    p.finish(&format!("sites_mpiio at {M_RANKS} ranks ({mpi:?})"));
}

#[test]
fn mpiio_sites_have_every_rank_and_the_posix_bytes_beneath_open_mpi() {
    mpiio_sites(Mpi::OpenMpi);
}

#[test]
fn mpiio_sites_have_every_rank_and_the_posix_bytes_beneath_mpich() {
    mpiio_sites(Mpi::Mpich);
}

// ------------------------------------------------------------------------------ 3. HDF5

/// sites_h5.c's constants: datasets written, doubles per rank and dataset.
const H_DATASETS: u64 = 3;
const H_DOUBLES: u64 = 2048;

/// A collective H5Dwrite on one line at NP ranks: its site has the HDF5 calls, and the
/// MPI-IO and POSIX work beneath them, each at least the data written.
fn h5_sites(mpi: Mpi, np: u32) {
    need!(
        mpi.available(),
        format!("{} or {} not found on PATH", mpi.cc(), mpi.launcher())
    );
    let pkg = match mpi {
        Mpi::OpenMpi => "hdf5-openmpi",
        Mpi::Mpich => "hdf5-mpich",
    };
    let Some(libs) = pkg_config(pkg) else {
        eprintln!("skipped: pkg-config {pkg} not found");
        return;
    };
    let dir = TestDir::new(&format!("sites-h5-{mpi:?}-{np}"));
    let mut extra = vec!["-g", "-O1"];
    extra.extend(libs.iter().map(String::as_str));
    let prog = compile_mpi_with(mpi, &dir, "sites_h5.c", &extra);
    let trace = dir.join("trace");
    let r = run(mpirun_with(mpi, np, dir.path(), &trace, &[])
        .arg(&prog)
        .arg(dir.join("s.h5")));
    r.assert_ok(&format!("traced sites_h5 ({mpi:?}, {np} ranks)"));
    assert_eq!(
        r.stdout.trim(),
        format!("datasets {H_DATASETS} doubles {H_DOUBLES}")
    );
    let s = summary(&trace);
    let line = site_line("sites_h5.c", "h5dwrite");
    let site = site_at(&s, "sites_h5.c", line);
    let np = u64::from(np);
    let calls = np * H_DATASETS;
    let bytes = calls * H_DOUBLES * 8;
    let mut p = Problems::default();
    let label = format!("sites_h5.c:{line} in write_slab");
    p.check(site["site"] == label.as_str(), || {
        format!("site {} want {label}", site["site"])
    });
    p.check(ranks(site) == (0..np).collect::<Vec<_>>(), || {
        format!("ranks {}", site["ranks"])
    });
    p.check(site["calls"] == calls, || {
        format!("calls {} want {calls}", site["calls"])
    });
    p.check(functions(site) == [("H5Dwrite".to_string(), calls)], || {
        format!("functions {}", site["functions"])
    });
    let h5 = (
        layer(site, "HDF5", "calls"),
        layer(site, "HDF5", "write_bytes"),
    );
    p.check(h5 == (calls, bytes), || {
        format!("HDF5 calls, write bytes {h5:?} want {:?}", (calls, bytes))
    });
    for l in ["MPI-IO", "POSIX"] {
        p.check(layer(site, l, "ops") >= 1, || {
            format!("{l}: no operations beneath H5Dwrite")
        });
        p.check(layer(site, l, "write_bytes") >= bytes, || {
            format!(
                "{l}: write bytes {} want at least {bytes}",
                layer(site, l, "write_bytes")
            )
        });
    }
    let elsewhere: Vec<String> = sites(&s)
        .iter()
        .filter(|o| o["line"] != line && o["functions"].get("H5Dwrite").is_some())
        .map(|o| o["site"].to_string())
        .collect();
    p.check(elsewhere.is_empty(), || {
        format!("H5Dwrite at other sites: {elsewhere:?}")
    });
    p.finish(&format!("sites_h5 ({mpi:?}, {np} ranks)"));
}

#[test]
fn h5dwrite_site_has_hdf5_mpiio_and_posix_beneath_open_mpi_4_ranks() {
    h5_sites(Mpi::OpenMpi, 4);
}

#[test]
fn h5dwrite_site_has_hdf5_mpiio_and_posix_beneath_mpich_2_ranks() {
    h5_sites(Mpi::Mpich, 2);
}

// ------------------------------------------------------------------------------ 4. dlopen, fork

/// sites_dlopen's arguments: library writes in the parent, own-line writes in the child,
/// library writes in the child; and the record sizes of sites_lib.c and sites_dlopen.c.
const D_PARENT_LIB: u64 = 30;
const D_CHILD: u64 = 12;
const D_CHILD_LIB: u64 = 7;
const D_LIB_RECORD: u64 = 24;
const D_CHILD_RECORD: u64 = 16;

/// A library loaded with dlopen after start: its line resolves in the library (object = the
/// .so), in the parent and in a fork child; the child's own line resolves too, so both the
/// child's defs.bin has the objects again.
#[test]
fn dlopen_library_and_fork_child_sites_resolve() {
    let dir = TestDir::new("sites-dlopen");
    let lib = compile_shared(&dir, "sites_lib.c", "libsites.so");
    let prog = compile(&dir, "sites_dlopen", &["-g", "-O1", "-ldl"]);
    let trace = dir.join("trace");
    let args = [D_PARENT_LIB, D_CHILD, D_CHILD_LIB].map(|n| n.to_string());
    let r = run(traced(&prog, dir.path(), &trace)
        .arg(dir.path())
        .arg(&lib)
        .args(&args));
    r.assert_ok("traced sites_dlopen");
    assert_eq!(
        r.stdout.trim(),
        format!("library writes {D_PARENT_LIB} child writes {D_CHILD} child library writes {D_CHILD_LIB}")
    );
    assert_eq!(processes(&trace).len(), 2, "a parent and a fork child");
    let s = summary(&trace);
    let mut p = Problems::default();
    assert_eq!(s["call_sites_unresolved"], Value::Null, "{}", labels(&s));

    let lib_line = site_line("sites_lib.c", "lib_write");
    let lib_site = site_at(&s, "sites_lib.c", lib_line);
    let lib_calls = D_PARENT_LIB + D_CHILD_LIB;
    let lib_path = lib.to_string_lossy().into_owned();
    p.check(lib_site["object"] == lib_path.as_str(), || {
        format!("library site object {}", lib_site["object"])
    });
    p.check(
        lib_site["site"] == format!("sites_lib.c:{lib_line} in lib_write_records").as_str(),
        || format!("library site {}", lib_site["site"]),
    );
    p.check(lib_site["processes"] == 2, || {
        format!("library site processes {}", lib_site["processes"])
    });
    p.check(
        functions(lib_site) == [("write".to_string(), lib_calls)],
        || format!("library site functions {}", lib_site["functions"]),
    );
    let lib_posix = (
        layer(lib_site, "POSIX", "ops"),
        layer(lib_site, "POSIX", "write_bytes"),
    );
    p.check(lib_posix == (lib_calls, lib_calls * D_LIB_RECORD), || {
        format!("library site POSIX ops, bytes {lib_posix:?}")
    });

    let child_line = site_line("sites_dlopen.c", "child_write");
    let child_site = site_at(&s, "sites_dlopen.c", child_line);
    p.check(
        child_site["object"] == prog.to_string_lossy().as_ref(),
        || format!("child site object {}", child_site["object"]),
    );
    p.check(
        child_site["site"] == format!("sites_dlopen.c:{child_line} in child_writes").as_str(),
        || format!("child site {}", child_site["site"]),
    );
    p.check(
        child_site["processes"] == 1 && child_site["calls"] == D_CHILD,
        || {
            format!(
                "child site processes {} calls {}",
                child_site["processes"], child_site["calls"]
            )
        },
    );
    let child_posix = (
        layer(child_site, "POSIX", "ops"),
        layer(child_site, "POSIX", "write_bytes"),
    );
    p.check(child_posix == (D_CHILD, D_CHILD * D_CHILD_RECORD), || {
        format!("child site POSIX ops, bytes {child_posix:?}")
    });
    p.finish("sites_dlopen");
}
