#!/usr/bin/env python3
"""Generates the ADIOS2 C++ functions the recorder interposes, from the installed library's
exports (`nm -D --defined-only`, demangled by `c++filt`), so that the list is the library's,
not a hand-written one:

- libadios2_cxx (the C++ API programs call: `adios2::ADIOS`, `adios2::IO`, `adios2::Engine`):
  the ADIOS constructors, DeclareIO, SetEngine, every DefineVariable / InquireVariable, both
  Open forms, every Put and Get (each instantiated type, by Variable<T>, by name, by
  VariableNT; sync and deferred through their Mode), BeginStep, EndStep, PerformPuts,
  PerformGets, PerformDataWrite, Flush, Close;
- libadios2_core (what the Python bindings call directly, and what the C and C++ APIs call
  inside: recorded only when no ADIOS call is being recorded on the thread already):
  the core ADIOS constructors and destructor, DeclareIO, SetEngine, DefineVariable, both
  Open forms, every typed Put and Get, BeginStep, Close, and the virtual step functions
  (BeginStep, EndStep, PerformPuts, PerformGets, PerformDataWrite, Flush) of core::Engine
  and of every engine class that overrides them (a virtual call goes to the engine class's
  own symbol, which the library's vtables reach through the dynamic linker).

Not generated (listed in docs/coverage.md): the Get forms taking an adios2::Selection, the
Put forms returning a Span, struct variables, the core Get forms returning BPInfo* and the
core InquireVariable (looked up, not recorded: the C API's adios2_inquire_variable uses it).

Outputs:
- the lines of the function table in io-events/src/functions.rs between the markers
  `// BEGIN generated adios-cxx` and `// END generated adios-cxx` (mangled name as the
  function's name, the demangled signature as its display name);
- recorder-otf2/src/generated/adios_cxx.h: one C wrapper macro line per function (call shape,
  level, operation, variable access, element type) and the element types' accessors;
- recorder-otf2/src/generated/adios_cxx.rs: the exported symbols (tail-jump trampolines into the C
  wrappers) and the wrapper index -> function id table.

Usage: scripts/gen-adios-cxx.py [--check] [LIBDIR=/opt/recorder-otf2-adios2/adios2]
--check exits 1 (naming the differences) when the checked-in files are not what the
library gives (the e2e tests run it)."""
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen_common import ROOT, update_files  # noqa: E402

C_OUT = ROOT / "recorder-otf2/src/generated/adios_cxx.h"
RS_OUT = ROOT / "recorder-otf2/src/generated/adios_cxx.rs"

STRING = "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >"

# Element types: C++ spelling -> (adios2_type of the C API, bytes, core type's C++ spelling).
# long long / unsigned long long are C++-API types stored as the core's long / unsigned long.
TYPES = {
    "std::string": (0, 0, "std::string"),
    "float": (1, 4, "float"),
    "double": (2, 8, "double"),
    "std::complex<float>": (3, 8, "std::complex<float>"),
    "std::complex<double>": (4, 16, "std::complex<double>"),
    "signed char": (5, 1, "signed char"),
    "char": (5, 1, "char"),
    "short": (6, 2, "short"),
    "int": (7, 4, "int"),
    "long": (8, 8, "long"),
    "long long": (8, 8, "long"),
    "unsigned char": (9, 1, "unsigned char"),
    "unsigned short": (10, 2, "unsigned short"),
    "unsigned int": (11, 4, "unsigned int"),
    "unsigned long": (12, 8, "unsigned long"),
    "unsigned long long": (12, 8, "unsigned long"),
    "long double": (13, 16, "long double"),
}
CORE_TYPES = sorted({v[2] for v in TYPES.values()})

