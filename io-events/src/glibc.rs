//! Which of glibc's exported functions count as file I/O, and the ones the recorder
//! deliberately leaves alone, with the reason: the one place that says so.
//!
//! A test (`tests/tests/glibc_coverage.rs`) reads the dynamic symbol table of the machine's
//! libc, selects the I/O functions by [`IO_FAMILIES`] and fails for each one that
//! `librecorder_otf2.so` neither exports (wraps) nor lists in [`NOT_WRAPPED`]; docs/user-guide.md
//! shows [`markdown`] (checked by `io-events/tests/docs.rs`). A new glibc that adds an I/O
//! function therefore fails the test until it is wrapped or excluded here with a reason.

/// The rule: a public libc function (a symbol version other than `GLIBC_PRIVATE`) is an I/O
/// function when its name, without leading underscores, matches one of these patterns (`*`:
/// any characters). The families are deliberately wide: what they catch that is no file I/O
/// is named in [`NOT_WRAPPED`], so nothing is left out by a too narrow pattern.
pub const IO_FAMILIES: &[(&str, &[&str])] = &[
    (
        "open, create, close",
        &[
            "*open*", "creat*", "mk*temp*", "tmpfile*", "*close*", "pipe*", "socket*",
            "accept*", "dup", "dup2", "dup3", "memfd_*", "eventfd*", "signalfd*", "timerfd_*",
            "epoll_create*", "inotify_init*", "fanotify_init", "getpt", "mkfifo*", "mknod*",
            "xmknod*",
        ],
    ),
    (
        "data, position, sync",
        &[
            "read", "read_chk", "pread*", "readv", "preadv*", "write", "pwrite*", "writev",
            "pwritev*", "recv*", "send*", "copy_file_range", "splice", "tee", "vmsplice",
            "aio_*", "lio_*", "*sync*", "*seek*", "*tell*", "fgetpos*", "fsetpos*", "rewind*",
        ],
    ),
    (
        "stdio",
        &[
            "fread*", "fwrite*", "fget*", "fput*", "getc", "getc_*", "getchar*", "getw",
            "getwc*", "getwchar*", "putc", "putc_*", "putchar*", "putw", "putwc*", "putwchar*",
            "gets", "gets_chk", "puts", "getline*", "getdelim*", "unget*", "*printf*",
            "*scanf*", "fflush*", "flushlbf", "setvbuf", "setbuf*", "setlinebuf", "fileno*",
            "fwide", "feof*", "ferror*", "clearerr*", "*lockfile", "fpurge", "freadable",
            "fwritable", "freading", "fwriting", "fbufsize", "flbf", "fpending", "fsetlocking",
            "uflow", "overflow", "underflow", "wuflow", "woverflow", "wunderflow", "IO_*",
            "remove",
        ],
    ),
    (
        "metadata, directories",
        &[
            "stat*", "fstat*", "lstat*", "*xstat*", "ustat", "*access*", "unlink*", "rename*",
            "*mkdir*", "rmdir", "*chmod*", "*chown*", "*link*", "*truncate*", "*fallocate*",
            "*fadvise*", "readahead", "*utime*", "*chdir*", "getcwd*", "getwd*",
            "get_current_dir_name", "umask", "chroot", "realpath*", "canonicalize_file_name",
            "*xattr", "*dir*", "getdents*", "*ftw*", "glob*", "fts*", "alphasort*",
            "versionsort*",
        ],
    ),
    (
        "mappings, locks, control",
        &[
            "mmap*", "munmap", "msync", "mremap", "flock", "lockf*", "fcntl*", "ioctl",
            "name_to_handle_at", "shm_*", "mq_*",
        ],
    ),
];

