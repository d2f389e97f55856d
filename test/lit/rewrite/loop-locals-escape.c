// Loops left by longjmp and by exit(): counts held in locals would be lost
// (neither runs the block's cleanup; exit writes the profile while they are
// pending), so such loops keep counting into the array, and their counts
// are exact: every iteration that ended before the jump or the exit. The
// loop that a callee's longjmp leaves, the one whose body calls longjmp, and
// the one whose callee calls exit() are refused; a plain loop that ran
// before is not (its block was left normally).
// (The paths that longjmp and exit cut short are not counted, as always, so
// the probe count exceeds the model: --no-probes.)
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/escape.c
// RUN: cd %t && p3-rewrite -k 1 -o out escape.c --
// RUN: grep -v '^//' %t/out/copy-0/escape.c | FileCheck %s
// RUN: cd %t && %p3check verify out escape.c --no-probes | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 1 --no-loop-counters -o mem escape.c -- && %p3check verify mem escape.c --no-probes --quiet
// RUN: p3-report %t/mem --check %t/out/profile.json | FileCheck --check-prefix=SAME %s
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

static jmp_buf env;
static int sink;

static void bail(int x) {
  if (x == 6)
    longjmp(env, 1);
  sink += x;
}

static void leave(int x) {
  if (x == 4) {
    printf("%d\n", sink);
    exit(0);
  }
  sink += x;
}

// The callee longjmps out of the body when i = 6.
static int jumps(int n) {
  int i;
  for (i = 0; i < n; i++)
    bail(i);
  return i;
}

// The body itself longjmps when n = 2.
static void direct(int n) {
  while (n-- > 0)
    if (n == 2)
      longjmp(env, 2);
}

// Applied, and left normally before the jumps.
static int plain(int n) {
  int s = 0;
  while (n-- > 0)
    s += n;
  return s;
}

// The callee exits the process when i = 4.
static void finish(void) {
  int i;
  for (i = 0; i < 10; i++)
    leave(i);
}

// setjmp: not instrumented (the register would be stale on the second
// return).
static void catching(void) {
  if (setjmp(env) == 0)
    jumps(10);
  if (setjmp(env) == 0)
    direct(5);
}

int main(void) {
  sink = plain(7);
  catching();
  finish();
  return 1;
}

// CHECK-LABEL: static int jumps(int n) {
// CHECK-NOT: P3_L
// CHECK:   for (i = 0; i < n; P3_SEQ(P3_BACK({{.+}}), i++))
// CHECK-LABEL: static void direct(int n) {
// CHECK-NOT: P3_L
// CHECK: P3_BACK
// CHECK-LABEL: static int plain(int n) {
// CHECK:   { P3_LRUN(p3_counts_0_{{[0-9]+}}, {{[0-9]+}}, {{-?[0-9]+}}); while (n-- > 0)
// CHECK-NEXT:     { s += n; P3_LRBACK({{.+}}); } }
// CHECK-LABEL: static void finish(void) {
// CHECK-NOT: P3_L
// CHECK:   for (i = 0; i < 10; P3_SEQ(P3_BACK({{.+}}), i++))

// SAME: check: the merged profile equals

// jumps: bail(0..5) return, and each starts a path after the back edge but the
// first; bail(6) jumps: the path it was on is counted as cut.
// PROF-LABEL: FUNC jumps: 7 executions, 3/6 paths
// PROF-NEXT:   1: 39-40 > 40 > 41 > 40 ...
// PROF-NEXT:   1: ... 40 > 41 CUT
// PROF-NEXT:   5: ... 40 > 41 > 40 ...
// direct(5): n = 4 and 3 go round; at n = 2 the path ends at the longjmp
// (a noreturn call in the function itself: counted before it).
// PROF-LABEL: FUNC direct: 3 executions, 3/6 paths
// PROF-NEXT:   1: ... 47 > 48 ...
// PROF-NEXT:   1: 47 > 48 ...
// PROF-NEXT:   1: ... 47 > 48 > 49
// PROF-LABEL: FUNC plain: 8 executions, 3/4 paths
// finish: leave(0..3) return (4 iterations), leave(4) exits the process: its
// path is counted as cut.
// PROF-LABEL: FUNC finish: 5 executions, 3/6 paths
// PROF-NEXT:   1: 62-63 > 63 > 64 > 63 ...
// PROF-NEXT:   1: ... 63 > 64 CUT
// PROF-NEXT:   3: ... 63 > 64 > 63 ...
