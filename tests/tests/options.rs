//! Options: path filters, layers, the YAML configuration file, RECORDER_OTF2_DISABLE, bad
//! values, and an unusable trace directory.

use e2e_tests::*;
use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};

/// A /dev/shm path unique to this test run.
fn shm_path() -> String {
    static N: AtomicU32 = AtomicU32::new(0);
    format!(
        "/dev/shm/recorder-otf2-e2e-{}-{}.dat",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    )
}

#[test]
fn default_filters_exclude_proc_sys_dev_but_not_dev_shm() {
    let dir = TestDir::new("filters");
    let trace = dir.join("trace");
    let prog = compile(&dir, "filters", &[]);
    let shm = shm_path();
    let r = run_traced_ok(&prog, &dir, &trace, &[&shm]);
    assert_eq!(r.stdout, "filters done 0\n");
    assert!(!Path::new(&shm).exists());

    let procs = processes(&trace);
    assert_eq!(procs.len(), 1);
    let p = &procs[0];
    // Only the /dev/shm file and DIR/kept.dat are recorded: the excluded opens, and the calls
    // on their descriptors and streams, are not.
    for (f, n) in [
        ("open", 2),
        ("write", 2),
        ("close", 2),
        ("unlink", 1),
        ("read", 0),
        ("fopen", 0),
        ("fputs", 0),
        ("fclose", 0),
    ] {
        assert_eq!(p.count(f), n, "calls of {f}: {:?}", p.meta.function_counts);
    }

    let a = convert_and_check(&trace, &dir.join("filters.otf2"));
    for f in a.file_names() {
        assert!(
            !f.starts_with("/proc") && !f.starts_with("/sys"),
            "excluded file in the archive: {f}"
        );
    }
    // /dev/null is there only as the pre-created stdin; nothing opened it or wrote to it.
    for e in a.events() {
        if e.file.as_deref() == Some("/dev/null") {
            panic!("event on /dev/null: {e:?}");
        }
    }
    for h in a
        .handles
        .iter()
        .filter(|h| h.file.as_deref() == Some("/dev/null"))
    {
        assert!(h.has_flag("PRE_CREATED"), "{h:?}");
    }
    // /dev/shm is included by default: open, write(64), close, unlink.
    assert_eq!(
        op_tuples(&a.ops_on(&shm)),
        [op("write", "WRITE", 64, 64, Some(0))]
    );
    let created: Vec<&Event> = a
        .events_of("IoCreateHandle")
        .into_iter()
        .filter(|e| e.file.as_deref() == Some(shm.as_str()))
        .collect();
    assert_eq!(created.len(), 1);
    let deleted: Vec<String> = a
        .events_of("IoDeleteFile")
        .iter()
        .map(|e| e.file.clone().unwrap())
        .collect();
    assert_eq!(deleted, [shm.as_str()]);
    assert_eq!(
        op_tuples(&a.ops_on(&format!("{}/kept.dat", dir.str()))),
        [op("write", "WRITE", 32, 32, Some(0))]
    );
    let text = text_dump(&trace);
    assert!(!text.contains("/proc/"), "{text}");
    assert!(!text.contains("/sys/"), "{text}");
}

