#!/usr/bin/python3
"""Semantic checker for OTF2 archives written by recorder-otf2.

Usage (Debian's python3-otf2 is importable only by Debian's interpreter):

    /usr/bin/python3 tests/checker/check_otf2.py ARCHIVE.otf2 [--json OUT.json] [--indent]
                                                 [--limit N]

The archive is opened with ``otf2.reader.open``, which resolves every reference strictly
(an event or definition naming an undefined handle, region, file ... makes reading fail; that
failure is reported as a violation).  All definitions and all events are read, then checked:

 1. Per location: Enter/Leave balanced and properly nested (a Leave names the region on top of
    the location's stack), stack empty at the end.
 2. Per location: timestamps never decrease.
 3. Per location: number of events read == the Location definition's numberOfEvents.
 4. Handle life cycle, per location group (process) and handle.  Events of the locations of
    one group are merged in timestamp order (stable: ties keep per-location order; among
    locations at equal timestamps IoCreateHandle/IoDuplicateHandle are processed first, then
    lower location ids first).  A handle is active from the start if it has flag PRE_CREATED
    (it must then have an IoPreCreatedHandleState definition) or ALL_PROXY, after
    IoCreateHandle, and as newHandle of IoDuplicateHandle; IoDestroyHandle makes it inactive.
    Errors: IoCreateHandle / IoDuplicateHandle(new) on an active handle; IoDestroyHandle,
    IoDuplicateHandle(old), IoSeek, IoChangeStatusFlags, IoOperation*, Io*Lock on an inactive
    handle; IoDestroyHandle while an operation on the handle is in flight (begun, not yet
    completed or cancelled: its end would fall on a destroyed handle, or on the next life of
    a handle definition created again); ALL_PROXY handles in IoCreateHandle / IoDestroyHandle
    / IoDuplicateHandle(new);
    an IoPreCreatedHandleState for a handle without PRE_CREATED; I/O events naming
    OTF2_UNDEFINED_IO_HANDLE.
 5. I/O operations, per (location group, handle, matchingId): each IoOperationBegin is closed
    by exactly one IoOperationComplete or IoOperationCancelled; no Begin while that matchingId
    is in flight on that handle; IoOperationIssued only for NON_BLOCKING operations, at most
    once, between Begin and completion; IoOperationTest only after Issued and before
    completion; IoOperationCancelled only for NON_BLOCKING operations; a blocking operation
    completes on the location where it began, inside the same innermost Enter/Leave instance;
    nothing in flight at the end; COLLECTIVE not on handles of a SERIAL io paradigm;
    bytesResult <= bytesRequest for READ and WRITE.
 6. Every IoHandle's parent (if any) has a smaller id and a different io paradigm.
 7. Every IoRegularFile / IoDirectory has a scope (system tree node).

Output: one line per violation, then exit status 1:

    location 'NAME' (id L) event #I time T: MESSAGE      (event-level violations)
    location 'NAME' (id L): MESSAGE                      (per-location violations)
    definitions: MESSAGE                                 (definition violations)
    read error: MESSAGE                                  (the reader raised)

Event index I is 0-based within the location; T is the raw timestamp in ticks.
Without violations it prints ``ok: N locations, M events, K io operations`` (K = number of
IoOperationBegin events) and exits 0.  Usage errors exit 2.

JSON dump (--json OUT.json), written whenever the definitions could be read, also when
violations were found.  Enum values are their OTF2 names (strings, e.g. "WRITE_ONLY");
bit sets are lists of the names of the bits set ([] for none, unknown bits as ints).
Definitions are referred to by name, with the numeric id in a separate ``*_id`` key.

{
  "archive": str, "ok": bool, "violations": [str, ...],
  "counts": {"locations": int, "events": int, "io_operations": int},
  "clock": {"resolution", "global_offset", "trace_length", "realtime_timestamp"},  # ints
  "system_tree": [{"id", "name", "class", "parent" (name|null), "parent_id" (int|null),
                   "domains": [str], "properties": {name: value}}],
  "location_groups": [{"id", "name", "type", "system_tree_parent" (name|null),
                       "system_tree_parent_id", "creating_location_group" (name|null)}],
  "paradigms": [{"id", "identification", "name", "class", "flags": [str]}],
  "regions": [{"id", "name", "canonical_name", "description", "role", "paradigm", "flags",
               "source_file", "begin_line", "end_line"}],
  "attributes": [{"id", "name", "description", "type"}],
  "source_code_locations": [{"id", "file", "line"}],
  "calling_contexts": [CONTEXT, ...],  # CONTEXT: {"id", "region", "function" (the parent's
                                       # region), "file", "line" (the parent's location)}
  "files": [{"id", "name", "type": "file"|"directory", "scope" (node name|null),
             "scope_id", "scope_class" (node class name|null), "properties": {name: value}}],
  "handles": [{"id", "name", "file" (name|null), "file_id", "paradigm" (identification|null),
               "paradigm_id", "flags": [str], "comm" (name|null), "comm_id", "parent" (name|null),
               "parent_id", "pre_created_state": null | {"mode": str, "status_flags": [str]}}],
  "groups": [{"id", "name", "type" (GroupType name), "paradigm" (Paradigm name), "flags": [str],
              "members": [location id, ...]}],   # COMM_GROUP members resolved to locations
  "comms": [{"id", "name", "group" (name|null), "group_id", "parent" (name|null), "parent_id"}],
  "locations": [{"id", "name", "group" (location group id), "group_name", "type",
                 "number_of_events" (from the definition), "events": [EVENT, ...]}]
}

EVENT (in the location's own order).  Keys present on every event (null if not applicable):
  "index" (0-based within the location), "type" (OTF2 record name: "Enter", "Leave",
  "IoCreateHandle", "IoOperationBegin", ...), "time" (raw ticks),
  "region" (Enter/Leave: region name), "enclosing_region" (name of the innermost region
  open on that location at the event, or null; for Enter the region open before it was
  entered, for Leave the region still open after it was left),
  "handle", "handle_id" (the event's handle; for IoDuplicateHandle the old handle),
  "file" (file name of the handle; IoDeleteFile: the deleted file),
  "paradigm" (identification of the handle's io paradigm; IoDeleteFile: the event's paradigm),
  "parent_handle", "parent_paradigm" (the handle's parent handle name and its paradigm),
  "offset" (value of the attribute named "Offset", if attached),
  "attributes" ({attribute name: value}, {} if none; a CALLING_CONTEXT value is a CONTEXT).
Keys present only on the event types that carry them:
  IoCreateHandle:        "mode" (IoAccessMode name), "creation_flags", "status_flags"
  IoDuplicateHandle:     "new_handle", "new_handle_id", "status_flags"
  IoChangeStatusFlags:   "status_flags"
  IoSeek:                "offset_request", "whence" (IoSeekOption name), "offset_result"
  IoOperationBegin:      "mode" (IoOperationMode name), "flags" (IoOperationFlag names),
                         "bytes_request", "matching_id"
  IoOperationIssued/Test/Cancelled: "matching_id"
  IoOperationComplete:   "bytes_result", "matching_id"
  IoAcquireLock/IoReleaseLock/IoTryLock: "lock_type" (LockType name)
  any other record type: its fields in snake_case, converted like the above.
"""

