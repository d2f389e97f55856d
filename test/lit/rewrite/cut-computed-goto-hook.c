// An interpreter dispatching with computed goto from a macro, as lua's
// vmbreak (`vmfetch(); goto *disptab[op]`): each handler's path is counted
// in front of the macro, whose code (a hook call that may longjmp, the
// fetch, the jump) runs after the count, in no path. The hook's call then
// needs no note of its own: the count notes that no path is cut
// (P3_CUT_NONE), so a longjmp out of the hook counts nothing twice. The
// function keeps its frame for callout(), whose cut paths are counted.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --no-eager-cuts -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: FileCheck --check-prefix=NOTE %s < %t/out/manifest.json
// RUN: cd %t && %p3check verify out t.c --run "" --run "a" --run "a b" --run "a b c" | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 --strategy=p3 -o out2 t.c -- && %p3check verify out2 t.c --quiet --run "" --run "a" --run "a b" --run "a b c"
// RUN: p3-report %t/out2 --check %t/out/profile.json
#include <setjmp.h>
#include <stdio.h>

enum { ADD, SUB, CALL, END };
static jmp_buf env;
static int hooks, limit, mode;

static int traceexec(int pc) {
  if (++hooks == limit)
    longjmp(env, 1);
  return pc >= 0;
}

static int callout(int acc) {
  if (mode > 3)
    longjmp(env, 2);
  return acc + 1;
}

#define vmfetch()                                                              \
  {                                                                            \
    if (trap) {                                                                \
      trap = traceexec(pc);                                                    \
    }                                                                          \
    op = code[pc++];                                                           \
  }
#define vmdispatch(x) goto *disptab[x];
#define vmcase(l) L_##l:
#define vmbreak                                                                \
  vmfetch();                                                                   \
  vmdispatch(op)

static int execute(const int *code, int trap) {
  static const void *const disptab[] = {&&L_ADD, &&L_SUB, &&L_CALL, &&L_END};
  int pc = 0, op, acc = 0;
  vmfetch();
  vmdispatch(op) {
    vmcase(ADD) {
      acc += 1;
      vmbreak;
    }
    vmcase(SUB) {
      acc -= 1;
      vmbreak;
    }
    vmcase(CALL) {
      acc = callout(acc);
      vmbreak;
    }
    vmcase(END) { return acc; }
  }
  return -1;
}

int main(int argc, char **argv) {
  static const int prog[] = {ADD, ADD, CALL, SUB, ADD, END};
  int r;
  (void)argv;
  mode = argc;
  limit = argc > 2 ? 4 : 1000;
  if (setjmp(env)) {
    printf("cut after %d hooks\n", hooks);
    return 0;
  }
  r = execute(prog, argc > 1);
  printf("%d\n", r);
  return 0;
}

// CODE-LABEL: static int execute(const int *code, int trap) {{{.*}} P3_FRAME;
// CODE:       P3_COUNT(0); P3_CUT_NONE; vmfetch();
// CODE:       acc += 1; P3_COUNT({{[0-9]+}}); P3_CUT_NONE;
// CODE-NEXT:  vmbreak;
// CODE:       acc = P3_SEQ(P3_CUT({{[0-9]+}}), callout(acc)); P3_COUNT({{[0-9]+}}); P3_CUT_NONE;
// CODE-NEXT:  vmbreak;

// NOTE: paths end before the computed goto on line 54 (inside a macro expansion): the code from the end to the jump is in no path
// NOTE-NOT: calls that may not return

// Runs 1 and 2 (no hooks; hooks that return) run the whole program: the
// entry, ADD three times, CALL, SUB, END. Run 3 longjmps from the fourth
// hook, after CALL's path was counted: the entry, ADD twice, CALL, and no
// path cut short in execute (main's call of execute is). Run 4 longjmps
// from callout: CALL's path is cut there.
// PROF:      FUNC execute: 22 executions, 6/6 paths
// PROF-NEXT:   4: 48-50 > 50
// PROF-NEXT:   10: ... 53-54 > 54
// PROF-NEXT:   2: ... 57-58 > 58
// PROF-NEXT:   1: ... 61-62 CUT
// PROF-NEXT:   3: ... 61-62 > 62
// PROF-NEXT:   2: ... 64

// The same program counted eagerly (--eager-cuts: no frame where every call
// that may not return has a place for a count and its undo): same profile.
// RUN: cd %t && p3-rewrite -k 1 --eager-cuts -o eager t.c -- && %p3check verify eager t.c --quiet --run "" --run "a" --run "a b" --run "a b c"
// RUN: p3-report %t/eager --check %t/out/profile.json
