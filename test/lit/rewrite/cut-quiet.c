// In a function that keeps a frame on the cut stack, every call with a place
// notes what a cut there would count: the block's cut id, or P3_CUT_NONE in a
// block without a cut edge. So a call believed to return that does not (here
// pause(), whose SIGALRM handler calls exit) never counts the id noted before
// an earlier call, a path that did not run: the path is left uncounted, and
// the probe-counting build says where. Library builtins (printf, strlen) note
// nothing: the C library never exits on their behalf.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --no-eager-cuts -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c --no-probes --run "" --run "x" | FileCheck --check-prefix=PROF %s
// RUN: cd %t/out/copy-0 && %cc -DP3_COUNT_PROBES -o counted t.c
// RUN: cd %t && rm -rf out/profiles out/run && p3-run out -- ./counted x
// RUN: p3-report --overhead %t/out | FileCheck --check-prefix=PROBES %s
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void quit(int sig) {
  (void)sig;
  exit(0);
}

static int step(int v) {
  if (v > 100)
    exit(1);
  return v + 1;
}

int main(int argc, char **argv) {
  signal(SIGALRM, quit);
  int v = step(argc) + (int)strlen(argv[0]) * 0;
  if (v > 2) {
    printf("waiting\n");
    fflush(stdout);
    ualarm(10000, 0);
    for (;;)
      pause();
  }
  printf("%d\n", v);
  return 0;
}

// CODE-LABEL: int main(int argc, char **argv) {{{.*}} P3_FRAME;
// CODE-NEXT:  P3_CUT([[CUT:[0-9]+]]); signal(SIGALRM, quit);
// CODE-NEXT:  int v = P3_SEQ(P3_CUT([[CUT]]), step(argc)) + (int)strlen(argv[0]) * 0;
// CODE:       printf("waiting\n");
// CODE-NEXT:  P3_CUT_NONE; fflush(stdout);
// CODE-NEXT:  P3_CUT_NONE; ualarm(10000, 0);
// CODE:       P3_SEQ(P3_CUT_NONE, pause());

// Run 1 returns from main; run 2 is cut in pause(): no path of main counted.
// PROF:      FUNC main: 1 executions, 1/4 paths
// PROF-NEXT:   1: 33-35 > 42-43
// PROF-NOT:  CUT

// main's P3_ENTER ran on the path cut in pause(): one probe no path carries.
// PROBES:      Functions whose measured probes differ from the model
// PROBES-NEXT: function       copy  model  measured  difference
// PROBES-NEXT: main (t.c:32)     0      0         1          +1

// The same program counted eagerly (--eager-cuts: no frame where every call
// that may not return has a place for a count and its undo): same profile.
// RUN: cd %t && p3-rewrite -k 1 --eager-cuts -o eager t.c -- && %p3check verify eager t.c --no-probes --run "" --run "x" | FileCheck --check-prefix=PROF %s
