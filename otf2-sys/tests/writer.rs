//! End-to-end tests of the safe writer: archives are written to a temporary
//! directory and read back with `otf2-print` (when installed) and the Debian
//! `python3-otf2` reader (when importable), asserting on their content.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};

use otf2_sys::{
    ffi, ArchiveWriter, AttributeValue, CommFlags, GroupFlags, GroupType, IoAccessMode,
    IoCreationFlags, IoHandleFlags, IoOperationFlags, IoOperationMode, IoParadigmClass,
    IoParadigmFlags, IoParadigmProperty, IoSeekOption, IoStatusFlags, LocationGroupType,
    LocationType, LockType, Paradigm, RegionFlags, RegionRole, SystemTreeDomain, Type,
    WriterOptions,
};

/// A fresh, unique directory under the system temp dir, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> Self {
        static SEQ: AtomicU32 = AtomicU32::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let dir = std::env::temp_dir().join(format!(
            "otf2-sys-{tag}-{}-{}-{nanos}",
            std::process::id(),
            SEQ.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("create temp dir");
        TempDir(dir)
    }
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs otf2-print with `args`; None when it is not installed.
fn otf2_print(args: &[&str], anchor: &Path) -> Option<(bool, String)> {
    let out = match Command::new("otf2-print").args(args).arg(anchor).output() {
        Ok(o) => o,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("otf2-print not on PATH: skipping the otf2-print checks");
            return None;
        }
        Err(e) => panic!("cannot run otf2-print: {e}"),
    };
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    Some((out.status.success(), text))
}

/// Python interpreter that can `import otf2` (Debian's), if any.
fn python_with_otf2() -> Option<&'static str> {
    for py in ["/usr/bin/python3", "python3"] {
        if let Ok(o) = Command::new(py).args(["-c", "import otf2"]).output() {
            if o.status.success() {
                return Some(py);
            }
        }
    }
    eprintln!("no python3 with the otf2 module: skipping the python reader checks");
    None
}

// String ids of the sample archive.
const S_EMPTY: u32 = 0;
const S_MACHINE: u32 = 1;
const S_HOST: u32 = 2;
const S_RANK0: u32 = 3;
const S_THREAD0: u32 = 4;
const S_THREAD1: u32 = 5;
const S_WRITE: u32 = 6;
const S_OPEN: u32 = 7;
const S_POSIX: u32 = 8;
const S_OFFSET: u32 = 9;
const S_ERRNO: u32 = 10;
const S_FILE: u32 = 11;
const S_VERSION: u32 = 12;
const S_FS: u32 = 13;
const S_EXT4: u32 = 14;
const S_PATH: u32 = 15;
const S_STDOUT: u32 = 16;
const S_NODE: u32 = 17;
const S_GROUP: u32 = 18;
const S_COMM: u32 = 19;
const S_NUL: u32 = 20;
const STRINGS: &[&str] = &[
    "",
    "machine",
    "host0",
    "rank 0",
    "thread 0",
    "thread 1",
    "write",
    "open",
    "POSIX",
    "Offset",
    "errno",
    "/data/out.bin",
    "2.0",
    "File system",
    "ext4",
    "path",
    "<STDOUT>",
    "node",
    "all",
    "WORLD",
    "nul\0inside",
];

const R_WRITE: u32 = 0;
const R_OPEN: u32 = 1;
const A_OFFSET: u32 = 0;
const A_ERRNO: u32 = 1;
const A_PATH: u32 = 2;
const P_POSIX: u8 = 0;
const F_DATA: u32 = 0;
const H_DATA: u32 = 0;
const H_STDOUT: u32 = 1;
const H_DUP: u32 = 2;

