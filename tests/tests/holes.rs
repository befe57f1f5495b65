//! The POSIX and stdio calls of format version 2, each program checked against its own
//! account (the header comment of tests/programs/{posix_more,stdio_more,uring,fortify_more}.c):
//! bytes, offsets, handles and operations in the OTF2 archive.

use e2e_tests::*;

type OpTuple = (String, String, u64, u64, Option<u64>);

/// Trace `name` (built with `flags`) in a fresh directory; returns the archive, the trace
/// directory and the work directory (as a string) of the program.
fn traced_program(name: &str, flags: &[&str]) -> (TestDir, Archive, std::path::PathBuf, String) {
    let dir = TestDir::new(name);
    let trace = dir.join("trace");
    let work = dir.subdir("work");
    let prog = compile(&dir, name, flags);
    let mut c = traced(&prog, &work, &trace);
    c.arg(&work);
    run(&mut c).assert_ok(name);
    let a = convert_and_check(&trace, &dir.join(format!("{name}.otf2")));
    let w = work.to_string_lossy().into_owned();
    (dir, a, trace, w)
}

/// Operations whose file name starts with `prefix`, in order.
fn ops_with_prefix(a: &Archive, prefix: &str) -> Vec<Op> {
    a.ops()
        .into_iter()
        .filter(|o| o.file.as_deref().is_some_and(|f| f.starts_with(prefix)))
        .collect()
}

/// The files of the handles created inside the calls of `region`, in order.
fn created_files(a: &Archive, region: &str) -> Vec<String> {
    a.calls_of(region)
        .iter()
        .flat_map(|c| {
            c.of_type("IoCreateHandle")
                .into_iter()
                .cloned()
                .collect::<Vec<_>>()
        })
        .map(|e| e.file.unwrap_or_default())
        .collect()
}

fn assert_lines(text: &str, lines: &[String]) {
    for l in lines {
        assert!(
            text.lines().any(|t| t.contains(l.as_str())),
            "recorder2text shows no line containing {l:?}"
        );
    }
}

