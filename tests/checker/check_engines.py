#!/usr/bin/env python3
"""Reads a `recorder-otf2 export` in four engines: pyarrow, polars, DuckDB and PySpark.

    PYTHONPATH=/opt/recorder-otf2-py python3 tests/checker/check_engines.py FLAT PARTITIONED \
        --summary SUMMARY.json

FLAT is a folder exported without --partition-by, PARTITIONED the same trace exported with
`--partition-by job,rank`. Each engine reads both: calls, operations and files.parquet flat,
and the same tables as hive-partitioned datasets (the partition columns restored from the
folder names). Checked, one line per violation on stdout and exit 1:
- the types each engine sees: times as timestamps (ns, UTC) where the engine has them
  (Spark 4.0 reads TIMESTAMP(NANOS) only as bigint, with spark.sql.legacy.parquet.nanosAsLong),
  durations as durations or int64, every integer signed (no uint, no decimal(20,0));
- no column named by one of DuckDB's reserved words (duckdb_keywords());
- the file metadata (pyarrow): schema version, trace, clock resolution, job JSON, units;
- the sums, equal in every engine, flat and partitioned, and to the summary (`summary --json
  --no-conflicts`): calls, operations, bytes read and written (operations' bytes_done and
  files' read_bytes/write_bytes), read and write operations;
- partitioned: the rank column (from the folders) holds the same ranks as the flat files
  (-1, a process that is not a rank, left out: the flat files' null).
Otherwise one JSON line: per engine its version, the sums and the types seen.
"""

import argparse
import glob
import json
import os
import sys

TIME_COLS = {"calls": ["start_ns", "end_ns"], "operations": ["start_ns", "end_ns"],
             "files": ["first_ns", "last_ns"]}
DURATION_COLS = {"calls": ["duration_ns", "self_ns"], "operations": ["duration_ns"],
                 "files": ["io_ns", "meta_ns"]}
INT_COLS = {"calls": ["process", "rank", "pid", "call_id", "depth", "parent_id", "errno"],
            "operations": ["process", "rank", "op_id", "handle", "bytes_done", "file_offset",
                           "call_id"],
            "files": ["process", "rank", "read_ops", "read_bytes", "write_bytes", "extent"]}
SUM_KEYS = ["calls", "operations", "read_bytes", "write_bytes", "files_read_bytes",
            "files_write_bytes", "read_ops", "write_ops"]


def expected(summary):
    s = json.load(open(summary))
    f = s["files"]
    return {
        "calls": sum(x["calls"] for x in s["functions"]),
        "operations": s["ops"],
        "read_bytes": sum(x["read_bytes"] for x in f),
        "write_bytes": sum(x["write_bytes"] for x in f),
        "files_read_bytes": sum(x["read_bytes"] for x in f),
        "files_write_bytes": sum(x["write_bytes"] for x in f),
        "read_ops": sum(x["read_ops"] for x in f),
        "write_ops": sum(x["write_ops"] for x in f),
    }


def sums_sql(q):
    """The sums by SQL, `q(table)` giving the FROM clause of a table."""
    one = lambda sql: sql  # noqa: E731
    return {
        "calls": one(f"SELECT count(*) FROM {q('calls')}"),
        "operations": one(f"SELECT count(*) FROM {q('operations')}"),
        "read_bytes": one(f"SELECT coalesce(sum(bytes_done), 0) FROM {q('operations')} WHERE mode = 'read'"),
        "write_bytes": one(f"SELECT coalesce(sum(bytes_done), 0) FROM {q('operations')} WHERE mode = 'write'"),
        "files_read_bytes": one(f"SELECT coalesce(sum(read_bytes), 0) FROM {q('files')}"),
        "files_write_bytes": one(f"SELECT coalesce(sum(write_bytes), 0) FROM {q('files')}"),
        "read_ops": one(f"SELECT coalesce(sum(read_ops), 0) FROM {q('files')}"),
        "write_ops": one(f"SELECT coalesce(sum(write_ops), 0) FROM {q('files')}"),
    }


