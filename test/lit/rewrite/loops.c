// while, do-while and for loops with every part of the for header missing in
// turn, an empty body, a body that branches, and returns from inside loops.
// A back edge counts the path that ends there and starts a new one:
// P3_BACK(count increment, reset value), placed in the for increment, the do
// condition or after the body.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/loops.c
// RUN: cd %t && p3-rewrite -k 1 --no-loop-counters -o out loops.c --
// RUN: grep -v '^//' %t/out/copy-0/loops.c | FileCheck %s
// RUN: cd %t && %p3check verify out loops.c | FileCheck --check-prefix=PROF %s
#include <stdio.h>

static int w(int n) {
  int s = 0;
  while (n > 0) {
    s += n;
    n -= 2;
  }
  return s;
}

static int d(int n) {
  int s = 0;
  do {
    s += n;
    n--;
  } while (n > 0);
  return s;
}

static int all_parts(int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += i;
  return s;
}

static int no_init(int n) {
  int i = 1, s = 0;
  for (; i < n; i *= 2)
    s += i;
  return s;
}

static int no_cond(int n) {
  int i, s = 0;
  for (i = 0;; i++) {
    if (i >= n)
      break;
    s += i;
  }
  return s;
}

static int no_inc(int n) {
  int i, s = 0;
  for (i = 0; i < n;) {
    s += i;
    i += 2;
  }
  return s;
}

static int none(int n) {
  int s = 0;
  for (;;) {
    if (--n < 0)
      return s;
    s += 3;
  }
}

static int empty_body(int n) {
  int i;
  for (i = 0; i * i < n; i++)
    ;
  return i;
}

static int branchy_body(int n) {
  int s = 0;
  while (n-- > 0) {
    if (n & 1)
      s += 1;
    else
      s += 2;
  }
  return s;
}

static int find(const int *a, int n, int key) {
  for (int i = 0; i < n; i++) {
    if (a[i] == key)
      return i;
  }
  return -1;
}

int main(void) {
  static const int a[] = {5, 7, 9};
  int t = 0;
  for (int n = 0; n < 4; n += 3)
    t += w(n) + d(n) + all_parts(n) + no_init(n) + no_cond(n) + no_inc(n) +
         none(n) + empty_body(n) + branchy_body(n) + find(a, 3, n + 6);
  printf("%d\n", t);
  return 0;
}

// Emitted code.
// CHECK-LABEL: static int w(int n) { P3_ENTER(p3_functions_0, 0, p3_counts_0_0);
// CHECK:        while (n > 0) { {
// CHECK-NEXT:     s += n;
// CHECK-NEXT:     n -= 2;
// CHECK-NEXT:   } P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}}); }
// CHECK-NEXT:   P3_COUNT({{-?[0-9]+}}); return s;
// CHECK-LABEL: static int d(int n) {
// CHECK: } while (P3_IF(n > 0, P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}}), {{.+}}));
// CHECK-LABEL: static int all_parts(int n) {
// CHECK: for (int i = 0; i < n; P3_SEQ(P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}}), i++))
// CHECK-LABEL: static int no_init(int n) {
// CHECK: for (; i < n; P3_SEQ(P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}}), i *= 2))
// CHECK-LABEL: static int no_cond(int n) {
// CHECK: for (i = 0;; P3_SEQ(P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}}), i++)) {
// CHECK-LABEL: static int no_inc(int n) {
// CHECK:      for (i = 0; i < n;) { {
// CHECK:      } P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}}); }
// The only way out is the return inside the loop.
// CHECK-LABEL: static int none(int n) {
// CHECK:      for (;;) { {
// CHECK-NEXT:   if ({{.*}}--n < 0{{.*}})
// CHECK-NEXT:     { P3_COUNT({{-?[0-9]+}}); return s; }
// CHECK:      } P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}}); }
// CHECK-LABEL: static int empty_body(int n) {
// CHECK:      for (i = 0; i * i < n; P3_SEQ(P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}}), i++))
// CHECK-NEXT:   ;
// Two ways round the loop, told apart by the if's probe; the back-edge probe
// runs after the whole if statement, on both.
// CHECK-LABEL: static int branchy_body(int n) {
// CHECK:        if (P3_IF(n & 1, {{.+}}))
// CHECK-NEXT:     s += 1;
// CHECK-NEXT:   else
// CHECK-NEXT:     s += 2; P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}});
// CHECK-NEXT: }
// CHECK-LABEL: static int find(const int *a, int n, int key) {
// CHECK:   { P3_COUNT({{-?[0-9]+}}); return i; }
// CHECK:   P3_COUNT({{-?[0-9]+}}); return -1;

