//! Real programs: Python interpreters and coreutils (cp, cat, sort, dd).

use e2e_tests::*;
use std::path::{Path, PathBuf};

/// A file of `n` bytes with a non-repeating pattern.
fn make_file(path: &Path, n: usize) {
    let data: Vec<u8> = (0..n).map(|i| (i * 7 + i / 251) as u8).collect();
    std::fs::write(path, data).unwrap();
}

/// Whether the binary imports `sym` (for explaining a failure).
fn imports(bin: &str, sym: &str) -> bool {
    let path = which(bin);
    let r = run(command("nm", Path::new("/")).arg("-D").arg(&path));
    r.stdout.lines().any(|l| {
        l.split_whitespace()
            .last()
            .map(|s| s.split('@').next() == Some(sym))
            == Some(true)
    })
}

fn which(bin: &str) -> PathBuf {
    std::env::split_paths(&std::env::var_os("PATH").unwrap())
        .map(|d| d.join(bin))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("{bin} not on PATH"))
}

/// Total bytes of the operations of one mode.
fn bytes(ops: &[Op], mode: &str) -> u64 {
    ops.iter()
        .filter(|o| o.mode == mode)
        .map(|o| o.bytes_result)
        .sum()
}

fn python_io(dir: &TestDir, python: &str) {
    let trace = dir.join("trace");
    let work = dir.subdir("work");
    let script = build().programs.join("io_script.py");
    let mut c = traced(python, &work, &trace);
    c.arg(&script).arg(&work);
    let r = run(&mut c);
    r.assert_ok(&format!("{python} io_script.py"));
    assert_eq!(r.stdout, "200 300\n");
    assert!(
        !r.stderr.contains("recorder-otf2"),
        "the recorder complained: {}",
        r.stderr
    );
    let a = convert_and_check(&trace, &dir.join("python.otf2"));
    let w = work.to_string_lossy().into_owned();
    let py = a.ops_on(&format!("{w}/py.dat"));
    assert_eq!(
        op_tuples(&py),
        [
            op("write", "WRITE", 3000, 3000, Some(0)),
            op("write", "WRITE", 1000, 1000, Some(3000)),
            op("read", "READ", 200, 200, Some(500)),
        ],
        "{python}: py.dat"
    );
    let py2 = a.ops_on(&format!("{w}/py2.dat"));
    assert_eq!(
        op_tuples(&py2),
        [
            op("write", "WRITE", 777, 777, Some(0)),
            op("write", "WRITE", 23, 23, Some(100)),
            op("read", "READ", 300, 300, Some(50)),
        ],
        "{python}: py2.dat"
    );
    assert!(py.iter().chain(&py2).all(|o| o.paradigm == "POSIX"));
    // All in the one process that ran the script.
    a.group_of_file(&format!("{w}/py.dat"));
    a.group_of_file(&format!("{w}/py2.dat"));
}

#[test]
fn python_system_interpreter() {
    let dir = TestDir::new("python-system");
    python_io(&dir, SYSTEM_PYTHON);
}

/// The `python3` first on PATH (here possibly a pyenv shim: a shell script that execs the
/// interpreter through several processes, all traced).
#[test]
fn python_on_path() {
    if !have_program("python3") {
        eprintln!("no python3 on PATH; skipped");
        return;
    }
    let on_path = which("python3").canonicalize().unwrap();
    if on_path == Path::new(SYSTEM_PYTHON).canonicalize().unwrap() {
        eprintln!("python3 on PATH is {SYSTEM_PYTHON}; covered by python_system_interpreter");
        return;
    }
    let dir = TestDir::new("python-path");
    python_io(&dir, "python3");
}

/// cp copies through traced reads and writes: read bytes == written bytes == file size.
#[test]
fn cp_copy_is_traced() {
    let dir = TestDir::new("cp");
    let trace = dir.join("trace");
    let src = dir.join("src.bin");
    let dst = dir.join("dst.bin");
    let size = 123_457usize;
    make_file(&src, size);
    let mut c = traced("cp", dir.path(), &trace);
    c.arg(&src).arg(&dst);
    run(&mut c).assert_ok("cp");
    assert_eq!(std::fs::read(&src).unwrap(), std::fs::read(&dst).unwrap());
    let a = convert_and_check(&trace, &dir.join("cp.otf2"));
    let (s, d) = (src.to_string_lossy(), dst.to_string_lossy());
    // cp opened both files.
    for f in [&s, &d] {
        assert_eq!(
            a.events_of("IoCreateHandle")
                .iter()
                .filter(|e| e.file.as_deref() == Some(f.as_ref()))
                .count(),
            1,
            "{f}"
        );
    }
    let read = bytes(&a.ops_on(&s), "READ");
    let written = bytes(&a.ops_on(&d), "WRITE");
    let why = if imports("cp", "copy_file_range") {
        " (cp imports copy_file_range(2), which moves the data in the kernel; recorder-otf2 \
         does not wrap copy_file_range, so the copy is invisible)"
    } else {
        ""
    };
    assert_eq!(
        (read, written),
        (size as u64, size as u64),
        "cp {size} bytes: traced reads of the source / writes of the copy{why}"
    );
}

