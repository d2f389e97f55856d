// Runs of blocks as one action (lib/Instrument/BlockActions.h), in C
// functions whose calls the frontend all sees; nothing between the blocks of
// a run calls a function, so nothing else runs a block between them:
//  - chains: a block whose action is alone at its place takes with it the
//    actions of the blocks that always follow it straight: one action an
//    iteration of sum's loop, P3_OSP_LBLOCK3(test, body, increment); labels'
//    straight blocks four at a time;
//  - across branches: a run that ends with a block whose code ends in a
//    condition moves into both outcomes, where it takes the block an outcome
//    always enters (greater: one action every few tests);
//  - onto edges: a block entered several ways (toffoli's increment) joins the
//    runs of the outcomes that enter it: one action an iteration on every
//    way through toffoli's body but one;
//  - not past calls: calls' first loop keeps a pair and an action of its own;
//    tail_calls' last block keeps its own action: on the edge from the
//    branch whose macro statements call, it would run before the calls.
// The same blocks run in the same order: the copy and a copy rewritten with
// -osp-no-chains (every block its own action) write the same traces and hot
// lists, bit for bit, with gcc, clang and tcc (ospcheck --unchained), and
// register mode equals the shared counter.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/chains.c
// RUN: cd %t && p3-rewrite --mode=osp -o out chains.c --
// RUN: cd %t && p3-rewrite --mode=osp -osp-no-chains -o plain chains.c --
// RUN: grep -v '^//' %t/out/copy-0/chains.c | FileCheck %s
// RUN: grep -v '^//' %t/plain/copy-0/chains.c | FileCheck --check-prefix=PLAIN %s
// RUN: cd %t && %ospcheck verify out chains.c --unchained plain --run 7 --run 40 --quiet
// CHECK:      static int sum(const int *a, int n) { P3_OSP_LEAF;
// CHECK-NEXT:   int s = 0, i; P3_OSP_LBLOCK(1);
// CHECK-NEXT:   for (i = 0; P3_IF(i < n, P3_OSP_LBLOCK3(2, 4, 3), P3_OSP_LBLOCK2(2, 5)); i++)
// CHECK:      static int positives(const int *a, int n) { P3_OSP_LEAF;
// CHECK-NEXT:   int s = 0, i; P3_OSP_LBLOCK(6);
// CHECK-NEXT:   for (i = 0; P3_IF(i < n, P3_NONE, P3_OSP_LBLOCK2(7, 12)); i++) {
// CHECK-NEXT:     if (P3_IF(a[i] > 0, P3_OSP_LBLOCK3(7, 9, 10), P3_OSP_LBLOCK4(7, 9, 11, 8)))
// CHECK-NEXT:       { s++; P3_OSP_LBLOCK2(11, 8); }
// CHECK-NEXT:     s += a[i] & 1;
// CHECK:      static int toffoli(unsigned *a, int n, int c1, int c2, int t) { P3_OSP_LEAF;
// CHECK-NEXT:   int i, flips = 0; P3_OSP_LBLOCK(20);
// CHECK-NEXT:   for (i = 0; P3_IF(i < n, P3_NONE, P3_OSP_LBLOCK2(21, 26)); i++) {
// CHECK-NEXT:     if (P3_IF(a[i] & (1u << c1), P3_NONE, P3_OSP_LBLOCK3(21, 23, 22))) {
// CHECK-NEXT:       if (P3_IF(a[i] & (1u << c2), P3_OSP_LBLOCK4(21, 23, 24, 25), P3_OSP_LBLOCK4(21, 23, 24, 22))) { {
// CHECK:            } P3_OSP_LBLOCK(22); }
// CHECK:      static int greater(const unsigned char *b, int i1, int i2) { P3_OSP_LEAF;
// CHECK-NEXT:   unsigned char x, y;
// CHECK-NEXT:   x = b[i1]; y = b[i2];
// CHECK-NEXT:   if (P3_IF(x != y, P3_OSP_LBLOCK2(27, 28), P3_NONE)) { P3_OSP_LEAVE; return x > y; }
// CHECK:        if (P3_IF(x != y, P3_OSP_LBLOCK3(27, 29, 30), P3_NONE)) { P3_OSP_LEAVE; return x > y; }
// CHECK:        if (P3_IF(x != y, P3_OSP_LBLOCK4(27, 29, 31, 32), P3_OSP_LBLOCK4(27, 29, 31, 33))) { P3_OSP_LEAVE; return x > y; }
// CHECK:        if (x != y) { P3_OSP_LBLOCK(34); P3_OSP_LEAVE; return x > y; }
// CHECK:        if (P3_IF(x != y, P3_OSP_LBLOCK2(35, 36), P3_OSP_LBLOCK2(35, 37))) { P3_OSP_LEAVE; return x > y; }
// CHECK:      static int tail_calls(int n) { P3_OSP_LEAF;
// CHECK-NEXT:   int s = 0;
// CHECK-NEXT:   if (P3_IF(n > 3, P3_OSP_WBLOCK(40), P3_OSP_LBLOCK2(40, 42))) {
// CHECK-NEXT:     int t = n * 2; P3_OSP_RWBLOCK(41);
// CHECK:          for (int j = 0; P3_IF(j < n, P3_OSP_WBLOCK2(43, 45), P3_OSP_WBLOCK(43)); P3_SEQ(P3_OSP_RBLOCK(44), j++))
// CHECK:        P3_OSP_RWBLOCK(46); s += total;
// CHECK:      static int calls(const int *a, int n) { P3_OSP_LEAF;
// CHECK-NEXT:   int s = twice(n), i; P3_OSP_RWBLOCK(48);
// CHECK-NEXT:   for (i = 0; P3_IF(i < n, P3_OSP_RWBLOCK2(49, 51), P3_OSP_RBLOCK2(49, 52)); P3_SEQ(P3_OSP_RWBLOCK(50), i++))
// CHECK-NEXT:     s += twice(a[i]);
// CHECK-NEXT:   for (i = 0; P3_IF(i < n, P3_OSP_LBLOCK3(53, 55, 54), P3_OSP_WBLOCK2(53, 56)); i++)
// CHECK:      static int labels(int x) { P3_OSP_LEAF;
// CHECK-NEXT:   P3_OSP_LBLOCK4(57, 58, 59, 60); x++;
// CHECK:      l4:
// CHECK-NEXT:   P3_OSP_LBLOCK2(61, 62); x -= 1;
// Without chains, every block its own action (the loop test's pair aside):
// PLAIN:      static int sum(const int *a, int n) { P3_OSP_LEAF;
// PLAIN-NEXT:   int s = 0, i; P3_OSP_LBLOCK(1);
// PLAIN-NEXT:   for (i = 0; P3_IF(i < n, P3_OSP_LBLOCK2(2, 4), P3_OSP_LBLOCK2(2, 5)); P3_SEQ(P3_OSP_LBLOCK(3), i++))
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

