#!/usr/bin/env python3
"""Recomputes the `p3-report --simulate` figures of corpus results from the kept SBL rewrites.

    bench/resimulate.py RESULTS.json WORK [--bin build/bin] > NEW.json

The harness keeps each program's SBL manifest and profile (WORK/NAME/out/sbl-k1*); the
simulation of every strategy needs nothing else. After a change to the planner (a new
strategy, such as p3-ends), this brings the simulated figures of an earlier run up to
date without re-running the programs. The rewrites' own figures (measured and modelled on
the real copies) are not touched, and the results record that the simulation was redone
("resimulated": the p3 commit and the command). Python 3 standard library only.
"""

import argparse
import glob
import json
import os
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(TOP, "test", "corpus"))
import corpus  # noqa: E402  (simulation, p3_version)


def simulate(report, sbl_dir, ks):
    p = subprocess.run([report, "--json", "--top=0", "--top-per-function=0",
                        "--simulate=" + ",".join(map(str, ks)),
                        "--strategies=sbl,pbl,p3,p3-ends", sbl_dir],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        sys.exit(f"resimulate: p3-report --simulate failed on {sbl_dir}:\n"
                 + p.stderr.decode(errors="replace"))
    return corpus.simulation(json.loads(p.stdout)["simulate"])


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("results")
    ap.add_argument("work")
    ap.add_argument("--bin", default=os.path.join(TOP, "build", "bin"))
    args = ap.parse_args(argv)
    res = json.load(open(args.results))
    ks = sorted(set(res["options"]["k"]) | {2, 4, 8})
    report = os.path.join(args.bin, "p3-report")
    for name, prog in res["programs"].items():
        found = sorted(glob.glob(os.path.join(args.work, name, "out", "sbl-k1*")))
        if not found:
            sys.exit(f"resimulate: no SBL rewrite of {name} under {args.work}")
        old = prog.get("simulate", {}).get("rows", {})
        prog["simulate"] = simulate(report, found[0], ks)
        for tag, row in old.items():  # the planner must not have changed for these
            if prog["simulate"]["rows"].get(tag, {}).get("max_hits") != row["max_hits"]:
                sys.exit(f"resimulate: {name} {tag}: the simulation changed "
                         f"({row['max_hits']} before); re-run the program instead")
    res["resimulated"] = {"p3_commit": corpus.p3_version(), "run_started": res["started"],
                          "command": "bench/resimulate.py " + " ".join(argv)}
    json.dump(res, sys.stdout, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
