//! A known workload with exact sizes and offsets (workload.c), the standard streams
//! (std_streams.c), failed calls (failures.c) and path resolution (paths.c).

use e2e_tests::*;

/// `df --output=COLUMN FILE`, the value only.
fn df(column: &str, file: &str) -> String {
    let r = run(command("df", std::path::Path::new("/"))
        .arg(format!("--output={column}"))
        .arg(file));
    r.assert_ok("df");
    r.stdout.lines().last().unwrap_or("").trim().to_string()
}

#[test]
fn known_workload_exact_operations() {
    let dir = TestDir::new("workload");
    let trace = dir.join("trace");
    let prog = compile(&dir, "workload", &[]);
    let r = run_traced_ok(&prog, &dir, &trace, &[]);
    assert_eq!(r.stdout, "workload done 2\n");
    assert_eq!(r.stderr, "");
    let a = convert_and_check(&trace, &dir.join("workload.otf2"));
    let w = dir.str();
    let pfile = format!("{w}/work_posix.dat");
    let sfile = format!("{w}/work_stdio.dat");
    assert_eq!(std::fs::metadata(&pfile).unwrap().len(), 5010);
    assert_eq!(std::fs::metadata(&sfile).unwrap().len(), 1024);

    // One process, one thread.
    assert_eq!(a.location_groups.len(), 1);
    assert_eq!(a.locations.len(), 1);
    let group = &a.location_groups[0];
    assert!(group.name.starts_with("workload "), "{}", group.name);
    assert_eq!(group.ty, "PROCESS");
    let host = hostname();
    assert_eq!(group.system_tree_parent.as_deref(), Some(host.as_str()));
    let loc = &a.locations[0];
    assert_eq!(loc.number_of_events, loc.events.len() as u64);
    assert_eq!(a.counts.events, loc.events.len() as u64);

    // POSIX: 3 x write(1000), pwrite(10 @ 5000), lseek(100), read(50), write(7) via dup.
    let pops = a.ops_on(&pfile);
    assert_eq!(
        op_tuples(&pops),
        [
            op("write", "WRITE", 1000, 1000, Some(0)),
            op("write", "WRITE", 1000, 1000, Some(1000)),
            op("write", "WRITE", 1000, 1000, Some(2000)),
            op("pwrite", "WRITE", 10, 10, Some(5000)),
            op("read", "READ", 50, 50, Some(100)),
            op("write", "WRITE", 7, 7, Some(150)),
        ]
    );
    assert!(pops.iter().all(|o| o.paradigm == "POSIX"));
    let fd_handle = pops[0].handle_id;
    assert!(pops[..5].iter().all(|o| o.handle_id == fd_handle));
    let dup_handle = pops[5].handle_id;
    assert_ne!(
        dup_handle, fd_handle,
        "the dup'ed descriptor has its own handle"
    );
    assert_eq!(a.handle(fd_handle).name, pfile);
    assert_eq!(a.handle(dup_handle).name, pfile);
    assert_eq!(a.handle(dup_handle).file.as_deref(), Some(pfile.as_str()));

    // ISO C: 4 x fwrite(256), fseek(100), fread(200).
    let sops = a.ops_on(&sfile);
    assert_eq!(
        op_tuples(&sops),
        [
            op("fwrite", "WRITE", 256, 256, Some(0)),
            op("fwrite", "WRITE", 256, 256, Some(256)),
            op("fwrite", "WRITE", 256, 256, Some(512)),
            op("fwrite", "WRITE", 256, 256, Some(768)),
            op("fread", "READ", 200, 200, Some(100)),
        ]
    );
    assert!(sops.iter().all(|o| o.paradigm == "ISOC"));
    let stream = sops[0].handle_id;
    assert!(sops.iter().all(|o| o.handle_id == stream));

    // Handles: open -> 1, fopen -> 2 (ISOC + its POSIX descriptor), dup -> 1 duplicate;
    // close x 2 and fclose (both handles) destroy 4.
    let creates = a.events_of("IoCreateHandle");
    let c: Vec<(String, String, String)> = creates
        .iter()
        .map(|e| {
            (
                e.enclosing_region.clone().unwrap(),
                e.paradigm.clone().unwrap(),
                e.file.clone().unwrap(),
            )
        })
        .collect();
    let t = |r: &str, p: &str, f: &str| (r.to_string(), p.to_string(), f.to_string());
    assert_eq!(
        c,
        [
            t("open", "POSIX", &pfile),
            t("fopen", "ISOC", &sfile),
            t("fopen", "POSIX", &sfile)
        ]
    );
    assert_eq!(creates[0].handle_id, Some(fd_handle));
    assert_eq!(creates[0].mode.as_deref(), Some("READ_WRITE"));
    assert_eq!(flags(&creates[0].creation_flags), ["CREATE", "TRUNCATE"]);
    assert_eq!(creates[1].handle_id, Some(stream));
    assert_eq!(creates[1].mode.as_deref(), Some("READ_WRITE"));
    // The descriptor under the stream: a POSIX handle whose parent is the ISOC handle.
    let fd_of_stream = a.handle(creates[2].handle_id.unwrap());
    assert_eq!(fd_of_stream.parent_id, Some(stream));
    assert_eq!(fd_of_stream.parent.as_deref(), Some(sfile.as_str()));
    assert_eq!(creates[2].parent_handle.as_deref(), Some(sfile.as_str()));
    assert_eq!(creates[2].parent_paradigm.as_deref(), Some("ISOC"));
    assert_eq!(a.handle(stream).parent_id, None);
    assert_eq!(a.handle(fd_handle).parent_id, None);
    assert!(a.handle(fd_handle).flags.is_empty());

    let dups = a.events_of("IoDuplicateHandle");
    assert_eq!(dups.len(), 1);
    assert_eq!(dups[0].enclosing_region.as_deref(), Some("dup"));
    assert_eq!(dups[0].handle_id, Some(fd_handle));
    assert_eq!(dups[0].new_handle_id, Some(dup_handle));

    let destroys: Vec<(String, u64)> = a
        .events_of("IoDestroyHandle")
        .iter()
        .map(|e| (e.enclosing_region.clone().unwrap(), e.handle_id.unwrap()))
        .collect();
    assert_eq!(destroys.len(), 4, "{destroys:?}");
    assert_eq!(destroys[0], ("close".to_string(), dup_handle));
    assert_eq!(destroys[1], ("close".to_string(), fd_handle));
    let mut fclosed: Vec<u64> = destroys[2..]
        .iter()
        .map(|d| {
            assert_eq!(d.0, "fclose");
            d.1
        })
        .collect();
    fclosed.sort();
    let mut pair = vec![stream, fd_of_stream.id];
    pair.sort();
    assert_eq!(fclosed, pair);

    // Seeks.
    let seeks = a.events_of("IoSeek");
    assert_eq!(seeks.len(), 2);
    for (e, region, h) in [
        (&seeks[0], "lseek", fd_handle),
        (&seeks[1], "fseek", stream),
    ] {
        assert_eq!(e.enclosing_region.as_deref(), Some(region));
        assert_eq!(e.handle_id, Some(h));
        assert_eq!(e.offset_request, Some(100));
        assert_eq!(e.whence.as_deref(), Some("FROM_START"));
        assert_eq!(e.offset_result, Some(100));
    }

    // The stdout line: 16 bytes on the pre-created stdout stream.
    let p: Vec<Op> = a
        .ops()
        .into_iter()
        .filter(|o| o.region == "printf")
        .collect();
    assert_eq!(p.len(), 1);
    assert_eq!((p[0].bytes_request, p[0].bytes_result), (16, 16));

    // Files: local file system -> scoped to this host, with mount point and file system.
    let fstype = df("fstype", &pfile);
    let mount = df("target", &pfile);
    let shared = definitions::is_shared_fs(&fstype);
    for f in [&pfile, &sfile] {
        let def = a.file(f).unwrap_or_else(|| panic!("no IoFile {f}"));
        assert_eq!(def.ty, "file");
        if shared {
            assert_eq!(
                def.scope_class.as_deref(),
                Some("machine"),
                "{f} on {fstype}"
            );
        } else {
            assert_eq!(def.scope.as_deref(), Some(host.as_str()), "{f} on {fstype}");
            assert_eq!(def.scope_class.as_deref(), Some("node"));
        }
        assert_eq!(
            def.properties.get("File system").and_then(|v| v.as_str()),
            Some(fstype.as_str()),
            "{f}: {:?}",
            def.properties
        );
        assert_eq!(
            def.properties.get("Mount Point").and_then(|v| v.as_str()),
            Some(mount.as_str()),
            "{f}: {:?}",
            def.properties
        );
    }
    // The system tree: the machine (named after the trace directory) above the host.
    let machine = a.system_tree.iter().find(|n| n.class == "machine").unwrap();
    assert_eq!(machine.name, "trace");
    assert_eq!(machine.parent, None);
    let node = a.system_tree.iter().find(|n| n.name == host).unwrap();
    assert_eq!(node.class, "node");
    assert_eq!(node.parent.as_deref(), Some("trace"));

    // Region roles.
    for (name, role) in [
        ("write", "FILE_IO"),
        ("fread", "FILE_IO"),
        ("open", "FILE_IO_METADATA"),
        ("lseek", "FILE_IO_METADATA"),
        ("fopen", "FILE_IO_METADATA"),
    ] {
        let r = a.regions.iter().find(|r| r.name == name).unwrap();
        assert_eq!(r.role, role, "{name}");
    }

    // The native metadata counts and the text dump agree.
    let procs = processes(&trace);
    assert_eq!(procs.len(), 1);
    let m = &procs[0];
    assert_eq!(m.meta.ending, Ending::Exit);
    for (f, n) in [
        ("open", 1),
        ("write", 4),
        ("pwrite", 1),
        ("lseek", 1),
        ("read", 1),
        ("dup", 1),
        ("close", 2),
        ("fopen", 1),
        ("fwrite", 4),
        ("fseek", 1),
        ("fread", 1),
        ("fclose", 1),
        ("printf", 1),
    ] {
        assert_eq!(m.count(f), n, "calls of {f}");
    }
    let calls: u64 = m.called().iter().map(|f| m.meta.function_counts[*f]).sum();
    assert_eq!(calls, 20);
    // Records: the calls, and where the program made them (a call_site event whenever the
    // calling line changes).
    let sites = m.meta.function_counts.get("call_site").copied().unwrap_or(0);
    assert!((1..=20).contains(&sites), "{sites} call sites");
    assert_eq!(m.meta.records, 20 + sites);
    let text = text_dump(&trace);
    for line in [
        format!("open(path=\"{pfile}\", flags=0x242, mode=0o644) = 3"),
        "pwrite(fd=3, count=10, offset=5000) = 10".to_string(),
        "lseek(fd=3, offset=100, whence=0) = 100".to_string(),
        "read(fd=3, count=50) = 50".to_string(),
        "dup(fd=3) = 4".to_string(),
        "write(fd=4, count=7) = 7".to_string(),
        "size=1, nmemb=256, bytes=256, put=256) = 256".to_string(),
        "offset=100, whence=0, result=100) = 0".to_string(),
        "size=1, nmemb=200, bytes=200, got=200) = 200".to_string(),
    ] {
        assert!(
            text.lines().any(|l| l.contains(&line)),
            "no line with {line:?} in\n{text}"
        );
    }
    assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), 20);
}