// main calls every function with n = 0 and n = 3. A path that starts after a
// back edge (at the loop head) is shown with a leading "...", one that ends on
// a back edge with a trailing "...". Each loop function has 4 paths: entry or
// loop head, times another iteration or leaving.
// w: n = 0 leaves at once; n = 3 iterates with n = 3 and 1, leaves at -1.
// PROF:      FUNC w: 4 executions, 4/4 paths
// PROF-NEXT:   1: 13 > 14 > 15-16 ...
// PROF-NEXT:   1: 13 > 14 > 18
// PROF-NEXT:   1: ... 14 > 15-16 ...
// PROF-NEXT:   1: ... 14 > 18
// d: the body runs before the test: n = 0 runs it once; n = 3 three times.
// PROF-NEXT: FUNC d: 4 executions, 4/4 paths
// PROF-NEXT:   1: 22 > 24-25 > 26 ...
// PROF-NEXT:   1: 22 > 24-25 > 26 > 27
// PROF-NEXT:   1: ... 24-25 > 26 ...
// PROF-NEXT:   1: ... 24-25 > 26 > 27
// all_parts: the init and the test share line 32; i = 0, 1, 2 iterate.
// PROF-NEXT: FUNC all_parts: 5 executions, 4/4 paths
// PROF-NEXT:   1: 31-32 > 32 > 33 > 32 ...
// PROF-NEXT:   1: 31-32 > 32 > 34
// PROF-NEXT:   2: ... 32 > 33 > 32 ...
// PROF-NEXT:   1: ... 32 > 34
// no_init: i = 1, 2 iterate, i = 4 leaves.
// PROF-NEXT: FUNC no_init: 4 executions, 4/4 paths
// PROF-NEXT:   1: 38 > 39 > 40 > 39 ...
// PROF-NEXT:   1: 38 > 39 > 41
// PROF-NEXT:   1: ... 39 > 40 > 39 ...
// PROF-NEXT:   1: ... 39 > 41
// no_cond: the break on line 48 is the only way out; i = 0, 1, 2 iterate.
// PROF-NEXT: FUNC no_cond: 5 executions, 4/4 paths
// PROF-NEXT:   1: 45-46 > 47 > 48 > 51
// PROF-NEXT:   1: 45-46 > 47 > 49 > 46 ...
// PROF-NEXT:   1: ... 47 > 48 > 51
// PROF-NEXT:   2: ... 47 > 49 > 46 ...
// no_inc: i = 0, 2 iterate, i = 4 leaves.
// PROF-NEXT: FUNC no_inc: 4 executions, 4/4 paths
// PROF-NEXT:   1: 55-56 > 56 > 57-58 ...
// PROF-NEXT:   1: 55-56 > 56 > 60
// PROF-NEXT:   1: ... 56 > 57-58 ...
// PROF-NEXT:   1: ... 56 > 60
// none: --n gives 2, 1, 0 (iterate), then -1 (return).
// PROF-NEXT: FUNC none: 5 executions, 4/4 paths
// PROF-NEXT:   1: 64 > 66 > 67
// PROF-NEXT:   1: 64 > 66 > 68 ...
// PROF-NEXT:   1: ... 66 > 67
// PROF-NEXT:   2: ... 66 > 68 ...
// empty_body: the body has no lines; i = 0, 1 iterate (0 < 3, 1 < 3), 4 < 3 fails.
// PROF-NEXT: FUNC empty_body: 4 executions, 4/4 paths
// PROF-NEXT:   1: 73-74 > 74 ...
// PROF-NEXT:   1: 73-74 > 74 > 76
// PROF-NEXT:   1: ... 74 ...
// PROF-NEXT:   1: ... 74 > 76
// branchy_body: n = 3 runs the body with n = 2 (even), 1 (odd), 0 (even).
// Entry to line 83 never happens: 5 of 6 paths.
// PROF-NEXT: FUNC branchy_body: 5 executions, 5/6 paths
// PROF-NEXT:   1: 80 > 81 > 82 > 85 ...
// PROF-NEXT:   1: 80 > 81 > 87
// PROF-NEXT:   1: ... 81 > 82 > 83 ...
// PROF-NEXT:   1: ... 81 > 82 > 85 ...
// PROF-NEXT:   1: ... 81 > 87
// find: key 6 is not in {5, 7, 9} (3 iterations, then leave); key 9 is found
// at i = 2 (2 iterations, then return). The first iteration of each call
// starts at entry.
// PROF-NEXT: FUNC find: 7 executions, 4/6 paths
// PROF-NEXT:   3: ... 91 > 92 > 91 ...
// PROF-NEXT:   2: 91 > 92 > 91 ...
// PROF-NEXT:   1: ... 91 > 92 > 93
// PROF-NEXT:   1: ... 91 > 95
// main: n = 0, 3 iterate, n = 6 leaves.
// PROF-NEXT: FUNC main: 3 executions, 3/4 paths
// PROF-NEXT:   1: 99-101 > 101 > 102-103 > 101 ...
// PROF-NEXT:   1: ... 101 > 102-103 > 101 ...
// PROF-NEXT:   1: ... 101 > 104-105

// The shapes above are those of --no-loop-counters; by default the loops' back
// edges count into locals (loop-locals.c), with the same profile:
// RUN: cd %t && p3-rewrite -k 1 -o locals loops.c -- && %p3check verify locals loops.c --quiet
// RUN: p3-report %t/locals --check %t/out/profile.json
