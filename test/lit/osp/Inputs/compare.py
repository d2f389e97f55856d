#!/usr/bin/env python3
"""compare.py SAMPLED.json EXACT.json: the OSP report of a sampled run
against the exact counts of the same run (p3-report --json and --exact
--json): the blocks run, whether every sampled subpath really ran, how many
estimates lie within their bound, and the precision of the top 5 and top 10
(a sampled top-k subpath is right if its exact count is at least the exact
k-th count, so that ties do not count against it)."""
import json
import sys


def main():
    sampled = json.load(open(sys.argv[1]))
    exact = json.load(open(sys.argv[2]))
    counts = {tuple(s["blocks"]): s["estimate"] for s in exact["subpaths"]}
    ranked = sorted(counts.values(), reverse=True)
    sb = sum(d["blocks"] for d in sampled["hot_lists"])
    eb = exact["summary"]["blocks"]
    print("blocks: sampled %d, exact %d, %s" % (sb, eb, "equal" if sb == eb else "DIFFER"))
    subs = sampled["subpaths"]
    ran = all(counts.get(tuple(s["blocks"]), 0) > 0 for s in subs)
    print("sampled top %d: %s" % (len(subs), "every subpath ran" if ran else "SOME NEVER RAN"))
    within = sum(abs(s["estimate"] - counts.get(tuple(s["blocks"]), 0))
                 <= s.get("bound", 0) * counts.get(tuple(s["blocks"]), 0) for s in subs)
    print("within bound: %d of %d" % (within, len(subs)))
    for k in (5, 10):
        if len(subs) >= k and len(ranked) >= k:
            hits = sum(counts.get(tuple(s["blocks"]), 0) >= ranked[k - 1] for s in subs[:k])
            print("precision top %d: %d/%d" % (k, hits, k))


if __name__ == "__main__":
    main()
