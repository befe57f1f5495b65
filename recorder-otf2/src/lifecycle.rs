//! The process's life as the recorder sees it: start-up (options, trace folder, metadata,
//! the file table and the handles open before tracing began), and fork (the child gets its
//! own folder and streams). It ties `runtime` (process and thread state, the hot path) and
//! `files` (the file table) together; exit, _exit and exec are `runtime::finish`.

use crate::call_site;
use crate::config::Config;
use crate::files::{self, Files};
use crate::runtime::{self, Process, FREE};
use io_events::functions::FUNCTIONS;
use io_events::meta::{ClockAnchor, Ending, ProcessMeta};
use parking_lot::Mutex;

/// Library constructor.
pub fn init() {
    runtime::busy(|| {
        runtime::init_thread_key();
        // SAFETY: plain functions with the signature pthread_atfork expects.
        unsafe {
            libc::pthread_atfork(
                Some(before_fork),
                Some(after_fork_parent),
                Some(after_fork_child),
            )
        };
        let exec_from = std::env::var("RECORDER_OTF2_EXEC_FROM").ok();
        if exec_from.is_some() {
            std::env::remove_var("RECORDER_OTF2_EXEC_FROM");
        }
        setup(None, exec_from);
        runtime::watch_exit();
    });
}

/// Set up the process: options, trace folder, metadata, definitions file, pre-created
/// handles. `forked_from` is set in a fork child.
fn setup(forked_from: Option<String>, exec_from: Option<String>) {
    let env = |k: &str| std::env::var(k).ok();
    let mut config = Config::load(&env, default_dir());
    let child = forked_from.is_some();
    // Once per process: a fork child and an exec'ed image have the same options.
    if forked_from.is_none() && exec_from.is_none() {
        for w in &config.warnings {
            let _ = runtime::write_all(
                2,
                format!("recorder-otf2: option problem: {w}\n").as_bytes(),
            );
        }
    }
    if config.disabled {
        return;
    }
    config.dir = absolute(&config.dir);
    // Children (fork, exec, spawn) inherit the directory through the environment, as an
    // absolute path so that a child that changes folder still writes into the same trace.
    if env("RECORDER_OTF2_DIR").as_deref() != Some(config.dir.as_str()) {
        std::env::set_var("RECORDER_OTF2_DIR", &config.dir);
    }
    let host = hostname();
    let pid = std::process::id();
    let (dir, dir_name) = match make_process_dir(&config.dir, &host, pid) {
        Ok((top, d, n)) => {
            config.dir = top;
            (d, n)
        }
        Err(e) => {
            let _ = runtime::write_all(
                2,
                format!("recorder-otf2: {e}; the program continues untraced\n").as_bytes(),
            );
            return;
        }
    };
    let mut clock = runtime::choose_clock(config.time_resolution_ns, config.monotonic);
    let start = ClockAnchor {
        monotonic_ns: runtime::now_ns(),
        realtime_ns: runtime::realtime_ns(),
    };
    if clock.tsc {
        // Tick 0 of the TSC clock is read right after the monotonic start anchor.
        #[cfg(target_arch = "x86_64")]
        {
            clock.tsc0 = unsafe { core::arch::x86_64::_rdtsc() };
        }
    }
    let mut options = config.as_map();
    options.insert(
        "clock".into(),
        if clock.tsc {
            format!(
                "tsc (shift {}, {} ns/tick)",
                clock.shift, clock.resolution_ns
            )
        } else {
            "monotonic".into()
        },
    );
    let (functions_file, functions) = match write_function_table(&config.dir) {
        Some(name) => (Some(name), Vec::new()),
        None => (None, FUNCTIONS.iter().map(|f| f.name.to_string()).collect()),
    };
    let meta = ProcessMeta {
        format_version: io_events::FORMAT_VERSION,
        recorder_version: env!("CARGO_PKG_VERSION").into(),
        host,
        user: env("USER").or_else(|| env("LOGNAME")),
        // SAFETY: getuid has no failure and touches no memory of ours.
        uid: Some(unsafe { libc::getuid() }),
        pid,
        ppid: unsafe { libc::getppid() } as u32,
        rank: None,
        job: io_events::launcher::job_id(),
        world_size: None,
        mpi_library: None,
        mpi_layers_off: None,
        clock_offsets: Vec::new(),
        cmdline: cmdline(),
        exe: std::env::current_exe()
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_default(),
        time_resolution_ns: config.time_resolution_ns,
        window: config.window as u16,
        start,
        end: None,
        ending: Ending::Running,
        failure: None,
        exit_status: None,
        signal: None,
        options,
        functions,
        functions_file,
        function_counts: Default::default(),
        records: 0,
        stream_bytes: 0,
        forked_from,
        exec_from,
    };
    let fd_base = runtime::fd_base();
    let defs_path = format!("{dir}/{}", io_events::layout::DEFS_FILE);
    files::install(Files::new(&config));
    let layers = config
        .layers
        .iter()
        .fold(0u8, |a, l| a | runtime::layer_bit(*l));
    let process = Process {
        config,
        dir,
        dir_name,
        start,
        meta: Mutex::new(meta),
        defs_fd: -1,
        fd_base,
        clock,
    };
    let call_stack = process.config.call_stack;
    let Some(p) = runtime::start(process, &defs_path) else {
        return;
    };
    files::register_precreated(child, p.fd_base);
    // The objects mapped now, for resolving call sites later (a fork child writes them
    // into its own defs.bin again).
    call_site::forget_written();
    call_site::init(call_stack);
    if call_site::enabled() {
        for d in call_site::new_objects() {
            runtime::write_def(&d);
        }
    }
    runtime::switch_on(p, layers);
}

