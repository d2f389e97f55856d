// A macro's statement that both calls something that may exit and ends the
// path (DIE: log, then exit). The path is counted in front of the statement,
// as for any noreturn call; the note for a path cut in logit() goes there
// too, and must come before the count's P3_CUT_NONE: the path a cut in
// logit() ends has been counted already, and is not counted twice.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c --run "" --run "a" --run "a b" | FileCheck --check-prefix=PROF %s
#include <stdio.h>
#include <stdlib.h>

static void logit(int x) {
  if (x > 2)
    exit(3);
  printf("log %d\n", x);
}

#define DIE(x) do { logit(x); exit(1); } while (0)

int main(int argc, char **argv) {
  (void)argv;
  if (argc > 1) {
    printf("x\n");
    DIE(argc);
  }
  return 0;
}

// CODE-LABEL: int main(int argc, char **argv) {{{.*}} P3_FRAME;
// CODE:       P3_CUT({{[0-9]+}}); P3_COUNT({{[0-9]+}}); P3_CUT_NONE; DIE(argc);

// Run 1 returns; runs 2 (argc 2: logit returns, exit(1)) and 3 (argc 3:
// logit exits) both take the path into DIE, counted once each.
// PROF:      FUNC main: 3 executions, 2/3 paths
// PROF-NEXT:   2: 22-23 > 24 > 25
// PROF-NEXT:   1: 22-23 > 27
