// One entry action per block with code, P3_OSP_BLOCK(id): before the block's
// first statement, in both outcomes of a block that is only a condition (a
// loop test), at the start of a ?: arm or a && operand, in a for increment.
// Ids are program-wide and follow the source. The two arms of MAX's ?: are
// inside a macro expansion: they have no action, so the statement is one
// step. The copy behaves like the original with gcc, clang and tcc, and runs
// every block as often as the hand counts below say.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/blocks.c
// RUN: cd %t && p3-rewrite --mode=osp -osp-no-chains --stats -o out blocks.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: grep -v '^//' %t/out/copy-0/blocks.c | FileCheck %s
// RUN: cd %t && p3-rewrite --mode=osp -o chained blocks.c -- && %ospcheck verify chained blocks.c --unchained out | FileCheck --check-prefix=PROF %s
#include <stdio.h>
#include <stdlib.h>

#define MAX(a, b) ((a) > (b) ? (a) : (b))

static int square(int x) { return x * x; }

static int classify(int x) {
  if (x < 0)
    return -1;
  else if (x == 0)
    return 0;
  return 1;
}

static int loops(int n) {
  int s = 0, i = 0;
  while (i < n)
    s += square(i++);
  do {
    s -= 1;
  } while (--i > 0);
  for (int j = 0; j < n && s > 0; j++)
    s = MAX(s - j, 1);
  return s;
}

static int sw(int x) {
  int r = 0;
  switch (x % 3) {
  case 0:
    r += 10;
    /* fall through */
  case 1:
    r += 1;
    break;
  default:
    r = x ? 7 : 8;
  }
  return r;
}

int main(int argc, char **argv) {
  int t = 0;
  (void)argv;
  for (int k = 0; k < 6; k++) {
    t += classify(k - 2);
    t += sw(k);
  }
  t += loops(4);
  if (argc > 5)
    exit(3);
  printf("%d\n", t);
  return 0;
}

// STATS: blocks.c:28 loops 14 12
// STATS-NEXT: note: 2 blocks with no place for an action (inside a macro expansion {{.*}} on line 36
// STATS: summary: 5 functions, 5 instrumented, 0 skipped; 33 of 35 blocks with code have an action (mode osp)

// The prologue: the runtime in OSP mode, and a unit that starts the sampler.
// CHECK:      #ifndef P3_OSP
// CHECK-NEXT: #define P3_OSP 1
// CHECK-NEXT: #endif
// CHECK-NEXT: #include "p3_runtime.h"
// CHECK-NEXT: #ifndef P3_OSP_UNIT_0
// CHECK-NEXT: #define P3_OSP_UNIT_0
// CHECK-NEXT: P3_OSP_UNIT(0, "{{[0-9a-f]+}}")
// CHECK-NEXT: #endif
// CHECK-NEXT: #line 1
// Functions that call nothing (square, classify, sw) keep the skip counter in
// a local (P3_OSP_LEAF, P3_OSP_LBLOCK) and hand it back before each return
// (P3_OSP_LEAVE).
// CHECK: static int square(int x) { P3_OSP_LEAF; P3_OSP_LBLOCK(1); P3_OSP_LEAVE; return x * x; }
// CHECK:      static int classify(int x) { P3_OSP_LEAF;
// CHECK-NEXT:   P3_OSP_LBLOCK(2); if (x < 0)
// CHECK-NEXT:   { P3_OSP_LBLOCK(3); P3_OSP_LEAVE; return -1; }
// CHECK-NEXT: else { P3_OSP_LBLOCK(4); if (x == 0)
// CHECK-NEXT:   { P3_OSP_LBLOCK(5); P3_OSP_LEAVE; return 0; } }
// CHECK-NEXT: P3_OSP_LBLOCK(6); P3_OSP_LEAVE; return 1;
// In C, code goes after the declarations that open a block (C90). A loop
// test is a block of its own: its action runs after the test, in
// both outcomes. A block entered only from one outcome of such a test (the
// while body 9; the block after the do loop, 12; the second operand of the
// for test, 14) runs its action there too, fused with the test's: one
// counter test for the two blocks (P3_OSP_BLOCK2). These are the actions
// without chains (-osp-no-chains; chains.c shows the runs of blocks that
// p3-rewrite emits as one action by default); the default copy runs the
// same blocks in the same order (ospcheck --unchained).
// loops and main call functions: they run in register mode too, and hand
// the counter over around the calls by block. P3_OSP_W...: after counting,
// the counter goes back to the thread (square runs in block 9, main's
// callees in blocks 30, 31, 32, 33; 7 goes on to a block that takes the
// counter in; 18 returns); P3_OSP_R...: the counter comes in from the
// thread first (a call may have run since the action before: 8 after 9's
// call, 29 after the for body's calls). The do loop and the for loop of
// loops run on the local alone (P3_OSP_LBLOCK): no call between their
// actions.
// CHECK:      static int loops(int n) { P3_OSP_LEAF;
// CHECK-NEXT: int s = 0, i = 0; P3_OSP_WBLOCK(7);
// CHECK-NEXT: while (P3_IF(i < n, P3_OSP_RWBLOCK2(8, 9), P3_OSP_RBLOCK(8)))
// CHECK-NEXT:   s += square(i++);
// CHECK-NEXT: do {
// CHECK-NEXT:   P3_OSP_LBLOCK(10); s -= 1;
// CHECK-NEXT: } while (P3_IF(--i > 0, P3_OSP_LBLOCK(11), P3_OSP_LBLOCK2(11, 12)));
// CHECK-NEXT: for (int j = 0; P3_IF(j < n, P3_OSP_LBLOCK2(13, 14), P3_OSP_LBLOCK(13)) && s > 0; P3_SEQ(P3_OSP_LBLOCK(15), j++))
// CHECK-NEXT:   { P3_OSP_LBLOCK(16); s = MAX(s - j, 1); P3_OSP_LBLOCK(17); }
// CHECK-NEXT: P3_OSP_WBLOCK(18); return s;
// CHECK:      static int sw(int x) { P3_OSP_LEAF;
// CHECK-NEXT: int r = 0; P3_OSP_LBLOCK(19);
// CHECK-NEXT: switch (x % 3) {
// CHECK-NEXT: case 0:
// CHECK-NEXT:   P3_OSP_LBLOCK(20); r += 10;
// CHECK:      case 1:
// CHECK-NEXT:   P3_OSP_LBLOCK(21); r += 1;
// CHECK:      default:
// CHECK-NEXT:   P3_OSP_LBLOCK(22); r = x ? P3_SEQ(P3_OSP_LBLOCK(24), 7) : P3_SEQ(P3_OSP_LBLOCK(23), 8); P3_OSP_LBLOCK(25);
// CHECK:      P3_OSP_LBLOCK(26); P3_OSP_LEAVE; return r;
// CHECK:      int main(int argc, char **argv) { P3_OSP_LEAF;
// CHECK-NEXT: int t = 0; P3_OSP_LBLOCK(27);
// CHECK:      for (int k = 0; P3_IF(k < 6, P3_OSP_WBLOCK2(28, 30), P3_OSP_WBLOCK2(28, 31)); P3_SEQ(P3_OSP_RBLOCK(29), k++)) {
// CHECK-NEXT:   t += classify(k - 2);
// CHECK-NEXT:   t += sw(k);
// CHECK-NEXT: }
// CHECK-NEXT: t += loops(4);
// CHECK-NEXT: if (argc > 5)
// CHECK-NEXT:   { P3_OSP_RWBLOCK(32); exit(3); }
// CHECK-NEXT: P3_OSP_RWBLOCK(33); printf("%d\n", t);

