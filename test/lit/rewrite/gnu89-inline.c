// ../shared/repro/gnu89-inline-skipped.c: under gnu89 inline semantics
// (-std=gnu89, or -fgnu89-inline) a plain "inline" definition is the
// external definition, which may refer to the file's static objects: it is
// instrumented. Under C99 semantics the same definition is an inline
// definition (the external one is elsewhere) and is left alone.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --stats -o out t.c -- --std=gnu89 > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: cd %t && %p3check verify out t.c --std=gnu89 | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 1 --stats -o c99 t.c -- -std=c99 | FileCheck --check-prefix=C99 %s
#include <stdio.h>

static int hits;

inline int f(int x)
{
    hits++;
    if (x > 0) return 1;
    return 0;
}

int main(void) {
  int s = 0, x;
  for (x = -2; x < 3; x++)
    s += f(x);
  printf("%d %d\n", s, hits);
  return 0;
}

// STATS:      t.c:15 f {{[0-9]+}}
// STATS-NEXT: t.c:22 main

// PROF:      FUNC f: 5 executions, 2/2 paths
// PROF-NEXT:   2: 17-18 > 18
// PROF-NEXT:   3: 17-18 > 19

// C99: t.c:15 f {{.*}} skipped: C inline definition that is not the external definition
