//! Names that say where a pack is made: the host, in a form safe in a file name (for the
//! packs' names and the temporary files' owners, which both the planning and the writing
//! of packs use).

/// A file-name-safe form of a job id or host name.
pub fn safe(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// This machine's host name, as the recorder writes it (empty if it cannot be read).
pub fn this_host() -> String {
    let mut b = [0u8; 256];
    // SAFETY: the buffer is writable for its length; gethostname NUL-terminates or fails.
    if unsafe { libc::gethostname(b.as_mut_ptr().cast(), b.len()) } != 0 {
        return String::new();
    }
    let end = b.iter().position(|&c| c == 0).unwrap_or(b.len());
    String::from_utf8_lossy(&b[..end]).into_owned()
}