def with_pyarrow(flat, part, bad):
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.dataset as ds
    import pyarrow.parquet as pq
    out = {"version": pa.__version__}
    for name, path in (("flat", flat), ("partitioned", part)):
        t = {}
        for table in ("calls", "operations", "files"):
            if name == "flat":
                t[table] = pq.read_table(os.path.join(path, f"{table}.parquet"))
            else:
                t[table] = ds.dataset(os.path.join(path, table), format="parquet",
                                      partitioning="hive").to_table()
        ops = t["operations"]

        def total(tbl, col, mask=None):
            c = tbl.column(col) if mask is None else tbl.filter(mask).column(col)
            return int(pc.sum(c).as_py() or 0)
        out[name] = {
            "calls": t["calls"].num_rows,
            "operations": ops.num_rows,
            "read_bytes": total(ops, "bytes_done", pc.equal(ops.column("mode").cast(pa.string()), "read")),
            "write_bytes": total(ops, "bytes_done", pc.equal(ops.column("mode").cast(pa.string()), "write")),
            "files_read_bytes": total(t["files"], "read_bytes"),
            "files_write_bytes": total(t["files"], "write_bytes"),
            "read_ops": total(t["files"], "read_ops"),
            "write_ops": total(t["files"], "write_ops"),
            "ranks": sorted({r for r in t["calls"].column("rank").to_pylist() if r is not None}),
        }
        if name == "flat":
            out["types"] = {c: str(t["calls"].schema.field(c).type)
                            for c in ("start_ns", "duration_ns", "call_id", "rank")}
            for table, tbl in t.items():
                for f in tbl.schema:
                    typ = f.type.value_type if pa.types.is_list(f.type) else f.type
                    if pa.types.is_unsigned_integer(typ):
                        bad.append(f"pyarrow: {table}.{f.name} is {f.type}, unsigned")
                for c in TIME_COLS[table]:
                    if tbl.schema.field(c).type != pa.timestamp("ns", tz="UTC"):
                        bad.append(f"pyarrow: {table}.{c} is {tbl.schema.field(c).type}")
                for c in DURATION_COLS[table]:
                    if tbl.schema.field(c).type != pa.duration("ns"):
                        bad.append(f"pyarrow: {table}.{c} is {tbl.schema.field(c).type}")
            out["metadata"] = check_metadata(flat, bad)
    return out


def check_metadata(flat, bad):
    import pyarrow.parquet as pq
    md = pq.read_metadata(os.path.join(flat, "operations.parquet")).metadata
    kv = {k.decode(): v.decode() for k, v in md.items()}
    for k in ("schema_version", "trace", "clock_resolution_ns", "job", "units", "table"):
        if f"recorder_otf2.{k}" not in kv:
            bad.append(f"pyarrow: operations.parquet: no metadata key recorder_otf2.{k}")
            return {}
    job = json.loads(kv["recorder_otf2.job"])
    units = json.loads(kv["recorder_otf2.units"])
    return {"schema_version": kv["recorder_otf2.schema_version"], "trace": kv["recorder_otf2.trace"],
            "clock_resolution_ns": kv["recorder_otf2.clock_resolution_ns"],
            "table": kv["recorder_otf2.table"], "job": job, "units": units}


def with_polars(flat, part, bad):
    import polars as pl
    out = {"version": pl.__version__}
    for name, path in (("flat", flat), ("partitioned", part)):
        t = {}
        for table in ("calls", "operations", "files"):
            if name == "flat":
                t[table] = pl.read_parquet(os.path.join(path, f"{table}.parquet"))
            else:
                t[table] = pl.scan_parquet(os.path.join(path, table, "**", "*.parquet"),
                                           hive_partitioning=True).collect()
        ops, files = t["operations"], t["files"]
        mode = ops["mode"].cast(pl.Utf8)
        out[name] = {
            "calls": t["calls"].height,
            "operations": ops.height,
            "read_bytes": int(ops.filter(mode == "read")["bytes_done"].sum() or 0),
            "write_bytes": int(ops.filter(mode == "write")["bytes_done"].sum() or 0),
            "files_read_bytes": int(files["read_bytes"].sum() or 0),
            "files_write_bytes": int(files["write_bytes"].sum() or 0),
            "read_ops": int(files["read_ops"].sum() or 0),
            "write_ops": int(files["write_ops"].sum() or 0),
            "ranks": sorted(r for r in t["calls"]["rank"].unique().to_list() if r is not None),
        }
        if name == "flat":
            out["types"] = {c: str(t["calls"].schema[c]) for c in ("start_ns", "duration_ns", "call_id", "rank")}
            for table, df in t.items():
                for c in TIME_COLS[table]:
                    if df.schema[c] != pl.Datetime("ns", "UTC"):
                        bad.append(f"polars: {table}.{c} is {df.schema[c]}")
                for c in DURATION_COLS[table]:
                    if df.schema[c] != pl.Duration("ns"):
                        bad.append(f"polars: {table}.{c} is {df.schema[c]}")
                for c in INT_COLS[table]:
                    if df.schema[c] != pl.Int64:
                        bad.append(f"polars: {table}.{c} is {df.schema[c]}")
    return out


