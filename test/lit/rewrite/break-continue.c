// break and continue in while, for and do loops, and a break out of an inner
// loop. continue in a for loop goes through the increment, in a do loop to the
// condition; both are back edges then.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/bc.c
// RUN: cd %t && p3-rewrite -k 1 --no-loop-counters -o out bc.c --
// RUN: grep -v '^//' %t/out/copy-0/bc.c | FileCheck %s
// RUN: cd %t && %p3check verify out bc.c | FileCheck --check-prefix=PROF %s
#include <stdio.h>

static int in_while(int n) {
  int s = 0;
  while (n > 0) {
    n--;
    if (n == 5)
      break;
    if (n & 1)
      continue;
    s += n;
  }
  return s;
}

static int in_for(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    if (i == 1)
      continue;
    if (i == 4)
      break;
    s += i;
  }
  return s;
}

static int in_do(int n) {
  int s = 0;
  do {
    if (n % 3 == 0)
      continue;
    s += n;
  } while (--n > 0);
  return s;
}

static int nested(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) {
      if (j > i)
        break;
      s++;
    }
  }
  return s;
}

int main(void) {
  printf("%d %d %d %d\n", in_while(8), in_for(6), in_do(5), nested(3));
  return 0;
}

// Emitted code.
// The continue is a back edge: its probe goes just before it (in braces). The
// other back edge, at the end of the body, resets to the same value: both
// start a path at the loop head.
// CHECK-LABEL: static int in_while(int n) {
// CHECK:      if (P3_IF(n & 1, {{.+}}))
// CHECK-NEXT:   { P3_BACK({{-?[0-9]+}}, [[W:-?[0-9]+]]); continue; }
// CHECK-NEXT: s += n; P3_BACK({{-?[0-9]+}}, [[W]]);
// CHECK-LABEL: static int in_for(int n) {
// CHECK: for (int i = 0; i < n; P3_SEQ(P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}}), i++)) {
// CHECK-LABEL: static int in_do(int n) {
// CHECK: } while (P3_IF(--n > 0, P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}}), {{.+}}));
// CHECK-LABEL: static int nested(int n) {
// CHECK: for (int i = 0; i < n; P3_SEQ(P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}}), i++)) {
// CHECK: for (int j = 0; j < n; P3_SEQ(P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}}), j++)) {

// in_while(8): n-- gives 7 (odd: continue), 6 (even: s += 6), 5 (break).
// The break (line 15) leaves the loop; the continue (line 17) and the end of
// the body (line 18) are back edges. 4 paths from entry, 4 from the loop head.
// PROF:      FUNC in_while: 3 executions, 3/8 paths
// PROF-NEXT:   1: 11 > 12 > 13-14 > 16 > 17 ...
// PROF-NEXT:   1: ... 12 > 13-14 > 15 > 20
// PROF-NEXT:   1: ... 12 > 13-14 > 16 > 18 ...
// in_for(6): i = 0 (s += 0), 1 (continue), 2, 3 (s += i), 4 (break). The
// continue goes through the increment (line 25).
// PROF-NEXT: FUNC in_for: 5 executions, 4/8 paths
// PROF-NEXT:   1: 24-25 > 25 > 26 > 28 > 30 > 25 ...
// PROF-NEXT:   1: ... 25 > 26 > 27 > 25 ...
// PROF-NEXT:   1: ... 25 > 26 > 28 > 29 > 32
// PROF-NEXT:   2: ... 25 > 26 > 28 > 30 > 25 ...
// in_do(5): the body runs with n = 5, 4, 3 (continue), 2, 1; --n is then 4, 3,
// 2, 1, 0. Only n = 3 skips "s += n"; the continue goes to the condition (line
// 41). The loop head is the first statement of the body (line 38).
// PROF-NEXT: FUNC in_do: 5 executions, 4/8 paths
// PROF-NEXT:   1: 36 > 38 > 40 > 41 ...
// PROF-NEXT:   1: ... 38 > 39 > 41 ...
// PROF-NEXT:   2: ... 38 > 40 > 41 ...
// PROF-NEXT:   1: ... 38 > 40 > 41 > 42
// nested(3): for i = 0, 1, 2 the inner loop runs j = 0..i (s++, back edge to
// the inner test on line 48) and breaks at j = i + 1 (back edge through the
// outer increment on line 47), except for i = 2 where j = 3 fails the test.
// The first inner iteration of each i is on the path that starts at entry
// (i = 0) or at the outer loop head (i = 1, 2). Paths: 4 from entry, 4 from
// the outer head, 3 from the inner head.
// PROF-NEXT: FUNC nested: 10 executions, 6/11 paths
// PROF-NEXT:   1: 46-47 > 47 > 48 > 49 > 51 > 48 ...
// PROF-NEXT:   2: ... 47 > 48 > 49 > 51 > 48 ...
// PROF-NEXT:   1: ... 47 > 54
// PROF-NEXT:   1: ... 48 > 47 ...
// PROF-NEXT:   2: ... 48 > 49 > 50 > 47 ...
// PROF-NEXT:   3: ... 48 > 49 > 51 > 48 ...
// PROF-NEXT: FUNC main: 1 executions, 1/1 paths
// PROF-NEXT:   1: 58-59

// The shapes above are those of --no-loop-counters; by default the loops' back
// edges count into locals (loop-locals.c), with the same profile:
// RUN: cd %t && p3-rewrite -k 1 -o locals bc.c -- && %p3check verify locals bc.c --quiet
// RUN: p3-report %t/locals --check %t/out/profile.json
