// A while body that ends with a switch without default whose cases share a
// body ("case 1: case 5:"): the back edge and the no-case edge meet after the
// switch. A block made only of labels belongs to the switch, so the code after
// the switch joins its ways out and takes the back edge's probe. Reduced from
// gawk 5.2.1 (extension/filefuncs.c, process) and pcre2 10.42
// (_pcre2_auto_possessify_8 and others), where such loops were skipped for a
// back edge "from line 0".
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --no-loop-counters --stats -o out t.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck %s
// RUN: cd %t && %p3check verify out t.c | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 -o out2 t.c -- && %p3check verify out2 t.c --quiet
// RUN: cd %t && p3-report out2 --check out/profile.json
#include <stdio.h>

static const int *in;
static int works;
static int next(void) { return *in++; }
static void work(void) { ++works; }

static void f(int d) {
  while (next()) {
    switch (d) {
    case 1:
    case 5:
      work();
      break;
    }
  }
}

int main(void) {
  static const int three[] = {1, 1, 1, 0}, two[] = {1, 1, 0};
  in = three;
  f(5);
  in = two;
  f(2);
  printf("%d\n", works);
  return 0;
}

// STATS-NOT: skipped
// STATS:     t.c:{{[0-9]+}} f {{[0-9]}}

// CHECK-LABEL: static void f(int d) {
// CHECK:           {{(P3_ADD\([-0-9]+\); )?}}break;
// CHECK-NEXT:      } P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}});
// CHECK-NEXT:    }

// f(5) loops 3 times (the case), f(2) twice (no case): first iterations
// once each, later ones twice with the case and once without, two exits.
// PROF:      FUNC f: 7 executions, 5/8 paths
// PROF-NEXT:   1: ... 23 > 24 ...
// PROF-NEXT:   1: 23 > 24 ...
// PROF-NEXT:   2: ... 23 > 24 > 27-28 ...
// PROF-NEXT:   1: 23 > 24 > 27-28 ...
// PROF-NEXT:   2: ... 23 > 31
