//! scripts/install.sh: an install into a prefix by an unprivileged user, the tree moved
//! elsewhere and used from there (recording an MPI-IO program under mpirun, converting,
//! summarising, the man pages, the bash, zsh and fish completions), the modulefile of a moved tree, the
//! launcher finding its library from a copied tree, install.sh's one-line errors, and the
//! Spack recipe's install command run as the recipe writes it.

use e2e_tests::*;
use serde_json::Value;
use std::collections::BTreeSet;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The unprivileged account the install runs as (created once, kept between runs).
const USER: &str = "recorder-otf2-user";

macro_rules! need {
    ($cond:expr, $why:expr) => {
        if !$cond {
            eprintln!("skipped: {}", $why);
            return;
        }
    };
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// Held by the tests that read target/release while the Spack test's `cargo build` may
/// touch it.
fn target_lock() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The uid of [`USER`], made with useradd on first use.
fn unprivileged_uid() -> u32 {
    static UID: OnceLock<u32> = OnceLock::new();
    *UID.get_or_init(|| {
        let id = || run(Command::new("id").args(["-u", USER]));
        let mut r = id();
        if !r.status.success() {
            run(Command::new("useradd").args([
                "--system",
                "--no-create-home",
                "--shell",
                "/usr/sbin/nologin",
                USER,
            ]))
            .assert_ok("useradd");
            r = id();
        }
        r.assert_ok("id -u");
        r.stdout.trim().parse().expect("a uid")
    })
}

/// `runuser -u USER -- env HOME=home PROGRAM`, in `cwd`, without the recorder's settings or
/// a target folder of the caller's; append the arguments.
fn as_user(cwd: &Path, home: &Path, program: impl AsRef<std::ffi::OsStr>) -> Command {
    let mut c = command("runuser", cwd);
    c.env_remove("CARGO_TARGET_DIR")
        .env_remove("OMPI_MCA_io")
        .args(["-u", USER, "--", "env"])
        .arg(format!("HOME={}", home.display()))
        .arg(program);
    c
}

/// `src` at `dst`: a hard link when they share a file system (the launcher is 80 MB), a copy
/// otherwise.
fn place(src: &Path, dst: &Path) {
    std::fs::create_dir_all(dst.parent().unwrap()).unwrap();
    if std::fs::hard_link(src, dst).is_err() {
        std::fs::copy(src, dst).unwrap_or_else(|e| panic!("copy {}: {e}", src.display()));
    }
}

/// What a user's checkout holds after `cargo build --release`: install.sh, the files it
/// installs from the source tree and target/release's programs and library. Copied, since
/// the workspace may sit where the user cannot read (root's home in CI).
fn user_checkout(to: &Path) {
    let b = build();
    for f in [
        "scripts/install.sh",
        "README.md",
        "LICENSE-MIT",
        "LICENSE-APACHE",
    ] {
        place(&b.root.join(f), &to.join(f));
    }
    for e in std::fs::read_dir(b.root.join("docs")).unwrap() {
        let p = e.unwrap().path();
        place(&p, &to.join("docs").join(p.file_name().unwrap()));
    }
    let release = b.lib.parent().unwrap();
    for f in [&b.lib, &b.launcher, &b.to_otf2, &b.to_text] {
        place(f, &to.join("target/release").join(f.file_name().unwrap()));
    }
    let replay = release.join("recorder-otf2-replay-mpi");
    if replay.is_file() {
        place(&replay, &to.join("target/release/recorder-otf2-replay-mpi"));
    }
}

fn chown_to_user(path: &Path) {
    run(Command::new("chown").arg("-R").arg(USER).arg(path)).assert_ok("chown");
}

/// The user installs from a checkout, moves the tree, removes the checkout, and uses the
/// moved tree: an MPI-IO program recorded under mpirun at 2 ranks, converted, summarised;
/// every man page renders; the bash completion completes subcommands and their options.
#[test]
fn user_install_moved_records_converts_and_documents() {
    need!(
        is_root(),
        "not root: an unprivileged user is made with useradd"
    );
    need!(
        have_program("mpirun.openmpi"),
        "mpirun.openmpi not found on PATH"
    );
    let uid = unprivileged_uid();
    let dir = TestDir::new("install-user");
    let prog = compile_mpi(&dir, "mpi_jobs.c", &[]);
    let home = dir.subdir("home");
    let checkout = home.join("checkout");
    {
        let _target = target_lock();
        user_checkout(&checkout);
    }
    chown_to_user(&home);

    let prefix = home.join("prefix");
    let r = run(as_user(&home, &home, "bash")
        .arg(checkout.join("scripts/install.sh"))
        .args(["--no-build", "--prefix"])
        .arg(&prefix));
    r.assert_ok("install.sh --no-build as the user");
    assert!(r.stdout.contains("installed recorder-otf2"), "{}", r.stdout);
    let owner = std::fs::metadata(prefix.join("bin/recorder-otf2"))
        .unwrap()
        .uid();
    assert_eq!(owner, uid, "the installed tree belongs to the user");

    let tree = home.join("elsewhere/tree");
    run(as_user(&home, &home, "mkdir").arg(tree.parent().unwrap())).assert_ok("mkdir");
    run(as_user(&home, &home, "mv").arg(&prefix).arg(&tree)).assert_ok("mv");
    std::fs::remove_dir_all(&checkout).unwrap();

    record_convert_summarise(&tree, &home, &prog);
    man_pages_render(&tree, &home);
    bash_completion_completes(&tree, &home);
    zsh_and_fish_completions_load(&tree, &home);
}

/// mpi_jobs at 2 ranks (each rank writes 64 bytes of jobs.dat at rank*64 with
/// MPI_File_write_at_all) recorded by the moved launcher, converted by the moved
/// recorder2otf2, summarised by the moved launcher, all as the user.
fn record_convert_summarise(tree: &Path, home: &Path, prog: &Path) {
    let bin = tree.join("bin");
    let data = home.join("data");
    let trace = home.join("trace");
    run(as_user(home, home, "mkdir").arg(&data)).assert_ok("mkdir data");
    let r = run(as_user(home, home, "mpirun.openmpi")
        .args(["--oversubscribe", "-np", "2"])
        .arg(bin.join("recorder-otf2"))
        .arg("record")
        .arg("-o")
        .arg(&trace)
        .arg("--")
        .arg(prog)
        .arg(&data)
        .arg("write"));
    r.assert_ok("mpirun -np 2 recorder-otf2 record (moved tree, as the user)");
    let file = format!("{}/jobs.dat", data.display());
    assert_eq!(std::fs::metadata(&file).unwrap().len(), 128);

    let archive = home.join("out.otf2");
    let r = run(as_user(home, home, bin.join("recorder2otf2"))
        .arg(&trace)
        .arg(&archive));
    r.assert_ok("recorder2otf2 (moved tree, as the user)");
    let a = check(&archive);
    let groups: BTreeSet<&str> = a.location_groups.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(groups.len(), 2, "{groups:?}");
    for rank in 0..2 {
        let prefix = format!("rank {rank} (");
        assert!(groups.iter().any(|g| g.starts_with(&prefix)), "{groups:?}");
    }
    let mut writes: Vec<(u64, u64)> = a
        .ops_on(&file)
        .iter()
        .filter(|o| o.region == "MPI_File_write_at_all")
        .map(|o| (o.offset.unwrap_or(u64::MAX), o.bytes_result))
        .collect();
    writes.sort();
    assert_eq!(writes, vec![(0, 64), (64, 64)], "MPI-IO writes of {file}");

    let r = run(as_user(home, home, bin.join("recorder-otf2"))
        .args(["summary", "--json"])
        .arg(&trace));
    r.assert_ok("recorder-otf2 summary --json (moved tree, as the user)");
    let s: Value = serde_json::from_str(&r.stdout).expect("summary --json is JSON");
    let f = s["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["path"] == file.as_str() && f["layer"] == "MPI-IO")
        .unwrap_or_else(|| panic!("no MPI-IO entry for {file}: {}", r.stdout));
    assert_eq!(f["write_bytes"], 128, "{f}");
    assert_eq!(f["ranks"], serde_json::json!([0, 1]), "{f}");
}

/// The subcommands `recorder-otf2 --help` lists (without `help`).
fn subcommands(launcher: &Path) -> Vec<String> {
    let r = run(command(launcher, Path::new("/")).arg("--help"));
    r.assert_ok("recorder-otf2 --help");
    r.stdout
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(String::from)
        .collect()
}

/// A page for each command and subcommand, each rendering with `man -l` to its NAME and
/// options; for the main commands, an option known to be theirs.
fn man_pages_render(tree: &Path, home: &Path) {
    let man1 = tree.join("share/man/man1");
    let mut pages: Vec<String> = ["recorder-otf2", "recorder2otf2", "recorder2text"]
        .map(String::from)
        .to_vec();
    pages.extend(
        subcommands(&tree.join("bin/recorder-otf2"))
            .iter()
            .map(|c| format!("recorder-otf2-{c}")),
    );
    assert!(pages.contains(&"recorder-otf2-record".to_string()));
    let known = [
        ("recorder-otf2", "--version"),
        ("recorder-otf2-record", "--output"),
        ("recorder2otf2", "--threads"),
        ("recorder2text", "TRACE_DIR"),
    ];
    for page in &pages {
        let r = run(as_user(home, home, "man")
            .arg("-l")
            .arg(man1.join(format!("{page}.1")))
            .env("MANWIDTH", "200")
            .env("MANPAGER", "cat"));
        r.assert_ok(&format!("man -l {page}.1"));
        let name_line = r.stdout.lines().skip_while(|l| l.trim() != "NAME").nth(1);
        assert!(
            name_line.is_some_and(|l| l.split_whitespace().take(2).eq([page.as_str(), "-"])),
            "{page}.1's NAME:\n{}",
            r.stdout
        );
        assert!(r.stdout.contains("--help"), "{page}.1:\n{}", r.stdout);
        if let Some((_, option)) = known.iter().find(|(p, _)| p == page) {
            assert!(r.stdout.contains(option), "{page}.1 lacks {option}");
        }
    }
}

/// The installed bash completion, sourced in a plain bash: registered for recorder-otf2,
/// completing `rep` to the subcommands and `record --la` to the option.
fn bash_completion_completes(tree: &Path, home: &Path) {
    let script = tree.join("share/bash-completion/completions/recorder-otf2");
    let body = r#"source "$1" || exit 1
complete -p recorder-otf2
f=$(complete -p recorder-otf2 | sed -n 's/.* -F \([^ ]*\) .*/\1/p')
COMP_WORDS=(recorder-otf2 rep); COMP_CWORD=1
"$f" recorder-otf2 rep recorder-otf2; echo "${COMPREPLY[*]}"
COMP_WORDS=(recorder-otf2 record --la); COMP_CWORD=2
"$f" recorder-otf2 --la record; echo "${COMPREPLY[*]}""#;
    let r = run(as_user(home, home, "bash")
        .args(["--norc", "--noprofile", "-c", body, "bash"])
        .arg(&script));
    r.assert_ok("the bash completion");
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", r.stdout);
    assert!(
        lines[0].starts_with("complete ") && lines[0].ends_with(" recorder-otf2"),
        "{}",
        lines[0]
    );
    let subs: BTreeSet<&str> = lines[1].split_whitespace().collect();
    assert_eq!(subs, BTreeSet::from(["replay", "report"]), "{}", lines[1]);
    assert_eq!(lines[2], "--layers");
}

/// The installed zsh completion, found through `fpath` as a site folder would be: compinit
/// registers `_recorder-otf2` for the command; the fish completion, sourced, completes `rep`
/// to the two subcommands with their descriptions.
fn zsh_and_fish_completions_load(tree: &Path, home: &Path) {
    let zsh = tree.join("share/zsh/site-functions");
    let body = r#"fpath=("$1" $fpath); autoload -U compinit; compinit -u -D
print -r -- "${_comps[recorder-otf2]}""#;
    let r = run(as_user(home, home, "zsh").args(["-f", "-c", body, "zsh"]).arg(&zsh));
    r.assert_ok("the zsh completion");
    assert_eq!(r.stdout.trim(), "_recorder-otf2", "{}", r.stderr);

    let fish = tree.join("share/fish/vendor_completions.d/recorder-otf2.fish");
    let body = format!("source '{}'; complete -C 'recorder-otf2 rep'", fish.display());
    let r = run(as_user(home, home, "fish").args(["--no-config", "-c", &body]));
    r.assert_ok("the fish completion");
    let subs: BTreeSet<&str> = r
        .stdout
        .lines()
        .filter_map(|l| l.split('\t').next())
        .collect();
    assert_eq!(subs, BTreeSet::from(["replay", "report"]), "{}", r.stdout);
}

/// `bash scripts/install.sh ARGS` from the workspace (with `target` as CARGO_TARGET_DIR).
fn install_sh(args: &[&str], target: Option<&Path>) -> Run {
    let b = build();
    let mut c = command("bash", &b.root);
    c.arg(b.root.join("scripts/install.sh")).args(args);
    if let Some(t) = target {
        c.env("CARGO_TARGET_DIR", t);
    }
    run(&mut c)
}

/// Lmod's command, as Debian installs it.
const LMOD: &str = "/usr/share/lmod/lmod/libexec/lmod";

/// The modulefile of a tree installed then moved, loaded by Environment Modules' modulecmd
/// or Lmod (setup.sh installs the former): the moved bin/ first on PATH, its man pages on MANPATH with man's own
/// folders kept (a trailing empty element), everything undone by unload.
#[test]
fn modulefile_of_a_moved_tree() {
    // Debian's environment-modules and lmod packages conflict: whichever is installed.
    let tools: Vec<&str> = [
        ("modulecmd", have_program("modulecmd")),
        (LMOD, Path::new(LMOD).is_file()),
    ]
    .into_iter()
    .filter_map(|(tool, found)| found.then_some(tool))
    .collect();
    need!(
        !tools.is_empty(),
        "neither modulecmd (environment-modules) nor Lmod found"
    );
    let dir = TestDir::new("install-module");
    let first = dir.join("first");
    {
        let _target = target_lock();
        install_sh(&["--no-build", "--prefix", &first.to_string_lossy()], None)
            .assert_ok("install.sh --no-build");
    }
    let tree = dir.join("moved");
    std::fs::rename(&first, &tree).unwrap();
    for tool in tools {
        let body = format!(
            r#"eval "$({tool} bash load recorder-otf2)" || exit 1
command -v recorder-otf2; man -w recorder-otf2-record; echo "MANPATH=$MANPATH"
eval "$({tool} bash unload recorder-otf2)"; echo "PATH=$PATH""#
        );
        let r = run(command("env", dir.path())
            .arg("-i")
            .arg("PATH=/usr/bin:/bin")
            .arg(format!("HOME={}", dir.str()))
            .arg(format!(
                "MODULEPATH={}",
                tree.join("share/modulefiles").display()
            ))
            .args(["bash", "--norc", "--noprofile", "-c", &body]));
        r.assert_ok(&format!("{tool}: module load recorder-otf2"));
        let lines: Vec<&str> = r.stdout.lines().collect();
        let t = tree.display();
        assert_eq!(lines.len(), 4, "{tool}: {}\n{}", r.stdout, r.stderr);
        assert_eq!(lines[0], format!("{t}/bin/recorder-otf2"), "{tool}");
        assert_eq!(
            lines[1],
            format!("{t}/share/man/man1/recorder-otf2-record.1"),
            "{tool}"
        );
        let manpath = format!("MANPATH={t}/share/man:");
        assert!(lines[2].starts_with(&manpath), "{tool}: {}", lines[2]);
        assert_eq!(lines[3], "PATH=/usr/bin:/bin", "{tool}");
    }
}

/// `recorder-otf2 lib` run from `exe`, with RECORDER_OTF2_LIB when given.
fn lib_from(exe: &Path, env_lib: Option<&Path>) -> Run {
    let mut c = command(exe, Path::new("/"));
    c.arg("lib");
    if let Some(l) = env_lib {
        c.env("RECORDER_OTF2_LIB", l);
    }
    run(&mut c)
}

/// The launcher copied into a tree finds the library copied beside it, in ../lib, ../lib64
/// or ../lib/recorder-otf2 (also when run through a symbolic link from elsewhere);
/// RECORDER_OTF2_LIB wins; with none there, one line naming the library, exit 127.
#[test]
fn launcher_finds_its_library_from_a_copied_tree() {
    let b = build();
    let dir = TestDir::new("install-lookup");
    let _target = target_lock();
    let layouts = [
        ("beside", "bin", "bin"),
        ("lib", "bin", "lib"),
        ("lib64", "bin", "lib64"),
        ("own", "bin", "lib/recorder-otf2"),
    ];
    for (name, bin, lib) in layouts {
        let exe = dir.join(name).join(bin).join("recorder-otf2");
        let copied = dir.join(name).join(lib).join("librecorder_otf2.so");
        place(&b.launcher, &exe);
        place(&b.lib, &copied);
        let r = lib_from(&exe, None);
        r.assert_ok(&format!("recorder-otf2 lib ({name})"));
        assert_eq!(PathBuf::from(r.stdout.trim_end()), copied, "{name}");
    }
    let link = dir.join("elsewhere/recorder-otf2");
    std::fs::create_dir_all(link.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(dir.join("lib/bin/recorder-otf2"), &link).unwrap();
    let r = lib_from(&link, None);
    r.assert_ok("recorder-otf2 lib through a link");
    assert_eq!(
        r.stdout.trim_end(),
        dir.join("lib/lib/librecorder_otf2.so").to_string_lossy()
    );

    let r = lib_from(&dir.join("lib/bin/recorder-otf2"), Some(&b.lib));
    r.assert_ok("recorder-otf2 lib with RECORDER_OTF2_LIB");
    assert_eq!(PathBuf::from(r.stdout.trim_end()), b.lib);

    let alone = dir.join("alone/bin/recorder-otf2");
    place(&b.launcher, &alone);
    let r = lib_from(&alone, None);
    assert_eq!(r.code(), Some(127));
    assert_clean_error(
        &r,
        "recorder-otf2",
        "librecorder_otf2.so not found",
        "no library",
    );
}

/// Nonsense arguments, a prefix that cannot be made, and a missing build: one line naming
/// the problem, and the exit status --help documents.
#[test]
fn install_sh_refuses_bad_arguments_in_one_line() {
    let dir = TestDir::new("install-errors");
    let file = dir.join("a-file");
    std::fs::write(&file, "not a folder").unwrap();
    let under_file = file.join("prefix").to_string_lossy().into_owned();
    let empty_target = dir.subdir("empty-target");
    let prefix = dir.join("p").to_string_lossy().into_owned();
    let cases: [(&[&str], Option<&Path>, i32, &str); 7] = [
        (
            &["--prefix", &prefix, "--bogus"],
            None,
            2,
            "unknown argument '--bogus'",
        ),
        (&[], None, 2, "no prefix given"),
        (&["--no-build"], None, 2, "no prefix given"),
        (&["--prefix"], None, 2, "--prefix needs a folder"),
        (
            &["--prefix", "--no-build"],
            None,
            2,
            "not the option '--no-build'",
        ),
        (
            &["--no-build", "--prefix", &under_file],
            None,
            5,
            &under_file,
        ),
        (
            &["--no-build", "--prefix", &prefix],
            Some(&empty_target),
            4,
            "recorder-otf2 is missing",
        ),
    ];
    for (args, target, code, names) in cases {
        let r = install_sh(args, target);
        let what = format!("install.sh {}", args.join(" "));
        assert_eq!(r.code(), Some(code), "{what}: {}", r.stderr);
        assert_clean_error(&r, "install.sh", names, &what);
    }
    let r = install_sh(&["--help"], None);
    r.assert_ok("install.sh --help");
    assert!(
        r.stdout
            .starts_with("Usage: bash scripts/install.sh --prefix DIR"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("Exit status:"), "{}", r.stdout);
}

/// A missing build prerequisite (protoc, named by PROTOC): one line naming it, one saying
/// what to do, exit status 3, and nothing built.
#[test]
fn install_sh_names_a_missing_prerequisite() {
    let dir = TestDir::new("install-prerequisite");
    let prefix = dir.join("p").to_string_lossy().into_owned();
    let mut c = command("bash", &build().root);
    c.args(["scripts/install.sh", "--prefix", &prefix])
        .env("PROTOC", dir.join("no-protoc"));
    let r = run(&mut c);
    assert_eq!(r.code(), Some(3), "{}", r.stderr);
    let lines = r.stderr_lines();
    let names_protoc = |l: &&str| l.starts_with("install.sh: missing protoc");
    assert!(lines.iter().any(names_protoc), "{}", r.stderr);
    assert!(lines
        .last()
        .unwrap()
        .contains("install the missing prerequisites"));
    assert!(
        !r.stderr.contains("Compiling"),
        "built anyway:\n{}",
        r.stderr
    );
}

/// The recipe's install command (its `install_command` list, with the prefix appended, run
/// in the source tree as Spack's install phase runs it): it builds with cargo (nothing left
/// to do after the workspace's build) and installs a tree whose launcher finds its library.
#[test]
fn spack_recipe_install_command_installs() {
    let b = build();
    let recipe = b
        .root
        .join("scripts/spack/spack_repo/recorder_otf2/packages/recorder_otf2/package.py");
    let text = std::fs::read_to_string(&recipe).unwrap();
    let list = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("install_command = ["))
        .and_then(|l| l.strip_suffix(']'))
        .expect("the recipe's install_command = [...] line");
    let words: Vec<&str> = list
        .split(',')
        .map(|w| w.trim().trim_matches('"'))
        .collect();
    assert_eq!(words, ["scripts/install.sh", "--prefix"], "{list}");
    assert!(text.contains("bash(*self.install_command, prefix)"));

    let dir = TestDir::new("install-spack");
    let _target = target_lock();
    let prefix = dir.join("spack-prefix");
    let r = run(command("bash", &b.root).args(&words).arg(&prefix));
    r.assert_ok("the recipe's install command");
    let r = lib_from(&prefix.join("bin/recorder-otf2"), None);
    r.assert_ok("recorder-otf2 lib of the Spack-style install");
    assert_eq!(
        PathBuf::from(r.stdout.trim_end()),
        prefix.join("lib/librecorder_otf2.so")
    );
    for f in [
        "share/man/man1/recorder-otf2-record.1",
        "share/doc/recorder-otf2/LICENSE-APACHE",
        &format!(
            "share/modulefiles/recorder-otf2/{}",
            env!("CARGO_PKG_VERSION")
        ),
    ] {
        assert!(prefix.join(f).is_file(), "{f} not installed");
    }
}