/// Writes a small but complete archive: two locations written interleaved,
/// every I/O event type, extra attributes. Returns the event counts.
fn write_sample(anchor: &Path) -> Vec<u64> {
    let mut archive = ArchiveWriter::create(anchor, "otf2-sys tests", "sample").expect("create");
    archive.open_event_files().expect("open evt files");
    let mut w0 = archive.event_writer(0).expect("writer 0");
    let mut w1 = archive.event_writer(1).expect("writer 1");

    // Location 0: open, blocking write with Offset, failed write with errno.
    w0.enter(10, R_OPEN).unwrap();
    w0.add_attr_string(A_PATH, S_FILE).unwrap();
    w0.io_create_handle(
        11,
        H_DATA,
        IoAccessMode::ReadWrite,
        IoCreationFlags::CREATE | IoCreationFlags::TRUNCATE,
        IoStatusFlags::APPEND,
    )
    .unwrap();
    w0.leave(12, R_OPEN).unwrap();

    // Location 1 interleaved: writes on the pre-created stdout handle.
    w1.enter(13, R_WRITE).unwrap();
    w1.io_operation_begin(
        14,
        H_STDOUT,
        IoOperationMode::Write,
        IoOperationFlags::NONE,
        17,
        0,
        None,
    )
    .unwrap();
    w1.io_operation_complete(15, H_STDOUT, 17, 0).unwrap();
    w1.leave(16, R_WRITE).unwrap();

    w0.enter(20, R_WRITE).unwrap();
    w0.io_operation_begin(
        21,
        H_DATA,
        IoOperationMode::Write,
        IoOperationFlags::NONE,
        4096,
        7,
        Some((A_OFFSET, 8192)),
    )
    .unwrap();
    w0.io_operation_complete(22, H_DATA, 4000, 7).unwrap();
    w0.leave(23, R_WRITE).unwrap();

    w0.enter(30, R_WRITE).unwrap();
    w0.io_operation_begin(
        31,
        H_DATA,
        IoOperationMode::Read,
        IoOperationFlags::NONE,
        100,
        8,
        Some((A_OFFSET, 12192)),
    )
    .unwrap();
    w0.add_attr_u32(A_ERRNO, 5).unwrap();
    w0.io_operation_complete(32, H_DATA, u64::MAX, 8).unwrap();
    w0.leave(33, R_WRITE).unwrap();

    // Non-blocking operation: begin/issued/test/complete and a cancelled one.
    w0.io_operation_begin(
        40,
        H_DATA,
        IoOperationMode::Write,
        IoOperationFlags::NON_BLOCKING,
        64,
        9,
        None,
    )
    .unwrap();
    w0.io_operation_issued(41, H_DATA, 9).unwrap();
    w0.io_operation_test(42, H_DATA, 9).unwrap();
    w0.io_operation_complete(43, H_DATA, 64, 9).unwrap();
    w0.io_operation_begin(
        44,
        H_DATA,
        IoOperationMode::Read,
        IoOperationFlags::NON_BLOCKING,
        64,
        10,
        None,
    )
    .unwrap();
    w0.io_operation_issued(45, H_DATA, 10).unwrap();
    w0.io_operation_cancelled(46, H_DATA, 10).unwrap();

    // Metadata and locks.
    w0.io_seek(50, H_DATA, -16, IoSeekOption::FromEnd, 12176)
        .unwrap();
    w0.io_change_status_flags(
        51,
        H_DATA,
        IoStatusFlags::APPEND | IoStatusFlags::NON_BLOCKING,
    )
    .unwrap();
    w0.io_try_lock(52, H_DATA, LockType::Exclusive).unwrap();
    w0.io_acquire_lock(53, H_DATA, LockType::Exclusive).unwrap();
    w0.io_release_lock(54, H_DATA, LockType::Exclusive).unwrap();
    w0.io_operation_begin(
        55,
        H_DATA,
        IoOperationMode::Flush,
        IoOperationFlags::NONE,
        0,
        11,
        None,
    )
    .unwrap();
    w0.io_operation_complete(56, H_DATA, 0, 11).unwrap();
    w0.io_duplicate_handle(57, H_DATA, H_DUP, IoStatusFlags::NONE)
        .unwrap();
    w0.io_destroy_handle(58, H_DUP).unwrap();
    w0.io_destroy_handle(59, H_DATA).unwrap();
    w0.add_attr(A_ERRNO, AttributeValue::Uint32(0)).unwrap();
    w0.io_delete_file(60, P_POSIX, F_DATA).unwrap();

    let n1 = archive.close_event_writer(w1).expect("close 1");
    let n0 = w0.close().expect("close 0");
    archive.close_event_files().expect("close evt files");
    archive.write_local_defs(&[0, 1]).expect("local defs");

    let mut d = archive.global_defs().expect("global defs");
    d.clock_properties(1_000_000_000, 0, 61, 1_700_000_000_000_000_000)
        .unwrap();
    for (id, s) in STRINGS.iter().enumerate() {
        d.string(id as u32, s).unwrap();
    }
    d.io_paradigm(
        P_POSIX,
        S_POSIX,
        S_POSIX,
        IoParadigmClass::Serial,
        IoParadigmFlags::OS,
        &[(
            IoParadigmProperty::Version,
            AttributeValue::String(S_VERSION),
        )],
    )
    .unwrap();
    d.system_tree_node(0, S_MACHINE, S_MACHINE, None).unwrap();
    d.system_tree_node(1, S_HOST, S_NODE, Some(0)).unwrap();
    d.system_tree_node_domain(0, SystemTreeDomain::Machine)
        .unwrap();
    d.system_tree_node_domain(1, SystemTreeDomain::SharedMemory)
        .unwrap();
    d.location_group(0, S_RANK0, LocationGroupType::Process, 1, None)
        .unwrap();
    d.location(0, S_THREAD0, LocationType::CpuThread, n0, 0)
        .unwrap();
    d.location(1, S_THREAD1, LocationType::CpuThread, n1, 0)
        .unwrap();
    d.region(
        R_WRITE,
        S_WRITE,
        S_WRITE,
        S_EMPTY,
        RegionRole::FileIo,
        Paradigm::None,
        RegionFlags::NONE,
        S_POSIX,
        0,
        0,
    )
    .unwrap();
    d.region(
        R_OPEN,
        S_OPEN,
        S_OPEN,
        S_EMPTY,
        RegionRole::FileIoMetadata,
        Paradigm::None,
        RegionFlags::NONE,
        S_POSIX,
        0,
        0,
    )
    .unwrap();
    d.group(
        0,
        S_GROUP,
        GroupType::CommLocations,
        Paradigm::Mpi,
        GroupFlags::NONE,
        &[0],
    )
    .unwrap();
    d.group(
        1,
        S_GROUP,
        GroupType::CommGroup,
        Paradigm::Mpi,
        GroupFlags::NONE,
        &[0],
    )
    .unwrap();
    d.comm(0, S_COMM, 1, None, CommFlags::NONE).unwrap();
    d.attribute(A_OFFSET, S_OFFSET, S_EMPTY, Type::Uint64)
        .unwrap();
    d.attribute(A_ERRNO, S_ERRNO, S_EMPTY, Type::Uint32)
        .unwrap();
    d.attribute(A_PATH, S_PATH, S_NUL, Type::String).unwrap();
    d.io_regular_file(F_DATA, S_FILE, 0).unwrap();
    d.io_file_property(F_DATA, S_FS, AttributeValue::String(S_EXT4))
        .unwrap();
    d.io_handle(
        H_DATA,
        S_FILE,
        Some(F_DATA),
        P_POSIX,
        IoHandleFlags::NONE,
        None,
        None,
    )
    .unwrap();
    d.io_handle(
        H_STDOUT,
        S_STDOUT,
        None,
        P_POSIX,
        IoHandleFlags::PRE_CREATED,
        None,
        None,
    )
    .unwrap();
    d.io_handle(
        H_DUP,
        S_FILE,
        Some(F_DATA),
        P_POSIX,
        IoHandleFlags::NONE,
        None,
        None,
    )
    .unwrap();
    d.io_pre_created_handle_state(H_STDOUT, IoAccessMode::WriteOnly, IoStatusFlags::NONE)
        .unwrap();
    archive.close().expect("close archive");
    vec![n0, n1]
}

