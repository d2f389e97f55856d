#!/usr/bin/env bash
# Regenerates docs/evaluation.md: the corpus harness on the programs of test/corpus/programs
# (SBL, P3, PBL and auto trained on each program's train workload at K = 2, 4, 8; checks;
# probe-counting builds; wall-clock timings; the cost of p3-rewrite), then
# bench/evaluation.py turns the results into the document.
#
#   bench/run-evaluation.sh                      # the whole document (about two hours on 2 cores)
#   bench/run-evaluation.sh --reps 3 bzip2 zlib  # options and programs go to corpus.py
#
# The strategy tables only (issue 11: p3, p3-ends, pbl, auto static and trained, the bound,
# both directions; checks, model against probe counts, wall-clock of the slowest copies),
# rewritten in place between the markers of the strategy section of an existing document,
# so that the rest of it (other sections, other runs) is left as it is:
#
#   bench/run-evaluation.sh --scale ci --tables docs/evaluation.md    # about 45 minutes
#   bench/run-evaluation.sh --scale full --tables docs/evaluation.md  # about two hours
#
# --scale ci: bzip2, libquantum, lua, sqlite3, zlib with their CI-sized workloads (ci_scale
# of test/corpus/programs/*.conf). The tables of every strategy at K = 2, 4, 8 come from
# p3-report --simulate on each program's SBL profile (which the harness checks equal to the
# rewrites it builds); the rewrites built, run and checked (merged == SBL, same outputs) are
# P3, PBL and auto at K = 2 only, with 3 timing repetitions of the model's slowest copy of
# each, libquantum not timed (its workload has no smaller size), probe counting of the auto
# rewrites for the four small programs, and sqlite3 simulated only (SBL and the training run
# are built and run: its copies take minutes each to build).
# --scale full: the same five programs at full scale, 5 repetitions, every P3 copy timed,
# every rewrite of the four small programs probe-counted, sqlite3's rewrites built too.
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

scale=""
tables=""
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --scale) scale=$2; shift 2 ;;
    --scale=*) scale=${1#--scale=}; shift ;;
    --tables) tables=$2; shift 2 ;;
    --tables=*) tables=${1#--tables=}; shift ;;
    *) args+=("$1"); shift ;;
  esac
done
programs=(bzip2 libquantum lua sqlite3 zlib)
case "$scale" in
  "") harness=(--bench --k 2,4,8 --strategies p3,pbl,auto
               --count-probes bzip2,zlib,lua,libquantum) ;;
  ci) harness=(--ci --bench --reps 3 --time-by-model --no-timing libquantum
               --k 2 --strategies p3,pbl,auto
               --count-probes bzip2,zlib,lua,libquantum --count-strategies auto
               --simulate-only sqlite3 "${programs[@]}") ;;
  full) harness=(--bench --k 2,4,8 --strategies p3,pbl,auto
                 --count-probes bzip2,zlib,lua,libquantum "${programs[@]}") ;;
  *) echo "run-evaluation: --scale takes ci or full, not '$scale'" >&2; exit 2 ;;
esac
if [ -n "$tables" ] && [ ! -f "$tables" ]; then
  echo "run-evaluation: --tables $tables: no such document (the strategy section is" \
       "rewritten in an existing one)" >&2
  exit 2
fi

mkdir -p "$work"
rm -f "$work/results.json"
status=0
python3 "$top/test/corpus/corpus.py" "${harness[@]}" --bin "$bin" --work "$work" \
  --results "$work/results.json" ${args[@]+"${args[@]}"} || status=$?
# exit 2 with results: some program could not be set up (listed in the document)
if [ ! -f "$work/results.json" ] || [ "$status" -gt 2 ]; then
  echo "run-evaluation: the harness did not finish (exit $status); $out not written" >&2
  exit "$status"
fi
cmd="bench/run-evaluation.sh"
[ -n "$scale" ] && cmd+=" --scale $scale"
[ -n "$tables" ] && cmd+=" --tables $tables"
[ ${#args[@]} -gt 0 ] && cmd+=" ${args[*]}"
results="$work/results.json"
if [ -n "${P3_EVAL_BASE:-}" ]; then
  # Re-run of some programs: merge them into the earlier run's results.
  python3 "$top/bench/merge-results.py" "$P3_EVAL_BASE" "$work/results.json" > "$work/merged.json"
  results="$work/merged.json"
  cmd="bench/run-evaluation.sh (all programs; this file merges runs, see Runs)"
fi
if [ -n "$tables" ]; then
  python3 "$top/bench/evaluation.py" "$results" --command "$cmd" --strategy-section "$tables"
  echo "run-evaluation: rewrote the strategy section of $tables"
  exit "$status"
fi
python3 "$top/bench/evaluation.py" "$results" --command "$cmd" > "$out.tmp"
mv "$out.tmp" "$out"
echo "run-evaluation: wrote $out"
exit "$status"
