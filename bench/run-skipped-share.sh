#!/usr/bin/env bash
# Regenerates the table of docs/evaluation.md's section "Skipped code: share of executions
# and time": the corpus harness with --skipped-share on every program (SBL only, CI-sized
# workloads, no test suites), then test/corpus/skipped_share.py between the markers.
#
#   bench/run-skipped-share.sh [PROGRAM...]     # default: the nine programs of the table
#
# With programs named, the table holds those only; to replace some rows of a kept run, run
# corpus.py on them and pass both results to test/corpus/skipped_share.py --doc (later wins).
#
# Environment: P3_CORPUS_WORK (default /tmp/p3-skipped-share), P3_CORPUS_DOWNLOADS (source
# package cache), P3_BIN (default build/bin), P3_EVAL_OUT (default docs/evaluation.md).
# A program the harness cannot measure gets its reason in the table; the exit status is the
# harness's (0: every check passed).
set -uo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=${P3_CORPUS_WORK:-/tmp/p3-skipped-share}
out=${P3_EVAL_OUT:-$top/docs/evaluation.md}
programs=("$@")
if ((${#programs[@]} == 0)); then
  programs=(bzip2 zlib libquantum lua flex pcre2 gawk tcc sqlite3)
fi
dl=()
[ -n "${P3_CORPUS_DOWNLOADS:-}" ] && dl=(--downloads "$P3_CORPUS_DOWNLOADS")
python3 "$top/test/corpus/corpus.py" --ci --skipped-share --strategies= --no-tests --keep \
  --bin "${P3_BIN:-$top/build/bin}" --work "$work" "${dl[@]}" \
  --results "$work/results.json" "${programs[@]}"
status=$?
if [ ! -f "$work/results.json" ]; then
  echo "run-skipped-share: the harness wrote no results (exit $status); $out unchanged" >&2
  exit "$status"
fi
python3 "$top/test/corpus/skipped_share.py" --doc "$out" "$work/results.json" || exit 2
echo "run-skipped-share: table written to $out (harness exit $status)"
exit $status
