//! What one process did, accumulated call by call and operation by operation (a
//! [`Consumer`](io_model::resolve::Consumer) of the I/O model's resolved events). Memory grows with files and functions,
//! never with calls.

pub use super::sample::Sample;
use super::timeline::Series;
use definitions::FileView;
use hashbrown::HashMap;
use io_events::functions::{Layer, Role, FUNCTIONS};
use io_model::kinds::{OpFlags, OpMode};
use io_model::pipe::Accumulator;
use io_model::resolve::{Call, FileAt, MetaKind, Op};

/// Access-size bins as Darshan's: each bin holds the sizes above the previous bin's upper
/// bound up to its own, inclusive (1 KiB is in "101-1K", 1 MiB in "100K-1M"); the names are
/// Darshan's counter suffixes.
pub const SIZE_BINS: [(u64, &str); 10] = [
    (100, "0-100"),
    (1 << 10, "101-1K"),
    (10 << 10, "1K-10K"),
    (100 << 10, "10K-100K"),
    (1 << 20, "100K-1M"),
    (4 << 20, "1M-4M"),
    (10 << 20, "4M-10M"),
    (100 << 20, "10M-100M"),
    (1 << 30, "100M-1G"),
    (u64::MAX, "1G+"),
];

/// The bin of a request of `b` bytes: the first whose inclusive upper bound holds it.
pub fn size_bin(b: u64) -> usize {
    SIZE_BINS.iter().position(|&(hi, _)| b <= hi).unwrap_or(9)
}

pub use crate::stack::{layer_index, NLAYERS};

/// What the accumulation needs to know beforehand.
#[derive(Clone, Copy, Debug)]
pub struct AggOptions {
    /// Requests below this many bytes are small.
    pub small: u64,
    /// File offsets not a multiple of this are misaligned.
    pub alignment: u64,
    /// A high-level call making at least this many small POSIX operations fans out.
    pub fanout: u64,
    /// Offset samples kept per file (for plots; 0: none).
    pub samples: usize,
    /// Aligned ns that time series start at.
    pub origin: u64,
}

/// Where an access fell relative to the previous one of the same direction on the file.
pub const CONSECUTIVE: usize = 0;
pub const SEQUENTIAL: usize = 1;
pub const RANDOM: usize = 2;
pub const UNKNOWN: usize = 3;

pub use crate::sites::Shape;

#[derive(Clone, Debug, Default)]
pub struct FileAcc {
    pub read_ops: u64,
    pub read_bytes: u64,
    pub write_ops: u64,
    pub write_bytes: u64,
    pub flush_ops: u64,
    pub meta_ops: u64,
    pub op_ns: u64,
    pub meta_ns: u64,
    pub pattern: [u64; 4],
    pub read_sizes: [u64; 10],
    pub write_sizes: [u64; 10],
    pub small_ops: u64,
    pub misaligned_ops: u64,
    pub collective_ops: u64,
    pub nonblocking_ops: u64,
    /// One past the highest byte accessed.
    pub max_end: u64,
    /// Where the last read and write ended (this process).
    last_end: [Option<u64>; 2],
    pub samples: Vec<Sample>,
    sampler: crate::sample::Sampler,
}

impl FileAcc {
    /// Account an operation; `end`: one past its last byte, where known (through a view
    /// with holes the end of its last range, not its offset plus its bytes).
    fn op(&mut self, o: &Op, end: Option<u64>, opts: &AggOptions) -> Shape {
        let dir = match o.mode {
            OpMode::Read => 0,
            OpMode::Write => 1,
            OpMode::Flush => {
                self.flush_ops += 1;
                self.op_ns += o.t1 - o.t0;
                return Shape::default();
            }
        };
        let (b, req) = (o.bytes_done, o.bytes_requested);
        if dir == 0 {
            self.read_ops += 1;
            self.read_bytes = self.read_bytes.saturating_add(b);
            self.read_sizes[size_bin(req)] += 1;
        } else {
            self.write_ops += 1;
            self.write_bytes = self.write_bytes.saturating_add(b);
            self.write_sizes[size_bin(req)] += 1;
        }
        self.op_ns += o.t1 - o.t0;
        if req < opts.small {
            self.small_ops += 1;
        }
        if o.flags.contains(OpFlags::COLLECTIVE) {
            self.collective_ops += 1;
        }
        if o.flags.contains(OpFlags::NON_BLOCKING) {
            self.nonblocking_ops += 1;
        }
        let (Some(off), Some(end)) = (o.offset, end) else {
            self.pattern[UNKNOWN] += 1;
            return Shape::default();
        };
        let misaligned = opts.alignment > 1 && !off.is_multiple_of(opts.alignment);
        self.misaligned_ops += misaligned as u64;
        self.max_end = self.max_end.max(end);
        let kind = match self.last_end[dir] {
            None if off == 0 => CONSECUTIVE,
            None => SEQUENTIAL,
            Some(e) if off == e => CONSECUTIVE,
            Some(e) if off > e => SEQUENTIAL,
            Some(_) => RANDOM,
        };
        self.pattern[kind] += 1;
        self.last_end[dir] = Some(end);
        self.sample(o.t0, off, b, dir == 1, opts.samples);
        Shape {
            misaligned,
            random: kind == RANDOM,
        }
    }

