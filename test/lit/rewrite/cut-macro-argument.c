// A call in a macro's argument has no place of its own (the macro could
// expand its argument twice, or not at all), but when the macro's whole
// expansion is a call that has one, in the same block, the note in front of
// that call runs first and is the inner call's too: the function keeps its
// frame, and a path cut in either call is counted.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --no-eager-cuts -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c --run "" --run "a b" --run "a b c d" | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 --strategy=p3 -o out2 t.c -- && %p3check verify out2 t.c --quiet --run "" --run "a b" --run "a b c d"
// RUN: p3-report %t/out2 --check %t/out/profile.json
#include <stdio.h>
#include <stdlib.h>

static int checked(int x) {
  if (x > 4)
    exit(x);
  return x;
}

static int report(int a, int b) {
  if (a + b > 5)
    exit(a + b);
  return a + b;
}

#define REPORT(a, b) report((a), (b))

int main(int argc, char **argv) {
  (void)argv;
  int r = REPORT(argc, checked(argc));
  printf("%d\n", r);
  return 0;
}

// CODE-LABEL: int main(int argc, char **argv) {{{.*}} P3_FRAME;
// CODE:       int r = P3_SEQ(P3_CUT({{[0-9]+}}), REPORT(argc, checked(argc)));

// Run 1 (argc 1): returns. Run 2 (argc 3): report exits (3 + 3 > 5). Run 3
// (argc 5): checked exits. Both cut paths are main's path cut in its only
// block.
// PROF:      FUNC main: 3 executions, 2/2 paths
// PROF-NEXT:   1: 30-33
// PROF-NEXT:   2: 30-33 CUT

// The same program counted eagerly (--eager-cuts: no frame where every call
// that may not return has a place for a count and its undo): same profile.
// RUN: cd %t && p3-rewrite -k 1 --eager-cuts -o eager t.c -- && %p3check verify eager t.c --quiet --run "" --run "a b" --run "a b c d"
// RUN: p3-report %t/eager --check %t/out/profile.json