import argparse
import heapq
import io
import json
import sys

try:
    import otf2
    from otf2 import definitions as odefs
    from _otf2.Config import EnumBitset
except ImportError as exc:  # pragma: no cover
    sys.stderr.write("check_otf2.py: cannot import otf2 ({}); run it with /usr/bin/python3\n"
                     .format(exc))
    sys.exit(2)


# ----------------------------------------------------------------------------- enum helpers

def _enum_value(v):
    """Integer value of an _otf2 enum object (or the int itself)."""
    if v is None:
        return None
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, int):
        return v
    return getattr(v, "value", v)


def enum_name(v):
    """Name of an _otf2 enum value ("READ_ONLY"); the int if the value has no name."""
    if v is None:
        return None
    names = getattr(type(v), "_names", None)
    val = _enum_value(v)
    if names is not None and val in names:
        return names[val]
    return val


def flag_names(v):
    """List of the names of the bits set in an _otf2 bit-set value."""
    if v is None:
        return None
    val = _enum_value(v)
    names = getattr(type(v), "_names", {}) or {}
    out = []
    rest = val
    for bit in sorted(names):
        if bit and (val & bit) == bit:
            out.append(names[bit])
            rest &= ~bit
    if rest:
        out.append(rest)
    return out


def _has_flag(value, flag):
    return (_enum_value(value) & _enum_value(flag)) != 0


def _ref(d):
    return None if d is None else getattr(d, "_ref", None)


def _name(d):
    return None if d is None else getattr(d, "name", None)


