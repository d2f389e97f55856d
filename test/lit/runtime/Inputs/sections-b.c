/* Same manifest as the first unit of sections-a.c, but copy 3: a third
 * section. And a unit of that file's first pair: merged into its section. */
#include "p3_runtime.h"

static p3_u64 p3_counts_0[2];
static struct p3_function p3_functions_c[] = {
    P3_FUNCTION(4, 1, p3_counts_0),
};
P3_UNIT(p3_functions_c, 3, "aaaaaaaaaaaaaaaa")

static p3_u64 p3_counts_1[2];
static struct p3_function p3_functions_d[] = {
    P3_FUNCTION(9, 1, p3_counts_1),
};
P3_UNIT(p3_functions_d, 1, "aaaaaaaaaaaaaaaa")

static void d(void) {
  P3_ENTER(p3_functions_d, 0, p3_counts_1);
  P3_COUNT(0);
}

#ifdef __cplusplus
extern "C"
#endif
int c(void) {
  P3_ENTER(p3_functions_c, 0, p3_counts_0);
  d();
  P3_COUNT(0);
  return 5;
}