# Table lines per operation: (role, fields, return kind, fail rule, mapping).
XFER = "[engine: Handle, var: Name, elements: Size, bytes: Size, launch: Int, request: Int] -> Int, NonZero"
OPS = {
    "PUT": f"Data {XFER} => NamedStart {{ file: 0, name: 1, dir: Write, req: 3, id: 5 }}",
    "GET": f"Data {XFER} => NamedStart {{ file: 0, name: 1, dir: Read, req: 3, id: 5 }}",
    "OPEN": "Meta [io: Handle, path: File, mode: Amode] -> Handle, Null => ObjOpen { path: 1, key: RET, comm: RET, amode: 2 }",
    "DEFINE": "Meta [io: Handle, name: Name, type: Int, ndims: Size, shape0: Size, shape1: Size, shape2: Size] -> Handle, Null => None",
    "INQUIRE": "Meta [io: Handle, name: Name, type: Int] -> Handle, Null => None",
    "BEGIN_STEP": "Meta [engine: Handle, mode: Int, status: Int] -> Int, NonZero => None",
    "END_STEP": "Data [engine: Handle] -> Int, NonZero => None",
    "PERFORM_PUTS": "Data [engine: Handle] -> Int, NonZero => None",
    "PERFORM_GETS": "Data [engine: Handle] -> Int, NonZero => None",
    "FLUSH": "Data [engine: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false }",
    "DATA_WRITE": "Data [engine: Handle] -> Int, NonZero => ObjData { key: 0, dir: Flush, req: RET, xfer: RET, off: RET, coll: false }",
    "CLOSE": "Meta [engine: Handle] -> Int, NonZero => ObjClose { key: 0 }",
    "INIT": "Meta [] -> Handle, Null => None",
    "INIT_CONFIG": "Meta [config: File] -> Handle, Null => None",
    "FINALIZE": "Meta [adios: Handle] -> Int, NonZero => None",
    "DECLARE_IO": "Meta [adios: Handle, name: Name] -> Handle, Null => None",
    "SET_ENGINE": "Meta [io: Handle, engine: Name] -> Int, NonZero => None",
}


def exports(lib):
    out = subprocess.run(["nm", "-D", "--defined-only", str(lib)], capture_output=True,
                         text=True, check=True).stdout
    syms = sorted({f[2] for f in (l.split() for l in out.splitlines())
                   if len(f) == 3 and f[1] in "TW" and f[2].startswith("_ZN")})
    dem = subprocess.run(["c++filt"], input="\n".join(syms) + "\n", capture_output=True,
                         text=True, check=True).stdout.splitlines()
    if len(dem) != len(syms):
        raise SystemExit(f"gen-adios-cxx: c++filt gave {len(dem)} lines for {len(syms)} symbols")
    return list(zip(syms, dem))


def tidy(d):
    """A readable signature: std::string, std::vector<T>, no ABI tags."""
    d = d.replace(STRING, "std::string").replace("[abi:cxx11]", "")
    d = d.replace(" >", ">")
    while True:
        m = re.search(r"std::vector<(.+?), std::allocator<\1>>", d)
        if not m:
            return d
        d = d[:m.start()] + f"std::vector<{m.group(1)}>" + d[m.end():]


def split_top(s, sep=","):
    """Split at `sep` outside <> and ()."""
    parts, depth, cur = [], 0, ""
    for ch in s:
        if ch in "<(":
            depth += 1
        elif ch in ">)":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def parse(d):
    """(return type, qualified name, template argument, parameters, const) of a demangled
    signature in tidy form, or None."""
    i = d.find("(")
    if i < 0 or not d.endswith(")") and not d.endswith(") const"):
        return None
    const = d.endswith(" const")
    body = d[:-len(" const")] if const else d
    head, params = body[:i], body[i + 1:-1]
    depth, j = 0, len(head)
    while j > 0:
        ch = head[j - 1]
        if ch == ">":
            depth += 1
        elif ch == "<":
            depth -= 1
        elif ch == " " and depth == 0:
            break
        j -= 1
    ret, name = head[:j].strip(), head[j:]
    targ = None
    m = re.match(r"^(.*?)<(.*)>$", name)
    if m and not name.endswith("operator<") and "::" in m.group(1):
        name, targ = m.group(1), m.group(2).strip()
    return ret, name, targ, split_top(params), const


