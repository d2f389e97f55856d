// A call that may not return, whose own arguments branch: the code in front
// of the call runs before the branches' increments, so P3_CUT there would
// note the id of a path through the other branch. Such a call has no place;
// the function keeps no frame and a note says its cut paths are not counted.
// Calls that return normally may still have branching arguments (printf).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --no-eager-cuts -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c --no-probes --run "" --run "a b c" | FileCheck --check-prefix=PROF %s
// RUN: p3-report %t/out | FileCheck --check-prefix=NOTE %s
#include <stdio.h>
#include <stdlib.h>

static int check(int v) {
  if (v > 3) {
    printf("exit at %d\n", v);
    exit(2);
  }
  return v;
}

static int sum(int argc) {
  int t = 0;
  for (int i = 0; i < argc + 3; i++)
    t += check(i & 1
               ? 0
               : i + argc);
  return t;
}

int main(int argc, char **argv) {
  (void)argv;
  printf("%s\n", argc > 1 ? "args" : "none");
  printf("%d\n", check(argc) + sum(argc));
  return 0;
}

// NOTE: Notes from p3-rewrite
// NOTE: t.c:22  sum: calls that may not return (exit, longjmp) with no place to note the path before them (inside a macro's body, in an operand evaluated in unspecified order, or with arguments that branch) on line(s) 25: no path of this function cut short is counted

// CODE-LABEL: static int sum(int argc) {
// CODE-NOT:   P3_FRAME
// CODE:       t += check(P3_IF(i & 1, P3_NONE, P3_ADD({{[0-9]+}}))
// CODE-LABEL: int main(int argc, char **argv) {{{.*}} P3_FRAME;
// CODE:       printf("%s\n", P3_IF(argc > 1, {{.*}}) ? "args" : "none");
// CODE-NEXT:  printf("%d\n", P3_SEQ(P3_CUT([[CUT:[0-9]+]]), check(argc)) + P3_SEQ(P3_CUT([[CUT]]), sum(argc)));

// Run 2 (argc 4) exits in check(4) called by sum's first iteration (i = 0,
// the even branch): main's path is cut in the block of the call (counted),
// sum's is not.
// PROF:      FUNC sum: 5 executions, 4/{{[0-9]+}} paths
// PROF:      FUNC main: 2 executions, 2/{{[0-9]+}} paths
// PROF-NEXT:   1: 32-33 > 33 > 33-35
// PROF-NEXT:   1: 32-33 > 33 > 33-35 CUT

// The same program counted eagerly (--eager-cuts: no frame where every call
// that may not return has a place for a count and its undo): same profile.
// RUN: cd %t && p3-rewrite -k 1 --eager-cuts -o eager t.c -- && %p3check verify eager t.c --quiet --no-probes --run "" --run "a b c"
// RUN: p3-report %t/eager --check %t/out/profile.json