    /// Offer the operation to the file's bounded sample (see `sample::Sampler`).
    fn sample(&mut self, t: u64, off: u64, b: u64, write: bool, max: usize) {
        if max > 0 {
            self.sampler
                .offer(&mut self.samples, (t, off, b, write), max);
        }
    }

    /// Merge the samples of `other` (the same file in another process) into these, then
    /// thin to at most `max`.
    pub(crate) fn merge_samples(&mut self, other: &mut FileAcc, max: usize) {
        let theirs = std::mem::take(&mut other.samples);
        self.sampler
            .merge(&mut self.samples, &other.sampler, theirs, max);
    }
}

#[derive(Clone, Copy, Debug, Default)]
pub struct LayerAcc {
    pub calls: u64,
    pub ops: u64,
    pub read_bytes: u64,
    pub write_bytes: u64,
    /// Time in the outermost I/O calls (data and metadata roles) of the layer, beneath
    /// included.
    pub incl_ns: u64,
    /// Time in the layer's I/O calls minus the traced calls beneath them.
    pub excl_ns: u64,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct Part {
    pub ns: u64,
    pub ops: u64,
    pub bytes: u64,
}

/// One high-level call name (an outermost call): what it cost and caused beneath.
#[derive(Clone, Debug, Default)]
pub struct RootAcc {
    pub count: u64,
    pub ns: u64,
    pub layers: [Part; NLAYERS],
    /// MPI communication inside (the `mpi` layer's calls).
    pub mpi_ns: u64,
    /// Calls that made POSIX operations beneath (this process).
    pub with_posix_io: u64,
    /// Calls whose own operation was collective.
    pub collective: u64,
    /// Collective calls whose MPI-IO operations beneath were all independent.
    pub collective_to_independent: u64,
    /// Calls that made at least `fanout` small POSIX operations.
    pub small_fanout: u64,
}

/// The outermost call in progress on a thread, for the chain rules.
#[derive(Default, Clone, Copy)]
struct RootState {
    id: u64,
    collective: bool,
    mpiio_ops: u64,
    mpiio_collective: u64,
    posix_ops: u64,
    posix_small: u64,
}

/// Everything one process did.
pub struct ProcessAgg {
    pub opts: AggOptions,
    pub files: Vec<(FileAt, FileAcc)>,
    slots: HashMap<FileAt, usize>,
    pub layers: [LayerAcc; NLAYERS],
    /// Per function id: (calls, ns).
    pub functions: Vec<(u64, u64)>,
    /// Per function id of an outermost call.
    pub roots: Vec<Option<Box<RootAcc>>>,
    /// Handle -> slot in `files` (u32::MAX: not yet known); a handle's file never changes.
    handle_slot: Vec<u32>,
    /// Outermost calls' time by role: data, metadata, other.
    pub io_ns: u64,
    pub meta_ns: u64,
    pub other_ns: u64,
    /// Bytes the program's own calls moved (operations of outermost calls).
    pub read_bytes: u64,
    pub write_bytes: u64,
    pub timeline: [Option<Box<Series>>; NLAYERS],
    threads: Vec<RootState>,
    pub ops: u64,
    pub cancelled_ops: u64,
    /// MPI file views with holes, by the id operations name them with.
    views: Vec<Option<FileView>>,
    /// What the calls from each call site did.
    pub sites: crate::sites::ProcessSites,
}

/// The file of operations whose handle has no file (proxies such as fflush(NULL)).
pub const NO_FILE: u32 = u32::MAX;

impl ProcessAgg {
    pub fn new(opts: AggOptions) -> Self {
        ProcessAgg {
            opts,
            files: Vec::new(),
            slots: HashMap::new(),
            layers: [LayerAcc::default(); NLAYERS],
            functions: vec![(0, 0); FUNCTIONS.len()],
            roots: Vec::new(),
            handle_slot: Vec::new(),
            io_ns: 0,
            meta_ns: 0,
            other_ns: 0,
            read_bytes: 0,
            write_bytes: 0,
            timeline: Default::default(),
            threads: Vec::new(),
            ops: 0,
            cancelled_ops: 0,
            views: Vec::new(),
            sites: Default::default(),
        }
    }

