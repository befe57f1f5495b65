//! Unit tests of the layers: synthetic records of a small process, interpreted by
//! [`crate::process::ProcessState`] into a sink that keeps every event.

mod hdf5;
mod mpi;
mod mpiio;
mod posix;
mod requests;
mod stdio;

use crate::clock::TimeMap;
use crate::kinds::*;
use crate::mpi::MpiSync;
use crate::process::{ProcessState, Walk};
use crate::sink::{OpBegin, Res, Sink};
use crate::trace::{LocalFile, ProcessTrace};
use definitions::GlobalDefs;
use io_events::codec::Record;
use io_events::defs::{FileKind, LocalDefs};
use io_events::functions::FUNCTIONS;
use io_events::layout::ProcessDir;
use io_events::meta::{ClockAnchor, Ending, ProcessMeta};
use std::collections::BTreeMap;

/// What the model told the sink, in order.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Ev {
    Enter(&'static str),
    Leave(&'static str),
    /// A string attribute: its id while running, its text in a [`Run`].
    AttrId(u32, u32),
    Attr(u32, String),
    Create(u32),
    Destroy(u32),
    Duplicate(u32, u32),
    Begin(OpBegin),
    Issued(u32, u64),
    Complete {
        handle: u32,
        bytes: u64,
        id: u64,
    },
    Cancelled(u32, u64),
    Seek(u32, u64),
    Sync(MpiSync),
}

/// A sink keeping the events.
#[derive(Default)]
pub(crate) struct Log {
    pub(crate) events: Vec<Ev>,
}

impl Log {
    /// The operations begun, in order.
    pub(crate) fn begins(&self) -> Vec<OpBegin> {
        let ops = self.events.iter().filter_map(|e| match e {
            Ev::Begin(b) => Some(*b),
            _ => None,
        });
        ops.collect()
    }

    /// The completions (handle, bytes, id), in order.
    pub(crate) fn completes(&self) -> Vec<(u32, u64, u64)> {
        let done = self.events.iter().filter_map(|e| match e {
            Ev::Complete { handle, bytes, id } => Some((*handle, *bytes, *id)),
            _ => None,
        });
        done.collect()
    }

    /// The position of event `e`.
    pub(crate) fn index(&self, e: &Ev) -> usize {
        let at = self.events.iter().position(|x| x == e);
        at.unwrap_or_else(|| panic!("no {e:?} in {:#?}", self.events))
    }
}

fn region_name(r: &Record) -> &'static str {
    FUNCTIONS[r.func as usize].name
}

impl Sink for Log {
    fn thread(&mut self, _index: usize) {}
    fn enter(&mut self, _t: u64, _region: u32, r: &Record) -> Res {
        self.events.push(Ev::Enter(region_name(r)));
        Ok(())
    }
    fn leave(&mut self, _t: u64, _region: u32, r: &Record) -> Res {
        self.events.push(Ev::Leave(region_name(r)));
        Ok(())
    }
    fn attr_string(&mut self, attr: u32, string: u32) -> Res {
        self.events.push(Ev::AttrId(attr, string));
        Ok(())
    }
    fn attr_u32(&mut self, _attr: u32, _value: u32) -> Res {
        Ok(())
    }
    fn create_handle(
        &mut self,
        _defs: &GlobalDefs,
        _t: u64,
        handle: u32,
        _mode: AccessMode,
        _creation: CreationFlags,
        _status: StatusFlags,
    ) -> Res {
        self.events.push(Ev::Create(handle));
        Ok(())
    }
    fn destroy_handle(&mut self, _defs: &GlobalDefs, _t: u64, handle: u32) -> Res {
        self.events.push(Ev::Destroy(handle));
        Ok(())
    }
    fn duplicate_handle(
        &mut self,
        _defs: &GlobalDefs,
        _t: u64,
        old: u32,
        new: u32,
        _status: StatusFlags,
    ) -> Res {
        self.events.push(Ev::Duplicate(old, new));
        Ok(())
    }
    fn change_status_flags(&mut self, _: &GlobalDefs, _: u64, _: u32, _: StatusFlags) -> Res {
        Ok(())
    }
    fn delete_file(&mut self, _defs: &GlobalDefs, _t: u64, _paradigm: u8, _file: u32) -> Res {
        Ok(())
    }
    fn path_meta(&mut self, _defs: &GlobalDefs, _t: u64, _paradigm: u8, _file: u32) -> Res {
        Ok(())
    }
    fn seek(&mut self, _: &GlobalDefs, _: u64, h: u32, _: i64, _: Whence, result: u64) -> Res {
        self.events.push(Ev::Seek(h, result));
        Ok(())
    }
    fn op_begin(&mut self, _defs: &GlobalDefs, _t: u64, op: OpBegin) -> Res {
        self.events.push(Ev::Begin(op));
        Ok(())
    }
    fn op_issued(&mut self, _defs: &GlobalDefs, _t: u64, handle: u32, id: u64) -> Res {
        self.events.push(Ev::Issued(handle, id));
        Ok(())
    }
    fn op_test(&mut self, _defs: &GlobalDefs, _t: u64, _handle: u32, _id: u64) -> Res {
        Ok(())
    }
    fn op_complete(&mut self, _defs: &GlobalDefs, _: u64, handle: u32, bytes: u64, id: u64) -> Res {
        let done = Ev::Complete { handle, bytes, id };
        self.events.push(done);
        Ok(())
    }
    fn op_cancelled(&mut self, _defs: &GlobalDefs, _t: u64, handle: u32, id: u64) -> Res {
        self.events.push(Ev::Cancelled(handle, id));
        Ok(())
    }
    fn lock(&mut self, _: &GlobalDefs, _: u64, _: u32, _: LockOp, _: LockType) -> Res {
        Ok(())
    }
    fn mpi_sync(&mut self, _defs: &GlobalDefs, sync: MpiSync) -> Res {
        self.events.push(Ev::Sync(sync));
        Ok(())
    }
}

