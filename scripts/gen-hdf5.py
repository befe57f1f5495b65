#!/usr/bin/env python3
"""Generates the HDF5 function table and the HDF5 region wrappers from the installed headers,
so that every exported function of the file (H5F), group (H5G), dataset (H5D), attribute
(H5A), object (H5O) and link (H5L) interfaces is traced, in every API generation (the
numbered H5Dcreate1/H5Dcreate2, H5Gopen1/H5Gopen2 ... and the unnumbered compatibility
functions the library still exports):

- the HDF5 lines of the function table in io-events/src/functions.rs (between the markers
  `// BEGIN generated hdf5` and `// END generated hdf5`): one per function, sorted by name;
  the functions with hand-written semantics (files, datasets, transfers, flushes, object
  opens and closes: SPECIAL below) get their line from SPECIAL, the others are regions
  with their scalar arguments (ids as Handle, strings as Name, numbers as Int/Size/Hex);
- recorder-otf2/src/generated/hdf5.rs: one `h5_regions!` line per region function (its C
  signature in Rust types and the fields it records). The SPECIAL functions are written by
  hand in recorder-otf2/src/hdf5.rs.

Usage: scripts/gen-hdf5.py [--check] [INCLUDE_DIR=/usr/include/hdf5/serial]
--check exits 1 (naming the differences) when the checked-in files are not what the headers
give (the e2e tests run it). The openmpi headers declare the same API (H5Fset/get_mpi_
atomicity are in the serial header too, under H5_HAVE_PARALLEL)."""
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen_common import ROOT, update  # noqa: E402

WRAPPERS = ROOT / "recorder-otf2/src/generated/hdf5.rs"
INTERFACES = ["H5Fpublic.h", "H5Gpublic.h", "H5Dpublic.h", "H5Apublic.h", "H5Opublic.h", "H5Lpublic.h"]
# Outside the six interfaces: what programs written for the 1.6 API call beside them (not
# H5Eset_auto2: libhdf5 calls it on itself dozens of times at exit, and libnetcdf at every
# netCDF-4 call that may fail).
EXTRA = {"H5Epublic.h": ["H5Eset_auto1"]}