def _jsonable(v):
    """Convert attribute / property / field values to JSON-friendly values."""
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    if isinstance(v, odefs.IoParadigm):
        return v.identification
    if isinstance(v, odefs.CallingContext):
        return _context_json(v)
    if hasattr(v, "name") and isinstance(getattr(v, "name"), str) and hasattr(v, "_ref"):
        return v.name
    if hasattr(type(v), "_names"):
        if isinstance(v, EnumBitset):
            return flag_names(v)
        return enum_name(v)
    if hasattr(v, "value"):
        return _jsonable(v.value)
    return repr(v)


def _context_json(c):
    """A calling context as the call sites give it: the called region, and the frame above
    it (its parent): the program function and its source file and line."""
    frame = c.parent
    scl = None if frame is None else frame.source_code_location
    return {"id": c._ref, "region": _name(c.region),
            "function": None if frame is None else _name(frame.region),
            "file": None if scl is None else scl.file,
            "line": None if scl is None else scl.line_number}


def _snake(name):
    out = []
    for i, ch in enumerate(name):
        if ch.isupper() and i and not name[i - 1].isupper():
            out.append("_")
        out.append(ch.lower())
    return "".join(out)


# ----------------------------------------------------------------------------- records

class Ev(object):
    """One event of one location, plus what the per-location pass derives for it."""
    __slots__ = ("loc", "idx", "time", "kind", "obj", "frame", "enclosing")

    def __init__(self, loc, idx, ev):
        self.loc = loc
        self.idx = idx
        self.time = ev.time
        self.kind = type(ev).__name__
        self.obj = ev
        self.frame = None       # id of the innermost open Enter instance (0: none open)
        self.enclosing = None   # Region def of the innermost open region


