"""Known reads and writes from Python: argv[1] is the scratch directory.

py.dat  (os level):       write 3000, write 1000, lseek 500, read 200
py2.dat (unbuffered io):  write 777, seek 100, write 23; reopen: seek 50, read 300
"""
import os
import sys

d = sys.argv[1]
p = os.path.join(d, "py.dat")
fd = os.open(p, os.O_CREAT | os.O_RDWR | os.O_TRUNC, 0o644)
os.write(fd, b"a" * 3000)
os.write(fd, b"b" * 1000)
os.lseek(fd, 500, os.SEEK_SET)
data = os.read(fd, 200)
os.close(fd)

p2 = os.path.join(d, "py2.dat")
with open(p2, "wb", buffering=0) as f:
    f.write(b"c" * 777)
    f.seek(100)
    f.write(b"d" * 23)
with open(p2, "rb", buffering=0) as f:
    f.seek(50)
    x = f.read(300)
print(len(data), len(x))
