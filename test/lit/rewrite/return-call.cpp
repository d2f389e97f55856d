// "return v;" where computing v calls something: the path ends only when the
// function really returns, so its count goes after the value,
//   return __extension__ ({ int p3_ret = (g(x)); P3_COUNT(c); p3_ret; });
// (a GNU statement expression). A g that throws then cuts the path short, and
// it is not counted; a count before the return would record a path that never
// returned (twice for f: that path and the handler's). Class return types keep
// the count before the return (the copy into p3_ret could be observed).
//
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/ret.cpp
// RUN: cd %t && p3-rewrite -k 1 -o out ret.cpp --
// RUN: grep -v '^//' %t/out/copy-0/ret.cpp | FileCheck %s
// RUN: cd %t && %p3check verify out ret.cpp --no-probes | FileCheck --check-prefix=PROF %s
#include <cstdio>
#include <string>

static int g(int x) {
  if (x)
    throw x;
  return 0;
}

static int f(int x) {
  try {
    return g(x);
  } catch (int) {
    return -1;
  }
}

static int h(int x) { return g(x); }

static std::string name(int x) { return std::to_string(g(x)); }

int main() {
  int t = f(1) + f(0);
  try {
    t += h(1);
  } catch (int) {
  }
  t += (int)name(0).size();
  std::printf("%d\n", t);
  return 0;
}

// Emitted code.
// CHECK-LABEL: static int g(int x) {
// CHECK:        P3_COUNT({{-?[0-9]+}}); return 0;
// CHECK-LABEL: static int f(int x) {
// CHECK:        return __extension__ ({ int p3_ret =
// (P3_SEQ(P3_CUT({{[0-9]+}}), g(x))); P3_COUNT({{-?[0-9]+}}); p3_ret; });
// CHECK:        P3_COUNT({{-?[0-9]+}}); return -1;
// CHECK-LABEL: static int h(int x) {
// CHECK-SAME:   return __extension__ ({ int p3_ret =
// (P3_SEQ(P3_CUT({{[0-9]+}}), g(x))); P3_COUNT({{-?[0-9]+}}); p3_ret; }); }
// CHECK-LABEL: static std::string name(int x) {
// The path of name() is counted before its calls run: a path cut short in
// them is counted already, so they note nothing, and name() keeps no frame.
// CHECK-SAME:   P3_COUNT({{-?[0-9]+}}); return std::to_string(g(x)); }

// g: called by f(1), f(0), h(1) and name(0): throws twice, returns twice.
// f: f(1) ends in the handler (the path through "return g(x)" was cut short
// by the throw: not counted); f(0) returns g's value.
// h: its only call throws: no path of h completes.
// PROF:      FUNC g: 4 executions, 2/2 paths
// PROF-NEXT:   2: 17 > 18
// PROF-NEXT:   2: 17 > 19
// PROF-NEXT: FUNC f: 2 executions, 2/3 paths
// PROF-NEXT:   1: 24
// PROF-NEXT:   1: ... 25-27
// PROF-NEXT: FUNC h: 0 executions, 0/2 paths
// PROF-NEXT: FUNC name: 1 executions, 1/1 paths
// PROF-NEXT:   1: 32
// main: h(1)'s exception is caught in main, whose handler starts its one path.
// PROF-NEXT: FUNC main: 1 executions, 1/5 paths
// PROF-NEXT:   1: ... 38-39 > 40-42
