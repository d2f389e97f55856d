// ../shared/repro/or-then-macro-condition.c, from a compiler's expression
// parser: "t == 0 || IN(t)" where IN's "&&" is inside a macro. The false edge
// of "t >= 10" and the way through "t <= 20" both reach the end of the if
// with no place for a probe: they count as one path (its twin), and the
// function is instrumented. It used to be skipped for a back edge it does not
// have (contracting the three blocks into one made a cycle with the call).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --stats -o out t.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck %s
// RUN: cd %t && %p3check verify out t.c | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 -o out2 t.c -- && %p3check verify out2 t.c --quiet
// RUN: cd %t && p3-report out2 --check out/profile.json
#include <stdio.h>

#define IN(t) (t >= 10 && t <= 20)
static int calls;
static int g(void) { return ++calls; }

static void f(int t) {
  if (t == 0 || IN(t)) {
    g();
  }
}

int main(void) {
  for (int t = -5; t < 30; t++)
    f(t);
  printf("%d\n", calls);
  return 0;
}

// STATS-NOT: skipped
// STATS:      t.c:{{[0-9]+}} f {{[0-9]}}
// STATS-NEXT:   note: line 21: branches with no place for a probe (inside a macro expansion{{.*}}) count as one step

// CHECK-LABEL: static void f(int t) {
// CHECK-NEXT:   if (P3_IF(t == 0, {{.*}}) || IN(t)) { {
// CHECK-NEXT:     g();
// CHECK-NEXT:   } P3_ADD({{-?[0-9]+}}); }

// t runs over -5..29: t == 0 once; IN(t) for 10..20 (11 times); neither 23
// times (t >= 10 fails 14 times, t <= 20 fails 9 times: one path).
// (Blocks on one line print as one step.)
// PROF:      FUNC f: 35 executions, 3/3 paths
// PROF-NEXT:   1: 21 > 22 > 24
// PROF-NEXT:   11: 21 > 22 > 24
// PROF-NEXT:   23: 21 > 24
