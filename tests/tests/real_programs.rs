//! The real-program suite: equivalents of IOR 4.0.0 (POSIX, MPIIO, NCMPI backends; the HDF5
//! backend is hdf5.rs's h5_ior.c), mdtest, PnetCDF's FLASH-IO benchmark, h5py and
//! netCDF4-python with chunking and compression, and a C++ ADIOS2 program at 4 ranks. None of
//! IOR, mdtest or PnetCDF's benchmarks is in a package registry here, so each is an equivalent
//! written for these tests (tests/programs/*_equiv.c, their headers say what they reproduce;
//! docs/coverage.md has the table).
//!
//! Every program gives its own account of its I/O (JSON lines on stdout: per call the file,
//! layer, bytes and, where the program states it, the offset). Each run is checked three ways:
//! - the OTF2 archive (recorder2otf2, accepted by otf2-print and the checker, both reading the
//!   same operations per handle, counts and bytes): the operations
//!   of the program's layer, per rank and in order, are the account's (call, mode, bytes,
//!   offset); the layers beneath are inside the calls that cause them;
//! - `recorder-otf2 summary --json`: files[] per path and layer has the account's sums;
//! - strace, run on the same traced run (`strace -f -ff -y`, the recorder preloaded into the
//!   program only, through `strace -E`): the read/write syscalls (read, write, pread64,
//!   pwrite64 and the vector forms) on the data files, per file, equal the POSIX operations in
//!   the archive and the POSIX row of the summary, calls and bytes.
//! MPI programs run at 1 and 4 ranks. Tests skip themselves (pass with a message) when a tool
//! or library they need is missing.

use e2e_tests::*;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

macro_rules! need {
    ($cond:expr, $what:expr) => {
        if !$cond {
            eprintln!("skipped: {}", $what);
            return;
        }
    };
}

// ------------------------------------------------------------------------------ strace

/// The syscalls that move file data, as strace names them.
const DATA_SYSCALLS: &str =
    "read,write,pread64,pwrite64,readv,writev,preadv,pwritev,preadv2,pwritev2";

/// Data moved on one file: calls and bytes per direction.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Moved {
    reads: u64,
    read_bytes: u64,
    writes: u64,
    write_bytes: u64,
}

impl Moved {
    fn add(&mut self, write: bool, bytes: u64) {
        if write {
            self.writes += 1;
            self.write_bytes += bytes;
        } else {
            self.reads += 1;
            self.read_bytes += bytes;
        }
    }
}

/// The strace arguments before the program: every thread of every process into its own
/// PREFIX.<tid> file, descriptors shown with their paths, the recorder preloaded into the
/// traced program only (not into strace).
fn strace_args(prefix: &Path, syscalls: &str) -> Vec<String> {
    vec![
        "strace".into(),
        "-f".into(),
        "-ff".into(),
        "-y".into(),
        "-s".into(),
        "0".into(),
        "-e".into(),
        format!("trace={syscalls}"),
        "-o".into(),
        prefix.to_string_lossy().into_owned(),
        "-E".into(),
        format!("LD_PRELOAD={}", build().lib.display()),
    ]
}

/// `mpirun -np NP` with the recorder writing into `trace`, each rank run under strace
/// tracing `syscalls` (logs DIR/strace/st.<tid>); append the program and its arguments.
fn mpirun_straced(np: u32, dir: &TestDir, trace: &Path, syscalls: &str) -> std::process::Command {
    let logs = dir.subdir("strace");
    let mut c = mpirun_untraced(np, dir.path());
    c.arg("-x")
        .arg(format!("RECORDER_OTF2_DIR={}", trace.display()))
        .args(strace_args(&logs.join("st"), syscalls));
    c
}

/// A serial program (e.g. python3 SCRIPT) traced and under strace; append its arguments.
fn straced(program: &str, dir: &TestDir, cwd: &Path, trace: &Path) -> std::process::Command {
    let logs = dir.subdir("strace");
    let mut c = command("strace", cwd);
    c.env("RECORDER_OTF2_DIR", trace)
        .args(&strace_args(&logs.join("st"), DATA_SYSCALLS)[1..])
        .arg(program);
    c
}

/// The lines of every strace log under DIR/strace.
fn strace_lines(dir: &TestDir) -> Vec<String> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(dir.join("strace")).expect("strace logs") {
        let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
        v.extend(text.lines().map(String::from));
    }
    v
}

/// Data syscalls per file path in every log under DIR/strace (successful calls only).
fn strace_moved(dir: &TestDir) -> BTreeMap<String, Moved> {
    let mut m: BTreeMap<String, Moved> = BTreeMap::new();
    {
        for l in strace_lines(dir) {
            let Some((name, rest)) = l.split_once('(') else {
                continue;
            };
            let write = match name {
                "write" | "pwrite64" | "writev" | "pwritev" | "pwritev2" => true,
                "read" | "pread64" | "readv" | "preadv" | "preadv2" => false,
                _ => continue,
            };
            // fd</path>, ...) = N
            let (Some(a), Some(b)) = (rest.find('<'), rest.find(">,")) else {
                continue;
            };
            let Some(res) = rest.rsplit_once(") = ").map(|x| x.1) else {
                continue;
            };
            let Ok(n) = res.split_whitespace().next().unwrap_or("").parse::<u64>() else {
                continue; // -1 ERRNO
            };
            m.entry(rest[a + 1..b].to_string())
                .or_default()
                .add(write, n);
        }
    }
    m
}

// ------------------------------------------------------------------------------ accounts

/// The program's JSON lines (stdout lines starting with '{').
fn account_lines(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
}

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or_else(|| panic!("not a string: {v}"))
}

/// The POSIX operations on each file in an archive, as [`Moved`].
fn archive_posix(a: &Archive) -> BTreeMap<String, Moved> {
    let mut m: BTreeMap<String, Moved> = BTreeMap::new();
    for o in a.ops() {
        if o.paradigm != "POSIX" || !matches!(o.mode.as_str(), "READ" | "WRITE") {
            continue;
        }
        if let Some(f) = &o.file {
            m.entry(f.clone())
                .or_default()
                .add(o.mode == "WRITE", o.bytes_result);
        }
    }
    m
}

// ------------------------------------------------------------------------------ archive

/// Per handle id: (IoOperationBegin count, bytes requested, IoOperationComplete count, bytes
/// done).
type PerHandle = BTreeMap<u64, (u64, u64, u64, u64)>;

