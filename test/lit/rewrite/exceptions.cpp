// C++ try/catch/throw. A path that ends at a throw is counted at the throw; a
// catch handler starts a new path (a register reset at the start of its body).
// A path cut short by an exception from a callee is not counted, and the reset
// keeps it from corrupting any count: the merged profile stays exact, with one
// copy and with several (P3 and PBL, compared with --check).
// Runs with exceptions that leave a function are checked with --no-probes: the
// probes of a cut path run but no path count records them, so the measured
// probes exceed the model's (see FINDINGS.md). "local" runs only functions
// whose exceptions are caught where they are thrown: probes must agree there.
// Handlers are catch (...) here: see FINDINGS.md for typed handlers.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/ex.cpp
// RUN: cd %t && p3-rewrite -k 1 -o out ex.cpp --
// RUN: grep -v '^//' %t/out/copy-0/ex.cpp | FileCheck %s
// RUN: cd %t && %p3check verify out ex.cpp --run local | FileCheck --check-prefix=LOCAL %s
// RUN: cd %t && %p3check verify out ex.cpp --no-probes --run all | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 3 --strategy=p3 -o p3 ex.cpp -- && %p3check verify p3 ex.cpp --quiet --no-probes --run all
// RUN: p3-report %t/p3 --check %t/out/profile.json > %t/p3-check.txt
// RUN: cd %t && p3-rewrite -k 2 --strategy=pbl -o pbl ex.cpp -- && %p3check verify pbl ex.cpp --quiet --no-probes --run all
// RUN: p3-report %t/pbl --check %t/out/profile.json > %t/pbl-check.txt
#include <cstdio>
#include <cstring>
#include <stdexcept>

static int thrower(int x) {
  if (x % 3 == 0)
    throw std::runtime_error("three");
  if (x % 5 == 0)
    throw 5;
  return x;
}

static int middle(int x) {
  int r = 0;
  if (x & 1)
    r += 3;
  r += thrower(x);
  if (x & 2)
    r += 5;
  return r;
}

static int caller(int x) {
  int r = 0;
  try {
    if (x > 2)
      r += 10;
    r += middle(x);
    r += 100;
  } catch (...) {
    if (x > 4)
      r -= 1;
    else
      r -= 2;
  }
  return r;
}

static int loop_catch(int n) {
  int r = 0;
  for (int i = 0; i < n; i++) {
    try {
      if (i % 3 == 2)
        throw i;
      r += i;
    } catch (...) {
      r -= 1;
    }
  }
  return r;
}

static int rethrow(int x) {
  try {
    try {
      if (x > 1)
        throw x;
      return 0;
    } catch (...) {
      if (x > 2)
        throw;
      return 1;
    }
  } catch (...) {
    return 2;
  }
}

int main(int argc, char **argv) {
  int t = 0;
  bool all = argc > 1 && std::strcmp(argv[1], "all") == 0;
  for (int x = 0; x < 4; x++)
    t = t * 3 + loop_catch(x + 2) + rethrow(x);
  if (all)
    for (int x = 0; x < 12; x++)
      t += caller(x);
  std::printf("%d\n", t);
  return 0;
}

// Emitted code.
// CHECK-LABEL: static int thrower(int x) {
// CHECK:          { P3_COUNT({{-?[0-9]+}}); throw std::runtime_error("three"); }
// CHECK:          { P3_COUNT({{-?[0-9]+}}); throw 5; }
// middle has nothing special: its path is cut when thrower throws.
// CHECK-LABEL: static int middle(int x) {
// CHECK:        r += P3_SEQ(P3_CUT({{[0-9]+}}), thrower(x));
// The handler starts a path: P3_RESET first thing in its body.
// CHECK-LABEL: static int caller(int x) {
// CHECK:        } catch (...) {P3_RESET({{-?[0-9]+}});
// CHECK-LABEL: static int loop_catch(int n) {
// CHECK:            { P3_COUNT({{-?[0-9]+}}); throw i; }
// CHECK:          } catch (...) {P3_RESET({{-?[0-9]+}});
// A rethrow ends the handler's path like a throw.
// CHECK-LABEL: static int rethrow(int x) {
// CHECK:            { P3_COUNT({{-?[0-9]+}}); throw x; }
// CHECK:          } catch (...) {P3_RESET({{-?[0-9]+}});
// CHECK:            { P3_COUNT({{-?[0-9]+}}); throw; }
// CHECK:        } catch (...) {P3_RESET({{-?[0-9]+}});