#[test]
fn sample_archive_validates_and_has_the_events() {
    let tmp = TempDir::new("sample");
    let anchor = tmp.path().join("out.otf2");
    let counts = write_sample(&anchor);
    assert_eq!(counts, vec![29, 4]);
    assert!(anchor.is_file());
    assert!(tmp.path().join("out.def").is_file());
    assert!(tmp.path().join("out").join("0.evt").is_file());
    assert!(tmp.path().join("out").join("1.def").is_file());

    let Some((ok, text)) = otf2_print(&["--silent", "-Werror"], &anchor) else {
        return;
    };
    assert!(ok, "otf2-print --silent -Werror failed:\n{text}");

    let (ok, text) = otf2_print(&[], &anchor).expect("otf2-print ran before");
    assert!(ok, "otf2-print failed:\n{text}");
    let lines: Vec<&str> = text.lines().collect();
    let begin = lines
        .iter()
        .position(|l| {
            l.starts_with("IO_OPERATION_BEGIN")
                && l.contains("Bytes Request: 4096")
                && l.contains("Matching Id: 7")
        })
        .unwrap_or_else(|| panic!("no IO_OPERATION_BEGIN with 4096 bytes:\n{text}"));
    assert!(lines[begin].contains("Mode: WRITE"), "{}", lines[begin]);
    assert!(
        lines[begin + 1].contains("ADDITIONAL ATTRIBUTES")
            && lines[begin + 1].contains("\"Offset\"")
            && lines[begin + 1].contains("UINT64; 8192"),
        "Offset attribute missing after the begin line:\n{}\n{}",
        lines[begin],
        lines[begin + 1]
    );
    // OTF2 empties the attribute list after each event: Complete has none.
    assert!(
        lines[begin + 2].starts_with("IO_OPERATION_COMPLETE"),
        "{}",
        lines[begin + 2]
    );
    assert!(
        lines[begin + 2].contains("Bytes Result: 4000"),
        "{}",
        lines[begin + 2]
    );
    assert!(
        !lines[begin + 3].contains("ADDITIONAL ATTRIBUTES"),
        "{}",
        lines[begin + 3]
    );

    // errno attribute on the failed read's Complete, string attribute on create.
    assert!(
        text.contains("(\"errno\" <1>; UINT32; 5)"),
        "errno attribute missing:\n{text}"
    );
    assert!(
        text.contains("(\"path\" <2>; STRING; \"/data/out.bin\" <11>)"),
        "string attribute missing:\n{text}"
    );
    for needle in [
        "IO_CREATE_HANDLE",
        "IO_OPERATION_ISSUED",
        "IO_OPERATION_TEST",
        "IO_OPERATION_CANCELLED",
        "IO_SEEK",
        "IO_CHANGE_FLAGS",
        "IO_TRY_LOCK",
        "IO_ACQUIRE_LOCK",
        "IO_RELEASE_LOCK",
        "IO_DUPLICATE_HANDLE",
        "IO_DESTROY_HANDLE",
        "IO_DELETE_FILE",
        "Mode: FLUSH",
        "Creation Flags: {CREATE, TRUNCATE}",
    ] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }

    let (ok, defs) = otf2_print(&["-G"], &anchor).expect("otf2-print ran before");
    assert!(ok, "{defs}");
    assert!(
        defs.contains("nul\u{FFFD}inside"),
        "NUL was not replaced:\n{defs}"
    );
    assert!(defs.contains("POSIX"), "{defs}");
}

