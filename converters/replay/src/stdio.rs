//! The ISO C stream calls of a replay: each recorded stream (the `FILE*` identity the
//! recorder kept) mapped to a live one, each call re-issued as the same C library call with
//! the recorded sizes: fopen/fdopen/freopen/tmpfile, fclose/fcloseall, fread/fwrite,
//! fputs/fputc/putc, fprintf/vfprintf (as `fprintf("%.*s")` of the recorded length),
//! fgets/fgetc/getc/getline/getdelim, the fscanf forms (as `fscanf("%*Nc")`: the recorded
//! bytes consumed), ungetc, the seeks and positions, fflush, fileno (its descriptor mapped
//! for the POSIX calls that use it), setvbuf, remove, dprintf. The wide-character forms move
//! their recorded bytes with fwrite/fread (the same operations, the stream left byte-oriented);
//! `_unlocked` forms are the locked ones. Calls on streams the replay did not open (stdin,
//! stdout, stderr), popen/pclose and fwide are skipped and counted.
//!
//! Line reads depend on the data: an fgets stops at a line end. So that a replayed fgets,
//! getline or getdelim reads as many bytes as the original did, the byte its read ended on
//! in the original is made a line end (or the getdelim delimiter) in the replay's data:
//! [`LineEnds`] lists them per file, writes (stdio and POSIX) put them at their places and
//! the files made for reading hold them.

use super::{ReplayCall, Replayer};
use io_events::functions::{Func, Layer, FUNCTIONS};
use std::collections::{BTreeMap, HashMap};
use std::ffi::CString;
use std::ptr::null_mut;

/// Recorded file name -> the bytes a line read ended on (offset, byte), sorted.
pub type LineEnds = BTreeMap<String, Vec<(u64, u8)>>;

/// The line reads' delimiter: getdelim's argument, a line end for the others.
pub(super) fn line_read_delim(f: Func, delim_field: u64) -> Option<u8> {
    match locked(f) {
        Func::fgets | Func::getline => Some(b'\n'),
        Func::getdelim => Some(delim_field as u8),
        _ => None,
    }
}

/// The locking form of a stdio function (`fwrite_unlocked` is replayed as `fwrite`).
pub(super) fn locked(f: Func) -> Func {
    match f {
        Func::fread_unlocked => Func::fread,
        Func::fwrite_unlocked => Func::fwrite,
        Func::fgets_unlocked => Func::fgets,
        Func::fputs_unlocked => Func::fputs,
        Func::fgetc_unlocked => Func::fgetc,
        Func::getc_unlocked => Func::getc,
        Func::fputc_unlocked => Func::fputc,
        Func::putc_unlocked => Func::putc,
        Func::fflush_unlocked => Func::fflush,
        Func::putchar_unlocked => Func::putchar,
        Func::getchar_unlocked => Func::getchar,
        Func::fputwc_unlocked => Func::fputwc,
        Func::putwc_unlocked => Func::putwc,
        Func::putwchar_unlocked => Func::putwchar,
        Func::fgetwc_unlocked => Func::fgetwc,
        Func::getwc_unlocked => Func::getwc,
        Func::getwchar_unlocked => Func::getwchar,
        Func::fputws_unlocked => Func::fputws,
        Func::fgetws_unlocked => Func::fgetws,
        f => f,
    }
}

/// The printf family (their recorded return value is the bytes written).
fn is_printf(f: Func) -> bool {
    matches!(
        f,
        Func::fprintf
            | Func::vfprintf
            | Func::printf
            | Func::vprintf
            | Func::dprintf
            | Func::vdprintf
            | Func::fwprintf
            | Func::vfwprintf
            | Func::wprintf
            | Func::vwprintf
    )
}

/// The scanf family.
fn is_scanf(f: Func) -> bool {
    matches!(
        f,
        Func::fscanf
            | Func::__isoc99_fscanf
            | Func::scanf
            | Func::vscanf
            | Func::vfscanf
            | Func::__isoc99_scanf
            | Func::__isoc99_vscanf
            | Func::__isoc99_vfscanf
            | Func::fwscanf
            | Func::vfwscanf
            | Func::wscanf
            | Func::vwscanf
            | Func::__isoc99_fwscanf
            | Func::__isoc99_vfwscanf
            | Func::__isoc99_wscanf
            | Func::__isoc99_vwscanf
    )
}

/// Sort and deduplicate each file's line ends.
pub(super) fn finish_line_ends(ends: &mut LineEnds) {
    for v in ends.values_mut() {
        v.sort_unstable();
        v.dedup_by_key(|e| e.0);
    }
}

