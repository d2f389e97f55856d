// A call that may longjmp in a macro's body inside an if's condition (as
// lua's luaV_fastget in `if (luaV_fastget(...))`): the note goes in front of
// the if. Only the blocks between the statement's start and the call need
// keep the register's value; the if's branches, which take probes, come
// after the call.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c --run "" --run "a b" | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 --strategy=p3 -o out2 t.c -- && %p3check verify out2 t.c --quiet --run "" --run "a b"
// RUN: p3-report %t/out2 --check %t/out/profile.json
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;
static int calls;

static int lookup(int k) {
  if (++calls == 4)
    longjmp(env, 1);
  return k * 2;
}

/* A macro whose body calls something that may longjmp, inside a condition
   that branches (like lua's luaV_fastget). */
#define fastget(t, k, slot) ((t) < 0 ? (slot = 0, 0) : (slot = lookup(k), slot > 3))

static int get(int t, int k) {
  int slot;
  if (fastget(t, k, slot)) {
    slot += 1;
  } else {
    slot -= 1;
  }
  return slot;
}

int main(int argc, char **argv) {
  int i, sum = 0;
  (void)argv;
  if (setjmp(env)) {
    printf("cut at %d, sum %d\n", calls, sum);
    return 0;
  }
  for (i = 0; i < 3 + argc; i++)
    sum += get(i - 1, i);
  printf("%d\n", sum);
  return 0;
}

// CODE-LABEL: static int get(int t, int k) {{{.*}} P3_FRAME;
// CODE:       P3_CUT({{[0-9]+}}); if (P3_IF(fastget(t, k, slot),

// Run 1 (argc 1): get(-1, 0) takes the macro's first arm (no call), then
// lookup returns 2, 4, 6: else, else, then, then. Run 2 (argc 3): the same
// four, then the fourth lookup longjmps: the path is cut in the condition.
// PROF:      FUNC get: 9 executions, 3/3 paths
// PROF-NEXT:   1: 29-30 > 30 CUT
// PROF-NEXT:   4: 29-30 > 30 > 31 > 35
// PROF-NEXT:   4: 29-30 > 30 > 33 > 35
