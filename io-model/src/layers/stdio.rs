//! ISO C streams (and directory streams): which file each FILE* is, the descriptor under it
//! (fopen opens one, fdopen adopts one, a dup2 onto it changes the stream's file), the
//! stream's own position (stdio buffers, so it is not the descriptor's), fclose, fcloseall
//! and ungetc.
//! Transfers, flushes and seeks on streams share the descriptors' bookkeeping in
//! [`super::targets`].

use super::ctx::Ctx;
use super::posix::{Dup, FdEntry, PosixState};
use super::record::field;
use crate::error::Error;
use crate::kinds::*;
use crate::sink::Sink;
use definitions::GlobalDefs;
use hashbrown::HashMap;
use io_events::codec::Record;
use io_events::functions::{FunctionInfo, Kind, Layer, Mapping};

pub(crate) struct StreamEntry {
    pub(crate) handle: u32,
    /// The fd under the stream, closed with it.
    pub(crate) fd: Option<i32>,
    pub(crate) pos: Option<u64>,
}

/// The ISO C layer's part of a process's state.
#[derive(Default)]
pub(crate) struct StdioState {
    /// Open streams, by FILE* (or DIR*).
    pub(crate) streams: HashMap<u64, StreamEntry>,
}

impl StdioState {
    /// The stream `key` is closed, with the descriptor under it.
    pub(crate) fn close_stream<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        posix: &mut PosixState,
        t: u64,
        key: u64,
    ) -> Result<(), Error> {
        if let Some(e) = self.streams.remove(&key) {
            if let Some(fd) = e.fd {
                posix.close_fd(cx, t, fd)?;
            }
            cx.destroy(t, e.handle)?;
        }
        Ok(())
    }

    /// A successful fcloseall: every ISO C stream is closed, in key order (directory streams
    /// stay open).
    pub(crate) fn close_all_streams<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        posix: &mut PosixState,
        t: u64,
    ) -> Result<(), Error> {
        let isoc = cx.defs.paradigm(Layer::Isoc);
        let mut keys: Vec<u64> = self
            .streams
            .iter()
            .filter(|(_, e)| cx.defs.handles[e.handle as usize].paradigm == isoc)
            .map(|(k, _)| *k)
            .collect();
        keys.sort_unstable();
        for k in keys {
            self.close_stream(cx, posix, t, k)?;
        }
        Ok(())
    }

    /// The end of fopen / freopen (OpenStream, ReopenStream): freopen's stream closes first;
    /// the returned stream and the descriptor opened under it get their handles, at position
    /// 0 (none on a pipe: popen).
    pub(crate) fn opened_stream<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        posix: &mut PosixState,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        handle: Option<u32>,
    ) -> Result<(), Error> {
        let (flags, fd, pos) = match info.mapping {
            Mapping::OpenStream {
                flags, fd, path, ..
            } => (flags, fd, cx.sh.start_position(field(info, r, path))),
            Mapping::ReopenStream {
                flags,
                fd,
                stream,
                path,
            } => {
                let pos = cx.sh.start_position(field(info, r, path));
                self.close_stream(cx, posix, t1, field(info, r, stream))?;
                (flags, fd, pos)
            }
            _ => return Ok(()),
        };
        let Some(h) = handle else {
            return Ok(());
        };
        let fl = field(info, r, flags) as u32;
        let fdn = field(info, r, fd) as i32;
        cx.s.create_handle(
            cx.defs,
            t1,
            h,
            access_mode(fl),
            creation_flags(fl),
            status_flags(fl),
        )?;
        // The fd fopen opened underneath: a POSIX handle whose parent is the stream.
        posix.close_fd(cx, t1, fdn)?;
        let file = cx.defs.handles[h as usize].file.unwrap_or(0);
        cx.sh.opening.push((h, cx.defs.paradigm(Layer::Isoc)));
        let ph = cx.sh.new_handle(cx.defs, file, Layer::Posix);
        cx.sh.opening.pop();
        cx.s.create_handle(
            cx.defs,
            t1,
            ph,
            access_mode(fl),
            creation_flags(fl),
            status_flags(fl),
        )?;
        let append = fl & libc::O_APPEND as u32 != 0;
        posix.fds.insert(fdn, FdEntry::new(ph, pos, append));
        self.streams.insert(
            r.ret(),
            StreamEntry {
                handle: h,
                fd: Some(fdn),
                pos: if append { None } else { pos },
            },
        );
        Ok(())
    }

    /// The start of fdopen (StreamFromFd): a new handle on the file of the descriptor in
    /// field `fd`.
    pub(crate) fn open_stream_on_fd<S>(
        &mut self,
        cx: &mut Ctx<S>,
        posix: &PosixState,
        info: &FunctionInfo,
        r: &Record,
        fd: u8,
    ) -> Option<u32> {
        let fd_handle = posix.handle(field(info, r, fd) as i32)?;
        let file = cx.defs.handles[fd_handle as usize].file?;
        Some(stream_handle_over(cx, file, fd_handle))
    }

    /// The end of fdopen: the stream's handle is created over the descriptor's, at its
    /// position, with the mode fdopen was given.
    pub(crate) fn opened_stream_on_fd<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        posix: &PosixState,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        handle: Option<u32>,
    ) -> Result<(), Error> {
        let (Some(h), Mapping::StreamFromFd { fd, flags }) = (handle, info.mapping) else {
            return Ok(());
        };
        let fdn = field(info, r, fd) as i32;
        if let Some(e) = posix.fds.get(&fdn) {
            let fl = field(info, r, flags) as u32;
            let mode = access_mode(fl);
            cx.s.create_handle(cx.defs, t1, h, mode, CreationFlags::NONE, status_flags(fl))?;
            let pos = e.ofd.borrow().pos;
            self.streams.insert(
                r.ret(),
                StreamEntry {
                    handle: h,
                    fd: Some(fdn),
                    pos,
                },
            );
        }
        Ok(())
    }

    /// The end of opendir / fdopendir (OpenDir): a directory stream.
    pub(crate) fn opened_dir<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t1: u64,
        info: &FunctionInfo,
        r: &Record,
        handle: Option<u32>,
    ) -> Result<(), Error> {
        let Some(h) = handle else {
            return Ok(());
        };
        // fdopendir's fd (field 0) now belongs to the directory stream.
        let fd = if info.args.first().map(|a| a.1) == Some(Kind::Fd) {
            Some(r.fields[0] as i32)
        } else {
            None
        };
        cx.s.create_handle(
            cx.defs,
            t1,
            h,
            AccessMode::ReadOnly,
            CreationFlags::DIRECTORY,
            StatusFlags::NONE,
        )?;
        self.streams.insert(
            r.ret(),
            StreamEntry {
                handle: h,
                fd,
                pos: None,
            },
        );
        Ok(())
    }

    /// After dup2 onto a descriptor that backs a stream (`sort -o` does open + dup2(fd, 1) and
    /// writes through stdout), the stream writes into another file: its handle is replaced
    /// by a new ISO C handle on that file, created over the new descriptor's POSIX handle
    /// (its parent), with the access mode the stream had.
    pub(crate) fn rebind_streams<S: Sink>(
        &mut self,
        cx: &mut Ctx<S>,
        t: u64,
        dup: &Dup,
    ) -> Result<(), Error> {
        let Dup {
            fd,
            handle: fd_handle,
            pos,
        } = *dup;
        let keys: Vec<u64> = self
            .streams
            .iter()
            .filter(|(_, s)| s.fd == Some(fd))
            .map(|(k, _)| *k)
            .collect();
        for key in keys {
            let Some(file) = cx.defs.handles[fd_handle as usize].file else {
                continue;
            };
            let old = self.streams[&key].handle;
            if cx.defs.handles[old as usize].file == Some(file) {
                continue;
            }
            let mode = stream_mode(cx.defs, old, fd);
            cx.destroy(t, old)?;
            let nh = stream_handle_over(cx, file, fd_handle);
            cx.s.create_handle(cx.defs, t, nh, mode, CreationFlags::NONE, StatusFlags::NONE)?;
            if let Some(s) = self.streams.get_mut(&key) {
                s.handle = nh;
                s.pos = pos;
            }
        }
        Ok(())
    }

    /// A successful ungetc / ungetwc on the stream in field `stream`: its position moves back
    /// by one byte, or by the value of field `bytes` (ungetwc: the wide character's bytes).
    pub(crate) fn unget(&mut self, info: &FunctionInfo, r: &Record, stream: u8, bytes: Option<u8>) {
        let n = bytes.map(|b| field(info, r, b)).unwrap_or(1);
        if let Some(s) = self.streams.get_mut(&field(info, r, stream)) {
            // At position 0 the position after ungetc is unspecified.
            s.pos = s.pos.and_then(|p| p.checked_sub(n));
        }
    }

    /// close(fd) succeeded (close(fileno(f))): the stream no longer owns that number, so a
    /// later fclose(f) must not close whatever reuses it.
    pub(crate) fn fd_closed(&mut self, fd: i32) {
        for s in self.streams.values_mut() {
            if s.fd == Some(fd) {
                s.fd = None;
            }
        }
    }

    /// A child was forked that inherited `fds`: the positions of the streams on them now
    /// move with the child's I/O too.
    pub(crate) fn forked(&mut self, fds: &[i32]) {
        for s in self.streams.values_mut() {
            if s.fd.is_some_and(|fd| fds.contains(&fd)) {
                s.pos = None;
            }
        }
    }
}

/// A new ISO C handle on `file` whose parent is the POSIX handle `fd_handle` of the
/// descriptor under the stream (a stream made on a descriptor is created over it; a
/// duplicate would cross paradigms).
fn stream_handle_over<S>(cx: &mut Ctx<S>, file: u32, fd_handle: u32) -> u32 {
    cx.sh
        .opening
        .push((fd_handle, cx.defs.paradigm(Layer::Posix)));
    let h = cx.sh.new_handle(cx.defs, file, Layer::Isoc);
    cx.sh.opening.pop();
    h
}

/// The access mode of the stream whose handle is `h` on descriptor `fd`: its state at
/// start for a standard stream, else by the descriptor (0 reads, 1 and 2 write).
fn stream_mode(defs: &GlobalDefs, h: u32, fd: i32) -> AccessMode {
    let code = defs.precreated.iter().find(|p| p.0 == h).map(|p| p.1);
    match (code, fd) {
        (Some(0), _) | (None, 0) => AccessMode::ReadOnly,
        (Some(1), _) | (None, 1 | 2) => AccessMode::WriteOnly,
        _ => AccessMode::ReadWrite,
    }
}
