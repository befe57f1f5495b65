//! glibc coverage that cannot fall behind:
//! - every I/O function this machine's libc exports (the families of
//!   `io_events::glibc::IO_FAMILIES`) is wrapped by librecorder_otf2.so or listed, with its
//!   reason, in `io_events::glibc::NOT_WRAPPED`;
//! - programs that reach libc through the fortified forms (`__openat_2`, `__read_chk` ...),
//!   GNU tar, rsync and cp are traced completely: per file of their tree, the trace's opens,
//!   reads and writes (count, bytes, offsets) are strace's account of the same run.

use e2e_tests::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

// ------------------------------------------------------------------------------ symbols

/// The libc the recorder runs against, as the loader finds it (`ldd` of the library).
fn libc_path() -> PathBuf {
    let r = run(command("ldd", Path::new("/")).arg(&build().lib));
    r.assert_ok("ldd librecorder_otf2.so");
    let line = r
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("libc.so"))
        .unwrap_or_else(|| panic!("ldd names no libc.so:\n{}", r.stdout));
    // "libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x...)"
    let path = line.split("=> ").nth(1).and_then(|x| x.split(" (").next());
    PathBuf::from(path.unwrap_or_else(|| panic!("unexpected ldd line {line}")))
}

/// The public functions of an ELF file: `nm -D --defined-only` lines of code symbols
/// (T, W, i) whose version is not GLIBC_PRIVATE, without the version.
fn public_functions(path: &Path) -> BTreeSet<String> {
    let r = run(command("nm", Path::new("/"))
        .args(["-D", "--defined-only"])
        .arg(path));
    r.assert_ok("nm -D --defined-only libc");
    let mut v = BTreeSet::new();
    for l in r.stdout.lines() {
        let w: Vec<&str> = l.split_whitespace().collect();
        let [_, ty, sym] = w[..] else { continue };
        if !matches!(ty, "T" | "W" | "i") || sym.ends_with("GLIBC_PRIVATE") {
            continue;
        }
        v.insert(sym.split('@').next().unwrap().to_string());
    }
    v
}

#[test]
fn libc_io_functions_are_wrapped_or_excluded() {
    use io_events::glibc::{exclusion, io_family};
    let libc = libc_path();
    let exported = defined_symbols(&build().lib);
    let io: Vec<String> = public_functions(&libc)
        .into_iter()
        .filter(|s| io_family(s).is_some())
        .collect();
    assert!(io.len() > 300, "{}: only {} I/O functions", libc.display(), io.len());
    let mut p = Problems::default();
    let (mut wrapped, mut excluded) = (0, 0);
    for s in &io {
        match (exported.contains(s), exclusion(s)) {
            (true, None) => wrapped += 1,
            (false, Some(_)) => excluded += 1,
            (false, None) => p.0.push(format!(
                "{s} ({}) is neither wrapped nor in io_events::glibc::NOT_WRAPPED",
                io_family(s).unwrap()
            )),
            (true, Some(why)) => p.0.push(format!(
                "{s} is wrapped but listed as not wrapped ({why})"
            )),
        }
    }
    // A pattern of the list that names nothing this libc has is stale.
    for (pats, _) in io_events::glibc::NOT_WRAPPED {
        for pat in *pats {
            p.check(io.iter().any(|s| io_events::glibc::glob_match(pat, s)), || {
                format!("NOT_WRAPPED's {pat} matches no I/O function of {}", libc.display())
            });
        }
    }
    eprintln!(
        "{}: {} I/O functions: {wrapped} wrapped, {excluded} excluded",
        libc.display(),
        io.len()
    );
    p.finish("glibc coverage");
}

// ------------------------------------------------------------------------------ strace

/// The system calls strace records for the comparison.
const SYSCALLS: &str = "open,openat,creat,read,write,pread64,pwrite64,readv,writev,lseek,\
                        copy_file_range,sendfile,splice,chmod";

/// One data transfer on a file: (WRITE?, bytes, offset).
type Xfer = (bool, u64, u64);

/// Per file: the successful opens and the transfers (sorted).
#[derive(Debug, Default, PartialEq, Eq)]
struct Account {
    opens: BTreeMap<String, u64>,
    /// glibc 2.36's fchmodat with AT_SYMLINK_NOFOLLOW opens the file with O_PATH inside libc
    /// and changes the mode through /proc/self/fd: strace's O_PATH opens followed by a chmod,
    /// the trace's successful fchmodat calls with that flag.
    fchmodat_opens: BTreeMap<String, u64>,
    xfers: BTreeMap<String, Vec<Xfer>>,
}

