#!/usr/bin/env python3
"""Reads every file of a `recorder-otf2 export --parquet DIR` folder into pandas.

    PYTHONPATH=/opt/recorder-otf2-py /usr/bin/python3 tests/checker/check_pandas.py DIR

For each .parquet file: `to_pandas()` succeeds (pandas 1.5 refuses unsigned dictionary
indices), the frame has the table's rows and columns, and its string columns (dictionary or
not) and integer columns without nulls hold the values pyarrow reads. One line per violation
on stdout, exit 1; otherwise one JSON line: the pandas and pyarrow versions and per file
its rows and the columns compared.
"""

import json
import os
import sys

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq


def is_string(t):
    if pa.types.is_dictionary(t):
        t = t.value_type
    return pa.types.is_string(t) or pa.types.is_large_string(t)


def plain(values):
    """pandas values as Python ones (a missing value as None)."""
    return [None if v is None or (isinstance(v, float) and v != v) else v for v in values]


def check(path, bad):
    """The file's rows and the columns compared, violations appended to `bad`."""
    table = pq.read_table(path)
    name = os.path.basename(path)
    try:
        frame = table.to_pandas()
    except Exception as e:  # noqa: BLE001 - any failure is the violation
        bad.append(f"{name}: to_pandas: {e}")
        return None
    if len(frame) != table.num_rows or list(frame.columns) != table.column_names:
        bad.append(f"{name}: pandas has {len(frame)} rows {list(frame.columns)}, "
                   f"pyarrow {table.num_rows} {table.column_names}")
        return None
    compared = []
    for field in table.schema:
        col = table.column(field.name)
        integer = pa.types.is_integer(field.type) and col.null_count == 0
        if not (is_string(field.type) or integer):
            continue
        got = plain(frame[field.name].astype(object).tolist())
        if got != col.to_pylist():
            bad.append(f"{name}: column {field.name} differs between pandas and pyarrow")
        compared.append(field.name)
    return {"rows": len(frame), "compared": compared}


def main():
    folder = sys.argv[1]
    bad = []
    files = {}
    for entry in sorted(os.listdir(folder)):
        if entry.endswith(".parquet"):
            files[entry] = check(os.path.join(folder, entry), bad)
    if not files:
        bad.append(f"{folder}: no .parquet file")
    if bad:
        print("\n".join(bad))
        return 1
    print(json.dumps({"pandas": pd.__version__, "pyarrow": pa.__version__, "files": files}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
