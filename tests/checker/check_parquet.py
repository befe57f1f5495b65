#!/usr/bin/env python3
"""Checks a `recorder-otf2 export --parquet DIR` folder, read back with pyarrow.

    PYTHONPATH=/opt/recorder-otf2-py python3 tests/checker/check_parquet.py DIR \
        [--summary SUMMARY.json] [--json OUT.json|-]

Checks (one line per violation on stdout, exit 1; exit 0 and `ok: ...` when none):
- the five files exist with the documented columns (docs/analysis.md, "Parquet export"),
  times timestamp[ns, UTC], durations duration[ns], no unsigned integer;
  function, layer, role, mode and file columns hold strings (dictionary-encoded or not);
- calls: ids unique per process; every parent exists in the same process and thread, one
  level up (depth), and encloses the call in time; root_id/root_function are the outermost
  call of the parent chain (itself at depth 0);
- operations: every call_id exists in calls (same process and thread) with that
  call_function; root_id is that call's root, with root_function; blocking operations lie
  within their call's time span; every (process, handle) is in handles.parquet with the same
  file and layer; bytes_done <= bytes_requested for reads and writes that did not fail;
- extents.parquet: every row's (process, op_id) is an operation with the same layer, file
  and mode; each read or write at a known offset that was not cancelled has rows, in file
  order without overlap, the first at its offset, their lengths summing to bytes_done;
- files.parquet: its counts equal the sums of operations.parquet per (process, file, layer);
- with --summary (the output of `recorder-otf2 summary --json` on the same trace): per file
  and layer, read_ops, read_bytes, write_ops, write_bytes, flush_ops and meta_ops summed
  over processes equal the summary's, io_ns and meta_ns its io_time_s and meta_time_s; calls per function equal its `functions[].calls`; the
  operation count and cancelled operations equal `ops` and `cancelled_ops`; the processes'
  (rank, pid) are those of `ranks`.

--json writes facts (with `-`: on stdout, the verdict then on stderr) for the caller's own assertions: row counts, calls per (rank, function),
and operation "chains": per (layer, mode, call_function, the function of that call's parent,
root_function, file basename) the operations and bytes; "multi_range_ops": per operation
with more than one range (rank, layer, mode, file basename, [[offset, length], ...]) in
(rank, op_id) order; per job file and layer the sums of
files.parquet; the handles; the outermost calls (function, args, ret, args_text, file).
"""

import argparse
import collections
import json
import os
import sys

import pyarrow as pa
import pyarrow.parquet as pq

COLUMNS = {
    "calls.parquet": [
        "process", "rank", "job", "pid", "host", "thread", "call_id", "function", "layer", "role",
        "start_ns", "end_ns", "duration_ns", "self_ns", "depth", "parent_id", "root_id",
        "root_function", "failed", "errno", "file", "args", "ret", "args_text", "call_site",
    ],
    "operations.parquet": [
        "process", "rank", "job", "thread", "op_id", "layer", "file", "handle", "mode", "collective",
        "non_blocking", "start_ns", "end_ns", "duration_ns", "bytes_requested", "bytes_done",
        "file_offset", "cancelled", "call_id", "call_function", "root_id", "root_function",
        "call_site",
    ],
    "extents.parquet": [
        "process", "rank", "job", "op_id", "layer", "file", "mode", "file_offset", "length",
    ],
    "files.parquet": [
        "process", "rank", "job", "file", "layer", "fs_type", "mount", "read_ops", "read_bytes",
        "write_ops", "write_bytes", "flush_ops", "meta_ops", "cancelled_ops", "io_ns",
        "meta_ns", "extent", "first_ns", "last_ns",
    ],
    "handles.parquet": [
        "process", "rank", "job", "handle", "name", "file", "layer", "parent", "comm", "comm_size",
        "flags", "pre_created", "all_proxy",
    ],
    "call_sites.parquet": [
        "id", "site", "function", "file", "line", "object", "object_offset", "level", "runtime",
        "through", "calls",
    ],
}

STRING_COLUMNS = {
    "calls.parquet": ["host", "function", "layer", "role", "root_function", "file", "args_text"],
    "operations.parquet": ["layer", "file", "mode", "call_function", "root_function"],
    "extents.parquet": ["layer", "file", "mode"],
    "files.parquet": ["file", "layer", "fs_type", "mount"],
    "handles.parquet": ["name", "file", "layer"],
    "call_sites.parquet": ["site", "function", "file", "object", "level", "through"],
}

