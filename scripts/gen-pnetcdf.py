#!/usr/bin/env python3
"""Generates the PnetCDF data functions (ncmpi_put/get/iput/iget/bput_var*, every typed and
flexible form, independent and collective) and the attribute functions from the installed
pnetcdf.h, so that the list is the header's, not a hand-written one:

- the lines of the function table in io-events/src/functions.rs between the markers
  `// BEGIN generated pnetcdf` and `// END generated pnetcdf`;
- recorder-otf2/src/generated/pnetcdf.rs: one `pnc_data!` line per data function (call shape,
  direction, name, element size, collective, the form's own parameters and how the element
  count follows from them) and one `pnc_att!` line per attribute function.

Attribute puts record the external type and length beside the bytes (what a replay at the
PnetCDF layer puts them again with); varm's shape is `Shape::Mapped` (its imap is not
recorded: the replay skips it).

ncmpi_mput_*/mget_* (several variables in one call) are not generated: see docs/coverage.md.

Usage: scripts/gen-pnetcdf.py [--check] [HEADER=/usr/include/pnetcdf.h]
--check exits 1 (naming the differences) when the checked-in files are not what the header
gives (the e2e tests run it)."""
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen_common import ROOT, update  # noqa: E402

WRAPPERS = ROOT / "recorder-otf2/src/generated/pnetcdf.rs"

# Element size of each typed suffix (bytes in memory).
SIZES = {"text": 1, "schar": 1, "uchar": 1, "ubyte": 1, "short": 2, "ushort": 2, "int": 4,
         "uint": 4, "long": 8, "float": 4, "double": 8, "longlong": 8, "ulonglong": 8}

# Per form: its own parameters (after ncid, varid; before the buffer) and the shape of the
# transfer built from them.
FORMS = {
    "var": ("", "Shape::Whole"),
    "var1": ("start: Ix", "Shape::One(start)"),
    "vara": ("start: Ix, count: Ix", "Shape::Counted(start, count, NUL)"),
    "vars": ("start: Ix, count: Ix, stride: Ix", "Shape::Counted(start, count, stride)"),
    "varm": ("start: Ix, count: Ix, stride: Ix, imap: Ix", "Shape::Mapped(start, count, stride)"),
    "varn": ("num: c_int, starts: Nx, counts: Nx", "Shape::Many(num, starts, counts)"),
    "vard": ("filetype: Dt", "Shape::Flex"),
}

DATA = re.compile(r"^ncmpi_(put|get|iput|iget|bput)_(var[1asmnd]?)(_[a-z]+?)??(_all)?$")
ATT = re.compile(r"^ncmpi_(put|get)_att(_[a-z]+)?$")


def prototypes(header):
    text = Path(header).read_text()
    pat = re.compile(r"extern\s+int\s+(ncmpi_\w+)\s*\(([^;]*?)\)\s*;", re.S)
    return [(m.group(1), [" ".join(p.split()) for p in m.group(2).split(",")])
            for m in pat.finditer(text)]


def data_functions(protos):
    out = []
    for name, params in protos:
        m = DATA.match(name)
        if not m:
            continue
        kind, form, suffix, coll = m.groups()
        flex = suffix is None
        size = 0 if flex else SIZES.get(suffix[1:])
        if size is None:
            raise SystemExit(f"gen-pnetcdf: {name}: unknown element type {suffix[1:]!r}")
        own = FORMS[form][0]
        nb = kind in ("iput", "iget", "bput")
        expect = 2 + (len(own.split(",")) if own else 0) + 1 + (2 if flex else 0) + (1 if nb else 0)
        if len(params) != expect:
            raise SystemExit(f"gen-pnetcdf: {name}: {len(params)} parameters, expected {expect}")
        out.append((name, kind, form, size, flex, coll is not None))
    return sorted(out)


def att_functions(protos):
    out = []
    for name, params in protos:
        m = ATT.match(name)
        if not m:
            continue
        dirn, suffix = m.groups()
        size = 0 if suffix is None else SIZES.get(suffix[1:])
        if size is None:
            raise SystemExit(f"gen-pnetcdf: {name}: unknown element type {suffix[1:]!r}")
        if dirn == "get":
            kind = "get"
        else:
            kind = "put_x" if any(p.startswith("nc_type") for p in params) else "put_n"
        out.append((name, kind, size))
    return sorted(out)


def table_lines(funcs, atts):
    lines = []
    for name, kind, _form, _size, _flex, coll in funcs:
        d = "Read" if kind in ("get", "iget") else "Write"
        if kind in ("put", "get"):
            c = "true" if coll else "false"
            lines.append(f"    {name}: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size] -> Int, NonZero => NamedData {{ file: 0, name: 1, dir: {d}, req: 3, xfer: 3, coll: {c} }};")
        else:
            lines.append(f"    {name}: PnetCdf Data [ncid: Handle, var: Name, elements: Size, bytes: Size, request: Int] -> Int, NonZero => NamedStart {{ file: 0, name: 1, dir: {d}, req: 3, id: 4 }};")
    for name, kind, _ in atts:
        if kind == "get":
            lines.append(f"    {name}: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size] -> Int, NonZero => None;")
        else:
            lines.append(f"    {name}: PnetCdf Meta [ncid: Handle, varid: Int, name: Name, bytes: Size, xtype: Int, len: Size] -> Int, NonZero => None;")
    return lines


def wrapper_text(funcs, atts):
    rows = []
    for name, kind, form, size, flex, coll in funcs:
        call = ("blk" if kind in ("put", "get") else "nb") + ("flex" if flex else "")
        d = "Read" if kind in ("get", "iget") else "Write"
        own, shape = FORMS[form]
        rows.append(f"    {call} {d} {name} {size} {'true' if coll else 'false'} ({own}) {shape};")
    arows = [f"    {kind} {name} {size};" for name, kind, size in atts]
    return ("// Generated by scripts/gen-pnetcdf.py from pnetcdf.h: do not edit.\n"
            "// `call direction name element-size collective (form parameters) shape`\n"
            "// (call: blk|nb, +flex for the MPI-datatype forms; element size 0: from the datatype).\n"
            "pnc_data! {\n" + "\n".join(rows) + "\n}\n\n"
            "// `put_x|put_n|get name element-size` (0: the attribute's own type).\n"
            "pnc_att! {\n" + "\n".join(arows) + "\n}\n")


def main():
    args = [a for a in sys.argv[1:] if a != "--check"]
    header = args[0] if args else "/usr/include/pnetcdf.h"
    protos = prototypes(header)
    funcs = data_functions(protos)
    atts = att_functions(protos)
    update("gen-pnetcdf", header, "pnetcdf", table_lines(funcs, atts), WRAPPERS,
           wrapper_text(funcs, atts), f"{len(funcs)} data and {len(atts)} attribute functions")

main()
