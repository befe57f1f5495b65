//! `GlobalDefWriter`: the archive-wide definitions.

use std::borrow::Cow;
use std::ffi::CString;
use std::marker::PhantomData;
use std::ptr::NonNull;

use crate::error::{check, Otf2Error, Result};
use crate::ffi;
use crate::handle::ArchiveHandle;
use crate::types::{
    ref32, AttributeValue, CommFlags, GroupFlags, GroupType, IoAccessMode, IoHandleFlags,
    IoParadigmClass, IoParadigmFlags, IoParadigmProperty, IoStatusFlags, LocationGroupType,
    LocationType, Paradigm, ParadigmClass, RegionFlags, RegionRole, SystemTreeDomain, Type,
};

/// Writes global definitions. Obtained from
/// [`ArchiveWriter::global_defs`](crate::ArchiveWriter::global_defs).
///
/// All string-valued fields take String definition ids: the caller interns
/// its strings and writes each once with [`string`](Self::string) (before the
/// definitions that use it, as OTF2's own tools do). `Option` references map
/// `None` to the matching `OTF2_UNDEFINED_*`. Ids of each definition class
/// should be dense (0..n) and written in increasing order.
pub struct GlobalDefWriter<'a> {
    raw: NonNull<ffi::OTF2_GlobalDefWriter>,
    _archive: PhantomData<&'a mut ArchiveHandle>,
}

impl std::fmt::Debug for GlobalDefWriter<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GlobalDefWriter").finish_non_exhaustive()
    }
}

fn too_many(context: &'static str, what: &str, n: usize, max: usize) -> Otf2Error {
    Otf2Error::with_detail(
        ffi::OTF2_ERROR_INVALID_ARGUMENT,
        context,
        format!("{n} {what} (at most {max})"),
    )
}

impl<'a> GlobalDefWriter<'a> {
    pub(crate) fn new(
        _archive: &'a mut ArchiveHandle,
        raw: NonNull<ffi::OTF2_GlobalDefWriter>,
    ) -> Self {
        GlobalDefWriter {
            raw,
            _archive: PhantomData,
        }
    }

    /// The raw writer, for definitions this wrapper does not cover.
    pub fn as_raw(&self) -> *mut ffi::OTF2_GlobalDefWriter {
        self.raw.as_ptr()
    }

    #[inline]
    fn w(&self) -> *mut ffi::OTF2_GlobalDefWriter {
        self.raw.as_ptr()
    }

    /// Number of global definitions written so far.
    pub fn number_of_definitions(&self) -> Result<u64> {
        let mut n = 0u64;
        // SAFETY: live writer, valid out pointer.
        check(
            unsafe { ffi::OTF2_GlobalDefWriter_GetNumberOfDefinitions(self.w(), &mut n) },
            "GlobalDefWriter_GetNumberOfDefinitions",
        )?;
        Ok(n)
    }

    /// ClockProperties (OTF2 3.0): ticks per second, first timestamp, trace
    /// length in ticks, and the wall-clock time of `global_offset` in ns since
    /// the epoch (viewers show 1970 without it; `u64::MAX` = undefined).
    pub fn clock_properties(
        &mut self,
        timer_resolution: u64,
        global_offset: u64,
        trace_length: u64,
        realtime_timestamp: u64,
    ) -> Result<()> {
        // SAFETY: live writer.
        check(
            unsafe {
                ffi::OTF2_GlobalDefWriter_WriteClockProperties(
                    self.w(),
                    timer_resolution,
                    global_offset,
                    trace_length,
                    realtime_timestamp,
                )
            },
            "GlobalDefWriter_WriteClockProperties",
        )
    }

