// FINDINGS 2 (corpus): a guarded function (a return inside a macro, counted
// by the frame's cleanup) whose other return is reached from the macro with
// no probe in between. Every return of a guarded function adds nothing to the
// path register, so the macro's test, its return and the return after it
// made a cycle of edges without probes, and the function was skipped
// ("returns inside macro expansions cannot be told apart"; bzip2's
// BZ2_decompress, zlib's deflate_fast). The two returns now count as one way
// (a note says so), and the rest of the function stays exact.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --stats -o out t.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: cd %t && %p3check verify out t.c --compilers=gcc,clang | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 3 -o out3 t.c -- && %p3check verify out3 t.c --compilers=gcc,clang --quiet
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

int main(void) {
  int s = 0;
  for (int x = 0; x < 6; x++)
    for (avail = 0; avail < 2; avail++)
      s = s * 3 + two(x) + deflateLike(x, x & 1);
  printf("%d %d\n", s, worked);
  return 0;
}

// STATS-NOT: skipped
// STATS:      t.c:{{[0-9]+}} two {{.*}}
// STATS-NEXT:   note: the return on line 28 has no place for the path counter{{.*}}
// STATS-NEXT:   note: lines 28-29: branches with no place for a probe {{.*}} count as one step
// STATS:      t.c:{{[0-9]+}} deflateLike {{.*}}
// STATS-NEXT:   note: the return on line 38 has no place for the path counter{{.*}}
// STATS-NEXT:   note: line 38: branches with no place for a probe {{.*}} count as one step
// STATS:      summary: 4 functions, 4 instrumented, 0 skipped

// two, 12 calls. x == 0 (twice): "return 0", shown with FLUSH(1)'s return
// as one step (28-29). x in 1..5 with avail == 0: FLUSH(0) returns (5).
// avail == 1: FLUSH(0) goes on; x + 1 > 3 for x in 3..5 (3, FLUSH(1) goes
// on to "return 0"), not for x in 1..2 (2).
// PROF:      FUNC two: 12 executions, 4/5 paths
// PROF-NEXT:   5: 24 > 25
// PROF-NEXT:   3: 24 > 25 > 26-27 > 28 > 28-29
// PROF-NEXT:   2: 24 > 25 > 26-27 > 28-29
// PROF-NEXT:   2: 24 > 26-27 > 28-29
// PROF:      FUNC deflateLike: 27 executions