/// The number after `key` in an otf2-print line ("Bytes Request: 8192," -> 8192).
fn field(line: &str, key: &str) -> Option<u64> {
    let rest = &line[line.find(key)? + key.len()..];
    rest.split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// The I/O operation records of an archive as otf2-print (OTF2's own reader) prints them.
fn otf2_print_ops(archive: &Path) -> PerHandle {
    let r = run(command("otf2-print", Path::new("/")).arg(archive));
    r.assert_ok("otf2-print");
    let mut m = PerHandle::new();
    for l in r.stdout.lines() {
        let begin = l.starts_with("IO_OPERATION_BEGIN ");
        if !begin && !l.starts_with("IO_OPERATION_COMPLETE ") {
            continue;
        }
        // Handle: "<name>" <id>, ...
        let Some(id) = l
            .split("\" <")
            .nth(1)
            .and_then(|x| x.split('>').next())
            .and_then(|x| x.parse().ok())
        else {
            continue;
        };
        let e = m.entry(id).or_default();
        if begin {
            e.0 += 1;
            e.1 += field(l, "Bytes Request: ").unwrap_or(0);
        } else {
            e.2 += 1;
            e.3 += field(l, "Bytes Result: ").unwrap_or(0);
        }
    }
    m
}

/// [`convert_and_check`], and the checker's reading of the I/O operations (per handle:
/// Begins, Completes and their bytes) must be otf2-print's.
fn convert(trace: &Path, out: &Path) -> Archive {
    let a = convert_and_check(trace, out);
    let mut mine = PerHandle::new();
    for e in a.events() {
        let Some(id) = e.handle_id else { continue };
        match e.ty.as_str() {
            "IoOperationBegin" => {
                let x = mine.entry(id).or_default();
                x.0 += 1;
                x.1 += e.bytes_request.unwrap_or(0);
            }
            "IoOperationComplete" => {
                let x = mine.entry(id).or_default();
                x.2 += 1;
                x.3 += e.bytes_result.unwrap_or(0);
            }
            _ => {}
        }
    }
    let printed = otf2_print_ops(out);
    assert_eq!(
        printed, mine,
        "otf2-print and the checker read other I/O operations"
    );
    a
}

// ------------------------------------------------------------------------------ summary

/// `recorder-otf2 summary --json TRACE`, parsed.
fn summary(trace: &Path) -> Value {
    let mut c = command(&build().launcher, trace.parent().unwrap());
    c.arg("summary").arg("--json").arg(trace);
    let r = run(&mut c);
    r.assert_ok("recorder-otf2 summary --json");
    serde_json::from_str(&r.stdout).expect("summary --json is JSON")
}

/// The summary's files[] entry of `path` at `layer`, if any.
fn summary_file<'a>(sm: &'a Value, path: &str, layer: &str) -> Option<&'a Value> {
    sm["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["path"] == path && f["layer"] == layer)
}

/// A summary files[] entry as [`Moved`] (zero when absent).
fn summary_moved(sm: &Value, path: &str, layer: &str) -> Moved {
    summary_file(sm, path, layer).map_or(Moved::default(), |f| Moved {
        reads: u(&f["read_ops"]),
        read_bytes: u(&f["read_bytes"]),
        writes: u(&f["write_ops"]),
        write_bytes: u(&f["write_bytes"]),
    })
}

/// strace == archive POSIX == summary POSIX on every file of `files` (full paths), and the
/// file has data moved (strace's extra reads on a file read through stdio are allowed for,
/// bounded by its ISOC reads); returns the strace numbers.
fn check_posix_against_strace(
    dir: &TestDir,
    a: &Archive,
    sm: &Value,
    files: &[String],
    p: &mut Problems,
) -> Moved {
    let st = strace_moved(dir);
    let ar = archive_posix(a);
    let mut total = Moved::default();
    for f in files {
        let s = st.get(f).copied().unwrap_or_default();
        let t = ar.get(f).copied().unwrap_or_default();
        let y = summary_moved(sm, f, "POSIX");
        p.check(s.reads + s.writes > 0, || {
            format!("{f}: strace saw no data syscall")
        });
        p.check(t == y, || {
            format!("{f}: archive {t:?}, the summary's POSIX row {y:?}")
        });
        let (isoc_reads, isoc_bytes) = isoc_reads(a, f);
        if isoc_reads == 0 {
            p.check(s == t, || {
                format!("{f}: strace {s:?}, the archive's POSIX operations {t:?}")
            });
        } else {
            // A stdio stream on the file (libnetcdf's magic-number check: fread, getc) reads
            // through glibc's own read(2), which is no POSIX call of the program: strace has
            // those buffer fills, the archive has the ISOC reads they served.
            let (extra, extra_bytes) = (
                s.reads.wrapping_sub(t.reads),
                s.read_bytes.wrapping_sub(t.read_bytes),
            );
            p.check(
                (s.writes, s.write_bytes) == (t.writes, t.write_bytes)
                    && (1..=isoc_reads).contains(&extra)
                    && extra_bytes >= isoc_bytes
                    && extra_bytes <= extra * 65536,
                || {
                    format!(
                        "{f}: strace {s:?}, the archive's POSIX operations {t:?} and \
                         {isoc_reads} ISOC reads of {isoc_bytes} bytes"
                    )
                },
            );
        }
        total.reads += s.reads;
        total.read_bytes += s.read_bytes;
        total.writes += s.writes;
        total.write_bytes += s.write_bytes;
    }
    total
}

/// The ISOC (stdio) read operations on `file`: (count, bytes done).
fn isoc_reads(a: &Archive, file: &str) -> (u64, u64) {
    a.ops_on(file)
        .iter()
        .filter(|o| o.paradigm == "ISOC" && o.mode == "READ")
        .fold((0, 0), |(n, b), o| (n + 1, b + o.bytes_result))
}

/// Every POSIX operation on `file` happens inside a call whose region starts with one of
/// `callers` (the layer that caused it); returns how many there are.
fn posix_inside(a: &Archive, file: &str, callers: &[&str], p: &mut Problems) -> usize {
    let mut n = 0;
    for loc in &a.locations {
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
            p.check(
                regions
                    .iter()
                    .any(|r| callers.iter().any(|c| r.starts_with(c))),
                || format!("POSIX operation #{} on {file} in {regions:?}", e.index),
            );
        }
    }
    n
}

// ------------------------------------------------------------------------------ 1. IOR

/// IOR's paradigm names in the archive, and the summary's layer names.
fn ior_layer(api: &str) -> &'static str {
    match api {
        "POSIX" => "POSIX",
        "MPIIO" => "MPI-IO",
        "NCMPI" => "PnetCDF",
        _ => unreachable!(),
    }
}

/// One transfer: (call, mode, bytes, byte offset, collective).
type Xfer = (String, String, u64, Option<u64>, bool);

/// The operations of `layer` on `file` per location group (rank), as [`Xfer`]s in Begin
/// order; `offsets`: whether to take the Offset attribute.
fn archive_xfers(a: &Archive, layer: &str, file: &str, offsets: bool) -> BTreeMap<u64, Vec<Xfer>> {
    let mut m: BTreeMap<u64, Vec<Xfer>> = BTreeMap::new();
    for loc in &a.locations {
        let mut open: BTreeMap<(u64, u64), usize> = BTreeMap::new();
        for e in &loc.events {
            if e.paradigm.as_deref() != Some(layer) || e.file.as_deref() != Some(file) {
                continue;
            }
            let key = (e.handle_id.unwrap_or(0), e.matching_id.unwrap_or(0));
            let v = m.entry(loc.group).or_default();
            match e.ty.as_str() {
                "IoOperationBegin" => {
                    open.insert(key, v.len());
                    v.push((
                        e.enclosing_region.clone().unwrap_or_default(),
                        e.mode.clone().unwrap_or_default(),
                        0,
                        if offsets { e.attr("Offset") } else { None },
                        e.has_op_flag("COLLECTIVE"),
                    ));
                }
                "IoOperationComplete" => {
                    if let Some(k) = open.remove(&key) {
                        v[k].2 = e.bytes_result.unwrap_or(0);
                    }
                }
                _ => {}
            }
        }
    }
    m.retain(|_, v| !v.is_empty());
    m
}

