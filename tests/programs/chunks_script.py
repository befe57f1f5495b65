"""Chunked, compressed datasets written and read by h5py or netCDF4-python (the real
libraries, no equivalent), with the script's own account of what it did and of where the
library put every chunk on disk.

    python3 chunks_script.py h5py|netcdf4 DIR

h5py: DIR/chunks.h5, dataset /temp float64 (64, 64), chunks (16, 16), gzip level 4 with the
shuffle filter, and /counts int32 (1000,), chunks (250,), gzip level 1. netcdf4: DIR/chunks.nc,
variables temp (dims y=64, x=64, float64, chunksizes (16, 16), zlib complevel 4, shuffle) and
counts (n=1000, int32, chunksizes (250,), zlib complevel 1). Either way:
  write: temp in 4 slabs of 16 rows (temp[16 i : 16 (i + 1), :] = ...), counts in 2 halves;
         the file closed (the library compresses and writes the chunks as it flushes);
  chunks: the file reopened with h5py (netCDF-4 files are HDF5 files) and every chunk's byte
         offset and stored size taken from dset.id.get_chunk_info;
  read:  the file opened with the library again, each variable read whole once, checked.
Output, one JSON object per line:
  {"var": "temp", "writes": 4, "write_bytes": 32768, "reads": 1, "read_bytes": 32768,
   "chunks": [[byte_offset, size], ...]}
  {"failures": N}
"""
import json
import sys

import numpy as np

lib, d = sys.argv[1], sys.argv[2]
temp = np.arange(64 * 64, dtype="f8").reshape(64, 64) % 97 / 7.0
counts = (np.arange(1000, dtype="i4") * 7) % 13
account = {
    "temp": {"writes": 0, "write_bytes": 0, "reads": 0, "read_bytes": 0},
    "counts": {"writes": 0, "write_bytes": 0, "reads": 0, "read_bytes": 0},
}


def wrote(var, arr):
    account[var]["writes"] += 1
    account[var]["write_bytes"] += arr.nbytes


def read(var, arr):
    account[var]["reads"] += 1
    account[var]["read_bytes"] += arr.nbytes


if lib == "h5py":
    import h5py

    path = f"{d}/chunks.h5"
    with h5py.File(path, "w") as f:
        t = f.create_dataset("temp", (64, 64), "f8", chunks=(16, 16), compression="gzip",
                             compression_opts=4, shuffle=True)
        c = f.create_dataset("counts", (1000,), "i4", chunks=(250,), compression="gzip",
                             compression_opts=1)
        for i in range(4):
            t[16 * i:16 * (i + 1), :] = temp[16 * i:16 * (i + 1), :]
            wrote("temp", temp[16 * i:16 * (i + 1), :])
        for h in range(2):
            c[500 * h:500 * (h + 1)] = counts[500 * h:500 * (h + 1)]
            wrote("counts", counts[500 * h:500 * (h + 1)])
else:
    import netCDF4

    path = f"{d}/chunks.nc"
    with netCDF4.Dataset(path, "w", format="NETCDF4") as f:
        f.createDimension("y", 64)
        f.createDimension("x", 64)
        f.createDimension("n", 1000)
        t = f.createVariable("temp", "f8", ("y", "x"), zlib=True, complevel=4, shuffle=True,
                             chunksizes=(16, 16))
        c = f.createVariable("counts", "i4", ("n",), zlib=True, complevel=1, shuffle=False,
                             chunksizes=(250,))
        for i in range(4):
            t[16 * i:16 * (i + 1), :] = temp[16 * i:16 * (i + 1), :]
            wrote("temp", temp[16 * i:16 * (i + 1), :])
        for h in range(2):
            c[500 * h:500 * (h + 1)] = counts[500 * h:500 * (h + 1)]
            wrote("counts", counts[500 * h:500 * (h + 1)])

import h5py  # noqa: E402  (both: the chunk map comes from HDF5)

with h5py.File(path, "r") as f:
    for var in ("temp", "counts"):
        ds = f[var]
        chunks = []
        for i in range(ds.id.get_num_chunks()):
            info = ds.id.get_chunk_info(i)
            chunks.append([info.byte_offset, info.size])
        account[var]["chunks"] = sorted(chunks)

failures = 0
if lib == "h5py":
    with h5py.File(path, "r") as f:
        t, c = f["temp"][...], f["counts"][...]
else:
    with netCDF4.Dataset(path, "r") as f:
        t, c = f["temp"][:], f["counts"][:]
read("temp", t)
read("counts", c)
failures += int(not np.array_equal(t, temp)) + int(not np.array_equal(c, counts))

for var in ("temp", "counts"):
    print(json.dumps({"var": var, **account[var]}))
print(json.dumps({"failures": failures}))
