//! Packets, through the types prost generates from Perfetto's published schema: one scratch
//! packet per process reused for every event (no allocation per event once warm), the
//! per-sequence interning of names, and the per-piece output buffers.

use super::pieces::{Files, Histogram};
use pb::debug_annotation::{NameField as AnnName, Value};
use pb::trace_packet::{Data, OptionalTrustedPacketSequenceId as SeqId};
use pb::track_event::{NameField, Type};
use perfetto_schema as pb;
use prost::encoding::{encode_key, encode_varint, encoded_len_varint, WireType};
use prost::Message;

/// SEQ_INCREMENTAL_STATE_CLEARED | SEQ_NEEDS_INCREMENTAL_STATE.
const SEQ_CLEARED: u32 = 1;
const SEQ_NEEDS_STATE: u32 = 2;

/// Where encoded packets go: the piece files (through a buffer per piece), or, in the sizing
/// pass, only their sizes per time.
pub enum Out<'a> {
    Files { files: &'a Files, bufs: Vec<Buf> },
    Sizing(Histogram),
}

/// A piece's buffer: allocated (and zeroed) once, written up to `used`.
#[derive(Default)]
pub struct Buf {
    bytes: Vec<u8>,
    used: usize,
}

/// Bytes gathered before they go to the file.
const CHUNK: usize = 256 << 10;
/// Room past CHUNK for a packet of bounded size, encoded without being measured first.
const ROOM: usize = 16 << 10;

/// Whether a packet's size is bounded well below ROOM: a thread's event with no new
/// interned data and few flows and annotations (prost measures a message by walking all its
/// fields, and would do it twice more for the packet's event).
fn bounded(p: &pb::TracePacket) -> bool {
    if p.interned_data.is_some() || p.trace_packet_defaults.is_some() {
        return false;
    }
    match &p.data {
        Some(Data::TrackEvent(e)) => {
            e.flow_ids.len() + e.terminating_flow_ids.len() < 512
                && e.debug_annotations.len() < 32
                && e.categories.is_empty()
                && matches!(e.name_field, None | Some(NameField::NameIid(_)))
        }
        _ => false,
    }
}