/// The program's transfers on one file per rank, as [`Xfer`]s.
fn program_xfers(
    transfers: &[&Value],
    offsets: bool,
    collective: bool,
) -> BTreeMap<u64, Vec<Xfer>> {
    let mut m: BTreeMap<u64, Vec<Xfer>> = BTreeMap::new();
    for t in transfers {
        let call = s(&t["call"]).to_string();
        let write = call.contains("write") || call.contains("put");
        let mode = if write { "WRITE" } else { "READ" }.to_string();
        let off = offsets.then(|| u(&t["offset"]));
        m.entry(u(&t["rank"]))
            .or_default()
            .push((call, mode, u(&t["bytes"]), off, collective));
    }
    m
}

/// One IOR data file: per rank the backend layer's operations are the program's transfers
/// (call, mode, bytes, offset, COLLECTIVE), the summary's row of the layer has their sums
/// (and collective_ops), the POSIX operations on it happen inside the backend's calls.
fn check_ior_file(
    a: &Archive,
    sm: &Value,
    api: &str,
    coll: bool,
    file: &str,
    transfers: &[&Value],
    p: &mut Problems,
) {
    let layer = ior_layer(api);
    let name = file.rsplit('/').next().unwrap();
    let mine: Vec<&Value> = transfers
        .iter()
        .copied()
        .filter(|t| t["file"] == name)
        .collect();
    // PnetCDF operations carry the variable and selection, not an offset.
    let offsets = api != "NCMPI";
    let want = program_xfers(&mine, offsets, coll && api != "POSIX");
    let have = archive_xfers(a, layer, file, offsets);
    for (rank, w) in &want {
        let h = have.get(rank).cloned().unwrap_or_default();
        p.check(&h == w, || {
            format!(
                "{name} rank {rank}: {layer} operations (call, mode, bytes, offset, collective)\n  \
                 archive: {h:?}\n  program: {w:?}"
            )
        });
    }
    p.check(have.keys().eq(want.keys()), || {
        format!(
            "{name}: {layer} operations by ranks {:?}, the program's {:?}",
            have.keys(),
            want.keys()
        )
    });
    let mut sums = Moved::default();
    for x in want.values().flatten() {
        sums.add(x.1 == "WRITE", x.2);
    }
    let row = summary_moved(sm, file, layer);
    p.check(row == sums, || {
        format!("{name}: summary {layer} row {row:?}, the program's {sums:?}")
    });
    if coll && api != "POSIX" {
        let n = summary_file(sm, file, layer).map_or(0, |f| u(&f["collective_ops"]));
        p.check(n == mine.len() as u64, || {
            format!(
                "{name}: summary collective_ops {n}, the program's {}",
                mine.len()
            )
        });
    }
    let callers: &[&str] = match api {
        "POSIX" => &["pwrite", "pread", "open", "close"],
        "MPIIO" => &["MPI_File_"],
        _ => &["ncmpi_"],
    };
    let n = posix_inside(a, file, callers, p);
    p.check(n > 0, || format!("{name}: no POSIX operation"));
}

/// ior_equiv.c (IOR 4.0.0's POSIX / MPIIO / NCMPI backends, -s 2 -b 64k -t 16k, shared file
/// or -F) at `np` ranks, collective or not, traced under strace: per rank, the operations of
/// the backend's layer on the data file are the program's transfers (call, mode, 16 KiB,
/// offset = s * (P * block) + r * block + k * transfer), the summary's row for that layer has
/// their sums, POSIX beneath is inside the backend's calls and equals strace.
fn ior(api: &str, np: u32, coll: bool, fpp: bool) {
    ior_run(api, np, coll, fpp, false);
}

/// As [`ior`]; `view`: MPIIO through a file view and the individual file pointer (IOR's -V),
/// whose operations must still carry the absolute byte offsets.
fn ior_run(api: &str, np: u32, coll: bool, fpp: bool, view: bool) {
    need!(have_mpirun(), "mpirun not found on PATH");
    need!(have_program("strace"), "strace not found on PATH");
    let Some(libs) = pkg_config("pnetcdf") else {
        eprintln!("skipped: pkg-config pnetcdf not found");
        return;
    };
    let dir = TestDir::new(&format!(
        "ior-{api}-{np}-{}-{}-{}",
        coll as u8, fpp as u8, view as u8
    ));
    let extra: Vec<&str> = libs.iter().map(String::as_str).collect();
    let prog = compile_mpi(&dir, "ior_equiv.c", &extra);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let (c, f) = (if coll { "1" } else { "0" }, if fpp { "1" } else { "0" });
    let r = run(mpirun_straced(np, &dir, &trace, DATA_SYSCALLS)
        .arg(&prog)
        .arg(&data)
        .args([api, c, f, if view { "1" } else { "0" }]));
    r.assert_ok(&format!("ior_equiv {api} at {np} ranks"));
    let lines = account_lines(&r.stdout);
    assert!(
        lines.last().is_some_and(|l| l["failures"] == 0),
        "{}",
        r.stdout
    );
    let transfers: Vec<&Value> = lines.iter().filter(|l| l.get("call").is_some()).collect();
    assert_eq!(transfers.len() as u32, 16 * np, "{}", r.stdout);

    let a = convert(&trace, &dir.join("out.otf2"));
    let sm = summary(&trace);
    let d = data.to_string_lossy().into_owned();
    let mut files: Vec<String> = transfers
        .iter()
        .map(|t| format!("{d}/{}", s(&t["file"])))
        .collect();
    files.sort();
    files.dedup();
    assert_eq!(files.len(), if fpp { np as usize } else { 1 });
    let mut p = Problems::default();
    for file in &files {
        check_ior_file(&a, &sm, api, coll, file, &transfers, &mut p);
    }
    let moved = check_posix_against_strace(&dir, &a, &sm, &files, &mut p);
    if api != "NCMPI" {
        // No header: POSIX moves exactly the program's bytes.
        let (w, rd) = (16384 * 8 * np as u64, 16384 * 8 * np as u64);
        p.check(moved.write_bytes == w && moved.read_bytes == rd, || {
            format!("POSIX bytes {moved:?}, the program's {w} written and {rd} read")
        });
    }
    eprintln!(
        "ior {api} np={np} coll={coll} fpp={fpp} view={view}: {} transfers; POSIX beneath (= \
         strace): {moved:?}",
        transfers.len()
    );
    p.finish(&format!(
        "ior_equiv {api} np={np} coll={coll} fpp={fpp} view={view}"
    ));
}

#[test]
fn ior_posix_1_rank() {
    ior("POSIX", 1, false, false);
}

#[test]
fn ior_posix_4_ranks_shared_file() {
    ior("POSIX", 4, false, false);
}

#[test]
fn ior_posix_4_ranks_file_per_process() {
    ior("POSIX", 4, false, true);
}

#[test]
fn ior_mpiio_1_rank_independent() {
    ior("MPIIO", 1, false, false);
}

#[test]
fn ior_mpiio_4_ranks_collective() {
    ior("MPIIO", 4, true, false);
}

#[test]
fn ior_mpiio_4_ranks_independent() {
    ior("MPIIO", 4, false, false);
}

#[test]
fn ior_mpiio_4_ranks_file_per_process_collective() {
    ior("MPIIO", 4, true, true);
}

#[test]
fn ior_mpiio_1_rank_file_view_independent() {
    ior_run("MPIIO", 1, false, false, true);
}

#[test]
fn ior_mpiio_4_ranks_file_view_collective() {
    ior_run("MPIIO", 4, true, false, true);
}

#[test]
fn ior_mpiio_4_ranks_file_view_independent() {
    ior_run("MPIIO", 4, false, false, true);
}

