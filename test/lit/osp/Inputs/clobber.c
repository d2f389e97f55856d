/* Values live across OSP actions in every kind of register a call may
 * change: integers, doubles, and (built with -mavx2) 256-bit vectors the
 * compiler may keep in ymm registers. With P3_OSP_PERIOD=1 the slow path runs
 * at every block, through the thunk that must restore all of them: the
 * checksums must be those of the plain-call build. */
#define P3_OSP 1
#include "p3_runtime.h"
P3_OSP_UNIT(0, "00000000000000cc")
#include <stdio.h>

static double v[64];
static unsigned long long w[64];

static double mix(int n) {
  double a = 1.5, b = 2.25, c = 3.125, d = 0.5, e = 0.75, f = 1.0 / 3;
  unsigned long long x = 1, y = 2, z = 3, p = 5, q = 7, r = 11, s = 13;
  int i, j;
  P3_OSP_BLOCK(1);
  for (i = 0; P3_IF(i < n, P3_OSP_BLOCK(2), P3_NONE); P3_SEQ(P3_OSP_BLOCK(3), i++)) {
    P3_OSP_BLOCK(4);
    a = a * 1.0000001 + b;
    b = b * 0.9999999 + c;
    x = x * 6364136223846793005ULL + y;
    y ^= x >> 7;
    if (P3_IF(x & 1, P3_OSP_BLOCK(5), P3_OSP_BLOCK(6))) {
      P3_OSP_BLOCK(7);
      c += d * e;
      z += p * q;
    }
    P3_OSP_BLOCK(8);
    for (j = 0; P3_IF(j < 64, P3_OSP_BLOCK(9), P3_NONE); P3_SEQ(P3_OSP_BLOCK(10), j++)) {
      P3_OSP_BLOCK(11);
      v[j] = v[j] * f + a;
      w[j] += r * s + (unsigned long long)j;
    }
    P3_OSP_BLOCK(12);
    d = d * 0.5 + f;
    r += s ^ z;
  }
  P3_OSP_BLOCK(13);
  return a + b + c + d + e + f + (double)(x ^ y ^ z ^ p ^ q ^ r ^ s);
}

int main(void) {
  double t = 0;
  unsigned long long u = 0;
  int j;
  P3_OSP_BLOCK(14);
  t = mix(3000);
  for (j = 0; P3_IF(j < 64, P3_OSP_BLOCK(15), P3_NONE); P3_SEQ(P3_OSP_BLOCK(16), j++)) {
    P3_OSP_BLOCK(17);
    t += v[j];
    u ^= w[j];
  }
  P3_OSP_BLOCK(18);
  printf("%.17g %llu\n", t, u);
  return 0;
}
