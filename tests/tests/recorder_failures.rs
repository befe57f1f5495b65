//! The recorder when things go wrong around it: umasks (traces are private whatever the
//! umask), a symbolic link planted at the trace path, bad option values, a configuration
//! "file" that is a FIFO or too big, a full disk (RLIMIT_FSIZE), and a program at its
//! descriptor limit.

use e2e_tests::*;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::Path;

/// Every folder and file under `trace` (the trace directory included).
fn walk(trace: &Path) -> Vec<std::path::PathBuf> {
    let mut out = vec![trace.to_path_buf()];
    let mut i = 0;
    while i < out.len() {
        let p = out[i].clone();
        if std::fs::symlink_metadata(&p).unwrap().is_dir() {
            for e in std::fs::read_dir(&p).unwrap() {
                out.push(e.unwrap().path());
            }
        }
        i += 1;
    }
    out
}

fn mode(p: &Path) -> u32 {
    std::fs::symlink_metadata(p).unwrap().permissions().mode() & 0o7777
}

/// Run the workload traced with `umask` in the child.
fn workload_under_umask(dir: &TestDir, trace: &Path, mask: libc::mode_t) -> Run {
    let prog = compile(dir, "workload", &[]);
    let mut c = traced(&prog, dir.path(), trace);
    c.arg(dir.path());
    // SAFETY: umask is async-signal-safe.
    unsafe {
        c.pre_exec(move || {
            libc::umask(mask);
            Ok(())
        });
    }
    run(&mut c)
}

fn assert_private(trace: &Path) {
    let all = walk(trace);
    assert!(all.len() >= 5, "a whole trace: {all:?}");
    for p in all {
        let m = std::fs::symlink_metadata(&p).unwrap();
        let want = if m.is_dir() { 0o700 } else { 0o600 };
        assert_eq!(mode(&p), want, "{}: mode {:o}", p.display(), mode(&p));
    }
}

#[test]
fn trace_is_private_whatever_the_umask() {
    for mask in [0o000, 0o022, 0o077] {
        let dir = TestDir::new(&format!("umask{mask:o}"));
        let trace = dir.join("trace");
        let r = workload_under_umask(&dir, &trace, mask);
        r.assert_ok("workload");
        assert_eq!(r.stderr, "", "umask {mask:o}");
        assert_private(&trace);
        // The program's own file follows the umask as always.
        let own = mode(&dir.join("work_posix.dat"));
        assert_eq!(own, 0o644 & !mask, "umask {mask:o}: the program's file");
        assert_eq!(processes(&trace)[0].count("write"), 4);
    }
}

#[test]
fn launcher_makes_a_private_trace_directory() {
    let dir = TestDir::new("launcher-umask");
    let trace = dir.join("sub/trace");
    let prog = compile(&dir, "workload", &[]);
    let mut c = command(&build().launcher, dir.path());
    c.arg("record")
        .arg("-o")
        .arg(&trace)
        .arg("--")
        .arg(&prog)
        .arg(dir.path());
    unsafe {
        c.pre_exec(|| {
            libc::umask(0);
            Ok(())
        });
    }
    let r = run(&mut c);
    r.assert_ok("recorder-otf2 record");
    assert_private(&trace);
}

/// Many processes make the trace directory at once: one that exists, made by another rank,
/// is used; the subfolders are each process's own.
#[test]
fn concurrent_processes_share_the_trace_directory() {
    let dir = TestDir::new("concurrent");
    let trace = dir.join("trace");
    let prog = compile(&dir, "workload", &[]);
    let children: Vec<_> = (0..8)
        .map(|i| {
            let work = dir.subdir(&format!("w{i}"));
            let mut c = traced(&prog, &work, &trace);
            c.arg(&work)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped());
            c.spawn().unwrap()
        })
        .collect();
    for ch in children {
        let o = ch.wait_with_output().unwrap();
        assert!(o.status.success());
        assert_eq!(String::from_utf8_lossy(&o.stderr), "");
    }
    assert_eq!(processes(&trace).len(), 8);
    assert_private(&trace);
}

