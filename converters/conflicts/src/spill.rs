//! Accesses beyond the memory budget: sorted runs in files of a private folder, merged
//! back in offset order for the sweep (an external-memory sort), so a trace with more
//! accesses than memory holds is still checked. The folder goes when the check ends.
//! A file with more runs than the descriptor limit allows open at once is merged in passes
//! of bounded fan-in ([`Descriptors`]), so the check works under any `ulimit -n` >= 64.

use super::{Access, Error};
use std::cmp::Reverse;
use std::collections::binary_heap::{BinaryHeap, PeekMut};
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};

/// Runs merged at once at most, whatever the descriptor limit: beyond, a pass costs more
/// in its heap than it saves in passes.
const MAX_FAN_IN: usize = 64;

/// Descriptors kept out of the merges' share: the standard streams, the trace's files, what
/// the libraries and the rest of the tool open.
const RESERVED_DESCRIPTORS: usize = 16;

/// The descriptors the workers' merges may hold open together: what the soft limit leaves
/// beyond those open now and a reserve. A merge takes its share before it opens its runs
/// and gives it back when it ends, so that any number of workers stays within the limit.
pub struct Descriptors {
    free: Mutex<usize>,
    returned: Condvar,
    /// The most one merge may hold (at least 3: two runs and the merged one).
    pub fan_in: usize,
}

impl Descriptors {
    /// The share of this process's descriptors (from /proc/self; 64 when it does not say).
    pub fn available() -> Descriptors {
        let limit = soft_open_files_limit().unwrap_or(64);
        let open = std::fs::read_dir("/proc/self/fd").map_or(8, |d| d.count());
        Descriptors::new(limit.saturating_sub(open + RESERVED_DESCRIPTORS))
    }

    /// `total` descriptors shared (3 at least: a merge pass needs that many).
    pub fn new(total: usize) -> Descriptors {
        let total = total.max(3);
        Descriptors {
            free: Mutex::new(total),
            returned: Condvar::new(),
            fan_in: total.min(MAX_FAN_IN),
        }
    }

    /// `n` descriptors (at most [`Self::fan_in`]), waiting for other merges to give theirs
    /// back; returned when the share is dropped.
    fn take(&self, n: usize) -> Share<'_> {
        let n = n.min(self.fan_in);
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        while *free < n {
            free = self.returned.wait(free).unwrap_or_else(|e| e.into_inner());
        }
        *free -= n;
        Share { from: self, n }
    }
}

/// Descriptors a merge holds; given back when dropped.
pub struct Share<'a> {
    from: &'a Descriptors,
    n: usize,
}

impl Drop for Share<'_> {
    fn drop(&mut self) {
        let mut free = self.from.free.lock().unwrap_or_else(|e| e.into_inner());
        *free += self.n;
        self.from.returned.notify_all();
    }
}

/// The soft limit of open files ("Max open files" of /proc/self/limits).
fn soft_open_files_limit() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

/// The default memory budget for accesses: half of what the system has available (4 GiB
/// when /proc/meminfo does not say).
pub fn default_memory() -> u64 {
    let avail = std::fs::read_to_string("/proc/meminfo").ok().and_then(|m| {
        let line = m.lines().find(|l| l.starts_with("MemAvailable:"))?;
        line.split_whitespace().nth(1)?.parse::<u64>().ok()
    });
    avail.map_or(4 << 30, |kib| kib * 1024 / 2)
}

/// Accesses per chunk sorted at once when a file's accesses are more ([`Merged::in_memory`]):
/// 48 MiB, about what a run on disk holds at a 64 MiB budget.
pub const CHUNK: usize = 1 << 20;

/// Bytes of one access in a run.
const RECORD: usize = 48;

/// The order the sweep needs: by start offset (then end, time, process).
pub fn sort_key(a: &Access) -> (u64, u64, u64, usize) {
    (a.start, a.end, a.t0, a.proc())
}

