//! Helpers of the end-to-end tests: locate the release build, compile the C test programs,
//! run programs traced (LD_PRELOAD) and untraced, convert traces with `recorder2otf2`, verify
//! the archives with `otf2-print` and the semantic checker, and read the checker's JSON dump
//! into plain structs to assert on.
//!
//! Every test works in its own scratch directory ([`TestDir`]), removed when the test passes
//! and kept (its path printed) when it fails.

pub mod adios;
pub mod conflicts;
pub mod html;

use serde::Deserialize;
use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

pub use io_events::meta::{Ending, ProcessMeta};

/// How long any single program may run before the test gives up on it.
pub const RUN_TIMEOUT: Duration = Duration::from_secs(120);

// ------------------------------------------------------------------------------ locations

/// The built artifacts the tests exercise.
#[derive(Debug)]
pub struct Build {
    /// The workspace root.
    pub root: PathBuf,
    /// target/release/librecorder_otf2.so
    pub lib: PathBuf,
    /// target/release/recorder-otf2 (the launcher)
    pub launcher: PathBuf,
    /// target/release/recorder2otf2
    pub to_otf2: PathBuf,
    /// target/release/recorder2text
    pub to_text: PathBuf,
    /// tests/checker/check_otf2.py
    pub checker: PathBuf,
    /// tests/programs
    pub programs: PathBuf,
}

/// The release build; panics with instructions when it is missing.
pub fn build() -> &'static Build {
    static B: OnceLock<Build> = OnceLock::new();
    B.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("tests/ has a parent")
            .to_path_buf();
        let target = std::env::var_os("CARGO_TARGET_DIR")
            .map(PathBuf::from)
            .map(|t| if t.is_absolute() { t } else { root.join(t) })
            .unwrap_or_else(|| root.join("target"))
            .join("release");
        let b = Build {
            lib: target.join("librecorder_otf2.so"),
            launcher: target.join("recorder-otf2"),
            to_otf2: target.join("recorder2otf2"),
            to_text: target.join("recorder2text"),
            checker: root.join("tests/checker/check_otf2.py"),
            programs: root.join("tests/programs"),
            root,
        };
        for p in [&b.lib, &b.launcher, &b.to_otf2, &b.to_text] {
            assert!(
                p.is_file(),
                "{} is missing: run `cargo build --release` first (the end-to-end tests use the \
                 release build of the whole workspace)",
                p.display()
            );
        }
        b
    })
}

/// The Debian interpreter that can import python3-otf2.
pub const SYSTEM_PYTHON: &str = "/usr/bin/python3";

/// This machine's host name, as the recorder writes it.
pub fn hostname() -> String {
    let mut b = [0u8; 256];
    // SAFETY: valid buffer and length.
    unsafe { libc::gethostname(b.as_mut_ptr() as *mut libc::c_char, b.len()) };
    let n = b.iter().position(|&c| c == 0).unwrap_or(b.len());
    String::from_utf8_lossy(&b[..n]).into_owned()
}

/// Whether an executable is found on PATH.
pub fn have_program(name: &str) -> bool {
    std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).any(|d| d.join(name).is_file()))
        .unwrap_or(false)
}

// ------------------------------------------------------------------------------ scratch dirs

/// A per-test scratch directory under the system temp dir: removed on drop when the test
/// passed, kept (and its path printed) when it panicked, or always with
/// `RECORDER_OTF2_KEEP_TEST_DIRS=1` (to compare converters' output on every test's trace).
pub struct TestDir {
    path: PathBuf,
}

impl TestDir {
    /// A fresh, empty directory unique to this process and call; `name` makes it findable.
    pub fn new(name: &str) -> TestDir {
        static N: AtomicU32 = AtomicU32::new(0);
        let base = std::env::temp_dir().join("recorder-otf2-e2e");
        std::fs::create_dir_all(&base).expect("create the temp base directory");
        let path = base.join(format!(
            "{}-{}-{}",
            name,
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        if path.exists() {
            std::fs::remove_dir_all(&path).expect("remove a stale scratch directory");
        }
        std::fs::create_dir_all(&path).expect("create the scratch directory");
        // Canonical: the recorder names files by their resolved path.
        let path = path.canonicalize().expect("canonical scratch directory");
        TestDir { path }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn join(&self, p: impl AsRef<Path>) -> PathBuf {
        self.path.join(p)
    }

    /// The path as a string (for program arguments and comparisons with trace file names).
    pub fn str(&self) -> String {
        self.path.to_string_lossy().into_owned()
    }

    /// A new empty subdirectory.
    pub fn subdir(&self, name: &str) -> PathBuf {
        let p = self.path.join(name);
        std::fs::create_dir_all(&p).expect("create a subdirectory");
        p
    }
}

impl Drop for TestDir {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("test files kept in {}", self.path.display());
        } else if std::env::var_os("RECORDER_OTF2_KEEP_TEST_DIRS").is_none() {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

// ------------------------------------------------------------------------------ programs

/// Compile tests/programs/NAME.c into DIR/bin/NAME with gcc -O0 -fno-builtin (so that printf
/// stays printf), plus `extra` flags (which may override the optimisation level).
pub fn compile(dir: &TestDir, name: &str, extra: &[&str]) -> PathBuf {
    let b = build();
    let src = b.programs.join(format!("{name}.c"));
    assert!(src.is_file(), "no test program {}", src.display());
    let bin_dir = dir.subdir("bin");
    let out = bin_dir.join(name);
    let mut cmd = Command::new("gcc");
    cmd.args([
        "-std=gnu17",
        "-O0",
        "-fno-builtin",
        "-Wall",
        "-pthread",
        "-o",
    ])
    .arg(&out)
    .arg(&src)
    .args(extra);
    let o = cmd.output().expect("run gcc");
    assert!(
        o.status.success(),
        "gcc failed for {}:\n{}",
        src.display(),
        String::from_utf8_lossy(&o.stderr)
    );
    out
}

/// The result of running a program.
#[derive(Debug)]
pub struct Run {
    pub status: ExitStatus,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    pub fn code(&self) -> Option<i32> {
        self.status.code()
    }
    /// Panics with the output when the program did not exit with status 0.
    pub fn assert_ok(&self, what: &str) -> &Run {
        assert!(
            self.status.success(),
            "{what} failed ({:?})\n--- stdout\n{}\n--- stderr\n{}",
            self.status,
            self.stdout,
            self.stderr
        );
        self
    }
    /// Non-empty stderr lines.
    pub fn stderr_lines(&self) -> Vec<&str> {
        self.stderr
            .lines()
            .filter(|l| !l.trim().is_empty())
            .collect()
    }
}

/// A command without any recorder settings inherited from the test's environment, running
/// in `cwd`, with stdin from /dev/null.
pub fn command(program: impl AsRef<OsStr>, cwd: &Path) -> Command {
    let mut c = Command::new(program);
    for (k, _) in std::env::vars_os() {
        if let Some(k) = k.to_str() {
            if k.starts_with("RECORDER_OTF2") || k == "LD_PRELOAD" {
                c.env_remove(k);
            }
        }
    }
    c.current_dir(cwd).stdin(Stdio::null());
    c
}

/// A command that runs `program` with the recorder preloaded, writing into `trace_dir`.
pub fn traced(program: impl AsRef<OsStr>, cwd: &Path, trace_dir: &Path) -> Command {
    let mut c = command(program, cwd);
    c.env("LD_PRELOAD", &build().lib)
        .env("RECORDER_OTF2_DIR", trace_dir);
    c
}

/// Run to completion (with a timeout), capturing stdout and stderr.
pub fn run(cmd: &mut Command) -> Run {
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    let what = format!("{cmd:?}");
    let mut child = cmd
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {what}: {e}"));
    // Read both pipes on threads so that a chatty program cannot block on a full pipe.
    let mut out = child.stdout.take().expect("stdout pipe");
    let mut err = child.stderr.take().expect("stderr pipe");
    let to = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut out, &mut v).ok();
        v
    });
    let te = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut v).ok();
        v
    });
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait for the child") {
            break s;
        }
        if start.elapsed() > RUN_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} did not finish within {RUN_TIMEOUT:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = String::from_utf8_lossy(&to.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&te.join().unwrap_or_default()).into_owned();
    Run {
        status,
        stdout,
        stderr,
    }
}

