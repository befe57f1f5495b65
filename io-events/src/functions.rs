//! The table of traced functions: one line per function, shared by the recorder (which
//! captures the listed fields), the converters (which turn a record into OTF2 events through
//! its [`Mapping`]) and the text dumper (which prints fields by name).
//!
//! A record's fields are the listed arguments followed by the return value (always last).
//! Fields are what the recorder *captures*, which is not always the C argument list: paths
//! become file ids, `FILE*` streams are kept as identities, and where a byte count needs the
//! result (fgets, readv) the recorder stores it as an extra field so that no converter has
//! to re-derive it.
//!
//! Function ids are the position in the table. They are part of the native format: append
//! new functions at the end of a layer block only when bumping [`crate::FORMAT_VERSION`]; the
//! metadata of every trace also lists the names it was written with, and readers map ids
//! by name (`io_model::trace::FuncMap`).

/// The I/O layer (OTF2 I/O paradigm) a function belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Layer {
    /// POSIX I/O (paradigm "POSIX", serial, OS flag).
    Posix,
    /// ISO C stdio (paradigm "ISOC", serial).
    Isoc,
    /// MPI-IO (paradigm "MPI-IO", parallel), with the MPI calls that start and end it
    /// (MPI_Init/Finalize) and complete its requests (MPI_Wait/Test family).
    MpiIo,
    /// HDF5 (paradigm "HDF5"; parallel when the library was built with MPI).
    Hdf5,
    /// NetCDF (paradigm "netCDF"; parallel when the library was built with MPI).
    NetCdf,
    /// PnetCDF (paradigm "PnetCDF", parallel): blocking, collective and non-blocking
    /// (iput/iget/bput completed by ncmpi_wait/wait_all) variable access.
    PnetCdf,
    /// ADIOS2's C API (paradigm "ADIOS", parallel): engines, deferred and sync puts/gets
    /// completed by perform_puts/perform_gets/end_step/close.
    Adios,
    /// Other MPI calls recorded as plain regions (communicator management, collectives):
    /// off by default. Not an I/O paradigm: kept last so that the I/O paradigm ids (the
    /// position in `ALL`) have no gap.
    Mpi,
}

impl Layer {
    /// Every layer, in paradigm id order.
    pub const ALL: [Layer; 8] = [
        Layer::Posix,
        Layer::Isoc,
        Layer::MpiIo,
        Layer::Hdf5,
        Layer::NetCdf,
        Layer::PnetCdf,
        Layer::Adios,
        Layer::Mpi,
    ];
    /// The layers traced unless the options say otherwise.
    pub const DEFAULT: [Layer; 7] = [
        Layer::Posix,
        Layer::Isoc,
        Layer::MpiIo,
        Layer::Hdf5,
        Layer::NetCdf,
        Layer::PnetCdf,
        Layer::Adios,
    ];
    /// OTF2 I/O paradigm identification string.
    pub fn identification(self) -> &'static str {
        match self {
            Layer::Posix => "POSIX",
            Layer::Isoc => "ISOC",
            Layer::MpiIo => "MPI-IO",
            Layer::Mpi => "MPI",
            Layer::Hdf5 => "HDF5",
            Layer::NetCdf => "netCDF",
            Layer::PnetCdf => "PnetCDF",
            Layer::Adios => "ADIOS",
        }
    }
    /// Whether the layer's calls are MPI functions (region paradigm MPI, source file "MPI").
    pub fn is_mpi(self) -> bool {
        matches!(self, Layer::MpiIo | Layer::Mpi)
    }
    /// Whether the I/O paradigm is parallel (operations may be COLLECTIVE, handles have a
    /// communicator).
    pub fn parallel(self) -> bool {
        matches!(
            self,
            Layer::MpiIo | Layer::Mpi | Layer::PnetCdf | Layer::Adios
        )
    }
    /// Whether the layer's class (serial or parallel) depends on how the library was built
    /// (told by the trace's metadata).
    pub fn parallel_if_built(self) -> bool {
        matches!(self, Layer::Hdf5 | Layer::NetCdf)
    }
    /// Name used in options (`RECORDER_OTF2_LAYERS=posix,stdio`).
    pub fn option_name(self) -> &'static str {
        match self {
            Layer::Posix => "posix",
            Layer::Isoc => "stdio",
            Layer::MpiIo => "mpiio",
            Layer::Mpi => "mpi",
            Layer::Hdf5 => "hdf5",
            Layer::NetCdf => "netcdf",
            Layer::PnetCdf => "pnetcdf",
            Layer::Adios => "adios",
        }
    }
}

/// A name that is no layer: the error of [`Layer`]'s `FromStr`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLayer(pub String);

impl std::fmt::Display for UnknownLayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let known: Vec<&str> = Layer::ALL.iter().map(|l| l.option_name()).collect();
        write!(f, "'{}' is not a layer ({})", self.0, known.join(", "))
    }
}

impl std::error::Error for UnknownLayer {}

/// The one parser of layer names, for every option that takes one: the option name
/// (`stdio`), the OTF2 paradigm's identification (`ISOC`, `MPI-IO`), and the names users
/// write for them (`isoc`, `mpi-io`, `adios2`), in any case. `all` is not a layer: the
/// options that accept it say so themselves.
impl std::str::FromStr for Layer {
    type Err = UnknownLayer;

    fn from_str(s: &str) -> Result<Layer, UnknownLayer> {
        let n = s.trim();
        let alias = match n.to_ascii_lowercase().as_str() {
            "isoc" => Some(Layer::Isoc),
            "mpi-io" => Some(Layer::MpiIo),
            "adios2" => Some(Layer::Adios),
            _ => Option::None,
        };
        alias
            .or_else(|| {
                Layer::ALL.iter().copied().find(|l| {
                    l.option_name().eq_ignore_ascii_case(n)
                        || l.identification().eq_ignore_ascii_case(n)
                })
            })
            .ok_or_else(|| UnknownLayer(s.to_string()))
    }
}

/// Region role in OTF2: data transfer or metadata.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// OTF2_REGION_ROLE_FILE_IO.
    Data,
    /// OTF2_REGION_ROLE_FILE_IO_METADATA.
    Meta,
    /// OTF2_REGION_ROLE_FUNCTION (MPI_Init, MPI_Wait ...).
    Func,
    /// OTF2_REGION_ROLE_BARRIER.
    Barrier,
    /// OTF2_REGION_ROLE_COLL_OTHER (collectives, communicator creation).
    Coll,
    /// Not a call: an event the recorder writes inside the call that caused it (the
    /// completion of an I/O request found by MPI_Waitall ...). No region, no Enter/Leave.
    Event,
}

/// What a field holds: drives text formatting and tells readers how to interpret it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A signed integer.
    Int,
    /// An unsigned integer, size or count.
    Size,
    /// A file offset (signed).
    Offset,
    /// A file descriptor.
    Fd,
    /// A file id (index into the process's file definitions); `u64::MAX` = no path.
    File,
    /// open(2)-style flags (for stdio: the fopen mode string converted to open flags).
    OpenFlags,
    /// A permission mode.
    Mode,
    /// lseek whence.
    Whence,
    /// A `FILE*` / `DIR*` identity (the pointer value, used only to tell streams apart).
    Stream,
    /// A memory address (mmap).
    Addr,
    /// A command or bit set printed in hex (fcntl cmd, flock op, prot, ...).
    Hex,
    /// An opaque library handle (MPI_File, MPI_Request, MPI_Comm ...), printed in hex.
    Handle,
    /// A communicator: the process's local communicator id (`Def::Comm`).
    Comm,
    /// MPI_File_open access mode, in the canonical bits of [`mpi_amode`] (also the open
    /// mode of library files: HDF5's H5F_ACC_* translated into these bits).
    Amode,
    /// A name that is not a path (an HDF5 dataset's path inside its file): the process's
    /// local name id (`Def::Name`).
    Name,
    /// An MPI file view's filetype: the process's local filetype id (`Def::Filetype`);
    /// [`FILETYPE_CONTIGUOUS`] or [`FILETYPE_UNKNOWN`] when there is no definition.
    Filetype,
}

/// A `Filetype` field's value for a filetype without holes (the view's data are the bytes
/// from its displacement on, as with the default view).
pub const FILETYPE_CONTIGUOUS: u64 = 0;
/// A `Filetype` field's value for a filetype the recorder could not flatten (a darray, a
/// type past the bound of runs, an MPI that refused to describe it): counted, and the
/// view's transfers are of unknown shape.
pub const FILETYPE_UNKNOWN: u64 = u64::MAX;

/// MPI_File_open access-mode bits as stored in traces (the values ROMIO-derived MPIs use;
/// the recorder translates the values of the MPI it was built against into these).
pub mod mpi_amode {
    pub const CREATE: u64 = 1;
    pub const RDONLY: u64 = 2;
    pub const WRONLY: u64 = 4;
    pub const RDWR: u64 = 8;
    pub const DELETE_ON_CLOSE: u64 = 16;
    pub const UNIQUE_OPEN: u64 = 32;
    pub const EXCL: u64 = 64;
    pub const APPEND: u64 = 128;
    pub const SEQUENTIAL: u64 = 256;
    /// Not an MPI mode: the file is truncated (HDF5's H5F_ACC_TRUNC).
    pub const TRUNCATE: u64 = 512;
}

/// Sentinel field index meaning "the return value".
pub const RET: u8 = 0xFF;

/// How the converter finds the handle an operation acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A POSIX file descriptor held in this field.
    Fd(u8),
    /// An ISO C stream (or DIR*) held in this field.
    Stream(u8),
    /// The ALL_PROXY handle of this layer (sync(), fflush(NULL)).
    Proxy,
}

/// Where the file offset of a data operation comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Off {
    /// The handle's current position (tracked per open file description by the converter).
    Implicit,
    /// This field holds it.
    Field(u8),
    /// This field holds it unless it is -1 (preadv2/pwritev2), then implicit.
    FieldOrImplicit(u8),
    /// No meaningful offset (flush).
    None,
}

/// The data direction of an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// IoOperationMode READ.
    Read,
    /// IoOperationMode WRITE.
    Write,
    /// IoOperationMode FLUSH.
    Flush,
}

/// Where the open flags of a new handle come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flags {
    /// This field (OpenFlags).
    Field(u8),
    /// Fixed flags (creat: O_CREAT|O_WRONLY|O_TRUNC).
    Fixed(u32),
    /// Fixed flags OR-ed with a field (mkostemp).
    FixedOr(u32, u8),
}

/// When a call counts as failed (no handle or operation events; errno recorded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fail {
    /// ret == -1 (most POSIX calls).
    Neg1,
    /// ret < 0 (stdio printf family, fputs, fputc EOF ...).
    Neg,
    /// ret == 0 (NULL pointer results: fopen, opendir, getcwd ...).
    Null,
    /// ret != 0 (posix_fallocate, fseek, fgetpos ...).
    NonZero,
    /// Never fails visibly (fread short count, umask, sync ...).
    Never,
}

impl Fail {
    /// Whether a call with this return value failed.
    #[inline]
    pub fn failed(self, ret: u64) -> bool {
        let r = ret as i64;
        match self {
            Fail::Neg1 => r == -1,
            Fail::Neg => r < 0,
            Fail::Null => r == 0,
            Fail::NonZero => r != 0,
            Fail::Never => false,
        }
    }
}

/// How a record maps onto OTF2 I/O events (besides its Enter/Leave, which every record gets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mapping {
    /// Enter/Leave only.
    None,
    /// A new POSIX fd (the return value) on the file in `path`.
    OpenFd { path: u8, flags: Flags },
    /// A new ISO C stream (the return value) on the file in `path`; `fd` holds fileno().
    OpenStream { path: u8, flags: u8, fd: u8 },
    /// freopen: the stream in `stream` is closed and reopened on `path`.
    ReopenStream {
        path: u8,
        flags: u8,
        stream: u8,
        fd: u8,
    },
    /// fdopen: a stream (ret) on top of the POSIX fd in `fd` (IoDuplicateHandle).
    StreamFromFd { fd: u8, flags: u8 },
    /// opendir / fdopendir: a directory stream (ret) on `path`.
    OpenDir { path: u8 },
    /// close(fd) / fclose(stream) / closedir(dir).
    Close(Target),
    /// A data transfer or flush.
    Data {
        target: Target,
        dir: Dir,
        req: u8,
        xfer: u8,
        off: Off,
    },
    /// A copy between two descriptors inside the kernel (copy_file_range, sendfile): a READ
    /// on `from` and a WRITE on `to`, both of the returned byte count.
    Copy {
        from: u8,
        to: u8,
        req: u8,
        off_from: Off,
        off_to: Off,
    },
    /// A seek; the resulting absolute offset is in `result` (or unknown when `result` is None).
    Seek {
        target: Target,
        offset: u8,
        whence: u8,
        result: Option<u8>,
    },
    /// rewind(stream): seek to 0.
    Rewind { target: Target },
    /// ungetc(c, stream) / ungetwc: a character is pushed back, the stream position moves
    /// back by one byte, or by the bytes in field `bytes` (a wide character's encoding); no
    /// event, it matters for the offsets of the reads that follow.
    Unget { target: Target, bytes: Option<u8> },
    /// dup / dup2 / dup3: ret is the new fd.
    Dup { old: u8 },
    /// fcntl: fields are [fd, cmd, arg, lock_start, lock_len]; the command decides.
    Fcntl,
    /// flock(fd, op).
    Flock { fd: u8, op: u8 },
    /// lockf(fd, cmd, len).
    Lockf { fd: u8, cmd: u8 },
    /// unlink / rmdir / remove: IoDeleteFile.
    Delete { path: u8 },
    /// rename-family: the file in `from` is now known under `to` (metadata only; no event).
    Rename { from: u8, to: u8 },
    /// chdir: future relative paths resolve elsewhere (handled by the recorder; region only).
    Chdir,
    /// aio_read/aio_write: a non-blocking operation on the fd in `fd`, identified by the
    /// aiocb in `cb` until it completes: `Begin[NON_BLOCKING]` + Issued.
    AioStart {
        dir: Dir,
        fd: u8,
        cb: u8,
        req: u8,
        off: u8,
    },
    /// aio_error on the aiocb in `cb`: still in progress (EINPROGRESS) = an unsuccessful test.
    AioTest { cb: u8 },
    /// aio_return on the aiocb in `cb`: the operation completes with the returned bytes.
    AioComplete { cb: u8 },
    /// aio_cancel(fd, cb): AIO_CANCELED cancels `cb` (or every pending one of `fd` when NULL).
    AioCancel { fd: u8, cb: u8 },
    /// (Role::Event, inside an io_uring submitting call) one submission queue entry on the fd
    /// in `fd`: the field `dir` says 1 READ, 2 WRITE, 3 FLUSH (`Begin[NON_BLOCKING]` + Issued,
    /// `req` bytes, Offset `off` unless -1), or 0 (no I/O operation: other opcodes, fixed
    /// files). Every entry stays in flight under (ring `ring`, user_data `id`), oldest
    /// first, until a [`Mapping::UringDone`] with the same pair.
    UringStart {
        ring: u8,
        fd: u8,
        dir: u8,
        req: u8,
        off: u8,
        id: u8,
    },
    /// (Role::Event) a completion queue entry of ring `ring` for user_data `id`: the oldest
    /// entry in flight with that pair completes with the return value as bytes (a negative
    /// result: 0 bytes; -ECANCELED: Cancelled).
    UringDone { ring: u8, id: u8 },
    /// A library open call (MPI_File_open): a new handle for the object in `key` on the file
    /// in `path`, used by the communicator in `comm`, access mode in `amode`.
    ObjOpen {
        path: u8,
        key: u8,
        comm: u8,
        amode: u8,
    },
    /// The library object in `key` is closed.
    ObjClose { key: u8 },
    /// A blocking transfer (or flush) on the object in `key`. `off` is an absolute byte
    /// offset, or -1 when unknown; `coll` marks collective calls.
    ObjData {
        key: u8,
        dir: Dir,
        req: u8,
        xfer: u8,
        off: u8,
        coll: bool,
    },
    /// A non-blocking transfer starts on the object in `key` (`Begin[NON_BLOCKING]` + Issued),
    /// identified until it completes by the value in `id` (a request; for split collectives
    /// the object itself).
    ObjStart {
        key: u8,
        dir: Dir,
        req: u8,
        off: u8,
        id: u8,
        coll: bool,
    },
    /// The split collective started on the object in `id` completes with `xfer` bytes.
    ObjEnd { id: u8, xfer: u8 },
    /// A new file view on the object in `key`: its displacement in `disp` and its
    /// filetype in `filetype` (a `Filetype` field).
    ObjView {
        key: u8,
        disp: u8,
        filetype: u8,
    },
    /// A seek on the object in `key`: `offset` relative to `whence` (SEEK_SET/CUR/END),
    /// `result` the absolute byte offset after it (-1 unknown).
    ObjSeek {
        key: u8,
        offset: u8,
        whence: u8,
        result: u8,
    },
    /// (Role::Event) the request in `id` completed with `xfer` bytes (u64::MAX: as requested),
    /// or was cancelled when the field `cancelled` is non-zero. `file` (RET: none) is the
    /// library object the request belongs to when request ids are unique only per object
    /// (PnetCDF); `coll` (RET: none) is the field saying the completion was collective
    /// (ncmpi_wait_all): the operation's Begin then carries COLLECTIVE.
    ReqDone {
        file: u8,
        id: u8,
        xfer: u8,
        cancelled: u8,
        coll: u8,
    },
    /// (Role::Event) every request in flight on the library object in `file` completes as
    /// requested (cancelled when the field `cancelled` is non-zero): all of them when the
    /// field `which` is 0, the reads when 1, the writes when 2 (PnetCDF NC_REQ_ALL, ADIOS
    /// perform_puts/end_step/close). `coll` as in ReqDone.
    ReqsDone {
        file: u8,
        which: u8,
        cancelled: u8,
        coll: u8,
    },
    /// (Role::Event) the request in `id` was tested and is still in flight.
    ReqTest { id: u8 },
    /// An object inside a library file opens (an HDF5 dataset): the object in `key` belongs
    /// to the file object in `file` and is named by the Name in `name`. Its operations go to
    /// the file's handle with the name as an attribute.
    SubOpen { file: u8, name: u8, key: u8 },
    /// The object in `key` (opened by SubOpen) closes.
    SubClose { key: u8 },
    /// A transfer on the variable named in `name` of the library file in `file` (NetCDF):
    /// Begin/Complete on the file's handle with the variable as an attribute.
    NamedData {
        file: u8,
        name: u8,
        dir: Dir,
        req: u8,
        xfer: u8,
        coll: bool,
    },
    /// A non-blocking transfer on the variable named in `name` of the library object in
    /// `file` (PnetCDF iput/iget/bput, ADIOS deferred put/get): `Begin[NON_BLOCKING]` + Issued
    /// on the object's handle, in flight under the request id in `id` (unique per object)
    /// until a ReqDone/ReqsDone. An id of u64::MAX means nothing stays in flight (PnetCDF's
    /// NC_REQ_NULL, ADIOS sync mode): a blocking Begin/Complete of `req` bytes.
    NamedStart {
        file: u8,
        name: u8,
        dir: Dir,
        req: u8,
        id: u8,
    },
    /// H5Idec_ref that releases the last reference of a file (`kind` 1: ObjClose) or of a
    /// dataset (`kind` 5: SubClose) in `key` (h5py closes this way).
    IdRelease { key: u8, kind: u8 },
    /// (Role::Event, inside a SubData call) the file selection of the transfer: `rank` and
    /// per dimension (up to 3) the first index and the extent of its bounding box.
    Selection,
    /// (Role::Event, after a Selection) a regular hyperslab's count, stride and block of its
    /// first two dimensions, added to the selection.
    Hyperslab,
    /// (Role::Event, after a Selection) count and stride of up to three dimensions (netCDF
    /// `vars`/`varm`), added to the selection.
    Strides,
    /// (Role::Event, after a Selection) the variable's global shape (ADIOS), up to three
    /// dimensions, added to the selection.
    Shape,
    /// A transfer on the object in `key` (opened by SubOpen): Begin/Complete on its file's
    /// handle; `coll` is the field saying the transfer is collective (non-zero).
    SubData {
        key: u8,
        dir: Dir,
        req: u8,
        xfer: u8,
        coll: u8,
    },
    /// A collective MPI call (layer `mpi`) on the communicator in `comm` (Kind::Comm) that
    /// orders its members as `sync` says; `root` (RET: none) holds the root's rank in it.
    MpiColl { comm: u8, root: u8, sync: CollSync },
    /// A message to the rank in `peer` (of the communicator in `comm`) with the tag in `tag`:
    /// a blocking send, or the start of a non-blocking one.
    MpiSend { comm: u8, peer: u8, tag: u8 },
    /// A message from the rank in `peer` with the tag in `tag` was received (the values the
    /// status reports, never wildcards).
    MpiRecv { comm: u8, peer: u8, tag: u8 },
    /// MPI_Sendrecv: a message sent to `dest` with `sendtag`, then one received from
    /// `source` with `recvtag` (as the status reports).
    MpiSendRecv {
        comm: u8,
        dest: u8,
        sendtag: u8,
        source: u8,
        recvtag: u8,
    },
    /// A non-blocking receive on the communicator in `comm` starts, identified by the request
    /// in `id` until its [`Mapping::MpiRecvDone`] (its source and tag come with that).
    MpiRecvStart { comm: u8, id: u8 },
    /// (Role::Event, inside the MPI_Wait/Test call that completed it) the receive of the
    /// request in `id` completed with a message from `peer` with tag `tag` (as the status
    /// reports; [`mpi_rank::UNKNOWN`] when the program's statuses were not seen).
    MpiRecvDone { id: u8, peer: u8, tag: u8 },
}

/// How a collective MPI call orders the calls of its communicator's members.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CollSync {
    /// Every member's calls before it happen before every member's calls after it.
    All,
    /// The root's calls before it happen before every member's calls after it.
    FromRoot,
    /// Every member's calls before it happen before the root's calls after it.
    ToRoot,
}

/// Special values of the rank fields of the `mpi` layer (peers, sources, roots), the same
/// whatever the MPI's own constants are (the recorder translates them), as i64 in the field.
pub mod mpi_rank {
    /// MPI_ANY_SOURCE (a receive's source as asked; MPI_ANY_TAG is -1 too).
    pub const ANY: i64 = -1;
    /// MPI_PROC_NULL: no message.
    pub const PROC_NULL: i64 = -2;
    /// Not known (a completion whose status the recorder did not see; an invalid rank).
    pub const UNKNOWN: i64 = -3;
}

/// Static description of one traced function.
#[derive(Debug)]
pub struct FunctionInfo {
    /// The symbol name (a C++ function's mangled name).
    pub name: &'static str,
    /// The name shown to people (region names, text dumps, docs): the C name, or a C++
    /// function's demangled signature.
    pub display: &'static str,
    /// The I/O layer.
    pub layer: Layer,
    /// Region role.
    pub role: Role,
    /// Names and kinds of the captured fields (the return value excluded).
    pub args: &'static [(&'static str, Kind)],
    /// Kind of the return value.
    pub ret: Kind,
    /// When the call counts as failed.
    pub fail: Fail,
    /// The event mapping.
    pub mapping: Mapping,
}

impl FunctionInfo {
    /// Number of fields in a record of this function (arguments + return value).
    pub fn nfields(&self) -> usize {
        self.args.len() + 1
    }
    /// Resolve a field index (`RET` = last) into a position.
    #[inline]
    pub fn field_index(&self, i: u8) -> usize {
        if i == RET {
            self.args.len()
        } else {
            i as usize
        }
    }
}

/// Declares the function table: one line per function.
///
/// `name: Layer Role [field: Kind, ...] -> RetKind, FailRule => Mapping;`, or for a C++
/// function `mangled_name = "demangled signature": Layer ...`.
macro_rules! io_functions {
    ($( $name:ident $(= $display:literal)? : $layer:ident $role:ident [ $( $arg:ident : $kind:ident ),* ] -> $ret:ident , $fail:ident => $map:expr ; )*) => {
        /// Function ids: the position of each function in [`FUNCTIONS`].
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u16)]
        pub enum Func { $( $name, )* }

        impl Func {
            /// Every function, in table order (`ALL[id]` is the function with that id).
            pub const ALL: &'static [Func] = &[ $( Func::$name, )* ];
        }

        /// The table, indexed by [`Func`] as u16.
        pub static FUNCTIONS: &[FunctionInfo] = &[
            $( FunctionInfo {
                name: stringify!($name),
                display: io_functions!(@display $name $($display)?),
                layer: Layer::$layer,
                role: Role::$role,
                args: &[ $( (stringify!($arg), Kind::$kind) ),* ],
                ret: Kind::$ret,
                fail: Fail::$fail,
                mapping: $map,
            }, )*
        ];
    };
    (@display $name:ident) => { stringify!($name) };
    (@display $name:ident $display:literal) => { $display };
}

use Dir::*;
use Mapping::*;
use Target::{Fd, Proxy, Stream};

const O_CREAT_WRONLY_TRUNC: u32 = 0o100 | 0o1 | 0o1000;
const O_RDWR: u32 = 0o2;
const O_RDWR_CREAT_EXCL: u32 = 0o2 | 0o100 | 0o200;

