"""Known HDF5 calls from h5py (Debian python3-h5py, serial build: h5py's extension modules
link libhdf5_serial.so.103); argv[1] is the scratch directory, the file is DIR/py.h5 (kept).

    /usr/bin/python3 h5_script.py DIR

  f = h5py.File(DIR/py.h5, "w")                H5Fcreate (H5F_ACC_TRUNC)
  f.create_dataset("d0", data=500 float64)     H5Dcreate2, H5Dwrite of everything (H5S_ALL):
                                               500 elements, 4000 bytes (d0[i] = i * 0.25)
  d = f.create_dataset("d", (1000,), "f8")     H5Dcreate2, no data call
  d[100:200] = 100 float64                     H5Dwrite, memory space of 100, file hyperslab
                                               start 100 count 100: 100 elements, 800 bytes
                                               (d[100 + i] = 1000 + i)
  d.attrs["ids"] = int32 [7, 8, 9]             H5Acreate2 + H5Awrite: 3 elements, 12 bytes
  f.close()                                    H5Fclose
  f = h5py.File(DIR/py.h5, "r")                H5Fopen (H5F_ACC_RDONLY)
  f["d"][:]                                    H5Dread of all 1000 elements (memory space
                                               of 1000, file selection all): 8000 bytes
  f["d"].attrs["ids"]                          H5Aopen + H5Aread: 3 elements, 12 bytes
  f.close()                                    H5Fclose

Measured with ltrace -l 'libhdf5_serial.so*' on h5py 3.7.0 / HDF5 1.10.8: exactly these four
H5Dwrite / H5Dread and the one H5Awrite / H5Aread (h5py's many other calls are metadata:
H5Pcreate, H5Tcopy, H5Sget_*, H5Oget_info, H5Iget_type, ...).

Output: one line per data call, in program order:
    op <function> dataset=<path> elements=<n> bytes=<n> file=py.h5
(for the attribute calls dataset= is the dataset carrying the attribute), and the data read
back is compared: on a mismatch a message goes to stderr and the exit status is 1.
"""
import os
import sys

import numpy as np
import h5py

FILE = "py.h5"


def op(fn, dset, elements, itemsize):
    print(f"op {fn} dataset={dset} elements={elements} bytes={elements * itemsize} file={FILE}",
          flush=True)


def fail(what):
    print(f"h5_script: {what}", file=sys.stderr)
    sys.exit(1)


def main():
    path = os.path.join(sys.argv[1], FILE)
    d0 = np.arange(500, dtype=np.float64) * 0.25
    part = np.arange(100, dtype=np.float64) + 1000.0
    ids = np.array([7, 8, 9], dtype=np.int32)

    with h5py.File(path, "w") as f:
        f.create_dataset("d0", data=d0)
        op("H5Dwrite", "/d0", 500, 8)
        d = f.create_dataset("d", (1000,), dtype="f8")
        d[100:200] = part
        op("H5Dwrite", "/d", 100, 8)
        d.attrs["ids"] = ids
        op("H5Awrite", "/d", 3, 4)

    with h5py.File(path, "r") as f:
        got = f["d"][:]
        op("H5Dread", "/d", 1000, 8)
        want = np.zeros(1000)
        want[100:200] = part
        if got.shape != (1000,) or not np.array_equal(got, want):
            fail("H5Dread /d: data read back differs")
        a = f["d"].attrs["ids"]
        op("H5Aread", "/d", 3, 4)
        if not np.array_equal(a, ids):
            fail("H5Aread /d ids: data read back differs")


if __name__ == "__main__":
    main()