fn encode(a: &Access, out: &mut [u8; RECORD]) {
    out[0..8].copy_from_slice(&a.start.to_le_bytes());
    out[8..16].copy_from_slice(&a.end.to_le_bytes());
    out[16..24].copy_from_slice(&a.t0.to_le_bytes());
    out[24..32].copy_from_slice(&a.t1.to_le_bytes());
    out[32..36].copy_from_slice(&a.proc_write.to_le_bytes());
    out[36..38].copy_from_slice(&a.func.to_le_bytes());
    out[38..40].copy_from_slice(&a.root_func.to_le_bytes());
    out[40..42].copy_from_slice(&a.via_func[0].to_le_bytes());
    out[42..44].copy_from_slice(&a.via_func[1].to_le_bytes());
    out[44..48].copy_from_slice(&a.op.to_le_bytes());
}

fn decode(b: &[u8; RECORD]) -> Access {
    let u64_at = |i: usize| u64::from_le_bytes(b[i..i + 8].try_into().expect("8 bytes"));
    let u16_at = |i: usize| u16::from_le_bytes([b[i], b[i + 1]]);
    Access {
        start: u64_at(0),
        end: u64_at(8),
        t0: u64_at(16),
        t1: u64_at(24),
        proc_write: u32::from_le_bytes(b[32..36].try_into().expect("4 bytes")),
        func: u16_at(36),
        root_func: u16_at(38),
        via_func: [u16_at(40), u16_at(42)],
        op: u32::from_le_bytes(b[44..48].try_into().expect("4 bytes")),
    }
}

/// The private folder of the runs; removed with everything in it when dropped.
pub struct SpillDir {
    dir: PathBuf,
    /// Made on the first run only: a check that stays in memory leaves nothing to clean.
    /// Its error is shared: every worker that spills after it fails with it.
    made: std::sync::OnceLock<Result<(), Arc<io::Error>>>,
    next: AtomicU64,
    /// Accesses written to runs so far.
    pub spilled: AtomicU64,
}

impl SpillDir {
    /// A folder inside `base`, made when the first run is written.
    pub fn new(base: &Path) -> SpillDir {
        static SEQ: AtomicU64 = AtomicU64::new(0);
        let n = SEQ.fetch_add(1, Ordering::Relaxed);
        let dir = base.join(format!(
            "recorder-otf2-conflicts-{}-{n}",
            std::process::id()
        ));
        SpillDir {
            dir,
            made: std::sync::OnceLock::new(),
            next: AtomicU64::new(0),
            spilled: AtomicU64::new(0),
        }
    }

    /// Sort `acc`, write it as one run and empty it.
    pub fn write_run(&self, acc: &mut Vec<Access>) -> Result<PathBuf, Error> {
        acc.sort_unstable_by_key(sort_key);
        let path = self.write_sorted(acc.iter().copied(), 1 << 20)?;
        self.spilled.fetch_add(acc.len() as u64, Ordering::Relaxed);
        acc.clear();
        acc.shrink_to_fit();
        Ok(path)
    }

    /// A new run holding `sorted` (in sweep order already).
    fn write_sorted(
        &self,
        sorted: impl Iterator<Item = Access>,
        buffer: usize,
    ) -> Result<PathBuf, Error> {
        self.made
            .get_or_init(|| std::fs::create_dir(&self.dir).map_err(Arc::new))
            .clone()
            .map_err(|source| Error::SpillDir {
                path: self.dir.clone(),
                source,
            })?;
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        let path = self.dir.join(format!("run-{n}"));
        let fail = |source| Error::WriteRun {
            path: path.clone(),
            source,
        };
        let mut w = BufWriter::with_capacity(buffer, File::create(&path).map_err(fail)?);
        let mut rec = [0u8; RECORD];
        for a in sorted {
            encode(&a, &mut rec);
            w.write_all(&rec).map_err(fail)?;
        }
        w.flush().map_err(fail)?;
        Ok(path)
    }

    /// `runs` merged into fewer, each pass merging at most `fds.fan_in - 1` of them into a
    /// new one (the merged runs removed), until they fit in one merge. Stops at a signal.
    pub fn reduce(&self, mut runs: Vec<PathBuf>, fds: &Descriptors) -> Result<Vec<PathBuf>, Error> {
        while runs.len() > fds.fan_in {
            io_model::interrupt::check().map_err(Error::Interrupted)?;
            let group: Vec<PathBuf> = runs.drain(..fds.fan_in - 1).collect();
            let share = fds.take(group.len() + 1);
            let mut merged = Merged::open(&group, Vec::new())?;
            let path = self.write_sorted(&mut merged, 1 << 16)?;
            if let Some(e) = merged.error.take() {
                return Err(e);
            }
            drop(merged);
            drop(share);
            for p in &group {
                let _ = std::fs::remove_file(p);
            }
            runs.push(path);
        }
        Ok(runs)
    }
}