#[test]
fn standard_streams_are_pre_created_handles() {
    let dir = TestDir::new("std-streams");
    let trace = dir.join("trace");
    let prog = compile(&dir, "std_streams", &[]);
    let mut c = traced(&prog, dir.path(), &trace);
    let r = run(&mut c);
    r.assert_ok("std_streams");
    assert_eq!(r.stdout, "value 7\nhello\nraw\n");
    assert_eq!(r.stderr, "err 1\ne\n");
    let a = convert_and_check(&trace, &dir.join("std.otf2"));
    let ops = a.ops();
    let find = |region: &str| -> Op {
        let v: Vec<&Op> = ops.iter().filter(|o| o.region == region).collect();
        assert_eq!(v.len(), 1, "one {region} operation");
        v[0].clone()
    };
    let (printf, puts, fprintf) = (find("printf"), find("puts"), find("fprintf"));
    let writes: Vec<&Op> = ops.iter().filter(|o| o.region == "write").collect();
    assert_eq!(writes.len(), 2);
    let (w1, w2) = (writes[0], writes[1]);
    assert_eq!((printf.bytes_request, printf.bytes_result), (8, 8));
    assert_eq!((puts.bytes_request, puts.bytes_result), (6, 6));
    assert_eq!((w1.bytes_request, w1.bytes_result), (4, 4));
    assert_eq!((fprintf.bytes_request, fprintf.bytes_result), (6, 6));
    assert_eq!((w2.bytes_request, w2.bytes_result), (2, 2));

    // printf and puts: the stdout stream, pre-created, write-only; write(1): descriptor 1.
    let out_stream = a.handle(printf.handle_id);
    assert_eq!(puts.handle_id, out_stream.id);
    let out_fd = a.handle(w1.handle_id);
    let err_stream = a.handle(fprintf.handle_id);
    let err_fd = a.handle(w2.handle_id);
    for (h, paradigm) in [
        (out_stream, "ISOC"),
        (out_fd, "POSIX"),
        (err_stream, "ISOC"),
        (err_fd, "POSIX"),
    ] {
        assert!(h.has_flag("PRE_CREATED"), "{h:?}");
        assert_eq!(h.paradigm.as_deref(), Some(paradigm), "{h:?}");
        let st = h
            .pre_created_state
            .as_ref()
            .unwrap_or_else(|| panic!("no pre-created state for {h:?}"));
        assert_eq!(st.mode, "WRITE_ONLY", "{h:?}");
    }
    assert_ne!(out_stream.id, err_stream.id);
    assert_ne!(out_fd.id, err_fd.id);
    // The stream and the descriptor are on the same file (the pipe the test reads).
    assert_eq!(out_stream.file, out_fd.file);
    assert_eq!(err_stream.file, err_fd.file);
    assert_ne!(out_fd.file, err_fd.file);
    let f = out_fd.file.clone().unwrap();
    assert!(f.starts_with("pipe:["), "stdout is a pipe here: {f}");
    // Pipes have no offsets; nothing is created or destroyed for them.
    assert!(ops.iter().all(|o| o.offset.is_none()), "{ops:?}");
    assert!(a.events_of("IoCreateHandle").is_empty());
    assert!(a.events_of("IoDestroyHandle").is_empty());
    // stdin (/dev/null here) is pre-created too, read-only.
    let stdin: Vec<&Handle> = a
        .handles
        .iter()
        .filter(|h| h.file.as_deref() == Some("/dev/null"))
        .collect();
    assert_eq!(
        stdin.len(),
        2,
        "descriptor 0 and the stdin stream: {stdin:?}"
    );
    for h in stdin {
        assert_eq!(h.pre_created_state.as_ref().unwrap().mode, "READ_ONLY");
    }
}