#[test]
fn python_reader_resolves_everything() {
    let tmp = TempDir::new("python");
    let anchor = tmp.path().join("trace.otf2");
    write_sample(&anchor);
    let Some(py) = python_with_otf2() else { return };
    let script = r#"
import sys, collections, otf2
c = collections.Counter()
offsets = []
with otf2.reader.open(sys.argv[1]) as tr:
    for loc, ev in tr.events:
        c[type(ev).__name__] += 1
        if type(ev).__name__ == "IoOperationBegin":
            for attr, val in (ev.attributes or {}).items():
                if attr.name == "Offset":
                    offsets.append(val)
    locs = sorted((l.name, l.number_of_events) for l in tr.definitions.locations)
print(sorted(c.items()))
print(offsets)
print(locs)
"#;
    let out = Command::new(py)
        .args(["-c", script])
        .arg(&anchor)
        .output()
        .expect("run python");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "python reader failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("('IoOperationBegin', 6)"), "{stdout}");
    assert!(stdout.contains("('IoOperationComplete', 5)"), "{stdout}");
    assert!(stdout.contains("[8192, 12192]"), "{stdout}");
    assert!(
        stdout.contains("[('thread 0', 29), ('thread 1', 4)]"),
        "{stdout}"
    );
}

#[test]
fn create_refuses_existing_archive_parts() {
    let tmp = TempDir::new("exists");
    let anchor = tmp.path().join("x.otf2");
    write_sample(&anchor);
    let err = ArchiveWriter::create(&anchor, "t", "t").expect_err("anchor exists");
    assert_eq!(err.code, ffi::OTF2_ERROR_EEXIST);
    assert!(err.to_string().starts_with("OTF2 Archive_Open: "), "{err}");
    assert!(err.to_string().contains("x.otf2"), "{err}");

    // Each of the three parts alone blocks creation too.
    std::fs::write(tmp.path().join("y.def"), b"").unwrap();
    let err = ArchiveWriter::create(&tmp.path().join("y.otf2"), "t", "t").expect_err("def exists");
    assert_eq!(err.code, ffi::OTF2_ERROR_EEXIST);
    std::fs::create_dir(tmp.path().join("z")).unwrap();
    let err = ArchiveWriter::create(&tmp.path().join("z.otf2"), "t", "t").expect_err("dir exists");
    assert_eq!(err.code, ffi::OTF2_ERROR_EEXIST);
    assert!(!tmp.path().join("z.otf2").exists());
}

