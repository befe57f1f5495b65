//! Every function of the recorder's table is traced by some test program, the programs see
//! the same results with and without the recorder, and the per-function event mapping of
//! the POSIX and ISO C programs is right in detail (offsets, handles, locks, deletions).

use e2e_tests::*;
use std::collections::BTreeSet;

/// Functions of the table no test program calls, with the reason. Keep this list tiny.
const NOT_COVERED: &[(&str, &str)] = &[];

/// The programs that together call every function: (name, extra gcc flags).
const PROGRAMS: &[(&str, &[&str])] = &[
    ("posix_all", &[]),
    ("stdio_all", &[]),
    ("xstat_compat", &[]),
    ("fortify", &["-O2", "-D_FORTIFY_SOURCE=2"]),
    ("copies", &[]),
    ("aio", &[]),
    ("posix_more", &[]),
    ("stdio_more", &[]),
    ("uring", &["-luring"]),
    ("fortify_more", &["-O2", "-D_FORTIFY_SOURCE=2"]),
];

#[test]
fn every_function_is_traced_and_programs_see_the_same_results() {
    let dir = TestDir::new("coverage");
    let trace = dir.join("trace");
    for (name, flags) in PROGRAMS {
        let prog = compile(&dir, name, flags);
        let plain_dir = dir.subdir(&format!("u-{name}"));
        let traced_dir = dir.subdir(&format!("t-{name}"));
        let plain = run_untraced(&prog, &plain_dir, &[]);
        plain.assert_ok(&format!("untraced {name}"));
        let mut c = traced(&prog, &traced_dir, &trace);
        c.arg(&traced_dir);
        let t = run(&mut c);
        t.assert_ok(&format!("traced {name}"));
        assert_eq!(
            plain.stdout, t.stdout,
            "{name} printed different results with the recorder"
        );
        assert_eq!(t.stderr, plain.stderr, "{name}: stderr differs when traced");
    }

    // The union of the metadata's call counts covers the whole table.
    let procs = processes(&trace);
    assert_eq!(
        procs.len(),
        PROGRAMS.len(),
        "one process folder per program"
    );
    let mut seen = BTreeSet::new();
    for p in &procs {
        assert_eq!(p.meta.ending, Ending::Exit, "{}: ending", p.name);
        for (f, n) in &p.meta.function_counts {
            assert!(*n > 0);
            seen.insert(f.clone());
        }
    }
    let exempt: BTreeSet<&str> = NOT_COVERED.iter().map(|x| x.0).collect();
    // The MPI layers are covered by tests/tests/mpi.rs, HDF5 by tests/tests/hdf5.rs.
    let missing: Vec<&str> = io_events::FUNCTIONS
        .iter()
        .filter(|f| {
            matches!(
                f.layer,
                io_events::functions::Layer::Posix | io_events::functions::Layer::Isoc
            )
        })
        .map(|f| f.name)
        .filter(|n| !seen.contains(*n) && !exempt.contains(n))
        .collect();
    assert!(
        missing.is_empty(),
        "functions of the table never recorded by the test programs: {missing:?}"
    );

    // The archive of all processes checks clean and has a region for every function (events
    // have none).
    let a = convert_and_check(&trace, &dir.join("all.otf2"));
    let regions: BTreeSet<&str> = a.regions.iter().map(|r| r.name.as_str()).collect();
    let no_region: Vec<&str> = io_events::FUNCTIONS
        .iter()
        .filter(|f| {
            matches!(
                f.layer,
                io_events::functions::Layer::Posix | io_events::functions::Layer::Isoc
            ) && f.role != io_events::functions::Role::Event
        })
        .map(|f| f.name)
        .filter(|n| !regions.contains(n) && !exempt.contains(n))
        .collect();
    assert!(
        no_region.is_empty(),
        "functions without a region: {no_region:?}"
    );
    assert_eq!(a.location_groups.len(), PROGRAMS.len());

    // Depth: with POSIX and stdio only, no traced call is made inside another one.
    let nested: Vec<String> = a
        .calls()
        .iter()
        .filter(|c| c.depth != 0)
        .map(|c| c.region.clone())
        .collect();
    assert!(nested.is_empty(), "nested calls: {nested:?}");
    for l in a.locations.iter() {
        for e in l.events.iter().filter(|e| e.ty == "Enter") {
            assert_eq!(e.enclosing_region, None, "nested Enter {e:?}");
        }
    }
}

