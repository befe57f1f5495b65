//! The tools that read traces on damaged bytes (issue 16, "readers that take any bytes"):
//! each case starts from a real trace and changes its files' bytes. A value the trace cannot
//! hold, a file that is not a regular file or nests too deep is one line naming the file, a
//! non-zero exit and nothing left behind; an empty or damaged stream, or lost, reordered or
//! duplicated chunks, cost that stream (or those chunks) with a warning naming it.

use e2e_tests::*;
use io_events::codec::Record;
use io_events::stream::{Chunk, StreamReader, CHUNK_HEADER_LEN};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Any bad input is handled within this time (the campaign saw hangs and 19 s parses).
const QUICK: Duration = Duration::from_secs(10);
/// Writes of the chunked trace: 4 KiB chunks, at least 4 of them.
const WRITES: usize = 6000;

/// Copy the process folders of `from` (each trace given) into a new trace `to`, with the
/// function table files.
fn copy_traces(from: &[&Path], to: &Path) -> PathBuf {
    for from in from {
        copy_trace(from, to);
    }
    to.to_path_buf()
}

/// The process folder of `trace` whose command line runs `exe`.
fn process_of(trace: &Path, exe: &str) -> PathBuf {
    let p = processes(trace);
    let p = p
        .iter()
        .find(|p| p.meta.cmdline[0].ends_with(exe))
        .unwrap_or_else(|| panic!("no {exe} process in {}", trace.display()));
    p.dir.clone()
}

/// Byte offset, total length (header included) and call records of each chunk.
fn chunks(stream: &Path) -> Vec<(usize, usize, u32)> {
    let mut r = StreamReader::open(stream).unwrap();
    let window = r.header.window as usize;
    let mut c = Chunk::default();
    let mut v = Vec::new();
    while r.next_chunk(&mut c).unwrap() {
        v.push((
            c.offset as usize,
            CHUNK_HEADER_LEN + c.payload.len(),
            calls_in(&c.payload, window, c.base),
        ));
    }
    v
}

/// The call records of a chunk's payload (its `call_site` records are no calls).
fn calls_in(payload: &[u8], window: usize, base: u64) -> u32 {
    let site = io_events::functions::Func::call_site.id();
    let mut d = io_events::PeepholeDecoder::new(payload, window, base);
    let mut n = 0;
    while let Some(r) = d.next_record() {
        n += u32::from(r.unwrap().func != site);
    }
    n
}

fn to_text(trace: &Path) -> (Run, Duration) {
    let mut c = command(&build().to_text, Path::new("/"));
    c.arg(trace);
    let t = Instant::now();
    let r = run(&mut c);
    (r, t.elapsed())
}

fn to_otf2(trace: &Path, out: &Path) -> (Run, Duration) {
    let t = Instant::now();
    let r = convert_raw(trace, out, &[]);
    (r, t.elapsed())
}

/// Neither the archive's anchor, its .def nor its folder exists.
fn assert_nothing_left(out: &Path, what: &str) {
    for p in [
        out.to_path_buf(),
        out.with_extension("def"),
        out.with_extension(""),
    ] {
        assert!(!p.exists(), "{what}: {} left behind", p.display());
    }
}

/// Failed quickly with one stderr line "TOOL: ..." naming `names` and saying `why`.
fn assert_refused(r: &Run, took: Duration, tool: &str, names: &str, why: &str, what: &str) {
    assert_clean_error(r, tool, names, what);
    assert!(took < QUICK, "{what}: {tool} took {took:?}");
    let line = r.stderr_lines()[0];
    assert!(line.contains(why), "{what}: should say {why:?}: {line}");
}

/// Both tools refuse the trace, and the converter leaves nothing.
fn both_refuse(t: &Traces, trace: &Path, names: &Path, why: &str, what: &str) {
    let out = t.dir.join(format!("out-{}.otf2", what.replace(' ', "-")));
    let names = names.to_string_lossy();
    let (r, took) = to_otf2(trace, &out);
    assert_refused(&r, took, "recorder2otf2", &names, why, what);
    assert_nothing_left(&out, what);
    let (r, took) = to_text(trace);
    assert_refused(&r, took, "recorder2text", &names, why, what);
}

