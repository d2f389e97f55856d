// ../shared/repro/backedge-unbraced-switch-body.c: a while loop whose body is
// a switch without braces around it and without a default. The dispatch's
// no-match edge and the break both reach the loop's continuation, and
// neither had a place for the back edge's probe. Code after the switch runs
// exactly when one of them is taken: p3 adds braces around the body and puts
// the probe after the switch.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 --no-loop-counters --stats -o out t.c -- > %t/stats.txt
// RUN: FileCheck --check-prefix=STATS %s < %t/stats.txt
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck %s
// RUN: cd %t && %p3check verify out t.c | FileCheck --check-prefix=PROF %s
// RUN: cd %t && p3-rewrite -k 2 -o out2 t.c -- && %p3check verify out2 t.c --quiet
// RUN: cd %t && p3-report out2 --check out/profile.json
#include <stdio.h>

static const char *in;
static int bads;
static int g(void) { return *in ? *in++ : -1; }
static void bad(void) { ++bads; }

static int f(void)
{
    int c, x = 0;
    while ((c = g()) != -1)
    switch (c)
    {
        case 'a': bad(); break;
    }
    return x;
}

int main(void) {
  in = "xaab";
  f();
  in = "";
  f();
  in = "a";
  f();
  printf("%d\n", bads);
  return 0;
}

// STATS-NOT: skipped
// STATS:      t.c:{{[0-9]+}} f {{[0-9]}}

// CHECK-LABEL: static int f(void)
// CHECK:         while ((c = g()) != -1)
// CHECK-NEXT:    { switch (c)
// CHECK-NEXT:    {
// CHECK-NEXT:        case 'a': {{.*}}bad(); break;
// CHECK-NEXT:    } P3_BACK({{-?[0-9]+}}, {{-?[0-9]+}}); }

// "xaab": x (no case, first iteration), a, a (later, case), b (later, no
// case), then the end; "": no iteration; "a": a (first, case), the end.
// PROF:      FUNC f: 8 executions, 6/6 paths
// PROF-NEXT:   1: 23 > 24 > 25 ...
// PROF-NEXT:   1: 23 > 24 > 25 > 27 ...
// PROF-NEXT:   1: 23 > 24 > 29
// PROF-NEXT:   1: ... 24 > 25 ...
// PROF-NEXT:   2: ... 24 > 25 > 27 ...
// PROF-NEXT:   2: ... 24 > 29
