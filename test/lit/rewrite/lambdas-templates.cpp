// Lambdas are functions of their own (their P3_ENTER shadows the enclosing
// function's register), in C++14 and in C++17, where they are implicitly
// constexpr but not constexpr-specified; function templates and members of
// class templates are instrumented in their pattern (the text the user wrote)
// when every instantiation lowers the same way (int and double here); a
// template whose instantiations lower differently (a condition that is
// constant and depends on T: a pruned edge in C++14, "if constexpr" in C++17)
// is skipped with the reason. The profile of a pattern sums its
// instantiations.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/lt.cpp
// RUN: cd %t && p3-rewrite -k 1 --stats -o out lt.cpp -- -std=c++17 > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: grep -v '^//' %t/out/copy-0/lt.cpp | FileCheck %s
// RUN: cd %t && %p3check verify out lt.cpp --std=c++17 | FileCheck --check-prefix=PROF %s
// RUN: cd %t && %p3check verify out lt.cpp --std=c++20 --quiet
// RUN: cd %t && p3-rewrite -k 1 --stats -o out14 lt.cpp -- -std=c++14 | FileCheck --check-prefix=STATS %s
#include <cstdio>

template <typename T> static T clampT(T v, T lo, T hi) {
  if (v < lo)
    return lo;
  if (v > hi)
    return hi;
  return v;
}

template <typename T> struct Box {
  T v;
  T twice() const {
    if (v > T(0))
      return v + v;
    return v;
  }
};

template <typename T> static int width(T) {
#if __cplusplus >= 201703L
  if constexpr (sizeof(T) > 4)
    return 8;
  else
    return 4;
#else
  return sizeof(T) > 4 ? 8 : 4;
#endif
}

int main() {
  int t = 0;
  auto step = [&t](int k) {
    if (k & 1)
      t += k;
    else
      t -= 1;
    return t;
  };
  for (int k = 0; k < 5; k++)
    step(k);
  t += clampT(7, 0, 5) + clampT(-2, 0, 5) + clampT(3, 0, 5);
  t += (int)clampT(2.5, 0.0, 1.0);
  Box<int> b{3}, c{-4};
  Box<double> d{-1.5};
  t += b.twice() + c.twice() + (int)d.twice();
  t += width(1) + width(2L);
  std::printf("%d\n", t);
  return 0;
}

// STATS:      lt.cpp:19 clampT
// STATS-NEXT: lt.cpp:29 Box::twice
// STATS-NEXT: lt.cpp:36 width {{.*}} skipped: template instantiations have different control flow
// STATS-NEXT: lt.cpp:47 main
// STATS-NEXT: lt.cpp:49 lambda at line 49

// Emitted code: the patterns are rewritten, so every instantiation runs the
// probes.
// CHECK-LABEL: template <typename T> static T clampT(T v, T lo, T hi) { P3_ENTER(p3_functions_0, 0, p3_counts_0_0);
// CHECK-LABEL:   T twice() const { P3_ENTER(p3_functions_0, 1, p3_counts_0_1);
// CHECK-LABEL: template <typename T> static int width(T) {
// CHECK-NEXT: #if __cplusplus >= 201703L
// CHECK-LABEL: int main() { P3_ENTER(p3_functions_0, 2, p3_counts_0_2);
// CHECK-NEXT:   int t = 0;
// CHECK-NEXT:   auto step = [&t](int k) { P3_ENTER(p3_functions_0, 3, p3_counts_0_3);

// clampT<int>: 7 is above, -2 below, 3 inside [0, 5]; clampT<double>: 2.5 is
// above [0, 1].
// PROF:      FUNC clampT: 4 executions, 3/3 paths
// PROF-NEXT:   1: 20 > 21
// PROF-NEXT:   2: 20 > 22 > 23
// PROF-NEXT:   1: 20 > 22 > 24
// Box<int>::twice for 3 and -4, Box<double>::twice for -1.5.
// PROF-NEXT: FUNC Box::twice: 3 executions, 2/2 paths
// PROF-NEXT:   1: 30 > 31
// PROF-NEXT:   2: 30 > 32
// main's first block holds the lambda expression (lines 48-56); 5 iterations.
// PROF-NEXT: FUNC main: 6 executions, 3/4 paths
// PROF-NEXT:   1: 48-56 > 56 > 57 > 56 ...
// PROF-NEXT:   4: ... 56 > 57 > 56 ...
// PROF-NEXT:   1: ... 56 > 58-65
// The lambda for k = 0..4: odd twice, even three times.
// PROF-NEXT: FUNC lambda at line 49: 5 executions, 2/2 paths
// PROF-NEXT:   2: 50 > 51 > 54
// PROF-NEXT:   3: 50 > 53 > 54