/// fopen's mode string for the open flags the recorder converted it into.
fn fopen_mode(flags: u64) -> CString {
    let f = flags as i32;
    let mut m = match (
        f & libc::O_ACCMODE,
        f & libc::O_APPEND != 0,
        f & libc::O_TRUNC != 0,
    ) {
        (libc::O_RDONLY, _, _) => "r".to_string(),
        (libc::O_WRONLY, true, _) => "a".to_string(),
        (libc::O_WRONLY, false, _) => "w".to_string(),
        (_, true, _) => "a+".to_string(),
        (_, false, true) => "w+".to_string(),
        _ => "r+".to_string(),
    };
    if f & libc::O_EXCL != 0 {
        m.push('x');
    }
    if f & libc::O_CLOEXEC != 0 {
        m.push('e');
    }
    CString::new(m).expect("no NUL in a mode")
}

// Not in the libc crate: the C library's own.
extern "C" {
    fn getdelim(
        line: *mut *mut libc::c_char,
        cap: *mut libc::size_t,
        delim: libc::c_int,
        f: *mut libc::FILE,
    ) -> libc::ssize_t;
    fn dprintf(fd: libc::c_int, format: *const libc::c_char, ...) -> libc::c_int;
}

/// The live streams of a replayed process.
#[derive(Default)]
pub(super) struct Streams {
    /// Recorded stream identity -> live stream.
    live: HashMap<u64, *mut libc::FILE>,
    /// Recorded descriptors that are a stream's own (fopen's, fileno's, fdopen's): unmapped
    /// when the stream closes, as the descriptor is closed with it.
    fds_of: Vec<(u64, i64)>,
    /// getline's buffer, grown by the C library and kept.
    line: (*mut libc::c_char, libc::size_t),
}

impl<'a> Replayer<'a> {
    /// Re-issue the ISO C call `c`; None when it is skipped.
    pub(super) fn stdio(&mut self, c: &ReplayCall, f: Func) -> Option<i64> {
        let name = locked(f);
        match name {
            Func::fopen
            | Func::fopen64
            | Func::freopen
            | Func::freopen64
            | Func::tmpfile
            | Func::tmpfile64
            | Func::fdopen => self.stream_open(c, name),
            Func::fclose => self.stream_close(c),
            Func::fcloseall => Some(self.close_streams()),
            Func::remove => {
                let path = self.path(c)?;
                // SAFETY: a NUL-terminated path under DIR.
                Some(unsafe { libc::remove(path.as_ptr()) } as i64)
            }
            Func::dprintf | Func::vdprintf => self.fd_printf(c),
            _ => {
                let f = *self.streams.live.get(&self.field(c, "stream"))?;
                self.on_stream(c, name, f)
            }
        }
    }

    fn stream_open(&mut self, c: &ReplayCall, name: Func) -> Option<i64> {
        let mode = fopen_mode(self.field(c, "mode"));
        // SAFETY: NUL-terminated paths and modes; streams and descriptors this replay opened.
        let f = unsafe {
            match name {
                Func::fopen | Func::fopen64 => libc::fopen(self.path(c)?.as_ptr(), mode.as_ptr()),
                Func::tmpfile | Func::tmpfile64 => libc::tmpfile(),
                Func::fdopen => libc::fdopen(self.live(c, "fd")?, mode.as_ptr()),
                _ => {
                    let old = self.streams.live.remove(&self.field(c, "stream"))?;
                    libc::freopen(self.path(c)?.as_ptr(), mode.as_ptr(), old)
                }
            }
        };
        if f.is_null() {
            return Some(-1);
        }
        let stream = self.ret(c);
        self.streams.live.insert(stream, f);
        // The stream's descriptor, as the program may name it in POSIX calls.
        if name == Func::fdopen {
            self.streams
                .fds_of
                .push((stream, self.field(c, "fd") as i64));
        } else {
            // SAFETY: a live stream.
            let fd = unsafe { libc::fileno(f) };
            self.borrow_fd(stream, self.field(c, "fd") as i64, fd);
            self.note_file(fd, c.paths.first().map(|(_, p)| p.as_str()));
        }
        Some(0)
    }

    /// Map recorded descriptor `rec` to `fd`, the stream's own.
    fn borrow_fd(&mut self, stream: u64, rec: i64, fd: i32) {
        if fd >= 0 {
            self.fds.insert(rec, fd);
            self.streams.fds_of.push((stream, rec));
        }
    }

