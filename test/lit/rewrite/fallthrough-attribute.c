// A block that ends in the program's own fallthrough attribute before a case
// label: the probe of the fall-through edge goes in front of the attribute,
// which must stay the last statement before the label, so that the copy builds
// without -Wimplicit-fallthrough or "attribute not preceding a case label"
// warnings (p3check builds with -Wall -Wextra -Werror).
//
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/ft.c
// RUN: cd %t && p3-rewrite -k 1 -o out ft.c --
// RUN: grep -v '^//' %t/out/copy-0/ft.c | FileCheck %s
// RUN: cd %t && %p3check verify out ft.c --compilers=gcc,clang --cflags=-Wimplicit-fallthrough | FileCheck --check-prefix=PROF %s
#include <stdio.h>

static int f(int x, int y) {
  int r = 0;
  switch (x) {
  case 0:
  case 1: {
    r = 1;
    __attribute__((fallthrough));
  }
  case 2:
    if (y)
      r += 2;
    break;
  case 3:
    r = 5;
    break;
  }
  return r;
}

int main(void) {
  int t = 0;
  for (int x = 0; x < 5; x++)
    t = t * 3 + f(x, x & 1);
  printf("%d\n", t);
  return 0;
}

// CHECK-LABEL: static int f(int x, int y) {
// CHECK:      case 1: {
// CHECK-NEXT:   r = 1;
// CHECK-NEXT:   P3_ADD({{-?[0-9]+}}); __attribute__((fallthrough));
// CHECK-NEXT: }
// CHECK-NEXT: case 2:

// x = 0 (y = 0) and 1 (y = 1) run case 1's block into case 2; 2 (y = 0)
// dispatches to case 2; 3 to case 3; 4 matches nothing.
// PROF:      FUNC f: 5 executions, 5/8 paths
// PROF-NEXT:   1: 14-15 > 16 > 18-19 > 22 > 24 > 29
// PROF-NEXT:   1: 14-15 > 18-19 > 22 > 23 > 24 > 29
// PROF-NEXT:   1: 14-15 > 22 > 24 > 29
// PROF-NEXT:   1: 14-15 > 26-27 > 29
// PROF-NEXT:   1: 14-15 > 29
