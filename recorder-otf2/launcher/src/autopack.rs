//! `record --pack`: run the program as a child, pass signals on, and when it has ended pack
//! the trace. Under an MPI launcher every rank's launcher marks its rank done in a hidden
//! folder of the trace directory; the one that completes its node's count packs the node's
//! folders of the job (io_events::pack), the others return at once.

use io_events::layout::process_dirs;
use io_events::meta::ProcessMeta;
use io_events::pack::trace::{pack_group, plan, safe, this_host};
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicI32, Ordering};

/// The child the signal handler passes signals to.
static CHILD: AtomicI32 = AtomicI32::new(0);

extern "C" fn forward(sig: libc::c_int) {
    let pid = CHILD.load(Ordering::Relaxed);
    if pid > 0 {
        // SAFETY: kill is async-signal-safe.
        unsafe { libc::kill(pid, sig) };
    }
}

/// Pass the signals a launcher or a shell sends to the program.
fn forward_signals() {
    for sig in [
        libc::SIGINT,
        libc::SIGTERM,
        libc::SIGHUP,
        libc::SIGQUIT,
        libc::SIGUSR1,
        libc::SIGUSR2,
        libc::SIGCONT,
    ] {
        // SAFETY: installs a handler that only calls kill.
        unsafe {
            libc::signal(
                sig,
                forward as extern "C" fn(libc::c_int) as libc::sighandler_t,
            )
        };
    }
}

pub fn run_then_pack(mut cmd: Command, prog: &str, dir: &Path) -> Result<(), String> {
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("{prog}: cannot run: {e}"))?;
    CHILD.store(child.id() as i32, Ordering::Relaxed);
    forward_signals();
    let status = child.wait().map_err(|e| format!("{prog}: {e}"))?;
    if let Err(e) = pack_when_last(dir, child.id()) {
        eprintln!("recorder-otf2: warning: the trace was not packed: {e}");
    }
    use std::os::unix::process::ExitStatusExt;
    if let Some(sig) = status.signal() {
        // Die of the same signal, as the program did (default action restored).
        // SAFETY: plain signal calls on this process.
        unsafe {
            libc::signal(sig, libc::SIG_DFL);
            libc::kill(libc::getpid(), sig);
        }
    }
    std::process::exit(status.code().unwrap_or(1));
}

/// Mark this rank done; when every rank of the node is, pack (once: the first to see it
/// takes a lock file).
fn pack_when_last(dir: &Path, pid: u32) -> Result<(), String> {
    let Some(meta) = own_meta(dir, pid) else {
        return Ok(()); // The program traced nothing (or not into this directory).
    };
    // This rank's place among the job's ranks on this node (io_events::launcher: Open MPI,
    // Hydra, Slurm), to know when the node's last one has ended.
    if let Some((rank, size)) = io_events::launcher::launch().and_then(|l| l.local) {
        let job = meta.job.clone().unwrap_or_default();
        let marks = dir.join(format!(".done-{}-{}", safe(&job), safe(&meta.host)));
        let _ = std::fs::create_dir(&marks);
        std::fs::write(marks.join(rank.to_string()), b"")
            .map_err(|e| format!("{}: {e}", marks.display()))?;
        let done = std::fs::read_dir(&marks)
            .map_err(|e| format!("{}: {e}", marks.display()))?
            .filter(|e| e.as_ref().is_ok_and(|e| e.file_name() != "lock"))
            .count();
        if done < size as usize {
            return Ok(());
        }
        let lock = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(marks.join("lock"));
        if lock.is_err() {
            return Ok(()); // Another rank of the node packs.
        }
        let r = pack_own_group(dir, &meta);
        let _ = std::fs::remove_dir_all(&marks);
        return r;
    }
    pack_own_group(dir, &meta)
}

/// Pack the group (job and host) the program's own folder is in.
fn pack_own_group(dir: &Path, meta: &ProcessMeta) -> Result<(), String> {
    let (groups, _) = plan(dir).map_err(|e| e.to_string())?;
    let own = groups.iter().find(|g| {
        g.members.iter().any(|m| {
            ProcessMeta::read(&m.dir.join("meta.yaml"))
                .is_ok_and(|x| x.pid == meta.pid && x.host == meta.host)
        })
    });
    match own {
        Some(g) => pack_group(dir, g, 9, false, &|| false)
            .map(|_| ())
            .map_err(|e| e.to_string()),
        None => Ok(()),
    }
}

/// The metadata of the program's own folder (its pid on this host).
fn own_meta(dir: &Path, pid: u32) -> Option<ProcessMeta> {
    let host = this_host();
    process_dirs(dir)
        .ok()?
        .into_iter()
        .filter(|d| !d.packed())
        .filter_map(|d| ProcessMeta::read(&d.meta()).ok())
        .find(|m| m.pid == pid && m.host == host)
}
