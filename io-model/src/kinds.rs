//! The vocabulary of resolved I/O events: how a handle was opened, what an operation does.
//! It follows Score-P's I/O model (the one OTF2 records), so that every consumer (OTF2,
//! analyses, exports) speaks of the same things; consumers map it to their own encoding.

use io_events::functions::mpi_amode as m;

/// How a handle was opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AccessMode {
    ReadOnly,
    WriteOnly,
    ReadWrite,
}

impl AccessMode {
    /// The stable numeric form kept in definitions (0, 1, 2).
    pub fn code(self) -> u8 {
        self as u8
    }
    pub fn from_code(c: u8) -> AccessMode {
        match c {
            0 => AccessMode::ReadOnly,
            1 => AccessMode::WriteOnly,
            _ => AccessMode::ReadWrite,
        }
    }
}

macro_rules! flags {
    ($(#[$doc:meta])* $name:ident : $repr:ty { $($(#[$m:meta])* $flag:ident = $bit:expr),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name(pub $repr);
        impl $name {
            pub const NONE: Self = Self(0);
            $( $(#[$m])* pub const $flag: Self = Self(1 << $bit); )*
            /// Every named flag with its name, in bit order.
            pub const NAMED: &'static [(Self, &'static str)] = &[$((Self::$flag, stringify!($flag))),*];
            pub const fn bits(self) -> $repr {
                self.0
            }
            pub const fn contains(self, other: Self) -> bool {
                self.0 & other.0 == other.0
            }
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }
        }
        impl std::ops::BitOr for $name {
            type Output = Self;
            fn bitor(self, rhs: Self) -> Self {
                Self(self.0 | rhs.0)
            }
        }
        impl std::ops::BitOrAssign for $name {
            fn bitor_assign(&mut self, rhs: Self) {
                self.0 |= rhs.0;
            }
        }
    };
}

flags! {
    /// Flags that only matter while a handle is created.
    CreationFlags: u32 {
        CREATE = 0, TRUNCATE = 1, DIRECTORY = 2, EXCLUSIVE = 3, NO_CONTROLLING_TERMINAL = 4,
        NO_FOLLOW = 5, PATH = 6, TEMPORARY_FILE = 7, LARGEFILE = 8,
        /// `MPI_MODE_SEQUENTIAL`.
        NO_SEEK = 9,
        /// `MPI_MODE_UNIQUE_OPEN`.
        UNIQUE = 10,
    }
}

flags! {
    /// Flags that stay attached to an open handle.
    StatusFlags: u32 {
        CLOSE_ON_EXEC = 0, APPEND = 1, NON_BLOCKING = 2, ASYNC = 3, SYNC = 4, DATA_SYNC = 5,
        AVOID_CACHING = 6, NO_ACCESS_TIME = 7,
        /// `MPI_MODE_DELETE_ON_CLOSE` (does not imply a delete event).
        DELETE_ON_CLOSE = 8,
    }
}

flags! {
    /// Properties of one operation.
    OpFlags: u8 {
        /// Issued now, completed (or cancelled) later.
        NON_BLOCKING = 0,
        /// Part of a collective call of several processes.
        COLLECTIVE = 1,
    }
}

impl OpFlags {
    /// COLLECTIVE when `collective`, else none.
    pub fn collective_if(collective: bool) -> OpFlags {
        if collective {
            OpFlags::COLLECTIVE
        } else {
            OpFlags::NONE
        }
    }
}

/// Direction of an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpMode {
    Read,
    Write,
    /// fsync/fflush/MPI_File_sync ...: data pushed towards storage.
    Flush,
}

