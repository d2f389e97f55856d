// Calls that do not return: exit, abort, a user function declared noreturn,
// and assert from <assert.h> with and without NDEBUG. The path counter runs
// just before the call. assert's __assert_fail is inside the macro: no place
// for a counter, so the paths into it are not profiled (a note says so); with
// NDEBUG the assert is gone. A path cut short by exit() in a callee is counted
// as cut in the block of the call, by a count before it undone if it returns
// (cut-eager.c): main's exit(5) needs no P3_CUT_NONE, as frames would.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/noreturn.c
// RUN: cd %t && p3-rewrite -k 1 --stats -o out noreturn.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: grep -v '^//' %t/out/copy-0/noreturn.c | FileCheck %s
// RUN: cd %t && %p3check verify out noreturn.c --run "" --run 7 --run 2000 --run -3 --run 42 | FileCheck --check-prefix=PROF %s
// RUN: cd %t && %p3check verify out noreturn.c --run 200 --run -20 | FileCheck --check-prefix=CUT %s
// RUN: cd %t && p3-rewrite -k 1 --stats -o ndebug noreturn.c -- -DNDEBUG | FileCheck --check-prefix=NDEBUG-STATS %s
// RUN: cd %t && %p3check verify ndebug noreturn.c --cflags=-DNDEBUG --run -3 | FileCheck --check-prefix=NDEBUG %s
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

static void fail(const char *why) __attribute__((noreturn));

static void fail(const char *why) {
  fprintf(stderr, "%s\n", why);
  exit(4);
}

static int checked(int x) {
  assert(x >= 0);
  if (x > 100) {
    fprintf(stderr, "too big\n");
    exit(3);
  }
  if (x == 42)
    abort();
  return x * 2;
}

static int small(int x) {
  if (x < -10)
    fail("way too small");
  return x;
}

int main(int argc, char **argv) {
  int t = 0;
  for (int i = 0; i < 3; i++)
    t += checked(i);
  printf("%d\n", t);
  fflush(stdout);
  if (argc > 1) {
    int v = atoi(argv[1]);
    if (v > 1000)
      exit(5);
    t += small(v);
    t += checked(v);
  }
  printf("%d\n", t);
  return 0;
}

// STATS: noreturn.c:27 checked
// STATS-NEXT: note: paths into the noreturn call on line 28 (inside a macro expansion) are not profiled
// NDEBUG-STATS: noreturn.c:27 checked
// NDEBUG-STATS-NOT: note:
// NDEBUG-STATS: summary:

// Emitted code.
// fail() ends by calling exit: its path ends there.
// CHECK-LABEL: static void fail(const char *why) {
// CHECK:        P3_COUNT({{-?[0-9]+}}); exit(4);
// assert is left alone.
// CHECK-LABEL: static int checked(int x) {
// CHECK-NEXT:   assert(x >= 0);
// CHECK:          P3_COUNT({{-?[0-9]+}}); exit(3);
// CHECK:          { P3_COUNT({{-?[0-9]+}}); abort(); }
// A call to a function declared noreturn ends the path like exit.
// CHECK-LABEL: static int small(int x) {
// CHECK:          { P3_COUNT({{-?[0-9]+}}); fail("way too small"); }
// CHECK-LABEL: int main(int argc, char **argv) {
// CHECK:            t += __extension__ ({ int p3_v = P3_SEQ(P3_CUT_COUNT([[C:[0-9]+]]), checked(i)); P3_CUT_UNDO([[C]]); p3_v; });
// CHECK:            { P3_COUNT({{-?[0-9]+}}); exit(5); }

// Runs: no argument; 7; 2000 (exit(5) from main, line 53); -3 (the assert
// fails: abort); 42 (abort, line 34). The runs that abort write no profile at
// all. The other three call checked(0), checked(1), checked(2), and the run
// with 7 also small(7) and checked(7). checked's first block is the assert's
// test (line 28), the next the rest of the assert and the test on line 29.
// PROF:      FUNC fail: 0 executions, 0/1 paths
// PROF-NEXT: FUNC checked: 10 executions, 1/3 paths
// PROF-NEXT:   10: 28 > 28-29 > 33 > 35
// PROF-NEXT: FUNC small: 1 executions, 1/2 paths
// PROF-NEXT:   1: 39 > 41
// main: the loop runs 3 times per run, the first iteration from entry; then
// no argument skips to line 57; 7 goes through small and checked; 2000 exits.
// PROF-NEXT: FUNC main: 12 executions, 5/12 paths
// PROF-NEXT:   3: 45-46 > 46 > 47 > 46 ...
// PROF-NEXT:   6: ... 46 > 47 > 46 ...
// PROF-NEXT:   1: ... 46 > 48-50 > 51-52 > 53
// PROF-NEXT:   1: ... 46 > 48-50 > 51-52 > 54-55 > 57-58
// PROF-NEXT:   1: ... 46 > 48-50 > 57-58
// Runs 200 (exit(3) in checked(200), counted there) and -20 (small(-20) calls
// fail, which calls exit(4); counted in small and in fail): main's last path
// is cut short in both, in the block of small(v) and checked(v).
// CUT:      FUNC fail: 1 executions, 1/1 paths
// CUT-NEXT:   1: 23-24
// CUT-NEXT: FUNC checked: 7 executions, 2/3 paths
// CUT-NEXT:   1: 28 > 28-29 > 30-31
// CUT-NEXT:   6: 28 > 28-29 > 33 > 35
// CUT-NEXT: FUNC small: 2 executions, 2/2 paths
// CUT-NEXT:   1: 39 > 40
// CUT-NEXT:   1: 39 > 41
// CUT-NEXT: FUNC main: 8 executions, 3/12 paths
// CUT-NEXT:   2: 45-46 > 46 > 47 > 46 ...
// CUT-NEXT:   4: ... 46 > 47 > 46 ...
// CUT-NEXT:   2: ... 46 > 48-50 > 51-52 > 54-55 CUT
// With NDEBUG, checked(-3) returns: 4 calls.
// NDEBUG:      FUNC checked: 4 executions, 1/3 paths
// NDEBUG-NEXT:   4: 28-29 > 33 > 35
