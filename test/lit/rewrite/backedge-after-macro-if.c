// ../shared/repro/backedge-after-macro-if.c, a decoder's hot loop: a macro
// statement "STEP(p)" (p += 1, its argument first) ends the loop body. Its
// range now counts as whole invocations (an argument at the start of the
// expansion is not an edit inside the argument), so the back edge's probe
// goes after it; STEP2's "if" inside the macro is one step.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --no-loop-counters --stats -o out t.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck %s
// RUN: cd %t && %p3check verify out t.c | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 -o out2 t.c -- && %p3check verify out2 t.c --quiet
// RUN: cd %t && p3-report out2 --check out/profile.json
#include <stdio.h>

#define STEP(p) p += 1
#define STEP2(p) if (p & 1) p += 1

static int f(int n) {
  int p = 0;
  while (p < n) {
    STEP2(p);
    STEP(p);
  }
  return p;
}

int main(void) {
  for (int n = -1; n <= 6; n++)
    printf("%d ", f(n));
  printf("\n");
  return 0;
}

// STATS-NOT: skipped
// STATS:      t.c:{{[0-9]+}} f {{[0-9]}}
// STATS-NEXT:   note: line 21: branches with no place for a probe (inside a macro expansion{{.*}}) count as one step

// CHECK-LABEL: static int f(int n) {
// CHECK:         while (p < n) { {
// CHECK-NEXT:      STEP2(p);
// CHECK-NEXT:      STEP(p);
// CHECK-NEXT:    } P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}}); }

// p goes 0, 1, 3, 5, ...: f(n) loops 0, 0, 1, 2, 2, 3, 3, 4 times for
// n = -1..6 (15 iterations); each call with n > 0 (6) enters the loop once
// and leaves it once.
// PROF:      FUNC f: 23 executions, 4/4 paths
// PROF-NEXT:   6: 19 > 20 > 21 > 22 ...
// PROF-NEXT:   2: 19 > 20 > 24
// PROF-NEXT:   9: ... 20 > 21 > 22 ...
// PROF-NEXT:   6: ... 20 > 24