#[test]
fn exclude_and_include_options() {
    let dir = TestDir::new("exclude");
    let prog = compile(&dir, "workload", &[]);
    let w = dir.str();

    // Everything under DIR excluded: only the stdout line is left.
    let trace = dir.join("trace-ex");
    let mut c = traced(&prog, dir.path(), &trace);
    c.env("RECORDER_OTF2_EXCLUDE", &w).arg(dir.path());
    run(&mut c).assert_ok("workload, DIR excluded");
    let p = &processes(&trace)[0];
    assert_eq!(
        p.called(),
        ["printf"],
        "nothing but printf on stdout: {:?}",
        p.meta.function_counts
    );
    // The excluded calls' sites are not written: only printf's.
    assert_eq!(p.meta.function_counts.get("call_site"), Some(&1));
    assert_eq!(
        p.meta.options.get("exclude").map(String::as_str),
        Some(w.as_str())
    );
    let a = convert_and_check(&trace, &dir.join("ex.otf2"));
    for f in a.file_names() {
        assert!(!f.starts_with(&w), "excluded file in the archive: {f}");
    }
    let text = text_dump(&trace);
    assert!(
        !text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .any(|l| l.contains(&w)),
        "{text}"
    );

    // ... except one file, included again.
    let trace = dir.join("trace-inc");
    let stdio_file = format!("{w}/work_stdio.dat");
    let mut c = traced(&prog, dir.path(), &trace);
    c.env("RECORDER_OTF2_EXCLUDE", &w)
        .env("RECORDER_OTF2_INCLUDE", &stdio_file)
        .arg(dir.path());
    run(&mut c).assert_ok("workload, one file included");
    let a = convert_and_check(&trace, &dir.join("inc.otf2"));
    let under: Vec<String> = a
        .file_names()
        .into_iter()
        .filter(|f| f.starts_with(&w))
        .collect();
    assert_eq!(under, [stdio_file.as_str()]);
    assert_eq!(a.ops_on(&stdio_file).len(), 5);
}

#[test]
fn layers_option_and_config_file() {
    let dir = TestDir::new("layers");
    let prog = compile(&dir, "workload", &[]);
    let posix_only = ["open", "write", "pwrite", "lseek", "read", "dup", "close"];
    let stdio_only = ["fopen", "fwrite", "fseek", "fread", "fclose", "printf"];

    let trace = dir.join("trace-posix");
    let mut c = traced(&prog, dir.path(), &trace);
    c.env("RECORDER_OTF2_LAYERS", "posix").arg(dir.path());
    run(&mut c).assert_ok("workload posix");
    let p = &processes(&trace)[0];
    let names: Vec<&String> = p.called();
    let mut expected: Vec<&str> = posix_only.to_vec();
    expected.sort();
    assert_eq!(names, expected, "posix layer only");
    let a = convert_and_check(&trace, &dir.join("posix.otf2"));
    assert!(a.events().all(|e| e.paradigm.as_deref() != Some("ISOC")));

    // The configuration file: stdio only, other resolution, window, buffer size.
    let cfg = dir.join("rec.yaml");
    let trace = dir.join("trace-cfg");
    std::fs::write(
        &cfg,
        format!(
            "dir: {}\nlayers: [stdio]\nbuffer_size: 64K\nwindow: 5\ntime_resolution_ns: 100\n",
            trace.display()
        ),
    )
    .unwrap();
    let mut c = command(&prog, dir.path());
    c.env("LD_PRELOAD", &build().lib)
        .env("RECORDER_OTF2_CONFIG", &cfg)
        .arg(dir.path());
    let r = run(&mut c);
    r.assert_ok("workload with a config file");
    assert_eq!(r.stderr, "");
    let p = &processes(&trace)[0];
    let names: Vec<&String> = p.called();
    let mut expected: Vec<&str> = stdio_only.to_vec();
    expected.sort();
    assert_eq!(names, expected, "stdio layer only (from the file)");
    assert_eq!(p.meta.time_resolution_ns, 100);
    assert_eq!(p.meta.window, 5);
    assert_eq!(
        p.meta.options.get("buffer_size").map(String::as_str),
        Some("65536")
    );
    assert_eq!(
        p.meta.options.get("layers").map(String::as_str),
        Some("stdio")
    );
    let a = convert_and_check(&trace, &dir.join("cfg.otf2"));
    // No POSIX call is recorded (fopen's descriptor still gets its POSIX handle, as the
    // child of the stream's handle, but nothing is done on it).
    let posix_regions: Vec<&str> = a
        .regions
        .iter()
        .filter(|r| {
            io_events::FUNCTIONS
                .iter()
                .any(|f| f.name == r.name && f.layer == io_events::functions::Layer::Posix)
        })
        .map(|r| r.name.as_str())
        .collect();
    assert!(posix_regions.is_empty(), "POSIX regions: {posix_regions:?}");
    assert!(a.ops().iter().all(|o| o.paradigm == "ISOC"));
    assert_eq!(a.ops_on(&format!("{}/work_stdio.dat", dir.str())).len(), 5);

    // Environment variables win over the file.
    let trace2 = dir.join("trace-env");
    let mut c = command(&prog, dir.path());
    c.env("LD_PRELOAD", &build().lib)
        .env("RECORDER_OTF2_CONFIG", &cfg)
        .env("RECORDER_OTF2_DIR", &trace2)
        .env("RECORDER_OTF2_LAYERS", "posix")
        .arg(dir.path());
    run(&mut c).assert_ok("workload, env over file");
    let p = &processes(&trace2)[0];
    assert_eq!(p.meta.time_resolution_ns, 100, "from the file");
    assert!(
        p.count("write") > 0 && p.count("fwrite") == 0,
        "layers from the environment"
    );
}

