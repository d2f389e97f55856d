/* Loop-local counting as p3-rewrite emits it (loop-locals.test has the
 * numbers): a block around the loop declares the locals of slots 3 and 4
 * (P3_LSLOT), the back edge counts into them (P3_LBACK2), and the block's
 * cleanup adds them to the array when the loop ends, when a return leaves
 * it, and in C++ when an exception does. tcc has no cleanup attribute: there
 * the same text counts into the array. */
#include "p3_runtime.h"
#include <stdio.h>

static p3_u64 p3_counts_0[9];
static p3_u64 p3_counts_1[8];
static p3_u64 p3_counts_2[9];
static p3_u64 p3_counts_3[9];
static struct p3_function p3_functions_loops[] = {
    P3_FUNCTION(0, 8, p3_counts_0), /* loop */
    P3_FUNCTION(1, 7, p3_counts_1), /* run */
    P3_FUNCTION(2, 8, p3_counts_2), /* first */
    P3_FUNCTION(3, 8, p3_counts_3), /* level */
};
P3_UNIT(p3_functions_loops, 0, "000000000010ca15")

/* Ids: the register starts at 0 and gains 1 on odd i; the back edge counts
 * it and restarts at 3 (so 0 on the first iteration, then 3 or 4); a return
 * at i == stop counts register + 2 (5 or 6 after the first iteration); the
 * loop's end adds 4 and counts (7 after the first iteration). */
static int loop(int n, int stop) {
  P3_ENTER(p3_functions_loops, 0, p3_counts_0);
  int i, s = 0;
  {
    P3_LSLOT(p3_counts_0, 3);
    P3_LSLOT(p3_counts_0, 4);
    for (i = 0; P3_IF(i < n, P3_NONE, P3_ADD(4));
         P3_SEQ(P3_LBACK2(0, 3, 3, 4), i++)) {
      if (P3_IF(i & 1, P3_ADD(1), P3_NONE))
        s += i;
      if (i == stop) {
        P3_COUNT(2);
        return -s;
      }
    }
  }
  P3_COUNT(0);
  return s;
}

/* One path per iteration: the loop counts its iterations (P3_LRUN,
 * P3_LRBACK). The register is 1 on entering the loop; the back edge counts
 * register + 1 and restarts at 2: the first iteration is id 2, the others
 * id 3 (delta 3 - 2 = 1); the loop's end adds 4 and counts (5 without an
 * iteration, 6 after one). */
static int run(int n) {
  P3_ENTER(p3_functions_loops, 1, p3_counts_1);
  int s = 0;
  P3_ADD(1);
  {
    P3_LRUN(p3_counts_1, 3, 1);
    while (P3_IF(n > 0, P3_NONE, P3_ADD(4))) {
      s += n--;
      P3_LRBACK(1, 2, 3);
    }
  }
  P3_COUNT(0);
  return s;
}

/* Entered at the back edge's reset value (P3_LFIRST, P3_LFBACK2): loop()
 * without the return, with a break at i == stop (which adds 2), and the
 * register 0 or 3 on entering the loop (n > 6 adds 3). The back edge counts
 * the register and restarts at 3: the first iteration counts 0 or 1, or
 * with the register entering at 3 (no difference to hold) 3 or 4, like the
 * others; the loop's end adds 4, and after the block the register is
 * counted (4 without an iteration, 7 after one; a break 2 in the first
 * iteration, 5 or 6 after it). */
static int first(int n, int stop) {
  P3_ENTER(p3_functions_loops, 2, p3_counts_2);
  int i, s = 0;
  if (P3_IF(n > 6, P3_ADD(3), P3_NONE))
    s = 1;
  {
    P3_LSLOT(p3_counts_2, 3);
    P3_LSLOT(p3_counts_2, 4);
    P3_LFIRST(3);
    for (i = 0; P3_IF(i < n, P3_NONE, P3_ADD(4));
         P3_SEQ(P3_LFBACK2(0, 3, 3, 4), i++)) {
      if (P3_IF(i & 1, P3_ADD(1), P3_NONE))
        s += i;
      if (i == stop) {
        P3_ADD(2);
        break;
      }
    }
  }
  P3_COUNT(0);
  return s;
}

/* Entered at the reset value itself, which gcc sees (the register is 3 on
 * entering the loop, the reset value 3: no difference, ever): P3_LFBACK2
 * then tests nothing (fast-path.test). Ids as first()'s when n > 6: 3 on
 * even i, 4 on odd i, the end 7. Not inlined, so that its code can be
 * read. */
#if defined(__GNUC__) && !defined(__TINYC__)
__attribute__((__noinline__))
#endif
int level(int n);
int level(int n) {
  P3_ENTER(p3_functions_loops, 3, p3_counts_3);
  int i, s = 0;
  P3_ADD(3);
  {
    P3_LSLOT(p3_counts_3, 3);
    P3_LSLOT(p3_counts_3, 4);
    P3_LFIRST(3);
    for (i = 0; P3_IF(i < n, P3_NONE, P3_ADD(4));
         P3_SEQ(P3_LFBACK2(0, 3, 3, 4), i++))
      if (P3_IF(i & 1, P3_ADD(1), P3_NONE))
        s += i;
  }
  P3_COUNT(0);
  return s;
}

int main(void) {
  int t = loop(10, -1) + loop(5, 3) + run(4) + run(0);
  t += first(10, -1) + first(5, 3) + first(5, 0) + first(0, -1) + first(7, 6);
  t += level(5) + level(0);
  printf("%d\n", t);
  return 0;
}
