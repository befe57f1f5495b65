//! Turning a thread stream (records in exit order) into call trees in entry order.
//!
//! The recorder appends a record when a call returns, so a call made inside another one
//! (depth > 0) comes before its caller. A tree is complete when a depth-0 record arrives: its
//! records are then sorted by (start, depth), which gives the order of the Enter events, and
//! a stack gives the Leaves. Memory is one tree, not the stream.

use crate::bounds::RecordBounds;
use crate::error::{Error, ErrorKind};
use io_events::codec::{PeepholeDecoder, Record};
use io_events::stream::{Chunk, SeqCheck, SeqVerdict, StreamError, StreamReader, TickClock};
use std::path::Path;

/// This build's id of the `call_site` record.
const CALL_SITE: u16 = io_events::functions::Func::call_site as u16;

/// Records of one call tree held at most (about 100 bytes each).
pub const MAX_TREE_RECORDS: usize = 1 << 21;

/// Streams the call trees of one thread. Record times come out in nanoseconds since the
/// process start (converted from the stream's ticks).
pub struct CallTrees {
    reader: StreamReader,
    chunk: Chunk,
    /// Decoder over the current chunk's payload (owned, reused from chunk to chunk).
    dec: PeepholeDecoder<Vec<u8>>,
    /// Ticks -> nanoseconds since the process start, per chunk.
    clock: TickClock,
    /// The bounds every record's times and status are checked against.
    bounds: RecordBounds,
    in_chunk: bool,
    decoded: u32,
    chunk_offset: u64,
    pending: Vec<Record>,
    /// A returned tree's buffer, reused for the next one (no allocation per tree).
    spare: Vec<Record>,
    func_map: crate::trace::FuncMap,
    done: bool,
    /// What was lost or doubtful in the stream (a truncated or corrupt chunk, chunks lost,
    /// duplicated or out of order), one line each naming the file; complete at the end.
    pub warnings: Vec<String>,
    /// Chunk sequence numbers seen.
    seq: SeqCheck,
    /// Chunks skipped because their CRC did not match.
    bad_crc: u64,
    /// Trees cut at [`MAX_TREE_RECORDS`].
    split_trees: u64,
    /// Records whose function this build does not know (skipped).
    pub unknown: u64,
    /// Bytes of stream consumed so far.
    pub bytes_read: u64,
    /// The call sites of this stream (`call_site` records' frames, the unused ones 0),
    /// each once, in order of first sight.
    pub sites: Vec<Frames>,
    site_index: hashbrown::HashMap<Frames, u32>,
    /// The site of the outermost calls now (an index into `sites`; [`NO_SITE`] before the
    /// stream names one): the site of the tree [`Self::next_tree`] returned last.
    pub site: u32,
    /// `call_site` records taken out of the stream (events: they count as records).
    pub site_records: u64,
}

/// A call site's return addresses, innermost first, 0 past the last.
pub type Frames = [u64; SITE_FRAMES];
/// Frames a `call_site` record holds.
pub const SITE_FRAMES: usize = 7;
/// No call site known.
pub const NO_SITE: u32 = u32::MAX;

impl CallTrees {
    /// Open a stream; `func_map` maps the trace's function ids to this build's. Record
    /// times end at the end of the process, `process_ns` after its start when known (see
    /// [`crate::trace::ProcessTrace::duration_ns`]).
    pub fn open(
        path: &Path,
        func_map: crate::trace::FuncMap,
        process_ns: Option<u64>,
    ) -> Result<CallTrees, StreamError> {
        let reader = StreamReader::open(path)?;
        let window = reader.header.window as usize;
        let clock = TickClock::new(&reader.header);
        let bounds = RecordBounds::new(reader.header.resolution_ns, process_ns);
        Ok(CallTrees {
            reader,
            chunk: Chunk::default(),
            dec: PeepholeDecoder::new(Vec::new(), window, 0),
            clock,
            bounds,
            in_chunk: false,
            decoded: 0,
            chunk_offset: 0,
            pending: Vec::new(),
            spare: Vec::new(),
            func_map,
            done: false,
            warnings: Vec::new(),
            seq: SeqCheck::default(),
            bad_crc: 0,
            split_trees: 0,
            unknown: 0,
            bytes_read: 0,
            sites: Vec::new(),
            site_index: Default::default(),
            site: NO_SITE,
            site_records: 0,
        })
    }

