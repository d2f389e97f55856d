#!/usr/bin/env python3
"""Compares p3's lcov export with gcov's (as lcov's geninfo captured it).

usage: lcov_compare.py MANIFEST P3.info GCOV.info [--known FILE]

For every line of every function the manifest says is instrumented (its
[line, end_line]), gcov's line count must equal p3's, and gcov's branch counts
on the line must equal p3's as multisets (compilers order a line's branches
differently). Function records (FN line, FNDA calls) must agree too; a
function whose name gcov does not have (a lambda, which gcc and clang mangle
differently; a template, one function for p3 and one per instantiation for
gcov) is matched with gcov's unnamed functions on its line, calls summed. Lines
that p3's export marks inexact ("# p3-inexact:LINE,contracted": branches
inside a macro expansion counted as one step) are not compared: they are
listed. A line that one side has and the other does not is a difference.

--known FILE lists differences that are understood (one per line,
"FILE:LINE KIND  # why", KIND one of lines, branches, function): gcc and
clang attribute some code to other lines, or compute differently what p3
sees as one step (see docs/reading-reports.md). They are reported but do not
fail; a listed difference that no longer occurs fails, so that the list stays
true. Exit status 1 on any other difference. Standard library only.
"""
import argparse
import json
import os
import sys
from collections import defaultdict


