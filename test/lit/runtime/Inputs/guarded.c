/* P3_ENTER_GUARDED: for a function with a return inside a macro expansion,
 * where no P3_COUNT can go, every return is counted when the frame is left:
 * by a cleanup (gcc, clang), by the "return" macro and P3_GUARD_END before
 * the closing brace (tcc; P3_RETURN_GUARDS enables it, as p3-rewrite writes
 * it in files with such functions), by a destructor (C++). */
#define P3_RETURN_GUARDS 1
#include "p3_runtime.h"
#include <stdio.h>

#define RETURN_IF_NEGATIVE(x)                                                  \
  do {                                                                         \
    if ((x) < 0)                                                               \
      return -1;                                                               \
  } while (0)

static p3_u64 p3_counts_0[5];
static p3_u64 p3_counts_1[3];
static struct p3_function p3_functions_guarded[] = {
    P3_FUNCTION(0, 4, p3_counts_0), /* f */
    P3_FUNCTION(1, 2, p3_counts_1), /* g */
};
P3_UNIT(p3_functions_guarded, 0, "000000000000009a")

/* Paths: 0 returns in the macro, 2 returns 1, 1 returns 0. */
static int f(int x) {
  P3_ENTER_GUARDED(p3_functions_guarded, 0, p3_counts_0);
  RETURN_IF_NEGATIVE(x);
  if (P3_IF(x > 10, P3_ADD(2), P3_NONE))
    return 1;
  P3_ADD(1);
  return 0;
 P3_GUARD_END;}

/* A loop: back edges count path 1 as usual; falling off the end is a
 * return too, path 0. */
static void g(int n) {
  P3_ENTER_GUARDED(p3_functions_guarded, 1, p3_counts_1);
  int i;
  for (i = 0; i < n; P3_SEQ(i++, P3_BACK(1, 0)))
    ;
 P3_GUARD_END;}

/* Called only with -DP3_TCC_AFTER_VALUE: a guard that tcc cannot place. */
#if !defined(__TINYC__) || defined(P3_TCC_AFTER_VALUE)
int h(int x);
int h(int x) {
  P3_ENTER_GUARDED_AFTER_VALUE(p3_functions_guarded, 1, p3_counts_1);
  RETURN_IF_NEGATIVE(x);
  return P3_IF(x > 1, P3_NONE, P3_ADD(1)) && x < 5;
 P3_GUARD_END;}
#endif

int main(void) {
#ifndef P3_TCC_AFTER_VALUE
  int s = f(-1) + f(20) + f(5) + f(5);
#else
  int s = h(3);
#endif
  g(3);
  printf("%d\n", s);
  return 0;
}
