// Typed catch handlers: each handler starts a path (P3_RESET first in its
// body); an exception that no handler of a try matches leaves the function
// (its path there is cut short, never counted) and is caught further up.
// Merged profiles of P3 with three copies equal the one-copy profile.
// Runs are checked with --no-probes (paths cut short: see FINDINGS.md).
// return-call.cpp has "return g(x);" with a g that throws.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/ext.cpp
// RUN: cd %t && p3-rewrite -k 1 -o out ext.cpp --
// RUN: grep -v '^//' %t/out/copy-0/ext.cpp | FileCheck %s
// RUN: cd %t && %p3check verify out ext.cpp --no-probes | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 3 -o p3 ext.cpp -- && %p3check verify p3 ext.cpp --no-probes --quiet
// RUN: p3-report %t/p3 --check %t/out/profile.json > %t/check.txt
#include <cstdio>
#include <stdexcept>

struct Odd {
  int v;
};

static int raise(int x) {
  if (x % 4 == 1)
    throw Odd{x};
  if (x % 4 == 2)
    throw std::out_of_range("two");
  if (x % 4 == 3)
    throw x;
  return x;
}

static int typed(int x) {
  int r = 0;
  try {
    r = raise(x);
  } catch (const Odd &o) {
    r = o.v * 10;
  } catch (const std::exception &e) {
    if (x > 4)
      r = -1;
    else
      r = -2;
  }
  return r;
}

static int outer(int x) {
  try {
    int r = typed(x);
    return r;
  } catch (int v) {
    return v * 100;
  }
}

int main() {
  int t = 0;
  for (int x = 0; x < 12; x++)
    t = t * 2 + outer(x);
  std::printf("%d\n", t);
  return 0;
}

// Emitted code.
// CHECK-LABEL: static int typed(int x) {
// CHECK:        } catch (const Odd &o) {P3_RESET({{-?[0-9]+}});
// CHECK:        } catch (const std::exception &e) {P3_RESET({{-?[0-9]+}});
// CHECK-LABEL: static int outer(int x) {
// CHECK:        } catch (int v) {P3_RESET({{-?[0-9]+}});
// CHECK-NEXT:     P3_COUNT({{-?[0-9]+}}); return v * 100;

// x = 0..11: x % 4 == 0 returns (0, 4, 8), 1 throws Odd (1, 5, 9), 2 throws
// out_of_range (2, 6, 10), 3 throws int (3, 7, 11). The throws are counted
// at the throw.
// PROF:      FUNC raise: 12 executions, 4/4 paths
// PROF-NEXT:   3: 21 > 22
// PROF-NEXT:   3: 21 > 23 > 24
// PROF-NEXT:   3: 21 > 23 > 25 > 26
// PROF-NEXT:   3: 21 > 23 > 25 > 27
// typed: the try completes for 0, 4, 8; the Odd handler (its block spans
// lines 34-36) for 1, 5, 9; the std::exception handler (36-41) for 2
// (x <= 4) and 6, 10 (x > 4). The int exceptions match no handler: typed's
// paths for 3, 7, 11 are cut short and not counted.
// PROF-NEXT: FUNC typed: 9 executions, 4/5 paths
// PROF-NEXT:   3: 31-33 > 42
// PROF-NEXT:   3: ... 34-36 > 42
// PROF-NEXT:   2: ... 36-41 > 38 > 42
// PROF-NEXT:   1: ... 36-41 > 40 > 42
// outer: typed returns for 9 values; the int handler runs for 3, 7, 11, whose
// paths in the try are cut short. 12 calls, 12 paths.
// PROF-NEXT: FUNC outer: 12 executions, 2/3 paths
// PROF-NEXT:   9: 47-48
// PROF-NEXT:   3: ... 49-51
// PROF-NEXT: FUNC main: 13 executions, 3/6 paths
// PROF-NEXT:   1: 55-56 > 56 > 57 > 56 ...
// PROF-NEXT:   11: ... 56 > 57 > 56 ...
// PROF-NEXT:   1: ... 56 > 58-59
