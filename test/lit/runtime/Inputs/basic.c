/* Array and hashed functions in one unit, in the common subset of C89 (GNU)
 * and C++11, written as p3-rewrite would emit them. basic.test has the
 * counts worked out. */
#include "p3_runtime.h"
#include <stdio.h>

static p3_u64 p3_counts_0[5];
static p3_u64 p3_counts_1[4];
static p3_u64 p3_counts_2[2];
static struct p3_function p3_functions_basic[] = {
    P3_FUNCTION(0, 4, p3_counts_0),          /* classify */
    P3_FUNCTION_HASHED(3, 1000000000000ULL), /* sum */
    P3_FUNCTION(5, 3, p3_counts_1),          /* main */
    P3_FUNCTION(6, 1, p3_counts_2),          /* enter_only */
};
P3_UNIT(p3_functions_basic, 2, "9f2c0a1b2c3d4e5f")

/* Paths 0..3: (x > 0) * 2 + (x is odd). */
static int classify(int x) {
  P3_ENTER(p3_functions_basic, 0, p3_counts_0);
  int r = 0;
  if (P3_IF(x > 0, P3_ADD(2), P3_NONE))
    r += 10;
  if (P3_IF(x % 2 != 0, P3_ADD(1), P3_NONE))
    r += 1;
  P3_COUNT(0);
  return r;
}

/* Ids far beyond any array: a hash table. */
static long sum(long n) {
  P3_ENTER(p3_functions_basic, 1, P3_HASHED);
  long s = 0, i;
  P3_ADD(700000000000ULL);
  for (i = 0; P3_IF(i < n, P3_NONE, P3_ADD(-3));
       P3_SEQ(i++, P3_BACK(1, 900000000000ULL)))
    s += i;
  s = s ?: P3_SEQ(P3_ADD(4), -1);
  P3_COUNT(0);
  return s;
}

/* Only the entry probe: p3_r and p3_f must not draw unused warnings. */
static void enter_only(void) { P3_ENTER(p3_functions_basic, 3, p3_counts_2); }

int main(void) {
  P3_ENTER(p3_functions_basic, 2, p3_counts_1);
  int i, t = 0, k = 0;
  for (i = -5; i < 5; ++i)
    t += classify(i);
  t += (int)sum(10) + (int)sum(0);
  enter_only();
  /* Conditions are evaluated once; P3_SEQ keeps C++ lvalues lvalues. */
  while (P3_IF(k++ < 3, P3_NONE, P3_NONE))
    ;
#ifdef __cplusplus
  P3_SEQ(P3_NONE, k) += 10;
#else
  k += 10;
#endif
  printf("%d %d\n", t, k);
  P3_BACK(2, 0);
  /* Wraps around 2^64; an id past the array is counted as dropped. */
  P3_ADD(-9);
  if (P3_IF(t > 0, P3_ADD(7), P3_ADD(-5))) {
    P3_COUNT(0);
    return 0;
  }
  P3_COUNT(0);
  return 1;
}
