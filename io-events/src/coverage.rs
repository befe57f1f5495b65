//! The per-function coverage table of docs/coverage.md, generated from the function table so
//! that the document cannot drift from the code (a test compares them; `recorder-otf2
//! functions` prints it).

use crate::functions::*;

fn kind(k: Kind) -> &'static str {
    match k {
        Kind::Int => "Int",
        Kind::Size => "Size",
        Kind::Offset => "Offset",
        Kind::Fd => "Fd",
        Kind::File => "File",
        Kind::OpenFlags => "OpenFlags",
        Kind::Mode => "Mode",
        Kind::Whence => "Whence",
        Kind::Stream => "Stream",
        Kind::Addr => "Addr",
        Kind::Hex => "Hex",
        Kind::Handle => "Handle",
        Kind::Comm => "Comm",
        Kind::Amode => "Amode",
        Kind::Name => "Name",
        Kind::Filetype => "Filetype",
    }
}

fn fname(f: &FunctionInfo, i: u8) -> String {
    if i == RET {
        "ret".into()
    } else {
        f.args[i as usize].0.to_string()
    }
}

fn flagsym(v: u32) -> String {
    let mut s = vec![];
    match v & 3 {
        0 => s.push("O_RDONLY"),
        1 => s.push("O_WRONLY"),
        _ => s.push("O_RDWR"),
    }
    if v & 0o100 != 0 {
        s.push("O_CREAT")
    }
    if v & 0o200 != 0 {
        s.push("O_EXCL")
    }
    if v & 0o1000 != 0 {
        s.push("O_TRUNC")
    }
    s.join("\\|")
}