#[test]
fn ior_ncmpi_1_rank_collective() {
    ior("NCMPI", 1, true, false);
}

#[test]
fn ior_ncmpi_4_ranks_collective() {
    ior("NCMPI", 4, true, false);
}

#[test]
fn ior_ncmpi_4_ranks_independent() {
    ior("NCMPI", 4, false, false);
}

#[test]
fn ior_ncmpi_4_ranks_file_per_process_independent() {
    ior("NCMPI", 4, false, true);
}

// ------------------------------------------------------------------------------ 2. mdtest

/// The metadata syscalls mdtest_equiv.c's calls become (glibc: open -> openat, stat ->
/// newfstatat or statx, unlink / rmdir -> unlink / rmdir or unlinkat), plus the data ones.
const META_SYSCALLS: &str = "mkdir,mkdirat,rmdir,unlink,unlinkat,open,openat,stat,lstat,\
                             newfstatat,statx,close,pread64,pwrite64,read,write";

/// Syscalls per program call name (mkdir, rmdir, open, close, stat, unlink, pwrite, pread)
/// on paths under `under` (a path argument or a descriptor strace shows with its path).
fn strace_calls(dir: &TestDir, under: &str) -> BTreeMap<String, u64> {
    let mut m: BTreeMap<String, u64> = BTreeMap::new();
    let quoted = format!("\"{under}/");
    let fd = format!("<{under}/");
    for l in strace_lines(dir) {
        let Some((name, rest)) = l.split_once('(') else {
            continue;
        };
        if !(rest.contains(&quoted) || rest.contains(&fd)) || l.ends_with("<unfinished ...>") {
            continue;
        }
        let call = match name {
            "mkdir" | "mkdirat" => "mkdir",
            "rmdir" => "rmdir",
            "unlinkat" if rest.contains("AT_REMOVEDIR") => "rmdir",
            "unlink" | "unlinkat" => "unlink",
            "open" | "openat" => "open",
            "stat" | "lstat" | "newfstatat" => "stat",
            // glibc's stat is newfstatat here; statx comes from the recorder (below).
            "statx" => "recorder statx",
            "close" => "close",
            "pwrite64" => "pwrite",
            "pread64" => "pread",
            _ => continue,
        };
        *m.entry(call.to_string()).or_default() += 1;
    }
    m
}

/// The calls (regions) the program itself made on its main thread, per location group:
/// depth-0 calls of `names` (MPI's own file calls happen inside MPI_Init and the like, or on
/// its threads, which make no call of `names` at depth 0 here).
fn top_calls(a: &Archive, names: &[&str]) -> BTreeMap<u64, BTreeMap<String, u64>> {
    let mut m: BTreeMap<u64, BTreeMap<String, u64>> = BTreeMap::new();
    for c in a.calls() {
        let name = c.region.as_str();
        // Some glibc entry points carry a suffix (open64, __xstat ...): fold them.
        let base = match name {
            "open64" => "open",
            "__xstat" | "__xstat64" | "stat64" => "stat",
            "pwrite64" => "pwrite",
            "pread64" => "pread",
            n => n,
        };
        if c.depth == 0 && names.contains(&base) {
            *m.entry(c.group)
                .or_default()
                .entry(base.to_string())
                .or_default() += 1;
        }
    }
    m
}

/// mdtest_equiv.c's call counts per rank (its "counts" lines), and their sum.
type Counts = BTreeMap<String, u64>;
fn mdtest_counts(lines: &[Value]) -> (BTreeMap<u64, Counts>, Counts) {
    let mut want: BTreeMap<u64, Counts> = BTreeMap::new();
    for l in lines.iter().filter(|l| l.get("counts").is_some()) {
        let c = l["counts"].as_object().unwrap();
        want.insert(
            u(&l["rank"]),
            c.iter().map(|(k, v)| (k.clone(), u(v))).collect(),
        );
    }
    let mut total = Counts::new();
    for (k, v) in want.values().flatten() {
        *total.entry(k.clone()).or_default() += v;
    }
    (want, total)
}

/// One mdtest file of `rank`: written and read once (3901 bytes at 0), created (CREATE) and
/// reopened by that rank, deleted once; its summary row. Returns its summary meta_ops.
fn check_mdtest_file(
    a: &Archive,
    sm: &Value,
    path: &str,
    rank: u64,
    deleted: &BTreeMap<String, u64>,
    p: &mut Problems,
) -> u64 {
    let ops = op_tuples(&a.ops_on(path));
    p.check(
        ops == [
            op("pwrite", "WRITE", 3901, 3901, Some(0)),
            op("pread", "READ", 3901, 3901, Some(0)),
        ],
        || format!("{path}: operations {ops:?}"),
    );
    let creates: Vec<&Event> = a
        .events_of("IoCreateHandle")
        .into_iter()
        .filter(|e| e.file.as_deref() == Some(path))
        .collect();
    p.check(
        creates.len() == 2
            && creates.iter().all(|e| e.group == rank)
            && flags(&creates[0].creation_flags).contains(&"CREATE".to_string()),
        || format!("{path}: IoCreateHandle events {creates:?}"),
    );
    p.check(deleted.get(path) == Some(&1), || {
        format!("{path}: {:?} IoDeleteFile", deleted.get(path))
    });
    let row = summary_file(sm, path, "POSIX");
    let one = Moved {
        reads: 1,
        read_bytes: 3901,
        writes: 1,
        write_bytes: 3901,
    };
    p.check(
        summary_moved(sm, path, "POSIX") == one
            && row.is_some_and(|f| f["ranks"] == serde_json::json!([rank])),
        || format!("{path}: summary row {row:?}"),
    );
    // 2 opens, 2 closes, 1 stat, 1 unlink.
    let meta = row.map_or(0, |f| u(&f["meta_ops"]));
    p.check(meta == 6, || {
        format!("{path}: summary meta_ops {meta}, want 6")
    });
    meta
}

/// strace's calls under the data directory are the program's (`total`); the recorder's own
/// statx calls are counted apart and bounded. Returns their number.
fn check_mdtest_strace(dir: &TestDir, d: &str, total: &Counts, p: &mut Problems) -> u64 {
    let mut st = strace_calls(dir, d);
    // The recorder itself stats (statx, std::fs::metadata in files.rs) each name it defines,
    // to tell a directory from a regular file: once per new name (a mkdir, an open that
    // creates), never again for a name it knows (an unlink of a file it saw opened stat'ed
    // it again before: fixed). Metadata only, but on a parallel file system one more
    // metadata round trip per created item.
    let own = st.remove("recorder statx").unwrap_or(0);
    let bound = total["mkdir"] + total["pwrite"];
    p.check(own <= bound, || {
        format!("the recorder's own statx calls: {own}, more than one per new name ({bound})")
    });
    p.check(st == *total, || {
        format!("strace's calls under the data directory {st:?}, the program's {total:?}")
    });
    own
}

