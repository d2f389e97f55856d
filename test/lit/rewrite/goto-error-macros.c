// ../shared/repro/goto-error-macros.c: an ALLOC macro with two "if (...) goto
// ERROR" and then a REALLOC macro, the shape that made a scientific code base
// skip 3% of its (loop-free) functions for a back edge. The blocks of the two
// gotos lead to ERROR with no probe: they are merged (one step), which keeps
// ERROR, the return after it and REALLOC's ways apart.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --stats -o out t.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: cd %t && %p3check verify out t.c | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 3 -o out3 t.c -- && %p3check verify out3 t.c --quiet
// RUN: cd %t && p3-report out3 --check out/profile.json
#include <stdio.h>

#define ALLOC(p) if (p) goto ERROR; if (p) goto ERROR
#define REALLOC(p) if (p) p = 1; else goto ERROR

static int f(int a, int b) {
  ALLOC(a);
  REALLOC(b);
  return 0;
ERROR:
  return 1;
}

int main(void) {
  int s = 0;
  for (int a = 0; a < 4; a++)
    for (int b = 0; b < 3; b++)
      s = s * 2 + f(a, b);
  printf("%d\n", s);
  return 0;
}

// STATS-NOT: skipped
// STATS:      t.c:{{[0-9]+}} f {{[0-9]}}
// STATS-NEXT:   note: line 18: branches with no place for a probe (inside a macro expansion{{.*}}) count as one step

// a != 0 (9 calls): ERROR from ALLOC; a == 0: b == 0 goes to ERROR from
// REALLOC (once), b != 0 returns 0 (twice).
// PROF:      FUNC f: 12 executions, 3/3 paths
// PROF-NEXT:   2: 18 > 19 > 20
// PROF-NEXT:   1: 18 > 19 > 22
// PROF-NEXT:   9: 18 > 22
