// ../shared/repro/unreachable-goto-in-macro.c, from allocation macros of the
// form "if (size <= 0) goto ERROR" used with constant sizes: "if (0) goto
// fail" is pruned by clang's CFG, which leaves a block of the macro that
// nothing reaches. It used to join in the contraction of probeless blocks and
// merge "fail:" with the first macro's blocks: f was skipped for a back edge
// it does not have. Now the two ways to "fail" inside one CHECK (the test
// and the call) run the same probes and count as one path; the ways out of
// the first and the second CHECK stay apart.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --stats -o out t.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: cd %t && %p3check verify out t.c | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 -o out2 t.c -- && %p3check verify out2 t.c --quiet
// RUN: cd %t && p3-report out2 --check out/profile.json
#include <stdio.h>

static int calls;
static int g(void) { return ++calls % 5 == 2; }

#define CHECK(c) do { if (c) goto fail; if (g()) goto fail; } while (0)

static int f(int n) {
  CHECK(n);
  CHECK(0);
  return 0;
fail:
  return 1;
}

int main(void) {
  int s = 0;
  for (int n = 0; n < 20; n++)
    s += f(n % 3 == 0 ? 0 : n);
  printf("%d %d\n", s, calls);
  return 0;
}

// STATS-NOT: skipped
// STATS:      t.c:{{[0-9]+}} f {{[0-9]}}
// STATS-NEXT:   note: line 23: branches with no place for a probe (inside a macro expansion{{.*}}) count as one step

// f(0) runs for n = 0, 3, ..., 18 (7 times), f(n != 0) 13 times. g() runs only
// when the argument is 0, and is true on its 2nd, 7th and 12th call: n = 0
// (the second CHECK's call: fail), n = 9 and n = 18 (the first CHECK's call:
// fail). So: the first CHECK fails 13 + 2 = 15 times (its two ways to "fail"
// are one path), the second once, and f returns 0 four times.
// PROF:      FUNC f: 20 executions, 3/3 paths
// PROF-NEXT:   4: 23 > 24 > 25
// PROF-NEXT:   1: 23 > 24 > 27
// PROF-NEXT:   15: 23 > 27