/// mdtest_equiv.c (mdtest -n 6 -w 3901 -e 3901, shared directory then -u) at `np` ranks: the
/// calls per rank (mkdir, stat, rmdir, open, pwrite, close, pread, unlink) are the program's
/// counts in the archive and in strace; every file is created, written, read and deleted with
/// the program's bytes (IoCreateHandle with CREATE, 3901 bytes each way at offset 0,
/// IoDeleteFile), every directory is deleted (IoDeleteFile on its directory file); the summary's
/// files[] rows have the bytes and the metadata operations that carry a file.
fn mdtest(np: u32) {
    need!(have_mpirun(), "mpirun not found on PATH");
    need!(have_program("strace"), "strace not found on PATH");
    let dir = TestDir::new(&format!("mdtest-{np}"));
    let prog = compile_mpi(&dir, "mdtest_equiv.c", &[]);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let r = run(mpirun_straced(np, &dir, &trace, META_SYSCALLS)
        .arg(&prog)
        .arg(&data));
    r.assert_ok(&format!("mdtest_equiv at {np} ranks"));
    let lines = account_lines(&r.stdout);
    assert!(
        lines.last().is_some_and(|l| l["failures"] == 0),
        "{}",
        r.stdout
    );
    let d = data.to_string_lossy().into_owned();
    let names = [
        "mkdir", "rmdir", "open", "close", "stat", "unlink", "pwrite", "pread",
    ];
    let mut p = Problems::default();

    let (want, total) = mdtest_counts(&lines);
    assert_eq!(want.len() as u32, np, "{}", r.stdout);
    let own = check_mdtest_strace(&dir, &d, &total, &mut p);

    let a = convert(&trace, &dir.join("out.otf2"));
    let got = top_calls(&a, &names);
    p.check(got == want, || {
        format!("calls per rank in the archive {got:?}, the program's {want:?}")
    });

    // Per file: the data and the handle life cycle; per directory: its deletion.
    let sm = summary(&trace);
    let mut deleted: BTreeMap<String, u64> = BTreeMap::new();
    for e in a.events_of("IoDeleteFile") {
        if let Some(f) = &e.file {
            *deleted.entry(f.clone()).or_default() += 1;
        }
    }
    let mut meta_in_summary = 0;
    for l in lines.iter().filter(|l| l["call"] == "pwrite") {
        let path = format!("{d}/{}", s(&l["path"]));
        meta_in_summary += check_mdtest_file(&a, &sm, &path, u(&l["rank"]), &deleted, &mut p);
    }
    let mut dirs = 0;
    for (path, n) in &deleted {
        let is_dir = a
            .file(path)
            .is_some_and(|f| f.ty.to_lowercase().contains("dir"));
        if path.starts_with(&format!("{d}/")) && is_dir {
            dirs += n;
            meta_in_summary += summary_file(&sm, path, "POSIX").map_or(0, |f| u(&f["meta_ops"]));
        }
    }
    let rmdirs = total["rmdir"];
    p.check(dirs == rmdirs, || {
        format!("{dirs} IoDeleteFile of directories, the program's {rmdirs} rmdir")
    });
    // Every metadata call counts for its file: the handle events (open, close), deletions
    // (unlink, rmdir) and the path calls that make no handle (stat, mkdir; OTF2 has no
    // event for these, the model tells analyses).
    let carried = total["open"]
        + total["close"]
        + total["unlink"]
        + total["rmdir"]
        + total["stat"]
        + total["mkdir"];
    p.check(meta_in_summary == carried, || {
        format!(
            "summary meta_ops under the data directory {meta_in_summary}, the program's \
             open + close + unlink + rmdir + stat + mkdir {carried}"
        )
    });
    eprintln!(
        "mdtest np={np}: program, archive and strace {total:?}; the recorder's own statx {own}; \
         summary meta_ops {meta_in_summary}"
    );
    p.finish(&format!("mdtest_equiv at {np} ranks"));
}

#[test]
fn mdtest_1_rank() {
    mdtest(1);
}

#[test]
fn mdtest_4_ranks() {
    mdtest(4);
}

// ------------------------------------------------------------------------------ 3. FLASH-IO

/// One PnetCDF operation as the archive has it: the call it began in, the variable, bytes
/// requested and done, the call it completed in, its flags.
#[derive(Debug, Clone, PartialEq)]
struct PncOp {
    call: String,
    var: String,
    request: u64,
    result: u64,
    completed_in: String,
    non_blocking: bool,
}

/// The PnetCDF operations of location group `group` on `file`, in Begin order, and the MPI-IO
/// bytes (read, written) done inside PnetCDF data calls and waits on that file.
fn pnc_ops(a: &Archive, group: u64, file: &str) -> (Vec<PncOp>, (u64, u64)) {
    let mut v: Vec<PncOp> = Vec::new();
    let mut open: BTreeMap<(u64, u64), usize> = BTreeMap::new();
    let mut mpi_open: BTreeMap<(u64, u64), String> = BTreeMap::new();
    let (mut mpi_read, mut mpi_written) = (0, 0);
    for loc in a.locations_of(group) {
        let t = CallTree::new(loc);
        for (i, e) in loc.events.iter().enumerate() {
            if e.file.as_deref() != Some(file) {
                continue;
            }
            let region = t.region_at(i).unwrap_or("").to_string();
            match (e.ty.as_str(), e.paradigm.as_deref()) {
                ("IoOperationBegin", Some("PnetCDF")) => {
                    open.insert((e.handle_id.unwrap(), e.matching_id.unwrap()), v.len());
                    v.push(PncOp {
                        call: region,
                        var: e.attr_str("netCDF variable").unwrap_or("?").to_string(),
                        request: e.bytes_request.unwrap_or(0),
                        result: 0,
                        completed_in: String::new(),
                        non_blocking: e.has_op_flag("NON_BLOCKING"),
                    });
                }
                ("IoOperationComplete", Some("PnetCDF")) => {
                    if let Some(k) = open.remove(&(e.handle_id.unwrap(), e.matching_id.unwrap())) {
                        v[k].result = e.bytes_result.unwrap_or(0);
                        v[k].completed_in = region;
                    }
                }
                ("IoOperationBegin", Some("MPI-IO")) => {
                    let in_data = t.regions_at(i).iter().any(|r| {
                        r.starts_with("ncmpi_put_")
                            || r.starts_with("ncmpi_get_")
                            || r.starts_with("ncmpi_wait")
                    });
                    if in_data {
                        let key = (e.handle_id.unwrap(), e.matching_id.unwrap());
                        mpi_open.insert(key, e.mode.clone().unwrap_or_default());
                    }
                }
                // The mode is on the Begin, the bytes done on the Complete.
                ("IoOperationComplete", Some("MPI-IO")) => {
                    let key = (e.handle_id.unwrap(), e.matching_id.unwrap());
                    match mpi_open.remove(&key).as_deref() {
                        Some("WRITE") => mpi_written += e.bytes_result.unwrap_or(0),
                        Some("READ") => mpi_read += e.bytes_result.unwrap_or(0),
                        _ => {}
                    }
                }
                _ => {}
            }
        }
    }
    (v, (mpi_read, mpi_written))
}

/// The program's PnetCDF calls on one file of one rank as [`PncOp`]s, and what its waits
/// say they completed.
fn flash_wanted(lines: &[Value], name: &str, rank: u64) -> (Vec<PncOp>, u64) {
    let mine: Vec<&Value> = lines
        .iter()
        .filter(|l| l["file"] == name && l.get("rank").map(u) == Some(rank))
        .collect();
    let waited = mine
        .iter()
        .filter(|l| l["call"] == "ncmpi_wait_all")
        .map(|l| u(&l["completed"]))
        .sum();
    let want = mine
        .iter()
        .filter(|l| l.get("var").is_some())
        .map(|l| {
            let call = s(&l["call"]).to_string();
            let nb = call.starts_with("ncmpi_iput");
            PncOp {
                completed_in: if nb {
                    "ncmpi_wait_all".into()
                } else {
                    call.clone()
                },
                var: s(&l["var"]).to_string(),
                request: u(&l["bytes"]),
                result: u(&l["bytes"]),
                non_blocking: nb,
                call,
            }
        })
        .collect();
    (want, waited)
}