/// Run a compiled test program untraced with `workdir` as its argument.
pub fn run_untraced(prog: &Path, workdir: &Path, args: &[&str]) -> Run {
    let mut c = command(prog, workdir);
    c.arg(workdir).args(args);
    run(&mut c)
}

/// Run a compiled test program traced, with DIR as its argument; it must succeed.
pub fn run_traced_ok(prog: &Path, dir: &TestDir, trace: &Path, args: &[&str]) -> Run {
    let mut c = traced(prog, dir.path(), trace);
    c.arg(dir.path()).args(args);
    let r = run(&mut c);
    r.assert_ok(&format!("traced {}", prog.display()));
    r
}

// ------------------------------------------------------------------------------ libraries

/// `pkg-config --cflags --libs PKG` split into arguments, or None without pkg-config / PKG.
pub fn pkg_config(pkg: &str) -> Option<Vec<String>> {
    pkg_config_args(&["--cflags", "--libs", pkg])
}

/// `pkg-config --variable=NAME PKG`, or None without pkg-config / PKG / the variable.
pub fn pkg_config_variable(pkg: &str, name: &str) -> Option<String> {
    let v = pkg_config_args(&[&format!("--variable={name}"), pkg])?.join(" ");
    (!v.is_empty()).then_some(v)
}

fn pkg_config_args(args: &[&str]) -> Option<Vec<String>> {
    let o = Command::new("pkg-config").args(args).output().ok()?;
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

/// The names of the dynamic symbols an ELF file defines (`nm -D --defined-only`), without
/// symbol versions (`name@@VERS` -> `name`). Panics when nm fails.
pub fn defined_symbols(path: &Path) -> std::collections::BTreeSet<String> {
    let r = run(command("nm", Path::new("/"))
        .args(["-D", "--defined-only"])
        .arg(path));
    r.assert_ok(&format!("nm -D --defined-only {}", path.display()));
    r.stdout
        .lines()
        .filter_map(|l| l.split_whitespace().last())
        .map(|s| s.split('@').next().unwrap_or(s).to_string())
        .collect()
}

// ------------------------------------------------------------------------------ problems

/// Problems found, reported together at the end of a test ([`Problems::finish`]).
#[derive(Default)]
pub struct Problems(pub Vec<String>);

impl Problems {
    /// Record `msg()` when `ok` is false.
    pub fn check(&mut self, ok: bool, msg: impl FnOnce() -> String) {
        if !ok {
            self.0.push(msg());
        }
    }
    /// Panics listing every problem, if any.
    pub fn finish(self, what: &str) {
        assert!(
            self.0.is_empty(),
            "{what}: {} problem(s):\n- {}",
            self.0.len(),
            self.0.join("\n- ")
        );
    }
}

// ------------------------------------------------------------------------------ MPI

/// The MPI a test builds and runs with, named explicitly so that the two installed MPIs never
/// mix (Debian's alternatives pick one for the plain `mpicc` and `mpirun`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mpi {
    /// Open MPI: mpicc.openmpi, mpifort.openmpi, mpirun.openmpi.
    OpenMpi,
    /// MPICH (the ABI of Intel MPI, MVAPICH, Cray MPICH): mpicc.mpich, mpifort.mpich,
    /// mpiexec.mpich (Hydra).
    Mpich,
}

impl Mpi {
    pub fn cc(self) -> &'static str {
        match self {
            Mpi::OpenMpi => "mpicc.openmpi",
            Mpi::Mpich => "mpicc.mpich",
        }
    }
    pub fn fortran(self) -> &'static str {
        match self {
            Mpi::OpenMpi => "mpifort.openmpi",
            Mpi::Mpich => "mpifort.mpich",
        }
    }
    pub fn launcher(self) -> &'static str {
        match self {
            Mpi::OpenMpi => "mpirun.openmpi",
            Mpi::Mpich => "mpiexec.mpich",
        }
    }
    /// Whether its compiler and launcher are installed.
    pub fn available(self) -> bool {
        have_program(self.cc()) && have_program(self.launcher())
    }
}

/// Whether Open MPI's `mpirun.openmpi` is on PATH (the MPI tests skip themselves without it).
pub fn have_mpirun() -> bool {
    Mpi::OpenMpi.available()
}

/// The IOR equivalent (tests/programs/ior_equiv.c, with PnetCDF for its NCMPI backend)
/// built into DIR/bin, or None (and a line saying why) without mpirun or PnetCDF.
pub fn ior_equivalent(dir: &TestDir) -> Option<PathBuf> {
    if !have_mpirun() {
        eprintln!("skipped: mpirun not found on PATH");
        return None;
    }
    let Some(libs) = pkg_config("pnetcdf") else {
        eprintln!("skipped: pkg-config pnetcdf not found");
        return None;
    };
    let extra: Vec<&str> = libs.iter().map(String::as_str).collect();
    Some(compile_mpi(dir, "ior_equiv.c", &extra))
}

/// Compile tests/programs/FILE with Open MPI's compiler wrapper: see [`compile_mpi_with`].
pub fn compile_mpi(dir: &TestDir, file: &str, extra: &[&str]) -> PathBuf {
    compile_mpi_with(Mpi::OpenMpi, dir, file, extra)
}