def data_kind(p, t):
    """How a Put/Get data parameter holds the data (for string byte counts): 'S' one
    std::string, 'V' a vector of them, '-' elements x type size, or None if unknown."""
    c = p.replace(" const", "")
    if t == "std::string":
        if c in ("std::string*", "std::string&"):
            return "S"
        if c == "std::vector<std::string>&":
            return "V"
        if c.endswith("::Info&"):
            return "I"
        return None
    if c in (f"{t}*", f"{t}&", f"std::vector<{t}>&", "void*") or c.endswith("::Info&") or c == f"{t}**":
        return "-"
    return None


def classify(sym, dem):
    """One generated wrapper as a dict, or None when not interposed."""
    d = tidy(dem)
    pr = parse(d)
    if pr is None:
        return None
    ret, name, targ, params, const = pr
    cxx = name.startswith("adios2::Engine::") or name.startswith("adios2::IO::") or \
        name.startswith("adios2::ADIOS::")
    core = name.startswith("adios2::core::Engine::") or name.startswith("adios2::core::IO::") or \
        name.startswith("adios2::core::ADIOS::")
    derived = re.match(r"^adios2::(core::engine|plugin)::\w+::", name) is not None
    if not (cxx or core or derived):
        return None
    level = "CXX" if cxx else ("CORE" if core else "DERIVED")
    method = name.rsplit("::", 1)[1]
    w = {"sym": sym, "display": d[len(ret) + 1:] if ret else d, "level": level,
         "type": "-", "var": "-", "data": "-", "ctype": "-"}
    mode = "adios2::Mode"

    def typed(t):
        if t not in TYPES:
            raise SystemExit(f"gen-adios-cxx: {dem}: unknown element type {t!r}")
        w["type"] = t
        w["ctype"] = TYPES[t][2]

    if method in ("Put", "Get") and not derived:
        if "Span" in ret or "BPInfo" in ret or any("Selection" in p for p in params) or \
                any("VariableStruct" in p for p in params):
            return None
        w["op"] = method.upper()
        if level == "CXX":
            var_t, nt_t = f"adios2::Variable<{targ}>", "adios2::VariableNT&"
        else:
            var_t, nt_t = f"adios2::core::Variable<{targ}>&", None
        if targ is not None:
            typed(targ)
        first = params[0]
        if targ is not None and first == var_t:
            w["var"] = "VAR"
        elif first == "std::string const&":
            w["var"] = "NAME"
        elif nt_t and first == nt_t and targ is None:
            w["var"] = "NT"
            if len(params) >= 2:
                m = re.match(r"^(?:std::vector<(.+)>&|(.+?)(?: const)?&)$", params[1])
                if m and (m.group(1) or m.group(2)) in TYPES:
                    w["type"] = m.group(1) or m.group(2)
                    w["ctype"] = TYPES[w["type"]][2]
        else:
            return None
        t = w["type"] if w["type"] != "-" else "void"
        if len(params) == 3 and params[2] == mode:
            w["shape"] = "XFER"
        elif len(params) == 2 and const and method == "Get" and params[1] == f"{t}**":
            w["shape"] = "XFER_PTR"
        else:
            return None
        k = data_kind(params[1], t)
        if k is None:
            return None
        w["data"] = k
        return w
    if method == "DefineVariable" and not derived:
        dims = "std::vector<unsigned long> const&"
        if targ is not None and params == ["std::string const&", dims, dims, dims, "bool"]:
            typed(targ)
            w.update(op="DEFINE", shape="DEFINE")
            return w
        if level == "CXX" and params == ["adios2::DataType", "std::string const&", dims, dims, dims, "bool"]:
            w.update(op="DEFINE", shape="DEFINE_NT")
            return w
        return None
    if method == "InquireVariable" and level == "CXX" and params == ["std::string const&"]:
        if targ is not None:
            typed(targ)
        w.update(op="INQUIRE", shape="INQUIRE")
        return w
    if method == "Open" and not derived:
        if params == ["std::string const&", mode]:
            w.update(op="OPEN", shape="OPEN")
            return w
        if params == ["std::string const&", "char const*", "unsigned long"]:
            w.update(op="OPEN", shape="OPEN_MD")
            return w
        return None
    if method == "SetEngine" and params == ["std::string"]:
        w.update(op="SET_ENGINE", shape="STR1")
        return w
    if method == "DeclareIO" and params == ["std::string", "adios2::ArrayOrdering"]:
        w.update(op="DECLARE_IO", shape="DECLARE_IO")
        return w
    if method == "ADIOS" and name.endswith("ADIOS::ADIOS"):
        # The complete-object constructor only (C1): the base-object one (C2) serves
        # derived classes, which ADIOS has none of.
        if not re.search(r"C1E", sym):
            return None
        if level == "CXX":
            shapes = {(): ("INIT", "CTOR0"), ("std::string const&",): ("INIT_CONFIG", "CTOR1"),
                      ("std::string const&", "std::string const&"): ("INIT_CONFIG", "CTOR2")}
        else:
            # core::ADIOS(hostLanguage) and core::ADIOS(configFile, hostLanguage)
            shapes = {("std::string",): ("INIT", "CTOR1"),
                      ("std::string", "std::string"): ("INIT_CONFIG", "CTOR2")}
        s = shapes.get(tuple(params))
        if s is None:
            return None
        w.update(op=s[0], shape=s[1])
        return w
    if method == "~ADIOS" and level == "CORE":
        if not re.search(r"D1Ev$", sym):
            return None
        w.update(op="FINALIZE", shape="ENG0")
        return w
    if level == "CORE" and name.startswith("adios2::core::IO::"):
        return None
    engine_ops = {
        ("BeginStep", ()): ("BEGIN_STEP", "STEP0"),
        ("BeginStep", ("adios2::StepMode", "float")): ("BEGIN_STEP", "STEP"),
        ("EndStep", ()): ("END_STEP", "ENG0"),
        ("PerformPuts", ()): ("PERFORM_PUTS", "ENG0"),
        ("PerformGets", ()): ("PERFORM_GETS", "ENG0"),
        ("PerformDataWrite", ()): ("DATA_WRITE", "ENG0"),
        ("Flush", ("int",)): ("FLUSH", "ENG_INT"),
        ("Close", ("int",)): ("CLOSE", "ENG_INT"),
    }
    if (level == "CXX" and name.startswith("adios2::Engine::")) or \
            (level == "CORE" and name.startswith("adios2::core::Engine::")) or derived:
        s = engine_ops.get((method, tuple(params)))
        if s is None or const:
            return None
        # Derived engines: only the virtual step functions (Close is core::Engine's alone;
        # BeginStep() without arguments is not virtual).
        if derived and s[1] in ("STEP0",) or derived and s[0] == "CLOSE":
            return None
        w.update(op=s[0], shape=s[1])
        return w
    return None


