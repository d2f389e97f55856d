// ../shared/repro/seq-if-order.c, from a game engine whose copy did not build:
// "ON(p) && lib(p)" where ON's own "&&" is inside the macro. The arm site
// that starts lib(p) and its condition site cover the same text; their
// wrappers were closed in the wrong order ("P3_SEQ(a, P3_IF(lib(p)), t,
// f)"). Wrappers of one range now always nest alike (FileRewriterTest
// checks the text), this function's copies build, and p3-rewrite parses every
// copy before writing it (emitted-syntax.test).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --stats -o out t.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: cd %t && %p3check verify out t.c | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 4 -o out4 t.c -- && %p3check verify out4 t.c --quiet
// RUN: cd %t && p3-report out4 --check out/profile.json
// RUN: cd %t && p3-rewrite -k 3 --strategy=pbl -o pbl3 t.c -- && %p3check verify pbl3 t.c --quiet
// RUN: cd %t && p3-report pbl3 --check out/profile.json
#include <stdio.h>

static int store[800];
static int *const b = store + 400;
static int lib(int x) { return x == 2 || x == -3; }
#define ON(p) (p < 400 && b[p] != 3)

static void f(int p) {
  if (!lib(p) && ((ON(p) && lib(p)) || (ON(-p) && lib(-p))))
    b[p] = 1;
}

int main(void) {
  b[3] = 3;
  b[-4] = 3;
  for (int r = 0; r < 2; r++)
    for (int p = 1; p <= 5; p++)
      f(p);
  printf("%d %d\n", b[3], b[5]);
  return 0;
}

// STATS-NOT: skipped
// STATS:      t.c:{{[0-9]+}} f {{[0-9]}}

// The condition's outcomes, p = 1..5 twice (lib holds for 2 and -3; b[3] is
// 3 until f(3) sets it to 1, b[-4] is 3): p = 1, 5 (4 times) ON(p), not
// lib(p), ON(-p), not lib(-p); p = 2 (twice) lib(p); p = 4 (twice) ON(p), not
// lib(p), not ON(-p); p = 3 once with not ON(p), then once with ON(p), both
// times ON(-p) and lib(-p): the assignment runs. (All on one line.)
// PROF:      FUNC f: 10 executions, 5/8 paths
// PROF-NEXT:   1: 24 > 25 > 26
// PROF-NEXT:   1: 24 > 25 > 26
// PROF-NEXT:   4: 24 > 26
// PROF-NEXT:   2: 24 > 26
// PROF-NEXT:   2: 24 > 26
