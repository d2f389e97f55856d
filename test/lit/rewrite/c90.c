/*
A C90 code base: the copies add no warning under its flags. Probes never go
before the declarations that open a block (after them instead, which runs at
the same moment: their initializers do not branch), the edge out of ENTRY
included; the runtime header and the emitted constants need no long long;
a return value that calls something is counted in a GNU statement
expression marked __extension__. Built with -std=c89 -pedantic
-Wdeclaration-after-statement -Werror by gcc and clang (tcc has no such
warnings).
RUN: rm -rf %t && mkdir -p %t && sed '/^\/\*/,/^\*\//d' %s > %t/t.c
RUN: cd %t && p3-rewrite -k 1 -o out t.c -- -std=c89
RUN: FileCheck %s < %t/out/copy-0/t.c
RUN: cd %t && p3-rewrite -k 1 --force -o out --dump-function=classify t.c -- -std=c89 > %t/dump.txt
RUN: FileCheck --check-prefix=DUMP %s < %t/dump.txt
RUN: FileCheck --check-prefix=NODECL %s < %t/dump.txt
RUN: cd %t && %p3check verify out t.c --compilers=gcc,clang --std=c89 --cflags='-pedantic -Wdeclaration-after-statement' | FileCheck --check-prefix=PROF %s
RUN: cd %t && p3-rewrite -k 3 --array-limit=2 -o out3 t.c -- -std=c89
RUN: cd %t && %p3check verify out3 t.c --compilers=gcc,clang --std=c89 --cflags='-pedantic -Wdeclaration-after-statement' --quiet
RUN: cd %t && p3-report out3 --check out/profile.json
*/
#include <stdio.h>
#include <stdlib.h>

static int twice(int x) { return 2 * x; }

#define BIG(v) ((v) > 3 && (v) < 100)

static int classify(int x) {
  int r = 0;
  int s = 1;
  if (BIG(x)) {
    int t = x * s;
    r = t > 5 ? 1 : 2;
  } else {
    int u;
    u = x;
    r = u;
  }
  return r;
}

static int scaled(int x) {
  int k = 3;
  if (x < 0)
    return 0;
  return x > 2 ? twice(x + k) : twice(x);
}

int main(void) {
  int i, total = 0;
  for (i = -1; i < 8; i++)
    total += classify(i) + scaled(i);
  printf("%d\n", total);
  return 0;
}

/*
The sites of classify: the edge out of ENTRY runs after the body's
declarations (lines 9-10), a block's first code after its declarations
(lines 12 and 15); no site is before a declaration.
DUMP:      function classify
DUMP-NEXT:   entry B{{[0-9]+}}, exit B{{[0-9]+}}
DUMP-NEXT:   site 0: after-statement [{{[0-9]+}},{{[0-9]+}}) line 10
DUMP:        after-statement [{{[0-9]+}},{{[0-9]+}}) line 15
DUMP:        after-statement [{{[0-9]+}},{{[0-9]+}}) line 12
NODECL-NOT: before-statement [{{[0-9]+,[0-9]+}}) line {{(8|9|10|12|15)$}}

CHECK-LABEL: static int classify(int x) { P3_ENTER(p3_functions_0, 1, p3_counts_0_1);
CHECK-NEXT:    int r = 0;
CHECK-NEXT:    int s = 1;
CHECK-NEXT:    if (BIG(x)) {
CHECK-NEXT:      int t = x * s;
CHECK-LABEL: static int scaled(int x) {
CHECK:         return __extension__ ({ int p3_ret = (P3_IF(x > 2, {{.*}}) ? twice(x + k) : twice(x)); P3_COUNT({{-?[0-9]+}}); p3_ret; });

classify(i) for i = -1..7: BIG for 4..7 (t > 5 for 6, 7), not 5 times;
scaled(i): i < 0 once, i > 2 for 3..7, else 3 times.
PROF:      FUNC twice: 8 executions, 1/1 paths
PROF:      FUNC classify: 9 executions, 3/3 paths
PROF-NEXT:   2: 9-11 > 11 > 12-13 > 13 > 19
PROF-NEXT:   2: 9-11 > 11 > 12-13 > 13 > 19
PROF-NEXT:   5: 9-11 > 11 > 15-17 > 19
PROF-NEXT: FUNC scaled: 9 executions, 3/3 paths
PROF-NEXT:   1: 23-24 > 25
PROF-NEXT:   5: 23-24 > 26
PROF-NEXT:   3: 23-24 > 26
*/
