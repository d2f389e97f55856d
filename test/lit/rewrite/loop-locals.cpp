// Loop-local counting in C++: calls hidden in constructors, destructors,
// operators, new and delete, and exceptions. A loop keeps its counts in
// locals only when every call in it is known to return normally (the
// callee's body is in the file and calls nothing else, or it is a builtin);
// an exception thrown by a callee would run the block's cleanup, but a
// callee that may throw may as well longjmp or exit, so such loops are
// refused like any other. Counts stay exact: the profile equals the one of
// --no-loop-counters, for g++ and clang++.
// (The path an exception cuts short is not counted, so the probe count
// exceeds the model: --no-probes.)
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/locals.cpp
// RUN: cd %t && p3-rewrite -k 1 -o out locals.cpp -- -std=c++17
// RUN: grep -v '^//' %t/out/copy-0/locals.cpp | FileCheck %s
// RUN: cd %t && %p3check verify out locals.cpp --std=c++17 --no-probes | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 1 --no-loop-counters -o mem locals.cpp -- -std=c++17 && %p3check verify mem locals.cpp --std=c++17 --no-probes --quiet
// RUN: p3-report %t/mem --check %t/out/profile.json | FileCheck --check-prefix=SAME %s
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct Vec2 {
  int x, y;
  Vec2 operator+(const Vec2 &o) const { return {x + o.x, y + o.y}; }
  bool operator<(const Vec2 &o) const { return x < o.x; }
};

struct Shape {
  virtual ~Shape() {}
  virtual int area() const { return 1; }
};

static int checked(int x) {
  if (x == 7)
    throw std::runtime_error("seven");
  return x;
}

// Applied: the operators' bodies are in the file and call nothing.
static int operators(int n) {
  Vec2 p{0, 0}, step{1, 2};
  while (p < Vec2{n, 0})
    p = p + step;
  return p.y;
}

// Applied: begin, end, ++, != and * of the vector's iterator are inline and
// call nothing that may not return.
static int range_for(const std::vector<int> &v) {
  int s = 0;
  for (int x : v)
    s += x;
  return s;
}

// Applied: a lambda whose body is in the file.
static int lambda(int n) {
  auto sq = [](int k) { return k * k; };
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += sq(i);
  return s;
}

// Refused: the callee throws out of the loop at i = 7.
static int throws(int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += checked(i);
  return s;
}

// Refused: a throw in the loop itself.
static int throws_here(int n) {
  int s = 0;
  try {
    for (int i = 0; i < n; ++i) {
      if (i == 3)
        throw i;
      s += i;
    }
  } catch (int k) {
    s += 100 * k;
  }
  return s;
}

// Refused: std::string's constructor and destructor allocate (operator new
// may throw) and free.
static size_t strings(int n) {
  size_t s = 0;
  for (int i = 0; i < n; ++i) {
    std::string t(static_cast<size_t>(i), 'x');
    s += t.size();
  }
  return s;
}

// Refused: new and delete.
static int allocates(int n) {
  int s = 0;
  while (n-- > 0) {
    int *p = new int(n);
    s += *p;
    delete p;
  }
  return s;
}

// Refused: a virtual call.
static int virtuals(const Shape &sh, int n) {
  int s = 0;
  while (n-- > 0)
    s += sh.area();
  return s;
}

int main() {
  std::vector<int> v{1, 2, 3, 4};
  Shape sh;
  int t = operators(5) + range_for(v) + lambda(4) + throws_here(6) +
          static_cast<int>(strings(3)) + allocates(3) + virtuals(sh, 2);
  try {
    t += throws(10);
  } catch (const std::exception &e) {
    std::printf("caught %s\n", e.what());
  }
  std::printf("%d\n", t);
  return 0;
}

// CHECK-LABEL: static int operators(int n) {
// CHECK:   { P3_LRUN(p3_counts_0_{{[0-9]+}}, {{[0-9]+}}, {{-?[0-9]+}}); while (p < Vec2{n, 0})
// CHECK-NEXT:     { P3_LRBACK({{.+}}); p = p + step; } }
// CHECK-LABEL: static int range_for(const std::vector<int> &v) {
// CHECK:   { P3_LRUN(p3_counts_0_{{[0-9]+}}, {{[0-9]+}}, {{-?[0-9]+}}); for (int x : v)
// CHECK-LABEL: static int lambda(int n) {
// CHECK:   { P3_LRUN(p3_counts_0_{{[0-9]+}}, {{[0-9]+}}, {{-?[0-9]+}}); for (int i = 0; i < n; P3_SEQ(P3_LRBACK({{.+}}), ++i))
// CHECK-LABEL: static int throws(int n) {
// CHECK-NOT: P3_L
// CHECK:   for (int i = 0; i < n; P3_SEQ(P3_BACK({{.+}}), ++i))
// CHECK-LABEL: static int throws_here(int n) {
// CHECK-NOT: P3_L
// CHECK:     for (int i = 0; i < n; P3_SEQ(P3_BACK({{.+}}), ++i)) {
// CHECK-LABEL: static size_t strings(int n) {
// CHECK-NOT: P3_L
// CHECK:   for (int i = 0; i < n; P3_SEQ(P3_BACK({{.+}}), ++i)) {
// CHECK-LABEL: static int allocates(int n) {
// CHECK-NOT: P3_L
// CHECK: P3_BACK
// CHECK-LABEL: static int virtuals(const Shape &sh, int n) {
// CHECK-NOT: P3_L
// CHECK: P3_BACK
// CHECK-LABEL: int main() {

// SAME: check: the merged profile equals

// throws(10): checked(0..6) return; checked(7) throws: 7 iterations counted
// (the first from the entry), the one the exception cuts is not.
// operators(5): p.x = 0..4 go round (the first from the entry), then the
// exit.
// PROF-LABEL: FUNC operators: 6 executions, 3/4 paths
// PROF-NEXT:   1: 41 > 42 > 43 ...
// PROF-NEXT:   4: ... 42 > 43 ...
// PROF-NEXT:   1: ... 42 > 44
// PROF-LABEL: FUNC throws: 7 executions, 2/6 paths
// PROF-NEXT:   1: 67-68 > 68 > 69 > 68 ...
// PROF-NEXT:   6: ... 68 > 69 > 68 ...