/// One FLASH-IO file of one rank: the PnetCDF operations are the program's, the wait
/// completes what it says it completed, the MPI-IO bytes inside the data calls and waits
/// are the rank's. Returns the program's operations.
fn check_flash_rank(
    a: &Archive,
    lines: &[Value],
    name: &str,
    file: &str,
    rank: u64,
    p: &mut Problems,
) -> Vec<PncOp> {
    let (want, waited) = flash_wanted(lines, name, rank);
    let (have, mpi) = pnc_ops(a, rank, file);
    p.check(have == want, || {
        format!("{name} rank {rank}: PnetCDF operations\n  archive: {have:?}\n  program: {want:?}")
    });
    let in_wait = have
        .iter()
        .filter(|o| o.completed_in == "ncmpi_wait_all")
        .count() as u64;
    p.check(waited == in_wait, || {
        format!("{name} rank {rank}: the wait completed {waited}, the archive {in_wait}")
    });
    let mut bytes = (0, 0);
    for o in &want {
        if o.call.contains("put") {
            bytes.1 += o.request;
        } else {
            bytes.0 += o.request;
        }
    }
    p.check(mpi == bytes, || {
        format!(
            "{name} rank {rank}: MPI-IO bytes inside the data calls (read, written) {mpi:?}, \
             the program's {bytes:?}"
        )
    });
    want
}

/// flash_equiv.c (PnetCDF's FLASH-IO: a checkpoint of 15 variables, two plotfiles of 9) at
/// `np` ranks, blocking or nonblocking: per rank and file, the PnetCDF operations are the
/// program's calls with their variable and bytes; nonblocking ones are NON_BLOCKING Begins in
/// the iput whose Complete (same matching id, same bytes) is in the ncmpi_wait_all, as many as
/// the wait says it completed; the MPI-IO bytes inside the data calls and waits are the
/// rank's bytes; the summary's PnetCDF rows have the sums; POSIX equals strace.
fn flash(np: u32, nonblocking: bool) {
    need!(have_mpirun(), "mpirun not found on PATH");
    need!(have_program("strace"), "strace not found on PATH");
    let Some(libs) = pkg_config("pnetcdf") else {
        eprintln!("skipped: pkg-config pnetcdf not found");
        return;
    };
    let mode = if nonblocking {
        "nonblocking"
    } else {
        "blocking"
    };
    let dir = TestDir::new(&format!("flash-{np}-{mode}"));
    let extra: Vec<&str> = libs.iter().map(String::as_str).collect();
    let prog = compile_mpi(&dir, "flash_equiv.c", &extra);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let r = run(mpirun_straced(np, &dir, &trace, DATA_SYSCALLS)
        .arg(&prog)
        .arg(&data)
        .arg(mode));
    r.assert_ok(&format!("flash_equiv {mode} at {np} ranks"));
    let lines = account_lines(&r.stdout);
    assert!(
        lines.last().is_some_and(|l| l["failures"] == 0),
        "{}",
        r.stdout
    );
    let a = convert(&trace, &dir.join("out.otf2"));
    let sm = summary(&trace);
    let d = data.to_string_lossy().into_owned();
    let names = [
        "flash_chk_0000.nc",
        "flash_plt_cnt_0000.nc",
        "flash_plt_crn_0000.nc",
    ];
    let mut p = Problems::default();
    let mut checked = 0;
    for name in names {
        let file = format!("{d}/{name}");
        let mut sums = Moved::default();
        let mut iputs = 0;
        for rank in 0..np as u64 {
            let want = check_flash_rank(&a, &lines, name, &file, rank, &mut p);
            for o in &want {
                sums.add(o.call.contains("put"), o.request);
                iputs += o.non_blocking as u64;
            }
            checked += want.len();
        }
        let row = summary_moved(&sm, &file, "PnetCDF");
        p.check(row == sums, || {
            format!("{name}: summary PnetCDF row {row:?}, the program's {sums:?}")
        });
        let nb = summary_file(&sm, &file, "PnetCDF").map_or(0, |f| u(&f["nonblocking_ops"]));
        p.check(nb == iputs, || {
            format!("{name}: summary nonblocking_ops {nb}, the program's {iputs} iputs")
        });
        posix_inside(&a, &file, &["ncmpi_"], &mut p);
    }
    let files: Vec<String> = names.iter().map(|n| format!("{d}/{n}")).collect();
    let moved = check_posix_against_strace(&dir, &a, &sm, &files, &mut p);
    eprintln!("flash {mode} np={np}: {checked} PnetCDF operations; POSIX (= strace) {moved:?}");
    p.finish(&format!("flash_equiv {mode} at {np} ranks"));
}

#[test]
fn flash_io_1_rank_blocking() {
    flash(1, false);
}

#[test]
fn flash_io_4_ranks_blocking() {
    flash(4, false);
}

#[test]
fn flash_io_1_rank_nonblocking() {
    flash(1, true);
}

#[test]
fn flash_io_4_ranks_nonblocking() {
    flash(4, true);
}

// ------------------------------------------------------------------------------ 4. h5py, netCDF4

/// The regions open around every POSIX operation on `file` that moves bytes in one of
/// `ranges` ([offset, offset + size)): (mode, offset, bytes, regions innermost first).
fn posix_in_ranges(
    a: &Archive,
    file: &str,
    ranges: &[(u64, u64)],
) -> Vec<(String, u64, u64, Vec<String>)> {
    let mut v = Vec::new();
    for loc in &a.locations {
        let t = CallTree::new(loc);
        for (i, e) in loc.events.iter().enumerate() {
            if e.ty != "IoOperationBegin"
                || e.paradigm.as_deref() != Some("POSIX")
                || e.file.as_deref() != Some(file)
            {
                continue;
            }
            let (Some(off), Some(n)) = (e.attr("Offset"), e.bytes_request) else {
                continue;
            };
            if ranges.iter().any(|&(o, s)| off < o + s && o < off + n) {
                let regions = t.regions_at(i).into_iter().map(String::from).collect();
                v.push((e.mode.clone().unwrap_or_default(), off, n, regions));
            }
        }
    }
    v
}

/// The operations of one paradigm on `file` whose attribute `attr` names `var`, per mode:
/// (count, bytes).
fn var_ops(
    a: &Archive,
    paradigm: &str,
    file: &str,
    attr: &str,
    var: &str,
) -> BTreeMap<String, (u64, u64)> {
    let mut m: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    let begins: Vec<&Event> = a
        .events_of("IoOperationBegin")
        .into_iter()
        .filter(|e| {
            e.paradigm.as_deref() == Some(paradigm)
                && e.file.as_deref() == Some(file)
                && e.attr_str(attr).map(|v| v.trim_start_matches('/')) == Some(var)
        })
        .collect();
    for e in begins {
        let x = m.entry(e.mode.clone().unwrap_or_default()).or_default();
        x.0 += 1;
        x.1 += e.bytes_request.unwrap_or(0);
    }
    m
}

