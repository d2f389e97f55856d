/* Three translation units: this one, multi-other.c (another C or C++ unit)
 * and multi-none.c (includes the runtime, instruments nothing). */
#include "p3_runtime.h"
#include <stdio.h>
#include "multi-square.h"

static p3_u64 p3_counts_0[3];
static struct p3_function p3_functions_main[] = {
    P3_FUNCTION(0, 2, p3_counts_0),
};
P3_UNIT(p3_functions_main, 1, "00000000000000ff")

#ifdef __cplusplus
extern "C" {
#endif
int other(int);
int none(int);
#ifdef __cplusplus
}
#endif

int main(void) {
  P3_ENTER(p3_functions_main, 0, p3_counts_0);
  int s = square(3) + square(-1) + other(4) + none(1);
  printf("%d\n", s);
  P3_COUNT(1);
  return 0;
}
