#!/usr/bin/env python3
"""Checks the Perfetto traces of `recorder-otf2 perfetto TRACE -o OUT.pftrace`, decoded with
Perfetto's own schema (the `perfetto` PyPI package), and rebuilds what the trace processor
would show: processes, threads, slices, async lanes, counters and flows.

    PYTHONPATH=/opt/recorder-otf2-py python3 tests/checker/check_perfetto.py FILE [FILE...] \
        [--json OUT.json|-] [--no-slices]

Several FILEs are the pieces of one trace split by time (`--max-size`), in order. Each piece
must be valid alone (its own descriptors and interning); facts are given per file and merged.

Checks (one line per violation on stdout, exit 1; exit 0 and `ok: ...` when none):
- framing: the file is a non-empty sequence of Trace.packet (field 1) records and every
  TracePacket parses;
- descriptors: a uuid is described once per file (the same descriptor again is allowed, a
  different one is not) and the same way in every file; every parent_uuid is described in
  the file and is a process track; thread, lane and counter tracks have a process parent;
  a thread's pid is its process's; pids and (pid, tid) are unique; lanes and counters have
  a name;
- events: a descriptor precedes (in file order) every event on its uuid; track events have
  a timestamp and a track_uuid; slice events (SLICE_BEGIN, SLICE_END, INSTANT) are on thread
  or lane tracks, COUNTER events on counter tracks; fields that would change the meaning
  and that this checker does not follow (timestamp_delta_us, legacy_event, extra counter
  values, trace_packet_defaults other than track_event_defaults.track_uuid, a clock other
  than boot time) are violations; a track event without track_uuid is on its sequence's
  default track (trace_packet_defaults, incremental state: reset by a clear);
- interning, per trusted_packet_sequence_id: SEQ_INCREMENTAL_STATE_CLEARED (or
  incremental_state_cleared) resets the sequence's tables; interned_data is valid from its
  packet on; a packet using an iid has SEQ_NEEDS_INCREMENTAL_STATE, its sequence was cleared
  before in this file, and the iid is defined (event_names, event_categories,
  debug_annotation_names, debug_annotation_string_values); an iid is not redefined with
  another value within one state;
- slices, per track with its events sorted by (timestamp, file order): an END closes the
  innermost open slice (an END naming another name or category is a violation), no END
  without an open slice, nothing left open at the end of the file, depth < 512 (the trace
  processor drops deeper slices); a thread slice has a name and exactly one category; a
  lane slice has a name;
- counters: values are finite and >= 0;
- pieces: a slice ended with annotation `continues` in piece k is begun again with
  `continued` in piece k+1 at the same time, on the same track, with the same name and
  depth, and the other way round (cuts at the first piece's start and the last piece's end,
  a time window's edges, have no partner).

Trace processor semantics followed: END annotations are merged into the slice's args (later
values win); an INSTANT is a zero-length slice; flows (v2) are taken over all events of the
file in (timestamp, file order): for each id of `flow_ids` a flow that is not active begins
at the event's slice, an active one draws an arrow from its previous slice to this one and
goes on from here; for each id of `terminating_flow_ids` an active flow draws an arrow and
ends, an inactive one is ignored (counted as dangling). Flows on an END attach to the slice
it ends. A "call" is a thread slice without the annotation `continued` = true.

--json writes facts (with `-`: on stdout, the verdict then on stderr), one line of JSON:

  {"ok": bool, "violations": [str] (the first 200), "violation_count": int,
   "files": [FACTS per file, in argument order], "merged": FACTS}

  FACTS = {
   "file": str (merged: null), "files": int (number of files merged: 1 per file),
   "packets": int, "track_events": int, "other_packets": {data field name: int},
   "ignored_fields": {"track_event.FIELD" | "interned_data.FIELD": int}  (set, not followed),
   "first_ts": int|null, "last_ts": int|null                 (ns, over all track events),
   "calls": int (thread slices without `continued`), "slices": int (thread + lane slices),
   "processes": [{"uuid", "pid", "name", "labels": [str], "first_ts", "last_ts"}],
   "threads": [{"uuid", "process" (its process track uuid), "pid", "tid", "name", "calls",
                "slice_count", "max_depth", "continued", "continues", "slices": [SLICE]}],
   "lanes": [{"uuid", "process", "pid", "name", "slice_count", "max_depth", "continued",
              "continues", "slices": [SLICE]}],
   "counters": [{"uuid", "process", "pid", "name", "unit", "samples", "integral",
                 "first_ts", "last_ts", "last_value", "max_value"}],
   "flows": [{"id", "from": END, "to": END}], "flow_count": int,
   "unterminated_flows": int (still active at the end of a file, without any arrow),
   "dangling_terminating_flows": int (terminating ids of flows that were not active)}
  SLICE = {"name", "category" (str|null), "ts", "dur", "depth" (0 = outermost),
           "parent" (index in the same list|null), "args": {name: value}, "continued",
           "continues" (bool), "file" (index of the file)}
  END = {"file", "track" (uuid), "slice" (index in that track's slices of that file), "name"}

Descriptor order is kept for processes, threads, lanes and counters; the merged lists hold
each uuid once (first appearance), with counts and integrals summed, max_depth and max_value
maximal, first_ts/last_ts the extremes, last_value the last file's, and slices concatenated
(parent re-indexed into the merged list; "file" says where each came from); merged flows
are the files' flows one after the other (a flow never crosses files). max_depth is the
largest slice depth (0 without slices). integral = sum over samples of value x (time of the
next sample - time) / 1e9 (the unit's seconds: bytes for B/s). Args: ints for int, uint and
pointer values, bools, floats (non-finite ones as strings), strings (interned ones decoded
as UTF-8), lists and dicts for array_values and dict_entries; the keys are the annotation
names without the trace processor's "debug." prefix. --no-slices leaves out "slices" and
"flows" (counts stay) and keeps of the args only what the checks need.
"""

