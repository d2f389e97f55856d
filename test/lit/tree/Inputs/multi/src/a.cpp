#include "shared.h"

static int local(int x) { return x > 3 ? x * 2 : x; } // also in b.cpp

int once(int x) {
  if (x % 2)
    return pick<int>(x, 1, x > 5);
  return clamp_step(x) + local(x);
}

int main(int argc, char **) {
  int s = once(argc) + twice(argc) + shared_counter(argc + 4);
  extern int via_pointer(int);
  return (s + via_pointer(argc)) % 7 == 99;
}