// Like libquantum's toffoli gate: the body branches, the increment is
// entered three ways.
static int toffoli(unsigned *a, int n, int c1, int c2, int t) {
  int i, flips = 0;
  for (i = 0; i < n; i++) {
    if (a[i] & (1u << c1)) {
      if (a[i] & (1u << c2)) {
        a[i] ^= 1u << t;
        flips++;
      }
    }
  }
  return flips;
}

// Like bzip2's mainGtU: a chain of tests that return.
static int greater(const unsigned char *b, int i1, int i2) {
  unsigned char x, y;
  x = b[i1]; y = b[i2];
  if (x != y) return x > y;
  i1++; i2++;
  x = b[i1]; y = b[i2];
  if (x != y) return x > y;
  i1++; i2++;
  x = b[i1]; y = b[i2];
  if (x != y) return x > y;
  i1++; i2++;
  x = b[i1]; y = b[i2];
  if (x != y) return x > y;
  i1++; i2++;
  x = b[i1]; y = b[i2];
  if (x != y) return x > y;
  return 0;
}

// Like bzip2's sendMTFValues: the fast branch ends in macro statements that
// call (no place for an action among them), the other in a loop; the block
// after the if is entered both ways. Its action stays at its own place: on
// the fast branch's edge it would run before the calls.
static int total;
static void put(int v) { total += v; }
#define PUT2(v)                                                                \
  put(v);                                                                      \
  put((v) + 1)
static int tail_calls(int n) {
  int s = 0;
  if (n > 3) {
    int t = n * 2;
    PUT2(t);
    PUT2(t + 1);
  } else {
    for (int j = 0; j < n; j++)
      put(j);
  }
  s += total;
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
  unsigned u[64];
  unsigned char b[80];
  for (i = 0; i < 64; i++)
    u[i] = (unsigned)(i * 2654435761u) >> 7;
  for (i = 0; i < 80; i++)
    b[i] = (unsigned char)((i * 7) % 5);
  int g = 0;
  for (i = 0; i < 70; i++)
    g += greater(b, i, (i * 3) % 70);
  printf("%d %d\n", toffoli(u, n, 1, 3, 0), g);
  printf("%d %d\n", tail_calls(n), tail_calls(2));
  return 0;
}
