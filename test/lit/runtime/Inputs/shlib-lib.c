/* An instrumented shared library: its units keep their own registry (the
 * registry is hidden), so it writes its own section, at exit or when it is
 * unloaded, into the same file as the program. */
#include "p3_runtime.h"

static p3_u64 p3_counts_0[3];
static struct p3_function p3_functions_lib[] = {
    P3_FUNCTION(9, 2, p3_counts_0),
};
P3_UNIT(p3_functions_lib, 0, "5555555555555555")

#ifdef __cplusplus
extern "C"
#endif
int lib_twice(int x) {
  P3_ENTER(p3_functions_lib, 0, p3_counts_0);
  if (P3_IF(x > 0, P3_ADD(1), P3_NONE)) {
    P3_COUNT(0);
    return 2 * x;
  }
  P3_COUNT(0);
  return 0;
}