import argparse
import collections
import json
import math
import sys
from operator import itemgetter

from perfetto.protos.perfetto.trace import perfetto_trace_pb2 as pb

TrackEvent = pb.TrackEvent
BEGIN, END, INSTANT, COUNTER = (TrackEvent.TYPE_SLICE_BEGIN, TrackEvent.TYPE_SLICE_END,
                                TrackEvent.TYPE_INSTANT, TrackEvent.TYPE_COUNTER)
SLICE_TYPES = (BEGIN, END, INSTANT)
CLEARED = pb.TracePacket.SEQ_INCREMENTAL_STATE_CLEARED
NEEDS_STATE = pb.TracePacket.SEQ_NEEDS_INCREMENTAL_STATE
BOOTTIME = 6  # BuiltinClock.BUILTIN_CLOCK_BOOTTIME, the default clock of track events
MAX_DEPTH = 512  # the trace processor's SliceTracker drops slices at this depth
MAX_LINES = 200
INTERN_TABLES = ("event_names", "event_categories", "debug_annotation_names",
                 "debug_annotation_string_values")

# TrackEvent fields that would change what the trace shows and that this checker does not
# follow: timestamp_delta_us, timestamp_absolute_us, legacy_event, extra counter values.
UNSUPPORTED_EVENT_FIELDS = {1, 16, 6, 31, 12, 45, 46}
# annotation flags the checks need even with --no-slices
FLAG_ARGS = ("continued", "continues")


class Violations:
    """Collects violation lines, keeping the first MAX_LINES."""

    def __init__(self):
        self.lines = []
        self.count = 0

    def __call__(self, msg):
        self.count += 1
        if len(self.lines) < MAX_LINES:
            self.lines.append(msg)


def packets(data):
    """Yields (index, byte offset, packet bytes) of the Trace's packets; raises ValueError
    where the framing breaks."""
    pos, n, i = 0, len(data), 0
    while pos < n:
        start = pos
        tag, pos = varint(data, pos)
        if tag != 0x0A:  # field 1 (packet), wire type 2 (length-delimited)
            raise ValueError(f"byte {start}: field {tag >> 3} wire type {tag & 7}, not a TracePacket")
        size, pos = varint(data, pos)
        if pos + size > n:
            raise ValueError(f"byte {start}: packet #{i} of {size} bytes runs past the end ({n})")
        yield i, start, data[pos:pos + size]
        pos += size
        i += 1