/// The warning lines of a tool that succeeded (it must not panic).
fn warnings<'a>(r: &'a Run, tool: &str, what: &str) -> Vec<&'a str> {
    r.assert_ok(what);
    assert!(!r.stderr.contains("panicked"), "{what}: {}", r.stderr);
    let prefix = format!("{tool}: warning: ");
    r.stderr_lines()
        .into_iter()
        .filter(|l| l.starts_with(&prefix))
        .collect()
}

/// Both tools succeed and each warns once naming `names` and saying `why`; returns the
/// converter's archive (checked by otf2-print and the semantic checker).
fn both_warn(t: &Traces, trace: &Path, names: &Path, why: &str, what: &str) -> Archive {
    let names = names.to_string_lossy();
    let out = t.dir.join(format!("out-{}.otf2", what.replace(' ', "-")));
    let a = convert_and_check(trace, &out);
    let run = Run {
        status: std::process::ExitStatus::default(),
        stdout: String::new(),
        stderr: a.converter_stderr.clone(),
    };
    let w = warnings(&run, "recorder2otf2", what);
    let hits = w
        .iter()
        .filter(|l| l.contains(names.as_ref()) && l.contains(why))
        .count();
    assert_eq!(
        hits, 1,
        "{what}: one warning naming {names} saying {why:?}:\n{}",
        a.converter_stderr
    );
    let (r, took) = to_text(trace);
    assert!(took < QUICK, "{what}: recorder2text took {took:?}");
    let w = warnings(&r, "recorder2text", what);
    assert!(
        w.iter()
            .any(|l| l.contains(names.as_ref()) && l.contains(why)),
        "{what}: recorder2text should warn about {names}: {why:?}:\n{}",
        r.stderr
    );
    a
}

/// Rewrite `stream` with `edit` applied to the records of chunk `i` (see
/// [`edit_stream_records`]).
fn edit_records(stream: &Path, i: usize, edit: impl Fn(&mut Vec<Record>)) {
    edit_stream_records(stream, |k| k == i, edit)
}

/// Replace `key: ...` in meta.yaml (one line).
fn set_meta(meta: &Path, key: &str, value: &str) {
    let text = std::fs::read_to_string(meta).unwrap();
    let mut found = false;
    let lines: Vec<String> = text
        .lines()
        .map(|l| {
            if l.starts_with(&format!("{key}:")) {
                found = true;
                format!("{key}: {value}")
            } else {
                l.to_string()
            }
        })
        .collect();
    assert!(found, "no {key} in {}", meta.display());
    std::fs::write(meta, lines.join("\n") + "\n").unwrap();
}

fn write_writes(a: &Archive, t: &Traces) -> usize {
    a.ops_on(&format!("{}/loop.dat", t.dir.str())).len()
}

// ------------------------------------------------------------------------ values out of range

#[test]
fn ranks_and_world_sizes_out_of_range() {
    let t = traces("bad-ranks", WRITES);
    let trace = copy_traces(&[&t.small], &t.dir.join("rank-max"));
    let meta = process_of(&trace, "workload").join("meta.yaml");
    set_meta(&meta, "rank", "4294967295");
    set_meta(&meta, "world_size", "4");
    both_refuse(
        &t,
        &trace,
        &meta,
        "rank 4294967295 is not below world_size 4",
        "rank max",
    );
    set_meta(&meta, "world_size", "4294967295");
    set_meta(&meta, "rank", "0");
    both_refuse(
        &t,
        &trace,
        &meta,
        "world_size 4294967295 out of range",
        "world max",
    );

    // A one-process trace claiming a world of 10,000: the ranks without a trace above the
    // traced one are left out (no location, no file each), with a warning.
    let trace = copy_traces(&[&t.small], &t.dir.join("world-big"));
    let meta = process_of(&trace, "workload").join("meta.yaml");
    set_meta(&meta, "rank", "0");
    set_meta(&meta, "world_size", "10000");
    let t0 = Instant::now();
    both_warn(
        &t,
        &trace,
        &meta,
        "world_size 10000 but the trace names no rank above 0",
        "world big",
    );
    assert!(t0.elapsed() < QUICK * 3, "{:?}", t0.elapsed());
    let files = walk_count(&t.dir.join("out-world-big"));
    assert!(
        files < 10,
        "{files} files in the archive of a one-process trace"
    );
}

fn walk_count(dir: &Path) -> usize {
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let e = e.unwrap();
        n += if e.file_type().unwrap().is_dir() {
            walk_count(&e.path())
        } else {
            1
        };
    }
    n
}