/// The I/O functions (by [`IO_FAMILIES`]) that are not wrapped, each group with the reason.
/// Patterns match the whole name (`*`: any characters).
pub const NOT_WRAPPED: &[(&[&str], &str)] = &[
    (
        &["_IO_*"],
        "libio's internal interface (buffers, vtables, markers of a FILE): glibc's own stdio \
         calls it; programs call the ISO C functions, which are wrapped",
    ),
    (
        &["__uflow", "__underflow", "__overflow", "__wuflow", "__wunderflow", "__woverflow"],
        "the buffer refills and flushes that inline getc_unlocked/putc_unlocked expansions \
         call once per buffer, not once per call of the program",
    ),
    (
        &[
            "__fbufsize", "__flbf", "__fpending", "__freadable", "__freading", "__fwritable",
            "__fwriting", "__fsetlocking", "__fpurge", "_flushlbf",
        ],
        "stdio_ext.h: queries and control of a stream's buffer (`__fpurge` discards it, \
         `_flushlbf` flushes the line-buffered streams as exit does: their writes are glibc's)",
    ),
    (
        &[
            "clearerr", "clearerr_unlocked", "feof", "feof_unlocked", "ferror",
            "ferror_unlocked", "flockfile", "ftrylockfile", "funlockfile", "setbuf",
            "setbuffer", "setlinebuf",
        ],
        "a stream's state and lock, buffer set-up (setvbuf is wrapped): no data moved",
    ),
    (
        &["fileno_unlocked"],
        "the recorder's own question on every stdio call (wrapping it would recurse); \
         `fileno` is wrapped",
    ),
    (
        &[
            "*sprintf*", "*snprintf*", "*asprintf*", "*swprintf*", "*sscanf*", "*swscanf*",
            "obstack_printf", "obstack_vprintf", "__obstack_printf_chk", "__obstack_vprintf_chk",
        ],
        "format into or parse from memory (a string or an obstack): no stream, no descriptor",
    ),
    (
        &[
            "register_printf_*", "parse_printf_format", "printf_size", "printf_size_info",
            "__printf_fp",
        ],
        "printf's extension interface: registers or measures conversions, prints nothing",
    ),
    (
        &["fmemopen", "open_memstream", "open_wmemstream", "fopencookie"],
        "streams without a descriptor (memory, the program's own callbacks): their stdio \
         calls are not recorded either",
    ),
    (
        &["gets", "__gets_chk", "getw", "putw", "__vfscanf"],
        "removed or obsolete interfaces: gets left C in C11, getw/putw (SVID word I/O) left \
         POSIX in 2001, __vfscanf is the pre-C99 scanf of old binaries",
    ),
    (
        &[
            "scandir", "scandir64", "scandirat", "scandirat64", "glob", "glob64", "globfree",
            "globfree64", "glob_pattern_p", "ftw", "ftw64", "nftw", "nftw64", "fts_*", "fts64_*",
            "alphasort", "alphasort64", "versionsort", "versionsort64",
        ],
        "directory walks (and their sort helpers): glibc opens and reads the directories \
         inside, with calls that cannot be interposed; the walk opens no file of the program",
    ),
    (
        &[
            "readdir_r", "readdir64_r", "rewinddir", "seekdir", "telldir", "dirfd",
            "getdents64", "getdirentries", "getdirentries64",
        ],
        "directory streams beyond opendir/readdir/closedir (wrapped): readdir_r is deprecated \
         (glibc 2.24), the others are positions and raw entries of a directory, no file data",
    ),
    (&["dirname"], "a string function: no directory is accessed"),
    (
        &["*xattr"],
        "extended attributes: neither file data nor an OTF2 I/O operation",
    ),
    (&["ioctl"], "device control with untyped arguments"),
    (&["mremap"], "moves a mapping in memory; mmap, munmap and msync are wrapped"),
    (
        &[
            "shm_open", "shm_unlink", "mq_*", "__mq_open_2", "sem_open", "sem_close",
            "sem_unlink",
        ],
        "POSIX IPC objects: shared memory glibc opens inside, message queues, semaphores",
    ),
    (
        &[
            "fanotify_init", "posix_openpt", "getpt", "openpty", "pidfd_open", "fsopen",
            "open_tree", "name_to_handle_at",
        ],
        "descriptors that are no file of the program's I/O (fanotify, pseudo-terminals, \
         pidfds, the mount API) or a file handle without a descriptor",
    ),
    (
        &["eventfd_read", "eventfd_write", "timerfd_gettime", "timerfd_settime"],
        "an eventfd's counter and a timerfd's timer: no data",
    ),
    (
        &[
            "dlopen", "dlmopen", "dlclose", "catopen", "catclose", "iconv_open", "iconv_close",
            "openlog", "closelog", "__res_nclose", "create_module",
        ],
        "no file I/O of the program: loading code, message catalogs, character-set \
         conversion, syslog, resolver state, an obsolete kernel interface",
    ),
    (
        &["posix_spawn_file_actions_*"],
        "queue opens, closes and directory changes that a spawned child makes inside glibc \
         before its exec (the new program is traced from its start)",
    ),
    (
        &["realpath", "__realpath_chk", "canonicalize_file_name", "mktemp", "mkdtemp"],
        "compute a name (glibc's lstat/readlink inside), or make one: mktemp opens nothing, \
         mkdtemp's mkdir is glibc's own call",
    ),
    (&["chroot"], "changes the root directory (root only): no file I/O"),
    (&["ustat"], "obsolete file system statistics by device number"),
    (
        &["fgetgrent", "fgetgrent_r", "fgetpwent", "fgetpwent_r", "fgetsgent", "fgetsgent_r", "fgetspent", "fgetspent_r"],
        "parse account databases from a stream the program opened (the stream's reads are \
         glibc's own)",
    ),
    (
        &["aio_init", "aio_fsync", "aio_fsync64"],
        "aio_init tunes glibc's thread pool; aio_fsync queues a flush the AIO model does not \
         match to a completion (the AIO reads and writes are wrapped)",
    ),
];

