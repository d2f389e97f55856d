// A guarded function (a return inside a macro) whose other return's value
// runs a probe ("return a > 2 && b > 1;": the && is a branch with a place for
// one). gcc and clang count its returns with a cleanup, after the value is
// computed. tcc has no cleanup attribute and would count before the value,
// missing that probe: the function gets P3_ENTER_GUARDED_AFTER_VALUE, and tcc
// refuses the copy with an error that says why (--no-exit-guards skips the
// function instead). A function whose returns' values run no probe builds
// with tcc (guarded-macro-returns.c).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/t.c
// RUN: cd %t && p3-rewrite -k 1 -o out t.c --
// RUN: grep -v '^//' %t/out/copy-0/t.c | FileCheck %s
// RUN: cd %t && %p3check verify out t.c --compilers=gcc,clang | FileCheck --check-prefix=PROF %s
// RUN: cd %t/out/copy-0 && not %tcc -c t.c -o %t/tcc.o 2>&1 | FileCheck --check-prefix=TCC %s
// RUN: cd %t && p3-rewrite -k 1 --no-exit-guards -o noguard t.c -- && %p3check verify noguard t.c --quiet
#include <stdio.h>

#define NEED(x) if (!(x)) return 0

static int both(int a, int b) {
  NEED(a);
  return a > 2 && b > 1;
}

int main(void) {
  int s = 0;
  for (int a = 0; a < 5; a++)
    for (int b = 0; b < 3; b++)
      s = s * 2 + both(a, b);
  printf("%d\n", s);
  return 0;
}

// CHECK: static int both(int a, int b) { P3_ENTER_GUARDED_AFTER_VALUE(
// CHECK: return P3_IF(a > 2, {{.*}}) && b > 1;

// TCC: error: 'p3_a_return_value_that_branches_needs_the_cleanup_attribute_tcc_ignores' undeclared

// a == 0 (3 calls): NEED returns. a in 1..2 (6): a > 2 fails. a in 3..4 (6):
// b > 1 is tested, true for b == 2 (2) and false otherwise (4).
// PROF:      FUNC both: 15 executions, {{.*}}