    fn slot(&mut self, at: FileAt) -> usize {
        let n = self.files.len();
        let i = *self.slots.entry(at).or_insert(n);
        if i == n {
            self.files.push((at, FileAcc::default()));
        }
        i
    }

    fn file(&mut self, at: FileAt) -> &mut FileAcc {
        let i = self.slot(at);
        &mut self.files[i].1
    }

    /// The file of an operation's handle (cached per handle).
    fn op_file(&mut self, o: &Op) -> &mut FileAcc {
        let h = o.handle as usize;
        if self.handle_slot.len() <= h {
            self.handle_slot.resize(h + 1, u32::MAX);
        }
        if self.handle_slot[h] == u32::MAX {
            self.handle_slot[h] = self.slot((o.file.unwrap_or(NO_FILE), o.layer)) as u32;
        }
        &mut self.files[self.handle_slot[h] as usize].1
    }

    /// One past the last byte an operation touched: the end of its last range through a
    /// view with holes (one access per call, as Darshan counts MPI-IO, but where it ends).
    fn op_end(&self, o: &Op) -> Option<u64> {
        let off = o.offset?;
        let view = o.view.and_then(|v| self.views.get(v as usize)?.as_ref());
        match view.and_then(|v| v.extents(off, o.bytes_done).last()) {
            Some((start, len)) => Some(start.saturating_add(len)),
            None => Some(off.saturating_add(o.bytes_done)),
        }
    }

    fn root(&mut self, func: u16) -> &mut RootAcc {
        let f = func as usize;
        if self.roots.len() <= f {
            self.roots.resize_with(f + 1, || None);
        }
        self.roots[f].get_or_insert_with(Default::default)
    }

    fn root_state(&mut self, thread: usize, root: u64) -> &mut RootState {
        if self.threads.len() <= thread {
            self.threads.resize(thread + 1, RootState::default());
        }
        let s = &mut self.threads[thread];
        if s.id != root {
            *s = RootState {
                id: root,
                ..Default::default()
            };
        }
        s
    }

    fn chain(&mut self, o: &Op) {
        let small = o.bytes_requested < self.opts.small;
        let s = self.root_state(o.thread, o.root);
        if o.call == o.root && o.flags.contains(OpFlags::COLLECTIVE) {
            s.collective = true;
        }
        match o.layer {
            Layer::MpiIo => {
                s.mpiio_ops += 1;
                s.mpiio_collective += o.flags.contains(OpFlags::COLLECTIVE) as u64;
            }
            Layer::Posix if o.mode != OpMode::Flush => {
                s.posix_ops += 1;
                s.posix_small += small as u64;
            }
            _ => {}
        }
    }

    fn end_root(&mut self, c: &Call, dur: u64) {
        let fanout = self.opts.fanout;
        let s = *self.root_state(c.thread, c.id);
        let r = self.root(c.func);
        r.count += 1;
        r.ns += dur;
        r.with_posix_io += (s.posix_ops > 0) as u64;
        r.collective += s.collective as u64;
        r.collective_to_independent +=
            (s.collective && s.mpiio_ops > 0 && s.mpiio_collective == 0) as u64;
        // Only I/O calls fan out: MPI_Init's small writes to its own pipes are not a finding.
        let io_call = matches!(c.role, Role::Data | Role::Meta);
        let fanned = io_call && s.posix_small >= fanout && c.layer != Layer::Posix;
        r.small_fanout += fanned as u64;
        if fanned {
            self.sites.fanout(c);
        }
        match c.role {
            Role::Data => self.io_ns += dur,
            Role::Meta => self.meta_ns += dur,
            _ => self.other_ns += dur,
        }
    }
}

impl Accumulator for ProcessAgg {
    fn op(&mut self, o: &Op) {
        self.ops += 1;
        if o.cancelled {
            self.cancelled_ops += 1;
            return;
        }
        let opts = self.opts;
        let end = self.op_end(o);
        let shape = self.op_file(o).op(o, end, &opts);
        self.sites.op(o, opts.small, shape);
        let li = layer_index(o.layer);
        let l = &mut self.layers[li];
        l.ops += 1;
        match o.mode {
            OpMode::Read => l.read_bytes = l.read_bytes.saturating_add(o.bytes_done),
            OpMode::Write => l.write_bytes = l.write_bytes.saturating_add(o.bytes_done),
            OpMode::Flush => {}
        }
        if o.root != u64::MAX {
            let p = &mut self.root(o.root_func).layers[li];
            p.ops += 1;
            p.bytes = p.bytes.saturating_add(o.bytes_done);
            if !o.flags.contains(OpFlags::NON_BLOCKING) {
                self.chain(o);
            }
        }
        if o.call == o.root {
            match o.mode {
                OpMode::Read => self.read_bytes = self.read_bytes.saturating_add(o.bytes_done),
                OpMode::Write => self.write_bytes = self.write_bytes.saturating_add(o.bytes_done),
                OpMode::Flush => {}
            }
        }
        let origin = self.opts.origin;
        self.timeline[li].get_or_insert_with(Default::default).add(
            o.t0.saturating_sub(origin),
            o.t1.saturating_sub(origin),
            o.bytes_done,
        );
    }

