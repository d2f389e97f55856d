#!/usr/bin/env python3
"""traceblocks.py TRACE...: the number of blocks in OSP traces."""
import struct
import sys

total = 0
for path in sys.argv[1:]:
    data = open(path, "rb").read()
    pos = data.index(b"\n") + 1
    while pos < len(data):
        _, n = struct.unpack_from("<II", data, pos)
        total += n
        pos += 8 + 4 * n
print(total)
