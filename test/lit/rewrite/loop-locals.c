// Loop-local counting, construct by construct: a loop whose back edges count
// into locals gets a block around it that declares them (P3_LSLOT, one per
// counter slot; added to the array when the block is left) and P3_LBACKn at
// its back edges, or, when its iterations all take one path, counts them
// (P3_LRUN, P3_LRBACK); a loop that something could leave without running the
// block's cleanup, or enter other than at its start, keeps P3_BACK (the
// array). The profile must be exact either way: the same for gcc, clang
// (locals) and tcc (no cleanup attribute: the macros count into the array),
// and the same as a rewrite with --no-loop-counters.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/loop-locals.c
// RUN: cd %t && p3-rewrite -k 1 -o out loop-locals.c --
// RUN: grep -v '^//' %t/out/copy-0/loop-locals.c | FileCheck %s
// RUN: cd %t && %p3check verify out loop-locals.c | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 1 --no-loop-counters -o mem loop-locals.c -- && %p3check verify mem loop-locals.c --quiet
// RUN: grep -v '^//' %t/mem/copy-0/loop-locals.c | not grep -e P3_LSLOT -e P3_LBACK -e P3_LRUN -e P3_LRBACK
// RUN: p3-report %t/mem --check %t/out/profile.json | FileCheck --check-prefix=SAME %s
// With P3 (PSPP instances: some back edges uninteresting, ids of other copies
// in the dropped slot), the merged profile is the same.
// RUN: cd %t && p3-rewrite -k 3 --strategy=p3 -o p3 loop-locals.c -- && %p3check verify p3 loop-locals.c --quiet
// RUN: p3-report %t/p3 --check %t/out/profile.json | FileCheck --check-prefix=SAME %s
#include <stdio.h>
#include <stdlib.h>

static int sink;

static int twice(int x) { return 2 * x; }
static void die(int x) { if (x < -100) exit(3); sink += x; }
static int (*volatile indirect)(int) = twice;

// Applied: no call; two slots (the body's two paths after the first
// iteration).
static int plain(int n) {
  int i, s = 0;
  for (i = 0; i < n; i++)
    if (i % 3)
      s += i;
  return s;
}

// Applied: a callee in the file that always returns.
static int safe_call(int n) {
  int s = 0;
  while (n-- > 0)
    s += twice(n);
  return s;
}

// Refused: the callee may call exit() (it does not here; see
// loop-locals-escape.c for loops that are left by exit and longjmp).
static void exits(int n) {
  do
    die(n);
  while (--n > 0);
}

// Refused: a call through a pointer.
static int pointer(int n) {
  int s = 0;
  while (n-- > 0)
    s += indirect(n);
  return s;
}

// Applied: leaving the loop by return, break and goto runs the cleanup.
static int leaves(int n, int ret, int brk, int jump) {
  int i;
  for (i = 0; i < n; i++) {
    if (i == ret)
      return i;
    if (i == brk)
      break;
    if (i == jump)
      goto out;
  }
  return -i;
out:
  return 100 + i;
}

// Refused: the goto enters the loop's body from outside.
static int entered(int n) {
  int i = n;
  if (n > 2)
    goto inside;
  while (i > 0) {
    i--;
  inside:
    i -= 1;
  }
  return i;
}

// Refused: inline assembly.
static int assembly(int n) {
  int s = 0;
  while (n-- > 0) {
    __asm__ __volatile__("" : : : "memory");
    s += n;
  }
  return s;
}

// Applied to both: nested loops, each with its own block; the inner one is
// the unbraced body of the outer (its block replaces it).
static int nested(int n) {
  int i, j, s = 0;
  for (i = 0; i < n; i++)
    for (j = 0; j < i; j++)
      s += i ^ j;
  return s;
}

// Applied: a loop re-entered by a goto to its label from inside leaves its
// block first (cleanup) and starts it again.
static int relabel(int n) {
  int s = 0;
again:
  while (n > 0) {
    s += n--;
    if (n == 2) {
      n = 0;
      goto again;
    }
  }
  return s;
}

#define SUM_TO(n, s) do { int k_; for (k_ = 0; k_ < (n); k_++) (s) += k_; } while (0)

// Refused: the loop is inside a macro expansion (no text for the block).
static int in_macro(int n) {
  int s = 0;
  SUM_TO(n, s);
  return s;
}

// Not applied: its back edge can count more than four slots.
static int many(int n) {
  int i, s = 0;
  for (i = 0; i < n; i++) {
    if (i & 1) s++;
    if (i & 2) s++;
    if (i & 4) s++;
  }
  return s;
}

