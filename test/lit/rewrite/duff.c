// Duff's device: case labels inside a do-while loop inside a switch. The loop
// has eight entries (it is irreducible); its back edge is whichever edge the
// depth-first search closes the cycle with. Copies are built with
// -Wno-implicit-fallthrough (the original falls through on purpose, and so do
// the probes between the labels; see switch.c).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/duff.c
// RUN: cd %t && p3-rewrite -k 1 -o out duff.c --
// RUN: grep -v '^//' %t/out/copy-0/duff.c | FileCheck %s
// RUN: cd %t && %p3check verify out duff.c --cflags=-Wno-implicit-fallthrough | FileCheck --check-prefix=PROF %s
// With three copies, the merged profile is the same.
// RUN: cd %t && p3-rewrite -k 3 --strategy=p3 -o p3 duff.c -- && %p3check verify p3 duff.c --quiet --cflags=-Wno-implicit-fallthrough
// RUN: p3-report %t/p3 --check %t/out/profile.json | FileCheck --check-prefix=SAME %s
#include <stdio.h>

static void duff(char *to, const char *from, int count) {
  int n = (count + 7) / 8;
  switch (count % 8) {
  case 0: do { *to++ = *from++;
  case 7:      *to++ = *from++;
  case 6:      *to++ = *from++;
  case 5:      *to++ = *from++;
  case 4:      *to++ = *from++;
  case 3:      *to++ = *from++;
  case 2:      *to++ = *from++;
  case 1:      *to++ = *from++;
          } while (--n > 0);
  }
}

int main(void) {
  char buf[32];
  static const int counts[] = {1, 2, 7, 8, 9, 17, 0};
  for (int i = 0; counts[i]; i++) {
    duff(buf, "abcdefghijklmnopqrstuvwxyz", counts[i]);
    buf[counts[i]] = 0;
    printf("%s\n", buf);
  }
  return 0;
}

// Emitted code: probes after the statements, on the fall-through edges from one
// label's statement into the next (written "(void)P3_ADD(...)": gcc's
// -Wimplicit-fallthrough then reports the user's line, as for the original);
// the back edge found is the fall-through
// from case 2 into case 1 (the search enters the loop at case 1, the first
// successor of the switch, and comes round to it from case 2).
// CHECK-LABEL: static void duff(char *to, const char *from, int count) {
// CHECK:   case 0: P3_ADD({{-?[0-9]+}}); do { *to++ = *from++;
// CHECK-NEXT:   case 7:      *to++ = *from++; (void)P3_ADD({{-?[0-9]+}});
// CHECK:   case 2:      *to++ = *from++; (void)P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}});
// CHECK-NEXT:   case 1:      *to++ = *from++;
// CHECK-NEXT:           } while (P3_IF(--n > 0, {{.+}}));
// CHECK:   P3_COUNT({{-?[0-9]+}});}

// SAME: check: the merged profile equals

// The back edge goes from line 24 (case 2) to line 25 (case 1): a path that
// reaches case 2 ends there ("24 ..."), and the next starts at case 1 ("... 25").
// count = 1: n = 1, case 1, the test fails. count = 2, 7, 8 (n = 1): enter at
// case 2, 7, 0, run down to the back edge, then case 1 and the failing test.
// count = 9 (n = 2): case 1, the test succeeds (line 26 to the top of the body,
// line 18), down to the back edge; then case 1 and the failing test.
// count = 17 (n = 3): like 9, plus one more round from case 1 to the back edge.
// 12 paths: from entry, 7 to the back edge (cases 0, 7..2), 2 through case 1
// and the test, 1 with no matching case; from case 1, 2.
// PROF:      FUNC duff: 12 executions, 7/12 paths
// PROF-NEXT:   1: 16-17 > 18 > 19 > 20 > 21 > 22 > 23 > 24 ...
// PROF-NEXT:   1: 16-17 > 19 > 20 > 21 > 22 > 23 > 24 ...
// PROF-NEXT:   1: 16-17 > 24 ...
// PROF-NEXT:   2: 16-17 > 25 > 26 > 18 > 19 > 20 > 21 > 22 > 23 > 24 ...
// PROF-NEXT:   1: 16-17 > 25 > 26 > 28
// PROF-NEXT:   1: ... 25 > 26 > 18 > 19 > 20 > 21 > 22 > 23 > 24 ...
// PROF-NEXT:   5: ... 25 > 26 > 28
// PROF-NEXT: FUNC main: 7 executions, 3/4 paths
// PROF-NEXT:   1: 31-33 > 33 > 34-36 > 33 ...
// PROF-NEXT:   5: ... 33 > 34-36 > 33 ...
// PROF-NEXT:   1: ... 33 > 38
