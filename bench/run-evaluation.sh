#!/usr/bin/env bash
# Regenerates docs/evaluation.md: the corpus harness on every program of test/corpus/programs
# (SBL, P3, PBL and auto trained on each program's train workload at K = 2, 4, 8; checks;
# probe-counting builds; wall-clock timings; the
# cost of p3-rewrite), then bench/evaluation.py turns the results into the document.
#
#   bench/run-evaluation.sh                      # everything (about two hours on 2 cores)
#   bench/run-evaluation.sh --reps 3 bzip2 zlib  # options and programs go to corpus.py
#
# Environment: P3_BIN (the p3 tools, default build/bin; built with scripts/setup.sh when
# missing), P3_CORPUS_WORK (work directory, default $TMPDIR/p3-eval; about 10 GB at the
# peak, trees are deleted as they are done with), P3_CORPUS_DOWNLOADS (source package cache),
# P3_EVAL_OUT (the document, default docs/evaluation.md), P3_EVAL_BASE (the results.json of
# an earlier run: the programs run now replace its ones, bench/merge-results.py).
# The document is written even when a check fails (the failures are listed in it); the exit
# status is then corpus.py's (1).
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin=${P3_BIN:-$top/build/bin}
work=${P3_CORPUS_WORK:-${TMPDIR:-/tmp}/p3-eval}
out=${P3_EVAL_OUT:-$top/docs/evaluation.md}

if [ ! -x "$bin/p3-rewrite" ] || [ ! -x "$bin/p3-run" ] || [ ! -x "$bin/p3-report" ]; then
  if [ -n "${P3_BIN:-}" ]; then
    echo "run-evaluation: no p3 tools in $bin" >&2
    exit 2
  fi
  "$top/scripts/setup.sh"
fi

mkdir -p "$work"
rm -f "$work/results.json"
status=0
python3 "$top/test/corpus/corpus.py" --bench --k 2,4,8 --strategies p3,pbl,auto \
  --count-probes bzip2,zlib,lua,libquantum --bin "$bin" --work "$work" \
  --results "$work/results.json" "$@" || status=$?
# exit 2 with results: some program could not be set up (listed in the document)
if [ ! -f "$work/results.json" ] || [ "$status" -gt 2 ]; then
  echo "run-evaluation: the harness did not finish (exit $status); $out not written" >&2
  exit "$status"
fi
cmd="bench/run-evaluation.sh"
[ $# -gt 0 ] && cmd+=" $*"
results="$work/results.json"
if [ -n "${P3_EVAL_BASE:-}" ]; then
  # Re-run of some programs: merge them into the earlier run's results.
  python3 "$top/bench/merge-results.py" "$P3_EVAL_BASE" "$work/results.json" > "$work/merged.json"
  results="$work/merged.json"
  cmd="bench/run-evaluation.sh (all programs; this file merges runs, see Runs)"
fi
python3 "$top/bench/evaluation.py" "$results" --command "$cmd" > "$out.tmp"
mv "$out.tmp" "$out"
echo "run-evaluation: wrote $out"
exit "$status"
