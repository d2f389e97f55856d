#!/usr/bin/env python3
"""Ball-Larus path executions of the functions of a gcc --coverage build, from gcc's own
control-flow graphs (.gcno) and arc counters (.gcda): what p3's SBL profile would count for a
function p3 did not instrument (skipped_share.py). Python 3 standard library only.
"""

import glob
import os


class MeasureError(Exception):
    """A measurement that could not be taken; its message goes into the table."""


# Formats of GCC 12 (gcc/gcov-io.h): little-endian 32-bit words; a file starts with
# magic, version, stamp and checksum; a string is its byte length (NUL included) and its
# bytes, unpadded; a record is tag, byte length, data. gcno: after the header the
# compilation directory (a string) and a word, then per function FUNCTION (ident,
# checksums, name, artificial, source, start line and column, end line and column),
# BLOCKS (their number), one ARCS per block with arcs (source block, then destination
# and flags per arc), LINES. gcda: per function FUNCTION (ident, checksums) and COUNTERS
# of arcs: one 64-bit count per arc not on the spanning tree, in the gcno's arc order (a
# negative length: that many bytes of zero counts, not written).

GCNO_MAGIC, GCDA_MAGIC = 0x67636E6F, 0x67636461
TAG_FUNCTION, TAG_BLOCKS, TAG_ARCS, TAG_COUNTER_ARCS = 0x01000000, 0x01410000, 0x01430000, 0x01A10000
ARC_ON_TREE, ARC_FAKE = 1, 2


class Reader:
    def __init__(self, data, path):
        self.data, self.pos, self.path = data, 0, path

    def word(self):
        if self.pos + 4 > len(self.data):
            raise MeasureError(f"{self.path}: truncated")
        v = int.from_bytes(self.data[self.pos:self.pos + 4], "little")
        self.pos += 4
        return v

    def string(self):
        n = self.word()
        s = self.data[self.pos:self.pos + n].rstrip(b"\0").decode(errors="replace")
        self.pos += n
        return s

    def at_end(self):
        return self.pos + 8 > len(self.data)


def read_gcno(path):
    """Functions of a .gcno: {ident: {name, file, line, end_line, blocks, arcs}} with
    arcs a list of (source, destination, flags) in the file's order."""
    with open(path, "rb") as f:
        r = Reader(f.read(), path)
    if r.word() != GCNO_MAGIC:
        raise MeasureError(f"{path}: not a gcno file")
    r.word(), r.word(), r.word()  # version, stamp, checksum
    cwd = r.string()
    r.word()  # whether unexecuted blocks are marked
    funcs, cur = {}, None
    while not r.at_end():
        tag, length = r.word(), r.word()
        end = r.pos + length
        if tag == TAG_FUNCTION:
            ident = r.word()
            r.word(), r.word()
            name = r.string()
            r.word()
            source = r.string()
            line, _, end_line, _ = r.word(), r.word(), r.word(), r.word()
            cur = funcs[ident] = {"name": name, "file": os.path.join(cwd, source),
                                  "line": line, "end_line": end_line, "blocks": 0, "arcs": []}
        elif tag == TAG_BLOCKS and cur is not None:
            cur["blocks"] = r.word()
        elif tag == TAG_ARCS and cur is not None:
            src = r.word()
            while r.pos < end:
                cur["arcs"].append((src, r.word(), r.word()))
        r.pos = end
    return funcs