/// A process of one thread with files `files` (local id, path), names `names` (local id,
/// text) and communicators `comms` (local id, member ranks).
pub(crate) fn process(
    files: &[(u64, &str)],
    names: &[(u32, &str)],
    comms: &[(u32, &[u32])],
) -> ProcessTrace {
    let local = |path: &str| LocalFile {
        path: path.to_string(),
        kind: FileKind::Regular,
        fs_type: "ext4".into(),
        mount: "/".into(),
    };
    ProcessTrace {
        dir: ProcessDir {
            dir: "/nonexistent/test.1".into(),
            name: "test.1".into(),
        },
        meta: meta(),
        defs: LocalDefs::default(),
        files: files.iter().map(|&(id, p)| (id, local(p))).collect(),
        names: names.iter().map(|&(id, t)| (id, t.to_string())).collect(),
        filetypes: Default::default(),
        objects: Vec::new(),
        comms: comms.iter().map(|&(id, m)| (id, m.into())).collect(),
        threads: vec![(0, "/nonexistent/test.1/0".into(), 1)],
        func_map: vec![].into(),
        bytes: 0,
        warnings: Vec::new(),
    }
}

fn meta() -> ProcessMeta {
    let start = ClockAnchor {
        monotonic_ns: 0,
        realtime_ns: 0,
    };
    ProcessMeta {
        format_version: io_events::FORMAT_VERSION,
        recorder_version: "test".into(),
        host: "test".into(),
        user: None,
        uid: None,
        pid: 1,
        ppid: 0,
        rank: None,
        job: None,
        world_size: None,
        mpi_library: None,
        mpi_layers_off: None,
        clock_offsets: Vec::new(),
        cmdline: Vec::new(),
        exe: String::new(),
        time_resolution_ns: 1,
        window: 3,
        start,
        end: None,
        ending: Ending::Exit,
        failure: None,
        exit_status: Some(0),
        signal: None,
        options: BTreeMap::new(),
        functions: Vec::new(),
        functions_file: None,
        function_counts: BTreeMap::new(),
        records: 0,
        stream_bytes: 0,
        forked_from: None,
        exec_from: None,
    }
}

/// A record of function `name` at nesting `depth` from `start` to `end` (its fields: the
/// arguments, then the return value).
pub(crate) fn rec(name: &str, depth: u32, start: u64, end: u64, fields: &[u64]) -> Record {
    let func = FUNCTIONS.iter().position(|f| f.name == name);
    let func = func.unwrap_or_else(|| panic!("no function {name}"));
    Record::new(func as u16, depth, start, end, 0, fields)
}

/// What interpreting one process's records (one call tree, entry order) made.
pub(crate) struct Run {
    pub(crate) defs: GlobalDefs,
    pub(crate) log: Log,
    /// Operations placed on stand-in handles, over all layers.
    pub(crate) guessed: u64,
    /// Unresolved calls of the `mpi` layer.
    pub(crate) mpi_unresolved: u64,
}

/// Interpret `records` of process `p`, which is rank slot 0 of a job of `world` ranks
/// (0: no MPI rank).
pub(crate) fn run(p: &ProcessTrace, world: u32, records: &[Record]) -> Run {
    let mut defs = GlobalDefs::new("test");
    let mut log = Log::default();
    let ranks = (world > 0).then_some(0..world);
    let mut st = ProcessState::new(p, 0, ranks, &mut defs).expect("state");
    let mut walk = Walk::new(TimeMap::identity());
    let mut span = (u64::MAX, 0);
    let done = st.walk(&mut defs, &mut log, records, &mut walk, u64::MAX, &mut span);
    assert!(done.expect("interpretation"), "the call tree is done");
    let strings = defs.strings.all();
    for e in &mut log.events {
        if let Ev::AttrId(attr, id) = *e {
            *e = Ev::Attr(attr, strings[id as usize].clone());
        }
    }
    Run {
        guessed: st.sh.guessed.iter().map(|g| g.1).sum(),
        mpi_unresolved: st.layers.mpi.unresolved,
        defs,
        log,
    }
}

impl Run {
    /// The parent of handle `h`.
    pub(crate) fn parent(&self, h: u32) -> Option<u32> {
        self.defs.handles[h as usize].parent
    }

    /// The name of the file of handle `h`.
    pub(crate) fn file_name(&self, h: u32) -> String {
        let f = self.defs.handles[h as usize].file.expect("a file");
        self.defs.files[f as usize].name.clone()
    }

    /// The handles created, in order.
    pub(crate) fn created(&self) -> Vec<u32> {
        let made = self.log.events.iter().filter_map(|e| match e {
            Ev::Create(h) => Some(*h),
            _ => None,
        });
        made.collect()
    }
}
