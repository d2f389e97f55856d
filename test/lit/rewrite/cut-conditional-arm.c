// A call that may not return as an arm of ?: or the right operand of &&: the
// arm's only way out is to the join, and its only place is the call's own
// expression site, where the note of the path cut in the call goes. An
// increment of the arm's way out there would run before the call: a path
// cut short in it would run a probe of an edge it never took (measured
// probes above the model). The increment goes on the branch instead, and the
// note stays alone in front of the call.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --no-eager-cuts -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c --run "" --run "a" --run "a b" | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 --strategy=p3 -o out2 t.c -- && %p3check verify out2 t.c --quiet --run "" --run "a" --run "a b"
// RUN: p3-report %t/out2 --check %t/out/profile.json
#include <stdio.h>
#include <stdlib.h>

static int calls, limit;

static int step(int x) {
  if (++calls == limit)
    exit(0);
  return x + 1;
}

static int arm(int c, int x) {
  int y = c ? step(x) : 0;
  return y;
}

static int both(int c, int x) { return c && step(x); }

int main(int argc, char **argv) {
  int i, sum = 0;
  (void)argv;
  limit = argc == 3 ? 5 : 4;
  for (i = 0; i < 2 + argc; i++)
    sum += arm(i & 1, i) + both(i > 0, i);
  printf("%d %d\n", sum, calls);
  return 0;
}

// CODE-LABEL: static int arm(int c, int x) {{{.*}} P3_FRAME;
// CODE-NEXT:  int y = P3_IF(c, P3_NONE, P3_ADD({{-?[0-9]+}})) ? P3_SEQ(P3_CUT({{[0-9]+}}), step(x)) : 0;
// CODE-LABEL: static int both(int c, int x) {{{.*}} P3_FRAME;
// CODE-SAME:  P3_IF(c, P3_NONE, P3_ADD({{-?[0-9]+}})) && P3_SEQ(P3_CUT({{[0-9]+}}), step(x))

// Run 1 (argc 1, limit 4): arm's and both's calls at i = 1 and 2 make 3
// calls. Run 2 (argc 2, limit 4): the same, then arm(1, 3)'s call exits.
// Run 3 (argc 3, limit 5): arm(1, 3) returns, both(1, 3)'s call exits. arm:
// 6 times c false, 4 true, cut once; both: 3 false, 6 true, cut once.
// PROF:      FUNC arm: 11 executions, 3/3 paths
// PROF-NEXT:   1: 26 CUT
// PROF-NEXT:   4: 26 > 26-27
// PROF-NEXT:   6: 26 > 26-27
// PROF-NEXT: FUNC both: 10 executions, 3/3 paths
// PROF-NEXT:   6: 30
// PROF-NEXT:   3: 30
// PROF-NEXT:   1: 30 CUT
// PROF:      FUNC main: 12 executions, 5/9 paths
// PROF:        2: ... 36 > 37 CUT

// The same program counted eagerly (--eager-cuts: no frame where every call
// that may not return has a place for a count and its undo): same profile.
// RUN: cd %t && p3-rewrite -k 1 --eager-cuts -o eager t.c -- && %p3check verify eager t.c --quiet --run "" --run "a" --run "a b"
// RUN: p3-report %t/eager --check %t/out/profile.json