    fn stream_close(&mut self, c: &ReplayCall) -> Option<i64> {
        let stream = self.field(c, "stream");
        let f = self.streams.live.remove(&stream)?;
        self.forget_fds_of(stream);
        // SAFETY: a stream this replay opened, no longer mapped.
        unsafe {
            self.line_ends_of.remove(&libc::fileno(f));
            Some(libc::fclose(f) as i64)
        }
    }

    fn forget_fds_of(&mut self, stream: u64) {
        let fds = &mut self.fds;
        self.streams.fds_of.retain(|&(s, rec)| {
            if s == stream {
                fds.remove(&rec);
            }
            s != stream
        });
    }

    /// Close every stream this replay opened (fcloseall, and the end of the replay).
    pub(super) fn close_streams(&mut self) -> i64 {
        let streams: Vec<u64> = self.streams.live.keys().copied().collect();
        let mut r = 0;
        for s in streams {
            let f = self.streams.live.remove(&s).expect("listed");
            self.forget_fds_of(s);
            // SAFETY: a stream this replay opened, no longer mapped.
            r |= unsafe { libc::fclose(f) };
        }
        let (line, _) = std::mem::replace(&mut self.streams.line, (null_mut(), 0));
        // SAFETY: getline's buffer (malloc'd by the C library) or null.
        unsafe { libc::free(line.cast()) };
        r as i64
    }

    /// The calls on an open stream `f`.
    fn on_stream(&mut self, c: &ReplayCall, name: Func, f: *mut libc::FILE) -> Option<i64> {
        // SAFETY: `f` is a live stream this replay opened.
        unsafe {
            let r = match name {
                // fseek stays fseek: compare names the calls that move a stream.
                Func::fseek => libc::fseek(
                    f,
                    self.field(c, "offset") as libc::c_long,
                    self.field(c, "whence") as i32,
                ) as i64,
                Func::fseeko | Func::fseeko64 => libc::fseeko(
                    f,
                    self.field(c, "offset") as libc::off_t,
                    self.field(c, "whence") as i32,
                ) as i64,
                Func::ftell => libc::ftell(f) as i64,
                Func::ftello | Func::ftello64 => libc::ftello(f),
                Func::rewind => {
                    libc::rewind(f);
                    0
                }
                Func::fgetpos | Func::fgetpos64 => {
                    let mut pos: libc::fpos_t = std::mem::zeroed();
                    libc::fgetpos(f, &mut pos) as i64
                }
                Func::fsetpos | Func::fsetpos64 => self.set_pos(f, self.field(c, "pos")),
                Func::fflush => libc::fflush(f) as i64,
                Func::fileno => {
                    let fd = libc::fileno(f);
                    self.borrow_fd(self.field(c, "stream"), self.ret(c) as i64, fd);
                    fd as i64
                }
                Func::setvbuf => libc::setvbuf(
                    f,
                    null_mut(),
                    self.field(c, "mode") as i32,
                    self.field(c, "size") as usize,
                ) as i64,
                Func::ungetc => libc::ungetc(self.field(c, "c") as i32, f) as i64,
                Func::ungetwc | Func::fwide | Func::pclose => return None,
                _ => return self.stream_transfer(c, name, f),
            };
            Some(r)
        }
    }

    /// fsetpos to a recorded position: a position this C library made (fgetpos), its offset
    /// set to the recorded one (glibc's fpos_t starts with the offset; the shift state of a
    /// byte stream is the initial one).
    unsafe fn set_pos(&self, f: *mut libc::FILE, offset: u64) -> i64 {
        let mut pos: libc::fpos_t = std::mem::zeroed();
        if libc::fgetpos(f, &mut pos) != 0 {
            return -1;
        }
        std::ptr::write_unaligned((&mut pos as *mut libc::fpos_t).cast::<i64>(), offset as i64);
        libc::fsetpos(f, &pos) as i64
    }
}

/// How a stream call moves its bytes.
pub(super) enum Move {
    /// fwrite/fread of `size` × `nmemb`.
    Items { write: bool, size: u64, nmemb: u64 },
    /// fputs of a string of this length.
    Puts(u64),
    /// fputc of one byte.
    Putc,
    /// fprintf of this many bytes.
    Printf(u64),
    /// fgets into a buffer of this size.
    Gets(u64),
    /// fgetc.
    Getc,
    /// getline / getdelim with this delimiter.
    Getdelim(u8),
    /// fscanf consuming this many bytes.
    Scanf(u64),
}

