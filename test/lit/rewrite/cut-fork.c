// A forked child that goes on through calls that may not return (flex's main
// reaches fork() through such calls, and the child goes on to write the
// scanner). The child starts from zero counts (docs/runtime.md, fork). For a
// call counted before the fork (level's call of spawn, main's of level), what
// the child must count is: nothing if it returns from the call (run "", and
// the grandchild of run "x x x", which forks again under a count of its own),
// the path cut short if it exits inside it (run "x"), and in run "x x" the
// path it cuts itself by a longjmp out of a second call of level at the same
// place (the same counter) before it returns through the first.
// A program that calls fork() keeps frames by default (the child inherits
// the parent's cut stack), exact in every case. Counted eagerly
// (--eager-cuts), the count made before the fork is gone in the child: the
// runtime does not undo it there (P3_CUT_UNDO compares the fork generation
// P3_CUT_COUNT noted), so runs "", "x x" and "x x x" count exactly, with gcc,
// clang and tcc; without that, the child's undo took main's count below zero
// (2^64 - 1, which p3-report rejects), and silently took back level's cut
// path of run "x x". A child that exits inside such a call (run "x") loses
// its cut paths: only a frame could count them.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --skip-function=again -o out t.c -- 2>&1 | FileCheck --check-prefix=NOTE %s
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c --no-probes --run "" --run "x" --run "x x" --run "x x x" | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 --strategy=p3 --skip-function=again -o out2 t.c -- && %p3check verify out2 t.c --quiet --no-probes --run "" --run "x" --run "x x" --run "x x x"
// RUN: p3-report %t/out2 --check %t/out/profile.json
// Eagerly: exact where the child returns, with gcc, clang and tcc.
// RUN: cd %t && p3-rewrite -k 1 --skip-function=again -o framed t.c -- && %p3check verify framed t.c --quiet --no-probes --run "" --run "x x" --run "x x x"
// RUN: cd %t && p3-rewrite -k 1 --eager-cuts --skip-function=again -o eager t.c -- 2>&1 | FileCheck --allow-empty --check-prefix=QUIET %s
// RUN: grep -v '^//' %t/eager/copy-0/t.c | FileCheck --check-prefix=EAGER %s
// RUN: cd %t && %p3check verify eager t.c --quiet --no-probes --run "" --run "x x" --run "x x x"
// RUN: p3-report %t/eager --check %t/framed/profile.json
// RUN: cd %t && p3-rewrite -k 2 --strategy=p3 --eager-cuts --skip-function=again -o eager2 t.c -- && %p3check verify eager2 t.c --quiet --no-probes --run "" --run "x x" --run "x x x"
// RUN: p3-report %t/eager2 --check %t/framed/profile.json
// RUN: cd %t && %p3check verify eager t.c --no-probes --run "x" | FileCheck --check-prefix=EXITED %s
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static jmp_buf env;
static int mode;
static int forks; /* 0 in the parent, 1 in a child, 2 in a grandchild */

static void die(const char *why) {
  fprintf(stderr, "%s\n", why);
  exit(2);
}

static int level(int n);

static void again(void) {
  if (setjmp(env) == 0)
    level(1);
}

static int spawn(int n) {
  pid_t p;
  if (n == 1)
    longjmp(env, 1);
  if (n < 0)
    die("negative");
  p = fork();
  if (p < 0)
    die("fork");
  if (p != 0) {
    waitpid(p, NULL, 0);
    return n;
  }
  ++forks;
  if (mode == 1)
    exit(0);
  if (mode == 2)
    again();
  if (mode == 3 && forks == 1)
    return level(n + 2) + 1;
  return n + 1;
}

static int level(int n) {
  int r = spawn(n);
  return r + 1;
}

int main(int argc, char **argv) {
  (void)argv;
  mode = argc - 1;
  int r = level(2 * argc);
  printf("%s %d\n", forks == 0 ? "parent" : forks == 1 ? "child" : "grandchild",
         r);
  return 0;
}
// NOTE: note: the program forks (t.c:{{[0-9]+}} fork): paths cut short are counted by frames
// QUIET-NOT: forks
// CODE-LABEL: static int level(int n) {
// CODE-SAME: P3_FRAME;
// CODE-NEXT: int r = P3_SEQ(P3_CUT({{[0-9]+}}), spawn(n));
// EAGER-NOT: P3_FRAME
// EAGER-LABEL: static int level(int n) {
// EAGER-NEXT: int r = __extension__ ({ int p3_v = P3_SEQ(P3_CUT_COUNT([[L:[0-9]+]]), spawn(n)); P3_CUT_UNDO([[L]]); p3_v; });
// EAGER-NOT: P3_FRAME

// Run "x": level and main are cut in the child, by exit() inside spawn; run
// "x x": level(1) is cut by the longjmp out of spawn(1), in the child. Every
// other process returns through level and main (the grandchild of run "x x
// x" through two calls of level, one counted before each fork).
// PROF:      FUNC spawn: 12 executions, 7/48 paths
// PROF:      FUNC level: 12 executions, 2/2 paths
// PROF-NEXT:   10: [[LEVEL:[0-9]+-[0-9]+]]{{$}}
// PROF-NEXT:   2: [[LEVEL]] CUT
// PROF-NEXT: FUNC main: 9 executions, 4/4 paths
// PROF-NEXT:   1: {{.*}} CUT
// PROF-NOT:  CUT

// Run "x" counted eagerly: the child's exit inside the calls counted before
// the fork counts neither cut path (the parent's count of them was undone):
// only the parent's level and main are counted.
// EXITED:      FUNC level: 1 executions, 1/2 paths
// EXITED-NEXT:   1: {{[0-9]+}}-{{[0-9]+}}{{$}}
// EXITED-NEXT: FUNC main: 1 executions, 1/4 paths
// EXITED-NOT:  CUT
