// An arm of ?: that is a null pointer constant keeps its type: wrapped as
// P3_SEQ(probe, 0) it would be an int, and "c ? 0 : p->next" a pointer/integer
// mismatch (a warning in C, an error in C++: null-pointer-arm.cpp). Such an
// arm takes no probe; its edge's action goes into the condition's P3_IF,
// which runs one action per outcome.
//
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/arm.c
// RUN: cd %t && p3-rewrite -k 1 -o out arm.c --
// RUN: grep -v '^//' %t/out/copy-0/arm.c | FileCheck %s
// RUN: cd %t && %p3check verify out arm.c --run "" --run 1 | FileCheck --check-prefix=PROF %s
#include <stddef.h>
#include <stdio.h>

struct node {
  struct node *next;
};

static int len(struct node *p, int stop) {
  int n = 0;
  for (; p; p = (stop ? NULL : p->next))
    n++;
  return n;
}

int main(int argc, char **argv) {
  struct node c = {NULL}, b = {&c}, a = {&b};
  (void)argv;
  printf("%d\n", len(&a, argc > 1));
  return 0;
}

// CHECK-LABEL: static int len(struct node *p, int stop) {
// CHECK:      for (; p; p = (P3_IF(stop, {{.*}}) ? NULL : P3_SEQ({{.*}}, p->next)))

// Without an argument the list has three nodes: round the loop three times
// (the first round from entry, through the p->next arm); with one, stop is
// set: one round through the NULL arm, then p is NULL. The two paths from
// entry differ only in the arm of line 20.
// PROF:      FUNC len: 6 executions, 4/6 paths
// PROF-NEXT:   1: 19 > 20 > 21 > 20 ...
// PROF-NEXT:   1: 19 > 20 > 21 > 20 ...
// PROF-NEXT:   2: ... 20 > 21 > 20 ...
// PROF-NEXT:   2: ... 20 > 22
// PROF-NEXT: FUNC main: 2 executions, 1/1 paths