/// cat FILE > FILE2: the bytes read from FILE are the bytes written to FILE2.
#[test]
fn cat_into_a_file_is_traced() {
    let dir = TestDir::new("cat-file");
    let trace = dir.join("trace");
    let src = dir.join("in.txt");
    let out = dir.join("out.txt");
    let size = 70_001usize;
    make_file(&src, size);
    let mut c = traced("cat", dir.path(), &trace);
    c.arg(&src);
    // The shell's `> out.txt`: stdout opened before the program starts.
    c.stdout(std::fs::File::create(&out).unwrap());
    let r = {
        let mut child = c.spawn().unwrap();
        child.wait().unwrap()
    };
    assert!(r.success());
    assert_eq!(std::fs::metadata(&out).unwrap().len(), size as u64);
    let a = convert_and_check(&trace, &dir.join("cat.otf2"));
    let s = src.to_string_lossy();
    let o = out.to_string_lossy();
    // out.txt is descriptor 1, open before tracing began: a pre-created handle.
    let stdout_h: Vec<&Handle> = a
        .handles
        .iter()
        .filter(|h| h.file.as_deref() == Some(o.as_ref()) && h.paradigm.as_deref() == Some("POSIX"))
        .collect();
    assert_eq!(stdout_h.len(), 1);
    assert!(stdout_h[0].has_flag("PRE_CREATED"));
    let read = bytes(&a.ops_on(&s), "READ");
    let written = bytes(&a.ops_on(&o), "WRITE");
    let why = if imports("cat", "copy_file_range") {
        " (cat imports copy_file_range(2) and uses it between regular files; recorder-otf2 \
         does not wrap copy_file_range)"
    } else {
        ""
    };
    assert_eq!(
        (read, written),
        (size as u64, size as u64),
        "cat {size} bytes into a file: traced reads / writes{why}"
    );
}

/// cat FILE into a pipe (copy_file_range does not apply): read()/write() are traced.
#[test]
fn cat_into_a_pipe() {
    let dir = TestDir::new("cat-pipe");
    let trace = dir.join("trace");
    let src = dir.join("in.txt");
    let size = 200_003usize;
    make_file(&src, size);
    let mut c = traced("cat", dir.path(), &trace);
    c.arg(&src);
    let r = run(&mut c);
    r.assert_ok("cat");
    assert_eq!(
        r.stdout.len(),
        String::from_utf8_lossy(&std::fs::read(&src).unwrap()).len()
    );
    let a = convert_and_check(&trace, &dir.join("cat.otf2"));
    let s = src.to_string_lossy();
    let reads = a.ops_on(&s);
    assert_eq!(bytes(&reads, "READ"), size as u64, "{reads:?}");
    // Consecutive reads at increasing offsets, the last one at the end of the file.
    let mut pos = 0;
    for o in &reads {
        assert_eq!(o.offset, Some(pos));
        pos += o.bytes_result;
    }
    assert_eq!(reads.last().unwrap().bytes_result, 0, "cat reads until EOF");
    let out: u64 = a
        .ops()
        .iter()
        .filter(|o| o.mode == "WRITE" && o.file.as_deref().unwrap_or("").starts_with("pipe:"))
        .map(|o| o.bytes_result)
        .sum();
    assert_eq!(out, size as u64);
}

/// sort -o OUT IN: every byte of IN is read and every byte of OUT written through traced calls.
#[test]
fn sort_is_traced() {
    let dir = TestDir::new("sort");
    let trace = dir.join("trace");
    let input = dir.join("unsorted.txt");
    let output = dir.join("sorted.txt");
    let lines: Vec<String> = (0..3000)
        .map(|i| format!("{}\n", (i * 7919) % 3001))
        .collect();
    std::fs::write(&input, lines.concat()).unwrap();
    let size = std::fs::metadata(&input).unwrap().len();
    let mut c = traced("sort", dir.path(), &trace);
    c.arg("-o").arg(&output).arg(&input);
    run(&mut c).assert_ok("sort");
    assert_eq!(std::fs::metadata(&output).unwrap().len(), size);
    let a = convert_and_check(&trace, &dir.join("sort.otf2"));
    let (i, o) = (input.to_string_lossy(), output.to_string_lossy());
    // sort opened its input (open + fdopen) and its output.
    assert!(a
        .events_of("IoCreateHandle")
        .iter()
        .any(|e| e.file.as_deref() == Some(i.as_ref())));
    assert!(a
        .handles
        .iter()
        .any(|h| h.file.as_deref() == Some(o.as_ref())));
    let read = bytes(&a.ops_on(&i), "READ");
    let written = bytes(&a.ops_on(&o), "WRITE");
    let mut why = String::new();
    for sym in ["fread_unlocked", "fwrite_unlocked"] {
        if imports("sort", sym) {
            why += &format!(" sort imports {sym}, which recorder-otf2 does not wrap;");
        }
    }
    assert_eq!(
        (read, written),
        (size, size),
        "sort of {size} bytes: traced reads of the input / writes of the output.{why}"
    );
}