def parse_info(path):
    """{abs source path: {"da": {line: count}, "br": {line: [taken...]},
    "fn": {name: line}, "fnda": {name: count}, "inexact": {line: reason}}}"""
    files = {}
    cur = None
    with open(path) as f:
        for raw in f:
            line = raw.rstrip("\n")
            if line.startswith("SF:"):
                cur = files.setdefault(os.path.realpath(line[3:]), {
                    "da": {}, "br": defaultdict(list), "fn": {}, "fnda": {},
                    "inexact": {}})
            elif cur is None:
                continue
            elif line.startswith("DA:"):
                ln, count = line[3:].split(",")[:2]
                cur["da"][int(ln)] = cur["da"].get(int(ln), 0) + int(count)
            elif line.startswith("BRDA:"):
                ln, _block, _branch, taken = line[5:].split(",")
                cur["br"][int(ln)].append(0 if taken == "-" else int(taken))
            elif line.startswith("FN:"):
                ln, name = line[3:].split(",", 1)
                cur["fn"][name] = int(ln)
            elif line.startswith("FNDA:"):
                count, name = line[5:].split(",", 1)
                cur["fnda"][name] = cur["fnda"].get(name, 0) + int(count)
            elif line.startswith("# p3-inexact:"):
                ln, reason = line[len("# p3-inexact:"):].split(",", 1)
                cur["inexact"][int(ln)] = reason
            elif line == "end_of_record":
                cur = None
    return files


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("manifest")
    ap.add_argument("p3_info")
    ap.add_argument("gcov_info")
    ap.add_argument("--max-shown", type=int, default=40)
    ap.add_argument("--known", help="file of understood differences")
    args = ap.parse_args()

    manifest = json.load(open(args.manifest))
    root = manifest["root"]
    p3 = parse_info(args.p3_info)
    gcov = parse_info(args.gcov_info)
    empty = {"da": {}, "br": {}, "fn": {}, "fnda": {}, "inexact": {}}

    problems = []
    inexact = []
    compared_lines = compared_branch_lines = compared_functions = by_line = 0
    manifest_names = {f["id"][len(f["file"]) + 1:] for f in manifest["functions"]}
    for fn in manifest["functions"]:
        if not fn["instrumented"]:
            continue
        path = os.path.realpath(os.path.join(root, fn["file"]))
        a, b = p3.get(path, empty), gcov.get(path, empty)
        where = f"{fn['file']}:{fn['name']}"
        mangled = fn["id"][len(fn["file"]) + 1:].replace(",", ";")
        key = f"{fn['file']}:{fn['line']} function"
        if mangled in a["fn"] and mangled not in b["fn"]:
            # gcc and clang name it differently (a lambda: "UliE_" and "$_0"),
            # or it has no mangled name in p3 (a template, whose
            # instantiations gcov counts apart): gcov's functions on its line
            # that no manifest function names, their calls added up.
            ln = a["fn"][mangled]
            same_line = [n for n, l in b["fn"].items()
                         if l == ln and n not in manifest_names]
            if same_line:
                compared_functions += 1
                by_line += 1
                calls = sum(b["fnda"].get(n, 0) for n in same_line)
                if a["fnda"].get(mangled) != calls:
                    problems.append((key, f"{where}: calls p3 {a['fnda'].get(mangled)}, "
                                    f"gcov {calls} ({', '.join(same_line)})"))
                mangled = None
        if mangled is not None and (mangled in b["fn"] or mangled in a["fn"]):
            compared_functions += 1
            if a["fn"].get(mangled) != b["fn"].get(mangled):
                problems.append((key, f"{where}: function line p3 "
                                f"{a['fn'].get(mangled)}, gcov {b['fn'].get(mangled)}"))
            if a["fnda"].get(mangled) != b["fnda"].get(mangled):
                problems.append((key, f"{where}: calls p3 {a['fnda'].get(mangled)}, "
                                f"gcov {b['fnda'].get(mangled)}"))
        for ln in range(fn["line"], fn["end_line"] + 1):
            if ln in a["inexact"]:
                inexact.append((fn["file"], ln, a["inexact"][ln], a["da"].get(ln),
                                b["da"].get(ln), fn["name"]))
                continue
            in_a, in_b = ln in a["da"], ln in b["da"]
            if in_a or in_b:
                compared_lines += 1
            key = f"{fn['file']}:{ln} lines"
            if in_a and not in_b:
                problems.append((key, f"{fn['file']}:{ln} ({fn['name']}): p3 counts "
                                 f"{a['da'][ln]}, gcov has no code on the line"))
            elif in_b and not in_a:
                problems.append((key, f"{fn['file']}:{ln} ({fn['name']}): gcov counts "
                                 f"{b['da'][ln]}, p3 has no code on the line"))
            elif in_a and a["da"][ln] != b["da"][ln]:
                problems.append((key, f"{fn['file']}:{ln} ({fn['name']}): line count "
                                 f"p3 {a['da'][ln]}, gcov {b['da'][ln]}"))
            ba, bb = sorted(a["br"].get(ln, [])), sorted(b["br"].get(ln, []))
            if ba or bb:
                compared_branch_lines += 1
            if ba != bb:
                problems.append((f"{fn['file']}:{ln} branches",
                                 f"{fn['file']}:{ln} ({fn['name']}): branches p3 "
                                 f"{ba}, gcov {bb}"))
    print(f"compared {compared_functions} functions ({by_line} matched by line: "
          f"names gcc and clang mangle differently, or templates), {compared_lines} "
          f"lines, {compared_branch_lines} lines with branches")
    if inexact:
        print(f"not compared: {len(inexact)} lines p3 marks inexact:")
        for file, ln, reason, pa, pb, name in inexact:
            agree = "same" if pa == pb else f"p3 {pa}, gcov {pb}"
            print(f"  {file}:{ln} ({name}) {reason}: {agree}")
    known = {}
    if args.known:
        for raw in open(args.known):
            text = raw.split("#", 1)[0].strip()
            if text:
                known[" ".join(text.split())] = raw.split("#", 1)[1].strip() \
                    if "#" in raw else ""
    unexpected = [(k, m) for k, m in problems if k not in known]
    seen = {k for k, _ in problems}
    understood = [(k, m) for k, m in problems if k in known]
    gone = [k for k in known if k not in seen]
    if understood:
        print(f"{len(understood)} known differences (--known):")
        for k, m in understood:
            print(f"  {m}  [{known[k]}]")
    if gone:
        print(f"{len(gone)} listed differences no longer occur (remove them from "
              f"{args.known}):")
        for k in gone:
            print("  " + k)
    if unexpected:
        print(f"{len(unexpected)} differences:")
        for k, m in unexpected[:args.max_shown]:
            print(f"  {m}   [{k}]")
        if len(unexpected) > args.max_shown:
            print(f"  ... and {len(unexpected) - args.max_shown} more")
    if unexpected or gone:
        return 1
    print("p3's lcov export equals gcov's counts on every compared line"
          + (" but the known differences" if understood else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