#[test]
fn posix_holes_metadata_hints_pipes_sockets_anonymous_fds() {
    let (_d, a, trace, w) = traced_program("posix_more", &[]);
    let m = format!("{w}/m.dat");
    let data: Vec<Op> = a
        .ops_on(&m)
        .into_iter()
        .filter(|o| o.mode != "FLUSH")
        .collect();
    let expected: Vec<OpTuple> = vec![
        op("write", "WRITE", 4096, 4096, Some(0)),
        op("splice", "READ", 1000, 1000, Some(100)),
        op("lio_listio", "WRITE", 100, 100, Some(0)),
        op("lio_listio", "WRITE", 50, 50, Some(200)),
        op("lio_listio64", "READ", 100, 100, Some(0)),
        op("read", "READ", 10, 10, Some(0)), // on the openat2 handle
    ];
    assert_eq!(op_tuples(&data), expected, "operations on m.dat");
    let flushes: Vec<String> = a
        .ops_on(&m)
        .into_iter()
        .filter(|o| o.mode == "FLUSH")
        .map(|o| o.region)
        .collect();
    assert_eq!(flushes, ["sync_file_range"]);
    assert_eq!(
        op_tuples(&a.ops_on(&format!("{w}/o.dat"))),
        [op("splice", "WRITE", 1000, 1000, Some(0))]
    );
    assert_eq!(created_files(&a, "openat2"), [m.clone()]);

    // Pipes: both ends are handles on one pipe:[inode] file, without offsets.
    let p = created_files(&a, "pipe");
    let q = created_files(&a, "pipe2");
    assert_eq!(p.len(), 2);
    assert_eq!(p[0], p[1]);
    assert!(p[0].starts_with("pipe:["), "{p:?}");
    assert_eq!(q.len(), 2);
    assert_ne!(p[0], q[0]);
    let modes: Vec<String> = a.calls_of("pipe")[0]
        .of_type("IoCreateHandle")
        .iter()
        .map(|e| e.mode.clone().unwrap())
        .collect();
    assert_eq!(modes, ["READ_ONLY", "WRITE_ONLY"]);
    for e in a.calls_of("pipe2")[0].of_type("IoCreateHandle") {
        assert!(flags(&e.status_flags).contains(&"CLOSE_ON_EXEC".to_string()));
    }
    assert_eq!(
        op_tuples(&a.ops_on(&p[0])),
        [
            op("write", "WRITE", 10, 10, None),
            op("read", "READ", 64, 10, None),
            op("splice", "WRITE", 1000, 1000, None),
            op("tee", "READ", 1000, 1000, None),
            op("splice", "READ", 1000, 1000, None),
            op("vmsplice", "WRITE", 10, 10, None),
            op("read", "READ", 64, 10, None),
            op("write", "WRITE", 5, 5, None),
            op("vmsplice", "READ", 5, 5, None),
        ]
    );
    assert_eq!(
        op_tuples(&a.ops_on(&q[0])),
        [
            op("tee", "WRITE", 1000, 1000, None),
            op("read", "READ", 4096, 1000, None)
        ]
    );

    // Sockets: socketpair's two ends, the send/recv family, accepted connections.
    let sp = created_files(&a, "socketpair");
    assert_eq!(sp.len(), 4);
    assert!(sp.iter().all(|f| f.starts_with("socket:[")), "{sp:?}");
    assert_eq!(
        op_tuples(&ops_with_prefix(&a, "socket:[")),
        [
            op("send", "WRITE", 3, 3, None),
            op("recv", "READ", 64, 3, None),
            op("sendto", "WRITE", 4, 4, None),
            op("recvfrom", "READ", 64, 4, None),
            op("sendmsg", "WRITE", 11, 11, None),
            op("recvmsg", "READ", 64, 11, None),
            op("sendmmsg", "WRITE", 7, 7, None),
            op("recvmmsg", "READ", 128, 7, None),
            op("write", "WRITE", 2, 2, None),
            op("read", "READ", 16, 2, None),
        ]
    );
    for (region, status) in [
        ("accept", vec![]),
        ("accept4", vec!["NON_BLOCKING"]),
        ("memfd_create", vec!["CLOSE_ON_EXEC"]),
        ("eventfd", vec!["CLOSE_ON_EXEC"]),
        ("signalfd", vec!["NON_BLOCKING"]),
        ("timerfd_create", vec!["CLOSE_ON_EXEC"]),
        ("epoll_create", vec![]),
        ("epoll_create1", vec!["CLOSE_ON_EXEC"]),
        ("inotify_init", vec![]),
        ("inotify_init1", vec!["NON_BLOCKING"]),
    ] {
        let c = a.calls_of(region);
        let cr = c[0].of_type("IoCreateHandle");
        assert_eq!(cr.len(), 1, "{region}");
        assert_eq!(flags(&cr[0].status_flags), status, "{region}");
    }
    assert_eq!(created_files(&a, "socket").len(), 3);
    assert_eq!(created_files(&a, "memfd_create"), ["memfd:rotf2"]);
    assert_eq!(
        op_tuples(&a.ops_on("memfd:rotf2")),
        [
            op("write", "WRITE", 5, 5, None),
            op("pread", "READ", 5, 5, Some(0))
        ]
    );
    assert_eq!(
        op_tuples(&a.ops_on("anon_inode:[eventfd]")),
        [
            op("write", "WRITE", 8, 8, None),
            op("read", "READ", 8, 8, None)
        ]
    );
    assert_eq!(
        op_tuples(&a.ops_on("anon_inode:[timerfd]")),
        [op("read", "READ", 8, 8, None)]
    );

    // lio_listio: each request is NON_BLOCKING, issued in the list call, completed by aio_return.
    let lio: Vec<&Event> = a
        .events_of("IoOperationBegin")
        .into_iter()
        .filter(|e| {
            e.enclosing_region
                .as_deref()
                .is_some_and(|r| r.starts_with("lio_listio"))
        })
        .collect();
    assert_eq!(lio.len(), 3);
    assert!(lio.iter().all(|e| e.has_op_flag("NON_BLOCKING")));
    let completes: Vec<String> = a
        .events_of("IoOperationComplete")
        .iter()
        .filter(|e| lio.iter().any(|b| b.matching_id == e.matching_id))
        .map(|e| e.enclosing_region.clone().unwrap())
        .collect();
    assert_eq!(completes, ["aio_return", "aio_return", "aio_return64"]);

    // Every handle opened is closed again.
    let created = a.events_of("IoCreateHandle").len() + a.events_of("IoDuplicateHandle").len();
    assert_eq!(created, a.events_of("IoDestroyHandle").len());

    let text = text_dump(&trace);
    assert_lines(
        &text,
        &[
            format!("statfs(path=\"{m}\") = 0"),
            "fstatvfs64(fd=3) = 0".into(),
            format!("fchownat(dirfd=4, path=\"{m}\", uid=4294967295, gid=4294967295, flags=0x0) = 0"),
            format!("linkat(olddirfd=4, from=\"{m}\", newdirfd=4, to=\"{w}/m_link.dat\", flags=0x0) = 0"),
            format!("readlinkat(dirfd=4, path=\"{w}/m_sym.dat\", bufsiz=256) = 5"),
            format!("lutimes(path=\"{w}/m_sym.dat\") = 0"),
            format!("utimensat(dirfd=4, path=\"{m}\", flags=0x0) = 0"),
            format!("__xmknodat(ver=0, dirfd=4, path=\"{w}/fifo4\", mode=0o10600, dev=0x0) = 0"),
            format!("mkfifoat(dirfd=4, path=\"{w}/fifo6\", mode=0o600) = 0"),
            "posix_fadvise64(fd=3, offset=0, len=4096, advice=3) = 0".into(),
            "fallocate64(fd=3, mode=0x1, offset=8192, len=4096) = 0".into(),
            "readahead(fd=3, offset=0, count=4096) = 0".into(),
            "vmsplice(fd_out=6, fd_in=-1, nr_segs=2, bytes=10, flags=0x0) = 10".into(),
            "vmsplice(fd_out=-1, fd_in=5, nr_segs=1, bytes=5, flags=0x0) = 5".into(),
            "splice(fd_in=3, off_in=100, fd_out=6, off_out=-1, len=1000, flags=0x0) = 1000".into(),
            "eventfd(initval=3, flags=0x80000, file=\"anon_inode:[eventfd]\", oflags=0x80000)".into(),
            format!("openat2(dirfd=4, path=\"{m}\", flags=0x0, mode=0o0, resolve=0x8) = 5"),
        ],
    );
}

