//! Typed versions of the OTF2 enums and flag sets, with the narrow width the
//! C functions take (`u8` for value enums, `u32` for most flag sets). Every
//! value is taken from the generated constants, so it cannot drift from the
//! headers; the cast to the narrow type happens here, once.

use std::ops::{BitAnd, BitOr, BitOrAssign};

use crate::ffi;

/// Declares a value enum whose discriminants are the OTF2 constants.
macro_rules! otf2_enum {
    (
        $(#[$meta:meta])*
        $name:ident : $repr:ty {
            $( $(#[$vmeta:meta])* $variant:ident = $constant:ident ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[repr($repr)]
        pub enum $name {
            $( $(#[$vmeta])* $variant = ffi::$constant as $repr, )+
        }

        impl $name {
            /// The raw value passed to OTF2.
            #[inline(always)]
            pub const fn raw(self) -> $repr {
                self as $repr
            }
        }

        impl From<$name> for $repr {
            #[inline(always)]
            fn from(v: $name) -> $repr {
                v as $repr
            }
        }
    };
}

/// Declares a bit-set newtype whose named bits are the OTF2 constants.
macro_rules! otf2_flags {
    (
        $(#[$meta:meta])*
        $name:ident : $repr:ty {
            $( $(#[$vmeta:meta])* $flag:ident = $constant:ident ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
        pub struct $name(pub $repr);

        impl $name {
            $( $(#[$vmeta])* pub const $flag: Self = Self(ffi::$constant as $repr); )+

            /// No bit set.
            #[inline(always)]
            pub const fn empty() -> Self {
                Self(0)
            }
            /// The raw bits passed to OTF2.
            #[inline(always)]
            pub const fn bits(self) -> $repr {
                self.0
            }
            /// True when every bit of `other` is set in `self`.
            #[inline(always)]
            pub const fn contains(self, other: Self) -> bool {
                self.0 & other.0 == other.0
            }
            /// `self | other`, usable in `const` contexts.
            #[inline(always)]
            pub const fn union(self, other: Self) -> Self {
                Self(self.0 | other.0)
            }
            /// True when no bit is set.
            #[inline(always)]
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }
        }

        impl BitOr for $name {
            type Output = Self;
            #[inline(always)]
            fn bitor(self, rhs: Self) -> Self {
                Self(self.0 | rhs.0)
            }
        }

        impl BitOrAssign for $name {
            #[inline(always)]
            fn bitor_assign(&mut self, rhs: Self) {
                self.0 |= rhs.0;
            }
        }

        impl BitAnd for $name {
            type Output = Self;
            #[inline(always)]
            fn bitand(self, rhs: Self) -> Self {
                Self(self.0 & rhs.0)
            }
        }

        impl From<$name> for $repr {
            #[inline(always)]
            fn from(v: $name) -> $repr {
                v.0
            }
        }
    };
}

otf2_enum! {
    /// How a handle was opened (`OTF2_IoAccessMode`), for IoCreateHandle and
    /// IoPreCreatedHandleState.
    IoAccessMode: u8 {
        /// `O_RDONLY`, fopen "r".
        ReadOnly = OTF2_IO_ACCESS_MODE_READ_ONLY,
        /// `O_WRONLY`, fopen "w"/"a".
        WriteOnly = OTF2_IO_ACCESS_MODE_WRITE_ONLY,
        /// `O_RDWR`, fopen "r+"/"w+"/"a+".
        ReadWrite = OTF2_IO_ACCESS_MODE_READ_WRITE,
        /// `O_EXEC`.
        ExecuteOnly = OTF2_IO_ACCESS_MODE_EXECUTE_ONLY,
        /// `O_SEARCH` (directories).
        SearchOnly = OTF2_IO_ACCESS_MODE_SEARCH_ONLY,
    }
}

otf2_flags! {
    /// Flags that only matter while a handle is created (`OTF2_IoCreationFlag`).
    IoCreationFlags: u32 {
        /// No flag.
        NONE = OTF2_IO_CREATION_FLAG_NONE,
        /// `O_CREAT`.
        CREATE = OTF2_IO_CREATION_FLAG_CREATE,
        /// `O_TRUNC`.
        TRUNCATE = OTF2_IO_CREATION_FLAG_TRUNCATE,
        /// `O_DIRECTORY`.
        DIRECTORY = OTF2_IO_CREATION_FLAG_DIRECTORY,
        /// `O_EXCL`.
        EXCLUSIVE = OTF2_IO_CREATION_FLAG_EXCLUSIVE,
        /// `O_NOCTTY`.
        NO_CONTROLLING_TERMINAL = OTF2_IO_CREATION_FLAG_NO_CONTROLLING_TERMINAL,
        /// `O_NOFOLLOW`.
        NO_FOLLOW = OTF2_IO_CREATION_FLAG_NO_FOLLOW,
        /// `O_PATH`.
        PATH = OTF2_IO_CREATION_FLAG_PATH,
        /// `O_TMPFILE`.
        TEMPORARY_FILE = OTF2_IO_CREATION_FLAG_TEMPORARY_FILE,
        /// `O_LARGEFILE`.
        LARGEFILE = OTF2_IO_CREATION_FLAG_LARGEFILE,
        /// `MPI_MODE_SEQUENTIAL`.
        NO_SEEK = OTF2_IO_CREATION_FLAG_NO_SEEK,
        /// `MPI_MODE_UNIQUE_OPEN`.
        UNIQUE = OTF2_IO_CREATION_FLAG_UNIQUE,
    }
}

otf2_flags! {
    /// Flags that stay attached to an open handle (`OTF2_IoStatusFlag`).
    IoStatusFlags: u32 {
        /// No flag.
        NONE = OTF2_IO_STATUS_FLAG_NONE,
        /// `O_CLOEXEC`.
        CLOSE_ON_EXEC = OTF2_IO_STATUS_FLAG_CLOSE_ON_EXEC,
        /// `O_APPEND`, `MPI_MODE_APPEND`.
        APPEND = OTF2_IO_STATUS_FLAG_APPEND,
        /// `O_NONBLOCK`.
        NON_BLOCKING = OTF2_IO_STATUS_FLAG_NON_BLOCKING,
        /// `O_ASYNC`.
        ASYNC = OTF2_IO_STATUS_FLAG_ASYNC,
        /// `O_SYNC`.
        SYNC = OTF2_IO_STATUS_FLAG_SYNC,
        /// `O_DSYNC`.
        DATA_SYNC = OTF2_IO_STATUS_FLAG_DATA_SYNC,
        /// `O_DIRECT`.
        AVOID_CACHING = OTF2_IO_STATUS_FLAG_AVOID_CACHING,
        /// `O_NOATIME`.
        NO_ACCESS_TIME = OTF2_IO_STATUS_FLAG_NO_ACCESS_TIME,
        /// `MPI_MODE_DELETE_ON_CLOSE` (does not imply an IoDeleteFile).
        DELETE_ON_CLOSE = OTF2_IO_STATUS_FLAG_DELETE_ON_CLOSE,
    }
}

otf2_enum! {
    /// Direction of an I/O operation (`OTF2_IoOperationMode`).
    IoOperationMode: u8 {
        /// Data read.
        Read = OTF2_IO_OPERATION_MODE_READ,
        /// Data written.
        Write = OTF2_IO_OPERATION_MODE_WRITE,
        /// fsync/fflush/sync: flush to the storage.
        Flush = OTF2_IO_OPERATION_MODE_FLUSH,
    }
}

otf2_flags! {
    /// Properties of one I/O operation (`OTF2_IoOperationFlag`).
    IoOperationFlags: u32 {
        /// Blocking, non-collective.
        NONE = OTF2_IO_OPERATION_FLAG_NONE,
        /// Completed later by IoOperationComplete/Cancelled (after Issued).
        NON_BLOCKING = OTF2_IO_OPERATION_FLAG_NON_BLOCKING,
        /// Collective (MPI-IO `_all`); not allowed on SERIAL paradigms.
        COLLECTIVE = OTF2_IO_OPERATION_FLAG_COLLECTIVE,
    }
}

otf2_enum! {
    /// `whence` of IoSeek (`OTF2_IoSeekOption`).
    IoSeekOption: u8 {
        /// `SEEK_SET`.
        FromStart = OTF2_IO_SEEK_FROM_START,
        /// `SEEK_CUR`.
        FromCurrent = OTF2_IO_SEEK_FROM_CURRENT,
        /// `SEEK_END`.
        FromEnd = OTF2_IO_SEEK_FROM_END,
        /// `SEEK_DATA`.
        Data = OTF2_IO_SEEK_DATA,
        /// `SEEK_HOLE`.
        Hole = OTF2_IO_SEEK_HOLE,
    }
}

otf2_enum! {
    /// Lock kind for IoAcquireLock/IoReleaseLock/IoTryLock (`OTF2_LockType`).
    LockType: u8 {
        /// Exclusive (write) lock.
        Exclusive = OTF2_LOCK_EXCLUSIVE,
        /// Shared (read) lock.
        Shared = OTF2_LOCK_SHARED,
    }
}

otf2_enum! {
    /// What a region is (`OTF2_RegionRole`). I/O data calls use `FileIo`,
    /// open/close/seek/stat-like calls use `FileIoMetadata`.
    RegionRole: u8 {
        /// Unknown.
        Unknown = OTF2_REGION_ROLE_UNKNOWN,
        /// A function.
        Function = OTF2_REGION_ROLE_FUNCTION,
        /// A wrapper (e.g. interposition) function.
        Wrapper = OTF2_REGION_ROLE_WRAPPER,
        /// A loop.
        Loop = OTF2_REGION_ROLE_LOOP,
        /// A code block.
        Code = OTF2_REGION_ROLE_CODE,
        /// A parallel region.
        Parallel = OTF2_REGION_ROLE_PARALLEL,
        /// OpenMP sections.
        Sections = OTF2_REGION_ROLE_SECTIONS,
        /// OpenMP section.
        Section = OTF2_REGION_ROLE_SECTION,
        /// OpenMP workshare.
        Workshare = OTF2_REGION_ROLE_WORKSHARE,
        /// OpenMP single.
        Single = OTF2_REGION_ROLE_SINGLE,
        /// OpenMP single sblock.
        SingleSblock = OTF2_REGION_ROLE_SINGLE_SBLOCK,
        /// OpenMP master.
        Master = OTF2_REGION_ROLE_MASTER,
        /// Critical section.
        Critical = OTF2_REGION_ROLE_CRITICAL,
        /// Critical sblock.
        CriticalSblock = OTF2_REGION_ROLE_CRITICAL_SBLOCK,
        /// Atomic.
        Atomic = OTF2_REGION_ROLE_ATOMIC,
        /// Barrier.
        Barrier = OTF2_REGION_ROLE_BARRIER,
        /// Implicit barrier.
        ImplicitBarrier = OTF2_REGION_ROLE_IMPLICIT_BARRIER,
        /// OpenMP flush.
        Flush = OTF2_REGION_ROLE_FLUSH,
        /// Ordered.
        Ordered = OTF2_REGION_ROLE_ORDERED,
        /// Ordered sblock.
        OrderedSblock = OTF2_REGION_ROLE_ORDERED_SBLOCK,
        /// Task.
        Task = OTF2_REGION_ROLE_TASK,
        /// Task creation.
        TaskCreate = OTF2_REGION_ROLE_TASK_CREATE,
        /// Task wait.
        TaskWait = OTF2_REGION_ROLE_TASK_WAIT,
        /// Collective one-to-all (e.g. MPI_Bcast).
        CollOne2All = OTF2_REGION_ROLE_COLL_ONE2ALL,
        /// Collective all-to-one (e.g. MPI_Reduce).
        CollAll2One = OTF2_REGION_ROLE_COLL_ALL2ONE,
        /// Collective all-to-all (e.g. MPI_Allreduce).
        CollAll2All = OTF2_REGION_ROLE_COLL_ALL2ALL,
        /// Other collective (e.g. MPI_Barrier-like, MPI_Comm_split).
        CollOther = OTF2_REGION_ROLE_COLL_OTHER,
        /// I/O data operation (read/write/...).
        FileIo = OTF2_REGION_ROLE_FILE_IO,
        /// Point-to-point communication.
        Point2Point = OTF2_REGION_ROLE_POINT2POINT,
        /// RMA.
        Rma = OTF2_REGION_ROLE_RMA,
        /// Data transfer.
        DataTransfer = OTF2_REGION_ROLE_DATA_TRANSFER,
        /// Artificial region (not a real call).
        Artificial = OTF2_REGION_ROLE_ARTIFICIAL,
        /// Thread creation.
        ThreadCreate = OTF2_REGION_ROLE_THREAD_CREATE,
        /// Thread wait/join.
        ThreadWait = OTF2_REGION_ROLE_THREAD_WAIT,
        /// Untied task.
        TaskUntied = OTF2_REGION_ROLE_TASK_UNTIED,
        /// Memory allocation.
        Allocate = OTF2_REGION_ROLE_ALLOCATE,
        /// Memory deallocation.
        Deallocate = OTF2_REGION_ROLE_DEALLOCATE,
        /// Memory reallocation.
        Reallocate = OTF2_REGION_ROLE_REALLOCATE,
        /// I/O metadata operation (open/close/seek/stat/unlink/...).
        FileIoMetadata = OTF2_REGION_ROLE_FILE_IO_METADATA,
    }
}

otf2_flags! {
    /// Region flags (`OTF2_RegionFlag`).
    RegionFlags: u32 {
        /// No special characteristic.
        NONE = OTF2_REGION_FLAG_NONE,
        /// Each visit gets its own call path in a profile.
        DYNAMIC = OTF2_REGION_FLAG_DYNAMIC,
        /// Each visit gets its own root in a profile.
        PHASE = OTF2_REGION_FLAG_PHASE,
    }
}

otf2_enum! {
    /// Programming paradigm of regions and groups (`OTF2_Paradigm`).
    ///
    /// OTF2 3.0 has no I/O paradigm here: Score-P records its POSIX / ISO C
    /// I/O regions with `None`; MPI-IO regions belong to `Mpi` (Scalasca
    /// recognises MPI regions by paradigm, source file "MPI" and `MPI_*`).
    Paradigm: u8 {
        /// Unknown.
        Unknown = OTF2_PARADIGM_UNKNOWN,
        /// User instrumentation.
        User = OTF2_PARADIGM_USER,
        /// Compiler instrumentation.
        Compiler = OTF2_PARADIGM_COMPILER,
        /// OpenMP.
        OpenMp = OTF2_PARADIGM_OPENMP,
        /// MPI (including MPI-IO regions).
        Mpi = OTF2_PARADIGM_MPI,
        /// CUDA.
        Cuda = OTF2_PARADIGM_CUDA,
        /// The measurement system itself.
        MeasurementSystem = OTF2_PARADIGM_MEASUREMENT_SYSTEM,
        /// POSIX threads.
        Pthread = OTF2_PARADIGM_PTHREAD,
        /// HMPP.
        Hmpp = OTF2_PARADIGM_HMPP,
        /// OmpSs.
        Ompss = OTF2_PARADIGM_OMPSS,
        /// Hardware.
        Hardware = OTF2_PARADIGM_HARDWARE,
        /// GASPI.
        Gaspi = OTF2_PARADIGM_GASPI,
        /// UPC.
        Upc = OTF2_PARADIGM_UPC,
        /// SHMEM.
        Shmem = OTF2_PARADIGM_SHMEM,
        /// Windows threads.
        Winthread = OTF2_PARADIGM_WINTHREAD,
        /// QThreads.
        Qtthread = OTF2_PARADIGM_QTTHREAD,
        /// ACE threads.
        Acethread = OTF2_PARADIGM_ACETHREAD,
        /// TBB threads.
        Tbbthread = OTF2_PARADIGM_TBBTHREAD,
        /// OpenACC.
        OpenAcc = OTF2_PARADIGM_OPENACC,
        /// OpenCL.
        OpenCl = OTF2_PARADIGM_OPENCL,
        /// MTAPI.
        Mtapi = OTF2_PARADIGM_MTAPI,
        /// Sampling.
        Sampling = OTF2_PARADIGM_SAMPLING,
        /// No paradigm: what Score-P uses for POSIX / ISO C I/O regions.
        None = OTF2_PARADIGM_NONE,
        /// HIP.
        Hip = OTF2_PARADIGM_HIP,
        /// Kokkos.
        Kokkos = OTF2_PARADIGM_KOKKOS,
    }
}

otf2_enum! {
    /// Class of a paradigm definition (`OTF2_ParadigmClass`).
    ParadigmClass: u8 {
        /// Processes (MPI).
        Process = OTF2_PARADIGM_CLASS_PROCESS,
        /// Fork/join threading (OpenMP).
        ThreadForkJoin = OTF2_PARADIGM_CLASS_THREAD_FORK_JOIN,
        /// Create/wait threading (pthreads).
        ThreadCreateWait = OTF2_PARADIGM_CLASS_THREAD_CREATE_WAIT,
        /// Accelerators.
        Accelerator = OTF2_PARADIGM_CLASS_ACCELERATOR,
    }
}

otf2_enum! {
    /// Whether an I/O paradigm is used by one process or collectively
    /// (`OTF2_IoParadigmClass`).
    IoParadigmClass: u8 {
        /// POSIX, ISO C, serial HDF5/netCDF.
        Serial = OTF2_IO_PARADIGM_CLASS_SERIAL,
        /// MPI-IO, PnetCDF, parallel HDF5, ADIOS.
        Parallel = OTF2_IO_PARADIGM_CLASS_PARALLEL,
    }
}

otf2_flags! {
    /// I/O paradigm flags (`OTF2_IoParadigmFlag`).
    IoParadigmFlags: u32 {
        /// No flag.
        NONE = OTF2_IO_PARADIGM_FLAG_NONE,
        /// The paradigm is the operating system's interface (POSIX).
        OS = OTF2_IO_PARADIGM_FLAG_OS,
    }
}

otf2_enum! {
    /// Property keys of an IoParadigm (`OTF2_IoParadigmProperty`).
    IoParadigmProperty: u8 {
        /// Library version, a string value.
        Version = OTF2_IO_PARADIGM_PROPERTY_VERSION,
    }
}

otf2_flags! {
    /// I/O handle flags (`OTF2_IoHandleFlag`).
    IoHandleFlags: u32 {
        /// Ordinary handle, created by IoCreateHandle or IoDuplicateHandle.
        NONE = OTF2_IO_HANDLE_FLAG_NONE,
        /// Open before tracing began (stdin/out/err); pair with one
        /// IoPreCreatedHandleState definition.
        PRE_CREATED = OTF2_IO_HANDLE_FLAG_PRE_CREATED,
        /// Stands for all handles (sync(), fflush(NULL)); no file, no
        /// create/destroy events.
        ALL_PROXY = OTF2_IO_HANDLE_FLAG_ALL_PROXY,
    }
}

otf2_enum! {
    /// Hardware domain of a system tree node (`OTF2_SystemTreeDomain`).
    SystemTreeDomain: u8 {
        /// The whole machine (cluster).
        Machine = OTF2_SYSTEM_TREE_DOMAIN_MACHINE,
        /// A shared-memory node (host).
        SharedMemory = OTF2_SYSTEM_TREE_DOMAIN_SHARED_MEMORY,
        /// A NUMA domain.
        Numa = OTF2_SYSTEM_TREE_DOMAIN_NUMA,
        /// A socket.
        Socket = OTF2_SYSTEM_TREE_DOMAIN_SOCKET,
        /// A cache.
        Cache = OTF2_SYSTEM_TREE_DOMAIN_CACHE,
        /// A core.
        Core = OTF2_SYSTEM_TREE_DOMAIN_CORE,
        /// A processing unit (hardware thread).
        Pu = OTF2_SYSTEM_TREE_DOMAIN_PU,
        /// An accelerator device.
        AcceleratorDevice = OTF2_SYSTEM_TREE_DOMAIN_ACCELERATOR_DEVICE,
        /// A network device.
        NetworkingDevice = OTF2_SYSTEM_TREE_DOMAIN_NETWORKING_DEVICE,
    }
}

otf2_enum! {
    /// Kind of a location (`OTF2_LocationType`).
    LocationType: u8 {
        /// Unknown.
        Unknown = OTF2_LOCATION_TYPE_UNKNOWN,
        /// A CPU thread (what Scalasca expects for process/thread streams).
        CpuThread = OTF2_LOCATION_TYPE_CPU_THREAD,
        /// An accelerator stream.
        AcceleratorStream = OTF2_LOCATION_TYPE_ACCELERATOR_STREAM,
        /// A metric-only location.
        Metric = OTF2_LOCATION_TYPE_METRIC,
    }
}

otf2_enum! {
    /// Kind of a location group (`OTF2_LocationGroupType`).
    LocationGroupType: u8 {
        /// Unknown.
        Unknown = OTF2_LOCATION_GROUP_TYPE_UNKNOWN,
        /// A process (an MPI rank).
        Process = OTF2_LOCATION_GROUP_TYPE_PROCESS,
        /// An accelerator context.
        Accelerator = OTF2_LOCATION_GROUP_TYPE_ACCELERATOR,
    }
}

otf2_enum! {
    /// Kind of a group definition (`OTF2_GroupType`).
    GroupType: u8 {
        /// Unknown.
        Unknown = OTF2_GROUP_TYPE_UNKNOWN,
        /// Members are locations.
        Locations = OTF2_GROUP_TYPE_LOCATIONS,
        /// Members are regions.
        Regions = OTF2_GROUP_TYPE_REGIONS,
        /// Members are metrics.
        Metric = OTF2_GROUP_TYPE_METRIC,
        /// Locations taking part in a paradigm's communication (member i = rank i).
        CommLocations = OTF2_GROUP_TYPE_COMM_LOCATIONS,
        /// A communicator's group, members are indices into CommLocations.
        CommGroup = OTF2_GROUP_TYPE_COMM_GROUP,
        /// The "self" communicator group.
        CommSelf = OTF2_GROUP_TYPE_COMM_SELF,
    }
}

otf2_flags! {
    /// Group flags (`OTF2_GroupFlag`).
    GroupFlags: u32 {
        /// No flag.
        NONE = OTF2_GROUP_FLAG_NONE,
        /// Members are global location ids instead of CommLocations indices.
        GLOBAL_MEMBERS = OTF2_GROUP_FLAG_GLOBAL_MEMBERS,
    }
}

otf2_flags! {
    /// Communicator flags (`OTF2_CommFlag`, OTF2 3.0).
    CommFlags: u32 {
        /// No flag.
        NONE = OTF2_COMM_FLAG_NONE,
        /// The comm has CommCreate/CommDestroy events.
        CREATE_DESTROY_EVENTS = OTF2_COMM_FLAG_CREATE_DESTROY_EVENTS,
    }
}

otf2_enum! {
    /// Value types of attributes and properties (`OTF2_Type`).
    Type: u8 {
        /// No type.
        None = OTF2_TYPE_NONE,
        /// `u8`.
        Uint8 = OTF2_TYPE_UINT8,
        /// `u16`.
        Uint16 = OTF2_TYPE_UINT16,
        /// `u32`.
        Uint32 = OTF2_TYPE_UINT32,
        /// `u64`.
        Uint64 = OTF2_TYPE_UINT64,
        /// `i8`.
        Int8 = OTF2_TYPE_INT8,
        /// `i16`.
        Int16 = OTF2_TYPE_INT16,
        /// `i32`.
        Int32 = OTF2_TYPE_INT32,
        /// `i64`.
        Int64 = OTF2_TYPE_INT64,
        /// `f32`.
        Float = OTF2_TYPE_FLOAT,
        /// `f64`.
        Double = OTF2_TYPE_DOUBLE,
        /// A String definition reference.
        String = OTF2_TYPE_STRING,
        /// An Attribute reference.
        Attribute = OTF2_TYPE_ATTRIBUTE,
        /// A Location reference.
        Location = OTF2_TYPE_LOCATION,
        /// A Region reference.
        Region = OTF2_TYPE_REGION,
        /// A Group reference.
        Group = OTF2_TYPE_GROUP,
        /// A Metric reference.
        Metric = OTF2_TYPE_METRIC,
        /// A Comm reference.
        Comm = OTF2_TYPE_COMM,
        /// A Parameter reference.
        Parameter = OTF2_TYPE_PARAMETER,
        /// An RmaWin reference.
        RmaWin = OTF2_TYPE_RMA_WIN,
        /// A SourceCodeLocation reference.
        SourceCodeLocation = OTF2_TYPE_SOURCE_CODE_LOCATION,
        /// A CallingContext reference.
        CallingContext = OTF2_TYPE_CALLING_CONTEXT,
        /// An InterruptGenerator reference.
        InterruptGenerator = OTF2_TYPE_INTERRUPT_GENERATOR,
        /// An IoFile (regular file or directory) reference.
        IoFile = OTF2_TYPE_IO_FILE,
        /// An IoHandle reference.
        IoHandle = OTF2_TYPE_IO_HANDLE,
        /// A LocationGroup reference.
        LocationGroup = OTF2_TYPE_LOCATION_GROUP,
    }
}

/// A typed attribute/property value: the `OTF2_Type` tag and the
/// `OTF2_AttributeValue` union in one safe enum. References (`String`,
/// `Region`, ...) are ids of definitions the caller writes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum AttributeValue {
    /// `OTF2_TYPE_UINT8`.
    Uint8(u8),
    /// `OTF2_TYPE_UINT16`.
    Uint16(u16),
    /// `OTF2_TYPE_UINT32`.
    Uint32(u32),
    /// `OTF2_TYPE_UINT64`.
    Uint64(u64),
    /// `OTF2_TYPE_INT8`.
    Int8(i8),
    /// `OTF2_TYPE_INT16`.
    Int16(i16),
    /// `OTF2_TYPE_INT32`.
    Int32(i32),
    /// `OTF2_TYPE_INT64`.
    Int64(i64),
    /// `OTF2_TYPE_FLOAT`.
    Float(f32),
    /// `OTF2_TYPE_DOUBLE`.
    Double(f64),
    /// `OTF2_TYPE_STRING`: a String definition id.
    String(u32),
    /// `OTF2_TYPE_ATTRIBUTE`.
    Attribute(u32),
    /// `OTF2_TYPE_LOCATION`.
    Location(u64),
    /// `OTF2_TYPE_REGION`.
    Region(u32),
    /// `OTF2_TYPE_GROUP`.
    Group(u32),
    /// `OTF2_TYPE_COMM`.
    Comm(u32),
    /// `OTF2_TYPE_IO_FILE`.
    IoFile(u32),
    /// `OTF2_TYPE_IO_HANDLE`.
    IoHandle(u32),
    /// `OTF2_TYPE_LOCATION_GROUP`.
    LocationGroup(u32),
    /// `OTF2_TYPE_SOURCE_CODE_LOCATION`.
    SourceCodeLocation(u32),
    /// `OTF2_TYPE_CALLING_CONTEXT`.
    CallingContext(u32),
}

impl AttributeValue {
    /// The `OTF2_Type` tag of this value.
    pub const fn type_(&self) -> Type {
        match self {
            AttributeValue::Uint8(_) => Type::Uint8,
            AttributeValue::Uint16(_) => Type::Uint16,
            AttributeValue::Uint32(_) => Type::Uint32,
            AttributeValue::Uint64(_) => Type::Uint64,
            AttributeValue::Int8(_) => Type::Int8,
            AttributeValue::Int16(_) => Type::Int16,
            AttributeValue::Int32(_) => Type::Int32,
            AttributeValue::Int64(_) => Type::Int64,
            AttributeValue::Float(_) => Type::Float,
            AttributeValue::Double(_) => Type::Double,
            AttributeValue::String(_) => Type::String,
            AttributeValue::Attribute(_) => Type::Attribute,
            AttributeValue::Location(_) => Type::Location,
            AttributeValue::Region(_) => Type::Region,
            AttributeValue::Group(_) => Type::Group,
            AttributeValue::Comm(_) => Type::Comm,
            AttributeValue::IoFile(_) => Type::IoFile,
            AttributeValue::IoHandle(_) => Type::IoHandle,
            AttributeValue::LocationGroup(_) => Type::LocationGroup,
            AttributeValue::SourceCodeLocation(_) => Type::SourceCodeLocation,
            AttributeValue::CallingContext(_) => Type::CallingContext,
        }
    }

    /// The `(OTF2_Type, OTF2_AttributeValue)` pair OTF2 functions take.
    pub fn to_raw(&self) -> (ffi::OTF2_Type, ffi::OTF2_AttributeValue) {
        let mut v = ffi::OTF2_AttributeValue::default();
        match *self {
            AttributeValue::Uint8(x) => v.uint8 = x,
            AttributeValue::Uint16(x) => v.uint16 = x,
            AttributeValue::Uint32(x) => v.uint32 = x,
            AttributeValue::Uint64(x) => v.uint64 = x,
            AttributeValue::Int8(x) => v.int8 = x,
            AttributeValue::Int16(x) => v.int16 = x,
            AttributeValue::Int32(x) => v.int32 = x,
            AttributeValue::Int64(x) => v.int64 = x,
            AttributeValue::Float(x) => v.float32 = x,
            AttributeValue::Double(x) => v.float64 = x,
            AttributeValue::String(x) => v.stringRef = x,
            AttributeValue::Attribute(x) => v.attributeRef = x,
            AttributeValue::Location(x) => v.locationRef = x,
            AttributeValue::Region(x) => v.regionRef = x,
            AttributeValue::Group(x) => v.groupRef = x,
            AttributeValue::Comm(x) => v.commRef = x,
            AttributeValue::IoFile(x) => v.ioFileRef = x,
            AttributeValue::IoHandle(x) => v.ioHandleRef = x,
            AttributeValue::LocationGroup(x) => v.locationGroupRef = x,
            AttributeValue::SourceCodeLocation(x) => v.sourceCodeLocationRef = x,
            AttributeValue::CallingContext(x) => v.callingContextRef = x,
        }
        (self.type_().raw(), v)
    }
}

/// Maps `None` to the OTF2 "undefined" value of a 32-bit reference.
#[inline(always)]
pub(crate) fn ref32(r: Option<u32>) -> u32 {
    r.unwrap_or(ffi::OTF2_UNDEFINED_UINT32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enum_values_match_the_headers() {
        assert_eq!(IoAccessMode::ReadWrite.raw(), 2);
        assert_eq!(IoOperationMode::Flush.raw(), 2);
        assert_eq!(RegionRole::FileIo.raw(), 27);
        assert_eq!(RegionRole::FileIoMetadata.raw(), 38);
        assert_eq!(Paradigm::None.raw(), 22);
        assert_eq!(Paradigm::Mpi.raw(), 4);
        assert_eq!(Type::Uint64.raw(), 4);
        assert_eq!(Type::String.raw(), 11);
        assert_eq!(LocationType::CpuThread.raw(), 1);
    }

    #[test]
    fn flags_combine() {
        let f = IoCreationFlags::CREATE | IoCreationFlags::TRUNCATE;
        assert_eq!(f.bits(), 0b11);
        assert!(f.contains(IoCreationFlags::CREATE));
        assert!(!f.contains(IoCreationFlags::EXCLUSIVE));
        assert!(IoStatusFlags::NONE.is_empty());
        assert_eq!(IoStatusFlags::DELETE_ON_CLOSE.bits(), 1 << 8);
        assert_eq!(
            IoHandleFlags::ALL_PROXY
                .union(IoHandleFlags::PRE_CREATED)
                .bits(),
            3
        );
    }

    #[test]
    fn attribute_values_carry_their_type() {
        let (ty, v) = AttributeValue::Uint64(u64::MAX - 1).to_raw();
        assert_eq!(ty, ffi::OTF2_TYPE_UINT64 as u8);
        // SAFETY: the union was written through the uint64 member.
        assert_eq!(unsafe { v.uint64 }, u64::MAX - 1);
        let (ty, v) = AttributeValue::String(7).to_raw();
        assert_eq!(ty, ffi::OTF2_TYPE_STRING as u8);
        assert_eq!(unsafe { v.stringRef }, 7);
    }
}

otf2_enum! {
    /// The kind of an MPI collective operation, in MpiCollectiveEnd (`OTF2_CollectiveOp`).
    CollectiveOp: u8 {
        /// Synchronisation only.
        Barrier = OTF2_COLLECTIVE_OP_BARRIER,
        /// Everyone exchanges (possibly different amounts of) data with everyone.
        AllToAllV = OTF2_COLLECTIVE_OP_ALLTOALLV,
        /// A handle shared by the communicator is created (MPI_File_open).
        CreateHandle = OTF2_COLLECTIVE_OP_CREATE_HANDLE,
        /// A handle shared by the communicator is destroyed (MPI_File_close).
        DestroyHandle = OTF2_COLLECTIVE_OP_DESTROY_HANDLE,
    }
}

otf2_enum! {
    /// The kind of id a mapping table translates from a location's local ids to the
    /// global definitions' ids (`OTF2_MappingType`).
    MappingType: u8 {
        /// String references (event fields, attribute values of type STRING).
        String = OTF2_MAPPING_STRING,
        /// Attribute ids of attribute lists.
        Attribute = OTF2_MAPPING_ATTRIBUTE,
        /// Regions of Enter/Leave.
        Region = OTF2_MAPPING_REGION,
        /// Communicators (MpiCollectiveEnd).
        Comm = OTF2_MAPPING_COMM,
        /// I/O files (IoDeleteFile).
        IoFile = OTF2_MAPPING_IO_FILE,
        /// I/O handles (every handle event).
        IoHandle = OTF2_MAPPING_IO_HANDLE,
        /// Location groups.
        LocationGroup = OTF2_MAPPING_LOCATION_GROUP,
        /// Source code locations (attribute values of type SOURCE_CODE_LOCATION).
        SourceCodeLocation = OTF2_MAPPING_SOURCE_CODE_LOCATION,
        /// Calling contexts (attribute values of type CALLING_CONTEXT).
        CallingContext = OTF2_MAPPING_CALLING_CONTEXT,
    }
}
