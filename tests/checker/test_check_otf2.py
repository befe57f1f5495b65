#!/usr/bin/python3
"""Self-test of check_otf2.py's handle life cycle rules: small archives written here with
python3-otf2's writer (one process, two threads, one handle), the checker run on each as the
Rust tests run it (a subprocess), its exit status and violation lines asserted.

    /usr/bin/python3 tests/checker/test_check_otf2.py

Exit 0 when every case passes (last line "N passed, 0 failed"); 1 with the failing cases named.
"""

import os
import shutil
import subprocess
import sys
import tempfile

import otf2
from otf2.enums import (IoAccessMode, IoCreationFlag, IoOperationFlag, IoOperationMode,
                        IoParadigmClass, IoParadigmFlag, IoSeekOption, IoStatusFlag)

CHECKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check_otf2.py")


def write_archive(path, script):
    """An archive of one process with threads t0 and t1 and handle '/f' (plus an unused
    handle '/g' on the same file); `script(w, h, g, region)` writes the events, w = (w0, w1)."""
    with otf2.writer.open(path, timer_resolution=1) as tr:
        d = tr.definitions
        node = d.system_tree_node("host")
        lg = d.location_group("proc", system_tree_parent=node)
        locs = (d.location("t0", group=lg), d.location("t1", group=lg))
        par = d.io_paradigm("POSIX", "POSIX I/O", IoParadigmClass.SERIAL, IoParadigmFlag.NONE)
        f = d.io_regular_file("/f", scope=node)
        h = d.io_handle("/f", file=f, io_paradigm=par)
        g = d.io_handle("/f dup", file=f, io_paradigm=par)
        region = d.region("read")
        w = tuple(tr.event_writer_from_location(l) for l in locs)
        script(w, h, g, region)


def create(w, t, h):
    w.io_create_handle(t, h, IoAccessMode.READ_ONLY, IoCreationFlag.NONE, IoStatusFlag.NONE)


def read(w, t0, t1, h, region, mid=0, done=True):
    w.enter(t0, region)
    w.io_operation_begin(t0, h, IoOperationMode.READ, IoOperationFlag.NONE, 10, mid)
    if done:
        w.io_operation_complete(t1, h, 10, mid)
    w.leave(t1, region)


def read_then_destroy_on_reader(w, h, g, region):
    # The shape recorder2otf2 writes for a read in progress while another thread closes its
    # descriptor: the handle ends on the reading thread right after the read's Complete.
    create(w[0], 1, h)
    w[1].enter(2, region)
    w[1].io_operation_begin(2, h, IoOperationMode.READ, IoOperationFlag.NONE, 10, 0)
    w[1].io_operation_complete(5, h, 10, 0)
    w[1].io_destroy_handle(5, h)
    w[1].leave(5, region)
    create(w[0], 6, h)  # the definition lives again afterwards
    w[0].io_destroy_handle(7, h)


def complete_after_destroy(w, h, g, region):
    # Issue 33's N3: the other thread's close destroyed the handle before the read completed.
    create(w[0], 1, h)
    w[1].enter(2, region)
    w[1].io_operation_begin(2, h, IoOperationMode.READ, IoOperationFlag.NONE, 10, 0)
    w[0].io_destroy_handle(3, h)
    w[1].io_operation_complete(5, h, 10, 0)
    w[1].leave(5, region)


def destroy_in_flight_then_recreate(w, h, g, region):
    # The same, but a new open reuses the definition before the read completes: only the
    # in-flight rule sees it.
    create(w[0], 1, h)
    w[1].enter(2, region)
    w[1].io_operation_begin(2, h, IoOperationMode.READ, IoOperationFlag.NONE, 10, 0)
    w[0].io_destroy_handle(3, h)
    create(w[0], 4, h)
    w[1].io_operation_complete(5, h, 10, 0)
    w[1].leave(5, region)
    w[0].io_destroy_handle(6, h)


def double_destroy(w, h, g, region):
    create(w[0], 1, h)
    w[0].io_destroy_handle(2, h)
    w[1].io_destroy_handle(3, h)


def op_before_create(w, h, g, region):
    read(w[1], 1, 2, h, region)
    create(w[0], 3, h)
    w[0].io_destroy_handle(4, h)


def seek_after_destroy(w, h, g, region):
    create(w[0], 1, h)
    w[0].io_destroy_handle(2, h)
    w[1].io_seek(3, h, 0, IoSeekOption.FROM_START, 0)


def dup_of_destroyed(w, h, g, region):
    create(w[0], 1, h)
    w[0].io_destroy_handle(2, h)
    w[1].io_duplicate_handle(3, h, g, IoStatusFlag.NONE)
    w[1].io_destroy_handle(4, g)


# (name, script, expected violation fragments; [] = the archive is valid)
CASES = [
    ("read, then destroy on the reading thread", read_then_destroy_on_reader, []),
    ("complete after destroy", complete_after_destroy,
     ["IoDestroyHandle on handle '/f' (id 0) with operations in flight (matchingId 0)",
      "IoOperationComplete on inactive handle '/f' (id 0)"]),
    ("destroy in flight, created again", destroy_in_flight_then_recreate,
     ["location 't0' (id 0) event #1 time 3: IoDestroyHandle on handle '/f' (id 0) with "
      "operations in flight (matchingId 0)"]),
    ("double destroy", double_destroy, ["IoDestroyHandle on inactive handle '/f' (id 0)"]),
    ("operation before create", op_before_create,
     ["IoOperationBegin on inactive handle '/f' (id 0)",
      "IoOperationComplete on inactive handle '/f' (id 0)"]),
    ("seek after destroy", seek_after_destroy, ["IoSeek on inactive handle '/f' (id 0)"]),
    ("duplicate of a destroyed handle", dup_of_destroyed,
     ["IoDuplicateHandle from inactive old handle '/f' (id 0)"]),
]


def run_case(tmp, name, script, expected):
    """The problems of one case (empty when it passes)."""
    path = os.path.join(tmp, name.replace(" ", "_").replace(",", ""))
    write_archive(path, script)
    r = subprocess.run([sys.executable, CHECKER, os.path.join(path, "traces.otf2")],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    lines = [l for l in r.stdout.splitlines() if l.strip()]
    if not expected:
        if r.returncode != 0 or not lines or not lines[-1].startswith("ok: "):
            return ["expected ok, got exit {}: {}".format(r.returncode, r.stdout.strip())]
        return []
    problems = []
    if r.returncode != 1:
        problems.append("expected exit 1, got {}".format(r.returncode))
    for frag in expected:
        if not any(frag in l for l in lines):
            problems.append("no violation containing {!r} in: {}".format(frag, lines))
    if len(lines) != len(expected):
        problems.append("expected {} violation line(s), got {}: {}".format(
            len(expected), len(lines), lines))
    return problems


def main():
    tmp = tempfile.mkdtemp(prefix="test_check_otf2.")
    failed = 0
    try:
        for name, script, expected in CASES:
            problems = run_case(tmp, name, script, expected)
            for p in problems:
                print("FAIL {}: {}".format(name, p))
            failed += bool(problems)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("{} passed, {} failed".format(len(CASES) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
