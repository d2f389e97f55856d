#include "shared.h"

int taken(int x) { return x ? twice(x - 1) : pick<double>(1.0, 2.0, x); }

int via_pointer(int x) {
  int (*f)(int) = taken;
  return f(x) + shared_counter(x);
}