/// A symbolic link at the trace path that someone else planted: not followed, one line,
/// the program runs on untraced. One of the user's own is followed.
#[test]
fn planted_symlink_at_the_trace_path() {
    let dir = TestDir::new("planted");
    let prog = compile(&dir, "workload", &[]);
    let target = dir.subdir("elsewhere");
    let trace = dir.join("trace");
    std::os::unix::fs::symlink(&target, &trace).unwrap();
    let owned_by_other = unsafe { libc::geteuid() } == 0;
    if owned_by_other {
        let c = std::ffi::CString::new(trace.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::lchown(c.as_ptr(), 65534, 65534) }, 0);
        let mut c = traced(&prog, dir.path(), &trace);
        c.arg(dir.path());
        let r = run(&mut c);
        r.assert_ok("workload with a planted link");
        assert_eq!(r.stdout, "workload done 2\n");
        let lines = r.stderr_lines();
        assert_eq!(lines.len(), 1, "{}", r.stderr);
        assert!(
            lines[0].starts_with("recorder-otf2: ") && lines[0].contains("symbolic link"),
            "{}",
            lines[0]
        );
        assert_eq!(
            std::fs::read_dir(&target).unwrap().count(),
            0,
            "wrote through the link"
        );
        // A real folder of another user is not used either.
        let theirs = dir.subdir("theirs");
        std::os::unix::fs::chown(&theirs, Some(65534), Some(65534)).unwrap();
        let mut c = traced(&prog, dir.path(), &theirs);
        c.arg(dir.path());
        let r = run(&mut c);
        r.assert_ok("workload with another user's folder");
        assert_eq!(r.stderr_lines().len(), 1, "{}", r.stderr);
        assert!(r.stderr.contains("another user"), "{}", r.stderr);
        assert_eq!(std::fs::read_dir(&theirs).unwrap().count(), 0);
        std::fs::remove_file(&trace).unwrap();
        std::os::unix::fs::symlink(&target, &trace).unwrap();
    }
    // The user's own link: followed.
    let mut c = traced(&prog, dir.path(), &trace);
    c.arg(dir.path());
    let r = run(&mut c);
    r.assert_ok("workload with the user's own link");
    assert_eq!(r.stderr, "");
    assert_eq!(processes(&target).len(), 1);
}

/// Run the workload with `vars` set; the program's output is unchanged.
fn workload_with(dir: &TestDir, trace: &Path, vars: &[(&str, &str)]) -> Run {
    let prog = compile(dir, "workload", &[]);
    let mut c = traced(&prog, dir.path(), trace);
    for (k, v) in vars {
        c.env(k, v);
    }
    c.arg(dir.path());
    let r = run(&mut c);
    r.assert_ok(&format!("workload with {vars:?}"));
    assert_eq!(r.stdout, "workload done 2\n");
    r
}

/// The one stderr line of a run, naming `needle`.
fn one_line(r: &Run, needle: &str) {
    let lines = r.stderr_lines();
    assert_eq!(lines.len(), 1, "one line for {needle}: {}", r.stderr);
    assert!(
        lines[0].starts_with("recorder-otf2: ") && lines[0].contains(needle),
        "{needle}: {}",
        lines[0]
    );
}