#[test]
fn huge_definition_ids_cost_no_memory() {
    let t = traces("bad-ids", WRITES);
    let trace = copy_traces(&[&t.small], &t.dir.join("ids"));
    let defs = process_of(&trace, "workload").join("defs.bin");
    let mut bytes = std::fs::read(&defs).unwrap();
    for id in [1u64 << 28, u64::MAX - 1] {
        io_events::defs::Def::File {
            id,
            kind: io_events::defs::FileKind::Regular,
            path: "/nowhere".into(),
            fs_type: "ext4".into(),
            mount: "/".into(),
        }
        .encode(&mut bytes);
    }
    std::fs::write(&defs, bytes).unwrap();
    // Was one allocation of 21 GB (an abort); now a map entry.
    let (r, took) = to_otf2(&trace, &t.dir.join("out-ids.otf2"));
    r.assert_ok("huge file ids");
    assert!(took < QUICK, "{took:?}");
    let (r, took) = to_text(&trace);
    r.assert_ok("huge file ids (text)");
    assert!(took < QUICK, "{took:?}");
}

#[test]
fn huge_record_depth_is_shown_not_indented() {
    let t = traces("bad-depth", WRITES);
    let trace = copy_traces(&[&t.small], &t.dir.join("depth"));
    let stream = process_of(&trace, "workload").join("thread-0.rec");
    // The first call's record (the chunk starts with its call site's).
    edit_records(&stream, 0, |recs| {
        let site = io_events::functions::Func::call_site.id();
        if let Some(r) = recs.iter_mut().find(|r| r.func != site) {
            r.depth = u32::MAX;
        }
    });
    let (r, took) = to_text(&trace);
    r.assert_ok("depth 2^32-1 (text)");
    assert!(took < QUICK, "{took:?}");
    let line = r
        .stdout
        .lines()
        .find(|l| l.contains("[depth 4294967295]"))
        .unwrap_or_else(|| panic!("no depth shown:\n{}", r.stdout));
    assert!(line.len() < 1000, "{} bytes of line", line.len());
    assert!(
        r.stdout.len() < 1 << 20,
        "{} bytes of output",
        r.stdout.len()
    );
    // The converter takes it too (the call is nested in nothing: placed, not a crash).
    let (r, took) = to_otf2(&trace, &t.dir.join("out-depth.otf2"));
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    assert!(took < QUICK, "{took:?}");
}

// ------------------------------------------------------------------------ not regular files

#[test]
fn fifos_devices_and_symlinks_leaving_the_trace_are_refused() {
    let t = traces("bad-files", WRITES);
    let cases: [(&str, &str); 5] = [
        ("thread-0.rec", "fifo"),
        ("meta.yaml", "fifo"),
        ("defs.bin", "fifo"),
        ("thread-0.rec", "/dev/urandom"),
        ("meta.yaml", "/dev/zero"),
    ];
    for (n, (file, kind)) in cases.iter().enumerate() {
        let what = format!("{file} {}", kind.replace('/', "_"));
        let trace = copy_traces(&[&t.small], &t.dir.join(format!("files-{n}")));
        let path = process_of(&trace, "workload").join(file);
        std::fs::remove_file(&path).unwrap();
        let why = if *kind == "fifo" {
            let ok = std::process::Command::new("mkfifo")
                .arg(&path)
                .status()
                .unwrap();
            assert!(ok.success());
            "a FIFO, not a regular file"
        } else {
            std::os::unix::fs::symlink(kind, &path).unwrap();
            "a symbolic link leading out of the trace directory"
        };
        both_refuse(&t, &trace, &path, why, &what);
    }
    // A symlink that stays inside the trace is followed.
    let trace = copy_traces(&[&t.small], &t.dir.join("files-inside"));
    let pd = process_of(&trace, "workload");
    std::fs::rename(pd.join("thread-0.rec"), trace.join("thread-0.rec.keep")).unwrap();
    std::os::unix::fs::symlink("../thread-0.rec.keep", pd.join("thread-0.rec")).unwrap();
    let (r, _) = to_text(&trace);
    r.assert_ok("symlink inside the trace");
    assert!(r.stdout.contains("write("), "{}", r.stdout);
}

// ------------------------------------------------------------------------ metadata bounds

