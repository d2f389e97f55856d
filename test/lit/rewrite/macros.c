// Macros. Text inside a macro expansion cannot be edited: a condition that is
// a whole macro invocation is wrapped as a whole; branches and loops inside a
// macro body have no place for a probe, so their blocks are contracted into one
// step (a note says so); a return inside a macro body has no place for its
// counter, so the function's returns are counted when the frame is left
// (P3_ENTER_GUARDED: a cleanup with gcc and clang; with tcc a "return" macro,
// and P3_GUARD_END before the closing brace), even when the check is the first
// thing in the function (the edge out of ENTRY can carry a probe, right after
// P3_ENTER). The copy builds and counts alike with gcc, clang and tcc.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/macros.c
// RUN: cd %t && p3-rewrite -k 1 --stats -o out macros.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: grep -v '^//' %t/out/copy-0/macros.c | FileCheck %s
// RUN: cd %t && %p3check verify out macros.c | FileCheck --check-prefix=PROF %s
#include <ctype.h>
#include <stdio.h>

#define LIKELY(x) __builtin_expect(!!(x), 1)
#define POSITIVE(x) ((x) > 0)
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define CLAMP(v) if ((v) > 9) (v) = 9
#define CHECK(x) do { if (!(x)) return -1; } while (0)
#define SUM3(s) for (int i_ = 0; i_ < 3; i_++) s += i_

static int wrapped(int x) {
  int r = 0;
  if (LIKELY(x > 3))
    r += 1;
  if (POSITIVE(x))
    r += 2;
  if (isdigit(x))
    r += 4;
  return r;
}

static int contracted(int x) {
  int r = MAX(x, 3);
  CLAMP(r);
  return r;
}

static int guarded(int x) {
  if (x > 5)
    x -= 5;
  CHECK(x != 2);
  return x;
}

static int checked(int x) {
  CHECK(x != 7);
  return x * 2;
}

static int loop(int x) {
  SUM3(x);
  return x;
}

int main(void) {
  int t = 0;
  for (int x = 0; x < 12; x++)
    t = t * 2 + wrapped(x + 45) + wrapped(x) + contracted(x) + guarded(x) +
        checked(x) + loop(x);
  printf("%d\n", t);
  return 0;
}

// STATS:      macros.c:25 wrapped
// STATS-NEXT: macros.c:36 contracted
// STATS-NEXT:   note: lines 37-38: branches with no place for a probe (inside a macro expansion{{.*}}) count as one step
// STATS-NEXT: macros.c:42 guarded
// STATS-NEXT:   note: the return on line 45 has no place for the path counter (inside a macro expansion): every return is counted when the function returns, by a cleanup (gcc or clang), and the function is not split between copies
// STATS-NEXT: macros.c:49 checked
// STATS-NEXT:   note: the return on line 50 has no place for the path counter (inside a macro expansion): every return is counted when the function returns, by a cleanup (gcc or clang), and the function is not split between copies
// STATS-NEXT: macros.c:54 loop
// STATS-NEXT:   note: line 55: branches with no place for a probe (inside a macro expansion{{.*}}) count as one step
// STATS-NEXT: macros.c:59 main

// Emitted code.
// isdigit is a macro too (glibc's table lookup): wrapped whole.
// CHECK-LABEL: static int wrapped(int x) {
// CHECK:        if (P3_IF(LIKELY(x > 3), {{.+}}, {{.+}}))
// CHECK:        if (P3_IF(POSITIVE(x), {{.+}}, {{.+}}))
// CHECK:        if (P3_IF(isdigit(x), {{.+}}, {{.+}}))
// CHECK-LABEL: static int contracted(int x) {
// CHECK-NEXT:   int r = MAX(x, 3);
// CHECK-NEXT:   CLAMP(r);
// CHECK-NEXT:   P3_COUNT({{-?[0-9]+}}); return r;
// The guarded function counts at every return when its frame is left: no
// P3_COUNT at the returns.
// CHECK-LABEL: static int guarded(int x) { P3_ENTER_GUARDED(p3_functions_0, 2, p3_counts_0_2);
// CHECK-NOT:    P3_COUNT
// CHECK:        CHECK(x != 2);{{( P3_ADD\([-0-9]+\);)?}}
// CHECK-NEXT:   return x;
// CHECK-NEXT:  P3_GUARD_END;}
// CHECK-EMPTY:
// CHECK-NEXT: static int checked(int x) {
// CHECK-NEXT:   CHECK(x != 7);
// CHECK-NEXT:   return x * 2;
// CHECK-LABEL: static int loop(int x) {
// CHECK-NEXT:   SUM3(x);
// CHECK-NEXT:   P3_COUNT({{-?[0-9]+}}); return x;


// x runs over 0..11; wrapped is called with x + 45 (45..56) and x (0..11).
// x > 3 fails for 0..3; x > 0 fails for 0; isdigit holds for 48..56 ('0' to
// '8'). So: all three hold 9 times; the first two 11 times (45..47, 4..11);
// only the second 3 times (1..3); none once (0).
// PROF:      FUNC wrapped: 24 executions, 4/8 paths
// PROF-NEXT:   9: 26-27 > 28 > 29 > 30 > 31 > 32 > 33
// PROF-NEXT:   11: 26-27 > 28 > 29 > 30 > 31 > 33
// PROF-NEXT:   3: 26-27 > 29 > 30 > 31 > 33
// PROF-NEXT:   1: 26-27 > 29 > 31 > 33
// The ?: of MAX and the if of CLAMP are one step: one path.
// PROF-NEXT: FUNC contracted: 12 executions, 1/1 paths
// PROF-NEXT:   12: 37 > 37-38 > 38 > 39
// guarded: x > 5 for 6..11 (then x - 5 = 1..6); CHECK returns -1 when x is
// then 2 (x = 2 and x = 7).
// PROF-NEXT: FUNC guarded: 12 executions, 4/4 paths
// PROF-NEXT:   1: 43 > 44 > 45
// PROF-NEXT:   5: 43 > 44 > 45 > 46
// PROF-NEXT:   1: 43 > 45
// PROF-NEXT:   5: 43 > 45 > 46
// checked: CHECK returns -1 for x = 7 only.
// PROF-NEXT: FUNC checked: 12 executions, 2/2 paths
// PROF-NEXT:   1: 50
// PROF-NEXT:   11: 50 > 51
// The loop inside SUM3 is one step (line 55).
// PROF-NEXT: FUNC loop: 12 executions, 1/1 paths
// PROF-NEXT:   12: 55 > 56
// PROF-NEXT: FUNC main: 13 executions, 3/4 paths
// PROF-NEXT:   1: 60-61 > 61 > 62-63 > 61 ...
// PROF-NEXT:   11: ... 61 > 62-63 > 61 ...
// PROF-NEXT:   1: ... 61 > 64-65

// With --no-exit-guards the functions with returns inside macros are skipped
// instead.
// RUN: cd %t && p3-rewrite -k 1 --no-exit-guards --stats -o noguard macros.c -- | FileCheck --check-prefix=NOGUARD %s
// RUN: cd %t/noguard/copy-0 && %tcc -c macros.c -o %t/tcc-noguard.o
// NOGUARD: macros.c:42 guarded {{.*}} skipped: no place for the path counter at the exit on line 45 (inside a macro expansion?)
// NOGUARD: macros.c:49 checked {{.*}} skipped: no place for the path counter at the exit on line 50 (inside a macro expansion?)
// NOGUARD: summary: 6 functions, 4 instrumented, 2 skipped