    fn call(&mut self, c: &Call) {
        self.sites.call(c);
        let dur = c.t1 - c.t0;
        let f = &mut self.functions[c.func as usize];
        f.0 += 1;
        f.1 += dur;
        let l = &mut self.layers[layer_index(c.layer)];
        l.calls += 1;
        // A layer's time is its I/O calls' (data and metadata): MPI_Init, property setters
        // and the like are not I/O time, whatever I/O they cause beneath is counted there.
        if matches!(c.role, Role::Data | Role::Meta) {
            l.excl_ns += c.self_ns;
            if !c.nested_in_layer {
                l.incl_ns += dur;
            }
        }
        if let Some(at) = c.touched {
            self.file(at).meta_ns += dur;
        }
        if c.id == c.root {
            self.end_root(c, dur);
        } else if !c.nested_in_layer {
            let root_layer = FUNCTIONS[c.root_func as usize].layer;
            let r = self.root(c.root_func);
            if c.layer == Layer::Mpi {
                r.mpi_ns += dur;
            } else if c.layer != root_layer {
                r.layers[layer_index(c.layer)].ns += dur;
            }
        }
    }

    fn view(&mut self, id: u32, v: &FileView) {
        let i = id as usize;
        if self.views.len() <= i {
            self.views.resize(i + 1, None);
        }
        self.views[i] = Some(v.clone());
    }

    fn meta(&mut self, _thread: usize, _kind: MetaKind, file: Option<FileAt>, _t: u64) {
        if let Some(at) = file {
            self.file(at).meta_ops += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Darshan's rule (darshan-runtime/lib/darshan-common.h, DARSHAN_BUCKET_INC), restated
    /// from its definition: a size goes to the first bucket whose limit it is under, the
    /// limits being 101, 1025, 10241, 102401, 1048577, 4194305, 10485761, 104857601 and
    /// 1073741825 bytes (each a round size plus one), the rest to the last bucket.
    fn darshan_bucket(v: u64) -> usize {
        let limits = [
            100 + 1,
            1024 + 1,
            10 * 1024 + 1,
            100 * 1024 + 1,
            1024 * 1024 + 1,
            4 * 1024 * 1024 + 1,
            10 * 1024 * 1024 + 1,
            100 * 1024 * 1024 + 1,
            1024 * 1024 * 1024 + 1,
        ];
        limits.iter().position(|&l| v < l).unwrap_or(9)
    }

    #[test]
    fn bins_equal_darshans_at_every_edge() {
        let edges = [
            100u64,
            1 << 10,
            10 << 10,
            100 << 10,
            1 << 20,
            4 << 20,
            10 << 20,
            100 << 20,
            1 << 30,
        ];
        for (i, &e) in edges.iter().enumerate() {
            for v in [e - 1, e, e + 1] {
                assert_eq!(size_bin(v), darshan_bucket(v), "{v} bytes");
            }
            // The edge itself closes bin i; one byte more opens bin i + 1.
            assert_eq!(size_bin(e), i, "{e} bytes");
            assert_eq!(size_bin(e + 1), i + 1, "{} bytes", e + 1);
        }
        assert_eq!(size_bin(0), 0);
        assert_eq!(size_bin(u64::MAX), 9);
        assert_eq!(SIZE_BINS[size_bin(1 << 20)].1, "100K-1M");
        assert_eq!(SIZE_BINS[size_bin(1 << 10)].1, "101-1K");
    }
}