/// Compile tests/programs/FILE with the compiler wrapper of `mpi` (mpicc for `.c`, mpifort
/// for `.f90`) into DIR/bin/STEM, -O0 (C: -std=gnu17 -fno-builtin -pthread as [`compile`]).
pub fn compile_mpi_with(mpi: Mpi, dir: &TestDir, file: &str, extra: &[&str]) -> PathBuf {
    let b = build();
    let src = b.programs.join(file);
    assert!(src.is_file(), "no test program {}", src.display());
    let (stem, ext) = file
        .rsplit_once('.')
        .expect("a file name with an extension");
    let suffix = if mpi == Mpi::Mpich { ".mpich" } else { "" };
    let out = dir.subdir("bin").join(format!("{stem}{suffix}"));
    let mut cmd = match ext {
        "c" => {
            let mut c = Command::new(mpi.cc());
            c.args(["-std=gnu17", "-O0", "-fno-builtin", "-Wall", "-pthread"]);
            c
        }
        "f90" => {
            let mut c = Command::new(mpi.fortran());
            c.arg("-O0");
            c
        }
        _ => panic!("no MPI compiler for {file}"),
    };
    // Build objects in the scratch directory (mpifort may write .mod files into the cwd).
    cmd.current_dir(dir.path())
        .arg("-o")
        .arg(&out)
        .arg(&src)
        .args(extra);
    let o = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run the MPI compiler for {file}: {e}"));
    assert!(
        o.status.success(),
        "MPI compiler failed for {}:\n{}",
        src.display(),
        String::from_utf8_lossy(&o.stderr)
    );
    out
}

/// `mpirun.openmpi --allow-run-as-root --oversubscribe -np NP` in `cwd`: see
/// [`mpirun_untraced_with`].
pub fn mpirun_untraced(np: u32, cwd: &Path) -> Command {
    mpirun_untraced_with(Mpi::OpenMpi, np, cwd)
}

/// The launcher of `mpi` starting NP ranks in `cwd`, without any recorder setting; append the
/// program and its arguments. Open MPI: `mpirun.openmpi --allow-run-as-root --oversubscribe
/// -np NP`, with its default MPI-IO component (OMPI_MCA_io unset). MPICH: `mpiexec.mpich -n
/// NP` (Hydra, forking the ranks on this host).
pub fn mpirun_untraced_with(mpi: Mpi, np: u32, cwd: &Path) -> Command {
    let mut c = command(mpi.launcher(), cwd);
    match mpi {
        Mpi::OpenMpi => {
            c.env_remove("OMPI_MCA_io")
                .args(["--allow-run-as-root", "--oversubscribe", "-np"])
                .arg(np.to_string());
        }
        Mpi::Mpich => {
            c.arg("-n").arg(np.to_string());
        }
    }
    c
}

/// As [`mpirun_untraced`], with the recorder preloaded into every rank: see [`mpirun_with`].
pub fn mpirun(np: u32, cwd: &Path, trace: &Path, env: &[(&str, &str)]) -> Command {
    mpirun_with(Mpi::OpenMpi, np, cwd, trace, env)
}

/// As [`mpirun_untraced_with`], with the recorder preloaded into every rank and only the
/// ranks (Open MPI: `-x LD_PRELOAD=<lib> -x RECORDER_OTF2_DIR=<trace>`; MPICH: `-genv NAME
/// VALUE`), plus each NAME=VALUE of `env`; append the program and its arguments.
pub fn mpirun_with(mpi: Mpi, np: u32, cwd: &Path, trace: &Path, env: &[(&str, &str)]) -> Command {
    let mut c = mpirun_untraced_with(mpi, np, cwd);
    let lib = build().lib.display().to_string();
    let dir = trace.display().to_string();
    let all = [
        ("LD_PRELOAD", lib.as_str()),
        ("RECORDER_OTF2_DIR", dir.as_str()),
    ];
    for (k, v) in all.iter().chain(env) {
        match mpi {
            Mpi::OpenMpi => c.arg("-x").arg(format!("{k}={v}")),
            Mpi::Mpich => c.arg("-genv").arg(k).arg(v),
        };
    }
    c
}

// ------------------------------------------------------------------------------ native trace

/// One process folder of a native trace.
#[derive(Debug, Clone)]
pub struct NativeProcess {
    pub name: String,
    pub dir: PathBuf,
    pub meta: ProcessMeta,
}

impl NativeProcess {
    /// The functions it called (meta.yaml's counts but event records: `call_site`, the
    /// facts the recorder writes beside the calls).
    pub fn called(&self) -> Vec<&String> {
        let event = |name: &str| {
            io_events::functions::id_by_name(name).is_some_and(|i| {
                io_events::FUNCTIONS[i as usize].role == io_events::functions::Role::Event
            })
        };
        self.meta
            .function_counts
            .keys()
            .filter(|n| !event(n))
            .collect()
    }

    /// Its thread stream files, in index order.
    pub fn streams(&self) -> Vec<PathBuf> {
        let mut v: Vec<(u32, PathBuf)> = std::fs::read_dir(&self.dir)
            .expect("read a process folder")
            .filter_map(|e| {
                let e = e.ok()?;
                let n = e.file_name().to_string_lossy().into_owned();
                let i = n
                    .strip_prefix("thread-")?
                    .strip_suffix(".rec")?
                    .parse()
                    .ok()?;
                Some((i, e.path()))
            })
            .collect();
        v.sort();
        v.into_iter().map(|x| x.1).collect()
    }
    /// Calls of `func` according to the metadata (0 when absent).
    pub fn count(&self, func: &str) -> u64 {
        self.meta.function_counts.get(func).copied().unwrap_or(0)
    }
}

/// Copy a trace directory to `to`: its function table files, its process folders and
/// their files.
pub fn copy_trace(from: &Path, to: &Path) -> PathBuf {
    std::fs::create_dir_all(to).unwrap();
    for p in std::fs::read_dir(from).unwrap() {
        let p = p.unwrap();
        let d = to.join(p.file_name());
        if !p.file_type().unwrap().is_dir() {
            std::fs::copy(p.path(), &d).unwrap();
            continue;
        }
        std::fs::create_dir_all(&d).unwrap();
        for f in std::fs::read_dir(p.path()).unwrap() {
            let f = f.unwrap();
            std::fs::copy(f.path(), d.join(f.file_name())).unwrap();
        }
    }
    to.to_path_buf()
}