/// posix_all.c, traced: its data operations on a.dat, in order.
#[test]
fn posix_operations_offsets_and_handles() {
    let dir = TestDir::new("posix-all");
    let trace = dir.join("trace");
    let work = dir.subdir("work");
    let prog = compile(&dir, "posix_all", &[]);
    let mut c = traced(&prog, &work, &trace);
    c.arg(&work);
    run(&mut c).assert_ok("posix_all");
    let a = convert_and_check(&trace, &dir.join("posix.otf2"));
    let w = work.to_string_lossy().into_owned();
    let file_a = format!("{w}/a.dat");

    let data: Vec<Op> = a
        .ops_on(&file_a)
        .into_iter()
        .filter(|o| o.mode != "FLUSH")
        .collect();
    let expected = vec![
        op("write", "WRITE", 100, 100, Some(0)), // the first open
        op("read", "READ", 10, 10, Some(0)),     // open(O_RDWR) again: position 0
        op("write", "WRITE", 10, 10, Some(10)),
        op("pread", "READ", 10, 10, Some(0)),
        op("pwrite", "WRITE", 10, 10, Some(20)),
        op("pread64", "READ", 11, 11, Some(1)),
        op("pwrite64", "WRITE", 11, 11, Some(21)),
        op("readv", "READ", 12, 12, Some(20)),
        op("writev", "WRITE", 12, 12, Some(32)),
        op("preadv", "READ", 12, 12, Some(0)),
        op("pwritev", "WRITE", 12, 12, Some(30)),
        op("preadv64", "READ", 12, 12, Some(1)),
        op("pwritev64", "WRITE", 12, 12, Some(31)),
        op("preadv2", "READ", 12, 12, Some(0)),
        op("pwritev2", "WRITE", 12, 12, Some(44)), // offset -1: the file position
        op("preadv64v2", "READ", 12, 12, Some(56)),
        op("pwritev64v2", "WRITE", 12, 12, Some(40)),
        // after lseek64(0, SEEK_END) = 100: the dup'ed descriptors share the position
        op("write", "WRITE", 3, 3, Some(100)),
        op("write", "WRITE", 4, 4, Some(103)),
        // O_APPEND (fcntl F_SETFL): the offset is not known from the trace
        op("write", "WRITE", 5, 5, None),
    ];
    assert_eq!(op_tuples(&data), expected, "data operations on a.dat");

    // Flushes: fsync, fdatasync, syncfs on a.dat; sync() on the all-POSIX proxy handle.
    let flushes: Vec<String> = a
        .ops()
        .iter()
        .filter(|o| o.mode == "FLUSH")
        .map(|o| o.region.clone())
        .collect();
    assert_eq!(flushes, ["fsync", "fdatasync", "sync", "syncfs"]);
    let sync = a.ops().into_iter().find(|o| o.region == "sync").unwrap();
    let proxy = a.handle(sync.handle_id);
    assert!(proxy.has_flag("ALL_PROXY"), "sync's handle: {proxy:?}");
    assert_eq!(proxy.paradigm.as_deref(), Some("POSIX"));
    assert_eq!(proxy.file, None);

    // Seeks.
    let seeks: Vec<(String, i64, String, u64)> = a
        .events_of("IoSeek")
        .iter()
        .map(|e| {
            (
                e.enclosing_region.clone().unwrap(),
                e.offset_request.unwrap(),
                e.whence.clone().unwrap(),
                e.offset_result.unwrap(),
            )
        })
        .collect();
    assert_eq!(
        seeks,
        [
            ("lseek".to_string(), 0, "FROM_START".to_string(), 0),
            ("lseek64".to_string(), 0, "FROM_END".to_string(), 100)
        ]
    );

    // Duplicates: dup, dup2, dup3(O_CLOEXEC), F_DUPFD, F_DUPFD_CLOEXEC, all of a.dat.
    let dups: Vec<(String, Vec<String>)> = a
        .events_of("IoDuplicateHandle")
        .iter()
        .map(|e| {
            assert_eq!(e.file.as_deref(), Some(file_a.as_str()));
            assert_ne!(e.handle_id, e.new_handle_id);
            (e.enclosing_region.clone().unwrap(), flags(&e.status_flags))
        })
        .collect();
    let cloexec = vec!["CLOSE_ON_EXEC".to_string()];
    assert_eq!(
        dups,
        [
            ("dup".to_string(), vec![]),
            ("dup2".to_string(), vec![]),
            ("dup3".to_string(), cloexec.clone()),
            ("fcntl".to_string(), vec![]),
            ("fcntl".to_string(), cloexec.clone()),
        ]
    );

    // F_SETFL O_APPEND and back.
    let st: Vec<Vec<String>> = a
        .events_of("IoChangeStatusFlags")
        .iter()
        .map(|e| flags(&e.status_flags))
        .collect();
    assert_eq!(st, [vec!["APPEND".to_string()], vec![]]);

    // Locks: fcntl F_SETLK W/UN, F_SETLKW R/UN, flock EX/UN, SH|NB/UN, lockf LOCK/ULOCK,
    // lockf64 TLOCK/ULOCK.
    let locks: Vec<(String, String, String)> = a
        .events()
        .filter(|e| e.ty.ends_with("Lock"))
        .map(|e| {
            (
                e.enclosing_region.clone().unwrap(),
                e.ty.clone(),
                e.lock_type.clone().unwrap(),
            )
        })
        .collect();
    let l = |r: &str, t: &str, k: &str| (r.to_string(), t.to_string(), k.to_string());
    assert_eq!(
        locks,
        [
            l("fcntl", "IoTryLock", "EXCLUSIVE"),
            l("fcntl", "IoReleaseLock", "EXCLUSIVE"),
            l("fcntl", "IoAcquireLock", "SHARED"),
            l("fcntl", "IoReleaseLock", "SHARED"),
            l("flock", "IoAcquireLock", "EXCLUSIVE"),
            l("flock", "IoReleaseLock", "EXCLUSIVE"),
            l("flock", "IoTryLock", "SHARED"),
            l("flock", "IoReleaseLock", "SHARED"),
            l("lockf", "IoAcquireLock", "EXCLUSIVE"),
            l("lockf", "IoReleaseLock", "EXCLUSIVE"),
            l("lockf64", "IoTryLock", "EXCLUSIVE"),
            l("lockf64", "IoReleaseLock", "EXCLUSIVE"),
        ]
    );

    // Deletions: the eight mkstemp files, then hard4.dat, sym.dat (the link, not its
    // target), sub and sub2 (directories).
    let deleted: Vec<(String, String)> = a
        .events_of("IoDeleteFile")
        .iter()
        .map(|e| {
            (
                e.enclosing_region.clone().unwrap(),
                e.file.clone().unwrap().replace(&w, "W"),
            )
        })
        .collect();
    assert_eq!(deleted.len(), 12, "{deleted:?}");
    for (r, f) in &deleted[..8] {
        assert_eq!(r, "unlink");
        assert!(f.starts_with("W/tmp"), "{f}");
    }
    let d = |r: &str, f: &str| (r.to_string(), f.to_string());
    assert_eq!(
        deleted[8..],
        [
            d("unlink", "W/hard4.dat"),
            d("unlinkat", "W/sym.dat"),
            d("rmdir", "W/sub"),
            d("unlinkat", "W/sub2")
        ]
    );
    for name in ["sub", "sub2"] {
        let f = a.file(&format!("{w}/{name}")).unwrap();
        assert_eq!(f.ty, "directory", "{name}");
    }
    assert_eq!(a.file(&file_a).unwrap().ty, "file");

    // Handles created by the open family, with their access modes and creation flags.
    let creates: Vec<(String, String, String, Vec<String>)> = a
        .events_of("IoCreateHandle")
        .iter()
        .map(|e| {
            (
                e.enclosing_region.clone().unwrap(),
                e.file.clone().unwrap().replace(&w, "W"),
                e.mode.clone().unwrap(),
                flags(&e.creation_flags),
            )
        })
        .filter(|c| !c.1.starts_with("W/tmp"))
        .collect();
    let cr = |r: &str, f: &str, m: &str, fl: &[&str]| {
        (
            r.to_string(),
            f.to_string(),
            m.to_string(),
            fl.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        )
    };
    assert_eq!(
        creates,
        [
            cr("open", "W/a.dat", "READ_WRITE", &["CREATE", "TRUNCATE"]),
            cr("open64", "W/a.dat", "READ_WRITE", &[]),
            cr("__open_2", "W/a.dat", "READ_ONLY", &[]),
            cr("__open64_2", "W/a.dat", "READ_ONLY", &[]),
            cr("open", "W", "READ_ONLY", &["DIRECTORY"]),
            cr("openat", "W/a.dat", "READ_WRITE", &[]),
            cr("openat64", "W/a.dat", "READ_WRITE", &[]),
            cr("creat", "W/b.dat", "WRITE_ONLY", &["CREATE", "TRUNCATE"]),
            cr("creat64", "W/b.dat", "WRITE_ONLY", &["CREATE", "TRUNCATE"]),
            cr("open", "W/a.dat", "READ_WRITE", &[]),
            cr("opendir", "W", "READ_ONLY", &["DIRECTORY"]),
            cr("open", "W", "READ_ONLY", &["DIRECTORY"]),
            cr("fdopendir", "W", "READ_ONLY", &["DIRECTORY"]),
        ]
    );
    let mk: Vec<(String, Vec<String>, Vec<String>)> = a
        .events_of("IoCreateHandle")
        .iter()
        .filter(|e| e.enclosing_region.as_deref().unwrap().starts_with("mk"))
        .map(|e| {
            (
                e.enclosing_region.clone().unwrap(),
                flags(&e.creation_flags),
                flags(&e.status_flags),
            )
        })
        .collect();
    assert_eq!(mk.len(), 8);
    for (r, c, s) in &mk {
        assert_eq!(c, &["CREATE", "EXCLUSIVE"], "{r}");
        assert_eq!(
            s.contains(&"CLOSE_ON_EXEC".to_string()),
            r.starts_with("mko"),
            "{r}: status flags {s:?}"
        );
    }

    // Every handle the program opened is closed again: creates + dups == destroys.
    let created = a.events_of("IoCreateHandle").len() + a.events_of("IoDuplicateHandle").len();
    assert_eq!(created, a.events_of("IoDestroyHandle").len());

    // The text dump shows the captured arguments: paths, symbolic link names, modes.
    let text = text_dump(&trace);
    for line in [
        format!("symlink(target=\"{file_a}\", linkpath=\"{w}/sym.dat\") = 0"),
        format!(
            "readlink(path=\"{w}/sym.dat\", bufsiz=4096) = {}",
            file_a.len()
        ),
        format!("open(path=\"{w}\", flags=0x10000, mode=0o0) = 3"),
        format!("open(path=\"{file_a}\", flags=0x242, mode=0o644) = 3"),
        "pwritev2(fd=4, iovcnt=2, bytes=12, offset=-1, flags=0x0) = 12".to_string(),
        format!("truncate(path=\"{file_a}\", length=250) = 0"),
        "fcntl(fd=4, cmd=1030, arg=61, lock_start=0, lock_len=0) = 61".to_string(),
        "fcntl(fd=4, cmd=6, arg=1, lock_start=0, lock_len=100) = 0".to_string(),
        format!("getcwd(path=\"{w}\", size=4096)"),
        "umask(mask=0o22) = 0o22".to_string(),
    ] {
        assert!(
            text.lines().any(|l| l.contains(&line)),
            "recorder2text shows no line containing {line:?}"
        );
    }
}