def core_accessors(core):
    """Per core element type: the mangled core::Variable<T>::SelectionSize() const,
    core::Variable<T>::Count() const and core::IO::InquireVariable<T>(std::string const&)."""
    acc = {}
    for sym, dem in core:
        d = tidy(dem)
        m = re.match(r"^adios2::core::Variable<(.+)>::SelectionSize\(\) const$", d)
        if m:
            acc.setdefault(m.group(1), {})["size"] = sym
        m = re.match(r"^adios2::core::Variable<(.+)>::Count\(\) const$", d)
        if m:
            acc.setdefault(m.group(1), {})["count"] = sym
        m = re.match(r"^adios2::core::Variable<(.+)>\* adios2::core::IO::InquireVariable<\1>\(std::string const&\)$", d)
        if m:
            acc.setdefault(m.group(1), {})["inquire"] = sym
    for t in CORE_TYPES:
        if any(k not in acc.get(t, {}) for k in ("size", "count", "inquire")):
            raise SystemExit(f"gen-adios-cxx: libadios2_core has no SelectionSize/Count/InquireVariable for {t}")
    return acc


def main():
    args = [a for a in sys.argv[1:] if a != "--check"]
    libdir = Path(args[0] if args else "/opt/recorder-otf2-adios2/adios2")
    cxx_lib, core_lib = libdir / "libadios2_cxx.so", libdir / "libadios2_core.so"
    cxx, core = exports(cxx_lib), exports(core_lib)
    acc = core_accessors(core)
    wrappers = [w for w in (classify(s, d) for s, d in cxx + core) if w]
    order = {"CXX": 0, "CORE": 1, "DERIVED": 2}
    wrappers.sort(key=lambda w: (order[w["level"]], w["display"], w["sym"]))
    if len({w["sym"] for w in wrappers}) != len(wrappers):
        raise SystemExit("gen-adios-cxx: a symbol classified twice")
    if len({w["display"] for w in wrappers}) != len(wrappers):
        raise SystemExit("gen-adios-cxx: two wrappers with one display name")

    table = [f'    {w["sym"]} = "{w["display"]}": Adios {OPS[w["op"]]};' for w in wrappers]

    tix = {t: i for i, t in enumerate(CORE_TYPES)}
    c_lines = ["// Generated by scripts/gen-adios-cxx.py from the exports of libadios2_cxx and",
               "// libadios2_core: do not edit.",
               "//",
               "// Element types of the core: ADX_TYPE(index, C++ type, core::Variable<T>::SelectionSize,",
               "// core::Variable<T>::Count, core::IO::InquireVariable<T>).",
               "#define ADX_NTYPES " + str(len(CORE_TYPES))]
    for t in CORE_TYPES:
        c_lines.append(f'ADX_TYPE({tix[t]}, "{t}", "{acc[t]["size"]}", "{acc[t]["count"]}", "{acc[t]["inquire"]}")')
    c_lines += ["",
                "// ADX_<shape>(index, symbol, level, operation, variable access, data kind,",
                "// adios2_type, element bytes, core type index)   // display name"]
    for i, w in enumerate(wrappers):
        t = w["type"]
        atype, size = (TYPES[t][0], TYPES[t][1]) if t != "-" else (-1, 0)
        ti = tix[w["ctype"]] if w["ctype"] != "-" else -1
        c_lines.append(f'ADX_{w["shape"]}({i}, "{w["sym"]}", LVL_{w["level"]}, OP_{w["op"]}, '
                       f'VAR_{w["var"] if w["var"] != "-" else "NONE"}, DATA_{ {"-": "ELEMS", "S": "STRING", "V": "STRINGS", "I": "INFO"}[w["data"]] }, '
                       f'{atype}, {size}, {ti})  // {w["display"]}')
    c_text = "\n".join(c_lines) + "\n"

    rs = ["// Generated by scripts/gen-adios-cxx.py from the exports of libadios2_cxx and",
          "// libadios2_core: do not edit.",
          "",
          "/// The function of each C wrapper (by its index in generated/adios_cxx.h).",
          f"pub(crate) static FUNCS: [Func; {len(wrappers)}] = ["]
    rs += [f"    Func::{w['sym']}," for w in wrappers]
    rs += ["];", "", "crate::variadic::trampolines! {"]
    rs += [f"    {w['sym']} => rotf2_adx_{i}," for i, w in enumerate(wrappers)]
    rs += ["}"]
    rs_text = "\n".join(rs) + "\n"

    n = {lv: sum(1 for w in wrappers if w["level"] == lv) for lv in order}
    update_files("gen-adios-cxx", f"{cxx_lib} and {core_lib}", "adios-cxx", table,
           {C_OUT: c_text, RS_OUT: rs_text},
           f"{len(wrappers)} functions ({n['CXX']} C++ API, {n['CORE']} core, {n['DERIVED']} engine classes)")


main()