def read_gcda(path):
    """Arc counters of a .gcda: {ident: [count per arc off the spanning tree]}."""
    with open(path, "rb") as f:
        r = Reader(f.read(), path)
    if r.word() != GCDA_MAGIC:
        raise MeasureError(f"{path}: not a gcda file")
    r.word(), r.word(), r.word()
    counts, ident = {}, None
    while not r.at_end():
        tag, length = r.word(), r.word()
        if length >= 0x80000000:  # negative: all zero, nothing written
            if tag == TAG_COUNTER_ARCS and ident is not None:
                counts[ident] = [0] * ((0x100000000 - length) // 8)
            continue
        end = r.pos + length
        if tag == TAG_FUNCTION:
            ident = r.word() if length else None
        elif tag == TAG_COUNTER_ARCS and ident is not None:
            vals = []
            while r.pos < end:
                lo, hi = r.word(), r.word()
                vals.append(lo | hi << 32)
            counts[ident] = vals
        r.pos = end
    return counts


def solve_arcs(blocks, arcs, measured):
    """Every arc's count from the counts of the arcs off the spanning tree (measured, in
    arc order) by flow conservation, as gcov does. Returns the counts, None for an arc
    that stays unknown."""
    count = [None] * len(arcs)
    it = iter(measured)
    for i, (_, _, flags) in enumerate(arcs):
        if not flags & ARC_ON_TREE:
            count[i] = next(it, 0)
    outs = [[] for _ in range(blocks)]
    ins = [[] for _ in range(blocks)]
    for i, (s, d, _) in enumerate(arcs):
        if s < blocks and d < blocks:
            outs[s].append(i)
            ins[d].append(i)
    changed = True
    while changed:
        changed = False
        for b in range(blocks):
            for side, other in ((outs[b], ins[b]), (ins[b], outs[b])):
                unknown = [i for i in side if count[i] is None]
                if len(unknown) != 1:
                    continue
                # the block's count: its other side, when whole (the entry, block 0,
                # has no arcs in and the exit, block 1, none out: their count is not 0)
                if not other and ((b == 0 and side is outs[b]) or (b == 1 and side is ins[b])):
                    continue
                if any(count[i] is None for i in other):
                    continue
                total = sum(count[i] for i in other)
                count[unknown[0]] = max(0, total - sum(count[i] for i in side
                                                       if count[i] is not None))
                changed = True
    return count


def path_executions(blocks, arcs, count):
    """Ball-Larus path executions of one gcc CFG: a path starts at every entry (the
    entry block's count) and after every traversal of a retreating arc (to a block on
    the depth-first search's stack from the entry, fake arcs left out). Returns
    (entries, paths), None where an arc count is unknown."""
    entry_arcs = [i for i, (s, _, _) in enumerate(arcs) if s == 0]
    if any(count[i] is None for i in entry_arcs):
        return None, None
    entries = sum(count[i] for i in entry_arcs)
    succ = [[] for _ in range(blocks)]
    for i, (s, d, flags) in enumerate(arcs):
        if not flags & ARC_FAKE and s < blocks and d < blocks:
            succ[s].append((d, i))
    state = [0] * blocks  # 0 unseen, 1 on the stack, 2 done
    back = []
    stack = [(0, iter(succ[0]))] if blocks else []
    if blocks:
        state[0] = 1
    while stack:
        b, children = stack[-1]
        for d, i in children:
            if state[d] == 1:
                back.append(i)
            elif state[d] == 0:
                state[d] = 1
                stack.append((d, iter(succ[d])))
                break
        else:
            state[b] = 2
            stack.pop()
    if any(count[i] is None for i in back):
        return entries, None
    return entries, entries + sum(count[i] for i in back)


def gcc_paths(tree, match):
    """Per (file, function name): [entries, Ball-Larus path executions] summed over the
    translation units, from every .gcno/.gcda pair under tree (functions of files
    match() does not know are left out; a function never run has no counts)."""
    out = {}
    for gcda in sorted(glob.glob(os.path.join(tree, "**", "*.gcda"), recursive=True)):
        gcno = gcda[:-len(".gcda")] + ".gcno"
        if not os.path.exists(gcno):
            continue
        graphs = read_gcno(gcno)
        for ident, measured in read_gcda(gcda).items():
            g = graphs.get(ident)
            if g is None:
                continue
            rel = match(g["file"])
            if rel is None:
                continue
            count = solve_arcs(g["blocks"], g["arcs"], measured)
            entries, paths = path_executions(g["blocks"], g["arcs"], count)
            acc = out.setdefault((rel, g["name"]), [0, 0])
            acc[0] += entries or 0
            acc[1] = None if paths is None or acc[1] is None else acc[1] + paths
    return out