impl Account {
    fn sort(&mut self) {
        self.xfers.values_mut().for_each(|v| v.sort());
    }
    fn bytes(&self, file: &str, write: bool) -> u64 {
        self.xfers
            .get(file)
            .map_or(0, |v| v.iter().filter(|x| x.0 == write).map(|x| x.1).sum())
    }
}

/// `program args...` run in `cwd` with the recorder writing into `trace`, under strace
/// (`-f -ff -y`, one log per process under `logs`; the recorder preloaded into the program
/// only).
fn run_straced(logs: &Path, trace: &Path, cwd: &Path, argv: &[&str]) -> Run {
    std::fs::create_dir_all(logs).unwrap();
    let mut c = command("strace", cwd);
    c.env("RECORDER_OTF2_DIR", trace)
        .args(["-f", "-ff", "-y", "-s", "0", "-e"])
        .arg(format!("trace={SYSCALLS}"))
        .arg("-o")
        .arg(logs.join("st"))
        .arg("-E")
        .arg(format!("LD_PRELOAD={}", build().lib.display()))
        .args(argv);
    run(&mut c)
}

/// The arguments of an strace line, split at the top-level commas.
fn split_args(s: &str) -> Vec<String> {
    let (mut v, mut cur, mut depth, mut quoted) = (Vec::new(), String::new(), 0i32, false);
    let mut prev = ' ';
    for ch in s.chars() {
        match ch {
            '"' if prev != '\\' => quoted = !quoted,
            '[' | '{' | '<' if !quoted => depth += 1,
            ']' | '}' | '>' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => {
                v.push(cur.trim().to_string());
                cur.clear();
                prev = ch;
                continue;
            }
            _ => {}
        }
        cur.push(ch);
        prev = ch;
    }
    v.push(cur.trim().to_string());
    v
}

/// `4</a/b>` -> (4, "/a/b").
fn fd_arg(a: &str) -> Option<(i64, String)> {
    let (n, rest) = a.split_once('<')?;
    Some((n.parse().ok()?, rest.strip_suffix('>')?.to_string()))
}

/// An offset argument: `NULL` -> None, `[123]` (or `[123] => [456]`) -> Some(123).
fn off_arg(a: &str) -> Option<u64> {
    let a = a.strip_prefix('[')?;
    a.split(']').next()?.parse().ok()
}

/// One process's strace log read into `acc` (files under `root` only).
fn read_log(text: &str, root: &str, acc: &mut Account) {
    let mut pos: BTreeMap<i64, u64> = BTreeMap::new();
    // An O_PATH open under `root` whose next call tells whether it was fchmodat's.
    let mut path_open: Option<String> = None;
    for l in text.lines() {
        if let Some(p) = path_open.take() {
            let opens = match l.starts_with("chmod(") {
                true => &mut acc.fchmodat_opens,
                false => &mut acc.opens,
            };
            *opens.entry(p).or_default() += 1;
        }
        let Some((name, rest)) = l.split_once('(') else { continue };
        // strace pads short calls before " = ".
        let Some((args, ret)) = rest.rsplit_once(" = ") else { continue };
        let Some(args) = args.trim_end().strip_suffix(')') else { continue };
        let Ok(n) = ret.split(['<', ' ']).next().unwrap_or("").parse::<i64>() else { continue };
        if n < 0 {
            continue;
        }
        let a = split_args(args);
        let mut xfer = |fd: &str, write: bool, off: Option<u64>, pos: &mut BTreeMap<i64, u64>| {
            let Some((fd, path)) = fd_arg(fd) else { return };
            let at = off.unwrap_or_else(|| {
                let p = pos.entry(fd).or_default();
                *p += n as u64;
                *p - n as u64
            });
            if path.starts_with(root) {
                acc.xfers.entry(path).or_default().push((write, n as u64, at));
            }
        };
        match name {
            "open" | "openat" | "creat" => {
                let path = ret.split_once('<').map(|x| x.1.trim_end_matches('>'));
                pos.insert(n, 0);
                match path.filter(|p| p.starts_with(root)) {
                    Some(p) if args.contains("O_PATH") => path_open = Some(p.to_string()),
                    Some(p) => *acc.opens.entry(p.to_string()).or_default() += 1,
                    None => {}
                }
            }
            "read" | "readv" => xfer(&a[0], false, None, &mut pos),
            "write" | "writev" => xfer(&a[0], true, None, &mut pos),
            "pread64" => xfer(&a[0], false, a[3].parse().ok(), &mut pos),
            "pwrite64" => xfer(&a[0], true, a[3].parse().ok(), &mut pos),
            "lseek" => {
                if let Some((fd, _)) = fd_arg(&a[0]) {
                    pos.insert(fd, n as u64);
                }
            }
            "copy_file_range" | "splice" => {
                xfer(&a[0], false, off_arg(&a[1]), &mut pos);
                xfer(&a[2], true, off_arg(&a[3]), &mut pos);
            }
            "sendfile" => {
                xfer(&a[1], false, off_arg(&a[2]), &mut pos);
                xfer(&a[0], true, None, &mut pos);
            }
            _ => {}
        }
    }
    if let Some(p) = path_open {
        *acc.opens.entry(p).or_default() += 1;
    }
}

