"""What the generators (scripts/gen-netcdf.py, gen-pnetcdf.py, gen-adios-cxx.py) share:
writing (or, with --check, comparing) the generated lines between two markers of
io-events/src/functions.rs and the generated wrapper file(s)."""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "io-events/src/functions.rs"


def update(tool, header, marker, table_lines, wrappers, wrapper_text, counts):
    """Replace the lines between `// BEGIN generated <marker>` and `// END generated
    <marker>` with `table_lines` and write `wrapper_text` to `wrappers`; with --check on the
    command line, exit 1 naming the files that differ instead. `counts` describes what was
    generated, for the message."""
    update_files(tool, header, marker, table_lines, {wrappers: wrapper_text}, counts)


def update_files(tool, source, marker, table_lines, files, counts):
    """As `update`, with several generated files: `files` maps each path to its text."""
    begin, end = f"    // BEGIN generated {marker}", f"    // END generated {marker}"
    table = TABLE.read_text()
    i = table.index("\n", table.index(begin)) + 1
    j = table.index(end)
    new_table = table[:i] + "\n".join(table_lines) + "\n" + table[j:]
    if "--check" in sys.argv:
        bad = []
        if new_table != table:
            bad.append(str(TABLE))
        for path, text in files.items():
            if not path.exists() or path.read_text() != text:
                bad.append(str(path))
        if bad:
            print(f"{tool}: out of date with {source}: " + ", ".join(bad) + f" (run scripts/{tool}.py)")
            sys.exit(1)
        print(f"{tool}: {counts}, up to date")
        return
    TABLE.write_text(new_table)
    for path, text in files.items():
        path.write_text(text)
    print(f"{tool}: {counts} written")