LAYERS = {"POSIX", "ISOC", "MPI-IO", "HDF5", "netCDF", "PnetCDF", "ADIOS", "MPI"}
NO_FILE = "(no file)"  # the summary's name for operations on no file (fflush(NULL) ...)


def is_string(t):
    if pa.types.is_dictionary(t):
        t = t.value_type
    return pa.types.is_string(t) or pa.types.is_large_string(t)


def columns(table):
    """The table as {column: python list}, times and durations as int64 ns."""
    out = {}
    for n in table.column_names:
        c = table.column(n)
        if pa.types.is_timestamp(c.type) or pa.types.is_duration(c.type):
            c = c.cast(pa.int64())
        out[n] = c.to_pylist()
    return out


def check_types(name, schema, bad):
    """Times are timestamp[ns, UTC], durations duration[ns], every integer signed."""
    for f in schema:
        t = f.type.value_type if pa.types.is_list(f.type) else f.type
        if pa.types.is_unsigned_integer(t):
            bad.append(f"{name}: column {f.name} is {f.type}, unsigned")
        if f.name in ("start_ns", "end_ns", "first_ns", "last_ns") and t != pa.timestamp("ns", tz="UTC"):
            bad.append(f"{name}: column {f.name} is {f.type}, not timestamp[ns, tz=UTC]")
        if f.name in ("duration_ns", "self_ns", "io_ns", "meta_ns") and t != pa.duration("ns"):
            bad.append(f"{name}: column {f.name} is {f.type}, not duration[ns]")