/// stdio_all.c, traced: ISO C operations, positions and handles.
#[test]
fn stdio_operations_offsets_and_handles() {
    let dir = TestDir::new("stdio-all");
    let trace = dir.join("trace");
    let work = dir.subdir("work");
    let prog = compile(&dir, "stdio_all", &[]);
    let mut c = traced(&prog, &work, &trace);
    c.arg(&work);
    let r = run(&mut c);
    r.assert_ok("stdio_all");
    let a = convert_and_check(&trace, &dir.join("stdio.otf2"));
    let w = work.to_string_lossy().into_owned();
    let s_txt = format!("{w}/s.txt");

    let ops = a.ops_on(&s_txt);
    assert!(ops.iter().all(|o| o.paradigm == "ISOC"), "{ops:?}");
    let expected = vec![
        op("fputs", "WRITE", 7, 7, Some(0)),
        op("fputc", "WRITE", 1, 1, Some(7)),
        op("putc", "WRITE", 1, 1, Some(8)),
        op("fprintf", "WRITE", 8, 8, Some(9)),
        op("vfprintf", "WRITE", 6, 6, Some(17)),
        op("fwrite", "WRITE", 10, 10, Some(23)),
        op("fflush", "FLUSH", 0, 0, None),
        // rewind
        op("fgets", "READ", 128, 7, Some(0)),
        op("fgetc", "READ", 1, 1, Some(7)),
        op("getc", "READ", 1, 1, Some(8)),
        // ungetc('z') puts one byte back: the next read starts at 8 again
        op("fgetc", "READ", 1, 1, Some(8)),
        op("fread", "READ", 5, 5, Some(9)),
        // fseek(0)
        op("fscanf", "READ", 6, 6, Some(0)),
        // fseek(10)
        op("__isoc99_fscanf", "READ", 6, 6, Some(10)),
        // fseeko(3), fseeko64(4), fgetpos
        op("fgetc", "READ", 1, 1, Some(4)),
    ];
    assert_eq!(op_tuples(&ops), expected, "operations on s.txt");
    let seeks: Vec<(String, i64, u64)> = a
        .events_of("IoSeek")
        .iter()
        .filter(|e| e.file.as_deref() == Some(s_txt.as_str()))
        .map(|e| {
            (
                e.enclosing_region.clone().unwrap(),
                e.offset_request.unwrap(),
                e.offset_result.unwrap(),
            )
        })
        .collect();
    let sk = |r: &str, o: i64, res: u64| (r.to_string(), o, res);
    assert_eq!(
        seeks,
        [
            sk("rewind", 0, 0),
            sk("fseek", 0, 0),
            sk("fseek", 10, 10),
            sk("fseeko", 3, 3),
            sk("fseeko64", 4, 4),
            sk("fsetpos", 4, 4),
            sk("fsetpos64", 4, 4),
        ]
    );

    // fopen makes an ISOC handle and, for its descriptor, a POSIX handle whose parent it is.
    let fopen = &a.calls_of("fopen")[0];
    let created = fopen.of_type("IoCreateHandle");
    assert_eq!(created.len(), 2);
    let (isoc, posix) = (
        a.handle(created[0].handle_id.unwrap()),
        a.handle(created[1].handle_id.unwrap()),
    );
    assert_eq!(isoc.paradigm.as_deref(), Some("ISOC"));
    assert_eq!(posix.paradigm.as_deref(), Some("POSIX"));
    assert_eq!(posix.parent_id, Some(isoc.id));
    assert_eq!(isoc.file.as_deref(), Some(s_txt.as_str()));
    assert_eq!(posix.file.as_deref(), Some(s_txt.as_str()));
    assert_eq!(created[0].mode.as_deref(), Some("READ_WRITE"));
    assert_eq!(flags(&created[0].creation_flags), ["CREATE", "TRUNCATE"]);
    // fclose destroys both.
    let fclose = &a.calls_of("fclose")[0];
    let mut destroyed: Vec<u64> = fclose
        .of_type("IoDestroyHandle")
        .iter()
        .map(|e| e.handle_id.unwrap())
        .collect();
    destroyed.sort();
    let mut both = vec![isoc.id, posix.id];
    both.sort();
    assert_eq!(destroyed, both);

    // fopen64 "w" + setvbuf + fputs; freopen "r" (same file) + fgets; freopen64 "w" g2.txt.
    assert_eq!(
        op_tuples(&a.ops_on(&format!("{w}/g.txt"))),
        [
            op("fputs", "WRITE", 4, 4, Some(0)),
            op("fgets", "READ", 128, 4, Some(0))
        ]
    );
    assert_eq!(
        op_tuples(&a.ops_on(&format!("{w}/g2.txt"))),
        [op("fputs", "WRITE", 5, 5, Some(0))]
    );
    for (f, n) in [("freopen", 0), ("freopen64", 1)] {
        let c = &a.calls_of(f)[0];
        assert_eq!(
            c.of_type("IoDestroyHandle").len(),
            2,
            "{f} closes the old stream"
        );
        assert_eq!(c.of_type("IoCreateHandle").len(), 2, "{f} opens a new one");
        let mode = c.of_type("IoCreateHandle")[0].mode.clone().unwrap();
        assert_eq!(mode, ["READ_ONLY", "WRITE_ONLY"][n], "{f}");
    }

    // fdopen: the stream's ISO C handle is created over the POSIX handle of its
    // descriptor (its parent); no duplicate crosses paradigms.
    let h_txt = format!("{w}/h.txt");
    let fdopen = &a.calls_of("fdopen")[0];
    assert!(fdopen.of_type("IoDuplicateHandle").is_empty());
    let created = fdopen.of_type("IoCreateHandle");
    assert_eq!(created.len(), 1);
    let new = a.handle(created[0].handle_id.unwrap());
    let old = a.handle(new.parent_id.expect("the stream's handle has a parent"));
    assert_eq!(
        (old.paradigm.as_deref(), new.paradigm.as_deref()),
        (Some("POSIX"), Some("ISOC"))
    );
    assert_eq!(old.file.as_deref(), Some(h_txt.as_str()));
    assert_eq!(new.file.as_deref(), Some(h_txt.as_str()));
    assert!(created[0]
        .creation_flags
        .as_ref()
        .is_some_and(|f| f.is_empty()));
    assert_eq!(
        op_tuples(&a.ops_on(&h_txt)),
        [op("fputs", "WRITE", 6, 6, Some(0))]
    );
    let rm = &a.calls_of("remove")[0];
    let del = rm.of_type("IoDeleteFile");
    assert_eq!(del.len(), 1);
    assert_eq!(del[0].file.as_deref(), Some(h_txt.as_str()));
    assert_eq!(del[0].paradigm.as_deref(), Some("ISOC"));

    // tmpfile / tmpfile64: anonymous files in /tmp.
    for (f, n) in [("tmpfile", 33), ("tmpfile64", 44)] {
        let c = &a.calls_of(f)[0];
        let cr = c.of_type("IoCreateHandle");
        assert_eq!(cr.len(), 2, "{f}");
        let file = cr[0].file.clone().unwrap();
        assert!(file.starts_with("/tmp/"), "{f}: {file}");
        let writes: Vec<u64> = a
            .ops_on(&file)
            .iter()
            .filter(|o| o.region == "fwrite")
            .map(|o| o.bytes_result)
            .collect();
        assert!(writes.contains(&n), "{f}: writes {writes:?}");
    }

    // printf, puts and fflush(stdout) on the stdout stream; fflush(NULL) on the ISOC proxy.
    let all = a.ops();
    let puts: Vec<&Op> = all.iter().filter(|o| o.region == "puts").collect();
    assert_eq!(puts.len(), 1);
    assert_eq!(puts[0].bytes_result, "puts line\n".len() as u64);
    let stdout_h = a.handle(puts[0].handle_id);
    assert!(stdout_h.has_flag("PRE_CREATED"), "{stdout_h:?}");
    assert_eq!(stdout_h.paradigm.as_deref(), Some("ISOC"));
    assert!(
        all.iter().any(|o| o.region == "printf"
            && o.handle_id == stdout_h.id
            && o.bytes_result == "printf 1\n".len() as u64),
        "printf(\"%s %d\\n\", \"printf\", 1) on stdout"
    );
    assert!(all
        .iter()
        .filter(|o| o.region == "printf")
        .all(|o| o.handle_id == stdout_h.id && o.offset.is_none()));
    let flushes: Vec<&Op> = all.iter().filter(|o| o.region == "fflush").collect();
    assert_eq!(flushes.len(), 3, "fflush(f), fflush(stdout), fflush(NULL)");
    assert_eq!(flushes[1].handle_id, stdout_h.id);
    let proxy = a.handle(flushes[2].handle_id);
    assert!(proxy.has_flag("ALL_PROXY"), "{proxy:?}");
    assert_eq!(proxy.paradigm.as_deref(), Some("ISOC"));
    assert!(flushes
        .iter()
        .all(|o| o.mode == "FLUSH" && o.offset.is_none()));
}

