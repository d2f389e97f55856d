// A loop whose body calls a function that may exit, next to loops that count
// their back edges into locals. The outer loop's counts cannot live in locals
// (a callee may exit without running the block's cleanup), so its back edge
// counts into the array and its path in progress is noted before the call;
// the inner loop (no call) keeps its counts in locals, flushed when its block
// is left, before the call. At exit the outer loop's path is counted as cut.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --no-eager-cuts -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c --run "" --run "x x x" | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 --strategy=p3 -o out2 t.c -- && %p3check verify out2 t.c --quiet --run "" --run "x x x"
// RUN: p3-report %t/out2 --check %t/out/profile.json
#include <stdio.h>
#include <stdlib.h>

static int check(int total) {
  if (total > 40) {
    printf("too much: %d\n", total);
    exit(3);
  }
  return total & 1;
}

int main(int argc, char **argv) {
  int total = 0;
  (void)argv;
  for (int i = 0; i < 10 * argc; i++) {
    unsigned x = (unsigned)i;
    while (x) {
      total += (int)(x & 1);
      x >>= 1;
    }
    total += check(total);
  }
  printf("%d\n", total);
  return 0;
}
// CODE-LABEL: int main(int argc, char **argv) {{{.*}} P3_FRAME;
// CODE: for (int i = 0; i < 10 * argc; P3_SEQ(P3_BACK({{.*}}), i++)) {
// CODE: { P3_LRUN(p3_counts_0_1, {{.*}}); while (x) { {
// CODE: } P3_LRBACK({{.*}}); } }
// CODE-NEXT: total += P3_SEQ(P3_CUT({{[0-9]+}}), check(total));

// Run 1 (argc 1): 10 outer iterations, no exit. Run 2 (argc 4): the running
// total passes 40 in the 17th iteration (i = 16), where check exits.
// PROF: FUNC check: 27 executions, 2/2 paths
// PROF-NEXT:   1: 17 > 18-19
// PROF-NEXT:   26: 17 > 21
// main: i = 0 (no inner loop) starts at entry in both runs; i = 1..9 and
// 1..16 enter the inner loop from the outer back edge (25); it is left to
// the call, which returns and takes the back edge 24 times, and exits once.
// PROF-NEXT: FUNC main: 107 executions, 6/11 paths
// PROF-NEXT:   2: 25-27 > 27 > 28 > 29 > 33 > 27 ...
// PROF-NEXT:   25: ... 27 > 28 > 29 > 30-31 ...
// PROF-NEXT:   1: ... 27 > 35-36
// PROF-NEXT:   54: ... 29 > 30-31 ...
// PROF-NEXT:   1: ... 29 > 33 CUT
// PROF-NEXT:   24: ... 29 > 33 > 27 ...

// The same program counted eagerly (--eager-cuts: no frame where every call
// that may not return has a place for a count and its undo): same profile.
// RUN: cd %t && p3-rewrite -k 1 --eager-cuts -o eager t.c -- && %p3check verify eager t.c --quiet --run "" --run "x x x"
// RUN: p3-report %t/eager --check %t/out/profile.json