#[test]
fn deep_or_huge_metadata_is_refused_before_parsing() {
    let t = traces("bad-yaml", WRITES);
    let trace = copy_traces(&[&t.small], &t.dir.join("yaml-flow"));
    let meta = process_of(&trace, "workload").join("meta.yaml");
    let text = std::fs::read_to_string(&meta).unwrap();
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    std::fs::write(&meta, format!("{text}deep: {deep}\n")).unwrap();
    both_refuse(
        &t,
        &trace,
        &meta,
        "nests deeper than 32 levels",
        "flow nesting",
    );
    let block: String = (0..2_000)
        .map(|i| format!("{}- \n", "  ".repeat(i)))
        .collect();
    std::fs::write(&meta, format!("{text}deep:\n{block}")).unwrap();
    both_refuse(
        &t,
        &trace,
        &meta,
        "nests deeper than 32 levels",
        "block nesting",
    );
    let mut big = text.clone();
    big.push_str("padding: \"");
    big.push_str(&"x".repeat(17 << 20));
    big.push_str("\"\n");
    std::fs::write(&meta, big).unwrap();
    both_refuse(&t, &trace, &meta, "larger than", "huge meta");
}

// ------------------------------------------------------------------------ damaged streams

#[test]
fn an_empty_or_damaged_stream_costs_that_stream() {
    let t = traces("bad-streams", WRITES);
    // What a full disk leaves in a second process: an empty stream.
    let trace = copy_traces(&[&t.small, &t.chunked], &t.dir.join("empty"));
    let stream = process_of(&trace, "writer_loop").join("thread-0.rec");
    std::fs::write(&stream, "").unwrap();
    let a = both_warn(&t, &trace, &stream, "empty thread stream", "empty stream");
    assert_eq!(write_writes(&a, &t), 0);

    // The only stream empty: refused, saying why.
    let trace = copy_traces(&[&t.chunked], &t.dir.join("only-empty"));
    let stream = process_of(&trace, "writer_loop").join("thread-0.rec");
    std::fs::write(&stream, "").unwrap();
    let out = t.dir.join("out-only-empty.otf2");
    let (r, took) = to_otf2(&trace, &out);
    let why = "no thread stream could be read (1 warnings; the first: ";
    assert_refused(
        &r,
        took,
        "recorder2otf2",
        &trace.to_string_lossy(),
        why,
        "only empty",
    );
    assert!(r.stderr.contains("empty thread stream"), "{}", r.stderr);
    assert_nothing_left(&out, "only empty");

    // Not a stream at all.
    let trace = copy_traces(&[&t.small, &t.chunked], &t.dir.join("garbage"));
    let stream = process_of(&trace, "writer_loop").join("thread-0.rec");
    std::fs::write(&stream, "hello, I am not a thread stream at all").unwrap();
    both_warn(
        &t,
        &trace,
        &stream,
        "not a recorder-otf2 thread stream",
        "garbage stream",
    );

    // One payload byte of the second chunk: that chunk's calls are skipped, the rest stay.
    let trace = copy_traces(&[&t.chunked], &t.dir.join("crc"));
    let stream = process_of(&trace, "writer_loop").join("thread-0.rec");
    let ch = chunks(&stream);
    let mut bytes = std::fs::read(&stream).unwrap();
    let (off, len, recs) = ch[1];
    bytes[off + CHUNK_HEADER_LEN + (len - CHUNK_HEADER_LEN) / 2] ^= 0x5a;
    std::fs::write(&stream, &bytes).unwrap();
    let a = both_warn(
        &t,
        &trace,
        &stream,
        "1 chunks did not match their CRC",
        "crc",
    );
    assert_eq!(write_writes(&a, &t), WRITES - recs as usize);

    // A chunk header claiming 4 GiB: the stream stops there.
    let trace = copy_traces(&[&t.chunked], &t.dir.join("len"));
    let stream = process_of(&trace, "writer_loop").join("thread-0.rec");
    let mut bytes = std::fs::read(&stream).unwrap();
    bytes[ch[2].0 + 4..ch[2].0 + 8].copy_from_slice(&u32::MAX.to_le_bytes());
    std::fs::write(&stream, &bytes).unwrap();
    let a = both_warn(
        &t,
        &trace,
        &stream,
        "the rest of the stream is skipped",
        "length",
    );
    let kept: u32 = ch[..2].iter().map(|c| c.2).sum();
    assert_eq!(
        write_writes(&a, &t) + 1,
        kept as usize,
        "open + writes of two chunks"
    );
}

