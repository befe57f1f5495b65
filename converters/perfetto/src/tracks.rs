//! Tracks: one process track per process (named like the OTF2 location groups: rank,
//! program, host), one thread track per thread, async lanes per handle for non-blocking
//! operations in flight, counter tracks per layer. Each piece file gets the descriptors of the
//! tracks it uses, before their first event.

use super::encode::{Encoder, Out};
use pb::trace_packet::Data;
use pb::track_descriptor::StaticOrDynamicName;
use perfetto_schema as pb;

/// Kinds of tracks (the top bits of their uuid).
#[derive(Clone, Copy)]
pub enum TrackKind {
    Process = 1,
    Thread = 2,
    Lane = 3,
    Counter = 4,
}

/// A track's uuid: its kind, the process's position in the output and a number within it.
pub fn uuid(kind: TrackKind, process: usize, n: u64) -> u64 {
    (kind as u64) << 60 | (process as u64 & 0xFF_FFFF) << 36 | (n & 0xF_FFFF_FFFF)
}

/// Who a process is in the output.
#[derive(Clone, Debug)]
pub struct ProcessIds {
    /// Position among the processes written (ranks first, in rank order).
    pub pos: usize,
    /// Synthetic pid (pos + 1: process tracks sort in rank order) and the first synthetic
    /// tid of its threads past the main one (tids are unique across the whole trace).
    pub pid: i32,
    pub first_tid: i32,
    /// Its process sequence; its threads' sequences follow.
    pub seq: u32,
    pub name: String,
    pub labels: Vec<String>,
    pub cmdline: Vec<String>,
    /// Thread names ("thread 0 (tid 1234)").
    pub threads: Vec<String>,
}

impl ProcessIds {
    pub fn uuid(&self) -> u64 {
        uuid(TrackKind::Process, self.pos, 0)
    }
    pub fn thread_uuid(&self, k: usize) -> u64 {
        uuid(TrackKind::Thread, self.pos, k as u64)
    }
    pub fn thread_seq(&self, k: usize) -> u32 {
        self.seq + 1 + k as u32
    }
    pub fn tid(&self, k: usize) -> i32 {
        if k == 0 {
            self.pid
        } else {
            self.first_tid + k as i32 - 1
        }
    }
}

/// Which descriptors each piece has received (per track: a bit per piece, pieces being few).
pub struct Described {
    seen: hashbrown::HashMap<u64, Vec<bool>>,
    pieces: usize,
}

impl Described {
    pub fn new(pieces: usize) -> Described {
        Described {
            seen: hashbrown::HashMap::new(),
            pieces,
        }
    }

    /// Mark the tracks of a process and its threads as described in every piece (the
    /// driver writes them first, in rank order).
    pub fn preset(&mut self, p: &ProcessIds) {
        let n = self.pieces;
        self.seen.insert(p.uuid(), vec![true; n]);
        for t in 0..p.threads.len() {
            self.seen.insert(p.thread_uuid(t), vec![true; n]);
        }
    }

    /// Every process and thread track, in order, into each piece.
    pub fn all(out: &mut Out, pieces: usize, procs: &[&ProcessIds]) -> Result<(), crate::Error> {
        let mut d = Described::new(pieces);
        for k in 0..pieces {
            for p in procs {
                for t in 0..p.threads.len() {
                    d.thread(out, k, p, t)?;
                }
                d.process(out, k, p)?;
            }
        }
        out.flush()
    }

    /// Whether `uuid` still has to be described in piece `k` (and mark it done).
    fn first(&mut self, uuid: u64, k: usize) -> bool {
        let n = self.pieces;
        let v = self.seen.entry(uuid).or_insert_with(|| vec![false; n]);
        !std::mem::replace(&mut v[k], true)
    }

    pub fn process(&mut self, out: &mut Out, k: usize, p: &ProcessIds) -> Result<(), crate::Error> {
        if !self.first(p.uuid(), k) {
            return Ok(());
        }
        let d = pb::TrackDescriptor {
            uuid: Some(p.uuid()),
            process: Some(pb::ProcessDescriptor {
                pid: Some(p.pid),
                process_name: Some(p.name.clone()),
                process_labels: p.labels.clone(),
                cmdline: p.cmdline.clone(),
                legacy_sort_index: Some(p.pos as i32),
                ..Default::default()
            }),
            ..Default::default()
        };
        Encoder::plain(out, k, p.seq, u64::MAX, Data::TrackDescriptor(d))
    }

    pub fn thread(
        &mut self,
        out: &mut Out,
        k: usize,
        p: &ProcessIds,
        t: usize,
    ) -> Result<(), crate::Error> {
        self.process(out, k, p)?;
        if !self.first(p.thread_uuid(t), k) {
            return Ok(());
        }
        let d = pb::TrackDescriptor {
            uuid: Some(p.thread_uuid(t)),
            parent_uuid: Some(p.uuid()),
            thread: Some(pb::ThreadDescriptor {
                pid: Some(p.pid),
                tid: Some(p.tid(t)),
                thread_name: p.threads.get(t).cloned(),
                ..Default::default()
            }),
            ..Default::default()
        };
        Encoder::plain(out, k, p.seq, u64::MAX, Data::TrackDescriptor(d))
    }

    /// A named track under the process: an async lane or (with a unit) a counter.
    pub fn named(
        &mut self,
        out: &mut Out,
        k: usize,
        p: &ProcessIds,
        uuid: u64,
        name: &str,
        unit: Option<&str>,
    ) -> Result<(), crate::Error> {
        self.process(out, k, p)?;
        if !self.first(uuid, k) {
            return Ok(());
        }
        let d = pb::TrackDescriptor {
            uuid: Some(uuid),
            parent_uuid: Some(p.uuid()),
            static_or_dynamic_name: Some(StaticOrDynamicName::Name(name.to_string())),
            counter: unit.map(|u| pb::CounterDescriptor {
                unit_name: Some(u.to_string()),
                ..Default::default()
            }),
            ..Default::default()
        };
        Encoder::plain(out, k, p.seq, u64::MAX, Data::TrackDescriptor(d))
    }
}