OPEN = "Hdf5 Meta [file: Handle, name: Name] -> Handle, Neg => SubOpen { file: 0, name: 1, key: RET }"
DOPEN = "Hdf5 Meta [file: Handle, name: Name, rank: Int, dim0: Size, dim1: Size, dim2: Size] -> Handle, Neg => SubOpen { file: 0, name: 1, key: RET }"
SPECIAL = {
    # files: the handle of the HDF5 layer (amode: H5F_ACC_* as canonical Amode bits; comm: the
    # MPI communicator of an mpio file access property list)
    # (fcpl, fapl: the property lists' handles, 0 H5P_DEFAULT)
    "H5Fcreate": "Hdf5 Meta [path: File, flags: Amode, comm: Comm, fcpl: Handle, fapl: Handle] -> Handle, Neg => ObjOpen { path: 0, key: RET, comm: 2, amode: 1 }",
    "H5Fopen": "Hdf5 Meta [path: File, flags: Amode, comm: Comm, fapl: Handle] -> Handle, Neg => ObjOpen { path: 0, key: RET, comm: 2, amode: 1 }",
    "H5Freopen": "Hdf5 Meta [path: File, flags: Amode, comm: Comm, file: Handle] -> Handle, Neg => ObjOpen { path: 0, key: RET, comm: 2, amode: 1 }",
    # open_objects: objects of the file still open (they keep it open inside HDF5)
    "H5Fclose": "Hdf5 Meta [file: Handle, open_objects: Int] -> Int, Neg => ObjClose { key: 0 }",
    "H5Fflush": "Hdf5 Data [file: Handle, scope: Int] -> Int, Neg => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false }",
    # datasets (and objects opened like them): sub-objects of their file's handle
    # type: the datatype as class << 32 | sign << 40 | order << 48 | size (hdf5.rs type_code);
    # space, dcpl ...: the handles passed; name: the dataset's path in its file
    "H5Dcreate1": "Hdf5 Meta [file: Handle, name: Name, type: Hex, space: Handle, dcpl: Handle] -> Handle, Neg => SubOpen { file: 0, name: 1, key: RET }",
    "H5Dcreate2": "Hdf5 Meta [file: Handle, name: Name, type: Hex, space: Handle, dcpl: Handle, lcpl: Handle, dapl: Handle] -> Handle, Neg => SubOpen { file: 0, name: 1, key: RET }",
    "H5Dcreate_anon": OPEN,
    # rank, dims: the dataset's extent (the first three dimensions)
    "H5Dopen1": DOPEN,
    "H5Dopen2": DOPEN,
    "H5Oopen": OPEN,
    "H5Oopen_by_addr": OPEN,
    "H5Oopen_by_idx": OPEN,
    # refs: references to the id left after the call (> 0: the object stays open)
    "H5Dclose": "Hdf5 Meta [dset: Handle, refs: Int] -> Int, Neg => SubClose { key: 0 }",
    "H5Oclose": "Hdf5 Meta [obj: Handle, refs: Int] -> Int, Neg => SubClose { key: 0 }",
    # mem_type as H5Dcreate's type; the spaces and the transfer list as handles (0: H5S_ALL,
    # H5P_DEFAULT); bytes = elements selected x mem_type's size
    "H5Dwrite": "Hdf5 Data [dset: Handle, mem_type: Hex, mem_space: Handle, file_space: Handle, dxpl: Handle, bytes: Size, collective: Int] -> Int, Neg => SubData { key: 0, dir: Write, req: 5, xfer: 5, coll: 6 }",
    "H5Dread": "Hdf5 Data [dset: Handle, mem_type: Hex, mem_space: Handle, file_space: Handle, dxpl: Handle, bytes: Size, collective: Int] -> Int, Neg => SubData { key: 0, dir: Read, req: 5, xfer: 5, coll: 6 }",
    "H5Dwrite_chunk": "Hdf5 Data [dset: Handle, filters: Hex, bytes: Size] -> Int, Neg => SubData { key: 0, dir: Write, req: 2, xfer: 2, coll: RET }",
    "H5Dread_chunk": "Hdf5 Data [dset: Handle, bytes: Size] -> Int, Neg => SubData { key: 0, dir: Read, req: 1, xfer: 1, coll: RET }",
    "H5Dflush": "Hdf5 Data [dset: Handle] -> Int, Neg => SubData { key: 0, dir: Flush, req: RET, xfer: RET, coll: RET }",
    "H5Oflush": "Hdf5 Data [file: Handle, obj: Handle] -> Int, Neg => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false }",
    "H5Gflush": "Hdf5 Data [file: Handle, group: Handle] -> Int, Neg => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false }",
    "H5Dset_extent": "Hdf5 Meta [dset: Handle, dim0: Size] -> Int, Neg => None",
    "H5Dextend": "Hdf5 Meta [dset: Handle, dim0: Size] -> Int, Neg => None",
    # attributes made: type as H5Dcreate's (what a replay makes the attribute with)
    "H5Acreate1": "Hdf5 Meta [loc_id: Handle, attr_name: Name, type: Hex, space_id: Handle, acpl_id: Handle] -> Handle, Neg => None",
    "H5Acreate2": "Hdf5 Meta [loc_id: Handle, attr_name: Name, type: Hex, space_id: Handle, acpl_id: Handle, aapl_id: Handle] -> Handle, Neg => None",
    "H5Acreate_by_name": "Hdf5 Meta [loc_id: Handle, obj_name: Name, attr_name: Name, type: Hex, space_id: Handle, acpl_id: Handle, aapl_id: Handle] -> Handle, Neg => None",
    # attribute transfers: bytes, no I/O events (attributes are metadata in the file)
    "H5Awrite": "Hdf5 Meta [attr: Handle, bytes: Size] -> Int, Neg => None",
    "H5Aread": "Hdf5 Meta [attr: Handle, bytes: Size] -> Int, Neg => None",
}

# C type -> (Rust type, field kind or None when not recorded, how the field is made)
SCALARS = {
    "hid_t": ("hid_t", "Handle", "{} as u64"),
    "herr_t": ("c_int", "Int", "{} as i64 as u64"),
    "htri_t": ("c_int", "Int", "{} as i64 as u64"),
    "int": ("c_int", "Int", "{} as i64 as u64"),
    "unsigned": ("c_uint", "Hex", "{} as u64"),
    "uint32_t": ("u32", "Hex", "{} as u64"),
    "size_t": ("usize", "Size", "{} as u64"),
    "ssize_t": ("isize", "Int", "{} as i64 as u64"),
    "hsize_t": ("hsize_t", "Size", "{}"),
    "hssize_t": ("i64", "Int", "{} as u64"),
    "haddr_t": ("u64", "Size", "{}"),
    # C bool: passed as one byte
    "hbool_t": ("u8", "Int", "{} as u64"),
}
ENUMS = {"H5_index_t", "H5_iter_order_t", "H5F_scope_t", "H5F_libver_t", "H5F_mem_t", "H5G_link_t",
         "H5L_type_t", "H5G_obj_t"}
# Return types: Rust type, kind, fail rule (hsize_t 0 may be a size as well as an error).
RETURNS = {"hid_t": ("hid_t", "Handle", "Neg"), "herr_t": ("c_int", "Int", "Neg"),
           "htri_t": ("c_int", "Int", "Neg"), "int": ("c_int", "Int", "Neg"),
           "ssize_t": ("isize", "Int", "Neg"), "hssize_t": ("i64", "Int", "Neg"),
           "haddr_t": ("u64", "Size", "Neg"), "hsize_t": ("hsize_t", "Size", "Never"),
           "H5G_obj_t": ("c_int", "Int", "Neg")}