// ------------------------------------------------------------------------ chunk sequence

#[test]
fn lost_reordered_and_duplicated_chunks_are_told() {
    let t = traces("bad-chunks", WRITES);
    let pristine = |name: &str| {
        let trace = copy_traces(&[&t.chunked], &t.dir.join(name));
        let stream = process_of(&trace, "writer_loop").join("thread-0.rec");
        let bytes = std::fs::read(&stream).unwrap();
        (trace, stream, bytes)
    };
    let (_, stream0, _) = pristine("chunks-ref");
    let ch = chunks(&stream0);
    assert!(ch.len() >= 4, "{} chunks", ch.len());
    let part = |b: &[u8], i: usize| b[ch[i].0..ch[i].0 + ch[i].1].to_vec();

    // Chunk 1 twice: the copy is skipped, no write counted twice.
    let (trace, stream, bytes) = pristine("chunks-dup");
    let mut out = bytes[..ch[2].0].to_vec();
    out.extend(part(&bytes, 1));
    out.extend_from_slice(&bytes[ch[2].0..]);
    std::fs::write(&stream, out).unwrap();
    let a = both_warn(&t, &trace, &stream, "1 duplicated chunks", "duplicate");
    assert_eq!(write_writes(&a, &t), WRITES);

    // Chunks 1 and 2 swapped: told, nothing lost.
    let (trace, stream, bytes) = pristine("chunks-swap");
    let mut out = bytes[..ch[1].0].to_vec();
    out.extend(part(&bytes, 2));
    out.extend(part(&bytes, 1));
    out.extend_from_slice(&bytes[ch[3].0..]);
    std::fs::write(&stream, out).unwrap();
    let a = both_warn(&t, &trace, &stream, "1 chunks are out of order", "swap");
    assert_eq!(write_writes(&a, &t), WRITES);

    // Chunk 1 gone: told as lost.
    let (trace, stream, bytes) = pristine("chunks-lost");
    let mut out = bytes[..ch[1].0].to_vec();
    out.extend_from_slice(&bytes[ch[2].0..]);
    std::fs::write(&stream, out).unwrap();
    let a = both_warn(&t, &trace, &stream, "1 chunks are missing", "lost");
    assert_eq!(write_writes(&a, &t), WRITES - ch[1].2 as usize);
}

// ------------------------------------------------------------------------ archives that pass

/// Append definitions to a process's defs.bin.
fn add_defs(defs: &Path, more: &[io_events::defs::Def]) {
    let mut bytes = std::fs::read(defs).unwrap();
    for d in more {
        d.encode(&mut bytes);
    }
    std::fs::write(defs, bytes).unwrap();
}