#[test]
fn stdio_holes_lines_scanf_printf_wide_popen_fcloseall() {
    let (_d, a, trace, w) = traced_program("stdio_more", &[]);
    let on = |f: &str| op_tuples(&a.ops_on(&format!("{w}/{f}")));
    assert_eq!(
        on("l.txt"),
        [
            op("fputs", "WRITE", 14, 14, Some(0)),
            op("getline", "READ", 4, 4, Some(0)),
            op("getdelim", "READ", 4, 4, Some(4)),
            op("getline", "READ", 6, 6, Some(8)),
            op("getline", "READ", 0, 0, Some(14)),
        ]
    );
    assert_eq!(
        on("n.txt"),
        [
            op("fputs", "WRITE", 18, 18, Some(0)),
            op("vfscanf", "READ", 2, 2, Some(0)),
            op("__isoc99_vfscanf", "READ", 3, 3, Some(2)),
        ]
    );
    assert_eq!(
        on("in.txt"),
        [
            op("fputs", "WRITE", 10, 10, Some(0)),
            op("scanf", "READ", 1, 1, Some(0)),
            op("vscanf", "READ", 2, 2, Some(1)),
            op("__isoc99_scanf", "READ", 2, 2, Some(3)),
            op("__isoc99_vscanf", "READ", 2, 2, Some(5)),
            op("getchar", "READ", 1, 1, Some(7)),
            op("getchar_unlocked", "READ", 1, 1, Some(8)),
        ]
    );
    // dprintf writes to the descriptor: its POSIX handle.
    let d = a.ops_on(&format!("{w}/d.txt"));
    assert!(d.iter().all(|o| o.paradigm == "POSIX"), "{d:?}");
    assert_eq!(
        op_tuples(&d),
        [
            op("dprintf", "WRITE", 9, 9, Some(0)),
            op("vdprintf", "WRITE", 6, 6, Some(9))
        ]
    );
    // Wide characters: bytes as encoded in UTF-8 (é ß 2, € 3).
    assert_eq!(
        on("w.txt"),
        [
            op("fputwc", "WRITE", 2, 2, Some(0)),
            op("putwc", "WRITE", 3, 3, Some(2)),
            op("fputwc_unlocked", "WRITE", 1, 1, Some(5)),
            op("putwc_unlocked", "WRITE", 2, 2, Some(6)),
            op("fputws", "WRITE", 7, 7, Some(8)),
            op("fputws_unlocked", "WRITE", 5, 5, Some(15)),
            op("fwprintf", "WRITE", 7, 7, Some(20)),
            op("vfwprintf", "WRITE", 5, 5, Some(27)),
            op("fputws", "WRITE", 4, 4, Some(32)),
            op("fgetwc", "READ", 2, 2, Some(0)),
            op("getwc", "READ", 3, 3, Some(2)),
            op("fgetwc_unlocked", "READ", 1, 1, Some(5)),
            op("getwc_unlocked", "READ", 2, 2, Some(6)),
            // ungetwc(ß): two bytes back
            op("fgetwc", "READ", 2, 2, Some(6)),
            op("fgetws", "READ", 7, 7, Some(8)),
            op("fgetws_unlocked", "READ", 5, 5, Some(15)),
            op("fwscanf", "READ", 6, 6, Some(20)),
            op("vfwscanf", "READ", 5, 5, Some(26)),
            op("__isoc99_fwscanf", "READ", 2, 2, Some(31)),
            op("__isoc99_vfwscanf", "READ", 2, 2, Some(33)),
        ]
    );
    assert_eq!(
        on("win.txt"),
        [
            op("fputs", "WRITE", 15, 15, Some(0)),
            op("wscanf", "READ", 1, 1, Some(0)),
            op("vwscanf", "READ", 3, 3, Some(1)),
            op("__isoc99_wscanf", "READ", 4, 4, Some(4)),
            op("__isoc99_vwscanf", "READ", 4, 4, Some(8)),
            op("getwchar", "READ", 1, 1, Some(12)),
            op("getwchar_unlocked", "READ", 2, 2, Some(13)),
        ]
    );
    assert_eq!(
        on("wout.txt"),
        [
            op("wprintf", "WRITE", 6, 6, Some(0)),
            op("vwprintf", "WRITE", 4, 4, Some(6)),
            op("putwchar", "WRITE", 3, 3, Some(10)),
            op("putwchar_unlocked", "WRITE", 1, 1, Some(13)),
        ]
    );
    // vprintf, putchar on the pre-created stdout.
    let out: Vec<Op> = a
        .ops()
        .into_iter()
        .filter(|o| ["vprintf", "putchar", "putchar_unlocked"].contains(&o.region.as_str()))
        .collect();
    assert_eq!(
        op_tuples(&out),
        [
            op("vprintf", "WRITE", 10, 10, None),
            op("putchar", "WRITE", 1, 1, None),
            op("putchar_unlocked", "WRITE", 1, 1, None),
        ]
    );
    assert!(out
        .iter()
        .all(|o| a.handle(o.handle_id).has_flag("PRE_CREATED")));

    // popen: an ISOC stream on a pipe with the POSIX handle of its fd under it; pclose ends both.
    let po = &a.calls_of("popen")[0];
    let cr = po.of_type("IoCreateHandle");
    assert_eq!(cr.len(), 2);
    let pipe = cr[0].file.clone().unwrap();
    assert!(pipe.starts_with("pipe:["), "{pipe}");
    assert_eq!(cr[0].paradigm.as_deref(), Some("ISOC"));
    assert_eq!(cr[0].mode.as_deref(), Some("READ_ONLY"));
    assert_eq!(
        op_tuples(&a.ops_on(&pipe)),
        [op("fgets", "READ", 64, 11, None)]
    );
    assert_eq!(a.calls_of("pclose")[0].of_type("IoDestroyHandle").len(), 2);

    // fcloseall: every stream left (stdin on win.txt, stdout on wout.txt, stderr) and the
    // fds under them are destroyed; nothing of ISOC stays active.
    let fc = &a.calls_of("fcloseall")[0];
    let gone: Vec<u64> = fc
        .of_type("IoDestroyHandle")
        .iter()
        .map(|e| e.handle_id.unwrap())
        .collect();
    let isoc_gone = gone
        .iter()
        .filter(|h| a.handle(**h).paradigm.as_deref() == Some("ISOC"))
        .count();
    assert_eq!(isoc_gone, 3, "{gone:?}");
    assert!(fc.files().contains(&format!("{w}/wout.txt")));

    let text = text_dump(&trace);
    assert_lines(
        &text,
        &[
            "fwprintf(stream=".into(),
            ", chars=6, bytes=7) = 6".into(),
            ", wc=223, bytes=2) = 223".into(),
            ", delim=59, got=4) = 4".into(),
            "fcloseall() = 0".into(),
        ],
    );
}

