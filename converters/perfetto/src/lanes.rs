//! Non-blocking operations in flight (MPI_File_iwrite until its MPI_Wait, ncmpi_iput until
//! ncmpi_wait_all, a deferred adios2 put until PerformPuts, aio_write until aio_return):
//! slices on async tracks of their handle, since they overlap each other and the calls of
//! their thread. A handle has as many lanes as it has operations in flight at once; an
//! operation takes the first free lane, so slices on a lane never overlap.

use super::encode::{plain_arg, Encoder, Out};
use super::pieces::{Pieces, Slot};
use super::tracks::{uuid, Described, ProcessIds, TrackKind};
use hashbrown::HashMap;
use io_events::functions::{Layer, FUNCTIONS};
use io_model::kinds::OpMode;
use pb::debug_annotation::Value;
use pb::trace_packet::Data;
use pb::track_event::{NameField, Type};
use perfetto_schema as pb;

/// An operation in flight.
#[derive(Clone, Debug)]
pub struct InFlight {
    pub handle: u32,
    pub layer: Layer,
    pub mode: OpMode,
    /// The call that issued it (u16::MAX: none).
    pub func: u16,
    pub t0: u64,
    pub requested: u64,
    pub offset: Option<u64>,
    pub file: Option<u32>,
    /// The flow from its issuing call, if that call is shown.
    pub flow: Option<u64>,
    /// Set by `Lanes::begin`.
    pub lane: u32,
}

/// The handle's track name, e.g. "MPI-IO /scratch/out.dat".
fn track_name(layer: Layer, file: Option<&str>, handle: u32) -> String {
    match file {
        Some(f) => format!("{} {f}", super::layer_name(layer)),
        None => format!("{} handle {handle}", super::layer_name(layer)),
    }
}

#[derive(Default)]
pub struct Lanes {
    in_flight: HashMap<u64, InFlight>,
    /// Per handle: which lanes are busy.
    busy: HashMap<u32, Vec<bool>>,
    /// (handle, lane) -> the lane's track number in the process.
    tracks: HashMap<(u32, u32), u64>,
    pub written: u64,
    pub unfinished: u64,
}

impl Lanes {
    pub fn begin(&mut self, id: u64, mut op: InFlight) {
        let busy = self.busy.entry(op.handle).or_default();
        let lane = match busy.iter().position(|b| !b) {
            Some(l) => l,
            None => {
                busy.push(false);
                busy.len() - 1
            }
        };
        busy[lane] = true;
        op.lane = lane as u32;
        self.in_flight.insert(id, op);
    }

    pub fn take(&mut self, id: u64) -> Option<InFlight> {
        let op = self.in_flight.remove(&id)?;
        if let Some(b) = self.busy.get_mut(&op.handle) {
            b[op.lane as usize] = false;
        }
        Some(op)
    }

    /// The operations never completed (the process ended with them in flight).
    pub fn left(&mut self) -> Vec<InFlight> {
        let mut v: Vec<InFlight> = self.in_flight.drain().map(|(_, o)| o).collect();
        v.sort_by_key(|o| o.t0);
        self.unfinished += v.len() as u64;
        v
    }

    /// Write a completed operation as a slice on its lane, cut at piece boundaries; `at`:
    /// the pieces, the process, the global file names.
    pub fn write(
        &mut self,
        out: &mut Out,
        described: &mut Described,
        at: (&Pieces, &ProcessIds, &[String]),
        op: &InFlight,
        t1: u64,
        done: Option<u64>,
    ) -> Result<(), crate::Error> {
        let (pieces, ids, files) = at;
        let n = self.tracks.len() as u64;
        let n = *self.tracks.entry((op.handle, op.lane)).or_insert(n);
        let track = uuid(TrackKind::Lane, ids.pos, n);
        let file = op
            .file
            .and_then(|f| files.get(f as usize))
            .map(String::as_str);
        let tname = track_name(op.layer, file, op.handle);
        let name = match FUNCTIONS.get(op.func as usize) {
            Some(f) => f.display.to_string(),
            None => format!("{:?}", op.mode).to_lowercase(),
        };
        let mut args = vec![
            plain_arg("io.requested", Value::UintValue(op.requested)),
            plain_arg("io.handle", Value::UintValue(op.handle as u64)),
        ];
        match done {
            Some(b) => args.push(plain_arg("io.bytes", Value::UintValue(b))),
            None => args.push(plain_arg("io.cancelled", Value::BoolValue(true))),
        }
        if let Some(o) = op.offset {
            args.push(plain_arg("io.offset", Value::UintValue(o)));
        }
        if let Some(f) = file {
            args.push(plain_arg("io.file", Value::StringValue(f.to_string())));
        }
        self.written += 1;
        let (mut a, mut slot) = (op.t0, pieces.slot(op.t0));
        loop {
            let cut = pieces.boundary_after(slot);
            let b = t1.min(cut);
            if let Slot::Piece(k) = slot {
                described.named(out, k, ids, track, &tname, None)?;
                let mut begin = pb::TrackEvent {
                    r#type: Some(Type::SliceBegin as i32),
                    track_uuid: Some(track),
                    name_field: Some(NameField::Name(name.clone())),
                    categories: vec![super::layer_name(op.layer).to_string()],
                    debug_annotations: args.clone(),
                    ..Default::default()
                };
                if a != op.t0 {
                    begin
                        .debug_annotations
                        .push(plain_arg("continued", Value::BoolValue(true)));
                }
                Encoder::plain(out, k, ids.seq, a, Data::TrackEvent(begin))?;
                let end = pb::TrackEvent {
                    r#type: Some(Type::SliceEnd as i32),
                    track_uuid: Some(track),
                    ..Default::default()
                };
                Encoder::plain(out, k, ids.seq, b, Data::TrackEvent(end))?;
            }
            if t1 < cut || slot == Slot::After {
                return Ok(());
            }
            a = cut;
            slot = pieces.next(slot);
        }
    }
}
