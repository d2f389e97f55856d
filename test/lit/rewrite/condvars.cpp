// Condition variables: if, while, switch and for with a declaration as the
// condition (C++), and C++17's if with an initialiser. A declared condition
// cannot be wrapped (its range is the variable's name), so its edges carry no
// probe there: the spanning tree keeps them, or the probe goes into the
// branch taken.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/cv.cpp
// RUN: cd %t && p3-rewrite -k 1 --no-loop-counters -o out cv.cpp -- -std=c++17
// RUN: grep -v '^//' %t/out/copy-0/cv.cpp | FileCheck %s
// RUN: cd %t && %p3check verify out cv.cpp --std=c++17 | FileCheck --check-prefix=PROF %s
#include <cstdio>

static int g(int x) { return x - 2; }

static int in_if(int n) {
  if (int v = g(n))
    return v;
  else
    return -1;
}

static int in_while(int n) {
  int r = 0, i = 0;
  while (int w = g(i) < n) {
    r += w;
    i++;
  }
  return r;
}

static int in_switch(int n) {
  switch (int s = n % 3) {
  case 0:
    return s;
  case 1:
    return 10;
  default:
    return 20;
  }
}

static int in_for(int n) {
  int r = 0;
  for (int k = 0; int m = k < n; k++)
    r += m;
  return r;
}

static int if_init(int n) {
  if (int q = n * 2; q > 4)
    return q;
  return 0;
}

int main() {
  int t = 0;
  for (int n = 0; n < 4; n++)
    t = t * 5 + in_if(n) + in_while(n) + in_switch(n) + in_for(n) + if_init(n);
  std::printf("%d\n", t);
  return 0;
}

// Emitted code: the declared conditions are left as they are.
// CHECK-LABEL: static int in_if(int n) {
// CHECK:        if (int v = g(n))
// CHECK-NEXT:     { P3_COUNT({{-?[0-9]+}}); return v; }
// CHECK-LABEL: static int in_while(int n) {
// CHECK:        while (int w = g(i) < n) {
// CHECK-LABEL: static int in_switch(int n) {
// CHECK:        switch (int s = n % 3) {
// CHECK-LABEL: static int in_for(int n) {
// CHECK:        for (int k = 0; int m = k < n; P3_SEQ(P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}}), k++))
// Both branches return: the counters at the returns tell them apart, and the
// condition after the initialiser needs no probe.
// CHECK-LABEL: static int if_init(int n) {
// CHECK:        if (int q = n * 2; q > 4)
// CHECK-NEXT:     { P3_COUNT({{-?[0-9]+}}); return q; }

// n runs over 0..3.
// g: 4 calls from in_if, 18 from in_while (one per test, see there).
// PROF:      FUNC g: 22 executions, 1/1 paths
// PROF-NEXT:   22: 12
// in_if: g(n) = n - 2 is zero for n = 2 only.
// PROF-NEXT: FUNC in_if: 4 executions, 2/2 paths
// PROF-NEXT:   3: 15 > 16
// PROF-NEXT:   1: 15 > 18
// in_while: g(i) < n, i.e. i < n + 2: n + 2 iterations, the first from entry.
// n = 0..3: 2 + 3 + 4 + 5 = 14 iterations, 4 of them first, 4 exits.
// PROF-NEXT: FUNC in_while: 18 executions, 3/4 paths
// PROF-NEXT:   4: 22 > 23 > 24-25 ...
// PROF-NEXT:   10: ... 23 > 24-25 ...
// PROF-NEXT:   4: ... 23 > 27
// in_switch: n % 3 is 0 (n = 0, 3), 1, 2.
// PROF-NEXT: FUNC in_switch: 4 executions, 3/3 paths
// PROF-NEXT:   2: 31 > 33
// PROF-NEXT:   1: 31 > 35
// PROF-NEXT:   1: 31 > 37
// in_for: n iterations: 0 + 1 + 2 + 3 = 6, the first (n > 0: 3) from entry.
// PROF-NEXT: FUNC in_for: 10 executions, 4/4 paths
// PROF-NEXT:   3: 42-43 > 43 > 44 > 43 ...
// PROF-NEXT:   1: 42-43 > 43 > 45
// PROF-NEXT:   3: ... 43 > 44 > 43 ...
// PROF-NEXT:   3: ... 43 > 45
// if_init: n * 2 > 4 for n = 3 only.
// PROF-NEXT: FUNC if_init: 4 executions, 2/2 paths
// PROF-NEXT:   1: 49 > 50
// PROF-NEXT:   3: 49 > 51
// PROF-NEXT: FUNC main: 5 executions, 3/4 paths
// PROF-NEXT:   1: 55-56 > 56 > 57 > 56 ...
// PROF-NEXT:   3: ... 56 > 57 > 56 ...
// PROF-NEXT:   1: ... 56 > 58-59

// The shapes above are those of --no-loop-counters; by default the loops' back
// edges count into locals (loop-locals.c), with the same profile:
// RUN: cd %t && p3-rewrite -k 1 -o locals cv.cpp -- -std=c++17 && %p3check verify locals --std=c++17 cv.cpp --quiet
// RUN: p3-report %t/locals --check %t/out/profile.json