/// strace's account of every process logged under `logs`.
fn strace_account(logs: &Path, root: &str) -> Account {
    let mut acc = Account::default();
    for e in std::fs::read_dir(logs).unwrap() {
        read_log(&std::fs::read_to_string(e.unwrap().path()).unwrap(), root, &mut acc);
    }
    acc.sort();
    acc
}

/// The calls whose handles count as opens (what strace sees as open/openat/creat).
const OPEN_CALLS: &[&str] = &[
    "open", "open64", "__open_2", "__open64_2", "openat", "openat64", "creat", "creat64",
    "opendir", "fopen", "fopen64", "mkstemp", "mkstemp64", "mkostemp", "mkostemp64",
];

/// The trace's account (through its OTF2 archive): POSIX handles created by open calls and
/// POSIX reads and writes, on files under `root`; its fchmodat calls that open the file
/// inside glibc (from the text dump: fchmodat creates no handle).
fn trace_account(trace: &Path, a: &Archive, root: &str) -> Account {
    let mut acc = Account::default();
    for l in text_dump(trace).lines() {
        let Some(rest) = l.split_once(" fchmodat(").map(|x| x.1) else { continue };
        let path = rest.split_once("path=\"").and_then(|x| x.1.split_once('"')).map(|x| x.0);
        let nofollow = rest.contains("flags=0x100)");
        if let Some(p) = path.filter(|p| nofollow && rest.ends_with(" = 0") && p.starts_with(root)) {
            *acc.fchmodat_opens.entry(p.to_string()).or_default() += 1;
        }
    }
    for c in a.calls() {
        if !OPEN_CALLS.contains(&c.region.as_str()) {
            continue;
        }
        for e in c.of_type("IoCreateHandle") {
            let posix = e.paradigm.as_deref() == Some("POSIX");
            if let Some(f) = e.file.as_ref().filter(|f| posix && f.starts_with(root)) {
                *acc.opens.entry(f.clone()).or_default() += 1;
            }
        }
    }
    for o in a.ops() {
        let Some(f) = o.file.as_ref().filter(|f| f.starts_with(root)) else { continue };
        if o.paradigm != "POSIX" || !matches!(o.mode.as_str(), "READ" | "WRITE") {
            continue;
        }
        let xfer = (o.mode == "WRITE", o.bytes_result, o.offset.unwrap_or(u64::MAX));
        acc.xfers.entry(f.clone()).or_default().push(xfer);
    }
    acc.sort();
    acc
}

/// Runs `argv` in `work` straced and traced, and compares the two accounts of the files
/// under `work` (returned: strace's account, the trace's folder).
fn compare(dir: &TestDir, name: &str, work: &Path, argv: &[&str]) -> (Account, PathBuf) {
    let trace = dir.join(format!("trace-{name}"));
    let logs = dir.join(format!("strace-{name}"));
    let r = run_straced(&logs, &trace, work, argv);
    r.assert_ok(&format!("strace {}", argv.join(" ")));
    let root = format!("{}/", work.display());
    let st = strace_account(&logs, &root);
    let a = convert_and_check(&trace, &dir.join(format!("{name}.otf2")));
    let tr = trace_account(&trace, &a, &root);
    assert!(!st.opens.is_empty() && !st.xfers.is_empty(), "{name}: strace saw nothing");
    let mut p = Problems::default();
    let files: BTreeSet<&String> = st.opens.keys().chain(tr.opens.keys()).collect();
    for f in files {
        let (s, t) = (st.opens.get(f), tr.opens.get(f));
        p.check(s == t, || format!("{name}: {f}: strace opens {s:?}, trace {t:?}"));
    }
    p.check(st.fchmodat_opens == tr.fchmodat_opens, || {
        format!("{name}: strace's O_PATH opens {:?}, the trace's fchmodat calls {:?}", st.fchmodat_opens, tr.fchmodat_opens)
    });
    let files: BTreeSet<&String> = st.xfers.keys().chain(tr.xfers.keys()).collect();
    for f in files {
        let (s, t) = (st.xfers.get(f), tr.xfers.get(f));
        p.check(s == t, || format!("{name}: {f}: strace (write?, bytes, offset) {s:?}, trace {t:?}"));
    }
    p.finish(name);
    let n: u64 = st.xfers.values().map(|v| v.len() as u64).sum();
    eprintln!("{name}: {} files opened, {n} transfers: trace = strace", st.opens.len());
    (st, trace)
}

