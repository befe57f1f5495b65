//! Which file descriptors are traced, and the interning of paths into file ids.
//!
//! - `fd_traced` says whether an fd's calls are recorded (its state in `fd_table`): only fds
//!   the recorder saw being opened (or that were open at start-up) on a path that passes the
//!   filters. Sockets, eventfds and other fds made by calls that are not interposed stay
//!   untracked. One relaxed load per call: lock-free.
//! - Paths are turned into file ids once: a per-thread cache keyed by the raw path bytes
//!   (plus the cwd generation for relative paths) answers repeat calls without a lock or an
//!   allocation; a miss resolves the path (realpath), applies the include/exclude filters,
//!   finds the file system in the mount table and appends a File definition.
//!
//! A service on top of `runtime` (thread state, definitions, busy): the process's file
//! table is installed by `lifecycle` at start-up, next to the runtime's process state.

use crate::config::Config;
use crate::fd_table::{fd_state, set_fd, state_for, EXCLUDED, FD_MAX, TRACED, UNTRACKED};
use crate::runtime::{self, ThreadState};
use io_events::defs::{Def, FileKind};
use parking_lot::Mutex;
use std::ffi::CStr;
use std::hash::BuildHasher;
use std::os::raw::{c_char, c_int};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::*};

/// Sentinel file id for "no path".
pub const NO_FILE: u64 = u64::MAX;

/// Whether calls on `fd` are recorded. Calls on a descriptor the recorder did not see
/// opened (made by a raw system call, inherited as a socket, past FD_MAX) are not: they are
/// counted instead, so that the trace says what it misses.
#[inline(always)]
pub fn fd_traced(fd: c_int) -> bool {
    match fd_state(fd) {
        TRACED => true,
        UNTRACKED if fd >= 0 => {
            untracked_call();
            false
        }
        _ => false,
    }
}

/// Calls on descriptors the recorder did not see opened.
static UNTRACKED_CALLS: AtomicU64 = AtomicU64::new(0);

/// Count a call on an untracked descriptor; meta.yaml says how many
/// (`untracked_fd_calls`, rewritten at powers of two), the program's errno kept.
#[cold]
fn untracked_call() {
    // Only calls that would otherwise be recorded: not the recorder's own, nor those made
    // inside libraries' untraced internals.
    if !runtime::would_record(io_events::functions::Layer::Posix) {
        return;
    }
    let n = UNTRACKED_CALLS.fetch_add(1, Relaxed) + 1;
    if n.is_power_of_two() {
        let e = runtime::errno();
        runtime::busy(|| {
            runtime::update_meta(|m| {
                m.options.insert("untracked_fd_calls".into(), n.to_string());
            })
        });
        runtime::set_errno(e);
    }
}

/// Bumped by chdir/fchdir: relative paths cached before resolve differently after.
pub static CWD_GEN: AtomicU32 = AtomicU32::new(0);

/// The file id the per-thread path cache (`ThreadState::path_cache`: hash of (cwd
/// generation, last-component mode, raw path) -> (raw path, whether the last component was
/// followed, file id)) keeps for an excluded path.
const EXCLUDED_ID: u64 = u64::MAX - 1;

/// Process-wide file table and filters.
pub struct Files {
    exclude: Vec<String>,
    include: Vec<String>,
    trace_dir: String,
    mounts: Vec<(String, String)>,
    table: Mutex<hashbrown::HashMap<String, u64>>,
    hasher: hashbrown::DefaultHashBuilder,
}

static mut FILES: *mut Files = std::ptr::null_mut();

/// The process's file table, once start-up installed it.
#[inline(always)]
fn current() -> Option<&'static Files> {
    // SAFETY: written only while single-threaded (start-up, fork child) before the layers
    // are switched on, and never freed.
    unsafe { (*std::ptr::addr_of!(FILES)).as_ref() }
}

/// Make `files` the process's file table (start-up, and again in a fork child: file ids
/// are per process). Called while single-threaded, before the layers are switched on.
pub fn install(files: Files) {
    // SAFETY: see `current`; the previous table (a fork parent's) is left in place, like
    // the parent's process state.
    unsafe { *std::ptr::addr_of_mut!(FILES) = Box::into_raw(Box::new(files)) };
}