#[test]
fn errors_are_results_not_panics() {
    let tmp = TempDir::new("errors");
    let anchor = tmp.path().join("e.otf2");
    let mut archive = ArchiveWriter::create(&anchor, "t", "t").unwrap();
    archive.open_event_files().unwrap();
    let mut w = archive.event_writer(0).unwrap();
    let dup = archive
        .event_writer(0)
        .expect_err("second writer of a location");
    assert_eq!(dup.code, ffi::OTF2_ERROR_INVALID_CALL);

    w.enter(100, 0).unwrap();
    // A timestamp going backwards is rejected by OTF2.
    w.add_attr_u64(0, 1).unwrap();
    let err = w.leave(50, 0).expect_err("decreasing timestamp");
    assert_eq!(err.code, ffi::OTF2_ERROR_INVALID_ARGUMENT);
    assert!(
        err.to_string().starts_with("OTF2 EvtWriter_Leave: "),
        "{err}"
    );
    eprintln!("decreasing timestamp error: {err}");
    // The failed event's attributes were dropped; the writer still works.
    w.leave(100, 0).unwrap();
    assert_eq!(w.close().unwrap(), 2);
    // Reopening a closed location would truncate its events: refused.
    let again = archive
        .event_writer(0)
        .expect_err("reopen of a closed location");
    assert_eq!(again.code, ffi::OTF2_ERROR_INVALID_CALL);
    assert!(again.to_string().contains("already closed"), "{again}");

    // Adding the same attribute twice to one event is an OTF2 error.
    let mut w = archive.event_writer(1).unwrap();
    w.add_attr_u64(0, 1).unwrap();
    assert!(w.add_attr_u64(0, 2).is_err());
    drop(w); // closes without error reporting
}

