// Paths cut short by exit() three frames down. A function with a call that
// may not return (here: a callee whose body calls exit) notes, before such a
// call, the id of the path that ends there if the call does not return
// (P3_CUT: a store, not a probe; its first note pushes its cut-stack entry,
// popped by a cleanup when it returns: P3_FRAME, cut-lazy.c). The block of the
// call has a cut edge to EXIT of its own, numbered like any exit edge; at exit
// the runtime counts the noted path of every frame still on the stack. The
// direct exit() in fail is counted before the call and needs no frame.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --no-eager-cuts -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c --run "" --run "x x" | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 --strategy=p3 -o out2 t.c -- && %p3check verify out2 t.c --quiet --run "" --run "x x"
// RUN: p3-report %t/out2 --check %t/out/profile.json
// RUN: cd %t && p3-rewrite -k 1 --no-cut-paths -o nocut t.c --
// RUN: grep -v '^//' %t/nocut/copy-0/t.c | FileCheck --check-prefix=NOCUT %s
#include <stdio.h>
#include <stdlib.h>

static void fail(int code) {
  if (code > 2) {
    printf("exit %d\n", code);
    exit(code);
  }
}
// CODE-LABEL: static void fail(int code) { P3_ENTER(p3_functions_0, 0, p3_counts_0_0);
// CODE: P3_COUNT(0); exit(code);

static int middle(int n) {
  int r = 0;
  if (n % 2)
    r = 1;
  fail(n);
  return r + n;
}
// middle's four paths: odd or even, returned or cut in fail(n).
// CODE-LABEL: static int middle(int n) { P3_ENTER(p3_functions_0, 1, p3_counts_0_1); P3_FRAME;
// CODE: if (P3_IF(n % 2, P3_NONE, P3_ADD(2)))
// CODE: P3_CUT(1); fail(n);
// CODE-NEXT: P3_COUNT(0); return r + n;

static int outer(int n) {
  int s = 0;
  for (int i = 0; i <= n; i++)
    s += middle(i);
  return s;
}
// CODE-LABEL: static int outer(int n) { P3_ENTER(p3_functions_0, 2, p3_counts_0_2); P3_FRAME;
// CODE: s += P3_SEQ(P3_CUT({{[0-9]+}}), middle(i));

int main(int argc, char **argv) {
  (void)argv;
  printf("%d\n", outer(argc + 1));
  printf("%d\n", outer(argc + 3));
  return 0;
}
// Both calls are in one block: one cut edge, one id.
// CODE-LABEL: int main(int argc, char **argv) { P3_ENTER(p3_functions_0, 3, p3_counts_0_3); P3_FRAME;
// CODE: printf("%d\n", P3_SEQ(P3_CUT([[C:[0-9]+]]), outer(argc + 1)));
// CODE-NEXT: printf("%d\n", P3_SEQ(P3_CUT([[C]]), outer(argc + 3)));

// NOCUT-NOT: P3_FRAME
// NOCUT-NOT: P3_CUT

// Run 1 (argc 1): outer(2) returns (middle 0..2); outer(4) calls middle(3),
// whose fail(3) exits: the frames of middle, outer and main are cut.
// Run 2 (argc 3): outer(4) is cut at middle(3) likewise.
// fail: 11 calls, 2 exits.
// PROF: FUNC fail: 11 executions, 2/2 paths
// PROF-NEXT:   2: 21 > 22-23
// PROF-NEXT:   9: 21 > 25
// middle: odd returns for n = 1 (three times), 2 cut at n = 3, even returns
// for n = 0, 2 (three times each).
// PROF-NEXT: FUNC middle: 11 executions, 3/4 paths
// PROF-NEXT:   3: 30-31 > 32 > 33-34
// PROF-NEXT:   2: 30-31 > 32 > 33-34 CUT
// PROF-NEXT:   6: 30-31 > 33-34
// outer: 3 calls, each starting at entry and ending its first iteration on
// the back edge; 6 more iterations end on the back edge, 2 are cut in the
// body (i = 3), and outer(2) returns once.
// PROF-NEXT: FUNC outer: 12 executions, 4/6 paths
// PROF-NEXT:   3: 43-44 > 44 > 45 > 44 ...
// PROF-NEXT:   2: ... 44 > 45 CUT
// PROF-NEXT:   6: ... 44 > 45 > 44 ...
// PROF-NEXT:   1: ... 44 > 46
// main: cut in both runs (its return is never reached).
// PROF-NEXT: FUNC main: 2 executions, 1/2 paths
// PROF-NEXT:   2: 52-55 CUT

// The same program counted eagerly (--eager-cuts: no frame where every call
// that may not return has a place for a count and its undo): same profile.
// RUN: cd %t && p3-rewrite -k 1 --eager-cuts -o eager t.c -- && %p3check verify eager t.c --quiet --run "" --run "x x"
// RUN: p3-report %t/eager --check %t/out/profile.json
