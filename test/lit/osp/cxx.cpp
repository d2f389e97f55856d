// C++: a constructor, a method that throws, a function template, a range-for
// with a ?: inside, a lambda, and a try/catch in a loop. The handler's action
// runs at the start of its body; the range-for's hidden increment and loop
// test (no statement of their own) run their actions at the end of the body
// and before the loop. g++ and clang++ run every block as often as counted
// below.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/cxx.cpp
// RUN: cd %t && p3-rewrite --mode=osp -o out cxx.cpp -- -std=c++17
// RUN: grep -v '^//' %t/out/copy-0/cxx.cpp | FileCheck %s
// RUN: cd %t && %ospcheck verify out cxx.cpp --std=c++17 | FileCheck --check-prefix=PROF %s
#include <cstdio>
#include <stdexcept>
#include <vector>

struct Counter {
  int n = 0;
  explicit Counter(int start) : n(start > 0 ? start : 0) {}
  void bump(int by) {
    if (by > 2)
      throw std::runtime_error("too much");
    n += by;
  }
};

template <typename T> T twice(T x) { return x + x; }

static int visit(const std::vector<int> &v) {
  int s = 0;
  for (int x : v)
    s += x % 2 ? twice(x) : x;
  auto add = [&s](int y) {
    if (y)
      s += y;
  };
  add(1);
  add(0);
  return s;
}

int main() {
  Counter c(-1);
  int caught = 0;
  for (int i = 0; i < 5; ++i) {
    try {
      c.bump(i);
    } catch (const std::exception &e) {
      ++caught;
    }
  }
  int v = visit({1, 2, 3, 4});
  std::printf("%d %d %d %g\n", c.n, caught, v, twice(1.5));
  return 0;
}

// The constructor's ?: runs in its initializers, before the body: one step.
// CHECK:      explicit Counter(int start) : n(start > 0 ? start : 0) { P3_OSP_BLOCK(1);}
// CHECK:        P3_OSP_BLOCK(2); if (by > 2)
// CHECK-NEXT:     { P3_OSP_BLOCK(3); throw std::runtime_error("too much"); }
// CHECK-NEXT:   P3_OSP_BLOCK(4); n += by;
// CHECK-NEXT:  P3_OSP_BLOCK(5);}
// CHECK:      template <typename T> T twice(T x) { P3_OSP_BLOCK(6); return x + x; }
// CHECK:        P3_OSP_BLOCK(7); int s = 0;
// CHECK-NEXT:   P3_OSP_BLOCK(10); for (int x : v)
// CHECK-NEXT:     { P3_OSP_BLOCK(8); s += x % 2 ? P3_SEQ(P3_OSP_BLOCK(12), twice(x)) : P3_SEQ(P3_OSP_BLOCK(11), x); P3_OSP_BLOCK(13); P3_OSP_BLOCK(9); P3_OSP_BLOCK(10); }
// CHECK-NEXT:   P3_OSP_BLOCK(14); auto add = [&s](int y) {
// CHECK-NEXT:     P3_OSP_BLOCK(15); if (y)
// CHECK-NEXT:       { P3_OSP_BLOCK(16); s += y; }
// CHECK-NEXT:    P3_OSP_BLOCK(17);};
// CHECK:        P3_OSP_BLOCK(18); Counter c(-1);
// The loop body (21, the try's) and the block after the loop (23) are
// entered only from one outcome of the test: their actions are fused with
// the test's there.
// CHECK:        for (int i = 0; P3_IF(i < 5, P3_OSP_BLOCK2(19, 21), P3_OSP_BLOCK2(19, 23)); P3_SEQ(P3_OSP_BLOCK(20), ++i)) {
// CHECK-NEXT:     try {
// CHECK-NEXT:       c.bump(i);
// CHECK-NEXT:     } catch (const std::exception &e) {P3_OSP_BLOCK(22);
// CHECK-NEXT:       ++caught;
// CHECK:        int v = visit({1, 2, 3, 4});

// bump(0..4) throws for 3 and 4, which main catches; twice runs for 1, 3
// and 1.5.
// PROF:      BLOCK Counter::Counter 17: 1
// PROF-NEXT: BLOCK Counter::bump 19: 5
// PROF-NEXT: BLOCK Counter::bump 20: 2
// PROF-NEXT: BLOCK Counter::bump 21: 3
// PROF-NEXT: BLOCK Counter::bump 22: 3
// PROF-NEXT: BLOCK twice 25: 3
// visit: the body runs for 1, 2, 3, 4 (odd: twice, even: x), the loop test
// five times.
// PROF-NEXT: BLOCK visit 28-29: 1
// PROF-NEXT: BLOCK visit 29-30: 4
// PROF-NEXT: BLOCK visit 29: 4
// PROF-NEXT: BLOCK visit 29: 5
// PROF-NEXT: BLOCK visit 30: 2
// PROF-NEXT: BLOCK visit 30: 2
// PROF-NEXT: BLOCK visit 30: 4
// PROF-NEXT: BLOCK visit 31-37: 1
// The lambda runs for 1 and 0.
// PROF-NEXT: BLOCK lambda at line 31 32: 2
// PROF-NEXT: BLOCK lambda at line 31 33: 1
// PROF-NEXT: BLOCK lambda at line 31 34: 2
// PROF-NEXT: BLOCK main 41-43: 1
// PROF-NEXT: BLOCK main 43: 6
// PROF-NEXT: BLOCK main 43: 5
// PROF-NEXT: BLOCK main 45: 5
// PROF-NEXT: BLOCK main 46-48: 2
// PROF-NEXT: BLOCK main 50-52: 1
// PROF:      EXACT max-length 2
// PROF-NEXT:   1  5  2  main cxx.cpp:45 ⇒ Counter::bump cxx.cpp:19