/// The process folders of a trace directory (not its function table files), in name order.
pub fn process_folders(trace: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(trace)
        .map(|d| {
            d.flatten()
                .map(|e| e.path())
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// The process folders of a trace directory, in name order, with their metadata.
pub fn processes(trace: &Path) -> Vec<NativeProcess> {
    let dirs = io_events::layout::process_dirs(trace)
        .unwrap_or_else(|e| panic!("not a trace directory: {e}"));
    dirs.into_iter()
        .map(|d| {
            let mut meta = ProcessMeta::read(&d.meta()).unwrap_or_else(|e| panic!("{e}"));
            // The table from the trace's file, for the tests that read streams.
            meta.functions = meta
                .function_names(&d.meta())
                .unwrap_or_else(|e| panic!("{e}"));
            NativeProcess {
                meta,
                name: d.name,
                dir: d.dir,
            }
        })
        .collect()
}

/// Records and chunks in the complete chunks of a thread stream (reading stops at the first
/// truncated chunk, as a converter does).
pub fn complete_chunk_records(stream: &Path) -> (u64, u32) {
    let mut r = io_events::stream::StreamReader::open(stream)
        .unwrap_or_else(|e| panic!("cannot open {}: {e}", stream.display()));
    let mut chunk = io_events::stream::Chunk::default();
    let (mut records, mut chunks) = (0u64, 0u32);
    loop {
        match r.next_chunk(&mut chunk) {
            Ok(true) => {
                records += chunk.records as u64;
                chunks += 1;
            }
            Ok(false) | Err(io_events::stream::StreamError::Truncated(..)) => break,
            Err(e) => panic!("{e}"),
        }
    }
    (records, chunks)
}

/// Calls in the complete chunks of a thread stream: its records that are not events (an event
/// record, such as the `fd_created` of each pipe end, gets no Enter in the archive).
/// `functions` are the names the trace was written with (`meta.functions`).
pub fn complete_chunk_calls(stream: &Path, functions: &[String]) -> u64 {
    let mut r = io_events::stream::StreamReader::open(stream)
        .unwrap_or_else(|e| panic!("cannot open {}: {e}", stream.display()));
    let window = r.header.window as usize;
    let mut chunk = io_events::stream::Chunk::default();
    let is_event = |func: u16| {
        functions
            .get(func as usize)
            .and_then(|n| io_events::functions::id_by_name(n))
            .is_some_and(|i| {
                io_events::FUNCTIONS[i as usize].role == io_events::functions::Role::Event
            })
    };
    let mut calls = 0;
    loop {
        match r.next_chunk(&mut chunk) {
            Ok(true) => {
                let mut d = io_events::PeepholeDecoder::new(&chunk.payload[..], window, chunk.base);
                while let Some(rec) = d.next_record() {
                    let rec = rec.unwrap_or_else(|e| panic!("{}: {e}", stream.display()));
                    calls += u64::from(!is_event(rec.func));
                }
            }
            Ok(false) | Err(io_events::stream::StreamError::Truncated(..)) => break,
            Err(e) => panic!("{e}"),
        }
    }
    calls
}

/// recorder2text's output for a trace (must succeed).
pub fn text_dump(trace: &Path) -> String {
    let mut c = command(&build().to_text, Path::new("/"));
    c.arg(trace);
    let r = run(&mut c);
    r.assert_ok("recorder2text");
    r.stdout
}

// ------------------------------------------------------------------------------ conversion

/// Run recorder2otf2 TRACE OUT [extra args].
pub fn convert_raw(trace: &Path, out: &Path, extra: &[&str]) -> Run {
    let mut c = command(&build().to_otf2, Path::new("/"));
    c.arg(trace).arg(out).args(extra);
    run(&mut c)
}

/// Convert (must succeed), check with `otf2-print --silent -Werror` and the semantic checker
/// (both must pass) and load the checker's dump. `out` is the anchor file (`X.otf2`).
pub fn convert_and_check(trace: &Path, out: &Path) -> Archive {
    let r = convert_raw(trace, out, &[]);
    r.assert_ok("recorder2otf2");
    assert!(
        !r.stderr.contains("panicked"),
        "recorder2otf2 panicked:\n{}",
        r.stderr
    );
    let mut a = check(out);
    a.converter_stderr = r.stderr;
    a
}

/// `otf2-print --silent -Werror` and the semantic checker on an archive; both must accept it.
pub fn check(archive: &Path) -> Archive {
    otf2_print_ok(archive);
    let json = archive.with_extension("json");
    let mut c = command(SYSTEM_PYTHON, Path::new("/"));
    c.arg(&build().checker)
        .arg(archive)
        .arg("--json")
        .arg(&json);
    let r = run(&mut c);
    let a = load_dump(&json);
    assert!(
        r.status.success() && a.ok && a.violations.is_empty(),
        "the checker rejects {} ({:?}):\n{}\n{}",
        archive.display(),
        r.status,
        r.stdout,
        r.stderr
    );
    assert!(
        r.stdout.lines().last().unwrap_or("").starts_with("ok: "),
        "checker output: {}",
        r.stdout
    );
    a
}

/// `otf2-print --silent -Werror ARCHIVE` must succeed and say nothing on stderr.
pub fn otf2_print_ok(archive: &Path) {
    let mut c = command("otf2-print", Path::new("/"));
    c.args(["--silent", "-Werror"]).arg(archive);
    let r = run(&mut c);
    assert!(
        r.status.success() && r.stderr.trim().is_empty(),
        "otf2-print --silent -Werror {} failed ({:?}):\n{}\n{}",
        archive.display(),
        r.status,
        r.stdout,
        r.stderr
    );
}

/// Read a checker JSON dump.
pub fn load_dump(json: &Path) -> Archive {
    let text = std::fs::read_to_string(json)
        .unwrap_or_else(|e| panic!("no checker dump {}: {e}", json.display()));
    let mut a: Archive = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("unreadable checker dump {}: {e}", json.display()));
    for l in &mut a.locations {
        for e in &mut l.events {
            e.location = l.id;
            e.group = l.group;
        }
    }
    a
}

// ------------------------------------------------------------------------------ the dump

/// The checker's JSON dump of an archive (see the docstring of tests/checker/check_otf2.py).
#[derive(Debug, Deserialize)]
pub struct Archive {
    pub ok: bool,
    pub violations: Vec<String>,
    pub counts: Counts,
    pub system_tree: Vec<Node>,
    pub location_groups: Vec<Group>,
    pub regions: Vec<Region>,
    pub files: Vec<FileDef>,
    pub handles: Vec<Handle>,
    /// I/O paradigms.
    #[serde(default)]
    pub paradigms: Vec<ParadigmDef>,
    /// OTF2 groups (MPI: COMM_LOCATIONS and one COMM_GROUP per communicator).
    #[serde(default)]
    pub groups: Vec<GroupDef>,
    /// Communicators.
    #[serde(default)]
    pub comms: Vec<CommDef>,
    pub locations: Vec<Location>,
    /// recorder2otf2's stderr (warnings), when converted by [`convert_and_check`].
    #[serde(skip)]
    pub converter_stderr: String,
}

#[derive(Debug, Deserialize)]
pub struct Counts {
    pub locations: u64,
    pub events: u64,
    pub io_operations: u64,
}

#[derive(Debug, Deserialize)]
pub struct Node {
    pub id: u64,
    pub name: String,
    pub class: String,
    pub parent: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct Group {
    pub id: u64,
    pub name: String,
    #[serde(rename = "type")]
    pub ty: String,
    pub system_tree_parent: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct Region {
    pub id: u64,
    pub name: String,
    pub role: String,
}

#[derive(Debug, Deserialize)]
pub struct FileDef {
    pub id: u64,
    pub name: String,
    #[serde(rename = "type")]
    pub ty: String,
    pub scope: Option<String>,
    pub scope_class: Option<String>,
    pub properties: BTreeMap<String, serde_json::Value>,
}

#[derive(Debug, Deserialize)]
pub struct ParadigmDef {
    pub id: u64,
    pub identification: String,
    pub name: String,
    /// SERIAL or PARALLEL.
    pub class: String,
    pub flags: Vec<serde_json::Value>,
}

/// An OTF2 Group definition.
#[derive(Debug, Deserialize)]
pub struct GroupDef {
    pub id: u64,
    pub name: String,
    /// COMM_LOCATIONS, COMM_GROUP ...
    #[serde(rename = "type")]
    pub ty: String,
    pub paradigm: Option<String>,
    /// Location ids (the reader resolves a COMM_GROUP's ranks through COMM_LOCATIONS).
    pub members: Vec<u64>,
}

/// An OTF2 Comm definition.
#[derive(Debug, Deserialize)]
pub struct CommDef {
    pub id: u64,
    pub name: String,
    pub group: Option<String>,
    pub group_id: Option<u64>,
    pub parent: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct PreCreatedState {
    pub mode: String,
    pub status_flags: Vec<serde_json::Value>,
}

#[derive(Debug, Deserialize)]
pub struct Handle {
    pub id: u64,
    pub name: String,
    pub file: Option<String>,
    pub paradigm: Option<String>,
    pub flags: Vec<serde_json::Value>,
    /// The communicator of a handle of a parallel paradigm (MPI-IO).
    #[serde(default)]
    pub comm: Option<String>,
    #[serde(default)]
    pub comm_id: Option<u64>,
    pub parent: Option<String>,
    pub parent_id: Option<u64>,
    pub pre_created_state: Option<PreCreatedState>,
}

impl Handle {
    pub fn has_flag(&self, f: &str) -> bool {
        self.flags.iter().any(|v| v.as_str() == Some(f))
    }
}

#[derive(Debug, Deserialize)]
pub struct Location {
    pub id: u64,
    pub name: String,
    pub group: u64,
    pub group_name: String,
    pub number_of_events: u64,
    pub events: Vec<Event>,
}

/// One event; the keys the checker writes for every event, plus the type-specific ones.
#[derive(Debug, Deserialize, Clone)]
pub struct Event {
    pub index: u64,
    #[serde(rename = "type")]
    pub ty: String,
    pub time: u64,
    pub region: Option<String>,
    pub enclosing_region: Option<String>,
    pub handle: Option<String>,
    pub handle_id: Option<u64>,
    pub file: Option<String>,
    pub paradigm: Option<String>,
    pub parent_handle: Option<String>,
    pub parent_paradigm: Option<String>,
    pub offset: Option<u64>,
    #[serde(default)]
    pub attributes: BTreeMap<String, serde_json::Value>,
    pub mode: Option<String>,
    pub bytes_request: Option<u64>,
    pub bytes_result: Option<u64>,
    pub matching_id: Option<u64>,
    pub new_handle: Option<String>,
    pub new_handle_id: Option<u64>,
    pub offset_request: Option<i64>,
    pub whence: Option<String>,
    pub offset_result: Option<u64>,
    /// IoOperationBegin: the operation flags (NON_BLOCKING, COLLECTIVE).
    #[serde(default)]
    pub flags: Option<Vec<serde_json::Value>>,
    pub creation_flags: Option<Vec<serde_json::Value>>,
    pub status_flags: Option<Vec<serde_json::Value>>,
    pub lock_type: Option<String>,
    /// ProgramBegin: the program and its arguments; ProgramEnd: its exit status.
    pub program_name: Option<String>,
    pub program_arguments: Option<Vec<String>>,
    pub exit_status: Option<i64>,
    /// MpiCollectiveEnd: the operation (CREATE_HANDLE ...), the communicator's name, the
    /// root and the bytes sent and received.
    pub collective_op: Option<String>,
    pub communicator: Option<String>,
    pub root: Option<u64>,
    pub size_sent: Option<u64>,
    pub size_received: Option<u64>,
    /// The location (thread) the event is on; filled in after loading.
    #[serde(skip)]
    pub location: u64,
    /// Its location group (process).
    #[serde(skip)]
    pub group: u64,
}

impl Event {
    /// The value of attribute `name` as an integer.
    pub fn attr(&self, name: &str) -> Option<u64> {
        self.attributes.get(name).and_then(|v| v.as_u64())
    }
    /// The value of attribute `name` as a string (string attributes, e.g. "HDF5 dataset").
    pub fn attr_str(&self, name: &str) -> Option<&str> {
        self.attributes.get(name).and_then(|v| v.as_str())
    }
    /// Whether its operation flags (IoOperationBegin) include `f` (COLLECTIVE ...).
    pub fn has_op_flag(&self, f: &str) -> bool {
        flags(&self.flags).iter().any(|x| x == f)
    }
}

/// Calls per function summed over the processes' metadata (`function_counts`).
pub fn function_counts(procs: &[NativeProcess]) -> BTreeMap<String, u64> {
    let mut m = BTreeMap::new();
    for p in procs {
        for (f, n) in &p.meta.function_counts {
            *m.entry(f.clone()).or_default() += n;
        }
    }
    m
}

// ------------------------------------------------------------------------------ call trees

/// One Enter/Leave instance on a location.
#[derive(Debug, Clone)]
pub struct Frame {
    pub region: String,
    /// Positions of its Enter and Leave in the location's events.
    pub enter: usize,
    pub leave: usize,
    /// The frame it is nested in.
    pub parent: Option<usize>,
}

/// The call tree of one location: its frames, and the innermost frame open at each event.
pub struct CallTree<'a> {
    pub loc: &'a Location,
    pub frames: Vec<Frame>,
    /// For Enter / Leave: the frame they open / close; otherwise the innermost open frame.
    pub owner: Vec<Option<usize>>,
}

impl<'a> CallTree<'a> {
    /// Panics when Enter/Leave are unbalanced.
    pub fn new(loc: &'a Location) -> CallTree<'a> {
        let mut frames: Vec<Frame> = Vec::new();
        let mut owner = vec![None; loc.events.len()];
        let mut stack: Vec<usize> = Vec::new();
        for (i, e) in loc.events.iter().enumerate() {
            match e.ty.as_str() {
                "Enter" => {
                    let f = frames.len();
                    frames.push(Frame {
                        region: e.region.clone().unwrap_or_default(),
                        enter: i,
                        leave: usize::MAX,
                        parent: stack.last().copied(),
                    });
                    stack.push(f);
                    owner[i] = Some(f);
                }
                "Leave" => {
                    let f = stack.pop().expect("Leave without Enter");
                    frames[f].leave = i;
                    owner[i] = Some(f);
                }
                _ => owner[i] = stack.last().copied(),
            }
        }
        assert!(stack.is_empty(), "{}: unbalanced Enter/Leave", loc.name);
        CallTree { loc, frames, owner }
    }

    /// The region the event at position `i` happened in (innermost), if any.
    pub fn region_at(&self, i: usize) -> Option<&str> {
        self.owner[i].map(|f| self.frames[f].region.as_str())
    }

    /// The frame and its ancestors, innermost first.
    pub fn chain(&self, f: Option<usize>) -> Vec<usize> {
        let mut v = Vec::new();
        let mut cur = f;
        while let Some(x) = cur {
            v.push(x);
            cur = self.frames[x].parent;
        }
        v
    }

    /// The regions of the frames open at event `i`, innermost first.
    pub fn regions_at(&self, i: usize) -> Vec<&str> {
        self.chain(self.owner[i])
            .into_iter()
            .map(|f| self.frames[f].region.as_str())
            .collect()
    }

    /// Positions of the events directly inside frame `f` (not inside nested calls, not
    /// Enter/Leave).
    pub fn direct(&self, f: usize) -> Vec<usize> {
        let fr = &self.frames[f];
        (fr.enter + 1..fr.leave)
            .filter(|&i| {
                self.owner[i] == Some(f)
                    && !matches!(self.loc.events[i].ty.as_str(), "Enter" | "Leave")
            })
            .collect()
    }

    /// Positions of every event inside frame `f` (nested calls included).
    pub fn within(&self, f: usize) -> std::ops::Range<usize> {
        self.frames[f].enter + 1..self.frames[f].leave
    }

    /// Frames of one region, in order.
    pub fn frames_of<'b>(&'b self, region: &'b str) -> impl Iterator<Item = usize> + 'b {
        (0..self.frames.len()).filter(move |&f| self.frames[f].region == region)
    }
}

/// A flag list (creation_flags, status_flags) as strings.
pub fn flags(v: &Option<Vec<serde_json::Value>>) -> Vec<String> {
    v.iter()
        .flatten()
        .map(|x| match x.as_str() {
            Some(s) => s.to_string(),
            None => x.to_string(),
        })
        .collect()
}

/// An I/O operation: an IoOperationBegin with its IoOperationComplete.
#[derive(Debug, Clone)]
pub struct Op {
    pub location: u64,
    pub group: u64,
    /// The region (function) the operation happened in.
    pub region: String,
    pub handle: String,
    pub handle_id: u64,
    pub file: Option<String>,
    pub paradigm: String,
    /// READ, WRITE or FLUSH.
    pub mode: String,
    pub bytes_request: u64,
    pub bytes_result: u64,
    /// The Offset attribute of the Begin event.
    pub offset: Option<u64>,
}

/// A traced call: an Enter/Leave pair with the events directly inside it.
#[derive(Debug, Clone)]
pub struct Call {
    pub location: u64,
    pub group: u64,
    pub region: String,
    /// Nesting depth (0 = called by the program itself).
    pub depth: usize,
    /// Index of its Enter event within the location.
    pub enter_index: u64,
    /// Events between Enter and Leave, not counting nested calls' own events.
    pub events: Vec<Event>,
    /// The Leave event's attributes (errno of a failed call).
    pub leave_attributes: BTreeMap<String, serde_json::Value>,
}

impl Call {
    /// The errno attribute on its Leave.
    pub fn errno(&self) -> Option<u64> {
        self.leave_attributes.get("errno").and_then(|v| v.as_u64())
    }
    /// Events of one type inside the call.
    pub fn of_type(&self, ty: &str) -> Vec<&Event> {
        self.events.iter().filter(|e| e.ty == ty).collect()
    }
    /// The files its events name.
    pub fn files(&self) -> Vec<String> {
        self.events.iter().filter_map(|e| e.file.clone()).collect()
    }
}

impl Archive {
    /// Every event of every location (location order, then event order).
    pub fn events(&self) -> impl Iterator<Item = &Event> {
        self.locations.iter().flat_map(|l| l.events.iter())
    }

    /// Events of one record type.
    pub fn events_of(&self, ty: &str) -> Vec<&Event> {
        self.events().filter(|e| e.ty == ty).collect()
    }

    /// Every I/O operation (Begin matched with its Complete on the same location).
    pub fn ops(&self) -> Vec<Op> {
        let mut v = Vec::new();
        for l in &self.locations {
            let mut open: BTreeMap<(u64, u64), &Event> = BTreeMap::new();
            for e in &l.events {
                match e.ty.as_str() {
                    "IoOperationBegin" => {
                        open.insert((e.handle_id.unwrap(), e.matching_id.unwrap()), e);
                    }
                    "IoOperationComplete" => {
                        let b = open
                            .remove(&(e.handle_id.unwrap(), e.matching_id.unwrap()))
                            .expect("IoOperationComplete without Begin");
                        v.push(Op {
                            location: l.id,
                            group: l.group,
                            region: b.enclosing_region.clone().unwrap_or_default(),
                            handle: b.handle.clone().unwrap_or_default(),
                            handle_id: b.handle_id.unwrap(),
                            file: b.file.clone(),
                            paradigm: b.paradigm.clone().unwrap_or_default(),
                            mode: b.mode.clone().unwrap_or_default(),
                            bytes_request: b.bytes_request.unwrap_or(0),
                            bytes_result: e.bytes_result.unwrap_or(0),
                            offset: b.attr("Offset"),
                        });
                    }
                    _ => {}
                }
            }
        }
        v
    }

    /// Operations on the file named `file` (its full path).
    pub fn ops_on(&self, file: &str) -> Vec<Op> {
        self.ops()
            .into_iter()
            .filter(|o| o.file.as_deref() == Some(file))
            .collect()
    }

    /// Every traced call (Enter/Leave pair), in order per location.
    pub fn calls(&self) -> Vec<Call> {
        let mut out = Vec::new();
        for l in &self.locations {
            let mut stack: Vec<Call> = Vec::new();
            for e in &l.events {
                match e.ty.as_str() {
                    "Enter" => stack.push(Call {
                        location: l.id,
                        group: l.group,
                        region: e.region.clone().unwrap_or_default(),
                        depth: stack.len(),
                        enter_index: e.index,
                        events: Vec::new(),
                        leave_attributes: BTreeMap::new(),
                    }),
                    "Leave" => {
                        let mut c = stack.pop().expect("Leave without Enter");
                        assert_eq!(Some(&c.region), e.region.as_ref(), "unbalanced Leave");
                        c.leave_attributes = e.attributes.clone();
                        out.push(c);
                    }
                    _ => {
                        if let Some(c) = stack.last_mut() {
                            c.events.push(e.clone());
                        }
                    }
                }
            }
        }
        // Leaves come innermost first: restore entry order per location.
        out.sort_by_key(|c| (c.location, c.enter_index));
        out
    }

    /// Calls of one function.
    pub fn calls_of(&self, region: &str) -> Vec<Call> {
        self.calls()
            .into_iter()
            .filter(|c| c.region == region)
            .collect()
    }

    pub fn handle(&self, id: u64) -> &Handle {
        self.handles
            .iter()
            .find(|h| h.id == id)
            .unwrap_or_else(|| panic!("no handle {id}"))
    }

    pub fn file(&self, name: &str) -> Option<&FileDef> {
        self.files.iter().find(|f| f.name == name)
    }

    pub fn group(&self, id: u64) -> &Group {
        self.location_groups
            .iter()
            .find(|g| g.id == id)
            .unwrap_or_else(|| panic!("no location group {id}"))
    }

    /// The locations of one location group.
    pub fn locations_of(&self, group: u64) -> Vec<&Location> {
        self.locations.iter().filter(|l| l.group == group).collect()
    }

    /// The location group whose events touch `file`, which must be exactly one.
    pub fn group_of_file(&self, file: &str) -> u64 {
        let mut g: Vec<u64> = self
            .events()
            .filter(|e| e.file.as_deref() == Some(file))
            .map(|e| e.group)
            .collect();
        g.sort();
        g.dedup();
        assert_eq!(g.len(), 1, "{file} is used by location groups {g:?}");
        g[0]
    }

    /// The communicator with id `id`.
    pub fn comm(&self, id: u64) -> &CommDef {
        self.comms
            .iter()
            .find(|c| c.id == id)
            .unwrap_or_else(|| panic!("no comm {id}"))
    }

    /// The members of communicator `id` as location group ids (for MPI ranks: the ranks),
    /// in the group's member order.
    pub fn comm_members(&self, id: u64) -> Vec<u64> {
        let gid = self.comm(id).group_id.expect("a comm with a group");
        let g = self
            .groups
            .iter()
            .find(|g| g.id == gid)
            .unwrap_or_else(|| panic!("no group {gid}"));
        g.members
            .iter()
            .map(|&l| {
                self.locations
                    .iter()
                    .find(|x| x.id == l)
                    .unwrap_or_else(|| panic!("group {} names no location {l}", g.name))
                    .group
            })
            .collect()
    }

    /// Names of all files (IoFile definitions).
    pub fn file_names(&self) -> Vec<String> {
        self.files.iter().map(|f| f.name.clone()).collect()
    }
}

/// The operations as (region, mode, bytes_request, bytes_result, offset) tuples, for compact
/// comparisons.
pub fn op_tuples(ops: &[Op]) -> Vec<(String, String, u64, u64, Option<u64>)> {
    ops.iter()
        .map(|o| {
            (
                o.region.clone(),
                o.mode.clone(),
                o.bytes_request,
                o.bytes_result,
                o.offset,
            )
        })
        .collect()
}

/// Shorthand for building expected [`op_tuples`].
pub fn op(
    region: &str,
    mode: &str,
    req: u64,
    res: u64,
    offset: Option<u64>,
) -> (String, String, u64, u64, Option<u64>) {
    (region.to_string(), mode.to_string(), req, res, offset)
}

/// (Python 3.11, the folder of Python packages scripts/setup.sh installs: /opt/recorder-otf2-py
/// or RECORDER_OTF2_PY) when the folder holds every one of `files` (e.g.
/// "pyarrow/__init__.py") and such a Python is there.
pub fn python_with(files: &[&str]) -> Option<(PathBuf, PathBuf)> {
    let prefix = std::env::var_os("RECORDER_OTF2_PY")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/opt/recorder-otf2-py"));
    if !files.iter().all(|f| prefix.join(f).is_file()) {
        return None;
    }
    for py in [SYSTEM_PYTHON, "python3"] {
        let Ok(out) = Command::new(py)
            .args(["-c", "import sys; print(sys.version_info[:2] == (3, 11))"])
            .output()
        else {
            continue;
        };
        if String::from_utf8_lossy(&out.stdout).trim() == "True" {
            return Some((PathBuf::from(py), prefix));
        }
    }
    None
}

/// The tool failed cleanly: a non-zero exit, no panic, one stderr line starting with
/// "TOOL: " and naming `names` (`what` says which case, for the failure message).
pub fn assert_clean_error(r: &Run, tool: &str, names: &str, what: &str) {
    assert!(
        !r.status.success(),
        "{what}: {tool} succeeded:\n{}",
        r.stderr
    );
    assert!(
        !r.stderr.contains("panicked"),
        "{what}: {tool} panicked:\n{}",
        r.stderr
    );
    let lines = r.stderr_lines();
    assert_eq!(
        lines.len(),
        1,
        "{what}: {tool}: one stderr line expected:\n{}",
        r.stderr
    );
    assert!(
        lines[0].starts_with(&format!("{tool}: ")),
        "{what}: {}",
        lines[0]
    );
    assert!(
        lines[0].contains(names),
        "{what}: the message should name {names}: {}",
        lines[0]
    );
}

/// Two real traces to damage in tests: `small`, the known workload (one process, one thread,
/// no rank), and `chunked`, writer_loop's `writes` writes of 100 bytes to loop.dat recorded
/// in 4 KiB chunks (many chunks per stream).
pub struct Traces {
    pub dir: TestDir,
    pub small: PathBuf,
    pub chunked: PathBuf,
}

pub fn traces(name: &str, writes: usize) -> Traces {
    let dir = TestDir::new(name);
    let small = dir.join("small");
    let chunked = dir.join("chunked");
    let prog = compile(&dir, "workload", &[]);
    run_traced_ok(&prog, &dir, &small, &[]);
    let prog = compile(&dir, "writer_loop", &[]);
    let mut c = traced(&prog, dir.path(), &chunked);
    c.env("RECORDER_OTF2_BUFFER_SIZE", "4096")
        .arg(dir.path())
        .arg(writes.to_string());
    run(&mut c).assert_ok("writer_loop");
    Traces {
        dir,
        small,
        chunked,
    }
}

/// A replay report's line for all processes or ranks at `layer` ("| all | MPI-IO | ..."):
/// its cells after the layer (calls, skipped, failed, bytes read (orig), bytes written
/// (orig), time).
pub fn replay_all_row(r: &Run, layer: &str) -> Vec<String> {
    let head = format!("| all | {layer} |");
    let line = r.stdout.lines().find(|l| l.starts_with(&head));
    let line = line.unwrap_or_else(|| panic!("no '{head}' line in:\n{}", r.stdout));
    let cells = line.trim_matches('|').split('|').skip(2);
    cells.map(|c| c.trim().to_string()).collect()
}

/// A report cell "X (Y)": the replay's number and the original's.
pub fn replay_pair(cell: &str) -> (u64, u64) {
    let (a, b) = cell.split_once(' ').expect("'X (Y)'");
    let b = b.trim_matches(|c| c == '(' || c == ')');
    (a.parse().unwrap(), b.parse().unwrap())
}

/// A replay of the default layer (auto) that went down to the MPI-IO layer: no `layer` row,
/// MPI-IO calls none skipped or failed, and the reason said once per rank (of `ranks`).
pub fn assert_replayed_at_mpiio_instead_of(r: &Run, layer: &str, ranks: usize) {
    assert!(
        !r.stdout.contains(&format!("| all | {layer} |")),
        "{}",
        r.stdout
    );
    let mpiio = replay_all_row(r, "MPI-IO");
    assert_eq!(
        (mpiio[1].as_str(), mpiio[2].as_str()),
        ("0", "0"),
        "{mpiio:?}"
    );
    let down = r
        .stderr
        .lines()
        .filter(|l| l.contains("replayed at the MPI-IO layer"));
    assert_eq!(down.count(), ranks, "{}", r.stderr);
}

/// Rewrite a thread stream with `edit` applied to the records of the chunks `which` picks
/// (by position; re-encoded, with new CRCs; the other chunks kept byte for byte): how the
/// tests damage real traces.
pub fn edit_stream_records(
    stream: &Path,
    which: impl Fn(usize) -> bool,
    edit: impl Fn(&mut Vec<io_events::codec::Record>),
) {
    use io_events::codec::{PeepholeEncoder, Record, MAX_RECORD_BYTES};
    use io_events::stream::{chunk_header, Chunk, StreamReader, CHUNK_HEADER_LEN};
    let bytes = std::fs::read(stream).unwrap();
    let mut r = StreamReader::open(stream).unwrap();
    let window = r.header.window as usize;
    let mut c = Chunk::default();
    let mut out = bytes[..io_events::stream::STREAM_HEADER_LEN].to_vec();
    let mut k = 0;
    while r.next_chunk(&mut c).unwrap() {
        let start = c.offset as usize;
        let end = start + CHUNK_HEADER_LEN + c.payload.len();
        if which(k) {
            let mut recs: Vec<Record> = Vec::new();
            let mut dec = r.decoder(&c);
            while let Some(x) = dec.next_record() {
                recs.push(x.unwrap());
            }
            edit(&mut recs);
            let mut enc = PeepholeEncoder::new(window, c.base);
            let mut payload = vec![0u8; recs.len() * MAX_RECORD_BYTES];
            let mut pos = 0;
            for rec in &recs {
                pos = enc.encode(rec, &mut payload, pos);
            }
            payload.truncate(pos);
            let n = recs.len() as u32;
            out.extend_from_slice(&chunk_header(&payload, n, c.base, c.seq, c.anchor));
            out.extend_from_slice(&payload);
        } else {
            out.extend_from_slice(&bytes[start..end]);
        }
        k += 1;
    }
    std::fs::write(stream, out).unwrap();
}

// ------------------------------------------------------------------ strided MPI view

/// tests/programs/strided_view.c's constants.
pub const VIEW_BLOCK: u64 = 100;
pub const VIEW_COUNT: u64 = 4;
pub const VIEW_WRITES: u64 = 3;

/// The file ranges (offset, length) of each operation of one rank of strided_view.c, in
/// program order: its writes (one tile each), then its sliding-window reads (two blocks).
pub struct ViewAccount {
    pub writes: Vec<Vec<(u64, u64)>>,
    pub reads: Vec<Vec<(u64, u64)>>,
}

/// tests/programs/strided_view.c at `np` ranks under Open MPI, traced into `<dir>/trace`
/// (its data file under `<dir>/data`): the test folder, the trace and the traced run.
pub fn trace_strided_view(name: &str, np: u32) -> (TestDir, PathBuf, Run) {
    let dir = TestDir::new(name);
    let prog = compile_mpi_with(Mpi::OpenMpi, &dir, "strided_view.c", &[]);
    let data = dir.subdir("data").join("view.dat");
    let trace = dir.join("trace");
    let r = run(mpirun_with(Mpi::OpenMpi, np, dir.path(), &trace, &[])
        .arg(&prog)
        .arg(&data));
    r.assert_ok("traced strided_view");
    (dir, trace, r)
}

/// The program's own arithmetic: block `b` of a rank is at disp + (b / COUNT) * extent +
/// (b % COUNT) * stride, with disp = BLOCK * rank, stride = BLOCK * size and extent =
/// COUNT * stride.
pub fn strided_view_account(rank: u64, size: u64) -> ViewAccount {
    let stride = VIEW_BLOCK * size;
    let block = |b: u64| {
        let at =
            VIEW_BLOCK * rank + (b / VIEW_COUNT) * VIEW_COUNT * stride + (b % VIEW_COUNT) * stride;
        (at, VIEW_BLOCK)
    };
    let writes = (0..VIEW_WRITES)
        .map(|k| (0..VIEW_COUNT).map(|j| block(k * VIEW_COUNT + j)).collect())
        .collect();
    let reads = (0..VIEW_COUNT * VIEW_WRITES - 1)
        .map(|k| vec![block(k), block(k + 1)])
        .collect();
    ViewAccount { writes, reads }
}

/// The rows of a replay's text table (`recorder-otf2 replay`, POSIX or MPI): the key
/// cells (process, and layer for an MPI replay) and the cells after them.
fn replay_text_rows(text: &str, keys: usize) -> Vec<(Vec<String>, Vec<String>)> {
    let rows = text
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| process |"));
    let cells = |l: &str| -> Vec<String> {
        l.trim_matches('|')
            .split('|')
            .map(|c| c.trim().to_string())
            .collect()
    };
    rows.map(|l| {
        let c = cells(l);
        (c[..keys].to_vec(), c[keys..].to_vec())
    })
    .collect()
}

/// Assert that a replay's `--json` report holds the rows of its text report with the same
/// values (the two from two runs of the same replay): keys, calls, skipped, failed, the
/// bytes read and written and the original's time in calls; the replay's own times differ
/// between runs and are only checked to be there. MPI (`layers` in the JSON): one key more.
pub fn assert_replay_json_matches_text(text: &str, json: &str) {
    let v: serde_json::Value = serde_json::from_str(json).expect("replay --json is JSON");
    let mpi = v.get("layers").is_some();
    let mut objs: Vec<serde_json::Value> = v["processes"].as_array().unwrap().clone();
    match mpi {
        true => objs.extend(v["layers"].as_array().unwrap().iter().map(|l| {
            let mut l = l.clone();
            l["process"] = "all".into();
            l
        })),
        false => {
            let mut all = v["all"].clone();
            all["process"] = "all".into();
            objs.push(all);
        }
    }
    let rows = replay_text_rows(text, if mpi { 2 } else { 1 });
    assert_eq!(rows.len(), objs.len(), "{text}\n{json}");
    assert!(v["wall_ns"].is_u64(), "{json}");
    let n = |o: &serde_json::Value, k: &str| -> u64 {
        o[k].as_u64()
            .unwrap_or_else(|| panic!("no number {k} in {o}"))
    };
    for ((keys, cells), o) in rows.iter().zip(&objs) {
        assert_eq!(o["process"], keys[0].as_str(), "{o}");
        if mpi {
            assert_eq!(o["layer"], keys[1].as_str(), "{o}");
        }
        let pair = |a: &str, b: &str| format!("{} ({})", n(o, a), n(o, b));
        let numbers = [n(o, "calls"), n(o, "skipped"), n(o, "failed")].map(|x| x.to_string());
        assert_eq!(cells[..3], numbers, "{o}");
        assert_eq!(cells[3], pair("bytes_read", "orig_bytes_read"), "{o}");
        assert_eq!(cells[4], pair("bytes_written", "orig_bytes_written"), "{o}");
        let orig = format!("({:.3} s)", n(o, "orig_time_in_calls_ns") as f64 / 1e9);
        assert!(cells[5].ends_with(&orig), "{} vs {o}", cells[5]);
        n(o, "time_in_calls_ns");
    }
}

/// The codes of the insights of a `summary --json` document.
pub fn insight_codes(summary: &serde_json::Value) -> std::collections::BTreeSet<String> {
    summary["insights"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["code"].as_str().unwrap().to_string())
        .collect()
}

/// The `files[]` entry of a `summary --json` document for `path` at `layer`.
pub fn summary_file<'a>(
    summary: &'a serde_json::Value,
    path: &str,
    layer: &str,
) -> &'a serde_json::Value {
    summary["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["path"] == path && f["layer"] == layer)
        .unwrap_or_else(|| panic!("no {layer} entry for {path} in {:#}", summary["files"]))
}
