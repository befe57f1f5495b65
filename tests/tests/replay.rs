//! `recorder-otf2 replay TRACE --into DIR` (issue 15, POSIX layer): the recorded I/O
//! re-issued on files mapped under DIR; `--record RDIR` traces the replay, and `compare`
//! (which maps the files by itself from the replay's `replay.yaml`) finds the same
//! operations, offsets, bytes and open flags per file as in the original. Programs: our
//! writer_loop, coreutils' dd (reading a file the replay has to make first), the IOR
//! equivalent's POSIX backend at one rank, and at the ISO C layer our stdio_all (every
//! stream call, line reads of what it wrote) and GNU sed (getdelim on an input the replay
//! makes, its line ends where the original's reads ended).

use e2e_tests::*;
use std::path::{Path, PathBuf};

fn launcher(args: &[&str]) -> Run {
    let mut c = command(&build().launcher, Path::new("/"));
    c.args(args);
    run(&mut c)
}

/// The report's line for all processes.
fn all_line(r: &Run) -> &str {
    let line = r.stdout.lines().find(|l| l.starts_with("| all |"));
    line.unwrap_or_else(|| panic!("no '| all |' line in:\n{}", r.stdout))
}

/// Replay `trace` into `<dir>/replayed` with --record, then compare under `only` (a
/// recorded prefix); returns the replay's report (stdout of the recorded replay).
fn replay_and_compare(dir: &TestDir, trace: &Path, only: &Path) -> (Run, PathBuf) {
    let into = dir.join("replayed");
    let rtrace = dir.join("replay-trace");
    let r = launcher(&[
        "replay",
        trace.to_str().unwrap(),
        "--into",
        into.to_str().unwrap(),
        "--only",
        &format!("{}/", only.display()),
        "--record",
        rtrace.to_str().unwrap(),
    ]);
    r.assert_ok("recorder-otf2 replay --record");
    let mapped = format!("{}{}/", into.display(), only.display());
    let c = launcher(&[
        "compare",
        trace.to_str().unwrap(),
        rtrace.to_str().unwrap(),
        "--only",
        &mapped,
        "-q",
    ]);
    assert_eq!(
        c.status.code(),
        Some(0),
        "compare original / replay:\n{}{}",
        c.stdout,
        c.stderr
    );
    assert!(
        !c.stdout.contains(" 0 operations and calls compared"),
        "{}",
        c.stdout
    );
    (r, into)
}

/// tests/programs/writer_loop.c traced: 40 writes of 100 bytes between an open and a close.
fn writer_loop_trace(name: &str) -> (TestDir, PathBuf, PathBuf) {
    let dir = TestDir::new(name);
    let prog = compile(&dir, "writer_loop", &[]);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let mut c = traced(&prog, dir.path(), &trace);
    c.arg(&data).arg("40");
    run(&mut c).assert_ok("writer_loop");
    (dir, data, trace)
}

#[test]
fn writer_loop_replayed() {
    let (dir, data, trace) = writer_loop_trace("replay-loop");
    let (r, into) = replay_and_compare(&dir, &trace, &data);
    // The report: 42 calls (open, 40 writes, close), 4000 bytes as in the original; its
    // message on stdout (a stream the replay did not open) skipped.
    let all = all_line(&r);
    assert!(
        all.starts_with("| all | 42 | 1 | 0 | 0 (0) | 4000 (4000) |"),
        "{all}"
    );
    let out = into.join(data.strip_prefix("/").unwrap()).join("loop.dat");
    assert_eq!(std::fs::metadata(&out).unwrap().len(), 4000);
    // The original's file is untouched.
    assert_eq!(
        std::fs::metadata(data.join("loop.dat")).unwrap().len(),
        4000
    );
}

#[test]
fn dd_reading_a_file_it_did_not_write() {
    let dir = TestDir::new("replay-dd");
    let data = dir.subdir("data");
    std::fs::write(data.join("in.dat"), vec![7u8; 10_000]).unwrap();
    let trace = dir.join("trace");
    let mut c = traced(Path::new("/bin/dd"), dir.path(), &trace);
    c.arg(format!("if={}/in.dat", data.display()))
        .arg(format!("of={}/out.dat", data.display()))
        .args(["bs=1000", "count=7", "status=none"]);
    run(&mut c).assert_ok("dd");
    let (_, into) = replay_and_compare(&dir, &trace, &data);
    let mapped = into.join(data.strip_prefix("/").unwrap());
    // in.dat made as far as dd read it (7 blocks), out.dat written as dd did.
    assert_eq!(
        std::fs::metadata(mapped.join("in.dat")).unwrap().len(),
        7000
    );
    assert_eq!(
        std::fs::metadata(mapped.join("out.dat")).unwrap().len(),
        7000
    );
}

