// A noreturn call inside a macro behind a branch of the macro's own
// (CHECK: `if (c) { ...; exit(2); }`) has no place for the count of the
// paths into it: those paths are not profiled (a note says so). The
// function keeps its frame for g(), whose cut paths are counted, and
// P3_CUT_NONE in front of CHECK makes an exit inside it count nothing,
// rather than the path cut in g() noted before (a path that did not run).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --no-eager-cuts -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: FileCheck --check-prefix=NOTE %s < %t/out/manifest.json
// The unprofiled path's probes run without a count: --no-probes.
// RUN: cd %t && %p3check verify out t.c --no-probes --run "" --run "a b c d" --run "a b c d e f g" | FileCheck --check-prefix=PROF %s
#include <stdio.h>
#include <stdlib.h>

#define CHECK(c)                                                               \
  do {                                                                         \
    if (c) {                                                                   \
      fprintf(stderr, "bad\n");                                                \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)

static int g(int x) {
  if (x > 5)
    exit(5);
  return x - 3;
}

static int f(int x) {
  int r = g(x);
  CHECK(r < 0);
  return r;
}

/* CHECK's statement holds another call that may not return: its note would
   run after a P3_CUT_NONE in front of CHECK, so h keeps no frame. */
int h(int x) {
  int r = g(x);
  CHECK(g(r) < 0);
  return r;
}

int main(int argc, char **argv) {
  (void)argv;
  printf("%d\n", f(argc));
  return 0;
}

// CODE-LABEL: static int f(int x) {{{.*}} P3_FRAME;
// CODE-NEXT:  int r = P3_SEQ(P3_CUT({{[0-9]+}}), g(x));
// CODE-NEXT:  P3_CUT_NONE; CHECK(r < 0);

// CODE-LABEL: int h(int x) {
// CODE-NOT:   P3_FRAME
// CODE:       return r;

// NOTE: paths into the noreturn call on line 32 (inside a macro expansion) are not profiled
// NOTE: calls that may not return (exit, longjmp) on line(s) 40 are reached by ways into a noreturn call that are not profiled (inside a macro expansion): no path of this function cut short is counted

// Run 1 (argc 1): r = -2, CHECK exits: not profiled. Run 2 (argc 5): f
// returns 2. Run 3 (argc 8): g exits, the path of f cut there.
// PROF:      FUNC f: 2 executions, 2/2 paths
// PROF-NEXT:   1: 31 CUT
// PROF-NEXT:   1: 31 > 32 > 33

// The same program counted eagerly (--eager-cuts: no frame where every call
// that may not return has a place for a count and its undo): same profile.
// RUN: cd %t && p3-rewrite -k 1 --eager-cuts -o eager t.c -- && %p3check verify eager t.c --quiet --no-probes --run "" --run "a b c d" --run "a b c d e f g"
// RUN: p3-report %t/eager --check %t/out/profile.json