// Applied, and entered at the back edge's reset value (P3_LFIRST,
// P3_LFBACKn): several paths, one back edge, a break and a goto out of the
// loop, neither of which counts a path inside the loop's text. Leaving the
// block adds the register's difference back, also when no iteration went
// round. The register on entering the loop depends on the branch before
// it.
static int firsts(int n, int brk, int jump) {
  int i, s = 0;
  if (brk > 3)
    s = 1;
  for (i = 0; i < n; i++) {
    if (i == brk)
      break;
    if (i == jump)
      goto out;
    if (i & 1)
      s += i;
  }
  return s;
out:
  return -s;
}

// Not entered at the reset: the return inside the loop counts its path
// there, with the register the loop sees.
static int returns(int n, int ret) {
  int i, s = 0;
  for (i = 0; i < n; i++) {
    if (i == ret)
      return s;
    if (i & 1)
      s += i;
  }
  return s;
}

// The inner loop is entered at its reset; the outer loop's back edge, whose
// count follows the inner loop's block, finds the register restored. The
// outer loop has another path start inside it: not entered at the reset.
static int pushed(int n) {
  int k = 0, s = 0;
  while (n-- > 0) {
    while (k < n) {
      if (k & 1)
        s++;
      k++;
    }
  }
  return s;
}

int main(void) {
  int t = plain(10) + safe_call(5) + pointer(4) + assembly(3) + nested(5) +
          relabel(6) + in_macro(4) + many(9);
  t += leaves(10, 3, -1, -1) + leaves(10, -1, 4, -1) + leaves(10, -1, -1, 5) +
       leaves(10, -1, -1, -1);
  t += entered(1) + entered(5);
  t += firsts(10, -1, -1) + firsts(10, 0, -1) + firsts(10, 5, -1) +
       firsts(10, -1, 0) + firsts(10, -1, 4) + firsts(0, -1, -1);
  t += returns(10, 0) + returns(10, 5) + returns(10, -1) + pushed(6);
  exits(3);
  printf("%d %d\n", t, sink);
  return 0;
}