// loop_catch(n) for n = 2, 3, 4, 5 (x + 2): i = 0 is the first iteration
// (from entry); i % 3 == 2 throws (n = 3, 4, 5: once each), counted at the
// throw (line 63); the handler starts a path (lines 65-67) that ends on the
// back edge; the other iterations (i = 1; 1, 3; 1, 3, 4) go round from the
// loop head; each call leaves at the test. 7 paths: 3 from entry, 3 from the
// loop head, 1 from the handler.
// rethrow(x), x = 0..3: x = 0, 1 return 0; x = 2, 3 throw (line 76) into the
// inner handler, which returns 1 (x = 2) or rethrows (x = 3, line 80) into the
// outer handler (lines 83-85).
// LOCAL:      FUNC thrower: 0 executions, 0/3 paths
// LOCAL-NEXT: FUNC middle: 0 executions, 0/6 paths
// LOCAL-NEXT: FUNC caller: 0 executions, 0/6 paths
// LOCAL-NEXT: FUNC loop_catch: 21 executions, 5/7 paths
// LOCAL-NEXT:   4: 59-60 > 60 > 62 > 64 > 60 ...
// LOCAL-NEXT:   3: ... 60 > 62 > 63
// LOCAL-NEXT:   7: ... 60 > 62 > 64 > 60 ...
// LOCAL-NEXT:   4: ... 60 > 69
// LOCAL-NEXT:   3: ... 65-67 > 60 ...
// LOCAL-NEXT: FUNC rethrow: 7 executions, 5/5 paths
// LOCAL-NEXT:   2: 75 > 76
// LOCAL-NEXT:   2: 75 > 77
// LOCAL-NEXT:   1: ... 78-82 > 80
// LOCAL-NEXT:   1: ... 78-82 > 81
// LOCAL-NEXT:   1: ... 83-85
// main with "local": strcmp fails, the second loop is skipped.
// LOCAL-NEXT: FUNC main: 5 executions, 3/21 paths
// LOCAL-NEXT:   1: 89-90 > 90 > 90-91 > 91 > 92 > 91 ...
// LOCAL-NEXT:   3: ... 91 > 92 > 91 ...
// LOCAL-NEXT:   1: ... 91 > 93 > 96-97

// "all" also calls caller(x) for x = 0..11. thrower(x) throws "three" for
// x = 0, 3, 6, 9 and 5 for x = 5, 10; otherwise (1, 2, 4, 7, 8, 11) it
// returns, and only then are middle's and caller's normal paths counted: the
// paths of middle and caller in progress at a throw are never counted.
// middle: x & 1 and x & 2 for 1, 2, 4, 7, 8, 11: both for 7, 11; only bit 0
// for 1; only bit 1 for 2; neither for 4, 8.
// caller: returns normally for those six (x > 2: 4, 7, 8, 11); the handler
// runs for the other six (x > 4: 5, 6, 9, 10; else 0, 3).
// PROF:      FUNC thrower: 12 executions, 3/3 paths
// PROF-NEXT:   4: 25 > 26
// PROF-NEXT:   2: 25 > 27 > 28
// PROF-NEXT:   6: 25 > 27 > 29
// PROF-NEXT: FUNC middle: 6 executions, 4/6 paths
// PROF-NEXT:   2: 33-34 > 35 > 36-37 > 38 > 39
// PROF-NEXT:   1: 33-34 > 35 > 36-37 > 39
// PROF-NEXT:   1: 33-34 > 36-37 > 38 > 39
// PROF-NEXT:   2: 33-34 > 36-37 > 39
// PROF-NEXT: FUNC caller: 12 executions, 4/6 paths
// PROF-NEXT:   4: 43-45 > 46 > 47-48 > 55
// PROF-NEXT:   2: 43-45 > 47-48 > 55
// PROF-NEXT:   4: ... 49-54 > 51 > 55
// PROF-NEXT:   2: ... 49-54 > 53 > 55
// PROF-NEXT: FUNC loop_catch: 21 executions, 5/7 paths
// PROF:      FUNC rethrow: 7 executions, 5/5 paths
// main with "all": 4 + 1 paths of the first loop as above, then the second
// loop: 12 iterations (the first on the path from the first loop's exit).
// PROF:      FUNC main: 17 executions, 5/21 paths
// PROF-NEXT:   1: 89-90 > 90 > 90-91 > 91 > 92 > 91 ...
// PROF-NEXT:   3: ... 91 > 92 > 91 ...
// PROF-NEXT:   1: ... 91 > 93 > 94 > 95 > 94 ...
// PROF-NEXT:   11: ... 94 > 95 > 94 ...
// PROF-NEXT:   1: ... 94 > 96-97

// C++ keeps the frame (docs/rewriter.md, "Paths cut short"): a count made
// before a call and undone after it would stand when an exception passes
// through the call, counting a path that a handler in this very function
// continues; no eager count is emitted in C++.
// RUN: cat %t/out/copy-0/ex.cpp %t/p3/copy-*/ex.cpp | grep -v '^//' | FileCheck --check-prefix=FRAMED %s
// FRAMED-NOT: P3_CUT_COUNT
// FRAMED: P3_FRAME
// FRAMED-NOT: P3_CUT_COUNT
