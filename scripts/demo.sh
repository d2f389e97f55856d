#!/usr/bin/env bash
# The main job, end to end on the bundled example (examples/calc): installs what
# p3 needs, builds p3, then rewrites the example into 4 copies, builds each
# copy with the example's own Makefile, runs them side by side on the same
# input, prints the merged path profile and writes the HTML report
# (examples/calc/p3-out/report/index.html).
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$top/scripts/setup.sh"
export PATH="$top/build/bin:$PATH"
cd "$top/examples/calc"

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "the original: make && ./calc input.txt"
make -s clean calc
./calc input.txt > /tmp/p3-demo-original.txt
tail -n 1 /tmp/p3-demo-original.txt

step "p3-rewrite -k 4 src/*.c -- -Iinclude"
p3-rewrite -k 4 --force --stats src/*.c -- -Iinclude | tail -n 1
echo "wrote p3-out/copy-0 .. copy-3, their diffs (p3-out/copy-0.diff ...) and p3-out/manifest.json"

step "build each copy with the example's own Makefile"
for copy in p3-out/copy-*/; do make -s -C "$copy"; done

step "p3-run p3-out -- ./calc input.txt"
p3-run p3-out -- ./calc input.txt > /tmp/p3-demo-copies.txt
if cmp -s /tmp/p3-demo-original.txt /tmp/p3-demo-copies.txt; then
  echo "the copies printed exactly what the original printed"
else
  echo "the copies' output differs from the original's" >&2
  exit 1
fi

step "p3-report p3-out"
p3-report p3-out

step "p3-report --html p3-out/report p3-out"
p3-report --html p3-out/report p3-out
echo "open $PWD/p3-out/report/index.html in a browser: the hot paths over the source"