#[test]
fn ior_posix_at_one_rank() {
    let dir = TestDir::new("replay-ior");
    let Some(prog) = ior_equivalent(&dir) else {
        return;
    };
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let r = run(mpirun(1, dir.path(), &trace, &[])
        .arg(&prog)
        .arg(&data)
        .args(["POSIX", "0", "0"]));
    r.assert_ok("ior_equiv POSIX");
    let (r, _) = replay_and_compare(&dir, &trace, &data);
    // 2 segments x 4 transfers of 16 KiB, written and read back.
    let all = all_line(&r);
    assert!(
        all.contains("| 131072 (131072) | 131072 (131072) |"),
        "{all}"
    );
}

#[test]
fn stdio_all_replayed_at_the_iso_c_layer() {
    let dir = TestDir::new("replay-stdio");
    let prog = compile(&dir, "stdio_all", &[]);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let mut c = traced(&prog, dir.path(), &trace);
    c.arg(&data);
    run(&mut c).assert_ok("stdio_all");
    // Every stream call on the data folder's files (fgets, fscanf, ungetc, fsetpos ...)
    // re-issued: the same operations, offsets and bytes (compare exit 0), those on the
    // standard streams skipped.
    let (r, into) = replay_and_compare(&dir, &trace, &data);
    let all = all_line(&r);
    assert!(all.contains("| 0 | 32 (32) | 125 (125) |"), "{all}");
    let mapped = into.join(data.strip_prefix("/").unwrap());
    for f in ["s.txt", "g2.txt"] {
        assert_eq!(
            std::fs::metadata(mapped.join(f)).unwrap().len(),
            std::fs::metadata(data.join(f)).unwrap().len(),
            "{f}"
        );
    }
    // h.txt was removed by the program, and by the replay.
    assert!(!mapped.join("h.txt").exists());
}

#[test]
fn sed_reading_lines_of_a_file_it_did_not_write() {
    let dir = TestDir::new("replay-sed");
    let data = dir.subdir("data");
    let input = "alpha\nbe\ngamma delta\n\nlast line without end";
    std::fs::write(data.join("in.txt"), input).unwrap();
    let trace = dir.join("trace");
    let mut c = traced(Path::new("/bin/sed"), dir.path(), &trace);
    c.arg("-n")
        .arg(format!("s/a/A/gw {}/out.txt", data.display()))
        .arg(data.join("in.txt"));
    run(&mut c).assert_ok("sed");
    let (r, into) = replay_and_compare(&dir, &trace, &data);
    // sed's getdelim read the 43 bytes line by line and wrote the 3 lines holding an 'a'.
    let all = all_line(&r);
    assert!(all.contains("| 43 (43) | 39 (39) |"), "{all}");
    // The input the replay made holds line ends where sed's reads ended: its lines are as
    // long as the original's (the bytes between are the replay's).
    let mapped = into.join(data.strip_prefix("/").unwrap());
    let made = std::fs::read(mapped.join("in.txt")).unwrap();
    let lengths = |b: &[u8]| {
        b.split(|&c| c == b'\n')
            .map(|l| l.len())
            .collect::<Vec<_>>()
    };
    // (The last read ended at the end of the file, on its 21st byte: a line end there
    // changes nothing.)
    assert_eq!(made.len(), input.len());
    assert_eq!(lengths(&made), [5, 2, 11, 0, 20, 0]);
    assert_eq!(std::fs::metadata(mapped.join("out.txt")).unwrap().len(), 39);
}