#[test]
fn bad_option_values_warn_once_and_trace_with_defaults() {
    let dir = TestDir::new("bad-options");
    let trace = dir.join("trace");
    let prog = compile(&dir, "workload", &[]);
    let mut c = traced(&prog, dir.path(), &trace);
    c.env("RECORDER_OTF2_BUFFER_SIZE", "12").arg(dir.path());
    let r = run(&mut c);
    r.assert_ok("workload with a bad buffer size");
    assert_eq!(r.stdout, "workload done 2\n");
    let lines = r.stderr_lines();
    assert_eq!(lines.len(), 1, "stderr: {}", r.stderr);
    assert!(
        lines[0].starts_with("recorder-otf2: ") && lines[0].contains("12"),
        "{}",
        lines[0]
    );
    let p = &processes(&trace)[0];
    assert_eq!(
        p.meta.options.get("buffer_size").map(String::as_str),
        Some("1048576")
    );
    assert_eq!(p.count("write"), 4);
}

#[test]
fn disabled_recorder_writes_nothing() {
    let dir = TestDir::new("disabled");
    let trace = dir.join("trace");
    let prog = compile(&dir, "workload", &[]);
    let mut c = traced(&prog, dir.path(), &trace);
    c.env("RECORDER_OTF2_DISABLE", "1").arg(dir.path());
    let r = run(&mut c);
    r.assert_ok("workload, disabled");
    assert_eq!(r.stdout, "workload done 2\n");
    assert_eq!(r.stderr, "");
    assert!(
        !trace.exists(),
        "a disabled recorder created {}",
        trace.display()
    );
}

/// An unusable trace directory: the program runs as usual, one line on stderr.
#[test]
fn unwritable_trace_directory() {
    let dir = TestDir::new("unwritable");
    let prog = compile(&dir, "exit_code", &[]);
    std::fs::write(dir.join("plainfile"), "x").unwrap();
    let plain = run_untraced(&prog, dir.path(), &[]);
    assert_eq!(plain.code(), Some(3));
    let under_file = format!("{}/plainfile/trace", dir.str());
    for bad in ["/proc/nope", under_file.as_str()] {
        std::fs::remove_file(dir.join("out.dat")).unwrap();
        let mut c = traced(&prog, dir.path(), Path::new(bad));
        c.arg(dir.path());
        let r = run(&mut c);
        assert_eq!(r.code(), Some(3), "{bad}: exit status");
        assert_eq!(r.stdout, plain.stdout, "{bad}: stdout");
        let lines = r.stderr_lines();
        assert_eq!(lines.len(), 1, "{bad}: stderr is one line: {:?}", r.stderr);
        assert!(
            lines[0].starts_with("recorder-otf2:"),
            "{bad}: {}",
            lines[0]
        );
        assert!(
            lines[0].contains(bad),
            "{bad}: the line names the directory: {}",
            lines[0]
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("out.dat")).unwrap(),
            "hello world\n",
            "{bad}: the program's own output file"
        );
    }
}