#[test]
fn failed_calls_carry_errno_and_nothing_else() {
    let dir = TestDir::new("failures");
    let trace = dir.join("trace");
    let prog = compile(&dir, "failures", &[]);
    let plain = run_untraced(&prog, dir.path(), &[]);
    plain.assert_ok("untraced failures");
    let traced_run = run_traced_ok(&prog, &dir, &trace, &[]);
    assert_eq!(
        traced_run.stdout, plain.stdout,
        "the program sees other return values or errno values when traced"
    );
    assert_eq!(traced_run.stderr, plain.stderr);
    assert_eq!(
        plain.stdout,
        "open = -1 errno = 2\nunlink = -1 errno = 2\nfopen = NULL errno = 2\n\
         mkdir = -1 errno = 17\nrmdir = -1 errno = 2\naccess = 0 errno = 1234\n"
    );

    let a = convert_and_check(&trace, &dir.join("failures.otf2"));
    let calls = a.calls();
    let failed: Vec<(String, Option<u64>)> = calls
        .iter()
        .filter(|c| c.region != "printf")
        .map(|c| (c.region.clone(), c.errno()))
        .collect();
    let f = |r: &str, e: Option<u64>| (r.to_string(), e);
    assert_eq!(
        failed,
        [
            f("open", Some(2)),
            f("unlink", Some(2)),
            f("fopen", Some(2)),
            f("mkdir", Some(17)),
            f("rmdir", Some(2)),
            f("access", None),
        ]
    );
    for c in calls.iter().filter(|c| c.region != "printf") {
        assert!(
            c.events.is_empty(),
            "{}: events besides Enter/Leave: {:?}",
            c.region,
            c.events
        );
    }
    for c in calls.iter().filter(|c| c.region == "printf") {
        assert_eq!(c.errno(), None, "successful printf without errno");
    }
    assert!(a.events_of("IoCreateHandle").is_empty());
    assert!(a.events_of("IoDeleteFile").is_empty());
    // The text dump names the error.
    let text = text_dump(&trace);
    assert!(
        text.lines().any(|l| l.contains("unlink(path=")
            && l.ends_with("= -1 errno=2 (No such file or directory (os error 2))")),
        "{text}"
    );
}

