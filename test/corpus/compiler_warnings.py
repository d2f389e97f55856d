"""Compiler warnings of a build log, and those a copy has that the original has not.

A warning is keyed by (file, line, flag): a copy compiled under the original's flags
must not add one (p3's probes must not make the compiler say anything new). Paths are
taken relative to the tree that was built, so that the original and a copy, built in
different directories, name the same file the same way.

gcc's flow-sensitive warnings (OPTIMIZER_FLAGS) come from its middle end, after
inlining and jump threading: they depend on the shape of the optimized code, not on the
source text alone, so any change of a function's code can move, repeat or add them
(flex's scanner: a probe on one arm of "x = c ? 1 : 0" lets gcc duplicate the code
after it, test/corpus/FINDINGS.md 2c). The harness reports those separately.

Python 3 standard library only.
"""

import os
import re

WARN_RE = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?:\d+:)? warning: (?P<msg>.*?)"
                     r"(?: \[(?P<flag>-W[^\]]+)\])?$")


OPTIMIZER_FLAGS = {
    "-Warray-bounds", "-Wdangling-pointer", "-Wformat-overflow", "-Wformat-truncation",
    "-Wfree-nonheap-object", "-Wmaybe-uninitialized", "-Wnull-dereference",
    "-Wrestrict", "-Wstringop-overflow", "-Wstringop-overread", "-Wstringop-truncation",
    "-Wuse-after-free", "-Walloc-size-larger-than", "-Wvla-larger-than",
}


def is_optimizer_warning(flag):
    """Whether gcc issues this warning from its optimizer's view of the code
    ("-Wstringop-overflow=", "-Warray-bounds=1" included)."""
    return flag.split("=")[0] in OPTIMIZER_FLAGS


def relative_to_trees(path, trees):
    """path relative to the first of trees it lies in (absolute paths a build prints),
    else normalized as it is."""
    path = os.path.normpath(path)
    if os.path.isabs(path):
        for t in trees:
            t = os.path.normpath(t)
            if path.startswith(t + os.sep):
                return os.path.relpath(path, t)
    return path


def warnings_of(logfile, trees=()):
    """{(file, line, flag): [lines]} of the compiler warnings in a build log."""
    found = {}
    with open(logfile, "rb") as f:
        text = f.read().decode(errors="replace")
    for line in text.splitlines():
        m = WARN_RE.match(line.strip())
        if not m:
            continue
        file = relative_to_trees(m.group("file"), trees)
        key = (file, int(m.group("line")), m.group("flag") or m.group("msg"))
        found.setdefault(key, []).append(line.strip())
    return found


def new_warnings(orig_log, orig_trees, copy_log, copy_trees):
    """The warnings of copy_log beyond orig_log's, each with how many more times it
    occurs."""
    a, b = warnings_of(orig_log, orig_trees), warnings_of(copy_log, copy_trees)
    out = []
    for key, lines in sorted(b.items()):
        extra = len(lines) - len(a.get(key, []))
        if extra > 0:
            out.append({"file": key[0], "line": key[1], "flag": key[2],
                        "count": extra, "text": lines[0]})
    return out
