//! recorder2otf2 and recorder2text on bad input: one line on stderr naming the problem and
//! the file, a non-zero exit status, no panic, nothing half-written; and on existing output.

use e2e_tests::*;
use std::path::{Path, PathBuf};

/// Copy a trace directory (two levels) to `to`.
/// The single process folder of a trace.
fn process_dir(trace: &Path) -> PathBuf {
    let v = process_folders(trace);
    assert_eq!(v.len(), 1);
    v[0].clone()
}

/// Byte offsets and payload lengths of the chunks of a stream.
fn chunks(stream: &Path) -> Vec<(u64, usize)> {
    let mut r = io_events::stream::StreamReader::open(stream).unwrap();
    let mut c = io_events::stream::Chunk::default();
    let mut v = Vec::new();
    while r.next_chunk(&mut c).unwrap() {
        v.push((c.offset, c.payload.len()));
    }
    v
}

fn to_text(trace: &Path) -> Run {
    let mut c = command(&build().to_text, Path::new("/"));
    c.arg(trace);
    run(&mut c)
}

/// Convert must fail cleanly and leave no archive behind; recorder2text must fail too.
fn both_fail(t: &Traces, trace: &Path, names: &str, what: &str) {
    let out = t.dir.join(format!("out-{}.otf2", what.replace(' ', "-")));
    let r = convert_raw(trace, &out, &[]);
    assert_clean_error(&r, "recorder2otf2", names, what);
    assert!(!out.exists(), "{what}: {} left behind", out.display());
    assert!(
        !out.with_extension("def").exists(),
        "{what}: .def left behind"
    );
    assert!(
        !out.with_extension("").exists(),
        "{what}: archive folder left behind"
    );
    let r = to_text(trace);
    assert_clean_error(&r, "recorder2text", names, what);
}

#[test]
fn not_a_trace_and_missing_directories() {
    let t = traces("tools-missing", 3000);
    let empty = t.dir.subdir("empty");
    both_fail(&t, &empty, &empty.to_string_lossy(), "empty dir");
    let other = t.dir.subdir("other");
    std::fs::write(other.join("notes.txt"), "not a trace").unwrap();
    std::fs::create_dir_all(other.join("sub")).unwrap();
    both_fail(&t, &other, &other.to_string_lossy(), "non-trace dir");
    let missing = t.dir.join("does-not-exist");
    both_fail(&t, &missing, &missing.to_string_lossy(), "missing dir");
    let file = t.dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    both_fail(&t, &file, &file.to_string_lossy(), "file not dir");
    // A process folder given instead of the trace directory.
    let pd = process_dir(&t.small);
    both_fail(&t, &pd, &pd.to_string_lossy(), "process folder");
}

#[test]
fn truncated_stream_converts_with_a_warning() {
    let t = traces("tools-truncated", 3000);
    let trace = copy_trace(&t.chunked, &t.dir.join("truncated"));
    let pd = process_dir(&trace);
    let stream = pd.join("thread-0.rec");
    let ch = chunks(&stream);
    assert!(ch.len() >= 3, "{} chunks", ch.len());
    let (off, len) = *ch.last().unwrap();
    let cut = off + io_events::stream::CHUNK_HEADER_LEN as u64 + len as u64 / 2;
    let f = std::fs::OpenOptions::new()
        .write(true)
        .open(&stream)
        .unwrap();
    f.set_len(cut).unwrap();
    drop(f);
    let (records, complete) = complete_chunk_records(&stream);
    assert_eq!(complete as usize, ch.len() - 1);

    let a = convert_and_check(&trace, &t.dir.join("out-truncated.otf2"));
    assert!(!a.converter_stderr.contains("panicked"));
    let warn: Vec<&str> = a
        .converter_stderr
        .lines()
        .filter(|l| l.contains("warning"))
        .collect();
    assert_eq!(warn.len(), 1, "{}", a.converter_stderr);
    assert!(
        warn[0].starts_with("recorder2otf2: warning: ")
            && warn[0].contains(&stream.to_string_lossy().into_owned())
            && warn[0].contains("truncated"),
        "{}",
        warn[0]
    );
    let writes = a.ops_on(&format!("{}/loop.dat", t.dir.str()));
    let functions = processes(&trace)[0].meta.functions.clone();
    assert_eq!(
        writes.len() as u64 + 1,
        complete_chunk_calls(&stream, &functions),
        "open + writes of the complete chunks"
    );
    // Each complete chunk also starts with a call_site event (more where the site changes).
    assert!(records >= writes.len() as u64 + 1 + complete as u64, "{records} records");
    assert!(writes.len() < 3000);

    let r = to_text(&trace);
    r.assert_ok("recorder2text on a truncated stream");
    assert!(!r.stderr.contains("panicked"));
    assert!(
        r.stdout
            .lines()
            .any(|l| l.starts_with("# warning: ") && l.contains("truncated")),
        "{}",
        r.stdout
    );
    assert_eq!(
        r.stdout
            .lines()
            .filter(|l| l.contains(" write(fd=3, count=100)"))
            .count(),
        writes.len()
    );
}

// A corrupt, empty or foreign stream costs that stream with a warning (not the whole trace):
// see bad_traces.rs.

