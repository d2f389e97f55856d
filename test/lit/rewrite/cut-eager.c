// Paths cut short counted eagerly (the default where it applies): no frame,
// no cut stack. Before a call that may not return, P3_CUT_COUNT(c) counts the
// path that would be cut there (register + c) in the function's own array;
// when the call returns, P3_CUT_UNDO(c) takes that count back. A call that
// exits or longjmps never reaches its undo, so the count stands, in every
// frame it leaves: here a longjmp out of deep() at depth 3 below catcher()
// (run "x"), and an exit() from the same depth (run "x x"). A call whose value
// is used keeps it in a temporary of its type while the count is undone; a
// call that is a statement of its own gets the undo after its ';'.
// The profile equals the one counted by frames (--no-eager-cuts), with gcc,
// clang and tcc (which has no cut stack, but counts these), and the probe
// counts equal the model (the count and its undo are one probe and minus one).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --skip-function=catcher -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c --run "" --run "x" --run "x x" | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 1 --no-eager-cuts --skip-function=catcher -o framed t.c --
// RUN: grep -c P3_FRAME %t/framed/copy-0/t.c
// RUN: cd %t && %p3check verify framed t.c --quiet --run "" --run "x" --run "x x"
// RUN: p3-report %t/framed --check %t/out/profile.json
// RUN: cd %t && p3-rewrite -k 2 --strategy=p3 --eager-cuts --skip-function=catcher -o out2 t.c -- && %p3check verify out2 t.c --quiet --run "" --run "x" --run "x x"
// RUN: p3-report %t/out2 --check %t/out/profile.json
// RUN: cd %t && p3-rewrite -k 3 --strategy=pbl --eager-cuts --skip-function=catcher -o out3 t.c -- && %p3check verify out3 t.c --quiet --run "" --run "x" --run "x x"
// RUN: p3-report %t/out3 --check %t/out/profile.json
// Without the undo, every call would count a cut path:
// RUN: sed 's/P3_CUT_UNDO([0-9]*)/P3_NONE/' %t/out/copy-0/t.c > %t/out/copy-0/noundo.c
// RUN: cd %t/out/copy-0 && %cc -o noundo noundo.c && rm -rf %t/out/profiles && p3-run %t/out -- ./noundo
// RUN: p3-report %t/out | FileCheck --check-prefix=NOUNDO %s
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

static jmp_buf env;
static int mode;
static void (*hook)(int);
static int (*value)(int);

static void leave(int n) {
  if (mode == 1 && n == 5)
    longjmp(env, 1);
  if (mode == 2 && n == 7)
    exit(0);
}

static int twice(int n) { return 2 * n; }

static int deep(int n) {
  int r = 3 * value(n) + 1;
  if (value(r) > 20)
    r -= 1;
  hook(n);
  return r + value(n);
}

static int middle(int n) {
  int t = 0;
  if (n % 2)
    t = deep(n);
  else
    t = deep(n + 1) - 1;
  return t;
}

static int top(int n) { return middle(n) + 1; }

static int catcher(void) {
  volatile int sum = 0;
  if (setjmp(env) == 0) {
    for (int i = 0; i < 10; i++)
      sum += top(i);
  }
  return sum;
}

int main(int argc, char **argv) {
  (void)argv;
  mode = argc - 1;
  hook = leave;
  value = twice;
  printf("%d\n", catcher());
  return 0;
}

// No function keeps a frame; a used value is held while its count is undone.
// CODE-NOT:  P3_FRAME
// CODE-LABEL: static int deep(int n) { P3_ENTER(p3_functions_0, 2, p3_counts_0_2);
// CODE-NEXT:   int r = 3 * __extension__ ({ int p3_v = P3_SEQ(P3_CUT_COUNT([[D:[0-9]+]]), value(n)); P3_CUT_UNDO([[D]]); p3_v; }) + 1;
// CODE-NEXT:   if (P3_IF(__extension__ ({ int p3_v = P3_SEQ(P3_CUT_COUNT([[D]]), value(r)); P3_CUT_UNDO([[D]]); p3_v; }) > 20, P3_NONE, P3_ADD({{-?[0-9]+}})))
// CODE-NEXT:     r -= 1;
// CODE-NEXT:   P3_CUT_COUNT([[H:[0-9]+]]); hook(n); P3_CUT_UNDO([[H]]);
// CODE-NEXT:   return __extension__ ({ int p3_ret = (r + __extension__ ({ int p3_v = P3_SEQ(P3_CUT_COUNT([[H]]), value(n)); P3_CUT_UNDO([[H]]); p3_v; })); P3_COUNT(0); p3_ret; });
// CODE-LABEL: static int top(int n)
// CODE-SAME: P3_SEQ(P3_CUT_COUNT([[T:[0-9]+]]), middle(n)); P3_CUT_UNDO([[T]]); p3_v; }) + 1); P3_COUNT(0); p3_ret; }); }
// CODE-NOT:  P3_FRAME

// Run "x": the longjmp cuts deep, middle and top (deep(5) from middle(4));
// run "x x": exit() cuts them again (deep(7) from middle(6)), and main.
// PROF:      FUNC deep: 22 executions, 3/5 paths
// PROF-NEXT:   14: 48-49 > 50 > 51-52
// PROF-NEXT:   2: 48-49 > 50 > 51-52 CUT
// PROF-NEXT:   6: 48-49 > 51-52
// PROF-NEXT: FUNC middle: 22 executions, 3/4 paths
// PROF-NEXT:   10: 56-57 > 58 > 61
// PROF-NEXT:   2: 56-57 > 60 CUT
// PROF-NEXT:   10: 56-57 > 60 > 61
// PROF-NEXT: FUNC top: 22 executions, 2/2 paths
// PROF-NEXT:   20: 64
// PROF-NEXT:   2: 64 CUT
// PROF-NEXT: FUNC main: 3 executions, 2/2 paths
// PROF-NEXT:   2: 76-81
// PROF-NEXT:   1: 76-81 CUT

// Run "" with the undos removed: 10 calls of deep, counted as 50.
// NOUNDO: deep (t.c:47): 50 executions