/// A program that closes every descriptor above 2 must neither lose nor corrupt its trace:
/// the recorder's own files (defs.bin, the thread streams) are not the program's to close.
fn closing_all_descriptors(how: &str) {
    let dir = TestDir::new(&format!("close-all-{how}"));
    let trace = dir.join("trace");
    let prog = compile(&dir, "close_all", &[]);
    let mut c = traced(&prog, dir.path(), &trace);
    c.arg(dir.path()).arg(how);
    let r = run(&mut c);
    r.assert_ok(&format!("close_all {how}"));
    assert_eq!(r.stdout, "done 0\n", "{how}");
    // Whatever happened, the trace must not be corrupt (it may hold nothing).
    let out = dir.join("close.otf2");
    let conv = convert_raw(&trace, &out, &[]);
    assert!(
        conv.status.success() || conv.stderr.contains("holds no thread streams"),
        "{how}: the trace is corrupt: {}(the program closed the recorder's descriptors; \
         the recorder then opened a thread stream, which got the number the definitions file \
         had, and wrote definitions into the stream)",
        conv.stderr
    );
    let p = &processes(&trace)[0];
    assert!(
        r.stderr.is_empty() && p.meta.ending == Ending::Exit,
        "{how}: the recorder stopped tracing (ending {:?}, {:?}; stderr {:?}): the program \
         closed the recorder's own descriptors",
        p.meta.ending,
        p.meta.failure,
        r.stderr
    );
    let a = check(&out);
    let w = dir.str();
    for (f, n) in [("before.dat", 5), ("after.dat", 10), ("thread.dat", 20)] {
        if f == "before.dat" && how == "range-first" {
            continue;
        }
        assert_eq!(
            op_tuples(&a.ops_on(&format!("{w}/{f}"))),
            [op("write", "WRITE", n, n, Some(0))],
            "{how}: {f}"
        );
    }
}

#[test]
fn program_closing_all_descriptors_with_close() {
    closing_all_descriptors("loop");
}

#[test]
fn program_closing_all_descriptors_with_close_range() {
    closing_all_descriptors("range");
}

#[test]
fn program_closing_all_descriptors_before_any_io() {
    closing_all_descriptors("range-first");
}

/// Both tick clocks give the same events: the TSC clock (the default where the TSC is
/// invariant and the kernel's clock source) and RECORDER_OTF2_CLOCK=monotonic. Times are
/// real: a sleep of 20 ms between two writes shows up as at least 20 ms in the archive.
#[test]
fn both_clocks_give_the_same_events_and_real_times() {
    let dir = TestDir::new("clocks");
    let script = "import os, time\n\
        fd = os.open('f.dat', os.O_CREAT | os.O_WRONLY, 0o644)\n\
        os.write(fd, b'x' * 10)\n\
        time.sleep(0.02)\n\
        os.write(fd, b'y' * 20)\n\
        os.close(fd)\n";
    let mut seen = Vec::new();
    for clock in ["auto", "monotonic"] {
        let work = dir.subdir(&format!("work-{clock}"));
        let trace = dir.join(format!("trace-{clock}"));
        let mut c = traced("/usr/bin/python3", &work, &trace);
        c.env("RECORDER_OTF2_CLOCK", clock).arg("-c").arg(script);
        run(&mut c).assert_ok(clock);
        let p = &processes(&trace)[0];
        let kind = p.meta.options.get("clock").cloned().unwrap_or_default();
        if clock == "monotonic" {
            assert_eq!(kind, "monotonic");
        }
        let a = convert_and_check(&trace, &dir.join(format!("{clock}.otf2")));
        let f = format!("{}/f.dat", work.display());
        let w: Vec<(u64, u64)> = a
            .calls()
            .into_iter()
            .filter(|c| c.region == "write")
            .flat_map(|c| c.events)
            .filter(|e| e.ty == "IoOperationBegin" && e.file.as_deref() == Some(f.as_str()))
            .map(|e| (e.time, e.bytes_request.unwrap_or(0)))
            .collect();
        assert_eq!(
            w.iter().map(|x| x.1).collect::<Vec<_>>(),
            vec![10, 20],
            "{clock} ({kind})"
        );
        let gap = w[1].0 - w[0].0;
        assert!(
            (20_000_000..2_000_000_000).contains(&gap),
            "{clock} ({kind}): {gap} ns between the writes"
        );
        seen.push(kind);
    }
    eprintln!("clocks: {seen:?}");
}
