// A longjmp out of a callee two frames down, caught by an instrumented setjmp
// caller. The frames the longjmp skips (worker, and thrower's, whose path
// ended at its longjmp) stay on the runtime's cut stack: the setjmp caller
// counts them when setjmp returns (P3_CUT_SYNC, on every way out of the
// statement), along with its own path, cut at the call that led to the
// longjmp. Its path ends at the statement that calls setjmp, where it notes
// that no path is pending (P3_CUT_NONE), so the first return counts nothing.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --no-eager-cuts -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 --strategy=p3 -o out2 t.c -- && %p3check verify out2 t.c --quiet
// RUN: p3-report %t/out2 --check %t/out/profile.json
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;

static void thrower(int n) {
  if (n % 3 == 0)
    longjmp(env, n + 1);
}
// Counted before the call, as before: thrower has no call that may not
// return but the longjmp, so it needs no frame.
// CODE-LABEL: static void thrower(int n) { P3_ENTER(p3_functions_0, 0, p3_counts_0_0);
// CODE-NEXT: if (n % 3 == 0)
// CODE-NEXT: { P3_COUNT({{[0-9]+}}); longjmp(env, n + 1); }

static int worker(int n) {
  int k = n;
  if (n > 4)
    k = n * 2;
  thrower(n);
  return k;
}
// CODE-LABEL: static int worker(int n) {
// CODE: P3_CUT({{[0-9]+}}); thrower(n);

static int guarded(int n) {
  int r;
  if (setjmp(env) == 0)
    r = worker(n);
  else
    r = -1;
  return r;
}
// CODE-LABEL: static int guarded(int n) {{{.*}} P3_FRAME_SETJMP;
// CODE: P3_COUNT(0); P3_CUT_NONE; if (setjmp(env) == 0)
// CODE-NEXT: { P3_CUT_SYNC; P3_RESET({{[0-9]+}}); r = P3_SEQ(P3_CUT({{[0-9]+}}), worker(n)); }
// CODE-NEXT: else
// CODE-NEXT: { P3_CUT_SYNC; P3_RESET({{[0-9]+}}); r = -1; }

int main(void) {
  int sum = 0;
  for (int n = 0; n < 7; n++)
    sum += guarded(n);
  printf("%d\n", sum);
  return 0;
}

// n = 0, 3, 6 longjmp; 1, 2, 4, 5 return.
// PROF: FUNC thrower: 7 executions, 2/2 paths
// PROF-NEXT:   3: 20 > 21
// PROF-NEXT:   4: 20 > 22
// worker: n > 4 returns for 5 and is cut for 6; n <= 4 returns for 1, 2, 4
// and is cut for 0 and 3.
// PROF-NEXT: FUNC worker: 7 executions, 4/4 paths
// PROF-NEXT:   1: 30-31 > 32 > 33-34
// PROF-NEXT:   1: 30-31 > 32 > 33-34 CUT
// PROF-NEXT:   3: 30-31 > 33-34
// PROF-NEXT:   2: 30-31 > 33-34 CUT
// guarded: 7 paths to the setjmp; from its first return, 4 reach the return
// and 3 are cut by the longjmp; from its second return, 3.
// PROF-NEXT: FUNC guarded: 17 executions, 4/4 paths
// PROF-NEXT:   7: 40-41
// PROF-NEXT:   3: ... 42 CUT
// PROF-NEXT:   4: ... 42 > 45
// PROF-NEXT:   3: ... 44 > 45
// main: 7 iterations, none cut.
// PROF-NEXT: FUNC main: 8 executions, 3/6 paths
// PROF-NEXT:   1: 54-55 > 55 > 56 > 55 ...
// PROF-NEXT:   6: ... 55 > 56 > 55 ...
// PROF-NEXT:   1: ... 55 > 57-58

// The same program counted eagerly (--eager-cuts: no frame where every call
// that may not return has a place for a count and its undo): same profile.
// RUN: cd %t && p3-rewrite -k 1 --eager-cuts -o eager t.c -- && %p3check verify eager t.c --quiet
// RUN: p3-report %t/eager --check %t/out/profile.json
