"""Known netCDF calls from netCDF4-python (Debian python3-netcdf4 1.6.2: its extension module
links libnetcdf.so.19 dynamically); argv[1] is the scratch directory, the file is DIR/py.nc
(kept).

    /usr/bin/python3 nc_script.py DIR

  ds = netCDF4.Dataset(DIR/py.nc, "w",          nc_set_default_format(NC_FORMAT_NETCDF4),
                       format="NETCDF4")       then nc_create with cmode 0 (NC_CLOBBER):
                                               the format is not in the cmode
  ds.createDimension("x", 200)                 nc_def_dim
  v = ds.createVariable("v", "f8", ("x",))     nc_def_var
  v[:] = 200 float64                           nc_put_vara (untyped, the variable's type):
                                               start 0 count 200: 200 elements, 1600 bytes
                                               (v[i] = i * 0.5)
  ds.close()                                   nc_close
  ds = netCDF4.Dataset(DIR/py.nc, "r")         nc_open (NC_NOWRITE)
  ds["v"][50:60]                               nc_get_vara (untyped): start 50 count 10:
                                               10 elements, 80 bytes
  ds.close()                                   nc_close

Measured with ltrace -l 'libnetcdf.so*' on netCDF4-python 1.6.2 / netCDF 4.9.0: exactly
these two data calls (nc_put_vara, nc_get_vara); the rest is metadata (nc_inq_*, nc_def_*,
nc_inq_var_fill ...). No nc_enddef: netCDF-4 leaves define mode by itself on the first
nc_put_vara.

Output: one line per data call, in program order:
    op <function> file=py.nc var=<name> elements=<n> bytes=<n>
and the data read back is compared: on a mismatch a message goes to stderr and the exit
status is 1.
"""
import os
import sys

import numpy as np
import netCDF4

FILE = "py.nc"


def op(fn, var, elements, itemsize):
    print(f"op {fn} file={FILE} var={var} elements={elements} bytes={elements * itemsize}",
          flush=True)


def fail(what):
    print(f"nc_script: {what}", file=sys.stderr)
    sys.exit(1)


def main():
    path = os.path.join(sys.argv[1], FILE)
    data = np.arange(200, dtype=np.float64) * 0.5

    with netCDF4.Dataset(path, "w", format="NETCDF4") as ds:
        ds.createDimension("x", 200)
        v = ds.createVariable("v", "f8", ("x",))
        v[:] = data
        op("nc_put_vara", "v", 200, 8)

    with netCDF4.Dataset(path, "r") as ds:
        got = ds["v"][50:60]
        op("nc_get_vara", "v", 10, 8)
        if got.shape != (10,) or not np.array_equal(np.asarray(got), data[50:60]):
            fail("nc_get_vara v[50:60]: data read back differs")
    print("done")


if __name__ == "__main__":
    main()
