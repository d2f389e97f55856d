// ../shared/repro/backedge-for-continue-macro-if.c: a for loop whose body
// ends with a macro "if (...) { foo(); }" and has a continue. The macro's two
// outcomes meet at the loop's continuation, which the continue also reaches:
// no edge into it had a place for the back edge's probe. The code after the
// macro statement runs exactly when one of its two outcomes is taken, so it
// joins them (a block of its own), and the back edge's probe goes there and
// before the continue. (The macro's "if" ends before the ";" of its use.)
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --no-loop-counters --stats -o out t.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck %s
// RUN: cd %t && %p3check verify out t.c | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 -o out2 t.c -- && %p3check verify out2 t.c --quiet
// RUN: cd %t && p3-report out2 --check out/profile.json
#include <stdio.h>

static int foos;
static void foo(void) { ++foos; }
#define UPD(l) if (l > 5) { foo(); }

static int f(const int *a, int n) {
  int c;
  for (c = 0; c < n; ) {
    if (a[c]) { c++; continue; }
    c += 2; UPD(c);
  }
  return c;
}

int main(void) {
  static const int a[] = {1, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0};
  printf("%d %d %d %d\n", f(a, 10), f(a, 0), f(a + 1, 5), foos);
  return 0;
}

// STATS-NOT: skipped
// STATS:      t.c:{{[0-9]+}} f {{[0-9]}}
// STATS-NEXT:   note: line 25: branches with no place for a probe (inside a macro expansion{{.*}}) count as one step

// CHECK-LABEL: static int f(const int *a, int n) {
// CHECK:         if (P3_IF(a[c], {{.*}})) { c++; P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}}); continue; }
// CHECK-NEXT:    c += 2; UPD(c) P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}});;

// f(a, 10): c = 0 (continue), 1 (c = 3), 3 (continue), 4 (c = 6, foo), 6
// (continue), 7 (c = 9, foo), 9 (c = 11, foo), then leaves. f(a, 0) never
// enters. f(a + 1, 5): c = 0 (c = 2), 2 (continue), 3 (c = 5), leaves. The
// first iteration continues once and runs the macro once; later iterations
// continue 3 times and run the macro 5 times (with or without foo: one step).
// PROF:      FUNC f: 13 executions, 6/6 paths
// PROF-NEXT:   1: 22-23 > 23 > 24 ...
// PROF-NEXT:   1: 22-23 > 23 > 24 > 25 ...
// PROF-NEXT:   1: 22-23 > 23 > 27
// PROF-NEXT:   3: ... 23 > 24 ...
// PROF-NEXT:   5: ... 23 > 24 > 25 ...
// PROF-NEXT:   2: ... 23 > 27