class Checker(object):
    def __init__(self):
        self.violations = []
        self.defs = None
        self.locations = []          # Location defs in id order
        self.events = {}             # location ref -> [Ev]
        self.read_ok = True
        self.n_io_ops = 0

    # -------------------------------------------------------------- reporting
    def v_event(self, ev, msg):
        self.violations.append("location '{}' (id {}) event #{} time {}: {}".format(
            ev.loc.name, ev.loc._ref, ev.idx, ev.time, msg))

    def v_loc(self, loc, msg):
        self.violations.append("location '{}' (id {}): {}".format(loc.name, loc._ref, msg))

    def v_def(self, msg):
        self.violations.append("definitions: " + msg)

    # -------------------------------------------------------------- reading
    def read(self, path):
        # python3-otf2 reports exceptions raised in its definition callbacks only on
        # sys.stderr (then the C reader stops with INTERRUPTED_BY_CALLBACK): capture them to
        # name the cause in the violation, and pass them on to the real stderr.
        real_stderr, captured = sys.stderr, io.StringIO()
        sys.stderr = captured
        try:
            ctx = otf2.reader.open(path, batch_events=10000)
            trace = ctx.__enter__()
        except Exception as exc:
            sys.stderr = real_stderr
            sys.stderr.write(captured.getvalue())
            lines = [l for l in captured.getvalue().splitlines() if l.strip()]
            cause = ""
            if lines and "Traceback" in captured.getvalue():
                cause = " (callback raised {}{})".format(
                    lines[-1], "; reference to an undefined definition"
                    if lines[-1].startswith("KeyError") else "")
            self.violations.append("read error: cannot open archive / read definitions: {}: {}{}"
                                   .format(type(exc).__name__, exc, cause))
            self.read_ok = False
            return False
        finally:
            if sys.stderr is captured:
                sys.stderr = real_stderr
                sys.stderr.write(captured.getvalue())
        try:
            self.defs = trace.definitions
            self.locations = sorted(self.defs.locations, key=lambda l: l._ref)
            for loc in self.locations:
                self.events[loc._ref] = []
            # Collect events as the reader's callback decodes them (instead of from the
            # batched generator) so that, when decoding fails (e.g. an event names an
            # undefined handle), the failing event can be named and nothing decoded is lost.
            evr = trace.events
            orig_append = evr._append
            failure = []

            def append(event_type, location_ref, time, *rest):
                try:
                    orig_append(event_type, location_ref, time, *rest)
                except Exception as exc:
                    failure.append((event_type.__name__, location_ref, time, exc))
                    raise
                loc, ev = evr.buffer[-1]
                lst = self.events.setdefault(loc._ref, [])
                lst.append(Ev(loc, len(lst), ev))
                evr.buffer.pop()

            evr._append = append
            try:
                for _ in evr:
                    pass
            except Exception as exc:
                self.read_ok = False
                if failure:
                    kind, lref, time, err = failure[0]
                    lst = self.events.get(lref, [])
                    loc = lst[0].loc if lst else None
                    hint = " (reference to an undefined definition)" \
                        if isinstance(err, KeyError) else ""
                    self.violations.append(
                        "read error: location '{}' (id {}) event #{} time {}: {} record could "
                        "not be decoded: {}: {}{}".format(
                            _name(loc) if loc is not None else
                            _name(self._loc_by_ref(lref)), lref, len(lst), time, kind,
                            type(err).__name__, err, hint))
                else:
                    self.violations.append("read error: reading events failed: {}: {}"
                                           .format(type(exc).__name__, exc))
        finally:
            try:
                ctx.__exit__(None, None, None)
            except Exception:
                pass
        return True

    def _loc_by_ref(self, ref):
        for loc in self.locations:
            if loc._ref == ref:
                return loc
        return None

    # -------------------------------------------------------------- checks
    def run_checks(self):
        self.check_definitions()
        if not self.read_ok:
            # the event streams are incomplete: checking them would only add noise
            return
        for loc in self.locations:
            self.check_location(loc, self.events.get(loc._ref, []))
        groups = {}
        for loc in self.locations:
            groups.setdefault(_ref(loc.group), []).append(loc)
        for gref in sorted(groups, key=lambda g: (g is None, g)):
            self.check_group(groups[gref])

    def check_definitions(self):
        d = self.defs
        pre_states = {}
        for st in d.io_pre_created_handle_states:
            h = st.io_handle
            if h is None:
                self.v_def("IoPreCreatedHandleState without a handle")
                continue
            if h._ref in pre_states:
                self.v_def("handle '{}' (id {}) has more than one IoPreCreatedHandleState"
                           .format(h.name, h._ref))
            pre_states[h._ref] = st
            if not _has_flag(h.io_handle_flags, otf2.IoHandleFlag.PRE_CREATED):
                self.v_def("IoPreCreatedHandleState for handle '{}' (id {}) which lacks flag "
                           "PRE_CREATED".format(h.name, h._ref))
        for h in d.io_handles:
            if _has_flag(h.io_handle_flags, otf2.IoHandleFlag.PRE_CREATED) \
                    and h._ref not in pre_states:
                self.v_def("handle '{}' (id {}) has flag PRE_CREATED but no "
                           "IoPreCreatedHandleState".format(h.name, h._ref))
            p = h.parent
            if p is not None:
                if p._ref is not None and h._ref is not None and not p._ref < h._ref:
                    self.v_def("handle '{}' (id {}) has parent '{}' (id {}) with an id that is "
                               "not smaller".format(h.name, h._ref, p.name, p._ref))
                if _ref(p.io_paradigm) == _ref(h.io_paradigm):
                    self.v_def("handle '{}' (id {}) has parent '{}' (id {}) of the same io "
                               "paradigm '{}'".format(h.name, h._ref, p.name, p._ref,
                                                      _jsonable(h.io_paradigm)))
        for f in d.io_files:
            if getattr(f, "scope", None) is None:
                self.v_def("{} '{}' (id {}) has no scope".format(type(f).__name__, f.name,
                                                                 f._ref))

    def check_location(self, loc, evs):
        # 3. event count
        if loc.number_of_events != len(evs):
            self.v_loc(loc, "numberOfEvents is {} in the definition but {} events were read"
                       .format(loc.number_of_events, len(evs)))
        # 1. + 2.
        stack = []       # [(region, frame id)]
        next_frame = [0]
        last_time = None

        def new_frame():
            next_frame[0] += 1
            return (loc._ref, next_frame[0])

        top_frame = (loc._ref, 0)
        for ev in evs:
            if last_time is not None and ev.time < last_time:
                self.v_event(ev, "timestamp decreases (previous event at {})".format(last_time))
            last_time = ev.time
            if ev.kind == "Enter":
                ev.enclosing = stack[-1][0] if stack else None
                ev.frame = stack[-1][1] if stack else top_frame
                stack.append((ev.obj.region, new_frame()))
            elif ev.kind == "Leave":
                region = ev.obj.region
                if not stack:
                    self.v_event(ev, "Leave of region '{}' with no open region"
                                 .format(_name(region)))
                elif _ref(stack[-1][0]) != _ref(region):
                    self.v_event(ev, "Leave of region '{}' but the innermost open region is '{}'"
                                 .format(_name(region), _name(stack[-1][0])))
                    depth = [i for i, (r, _) in enumerate(stack) if _ref(r) == _ref(region)]
                    if depth:
                        del stack[depth[-1]:]
                else:
                    stack.pop()
                ev.enclosing = stack[-1][0] if stack else None
                ev.frame = stack[-1][1] if stack else top_frame
            else:
                ev.enclosing = stack[-1][0] if stack else None
                ev.frame = stack[-1][1] if stack else top_frame
        if stack:
            self.v_loc(loc, "{} region(s) still open at the end: {}".format(
                len(stack), ", ".join("'{}'".format(_name(r)) for r, _ in stack)))

    # ---- group pass (handles and operations)
    def _merged(self, locs):
        prio_first = ("IoCreateHandle", "IoDuplicateHandle")
        heap = []
        for order, loc in enumerate(locs):
            evs = self.events.get(loc._ref, [])
            if evs:
                e = evs[0]
                heap.append((e.time, 0 if e.kind in prio_first else 1, order, 0))
        heapq.heapify(heap)
        while heap:
            _, _, order, i = heapq.heappop(heap)
            evs = self.events[locs[order]._ref]
            yield evs[i]
            if i + 1 < len(evs):
                e = evs[i + 1]
                heapq.heappush(heap, (e.time, 0 if e.kind in prio_first else 1, order, i + 1))

    @staticmethod
    def _hdesc(h):
        return "handle '{}' (id {})".format(h.name, h._ref)

    @staticmethod
    def _where(ev):
        return "location '{}' event #{} time {}".format(ev.loc.name, ev.idx, ev.time)

    def check_group(self, locs):
        PRE = otf2.IoHandleFlag.PRE_CREATED
        PROXY = otf2.IoHandleFlag.ALL_PROXY
        NB = otf2.IoOperationFlag.NON_BLOCKING
        COLL = otf2.IoOperationFlag.COLLECTIVE
        SERIAL = otf2.IoParadigmClass.SERIAL
        READ = _enum_value(otf2.IoOperationMode.READ)
        WRITE = _enum_value(otf2.IoOperationMode.WRITE)

        active = {}      # handle ref -> description of what activated it
        for h in self.defs.io_handles:
            if _has_flag(h.io_handle_flags, PROXY):
                active[h._ref] = "ALL_PROXY"
            elif _has_flag(h.io_handle_flags, PRE):
                active[h._ref] = "PRE_CREATED"
        inflight = {}    # (handle ref, matching id) -> dict

        def is_proxy(h):
            return _has_flag(h.io_handle_flags, PROXY)

        def need_handle(ev, h, what="handle"):
            if h is None:
                self.v_event(ev, "{} names no {} (OTF2_UNDEFINED_IO_HANDLE)".format(ev.kind, what))
                return False
            return True

        def need_active(ev, h):
            if h._ref not in active:
                self.v_event(ev, "{} on inactive {}".format(ev.kind, self._hdesc(h)))

        for ev in self._merged(locs):
            k = ev.kind
            if not k.startswith("Io") or k == "IoDeleteFile":
                continue
            o = ev.obj
            if k == "IoCreateHandle":
                h = o.handle
                if not need_handle(ev, h):
                    continue
                if is_proxy(h):
                    self.v_event(ev, "IoCreateHandle on ALL_PROXY {}".format(self._hdesc(h)))
                    continue
                if h._ref in active:
                    self.v_event(ev, "IoCreateHandle on already active {} (activated by {})"
                                 .format(self._hdesc(h), active[h._ref]))
                active[h._ref] = "IoCreateHandle at " + self._where(ev)
            elif k == "IoDestroyHandle":
                h = o.handle
                if not need_handle(ev, h):
                    continue
                if is_proxy(h):
                    self.v_event(ev, "IoDestroyHandle on ALL_PROXY {}".format(self._hdesc(h)))
                    continue
                if h._ref not in active:
                    self.v_event(ev, "IoDestroyHandle on inactive {}".format(self._hdesc(h)))
                else:
                    del active[h._ref]
                pending = sorted(mid for (href, mid) in inflight if href == h._ref)
                if pending:
                    self.v_event(ev, "IoDestroyHandle on {} with operations in flight "
                                 "(matchingId {})".format(self._hdesc(h),
                                                          ", ".join(map(str, pending))))
            elif k == "IoDuplicateHandle":
                old, new = o.old_handle, o.new_handle
                if need_handle(ev, old, "old handle"):
                    if old._ref not in active:
                        self.v_event(ev, "IoDuplicateHandle from inactive old {}"
                                     .format(self._hdesc(old)))
                if not need_handle(ev, new, "new handle"):
                    continue
                if is_proxy(new):
                    self.v_event(ev, "IoDuplicateHandle to ALL_PROXY new {}"
                                 .format(self._hdesc(new)))
                    continue
                if new._ref in active:
                    self.v_event(ev, "IoDuplicateHandle to already active new {} (activated by {})"
                                 .format(self._hdesc(new), active[new._ref]))
                active[new._ref] = "IoDuplicateHandle at " + self._where(ev)
            elif k in ("IoSeek", "IoChangeStatusFlags", "IoAcquireLock", "IoReleaseLock",
                       "IoTryLock"):
                h = o.handle
                if need_handle(ev, h):
                    need_active(ev, h)
            elif k == "IoOperationBegin":
                self.n_io_ops += 1
                h = o.handle
                if not need_handle(ev, h):
                    continue
                need_active(ev, h)
                flags = o.operation_flags
                par = h.io_paradigm
                if _has_flag(flags, COLL) and par is not None \
                        and _enum_value(par.io_paradigm_class) == _enum_value(SERIAL):
                    self.v_event(ev, "COLLECTIVE operation on {} of SERIAL io paradigm '{}'"
                                 .format(self._hdesc(h), par.identification))
                key = (h._ref, o.matching_id)
                if key in inflight:
                    prev = inflight[key]["begin"]
                    self.v_event(ev, "IoOperationBegin on {} with matchingId {} still in flight "
                                 "(begun at {})".format(self._hdesc(h), o.matching_id,
                                                        self._where(prev)))
                inflight[key] = {"begin": ev, "nb": _has_flag(flags, NB), "issued": False,
                                 "mode": _enum_value(o.mode), "bytes": o.bytes_request}
            elif k in ("IoOperationIssued", "IoOperationTest", "IoOperationComplete",
                       "IoOperationCancelled"):
                h = o.handle
                if not need_handle(ev, h):
                    continue
                need_active(ev, h)
                key = (h._ref, o.matching_id)
                op = inflight.get(key)
                if op is None:
                    self.v_event(ev, "{} on {} with matchingId {} but no such operation in flight"
                                 .format(k, self._hdesc(h), o.matching_id))
                    continue
                if k == "IoOperationIssued":
                    if not op["nb"]:
                        self.v_event(ev, "IoOperationIssued for blocking operation (matchingId {} "
                                     "on {})".format(o.matching_id, self._hdesc(h)))
                    elif op["issued"]:
                        self.v_event(ev, "second IoOperationIssued for matchingId {} on {}"
                                     .format(o.matching_id, self._hdesc(h)))
                    op["issued"] = True
                elif k == "IoOperationTest":
                    if not op["issued"]:
                        self.v_event(ev, "IoOperationTest before IoOperationIssued (matchingId {} "
                                     "on {})".format(o.matching_id, self._hdesc(h)))
                else:
                    b = op["begin"]
                    if k == "IoOperationCancelled" and not op["nb"]:
                        self.v_event(ev, "IoOperationCancelled for blocking operation (matchingId "
                                     "{} on {})".format(o.matching_id, self._hdesc(h)))
                    if not op["nb"]:
                        if b.loc._ref != ev.loc._ref:
                            self.v_event(ev, "blocking operation (matchingId {} on {}) completed "
                                         "on another location than it began ({})".format(
                                             o.matching_id, self._hdesc(h), self._where(b)))
                        elif b.frame != ev.frame:
                            self.v_event(ev, "blocking operation (matchingId {} on {}) completed "
                                         "in region '{}' instance other than the '{}' it began "
                                         "in ({})".format(o.matching_id, self._hdesc(h),
                                                          _name(ev.enclosing),
                                                          _name(b.enclosing), self._where(b)))
                    if k == "IoOperationComplete" and op["mode"] in (READ, WRITE) \
                            and o.bytes_result > op["bytes"]:
                        self.v_event(ev, "bytesResult {} > bytesRequest {} (matchingId {} on {})"
                                     .format(o.bytes_result, op["bytes"], o.matching_id,
                                             self._hdesc(h)))
                    del inflight[key]
        for (href, mid), op in sorted(inflight.items(),
                                      key=lambda kv: (kv[1]["begin"].time, kv[0])):
            self.v_event(op["begin"], "IoOperationBegin (matchingId {} on {}) never completed "
                         "or cancelled".format(mid, self._hdesc(self.defs.io_handles[href])))

    # -------------------------------------------------------------- JSON
    def dump(self, path, archive, indent=False):
        d = self.defs

        def loc_events(loc):
            return [self._event_json(e) for e in self.events.get(loc._ref, [])]

        pre_states = {st.io_handle._ref: st for st in d.io_pre_created_handle_states
                      if st.io_handle is not None}
        domains = {}
        for dom in d.system_tree_node_domains:
            domains.setdefault(_ref(dom.system_tree_node), []).append(
                enum_name(dom.system_tree_node_domain))
        node_props = {}
        for p in d.system_tree_node_properties:
            node_props.setdefault(_ref(p.system_tree_node), {})[p.name] = _jsonable(p.value)
        cp = d.clock_properties
        out = {
            "archive": archive,
            "ok": not self.violations,
            "violations": list(self.violations),
            "counts": {"locations": len(self.locations),
                       "events": sum(len(v) for v in self.events.values()),
                       "io_operations": self.n_io_ops},
            "clock": None if cp is None else {
                "resolution": cp.timer_resolution, "global_offset": cp.global_offset,
                "trace_length": cp.trace_length, "realtime_timestamp": cp.realtime_timestamp},
            "system_tree": [{
                "id": n._ref, "name": n.name, "class": n.class_name,
                "parent": _name(n.parent), "parent_id": _ref(n.parent),
                "domains": domains.get(n._ref, []),
                "properties": node_props.get(n._ref, {})} for n in d.system_tree_nodes],
            "location_groups": [{
                "id": g._ref, "name": g.name, "type": enum_name(g.location_group_type),
                "system_tree_parent": _name(g.system_tree_parent),
                "system_tree_parent_id": _ref(g.system_tree_parent),
                "creating_location_group": _name(g.creating_location_group)}
                for g in d.location_groups],
            "paradigms": [{
                "id": p._ref, "identification": p.identification, "name": p.name,
                "class": enum_name(p.io_paradigm_class),
                "flags": flag_names(p.io_paradigm_flags)} for p in d.io_paradigms],
            "regions": [{
                "id": r._ref, "name": r.name, "canonical_name": r.canonical_name,
                "description": r.description, "role": enum_name(r.region_role),
                "paradigm": enum_name(r.paradigm), "flags": flag_names(r.region_flags),
                "source_file": r.source_file, "begin_line": r.begin_line_number,
                "end_line": r.end_line_number} for r in d.regions],
            "attributes": [{
                "id": a._ref, "name": a.name, "description": a.description,
                "type": enum_name(a.type)} for a in d.attributes],
            "source_code_locations": [{
                "id": l._ref, "file": l.file, "line": l.line_number}
                for l in d.source_code_locations],
            "calling_contexts": [_context_json(c) for c in d.calling_contexts],
            "files": [{
                "id": f._ref, "name": f.name,
                "type": "directory" if isinstance(f, odefs.IoDirectory) else "file",
                "scope": _name(getattr(f, "scope", None)),
                "scope_id": _ref(getattr(f, "scope", None)),
                "scope_class": getattr(getattr(f, "scope", None), "class_name", None),
                "properties": {k: _jsonable(p.value)
                               for k, p in getattr(f, "_properties", {}).items()}}
                for f in d.io_files],
            "handles": [{
                "id": h._ref, "name": h.name, "file": _name(h.file), "file_id": _ref(h.file),
                "paradigm": None if h.io_paradigm is None else h.io_paradigm.identification,
                "paradigm_id": _ref(h.io_paradigm),
                "flags": flag_names(h.io_handle_flags), "comm": _name(h.comm),
                "comm_id": _ref(h.comm),
                "parent": _name(h.parent), "parent_id": _ref(h.parent),
                "pre_created_state": None if h._ref not in pre_states else {
                    "mode": enum_name(pre_states[h._ref].io_access_mode),
                    "status_flags": flag_names(pre_states[h._ref].io_status_flags)}}
                for h in d.io_handles],
            "groups": [{
                "id": g._ref, "name": g.name, "type": enum_name(g.group_type),
                "paradigm": enum_name(g.paradigm), "flags": flag_names(g.group_flags),
                "members": [_ref(m) if _ref(m) is not None else _jsonable(m)
                            for m in g.members]} for g in d.groups],
            "comms": [{
                "id": c._ref, "name": c.name, "group": _name(c.group), "group_id": _ref(c.group),
                "parent": _name(c.parent), "parent_id": _ref(c.parent)} for c in d.comms],
            "locations": [{
                "id": loc._ref, "name": loc.name, "group": _ref(loc.group),
                "group_name": _name(loc.group), "type": enum_name(loc.type),
                "number_of_events": loc.number_of_events,
                "events": loc_events(loc)} for loc in self.locations],
        }
        kw = {"indent": 1} if indent else {"separators": (",", ":")}
        if path == "-":
            json.dump(out, sys.stdout, **kw)
            sys.stdout.write("\n")
        else:
            with open(path, "w") as fh:
                json.dump(out, fh, **kw)
                fh.write("\n")

    @staticmethod
    def _handle_keys(j, h):
        j["handle"] = _name(h)
        j["handle_id"] = _ref(h)
        if h is not None:
            j["file"] = _name(h.file)
            j["paradigm"] = None if h.io_paradigm is None else h.io_paradigm.identification
            p = h.parent
            j["parent_handle"] = _name(p)
            j["parent_paradigm"] = None if p is None or p.io_paradigm is None \
                else p.io_paradigm.identification

    def _event_json(self, e):
        o = e.obj
        k = e.kind
        attrs = {}
        for a, val in (o.attributes or {}).items():
            attrs[a.name] = _jsonable(val)
        j = {"index": e.idx, "type": k, "time": e.time, "region": None,
             "enclosing_region": None, "handle": None, "handle_id": None, "file": None,
             "paradigm": None, "parent_handle": None, "parent_paradigm": None,
             "offset": attrs.get("Offset"), "attributes": attrs}
        if k in ("Enter", "Leave"):
            j["region"] = _name(o.region)
        j["enclosing_region"] = _name(e.enclosing)
        if k == "IoCreateHandle":
            self._handle_keys(j, o.handle)
            j["mode"] = enum_name(o.mode)
            j["creation_flags"] = flag_names(o.creation_flags)
            j["status_flags"] = flag_names(o.status_flags)
        elif k == "IoDestroyHandle":
            self._handle_keys(j, o.handle)
        elif k == "IoDuplicateHandle":
            self._handle_keys(j, o.old_handle)
            j["new_handle"] = _name(o.new_handle)
            j["new_handle_id"] = _ref(o.new_handle)
            j["status_flags"] = flag_names(o.status_flags)
        elif k == "IoChangeStatusFlags":
            self._handle_keys(j, o.handle)
            j["status_flags"] = flag_names(o.status_flags)
        elif k == "IoSeek":
            self._handle_keys(j, o.handle)
            j["offset_request"] = o.offset_request
            j["whence"] = enum_name(o.whence)
            j["offset_result"] = o.offset_result
        elif k == "IoDeleteFile":
            j["file"] = _name(o.file)
            j["paradigm"] = None if o.io_paradigm is None else o.io_paradigm.identification
        elif k == "IoOperationBegin":
            self._handle_keys(j, o.handle)
            j["mode"] = enum_name(o.mode)
            j["flags"] = flag_names(o.operation_flags)
            j["bytes_request"] = o.bytes_request
            j["matching_id"] = o.matching_id
        elif k in ("IoOperationIssued", "IoOperationTest", "IoOperationCancelled"):
            self._handle_keys(j, o.handle)
            j["matching_id"] = o.matching_id
        elif k == "IoOperationComplete":
            self._handle_keys(j, o.handle)
            j["bytes_result"] = o.bytes_result
            j["matching_id"] = o.matching_id
        elif k in ("IoAcquireLock", "IoReleaseLock", "IoTryLock"):
            self._handle_keys(j, o.handle)
            j["lock_type"] = enum_name(o.lock_type)
        elif k not in ("Enter", "Leave"):
            for key, val in vars(o).items():
                if key in ("time", "attributes"):
                    continue
                j[_snake(key)] = _jsonable(val)
        return j