    /// A `call_site` record: the site of the outermost calls from here on.
    fn set_site(&mut self, r: &Record) {
        let n = (r.ret() as usize).min(SITE_FRAMES);
        let mut frames = [0u64; SITE_FRAMES];
        frames[..n].copy_from_slice(&r.fields[..n]);
        let next = self.sites.len() as u32;
        self.site = *self.site_index.entry(frames).or_insert(next);
        if self.site == next {
            self.sites.push(frames);
        }
        self.site_records += 1;
    }

    fn corrupt(&self, why: String) -> StreamError {
        StreamError::Corrupt(self.reader.path().into(), self.chunk_offset, why)
    }

    /// Decode the next record straight into `pending` (no copy); Ok(false) at the end.
    fn next_record(&mut self) -> Result<bool, StreamError> {
        loop {
            if self.in_chunk {
                self.pending.push(Record::new(0, 0, 0, 0, 0, &[]));
                let slot = self.pending.len() - 1;
                match self.dec.next_into(&mut self.pending[slot]) {
                    Some(r) => {
                        if let Err(e) = r {
                            // The chunk's CRC was right: a writer's bug, not damage on disk.
                            // The stream stops here; what came before stays.
                            self.pending.pop();
                            let e = self.corrupt(e.to_string());
                            self.stop(format!("{e}; the rest of the stream is skipped"));
                            continue;
                        }
                        self.decoded += 1;
                        let r = &mut self.pending[slot];
                        match self.func_map.get(r.func as usize).copied().flatten() {
                            Some(f) if f == CALL_SITE => {
                                let r =
                                    self.pending
                                        .pop()
                                        .unwrap_or(Record::new(0, 0, 0, 0, 0, &[]));
                                self.set_site(&r);
                            }
                            Some(f) => {
                                r.func = f;
                                self.bounds.times(&self.clock, r);
                                self.bounds.status(r);
                                return Ok(true);
                            }
                            None => {
                                self.pending.pop();
                                self.unknown += 1;
                            }
                        }
                        continue;
                    }
                    None => {
                        self.pending.pop();
                        self.in_chunk = false;
                        if self.decoded != self.chunk.records {
                            let e = self.corrupt(format!(
                                "{} records decoded, header says {}",
                                self.decoded, self.chunk.records
                            ));
                            self.stop(format!("{e}; the rest of the stream is skipped"));
                        }
                    }
                }
            }
            if self.done {
                return Ok(false);
            }
            match self.reader.next_chunk(&mut self.chunk) {
                Ok(true) => {
                    self.bytes_read +=
                        (self.chunk.payload.len() + io_events::stream::CHUNK_HEADER_LEN) as u64;
                    if self.seq.check(self.chunk.seq) == SeqVerdict::Duplicate {
                        continue;
                    }
                    // Hand the payload to the decoder and keep its previous buffer for the next read.
                    let payload = std::mem::take(&mut self.chunk.payload);
                    self.chunk.payload = self.dec.reset(payload, self.chunk.base);
                    self.chunk_offset = self.chunk.offset;
                    self.clock.enter_chunk(&self.chunk);
                    self.bounds.enter_chunk(self.chunk.anchor);
                    self.decoded = 0;
                    self.in_chunk = true;
                }
                Ok(false) => self.finish(),
                Err(e @ StreamError::Truncated(..)) => self.stop(e.to_string()),
                Err(StreamError::BadCrc(_, _, seq)) => {
                    // Its sequence number is taken as read: the loss is told once, here.
                    self.seq.check(seq);
                    self.bad_crc += 1;
                }
                Err(e @ StreamError::Corrupt(..)) => {
                    self.stop(format!("{e}; the rest of the stream is skipped"))
                }
                Err(e) => return Err(e),
            }
        }
    }