fn events(f: &FunctionInfo) -> String {
    let q = |i: u8| format!("`{}`", fname(f, i));
    match f.mapping {
        Mapping::None => "—".into(),
        Mapping::OpenFd { flags, .. } => match flags {
            Flags::Field(i) => format!("Create (flags {})", q(i)),
            Flags::Fixed(v) => format!("Create (flags {})", flagsym(v)),
            Flags::FixedOr(v, i) => format!("Create (flags {} \\| {})", flagsym(v), q(i)),
        },
        Mapping::OpenStream { flags, .. } => format!("Create stream, Create fd (parent: stream) (flags {})", q(flags)),
        Mapping::ReopenStream { flags, .. } => format!("Destroy old fd + old stream (also on failure); Create stream, Create fd (parent: stream) (flags {})", q(flags)),
        Mapping::StreamFromFd { flags, .. } => format!("Dup fd handle -> new stream handle (status flags {})", q(flags)),
        Mapping::OpenDir { .. } => "Create (READ_ONLY, DIRECTORY)".into(),
        Mapping::Close(Target::Fd(_)) => "Destroy".into(),
        Mapping::Close(Target::Stream(_)) => {
            if f.layer == Layer::Isoc {
                "Destroy fd, Destroy stream (also on failure)".into()
            } else {
                "Destroy (fdopendir's fd handle too)".into()
            }
        }
        Mapping::Close(Target::Proxy) => "Destroy every ISOC stream handle and the fd handle under it".into(),
        Mapping::Data { target: t, dir, req, xfer, off } => {
            let on = match t {
                Target::Proxy => " on POSIX ALL_PROXY".to_string(),
                _ if f.name == "fflush" => " (NULL: ISOC ALL_PROXY)".to_string(),
                _ => String::new(),
            };
            if dir == Dir::Flush {
                return format!("Begin FLUSH 0 / Complete 0{on}");
            }
            let mode = if dir == Dir::Read { "READ" } else { "WRITE" };
            let off = match off {
                Off::Implicit => "position".to_string(),
                Off::Field(i) => q(i),
                Off::FieldOrImplicit(i) => format!("{} (position if -1)", q(i)),
                Off::None => "none".into(),
            };
            format!("Begin {mode} {} / Complete {}; Offset {off}{on}", q(req), q(xfer))
        }
        Mapping::Seek { offset, whence, result, .. } => {
            let w = if whence == RET { "FROM_START".into() } else { q(whence) };
            let r = result.map(q).unwrap_or("unknown".into());
            format!("Seek ({}, {w}) -> {r}", q(offset))
        }
        Mapping::Rewind { .. } => "Seek (0, FROM_START) -> 0".into(),
        Mapping::Unget { bytes: None, .. } => "— (stream position − 1)".into(),
        Mapping::Unget { bytes: Some(i), .. } => format!("— (stream position − {})", q(i)),
        Mapping::Dup { .. } => "Destroy (handle on the new fd, if any), Dup".into(),
        Mapping::Fcntl => "by `cmd` (see below)".into(),
        Mapping::Flock { .. } => "AcquireLock / TryLock (LOCK_NB) / ReleaseLock (LOCK_UN)".into(),
        Mapping::Lockf { .. } => "F_LOCK AcquireLock, F_TLOCK TryLock, F_ULOCK ReleaseLock".into(),
        Mapping::Delete { .. } => "DeleteFile".into(),
        Mapping::Rename { .. } => "— (not mapped)".into(),
        Mapping::Chdir => "—".into(),
        Mapping::AioStart { dir, req, off, .. } => format!(
            "Begin {} NON_BLOCKING {} (Offset {}), Issued; matching id = the aiocb",
            if dir == Dir::Read { "READ" } else { "WRITE" },
            q(req),
            q(off)
        ),
        Mapping::AioTest { .. } => "Test while EINPROGRESS".into(),
        Mapping::AioComplete { .. } => "Complete `ret` (0 if failed) of the aiocb's operation".into(),
        Mapping::UringStart { dir, req, off, .. } => format!(
            "(no region) `{}` 1/2/3: Begin READ/WRITE/FLUSH NON_BLOCKING {} (Offset {} unless -1), Issued; 0: no operation; in flight under (`ring`, `user_data`) until its CQE",
            fname(f, dir),
            q(req),
            q(off)
        ),
        Mapping::UringDone { .. } => "(no region) Complete `ret` bytes (0 if < 0; Cancelled if -ECANCELED) of the oldest entry in flight with this (`ring`, `user_data`)".into(),
        Mapping::AioCancel { .. } => "AIO_CANCELED: Cancelled (the aiocb's, or every pending one of `fd` for NULL)".into(),
        Mapping::ObjOpen { comm, amode, .. } => format!("Create (comm {}, access mode {})", q(comm), q(amode)),
        Mapping::ObjClose { .. } => "Destroy".into(),
        Mapping::ObjData { dir, req, xfer, off, coll, .. } => {
            let c = if coll { " COLLECTIVE" } else { "" };
            if dir == Dir::Flush {
                return format!("Begin FLUSH{c} 0 / Complete 0");
            }
            let mode = if dir == Dir::Read { "READ" } else { "WRITE" };
            format!("Begin {mode}{c} {} / Complete {}; Offset {} (none if -1)", q(req), q(xfer), q(off))
        }
        Mapping::ObjStart { dir, req, off, id, coll, .. } => {
            let c = if coll { " COLLECTIVE" } else { "" };
            let mode = if dir == Dir::Read { "READ" } else { "WRITE" };
            let (nb, until) = if fname(f, id) == "request" {
                (" NON_BLOCKING", "the completing MPI_Wait/MPI_Test")
            } else {
                ("", "the matching `_end`")
            };
            format!("Begin {mode}{nb}{c} {} (Offset {}), Issued; Complete in {until}", q(req), q(off))
        }
        Mapping::ObjEnd { xfer, .. } => format!("Complete {} of the `_begin`'s operation", q(xfer)),
        Mapping::ObjView { disp, filetype, .. } => format!("View ({}, {})", q(disp), q(filetype)),
        Mapping::ObjSeek { offset, whence, result, .. } => format!("Seek ({}, {}) -> {}", q(offset), q(whence), q(result)),
        Mapping::ReqDone { .. } => "(no region) Complete, or Cancelled if `cancelled`".into(),
        Mapping::ReqTest { .. } => "(no region) Test".into(),
        Mapping::SubOpen { .. } => "— (the dataset is named on its file's operations)".into(),
        Mapping::SubClose { .. } => "—".into(),
        Mapping::NamedData { dir, req, xfer, coll, .. } => {
            let mode = if dir == Dir::Read { "READ" } else { "WRITE" };
            let c = if coll { " COLLECTIVE" } else { "" };
            format!("Begin {mode}{c} {} / Complete {} on the file's handle, attribute `netCDF variable`", q(req), q(xfer))
        }
        Mapping::NamedStart { dir, req, .. } => {
            let mode = if dir == Dir::Read { "READ" } else { "WRITE" };
            let attr = if f.layer == Layer::Adios { "ADIOS variable" } else { "netCDF variable" };
            let until = if f.layer == Layer::Adios {
                "perform_puts/perform_gets, end_step or close"
            } else {
                "ncmpi_wait/wait_all (COLLECTIVE when wait_all) or Cancelled in ncmpi_cancel"
            };
            format!("Begin {mode} NON_BLOCKING {}, Issued on the file's handle, attribute `{attr}`; Complete in {until}; `request` -1: blocking Begin/Complete", q(req))
        }
        Mapping::ReqsDone { .. } => "(no region) Complete (or Cancelled) every operation in flight on the handle, of the kind `which` names".into(),
        Mapping::Shape => "(no region) the variable's shape added to `ADIOS selection`".into(),
        Mapping::IdRelease { .. } => "recorded only when it releases the last reference of a file (Destroy), group, dataset or attribute".into(),
        Mapping::Strides => "(no region) count/stride added to `netCDF selection`".into(),
        Mapping::Hyperslab => "(no region) count/stride/block added to `HDF5 selection`".into(),
        Mapping::Selection => "(no region) `HDF5 selection` attribute on the Complete of the enclosing transfer".into(),
        Mapping::SubData { dir, req, xfer, .. } => {
            if dir == Dir::Flush {
                return "Begin FLUSH 0 / Complete 0 on the file's handle".into();
            }
            let mode = if dir == Dir::Read { "READ" } else { "WRITE" };
            format!("Begin {mode} {} / Complete {} on the file's handle, attribute `HDF5 dataset`; COLLECTIVE if `collective`", q(req), q(xfer))
        }
        Mapping::Copy { req, off_from, off_to, .. } => {
            let o = |off: Off| match off {
                Off::FieldOrImplicit(i) => format!("{} (position if -1)", q(i)),
                Off::Field(i) => q(i),
                _ => "position".to_string(),
            };
            format!("Begin READ {} on the source (Offset {}) and WRITE on the destination (Offset {}) / Complete `ret` both", q(req), o(off_from), o(off_to))
        }
        Mapping::MpiColl { sync, root, .. } => match sync {
            CollSync::All => "— (happens-before: every member → every member)".into(),
            CollSync::FromRoot => format!("— (happens-before: root {} → every member)", q(root)),
            CollSync::ToRoot => format!("— (happens-before: every member → root {})", q(root)),
        },
        Mapping::MpiSend { peer, tag, .. } => format!("— (message to {}, tag {})", q(peer), q(tag)),
        Mapping::MpiRecv { peer, tag, .. } => format!("— (message from {}, tag {})", q(peer), q(tag)),
        Mapping::MpiSendRecv { dest, source, .. } => format!("— (message to {}, then from {})", q(dest), q(source)),
        Mapping::MpiRecvStart { id, .. } => format!("— (receive in flight under {})", q(id)),
        Mapping::MpiRecvDone { peer, tag, .. } => format!("(no region) the receive completed: message from {}, tag {}", q(peer), q(tag)),
    }
}

