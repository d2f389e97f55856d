// goto: forward jumps to a shared exit, a backward goto that forms a loop (its
// back edge is found by depth-first search: clang marks no loop), and a jump out
// of two nested loops. A probe on a goto edge goes just before the goto.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/goto.c
// RUN: cd %t && p3-rewrite -k 1 --no-loop-counters -o out goto.c --
// RUN: grep -v '^//' %t/out/copy-0/goto.c | FileCheck %s
// RUN: cd %t && %p3check verify out goto.c | FileCheck --check-prefix=PROF %s
#include <stdio.h>

static int backward(int n) {
  int i = 0, s = 0;
again:
  s += i;
  if (++i < n)
    goto again;
  return s;
}

static int cleanup(int x) {
  int r = -1;
  if (x < 0)
    goto out;
  r = x * 2;
  if (r > 10)
    goto out;
  r += 1;
out:
  return r;
}

static int search(int n, int key) {
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      if (i * n + j == key)
        goto found;
  return -1;
found:
  return i * 10 + j;
}

int main(void) {
  printf("%d %d\n", backward(3), backward(0));
  printf("%d %d %d\n", cleanup(-1), cleanup(3), cleanup(7));
  printf("%d %d\n", search(2, 2), search(2, 9));
  return 0;
}

// Emitted code.
// The backward goto is the back edge: counted and reset just before the goto.
// CHECK-LABEL: static int backward(int n) {
// CHECK:      again:
// CHECK-NEXT:   s += i;
// CHECK-NEXT:   if ({{.*}}++i < n{{.*}})
// CHECK-NEXT:     { P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}}); goto again; }
// CHECK-NEXT:   P3_COUNT({{-?[0-9]+}}); return s;
// The label "out" is reached by two gotos and by falling through: the counter
// goes after the label, and runs on each of the three ways in.
// CHECK-LABEL: static int cleanup(int x) {
// CHECK:      out:
// CHECK-NEXT:   P3_COUNT({{-?[0-9]+}}); return r;
// CHECK-LABEL: static int search(int n, int key) {
// CHECK:          goto found;
// CHECK-NEXT:   P3_COUNT({{-?[0-9]+}}); return -1;
// CHECK-NEXT: found:
// CHECK-NEXT:   P3_COUNT({{-?[0-9]+}}); return i * 10 + j;

// backward(3): s += 0, 1, 2; the test succeeds twice (back edges through the
// goto on line 15), then fails. backward(0): one pass, the test fails. The
// loop head is the labelled statement (line 13).
// PROF:      FUNC backward: 4 executions, 4/4 paths
// PROF-NEXT:   1: 11 > 13-14 > 15 ...
// PROF-NEXT:   1: 11 > 13-14 > 16
// PROF-NEXT:   1: ... 13-14 > 15 ...
// PROF-NEXT:   1: ... 13-14 > 16
// cleanup(-1): first goto; cleanup(3): r = 6, falls through; cleanup(7): r = 14,
// second goto.
// PROF-NEXT: FUNC cleanup: 3 executions, 3/3 paths
// PROF-NEXT:   1: 20-21 > 22 > 28
// PROF-NEXT:   1: 20-21 > 23-24 > 25 > 28
// PROF-NEXT:   1: 20-21 > 23-24 > 26 > 28
// search: the outer test (line 33), the inner init and test (34), the if
// (35), the inner increment (34), the outer increment (33).
// search(2, 2): i = 0: j = 0, 1 miss, the inner test fails; i = 1: j = 0
// matches: goto found (line 36). search(2, 9): i = 0, 1: j = 0, 1 miss, then
// the outer test fails (return -1, line 37). The first inner iteration of
// each i is on the path from entry (i = 0) or from the outer head (i = 1).
// Paths: 4 from entry, 4 from the outer head, 3 from the inner head.
// PROF-NEXT: FUNC search: 11 executions, 6/11 paths
// PROF-NEXT:   2: 32-33 > 33 > 34 > 35 > 34 ...
// PROF-NEXT:   1: ... 33 > 34 > 35 > 34 ...
// PROF-NEXT:   1: ... 33 > 34 > 35 > 36 > 39
// PROF-NEXT:   1: ... 33 > 37
// PROF-NEXT:   3: ... 34 > 33 ...
// PROF-NEXT:   3: ... 34 > 35 > 34 ...
// PROF-NEXT: FUNC main: 1 executions, 1/1 paths
// PROF-NEXT:   1: 43-46

// The shapes above are those of --no-loop-counters; by default the loops' back
// edges count into locals (loop-locals.c), with the same profile:
// RUN: cd %t && p3-rewrite -k 1 -o locals goto.c -- && %p3check verify locals goto.c --quiet
// RUN: p3-report %t/locals --check %t/out/profile.json