def rows(cols):
    names = list(cols)
    return [dict(zip(names, v)) for v in zip(*(cols[n] for n in names))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dir")
    ap.add_argument("--summary")
    ap.add_argument("--json")
    args = ap.parse_args()
    bad = []
    tables = {}
    for name, cols in COLUMNS.items():
        path = os.path.join(args.dir, name)
        try:
            t = pq.read_table(path)
        except Exception as e:  # noqa: BLE001 - any read error is a violation
            print(f"{path}: cannot read: {e}")
            return 1
        have = t.column_names
        if have != cols:
            bad.append(f"{name}: columns {have}, expected {cols}")
        for c in STRING_COLUMNS[name]:
            if c in have and not is_string(t.schema.field(c).type):
                bad.append(f"{name}: column {c} is {t.schema.field(c).type}, not strings")
        check_types(name, t.schema, bad)
        tables[name] = t
    if bad:
        print("\n".join(bad))
        return 1
    calls = rows(columns(tables["calls.parquet"]))
    ops = rows(columns(tables["operations.parquet"]))
    files = rows(columns(tables["files.parquet"]))
    extents = rows(columns(tables["extents.parquet"]))
    handles = rows(columns(tables["handles.parquet"]))

    def v(msg):
        if len(bad) < 50:
            bad.append(msg)

    # ---- call sites: every site a call or operation names is in call_sites.parquet, whose
    # `calls` are the outermost calls naming it
    sites = {s["id"]: s for s in rows(columns(tables["call_sites.parquet"]))}
    outermost = {}
    for c in calls:
        if c["call_site"] is not None and c["depth"] == 0:
            outermost[c["call_site"]] = outermost.get(c["call_site"], 0) + 1
    for r in calls + ops:
        if r["call_site"] is not None and r["call_site"] not in sites:
            v(f"call site {r['call_site']} is not in call_sites.parquet")
    for k, s_ in sites.items():
        if outermost.get(k, 0) != s_["calls"]:
            v(f"call_sites: {s_['site']}: {s_['calls']} calls, calls.parquet has {outermost.get(k, 0)} outermost")

    # ---- calls
    by_id = {}
    for c in calls:
        k = (c["process"], c["call_id"])
        if k in by_id:
            v(f"calls: duplicate call id {k}")
        by_id[k] = c
        for col in ("function", "layer", "role", "root_function", "host"):
            if not isinstance(c[col], str) or not c[col]:
                v(f"calls: call {k}: {col} is {c[col]!r}")
        if c["layer"] not in LAYERS:
            v(f"calls: call {k}: unknown layer {c['layer']!r}")
        if c["duration_ns"] != c["end_ns"] - c["start_ns"] or c["duration_ns"] < 0:
            v(f"calls: call {k}: duration {c['duration_ns']} for {c['start_ns']}..{c['end_ns']}")
        if c["errno"] != 0 and not c["failed"]:
            v(f"calls: call {k}: errno {c['errno']} but not failed")

    def root_of(c):
        seen = 0
        while c["parent_id"] is not None and seen < 1000:
            c = by_id.get((c["process"], c["parent_id"]))
            if c is None:
                return None
            seen += 1
        return c

    for k, c in by_id.items():
        if c["parent_id"] is None:
            if c["depth"] != 0 or c["root_id"] != c["call_id"] or c["root_function"] != c["function"]:
                v(f"calls: outermost call {k} ({c['function']}): depth {c['depth']}, root {c['root_id']} {c['root_function']}")
            continue
        p = by_id.get((c["process"], c["parent_id"]))
        if p is None:
            v(f"calls: call {k} ({c['function']}): parent {c['parent_id']} not in calls")
            continue
        if p["thread"] != c["thread"] or p["depth"] + 1 != c["depth"]:
            v(f"calls: call {k}: parent {p['call_id']} on thread {p['thread']} depth {p['depth']}, call on {c['thread']} depth {c['depth']}")
        if not (p["start_ns"] <= c["start_ns"] and c["end_ns"] <= p["end_ns"]):
            v(f"calls: call {k} ({c['function']}) not within its parent {p['function']}")
        r = root_of(c)
        if r is None or r["call_id"] != c["root_id"] or r["function"] != c["root_function"]:
            v(f"calls: call {k} ({c['function']}): root {c['root_id']} {c['root_function']}, the parent chain ends at {r and (r['call_id'], r['function'])}")

    # ---- handles
    hmap = {}
    for h in handles:
        k = (h["process"], h["handle"])
        if k in hmap:
            v(f"handles: duplicate handle {k}")
        hmap[k] = h
        if h["layer"] not in LAYERS:
            v(f"handles: handle {k}: unknown layer {h['layer']!r}")
    for k, h in hmap.items():
        if h["parent"] is not None and (h["process"], h["parent"]) not in hmap:
            v(f"handles: handle {k}: parent {h['parent']} not in handles")

    # ---- operations
    acc = collections.defaultdict(lambda: collections.Counter())
    chains = collections.Counter()
    chain_bytes = collections.Counter()
    cancelled = 0
    for o in ops:
        k = (o["process"], o["op_id"])
        if not isinstance(o["layer"], str) or o["layer"] not in LAYERS:
            v(f"operations: op {k}: layer {o['layer']!r}")
        if o["mode"] not in ("read", "write", "flush"):
            v(f"operations: op {k}: mode {o['mode']!r}")
        if o["file"] is not None and not isinstance(o["file"], str):
            v(f"operations: op {k}: file {o['file']!r}")
        h = hmap.get((o["process"], o["handle"]))
        if h is None:
            v(f"operations: op {k}: handle {o['handle']} not in handles")
        elif h["file"] != o["file"] or h["layer"] != o["layer"]:
            v(f"operations: op {k}: file/layer {o['file']} {o['layer']}, its handle has {h['file']} {h['layer']}")
        if o["call_id"] is None:
            v(f"operations: op {k}: no call")
        else:
            c = by_id.get((o["process"], o["call_id"]))
            if c is None:
                v(f"operations: op {k}: call {o['call_id']} not in calls")
            else:
                if c["function"] != o["call_function"] or c["thread"] != o["thread"]:
                    v(f"operations: op {k}: call_function {o['call_function']} on thread {o['thread']}, the call is {c['function']} on {c['thread']}")
                if c["root_id"] != o["root_id"] or c["root_function"] != o["root_function"]:
                    v(f"operations: op {k}: root {o['root_id']} {o['root_function']}, its call's root is {c['root_id']} {c['root_function']}")
                if not o["non_blocking"] and not o["cancelled"] and not (
                    c["start_ns"] <= o["start_ns"] <= o["end_ns"] <= c["end_ns"]
                ):
                    v(f"operations: blocking op {k} not within its call {c['function']}")
        if o["cancelled"]:
            cancelled += 1
        else:
            if o["mode"] != "flush" and o["bytes_done"] > o["bytes_requested"]:
                v(f"operations: op {k}: {o['bytes_done']} bytes done of {o['bytes_requested']} requested")
            a = acc[(o["process"], o["file"], o["layer"])]
            a[o["mode"] + "_ops"] += 1
            if o["mode"] != "flush":
                a[o["mode"] + "_bytes"] += o["bytes_done"]
        base = os.path.basename(o["file"]) if o["file"] else None
        c = by_id.get((o["process"], o["call_id"]))
        parent = c and c["parent_id"] is not None and by_id.get((o["process"], c["parent_id"]))
        ck = (o["layer"], o["mode"], o["call_function"], parent["function"] if parent else None,
              o["root_function"], base)
        chains[ck] += 1
        chain_bytes[ck] += o["bytes_done"]

    # ---- extents.parquet against the operations
    ranges = collections.defaultdict(list)
    for e in extents:
        ranges[(e["process"], e["op_id"])].append(e)
    op_by_id = {(o["process"], o["op_id"]): o for o in ops}
    for k, es in ranges.items():
        o = op_by_id.get(k)
        if o is None:
            v(f"extents: op {k} is not in operations")
            continue
        if any((e["layer"], e["file"], e["mode"]) != (o["layer"], o["file"], o["mode"]) for e in es):
            v(f"extents: op {k}: layer/file/mode differ from the operation's")
    multi = []
    for o in ops:
        k = (o["process"], o["op_id"])
        es = [(e["file_offset"], e["length"]) for e in ranges.get(k, [])]
        wanted = (o["mode"] != "flush" and o["file_offset"] is not None and not o["cancelled"]
                  and o["bytes_done"] > 0)
        if not wanted:
            if es:
                v(f"extents: op {k} ({o['mode']}, offset {o['file_offset']}, {o['bytes_done']} bytes) has ranges")
            continue
        if not es or es[0][0] != o["file_offset"] or sum(n for _, n in es) != o["bytes_done"]:
            v(f"extents: op {k}: ranges {es[:5]} do not start at {o['file_offset']} or sum to {o['bytes_done']}")
        if any(a + n >= b for (a, n), (b, _) in zip(es, es[1:])):
            v(f"extents: op {k}: ranges {es[:5]} overlap, touch or are out of order")
        if len(es) > 1:
            base = os.path.basename(o["file"]) if o["file"] else None
            multi.append((o["rank"], o["op_id"], o["layer"], o["mode"], base, [list(r) for r in es]))
    multi.sort(key=lambda m: (m[0] is None, m[0] or 0, m[1]))

    # ---- files.parquet against the operations
    fkeys = set()
    job = collections.defaultdict(collections.Counter)
    for f in files:
        k = (f["process"], f["file"], f["layer"])
        if k in fkeys:
            v(f"files: duplicate row {k}")
        fkeys.add(k)
        a = acc.get(k, collections.Counter())
        for col in ("read_ops", "read_bytes", "write_ops", "write_bytes", "flush_ops"):
            if f[col] != a[col]:
                v(f"files: {k}: {col} {f[col]}, operations.parquet has {a[col]}")
        jk = (f["file"] if f["file"] is not None else NO_FILE, f["layer"])
        for col in ("read_ops", "read_bytes", "write_ops", "write_bytes", "flush_ops", "meta_ops",
                    "cancelled_ops", "io_ns", "meta_ns"):
            job[jk][col] += f[col]
    for k in acc:
        if k not in fkeys:
            v(f"files: no row for {k}, which has operations")

    # ---- against the summary
    fn_calls = collections.Counter(c["function"] for c in calls)
    if args.summary:
        with open(args.summary) as fh:
            s = json.load(fh)
        seen = set()
        # Files the program did not open by name (sockets, pipes, the MPI runtime's files)
        # are apart in the summary: counted in runtime_files, the largest listed in its top.
        runtime = s.get("runtime_files") or {"entries": 0, "top": []}
        for f in list(s["files"]) + list(runtime["top"]):
            jk = (f["path"], f["layer"])
            seen.add(jk)
            for col in ("read_ops", "read_bytes", "write_ops", "write_bytes", "flush_ops", "meta_ops"):
                if job[jk][col] != f[col]:
                    v(f"summary: file {jk}: {col} {f[col]}, the export has {job[jk][col]}")
            for col, ns in (("io_time_s", "io_ns"), ("meta_time_s", "meta_ns")):
                if abs(job[jk][ns] / 1e9 - f[col]) > 1e-6:
                    v(f"summary: file {jk}: {col} {f[col]}, the export has {job[jk][ns]} ns")
        unlisted = [jk for jk, a in job.items()
                    if jk not in seen and any(a[c] for c in a if c not in ("cancelled_ops", "io_ns"))]
        if len(unlisted) + len(runtime["top"]) > runtime["entries"]:
            for jk in unlisted:
                v(f"summary: file {jk} is not in the summary but has {dict(job[jk])}")
        sf = {f["function"]: f["calls"] for f in s["functions"]}
        if sf != dict(fn_calls):
            diff = {k: (sf.get(k), fn_calls.get(k)) for k in set(sf) | set(fn_calls) if sf.get(k) != fn_calls.get(k)}
            v(f"summary: calls per function differ (summary, export): {diff}")
        if s["ops"] != len(ops):
            v(f"summary: {s['ops']} operations, the export has {len(ops)}")
        if s["cancelled_ops"] != cancelled:
            v(f"summary: {s['cancelled_ops']} cancelled operations, the export has {cancelled}")
        sp = {(r["job"], r["rank"], r["pid"]) for r in s["ranks"]}
        ep = {(c["job"], c["rank"], c["pid"]) for c in calls}
        if not ep <= sp:
            v(f"summary: processes (job, rank, pid) {sorted(sp, key=str)}, the export has {sorted(ep, key=str)}")

    if args.json:
        per_rank = collections.Counter((c["rank"], c["function"]) for c in calls)
        per_job = collections.Counter((c["job"], c["rank"]) for c in calls if c["rank"] is not None)
        facts = {
            "row_groups": {n: pq.ParquetFile(os.path.join(args.dir, n)).metadata.num_row_groups for n in COLUMNS},
            "calls_in_id_order": all(
                a["process"] != b["process"] or a["thread"] != b["thread"] or a["call_id"] < b["call_id"]
                for a, b in zip(calls, calls[1:]) if a["depth"] == 0 and b["depth"] == 0
            ),
            "calls": len(calls),
            "operations": len(ops),
            "extents": len(extents),
            "files": len(files),
            "handles": len(handles),
            "multi_range_ops": [
                {"rank": m[0], "layer": m[2], "mode": m[3], "file": m[4], "ranges": m[5]} for m in multi
            ],
            "calls_per_function": dict(fn_calls),
            "calls_per_job_rank": [
                {"job": j, "rank": r, "calls": n} for (j, r), n in sorted(per_job.items(), key=str)
            ],
            "calls_per_rank_function": [
                {"rank": r, "function": f, "calls": n} for (r, f), n in sorted(per_rank.items(), key=str)
            ],
            "chains": [
                {"layer": k[0], "mode": k[1], "call_function": k[2], "parent_function": k[3],
                 "root_function": k[4], "file": k[5], "ops": n, "bytes": chain_bytes[k]}
                for k, n in sorted(chains.items(), key=str)
            ],
            "files_per_job": [
                dict(file=k[0], layer=k[1], **a) for k, a in sorted(job.items(), key=str)
            ],
            "handles_rows": [
                {k: h[k] for k in ("process", "handle", "name", "file", "layer", "parent", "comm", "comm_size", "flags")}
                for h in handles
            ],
            "calls_sample": [
                {k: c[k] for k in ("function", "args", "ret", "args_text", "file", "failed", "errno")}
                for c in calls if c["depth"] == 0
            ][:2000],
        }
        text = json.dumps(facts, indent=1)
        if args.json == "-":
            print(text)
        else:
            with open(args.json, "w") as fh:
                fh.write(text)

    # With the facts on stdout, the verdict goes to stderr.
    out = sys.stderr if args.json == "-" else sys.stdout
    if bad:
        print("\n".join(bad), file=out)
        return 1
    print(f"ok: {len(calls)} calls, {len(ops)} operations, {len(files)} files, {len(handles)} handles", file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