#[test]
fn io_uring_submissions_and_completions() {
    let (_d, a, trace, w) = traced_program("uring", &["-luring"]);
    let u = a.ops_on(&format!("{w}/u.dat"));
    assert_eq!(
        op_tuples(&u),
        [
            op("io_uring_submit", "WRITE", 4096, 4096, Some(0)),
            op("io_uring_submit", "WRITE", 300, 300, Some(4096)),
            op("io_uring_submit_and_wait", "READ", 4096, 4096, Some(0)),
            op("io_uring_submit_and_wait", "READ", 300, 300, Some(4096)),
            op("io_uring_submit_and_wait", "FLUSH", 0, 0, None),
            // offset -1: the file position, not known to the trace
            op("io_uring_submit_and_wait_timeout", "READ", 100, 100, None),
            op(
                "io_uring_submit_and_get_events",
                "WRITE",
                10,
                10,
                Some(8000)
            ),
            op(
                "io_uring_submit_and_get_events",
                "WRITE",
                10,
                10,
                Some(8000)
            ),
        ]
    );
    assert_eq!(
        op_tuples(&ops_with_prefix(&a, "socket:[")),
        [
            op("io_uring_submit", "WRITE", 5, 5, None),
            op("io_uring_submit", "READ", 64, 5, None)
        ]
    );
    // Every io_uring operation is NON_BLOCKING, issued at submission and completed inside a
    // later liburing call (the checker verifies each completes exactly once).
    let begins: Vec<&Event> = a
        .events_of("IoOperationBegin")
        .into_iter()
        .filter(|e| {
            e.enclosing_region
                .as_deref()
                .is_some_and(|r| r.contains("io_uring"))
        })
        .collect();
    assert_eq!(begins.len(), 10);
    assert!(begins.iter().all(|e| e.has_op_flag("NON_BLOCKING")));
    assert_eq!(a.events_of("IoOperationIssued").len(), 10);
    for e in a.events_of("IoOperationComplete") {
        if begins.iter().any(|b| b.matching_id == e.matching_id) {
            let r = e.enclosing_region.clone().unwrap_or_default();
            assert!(r.contains("io_uring"), "completed in {r}");
        }
    }
    // No region for the SQE/CQE events; one region per liburing call.
    let regions: Vec<&str> = a.regions.iter().map(|r| r.name.as_str()).collect();
    assert!(!regions
        .iter()
        .any(|r| *r == "io_uring_sqe" || *r == "io_uring_cqe"));
    for r in [
        "io_uring_queue_init",
        "io_uring_queue_init_params",
        "io_uring_queue_exit",
        "io_uring_submit",
        "io_uring_submit_and_wait",
        "io_uring_submit_and_wait_timeout",
        "io_uring_submit_and_get_events",
        "io_uring_get_events",
        "__io_uring_get_cqe",
        "io_uring_wait_cqes",
        "io_uring_wait_cqe_timeout",
        "io_uring_peek_batch_cqe",
    ] {
        assert!(regions.contains(&r), "no region {r}");
    }
    // liburing's queue_init calls queue_init_params: recorded once.
    assert_eq!(a.calls_of("io_uring_queue_init").len(), 1);
    assert_eq!(a.calls_of("io_uring_queue_init_params").len(), 1);
    let text = text_dump(&trace);
    assert_lines(
        &text,
        &[
            "fd=-1, op=0x0, dir=0, offset=-1, bytes=0, user_data=0x6) = 0".into(), // NOP
            "fd=-1, op=0x16, dir=0, offset=-1, bytes=0, user_data=0xc) = 0".into(), // /dev/null
            "op=0x3, dir=3, offset=-1, bytes=0, user_data=0x5) = 0".into(),        // FSYNC
            "op=0x41a, dir=2, offset=-1, bytes=5, user_data=0xa) = 0".into(),      // SEND, IO_LINK
            "user_data=0x9, flags=0x0) = 10".into(),
            "__io_uring_get_cqe(ring=".into(),
        ],
    );
}