/// Relative paths, chdir, symbolic links: every call names the file it really acts on.
#[test]
fn paths_relative_chdir_and_symlinks() {
    let dir = TestDir::new("paths");
    let trace = dir.join("trace");
    let prog = compile(&dir, "paths", &[]);
    let plain_dir = dir.subdir("u");
    let plain = run_untraced(&prog, &plain_dir, &[]);
    plain.assert_ok("untraced paths");
    let work = dir.subdir("t");
    let mut c = traced(&prog, &work, &trace);
    c.arg(&work);
    let r = run(&mut c);
    r.assert_ok("traced paths");
    assert_eq!(r.stdout, plain.stdout);
    let w = work.to_string_lossy().into_owned();
    let a = convert_and_check(&trace, &dir.join("paths.otf2"));

    // rel.dat written in DIR, read back as ../rel.dat from DIR/sub, and through link.dat.
    let rel = format!("{w}/rel.dat");
    assert_eq!(
        op_tuples(&a.ops_on(&rel)),
        [
            op("write", "WRITE", 5, 5, Some(0)),
            op("read", "READ", 5, 5, Some(0)),
            op("read", "READ", 3, 3, Some(0)),
        ]
    );
    // After chdir(sub), "rel.dat" is another file.
    assert_eq!(
        op_tuples(&a.ops_on(&format!("{w}/sub/rel.dat"))),
        [op("write", "WRITE", 9, 9, Some(0))]
    );
    // unlink(link.dat) deletes the link, not its target; rename names the renamed file.
    let deleted: Vec<String> = a
        .events_of("IoDeleteFile")
        .iter()
        .map(|e| e.file.clone().unwrap())
        .collect();
    assert_eq!(deleted, [format!("{w}/link.dat")]);
    // Unusual file names.
    assert_eq!(
        op_tuples(&a.ops_on(&format!("{w}/sp ace \u{fc}.dat"))),
        [op("write", "WRITE", 3, 3, Some(0))]
    );
    assert_eq!(
        op_tuples(&a.ops_on(&format!("{w}/new\nline.dat"))),
        [op("write", "WRITE", 4, 4, Some(0))]
    );
    let text = text_dump(&trace);
    for line in [
        format!("lstat(path=\"{w}/link.dat\") = 0"),
        format!("readlink(path=\"{w}/link.dat\", bufsiz=256) = 7"),
        format!("symlink(target=-, linkpath=\"{w}/link.dat\") = 0"),
        format!("unlink(path=\"{w}/link.dat\") = 0"),
        format!("stat(path=\"{rel}\") = 0"),
        format!("rename(from=\"{rel}\", to=\"{w}/renamed.dat\") = 0"),
    ] {
        assert!(
            text.lines().any(|l| l.ends_with(&line)),
            "no line ending with {line:?} in\n{text}"
        );
    }
}

