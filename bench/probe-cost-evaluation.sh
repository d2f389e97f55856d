#!/bin/sh
# Re-measures the first four programs' rows of the probe-cost tables of docs/evaluation.md
# (section 5, between the probe-cost markers) and merges them with the other rows there
# (bench/probe-cost-results.json) in one command, at a reduced scale meant to run in about
# 30 minutes on 2 quiet cores (on the shared machine of 2026-11-24, at load 7-16, libquantum
# and lua alone took 60 minutes, bzip2 and zlib 26 minutes at load 9-13): the corpus
# programs whose run-time cost is measured (libquantum, lua, bzip2, zlib), gcc -O2 and
# clang -O2, the original, the compiler's edge profiling, SBL and the slowest P3 copy at
# K = 2 and 4, 5 interleaved repetitions, CPU and wall-clock medians with ranges, every
# merged profile checked equal to SBL's, perf attribution per function for all four. The hand-written reading of the
# figures (what remains and why) is bench/probe-cost-notes.md, appended to the tables.
#
#   bench/probe-cost-evaluation.sh                 # build/bin's tools, work in $TMPDIR
#   bench/probe-cost-evaluation.sh --reps 7        # any further bench/probe-cost.py option
#
# The other five corpus programs were measured separately, gcc only, K = 4, 3 repetitions,
# reduced scales (docs/evaluation.md section 5 lists every run merged there):
#   bench/probe-cost.py tcc pcre2 flex gawk sqlite3 --compilers gcc --k 4 --strategies p3 \
#     --reps 3 --scale sqlite3=30,flex=750,tcc=60,gawk=2,pcre2=400 --perf tcc,flex,gawk,sqlite3 \
#     --json five.json
# and every run merged into the tables with --from-json (bench/probe-cost-results.json holds
# the merged document of all runs so far; see the end of this script).
# Their clang column (one run per program, so that a program that fails stops only itself):
#   bench/probe-cost.py PROGRAM --compilers clang --k 4 --strategies p3 --reps 3 \
#     --scale sqlite3=30,flex=750,tcc=60,gawk=2,pcre2=400 --json PROGRAM-clang.json
# and the tcc column (tcc has no edge profiling: the copies against the uninstrumented tcc
# build), for the programs tcc builds as they are:
#   bench/probe-cost.py bzip2 --compilers tcc --k 4 --strategies p3 --reps 3 --scale bzip2=2
#   (and zlib=2, sqlite3=30)
# The full measurement (every program, K = 8, PBL, default scales) is
# bench/probe-cost.py with no arguments; it takes hours here.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
out=${P3_PROBE_COST_OUT:-${TMPDIR:-/tmp}/p3-probe-cost-evaluation}
mkdir -p "$out"
python3 "$top/bench/probe-cost.py" libquantum lua bzip2 zlib \
  --compilers gcc,clang --k 2,4 --strategies p3 --reps 5 \
  --scale lua=4,bzip2=2,zlib=2 --perf libquantum,lua,bzip2,zlib --jobs 2 \
  --json "$out/probe-cost.json" "$@"
# This run's rows replace those of the same programs and compilers in the merged document;
# the other programs' rows, and the list of the runs they come from, stay.
exec python3 "$top/bench/probe-cost.py" \
  --from-json "$top/bench/probe-cost-results.json" "$out/probe-cost.json" \
  --json "$top/bench/probe-cost-results.json" --markdown "$top/docs/probe-cost.md" \
  --evaluation "$top/docs/evaluation.md" --notes "$top/bench/probe-cost-notes.md"
