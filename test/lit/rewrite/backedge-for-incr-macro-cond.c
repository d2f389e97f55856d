// ../shared/repro/backedge-for-incr-macro-cond.c: a for loop whose increment
// is a macro with "?:" inside. The blocks of the increment have no place for
// the back edge's probe, but every pass starts at the increment's beginning
// and goes on to the back edge with no probe in between: the probe runs
// there, before the increment ("pulled").
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --no-loop-counters --stats -o out t.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck %s
// RUN: cd %t && %p3check verify out t.c | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 -o out2 t.c -- && %p3check verify out2 t.c --quiet
// RUN: cd %t && p3-report out2 --check out/profile.json
#include <stdio.h>

static int sum;
static void g(const int *p) { sum += *p; }
#define NXC(p) (((p) + 1 == mid) ? other : (p) + 1)

static void f(const int *p, const int *end, const int *mid, const int *other) {
  for (; p != end; p = NXC (p))
    g(p);
}

int main(void) {
  static const int buf[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  f(buf, buf + 8, buf + 3, buf + 5);
  f(buf, buf, buf + 3, buf + 5);
  f(buf + 4, buf + 7, buf + 3, buf + 5);
  printf("%d\n", sum);
  return 0;
}

// STATS-NOT: skipped
// STATS:      t.c:{{[0-9]+}} f {{[0-9]}}
// STATS-NEXT:   note: line 20: branches with no place for a probe (inside a macro expansion{{.*}}) count as one step

// CHECK-LABEL: static void f(
// CHECK-NEXT:    for (; {{.*}}; P3_SEQ(P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}}), p = NXC (p)))

// The first call visits 0 1 2 5 6 7 (6 iterations), the second none, the
// third 4 5 6 (3 iterations): 2 first iterations, 7 later ones.
// PROF:      FUNC f: 12 executions, 4/4 paths
// PROF-NEXT:   7: ... 20 > 21 > 20 ...
// PROF-NEXT:   2: 20 > 21 > 20 ...
// PROF-NEXT:   2: ... 20 > 22
// PROF-NEXT:   1: 20 > 22
