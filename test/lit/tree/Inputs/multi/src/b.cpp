#define STEP_LIMIT 3
#include "shared.h"

static int local(int x) { return x < 3 ? -x : x; } // also in a.cpp

int twice(int x) {
  switch (x) {
  case 0:
    return clamp_step(x);
  case 1:
    return local(x) + pick<long>(x, 2, true);
  default:
    return taken(x);
  }
}