#[test]
fn inconsistent_values_are_clamped_or_dropped_so_the_archive_passes() {
    let t = traces("bad-values", WRITES);
    // Writes claiming a million bytes more than they were asked to write: the archive says
    // what was requested (OTF2 readers take more as a broken archive), with a warning.
    let trace = copy_traces(&[&t.chunked], &t.dir.join("more-bytes"));
    let proc_dir = process_of(&trace, "writer_loop");
    let stream = proc_dir.join("thread-0.rec");
    let bigger = std::cell::Cell::new(0usize);
    edit_records(&stream, 1, |recs| {
        for r in recs.iter_mut() {
            let n = r.nfields as usize;
            if n >= 2 && r.fields[n - 1] == r.fields[n - 2] && r.fields[n - 1] > 0 {
                r.fields[n - 1] += 1_000_000;
                bigger.set(bigger.get() + 1);
            }
        }
    });
    assert!(bigger.get() > 10, "{} writes changed", bigger.get());
    let out = t.dir.join("out-more-bytes.otf2");
    let a = convert_and_check(&trace, &out);
    let why = format!(
        "{}: {} operations claim more bytes transferred than requested",
        proc_dir.display(),
        bigger.get()
    );
    assert!(a.converter_stderr.contains(&why), "{}", a.converter_stderr);
    let ops = a.ops_on(&format!("{}/loop.dat", t.dir.str()));
    assert_eq!(ops.len(), WRITES);
    assert!(ops
        .iter()
        .all(|o| o.bytes_result <= o.bytes_request && o.bytes_result == 100));

    // Writes of 2^62 bytes each (what the fuzzer found: sums of bytes overflowed): every
    // consumer counts them as 16 TiB at most, with a warning; nothing overflows.
    let trace = copy_traces(&[&t.chunked], &t.dir.join("huge-bytes"));
    let proc_dir = process_of(&trace, "writer_loop");
    let huge = std::cell::Cell::new(0u64);
    edit_records(&proc_dir.join("thread-0.rec"), 1, |recs| {
        for r in recs.iter_mut() {
            let n = r.nfields as usize;
            if n >= 2 && r.fields[n - 1] == r.fields[n - 2] && r.fields[n - 1] > 0 {
                r.fields[n - 1] = 1 << 62;
                r.fields[n - 2] = 1 << 62;
                huge.set(huge.get() + 1);
            }
        }
    });
    let mut c = command(&build().launcher, &t.dir.path());
    c.arg("summary").arg("--json").arg(&trace);
    let r = run(&mut c);
    r.assert_ok("summary of 2^62-byte writes");
    assert!(
        r.stderr.contains(&format!(
            "{}: {} operations claim more bytes than requested or than 16 TiB",
            proc_dir.display(),
            huge.get()
        )),
        "{}",
        r.stderr
    );
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let posix = v["layers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["layer"] == "POSIX")
        .unwrap()
        .clone();
    let normal = WRITES as u64 - huge.get();
    assert_eq!(
        posix["write_bytes"].as_u64(),
        Some(normal * 100 + huge.get() * (1 << 44))
    );

    // Times at the end of the clock (what the fuzzer found next: the ProgramEnd after the
    // last event wrapped to before it): the archive still passes.
    let trace = copy_traces(&[&t.chunked], &t.dir.join("late-times"));
    let stream = process_of(&trace, "writer_loop").join("thread-0.rec");
    let last = chunks(&stream).len() - 1;
    edit_records(&stream, last, |recs| {
        let r = recs.last_mut().unwrap();
        (r.start, r.end) = (u64::MAX - 10, u64::MAX);
    });
    let a = convert_and_check(&trace, &t.dir.join("out-late-times.otf2"));
    assert_eq!(write_writes(&a, &t), WRITES);

    // Communicators naming ranks the job does not have: dropped with a warning, the archive
    // names no rank beyond COMM_LOCATIONS.
    let trace = copy_traces(&[&t.small], &t.dir.join("comm-ranks"));
    let proc_dir = process_of(&trace, "workload");
    set_meta(&proc_dir.join("meta.yaml"), "rank", "0");
    set_meta(&proc_dir.join("meta.yaml"), "world_size", "2");
    let comm = |id, members: &[u32]| io_events::defs::Def::Comm {
        id,
        members: members.to_vec(),
    };
    add_defs(
        &proc_dir.join("defs.bin"),
        &[comm(7, &[0, 1]), comm(8, &[0, 5])],
    );
    let a = both_warn(
        &t,
        &trace,
        &proc_dir.join("defs.bin"),
        "1 communicators name ranks beyond world_size 2; they were dropped",
        "comm ranks",
    );
    assert_eq!(write_writes(&a, &t), 0, "the workload writes no loop.dat");

    // Without a rank, a process's communicators name no rank of any job.
    let trace = copy_traces(&[&t.small], &t.dir.join("comm-norank"));
    let proc_dir = process_of(&trace, "workload");
    add_defs(&proc_dir.join("defs.bin"), &[comm(7, &[0, 1])]);
    let a = convert_and_check(&trace, &t.dir.join("out-comm-norank.otf2"));
    assert!(
        a.converter_stderr
            .contains("1 communicators name ranks outside the job's MPI_COMM_WORLD"),
        "{}",
        a.converter_stderr
    );
}

// ------------------------------------------- values bounded once in the model (issue 33)
fn func_id(name: &str) -> u16 {
    io_events::FUNCTIONS
        .iter()
        .position(|f| f.name == name)
        .unwrap_or_else(|| panic!("no function {name}")) as u16
}

/// Apply `edit` to every record of every chunk of `stream`; returns how many it changed
/// (`edit` says whether it changed a record).
fn edit_all(stream: &Path, edit: impl Fn(&mut Record) -> bool) -> usize {
    let n = std::cell::Cell::new(0usize);
    for i in 0..chunks(stream).len() {
        edit_records(stream, i, |recs| {
            for r in recs.iter_mut() {
                if edit(r) {
                    n.set(n.get() + 1);
                }
            }
        });
    }
    n.get()
}

/// The launcher's `args` on `trace` (run from the test folder).
fn launcher_on(t: &Traces, args: &[&str], trace: &Path, out: Option<(&str, &Path)>) -> Run {
    let mut c = command(&build().launcher, &t.dir.path());
    c.args(args).arg(trace);
    if let Some((flag, out)) = out {
        c.arg(flag).arg(out);
    }
    run(&mut c)
}

/// The one warning line of `r` (stderr) that says `why`, which must name `names`.
fn one_warning(r: &Run, names: &Path, why: &str, what: &str) {
    let hits = r
        .stderr_lines()
        .into_iter()
        .filter(|l| l.contains(why) && l.contains(names.to_str().unwrap()))
        .count();
    assert_eq!(
        hits, 1,
        "{what}: one line naming {names:?} saying {why:?}:\n{}",
        r.stderr
    );
}

/// Files in `dir` (recursively) whose name says they are temporary.
fn temporaries(dir: &Path) -> Vec<PathBuf> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            v.extend(temporaries(&p));
        } else if p.to_string_lossy().contains(".tmp") {
            v.push(p);
        }
    }
    v
}