MAX_ARGS = 7  # io_events::functions::MAX_FIELDS - 1 (the return value)
KEYWORDS = {"type", "ref", "mod", "fn", "in", "loop", "match", "move", "self", "use", "where"}


def declarations(include, header, wanted=None):
    """(name, return type, [(ctype, name)]) of every H5_DLL function of the header (of those
    named in `wanted`)."""
    text = re.sub(r"/\*.*?\*/", "", (Path(include) / header).read_text(), flags=re.S)
    out = []
    pat = re.compile(r"H5_DLL\s+([^;]*?)\b(H5[A-Z][A-Za-z_0-9]*)\s*\(([^;]*?)\)\s*;", re.S)
    for m in pat.finditer(text):
        ret, name, params = " ".join(m.group(1).split()), m.group(2), " ".join(m.group(3).split())
        if wanted is not None and name not in wanted:
            continue
        args = []
        if params not in ("", "void"):
            for p in params.split(","):
                p = p.strip()
                a = re.match(r"^(.*?)\s*\b(\w+)\s*(\[\w*\])?$", p)
                if not a:
                    raise SystemExit(f"gen-hdf5: {name}: cannot read parameter {p!r}")
                ctype = a.group(1).strip() + (" *" if a.group(3) else "")
                args.append((ctype, a.group(2)))
        out.append((name, ret, args))
    return out


def rust_arg(name, ctype):
    """(Rust type, kind or None, field expression) of one parameter."""
    t = ctype.replace("const ", "").strip()
    if "*" in t or t.endswith("_t") and t not in SCALARS and t not in ENUMS:
        # pointers, arrays and callbacks (H5L_iterate_t ...): passed through, not recorded,
        # except input strings
        if ctype.startswith("const char") and ctype.count("*") == 1:
            return ("Str", "Name", f"cname({name})")
        return ("*mut c_void", None, None)
    if t in ENUMS:
        return ("c_int", "Int", f"{name} as i64 as u64")
    if t not in SCALARS:
        raise SystemExit(f"gen-hdf5: unknown parameter type {ctype!r} ({name})")
    rt, kind, expr = SCALARS[t]
    return (rt, kind, expr.format(name))


def region(name, ret, args):
    """(table line, wrapper line) of a function recorded as a plain region."""
    if ret not in RETURNS:
        raise SystemExit(f"gen-hdf5: {name}: unknown return type {ret!r}")
    rret, rkind, fail = RETURNS[ret]
    params, fields, exprs = [], [], []
    for ctype, pname in args:
        ident = pname + "_" if pname in KEYWORDS else pname
        rt, kind, expr = rust_arg(ident, ctype)
        params.append(f"{ident}: {rt}")
        if kind and len(fields) < MAX_ARGS:
            fields.append(f"{pname}: {kind}")
            exprs.append(expr)
    line = f"    {name}: Hdf5 Meta [{', '.join(fields)}] -> {rkind}, {fail} => None;"
    wrapper = f"    fn {name}({', '.join(params)}) -> {rret} [{', '.join(exprs)}];"
    return line, wrapper


def main():
    args = [a for a in sys.argv[1:] if a != "--check"]
    include = args[0] if args else "/usr/include/hdf5/serial"
    funcs = {}
    for h in INTERFACES:
        for f in declarations(include, h):
            funcs[f[0]] = f
    for h, names in EXTRA.items():
        for f in declarations(include, h, names):
            funcs[f[0]] = f
    missing = sorted(set(SPECIAL) - set(funcs))
    if missing:
        raise SystemExit(f"gen-hdf5: hand-written functions not declared in {include}: {missing}")
    lines, wrappers = [], []
    for name in sorted(funcs):
        if name in SPECIAL:
            lines.append(f"    {name}: {SPECIAL[name]};")
            continue
        line, wrapper = region(*funcs[name])
        lines.append(line)
        wrappers.append(wrapper)
    text = ("// Generated by scripts/gen-hdf5.py from the HDF5 headers: do not edit.\n"
            "// `fn name(C signature in Rust types) -> Ret [fields recorded]`: a region with its\n"
            "// arguments (the functions with I/O semantics are written by hand in hdf5.rs).\n"
            "h5_regions! {\n" + "\n".join(wrappers) + "\n}\n")
    update("gen-hdf5", include, "hdf5", lines, WRAPPERS, text,
           f"{len(funcs)} functions ({len(funcs) - len(wrappers)} hand-written, {len(wrappers)} regions)")


main()