#[test]
fn interleaved_writers_and_bounded_memory() {
    let tmp = TempDir::new("mem");
    let anchor = tmp.path().join("m.otf2");
    let opts = WriterOptions {
        max_chunks_per_writer: Some(1),
        ..WriterOptions::default()
    };
    let mut archive = ArchiveWriter::create_with(&anchor, "t", "t", &opts).unwrap();
    archive.open_event_files().unwrap();
    let locations = 3u64;
    let calls_per_location = 40_000u64; // ~3 MB per location: several forced flushes
    let mut writers: Vec<_> = (0..locations)
        .map(|l| archive.event_writer(l).unwrap())
        .collect();
    for i in 0..calls_per_location {
        for w in writers.iter_mut() {
            let t = i * 4;
            w.enter(t, 0).unwrap();
            w.io_operation_begin(
                t + 1,
                0,
                IoOperationMode::Read,
                IoOperationFlags::NONE,
                1 << 20,
                i,
                Some((0, i << 20)),
            )
            .unwrap();
            w.io_operation_complete(t + 2, 0, 1 << 20, i).unwrap();
            w.leave(t + 3, 0).unwrap();
        }
    }
    let stats = archive.memory_stats();
    let counts: Vec<u64> = writers.into_iter().map(|w| w.close().unwrap()).collect();
    assert_eq!(counts, vec![4 * calls_per_location; locations as usize]);
    // One chunk per event writer; the global/local definition writers come later.
    assert_eq!(
        stats.peak_bytes,
        locations * opts.event_chunk_size,
        "{stats:?}"
    );
    assert!(stats.forced_flushes >= locations * 2, "{stats:?}");
    archive.close_event_files().unwrap();
    archive.write_local_defs(&[0, 1, 2]).unwrap();
    {
        let mut d = archive.global_defs().unwrap();
        d.clock_properties(1_000_000_000, 0, calls_per_location * 4, u64::MAX)
            .unwrap();
        for (id, s) in [
            "", "m", "p", "t0", "t1", "t2", "read", "h", "f", "POSIX", "Offset",
        ]
        .iter()
        .enumerate()
        {
            d.string(id as u32, s).unwrap();
        }
        d.io_paradigm(0, 9, 9, IoParadigmClass::Serial, IoParadigmFlags::OS, &[])
            .unwrap();
        d.system_tree_node(0, 1, 1, None).unwrap();
        d.location_group(0, 2, LocationGroupType::Process, 0, None)
            .unwrap();
        for l in 0..locations {
            d.location(
                l,
                3 + l as u32,
                LocationType::CpuThread,
                counts[l as usize],
                0,
            )
            .unwrap();
        }
        d.region(
            0,
            6,
            6,
            0,
            RegionRole::FileIo,
            Paradigm::None,
            RegionFlags::NONE,
            0,
            0,
            0,
        )
        .unwrap();
        d.attribute(0, 10, 0, Type::Uint64).unwrap();
        d.io_regular_file(0, 8, 0).unwrap();
        d.io_handle(0, 7, Some(0), 0, IoHandleFlags::PRE_CREATED, None, None)
            .unwrap();
        d.io_pre_created_handle_state(0, IoAccessMode::ReadOnly, IoStatusFlags::NONE)
            .unwrap();
    }
    archive.close().unwrap();

    if let Some((ok, text)) = otf2_print(&["--silent", "-Werror"], &anchor) {
        assert!(ok, "{text}");
    }
    if let Some(py) = python_with_otf2() {
        let script = "import sys, otf2\nn = 0\nlast = {}\nwith otf2.reader.open(sys.argv[1]) as tr:\n    for loc, ev in tr.events:\n        n += 1\n        if type(ev).__name__ == 'IoOperationBegin':\n            last[loc.name] = ev.attributes[tr.definitions.attributes[0]]\nprint(n, sorted(last.values()))\n";
        let out = Command::new(py)
            .args(["-c", script])
            .arg(&anchor)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let expect_last = (calls_per_location - 1) << 20;
        assert_eq!(
            stdout.trim(),
            format!(
                "{} [{expect_last}, {expect_last}, {expect_last}]",
                4 * calls_per_location * locations
            )
        );
    }
}