/// `whence` of a seek.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whence {
    FromStart,
    FromCurrent,
    FromEnd,
    Data,
    Hole,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LockType {
    Exclusive,
    Shared,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LockOp {
    Acquire,
    Try,
    Release,
}

/// open(2)/fopen flags -> access mode.
pub fn access_mode(flags: u32) -> AccessMode {
    if flags & libc::O_PATH as u32 != 0 {
        return AccessMode::ReadOnly;
    }
    match flags & libc::O_ACCMODE as u32 {
        0 => AccessMode::ReadOnly,
        1 => AccessMode::WriteOnly,
        _ => AccessMode::ReadWrite,
    }
}

/// open(2) flags -> creation flags.
pub fn creation_flags(flags: u32) -> CreationFlags {
    let f = flags as i32;
    let mut c = CreationFlags::NONE;
    let tmp = f & libc::O_TMPFILE == libc::O_TMPFILE;
    for (bit, flag) in [
        (libc::O_CREAT, CreationFlags::CREATE),
        (libc::O_TRUNC, CreationFlags::TRUNCATE),
        (libc::O_EXCL, CreationFlags::EXCLUSIVE),
        (libc::O_NOCTTY, CreationFlags::NO_CONTROLLING_TERMINAL),
        (libc::O_NOFOLLOW, CreationFlags::NO_FOLLOW),
        (libc::O_PATH, CreationFlags::PATH),
        (libc::O_LARGEFILE, CreationFlags::LARGEFILE),
    ] {
        if f & bit != 0 {
            c |= flag;
        }
    }
    if tmp {
        c |= CreationFlags::TEMPORARY_FILE;
    } else if f & libc::O_DIRECTORY != 0 {
        c |= CreationFlags::DIRECTORY;
    }
    c
}

/// open(2) flags -> status flags.
pub fn status_flags(flags: u32) -> StatusFlags {
    let f = flags as i32;
    let mut s = StatusFlags::NONE;
    for (bit, flag) in [
        (libc::O_CLOEXEC, StatusFlags::CLOSE_ON_EXEC),
        (libc::O_APPEND, StatusFlags::APPEND),
        (libc::O_NONBLOCK, StatusFlags::NON_BLOCKING),
        (libc::O_ASYNC, StatusFlags::ASYNC),
        (libc::O_DIRECT, StatusFlags::AVOID_CACHING),
        (libc::O_NOATIME, StatusFlags::NO_ACCESS_TIME),
    ] {
        if f & bit != 0 {
            s |= flag;
        }
    }
    // O_SYNC contains the O_DSYNC bit.
    if f & libc::O_SYNC == libc::O_SYNC {
        s |= StatusFlags::SYNC;
    } else if f & libc::O_DSYNC != 0 {
        s |= StatusFlags::DATA_SYNC;
    }
    s
}

pub fn whence(w: u64) -> Whence {
    match w as i32 {
        libc::SEEK_CUR => Whence::FromCurrent,
        libc::SEEK_END => Whence::FromEnd,
        libc::SEEK_DATA => Whence::Data,
        libc::SEEK_HOLE => Whence::Hole,
        _ => Whence::FromStart,
    }
}

/// MPI_File_open access mode (canonical bits, `io_events::functions::mpi_amode`).
pub fn mpi_amode(a: u64) -> (AccessMode, CreationFlags, StatusFlags) {
    let mode = if a & m::RDWR != 0 {
        AccessMode::ReadWrite
    } else if a & m::WRONLY != 0 {
        AccessMode::WriteOnly
    } else {
        AccessMode::ReadOnly
    };
    let mut c = CreationFlags::NONE;
    for (bit, f) in [
        (m::CREATE, CreationFlags::CREATE),
        (m::EXCL, CreationFlags::EXCLUSIVE),
        (m::UNIQUE_OPEN, CreationFlags::UNIQUE),
        (m::SEQUENTIAL, CreationFlags::NO_SEEK),
        (m::TRUNCATE, CreationFlags::TRUNCATE),
    ] {
        if a & bit != 0 {
            c |= f;
        }
    }
    let mut s = StatusFlags::NONE;
    for (bit, f) in [
        (m::APPEND, StatusFlags::APPEND),
        (m::DELETE_ON_CLOSE, StatusFlags::DELETE_ON_CLOSE),
    ] {
        if a & bit != 0 {
            s |= f;
        }
    }
    (mode, c, s)
}

/// What a collective MPI-IO call does for the communicator that shares the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CollOp {
    /// MPI_File_open: the shared handle is created.
    CreateHandle,
    /// MPI_File_close: the shared handle is destroyed.
    DestroyHandle,
    /// Collective data transfer (`_all`, `_ordered`, split and non-blocking ones): every
    /// process may exchange data with every other (two-phase I/O).
    Exchange,
    /// A collective without data (set_view, set_size, preallocate, sync, set_atomicity,
    /// set_info, seek_shared): a synchronisation.
    Sync,
}

impl CollOp {
    /// The collective kind of an MPI-IO function, if the MPI standard makes it collective
    /// (MPI_File_delete, get_* and the independent transfers are not).
    pub fn of_mpi_io(name: &str) -> Option<CollOp> {
        let f = name.strip_prefix("MPI_File_")?;
        match f {
            "open" => Some(CollOp::CreateHandle),
            "close" => Some(CollOp::DestroyHandle),
            "set_view" | "set_size" | "preallocate" | "sync" | "set_atomicity" | "set_info"
            | "seek_shared" => Some(CollOp::Sync),
            _ if f.ends_with("_all")
                || f.ends_with("_all_begin")
                || f.ends_with("_all_end")
                || f.contains("_ordered") =>
            {
                Some(CollOp::Exchange)
            }
            _ => None,
        }
    }
}
