"""Compares auto static's slowest copy in two p3-report --json --simulate
outputs (with the call graph, and with every function invoked once)."""
import json
import sys

hits = {}
for label, path in (("call graph", sys.argv[1]), ("invoked once", sys.argv[2])):
    rows = json.load(open(path))["simulate"]["rows"]
    hits[label] = [int(r["max_hits"]) for r in rows if r["strategy"] == "auto"][0]
    bound = [int(r["max_hits"]) for r in rows if r["strategy"] == "bound"][0]
    print(f"{label}: auto static {hits[label]}, bound {bound}")
print("the call graph's plan is", "cheaper" if hits["call graph"] < hits["invoked once"]
      else "not cheaper")
