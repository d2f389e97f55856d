// switch: each case value is a dispatch edge of its own, distinct from falling
// through into the same label; with and without default; GNU case ranges;
// nested switches (an inner switch's no-match edge must not be taken for an
// outer case). A probe between two case labels is followed by P3_FALLTHROUGH
// ("case 1: P3_ADD(c); P3_FALLTHROUGH; case 2:"), so the copies build with
// -Wimplicit-fallthrough (part of -Wextra) like the original.
//
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/switch.c
// RUN: cd %t && p3-rewrite -k 1 -o out switch.c --
// RUN: grep -v '^//' %t/out/copy-0/switch.c | FileCheck %s
// RUN: cd %t && %p3check verify out switch.c | FileCheck --check-prefix=PROF %s
#include <stdio.h>

static int dispatch(int x) {
  int r = 0;
  switch (x) {
  case 0:
    r = 10;
    break;
  case 1:
  case 2:
    r = 20;
    break;
  case 3:
    r = 30;
    /* fall through */
  case 4:
    r += 40;
    break;
  default:
    r = -1;
  }
  return r;
}

static int no_default(int x) {
  int r = 1;
  switch (x & 3) {
  case 1:
    r = 5;
    break;
  case 2:
    r = 7;
  }
  return r;
}

static int ranges(int x) {
  switch (x) {
  case 1 ... 3:
    return 1;
  case 5 ... 7:
    x *= 2;
    break;
  }
  return x;
}

static int nested(int a, int b) {
  int r = 0;
  switch (a) {
  case 0:
    switch (b) {
    case 0:
      r = 1;
      break;
    case 1:
      r = 2;
    }
    break;
  case 1:
    r = 3;
  }
  return r;
}

int main(void) {
  int t = 0;
  for (int x = -1; x <= 7; x++) {
    t = t * 3 + dispatch(x) + no_default(x) + ranges(x);
    for (int y = 0; y <= 2; y++)
      t += nested(x, y);
  }
  printf("%d\n", t);
  return 0;
}

// Emitted code.
// case 1 is a dispatch edge of its own into the statement of case 2: its probe
// sits between the labels and runs only when x == 1. Likewise the dispatch
// edge of case 3 has its probe before "r = 30;": nothing runs on the
// fall-through into case 4 that does not run on case 4's own dispatch edge.
// CHECK-LABEL: static int dispatch(int x) {
// CHECK:      case 1:
// CHECK-NEXT:   P3_ADD({{-?[0-9]+}}); P3_FALLTHROUGH; case 2:
// CHECK:      case 3:
// CHECK-NEXT:   P3_ADD({{-?[0-9]+}}); r = 30;
// CHECK-NEXT:   /* fall through */
// CHECK-NEXT: case 4:

// The GNU case range is one dispatch edge.
// CHECK-LABEL: static int ranges(int x) {
// CHECK:      case 1 ... 3:
// CHECK-NEXT:   P3_COUNT({{-?[0-9]+}}); return 1;

// x runs over -1..7, y over 0..2 for each x.
// dispatch: one path per case label reached by dispatch (0, 1, 2, 3, 4,
// default); case 1 runs through its empty block (line 20) into case 2's
// statement, case 3 falls through into case 4's. default: x = -1, 5, 6, 7.
// PROF:      FUNC dispatch: 9 executions, 6/6 paths
// PROF-NEXT:   1: 15-16 > 18-19 > 33
// PROF-NEXT:   1: 15-16 > 20 > 22-23 > 33
// PROF-NEXT:   1: 15-16 > 22-23 > 33
// PROF-NEXT:   1: 15-16 > 25 > 28-29 > 33
// PROF-NEXT:   1: 15-16 > 28-29 > 33
// PROF-NEXT:   4: 15-16 > 31 > 33
// no_default: x & 3 is 3, 0, 1, 2, 3, 0, 1, 2, 3: case 1 twice, case 2
// twice, no match five times (straight to the return).
// PROF-NEXT: FUNC no_default: 9 executions, 3/3 paths
// PROF-NEXT:   2: 37-38 > 40-41 > 45
// PROF-NEXT:   2: 37-38 > 43 > 45
// PROF-NEXT:   5: 37-38 > 45
// ranges: 1..3 return early, 5..7 double, -1, 0 and 4 match nothing.
// PROF-NEXT: FUNC ranges: 9 executions, 3/3 paths
// PROF-NEXT:   3: 49 > 51
// PROF-NEXT:   3: 49 > 53-54 > 56
// PROF-NEXT:   3: 49 > 56
// nested: a = 0 (3 calls) enters the inner switch: b = 0, b = 1, and b = 2
// (no inner match: on to the outer break, line 70, never to case 1 of the
// outer switch); a = 1: 3 calls; the other 7 values of a: 21 calls.
// PROF-NEXT: FUNC nested: 27 executions, 5/5 paths
// PROF-NEXT:   1: 60-61 > 63 > 65-66 > 70 > 74
// PROF-NEXT:   1: 60-61 > 63 > 68 > 70 > 74
// PROF-NEXT:   1: 60-61 > 63 > 70 > 74
// PROF-NEXT:   3: 60-61 > 72 > 74
// PROF-NEXT:   21: 60-61 > 74
// main: 9 outer iterations (the first from entry) with 3 inner ones each (the
// first on the outer path), then the outer test fails.
// PROF-NEXT: FUNC main: 37 executions, 5/8 paths
// PROF-NEXT:   1: 78-79 > 79 > 80-81 > 81 > 82 > 81 ...
// PROF-NEXT:   8: ... 79 > 80-81 > 81 > 82 > 81 ...
// PROF-NEXT:   1: ... 79 > 84-85
// PROF-NEXT:   9: ... 81 > 79 ...
// PROF-NEXT:   18: ... 81 > 82 > 81 ...