#[test]
fn every_bad_option_value_is_one_line_and_the_default() {
    let default_layers = "posix,stdio,mpiio,hdf5,netcdf,pnetcdf,adios";
    // (variable, bad value, text the line names, meta option, its default value)
    type Case<'a> = (&'a str, &'a str, &'a str, Option<(&'a str, &'a str)>);
    let cases: &[Case] = &[
        ("RECORDER_OTF2_CLOCK", "tsc-please", "tsc-please", None),
        (
            "RECORDER_OTF2_SIGNALS",
            "maybe",
            "RECORDER_OTF2_SIGNALS",
            None,
        ),
        (
            "RECORDER_OTF2_DISABLE",
            "perhaps",
            "RECORDER_OTF2_DISABLE",
            None,
        ),
        (
            "RECORDER_OTF2_LAYERS",
            "",
            "names no layer",
            Some(("layers", default_layers)),
        ),
        (
            "RECORDER_OTF2_LAYERS",
            " , ",
            "names no layer",
            Some(("layers", default_layers)),
        ),
        (
            "RECORDER_OTF2_LAYERS",
            "nope",
            "'nope'",
            Some(("layers", default_layers)),
        ),
        (
            "RECORDER_OTF2_WINDOW",
            "abc",
            "'abc'",
            Some(("window", "3")),
        ),
        ("RECORDER_OTF2_WINDOW", "99", "'99'", Some(("window", "3"))),
        (
            "RECORDER_OTF2_TIME_RESOLUTION",
            "0",
            "'0'",
            Some(("time_resolution_ns", "10")),
        ),
        (
            "RECORDER_OTF2_TIME_RESOLUTION",
            "fast",
            "'fast'",
            Some(("time_resolution_ns", "10")),
        ),
        (
            "RECORDER_OTF2_BUFFER_SIZE",
            "1G",
            "1G",
            Some(("buffer_size", "1048576")),
        ),
        ("RECORDER_OTF2_CONFIG", "", "RECORDER_OTF2_CONFIG", None),
    ];
    for (i, (var, bad, needle, opt)) in cases.iter().enumerate() {
        let dir = TestDir::new(&format!("bad-option-{i}"));
        let trace = dir.join("trace");
        let r = workload_with(&dir, &trace, &[(var, bad)]);
        one_line(&r, needle);
        let p = &processes(&trace)[0];
        assert_eq!(p.count("write"), 4, "{var}={bad:?}");
        assert_eq!(p.count("fwrite"), 4, "{var}={bad:?}");
        if let Some((key, want)) = opt {
            assert_eq!(
                p.meta.options.get(*key).map(String::as_str),
                Some(*want),
                "{var}"
            );
        }
    }
    // An empty directory: the default one (in the current folder).
    let dir = TestDir::new("bad-option-dir");
    let r = workload_with(&dir, &dir.join("unused"), &[("RECORDER_OTF2_DIR", "")]);
    one_line(&r, "RECORDER_OTF2_DIR");
    let made: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("recorder-otf2-workload-"))
        .collect();
    assert_eq!(made.len(), 1, "{made:?}");
}