/// The fortified printf family (__printf_chk & co.) is recorded under the plain names.
#[test]
fn fortified_printf_family() {
    let dir = TestDir::new("fortify");
    let trace = dir.join("trace");
    let prog = compile(&dir, "fortify", &["-O2", "-D_FORTIFY_SOURCE=2"]);
    let nm = run(command("nm", dir.path()).args(["-D"]).arg(&prog));
    nm.assert_ok("nm");
    for sym in ["__printf_chk", "__fprintf_chk", "__vfprintf_chk"] {
        assert!(
            nm.stdout.contains(sym),
            "the program does not call {sym}:\n{}",
            nm.stdout
        );
    }
    let r = run_traced_ok(&prog, &dir, &trace, &[]);
    assert_eq!(r.stdout, "fprintf 16 vfprintf 5\n");
    let a = convert_and_check(&trace, &dir.join("fortify.otf2"));
    let f = format!("{}/fortified.txt", dir.str());
    assert_eq!(
        op_tuples(&a.ops_on(&f)),
        [
            op("fprintf", "WRITE", 16, 16, Some(0)),
            op("vfprintf", "WRITE", 5, 5, Some(16))
        ]
    );
    let p: Vec<Op> = a
        .ops()
        .into_iter()
        .filter(|o| o.region == "printf")
        .collect();
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].bytes_result, 22);
    assert!(a.handle(p[0].handle_id).has_flag("PRE_CREATED"));
}