    /// The stream ends here, for the reason `why` (one line naming the file).
    fn stop(&mut self, why: String) {
        self.warnings.push(why);
        self.finish();
    }

    /// At the end of the stream: tell what the chunk checks found.
    fn finish(&mut self) {
        if self.done {
            return;
        }
        self.done = true;
        self.in_chunk = false;
        let path = self.reader.path();
        if self.bad_crc > 0 {
            self.warnings.push(format!(
                "{}: {} chunks did not match their CRC; their calls were skipped",
                path.display(),
                self.bad_crc
            ));
        }
        if self.split_trees > 0 {
            self.warnings.push(format!(
                "{}: {} runs of more than {MAX_TREE_RECORDS} nested calls without their caller were cut into separate call trees",
                path.display(),
                self.split_trees
            ));
        }
        self.warnings.extend(self.seq.warnings(path));
        self.warnings.extend(self.bounds.warnings(path));
    }

    /// The next complete call tree, sorted into entry order; at the end of a killed stream,
    /// the calls whose caller never returned come out as a last tree.
    pub fn next_tree(&mut self) -> Result<Option<Vec<Record>>, StreamError> {
        loop {
            match self.next_record()? {
                true => {
                    if self.pending.last().is_some_and(|r| r.depth == 0) {
                        return Ok(Some(self.take()));
                    }
                    if self.pending.len() >= MAX_TREE_RECORDS {
                        // Nested calls without their caller (a depth read from damaged
                        // bytes): memory stays bounded, the tree is cut.
                        self.split_trees += 1;
                        return Ok(Some(self.take()));
                    }
                }
                false => {
                    if self.pending.is_empty() {
                        return Ok(None);
                    }
                    return Ok(Some(self.take()));
                }
            }
        }
    }

    /// Give a tree's buffer back once it has been used, so the next tree reuses it.
    pub fn recycle(&mut self, mut tree: Vec<Record>) {
        tree.clear();
        if tree.capacity() > self.spare.capacity() {
            self.spare = tree;
        }
    }

