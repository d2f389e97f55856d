/* Units of two different (manifest, copy) pairs in one process: one file,
 * one section per pair. This file holds the first unit registered, which
 * names the file, and a unit of the second pair. */
#include "p3_runtime.h"
#include <stdio.h>

static p3_u64 p3_counts_0[3];
static struct p3_function p3_functions_a[] = {
    P3_FUNCTION(0, 2, p3_counts_0),
};
P3_UNIT(p3_functions_a, 1, "aaaaaaaaaaaaaaaa")

static p3_u64 p3_counts_1[3];
static struct p3_function p3_functions_b[] = {
    P3_FUNCTION(0, 2, p3_counts_1),
};
P3_UNIT(p3_functions_b, 2, "bbbbbbbbbbbbbbbb")

#ifdef __cplusplus
extern "C"
#endif
int c(void);

static int b(void) {
  P3_ENTER(p3_functions_b, 0, p3_counts_1);
  P3_COUNT(1);
  return 1;
}

int main(void) {
  P3_ENTER(p3_functions_a, 0, p3_counts_0);
  int s = b() + b() + c();
  printf("%d\n", s);
  P3_COUNT(0);
  return 0;
}
