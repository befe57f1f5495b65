#!/usr/bin/env python3
"""Self-test of check_perfetto.py: small traces built here with Perfetto's own schema, the
checker run on them as the Rust tests run it (a subprocess, --json -), its facts and
violations asserted.

    PYTHONPATH=/opt/recorder-otf2-py python3 tests/checker/test_check_perfetto.py

Exit 0 when every case passes; an assertion error names the case otherwise.
"""

import json
import os
import subprocess
import sys
import tempfile

from perfetto.protos.perfetto.trace import perfetto_trace_pb2 as pb

CHECKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check_perfetto.py")
TE = pb.TrackEvent
CLEARED = pb.TracePacket.SEQ_INCREMENTAL_STATE_CLEARED
NEEDS = pb.TracePacket.SEQ_NEEDS_INCREMENTAL_STATE
SEQ = 7


class Builder:
    """Writes a trace the way the recorder-otf2 writer does: descriptors without interning,
    thread slices with interned names, categories and annotations on one sequence, lanes and
    counters with plain strings."""

    def __init__(self, clear=True):
        self.trace = pb.Trace()
        self.tables = {}  # (table, string) -> iid
        self.first = clear

    def packet(self):
        p = self.trace.packet.add()
        p.trusted_packet_sequence_id = SEQ
        return p

    def process(self, uuid, pid, name, labels=()):
        d = self.packet().track_descriptor
        d.uuid = uuid
        d.process.pid, d.process.process_name = pid, name
        d.process.process_labels.extend(labels)

    def thread(self, uuid, parent, pid, tid, name):
        d = self.packet().track_descriptor
        d.uuid, d.parent_uuid = uuid, parent
        d.thread.pid, d.thread.tid, d.thread.thread_name = pid, tid, name

    def lane(self, uuid, parent, name):
        d = self.packet().track_descriptor
        d.uuid, d.parent_uuid, d.name = uuid, parent, name

    def counter(self, uuid, parent, name):
        d = self.packet().track_descriptor
        d.uuid, d.parent_uuid, d.name = uuid, parent, name
        d.counter.unit_name = "B/s"

    def iid(self, p, table, s):
        """The iid of s in table, defined in packet p if new."""
        key = (table, s)
        if key not in self.tables:
            self.tables[key] = len([k for k in self.tables if k[0] == table]) + 1
            e = getattr(p.interned_data, table).add()
            e.iid = self.tables[key]
            if table == "debug_annotation_string_values":
                e.str = s.encode()
            else:
                e.name = s
        return self.tables[key]

    def event(self, ts, track, typ):
        p = self.packet()
        p.timestamp = ts
        if self.first:
            p.sequence_flags = CLEARED | NEEDS
            self.first = False
        else:
            p.sequence_flags = NEEDS
        p.track_event.type = typ
        p.track_event.track_uuid = track
        return p

    def annotate(self, p, args):
        for k, val in args.items():
            a = p.track_event.debug_annotations.add()
            a.name_iid = self.iid(p, "debug_annotation_names", k)
            if isinstance(val, bool):
                a.bool_value = val
            elif isinstance(val, int):
                a.int_value = val
            elif isinstance(val, float):
                a.double_value = val
            elif isinstance(val, tuple):  # ("ptr", n)
                a.pointer_value = val[1]
            else:
                a.string_value_iid = self.iid(p, "debug_annotation_string_values", val)

    def begin(self, ts, track, name, cat, args=None, flows=(), terms=()):
        p = self.event(ts, track, TE.TYPE_SLICE_BEGIN)
        p.track_event.name_iid = self.iid(p, "event_names", name)
        p.track_event.category_iids.append(self.iid(p, "event_categories", cat))
        self.annotate(p, args or {})
        p.track_event.flow_ids.extend(flows)
        p.track_event.terminating_flow_ids.extend(terms)
        return p

    def end(self, ts, track, args=None, flows=(), terms=()):
        p = self.event(ts, track, TE.TYPE_SLICE_END)
        self.annotate(p, args or {})
        p.track_event.flow_ids.extend(flows)
        p.track_event.terminating_flow_ids.extend(terms)
        return p

    def async_slice(self, ts, end, track, name, cat):
        p = self.packet()
        p.timestamp, p.track_event.type, p.track_event.track_uuid = ts, TE.TYPE_SLICE_BEGIN, track
        p.track_event.name = name
        p.track_event.categories.append(cat)
        p = self.packet()
        p.timestamp, p.track_event.type, p.track_event.track_uuid = end, TE.TYPE_SLICE_END, track

    def sample(self, ts, track, value):
        p = self.packet()
        p.timestamp, p.track_event.type, p.track_event.track_uuid = ts, TE.TYPE_COUNTER, track
        p.track_event.double_counter_value = value

    def bytes(self):
        return self.trace.SerializeToString()