#[test]
fn wrong_versions_and_bad_metadata_are_errors() {
    let t = traces("tools-version", 3000);
    // Stream header version (bytes 8..10).
    let trace = copy_trace(&t.small, &t.dir.join("rec-version"));
    let stream = process_dir(&trace).join("thread-0.rec");
    let mut bytes = std::fs::read(&stream).unwrap();
    bytes[8..10].copy_from_slice(&99u16.to_le_bytes());
    std::fs::write(&stream, &bytes).unwrap();
    both_fail(&t, &trace, &stream.to_string_lossy(), "stream version");

    // meta.yaml format_version.
    let trace = copy_trace(&t.small, &t.dir.join("meta-version"));
    let meta = process_dir(&trace).join("meta.yaml");
    let text = std::fs::read_to_string(&meta).unwrap();
    let current = format!("format_version: {}\n", io_events::FORMAT_VERSION);
    assert!(text.contains(&current), "{text}");
    std::fs::write(&meta, text.replace(&current, "format_version: 99\n")).unwrap();
    both_fail(&t, &trace, &meta.to_string_lossy(), "meta version");

    // meta.yaml that is not metadata.
    let trace = copy_trace(&t.small, &t.dir.join("meta-garbage"));
    let meta = process_dir(&trace).join("meta.yaml");
    std::fs::write(&meta, "{{{ this is : not yaml ::\n- [").unwrap();
    both_fail(&t, &trace, &meta.to_string_lossy(), "meta garbage");

    // defs.bin missing and corrupt.
    let trace = copy_trace(&t.small, &t.dir.join("defs-missing"));
    let defs = process_dir(&trace).join("defs.bin");
    std::fs::remove_file(&defs).unwrap();
    both_fail(&t, &trace, &defs.to_string_lossy(), "defs missing");
    let trace = copy_trace(&t.small, &t.dir.join("defs-garbage"));
    let defs = process_dir(&trace).join("defs.bin");
    std::fs::write(&defs, "garbage garbage garbage garbage garbage").unwrap();
    both_fail(&t, &trace, &defs.to_string_lossy(), "defs garbage");
}

#[test]
fn existing_output_needs_force() {
    let t = traces("tools-force", 3000);
    let out = t.dir.join("out.otf2");
    let def = t.dir.join("out.def");
    let folder = t.dir.join("out");
    // An old archive (of the other trace): --force removes only an OTF2 archive.
    convert_raw(&t.chunked, &out, &[]).assert_ok("recorder2otf2 (old archive)");
    let old = |p: &Path| std::fs::read(p).unwrap();
    let (old_out, old_def, old_evt) = (old(&out), old(&def), old(&folder.join("0.evt")));

    let r = convert_raw(&t.small, &out, &[]);
    assert_clean_error(
        &r,
        "recorder2otf2",
        &out.to_string_lossy(),
        "existing output",
    );
    assert!(r.stderr.contains("--force"), "{}", r.stderr);
    assert_eq!(old(&out), old_out);
    assert_eq!(old(&def), old_def);
    assert_eq!(old(&folder.join("0.evt")), old_evt);

    // Only the archive folder exists: still refused.
    let out2 = t.dir.join("only-folder.otf2");
    std::fs::create_dir_all(t.dir.join("only-folder")).unwrap();
    let r = convert_raw(&t.small, &out2, &[]);
    assert_clean_error(
        &r,
        "recorder2otf2",
        &out2.to_string_lossy(),
        "existing folder",
    );

    // --force never removes a folder that is not an archive's: here the trace itself
    // (`recorder2otf2 t t.otf2 --force` would otherwise delete the trace `t`).
    let same = t.dir.join("same");
    let same_trace = copy_trace(&t.small, &same);
    let r = convert_raw(&same_trace, &t.dir.join("same.otf2"), &["--force"]);
    assert_clean_error(
        &r,
        "recorder2otf2",
        &same.to_string_lossy(),
        "trace dir as archive folder",
    );
    assert!(
        process_dir(&same_trace).join("meta.yaml").exists(),
        "the trace was removed"
    );

    // --force replaces all three.
    let r = convert_raw(&t.small, &out, &["--force"]);
    r.assert_ok("recorder2otf2 --force");
    assert_ne!(
        std::fs::read(folder.join("0.evt")).unwrap_or_default(),
        old_evt,
        "the old archive folder was kept"
    );
    let a = check(&out);
    assert_eq!(
        a.ops_on(&format!("{}/work_posix.dat", t.dir.str())).len(),
        6
    );

    // --quiet: no summary line.
    let out3 = t.dir.join("quiet.otf2");
    let r = convert_raw(&t.small, &out3, &["--quiet"]);
    r.assert_ok("recorder2otf2 --quiet");
    assert_eq!(r.stderr, "");
    let r = convert_raw(&t.small, &t.dir.join("loud.otf2"), &[]);
    r.assert_ok("recorder2otf2");
    assert_eq!(r.stderr_lines().len(), 1, "{}", r.stderr);
    assert!(
        r.stderr
            .starts_with("recorder2otf2: 1 processes, 1 locations, 20 calls"),
        "{}",
        r.stderr
    );

    // An output name without .otf2, and an output folder that does not exist.
    let bad = t.dir.join("out.txt");
    let r = convert_raw(&t.small, &bad, &[]);
    assert_clean_error(&r, "recorder2otf2", &bad.to_string_lossy(), "no .otf2");
    assert!(!bad.exists());
    let nodir = t.dir.join("no/such/dir/x.otf2");
    let r = convert_raw(&t.small, &nodir, &[]);
    assert_clean_error(&r, "recorder2otf2", "no/such/dir", "missing output folder");
}