def main(argv=None):
    ap = argparse.ArgumentParser(description="Check an OTF2 archive written by recorder-otf2.")
    ap.add_argument("archive", help="path to the anchor file, e.g. out.otf2")
    ap.add_argument("--json", metavar="OUT.json",
                    help="write a JSON dump of definitions and events ('-' for stdout)")
    ap.add_argument("--indent", action="store_true",
                    help="indent the JSON dump (default: compact)")
    ap.add_argument("--limit", type=int, default=0, metavar="N",
                    help="print at most N violation lines (0 = all; the exit status is 1 anyway)")
    args = ap.parse_args(argv)

    c = Checker()
    if c.read(args.archive):
        c.run_checks()
        if args.json:
            c.dump(args.json, args.archive, args.indent)
    shown = c.violations if args.limit <= 0 else c.violations[:args.limit]
    out = sys.stdout if args.json != "-" else sys.stderr
    for line in shown:
        out.write(line + "\n")
    if len(shown) < len(c.violations):
        out.write("... and {} more violations\n".format(len(c.violations) - len(shown)))
    if c.violations:
        return 1
    out.write("ok: {} locations, {} events, {} io operations\n".format(
        len(c.locations), sum(len(v) for v in c.events.values()), c.n_io_ops))
    return 0


if __name__ == "__main__":
    sys.exit(main())
