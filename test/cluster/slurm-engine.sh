#!/usr/bin/env bash
# p3-run --engine=slurm on a real (single-node) Slurm installation: starts a
# private cluster on this machine (scripts/local-slurm.sh: munged, slurmctld,
# slurmd), runs a real program's K = 4 copies through one job array, and
# checks that
#   1. the copies' outputs equal the original's and the merged profile equals
#      the local engine's, with the partition, time limit and extra sbatch
#      options passed through to the job;
#   2. a task killed on its node (FAILED) and a task cancelled (CANCELLED, as
#      a preemption) are missing copies with Slurm's state, and the merged
#      profile says it is incomplete;
#   3. --retry 1 runs them again, and the profile is complete and equal.
#
#   test/cluster/slurm-engine.sh BIN WORK
#
# Exit 0: passed; 1: failed; 77: skipped, because Debian's slurm-wlm or munge
# is not installed (said on standard output; ctest reports it as skipped).
set -uo pipefail
bin=$(cd "$1" && pwd)
work=$2
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
export PATH="$bin:$PATH:/usr/sbin"

for prog in munged slurmctld slurmd sbatch scontrol scancel gcc; do
  if ! command -v "$prog" >/dev/null 2>&1; then
    echo "SKIPPED: $prog is not installed (scripts/setup.sh installs slurm-wlm and munge); the Slurm engine was not tested"
    exit 77
  fi
done

fail() {
  echo "FAIL: $*"
  for f in "$cluster"/slurmctld.log "$cluster"/slurmd.log; do
    [ -f "$f" ] && { echo "--- tail of $f"; tail -20 "$f"; }
  done
  exit 1
}
check() { # check FILE PATTERN: the file has a line matching the regex
  grep -Eq -- "$2" "$1" || { echo "--- $1:"; cat "$1"; fail "no line matching '$2' in $1"; }
}

rm -rf "$work"
mkdir -p "$work/src"
work=$(cd "$work" && pwd)
cluster="$work/cluster"
trap '"$top/scripts/local-slurm.sh" stop "$cluster"' EXIT
"$top/scripts/local-slurm.sh" start "$cluster" > "$work/cluster.txt" 2>&1
status=$?
[ $status -eq 77 ] && { echo "SKIPPED: $(cat "$work/cluster.txt")"; exit 77; }
[ $status -eq 0 ] || { cat "$work/cluster.txt"; fail "the local Slurm cluster did not start"; }
export SLURM_CONF="$cluster/slurm.conf"
echo "local Slurm cluster up: $SLURM_CONF"

# The program, its copies, the local reference.
cp "$top/test/lit/run/Inputs/e2e/prog.c" "$work/src/"
seq 1 300 > "$work/input.txt"
cd "$work/src" || fail "no $work/src"
gcc -o prog prog.c && ./prog < "$work/input.txt" > "$work/expected.txt" || fail "the original did not build or run"
p3-rewrite -k 4 --strategy=p3 --progress=none -o "$work/p3" prog.c -- || fail "p3-rewrite"
p3-build "$work/p3" -- gcc -o prog prog.c > "$work/build.txt" || { cat "$work/build.txt"; fail "p3-build"; }
p3-run "$work/p3" -- ./prog < "$work/input.txt" > /dev/null 2>&1 || fail "the local run"
cp "$work/p3/profile.json" "$work/local.json"

# 1. The job array.
p3-run --fresh --engine=slurm --slurm-partition=p3test --slurm-time=5 \
  --sbatch-arg=--comment=p3-slurm-test "$work/p3" -- ./prog \
  < "$work/input.txt" > "$work/out1.txt" 2> "$work/err1.txt" || { cat "$work/err1.txt"; fail "p3-run --engine=slurm exited $?"; }
cmp "$work/expected.txt" "$work/out1.txt" || fail "the output through Slurm differs from the original's"
check "$work/err1.txt" "^p3-run: merged 4 raw profiles from 4/4 copies"
p3-report "$work/p3" --check "$work/local.json" > "$work/check1.txt" || { cat "$work/check1.txt"; fail "the Slurm profile differs from the local one"; }
job=$(ls "$work/p3/run" | sed -n 's/^slurm-\([0-9]*\)_0\.out$/\1/p' | head -1)
[ -n "$job" ] || fail "no slurm-<job>_0.out in $work/p3/run"
scontrol show job -o "$job" > "$work/job1.txt" || fail "scontrol show job $job"
[ "$(grep -c 'ArrayTaskId=' "$work/job1.txt")" = 4 ] || fail "job $job does not have 4 array tasks"
check "$work/job1.txt" " Partition=p3test "
check "$work/job1.txt" " TimeLimit=00:05:00 "
check "$work/job1.txt" "Comment=p3-slurm-test"
for c in 0 1 2 3; do
  check "$work/p3/run/copy-$c.time" "\"host\": \"$(hostname -s)"
done
echo "ok: 4 copies as one job array ($job), same output, profile equal to the local engine's"

# 2. Lost tasks: copy 2's task is killed, copy 1 cancels itself (as a
# preemption would), on the first attempt only.
for c in 0 1 2 3; do
  cat > "$work/p3/copy-$c/flaky" <<'SH'
#!/bin/sh
if [ ! -e "$MARK.$P3_COPY" ]; then
  touch "$MARK.$P3_COPY"
  case $P3_COPY in
    1) scancel "${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID}"; sleep 30 ;;
    2) kill -9 $PPID; sleep 30 ;;
  esac
fi
exec ./prog
SH
  chmod +x "$work/p3/copy-$c/flaky"
done
MARK="$work/mark-a" p3-run --fresh --engine=slurm "$work/p3" -- ./flaky \
  < "$work/input.txt" > "$work/out2.txt" 2> "$work/err2.txt"
cmp "$work/expected.txt" "$work/out2.txt" || fail "copy 0's output was not passed through"
check "$work/err2.txt" "^p3-run: copy 1 is missing: slurm: job [0-9]+_1: CANCELLED"
check "$work/err2.txt" "^p3-run: copy 2 is missing: slurm: job [0-9]+_2: (FAILED|CANCELLED)"
check "$work/err2.txt" "from 2/4 copies.*WARNING: 2 copies missing, profile incomplete"
check "$work/p3/report.txt" "^WARNING: copies 1, 2 failed in a run"
p3-report "$work/p3" --check "$work/local.json" > /dev/null && fail "an incomplete profile equals the complete one"
echo "ok: a killed and a cancelled task are missing copies with Slurm's states"

# 3. --retry 1: the lost copies run again.
MARK="$work/mark-b" p3-run --fresh --engine=slurm --retry 1 "$work/p3" -- ./flaky \
  < "$work/input.txt" > "$work/out3.txt" 2> "$work/err3.txt"
check "$work/err3.txt" "^p3-run: retrying copies 1, 2 \(attempt 2 of 2\)"
check "$work/err3.txt" "^p3-run: merged 4 raw profiles from 4/4 copies"
grep -q WARNING "$work/err3.txt" && { cat "$work/err3.txt"; fail "a warning after the retry"; }
p3-report "$work/p3" --check "$work/local.json" > "$work/check3.txt" || { cat "$work/check3.txt"; fail "the retried profile differs from the local one"; }
echo "ok: --retry 1 completes the profile"
echo "PASS: p3-run --engine=slurm on a single-node Slurm cluster"