/// What `name` moves, from its recorded fields `f` and return value `ret` (None: not a
/// transfer the replay makes).
pub(super) fn stream_move(name: Func, f: impl Fn(&str) -> u64, ret: u64) -> Option<Move> {
    Some(match name {
        Func::fwrite | Func::fread => Move::Items {
            write: name == Func::fwrite,
            size: f("size"),
            nmemb: f("nmemb"),
        },
        Func::fputs | Func::puts => Move::Puts(f("len")),
        Func::fputc | Func::putc | Func::putchar => Move::Putc,
        Func::fprintf | Func::vfprintf | Func::printf | Func::vprintf => Move::Printf(ret),
        Func::fgets => Move::Gets(f("size")),
        Func::fgetc | Func::getc | Func::getchar => Move::Getc,
        Func::getline => Move::Getdelim(b'\n'),
        Func::getdelim => Move::Getdelim(f("delim") as u8),
        Func::fputwc
        | Func::putwc
        | Func::putwchar
        | Func::fputws
        | Func::fwprintf
        | Func::vfwprintf
        | Func::wprintf
        | Func::vwprintf => Move::Items {
            write: true,
            size: 1,
            nmemb: f("bytes"),
        },
        Func::fgetwc | Func::getwc | Func::getwchar | Func::fgetws => Move::Items {
            write: false,
            size: 1,
            nmemb: f("bytes"),
        },
        n if is_scanf(n) => Move::Scanf(f("bytes")),
        _ => return None,
    })
}

/// The recorded bytes a stream call moved (the original's count).
fn recorded_bytes(r: &Replayer, c: &ReplayCall, name: Func) -> u64 {
    let info = &FUNCTIONS[c.func as usize];
    let has = |n: &str| info.args.iter().any(|(a, _)| *a == n);
    for field in ["put", "got", "bytes", "len", "one"] {
        if has(field) {
            return r.field(c, field);
        }
    }
    if is_printf(name) {
        return r.ret(c);
    }
    0
}

impl<'a> Replayer<'a> {
    /// A read or write on stream `f`, with the recorded sizes.
    unsafe fn stream_transfer(
        &mut self,
        c: &ReplayCall,
        name: Func,
        f: *mut libc::FILE,
    ) -> Option<i64> {
        let mv = stream_move(name, |n| self.field(c, n), self.ret(c))?;
        let write = matches!(
            mv,
            Move::Items { write: true, .. } | Move::Puts(_) | Move::Putc | Move::Printf(_)
        );
        let n = match mv {
            Move::Items { size, nmemb, .. } => size.checked_mul(nmemb)?,
            Move::Puts(n) | Move::Printf(n) | Move::Gets(n) | Move::Scanf(n) => n,
            Move::Putc | Move::Getc => 1,
            Move::Getdelim(_) => 0,
        };
        // A string's NUL and fgets's: one byte more.
        let buf = self.buffer(n + 1, !write)?;
        // The buffer holds at most what one call moves: a larger count (a damaged record
        // the plan did not trim) moves what fits, never past the buffer's end.
        let room = buf.len as u64 - 1;
        let n = n.min(room);
        let fit = |size: u64, nmemb: u64| (size as usize, nmemb.min(n / size.max(1)) as usize);
        let placed = if write && self.line_ends_of.contains_key(&libc::fileno(f)) {
            let at = libc::ftello(f);
            self.place_line_ends(libc::fileno(f), at, buf.ptr.cast(), n as usize)
        } else {
            Vec::new()
        };
        let p = buf.ptr.cast::<libc::c_char>();
        let done: i64 = match mv {
            Move::Items {
                write: true,
                size,
                nmemb,
            } => {
                let (size, nmemb) = fit(size, nmemb);
                (libc::fwrite(buf.ptr, size, nmemb, f) * size) as i64
            }
            Move::Items { size, nmemb, .. } => {
                let (size, nmemb) = fit(size, nmemb);
                (libc::fread(buf.ptr, size, nmemb, f) * size) as i64
            }
            Move::Puts(n) => {
                let n = n.min(room);
                *p.add(n as usize) = 0;
                let r = libc::fputs(p, f);
                *p.add(n as usize) = b'r' as libc::c_char;
                if r < 0 {
                    -1
                } else {
                    n as i64
                }
            }
            Move::Putc => {
                let r = libc::fputc(*p as i32, f);
                if r < 0 {
                    -1
                } else {
                    1
                }
            }
            Move::Printf(n) => {
                let n = n.min(room).min(i32::MAX as u64);
                libc::fprintf(f, c"%.*s".as_ptr(), n as libc::c_int, p) as i64
            }
            Move::Gets(size) => {
                let size = size.min(room + 1).min(i32::MAX as u64);
                let got = libc::fgets(p, size as libc::c_int, f);
                if got.is_null() {
                    0
                } else {
                    libc::strlen(p) as i64
                }
            }
            Move::Getc => (libc::fgetc(f) >= 0) as i64,
            Move::Getdelim(d) => {
                let (line, cap) = &mut self.streams.line;
                getdelim(line, cap, d as libc::c_int, f).max(0) as i64
            }
            Move::Scanf(n) => self.scan_bytes(f, n),
        };
        self.restore(buf.ptr.cast(), &placed);
        if done >= 0 {
            let orig = recorded_bytes(self, c, name);
            let (now, was) = if write {
                (
                    &mut self.totals.bytes_written,
                    &mut self.totals.orig_bytes_written,
                )
            } else {
                (
                    &mut self.totals.bytes_read,
                    &mut self.totals.orig_bytes_read,
                )
            };
            *now += done as u64;
            *was += orig;
        }
        Some(done)
    }