def run(tmp, *traces, extra=()):
    """The checker on traces (bytes) written to files: (exit code, facts, verdict)."""
    paths = []
    for n, data in enumerate(traces):
        paths.append(os.path.join(tmp, f"t{n}.pftrace"))
        with open(paths[-1], "wb") as fh:
            fh.write(data)
    r = subprocess.run([sys.executable, CHECKER, *paths, "--json", "-", *extra],
                       capture_output=True, text=True, check=False)
    assert r.returncode in (0, 1), r.stderr
    return r.returncode, json.loads(r.stdout), r.stderr


def descriptors(b, threads=True):
    b.process(1, 1, "rank 0: ior on node-a", ["rank=0", "host=node-a"])
    if threads:
        b.thread(11, 1, 1, 1, "rank 0 main")
        b.thread(12, 1, 1, 2, "rank 0 thread 1")
    b.lane(21, 1, "MPI-IO /tmp/x.dat")
    b.counter(31, 1, "POSIX write B/s")


def good_trace():
    b = Builder()
    descriptors(b)
    b.begin(100, 11, "MPI_File_write_all", "MPI-IO", {"fh": ("ptr", 0xABC), "count": 4},
            flows=(7, 8))
    b.begin(200, 11, "pwrite", "POSIX", {"fd": 3, "path": "/tmp/x.dat", "ok": True, "ratio": 0.5})
    b.end(300, 11, {"ret": 4096})
    # written out of time order: the checker sorts each track by time
    b.end(500, 11)
    b.begin(400, 11, "pwrite", "POSIX", {"fd": 3, "path": "/tmp/x.dat"})
    b.end(1000, 11, terms=(6,))  # a flow ending on an END: at the slice it ends
    b.begin(250, 12, "write", "POSIX", flows=(9,), terms=(7,))
    b.end(260, 12)
    b.begin(600, 12, "write", "POSIX", flows=(9,), terms=(8,))  # 9 is active: an arrow, goes on
    b.end(700, 12, terms=(99,))  # 99 was never active: dangling
    b.begin(800, 12, "fsync", "POSIX", flows=(5, 6))  # 5 goes nowhere: unterminated
    b.end(900, 12)
    b.async_slice(100, 1000, 21, "MPI_File_write_all", "MPI-IO")
    b.sample(100, 31, 1000.0)
    b.sample(1100, 31, 0.0)
    return b.bytes()


