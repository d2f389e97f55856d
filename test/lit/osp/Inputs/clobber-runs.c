/* Runs of blocks (P3_OSP_BLOCK2/3/4 on the thread's counter, their register
 * forms P3_OSP_LBLOCK2/3/4 on a local, and single actions), with values live
 * across them in the registers the out-of-line slow path loads the ids into
 * (the arguments: rdi, rsi, rdx, rcx) and in every other kind of register a
 * call may change. With P3_OSP_PERIOD=1 and 3 the slow path runs at every
 * block, or every third: the checksums and hot lists must be those of the C
 * form (-DP3_OSP_C_STEP) and of the plain call (-DP3_OSP_PLAIN_CALL). */
#define P3_OSP 1
#include "p3_runtime.h"
P3_OSP_UNIT(0, "00000000000000cd")
#include <stdio.h>

static unsigned long long w[32];

static __attribute__((noinline)) unsigned long long shared(unsigned long long a, unsigned long long b,
                                 unsigned long long c, unsigned long long d,
                                 int n) {
  double f = 1.0 / 3, g = 0.25;
  int i;
  P3_OSP_BLOCK(1);
  for (i = 0; P3_IF(i < n, P3_NONE, P3_OSP_BLOCK2(2, 3)); i++) {
    a = a * 6364136223846793005ULL + b;
    if (P3_IF(a & 1, P3_OSP_BLOCK4(2, 4, 5, 6), P3_OSP_BLOCK3(2, 4, 7))) {
      b ^= a >> 7;
      c += b * d;
      f = f * 0.999 + g;
    } else {
      d += a ^ c;
      g = g * 1.001 + f;
    }
    P3_OSP_BLOCK(8);
    w[i & 31] += a ^ b ^ c ^ d;
  }
  return a + b + c + d + (unsigned long long)(f * 1e6) +
         (unsigned long long)(g * 1e6);
}

static __attribute__((noinline)) unsigned long long reg(unsigned long long a, unsigned long long b,
                              unsigned long long c, unsigned long long d,
                              int n) {
  double f = 1.0 / 7;
  int i;
  P3_OSP_LEAF;
  P3_OSP_LBLOCK(11);
  for (i = 0; P3_IF(i < n, P3_NONE, P3_OSP_LBLOCK2(12, 13)); i++) {
    a = a * 2862933555777941757ULL + c;
    if (P3_IF(a & 2, P3_OSP_LBLOCK4(12, 14, 15, 16), P3_OSP_LBLOCK3(12, 14, 17))) {
      b += a >> 3;
      d ^= b + c;
      f = f * 1.0001 + 0.5;
    } else {
      c ^= a + d;
    }
    P3_OSP_LBLOCK(18);
    w[(i + 7) & 31] ^= a + b + c + d;
  }
  P3_OSP_LEAVE;
  return a ^ b ^ c ^ d ^ (unsigned long long)(f * 1e3);
}

int main(void) {
  unsigned long long s = 0;
  int j;
  P3_OSP_BLOCK(20);
  s += shared(1, 2, 3, 4, 5000);
  s += reg(5, 6, 7, 8, 5000);
  for (j = 0; P3_IF(j < 32, P3_OSP_BLOCK(21), P3_NONE); P3_SEQ(P3_OSP_BLOCK(22), j++))
    s ^= w[j] + (unsigned long long)j;
  P3_OSP_BLOCK(23);
  printf("%llu\n", s);
  return 0;
}
