// --closed-world and functions converted to another type: calling through a
// pointer of an incompatible type is undefined behaviour, but code relies on
// the conversion back (sqlite3's table of system calls stores them all as
// void (*)(void)). So a function whose address is converted (stop, cast to
// any_fn) is a candidate for every call through a pointer, whatever its
// type: finish()'s void (*)(void) call and apply()'s int (*)(int) call both
// keep their notes, since stop exits. Run "x" exits through that call:
// finish's path cut there is counted.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --no-eager-cuts --closed-world -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c --run "" --run "x" | FileCheck --check-prefix=PROF %s
#include <stdio.h>
#include <stdlib.h>

typedef void (*any_fn)(void);
static void stop(int code) { exit(code); }
static void nothing(void) {}
static any_fn at_end;

static int twice(int n) { return 2 * n; }
static int (*op)(int);

static int apply(int n) { return op(n) + 1; }
// CODE-LABEL: static int apply(int n) {{{.*}} P3_FRAME;
// CODE:       P3_SEQ(P3_CUT({{[0-9]+}}), op(n))

static void finish(int last) {
  if (last)
    at_end();
}
// CODE-LABEL: static void finish(int last) {{{.*}} P3_FRAME;
// CODE:       P3_SEQ(P3_CUT({{[0-9]+}}), at_end());

int main(int argc, char **argv) {
  (void)argv;
  op = twice;
  at_end = argc > 1 ? (any_fn)stop : nothing;
  printf("%d\n", apply(20));
  finish(1);
  return 0;
}
// PROF:      FUNC finish: 2 executions, 2/3 paths
// PROF-NEXT:   1: [[IF:[0-9]+]] > [[CALL:[0-9]+]] CUT
// PROF-NEXT:   1: [[IF]] > [[CALL]] > [[RET:[0-9]+]]

// The same program counted eagerly (--eager-cuts: no frame where every call
// that may not return has a place for a count and its undo): same profile.
// RUN: cd %t && p3-rewrite -k 1 --closed-world --eager-cuts -o eager t.c -- && %p3check verify eager t.c --quiet --run "" --run "x"
// RUN: p3-report %t/eager --check %t/out/profile.json