impl<'a> Out<'a> {
    pub fn files(files: &'a Files) -> Out<'a> {
        Out::Files {
            files,
            bufs: (0..files.paths.len()).map(|_| Buf::default()).collect(),
        }
    }

    /// Append `p` as field 1 (`packet`) of a Trace.
    fn put(&mut self, k: usize, t: u64, p: &pb::TracePacket) -> Result<(), crate::Error> {
        let (files, b) = match self {
            Out::Files { files, bufs } => (*files, &mut bufs[k]),
            Out::Sizing(h) => {
                // Packets without a time (descriptors) are each piece's overhead.
                if p.timestamp.is_some() {
                    h.add(t, prost::encoding::message::encoded_len(1, p) as u64);
                }
                return Ok(());
            }
        };
        if b.bytes.is_empty() {
            b.bytes = vec![0; CHUNK + ROOM];
        }
        if bounded(p) {
            // The body first, past room for its key and length; then the header right
            // before it; then the packet moved down to where the buffer ends.
            let body = b.used + 6;
            let mut w = &mut b.bytes[body..];
            let room = w.len();
            p.encode_raw(&mut w);
            let n = room - w.len();
            let start = body - 1 - encoded_len_varint(n as u64);
            let mut h = &mut b.bytes[start..body];
            encode_key(1, WireType::LengthDelimited, &mut h);
            encode_varint(n as u64, &mut h);
            b.bytes.copy_within(start..body + n, b.used);
            b.used += body + n - start;
        } else {
            let len = p.encoded_len();
            let total = 1 + encoded_len_varint(len as u64) + len;
            if b.used + total > b.bytes.len() {
                files.append(k, &b.bytes[..b.used])?;
                b.used = 0;
            }
            let mut big = Vec::new();
            let mut w: &mut [u8] = if total > b.bytes.len() {
                big.resize(total, 0);
                &mut big
            } else {
                &mut b.bytes[b.used..b.used + total]
            };
            encode_key(1, WireType::LengthDelimited, &mut w);
            encode_varint(len as u64, &mut w);
            p.encode_raw(&mut w);
            if big.is_empty() {
                b.used += total;
            } else {
                files.append(k, &big)?;
            }
        }
        if b.used >= CHUNK {
            files.append(k, &b.bytes[..b.used])?;
            b.used = 0;
        }
        Ok(())
    }

    pub fn flush(&mut self) -> Result<(), crate::Error> {
        if let Out::Files { files, bufs } = self {
            for (k, b) in bufs.iter_mut().enumerate() {
                if b.used > 0 {
                    files.append(k, &b.bytes[..b.used])?;
                    b.used = 0;
                }
            }
        }
        Ok(())
    }
}

/// One sequence's interning tables (a thread's), valid within one piece.
#[derive(Default)]
pub struct Interner {
    next: u64,
    /// Function id -> event name iid (0: none yet).
    names: Vec<u64>,
    categories: [u64; 8],
    /// Function id -> field index (15: the result) -> annotation name iid.
    arg_names: Vec<[u64; 16]>,
    extra_names: [u64; Extra::COUNT],
    /// (kind of string, id) -> string value iid.
    strings: hashbrown::HashMap<(u8, u64), u64>,
    /// New entries, sent with the next packet.
    new: pb::InternedData,
    has_new: bool,
    /// No packet sent since the tables were cleared.
    pub cleared: bool,
}

impl Interner {
    pub fn clear(&mut self) {
        self.next = 0;
        self.names.clear();
        self.categories = [0; 8];
        self.arg_names.clear();
        self.extra_names = [0; Extra::COUNT];
        self.strings.clear();
        self.new = pb::InternedData::default();
        self.has_new = false;
        self.cleared = true;
    }

    fn iid(&mut self) -> u64 {
        self.next += 1;
        self.has_new = true;
        self.next
    }

    pub fn name(&mut self, func: u16, text: &str) -> u64 {
        let i = func as usize;
        if let Some(&v) = self.names.get(i).filter(|v| **v != 0) {
            return v;
        }
        if self.names.len() <= i {
            self.names.resize(i + 1, 0);
        }
        let iid = self.iid();
        self.names[i] = iid;
        self.new.event_names.push(pb::EventName {
            iid: Some(iid),
            name: Some(text.to_string()),
        });
        iid
    }

    pub fn category(&mut self, layer: usize, text: &str) -> u64 {
        if self.categories[layer] != 0 {
            return self.categories[layer];
        }
        let iid = self.iid();
        self.categories[layer] = iid;
        self.new.event_categories.push(pb::EventCategory {
            iid: Some(iid),
            name: Some(text.to_string()),
        });
        iid
    }

    pub fn arg_name(&mut self, func: u16, field: usize, text: &str) -> u64 {
        let i = func as usize;
        if self.arg_names.len() <= i {
            self.arg_names.resize(i + 1, [0; 16]);
        }
        let v = self.arg_names[i][field];
        if v != 0 {
            return v;
        }
        let iid = self.annotation_name(text);
        self.arg_names[i][field] = iid;
        iid
    }

    fn annotation_name(&mut self, text: &str) -> u64 {
        let iid = self.iid();
        self.new
            .debug_annotation_names
            .push(pb::DebugAnnotationName {
                iid: Some(iid),
                name: Some(text.to_string()),
            });
        iid
    }

    pub fn extra(&mut self, e: Extra) -> u64 {
        let v = self.extra_names[e as usize];
        if v != 0 {
            return v;
        }
        let iid = self.annotation_name(e.name());
        self.extra_names[e as usize] = iid;
        iid
    }