/// stdin inherited at an offset (a pre-created handle with its position), stdout
/// redirected into a file with freopen.
#[test]
fn inherited_stdin_offset_and_freopen_of_stdout() {
    use std::io::Read;
    let dir = TestDir::new("redirect");
    let trace = dir.join("trace");
    let prog = compile(&dir, "redirect", &[]);
    let input = dir.join("stdin.txt");
    std::fs::write(&input, "0123456789abcdefghij").unwrap();
    let mut f = std::fs::File::open(&input).unwrap();
    let mut five = [0u8; 5];
    f.read_exact(&mut five).unwrap();
    let mut c = traced(&prog, dir.path(), &trace);
    c.arg(dir.path()).stdin(f);
    let r = run(&mut c);
    r.assert_ok("redirect");
    assert_eq!(r.stdout, "");
    let out = format!("{}/redirected.txt", dir.str());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "12345\nabc\n");

    let a = convert_and_check(&trace, &dir.join("redirect.otf2"));
    let inp = input.to_string_lossy().into_owned();
    let reads = a.ops_on(&inp);
    assert_eq!(op_tuples(&reads), [op("read", "READ", 10, 10, Some(5))]);
    let h = a.handle(reads[0].handle_id);
    assert!(h.has_flag("PRE_CREATED"));
    assert_eq!(h.pre_created_state.as_ref().unwrap().mode, "READ_ONLY");

    // freopen closed the pre-created stdout stream and its descriptor, and opened the file.
    let fr = &a.calls_of("freopen")[0];
    let destroyed: Vec<&Handle> = fr
        .of_type("IoDestroyHandle")
        .iter()
        .map(|e| a.handle(e.handle_id.unwrap()))
        .collect();
    assert_eq!(destroyed.len(), 2, "{destroyed:?}");
    assert!(
        destroyed.iter().all(|h| h.has_flag("PRE_CREATED")),
        "{destroyed:?}"
    );
    let created = fr.of_type("IoCreateHandle");
    assert_eq!(created.len(), 2);
    assert!(created
        .iter()
        .all(|e| e.file.as_deref() == Some(out.as_str())));
    assert_eq!(created[0].paradigm.as_deref(), Some("ISOC"));
    assert_eq!(
        op_tuples(&a.ops_on(&out)),
        [
            op("printf", "WRITE", 6, 6, Some(0)),
            op("puts", "WRITE", 4, 4, Some(6))
        ]
    );
    assert!(a
        .ops_on(&out)
        .iter()
        .all(|o| o.handle_id == created[0].handle_id.unwrap()));
}