def with_duckdb(flat, part, bad):
    import duckdb
    con = duckdb.connect()
    out = {"version": duckdb.__version__}
    for name, path in (("flat", flat), ("partitioned", part)):
        if name == "flat":
            q = lambda t, p=path: f"read_parquet('{p}/{t}.parquet')"  # noqa: E731
        else:
            q = lambda t, p=path: f"read_parquet('{p}/{t}/*/*/*.parquet', hive_partitioning = 1)"  # noqa: E731
        got = {k: int(con.execute(sql).fetchone()[0]) for k, sql in sums_sql(q).items()}
        got["ranks"] = [r[0] for r in con.execute(
            f"SELECT DISTINCT rank FROM {q('calls')} WHERE rank IS NOT NULL ORDER BY rank").fetchall()]
        out[name] = got
        if name == "flat":
            types = {}
            for table in ("calls", "operations", "files"):
                desc = {r[0]: r[1] for r in con.execute(f"DESCRIBE SELECT * FROM {q(table)}").fetchall()}
                if "offset" in desc:
                    bad.append(f"duckdb: {table} has a column named offset (reserved)")
                for c in TIME_COLS[table]:
                    if not desc[c].startswith("TIMESTAMP"):
                        bad.append(f"duckdb: {table}.{c} is {desc[c]}")
                for c in INT_COLS[table]:
                    if desc[c] != "BIGINT":
                        bad.append(f"duckdb: {table}.{c} is {desc[c]}")
                if table == "calls":
                    types = {c: desc[c] for c in ("start_ns", "duration_ns", "call_id", "rank")}
            out["types"] = types
            # No column of any table is one of DuckDB's reserved words (`offset` was).
            reserved = {r[0] for r in con.execute(
                "SELECT keyword_name FROM duckdb_keywords() WHERE keyword_category = 'reserved'").fetchall()}
            for table in ("calls", "operations", "extents", "files", "handles"):
                cols = [r[0] for r in con.execute(f"DESCRIBE SELECT * FROM {q(table)}").fetchall()]
                for c in cols:
                    if c in reserved:
                        bad.append(f"duckdb: {table}.{c} is a reserved word")
            out["reserved_words"] = len(reserved)
            # The renamed column needs no quoting.
            con.execute(f"SELECT max(file_offset) FROM {q('operations')}").fetchone()
    return out


def with_spark(flat, part, bad):
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F
    spark = (SparkSession.builder.master("local[1]").appName("check_engines")
             .config("spark.ui.enabled", "false")
             .config("spark.sql.shuffle.partitions", "1")
             .config("spark.sql.legacy.parquet.nanosAsLong", "true")
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    out = {"version": spark.version}
    try:
        for name, path in (("flat", flat), ("partitioned", part)):
            t = {}
            for table in ("calls", "operations", "files"):
                p = os.path.join(path, f"{table}.parquet" if name == "flat" else table)
                t[table] = spark.read.parquet(p)
            ops, files = t["operations"], t["files"]
            sums = lambda df, cols: df.agg(*[F.sum(c) for c in cols]).collect()[0]  # noqa: E731
            r = sums(ops.where("mode = 'read'"), ["bytes_done"])
            w = sums(ops.where("mode = 'write'"), ["bytes_done"])
            fs = sums(files, ["read_bytes", "write_bytes", "read_ops", "write_ops"])
            out[name] = {
                "calls": t["calls"].count(),
                "operations": ops.count(),
                "read_bytes": int(r[0] or 0),
                "write_bytes": int(w[0] or 0),
                "files_read_bytes": int(fs[0] or 0),
                "files_write_bytes": int(fs[1] or 0),
                "read_ops": int(fs[2] or 0),
                "write_ops": int(fs[3] or 0),
                "ranks": sorted(x[0] for x in t["calls"].select("rank").distinct().collect() if x[0] is not None),
            }
            if name == "flat":
                types = {}
                for table, df in t.items():
                    dt = dict(df.dtypes)
                    for c in INT_COLS[table] + DURATION_COLS[table]:
                        if dt[c] != "bigint":
                            bad.append(f"spark: {table}.{c} is {dt[c]}")
                    if table == "calls":
                        types = {c: dt[c] for c in ("start_ns", "duration_ns", "call_id", "rank")}
                out["types"] = types
    finally:
        spark.stop()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("flat")
    ap.add_argument("partitioned")
    ap.add_argument("--summary", required=True)
    args = ap.parse_args()
    want = expected(args.summary)
    bad = []
    result = {}
    for engine, fn in (("pyarrow", with_pyarrow), ("polars", with_polars),
                       ("duckdb", with_duckdb), ("spark", with_spark)):
        try:
            got = fn(args.flat, args.partitioned, bad)
        except Exception as e:  # noqa: BLE001 - an engine that cannot read is the violation
            bad.append(f"{engine}: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
            continue
        for layout in ("flat", "partitioned"):
            for k in SUM_KEYS:
                if got[layout][k] != want[k]:
                    bad.append(f"{engine} ({layout}): {k} {got[layout][k]}, the summary says {want[k]}")
        got["partitioned"]["ranks"] = [r for r in got["partitioned"]["ranks"] if r != -1]
        if got["partitioned"]["ranks"] != got["flat"]["ranks"]:
            bad.append(f"{engine}: ranks {got['partitioned']['ranks']} partitioned, {got['flat']['ranks']} flat")
        result[engine] = got
    if bad:
        print("\n".join(bad))
        return 1
    print(json.dumps({"expected": want, "engines": result}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