#[test]
fn drop_without_close_still_writes_an_anchor() {
    let tmp = TempDir::new("drop");
    let anchor = tmp.path().join("d.otf2");
    {
        let mut archive = ArchiveWriter::create(&anchor, "t", "t").unwrap();
        let mut d = archive.global_defs().unwrap();
        d.string(0, "x").unwrap();
    }
    assert!(anchor.is_file());
}

#[test]
fn definitions_larger_than_a_chunk_are_flushed_correctly() {
    // ~6 MB of strings with a 4 MiB definition chunk and one chunk per writer:
    // the global definition writer must be flushed early and stay readable.
    // (Few but long strings: otf2-print is slow on very many definitions.)
    let tmp = TempDir::new("bigdefs");
    let anchor = tmp.path().join("b.otf2");
    let opts = WriterOptions {
        max_chunks_per_writer: Some(1),
        ..WriterOptions::default()
    };
    let mut archive = ArchiveWriter::create_with(&anchor, "t", "t", &opts).unwrap();
    archive.open_event_files().unwrap();
    let mut w = archive.event_writer(0).unwrap();
    w.enter(0, 0).unwrap();
    w.leave(1, 0).unwrap();
    let n = w.close().unwrap();
    archive.close_event_files().unwrap();
    archive.write_local_defs(&[0]).unwrap();
    const FILES: u32 = 20_000;
    let long_dir = "/lustre/project/".to_string() + &"deep/".repeat(55);
    {
        let mut d = archive.global_defs().unwrap();
        d.clock_properties(1_000_000_000, 0, 2, u64::MAX).unwrap();
        for (id, s) in ["", "m", "p", "t", "f"].iter().enumerate() {
            d.string(id as u32, s).unwrap();
        }
        for i in 0..FILES {
            d.string(5 + i, &format!("{long_dir}file-{i:08}.dat"))
                .unwrap();
        }
        d.system_tree_node(0, 1, 1, None).unwrap();
        d.location_group(0, 2, LocationGroupType::Process, 0, None)
            .unwrap();
        d.location(0, 3, LocationType::CpuThread, n, 0).unwrap();
        d.region(
            0,
            4,
            4,
            0,
            RegionRole::Function,
            Paradigm::User,
            RegionFlags::NONE,
            0,
            0,
            0,
        )
        .unwrap();
        for i in 0..FILES {
            d.io_regular_file(i, 5 + i, 0).unwrap();
        }
        assert_eq!(d.number_of_definitions().unwrap(), 5 + 2 * FILES as u64 + 5);
    }
    let stats = archive.memory_stats();
    archive.close().unwrap();
    assert!(stats.forced_flushes > 0, "{stats:?}");
    let def_size = std::fs::metadata(tmp.path().join("b.def")).unwrap().len();
    assert!(def_size > 5_000_000, "{def_size}");

    let Some((ok, text)) = otf2_print(&["--silent", "-Werror"], &anchor) else {
        return;
    };
    assert!(ok, "{text}");
    let (ok, defs) = otf2_print(&["-G"], &anchor).unwrap();
    assert!(ok);
    let files = defs
        .lines()
        .filter(|l| l.starts_with("IO_REGULAR_FILE"))
        .count();
    assert_eq!(files, FILES as usize);
    assert!(defs.contains("file-00019999.dat"), "last file name missing");
}

