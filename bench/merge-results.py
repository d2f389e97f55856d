#!/usr/bin/env python3
"""Merges corpus results: programs of later runs replace those of earlier ones.

    bench/merge-results.py BASE.json NEWER.json... > MERGED.json

For re-running some programs after a fix without re-running all of them:
`bench/run-evaluation.sh` does it when P3_EVAL_BASE names the results of an
earlier run. Each program keeps the commit and command of the run it comes
from; the merged results list every run ("runs"), and docs/evaluation.md says
which program comes from which. The runs must use the same K, strategies and
timing repetitions. Python 3 standard library only.
"""

import json
import sys

SAME = ("k", "strategies", "reps")


def main(paths):
    if len(paths) < 2:
        sys.exit(__doc__.strip())
    runs = [json.load(open(p)) for p in paths]
    merged = dict(runs[0])
    merged["programs"] = {}
    merged["runs"] = []
    merged["failures"] = []
    merged["warnings"] = []
    origin = {}
    for index, (path, run) in enumerate(zip(paths, runs)):
        for key in SAME:
            if run["options"][key] != runs[0]["options"][key]:
                sys.exit(f"merge-results: {path} has {key}={run['options'][key]}, "
                         f"{paths[0]} has {runs[0]['options'][key]}")
        for name, prog in run["programs"].items():
            merged["programs"][name] = dict(prog, p3_commit=run["p3_commit"])
            origin[name] = index
        merged["runs"].append({key: run[key] for key in
                               ("started", "finished", "p3_commit", "command")})
    for index, run in enumerate(merged["runs"]):
        run["programs"] = sorted(n for n, i in origin.items() if i == index)
    for name, prog in merged["programs"].items():
        merged["failures"] += [f"{name}: {f}" for f in prog.get("failures", [])]
        merged["warnings"] += [f"{name}: {w}" for w in prog.get("warnings", [])]
    merged["started"] = min(r["started"] for r in runs)
    merged["finished"] = max(r["finished"] for r in runs)
    merged["p3_commit"] = runs[-1]["p3_commit"]
    json.dump(merged, sys.stdout, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
