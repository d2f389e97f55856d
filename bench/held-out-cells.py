#!/usr/bin/env python3
"""Held-out cells of auto trained: planned on one input, measured on the other.

    bench/held-out-cells.py [--bin build/bin] WORK/PROG [WORK/PROG ...]

Each argument is a program's directory of a corpus run that kept its SBL rewrite
(test/corpus/corpus.py --simulate-only PROG ...). The program's second input is its
`train` workload when the run had one (WORK/PROG/train-profile.json and the SBL copy's
profiles-train), otherwise its test suite run on the SBL copy (corpus.py --test-config
sbl-k1: WORK/PROG/test-profiles/copy0; merged once into WORK/PROG/test-merged.json).
For both directions and K = 2, 4, 8 it prints `p3-report --simulate` of pbl, p3,
p3-ends, auto trained on the other input, and auto's bound on the measured one, then
the mean of auto trained and the misses (cells where it is above min(pbl, p3,
p3-ends)). docs/graph-library.md ("The held-out misses") has the figures this gave.
Python 3 standard library only.
"""

import argparse
import glob
import json
import os
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KS = (2, 4, 8)
BASELINES = ("pbl", "p3", "p3-ends")


def report(args, *extra):
    p = subprocess.run([os.path.join(args.bin, "p3-report"), *extra],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        sys.exit("held-out-cells: p3-report failed:\n" + p.stderr.decode(errors="replace"))
    return p.stdout


def simulate(args, sbl, train, raws):
    out = report(args, "--json", "--top=0", "--top-per-function=0",
                 "--simulate=" + ",".join(map(str, KS)),
                 "--strategies=" + ",".join(BASELINES + ("auto",)),
                 "--train=" + train, sbl, *raws)
    return {(r["strategy"], r["k"]): r["ratio"] for r in json.loads(out)["simulate"]["rows"]}


def cells(args, d):
    name = os.path.basename(os.path.normpath(d))
    found = sorted(glob.glob(os.path.join(d, "out", "sbl-k1*")))
    if not found:
        sys.exit(f"held-out-cells: no SBL rewrite under {d}/out")
    sbl = found[0]
    workload = os.path.join(d, "sbl-profile.json")
    if os.path.exists(os.path.join(d, "train-profile.json")):
        other, other_name = os.path.join(d, "train-profile.json"), "train"
        raws = sorted(glob.glob(os.path.join(sbl, "profiles-train", "*.raw")))
    else:
        other, other_name = os.path.join(d, "test-merged.json"), "tests"
        raws = sorted(glob.glob(os.path.join(d, "test-profiles", "copy0", "*.raw")))
        if not raws:
            sys.exit(f"held-out-cells: {name} has neither a train workload nor test-suite profiles")
        if not os.path.exists(other):
            report(args, "-o", other, sbl, *raws)
    # measured on the workload (the SBL rewrite's own profile), trained on the other
    # input; then measured on the other input, trained on the workload
    for measured, train, extra in (("workload", other, []), (other_name, workload, raws)):
        r = simulate(args, sbl, train, extra)
        for k in KS:
            yield (name, measured, k, [r[(s, k)] for s in BASELINES],
                   r[("auto+train", k)], r[("bound", k)])


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--bin", default=os.path.join(TOP, "build", "bin"))
    args = ap.parse_args(argv)
    rows = [c for d in args.dirs for c in cells(args, d)]
    misses = 0
    print("program    measured  K  " + "  ".join(f"{s:>7}" for s in BASELINES)
          + "     auto   bound")
    for name, measured, k, base, auto, bound in rows:
        miss = auto > min(base) + 1e-9
        misses += miss
        print(f"{name:<10} {measured:<9} {k}  " + "  ".join(f"{x:7.3f}" for x in base)
              + f"  {auto:7.4f}  {bound:6.3f}" + (f"  miss +{auto - min(base):.4f}" if miss else ""))
    mean = sum(r[4] for r in rows) / len(rows)
    print(f"{len(rows)} cells: auto trained mean {mean:.4f}, {misses} misses")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