    /// fscanf consuming exactly `n` bytes (`%*Nc` reads N characters, whitespace included);
    /// the bytes it consumed.
    unsafe fn scan_bytes(&mut self, f: *mut libc::FILE, n: u64) -> i64 {
        let before = libc::ftello(f);
        if n > 0 {
            let fmt = CString::new(format!("%*{n}c")).expect("no NUL");
            libc::fscanf(f, fmt.as_ptr());
        }
        let after = libc::ftello(f);
        if before < 0 || after < 0 {
            return n as i64;
        }
        after - before
    }

    /// dprintf on a descriptor: the recorded bytes through `dprintf("%.*s")`.
    fn fd_printf(&mut self, c: &ReplayCall) -> Option<i64> {
        let fd = self.live(c, "fd")?;
        let n = self.ret(c);
        let buf = self.buffer(n, false)?;
        // At most the buffer (one call's worth), which also fits the precision's int.
        let len = n.min(buf.len as u64);
        // SAFETY: a descriptor this replay opened and a buffer of `len` bytes.
        let done = unsafe { dprintf(fd, c"%.*s".as_ptr(), len as libc::c_int, buf.ptr) } as i64;
        if done >= 0 {
            self.totals.bytes_written += done as u64;
            self.totals.orig_bytes_written += n;
        }
        Some(done)
    }

    /// Put the line ends of `fd`'s file that fall in `[at, at + n)` into the buffer `p` of
    /// `n` bytes about to be written at `at`; the places set (to restore after the write).
    pub(super) fn place_line_ends(&self, fd: i32, at: i64, p: *mut u8, n: usize) -> Vec<usize> {
        let Some(ends) = self.line_ends_of.get(&fd) else {
            return Vec::new();
        };
        if at < 0 {
            return Vec::new();
        }
        let at = at as u64;
        let first = ends.partition_point(|e| e.0 < at);
        let mut placed = Vec::new();
        for &(off, byte) in ends[first..].iter().take_while(|e| e.0 < at + n as u64) {
            let i = (off - at) as usize;
            // SAFETY: i < n, inside the buffer.
            unsafe { *p.add(i) = byte };
            placed.push(i);
        }
        placed
    }

    /// Undo [`Replayer::place_line_ends`]: the buffer is the replay's filler again.
    pub(super) fn restore(&self, p: *mut u8, placed: &[usize]) {
        for &i in placed {
            // SAFETY: places inside the buffer, set by place_line_ends.
            unsafe { *p.add(i) = b'r' };
        }
    }

    /// Note the live `fd` as holding the file `path` (its line ends are placed on writes).
    pub(super) fn note_file(&mut self, fd: i32, path: Option<&str>) {
        let all: &'a LineEnds = self.line_ends;
        match path.and_then(|p| all.get(p)) {
            Some(ends) if !ends.is_empty() => {
                self.line_ends_of.insert(fd, ends.as_slice());
            }
            _ => {
                self.line_ends_of.remove(&fd);
            }
        }
    }
}

/// Whether `func` is replayed by this module.
pub(super) fn is_stream_call(func: u16) -> bool {
    FUNCTIONS[func as usize].layer == Layer::Isoc
}