def test_good(tmp):
    rc, facts, verdict = run(tmp, good_trace())
    assert rc == 0 and facts["ok"], facts["violations"]
    assert verdict == "ok: 1 files, 1 processes, 2 threads, 6 calls, 7 slices, 4 flows, 1 counter tracks\n", verdict
    m = facts["merged"]
    assert m == {**facts["files"][0], "file": None}, "one file: merged = the file's facts"
    assert m["processes"] == [{"uuid": 1, "pid": 1, "name": "rank 0: ior on node-a",
                               "labels": ["rank=0", "host=node-a"], "first_ts": 100, "last_ts": 1100}]
    t, u = m["threads"]
    assert (t["uuid"], t["process"], t["pid"], t["tid"], t["name"]) == (11, 1, 1, 1, "rank 0 main")
    assert (t["calls"], t["slice_count"], t["max_depth"]) == (3, 3, 1)
    s = t["slices"]
    assert [(x["name"], x["category"], x["ts"], x["dur"], x["depth"], x["parent"]) for x in s] == [
        ("MPI_File_write_all", "MPI-IO", 100, 900, 0, None),
        ("pwrite", "POSIX", 200, 100, 1, 0),
        ("pwrite", "POSIX", 400, 100, 1, 0)]
    assert s[0]["args"] == {"fh": 0xABC, "count": 4}
    assert s[1]["args"] == {"fd": 3, "path": "/tmp/x.dat", "ok": True, "ratio": 0.5, "ret": 4096}
    assert not s[1]["continued"] and not s[1]["continues"] and s[1]["file"] == 0
    assert (u["tid"], u["calls"], u["max_depth"]) == (2, 3, 0)
    assert [x["name"] for x in u["slices"]] == ["write", "write", "fsync"]
    lane, = m["lanes"]
    assert (lane["name"], lane["process"], lane["pid"], lane["slice_count"]) == ("MPI-IO /tmp/x.dat", 1, 1, 1)
    assert (lane["slices"][0]["category"], lane["slices"][0]["dur"]) == ("MPI-IO", 900)
    ends = [(f["id"], (f["from"]["track"], f["from"]["slice"], f["from"]["name"]),
             (f["to"]["track"], f["to"]["slice"], f["to"]["name"])) for f in m["flows"]]
    assert ends == [(7, (11, 0, "MPI_File_write_all"), (12, 0, "write")),
                    (9, (12, 0, "write"), (12, 1, "write")),
                    (8, (11, 0, "MPI_File_write_all"), (12, 1, "write")),
                    (6, (12, 2, "fsync"), (11, 0, "MPI_File_write_all"))], ends
    assert all(f["from"]["file"] == f["to"]["file"] == 0 for f in m["flows"])
    assert (m["flow_count"], m["unterminated_flows"], m["dangling_terminating_flows"]) == (4, 1, 1)
    c, = m["counters"]
    assert (c["name"], c["process"], c["unit"], c["samples"], c["last_value"]) == ("POSIX write B/s", 1, "B/s", 2, 0.0)
    assert abs(c["integral"] - 1000.0 * 1000 / 1e9) < 1e-15, c
    assert (m["calls"], m["slices"], m["first_ts"], m["last_ts"]) == (6, 7, 100, 1100)


def test_no_slices(tmp):
    rc, facts, _ = run(tmp, good_trace(), extra=("--no-slices",))
    m = facts["merged"]
    assert rc == 0 and "flows" not in m and all("slices" not in t for t in m["threads"] + m["lanes"])
    assert [t["calls"] for t in m["threads"]] == [3, 3] and m["flow_count"] == 4


def piece(cut_begin, cut_end, continued_at):
    """One piece: a read cut at cut_end (None: ends at 400) after a begin at cut_begin."""
    b = Builder()
    descriptors(b, threads=True)
    b.begin(cut_begin, 11, "read", "POSIX", {"continued": True} if continued_at else {"fd": 3})
    if cut_end is None:
        b.end(800, 11)
    else:
        b.end(cut_end, 11, {"continues": True})
    b.sample(cut_begin, 31, 10.0)
    b.sample(cut_end or 800, 31, 0.0)
    return b.bytes()


def test_pieces(tmp):
    rc, facts, _ = run(tmp, piece(100, 500, False), piece(500, None, True))
    assert rc == 0, facts["violations"]
    a, b = facts["files"]
    assert a["threads"][0]["calls"] == 1 and a["threads"][0]["continues"] == 1
    assert b["threads"][0]["calls"] == 0 and b["threads"][0]["continued"] == 1
    t = facts["merged"]["threads"][0]
    assert (t["calls"], t["slice_count"], t["continued"], t["continues"]) == (1, 2, 1, 1)
    assert [(s["ts"], s["dur"], s["file"], s["continued"], s["continues"]) for s in t["slices"]] == [
        (100, 400, 0, False, True), (500, 300, 1, True, False)]
    c = facts["merged"]["counters"][0]
    assert c["samples"] == 4 and abs(c["integral"] - 10.0 * 700 / 1e9) < 1e-15
    assert facts["merged"]["processes"][0]["first_ts"] == 100
    assert facts["merged"]["processes"][0]["last_ts"] == 800
    rc, facts, _ = run(tmp, piece(100, 500, False), piece(501, None, True))
    assert rc == 1
    assert any("cut at 500" in x and "not continued" in x for x in facts["violations"]), facts["violations"]
    assert any("continued at 501" in x for x in facts["violations"]), facts["violations"]


def expect(tmp, data, *needles):
    rc, facts, verdict = run(tmp, data)
    assert rc == 1 and not facts["ok"], f"no violation, expected {needles}"
    for n in needles:
        assert any(n in x for x in facts["violations"]), f"{n!r} not in {facts['violations']}"
    assert verdict.splitlines()[0] == facts["violations"][0]


