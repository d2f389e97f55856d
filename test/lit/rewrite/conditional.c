// The conditional operator ?: and GNU's a ?: b, in value context and as a
// branch condition. The condition is wrapped with P3_IF; an arm that runs only
// sometimes can carry its probe with P3_SEQ(probe, arm). With two copies (P3)
// the merged profile equals the one-copy profile.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/cond.c
// RUN: cd %t && p3-rewrite -k 1 -o out cond.c --
// RUN: grep -v '^//' %t/out/copy-0/cond.c | FileCheck %s
// RUN: cd %t && %p3check verify out cond.c | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 -o p3 cond.c -- && %p3check verify p3 cond.c --quiet
// RUN: p3-report %t/p3 --check %t/out/profile.json > %t/check.txt
#include <stdio.h>

static int pick(int a, int b) {
  return a > b
             ? a
             : b;
}

static int elvis(int a, int b) {
  int r = a
              ?: b;
  return r;
}

static int nested(int x) {
  int r = x < 0
              ? -1
              : x == 0
                    ? 0
                    : 1;
  return r * 10;
}

static int in_branch(int a, int b) {
  if (a > 0
          ? b > 0
          : b < 0)
    return 1;
  return 2;
}

static int in_call(int a) {
  return pick(a & 1
                  ? a
                  : -a,
              elvis(a & 2,
                    7));
}

int main(void) {
  int t = 0;
  for (int x = -2; x <= 3; x++)
    t = t * 3 + pick(x, 1) + elvis(x, 5) + nested(x) + in_branch(x, x - 1) +
        in_call(x);
  printf("%d\n", t);
  return 0;
}

// Emitted code.
// CHECK-LABEL: static int pick(int a, int b) {
// CHECK:        return __extension__ ({ int p3_ret = (P3_IF(a > b, {{.+}}, {{.+}})
// CHECK-NEXT:              ? a
// CHECK-NEXT:              : b); P3_COUNT({{-?[0-9]+}}); p3_ret; });
// GNU ?: tests a once and yields it when true: the condition cannot be
// wrapped without changing the value, so the probe goes on the other arm.
// CHECK-LABEL: static int elvis(int a, int b) {
// CHECK:        int r = a
// CHECK-NEXT:               ?: P3_SEQ(P3_ADD({{-?[0-9]+}}), b);
// CHECK-LABEL: static int nested(int x) {
// CHECK:               : P3_IF(x == 0, {{.+}}, {{.+}})
// CHECK-LABEL: static int in_branch(int a, int b) {
// CHECK:        if (P3_IF(a > 0, {{.+}}, {{.+}})
// CHECK-NEXT:           ? b > 0
// CHECK-NEXT:           : b < 0)
// CHECK-LABEL: static int in_call(int a) {
// CHECK:        return __extension__ ({ int p3_ret = (pick(P3_IF(a & 1, {{.+}}, {{.+}})

// x runs over -2..3. Each ?: leaves by a block on its own lines; the value is
// then used by the block spanning the whole expression.
// pick is called by main (pick(x, 1): x > 1 for 2, 3) and by in_call (see
// there: only x = 3 gives a > b): a 3 times, b 9 times.
// PROF:      FUNC pick: 12 executions, 2/2 paths
// PROF-NEXT:   3: 14 > 15 > 14-16
// PROF-NEXT:   9: 14 > 16 > 14-16
// elvis(x, 5) from main: x == 0 once evaluates b (line 21); elvis(a & 2, 7)
// from in_call: a & 2 is 0 for x = 0, 1 (twice), 2 for x = -2, -1, 2, 3.
// PROF-NEXT: FUNC elvis: 12 executions, 2/2 paths
// PROF-NEXT:   9: 20-21 > 20-22
// PROF-NEXT:   3: 20-21 > 21 > 20-22
// nested: x < 0 twice, x == 0 once, x > 0 three times.
// PROF-NEXT: FUNC nested: 6 executions, 3/3 paths
// PROF-NEXT:   2: 26 > 27 > 26-31
// PROF-NEXT:   1: 26 > 28 > 29 > 28-30 > 26-31
// PROF-NEXT:   3: 26 > 28 > 30 > 28-30 > 26-31
// in_branch(x, x - 1): a > 0 for x = 1, 2, 3 tests b > 0 (true for 2, 3);
// a <= 0 for x = -2, -1, 0 tests b < 0 (always true). The if branches on the
// value of the whole ?: (the block 35-37).
// PROF-NEXT: FUNC in_branch: 6 executions, 3/4 paths
// PROF-NEXT:   2: 35 > 36 > 35-37 > 38
// PROF-NEXT:   1: 35 > 36 > 35-37 > 39
// PROF-NEXT:   3: 35 > 37 > 35-37 > 38
// in_call: a & 1 for x = -1, 1, 3. pick's arguments: (2, 2), (-1, 2), (0, 7),
// (1, 7), (-2, 2), (3, 2): only the last has a > b.
// PROF-NEXT: FUNC in_call: 6 executions, 2/2 paths
// PROF-NEXT:   3: 43 > 44 > 43-47
// PROF-NEXT:   3: 43 > 45 > 43-47
// PROF-NEXT: FUNC main: 7 executions, 3/4 paths
// PROF-NEXT:   1: 51-52 > 52 > 53-54 > 52 ...
// PROF-NEXT:   5: ... 52 > 53-54 > 52 ...
// PROF-NEXT:   1: ... 52 > 55-56