    fn take(&mut self) -> Vec<Record> {
        let next = std::mem::take(&mut self.spare);
        let mut v = std::mem::replace(&mut self.pending, next);
        if v.len() > 1 {
            // Stable: siblings with equal start ticks keep their (exit) order.
            v.sort_by(|a, b| a.start.cmp(&b.start).then(a.depth.cmp(&b.depth)));
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use io_events::codec::{PeepholeEncoder, MAX_RECORD_BYTES};
    use io_events::stream::{chunk_header, Anchor, Clock, StreamHeader};

    /// A stream with two trees written in exit order (inner calls first), as the recorder does.
    fn stream_file(name: &str) -> std::path::PathBuf {
        let recs = [
            Record::new(20, 1, 12, 14, 0, &[3, 1, 0, 1]),
            Record::new(20, 1, 15, 16, 0, &[3, 1, 1, 1]),
            Record::new(18, 0, 10, 20, 0, &[3, 2, 2]),
            Record::new(16, 0, 30, 31, 0, &[3, 0]),
        ];
        stream_of(name, &recs)
    }

    fn stream_of(name: &str, recs: &[Record]) -> std::path::PathBuf {
        let mut enc = PeepholeEncoder::new(3, 12);
        let mut payload = Vec::new();
        let mut buf = [0u8; MAX_RECORD_BYTES];
        for r in recs {
            let n = enc.encode(r, &mut buf, 0);
            payload.extend_from_slice(&buf[..n]);
        }
        let h = StreamHeader {
            clock: Clock::Monotonic,
            tsc_shift: 0,
            version: io_events::FORMAT_VERSION,
            resolution_ns: 10,
            window: 3,
            tid: 7,
            thread_index: 0,
        };
        let mut bytes = h.to_bytes().to_vec();
        bytes.extend_from_slice(&chunk_header(
            &payload,
            recs.len() as u32,
            12,
            0,
            // Written after its last record ended (the clock reading bounds their times).
            Anchor {
                ticks: recs.iter().map(|r| r.end).max().unwrap_or(0).max(40),
                ns: 400,
            },
        ));
        bytes.extend_from_slice(&payload);
        let path =
            std::env::temp_dir().join(format!("rotf2-calls-{}-{name}.rec", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        path
    }

    fn identity() -> crate::trace::FuncMap {
        (0..io_events::FUNCTIONS.len() as u16).map(Some).collect()
    }

    #[test]
    fn trees_come_out_in_entry_order_with_ns_times() {
        let path = stream_file("trees");
        let mut t = CallTrees::open(&path, identity(), None).unwrap();
        let first = t.next_tree().unwrap().unwrap();
        // The outer call (entered at tick 10) first, then its two nested calls; times in ns.
        assert_eq!(
            first
                .iter()
                .map(|r| (r.func, r.start, r.depth))
                .collect::<Vec<_>>(),
            vec![(18, 100, 0), (20, 120, 1), (20, 150, 1)]
        );
        let second = t.next_tree().unwrap().unwrap();
        assert_eq!(
            second
                .iter()
                .map(|r| (r.func, r.start, r.end))
                .collect::<Vec<_>>(),
            vec![(16, 300, 310)]
        );
        assert!(t.next_tree().unwrap().is_none());
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn nested_calls_without_a_caller_are_cut_into_bounded_trees() {
        let n = MAX_TREE_RECORDS + 10;
        let recs: Vec<Record> = (0..n as u64)
            .map(|i| Record::new(20, u32::MAX, 12 + i, 12 + i, 0, &[3, 1, 0, 1]))
            .collect();
        let path = stream_of("cut", &recs);
        let mut t = CallTrees::open(&path, identity(), None).unwrap();
        let first = t.next_tree().unwrap().unwrap();
        assert_eq!(first.len(), MAX_TREE_RECORDS);
        assert_eq!(t.next_tree().unwrap().unwrap().len(), 10);
        assert!(t.next_tree().unwrap().is_none());
        assert_eq!(t.warnings.len(), 1, "{:?}", t.warnings);
        assert!(
            t.warnings[0].contains("1 runs of more than"),
            "{:?}",
            t.warnings
        );
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn threaded_and_inline_feeds_agree() {
        let path = stream_file("feeds");
        let mut out = Vec::new();
        for threaded in [false, true] {
            let mut f = TreeFeed::open(&path, identity(), None, threaded).unwrap();
            let mut trees = Vec::new();
            while let Some(start) = f.peek_start().unwrap() {
                trees.push((
                    start,
                    f.current().iter().map(|r| r.func).collect::<Vec<_>>(),
                ));
                f.advance();
            }
            out.push(trees);
        }
        assert_eq!(out[0], vec![(100, vec![18, 20, 20]), (300, vec![16])]);
        assert_eq!(out[0], out[1]);
        std::fs::remove_file(&path).unwrap();
    }
}

/// A batch of consecutive call trees of one thread: `recs[ends[i-1]..ends[i]]` is tree i.
#[derive(Default)]
pub struct Batch {
    recs: Vec<Record>,
    ends: Vec<usize>,
    /// The call site of each tree (an index into the stream's sites).
    sites: Vec<u32>,
    /// Sites first seen while this batch was decoded, to append to the stream's list.
    new_sites: Vec<Frames>,
}

impl Batch {
    fn clear(&mut self) {
        self.recs.clear();
        self.ends.clear();
        self.sites.clear();
        self.new_sites.clear();
    }

    /// Append a tree decoded by `trees`, with its site and the sites first seen since
    /// `known` were handed on.
    fn push(&mut self, t: &[Record], trees: &CallTrees, known: &mut usize) {
        self.recs.extend_from_slice(t);
        self.ends.push(self.recs.len());
        self.sites.push(trees.site);
        self.new_sites.extend_from_slice(&trees.sites[*known..]);
        *known = trees.sites.len();
    }
}

enum Msg {
    Batch(Batch, u64),
    End {
        warnings: Vec<String>,
        unknown: u64,
        bytes_read: u64,
        site_records: u64,
    },
    Err(StreamError),
}

/// Records per batch handed from a decoding thread to the converter.
const BATCH_RECORDS: usize = 4096;
/// Streams of one process decoded in background threads at most; more are decoded inline
/// (the memory of the queues grows with their number).
pub const MAX_THREADED_STREAMS: usize = 16;

/// The call trees of one thread, decoded either in a background thread (so decoding
/// overlaps with writing OTF2 on another core) or inline. Memory is bounded: two batches in
/// flight per stream.
pub struct TreeFeed {
    inline: Option<CallTrees>,
    rx: Option<std::sync::mpsc::Receiver<Msg>>,
    back: Option<std::sync::mpsc::Sender<Batch>>,
    worker: Option<std::thread::JoinHandle<()>>,
    cur: Batch,
    /// Index of the current tree in `cur`.
    tree: usize,
    done: bool,
    /// What was lost or doubtful in the stream, one line each (complete at the end).
    pub warnings: Vec<String>,
    /// Records of unknown functions skipped.
    pub unknown: u64,
    /// Bytes of stream consumed so far.
    pub bytes_read: u64,
    /// The stream's call sites so far (see [`CallTrees::sites`]).
    pub sites: Vec<Frames>,
    /// `call_site` records taken out (complete at the end).
    pub site_records: u64,
    /// Sites handed on from the inline decoder.
    known_sites: usize,
}

impl TreeFeed {
    /// Open a stream (errors here, before any thread starts) and decode it in a background
    /// thread when `threaded`.
    pub fn open(
        path: &Path,
        func_map: crate::trace::FuncMap,
        process_ns: Option<u64>,
        threaded: bool,
    ) -> Result<TreeFeed, StreamError> {
        let trees = CallTrees::open(path, func_map, process_ns)?;
        let mut f = TreeFeed {
            inline: None,
            rx: None,
            back: None,
            worker: None,
            cur: Batch::default(),
            tree: 0,
            done: false,
            warnings: Vec::new(),
            unknown: 0,
            bytes_read: 0,
            sites: Vec::new(),
            site_records: 0,
            known_sites: 0,
        };
        if !threaded {
            f.inline = Some(trees);
            return Ok(f);
        }
        let (tx, rx) = std::sync::mpsc::sync_channel::<Msg>(1);
        let (back_tx, back_rx) = std::sync::mpsc::channel::<Batch>();
        let worker = std::thread::Builder::new()
            .name("decode".into())
            .spawn(move || decode_worker(trees, tx, back_rx))
            .map_err(|e| StreamError::Io(path.into(), e))?;
        f.rx = Some(rx);
        f.back = Some(back_tx);
        f.worker = Some(worker);
        Ok(f)
    }

    /// Make the next tree current; Ok(false) at the end of the stream.
    fn fill(&mut self) -> Result<bool, Error> {
        if self.tree < self.cur.ends.len() {
            return Ok(true);
        }
        if self.done {
            return Ok(false);
        }
        let mut old = std::mem::take(&mut self.cur);
        old.clear();
        self.tree = 0;
        if let Some(trees) = self.inline.as_mut() {
            self.cur = old;
            match trees.next_tree()? {
                Some(t) => {
                    self.cur.push(&t, trees, &mut self.known_sites);
                    self.sites.extend_from_slice(&self.cur.new_sites);
                    trees.recycle(t);
                    self.bytes_read = trees.bytes_read;
                    Ok(true)
                }
                None => {
                    self.done = true;
                    self.warnings = std::mem::take(&mut trees.warnings);
                    self.unknown = trees.unknown;
                    self.bytes_read = trees.bytes_read;
                    self.site_records = trees.site_records;
                    Ok(false)
                }
            }
        } else {
            if let Some(b) = &self.back {
                let _ = b.send(old);
            }
            let msg = self.rx.as_ref().and_then(|rx| rx.recv().ok());
            match msg {
                Some(Msg::Batch(b, bytes)) => {
                    self.sites.extend_from_slice(&b.new_sites);
                    self.cur = b;
                    self.bytes_read = bytes;
                    Ok(true)
                }
                Some(Msg::End {
                    warnings,
                    unknown,
                    bytes_read,
                    site_records,
                }) => {
                    self.done = true;
                    self.warnings = warnings;
                    self.unknown = unknown;
                    self.bytes_read = bytes_read;
                    self.site_records = site_records;
                    Ok(false)
                }
                Some(Msg::Err(e)) => Err(e.into()),
                None => {
                    Err(ErrorKind::ThreadFailed("the decoding thread stopped unexpectedly").into())
                }
            }
        }
    }

    /// Start time of the next tree, loading it if needed (None at the end).
    pub fn peek_start(&mut self) -> Result<Option<u64>, Error> {
        if !self.fill()? {
            return Ok(None);
        }
        let a = if self.tree == 0 {
            0
        } else {
            self.cur.ends[self.tree - 1]
        };
        Ok(self.cur.recs.get(a).map(|r| r.start))
    }

    /// The current tree (call `peek_start` first).
    pub fn current(&self) -> &[Record] {
        if self.tree >= self.cur.ends.len() {
            return &[];
        }
        let a = if self.tree == 0 {
            0
        } else {
            self.cur.ends[self.tree - 1]
        };
        &self.cur.recs[a..self.cur.ends[self.tree]]
    }

    /// The call site of the current tree's outermost call: its return addresses (empty
    /// when the stream names none).
    pub fn current_site(&self) -> u32 {
        self.cur.sites.get(self.tree).copied().unwrap_or(NO_SITE)
    }

    /// Move past the current tree.
    pub fn advance(&mut self) {
        self.tree += 1;
    }
}

impl Drop for TreeFeed {
    fn drop(&mut self) {
        // Unblock and join the worker (it stops when its channel is gone).
        self.rx = None;
        self.back = None;
        if let Some(w) = self.worker.take() {
            let _ = w.join();
        }
    }
}

fn decode_worker(
    mut trees: CallTrees,
    tx: std::sync::mpsc::SyncSender<Msg>,
    back: std::sync::mpsc::Receiver<Batch>,
) {
    let mut known = 0;
    loop {
        let mut b = back.try_recv().unwrap_or_default();
        b.clear();
        let mut end = false;
        while b.recs.len() < BATCH_RECORDS {
            match trees.next_tree() {
                Ok(Some(t)) => {
                    b.push(&t, &trees, &mut known);
                    trees.recycle(t);
                }
                Ok(None) => {
                    end = true;
                    break;
                }
                Err(e) => {
                    let _ = tx.send(Msg::Err(e));
                    return;
                }
            }
        }
        if !b.ends.is_empty() && tx.send(Msg::Batch(b, trees.bytes_read)).is_err() {
            return;
        }
        if end {
            let _ = tx.send(Msg::End {
                warnings: std::mem::take(&mut trees.warnings),
                unknown: trees.unknown,
                bytes_read: trees.bytes_read,
                site_records: trees.site_records,
            });
            return;
        }
    }
}
