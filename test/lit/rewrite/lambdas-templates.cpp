// Lambdas are functions of their own (their P3_ENTER shadows the enclosing
// function's register); function templates and members of class templates
// are instrumented in their pattern (the text the user wrote) when every
// instantiation lowers the same way; a template whose instantiations lower
// differently (a condition that is constant and depends on T: a pruned edge
// in C++14, "if constexpr" in C++17) is skipped with the reason. Rewritten as
// C++14: see FINDINGS.md for lambdas in C++17 and for templates instantiated
// more than once.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/lt.cpp
// RUN: cd %t && p3-rewrite -k 1 --stats -o out lt.cpp -- -std=c++14 > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: grep -v '^//' %t/out/copy-0/lt.cpp | FileCheck %s
// RUN: cd %t && %p3check verify out lt.cpp --std=c++14 | FileCheck --check-prefix=PROF %s
// RUN: cd %t && %p3check verify out lt.cpp --std=c++17 --quiet
// RUN: cd %t && p3-rewrite -k 1 --stats -o out17 lt.cpp -- -std=c++17 | FileCheck --check-prefix=STATS17 %s
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
  Box<int> b{3}, c{-4};
  t += b.twice() + c.twice();
  t += width(1) + width(2L);
  std::printf("%d\n", t);
  return 0;
}

// STATS:      lt.cpp:18 clampT
// STATS-NEXT: lt.cpp:28 Box::twice
// STATS-NEXT: lt.cpp:35 width {{.*}} skipped: template instantiations have different control flow
// STATS-NEXT: lt.cpp:46 main
// STATS-NEXT: lt.cpp:48 lambda at line 48
// STATS17:    lt.cpp:35 width {{.*}} skipped: template instantiations have different control flow

// Emitted code: the patterns are rewritten, so every instantiation runs the
// probes.
// CHECK-LABEL: template <typename T> static T clampT(T v, T lo, T hi) { P3_ENTER(p3_functions_0, 0);
// CHECK-LABEL:   T twice() const { P3_ENTER(p3_functions_0, 1);
// CHECK-LABEL: template <typename T> static int width(T) {
// CHECK-NEXT: #if __cplusplus >= 201703L
// CHECK-LABEL: int main() { P3_ENTER(p3_functions_0, 2);
// CHECK-NEXT:   int t = 0;
// CHECK-NEXT:   auto step = [&t](int k) { P3_ENTER(p3_functions_0, 3);

// clampT<int>: 7 is above, -2 below, 3 inside [0, 5].
// PROF:      FUNC clampT: 3 executions, 3/3 paths
// PROF-NEXT:   1: 19 > 20
// PROF-NEXT:   1: 19 > 21 > 22
// PROF-NEXT:   1: 19 > 21 > 23
// Box<int>::twice for 3 and -4.
// PROF-NEXT: FUNC Box::twice: 2 executions, 2/2 paths
// PROF-NEXT:   1: 29 > 30
// PROF-NEXT:   1: 29 > 31
// main's first block holds the lambda expression (lines 47-55); 5 iterations.
// PROF-NEXT: FUNC main: 6 executions, 3/4 paths
// PROF-NEXT:   1: 47-55 > 55 > 56 > 55 ...
// PROF-NEXT:   4: ... 55 > 56 > 55 ...
// PROF-NEXT:   1: ... 55 > 57-62
// The lambda for k = 0..4: odd twice, even three times.
// PROF-NEXT: FUNC lambda at line 48: 5 executions, 2/2 paths
// PROF-NEXT:   2: 49 > 50 > 53
// PROF-NEXT:   3: 49 > 52 > 53