    /// The iid of a string value; `text` is called only for a new one.
    pub fn string(&mut self, kind: u8, id: u64, text: impl FnOnce() -> String) -> u64 {
        if let Some(&v) = self.strings.get(&(kind, id)) {
            return v;
        }
        let iid = self.iid();
        self.strings.insert((kind, id), iid);
        self.new
            .debug_annotation_string_values
            .push(pb::InternedString {
                iid: Some(iid),
                str: Some(text().into_bytes().into()),
            });
        iid
    }
}

/// Annotations that are not a recorded field.
#[derive(Clone, Copy, Debug)]
pub enum Extra {
    Errno,
    File,
    Offset,
    Bytes,
    Request,
    Continued,
    Continues,
    Extents,
    Ranges,
    CallSite,
    CallSiteFile,
    CallSiteLine,
}

impl Extra {
    const COUNT: usize = 12;
    pub fn name(self) -> &'static str {
        match self {
            Extra::Errno => "errno",
            Extra::File => "io.file",
            Extra::Offset => "io.offset",
            Extra::Bytes => "io.bytes",
            Extra::Request => "io.request",
            Extra::Extents => "io.extents",
            Extra::Ranges => "io.ranges",
            Extra::Continued => "continued",
            Extra::Continues => "continues",
            Extra::CallSite => "call_site",
            Extra::CallSiteFile => "call_site.file",
            Extra::CallSiteLine => "call_site.line",
        }
    }
}

/// A value of a debug annotation.
#[derive(Clone, Copy, Debug)]
pub enum Arg {
    Int(i64),
    Uint(u64),
    Hex(u64),
    Bool(bool),
    /// An interned string value.
    Str(u64),
}

/// The scratch packet of one process, and what an event is made of.
pub struct Encoder {
    packet: pb::TracePacket,
    /// The packet of end events without annotations (so that the begin packet's
    /// annotations are not dropped and rebuilt at every end).
    end: pb::TracePacket,
    /// Annotations kept from earlier events, reused (their count in use is `used`).
    used: usize,
}

impl Default for Encoder {
    fn default() -> Self {
        let packet = pb::TracePacket {
            data: Some(Data::TrackEvent(pb::TrackEvent::default())),
            ..Default::default()
        };
        Encoder {
            end: packet.clone(),
            packet,
            used: 0,
        }
    }
}

fn value(a: Arg) -> Value {
    match a {
        Arg::Int(v) => Value::IntValue(v),
        Arg::Uint(v) => Value::UintValue(v),
        Arg::Hex(v) => Value::PointerValue(v),
        Arg::Bool(v) => Value::BoolValue(v),
        Arg::Str(iid) => Value::StringValueIid(iid),
    }
}

impl Encoder {
    fn event(&mut self) -> &mut pb::TrackEvent {
        match &mut self.packet.data {
            Some(Data::TrackEvent(e)) => e,
            _ => unreachable!("the scratch packet always holds a track event"),
        }
    }

    /// Start a track event on a thread's sequence: type, track, time; interning travels
    /// with it.
    /// `track`: None for the sequence's default track (set with `send`).
    pub fn start(&mut self, seq: u32, t: u64, ty: Type, track: Option<u64>) {
        self.used = 0;
        self.packet.timestamp = Some(t);
        self.packet.optional_trusted_packet_sequence_id = Some(SeqId::TrustedPacketSequenceId(seq));
        self.packet.sequence_flags = Some(SEQ_NEEDS_STATE);
        let e = self.event();
        e.r#type = Some(ty as i32);
        e.track_uuid = track;
        e.name_field = None;
        e.category_iids.clear();
        e.categories.clear();
        e.flow_ids.clear();
        e.terminating_flow_ids.clear();
    }

    pub fn named(&mut self, name_iid: u64, category_iid: u64) {
        let e = self.event();
        e.name_field = Some(NameField::NameIid(name_iid));
        e.category_iids.push(category_iid);
    }

