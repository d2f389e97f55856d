// A call in a macro's body has no place of its own, but its statement may:
// when the statement's code is one vertex of the contracted CFG (nothing in
// it takes a probe), the note in front of the statement holds the id of the
// path cut in any call inside it. Here APPEND's body assigns a call's value
// (as bzip2's APPEND_FILESPEC) and CHECK's holds an if (as lua's
// checkstackGCp): both notes go in front of the macro's statement, the
// function keeps its frame, and the paths cut in those calls are counted.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck --check-prefix=CODE %s
// RUN: cd %t && %p3check verify out t.c --run "" --run "a b" --run "a b c d" --run "a b c d e f" | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 --strategy=p3 -o out2 t.c -- && %p3check verify out2 t.c --quiet --run "" --run "a b" --run "a b c d" --run "a b c d e f"
// RUN: p3-report %t/out2 --check %t/out/profile.json
#include <stdio.h>
#include <stdlib.h>

static int add(int total, int x) {
  if (total + x > 10)
    exit(1);
  return total + x;
}

static void grow(int n) {
  if (n > 4)
    exit(2);
}

#define APPEND(t, x) t = add((t), (x))
#define CHECK(n) do { if ((n) > 3) grow(n); } while (0)

int main(int argc, char **argv) {
  int total = 0;
  (void)argv;
  for (int i = 1; i < argc; i++)
    APPEND(total, i);
  CHECK(argc);
  printf("%d\n", total);
  return 0;
}

// CODE-LABEL: int main(int argc, char **argv) {{{.*}} P3_FRAME;
// CODE:       { P3_CUT({{[0-9]+}}); APPEND(total, i); }
// CODE-NEXT:  P3_CUT({{[0-9]+}}); CHECK(argc);

// Run 1 (argc 1): no iteration, CHECK passes. Run 2 (argc 3): i = 1, 2, CHECK
// passes. Run 3 (argc 5): i = 1..4 (total 10), then grow(5) exits in CHECK.
// Run 4 (argc 7): i = 1..4, then APPEND exits at i = 5 (10 + 5 > 10).
// The first iteration of runs 2-4 starts at entry (3); the others follow a
// back edge (1 + 3 + 3 = 7 of them).
// PROF:      FUNC main: 14 executions, 6/8 paths
// PROF-NEXT:   3: 32-34 > 34 > 35 > 34 ...
// PROF-NEXT:   1: 32-34 > 34 > 36 > 37-38
// PROF-NEXT:   1: ... 34 > 35 CUT
// PROF-NEXT:   7: ... 34 > 35 > 34 ...
// PROF-NEXT:   1: ... 34 > 36 CUT
// PROF-NEXT:   1: ... 34 > 36 > 37-38
