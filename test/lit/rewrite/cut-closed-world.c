// --closed-world (C): a call through a pointer may reach only the functions
// of a compatible type whose address its file takes (here, or a C library
// function such as strlen), and returns normally if every one of them does.
// Functions whose address the file does not take (a callback another file
// or the application registers) are assumed to return normally: that is
// the assumption the user makes, true of a program in one file such as
// sqlite3.c, whose calls through pointers (page and mutex methods) are then
// no longer framed.
//
// Here apply() calls through an int (*)(int): twice and triple are the only
// such functions whose address is taken, and both return, so apply needs no
// frame and no note. measure() calls through a size_t (*)(const char *),
// whose only target here is strlen. The rule must NOT apply to report(),
// whose void (*)(int) may reach leave(), which exits: it keeps its frame and
// note, and its path cut by exit() is counted (run "x"). Without the option,
// every call through a pointer is noted (the second rewrite).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --no-eager-cuts --closed-world -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c --run "" --run "x" | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 --strategy=p3 --closed-world -o out2 t.c -- && %p3check verify out2 t.c --quiet --run "" --run "x"
// RUN: p3-report %t/out2 --check %t/out/profile.json
// RUN: cd %t && p3-rewrite -k 1 --no-eager-cuts -o open t.c --
// RUN: grep -v '^//' %t/open/copy-0/t.c | FileCheck --check-prefix=OPEN %s
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int twice(int n) { return 2 * n; }
static int triple(int n) { return 3 * n; }
static int (*op)(int);

static int apply(int n) {
  if (n % 2 == 0)
    return op(n) + 1;
  return op(n);
}
// CODE-LABEL: static int apply(int n) {
// CODE-NOT:   P3_FRAME
// CODE-NOT:   P3_CUT
// CODE:       P3_COUNT
// OPEN-LABEL: static int apply(int n) {{{.*}} P3_FRAME;
// OPEN:       P3_CUT

static size_t measure(size_t (*len)(const char *), const char *s) {
  return s ? len(s) : 0;
}
// CODE-LABEL: static size_t measure(
// CODE-NOT:   P3_FRAME
// CODE-NOT:   P3_CUT
// CODE:       P3_COUNT

static void quiet(int n) { (void)n; }
static void leave(int n) {
  printf("leaving at %d\n", n);
  exit(0);
}
static void (*sink)(int);

static void report(int n) {
  if (n > 2)
    sink(n);
}
// CODE-LABEL: static void report(int n) {{{.*}} P3_FRAME;
// CODE:       P3_SEQ(P3_CUT({{[0-9]+}}), sink(n));

int main(int argc, char **argv) {
  int sum = 0;
  (void)argv;
  sink = argc > 1 ? leave : quiet;
  for (int n = 0; n < 5; n++) {
    op = n % 3 ? twice : triple;
    sum += apply(n) + (int)measure(strlen, "abc");
    report(n);
  }
  printf("%d\n", sum);
  return 0;
}
// Run "": report runs 5 times, sink for n = 3 and 4; run "x": leave exits
// at n = 3, cutting report's path (and main's).
// PROF:      FUNC report: 9 executions, 3/3 paths
// PROF-NEXT:   1: [[IF:[0-9]+]] > [[CALL:[0-9]+]] CUT
// PROF-NEXT:   2: [[IF]] > [[CALL]] > [[RET:[0-9]+]]
// PROF-NEXT:   6: [[IF]] > [[RET]]

// The same program counted eagerly (--eager-cuts: no frame where every call
// that may not return has a place for a count and its undo): same profile.
// RUN: cd %t && p3-rewrite -k 1 --closed-world --eager-cuts -o eager t.c -- && %p3check verify eager t.c --quiet --run "" --run "x"
// RUN: p3-report %t/eager --check %t/out/profile.json
