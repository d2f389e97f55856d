// if/else, if without else, else-if chains, nested ifs, braced and unbraced
// branches. One copy (-k 1): every path is profiled.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/if-else.c
// RUN: cd %t && p3-rewrite -k 1 -o out if-else.c --
// RUN: grep -v '^//' %t/out/copy-0/if-else.c | FileCheck %s
// RUN: cd %t && %p3check verify out if-else.c | FileCheck --check-prefix=PROF %s

// The prologue: runtime include, counter table, then "#line 1" so that the
// original lines keep their numbers.
// CHECK: #include "p3_runtime.h"
// One counter array per function, sized by its number of paths (sign 3,
// bump 4, nested 4, show 3, main 8: see the profile below).
// CHECK: static p3_u64 p3_counts_0_0[4];
// CHECK: static struct p3_function p3_functions_0[] = {P3_FUNCTION(0, 3, p3_counts_0_0), P3_FUNCTION(1, 4, p3_counts_0_1), P3_FUNCTION(2, 4, p3_counts_0_2), P3_FUNCTION(3, 3, p3_counts_0_3), P3_FUNCTION(4, 8, p3_counts_0_4)};
// CHECK: #line 1
#include <stdio.h>

// CHECK-LABEL: static int sign(int x) { P3_ENTER(p3_functions_0, 0, p3_counts_0_0);
static int sign(int x) {
  int r;
  // CHECK: if (P3_IF(x > 0, {{.+}}, {{.+}}))
  if (x > 0)
    r = 1;
  // CHECK: else if (P3_IF(x < 0, {{.+}}, {{.+}}))
  else if (x < 0)
    r = -1;
  else
    r = 0;
  // One counter at the return, after the value is known.
  // CHECK: P3_COUNT({{-?[0-9]+}}); return r;
  return r;
}

// An if without else: the false edge goes straight to the join.
// CHECK-LABEL: static int bump(int x) { P3_ENTER(p3_functions_0, 1, p3_counts_0_1);
static int bump(int x) {
  int r = x;
  // CHECK: if (P3_IF(x & 1, {{.+}}, {{.+}}))
  if (x & 1)
    r += 10;
  // CHECK: if (P3_IF(x & 2, {{.+}}, {{.+}})) {
  if (x & 2) {
    r += 20;
  }
  // CHECK: P3_COUNT({{-?[0-9]+}}); return r;
  return r;
}

// Nested ifs, and a branch whose statement is not braced gets braces when a
// probe goes in front of it.
// CHECK-LABEL: static int nested(int a, int b) { P3_ENTER(p3_functions_0, 2, p3_counts_0_2);
static int nested(int a, int b) {
  if (a > 0) {
    if (b > 0)
      return 1;
    return 2;
  }
  if (b > 0)
    return 3;
  return 4;
}
// CHECK: { P3_COUNT({{-?[0-9]+}}); return 1; }
// CHECK: P3_COUNT({{-?[0-9]+}}); return 2;
// CHECK: { P3_COUNT({{-?[0-9]+}}); return 3; }
// CHECK: P3_COUNT({{-?[0-9]+}}); return 4;

// A void function: the path counter of falling off the end goes just before
// the closing brace.
// CHECK-LABEL: static void show(int x) { P3_ENTER(p3_functions_0, 3, p3_counts_0_3);
static void show(int x) {
  if (x == 0) {
    printf("zero\n");
    return;
  }
  if (x < 0)
    printf("negative\n");
  else
    printf("positive\n");
}
// CHECK: printf("zero\n");
// CHECK-NEXT: P3_COUNT({{-?[0-9]+}}); return;
// CHECK: printf("positive\n");
// CHECK-NEXT: {{^ ?}}P3_COUNT({{-?[0-9]+}});}

int main(void) {
  int t = 0;
  for (int x = -3; x <= 4; x++) {
    t += sign(x) * 100 + bump(x);
    for (int y = -1; y <= 1; y++)
      t += nested(x, y);
    show(x);
  }
  printf("%d\n", t);
  return 0;
}

// x runs over -3..4 (8 values), y over -1..1 (3 values) for each x.
// sign: x > 0 for 1..4 (4), x < 0 for -3..-1 (3), x == 0 once.
// PROF:      FUNC sign: 8 executions, 3/3 paths
// PROF-NEXT:   4: 20-22 > 23 > 31
// PROF-NEXT:   3: 20-22 > 25 > 26 > 31
// PROF-NEXT:   1: 20-22 > 25 > 28 > 31
// bump: bit 0 set for -3, -1, 1, 3; bit 1 set for -2, -1, 2, 3 (two's
// complement). Both: -1, 3. Bit 0 only: -3, 1. Bit 1 only: -2, 2. None: 0, 4.
// PROF-NEXT: FUNC bump: 8 executions, 4/4 paths
// PROF-NEXT:   2: 37-39 > 40 > 42 > 43 > 46
// PROF-NEXT:   2: 37-39 > 40 > 42 > 46
// PROF-NEXT:   2: 37-39 > 42 > 43 > 46
// PROF-NEXT:   2: 37-39 > 42 > 46
// nested: 24 calls. a > 0 for x = 1..4 (4 x 3 = 12 calls): b > 0 in 4, else 8.
// a <= 0 for x = -3..0 (12 calls): b > 0 in 4, else 8.
// PROF-NEXT: FUNC nested: 24 executions, 4/4 paths
// PROF-NEXT:   4: 53 > 54 > 55
// PROF-NEXT:   8: 53 > 54 > 56
// PROF-NEXT:   4: 53 > 58 > 59
// PROF-NEXT:   8: 53 > 58 > 60
// show: zero once, negative 3 times, positive 4 times; falling off the end is
// the block at the closing brace (line 79).
// PROF-NEXT: FUNC show: 8 executions, 3/3 paths
// PROF-NEXT:   1: 71 > 72-73
// PROF-NEXT:   3: 71 > 75 > 76 > 79
// PROF-NEXT:   4: 71 > 75 > 78 > 79
// main: paths start at entry or after a back edge (at the loop condition on
// line 87 or 89: shown with a leading "...") and end at the return or on a
// back edge (a trailing "..."). The first outer
// iteration starts at entry, the other 7 after the outer back edge; each
// outer iteration runs its first inner iteration on that path, then 2 inner
// iterations (89 > 90 > 89) and the inner exit up to the outer increment
// (89 > 91 > 87); the last outer test leaves. 8 DAG paths: 3 from entry, 3
// from line 87, 2 from line 89.
// PROF-NEXT: FUNC main: 33 executions, 5/8 paths
// PROF-NEXT:   1: 86-87 > 87 > 88-89 > 89 > 90 > 89 ...
// PROF-NEXT:   7: ... 87 > 88-89 > 89 > 90 > 89 ...
// PROF-NEXT:   1: ... 87 > 93-94
// PROF-NEXT:   16: ... 89 > 90 > 89 ...
// PROF-NEXT:   8: ... 89 > 91 > 87 ...