/// Whether `name` matches `pattern` (`*`: any characters, possibly none).
pub fn glob_match(pattern: &str, name: &str) -> bool {
    let (p, n) = (pattern.as_bytes(), name.as_bytes());
    let (mut pi, mut ni) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ni < n.len() {
        if pi < p.len() && p[pi] == b'*' {
            star = Some((pi, ni));
            pi += 1;
        } else if pi < p.len() && p[pi] == n[ni] {
            pi += 1;
            ni += 1;
        } else if let Some((sp, sn)) = star {
            // Let the last star take one more character and try again.
            pi = sp + 1;
            ni = sn + 1;
            star = Some((sp, sn + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == b'*')
}

/// The family of [`IO_FAMILIES`] that makes `name` an I/O function, if any.
pub fn io_family(name: &str) -> Option<&'static str> {
    let stem = name.trim_start_matches('_');
    IO_FAMILIES
        .iter()
        .find(|(_, pats)| pats.iter().any(|p| glob_match(p, stem)))
        .map(|(family, _)| *family)
}

/// The reason `name` is deliberately not wrapped, if it is on [`NOT_WRAPPED`].
pub fn exclusion(name: &str) -> Option<&'static str> {
    NOT_WRAPPED
        .iter()
        .find(|(pats, _)| pats.iter().any(|p| glob_match(p, name)))
        .map(|(_, why)| *why)
}

/// The "glibc coverage and exclusions" section of docs/user-guide.md, from the two lists.
pub fn markdown() -> String {
    let mut s = String::from(
        "A test (`tests/tests/glibc_coverage.rs`) reads the dynamic symbol table of the \
         machine's libc and selects its I/O functions: every public function (not \
         `GLIBC_PRIVATE`) whose name, without leading underscores, matches a pattern of these \
         families (`*`: any characters):\n\n| family | patterns |\n|---|---|\n",
    );
    for (family, pats) in IO_FAMILIES {
        let p: Vec<String> = pats.iter().map(|p| format!("`{p}`")).collect();
        s.push_str(&format!("| {family} | {} |\n", p.join(" ")));
    }
    s.push_str(
        "\nEach of them must be wrapped (exported by `librecorder_otf2.so`) or be on the list \
         below, which is `io_events::glibc::NOT_WRAPPED` (`io-events/src/glibc.rs`); the test \
         names every function that is neither, and every listed one that is wrapped after \
         all. The fortified forms (`__open_2`, `__openat_2`, `__read_chk`, `__fread_chk` ...) \
         and glibc's public aliases (`__open`, `__read`, `llseek` ...) are wrapped and \
         recorded as the function they stand for.\n\n| not wrapped | why |\n|---|---|\n",
    );
    for (pats, why) in NOT_WRAPPED {
        let p: Vec<String> = pats.iter().map(|p| format!("`{p}`")).collect();
        s.push_str(&format!("| {} | {why} |\n", p.join(" ")));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs() {
        assert!(glob_match("*open*", "fdopendir"));
        assert!(glob_match("fts_*", "fts_open"));
        assert!(!glob_match("dup", "duplocale"));
        assert!(glob_match("*sprintf*", "__vsprintf_chk"));
        assert!(glob_match("a*b*c", "axxbyybc"));
        assert!(!glob_match("a*b", "ab c"));
    }

    #[test]
    fn families_and_exclusions() {
        assert_eq!(io_family("__openat_2"), Some("open, create, close"));
        assert_eq!(io_family("pthread_create"), None);
        assert!(exclusion("_IO_getc").is_some());
        assert!(exclusion("read").is_none());
    }
}