// CHECK-LABEL: static int plain(int n) {
// Its paths all start at its head and nothing else in it counts: the loop
// is entered with the register at the back edge's reset value.
// CHECK:   { P3_LSLOT([[A:p3_counts_0_[0-9]+]], [[P0:[0-9]+]]); P3_LSLOT([[A]], [[P1:[0-9]+]]); P3_LFIRST([[D:-?[0-9]+]]); for (i = 0; i < n; P3_SEQ(P3_LFBACK2({{-?[0-9]+}}, [[D]], [[P0]], [[P1]]), i++))
// CHECK-NEXT:     if (P3_IF(i % 3, {{.+}}))
// CHECK-NEXT:       s += i; }
// CHECK-LABEL: static int safe_call(int n) {
// One path through the body: the loop counts its iterations (P3_LRUN,
// P3_LRBACK), with no test at all.
// CHECK:   { P3_LRUN(p3_counts_0_{{[0-9]+}}, {{[0-9]+}}, {{-?[0-9]+}}); while (n-- > 0)
// CHECK-NEXT:     { s += twice(n); P3_LRBACK({{.+}}); } }
// CHECK-LABEL: static void exits(int n) {
// CHECK-NOT: P3_L
// CHECK:   while (P3_IF(--n > 0, P3_BACK({{.+}}), {{.+}}));
// CHECK-LABEL: static int pointer(int n) {
// CHECK-NOT: P3_L
// CHECK:     s += __extension__ ({ int p3_v = P3_SEQ(P3_CUT_COUNT([[P:[0-9]+]]), indirect(n)); P3_CUT_UNDO([[P]]); p3_v; }); P3_BACK({{.+}});
// CHECK-LABEL: static int leaves(int n, int ret, int brk, int jump) {
// CHECK:   { P3_LRUN(p3_counts_0_{{[0-9]+}}, {{[0-9]+}}, {{-?[0-9]+}}); for (i = 0; i < n; P3_SEQ(P3_LRBACK({{.+}}), i++)) {
// CHECK:   } }
// CHECK-NEXT:   P3_COUNT
// CHECK-LABEL: static int entered(int n) {
// CHECK-NOT: P3_L
// CHECK:   while (i > 0) {
// CHECK-NEXT:     i--; P3_BACK({{.+}});
// CHECK-LABEL: static int assembly(int n) {
// CHECK-NOT: P3_L
// CHECK:   while (n-- > 0) {
// CHECK:   } P3_BACK({{.+}}); }
// CHECK-LABEL: static int nested(int n) {
// The outer loop's back edge also ends paths that started at the inner
// loop's head: not a run, one cached slot (the inner loop skipped).
// CHECK:   { P3_LSLOT([[N:p3_counts_0_[0-9]+]], {{[0-9]+}}); for (i = 0; i < n; P3_SEQ(P3_LBACK1({{.+}}), i++))
// CHECK-NEXT:     { P3_LRUN([[N]], {{[0-9]+}}, {{-?[0-9]+}}); for (j = 0; j < i; P3_SEQ(P3_LRBACK({{.+}}), j++))
// CHECK-NEXT:       s += i ^ j; } }
// CHECK-LABEL: static int relabel(int n) {
// CHECK: again:
// CHECK-NEXT:   { P3_LRUN(p3_counts_0_{{[0-9]+}}, {{[0-9]+}}, {{-?[0-9]+}}); while (n > 0) {
// The goto's back edge goes to a label outside the block: into the array.
// CHECK:       P3_BACK({{.+}}); goto again;
// CHECK-NEXT:     } P3_LRBACK({{.+}});
// CHECK-NEXT:   } }
// CHECK-LABEL: static int in_macro(int n) {
// CHECK-NOT: P3_L
// CHECK:   SUM_TO(n, s);
// CHECK-LABEL: static int many(int n) {
// CHECK-NOT: P3_L
// CHECK:   for (i = 0; i < n; P3_SEQ(P3_BACK({{.+}}), i++)) {
// CHECK-LABEL: static int firsts(int n, int brk, int jump) {
// CHECK:   { P3_LSLOT([[F:p3_counts_0_[0-9]+]], {{[0-9]+}}); P3_LSLOT([[F]], {{[0-9]+}}); P3_LFIRST([[FD:-?[0-9]+]]); for (i = 0; i < n; P3_SEQ(P3_LFBACK2({{-?[0-9]+}}, [[FD]], {{.+}}), i++)) {
// CHECK:   } }
// CHECK-LABEL: static int returns(int n, int ret) {
// CHECK-NOT: P3_LF
// CHECK:   { P3_LSLOT({{.+}}); P3_LSLOT({{.+}}); for (i = 0; i < n; P3_SEQ(P3_LBACK2({{.+}}), i++)) {
// CHECK-LABEL: static int pushed(int n) {
// CHECK-NEXT:   int k = 0, s = 0;
// CHECK-NEXT:   { P3_LSLOT({{.+}}); while (n-- > 0) { {
// CHECK-NEXT:     { P3_LSLOT({{.+}}); P3_LSLOT({{.+}}); P3_LFIRST([[PD:-?[0-9]+]]); while (k < n) { {
// CHECK:     } P3_LFBACK2({{-?[0-9]+}}, [[PD]], {{.+}}); } }
// CHECK-NEXT:   } P3_LBACK1({{.+}}); } }
// CHECK-LABEL: int main(void) {

// SAME: check: the merged profile equals

// plain(10): i % 3 is 0 for i = 0, 3, 6, 9 (the first from the entry), not
// for the 6 others; then the exit.
// PROF-LABEL: FUNC plain: 11 executions, 4/6 paths
// PROF-NEXT:   1: 33-34 > 34 > 35 > 34 ...
// PROF-NEXT:   3: ... 34 > 35 > 34 ...
// PROF-NEXT:   6: ... 34 > 35 > 36 > 34 ...
// PROF-NEXT:   1: ... 34 > 37
// leaves: 3, 4, 5 and 10 iterations go round (the first of each call from
// the entry: 4 + 18), then a return, a break, a goto and the loop's end.
// PROF-LABEL: FUNC leaves: 26 executions, 6/10 paths
// PROF-NEXT:   4: 66-67 > 67 > 68 > 70 > 72 > 67 ...
// PROF-NEXT:   1: ... 67 > 68 > 69
// PROF-NEXT:   1: ... 67 > 68 > 70 > 71 > 75
// PROF-NEXT:   18: ... 67 > 68 > 70 > 72 > 67 ...
// PROF-NEXT:   1: ... 67 > 68 > 70 > 72 > 73 > 77
// PROF-NEXT:   1: ... 67 > 75
// nested(5): 5 outer iterations, 0 + 1 + 2 + 3 + 4 inner ones, the exit.
// PROF-LABEL: FUNC nested: 16 executions, 5/8 paths
// PROF-NEXT:   1: 106-107 > 107 > 108 > 107 ...
// PROF-NEXT:   4: ... 107 > 108 > 109 > 108 ...
// PROF-NEXT:   1: ... 107 > 110
// PROF-NEXT:   4: ... 108 > 107 ...
// PROF-NEXT:   6: ... 108 > 109 > 108 ...
