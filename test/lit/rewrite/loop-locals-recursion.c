// Loops that call recursive functions. A recursive call returns normally if
// the function it calls does, so a function is judged assuming its recursive
// calls return; when it then turns out that it may not (here: exit()), the
// functions judged safe under that assumption are judged again. The loop
// calling a recursive function that always returns counts into locals; the
// loops calling into a cycle that may exit keep counting into the array,
// whichever function of the cycle was judged first.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/recursion.c
// RUN: cd %t && p3-rewrite -k 1 -o out recursion.c --
// RUN: grep -v '^//' %t/out/copy-0/recursion.c | FileCheck %s
// RUN: cd %t && %p3check verify out recursion.c | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 1 --no-loop-counters -o mem recursion.c -- && %p3check verify mem recursion.c --quiet
// RUN: p3-report %t/mem --check %t/out/profile.json | FileCheck --check-prefix=SAME %s
#include <stdio.h>
#include <stdlib.h>

static int sink;

// Recursive, always returns.
static int depth(int n) { return n > 0 ? 1 + depth(n / 2) : 0; }

// A cycle: odd() calls even() calls odd(); odd() may exit.
static int odd(int n);
static int even(int n) { return n > 0 ? odd(n - 1) : 1; }
static int odd(int n) {
  int r = even(n > 0 ? n - 1 : 0);
  if (n < -100)
    exit(4);
  return r;
}

// Applied: the recursion returns.
static int safe(int n) {
  int s = 0;
  while (n-- > 0)
    s += depth(n);
  return s;
}

// Refused: odd() may exit. Judging odd() first judges even() assuming odd()
// returns; even() is forgotten when odd() turns out not to.
static int via_odd(int n) {
  int s = 0;
  while (n-- > 0)
    s += odd(n);
  return s;
}

// Refused: even() calls odd(), judged above (the forgotten answer above
// would have applied locals here).
static int via_even(int n) {
  int s = 0;
  while (n-- > 0)
    s += even(n);
  return s;
}

int main(void) {
  sink = safe(5) + via_odd(4) + via_even(3);
  printf("%d\n", sink);
  return 0;
}

// CHECK-LABEL: static int safe(int n) {
// CHECK:   { P3_LRUN(p3_counts_0_{{[0-9]+}}, {{[0-9]+}}, {{-?[0-9]+}}); while (n-- > 0)
// CHECK-NEXT:     { s += depth(n); P3_LRBACK({{.+}}); } }
// CHECK-LABEL: static int via_odd(int n) {
// CHECK-NOT: P3_L
// CHECK: s += __extension__ ({ int p3_v = P3_SEQ(P3_CUT_COUNT([[O:[0-9]+]]), odd(n)); P3_CUT_UNDO([[O]]); p3_v; }); P3_BACK({{.+}});
// CHECK-LABEL: static int via_even(int n) {
// CHECK-NOT: P3_L
// CHECK: s += __extension__ ({ int p3_v = P3_SEQ(P3_CUT_COUNT([[E:[0-9]+]]), even(n)); P3_CUT_UNDO([[E]]); p3_v; }); P3_BACK({{.+}});
// CHECK-LABEL: int main(void) {

// SAME: check: the merged profile equals

// safe(5): 5 iterations (the first from the entry), then the exit.
// PROF-LABEL: FUNC safe: 6 executions, 3/4 paths
// PROF-NEXT:   1: 34 > 35 > 36 ...
// PROF-NEXT:   4: ... 35 > 36 ...
// PROF-NEXT:   1: ... 35 > 37