/// Before fork: hold every recorder lock so that no other thread is half-way through an
/// update the child would inherit (and so that no lock is copied into the child held).
extern "C" fn before_fork() {
    runtime::lock_for_fork();
    files::lock_for_fork();
}

fn release_fork_locks() {
    runtime::unlock_after_fork();
    files::unlock_after_fork();
}

extern "C" fn after_fork_parent() {
    release_fork_locks();
}

/// In a fork child: the child gets its own folder and streams; the copies of the parent's
/// buffers are dropped (the parent writes them).
extern "C" fn after_fork_child() {
    let Some(parent) = runtime::process() else {
        return;
    };
    release_fork_locks();
    let parent_name = parent.dir_name.clone();
    runtime::forget_parent(parent);
    let _ = std::panic::catch_unwind(|| setup(Some(parent_name), None));
    runtime::set_busy(FREE);
}

/// The default trace directory: per job when a launcher says which job this process
/// belongs to (so that every rank of an MPI job writes into the same directory), per
/// process otherwise.
fn default_dir() -> String {
    let exe = std::env::current_exe()
        .ok()
        .and_then(|p| p.file_name().map(|s| s.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "program".into());
    match io_events::launcher::job_id() {
        Some(job) => format!("recorder-otf2-{exe}-job{job}"),
        None => format!("recorder-otf2-{}-{}", exe, std::process::id()),
    }
}

fn absolute(dir: &str) -> String {
    if dir.starts_with('/') {
        dir.to_string()
    } else {
        let cwd = std::env::current_dir()
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_else(|_| ".".into());
        format!("{}/{}", cwd.trim_end_matches('/'), dir)
    }
}

fn hostname() -> String {
    let mut b = [0u8; 256];
    unsafe { libc::gethostname(b.as_mut_ptr() as *mut libc::c_char, b.len()) };
    let n = b.iter().position(|&c| c == 0).unwrap_or(b.len());
    String::from_utf8_lossy(&b[..n]).into_owned()
}

fn cmdline() -> Vec<String> {
    std::fs::read("/proc/self/cmdline")
        .map(|b| {
            b.split(|&c| c == 0)
                .filter(|s| !s.is_empty())
                .map(|s| String::from_utf8_lossy(s).into_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// Make this process's folder in the trace directory (made too if missing); returns the
/// trace directory actually used (a symbolic link of the user's own resolved), the
/// folder's path and name. Every folder the recorder makes is 0700 whatever the umask.
fn make_process_dir(dir: &str, host: &str, pid: u32) -> Result<(String, String, String), String> {
    let dir = make_trace_dir(dir)?;
    for n in 0..1000 {
        let name = if n == 0 {
            format!("{host}.{pid}")
        } else {
            format!("{host}.{pid}.{n}")
        };
        let path = format!("{dir}/{name}");
        match make_private_dir(&path) {
            Ok(()) => return Ok((dir, path, name)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(format!("cannot create {path}: {e}")),
        }
    }
    Err(format!("too many process folders for pid {pid} in {dir}"))
}

/// mkdir 0700, then 0700 again through a descriptor that cannot be a link (a umask may
/// also have taken bits from the owner).
fn make_private_dir(path: &str) -> std::io::Result<()> {
    use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
    std::fs::DirBuilder::new().mode(0o700).create(path)?;
    let d = open_dir_nofollow(path)?;
    d.set_permissions(std::fs::Permissions::from_mode(0o700))
}

fn open_dir_nofollow(path: &str) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_DIRECTORY | libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(path)
}

/// The trace directory: made 0700 when missing (its parents are made as the umask says:
/// they are the user's own folders). Many processes (MPI ranks) make it at once, so one that
/// exists is used, if it is a real folder of this user. A symbolic link is followed only
/// when it belongs to this user (a link planted by someone else, e.g. in /tmp, is refused:
/// the trace would go where they chose).
fn make_trace_dir(dir: &str) -> Result<String, String> {
    use std::os::unix::fs::MetadataExt;
    let trimmed = dir.trim_end_matches('/');
    let trimmed = if trimmed.is_empty() { "/" } else { trimmed };
    if let Some(parent) = std::path::Path::new(trimmed).parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create trace directory {dir}: {e}"))?;
    }
    match make_private_dir(trimmed) {
        Ok(()) => return Ok(trimmed.to_string()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(format!("cannot create trace directory {dir}: {e}")),
    }
    let uid = unsafe { libc::geteuid() };
    let m = std::fs::symlink_metadata(trimmed)
        .map_err(|e| format!("cannot use trace directory {dir}: {e}"))?;
    let real = if m.file_type().is_symlink() {
        if m.uid() != uid {
            return Err(format!(
                "trace directory {dir} is a symbolic link of another user (uid {}); not followed",
                m.uid()
            ));
        }
        std::fs::canonicalize(trimmed)
            .map_err(|e| format!("cannot use trace directory {dir}: {e}"))?
            .to_string_lossy()
            .into_owned()
    } else {
        trimmed.to_string()
    };
    let d =
        open_dir_nofollow(&real).map_err(|e| format!("cannot use trace directory {dir}: {e}"))?;
    let m = d
        .metadata()
        .map_err(|e| format!("cannot use trace directory {dir}: {e}"))?;
    if m.uid() != uid {
        return Err(format!(
            "trace directory {dir} belongs to another user (uid {}); not used",
            m.uid()
        ));
    }
    Ok(real)
}

/// The function table, once per trace directory (io_events::layout::functions_file_name):
/// the first process of this build writes it under a name of its own and links it to its
/// final name (atomic: a reader never sees half a table; the others find it there). None
/// when it cannot be written or what is there is not a regular file: the process's
/// meta.yaml then holds the table itself.
fn write_function_table(trace_dir: &str) -> Option<String> {
    let names = FUNCTIONS.iter().map(|f| f.name);
    let name = io_events::layout::functions_file_name(names.clone());
    let fin = format!("{trace_dir}/{name}");
    if let Ok(m) = std::fs::symlink_metadata(&fin) {
        return m.file_type().is_file().then_some(name);
    }
    let tmp = format!("{trace_dir}/.{name}.{}.tmp", std::process::id());
    let text = io_events::layout::functions_text(names);
    let linked = runtime::write_private(&tmp, &text).and_then(|_| std::fs::hard_link(&tmp, &fin));
    let _ = std::fs::remove_file(&tmp);
    match linked {
        Ok(()) => Some(name),
        // Another process of the same build was first.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Some(name),
        Err(_) => None,
    }
}
