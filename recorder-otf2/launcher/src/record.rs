//! `recorder-otf2 record -o DIR -- PROGRAM ARGS...`: run PROGRAM with librecorder_otf2.so
//! preloaded and the options passed through the environment. Under MPI, run one launcher per
//! rank (`mpirun -np 4 recorder-otf2 record -o DIR -- ./app`): every rank writes into DIR.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;

#[derive(clap::Args)]
pub struct Record {
    /// Trace directory (created if missing; shared by all processes and ranks of the run).
    #[arg(short = 'o', long = "output")]
    output: Option<PathBuf>,
    /// Layers to trace, comma-separated, in any case: POSIX, ISOC, MPI-IO, HDF5, netCDF,
    /// PnetCDF, ADIOS, MPI, or all (as the summary names them; stdio, mpiio, adios2 are
    /// accepted too; default: all but MPI).
    #[arg(long)]
    layers: Option<String>,
    /// Per-thread chunk size, 4K to 256M, e.g. 1M, 256K (default 1M; a number alone is
    /// bytes).
    #[arg(long, value_parser = parse_buffer_size)]
    buffer_size: Option<String>,
    /// Peephole window: how many recent records a record may refer to (1-16, default 3).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=16))]
    window: Option<u32>,
    /// Return addresses kept per call site, 0 to 7 (default 1: the program's call alone;
    /// 0: no call sites; more: a short stack, so that I/O a runtime library makes, such as
    /// libgfortran's, is given to the program's own line; about 1 us per call).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=7))]
    call_stack: Option<u32>,
    /// Time resolution in ns, 1 to 1000000 (default 10).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    time_resolution: Option<u32>,
    /// Path prefixes not to trace, colon-separated (default /proc:/sys:/dev).
    #[arg(long)]
    exclude: Option<String>,
    /// Path prefixes traced even under an excluded prefix (default /dev/shm).
    #[arg(long)]
    include: Option<String>,
    /// YAML file with the same options (environment and flags win).
    #[arg(long)]
    config: Option<PathBuf>,
    /// When the program ends, pack the trace (`recorder-otf2 pack`): under MPI the last
    /// rank of each node to finish packs that node's folders of the job into one file. The
    /// launcher then stays the program's parent (signals passed on, its exit status
    /// returned) instead of becoming the program.
    #[arg(long)]
    pack: bool,
    /// The program and its arguments.
    #[arg(required = true, trailing_var_arg = true, allow_hyphen_values = true)]
    program: Vec<String>,
}

const LIB: &str = "librecorder_otf2.so";

/// `--buffer-size`: the recorder's bounds (4K to 256M; a number alone is bytes), checked
/// here so that a bad flag is refused rather than replaced by the default with a warning.
fn parse_buffer_size(s: &str) -> Result<String, String> {
    let t = s.trim();
    let (num, shift) = match t.chars().last() {
        Some('k' | 'K') => (&t[..t.len() - 1], 10),
        Some('m' | 'M') => (&t[..t.len() - 1], 20),
        Some('g' | 'G') => (&t[..t.len() - 1], 30),
        _ => (t, 0),
    };
    match num.trim().parse::<u64>() {
        Ok(n)
            if n.checked_shl(shift)
                .is_some_and(|b| (4096..=256 << 20).contains(&b) && b >> shift == n) =>
        {
            Ok(s.to_string())
        }
        _ => Err(format!("'{s}' is not a size from 4K to 256M")),
    }
}

/// Where the preload library may sit relative to the folder of this executable: beside it
/// (target/release), or in an installed prefix's library folder (scripts/install.sh puts it
/// in lib/; distributions and Spack may use lib64/ or a folder of its own). Relative, so
/// that an installed tree still works when copied or moved.
const LIB_DIRS: [&str; 4] = [".", "../lib", "../lib64", "../lib/recorder-otf2"];

/// Find the preload library: $RECORDER_OTF2_LIB, else the first of [`LIB_DIRS`] that holds
/// it, relative to this executable (its real path: a symbolic link to it elsewhere works).
pub fn find_lib() -> Result<PathBuf, String> {
    if let Ok(p) = std::env::var("RECORDER_OTF2_LIB") {
        let p = PathBuf::from(p);
        return if p.is_file() {
            Ok(p)
        } else {
            Err(format!("{}: RECORDER_OTF2_LIB names no file", p.display()))
        };
    }
    let exe = std::env::current_exe().map_err(|e| format!("cannot locate this executable: {e}"))?;
    let dir = exe.parent().unwrap_or(Path::new("."));
    for c in LIB_DIRS.map(|d| dir.join(d).join(LIB)) {
        if c.is_file() {
            return c
                .canonicalize()
                .map_err(|e| format!("{}: {}", c.display(), e));
        }
    }
    Err(format!(
        "{LIB} not found beside {} or in {}; build it with `cargo build --release`, install with scripts/install.sh, or set RECORDER_OTF2_LIB",
        exe.display(),
        LIB_DIRS[1..].join(", ")
    ))
}

/// The trace directory, 0700 whatever the umask when made here (traces hold file names and
/// command lines); its parents as the umask says. One that exists is left as it is: the
/// recorder checks it (a real folder of this user) and makes every folder inside it 0700.
fn make_trace_dir(dir: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    match std::fs::DirBuilder::new().mode(0o700).create(dir) {
        Ok(()) => std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700)),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e),
    }
}

pub fn record(r: Record) -> Result<(), String> {
    let lib = find_lib()?;
    let prog = &r.program[0];
    let dir = match r.output {
        Some(d) => d,
        None => {
            let name = Path::new(prog)
                .file_name()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "program".into());
            PathBuf::from(format!("recorder-otf2-{}-{}", name, std::process::id()))
        }
    };
    make_trace_dir(&dir)
        .map_err(|e| format!("{}: cannot create the trace directory: {e}", dir.display()))?;
    let dir = dir
        .canonicalize()
        .map_err(|e| format!("{}: {}", dir.display(), e))?;
    let preload = match std::env::var("LD_PRELOAD") {
        Ok(p) if !p.is_empty() => format!("{}:{}", lib.display(), p),
        _ => lib.display().to_string(),
    };
    let mut cmd = Command::new(prog);
    cmd.args(&r.program[1..])
        .env("LD_PRELOAD", preload)
        .env("RECORDER_OTF2_DIR", &dir);
    let opts: [(&str, Option<String>); 8] = [
        ("RECORDER_OTF2_LAYERS", r.layers),
        ("RECORDER_OTF2_BUFFER_SIZE", r.buffer_size),
        ("RECORDER_OTF2_WINDOW", r.window.map(|w| w.to_string())),
        (
            "RECORDER_OTF2_CALL_STACK",
            r.call_stack.map(|n| n.to_string()),
        ),
        (
            "RECORDER_OTF2_TIME_RESOLUTION",
            r.time_resolution.map(|w| w.to_string()),
        ),
        ("RECORDER_OTF2_EXCLUDE", r.exclude),
        ("RECORDER_OTF2_INCLUDE", r.include),
        (
            "RECORDER_OTF2_CONFIG",
            r.config.map(|c| c.display().to_string()),
        ),
    ];
    for (k, v) in opts {
        if let Some(v) = v {
            cmd.env(k, v);
        }
    }
    if r.pack {
        return crate::autopack::run_then_pack(cmd, prog, &dir);
    }
    // exec: the program replaces the launcher (same pid, signals and exit status go straight
    // to the caller, and mpirun sees the program itself).
    let e = cmd.exec();
    Err(format!("{prog}: cannot run: {e}"))
}
