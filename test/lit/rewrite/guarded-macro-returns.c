// FINDINGS 2 and 2b (corpus): a guarded function (a return inside a macro,
// counted by the frame's cleanup). When every return added nothing to the
// path register, the macro's test, its return and the return after it made a
// cycle of edges without probes, and the function was skipped (bzip2's
// BZ2_decompress, zlib's deflate_fast, flex's scanner). A return outside a
// macro now adds first ("P3_ADD(1); return 0;"), the cleanup counts the sum:
// two's paths stay apart. Where a macro's own branches have no probe
// (deflateLike's "?:" before its return) those ways count as one (a note).
// Counted alike by gcc, clang (a cleanup) and tcc (a "return" macro, and
// P3_GUARD_END after the increment where control falls off the end: fill).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --stats -o out t.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 3 -o out3 t.c -- && %p3check verify out3 t.c --quiet
// RUN: cd %t && p3-report out3 --check out/profile.json
#include <stdio.h>

static int avail, worked;
static void work(void) { worked++; }
#define FLUSH(last) { work(); if (avail == 0) return last; }
// zlib's FLUSH_BLOCK: a ?: inside the macro before its return.
#define FLUSH_BLOCK(last) { work(); if (avail == 0) return (last) ? 3 : 2; }

static int two(int x) {
  if (x)
    FLUSH(0);
  x++;
  if (x > 3)
    FLUSH(1);
  return 0;
}

static int deflateLike(int x, int flush) {
  while (x > 0) {
    x -= 2;
    if (x == 3)
      FLUSH_BLOCK(0);
  }
  FLUSH_BLOCK(flush);
  return 1;
}

#define NEED(p) if (!(p)) return
static int cells[8];

// void, falls off the end.
static void fill(int n) {
  NEED(n > 0);
  for (int i = 0; i < n && i < 8; i++)
    cells[i] += i;
}

int main(void) {
  int s = 0;
  for (int x = 0; x < 6; x++)
    for (avail = 0; avail < 2; avail++) {
      s = s * 3 + two(x) + deflateLike(x, x & 1);
      fill(x - 1);
    }
  s += cells[3];
  printf("%d %d\n", s, worked);
  return 0;
}

// STATS-NOT: skipped
// STATS:      t.c:{{[0-9]+}} two {{.*}}
// STATS-NEXT:   note: the return on line 31 has no place for the path counter{{.*}}
// STATS-NEXT: t.c:{{[0-9]+}} deflateLike {{.*}}
// STATS-NEXT:   note: the return on line 41 has no place for the path counter{{.*}}
// STATS-NEXT:   note: line 41: branches with no place for a probe {{.*}} count as one step
// STATS:      summary: 5 functions, 5 instrumented, 0 skipped

// CODE:       #define P3_RETURN_GUARDS 1
// CODE-NEXT:  #include "p3_runtime.h"
// CODE-LABEL: static int two(int x) { P3_ENTER_GUARDED(
// CODE:         FLUSH(1);
// CODE-NEXT:    P3_ADD(1); return 0;
// CODE-NEXT:   P3_GUARD_END;}
// CODE-LABEL: static void fill(int n) { P3_ENTER_GUARDED(
// CODE:         cells[i] += i; }
// CODE-NEXT:   P3_ADD(3); P3_GUARD_END;}

// two, 12 calls. x == 0 (twice): x + 1 <= 3, "return 0" (2). x in 1..5
// with avail == 0: FLUSH(0) returns (5). avail == 1: FLUSH(0) goes on;
// x + 1 > 3 for x in 3..5 (3, FLUSH(1) goes on to "return 0"), not for x in
// 1..2 (2). FLUSH(1) never returns: x + 1 > 3 only for x >= 3.
// PROF:      FUNC two: 12 executions, 4/7 paths
// PROF-NEXT:   5: 27 > 28
// PROF-NEXT:   3: 27 > 28 > 29-30 > 31 > 32
// PROF-NEXT:   2: 27 > 28 > 29-30 > 32
// PROF-NEXT:   2: 27 > 29-30 > 32
// PROF:      FUNC deflateLike: 27 executions
// fill(x - 1), twice per x: NEED returns for x <= 1 (4 calls); x = 2..5
// loops 1..4 times (8 first turns, 12 more) then falls off the end (8 calls,
// counted by P3_GUARD_END with tcc).
// PROF:      FUNC fill: 32 executions, 4/7 paths
// PROF-NEXT:   4: 50
// PROF-NEXT:   8: 50 > 51 > 52 > 51 ...
// PROF-NEXT:   12: ... 51 > 52 > 51 ...
// PROF-NEXT:   8: ... 51 > 53
