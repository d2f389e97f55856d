// Chains: in a C function, a block whose action is alone at its place takes
// with it the actions of the blocks that always follow it straight, with no
// call on the way, up to four: P3_OSP_BLOCK3(test, body, increment) once an
// iteration of a `for` loop with a straight body. The same blocks run in the
// same order: the copy and a copy rewritten with -osp-no-chains (every block
// its own action) write the same traces and hot lists, bit for bit, with
// gcc, clang and tcc, in register mode and with the shared counter.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/chains.c
// RUN: cd %t && p3-rewrite --mode=osp -o out chains.c --
// RUN: cd %t && p3-rewrite --mode=osp -osp-no-chains -o plain chains.c --
// RUN: grep -v '^//' %t/out/copy-0/chains.c | FileCheck %s
// RUN: grep -v '^//' %t/plain/copy-0/chains.c | FileCheck --check-prefix=PLAIN %s
// RUN: cd %t && %ospcheck verify out chains.c --unchained plain --run 7 --run 40 --quiet
#include <stdio.h>
#include <stdlib.h>

#pragma GCC diagnostic ignored "-Wunused-label"

static int sum(const int *a, int n) {
  int s = 0, i;
  for (i = 0; i < n; i++)
    s += a[i];
  return s;
}

static int positives(const int *a, int n) {
  int s = 0, i;
  for (i = 0; i < n; i++) {
    if (a[i] > 0)
      s++;
    s += a[i] & 1;
  }
  return s;
}

static int skips(const int *a, int n) {
  int s = 0, i;
  for (i = 0; i < n; i++) {
    if (a[i] < 0)
      continue;
    s += a[i];
  }
  return s;
}

static int twice(int x) { return 2 * x; }

static int calls(const int *a, int n) {
  int s = twice(n), i;
  for (i = 0; i < n; i++)
    s += twice(a[i]);
  for (i = 0; i < n; i++)
    s -= a[i];
  return s + twice(s);
}

static int labels(int x) {
  x++;
l1:
  x *= 3;
l2:
  x ^= 5;
l3:
  x += 7;
l4:
  x -= 1;
l5:
  x *= 2;
  return x;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10, i, a[64];
  if (n > 64)
    n = 64;
  for (i = 0; i < n; i++)
    a[i] = (i * 7) % 11 - 3;
  printf("%d %d %d %d %d\n", sum(a, n), positives(a, n), skips(a, n),
         calls(a, n), labels(n));
  return 0;
}