/// The compat stat entry points are recorded with their arguments.
#[test]
fn compat_xstat_family() {
    let dir = TestDir::new("xstat");
    let trace = dir.join("trace");
    let prog = compile(&dir, "xstat_compat", &[]);
    let r = run_traced_ok(&prog, &dir, &trace, &[]);
    assert!(r.stdout.contains("failures: 0"), "{}", r.stdout);
    let text = text_dump(&trace);
    let x = format!("{}/x.dat", dir.str());
    let ver = if cfg!(target_arch = "x86_64") { 1 } else { 0 };
    for f in ["__xstat", "__xstat64", "__lxstat", "__lxstat64"] {
        let l = format!("{f}(ver={ver}, path=\"{x}\") = 0");
        assert!(
            text.lines().any(|t| t.ends_with(&l)),
            "no line {l:?} in\n{text}"
        );
    }
    for f in ["__fxstat", "__fxstat64"] {
        let l = format!("{f}(ver={ver}, fd=3) = 0");
        assert!(
            text.lines().any(|t| t.ends_with(&l)),
            "no line {l:?} in\n{text}"
        );
    }
    for f in ["__fxstatat", "__fxstatat64"] {
        let l = format!("{f}(ver={ver}, dirfd=4, path=\"{x}\", flags=0x0) = 0");
        assert!(
            text.lines().any(|t| t.ends_with(&l)),
            "no line {l:?} in\n{text}"
        );
    }
    convert_and_check(&trace, &dir.join("xstat.otf2"));
}