/// A stream and the descriptor under it share one file position that stdio moves by
/// buffered amounts: an Offset after mixing them must be right or absent, never wrong.
#[test]
fn stream_and_descriptor_mixed() {
    let dir = TestDir::new("mixed");
    let trace = dir.join("trace");
    let prog = compile(&dir, "mixed", &[]);
    let out = dir.join("stdout.txt");
    let mut c = traced(&prog, dir.path(), &trace);
    c.arg(dir.path())
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::process::Stdio::inherit());
    assert!(c.status().unwrap().success());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "hello 1\nx\n");
    let mixed = format!("{}/mixed.dat", dir.str());
    assert_eq!(
        std::fs::read_to_string(&mixed).unwrap(),
        "0123456789abABCDE"
    );
    let a = convert_and_check(&trace, &dir.join("mixed.otf2"));
    let ok = |o: &Op, actual: u64| {
        assert!(
            o.offset.is_none() || o.offset == Some(actual),
            "{} {} bytes at {actual} in {:?}: the archive says offset {:?}",
            o.region,
            o.bytes_result,
            o.file,
            o.offset
        )
    };
    let so = a.ops_on(&out.to_string_lossy());
    let w1: Vec<&Op> = so.iter().filter(|o| o.region == "write").collect();
    assert_eq!(w1.len(), 1);
    ok(w1[0], 8);
    let mo = a.ops_on(&mixed);
    let regions: Vec<&str> = mo.iter().map(|o| o.region.as_str()).collect();
    assert_eq!(regions, ["fwrite", "fflush", "write", "fwrite"]);
    ok(&mo[0], 0);
    ok(&mo[2], 10);
    ok(&mo[3], 12);
    assert_eq!(
        mo[0].offset,
        Some(0),
        "nothing mixed yet: the offset is known"
    );
}
