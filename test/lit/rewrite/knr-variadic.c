// K&R (old-style) definitions and variadic functions: P3_ENTER goes after
// the body's brace, after the parameter declarations; va_start/va_arg/va_end
// are untouched. clang warns about K&R definitions (in the original too):
// built with -Wno-deprecated-non-prototype.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/knr.c
// RUN: cd %t && p3-rewrite -k 1 -o out knr.c -- -std=gnu99
// RUN: grep -v '^//' %t/out/copy-0/knr.c | FileCheck %s
// RUN: cd %t && %p3check verify out knr.c --std=gnu99 --cflags=-Wno-deprecated-non-prototype | FileCheck --check-prefix=PROF %s
#include <stdarg.h>
#include <stdio.h>

static int kr(a, b)
  int a;
  char *b;
{
  if (a > 2)
    return b[0];
  return a;
}

static int sum(int n, ...) {
  va_list ap;
  int s = 0;
  va_start(ap, n);
  while (n-- > 0) {
    int v = va_arg(ap, int);
    if (v < 0)
      continue;
    s += v;
  }
  va_end(ap);
  return s;
}

static void say(const char *fmt, ...) {
  va_list ap;
  if (!fmt)
    return;
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
}

int main(void) {
  int t = 0;
  for (int i = 0; i < 4; i++)
    t += kr(i, "xyz") + sum(i, 1, -2, 3);
  say("%d\n", t);
  say(NULL);
  return 0;
}

// Emitted code.
// CHECK-LABEL: static int kr(a, b)
// CHECK-NEXT:   int a;
// CHECK-NEXT:   char *b;
// CHECK-NEXT: { P3_ENTER(p3_functions_0, 0, p3_counts_0_0);
// CHECK-NEXT:   if (a > 2)
// CHECK-NEXT:     { P3_COUNT({{-?[0-9]+}}); return b[0]; }
// CHECK-LABEL: static int sum(int n, ...) { P3_ENTER(p3_functions_0, 1, p3_counts_0_1);
// CHECK:        va_start(ap, n);
// CHECK:          int v = va_arg(ap, int);
// CHECK:        va_end(ap);
// CHECK-LABEL: static void say(const char *fmt, ...) { P3_ENTER(p3_functions_0, 2, p3_counts_0_2);
// CHECK:          { P3_COUNT({{-?[0-9]+}}); return; }
// CHECK:        va_end(ap);
// CHECK-NEXT: {{ ?}}P3_COUNT({{-?[0-9]+}});}

// kr(i, "xyz") for i = 0..3: a > 2 once.
// PROF:      FUNC kr: 4 executions, 2/2 paths
// PROF-NEXT:   1: 16 > 17
// PROF-NEXT:   3: 16 > 18
// sum(n, 1, -2, 3) for n = 0..3 reads the first n arguments: n = 0 leaves at
// once; the first argument (1) is added on the path from entry (n = 1, 2, 3);
// -2 is skipped by continue (n = 2, 3); 3 is added from the loop head (n = 3);
// n = 1, 2, 3 leave from the loop head.
// PROF-NEXT: FUNC sum: 10 executions, 5/6 paths
// PROF-NEXT:   3: 22-24 > 25 > 26-27 > 29 ...
// PROF-NEXT:   1: 22-24 > 25 > 31-32
// PROF-NEXT:   2: ... 25 > 26-27 > 28 ...
// PROF-NEXT:   1: ... 25 > 26-27 > 29 ...
// PROF-NEXT:   3: ... 25 > 31-32
// say: once with a format (falls off the end, line 42), once with NULL.
// PROF-NEXT: FUNC say: 2 executions, 2/2 paths
// PROF-NEXT:   1: 36-37 > 38
// PROF-NEXT:   1: 36-37 > 39-41 > 42
// PROF-NEXT: FUNC main: 5 executions, 3/4 paths
// PROF-NEXT:   1: 45-46 > 46 > 47 > 46 ...
// PROF-NEXT:   3: ... 46 > 47 > 46 ...
// PROF-NEXT:   1: ... 46 > 48-50