fn fail(f: Fail) -> &'static str {
    match f {
        Fail::Neg1 => "ret = -1",
        Fail::Neg => "ret < 0",
        Fail::Null => "ret = NULL",
        Fail::NonZero => "ret != 0",
        Fail::Never => "never",
    }
}

/// The markdown table: one row per traced function.
pub fn markdown_table() -> String {
    let mut s = String::new();
    s.push_str("| id | function | layer | role | recorded fields -> return value | failed when | OTF2 I/O events |\n");
    s.push_str("|---:|---|---|---|---|---|---|\n");
    for (i, f) in FUNCTIONS.iter().enumerate() {
        let fl: Vec<String> = f
            .args
            .iter()
            .map(|(n, k)| format!("{n}:{}", kind(*k)))
            .collect();
        let fields = format!(
            "{} -> {}",
            if fl.is_empty() {
                "(none)".to_string()
            } else {
                fl.join(", ")
            },
            kind(f.ret)
        );
        let role = match f.role {
            Role::Data => "data",
            Role::Meta => "meta",
            Role::Func => "function",
            Role::Barrier => "barrier",
            Role::Coll => "collective",
            Role::Event => "event",
        };
        s.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} |\n",
            i,
            if f.display == f.name {
                format!("`{}`", f.name)
            } else {
                format!("`{}` (`{}`)", f.display, f.name)
            },
            f.layer.identification(),
            role,
            fields,
            fail(f.fail),
            events(f)
        ));
    }
    s
}