impl Drop for SpillDir {
    fn drop(&mut self) {
        if let Some(Ok(())) = self.made.get() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// One sorted source of the merge: a run file, or accesses in memory.
enum Source {
    File(BufReader<File>, PathBuf),
    Memory(std::vec::IntoIter<Access>),
    /// One sorted chunk (`pos..end`) of accesses held in memory.
    Chunk(Arc<Vec<Access>>, usize, usize),
}

impl Source {
    fn next(&mut self) -> Result<Option<Access>, Error> {
        match self {
            Source::Memory(it) => Ok(it.next()),
            Source::Chunk(all, pos, end) => Ok((*pos < *end).then(|| {
                *pos += 1;
                all[*pos - 1]
            })),
            Source::File(r, path) => {
                let mut rec = [0u8; RECORD];
                match r.read_exact(&mut rec) {
                    Ok(()) => Ok(Some(decode(&rec))),
                    Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Ok(None),
                    Err(source) => Err(Error::ReadRun {
                        path: path.clone(),
                        source,
                    }),
                }
            }
        }
    }
}

/// The next access of each source, smallest sort key first: (sort key, source).
type Heads = BinaryHeap<Reverse<((u64, u64, u64, usize), usize)>>;

/// A file's accesses in sweep order: its runs and the rest (in memory) merged.
pub struct Merged<'a> {
    sources: Vec<Source>,
    heads: Heads,
    pending: Vec<Option<Access>>,
    pub error: Option<Error>,
    /// The descriptors of the open runs, given back when the merge ends.
    _share: Option<Share<'a>>,
}

impl<'a> Merged<'a> {
    /// The runs (merged down first in passes when they are more than one merge may hold
    /// open: `dir` makes the new runs) and the accesses in memory, in sweep order.
    pub fn new(
        runs: Vec<PathBuf>,
        memory: Vec<Access>,
        dir: &SpillDir,
        fds: &'a Descriptors,
    ) -> Result<Merged<'a>, Error> {
        let runs = dir.reduce(runs, fds)?;
        let share = fds.take(runs.len());
        let mut m = Merged::open(&runs, memory)?;
        m._share = Some(share);
        Ok(m)
    }

    /// Accesses held in memory, in sweep order: sorted in chunks of [`CHUNK`] and merged.
    /// One sort of tens of millions of accesses is slower than sorts that stay in cache and
    /// a merge (64 M accesses: 13.8 s against 8.4 s through runs on disk).
    pub fn in_memory(memory: Vec<Access>) -> Merged<'static> {
        Merged::in_chunks(memory, CHUNK)
    }

    fn in_chunks(mut memory: Vec<Access>, chunk: usize) -> Merged<'static> {
        let n = memory.len();
        for c in memory.chunks_mut(chunk) {
            c.sort_unstable_by_key(sort_key);
        }
        let all = Arc::new(memory);
        let sources = (0..n)
            .step_by(chunk)
            .map(|at| Source::Chunk(all.clone(), at, (at + chunk).min(n)))
            .collect::<Vec<_>>();
        let mut m = Merged {
            heads: BinaryHeap::with_capacity(sources.len()),
            pending: vec![None; sources.len()],
            sources,
            error: None,
            _share: None,
        };
        for i in 0..m.sources.len() {
            // Chunks in memory cannot fail to read.
            let _ = m.refill(i);
        }
        m
    }

    /// The merge of `runs` (all opened now) and `memory`.
    fn open(runs: &[PathBuf], mut memory: Vec<Access>) -> Result<Merged<'a>, Error> {
        memory.sort_unstable_by_key(sort_key);
        let mut sources = vec![Source::Memory(memory.into_iter())];
        for p in runs {
            let f = File::open(p).map_err(|source| Error::ReadRun {
                path: p.clone(),
                source,
            })?;
            sources.push(Source::File(
                BufReader::with_capacity(1 << 16, f),
                p.clone(),
            ));
        }
        let mut m = Merged {
            heads: BinaryHeap::with_capacity(sources.len()),
            pending: vec![None; sources.len()],
            sources,
            error: None,
            _share: None,
        };
        for i in 0..m.sources.len() {
            m.refill(i)?;
        }
        Ok(m)
    }

    fn refill(&mut self, i: usize) -> Result<(), Error> {
        if let Some(a) = self.sources[i].next()? {
            self.heads.push(Reverse((sort_key(&a), i)));
            self.pending[i] = Some(a);
        }
        Ok(())
    }
}