def varint(data, pos):
    b = data[pos] if pos < len(data) else None
    if b is not None and b < 0x80:
        return b, pos + 1
    result, shift = 0, 0
    while True:
        if pos >= len(data) or shift > 63:
            raise ValueError(f"byte {pos}: truncated or overlong varint")
        b = data[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if b < 0x80:
            return result, pos
        shift += 7


class Sequence:
    """The incremental state of one trusted_packet_sequence_id."""

    def __init__(self, cleared):
        self.cleared = cleared
        self.tables = {t: {} for t in INTERN_TABLES}
        self.default_track = None  # trace_packet_defaults.track_event_defaults.track_uuid


class Track:
    def __init__(self, uuid, desc, raw, order):
        self.uuid, self.raw, self.order = uuid, raw, order
        self.parent = desc.parent_uuid if desc.HasField("parent_uuid") else None
        self.name = desc.name
        self.pid = self.tid = None
        self.labels, self.unit = [], None
        if desc.HasField("thread"):
            self.kind = "thread"
            self.pid, self.tid, self.name = desc.thread.pid, desc.thread.tid, desc.thread.thread_name
        elif desc.HasField("process"):
            self.kind = "process"
            p = desc.process
            self.pid, self.name, self.labels = p.pid, p.process_name, list(p.process_labels)
        elif desc.HasField("counter"):
            self.kind = "counter"
            self.unit = desc.counter.unit_name
        else:
            self.kind = "lane"
        self.events = []  # (ts, order, type, name, category, args); counters: (ts, value)
        self.slices = []  # [name, category, ts, dur, depth, parent, args]


class FileReader:
    """Reads one file: descriptors, interning and events in file order, then slices, flows
    and counters as the trace processor rebuilds them."""

    def __init__(self, path, index, keep_args, v):
        self.path, self.index, self.keep_args = path, index, keep_args
        self.v = lambda msg: v(f"{path}: {msg}")
        self.tracks = {}
        self.seqs = {}
        self.flow_events = []  # (ts, order, uuid, flow_ids, terminating_ids)
        self.slice_of = {}  # order of an event with flows -> its slice index
        self.other = collections.Counter()
        self.ignored = collections.Counter()
        self.packets = self.track_events = 0
        self.strings = {}  # one str object per distinct name
        self.state_checked = None  # the packet whose sequence state was checked

    # ---- file order
    def read(self):
        try:
            with open(self.path, "rb") as fh:
                data = fh.read()
        except OSError as e:
            self.v(f"cannot read: {e}")
            return
        try:
            for i, offset, raw in packets(data):
                self.packets += 1
                try:
                    pkt = pb.TracePacket.FromString(raw)
                except Exception as e:  # noqa: BLE001 - any decode error is a violation
                    self.v(f"packet #{i} (byte {offset}): does not parse: {e}")
                    continue
                self.packet(i, pkt)
        except ValueError as e:
            self.v(f"framing: {e}")
        if not self.packets:
            self.v("no packets")

    def packet(self, i, pkt):
        """One packet in file order: its sequence's state first, then its data."""
        ts = te = None
        seq_id = flags = 0
        cleared = False
        rest = []
        for fd, value in pkt.ListFields():
            n = fd.number
            if n == 11:
                te = value
            elif n == 8:
                ts = value
            elif n == 10:
                seq_id = value
            elif n == 13:
                flags = value
            else:
                cleared |= n == 41 and value  # incremental_state_cleared, the older flag
                rest.append((fd, value))
        seq = self.seqs.get(seq_id)
        if flags & CLEARED or cleared:
            seq = self.seqs[seq_id] = Sequence(True)
        elif seq is None:
            seq = self.seqs[seq_id] = Sequence(False)
        self.cur_i, self.cur_seq, self.cur_seq_id, self.cur_flags = i, seq, seq_id, flags
        has_data = te is not None
        for fd, value in rest:
            has_data |= self.packet_field(i, seq, fd, value)
        if te is not None:
            self.track_events += 1
            self.event(i, ts, te)
        elif not has_data:
            self.other["(none)"] += 1

    def packet_field(self, i, seq, fd, value):
        """Handles a packet field other than the frequent ones; True for a data field."""
        n = fd.number
        if n == 12:
            self.intern(i, seq, value)
        elif n == 60:
            self.descriptor(i, value)
        elif n == 59:
            self.defaults(i, seq, value)
        elif n == 58 and value != BOOTTIME:
            self.v(f"packet #{i}: timestamp_clock_id {value} (only boot time ns is followed)")
        elif fd.containing_oneof is not None and fd.containing_oneof.name == "data":
            self.other[fd.name] += 1
        elif n not in (41, 58):
            self.ignored["packet." + fd.name] += 1
        return fd.containing_oneof is not None and fd.containing_oneof.name == "data"

    def defaults(self, i, seq, d):
        """trace_packet_defaults: incremental state of the sequence; only the default track
        of track events is followed."""
        for fd, value in d.ListFields():
            if fd.name != "track_event_defaults":
                self.v(f"packet #{i}: trace_packet_defaults.{fd.name} (not followed by this checker)")
                continue
            for f2, v2 in value.ListFields():
                if f2.name == "track_uuid":
                    seq.default_track = v2
                else:
                    self.v(f"packet #{i}: track_event_defaults.{f2.name} (not followed by this checker)")
        if not seq.cleared:
            self.v(f"packet #{i}: trace_packet_defaults on a sequence never cleared in this file")

    def intern(self, i, seq, interned):
        for fd, entries in interned.ListFields():
            if fd.name not in seq.tables:
                self.ignored["interned_data." + fd.name] += 1
                continue
            table = seq.tables[fd.name]
            for e in entries:
                value = e.str.decode("utf-8", "replace") if fd.name == "debug_annotation_string_values" else e.name
                value = self.strings.setdefault(value, value)
                old = table.get(e.iid)
                if old is not None and old != value:
                    self.v(f"packet #{i}: {fd.name} iid {e.iid} redefined ({old!r}, now {value!r})")
                table[e.iid] = value

    def descriptor(self, i, desc):
        if not desc.HasField("uuid"):
            self.v(f"packet #{i}: track descriptor without uuid")
            return
        raw = desc.SerializeToString(deterministic=True)
        old = self.tracks.get(desc.uuid)
        if old is not None:
            if old.raw != raw:
                self.v(f"packet #{i}: track {desc.uuid} described again differently (first in packet #{old.order})")
            return
        self.tracks[desc.uuid] = Track(desc.uuid, desc, raw, i)

    def lookup(self, table, iid, what):
        """The interned string iid of table in the current packet's sequence."""
        i = self.cur_i
        if self.state_checked != i:  # once per packet
            self.state_checked = i
            if not self.cur_flags & NEEDS_STATE:
                self.v(f"packet #{i}: uses {what} iid {iid} without SEQ_NEEDS_INCREMENTAL_STATE")
            if not self.cur_seq.cleared:
                self.v(f"packet #{i}: uses {what} iid {iid} on sequence {self.cur_seq_id} "
                       "before any SEQ_INCREMENTAL_STATE_CLEARED in this file")
        value = self.cur_seq.tables[table].get(iid)
        if value is None and self.cur_seq.cleared:
            self.v(f"packet #{i}: {what} iid {iid} not defined on sequence {self.cur_seq_id}")
        return value

    def event(self, i, ts, te):
        typ = uuid = name = value = None
        cats, anns, flows, terms = [], (), (), ()
        for fd, v in te.ListFields():
            n = fd.number
            if n == 9:
                typ = v
            elif n == 11:
                uuid = v
            elif n == 10:
                name = self.lookup("event_names", v, "event name")
            elif n == 23:
                name = self.strings.setdefault(v, v)
            elif n == 3:
                cats += [self.lookup("event_categories", c, "category") for c in v]
            elif n == 22:
                cats += [self.strings.setdefault(c, c) for c in v]
            elif n == 4:
                anns = v
            elif n in (36, 47):  # flow_ids (47) wins over flow_ids_old, as in the trace processor
                flows = list(v)
            elif n in (42, 48):
                terms = list(v)
            elif n in (30, 44):
                value = v
            elif n in UNSUPPORTED_EVENT_FIELDS:
                self.v(f"packet #{i}: track_event.{fd.name} (not followed by this checker)")
            else:
                self.ignored["track_event." + fd.name] += 1
        if uuid is None and self.cur_seq.default_track is not None:
            # The sequence's default track (incremental state: the packet must say it needs it).
            uuid = self.cur_seq.default_track
            if not self.cur_flags & NEEDS_STATE:
                self.v(f"packet #{i}: uses the default track without SEQ_NEEDS_INCREMENTAL_STATE")
        if uuid is None:
            self.v(f"packet #{i}: track event without track_uuid (and no default track)")
            return
        track = self.tracks.get(uuid)
        if track is None:
            self.v(f"packet #{i}: event on track {uuid}, not described before")
        elif ts is None:
            self.v(f"packet #{i}: track event without timestamp")
        elif typ == COUNTER:
            if anns or flows or terms or name or cats:
                self.ignored["track_event.(counter: name, categories, annotations, flows)"] += 1
            self.counter(i, ts, track, value)
        elif typ in SLICE_TYPES:
            args = self.annotations(i, anns) if anns else None
            self.slice_event(i, ts, track, typ, name, cats, args)
            if flows or terms:
                self.flow_events.append((ts, i, uuid, flows, terms))
        else:
            self.v(f"packet #{i}: track event of type {typ} on track {uuid}")

    def counter(self, i, ts, track, value):
        if track.kind != "counter":
            self.v(f"packet #{i}: counter event on {track.kind} track {track.uuid}")
        elif value is None:
            self.v(f"packet #{i}: counter event without a value")
        elif not math.isfinite(value) or value < 0:
            self.v(f"packet #{i}: counter {track.name!r} value {value}")
        else:
            track.events.append((ts, value))

    def slice_event(self, i, ts, track, typ, name, cats, args):
        if track.kind not in ("thread", "lane"):
            self.v(f"packet #{i}: slice event on {track.kind} track {track.uuid}")
            return
        if typ != END:
            if not name:
                self.v(f"packet #{i}: slice without a name on track {track.uuid}")
            if track.kind == "thread" and len(cats) != 1:
                self.v(f"packet #{i}: thread slice {name!r} with {len(cats)} categories {cats}")
        track.events.append((ts, i, typ, name, cats[0] if cats else None, args))

    def annotations(self, i, anns):
        args = {}
        for a in anns:
            name, value = self.annotation(a)
            if name is None:
                self.v(f"packet #{i}: debug annotation without a name")
            elif self.keep_args or name in FLAG_ARGS:
                args[name] = value
        return args or None

    def annotation(self, a):
        """(name, value) of one debug annotation; nested ones as dicts and lists."""
        name = value = None
        for fd, v in a.ListFields():
            n = fd.number
            if n == 1:
                name = self.lookup("debug_annotation_names", v, "annotation name")
            elif n == 10:
                name = v
            elif n == 17:
                value = self.lookup("debug_annotation_string_values", v, "annotation string")
            elif n in (2, 3, 4, 6, 7):  # bool, uint, int, string, pointer
                value = v
            elif n == 5:
                value = v if math.isfinite(v) else str(v)
            elif n == 11:
                value = dict(self.annotation(e) for e in v)
            elif n == 12:
                value = [self.annotation(e)[1] for e in v]
            else:
                self.ignored["debug_annotation." + fd.name] += 1
        return name, value

    # ---- what the trace processor rebuilds
    def rebuild(self):
        self.check_tracks()
        flow_orders = {e[1] for e in self.flow_events}
        for t in self.tracks.values():
            t.events.sort(key=itemgetter(0))  # stable: ties stay in file order
            t.first_ts = t.events[0][0] if t.events else None
            t.last_ts = t.events[-1][0] if t.events else None
            if t.kind in ("thread", "lane"):
                self.nest(t, flow_orders)
        self.follow_flows()

    def check_tracks(self):
        pids, tids = {}, {}
        for t in self.tracks.values():
            what = f"{t.kind} track {t.uuid} ({t.name!r})"
            if t.kind == "process":
                if t.pid in pids:
                    self.v(f"{what}: pid {t.pid} also on process track {pids[t.pid]}")
                pids.setdefault(t.pid, t.uuid)
                continue
            p = self.tracks.get(t.parent)
            if t.parent is None:
                self.v(f"{what}: no parent_uuid")
            elif p is None:
                self.v(f"{what}: parent {t.parent} not described in this file")
            elif p.kind != "process":
                self.v(f"{what}: parent {t.parent} is a {p.kind} track, not a process track")
            if t.kind == "thread":
                if p is not None and p.kind == "process" and p.pid != t.pid:
                    self.v(f"{what}: pid {t.pid}, its process track has pid {p.pid}")
                if (t.pid, t.tid) in tids:
                    self.v(f"{what}: (pid, tid) ({t.pid}, {t.tid}) also on thread track {tids[(t.pid, t.tid)]}")
                tids.setdefault((t.pid, t.tid), t.uuid)
            elif not t.name:
                self.v(f"{t.kind} track {t.uuid}: no name")

    def nest(self, t, flow_orders):
        """Slices of one track from its sorted BEGIN/END/INSTANT events."""
        slices, stack = t.slices, []
        for ts, order, typ, name, cat, args in t.events:
            if typ == END:
                idx = self.end(t, stack, ts, name, cat, args)
            else:
                idx = len(slices)
                if len(stack) >= MAX_DEPTH:
                    self.v(f"track {t.uuid} ({t.name!r}): slice {name!r} at {ts} at depth {len(stack)}")
                slices.append([name, cat, ts, 0 if typ == INSTANT else None, len(stack),
                               stack[-1] if stack else None, args])
                if typ == BEGIN:
                    stack.append(idx)
            if idx is not None and order in flow_orders:
                self.slice_of[order] = idx
        for idx in stack:
            s = slices[idx]
            self.v(f"track {t.uuid} ({t.name!r}): slice {s[0]!r} begun at {s[2]} never ends")
        t.events = None

    def end(self, t, stack, ts, name, cat, args):
        if not stack:
            self.v(f"track {t.uuid} ({t.name!r}): END at {ts} without an open slice")
            return None
        idx = stack.pop()
        s = t.slices[idx]
        if (name is not None and name != s[0]) or (cat is not None and cat != s[1]):
            self.v(f"track {t.uuid} ({t.name!r}): END {name!r} ({cat}) at {ts} closes {s[0]!r} ({s[1]}) begun at {s[2]}")
        s[3] = ts - s[2]
        if args:
            s[6] = {**s[6], **args} if s[6] else args
        return idx

    def follow_flows(self):
        self.flows, self.dangling = [], 0
        active = {}  # flow id -> [(uuid, slice index) it comes from, arrows so far]
        self.flow_events.sort(key=itemgetter(0, 1))
        for ts, order, uuid, flow_ids, terminating in self.flow_events:
            idx = self.slice_of.get(order)
            if idx is None:
                continue  # an END without an open slice: reported already
            here = (uuid, idx)
            for f in flow_ids:
                a = active.get(f)
                if a is None:
                    active[f] = [here, 0]
                else:
                    self.flows.append((f, a[0], here))
                    a[0] = here
                    a[1] += 1
            for f in terminating:
                a = active.pop(f, None)
                if a is None:
                    self.dangling += 1
                else:
                    self.flows.append((f, a[0], here))
        self.unterminated = sum(1 for a in active.values() if a[1] == 0)

    def cuts(self, flag):
        """Counter of (uuid, name, depth, time) of the slices cut at a piece's edge: with
        `continues` at their end, with `continued` at their start."""
        out = collections.Counter()
        for t in self.tracks.values():
            for s in t.slices:
                if s[6] and s[6].get(flag) is True:
                    at = s[2] + s[3] if flag == "continues" and s[3] is not None else s[2]
                    out[(t.uuid, s[0], s[4], at)] += 1
        return out

    # ---- facts
    def facts(self, with_slices):
        tracks = self.tracks.values()
        spans = {}
        for t in tracks:
            if t.first_ts is not None and t.parent is not None:
                lo, hi = spans.get(t.parent, (t.first_ts, t.last_ts))
                spans[t.parent] = (min(lo, t.first_ts), max(hi, t.last_ts))
        firsts = [t.first_ts for t in tracks if t.first_ts is not None]
        lasts = [t.last_ts for t in tracks if t.last_ts is not None]
        f = {
            "file": self.path, "files": 1, "packets": self.packets,
            "track_events": self.track_events, "other_packets": dict(self.other),
            "ignored_fields": dict(self.ignored),
            "first_ts": min(firsts, default=None), "last_ts": max(lasts, default=None),
            "processes": [
                {"uuid": t.uuid, "pid": t.pid, "name": t.name, "labels": t.labels,
                 "first_ts": spans.get(t.uuid, (None, None))[0], "last_ts": spans.get(t.uuid, (None, None))[1]}
                for t in tracks if t.kind == "process"],
            "threads": [self.slice_track(t, with_slices) for t in tracks if t.kind == "thread"],
            "lanes": [self.slice_track(t, with_slices) for t in tracks if t.kind == "lane"],
            "counters": [self.counter_track(t) for t in tracks if t.kind == "counter"],
            "flow_count": len(self.flows), "unterminated_flows": self.unterminated,
            "dangling_terminating_flows": self.dangling,
        }
        f["calls"] = sum(t["calls"] for t in f["threads"])
        f["slices"] = sum(t["slice_count"] for t in f["threads"] + f["lanes"])
        if with_slices:
            f["flows"] = [{"id": fid, "from": self.flow_end(a), "to": self.flow_end(b)}
                          for fid, a, b in self.flows]
        return f

    def flow_end(self, ref):
        uuid, idx = ref
        return {"file": self.index, "track": uuid, "slice": idx, "name": self.tracks[uuid].slices[idx][0]}

    def slice_track(self, t, with_slices):
        continued = sum(1 for s in t.slices if s[6] and s[6].get("continued") is True)
        p = self.tracks.get(t.parent)
        d = {"uuid": t.uuid, "process": t.parent, "pid": t.pid if t.kind == "thread" else p and p.pid}
        if t.kind == "thread":
            d.update(tid=t.tid, calls=len(t.slices) - continued)
        d.update(name=t.name, slice_count=len(t.slices),
                 max_depth=max((s[4] for s in t.slices), default=0), continued=continued,
                 continues=sum(1 for s in t.slices if s[6] and s[6].get("continues") is True))
        if with_slices:
            d["slices"] = [self.slice_fact(s) for s in t.slices]
        return d

    def slice_fact(self, s):
        args = s[6] or {}
        return {"name": s[0], "category": s[1], "ts": s[2], "dur": s[3], "depth": s[4],
                "parent": s[5], "args": args, "continued": args.get("continued") is True,
                "continues": args.get("continues") is True, "file": self.index}

    def counter_track(self, t):
        samples = t.events
        integral = sum(v * (b[0] - ts) for (ts, v), b in zip(samples, samples[1:])) / 1e9
        p = self.tracks.get(t.parent)
        return {"uuid": t.uuid, "process": t.parent, "pid": p and p.pid, "name": t.name,
                "unit": t.unit, "samples": len(samples), "integral": integral,
                "first_ts": t.first_ts, "last_ts": t.last_ts,
                "last_value": samples[-1][1] if samples else None,
                "max_value": max((v for _, v in samples), default=None)}


def check_across(readers, v):
    """Descriptors agree between files; cuts at piece boundaries pair up."""
    seen = {}
    for r in readers:
        for t in r.tracks.values():
            first = seen.setdefault(t.uuid, (r.path, t.raw))
            if first[1] != t.raw:
                v(f"{r.path}: track {t.uuid} ({t.name!r}) described differently in {first[0]}")
    for a, b in zip(readers, readers[1:]):
        out, into = a.cuts("continues"), b.cuts("continued")
        for (uuid, name, depth, at), n in (out - into).items():
            v(f"{a.path}: slice {name!r} on track {uuid} (depth {depth}) cut at {at} "
              f"({n}x) is not continued in {b.path}")
        for (uuid, name, depth, at), n in (into - out).items():
            v(f"{b.path}: slice {name!r} on track {uuid} (depth {depth}) continued at {at} "
              f"({n}x) was not cut in {a.path}")


def merge(per_file):
    """The files' facts as one trace (see the docstring)."""
    m = {"file": None, "files": len(per_file)}
    for k in ("packets", "track_events", "calls", "slices", "flow_count",
              "unterminated_flows", "dangling_terminating_flows"):
        m[k] = sum(f[k] for f in per_file)
    for k in ("other_packets", "ignored_fields"):
        m[k] = dict(sum((collections.Counter(f[k]) for f in per_file), collections.Counter()))
    m["first_ts"] = min((f["first_ts"] for f in per_file if f["first_ts"] is not None), default=None)
    m["last_ts"] = max((f["last_ts"] for f in per_file if f["last_ts"] is not None), default=None)
    m["processes"] = merge_by_uuid(per_file, "processes", merge_process)
    m["threads"] = merge_by_uuid(per_file, "threads", merge_slice_track)
    m["lanes"] = merge_by_uuid(per_file, "lanes", merge_slice_track)
    m["counters"] = merge_by_uuid(per_file, "counters", merge_counter)
    if all("flows" in f for f in per_file):
        m["flows"] = [fl for f in per_file for fl in f["flows"]]
    return m


def merge_by_uuid(per_file, key, combine):
    out = {}
    for f in per_file:
        for e in f[key]:
            out[e["uuid"]] = combine(out.get(e["uuid"]), e)
    return list(out.values())


def extreme(fn, a, b):
    return b if a is None else a if b is None else fn(a, b)


def merge_process(old, e):
    if old is None:
        return dict(e)
    old["first_ts"] = extreme(min, old["first_ts"], e["first_ts"])
    old["last_ts"] = extreme(max, old["last_ts"], e["last_ts"])
    return old


def merge_slice_track(old, e):
    if old is None:
        old = dict(e)
        if "slices" in e:
            old["slices"] = list(e["slices"])
        return old
    for k in ("calls", "slice_count", "continued", "continues"):
        if k in old:
            old[k] += e[k]
    old["max_depth"] = max(old["max_depth"], e["max_depth"])
    if "slices" in old:
        base = len(old["slices"])
        old["slices"] += [s if s["parent"] is None else dict(s, parent=s["parent"] + base)
                          for s in e["slices"]]
    return old


def merge_counter(old, e):
    if old is None:
        return dict(e)
    old["samples"] += e["samples"]
    old["integral"] += e["integral"]
    old["first_ts"] = extreme(min, old["first_ts"], e["first_ts"])
    old["last_ts"] = extreme(max, old["last_ts"], e["last_ts"])
    if e["samples"]:
        old["last_value"] = e["last_value"]
    old["max_value"] = extreme(max, old["max_value"], e["max_value"])
    return old


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+", metavar="FILE")
    ap.add_argument("--json", metavar="OUT")
    ap.add_argument("--no-slices", action="store_true")
    args = ap.parse_args()
    v = Violations()
    readers = []
    for index, path in enumerate(args.files):
        r = FileReader(path, index, not args.no_slices, v)
        r.read()
        r.rebuild()
        readers.append(r)
    check_across(readers, v)
    per_file = [r.facts(not args.no_slices) for r in readers]
    m = merge(per_file)
    if args.json:
        facts = {"ok": v.count == 0, "violations": v.lines, "violation_count": v.count,
                 "files": per_file, "merged": m}
        if args.json == "-":
            json.dump(facts, sys.stdout)
            sys.stdout.write("\n")
        else:
            with open(args.json, "w") as fh:
                json.dump(facts, fh)
                fh.write("\n")

    # With the facts on stdout, the verdict goes to stderr.
    out = sys.stderr if args.json == "-" else sys.stdout
    if v.count:
        print("\n".join(v.lines), file=out)
        if v.count > len(v.lines):
            print(f"... {v.count - len(v.lines)} more violations", file=out)
        return 1
    print(f"ok: {len(readers)} files, {len(m['processes'])} processes, {len(m['threads'])} threads, "
          f"{m['calls']} calls, {m['slices']} slices, {m['flow_count']} flows, "
          f"{len(m['counters'])} counter tracks", file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