#[test]
fn fortified_entry_points_are_recorded_under_plain_names() {
    let dir = TestDir::new("fortify-more");
    let prog = compile(&dir, "fortify_more", &["-O2", "-D_FORTIFY_SOURCE=2"]);
    let syms = defined_or_used(&prog);
    for s in [
        "__read_chk",
        "__pread_chk",
        "__pread64_chk",
        "__readlink_chk",
        "__readlinkat_chk",
        "__getcwd_chk",
        "__recv_chk",
        "__recvfrom_chk",
        "__fgets_chk",
        "__fgets_unlocked_chk",
        "__fread_chk",
        "__fread_unlocked_chk",
        "__fgetws_chk",
        "__fgetws_unlocked_chk",
        "__vprintf_chk",
        "__dprintf_chk",
        "__vdprintf_chk",
        "__fwprintf_chk",
        "__vfwprintf_chk",
        "__wprintf_chk",
        "__vwprintf_chk",
    ] {
        assert!(syms.contains(s), "the program does not call {s}");
    }
    let (_d, a, trace, w) = traced_program("fortify_more", &["-O2", "-D_FORTIFY_SOURCE=2"]);
    let on = |f: &str| op_tuples(&a.ops_on(&format!("{w}/{f}")));
    assert_eq!(
        on("f.dat"),
        [
            op("write", "WRITE", 100, 100, Some(0)),
            op("read", "READ", 64, 64, Some(0)),
            op("pread", "READ", 10, 10, Some(5)),
            op("pread64", "READ", 10, 10, Some(20)),
        ]
    );
    assert_eq!(
        on("g.txt"),
        [
            op("fputs", "WRITE", 12, 12, Some(0)),
            op("fgets", "READ", 32, 6, Some(0)),
            op("fgets_unlocked", "READ", 32, 6, Some(6)),
            op("fread", "READ", 4, 4, Some(0)),
            op("fread_unlocked", "READ", 4, 4, Some(4)),
        ]
    );
    assert_eq!(
        on("h.txt"),
        [
            op("dprintf", "WRITE", 6, 6, Some(0)),
            op("vdprintf", "WRITE", 4, 4, Some(6))
        ]
    );
    assert_eq!(
        on("w.txt"),
        [
            op("fwprintf", "WRITE", 3, 3, Some(0)),
            op("vfwprintf", "WRITE", 4, 4, Some(3)),
            op("fgetws", "READ", 3, 3, Some(0)),
            op("fgetws", "READ", 4, 4, Some(3)),
            op("fgetws_unlocked", "READ", 0, 0, Some(7)),
        ]
    );
    assert_eq!(
        on("wout.txt"),
        [
            op("wprintf", "WRITE", 4, 4, Some(0)),
            op("vwprintf", "WRITE", 2, 2, Some(4))
        ]
    );
    let sock: Vec<OpTuple> = op_tuples(&ops_with_prefix(&a, "socket:["))
        .into_iter()
        .filter(|o| o.1 == "READ")
        .collect();
    assert_eq!(
        sock,
        [
            op("recv", "READ", 64, 3, None),
            op("recvfrom", "READ", 64, 2, None)
        ]
    );
    assert!(a
        .ops()
        .iter()
        .any(|o| o.region == "vprintf" && o.bytes_result == 10));
    let text = text_dump(&trace);
    assert_lines(
        &text,
        &[
            format!("readlink(path=\"{w}/f.lnk\", bufsiz=64) = 5"),
            format!("readlinkat(dirfd=3, path=\"{w}/f.lnk\", bufsiz=64) = 5"),
            format!("getcwd(path=\"{w}\", size=4096)"),
        ],
    );
}