/// Before fork: hold the file table's lock so that no thread is half-way through an update
/// the child would inherit (released by [`unlock_after_fork`] in parent and child).
pub fn lock_for_fork() {
    if let Some(f) = current() {
        std::mem::forget(f.table.lock());
    }
}

pub fn unlock_after_fork() {
    if let Some(f) = current() {
        // SAFETY: locked (and its guard forgotten) in lock_for_fork on this thread.
        unsafe { f.table.force_unlock() };
    }
}

fn under(path: &str, prefix: &str) -> bool {
    // A filter that is not a path (`socket`, `anon_inode`) matches names of descriptors
    // that are not files by their beginning.
    if !prefix.starts_with('/') {
        return !prefix.is_empty() && path.starts_with(prefix);
    }
    let prefix = prefix.trim_end_matches('/');
    if prefix.is_empty() {
        return true;
    }
    path.starts_with(prefix)
        && (path.len() == prefix.len() || path.as_bytes()[prefix.len()] == b'/')
}

fn unescape_mount(s: &str) -> String {
    // mountinfo escapes space, tab, newline and backslash as \ooo.
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\'
            && i + 3 < b.len() + 0
            && b[i + 1..i + 4].iter().all(|c| (b'0'..=b'7').contains(c))
        {
            out.push(((b[i + 1] - b'0') << 6) | ((b[i + 2] - b'0') << 3) | (b[i + 3] - b'0'));
            i += 4;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn read_mounts() -> Vec<(String, String)> {
    let text = std::fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
    let mut v: Vec<(String, String)> = text
        .lines()
        .filter_map(|l| {
            let (left, right) = l.split_once(" - ")?;
            let mount = unescape_mount(left.split(' ').nth(4)?);
            let fstype = right.split(' ').next()?.to_string();
            Some((mount, fstype))
        })
        .collect();
    // Longest mount point first; later mounts over the same point win (stable sort keeps order,
    // so reverse first).
    v.reverse();
    v.sort_by(|a, b| b.0.len().cmp(&a.0.len()));
    v
}

fn canonical(p: &str) -> Option<String> {
    std::fs::canonicalize(p)
        .ok()
        .map(|p| p.to_string_lossy().into_owned())
}

/// Lexically clean an absolute path (no symlink resolution): `.`, `..`, `//`.
fn lexical(p: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for c in p.split('/') {
        match c {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            c => parts.push(c),
        }
    }
    format!("/{}", parts.join("/"))
}

impl Files {
    /// Filters and mount table for a process.
    pub fn new(config: &Config) -> Files {
        Files {
            exclude: config.exclude.clone(),
            include: config.include.clone(),
            trace_dir: canonical(&config.dir).unwrap_or_else(|| config.dir.clone()),
            mounts: read_mounts(),
            table: Mutex::new(hashbrown::HashMap::new()),
            hasher: Default::default(),
        }
    }

    /// Whether an absolute, resolved path is traced.
    pub fn traced(&self, path: &str) -> bool {
        if under(path, &self.trace_dir) {
            return false;
        }
        if self.include.iter().any(|p| under(path, p)) {
            return true;
        }
        !self.exclude.iter().any(|p| under(path, p))
    }

    fn mount_of(&self, path: &str) -> (String, String) {
        for (m, t) in &self.mounts {
            if under(path, m) {
                return (m.clone(), t.clone());
            }
        }
        ("/".into(), "unknown".into())
    }

    /// The id of a resolved name, defining it on first sight. `kind_hint` is asked only then:
    /// a name already defined costs no stat of the file.
    fn id_of(&self, name: &str, kind_hint: impl FnOnce() -> Option<FileKind>) -> u64 {
        let mut t = self.table.lock();
        if let Some(&id) = t.get(name) {
            return id;
        }
        let id = t.len() as u64;
        t.insert(name.to_string(), id);
        drop(t);
        let (kind, mount, fs_type) = if name.starts_with('/') {
            let kind = kind_hint().unwrap_or_else(|| match std::fs::metadata(name) {
                Ok(m) if m.is_dir() => FileKind::Directory,
                _ => FileKind::Regular,
            });
            let (m, t) = self.mount_of(name);
            (kind, m, t)
        } else {
            (FileKind::Other, String::new(), String::new())
        };
        runtime::write_def(&Def::File {
            id,
            kind,
            path: name.to_string(),
            fs_type,
            mount,
        });
        id
    }

    /// Resolve a path as the kernel would for `dirfd` and return the canonical absolute name.
    /// `follow`: whether a symbolic link in the last component is followed (open, stat) or
    /// names the link itself (lstat, readlink, unlink, rename, symlink's new name ...).
    fn resolve(&self, dirfd: c_int, raw: &str, follow: bool) -> String {
        let abs = if raw.starts_with('/') {
            raw.to_string()
        } else {
            let base = if dirfd == libc::AT_FDCWD {
                std::env::current_dir()
                    .map(|p| p.to_string_lossy().into_owned())
                    .unwrap_or_default()
            } else {
                std::fs::read_link(format!("/proc/self/fd/{dirfd}"))
                    .map(|p| p.to_string_lossy().into_owned())
                    .unwrap_or_default()
            };
            format!("{}/{}", base.trim_end_matches('/'), raw)
        };
        if !follow {
            // The folder is resolved, the last name is kept as it is ("." and ".." are
            // folders themselves, never links).
            let trimmed = abs.trim_end_matches('/');
            if let Some((dir, name)) = trimmed.rsplit_once('/') {
                if !name.is_empty() && name != "." && name != ".." {
                    if let Some(d) = canonical(if dir.is_empty() { "/" } else { dir }) {
                        return format!("{}/{}", d.trim_end_matches('/'), name);
                    }
                }
            }
        }
        if let Some(c) = canonical(&abs) {
            return c;
        }
        dangling_target(&abs, 40).unwrap_or_else(|| missing_file(&abs))
    }

    /// Intern a resolved name that is not a path (e.g. `"pipe:[123]"` from /proc/self/fd).
    pub fn intern_name(&self, name: &str) -> u64 {
        self.id_of(name, || None)
    }
}

/// A path whose last name is a symbolic link to a file that does not exist yet (an
/// O_CREAT open through a link creates the target): the target's name, so that the file
/// is one file whichever name the program used. `hops` bounds chains of links (ELOOP).
fn dangling_target(abs: &str, hops: u32) -> Option<String> {
    let target = std::fs::read_link(abs).ok()?;
    let target = target.to_string_lossy();
    let next = if target.starts_with('/') {
        target.into_owned()
    } else {
        let dir = lexical(abs);
        let dir = dir.rsplit_once('/').map_or("", |(d, _)| d);
        format!("{dir}/{target}")
    };
    match canonical(&next) {
        Some(c) => Some(c),
        None if hops > 0 => dangling_target(&next, hops - 1).or_else(|| Some(missing_file(&next))),
        None => None,
    }
}

/// A file that does not exist (any more): its folder resolved, its last name kept.
fn missing_file(abs: &str) -> String {
    let clean = lexical(abs);
    match clean.rsplit_once('/') {
        Some((dir, name)) if !name.is_empty() => {
            match canonical(if dir.is_empty() { "/" } else { dir }) {
                Some(d) => format!("{}/{}", d.trim_end_matches('/'), name),
                None => clean,
            }
        }
        _ => clean,
    }
}

/// Turn a path argument into a file id; `None` when the path is excluded (the call is then
/// not recorded). Cache hits take no lock and allocate nothing. A symbolic link in the last
/// component is followed (the call acts on the link's target).
pub fn intern_path(ts: &mut ThreadState, dirfd: c_int, path: *const c_char) -> Option<u64> {
    intern(ts, dirfd, path, true)
}

/// As [`intern_path`] for calls that act on a symbolic link itself, not on its target
/// (lstat, readlink, unlink, rename, symlink's new name ...).
pub fn intern_link(ts: &mut ThreadState, dirfd: c_int, path: *const c_char) -> Option<u64> {
    intern(ts, dirfd, path, false)
}

#[inline]
fn intern(ts: &mut ThreadState, dirfd: c_int, path: *const c_char, follow: bool) -> Option<u64> {
    let files = current()?;
    if path.is_null() {
        return Some(NO_FILE);
    }
    // SAFETY: the program passed a C string to the real call, which accepted or rejected it.
    let raw = unsafe { CStr::from_ptr(path) }.to_bytes();
    let relative = raw.first() != Some(&b'/');
    if relative && dirfd != libc::AT_FDCWD {
        return intern_slow(files, dirfd, raw, follow, None);
    }
    let gen = if relative {
        CWD_GEN.load(Relaxed)
    } else {
        u32::MAX
    };
    let h = files.hasher.hash_one((gen, follow, raw));
    if let Some((k, f, id)) = ts.path_cache.get(&h) {
        if &**k == raw && *f == follow {
            return if *id == EXCLUDED_ID { None } else { Some(*id) };
        }
    }
    intern_slow(files, dirfd, raw, follow, Some((ts, h)))
}

#[cold]
fn intern_slow(
    files: &Files,
    dirfd: c_int,
    raw: &[u8],
    follow: bool,
    cache: Option<(&mut ThreadState, u64)>,
) -> Option<u64> {
    runtime::busy(|| {
        let s = String::from_utf8_lossy(raw);
        let name = files.resolve(dirfd, &s, follow);
        let id = if files.traced(&name) {
            // A link itself is not a folder even when its target is (asked on first sight
            // only: an unlink of a file the program opened stats nothing).
            let kind = || {
                if follow {
                    return None;
                }
                match std::fs::symlink_metadata(&name) {
                    Ok(m) if m.is_dir() => Some(FileKind::Directory),
                    Ok(_) => Some(FileKind::Regular),
                    Err(_) => None,
                }
            };
            files.id_of(&name, kind)
        } else {
            EXCLUDED_ID
        };
        if let Some((ts, h)) = cache {
            ts.path_cache.insert(h, (raw.into(), follow, id));
        }
        if id == EXCLUDED_ID {
            None
        } else {
            Some(id)
        }
    })
    .flatten()
}

/// fcntl as a raw system call: never traced.
pub fn raw_fcntl(fd: c_int, cmd: c_int) -> i64 {
    unsafe { libc::syscall(libc::SYS_fcntl, fd, cmd, 0) }
}

extern "C" {
    static mut stdin: *mut libc::FILE;
    static mut stdout: *mut libc::FILE;
    static mut stderr: *mut libc::FILE;
}

/// Record the handles open before tracing began: every fd (0-2 always; others when their
/// path passes the filters; sockets and anonymous inodes are left untracked), and the
/// three standard streams. In a fork child only the fds the parent traced are kept. Fds
/// from `fd_base` on are the recorder's own.
pub fn register_precreated(child: bool, fd_base: c_int) {
    let Some(files) = current() else {
        return;
    };
    let Ok(rd) = std::fs::read_dir("/proc/self/fd") else {
        return;
    };
    let mut fds: Vec<c_int> = rd
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .collect();
    fds.sort();
    let mut std_files = [NO_FILE; 3];
    for fd in fds {
        if fd >= fd_base && fd > 2 {
            continue; // the recorder's own files (and the parent's, in a fork child)
        }
        let Some(target) = fd_target(fd) else {
            continue;
        };
        if child {
            if fd_state(fd) != TRACED {
                continue;
            }
        } else if fd > 2 {
            let state = if target.starts_with('/') {
                if target == "/proc/self/fd"
                    || target.starts_with("/proc/") && target.ends_with("/fd")
                {
                    continue; // the directory being listed
                }
                if files.traced(&target) {
                    TRACED
                } else {
                    EXCLUDED
                }
            } else if target.starts_with("pipe:") {
                TRACED
            } else {
                UNTRACKED
            };
            set_fd(fd, state);
            if state != TRACED {
                continue;
            }
        } else {
            set_fd(fd, TRACED);
        }
        let file = if target.starts_with('/') {
            files.id_of(&target, || None)
        } else {
            files.intern_name(&target)
        };
        if (0..3).contains(&fd) {
            std_files[fd as usize] = file;
        }
        let flags = raw_fcntl(fd, libc::F_GETFL);
        let offset = unsafe { libc::syscall(libc::SYS_lseek, fd, 0i64, libc::SEEK_CUR) };
        runtime::write_def(&Def::PreCreated {
            layer: 0,
            key: fd as u64,
            fd: fd as i64,
            file,
            flags: flags.max(0) as u32,
            offset,
        });
    }
    // The standard streams (ISO C), on fds 0-2.
    let streams = unsafe { [stdin, stdout, stderr] };
    let flags = [libc::O_RDONLY, libc::O_WRONLY, libc::O_WRONLY];
    for i in 0..3 {
        if streams[i].is_null() {
            continue;
        }
        if std_files[i] == NO_FILE && !child {
            std_files[i] = files.intern_name(&format!("fd {i} (closed at start)"));
        }
        if std_files[i] == NO_FILE {
            continue;
        }
        runtime::write_def(&Def::PreCreated {
            layer: 1,
            key: streams[i] as u64,
            fd: i as i64,
            file: std_files[i],
            flags: flags[i] as u32,
            offset: -1,
        });
    }
}

/// What an fd is open on, as the kernel names it (/proc/self/fd/N), read with the thread
/// marked busy so the readlink is not traced.
pub fn fd_target(fd: c_int) -> Option<String> {
    runtime::busy(|| {
        std::fs::read_link(format!("/proc/self/fd/{fd}"))
            .ok()
            .map(|p| p.to_string_lossy().into_owned())
    })
    .flatten()
}

/// The name of a descriptor that is not a file, as the kernel shows it (`pipe:[1234]`,
/// `socket:[5678]`, `anon_inode:[eventfd]`), memfds as `memfd:NAME`; a path for a file. Without
/// /proc, built from fstat (`pipe:[ino]`, `socket:[ino]`, `anon_inode:[ino]`).
fn fd_name(fd: c_int) -> Option<String> {
    if let Some(t) = fd_target(fd) {
        if let Some(m) = t.strip_prefix("/memfd:") {
            return Some(format!("memfd:{}", m.trim_end_matches(" (deleted)")));
        }
        return Some(t);
    }
    // SAFETY: fstat writes into the zeroed buffer.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    if unsafe { libc::syscall(libc::SYS_fstat, fd, &mut st) } != 0 {
        return None;
    }
    let kind = match st.st_mode & libc::S_IFMT {
        libc::S_IFIFO => "pipe",
        libc::S_IFSOCK => "socket",
        _ => "anon_inode",
    };
    Some(format!("{kind}:[{}]", st.st_ino))
}

/// After a call made a descriptor that is not a file (pipe, socket, eventfd, memfd ...):
/// its file id (filtered like a path: `RECORDER_OTF2_EXCLUDE=...:socket` leaves sockets out, then
/// None), and the fd is traced (or excluded) like an opened file's.
pub fn new_fd(ts: &mut ThreadState, fd: c_int, failed: bool) -> Option<u64> {
    if failed || fd < 0 {
        return Some(NO_FILE);
    }
    let id = match fd_name(fd) {
        Some(n) if n.starts_with('/') => {
            intern_path(ts, libc::AT_FDCWD, runtime::cstring(&n).as_ptr())
        }
        Some(n) => intern_pseudo(&n),
        None => Some(NO_FILE),
    };
    set_fd(fd, state_for(id));
    id
}

/// The id of a name that is not a path, unless a filter excludes it.
fn intern_pseudo(name: &str) -> Option<u64> {
    let files = current()?;
    runtime::busy(|| files.traced(name).then(|| files.intern_name(name))).flatten()
}

/// After fcloseall (which closes descriptors inside libc): every traced fd that is no longer
/// open stops being traced. One pass over the fd table: fcloseall is called about once.
pub fn forget_closed() {
    for fd in 0..FD_MAX as c_int {
        if fd_state(fd) == TRACED && raw_fcntl(fd, libc::F_GETFD) < 0 {
            set_fd(fd, UNTRACKED);
        }
    }
}

/// The id of the file an fd is open on (`NO_FILE` if unknown; an excluded path gives None).
pub fn intern_fd(ts: &mut ThreadState, fd: c_int) -> Option<u64> {
    match fd_target(fd) {
        Some(t) => intern_path(ts, libc::AT_FDCWD, runtime::cstring(&t).as_ptr()),
        None => Some(NO_FILE),
    }
}
