// Register mode in C functions that call: the counter is handed over around
// calls by block (P3_OSP_RBLOCK: taken in from the thread after a call;
// P3_OSP_WBLOCK: handed out before a call or before leaving). Calls through
// a pointer, calls back from the C library (qsort's comparator), calls inside
// a macro's branches and recursion all run with the thread's counter exact:
// ospcheck builds the copy as it is and with -DP3_OSP_SHARED_COUNTER, with
// gcc, clang and tcc, and requires the same hot lists bit for bit at periods
// 4 and 32. An action in an operand that C leaves unordered against a call
// keeps the shared counter (the compiler may run the call on either side).
// The actions without chains (-osp-no-chains); the default copy, with runs
// of blocks as one action (chains.c), writes the same traces and hot lists.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/calls.c
// RUN: cd %t && p3-rewrite --mode=osp -osp-no-chains -o out calls.c -- -std=gnu11
// RUN: grep -v '^//' %t/out/copy-0/calls.c | FileCheck %s
// RUN: cd %t && p3-rewrite --mode=osp -o chained calls.c -- -std=gnu11 && %ospcheck verify chained calls.c --std=gnu11 --run "5" --run "40" --unchained out --quiet
#include <stdio.h>
#include <stdlib.h>

#define PICK(c, f, g) ((c) ? (f) : (g))

static int cmp(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return x < y ? -1 : x > y;
}

static int twice(int x) { return 2 * x; }
static int (*op)(int) = twice;

static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static int work(int n) {
  int a[64], s = 0;
  for (int i = 0; i < n && i < 64; i++)
    a[i] = (i * 37) % 11;
  qsort(a, n < 64 ? n : 64, sizeof a[0], cmp);
  for (int i = 0; i < n && i < 64; i++) {
    if (a[i] & 1)
      s += op(a[i]);
    else
      s += PICK(i & 2, op(i), fib(i % 7));
  }
  return s;
}

static int unordered(int n) {
  return fib(n % 5) + (n > 2 ? n : -n);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10, t = 0;
  for (int k = 0; k < n; k++)
    t += work(k) + unordered(k);
  printf("%d\n", t);
  return 0;
}

// CHECK: static int fib(int n) { P3_OSP_LEAF;
// The first loop of work runs on the local alone; qsort is handed the
// counter (16, 17: either arm of its argument), and 18 takes it back, as the
// comparator has counted its blocks on it.
// CHECK: static int work(int n) { P3_OSP_LEAF;
// CHECK-NEXT: int a[64], s = 0; P3_OSP_LBLOCK(10);
// CHECK-NEXT: for (int i = 0; P3_IF(i < n, P3_OSP_LBLOCK2(11, 12), P3_OSP_LBLOCK(11)) && i < 64; P3_SEQ(P3_OSP_LBLOCK(13), i++))
// CHECK-NEXT:   { P3_OSP_LBLOCK(14); a[i] = (i * 37) % 11; }
// CHECK-NEXT: P3_OSP_LBLOCK(15); qsort(a, n < 64 ? P3_SEQ(P3_OSP_WBLOCK(17), n) : P3_SEQ(P3_OSP_WBLOCK(16), 64), sizeof a[0], cmp); P3_OSP_RWBLOCK(18);
// CHECK: static int unordered(int n) {
// CHECK-NEXT: P3_OSP_BLOCK(27); return
// CHECK: int main(int argc, char **argv) { P3_OSP_LEAF;
