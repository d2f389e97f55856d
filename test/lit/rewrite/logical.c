// && and || in branch context (if, while) and in value context (an
// initialiser, a call argument, a return value). Each operand that decides is
// wrapped: P3_IF(operand, on true, on false). Operands are on lines of their
// own so that the profile below shows which were evaluated.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/logical.c
// RUN: cd %t && p3-rewrite -k 1 -o out logical.c --
// RUN: grep -v '^//' %t/out/copy-0/logical.c | FileCheck %s
// RUN: cd %t && %p3check verify out logical.c | FileCheck --check-prefix=PROF %s
#include <stdio.h>

static int g(int x) { return x * 3 + 1; }

static int both(int a, int b) {
  if (a > 0 &&
      b > 0)
    return 1;
  return 0;
}

static int any(int a, int b, int c) {
  int r = 0;
  if (a > 0 ||
      b > 0 ||
      c > 0)
    r = 2;
  return r;
}

static int loop(int a, int b) {
  int r = 0;
  while (a > 0 &&
         (b > 0 ||
          a > 2)) {
    a--;
    r++;
  }
  return r;
}

static int value(int a, int b) {
  int v = a > 0 &&
          b > 0;
  return v;
}

static int values(int a, int b, int c) {
  int w = (a > 0 ||
           c > 0) +
          g(b ||
            c);
  return w * 2 + (a &&
                  g(c) > 2);
}

int main(void) {
  int t = 0;
  for (int a = -1; a <= 3; a += 2)
    for (int b = -1; b <= 1; b += 2) {
      t = t * 2 + both(a, b) + any(a, b, a + b) + loop(a, b) + value(a, b);
      t += values(a, b, b - a);
    }
  printf("%d\n", t);
  return 0;
}

// Emitted code. The first operand of the && needs no probe here (the spanning
// tree carries it); the second decides between the two ends.
// CHECK-LABEL: static int both(int a, int b) {
// CHECK:        if (a > 0 &&
// CHECK-NEXT:       P3_IF(b > 0, {{.+}}, {{.+}}))
// CHECK-NEXT:     { P3_COUNT({{-?[0-9]+}}); return 1; }
// CHECK-LABEL: static int any(int a, int b, int c) {
// CHECK:        if (a > 0 ||
// CHECK-NEXT:       P3_IF(b > 0, {{.+}}, {{.+}}) ||
// CHECK-NEXT:       P3_IF(c > 0, {{.+}}, {{.+}}))
// A nested || inside the && of a loop condition.
// CHECK-LABEL: static int loop(int a, int b) {
// CHECK:        while (a > 0 &&
// CHECK-NEXT:          (b > 0 ||
// CHECK-NEXT:           P3_IF(a > 2, {{.+}}, {{.+}}))) {
// Value context: the wrapped operand keeps its value (P3_IF yields 1 or 0,
// which is what && and || test anyway).
// CHECK-LABEL: static int value(int a, int b) {
// CHECK:        int v = P3_IF(a > 0, {{.+}}, {{.+}}) &&
// CHECK-NEXT:           b > 0;
// Two short-circuit operators in the operands of one +, one in a call
// argument: their probes are unsequenced, which the runtime's actions allow.
// A return value that branches is counted after it is computed.
// CHECK-LABEL: static int values(int a, int b, int c) {
// CHECK:        int w = (P3_IF(a > 0, {{.+}}, {{.+}}) ||
// CHECK-NEXT:            c > 0) +
// CHECK-NEXT:           g(P3_IF(b, {{.+}}, {{.+}}) ||
// CHECK-NEXT:             c);
// CHECK-NEXT:   return __extension__ ({ int p3_ret = (w * 2 + (P3_IF(a, {{.+}}, {{.+}}) &&
// CHECK-NEXT:                   g(c) > 2)); P3_COUNT({{-?[0-9]+}}); p3_ret; });

// a runs over -1, 1, 3 and b over -1, 1: 6 calls of each function.
// PROF:      FUNC g: 12 executions, 1/1 paths
// PROF-NEXT:   12: 11
// both: a <= 0 (2 calls) skips b; a > 0 and b > 0: 2; a > 0, b < 0: 2. The
// block testing b is shown as 14-15 (its terminator is the whole condition).
// PROF-NEXT: FUNC both: 6 executions, 3/3 paths
// PROF-NEXT:   2: 14 > 14-15 > 16
// PROF-NEXT:   2: 14 > 14-15 > 17
// PROF-NEXT:   2: 14 > 17
// any(a, b, a + b): (-1, -1, -2) tests all three, all false; (-1, 1, 0) stops
// at b; the 4 calls with a > 0 stop at a. The path with only c true is never
// taken.
// PROF-NEXT: FUNC any: 6 executions, 3/4 paths
// PROF-NEXT:   1: 21-22 > 22-23 > 22-24 > 26
// PROF-NEXT:   1: 21-22 > 22-23 > 25 > 26
// PROF-NEXT:   4: 21-22 > 25 > 26
// loop: a = -1 never enters (2 calls). (1, -1): a > 2 fails at once. (1, 1):
// one iteration on b > 0. (3, -1): one iteration on a > 2, then a = 2 fails
// it. (3, 1): three iterations on b > 0. 8 paths: from entry and from the
// loop head, leave at a > 0, iterate on b > 0, iterate on a > 2, leave at
// a > 2; only "from the head, iterate on a > 2" is never taken.
// PROF-NEXT: FUNC loop: 11 executions, 7/8 paths
// PROF-NEXT:   1: 30 > 31 > 32 > 31-33 > 34-35 ...
// PROF-NEXT:   1: 30 > 31 > 32 > 31-33 > 37
// PROF-NEXT:   2: 30 > 31 > 32 > 34-35 ...
// PROF-NEXT:   2: 30 > 31 > 37
// PROF-NEXT:   1: ... 31 > 32 > 31-33 > 37
// PROF-NEXT:   2: ... 31 > 32 > 34-35 ...
// PROF-NEXT:   2: ... 31 > 37
// value: b is evaluated (line 42) only when a > 0; both ways join (41-43).
// PROF-NEXT: FUNC value: 6 executions, 2/2 paths
// PROF-NEXT:   2: 41 > 41-43
// PROF-NEXT:   4: 41 > 42 > 41-43
// values: c is evaluated on line 48 only for a = -1 (2 calls); b is never 0,
// so line 50 never runs; a is never 0, so g(c) > 2 (line 52) always runs.
// 8 paths (2 x 2 x 2), 2 taken.
// PROF-NEXT: FUNC values: 6 executions, 2/8 paths
// PROF-NEXT:   4: 47 > 47-49 > 47-51 > 52 > 51-52
// PROF-NEXT:   2: 47 > 48 > 47-49 > 47-51 > 52 > 51-52
// main: 3 outer iterations of 2 inner ones each.
// PROF-NEXT: FUNC main: 10 executions, 5/8 paths
// PROF-NEXT:   1: 56-57 > 57 > 58 > 59-60 > 58 ...
// PROF-NEXT:   2: ... 57 > 58 > 59-60 > 58 ...
// PROF-NEXT:   1: ... 57 > 62-63
// PROF-NEXT:   3: ... 58 > 57 ...
// PROF-NEXT:   3: ... 58 > 59-60 > 58 ...