impl Iterator for Merged<'_> {
    type Item = Access;
    /// The next access in order; a read error ends the stream and is kept in `error`.
    fn next(&mut self) -> Option<Access> {
        // The next access of the same source replaces the head in place: one sift, short
        // when the source stays the smallest (runs of a trace are often nearly disjoint).
        let mut top = self.heads.peek_mut()?;
        let i = (top.0).1;
        let a = self.pending[i].take();
        match self.sources[i].next() {
            Ok(Some(n)) => {
                *top = Reverse((sort_key(&n), i));
                self.pending[i] = Some(n);
            }
            Ok(None) => {
                PeekMut::pop(top);
            }
            Err(e) => {
                drop(top);
                self.error = Some(e);
                self.heads.clear();
            }
        }
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_in_memory_merge_like_one_sort() {
        let mut all: Vec<Access> = (0..100u64)
            .map(|k| {
                Access::test(
                    (k * 37) % 101,
                    (k * 37) % 101 + 1 + k % 3,
                    k,
                    (k % 4) as usize,
                    k % 2 == 0,
                )
            })
            .collect();
        let got: Vec<Access> = Merged::in_chunks(all.clone(), 7).collect();
        all.sort_unstable_by_key(sort_key);
        assert_eq!(got, all);
        assert_eq!(Merged::in_chunks(Vec::new(), 7).count(), 0);
    }

    #[test]
    fn runs_and_memory_merge_in_offset_order() {
        let base = std::env::temp_dir();
        let dir = SpillDir::new(&base);
        let a = |s: u64, p: usize| {
            let mut x = Access::test(s, s + 4, 10 * s, p, s.is_multiple_of(2));
            x.t1 = x.t0 + 3;
            x.via_func = [7, u16::MAX];
            x
        };
        let mut r1 = vec![a(9, 0), a(1, 1), a(5, 0)];
        let mut r2 = vec![a(2, 2), a(8, 1)];
        let runs = vec![
            dir.write_run(&mut r1).unwrap(),
            dir.write_run(&mut r2).unwrap(),
        ];
        assert!(r1.is_empty());
        let fds = Descriptors::new(64);
        let m = Merged::new(runs, vec![a(3, 3), a(0, 0)], &dir, &fds).unwrap();
        let got: Vec<Access> = m.collect();
        let want = vec![
            a(0, 0),
            a(1, 1),
            a(2, 2),
            a(3, 3),
            a(5, 0),
            a(8, 1),
            a(9, 0),
        ];
        assert_eq!(got, want);
        let path = dir.dir.clone();
        drop(dir);
        assert!(!path.exists(), "the folder goes with the check");
    }

    /// 50 runs under a share of 3 descriptors: merged two at a time in passes, the same
    /// order, and only the last run left in the folder.
    #[test]
    fn many_runs_merge_in_passes_within_the_descriptors() {
        let dir = SpillDir::new(&std::env::temp_dir());
        let mut runs = Vec::new();
        for r in 0..50u64 {
            let mut acc: Vec<Access> = (0..20u64)
                .map(|i| Access::test(i * 50 + r, i * 50 + r + 1, r, 0, true))
                .collect();
            runs.push(dir.write_run(&mut acc).unwrap());
        }
        let fds = Descriptors::new(3);
        let m = Merged::new(runs, Vec::new(), &dir, &fds).unwrap();
        let starts: Vec<u64> = m.map(|a| a.start).collect();
        assert_eq!(starts, (0..1000).collect::<Vec<u64>>());
        let left = std::fs::read_dir(&dir.dir).unwrap().count();
        assert!(left <= 3, "{left} runs left after the passes");
        assert_eq!(*fds.free.lock().unwrap(), 3, "every descriptor given back");
    }
}
