// A switch that is the last statement of a braced block: its break leaves the
// switch and, with it, the block. Only an edge that is the one normal way out
// of a block may take the site after the block's "}"; the switch's own edges
// (dispatch into a case, "no case matches") must keep sites inside the switch,
// or their probes run after a break and the path ids are wrong (a path that
// never ran, or an id that does not decode).
//
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/switch-end.c
// RUN: cd %t && p3-rewrite -k 1 --no-loop-counters -o out switch-end.c --
// RUN: grep -v '^//' %t/out/copy-0/switch-end.c | FileCheck %s
// RUN: cd %t && %p3check verify out --run "0 3 7" --run "5 1 3" switch-end.c | FileCheck --check-prefix=PROF %s
#include <stdio.h>
#include <stdlib.h>

static unsigned in_loop(unsigned a) {
  unsigned r = 0;
  {
    for (;;) {
      if (r >= 2u)
        break;
      switch (a % 5u) {
      case 3:
      case 4:
        return 9;
      }
      r++;
    }
  }
  return r;
}

static int in_else(unsigned x) {
  int r = 0;
  if (x == 3u) {
    r = 1;
  } else {
    switch (x % 6u) {
    case 5:
      r = 2;
      break;
    }
  }
  return r;
}

int main(int argc, char **argv) {
  unsigned t = 0;
  for (int i = 1; i < argc; i++) {
    unsigned a = (unsigned)strtoul(argv[i], NULL, 10);
    t = t * 7u + in_loop(a) + (unsigned)in_else(a);
  }
  printf("%u\n", t);
  return 0;
}

// Emitted code.
// The dispatch edge of case 3 has its probe between the labels, inside the
// switch; the back edge's probe ends the loop body; nothing follows the block
// that ends with the switch.
// CHECK-LABEL: static unsigned in_loop(unsigned a) {
// CHECK:      case 3:
// CHECK-NEXT:   P3_ADD({{-?[0-9]+}}); P3_FALLTHROUGH; case 4:
// CHECK:        r++;
// CHECK-NEXT:   } P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}}); }
// CHECK-NEXT:   }
// CHECK-NEXT:   P3_COUNT(
// The "no case matches" edge of a switch ending an else block carries no probe
// after the block: the probe goes on case 5's edge.
// CHECK-LABEL: static int in_else(unsigned x) {
// CHECK:      case 5:
// CHECK-NEXT:   P3_ADD({{-?[0-9]+}}); r = 2;
// CHECK-NEXT:   break;
// CHECK-NEXT:   }
// CHECK-NEXT:   }
// CHECK-NEXT:   P3_COUNT(

// The two runs give a = 0, 3, 7 and 5, 1, 3.
// in_loop: a % 5 is 3 for both 3s: case 3's dispatch edge, through its empty
// block (line 22) to the return in case 4. The four other calls match no case,
// go round the loop twice (r++) and leave by the break on the third test.
// PROF:      FUNC in_loop: 14 executions, 4/8 paths
// PROF-NEXT:   2: 16 > 19 > 21 > 22 > 24
// PROF-NEXT:   4: 16 > 19 > 21 > 26 ...
// PROF-NEXT:   4: ... 19 > 20 > 29
// PROF-NEXT:   4: ... 19 > 21 > 26 ...
// in_else: x == 3 twice; of the other four, only 5 has x % 6 == 5.
// PROF-NEXT: FUNC in_else: 6 executions, 3/3 paths
// PROF-NEXT:   2: 33-34 > 35 > 43
// PROF-NEXT:   1: 33-34 > 37 > 39-40 > 43
// PROF-NEXT:   3: 33-34 > 37 > 43
// main: three iterations per run.
// PROF-NEXT: FUNC main: 8 executions, 3/4 paths
// PROF-NEXT:   2: 47-48 > 48 > 49-50 > 48 ...
// PROF-NEXT:   4: ... 48 > 49-50 > 48 ...
// PROF-NEXT:   2: ... 48 > 52-53

// The shapes above are those of --no-loop-counters; by default the loops' back
// edges count into locals (loop-locals.c), with the same profile:
// RUN: cd %t && p3-rewrite -k 1 -o locals switch-end.c -- && %p3check verify locals --run "0 3 7" --run "5 1 3" switch-end.c --quiet
// RUN: p3-report %t/locals --check %t/out/profile.json
