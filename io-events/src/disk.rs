//! Opening a trace's files on disk, guarded: regular files only, and symbolic links only
//! when they stay inside the trace directory. Beneath reading packs and the trace's layout,
//! which open every file on disk through it.

use std::path::{Path, PathBuf};

/// Open a file of a trace on disk for reading: regular files only (a FIFO would block forever, a
/// device would be read to exhaustion), and a symbolic link (of the file or of its process
/// folder) only when it stays inside the trace directory. Errors say what the file is.
pub fn open_disk_file(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
    let refuse = |why: Refused| std::io::Error::new(std::io::ErrorKind::InvalidData, why);
    check_links(path).map_err(refuse)?;
    // O_NONBLOCK: opening a FIFO without a writer returns at once instead of blocking.
    let f = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_CLOEXEC)
        .open(path)?;
    let t = f.metadata()?.file_type();
    if !t.is_file() {
        let what = if t.is_fifo() {
            "a FIFO"
        } else if t.is_char_device() || t.is_block_device() {
            "a device"
        } else if t.is_socket() {
            "a socket"
        } else if t.is_dir() {
            "a directory"
        } else {
            "not a regular file"
        };
        return Err(refuse(Refused::NotRegular(what)));
    }
    Ok(f)
}

/// Why [`open_disk_file`] refuses a file (the message of its `InvalidData` error).
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    #[error("a symbolic link that does not resolve")]
    Unresolved,
    #[error("a symbolic link leading out of the trace directory (to {})", .0.display())]
    LeavesTrace(PathBuf),
    /// What the file is instead (`a FIFO`, `a device` ...).
    #[error("{0}, not a regular file of a trace")]
    NotRegular(&'static str),
}

/// A symbolic link at the file or its process folder must resolve inside the trace
/// directory (the folder above the process folder).
fn check_links(path: &Path) -> Result<(), Refused> {
    let is_link = |p: &Path| std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_symlink());
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
    if !is_link(path) && !parent.is_some_and(is_link) {
        return Ok(());
    }
    let root = parent
        .and_then(|p| p.parent())
        .filter(|p| !p.as_os_str().is_empty());
    let root = root.unwrap_or(Path::new("."));
    let (Ok(target), Ok(root)) = (std::fs::canonicalize(path), std::fs::canonicalize(root)) else {
        return Err(Refused::Unresolved);
    };
    if target.starts_with(&root) {
        Ok(())
    } else {
        Err(Refused::LeavesTrace(target))
    }
}
