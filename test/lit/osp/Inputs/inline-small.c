/* Small functions with actions, called in a loop: register mode's single
 * actions (P3_OSP_LBLOCK, R, W, RW) and runs in both outcomes of a
 * condition, the shapes of lua's arrayindex and hashint. The compiler must
 * still inline them: every action is one `asm inline` statement, which its
 * inliner counts as one instruction (the C form's cold path, or an asm
 * counted by its lines, made such functions look too big to inline).
 * Built also with -DP3_OSP_C_STEP, the output and hot lists must be the
 * same. */
#define P3_OSP 1
#include "p3_runtime.h"
P3_OSP_UNIT(0, "00000000000000ce")
#include <stdio.h>

static unsigned long long sink;

static unsigned int index_of(long long k) {
  P3_OSP_LEAF;
  P3_OSP_LBLOCK(2);
  if (P3_IF((unsigned long long)k - 1u < 1000u, P3_OSP_LBLOCK2(3, 4),
            P3_OSP_LBLOCK2(3, 5))) {
    P3_OSP_LEAVE;
    return (unsigned int)k;
  } else {
    P3_OSP_LEAVE;
    return 0;
  }
}

static unsigned long long hash_of(unsigned long long ui, unsigned m) {
  P3_OSP_LEAF;
  if (P3_IF(ui <= 0x7fffffffu, P3_OSP_LBLOCK2(6, 7), P3_OSP_LBLOCK2(6, 8))) {
    P3_OSP_LEAVE;
    return (unsigned)ui % (m | 1);
  } else {
    P3_OSP_LEAVE;
    return ui % (m | 1);
  }
}

static unsigned long long handed(unsigned long long x) {
  P3_OSP_LEAF;
  P3_OSP_RWBLOCK(9);
  sink += x;
  P3_OSP_RBLOCK(10);
  x = x * 3 + 1;
  P3_OSP_WBLOCK(11);
  return x;
}

/* Three callers each: inlined because small, not because called once. */
#define WORK(name, b, e, f, g, h)                                              \
  __attribute__((noinline)) unsigned long long name(int n) {                   \
    unsigned long long s = 0;                                                  \
    int i;                                                                     \
    P3_OSP_BLOCK(b);                                                           \
    for (i = 0; P3_IF(i < n, P3_OSP_BLOCK2(e, f), P3_OSP_BLOCK2(e, h)); i++) { \
      s += index_of(i % 1500) + hash_of(s, (unsigned)i) + handed(s);          \
      P3_OSP_BLOCK(g);                                                         \
    }                                                                          \
    return s;                                                                  \
  }
WORK(work1, 12, 13, 14, 15, 16)
WORK(work2, 17, 18, 19, 20, 21)
WORK(work3, 22, 23, 24, 25, 26)

int main(void) {
  P3_OSP_BLOCK(1);
  printf("%llu %llu %llu %llu\n", work1(20000), work2(7000), work3(3000), sink);
  return 0;
}
