#!/usr/bin/env python3
"""Checks the hot lists of threads.c (see threads.test).

  threads_check.py OUT SAMPLE_DIR TRACE_DIR
"""
import glob
import json
import os
import subprocess
import sys


def state(path):
    with open(path) as f:
        lines = f.read().split("\n")
    pid = int(lines[0].split()[3])
    st = lines[3].split()
    return pid, {st[i]: int(st[i + 1]) for i in range(1, len(st) - 1, 2)}


def main():
    out, sdir, tdir = sys.argv[1:4]
    with open(os.path.join(out, "manifest.json")) as f:
        manifest = json.load(f)
    func_of = {}
    for fn in manifest["functions"]:
        for bid, _, _, _ in fn.get("blocks", []):
            func_of[bid] = fn["name"]
    lists = sorted(glob.glob(os.path.join(sdir, "*.osp")))
    traces = sorted(glob.glob(os.path.join(tdir, "*.trace")))
    if len(lists) != 2 or len(traces) != 2:
        sys.exit("expected two hot lists and two traces, got %s %s" % (lists, traces))
    states = [state(p) for p in lists]
    # The parent ran the threads: the one with more blocks.
    states.sort(key=lambda s: -s[1]["blocks"])
    (ppid, parent), (cpid, child) = states
    print("parent: %d threads sampled" % parent["threads"])
    # The child's blocks: compare with the trace of the process whose trace
    # holds one thread only.
    counts = []
    for t in traces:
        data = open(t, "rb").read()
        pos = data.index(b"\n") + 1
        threads, n = set(), 0
        while pos < len(data):
            th, k = int.from_bytes(data[pos:pos + 4], "little"), int.from_bytes(data[pos + 4:pos + 8], "little")
            threads.add(th)
            n += k
            pos += 8 + 4 * k
        counts.append((len(threads), n))
    child_trace = [n for th, n in counts if th == 1]
    if child["threads"] == 1 and child_trace == [child["blocks"]]:
        print("child: 1 thread sampled, blocks equal to its trace")
    else:
        print("child: %s threads, %d blocks; traces %s" % (child["threads"], child["blocks"], counts))
    # No sampled subpath contains two of work0..work3.
    r = subprocess.run(["p3-report", "--top", "100000", "--json", out] + lists,
                       stdout=subprocess.PIPE, check=True)
    report = json.loads(r.stdout)
    mixed = 0
    for s in report["subpaths"]:
        works = {func_of[b] for b in s["blocks"] if func_of[b].startswith("work")}
        mixed += len(works) > 1
    print("no sampled subpath mixes the functions of two threads" if not mixed
          else "%d sampled subpaths mix threads" % mixed)
    # Estimates against the exact counts of the traces.
    r = subprocess.run(["p3-report", "--compare-exact", "--top", "10", "--json", out,
                        "-o", os.path.join(tdir, "compare.json")] + lists + traces,
                       stdout=subprocess.PIPE, check=True)
    within = json.loads(r.stdout)["comparison"]["within"]
    print("top 10 within their bounds: %d of 10" % within)


if __name__ == "__main__":
    main()
