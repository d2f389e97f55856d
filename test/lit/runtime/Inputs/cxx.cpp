// C++ constructs around the macros: a lambda with its own P3_ENTER that
// shadows p3_r and p3_f, a template, a member function, a condition of class
// type with an explicit operator bool, an exception that leaves a function
// mid-path (not counted), and an operand whose type overloads operator,.
#include "p3_runtime.h"
#include <cstdio>
#include <stdexcept>

static p3_u64 p3_counts_0[5];
static p3_u64 p3_counts_1[3];
static p3_u64 p3_counts_2[3];
static p3_u64 p3_counts_3[3];
static p3_u64 p3_counts_4[3];
static struct p3_function p3_functions_cxx[] = {
    P3_FUNCTION(0, 4, p3_counts_0), // main
    P3_FUNCTION(1, 2, p3_counts_1), // the lambda in main
    P3_FUNCTION(2, 2, p3_counts_2), // twice<T>, all instantiations
    P3_FUNCTION(3, 2, p3_counts_3), // Box::check
    P3_FUNCTION(4, 2, p3_counts_4), // thrower
};
P3_UNIT(p3_functions_cxx, 0, "0000000000000ccc")

struct Flag {
  bool V;
  explicit operator bool() const { return V; }
};

// Whoever evaluates "a, b" for a Comma on the right gets -1.
struct Comma {
  int V;
};
template <class T> int operator,(T, Comma) { return -1; }

template <class T> T twice(T X) {
  P3_ENTER(p3_functions_cxx, 2, p3_counts_2);
  if (P3_IF(X > T(0), P3_ADD(1), P3_NONE)) {
    P3_COUNT(0);
    return X + X;
  }
  P3_COUNT(0);
  return X;
}

struct Box {
  int V;
  int check(Flag F) const {
    P3_ENTER(p3_functions_cxx, 3, p3_counts_3);
    if (P3_IF(F, P3_ADD(1), P3_NONE)) {
      P3_COUNT(0);
      return V;
    }
    P3_COUNT(0);
    return -V;
  }
};

static int thrower(int X) {
  P3_ENTER(p3_functions_cxx, 4, p3_counts_4);
  if (P3_IF(X < 0, P3_ADD(1), P3_NONE))
    throw std::runtime_error("negative");
  P3_COUNT(0);
  return X;
}

int main() {
  P3_ENTER(p3_functions_cxx, 0, p3_counts_0);
  auto Lambda = [](int X) {
    P3_ENTER(p3_functions_cxx, 1, p3_counts_1);
    if (P3_IF(X % 2 != 0, P3_ADD(1), P3_NONE)) {
      P3_COUNT(0);
      return 1;
    }
    P3_COUNT(0);
    return 0;
  };
  int S = Lambda(1) + Lambda(2) + Lambda(3);
  S += twice(2) + int(twice(-1.5)) + twice(3L);
  Box B{7};
  S += B.check(Flag{true}) + B.check(Flag{false});
  Comma C = P3_SEQ(P3_ADD(2), Comma{5});
  S += C.V;
  try {
    S += thrower(1) + thrower(-1);
  } catch (const std::exception &) {
    P3_RESET(3);
    S += 100;
  }
  std::printf("%d\n", S);
  P3_COUNT(0);
  return 0;
}