/// The dynamic symbols a program refers to (nm -D).
fn defined_or_used(prog: &std::path::Path) -> std::collections::BTreeSet<String> {
    let r = run(command("nm", std::path::Path::new("/"))
        .args(["-D"])
        .arg(prog));
    r.assert_ok("nm");
    r.stdout
        .lines()
        .filter_map(|l| l.split_whitespace().last())
        .map(|s| s.split('@').next().unwrap_or(s).to_string())
        .collect()
}

/// A filter entry that is not a path leaves the descriptors of that name out.
#[test]
fn sockets_can_be_excluded_by_name() {
    let dir = TestDir::new("exclude-sockets");
    let trace = dir.join("trace");
    let work = dir.subdir("work");
    let prog = compile(&dir, "posix_more", &[]);
    let mut c = traced(&prog, &work, &trace);
    c.env("RECORDER_OTF2_EXCLUDE", "/proc:/sys:/dev:socket")
        .arg(&work);
    run(&mut c).assert_ok("posix_more");
    let a = convert_and_check(&trace, &dir.join("x.otf2"));
    let names = a.file_names();
    assert!(!names.iter().any(|f| f.starts_with("socket:")), "{names:?}");
    assert!(names.iter().any(|f| f.starts_with("pipe:[")), "{names:?}");
    assert!(a.calls_of("send").is_empty() && a.calls_of("socket").is_empty());
    assert_eq!(
        a.calls_of("socketpair").len(),
        2,
        "the call, without handles"
    );
    assert!(a
        .calls_of("socketpair")
        .iter()
        .all(|c| c.of_type("IoCreateHandle").is_empty()));
}

/// unseen_fds.c: calls on a descriptor from a raw openat system call cannot be recorded
/// (the recorder never saw what it is open on); they are counted in meta.yaml, and
/// recorder2otf2 and summary say so. A fopencookie stream (no descriptor) is not I/O.
#[test]
fn calls_on_descriptors_not_seen_opened_are_counted() {
    let (dir, a, trace, _w) = traced_program("unseen_fds", &[]);
    let text = text_dump(&trace);
    for f in ["write(", "pwrite(", "fwrite("] {
        assert!(
            !text.lines().any(|l| l.contains(f)),
            "recorded {f}:\n{text}"
        );
    }
    let w = "at least 2 calls on descriptors the recorder did not see opened";
    assert!(
        a.converter_stderr.contains(w),
        "recorder2otf2 says {:?}",
        a.converter_stderr
    );
    let mut c = command(&build().launcher, dir.path());
    c.args(["summary", "--json"]).arg(&trace);
    let r = run(&mut c);
    r.assert_ok("summary --json");
    let j: serde_json::Value = serde_json::from_str(&r.stdout).expect("summary JSON");
    let warnings = j["warnings"].to_string();
    assert!(warnings.contains(w), "summary warnings {warnings}");
}