io_functions! {
    // ---- POSIX: open and close -------------------------------------------------------------
    open:        Posix Meta [path: File, flags: OpenFlags, mode: Mode] -> Fd, Neg1 => OpenFd { path: 0, flags: Flags::Field(1) };
    open64:      Posix Meta [path: File, flags: OpenFlags, mode: Mode] -> Fd, Neg1 => OpenFd { path: 0, flags: Flags::Field(1) };
    __open_2:    Posix Meta [path: File, flags: OpenFlags] -> Fd, Neg1 => OpenFd { path: 0, flags: Flags::Field(1) };
    __open64_2:  Posix Meta [path: File, flags: OpenFlags] -> Fd, Neg1 => OpenFd { path: 0, flags: Flags::Field(1) };
    openat:      Posix Meta [dirfd: Fd, path: File, flags: OpenFlags, mode: Mode] -> Fd, Neg1 => OpenFd { path: 1, flags: Flags::Field(2) };
    openat64:    Posix Meta [dirfd: Fd, path: File, flags: OpenFlags, mode: Mode] -> Fd, Neg1 => OpenFd { path: 1, flags: Flags::Field(2) };
    creat:       Posix Meta [path: File, mode: Mode] -> Fd, Neg1 => OpenFd { path: 0, flags: Flags::Fixed(O_CREAT_WRONLY_TRUNC) };
    creat64:     Posix Meta [path: File, mode: Mode] -> Fd, Neg1 => OpenFd { path: 0, flags: Flags::Fixed(O_CREAT_WRONLY_TRUNC) };
    mkstemp:     Posix Meta [path: File] -> Fd, Neg1 => OpenFd { path: 0, flags: Flags::Fixed(O_RDWR_CREAT_EXCL) };
    mkstemp64:   Posix Meta [path: File] -> Fd, Neg1 => OpenFd { path: 0, flags: Flags::Fixed(O_RDWR_CREAT_EXCL) };
    mkostemp:    Posix Meta [path: File, flags: OpenFlags] -> Fd, Neg1 => OpenFd { path: 0, flags: Flags::FixedOr(O_RDWR_CREAT_EXCL, 1) };
    mkostemp64:  Posix Meta [path: File, flags: OpenFlags] -> Fd, Neg1 => OpenFd { path: 0, flags: Flags::FixedOr(O_RDWR_CREAT_EXCL, 1) };
    mkstemps:    Posix Meta [path: File, suffixlen: Int] -> Fd, Neg1 => OpenFd { path: 0, flags: Flags::Fixed(O_RDWR_CREAT_EXCL) };
    mkstemps64:  Posix Meta [path: File, suffixlen: Int] -> Fd, Neg1 => OpenFd { path: 0, flags: Flags::Fixed(O_RDWR_CREAT_EXCL) };
    mkostemps:   Posix Meta [path: File, suffixlen: Int, flags: OpenFlags] -> Fd, Neg1 => OpenFd { path: 0, flags: Flags::FixedOr(O_RDWR_CREAT_EXCL, 2) };
    mkostemps64: Posix Meta [path: File, suffixlen: Int, flags: OpenFlags] -> Fd, Neg1 => OpenFd { path: 0, flags: Flags::FixedOr(O_RDWR_CREAT_EXCL, 2) };
    close:       Posix Meta [fd: Fd] -> Int, Neg1 => Close(Fd(0));

    // ---- POSIX: data ----------------------------------------------------------------------
    read:        Posix Data [fd: Fd, count: Size] -> Size, Neg1 => Data { target: Fd(0), dir: Read, req: 1, xfer: RET, off: Off::Implicit };
    write:       Posix Data [fd: Fd, count: Size] -> Size, Neg1 => Data { target: Fd(0), dir: Write, req: 1, xfer: RET, off: Off::Implicit };
    pread:       Posix Data [fd: Fd, count: Size, offset: Offset] -> Size, Neg1 => Data { target: Fd(0), dir: Read, req: 1, xfer: RET, off: Off::Field(2) };
    pwrite:      Posix Data [fd: Fd, count: Size, offset: Offset] -> Size, Neg1 => Data { target: Fd(0), dir: Write, req: 1, xfer: RET, off: Off::Field(2) };
    pread64:     Posix Data [fd: Fd, count: Size, offset: Offset] -> Size, Neg1 => Data { target: Fd(0), dir: Read, req: 1, xfer: RET, off: Off::Field(2) };
    pwrite64:    Posix Data [fd: Fd, count: Size, offset: Offset] -> Size, Neg1 => Data { target: Fd(0), dir: Write, req: 1, xfer: RET, off: Off::Field(2) };
    readv:       Posix Data [fd: Fd, iovcnt: Int, bytes: Size] -> Size, Neg1 => Data { target: Fd(0), dir: Read, req: 2, xfer: RET, off: Off::Implicit };
    writev:      Posix Data [fd: Fd, iovcnt: Int, bytes: Size] -> Size, Neg1 => Data { target: Fd(0), dir: Write, req: 2, xfer: RET, off: Off::Implicit };
    preadv:      Posix Data [fd: Fd, iovcnt: Int, bytes: Size, offset: Offset] -> Size, Neg1 => Data { target: Fd(0), dir: Read, req: 2, xfer: RET, off: Off::Field(3) };
    pwritev:     Posix Data [fd: Fd, iovcnt: Int, bytes: Size, offset: Offset] -> Size, Neg1 => Data { target: Fd(0), dir: Write, req: 2, xfer: RET, off: Off::Field(3) };
    preadv64:    Posix Data [fd: Fd, iovcnt: Int, bytes: Size, offset: Offset] -> Size, Neg1 => Data { target: Fd(0), dir: Read, req: 2, xfer: RET, off: Off::Field(3) };
    pwritev64:   Posix Data [fd: Fd, iovcnt: Int, bytes: Size, offset: Offset] -> Size, Neg1 => Data { target: Fd(0), dir: Write, req: 2, xfer: RET, off: Off::Field(3) };
    preadv2:     Posix Data [fd: Fd, iovcnt: Int, bytes: Size, offset: Offset, flags: Hex] -> Size, Neg1 => Data { target: Fd(0), dir: Read, req: 2, xfer: RET, off: Off::FieldOrImplicit(3) };
    pwritev2:    Posix Data [fd: Fd, iovcnt: Int, bytes: Size, offset: Offset, flags: Hex] -> Size, Neg1 => Data { target: Fd(0), dir: Write, req: 2, xfer: RET, off: Off::FieldOrImplicit(3) };
    preadv64v2:  Posix Data [fd: Fd, iovcnt: Int, bytes: Size, offset: Offset, flags: Hex] -> Size, Neg1 => Data { target: Fd(0), dir: Read, req: 2, xfer: RET, off: Off::FieldOrImplicit(3) };
    pwritev64v2: Posix Data [fd: Fd, iovcnt: Int, bytes: Size, offset: Offset, flags: Hex] -> Size, Neg1 => Data { target: Fd(0), dir: Write, req: 2, xfer: RET, off: Off::FieldOrImplicit(3) };

    copy_file_range: Posix Data [fd_in: Fd, fd_out: Fd, len: Size, off_in: Offset, off_out: Offset, flags: Hex] -> Size, Neg1 => Copy { from: 0, to: 1, req: 2, off_from: Off::FieldOrImplicit(3), off_to: Off::FieldOrImplicit(4) };
    sendfile:    Posix Data [out_fd: Fd, in_fd: Fd, count: Size, offset: Offset] -> Size, Neg1 => Copy { from: 1, to: 0, req: 2, off_from: Off::FieldOrImplicit(3), off_to: Off::Implicit };
    sendfile64:  Posix Data [out_fd: Fd, in_fd: Fd, count: Size, offset: Offset] -> Size, Neg1 => Copy { from: 1, to: 0, req: 2, off_from: Off::FieldOrImplicit(3), off_to: Off::Implicit };

    aio_read:    Posix Data [fd: Fd, aiocb: Stream, nbytes: Size, offset: Offset] -> Int, Neg1 => AioStart { dir: Read, fd: 0, cb: 1, req: 2, off: 3 };
    aio_write:   Posix Data [fd: Fd, aiocb: Stream, nbytes: Size, offset: Offset] -> Int, Neg1 => AioStart { dir: Write, fd: 0, cb: 1, req: 2, off: 3 };
    aio_read64:  Posix Data [fd: Fd, aiocb: Stream, nbytes: Size, offset: Offset] -> Int, Neg1 => AioStart { dir: Read, fd: 0, cb: 1, req: 2, off: 3 };
    aio_write64: Posix Data [fd: Fd, aiocb: Stream, nbytes: Size, offset: Offset] -> Int, Neg1 => AioStart { dir: Write, fd: 0, cb: 1, req: 2, off: 3 };
    aio_error:   Posix Data [aiocb: Stream] -> Int, Never => AioTest { cb: 0 };
    aio_error64: Posix Data [aiocb: Stream] -> Int, Never => AioTest { cb: 0 };
    aio_return:  Posix Data [aiocb: Stream] -> Size, Never => AioComplete { cb: 0 };
    aio_return64: Posix Data [aiocb: Stream] -> Size, Never => AioComplete { cb: 0 };
    aio_suspend: Posix Data [nent: Int] -> Int, Neg1 => None;
    aio_suspend64: Posix Data [nent: Int] -> Int, Neg1 => None;
    aio_cancel:  Posix Data [fd: Fd, aiocb: Stream] -> Int, Neg1 => AioCancel { fd: 0, cb: 1 };
    aio_cancel64: Posix Data [fd: Fd, aiocb: Stream] -> Int, Neg1 => AioCancel { fd: 0, cb: 1 };

    // ---- POSIX: position, sync, size, locks, dup ------------------------------------------
    lseek:       Posix Meta [fd: Fd, offset: Offset, whence: Whence] -> Offset, Neg1 => Seek { target: Fd(0), offset: 1, whence: 2, result: Some(RET) };
    lseek64:     Posix Meta [fd: Fd, offset: Offset, whence: Whence] -> Offset, Neg1 => Seek { target: Fd(0), offset: 1, whence: 2, result: Some(RET) };
    fsync:       Posix Data [fd: Fd] -> Int, Neg1 => Data { target: Fd(0), dir: Flush, req: RET, xfer: RET, off: Off::None };
    fdatasync:   Posix Data [fd: Fd] -> Int, Neg1 => Data { target: Fd(0), dir: Flush, req: RET, xfer: RET, off: Off::None };
    sync:        Posix Data [] -> Int, Never => Data { target: Proxy, dir: Flush, req: RET, xfer: RET, off: Off::None };
    syncfs:      Posix Data [fd: Fd] -> Int, Neg1 => Data { target: Fd(0), dir: Flush, req: RET, xfer: RET, off: Off::None };
    ftruncate:   Posix Meta [fd: Fd, length: Offset] -> Int, Neg1 => None;
    ftruncate64: Posix Meta [fd: Fd, length: Offset] -> Int, Neg1 => None;
    truncate:    Posix Meta [path: File, length: Offset] -> Int, Neg1 => None;
    truncate64:  Posix Meta [path: File, length: Offset] -> Int, Neg1 => None;
    posix_fallocate:   Posix Meta [fd: Fd, offset: Offset, len: Offset] -> Int, NonZero => None;
    posix_fallocate64: Posix Meta [fd: Fd, offset: Offset, len: Offset] -> Int, NonZero => None;
    dup:         Posix Meta [fd: Fd] -> Fd, Neg1 => Dup { old: 0 };
    dup2:        Posix Meta [fd: Fd, newfd: Fd] -> Fd, Neg1 => Dup { old: 0 };
    dup3:        Posix Meta [fd: Fd, newfd: Fd, flags: OpenFlags] -> Fd, Neg1 => Dup { old: 0 };
    fcntl:       Posix Meta [fd: Fd, cmd: Int, arg: Int, lock_start: Offset, lock_len: Offset] -> Int, Neg1 => Fcntl;
    fcntl64:     Posix Meta [fd: Fd, cmd: Int, arg: Int, lock_start: Offset, lock_len: Offset] -> Int, Neg1 => Fcntl;
    flock:       Posix Meta [fd: Fd, op: Hex] -> Int, Neg1 => Flock { fd: 0, op: 1 };
    lockf:       Posix Meta [fd: Fd, cmd: Int, len: Offset] -> Int, Neg1 => Lockf { fd: 0, cmd: 1 };
    lockf64:     Posix Meta [fd: Fd, cmd: Int, len: Offset] -> Int, Neg1 => Lockf { fd: 0, cmd: 1 };
    mmap:        Posix Meta [len: Size, prot: Hex, flags: Hex, fd: Fd, offset: Offset] -> Addr, Neg1 => None;
    mmap64:      Posix Meta [len: Size, prot: Hex, flags: Hex, fd: Fd, offset: Offset] -> Addr, Neg1 => None;
    munmap:      Posix Meta [addr: Addr, len: Size] -> Int, Neg1 => None;
    msync:       Posix Meta [addr: Addr, len: Size, flags: Hex] -> Int, Neg1 => None;

    // ---- POSIX: metadata ------------------------------------------------------------------
    stat:        Posix Meta [path: File] -> Int, Neg1 => None;
    stat64:      Posix Meta [path: File] -> Int, Neg1 => None;
    lstat:       Posix Meta [path: File] -> Int, Neg1 => None;
    lstat64:     Posix Meta [path: File] -> Int, Neg1 => None;
    fstat:       Posix Meta [fd: Fd] -> Int, Neg1 => None;
    fstat64:     Posix Meta [fd: Fd] -> Int, Neg1 => None;
    fstatat:     Posix Meta [dirfd: Fd, path: File, flags: Hex] -> Int, Neg1 => None;
    fstatat64:   Posix Meta [dirfd: Fd, path: File, flags: Hex] -> Int, Neg1 => None;
    statx:       Posix Meta [dirfd: Fd, path: File, flags: Hex, mask: Hex] -> Int, Neg1 => None;
    __xstat:     Posix Meta [ver: Int, path: File] -> Int, Neg1 => None;
    __xstat64:   Posix Meta [ver: Int, path: File] -> Int, Neg1 => None;
    __lxstat:    Posix Meta [ver: Int, path: File] -> Int, Neg1 => None;
    __lxstat64:  Posix Meta [ver: Int, path: File] -> Int, Neg1 => None;
    __fxstat:    Posix Meta [ver: Int, fd: Fd] -> Int, Neg1 => None;
    __fxstat64:  Posix Meta [ver: Int, fd: Fd] -> Int, Neg1 => None;
    __fxstatat:  Posix Meta [ver: Int, dirfd: Fd, path: File, flags: Hex] -> Int, Neg1 => None;
    __fxstatat64: Posix Meta [ver: Int, dirfd: Fd, path: File, flags: Hex] -> Int, Neg1 => None;
    access:      Posix Meta [path: File, mode: Hex] -> Int, Neg1 => None;
    faccessat:   Posix Meta [dirfd: Fd, path: File, mode: Hex, flags: Hex] -> Int, Neg1 => None;
    unlink:      Posix Meta [path: File] -> Int, Neg1 => Delete { path: 0 };
    unlinkat:    Posix Meta [dirfd: Fd, path: File, flags: Hex] -> Int, Neg1 => Delete { path: 1 };
    rename:      Posix Meta [from: File, to: File] -> Int, Neg1 => Rename { from: 0, to: 1 };
    renameat:    Posix Meta [olddirfd: Fd, from: File, newdirfd: Fd, to: File] -> Int, Neg1 => Rename { from: 1, to: 3 };
    renameat2:   Posix Meta [olddirfd: Fd, from: File, newdirfd: Fd, to: File, flags: Hex] -> Int, Neg1 => Rename { from: 1, to: 3 };
    mkdir:       Posix Meta [path: File, mode: Mode] -> Int, Neg1 => None;
    mkdirat:     Posix Meta [dirfd: Fd, path: File, mode: Mode] -> Int, Neg1 => None;
    rmdir:       Posix Meta [path: File] -> Int, Neg1 => Delete { path: 0 };
    chmod:       Posix Meta [path: File, mode: Mode] -> Int, Neg1 => None;
    fchmod:      Posix Meta [fd: Fd, mode: Mode] -> Int, Neg1 => None;
    chown:       Posix Meta [path: File, uid: Int, gid: Int] -> Int, Neg1 => None;
    link:        Posix Meta [from: File, to: File] -> Int, Neg1 => None;
    symlink:     Posix Meta [target: File, linkpath: File] -> Int, Neg1 => None;
    readlink:    Posix Meta [path: File, bufsiz: Size] -> Size, Neg1 => None;
    opendir:     Posix Meta [path: File] -> Stream, Null => OpenDir { path: 0 };
    fdopendir:   Posix Meta [fd: Fd, path: File] -> Stream, Null => OpenDir { path: 1 };
    readdir:     Posix Meta [dir: Stream] -> Addr, Never => None;
    readdir64:   Posix Meta [dir: Stream] -> Addr, Never => None;
    closedir:    Posix Meta [dir: Stream] -> Int, Neg1 => Close(Stream(0));
    chdir:       Posix Meta [path: File] -> Int, Neg1 => Chdir;
    fchdir:      Posix Meta [fd: Fd] -> Int, Neg1 => Chdir;
    getcwd:      Posix Meta [path: File, size: Size] -> Addr, Null => None;
    umask:       Posix Meta [mask: Mode] -> Mode, Never => None;

    // ---- POSIX: file systems, more metadata (format version 2) ----------------------------
    statfs:      Posix Meta [path: File] -> Int, Neg1 => None;
    statfs64:    Posix Meta [path: File] -> Int, Neg1 => None;
    fstatfs:     Posix Meta [fd: Fd] -> Int, Neg1 => None;
    fstatfs64:   Posix Meta [fd: Fd] -> Int, Neg1 => None;
    statvfs:     Posix Meta [path: File] -> Int, Neg1 => None;
    statvfs64:   Posix Meta [path: File] -> Int, Neg1 => None;
    fstatvfs:    Posix Meta [fd: Fd] -> Int, Neg1 => None;
    fstatvfs64:  Posix Meta [fd: Fd] -> Int, Neg1 => None;
    fchown:      Posix Meta [fd: Fd, uid: Int, gid: Int] -> Int, Neg1 => None;
    lchown:      Posix Meta [path: File, uid: Int, gid: Int] -> Int, Neg1 => None;
    fchownat:    Posix Meta [dirfd: Fd, path: File, uid: Int, gid: Int, flags: Hex] -> Int, Neg1 => None;
    fchmodat:    Posix Meta [dirfd: Fd, path: File, mode: Mode, flags: Hex] -> Int, Neg1 => None;
    lchmod:      Posix Meta [path: File, mode: Mode] -> Int, Neg1 => None;
    linkat:      Posix Meta [olddirfd: Fd, from: File, newdirfd: Fd, to: File, flags: Hex] -> Int, Neg1 => None;
    symlinkat:   Posix Meta [target: File, newdirfd: Fd, linkpath: File] -> Int, Neg1 => None;
    readlinkat:  Posix Meta [dirfd: Fd, path: File, bufsiz: Size] -> Size, Neg1 => None;
    utime:       Posix Meta [path: File] -> Int, Neg1 => None;
    utimes:      Posix Meta [path: File] -> Int, Neg1 => None;
    lutimes:     Posix Meta [path: File] -> Int, Neg1 => None;
    futimes:     Posix Meta [fd: Fd] -> Int, Neg1 => None;
    futimesat:   Posix Meta [dirfd: Fd, path: File] -> Int, Neg1 => None;
    futimens:    Posix Meta [fd: Fd] -> Int, Neg1 => None;
    utimensat:   Posix Meta [dirfd: Fd, path: File, flags: Hex] -> Int, Neg1 => None;
    mknod:       Posix Meta [path: File, mode: Mode, dev: Hex] -> Int, Neg1 => None;
    mknodat:     Posix Meta [dirfd: Fd, path: File, mode: Mode, dev: Hex] -> Int, Neg1 => None;
    __xmknod:    Posix Meta [ver: Int, path: File, mode: Mode, dev: Hex] -> Int, Neg1 => None;
    __xmknodat:  Posix Meta [ver: Int, dirfd: Fd, path: File, mode: Mode, dev: Hex] -> Int, Neg1 => None;
    mkfifo:      Posix Meta [path: File, mode: Mode] -> Int, Neg1 => None;
    mkfifoat:    Posix Meta [dirfd: Fd, path: File, mode: Mode] -> Int, Neg1 => None;
    euidaccess:  Posix Meta [path: File, mode: Hex] -> Int, Neg1 => None;
    eaccess:     Posix Meta [path: File, mode: Hex] -> Int, Neg1 => None;

    // ---- POSIX: hints, space, in-kernel copies, list aio (format version 2) ---------------
    posix_fadvise:   Posix Meta [fd: Fd, offset: Offset, len: Offset, advice: Int] -> Int, NonZero => None;
    posix_fadvise64: Posix Meta [fd: Fd, offset: Offset, len: Offset, advice: Int] -> Int, NonZero => None;
    fallocate:   Posix Meta [fd: Fd, mode: Hex, offset: Offset, len: Offset] -> Int, Neg1 => None;
    fallocate64: Posix Meta [fd: Fd, mode: Hex, offset: Offset, len: Offset] -> Int, Neg1 => None;
    readahead:   Posix Meta [fd: Fd, offset: Offset, count: Size] -> Size, Neg1 => None;
    sync_file_range: Posix Data [fd: Fd, offset: Offset, nbytes: Offset, flags: Hex] -> Int, Neg1 => Data { target: Fd(0), dir: Flush, req: RET, xfer: RET, off: Off::None };
    splice:      Posix Data [fd_in: Fd, off_in: Offset, fd_out: Fd, off_out: Offset, len: Size, flags: Hex] -> Size, Neg1 => Copy { from: 0, to: 2, req: 4, off_from: Off::FieldOrImplicit(1), off_to: Off::FieldOrImplicit(3) };
    tee:         Posix Data [fd_in: Fd, fd_out: Fd, len: Size, flags: Hex] -> Size, Neg1 => Copy { from: 0, to: 1, req: 2, off_from: Off::Implicit, off_to: Off::Implicit };
    vmsplice:    Posix Data [fd_out: Fd, fd_in: Fd, nr_segs: Int, bytes: Size, flags: Hex] -> Size, Neg1 => Copy { from: 1, to: 0, req: 3, off_from: Off::Implicit, off_to: Off::Implicit };
    lio_listio:      Posix Data [mode: Int, nent: Int] -> Int, Neg1 => None;
    lio_listio64:    Posix Data [mode: Int, nent: Int] -> Int, Neg1 => None;
    lio_listio_read:  Posix Event [fd: Fd, aiocb: Stream, nbytes: Size, offset: Offset] -> Int, Never => AioStart { dir: Read, fd: 0, cb: 1, req: 2, off: 3 };
    lio_listio_write: Posix Event [fd: Fd, aiocb: Stream, nbytes: Size, offset: Offset] -> Int, Never => AioStart { dir: Write, fd: 0, cb: 1, req: 2, off: 3 };

    // ---- POSIX: pipes, sockets, anonymous files (format version 2) ------------------------
    pipe:        Posix Meta [fd0: Fd, fd1: Fd] -> Int, Neg1 => None;
    pipe2:       Posix Meta [fd0: Fd, fd1: Fd, flags: OpenFlags] -> Int, Neg1 => None;
    socketpair:  Posix Meta [domain: Int, type: Hex, fd0: Fd, fd1: Fd] -> Int, Neg1 => None;
    fd_created:  Posix Event [file: File, flags: OpenFlags] -> Fd, Never => OpenFd { path: 0, flags: Flags::Field(1) };
    socket:      Posix Meta [domain: Int, type: Hex, protocol: Int, file: File, flags: OpenFlags] -> Fd, Neg1 => OpenFd { path: 3, flags: Flags::FixedOr(O_RDWR, 4) };
    accept:      Posix Meta [fd: Fd, file: File] -> Fd, Neg1 => OpenFd { path: 1, flags: Flags::Fixed(O_RDWR) };
    accept4:     Posix Meta [fd: Fd, file: File, flags: OpenFlags] -> Fd, Neg1 => OpenFd { path: 1, flags: Flags::FixedOr(O_RDWR, 2) };
    memfd_create: Posix Meta [file: File, flags: Hex, oflags: OpenFlags] -> Fd, Neg1 => OpenFd { path: 0, flags: Flags::FixedOr(O_RDWR, 2) };
    eventfd:     Posix Meta [initval: Int, flags: Hex, file: File, oflags: OpenFlags] -> Fd, Neg1 => OpenFd { path: 2, flags: Flags::FixedOr(O_RDWR, 3) };
    signalfd:    Posix Meta [fd: Fd, flags: Hex, file: File, oflags: OpenFlags] -> Fd, Neg1 => OpenFd { path: 2, flags: Flags::FixedOr(O_RDWR, 3) };
    timerfd_create: Posix Meta [clockid: Int, flags: Hex, file: File, oflags: OpenFlags] -> Fd, Neg1 => OpenFd { path: 2, flags: Flags::FixedOr(O_RDWR, 3) };
    epoll_create:  Posix Meta [size: Int, file: File] -> Fd, Neg1 => OpenFd { path: 1, flags: Flags::Fixed(O_RDWR) };
    epoll_create1: Posix Meta [flags: Hex, file: File, oflags: OpenFlags] -> Fd, Neg1 => OpenFd { path: 1, flags: Flags::FixedOr(O_RDWR, 2) };
    inotify_init:  Posix Meta [file: File] -> Fd, Neg1 => OpenFd { path: 0, flags: Flags::Fixed(0) };
    inotify_init1: Posix Meta [flags: Hex, file: File, oflags: OpenFlags] -> Fd, Neg1 => OpenFd { path: 1, flags: Flags::FixedOr(0, 2) };
    open_by_handle_at: Posix Meta [mount_fd: Fd, file: File, flags: OpenFlags] -> Fd, Neg1 => OpenFd { path: 1, flags: Flags::Field(2) };
    openat2:     Posix Meta [dirfd: Fd, path: File, flags: OpenFlags, mode: Mode, resolve: Hex] -> Fd, Neg1 => OpenFd { path: 1, flags: Flags::Field(2) };
    send:        Posix Data [fd: Fd, len: Size, flags: Hex] -> Size, Neg1 => Data { target: Fd(0), dir: Write, req: 1, xfer: RET, off: Off::Implicit };
    recv:        Posix Data [fd: Fd, len: Size, flags: Hex] -> Size, Neg1 => Data { target: Fd(0), dir: Read, req: 1, xfer: RET, off: Off::Implicit };
    sendto:      Posix Data [fd: Fd, len: Size, flags: Hex] -> Size, Neg1 => Data { target: Fd(0), dir: Write, req: 1, xfer: RET, off: Off::Implicit };
    recvfrom:    Posix Data [fd: Fd, len: Size, flags: Hex] -> Size, Neg1 => Data { target: Fd(0), dir: Read, req: 1, xfer: RET, off: Off::Implicit };
    sendmsg:     Posix Data [fd: Fd, iovcnt: Int, bytes: Size, flags: Hex] -> Size, Neg1 => Data { target: Fd(0), dir: Write, req: 2, xfer: RET, off: Off::Implicit };
    recvmsg:     Posix Data [fd: Fd, iovcnt: Int, bytes: Size, flags: Hex] -> Size, Neg1 => Data { target: Fd(0), dir: Read, req: 2, xfer: RET, off: Off::Implicit };
    sendmmsg:    Posix Data [fd: Fd, vlen: Int, bytes: Size, put: Size, flags: Hex] -> Int, Neg1 => Data { target: Fd(0), dir: Write, req: 2, xfer: 3, off: Off::Implicit };
    recvmmsg:    Posix Data [fd: Fd, vlen: Int, bytes: Size, got: Size, flags: Hex] -> Int, Neg1 => Data { target: Fd(0), dir: Read, req: 2, xfer: 3, off: Off::Implicit };

    // ---- POSIX: io_uring through liburing (format version 2) ------------------------------
    io_uring_queue_init:        Posix Meta [ring: Handle, entries: Size, flags: Hex] -> Int, Neg => None;
    io_uring_queue_init_params: Posix Meta [ring: Handle, entries: Size, flags: Hex] -> Int, Neg => None;
    io_uring_queue_exit:        Posix Meta [ring: Handle] -> Int, Never => None;
    io_uring_submit:            Posix Data [ring: Handle] -> Int, Neg => None;
    io_uring_submit_and_wait:   Posix Data [ring: Handle, wait_nr: Size] -> Int, Neg => None;
    io_uring_submit_and_wait_timeout: Posix Data [ring: Handle, wait_nr: Size] -> Int, Neg => None;
    io_uring_submit_and_get_events: Posix Data [ring: Handle] -> Int, Neg => None;
    io_uring_get_events:        Posix Data [ring: Handle] -> Int, Neg => None;
    __io_uring_get_cqe:         Posix Data [ring: Handle, submit: Size, wait_nr: Size] -> Int, Neg => None;
    io_uring_wait_cqes:         Posix Data [ring: Handle, wait_nr: Size] -> Int, Neg => None;
    io_uring_wait_cqe_timeout:  Posix Data [ring: Handle] -> Int, Neg => None;
    io_uring_peek_batch_cqe:    Posix Data [ring: Handle, count: Size] -> Size, Never => None;
    io_uring_sqe: Posix Event [ring: Handle, fd: Fd, op: Hex, dir: Int, offset: Offset, bytes: Size, user_data: Hex] -> Int, Never => UringStart { ring: 0, fd: 1, dir: 3, req: 5, off: 4, id: 6 };
    io_uring_cqe: Posix Event [ring: Handle, user_data: Hex, flags: Hex] -> Int, Never => UringDone { ring: 0, id: 1 };

    // ---- ISO C ----------------------------------------------------------------------------
    fopen:       Isoc Meta [path: File, mode: OpenFlags, fd: Fd] -> Stream, Null => OpenStream { path: 0, flags: 1, fd: 2 };
    fopen64:     Isoc Meta [path: File, mode: OpenFlags, fd: Fd] -> Stream, Null => OpenStream { path: 0, flags: 1, fd: 2 };
    fdopen:      Isoc Meta [fd: Fd, mode: OpenFlags] -> Stream, Null => StreamFromFd { fd: 0, flags: 1 };
    freopen:     Isoc Meta [path: File, mode: OpenFlags, stream: Stream, fd: Fd] -> Stream, Null => ReopenStream { path: 0, flags: 1, stream: 2, fd: 3 };
    freopen64:   Isoc Meta [path: File, mode: OpenFlags, stream: Stream, fd: Fd] -> Stream, Null => ReopenStream { path: 0, flags: 1, stream: 2, fd: 3 };
    tmpfile:     Isoc Meta [path: File, mode: OpenFlags, fd: Fd] -> Stream, Null => OpenStream { path: 0, flags: 1, fd: 2 };
    tmpfile64:   Isoc Meta [path: File, mode: OpenFlags, fd: Fd] -> Stream, Null => OpenStream { path: 0, flags: 1, fd: 2 };
    fclose:      Isoc Meta [stream: Stream] -> Int, Neg => Close(Stream(0));
    fread:       Isoc Data [stream: Stream, size: Size, nmemb: Size, bytes: Size, got: Size] -> Size, Never => Data { target: Stream(0), dir: Read, req: 3, xfer: 4, off: Off::Implicit };
    fwrite:      Isoc Data [stream: Stream, size: Size, nmemb: Size, bytes: Size, put: Size] -> Size, Never => Data { target: Stream(0), dir: Write, req: 3, xfer: 4, off: Off::Implicit };
    fgets:       Isoc Data [stream: Stream, size: Size, got: Size] -> Addr, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 2, off: Off::Implicit };
    fputs:       Isoc Data [stream: Stream, len: Size] -> Int, Neg => Data { target: Stream(0), dir: Write, req: 1, xfer: 1, off: Off::Implicit };
    fgetc:       Isoc Data [stream: Stream, one: Size, got: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 2, off: Off::Implicit };
    getc:        Isoc Data [stream: Stream, one: Size, got: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 2, off: Off::Implicit };
    fputc:       Isoc Data [stream: Stream, one: Size] -> Int, Neg => Data { target: Stream(0), dir: Write, req: 1, xfer: 1, off: Off::Implicit };
    putc:        Isoc Data [stream: Stream, one: Size] -> Int, Neg => Data { target: Stream(0), dir: Write, req: 1, xfer: 1, off: Off::Implicit };
    ungetc:      Isoc Meta [stream: Stream, c: Int] -> Int, Neg => Unget { target: Stream(0), bytes: Option::None };
    fprintf:     Isoc Data [stream: Stream] -> Size, Neg => Data { target: Stream(0), dir: Write, req: RET, xfer: RET, off: Off::Implicit };
    vfprintf:    Isoc Data [stream: Stream] -> Size, Neg => Data { target: Stream(0), dir: Write, req: RET, xfer: RET, off: Off::Implicit };
    printf:      Isoc Data [stream: Stream] -> Size, Neg => Data { target: Stream(0), dir: Write, req: RET, xfer: RET, off: Off::Implicit };
    puts:        Isoc Data [stream: Stream, len: Size] -> Int, Neg => Data { target: Stream(0), dir: Write, req: 1, xfer: 1, off: Off::Implicit };
    fscanf:      Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    __isoc99_fscanf: Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    fseek:       Isoc Meta [stream: Stream, offset: Offset, whence: Whence, result: Offset] -> Int, NonZero => Seek { target: Stream(0), offset: 1, whence: 2, result: Some(3) };
    fseeko:      Isoc Meta [stream: Stream, offset: Offset, whence: Whence, result: Offset] -> Int, NonZero => Seek { target: Stream(0), offset: 1, whence: 2, result: Some(3) };
    fseeko64:    Isoc Meta [stream: Stream, offset: Offset, whence: Whence, result: Offset] -> Int, NonZero => Seek { target: Stream(0), offset: 1, whence: 2, result: Some(3) };
    ftell:       Isoc Meta [stream: Stream] -> Offset, Neg1 => None;
    ftello:      Isoc Meta [stream: Stream] -> Offset, Neg1 => None;
    ftello64:    Isoc Meta [stream: Stream] -> Offset, Neg1 => None;
    rewind:      Isoc Meta [stream: Stream] -> Int, Never => Rewind { target: Stream(0) };
    fgetpos:     Isoc Meta [stream: Stream, pos: Offset] -> Int, NonZero => None;
    fgetpos64:   Isoc Meta [stream: Stream, pos: Offset] -> Int, NonZero => None;
    fsetpos:     Isoc Meta [stream: Stream, pos: Offset] -> Int, NonZero => Seek { target: Stream(0), offset: 1, whence: RET, result: Some(1) };
    fsetpos64:   Isoc Meta [stream: Stream, pos: Offset] -> Int, NonZero => Seek { target: Stream(0), offset: 1, whence: RET, result: Some(1) };
    fread_unlocked:  Isoc Data [stream: Stream, size: Size, nmemb: Size, bytes: Size, got: Size] -> Size, Never => Data { target: Stream(0), dir: Read, req: 3, xfer: 4, off: Off::Implicit };
    fwrite_unlocked: Isoc Data [stream: Stream, size: Size, nmemb: Size, bytes: Size, put: Size] -> Size, Never => Data { target: Stream(0), dir: Write, req: 3, xfer: 4, off: Off::Implicit };
    fgets_unlocked:  Isoc Data [stream: Stream, size: Size, got: Size] -> Addr, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 2, off: Off::Implicit };
    fputs_unlocked:  Isoc Data [stream: Stream, len: Size] -> Int, Neg => Data { target: Stream(0), dir: Write, req: 1, xfer: 1, off: Off::Implicit };
    fgetc_unlocked:  Isoc Data [stream: Stream, one: Size, got: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 2, off: Off::Implicit };
    getc_unlocked:   Isoc Data [stream: Stream, one: Size, got: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 2, off: Off::Implicit };
    fputc_unlocked:  Isoc Data [stream: Stream, one: Size] -> Int, Neg => Data { target: Stream(0), dir: Write, req: 1, xfer: 1, off: Off::Implicit };
    putc_unlocked:   Isoc Data [stream: Stream, one: Size] -> Int, Neg => Data { target: Stream(0), dir: Write, req: 1, xfer: 1, off: Off::Implicit };
    fflush_unlocked: Isoc Data [stream: Stream] -> Int, Neg => Data { target: Stream(0), dir: Flush, req: RET, xfer: RET, off: Off::None };
    fflush:      Isoc Data [stream: Stream] -> Int, Neg => Data { target: Stream(0), dir: Flush, req: RET, xfer: RET, off: Off::None };
    fileno:      Isoc Meta [stream: Stream] -> Fd, Neg1 => None;
    setvbuf:     Isoc Meta [stream: Stream, mode: Int, size: Size] -> Int, NonZero => None;
    remove:      Isoc Meta [path: File] -> Int, Neg1 => Delete { path: 0 };

    // ---- ISO C: lines, scanf and printf forms, stdin/stdout characters (format version 2) --
    getline:     Isoc Data [stream: Stream, got: Size] -> Size, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    getdelim:    Isoc Data [stream: Stream, delim: Int, got: Size] -> Size, Never => Data { target: Stream(0), dir: Read, req: 2, xfer: 2, off: Off::Implicit };
    scanf:       Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    vscanf:      Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    vfscanf:     Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    __isoc99_scanf:   Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    __isoc99_vscanf:  Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    __isoc99_vfscanf: Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    vprintf:     Isoc Data [stream: Stream] -> Size, Neg => Data { target: Stream(0), dir: Write, req: RET, xfer: RET, off: Off::Implicit };
    dprintf:     Isoc Data [fd: Fd] -> Size, Neg => Data { target: Fd(0), dir: Write, req: RET, xfer: RET, off: Off::Implicit };
    vdprintf:    Isoc Data [fd: Fd] -> Size, Neg => Data { target: Fd(0), dir: Write, req: RET, xfer: RET, off: Off::Implicit };
    putchar:     Isoc Data [stream: Stream, one: Size] -> Int, Neg => Data { target: Stream(0), dir: Write, req: 1, xfer: 1, off: Off::Implicit };
    getchar:     Isoc Data [stream: Stream, one: Size, got: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 2, off: Off::Implicit };
    putchar_unlocked: Isoc Data [stream: Stream, one: Size] -> Int, Neg => Data { target: Stream(0), dir: Write, req: 1, xfer: 1, off: Off::Implicit };
    getchar_unlocked: Isoc Data [stream: Stream, one: Size, got: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 2, off: Off::Implicit };
    popen:       Isoc Meta [file: File, mode: OpenFlags, fd: Fd] -> Stream, Null => OpenStream { path: 0, flags: 1, fd: 2 };
    pclose:      Isoc Meta [stream: Stream] -> Int, Neg1 => Close(Stream(0));
    fcloseall:   Isoc Meta [] -> Int, Neg => Close(Proxy);

    // ---- ISO C: wide characters (bytes: what the stream's encoding makes of them) ---------
    fputwc:      Isoc Data [stream: Stream, bytes: Size] -> Int, Neg1 => Data { target: Stream(0), dir: Write, req: 1, xfer: 1, off: Off::Implicit };
    putwc:       Isoc Data [stream: Stream, bytes: Size] -> Int, Neg1 => Data { target: Stream(0), dir: Write, req: 1, xfer: 1, off: Off::Implicit };
    putwchar:    Isoc Data [stream: Stream, bytes: Size] -> Int, Neg1 => Data { target: Stream(0), dir: Write, req: 1, xfer: 1, off: Off::Implicit };
    fputwc_unlocked:   Isoc Data [stream: Stream, bytes: Size] -> Int, Neg1 => Data { target: Stream(0), dir: Write, req: 1, xfer: 1, off: Off::Implicit };
    putwc_unlocked:    Isoc Data [stream: Stream, bytes: Size] -> Int, Neg1 => Data { target: Stream(0), dir: Write, req: 1, xfer: 1, off: Off::Implicit };
    putwchar_unlocked: Isoc Data [stream: Stream, bytes: Size] -> Int, Neg1 => Data { target: Stream(0), dir: Write, req: 1, xfer: 1, off: Off::Implicit };
    fgetwc:      Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    getwc:       Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    getwchar:    Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    fgetwc_unlocked:   Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    getwc_unlocked:    Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    getwchar_unlocked: Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    fputws:      Isoc Data [stream: Stream, bytes: Size] -> Int, Neg => Data { target: Stream(0), dir: Write, req: 1, xfer: 1, off: Off::Implicit };
    fputws_unlocked: Isoc Data [stream: Stream, bytes: Size] -> Int, Neg => Data { target: Stream(0), dir: Write, req: 1, xfer: 1, off: Off::Implicit };
    fgetws:      Isoc Data [stream: Stream, size: Size, bytes: Size] -> Addr, Never => Data { target: Stream(0), dir: Read, req: 2, xfer: 2, off: Off::Implicit };
    fgetws_unlocked: Isoc Data [stream: Stream, size: Size, bytes: Size] -> Addr, Never => Data { target: Stream(0), dir: Read, req: 2, xfer: 2, off: Off::Implicit };
    ungetwc:     Isoc Meta [stream: Stream, wc: Int, bytes: Size] -> Int, Neg1 => Unget { target: Stream(0), bytes: Some(2) };
    fwide:       Isoc Meta [stream: Stream, mode: Int] -> Int, Never => None;
    fwprintf:    Isoc Data [stream: Stream, chars: Size, bytes: Size] -> Int, Neg => Data { target: Stream(0), dir: Write, req: 2, xfer: 2, off: Off::Implicit };
    vfwprintf:   Isoc Data [stream: Stream, chars: Size, bytes: Size] -> Int, Neg => Data { target: Stream(0), dir: Write, req: 2, xfer: 2, off: Off::Implicit };
    wprintf:     Isoc Data [stream: Stream, chars: Size, bytes: Size] -> Int, Neg => Data { target: Stream(0), dir: Write, req: 2, xfer: 2, off: Off::Implicit };
    vwprintf:    Isoc Data [stream: Stream, chars: Size, bytes: Size] -> Int, Neg => Data { target: Stream(0), dir: Write, req: 2, xfer: 2, off: Off::Implicit };
    fwscanf:     Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    vfwscanf:    Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    wscanf:      Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    vwscanf:     Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    __isoc99_fwscanf:  Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    __isoc99_vfwscanf: Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    __isoc99_wscanf:   Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };
    __isoc99_vwscanf:  Isoc Data [stream: Stream, bytes: Size] -> Int, Never => Data { target: Stream(0), dir: Read, req: 1, xfer: 1, off: Off::Implicit };

    // ---- MPI: start and end (rank, size) ----------------------------------------------------
    MPI_Init:        MpiIo Func [rank: Int, size: Int] -> Int, NonZero => None;
    MPI_Init_thread: MpiIo Func [required: Int, provided: Int, rank: Int, size: Int] -> Int, NonZero => None;
    MPI_Finalize:    MpiIo Func [] -> Int, NonZero => None;

    // ---- MPI-IO: files --------------------------------------------------------------------
    MPI_File_open:   MpiIo Meta [comm: Comm, path: File, amode: Amode, fh: Handle] -> Int, NonZero => ObjOpen { path: 1, key: 3, comm: 0, amode: 2 };
    MPI_File_close:  MpiIo Meta [fh: Handle] -> Int, NonZero => ObjClose { key: 0 };
    MPI_File_delete: MpiIo Meta [path: File] -> Int, NonZero => Delete { path: 0 };
    MPI_File_set_size:    MpiIo Meta [fh: Handle, size: Offset] -> Int, NonZero => None;
    MPI_File_preallocate: MpiIo Meta [fh: Handle, size: Offset] -> Int, NonZero => None;
    MPI_File_get_size:    MpiIo Meta [fh: Handle, size: Offset] -> Int, NonZero => None;
    MPI_File_sync:        MpiIo Data [fh: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: true };
    MPI_File_set_view:    MpiIo Meta [fh: Handle, disp: Offset, etype_size: Size, filetype_size: Size, filetype_extent: Size, filetype: Filetype] -> Int, NonZero => ObjView { key: 0, disp: 1, filetype: 5 };
    MPI_File_get_view:    MpiIo Meta [fh: Handle, disp: Offset] -> Int, NonZero => None;
    MPI_File_seek:        MpiIo Meta [fh: Handle, offset: Offset, whence: Whence, result: Offset] -> Int, NonZero => ObjSeek { key: 0, offset: 1, whence: 2, result: 3 };
    MPI_File_seek_shared: MpiIo Meta [fh: Handle, offset: Offset, whence: Whence, result: Offset] -> Int, NonZero => ObjSeek { key: 0, offset: 1, whence: 2, result: 3 };
    MPI_File_get_position:        MpiIo Meta [fh: Handle, offset: Offset] -> Int, NonZero => None;
    MPI_File_get_position_shared: MpiIo Meta [fh: Handle, offset: Offset] -> Int, NonZero => None;
    MPI_File_set_atomicity: MpiIo Meta [fh: Handle, flag: Int] -> Int, NonZero => None;
    MPI_File_set_info:      MpiIo Meta [fh: Handle] -> Int, NonZero => None;

    // ---- MPI-IO: blocking transfers (offset: absolute bytes, -1 unknown) -------------------
    MPI_File_read:          MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, got: Size] -> Int, NonZero => ObjData { key: 0, dir: Read, req: 2, xfer: 4, off: 3, coll: false };
    MPI_File_read_at:       MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, got: Size] -> Int, NonZero => ObjData { key: 0, dir: Read, req: 2, xfer: 4, off: 3, coll: false };
    MPI_File_read_shared:   MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, got: Size] -> Int, NonZero => ObjData { key: 0, dir: Read, req: 2, xfer: 4, off: 3, coll: false };
    MPI_File_read_all:      MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, got: Size] -> Int, NonZero => ObjData { key: 0, dir: Read, req: 2, xfer: 4, off: 3, coll: true };
    MPI_File_read_at_all:   MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, got: Size] -> Int, NonZero => ObjData { key: 0, dir: Read, req: 2, xfer: 4, off: 3, coll: true };
    MPI_File_read_ordered:  MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, got: Size] -> Int, NonZero => ObjData { key: 0, dir: Read, req: 2, xfer: 4, off: 3, coll: true };
    MPI_File_write:         MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, put: Size] -> Int, NonZero => ObjData { key: 0, dir: Write, req: 2, xfer: 4, off: 3, coll: false };
    MPI_File_write_at:      MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, put: Size] -> Int, NonZero => ObjData { key: 0, dir: Write, req: 2, xfer: 4, off: 3, coll: false };
    MPI_File_write_shared:  MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, put: Size] -> Int, NonZero => ObjData { key: 0, dir: Write, req: 2, xfer: 4, off: 3, coll: false };
    MPI_File_write_all:     MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, put: Size] -> Int, NonZero => ObjData { key: 0, dir: Write, req: 2, xfer: 4, off: 3, coll: true };
    MPI_File_write_at_all:  MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, put: Size] -> Int, NonZero => ObjData { key: 0, dir: Write, req: 2, xfer: 4, off: 3, coll: true };
    MPI_File_write_ordered: MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, put: Size] -> Int, NonZero => ObjData { key: 0, dir: Write, req: 2, xfer: 4, off: 3, coll: true };

    // ---- MPI-IO: split collectives (Begin at _begin, Complete at _end) ---------------------
    MPI_File_read_all_begin:      MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset] -> Int, NonZero => ObjStart { key: 0, dir: Read, req: 2, off: 3, id: 0, coll: true };
    MPI_File_read_at_all_begin:   MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset] -> Int, NonZero => ObjStart { key: 0, dir: Read, req: 2, off: 3, id: 0, coll: true };
    MPI_File_read_ordered_begin:  MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset] -> Int, NonZero => ObjStart { key: 0, dir: Read, req: 2, off: 3, id: 0, coll: true };
    MPI_File_write_all_begin:     MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset] -> Int, NonZero => ObjStart { key: 0, dir: Write, req: 2, off: 3, id: 0, coll: true };
    MPI_File_write_at_all_begin:  MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset] -> Int, NonZero => ObjStart { key: 0, dir: Write, req: 2, off: 3, id: 0, coll: true };
    MPI_File_write_ordered_begin: MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset] -> Int, NonZero => ObjStart { key: 0, dir: Write, req: 2, off: 3, id: 0, coll: true };
    MPI_File_read_all_end:      MpiIo Data [fh: Handle, got: Size] -> Int, NonZero => ObjEnd { id: 0, xfer: 1 };
    MPI_File_read_at_all_end:   MpiIo Data [fh: Handle, got: Size] -> Int, NonZero => ObjEnd { id: 0, xfer: 1 };
    MPI_File_read_ordered_end:  MpiIo Data [fh: Handle, got: Size] -> Int, NonZero => ObjEnd { id: 0, xfer: 1 };
    MPI_File_write_all_end:     MpiIo Data [fh: Handle, put: Size] -> Int, NonZero => ObjEnd { id: 0, xfer: 1 };
    MPI_File_write_at_all_end:  MpiIo Data [fh: Handle, put: Size] -> Int, NonZero => ObjEnd { id: 0, xfer: 1 };
    MPI_File_write_ordered_end: MpiIo Data [fh: Handle, put: Size] -> Int, NonZero => ObjEnd { id: 0, xfer: 1 };

    // ---- MPI-IO: non-blocking (Begin[NON_BLOCKING] + Issued; completed by Wait/Test) ------
    MPI_File_iread:          MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, request: Handle] -> Int, NonZero => ObjStart { key: 0, dir: Read, req: 2, off: 3, id: 4, coll: false };
    MPI_File_iread_at:       MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, request: Handle] -> Int, NonZero => ObjStart { key: 0, dir: Read, req: 2, off: 3, id: 4, coll: false };
    MPI_File_iread_shared:   MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, request: Handle] -> Int, NonZero => ObjStart { key: 0, dir: Read, req: 2, off: 3, id: 4, coll: false };
    MPI_File_iread_all:      MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, request: Handle] -> Int, NonZero => ObjStart { key: 0, dir: Read, req: 2, off: 3, id: 4, coll: true };
    MPI_File_iread_at_all:   MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, request: Handle] -> Int, NonZero => ObjStart { key: 0, dir: Read, req: 2, off: 3, id: 4, coll: true };
    MPI_File_iwrite:         MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, request: Handle] -> Int, NonZero => ObjStart { key: 0, dir: Write, req: 2, off: 3, id: 4, coll: false };
    MPI_File_iwrite_at:      MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, request: Handle] -> Int, NonZero => ObjStart { key: 0, dir: Write, req: 2, off: 3, id: 4, coll: false };
    MPI_File_iwrite_shared:  MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, request: Handle] -> Int, NonZero => ObjStart { key: 0, dir: Write, req: 2, off: 3, id: 4, coll: false };
    MPI_File_iwrite_all:     MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, request: Handle] -> Int, NonZero => ObjStart { key: 0, dir: Write, req: 2, off: 3, id: 4, coll: true };
    MPI_File_iwrite_at_all:  MpiIo Data [fh: Handle, count: Size, bytes: Size, offset: Offset, request: Handle] -> Int, NonZero => ObjStart { key: 0, dir: Write, req: 2, off: 3, id: 4, coll: true };

    // ---- MPI: request completion (recorded when an I/O request is involved) ----------------
    MPI_Wait:         MpiIo Func [request: Handle] -> Int, NonZero => None;
    MPI_Waitall:      MpiIo Func [count: Int] -> Int, NonZero => None;
    MPI_Waitany:      MpiIo Func [count: Int, index: Int] -> Int, NonZero => None;
    MPI_Waitsome:     MpiIo Func [count: Int, outcount: Int] -> Int, NonZero => None;
    MPI_Test:         MpiIo Func [request: Handle, flag: Int] -> Int, NonZero => None;
    MPI_Testall:      MpiIo Func [count: Int, flag: Int] -> Int, NonZero => None;
    MPI_Testany:      MpiIo Func [count: Int, index: Int, flag: Int] -> Int, NonZero => None;
    MPI_Testsome:     MpiIo Func [count: Int, outcount: Int] -> Int, NonZero => None;
    MPI_Request_free: MpiIo Func [request: Handle] -> Int, NonZero => None;
    MPI_Cancel:       MpiIo Func [request: Handle] -> Int, NonZero => None;
    io_request_done:  MpiIo Event [request: Handle, got: Size, cancelled: Int] -> Int, Never => ReqDone { file: RET, id: 0, xfer: 1, cancelled: 2, coll: RET };
    io_request_test:  MpiIo Event [request: Handle] -> Int, Never => ReqTest { id: 0 };

    // ---- MPI: communicators and collectives (layer "mpi", off by default; comm: the local
    // communicator id, roots and peers: ranks in it, see mpi_rank for the special values) --
    MPI_Comm_dup:        Mpi Coll [comm: Comm, newcomm: Comm] -> Int, NonZero => MpiColl { comm: 0, root: RET, sync: CollSync::All };
    MPI_Comm_split:      Mpi Coll [comm: Comm, color: Int, key: Int, newcomm: Comm] -> Int, NonZero => MpiColl { comm: 0, root: RET, sync: CollSync::All };
    MPI_Comm_split_type: Mpi Coll [comm: Comm, split_type: Int, key: Int, newcomm: Comm] -> Int, NonZero => MpiColl { comm: 0, root: RET, sync: CollSync::All };
    MPI_Comm_create:     Mpi Coll [comm: Comm, newcomm: Comm] -> Int, NonZero => MpiColl { comm: 0, root: RET, sync: CollSync::All };
    MPI_Comm_free:       Mpi Func [comm: Comm] -> Int, NonZero => None;
    MPI_Barrier:         Mpi Barrier [comm: Comm] -> Int, NonZero => MpiColl { comm: 0, root: RET, sync: CollSync::All };
    MPI_Bcast:           Mpi Coll [comm: Comm, bytes: Size, root: Int] -> Int, NonZero => MpiColl { comm: 0, root: 2, sync: CollSync::FromRoot };
    MPI_Reduce:          Mpi Coll [comm: Comm, bytes: Size, root: Int] -> Int, NonZero => MpiColl { comm: 0, root: 2, sync: CollSync::ToRoot };
    MPI_Allreduce:       Mpi Coll [comm: Comm, bytes: Size] -> Int, NonZero => MpiColl { comm: 0, root: RET, sync: CollSync::All };
    MPI_Gather:          Mpi Coll [comm: Comm, bytes: Size, root: Int] -> Int, NonZero => MpiColl { comm: 0, root: 2, sync: CollSync::ToRoot };
    MPI_Allgather:       Mpi Coll [comm: Comm, bytes: Size] -> Int, NonZero => MpiColl { comm: 0, root: RET, sync: CollSync::All };
    MPI_Scatter:         Mpi Coll [comm: Comm, bytes: Size, root: Int] -> Int, NonZero => MpiColl { comm: 0, root: 2, sync: CollSync::FromRoot };
    MPI_Alltoall:        Mpi Coll [comm: Comm, bytes: Size] -> Int, NonZero => MpiColl { comm: 0, root: RET, sync: CollSync::All };
    MPI_Gatherv:         Mpi Coll [comm: Comm, bytes: Size, root: Int] -> Int, NonZero => MpiColl { comm: 0, root: 2, sync: CollSync::ToRoot };
    MPI_Scatterv:        Mpi Coll [comm: Comm, bytes: Size, root: Int] -> Int, NonZero => MpiColl { comm: 0, root: 2, sync: CollSync::FromRoot };
    MPI_Allgatherv:      Mpi Coll [comm: Comm, bytes: Size] -> Int, NonZero => MpiColl { comm: 0, root: RET, sync: CollSync::All };
    MPI_Alltoallv:       Mpi Coll [comm: Comm, bytes: Size] -> Int, NonZero => MpiColl { comm: 0, root: RET, sync: CollSync::All };
    MPI_Reduce_scatter:  Mpi Coll [comm: Comm, bytes: Size] -> Int, NonZero => MpiColl { comm: 0, root: RET, sync: CollSync::All };
    MPI_Reduce_scatter_block: Mpi Coll [comm: Comm, bytes: Size] -> Int, NonZero => MpiColl { comm: 0, root: RET, sync: CollSync::All };
    // Prefix reductions order rank i after ranks 0..i only: no SyncKind says that (yet).
    MPI_Scan:            Mpi Coll [comm: Comm, bytes: Size] -> Int, NonZero => None;
    MPI_Exscan:          Mpi Coll [comm: Comm, bytes: Size] -> Int, NonZero => None;

    // ---- MPI: point-to-point (layer "mpi"): blocking receives record the source and tag
    // the status reports; a non-blocking receive's are in its mpi_recv_done event ----------
    MPI_Send:            Mpi Func [comm: Comm, dest: Int, tag: Int, bytes: Size] -> Int, NonZero => MpiSend { comm: 0, peer: 1, tag: 2 };
    MPI_Ssend:           Mpi Func [comm: Comm, dest: Int, tag: Int, bytes: Size] -> Int, NonZero => MpiSend { comm: 0, peer: 1, tag: 2 };
    MPI_Bsend:           Mpi Func [comm: Comm, dest: Int, tag: Int, bytes: Size] -> Int, NonZero => MpiSend { comm: 0, peer: 1, tag: 2 };
    MPI_Rsend:           Mpi Func [comm: Comm, dest: Int, tag: Int, bytes: Size] -> Int, NonZero => MpiSend { comm: 0, peer: 1, tag: 2 };
    MPI_Isend:           Mpi Func [comm: Comm, dest: Int, tag: Int, bytes: Size, request: Handle] -> Int, NonZero => MpiSend { comm: 0, peer: 1, tag: 2 };
    MPI_Issend:          Mpi Func [comm: Comm, dest: Int, tag: Int, bytes: Size, request: Handle] -> Int, NonZero => MpiSend { comm: 0, peer: 1, tag: 2 };
    MPI_Ibsend:          Mpi Func [comm: Comm, dest: Int, tag: Int, bytes: Size, request: Handle] -> Int, NonZero => MpiSend { comm: 0, peer: 1, tag: 2 };
    MPI_Irsend:          Mpi Func [comm: Comm, dest: Int, tag: Int, bytes: Size, request: Handle] -> Int, NonZero => MpiSend { comm: 0, peer: 1, tag: 2 };
    MPI_Recv:            Mpi Func [comm: Comm, source: Int, tag: Int, bytes: Size] -> Int, NonZero => MpiRecv { comm: 0, peer: 1, tag: 2 };
    MPI_Sendrecv:        Mpi Func [comm: Comm, dest: Int, sendtag: Int, sent: Size, source: Int, recvtag: Int, got: Size] -> Int, NonZero => MpiSendRecv { comm: 0, dest: 1, sendtag: 2, source: 4, recvtag: 5 };
    MPI_Sendrecv_replace: Mpi Func [comm: Comm, dest: Int, sendtag: Int, sent: Size, source: Int, recvtag: Int, got: Size] -> Int, NonZero => MpiSendRecv { comm: 0, dest: 1, sendtag: 2, source: 4, recvtag: 5 };
    MPI_Irecv:           Mpi Func [comm: Comm, source: Int, tag: Int, bytes: Size, request: Handle] -> Int, NonZero => MpiRecvStart { comm: 0, id: 4 };
    mpi_recv_done:       Mpi Event [request: Handle, source: Int, tag: Int, got: Size] -> Int, Never => MpiRecvDone { id: 0, peer: 1, tag: 2 };

    // ---- HDF5: every function of H5F, H5G, H5D, H5A, H5O, H5L in every API generation, from
    // the headers (scripts/gen-hdf5.py): files, datasets and transfers with their semantics
    // (datasets are sub-objects of their file's handle: file = the id of the file they are in,
    // bytes = elements x memory type size), the others regions with their arguments ----
    // BEGIN generated hdf5
    H5Aclose: Hdf5 Meta [attr_id: Handle] -> Int, Neg => None;
    H5Acreate1: Hdf5 Meta [loc_id: Handle, attr_name: Name, type: Hex, space_id: Handle, acpl_id: Handle] -> Handle, Neg => None;
    H5Acreate2: Hdf5 Meta [loc_id: Handle, attr_name: Name, type: Hex, space_id: Handle, acpl_id: Handle, aapl_id: Handle] -> Handle, Neg => None;
    H5Acreate_by_name: Hdf5 Meta [loc_id: Handle, obj_name: Name, attr_name: Name, type: Hex, space_id: Handle, acpl_id: Handle, aapl_id: Handle] -> Handle, Neg => None;
    H5Adelete: Hdf5 Meta [loc_id: Handle, attr_name: Name] -> Int, Neg => None;
    H5Adelete_by_idx: Hdf5 Meta [loc_id: Handle, obj_name: Name, idx_type: Int, order: Int, n: Size, lapl_id: Handle] -> Int, Neg => None;
    H5Adelete_by_name: Hdf5 Meta [loc_id: Handle, obj_name: Name, attr_name: Name, lapl_id: Handle] -> Int, Neg => None;
    H5Aexists: Hdf5 Meta [obj_id: Handle, attr_name: Name] -> Int, Neg => None;
    H5Aexists_by_name: Hdf5 Meta [obj_id: Handle, obj_name: Name, attr_name: Name, lapl_id: Handle] -> Int, Neg => None;
    H5Aget_create_plist: Hdf5 Meta [attr_id: Handle] -> Handle, Neg => None;
    H5Aget_info: Hdf5 Meta [attr_id: Handle] -> Int, Neg => None;
    H5Aget_info_by_idx: Hdf5 Meta [loc_id: Handle, obj_name: Name, idx_type: Int, order: Int, n: Size, lapl_id: Handle] -> Int, Neg => None;
    H5Aget_info_by_name: Hdf5 Meta [loc_id: Handle, obj_name: Name, attr_name: Name, lapl_id: Handle] -> Int, Neg => None;
    H5Aget_name: Hdf5 Meta [attr_id: Handle, buf_size: Size] -> Int, Neg => None;
    H5Aget_name_by_idx: Hdf5 Meta [loc_id: Handle, obj_name: Name, idx_type: Int, order: Int, n: Size, size: Size, lapl_id: Handle] -> Int, Neg => None;
    H5Aget_num_attrs: Hdf5 Meta [loc_id: Handle] -> Int, Neg => None;
    H5Aget_space: Hdf5 Meta [attr_id: Handle] -> Handle, Neg => None;
    H5Aget_storage_size: Hdf5 Meta [attr_id: Handle] -> Size, Never => None;
    H5Aget_type: Hdf5 Meta [attr_id: Handle] -> Handle, Neg => None;
    H5Aiterate1: Hdf5 Meta [loc_id: Handle] -> Int, Neg => None;
    H5Aiterate2: Hdf5 Meta [loc_id: Handle, idx_type: Int, order: Int] -> Int, Neg => None;
    H5Aiterate_by_name: Hdf5 Meta [loc_id: Handle, obj_name: Name, idx_type: Int, order: Int, lapl_id: Handle] -> Int, Neg => None;
    H5Aopen: Hdf5 Meta [obj_id: Handle, attr_name: Name, aapl_id: Handle] -> Handle, Neg => None;
    H5Aopen_by_idx: Hdf5 Meta [loc_id: Handle, obj_name: Name, idx_type: Int, order: Int, n: Size, aapl_id: Handle, lapl_id: Handle] -> Handle, Neg => None;
    H5Aopen_by_name: Hdf5 Meta [loc_id: Handle, obj_name: Name, attr_name: Name, aapl_id: Handle, lapl_id: Handle] -> Handle, Neg => None;
    H5Aopen_idx: Hdf5 Meta [loc_id: Handle, idx: Hex] -> Handle, Neg => None;
    H5Aopen_name: Hdf5 Meta [loc_id: Handle, name: Name] -> Handle, Neg => None;
    H5Aread: Hdf5 Meta [attr: Handle, bytes: Size] -> Int, Neg => None;
    H5Arename: Hdf5 Meta [loc_id: Handle, old_name: Name, new_name: Name] -> Int, Neg => None;
    H5Arename_by_name: Hdf5 Meta [loc_id: Handle, obj_name: Name, old_attr_name: Name, new_attr_name: Name, lapl_id: Handle] -> Int, Neg => None;
    H5Awrite: Hdf5 Meta [attr: Handle, bytes: Size] -> Int, Neg => None;
    H5Dclose: Hdf5 Meta [dset: Handle, refs: Int] -> Int, Neg => SubClose { key: 0 };
    H5Dcreate1: Hdf5 Meta [file: Handle, name: Name, type: Hex, space: Handle, dcpl: Handle] -> Handle, Neg => SubOpen { file: 0, name: 1, key: RET };
    H5Dcreate2: Hdf5 Meta [file: Handle, name: Name, type: Hex, space: Handle, dcpl: Handle, lcpl: Handle, dapl: Handle] -> Handle, Neg => SubOpen { file: 0, name: 1, key: RET };
    H5Dcreate_anon: Hdf5 Meta [file: Handle, name: Name] -> Handle, Neg => SubOpen { file: 0, name: 1, key: RET };
    H5Ddebug: Hdf5 Meta [dset_id: Handle] -> Int, Neg => None;
    H5Dextend: Hdf5 Meta [dset: Handle, dim0: Size] -> Int, Neg => None;
    H5Dfill: Hdf5 Meta [fill_type_id: Handle, buf_type_id: Handle, space_id: Handle] -> Int, Neg => None;
    H5Dflush: Hdf5 Data [dset: Handle] -> Int, Neg => SubData { key: 0, dir: Flush, req: RET, xfer: RET, coll: RET };
    H5Dformat_convert: Hdf5 Meta [dset_id: Handle] -> Int, Neg => None;
    H5Dgather: Hdf5 Meta [src_space_id: Handle, type_id: Handle, dst_buf_size: Size] -> Int, Neg => None;
    H5Dget_access_plist: Hdf5 Meta [dset_id: Handle] -> Handle, Neg => None;
    H5Dget_chunk_index_type: Hdf5 Meta [did: Handle] -> Int, Neg => None;
    H5Dget_chunk_info: Hdf5 Meta [dset_id: Handle, fspace_id: Handle, chk_idx: Size] -> Int, Neg => None;
    H5Dget_chunk_info_by_coord: Hdf5 Meta [dset_id: Handle] -> Int, Neg => None;
    H5Dget_chunk_storage_size: Hdf5 Meta [dset_id: Handle] -> Int, Neg => None;
    H5Dget_create_plist: Hdf5 Meta [dset_id: Handle] -> Handle, Neg => None;
    H5Dget_num_chunks: Hdf5 Meta [dset_id: Handle, fspace_id: Handle] -> Int, Neg => None;
    H5Dget_offset: Hdf5 Meta [dset_id: Handle] -> Size, Neg => None;
    H5Dget_space: Hdf5 Meta [dset_id: Handle] -> Handle, Neg => None;
    H5Dget_space_status: Hdf5 Meta [dset_id: Handle] -> Int, Neg => None;
    H5Dget_storage_size: Hdf5 Meta [dset_id: Handle] -> Size, Never => None;
    H5Dget_type: Hdf5 Meta [dset_id: Handle] -> Handle, Neg => None;
    H5Diterate: Hdf5 Meta [type_id: Handle, space_id: Handle] -> Int, Neg => None;
    H5Dopen1: Hdf5 Meta [file: Handle, name: Name, rank: Int, dim0: Size, dim1: Size, dim2: Size] -> Handle, Neg => SubOpen { file: 0, name: 1, key: RET };
    H5Dopen2: Hdf5 Meta [file: Handle, name: Name, rank: Int, dim0: Size, dim1: Size, dim2: Size] -> Handle, Neg => SubOpen { file: 0, name: 1, key: RET };
    H5Dread: Hdf5 Data [dset: Handle, mem_type: Hex, mem_space: Handle, file_space: Handle, dxpl: Handle, bytes: Size, collective: Int] -> Int, Neg => SubData { key: 0, dir: Read, req: 5, xfer: 5, coll: 6 };
    H5Dread_chunk: Hdf5 Data [dset: Handle, bytes: Size] -> Int, Neg => SubData { key: 0, dir: Read, req: 1, xfer: 1, coll: RET };
    H5Drefresh: Hdf5 Meta [dset_id: Handle] -> Int, Neg => None;
    H5Dscatter: Hdf5 Meta [type_id: Handle, dst_space_id: Handle] -> Int, Neg => None;
    H5Dset_extent: Hdf5 Meta [dset: Handle, dim0: Size] -> Int, Neg => None;
    H5Dvlen_get_buf_size: Hdf5 Meta [dset_id: Handle, type_id: Handle, space_id: Handle] -> Int, Neg => None;
    H5Dvlen_reclaim: Hdf5 Meta [type_id: Handle, space_id: Handle, dxpl_id: Handle] -> Int, Neg => None;
    H5Dwrite: Hdf5 Data [dset: Handle, mem_type: Hex, mem_space: Handle, file_space: Handle, dxpl: Handle, bytes: Size, collective: Int] -> Int, Neg => SubData { key: 0, dir: Write, req: 5, xfer: 5, coll: 6 };
    H5Dwrite_chunk: Hdf5 Data [dset: Handle, filters: Hex, bytes: Size] -> Int, Neg => SubData { key: 0, dir: Write, req: 2, xfer: 2, coll: RET };
    H5Eset_auto1: Hdf5 Meta [] -> Int, Neg => None;
    H5Fclear_elink_file_cache: Hdf5 Meta [file_id: Handle] -> Int, Neg => None;
    H5Fclose: Hdf5 Meta [file: Handle, open_objects: Int] -> Int, Neg => ObjClose { key: 0 };
    H5Fcreate: Hdf5 Meta [path: File, flags: Amode, comm: Comm, fcpl: Handle, fapl: Handle] -> Handle, Neg => ObjOpen { path: 0, key: RET, comm: 2, amode: 1 };
    H5Fflush: Hdf5 Data [file: Handle, scope: Int] -> Int, Neg => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false };
    H5Fformat_convert: Hdf5 Meta [fid: Handle] -> Int, Neg => None;
    H5Fget_access_plist: Hdf5 Meta [file_id: Handle] -> Handle, Neg => None;
    H5Fget_create_plist: Hdf5 Meta [file_id: Handle] -> Handle, Neg => None;
    H5Fget_dset_no_attrs_hint: Hdf5 Meta [file_id: Handle] -> Int, Neg => None;
    H5Fget_eoa: Hdf5 Meta [file_id: Handle] -> Int, Neg => None;
    H5Fget_file_image: Hdf5 Meta [file_id: Handle, buf_len: Size] -> Int, Neg => None;
    H5Fget_filesize: Hdf5 Meta [file_id: Handle] -> Int, Neg => None;
    H5Fget_free_sections: Hdf5 Meta [file_id: Handle, type: Int, nsects: Size] -> Int, Neg => None;
    H5Fget_freespace: Hdf5 Meta [file_id: Handle] -> Int, Neg => None;
    H5Fget_info1: Hdf5 Meta [obj_id: Handle] -> Int, Neg => None;
    H5Fget_info2: Hdf5 Meta [obj_id: Handle] -> Int, Neg => None;
    H5Fget_intent: Hdf5 Meta [file_id: Handle] -> Int, Neg => None;
    H5Fget_mdc_config: Hdf5 Meta [file_id: Handle] -> Int, Neg => None;
    H5Fget_mdc_hit_rate: Hdf5 Meta [file_id: Handle] -> Int, Neg => None;
    H5Fget_mdc_image_info: Hdf5 Meta [file_id: Handle] -> Int, Neg => None;
    H5Fget_mdc_logging_status: Hdf5 Meta [file_id: Handle] -> Int, Neg => None;
    H5Fget_mdc_size: Hdf5 Meta [file_id: Handle] -> Int, Neg => None;
    H5Fget_metadata_read_retry_info: Hdf5 Meta [file_id: Handle] -> Int, Neg => None;
    H5Fget_mpi_atomicity: Hdf5 Meta [file_id: Handle] -> Int, Neg => None;
    H5Fget_name: Hdf5 Meta [obj_id: Handle, size: Size] -> Int, Neg => None;
    H5Fget_obj_count: Hdf5 Meta [file_id: Handle, types: Hex] -> Int, Neg => None;
    H5Fget_obj_ids: Hdf5 Meta [file_id: Handle, types: Hex, max_objs: Size] -> Int, Neg => None;
    H5Fget_page_buffering_stats: Hdf5 Meta [file_id: Handle] -> Int, Neg => None;
    H5Fget_vfd_handle: Hdf5 Meta [file_id: Handle, fapl: Handle] -> Int, Neg => None;
    H5Fincrement_filesize: Hdf5 Meta [file_id: Handle, increment: Size] -> Int, Neg => None;
    H5Fis_hdf5: Hdf5 Meta [filename: Name] -> Int, Neg => None;
    H5Fmount: Hdf5 Meta [loc: Handle, name: Name, child: Handle, plist: Handle] -> Int, Neg => None;
    H5Fopen: Hdf5 Meta [path: File, flags: Amode, comm: Comm, fapl: Handle] -> Handle, Neg => ObjOpen { path: 0, key: RET, comm: 2, amode: 1 };
    H5Freopen: Hdf5 Meta [path: File, flags: Amode, comm: Comm, file: Handle] -> Handle, Neg => ObjOpen { path: 0, key: RET, comm: 2, amode: 1 };
    H5Freset_mdc_hit_rate_stats: Hdf5 Meta [file_id: Handle] -> Int, Neg => None;
    H5Freset_page_buffering_stats: Hdf5 Meta [file_id: Handle] -> Int, Neg => None;
    H5Fset_dset_no_attrs_hint: Hdf5 Meta [file_id: Handle, minimize: Int] -> Int, Neg => None;
    H5Fset_latest_format: Hdf5 Meta [file_id: Handle, latest_format: Int] -> Int, Neg => None;
    H5Fset_libver_bounds: Hdf5 Meta [file_id: Handle, low: Int, high: Int] -> Int, Neg => None;
    H5Fset_mdc_config: Hdf5 Meta [file_id: Handle] -> Int, Neg => None;
    H5Fset_mpi_atomicity: Hdf5 Meta [file_id: Handle, flag: Int] -> Int, Neg => None;
    H5Fstart_mdc_logging: Hdf5 Meta [file_id: Handle] -> Int, Neg => None;
    H5Fstart_swmr_write: Hdf5 Meta [file_id: Handle] -> Int, Neg => None;
    H5Fstop_mdc_logging: Hdf5 Meta [file_id: Handle] -> Int, Neg => None;
    H5Funmount: Hdf5 Meta [loc: Handle, name: Name] -> Int, Neg => None;
    H5Gclose: Hdf5 Meta [group_id: Handle] -> Int, Neg => None;
    H5Gcreate1: Hdf5 Meta [loc_id: Handle, name: Name, size_hint: Size] -> Handle, Neg => None;
    H5Gcreate2: Hdf5 Meta [loc_id: Handle, name: Name, lcpl_id: Handle, gcpl_id: Handle, gapl_id: Handle] -> Handle, Neg => None;
    H5Gcreate_anon: Hdf5 Meta [loc_id: Handle, gcpl_id: Handle, gapl_id: Handle] -> Handle, Neg => None;
    H5Gflush: Hdf5 Data [file: Handle, group: Handle] -> Int, Neg => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false };
    H5Gget_comment: Hdf5 Meta [loc_id: Handle, name: Name, bufsize: Size] -> Int, Neg => None;
    H5Gget_create_plist: Hdf5 Meta [group_id: Handle] -> Handle, Neg => None;
    H5Gget_info: Hdf5 Meta [loc_id: Handle] -> Int, Neg => None;
    H5Gget_info_by_idx: Hdf5 Meta [loc_id: Handle, group_name: Name, idx_type: Int, order: Int, n: Size, lapl_id: Handle] -> Int, Neg => None;
    H5Gget_info_by_name: Hdf5 Meta [loc_id: Handle, name: Name, lapl_id: Handle] -> Int, Neg => None;
    H5Gget_linkval: Hdf5 Meta [loc_id: Handle, name: Name, size: Size] -> Int, Neg => None;
    H5Gget_num_objs: Hdf5 Meta [loc_id: Handle] -> Int, Neg => None;
    H5Gget_objinfo: Hdf5 Meta [loc_id: Handle, name: Name, follow_link: Int] -> Int, Neg => None;
    H5Gget_objname_by_idx: Hdf5 Meta [loc_id: Handle, idx: Size, size: Size] -> Int, Neg => None;
    H5Gget_objtype_by_idx: Hdf5 Meta [loc_id: Handle, idx: Size] -> Int, Neg => None;
    H5Giterate: Hdf5 Meta [loc_id: Handle, name: Name] -> Int, Neg => None;
    H5Glink: Hdf5 Meta [cur_loc_id: Handle, type: Int, cur_name: Name, new_name: Name] -> Int, Neg => None;
    H5Glink2: Hdf5 Meta [cur_loc_id: Handle, cur_name: Name, type: Int, new_loc_id: Handle, new_name: Name] -> Int, Neg => None;
    H5Gmove: Hdf5 Meta [src_loc_id: Handle, src_name: Name, dst_name: Name] -> Int, Neg => None;
    H5Gmove2: Hdf5 Meta [src_loc_id: Handle, src_name: Name, dst_loc_id: Handle, dst_name: Name] -> Int, Neg => None;
    H5Gopen1: Hdf5 Meta [loc_id: Handle, name: Name] -> Handle, Neg => None;
    H5Gopen2: Hdf5 Meta [loc_id: Handle, name: Name, gapl_id: Handle] -> Handle, Neg => None;
    H5Grefresh: Hdf5 Meta [group_id: Handle] -> Int, Neg => None;
    H5Gset_comment: Hdf5 Meta [loc_id: Handle, name: Name, comment: Name] -> Int, Neg => None;
    H5Gunlink: Hdf5 Meta [loc_id: Handle, name: Name] -> Int, Neg => None;
    H5Lcopy: Hdf5 Meta [src_loc: Handle, src_name: Name, dst_loc: Handle, dst_name: Name, lcpl_id: Handle, lapl_id: Handle] -> Int, Neg => None;
    H5Lcreate_external: Hdf5 Meta [file_name: Name, obj_name: Name, link_loc_id: Handle, link_name: Name, lcpl_id: Handle, lapl_id: Handle] -> Int, Neg => None;
    H5Lcreate_hard: Hdf5 Meta [cur_loc: Handle, cur_name: Name, dst_loc: Handle, dst_name: Name, lcpl_id: Handle, lapl_id: Handle] -> Int, Neg => None;
    H5Lcreate_soft: Hdf5 Meta [link_target: Name, link_loc_id: Handle, link_name: Name, lcpl_id: Handle, lapl_id: Handle] -> Int, Neg => None;
    H5Lcreate_ud: Hdf5 Meta [link_loc_id: Handle, link_name: Name, link_type: Int, udata_size: Size, lcpl_id: Handle, lapl_id: Handle] -> Int, Neg => None;
    H5Ldelete: Hdf5 Meta [loc_id: Handle, name: Name, lapl_id: Handle] -> Int, Neg => None;
    H5Ldelete_by_idx: Hdf5 Meta [loc_id: Handle, group_name: Name, idx_type: Int, order: Int, n: Size, lapl_id: Handle] -> Int, Neg => None;
    H5Lexists: Hdf5 Meta [loc_id: Handle, name: Name, lapl_id: Handle] -> Int, Neg => None;
    H5Lget_info: Hdf5 Meta [loc_id: Handle, name: Name, lapl_id: Handle] -> Int, Neg => None;
    H5Lget_info_by_idx: Hdf5 Meta [loc_id: Handle, group_name: Name, idx_type: Int, order: Int, n: Size, lapl_id: Handle] -> Int, Neg => None;
    H5Lget_name_by_idx: Hdf5 Meta [loc_id: Handle, group_name: Name, idx_type: Int, order: Int, n: Size, size: Size, lapl_id: Handle] -> Int, Neg => None;
    H5Lget_val: Hdf5 Meta [loc_id: Handle, name: Name, size: Size, lapl_id: Handle] -> Int, Neg => None;
    H5Lget_val_by_idx: Hdf5 Meta [loc_id: Handle, group_name: Name, idx_type: Int, order: Int, n: Size, size: Size, lapl_id: Handle] -> Int, Neg => None;
    H5Lis_registered: Hdf5 Meta [id: Int] -> Int, Neg => None;
    H5Literate: Hdf5 Meta [grp_id: Handle, idx_type: Int, order: Int] -> Int, Neg => None;
    H5Literate_by_name: Hdf5 Meta [loc_id: Handle, group_name: Name, idx_type: Int, order: Int, lapl_id: Handle] -> Int, Neg => None;
    H5Lmove: Hdf5 Meta [src_loc: Handle, src_name: Name, dst_loc: Handle, dst_name: Name, lcpl_id: Handle, lapl_id: Handle] -> Int, Neg => None;
    H5Lregister: Hdf5 Meta [] -> Int, Neg => None;
    H5Lunpack_elink_val: Hdf5 Meta [link_size: Size] -> Int, Neg => None;
    H5Lunregister: Hdf5 Meta [id: Int] -> Int, Neg => None;
    H5Lvisit: Hdf5 Meta [grp_id: Handle, idx_type: Int, order: Int] -> Int, Neg => None;
    H5Lvisit_by_name: Hdf5 Meta [loc_id: Handle, group_name: Name, idx_type: Int, order: Int, lapl_id: Handle] -> Int, Neg => None;
    H5Oare_mdc_flushes_disabled: Hdf5 Meta [object_id: Handle] -> Int, Neg => None;
    H5Oclose: Hdf5 Meta [obj: Handle, refs: Int] -> Int, Neg => SubClose { key: 0 };
    H5Ocopy: Hdf5 Meta [src_loc_id: Handle, src_name: Name, dst_loc_id: Handle, dst_name: Name, ocpypl_id: Handle, lcpl_id: Handle] -> Int, Neg => None;
    H5Odecr_refcount: Hdf5 Meta [object_id: Handle] -> Int, Neg => None;
    H5Odisable_mdc_flushes: Hdf5 Meta [object_id: Handle] -> Int, Neg => None;
    H5Oenable_mdc_flushes: Hdf5 Meta [object_id: Handle] -> Int, Neg => None;
    H5Oexists_by_name: Hdf5 Meta [loc_id: Handle, name: Name, lapl_id: Handle] -> Int, Neg => None;
    H5Oflush: Hdf5 Data [file: Handle, obj: Handle] -> Int, Neg => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false };
    H5Oget_comment: Hdf5 Meta [obj_id: Handle, bufsize: Size] -> Int, Neg => None;
    H5Oget_comment_by_name: Hdf5 Meta [loc_id: Handle, name: Name, bufsize: Size, lapl_id: Handle] -> Int, Neg => None;
    H5Oget_info: Hdf5 Meta [loc_id: Handle] -> Int, Neg => None;
    H5Oget_info1: Hdf5 Meta [loc_id: Handle] -> Int, Neg => None;
    H5Oget_info2: Hdf5 Meta [loc_id: Handle, fields: Hex] -> Int, Neg => None;
    H5Oget_info_by_idx: Hdf5 Meta [loc_id: Handle, group_name: Name, idx_type: Int, order: Int, n: Size, lapl_id: Handle] -> Int, Neg => None;
    H5Oget_info_by_idx1: Hdf5 Meta [loc_id: Handle, group_name: Name, idx_type: Int, order: Int, n: Size, lapl_id: Handle] -> Int, Neg => None;
    H5Oget_info_by_idx2: Hdf5 Meta [loc_id: Handle, group_name: Name, idx_type: Int, order: Int, n: Size, fields: Hex, lapl_id: Handle] -> Int, Neg => None;
    H5Oget_info_by_name: Hdf5 Meta [loc_id: Handle, name: Name, lapl_id: Handle] -> Int, Neg => None;
    H5Oget_info_by_name1: Hdf5 Meta [loc_id: Handle, name: Name, lapl_id: Handle] -> Int, Neg => None;
    H5Oget_info_by_name2: Hdf5 Meta [loc_id: Handle, name: Name, fields: Hex, lapl_id: Handle] -> Int, Neg => None;
    H5Oincr_refcount: Hdf5 Meta [object_id: Handle] -> Int, Neg => None;
    H5Olink: Hdf5 Meta [obj_id: Handle, new_loc_id: Handle, new_name: Name, lcpl_id: Handle, lapl_id: Handle] -> Int, Neg => None;
    H5Oopen: Hdf5 Meta [file: Handle, name: Name] -> Handle, Neg => SubOpen { file: 0, name: 1, key: RET };
    H5Oopen_by_addr: Hdf5 Meta [file: Handle, name: Name] -> Handle, Neg => SubOpen { file: 0, name: 1, key: RET };
    H5Oopen_by_idx: Hdf5 Meta [file: Handle, name: Name] -> Handle, Neg => SubOpen { file: 0, name: 1, key: RET };
    H5Orefresh: Hdf5 Meta [oid: Handle] -> Int, Neg => None;
    H5Oset_comment: Hdf5 Meta [obj_id: Handle, comment: Name] -> Int, Neg => None;
    H5Oset_comment_by_name: Hdf5 Meta [loc_id: Handle, name: Name, comment: Name, lapl_id: Handle] -> Int, Neg => None;
    H5Ovisit: Hdf5 Meta [obj_id: Handle, idx_type: Int, order: Int] -> Int, Neg => None;
    H5Ovisit1: Hdf5 Meta [obj_id: Handle, idx_type: Int, order: Int] -> Int, Neg => None;
    H5Ovisit2: Hdf5 Meta [obj_id: Handle, idx_type: Int, order: Int, fields: Hex] -> Int, Neg => None;
    H5Ovisit_by_name: Hdf5 Meta [loc_id: Handle, obj_name: Name, idx_type: Int, order: Int, lapl_id: Handle] -> Int, Neg => None;
    H5Ovisit_by_name1: Hdf5 Meta [loc_id: Handle, obj_name: Name, idx_type: Int, order: Int, lapl_id: Handle] -> Int, Neg => None;
    H5Ovisit_by_name2: Hdf5 Meta [loc_id: Handle, obj_name: Name, idx_type: Int, order: Int, fields: Hex, lapl_id: Handle] -> Int, Neg => None;
    // END generated hdf5

    // ---- HDF5: reference counts and the events the recorder adds inside calls ----
    // H5Idec_ref: recorded when it releases the last reference of a file, group, dataset or
    // attribute (how h5py closes them; kind: H5I_type_t); H5Iinc_ref: recorded on files and
    // datasets (refs: after the call).
    H5Idec_ref:   Hdf5 Meta [id: Handle, kind: Int] -> Int, Neg => IdRelease { key: 0, kind: 1 };
    H5Iinc_ref:   Hdf5 Meta [id: Handle, kind: Int] -> Int, Neg => None;
    h5_selection: Hdf5 Event [rank: Int, start0: Size, extent0: Size, start1: Size, extent1: Size, start2: Size, extent2: Size] -> Int, Never => Selection;
    h5_hyperslab: Hdf5 Event [rank: Int, count0: Size, stride0: Size, block0: Size, count1: Size, stride1: Size, block1: Size] -> Int, Never => Hyperslab;
    // An object the converter does not know (opened before, elsewhere, or closed by the program
    // while HDF5 keeps it open through another reference), found out inside a call on it.
    h5_object:    Hdf5 Event [file: Handle, name: Name, obj: Handle] -> Int, Never => SubOpen { file: 0, name: 1, key: 2 };
    // The same for the file such an object is in.
    h5_file:      Hdf5 Event [path: File, flags: Amode, comm: Comm, file: Handle] -> Int, Never => ObjOpen { path: 0, key: 3, comm: 2, amode: 1 };
    // The last object the recorder knows of such a file closed: HDF5 closed the file then.
    h5_file_closed: Hdf5 Event [file: Handle] -> Int, Never => ObjClose { key: 0 };

    // ---- HDF5: properties that decide how the I/O below happens ----
    H5Pset_fapl_mpio:  Hdf5 Meta [fapl: Handle, comm: Comm] -> Int, Neg => None;
    H5Pset_fapl_sec2:  Hdf5 Meta [fapl: Handle] -> Int, Neg => None;
    H5Pset_fapl_core:  Hdf5 Meta [fapl: Handle, increment: Size, backing_store: Int] -> Int, Neg => None;
    H5Pset_fapl_stdio: Hdf5 Meta [fapl: Handle] -> Int, Neg => None;
    H5Pset_dxpl_mpio:  Hdf5 Meta [dxpl: Handle, collective: Int] -> Int, Neg => None;
    H5Pset_chunk:      Hdf5 Meta [dcpl: Handle, rank: Int, dim0: Size, dim1: Size, dim2: Size] -> Int, Neg => None;
    H5Pset_deflate:    Hdf5 Meta [dcpl: Handle, level: Int] -> Int, Neg => None;
    H5Pset_shuffle:    Hdf5 Meta [dcpl: Handle] -> Int, Neg => None;
    H5Pset_fletcher32: Hdf5 Meta [dcpl: Handle] -> Int, Neg => None;
    H5Pset_szip:       Hdf5 Meta [dcpl: Handle, mask: Hex, pixels: Int] -> Int, Neg => None;
    H5Pset_nbit:       Hdf5 Meta [dcpl: Handle] -> Int, Neg => None;
    H5Pset_filter:     Hdf5 Meta [plist: Handle, filter: Int, flags: Hex] -> Int, Neg => None;
    H5Pset_alignment:  Hdf5 Meta [fapl: Handle, threshold: Size, alignment: Size] -> Int, Neg => None;

    // ---- HDF5: dataspaces and property lists (format 3: what a replay at the HDF5 layer needs).
    // Handles are the program's hid_t (0: H5P_DEFAULT / H5S_ALL); dimensions beyond the third
    // are not recorded (rank tells); H5S_UNLIMITED stays u64::MAX; a hyperslab's dimensions
    // are h5_slab events inside its call (NULL stride and block as 1); class of H5Pcreate:
    // 1 file create, 2 file access, 3 dataset create, 4 dataset access, 5 dataset transfer,
    // 6 group create, 7 group access, 8 link create, 9 link access, 10 attribute create,
    // 0 another ----
    H5Screate:           Hdf5 Meta [type: Int] -> Handle, Neg => None;
    H5Screate_simple:    Hdf5 Meta [rank: Int, dim0: Size, dim1: Size, dim2: Size, max0: Size, max1: Size, max2: Size] -> Handle, Neg => None;
    H5Scopy:             Hdf5 Meta [space: Handle] -> Handle, Neg => None;
    H5Sclose:            Hdf5 Meta [space: Handle] -> Int, Neg => None;
    H5Sselect_hyperslab: Hdf5 Meta [space: Handle, op: Int, rank: Int] -> Int, Neg => None;
    H5Sselect_all:       Hdf5 Meta [space: Handle] -> Int, Neg => None;
    H5Sselect_none:      Hdf5 Meta [space: Handle] -> Int, Neg => None;
    H5Sselect_elements:  Hdf5 Meta [space: Handle, op: Int, points: Size] -> Int, Neg => None;
    h5_slab:             Hdf5 Event [dim: Int, start: Size, stride: Size, count: Size, block: Size] -> Int, Never => None;
    H5Pcreate:           Hdf5 Meta [class: Int] -> Handle, Neg => None;
    H5Pcopy:             Hdf5 Meta [plist: Handle] -> Handle, Neg => None;
    H5Pclose:            Hdf5 Meta [plist: Handle] -> Int, Neg => None;
    H5Pset_fill_time:    Hdf5 Meta [dcpl: Handle, fill_time: Int] -> Int, Neg => None;
    H5Pset_alloc_time:   Hdf5 Meta [dcpl: Handle, alloc_time: Int] -> Int, Neg => None;
    H5Pset_layout:       Hdf5 Meta [dcpl: Handle, layout: Int] -> Int, Neg => None;
    H5Pset_sizes:        Hdf5 Meta [fcpl: Handle, sizeof_addr: Size, sizeof_size: Size] -> Int, Neg => None;
    H5Pset_libver_bounds: Hdf5 Meta [fapl: Handle, low: Int, high: Int] -> Int, Neg => None;
    H5Pset_all_coll_metadata_ops: Hdf5 Meta [plist: Handle, collective: Int] -> Int, Neg => None;
    H5Pset_coll_metadata_write: Hdf5 Meta [fapl: Handle, collective: Int] -> Int, Neg => None;
    H5Pset_fclose_degree: Hdf5 Meta [fapl: Handle, degree: Int] -> Int, Neg => None;
    H5Pset_obj_track_times: Hdf5 Meta [ocpl: Handle, track: Int] -> Int, Neg => None;
    H5Pset_link_creation_order: Hdf5 Meta [gcpl: Handle, flags: Hex] -> Int, Neg => None;
    H5Pset_attr_creation_order: Hdf5 Meta [ocpl: Handle, flags: Hex] -> Int, Neg => None;
    H5Pset_create_intermediate_group: Hdf5 Meta [lcpl: Handle, create: Int] -> Int, Neg => None;
    // rdcc_w0: the double's bits
    H5Pset_cache: Hdf5 Meta [fapl: Handle, mdc_nelmts: Int, rdcc_nslots: Size, rdcc_nbytes: Size, rdcc_w0: Hex] -> Int, Neg => None;

    // ---- NetCDF: files (ncid: the id the call returns through its pointer) ----------------
    nc_create:     NetCdf Meta [path: File, cmode: Amode, ncid: Handle] -> Int, NonZero => ObjOpen { path: 0, key: 2, comm: RET, amode: 1 };
    nc__create:    NetCdf Meta [path: File, cmode: Amode, ncid: Handle] -> Int, NonZero => ObjOpen { path: 0, key: 2, comm: RET, amode: 1 };
    nc_open:       NetCdf Meta [path: File, mode: Amode, ncid: Handle] -> Int, NonZero => ObjOpen { path: 0, key: 2, comm: RET, amode: 1 };
    nc__open:      NetCdf Meta [path: File, mode: Amode, ncid: Handle] -> Int, NonZero => ObjOpen { path: 0, key: 2, comm: RET, amode: 1 };
    nc_create_par: NetCdf Meta [path: File, cmode: Amode, comm: Comm, ncid: Handle] -> Int, NonZero => ObjOpen { path: 0, key: 3, comm: 2, amode: 1 };
    nc_open_par:   NetCdf Meta [path: File, mode: Amode, comm: Comm, ncid: Handle] -> Int, NonZero => ObjOpen { path: 0, key: 3, comm: 2, amode: 1 };
    nc_close:      NetCdf Meta [ncid: Handle] -> Int, NonZero => ObjClose { key: 0 };
    nc_abort:      NetCdf Meta [ncid: Handle] -> Int, NonZero => ObjClose { key: 0 };
    nc_sync:       NetCdf Data [ncid: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false };
    nc_redef:      NetCdf Meta [ncid: Handle] -> Int, NonZero => None;
    nc_enddef:     NetCdf Meta [ncid: Handle] -> Int, NonZero => None;
    nc__enddef:    NetCdf Meta [ncid: Handle] -> Int, NonZero => None;
    nc_set_fill:   NetCdf Meta [ncid: Handle, fillmode: Int] -> Int, NonZero => None;
    nc_def_dim:    NetCdf Meta [ncid: Handle, name: Name, len: Size] -> Int, NonZero => None;
    nc_def_var:    NetCdf Meta [ncid: Handle, name: Name, xtype: Int, ndims: Int] -> Int, NonZero => None;
    nc_def_var_chunking: NetCdf Meta [ncid: Handle, varid: Int, storage: Int] -> Int, NonZero => None;
    nc_def_var_deflate:  NetCdf Meta [ncid: Handle, varid: Int, shuffle: Int, deflate: Int, level: Int] -> Int, NonZero => None;
    nc_var_par_access:   NetCdf Meta [ncid: Handle, varid: Int, access: Int] -> Int, NonZero => None;
    nc_rename_var: NetCdf Meta [ncid: Handle, varid: Int, name: Name] -> Int, NonZero => None;
    nc_rename_dim: NetCdf Meta [ncid: Handle, dimid: Int, name: Name] -> Int, NonZero => None;
    nc_rename_att: NetCdf Meta [ncid: Handle, varid: Int, name: Name, newname: Name] -> Int, NonZero => None;
    nc_selection:  NetCdf Event [rank: Int, start0: Size, extent0: Size, start1: Size, extent1: Size, start2: Size, extent2: Size] -> Int, Never => Selection;
    nc_stride:     NetCdf Event [rank: Int, count0: Size, stride0: Size, count1: Size, stride1: Size, count2: Size, stride2: Size] -> Int, Never => Strides;

    // ---- NetCDF: data, every form of netcdf.h (bytes = elements x memory type size) -----
    // BEGIN generated netcdf (scripts/gen-netcdf.py)
    nc_get_var: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var1: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var1_double: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var1_float: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var1_int: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var1_long: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var1_longlong: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var1_schar: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var1_short: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var1_string: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var1_text: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var1_ubyte: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var1_uchar: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var1_uint: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var1_ulonglong: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var1_ushort: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var_double: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var_float: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var_int: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var_long: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var_longlong: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var_schar: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var_short: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var_string: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var_text: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var_ubyte: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var_uchar: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var_uint: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var_ulonglong: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_var_ushort: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vara: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vara_double: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vara_float: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vara_int: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vara_long: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vara_longlong: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vara_schar: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vara_short: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vara_string: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vara_text: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vara_ubyte: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vara_uchar: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vara_uint: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vara_ulonglong: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vara_ushort: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_varm: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_varm_double: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_varm_float: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_varm_int: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_varm_long: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_varm_longlong: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_varm_schar: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_varm_short: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_varm_string: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_varm_text: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_varm_ubyte: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_varm_uchar: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_varm_uint: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_varm_ulonglong: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_varm_ushort: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vars: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vars_double: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vars_float: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vars_int: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vars_long: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vars_longlong: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vars_schar: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vars_short: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vars_string: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vars_text: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vars_ubyte: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vars_uchar: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vars_uint: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vars_ulonglong: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_get_vars_ushort: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    nc_put_var: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var1: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var1_double: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var1_float: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var1_int: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var1_long: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var1_longlong: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var1_schar: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var1_short: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var1_string: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var1_text: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var1_ubyte: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var1_uchar: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var1_uint: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var1_ulonglong: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var1_ushort: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var_double: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var_float: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var_int: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var_long: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var_longlong: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var_schar: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var_short: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var_string: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var_text: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var_ubyte: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var_uchar: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var_uint: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var_ulonglong: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_var_ushort: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vara: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vara_double: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vara_float: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vara_int: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vara_long: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vara_longlong: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vara_schar: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vara_short: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vara_string: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vara_text: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vara_ubyte: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vara_uchar: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vara_uint: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vara_ulonglong: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vara_ushort: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_varm: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_varm_double: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_varm_float: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_varm_int: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_varm_long: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_varm_longlong: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_varm_schar: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_varm_short: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_varm_string: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_varm_text: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_varm_ubyte: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_varm_uchar: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_varm_uint: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_varm_ulonglong: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_varm_ushort: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vars: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vars_double: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vars_float: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vars_int: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vars_long: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vars_longlong: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vars_schar: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vars_short: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vars_string: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vars_text: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vars_ubyte: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vars_uchar: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vars_uint: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vars_ulonglong: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_put_vars_ushort: NetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    nc_get_att: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_get_att_double: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_get_att_float: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_get_att_int: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_get_att_long: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_get_att_longlong: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_get_att_schar: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_get_att_short: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_get_att_string: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_get_att_text: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_get_att_ubyte: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_get_att_uchar: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_get_att_uint: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_get_att_ulonglong: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_get_att_ushort: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_put_att: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_put_att_double: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_put_att_float: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_put_att_int: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_put_att_long: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_put_att_longlong: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_put_att_schar: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_put_att_short: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_put_att_string: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_put_att_text: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_put_att_ubyte: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_put_att_uchar: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_put_att_uint: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_put_att_ulonglong: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    nc_put_att_ushort: NetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    // END generated netcdf

    // ---- PnetCDF: files, modes, definitions, request completion ------------------------------
    ncmpi_create:  PnetCdf Meta [path: File, cmode: Amode, comm: Comm, ncid: Handle, ncmode: Int] -> Int, NonZero => ObjOpen { path: 0, key: 3, comm: 2, amode: 1 };
    ncmpi_open:    PnetCdf Meta [path: File, mode: Amode, comm: Comm, ncid: Handle, ncmode: Int] -> Int, NonZero => ObjOpen { path: 0, key: 3, comm: 2, amode: 1 };
    ncmpi_close:   PnetCdf Meta [ncid: Handle] -> Int, NonZero => ObjClose { key: 0 };
    ncmpi_abort:   PnetCdf Meta [ncid: Handle] -> Int, NonZero => ObjClose { key: 0 };
    ncmpi_delete:  PnetCdf Meta [path: File] -> Int, NonZero => Delete { path: 0 };
    ncmpi_sync:    PnetCdf Data [ncid: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: true };
    ncmpi_flush:   PnetCdf Data [ncid: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false };
    ncmpi_sync_numrecs:     PnetCdf Meta [ncid: Handle] -> Int, NonZero => None;
    ncmpi_redef:            PnetCdf Meta [ncid: Handle] -> Int, NonZero => None;
    ncmpi_enddef:           PnetCdf Meta [ncid: Handle] -> Int, NonZero => None;
    ncmpi__enddef:          PnetCdf Meta [ncid: Handle] -> Int, NonZero => None;
    ncmpi_begin_indep_data: PnetCdf Meta [ncid: Handle] -> Int, NonZero => None;
    ncmpi_end_indep_data:   PnetCdf Meta [ncid: Handle] -> Int, NonZero => None;
    ncmpi_set_fill:         PnetCdf Meta [ncid: Handle, fillmode: Int] -> Int, NonZero => None;
    ncmpi_def_dim:          PnetCdf Meta [ncid: Handle, name: Name, len: Size, dimid: Int] -> Int, NonZero => None;
    ncmpi_def_var:          PnetCdf Meta [ncid: Handle, name: Name, xtype: Int, ndims: Int, varid: Int] -> Int, NonZero => None;
    ncmpi_def_var_fill:     PnetCdf Meta [ncid: Handle, varid: Int, no_fill: Int] -> Int, NonZero => None;
    ncmpi_rename_var:       PnetCdf Meta [ncid: Handle, varid: Int, name: Name] -> Int, NonZero => None;
    ncmpi_rename_dim:       PnetCdf Meta [ncid: Handle, dimid: Int, name: Name] -> Int, NonZero => None;
    ncmpi_rename_att:       PnetCdf Meta [ncid: Handle, varid: Int, name: Name, newname: Name] -> Int, NonZero => None;
    ncmpi_del_att:          PnetCdf Meta [ncid: Handle, varid: Int, name: Name] -> Int, NonZero => None;
    ncmpi_buffer_attach:    PnetCdf Meta [ncid: Handle, bytes: Size] -> Int, NonZero => None;
    ncmpi_buffer_detach:    PnetCdf Meta [ncid: Handle] -> Int, NonZero => None;
    ncmpi_wait:             PnetCdf Data [ncid: Handle, count: Int] -> Int, NonZero => None;
    ncmpi_wait_all:         PnetCdf Data [ncid: Handle, count: Int] -> Int, NonZero => None;
    ncmpi_cancel:           PnetCdf Meta [ncid: Handle, count: Int] -> Int, NonZero => None;
    ncmpi_request_done:     PnetCdf Event [ncid: Handle, request: Int, got: Size, cancelled: Int, collective: Int] -> Int, Never => ReqDone { file: 0, id: 1, xfer: 2, cancelled: 3, coll: 4 };
    ncmpi_requests_done:    PnetCdf Event [ncid: Handle, which: Int, cancelled: Int, collective: Int] -> Int, Never => ReqsDone { file: 0, which: 1, cancelled: 2, coll: 3 };
    ncmpi_selection:        PnetCdf Event [rank: Int, start0: Size, extent0: Size, start1: Size, extent1: Size, start2: Size, extent2: Size] -> Int, Never => Selection;
    ncmpi_stride:           PnetCdf Event [rank: Int, count0: Size, stride0: Size, count1: Size, stride1: Size, count2: Size, stride2: Size] -> Int, Never => Strides;

    // ---- PnetCDF: data (every typed and flexible form, blocking, collective, non-blocking) ----
    // BEGIN generated pnetcdf (scripts/gen-pnetcdf.py)
    ncmpi_bput_var: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var1: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var1_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var1_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var1_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var1_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var1_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var1_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var1_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var1_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var1_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var1_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var1_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var1_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_var_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vara: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vara_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vara_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vara_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vara_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vara_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vara_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vara_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vara_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vara_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vara_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vara_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vara_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varm: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varm_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varm_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varm_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varm_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varm_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varm_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varm_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varm_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varm_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varm_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varm_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varm_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varn: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varn_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varn_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varn_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varn_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varn_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varn_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varn_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varn_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varn_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varn_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varn_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_varn_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vars: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vars_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vars_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vars_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vars_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vars_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vars_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vars_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vars_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vars_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vars_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vars_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_bput_vars_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_get_var: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var1: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var1_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var1_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var1_double_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var1_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var1_float_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var1_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var1_int_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var1_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var1_long_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var1_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var1_longlong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var1_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var1_schar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var1_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var1_short_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var1_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var1_text_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var1_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var1_uchar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var1_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var1_uint_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var1_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var1_ulonglong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var1_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var1_ushort_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var_double_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var_float_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var_int_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var_long_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var_longlong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var_schar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var_short_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var_text_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var_uchar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var_uint_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var_ulonglong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_var_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_var_ushort_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vara: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vara_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vara_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vara_double_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vara_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vara_float_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vara_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vara_int_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vara_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vara_long_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vara_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vara_longlong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vara_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vara_schar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vara_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vara_short_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vara_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vara_text_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vara_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vara_uchar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vara_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vara_uint_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vara_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vara_ulonglong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vara_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vara_ushort_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vard: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vard_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varm: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varm_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varm_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varm_double_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varm_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varm_float_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varm_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varm_int_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varm_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varm_long_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varm_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varm_longlong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varm_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varm_schar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varm_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varm_short_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varm_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varm_text_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varm_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varm_uchar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varm_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varm_uint_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varm_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varm_ulonglong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varm_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varm_ushort_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varn: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varn_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varn_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varn_double_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varn_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varn_float_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varn_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varn_int_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varn_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varn_long_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varn_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varn_longlong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varn_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varn_schar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varn_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varn_short_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varn_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varn_text_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varn_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varn_uchar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varn_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varn_uint_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varn_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varn_ulonglong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_varn_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_varn_ushort_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vars: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vars_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vars_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vars_double_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vars_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vars_float_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vars_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vars_int_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vars_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vars_long_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vars_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vars_longlong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vars_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vars_schar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vars_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vars_short_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vars_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vars_text_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vars_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vars_uchar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vars_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vars_uint_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vars_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vars_ulonglong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_get_vars_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: false };
    ncmpi_get_vars_ushort_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Read, req: 3, xfer: 3, coll: true };
    ncmpi_iget_var: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var1: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var1_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var1_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var1_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var1_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var1_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var1_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var1_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var1_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var1_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var1_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var1_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var1_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_var_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vara: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vara_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vara_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vara_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vara_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vara_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vara_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vara_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vara_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vara_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vara_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vara_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vara_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varm: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varm_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varm_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varm_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varm_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varm_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varm_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varm_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varm_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varm_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varm_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varm_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varm_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varn: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varn_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varn_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varn_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varn_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varn_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varn_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varn_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varn_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varn_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varn_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varn_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_varn_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vars: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vars_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vars_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vars_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vars_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vars_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vars_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vars_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vars_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vars_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vars_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vars_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iget_vars_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 4 };
    ncmpi_iput_var: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var1: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var1_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var1_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var1_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var1_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var1_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var1_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var1_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var1_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var1_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var1_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var1_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var1_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_var_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vara: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vara_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vara_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vara_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vara_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vara_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vara_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vara_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vara_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vara_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vara_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vara_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vara_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varm: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varm_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varm_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varm_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varm_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varm_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varm_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varm_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varm_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varm_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varm_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varm_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varm_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varn: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varn_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varn_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varn_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varn_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varn_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varn_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varn_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varn_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varn_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varn_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varn_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_varn_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vars: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vars_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vars_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vars_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vars_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vars_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vars_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vars_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vars_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vars_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vars_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vars_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_iput_vars_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 4 };
    ncmpi_put_var: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var1: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var1_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var1_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var1_double_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var1_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var1_float_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var1_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var1_int_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var1_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var1_long_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var1_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var1_longlong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var1_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var1_schar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var1_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var1_short_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var1_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var1_text_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var1_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var1_uchar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var1_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var1_uint_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var1_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var1_ulonglong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var1_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var1_ushort_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var_double_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var_float_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var_int_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var_long_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var_longlong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var_schar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var_short_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var_text_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var_uchar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var_uint_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var_ulonglong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_var_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_var_ushort_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vara: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vara_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vara_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vara_double_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vara_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vara_float_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vara_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vara_int_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vara_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vara_long_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vara_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vara_longlong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vara_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vara_schar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vara_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vara_short_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vara_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vara_text_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vara_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vara_uchar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vara_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vara_uint_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vara_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vara_ulonglong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vara_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vara_ushort_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vard: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vard_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varm: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varm_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varm_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varm_double_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varm_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varm_float_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varm_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varm_int_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varm_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varm_long_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varm_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varm_longlong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varm_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varm_schar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varm_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varm_short_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varm_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varm_text_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varm_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varm_uchar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varm_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varm_uint_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varm_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varm_ulonglong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varm_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varm_ushort_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varn: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varn_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varn_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varn_double_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varn_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varn_float_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varn_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varn_int_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varn_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varn_long_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varn_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varn_longlong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varn_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varn_schar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varn_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varn_short_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varn_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varn_text_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varn_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varn_uchar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varn_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varn_uint_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varn_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varn_ulonglong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_varn_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_varn_ushort_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vars: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vars_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vars_double: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vars_double_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vars_float: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vars_float_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vars_int: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vars_int_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vars_long: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vars_long_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vars_longlong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vars_longlong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vars_schar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vars_schar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vars_short: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vars_short_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vars_text: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vars_text_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vars_uchar: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vars_uchar_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vars_uint: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vars_uint_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vars_ulonglong: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vars_ulonglong_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_put_vars_ushort: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: false };
    ncmpi_put_vars_ushort_all: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData { file: 0, name: 1, dir: Write, req: 3, xfer: 3, coll: true };
    ncmpi_get_att: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    ncmpi_get_att_double: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    ncmpi_get_att_float: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    ncmpi_get_att_int: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    ncmpi_get_att_long: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    ncmpi_get_att_longlong: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    ncmpi_get_att_schar: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    ncmpi_get_att_short: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    ncmpi_get_att_text: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    ncmpi_get_att_ubyte: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    ncmpi_get_att_uchar: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    ncmpi_get_att_uint: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    ncmpi_get_att_ulonglong: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    ncmpi_get_att_ushort: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;
    ncmpi_put_att: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size, xtype: Int, len: Size] -> Int, NonZero => None;
    ncmpi_put_att_double: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size, xtype: Int, len: Size] -> Int, NonZero => None;
    ncmpi_put_att_float: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size, xtype: Int, len: Size] -> Int, NonZero => None;
    ncmpi_put_att_int: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size, xtype: Int, len: Size] -> Int, NonZero => None;
    ncmpi_put_att_long: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size, xtype: Int, len: Size] -> Int, NonZero => None;
    ncmpi_put_att_longlong: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size, xtype: Int, len: Size] -> Int, NonZero => None;
    ncmpi_put_att_schar: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size, xtype: Int, len: Size] -> Int, NonZero => None;
    ncmpi_put_att_short: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size, xtype: Int, len: Size] -> Int, NonZero => None;
    ncmpi_put_att_text: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size, xtype: Int, len: Size] -> Int, NonZero => None;
    ncmpi_put_att_ubyte: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size, xtype: Int, len: Size] -> Int, NonZero => None;
    ncmpi_put_att_uchar: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size, xtype: Int, len: Size] -> Int, NonZero => None;
    ncmpi_put_att_uint: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size, xtype: Int, len: Size] -> Int, NonZero => None;
    ncmpi_put_att_ulonglong: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size, xtype: Int, len: Size] -> Int, NonZero => None;
    ncmpi_put_att_ushort: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size, xtype: Int, len: Size] -> Int, NonZero => None;
    // END generated pnetcdf
    // ---- PnetCDF: what a replay at its layer needs (format 3), events inside the call ------
    // ncmpi_def_var's dimension ids (up to 4; `ndims` the variable's own count).
    ncmpi_dimids:  PnetCdf Event [ndims: Int, dimid0: Int, dimid1: Int, dimid2: Int, dimid3: Int] -> Int, Never => None;
    // A data call's start (var1/vara/vars/varm; one per subarray of a varn) for up to 4
    // dimensions; `form` bits: 1 more than 4 dimensions, 2 a form the replay cannot rebuild
    // (varm: imap not recorded; vard; varn with more subarrays than recorded), 4 last
    // subarray of the call.
    ncmpi_start:   PnetCdf Event [ndims: Int, start0: Size, start1: Size, start2: Size, start3: Size, form: Int] -> Int, Never => None;
    // Its count (var1: 1s) and, for vars/varm with strides, its strides.
    ncmpi_count:   PnetCdf Event [count0: Size, count1: Size, count2: Size, count3: Size] -> Int, Never => None;
    ncmpi_strides: PnetCdf Event [stride0: Size, stride1: Size, stride2: Size, stride3: Size] -> Int, Never => None;

    // ---- ADIOS2 C API ----------------------------------------------------------------------
    adios2_init_serial:        Adios Meta [] -> Handle, Null => None;
    adios2_init_config_serial: Adios Meta [config: File] -> Handle, Null => None;
    adios2_init_mpi:           Adios Meta [comm: Comm] -> Handle, Null => None;
    adios2_init_config_mpi:    Adios Meta [config: File, comm: Comm] -> Handle, Null => None;
    adios2_declare_io:         Adios Meta [adios: Handle, name: Name] -> Handle, Null => None;
    adios2_set_engine:         Adios Meta [io: Handle, engine: Name] -> Int, NonZero => None;
    adios2_define_variable:    Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    adios2_open:               Adios Meta [io: Handle, path: File, mode: Amode] -> Handle, Null => ObjOpen { path: 1, key: RET, comm: RET, amode: 2 };
    adios2_open_new_comm:      Adios Meta [io: Handle, path: File, mode: Amode, comm: Comm] -> Handle, Null => ObjOpen { path: 1, key: RET, comm: 3, amode: 2 };
    adios2_begin_step:         Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    adios2_end_step:           Adios Data [engine: Handle] -> Int, NonZero => None;
    adios2_put:                Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    adios2_put_by_name:        Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    adios2_perform_puts:       Adios Data [engine: Handle] -> Int, NonZero => None;
    adios2_get:                Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    adios2_get_by_name:        Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    adios2_perform_gets:       Adios Data [engine: Handle] -> Int, NonZero => None;
    adios2_flush:              Adios Data [engine: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false };
    adios2_close:              Adios Meta [engine: Handle] -> Int, NonZero => ObjClose { key: 0 };
    adios2_finalize:           Adios Meta [adios: Handle] -> Int, NonZero => None;
    adios2_requests_done:      Adios Event [engine: Handle, which: Int, cancelled: Int, collective: Int] -> Int, Never => ReqsDone { file: 0, which: 1, cancelled: 2, coll: 3 };
    adios2_selection:          Adios Event [rank: Int, start0: Size, count0: Size, start1: Size, count1: Size, start2: Size, count2: Size] -> Int, Never => Selection;
    adios2_shape:              Adios Event [rank: Int, shape0: Size, shape1: Size, shape2: Size] -> Int, Never => Shape;
    adios2_perform_data_write: Adios Data [engine: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false };

    // ---- ADIOS2 C++ API and core ---------------------------------------------------------
    // The C++ API (adios2::Engine ...), and the core functions the Python bindings call
    // (recorded only outside another ADIOS call). Mangled name = "demangled signature".
    // BEGIN generated adios-cxx (scripts/gen-adios-cxx.py)
    _ZN6adios25ADIOSC1Ev = "adios2::ADIOS::ADIOS()": Adios Meta [] -> Handle, Null => None;
    _ZN6adios25ADIOSC1ERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE = "adios2::ADIOS::ADIOS(std::string const&)": Adios Meta [config: File] -> Handle, Null => None;
    _ZN6adios25ADIOSC1ERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEES8_ = "adios2::ADIOS::ADIOS(std::string const&, std::string const&)": Adios Meta [config: File] -> Handle, Null => None;
    _ZN6adios25ADIOS9DeclareIOENSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEENS_13ArrayOrderingE = "adios2::ADIOS::DeclareIO(std::string, adios2::ArrayOrdering)": Adios Meta [adios: Handle, name: Name] -> Handle, Null => None;
    _ZN6adios26Engine9BeginStepEv = "adios2::Engine::BeginStep()": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios26Engine9BeginStepENS_8StepModeEf = "adios2::Engine::BeginStep(adios2::StepMode, float)": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios26Engine5CloseEi = "adios2::Engine::Close(int)": Adios Meta [engine: Handle] -> Int, NonZero => ObjClose { key: 0 };
    _ZN6adios26Engine7EndStepEv = "adios2::Engine::EndStep()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios26Engine5FlushEi = "adios2::Engine::Flush(int)": Adios Data [engine: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false };
    _ZN6adios26Engine3GetERNS_10VariableNTERcNS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, char&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERdNS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, double&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERfNS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, float&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERiNS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, int&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTEReNS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, long double&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERlNS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, long&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERsNS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, short&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERaNS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, signed char&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERSt7complexIdENS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, std::complex<double>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERSt7complexIfENS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, std::complex<float>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEENS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, std::string&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERSt6vectorIcSaIcEENS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, std::vector<char>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERSt6vectorIdSaIdEENS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, std::vector<double>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERSt6vectorIfSaIfEENS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, std::vector<float>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERSt6vectorIiSaIiEENS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, std::vector<int>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERSt6vectorIeSaIeEENS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, std::vector<long double>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERSt6vectorIlSaIlEENS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, std::vector<long>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERSt6vectorIsSaIsEENS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, std::vector<short>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERSt6vectorIaSaIaEENS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, std::vector<signed char>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERSt6vectorISt7complexIdESaIS5_EENS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, std::vector<std::complex<double>>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERSt6vectorISt7complexIfESaIS5_EENS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, std::vector<std::complex<float>>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERSt6vectorINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESaIS9_EENS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, std::vector<std::string>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERSt6vectorIhSaIhEENS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, std::vector<unsigned char>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERSt6vectorIjSaIjEENS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, std::vector<unsigned int>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERSt6vectorImSaImEENS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, std::vector<unsigned long>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERSt6vectorItSaItEENS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, std::vector<unsigned short>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERhNS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, unsigned char&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERjNS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, unsigned int&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERmNS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, unsigned long&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTERtNS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, unsigned short&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetERNS_10VariableNTEPvNS_4ModeE = "adios2::Engine::Get(adios2::VariableNT&, void*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIcEEvNS_8VariableIT_EERNS4_4InfoENS_4ModeE = "adios2::Engine::Get<char>(adios2::Variable<char>, adios2::Variable<char>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIcEEvNS_8VariableIT_EERS3_NS_4ModeE = "adios2::Engine::Get<char>(adios2::Variable<char>, char&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios26Engine3GetIcEEvNS_8VariableIT_EEPPS3_ = "adios2::Engine::Get<char>(adios2::Variable<char>, char**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIcEEvNS_8VariableIT_EEPS3_NS_4ModeE = "adios2::Engine::Get<char>(adios2::Variable<char>, char*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIcEEvNS_8VariableIT_EERSt6vectorIS3_SaIS3_EENS_4ModeE = "adios2::Engine::Get<char>(adios2::Variable<char>, std::vector<char>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIcEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERNS_8VariableIT_E4InfoENS_4ModeE = "adios2::Engine::Get<char>(std::string const&, adios2::Variable<char>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIcEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::Engine::Get<char>(std::string const&, char&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIcEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::Engine::Get<char>(std::string const&, char*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIcEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISB_EENS_4ModeE = "adios2::Engine::Get<char>(std::string const&, std::vector<char>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIdEEvNS_8VariableIT_EERNS4_4InfoENS_4ModeE = "adios2::Engine::Get<double>(adios2::Variable<double>, adios2::Variable<double>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIdEEvNS_8VariableIT_EERS3_NS_4ModeE = "adios2::Engine::Get<double>(adios2::Variable<double>, double&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios26Engine3GetIdEEvNS_8VariableIT_EEPPS3_ = "adios2::Engine::Get<double>(adios2::Variable<double>, double**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIdEEvNS_8VariableIT_EEPS3_NS_4ModeE = "adios2::Engine::Get<double>(adios2::Variable<double>, double*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIdEEvNS_8VariableIT_EERSt6vectorIS3_SaIS3_EENS_4ModeE = "adios2::Engine::Get<double>(adios2::Variable<double>, std::vector<double>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIdEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERNS_8VariableIT_E4InfoENS_4ModeE = "adios2::Engine::Get<double>(std::string const&, adios2::Variable<double>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIdEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::Engine::Get<double>(std::string const&, double&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIdEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::Engine::Get<double>(std::string const&, double*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIdEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISB_EENS_4ModeE = "adios2::Engine::Get<double>(std::string const&, std::vector<double>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIfEEvNS_8VariableIT_EERNS4_4InfoENS_4ModeE = "adios2::Engine::Get<float>(adios2::Variable<float>, adios2::Variable<float>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIfEEvNS_8VariableIT_EERS3_NS_4ModeE = "adios2::Engine::Get<float>(adios2::Variable<float>, float&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios26Engine3GetIfEEvNS_8VariableIT_EEPPS3_ = "adios2::Engine::Get<float>(adios2::Variable<float>, float**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIfEEvNS_8VariableIT_EEPS3_NS_4ModeE = "adios2::Engine::Get<float>(adios2::Variable<float>, float*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIfEEvNS_8VariableIT_EERSt6vectorIS3_SaIS3_EENS_4ModeE = "adios2::Engine::Get<float>(adios2::Variable<float>, std::vector<float>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIfEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERNS_8VariableIT_E4InfoENS_4ModeE = "adios2::Engine::Get<float>(std::string const&, adios2::Variable<float>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIfEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::Engine::Get<float>(std::string const&, float&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIfEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::Engine::Get<float>(std::string const&, float*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIfEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISB_EENS_4ModeE = "adios2::Engine::Get<float>(std::string const&, std::vector<float>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIiEEvNS_8VariableIT_EERNS4_4InfoENS_4ModeE = "adios2::Engine::Get<int>(adios2::Variable<int>, adios2::Variable<int>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIiEEvNS_8VariableIT_EERS3_NS_4ModeE = "adios2::Engine::Get<int>(adios2::Variable<int>, int&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios26Engine3GetIiEEvNS_8VariableIT_EEPPS3_ = "adios2::Engine::Get<int>(adios2::Variable<int>, int**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIiEEvNS_8VariableIT_EEPS3_NS_4ModeE = "adios2::Engine::Get<int>(adios2::Variable<int>, int*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIiEEvNS_8VariableIT_EERSt6vectorIS3_SaIS3_EENS_4ModeE = "adios2::Engine::Get<int>(adios2::Variable<int>, std::vector<int>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIiEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERNS_8VariableIT_E4InfoENS_4ModeE = "adios2::Engine::Get<int>(std::string const&, adios2::Variable<int>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIiEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::Engine::Get<int>(std::string const&, int&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIiEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::Engine::Get<int>(std::string const&, int*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIiEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISB_EENS_4ModeE = "adios2::Engine::Get<int>(std::string const&, std::vector<int>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIeEEvNS_8VariableIT_EERNS4_4InfoENS_4ModeE = "adios2::Engine::Get<long double>(adios2::Variable<long double>, adios2::Variable<long double>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIeEEvNS_8VariableIT_EERS3_NS_4ModeE = "adios2::Engine::Get<long double>(adios2::Variable<long double>, long double&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios26Engine3GetIeEEvNS_8VariableIT_EEPPS3_ = "adios2::Engine::Get<long double>(adios2::Variable<long double>, long double**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIeEEvNS_8VariableIT_EEPS3_NS_4ModeE = "adios2::Engine::Get<long double>(adios2::Variable<long double>, long double*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIeEEvNS_8VariableIT_EERSt6vectorIS3_SaIS3_EENS_4ModeE = "adios2::Engine::Get<long double>(adios2::Variable<long double>, std::vector<long double>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIeEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERNS_8VariableIT_E4InfoENS_4ModeE = "adios2::Engine::Get<long double>(std::string const&, adios2::Variable<long double>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIeEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::Engine::Get<long double>(std::string const&, long double&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIeEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::Engine::Get<long double>(std::string const&, long double*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIeEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISB_EENS_4ModeE = "adios2::Engine::Get<long double>(std::string const&, std::vector<long double>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIxEEvNS_8VariableIT_EERNS4_4InfoENS_4ModeE = "adios2::Engine::Get<long long>(adios2::Variable<long long>, adios2::Variable<long long>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIxEEvNS_8VariableIT_EERS3_NS_4ModeE = "adios2::Engine::Get<long long>(adios2::Variable<long long>, long long&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios26Engine3GetIxEEvNS_8VariableIT_EEPPS3_ = "adios2::Engine::Get<long long>(adios2::Variable<long long>, long long**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIxEEvNS_8VariableIT_EEPS3_NS_4ModeE = "adios2::Engine::Get<long long>(adios2::Variable<long long>, long long*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIxEEvNS_8VariableIT_EERSt6vectorIS3_SaIS3_EENS_4ModeE = "adios2::Engine::Get<long long>(adios2::Variable<long long>, std::vector<long long>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIxEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERNS_8VariableIT_E4InfoENS_4ModeE = "adios2::Engine::Get<long long>(std::string const&, adios2::Variable<long long>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIxEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::Engine::Get<long long>(std::string const&, long long&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIxEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::Engine::Get<long long>(std::string const&, long long*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIxEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISB_EENS_4ModeE = "adios2::Engine::Get<long long>(std::string const&, std::vector<long long>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIlEEvNS_8VariableIT_EERNS4_4InfoENS_4ModeE = "adios2::Engine::Get<long>(adios2::Variable<long>, adios2::Variable<long>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIlEEvNS_8VariableIT_EERS3_NS_4ModeE = "adios2::Engine::Get<long>(adios2::Variable<long>, long&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios26Engine3GetIlEEvNS_8VariableIT_EEPPS3_ = "adios2::Engine::Get<long>(adios2::Variable<long>, long**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIlEEvNS_8VariableIT_EEPS3_NS_4ModeE = "adios2::Engine::Get<long>(adios2::Variable<long>, long*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIlEEvNS_8VariableIT_EERSt6vectorIS3_SaIS3_EENS_4ModeE = "adios2::Engine::Get<long>(adios2::Variable<long>, std::vector<long>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIlEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERNS_8VariableIT_E4InfoENS_4ModeE = "adios2::Engine::Get<long>(std::string const&, adios2::Variable<long>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIlEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::Engine::Get<long>(std::string const&, long&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIlEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::Engine::Get<long>(std::string const&, long*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIlEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISB_EENS_4ModeE = "adios2::Engine::Get<long>(std::string const&, std::vector<long>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIsEEvNS_8VariableIT_EERNS4_4InfoENS_4ModeE = "adios2::Engine::Get<short>(adios2::Variable<short>, adios2::Variable<short>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIsEEvNS_8VariableIT_EERS3_NS_4ModeE = "adios2::Engine::Get<short>(adios2::Variable<short>, short&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios26Engine3GetIsEEvNS_8VariableIT_EEPPS3_ = "adios2::Engine::Get<short>(adios2::Variable<short>, short**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIsEEvNS_8VariableIT_EEPS3_NS_4ModeE = "adios2::Engine::Get<short>(adios2::Variable<short>, short*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIsEEvNS_8VariableIT_EERSt6vectorIS3_SaIS3_EENS_4ModeE = "adios2::Engine::Get<short>(adios2::Variable<short>, std::vector<short>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIsEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERNS_8VariableIT_E4InfoENS_4ModeE = "adios2::Engine::Get<short>(std::string const&, adios2::Variable<short>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIsEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::Engine::Get<short>(std::string const&, short&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIsEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::Engine::Get<short>(std::string const&, short*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIsEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISB_EENS_4ModeE = "adios2::Engine::Get<short>(std::string const&, std::vector<short>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIaEEvNS_8VariableIT_EERNS4_4InfoENS_4ModeE = "adios2::Engine::Get<signed char>(adios2::Variable<signed char>, adios2::Variable<signed char>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIaEEvNS_8VariableIT_EERS3_NS_4ModeE = "adios2::Engine::Get<signed char>(adios2::Variable<signed char>, signed char&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios26Engine3GetIaEEvNS_8VariableIT_EEPPS3_ = "adios2::Engine::Get<signed char>(adios2::Variable<signed char>, signed char**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIaEEvNS_8VariableIT_EEPS3_NS_4ModeE = "adios2::Engine::Get<signed char>(adios2::Variable<signed char>, signed char*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIaEEvNS_8VariableIT_EERSt6vectorIS3_SaIS3_EENS_4ModeE = "adios2::Engine::Get<signed char>(adios2::Variable<signed char>, std::vector<signed char>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIaEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERNS_8VariableIT_E4InfoENS_4ModeE = "adios2::Engine::Get<signed char>(std::string const&, adios2::Variable<signed char>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIaEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::Engine::Get<signed char>(std::string const&, signed char&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIaEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::Engine::Get<signed char>(std::string const&, signed char*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIaEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISB_EENS_4ModeE = "adios2::Engine::Get<signed char>(std::string const&, std::vector<signed char>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetISt7complexIdEEEvNS_8VariableIT_EERNS6_4InfoENS_4ModeE = "adios2::Engine::Get<std::complex<double>>(adios2::Variable<std::complex<double>>, adios2::Variable<std::complex<double>>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetISt7complexIdEEEvNS_8VariableIT_EERS5_NS_4ModeE = "adios2::Engine::Get<std::complex<double>>(adios2::Variable<std::complex<double>>, std::complex<double>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios26Engine3GetISt7complexIdEEEvNS_8VariableIT_EEPPS5_ = "adios2::Engine::Get<std::complex<double>>(adios2::Variable<std::complex<double>>, std::complex<double>**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetISt7complexIdEEEvNS_8VariableIT_EEPS5_NS_4ModeE = "adios2::Engine::Get<std::complex<double>>(adios2::Variable<std::complex<double>>, std::complex<double>*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetISt7complexIdEEEvNS_8VariableIT_EERSt6vectorIS5_SaIS5_EENS_4ModeE = "adios2::Engine::Get<std::complex<double>>(adios2::Variable<std::complex<double>>, std::vector<std::complex<double>>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetISt7complexIdEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERNS_8VariableIT_E4InfoENS_4ModeE = "adios2::Engine::Get<std::complex<double>>(std::string const&, adios2::Variable<std::complex<double>>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetISt7complexIdEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::Engine::Get<std::complex<double>>(std::string const&, std::complex<double>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetISt7complexIdEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::Engine::Get<std::complex<double>>(std::string const&, std::complex<double>*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetISt7complexIdEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISD_EENS_4ModeE = "adios2::Engine::Get<std::complex<double>>(std::string const&, std::vector<std::complex<double>>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetISt7complexIfEEEvNS_8VariableIT_EERNS6_4InfoENS_4ModeE = "adios2::Engine::Get<std::complex<float>>(adios2::Variable<std::complex<float>>, adios2::Variable<std::complex<float>>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetISt7complexIfEEEvNS_8VariableIT_EERS5_NS_4ModeE = "adios2::Engine::Get<std::complex<float>>(adios2::Variable<std::complex<float>>, std::complex<float>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios26Engine3GetISt7complexIfEEEvNS_8VariableIT_EEPPS5_ = "adios2::Engine::Get<std::complex<float>>(adios2::Variable<std::complex<float>>, std::complex<float>**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetISt7complexIfEEEvNS_8VariableIT_EEPS5_NS_4ModeE = "adios2::Engine::Get<std::complex<float>>(adios2::Variable<std::complex<float>>, std::complex<float>*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetISt7complexIfEEEvNS_8VariableIT_EERSt6vectorIS5_SaIS5_EENS_4ModeE = "adios2::Engine::Get<std::complex<float>>(adios2::Variable<std::complex<float>>, std::vector<std::complex<float>>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetISt7complexIfEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERNS_8VariableIT_E4InfoENS_4ModeE = "adios2::Engine::Get<std::complex<float>>(std::string const&, adios2::Variable<std::complex<float>>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetISt7complexIfEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::Engine::Get<std::complex<float>>(std::string const&, std::complex<float>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetISt7complexIfEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::Engine::Get<std::complex<float>>(std::string const&, std::complex<float>*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetISt7complexIfEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISD_EENS_4ModeE = "adios2::Engine::Get<std::complex<float>>(std::string const&, std::vector<std::complex<float>>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvNS_8VariableIT_EERNSA_4InfoENS_4ModeE = "adios2::Engine::Get<std::string>(adios2::Variable<std::string>, adios2::Variable<std::string>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvNS_8VariableIT_EERS9_NS_4ModeE = "adios2::Engine::Get<std::string>(adios2::Variable<std::string>, std::string&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvNS_8VariableIT_EEPS9_NS_4ModeE = "adios2::Engine::Get<std::string>(adios2::Variable<std::string>, std::string*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvNS_8VariableIT_EERSt6vectorIS9_SaIS9_EENS_4ModeE = "adios2::Engine::Get<std::string>(adios2::Variable<std::string>, std::vector<std::string>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvRKS7_RNS_8VariableIT_E4InfoENS_4ModeE = "adios2::Engine::Get<std::string>(std::string const&, adios2::Variable<std::string>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvRKS7_RT_NS_4ModeE = "adios2::Engine::Get<std::string>(std::string const&, std::string&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvRKS7_PT_NS_4ModeE = "adios2::Engine::Get<std::string>(std::string const&, std::string*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvRKS7_RSt6vectorIT_SaISB_EENS_4ModeE = "adios2::Engine::Get<std::string>(std::string const&, std::vector<std::string>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIhEEvNS_8VariableIT_EERNS4_4InfoENS_4ModeE = "adios2::Engine::Get<unsigned char>(adios2::Variable<unsigned char>, adios2::Variable<unsigned char>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIhEEvNS_8VariableIT_EERSt6vectorIS3_SaIS3_EENS_4ModeE = "adios2::Engine::Get<unsigned char>(adios2::Variable<unsigned char>, std::vector<unsigned char>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIhEEvNS_8VariableIT_EERS3_NS_4ModeE = "adios2::Engine::Get<unsigned char>(adios2::Variable<unsigned char>, unsigned char&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios26Engine3GetIhEEvNS_8VariableIT_EEPPS3_ = "adios2::Engine::Get<unsigned char>(adios2::Variable<unsigned char>, unsigned char**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIhEEvNS_8VariableIT_EEPS3_NS_4ModeE = "adios2::Engine::Get<unsigned char>(adios2::Variable<unsigned char>, unsigned char*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIhEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERNS_8VariableIT_E4InfoENS_4ModeE = "adios2::Engine::Get<unsigned char>(std::string const&, adios2::Variable<unsigned char>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIhEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISB_EENS_4ModeE = "adios2::Engine::Get<unsigned char>(std::string const&, std::vector<unsigned char>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIhEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::Engine::Get<unsigned char>(std::string const&, unsigned char&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIhEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::Engine::Get<unsigned char>(std::string const&, unsigned char*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIjEEvNS_8VariableIT_EERNS4_4InfoENS_4ModeE = "adios2::Engine::Get<unsigned int>(adios2::Variable<unsigned int>, adios2::Variable<unsigned int>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIjEEvNS_8VariableIT_EERSt6vectorIS3_SaIS3_EENS_4ModeE = "adios2::Engine::Get<unsigned int>(adios2::Variable<unsigned int>, std::vector<unsigned int>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIjEEvNS_8VariableIT_EERS3_NS_4ModeE = "adios2::Engine::Get<unsigned int>(adios2::Variable<unsigned int>, unsigned int&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios26Engine3GetIjEEvNS_8VariableIT_EEPPS3_ = "adios2::Engine::Get<unsigned int>(adios2::Variable<unsigned int>, unsigned int**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIjEEvNS_8VariableIT_EEPS3_NS_4ModeE = "adios2::Engine::Get<unsigned int>(adios2::Variable<unsigned int>, unsigned int*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIjEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERNS_8VariableIT_E4InfoENS_4ModeE = "adios2::Engine::Get<unsigned int>(std::string const&, adios2::Variable<unsigned int>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIjEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISB_EENS_4ModeE = "adios2::Engine::Get<unsigned int>(std::string const&, std::vector<unsigned int>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIjEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::Engine::Get<unsigned int>(std::string const&, unsigned int&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIjEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::Engine::Get<unsigned int>(std::string const&, unsigned int*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIyEEvNS_8VariableIT_EERNS4_4InfoENS_4ModeE = "adios2::Engine::Get<unsigned long long>(adios2::Variable<unsigned long long>, adios2::Variable<unsigned long long>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIyEEvNS_8VariableIT_EERSt6vectorIS3_SaIS3_EENS_4ModeE = "adios2::Engine::Get<unsigned long long>(adios2::Variable<unsigned long long>, std::vector<unsigned long long>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIyEEvNS_8VariableIT_EERS3_NS_4ModeE = "adios2::Engine::Get<unsigned long long>(adios2::Variable<unsigned long long>, unsigned long long&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios26Engine3GetIyEEvNS_8VariableIT_EEPPS3_ = "adios2::Engine::Get<unsigned long long>(adios2::Variable<unsigned long long>, unsigned long long**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIyEEvNS_8VariableIT_EEPS3_NS_4ModeE = "adios2::Engine::Get<unsigned long long>(adios2::Variable<unsigned long long>, unsigned long long*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIyEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERNS_8VariableIT_E4InfoENS_4ModeE = "adios2::Engine::Get<unsigned long long>(std::string const&, adios2::Variable<unsigned long long>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIyEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISB_EENS_4ModeE = "adios2::Engine::Get<unsigned long long>(std::string const&, std::vector<unsigned long long>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIyEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::Engine::Get<unsigned long long>(std::string const&, unsigned long long&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetIyEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::Engine::Get<unsigned long long>(std::string const&, unsigned long long*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetImEEvNS_8VariableIT_EERNS4_4InfoENS_4ModeE = "adios2::Engine::Get<unsigned long>(adios2::Variable<unsigned long>, adios2::Variable<unsigned long>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetImEEvNS_8VariableIT_EERSt6vectorIS3_SaIS3_EENS_4ModeE = "adios2::Engine::Get<unsigned long>(adios2::Variable<unsigned long>, std::vector<unsigned long>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetImEEvNS_8VariableIT_EERS3_NS_4ModeE = "adios2::Engine::Get<unsigned long>(adios2::Variable<unsigned long>, unsigned long&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios26Engine3GetImEEvNS_8VariableIT_EEPPS3_ = "adios2::Engine::Get<unsigned long>(adios2::Variable<unsigned long>, unsigned long**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetImEEvNS_8VariableIT_EEPS3_NS_4ModeE = "adios2::Engine::Get<unsigned long>(adios2::Variable<unsigned long>, unsigned long*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetImEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERNS_8VariableIT_E4InfoENS_4ModeE = "adios2::Engine::Get<unsigned long>(std::string const&, adios2::Variable<unsigned long>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetImEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISB_EENS_4ModeE = "adios2::Engine::Get<unsigned long>(std::string const&, std::vector<unsigned long>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetImEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::Engine::Get<unsigned long>(std::string const&, unsigned long&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetImEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::Engine::Get<unsigned long>(std::string const&, unsigned long*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetItEEvNS_8VariableIT_EERNS4_4InfoENS_4ModeE = "adios2::Engine::Get<unsigned short>(adios2::Variable<unsigned short>, adios2::Variable<unsigned short>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetItEEvNS_8VariableIT_EERSt6vectorIS3_SaIS3_EENS_4ModeE = "adios2::Engine::Get<unsigned short>(adios2::Variable<unsigned short>, std::vector<unsigned short>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetItEEvNS_8VariableIT_EERS3_NS_4ModeE = "adios2::Engine::Get<unsigned short>(adios2::Variable<unsigned short>, unsigned short&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios26Engine3GetItEEvNS_8VariableIT_EEPPS3_ = "adios2::Engine::Get<unsigned short>(adios2::Variable<unsigned short>, unsigned short**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetItEEvNS_8VariableIT_EEPS3_NS_4ModeE = "adios2::Engine::Get<unsigned short>(adios2::Variable<unsigned short>, unsigned short*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetItEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERNS_8VariableIT_E4InfoENS_4ModeE = "adios2::Engine::Get<unsigned short>(std::string const&, adios2::Variable<unsigned short>::Info&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetItEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISB_EENS_4ModeE = "adios2::Engine::Get<unsigned short>(std::string const&, std::vector<unsigned short>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetItEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::Engine::Get<unsigned short>(std::string const&, unsigned short&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine3GetItEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::Engine::Get<unsigned short>(std::string const&, unsigned short*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios26Engine16PerformDataWriteEv = "adios2::Engine::PerformDataWrite()": Adios Data [engine: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false };
    _ZN6adios26Engine11PerformGetsEv = "adios2::Engine::PerformGets()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios26Engine11PerformPutsEv = "adios2::Engine::PerformPuts()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios26Engine3PutERNS_10VariableNTERKcNS_4ModeE = "adios2::Engine::Put(adios2::VariableNT&, char const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutERNS_10VariableNTERKdNS_4ModeE = "adios2::Engine::Put(adios2::VariableNT&, double const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutERNS_10VariableNTERKfNS_4ModeE = "adios2::Engine::Put(adios2::VariableNT&, float const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutERNS_10VariableNTERKiNS_4ModeE = "adios2::Engine::Put(adios2::VariableNT&, int const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutERNS_10VariableNTERKlNS_4ModeE = "adios2::Engine::Put(adios2::VariableNT&, long const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutERNS_10VariableNTERKeNS_4ModeE = "adios2::Engine::Put(adios2::VariableNT&, long double const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutERNS_10VariableNTERKsNS_4ModeE = "adios2::Engine::Put(adios2::VariableNT&, short const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutERNS_10VariableNTERKaNS_4ModeE = "adios2::Engine::Put(adios2::VariableNT&, signed char const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutERNS_10VariableNTERKSt7complexIdENS_4ModeE = "adios2::Engine::Put(adios2::VariableNT&, std::complex<double> const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutERNS_10VariableNTERKSt7complexIfENS_4ModeE = "adios2::Engine::Put(adios2::VariableNT&, std::complex<float> const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutERNS_10VariableNTERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEENS_4ModeE = "adios2::Engine::Put(adios2::VariableNT&, std::string const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutERNS_10VariableNTERKhNS_4ModeE = "adios2::Engine::Put(adios2::VariableNT&, unsigned char const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutERNS_10VariableNTERKjNS_4ModeE = "adios2::Engine::Put(adios2::VariableNT&, unsigned int const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutERNS_10VariableNTERKmNS_4ModeE = "adios2::Engine::Put(adios2::VariableNT&, unsigned long const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutERNS_10VariableNTERKtNS_4ModeE = "adios2::Engine::Put(adios2::VariableNT&, unsigned short const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutERNS_10VariableNTEPKvNS_4ModeE = "adios2::Engine::Put(adios2::VariableNT&, void const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIcEEvNS_8VariableIT_EERKS3_NS_4ModeE = "adios2::Engine::Put<char>(adios2::Variable<char>, char const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIcEEvNS_8VariableIT_EEPKS3_NS_4ModeE = "adios2::Engine::Put<char>(adios2::Variable<char>, char const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIcEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::Engine::Put<char>(std::string const&, char const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIcEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::Engine::Put<char>(std::string const&, char const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIdEEvNS_8VariableIT_EERKS3_NS_4ModeE = "adios2::Engine::Put<double>(adios2::Variable<double>, double const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIdEEvNS_8VariableIT_EEPKS3_NS_4ModeE = "adios2::Engine::Put<double>(adios2::Variable<double>, double const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIdEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::Engine::Put<double>(std::string const&, double const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIdEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::Engine::Put<double>(std::string const&, double const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIfEEvNS_8VariableIT_EERKS3_NS_4ModeE = "adios2::Engine::Put<float>(adios2::Variable<float>, float const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIfEEvNS_8VariableIT_EEPKS3_NS_4ModeE = "adios2::Engine::Put<float>(adios2::Variable<float>, float const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIfEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::Engine::Put<float>(std::string const&, float const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIfEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::Engine::Put<float>(std::string const&, float const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIiEEvNS_8VariableIT_EERKS3_NS_4ModeE = "adios2::Engine::Put<int>(adios2::Variable<int>, int const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIiEEvNS_8VariableIT_EEPKS3_NS_4ModeE = "adios2::Engine::Put<int>(adios2::Variable<int>, int const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIiEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::Engine::Put<int>(std::string const&, int const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIiEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::Engine::Put<int>(std::string const&, int const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIeEEvNS_8VariableIT_EERKS3_NS_4ModeE = "adios2::Engine::Put<long double>(adios2::Variable<long double>, long double const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIeEEvNS_8VariableIT_EEPKS3_NS_4ModeE = "adios2::Engine::Put<long double>(adios2::Variable<long double>, long double const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIeEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::Engine::Put<long double>(std::string const&, long double const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIeEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::Engine::Put<long double>(std::string const&, long double const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIxEEvNS_8VariableIT_EERKS3_NS_4ModeE = "adios2::Engine::Put<long long>(adios2::Variable<long long>, long long const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIxEEvNS_8VariableIT_EEPKS3_NS_4ModeE = "adios2::Engine::Put<long long>(adios2::Variable<long long>, long long const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIxEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::Engine::Put<long long>(std::string const&, long long const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIxEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::Engine::Put<long long>(std::string const&, long long const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIlEEvNS_8VariableIT_EERKS3_NS_4ModeE = "adios2::Engine::Put<long>(adios2::Variable<long>, long const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIlEEvNS_8VariableIT_EEPKS3_NS_4ModeE = "adios2::Engine::Put<long>(adios2::Variable<long>, long const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIlEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::Engine::Put<long>(std::string const&, long const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIlEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::Engine::Put<long>(std::string const&, long const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIsEEvNS_8VariableIT_EERKS3_NS_4ModeE = "adios2::Engine::Put<short>(adios2::Variable<short>, short const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIsEEvNS_8VariableIT_EEPKS3_NS_4ModeE = "adios2::Engine::Put<short>(adios2::Variable<short>, short const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIsEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::Engine::Put<short>(std::string const&, short const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIsEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::Engine::Put<short>(std::string const&, short const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIaEEvNS_8VariableIT_EERKS3_NS_4ModeE = "adios2::Engine::Put<signed char>(adios2::Variable<signed char>, signed char const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIaEEvNS_8VariableIT_EEPKS3_NS_4ModeE = "adios2::Engine::Put<signed char>(adios2::Variable<signed char>, signed char const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIaEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::Engine::Put<signed char>(std::string const&, signed char const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIaEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::Engine::Put<signed char>(std::string const&, signed char const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutISt7complexIdEEEvNS_8VariableIT_EERKS5_NS_4ModeE = "adios2::Engine::Put<std::complex<double>>(adios2::Variable<std::complex<double>>, std::complex<double> const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutISt7complexIdEEEvNS_8VariableIT_EEPKS5_NS_4ModeE = "adios2::Engine::Put<std::complex<double>>(adios2::Variable<std::complex<double>>, std::complex<double> const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutISt7complexIdEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::Engine::Put<std::complex<double>>(std::string const&, std::complex<double> const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutISt7complexIdEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::Engine::Put<std::complex<double>>(std::string const&, std::complex<double> const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutISt7complexIfEEEvNS_8VariableIT_EERKS5_NS_4ModeE = "adios2::Engine::Put<std::complex<float>>(adios2::Variable<std::complex<float>>, std::complex<float> const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutISt7complexIfEEEvNS_8VariableIT_EEPKS5_NS_4ModeE = "adios2::Engine::Put<std::complex<float>>(adios2::Variable<std::complex<float>>, std::complex<float> const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutISt7complexIfEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::Engine::Put<std::complex<float>>(std::string const&, std::complex<float> const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutISt7complexIfEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::Engine::Put<std::complex<float>>(std::string const&, std::complex<float> const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvNS_8VariableIT_EERKS9_NS_4ModeE = "adios2::Engine::Put<std::string>(adios2::Variable<std::string>, std::string const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvNS_8VariableIT_EEPKS9_NS_4ModeE = "adios2::Engine::Put<std::string>(adios2::Variable<std::string>, std::string const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvRKS7_RKT_NS_4ModeE = "adios2::Engine::Put<std::string>(std::string const&, std::string const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvRKS7_PKT_NS_4ModeE = "adios2::Engine::Put<std::string>(std::string const&, std::string const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIhEEvNS_8VariableIT_EERKS3_NS_4ModeE = "adios2::Engine::Put<unsigned char>(adios2::Variable<unsigned char>, unsigned char const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIhEEvNS_8VariableIT_EEPKS3_NS_4ModeE = "adios2::Engine::Put<unsigned char>(adios2::Variable<unsigned char>, unsigned char const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIhEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::Engine::Put<unsigned char>(std::string const&, unsigned char const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIhEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::Engine::Put<unsigned char>(std::string const&, unsigned char const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIjEEvNS_8VariableIT_EERKS3_NS_4ModeE = "adios2::Engine::Put<unsigned int>(adios2::Variable<unsigned int>, unsigned int const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIjEEvNS_8VariableIT_EEPKS3_NS_4ModeE = "adios2::Engine::Put<unsigned int>(adios2::Variable<unsigned int>, unsigned int const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIjEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::Engine::Put<unsigned int>(std::string const&, unsigned int const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIjEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::Engine::Put<unsigned int>(std::string const&, unsigned int const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIyEEvNS_8VariableIT_EERKS3_NS_4ModeE = "adios2::Engine::Put<unsigned long long>(adios2::Variable<unsigned long long>, unsigned long long const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIyEEvNS_8VariableIT_EEPKS3_NS_4ModeE = "adios2::Engine::Put<unsigned long long>(adios2::Variable<unsigned long long>, unsigned long long const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIyEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::Engine::Put<unsigned long long>(std::string const&, unsigned long long const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutIyEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::Engine::Put<unsigned long long>(std::string const&, unsigned long long const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutImEEvNS_8VariableIT_EERKS3_NS_4ModeE = "adios2::Engine::Put<unsigned long>(adios2::Variable<unsigned long>, unsigned long const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutImEEvNS_8VariableIT_EEPKS3_NS_4ModeE = "adios2::Engine::Put<unsigned long>(adios2::Variable<unsigned long>, unsigned long const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutImEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::Engine::Put<unsigned long>(std::string const&, unsigned long const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutImEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::Engine::Put<unsigned long>(std::string const&, unsigned long const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutItEEvNS_8VariableIT_EERKS3_NS_4ModeE = "adios2::Engine::Put<unsigned short>(adios2::Variable<unsigned short>, unsigned short const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutItEEvNS_8VariableIT_EEPKS3_NS_4ModeE = "adios2::Engine::Put<unsigned short>(adios2::Variable<unsigned short>, unsigned short const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutItEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::Engine::Put<unsigned short>(std::string const&, unsigned short const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios26Engine3PutItEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::Engine::Put<unsigned short>(std::string const&, unsigned short const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios22IO14DefineVariableENS_8DataTypeERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESE_SE_b = "adios2::IO::DefineVariable(adios2::DataType, std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios22IO14DefineVariableIcEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESH_SH_b = "adios2::IO::DefineVariable<char>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios22IO14DefineVariableIdEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESH_SH_b = "adios2::IO::DefineVariable<double>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios22IO14DefineVariableIfEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESH_SH_b = "adios2::IO::DefineVariable<float>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios22IO14DefineVariableIiEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESH_SH_b = "adios2::IO::DefineVariable<int>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios22IO14DefineVariableIeEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESH_SH_b = "adios2::IO::DefineVariable<long double>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios22IO14DefineVariableIxEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESH_SH_b = "adios2::IO::DefineVariable<long long>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios22IO14DefineVariableIlEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESH_SH_b = "adios2::IO::DefineVariable<long>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios22IO14DefineVariableIsEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESH_SH_b = "adios2::IO::DefineVariable<short>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios22IO14DefineVariableIaEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESH_SH_b = "adios2::IO::DefineVariable<signed char>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios22IO14DefineVariableISt7complexIdEEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESJ_SJ_b = "adios2::IO::DefineVariable<std::complex<double>>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios22IO14DefineVariableISt7complexIfEEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESJ_SJ_b = "adios2::IO::DefineVariable<std::complex<float>>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios22IO14DefineVariableINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEENS_8VariableIT_EERKS7_RKSt6vectorImSaImEESH_SH_b = "adios2::IO::DefineVariable<std::string>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios22IO14DefineVariableIhEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESH_SH_b = "adios2::IO::DefineVariable<unsigned char>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios22IO14DefineVariableIjEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESH_SH_b = "adios2::IO::DefineVariable<unsigned int>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios22IO14DefineVariableIyEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESH_SH_b = "adios2::IO::DefineVariable<unsigned long long>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios22IO14DefineVariableImEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESH_SH_b = "adios2::IO::DefineVariable<unsigned long>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios22IO14DefineVariableItEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESH_SH_b = "adios2::IO::DefineVariable<unsigned short>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios22IO15InquireVariableERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE = "adios2::IO::InquireVariable(std::string const&)": Adios Meta [io: Handle, name: Name, type: Int] -> Handle, Null => None;
    _ZN6adios22IO15InquireVariableIcEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE = "adios2::IO::InquireVariable<char>(std::string const&)": Adios Meta [io: Handle, name: Name, type: Int] -> Handle, Null => None;
    _ZN6adios22IO15InquireVariableIdEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE = "adios2::IO::InquireVariable<double>(std::string const&)": Adios Meta [io: Handle, name: Name, type: Int] -> Handle, Null => None;
    _ZN6adios22IO15InquireVariableIfEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE = "adios2::IO::InquireVariable<float>(std::string const&)": Adios Meta [io: Handle, name: Name, type: Int] -> Handle, Null => None;
    _ZN6adios22IO15InquireVariableIiEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE = "adios2::IO::InquireVariable<int>(std::string const&)": Adios Meta [io: Handle, name: Name, type: Int] -> Handle, Null => None;
    _ZN6adios22IO15InquireVariableIeEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE = "adios2::IO::InquireVariable<long double>(std::string const&)": Adios Meta [io: Handle, name: Name, type: Int] -> Handle, Null => None;
    _ZN6adios22IO15InquireVariableIxEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE = "adios2::IO::InquireVariable<long long>(std::string const&)": Adios Meta [io: Handle, name: Name, type: Int] -> Handle, Null => None;
    _ZN6adios22IO15InquireVariableIlEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE = "adios2::IO::InquireVariable<long>(std::string const&)": Adios Meta [io: Handle, name: Name, type: Int] -> Handle, Null => None;
    _ZN6adios22IO15InquireVariableIsEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE = "adios2::IO::InquireVariable<short>(std::string const&)": Adios Meta [io: Handle, name: Name, type: Int] -> Handle, Null => None;
    _ZN6adios22IO15InquireVariableIaEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE = "adios2::IO::InquireVariable<signed char>(std::string const&)": Adios Meta [io: Handle, name: Name, type: Int] -> Handle, Null => None;
    _ZN6adios22IO15InquireVariableISt7complexIdEEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE = "adios2::IO::InquireVariable<std::complex<double>>(std::string const&)": Adios Meta [io: Handle, name: Name, type: Int] -> Handle, Null => None;
    _ZN6adios22IO15InquireVariableISt7complexIfEEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE = "adios2::IO::InquireVariable<std::complex<float>>(std::string const&)": Adios Meta [io: Handle, name: Name, type: Int] -> Handle, Null => None;
    _ZN6adios22IO15InquireVariableINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEENS_8VariableIT_EERKS7_ = "adios2::IO::InquireVariable<std::string>(std::string const&)": Adios Meta [io: Handle, name: Name, type: Int] -> Handle, Null => None;
    _ZN6adios22IO15InquireVariableIhEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE = "adios2::IO::InquireVariable<unsigned char>(std::string const&)": Adios Meta [io: Handle, name: Name, type: Int] -> Handle, Null => None;
    _ZN6adios22IO15InquireVariableIjEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE = "adios2::IO::InquireVariable<unsigned int>(std::string const&)": Adios Meta [io: Handle, name: Name, type: Int] -> Handle, Null => None;
    _ZN6adios22IO15InquireVariableIyEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE = "adios2::IO::InquireVariable<unsigned long long>(std::string const&)": Adios Meta [io: Handle, name: Name, type: Int] -> Handle, Null => None;
    _ZN6adios22IO15InquireVariableImEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE = "adios2::IO::InquireVariable<unsigned long>(std::string const&)": Adios Meta [io: Handle, name: Name, type: Int] -> Handle, Null => None;
    _ZN6adios22IO15InquireVariableItEENS_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE = "adios2::IO::InquireVariable<unsigned short>(std::string const&)": Adios Meta [io: Handle, name: Name, type: Int] -> Handle, Null => None;
    _ZN6adios22IO4OpenERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEENS_4ModeE = "adios2::IO::Open(std::string const&, adios2::Mode)": Adios Meta [io: Handle, path: File, mode: Amode] -> Handle, Null => ObjOpen { path: 1, key: RET, comm: RET, amode: 2 };
    _ZN6adios22IO4OpenERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKcm = "adios2::IO::Open(std::string const&, char const*, unsigned long)": Adios Meta [io: Handle, path: File, mode: Amode] -> Handle, Null => ObjOpen { path: 1, key: RET, comm: RET, amode: 2 };
    _ZN6adios22IO9SetEngineENSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE = "adios2::IO::SetEngine(std::string)": Adios Meta [io: Handle, engine: Name] -> Int, NonZero => None;
    _ZN6adios24core5ADIOSC1ENSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE = "adios2::core::ADIOS::ADIOS(std::string)": Adios Meta [] -> Handle, Null => None;
    _ZN6adios24core5ADIOSC1ENSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEES7_ = "adios2::core::ADIOS::ADIOS(std::string, std::string)": Adios Meta [config: File] -> Handle, Null => None;
    _ZN6adios24core5ADIOS9DeclareIOENSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEENS_13ArrayOrderingE = "adios2::core::ADIOS::DeclareIO(std::string, adios2::ArrayOrdering)": Adios Meta [adios: Handle, name: Name] -> Handle, Null => None;
    _ZN6adios24core5ADIOSD1Ev = "adios2::core::ADIOS::~ADIOS()": Adios Meta [adios: Handle] -> Int, NonZero => None;
    _ZN6adios24core6Engine9BeginStepEv = "adios2::core::Engine::BeginStep()": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios24core6Engine9BeginStepENS_8StepModeEf = "adios2::core::Engine::BeginStep(adios2::StepMode, float)": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios24core6Engine5CloseEi = "adios2::core::Engine::Close(int)": Adios Meta [engine: Handle] -> Int, NonZero => ObjClose { key: 0 };
    _ZN6adios24core6Engine7EndStepEv = "adios2::core::Engine::EndStep()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6Engine5FlushEi = "adios2::core::Engine::Flush(int)": Adios Data [engine: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false };
    _ZN6adios24core6Engine3GetIcEEvRNS0_8VariableIT_EERS4_NS_4ModeE = "adios2::core::Engine::Get<char>(adios2::core::Variable<char>&, char&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios24core6Engine3GetIcEEvRNS0_8VariableIT_EEPPS4_ = "adios2::core::Engine::Get<char>(adios2::core::Variable<char>&, char**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIcEEvRNS0_8VariableIT_EEPS4_NS_4ModeE = "adios2::core::Engine::Get<char>(adios2::core::Variable<char>&, char*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIcEEvRNS0_8VariableIT_EERSt6vectorIS4_SaIS4_EENS_4ModeE = "adios2::core::Engine::Get<char>(adios2::core::Variable<char>&, std::vector<char>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIcEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::core::Engine::Get<char>(std::string const&, char&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIcEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::core::Engine::Get<char>(std::string const&, char*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIcEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISC_EENS_4ModeE = "adios2::core::Engine::Get<char>(std::string const&, std::vector<char>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIdEEvRNS0_8VariableIT_EERS4_NS_4ModeE = "adios2::core::Engine::Get<double>(adios2::core::Variable<double>&, double&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios24core6Engine3GetIdEEvRNS0_8VariableIT_EEPPS4_ = "adios2::core::Engine::Get<double>(adios2::core::Variable<double>&, double**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIdEEvRNS0_8VariableIT_EEPS4_NS_4ModeE = "adios2::core::Engine::Get<double>(adios2::core::Variable<double>&, double*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIdEEvRNS0_8VariableIT_EERSt6vectorIS4_SaIS4_EENS_4ModeE = "adios2::core::Engine::Get<double>(adios2::core::Variable<double>&, std::vector<double>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIdEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::core::Engine::Get<double>(std::string const&, double&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIdEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::core::Engine::Get<double>(std::string const&, double*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIdEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISC_EENS_4ModeE = "adios2::core::Engine::Get<double>(std::string const&, std::vector<double>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIfEEvRNS0_8VariableIT_EERS4_NS_4ModeE = "adios2::core::Engine::Get<float>(adios2::core::Variable<float>&, float&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios24core6Engine3GetIfEEvRNS0_8VariableIT_EEPPS4_ = "adios2::core::Engine::Get<float>(adios2::core::Variable<float>&, float**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIfEEvRNS0_8VariableIT_EEPS4_NS_4ModeE = "adios2::core::Engine::Get<float>(adios2::core::Variable<float>&, float*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIfEEvRNS0_8VariableIT_EERSt6vectorIS4_SaIS4_EENS_4ModeE = "adios2::core::Engine::Get<float>(adios2::core::Variable<float>&, std::vector<float>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIfEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::core::Engine::Get<float>(std::string const&, float&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIfEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::core::Engine::Get<float>(std::string const&, float*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIfEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISC_EENS_4ModeE = "adios2::core::Engine::Get<float>(std::string const&, std::vector<float>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIiEEvRNS0_8VariableIT_EERS4_NS_4ModeE = "adios2::core::Engine::Get<int>(adios2::core::Variable<int>&, int&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios24core6Engine3GetIiEEvRNS0_8VariableIT_EEPPS4_ = "adios2::core::Engine::Get<int>(adios2::core::Variable<int>&, int**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIiEEvRNS0_8VariableIT_EEPS4_NS_4ModeE = "adios2::core::Engine::Get<int>(adios2::core::Variable<int>&, int*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIiEEvRNS0_8VariableIT_EERSt6vectorIS4_SaIS4_EENS_4ModeE = "adios2::core::Engine::Get<int>(adios2::core::Variable<int>&, std::vector<int>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIiEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::core::Engine::Get<int>(std::string const&, int&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIiEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::core::Engine::Get<int>(std::string const&, int*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIiEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISC_EENS_4ModeE = "adios2::core::Engine::Get<int>(std::string const&, std::vector<int>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIeEEvRNS0_8VariableIT_EERS4_NS_4ModeE = "adios2::core::Engine::Get<long double>(adios2::core::Variable<long double>&, long double&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios24core6Engine3GetIeEEvRNS0_8VariableIT_EEPPS4_ = "adios2::core::Engine::Get<long double>(adios2::core::Variable<long double>&, long double**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIeEEvRNS0_8VariableIT_EEPS4_NS_4ModeE = "adios2::core::Engine::Get<long double>(adios2::core::Variable<long double>&, long double*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIeEEvRNS0_8VariableIT_EERSt6vectorIS4_SaIS4_EENS_4ModeE = "adios2::core::Engine::Get<long double>(adios2::core::Variable<long double>&, std::vector<long double>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIeEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::core::Engine::Get<long double>(std::string const&, long double&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIeEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::core::Engine::Get<long double>(std::string const&, long double*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIeEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISC_EENS_4ModeE = "adios2::core::Engine::Get<long double>(std::string const&, std::vector<long double>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIlEEvRNS0_8VariableIT_EERS4_NS_4ModeE = "adios2::core::Engine::Get<long>(adios2::core::Variable<long>&, long&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios24core6Engine3GetIlEEvRNS0_8VariableIT_EEPPS4_ = "adios2::core::Engine::Get<long>(adios2::core::Variable<long>&, long**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIlEEvRNS0_8VariableIT_EEPS4_NS_4ModeE = "adios2::core::Engine::Get<long>(adios2::core::Variable<long>&, long*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIlEEvRNS0_8VariableIT_EERSt6vectorIS4_SaIS4_EENS_4ModeE = "adios2::core::Engine::Get<long>(adios2::core::Variable<long>&, std::vector<long>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIlEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::core::Engine::Get<long>(std::string const&, long&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIlEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::core::Engine::Get<long>(std::string const&, long*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIlEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISC_EENS_4ModeE = "adios2::core::Engine::Get<long>(std::string const&, std::vector<long>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIsEEvRNS0_8VariableIT_EERS4_NS_4ModeE = "adios2::core::Engine::Get<short>(adios2::core::Variable<short>&, short&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios24core6Engine3GetIsEEvRNS0_8VariableIT_EEPPS4_ = "adios2::core::Engine::Get<short>(adios2::core::Variable<short>&, short**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIsEEvRNS0_8VariableIT_EEPS4_NS_4ModeE = "adios2::core::Engine::Get<short>(adios2::core::Variable<short>&, short*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIsEEvRNS0_8VariableIT_EERSt6vectorIS4_SaIS4_EENS_4ModeE = "adios2::core::Engine::Get<short>(adios2::core::Variable<short>&, std::vector<short>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIsEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::core::Engine::Get<short>(std::string const&, short&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIsEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::core::Engine::Get<short>(std::string const&, short*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIsEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISC_EENS_4ModeE = "adios2::core::Engine::Get<short>(std::string const&, std::vector<short>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIaEEvRNS0_8VariableIT_EERS4_NS_4ModeE = "adios2::core::Engine::Get<signed char>(adios2::core::Variable<signed char>&, signed char&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios24core6Engine3GetIaEEvRNS0_8VariableIT_EEPPS4_ = "adios2::core::Engine::Get<signed char>(adios2::core::Variable<signed char>&, signed char**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIaEEvRNS0_8VariableIT_EEPS4_NS_4ModeE = "adios2::core::Engine::Get<signed char>(adios2::core::Variable<signed char>&, signed char*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIaEEvRNS0_8VariableIT_EERSt6vectorIS4_SaIS4_EENS_4ModeE = "adios2::core::Engine::Get<signed char>(adios2::core::Variable<signed char>&, std::vector<signed char>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIaEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::core::Engine::Get<signed char>(std::string const&, signed char&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIaEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::core::Engine::Get<signed char>(std::string const&, signed char*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIaEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISC_EENS_4ModeE = "adios2::core::Engine::Get<signed char>(std::string const&, std::vector<signed char>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetISt7complexIdEEEvRNS0_8VariableIT_EERS6_NS_4ModeE = "adios2::core::Engine::Get<std::complex<double>>(adios2::core::Variable<std::complex<double>>&, std::complex<double>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios24core6Engine3GetISt7complexIdEEEvRNS0_8VariableIT_EEPPS6_ = "adios2::core::Engine::Get<std::complex<double>>(adios2::core::Variable<std::complex<double>>&, std::complex<double>**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetISt7complexIdEEEvRNS0_8VariableIT_EEPS6_NS_4ModeE = "adios2::core::Engine::Get<std::complex<double>>(adios2::core::Variable<std::complex<double>>&, std::complex<double>*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetISt7complexIdEEEvRNS0_8VariableIT_EERSt6vectorIS6_SaIS6_EENS_4ModeE = "adios2::core::Engine::Get<std::complex<double>>(adios2::core::Variable<std::complex<double>>&, std::vector<std::complex<double>>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetISt7complexIdEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::core::Engine::Get<std::complex<double>>(std::string const&, std::complex<double>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetISt7complexIdEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::core::Engine::Get<std::complex<double>>(std::string const&, std::complex<double>*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetISt7complexIdEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISE_EENS_4ModeE = "adios2::core::Engine::Get<std::complex<double>>(std::string const&, std::vector<std::complex<double>>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetISt7complexIfEEEvRNS0_8VariableIT_EERS6_NS_4ModeE = "adios2::core::Engine::Get<std::complex<float>>(adios2::core::Variable<std::complex<float>>&, std::complex<float>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios24core6Engine3GetISt7complexIfEEEvRNS0_8VariableIT_EEPPS6_ = "adios2::core::Engine::Get<std::complex<float>>(adios2::core::Variable<std::complex<float>>&, std::complex<float>**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetISt7complexIfEEEvRNS0_8VariableIT_EEPS6_NS_4ModeE = "adios2::core::Engine::Get<std::complex<float>>(adios2::core::Variable<std::complex<float>>&, std::complex<float>*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetISt7complexIfEEEvRNS0_8VariableIT_EERSt6vectorIS6_SaIS6_EENS_4ModeE = "adios2::core::Engine::Get<std::complex<float>>(adios2::core::Variable<std::complex<float>>&, std::vector<std::complex<float>>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetISt7complexIfEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::core::Engine::Get<std::complex<float>>(std::string const&, std::complex<float>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetISt7complexIfEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::core::Engine::Get<std::complex<float>>(std::string const&, std::complex<float>*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetISt7complexIfEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISE_EENS_4ModeE = "adios2::core::Engine::Get<std::complex<float>>(std::string const&, std::vector<std::complex<float>>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvRNS0_8VariableIT_EERSA_NS_4ModeE = "adios2::core::Engine::Get<std::string>(adios2::core::Variable<std::string>&, std::string&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvRNS0_8VariableIT_EEPSA_NS_4ModeE = "adios2::core::Engine::Get<std::string>(adios2::core::Variable<std::string>&, std::string*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvRNS0_8VariableIT_EERSt6vectorISA_SaISA_EENS_4ModeE = "adios2::core::Engine::Get<std::string>(adios2::core::Variable<std::string>&, std::vector<std::string>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvRKS8_RT_NS_4ModeE = "adios2::core::Engine::Get<std::string>(std::string const&, std::string&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvRKS8_PT_NS_4ModeE = "adios2::core::Engine::Get<std::string>(std::string const&, std::string*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvRKS8_RSt6vectorIT_SaISC_EENS_4ModeE = "adios2::core::Engine::Get<std::string>(std::string const&, std::vector<std::string>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIhEEvRNS0_8VariableIT_EERSt6vectorIS4_SaIS4_EENS_4ModeE = "adios2::core::Engine::Get<unsigned char>(adios2::core::Variable<unsigned char>&, std::vector<unsigned char>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIhEEvRNS0_8VariableIT_EERS4_NS_4ModeE = "adios2::core::Engine::Get<unsigned char>(adios2::core::Variable<unsigned char>&, unsigned char&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios24core6Engine3GetIhEEvRNS0_8VariableIT_EEPPS4_ = "adios2::core::Engine::Get<unsigned char>(adios2::core::Variable<unsigned char>&, unsigned char**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIhEEvRNS0_8VariableIT_EEPS4_NS_4ModeE = "adios2::core::Engine::Get<unsigned char>(adios2::core::Variable<unsigned char>&, unsigned char*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIhEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISC_EENS_4ModeE = "adios2::core::Engine::Get<unsigned char>(std::string const&, std::vector<unsigned char>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIhEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::core::Engine::Get<unsigned char>(std::string const&, unsigned char&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIhEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::core::Engine::Get<unsigned char>(std::string const&, unsigned char*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIjEEvRNS0_8VariableIT_EERSt6vectorIS4_SaIS4_EENS_4ModeE = "adios2::core::Engine::Get<unsigned int>(adios2::core::Variable<unsigned int>&, std::vector<unsigned int>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIjEEvRNS0_8VariableIT_EERS4_NS_4ModeE = "adios2::core::Engine::Get<unsigned int>(adios2::core::Variable<unsigned int>&, unsigned int&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios24core6Engine3GetIjEEvRNS0_8VariableIT_EEPPS4_ = "adios2::core::Engine::Get<unsigned int>(adios2::core::Variable<unsigned int>&, unsigned int**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIjEEvRNS0_8VariableIT_EEPS4_NS_4ModeE = "adios2::core::Engine::Get<unsigned int>(adios2::core::Variable<unsigned int>&, unsigned int*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIjEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISC_EENS_4ModeE = "adios2::core::Engine::Get<unsigned int>(std::string const&, std::vector<unsigned int>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIjEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::core::Engine::Get<unsigned int>(std::string const&, unsigned int&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetIjEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::core::Engine::Get<unsigned int>(std::string const&, unsigned int*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetImEEvRNS0_8VariableIT_EERSt6vectorIS4_SaIS4_EENS_4ModeE = "adios2::core::Engine::Get<unsigned long>(adios2::core::Variable<unsigned long>&, std::vector<unsigned long>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetImEEvRNS0_8VariableIT_EERS4_NS_4ModeE = "adios2::core::Engine::Get<unsigned long>(adios2::core::Variable<unsigned long>&, unsigned long&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios24core6Engine3GetImEEvRNS0_8VariableIT_EEPPS4_ = "adios2::core::Engine::Get<unsigned long>(adios2::core::Variable<unsigned long>&, unsigned long**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetImEEvRNS0_8VariableIT_EEPS4_NS_4ModeE = "adios2::core::Engine::Get<unsigned long>(adios2::core::Variable<unsigned long>&, unsigned long*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetImEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISC_EENS_4ModeE = "adios2::core::Engine::Get<unsigned long>(std::string const&, std::vector<unsigned long>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetImEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::core::Engine::Get<unsigned long>(std::string const&, unsigned long&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetImEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::core::Engine::Get<unsigned long>(std::string const&, unsigned long*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetItEEvRNS0_8VariableIT_EERSt6vectorIS4_SaIS4_EENS_4ModeE = "adios2::core::Engine::Get<unsigned short>(adios2::core::Variable<unsigned short>&, std::vector<unsigned short>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetItEEvRNS0_8VariableIT_EERS4_NS_4ModeE = "adios2::core::Engine::Get<unsigned short>(adios2::core::Variable<unsigned short>&, unsigned short&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZNK6adios24core6Engine3GetItEEvRNS0_8VariableIT_EEPPS4_ = "adios2::core::Engine::Get<unsigned short>(adios2::core::Variable<unsigned short>&, unsigned short**) const": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetItEEvRNS0_8VariableIT_EEPS4_NS_4ModeE = "adios2::core::Engine::Get<unsigned short>(adios2::core::Variable<unsigned short>&, unsigned short*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetItEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERSt6vectorIT_SaISC_EENS_4ModeE = "adios2::core::Engine::Get<unsigned short>(std::string const&, std::vector<unsigned short>&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetItEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERT_NS_4ModeE = "adios2::core::Engine::Get<unsigned short>(std::string const&, unsigned short&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine3GetItEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPT_NS_4ModeE = "adios2::core::Engine::Get<unsigned short>(std::string const&, unsigned short*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Read, req: 3, id: 5 };
    _ZN6adios24core6Engine16PerformDataWriteEv = "adios2::core::Engine::PerformDataWrite()": Adios Data [engine: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false };
    _ZN6adios24core6Engine11PerformGetsEv = "adios2::core::Engine::PerformGets()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6Engine11PerformPutsEv = "adios2::core::Engine::PerformPuts()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6Engine3PutIcEEvRNS0_8VariableIT_EERKS4_NS_4ModeE = "adios2::core::Engine::Put<char>(adios2::core::Variable<char>&, char const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIcEEvRNS0_8VariableIT_EEPKS4_NS_4ModeE = "adios2::core::Engine::Put<char>(adios2::core::Variable<char>&, char const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIcEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::core::Engine::Put<char>(std::string const&, char const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIcEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::core::Engine::Put<char>(std::string const&, char const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIdEEvRNS0_8VariableIT_EERKS4_NS_4ModeE = "adios2::core::Engine::Put<double>(adios2::core::Variable<double>&, double const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIdEEvRNS0_8VariableIT_EEPKS4_NS_4ModeE = "adios2::core::Engine::Put<double>(adios2::core::Variable<double>&, double const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIdEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::core::Engine::Put<double>(std::string const&, double const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIdEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::core::Engine::Put<double>(std::string const&, double const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIfEEvRNS0_8VariableIT_EERKS4_NS_4ModeE = "adios2::core::Engine::Put<float>(adios2::core::Variable<float>&, float const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIfEEvRNS0_8VariableIT_EEPKS4_NS_4ModeE = "adios2::core::Engine::Put<float>(adios2::core::Variable<float>&, float const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIfEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::core::Engine::Put<float>(std::string const&, float const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIfEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::core::Engine::Put<float>(std::string const&, float const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIiEEvRNS0_8VariableIT_EERKS4_NS_4ModeE = "adios2::core::Engine::Put<int>(adios2::core::Variable<int>&, int const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIiEEvRNS0_8VariableIT_EEPKS4_NS_4ModeE = "adios2::core::Engine::Put<int>(adios2::core::Variable<int>&, int const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIiEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::core::Engine::Put<int>(std::string const&, int const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIiEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::core::Engine::Put<int>(std::string const&, int const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIeEEvRNS0_8VariableIT_EERKS4_NS_4ModeE = "adios2::core::Engine::Put<long double>(adios2::core::Variable<long double>&, long double const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIeEEvRNS0_8VariableIT_EEPKS4_NS_4ModeE = "adios2::core::Engine::Put<long double>(adios2::core::Variable<long double>&, long double const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIeEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::core::Engine::Put<long double>(std::string const&, long double const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIeEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::core::Engine::Put<long double>(std::string const&, long double const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIlEEvRNS0_8VariableIT_EERKS4_NS_4ModeE = "adios2::core::Engine::Put<long>(adios2::core::Variable<long>&, long const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIlEEvRNS0_8VariableIT_EEPKS4_NS_4ModeE = "adios2::core::Engine::Put<long>(adios2::core::Variable<long>&, long const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIlEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::core::Engine::Put<long>(std::string const&, long const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIlEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::core::Engine::Put<long>(std::string const&, long const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIsEEvRNS0_8VariableIT_EERKS4_NS_4ModeE = "adios2::core::Engine::Put<short>(adios2::core::Variable<short>&, short const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIsEEvRNS0_8VariableIT_EEPKS4_NS_4ModeE = "adios2::core::Engine::Put<short>(adios2::core::Variable<short>&, short const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIsEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::core::Engine::Put<short>(std::string const&, short const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIsEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::core::Engine::Put<short>(std::string const&, short const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIaEEvRNS0_8VariableIT_EERKS4_NS_4ModeE = "adios2::core::Engine::Put<signed char>(adios2::core::Variable<signed char>&, signed char const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIaEEvRNS0_8VariableIT_EEPKS4_NS_4ModeE = "adios2::core::Engine::Put<signed char>(adios2::core::Variable<signed char>&, signed char const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIaEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::core::Engine::Put<signed char>(std::string const&, signed char const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIaEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::core::Engine::Put<signed char>(std::string const&, signed char const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutISt7complexIdEEEvRNS0_8VariableIT_EERKS6_NS_4ModeE = "adios2::core::Engine::Put<std::complex<double>>(adios2::core::Variable<std::complex<double>>&, std::complex<double> const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutISt7complexIdEEEvRNS0_8VariableIT_EEPKS6_NS_4ModeE = "adios2::core::Engine::Put<std::complex<double>>(adios2::core::Variable<std::complex<double>>&, std::complex<double> const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutISt7complexIdEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::core::Engine::Put<std::complex<double>>(std::string const&, std::complex<double> const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutISt7complexIdEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::core::Engine::Put<std::complex<double>>(std::string const&, std::complex<double> const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutISt7complexIfEEEvRNS0_8VariableIT_EERKS6_NS_4ModeE = "adios2::core::Engine::Put<std::complex<float>>(adios2::core::Variable<std::complex<float>>&, std::complex<float> const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutISt7complexIfEEEvRNS0_8VariableIT_EEPKS6_NS_4ModeE = "adios2::core::Engine::Put<std::complex<float>>(adios2::core::Variable<std::complex<float>>&, std::complex<float> const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutISt7complexIfEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::core::Engine::Put<std::complex<float>>(std::string const&, std::complex<float> const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutISt7complexIfEEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::core::Engine::Put<std::complex<float>>(std::string const&, std::complex<float> const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvRNS0_8VariableIT_EERKSA_NS_4ModeE = "adios2::core::Engine::Put<std::string>(adios2::core::Variable<std::string>&, std::string const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvRNS0_8VariableIT_EEPKSA_NS_4ModeE = "adios2::core::Engine::Put<std::string>(adios2::core::Variable<std::string>&, std::string const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvRKS8_RKT_NS_4ModeE = "adios2::core::Engine::Put<std::string>(std::string const&, std::string const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEEvRKS8_PKT_NS_4ModeE = "adios2::core::Engine::Put<std::string>(std::string const&, std::string const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIhEEvRNS0_8VariableIT_EERKS4_NS_4ModeE = "adios2::core::Engine::Put<unsigned char>(adios2::core::Variable<unsigned char>&, unsigned char const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIhEEvRNS0_8VariableIT_EEPKS4_NS_4ModeE = "adios2::core::Engine::Put<unsigned char>(adios2::core::Variable<unsigned char>&, unsigned char const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIhEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::core::Engine::Put<unsigned char>(std::string const&, unsigned char const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIhEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::core::Engine::Put<unsigned char>(std::string const&, unsigned char const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIjEEvRNS0_8VariableIT_EERKS4_NS_4ModeE = "adios2::core::Engine::Put<unsigned int>(adios2::core::Variable<unsigned int>&, unsigned int const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIjEEvRNS0_8VariableIT_EEPKS4_NS_4ModeE = "adios2::core::Engine::Put<unsigned int>(adios2::core::Variable<unsigned int>&, unsigned int const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIjEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::core::Engine::Put<unsigned int>(std::string const&, unsigned int const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutIjEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::core::Engine::Put<unsigned int>(std::string const&, unsigned int const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutImEEvRNS0_8VariableIT_EERKS4_NS_4ModeE = "adios2::core::Engine::Put<unsigned long>(adios2::core::Variable<unsigned long>&, unsigned long const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutImEEvRNS0_8VariableIT_EEPKS4_NS_4ModeE = "adios2::core::Engine::Put<unsigned long>(adios2::core::Variable<unsigned long>&, unsigned long const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutImEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::core::Engine::Put<unsigned long>(std::string const&, unsigned long const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutImEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::core::Engine::Put<unsigned long>(std::string const&, unsigned long const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutItEEvRNS0_8VariableIT_EERKS4_NS_4ModeE = "adios2::core::Engine::Put<unsigned short>(adios2::core::Variable<unsigned short>&, unsigned short const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutItEEvRNS0_8VariableIT_EEPKS4_NS_4ModeE = "adios2::core::Engine::Put<unsigned short>(adios2::core::Variable<unsigned short>&, unsigned short const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutItEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKT_NS_4ModeE = "adios2::core::Engine::Put<unsigned short>(std::string const&, unsigned short const&, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core6Engine3PutItEEvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKT_NS_4ModeE = "adios2::core::Engine::Put<unsigned short>(std::string const&, unsigned short const*, adios2::Mode)": Adios Data [engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero => NamedStart { file: 0, name: 1, dir: Write, req: 3, id: 5 };
    _ZN6adios24core2IO14DefineVariableIcEERNS0_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESJ_SJ_b = "adios2::core::IO::DefineVariable<char>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios24core2IO14DefineVariableIdEERNS0_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESJ_SJ_b = "adios2::core::IO::DefineVariable<double>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios24core2IO14DefineVariableIfEERNS0_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESJ_SJ_b = "adios2::core::IO::DefineVariable<float>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios24core2IO14DefineVariableIiEERNS0_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESJ_SJ_b = "adios2::core::IO::DefineVariable<int>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios24core2IO14DefineVariableIeEERNS0_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESJ_SJ_b = "adios2::core::IO::DefineVariable<long double>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios24core2IO14DefineVariableIlEERNS0_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESJ_SJ_b = "adios2::core::IO::DefineVariable<long>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios24core2IO14DefineVariableIsEERNS0_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESJ_SJ_b = "adios2::core::IO::DefineVariable<short>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios24core2IO14DefineVariableIaEERNS0_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESJ_SJ_b = "adios2::core::IO::DefineVariable<signed char>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios24core2IO14DefineVariableISt7complexIdEEERNS0_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESL_SL_b = "adios2::core::IO::DefineVariable<std::complex<double>>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios24core2IO14DefineVariableISt7complexIfEEERNS0_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESL_SL_b = "adios2::core::IO::DefineVariable<std::complex<float>>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios24core2IO14DefineVariableINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEERNS0_8VariableIT_EERKS8_RKSt6vectorImSaImEESJ_SJ_b = "adios2::core::IO::DefineVariable<std::string>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios24core2IO14DefineVariableIhEERNS0_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESJ_SJ_b = "adios2::core::IO::DefineVariable<unsigned char>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios24core2IO14DefineVariableIjEERNS0_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESJ_SJ_b = "adios2::core::IO::DefineVariable<unsigned int>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios24core2IO14DefineVariableImEERNS0_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESJ_SJ_b = "adios2::core::IO::DefineVariable<unsigned long>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios24core2IO14DefineVariableItEERNS0_8VariableIT_EERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKSt6vectorImSaImEESJ_SJ_b = "adios2::core::IO::DefineVariable<unsigned short>(std::string const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, std::vector<unsigned long> const&, bool)": Adios Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None;
    _ZN6adios24core2IO4OpenERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEENS_4ModeE = "adios2::core::IO::Open(std::string const&, adios2::Mode)": Adios Meta [io: Handle, path: File, mode: Amode] -> Handle, Null => ObjOpen { path: 1, key: RET, comm: RET, amode: 2 };
    _ZN6adios24core2IO4OpenERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPKcm = "adios2::core::IO::Open(std::string const&, char const*, unsigned long)": Adios Meta [io: Handle, path: File, mode: Amode] -> Handle, Null => ObjOpen { path: 1, key: RET, comm: RET, amode: 2 };
    _ZN6adios24core2IO9SetEngineENSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE = "adios2::core::IO::SetEngine(std::string)": Adios Meta [io: Handle, engine: Name] -> Int, NonZero => None;
    _ZN6adios24core6engine9BP3Reader9BeginStepENS_8StepModeEf = "adios2::core::engine::BP3Reader::BeginStep(adios2::StepMode, float)": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios24core6engine9BP3Reader7EndStepEv = "adios2::core::engine::BP3Reader::EndStep()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine9BP3Reader11PerformGetsEv = "adios2::core::engine::BP3Reader::PerformGets()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine9BP3Writer9BeginStepENS_8StepModeEf = "adios2::core::engine::BP3Writer::BeginStep(adios2::StepMode, float)": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios24core6engine9BP3Writer7EndStepEv = "adios2::core::engine::BP3Writer::EndStep()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine9BP3Writer5FlushEi = "adios2::core::engine::BP3Writer::Flush(int)": Adios Data [engine: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false };
    _ZN6adios24core6engine9BP3Writer11PerformPutsEv = "adios2::core::engine::BP3Writer::PerformPuts()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine9BP4Reader9BeginStepENS_8StepModeEf = "adios2::core::engine::BP4Reader::BeginStep(adios2::StepMode, float)": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios24core6engine9BP4Reader7EndStepEv = "adios2::core::engine::BP4Reader::EndStep()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine9BP4Reader11PerformGetsEv = "adios2::core::engine::BP4Reader::PerformGets()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine9BP4Writer9BeginStepENS_8StepModeEf = "adios2::core::engine::BP4Writer::BeginStep(adios2::StepMode, float)": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios24core6engine9BP4Writer7EndStepEv = "adios2::core::engine::BP4Writer::EndStep()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine9BP4Writer5FlushEi = "adios2::core::engine::BP4Writer::Flush(int)": Adios Data [engine: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false };
    _ZN6adios24core6engine9BP4Writer11PerformPutsEv = "adios2::core::engine::BP4Writer::PerformPuts()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine9BP5Reader9BeginStepENS_8StepModeEf = "adios2::core::engine::BP5Reader::BeginStep(adios2::StepMode, float)": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios24core6engine9BP5Reader7EndStepEv = "adios2::core::engine::BP5Reader::EndStep()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine9BP5Reader11PerformGetsEv = "adios2::core::engine::BP5Reader::PerformGets()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine9BP5Writer9BeginStepENS_8StepModeEf = "adios2::core::engine::BP5Writer::BeginStep(adios2::StepMode, float)": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios24core6engine9BP5Writer7EndStepEv = "adios2::core::engine::BP5Writer::EndStep()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine9BP5Writer5FlushEi = "adios2::core::engine::BP5Writer::Flush(int)": Adios Data [engine: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false };
    _ZN6adios24core6engine9BP5Writer16PerformDataWriteEv = "adios2::core::engine::BP5Writer::PerformDataWrite()": Adios Data [engine: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false };
    _ZN6adios24core6engine9BP5Writer11PerformPutsEv = "adios2::core::engine::BP5Writer::PerformPuts()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine14CampaignReader9BeginStepENS_8StepModeEf = "adios2::core::engine::CampaignReader::BeginStep(adios2::StepMode, float)": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios24core6engine14CampaignReader7EndStepEv = "adios2::core::engine::CampaignReader::EndStep()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine14CampaignReader11PerformGetsEv = "adios2::core::engine::CampaignReader::PerformGets()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine12InlineReader9BeginStepENS_8StepModeEf = "adios2::core::engine::InlineReader::BeginStep(adios2::StepMode, float)": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios24core6engine12InlineReader7EndStepEv = "adios2::core::engine::InlineReader::EndStep()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine12InlineReader11PerformGetsEv = "adios2::core::engine::InlineReader::PerformGets()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine12InlineWriter9BeginStepENS_8StepModeEf = "adios2::core::engine::InlineWriter::BeginStep(adios2::StepMode, float)": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios24core6engine12InlineWriter7EndStepEv = "adios2::core::engine::InlineWriter::EndStep()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine12InlineWriter5FlushEi = "adios2::core::engine::InlineWriter::Flush(int)": Adios Data [engine: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false };
    _ZN6adios24core6engine12InlineWriter11PerformPutsEv = "adios2::core::engine::InlineWriter::PerformPuts()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine9MhsReader9BeginStepENS_8StepModeEf = "adios2::core::engine::MhsReader::BeginStep(adios2::StepMode, float)": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios24core6engine9MhsReader7EndStepEv = "adios2::core::engine::MhsReader::EndStep()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine9MhsReader11PerformGetsEv = "adios2::core::engine::MhsReader::PerformGets()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine9MhsWriter9BeginStepENS_8StepModeEf = "adios2::core::engine::MhsWriter::BeginStep(adios2::StepMode, float)": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios24core6engine9MhsWriter7EndStepEv = "adios2::core::engine::MhsWriter::EndStep()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine9MhsWriter5FlushEi = "adios2::core::engine::MhsWriter::Flush(int)": Adios Data [engine: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false };
    _ZN6adios24core6engine9MhsWriter11PerformPutsEv = "adios2::core::engine::MhsWriter::PerformPuts()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine10NullReader9BeginStepENS_8StepModeEf = "adios2::core::engine::NullReader::BeginStep(adios2::StepMode, float)": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios24core6engine10NullReader7EndStepEv = "adios2::core::engine::NullReader::EndStep()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine10NullReader11PerformGetsEv = "adios2::core::engine::NullReader::PerformGets()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine10NullWriter9BeginStepENS_8StepModeEf = "adios2::core::engine::NullWriter::BeginStep(adios2::StepMode, float)": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios24core6engine10NullWriter7EndStepEv = "adios2::core::engine::NullWriter::EndStep()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine10NullWriter5FlushEi = "adios2::core::engine::NullWriter::Flush(int)": Adios Data [engine: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false };
    _ZN6adios24core6engine10NullWriter11PerformPutsEv = "adios2::core::engine::NullWriter::PerformPuts()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine14SkeletonReader9BeginStepENS_8StepModeEf = "adios2::core::engine::SkeletonReader::BeginStep(adios2::StepMode, float)": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios24core6engine14SkeletonReader7EndStepEv = "adios2::core::engine::SkeletonReader::EndStep()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine14SkeletonReader11PerformGetsEv = "adios2::core::engine::SkeletonReader::PerformGets()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine14SkeletonWriter9BeginStepENS_8StepModeEf = "adios2::core::engine::SkeletonWriter::BeginStep(adios2::StepMode, float)": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios24core6engine14SkeletonWriter7EndStepEv = "adios2::core::engine::SkeletonWriter::EndStep()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine14SkeletonWriter5FlushEi = "adios2::core::engine::SkeletonWriter::Flush(int)": Adios Data [engine: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false };
    _ZN6adios24core6engine14SkeletonWriter11PerformPutsEv = "adios2::core::engine::SkeletonWriter::PerformPuts()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine9SstReader9BeginStepENS_8StepModeEf = "adios2::core::engine::SstReader::BeginStep(adios2::StepMode, float)": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios24core6engine9SstReader7EndStepEv = "adios2::core::engine::SstReader::EndStep()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine9SstReader5FlushEi = "adios2::core::engine::SstReader::Flush(int)": Adios Data [engine: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false };
    _ZN6adios24core6engine9SstReader11PerformGetsEv = "adios2::core::engine::SstReader::PerformGets()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine9SstWriter9BeginStepENS_8StepModeEf = "adios2::core::engine::SstWriter::BeginStep(adios2::StepMode, float)": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios24core6engine9SstWriter7EndStepEv = "adios2::core::engine::SstWriter::EndStep()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine9SstWriter5FlushEi = "adios2::core::engine::SstWriter::Flush(int)": Adios Data [engine: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false };
    _ZN6adios24core6engine9SstWriter11PerformPutsEv = "adios2::core::engine::SstWriter::PerformPuts()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine16TimeSeriesReader9BeginStepENS_8StepModeEf = "adios2::core::engine::TimeSeriesReader::BeginStep(adios2::StepMode, float)": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios24core6engine16TimeSeriesReader7EndStepEv = "adios2::core::engine::TimeSeriesReader::EndStep()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios24core6engine16TimeSeriesReader11PerformGetsEv = "adios2::core::engine::TimeSeriesReader::PerformGets()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios26plugin12PluginEngine9BeginStepENS_8StepModeEf = "adios2::plugin::PluginEngine::BeginStep(adios2::StepMode, float)": Adios Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None;
    _ZN6adios26plugin12PluginEngine7EndStepEv = "adios2::plugin::PluginEngine::EndStep()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios26plugin12PluginEngine11PerformGetsEv = "adios2::plugin::PluginEngine::PerformGets()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios26plugin12PluginEngine11PerformPutsEv = "adios2::plugin::PluginEngine::PerformPuts()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios26plugin21PluginEngineInterface11PerformGetsEv = "adios2::plugin::PluginEngineInterface::PerformGets()": Adios Data [engine: Handle] -> Int, NonZero => None;
    _ZN6adios26plugin21PluginEngineInterface11PerformPutsEv = "adios2::plugin::PluginEngineInterface::PerformPuts()": Adios Data [engine: Handle] -> Int, NonZero => None;
    // END generated adios-cxx
    // (Role::Event, not a call) where the program made the outermost calls that follow on
    // this thread: return addresses, innermost first (pc0 alone unless
    // RECORDER_OTF2_CALL_STACK asks for more); the return value slot holds how many.
    // Written when the site changes and again at the start of every chunk; readers take
    // it out of the stream (io-model calls.rs) and give each call its site.
    call_site: Posix Event [pc0: Addr, pc1: Addr, pc2: Addr, pc3: Addr, pc4: Addr, pc5: Addr, pc6: Addr] -> Int, Never => None;
}

impl Func {
    /// The function's static description.
    #[inline]
    pub fn info(self) -> &'static FunctionInfo {
        &FUNCTIONS[self as usize]
    }
    /// The function id as stored in the native trace.
    #[inline]
    pub fn id(self) -> u16 {
        self as u16
    }
    /// The function with this id (None: not in this table).
    #[inline]
    pub fn from_id(id: u16) -> Option<Func> {
        Func::ALL.get(id as usize).copied()
    }
}

/// Look a function id up by name (for traces written by another table version).
pub fn id_by_name(name: &str) -> Option<u16> {
    FUNCTIONS
        .iter()
        .position(|f| f.name == name)
        .map(|i| i as u16)
}

/// Largest number of fields (arguments + return value) of any function.
pub const MAX_FIELDS: usize = 8;

#[cfg(test)]
mod tests {
    #[test]
    fn every_layer_parses_from_its_option_name_identification_and_aliases() {
        for l in Layer::ALL {
            assert_eq!(l.option_name().parse::<Layer>(), Ok(l));
            assert_eq!(l.identification().parse::<Layer>(), Ok(l));
            assert_eq!(l.option_name().to_uppercase().parse::<Layer>(), Ok(l));
        }
        assert_eq!("isoc".parse::<Layer>(), Ok(Layer::Isoc));
        assert_eq!(" MPI-IO ".parse::<Layer>(), Ok(Layer::MpiIo));
        assert_eq!("adios2".parse::<Layer>(), Ok(Layer::Adios));
        let e = "all".parse::<Layer>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "'all' is not a layer (posix, stdio, mpiio, hdf5, netcdf, pnetcdf, adios, mpi)"
        );
    }

    use super::*;

    #[test]
    fn table_is_consistent() {
        let mut names = std::collections::HashSet::new();
        for (i, f) in FUNCTIONS.iter().enumerate() {
            assert!(names.insert(f.name), "duplicate function {}", f.name);
            assert!(f.nfields() <= MAX_FIELDS, "{} has too many fields", f.name);
            assert_eq!(id_by_name(f.name), Some(i as u16));
            assert_eq!(
                Func::from_id(i as u16).map(Func::info).map(|g| g.name),
                Some(f.name)
            );
            let n = f.args.len() as u8;
            let ok = |i: u8| i == RET || i < n;
            match f.mapping {
                Mapping::Data {
                    req,
                    xfer,
                    off,
                    target,
                    ..
                } => {
                    assert!(ok(req) && ok(xfer), "{}", f.name);
                    if let Off::Field(i) | Off::FieldOrImplicit(i) = off {
                        assert!(i < n, "{}", f.name);
                    }
                    if let Target::Fd(i) | Target::Stream(i) = target {
                        assert!(i < n, "{}", f.name);
                    }
                }
                Mapping::UringStart {
                    ring,
                    fd,
                    dir,
                    req,
                    off,
                    id,
                } => {
                    assert!(
                        [ring, fd, dir, req, off, id].iter().all(|&i| i < n),
                        "{}",
                        f.name
                    );
                    assert_eq!(f.role, Role::Event, "{}", f.name);
                }
                Mapping::UringDone { ring, id } => assert!(ring < n && id < n, "{}", f.name),
                Mapping::MpiColl { comm, root, .. } => {
                    assert_eq!(f.args[comm as usize].1, Kind::Comm, "{}", f.name);
                    assert!(ok(root), "{}", f.name);
                }
                Mapping::MpiSend { comm, peer, tag } | Mapping::MpiRecv { comm, peer, tag } => {
                    assert_eq!(f.args[comm as usize].1, Kind::Comm, "{}", f.name);
                    assert!(peer < n && tag < n, "{}", f.name);
                }
                Mapping::MpiSendRecv {
                    comm,
                    dest,
                    sendtag,
                    source,
                    recvtag,
                } => {
                    assert_eq!(f.args[comm as usize].1, Kind::Comm, "{}", f.name);
                    assert!(
                        [dest, sendtag, source, recvtag].iter().all(|&i| i < n),
                        "{}",
                        f.name
                    );
                }
                Mapping::MpiRecvStart { comm, id } => {
                    assert_eq!(f.args[comm as usize].1, Kind::Comm, "{}", f.name);
                    assert!(id < n, "{}", f.name);
                }
                Mapping::MpiRecvDone { id, peer, tag } => {
                    assert!([id, peer, tag].iter().all(|&i| i < n), "{}", f.name);
                    assert_eq!(f.role, Role::Event, "{}", f.name);
                }
                Mapping::OpenFd { path, .. }
                | Mapping::Delete { path }
                | Mapping::OpenDir { path } => {
                    assert_eq!(f.args[path as usize].1, Kind::File, "{}", f.name)
                }
                _ => {}
            }
        }
        assert_eq!(Func::write.info().name, "write");
        assert_eq!(Func::remove.info().layer, Layer::Isoc);
    }
}
