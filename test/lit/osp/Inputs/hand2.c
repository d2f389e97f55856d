#define P3_OSP 1
#include "p3_runtime.h"
P3_OSP_UNIT(1, "00000000000000aa")

int twice(int);

int twice(int x) {
  P3_OSP_BLOCK(6);
  if (P3_IF(x % 2, P3_OSP_BLOCK(7), P3_OSP_BLOCK(8)))
    return x * 2;
  return x;
}