def test_broken(tmp):
    b = Builder()
    descriptors(b)
    b.begin(100, 11, "open", "POSIX")
    b.begin(200, 11, "read", "POSIX")
    p = b.end(300, 11)
    p.track_event.name_iid = b.iid(p, "event_names", "open")  # closes "read", names "open"
    b.begin(400, 11, "close", "POSIX")  # never ends (and "open" neither)
    expect(tmp, b.bytes(), "END 'open' (None) at 300 closes 'read'", "slice 'close' begun at 400 never ends",
           "slice 'open' begun at 100 never ends")

    b = Builder()
    descriptors(b)
    p = b.begin(100, 11, "open", "POSIX")
    p.track_event.name_iid = 42
    b.end(200, 11)
    expect(tmp, b.bytes(), "event name iid 42 not defined on sequence 7")

    b = Builder()
    descriptors(b)
    b.begin(100, 11, "open", "POSIX")
    b.end(200, 11)
    del b.trace.packet[1]  # thread track 11's descriptor
    b.thread(11, 1, 1, 1, "rank 0 main")  # now after the events
    expect(tmp, b.bytes(), "packet #5: event on track 11, not described before")

    b = Builder()
    descriptors(b)
    b.end(50, 11)
    b.begin(100, 11, "open", "POSIX")
    b.end(200, 11)
    expect(tmp, b.bytes(), "END at 50 without an open slice")


def test_broken_interning(tmp):
    b = Builder(clear=False)
    descriptors(b)
    b.begin(100, 11, "open", "POSIX")
    b.end(200, 11)
    expect(tmp, b.bytes(), "before any SEQ_INCREMENTAL_STATE_CLEARED")

    b = Builder()
    descriptors(b)
    b.begin(100, 11, "open", "POSIX")
    b.end(200, 11)
    p = b.begin(300, 11, "close", "POSIX")
    b.end(400, 11)
    p.sequence_flags = CLEARED | NEEDS  # the tables are emptied: "POSIX" is unknown here
    expect(tmp, b.bytes(), "category iid 1 not defined")

    b = Builder()
    descriptors(b)
    p = b.begin(100, 11, "open", "POSIX")
    q = b.begin(150, 11, "read", "POSIX")  # used here, defined in the next packet
    b.end(160, 11)
    b.end(200, 11)
    q.track_event.name_iid = 2
    q.ClearField("interned_data")
    r = b.packet()
    r.interned_data.event_names.add(iid=2, name="read")
    p.sequence_flags = CLEARED | NEEDS
    expect(tmp, b.bytes(), "packet #6: event name iid 2 not defined")

    b = Builder()
    descriptors(b)
    p = b.begin(100, 11, "open", "POSIX")
    p.sequence_flags = CLEARED
    b.end(200, 11)
    expect(tmp, b.bytes(), "without SEQ_NEEDS_INCREMENTAL_STATE")


def test_broken_tracks(tmp):
    b = Builder()
    descriptors(b)
    b.thread(11, 1, 1, 3, "rank 0 main")  # same uuid, other tid
    b.thread(13, 99, 1, 4, "orphan")
    b.lane(22, 11, "")
    b.begin(100, 31, "open", "POSIX")  # a slice on a counter track
    b.end(200, 31)
    b.sample(100, 11, 5.0)  # a sample on a thread track
    b.sample(150, 31, -1.0)
    p = b.begin(300, 11, "read", "POSIX")
    p.track_event.categories.append("MPI-IO")
    b.end(400, 11)
    expect(tmp, b.bytes(), "track 11 described again differently", "parent 99 not described",
           "parent 11 is a thread track", "lane track 22: no name", "slice event on counter track 31",
           "counter event on thread track 11", "counter 'POSIX write B/s' value -1.0",
           "thread slice 'read' with 2 categories")


def test_bad_bytes(tmp):
    expect(tmp, good_trace()[:-3], "framing: byte")
    expect(tmp, b"\x0a\x03\xff\xff\xff", "packet #0 (byte 0): does not parse")
    expect(tmp, b"", "t0.pftrace: no packets")
    r = subprocess.run([sys.executable, CHECKER, os.path.join(tmp, "missing.pftrace")],
                       capture_output=True, text=True, check=False)
    assert r.returncode == 1 and "missing.pftrace: cannot read" in r.stdout, r


def main():
    with tempfile.TemporaryDirectory() as tmp:
        for name, fn in list(globals().items()):
            if name.startswith("test_"):
                fn(tmp)
                print(f"{name}: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