    pub fn arg(&mut self, name_iid: u64, v: Arg) {
        let i = self.used;
        self.used += 1;
        let e = self.event();
        if i == e.debug_annotations.len() {
            e.debug_annotations.push(pb::DebugAnnotation::default());
        }
        // In place: the annotation's other fields stay empty, nothing is dropped or built.
        let a = &mut e.debug_annotations[i];
        a.name_field = Some(AnnName::NameIid(name_iid));
        a.value = Some(value(v));
    }

    /// A string annotation that is not worth interning (it is rarely repeated).
    pub fn arg_text(&mut self, name_iid: u64, text: String) {
        let i = self.used;
        self.used += 1;
        let e = self.event();
        if i == e.debug_annotations.len() {
            e.debug_annotations.push(pb::DebugAnnotation::default());
        }
        let a = &mut e.debug_annotations[i];
        a.name_field = Some(AnnName::NameIid(name_iid));
        a.value = Some(Value::StringValue(text));
    }

    pub fn flows(
        &mut self,
        out: impl Iterator<Item = u64>,
        terminating: impl Iterator<Item = u64>,
    ) {
        let e = self.event();
        e.flow_ids.extend(out);
        e.terminating_flow_ids.extend(terminating);
    }

    /// Send the event built since `start` into piece `k`, with the sequence's new interned
    /// data.
    /// `track` is the sequence's default track, sent again after each clear.
    pub fn send(
        &mut self,
        out: &mut Out,
        k: usize,
        interner: &mut Interner,
        track: u64,
    ) -> Result<(), crate::Error> {
        let used = self.used;
        self.event().debug_annotations.truncate(used);
        if interner.cleared {
            self.packet.sequence_flags = Some(SEQ_CLEARED | SEQ_NEEDS_STATE);
            self.packet.trace_packet_defaults = Some(pb::TracePacketDefaults {
                track_event_defaults: Some(pb::TrackEventDefaults {
                    track_uuid: Some(track),
                    ..Default::default()
                }),
                ..Default::default()
            });
            interner.cleared = false;
        }
        if interner.has_new {
            self.packet.interned_data = Some(std::mem::take(&mut interner.new));
            interner.has_new = false;
        }
        let t = self.packet.timestamp.unwrap_or(0);
        let r = out.put(k, t, &self.packet);
        self.packet.interned_data = None;
        self.packet.trace_packet_defaults = None;
        r
    }

    /// A plain end event on a thread's sequence (its default track).
    pub fn send_end(
        &mut self,
        out: &mut Out,
        k: usize,
        seq: u32,
        t: u64,
        interner: &mut Interner,
        track: u64,
    ) -> Result<(), crate::Error> {
        if interner.cleared || interner.has_new {
            self.start(seq, t, Type::SliceEnd, None);
            return self.send(out, k, interner, track);
        }
        let p = &mut self.end;
        p.timestamp = Some(t);
        p.optional_trusted_packet_sequence_id = Some(SeqId::TrustedPacketSequenceId(seq));
        p.sequence_flags = Some(SEQ_NEEDS_STATE);
        if let Some(Data::TrackEvent(e)) = &mut p.data {
            e.r#type = Some(Type::SliceEnd as i32);
        }
        out.put(k, t, &self.end)
    }

    /// A packet of its own on the process's sequence (no interning): a track descriptor,
    /// an async slice event or a counter value.
    pub fn plain(
        out: &mut Out,
        k: usize,
        seq: u32,
        t: u64,
        data: Data,
    ) -> Result<(), crate::Error> {
        let p = pb::TracePacket {
            timestamp: (t != u64::MAX).then_some(t),
            optional_trusted_packet_sequence_id: Some(SeqId::TrustedPacketSequenceId(seq)),
            data: Some(data),
            ..Default::default()
        };
        out.put(k, if t == u64::MAX { 0 } else { t }, &p)
    }
}

/// A plain (not interned) debug annotation.
pub fn plain_arg(name: &str, v: Value) -> pb::DebugAnnotation {
    pb::DebugAnnotation {
        name_field: Some(AnnName::Name(name.to_string())),
        value: Some(v),
        ..Default::default()
    }
}
