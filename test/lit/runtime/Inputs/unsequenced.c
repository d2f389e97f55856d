/* Actions in operands that C leaves unsequenced against each other: both
 * adds of one expression must happen, with no warning (-Wsequence-point,
 * -Wunsequenced) and no undefined behaviour. */
#include "p3_runtime.h"
#include <stdio.h>

static p3_u64 p3_counts_0[5];
static struct p3_function p3_functions_unseq[] = {
    P3_FUNCTION(0, 4, p3_counts_0),
};
P3_UNIT(p3_functions_unseq, 0, "0000000000000005")

/* Path (a != 0) + 2 * (b != 0). */
static int either(int a, int b) {
  P3_ENTER(p3_functions_unseq, 0, p3_counts_0);
  int x = P3_IF(a, P3_ADD(1), P3_NONE) | P3_IF(b, P3_ADD(2), P3_NONE);
  P3_COUNT(0);
  return x;
}

int main(void) {
  int s = either(0, 0) + either(1, 0) + either(0, 1) + either(1, 1) +
          either(1, 1);
  printf("%d\n", s);
  return 0;
}