#[test]
fn forked_children_replayed_as_processes() {
    let dir = TestDir::new("replay-fork");
    let prog = compile(&dir, "fork_many", &[]);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let mut c = traced(&prog, dir.path(), &trace);
    c.arg(&data);
    run(&mut c).assert_ok("fork_many");
    let (into, rtrace) = (dir.join("replayed"), dir.join("replay-trace"));
    let r = launcher(&[
        "replay",
        trace.to_str().unwrap(),
        "--into",
        into.to_str().unwrap(),
        "--only",
        &format!("{}/", data.display()),
        "--record",
        rtrace.to_str().unwrap(),
    ]);
    r.assert_ok("replay --record");
    // The parent and its 6 children, each a process of the replay's trace, forked where
    // the original forked (after the parent opened shared.dat and made tmp.dat).
    let folders = |t: &Path| {
        std::fs::read_dir(t)
            .unwrap()
            .filter(|e| e.as_ref().unwrap().path().join("meta.yaml").is_file())
            .count()
    };
    assert_eq!(folders(&rtrace), 7);
    let rows = r
        .stdout
        .lines()
        .filter(|l| l.starts_with("| process ") && !l.contains("calls"));
    assert_eq!(rows.count(), 7, "{}", r.stdout);
    assert!(all_line(&r).contains("| 888 (888) |"), "{}", r.stdout);
    // Each child's files compared equal (their own and common.dat at its offset) ...
    let mapped = into.join(data.strip_prefix("/").unwrap());
    let c = launcher(&[
        "compare",
        trace.to_str().unwrap(),
        rtrace.to_str().unwrap(),
        "--only",
        &format!("{}/c", mapped.display()),
        "--only",
        &format!("{}/common.dat", mapped.display()),
        "--only",
        &format!("{}/tmp.dat", mapped.display()),
    ]);
    assert_eq!(c.status.code(), Some(0), "{}{}", c.stdout, c.stderr);
    assert!(c.stdout.contains("0 of 20 "), "{}", c.stdout);
    // ... and the children wrote shared.dat through the descriptor inherited from the
    // parent (one file offset: 6 writes of 10..60 bytes, then the parent's 30). Their race
    // in the original (writes overlapping in time) is raced again: not compared.
    assert_eq!(
        std::fs::metadata(mapped.join("shared.dat")).unwrap().len(),
        240
    );
}

#[test]
fn a_descriptor_shared_across_fork_keeps_its_offsets() {
    // The parent writes 100 bytes, forks, the child writes 50 through the inherited
    // descriptor, the parent waits for it (untraced) and writes 30: at 150. The replay keeps
    // the child's write before the parent's from the original's clocks.
    let dir = TestDir::new("replay-fork-shared");
    let prog = compile(&dir, "fork_shared", &[]);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let mut c = traced(&prog, dir.path(), &trace);
    c.arg(&data);
    run(&mut c).assert_ok("fork_shared");
    let (_, into) = replay_and_compare(&dir, &trace, &data);
    let shared = into
        .join(data.strip_prefix("/").unwrap())
        .join("shared.dat");
    assert_eq!(std::fs::metadata(shared).unwrap().len(), 180);
}

#[test]
fn bad_arguments() {
    let dir = TestDir::new("replay-bad");
    let r = launcher(&[
        "replay",
        dir.join("none").to_str().unwrap(),
        "--into",
        dir.join("x").to_str().unwrap(),
    ]);
    assert!(!r.status.success());
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    let r = launcher(&["replay", "/", "--into", "/tmp/x", "--timing", "fast"]);
    assert!(!r.status.success());
    assert!(
        r.stderr.contains("expected asap, original or scaled:F"),
        "{}",
        r.stderr
    );
}

/// Rewrite every chunk of `stream` with `edit` applied to each record (re-encoded, with new
/// CRCs), as tests/tests/bad_traces.rs damages real traces.
fn edit_every_record(stream: &Path, edit: impl Fn(&mut io_events::codec::Record)) {
    edit_stream_records(stream, |_| true, |recs| recs.iter_mut().for_each(&edit));
}

/// The lines of the replay's warnings that tell how its transfers were trimmed.
fn trim_lines(r: &Run) -> Vec<&str> {
    r.stderr
        .lines()
        .filter(|l| l.contains("transfers moved fewer") || l.contains("transfer records ask"))
        .collect()
}

/// short_write traced: a pwrite of 1 MiB that RLIMIT_FSIZE cut to 4,096 bytes, and a pread
/// of 1 MiB that got the 4,096 there are.
fn short_write_trace(dir: &TestDir) -> (PathBuf, PathBuf) {
    let prog = compile(dir, "short_write", &[]);
    let data = dir.subdir("data");
    let trace = dir.join("trace");
    let mut c = traced(&prog, dir.path(), &trace);
    c.arg(&data);
    run(&mut c).assert_ok("short_write");
    (trace, data)
}