// How often each block ran. main calls classify with x = -2 .. 3 and sw with
// x = 0 .. 5, then loops(4).
// PROF:      BLOCK square 18: 4
// classify: x < 0 twice, x == 0 once, three positive.
// PROF-NEXT: BLOCK classify 21: 6
// PROF-NEXT: BLOCK classify 22: 2
// PROF-NEXT: BLOCK classify 23: 4
// PROF-NEXT: BLOCK classify 24: 1
// PROF-NEXT: BLOCK classify 25: 3
// loops(4): the while test runs 5 times, its body 4; the do body and test 4
// times (i = 4 .. 1); s is 14 - 4 = 10 when the for starts: j = 0 .. 3 pass
// both tests (s = 10, 9, 7, 4), j = 4 fails the first.
// PROF-NEXT: BLOCK loops 29: 1
// PROF-NEXT: BLOCK loops 30: 5
// PROF-NEXT: BLOCK loops 31: 4
// PROF-NEXT: BLOCK loops 33: 4
// PROF-NEXT: BLOCK loops 34: 4
// PROF-NEXT: BLOCK loops 35: 1
// PROF-NEXT: BLOCK loops 35: 5
// PROF-NEXT: BLOCK loops 35: 4
// PROF-NEXT: BLOCK loops 35: 4
// PROF-NEXT: BLOCK loops 36: 4
// PROF-NEXT: BLOCK loops 36: 4
// PROF-NEXT: BLOCK loops 37: 1
// sw: x % 3 is 0 for x = 0, 3 (which fall through into case 1), 1 for 1, 4,
// 2 for 2, 5 (nonzero: the 7 arm, never the 8 arm).
// PROF-NEXT: BLOCK sw 41-42: 6
// PROF-NEXT: BLOCK sw 44: 2
// PROF-NEXT: BLOCK sw 47-48: 4
// PROF-NEXT: BLOCK sw 50: 2
// PROF-NEXT: BLOCK sw 50: 0
// PROF-NEXT: BLOCK sw 50: 2
// PROF-NEXT: BLOCK sw 50: 2
// PROF-NEXT: BLOCK sw 52: 6
// PROF-NEXT: BLOCK main 56-58: 1
// PROF-NEXT: BLOCK main 58: 7
// PROF-NEXT: BLOCK main 58: 6
// PROF-NEXT: BLOCK main 59-60: 6
// PROF-NEXT: BLOCK main 62-63: 1
// PROF-NEXT: BLOCK main 64: 0
// PROF-NEXT: BLOCK main 65-66: 1

// Exact counts of the subpaths of two blocks. The do loop's body and test
// (21, 22) run as [body, test] 4 times and [test, body] 3 times: one subpath
// under rotation, 7. Then four at 6 (once per iteration of main's loop; ties
// in order of their least rotations): the call into classify, the return
// from sw to the increment, increment then test, test then body.
// PROF:      EXACT max-length 2
// PROF-NEXT:   1  7  2  loops blocks.c:33 → 34
// PROF-NEXT:   2  6  2  main blocks.c:59-60 ⇒ classify blocks.c:21
// PROF-NEXT:   3  6  2  sw blocks.c:52 ⇒ main blocks.c:58
// PROF-NEXT:   4  6  2  main blocks.c:58 → 58
// PROF-NEXT:   5  6  2  main blocks.c:58 → 59-60
