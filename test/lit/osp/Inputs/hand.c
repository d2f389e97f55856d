/* A hand-instrumented OSP program in two translation units (with hand2.c):
 * both include the runtime with P3_OSP and register a unit; they share one
 * sampler, one hot list and one skip counter per thread. main runs
 * 1 + 3 * N + 1 blocks here and 2 * N in twice() (N = 10000): 50002; it
 * prints 74995000. */
#define P3_OSP 1
#include "p3_runtime.h"
P3_OSP_UNIT(0, "00000000000000aa")
#include <stdio.h>

int twice(int);

int main(void) {
  int s = 0, i;
  P3_OSP_BLOCK(1);
  for (i = 0; P3_IF(i < 10000, P3_OSP_BLOCK(2), P3_NONE); P3_SEQ(P3_OSP_BLOCK(3), i++)) {
    P3_OSP_BLOCK(4);
    s += twice(i);
  }
  P3_OSP_BLOCK(5);
  printf("%d\n", s);
  return 0;
}