/// In-kernel copies are a READ on the source and a WRITE on the destination with the right
/// offsets (explicit offset pointers leave the descriptors' positions alone), and the unlocked
/// stdio calls are recorded like their locked twins.
#[test]
fn copies_and_unlocked_stdio_move_the_right_bytes() {
    let dir = TestDir::new("copies");
    let trace = dir.join("trace");
    let prog = compile(&dir, "copies", &[]);
    let plain_dir = dir.subdir("u");
    let plain = run_untraced(&prog, &plain_dir, &[]);
    plain.assert_ok("untraced copies");
    let mut c = traced(&prog, dir.path(), &trace);
    c.arg(dir.path());
    let t = run(&mut c);
    t.assert_ok("traced copies");
    assert_eq!(t.stdout, plain.stdout);
    let a = convert_and_check(&trace, &dir.join("copies.otf2"));
    let ops = |name: &str, region_prefix: &str| -> Vec<(String, String, Option<u64>, u64)> {
        a.ops_on(&format!("{}/{}", dir.str(), name))
            .into_iter()
            .filter(|o| o.region.starts_with(region_prefix))
            .map(|o| (o.region, o.mode, o.offset, o.bytes_result))
            .collect()
    };
    let s = |x: &str| x.to_string();
    assert_eq!(
        ops("src.dat", "copy_file_range"),
        vec![
            (s("copy_file_range"), s("READ"), Some(0), 4000),
            (s("copy_file_range"), s("READ"), Some(1000), 500)
        ]
    );
    assert_eq!(
        ops("dst.dat", "copy_file_range"),
        vec![
            (s("copy_file_range"), s("WRITE"), Some(0), 4000),
            (s("copy_file_range"), s("WRITE"), Some(8000), 500)
        ]
    );
    assert_eq!(
        ops("src.dat", "sendfile"),
        vec![
            (s("sendfile"), s("READ"), Some(4000), 3000),
            (s("sendfile64"), s("READ"), Some(100), 200)
        ]
    );
    assert_eq!(
        ops("out.dat", "sendfile"),
        vec![
            (s("sendfile"), s("WRITE"), Some(0), 3000),
            (s("sendfile64"), s("WRITE"), Some(3000), 200)
        ]
    );
    let u: Vec<(String, String, Option<u64>, u64)> = ops("unlocked.txt", "")
        .into_iter()
        .filter(|o| o.0.ends_with("_unlocked") && o.1 != "FLUSH")
        .collect();
    assert_eq!(
        u,
        vec![
            (s("fputs_unlocked"), s("WRITE"), Some(0), 6),
            (s("fputc_unlocked"), s("WRITE"), Some(6), 1),
            (s("putc_unlocked"), s("WRITE"), Some(7), 1),
            (s("fwrite_unlocked"), s("WRITE"), Some(8), 10),
            (s("fgets_unlocked"), s("READ"), Some(0), 6),
            (s("fgetc_unlocked"), s("READ"), Some(6), 1),
            (s("getc_unlocked"), s("READ"), Some(7), 1),
            (s("fread_unlocked"), s("READ"), Some(8), 10),
        ]
    );
    assert!(ops("unlocked.txt", "fflush_unlocked")
        .iter()
        .any(|o| o.1 == "FLUSH"));
}