#[test]
fn a_short_write_replays_short() {
    let dir = TestDir::new("replay-short");
    let (trace, data) = short_write_trace(&dir);
    let (r, into) = replay_and_compare(&dir, &trace, &data);
    // The replay wrote (and read) what the original moved, not the 1 MiB it asked for.
    let mapped = into.join(data.strip_prefix("/").unwrap());
    assert_eq!(
        std::fs::read(mapped.join("short.dat")).unwrap(),
        vec![b'r'; 4096]
    );
    let all = all_line(&r);
    assert!(all.contains("| 4096 (4096) | 4096 (4096) |"), "{all}");
    let asked_not_moved = 2 * ((1 << 20) - 4096);
    assert_eq!(
        trim_lines(&r),
        [format!("recorder-otf2: warning: 2 transfers moved fewer bytes than they asked for in the original (short writes or reads, {asked_not_moved} bytes not moved): replayed as short")],
        "{}",
        r.stderr
    );
}

#[test]
fn a_damaged_request_replays_what_was_moved() {
    let dir = TestDir::new("replay-damaged-request");
    let (trace, data) = short_write_trace(&dir);
    // The pwrite now asks for 2^40 bytes and moved 6 (CRCs valid).
    let proc_dir = processes(&trace)
        .into_iter()
        .find(|p| p.meta.cmdline[0].ends_with("short_write"))
        .unwrap()
        .dir;
    let changed = std::cell::Cell::new(0);
    edit_every_record(&proc_dir.join("thread-0.rec"), |r| {
        let f = &io_events::functions::FUNCTIONS[r.func as usize];
        let n = r.nfields as usize;
        if f.name.starts_with("pwrite") && r.fields[1] == 1 << 20 {
            (r.fields[1], r.fields[n - 1]) = (1 << 40, 6);
            changed.set(changed.get() + 1);
        }
    });
    assert_eq!(changed.get(), 1);
    let into = dir.join("replayed");
    let r = launcher(&[
        "replay",
        trace.to_str().unwrap(),
        "--into",
        into.to_str().unwrap(),
        "--only",
        &format!("{}/", data.display()),
    ]);
    r.assert_ok("replay of a damaged request");
    let mapped = into.join(data.strip_prefix("/").unwrap());
    assert_eq!(std::fs::read(mapped.join("short.dat")).unwrap(), b"rrrrrr");
    // The pread (1 MiB asked, 4096 moved) reads the 6 bytes there are now.
    assert!(
        all_line(&r).contains("| 6 (4096) | 6 (6) |"),
        "{}",
        r.stdout
    );
    assert_eq!(
        trim_lines(&r),
        [
            format!("recorder-otf2: warning: 1 transfers moved fewer bytes than they asked for in the original (short writes or reads, {} bytes not moved): replayed as short", (1 << 20) - 4096),
            "recorder-otf2: warning: 1 transfer records ask for more than one call moves (2147479552 bytes) or moved more than they asked (damaged?): replayed with the smaller of the two".to_string(),
        ],
        "{}",
        r.stderr
    );
}

/// `replay --json` (issue 30): the same rows and values as the table (two replays of one
/// trace of writer_loop), the numbers those of the program: 40 writes of 100 bytes
/// between an open and a close, its message on stdout skipped.
#[test]
fn json_report_has_the_values_of_the_table() {
    let (dir, _, trace) = writer_loop_trace("replay-json");
    let replay = |into: &str, json: &[&str]| {
        let into = dir.join(into);
        let mut args = vec!["replay", trace.to_str().unwrap(), "--into"];
        args.push(into.to_str().unwrap());
        args.extend(json);
        let r = launcher(&args);
        r.assert_ok("recorder-otf2 replay");
        r
    };
    let text = replay("as-text", &[]);
    let json = replay("as-json", &["--json"]);
    assert_replay_json_matches_text(&text.stdout, &json.stdout);
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    let all = &v["all"];
    let counts = [
        "calls",
        "skipped",
        "failed",
        "bytes_written",
        "orig_bytes_written",
    ]
    .map(|k| all[k].as_u64().unwrap());
    assert_eq!(counts, [42, 1, 0, 4000, 4000], "{all}");
    assert_eq!(v["processes"].as_array().unwrap().len(), 1, "{v}");
}