    /// String definition `id`. Interior NUL bytes (impossible in C strings)
    /// are replaced by U+FFFD instead of failing.
    pub fn string(&mut self, id: u32, s: &str) -> Result<()> {
        let text: Cow<'_, str> = if s.contains('\0') {
            Cow::Owned(s.replace('\0', "\u{FFFD}"))
        } else {
            Cow::Borrowed(s)
        };
        let c = CString::new(text.as_bytes()).map_err(|_| {
            Otf2Error::with_detail(
                ffi::OTF2_ERROR_INVALID_ARGUMENT,
                "GlobalDefWriter_WriteString",
                "NUL in string",
            )
        })?;
        // SAFETY: live writer; OTF2 copies the string.
        check(
            unsafe { ffi::OTF2_GlobalDefWriter_WriteString(self.w(), id, c.as_ptr()) },
            "GlobalDefWriter_WriteString",
        )
    }

    /// Paradigm definition: declares a (non-I/O) paradigm with a name.
    pub fn paradigm(&mut self, paradigm: Paradigm, name: u32, class: ParadigmClass) -> Result<()> {
        // SAFETY: live writer.
        check(
            unsafe {
                ffi::OTF2_GlobalDefWriter_WriteParadigm(self.w(), paradigm.raw(), name, class.raw())
            },
            "GlobalDefWriter_WriteParadigm",
        )
    }

    /// IoParadigm `id` (8-bit id space): `identification` is the well-known
    /// name ("POSIX", "ISOC", "MPI-IO", "HDF5", "netCDF", "PnetCDF", "ADIOS"),
    /// `name` a display name; `properties` e.g. `[(Version, String(ver))]`.
    pub fn io_paradigm(
        &mut self,
        id: u8,
        identification: u32,
        name: u32,
        class: IoParadigmClass,
        flags: IoParadigmFlags,
        properties: &[(IoParadigmProperty, AttributeValue)],
    ) -> Result<()> {
        const CTX: &str = "GlobalDefWriter_WriteIoParadigm";
        let n = u8::try_from(properties.len())
            .map_err(|_| too_many(CTX, "properties", properties.len(), 255))?;
        let keys: Vec<ffi::OTF2_IoParadigmProperty> =
            properties.iter().map(|(k, _)| k.raw()).collect();
        let (types, values): (Vec<ffi::OTF2_Type>, Vec<ffi::OTF2_AttributeValue>) =
            properties.iter().map(|(_, v)| v.to_raw()).unzip();
        // SAFETY: the three arrays have `n` elements each.
        check(
            unsafe {
                ffi::OTF2_GlobalDefWriter_WriteIoParadigm(
                    self.w(),
                    id,
                    identification,
                    name,
                    class.raw(),
                    flags.bits(),
                    n,
                    keys.as_ptr(),
                    types.as_ptr(),
                    values.as_ptr(),
                )
            },
            CTX,
        )
    }

    /// SystemTreeNode `id` (machine, host, ...); `parent = None` for the root.
    pub fn system_tree_node(
        &mut self,
        id: u32,
        name: u32,
        class_name: u32,
        parent: Option<u32>,
    ) -> Result<()> {
        // SAFETY: live writer.
        check(
            unsafe {
                ffi::OTF2_GlobalDefWriter_WriteSystemTreeNode(
                    self.w(),
                    id,
                    name,
                    class_name,
                    ref32(parent),
                )
            },
            "GlobalDefWriter_WriteSystemTreeNode",
        )
    }

    /// SystemTreeNodeDomain: tags `node` with a hardware domain.
    pub fn system_tree_node_domain(&mut self, node: u32, domain: SystemTreeDomain) -> Result<()> {
        // SAFETY: live writer.
        check(
            unsafe {
                ffi::OTF2_GlobalDefWriter_WriteSystemTreeNodeDomain(self.w(), node, domain.raw())
            },
            "GlobalDefWriter_WriteSystemTreeNodeDomain",
        )
    }

    /// SystemTreeNodeProperty: a named (string id) value on `node`.
    pub fn system_tree_node_property(
        &mut self,
        node: u32,
        name: u32,
        value: AttributeValue,
    ) -> Result<()> {
        let (ty, v) = value.to_raw();
        // SAFETY: live writer.
        check(
            unsafe {
                ffi::OTF2_GlobalDefWriter_WriteSystemTreeNodeProperty(self.w(), node, name, ty, v)
            },
            "GlobalDefWriter_WriteSystemTreeNodeProperty",
        )
    }

    /// LocationGroup `id` (a process) under system tree node
    /// `system_tree_parent`; `creating_location_group` is new in OTF2 3.0
    /// (the group that spawned this one, `None` = undefined).
    pub fn location_group(
        &mut self,
        id: u32,
        name: u32,
        group_type: LocationGroupType,
        system_tree_parent: u32,
        creating_location_group: Option<u32>,
    ) -> Result<()> {
        // SAFETY: live writer.
        check(
            unsafe {
                ffi::OTF2_GlobalDefWriter_WriteLocationGroup(
                    self.w(),
                    id,
                    name,
                    group_type.raw(),
                    system_tree_parent,
                    ref32(creating_location_group),
                )
            },
            "GlobalDefWriter_WriteLocationGroup",
        )
    }

    /// LocationGroupProperty: a named (string id) value on a location group.
    pub fn location_group_property(
        &mut self,
        group: u32,
        name: u32,
        value: AttributeValue,
    ) -> Result<()> {
        let (ty, v) = value.to_raw();
        // SAFETY: live writer.
        check(
            unsafe {
                ffi::OTF2_GlobalDefWriter_WriteLocationGroupProperty(self.w(), group, name, ty, v)
            },
            "GlobalDefWriter_WriteLocationGroupProperty",
        )
    }

    /// Location `id` (a thread's event stream) with the number of events its
    /// writer reported when closed.
    pub fn location(
        &mut self,
        id: u64,
        name: u32,
        location_type: LocationType,
        number_of_events: u64,
        location_group: u32,
    ) -> Result<()> {
        // SAFETY: live writer.
        check(
            unsafe {
                ffi::OTF2_GlobalDefWriter_WriteLocation(
                    self.w(),
                    id,
                    name,
                    location_type.raw(),
                    number_of_events,
                    location_group,
                )
            },
            "GlobalDefWriter_WriteLocation",
        )
    }

    /// LocationProperty: a named (string id) value on a location.
    pub fn location_property(
        &mut self,
        location: u64,
        name: u32,
        value: AttributeValue,
    ) -> Result<()> {
        let (ty, v) = value.to_raw();
        // SAFETY: live writer.
        check(
            unsafe {
                ffi::OTF2_GlobalDefWriter_WriteLocationProperty(self.w(), location, name, ty, v)
            },
            "GlobalDefWriter_WriteLocationProperty",
        )
    }

    /// Region `id`. Lines are 0 when unknown; `source_file` is a string id
    /// (Scalasca wants "MPI" for MPI regions).
    #[allow(clippy::too_many_arguments)]
    pub fn region(
        &mut self,
        id: u32,
        name: u32,
        canonical_name: u32,
        description: u32,
        role: RegionRole,
        paradigm: Paradigm,
        flags: RegionFlags,
        source_file: u32,
        begin_line: u32,
        end_line: u32,
    ) -> Result<()> {
        // SAFETY: live writer.
        check(
            unsafe {
                ffi::OTF2_GlobalDefWriter_WriteRegion(
                    self.w(),
                    id,
                    name,
                    canonical_name,
                    description,
                    role.raw(),
                    paradigm.raw(),
                    flags.bits(),
                    source_file,
                    begin_line,
                    end_line,
                )
            },
            "GlobalDefWriter_WriteRegion",
        )
    }

    /// Group `id` with its members (location ids, region ids, or ranks,
    /// depending on `group_type`).
    pub fn group(
        &mut self,
        id: u32,
        name: u32,
        group_type: GroupType,
        paradigm: Paradigm,
        flags: GroupFlags,
        members: &[u64],
    ) -> Result<()> {
        const CTX: &str = "GlobalDefWriter_WriteGroup";
        let n = u32::try_from(members.len())
            .map_err(|_| too_many(CTX, "members", members.len(), u32::MAX as usize))?;
        // SAFETY: `members` is valid for `n` elements.
        check(
            unsafe {
                ffi::OTF2_GlobalDefWriter_WriteGroup(
                    self.w(),
                    id,
                    name,
                    group_type.raw(),
                    paradigm.raw(),
                    flags.bits(),
                    n,
                    members.as_ptr(),
                )
            },
            CTX,
        )
    }

    /// Comm `id` over `group` (a COMM_GROUP or COMM_SELF group); `parent` is
    /// the communicator it was derived from; `flags` is new in OTF2 3.0.
    pub fn comm(
        &mut self,
        id: u32,
        name: u32,
        group: u32,
        parent: Option<u32>,
        flags: CommFlags,
    ) -> Result<()> {
        // SAFETY: live writer.
        check(
            unsafe {
                ffi::OTF2_GlobalDefWriter_WriteComm(
                    self.w(),
                    id,
                    name,
                    group,
                    ref32(parent),
                    flags.bits(),
                )
            },
            "GlobalDefWriter_WriteComm",
        )
    }

    /// Attribute `id` (e.g. "Offset", UINT64): the key event attributes use.
    pub fn attribute(
        &mut self,
        id: u32,
        name: u32,
        description: u32,
        value_type: Type,
    ) -> Result<()> {
        // SAFETY: live writer.
        check(
            unsafe {
                ffi::OTF2_GlobalDefWriter_WriteAttribute(
                    self.w(),
                    id,
                    name,
                    description,
                    value_type.raw(),
                )
            },
            "GlobalDefWriter_WriteAttribute",
        )
    }

    /// SourceCodeLocation `id`: a source file (a String id) and a line in it.
    pub fn source_code_location(&mut self, id: u32, file: u32, line: u32) -> Result<()> {
        // SAFETY: live writer.
        check(
            unsafe { ffi::OTF2_GlobalDefWriter_WriteSourceCodeLocation(self.w(), id, file, line) },
            "GlobalDefWriter_WriteSourceCodeLocation",
        )
    }

    /// CallingContext `id`: a node of the calling context tree, `region` at the source
    /// code location `location` (if known), below `parent` (none for a root).
    pub fn calling_context(
        &mut self,
        id: u32,
        region: u32,
        location: Option<u32>,
        parent: Option<u32>,
    ) -> Result<()> {
        // SAFETY: live writer.
        check(
            unsafe {
                ffi::OTF2_GlobalDefWriter_WriteCallingContext(
                    self.w(),
                    id,
                    region,
                    ref32(location),
                    ref32(parent),
                )
            },
            "GlobalDefWriter_WriteCallingContext",
        )
    }

    /// IoRegularFile `id` (shares the id space with directories); `scope` is
    /// the system tree node the name is valid in (machine for a shared file
    /// system, host for a node-local one).
    pub fn io_regular_file(&mut self, id: u32, name: u32, scope: u32) -> Result<()> {
        // SAFETY: live writer.
        check(
            unsafe { ffi::OTF2_GlobalDefWriter_WriteIoRegularFile(self.w(), id, name, scope) },
            "GlobalDefWriter_WriteIoRegularFile",
        )
    }

    /// IoDirectory `id` (same id space as regular files).
    pub fn io_directory(&mut self, id: u32, name: u32, scope: u32) -> Result<()> {
        // SAFETY: live writer.
        check(
            unsafe { ffi::OTF2_GlobalDefWriter_WriteIoDirectory(self.w(), id, name, scope) },
            "GlobalDefWriter_WriteIoDirectory",
        )
    }

    /// IoFileProperty: a named (string id) value on a file, e.g.
    /// ("File system", String(lustre)).
    pub fn io_file_property(&mut self, file: u32, name: u32, value: AttributeValue) -> Result<()> {
        let (ty, v) = value.to_raw();
        // SAFETY: live writer.
        check(
            unsafe { ffi::OTF2_GlobalDefWriter_WriteIoFileProperty(self.w(), file, name, ty, v) },
            "GlobalDefWriter_WriteIoFileProperty",
        )
    }

    /// IoHandle `id`. `file = None` for ALL_PROXY handles, `comm` for
    /// parallel paradigms, `parent` = the handle of the higher-level paradigm
    /// operating this one (must have a lower id).
    #[allow(clippy::too_many_arguments)]
    pub fn io_handle(
        &mut self,
        id: u32,
        name: u32,
        file: Option<u32>,
        io_paradigm: u8,
        flags: IoHandleFlags,
        comm: Option<u32>,
        parent: Option<u32>,
    ) -> Result<()> {
        // SAFETY: live writer.
        check(
            unsafe {
                ffi::OTF2_GlobalDefWriter_WriteIoHandle(
                    self.w(),
                    id,
                    name,
                    ref32(file),
                    io_paradigm,
                    flags.bits(),
                    ref32(comm),
                    ref32(parent),
                )
            },
            "GlobalDefWriter_WriteIoHandle",
        )
    }

    /// IoPreCreatedHandleState: access mode and status flags of a
    /// PRE_CREATED handle when tracing began.
    pub fn io_pre_created_handle_state(
        &mut self,
        handle: u32,
        mode: IoAccessMode,
        status_flags: IoStatusFlags,
    ) -> Result<()> {
        // SAFETY: live writer.
        check(
            unsafe {
                ffi::OTF2_GlobalDefWriter_WriteIoPreCreatedHandleState(
                    self.w(),
                    handle,
                    mode.raw(),
                    status_flags.bits(),
                )
            },
            "GlobalDefWriter_WriteIoPreCreatedHandleState",
        )
    }
}