/// POSIX aio: each request is a NON_BLOCKING Begin + Issued inside its aio_read/aio_write,
/// polled with Tests (aio_error while EINPROGRESS), and completed in aio_return with the
/// bytes transferred, or cancelled in aio_cancel; the checker verifies each is matched once.
#[test]
fn aio_requests_are_matched_to_their_completion() {
    let dir = TestDir::new("aio");
    let trace = dir.join("trace");
    let prog = compile(&dir, "aio", &[]);
    let mut c = traced(&prog, dir.path(), &trace);
    c.arg(dir.path());
    run(&mut c).assert_ok("aio");
    let a = convert_and_check(&trace, &dir.join("aio.otf2"));
    let f = format!("{}/aio.dat", dir.str());
    let mut begins = Vec::new();
    let mut completes = std::collections::HashMap::new();
    let mut issued = 0;
    let mut cancelled = 0;
    for e in a.locations.iter().flat_map(|l| l.events.iter()) {
        if e.file.as_deref() != Some(f.as_str()) {
            continue;
        }
        match e.ty.as_str() {
            "IoOperationBegin" => {
                assert!(
                    flags(&e.flags).contains(&"NON_BLOCKING".to_string()),
                    "{e:?}"
                );
                begins.push((
                    e.enclosing_region.clone().unwrap_or_default(),
                    e.mode.clone().unwrap_or_default(),
                    e.bytes_request,
                    e.offset,
                    e.matching_id,
                ));
            }
            "IoOperationIssued" => issued += 1,
            "IoOperationComplete" => {
                completes.insert(
                    e.matching_id,
                    (
                        e.enclosing_region.clone().unwrap_or_default(),
                        e.bytes_result,
                    ),
                );
            }
            "IoOperationCancelled" => cancelled += 1,
            _ => {}
        }
    }
    let s = |x: &str| x.to_string();
    let expect = [
        (s("aio_write"), s("WRITE"), Some(4096), Some(0)),
        (s("aio_read"), s("READ"), Some(100), Some(50)),
        (s("aio_write64"), s("WRITE"), Some(10), Some(5000)),
        (s("aio_read64"), s("READ"), Some(20), Some(10)),
        (s("aio_write"), s("WRITE"), Some(1000), Some(8192)),
        (s("aio_write64"), s("WRITE"), Some(1), Some(9999)),
    ];
    assert_eq!(
        begins
            .iter()
            .map(|b| (b.0.clone(), b.1.clone(), b.2, b.3))
            .collect::<Vec<_>>(),
        expect.to_vec()
    );
    assert_eq!(issued, 6);
    // The first four complete in aio_return with their full size.
    for (b, want) in begins.iter().take(4).zip([4096u64, 100, 10, 20]) {
        let (region, got) = completes.get(&b.4).cloned().unwrap_or_default();
        assert!(
            region.starts_with("aio_return"),
            "{b:?} completed in {region}"
        );
        assert_eq!(got, Some(want), "{b:?}");
    }
    // The last two: completed or cancelled, exactly once between them (checked by the checker too).
    let done_late = begins[4..]
        .iter()
        .filter(|b| completes.contains_key(&b.4))
        .count();
    assert_eq!(done_late + cancelled, 2);
}