/// Two threads write a location each, with ids of their own (local ids): location 0 names
/// region "write" 0 and string "a" 0, location 1 names "write" 1 and "b" 1 ... Mapping tables
/// in the local definitions turn them into the global ids, which readers show.
#[test]
fn threads_write_local_ids_and_mapping_tables_resolve_them() {
    use otf2_sys::{IdMap, MappingType};
    let tmp = TempDir::new("mapped");
    let anchor = tmp.path().join("m.otf2");
    let mut archive = ArchiveWriter::create(&anchor, "t", "t").unwrap();
    archive.open_event_files().unwrap();
    // Global strings: "", "m", "p", "t0", "t1", "write", "open", "a", "b", "tag".
    // Location l's local ids: strings [7 + l] (its tag value) as 0; regions: l = 0 writes
    // region 0 ("write") as 0, l = 1 writes "open" (global 1) as 0 and "write" (0) as 1.
    let events = 20_000u64;
    let counts: Vec<u64> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2u64)
            .map(|l| {
                let archive = &archive;
                s.spawn(move || {
                    let mut w = archive.event_writer(l).unwrap();
                    for i in 0..events {
                        w.add_attr_string(0, 0).unwrap();
                        w.enter(4 * i, (i % 2) as u32).unwrap();
                        w.leave(4 * i + 1, (i % 2) as u32).unwrap();
                    }
                    w.close().unwrap()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(counts, vec![2 * events; 2]);
    archive.close_event_files().unwrap();
    {
        let strings0 = IdMap::from_dense(&[7]).unwrap().unwrap();
        let strings1 = IdMap::from_dense(&[8]).unwrap().unwrap();
        assert!(IdMap::from_dense(&[0, 1]).unwrap().is_none(), "identity");
        let regions1 = IdMap::from_dense(&[1, 0]).unwrap().unwrap();
        let mut files = archive.local_defs().unwrap();
        files
            .location(0, &[(MappingType::String, &strings0)])
            .unwrap();
        files
            .location(
                1,
                &[
                    (MappingType::String, &strings1),
                    (MappingType::Region, &regions1),
                ],
            )
            .unwrap();
        files.close().unwrap();
    }
    {
        let mut d = archive.global_defs().unwrap();
        d.clock_properties(1_000_000_000, 0, 4 * events, u64::MAX)
            .unwrap();
        for (id, s) in ["", "m", "p", "t0", "t1", "write", "open", "a", "b", "tag"]
            .iter()
            .enumerate()
        {
            d.string(id as u32, s).unwrap();
        }
        d.system_tree_node(0, 1, 1, None).unwrap();
        d.location_group(0, 2, LocationGroupType::Process, 0, None)
            .unwrap();
        for l in 0..2u64 {
            d.location(
                l,
                3 + l as u32,
                LocationType::CpuThread,
                counts[l as usize],
                0,
            )
            .unwrap();
        }
        for (r, name) in [(0u32, 5u32), (1, 6)] {
            d.region(
                r,
                name,
                name,
                0,
                RegionRole::Function,
                Paradigm::None,
                RegionFlags::NONE,
                0,
                0,
                0,
            )
            .unwrap();
        }
        d.attribute(0, 9, 0, Type::String).unwrap();
    }
    archive.close().unwrap();

    let Some((ok, text)) = otf2_print(&["-A"], &anchor) else {
        return;
    };
    assert!(ok, "{text}");
    let enters = |loc: &str, region: &str| {
        text.lines()
            .filter(|l| l.starts_with("ENTER") && l.split_whitespace().nth(1) == Some(loc))
            .filter(|l| l.contains(&format!("\"{region}\"")))
            .count() as u64
    };
    // Location 0: local region 0 is "write" (identity); location 1: local 0 is "open".
    assert_eq!(
        enters("0", "write"),
        events / 2,
        "{}",
        &text[..2000.min(text.len())]
    );
    assert_eq!(enters("0", "open"), events / 2);
    assert_eq!(enters("1", "open"), events / 2);
    assert_eq!(enters("1", "write"), events / 2);
    let tagged = |value: &str| text.matches(&format!("\"{value}\" <")).count() as u64;
    assert_eq!(
        tagged("a"),
        events,
        "attribute values of location 0 are string 7"
    );
    assert_eq!(
        tagged("b"),
        events,
        "attribute values of location 1 are string 8"
    );
}
