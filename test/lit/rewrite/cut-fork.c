// A forked child that returns through a call that may not return (flex's
// main reaches fork() through such calls, and the child goes on to write the
// scanner). The child starts from zero counts (docs/runtime.md, fork) and
// inherits the parent's frames: it counts the paths it ends itself. With
// frames (the default) that is exact; counted eagerly (--eager-cuts), the
// count made before the fork is gone in the child, and the child's undo
// takes its count below zero: 2^64 - 1 as an unsigned count, which p3-report
// rejects (no process counts a path 2^63 times). Why --eager-cuts is not the
// default.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c --no-probes --run "" --run "x" | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 --strategy=p3 -o out2 t.c -- && %p3check verify out2 t.c --quiet --no-probes --run "" --run "x"
// RUN: p3-report %t/out2 --check %t/out/profile.json
// RUN: cd %t && p3-rewrite -k 1 --eager-cuts -o eager t.c --
// RUN: mkdir %t/e && cd %t/e && gcc -w -I%t/eager/copy-0 %t/eager/copy-0/t.c -o t && ./t > out.txt
// RUN: cd %t && not p3-report eager e/p3-*.raw 2>&1 | FileCheck --check-prefix=EAGER %s
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static int in_child;

static void die(const char *why) {
  fprintf(stderr, "%s\n", why);
  exit(2);
}

static int spawn(int n) {
  pid_t p;
  if (n < 0)
    die("negative");
  p = fork();
  if (p < 0)
    die("fork");
  if (p == 0) {
    in_child = 1;
    return n + 1;
  }
  waitpid(p, NULL, 0);
  return n;
}
// CODE-LABEL: int main(int argc, char **argv) {
// CODE-SAME: P3_FRAME;
// CODE-NEXT: (void)argv;
// CODE-NEXT: int r = P3_SEQ(P3_CUT({{[0-9]+}}), spawn(argc));

int main(int argc, char **argv) {
  (void)argv;
  int r = spawn(argc);
  printf("%s %d\n", in_child ? "child" : "parent", r);
  return 0;
}
// Two processes a run, each returning from spawn and main: no path is cut.
// PROF-NOT: CUT
// PROF: FUNC spawn: 4 executions, 2/11 paths
// PROF-NOT: CUT
// PROF: FUNC main: 4 executions, 2/3 paths
// PROF-NOT: CUT

// EAGER: (t.c:main): the count of path id {{[0-9]+}} is 18446744073709551615, above 2^63 - 1: a count that went below zero
