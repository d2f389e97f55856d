#include "p3_runtime.h"
#include "multi-square.h"

static struct p3_function p3_functions_other[] = {
    P3_FUNCTION_HASHED(1, 2),
};
P3_UNIT(p3_functions_other, 1, "00000000000000ff")

#ifdef __cplusplus
extern "C"
#endif
int other(int x) {
  P3_ENTER(p3_functions_other, 0, P3_HASHED);
  int s = square(x) + square(-x) + square(1);
  P3_COUNT(0);
  return s;
}