/// The smallest start, end and duration (ns, the timestamp and duration columns as int64)
/// in `table` of an exported folder, and its
/// rows whose errno is not 0 although the call did not fail (calls.parquet).
fn parquet_times(out: &Path, table: &str) -> Option<(i64, i64, i64, i64)> {
    let (py, path) = python_with(&["pyarrow/__init__.py"])?;
    let script = format!(
        "import pyarrow.parquet as pq, pyarrow.compute as pc\n\
         t = pq.read_table('{}')\n\
         m = [pc.min(t[c].cast('int64')).as_py() for c in ('start_ns', 'end_ns', 'duration_ns')]\n\
         e = 0\n\
         if 'errno' in t.column_names:\n\
         \x20   e = sum(1 for f, n in zip(t['failed'].to_pylist(), t['errno'].to_pylist()) if not f and n)\n\
         print(m[0], m[1], m[2], e)\n",
        out.join(table).display()
    );
    let mut c = command(&py, Path::new("/"));
    c.arg("-c").arg(script).env("PYTHONPATH", path);
    let r = run(&mut c);
    r.assert_ok("pyarrow");
    let v: Vec<i64> = r
        .stdout
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    Some((v[0], v[1], v[2], v[3]))
}

#[test]
fn damaged_times_errnos_and_bytes_are_bounded_once_for_every_consumer() {
    let t = traces("bounded", WRITES);
    // writer_loop writes with write(2) (the campaign's trace had a pwrite: the same path).
    let write = func_id("write");

    // N1/N5: one write ending at 2^63 ticks (CRC valid). Every consumer gets it clamped
    // to its chunk's clock reading, and says so once: perfetto no longer panics (nor
    // leaves a temporary), export writes no negative time or duration.
    let trace = copy_traces(&[&t.chunked], &t.dir.join("end-2-63"));
    let stream = process_of(&trace, "writer_loop").join("thread-0.rec");
    let done = std::cell::Cell::new(false);
    edit_records(&stream, 1, |recs| {
        let r = recs.iter_mut().find(|r| r.func == write).unwrap();
        r.end = 1 << 63;
        done.set(true);
    });
    assert!(done.get());
    let why = "1 records end after their chunk was written or the process ended, or before they start (a damaged trace); their times were clamped";
    let pf = t.dir.join("end-2-63.pftrace");
    let r = launcher_on(&t, &["perfetto"], &trace, Some(("-o", &pf)));
    r.assert_ok("perfetto of a 2^63 end");
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    one_warning(&r, &stream, why, "perfetto");
    assert!(
        temporaries(&t.dir.path()).is_empty(),
        "{:?}",
        temporaries(&t.dir.path())
    );
    assert!(std::fs::metadata(&pf).unwrap().len() > 0);
    let ex = t.dir.join("end-2-63-export");
    let r = launcher_on(&t, &["export"], &trace, Some(("--parquet", &ex)));
    r.assert_ok("export of a 2^63 end");
    one_warning(&r, &stream, why, "export");
    for table in ["calls.parquet", "operations.parquet"] {
        if let Some((start, end, dur, _)) = parquet_times(&ex, table) {
            assert!(
                start >= 0 && end >= 0 && dur >= 0,
                "{table}: {start} {end} {dur}"
            );
        } else {
            eprintln!("skipped the Parquet read-back: no pyarrow");
        }
    }
    let html = t.dir.join("end-2-63.html");
    for tool in ["summary", "report", "conflicts"] {
        let out = (tool == "report").then_some(("-o", html.as_path()));
        let r = launcher_on(&t, &[tool], &trace, out);
        r.assert_ok(tool);
        if tool == "report" {
            // The report tells its warnings in the page.
            let page = std::fs::read_to_string(&html).unwrap();
            assert_eq!(page.matches(why).count(), 1, "report");
        } else {
            one_warning(&r, &stream, why, tool);
        }
    }
    let a = convert_and_check(&trace, &t.dir.join("out-end-2-63.otf2"));
    assert!(a.converter_stderr.contains(why), "{}", a.converter_stderr);
    assert_eq!(write_writes(&a, &t), WRITES);

    // N2: a read ending 2^28 ticks after the rest of the process: clamped, the archive
    // passes.
    let trace = copy_traces(&[&t.small], &t.dir.join("end-2-28"));
    let stream = process_of(&trace, "workload").join("thread-0.rec");
    let read = func_id("read");
    let n = edit_all(&stream, |r| {
        let hit = r.func == read;
        if hit {
            r.end += 1 << 28;
        }
        hit
    });
    assert_eq!(n, 1, "the workload reads once");
    let a = convert_and_check(&trace, &t.dir.join("out-end-2-28.otf2"));
    let why = format!(
        "{}: 1 records end after their chunk was written or the process ended",
        stream.display()
    );
    assert!(a.converter_stderr.contains(&why), "{}", a.converter_stderr);

    // An errno on every successful write: dropped, counted; export's errno column is 0 on every
    // call that did not fail.
    let trace = copy_traces(&[&t.chunked], &t.dir.join("errno"));
    let stream = process_of(&trace, "writer_loop").join("thread-0.rec");
    let n = edit_all(&stream, |r| {
        let hit = r.func == write && r.ret() as i64 >= 0;
        if hit {
            r.errno = libc::EIO as u32;
        }
        hit
    });
    assert_eq!(n, WRITES);
    let ex = t.dir.join("errno-export");
    let r = launcher_on(&t, &["export"], &trace, Some(("--parquet", &ex)));
    r.assert_ok("export of errnos on writes");
    let why = format!(
        "{n} records of calls that did not fail carry an errno (a damaged trace); it was dropped"
    );
    one_warning(&r, &stream, &why, "export");
    if let Some((_, _, _, errnos)) = parquet_times(&ex, "calls.parquet") {
        assert_eq!(errnos, 0, "calls that did not fail with an errno");
    }
    let a = convert_and_check(&trace, &t.dir.join("out-errno.otf2"));
    assert!(a.converter_stderr.contains(&why), "{}", a.converter_stderr);

    // Copies claiming a million bytes more than they asked for: each of their two
    // operations (a read and a write) completes with the request in the archive (the
    // read, begun before the write, used to keep its claim).
    let dir = TestDir::new("bounded-copies");
    let prog = compile(&dir, "copies", &[]);
    let trace = dir.join("copies");
    run_traced_ok(&prog, &dir, &trace, &[]);
    let stream = process_of(&trace, "copies").join("thread-0.rec");
    let copies = [func_id("copy_file_range"), func_id("sendfile")];
    let n = edit_all(&stream, |r| {
        let hit = copies.contains(&r.func) && r.ret() as i64 > 0;
        if hit {
            let last = r.nfields as usize - 1;
            r.fields[last] += 1_000_000;
        }
        hit
    });
    assert!(n >= 2, "{n} copies changed");
    let a = convert_and_check(&trace, &dir.join("out-copies.otf2"));
    let why = format!(
        "{}: {} operations claim more bytes transferred than requested",
        process_of(&trace, "copies").display(),
        2 * n
    );
    assert!(a.converter_stderr.contains(&why), "{}", a.converter_stderr);
    let ops = a.ops();
    assert!(ops.len() >= 2 * n);
    assert!(
        ops.iter().all(|o| o.bytes_result <= o.bytes_request),
        "{:?}",
        ops.iter()
            .filter(|o| o.bytes_result > o.bytes_request)
            .collect::<Vec<_>>()
    );
}
