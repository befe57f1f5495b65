"""ADIOS2 through its Python bindings (which call ADIOS2's C++ API, not the C API the ADIOS
layer records): writes 3 steps of a 1000-double array "temperature" to DIR/py.bp (BP5),
reads them back and checks every value. Prints `step <s> bytes 8000` per written step and
`failures: <n>`.
Usage: PYTHONPATH=/opt/recorder-otf2-adios2 python3.11 adios_script.py DIR"""
import sys

import adios2
import numpy as np

path = sys.argv[1] + "/py.bp"
n = 1000
with adios2.Stream(path, "w") as s:
    for _ in s.steps(3):
        step = s.current_step()
        data = np.arange(n, dtype=np.float64) + 10000.0 * step
        s.write("temperature", data, [n], [0], [n])
        print(f"step {step} bytes {data.nbytes}")
failures = 0
with adios2.Stream(path, "r") as s:
    for _ in s.steps():
        step = s.current_step()
        got = s.read("temperature")
        want = np.arange(n, dtype=np.float64) + 10000.0 * step
        failures += int(np.count_nonzero(got != want))
print(f"failures: {failures}")
sys.exit(1 if failures else 0)