#[test]
fn booleans_are_parsed() {
    for (v, disabled) in [
        ("1", true),
        ("true", true),
        ("YES", true),
        ("on", true),
        ("0", false),
        ("false", false),
        ("no", false),
        ("Off", false),
    ] {
        let dir = TestDir::new("bool");
        let trace = dir.join("trace");
        let r = workload_with(&dir, &trace, &[("RECORDER_OTF2_DISABLE", v)]);
        assert_eq!(r.stderr, "", "DISABLE={v}");
        assert_eq!(trace.exists(), !disabled, "DISABLE={v}");
    }
    // SIGNALS=off: the program's default SIGTERM action stays (no flush, ending running).
    let dir = TestDir::new("signals-off");
    let trace = dir.join("trace");
    let prog = compile(&dir, "writer_loop", &[]);
    let mut c = traced(&prog, dir.path(), &trace);
    c.env("RECORDER_OTF2_SIGNALS", "off")
        .arg(dir.path())
        .args(["100000", "1000"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    let mut ch = c.spawn().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    unsafe { libc::kill(ch.id() as i32, libc::SIGTERM) };
    ch.wait().unwrap();
    let p = &processes(&trace)[0];
    assert_eq!(p.meta.ending, io_events::meta::Ending::Running);
}

/// RECORDER_OTF2_CONFIG naming a FIFO (nobody writes it), a device or a huge file: the
/// program runs on at once, one line, defaults.
#[test]
fn config_file_that_is_not_a_small_regular_file() {
    let dir = TestDir::new("config-fifo");
    let fifo = dir.join("fifo.yaml");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let big = dir.join("big.yaml");
    std::fs::write(&big, format!("# {}\nwindow: 5\n", "x".repeat(2 << 20))).unwrap();
    for (file, needle) in [
        (fifo.to_str().unwrap(), "not a regular file"),
        ("/dev/zero", "not a regular file"),
        (big.to_str().unwrap(), "bytes"),
    ] {
        let trace = dir.join(format!("trace-{}", file.len()));
        let start = std::time::Instant::now();
        let r = workload_with(&dir, &trace, &[("RECORDER_OTF2_CONFIG", file)]);
        assert!(start.elapsed().as_secs() < 20, "{file}: hung");
        one_line(&r, needle);
        assert!(r.stderr.contains(file), "{}", r.stderr);
        let p = &processes(&trace)[0];
        assert_eq!(p.meta.options.get("window").map(String::as_str), Some("3"));
        assert_eq!(p.count("write"), 4);
    }
    // A regular one is read.
    let good = dir.join("good.yaml");
    std::fs::write(&good, "window: 5\n").unwrap();
    let trace = dir.join("trace-good");
    let r = workload_with(
        &dir,
        &trace,
        &[("RECORDER_OTF2_CONFIG", good.to_str().unwrap())],
    );
    assert_eq!(r.stderr, "");
    let p = &processes(&trace)[0];
    assert_eq!(p.meta.options.get("window").map(String::as_str), Some("5"));
}

/// A full disk (RLIMIT_FSIZE: the stream cannot grow, write fails with EFBIG): one line, the
/// program runs on, meta.yaml says `ending: failed` with the error and the file, and the
/// converter reports that instead of a kill.
#[test]
fn disk_full_is_recorded_as_a_failure() {
    let dir = TestDir::new("disk-full");
    let trace = dir.join("trace");
    let prog = compile(&dir, "rewrite_loop", &[]);
    let mut c = traced(&prog, dir.path(), &trace);
    c.env("RECORDER_OTF2_BUFFER_SIZE", "4K")
        .arg(dir.path())
        .arg("200000");
    // SAFETY: setrlimit and signal are async-signal-safe.
    unsafe {
        c.pre_exec(|| {
            let lim = libc::rlimit {
                rlim_cur: 128 << 10,
                rlim_max: 128 << 10,
            };
            libc::setrlimit(libc::RLIMIT_FSIZE, &lim);
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            Ok(())
        });
    }
    let r = run(&mut c);
    r.assert_ok("rewrite_loop on a full disk");
    assert_eq!(r.stdout, "rewrote 200000\n");
    one_line(&r, "File too large");
    assert!(
        r.stderr.contains("thread-0"),
        "names the stream: {}",
        r.stderr
    );
    let p = &processes(&trace)[0];
    assert_eq!(p.meta.ending, io_events::meta::Ending::Failed);
    let failure = p.meta.failure.clone().unwrap_or_default();
    assert!(
        failure.contains("File too large")
            && failure.contains("writing")
            && failure.contains("thread-0"),
        "{failure}"
    );
    let stream = &p.streams()[0];
    assert!(std::fs::metadata(stream).unwrap().len() <= 128 << 10);
    let (records, _) = complete_chunk_records(stream);
    assert!(
        records > 1000,
        "the chunks written before are kept: {records}"
    );

    let out = dir.join("full.otf2");
    let conv = convert_raw(&trace, &out, &[]);
    assert!(
        conv.stderr.contains("stopped tracing early") && conv.stderr.contains("File too large"),
        "converter: {}",
        conv.stderr
    );
    assert!(!conv.stderr.contains("killed?"), "{}", conv.stderr);
}

/// Run fd_limit (COUNT pwrites, open until EMFILE, COUNT pwrites at the limit) with
/// RLIMIT_NOFILE soft 64, hard `hard`.
fn fd_limit_run(dir: &TestDir, trace: Option<&Path>, hard: u64) -> Run {
    let prog = compile(dir, "fd_limit", &[]);
    let mut c = match trace {
        Some(t) => {
            let mut c = traced(&prog, dir.path(), t);
            c.env("RECORDER_OTF2_BUFFER_SIZE", "4K");
            c
        }
        None => command(&prog, dir.path()),
    };
    c.arg(dir.path()).arg("20000");
    // SAFETY: setrlimit is async-signal-safe.
    unsafe {
        c.pre_exec(move || {
            let lim = libc::rlimit {
                rlim_cur: 64,
                rlim_max: hard,
            };
            libc::setrlimit(libc::RLIMIT_NOFILE, &lim);
            Ok(())
        });
    }
    run(&mut c)
}

/// The recorder holds one descriptor (defs.bin) for the whole run; thread streams are opened
/// for each chunk only, even when the program uses every descriptor it may (the soft limit
/// is raised for that open when the hard limit allows).
#[test]
fn recorder_costs_the_program_one_descriptor() {
    let dir = TestDir::new("fd-limit");
    let plain = fd_limit_run(&dir, None, 128);
    plain.assert_ok("fd_limit untraced");
    let n0: u32 = plain
        .stdout
        .trim()
        .strip_prefix("opened ")
        .unwrap()
        .parse()
        .unwrap();
    let trace = dir.join("trace");
    let r = fd_limit_run(&dir, Some(&trace), 128);
    r.assert_ok("fd_limit traced");
    assert_eq!(r.stderr, "");
    let n1: u32 = r
        .stdout
        .trim()
        .strip_prefix("opened ")
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(
        n1 + 1,
        n0,
        "descriptors the program could open: {n1} traced, {n0} untraced"
    );
    let p = &processes(&trace)[0];
    assert_eq!(p.meta.ending, io_events::meta::Ending::Exit);
    assert_eq!(p.count("pwrite"), 40000);
    assert_eq!(
        p.count("open"),
        n1 as u64 + 2,
        "every open, the failed one included"
    );
    let (records, chunks) = complete_chunk_records(&p.streams()[0]);
    assert!(chunks > 10, "chunks written at the limit too: {chunks}");
    assert!(records >= 40000, "{records}");

    // Soft limit = hard limit: nothing can be raised, a chunk written at the limit fails:
    // one line, the program runs on, meta says why.
    let trace = dir.join("trace-hard");
    let r = fd_limit_run(&dir, Some(&trace), 64);
    r.assert_ok("fd_limit traced at a hard limit");
    assert_eq!(r.stdout, format!("opened {n1}\n"));
    one_line(&r, "Too many open files");
    let p = &processes(&trace)[0];
    assert_eq!(p.meta.ending, io_events::meta::Ending::Failed);
    assert!(
        p.meta
            .failure
            .as_deref()
            .unwrap_or("")
            .contains("Too many open files"),
        "{:?}",
        p.meta.failure
    );
}

/// Calls a signal handler makes while the recorder is storing a record of the interrupted
/// thread cannot be recorded: they are counted in meta.yaml and the converter says so. Every
/// handler call is either recorded or counted.
#[test]
fn signal_handler_calls_are_recorded_or_counted() {
    let dir = TestDir::new("sig-writes");
    let trace = dir.join("trace");
    let prog = compile(&dir, "sig_writes", &[]);
    let r = run_traced_ok(&prog, &dir, &trace, &["300000"]);
    assert_eq!(r.stderr, "");
    let calls: u64 = r
        .stdout
        .trim()
        .strip_prefix("handler ")
        .unwrap()
        .parse()
        .unwrap();
    assert!(calls > 100, "the timer fired {calls} times");
    let p = &processes(&trace)[0];
    let dropped: u64 = p
        .meta
        .options
        .get("dropped_in_signal_handlers")
        .map_or(0, |n| n.parse().unwrap());
    assert_eq!(p.count("write") + dropped, calls, "recorded + dropped");
    assert_eq!(p.count("pwrite"), 300000);
    let conv = convert_raw(&trace, &dir.join("sig.otf2"), &[]);
    assert_eq!(
        conv.stderr.contains("dropped_in_signal_handlers"),
        dropped > 0,
        "{}",
        conv.stderr
    );
}

/// A really full disk (a 256 KiB tmpfs, when this test may mount one; skipped otherwise):
/// ENOSPC, meta.yaml rewritten in its own blocks with the failure.
#[test]
fn full_tmpfs_is_recorded_as_a_failure() {
    let dir = TestDir::new("tmpfs-full");
    let mnt = dir.subdir("mnt");
    let mounted = command("mount", dir.path())
        .args(["-t", "tmpfs", "-o", "size=256k", "tmpfs"])
        .arg(&mnt)
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        eprintln!("full_tmpfs_is_recorded_as_a_failure: cannot mount a tmpfs here; skipped");
        return;
    }
    let trace = mnt.join("trace");
    let prog = compile(&dir, "rewrite_loop", &[]);
    let mut c = traced(&prog, dir.path(), &trace);
    c.env("RECORDER_OTF2_BUFFER_SIZE", "4K")
        .arg(dir.path())
        .arg("300000");
    let r = run(&mut c);
    let p = processes(&trace).remove(0);
    let conv = convert_raw(&trace, &dir.join("full.otf2"), &[]);
    let _ = command("umount", dir.path()).arg(&mnt).status();
    r.assert_ok("rewrite_loop on a full tmpfs");
    assert_eq!(r.stdout, "rewrote 300000\n");
    one_line(&r, "No space left on device");
    assert_eq!(p.meta.ending, io_events::meta::Ending::Failed);
    assert!(
        p.meta
            .failure
            .as_deref()
            .unwrap_or("")
            .contains("No space left on device"),
        "{:?}",
        p.meta.failure
    );
    assert!(
        conv.stderr.contains("stopped tracing early"),
        "{}",
        conv.stderr
    );
}
