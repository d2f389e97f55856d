// Two sites with the same range: the right operand of && in
// `a && !(b && c)` is where block 2 starts (an expression site, P3_SEQ) and
// the value that block 4, the if's test, branches on (a condition site,
// P3_IF). Their wrappers nest by FileRewriter's ranks, P3_SEQ outside
// P3_IF: block 2's action runs first, then the operand, then the branch.
// Interleaved, the copy would not compile (libquantum's gates.c and bzip2's
// decompress.c).
// Block 4 runs either way (both arms lead to it). Shown without chains.c's runs.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/same-range.c
// RUN: cd %t && p3-rewrite --mode=osp -osp-no-chains -o out same-range.c --
// RUN: grep -v '^//' %t/out/copy-0/same-range.c | FileCheck %s
// RUN: cd %t && p3-rewrite --mode=osp -o chained same-range.c -- && %ospcheck verify chained same-range.c --unchained out | FileCheck --check-prefix=PROF %s
#include <stdio.h>
#include <stdlib.h>

static int pick(int a, int b, int c) {
  if (a && !(b && c))
    return 1;
  return 0;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8, s = 0;
  for (int i = 0; i < n; ++i)
    s += pick(i & 1, i & 2, i & 4);
  printf("%d\n", s);
  return 0;
}

// CHECK:      static int pick(int a, int b, int c) { P3_OSP_LEAF;
// CHECK-NEXT:   P3_OSP_LBLOCK(1); if (a && P3_SEQ(P3_OSP_LBLOCK(2), P3_IF(!(b && P3_SEQ(P3_OSP_LBLOCK(3), c)), P3_OSP_LBLOCK2(4, 5), P3_OSP_LBLOCK(4))))
// CHECK-NEXT:     { P3_OSP_LEAVE; return 1; }
// CHECK-NEXT:   P3_OSP_LBLOCK(6); P3_OSP_LEAVE; return 0;

// i = 0..7: a for odd i (4 of 8), b && c only for i = 7 (c tested for
// i = 3, 7), so pick returns 1 for i = 1, 3, 5.
// PROF:      BLOCK pick 17: 8
// PROF-NEXT: BLOCK pick 17: 4
// PROF-NEXT: BLOCK pick 17: 2
// PROF-NEXT: BLOCK pick 17: 4
// PROF-NEXT: BLOCK pick 18: 3
// PROF-NEXT: BLOCK pick 19: 5