/// The chunks of one variable on disk (offset, stored size) against the POSIX operations:
/// each written and read by exactly one operation of its size at its offset, inside an HDF5
/// call; no other operation touches them; the bytes written into them are what they hold.
fn check_chunks(a: &Archive, file: &str, var: &str, ranges: &[(u64, u64)], p: &mut Problems) {
    let touching = posix_in_ranges(a, file, ranges);
    for &(off, size) in ranges {
        for mode in ["WRITE", "READ"] {
            let exact: Vec<_> = touching
                .iter()
                .filter(|t| t.0 == mode && t.1 == off && t.2 == size)
                .collect();
            p.check(exact.len() == 1, || {
                format!(
                    "{var}: chunk at {off} ({size} bytes): {} POSIX {mode} of it",
                    exact.len()
                )
            });
            p.check(
                exact
                    .iter()
                    .all(|t| t.3.iter().any(|r| r.starts_with("H5"))),
                || format!("{var}: chunk at {off}: {mode} outside an HDF5 call: {exact:?}"),
            );
        }
    }
    let stray: Vec<_> = touching
        .iter()
        .filter(|t| !ranges.iter().any(|&(o, s)| t.1 == o && t.2 == s))
        .collect();
    p.check(stray.is_empty(), || {
        format!("{var}: POSIX operations overlapping chunks but not one chunk: {stray:?}")
    });
    let written: u64 = touching
        .iter()
        .filter(|t| t.0 == "WRITE")
        .map(|t| t.2)
        .sum();
    let stored: u64 = ranges.iter().map(|r| r.1).sum();
    p.check(written == stored, || {
        format!("{var}: POSIX bytes written into the chunks {written}, the chunks hold {stored}")
    });
}