/// dd bs/count: exact reads and writes, including a short read at the end of the input.
#[test]
fn dd_exact_blocks() {
    let dir = TestDir::new("dd");
    let trace = dir.join("trace");
    let src = dir.join("src.bin");
    let dst = dir.join("dst.bin");
    let short_dst = dir.join("short.bin");
    make_file(&src, 7_500);
    let mut c = traced("dd", dir.path(), &trace);
    c.arg(format!("if={}", src.display()))
        .arg(format!("of={}", dst.display()))
        .args(["bs=1000", "count=5"]);
    let r = run(&mut c);
    r.assert_ok("dd");
    assert!(r.stderr.contains("5+0 records in"), "{}", r.stderr);
    // 3 blocks requested from 2500 bytes left after skipping 5: 1000, 1000, 500.
    let mut c = traced("dd", dir.path(), &trace);
    c.arg(format!("if={}", src.display()))
        .arg(format!("of={}", short_dst.display()))
        .args(["bs=1000", "skip=5", "count=4"]);
    let r = run(&mut c);
    r.assert_ok("dd (short)");
    assert!(r.stderr.contains("2+1 records in"), "{}", r.stderr);

    let a = convert_and_check(&trace, &dir.join("dd.otf2"));
    assert_eq!(a.location_groups.len(), 2);
    let s = src.to_string_lossy().into_owned();
    let src_ops = a.ops_on(&s);
    let first = a.group_of_file(&dst.to_string_lossy());
    let second = a.group_of_file(&short_dst.to_string_lossy());
    let reads1: Vec<Op> = src_ops
        .iter()
        .filter(|o| o.group == first)
        .cloned()
        .collect();
    let reads2: Vec<Op> = src_ops
        .iter()
        .filter(|o| o.group == second)
        .cloned()
        .collect();
    let expected1: Vec<_> = (0..5)
        .map(|k| op("read", "READ", 1000, 1000, Some(k * 1000)))
        .collect();
    assert_eq!(op_tuples(&reads1), expected1, "dd count=5 reads");
    assert_eq!(
        op_tuples(&a.ops_on(&dst.to_string_lossy())),
        (0..5)
            .map(|k| op("write", "WRITE", 1000, 1000, Some(k * 1000)))
            .collect::<Vec<_>>(),
        "dd count=5 writes"
    );
    // The input is descriptor 0 (dd dup2's it there): the reads are on a duplicate of the
    // handle its open created.
    let dups = a.events_of("IoDuplicateHandle");
    assert!(
        dups.iter().any(|e| e.group == first
            && e.file.as_deref() == Some(s.as_str())
            && e.enclosing_region.as_deref() == Some("dup2")),
        "dup2 of the input: {dups:?}"
    );
    // skip=5: dd seeks to 5000 (lseek), then 1000, 1000, 500 and end of file.
    let seeks: Vec<&Event> = a
        .events_of("IoSeek")
        .into_iter()
        .filter(|e| {
            e.group == second
                && e.file.as_deref() == Some(s.as_str())
                && e.offset_request == Some(5000)
        })
        .collect();
    assert_eq!(seeks.len(), 1, "skip=5 seek");
    assert_eq!(seeks[0].offset_result, Some(5000));
    assert_eq!(
        op_tuples(&reads2),
        [
            op("read", "READ", 1000, 1000, Some(5000)),
            op("read", "READ", 1000, 1000, Some(6000)),
            op("read", "READ", 1000, 500, Some(7000)),
            op("read", "READ", 1000, 0, Some(7500)),
        ],
        "dd skip=5 count=4 reads"
    );
    assert_eq!(
        op_tuples(&a.ops_on(&short_dst.to_string_lossy())),
        [
            op("write", "WRITE", 1000, 1000, Some(0)),
            op("write", "WRITE", 1000, 1000, Some(1000)),
            op("write", "WRITE", 500, 500, Some(2000)),
        ]
    );
}
