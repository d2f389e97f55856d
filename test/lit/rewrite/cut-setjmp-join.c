// A setjmp caller shaped like tcc's tcc_compile: `if (setjmp(env) == 0)
// { ...; work(n); }` with no else, so the block after the if is where paths
// start again on setjmp's second return AND where the then-branch goes on
// when work returns. P3_CUT_SYNC there counts the frame's pending path as cut
// by a longjmp; arriving by normal flow, the pending note is the one left
// before work(n), which returned: every exit edge of a setjmp caller notes
// that nothing is pending (P3_CUT_NONE after its count), or a path that never
// ran would be counted as cut (the profile had "... 63 CUT" once per normal
// call, and measured probes were fewer than the model's).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 --strategy=p3 -o out2 t.c -- && %p3check verify out2 t.c --quiet
// RUN: p3-report %t/out2 --check %t/out/profile.json
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;
static int errors;

static void fail(int n) {
  errors++;
  longjmp(env, n + 1);
}

static int work(int n) {
  if (n % 3 == 0)
    fail(n);
  return n * 2;
}

static int compile(int n) {
  int r = 0;
  if (setjmp(env) == 0) {
    r = 1;
    r += work(n);
  }
  r += 10;
  return r;
}
// The then-branch's end, and the return, clear the pending note.
// CODE-LABEL: static int compile(int n) {{{.*}} P3_FRAME_SETJMP;
// CODE: P3_COUNT(0); P3_CUT_NONE; if (setjmp(env) == 0) { {
// CODE-NEXT: P3_CUT_SYNC; P3_RESET({{[0-9]+}}); r = 1;
// CODE-NEXT: r += P3_SEQ(P3_CUT({{[0-9]+}}), work(n));
// CODE-NEXT: } P3_COUNT({{[0-9]+}}); P3_CUT_NONE; }
// CODE-NEXT: P3_CUT_SYNC; P3_RESET({{[0-9]+}}); r += 10;
// CODE-NEXT: P3_COUNT({{[0-9]+}}); P3_CUT_NONE; return r;

int main(void) {
  int sum = 0;
  for (int n = 0; n < 7; n++)
    sum += compile(n);
  printf("%d %d\n", sum, errors);
  return 0;
}

// n = 0, 3, 6 longjmp; 1, 2, 4, 5 return from work.
// PROF: FUNC fail: 3 executions, 1/1 paths
// PROF-NEXT:   3: 23-24
// PROF-NEXT: FUNC work: 7 executions, 2/3 paths
// PROF-NEXT:   3: 28 > 29 CUT
// PROF-NEXT:   4: 28 > 30
// compile: 7 paths to the setjmp; from its first return 4 reach the end of
// the if and 3 are cut in work; from the join, 7 (4 after the if, 3 after
// the longjmp). No other path is cut (before the fix: 4 more "36-37 CUT").
// PROF-NEXT: FUNC compile: 21 executions, 4/4 paths
// PROF-NEXT:   7: 34-35
// PROF-NEXT:   4: ... 36-37
// PROF-NEXT:   3: ... 36-37 CUT
// PROF-NEXT:   7: ... 39-40
// PROF-NEXT: FUNC main: 8 executions, 3/6 paths