// ------------------------------------------------------------------------------ programs

#[test]
fn fortified_openat_and_read_chk_match_strace() {
    let dir = TestDir::new("glibc-fortified");
    let prog = compile(&dir, "fortify_openat", &["-O2", "-D_FORTIFY_SOURCE=2"]);
    let imports = run(command("nm", Path::new("/")).arg("-D").arg(&prog)).stdout;
    for f in ["__openat_2", "__open_2", "__read_chk", "__pread_chk"] {
        assert!(imports.contains(&format!(" {f}@")), "the program does not call {f}");
    }
    let work = dir.subdir("work");
    let w = work.to_string_lossy().into_owned();
    let (st, _) = compare(&dir, "fortified", &work, &[prog.to_str().unwrap(), &w, "0", "0"]);
    let data = format!("{w}/data.bin");
    assert_eq!(st.opens.get(&data), Some(&3), "{st:?}");
    assert_eq!(
        st.xfers[&data],
        [(false, 100, 7000), (false, 1000, 0), (false, 3904, 4096), (false, 4096, 0),
         (true, 3000, 5000), (true, 5000, 0)]
    );
}

/// A small tree: files of several sizes (an empty one, some beyond tar's 10 KiB record)
/// in nested folders.
fn make_tree(root: &Path) -> u64 {
    let mut total = 0;
    for (i, sub) in ["", "a", "a/b", "c"].iter().enumerate() {
        let d = root.join(sub);
        std::fs::create_dir_all(&d).unwrap();
        for j in 0..3u64 {
            let n = [0, 777, 40_000, 150_001][(i + j as usize) % 4] as u64;
            let data: Vec<u8> = (0..n).map(|k| (k * 31 + j) as u8).collect();
            std::fs::write(d.join(format!("f{j}.dat")), data).unwrap();
            total += n;
        }
    }
    total
}

#[test]
fn gnu_tar_create_and_extract_match_strace() {
    let dir = TestDir::new("glibc-tar");
    let work = dir.subdir("work");
    let bytes = make_tree(&work.join("src"));
    let (st, _) = compare(&dir, "tar-c", &work, &["tar", "-cf", "t.tar", "src"]);
    let w = work.display();
    let tar = format!("{w}/t.tar");
    assert!(st.bytes(&tar, true) > bytes, "tar wrote {} bytes", st.bytes(&tar, true));
    assert_eq!(st.bytes(&format!("{w}/src/a/f2.dat"), false), 150_001);
    std::fs::create_dir(work.join("x")).unwrap();
    let (st, _) = compare(&dir, "tar-x", &work, &["tar", "-xf", "t.tar", "-C", "x"]);
    assert_eq!(st.bytes(&format!("{w}/x/src/a/f2.dat"), true), 150_001);
    assert!(st.opens.keys().filter(|k| k.contains("/x/")).count() >= 12, "{st:?}");
}

#[test]
fn rsync_archive_copy_matches_strace() {
    let dir = TestDir::new("glibc-rsync");
    if !have_program("rsync") {
        panic!("rsync is missing: scripts/setup.sh installs it");
    }
    let work = dir.subdir("work");
    let bytes = make_tree(&work.join("src"));
    let (st, _) = compare(&dir, "rsync", &work, &["rsync", "-a", "src/", "dst/"]);
    let copied: u64 = st
        .xfers
        .iter()
        .filter(|(f, _)| f.contains("/dst/"))
        .map(|(f, _)| st.bytes(f, true))
        .sum();
    assert_eq!(copied, bytes, "rsync's writes into dst/");
}

#[test]
fn cp_copy_file_range_matches_strace_and_is_no_damage() {
    let dir = TestDir::new("glibc-cp");
    let work = dir.subdir("work");
    let data: Vec<u8> = (0..3_000_000u64).map(|k| (k * 7 + k / 251) as u8).collect();
    std::fs::write(work.join("big.bin"), data).unwrap();
    let logs = dir.join("strace-cp");
    let (st, trace) = compare(&dir, "cp", &work, &["cp", "big.bin", "big.copy"]);
    let log: String = std::fs::read_dir(&logs)
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    assert!(log.contains("copy_file_range("), "cp did not use copy_file_range");
    assert_eq!(st.bytes(&format!("{}/big.copy", work.display()), true), 3_000_000);
    let r = run(command(&build().launcher, dir.path()).arg("summary").arg(&trace));
    r.assert_ok("recorder-otf2 summary");
    assert!(
        !r.stderr.contains("damaged") && !r.stdout.contains("damaged"),
        "summary calls the cp trace damaged:\n{}{}",
        r.stdout,
        r.stderr
    );
}
