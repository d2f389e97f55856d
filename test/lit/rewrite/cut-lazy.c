// Cut-stack entries are pushed lazily: P3_FRAME declares a null entry, the
// frame's first P3_CUT (a note before a call that may not return) pushes it,
// and the cleanup pops it only if it was pushed. check() calls its hook only
// when n % 4 == 0: on its other path it never touches the cut stack. A
// P3_CUT_NONE before the first note (a block whose cut edge this copy does
// not count) pushes nothing: there is no path to forget.
//
// Why a lazy entry is exact: a frame's path can be cut only inside a call
// that may not return, and every such call is noted first, so a frame is on
// the stack whenever a cut could end its path. The note runs in the frame's
// own code, when every frame above it has returned or was left by a longjmp,
// so entries stay in call order, and the entries of frames a longjmp skipped
// are still counted: by the next frame below that pops its entry or syncs
// after setjmp, or at exit. Here the setjmp caller, catcher, is not
// instrumented (--skip-function): the longjmp out of check (from chain)
// leaves chain's and check's entries above top's, and top's pop counts them.
// In the K=2 and K=3 copies some of these blocks note P3_CUT_NONE, so frames
// below and above such entries are pushed later or not at all; the merged
// profiles must still equal SBL's.
//
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --no-eager-cuts --skip-function=catcher -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c --run "" --run "x" | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 --strategy=p3 --skip-function=catcher -o out2 t.c -- && %p3check verify out2 t.c --quiet --run "" --run "x"
// RUN: p3-report %t/out2 --check %t/out/profile.json
// RUN: cd %t && p3-rewrite -k 3 --strategy=pbl --skip-function=catcher -o out3 t.c -- && %p3check verify out3 t.c --quiet --run "" --run "x"
// RUN: p3-report %t/out3 --check %t/out/profile.json
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

static jmp_buf env;
static int armed;
static void (*hook)(int);

static void leap(int n) {
  if (armed && n % 8 == 0)
    longjmp(env, 1);
}

static void leave(int n) {
  printf("exit at %d\n", n);
  exit(0);
}

static int check(int n) {
  if (n % 4 == 0)
    hook(n);
  return n * 3;
}
// The frame costs a null local on the path that makes no such call.
// CODE-LABEL: static int check(int n) { P3_ENTER(p3_functions_0, 2, p3_counts_0_2); P3_FRAME;
// CODE-NEXT: if (n % 4 == 0)
// CODE-NEXT: P3_SEQ(P3_CUT({{[0-9]+}}), hook(n));

static int chain(int n) {
  int a = check(n);
  a += check(n + 1);
  return a;
}
// Two calls in one block, one cut edge: the first note pushes, the second
// finds the entry.
// CODE-LABEL: static int chain(int n) {
// CODE-SAME: P3_FRAME;
// CODE-NEXT: int a = P3_SEQ(P3_CUT([[C:[0-9]+]]), check(n));
// CODE-NEXT: a += P3_SEQ(P3_CUT([[C]]), check(n + 1));

static int catcher(int n) {
  int r;
  armed = 1;
  if (setjmp(env) != 0) {
    armed = 0;
    return -1;
  }
  r = chain(n);
  armed = 0;
  return r;
}
// CODE-LABEL: static int catcher(int n) {
// CODE-NOT: P3_

static int top(int n) {
  int s = check(n);
  if (n > 5)
    s += catcher(n);
  return s;
}
// CODE-LABEL: static int top(int n) {
// CODE-SAME: P3_FRAME;

int main(int argc, char **argv) {
  int sum = 0;
  (void)argv;
  hook = argc > 1 ? leave : leap;
  for (int n = 0; n < 10; n++)
    sum += top(n);
  printf("%d\n", sum);
  return 0;
}

// Run "": check runs 10 times from top (the hook returns for n = 0, 4, 8:
// not armed) and 7 times from chain (n = 6, 7, 8, 9: check(7), check(8) for
// n = 7, check(8) for n = 8, two each for 6 and 9); the hook longjmps for
// check(8) inside catcher (n = 7 and 8): 2 paths cut there, and chain's
// too. Run "x": top(0)'s check(0) calls leave, which exits: check's, top's
// and main's paths are cut at exit (three frames deep).
// PROF:      FUNC check: 18 executions, 3/3 paths
// PROF-NEXT:   3: [[IF:[0-9]+]] > [[HOOK:[0-9]+]] CUT
// PROF-NEXT:   3: [[IF]] > [[HOOK]] > [[RET:[0-9]+]]
// PROF-NEXT:   12: [[IF]] > [[RET]]
// PROF-NEXT: FUNC chain: 4 executions, 2/2 paths
// PROF-NEXT:   2: [[CHAIN:[0-9]+-[0-9]+]]{{$}}
// PROF-NEXT:   2: [[CHAIN]] CUT
// PROF-NEXT: FUNC top: 11 executions,
// PROF-NEXT:   1: {{.*}} CUT
// PROF:      FUNC main: 12 executions,
// PROF-NEXT:   1: {{.*}} CUT

// The same program counted eagerly (--eager-cuts: no frame where every call
// that may not return has a place for a count and its undo): same profile.
// RUN: cd %t && p3-rewrite -k 1 --skip-function=catcher --eager-cuts -o eager t.c -- && %p3check verify eager t.c --quiet --run "" --run "x"
// RUN: p3-report %t/eager --check %t/out/profile.json
