// A recursive function cut at depth 5: exit() at the bottom cuts the path of
// every frame above it, each counted once, on the side (odd or even depth) it
// took. The recursive call may not return because the function may call exit
// (a recursive call is judged as the function is).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --no-eager-cuts -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 --strategy=p3 -o out2 t.c -- && %p3check verify out2 t.c --quiet
// RUN: p3-report %t/out2 --check %t/out/profile.json
#include <stdio.h>
#include <stdlib.h>

static int walk(int d, int limit) {
  int r;
  if (d == limit) {
    if (limit > 3) {
      printf("cut at depth %d\n", d);
      exit(0);
    }
    return 0;
  }
  if (d % 2)
    r = walk(d + 1, limit) + 1;
  else
    r = walk(d + 1, limit) + 2;
  return r;
}
// CODE-LABEL: static int walk(int d, int limit) {{{.*}} P3_FRAME;
// CODE: r = P3_SEQ(P3_CUT({{[0-9]+}}), walk(d + 1, limit)) + 1;
// CODE: r = P3_SEQ(P3_CUT({{[0-9]+}}), walk(d + 1, limit)) + 2;

int main(int argc, char **argv) {
  (void)argv;
  printf("%d\n", walk(0, 3));
  printf("%d\n", walk(0, argc + 4));
  return 0;
}

// walk(0, 3) returns from depths 3 (the bottom), 2, 1 and 0; walk(0, 5) exits
// at depth 5 with depths 0, 2, 4 (even, line 26) and 1, 3 (odd, line 24) cut.
// PROF: FUNC walk: 10 executions, 6/6 paths
// PROF-NEXT:   1: 15-16 > 17 > 18-19
// PROF-NEXT:   1: 15-16 > 17 > 21
// PROF-NEXT:   2: 15-16 > 23 > 24 CUT
// PROF-NEXT:   1: 15-16 > 23 > 24 > 27
// PROF-NEXT:   3: 15-16 > 23 > 26 CUT
// PROF-NEXT:   2: 15-16 > 23 > 26 > 27
// PROF-NEXT: FUNC main: 1 executions, 1/2 paths
// PROF-NEXT:   1: 34-37 CUT

// The same program counted eagerly (--eager-cuts: no frame where every call
// that may not return has a place for a count and its undo): same profile.
// RUN: cd %t && p3-rewrite -k 1 --eager-cuts -o eager t.c -- && %p3check verify eager t.c --quiet
// RUN: p3-report %t/eager --check %t/out/profile.json
