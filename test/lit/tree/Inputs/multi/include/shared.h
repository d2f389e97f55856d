// Included by every unit: an inline function and a template, lowered in
// each unit and kept once; a macro that one unit defines differently, so
// that clamp_step lowers differently there (and is skipped, whichever unit
// is parsed first).
#pragma once
#ifndef STEP_LIMIT
#define STEP_LIMIT 10
#endif

inline int clamp_step(int x) {
#if STEP_LIMIT > 5
  if (x > STEP_LIMIT)
    return STEP_LIMIT;
#endif
  return x < 0 ? 0 : x;
}

template <typename T> T pick(T a, T b, bool first) {
  if (first)
    return a;
  for (int i = 0; i < 2; ++i)
    b = b + a;
  return b;
}

inline int shared_counter(int n) {
  int s = 0;
  while (n-- > 0)
    s += n % 3 ? 1 : 2;
  return s;
}

int once(int);    // one call site in the whole program (a.cpp)
int twice(int);   // two call sites, in two units
int taken(int);   // its address is taken in c.cpp
