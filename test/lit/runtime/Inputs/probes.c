/* A program whose probes are counted by hand in probes.test. */
#include "p3_runtime.h"
#include <stdio.h>

static p3_u64 p3_counts_0[9];
static p3_u64 p3_counts_1[9];
static struct p3_function p3_functions_probes[] = {
    P3_FUNCTION(0, 8, p3_counts_0), /* main */
    P3_FUNCTION(1, 8, p3_counts_1), /* collatz */
};
P3_UNIT(p3_functions_probes, 1, "1111111111111111")

static int collatz(int n) {
  P3_ENTER(p3_functions_probes, 1, p3_counts_1);
  int steps = 0;
  while (P3_IF(n != 1, P3_NONE, P3_ADD(2))) {
    if (P3_IF(n % 2 != 0, P3_ADD(1), P3_NONE))
      n = 3 * n + 1;
    else
      n /= 2;
    ++steps;
    P3_BACK(0, 3);
  }
  P3_COUNT(0);
  return steps;
}

int main(void) {
  P3_ENTER(p3_functions_probes, 0, p3_counts_0);
  static const int args[3] = {6, 1, 7};
  int i, t = 0, x;
  for (i = 0; P3_IF(i < 3, P3_NONE, P3_RESET(4)); P3_SEQ(++i, P3_BACK(1, 2)))
    t += collatz(args[i]);
  x = t ? P3_SEQ(P3_ADD(5), t) : 0;
  printf("%d\n", x);
  P3_COUNT(0);
  return 0;
}
