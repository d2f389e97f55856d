// C++ member functions: constructors (P3_ENTER after the initialiser list's
// body brace), destructors, const and static methods, an operator, a virtual
// method and its override, a method defined outside its class; and range-based
// for, whose implicit begin/end/!=/++ all sit at the colon (the condition
// cannot be wrapped). Built as C++11, 14, 17 and 20.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/methods.cpp
// RUN: cd %t && p3-rewrite -k 1 -o out methods.cpp -- -std=c++11
// RUN: grep -v '^//' %t/out/copy-0/methods.cpp | FileCheck %s
// RUN: cd %t && %p3check verify out methods.cpp --std=c++11 | FileCheck --check-prefix=PROF %s
// RUN: cd %t && %p3check verify out methods.cpp --std=c++14 --quiet
// RUN: cd %t && %p3check verify out methods.cpp --std=c++17 --quiet
// RUN: cd %t && %p3check verify out methods.cpp --std=c++20 --quiet
#include <cstdio>
#include <vector>

struct Shape {
  virtual ~Shape() {}
  virtual int area() const { return 0; }
};

struct Rect : Shape {
  int w, h;
  Rect(int w_, int h_) : w(w_), h(h_) {
    if (w < 0)
      w = -w;
  }
  ~Rect() override {
    if (w * h > 20)
      std::printf("big rect %d\n", w * h);
  }
  int area() const override { return w > 0 ? w * h : 0; }
  static int unit(bool square) {
    if (square)
      return 1;
    return 2;
  }
  bool operator<(const Rect &o) const;
};

bool Rect::operator<(const Rect &o) const {
  if (area() != o.area())
    return area() < o.area();
  return w < o.w;
}

static int total(const std::vector<int> &xs) {
  int s = 0;
  for (int x : xs) {
    if (x < 0)
      continue;
    s += x;
  }
  return s;
}

int main() {
  std::vector<int> xs{3, -1, 4, -5, 6};
  int t = total(xs);
  Rect a(-2, 3), b(4, 6);
  const Shape &s = b;
  t += s.area() + a.area() + Rect::unit(true) + Rect::unit(false);
  if (a < b)
    t++;
  std::printf("%d\n", t);
  return 0;
}

// Emitted code.
// CHECK-LABEL: virtual ~Shape() { P3_ENTER(p3_functions_0, 0, p3_counts_0_0); P3_COUNT(0);}
// CHECK-LABEL: virtual int area() const { P3_ENTER(p3_functions_0, 1, p3_counts_0_1); P3_COUNT(0); return 0; }
// CHECK-LABEL: Rect(int w_, int h_) : w(w_), h(h_) { P3_ENTER(p3_functions_0, 2, p3_counts_0_2);
// CHECK-LABEL: ~Rect() override { P3_ENTER(p3_functions_0, 3, p3_counts_0_3);
// A return whose value branches in C++ with a scalar type: counted after the
// value is computed.
// CHECK-LABEL: int area() const override { P3_ENTER(p3_functions_0, 4, p3_counts_0_4); return __extension__ ({ int p3_ret = (P3_IF(w > 0, {{.+}}, {{.+}}) ? w * h : 0); P3_COUNT({{-?[0-9]+}}); p3_ret; }); }
// CHECK-LABEL: static int unit(bool square) { P3_ENTER(p3_functions_0, 5, p3_counts_0_5);
// CHECK-LABEL: bool Rect::operator<(const Rect &o) const { P3_ENTER(p3_functions_0, 6, p3_counts_0_6);
// The range-for's back edge probes: before the continue, and after the body
// (braced once more, so that the probe runs only when the body completes);
// they count into locals around the loop, which is entered at the back
// edge's reset value (one back edge, two places for its probe;
// loop-locals.c).
// CHECK-LABEL: static int total(const std::vector<int> &xs) { P3_ENTER(p3_functions_0, 7, p3_counts_0_7);
// CHECK:        { P3_LSLOT(p3_counts_0_7, {{[0-9]+}}); P3_LSLOT(p3_counts_0_7, {{[0-9]+}}); P3_LFIRST([[H:-?[0-9]+]]); for (int x : xs) { {
// CHECK-NEXT:     if (P3_IF(x < 0, {{.+}}, {{.+}}))
// CHECK-NEXT:       { P3_LFBACK2({{-?[0-9]+}}, [[H]], {{.+}}); continue; }
// CHECK-NEXT:     s += x;
// CHECK-NEXT:   } P3_LFBACK2({{-?[0-9]+}}, [[H]], {{.+}}); } }

// Shape's destructor runs for a and b (as the base of Rect); Shape::area never
// (the call through s is dispatched to Rect::area).
// PROF:      FUNC Shape::~Shape: 2 executions, 1/1 paths
// PROF-NEXT:   2: 17
// PROF-NEXT: FUNC Shape::area: 0 executions, 0/1 paths
// a(-2, 3) flips w; b(4, 6) does not. Falling off a constructor or destructor
// ends at the block of its closing brace.
// PROF-NEXT: FUNC Rect::Rect: 2 executions, 2/2 paths
// PROF-NEXT:   1: 24 > 25 > 26
// PROF-NEXT:   1: 24 > 26
// a: 2 x 3 = 6; b: 4 x 6 = 24 > 20 prints.
// PROF-NEXT: FUNC Rect::~Rect: 2 executions, 2/2 paths
// PROF-NEXT:   1: 28 > 29 > 30
// PROF-NEXT:   1: 28 > 30
// area: s.area(), a.area(), and four calls in operator< (the areas differ);
// w > 0 always. Everything is on line 31.
// PROF-NEXT: FUNC Rect::area: 6 executions, 1/2 paths
// PROF-NEXT:   6: 31
// PROF-NEXT: FUNC Rect::unit: 2 executions, 2/2 paths
// PROF-NEXT:   1: 33 > 34
// PROF-NEXT:   1: 33 > 35
// PROF-NEXT: FUNC Rect::operator<: 1 executions, 1/4 paths
// PROF-NEXT:   1: 41 > 42
// total({3, -1, 4, -5, 6}): 3 on the path from entry; -1 and -5 continue; 4
// and 6 from the loop head; then the loop test fails. The loop head is the
// test at the colon (line 48); the next block takes the element and tests it
// (48-49); the increment is at the colon again.
// PROF-NEXT: FUNC total: 6 executions, 4/6 paths
// PROF-NEXT:   1: 47-48 > 48 > 48-49 > 51 > 48 ...
// PROF-NEXT:   2: ... 48 > 48-49 > 50 > 48 ...
// PROF-NEXT:   2: ... 48 > 48-49 > 51 > 48 ...
// PROF-NEXT:   1: ... 48 > 53
// PROF-NEXT: FUNC main: 1 executions, 1/3 paths
// PROF-NEXT:   1: 57-62 > 63 > 64-65