/// chunks_script.py with h5py or netCDF4-python (chunked, gzip-compressed variables): the
/// HDF5 writes and reads per dataset (and for netCDF4 the netCDF ones above them) are the
/// script's; every chunk the file holds (h5py's get_chunk_info) was written by exactly one
/// POSIX write of its stored size at its offset, inside an HDF5 call, and read by one POSIX
/// read; nothing else wrote into the chunks; POSIX equals strace and the summary.
fn chunks(lib: &str) {
    let has = command(SYSTEM_PYTHON, Path::new("/"))
        .args(["-c", "import h5py, netCDF4, numpy"])
        .output()
        .is_ok_and(|o| o.status.success());
    need!(
        has,
        "h5py / netCDF4 / numpy not importable by /usr/bin/python3"
    );
    need!(have_program("strace"), "strace not found on PATH");
    let dir = TestDir::new(&format!("chunks-{lib}"));
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let script = build().programs.join("chunks_script.py");
    let r = run(straced(SYSTEM_PYTHON, &dir, dir.path(), &trace)
        .arg(&script)
        .arg(lib)
        .arg(&data));
    r.assert_ok(&format!("chunks_script.py {lib}"));
    let lines = account_lines(&r.stdout);
    assert!(
        lines.last().is_some_and(|l| l["failures"] == 0),
        "{}",
        r.stdout
    );
    let a = convert(&trace, &dir.join("out.otf2"));
    let sm = summary(&trace);
    let ext = if lib == "h5py" { "h5" } else { "nc" };
    let file = format!("{}/chunks.{ext}", data.display());
    let mut p = Problems::default();
    let (mut h5_sums, mut nchunks) = (Moved::default(), 0);
    for l in lines.iter().filter(|l| l.get("var").is_some()) {
        let var = s(&l["var"]);
        let want: BTreeMap<String, (u64, u64)> = [
            ("READ".to_string(), (u(&l["reads"]), u(&l["read_bytes"]))),
            ("WRITE".to_string(), (u(&l["writes"]), u(&l["write_bytes"]))),
        ]
        .into();
        let h5 = var_ops(&a, "HDF5", &file, "HDF5 dataset", var);
        p.check(h5 == want, || {
            format!("{var}: HDF5 operations {h5:?}, the script's {want:?}")
        });
        if lib == "netcdf4" {
            let nc = var_ops(&a, "netCDF", &file, "netCDF variable", var);
            p.check(nc == want, || {
                format!("{var}: netCDF operations {nc:?}, the script's {want:?}")
            });
        }
        h5_sums.add(true, u(&l["write_bytes"]));
        h5_sums.writes += u(&l["writes"]) - 1;
        h5_sums.add(false, u(&l["read_bytes"]));
        h5_sums.reads += u(&l["reads"]) - 1;
        let ranges: Vec<(u64, u64)> = l["chunks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (u(&c[0]), u(&c[1])))
            .collect();
        nchunks += ranges.len();
        check_chunks(&a, &file, var, &ranges, &mut p);
    }
    let row = summary_moved(&sm, &file, "HDF5");
    p.check(row == h5_sums, || {
        format!("summary HDF5 row {row:?}, the script's {h5_sums:?}")
    });
    let moved = check_posix_against_strace(&dir, &a, &sm, &[file.clone()], &mut p);
    eprintln!(
        "chunks {lib}: {nchunks} chunks matched; HDF5 {h5_sums:?}; POSIX (= strace) {moved:?}"
    );
    p.finish(&format!("chunks_script.py {lib}"));
}

#[test]
fn h5py_chunked_compressed() {
    chunks("h5py");
}

#[test]
fn netcdf4_python_chunked_compressed() {
    chunks("netcdf4");
}

// ------------------------------------------------------------------------------ 5. C++ ADIOS2

/// ADIOS2's folder (libadios2_cxx.so, include/adios2.h): $RECORDER_OTF2_ADIOS2 or the one
/// scripts/setup.sh installs.
fn adios2_dir() -> Option<PathBuf> {
    let lib = std::env::var_os("RECORDER_OTF2_ADIOS2")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/opt/recorder-otf2-adios2/adios2"));
    (lib.join("libadios2_cxx.so").is_file() && lib.join("include/adios2.h").is_file())
        .then_some(lib)
}

/// Compile adios_ranks.cpp with mpicxx as its header says.
fn compile_adios_ranks(dir: &TestDir, lib: &Path) -> PathBuf {
    let src = build().programs.join("adios_ranks.cpp");
    let out = dir.subdir("bin").join("adios_ranks");
    let l = lib.display();
    let mut c = std::process::Command::new("mpicxx");
    c.args(["-std=c++14", "-O0", "-Wall", "-o"])
        .arg(&out)
        .arg(&src)
        .arg(format!("-I{l}/include"))
        .arg(format!("-L{l}"))
        .args(["-ladios2_cxx", "-ladios2_core"])
        .arg(format!("-Wl,-rpath,{l}"))
        .arg("-Wl,--allow-shlib-undefined");
    if let Some(deps) = lib
        .parent()
        .map(|p| p.join("adios2.libs"))
        .filter(|p| p.is_dir())
    {
        c.arg(format!("-Wl,-rpath-link,{}", deps.display()));
    }
    let o = c.output().expect("run mpicxx");
    assert!(
        o.status.success(),
        "mpicxx failed for {}:\n{}",
        src.display(),
        String::from_utf8_lossy(&o.stderr)
    );
    out
}

/// One ADIOS operation: (call: Put / Get, variable, deferred, bytes requested, bytes done,
/// the call it completed in: the call itself, or EndStep for a deferred one).
type AdiosOp = (String, String, bool, u64, u64, String);

/// The ADIOS operations of location group `group` on handle name `bp`, in Begin order.
fn adios_ops(a: &Archive, group: u64, bp: &str) -> Vec<AdiosOp> {
    let short = |r: &str| -> String {
        let name = r.split('(').next().unwrap_or(r);
        let name = name.split('<').next().unwrap_or(name);
        name.rsplit("::").next().unwrap_or(name).to_string()
    };
    let mut v: Vec<AdiosOp> = Vec::new();
    let mut open: BTreeMap<(u64, u64), usize> = BTreeMap::new();
    for loc in a.locations_of(group) {
        for e in &loc.events {
            if e.paradigm.as_deref() != Some("ADIOS") || e.handle.as_deref() != Some(bp) {
                continue;
            }
            let region = short(e.enclosing_region.as_deref().unwrap_or(""));
            let key = (e.handle_id.unwrap(), e.matching_id.unwrap_or(0));
            match e.ty.as_str() {
                "IoOperationBegin" => {
                    open.insert(key, v.len());
                    v.push((
                        region,
                        e.attr_str("ADIOS variable").unwrap_or("?").to_string(),
                        e.has_op_flag("NON_BLOCKING"),
                        e.bytes_request.unwrap_or(0),
                        0,
                        String::new(),
                    ));
                }
                "IoOperationComplete" => {
                    if let Some(k) = open.remove(&key) {
                        v[k].4 = e.bytes_result.unwrap_or(0);
                        v[k].5 = region;
                    }
                }
                _ => {}
            }
        }
    }
    v
}

/// The handle's root ancestor (following parents).
fn root_handle(a: &Archive, mut id: u64) -> u64 {
    while let Some(p) = a.handle(id).parent_id {
        id = p;
    }
    id
}

/// The BP5 engine's files in a BP output.
const ENGINE_FILES: [&str; 4] = ["data.0", "md.0", "md.idx", "mmd.0"];

/// The program's Puts and Gets of one rank as [`AdiosOp`]s.
fn adios_wanted(lines: &[Value], rank: u64) -> Vec<AdiosOp> {
    lines
        .iter()
        .filter(|l| l.get("rank").map(u) == Some(rank))
        .map(|l| {
            let deferred = l["mode"] == "deferred";
            let call = s(&l["call"]).to_string();
            let done_in = if deferred {
                "EndStep".to_string()
            } else {
                call.clone()
            };
            let b = u(&l["bytes"]);
            (call, s(&l["var"]).to_string(), deferred, b, b, done_in)
        })
        .collect()
}

/// One rank's BP output `bp`: its ADIOS operations are the program's, the summary's ADIOS row
/// has their sums, the engine files' handles descend from the ADIOS handle, data.0 moves
/// exactly the deferred Puts' and Gets' bytes. Returns the number of operations.
fn check_adios_rank(
    a: &Archive,
    sm: &Value,
    lines: &[Value],
    rank: u64,
    bp: &str,
    p: &mut Problems,
) -> usize {
    let want = adios_wanted(lines, rank);
    let have = adios_ops(a, rank, bp);
    p.check(have == want, || {
        format!("rank {rank}: ADIOS operations\n  archive: {have:?}\n  program: {want:?}")
    });
    let mut sums = Moved::default();
    let mut deferred = (0, 0);
    for w in &want {
        sums.add(w.0 == "Put", w.3);
        match (w.2, w.0.as_str()) {
            (true, "Put") => deferred.0 += w.3,
            (true, _) => deferred.1 += w.3,
            _ => {}
        }
    }
    let row = summary_moved(sm, bp, "ADIOS");
    p.check(row == sums, || {
        format!("rank {rank}: summary ADIOS row {row:?}, the program's {sums:?}")
    });
    let adios_handle = a
        .handles
        .iter()
        .find(|h| h.paradigm.as_deref() == Some("ADIOS") && h.name == bp)
        .map(|h| h.id);
    for f in ENGINE_FILES {
        let path = format!("{bp}/{f}");
        let roots: Vec<u64> = a
            .handles
            .iter()
            .filter(|h| h.file.as_deref() == Some(path.as_str()))
            .map(|h| root_handle(a, h.id))
            .collect();
        p.check(
            !roots.is_empty() && roots.iter().all(|r| Some(*r) == adios_handle),
            || {
                format!(
                    "rank {rank}: {f}: handle roots {roots:?}, the ADIOS handle {adios_handle:?}"
                )
            },
        );
    }
    let d0 = archive_posix(a)
        .get(&format!("{bp}/data.0"))
        .copied()
        .unwrap_or_default();
    p.check((d0.write_bytes, d0.read_bytes) == deferred, || {
        format!(
            "rank {rank}: data.0 POSIX bytes (written, read) {:?}, the deferred Puts' and Gets' \
             {deferred:?}",
            (d0.write_bytes, d0.read_bytes)
        )
    });
    have.len()
}

/// adios_ranks.cpp (the ADIOS2 C++ API, BP5, a BP output per rank) at `np` ranks: per rank,
/// the ADIOS operations on its BP output are the program's Puts and Gets (variable, deferred
/// or sync, bytes), the deferred ones completed in EndStep; the engine's files are POSIX
/// handles under the ADIOS handle; data.0 receives exactly the deferred Puts' bytes and gives
/// back the deferred Gets'; every engine file's POSIX operations (written partly by BP5's
/// helper threads) equal strace; the summary's ADIOS row has the program's sums.
fn adios_ranks(np: u32) {
    need!(have_mpirun(), "mpirun not found on PATH");
    need!(have_program("mpicxx"), "mpicxx not found on PATH");
    need!(have_program("strace"), "strace not found on PATH");
    let Some(lib) = adios2_dir() else {
        eprintln!("skipped: no ADIOS2 C++ library (scripts/setup.sh installs it)");
        return;
    };
    let dir = TestDir::new(&format!("adios-ranks-{np}"));
    let prog = compile_adios_ranks(&dir, &lib);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let r = run(mpirun_straced(np, &dir, &trace, DATA_SYSCALLS)
        .arg(&prog)
        .arg(&data));
    r.assert_ok(&format!("adios_ranks at {np} ranks"));
    let lines = account_lines(&r.stdout);
    assert!(
        lines.last().is_some_and(|l| l["failures"] == 0),
        "{}",
        r.stdout
    );
    let a = convert(&trace, &dir.join("out.otf2"));
    let sm = summary(&trace);
    let mut p = Problems::default();
    let mut engine_files = Vec::new();
    let mut nops = 0;
    for rank in 0..np as u64 {
        let bp = format!("{}/rank{rank}.bp", data.display());
        nops += check_adios_rank(&a, &sm, &lines, rank, &bp, &mut p);
        for f in ENGINE_FILES {
            engine_files.push(format!("{bp}/{f}"));
        }
    }
    // data.0 is written on the main thread. md.0, mmd.0 and md.idx are opened by BP5's
    // helper threads while the main thread is inside EndStep / Close and written from it:
    // before threads were interleaved event by event (issue 10, item 4) some of their writes
    // lost their operations in about 1 run in 6 at 4 ranks.
    let (data0, helper): (Vec<String>, Vec<String>) = engine_files
        .into_iter()
        .partition(|f| f.ends_with("/data.0"));
    let moved = check_posix_against_strace(&dir, &a, &sm, &data0, &mut p);
    let helper_moved = check_posix_against_strace(&dir, &a, &sm, &helper, &mut p);
    eprintln!(
        "adios_ranks np={np}: {nops} ADIOS operations; data.0 POSIX (= strace) {moved:?}; \
         md.0, mmd.0, md.idx per strace {helper_moved:?}"
    );
    p.finish(&format!("adios_ranks at {np} ranks"));
}

#[test]
fn adios_cxx_1_rank() {
    adios_ranks(1);
}

#[test]
fn adios_cxx_4_ranks() {
    adios_ranks(4);
}
